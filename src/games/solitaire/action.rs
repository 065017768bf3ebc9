//! Cribbage Solitaire's one decision, the two cards laid away to the crib,
//! the phases, and why a lay-away may be refused.

use crate::cards::{Card, CardSet};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A decision: the two cards of the six laid away to the crib.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Lay these two cards away: `lay 5H 6C`.
    Lay(CardSet),
}

impl fmt::Display for Action {
    /// The text form used in saves: `lay 5H 6C`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Action::Lay(cards) = self;
        write!(f, "lay {cards}")
    }
}

/// Why text is not an [`Action`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseActionError(String);

impl fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseActionError {}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let s = s.trim();
        let (verb, rest) = s.split_once(char::is_whitespace).unwrap_or((s, ""));
        let bad = |why: &str| ParseActionError(super::super::not_an_action(s, why));
        if !verb.eq_ignore_ascii_case("lay") {
            return Err(bad("Cribbage Solitaire's action is \"lay CARD CARD\""));
        }
        let cards: CardSet = rest.parse::<CardSet>().map_err(|e| bad(&e.to_string()))?;
        if cards.len() != 2 {
            return Err(bad(&format!(
                "two cards are laid away, not {}",
                cards.len()
            )));
        }
        Ok(Action::Lay(cards))
    }
}

impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Action, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Six cards dealt and the starter turned: the player lays two away.
    LayAway,
    /// The last four cards are counted.
    Over,
}

/// Why an action was refused; the game is then unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalAction {
    /// The game is over.
    GameOver,
    /// Two cards are laid away, not this many.
    NotTwo(usize),
    /// The card is not one of the six dealt.
    NotHeld(Card),
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::GameOver => f.write_str("the game is over"),
            IllegalAction::NotTwo(n) => write!(f, "two cards are laid away, not {n}"),
            IllegalAction::NotHeld(card) => write!(f, "{card} is not in the hand"),
        }
    }
}

impl std::error::Error for IllegalAction {}
