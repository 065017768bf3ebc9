//! Stacked games: chosen first dealer, starting scores and dealt cards, for
//! worked examples, end-game practice and tests.

use super::rules::Rules;
use crate::cards::{Card, CardSet};
use crate::table::Seat;
use serde::{Deserialize, Serialize};

/// Cards to deal instead of shuffling, for one hand: worked examples,
/// puzzles and tests. See [`Game::with_setup`](crate::games::State::with_setup).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealSetup {
    /// Each seat's dealt cards (6 each for two players, 5 for three or four).
    pub hands: Vec<Vec<Card>>,
    /// The card dealt straight to the crib (three players only).
    #[serde(default)]
    pub crib: Vec<Card>,
    /// The starter.
    pub starter: Card,
}

/// A stacked game: who deals first, the scores to start from, and the cards
/// of the first hands. Later hands are shuffled from the seed. For worked
/// examples, end-game practice and tests.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Who deals the first hand (no cut).
    pub first_dealer: Seat,
    /// Each side's score at the start of the first game (empty: all 0).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<u16>,
    /// The first hands' cards, in order.
    #[serde(default)]
    pub deals: Vec<DealSetup>,
}

/// Why a [`Setup`] cannot be played: the family's one form.
pub use crate::games::SetupError;

impl Setup {
    pub(crate) fn check(&self, rules: &Rules) -> Result<(), SetupError> {
        let n = rules.players();
        if self.first_dealer >= n {
            return Err(SetupError(format!(
                "first dealer {} but only {n} seats",
                self.first_dealer
            )));
        }
        if !self.scores.is_empty() {
            if self.scores.len() != rules.sides() {
                return Err(SetupError(format!(
                    "{} starting scores for {} sides",
                    self.scores.len(),
                    rules.sides()
                )));
            }
            if let Some(score) = self.scores.iter().find(|&&s| s >= rules.target()) {
                return Err(SetupError(format!(
                    "a starting score of {score} has already reached {}",
                    rules.target()
                )));
            }
        }
        for (i, deal) in self.deals.iter().enumerate() {
            let hand = i + 1;
            if deal.hands.len() != n {
                return Err(SetupError(format!(
                    "hand {hand}: {} hands for {n} players",
                    deal.hands.len()
                )));
            }
            let mut seen = CardSet::EMPTY;
            let mut add = |card: Card| {
                if seen.insert(card) {
                    Ok(())
                } else {
                    Err(SetupError(format!("hand {hand}: {card} dealt twice")))
                }
            };
            for cards in &deal.hands {
                if cards.len() != rules.cards_dealt() {
                    return Err(SetupError(format!(
                        "hand {hand}: {} cards dealt to a player, not {}",
                        cards.len(),
                        rules.cards_dealt()
                    )));
                }
                cards.iter().try_for_each(|&c| add(c))?;
            }
            if deal.crib.len() != rules.crib_from_deck() {
                return Err(SetupError(format!(
                    "hand {hand}: {} cards dealt to the crib, not {}",
                    deal.crib.len(),
                    rules.crib_from_deck()
                )));
            }
            deal.crib.iter().try_for_each(|&c| add(c))?;
            add(deal.starter)?;
        }
        Ok(())
    }
}
