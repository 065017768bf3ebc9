//! Everything that happens in a game of Noddy, with every point and its
//! reason: the public record the page, the log and replays read.
//!
//! The announcement is public as words only: 004 has each player call their
//! combinations without showing the cards ("they will be exposed later
//! during the play"), so an [`Event::Announced`] carries each phrase and
//! its points, never the cards behind it. The announcer's own view
//! ([`super::Observation::announcement`]) has the cards.

use super::score::{Combo, Count};
use crate::cards::Card;
use crate::games::cribbage::Skunk;
pub use crate::table::Cut;
use crate::table::{Seat, Side};
use serde::Serialize;

/// One phrase of an announcement as the table hears it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Said {
    /// The words: "fifteen two", "and a pair is four".
    pub phrase: String,
    /// The points it adds.
    pub points: u8,
    /// The running total after it.
    pub running: u8,
}

impl Said {
    /// An announcement's phrases as the table hears them: the deal's event
    /// and the observation's record of it.
    pub(crate) fn all(count: &Count) -> Vec<Said> {
        let steps = count.steps();
        let mut said = Vec::with_capacity(steps.len());
        for step in steps {
            said.push(Said {
                phrase: step.phrase,
                points: step.points,
                running: step.running,
            });
        }
        said
    }
}

/// Why points were pegged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Reason {
    /// A jack turned up: two to the dealer's opponent.
    JackTurned {
        /// The turn-up.
        card: Card,
    },
    /// A player's announcement of their hand with the turn-up.
    Announcement,
    /// A card laid made fifteen, twenty-five, a hitter, a pair, a run or a
    /// flush with the cards before it.
    Play {
        /// The card laid.
        card: Card,
        /// The count after it.
        count: u8,
        /// Every combination it made, with its cards.
        combos: Vec<Combo>,
        /// What the player calls, phrase by phrase, in the table's words
        /// ("fifteen two", "and a pair is four"), so a front end says it
        /// as the engine counted it.
        said: Vec<String>,
    },
    /// One for go: the last card laid, when it did not make 31.
    Go {
        /// The last card laid.
        card: Card,
        /// The count it reached.
        count: u8,
    },
}

/// Points pegged: who, how many, why, and where the pegs now stand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Peg {
    /// The seat that scored.
    pub seat: Seat,
    /// The side it scores for (the seat: Noddy is two-handed).
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

/// Something that happened, in order. Events carry only public information.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The players cut for the first deal; the lowest card deals (ten-cards
    /// alike). `dealer` is `None` on a tie, and they cut again.
    CutForDeal {
        /// Each cut.
        cuts: Vec<Cut>,
        /// Who deals, unless it was a tie.
        dealer: Option<Seat>,
    },
    /// A hand is dealt: three cards each.
    Deal {
        /// 1 for the first hand.
        hand: u16,
        /// The dealer.
        dealer: Seat,
    },
    /// The card after the deal is turned up.
    TurnUp {
        /// The card.
        card: Card,
    },
    /// A player announces their hand with the turn-up.
    Announced {
        /// Who.
        seat: Seat,
        /// The phrases, in counting order (none: "nothing").
        said: Vec<Said>,
        /// The whole announcement.
        total: u8,
    },
    /// A card laid in the play.
    Played {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
        /// The count after it.
        count: u8,
    },
    /// A player holding cards that do not fit says go.
    Go {
        /// Who.
        seat: Seat,
        /// The count.
        count: u8,
    },
    /// Points pegged.
    Pegged(Peg),
    /// The play is over; cards still held are thrown in unseen.
    HandOver {
        /// The hand.
        hand: u16,
        /// Each player's score at the hand's end, by seat: what a page
        /// says as the hand closes, as cribbage's hand end says it.
        scores: Vec<u16>,
    },
    /// Someone reached 31.
    GameOver {
        /// The winner.
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
        /// Always [`Skunk::None`]: Noddy has no skunk (the rules README: "No skunk"). Said by the engine, as
        /// cribbage's result says it, so a page or an embedder reads every
        /// race's end alike and never supplies a rule of its own.
        skunk: Skunk,
    },
}
