//! Cribbage Square Solitaire's advisor: for each empty cell, the expected
//! final score of placing the card there, by Monte Carlo over the cards
//! unseen with heuristic rollouts, as the Poker Squares players do
//! (Neller and others: sample the rest of the stock, play it out with a
//! fast greedy policy over a value table of partial lines, average).
//!
//! - **The rollout policy** places each card where it raises most the
//!   expected value of its row and column. A partial line's value comes
//!   from a table: the expected fifteens, pairs and runs its ranks will
//!   score once filled and cut, the missing cards and the starter drawn
//!   from a pack short of the line's own cards (computed once, exactly, by
//!   recursion over the 2,380 multisets of up to four ranks), plus the
//!   chance of a flush for a line of one suit and of his nob for a jack.
//! - **[`Policy::Advisor`]** tries each empty cell: the same sampled
//!   sequences of the cards still to come (common random numbers, so cells
//!   are compared on the same luck) are played out by the rollout policy,
//!   and the full grid is scored exactly over every unseen starter. With
//!   one card to come, every card it can be is tried instead of a sample.
//!   Rows and columns still empty are interchangeable, so cells that
//!   differ only by them are played out once (on an empty grid, one cell
//!   stands for all sixteen). A decision spends at most [`BUDGET`] grids
//!   played out: past it, the cells race by successive halving
//!   ([`cell_table_within`]), its deadline counted in work so a seed
//!   replays the same anywhere.
//! - **[`Policy::Greedy`]** takes the cell that scores most now: each
//!   partial row and column counted as it stands, with no starter
//!   (fifteens, pairs, runs of three or more, four of a suit), ties to the
//!   emptiest row and column.
//! - **[`Policy::Random`]** places the card anywhere.
//!
//! As every computer player here, it decides from the observation alone:
//! the cards turned, never the stock's order.
//!
//! ```
//! use cribbage::ai::{Policy, square_solitaire};
//! use cribbage::games::square_solitaire::{Game, Rules};
//! use cribbage::games::State as _;
//!
//! let mut game = Game::new(Rules::default(), 3);
//! let values = square_solitaire::cell_values(&game.observation(0), 1)?;
//! assert_eq!(values.len(), 16);
//! while !game.is_over() {
//!     let action = square_solitaire::decide(Policy::Greedy, &game.observation(0), 7)?;
//!     game.apply(action).unwrap();
//! }
//! # Ok::<(), cribbage::ai::DecideError>(())
//! ```

use super::rng::{Hasher, Rng};
use super::{DecideError, Policy, sort_short};
use crate::cards::{Card, CardSet};
use crate::count::show::{rank_row, sort_ranks};
use crate::count::{PreparedHand, ShowKind};
use crate::games::square_solitaire::score::points_now;
use crate::games::square_solitaire::{Action, CELLS, Line, Observation, SIDE};
use serde::Serialize;
use std::sync::OnceLock;

pub mod coach;
mod game;
#[cfg(not(target_arch = "wasm32"))]
mod tell;

/// Sampled sequences of the cards to come played out for each empty cell,
/// at most.
pub const ROLLOUTS: usize = 1000;

/// The work one decision may spend, counted in grids played out to the end
/// and scored, over every cell (one sequence of the cards to come for one
/// cell is one grid): the advisor's deadline. Counted in work, not time, so
/// the same observation and seed give the same table on any machine and
/// under any load. A decision within it plays every kind of cell over all
/// its sequences; above it, [`cell_table_within`] races the cells in rounds
/// (successive halving). 450 grids keep a decision's 95th percentile
/// within 50 ms in Chromium with the CPU throttled four times on a busy
/// machine (README's AI section has the figures).
pub const BUDGET: usize = 450;

/// What placing the card on one cell is worth.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CellValue {
    /// The placement.
    pub action: Action,
    /// The cell, row × 4 + column.
    pub cell: usize,
    /// The expected final score.
    pub expected: f64,
}

/// The line of each cell: its row and its column (as indexes of
/// [`Line::ALL`]).
const fn lines_of(cell: usize) -> [usize; 2] {
    [cell / SIDE, SIDE + cell % SIDE]
}

