//! Table Top Cribbage's own invariants, checked over games played with
//! random legal actions on top of everything [`super::audit_game`] checks
//! for every game:
//! - the legal cells are exactly the empty cells touching a card (side or
//!   corner), by a definition written apart from the engine's, and each
//!   passes [`Game::check`];
//! - each seat's observation shows the layout and the turned card, and
//!   never names a card still in a stack or out of play;
//! - every card was placed next to one already there, the lines counted
//!   are the full layout's, each side its own direction, each count the
//!   fast scorer's total for its cards, and the pegs move as the points
//!   say;
//! - the game ends at the end of a hand, won by a side at 121 or more with
//!   more than the other, and a tie there plays on;
//! - with four seated by the draw, the draw shown made the partnerships,
//!   the seating and the first dealer (the two highest against the two
//!   lowest, partners opposite, the highest deals, a tie for partners or
//!   the deal drawn again), and every hand's turns go round the table from
//!   the dealer's left, so partners never place one after the other.

use super::{Audited, audit_game};
use crate::games::State;
use crate::games::table_top::layout::Direction;
use crate::games::table_top::score::line_total;
use crate::games::table_top::{
    Action, Cell, Cut, Event, Game, Line, Rules, Seat, Seated, Seating, TARGET,
};
use crate::record::Session;
use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use serde::Serialize;

/// Totals gathered over audited games of Table Top Cribbage.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct TableTopStats {
    /// Games played.
    pub games: u64,
    /// Hands dealt.
    pub hands: u64,
    /// Actions applied.
    pub actions: u64,
    /// Wrong actions tried and refused.
    pub illegal_refused: u64,
    /// Games won by the side of the first dealer.
    pub first_dealer_wins: u64,
    /// Games won by the side scoring the rows.
    pub rows_wins: u64,
    /// Points made by the rows (over all hands).
    pub rows_points: u64,
    /// Points made by the columns.
    pub columns_points: u64,
    /// Lines counted.
    pub lines: u64,
    /// The best line seen.
    pub best_line: u8,
    /// Hands after which both sides stood level at 121 or more.
    pub level_over_target: u64,
    /// Rounds of the draw for partners (four seated by the draw).
    pub draws: u64,
    /// Of those, the ties that meant drawing again.
    pub redraws: u64,
    /// Games of four whose draw partnered seat 0 with seat 1 or seat 3
    /// (not the seat opposite in seat order).
    pub partnered_across: u64,
}

impl TableTopStats {
    /// Adds another run's totals.
    pub fn merge(&mut self, other: &TableTopStats) {
        self.games += other.games;
        self.hands += other.hands;
        self.actions += other.actions;
        self.illegal_refused += other.illegal_refused;
        self.first_dealer_wins += other.first_dealer_wins;
        self.rows_wins += other.rows_wins;
        self.rows_points += other.rows_points;
        self.columns_points += other.columns_points;
        self.lines += other.lines;
        self.best_line = self.best_line.max(other.best_line);
        self.level_over_target += other.level_over_target;
        self.draws += other.draws;
        self.redraws += other.redraws;
        self.partnered_across += other.partnered_across;
    }
}

/// Plays one game of Table Top Cribbage under `rules` from `seed` with
/// random legal actions, checks every invariant after every action, and
/// adds its totals to `stats`.
///
/// # Errors
/// What went wrong, and after how many actions.
pub fn audit_table_top_game(
    rules: Rules,
    seed: u64,
    stats: &mut TableTopStats,
) -> Result<(), String> {
    let game = Game::new(rules, seed);
    let (session, counts): (Session<Game>, Audited) =
        audit_game(game, seed, candidates, check_state)
            .map_err(|(at, what)| format!("{rules}, seed {seed}, after {at} actions: {what}"))?;
    let game = session.game();
    let mut local = TableTopStats {
        games: 1,
        actions: counts.actions,
        illegal_refused: counts.illegal_refused,
        ..TableTopStats::default()
    };
    check_events(game, &mut local)
        .map_err(|what| format!("{rules}, seed {seed}, in its events: {what}"))?;
    if game.clone().apply(Action::Place(Cell::CENTRE)).is_ok() {
        return Err(format!(
            "{rules}, seed {seed}: an action was accepted after the end"
        ));
    }
    stats.merge(&local);
    Ok(())
}

