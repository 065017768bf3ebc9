//! Costly Colours, the other ancestor of cribbage: two players, three cards
//! each, a turn-up, the mog, the play, and the show of each hand; game to
//! 121 (the rules README, "Costly Colours").
//!
//! - [`score`]: the show's and the play's combinations, aces 1 or 11.

pub mod score;