/// The expected rank points (fifteens, pairs, runs) of a line by the
/// sorted ranks already in it, keyed by `code`.
fn rank_table() -> &'static [f32] {
    static TABLE: OnceLock<Vec<f32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![f32::NAN; 14usize.pow(4)];
        fill(&mut table, &[]);
        table
    })
}

/// The key of sorted ranks (each 0..13, up to four): digits base 14, 0 for
/// no card.
fn code(sorted: &[u8]) -> usize {
    sorted
        .iter()
        .fold(0, |key, &r| key * 14 + usize::from(r) + 1)
}

/// Fills the table for `ranks` (sorted) and every line it can grow into:
/// the expectation over the next card's rank (or the starter's, for a full
/// line), drawn from a pack short of the line's cards.
fn fill(table: &mut [f32], ranks: &[u8]) -> f32 {
    let key = code(ranks);
    if !table[key].is_nan() {
        return table[key];
    }
    let mut counts = [0u8; 13];
    for &r in ranks {
        counts[usize::from(r)] += 1;
    }
    let left = 52.0 - ranks.len() as f32;
    let mut sum = 0.0;
    if ranks.len() == SIDE {
        let row = rank_row([ranks[0], ranks[1], ranks[2], ranks[3]]);
        for (r, &points) in row.iter().enumerate() {
            sum += f32::from(4 - counts[r]) * f32::from(points);
        }
    } else {
        for r in 0..13u8 {
            let weight = f32::from(4 - counts[usize::from(r)]);
            if weight > 0.0 {
                let mut next = ranks.to_vec();
                let at = next.partition_point(|&x| x <= r);
                next.insert(at, r);
                sum += weight * fill(table, &next);
            }
        }
    }
    table[key] = sum / left;
    table[key]
}

/// Expected flush points of a line whose `k` cards share a suit: the rest
/// of the line drawn to it, then 4, or 5 with the starter.
const FLUSH: [f32; 5] = [0.0, 0.044, 0.188, 0.855, 4.1875];

/// Expected points of his nob for a jack in a line: a starter of its suit.
const NOB: f32 = 0.25;

/// The heuristic value of a partial line: its expected count once filled
/// and cut.
fn line_value(table: &[f32], cards: &[Card]) -> f32 {
    let mut ranks = [0u8; SIDE];
    let n = cards.len();
    debug_assert!(n <= SIDE, "a line of {n} cards");
    for (slot, card) in ranks.iter_mut().zip(cards) {
        *slot = card.rank().index();
    }
    if let Some(some) = ranks.get_mut(..n) {
        sort_ranks(some);
    }
    let mut value = table[code(&ranks[..n])];
    if let Some(first) = cards.first()
        && cards.iter().all(|c| c.suit() == first.suit())
    {
        value += FLUSH[n];
    }
    value + NOB * cards.iter().filter(|c| c.is_jack()).count() as f32
}

/// A grid being played out: the cells, and each line's cards and value.
#[derive(Clone)]
struct Board {
    cells: [Option<Card>; CELLS],
    /// Each line's cards in the order placed: the first `lens[line]`.
    lines: [[Card; SIDE]; 8],
    lens: [u8; 8],
    values: [f32; 8],
}

impl Board {
    fn new(table: &[f32], grid: &[Option<Card>; CELLS]) -> Board {
        let unused = Card::new(crate::cards::Rank::Ace, crate::cards::Suit::Clubs);
        let mut board = Board {
            cells: [None; CELLS],
            lines: [[unused; SIDE]; 8],
            lens: [0; 8],
            values: [0.0; 8],
        };
        for (cell, card) in grid.iter().enumerate() {
            if let Some(card) = card {
                board.place(table, cell, *card);
            }
        }
        board
    }

    /// The cards of `line` with `card` added (a full line unchanged), and
    /// how many.
    fn with(&self, line: usize, card: Card) -> ([Card; SIDE], usize) {
        let mut cards = self.lines[line];
        let n = usize::from(self.lens[line]);
        match cards.get_mut(n) {
            Some(slot) => {
                *slot = card;
                (cards, n + 1)
            }
            None => (cards, n),
        }
    }

