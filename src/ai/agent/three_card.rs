//! What the agents of the family's two-handed, three-card games share
//! (`agent --game noddy` and `agent --game costly-colours`): the messages
//! that frame a game — `new_game`, `deal`, `game_over` — and reading the
//! seat, the scores and the hand number into an observation's types.
//!
//! Their questions differ with their decisions, so each game reads its own
//! ([`crate::ai::noddy::agent`], [`crate::ai::costly_colours::agent`]); what is here is what
//! would otherwise be written twice, and differ by accident.

use super::{Scores, Who, distinct};
use crate::cards::{Card, CardSet};
use crate::table::{Pegs, Seat};
use serde::{Deserialize, Serialize};

/// `{"type":"new_game","game":g,"seat":0|1,"first_dealer":"me"|"opp"}`.
#[derive(Debug, Deserialize)]
pub(crate) struct NewGame {
    /// The game's number, as the referee counts: any whole number.
    pub(crate) game: u64,
    seat: u64,
    // Read so that a malformed line is refused; every question says who deals.
    #[allow(dead_code)]
    first_dealer: Who,
}

impl NewGame {
    /// The agent's seat.
    ///
    /// # Errors
    /// A seat other than 0 and 1; `title` names the game in the message.
    pub(crate) fn seat(&self, title: &str) -> Result<Seat, String> {
        match self.seat {
            0 => Ok(0),
            1 => Ok(1),
            seat => Err(format!("seat {seat}: {title} has seats 0 and 1")),
        }
    }
}

/// `{"type":"deal","hand_no":k,"dealer":…,"hand":[3 cards],"turnup":"XX"}`,
/// with `"game":g` optional.
#[derive(Debug, Deserialize)]
pub(crate) struct Deal {
    /// The game, when the referee names it.
    pub(crate) game: Option<u64>,
    /// The hand's number: any whole number.
    pub(crate) hand_no: u64,
    // Every question says who deals; read so a malformed line is refused.
    #[allow(dead_code)]
    dealer: Who,
    hand: Vec<Card>,
    turnup: Card,
}

impl Deal {
    /// The three cards dealt.
    ///
    /// # Errors
    /// Not three distinct cards, or one of them the turn-up.
    pub(crate) fn dealt(&self) -> Result<CardSet, String> {
        dealt(&self.hand, self.turnup)
    }
}

/// Three cards as dealt: the hand of a deal, or of a question asked before
/// any card has left it.
///
/// # Errors
/// Not three distinct cards, or one of them the turn-up.
pub(crate) fn dealt(hand: &[Card], turnup: Card) -> Result<CardSet, String> {
    let dealt = distinct(hand, "the hand")?;
    if dealt.len() != 3 || dealt.contains(turnup) {
        return Err("a deal is three cards, none of them the turn-up".into());
    }
    Ok(dealt)
}

/// `{"type":"game_over","scores":{…},"winner":"me"|"opp"}`: read (a
/// malformed one is reported) and otherwise only a cue to forget the hand.
#[derive(Debug, Deserialize)]
pub(crate) struct GameOver {
    #[allow(dead_code)]
    scores: Scores,
    #[allow(dead_code)]
    winner: Who,
}

/// The answer `{"go":true}`: cards are held but none fits.
#[derive(Serialize)]
pub(crate) struct Go {
    go: bool,
}

/// `{"go":true}`.
pub(crate) const GO: Go = Go { go: true };

/// The seat `who` names, the agent sitting at `me`.
pub(crate) fn seat_of(me: Seat, who: Who) -> Seat {
    match who {
        Who::Me => me,
        Who::Opp => crate::table::other_seat(me),
    }
}

/// A value per seat, as an observation holds it: `mine` at `me`, `theirs`
/// at the other seat.
pub(crate) fn by_seat<T>(me: Seat, mine: T, theirs: T) -> Vec<T> {
    if me == 0 {
        vec![mine, theirs]
    } else {
        vec![theirs, mine]
    }
}

/// Both players' pegs, by seat. A score past `target` (the game was won)
/// reads as `target`: the bots add points to it, which must not overflow,
/// and any score at the target reads alike to them.
pub(crate) fn pegs(scores: Scores, me: Seat, target: u16) -> Vec<Pegs> {
    let at = |n: u64| Pegs::at(u16::try_from(n.min(u64::from(target))).unwrap_or(target));
    by_seat(me, at(scores.me), at(scores.opp))
}

/// The hand's number as an observation holds it: past what that holds it
/// reads as its largest, since the bots use it only to vary their sampling.
pub(crate) fn hand_number(hand_no: u64) -> u16 {
    u16::try_from(hand_no).unwrap_or(u16::MAX)
}

/// Checks that the cards held, the cards laid and the turn-up are apart.
///
/// # Errors
/// When two of them share a card.
pub(crate) fn apart(held: CardSet, laid: CardSet, turnup: Card) -> Result<(), String> {
    if !held.is_disjoint(laid) || held.contains(turnup) || laid.contains(turnup) {
        return Err("the hand, the cards laid and the turn-up must not share a card".into());
    }
    Ok(())
}
