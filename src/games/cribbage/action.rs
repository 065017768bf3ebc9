//! The decisions of standard and reverse cribbage, the phases that ask for
//! them, and why one may be refused.

use crate::cards::{Card, CardSet};
use crate::pegging::PlayError;
use crate::table::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A decision a player makes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Action {
    /// Lay these cards away to the crib: two with two players, one with three or four.
    Discard(CardSet),
    /// Lay this card in the play.
    Play(Card),
    /// Say "go": no card fits under 31.
    Go,
    /// (Muggins) claim this many points for the hand or crib being shown.
    Claim(u8),
    /// (Muggins) call muggins on the claim, naming the count the cards hold.
    Muggins(u8),
    /// (Muggins) let the claim stand.
    Accept,
    /// (Cutting for deal by hand) lift this many cards off the pack and show
    /// the bottom one of them: from [`CUT_DEPTHS`].
    Cut(u8),
}

/// How deep a cut may go: at least four cards lifted and at least four
/// left, as players cut.
pub const CUT_DEPTHS: std::ops::RangeInclusive<u8> = 4..=48;

/// The most any hand or crib holds, and so the most a claim or a call may
/// name.
pub const MOST_POINTS: u8 = 29;

impl fmt::Display for Action {
    /// The compact text form used in saved games: `discard 5H 6C`, `play 5H`,
    /// `go`, `claim 12`, `muggins 14`, `accept`, `cut 20`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Discard(cards) => write!(f, "discard {cards}"),
            Action::Play(card) => write!(f, "play {card}"),
            Action::Go => write!(f, "go"),
            Action::Claim(points) => write!(f, "claim {points}"),
            Action::Muggins(points) => write!(f, "muggins {points}"),
            Action::Accept => write!(f, "accept"),
            Action::Cut(depth) => write!(f, "cut {depth}"),
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
        // One message shape for every refusal, the reason formatted into it
        // directly: one formatting call instead of a string per reason.
        let bad =
            |why: &dyn fmt::Display| ParseActionError(format!("\"{s}\" is not an action: {why}"));
        let action = match verb.to_ascii_lowercase().as_str() {
            "discard" if rest.is_empty() => return Err(bad(&"discard which cards?")),
            "discard" => Action::Discard(rest.parse().map_err(|e| bad(&e))?),
            "play" => Action::Play(rest.parse().map_err(|e| bad(&e))?),
            "claim" => Action::Claim(
                rest.parse()
                    .map_err(|_| bad(&"a claim is a number of points"))?,
            ),
            "muggins" => Action::Muggins(rest.parse().map_err(|_| {
                bad(&"muggins names the count the cards hold, as in \"muggins 12\"")
            })?),
            "cut" => Action::Cut(
                rest.parse()
                    .map_err(|_| bad(&"a cut names how many cards to lift, as in \"cut 20\""))?,
            ),
            "go" | "accept" if !rest.is_empty() => {
                return Err(bad(&format_args!("{verb} takes nothing after it")));
            }
            "go" => Action::Go,
            "accept" => Action::Accept,
            _ => {
                return Err(bad(
                    &"expected discard, play, go, claim, muggins, accept or cut",
                ));
            }
        };
        Ok(action)
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

/// The kind of decision the game is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// (Cutting for deal by hand) the players cut the pack in turn; the
    /// lower card deals.
    Cut,
    /// Players lay away to the crib.
    Discard,
    /// The play: cards are laid and the count runs to 31.
    Play,
    /// (Muggins) the owner of the hand or crib being shown claims its count.
    Claim,
    /// (Muggins) an opponent may call muggins on the claim, naming the true
    /// count, or let it stand.
    Muggins,
    /// The game (or match) is over.
    Over,
}

/// Why an action was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalAction {
    /// The game is over.
    GameOver,
    /// This kind of action does not belong to the current phase.
    WrongPhase {
        /// The phase the game is in.
        phase: Phase,
        /// The action refused.
        action: Action,
    },
    /// The action names a card the player does not hold.
    NotInHand(Card),
    /// The wrong number of cards laid away.
    DiscardCount {
        /// How many the rules want.
        expected: usize,
        /// How many were given.
        got: usize,
    },
    /// A move the play does not allow.
    Play(PlayError),
    /// A claim or a call above [`MOST_POINTS`], which no hand or crib holds.
    BeyondAnyCount {
        /// The points named.
        points: u8,
    },
    /// A muggins call naming the very count claimed: that is letting the
    /// claim stand.
    NamesTheClaim {
        /// The points named.
        points: u8,
    },
    /// A cut lifting too few cards or leaving too few.
    CutDepth {
        /// The depth asked for.
        depth: u8,
    },
    /// The seat acting is not the one whose turn it is.
    NotYourTurn {
        /// Who tried to act.
        seat: Seat,
        /// Whose turn it is.
        to_act: Option<Seat>,
    },
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::GameOver => write!(f, "the game is over"),
            IllegalAction::WrongPhase { phase, action } => {
                let phase = match phase {
                    Phase::Cut => "a cut for deal",
                    Phase::Discard => "laying away to the crib",
                    Phase::Play => "the play",
                    Phase::Claim => "a claim for the show",
                    Phase::Muggins => "a muggins call",
                    Phase::Over => "nothing: the game is over",
                };
                write!(
                    f,
                    "\"{action}\" is not allowed now: the game is waiting for {phase}"
                )
            }
            IllegalAction::NotInHand(card) => write!(f, "{card} is not in your hand"),
            IllegalAction::DiscardCount { expected, got } => write!(
                f,
                "lay away {expected} card{} to the crib, not {got}",
                if *expected == 1 { "" } else { "s" }
            ),
            IllegalAction::Play(e) => write!(f, "{e}"),
            IllegalAction::BeyondAnyCount { points } => {
                write!(
                    f,
                    "no hand or crib holds {points}: {MOST_POINTS} is the most"
                )
            }
            IllegalAction::NamesTheClaim { points } => {
                write!(f, "{points} is the count claimed: to agree, let it stand")
            }
            IllegalAction::CutDepth { depth } => write!(
                f,
                "a cut {depth} cards deep: lift from {} to {} cards, leaving at least {} below",
                CUT_DEPTHS.start(),
                CUT_DEPTHS.end(),
                52 - CUT_DEPTHS.end()
            ),
            IllegalAction::NotYourTurn { seat, to_act } => match to_act {
                Some(to_act) => write!(f, "it is seat {to_act}'s turn, not seat {seat}'s"),
                None => write!(f, "nobody is to act: the game is over"),
            },
        }
    }
}

impl std::error::Error for IllegalAction {}