    fn place(&mut self, table: &[f32], cell: usize, card: Card) {
        self.cells[cell] = Some(card);
        for line in lines_of(cell) {
            let (cards, n) = self.with(line, card);
            self.values[line] = line_value(table, &cards[..n]);
            self.lines[line] = cards;
            self.lens[line] = n as u8;
        }
    }

    /// How much placing `card` on `cell` raises its row's and column's value.
    fn gain(&self, table: &[f32], cell: usize, card: Card) -> f32 {
        let [row, col] = lines_of(cell).map(|line| {
            let (cards, n) = self.with(line, card);
            line_value(table, &cards[..n]) - self.values[line]
        });
        row + col
    }

    /// The rollout policy: the empty cell where `card` gains most.
    fn best_cell(&self, table: &[f32], card: Card) -> usize {
        let mut best = (f32::NEG_INFINITY, 0);
        for cell in 0..CELLS {
            if self.cells[cell].is_none() {
                let gain = self.gain(table, cell, card);
                if gain > best.0 {
                    best = (gain, cell);
                }
            }
        }
        best.1
    }

    /// A full grid's score averaged over every starter in `starters`.
    fn mean_score(&self, starters: CardSet) -> f64 {
        // An array, not a collected vector: no allocation.
        let prepared: [PreparedHand; 8] = std::array::from_fn(|l| {
            let mut hand = CardSet::EMPTY;
            for c in Line::ALL[l].cells() {
                if let Some(card) = self.cells[c] {
                    hand.insert(card);
                }
            }
            PreparedHand::new_unchecked(hand, ShowKind::Hand)
        });
        let mut sum = 0u32;
        for starter in starters {
            let heels = if starter.is_jack() { 2 } else { 0 };
            sum += prepared
                .iter()
                .map(|p| u32::from(p.total(starter)))
                .sum::<u32>()
                + heels;
        }
        f64::from(sum) / starters.len().max(1) as f64
    }
}

/// One kind of cell in the advisor's race: the grid with the card placed
/// on a cell of the kind, and its played-out grids' scores so far.
struct Kind {
    /// Which of its row and column already hold cards (`usize::MAX` for
    /// an empty one): cells with the same key are worth the same.
    key: [usize; 2],
    /// The grid with the card placed.
    placed: Board,
    /// The played-out grids' mean scores, summed.
    total: f64,
    /// How many of the sequences it has been played over (the first ones).
    played: usize,
}

impl Kind {
    /// The expected final score so far.
    fn mean(&self) -> f64 {
        self.total / self.played.max(1) as f64
    }
}

/// The seed of one decision: the bot's seed and everything it has seen.
fn decision_seed(seed: u64, obs: &Observation) -> u64 {
    let mut hasher = Hasher::new();
    hasher.fold(seed);
    for (cell, card) in obs.grid.iter().enumerate() {
        hasher.fold(card.map_or(64, |c| u64::from(c.index())) << 8 | cell as u64);
    }
    hasher.fold(obs.card.map_or(64, |c| u64::from(c.index())));
    hasher.0
}

/// The expected final score of placing the card on each empty cell, best
/// first, with `seed` for the samples: [`cell_table_within`] at
/// [`ROLLOUTS`] and [`BUDGET`].
///
/// # Errors
/// [`DecideError::NoLegalAction`] when there is no card to place.
pub fn cell_values(obs: &Observation, seed: u64) -> Result<Vec<CellValue>, DecideError> {
    Ok(cell_table_within(obs, seed, ROLLOUTS, BUDGET)?.values)
}

/// Every empty cell valued, and how many sequences of the cards to come
/// each value averages.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellTable {
    /// Sequences played out for the best cells: `rollouts` samples, or
    /// every card the last one to come can be, or one when no card is to
    /// come; fewer when the budget ran out first (cells the race left
    /// behind average fewer still).
    pub samples: usize,
    /// Each empty cell, best first (ties in cell order).
    pub values: Vec<CellValue>,
}

/// The expected final score of placing the card on each empty cell, best
/// first, over `rollouts` sampled sequences of the cards to come (fewer
/// samples: faster, and noisier), with no budget: every kind of cell over
/// every sequence. The yardstick the budgeted advisor is measured against.
///
/// # Errors
/// [`DecideError::NoLegalAction`] when there is no card to place.
pub fn cell_table(obs: &Observation, seed: u64, rollouts: usize) -> Result<CellTable, DecideError> {
    cell_table_within(obs, seed, rollouts, usize::MAX)
}