/// The open cells by their definition: empty, with a card at most one row
/// and one column away.
fn open_by_definition(game: &Game) -> Vec<Action> {
    let layout = game.layout();
    Cell::all()
        .filter(|&cell| {
            layout.get(cell).is_none()
                && Cell::all().any(|other| {
                    layout.get(other).is_some()
                        && other != cell
                        && other.row().abs_diff(cell.row()) <= 1
                        && other.col().abs_diff(cell.col()) <= 1
                })
        })
        .map(Action::Place)
        .collect()
}

/// What each seat sees, and the legal actions.
fn check_state(game: &Game) -> Result<(), String> {
    let legal = game.legal_actions();
    if game.current_player().is_some() && legal != open_by_definition(game) {
        return Err("the legal cells are not the empty cells touching a card".into());
    }
    for action in &legal {
        game.check(action)
            .map_err(|e| format!("legal action {action} refused: {e}"))?;
    }
    let mut hidden = game.out_of_play();
    for seat in 0..game.rules().players() {
        hidden |= game.stack(seat).into_iter().collect();
    }
    for seat in 0..game.rules().players() {
        let view = game.observation(seat);
        if view.grid.as_slice() != game.layout().cells() || view.card != game.turned() {
            return Err(format!("seat {seat}'s observation shows the wrong table"));
        }
        if !hidden.is_subset(view.unseen()) {
            return Err(format!("seat {seat} has seen a hidden card"));
        }
        let json = serde_json::to_string(&view).unwrap_or_default();
        if let Some(card) = hidden.iter().find(|c| json.contains(&format!("\"{c}\""))) {
            return Err(format!("seat {seat}'s observation names hidden {card}"));
        }
        if (game.current_player() == Some(seat)) == view.legal.is_empty() {
            return Err(format!(
                "seat {seat}'s legal actions disagree with the turn"
            ));
        }
    }
    Ok(())
}

/// Table Top's wrong actions to try: cells from anywhere (taken ones, and
/// empty ones touching nothing).
fn candidates(_game: &Game, rng: &mut ChaCha8Rng) -> Vec<Action> {
    (0..4)
        .filter_map(|_| Cell::from_index(rng.random_range(0..25)))
        .map(Action::Place)
        .collect()
}

/// One round of a draw for partners against the rules README, written apart
/// from the engine's: the partnerships and the dealer it must make, or
/// `None` when a tie for partners or for the deal means drawing again, and
/// a seating that puts partners opposite with seat 0 in its place.
fn check_draw(cuts: &[Cut], seated: Option<&Seated>) -> Result<(), String> {
    let seats: Vec<Seat> = cuts.iter().map(|c| c.seat).collect();
    if seats != [0, 1, 2, 3] {
        return Err(format!("the draw for partners is of seats {seats:?}"));
    }
    // Each seat's rank, king high and ace low, and how many drew higher.
    let rank = |seat: Seat| cuts[seat].card.rank().index();
    let above = |seat: Seat| (0..4).filter(|&s| rank(s) > rank(seat)).count();
    let high: Vec<Seat> = (0..4).filter(|&s| above(s) < 2).collect();
    let top: Vec<Seat> = (0..4).filter(|&s| above(s) == 0).collect();
    let settled = high.len() == 2 && top.len() == 1;
    let Some(seated) = seated else {
        return if settled {
            Err(format!(
                "{cuts:?}: a draw with no tie that matters drawn again"
            ))
        } else {
            Ok(())
        };
    };
    if !settled {
        return Err(format!(
            "{cuts:?}: a tie for partners or the deal settled {seated:?}"
        ));
    }
    let s = &seated.sides;
    let low: Vec<Seat> = (0..4).filter(|x| !high.contains(x)).collect();
    if s.len() != 4
        || s[high[0]] != s[high[1]]
        || s[low[0]] != s[low[1]]
        || s[high[0]] == s[low[0]]
        || s[0] != 0
        || seated.low != s[low[0]]
    {
        return Err(format!(
            "{cuts:?}: not the two highest against the two lowest: {seated:?}"
        ));
    }
    if seated.dealer != top[0] {
        return Err(format!(
            "{cuts:?}: seat {} deals, not the highest",
            seated.dealer
        ));
    }
    let o = &seated.order;
    let partner = (1..4).find(|&x| s[x] == 0).unwrap_or(0);
    if o.len() != 4 || o[0] != 0 || o[2] != partner || o[1] >= o[3] || s[o[1]] == 0 || s[o[3]] == 0
    {
        return Err(format!(
            "{cuts:?}: partners not opposite, or seats moved: {seated:?}"
        ));
    }
    Ok(())
}

