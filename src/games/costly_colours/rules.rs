//! Costly Colours' rules and stacked starts.
//!
//! Costly Colours has no options: two players, three cards each, game to
//! 121 (the rules README, "Costly Colours"). [`Rules`] is still a type of its
//! own, saved as `{}`, so that a later option (a shorter game to 61, say)
//! reads old saves as they were.

pub use crate::games::stacked::{CARDS_DEALT, DealSetup, PLAYERS, Setup, SetupError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Points that win the game: twice round a standard board.
pub const TARGET: u16 = 121;

/// The rules of a game of Costly Colours: no options yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Costly Colours, 2 players, game to {TARGET}")
    }
}
