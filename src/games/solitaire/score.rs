//! Cribbage Solitaire's counting. Hands and cribs are counted with the
//! starter by the standard show scorer ([`crate::count::score_show`]: hand
//! rules for the hand, crib rules for the crib, where only a five-card
//! flush counts). The four cards left at the end are counted here, from the
//! family's counting primitives, as a hand with no starter: fifteens,
//! pairs, runs, and four of a suit a flush of 4; no nobs (there is no
//! starter to match).
//!
//! ```
//! use cribbage::games::solitaire::score::last_four;
//!
//! // 4-5-6-6: fifteen two, fifteen four, a pair, and a double run of three.
//! let count = last_four("4H 5C 6D 6S".parse()?)?;
//! assert_eq!((count.fifteens, count.pairs, count.runs), (4, 2, 6));
//! assert_eq!(count.total, 12);
//! assert_eq!(last_four("2H 4H 6H 8H".parse()?)?.flush, 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::cards::CardSet;
use crate::count::{
    Combo, ComboKind, ScoreError, largest_suit, longest_runs, pairs, pips, totalling,
};
use serde::Serialize;

/// The count of four cards with no starter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FourCount {
    /// The four cards.
    pub cards: CardSet,
    /// Every combination, in counting order: fifteens, pairs, runs, flush.
    pub combos: Vec<Combo>,
    /// Points from fifteens.
    pub fifteens: u8,
    /// Points from pairs.
    pub pairs: u8,
    /// Points from runs.
    pub runs: u8,
    /// Points from a flush (0 or 4).
    pub flush: u8,
    /// The whole count.
    pub total: u8,
}

impl FourCount {
    /// The count as a player says it: "fifteen two, and a pair is four".
    pub fn cadence(&self) -> String {
        crate::count::show::cadence(&self.combos)
    }
}

/// Counts four cards as a hand with no starter.
///
/// # Errors
/// [`ScoreError::HandSize`] unless there are four cards.
pub fn last_four(cards: CardSet) -> Result<FourCount, ScoreError> {
    if cards.len() != 4 {
        return Err(ScoreError::HandSize(cards.len()));
    }
    let list = cards.to_vec();
    let mut count = FourCount {
        cards,
        combos: Vec::new(),
        fifteens: 0,
        pairs: 0,
        runs: 0,
        flush: 0,
        total: 0,
    };
    let add = |count: &mut FourCount, kind: ComboKind, cards: CardSet, points: u8| {
        let slot = match kind {
            ComboKind::Fifteen => &mut count.fifteens,
            ComboKind::Pair => &mut count.pairs,
            ComboKind::Run => &mut count.runs,
            ComboKind::Flush | ComboKind::Nobs => &mut count.flush,
        };
        *slot += points;
        count.total += points;
        count.combos.push(Combo {
            kind,
            cards,
            points,
        });
    };
    for set in totalling(&list, 15, 2, pips) {
        add(&mut count, ComboKind::Fifteen, set, 2);
    }
    for set in pairs(&list) {
        add(&mut count, ComboKind::Pair, set, 2);
    }
    for set in longest_runs(&list, 3) {
        add(&mut count, ComboKind::Run, set, set.len() as u8);
    }
    let suit = largest_suit(&list);
    if suit.len() == 4 {
        add(&mut count, ComboKind::Flush, suit, 4);
    }
    Ok(count)
}
