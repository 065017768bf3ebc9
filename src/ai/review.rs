//! Post-game review: each decision a player made, the best option as a
//! level sees it, and what the choice cost in expectation. Also the
//! positions the other games' reviews open: [`Position`] (the three-card
//! games' table, as the standard game's) and [`Placement`] (a grid game's
//! grid with every cell valued).

use super::Level;
use super::coach::{self, Analysis};
use crate::cards::Card;
use crate::games::cribbage::{Action, Game, Move, Observation, Phase, Seat, Showing, Side};
use crate::games::{GameKind, State};
use crate::record::{Session, Step};
use crate::table::Goal;
use serde::{Deserialize, Serialize};

/// What a loss is measured in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// Expected points (for the seat's side, less the opponents').
    Points,
    /// Chance to win the game (0 to 1): Expert near the end.
    WinChance,
}

/// The table as the player saw it at a decision: what a review row opens.
/// The three-card games' reviews give the same (their turn-up as the
/// starter).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Position {
    /// The cards the player held.
    pub hand: Vec<Card>,
    /// The cards of the play since the count was last 0.
    pub pile: Vec<Card>,
    /// The count.
    pub count: u8,
    /// The starter, once turned (the three-card games' turn-up).
    pub starter: Option<Card>,
    /// Each side's score (the board).
    pub scores: Vec<u16>,
    /// The hand or crib being counted, at a claim or a muggins call: by
    /// then the player holds no cards, and these are what the decision was
    /// about.
    #[serde(default)]
    pub counted: Option<Showing>,
}

impl Position {
    /// The position in an observation.
    pub fn of(obs: &Observation) -> Position {
        Position {
            hand: obs.hand.to_vec(),
            pile: obs.pile.clone(),
            count: obs.count,
            starter: obs.starter,
            scores: obs.scores.iter().map(|p| p.front).collect(),
            counted: obs.showing.clone(),
        }
    }
}

/// What a grid game's coach and review value a cell by (Table Top, Square
/// Solitaire), named in their analyses and reviews, so that a page words
/// and signs the values from the data, whatever the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CellMeasure {
    /// Points for the seat's side less the other side's, as the level
    /// reckons the lines to come (Table Top): a signed value.
    Net,
    /// The score the whole grid is expected to count at the end (Square
    /// Solitaire).
    Expected,
}

/// One cell a grid game's coach offers the card, valued: the same form in
/// every grid game, the cell by its index and by its row and column.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CellOption<A> {
    /// The action that places the card there.
    pub action: A,
    /// The cell: its index in the grid, row by row from the top left.
    pub cell: u8,
    /// Its row, from 0 at the top.
    pub row: u8,
    /// Its column, from 0 at the left.
    pub col: u8,
    /// The level's value of the card there, in the analysis's measure.
    pub value: f64,
}

impl<A> CellOption<A> {
    /// The option of placing on `cell` of a grid `size` cells wide.
    pub fn new(action: A, cell: usize, size: usize, value: f64) -> CellOption<A> {
        debug_assert!(cell < size * size, "cell {cell} of a {size}×{size} grid");
        CellOption {
            action,
            cell: cell as u8,
            row: (cell / size) as u8,
            col: (cell % size) as u8,
            value,
        }
    }
}

/// A grid game's placement as the player saw it (Table Top, Square
/// Solitaire): what its review row opens, the choices with their values.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Placement {
    /// The grid's size: 5 for Table Top, 4 for Square Solitaire.
    pub size: u8,
    /// The grid before the card went down, row by row from the top left
    /// (`null` for an empty cell), `size` × `size` cells.
    pub grid: Vec<Option<Card>>,
    /// The card placed.
    pub card: Card,
    /// Every cell it might have gone to with the level's value of it, as
    /// the coach showed them, best first.
    pub cells: Vec<CellChoice>,
    /// The cell the player chose (an index into [`Placement::grid`]).
    pub chosen: u8,
    /// The cell the level would have chosen.
    pub best: u8,
    /// Each side's score (Table Top); empty for the solitaire.
    pub scores: Vec<u16>,
}

