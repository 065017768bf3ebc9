//! What cards are worth in the show, before the starter is known: the
//! figures the discard, the pegging search's reading of the opponents'
//! throws and the pegging table all share. It depends on the scorer only,
//! so every other AI module can use it without any of them using each other.
//!
//! The exact crib (Hard, Expert, the reference level) averages over every
//! way the rest of the crib and the starter can come from the unseen cards
//! (the other players' throws taken as equally likely). The crib's rank part
//! — fifteens, pairs, runs — depends only on ranks, so it is summed over rank
//! combinations weighted by how many card combinations each stands for; the
//! flush and his nob are added in closed form. That makes the exact figure
//! cost about a thousand table look-ups per choice instead of half a million.

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::count;
use std::sync::OnceLock;

// ---------------------------------------------------------------------------
// The rank part of a show, by rank multiset.

/// C(n, k) for small n and k = 1..4.
const fn binomial(n: u32, k: u32) -> u32 {
    match k {
        0 => 1,
        1 => n,
        2 => n * n.saturating_sub(1) / 2,
        3 => n * n.saturating_sub(1) * n.saturating_sub(2) / 6,
        _ => n * n.saturating_sub(1) * n.saturating_sub(2) * n.saturating_sub(3) / 24,
    }
}

/// Four ranks in ascending order (a sorting network: five compare-swaps,
/// each a min and a max, so no index is checked).
#[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
pub(crate) fn sort4([a, b, c, d]: [u8; 4]) -> [u8; 4] {
    let (a, b) = (a.min(b), a.max(b));
    let (c, d) = (c.min(d), c.max(d));
    let (a, c) = (a.min(c), a.max(c));
    let (b, d) = (b.min(d), b.max(d));
    let (b, c) = (b.min(c), b.max(c));
    [a, b, c, d]
}

/// Fifteens, pairs and runs of four sorted ranks and a starter rank, from
/// the scorer's own rank table ([`count::show::rank_row`]).
#[inline]
pub(crate) fn rank_points(sorted: [u8; 4], starter: u8) -> u8 {
    count::show::rank_row(sorted)[usize::from(starter)]
}

/// Builds the rank table and Medium's crib estimates now rather than on first use.
pub(crate) fn prepare() {
    let _ = count::show::rank_row([0; 4]);
    // One estimate builds both of its tables.
    let _ = crib_estimate("5H".parse().unwrap_or_default());
}

// ---------------------------------------------------------------------------
// The crib, exactly.

/// The unknown part of a crib: how many cards of it (and the starter) come
/// from the unseen pool, with every rank combination they can form and how
/// many card combinations each stands for.
pub(crate) struct CribPool {
    unknown: usize,
    pool: u32,
    suits: [u32; 4],
    unseen: CardSet,
    /// (ranks of the unknown crib cards, the slots past `unknown` zero;
    /// starter rank; weight).
    entries: Vec<([u8; 3], u8, f64)>,
    total_weight: f64,
}

impl CribPool {
    /// The crib gets `unknown` more cards (1 to 3) and the starter from `unseen`.
    pub(crate) fn new(unseen: CardSet, unknown: usize) -> CribPool {
        let mut counts = [0u32; 13];
        let mut suits = [0u32; 4];
        for card in unseen {
            counts[usize::from(card.rank().index())] += 1;
            suits[usize::from(card.suit().index())] += 1;
        }
        let unknown = unknown.clamp(1, 3);
        let mut entries = Vec::with_capacity(if unknown == 3 { 6000 } else { 1200 });
        let mut ranks = [0u8; 3];
        collect(&counts, unknown, 0, 0, &mut ranks, 1, &mut entries);
        let total_weight: f64 = entries.iter().map(|e| e.2).sum();
        CribPool {
            unknown,
            pool: unseen.len() as u32,
            suits,
            unseen,
            entries,
            total_weight,
        }
    }

