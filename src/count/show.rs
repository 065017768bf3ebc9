//! Scoring: the show (a hand or crib with the starter) and the play (the
//! last card laid on a pile).
//!
//! Two show scorers that must agree on every hand:
//! - [`score_show`] returns a [`ShowScore`] breakdown naming the cards of every
//!   fifteen, pair, run, flush and nob — what the page highlights and what the
//!   traditional cadence ("fifteen two, fifteen four, and a pair is six") reads.
//! - [`PreparedHand`] and [`show_total`] return only the total, from a table
//!   keyed by the five ranks, for the computer players that score millions of
//!   hands. A test over all 12,994,800 (hand, starter) pairs proves the two agree.
//!
//! ```
//! use cribbage::cards::{Card, CardSet};
//! use cribbage::count::{score_show, ShowKind};
//!
//! let hand: CardSet = "5H 5C 5S JD".parse()?;
//! let starter: Card = "5D".parse()?;
//! let score = score_show(hand, starter, ShowKind::Hand)?;
//! assert_eq!(score.total(), 29);
//! assert_eq!((score.fifteens, score.pairs, score.nobs), (16, 12, 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::cards::{Card, CardSet, Rank};
use std::fmt;
use std::sync::OnceLock;

/// Which rules a show uses: a player's hand, or the dealer's crib, which
/// scores a flush only when all four of its cards and the starter share a suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ShowKind {
    /// A player's four-card hand.
    Hand,
    /// The dealer's crib.
    Crib,
}

/// The kinds of scoring combination in the show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ComboKind {
    /// Cards whose pips total fifteen: 2.
    Fifteen,
    /// Two cards of one rank: 2.
    Pair,
    /// Three or more consecutive ranks: one per card.
    Run,
    /// Four hand cards of one suit (4), or with the starter too (5).
    Flush,
    /// The jack of the starter's suit held in hand: 1.
    Nobs,
}

/// One scoring combination: what it is, the cards that make it, its points.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Combo {
    /// The kind of combination.
    pub kind: ComboKind,
    /// The cards that make it (the starter included where it takes part).
    pub cards: CardSet,
    /// The points it scores.
    pub points: u8,
}

/// The full count of a hand or crib with its starter.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ShowScore {
    /// Hand or crib rules.
    pub kind: ShowKind,
    /// The four cards shown, in card order.
    pub hand: [Card; 4],
    /// The starter.
    pub starter: Card,
    /// Every combination, in counting order: fifteens, pairs, runs, flush, nobs.
    pub combos: Vec<Combo>,
    /// Points from fifteens.
    pub fifteens: u8,
    /// Points from pairs (6 for three of a rank, 12 for four).
    pub pairs: u8,
    /// Points from runs.
    pub runs: u8,
    /// Points from the flush (0, 4 or 5).
    pub flush: u8,
    /// Points from his nob (0 or 1).
    pub nobs: u8,
    /// The whole score.
    pub total: u8,
}

impl ShowScore {
    /// The whole score.
    pub fn total(&self) -> u8 {
        self.total
    }

    /// The count as a player says it aloud:
    /// "fifteen two, fifteen four, and a pair is six, and a run is nine".
    pub fn cadence(&self) -> String {
        cadence(&self.combos)
    }

    /// The cadence phrase by phrase, each with the cards it names and the
    /// running total: what a page highlights as it reads the count out.
    pub fn cadence_steps(&self) -> Vec<CadenceStep> {
        cadence_steps(&self.combos)
    }
}

/// Why some cards could not be scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScoreError {
    /// A show needs exactly four cards besides the starter.
    HandSize(usize),
    /// The same card appears twice (in the hand and as the starter, or twice on a pile).
    DuplicateCard(Card),
    /// A pile with no cards has no last card to score.
    EmptyPile,
    /// The count of a pile may never pass 31.
    CountOver31(u32),
    /// (Costly Colours) each ace laid takes a value, 1 or 11: the values
    /// given do not match the aces.
    AceValue {
        /// The aces on the pile.
        aces: usize,
        /// The values given.
        given: Vec<u8>,
    },
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreError::HandSize(n) => {
                write!(f, "a hand or crib has 4 cards besides the starter, not {n}")
            }
            ScoreError::DuplicateCard(card) => write!(f, "{card} appears twice"),
            ScoreError::EmptyPile => write!(f, "the pile is empty: no card to score"),
            ScoreError::CountOver31(count) => {
                write!(f, "the count would be {count}; it may never pass 31")
            }
            ScoreError::AceValue { aces, given } => write!(
                f,
                "the pile holds {aces} ace(s), each laid as 1 or 11; got the values {given:?}"
            ),
        }
    }
}

