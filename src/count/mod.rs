//! Counting: the combinations every game of the family scores, with the
//! cards that make each one.
//!
//! - [`show`]: standard cribbage's show (a hand or crib with the starter),
//!   with its breakdown, the spoken cadence and the fast path for the AI.
//! - [`peg`]: what a card laid in the play scores.
//! - The primitives below (totals under a card valuation, pairs, runs,
//!   flushes) are what every game scores with, the standard show among them.

pub mod peg;
pub mod show;

pub use peg::{PegScore, peg_score, peg_score_unchecked};
pub use show::{
    CadenceStep, Combo, ComboKind, PreparedHand, ScoreError, ShowKind, ShowScore, distribution,
    score_show, show_total,
};

use crate::cards::{Card, CardSet, Suit};

/// The subsets of up to eight cards, in mask order: subset `m` holds the
/// cards whose index bits are set in `m`. Every primitive below lists its
/// combinations in this order, so a breakdown reads the same every time.
fn subsets(cards: &[Card]) -> impl Iterator<Item = (usize, CardSet)> + '_ {
    let n = cards.len();
    debug_assert!(n <= 8, "subsets of {n} cards");
    (1..1usize << n).map(move |mask| {
        let set = (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| cards[i])
            .collect();
        (mask, set)
    })
}

/// A card's value in standard cribbage's sums: ace 1, two to ten their
/// face, court cards 10.
pub fn pips(card: Card) -> &'static [u8] {
    const VALUES: [[u8; 1]; 10] = [[1], [2], [3], [4], [5], [6], [7], [8], [9], [10]];
    &VALUES[usize::from(card.pips()).clamp(1, 10) - 1]
}

/// Every set of at least `min` cards among `cards` (up to eight) whose
/// values can total `total`. `values` gives each card's possible values: one
/// for most games, two where an ace may count 1 or 11 at its holder's
/// choice (each ace in a set takes its value on its own).
///
/// ```
/// use cribbage::count::{pips, totalling};
/// use cribbage::cards::parse_cards;
///
/// let cards = parse_cards("5H 5C TD JS")?;
/// assert_eq!(totalling(&cards, 15, 2, pips).len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `values` gives a card's values: its pips, or (Costly Colours) an ace's
/// two.
pub fn totalling(
    cards: &[Card],
    total: u8,
    min: usize,
    values: fn(Card) -> &'static [u8],
) -> Vec<CardSet> {
    let mut sets = Vec::new();
    for (_, set) in subsets(cards) {
        if set.len() >= min && can_total(set, total, values) {
            sets.push(set);
        }
    }
    sets
}

/// Whether some choice of the cards' values totals `total`: the reachable
/// sums as a bit set, one card at a time.
fn can_total(set: CardSet, total: u8, values: fn(Card) -> &'static [u8]) -> bool {
    let mut sums: u128 = 1;
    for card in set {
        let mut next = 0;
        for &v in values(card) {
            next |= sums << v;
        }
        sums = next;
    }
    total < 128 && sums >> total & 1 == 1
}

/// Every pair of cards of one rank (three of a rank make three pairs, a
/// prial; four make six, a double prial).
pub fn pairs(cards: &[Card]) -> Vec<CardSet> {
    subsets(cards)
        .filter(|&(mask, set)| {
            let mut ranks = set.iter().map(Card::rank);
            mask.count_ones() == 2 && ranks.next() == ranks.next()
        })
        .map(|(_, set)| set)
        .collect()
}

/// Whether the cards have distinct, consecutive ranks, ace low.
pub fn is_run(cards: CardSet) -> bool {
    let mut ranks = 0u16;
    for card in cards {
        let bit = 1u16 << card.rank().index();
        if ranks & bit != 0 {
            return false;
        }
        ranks |= bit;
    }
    let shifted = ranks >> ranks.trailing_zeros();
    shifted & (shifted + 1) == 0
}

/// The longest runs of at least `min` cards, every distinct set of cards
/// once: a double run of three is two runs, a run of four is one run (not
/// two of three).
pub fn longest_runs(cards: &[Card], min: usize) -> Vec<CardSet> {
    for len in (min..=cards.len().min(8)).rev() {
        let runs: Vec<CardSet> = subsets(cards)
            .filter(|&(mask, set)| mask.count_ones() as usize == len && is_run(set))
            .map(|(_, set)| set)
            .collect();
        if !runs.is_empty() {
            return runs;
        }
    }
    Vec::new()
}

