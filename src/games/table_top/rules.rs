//! Table Top Cribbage's rules and stacked starts.
//!
//! One option: two players head to head, or four in partnerships, partners
//! opposite. With four, the draw for partners makes the partnerships and
//! seats the players ([`Seating::Drawn`]); games saved before it did keep
//! seats 0 and 2 against 1 and 3 ([`Seating::Fixed`]). The game is always
//! to 121 (the rules README, "Table Top Cribbage").

use crate::cards::{Card, CardSet};
use crate::table::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Points that win the game.
pub const TARGET: u16 = 121;

/// Cards in the layout: the centre and the 24 placed.
pub const CELLS: usize = 25;

/// Cards placed from the stacks in a hand (the layout less its centre).
pub const PLACED: usize = CELLS - 1;

/// The rules of a game of Table Top Cribbage.
///
/// A save names them: `{"players":2}`, or `{"players":4,"seating":"drawn"}`
/// for four seated by the draw. A four-player save that names no seating
/// was written before the draw made the partnerships, and replays as it
/// was played ([`Seating::Fixed`]).
///
/// ```
/// use cribbage::games::table_top::{Rules, Seating};
///
/// let rules = Rules::new(4)?;
/// assert_eq!((rules.players(), rules.stack_size()), (4, 6));
/// assert_eq!(rules.seating(), Seating::Drawn);
/// assert_eq!(serde_json::to_string(&rules)?, r#"{"players":4,"seating":"drawn"}"#);
/// let before: Rules = serde_json::from_str(r#"{"players":4}"#)?;
/// assert_eq!(before.seating(), Seating::Fixed);
/// assert_eq!(serde_json::to_string(&Rules::new(2)?)?, r#"{"players":2}"#);
/// assert!(Rules::new(3).is_err());
/// assert!(serde_json::from_str::<Rules>(r#"{"players":2,"seating":"drawn"}"#).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawRules", into = "RawRules")]
pub struct Rules {
    players: u8,
    seating: Seating,
}

/// How four players sit: who partners whom, and the order round the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seating {
    /// By the draw for partners (the rules README): the two highest cards
    /// against the two lowest, partners opposite, the highest deals; a tie
    /// for partners or for the deal draws again. The player at seat 0
    /// keeps their place; their partner sits opposite. Every game begun
    /// today.
    Drawn,
    /// As games were seated before the draw made the partnerships: seats 0
    /// and 2 against 1 and 3, in seat order round the table, the draw only
    /// for the deal (the highest deals, a tie for highest draws again).
    /// Saves from before restore and replay under it, card for card. With
    /// two players, the only seating.
    Fixed,
}

/// The rules as a save holds them, checked on the way in.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    players: u8,
    /// Four players only; absent in saves from before the draw seated
    /// them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seating: Option<Seating>,
}

impl TryFrom<RawRules> for Rules {
    type Error = RulesError;

    fn try_from(raw: RawRules) -> Result<Rules, RulesError> {
        match (raw.players, raw.seating) {
            (players, None) if players != 4 => Rules::new(players),
            (players, seating) => {
                Rules::new(players)?.with_seating(seating.unwrap_or(Seating::Fixed))
            }
        }
    }
}

impl From<Rules> for RawRules {
    fn from(rules: Rules) -> RawRules {
        RawRules {
            players: rules.players,
            seating: (rules.players == 4).then_some(rules.seating),
        }
    }
}

/// Why rules cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError {
    /// Not 2 or 4 players.
    Players(u8),
    /// A seating named for a game of this many players (four only).
    Seating(u8),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Players(n) => {
                write!(f, "Table Top Cribbage is for 2 or 4 players, not {n}")
            }
            RulesError::Seating(n) => write!(
                f,
                "a seating is for four players' partnerships, not for {n} players"
            ),
        }
    }
}

impl std::error::Error for RulesError {}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            players: 2,
            seating: Seating::Fixed,
        }
    }
}