    /// Expected crib points when `known` (the cards the seat lays away, 4 −
    /// unknown of them) join the crib; and the expected rank part by starter
    /// rank, for the endgame.
    pub(crate) fn expected(&self, known: CardSet) -> (f64, [f64; 13]) {
        if self.total_weight == 0.0 {
            return (0.0, [0.0; 13]);
        }
        // The known ranks fill the four slots from the back and an entry's
        // unknown ranks from the front, the slots either leaves empty being
        // zero: so each crib is the sum of the two, and sorting it makes
        // the order they were put in no matter.
        let mut mine = [0u8; 4];
        for (slot, card) in mine.iter_mut().rev().zip(known.iter()) {
            *slot = card.rank().index();
        }
        let mut by_starter = [0f64; 13];
        let mut weight_by_starter = [0f64; 13];
        for &([a, b, c], starter, weight) in &self.entries {
            let four = [mine[0] + a, mine[1] + b, mine[2] + c, mine[3]];
            let points = rank_points(sort4(four), starter);
            by_starter[usize::from(starter)] += weight * f64::from(points);
            weight_by_starter[usize::from(starter)] += weight;
        }
        let rank_part = by_starter.iter().sum::<f64>() / self.total_weight;
        let extras = self.nobs(known) + self.flush(known);
        let mut per_starter = [0.0; 13];
        for r in 0..13 {
            if weight_by_starter[r] > 0.0 {
                per_starter[r] = by_starter[r] / weight_by_starter[r] + extras;
            }
        }
        (rank_part + extras, per_starter)
    }

    /// The crib's points as a distribution for each rank of starter, when
    /// `known` join it, the unknown cards weighed by how often the other
    /// player throws their ranks (`propensity`, for two unknown cards: see
    /// [`crate::ai::throws`]); and its mean. His nob and the flush are
    /// added by their expectation, as one more point that often.
    pub(crate) fn outlook(
        &self,
        known: CardSet,
        propensity: Option<&[[f64; 13]; 13]>,
    ) -> CribOutlook {
        let mut outlook = CribOutlook {
            mean: 0.0,
            by_starter: [[0.0; 30]; 13],
        };
        let mut mine = [0u8; 4];
        for (slot, card) in mine.iter_mut().rev().zip(known.iter()) {
            *slot = card.rank().index();
        }
        let mut weight_by_starter = [0f64; 13];
        let mut sum = 0.0;
        let mut total = 0.0;
        for &([a, b, c], starter, weight) in &self.entries {
            let weight = match propensity {
                Some(table) if self.unknown == 2 => weight * table[usize::from(a)][usize::from(b)],
                _ => weight,
            };
            let four = [mine[0] + a, mine[1] + b, mine[2] + c, mine[3]];
            let points = rank_points(sort4(four), starter);
            let s = usize::from(starter);
            outlook.by_starter[s][usize::from(points).min(29)] += weight;
            weight_by_starter[s] += weight;
            sum += weight * f64::from(points);
            total += weight;
        }
        let extras = (self.nobs(known) + self.flush(known)).min(1.0);
        outlook.mean = sum / total.max(f64::MIN_POSITIVE) + extras;
        for (row, &w) in outlook.by_starter.iter_mut().zip(&weight_by_starter) {
            if w <= 0.0 {
                continue;
            }
            let mut carried = 0.0;
            for p in row.iter_mut() {
                let here = *p / w;
                *p = here * (1.0 - extras) + carried;
                carried = here * extras;
            }
            row[29] += carried;
        }
        outlook
    }

    /// Expected points for his nob: a jack in the crib of the starter's suit.
    fn nobs(&self, known: CardSet) -> f64 {
        let u = f64::from(self.pool);
        let m = self.unknown as f64;
        let in_suit = |card: Card| f64::from(self.suits[usize::from(card.suit().index())]);
        // The starter is uniform over the pool, whatever else the crib holds.
        let mine: f64 = known
            .of_rank(Rank::Jack)
            .iter()
            .map(|j| in_suit(j) / u)
            .sum();
        // An unseen jack is in the crib with probability m/u; the starter is
        // then one of the u − 1 others, n − 1 of them its suit.
        let theirs: f64 = self
            .unseen
            .of_rank(Rank::Jack)
            .iter()
            .map(|j| m / u * (in_suit(j) - 1.0) / (u - 1.0))
            .sum();
        mine + theirs
    }

