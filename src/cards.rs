//! Cards, ranks, suits and sets of cards.
//!
//! A [`Card`] is a number 0..52 laid out rank-major (`rank * 4 + suit`), so the
//! four cards of one rank sit in one nibble of a [`CardSet`]: counting a rank,
//! or all ranks, is a shift and a popcount.
//!
//! Text form: a rank `A 2 3 4 5 6 7 8 9 T J Q K` (also `10`) followed by a suit
//! `C D H S` (also `♣ ♦ ♥ ♠`), case-insensitive: `5H`, `th`, `10♠`, `Jd`.
//! `1` is not an ace: a one-character rank that is also the first digit of
//! `10` is too easy to get by a slip (`1H` for `10H`), so the ace is `A` only,
//! as the page's own card reader has it. Cards print in the canonical two-character form (`TS`, `5H`).
//!
//! ```
//! use cribbage::cards::{Card, CardSet, Rank, Suit};
//!
//! let five: Card = "5h".parse()?;
//! assert_eq!(five, Card::new(Rank::Five, Suit::Hearts));
//! assert_eq!(five.to_string(), "5H");
//!
//! let hand: CardSet = "5H 5C 5S JD".parse()?;
//! assert_eq!(hand.len(), 4);
//! assert!(hand.contains(five));
//! # Ok::<(), cribbage::cards::ParseCardError>(())
//! ```

use std::fmt::{self, Write as _};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub, SubAssign};
use std::str::FromStr;

/// The rank of a card, ace low. The discriminant is the rank's index, 0 for the ace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// Ace: always low; pip value 1.
    Ace = 0,
    /// Two.
    Two,
    /// Three.
    Three,
    /// Four.
    Four,
    /// Five.
    Five,
    /// Six.
    Six,
    /// Seven.
    Seven,
    /// Eight.
    Eight,
    /// Nine.
    Nine,
    /// Ten.
    Ten,
    /// Jack: pip value 10; the jack of the starter's suit is "his nob".
    Jack,
    /// Queen.
    Queen,
    /// King: the highest rank.
    King,
}

impl Rank {
    /// Every rank, ace first.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// The rank with index `i` (0 = ace … 12 = king), if there is one.
    pub const fn from_index(i: u8) -> Option<Rank> {
        if i < 13 {
            Some(Rank::ALL[i as usize])
        } else {
            None
        }
    }

    /// Index 0 (ace) to 12 (king): the order used for runs.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The pip value counted towards fifteen and thirty-one: A = 1, 2–10 face, J Q K = 10.
    pub const fn pips(self) -> u8 {
        let n = self as u8 + 1;
        if n > 10 { 10 } else { n }
    }

    /// The canonical one-character text form: `A 2–9 T J Q K`.
    pub const fn char(self) -> char {
        b"A23456789TJQK"[self as usize] as char
    }

    /// The English name, as a player says it ("ace", "ten", "king").
    pub const fn name(self) -> &'static str {
        [
            "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king",
        ][self as usize]
    }

    /// The plural name ("aces", "sixes").
    pub const fn plural(self) -> &'static str {
        [
            "aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
            "tens", "jacks", "queens", "kings",
        ][self as usize]
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Rank::Ten && f.alternate() {
            f.write_str("10")
        } else {
            f.write_char(self.char())
        }
    }
}

impl Rank {
    /// The rank `text` names: `A 2–9 T J Q K` in either case, or `10`.
    /// Matched by character, not by an upper-cased copy of the text.
    fn named(text: &str) -> Option<Rank> {
        if text == "10" {
            return Some(Rank::Ten);
        }
        let mut chars = text.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return None;
        };
        Some(match c.to_ascii_uppercase() {
            'A' => Rank::Ace,
            '2' => Rank::Two,
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' => Rank::Ten,
            'J' => Rank::Jack,
            'Q' => Rank::Queen,
            'K' => Rank::King,
            _ => return None,
        })
    }
}

impl FromStr for Rank {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Rank, ParseCardError> {
        Rank::named(s).ok_or_else(|| ParseCardError::new(s, "not a rank (A 2–9 T J Q K)"))
    }
}

