//! Table Top Cribbage's computer players. The one decision is where the
//! turned card goes; a card on a cell joins one row and one column, so each
//! level weighs what the card does for its side's line against what it
//! gives the other side's.
//!
//! - **Easy** places by the quick look-up Baseline uses (below), and one
//!   time in twenty puts its card on any open cell. Placing for the points
//!   a card makes at once, as a beginner might, lost every one of 2,000
//!   duplicate games to Medium even with no slips: a line's points come at
//!   the end of the hand, so only a player who looks ahead is a game.
//!   With the look-up and its slips Medium wins about 64% (2,000 games),
//!   a rung like Hard's over Medium.
//! - **Medium** weighs each cell by the expected count of its row and
//!   column at the end of the hand, the other cells filled at random from
//!   the cards it has not seen (Monte Carlo, the same fills for every
//!   cell): how much better the card does there than an unknown card would.
//! - **Hard** deals the cards it has not seen to the turns still to come,
//!   many times, and for each cell plays the rest of the hand out, every
//!   player placing by a quick look-up of what each line can still become
//!   (the expected count of its ranks completed from a pack, plus the
//!   chance of a flush); the hand's final count decides, and when the hand
//!   can end the game, winning it counts for more than points. It plays
//!   four placements out after its own, then weighs every line by that
//!   look-up: the next few placements are where a cell's choice shows.
//! - **Expert** plays as Hard: playing out eight placements rather than
//!   four won no more (63% of 400 duplicate games against Medium either
//!   way) and took twice as long.
//! - **Baseline**, the yardstick for matches, places by that look-up
//!   alone, greedily: it plays about as well as Medium (51% of 400 games)
//!   in microseconds.
//!
//! As everywhere, a bot sees only its seat's [`Observation`] — the table
//! and the card turned — and its own seed; the order of the stacks is
//! nowhere in it.
//!
//! ```
//! use cribbage::ai::{Level, table_top};
//! use cribbage::games::table_top::{Game, Rules};
//! use cribbage::games::State as _;
//!
//! let mut game = Game::new(Rules::default(), 3);
//! while let Some(seat) = game.current_player() {
//!     let action = table_top::decide(Level::Medium, &game.observation(seat), 7)?;
//!     game.apply(action).unwrap();
//! }
//! assert!(game.winner().is_some());
//! # Ok::<(), cribbage::ai::DecideError>(())
//! ```

use super::rng::{Hasher, Rng};
use super::{DecideError, Level};
use crate::cards::{Card, CardSet};
use crate::count::show::{rank_row, sort_ranks};
use crate::count::{BINOMIAL, multiset_index};
use crate::games::table_top::layout::{Direction, open_cells};
use crate::games::table_top::score::{FLUSH, line_total};
use crate::games::table_top::{Action, Cell, Line, Observation, TARGET};
use std::sync::OnceLock;

/// How often Easy puts its card on any open cell. A slip costs much more
/// here than in the play of a hand: 4% of them let Medium win 61% of 400
/// games, 7% 69%, 10% 75%.
const EASY_SLIP: f64 = 0.05;

/// Random fills Medium weighs every cell against.
const MEDIUM_SAMPLES: usize = 400;

/// Hard's deadline: the work one decision may spend, counted in cells
/// weighed by the look-up (each placement of a play-out weighs every open
/// cell; each play-out's end weighs its lines once, counted as one cell),
/// shared among its cells and samples. Counted in work, not time, so a
/// seed replays the same on any machine. Early in a hand, with some
/// twenty cells open, a play-out weighs a hundred cells: the budget then
/// allows the fewest samples ([`HARD_SAMPLES`]), where the earlier budget
/// of 30,000 placements allowed 240 and took 400 ms at worst natively on a
/// loaded machine; with six cells open it allows the most, as before. See
/// the README's AI section for the times and the strength it costs.
const HARD_WORK: usize = 50_000;

/// How many placements after its own Hard plays out before it weighs the
/// lines by what they can still become: 2 won 58% of 400 duplicate games
/// against Medium, 4 won 63%, 8 won 63% (and took twice as long).
const HARD_DEPTH: usize = 4;

/// Fewest and most deals of the unseen cards Hard plays each cell out on.
const HARD_SAMPLES: (usize, usize) = (24, 400);

/// What winning the game in this hand is worth against points.
const WIN: f64 = 60.0;

pub mod coach;
mod game;
#[cfg(not(target_arch = "wasm32"))]
mod tell;

