//! What one seat may know: the only view of a game a computer player (or a
//! front end showing one player's screen) gets.
//!
//! An [`Observation`] is built by copying out exactly the public facts and
//! that seat's own cards; it holds no reference to the game, so the other
//! hands, the crib before the show and the order of the pack are simply not
//! there to be reached.
//!
//! ```
//! use cribbage::games::cribbage::Game;
//! use cribbage::games::cribbage::Rules;
//! use cribbage::games::State as _;
//!
//! let game = Game::new(Rules::default(), 11);
//! let seat = game.current_player().unwrap();
//! let view = game.observation(seat);
//! assert_eq!(view.hand, game.hand(seat));
//! assert_eq!(view.held_counts, vec![6, 6]);
//! assert!(view.unseen().is_disjoint(view.hand));
//! assert_eq!(view.unseen().len(), 46);
//! ```

use crate::cards::{Card, CardSet};
use crate::count::{ShowKind, ShowScore};
use crate::games::State as _;
use crate::games::cribbage::Rules;
use crate::games::cribbage::{Action, Cut, Event, Game, GameResult, Pegs, Phase, Seat, Side};
use crate::pegging::PlayState;
use crate::table::{Goal, in_game_holes};
use serde::{Deserialize, Serialize};

/// One move of the play: a card laid, or a "go".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayRecord {
    /// Who.
    pub seat: Seat,
    /// The card laid, or `None` for a go.
    pub card: Option<Card>,
    /// The count after the card (or at the go).
    pub count: u8,
}

/// A hand or crib face up for counting (muggins counting).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Showing {
    /// Whose hand, or the dealer for the crib.
    pub seat: Seat,
    /// Hand or crib.
    pub kind: ShowKind,
    /// The four cards.
    pub cards: Vec<Card>,
    /// The owner's claim, once made. The true count is not told until
    /// every call is made: an opponent must count the cards.
    pub claimed: Option<u8>,
}

/// A hand or crib counted in the show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShowRecord {
    /// Whose hand, or the dealer for the crib.
    pub seat: Seat,
    /// The count.
    pub score: ShowScore,
    /// (Muggins) what the owner claimed.
    pub claimed: Option<u8>,
}

/// The board the game is pegged on: what a front end draws, and what
/// winning means on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The game hole: 121 or 61.
    pub target: u16,
    /// Whether a side wants to reach the target (standard) or avoid it
    /// (reverse).
    pub goal: Goal,
    /// The skunk line (see [`Rules::skunk_line`]).
    pub skunk_line: u16,
    /// The double skunk line, or `None` in a 61-point game, which has none.
    pub double_skunk_line: Option<u16>,
    /// The count the play may not pass (see [`Rules::play_limit`]).
    pub play_limit: u8,
    /// The games a side must win to win the match (see
    /// [`Rules::games_to_win`]): 1 for a single game, 2 for best of three,
    /// so a front end draws the match's games-won holes from the rules'
    /// match length rather than knowing what best of three means.
    pub games_to_win: u8,
}

impl Board {
    /// The board of a game played under `rules`.
    pub fn of(rules: &Rules) -> Board {
        Board {
            target: rules.target(),
            goal: rules.goal(),
            skunk_line: rules.skunk_line(),
            double_skunk_line: rules.double_skunk_line(),
            play_limit: rules.play_limit(),
            games_to_win: rules.games_to_win(),
        }
    }
}

/// What kind of decision a [`Move`] is: the verb of its action text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    /// Lay cards away to the crib.
    Discard,
    /// Lay a card in the play.
    Play,
    /// Say go.
    Go,
    /// (Muggins) claim a count.
    Claim,
    /// (Muggins) call muggins, naming the true count.
    Muggins,
    /// (Muggins) let the claim stand.
    Accept,
    /// (Cutting for deal by hand) cut the pack.
    Cut,
}

/// One legal action as data, so a front end never parses action text:
/// `{"action":"discard 5H 6C","kind":"discard","cards":["5H","6C"],"points":null,"depth":null}`.
///
/// A value a kind does not have is `null` (not left out), as every absent
/// value of an observation is: `cards` is there for discard and play only,
/// `points` for claim and muggins only, `depth` for a cut only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The action text to hand back to apply: exactly the matching entry of
    /// [`Observation::legal`].
    pub action: Action,
    /// Its verb.
    pub kind: MoveKind,
    /// The cards laid away or laid (discard and play).
    pub cards: Option<Vec<Card>>,
    /// The points claimed (claim) or named (muggins).
    pub points: Option<u8>,
    /// How many cards a cut lifts (cut only).
    pub depth: Option<u8>,
}

