//! Expert's lay-away in two-player standard cribbage: each way to lay away
//! valued by the chance to win the game it gives, not by points.
//!
//! For every starter the seat has not seen, the kept hand is counted
//! exactly; the crib's points come as a distribution for the starter's
//! rank, its other half thrown as the other player throws
//! ([`crate::ai::throws`]); the pegging, the other player's hand (and, as
//! pone, the dealer's hand) come from the win-probability model's
//! distributions, walked in the order the rules peg them — his heels, the
//! play, the pone's hand, the dealer's hand and crib — and each outcome is
//! valued by the model's chance at the next deal ([`crate::ai::winprob`]).
//! The kept hand's own pegging value (the pegging table) is added through
//! the chance one more point is worth in this position.
//!
//! Early in a game a point is worth about the same everywhere, and this
//! ranks the choices as points do; near the end, or far behind or ahead,
//! it takes the risk or the safety the board asks for.

use super::discard::DiscardOption;
use super::hand_values::{CribOutlook, CribPool};
use super::throws;
use super::winprob::{self, WinModel};
use crate::cards::Rank;
use crate::count::{PreparedHand, ShowKind};
use crate::games::cribbage::Observation;

/// A show (hand and crib) scores at most 29 + 29 points.
const SHOWS: usize = 59;

/// Values each option's chance to win (two players, standard): its
/// `win_prob`, and its `crib` (and `total`) with the other player's
/// likely throw. `pool` is the crib's unknown part from the seat's view.
pub(crate) fn value(obs: &Observation, options: &mut [DiscardOption], pool: &CribPool) {
    let model = winprob::model();
    let unseen = obs.unseen();
    let i_deal = obs.dealer == obs.seat;
    let mine = i32::from(obs.points_to_go(obs.side));
    let theirs = i32::from(obs.points_to_go(1 - obs.side));
    // The other player throws as the other role does.
    let propensity = throws::propensity(!i_deal);
    let (pone_pegs, dealer_pegs) = model.mean_pegging();
    let usual_net = if i_deal {
        dealer_pegs - pone_pegs
    } else {
        pone_pegs - dealer_pegs
    };
    let n = unseen.len().max(1) as f64;
    if i_deal {
        let values = DealerValues::new(model, mine, theirs);
        for option in options.iter_mut() {
            let crib = pool.outlook(option.discard, Some(propensity));
            option.total += crib.mean - option.crib;
            option.crib = crib.mean;
            let hand = PreparedHand::new_unchecked(option.keep, ShowKind::Hand);
            let (mut p, mut slope) = (0.0, 0.0);
            for starter in unseen {
                let heels = starter.rank() == Rank::Jack;
                let h = usize::from(hand.total(starter));
                let row = &crib.by_starter[usize::from(starter.rank().index())];
                for (c, &q) in row.iter().enumerate() {
                    if q > 0.0 {
                        p += q * values.at(heels, h + c);
                        slope += q * (values.at(heels, h + c + 1) - values.at(heels, h + c));
                    }
                }
            }
            let pegging = option.pegging.unwrap_or(usual_net) - usual_net;
            option.win_prob = Some(((p + slope * pegging) / n).clamp(0.0, 1.0));
        }
    } else {
        let values = PoneValues::new(model, theirs, mine);
        for option in options.iter_mut() {
            let crib = pool.outlook(option.discard, Some(propensity));
            option.total += -crib.mean - option.crib;
            option.crib = -crib.mean;
            let shows = dealer_shows(model, &crib);
            let hand = PreparedHand::new_unchecked(option.keep, ShowKind::Hand);
            let (mut p, mut slope) = (0.0, 0.0);
            for starter in unseen {
                let heels = starter.rank() == Rank::Jack;
                let h = usize::from(hand.total(starter));
                let show = &shows[usize::from(starter.rank().index())];
                let here = values.at(heels, h, show);
                p += here;
                slope += values.at(heels, h + 1, show) - here;
            }
            let pegging = option.pegging.unwrap_or(usual_net) - usual_net;
            option.win_prob = Some(((p + slope * pegging) / n).clamp(0.0, 1.0));
        }
    }
}

