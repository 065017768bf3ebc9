//! What every game of the family needs around its rules: seats and sides,
//! the pegs on a track with its target and goal, and chance drawn from a
//! seed in a way this crate owns and pins.
//!
//! ```
//! use cribbage::table::{Chance, Goal, Pegs, Track};
//!
//! let track = Track { target: 121, goal: Goal::Reach };
//! let mut pegs = Pegs::default();
//! pegs.peg(12);
//! pegs.peg(3);
//! assert_eq!((pegs.front, pegs.rear), (15, 12));
//! assert!(!track.reached(pegs));
//!
//! // The same seed and draw number always give the same generator.
//! let mut a = Chance::new(42);
//! let mut b = Chance::new(42);
//! assert_eq!(a.draw().index(52), b.draw().index(52));
//! ```

mod chance;

use crate::cards::{Card, Rank};
pub use chance::{Chance, Draw};
use serde::{Deserialize, Serialize};

/// A seat at the table, 0-based; play and the deal pass to seat + 1 ("left").
pub type Seat = usize;

/// A scoring side (a track on the board): a player, or a partnership of four.
pub type Side = usize;

/// A side's two pegs: the front shows the score, the rear the score before
/// the last points pegged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Pegs {
    /// The score.
    pub front: u16,
    /// The score before the last points.
    pub rear: u16,
}

impl Pegs {
    /// Pegs at `score` with no last move (a stacked starting score).
    pub fn at(score: u16) -> Pegs {
        Pegs {
            front: score,
            rear: score,
        }
    }

    /// Moves the rear peg `points` past the front one.
    pub fn peg(&mut self, points: u8) {
        self.rear = self.front;
        self.front += u16::from(points);
    }

    /// Each side's score: the front pegs.
    pub fn fronts(pegs: &[Pegs]) -> Vec<u16> {
        pegs.iter().map(|p| p.front).collect()
    }
}

/// What the side that reaches the target has done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// It wins: standard cribbage and most of the family.
    #[default]
    Reach,
    /// It loses: reverse (low-ball) cribbage, where points are what you avoid.
    Avoid,
}

/// The peg board of a game laid out on the table (the solitaires, Table
/// Top): how far its track runs and the score that wins, so a page draws
/// the board and says the result from data rather than knowing the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ScoreBoard {
    /// The board's last hole: the game hole, or where a bigger win than
    /// `win` is made (Cribbage Solitaire's double game at 121).
    pub target: u16,
    /// The score that wins.
    pub win: u16,
    /// What a score past `target` does on the board: `true` where the
    /// points are the result (a solitaire's deal may score past its
    /// board's end, and shows what it scored), `false` where the game is a
    /// race and a side's peg stops in the game hole.
    pub runs_on: bool,
}

impl ScoreBoard {
    /// A side's score as this board shows it (see [`ScoreBoard::runs_on`]):
    /// the points as made where the score runs on, else stopped in the
    /// game hole as the peg is ([`in_game_hole`]).
    pub fn shown(self, front: u16) -> u16 {
        if self.runs_on {
            front
        } else {
            in_game_hole(front, self.target)
        }
    }

    /// Every side's score as this board shows it, side by side.
    pub fn shown_all(self, pegs: &[Pegs]) -> Vec<u16> {
        if self.runs_on {
            Pegs::fronts(pegs)
        } else {
            in_game_holes(pegs, self.target)
        }
    }
}

/// A race's score as its board shows it, where the page and the words read
/// it: a count that runs past the game hole stops there, as the front peg
/// does (the rules: the game ends at the hole; "121 to 96", never 128).
/// The points as counted stay in the pegs' `front`, for the words of what
/// was pegged.
pub fn in_game_hole(front: u16, target: u16) -> u16 {
    front.min(target)
}

/// Every side's score as a race's board shows it ([`in_game_hole`]).
pub fn in_game_holes(pegs: &[Pegs], target: u16) -> Vec<u16> {
    pegs.iter().map(|p| in_game_hole(p.front, target)).collect()
}

/// A scoring track: how far it runs and whether reaching the end wins or loses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Track {
    /// The game hole: 121, 61 or 31.
    pub target: u16,
    /// Reach it or avoid it.
    pub goal: Goal,
}

impl Track {
    /// Whether these pegs have reached the end of the track.
    pub fn reached(self, pegs: Pegs) -> bool {
        pegs.front >= self.target
    }
}

/// The other seat of a two-player table. Every seat of such a table is 0
/// or 1 (the games make them so), which a debug build checks.
pub fn other_seat(seat: Seat) -> Seat {
    debug_assert!(seat < 2, "seat {seat} at a two-player table");
    1 - seat
}

/// Partners sit opposite: with four players, seats 0 and 2 against 1 and 3.
/// With two or three players every seat is its own side.
pub fn side_of(players: usize, seat: Seat) -> Side {
    if players == 4 { seat % 2 } else { seat }
}

/// How many sides (tracks) a table of `players` has.
pub fn sides(players: usize) -> usize {
    if players == 4 { 2 } else { players }
}

/// One card of a cut for the first deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cut {
    /// Who cut.
    pub seat: Seat,
    /// The card cut.
    pub card: Card,
}

impl Cut {
    /// One round of the cut: seat `i` cuts `deck[i]`, for each of
    /// `players` seats (as many as the deck holds).
    pub fn round(deck: &[Card], players: usize) -> Vec<Cut> {
        deck.iter()
            .take(players)
            .enumerate()
            .map(|(seat, &card)| Cut { seat, card })
            .collect()
    }
}

/// The sides whose score has reached `target`, in order: what a game's
/// consistency check compares with its winner.
pub fn reaching(pegs: &[Pegs], target: u16) -> Vec<Side> {
    (0..pegs.len())
        .filter(|&side| pegs[side].front >= target)
        .collect()
}

/// Settles one round of the cut for deal, as every game of the family cuts:
/// the lowest card deals, and ten-cards (ten, jack, queen, king) all rank
/// alike. `Ok` with the dealer when one player holds the lowest card alone;
/// otherwise `Err` with the tied players, who cut again.
pub fn settle_cuts(cuts: &[Cut]) -> Result<Seat, Vec<Seat>> {
    let value = |card: Card| card.rank().index().min(Rank::Ten.index());
    let lowest = cuts.iter().map(|c| value(c.card)).min().unwrap_or(0);
    let low: Vec<Seat> = cuts
        .iter()
        .filter(|c| value(c.card) == lowest)
        .map(|c| c.seat)
        .collect();
    match low.as_slice() {
        [one] => Ok(*one),
        _ => Err(low),
    }
}
