//! Counting a line of five, as Table Top Cribbage counts its rows and
//! columns: like a cribbage hand with no starter (the rules README, "Table
//! Top Cribbage").
//!
//! | combination | points |
//! |---|---|
//! | fifteen: each set of cards totalling 15 | 2 |
//! | pair: each two cards of a rank (three of a rank 6, four 12) | 2 |
//! | run: the longest runs of 3+, each distinct set of cards once | 1 a card |
//! | flush: all five cards of one suit (four of a suit scores nothing) | 5 |
//!
//! No nobs and no heels: a line has no starter. Two scorers that must agree
//! on every line (tests/it/table_top.rs checks all 2,598,960): [`count_line`]
//! with its breakdown, built on the family's counting primitives
//! ([`crate::count`]), and [`line_total`] from the show's rank table, for
//! the computer players that score millions of lines.
//!
//! ```
//! use cribbage::cards::parse_cards;
//! use cribbage::games::table_top::score::{count_line, line_total};
//!
//! // 004's example: 9-10-9-8-5 makes two runs (8-9-10, twice), a pair of
//! // nines and a fifteen (10+5): 10.
//! let line: [_; 5] = parse_cards("9H TC 9D 8S 5H")?.try_into().unwrap();
//! let count = count_line(line)?;
//! assert_eq!((count.runs, count.pairs, count.fifteens, count.total), (6, 2, 2, 10));
//! assert_eq!(line_total(line), 10);
//! assert_eq!(count.words(), "fifteen two, and a pair is four, and a run is seven, and a run is ten");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::cards::{Card, CardSet};
use crate::count::show::{cadence_steps, rank_row, sort_ranks};
use crate::count::{
    CadenceStep, Combo, ComboKind, ScoreError, distinct, longest_runs, pairs, pips,
    points_as_they_stand, totalling,
};
use serde::Serialize;

/// Points for a line of five cards of one suit.
pub const FLUSH: u8 = 5;

/// The count of one line, with every combination and its cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineCount {
    /// The five cards, in the line's order.
    pub cards: [Card; 5],
    /// Every combination, in counting order: fifteens, pairs, runs, flush.
    pub combos: Vec<Combo>,
    /// Points from fifteens.
    pub fifteens: u8,
    /// Points from pairs (6 for three of a rank, 12 for four).
    pub pairs: u8,
    /// Points from runs.
    pub runs: u8,
    /// Points from the flush (0 or 5).
    pub flush: u8,
    /// The whole count.
    pub total: u8,
}

impl LineCount {
    /// The count as a player says it, phrase by phrase, each with its cards
    /// and the running total: "fifteen two, and a pair is four".
    pub fn steps(&self) -> Vec<CadenceStep> {
        cadence_steps(&self.combos)
    }

    /// The whole count in words, or "nothing".
    pub fn words(&self) -> String {
        let steps = self.steps();
        if steps.is_empty() {
            return "nothing".to_string();
        }
        let phrases: Vec<&str> = steps.iter().map(|step| step.phrase.as_str()).collect();
        phrases.join(", ")
    }
}

/// Counts a line of five cards, naming every combination.
///
/// # Errors
/// [`ScoreError::DuplicateCard`] for a card twice.
pub fn count_line(line: [Card; 5]) -> Result<LineCount, ScoreError> {
    let set = distinct(line)?;
    // In rank order, so that the pairs of one rank come together and are
    // called together ("a pair royal").
    let sorted = set.to_vec();
    let mut combos = Vec::new();
    let mut add = |kind, cards: CardSet, points| {
        combos.push(Combo {
            kind,
            cards,
            points,
        })
    };
    for cards in totalling(&sorted, 15, 2, pips) {
        add(ComboKind::Fifteen, cards, 2);
    }
    for cards in pairs(&sorted) {
        add(ComboKind::Pair, cards, 2);
    }
    for cards in longest_runs(&sorted, 3) {
        add(ComboKind::Run, cards, cards.len() as u8);
    }
    let suit = line[0].suit();
    if line.iter().all(|c| c.suit() == suit) {
        add(ComboKind::Flush, set, FLUSH);
    }
    let sum = |kind: ComboKind| -> u8 {
        combos
            .iter()
            .filter(|c| c.kind == kind)
            .map(|c| c.points)
            .sum()
    };
    let (fifteens, pairs, runs, flush) = (
        sum(ComboKind::Fifteen),
        sum(ComboKind::Pair),
        sum(ComboKind::Run),
        sum(ComboKind::Flush),
    );
    Ok(LineCount {
        cards: line,
        fifteens,
        pairs,
        runs,
        flush,
        total: fifteens + pairs + runs + flush,
        combos,
    })
}