    /// Expected points for a crib flush: all four crib cards and the starter in one suit.
    fn flush(&self, known: CardSet) -> f64 {
        let Some(first) = known.first() else {
            return 0.0;
        };
        if !known.is_subset(CardSet::DECK.of_suit(first.suit())) {
            return 0.0;
        }
        let n = self.suits[usize::from(first.suit().index())];
        let m = self.unknown as u32;
        let ways = f64::from(binomial(n, m)) * f64::from(n.saturating_sub(m));
        let all = f64::from(binomial(self.pool, m)) * f64::from(self.pool - m);
        5.0 * ways / all
    }
}

/// A crib's points before the starter is known: for each rank of starter,
/// the probability of each total from 0 to 29; and the mean over all.
pub(crate) struct CribOutlook {
    /// The expected points.
    pub(crate) mean: f64,
    /// `by_starter[r][points]`: the chance of the crib scoring `points`
    /// when the starter is of rank `r` (all zero for a rank no starter can be).
    pub(crate) by_starter: [[f64; 30]; 13],
}

/// Every multiset of `left` more ranks from `from` up, with its weight, and
/// for each the starter ranks still possible.
fn collect(
    counts: &[u32; 13],
    left: usize,
    from: u8,
    depth: usize,
    ranks: &mut [u8; 3],
    weight: u32,
    out: &mut Vec<([u8; 3], u8, f64)>,
) {
    if left == 0 {
        for s in 0..13u8 {
            let used = ranks.iter().take(depth).filter(|&&r| r == s).count() as u32;
            let left_of_rank = counts[usize::from(s)].saturating_sub(used);
            if left_of_rank > 0 {
                out.push((*ranks, s, f64::from(weight * left_of_rank)));
            }
        }
        return;
    }
    for r in from..13 {
        // Take `take` cards of rank r at once, so each multiset is counted once.
        for take in 1..=left {
            let ways = binomial(counts[usize::from(r)], take as u32);
            if ways == 0 {
                break;
            }
            for slot in ranks.iter_mut().skip(depth).take(take) {
                *slot = r;
            }
            collect(
                counts,
                left - take,
                r + 1,
                depth + take,
                ranks,
                weight * ways,
                out,
            );
        }
    }
}

/// The expected crib for a seat's throw when nothing else is known: the
/// crib estimate Medium uses, by the ranks thrown (suits and the seat's
/// other cards ignored). Positive: as the crib's owner sees it.
pub(crate) fn crib_estimate(discard: CardSet) -> f64 {
    // Both tables in one lock: one lazy initialization in the module, not two.
    static TABLES: OnceLock<CribEstimates> = OnceLock::new();
    let tables = TABLES.get_or_init(CribEstimates::build);
    let mut ranks = discard.iter().map(|c| usize::from(c.rank().index()));
    match (ranks.next(), ranks.next()) {
        (Some(a), Some(b)) => tables.pairs[a][b],
        (Some(a), None) => tables.singles[a],
        _ => 0.0,
    }
}

/// [`crib_estimate`]'s tables, by the ranks thrown.
struct CribEstimates {
    /// A pair of ranks thrown (two players).
    pairs: [[f64; 13]; 13],
    /// One rank thrown (three or four players).
    singles: [f64; 13],
}

impl CribEstimates {
    #[expect(
        clippy::needless_range_loop,
        reason = "each pair's value fills both halves of the symmetric table"
    )]
    fn build() -> CribEstimates {
        let mut pairs = [[0.0; 13]; 13];
        for a in 0..13 {
            for b in a..13 {
                // Off-suit, so no flush: the table is about ranks.
                let thrown =
                    CardSet::from(rank_card(a, Suit::Clubs)).with(rank_card(b, Suit::Hearts));
                let (value, _) = CribPool::new(!thrown, 2).expected(thrown);
                pairs[a][b] = value;
                pairs[b][a] = value;
            }
        }
        let singles = std::array::from_fn(|a| {
            let thrown = CardSet::from(rank_card(a, Suit::Clubs));
            CribPool::new(!thrown, 3).expected(thrown).0
        });
        CribEstimates { pairs, singles }
    }
}