impl std::error::Error for ScoreError {}

fn check_show(hand: CardSet, starter: Card) -> Result<[Card; 4], ScoreError> {
    if hand.contains(starter) {
        return Err(ScoreError::DuplicateCard(starter));
    }
    let cards = hand.to_vec();
    cards
        .try_into()
        .map_err(|_| ScoreError::HandSize(hand.len()))
}

/// Scores a hand or crib with the starter, naming every combination.
///
/// # Errors
/// [`ScoreError::HandSize`] unless `hand` has four cards;
/// [`ScoreError::DuplicateCard`] if the starter is one of them.
pub fn score_show(hand: CardSet, starter: Card, kind: ShowKind) -> Result<ShowScore, ScoreError> {
    let hand_cards = check_show(hand, starter)?;
    let five = [
        hand_cards[0],
        hand_cards[1],
        hand_cards[2],
        hand_cards[3],
        starter,
    ];
    let combo = |kind, cards: CardSet, points| Combo {
        kind,
        cards,
        points,
    };
    let fifteens = super::totalling(&five, 15, 2, super::pips);
    let pairs = super::pairs(&five);
    // Only the longest runs count: a run of four is 4, not two runs of three.
    let runs = super::longest_runs(&five, 3);
    let mut combos: Vec<Combo> = fifteens
        .into_iter()
        .map(|set| combo(ComboKind::Fifteen, set, 2))
        .chain(pairs.into_iter().map(|set| combo(ComboKind::Pair, set, 2)))
        .chain(
            runs.into_iter()
                .map(|set| combo(ComboKind::Run, set, set.len() as u8)),
        )
        .collect();
    let suit = hand_cards[0].suit();
    if hand_cards.iter().all(|c| c.suit() == suit) {
        let with_starter = starter.suit() == suit;
        match (kind, with_starter) {
            (_, true) => combos.push(Combo {
                kind: ComboKind::Flush,
                cards: hand.with(starter),
                points: 5,
            }),
            (ShowKind::Hand, false) => combos.push(Combo {
                kind: ComboKind::Flush,
                cards: hand,
                points: 4,
            }),
            (ShowKind::Crib, false) => {}
        }
    }
    for card in hand_cards {
        if card.is_jack() && card.suit() == starter.suit() {
            combos.push(Combo {
                kind: ComboKind::Nobs,
                cards: CardSet::from(card),
                points: 1,
            });
        }
    }

    let points_of = |kind: ComboKind| -> u8 {
        combos
            .iter()
            .filter(|c| c.kind == kind)
            .map(|c| c.points)
            .sum()
    };
    let (fifteens, pairs, runs, flush, nobs) = (
        points_of(ComboKind::Fifteen),
        points_of(ComboKind::Pair),
        points_of(ComboKind::Run),
        points_of(ComboKind::Flush),
        points_of(ComboKind::Nobs),
    );
    Ok(ShowScore {
        kind,
        hand: hand_cards,
        starter,
        fifteens,
        pairs,
        runs,
        flush,
        nobs,
        total: fifteens + pairs + runs + flush + nobs,
        combos,
    })
}

/// Number words for the cadence; a show never passes 29 but pegging claims can.
pub(crate) fn words(n: u32) -> String {
    const SMALL: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 10] = [
        "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    match n {
        0..20 => SMALL[n as usize].to_string(),
        20..100 if n.is_multiple_of(10) => TENS[(n / 10) as usize].to_string(),
        20..100 => format!("{}-{}", TENS[(n / 10) as usize], SMALL[(n % 10) as usize]),
        _ => n.to_string(),
    }
}

/// One phrase of a spoken count: "fifteen six" when `name` is `None`;
/// otherwise the name, with `of` in words after it when given ("a run of
/// four"), "is" and the running total ("a pair is eight"), and "and" before
/// every phrase but the first. Every game's counts are said with it.
pub(crate) fn phrase(name: Option<&str>, of: Option<u32>, first: bool, running: u32) -> String {
    let mut text = String::new();
    match name {
        None => text.push_str("fifteen"),
        Some(name) => {
            if !first {
                text.push_str("and ");
            }
            text.push_str(name);
            if let Some(n) = of {
                text.push(' ');
                text.push_str(&words(n));
            }
            text.push_str(" is");
        }
    }
    text.push(' ');
    text.push_str(&words(running));
    text
}

