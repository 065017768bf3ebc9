//! Noddy's coach and post-game review: every card that may be laid, with
//! what it makes now (in the words the table says) and what it is worth to
//! the end of the series as a level sees it; and, after a game, each
//! decision with what it cost in points, and the table as it stood.
//!
//! A cost is in the game's points and bounded by what the choice can
//! change: each card is priced by [`Worth::points`] (points for the seat
//! less the other's to the end of the hand, each side's counted up to the
//! game hole), so no choice costs more than the points the two players
//! still need between them.
//!
//! ```
//! use cribbage::ai::Level;
//! use cribbage::ai::noddy::{self, coach};
//! use cribbage::games::noddy::{Game, Rules};
//! use cribbage::record::Session;
//! use cribbage::games::State as _;
//!
//! let mut session = Session::new(Game::new(Rules::default(), 5));
//! while let Some(seat) = session.game().current_player() {
//!     let obs = session.game().observation(seat);
//!     let level = if seat == 0 { Level::Hard } else { Level::Easy };
//!     session.apply(noddy::decide(level, &obs, 7)?).unwrap();
//! }
//! let review = coach::review(&session, &[1], Level::Hard, 7);
//! for d in &review.decisions {
//!     let [mine, theirs] = [d.position.scores[1], d.position.scores[0]].map(|s| 31 - s);
//!     assert!(d.loss >= 0.0 && d.loss <= f64::from(mine + theirs));
//! }
//! # Ok::<(), cribbage::ai::DecideError>(())
//! ```

use super::{Choice, Rng, decision_seed, weighed};
use crate::ai::review::Position;
use crate::ai::{DecideError, Level, Worth};
use crate::cards::Card;
use crate::games::GameKind;
use crate::games::State as _;
use crate::games::noddy::score;
use crate::games::noddy::{Action, Game, Observation, Pegs, Seat};
use crate::record::Session;
use crate::table::Goal;
use serde::Serialize;

/// One card that may be laid, valued.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayAdvice {
    /// The action to take.
    pub action: Action,
    /// The card.
    pub card: Card,
    /// What it scores as it is laid.
    pub now: u8,
    /// What it makes, in the words the table says ("fifteen two", "and a
    /// pair is four"); empty when it makes nothing.
    pub said: Vec<String>,
    /// How the level ranks it ([`Worth::rank`]): points for the seat less
    /// the other's (Easy: the points now), a win or loss at 31 counted as
    /// ±1,000. Only an order: never a price.
    pub value: f64,
    /// What it is worth in points ([`Worth::points`]): points for the seat
    /// less the other's to the end of the hand, each side's counted up to
    /// 31 (Easy: the points it scores now).
    pub points: f64,
}

/// What the seat can do now, each option valued, best first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Analysis {
    /// Every card that may be laid.
    Play {
        /// The level that valued them.
        level: Level,
        /// How many hands the other player may hold the level played the
        /// series out against: every one that fits what was seen (and,
        /// from Hard up, heard) when there are few, else a uniform sample
        /// of them; within Hard's budget of hands read
        /// ([`super::HARD_READS`]), fewer when few sound as heard. None
        /// for Easy, which weighs the points now.
        hands_that_fit: usize,
        /// Best first, as the level ranks them.
        options: Vec<PlayAdvice>,
    },
    /// Nothing to choose: a forced go, or a single card.
    Nothing,
}

/// Every option open to the seat, valued as `level` values them. `seed`
/// fixes the samples, as it does a bot's.
///
/// # Errors
/// [`DecideError::NotYourTurn`] when the seat is not to act.
pub fn analyze(obs: &Observation, level: Level, seed: u64) -> Result<Analysis, DecideError> {
    if obs.to_act != Some(obs.seat) {
        return Err(DecideError::NotYourTurn);
    }
    if obs.legal.len() < 2 {
        return Ok(Analysis::Nothing);
    }
    let mut rng = Rng::new(decision_seed(seed, level as u64, obs));
    let pile = obs.pile_cards();
    let (weighed, hands_that_fit) = weighed(obs, level, &mut rng, true);
    let options = weighed
        .into_iter()
        .map(|(Choice { card, now, .. }, Worth { rank, points })| {
            let mut after = pile.clone();
            after.push(card);
            let said = score::play_score(&after)
                .map(|c| c.steps().into_iter().map(|s| s.phrase).collect())
                .unwrap_or_default();
            PlayAdvice {
                action: Action::Play(card),
                card,
                now,
                said,
                value: rank,
                points: points.unwrap_or(rank),
            }
        })
        .collect();
    Ok(Analysis::Play {
        level,
        hands_that_fit,
        options,
    })
}

/// One decision, reviewed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewedDecision {
    /// Its position in the game's list of actions, from 0.
    pub index: usize,
    /// The hand of the game.
    pub hand: u16,
    /// Who decided.
    pub seat: Seat,
    /// What the player laid.
    pub chosen: Action,
    /// What the level would have laid.
    pub best: Action,
    /// The points the choice made was worth ([`PlayAdvice::points`]).
    pub chosen_value: f64,
    /// The points the level's choice was worth.
    pub best_value: f64,
    /// best − chosen, in points; nothing when the choice made was worth as
    /// much or more. Never more than the points the two players still
    /// needed between them.
    pub loss: f64,
    /// The table as the player saw it: the cards held, the play and its
    /// count, the turn-up (as `starter`) and both scores.
    pub position: Position,
}

/// A whole game reviewed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Review {
    /// The game: `noddy`, so a page shows the review as this game's.
    pub game: GameKind,
    /// The level that judged.
    pub level: Level,
    /// What the target is for: always `reach` (the first there wins), as
    /// every game's review says, so a page words a review from its goal.
    pub goal: Goal,
    /// Every decision of the seats reviewed that had a choice, in order.
    pub decisions: Vec<ReviewedDecision>,
    /// Points lost by each seat, summed.
    pub points_lost: Vec<f64>,
}

/// The table as `obs` shows it: what a review row opens.
fn position(obs: &Observation) -> Position {
    Position {
        hand: obs.hand.to_vec(),
        pile: obs.pile_cards(),
        count: obs.count,
        starter: obs.turnup,
        scores: Pegs::fronts(&obs.scores),
        counted: None,
    }
}

/// Replays a game from its record and judges each decision of `seats`
/// (both when empty) that had more than one option: the level's own choice
/// (its first) against the one made, each priced in points.
pub fn review(session: &Session<Game>, seats: &[Seat], level: Level, seed: u64) -> Review {
    let mut decisions = Vec::new();
    let mut points_lost = vec![0.0; 2];
    session.for_each_action(|index, game, &action| {
        let Some(seat) = game.current_player() else {
            return;
        };
        if !seats.is_empty() && !seats.contains(&seat) {
            return;
        }
        let obs = game.observation(seat);
        let Ok(Analysis::Play { options, .. }) = analyze(&obs, level, seed) else {
            return;
        };
        let best = options.first();
        let chosen = options.iter().find(|o| o.action == action);
        if let (Some(best), Some(chosen)) = (best, chosen) {
            let loss = (best.points - chosen.points).max(0.0);
            if let Some(lost) = points_lost.get_mut(seat) {
                *lost += loss;
            }
            decisions.push(ReviewedDecision {
                index,
                hand: game.hand_number(),
                seat,
                chosen: action,
                best: best.action,
                chosen_value: chosen.points,
                best_value: best.points,
                loss,
                position: position(&obs),
            });
        }
    });
    Review {
        game: GameKind::Noddy,
        level,
        goal: Goal::Reach,
        decisions,
        points_lost,
    }
}
