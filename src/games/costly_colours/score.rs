//! Costly Colours' counting, from the rules README's table (004): the show
//! of three cards with the turn-up, and what a card laid in the play scores.
//!
//! An ace is worth 1 or 11 at its holder's choice: in the play as it is laid
//! (the caller says which), in the show each combination on its own. A set
//! of cards that could make more than one of 15, 25 and 31 scores once, the
//! highest.
//!
//! | combination | value | when |
//! |---|---|---|
//! | fifteen, twenty-five, thirty-one | 1 a card | play and show |
//! | a jack or two of the turn-up's suit / any other | 4 / 2 | show: the three held cards only |
//! | pair / prial / double prial | 2 / 9 / 18 | play and show |
//! | sequence of 3+ (last cards, any order, ace low) | 1 a card | play only |
//! | three in suit / three in colour / four in colour 2+2 / 3+1 / four in suit | 3 / 2 / 4 / 5 / 6 | show: the best one only |
//!
//! ```
//! use cribbage::cards::{Card, parse_cards};
//! use cribbage::games::costly_colours::score::{play_score, show};
//!
//! // A-A-3 with a 9 turned: A+A+3 can make 5, 15 or 25 and scores once, as
//! // twenty-five for three; A+A+9 makes 31 (11+11+9) for three; A+A+3+9
//! // (14, 24 or 34) nothing; the aces pair for 2.
//! let count = show(&parse_cards("AH AC 3D")?, "9S".parse()?, None)?;
//! assert_eq!((count.fifteens, count.twenty_fives, count.thirty_ones), (0, 3, 3));
//! assert_eq!((count.pairs, count.total), (2, 8));
//! // In the play, an ace laid as 11 on a 4 makes fifteen for two cards.
//! assert_eq!(play_score(&parse_cards("4H AC")?, &[11])?.fifteens, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::count::show::phrase;
use crate::count::{
    CadenceStep, ScoreError, distinct, pips, run_at_end, same_rank_at_end, totalling,
};
use serde::Serialize;

/// The most the play's count may reach.
pub const LIMIT: u8 = 31;

/// The kinds of Costly Colours' combinations, in the order they are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Cards totalling 15.
    Fifteen,
    /// Cards totalling 25.
    TwentyFive,
    /// Cards totalling 31.
    ThirtyOne,
    /// A jack or a two held (4 of the turn-up's suit, else 2).
    JackOrTwo,
    /// Two, three or four cards of a rank.
    Pairs,
    /// Three or more cards in sequence (the play only).
    Sequence,
    /// The best of the colour and suit combinations (the show only).
    Colours,
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
    /// Points for fifteens.
    pub fifteens: u8,
    /// Points for twenty-fives.
    pub twenty_fives: u8,
    /// Points for thirty-ones.
    pub thirty_ones: u8,
    /// Points for jacks and twos held.
    pub jacks_and_twos: u8,
    /// Points for pairs, prials and double prials.
    pub pairs: u8,
    /// Points for sequences.
    pub sequences: u8,
    /// Points for the colour or suit combination.
    pub colours: u8,
    /// The whole count.
    pub total: u8,
}

