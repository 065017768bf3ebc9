//! What a card laid in the play scores with the cards before it in the
//! series: fifteen, thirty-one, pairs and runs (standard cribbage's play).

use super::ScoreError;
use crate::cards::{Card, CardSet};

/// What the last card laid on a pile scores in the play.
///
/// The "go" and "one for last" are not here: they depend on who can play
/// next, which the game decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct PegScore {
    /// The count after the card.
    pub count: u8,
    /// 2 when the count reaches exactly 15.
    pub fifteen: u8,
    /// 2 when the count reaches exactly 31.
    pub thirty_one: u8,
    /// 2 for a pair, 6 for a pair royal, 12 for a double pair royal.
    pub pairs: u8,
    /// How many cards of the same rank end the pile (1 when no pair).
    pub same_rank: u8,
    /// The length of the run the card completes (0 when none).
    pub run: u8,
}

impl PegScore {
    /// All the points for the card.
    pub fn points(&self) -> u8 {
        self.fifteen + self.thirty_one + self.pairs + self.run
    }
}

/// Scores the last card of a pile (the cards since the count was last reset,
/// in the order played).
///
/// # Errors
/// [`ScoreError::EmptyPile`], [`ScoreError::DuplicateCard`] or
/// [`ScoreError::CountOver31`].
pub fn peg_score(pile: &[Card]) -> Result<PegScore, ScoreError> {
    let mut seen = CardSet::EMPTY;
    let mut count = 0u32;
    for &card in pile {
        if !seen.insert(card) {
            return Err(ScoreError::DuplicateCard(card));
        }
        count += u32::from(card.pips());
    }
    if pile.is_empty() {
        return Err(ScoreError::EmptyPile);
    }
    if count > 31 {
        return Err(ScoreError::CountOver31(count));
    }
    Ok(peg_score_unchecked(pile))
}

/// As [`peg_score`], for a pile known to be valid (non-empty, no repeats,
/// count ≤ 31). On an empty pile it returns all zeros.
pub fn peg_score_unchecked(pile: &[Card]) -> PegScore {
    if pile.is_empty() {
        return PegScore::default();
    }
    let count: u8 = pile.iter().map(|c| c.pips()).sum();
    let same_rank = super::same_rank_at_end(pile) as u8;
    let pairs = match same_rank {
        2 => 2,
        3 => 6,
        4 => 12,
        _ => 0,
    };
    let run = super::run_at_end(pile) as u8;
    PegScore {
        count,
        fifteen: if count == 15 { 2 } else { 0 },
        thirty_one: if count == 31 { 2 } else { 0 },
        pairs,
        same_rank,
        run,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    #[test]
    fn peg_errors() {
        assert_eq!(peg_score(&[]), Err(ScoreError::EmptyPile));
        let pile = parse_cards("KS QS JS 2H").unwrap();
        assert_eq!(peg_score(&pile), Err(ScoreError::CountOver31(32)));
        let five = "5H".parse().unwrap();
        assert_eq!(
            peg_score(&[five, five]),
            Err(ScoreError::DuplicateCard(five))
        );
    }
}