/// The action a computer player of `level` takes in Table Top Cribbage,
/// from its seat's observation and its own seed alone. Always one of
/// `obs.legal`: the first of [`ranked`], but for Easy's slips.
///
/// # Errors
/// [`DecideError`] when it is not the seat's turn or nothing is legal.
pub fn decide(level: Level, obs: &Observation, seed: u64) -> Result<Action, DecideError> {
    if obs.to_act != Some(obs.seat) {
        return Err(DecideError::NotYourTurn);
    }
    let Some(&first) = obs.legal.first() else {
        return Err(DecideError::NoLegalAction);
    };
    if obs.card.is_none() {
        return Err(DecideError::NoLegalAction);
    }
    if obs.legal.len() == 1 {
        return Ok(first);
    }
    let mut rng = Rng::new(decision_seed(seed, level as u64, obs));
    if level == Level::Easy && rng.chance(EASY_SLIP) {
        return Ok(obs.legal[rng.below(obs.legal.len())]);
    }
    Ok(ranked(level, obs, seed)?
        .first()
        .map_or(first, |&(cell, _)| Action::Place(cell)))
}

/// Every open cell with its value to the seat's side as `level` values it
/// (see the module docs; higher is better), best first, ties in reading
/// order: what [`decide`] plays (the first) and the coach shows. The same
/// view and seed always give the same values, drawn as the level draws
/// them for its move.
///
/// # Errors
/// [`DecideError`] when it is not the seat's turn or there is no card to
/// place.
pub fn ranked(level: Level, obs: &Observation, seed: u64) -> Result<Vec<(Cell, f64)>, DecideError> {
    if obs.to_act != Some(obs.seat) {
        return Err(DecideError::NotYourTurn);
    }
    let Some(card) = obs.card else {
        return Err(DecideError::NoLegalAction);
    };
    // Easy's slip is drawn first from the same generator; no level's
    // values draw before it, and Easy's draw nothing, so a fresh one here
    // gives the values the level's move weighed.
    let mut rng = Rng::new(decision_seed(seed, level as u64, obs));
    let cells: Vec<Cell> = obs.legal.iter().map(|action| action.cell()).collect();
    let values = values(level, obs, card, &cells, &mut rng);
    let mut ranked: Vec<(Cell, f64)> = cells.into_iter().zip(values).collect();
    // Stable, so equal values keep reading order; `total_cmp` as ever.
    super::sort_short(&mut ranked, |a, b| a.1.total_cmp(&b.1).is_gt());
    Ok(ranked)
}

/// Each cell's value to the seat's side under `level`: higher is better.
fn values(level: Level, obs: &Observation, card: Card, cells: &[Cell], rng: &mut Rng) -> Vec<f64> {
    let table = Table::of(obs);
    match level {
        Level::Easy | Level::Baseline => {
            let board = Board::new(&table);
            let best = board.greedy(card, table.mine);
            cells
                .iter()
                .map(|&c| f64::from(u8::from(c == best)))
                .collect()
        }
        Level::Medium => table.random_fill(card, cells, obs.unseen(), rng),
        Level::Hard | Level::Expert | Level::ExpertV1 => table.rollouts(obs, card, cells, rng),
    }
}

/// The table as a bot weighs it: the cards on it and whose lines are whose.
#[derive(Debug, Clone, Copy)]
struct Table {
    cells: [Option<Card>; 25],
    filled: u32,
    /// The lines the seat's side scores.
    mine: Direction,
}

/// +1 for a line of `mine`, −1 for the other side's.
fn sign(line: Line, mine: Direction) -> f64 {
    if line.direction() == mine { 1.0 } else { -1.0 }
}

/// The row and the column through a cell.
fn lines_through(cell: Cell) -> [Line; 2] {
    [Line::Row(cell.row() as u8), Line::Column(cell.col() as u8)]
}

impl Table {
    fn of(obs: &Observation) -> Table {
        let mut cells = [None; 25];
        let mut filled = 0;
        for (i, card) in obs.grid.iter().enumerate().take(25) {
            cells[i] = *card;
            if card.is_some() {
                filled |= 1 << i;
            }
        }
        Table {
            cells,
            filled,
            mine: obs.direction(),
        }
    }