/// The suit of a card. Suits matter only for flushes and nobs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// Clubs ♣.
    Clubs = 0,
    /// Diamonds ♦.
    Diamonds,
    /// Hearts ♥.
    Hearts,
    /// Spades ♠.
    Spades,
}

impl Suit {
    /// Every suit, in the order C D H S.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit with index `i` (0 = clubs … 3 = spades), if there is one.
    pub const fn from_index(i: u8) -> Option<Suit> {
        if i < 4 {
            Some(Suit::ALL[i as usize])
        } else {
            None
        }
    }

    /// Index 0 (clubs) to 3 (spades).
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The canonical one-letter text form: `C D H S`.
    pub const fn char(self) -> char {
        b"CDHS"[self as usize] as char
    }

    /// The suit symbol: `♣ ♦ ♥ ♠`.
    pub const fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self as usize]
    }

    /// The English name ("clubs").
    pub const fn name(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades"][self as usize]
    }

    /// Whether the suit is printed red.
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.char())
    }
}

impl Suit {
    /// The suit `c` names: `C D H S` in either case, or a suit symbol.
    fn named(c: char) -> Option<Suit> {
        Some(match c {
            'c' | 'C' | '♣' | '♧' => Suit::Clubs,
            'd' | 'D' | '♦' | '♢' => Suit::Diamonds,
            'h' | 'H' | '♥' | '♡' => Suit::Hearts,
            's' | 'S' | '♠' | '♤' => Suit::Spades,
            _ => return None,
        })
    }
}

impl FromStr for Suit {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Suit, ParseCardError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::named(c),
            _ => None,
        }
        .ok_or_else(|| ParseCardError::new(s, "not a suit (C D H S)"))
    }
}

/// One card of the 52: a number 0..52, `rank index * 4 + suit index`.
///
/// Build one from parts with [`Card::new`], from text with [`str::parse`], or
/// from a number with [`TryFrom<u8>`], which refuses anything outside 0..52.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank as u8 * 4 + suit as u8)
    }

    /// The card's number, 0..52.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's rank.
    #[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
    pub const fn rank(self) -> Rank {
        // A card is made only from 0..52 (`TryFrom`, `FromStr`, the deck).
        Rank::ALL[(self.0 / 4) as usize]
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 % 4) as usize]
    }

    /// The pip value counted towards fifteen and thirty-one.
    pub const fn pips(self) -> u8 {
        self.rank().pips()
    }

    /// Whether this is a jack, worth "his heels" as the starter or "his nob" in hand.
    pub const fn is_jack(self) -> bool {
        self.0 / 4 == Rank::Jack as u8
    }

    /// A one-card set.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// A spoken name, e.g. "five of hearts".
    pub fn name(self) -> String {
        format!("{} of {}", self.rank().name(), self.suit().name())
    }

    /// The symbol form, e.g. "5♥" or "10♠" (for display; the canonical text form is `5H`).
    pub fn symbol(self) -> String {
        format!("{:#}{}", self.rank(), self.suit().symbol())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Card {
    /// `5H`, `TD`: the rank's character, then the suit's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.rank().char())?;
        f.write_char(self.suit().char())
    }
}

impl TryFrom<u8> for Card {
    type Error = ParseCardError;

    fn try_from(i: u8) -> Result<Card, ParseCardError> {
        if i < 52 {
            Ok(Card(i))
        } else {
            Err(ParseCardError::new(
                &i.to_string(),
                "card numbers run 0..52",
            ))
        }
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Parses `5H`, `th`, `10S`, `J♦`. The whole string must be one card.
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let token = s.trim();
        let bad = |why| ParseCardError::new(token, why);
        let mut chars = token.chars();
        let suit_char = chars.next_back().ok_or_else(|| bad("empty card"))?;
        let rank_text = chars.as_str();
        if rank_text.is_empty() {
            return Err(bad("a card is a rank then a suit, like 5H or TD"));
        }
        // Read by `named`, not `parse`: no error built only to be dropped,
        // nor a string made of the suit's character.
        let rank = Rank::named(rank_text).ok_or_else(|| {
            bad("not a card: the rank must be one of A 2 3 4 5 6 7 8 9 T J Q K (or 10)")
        })?;
        let suit = Suit::named(suit_char)
            .ok_or_else(|| bad("not a card: the suit must be one of C D H S"))?;
        Ok(Card::new(rank, suit))
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl serde::Serialize for CardSet {
    /// A list of cards in card order: `["5H","JD"]`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> serde::Deserialize<'de> for CardSet {
    /// A list of cards; a repeated card is an error.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CardSet, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        let mut set = CardSet::EMPTY;
        for card in cards {
            if !set.insert(card) {
                return Err(serde::de::Error::custom(format!("{card} appears twice")));
            }
        }
        Ok(set)
    }
}

/// Why text (or a number) is not a card. Names the bad token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseCardError {
    token: String,
    why: &'static str,
}

