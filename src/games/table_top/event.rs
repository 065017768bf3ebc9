//! Everything that happens in a game of Table Top Cribbage, with every
//! point and its reason: the public record the page, the log and replays
//! read.
//!
//! Every card an event names is face up on the table: the centre, a card
//! turned from a stack (shown to everyone as it is turned), a card placed.
//! The order of the stacks and the cards left out of play are never named.

use super::layout::{Cell, Direction, Line};
use crate::cards::Card;
use crate::count::CadenceStep;
use crate::games::cribbage::Skunk;
pub use crate::table::Cut;
use crate::table::{Seat, Side};
use serde::Serialize;

/// Why points were pegged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Reason {
    /// A line of the side's direction, counted at the end of the hand.
    Line {
        /// The row or column.
        line: Line,
    },
}

/// Points pegged: which side, how many, why, and where its pegs now stand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Peg {
    /// The side that scored (a player, or a partnership of four).
    pub side: Side,
    /// Points pegged.
    pub points: u8,
    /// The score after (the front peg).
    pub front: u16,
    /// The score before (the rear peg, now behind).
    pub rear: u16,
    /// The score after as the board shows it: `front` stopped in the game
    /// hole ([`crate::table::in_game_hole`]).
    pub shown: u16,
    /// Why.
    pub reason: Reason,
}

/// How four players sit after the draw for partners: what the draw made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Seated {
    /// Each seat's side: side 0 is the partnership of the player at seat
    /// 0 (the one at the device), side 1 the other.
    pub sides: Vec<Side>,
    /// The seats round the table in the order of play, from seat 0: each
    /// plays after the one before it (on its left), so partners are two
    /// apart, opposite.
    pub order: Vec<Seat>,
    /// The first dealer: the highest card.
    pub dealer: Seat,
    /// The side of the two lowest cards, against the dealer's: the other
    /// partnership, named so the page never works it out as the other of two.
    pub low: Side,
}

/// Something that happened, in order. Events carry only public information.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The players drew for the first deal: with two the lower card deals
    /// (ten-cards alike); with four seated as games were before the draw
    /// made the partnerships ([`super::Seating::Fixed`]), the highest
    /// (king high, ace low). `dealer` is `None` on a tie, and they draw
    /// again.
    CutForDeal {
        /// Each card drawn.
        cuts: Vec<Cut>,
        /// Who deals, unless it was a tie.
        dealer: Option<Seat>,
    },
    /// Four players drew for partners and the deal: the two highest cards
    /// against the two lowest, the highest deals (king high, ace low).
    /// `seated` is what the draw made, or `None` on a tie for partners or
    /// for the deal, and all four draw again.
    DrawForPartners {
        /// Each card drawn.
        cuts: Vec<Cut>,
        /// The partnerships, the order round the table and the dealer,
        /// unless it was a tie.
        seated: Option<Seated>,
    },
    /// The side that scores the rows for the whole game, and so the other
    /// the columns: the side that places first in the first hand.
    Directions {
        /// The side scoring the rows.
        rows: Side,
        /// The side scoring the columns.
        columns: Side,
    },
    /// A hand is dealt into face-down stacks: 12 each for two, 6 for four.
    Deal {
        /// 1 for the first hand.
        hand: u16,
        /// The dealer.
        dealer: Seat,
    },
    /// The card after the deal is turned up as the centre of the layout.
    Centre {
        /// The card.
        card: Card,
        /// Where it lies: the layout's centre cell, as `Placed` names a
        /// cell, so the page lays it where the engine says.
        cell: Cell,
    },
    /// The player to act turns the top card of their stack.
    Turned {
        /// Who.
        seat: Seat,
        /// The card, now face up.
        card: Card,
    },
    /// The card turned is placed on the layout.
    Placed {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
        /// Where.
        cell: Cell,
    },
    /// A line counted at the end of the hand (every line, nothing or not).
    Counted {
        /// The side it scores for.
        side: Side,
        /// The row or column.
        line: Line,
        /// Its five cards, in order.
        cards: [Card; 5],
        /// The count phrase by phrase, each with its cards and the running
        /// total ("fifteen two", "and a pair is four"); empty for nothing.
        said: Vec<CadenceStep>,
        /// The line's points.
        total: u8,
    },
    /// Points pegged.
    Pegged(Peg),
    /// The hand is counted and nobody has won: the next is dealt.
    HandOver {
        /// The hand.
        hand: u16,
        /// Each side's score.
        scores: Vec<u16>,
        /// Each side's points this hand.
        points: Vec<u16>,
    },
    /// A side reached 121 with more than the other.
    GameOver {
        /// The winning side.
        winner: Side,
        /// The final scores, as counted.
        scores: Vec<u16>,
        /// The final scores as the board shows them: stopped in the game
        /// hole ([`crate::table::in_game_hole`]), what the end says.
        shown: Vec<u16>,
        /// Hands dealt.
        hands: u16,
        /// Who dealt the first hand.
        first_dealer: Seat,
        /// Always [`Skunk::None`]: Table Top has no skunk (the spec has none; docs/rules.md). Said by the engine, as
        /// cribbage's result says it, so a page or an embedder reads every
        /// race's end alike and never supplies a rule of its own.
        skunk: Skunk,
    },
}

/// The lines a side scores, as an event or view says it.
pub fn direction_of(rows_side: Side, side: Side) -> Direction {
    if side == rows_side {
        Direction::Rows
    } else {
        Direction::Columns
    }
}
