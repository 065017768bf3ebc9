//! Table Top Cribbage's coach and post-game review: every open cell for the
//! card turned, valued as a level values it (the values its own move is
//! chosen by, [`super::ranked`]); and, after a game, each placement with
//! what it cost against the level's best.
//!
//! A value is points for the seat's side less the other side's, as the
//! level reckons them: Easy, what the card makes at once in its row and
//! column; Medium, what it adds to them by the hand's end against an
//! unknown card there; Hard and Expert, the hand's expected margin (a game
//! won or lost in the hand counting 60), or, with more than four
//! placements to come, the lines' promise four placements on. Only
//! differences between cells mean anything.
//!
//! ```
//! use cribbage::ai::Level;
//! use cribbage::ai::table_top::coach;
//! use cribbage::games::table_top::{Game, Rules};
//! use cribbage::record::Session;
//! use cribbage::games::State as _;
//!
//! let mut session = Session::new(Game::new(Rules::default(), 3));
//! let seat = session.game().current_player().unwrap();
//! let coach::Analysis::Place { options, .. } =
//!     coach::analyze(&session.game().observation(seat), Level::Medium, 1)?;
//! assert_eq!(options.len(), 8);
//! session.apply(options[0].action).unwrap();
//! let review = coach::review(&session, &[seat], Level::Medium, 1);
//! assert_eq!(review.decisions[0].loss, 0.0);
//! # Ok::<(), cribbage::ai::DecideError>(())
//! ```

use super::ranked;
use crate::ai::review::{CellChoice, CellMeasure, CellOption, Placement};
use crate::ai::{DecideError, Level};
use crate::cards::Card;
use crate::games::GameKind;
use crate::games::State as _;
use crate::games::table_top::{Action, Direction, Game, MoveKind, Observation, Pegs, SIDE};
use crate::record::Session;
use crate::table::Seat;
use serde::Serialize;

/// One open cell for the card turned, valued: points for the seat's side
/// less the other's, as the level reckons them (see the module docs).
pub type CellValue = CellOption<Action>;

/// Where the card turned may go, each cell valued.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Analysis {
    /// Every open cell for the card turned.
    Place {
        /// The level whose values these are.
        level: Level,
        /// The card to place.
        card: Card,
        /// The grid's size (5): its cells are `size` × `size`.
        size: u8,
        /// What the values are: [`CellMeasure::Net`].
        measure: CellMeasure,
        /// Every open cell, best first (ties in reading order).
        options: Vec<CellValue>,
    },
}

/// Every open cell valued as `level` values them, best first; `seed` fixes
/// the samples as it does a player's, so the first is the level's move
/// (but for Easy's slips, its quarter of moves anywhere).
///
/// # Errors
/// [`DecideError::NotYourTurn`] when the seat is not to act;
/// [`DecideError::NoLegalAction`] when there is no card to place.
pub fn analyze(obs: &Observation, level: Level, seed: u64) -> Result<Analysis, DecideError> {
    let card = obs.card.ok_or(DecideError::NoLegalAction)?;
    let mut options = Vec::new();
    for (cell, value) in ranked(level, obs, seed)? {
        options.push(CellValue::new(
            Action::Place(cell),
            cell.index(),
            SIDE,
            value,
        ));
    }
    Ok(Analysis::Place {
        level,
        card,
        size: SIDE as u8,
        measure: CellMeasure::Net,
        options,
    })
}

/// One placement, reviewed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewedPlacement {
    /// What the decision is, as the game's moves name it: `place`, the
    /// card put in a cell (a page tables the review by it).
    pub kind: MoveKind,
    /// Its position in the game's list of actions, from 0.
    pub index: usize,
    /// The hand of the game, from 1.
    pub hand: u16,
    /// Who placed.
    pub seat: Seat,
    /// The card placed.
    pub card: Card,
    /// Where the player put it.
    pub chosen: Action,
    /// Where the level would have.
    pub best: Action,
    /// The level's value of the choice made.
    pub chosen_value: f64,
    /// The level's value of the best cell.
    pub best_value: f64,
    /// best − chosen (never negative).
    pub loss: f64,
    /// The lines the seat's side scores.
    pub direction: Direction,
    /// The layout as the player saw it, the card, every open cell with
    /// its value, and both sides' scores.
    pub position: Placement,
}

/// A whole game reviewed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Review {
    /// The game: `table-top`, so a page lays the review out as this
    /// game's.
    pub game: GameKind,
    /// The level that judged.
    pub level: Level,
    /// What the values are: [`CellMeasure::Net`].
    pub measure: CellMeasure,
    /// Every placement of the seats reviewed with more than one open cell,
    /// in order.
    pub decisions: Vec<ReviewedPlacement>,
    /// Value lost by each seat, summed.
    pub points_lost: Vec<f64>,
}

/// Replays a game from its record and judges each placement of `seats`
/// (every seat when empty) that had a choice, by the values `level`
/// plays by: the level's own placements cost nothing.
pub fn review(session: &Session<Game>, seats: &[Seat], level: Level, seed: u64) -> Review {
    let mut decisions = Vec::new();
    let mut points_lost = vec![0.0; session.game().rules().players()];
    session.for_each_action(|index, game, &action| {
        let Some(seat) = game.current_player() else {
            return;
        };
        if !seats.is_empty() && !seats.contains(&seat) {
            return;
        }
        let obs = game.observation(seat);
        let (Some(card), true) = (obs.card, obs.legal.len() > 1) else {
            return;
        };
        let Ok(values) = ranked(level, &obs, seed) else {
            return;
        };
        let chosen = values
            .iter()
            .find(|(cell, _)| Action::Place(*cell) == action);
        if let (Some(&(best, best_value)), Some(&(_, chosen_value))) = (values.first(), chosen) {
            let loss = (best_value - chosen_value).max(0.0);
            if let Some(lost) = points_lost.get_mut(seat) {
                *lost += loss;
            }
            let mut cells = Vec::with_capacity(values.len());
            for &(cell, value) in &values {
                cells.push(CellChoice {
                    cell: cell.index() as u8,
                    value,
                });
            }
            decisions.push(ReviewedPlacement {
                kind: MoveKind::Place,
                index,
                hand: game.hand_number(),
                seat,
                card,
                chosen: action,
                best: Action::Place(best),
                chosen_value,
                best_value,
                loss,
                direction: obs.direction(),
                position: Placement {
                    size: SIDE as u8,
                    grid: obs.grid,
                    card,
                    cells,
                    chosen: action.cell().index() as u8,
                    best: best.index() as u8,
                    scores: Pegs::fronts(&obs.scores),
                },
            });
        }
    });
    Review {
        game: GameKind::TableTop,
        level,
        measure: CellMeasure::Net,
        decisions,
        points_lost,
    }
}
