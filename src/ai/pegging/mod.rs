//! The play: which card to lay, at each level.
//!
//! - Easy and the reference level peg greedily: the card that scores most now.
//! - Medium looks one card ahead: what the card scores, less what the next
//!   opponent can be expected to score on it, over the hands they may hold.
//! - Hard samples the other hands many times, consistently with everything
//!   the seat has seen — the cards played, how many each seat holds, and what
//!   each "go" proves (a go at count c means every card that seat holds has
//!   pips > 31 − c) — and plays out the rest of the play in each sample, for
//!   each card it could lay, with a fixed policy: score now, less the most
//!   the next opponent could score on it with the cards they hold there.
//! - Expert samples deals until a budget of work is spent ([`Budget`]: counted
//!   in cards laid, not in time, so it decides the same everywhere) and reads
//!   the other seats' cards: with two players each sample is weighted by
//!   how likely the opponent was to lay away and play as it did with that
//!   hand; with three or four, by how likely every other seat was to play
//!   as it did (a single card thrown to the crib says little, and which
//!   unknown crib card came from whom is not known).
//!   Its play-outs are *informed*: every seat judges by its own cards and
//!   what it has seen, never by the sample's other hands, so no seat in the
//!   simulation plays as if it could see through the cards (the usual flaw
//!   of sampling). In two-player standard cribbage it values every outcome
//!   by the chance to win the game (the win-probability model, the show
//!   counted in order after the play), and in the play-outs a player pegs
//!   out when a card wins and, near the end, does not leave the other the
//!   count they need.
//! - Expert v1, the yardstick, samples 1000 deals and plays for the game
//!   only near the end, with its own win table.
//!
//! Measured in pegging-only duels (same deals and discards, seats swapped):
//! Medium pegs 0.40 points a deal better than greedy, Hard 0.16 better than
//! Medium, Expert 0.18 better than Hard. (Searching each sample to the end
//! with both sides playing perfectly was tried for Expert and did worse than
//! Hard, −0.39 a deal: each side then plays as if it saw the other's cards.)
//!
//! Every seat's points count for its side; the value of an outcome is the
//! side's points less the opponents' (their mean, with three players).
//!
//! The module is split by concern: `knowledge` holds what the seat knows
//! and deals the hidden cards out consistently with it; `reading` weighs
//! each such deal by how the opponent laid away and played (Expert);
//! `search` plays each deal out and values the outcome; `policy` is how a
//! card is judged inside those play-outs. This file keeps the public face:
//! the options with their values (the coach's table) and the level's choice.

mod knowledge;
mod policy;
mod reading;
mod search;

use self::knowledge::Knowledge;
pub use self::search::Budget;
use self::search::Playout;
use super::Level;
use super::rng::Rng;
use crate::cards::Card;
use crate::games::cribbage::Action;
use crate::games::cribbage::Observation;
use serde::{Deserialize, Serialize};

/// The pegging table's generator plays its deals out with Expert's play-out policy.
#[cfg(test)]
pub(crate) use self::policy::informed_policy;
/// The lay-away's oracle plays its deals out with Expert's play-out policy.
#[cfg(test)]
pub(crate) use self::policy::informed_policy_to_win;

/// A card the seat may lay, with what the level expects it to be worth.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayOption {
    /// The card.
    pub card: Card,
    /// What it scores at once.
    pub points: u8,
    /// Expected points for the seat's side less the opponents' from this card
    /// to the end of the play (Easy and the reference level: the points now;
    /// Medium: the points now less the next opponent's expected reply).
    /// In reverse cribbage, where points are what a side avoids, the
    /// negation (the opponents' points less the side's): higher is better
    /// in both games. Near the end of a reverse game Expert counts reaching
    /// the target as a loss of [`REVERSE_LOSS`] points.
    pub value: f64,
    /// (Expert, two-player standard cribbage; Expert v1 there only near the
    /// end) the chance to win the game.
    pub win_prob: Option<f64>,
}

/// Expert, reverse: what reaching the target is worth in the play-outs, in
/// points, (lost if the seat's side reaches it, won if an opponent does).
/// The win table is about reaching the target first, so it is not used in
/// reverse; this stands in for it, far larger than any play's points.
pub const REVERSE_LOSS: f64 = 100.0;

