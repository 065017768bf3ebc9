//! Board position: the chance to win a two-player game from any score.
//!
//! Near the end, points are not what matters: a player who needs 3 to win
//! should take a sure 2 over a likely 4 only if the 2 wins. Expert values
//! outcomes there by the chance to win the game, read from a table of
//! win probabilities by (points I need, points my opponent needs, who deals)
//! computed once by dynamic programming from per-hand point distributions:
//! each side's pegging, the pone's hand, the dealer's hand and crib. The
//! counting order is modelled as the rules have it: the play first (if both
//! could peg out it is called even), then the pone's hand, then the
//! dealer's hand and crib — so a pone who counts out wins before the dealer
//! counts a point.
//!
//! The distributions were measured in Hard-against-Hard games (see
//! `cribbage match --stats`); they are small arrays here, and the table
//! (about 120 KB of `f32`) is built on first use, in a few milliseconds.

use crate::cards::CardSet;
use crate::count::{PreparedHand, ShowKind};
use crate::games::cribbage::Observation;
use std::sync::OnceLock;

/// Expert plays for the game rather than for points once either side
/// needs this many points or fewer at the start of the hand or the play.
pub(crate) const ENDGAME: i32 = 45;

/// Scores are tracked as points still needed, 1 to this.
const MAX_TO_GO: usize = 121;
const SIZE: usize = MAX_TO_GO + 1;

/// Per-hand distributions, counts by points from 0: 15,867 complete deals of
/// `cribbage match --a hard --b hard --games 2000 --seed 77 --stats`.
const PONE_PEGGING: [u32; 17] = [
    3045, 4117, 2918, 2603, 1241, 528, 488, 389, 222, 157, 99, 26, 7, 9, 2, 12, 4,
];
/// (His heels included: it comes before the play, but the model has no other place for it.)
const DEALER_PEGGING: [u32; 21] = [
    0, 2739, 2259, 3776, 2431, 1935, 985, 666, 387, 293, 183, 79, 55, 16, 18, 20, 12, 6, 0, 4, 3,
];
const PONE_HAND: [u32; 25] = [
    58, 8, 739, 201, 1852, 622, 2524, 1106, 3066, 1106, 1326, 247, 1626, 118, 480, 88, 445, 88, 20,
    0, 66, 25, 4, 2, 50,
];
const DEALER_SHOW: [u32; 35] = [
    6, 0, 64, 24, 332, 164, 741, 391, 1428, 819, 1788, 993, 1860, 909, 1569, 747, 1150, 464, 762,
    335, 435, 197, 243, 92, 156, 38, 55, 20, 34, 14, 18, 9, 4, 2, 4,
];

/// Normalizes counts to probabilities.
fn probabilities(counts: &[u32]) -> Vec<f32> {
    let total: u32 = counts.iter().sum();
    counts
        .iter()
        .map(|&c| c as f32 / total.max(1) as f32)
        .collect()
}

/// The win-probability table and the intermediate stages of a hand.
pub(crate) struct WinTable {
    /// `start[d][x][y]`: at the start of a hand, I need x, my opponent y, d = 1 if I deal.
    start: [Vec<f32>; 2],
    /// I am pone and have counted my hand; the dealer counts, then I deal.
    pone_counted: Vec<f32>,
    /// I deal, the play is over, the pone has not counted: after the pone's
    /// hand, with my show to come, I deal no more.
    dealer_waiting: Vec<f32>,
    /// P(the pone's hand < v).
    pone_below: Vec<f32>,
    /// `pegging[d]`: (my pegging, opponent's pegging) with probability, d = 1 if I deal.
    pegging: [Vec<(usize, usize, f32)>; 2],
}

#[inline]
fn at(x: usize, y: usize) -> usize {
    x * SIZE + y
}

/// The table, built on first use.
#[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
pub(crate) fn table() -> &'static WinTable {
    static TABLE: OnceLock<WinTable> = OnceLock::new();
    TABLE.get_or_init(WinTable::build)
}

