//! Cribbage Square Solitaire's players by level, its coach and its review.
//!
//! The levels map onto the advisor's policies:
//!
//! - **Easy** plays [`Policy::Greedy`]: the cell that scores most now.
//! - **Medium** plays the advisor on [`MEDIUM_ROLLOUTS`] sampled sequences
//!   of the cards to come, within [`MEDIUM_BUDGET`] grids played out: a
//!   little noisier than the full table.
//! - **Hard**, **Expert** (and the Baseline yardstick) play the advisor's
//!   full table, [`ROLLOUTS`] sequences, within [`BUDGET`] grids played
//!   out (see [`cell_table_within`]).
//!
//! The budgets are the levels' deadline, counted in work rather than time
//! so that a seed replays the same on any machine.
//!
//! The coach and the review read the same table the level plays by (Easy
//! and Medium: Medium's; greedy values no cell by its expected score), so
//! at Medium and up the coach's best is the level's own choice.
//!
//! ```
//! use cribbage::ai::Level;
//! use cribbage::ai::square_solitaire::coach;
//! use cribbage::games::square_solitaire::{Game, Rules};
//! use cribbage::record::Session;
//! use cribbage::games::State as _;
//!
//! let mut session = Session::new(Game::new(Rules::default(), 3));
//! let coach::Analysis::Place { options, .. } =
//!     coach::analyze(&session.game().observation(0), Level::Medium, 1)?;
//! assert_eq!(options.len(), 16);
//! session.apply(options[0].action).unwrap();
//! let review = coach::review(&session, &[], Level::Medium, 1);
//! assert_eq!(review.decisions[0].loss, 0.0);
//! # Ok::<(), cribbage::ai::DecideError>(())
//! ```

use super::{BUDGET, ROLLOUTS, cell_table_within};
use crate::ai::review::{CellChoice, CellMeasure, CellOption, Placement};
use crate::ai::{DecideError, Level, Policy};
use crate::cards::Card;
use crate::games::GameKind;
use crate::games::State as _;
use crate::games::square_solitaire::{Action, Game, MoveKind, Observation, SIDE};
use crate::record::Session;
use crate::table::Seat;
use serde::Serialize;

/// Sequences of the cards to come Medium plays out for each cell.
pub const MEDIUM_ROLLOUTS: usize = 150;

/// Grids Medium may play out for one decision, over every cell: its
/// deadline, as [`BUDGET`] is Hard's.
pub const MEDIUM_BUDGET: usize = 200;

/// The sequences a level's table averages over (Easy: Medium's).
pub fn rollouts(level: Level) -> usize {
    match level {
        Level::Easy | Level::Medium => MEDIUM_ROLLOUTS,
        Level::Hard | Level::Expert | Level::ExpertV1 | Level::Baseline => ROLLOUTS,
    }
}

/// The grids a level's table may play out in all (Easy: Medium's).
pub fn budget(level: Level) -> usize {
    match level {
        Level::Easy | Level::Medium => MEDIUM_BUDGET,
        Level::Hard | Level::Expert | Level::ExpertV1 | Level::Baseline => BUDGET,
    }
}

/// The placement a player of `level` makes (see the module docs).
///
/// # Errors
/// [`DecideError::NotYourTurn`] when the seat is not to act;
/// [`DecideError::NoLegalAction`] when there is no card to place.
pub fn decide(level: Level, obs: &Observation, seed: u64) -> Result<Action, DecideError> {
    if level == Level::Easy {
        return super::decide(Policy::Greedy, obs, seed);
    }
    if obs.to_act != Some(obs.seat) {
        return Err(DecideError::NotYourTurn);
    }
    cell_table_within(obs, seed, rollouts(level), budget(level))?
        .values
        .first()
        .map(|v| v.action)
        .ok_or(DecideError::NoLegalAction)
}

