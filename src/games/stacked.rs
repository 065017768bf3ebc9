//! Stacked starts for the family's two-handed, three-card games (Noddy and
//! Costly Colours): who deals first, the scores to start from, and the cards
//! of the first hands. For worked examples and tests. One copy for both
//! games: their deals differ only in the target a starting score must stay
//! under.

use crate::cards::{Card, CardSet};
use crate::table::Seat;
use serde::{Deserialize, Serialize};

/// Players at these games' tables.
pub const PLAYERS: usize = 2;

/// Cards dealt to each player.
pub const CARDS_DEALT: usize = 3;

/// The cards of one stacked hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealSetup {
    /// Each seat's three cards.
    pub hands: Vec<Vec<Card>>,
    /// The card turned up.
    pub turnup: Card,
}

/// A stacked game: who deals first, the scores to start from, and the cards
/// of the first hands (later hands are shuffled from the seed). For worked
/// examples and tests.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Who deals the first hand (no cut).
    pub first_dealer: Seat,
    /// Each player's score at the start (empty: both 0).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<u16>,
    /// The first hands' cards, in order.
    #[serde(default)]
    pub deals: Vec<DealSetup>,
}

/// Why a [`Setup`] cannot be played: the family's one form.
pub use crate::games::SetupError;

impl Setup {
    /// Checks the setup can be played in a game to `target`: seats, scores
    /// under the target, three cards each and no card twice in a hand's deal.
    pub(crate) fn check(&self, target: u16) -> Result<(), SetupError> {
        let fail = |why: String| Err(SetupError(why));
        if self.first_dealer >= PLAYERS {
            return fail(format!(
                "first dealer {} but only {PLAYERS} seats",
                self.first_dealer
            ));
        }
        if !self.scores.is_empty() && self.scores.len() != PLAYERS {
            return fail(format!(
                "{} starting scores for {PLAYERS} players",
                self.scores.len()
            ));
        }
        if let Some(score) = self.scores.iter().find(|&&s| s >= target) {
            return fail(format!(
                "a starting score of {score} has already reached {target}"
            ));
        }
        for (i, deal) in self.deals.iter().enumerate() {
            let hand = i + 1;
            if deal.hands.len() != PLAYERS {
                return fail(format!(
                    "hand {hand}: {} hands for {PLAYERS} players",
                    deal.hands.len()
                ));
            }
            let mut seen = CardSet::EMPTY;
            for cards in &deal.hands {
                if cards.len() != CARDS_DEALT {
                    return fail(format!(
                        "hand {hand}: {} cards dealt to a player, not {CARDS_DEALT}",
                        cards.len()
                    ));
                }
                for &card in cards {
                    if !seen.insert(card) {
                        return fail(format!("hand {hand}: {card} dealt twice"));
                    }
                }
            }
            if seen.contains(deal.turnup) {
                return fail(format!(
                    "hand {hand}: the turn-up {} is also dealt",
                    deal.turnup
                ));
            }
        }
        Ok(())
    }
}