impl Count {
    fn add(&mut self, kind: Kind, cards: CardSet, points: u8) {
        if points == 0 {
            return;
        }
        let slot = match kind {
            Kind::Fifteen => &mut self.fifteens,
            Kind::TwentyFive => &mut self.twenty_fives,
            Kind::ThirtyOne => &mut self.thirty_ones,
            Kind::JackOrTwo => &mut self.jacks_and_twos,
            Kind::Pairs => &mut self.pairs,
            Kind::Sequence => &mut self.sequences,
            Kind::Colours => &mut self.colours,
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
    /// and the running total: "fifteen two", "and thirty-one for three is
    /// five", "and his nob is nine", "and a prial is eighteen", "and costly
    /// colours is twenty-four". The number after "fifteen" is the running
    /// total, as cribbage players say it; every later phrase names what it
    /// is and the total so far, so a listener can check each step.
    pub fn steps(&self) -> Vec<CadenceStep> {
        let mut steps = Vec::with_capacity(self.combos.len());
        let mut running = 0u8;
        // Two pairs are "a pair" and "another pair", as players call them.
        let mut earlier_pair = false;
        for combo in &self.combos {
            running = running.saturating_add(combo.points);
            let cards = combo.cards.len();
            // The name, and the number said after it (see [`phrase`]).
            let (name, of) = match combo.kind {
                Kind::Fifteen => (None, None),
                Kind::TwentyFive => (Some("twenty-five for"), Some(cards as u32)),
                Kind::ThirtyOne => (Some("thirty-one for"), Some(cards as u32)),
                Kind::JackOrTwo => (Some(jack_or_two_name(combo)), None),
                Kind::Pairs => {
                    let name = match cards {
                        2 if earlier_pair => "another pair",
                        2 => "a pair",
                        3 => "a prial",
                        _ => "a double prial",
                    };
                    earlier_pair = true;
                    (Some(name), None)
                }
                Kind::Sequence => (Some("a sequence of"), Some(cards as u32)),
                Kind::Colours => (Some(colours_name(combo.points)), None),
            };
            let phrase = phrase(name, of, steps.is_empty(), running.into());
            steps.push(CadenceStep {
                phrase,
                cards: combo.cards.iter().copied().collect(),
                points: combo.points,
                running,
            });
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
        let phrases: Vec<&str> = steps.iter().map(|step| step.phrase.as_str()).collect();
        phrases.join(", ")
    }
}

/// A jack or two held, as it is called: the jack of the turn-up's suit is
/// "his nob" (004's name for it); the two of that suit is named by its
/// suit, since it is worth 4 like the jack; any other is "a jack" or "a two".
fn jack_or_two_name(combo: &Combo) -> &'static str {
    let jack = combo.cards.first().is_some_and(|c| c.is_jack());
    match (jack, combo.points >= 4) {
        (true, true) => "his nob",
        (true, false) => "a jack",
        (false, true) => "the two of the suit",
        (false, false) => "a two",
    }
}

/// The colour or suit combination's name, from its worth (each worth is
/// one combination: see [`colours`]).
fn colours_name(points: u8) -> &'static str {
    match points {
        6 => "costly colours",
        5 => "four in colour, three in suit",
        4 => "four in colour",
        3 => "three in suit",
        _ => "three in colour",
    }
}

/// A card's values: an ace 1 or 11, the rest as in cribbage.
pub fn values(card: Card) -> &'static [u8] {
    if card.rank() == Rank::Ace {
        &[1, 11]
    } else {
        pips(card)
    }
}

/// What two, three or four cards of a rank score: a pair 2, a prial 9, a
/// double prial 18.
pub fn of_a_rank(n: usize) -> u8 {
    match n {
        2 => 2,
        3 => 9,
        4 => 18,
        _ => 0,
    }
}

/// The best colour or suit combination among the show's four cards, if
/// any: four in suit 6, four in colour three in one suit 5, four in colour
/// two and two 4, three in suit 3, three in colour 2.
pub fn colours(cards: &[Card]) -> Option<(CardSet, u8)> {
    let set: CardSet = cards.iter().copied().collect();
    let mut best: Option<(CardSet, u8)> = None;
    let mut consider = |cards: CardSet, points: u8| {
        if best.is_none_or(|(_, b)| points > b) {
            best = Some((cards, points));
        }
    };
    for suit in Suit::ALL {
        let same = set.of_suit(suit);
        match same.len() {
            4 => consider(same, 6),
            3 => consider(same, 3),
            _ => {}
        }
    }
    for red in [true, false] {
        // The colour's cards, and the most of them in one suit.
        let (mut colour, mut most) = (CardSet::EMPTY, 0);
        for suit in Suit::ALL {
            if suit.is_red() == red {
                let same = set.of_suit(suit);
                colour |= same;
                most = most.max(same.len());
            }
        }
        match (colour.len(), most) {
            (4, 3) => consider(colour, 5),
            (4, 2) => consider(colour, 4),
            (3, 1 | 2) => consider(colour, 2),
            _ => {}
        }
    }
    best
}