fn rank_card(rank: usize, suit: Suit) -> Card {
    Card::new(Rank::from_index(rank as u8).unwrap_or(Rank::Ace), suit)
}

/// A rule-of-thumb crib estimate from the cards thrown alone: what they
/// score together, a point for each five, half a point if they could join
/// in a run.
pub(crate) fn rough_crib(discard: CardSet) -> f64 {
    let cards: Vec<Card> = discard.iter().collect();
    let mut value = cards.iter().filter(|c| c.rank() == Rank::Five).count() as f64;
    if let [a, b] = cards[..] {
        if a.pips() + b.pips() == 15 {
            value += 2.0;
        }
        if a.rank() == b.rank() {
            value += 2.0;
        }
        let gap = a.rank().index().abs_diff(b.rank().index());
        if gap == 1 || gap == 2 {
            value += 0.5;
        }
    }
    value
}

// ---------------------------------------------------------------------------
// Easy's view: the points in hand before the cut.

/// What four cards score before the cut: fifteens, pairs, runs and a
/// four-card flush (no starter, so no nob).
pub(crate) fn points_before_cut(keep: CardSet) -> u8 {
    let cards: Vec<Card> = keep.iter().collect();
    let n = cards.len();
    let mut points = 0u8;
    for mask in 1u32..(1 << n) {
        let pips: u32 = cards
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, card)| u32::from(card.pips()))
            .sum();
        if pips == 15 {
            points += 2;
        }
    }
    let mut counts = [0u8; 13];
    for card in &cards {
        counts[usize::from(card.rank().index())] += 1;
    }
    points += counts.iter().map(|&c| c * c.saturating_sub(1)).sum::<u8>();
    let mut start = 0;
    while start < 13 {
        let mut end = start;
        let mut ways = 1;
        while end < 13 && counts[end] > 0 {
            ways *= counts[end];
            end += 1;
        }
        if end - start >= 3 {
            points += (end - start) as u8 * ways;
        }
        start = end + 1;
    }
    if n == 4 && cards.iter().all(|c| c.suit() == cards[0].suit()) {
        points += 4;
    }
    points
}

