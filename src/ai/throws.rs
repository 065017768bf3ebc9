//! How a player throws to the crib: which two ranks the dealer and the pone
//! lay away, as often as they do, for Expert to value a crib whose other
//! half the opponent throws.
//!
//! Players do not throw at random. A pone balks the dealer's crib (a king
//! and a ten, a queen and a nine), a dealer salts their own (fives, pairs,
//! cards that touch); so a crib's other two cards are worse than two cards
//! at random when the crib is mine, and better when it is theirs. The
//! tables count the rank pairs the engine's own exact discard (Hard's: the
//! hand over every starter, the crib over every throw) lays away from
//! random deals, for each role (`cribbage winprob --throws`, which writes
//! `throw_values.rs`). [`propensity`] turns the counts into how much more
//! (or less) often than two random cards each pair is thrown, which
//! reweighs the exact crib's combinations (see `hand_values::CribPool`).

use std::sync::OnceLock;

mod values {
    include!("throw_values.rs");
}

/// The 91 unordered rank pairs (a ≤ b), in order: (0,0), (0,1), … (12,12).
// The generator's (`cribbage winprob --throws`), which the browser's
// module does not carry.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const PAIRS: usize = 91;

/// The index of the rank pair {a, b} among the [`PAIRS`].
pub(crate) fn pair_index(a: u8, b: u8) -> usize {
    let (a, b) = (usize::from(a.min(b)), usize::from(a.max(b)));
    a * 13 - a * a.saturating_sub(1) / 2 + (b - a)
}

/// How many times as often as two random cards a player of the role
/// throws each pair of ranks, indexed `[a][b]` (symmetric): the dealer's
/// throws (`dealer`) or the pone's.
pub(crate) fn propensity(dealer: bool) -> &'static [[f64; 13]; 13] {
    static TABLES: OnceLock<[[[f64; 13]; 13]; 2]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        let mut tables = [[[1.0; 13]; 13]; 2];
        for (table, sixty_fourths) in tables
            .iter_mut()
            .zip([&values::PONE_THROWS, &values::DEALER_THROWS])
        {
            for a in 0..13u8 {
                for b in a..13u8 {
                    let ratio = f64::from(sixty_fourths[pair_index(a, b)]) / 64.0;
                    table[usize::from(a)][usize::from(b)] = ratio;
                    table[usize::from(b)][usize::from(a)] = ratio;
                }
            }
        }
        tables
    });
    &tables[usize::from(dealer)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_indexed_once_each() {
        let mut seen = [false; PAIRS];
        for a in 0..13 {
            for b in a..13 {
                let i = pair_index(a, b);
                assert!(!seen[i], "{a} {b}");
                seen[i] = true;
                assert_eq!(pair_index(b, a), i);
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn a_pone_balks_and_a_dealer_salts() {
        // Rank indices: 4 is a five, 9 a ten, 12 a king.
        let (pone, dealer) = (propensity(false), propensity(true));
        // Pones throw king-ten far more than two cards at random, and two
        // fives far less; dealers throw two fives more than pones do.
        assert!(pone[9][12] > 1.5, "{}", pone[9][12]);
        assert!(pone[4][4] < 0.5, "{}", pone[4][4]);
        assert!(dealer[4][4] > pone[4][4]);
    }
}