/// One phrase of the spoken count: what is called, the cards that make it,
/// and the running total after it. Pairs of one rank are called together
/// ("a pair royal"), so a step may stand for several combinations.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CadenceStep {
    /// The words: "fifteen four", "and a pair is six".
    pub phrase: String,
    /// The cards of the combinations called.
    pub cards: CardSet,
    /// The points this step adds.
    pub points: u8,
    /// The running total after it.
    pub running: u8,
}

/// The spoken count of a list of combinations in counting order, phrase by phrase.
/// (Crate-wide: Table Top's lines are counted with these same words.)
pub(crate) fn cadence_steps(combos: &[Combo]) -> Vec<CadenceStep> {
    let mut steps: Vec<CadenceStep> = Vec::new();
    let mut running = 0u32;
    // Whether a pair has been called yet: a later one is "and a pair".
    let mut earlier_pair = false;
    let mut i = 0;
    while i < combos.len() {
        let combo = &combos[i];
        // The name, and the number said after it (see [`phrase`]).
        let (name, of, taken) = match combo.kind {
            ComboKind::Fifteen => (None, None, 1),
            ComboKind::Pair => {
                // Pairs of one rank are called together: a pair royal, not three pairs.
                let rank = combo.cards.first().map(Card::rank);
                let same = combos[i..]
                    .iter()
                    .take_while(|c| {
                        c.kind == ComboKind::Pair && c.cards.first().map(Card::rank) == rank
                    })
                    .count();
                let name = match same {
                    1 if earlier_pair => "another pair",
                    1 => "a pair",
                    3 => "a pair royal",
                    _ => "a double pair royal",
                };
                earlier_pair = true;
                (Some(name), None, same)
            }
            ComboKind::Run => match combo.points {
                3 => (Some("a run"), None, 1),
                n => (Some("a run of"), Some(u32::from(n)), 1),
            },
            ComboKind::Flush => (Some("a flush"), None, 1),
            ComboKind::Nobs => (Some("one for his nob"), None, 1),
        };
        let group = &combos[i..i + taken];
        let points: u32 = group.iter().map(|c| u32::from(c.points)).sum();
        let cards = group.iter().fold(CardSet::EMPTY, |set, c| set | c.cards);
        running += points;
        let phrase = phrase(name, of, steps.is_empty(), running);
        steps.push(CadenceStep {
            phrase,
            cards,
            points: points as u8,
            running: running as u8,
        });
        i += taken;
    }
    steps
}

/// The spoken count of a list of combinations in counting order.
pub(crate) fn cadence(combos: &[Combo]) -> String {
    let steps = cadence_steps(combos);
    if steps.is_empty() {
        return "nineteen: not a point to count".to_string();
    }
    let phrases: Vec<&str> = steps.iter().map(|step| step.phrase.as_str()).collect();
    phrases.join(", ")
}

// ---------------------------------------------------------------------------
// The fast path: fifteens, pairs and runs depend only on the five ranks, so
// they come from a table indexed by the hand's sorted ranks and the starter's
// rank; flush and nobs are two mask tests.

/// Number of multisets of four ranks: C(13 + 4 - 1, 4).
const RANK_MULTISETS: usize = 1820;

/// The index (0..1820) of a sorted multiset of four rank indexes.
pub(crate) fn multiset_index(r: [u8; 4]) -> usize {
    super::multiset_index(&r)
}

/// Fifteens + pairs + runs for five ranks, by rank counts (another method
/// than [`score_show`]'s subset search, so the exhaustive test compares two).
fn rank_points(ranks: [u8; 5]) -> u8 {
    let mut counts = [0u8; 13];
    for r in ranks {
        counts[usize::from(r)] += 1;
    }
    let pairs: u8 = counts.iter().map(|&c| c * c.saturating_sub(1)).sum();
    let mut runs = 0u8;
    let mut start = 0;
    while start < 13 {
        if counts[start] == 0 {
            start += 1;
            continue;
        }
        let mut end = start;
        let mut ways = 1u8;
        while end < 13 && counts[end] > 0 {
            ways *= counts[end];
            end += 1;
        }
        let len = (end - start) as u8;
        if len >= 3 {
            runs += len * ways;
        }
        start = end;
    }
    let pips = ranks.map(|r| (r + 1).min(10));
    let mut fifteens = 0u8;
    for mask in 1u32..32 {
        let sum: u8 = (0..5)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| pips[i])
            .sum();
        if sum == 15 {
            fifteens += 2;
        }
    }
    fifteens + pairs + runs
}

