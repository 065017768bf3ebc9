//! Cribbage Square Solitaire's counting (004, the rules README): each of the
//! four rows and four columns is a cribbage hand with the starter, counted
//! by the standard show scorer ([`crate::count::score_show`], hand rules):
//! fifteens 2, pairs 2 (a pair royal 6, four of a kind 12), runs (a double
//! run of three is 8 with its pair, counted once), a flush of four 4 (5
//! with the starter, never both), his nob 1. A jack starter is 2 for his
//! heels, once a deal, not once a line. Lines are read rows first (top to
//! bottom), then columns (left to right).
//!
//! ```
//! use cribbage::cards::{Card, parse_cards};
//! use cribbage::games::square_solitaire::score::count_grid;
//!
//! let cards = parse_cards("5H 5C 5S JD  AH 2C 3D 4S  6H 7C 8D 9S  TH QC KD 2S")?;
//! let grid: [Card; 16] = cards.try_into().unwrap();
//! let count = count_grid(&grid, "5D".parse()?)?;
//! assert_eq!(count.lines[0].score.total, 29); // row 1: 5-5-5-J with the 5 of the suit
//! assert_eq!(count.heels, 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::cards::{Card, CardSet};
use crate::count::{
    CadenceStep, PreparedHand, ScoreError, ShowKind, ShowScore, distinct, points_as_they_stand,
    score_show,
};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// Cells on a side of the grid.
pub const SIDE: usize = 4;

/// Cells in the grid (sixteen), numbered row by row from 0.
pub const CELLS: usize = SIDE * SIDE;

/// Points for a jack turned as the starter: his heels.
pub const HEELS: u8 = 2;

/// One of the eight lines counted: a row (from the top) or a column (from
/// the left), 0-based. Its JSON is every layout game's form of a line,
/// `{"line":"row","index":0}` … `{"line":"column","index":3}` (Table Top's
/// too), which a page reads one way; its text form, `row 1` … `column 4`,
/// is the command line's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "line", content = "index", rename_all = "snake_case")]
pub enum Line {
    /// A row, 0 at the top.
    Row(u8),
    /// A column, 0 at the left.
    Column(u8),
}

impl Line {
    /// The eight lines in counting order: the rows, then the columns.
    pub const ALL: [Line; 8] = [
        Line::Row(0),
        Line::Row(1),
        Line::Row(2),
        Line::Row(3),
        Line::Column(0),
        Line::Column(1),
        Line::Column(2),
        Line::Column(3),
    ];

    /// The line's four cells, as cell numbers (row × 4 + column).
    pub fn cells(self) -> [usize; SIDE] {
        match self {
            Line::Row(r) => {
                let r = usize::from(r) * SIDE;
                [r, r + 1, r + 2, r + 3]
            }
            Line::Column(c) => {
                let c = usize::from(c);
                [c, c + SIDE, c + 2 * SIDE, c + 3 * SIDE]
            }
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(r) => write!(f, "row {}", r + 1),
            Line::Column(c) => write!(f, "column {}", c + 1),
        }
    }
}

impl FromStr for Line {
    type Err = String;

    fn from_str(s: &str) -> Result<Line, String> {
        let bad = || format!("\"{s}\" is not a line: row 1-4 or column 1-4");
        let (word, n) = s.trim().split_once(' ').ok_or_else(bad)?;
        let n: u8 = n.trim().parse().map_err(|_| bad())?;
        if !(1..=SIDE as u8).contains(&n) {
            return Err(bad());
        }
        match word {
            "row" => Ok(Line::Row(n - 1)),
            "column" => Ok(Line::Column(n - 1)),
            _ => Err(bad()),
        }
    }
}

/// One line's count: its breakdown and the words a player says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineCount {
    /// Which line.
    pub line: Line,
    /// Its four cards in place order (left to right, or top to bottom).
    pub cards: [Card; SIDE],
    /// The count with the starter, every combination named.
    pub score: ShowScore,
    /// The count as a player says it: "fifteen two, and a pair is four".
    pub cadence: String,
    /// The same count phrase by phrase, each with its cards and the
    /// line's running total: what a page highlights as it reads it out.
    pub steps: Vec<CadenceStep>,
}