/// One cell a card might go to, valued.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CellChoice {
    /// The cell: its index in [`Placement::grid`].
    pub cell: u8,
    /// The level's value of the card there (each game's coach says what
    /// its values are).
    pub value: f64,
}

/// One decision, reviewed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReviewedDecision {
    /// Its position in the game's list of actions, from 0.
    pub index: usize,
    /// The game of the match.
    pub game: u8,
    /// The hand of the game.
    pub hand: u16,
    /// Who decided.
    pub seat: Seat,
    /// The side of the seat that decided: what its words and `to_go` are
    /// read by (partners' seats share one).
    #[serde(default)]
    pub side: Side,
    /// The other sides, in order: whom "the other player" of a review's
    /// words is, so a page names them from the data whatever the table.
    #[serde(default)]
    pub opponents: Vec<Side>,
    /// The side whose crib it was that hand (the dealer's): whose crib a
    /// lay-away's words name.
    #[serde(default)]
    pub crib_side: Side,
    /// The kind of decision.
    pub phase: Phase,
    /// What the player did, as data (its text, kind, cards, points), so a
    /// page never reads action text.
    pub chosen: Move,
    /// What the level would have done.
    pub best: Move,
    /// The value of the choice made.
    pub chosen_value: f64,
    /// The value of the best option.
    pub best_value: f64,
    /// best − chosen (never negative).
    pub loss: f64,
    /// The unit of the three values.
    pub unit: Unit,
    /// (When the level values choices by the chance to win: Expert, two
    /// players, standard game) the chance the choice made gave, the best
    /// one's, and what the choice cost.
    pub chances: Option<ChanceCost>,
    /// Every option as the level priced it, best first: in points, and in
    /// chances where the level knows them.
    pub options: Vec<PricedOption>,
    /// The table as the player saw it.
    pub position: Position,
    /// The points each side still needed to reach the target: the words of
    /// a review ("you needed 9 to go out") read it here rather than work it
    /// out from the scores and the rules.
    #[serde(default)]
    pub to_go: Vec<u16>,
}

/// What a decision cost in chances to win (0 to 1).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ChanceCost {
    /// The chance the choice made gave.
    pub chosen: f64,
    /// The best option's.
    pub best: f64,
    /// best − chosen (never negative).
    pub lost: f64,
}

/// One option of a decision, priced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PricedOption {
    /// The option, as data.
    pub action: Move,
    /// Its expected points for the seat's side less the opponents' (a
    /// discard: hand, crib and pegging; a card: to the end of the play).
    pub points: f64,
    /// Its chance to win, where the level values it.
    pub chance: Option<f64>,
    /// (A discard) the kept hand's expected points with the starter.
    #[serde(default)]
    pub hand: Option<f64>,
    /// (A discard) the crib's expected points, signed for the seat (minus
    /// in the other side's crib).
    #[serde(default)]
    pub crib: Option<f64>,
    /// (A discard, where the level weighs it) the expected pegging of the
    /// hand kept, the seat's less the other's.
    #[serde(default)]
    pub pegging: Option<f64>,
    /// (A card) what it scores as it is laid: the review says what differs
    /// between two choices from these parts, not from the total alone.
    #[serde(default)]
    pub now: Option<u8>,
}

/// A whole game reviewed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Review {
    /// The game (`cribbage` or `reverse`): every game's review names its
    /// own, so a page lays each out as its game's without reading its
    /// shape.
    pub game: GameKind,
    /// The level that judged.
    pub level: Level,
    /// What the target is for, as the rules say: `reach` (standard
    /// cribbage) or `avoid` (reverse, where points are what a player
    /// avoids), so a page words the review's reasons from the rules, not
    /// from the game's name.
    #[serde(default)]
    pub goal: Goal,
    /// Every decision of the seats reviewed, with a real choice, in order.
    pub decisions: Vec<ReviewedDecision>,
    /// Expected points lost by each seat, summed (decisions priced in points).
    pub points_lost: Vec<f64>,
    /// Chances to win lost by each seat, summed (decisions priced in chances).
    pub chances_lost: Vec<f64>,
}