/// Expected points of four kept cards over every starter in `unseen`.
///
/// By ranks: the rank part from the table for each starter rank times the
/// unseen cards of that rank, the flush and his nob by counting suits.
pub(crate) fn expected_hand(keep: CardSet, unseen: CardSet) -> f64 {
    if unseen.is_empty() || keep.len() != 4 {
        return 0.0;
    }
    let mut ranks = [0u8; 4];
    for (slot, card) in ranks.iter_mut().zip(keep) {
        *slot = card.rank().index();
    }
    let row = count::show::rank_row(ranks);
    let bits = unseen.bits();
    let mut sum = 0u32;
    for (r, &points) in row.iter().enumerate() {
        let n = ((bits >> (r * 4)) & 0xF).count_ones();
        sum += n * u32::from(points);
    }
    let in_suit = |suit: Suit| unseen.of_suit(suit).len() as u32;
    if let Some(first) = keep.first()
        && keep.is_subset(CardSet::DECK.of_suit(first.suit()))
    {
        sum += 4 * unseen.len() as u32 + in_suit(first.suit());
    }
    for jack in keep.of_rank(Rank::Jack) {
        sum += in_suit(jack.suit());
    }
    f64::from(sum) / unseen.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::{PreparedHand, ShowKind, show_total};

    fn set(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn rank_points_match_the_scorer() {
        // Spot checks against score_show on hands with no flush and no nob.
        for (hand, starter) in [
            ("5H 5C 5S JD", "5D"),
            ("7H 8C 8D KS", "9H"),
            ("AH 2C 3D 4S", "5H"),
            ("JH JC JD JS", "5S"),
            ("TH JC QD KS", "TC"),
        ] {
            let hand = set(hand);
            let starter: Card = starter.parse().unwrap();
            let nobs = hand
                .of_rank(Rank::Jack)
                .iter()
                .filter(|j| j.suit() == starter.suit())
                .count() as u8;
            let mut ranks = [0u8; 4];
            for (r, c) in ranks.iter_mut().zip(hand.iter()) {
                *r = c.rank().index();
            }
            let expected = show_total(hand, starter, ShowKind::Crib).unwrap() - nobs;
            assert_eq!(rank_points(sort4(ranks), starter.rank().index()), expected);
        }
    }

    /// The crib by brute force: every pair of unknown cards and every starter.
    fn brute_crib(known: CardSet, unseen: CardSet) -> f64 {
        let cards: Vec<Card> = unseen.iter().collect();
        let (mut sum, mut n) = (0u64, 0u64);
        for i in 0..cards.len() {
            for j in i + 1..cards.len() {
                let crib = known.with(cards[i]).with(cards[j]);
                let prepared = PreparedHand::new_unchecked(crib, ShowKind::Crib);
                for s in unseen - crib {
                    sum += u64::from(prepared.total(s));
                    n += 1;
                }
            }
        }
        sum as f64 / n as f64
    }

    #[test]
    fn exact_crib_agrees_with_brute_force() {
        for (hand, throw) in [
            ("5H 5C JD QS 2C 9H", "5H 5C"),
            ("JD QS 2C 9H 7S 8S", "7S 8S"),
            ("AH 2H 3C 4D JH KS", "AH JH"),
            ("TD JD QC KC 4S 6H", "TD JD"),
        ] {
            let hand = set(hand);
            let throw = set(throw);
            let unseen = !hand;
            let (fast, _) = CribPool::new(unseen, 2).expected(throw);
            let slow = brute_crib(throw, unseen);
            assert!((fast - slow).abs() < 1e-9, "{throw}: {fast} vs {slow}");
        }
    }

    #[test]
    fn exact_crib_with_one_card_thrown_agrees_with_brute_force() {
        let hand = set("JH 5C 6D 7S 9C");
        let throw = set("JH");
        let unseen = !hand;
        let (fast, _) = CribPool::new(unseen, 3).expected(throw);
        let cards: Vec<Card> = unseen.iter().collect();
        let (mut sum, mut n) = (0u64, 0u64);
        for i in 0..cards.len() {
            for j in i + 1..cards.len() {
                for k in j + 1..cards.len() {
                    let crib = throw.with(cards[i]).with(cards[j]).with(cards[k]);
                    let prepared = PreparedHand::new_unchecked(crib, ShowKind::Crib);
                    for s in unseen - crib {
                        sum += u64::from(prepared.total(s));
                        n += 1;
                    }
                }
            }
        }
        let slow = sum as f64 / n as f64;
        assert!((fast - slow).abs() < 1e-9, "{fast} vs {slow}");
    }

    #[test]
    fn expected_hand_by_ranks_agrees_with_every_starter() {
        for (hand, keep) in [
            ("5H 5C JD QS 2C 9H", "5C JD QS 9H"),
            ("2H 4H 6H 8H JC KC", "2H 4H 6H 8H"),
            ("JH 5H 6H 7H 9C KC", "JH 5H 6H 7H"),
            ("AC AD AH AS 2C 3C", "AC AD AH AS"),
        ] {
            let unseen = !set(hand);
            let keep = set(keep);
            let prepared = PreparedHand::new_unchecked(keep, ShowKind::Hand);
            let sum: u32 = unseen.iter().map(|s| u32::from(prepared.total(s))).sum();
            let slow = f64::from(sum) / unseen.len() as f64;
            assert!((expected_hand(keep, unseen) - slow).abs() < 1e-12, "{keep}");
        }
    }

    #[test]
    fn points_before_the_cut() {
        assert_eq!(points_before_cut(set("5H 5C 5S JD")), 8 + 6);
        assert_eq!(points_before_cut(set("7H 8C 8D 9S")), 2 * 2 + 2 + 6);
        assert_eq!(points_before_cut(set("2H 4H 6H 8H")), 4);
        assert_eq!(points_before_cut(set("AC 2D 3H 4S")), 4);
    }
}
