//! Laying away to the crib: what each choice is worth, at each level.
//!
//! The figures come from `hand_values` (the kept hand over every
//! starter, the crib exactly or by estimate); this module weighs them by
//! whose crib it is, adds Expert's pegging value and endgame chances, and
//! ranks the choices.

use super::Level;
use super::hand_values::{CribPool, expected_hand, points_before_cut, rough_crib};
#[cfg(not(target_arch = "wasm32"))]
use super::position;
use super::rng::Rng;
use crate::cards::CardSet;
use crate::games::cribbage::Observation;
use serde::{Deserialize, Serialize};

/// One way to lay away, with what it is expected to be worth to the seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DiscardOption {
    /// The cards laid away.
    pub discard: CardSet,
    /// The cards kept.
    pub keep: CardSet,
    /// Expected points of the kept hand in the show, over every starter the
    /// seat has not seen. (Easy judges by the points before the cut instead.)
    pub hand: f64,
    /// Expected points of the crib, signed: added when the crib is the
    /// seat's (or its partner's), subtracted when an opponent's (halved with
    /// three players, where it helps only one of two opponents). Expert, with
    /// two players in standard cribbage, takes the other player's throw to be
    /// as that player's role throws (see `throws`), not two cards at random.
    pub crib: f64,
    /// (Expert, two players, standard game) expected pegging points of this
    /// hand less the opponent's.
    pub pegging: Option<f64>,
    /// The sum the level ranks choices by: hand + crib (+ pegging). In
    /// reverse cribbage, where points are what the seat avoids, its
    /// negation −(hand + crib): higher is better in both games, so the
    /// choices rank the same way and a choice's cost is the best total less
    /// its own. (`hand` and `crib` stay points as counted.)
    pub total: f64,
    /// (Expert, two players, standard game) the chance to win the game with
    /// this choice, and choices are ranked by it (Expert v1: only near the end).
    pub win_prob: Option<f64>,
}

// ---------------------------------------------------------------------------
// The options.

/// Who owns the crib, from the seat's point of view: +1 its side's, −1 the
/// opponents' (−½ with three players, where one of two opponents gains).
pub(crate) fn crib_sign(obs: &Observation) -> f64 {
    let rules = obs.rules;
    if rules.side_of(obs.dealer) == obs.side {
        1.0
    } else if rules.sides() == 2 {
        -1.0
    } else {
        -1.0 / (rules.sides() - 1) as f64
    }
}

/// Every way the seat may lay away, valued as `level` values them, best first.
/// Empty unless the observation is in the discard phase with cards to lay away.
pub fn options(obs: &Observation, level: Level) -> Vec<DiscardOption> {
    let throws = obs.rules.discards();
    if obs.hand.len() != obs.rules.cards_dealt() || !obs.laid_away.is_empty() {
        return Vec::new();
    }
    let unseen = obs.unseen();
    let sign = crib_sign(obs);
    // Reverse: the seat's own points (hand, its side's crib) count against
    // it and what it throws to an opponent's crib for it; the same sum, negated.
    let points_sign = if obs.rules.is_reverse() { -1.0 } else { 1.0 };
    let crib_pool = (matches!(level, Level::Hard | Level::Baseline) || level.is_expert())
        .then(|| CribPool::new(unseen, 4 - throws));
    let mut options: Vec<DiscardOption> = obs
        .hand
        .subsets_of_len(throws)
        .map(|discard| {
            let keep = obs.hand - discard;
            let (hand, crib) = match (level, &crib_pool) {
                (Level::Easy, _) => (
                    f64::from(points_before_cut(keep)),
                    sign * f64::from(points_before_cut(discard)),
                ),
                (_, Some(pool)) => (expected_hand(keep, unseen), sign * pool.expected(discard).0),
                _ => (expected_hand(keep, unseen), sign * rough_crib(discard)),
            };
            DiscardOption {
                discard,
                keep,
                hand,
                crib,
                pegging: None,
                total: points_sign * (hand + crib),
                win_prob: None,
            }
        })
        .collect();
    // The pegging table was measured with both sides playing for points and
    // the win table is about reaching the target: both are for the
    // standard game only. In reverse Expert lays away as Hard does.
    if level.is_expert() && obs.rules.players() == 2 && !obs.rules.is_reverse() {
        let dealer = obs.dealer == obs.seat;
        for option in &mut options {
            let pegging = super::peg_table::net_pegging(option.keep, dealer);
            option.pegging = Some(pegging);
            option.total += pegging;
        }
        if let Some(pool) = &crib_pool {
            if level == Level::Expert {
                super::discard_for_game::value(obs, &mut options, pool);
            } else {
                #[cfg(not(target_arch = "wasm32"))]
                value_endgame(obs, &mut options, pool);
            }
        }
    }
    sort_best_first(&mut options);
    options
}

/// Expert v1 near the end of a two-player game: the chance to win with each
/// way to lay away (see [`position::DiscardEndgame`]); nothing earlier.
#[cfg(not(target_arch = "wasm32"))]
fn value_endgame(obs: &Observation, options: &mut [DiscardOption], pool: &CribPool) {
    let Some(endgame) = position::DiscardEndgame::of(obs) else {
        return;
    };
    let unseen = obs.unseen();
    for option in options.iter_mut() {
        let crib_by_rank = if endgame.i_deal() {
            pool.expected(option.discard).1
        } else {
            [0.0; 13]
        };
        option.win_prob = Some(endgame.win_prob(option.keep, &crib_by_rank, unseen));
    }
}

/// Best first: by the chance to win where known, then by total; ties in card
/// order so the result never depends on anything else.
pub(crate) fn sort_best_first(options: &mut [DiscardOption]) {
    let key = |o: &DiscardOption| (o.win_prob.unwrap_or(0.0), o.total);
    super::sort_short(options, |a, b| {
        let (ka, kb) = (key(a), key(b));
        ka.0 > kb.0
            || ka.0 == kb.0 && (ka.1 > kb.1 || ka.1 == kb.1 && a.discard.bits() < b.discard.bits())
    });
}

/// The level's choice. Easy sometimes keeps its second-best hand, the way a
/// beginner misjudges two close options — never one much worse.
pub(crate) fn choose(obs: &Observation, level: Level, rng: &mut Rng) -> Option<CardSet> {
    let options = options(obs, level);
    let best = options.first()?;
    if level == Level::Easy {
        let points_sign = if obs.rules.is_reverse() { -1.0 } else { 1.0 };
        // Among equally good hands before the cut, the one with the most
        // promise — a feel for which cards go together.
        let unseen = obs.unseen();
        let ties = options
            .iter()
            .filter(|o| o.total == best.total)
            .map(|o| (points_sign * expected_hand(o.keep, unseen), o))
            .fold(None, |acc: Option<(f64, &DiscardOption)>, x| match acc {
                Some(a) if a.0 >= x.0 => Some(a),
                _ => Some(x),
            });
        let close: Vec<&DiscardOption> = options
            .iter()
            .filter(|o| o.total < best.total && o.total >= best.total - 1.0)
            .collect();
        if !close.is_empty() && rng.chance(EASY_DISCARD_SLIP) {
            return Some(close[rng.below(close.len())].discard);
        }
        return ties.map(|t| t.1.discard);
    }
    Some(best.discard)
}

/// How often Easy keeps a slightly worse hand than its best.
const EASY_DISCARD_SLIP: f64 = 0.1;