/// The show: the three cards held with the turn-up. `mog_received` is a held
/// card passed in the mog, which scores no jack-or-two points for its
/// receiver (it counts in everything else).
///
/// # Errors
/// [`ScoreError::HandSize`] unless three cards are held,
/// [`ScoreError::DuplicateCard`] for a card twice (or a card received in the
/// mog that is not held).
pub fn show(hand: &[Card], turnup: Card, mog_received: Option<Card>) -> Result<Count, ScoreError> {
    if hand.len() != 3 {
        return Err(ScoreError::HandSize(hand.len()));
    }
    // The four cards, checked as the play's scorer checks a pile.
    let mut cards = hand.to_vec();
    cards.push(turnup);
    distinct(cards.iter().copied())?;
    if let Some(card) = mog_received
        && !hand.contains(&card)
    {
        return Err(ScoreError::DuplicateCard(card));
    }
    let mut count = Count::default();
    // Each set once, at the highest of 31, 25 and 15 it can make.
    let thirty_ones = totalling(&cards, 31, 1, values);
    let mut twenty_fives = totalling(&cards, 25, 1, values);
    twenty_fives.retain(|s| !thirty_ones.contains(s));
    let mut fifteens = totalling(&cards, 15, 1, values);
    fifteens.retain(|s| !thirty_ones.contains(s) && !twenty_fives.contains(s));
    for set in fifteens {
        count.add(Kind::Fifteen, set, set.len() as u8);
    }
    for set in twenty_fives {
        count.add(Kind::TwentyFive, set, set.len() as u8);
    }
    for set in thirty_ones {
        count.add(Kind::ThirtyOne, set, set.len() as u8);
    }
    for &card in hand {
        let jack_or_two = matches!(card.rank(), Rank::Jack | Rank::Two);
        if jack_or_two && Some(card) != mog_received {
            let points = if card.suit() == turnup.suit() { 4 } else { 2 };
            count.add(Kind::JackOrTwo, CardSet::from(card), points);
        }
    }
    for rank in Rank::ALL {
        let same: CardSet = cards.iter().copied().filter(|c| c.rank() == rank).collect();
        count.add(Kind::Pairs, same, of_a_rank(same.len()));
    }
    if let Some((set, points)) = colours(&cards) {
        count.add(Kind::Colours, set, points);
    }
    Ok(count)
}

