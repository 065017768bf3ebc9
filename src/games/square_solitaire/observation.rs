//! What the player may know: everything on the table (the grid, the card in
//! hand, every card turned, the starter and the count once they come),
//! never the order of the stock. The only input a computer player gets.
//!
//! ```
//! use cribbage::games::square_solitaire::{Game, Rules};
//! use cribbage::games::State as _;
//!
//! let game = Game::new(Rules::default(), 5);
//! let view = game.observation(0);
//! assert_eq!(view.card, game.card_in_hand());
//! assert_eq!(view.legal.len(), 16);
//! assert_eq!(view.moves[6].action.to_string(), "place 2 3");
//! assert_eq!(view.moves[6].cell, 6);
//! assert_eq!(view.lines.len(), 8);
//! assert_eq!(view.unseen().len(), 51);
//! ```

use super::action::{Action, Phase};
use super::rules::{BOARD, Rules, WIN};
use super::score::{CELLS, GridCount, Line, SIDE, points_now};
use super::state::Game;
use crate::cards::{Card, CardSet, present};
use crate::games::State as _;
use crate::table::{Pegs, ScoreBoard, Seat, Side};
use serde::Serialize;

/// What kind of decision a [`Move`] is: the game has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    /// Place the card in hand.
    Place,
}

/// One legal action as data, so a front end never parses action text:
/// `{"action":"place 2 3","kind":"place","cell":6}`. The cell is the
/// index into [`Observation::grid`] and the `cell` of the `placed` event
/// (row × 4 + column, from 0), so a page finds the square to light by
/// indexing, not arithmetic on the text's 1-based row and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Move {
    /// The action text to hand back.
    pub action: Action,
    /// Its verb.
    pub kind: MoveKind,
    /// The cell, row × 4 + column from 0.
    pub cell: u8,
}

impl Move {
    /// The data of one action; `None` for a cell off the grid (never a
    /// legal action).
    pub fn of(action: Action) -> Option<Move> {
        Some(Move {
            action,
            kind: MoveKind::Place,
            cell: action.cell()? as u8,
        })
    }
}

/// One row or column as it stands while the grid fills: what a page shows
/// beside it as a running score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineNow {
    /// Which line: `{"line":"row","index":0}` … `{"line":"column","index":3}`.
    pub line: Line,
    /// Its four cells, in place order.
    pub cells: [u8; 4],
    /// The cards placed in it so far, in place order.
    pub cards: Vec<Card>,
    /// What they score as they stand, with no starter: fifteens, pairs,
    /// runs of three or more, four of a suit
    /// ([`points_now`]). Once the game is over
    /// the count with the starter is in [`Observation::count`].
    pub points: u8,
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
    /// (as [`score`](Self::score)), the rear at the score before the last
    /// count that scored ([`Game::pegs`]), in the form
    /// Table Top gives its sides'.
    pub scores: Vec<Pegs>,
    /// Each side's score as the board shows it: the points made, which
    /// run on past the board's end (its `runs_on`), so the page reads every
    /// game laid out on the table alike.
    pub shown: Vec<u16>,
    /// The rules.
    pub rules: Rules,
    /// Points that win: 61.
    pub win: u16,
    /// The peg board: its track runs to the 61 that wins, and a score
    /// past it is shown as it is (the deal's result).
    pub board: ScoreBoard,
    /// Where the game stands.
    pub phase: Phase,
    /// Who must act.
    pub to_act: Option<Seat>,
    /// The empty cells the card may go to (empty once the game is over).
    pub legal: Vec<Action>,
    /// The same actions as data, in the same order.
    pub moves: Vec<Move>,
    /// The grid's size: its cells are `size` × `size` ([`SIDE`]), so a
    /// page lays it out from the data.
    pub size: u8,
    /// The grid, row by row (`null` for an empty cell).
    pub grid: [Option<Card>; CELLS],
    /// The card turned and waiting to be placed.
    pub card: Option<Card>,
    /// Every card turned so far, in order.
    pub turned: Vec<Card>,
    /// The starter, once the grid is full.
    pub starter: Option<Card>,
    /// The eight lines as they stand, rows then columns.
    pub lines: Vec<LineNow>,
    /// The count, once the game is over: each line with its cards, its
    /// breakdown and its words phrase by phrase.
    pub count: Option<GridCount>,
    /// The points made (0 until the count).
    pub score: u16,
    /// The winner, named as Table Top names its: side 0 once the game is
    /// over with the win reached; `None` while it is played, and when the
    /// game ends short of the win.
    pub winner: Option<Side>,
}

impl Observation {
    pub(crate) fn of(game: &Game, seat: Seat) -> Observation {
        let to_act = game.current_player();
        let legal = if to_act == Some(seat) {
            game.legal_actions()
        } else {
            Vec::new()
        };
        let grid = game.grid();
        let mut lines = Vec::with_capacity(Line::ALL.len());
        for line in Line::ALL {
            let cells = line.cells();
            let cards = present(&cells.map(|c| grid[c]));
            lines.push(LineNow {
                line,
                cells: cells.map(|c| c as u8),
                points: points_now(&cards),
                cards,
            });
        }
        let moves = legal
            .iter()
            .filter_map(|&action| Move::of(action))
            .collect();
        let board = BOARD;
        Observation {
            seat,
            sides: vec![0],
            order: vec![0],
            scores: vec![game.pegs()],
            shown: board.shown_all(&[game.pegs()]),
            rules: game.rules(),
            win: WIN,
            board,
            phase: game.phase(),
            to_act,
            moves,
            legal,
            size: SIDE as u8,
            grid: *grid,
            lines,
            card: game.card_in_hand(),
            turned: game.turned().to_vec(),
            starter: game.starter(),
            count: game.count().cloned(),
            score: game.score(),
            winner: (to_act.is_none() && game.score() >= WIN).then_some(0),
        }
    }

    /// The cards the player has not seen: not turned, not the starter.
    pub fn unseen(&self) -> CardSet {
        let mut seen: CardSet = self.turned.iter().copied().collect();
        if let Some(starter) = self.starter {
            seen.insert(starter);
        }
        !seen
    }

    /// The empty cells, by number (row × 4 + column).
    pub fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..CELLS).filter(|&c| self.grid[c].is_none())
    }
}
