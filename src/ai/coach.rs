//! The coach: every option open to a seat, with the numbers a level weighs.
//!
//! The page's hint and analysis views render these tables; everything here
//! serializes with serde.

use super::discard::{self, DiscardOption};
use super::pegging::{self, PlayOption};
use super::{DecideError, Level};
use crate::games::cribbage::Observation;
use crate::games::cribbage::Phase;
use crate::table::Goal;
use serde::{Deserialize, Serialize};

/// What a seat can do now, each option valued, best first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Analysis {
    /// Every way to lay away.
    Discard {
        /// The level that valued them.
        level: Level,
        /// Best first.
        options: Vec<DiscardOption>,
        /// The points the seat's side still needs to reach the target: the
        /// coach's words ("you need 9 to go out") read it here.
        #[serde(default)]
        to_go: u16,
        /// What the target is for, as the rules say (`avoid` in reverse
        /// cribbage, where points are what a player avoids): the coach's
        /// words read it here rather than know the game by its name.
        #[serde(default)]
        goal: Goal,
    },
    /// Every card that may be laid.
    Play {
        /// The level that valued them.
        level: Level,
        /// Best first.
        options: Vec<PlayOption>,
        /// As in [`Analysis::Discard`].
        #[serde(default)]
        to_go: u16,
        /// As in [`Analysis::Discard`].
        #[serde(default)]
        goal: Goal,
    },
    /// (Muggins) the count to claim.
    Claim {
        /// What the hand or crib holds.
        points: u8,
    },
    /// (Muggins) a claim to call or let stand.
    Muggins {
        /// What the owner claimed.
        claimed: u8,
        /// What the hand or crib holds: the count to name when calling.
        points: u8,
    },
    /// Nothing to choose: a forced "go", or not the seat's turn.
    Nothing,
}

/// Every option open to the seat, valued as `level` values them (Hard or
/// Expert give the fullest numbers). `seed` fixes the samples of the play.
///
/// # Errors
/// [`DecideError::NotYourTurn`] when the seat is not to act.
pub fn analyze(obs: &Observation, level: Level, seed: u64) -> Result<Analysis, DecideError> {
    if !obs.is_my_turn() {
        return Err(DecideError::NotYourTurn);
    }
    Ok(match obs.phase {
        Phase::Discard => Analysis::Discard {
            level,
            options: discards(obs, level),
            to_go: obs.points_to_go(obs.side),
            goal: obs.board.goal,
        },
        Phase::Play => {
            let options = plays(obs, level, seed);
            if options.is_empty() {
                Analysis::Nothing
            } else {
                Analysis::Play {
                    level,
                    options,
                    to_go: obs.points_to_go(obs.side),
                    goal: obs.board.goal,
                }
            }
        }
        Phase::Claim => Analysis::Claim {
            points: shown_points(obs),
        },
        Phase::Muggins => Analysis::Muggins {
            claimed: obs.showing.as_ref().and_then(|s| s.claimed).unwrap_or(0),
            points: shown_points(obs),
        },
        // Any depth is as good as another: the pack's order is unknown.
        Phase::Cut | Phase::Over => Analysis::Nothing,
    })
}

/// What the hand or crib face up holds, counted from the cards and the
/// starter every player sees.
fn shown_points(obs: &Observation) -> u8 {
    super::shown_score(obs).map_or(0, |s| s.total())
}

/// Every way to lay away (15 with two players, 5 with three or four), with
/// expected hand, signed expected crib and (Expert) pegging, best first.
/// In reverse cribbage the `total` is negated (points are what the seat
/// avoids), so the first option is still the best and a higher total still
/// better.
pub fn discards(obs: &Observation, level: Level) -> Vec<DiscardOption> {
    discard::options(obs, level)
}

/// Every legal card in the play with its expected net points, best first
/// (in reverse cribbage the opponents' points less the side's: higher is
/// still better).
pub fn plays(obs: &Observation, level: Level, seed: u64) -> Vec<PlayOption> {
    pegging::options(obs, level, seed)
}
