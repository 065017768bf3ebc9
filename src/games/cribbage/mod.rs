//! Standard cribbage for 2, 3 and 4 players, and reverse (low-ball)
//! cribbage, which differs only in its goal: the side that reaches the
//! target loses. One room for both, because everything else is shared.
//!
//! A [`Game`] is created from [`Rules`] and a seed; from then on it changes
//! only through [`Game::apply`](crate::games::State::apply), so a game is fully determined by its rules,
//! seed and list of actions (see [`crate::record`]). Chance — the cut for
//! deal, the shuffle, the starter — comes from [`crate::table::Chance`] and
//! happens automatically between decisions, as do the show in automatic
//! counting and the deal of the next hand. The decisions are:
//!
//! | phase            | who acts                             | actions                      |
//! |------------------|--------------------------------------|------------------------------|
//! | [`Phase::Discard`] | each player in turn from the dealer's left | [`Action::Discard`]   |
//! | [`Phase::Play`]  | the player to lay a card             | [`Action::Play`], [`Action::Go`] |
//! | [`Phase::Claim`] | (muggins) the owner of the hand or crib being shown | [`Action::Claim`] |
//! | [`Phase::Muggins`] | (muggins) each opponent in turn after a claim | [`Action::Muggins`], [`Action::Accept`] |
//! | [`Phase::Over`]  | nobody                               | —                            |
//!
//! Everything that happens, and every point with its reason, is an [`Event`]:
//! [`Game::apply`](crate::games::State::apply) returns the events the action caused, and
//! [`Game::events`](crate::games::State::events) holds them all. Events are public information only: no
//! hidden card appears in one before the rules reveal it.
//!
//! A computer player sees a game only through [`Game::observation`](crate::games::State::observation).
//!
//! The files: [`action`] (decisions and refusals), [`event`] (what
//! happens), [`rules`] (the options), [`setup`] (stacked deals),
//! `state.rs` (the state machine), [`observation`] (one seat's view) and
//! `upgrade.rs` (saves from before muggins calls named a count). Saving
//! and restoring is [`crate::record`]'s.
//!
//! ```
//! use cribbage::games::cribbage::{Game, Phase, Rules};
//! use cribbage::games::State as _;
//!
//! let mut game = Game::new(Rules::default(), 7);
//! while !game.is_over() {
//!     // Always take the first legal action: a legal (if witless) game.
//!     let action = game.legal_actions()[0].clone();
//!     game.apply(action)?;
//! }
//! assert_eq!(game.phase(), Phase::Over);
//! let winner = game.winner().unwrap();
//! assert!(game.scores()[winner].front >= 121);
//! # Ok::<(), cribbage::games::cribbage::IllegalAction>(())
//! ```

pub mod action;
pub mod event;
pub mod observation;
pub mod rules;
pub mod setup;
mod state;
mod upgrade;

pub use crate::table::{Pegs, Seat, Side};
pub use action::{Action, CUT_DEPTHS, IllegalAction, MOST_POINTS, ParseActionError, Phase};
pub use event::{Cut, Event, GameResult, Peg, Reason, Skunk};
pub use observation::{Board, Move, MoveKind, Observation, PlayRecord, ShowRecord, Showing};
pub use rules::{Counting, CutForDeal, MatchFormat, Rules, RulesError};
pub use setup::{DealSetup, Setup, SetupError};
pub use state::Game;
pub use upgrade::MUGGINS_CALLS_FORMAT;