/// Sorts a few ranks (a line's or a hand's, at most five) in place, as
/// the family's games do for [`rank_row`]: by insertion, the sort for a
/// handful.
#[inline]
pub(crate) fn sort_ranks(ranks: &mut [u8]) {
    for i in 1..ranks.len() {
        let mut j = i;
        while j > 0 && ranks[j] < ranks[j - 1] {
            ranks.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Fifteens, pairs and runs of four sorted ranks with each starter rank
/// (indexed by the starter's rank index): the rank part of a show, shared
/// by the fast path here and the computer players' discard analysis.
#[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
pub(crate) fn rank_row(sorted: [u8; 4]) -> &'static [u8] {
    let base = multiset_index(sorted) * 13;
    &rank_table()[base..base + 13]
}

#[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
fn rank_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![0u8; RANK_MULTISETS * 13];
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        let base = multiset_index([a, b, c, d]) * 13;
                        for s in 0..13u8 {
                            table[base + usize::from(s)] = rank_points([a, b, c, d, s]);
                        }
                    }
                }
            }
        }
        table
    })
}

/// A four-card hand or crib made ready to be scored against many starters
/// quickly: the AI's inner loop.
///
/// ```
/// use cribbage::cards::CardSet;
/// use cribbage::count::{PreparedHand, ShowKind};
///
/// let hand: CardSet = "4H 5C 6D JS".parse()?;
/// let prepared = PreparedHand::new(hand, ShowKind::Hand)?;
/// let starters = !hand;
/// let mean = starters.iter().map(|s| f64::from(prepared.total(s))).sum::<f64>() / 48.0;
/// assert!(mean > 9.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct PreparedHand {
    /// The rank table, fetched once here rather than through the `OnceLock`
    /// on every starter.
    table: &'static [u8],
    base: usize,
    hand: u64,
    /// Points for a flush that needs no starter (4 in a hand, 0 in a crib).
    flush_base: u8,
    /// Points added when the starter is in `flush_cards`.
    flush_bonus: u8,
    flush_cards: u64,
    /// Starters that give his nob: every card of the suit of a held jack.
    nobs_cards: u64,
}

impl PreparedHand {
    /// Prepares four cards for scoring under hand or crib rules.
    ///
    /// # Errors
    /// [`ScoreError::HandSize`] unless there are exactly four cards.
    pub fn new(hand: CardSet, kind: ShowKind) -> Result<PreparedHand, ScoreError> {
        if hand.len() != 4 {
            return Err(ScoreError::HandSize(hand.len()));
        }
        Ok(Self::new_unchecked(hand, kind))
    }

    /// As [`PreparedHand::new`], for callers that know `hand` has four cards.
    /// With any other number of cards the totals are meaningless (but it does not panic).
    pub fn new_unchecked(hand: CardSet, kind: ShowKind) -> PreparedHand {
        let mut ranks = [0u8; 4];
        // Cards iterate in rank order, so the ranks arrive sorted.
        for (slot, card) in ranks.iter_mut().zip(hand.iter()) {
            *slot = card.rank().index();
        }
        let first_suit = hand.first().map_or(0, |c| c.suit().index());
        let suit_cards = CardSet::DECK.of_suit(crate::cards::Suit::ALL[usize::from(first_suit)]);
        let is_flush = hand.is_subset(suit_cards);
        let (flush_base, flush_bonus) = match (is_flush, kind) {
            (false, _) => (0, 0),
            (true, ShowKind::Hand) => (4, 1),
            (true, ShowKind::Crib) => (0, 5),
        };
        let mut nobs_cards = 0u64;
        for jack in hand.of_rank(Rank::Jack) {
            nobs_cards |= CardSet::DECK.of_suit(jack.suit()).bits();
        }
        PreparedHand {
            table: rank_table(),
            base: multiset_index(ranks) * 13,
            hand: hand.bits(),
            flush_base,
            flush_bonus,
            flush_cards: suit_cards.bits(),
            nobs_cards,
        }
    }

    /// The total with this starter. The starter must not be one of the four
    /// cards (the result is then meaningless, but it does not panic).
    #[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
    pub fn total(&self, starter: Card) -> u8 {
        let bit = starter.bit();
        let rank_part = self.table[self.base + usize::from(starter.rank().index())];
        let flush = self.flush_base + self.flush_bonus * u8::from(self.flush_cards & bit != 0);
        let nobs = u8::from(self.nobs_cards & bit != 0);
        rank_part + flush + nobs
    }