/// What the cards of a line score as they stand, counted as the hand's
/// end counts a line: fifteens, pairs and runs of three or more, and the
/// flush only when all five are there and of one suit. What a page shows
/// beside a line while the layout fills; for a full line it is the line's
/// count.
///
/// ```
/// use cribbage::cards::parse_cards;
/// use cribbage::games::table_top::score::points_now;
///
/// assert_eq!(points_now(&parse_cards("7H 8C 9D")?), 5); // fifteen two, a run of three
/// assert_eq!(points_now(&parse_cards("2H 4H 6H 8H")?), 0); // four of a suit: no flush
/// # Ok::<(), cribbage::cards::ParseCardError>(())
/// ```
pub fn points_now(cards: &[Card]) -> u8 {
    points_as_they_stand(cards, 5, FLUSH)
}

/// A line's total alone, by the fast path: fifteens, pairs and runs from
/// the show's table of five ranks, and a mask test for the flush. Equal to
/// `count_line(line)?.total` for every line of five distinct cards; the
/// caller gives distinct cards.
#[inline]
pub fn line_total(line: [Card; 5]) -> u8 {
    let mut four = [
        line[0].rank().index(),
        line[1].rank().index(),
        line[2].rank().index(),
        line[3].rank().index(),
    ];
    sort_ranks(&mut four);
    let suit = line[0].suit();
    let flush = line.iter().all(|c| c.suit() == suit);
    rank_row(four)[usize::from(line[4].rank().index())] + FLUSH * u8::from(flush)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn line(text: &str) -> LineCount {
        count_line(parse_cards(text).unwrap().try_into().unwrap()).unwrap()
    }

    #[test]
    fn a_line_counts_as_a_hand_without_a_starter() {
        // Five of a suit: 5; four of a suit: nothing for the flush.
        assert_eq!(line("2H 4H 6H 8H QH").flush, 5);
        assert_eq!(line("2H 4H 6H 8H QC").flush, 0);
        // No nobs: a jack with any other card of its suit scores nothing.
        assert_eq!(line("JH 2H 4C 6S 8D").total, 0);
        // Four of a kind, a run of five, 29's cards (no nob: 28).
        assert_eq!(line("7H 7C 7D 7S AH").pairs, 12);
        assert_eq!(line("AH 2C 3D 4S 5H").runs, 5);
        assert_eq!(line("5H 5C 5S JD 5D").total, 28);
        // A double double run: 3-3-4-4-5 is four runs of three and two pairs.
        let c = line("3H 3C 4D 4S 5H");
        assert_eq!((c.runs, c.pairs), (12, 4));
        for text in [
            "5H 5C 5S JD 5D",
            "3H 3C 4D 4S 5H",
            "2H 4H 6H 8H QH",
            "9H TC 9D 8S 5H",
        ] {
            let cards = parse_cards(text).unwrap();
            assert_eq!(points_now(&cards), line(text).total, "{text}");
        }
        assert_eq!(points_now(&parse_cards("5H TC 5D").unwrap()), 2 + 2 + 2);
        assert_eq!(points_now(&[]), 0);
        assert_eq!(
            line("5H 5C 6S 6D 5D").words(),
            "fifteen two, and a pair royal is eight, and another pair is ten"
        );
    }
}