/// [`cell_table`] within a budget of `budget` grids played out (see
/// [`BUDGET`]): an anytime search that stops when the budget is spent and
/// returns its table so far.
///
/// When every kind of cell can be played over every sequence within the
/// budget, the table is [`cell_table`]'s exactly. Otherwise the cells race
/// in rounds, each round an equal share of the budget split among the
/// kinds still in it: after each, the better half goes on to more of the
/// same sequences, until the last round settles the best two. A cell
/// left behind keeps the value of the sequences it was played over. The
/// same observation, seed, `rollouts` and `budget` always give the same
/// table.
///
/// # Errors
/// [`DecideError::NoLegalAction`] when there is no card to place.
pub fn cell_table_within(
    obs: &Observation,
    seed: u64,
    rollouts: usize,
    budget: usize,
) -> Result<CellTable, DecideError> {
    let card = obs.card.ok_or(DecideError::NoLegalAction)?;
    let table = rank_table();
    let mut empty = Vec::with_capacity(CELLS);
    for cell in 0..CELLS {
        if obs.grid[cell].is_none() {
            empty.push(cell);
        }
    }
    if empty.is_empty() {
        return Err(DecideError::NoLegalAction);
    }
    let unseen = obs.unseen();
    let to_come = empty.len() - 1;
    // The sequences of cards to come: every card, when one is to come;
    // otherwise samples, shared by every cell.
    let mut sequences: Vec<Vec<Card>> = Vec::new();
    match to_come {
        0 => sequences.push(Vec::new()),
        1 => {
            for c in unseen.iter() {
                sequences.push(vec![c]);
            }
        }
        _ => {
            let mut rng = Rng::new(decision_seed(seed, obs));
            let pool = unseen.to_vec();
            // No more than the budget could play (the same first ones).
            for _ in 0..rollouts.max(1).min(budget.max(1)) {
                let mut pool = pool.clone();
                for i in 0..to_come {
                    let j = i + rng.below(pool.len() - i);
                    pool.swap(i, j);
                }
                pool.truncate(to_come);
                sequences.push(pool);
            }
        }
    }
    let start = Board::new(table, &obs.grid);
    // Rows and columns with no card yet are interchangeable: a cell's worth
    // depends only on which of its lines already hold cards. One cell of
    // each kind is played out.
    let used = |line: usize| {
        Line::ALL[line]
            .cells()
            .iter()
            .any(|&c| obs.grid[c].is_some())
    };
    let kind = |cell: usize| lines_of(cell).map(|l| if used(l) { l } else { usize::MAX });
    let mut kinds: Vec<Kind> = Vec::new();
    for &cell in &empty {
        if !kinds.iter().any(|k| k.key == kind(cell)) {
            let mut placed = start.clone();
            placed.place(table, cell, card);
            kinds.push(Kind {
                key: kind(cell),
                placed,
                total: 0.0,
                played: 0,
            });
        }
    }
    let play = |k: &mut Kind, upto: usize| {
        for sequence in sequences.get(k.played..upto).unwrap_or_default() {
            let mut board = k.placed.clone();
            let mut starters = unseen;
            for &next in sequence {
                let at = board.best_cell(table, next);
                board.place(table, at, next);
                starters.remove(next);
            }
            k.total += board.mean_score(starters);
        }
        k.played = k.played.max(upto);
    };
    let n = sequences.len();
    if kinds.len().saturating_mul(n) <= budget {
        // Within the budget: every kind over every sequence.
        for k in &mut kinds {
            play(k, n);
        }
    } else {
        // Successive halving: rounds of equal shares of the budget, the
        // better half of the kinds still in the race going on to the next
        // round with more sequences (the same ones, in the same order, so
        // they stay compared on the same luck), until two are left for
        // the last round.
        let mut alive: Vec<usize> = (0..kinds.len()).collect();
        let mut rounds = 1;
        let mut left = kinds.len();
        while left > 2 {
            left = left.div_ceil(2);
            rounds += 1;
        }
        let share = budget / rounds;
        for round in 0..rounds {
            let each = (share / alive.len()).max(1);
            for &i in &alive {
                let upto = (kinds[i].played + each).min(n);
                play(&mut kinds[i], upto);
            }
            if round + 1 < rounds {
                // Best first; stable, so ties keep cell order.
                sort_short(&mut alive, |&a, &b| kinds[a].mean() > kinds[b].mean());
                alive.truncate(alive.len().div_ceil(2));
                // Back in cell order, so a round's order never depends on
                // the last one's ranking.
                sort_short(&mut alive, |a, b| a < b);
            }
        }
    }
    let samples = kinds.iter().map(|k| k.played).max().unwrap_or(0);
    let mut values: Vec<CellValue> = Vec::with_capacity(empty.len());
    for &cell in &empty {
        let (Some(action), Some(k)) = (
            Action::at_cell(cell),
            kinds.iter().find(|k| k.key == kind(cell)),
        ) else {
            continue;
        };
        values.push(CellValue {
            action,
            cell,
            expected: k.mean(),
        });
    }
    // Best first; stable, so ties stay in cell order.
    sort_short(&mut values, |a, b| a.expected > b.expected);
    Ok(CellTable { samples, values })
}

