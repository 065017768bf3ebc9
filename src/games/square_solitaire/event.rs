//! Everything that happens in a game of Cribbage Square Solitaire: the
//! public record the page, the log and replays read. A solitaire has no
//! hidden hands: every card turned is in the record, the stock's order is
//! not.

use super::score::LineCount;
use crate::cards::Card;
use crate::games::cribbage::Skunk;
use crate::table::Side;
use serde::Serialize;

/// Something that happened, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A card is turned from the stock, to be placed.
    Turned {
        /// 1 for the first card, up to 16.
        number: u8,
        /// The card.
        card: Card,
    },
    /// The card in hand is placed.
    Placed {
        /// The card.
        card: Card,
        /// The cell, row × 4 + column from 0.
        cell: u8,
    },
    /// The grid is full: the next card is the starter.
    Starter {
        /// The card.
        card: Card,
    },
    /// A jack starter: two for his heels, once a deal.
    Heels {
        /// The starter.
        card: Card,
        /// The points (2).
        points: u8,
        /// The score after.
        running: u16,
        /// The score after as the board shows it (its `runs_on`: as made),
        /// which the page draws, as every game's `pegged` gives it.
        shown: u16,
    },
    /// A line counted with the starter (every line, a nineteen too).
    LineCounted {
        /// The count, with its breakdown and words.
        count: LineCount,
        /// The score after.
        running: u16,
        /// The score after as the board shows it (see `Heels`).
        shown: u16,
    },
    /// The count is done.
    GameOver {
        /// The points made.
        score: u16,
        /// Whether they reach 61.
        win: bool,
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
