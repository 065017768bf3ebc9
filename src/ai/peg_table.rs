//! Expert's estimate of what a kept hand is worth in the play.
//!
//! The play depends on ranks only, so the value of a kept hand is a
//! function of its four ranks and of whether it deals: 1820 × 2 numbers,
//! measured once by simulation and stored in sixteenths of a point
//! (`peg_values.rs`: each side's 1820 in multiset order, as steps from one
//! to the next, an entry being the sum of the steps up to it). Each was
//! measured over thousands of deals: the kept ranks with random suits, the
//! opponent dealt six of the other cards and laying away as Medium does, a
//! random starter, and both sides pegging with Expert's play-out policy.
//! Regenerate with
//! `cargo test --release --lib generate_peg_table -- --ignored --nocapture`,
//! which rewrites `src/ai/peg_values.rs`.

use super::hand_values::sort4;
use crate::cards::CardSet;
use crate::count::show::multiset_index;

mod values {
    include!("peg_values.rs");
}

/// Kept-rank multisets: the table's entries for each side.
const MULTISETS: usize = 1820;

/// The table's entry in sixteenths of a point: the sum of its side's
/// steps up to it.
fn sixteenths(index: usize, dealer: bool) -> i16 {
    let side = &values::NET_PEGGING_STEPS[usize::from(dealer) * MULTISETS..];
    side[..=index].iter().map(|&step| i16::from(step)).sum()
}