impl ParseCardError {
    fn new(token: &str, why: &'static str) -> ParseCardError {
        ParseCardError {
            token: token.to_string(),
            why,
        }
    }

    /// The text that could not be read.
    pub fn token(&self) -> &str {
        &self.token
    }
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\": {}", self.token, self.why)
    }
}

impl std::error::Error for ParseCardError {}

/// A set of cards as a 64-bit mask, bit `i` for the card with index `i`.
///
/// Hands, the crib, the cards seen and the unseen pool are all `CardSet`s.
/// Iteration goes in card order (aces first, clubs before diamonds).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const DECK: CardSet = CardSet((1u64 << 52) - 1);

    /// The set with exactly the given bits; `None` if any bit above 51 is set.
    pub const fn from_bits(bits: u64) -> Option<CardSet> {
        if bits & !Self::DECK.0 == 0 {
            Some(CardSet(bits))
        } else {
            None
        }
    }

    /// The raw mask.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// How many cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether there are no cards.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    /// Adds a card; returns whether it was absent.
    pub fn insert(&mut self, card: Card) -> bool {
        let absent = !self.contains(card);
        self.0 |= card.bit();
        absent
    }

    /// Removes a card; returns whether it was present.
    #[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !card.bit();
        present
    }

    /// The set plus one card.
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | card.bit())
    }

    /// The set less one card.
    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !card.bit())
    }

    /// Whether every card of `self` is in `other`.
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the sets share no card.
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The cards of this rank in the set.
    pub const fn of_rank(self, rank: Rank) -> CardSet {
        CardSet(self.0 & (0xF << (rank as u8 * 4)))
    }

    /// The cards of this suit in the set.
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        // Every fourth bit from the suit's offset.
        const CLUBS: u64 = 0x0001_1111_1111_1111;
        CardSet(self.0 & (CLUBS << suit as u8))
    }

    /// The lowest card, if any.
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(self.0.trailing_zeros() as u8))
        }
    }

    /// The cards in order.
    pub fn iter(self) -> Cards {
        Cards(self.0)
    }

    /// The cards in order, as a vector.
    pub fn to_vec(self) -> Vec<Card> {
        self.iter().collect()
    }

    /// Every subset of this set, the empty set first (2^len of them).
    ///
    /// Uses the carry-rippler trick, so it costs one step per subset.
    pub fn subsets(self) -> Subsets {
        Subsets {
            set: self.0,
            next: Some(0),
        }
    }

    /// Every subset with exactly `k` cards, in the order of [`CardSet::subsets`],
    /// by filtering them: for the small sets of a hand, where it is the
    /// least code. For a set of many cards use [`CardSet::combinations`].
    pub fn subsets_of_len(self, k: usize) -> impl Iterator<Item = CardSet> {
        self.subsets().filter(move |s| s.len() == k)
    }

    /// Every subset with exactly `k` cards, in the order of
    /// [`CardSet::subsets`], one step per subset of that size (Gosper's hack
    /// over the positions of the set's cards): three cards of 48 are 17,296
    /// steps, where [`CardSet::subsets_of_len`] would step through 2^48.
    pub fn combinations(self, k: usize) -> impl Iterator<Item = CardSet> {
        let cards = self.to_vec();
        let n = cards.len();
        // Bit i of a position mask stands for cards[i]; cards are in index
        // order, so masks in increasing order are subsets in increasing
        // order of their bits, as `subsets` gives them.
        let mut next: Option<u64> = match k {
            _ if k > n => None,
            0 => Some(0),
            _ => Some((1u64 << k) - 1),
        };
        std::iter::from_fn(move || {
            let mask = next?;
            let set = cards
                .iter()
                .enumerate()
                .filter(|&(i, _)| mask >> i & 1 == 1)
                .fold(CardSet::EMPTY, |set, (_, &card)| set.with(card));
            next = if mask == 0 {
                None
            } else {
                // The next larger mask with as many bits set (Gosper's
                // hack). `low` is a power of two, so its division is a
                // shift.
                let low = mask & mask.wrapping_neg();
                let ripple = mask + low;
                let following = ripple | (((ripple ^ mask) >> low.trailing_zeros()) >> 2);
                (following >> n == 0).then_some(following)
            };
            Some(set)
        })
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet[{self}]")
    }
}