/// Reads the event log: placements, counts, pegs, the end of each hand and
/// of the game, and the statistics.
fn check_events(game: &Game, stats: &mut TableTopStats) -> Result<(), String> {
    let mut scores = [0u16; 2];
    if let Some(setup) = game.setup() {
        for (score, &start) in scores.iter_mut().zip(&setup.scores) {
            *score = start;
        }
    }
    let rules = game.rules();
    let mut filled = 0u32;
    let mut grid = [None; 25];
    let mut rows_side = None;
    let mut counted: Vec<(usize, Line)> = Vec::new();
    let mut ended = false;
    let drawn = rules.players() == 4 && rules.seating() == Seating::Drawn && game.setup().is_none();
    let mut seated: Option<Seated> = None;
    // Who places next, round the table from the dealer's left.
    let mut next: Option<Seat> = None;
    let after = |order: &[Seat], seat: Seat| {
        let at = order.iter().position(|&s| s == seat).unwrap_or(0);
        order[(at + 1) % order.len()]
    };
    for event in game.events() {
        if ended {
            return Err(format!("{event:?} after the game ended"));
        }
        match event {
            Event::DrawForPartners { cuts, seated: made } => {
                if !drawn || seated.is_some() {
                    return Err(format!(
                        "a draw for partners in {rules}, or after the seating"
                    ));
                }
                check_draw(cuts, made.as_ref())?;
                stats.draws += 1;
                match made {
                    Some(made) => {
                        if made.sides != game.sides()
                            || made.order != game.order()
                            || made.dealer != game.first_dealer()
                        {
                            return Err(format!(
                                "the game is not seated as the draw made it: {made:?}"
                            ));
                        }
                        stats.partnered_across += u64::from(made.order[2] != 2);
                        seated = Some(made.clone());
                    }
                    None => stats.redraws += 1,
                }
            }
            Event::Directions { rows, columns } => {
                if rows_side.is_some() || rows + columns != 1 {
                    return Err("the directions are not set once, one to each side".into());
                }
                rows_side = Some(*rows);
            }
            Event::Deal { dealer, .. } => {
                if drawn && seated.is_none() {
                    return Err("a deal before the draw seated the players".into());
                }
                next = Some(after(game.order(), *dealer));
                stats.hands += 1;
                filled = Cell::CENTRE.bit();
                grid = [None; 25];
                counted.clear();
            }
            Event::Centre { card, cell } => {
                if *cell != Cell::CENTRE {
                    return Err(format!("the centre card laid on {cell}"));
                }
                grid[cell.index()] = Some(*card);
            }
            Event::Placed { cell, card, seat } => {
                if filled & cell.bit() != 0 || filled & cell.neighbours() == 0 {
                    return Err(format!("{card} placed on {cell}, not an open cell"));
                }
                if next != Some(*seat) {
                    return Err(format!(
                        "seat {seat} placed out of turn (seat {next:?} was next)"
                    ));
                }
                let following = after(game.order(), *seat);
                if rules.players() == 4 && game.side_of(following) == game.side_of(*seat) {
                    return Err(format!("seat {seat}'s partner {following} places next"));
                }
                next = Some(following);
                filled |= cell.bit();
                grid[cell.index()] = Some(*card);
            }
            Event::Counted {
                side,
                line,
                cards,
                total,
                said,
            } => {
                let rows = rows_side.ok_or("a count before the directions")?;
                let direction = if *side == rows {
                    Direction::Rows
                } else {
                    Direction::Columns
                };
                if line.direction() != direction {
                    return Err(format!("side {side} counted {line}"));
                }
                let on_table = line.cells().map(|c| grid[c.index()]);
                if on_table.map(Some) != cards.map(|c| Some(Some(c))) {
                    return Err(format!("{line} is not the cards counted"));
                }
                if line_total(*cards) != *total || said.last().map_or(0, |s| s.running) != *total {
                    return Err(format!("{line} counted {total} for {cards:?}"));
                }
                counted.push((*side, *line));
                stats.lines += 1;
                stats.best_line = stats.best_line.max(*total);
                if direction == Direction::Rows {
                    stats.rows_points += u64::from(*total);
                } else {
                    stats.columns_points += u64::from(*total);
                }
            }
            Event::Pegged(peg) => {
                let before = scores[peg.side];
                scores[peg.side] += u16::from(peg.points);
                if peg.rear != before || peg.front != scores[peg.side] {
                    return Err(format!("the pegs of {peg:?} do not follow the points"));
                }
            }
            Event::HandOver { scores: s, .. } | Event::GameOver { scores: s, .. } => {
                if filled != (1 << 25) - 1 || counted.len() != 10 {
                    return Err("a hand ended before its layout was full and counted".into());
                }
                if s.as_slice() != scores.as_slice() {
                    return Err(format!("the hand ended at {s:?}, the pegs say {scores:?}"));
                }
                let top = scores[0].max(scores[1]);
                if let Event::GameOver {
                    winner,
                    first_dealer,
                    ..
                } = event
                {
                    if scores[*winner] < TARGET || scores[*winner] <= scores[1 - winner] {
                        return Err(format!("side {winner} won at {scores:?}"));
                    }
                    if game.side_of(*first_dealer) == *winner {
                        stats.first_dealer_wins += 1;
                    }
                    if Some(*winner) == rows_side {
                        stats.rows_wins += 1;
                    }
                    ended = true;
                } else if top >= TARGET {
                    if scores[0] != scores[1] {
                        return Err(format!("no winner at {scores:?}"));
                    }
                    stats.level_over_target += 1;
                }
            }
            Event::CutForDeal { .. } | Event::Turned { .. } => {}
        }
    }
    if !ended || State::outcome(game).is_none() {
        return Err("the game did not end".into());
    }
    Ok(())
}