impl WinTable {
    fn build() -> WinTable {
        let pone_peg = probabilities(&PONE_PEGGING);
        let dealer_peg = probabilities(&DEALER_PEGGING);
        let pone_hand = probabilities(&PONE_HAND);
        let dealer_show = probabilities(&DEALER_SHOW);
        // The two peggings are taken as independent, except that somebody
        // always pegs (the last card scores): (0, 0) is dropped.
        let joint = |mine: &[f32], theirs: &[f32]| {
            let mut pairs = Vec::new();
            for (i, &p) in mine.iter().enumerate() {
                for (j, &q) in theirs.iter().enumerate() {
                    if (i, j) != (0, 0) && p * q > 0.0 {
                        pairs.push((i, j, p * q));
                    }
                }
            }
            let total: f32 = pairs.iter().map(|p| p.2).sum();
            for pair in &mut pairs {
                pair.2 /= total;
            }
            pairs
        };
        let pegging = [joint(&pone_peg, &dealer_peg), joint(&dealer_peg, &pone_peg)];
        let n = SIZE * SIZE;
        let mut start = [vec![0.0f32; n], vec![0.0f32; n]];
        let mut pone_counted = vec![0.0f32; n];
        let mut dealer_counted = vec![0.0f32; n];
        let mut after_peg = [vec![0.0f32; n], vec![0.0f32; n]];
        let mut dealer_waiting = vec![0.0f32; n];
        for x in 1..SIZE {
            for y in 1..SIZE {
                // The start of a hand: the play, then the show (already known
                // for every smaller pair of scores).
                for d in 0..2 {
                    let mut w = 0.0;
                    for &(i, j, p) in &pegging[d] {
                        w += p * match (i >= x, j >= y) {
                            (true, true) => 0.5,
                            (true, false) => 1.0,
                            (false, true) => 0.0,
                            (false, false) => after_peg[d][at(x - i, y - j)],
                        };
                    }
                    start[d][at(x, y)] = w;
                }
                // I am pone and counted: the dealer counts hand and crib; then I deal.
                let mut a = 0.0;
                for (k, &p) in dealer_show.iter().enumerate() {
                    if k < y {
                        a += p * start[1][at(x, y - k)];
                    }
                }
                pone_counted[at(x, y)] = a;
                // I deal, the pone counted: my hand and crib; then the pone deals.
                let mut b = 0.0;
                for (k, &p) in dealer_show.iter().enumerate() {
                    b += p * if k >= x { 1.0 } else { start[0][at(x - k, y)] };
                }
                dealer_counted[at(x, y)] = b;
                // After the play, as pone: my hand, then the dealer's show.
                let mut s0 = 0.0;
                for (h, &p) in pone_hand.iter().enumerate() {
                    s0 += p * if h >= x {
                        1.0
                    } else {
                        pone_counted[at(x - h, y)]
                    };
                }
                after_peg[0][at(x, y)] = s0;
                // After the play, as dealer: the pone's hand, then mine.
                let mut s1 = 0.0;
                let mut wait = 0.0;
                for (h, &p) in pone_hand.iter().enumerate() {
                    if h < y {
                        s1 += p * dealer_counted[at(x, y - h)];
                        wait += p * start[0][at(x, y - h)];
                    }
                }
                after_peg[1][at(x, y)] = s1;
                dealer_waiting[at(x, y)] = wait;
            }
        }
        let mut below = 0.0;
        let pone_below = (0..SIZE)
            .map(|v| {
                let b = below;
                below += pone_hand.get(v).copied().unwrap_or(0.0);
                b
            })
            .collect();
        WinTable {
            start,
            pone_counted,
            dealer_waiting,
            pone_below,
            pegging,
        }
    }

    /// My chance to win at the start of a hand.
    pub(crate) fn start(&self, my_go: i32, opp_go: i32, i_deal: bool) -> f32 {
        match (my_go <= 0, opp_go <= 0) {
            (true, _) => 1.0,
            (_, true) => 0.0,
            _ => self.start[usize::from(i_deal)][at(clamp(my_go), clamp(opp_go))],
        }
    }

    /// My chance to win once the play is over and the show is known: the
    /// pone counts first, then the dealer's hand and crib; then the next hand.
    pub(crate) fn after_show(
        &self,
        my_go: i32,
        opp_go: i32,
        i_deal: bool,
        mine: u8,
        theirs: u8,
    ) -> f32 {
        let (mine, theirs) = (i32::from(mine), i32::from(theirs));
        if i_deal {
            if theirs >= opp_go {
                return 0.0;
            }
            if mine >= my_go {
                return 1.0;
            }
        } else {
            if mine >= my_go {
                return 1.0;
            }
            if theirs >= opp_go {
                return 0.0;
            }
        }
        self.start(my_go - mine, opp_go - theirs, !i_deal)
    }

    /// After the play, as pone, my hand counting `hand`: my chance to win.
    fn pone_show(&self, my_go: usize, opp_go: usize, hand: usize) -> f32 {
        if hand >= my_go {
            1.0
        } else {
            self.pone_counted[at(my_go - hand, opp_go)]
        }
    }