impl Rules {
    /// The rules for `players`: 2 (head to head) or 4 (partners opposite,
    /// seated by the draw).
    ///
    /// # Errors
    /// Any other number of players.
    pub fn new(players: u8) -> Result<Rules, RulesError> {
        match players {
            2 => Ok(Rules::default()),
            4 => Ok(Rules {
                players,
                seating: Seating::Drawn,
            }),
            n => Err(RulesError::Players(n)),
        }
    }

    /// How the players are seated: [`Seating::Fixed`] for two.
    pub fn seating(self) -> Seating {
        self.seating
    }

    /// These rules with four players seated as `seating` (a game saved
    /// before the draw seated them: [`Seating::Fixed`]).
    ///
    /// # Errors
    /// [`RulesError::Seating`] for two players, who have no partners to
    /// seat.
    pub fn with_seating(self, seating: Seating) -> Result<Rules, RulesError> {
        match self.players {
            4 => Ok(Rules { seating, ..self }),
            n => Err(RulesError::Seating(n)),
        }
    }

    /// Seats at the table.
    pub fn players(self) -> usize {
        usize::from(self.players)
    }

    /// Cards in each seat's stack: 12 each for two, 6 each for four.
    pub fn stack_size(self) -> usize {
        PLACED / self.players()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.players {
            4 => write!(
                f,
                "Table Top Cribbage, 4 players in partnerships, game to {TARGET}"
            ),
            n => write!(f, "Table Top Cribbage, {n} players, game to {TARGET}"),
        }
    }
}

/// The cards of one stacked hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealSetup {
    /// Each seat's stack, in the order its cards are turned (top first).
    pub stacks: Vec<Vec<Card>>,
    /// The card turned up as the centre of the layout.
    pub centre: Card,
}

/// A stacked game: who deals first, the scores to start from, and the cards
/// of the first hands (later hands are shuffled from the seed). For worked
/// examples and tests.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Who deals the first hand (no draw for deal).
    pub first_dealer: Seat,
    /// Each side's score at the start (empty: all 0).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<u16>,
    /// The first hands' cards, in order.
    #[serde(default)]
    pub deals: Vec<DealSetup>,
}

/// Why a [`Setup`] cannot be played: the family's one form.
pub use crate::games::SetupError;

impl Setup {
    /// Checks the setup can be played under `rules`: seats, scores under
    /// the target, full stacks and no card twice in a hand.
    pub(crate) fn check(&self, rules: Rules) -> Result<(), SetupError> {
        let fail = |why: String| Err(SetupError(why));
        let players = rules.players();
        let sides = crate::table::sides(players);
        if self.first_dealer >= players {
            return fail(format!(
                "first dealer {} but only {players} seats",
                self.first_dealer
            ));
        }
        if !self.scores.is_empty() && self.scores.len() != sides {
            return fail(format!(
                "{} starting scores for {sides} sides",
                self.scores.len()
            ));
        }
        if let Some(score) = self.scores.iter().find(|&&s| s >= TARGET) {
            return fail(format!(
                "a starting score of {score} has already reached {TARGET}"
            ));
        }
        for (i, deal) in self.deals.iter().enumerate() {
            let hand = i + 1;
            if deal.stacks.len() != players {
                return fail(format!(
                    "hand {hand}: {} stacks for {players} players",
                    deal.stacks.len()
                ));
            }
            let mut seen = CardSet::from(deal.centre);
            for stack in &deal.stacks {
                if stack.len() != rules.stack_size() {
                    return fail(format!(
                        "hand {hand}: a stack of {} cards, not {}",
                        stack.len(),
                        rules.stack_size()
                    ));
                }
                for &card in stack {
                    if !seen.insert(card) {
                        return fail(format!("hand {hand}: {card} dealt twice"));
                    }
                }
            }
        }
        Ok(())
    }
}
