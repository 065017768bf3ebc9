//! Cribbage Square Solitaire: one player turns sixteen cards one at a time
//! and places each on any empty cell of a 4×4 grid; the next card is the
//! starter; each of the four rows and four columns is then counted as a
//! cribbage hand with it (the rules README, "Cribbage Square Solitaire";
//! 004).
//!
//! A [`Game`] is created from [`Rules`] and a seed and changes only through
//! [`Game::apply`](crate::games::State::apply). Turning each card, the starter (a jack: two for his
//! heels, once) and the count happen on their own; the only decision is
//! where each card goes:
//!
//! | phase | who acts | actions |
//! |---|---|---|
//! | [`Phase::Place`] | seat 0 | [`Action::Place`] on an empty cell |
//! | [`Phase::Over`] | nobody | — |
//!
//! Each card is drawn from the seed only when it is turned, so taking a
//! placement back (undo) draws the card after it afresh rather than
//! showing it again. 61 or more wins.
//!
//! The files: [`score`] (the counting), [`rules`] (rules and stacked
//! packs), [`action`], [`event`], [`observation`] and `state.rs`.
//!
//! ```
//! use cribbage::games::square_solitaire::{Game, Rules};
//! use cribbage::games::State as _;
//!
//! let mut game = Game::new(Rules::default(), 7);
//! while !game.is_over() {
//!     let action = game.legal_actions()[0];
//!     game.apply(action)?;
//! }
//! assert_eq!(game.grid().iter().flatten().count(), 16);
//! assert!(game.starter().is_some());
//! # Ok::<(), cribbage::games::square_solitaire::IllegalAction>(())
//! ```

pub mod action;
pub mod event;
pub mod observation;
pub mod rules;
pub mod score;
mod state;

pub use action::{Action, IllegalAction, ParseActionError, Phase};
pub use event::Event;
pub use observation::{LineNow, Move, MoveKind, Observation};
pub use rules::{Rules, Setup, SetupError, WIN};
pub use score::{CELLS, GridCount, Line, LineCount, SIDE};
pub use state::Game;
