//! Counting: the combinations every game of the family scores, with the
//! cards that make each one.
//!
//! - [`show`]: standard cribbage's show (a hand or crib with the starter),
//!   with its breakdown, the spoken cadence and the fast path for the AI.
//! - [`peg`]: what a card laid in the play scores.
//! - The primitives below (totals under a card valuation, pairs, runs,
//!   flushes) are what each game's own scorer is built from; the show's
//!   breakdown uses them, and a test proves them equal to brute force.

pub mod peg;
pub mod show;

pub use peg::{PegScore, peg_score, peg_score_unchecked};
pub use show::{
    CadenceStep, Combo, ComboKind, PreparedHand, ScoreError, ShowKind, ShowScore, distribution,
    score_show, show_total,
};
