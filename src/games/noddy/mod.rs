//! Noddy, the ancestor of cribbage: two players, three cards each, a
//! turn-up, an announcement of each hand, one series of play to 31, game to
//! 31 (the rules README, "Noddy").
//!
//! - [`score`]: the announcement and the play's combinations.

pub mod score;
