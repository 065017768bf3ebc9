//! What the player may know: the six cards of this deal and its starter,
//! every card already counted, the starters under the stock (the player put
//! them there, in order), the score. Never the crib's two face-down cards
//! before they are counted, nor the order of the stock. The only input a
//! computer player gets.
//!
//! ```
//! use cribbage::games::solitaire::{Game, Rules};
//! use cribbage::games::State as _;
//!
//! let game = Game::new(Rules::default(), 5);
//! let view = game.observation(0);
//! assert_eq!(view.hand.len(), 6);
//! assert_eq!(view.legal.len(), 15);
//! assert_eq!(view.moves[0].cards.len(), 2);
//! assert!(view.counts.is_empty());
//! assert_eq!(view.unseen().len(), 52 - 7);
//! ```

use super::action::{Action, Phase};
use super::event::{Counted, Event};
use super::rules::{BOARD, CRIB_DEALT, DEALS, DOUBLE, Rules, WIN};
use super::state::Game;
use crate::cards::{Card, CardSet};
use crate::games::State as _;
use crate::table::{Pegs, ScoreBoard, Seat, Side};
use serde::Serialize;

/// What kind of decision a [`Move`] is: the game has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    /// Lay two cards away to the crib.
    Lay,
}

/// One legal action as data, so a front end never parses action text:
/// `{"action":"lay 5H 6C","kind":"lay","cards":["5H","6C"]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Move {
    /// The action text to hand back.
    pub action: Action,
    /// Its verb.
    pub kind: MoveKind,
    /// The two cards laid away, in card order.
    pub cards: Vec<Card>,
}

impl Move {
    /// The data of one action.
    pub fn of(action: Action) -> Move {
        let Action::Lay(cards) = action;
        Move {
            action,
            kind: MoveKind::Lay,
            cards: cards.to_vec(),
        }
    }
}

/// Everything the player may know at this moment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// The seat this is for (0: the game has one).
    pub seat: Seat,
    /// Every seat's side: `[0]`, one player. Every game laid out on the
    /// table lists its sides, so a page reads them rather than knowing
    /// which game is played alone.
    pub sides: Vec<Side>,
    /// The seats in the order of play: `[0]`.
    pub order: Vec<Seat>,
    /// Each side's pegs: the one player's, the front at the points made
    /// (as [`score`](Self::score)), in the form Table Top gives its sides'.
    pub scores: Vec<Pegs>,
    /// Each side's score as the board shows it: the points made, which
    /// run on past the board's end (its `runs_on`), so the page reads every
    /// game laid out on the table alike.
    pub shown: Vec<u16>,
    /// The card on show to be placed, as the other games laid out on the
    /// table name theirs: always `None` here, where cards are laid away
    /// from the hand rather than turned and placed one by one.
    pub card: Option<Card>,
    /// The rules.
    pub rules: Rules,
    /// Points that win: 81.
    pub win: u16,
    /// Points that win a double game: 121.
    pub double: u16,
    /// The peg board: its track runs to the double game's 121, and a
    /// score past it is shown as it is (the deal's result).
    pub board: ScoreBoard,
    /// Where the game stands.
    pub phase: Phase,
    /// Who must act.
    pub to_act: Option<Seat>,
    /// The fifteen lay-aways, while laying away.
    pub legal: Vec<Action>,
    /// The same actions as data, in the same order.
    pub moves: Vec<Move>,
    /// The deal, 1 to 6.
    pub deal: u8,
    /// How many deals of hand and crib there are before the last four: 6.
    pub deals: u8,
    /// The six cards of this deal (empty once the game is over).
    pub hand: CardSet,
    /// How many cards lie in this deal's crib: the two dealt face down
    /// while the player lays away, none once the deal is counted.
    pub crib: u8,
    /// This deal's starter.
    pub starter: Option<Card>,
    /// The starters under the stock, top first.
    pub under: Vec<Card>,
    /// Cards in the stock (the starter on top not counted).
    pub stock: u8,
    /// Every card seen: hands, cribs and starters so far, this deal's six
    /// and its starter.
    pub seen: CardSet,
    /// The four cards counted at the end.
    pub last_four: Option<CardSet>,
    /// The points made so far.
    pub score: u16,
    /// The winner, named as Table Top names its: side 0 once the game is
    /// over with the win reached; `None` while it is played, and when the
    /// game ends short of the win.
    pub winner: Option<Side>,
    /// Every count so far, in order: each deal's hand then crib (its two
    /// face-down cards shown only now), and at the end the last four;
    /// each with its cards, its words phrase by phrase and the score after.
    pub counts: Vec<Counted>,
}

impl Observation {
    pub(crate) fn of(game: &Game, seat: Seat) -> Observation {
        let to_act = game.current_player();
        let legal = if to_act == Some(seat) {
            game.legal_actions()
        } else {
            Vec::new()
        };
        let moves = legal.iter().map(|&action| Move::of(action)).collect();
        let mut counts = Vec::new();
        for event in game.events() {
            if let Event::Counted(c) = event {
                counts.push(c.clone());
            }
        }
        let board = BOARD;
        Observation {
            seat,
            sides: vec![0],
            order: vec![0],
            scores: vec![game.pegs()],
            shown: board.shown_all(&[game.pegs()]),
            card: None,
            rules: game.rules(),
            win: WIN,
            double: DOUBLE,
            board,
            phase: game.phase(),
            to_act,
            moves,
            legal,
            deal: game.deal_number(),
            deals: DEALS,
            hand: game.hand(),
            crib: if game.phase() == Phase::LayAway {
                CRIB_DEALT
            } else {
                0
            },
            starter: game.starter(),
            under: game.under().to_vec(),
            stock: game.stock_len() as u8,
            seen: game.seen(),
            last_four: game.last_four(),
            score: game.score(),
            winner: (to_act.is_none() && game.score() >= WIN).then_some(0),
            counts,
        }
    }

    /// The cards the player has not seen: the crib's two face-down cards
    /// are two of them, the rest lie in the stock above the starters.
    pub fn unseen(&self) -> CardSet {
        !self.seen
    }
}
