//! What one seat may know: the only view of a game of Table Top Cribbage a
//! computer player (or a front end showing one player's screen) gets.
//!
//! Everything on the table is public: the layout, the card the player to
//! act has turned, the scores. What is hidden from everyone — the order of
//! the stacks and the cards left out of play — is not there to be reached:
//! the view holds only how many cards each stack has left.
//!
//! ```
//! use cribbage::games::table_top::{Game, Rules};
//! use cribbage::games::State as _;
//!
//! let game = Game::new(Rules::default(), 5);
//! let seat = game.current_player().unwrap();
//! let view = game.observation(seat);
//! assert_eq!((view.stacks[seat], view.stacks[1 - seat]), (11, 12));
//! assert_eq!(view.legal.len(), 8);
//! assert_eq!(view.moves[0].action, view.legal[0]);
//! // The five rows, then the five columns: the centre row holds the centre.
//! assert_eq!(view.lines.len(), 10);
//! assert_eq!(view.lines[2].cells, [10, 11, 12, 13, 14]);
//! assert_eq!(view.lines[2].cards.len(), 1);
//! assert_eq!(view.unseen().len(), 52 - 2);
//! ```

use super::action::{Action, Phase};
use super::event::direction_of;
use super::layout::{Cell, Direction, Layout, Line, SIDE};
use super::rules::{Rules, TARGET};
use super::score::points_now;
use super::state::Game;
use crate::cards::{Card, CardSet, present};
use crate::games::State as _;
use crate::games::cribbage::GameResult;
use crate::table::{Pegs, ScoreBoard, Seat, Side};
use serde::{Deserialize, Serialize};

/// What kind of decision a [`Move`] is: the game has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    /// Place the card turned.
    Place,
}

/// One legal action as data, so a front end never parses action text:
/// `{"action":"place r2c3","kind":"place","cell":7,"row":1,"col":2}`
/// (row and column from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The action text to hand back.
    pub action: Action,
    /// Its verb, as every game's moves name it.
    pub kind: MoveKind,
    /// The cell.
    pub cell: Cell,
    /// Its row, from 0 at the top.
    pub row: u8,
    /// Its column, from 0 at the left.
    pub col: u8,
}

impl Move {
    /// The data of one action.
    pub fn of(action: &Action) -> Move {
        let cell = action.cell();
        Move {
            action: *action,
            kind: MoveKind::Place,
            cell,
            row: cell.row() as u8,
            col: cell.col() as u8,
        }
    }
}

/// One row or column as it stands while the layout fills: what a page shows
/// beside it as a running score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineNow {
    /// Which line, as the `counted` event names it: `{"line":"row",
    /// "index":0}` … `{"line":"column","index":4}`.
    pub line: Line,
    /// Its five cells (indexes into [`Observation::grid`]), left to right
    /// or top to bottom.
    pub cells: [u8; 5],
    /// The cards placed in it so far, in line order.
    pub cards: Vec<Card>,
    /// What they score as they stand, counted as the hand's end counts a
    /// line ([`points_now`]): for a full line, its count.
    pub points: u8,
    /// The side that scores it this hand (and every hand: the directions
    /// hold for the whole game).
    pub side: Side,
}