/// How often Easy misses a small scoring play and lays a card at random.
const EASY_PLAY_SLIP: f64 = 0.05;

/// Every card the seat may lay, valued as `level` values them, best first.
/// Empty unless it is the seat's turn in the play and a card fits.
pub fn options(obs: &Observation, level: Level, seed: u64) -> Vec<PlayOption> {
    let mut rng = Rng::new(seed);
    let Some(knowledge) = Knowledge::of(obs) else {
        return Vec::new();
    };
    let legal = knowledge.legal;
    if legal.is_empty() {
        return Vec::new();
    }
    // In reverse a side's own points count against it: the values are
    // negated so that higher is better at every level.
    let sign = if knowledge.reverse { -1.0 } else { 1.0 };
    let mut options: Vec<PlayOption> = match level {
        Level::Easy | Level::Baseline => legal
            .iter()
            .map(|card| {
                let points = knowledge.points_now(card);
                PlayOption {
                    card,
                    points,
                    value: sign * f64::from(points),
                    win_prob: None,
                }
            })
            .collect(),
        Level::Medium => legal
            .iter()
            .map(|card| {
                let points = knowledge.points_now(card);
                PlayOption {
                    card,
                    points,
                    value: sign * (f64::from(points) - knowledge.expected_reply(card)),
                    win_prob: None,
                }
            })
            .collect(),
        Level::Hard => knowledge.sampled(&mut rng, Playout::Peeking, None),
        Level::ExpertV1 => knowledge.sampled(&mut rng, Playout::Informed, None),
        Level::Expert => knowledge.sampled(&mut rng, Playout::Informed, Some(Budget::DEFAULT)),
    };
    sort_best_first(&mut options, level);
    options
}

/// Best first, by win probability where known, then value; the reference
/// level breaks ties by laying the highest card (keeping low cards for the
/// go), and everything else by card order, so nothing else can matter.
///
/// Where chances are known, equal chances go to the card that scores most
/// at once: a card that pegs out now wins for certain, where another that
/// wins in every sample could still fail against the real hand.
fn sort_best_first(options: &mut [PlayOption], level: Level) {
    let key = |o: &PlayOption| match o.win_prob {
        Some(chance) => (chance, f64::from(o.points), o.value),
        None => (0.0, o.value, o.value),
    };
    let high = |o: &PlayOption| (o.card.pips(), o.card.rank());
    super::sort_short(options, |a, b| {
        let (ka, kb) = (key(a), key(b));
        let tie_first = if level == Level::Baseline {
            high(a) > high(b)
        } else {
            a.card < b.card
        };
        ka.0 > kb.0
            || ka.0 == kb.0
                && (ka.1 > kb.1 || ka.1 == kb.1 && (ka.2 > kb.2 || ka.2 == kb.2 && tie_first))
    });
}

/// The level's card (or "go").
pub(crate) fn choose(obs: &Observation, level: Level, rng: &mut Rng) -> Option<Action> {
    let options = options(obs, level, rng.next_u64());
    let best = options.first()?;
    if level == Level::Easy {
        if best.points <= 2 && options.len() > 1 && rng.chance(EASY_PLAY_SLIP) {
            return Some(Action::Play(options[rng.below(options.len())].card));
        }
        // Among cards that score the same, a beginner still knows the two
        // oldest rules: never lead a five, never leave the count on 5 or 21
        // (a ten-card makes fifteen or thirty-one on it).
        let risky = |o: &&PlayOption| {
            let after = obs.count + o.card.pips();
            after == 5 || after == 21 || (obs.count == 0 && o.card.pips() == 5)
        };
        let ties: Vec<&PlayOption> = options.iter().filter(|o| o.value == best.value).collect();
        // In reverse those counts are the opponent's problem, not a risk.
        let safe: Vec<&PlayOption> = ties
            .iter()
            .copied()
            .filter(|o| obs.rules.is_reverse() || !risky(o))
            .collect();
        let pool = if safe.is_empty() { &ties } else { &safe };
        return Some(Action::Play(pool[rng.below(pool.len())].card));
    }
    Some(Action::Play(best.card))
}
