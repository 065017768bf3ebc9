//! Costly Colours, the other ancestor of cribbage: two players, three cards
//! each, a turn-up, the mog, the play, and the show of each hand; game to
//! 121 (the rules README, "Costly Colours").
//!
//! A [`Game`] is created from [`Rules`] and a seed and changes only through
//! [`Game::apply`](crate::games::State::apply). The cut for deal, the deal, the turn-up (a jack or a
//! two: four to the dealer) and the show happen on their own; the players
//! decide the mog and the play:
//!
//! | phase | who acts | actions |
//! |---|---|---|
//! | [`Phase::Mog`] | the dealer's opponent, then the dealer | [`Action::Mog`], [`Action::Refuse`] |
//! | [`Phase::Pass`] | the dealer's opponent, then the dealer | [`Action::Pass`] |
//! | [`Phase::Play`] | the player to lay a card | [`Action::Play`], [`Action::Go`] |
//! | [`Phase::Over`] | nobody | — |
//!
//! The mog: a refusal pegs one to the other player as it is said. When
//! both agree, each passes a card face down; the first card passed reaches
//! its receiver only when the second has been chosen, so the passing is
//! simultaneous in effect. A passed jack or two pegs for its passer (4 of
//! the turn-up's suit, else 2) and scores nothing as a jack or two in its
//! receiver's show.
//!
//! The play is cribbage's: series to 31, go, one for last unless the last
//! card made 31, the count back to 0 and the player after the last to lay
//! a card leading. An ace is laid as 1 or 11, the value part of the action
//! (`play AH 11`). Then the dealer's opponent shows, then the dealer: three
//! cards with the turn-up, counted by [`score::show`]. The first to reach
//! 121 wins at that moment.
//!
//! The files: [`score`] (the counting), [`rules`] (rules and stacked
//! deals), [`action`], [`event`], [`observation`] and `state.rs`.
//!
//! ```
//! use cribbage::games::costly_colours::{Game, Rules};
//! use cribbage::games::State as _;
//!
//! let mut game = Game::new(Rules::default(), 7);
//! while !game.is_over() {
//!     let action = game.legal_actions()[0];
//!     game.apply(action)?;
//! }
//! let winner = game.winner().unwrap();
//! assert!(game.scores()[winner].front >= 121);
//! # Ok::<(), cribbage::games::costly_colours::IllegalAction>(())
//! ```

pub mod action;
pub mod event;
pub mod observation;
pub mod rules;
pub mod score;
mod state;

pub use crate::table::{Pegs, Seat, Side};
pub use action::{Action, IllegalAction, ParseActionError, Phase};
pub use event::{Cut, Event, Peg, Reason, Shown};
pub use observation::{Board, Laid, MogView, MogWord, Move, MoveKind, Observation};
pub use rules::{DealSetup, Rules, Setup, SetupError, TARGET};
pub use state::Game;