impl super::Audit for Game {
    type Stats = TableTopStats;

    fn audit(rules: Rules, seed: u64, stats: &mut TableTopStats) -> Result<(), String> {
        audit_table_top_game(rules, seed, stats)
    }

    fn merge(stats: &mut TableTopStats, other: &TableTopStats) {
        stats.merge(other);
    }

    fn games(stats: &TableTopStats) -> u64 {
        stats.games
    }

    /// Per hand: the rows' and the columns' points; per line, the mean and
    /// the best; the hands after which both stood level past the target;
    /// the first dealer's and the rows' shares of the games won.
    fn report(
        _rules: Rules,
        stats: &TableTopStats,
        _runs: u64,
    ) -> serde_json::Map<String, serde_json::Value> {
        let hands = stats.hands.max(1) as f64;
        super::figures(serde_json::json!({
            "games": stats.games,
            "hands_per_game": stats.hands as f64 / stats.games.max(1) as f64,
            "mean_points_per_hand": {
                "rows": stats.rows_points as f64 / hands,
                "columns": stats.columns_points as f64 / hands,
            },
            "mean_points_per_line": (stats.rows_points + stats.columns_points) as f64
                / stats.lines.max(1) as f64,
            "best_line": stats.best_line,
            "level_at_121_or_more": stats.level_over_target,
            "first_dealer_win_rate": stats.first_dealer_wins as f64 / stats.games.max(1) as f64,
            "rows_win_rate": stats.rows_wins as f64 / stats.games.max(1) as f64,
            "actions": stats.actions,
            "illegal_actions_refused": stats.illegal_refused,
        }))
    }
}