/// Replays `game` from its rules, seed and setup, and judges each decision
/// of the `seats` (every seat when empty) that had more than one option.
/// `seed` fixes the samples the level draws for the play: each decision is
/// judged with it, as the coach judges the same position with the same seed
/// (the page asks both with one), so the two price a card alike and the
/// review never marks the coach's own choice as the mistake.
pub fn review(game: &Game, seats: &[Seat], level: Level, seed: u64) -> Review {
    review_steps(
        game,
        game.actions().iter().cloned().map(Step::Act),
        seats,
        level,
        seed,
    )
}

/// As [`review`], for a game with its record: a game an undo took moves
/// back in holds `redraw` steps, and replaying its actions without them
/// would deal other cards from the undo on.
pub fn review_session(session: &Session<Game>, seats: &[Seat], level: Level, seed: u64) -> Review {
    review_steps(
        session.game(),
        session.steps().iter().cloned(),
        seats,
        level,
        seed,
    )
}

fn review_steps(
    game: &Game,
    steps: impl Iterator<Item = Step<Action>>,
    seats: &[Seat],
    level: Level,
    seed: u64,
) -> Review {
    let rules = game.rules();
    let mut replay = match game.setup() {
        Some(setup) => Game::with_setup(rules, game.seed(), setup.clone())
            .unwrap_or_else(|_| Game::new(rules, game.seed())),
        None => Game::new(rules, game.seed()),
    };
    let mut decisions = Vec::new();
    let mut points_lost = vec![0.0; rules.players()];
    let mut chances_lost = vec![0.0; rules.players()];
    // The index counts actions only, as the game's list of actions does.
    let mut index = 0;
    for step in steps {
        let action = match step {
            Step::Act(action) => action,
            Step::Redraw(epoch) => {
                State::redraw(&mut replay, epoch);
                continue;
            }
        };
        let Some(seat) = replay.current_player() else {
            break;
        };
        if (seats.is_empty() || seats.contains(&seat)) && replay.legal_actions().len() > 1 {
            let obs = replay.observation(seat);
            if let Some(judged) = judge(&obs, &action, level, seed) {
                if judged.unit == Unit::Points {
                    points_lost[seat] += judged.loss;
                }
                if let Some(chances) = judged.chances {
                    chances_lost[seat] += chances.lost;
                }
                decisions.push(ReviewedDecision {
                    index,
                    game: replay.game_number(),
                    hand: replay.hand_number(),
                    seat,
                    phase: replay.phase(),
                    position: Position::of(&obs),
                    to_go: (0..rules.sides())
                        .map(|side| obs.points_to_go(side))
                        .collect(),
                    ..judged
                });
            }
        }
        if replay.advance(action).is_err() {
            break;
        }
        index += 1;
    }
    Review {
        game: State::kind(game),
        level,
        goal: game.rules().goal(),
        decisions,
        points_lost,
        chances_lost,
    }
}