    /// Medium: the expected count of the card's row and column at the end
    /// of the hand with it on the cell, less with an unknown card there,
    /// every other empty cell filled at random from the unseen cards.
    fn random_fill(&self, card: Card, cells: &[Cell], unseen: CardSet, rng: &mut Rng) -> Vec<f64> {
        let mut pool = unseen.to_vec();
        let mut empty = Vec::with_capacity(25);
        for i in 0..25 {
            if self.filled >> i & 1 == 0 {
                empty.push(i);
            }
        }
        let mut totals = vec![0.0; cells.len()];
        if pool.len() < empty.len() {
            return totals;
        }
        let mut grid = [card; 25];
        for (i, slot) in grid.iter_mut().enumerate() {
            if let Some(c) = self.cells[i] {
                *slot = c;
            }
        }
        for _ in 0..MEDIUM_SAMPLES {
            // A partial shuffle: the first `empty.len()` are a uniform draw.
            for (k, &i) in empty.iter().enumerate() {
                let j = k + rng.below(pool.len() - k);
                pool.swap(k, j);
                grid[i] = pool[k];
            }
            for (total, &cell) in totals.iter_mut().zip(cells) {
                let mut with = grid;
                with[cell.index()] = card;
                for line in lines_through(cell) {
                    let (with, base) = (line_count(&with, line), line_count(&grid, line));
                    *total += sign(line, self.mine) * (f64::from(with) - f64::from(base));
                }
            }
        }
        for t in &mut totals {
            *t /= MEDIUM_SAMPLES as f64;
        }
        totals
    }

    /// Hard: each cell's mean over deals of the unseen cards to the turns
    /// to come, the hand played out by the look-up policy.
    fn rollouts(&self, obs: &Observation, card: Card, cells: &[Cell], rng: &mut Rng) -> Vec<f64> {
        let mut pool = obs.unseen().to_vec();
        let to_come = obs.stacks.iter().map(|&n| usize::from(n)).sum::<usize>();
        let mut totals = vec![0.0; cells.len()];
        if pool.len() < to_come {
            return totals;
        }
        // The side of each card to come: the seats after this one round
        // the table.
        let players = obs.order.len().max(1);
        let at = obs.order.iter().position(|&s| s == obs.seat).unwrap_or(0);
        let mut sides = Vec::with_capacity(to_come);
        for k in 1..=to_come {
            let seat = obs.order.get((at + k) % players).copied().unwrap_or(0);
            sides.push(obs.sides.get(seat).copied().unwrap_or(0));
        }
        // The cells one sample weighs: for each cell, every open cell at
        // each placement played out, and the end.
        let open = cells.len().saturating_sub(1);
        let weighed: usize = (0..to_come.min(HARD_DEPTH))
            .map(|k| open.saturating_sub(k).max(1))
            .sum::<usize>()
            + 1;
        let samples =
            (HARD_WORK / (cells.len() * weighed).max(1)).clamp(HARD_SAMPLES.0, HARD_SAMPLES.1);
        let scores = [
            obs.scores.first().map_or(0, |p| p.front),
            obs.scores.get(1).map_or(0, |p| p.front),
        ];
        let end = Ending {
            me: obs.side,
            scores,
            mine: self.mine,
        };
        let directions = [
            obs.directions.first().copied().unwrap_or(Direction::Rows),
            obs.directions.get(1).copied().unwrap_or(Direction::Columns),
        ];
        let start = Board::new(self);
        for _ in 0..samples {
            for k in 0..to_come {
                let j = k + rng.below(pool.len() - k);
                pool.swap(k, j);
            }
            for (total, &cell) in totals.iter_mut().zip(cells) {
                let mut board = start.clone();
                board.place(cell, card);
                let depth = to_come.min(HARD_DEPTH);
                for (k, &next) in pool.iter().take(depth).enumerate() {
                    let at = board.greedy(next, directions[sides[k]]);
                    board.place(at, next);
                }
                *total += if depth == to_come {
                    end.value(&board)
                } else {
                    board.potential(self.mine)
                };
            }
        }
        for t in &mut totals {
            *t /= samples as f64;
        }
        totals
    }
}

/// The count of `line` on a full layout: Medium's fills and Hard's endings
/// count alike.
fn line_count(grid: &[Card; 25], line: Line) -> u8 {
    line_total(line.cells().map(|c| grid[c.index()]))
}

/// How a finished layout is worth to the seat's side: its lines less the
/// other side's, and the win when the hand decides the game.
struct Ending {
    me: usize,
    scores: [u16; 2],
    mine: Direction,
}

impl Ending {
    fn value(&self, board: &Board) -> f64 {
        let mut points = [0u16; 2];
        for line in Line::rows().into_iter().chain(Line::columns()) {
            let total = line_count(&board.cards, line);
            let side = if line.direction() == self.mine {
                self.me
            } else {
                1 - self.me
            };
            points[side] += u16::from(total);
        }
        let diff = f64::from(points[self.me]) - f64::from(points[1 - self.me]);
        let (mine, theirs) = (
            self.scores[self.me] + points[self.me],
            self.scores[1 - self.me] + points[1 - self.me],
        );
        if mine.max(theirs) >= TARGET && mine != theirs {
            diff + if mine > theirs { WIN } else { -WIN }
        } else {
            diff
        }
    }
}

