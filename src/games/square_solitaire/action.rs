//! Cribbage Square Solitaire's one decision, where the card in hand goes,
//! the phases, and why a placement may be refused.

use super::score::{CELLS, SIDE};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A decision: where the card in hand goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Place the card in hand on this cell, 0-based inside; the text form
    /// counts from 1, row then column: `place 2 3` is row 2, column 3.
    Place {
        /// The row, 0 at the top.
        row: u8,
        /// The column, 0 at the left.
        col: u8,
    },
}

impl Action {
    /// The placement on cell `cell` (row × 4 + column), if it is on the grid.
    pub fn at_cell(cell: usize) -> Option<Action> {
        (cell < CELLS).then_some(Action::Place {
            row: (cell / SIDE) as u8,
            col: (cell % SIDE) as u8,
        })
    }

    /// The cell number (row × 4 + column); `None` off the grid.
    pub fn cell(self) -> Option<usize> {
        let Action::Place { row, col } = self;
        let (row, col) = (usize::from(row), usize::from(col));
        (row < SIDE && col < SIDE).then_some(row * SIDE + col)
    }
}

impl fmt::Display for Action {
    /// The text form used in saves: `place 2 3` (row, column, from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Action::Place { row, col } = self;
        write!(f, "place {} {}", u16::from(*row) + 1, u16::from(*col) + 1)
    }
}

/// Why text is not an [`Action`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseActionError(String);

impl fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseActionError {}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let bad = |why: &str| ParseActionError(super::super::not_an_action(s.trim(), why));
        let [verb, row, col] = words[..] else {
            return Err(bad(
                "Cribbage Square Solitaire's action is \"place ROW COLUMN\" (each 1-4)",
            ));
        };
        if !verb.eq_ignore_ascii_case("place") {
            return Err(bad(
                "Cribbage Square Solitaire's action is \"place ROW COLUMN\" (each 1-4)",
            ));
        }
        let number = |text: &str| -> Result<u8, ParseActionError> {
            match text.parse::<u8>() {
                Ok(n) if (1..=SIDE as u8).contains(&n) => Ok(n - 1),
                _ => Err(bad("rows and columns are numbered 1 to 4")),
            }
        };
        Ok(Action::Place {
            row: number(row)?,
            col: number(col)?,
        })
    }
}

impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Action, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// A card is turned: the player places it.
    Place,
    /// The grid is full and counted.
    Over,
}

/// Why an action was refused; the game is then unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalAction {
    /// The game is over.
    GameOver,
    /// The cell is not on the 4×4 grid.
    OffGrid {
        /// The row asked for, 0-based.
        row: u8,
        /// The column asked for, 0-based.
        col: u8,
    },
    /// The cell already holds a card.
    Taken {
        /// The row, 0-based.
        row: u8,
        /// The column, 0-based.
        col: u8,
    },
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::GameOver => f.write_str("the game is over"),
            IllegalAction::OffGrid { row, col } => write!(
                f,
                "row {}, column {} is not on the grid (rows and columns 1 to 4)",
                u16::from(*row) + 1,
                u16::from(*col) + 1
            ),
            IllegalAction::Taken { row, col } => write!(
                f,
                "row {}, column {} already holds a card",
                u16::from(*row) + 1,
                u16::from(*col) + 1
            ),
        }
    }
}

impl std::error::Error for IllegalAction {}