impl Move {
    /// The data of one action.
    pub fn of(action: &Action) -> Move {
        let (kind, cards, points) = match action {
            Action::Discard(cards) => (MoveKind::Discard, Some(cards.iter().collect()), None),
            Action::Play(card) => (MoveKind::Play, Some(vec![*card]), None),
            Action::Go => (MoveKind::Go, None, None),
            Action::Claim(points) => (MoveKind::Claim, None, Some(*points)),
            Action::Muggins(points) => (MoveKind::Muggins, None, Some(*points)),
            Action::Accept => (MoveKind::Accept, None, None),
            Action::Cut(_) => (MoveKind::Cut, None, None),
        };
        Move {
            action: action.clone(),
            kind,
            cards,
            points,
            depth: match action {
                Action::Cut(depth) => Some(*depth),
                _ => None,
            },
        }
    }
}

/// Everything one seat may know about a game at this moment.
///
/// It serializes to JSON and back, so a computer player in a Web Worker can
/// be handed exactly this and nothing more.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Observation {
    /// The seat this is for.
    pub seat: Seat,
    /// Its side (track on the board).
    pub side: Side,
    /// Each seat's side: partners share one (seats 0 and 2, 1 and 3 with four
    /// players), so a front end never works partnerships out for itself.
    pub sides: Vec<Side>,
    /// The side whose crib it is this hand: the dealer's.
    pub crib_side: Side,
    /// The rules.
    pub rules: Rules,
    /// The board: target, goal and skunk lines, as the rules set them.
    pub board: Board,
    /// The decision the game waits for.
    pub phase: Phase,
    /// Who must act.
    pub to_act: Option<Seat>,
    /// The actions this seat may take, when it is to act (else empty).
    pub legal: Vec<Action>,
    /// The same actions as data, in the same order (see [`Move`]).
    pub moves: Vec<Move>,
    /// (Cutting for deal by hand) the cards cut so far in this round of
    /// the cut, in the order cut; empty at any other time.
    pub cuts: Vec<Cut>,
    /// The game of the match, from 1. Written `game_number`: `game` is the
    /// name of the game wherever a value crosses to the page
    /// ([`crate::family::AnyGame::observation_json`]).
    #[serde(rename = "game_number")]
    pub game: u8,
    /// The hand of the game, from 1.
    pub hand_number: u16,
    /// The dealer.
    pub dealer: Seat,
    /// Each side's pegs.
    pub scores: Vec<Pegs>,
    /// Each side's score as the board shows it: a count past the game hole
    /// stopped there, as the front peg is ([`crate::table::in_game_hole`]).
    /// The page reads this rather than stopping `scores` itself.
    pub shown: Vec<u16>,
    /// Games won toward the match by each side.
    pub games_won: Vec<u8>,
    /// The cards this seat holds now (not laid away, not played).
    pub hand: CardSet,
    /// The four cards this seat kept for the show (empty until it lays away).
    pub kept: CardSet,
    /// The cards this seat laid away to the crib.
    pub laid_away: CardSet,
    /// How many cards each seat holds.
    pub held_counts: Vec<u8>,
    /// Which seats have laid away this hand.
    pub has_laid_away: Vec<bool>,
    /// How many cards the crib holds.
    pub crib_size: u8,
    /// The starter, once turned.
    pub starter: Option<Card>,
    /// Every card laid and every go this hand, in order.
    pub plays: Vec<PlayRecord>,
    /// The current series, in the order laid.
    pub pile: Vec<Card>,
    /// The running count.
    pub count: u8,
    /// Who has said go in the current series.
    pub said_go: Vec<bool>,
    /// Who laid the last card of the current series.
    pub last_player: Option<Seat>,
    /// The hand or crib face up for a muggins claim.
    pub showing: Option<Showing>,
    /// Hands and crib counted so far this hand.
    pub shows: Vec<ShowRecord>,
    /// The hands and crib counted in the previous hand (the automatic show
    /// and the next deal happen together, so a front end reads them here).
    pub previous_shows: Vec<ShowRecord>,
    /// Finished games of the match.
    pub results: Vec<GameResult>,
    /// The winning side, once the game or match is over.
    pub winner: Option<Side>,
}