/// The placement a player of `policy` makes, from the observation and its
/// own seed alone. Always one of `obs.legal`.
///
/// # Errors
/// [`DecideError::NotYourTurn`] when the seat is not to act;
/// [`DecideError::NoLegalAction`] when there is no card to place.
pub fn decide(policy: Policy, obs: &Observation, seed: u64) -> Result<Action, DecideError> {
    if obs.to_act != Some(obs.seat) {
        return Err(DecideError::NotYourTurn);
    }
    let card = obs.card.ok_or(DecideError::NoLegalAction)?;
    match policy {
        Policy::Advisor => cell_values(obs, seed)?
            .first()
            .map(|v| v.action)
            .ok_or(DecideError::NoLegalAction),
        Policy::Greedy => {
            // A line's cards in an array, `card` after them: no vectors.
            let key = |cell: usize| {
                let (mut gain, mut crowd) = (0i32, 0i32);
                for l in lines_of(cell) {
                    let mut cards = [card; SIDE + 1];
                    let mut n = 0;
                    for c in Line::ALL[l].cells() {
                        if let Some(there) = obs.grid[c] {
                            cards[n] = there;
                            n += 1;
                        }
                    }
                    gain +=
                        i32::from(points_now(&cards[..=n])) - i32::from(points_now(&cards[..n]));
                    crowd += n as i32;
                }
                (gain, -crowd, -(cell as i32))
            };
            // The best key (each is distinct: the cell is in it).
            let mut best = None;
            for cell in obs.empty_cells() {
                let k = key(cell);
                if best.is_none_or(|(b, _)| k > b) {
                    best = Some((k, cell));
                }
            }
            best.and_then(|(_, cell)| Action::at_cell(cell))
                .ok_or(DecideError::NoLegalAction)
        }
        Policy::Random => {
            let mut rng = Rng::new(decision_seed(seed, obs));
            obs.legal
                .get(rng.below(obs.legal.len()))
                .copied()
                .ok_or(DecideError::NoLegalAction)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_table_knows_a_pair_from_a_gap() {
        let table = rank_table();
        let cards = |text: &str| crate::cards::parse_cards(text).unwrap();
        let empty = line_value(table, &[]);
        // A line averages about 4.8 points of fifteens, pairs and runs.
        assert!((3.5..6.0).contains(&empty), "{empty}");
        assert!(line_value(table, &cards("5H 5C")) > line_value(table, &cards("5H KC")));
        // 5-5-5-J: 14 before the cut, 16.29 over every starter, and a
        // quarter of his nob.
        let v = line_value(table, &cards("5H 5C 5D JS"));
        assert!((v - (782.0 / 48.0 + 0.25)).abs() < 1e-4, "{v}");
        assert!(
            line_value(table, &cards("2H 2C 9D KS")) < line_value(table, &cards("4H 5C 6D 6S"))
        );
    }
}