/// The whole grid's count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GridCount {
    /// The starter.
    pub starter: Card,
    /// His heels: 2 for a jack starter, else 0.
    pub heels: u8,
    /// The eight lines, rows then columns.
    pub lines: Vec<LineCount>,
    /// Everything: the lines and his heels.
    pub total: u16,
}

/// The cards of `line` in a full grid.
pub fn line_cards(grid: &[Card; CELLS], line: Line) -> [Card; SIDE] {
    line.cells().map(|c| grid[c])
}

/// Counts a full grid with its starter, every combination named.
///
/// # Errors
/// [`ScoreError::DuplicateCard`] when a card is on the grid twice or is
/// also the starter.
pub fn count_grid(grid: &[Card; CELLS], starter: Card) -> Result<GridCount, ScoreError> {
    distinct(grid.iter().copied().chain([starter]))?;
    let heels = if starter.is_jack() { HEELS } else { 0 };
    let mut total = u16::from(heels);
    let mut lines = Vec::with_capacity(8);
    for line in Line::ALL {
        let cards = line_cards(grid, line);
        let score = score_show(cards.iter().copied().collect(), starter, ShowKind::Hand)?;
        total += u16::from(score.total);
        lines.push(LineCount {
            line,
            cards,
            cadence: score.cadence(),
            steps: score.cadence_steps(),
            score,
        });
    }
    Ok(GridCount {
        starter,
        heels,
        lines,
        total,
    })
}

/// What a partial line scores as it stands, with no starter: fifteens,
/// pairs, runs of three or more, and four of a suit. What the page shows
/// as a line fills, and what the greedy player plays for; the final count
/// (with the starter) is [`count_grid`]'s.
///
/// ```
/// use cribbage::cards::parse_cards;
/// use cribbage::games::square_solitaire::score::points_now;
///
/// assert_eq!(points_now(&parse_cards("7H 8C 9D")?), 5); // fifteen two, a run of three
/// # Ok::<(), cribbage::cards::ParseCardError>(())
/// ```
pub fn points_now(cards: &[Card]) -> u8 {
    points_as_they_stand(cards, SIDE, 4)
}

/// The total of a full grid with its starter, by the fast path (the
/// computer player's inner loop). The cards must be distinct (the total is
/// otherwise meaningless, but it does not panic).
pub fn grid_total(grid: &[Card; CELLS], starter: Card) -> u16 {
    let heels = if starter.is_jack() { HEELS } else { 0 };
    Line::ALL.iter().fold(u16::from(heels), |sum, &line| {
        let hand: CardSet = line_cards(grid, line).into_iter().collect();
        sum + u16::from(PreparedHand::new_unchecked(hand, ShowKind::Hand).total(starter))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_rows_then_columns_and_name_themselves() {
        assert_eq!(Line::ALL[0].cells(), [0, 1, 2, 3]);
        assert_eq!(Line::ALL[5].cells(), [1, 5, 9, 13]);
        for line in Line::ALL {
            assert_eq!(line.to_string().parse::<Line>(), Ok(line));
        }
        assert!("row 5".parse::<Line>().is_err());
        assert!("diagonal 1".parse::<Line>().is_err());
    }

    #[test]
    fn points_now_count_partial_lines() {
        let cards = |text: &str| crate::cards::parse_cards(text).unwrap();
        assert_eq!(points_now(&cards("5H TC")), 2);
        assert_eq!(points_now(&cards("7H 8C 9D")), 5);
        assert_eq!(points_now(&cards("2H 4H 6H 8H")), 4);
        assert_eq!(points_now(&[]), 0);
    }

    #[test]
    fn each_line_is_counted_phrase_by_phrase() {
        let cards = crate::cards::parse_cards("5H 5C 5S JD  AH 2C 3D 4S  6H 7C 8D 9S  TH QC KD 2S")
            .unwrap();
        let grid: [Card; CELLS] = cards.try_into().unwrap();
        let count = count_grid(&grid, "5D".parse().unwrap()).unwrap();
        for line in &count.lines {
            assert_eq!(line.steps.last().map_or(0, |s| s.running), line.score.total);
        }
        assert_eq!(count.lines[0].steps[0].phrase, "fifteen two");
    }
}