/// Expected pegging points of `keep` less the opponent's, for the dealer
/// (`dealer`) or the pone. Zero unless `keep` has four cards.
pub(crate) fn net_pegging(keep: CardSet, dealer: bool) -> f64 {
    if keep.len() != 4 {
        return 0.0;
    }
    let mut ranks = [0u8; 4];
    for (r, card) in ranks.iter_mut().zip(keep) {
        *r = card.rank().index();
    }
    f64::from(sixteenths(multiset_index(sort4(ranks)), dealer)) / 16.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::hand_values::{crib_estimate, expected_hand};
    use crate::ai::pegging::informed_policy;
    use crate::ai::rng::Rng;
    use crate::cards::Rank;
    use crate::pegging::{MAX_PLAYERS, PlayMove, PlayState};

    /// Medium's way to lay away, for the simulated opponent.
    fn medium_keep(dealt: CardSet, dealer: bool) -> CardSet {
        let sign = if dealer { 1.0 } else { -1.0 };
        let unseen = !dealt;
        dealt
            .subsets_of_len(2)
            .map(|d| {
                let keep = dealt - d;
                (expected_hand(keep, unseen) + sign * crib_estimate(d), keep)
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map_or(CardSet::EMPTY, |x| x.1)
    }

    /// Net pegging of `ranks` kept, over `deals` simulated deals.
    fn measure(ranks: [u8; 4], dealer: bool, deals: usize, rng: &mut Rng) -> f64 {
        let mut sum = 0i64;
        for _ in 0..deals {
            let mut keep = CardSet::EMPTY;
            for &r in &ranks {
                let rank = Rank::from_index(r).unwrap_or(Rank::Ace);
                let free = CardSet::DECK.of_rank(rank) - keep;
                keep.insert(rng.card_in(free));
            }
            let mut rest = !keep;
            let mut opp6 = CardSet::EMPTY;
            for _ in 0..6 {
                let c = rng.card_in(rest);
                rest.remove(c);
                opp6.insert(c);
            }
            let mut mine_thrown = CardSet::EMPTY;
            for _ in 0..2 {
                let c = rng.card_in(rest);
                rest.remove(c);
                mine_thrown.insert(c);
            }
            let starter = rng.card_in(rest);
            let opp_keep = medium_keep(opp6, !dealer);
            // Seat 0 is ours; the pone leads.
            let hands = [keep, opp_keep];
            let seen = [
                CardSet::from(starter) | mine_thrown,
                CardSet::from(starter) | (opp6 - opp_keep),
            ];
            let side_of = [0, 1, 2, 3];
            let mut state = PlayState::new(&hands, if dealer { 1 } else { 0 });
            let mut laid = CardSet::EMPTY;
            let mut pts = [0i64; MAX_PLAYERS];
            while let Some(seat) = state.to_act() {
                let pool = !(seen[seat] | laid | state.hand(seat));
                let mv = informed_policy(&state, pool, &side_of, false);
                if let PlayMove::Card(c) = mv {
                    laid.insert(c);
                }
                let result = state.apply_unchecked(mv);
                pts[seat] += i64::from(result.points());
                if let Some((who, p)) = result.last {
                    pts[who] += i64::from(p);
                }
            }
            sum += pts[0] - pts[1];
        }
        sum as f64 / deals as f64
    }

    /// Each side's values as steps from the one before (the first from 0):
    /// what `peg_values.rs` stores.
    fn steps_of(table: &[[i8; MULTISETS]; 2]) -> Vec<i8> {
        let mut steps = Vec::with_capacity(2 * MULTISETS);
        for side in table {
            let mut previous = 0i16;
            for &value in side {
                let step = i16::from(value) - previous;
                steps.push(i8::try_from(step).expect("a step between neighbours fits an i8"));
                previous = i16::from(value);
            }
        }
        steps
    }

    #[test]
    fn the_table_is_the_one_measured() {
        // FNV-1a over the measured table as it was first stored: entry
        // multiset × 2 + dealer, one byte each. The steps must sum back to it.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut table = [[0i8; MULTISETS]; 2];
        for i in 0..MULTISETS {
            for (side, dealer) in table.iter_mut().zip([false, true]) {
                side[i] = i8::try_from(sixteenths(i, dealer)).expect("an entry fits an i8");
                hash ^= u64::from(side[i] as u8);
                hash = hash.wrapping_mul(0x0100_0000_01b3);
            }
        }
        assert_eq!(hash, 0xdd1f_f500_0075_20f4);
        assert_eq!(steps_of(&table), values::NET_PEGGING_STEPS);
    }

    #[test]
    fn lookups_read_the_table() {
        let hand: CardSet = "5H 5C TD JS".parse().unwrap();
        let dealer = net_pegging(hand, true);
        let pone = net_pegging(hand, false);
        // The dealer pegs more than the pone with the same cards.
        assert!(dealer > pone, "{dealer} {pone}");
        assert_eq!(net_pegging("5H".parse().unwrap(), true), 0.0);
    }

    #[test]
    #[ignore = "regenerates src/ai/peg_values.rs; takes minutes"]
    fn generate_peg_table() {
        const DEALS: usize = 4000;
        let mut multisets = Vec::new();
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        multisets.push([a, b, c, d]);
                    }
                }
            }
        }
        let values = std::sync::Mutex::new([[0i8; MULTISETS]; 2]);
        let next = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..2 {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= multisets.len() * 2 {
                            break;
                        }
                        let ranks = multisets[i / 2];
                        let dealer = i % 2 == 1;
                        let mut rng = Rng::new(0x5EED_0000 + i as u64);
                        let v = measure(ranks, dealer, DEALS, &mut rng);
                        let q = (v * 16.0).round().clamp(-127.0, 127.0) as i8;
                        values.lock().unwrap()[usize::from(dealer)][multiset_index(ranks)] = q;
                    }
                });
            }
        });
        let steps = steps_of(&values.into_inner().unwrap());
        let mut text = String::from(
            "// Generated by `cargo test --release --lib generate_peg_table -- --ignored`:\n\
             // net pegging points in sixteenths by kept-rank multiset index, the pone's\n\
             // 1820 then the dealer's, each as its step from the one before it (the\n\
             // first of each side from 0).\n\
             #[rustfmt::skip]\npub(super) const NET_PEGGING_STEPS: [i8; 3640] = [\n",
        );
        for row in steps.chunks(20) {
            let line: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            text.push_str("    ");
            text.push_str(&line.join(", "));
            text.push_str(",\n");
        }
        text.push_str("];\n");
        std::fs::write(
            concat!(env!("CARGO_MANIFEST_DIR"), "/src/ai/peg_values.rs"),
            text,
        )
        .unwrap();
    }
}