/// A layout as Hard's play-outs hold it: the cards, and for each line its
/// ranks so far (sorted) and whether it can still be a flush.
#[derive(Debug, Clone)]
struct Board {
    cards: [Card; 25],
    filled: u32,
    lines: [LineState; 10],
    /// Each line's potential now, kept as the lines change.
    pots: [f32; 10],
    /// The potentials' table, fetched once rather than at every look-up.
    table: &'static [Vec<f32>; 6],
}

/// One line's ranks so far, sorted, and its flush hope.
#[derive(Debug, Clone, Copy, Default)]
struct LineState {
    ranks: [u8; 5],
    len: u8,
    suit: u8,
    /// All its cards so far share `suit`.
    flushable: bool,
}

impl LineState {
    fn with(&self, card: Card) -> LineState {
        let mut next = *self;
        let r = card.rank().index();
        let mut i = usize::from(next.len);
        while i > 0 && next.ranks[i - 1] > r {
            next.ranks[i] = next.ranks[i - 1];
            i -= 1;
        }
        next.ranks[i] = r;
        let suit = card.suit().index();
        next.flushable = if next.len == 0 {
            true
        } else {
            self.flushable && self.suit == suit
        };
        next.suit = suit;
        next.len += 1;
        next
    }

    /// What the line can still become: the expected count of its ranks
    /// completed from a pack, plus the flush it may make.
    #[inline]
    fn potential(&self, table: &[Vec<f32>; 6]) -> f32 {
        let n = usize::from(self.len);
        let pot = table[n][multiset_index(&self.ranks[..n])];
        if self.flushable && n > 0 {
            pot + FLUSH_HOPE[n]
        } else {
            pot
        }
    }
}

/// The flush's expected worth by how many cards of one suit a line holds,
/// the rest to come from a pack (5 × the chance they all match).
const FLUSH_HOPE: [f32; 6] = [
    0.0,
    5.0 * (12.0 * 11.0 * 10.0 * 9.0) / (51.0 * 50.0 * 49.0 * 48.0),
    5.0 * (11.0 * 10.0 * 9.0) / (50.0 * 49.0 * 48.0),
    5.0 * (10.0 * 9.0) / (49.0 * 48.0),
    5.0 * 9.0 / 48.0,
    FLUSH as f32,
];

impl Board {
    fn new(table: &Table) -> Board {
        let placeholder = Card::new(crate::cards::Rank::Ace, crate::cards::Suit::Clubs);
        let mut board = Board {
            cards: [placeholder; 25],
            filled: 0,
            lines: [LineState::default(); 10],
            pots: [potentials()[0][0]; 10],
            table: potentials(),
        };
        for cell in Cell::all() {
            if let Some(card) = table.cells[cell.index()] {
                board.place(cell, card);
            }
        }
        board
    }

    /// The lines' potentials, the side's own less the other's.
    fn potential(&self, mine: Direction) -> f64 {
        let (row_sign, col_sign) = match mine {
            Direction::Rows => (1.0, -1.0),
            Direction::Columns => (-1.0, 1.0),
        };
        let rows: f32 = self.pots[..5].iter().sum();
        let cols: f32 = self.pots[5..].iter().sum();
        f64::from(row_sign * rows + col_sign * cols)
    }

    fn place(&mut self, cell: Cell, card: Card) {
        self.cards[cell.index()] = card;
        self.filled |= cell.bit();
        let (r, c) = (cell.row(), 5 + cell.col());
        self.lines[r] = self.lines[r].with(card);
        self.lines[c] = self.lines[c].with(card);
        self.pots[r] = self.lines[r].potential(self.table);
        self.pots[c] = self.lines[c].potential(self.table);
    }

    /// The open cell where `card` does most for lines of `mine` against the
    /// other's, by the lines' potentials.
    fn greedy(&self, card: Card, mine: Direction) -> Cell {
        let mut open = open_cells(self.filled);
        let (row_sign, col_sign) = match mine {
            Direction::Rows => (1.0, -1.0),
            Direction::Columns => (-1.0, 1.0),
        };
        let mut best = (f32::NEG_INFINITY, Cell::CENTRE);
        while open != 0 {
            let i = open.trailing_zeros() as usize;
            open &= open - 1;
            let (r, c) = (i / 5, 5 + i % 5);
            let value = row_sign * (self.lines[r].with(card).potential(self.table) - self.pots[r])
                + col_sign * (self.lines[c].with(card).potential(self.table) - self.pots[c]);
            if value > best.0 {
                best = (value, Cell::from_index(i).unwrap_or(Cell::CENTRE));
            }
        }
        best.1
    }
}

