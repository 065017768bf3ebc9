//! Noddy's decisions, the phases that ask for them, and why one may be
//! refused. The deal, the turn-up and both announcements happen on their
//! own; the only decisions are in the play.

use crate::cards::Card;
use crate::table::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A decision a player makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Lay this card in the play.
    Play(Card),
    /// Say "go": cards are held but none fits under 31.
    Go,
}

impl fmt::Display for Action {
    /// The text form used in saves: `play 5H`, `go`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(card) => write!(f, "play {card}"),
            Action::Go => f.write_str("go"),
        }
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
        let rest = rest.trim();
        let bad = |why: &str| ParseActionError(super::super::not_an_action(s, why));
        match verb.to_ascii_lowercase().as_str() {
            "play" => Ok(Action::Play(
                rest.parse::<Card>().map_err(|e| bad(&e.to_string()))?,
            )),
            "go" if rest.is_empty() => Ok(Action::Go),
            "go" => Err(bad("\"go\" takes nothing after it")),
            _ => Err(bad("Noddy's actions are \"play CARD\" and \"go\"")),
        }
    }
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The play: the player to act lays a card or says go.
    Play,
    /// Someone has reached 31.
    Over,
}

/// Why an action was refused; the game is then unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalAction {
    /// The game is over.
    GameOver,
    /// This seat is not the one to act.
    NotYourTurn {
        /// The seat that tried.
        seat: Seat,
        /// The seat to act.
        to_act: Seat,
    },
    /// The card is not in the hand of the player to act.
    NotHeld(Card),
    /// The card would take the count past 31.
    OverLimit {
        /// The card.
        card: Card,
        /// The count now.
        count: u8,
    },
    /// "Go" while holding a card that fits.
    MustPlay,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::GameOver => f.write_str("the game is over"),
            IllegalAction::NotYourTurn { seat, to_act } => {
                write!(f, "seat {seat} cannot act: it is seat {to_act}'s turn")
            }
            IllegalAction::NotHeld(card) => write!(f, "{card} is not in the hand"),
            IllegalAction::OverLimit { card, count } => {
                write!(f, "{card} would take the count from {count} past 31")
            }
            IllegalAction::MustPlay => f.write_str("a card fits under 31: go is not allowed"),
        }
    }
}

impl std::error::Error for IllegalAction {}

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
