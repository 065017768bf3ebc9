//! Card reading (Expert): how likely the other seats were to lay away and
//! play as they did, if a sampled deal's hands are theirs — with two
//! players the opponent's lay-away and play, with three or four every
//! other seat's play. The search weighs each sample by it, so deals that
//! fit the others' choices count for more than deals where those choices
//! would have been poor.

use super::knowledge::{Knowledge, World};
use super::policy::informed_score;
use crate::ai::hand_values::{crib_estimate, expected_hand};
use crate::cards::{Card, CardSet};
use crate::pegging::{MAX_PLAYERS, PlayMove, PlayState};

impl Knowledge {
    /// Card reading (Expert, two players): how likely the opponent was to
    /// lay away and play as it did if the sample's hand is theirs — each
    /// choice taken as a soft preference for what Medium's discard and
    /// Expert's play-out policy rate best — up to a constant factor.
    pub(super) fn likelihood(&self, world: &World) -> f64 {
        let opp = 1 - self.seat;
        let kept = self.played[opp] | world.hands[opp];
        let thrown = world.crib - self.laid_away;
        let mut log = discard_log_likelihood(kept | thrown, kept, self.dealer == opp, self.reverse);
        let Some(starter) = self.starter else {
            return log.exp();
        };
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[self.seat] = self.kept;
        hands[opp] = kept;
        let mut state = PlayState::new(&hands[..2], (self.dealer + 1) % 2);
        let seen = thrown.with(starter);
        let mut laid = CardSet::EMPTY;
        for record in &self.history {
            if state.to_act() != Some(record.seat) {
                break;
            }
            match record.card {
                Some(card) => {
                    if record.seat == opp {
                        let pool = !(seen | laid | state.hand(opp));
                        log += play_log_likelihood(&state, card, pool, &self.side_of, self.reverse);
                    }
                    laid.insert(card);
                    state.apply_unchecked(PlayMove::Card(card));
                }
                None => {
                    state.apply_unchecked(PlayMove::Go);
                }
            }
        }
        log.exp()
    }
}

impl Knowledge {
    /// Card reading with three or four players (Expert): how likely every
    /// other seat was to play as it did if the sample's hands are theirs —
    /// each card laid a soft preference for what Expert's play-out policy
    /// rates best from that seat's view. (A single card thrown to the crib
    /// says little, and which unknown crib card came from whom is not known,
    /// so the lay-away is left out.)
    pub(super) fn likelihood_of_plays(&self, world: &World) -> f64 {
        let Some(starter) = self.starter else {
            return 1.0;
        };
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        for (s, hand) in hands.iter_mut().enumerate().take(self.players) {
            *hand = if s == self.seat {
                self.kept
            } else {
                self.played[s] | world.hands[s]
            };
        }
        let mut state = PlayState::new(&hands[..self.players], (self.dealer + 1) % self.players);
        let mut laid = CardSet::EMPTY;
        let mut log = 0.0;
        for record in &self.history {
            if state.to_act() != Some(record.seat) {
                break;
            }
            match record.card {
                Some(card) => {
                    if record.seat != self.seat {
                        let pool = !(laid | state.hand(record.seat)).without(starter);
                        log += play_log_likelihood(&state, card, pool, &self.side_of, self.reverse);
                    }
                    laid.insert(card);
                    state.apply_unchecked(PlayMove::Card(card));
                }
                None => {
                    state.apply_unchecked(PlayMove::Go);
                }
            }
        }
        log.exp()
    }
}

/// How sharply a read opponent is taken to prefer better choices, per point.
const READ_DISCARD: f64 = 1.5;
const READ_PLAY: f64 = 1.0;

/// log P(keeping `kept` from `six`), up to a constant: a softmax over
/// Medium's values (negated in reverse, where the opponent keeps low).
fn discard_log_likelihood(six: CardSet, kept: CardSet, deals: bool, reverse: bool) -> f64 {
    let unseen = !six;
    let sign = if deals { 1.0 } else { -1.0 };
    let mut values = [0.0f64; 15];
    let mut mine = f64::NEG_INFINITY;
    for (slot, thrown) in values.iter_mut().zip(six.subsets_of_len(2)) {
        let keep = six - thrown;
        *slot = expected_hand(keep, unseen) + sign * crib_estimate(thrown);
        if reverse {
            *slot = -*slot;
        }
        if keep == kept {
            mine = *slot;
        }
    }
    softmax_log(&values, mine, READ_DISCARD)
}

/// log P(laying `card` in `state`), up to a constant: a softmax over the
/// play-out policy's scores.
fn play_log_likelihood(
    state: &PlayState,
    card: Card,
    pool: CardSet,
    side_of: &[usize; MAX_PLAYERS],
    reverse: bool,
) -> f64 {
    let legal = state.legal_cards();
    if legal.len() <= 1 {
        return 0.0;
    }
    let mut scores = [0.0f64; 4];
    let mut mine = f64::NEG_INFINITY;
    for (slot, c) in scores.iter_mut().zip(legal) {
        *slot = f64::from(informed_score(state, c, pool, side_of, reverse));
        if c == card {
            mine = *slot;
        }
    }
    softmax_log(&scores[..legal.len().min(4)], mine, READ_PLAY)
}

/// log of exp(β·x) / Σ exp(β·v).
fn softmax_log(values: &[f64], x: f64, beta: f64) -> f64 {
    let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = values.iter().map(|v| (beta * (v - max)).exp()).sum();
    beta * (x - max) - sum.ln()
}
