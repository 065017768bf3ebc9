//! Noddy's counting, from the rules README's table (004): the announcement
//! of three cards with the turn-up, and what a card laid in the play scores.
//!
//! | combination | in hand (with the turn-up) | in the play (the card just laid) |
//! |---|---|---|
//! | knave noddy | the jack of the turn-up's suit, held: 1 | — |
//! | fifteen | each set of cards totalling 15: 2 | the count reaches 15: 2 |
//! | twenty-five | each set of 3+ cards totalling 25: 1 a card | the count reaches 25: 1 a card |
//! | hitter | 4+ cards totalling 31: 1 a card | the count reaches 31: 1 a card |
//! | pairs | each pair: 2 (a prial 6, a double prial 12) | the last cards in a row: 2 / 6 / 12 |
//! | runs | the longest, each distinct set once: 3 → 2, 4 → 4 | the last cards, any order: 3 → 2, 4 → 4, 5+ → 1 a card |
//! | flush | the largest suit, 3+ cards (the turn-up counts): 1 a card | the unbroken run of one suit at the end, 3+: 1 a card |
//!
//! Built on the family's counting primitives ([`crate::count`]): the same
//! totals, pairs, runs and suits every game scores with.
//!
//! ```
//! use cribbage::cards::{Card, parse_cards};
//! use cribbage::games::noddy::score::{announcement, play_score};
//!
//! // 5-T-J with a 9 turned: fifteen two (5+T), fifteen four (5+J),
//! // twenty-five for three (5+T+J), and a run of three (9-T-J) for two: nine.
//! let hand = parse_cards("5H TC JD")?;
//! let turnup: Card = "9S".parse()?;
//! let count = announcement(&hand, turnup)?;
//! assert_eq!((count.fifteens, count.twenty_fives, count.runs), (4, 3, 2));
//! assert_eq!(count.total, 9);
//! // In the play, 8-7 makes fifteen.
//! assert_eq!(play_score(&parse_cards("8H 7C")?)?.total, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::cards::{Card, CardSet, Rank};
use crate::count::show::phrase;
use crate::count::{
    CadenceStep, ScoreError, distinct, largest_suit, longest_runs, pairs, pips, run_at_end,
    same_rank_at_end, totalling,
};
use serde::Serialize;

/// The most the play's count may reach.
pub const LIMIT: u8 = 31;

/// The kinds of Noddy's combinations, in the order they are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The jack of the turn-up's suit, held in hand.
    KnaveNoddy,
    /// Cards totalling 15.
    Fifteen,
    /// Three or more cards totalling 25.
    TwentyFive,
    /// Four or more cards totalling 31.
    Hitter,
    /// Two cards of a rank.
    Pair,
    /// Three or more cards in sequence.
    Run,
    /// Three or more cards of a suit.
    Flush,
}

/// One combination and the cards that make it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Combo {
    /// What it is.
    pub kind: Kind,
    /// Its cards.
    pub cards: Vec<Card>,
    /// What it scores.
    pub points: u8,
}

/// A count with its combinations and its totals by kind.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Count {
    /// Every combination, in counting order.
    pub combos: Vec<Combo>,
    /// Knave noddy: 0 or 1.
    pub noddy: u8,
    /// Points for fifteens.
    pub fifteens: u8,
    /// Points for twenty-fives.
    pub twenty_fives: u8,
    /// Points for hitters.
    pub hitters: u8,
    /// Points for pairs, prials and double prials.
    pub pairs: u8,
    /// Points for runs.
    pub runs: u8,
    /// Points for the flush.
    pub flush: u8,
    /// The whole count.
    pub total: u8,
}

impl Count {
    fn add(&mut self, kind: Kind, cards: CardSet, points: u8) {
        if points == 0 {
            return;
        }
        let slot = match kind {
            Kind::KnaveNoddy => &mut self.noddy,
            Kind::Fifteen => &mut self.fifteens,
            Kind::TwentyFive => &mut self.twenty_fives,
            Kind::Hitter => &mut self.hitters,
            Kind::Pair => &mut self.pairs,
            Kind::Run => &mut self.runs,
            Kind::Flush => &mut self.flush,
        };
        *slot += points;
        self.total += points;
        self.combos.push(Combo {
            kind,
            cards: cards.to_vec(),
            points,
        });
    }
}

