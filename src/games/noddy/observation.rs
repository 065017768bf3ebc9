//! What one seat may know: the only view of a game of Noddy a computer
//! player (or a front end showing one player's screen) gets.
//!
//! It is built by copying out the public facts and that seat's own cards:
//! the other hand and the pack are not there to be reached. The other
//! player's announcement is there as the table heard it, in words, without
//! its cards.
//!
//! ```
//! use cribbage::games::noddy::{Game, Rules};
//! use cribbage::games::State as _;
//!
//! let game = Game::new(Rules::default(), 5);
//! let seat = game.current_player().unwrap();
//! let view = game.observation(seat);
//! assert_eq!(view.hand, game.hand(seat));
//! assert_eq!(view.held_counts, vec![3, 3]);
//! assert_eq!(view.unseen().len(), 52 - 3 - 1);
//! ```

use super::action::{Action, Phase};
use super::event::Said;
use super::rules::{PLAYERS, Rules, TARGET};
use super::score::LIMIT;
use super::state::Game;
use crate::cards::{Card, CardSet};
use crate::count::CadenceStep;
use crate::games::State as _;
use crate::games::cribbage::GameResult;
use crate::table::{Pegs, Seat, Side, in_game_holes};
use serde::{Deserialize, Serialize};

/// The board: the 31-hole track and the count the play may not pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The game hole: 31.
    pub target: u16,
    /// The count the play may not pass: 31.
    pub play_limit: u8,
}

/// One card of the play: who laid it and the count after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Laid {
    /// Who.
    pub seat: Seat,
    /// The card.
    pub card: Card,
    /// The count after it.
    pub count: u8,
}

/// An announcement as the table heard it: the words and the total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Heard {
    /// The phrases, in counting order.
    pub said: Vec<Said>,
    /// The whole announcement.
    pub total: u8,
}

/// What kind of decision a [`Move`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    /// Lay a card.
    Play,
    /// Say go.
    Go,
}

/// One legal action as data, so a front end never parses action text:
/// `{"action":"play 5H","kind":"play","cards":["5H"]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The action text to hand back.
    pub action: Action,
    /// Its verb.
    pub kind: MoveKind,
    /// The card laid (play), else `null`.
    pub cards: Option<Vec<Card>>,
}

impl Move {
    /// The data of one action.
    pub fn of(action: &Action) -> Move {
        match *action {
            Action::Play(card) => Move {
                action: *action,
                kind: MoveKind::Play,
                cards: Some(vec![card]),
            },
            Action::Go => Move {
                action: *action,
                kind: MoveKind::Go,
                cards: None,
            },
        }
    }
}

/// Everything one seat may know about a game of Noddy at this moment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// The seat this is for.
    pub seat: Seat,
    /// Its side (the seat: Noddy is two-handed).
    pub side: Side,
    /// Every seat's side, seat by seat (each seat its own side), so a page
    /// reads whose pegs are whose as it does in every other game, rather
    /// than knowing how many play.
    pub sides: Vec<Side>,
    /// The rules.
    pub rules: Rules,
    /// The board.
    pub board: Board,
    /// Where the game stands.
    pub phase: Phase,
    /// Who must act.
    pub to_act: Option<Seat>,
    /// The actions this seat may take, when it is to act (else empty).
    pub legal: Vec<Action>,
    /// The same actions as data, in the same order.
    pub moves: Vec<Move>,
    /// The hand of the game, from 1.
    pub hand_number: u16,
    /// The dealer.
    pub dealer: Seat,
    /// Each player's pegs.
    pub scores: Vec<Pegs>,
    /// Each player's score as the board shows it: a count past the game hole
    /// stopped there, as the front peg is ([`crate::table::in_game_hole`]).
    /// The page reads this rather than stopping `scores` itself.
    pub shown: Vec<u16>,
    /// The cards this seat holds now.
    pub hand: CardSet,
    /// The three cards this seat was dealt this hand.
    pub dealt: CardSet,
    /// How many cards each seat holds.
    pub held_counts: Vec<u8>,
    /// The turn-up.
    pub turnup: Option<Card>,
    /// Every card laid this hand, in order: Noddy's one series, the same as
    /// `pile`, named as Costly Colours names it so a page reads both alike.
    pub played: Vec<Laid>,
    /// The play so far, in order.
    pub pile: Vec<Laid>,
    /// The count.
    pub count: u8,
    /// Who has said go.
    pub said_go: Vec<bool>,
    /// Each seat's announcement as the table heard it (`null` until made).
    pub announcements: Vec<Option<Heard>>,
    /// This seat's own announcement with the cards of each phrase, for
    /// lighting them as it is counted.
    pub announcement: Option<Vec<CadenceStep>>,
    /// The winner, once someone reaches 31.
    pub winner: Option<Side>,
    /// The game's result once it is over (else empty), in the form
    /// cribbage gives each game of a match: what the end's panel reads
    /// for every race alike.
    pub results: Vec<GameResult>,
}

impl Observation {
    pub(crate) fn of(game: &Game, seat: Seat) -> Observation {
        let to_act = game.current_player();
        let legal = if to_act == Some(seat) {
            game.legal_actions()
        } else {
            Vec::new()
        };
        // Each card with the count it made.
        let mut count = 0;
        let mut pile = Vec::with_capacity(game.pile().len());
        for &(seat, card) in game.pile() {
            count += card.pips();
            pile.push(Laid { seat, card, count });
        }
        let heard = |s: Seat| {
            game.announcement(s).map(|c| Heard {
                said: Said::all(c),
                total: c.total,
            })
        };
        let moves = legal.iter().map(Move::of).collect();
        Observation {
            seat,
            side: seat,
            sides: (0..PLAYERS).collect(),
            rules: game.rules(),
            board: Board {
                target: TARGET,
                play_limit: LIMIT,
            },
            phase: game.phase(),
            to_act,
            moves,
            legal,
            hand_number: game.hand_number(),
            dealer: game.dealer(),
            scores: game.scores().to_vec(),
            shown: in_game_holes(game.scores(), TARGET),
            hand: game.hand(seat),
            dealt: game.dealt(seat),
            held_counts: vec![game.hand(0).len() as u8, game.hand(1).len() as u8],
            turnup: game.turnup(),
            played: pile.clone(),
            pile,
            count: game.count(),
            said_go: vec![game.said_go(0), game.said_go(1)],
            announcements: vec![heard(0), heard(1)],
            announcement: game.announcement(seat).map(|c| c.steps()),
            winner: game.winner(),
            results: GameResult::of_one_game(
                game.winner(),
                game.scores(),
                in_game_holes(game.scores(), TARGET),
                game.hand_number(),
                game.first_dealer(),
            ),
        }
    }

    /// The cards this seat has not seen: not its own dealt cards, not the
    /// turn-up, not laid in the play.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.dealt;
        if let Some(turnup) = self.turnup {
            seen.insert(turnup);
        }
        for laid in &self.pile {
            seen.insert(laid.card);
        }
        !seen
    }

    /// The cards of the play so far, in order: what the computer players
    /// and the coach read.
    pub fn pile_cards(&self) -> Vec<Card> {
        self.pile.iter().map(|laid| laid.card).collect()
    }

    /// The other player.
    pub fn opponent(&self) -> Seat {
        crate::table::other_seat(self.seat)
    }
}