/// `BINOMIAL[k][n]` = C(n, k), for n < 18 and k ≤ 5: enough to rank the
/// multisets of up to five of the thirteen ranks ([`multiset_index`]).
pub(crate) const BINOMIAL: [[usize; 18]; 6] = {
    let mut table = [[0; 18]; 6];
    let mut n = 0;
    while n < 18 {
        let mut k = 0;
        while k < 6 {
            table[k][n] = if k == 0 {
                1
            } else if n == 0 {
                0
            } else {
                table[k - 1][n - 1] + table[k][n - 1]
            };
            k += 1;
        }
        n += 1;
    }
    table
};

/// The index of a sorted multiset of up to five rank indexes among those of
/// its size, from 0 to C(12 + k, k) - 1 for k ranks: adding i to the i-th
/// smallest makes a strictly increasing set, ranked by the combinatorial
/// number system. What the tables indexed by a hand's ranks are keyed by.
pub(crate) fn multiset_index(sorted: &[u8]) -> usize {
    sorted
        .iter()
        .enumerate()
        .map(|(i, &r)| BINOMIAL[i + 1][usize::from(r) + i])
        .sum()
}

/// The cards as a set, or the first card that appears twice.
///
/// # Errors
/// [`ScoreError::DuplicateCard`].
pub fn distinct(cards: impl IntoIterator<Item = Card>) -> Result<CardSet, ScoreError> {
    let mut seen = CardSet::EMPTY;
    for card in cards {
        if !seen.insert(card) {
            return Err(ScoreError::DuplicateCard(card));
        }
    }
    Ok(seen)
}

/// In the play: how many cards of the last card's rank were laid last, in
/// a row (1 for a card alone; 2 a pair, 3 a prial, 4 a double prial).
pub fn same_rank_at_end(pile: &[Card]) -> usize {
    let Some(last) = pile.last() else {
        return 0;
    };
    pile.iter()
        .rev()
        .take_while(|c| c.rank() == last.rank())
        .count()
}

/// In the play: the length of the run the last cards make, in any order,
/// ace low (0 when the last three make none).
pub fn run_at_end(pile: &[Card]) -> usize {
    // Walk back from the last card; the longest window of distinct ranks
    // forming a consecutive stretch is the run. A repeated rank ends the
    // search: every longer window holds it too.
    let mut ranks = 0u16;
    let mut run = 0;
    for (k, card) in pile.iter().rev().enumerate() {
        let bit = 1u16 << card.rank().index();
        if ranks & bit != 0 {
            break;
        }
        ranks |= bit;
        let shifted = ranks >> ranks.trailing_zeros();
        if k + 1 >= 3 && shifted & (shifted + 1) == 0 {
            run = k + 1;
        }
    }
    run
}

/// The cards of the most common suit (the first such suit on a tie), for
/// flushes.
pub fn largest_suit(cards: &[Card]) -> CardSet {
    let set: CardSet = cards.iter().copied().collect();
    Suit::ALL
        .iter()
        .map(|&suit| set.of_suit(suit))
        .fold(
            CardSet::EMPTY,
            |best, s| if s.len() > best.len() { s } else { best },
        )
}

/// What cards in a line score as they stand, with no starter: fifteens,
/// pairs, runs of three or more, and `flush` points when all `full` cards
/// of a full line are of one suit. Table Top Cribbage's and Cribbage Square
/// Solitaire's lines, which differ only in their length and their flush,
/// share it.
pub fn points_as_they_stand(cards: &[Card], full: usize, flush: u8) -> u8 {
    let fifteens = 2 * totalling(cards, 15, 2, pips).len();
    let pairs = 2 * pairs(cards).len();
    let runs: usize = longest_runs(cards, 3).iter().map(|r| r.len()).sum();
    let flush = match cards.first() {
        Some(first) if cards.len() == full && cards.iter().all(|c| c.suit() == first.suit()) => {
            flush
        }
        _ => 0,
    };
    (fifteens + pairs + runs) as u8 + flush
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ace_may_count_one_or_eleven() {
        let eleven: fn(Card) -> &'static [u8] = |c| if c.pips() == 1 { &[1, 11] } else { pips(c) };
        let cards = crate::cards::parse_cards("AH AS 3D").unwrap();
        // A+A: 2, 12 or 22; A+A+3: 5, 15 or 25.
        assert_eq!(totalling(&cards, 22, 2, eleven).len(), 1);
        assert_eq!(totalling(&cards, 15, 2, eleven).len(), 1);
        assert_eq!(totalling(&cards, 14, 2, eleven).len(), 2);
        assert_eq!(largest_suit(&cards).len(), 1);
    }
}