impl Count {
    /// The count as a player says it, phrase by phrase, each with its cards
    /// and the running total: "knave noddy is one", "fifteen three",
    /// "and twenty-five for three is six", "and a pair is eight".
    pub fn steps(&self) -> Vec<CadenceStep> {
        let mut steps = Vec::with_capacity(self.combos.len());
        let mut running = 0u8;
        let mut earlier_pair = false;
        let mut i = 0;
        while i < self.combos.len() {
            let combo = &self.combos[i];
            // The pairs of one rank are called together: a prial is one
            // phrase for its three pairs, a double prial one for its six.
            let taken = match combo.kind {
                Kind::Pair => {
                    let rank = combo.cards.first().map(|c| c.rank());
                    self.combos[i..]
                        .iter()
                        .take_while(|c| {
                            c.kind == Kind::Pair && c.cards.first().map(|c| c.rank()) == rank
                        })
                        .count()
                }
                _ => 1,
            };
            let mut points = 0u8;
            let mut cards = CardSet::EMPTY;
            for c in self.combos.iter().skip(i).take(taken) {
                points += c.points;
                for &card in &c.cards {
                    cards.insert(card);
                }
            }
            running += points;
            // The name, and the number said after it (see [`phrase`]).
            let (name, of) = match combo.kind {
                Kind::Fifteen => (None, None),
                Kind::KnaveNoddy => (Some("knave noddy"), None),
                Kind::TwentyFive => (Some("twenty-five for"), Some(points.into())),
                Kind::Hitter => (Some("a hitter for"), Some(points.into())),
                Kind::Pair => {
                    let name = match cards.len() {
                        2 if earlier_pair => "another pair",
                        2 => "a pair",
                        3 => "a prial",
                        _ => "a double prial",
                    };
                    earlier_pair = true;
                    (Some(name), None)
                }
                Kind::Run => (Some("a run of"), Some(cards.len() as u32)),
                Kind::Flush => (Some("a flush of"), Some(cards.len() as u32)),
            };
            let phrase = phrase(name, of, steps.is_empty(), running.into());
            steps.push(CadenceStep {
                phrase,
                cards,
                points,
                running,
            });
            i += taken;
        }
        steps
    }

    /// The whole count in words: the steps joined, or "nothing" when there
    /// is not a point.
    pub fn words(&self) -> String {
        let steps = self.steps();
        if steps.is_empty() {
            return "nothing".to_string();
        }
        let mut text = String::new();
        for (i, step) in steps.iter().enumerate() {
            if i > 0 {
                text.push_str(", ");
            }
            text.push_str(&step.phrase);
        }
        text
    }
}

/// A run's worth in Noddy: three cards 2, four 4, five or more 1 a card.
pub fn run_points(len: usize) -> u8 {
    match len {
        0..=2 => 0,
        3 => 2,
        4 => 4,
        n => n as u8,
    }
}

/// A card's worth, a card at a time: what twenty-fives, hitters and flushes pay.
fn per_card(cards: CardSet) -> u8 {
    cards.len() as u8
}

/// The announcement: the three cards held with the turn-up.
///
/// # Errors
/// [`ScoreError::HandSize`] unless three cards are held,
/// [`ScoreError::DuplicateCard`] for a card twice.
pub fn announcement(hand: &[Card], turnup: Card) -> Result<Count, ScoreError> {
    if hand.len() != 3 {
        return Err(ScoreError::HandSize(hand.len()));
    }
    // The four cards, checked as the play's scorer checks a pile.
    let mut cards = hand.to_vec();
    cards.push(turnup);
    distinct(cards.iter().copied())?;
    let mut count = Count::default();
    for &card in hand {
        if card.rank() == Rank::Jack && card.suit() == turnup.suit() {
            count.add(Kind::KnaveNoddy, CardSet::from(card), 1);
        }
    }
    for set in totalling(&cards, 15, 2, pips) {
        count.add(Kind::Fifteen, set, 2);
    }
    for set in totalling(&cards, 25, 3, pips) {
        count.add(Kind::TwentyFive, set, per_card(set));
    }
    for set in totalling(&cards, 31, 4, pips) {
        count.add(Kind::Hitter, set, per_card(set));
    }
    for set in pairs(&cards) {
        count.add(Kind::Pair, set, 2);
    }
    for set in longest_runs(&cards, 3) {
        count.add(Kind::Run, set, run_points(set.len()));
    }
    let suit = largest_suit(&cards);
    if suit.len() >= 3 {
        count.add(Kind::Flush, suit, per_card(suit));
    }
    Ok(count)
}