impl fmt::Display for CardSet {
    /// Cards separated by spaces, in card order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl FromStr for CardSet {
    type Err = ParseCardError;

    /// Parses cards separated by spaces or commas; a repeated card is an error.
    fn from_str(s: &str) -> Result<CardSet, ParseCardError> {
        let mut set = CardSet::EMPTY;
        for token in s.split(|c: char| c.is_whitespace() || c == ',') {
            if token.is_empty() {
                continue;
            }
            let card: Card = token.parse()?;
            if !set.insert(card) {
                return Err(ParseCardError::new(token, "the same card twice"));
            }
        }
        Ok(set)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> CardSet {
        CardSet(card.bit())
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Cards;

    fn into_iter(self) -> Cards {
        self.iter()
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for CardSet {
            type Output = CardSet;
            fn $method(self, other: CardSet) -> CardSet {
                CardSet(self.0 $op other.0)
            }
        }
        impl $assign_trait for CardSet {
            fn $assign_method(&mut self, other: CardSet) {
                self.0 = self.0 $op other.0;
            }
        }
    };
}

set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);

impl Sub for CardSet {
    type Output = CardSet;
    /// The cards of `self` not in `other`.
    fn sub(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
}

impl SubAssign for CardSet {
    fn sub_assign(&mut self, other: CardSet) {
        self.0 &= !other.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The rest of the deck.
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::DECK.0)
    }
}

/// Iterator over the cards of a [`CardSet`], lowest first.
#[derive(Debug, Clone)]
pub struct Cards(u64);

impl Iterator for Cards {
    type Item = Card;

    #[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Cards {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = 63 - self.0.leading_zeros() as u8;
        self.0 &= !(1u64 << i);
        Some(Card(i))
    }
}

impl ExactSizeIterator for Cards {}

/// Iterator over every subset of a [`CardSet`] (see [`CardSet::subsets`]).
#[derive(Debug, Clone)]
pub struct Subsets {
    set: u64,
    next: Option<u64>,
}

impl Iterator for Subsets {
    type Item = CardSet;

    fn next(&mut self) -> Option<CardSet> {
        let current = self.next?;
        let following = current.wrapping_sub(self.set) & self.set;
        self.next = if following == 0 {
            None
        } else {
            Some(following)
        };
        Some(CardSet(current))
    }
}

/// The cards on a line of cells, in order, the empty cells skipped: what
/// the layout games' views count.
pub fn present(cells: &[Option<Card>]) -> Vec<Card> {
    cells.iter().flatten().copied().collect()
}

/// Parses a list of cards in order (a hand as dealt, a pile as played),
/// refusing repeats. Separators are spaces or commas.
///
/// # Errors
/// The first token that is not a card, or the first repeated card.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, ParseCardError> {
    let mut seen = CardSet::EMPTY;
    let mut cards = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || c == ',') {
        if token.is_empty() {
            continue;
        }
        let card: Card = token.parse()?;
        if !seen.insert(card) {
            return Err(ParseCardError::new(token, "the same card twice"));
        }
        cards.push(card);
    }
    Ok(cards)
}

#[cfg(test)]
mod tests {

    #[test]
    fn combinations_are_the_subsets_of_that_size_in_order() {
        let sets = [
            CardSet::EMPTY,
            parse_cards("5H").unwrap().into_iter().collect(),
            parse_cards("AS 5H TC KD 2C 9S 7H")
                .unwrap()
                .into_iter()
                .collect(),
            CardSet::from_bits(0x0F0F_3300_00A5).unwrap(),
        ];
        for set in sets {
            for k in 0..=set.len() + 1 {
                let fast: Vec<CardSet> = set.combinations(k).collect();
                let slow: Vec<CardSet> = set.subsets().filter(|s| s.len() == k).collect();
                assert_eq!(fast, slow, "{set} choose {k}");
            }
        }
        assert_eq!(CardSet::DECK.combinations(3).count(), 22_100);
    }