/// The dealer's show (hand and crib) for each starter rank: the dealer's
/// hand from the model, the crib from the outlook.
fn dealer_shows(model: &WinModel, crib: &CribOutlook) -> [[f64; SHOWS]; 13] {
    let hand = model.dealer_hand();
    let mut shows = [[0.0; SHOWS]; 13];
    for (show, row) in shows.iter_mut().zip(&crib.by_starter) {
        for (c, &q) in row.iter().enumerate() {
            if q == 0.0 {
                continue;
            }
            for (h, &p) in hand.iter().enumerate() {
                show[(h + c).min(SHOWS - 1)] += p * q;
            }
        }
    }
    shows
}

/// The dealer's chance to win by its own show, the play and the pone's
/// hand to come from the model: `v[heels][t]` for a show of `t` points,
/// after his heels (2 points) or not.
struct DealerValues {
    v: [[f64; SHOWS + 1]; 2],
}

impl DealerValues {
    /// The dealer needing `x`, the pone `y`, at the start of the hand.
    fn new(model: &WinModel, x: i32, y: i32) -> DealerValues {
        let mut v = [[0.0; SHOWS + 1]; 2];
        for (heels, row) in v.iter_mut().enumerate() {
            let x = x - 2 * heels as i32;
            if x <= 0 {
                // Out on his heels, before the play.
                *row = [1.0; SHOWS + 1];
                continue;
            }
            for &(a, b, p) in model.pegging(0) {
                let (x, y) = (x - i32::from(b), y - i32::from(a));
                let p = f64::from(p);
                for (t, w) in row.iter_mut().enumerate() {
                    let t = t as i32;
                    *w += p * match (x <= 0, y <= 0) {
                        (true, true) => 0.5,
                        (true, false) => 1.0,
                        (false, true) => 0.0,
                        // The pone counts first; then, short of out, the
                        // dealer's show; then the next deal.
                        (false, false) if t >= x => model.pone_below(y),
                        (false, false) => model.pone_below(y) - model.after_pone_at(y, x - t),
                    };
                }
            }
        }
        DealerValues { v }
    }

    #[inline]
    fn at(&self, heels: bool, show: usize) -> f64 {
        self.v[usize::from(heels)][show.min(SHOWS)]
    }
}

/// The pone's chance to win by its own hand and the dealer's show: for a
/// hand of `h` points, `fixed[heels][h]` (the play's ends, and counting
/// out) plus Σ over the dealer's shows t of P(t) × `rest[heels][h][t]`.
struct PoneValues {
    fixed: [[f64; 31]; 2],
    rest: Box<[[[f64; SHOWS]; 31]; 2]>,
}

impl PoneValues {
    /// The dealer needing `x`, the pone `y`, at the start of the hand.
    fn new(model: &WinModel, x: i32, y: i32) -> PoneValues {
        let mut fixed = [[0.0; 31]; 2];
        let mut rest = Box::new([[[0.0; SHOWS]; 31]; 2]);
        for heels in 0..2 {
            let x = x - 2 * heels as i32;
            if x <= 0 {
                // The dealer is out on his heels, before the play.
                continue;
            }
            for &(a, b, p) in model.pegging(0) {
                let (x, y) = (x - i32::from(b), y - i32::from(a));
                let p = f64::from(p);
                for h in 0..31 {
                    let end = match (x <= 0, y <= 0) {
                        (true, true) => 0.5,
                        (true, false) => 0.0,
                        (false, true) => 1.0,
                        (false, false) if h as i32 >= y => 1.0,
                        (false, false) => {
                            // Short of out, the dealer's show, then the next
                            // deal, this pone dealing it.
                            for t in 0..SHOWS.min(x as usize) {
                                rest[heels][h][t] += p * model.deal_at(y - h as i32, x - t as i32);
                            }
                            0.0
                        }
                    };
                    fixed[heels][h] += p * end;
                }
            }
        }
        PoneValues { fixed, rest }
    }