/// The announcement's total alone, without its combinations: what a
/// computer player reading the other hand computes for each of the
/// thousands of hands it might be. Equal to `announcement(hand,
/// turnup)?.total` for every hand (tests/it/family_scoring.rs checks all of
/// them); three distinct cards and a turn-up not among them are the
/// caller's to give.
pub fn announcement_total(hand: [Card; 3], turnup: Card) -> u8 {
    let cards = [hand[0], hand[1], hand[2], turnup];
    let mut total = 0u8;
    for card in hand {
        if card.rank() == Rank::Jack && card.suit() == turnup.suit() {
            total += 1;
        }
    }
    // Fifteens, twenty-fives and hitters over every subset of two or more.
    for mask in 3u8..16 {
        let n = mask.count_ones() as u8;
        if n < 2 {
            continue;
        }
        let sum: u8 = cards
            .iter()
            .enumerate()
            .filter(|&(i, _)| mask >> i & 1 == 1)
            .map(|(_, c)| c.pips())
            .sum();
        total += match (sum, n) {
            (15, _) => 2,
            (25, 3..) | (31, 4) => n,
            _ => 0,
        };
    }
    let mut ranks = [0u8; 13];
    let mut suits = [0u8; 4];
    for card in cards {
        ranks[usize::from(card.rank().index())] += 1;
        suits[usize::from(card.suit().index())] += 1;
    }
    for &n in &ranks {
        // n cards of a rank make n(n-1)/2 pairs at 2 each.
        total += n * n.saturating_sub(1);
    }
    // The longest stretch of ranks present, each run of it counted once per
    // choice of its cards.
    let (mut start, mut best) = (0, (0usize, 0usize));
    for (i, &n) in ranks.iter().chain([&0]).enumerate() {
        if n == 0 {
            if i - start > best.1 - best.0 {
                best = (start, i);
            }
            start = i + 1;
        }
    }
    let len = best.1 - best.0;
    if len >= 3 {
        let ways: u8 = ranks.iter().skip(best.0).take(len).product();
        total += ways * run_points(len);
    }
    let flush = suits.iter().copied().max().unwrap_or(0);
    if flush >= 3 {
        total += flush;
    }
    total
}