/// For each size 0 to 5 and each multiset of that many ranks, the expected
/// fifteens, pairs and runs of the line once completed to five cards from
/// a pack without them.
fn potentials() -> &'static [Vec<f32>; 6] {
    static TABLE: OnceLock<[Vec<f32>; 6]> = OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|k| {
            let size = BINOMIAL[k][12 + k];
            let mut table = vec![0.0f32; size];
            let mut ranks = Vec::with_capacity(5);
            each_multiset(k, 0, &mut ranks, &mut |present| {
                table[multiset_index(present)] = completed_mean(present) as f32;
            });
            table
        })
    })
}

/// Calls `f` with every sorted multiset of `k` ranks from `from` up (at
/// most four of a rank).
fn each_multiset(k: usize, from: u8, ranks: &mut Vec<u8>, f: &mut impl FnMut(&[u8])) {
    if k == 0 {
        f(ranks);
        return;
    }
    for r in from..13 {
        let same = ranks.iter().filter(|&&x| x == r).count();
        if same == 4 {
            continue;
        }
        ranks.push(r);
        each_multiset(k - 1, r, ranks, f);
        ranks.pop();
    }
}

/// The mean fifteens, pairs and runs of `present` completed to five ranks
/// from a pack holding 4 − (the present count) of each rank.
fn completed_mean(present: &[u8]) -> f64 {
    let mut left = [4u32; 13];
    for &r in present {
        left[usize::from(r)] -= 1;
    }
    let mut sum = 0.0;
    let mut weight = 0.0;
    let mut ranks = present.to_vec();
    let mut added = [0u32; 13];
    complete(&mut ranks, 0, &left, &mut added, 1.0, &mut sum, &mut weight);
    if weight > 0.0 { sum / weight } else { 0.0 }
}

/// Adds every completion of `ranks` to five (ranks from `from` up), each
/// weighted by the ways the pack deals it.
fn complete(
    ranks: &mut Vec<u8>,
    from: usize,
    left: &[u32; 13],
    added: &mut [u32; 13],
    ways: f64,
    sum: &mut f64,
    weight: &mut f64,
) {
    if ranks.len() == 5 {
        let mut five = [0u8; 5];
        five.copy_from_slice(ranks);
        sort_ranks(&mut five);
        let four = [five[0], five[1], five[2], five[3]];
        *sum += ways * f64::from(rank_row(four)[usize::from(five[4])]);
        *weight += ways;
        return;
    }
    for r in from..13 {
        if added[r] == left[r] {
            continue;
        }
        // The n-th card of a rank taken from `left` of it: C(left, n) ways
        // in all, built up a factor (left − n + 1) / n at a time.
        let factor = f64::from(left[r] - added[r]) / f64::from(added[r] + 1);
        added[r] += 1;
        ranks.push(r as u8);
        complete(ranks, r, left, added, ways * factor, sum, weight);
        ranks.pop();
        added[r] -= 1;
    }
}

/// The seed of one decision: the bot's seed, a salt, and the public facts,
/// so that nothing hidden can change it.
fn decision_seed(seed: u64, salt: u64, obs: &Observation) -> u64 {
    let mut h = Hasher::new();
    h.fold(seed);
    h.fold(salt);
    h.fold(obs.seat as u64);
    h.fold(u64::from(obs.hand_number));
    h.fold(obs.dealer as u64);
    for pegs in &obs.scores {
        h.fold(u64::from(pegs.front));
    }
    for card in &obs.grid {
        h.fold(card.map_or(64, |c| u64::from(c.index())));
    }
    h.fold(obs.card.map_or(64, |c| u64::from(c.index())));
    h.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    #[test]
    fn a_full_line_potential_is_its_count() {
        let table = potentials();
        for text in [
            "5H 5C 5S JD 5D",
            "3H 3C 4D 4S 5H",
            "AH 2C 3D 4S 5H",
            "2H 4C 6S 8D QC",
        ] {
            let cards = parse_cards(text).unwrap();
            let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank().index()).collect();
            ranks.sort_unstable();
            let five: [Card; 5] = cards.try_into().unwrap();
            let expected = f32::from(line_total(five));
            assert_eq!(table[5][multiset_index(&ranks)], expected, "{text}");
        }
        // The empty line's potential is the mean count of five cards with
        // no flush: about 4.8.
        assert!((4.0..5.5).contains(&table[0][0]), "{}", table[0][0]);
    }
}
