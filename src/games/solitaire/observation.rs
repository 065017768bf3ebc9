//! What the player may know: the six cards of this deal and its starter,
//! every card already counted, the starters under the stock (the player put
//! them there, in order), the score. Never the crib's two face-down cards
//! before they are counted, nor the order of the stock. The only input a
//! computer player gets.
//!
//! ```
//! use cribbage::games::solitaire::{Game, Rules};
//!
//! let game = Game::new(Rules::default(), 5);
//! let view = game.observation(0);
//! assert_eq!(view.hand.len(), 6);
//! assert_eq!(view.legal.len(), 15);
//! assert_eq!(view.unseen().len(), 52 - 7);
//! ```

use super::action::{Action, Phase};
use super::rules::{DOUBLE, Rules, WIN};
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
    /// Points that win: 81.
    pub win: u16,
    /// Points that win a double game: 121.
    pub double: u16,
    /// Where the game stands.
    pub phase: Phase,
    /// Who must act.
    pub to_act: Option<Seat>,
    /// The fifteen lay-aways, while laying away.
    pub legal: Vec<Action>,
    /// The deal, 1 to 6.
    pub deal: u8,
    /// The six cards of this deal (empty once the game is over).
    pub hand: CardSet,
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
}

impl Observation {
    pub(crate) fn of(game: &Game, seat: Seat) -> Observation {
        let to_act = game.current_player();
        Observation {
            seat,
            rules: game.rules(),
            win: WIN,
            double: DOUBLE,
            phase: game.phase(),
            to_act,
            legal: if to_act == Some(seat) {
                game.legal_actions()
            } else {
                Vec::new()
            },
            deal: game.deal_number(),
            hand: game.hand(),
            starter: game.starter(),
            under: game.under().to_vec(),
            stock: game.stock_len() as u8,
            seen: game.seen(),
            last_four: game.last_four(),
            score: game.score(),
        }
    }

    /// The cards the player has not seen: the crib's two face-down cards
    /// are two of them, the rest lie in the stock above the starters.
    pub fn unseen(&self) -> CardSet {
        !self.seen
    }
}
