//! The cribbage family for the web: exact rules, scoring with breakdowns,
//! replayable state machines, and the views a computer player or a front
//! end gets of them.
//!
//! The shared parts come first, each game has a room of its own, and the
//! generic layers are written once over the [`games::State`] trait:
//!
//! - [`cards`]: cards, ranks, suits and bit sets of cards.
//! - [`count`]: the combinations every game scores, with breakdowns.
//! - [`pegging`]: standard cribbage's play to 31, and what it scores.
//! - [`table`]: seats and sides, pegs and tracks, seeded chance.
//! - [`json`]: the reader of saves, rules and setups (serde's, for the
//!   library's types), natively and in the browser alike.
//! - [`games`]: the [`games::State`] trait, the [`games::GameKind`] names,
//!   and one room per game ([`games::cribbage`] holds standard and reverse
//!   cribbage).
//! - [`record`]: saving, restoring, replaying and undoing any game.
//! - [`audit`]: the engine's invariants checked over random games.
//! - [`ai`]: computer players, the coach and the review, and
//!   [`ai::Game`], everything a game is beyond its rules.
//! - [`family`]: [`family::AnyGame`], any game picked at run time, with
//!   everything forwarded: what the command line and the browser hold.
//!
//! Data flows one way: cards → count → pegging → table → json → games →
//! record → audit → ai → family. The `wasm` module, compiled only for `wasm32`, is the single boundary
//! the browser talks to; nothing else here knows about JavaScript.

#![warn(missing_docs)]

pub mod ai;
pub mod audit;
pub mod cards;
pub mod count;
pub mod family;
pub mod games;
pub mod json;
pub mod pegging;
pub mod record;
pub mod table;

#[cfg(target_arch = "wasm32")]
mod wasm;
