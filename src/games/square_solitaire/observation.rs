//! What the player may know: everything on the table (the grid, the card in
//! hand, every card turned, the starter and the count once they come),
//! never the order of the stock. The only input a computer player gets.
//!
//! ```
//! use cribbage::games::square_solitaire::{Game, Rules};
//!
//! let game = Game::new(Rules::default(), 5);
//! let view = game.observation(0);
//! assert_eq!(view.card, game.card_in_hand());
//! assert_eq!(view.legal.len(), 16);
//! assert_eq!(view.unseen().len(), 51);
//! ```

use super::action::{Action, Phase};
use super::rules::{Rules, WIN};
use super::score::{CELLS, GridCount};
use super::state::Game;
use crate::cards::{Card, CardSet};
use crate::table::Seat;
use serde::Serialize;

/// Everything the player may know at this moment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// The seat this is for (0: the game has one).
    pub seat: Seat,
    /// The rules.
    pub rules: Rules,
    /// Points that win: 61.
    pub win: u16,
    /// Where the game stands.
    pub phase: Phase,
    /// Who must act.
    pub to_act: Option<Seat>,
    /// The empty cells the card may go to (empty once the game is over).
    pub legal: Vec<Action>,
    /// The grid, row by row (`null` for an empty cell).
    pub grid: [Option<Card>; CELLS],
    /// The card turned and waiting to be placed.
    pub card: Option<Card>,
    /// Every card turned so far, in order.
    pub turned: Vec<Card>,
    /// The starter, once the grid is full.
    pub starter: Option<Card>,
    /// The count, once the game is over.
    pub count: Option<GridCount>,
    /// The points made (0 until the count).
    pub score: u16,
}

impl Observation {
    pub(crate) fn of(game: &Game, seat: Seat) -> Observation {
        let to_act = game.current_player();
        Observation {
            seat,
            rules: game.rules(),
            win: WIN,
            phase: game.phase(),
            to_act,
            legal: if to_act == Some(seat) {
                game.legal_actions()
            } else {
                Vec::new()
            },
            grid: *game.grid(),
            card: game.card_in_hand(),
            turned: game.turned().to_vec(),
            starter: game.starter(),
            count: game.count().cloned(),
            score: game.score(),
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
