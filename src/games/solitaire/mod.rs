//! Cribbage Solitaire: six deals from one pack, each of a hand and a crib
//! with a starter, then the four cards left counted alone (the rules
//! README, "Cribbage Solitaire"; 004).
//!
//! Each deal follows 004 to the letter: three cards to the hand, two face
//! down to the crib, three more to the hand; the top card of the stock is
//! turned as the starter (a jack: two for his heels); the player lays two
//! of the six away to the crib; the hand is counted with the starter, then
//! the crib with the starter (crib rules: only a five-card flush counts);
//! hand and crib are thrown out and the starter goes to the bottom of the
//! stock. Starters come round again: the sixth deal's last hand card and
//! starter are the first two deals' starters, and the four cards left at
//! the end are the other four starters, known to the player before they are
//! counted (with no starter: no nobs, and four of a suit is a flush of 4).
//!
//! | phase | who acts | actions |
//! |---|---|---|
//! | [`Phase::LayAway`] | seat 0 | [`Action::Lay`] two of the six |
//! | [`Phase::Over`] | nobody | — |
//!
//! 81 or more wins; 121 or more is a double game.
//!
//! The crib's two face-down cards are drawn from the seed only when the
//! crib is turned over (cards nobody has seen are alike, so the deal is
//! the same in law), so taking a lay-away back never shows them again.
//!
//! ```
//! use cribbage::games::solitaire::{Game, Rules};
//! use cribbage::games::State as _;
//!
//! let mut game = Game::new(Rules::default(), 7);
//! while !game.is_over() {
//!     let action = game.legal_actions()[0];
//!     game.apply(action)?;
//! }
//! assert_eq!(game.deal_number(), 6);
//! assert_eq!(game.last_four().map(|c| c.len()), Some(4));
//! # Ok::<(), cribbage::games::solitaire::IllegalAction>(())
//! ```

pub mod action;
pub mod event;
pub mod observation;
pub mod rules;
pub mod score;
mod state;

pub use action::{Action, IllegalAction, ParseActionError, Phase};
pub use event::{Counted, Event, Shown};
pub use observation::{Move, MoveKind, Observation};
pub use rules::{DEALS, DOUBLE, Rules, Setup, SetupError, WIN};
pub use score::FourCount;
pub use state::Game;
