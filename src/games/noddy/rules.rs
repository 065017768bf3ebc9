//! Noddy's rules and stacked starts.
//!
//! Noddy has no options: two players, three cards each, game to 31 (the
//! rules README, "Noddy"). [`Rules`] is still a type of its own, saved as
//! `{}`, so that a later option (the four-handed game 004 mentions) reads
//! old saves as they were.

pub use crate::games::stacked::{CARDS_DEALT, DealSetup, PLAYERS, Setup, SetupError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Points that win the game: the 31-hole board.
pub const TARGET: u16 = 31;

/// The rules of a game of Noddy: no options yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Noddy, 2 players, game to {TARGET}")
    }
}
