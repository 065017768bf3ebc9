//! Costly Colours' decisions, the phases that ask for them, and why one may
//! be refused. The cut, the deal, the turn-up and the show happen on their
//! own; the players decide whether to mog, which card to pass, and what to
//! lay in the play (an ace's value with it).

use crate::cards::{Card, Rank};
use crate::table::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A decision a player makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Agree to the mog.
    Mog,
    /// Refuse the mog (the other player pegs 1 for it).
    Refuse,
    /// Pass this card, face down, to the other player (both agreed to mog).
    Pass(Card),
    /// Lay this card in the play at this value: an ace 1 or 11, chosen as
    /// it is laid; any other card its pips.
    Play {
        /// The card.
        card: Card,
        /// What it adds to the count.
        value: u8,
    },
    /// Say "go": cards are held but none fits under 31.
    Go,
}

impl Action {
    /// Laying a card that is not an ace, at its pips.
    pub fn play(card: Card) -> Action {
        Action::Play {
            card,
            value: card.pips(),
        }
    }
}

impl fmt::Display for Action {
    /// The text form used in saves: `mog`, `refuse`, `pass 5H`, `play 5H`,
    /// `play AH 11`, `go`. The value is written only where it is a choice
    /// (an ace), or where it is not the card's own (an action the rules
    /// refuse, shown as it was made).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Mog => f.write_str("mog"),
            Action::Refuse => f.write_str("refuse"),
            Action::Pass(card) => write!(f, "pass {card}"),
            Action::Play { card, value } if card.rank() == Rank::Ace || value != card.pips() => {
                write!(f, "play {card} {value}")
            }
            Action::Play { card, .. } => write!(f, "play {card}"),
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

    /// Reads the text form. An ace must say its value (`play AH 1` or
    /// `play AH 11`) and no other card may: so each action has one text,
    /// and a save never leaves an ace's value to be guessed.
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let s = s.trim();
        let words: Vec<&str> = s.split_whitespace().collect();
        let bad = |why: &str| ParseActionError(super::super::not_an_action(s, why));
        let card = |text: &str| -> Result<Card, ParseActionError> {
            text.parse::<Card>().map_err(|e| bad(&e.to_string()))
        };
        let verb = words.first().map(|w| w.to_ascii_lowercase());
        match (verb.as_deref(), words.get(1..).unwrap_or_default()) {
            (Some("mog"), []) => Ok(Action::Mog),
            (Some("refuse"), []) => Ok(Action::Refuse),
            (Some("go"), []) => Ok(Action::Go),
            (Some(verb @ ("mog" | "refuse" | "go")), _) => {
                Err(bad(&format!("\"{verb}\" takes nothing after it")))
            }
            (Some("pass"), [text]) => Ok(Action::Pass(card(text)?)),
            (Some("pass"), _) => Err(bad("\"pass\" takes one card")),
            (Some("play"), [text]) => {
                let card = card(text)?;
                if card.rank() == Rank::Ace {
                    return Err(bad(&format!(
                        "an ace is laid as 1 or 11: \"play {card} 1\" or \"play {card} 11\""
                    )));
                }
                Ok(Action::play(card))
            }
            (Some("play"), [text, value]) => {
                let card = card(text)?;
                if card.rank() != Rank::Ace {
                    return Err(bad(&format!("only an ace takes a value: \"play {card}\"")));
                }
                match *value {
                    "1" => Ok(Action::Play { card, value: 1 }),
                    "11" => Ok(Action::Play { card, value: 11 }),
                    _ => Err(bad("an ace is laid as 1 or 11")),
                }
            }
            (Some("play"), _) => Err(bad("\"play\" takes a card (and an ace its value)")),
            _ => Err(bad(
                "Costly Colours' actions are \"mog\", \"refuse\", \"pass CARD\", \
                 \"play CARD\" (an ace \"play AH 1\" or \"play AH 11\") and \"go\"",
            )),
        }
    }
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Each player says whether they will mog: the dealer's opponent first.
    Mog,
    /// Both agreed: each passes one card face down, the dealer's opponent
    /// first, and neither sees the other's until both have passed.
    Pass,
    /// The play: the player to act lays a card or says go.
    Play,
    /// Someone has reached 121.
    Over,
}

impl Phase {
    /// What the phase asks of the players, for a refusal's message.
    fn asks(self) -> &'static str {
        match self {
            Phase::Mog => "each player says \"mog\" or \"refuse\"",
            Phase::Pass => "each player passes a card (\"pass CARD\")",
            Phase::Play => "the play (\"play CARD\" or \"go\")",
            Phase::Over => "the game is over",
        }
    }
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
    /// The action belongs to another phase of the hand.
    NotNow(Phase),
    /// The card is not in the hand of the player to act.
    NotHeld(Card),
    /// The value is not the card's: an ace is 1 or 11, any other card its
    /// pips.
    WrongValue {
        /// The card.
        card: Card,
        /// The value given.
        value: u8,
    },
    /// The card, at that value, would take the count past 31.
    OverLimit {
        /// The card.
        card: Card,
        /// The value it was laid at.
        value: u8,
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
            IllegalAction::NotNow(phase) => write!(f, "not now: {}", phase.asks()),
            IllegalAction::NotHeld(card) => write!(f, "{card} is not in the hand"),
            IllegalAction::WrongValue { card, value } if card.rank() == Rank::Ace => {
                write!(f, "{card} is laid as 1 or 11, not {value}")
            }
            IllegalAction::WrongValue { card, value } => {
                write!(f, "{card} counts {}, not {value}", card.pips())
            }
            IllegalAction::OverLimit { card, value, count } => {
                write!(
                    f,
                    "{card} as {value} would take the count from {count} past 31"
                )
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_and_write_their_text() {
        for text in [
            "mog",
            "refuse",
            "pass 5H",
            "play 5H",
            "play AH 1",
            "play AS 11",
            "go",
        ] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
        assert_eq!(
            "  PLAY  TC ".parse::<Action>().unwrap().to_string(),
            "play TC"
        );
        for bad in [
            "play AH",
            "play AH 5",
            "play 5H 5",
            "play",
            "pass",
            "pass 5H 6H",
            "mog now",
            "go 3",
            "discard 5H",
            "",
            "play 1H",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}
