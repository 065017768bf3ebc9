//! Cribbage Solitaire's rules and stacked packs.
//!
//! The game has no options; [`Rules`] is still a type of its own, saved as
//! `{}`, so that a later option reads old saves as they were.

use crate::cards::{Card, CardSet};
use crate::table::ScoreBoard;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Points that win the game.
pub const WIN: u16 = 81;

/// Points that win a double game.
pub const DOUBLE: u16 = 121;

/// The peg board: its track runs to the double game's 121, and a score
/// runs on past it as made (the deal's result), in the observation and in
/// each count's event alike.
pub const BOARD: ScoreBoard = ScoreBoard {
    target: DOUBLE,
    win: WIN,
    runs_on: true,
};

/// Cards each deal lays face down in the crib; the player lays away two more.
pub const CRIB_DEALT: u8 = 2;

/// Deals of hand and crib before the last four cards.
pub const DEALS: u8 = 6;

/// The rules of Cribbage Solitaire: no options yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Cribbage Solitaire, {DEALS} deals, {WIN} wins, {DOUBLE} a double game"
        )
    }
}

/// A stacked pack: its first cards from the top, in order, before the first
/// deal (each deal takes three to the hand, two to the crib, three to the
/// hand and turns the next). Cards past the end of the list are drawn from
/// the seed. For worked examples and tests.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The pack from the top; at most 52 cards.
    pub pack: Vec<Card>,
}

/// Why a [`Setup`] cannot be played: the family's one form.
pub use crate::games::SetupError;

impl Setup {
    /// The stacked cards as a set.
    pub fn set(&self) -> CardSet {
        self.pack.iter().copied().collect()
    }

    /// Checks the setup: no card twice (so at most 52).
    pub(crate) fn check(&self) -> Result<(), SetupError> {
        crate::count::distinct(self.pack.iter().copied())
            .map(|_| ())
            .map_err(|e| SetupError(e.to_string()))
    }
}
