//! One seat of a game over JSON lines, for tournaments against other
//! programs (`cribbage agent`): the referee sends what the seat may know,
//! the agent rebuilds that seat's observation from it and asks the same
//! computer player the game uses.
//!
//! Each game with a protocol writes its own reader ([`Game::agent`]):
//! standard and reverse cribbage's is in [`crate::ai::cribbage`], Noddy's
//! and Costly Colours' in their rooms, with what those two share in
//! [`three_card`]. The protocols are a public contract (the `agent` usage
//! text documents them, `tests/it/agent.rs` guards them): each question is
//! answered with exactly one line, every other message gets none.
//!
//! [`Game::agent`]: super::game::Game::agent

pub mod three_card;

use crate::cards::{Card, CardSet};
use serde::{Deserialize, Serialize};

/// One seat's player of one game of the family, a line at a time.
pub trait LinePlayer {
    /// Handles one line: the answer to send, if the message wants one, or
    /// why the line cannot be read or answered.
    ///
    /// # Errors
    /// A line that cannot be read or answered, with the reason.
    fn handle(&mut self, line: &str) -> Result<Option<String>, String>;

    /// Forgets the hand in progress: after a panic its memory of it may be
    /// half updated.
    fn forget_hand(&mut self);
}

/// "me" or "opp".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Who {
    /// The agent's seat.
    Me,
    /// The other seat.
    Opp,
}

/// Both scores. Any whole number is read: past 65535 a score is taken as
/// 65535, which the bots read exactly as they would the real one (the game
/// was won long before).
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Scores {
    /// The agent's score.
    pub me: u64,
    /// The other player's.
    pub opp: u64,
}

/// The cards as a set; a repeated card is an error naming `what`.
///
/// # Errors
/// A card named twice.
pub fn distinct(cards: &[Card], what: &str) -> Result<CardSet, String> {
    let mut set = CardSet::EMPTY;
    for &card in cards {
        if !set.insert(card) {
            return Err(format!("{what} names {card} twice"));
        }
    }
    Ok(set)
}

/// An answer as one line of JSON.
///
/// # Errors
/// Only if the value cannot be written (never for the answers here).
pub fn reply<T: Serialize>(value: &T) -> Result<Option<String>, String> {
    serde_json::to_string(value)
        .map(Some)
        .map_err(|e| e.to_string())
}
