//! The computer players' own randomness: a tiny SplitMix64 generator, seeded
//! only from a bot's seed and what its seat observes, so every decision can be
//! replayed. (The game's ChaCha stream is the dealer's; a bot never touches it.)

use crate::games::cribbage::Observation;

/// SplitMix64: small, fast, and good enough for sampling hands and slips.
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    #[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number in `0..n` (`n` > 0), by multiply-shift: no division on the hot path.
    #[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// True with probability `p`.
    #[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
    pub(crate) fn chance(&mut self, p: f64) -> bool {
        ((self.next_u64() >> 11) as f64) < p * (1u64 << 53) as f64
    }
}

/// The simulations that measure the AI's tables and oracles (tests only)
/// deal their cards with it.
#[cfg(test)]
impl Rng {
    /// A card drawn evenly from `from` (the ace of clubs if `from` is empty).
    pub(crate) fn card_in(&mut self, from: crate::cards::CardSet) -> crate::cards::Card {
        use crate::cards::{Card, Rank, Suit};
        let k = self.below(from.len());
        from.iter()
            .nth(k)
            .unwrap_or(Card::new(Rank::Ace, Suit::Clubs))
    }
}

/// The SplitMix64 finalizer: spreads every input bit over the output.
#[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Folds values into a 64-bit hash, FNV-style with the SplitMix finalizer.
pub(crate) struct Hasher(pub(crate) u64);

impl Hasher {
    /// A hash with nothing folded in yet.
    pub(crate) fn new() -> Hasher {
        Hasher(0xCBF2_9CE4_8422_2325)
    }

    #[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
    pub(crate) fn add(&mut self, v: u64) {
        self.0 = mix(self.0 ^ v).wrapping_mul(0x100_0000_01B3);
    }

    /// As [`Hasher::add`], kept out of line: for the family games' decision
    /// seeds, hashed once a decision from a dozen facts, where an inlined
    /// `add` at every fact would be a copy of the mixing each.
    #[inline(never)]
    pub(crate) fn fold(&mut self, v: u64) {
        self.add(v);
    }
}

/// The seed of one decision: the bot's own seed and a salt (its level),
/// folded with the facts of the observation that a decision can depend on.
///
/// Only public facts and the seat's own cards go in — the same facts the
/// agent protocol can rebuild — so two observations that agree on them give
/// the same stream, whatever the hidden cards are.
pub(crate) fn decision_seed(seed: u64, salt: u64, obs: &Observation) -> u64 {
    let mut h = Hasher(0xCBF2_9CE4_8422_2325);
    h.add(seed);
    h.add(salt);
    h.add(obs.seat as u64);
    h.add(obs.rules.players() as u64);
    h.add(u64::from(obs.rules.target()));
    h.add(obs.phase as u64);
    h.add(u64::from(obs.game));
    h.add(u64::from(obs.hand_number));
    h.add(obs.dealer as u64);
    for pegs in &obs.scores {
        h.add(u64::from(pegs.front));
    }
    h.add(obs.hand.bits());
    h.add(obs.kept.bits());
    h.add(obs.laid_away.bits());
    h.add(obs.starter.map_or(64, |c| u64::from(c.index())));
    for record in &obs.plays {
        let card = record.card.map_or(64, |c| u64::from(c.index()));
        h.add((record.seat as u64) << 16 | card << 8 | u64::from(record.count));
    }
    if let Some(showing) = &obs.showing {
        h.add(showing.seat as u64);
        h.add(u64::from(showing.claimed.unwrap_or(255)));
    }
    h.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[rng.below(7)] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }

    #[test]
    fn chance_is_roughly_right() {
        let mut rng = Rng::new(2);
        let hits = (0..10_000).filter(|_| rng.chance(0.25)).count();
        assert!((2300..2700).contains(&hits), "{hits}");
        assert!(!Rng::new(3).chance(0.0));
    }
}