    /// The chance with a hand of `h` points and the dealer's show as `show`.
    #[inline]
    fn at(&self, heels: bool, h: usize, show: &[f64; SHOWS]) -> f64 {
        let (heels, h) = (usize::from(heels), h.min(30));
        let mut chance = self.fixed[heels][h];
        for (w, p) in self.rest[heels][h].iter().zip(show) {
            chance += w * p;
        }
        chance
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::ai::discard;
    use crate::games::State as _;
    use crate::games::cribbage::{Game, Rules};

    /// Far from the end a point is worth about the same everywhere: the
    /// choices' chances rank nearly as their points do.
    #[test]
    fn early_on_the_chances_follow_the_points() {
        let mut agree = 0;
        let mut tried = 0;
        for seed in 0..40 {
            let game = Game::new(Rules::default(), seed);
            let seat = game.current_player().unwrap();
            let view = game.observation(seat);
            let options = discard::options(&view, Level::Expert);
            let best_points = options
                .iter()
                .map(|o| o.total)
                .fold(f64::NEG_INFINITY, f64::max);
            tried += 1;
            if options[0].total >= best_points - 0.25 {
                agree += 1;
            }
            assert!(options.iter().all(|o| o.win_prob.is_some()));
        }
        assert!(agree * 10 >= tried * 8, "{agree} of {tried}");
    }

    /// The chances the coach gives each lay-away are the model's: the same
    /// walk through the hand written out the slow way, outcome by outcome
    /// (every starter, crib, pegging and other hand), through the model's
    /// own valuation of a finished show.
    #[test]
    fn the_chances_are_the_models() {
        use crate::ai::hand_values::CribPool;
        use crate::games::cribbage::{Rules, Setup};
        let model = winprob::model();
        for (scores, seed) in [([0u16, 0], 3u64), ([97, 104], 8), ([112, 101], 21)] {
            let setup = Setup {
                first_dealer: (seed % 2) as usize,
                scores: scores.to_vec(),
                deals: vec![],
            };
            let game = Game::with_setup(Rules::default(), seed, setup).unwrap();
            let seat = game.current_player().unwrap();
            let obs = game.observation(seat);
            let unseen = obs.unseen();
            let pool = CribPool::new(unseen, 2);
            // Hard's options: no pegging value of the hand, so the chances
            // are the walk alone.
            let mut options = discard::options(&obs, Level::Hard);
            options.truncate(4);
            value(&obs, &mut options, &pool);
            let i_deal = obs.dealer == seat;
            let mine = i32::from(obs.points_to_go(obs.side));
            let theirs = i32::from(obs.points_to_go(1 - obs.side));
            let (x, y) = if i_deal {
                (mine, theirs)
            } else {
                (theirs, mine)
            };
            for option in &options {
                let crib = pool.outlook(option.discard, Some(throws::propensity(!i_deal)));
                let hand = PreparedHand::new_unchecked(option.keep, ShowKind::Hand);
                let mut chance = 0.0;
                for starter in unseen {
                    let x = x - if starter.rank() == Rank::Jack { 2 } else { 0 };
                    let h = i32::from(hand.total(starter));
                    let row = &crib.by_starter[usize::from(starter.rank().index())];
                    let mut here = 0.0;
                    for &(a, b, p) in model.pegging(0) {
                        let (x, y) = (x - i32::from(b), y - i32::from(a));
                        let p = f64::from(p);
                        let dealer = match (x <= 0, y <= 0) {
                            _ if x + i32::from(b) <= 0 => 1.0,
                            (true, true) => 0.5,
                            (true, false) => 1.0,
                            (false, true) => 0.0,
                            (false, false) if i_deal => {
                                let mut w = 0.0;
                                for (c, &q) in row.iter().enumerate() {
                                    for (ph, &r) in model.pone_hand().iter().enumerate() {
                                        w += q
                                            * r
                                            * model.dealer_after_show(
                                                x,
                                                y,
                                                ph as i32,
                                                h + c as i32,
                                            );
                                    }
                                }
                                w
                            }
                            (false, false) => {
                                let mut w = 0.0;
                                for (c, &q) in row.iter().enumerate() {
                                    for (dh, &r) in model.dealer_hand().iter().enumerate() {
                                        w += q
                                            * r
                                            * model.dealer_after_show(x, y, h, (dh + c) as i32);
                                    }
                                }
                                w
                            }
                        };
                        here += p * if i_deal { dealer } else { 1.0 - dealer };
                    }
                    chance += here;
                }
                chance /= unseen.len() as f64;
                let fast = option.win_prob.unwrap();
                assert!(
                    (fast - chance).abs() < 1e-4,
                    "{scores:?} {}: {fast} against {chance}",
                    option.discard
                );
            }
        }
    }

    #[test]
    fn the_dealer_values_more_show_as_better() {
        let model = winprob::model();
        for (x, y) in [(121, 121), (30, 20), (10, 40), (5, 5)] {
            let values = DealerValues::new(model, x, y);
            for heels in [false, true] {
                for t in 0..SHOWS {
                    assert!(values.at(heels, t + 1) >= values.at(heels, t) - 1e-9);
                }
            }
        }
    }
}
