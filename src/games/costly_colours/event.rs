//! Everything that happens in a game of Costly Colours, with every point and
//! its reason: the public record the page, the log and replays read.
//!
//! The mog is public as words and as the fact that a card went over, never
//! as the card: [`Event::Passed`] names only the passer. A passer who gives
//! a jack or a two pegs for it, and the peg must say why
//! ([`Reason::Passed`]), so the table learns it was a jack or a two and
//! whether of the turn-up's suit; that much the rules make public, and the
//! card itself still is not named. Each player knows the card they passed
//! and the card they received (their [`super::Observation`] has them);
//! at the show every card is face up, the one received with it.

use super::score::{Combo, Count};
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
    /// A jack or a two turned up: four to the dealer at once.
    JackOrTwoTurned {
        /// The turn-up.
        card: Card,
    },
    /// The other player refused the mog: one point.
    MogRefused {
        /// Who refused.
        by: Seat,
    },
    /// The card passed in the mog was a jack or a two: 4 if of the
    /// turn-up's suit, else 2. The card is not named (its receiver alone
    /// has seen it).
    Passed {
        /// Whether it was of the turn-up's suit.
        of_turnup_suit: bool,
    },
    /// A card laid made fifteen, twenty-five, thirty-one, a pair or a
    /// sequence with the cards before it in the series.
    Play {
        /// The card laid.
        card: Card,
        /// The value it was laid at (an ace 1 or 11).
        value: u8,
        /// The count after it.
        count: u8,
        /// Every combination it made, with its cards.
        combos: Vec<Combo>,
        /// What the player calls, phrase by phrase, in the table's words
        /// ("fifteen two", "and a pair is four"), so a front end says it
        /// as the engine counted it.
        said: Vec<String>,
    },
    /// One for last: the last card laid before the count went back to 0
    /// (or the play ended), when it did not make 31 (which has scored).
    Last {
        /// The last card laid.
        card: Card,
        /// The count it reached.
        count: u8,
    },
    /// A player's show: their three cards with the turn-up.
    Show,
}

/// Points pegged: who, how many, why, and where the pegs now stand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Peg {
    /// The seat that scored.
    pub seat: Seat,
    /// The side it scores for (the seat: Costly Colours is two-handed).
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

/// A hand counted in the show: the cards face up, and the count said
/// phrase by phrase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Shown {
    /// Whose hand.
    pub seat: Seat,
    /// The three cards held after the mog.
    pub cards: Vec<Card>,
    /// The turn-up.
    pub turnup: Card,
    /// The card received in the mog, which scores no jack-or-two points
    /// for its receiver (face up now, like the rest of the hand).
    pub received: Option<Card>,
    /// The count said, each phrase with its cards and the running total.
    pub steps: Vec<CadenceStep>,
    /// The count, with every combination and the totals by kind.
    pub count: Count,
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
    /// A player agrees to the mog.
    MogSaid {
        /// Who.
        seat: Seat,
    },
    /// A player refuses the mog.
    MogRefused {
        /// Who.
        seat: Seat,
    },
    /// A player passes a card face down (which card is not public).
    Passed {
        /// Who.
        seat: Seat,
    },
    /// A card laid in the play.
    Played {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
        /// The value it was laid at (an ace 1 or 11).
        value: u8,
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
    /// The series is over: the count goes back to 0 and `leader` leads,
    /// or (`None`) the play is over.
    CountReset {
        /// Who leads the next series.
        leader: Option<Seat>,
    },
    /// A hand counted in the show.
    Show(Shown),
    /// Points pegged.
    Pegged(Peg),
    /// The hand is over: both shown.
    HandOver {
        /// The hand.
        hand: u16,
        /// Each player's score at the hand's end, by seat: what a page
        /// says as the hand closes, as cribbage's hand end says it.
        scores: Vec<u16>,
    },
    /// Someone reached 121.
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
        /// Always [`Skunk::None`]: Costly Colours has no skunk (the rules README: "No skunk"). Said by the engine, as
        /// cribbage's result says it, so a page or an embedder reads every
        /// race's end alike and never supplies a rule of its own.
        skunk: Skunk,
    },
}