/// The value of `chosen` and of the best option (position fields left for the caller).
fn judge(obs: &Observation, chosen: &Action, level: Level, seed: u64) -> Option<ReviewedDecision> {
    let make = |best: Action,
                chosen_value: f64,
                best_value: f64,
                unit,
                chances: Option<ChanceCost>,
                options: Vec<PricedOption>| ReviewedDecision {
        index: 0,
        game: 0,
        hand: 0,
        seat: obs.seat,
        side: obs.side,
        opponents: (0..obs.rules.sides())
            .filter(|&side| side != obs.side)
            .collect(),
        crib_side: obs.crib_side,
        phase: obs.phase,
        chosen: Move::of(chosen),
        chosen_value,
        best_value,
        loss: (best_value - chosen_value).max(0.0),
        unit,
        chances,
        options,
        position: Position::default(),
        to_go: Vec::new(),
        best: Move::of(&best),
    };
    // Prices a choice among options whose chances the level may know.
    let price =
        |best: (Action, f64, Option<f64>), mine: (f64, Option<f64>), options: Vec<PricedOption>| {
            let chances = match (best.2, mine.1) {
                (Some(b), Some(m)) => Some(ChanceCost {
                    chosen: m,
                    best: b,
                    lost: (b - m).max(0.0),
                }),
                _ => None,
            };
            Some(match chances {
                Some(c) => make(best.0, c.chosen, c.best, Unit::WinChance, chances, options),
                None => make(best.0, mine.0, best.1, Unit::Points, None, options),
            })
        };
    match coach::analyze(obs, level, seed).ok()? {
        Analysis::Discard { options, .. } => {
            let best = options.first()?;
            let mine = options
                .iter()
                .find(|o| Action::Discard(o.discard) == *chosen)?;
            let mut priced = Vec::with_capacity(options.len());
            for o in &options {
                priced.push(PricedOption {
                    action: Move::of(&Action::Discard(o.discard)),
                    points: o.total,
                    chance: o.win_prob,
                    hand: Some(o.hand),
                    crib: Some(o.crib),
                    pegging: o.pegging,
                    now: None,
                });
            }
            price(
                (Action::Discard(best.discard), best.total, best.win_prob),
                (mine.total, mine.win_prob),
                priced,
            )
        }
        Analysis::Play { options, .. } => {
            let best = options.first()?;
            let mine = options.iter().find(|o| Action::Play(o.card) == *chosen)?;
            let mut priced = Vec::with_capacity(options.len());
            for o in &options {
                priced.push(PricedOption {
                    action: Move::of(&Action::Play(o.card)),
                    points: o.value,
                    chance: o.win_prob,
                    hand: None,
                    crib: None,
                    pegging: None,
                    now: Some(o.points),
                });
            }
            price(
                (Action::Play(best.card), best.value, best.win_prob),
                (mine.value, mine.win_prob),
                priced,
            )
        }
        Analysis::Claim { points } => {
            let Action::Claim(claimed) = chosen else {
                return None;
            };
            let (said, true_count) = (f64::from(*claimed), f64::from(points));
            // The claim's worth net of what the other side pegs from it,
            // as every other decision is priced. Hard and Expert call every
            // wrong claim with the true count. Standard: an over-claim's
            // maker then pegs only the true count and the caller the excess
            // (it costs the excess); an under-claim's maker pegs what it
            // said and the caller the points left out (it costs them
            // twice over). Reverse: points are what the seat avoids, so an
            // over-claim costs what it added (nobody calls it: a call
            // would only take points off its maker), and an under-claim
            // costs nothing (called, the missed points come back to the
            // claimant anyway).
            let mine = if obs.rules.is_reverse() {
                -said
            } else if said > true_count {
                // Called: its maker pegs the true count, the caller the excess.
                true_count - (said - true_count)
            } else {
                // Called: its maker pegs the claim, the caller what it left out.
                said - (true_count - said)
            };
            let best = if obs.rules.is_reverse() {
                -true_count
            } else {
                true_count
            };
            Some(make(
                Action::Claim(points),
                mine,
                best,
                Unit::Points,
                None,
                Vec::new(),
            ))
        }
        Analysis::Muggins { claimed, points } => {
            // What calling with the true count gains the caller, net of the
            // claimant's points. Standard: the points an under-claim missed,
            // which the caller pegs; an over-claim's excess twice over, as
            // the caller pegs it and its maker does not. Reverse: an
            // under-claim's missed points go to its maker (a gain); calling
            // an over-claim takes points off its maker (a loss).
            let call = Action::Muggins(points);
            let (points, claimed) = (f64::from(points), f64::from(claimed));
            let gain = if obs.rules.is_reverse() {
                points - claimed
            } else if claimed > points {
                2.0 * (claimed - points)
            } else {
                points - claimed
            };
            let mine = if *chosen == call { gain } else { 0.0 };
            let best = if gain > 0.0 { call } else { Action::Accept };
            Some(make(
                best,
                mine,
                gain.max(0.0),
                Unit::Points,
                None,
                Vec::new(),
            ))
        }
        Analysis::Nothing => None,
    }
}