/// Everything one seat may know about a game of Table Top Cribbage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// The seat this is for.
    pub seat: Seat,
    /// Its side: the seat with two players; with four its partnership
    /// (side 0 is the partnership of seat 0), as the draw made them.
    pub side: Side,
    /// Every seat's side, so the page need not know how partners sit.
    pub sides: Vec<Side>,
    /// The seats round the table in the order of play, from seat 0: each
    /// plays after the one before it, partners opposite (two apart). A
    /// page draws the others in this order from the viewer's left.
    pub order: Vec<Seat>,
    /// The rules.
    pub rules: Rules,
    /// The game hole: 121.
    pub target: u16,
    /// The peg board: its track runs to the 121 that wins, where a
    /// side's peg stops (a race: no score is shown past the game hole).
    pub board: ScoreBoard,
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
    /// Each side's pegs.
    pub scores: Vec<Pegs>,
    /// Each side's score as the board shows it: a count past the game hole
    /// stopped there, as the front peg is ([`crate::table::in_game_hole`]).
    /// The page reads this rather than stopping `scores` itself.
    pub shown: Vec<u16>,
    /// The lines each side scores.
    pub directions: Vec<Direction>,
    /// The layout's size: its cells are `size` × `size` ([`SIDE`]), so a
    /// page lays it out from the data.
    pub size: u8,
    /// The layout, row by row from the top left (`null` for an empty cell).
    pub grid: Vec<Option<Card>>,
    /// The ten lines as they stand: the five rows, then the five columns.
    pub lines: Vec<LineNow>,
    /// The card the player to act has turned and is placing, on show to
    /// every seat; `card`, as every game laid out on the table names the
    /// card to place.
    pub card: Option<Card>,
    /// How many cards each seat's stack has left (the turned card not
    /// among them). Their order is known to nobody.
    pub stacks: Vec<u8>,
    /// The winner, once a side has won.
    pub winner: Option<Side>,
    /// The game's result once it is over (else empty), in the form
    /// cribbage gives each game of a match: what the end's panel reads
    /// for every race alike.
    pub results: Vec<GameResult>,
}

/// The ten lines of `layout` as they stand, rows then columns, with the
/// side that scores each (`rows_side` scores the rows).
fn lines_now(layout: &Layout, rows_side: Side) -> Vec<LineNow> {
    let mut lines = Vec::with_capacity(10);
    for line in Line::rows().into_iter().chain(Line::columns()) {
        let cells = line.cells();
        let cards = present(&cells.map(|c| layout.get(c)));
        let side = if line.direction() == Direction::Rows {
            rows_side
        } else {
            1 - rows_side
        };
        lines.push(LineNow {
            line,
            cells: cells.map(|c| c.index() as u8),
            points: points_now(&cards),
            cards,
            side,
        });
    }
    lines
}

impl Observation {
    pub(crate) fn of(game: &Game, seat: Seat) -> Observation {
        let to_act = game.current_player();
        let legal = if to_act == Some(seat) {
            game.legal_actions()
        } else {
            Vec::new()
        };
        let rules = game.rules();
        let rows = game.rows_side();
        let moves = legal.iter().map(Move::of).collect();
        let seats = 0..rules.players();
        let stacks = seats.clone().map(|s| game.stack_len(s) as u8).collect();
        let sides = seats.map(|s| game.side_of(s)).collect();
        let board = ScoreBoard {
            target: TARGET,
            win: TARGET,
            runs_on: false,
        };
        Observation {
            seat,
            side: game.side_of(seat),
            sides,
            order: game.order().to_vec(),
            rules,
            target: TARGET,
            board,
            phase: game.phase(),
            to_act,
            moves,
            legal,
            hand_number: game.hand_number(),
            dealer: game.dealer(),
            scores: game.scores().to_vec(),
            shown: board.shown_all(game.scores()),
            directions: (0..2).map(|side| direction_of(rows, side)).collect(),
            size: SIDE as u8,
            grid: game.layout().cells().to_vec(),
            lines: lines_now(game.layout(), rows),
            card: game.turned(),
            stacks,
            winner: game.winner(),
            results: GameResult::of_one_game(
                game.winner(),
                game.scores(),
                super::state::shown_at_end(game.scores()),
                game.hand_number(),
                game.first_dealer(),
            ),
        }
    }

    /// The layout as the engine holds it.
    pub fn layout(&self) -> Layout {
        Layout::from_grid(&self.grid)
    }

    /// The cards this seat has not seen: not on the table, not turned. The
    /// stacks' cards are among them, in an order nobody knows.
    pub fn unseen(&self) -> CardSet {
        let seen: CardSet = self
            .grid
            .iter()
            .flatten()
            .chain(&self.card)
            .copied()
            .collect();
        !seen
    }

    /// The lines this seat's side scores.
    pub fn direction(&self) -> Direction {
        self.directions
            .get(self.side)
            .copied()
            .unwrap_or(Direction::Rows)
    }
}