    use super::*;

    #[test]
    fn every_card_round_trips_through_text_and_number() {
        for i in 0..52u8 {
            let card = Card::try_from(i).unwrap();
            assert_eq!(card.index(), i);
            assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
            assert_eq!(
                card.to_string().to_lowercase().parse::<Card>().unwrap(),
                card
            );
            assert_eq!(card.symbol().parse::<Card>().unwrap(), card);
            assert_eq!(Card::new(card.rank(), card.suit()), card);
        }
        assert!(Card::try_from(52).is_err());
    }

    #[test]
    fn text_forms() {
        assert_eq!("10s".parse::<Card>().unwrap().to_string(), "TS");
        assert_eq!("J♦".parse::<Card>().unwrap().to_string(), "JD");
        assert_eq!(" ah ".parse::<Card>().unwrap().to_string(), "AH");
        assert_eq!(Card::new(Rank::Ten, Suit::Spades).symbol(), "10♠");
        assert_eq!(
            Card::new(Rank::Queen, Suit::Hearts).name(),
            "queen of hearts"
        );
    }

    /// One behaviour for the ace, documented at the top of this module:
    /// `A`/`a` only, never `1` (a slip for `10`); ten is `T`/`t` or `10`.
    #[test]
    fn the_ace_is_a_never_1_and_ten_is_t_or_10() {
        assert_eq!("AH".parse::<Card>().unwrap().to_string(), "AH");
        assert_eq!("as".parse::<Card>().unwrap().to_string(), "AS");
        for one in ["1H", "1s", "1♣"] {
            let err = one.parse::<Card>().unwrap_err();
            assert!(err.to_string().contains("A 2 3"), "{err}");
        }
        assert!("1".parse::<Rank>().is_err());
        assert_eq!("10H".parse::<Card>().unwrap().to_string(), "TH");
        assert_eq!("tH".parse::<Card>().unwrap().to_string(), "TH");
    }

    #[test]
    fn parse_errors_name_the_bad_token() {
        for bad in ["", "5", "H", "5X", "1H0", "11H", "ZZ", "5HH", "0S"] {
            let err = bad.parse::<Card>().unwrap_err();
            assert!(
                err.to_string().contains(&format!("{:?}", bad.trim())),
                "{err}"
            );
        }
        let err = "5H 5C XX".parse::<CardSet>().unwrap_err();
        assert_eq!(err.token(), "XX");
        let err = parse_cards("5H 5C 5h").unwrap_err();
        assert_eq!(err.token(), "5h");
        assert!(err.to_string().contains("twice"));
    }

    #[test]
    fn pips_and_order() {
        let pips: Vec<u8> = Rank::ALL.iter().map(|r| r.pips()).collect();
        assert_eq!(pips, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]);
        assert!(Rank::Ace < Rank::Two && Rank::Queen < Rank::King);
    }

    #[test]
    fn set_operations() {
        let a: CardSet = "AH 2H 3H".parse().unwrap();
        let b: CardSet = "3H 4H".parse().unwrap();
        assert_eq!((a | b).len(), 4);
        assert_eq!((a & b).to_string(), "3H");
        assert_eq!((a - b).to_string(), "AH 2H");
        assert_eq!((!a).len(), 49);
        assert_eq!(CardSet::DECK.of_suit(Suit::Spades).len(), 13);
        assert_eq!(CardSet::DECK.of_rank(Rank::King).len(), 4);
        assert!(
            CardSet::DECK
                .of_suit(Suit::Spades)
                .iter()
                .all(|c| c.suit() == Suit::Spades)
        );
        assert_eq!(a.subsets().count(), 8);
        assert_eq!(
            CardSet::DECK.of_suit(Suit::Clubs).subsets_of_len(2).count(),
            78
        );
        assert_eq!(a.iter().next_back().unwrap().to_string(), "3H");
        assert!(CardSet::from_bits(1 << 52).is_none());
    }
}
