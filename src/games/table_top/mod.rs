//! Table Top Cribbage (also Cribbage Square): two players head to head, or
//! four in partnerships, build a 5×5 layout of cards turned one at a time
//! from face-down stacks; one side scores the rows, the other the columns,
//! each line counted like a cribbage hand with no starter; hands repeat
//! until a side reaches 121 (the rules README, "Table Top Cribbage").
//!
//! A [`Game`] is created from [`Rules`] and a seed and changes only through
//! [`Game::apply`](crate::games::State::apply). The draw for deal, the deal into stacks, the centre
//! card, turning each player's card and counting the lines happen on their
//! own; the one decision is where the turned card goes:
//!
//! | phase | who acts | actions |
//! |---|---|---|
//! | [`Phase::Place`] | the player who has turned a card | [`Action::Place`] on an open cell |
//! | [`Phase::Over`] | nobody | — |
//!
//! A card goes on an empty cell next to a card already placed (beside or
//! diagonally), within the 5×5 centred on the first card. When all 24 are
//! placed both sides peg their lines; a side at 121 or more with more than
//! the other wins, and a tie there plays another hand.
//!
//! The files: [`layout`] (cells, lines, where a card may go), [`score`]
//! (counting a line), [`rules`] (rules and stacked deals), [`action`],
//! [`event`], [`observation`] and `state.rs`.
//!
//! ```
//! use cribbage::games::table_top::{Game, Rules};
//! use cribbage::games::State as _;
//!
//! let mut game = Game::new(Rules::new(4)?, 7);
//! while !game.is_over() {
//!     let action = game.legal_actions()[0];
//!     game.apply(action)?;
//! }
//! let winner = game.winner().unwrap();
//! assert!(game.scores()[winner].front >= 121);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod action;
pub mod event;
pub mod layout;
pub mod observation;
pub mod rules;
pub mod score;
mod state;

pub use crate::table::{Pegs, Seat, Side};
pub use action::{Action, IllegalAction, ParseActionError, Phase};
pub use event::{Cut, Event, Peg, Reason, Seated};
pub use layout::{Cell, Direction, Layout, Line, SIDE};
pub use observation::{LineNow, Move, MoveKind, Observation};
pub use rules::{DealSetup, Rules, RulesError, Seating, Setup, SetupError, TARGET};
pub use state::Game;