/// What the last card of `pile` scores: the pile is Noddy's one series of
/// the play, in the order laid. (The point for the go, or for last, is the
/// game's to give: it is not a combination.)
///
/// # Errors
/// [`ScoreError::EmptyPile`], [`ScoreError::DuplicateCard`], or
/// [`ScoreError::CountOver31`] when the count passes 31.
pub fn play_score(pile: &[Card]) -> Result<Count, ScoreError> {
    let Some(&last) = pile.last() else {
        return Err(ScoreError::EmptyPile);
    };
    let all = distinct(pile.iter().copied())?;
    let count_now: u32 = pile.iter().map(|c| u32::from(c.pips())).sum();
    if count_now > u32::from(LIMIT) {
        return Err(ScoreError::CountOver31(count_now));
    }
    let mut count = Count::default();
    match count_now {
        15 => count.add(Kind::Fifteen, all, 2),
        25 => count.add(Kind::TwentyFive, all, per_card(all)),
        31 => count.add(Kind::Hitter, all, per_card(all)),
        _ => {}
    }
    // Pairs: the cards of the last card's rank laid last, in a row.
    let same = same_rank_at_end(pile);
    if same >= 2 {
        let set = crate::games::last_cards(pile, same);
        let points = match same {
            2 => 2,
            3 => 6,
            _ => 12,
        };
        count.add(Kind::Pair, set, points);
    }
    // Runs: the longest tail of distinct ranks in sequence, any order.
    let len = run_at_end(pile);
    if len >= 3 {
        let set = crate::games::last_cards(pile, len);
        count.add(Kind::Run, set, run_points(len));
    }
    // Flush: the unbroken run of one suit at the end.
    let suited = pile
        .iter()
        .rev()
        .take_while(|c| c.suit() == last.suit())
        .count();
    if suited >= 3 {
        let set = crate::games::last_cards(pile, suited);
        count.add(Kind::Flush, set, per_card(set));
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn hand(text: &str, turnup: &str) -> Count {
        announcement(&parse_cards(text).unwrap(), turnup.parse().unwrap()).unwrap()
    }

    fn play(text: &str) -> Count {
        play_score(&parse_cards(text).unwrap()).unwrap()
    }

    #[test]
    fn the_announcement_counts_the_rules_tables_combinations() {
        // Knave noddy: the jack of the turn-up's suit, held.
        assert_eq!(hand("JS 2H 4C", "9S").noddy, 1);
        assert_eq!(hand("JH 2H 4C", "9S").noddy, 0);
        // A turned-up jack is never knave noddy (its 2 is the dealer's opponent's, pegged apart).
        assert_eq!(hand("2H 4C 8D", "JS").noddy, 0);
        // Fifteens 2 each; every set totalling 25 of three or more cards, 1 a card.
        let c = hand("5H TC JD", "9S");
        assert_eq!((c.fifteens, c.twenty_fives, c.runs, c.total), (4, 3, 2, 9));
        // All four cards making 25 score 4.
        assert_eq!(hand("5H 5C 5D", "TS").twenty_fives, 4);
        // A hitter: four cards totalling 31, 1 a card (with K+5 and Q+5
        // fifteens and K+Q+5 twenty-five).
        let c = hand("KH QC 6D", "5S");
        assert_eq!(
            (c.hitters, c.fifteens, c.twenty_fives, c.total),
            (4, 4, 3, 11)
        );
        let c = hand("KH QC AD", "KS");
        assert_eq!(c.hitters, 4);
        // Pairs, a prial, a double prial.
        assert_eq!(hand("7H 7C 2D", "9S").pairs, 2);
        assert_eq!(hand("7H 7C 7D", "9S").pairs, 6);
        assert_eq!(hand("7H 7C 7D", "7S").pairs, 12);
        // Runs: three 2, four 4; 5-6-6-7 is two runs of three and a pair.
        assert_eq!(hand("2H 3C 4D", "9S").runs, 2);
        assert_eq!(hand("2H 3C 4D", "5S").runs, 4);
        let c = hand("5H 6C 6D", "7S");
        assert_eq!((c.runs, c.pairs), (4, 2));
        // Flush: three or more of a suit, the turn-up counting; only the largest.
        assert_eq!(hand("2H 4H 9H", "KC").flush, 3);
        assert_eq!(hand("2H 4H 9H", "KH").flush, 4);
        assert_eq!(hand("2H 4H 9C", "KH").flush, 3);
        assert_eq!(hand("2H 4C 9C", "KH").flush, 0);
    }

    #[test]
    fn a_count_is_said_phrase_by_phrase() {
        assert_eq!(
            hand("5H TC JD", "9S").words(),
            "fifteen two, fifteen four, and twenty-five for three is seven, and a run of three is nine"
        );
        assert_eq!(
            hand("JS 7H 7C", "9S").words(),
            "knave noddy is one, and a pair is three"
        );
        assert_eq!(hand("AH 2C 7D", "KS").words(), "nothing");
        assert_eq!(
            hand("2H 4C 9D", "KS").words(),
            "fifteen two, and twenty-five for four is six"
        );
        assert_eq!(hand("7H 7C 7D", "7S").words(), "a double prial is twelve");
        assert_eq!(
            hand("7H 7C 2D", "2S").words(),
            "a pair is two, and another pair is four"
        );
        assert_eq!(hand("7H 7C 7D", "9S").words(), "a prial is six");
        let steps = hand("5H TC JD", "9S").steps();
        assert_eq!(steps.last().map(|s| s.running), Some(9));
        assert_eq!(steps[2].cards.len(), 3);
    }

    #[test]
    fn the_play_scores_the_card_just_laid() {
        assert_eq!(play("8H 7C").fifteens, 2);
        // Twenty-five: 1 a card in the series.
        assert_eq!(play("TH 5C KD").twenty_fives, 3);
        // A hitter: 1 a card.
        let c = play("TH TC 5D 6S");
        assert_eq!(c.hitters, 4);
        // Pairs in a row.
        assert_eq!(play("3H 3C").pairs, 2);
        assert_eq!(play("3H 3C 3D").pairs, 6);
        assert_eq!(play("3H 3C 3D 3S").pairs, 12);
        assert_eq!(play("3H 3C 4D 3S").pairs, 0);
        // Runs, any order: 3 → 2, 4 → 4, 5 → 5.
        assert_eq!(play("4H 2C 3D").runs, 2);
        assert_eq!(play("4H 2C 3D 5S").runs, 4);
        assert_eq!(play("4H 2C 3D 5S AH").runs, 5);
        assert_eq!(play("4H 2C 4D 3S").runs, 2);
        // Flush: the unbroken run of one suit at the end.
        assert_eq!(play("2H 4H 9H").flush, 3);
        assert_eq!(play("2H 4C 9H 3H 5H").flush, 3);
        assert_eq!(play("2H 4H 9C").flush, 0);
        // The count may never pass 31.
        assert_eq!(
            play_score(&parse_cards("TH TC TD 2S").unwrap()),
            Err(ScoreError::CountOver31(32))
        );
    }
}
