//! Cribbage for two, three and four players: exact rules, scoring with
//! breakdowns, and (in later modules) the game, its computer players and coach.
//!
//! Data flows one way: [`cards`] → [`score`] → game → observation → ai.
//! The `wasm` module, compiled only for `wasm32`, is the single boundary the
//! browser talks to; nothing else here knows about JavaScript.

#![warn(missing_docs)]

pub mod cards;
pub mod score;

#[cfg(target_arch = "wasm32")]
mod wasm;
