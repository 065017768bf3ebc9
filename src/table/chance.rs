//! Chance from a seed, drawn in a way this crate pins.
//!
//! The k-th chance event of a game (a cut, a shuffle) draws from ChaCha8
//! seeded with the game's seed on stream k. A game therefore needs no
//! generator state beyond a counter, any game replays from its seed and
//! actions, and the golden deal table in `tests/data/golden-deals.json`
//! catches any change of library that would re-deal a saved game.
//!
//! Undo must not let a player learn a card by taking a move back and making
//! it again: after an undo the game draws in a new *epoch*, streams
//! `epoch << 40 | k`, which never meet the streams of epoch 0 (no game draws
//! 2^40 times).

use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

/// The chance source of one game: its seed, the epoch and how many events
/// have drawn so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chance {
    seed: u64,
    epoch: u32,
    events: u64,
}

/// One chance event's generator.
#[derive(Debug)]
pub struct Draw(ChaCha8Rng);

impl Chance {
    /// The chance source of a new game.
    pub fn new(seed: u64) -> Chance {
        Chance {
            seed,
            epoch: 0,
            events: 0,
        }
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The epoch (0 until an undo).
    pub fn epoch(&self) -> u32 {
        self.epoch
    }

    /// Chance events drawn so far.
    pub fn events(&self) -> u64 {
        self.events
    }

    /// Moves to a new epoch: every later event draws from streams no earlier
    /// epoch used. Epochs only grow.
    pub fn redraw(&mut self, epoch: u32) {
        self.epoch = self.epoch.max(epoch);
    }

    /// The generator for the next chance event.
    pub fn draw(&mut self) -> Draw {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(u64::from(self.epoch) << 40 | self.events);
        self.events += 1;
        Draw(rng)
    }
}

impl Draw {
    /// A uniform index below `n` (`n` > 0).
    pub fn index(&mut self, n: usize) -> usize {
        self.0.random_range(0..n.max(1))
    }

    /// Shuffles `items` uniformly.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.0);
    }
}
