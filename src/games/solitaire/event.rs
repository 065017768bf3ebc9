//! Everything that happens in a game of Cribbage Solitaire: the public
//! record the page, the log and replays read. The crib's two face-down
//! cards appear only when the crib is counted; the stock's order never.

use crate::cards::{Card, CardSet};
use crate::count::{CadenceStep, Combo};
use crate::games::cribbage::Skunk;
use crate::table::Side;
use serde::Serialize;

/// What was counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Shown {
    /// The four cards kept, with the starter.
    Hand,
    /// The crib, with the starter (only a five-card flush counts).
    Crib,
    /// The four cards left at the end, with no starter.
    LastFour,
}

/// One count: its cards, every combination, the words and the score after.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Counted {
    /// What was counted.
    pub what: Shown,
    /// The four cards.
    pub cards: CardSet,
    /// The starter (none for the last four).
    pub starter: Option<Card>,
    /// Every combination, in counting order.
    pub combos: Vec<Combo>,
    /// The count as a player says it.
    pub cadence: String,
    /// The same count phrase by phrase, each with its cards and the
    /// running total of this count: what a page highlights as it reads.
    pub steps: Vec<CadenceStep>,
    /// The points.
    pub points: u8,
    /// The score after.
    pub running: u16,
    /// The score after as the board shows it (its `runs_on`: as made),
    /// which the page draws, as every game's `pegged` gives it.
    pub shown: u16,
}

/// Something that happened, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A deal: six cards to the hand (two more lie face down in the crib).
    Deal {
        /// 1 to 6.
        number: u8,
        /// The six cards.
        hand: CardSet,
        /// The cards dealt face down to the crib (two), which the page
        /// draws as the crib until the deal's count shows them.
        crib: u8,
    },
    /// The top card of the stock is turned.
    Starter {
        /// The card.
        card: Card,
    },
    /// A jack starter: two for his heels.
    Heels {
        /// The starter.
        card: Card,
        /// The points (2).
        points: u8,
        /// The score after.
        running: u16,
        /// The score after as the board shows it (see [`Counted::shown`]).
        shown: u16,
    },
    /// Two cards laid away to the crib.
    LaidAway {
        /// The cards.
        cards: CardSet,
    },
    /// A hand, a crib or the last four counted (a nineteen too).
    Counted(Counted),
    /// The starter goes to the bottom of the stock.
    StarterUnder {
        /// The card.
        card: Card,
    },
    /// The game is over.
    GameOver {
        /// The points made.
        score: u16,
        /// Whether they reach 81.
        win: bool,
        /// Whether they reach 121: a double game.
        double: bool,
        /// The side that won: the one player's, 0, when the win is reached,
        /// none short of it; with `scores`, `shown` and `skunk`, the end in
        /// the form every race's takes, for the page's statistics and the
        /// embedder's `gameover` alike.
        winner: Option<Side>,
        /// The one side's points, as a list of one.
        scores: Vec<u16>,
        /// The points as the board shows them: as made, since a deal's
        /// score runs on past the board's end.
        shown: Vec<u16>,
        /// Always [`Skunk::None`]: a solitaire has no loser to skunk.
        skunk: Skunk,
    },
}