/// Every empty cell the card may go to, valued.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Analysis {
    /// Where the card in hand may go.
    Place {
        /// The level whose table this is.
        level: Level,
        /// The card to place.
        card: Card,
        /// The grid's size (4): its cells are `size` × `size`.
        size: u8,
        /// What the values are: [`CellMeasure::Expected`].
        measure: CellMeasure,
        /// The sequences of the cards to come each value averages.
        samples: usize,
        /// Every empty cell with its expected final score, best first.
        options: Vec<CellOption<Action>>,
    },
}

/// Every empty cell valued by `level`'s table; `seed` fixes the samples as
/// it does a player's.
///
/// # Errors
/// [`DecideError::NotYourTurn`] when the seat is not to act;
/// [`DecideError::NoLegalAction`] when there is no card to place.
pub fn analyze(obs: &Observation, level: Level, seed: u64) -> Result<Analysis, DecideError> {
    if obs.to_act != Some(obs.seat) {
        return Err(DecideError::NotYourTurn);
    }
    let card = obs.card.ok_or(DecideError::NoLegalAction)?;
    let table = cell_table_within(obs, seed, rollouts(level), budget(level))?;
    Ok(Analysis::Place {
        level,
        card,
        size: SIDE as u8,
        measure: CellMeasure::Expected,
        samples: table.samples,
        options: table
            .values
            .iter()
            .map(|v| CellOption::new(v.action, v.cell, SIDE, v.expected))
            .collect(),
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
    /// Who placed: seat 0, the game's one player (every game's reviewed
    /// decisions name their seat, so a page picks a player's own alike).
    pub seat: Seat,
    /// The card placed.
    pub card: Card,
    /// Where the player put it.
    pub chosen: Action,
    /// Where the level would have.
    pub best: Action,
    /// The expected final score of the choice made.
    pub chosen_value: f64,
    /// The expected final score of the best cell.
    pub best_value: f64,
    /// best − chosen (never negative).
    pub loss: f64,
    /// The grid as the player saw it, the card, and every empty cell with
    /// the grid's expected final score if the card goes there.
    pub position: Placement,
}

/// A whole game reviewed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Review {
    /// The game: `square-solitaire`, so a page lays the review out as
    /// this game's.
    pub game: GameKind,
    /// The level that judged.
    pub level: Level,
    /// What the values are: [`CellMeasure::Expected`].
    pub measure: CellMeasure,
    /// Every placement with more than one empty cell, in order.
    pub decisions: Vec<ReviewedPlacement>,
    /// The expected points lost, summed (one seat: a list of one, as the
    /// other games' reviews list each seat's).
    pub points_lost: Vec<f64>,
}

/// Replays a game from its record and judges each placement that had a
/// choice, by `level`'s table (the last card, with one cell left, has
/// none). `seats` is `[]` or `[0]`: the game has one player.
pub fn review(session: &Session<Game>, seats: &[Seat], level: Level, seed: u64) -> Review {
    let mut decisions = Vec::new();
    let mut lost = 0.0;
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
        let Ok(table) = cell_table_within(&obs, seed, rollouts(level), budget(level)) else {
            return;
        };
        let best = table.values.first();
        let chosen = table.values.iter().find(|v| v.action == action);
        if let (Some(best), Some(chosen)) = (best, chosen) {
            let loss = (best.expected - chosen.expected).max(0.0);
            lost += loss;
            let mut cells = Vec::with_capacity(table.values.len());
            for v in &table.values {
                cells.push(CellChoice {
                    cell: v.cell as u8,
                    value: v.expected,
                });
            }
            decisions.push(ReviewedPlacement {
                kind: MoveKind::Place,
                index,
                seat,
                card,
                chosen: action,
                best: best.action,
                chosen_value: chosen.expected,
                best_value: best.expected,
                loss,
                position: Placement {
                    size: SIDE as u8,
                    grid: obs.grid.to_vec(),
                    card,
                    cells,
                    chosen: chosen.cell as u8,
                    best: best.cell as u8,
                    scores: Vec::new(),
                },
            });
        }
    });
    Review {
        game: GameKind::SquareSolitaire,
        level,
        measure: CellMeasure::Expected,
        decisions,
        points_lost: vec![lost],
    }
}
