//! Cribbage Square Solitaire as a member of the family ([`Game`]): one
//! player, its advisor, coach, review, replay and `solve` policies.

use crate::ai::game::Game;
use crate::ai::{DecideError, Level, Policy};
use crate::games::GameKind;
#[cfg(not(target_arch = "wasm32"))]
use crate::games::square_solitaire::Event;
use crate::games::square_solitaire::{Action, Game as Square, Observation, Phase};
use crate::record::Session;
use crate::table::Seat;

impl Game for Square {
    const KINDS: &'static [GameKind] = &[GameKind::SquareSolitaire];
    const PLAYERS: &'static [usize] = &[1];

    fn phase_name(&self) -> &'static str {
        match self.phase() {
            Phase::Place => "place",
            Phase::Over => "over",
        }
    }

    type Analysis = super::coach::Analysis;
    type Review = super::coach::Review;

    /// Easy: greedy; Medium: the advisor on a sample small enough for a
    /// quick move; Hard and Expert: the advisor's full table
    /// ([`super::coach`]).
    fn decide(level: Level, obs: &Observation, seed: u64) -> Result<Action, DecideError> {
        super::coach::decide(level, obs, seed)
    }

    fn analyze(level: Level, obs: &Observation, seed: u64) -> Result<Self::Analysis, DecideError> {
        super::coach::analyze(obs, level, seed)
    }

    fn review(session: &Session<Square>, seats: &[Seat], level: Level, seed: u64) -> Self::Review {
        super::coach::review(session, seats, level, seed)
    }

    fn solve(policy: Policy, obs: &Observation, seed: u64) -> Option<Result<Action, DecideError>> {
        Some(super::decide(policy, obs, seed))
    }

    #[cfg(not(target_arch = "wasm32"))]
    const SCORE_LINES: &'static [(&'static str, u16)] =
        &[("win_rate", crate::games::square_solitaire::WIN)];

    #[cfg(not(target_arch = "wasm32"))]
    fn tell(session: &Session<Square>) -> String {
        super::tell::tell(session)
    }

    #[cfg(not(target_arch = "wasm32"))]
    const POINT_KINDS: &'static [&'static str] = &["heels", "lines"];

    #[cfg(not(target_arch = "wasm32"))]
    fn tally(&self) -> crate::ai::matches::Tally {
        let mut tally = crate::ai::matches::Tally {
            hands: 1,
            points: vec![0; 2],
            first_dealer: 0,
        };
        for event in crate::games::State::events(self) {
            match event {
                Event::Heels { points, .. } => tally.points[0] += u64::from(*points),
                Event::LineCounted { count, .. } => {
                    tally.points[1] += u64::from(count.score.total);
                }
                _ => {}
            }
        }
        tally
    }
}
