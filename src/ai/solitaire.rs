//! Cribbage Solitaire's advisor: the exact value of each of the fifteen
//! lay-aways.
//!
//! What the player knows when laying away (004): the six cards, the starter
//! (turned before the lay-away), and every card already counted or put
//! under the stock. The crib's two face-down cards are two of the unseen
//! cards, every pair of them alike (the pack was shuffled, and the known
//! starters lie under the stock, not in the crib). So a lay-away is worth
//! the hand kept, counted with the known starter, plus the crib's count
//! averaged over every pair of unseen cards: exact, with no sampling. His
//! heels is the same whatever is laid away, so it is left out.
//!
//! Nothing laid away comes back: later deals come off the stock whatever is
//! chosen, so the lay-away worth most now is the best for the whole game.
//!
//! - [`Policy::Advisor`] lays away the pair worth most: hand plus crib.
//! - [`Policy::Greedy`] keeps the hand that scores most, ignoring the crib.
//! - [`Policy::Random`] lays away any two.
//!
//! ```
//! use cribbage::ai::{Policy, solitaire};
//! use cribbage::games::solitaire::{Game, Rules};
//! use cribbage::games::State as _;
//!
//! let mut game = Game::new(Rules::default(), 3);
//! let values = solitaire::lay_away_values(&game.observation(0))?;
//! assert_eq!(values.len(), 15);
//! assert!(values.windows(2).all(|w| w[0].total >= w[1].total));
//! while !game.is_over() {
//!     let action = solitaire::decide(Policy::Advisor, &game.observation(0), 7)?;
//!     game.apply(action).unwrap();
//! }
//! # Ok::<(), cribbage::ai::DecideError>(())
//! ```

use super::rng::{Hasher, Rng};
use super::{DecideError, Policy};
use crate::cards::CardSet;
use crate::count::{PreparedHand, ShowKind};
use crate::games::solitaire::{Action, Observation};
use serde::Serialize;

pub mod coach;
mod game;
#[cfg(not(target_arch = "wasm32"))]
mod tell;

/// What one lay-away is worth.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LayAwayValue {
    /// The lay-away.
    pub action: Action,
    /// The two cards laid away.
    pub laid: CardSet,
    /// The hand kept, counted with the starter: exact.
    pub hand: f64,
    /// The crib's count, averaged over every pair of unseen cards that may
    /// lie face down in it.
    pub crib: f64,
    /// Hand and crib together.
    pub total: f64,
}

/// The value of each of the fifteen lay-aways, best first (ties in the
/// order of the legal actions).
///
/// # Errors
/// [`DecideError::NoLegalAction`] when there is nothing to lay away.
pub fn lay_away_values(obs: &Observation) -> Result<Vec<LayAwayValue>, DecideError> {
    let Some(starter) = obs.starter else {
        return Err(DecideError::NoLegalAction);
    };
    if obs.legal.is_empty() {
        return Err(DecideError::NoLegalAction);
    }
    let unseen = obs.unseen().to_vec();
    let pairs = (unseen.len() * unseen.len().saturating_sub(1) / 2).max(1) as f64;
    let mut values = Vec::with_capacity(obs.legal.len());
    for &action in &obs.legal {
        let Action::Lay(laid) = action;
        let kept = obs.hand - laid;
        let hand = f64::from(PreparedHand::new_unchecked(kept, ShowKind::Hand).total(starter));
        let mut crib_sum = 0u32;
        for (i, &a) in unseen.iter().enumerate() {
            for &b in &unseen[i + 1..] {
                let crib = laid.with(a).with(b);
                crib_sum +=
                    u32::from(PreparedHand::new_unchecked(crib, ShowKind::Crib).total(starter));
            }
        }
        let crib = f64::from(crib_sum) / pairs;
        values.push(LayAwayValue {
            action,
            laid,
            hand,
            crib,
            total: hand + crib,
        });
    }
    // Best first; stable, so ties stay in the legal actions' order.
    super::sort_short(&mut values, |a, b| a.total > b.total);
    Ok(values)
}

/// The lay-away a player of `policy` makes, from the observation and its
/// own seed alone. Always one of `obs.legal`.
///
/// # Errors
/// [`DecideError::NotYourTurn`] when the seat is not to act;
/// [`DecideError::NoLegalAction`] when there is nothing to lay away.
pub fn decide(policy: Policy, obs: &Observation, seed: u64) -> Result<Action, DecideError> {
    if obs.to_act != Some(obs.seat) {
        return Err(DecideError::NotYourTurn);
    }
    match policy {
        Policy::Advisor => lay_away_values(obs)?
            .first()
            .map(|v| v.action)
            .ok_or(DecideError::NoLegalAction),
        Policy::Greedy => {
            let starter = obs.starter.ok_or(DecideError::NoLegalAction)?;
            let hand = |action: &Action| {
                let Action::Lay(laid) = *action;
                PreparedHand::new_unchecked(obs.hand - laid, ShowKind::Hand).total(starter)
            };
            // The first of the best, in the order of the legal actions.
            let best = obs.legal.iter().map(hand).max();
            obs.legal
                .iter()
                .find(|a| Some(hand(a)) == best)
                .copied()
                .ok_or(DecideError::NoLegalAction)
        }
        Policy::Random => {
            let mut hasher = Hasher::new();
            hasher.add(seed);
            hasher.add(obs.seen.bits());
            hasher.add(u64::from(obs.deal));
            let mut rng = Rng::new(hasher.0);
            obs.legal
                .get(rng.below(obs.legal.len()))
                .copied()
                .ok_or(DecideError::NoLegalAction)
        }
    }
}