    /// The four cards.
    pub fn cards(&self) -> CardSet {
        CardSet::from_bits(self.hand).unwrap_or_default()
    }
}

/// The total of a hand or crib with the starter, by the fast path.
///
/// # Errors
/// As [`score_show`].
pub fn show_total(hand: CardSet, starter: Card, kind: ShowKind) -> Result<u8, ScoreError> {
    check_show(hand, starter)?;
    Ok(PreparedHand::new_unchecked(hand, kind).total(starter))
}

/// How many (hand, starter) pairs score each total from 0 to 29, under
/// hand rules and crib rules: all 12,994,800 of them, scored one by one.
pub fn distribution() -> ([u64; 30], [u64; 30]) {
    let mut hand_counts = [0u64; 30];
    let mut crib_counts = [0u64; 30];
    for a in 0..52u8 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    let hand: CardSet = [a, b, c, d]
                        .into_iter()
                        .filter_map(|i| Card::try_from(i).ok())
                        .collect();
                    let as_hand = PreparedHand::new_unchecked(hand, ShowKind::Hand);
                    let as_crib = PreparedHand::new_unchecked(hand, ShowKind::Crib);
                    for starter in !hand {
                        hand_counts[usize::from(as_hand.total(starter))] += 1;
                        crib_counts[usize::from(as_crib.total(starter))] += 1;
                    }
                }
            }
        }
    }
    (hand_counts, crib_counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(hand: &str, starter: &str, kind: ShowKind) -> ShowScore {
        score_show(hand.parse().unwrap(), starter.parse().unwrap(), kind).unwrap()
    }

    #[test]
    fn multiset_index_is_a_bijection() {
        let mut seen = vec![false; RANK_MULTISETS];
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        let i = multiset_index([a, b, c, d]);
                        assert!(!seen[i]);
                        seen[i] = true;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn cadence_reads_like_a_player() {
        assert_eq!(
            show("7H 8C 8D KS", "9H", ShowKind::Hand).cadence(),
            "fifteen two, fifteen four, and a pair is six, and a run is nine, and a run is twelve"
        );
        assert_eq!(
            show("5H 5C 5S JD", "5D", ShowKind::Hand).cadence(),
            "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, \
             fifteen fourteen, fifteen sixteen, and a double pair royal is twenty-eight, \
             and one for his nob is twenty-nine"
        );
        assert_eq!(
            show("2H 4C 6S 8D", "QC", ShowKind::Hand).cadence(),
            "nineteen: not a point to count"
        );
        assert_eq!(
            show("9H TH JH QH", "2C", ShowKind::Hand).cadence(),
            "a run of four is four, and a flush is eight"
        );
    }

    #[test]
    fn cadence_steps_name_their_cards_and_running_totals() {
        let steps = show("7H 8C 8D KS", "9H", ShowKind::Hand).cadence_steps();
        let read: Vec<(&str, String, u8)> = steps
            .iter()
            .map(|s| (s.phrase.as_str(), s.cards.to_string(), s.running))
            .collect();
        assert_eq!(
            read,
            [
                ("fifteen two", "7H 8C".to_string(), 2),
                ("fifteen four", "7H 8D".to_string(), 4),
                ("and a pair is six", "8C 8D".to_string(), 6),
                ("and a run is nine", "7H 8C 9H".to_string(), 9),
                ("and a run is twelve", "7H 8D 9H".to_string(), 12),
            ]
        );
        // A pair royal is one step holding its three cards and three pairs' points.
        let royal = show("5H 5C 5S 2D", "9C", ShowKind::Hand).cadence_steps();
        let last = royal.last().unwrap();
        assert_eq!(
            (last.phrase.as_str(), last.points),
            ("and a pair royal is eight", 6)
        );
        assert_eq!(last.cards.len(), 3);
        assert!(
            show("2H 4C 6S 8D", "QC", ShowKind::Hand)
                .cadence_steps()
                .is_empty()
        );
    }

    #[test]
    fn show_errors() {
        let hand: CardSet = "5H 5C 5S".parse().unwrap();
        assert_eq!(
            score_show(hand, "5D".parse().unwrap(), ShowKind::Hand),
            Err(ScoreError::HandSize(3))
        );
        let hand: CardSet = "5H 5C 5S 5D".parse().unwrap();
        assert_eq!(
            show_total(hand, "5D".parse().unwrap(), ShowKind::Hand),
            Err(ScoreError::DuplicateCard("5D".parse().unwrap()))
        );
    }
}
