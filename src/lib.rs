//! Cribbage for two, three and four players: exact rules, scoring with
//! breakdowns, a replayable game state machine, and the views a computer
//! player or a front end gets of it.
//!
//! Data flows one way: [`cards`] → [`score`] → [`play`] → [`game`] →
//! [`observation`]; [`save`] stores a game as its rules, seed and actions, and
//! [`audit`] checks the engine's invariants over random games.
//! The `wasm` module, compiled only for `wasm32`, is the single boundary the
//! browser talks to; nothing else here knows about JavaScript.

#![warn(missing_docs)]

pub mod ai;
pub mod audit;
pub mod cards;
pub mod game;
pub mod observation;
pub mod play;
pub mod rules;
pub mod save;
pub mod score;

#[cfg(target_arch = "wasm32")]
mod wasm;