/// What the last card of `pile` scores: the pile is the current series of
/// the play (since the count was last reset), in the order laid; `aces`
/// gives the value each ace in it was laid at, in order (1 or 11).
///
/// # Errors
/// [`ScoreError::EmptyPile`], [`ScoreError::DuplicateCard`], or
/// [`ScoreError::CountOver31`] when the count passes 31; an ace value other
/// than 1 or 11, or a missing one, is [`ScoreError::AceValue`].
pub fn play_score(pile: &[Card], aces: &[u8]) -> Result<Count, ScoreError> {
    if pile.is_empty() {
        return Err(ScoreError::EmptyPile);
    }
    let all = distinct(pile.iter().copied())?;
    let ace_count = pile.iter().filter(|c| c.rank() == Rank::Ace).count();
    if aces.len() != ace_count || aces.iter().any(|&v| v != 1 && v != 11) {
        return Err(ScoreError::AceValue {
            aces: ace_count,
            given: aces.to_vec(),
        });
    }
    let mut ace_values = aces.iter();
    let count_now: u32 = pile
        .iter()
        .map(|c| {
            if c.rank() == Rank::Ace {
                u32::from(*ace_values.next().unwrap_or(&1))
            } else {
                u32::from(c.pips())
            }
        })
        .sum();
    if count_now > u32::from(LIMIT) {
        return Err(ScoreError::CountOver31(count_now));
    }
    let points = all.len() as u8;
    let mut count = Count::default();
    match count_now {
        15 => count.add(Kind::Fifteen, all, points),
        25 => count.add(Kind::TwentyFive, all, points),
        31 => count.add(Kind::ThirtyOne, all, points),
        _ => {}
    }
    let same = same_rank_at_end(pile);
    let set = crate::games::last_cards(pile, same);
    count.add(Kind::Pairs, set, of_a_rank(same));
    let len = run_at_end(pile);
    if len >= 3 {
        let set = crate::games::last_cards(pile, len);
        count.add(Kind::Sequence, set, len as u8);
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn shown(text: &str, turnup: &str) -> Count {
        show(&parse_cards(text).unwrap(), turnup.parse().unwrap(), None).unwrap()
    }

    #[test]
    fn the_show_counts_the_rules_tables_combinations() {
        // A double prial is 18 (four of a rank with the turn-up).
        assert_eq!(shown("7H 7C 7D", "7S").pairs, 18);
        assert_eq!(shown("7H 7C 7D", "9S").pairs, 9);
        // Two different pairs: 2 + 2.
        assert_eq!(shown("7H 7C 9D", "9S").pairs, 4);
        // Four of a suit is 6, and nothing less counts beside it.
        let c = shown("3H 5H 9H", "KH");
        assert_eq!(c.colours, 6);
        assert_eq!(
            c.combos.iter().filter(|c| c.kind == Kind::Colours).count(),
            1
        );
        // Four in colour: three in one suit 5, two and two 4.
        assert_eq!(shown("3H 5H 9H", "KD").colours, 5);
        assert_eq!(shown("3H 5H 9D", "KD").colours, 4);
        // Three in suit 3; three in colour, not all one suit, 2.
        assert_eq!(shown("3H 5H 9H", "KS").colours, 3);
        assert_eq!(shown("3H 5H 9D", "KS").colours, 2);
        assert_eq!(shown("3H 5C 9D", "KS").colours, 0);
        // Jacks and twos held: 4 of the turn-up's suit, else 2; never the turn-up.
        assert_eq!(shown("JS 2H 4C", "9S").jacks_and_twos, 6);
        assert_eq!(shown("4C 6D 8H", "JS").jacks_and_twos, 0);
        // A card received in the mog loses only its jack-or-two points.
        let hand = parse_cards("JS 2H 4C").unwrap();
        let mogged = show(&hand, "9S".parse().unwrap(), Some("JS".parse().unwrap())).unwrap();
        assert_eq!(mogged.jacks_and_twos, 2);
        // Fifteens, twenty-fives and thirty-ones 1 a card; each set once, the highest.
        assert_eq!(shown("5H TC 2D", "8S").fifteens, 2 + 3);
        let c = shown("AH AC 3D", "9S");
        assert_eq!(
            (c.fifteens, c.twenty_fives, c.thirty_ones, c.pairs),
            (0, 3, 3, 2)
        );
        // K + Q + A (as 11) is thirty-one for three.
        assert_eq!(shown("KH QC AD", "4S").thirty_ones, 3);
    }

    #[test]
    fn a_count_is_said_phrase_by_phrase() {
        // 5+T and 5+2+8 are fifteens (2 and 3 cards), all four make 25
        // (4), the two of spades with a spade turned is 4, and TC 2S 8S are
        // three black cards not all of one suit (2).
        assert_eq!(
            shown("5H TC 2S", "8S").words(),
            "fifteen two, fifteen five, and twenty-five for four is nine, \
             and the two of the suit is thirteen, and three in colour is fifteen"
        );
        assert_eq!(
            shown("AH AC 3D", "9S").words(),
            "twenty-five for three is three, and thirty-one for three is six, and a pair is eight"
        );
        assert_eq!(shown("7H 7C 7D", "9S").words(), "a prial is nine");
        assert_eq!(
            shown("6H 6C KD", "KS").words(),
            "a pair is two, and another pair is four"
        );
        assert_eq!(shown("JS 3H 8D", "9S").words(), "his nob is four");
        assert_eq!(shown("3H 4H 9H", "KH").words(), "costly colours is six");
        assert_eq!(shown("3H 4H 9D", "KD").words(), "four in colour is four");
        assert_eq!(shown("3H 4C 9D", "KS").words(), "nothing");
        let steps = shown("5H TC 2S", "8S").steps();
        assert_eq!(steps.last().map(|s| s.running), Some(15));
        assert_eq!(steps[1].cards.len(), 3);
        let played = play_score(&parse_cards("4H 2C 3D").unwrap(), &[]).unwrap();
        assert_eq!(played.words(), "a sequence of three is three");
    }

    #[test]
    fn the_play_scores_the_card_just_laid_with_the_aces_as_laid() {
        assert_eq!(
            play_score(&parse_cards("4H AC").unwrap(), &[11])
                .unwrap()
                .fifteens,
            2
        );
        assert_eq!(
            play_score(&parse_cards("4H AC").unwrap(), &[1])
                .unwrap()
                .total,
            0
        );
        assert_eq!(
            play_score(&parse_cards("TH 5C KD").unwrap(), &[])
                .unwrap()
                .twenty_fives,
            3
        );
        assert_eq!(
            play_score(&parse_cards("TH KC AD").unwrap(), &[11])
                .unwrap()
                .thirty_ones,
            3
        );
        assert_eq!(
            play_score(&parse_cards("3H 3C 3D").unwrap(), &[])
                .unwrap()
                .pairs,
            9
        );
        assert_eq!(
            play_score(&parse_cards("3H 3C 3D 3S").unwrap(), &[])
                .unwrap()
                .pairs,
            18
        );
        assert_eq!(
            play_score(&parse_cards("4H 2C 3D").unwrap(), &[])
                .unwrap()
                .sequences,
            3
        );
        assert_eq!(
            play_score(&parse_cards("4H 2C 3D 5S AH").unwrap(), &[1])
                .unwrap()
                .sequences,
            5
        );
        assert!(play_score(&parse_cards("4H AC").unwrap(), &[]).is_err());
        assert!(play_score(&parse_cards("4H AC").unwrap(), &[7]).is_err());
        assert!(play_score(&parse_cards("TH KC QD 5S").unwrap(), &[]).is_err());
    }
}
