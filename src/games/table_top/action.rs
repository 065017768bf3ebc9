//! Table Top Cribbage's one decision, the phases that ask for it, and why
//! it may be refused. The deal, turning the centre and turning each card
//! from a stack happen on their own: the player to act only chooses where
//! the card they have turned goes.

use super::layout::Cell;
use crate::cards::Card;
use crate::table::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A decision a player makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Put the card just turned on this cell.
    Place(Cell),
}

impl Action {
    /// The cell chosen.
    pub fn cell(self) -> Cell {
        match self {
            Action::Place(cell) => cell,
        }
    }
}

impl fmt::Display for Action {
    /// The text form used in saves: `place r2c3` (row 2, column 3, from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(cell) => write!(f, "place {cell}"),
        }
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
        let s = s.trim();
        let (verb, rest) = s.split_once(char::is_whitespace).unwrap_or((s, ""));
        let bad = |why: &str| ParseActionError(super::super::not_an_action(s, why));
        match verb.to_ascii_lowercase().as_str() {
            "place" => Ok(Action::Place(
                rest.trim()
                    .parse::<Cell>()
                    .map_err(|e| bad(&e.to_string()))?,
            )),
            _ => Err(bad(
                "Table Top Cribbage's one action is \"place CELL\", as \"place r2c3\"",
            )),
        }
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
    /// The player to act has turned a card and places it.
    Place,
    /// A side has won.
    Over,
}

/// Why an action was refused; the game is then unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalAction {
    /// The game is over.
    GameOver,
    /// This seat is not the one to act.
    NotYourTurn {
        /// The seat that tried.
        seat: Seat,
        /// The seat to act.
        to_act: Seat,
    },
    /// The cell already holds a card.
    Taken {
        /// The cell.
        cell: Cell,
        /// The card on it.
        card: Card,
    },
    /// The cell is empty but touches no card, not even at a corner.
    NotAdjacent(Cell),
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::GameOver => f.write_str("the game is over"),
            IllegalAction::NotYourTurn { seat, to_act } => {
                write!(f, "seat {seat} cannot act: it is seat {to_act}'s turn")
            }
            IllegalAction::Taken { cell, card } => write!(f, "{cell} already holds {card}"),
            IllegalAction::NotAdjacent(cell) => write!(
                f,
                "{cell} touches no card: a card goes next to one already placed (side or corner)"
            ),
        }
    }
}

impl std::error::Error for IllegalAction {}
