//! Noddy, the ancestor of cribbage: two players, three cards each, a
//! turn-up, an announcement of each hand, one series of play to 31, game to
//! 31 (the rules README, "Noddy").
//!
//! A [`Game`] is created from [`Rules`] and a seed and changes only through
//! [`Game::apply`](crate::games::State::apply). The cut for deal, the deal, the turn-up (a jack: two to
//! the dealer's opponent) and both announcements (the dealer's opponent
//! first) happen on their own; the only decisions are in the play:
//!
//! | phase | who acts | actions |
//! |---|---|---|
//! | [`Phase::Play`] | the player to lay a card | [`Action::Play`], [`Action::Go`] |
//! | [`Phase::Over`] | nobody | — |
//!
//! The play is one series to 31, never reset: a player who holds cards
//! none of which fits says go, and the other plays on while able. When
//! neither can lay a card the last card laid pegs one for go, unless it
//! made 31 (a hitter, which has scored instead). The first to reach 31 wins
//! at that moment.
//!
//! The files: [`score`] (the counting), [`rules`] (rules and stacked
//! deals), [`action`], [`event`], [`observation`] and `state.rs`.
//!
//! ```
//! use cribbage::games::noddy::{Game, Rules};
//! use cribbage::games::State as _;
//!
//! let mut game = Game::new(Rules::default(), 7);
//! while !game.is_over() {
//!     let action = game.legal_actions()[0];
//!     game.apply(action)?;
//! }
//! let winner = game.winner().unwrap();
//! assert!(game.scores()[winner].front >= 31);
//! # Ok::<(), cribbage::games::noddy::IllegalAction>(())
//! ```

pub mod action;
pub mod event;
pub mod observation;
pub mod rules;
pub mod score;
mod state;

pub use crate::table::{Pegs, Seat, Side};
pub use action::{Action, IllegalAction, ParseActionError, Phase};
pub use event::{Cut, Event, Peg, Reason, Said};
pub use observation::{Board, Heard, Laid, Move, MoveKind, Observation};
pub use rules::{DealSetup, Rules, Setup, SetupError, TARGET};
pub use state::Game;
