//! Cribbage Square Solitaire's rules and stacked packs.
//!
//! The game has no options; [`Rules`] is still a type of its own, saved as
//! `{}`, so that a later option (the adjacency some versions require) reads
//! old saves as they were.

use super::score::CELLS;
use crate::cards::{Card, CardSet};
use crate::table::ScoreBoard;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Points that win the deal.
pub const WIN: u16 = 61;

/// The peg board: its track runs to the 61 that wins, and a score runs on
/// past it as made (the deal's result), in the observation and in each
/// count's event alike.
pub const BOARD: ScoreBoard = ScoreBoard {
    target: WIN,
    win: WIN,
    runs_on: true,
};

/// The rules of Cribbage Square Solitaire: no options yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cribbage Square Solitaire, a 4×4 grid, {WIN} wins")
    }
}

/// A stacked pack: the first cards to be turned, in order (the sixteen to
/// place, then the starter). Cards past the end of the list are drawn from
/// the seed. For worked examples and tests.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The cards turned first, in order; at most 17.
    pub cards: Vec<Card>,
}

/// Why a [`Setup`] cannot be played: the family's one form.
pub use crate::games::SetupError;

impl Setup {
    /// The stacked cards as a set.
    pub fn set(&self) -> CardSet {
        self.cards.iter().copied().collect()
    }

    /// Checks the setup: at most 17 cards, none twice.
    pub(crate) fn check(&self) -> Result<(), SetupError> {
        if self.cards.len() > CELLS + 1 {
            return Err(SetupError(format!(
                "{} cards stacked; the game turns {}",
                self.cards.len(),
                CELLS + 1
            )));
        }
        if let Err(e) = crate::count::distinct(self.cards.iter().copied()) {
            return Err(SetupError(e.to_string()));
        }
        Ok(())
    }
}