impl Observation {
    pub(crate) fn of(game: &Game, seat: Seat) -> Observation {
        let rules = game.rules();
        let n = rules.players();
        let play = game.play_state();
        let in_play = game.phase() == Phase::Play;
        let to_act = game.current_player();
        let legal = if to_act == Some(seat) {
            game.legal_actions()
        } else {
            Vec::new()
        };
        let (mut shows, mut previous_shows) = show_records(game.events());
        if game.phase() == Phase::Cut {
            // While the pack is cut for a new game no hand is in progress:
            // the last hand counted is the one before, its cards gathered up.
            previous_shows = std::mem::take(&mut shows);
        }
        Observation {
            seat,
            side: rules.side_of(seat),
            sides: (0..n).map(|s| rules.side_of(s)).collect(),
            crib_side: rules.side_of(game.dealer()),
            rules,
            board: Board::of(&rules),
            phase: game.phase(),
            to_act,
            moves: legal.iter().map(Move::of).collect(),
            legal,
            cuts: game.cuts().to_vec(),
            game: game.game_number(),
            hand_number: game.hand_number(),
            dealer: game.dealer(),
            scores: game.scores().to_vec(),
            shown: in_game_holes(game.scores(), rules.target()),
            games_won: game.games_won().to_vec(),
            hand: game.hand(seat),
            kept: game.kept(seat),
            laid_away: game.laid_away_by(seat),
            held_counts: (0..n).map(|s| game.hand(s).len() as u8).collect(),
            has_laid_away: (0..n).map(|s| !game.laid_away_by(s).is_empty()).collect(),
            crib_size: game.crib().len() as u8,
            starter: game.starter(),
            plays: game.play_records().to_vec(),
            pile: if in_play {
                play.pile().to_vec()
            } else {
                Vec::new()
            },
            count: if in_play { play.count() } else { 0 },
            said_go: (0..n).map(|s| in_play && play.has_said_go(s)).collect(),
            last_player: if in_play { play.last_player() } else { None },
            showing: game.showing(),
            shows,
            previous_shows,
            results: game.results().to_vec(),
            winner: game.winner(),
        }
    }

    /// Sets the legal actions and their [`Move`]s together, so the two
    /// always match: for an observation built by hand (the command line's
    /// `agent` reads one from another program's messages).
    pub fn set_legal(&mut self, legal: Vec<Action>) {
        self.moves = legal.iter().map(Move::of).collect();
        self.legal = legal;
    }

    /// The cards this seat has not seen: the other hands, the crib (but
    /// its own discards), the stock — and the starter until it is turned.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.hand | self.kept | self.laid_away;
        if let Some(starter) = self.starter {
            seen.insert(starter);
        }
        for record in &self.plays {
            if let Some(card) = record.card {
                seen.insert(card);
            }
        }
        for show in self.shows.iter() {
            seen |= show.score.hand.iter().copied().collect::<CardSet>();
        }
        if let Some(showing) = &self.showing {
            seen |= showing.cards.iter().copied().collect::<CardSet>();
        }
        !seen
    }

    /// The cards each seat has laid in this hand's play.
    pub fn played_by(&self, seat: Seat) -> CardSet {
        self.plays
            .iter()
            .filter(|r| r.seat == seat)
            .filter_map(|r| r.card)
            .collect()
    }

    /// Whether it is this seat's turn.
    pub fn is_my_turn(&self) -> bool {
        self.to_act == Some(self.seat)
    }

    /// The play as it stands, with `hands` standing for what each seat
    /// holds (this seat's real hand, and guesses for the others): what a
    /// computer player simulates. `None` outside the play, and when the
    /// pile counts past 31 (an observation the game never makes).
    pub fn play_state(&self, hands: &[CardSet]) -> Option<PlayState> {
        if self.phase != Phase::Play {
            return None;
        }
        let to_act = self.to_act?;
        let said_go = self
            .said_go
            .iter()
            .enumerate()
            .filter(|(_, g)| **g)
            .fold(0u8, |bits, (s, _)| bits | 1 << s);
        PlayState::resume(hands, &self.pile, to_act, self.last_player, said_go).ok()
    }

    /// Points this seat's side needs to win the game.
    pub fn points_to_go(&self, side: Side) -> u16 {
        let score = self.scores.get(side).map_or(0, |p| p.front);
        self.rules.target().saturating_sub(score)
    }
}

/// The show records of the current hand and of the one before, read
/// backwards from the end of the public events (a Deal event starts a hand).
fn show_records(events: &[Event]) -> (Vec<ShowRecord>, Vec<ShowRecord>) {
    let mut hands = [Vec::new(), Vec::new()];
    let mut which = 0;
    for event in events.iter().rev() {
        match event {
            Event::Deal { .. } => {
                which += 1;
                if which == hands.len() {
                    break;
                }
            }
            Event::Show {
                seat,
                score,
                claimed,
                ..
            } => hands[which].push(ShowRecord {
                seat: *seat,
                score: score.clone(),
                claimed: *claimed,
            }),
            _ => {}
        }
    }
    let [mut current, mut previous] = hands;
    current.reverse();
    previous.reverse();
    (current, previous)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cribbage::Rules;

    #[test]
    fn an_observation_round_trips_through_json() {
        let mut game = Game::new(Rules::default(), 21);
        for _ in 0..9 {
            let action = game.legal_actions()[0].clone();
            game.apply(action).unwrap();
        }
        for seat in 0..2 {
            let view = game.observation(seat);
            let json = serde_json::to_string(&view).unwrap();
            let back: Observation = serde_json::from_str(&json).unwrap();
            assert_eq!(back, view);
        }
    }
}
