//! Cribbage Solitaire's players by level, its coach and its review.
//!
//! The levels map onto the advisor's policies: **Easy** plays
//! [`Policy::Greedy`] (keeps the best hand, blind to the crib); **Medium**,
//! **Hard** and **Expert** play the advisor, whose values are exact and
//! cheap (fifteen lay-aways, each crib over every pair of unseen cards), so
//! there is nothing to trade for speed. The coach and the review read the
//! advisor's exact table at every level.
//!
//! ```
//! use cribbage::ai::Level;
//! use cribbage::ai::solitaire::coach;
//! use cribbage::games::solitaire::{Game, Rules};
//! use cribbage::record::Session;
//! use cribbage::games::State as _;
//!
//! let mut session = Session::new(Game::new(Rules::default(), 3));
//! let coach::Analysis::LayAway { options, .. } =
//!     coach::analyze(&session.game().observation(0), Level::Hard)?;
//! assert_eq!(options.len(), 15);
//! session.apply(options[0].action).unwrap();
//! assert_eq!(coach::review(&session, &[], Level::Hard).decisions[0].loss, 0.0);
//! # Ok::<(), cribbage::ai::DecideError>(())
//! ```

use super::{LayAwayValue, lay_away_values};
use crate::ai::{DecideError, Level, Policy};
use crate::cards::{Card, CardSet};
use crate::games::GameKind;
use crate::games::State as _;
use crate::games::solitaire::{Action, Game, MoveKind, Observation};
use crate::record::Session;
use crate::table::Seat;
use serde::Serialize;

/// The lay-away a player of `level` makes (see the module docs).
///
/// # Errors
/// [`DecideError::NotYourTurn`] when the seat is not to act;
/// [`DecideError::NoLegalAction`] when there is nothing to lay away.
pub fn decide(level: Level, obs: &Observation, seed: u64) -> Result<Action, DecideError> {
    let policy = match level {
        Level::Easy => Policy::Greedy,
        Level::Medium | Level::Hard | Level::Expert | Level::ExpertV1 | Level::Baseline => {
            Policy::Advisor
        }
    };
    super::decide(policy, obs, seed)
}

/// The fifteen lay-aways, valued.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Analysis {
    /// Which two of the six go to the crib.
    LayAway {
        /// The level that asked (the values are the advisor's, exact).
        level: Level,
        /// The deal, 1 to 6.
        deal: u8,
        /// The starter the hand and the crib are counted with.
        starter: Card,
        /// The pairs of unseen cards the crib's two face-down cards may
        /// be, every one alike: what each crib value averages.
        cribs: usize,
        /// Each lay-away with the hand's exact count and the crib's exact
        /// expectation, best total first.
        options: Vec<LayAwayValue>,
    },
}

/// The advisor's table for the seat's lay-away.
///
/// # Errors
/// [`DecideError::NotYourTurn`] when the seat is not to act;
/// [`DecideError::NoLegalAction`] when there is nothing to lay away.
pub fn analyze(obs: &Observation, level: Level) -> Result<Analysis, DecideError> {
    if obs.to_act != Some(obs.seat) {
        return Err(DecideError::NotYourTurn);
    }
    let starter = obs.starter.ok_or(DecideError::NoLegalAction)?;
    let unseen = obs.unseen().len();
    Ok(Analysis::LayAway {
        level,
        deal: obs.deal,
        starter,
        cribs: unseen * unseen.saturating_sub(1) / 2,
        options: lay_away_values(obs)?,
    })
}

/// The cards dealt face down to a deal's crib before the lay-away (the
/// rules README: three to the hand, two to the crib, three more).
const CRIB_DEALT: u8 = 2;

/// A lay-away as the player saw it: what its review row opens.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LayAwayPosition {
    /// The six cards.
    pub hand: CardSet,
    /// The cards already in the crib, face down: the two dealt to it.
    pub crib: u8,
    /// The starter.
    pub starter: Card,
    /// The points made before this deal.
    pub score: u16,
    /// The fifteen lay-aways with the hand's count, the crib's expectation
    /// and their total, best first, as the coach showed them.
    pub options: Vec<LayAwayValue>,
}

/// One lay-away, reviewed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewedLayAway {
    /// What the decision is, as the game's moves name it: `lay`, two
    /// cards laid away to the crib (a page tables the review by it).
    pub kind: MoveKind,
    /// Its position in the game's list of actions, from 0.
    pub index: usize,
    /// Who laid away: seat 0, the game's one player (every game's reviewed
    /// decisions name their seat, so a page picks a player's own alike).
    pub seat: Seat,
    /// The deal, 1 to 6.
    pub deal: u8,
    /// What the player laid away.
    pub chosen: Action,
    /// What the advisor would have.
    pub best: Action,
    /// Hand plus expected crib of the choice made.
    pub chosen_value: f64,
    /// Hand plus expected crib of the best.
    pub best_value: f64,
    /// best − chosen (never negative).
    pub loss: f64,
    /// The six cards, the crib and the starter, with every lay-away valued.
    pub position: LayAwayPosition,
}

/// A whole game reviewed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Review {
    /// The game: `solitaire`, so a page lays the review out as this
    /// game's.
    pub game: GameKind,
    /// The level that asked.
    pub level: Level,
    /// Each of the six lay-aways, in order.
    pub decisions: Vec<ReviewedLayAway>,
    /// The expected points lost, summed (one seat: a list of one, as the
    /// other games' reviews list each seat's).
    pub points_lost: Vec<f64>,
}

/// Replays a game from its record and judges each lay-away against the
/// advisor's exact table. `seats` is `[]` or `[0]`: the game has one player.
pub fn review(session: &Session<Game>, seats: &[Seat], level: Level) -> Review {
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
        let (Some(starter), Ok(values)) = (obs.starter, lay_away_values(&obs)) else {
            return;
        };
        let best = values.first();
        let chosen = values.iter().find(|v| v.action == action);
        if let (Some(best), Some(chosen)) = (best, chosen) {
            let loss = (best.total - chosen.total).max(0.0);
            lost += loss;
            decisions.push(ReviewedLayAway {
                kind: MoveKind::Lay,
                index,
                seat,
                deal: obs.deal,
                chosen: action,
                best: best.action,
                chosen_value: chosen.total,
                best_value: best.total,
                loss,
                position: LayAwayPosition {
                    hand: obs.hand,
                    crib: CRIB_DEALT,
                    starter,
                    score: obs.score,
                    options: values.clone(),
                },
            });
        }
    });
    Review {
        game: GameKind::Solitaire,
        level,
        decisions,
        points_lost: vec![lost],
    }
}