    /// After the play, as dealer, my hand and crib counting `show`: my
    /// chance to win, the pone counting first.
    fn dealer_show(&self, my_go: usize, opp_go: usize, show: usize) -> f32 {
        if show >= my_go {
            self.pone_below[opp_go]
        } else {
            self.dealer_waiting[at(my_go - show, opp_go)]
        }
    }
}

fn clamp(to_go: i32) -> usize {
    to_go.clamp(1, MAX_TO_GO as i32) as usize
}

/// Expert near the end of a two-player game, laying away: the scores and
/// the deal, from which [`DiscardEndgame::win_prob`] values each choice.
/// Holds no discard types, so the discard can use it without this module
/// using the discard.
pub(crate) struct DiscardEndgame {
    table: &'static WinTable,
    /// Points I need and my opponent needs, clamped to the table.
    x: usize,
    y: usize,
    i_deal: bool,
}

impl DiscardEndgame {
    /// The endgame at this observation, or `None` while both sides need
    /// more than [`ENDGAME`].
    pub(crate) fn of(obs: &Observation) -> Option<DiscardEndgame> {
        let my_go = i32::from(obs.points_to_go(obs.side));
        let opp_go = i32::from(obs.points_to_go(1 - obs.side));
        if my_go > ENDGAME && opp_go > ENDGAME {
            return None;
        }
        Some(DiscardEndgame {
            table: table(),
            x: clamp(my_go),
            y: clamp(opp_go),
            i_deal: obs.dealer == obs.seat,
        })
    }

    /// Whether the seat deals (and so counts the crib).
    pub(crate) fn i_deal(&self) -> bool {
        self.i_deal
    }

    /// The chance to win keeping `keep`: the kept hand counted exactly for
    /// every starter in `unseen`, the crib (when mine) by its expected value
    /// given the starter's rank, `crib_by_rank`; the play and the
    /// opponent's show from the table's distributions.
    pub(crate) fn win_prob(&self, keep: CardSet, crib_by_rank: &[f64; 13], unseen: CardSet) -> f64 {
        let (table, x, y, i_deal) = (self.table, self.x, self.y, self.i_deal);
        let prepared = PreparedHand::new_unchecked(keep, ShowKind::Hand);
        let mut total = 0.0f64;
        for starter in unseen {
            let hand = usize::from(prepared.total(starter));
            let crib = crib_by_rank[usize::from(starter.rank().index())];
            // The crib's expectation, split between the points either side of it.
            let low = crib.floor();
            let parts = [
                (low as usize, 1.0 - (crib - low)),
                (low as usize + 1, crib - low),
            ];
            let mut value = 0.0f32;
            for &(i, j, p) in &table.pegging[usize::from(i_deal)] {
                value += p * match (i >= x, j >= y) {
                    (true, true) => 0.5,
                    (true, false) => 1.0,
                    (false, true) => 0.0,
                    (false, false) if i_deal => parts
                        .iter()
                        .map(|&(c, q)| q as f32 * table.dealer_show(x - i, y - j, hand + c))
                        .sum(),
                    (false, false) => table.pone_show(x - i, y - j, hand),
                };
            }
            total += f64::from(value);
        }
        total / unseen.len().max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sane() {
        let t = table();
        // Even scores: the dealer of the first hand is ahead (it pegs more
        // and counts the crib), but not by much.
        let first = t.start(121, 121, true);
        assert!((0.52..0.62).contains(&first), "{first}");
        // Needing less is always better; the opponent needing less is worse.
        for d in [false, true] {
            for x in (5..121).step_by(7) {
                for y in (5..121).step_by(11) {
                    let w = t.start(x, y, d);
                    assert!((0.0..=1.0).contains(&w));
                    assert!(t.start(x - 1, y, d) >= w - 1e-5, "{x} {y} {d}");
                    assert!(t.start(x, y - 1, d) <= w + 1e-5, "{x} {y} {d}");
                }
            }
        }
        // Both one point from home: the dealer always pegs in the play (the
        // go or the last card), so the pone needs to peg first.
        assert!(t.start(1, 1, false) < 0.5);
        assert!(t.start(3, 60, false) > 0.95);
    }

    #[test]
    fn the_show_is_counted_in_order() {
        let t = table();
        // Both would count out: the pone wins.
        assert_eq!(t.after_show(10, 10, false, 12, 20), 1.0);
        assert_eq!(t.after_show(10, 10, true, 20, 12), 0.0);
        assert_eq!(t.after_show(10, 10, true, 20, 9), 1.0);
    }
}
