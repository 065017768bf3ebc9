//! Cribbage Solitaire as a member of the family ([`Game`]): one player, its
//! advisor, coach, review, replay and `solve` policies.

use crate::ai::game::Game;
use crate::ai::{DecideError, Level, Policy};
use crate::games::GameKind;
use crate::games::solitaire::{Action, Game as Solitaire, Observation, Phase};
#[cfg(not(target_arch = "wasm32"))]
use crate::games::solitaire::{Event, Shown};
use crate::record::Session;
use crate::table::Seat;

impl Game for Solitaire {
    const KINDS: &'static [GameKind] = &[GameKind::Solitaire];
    const PLAYERS: &'static [usize] = &[1];

    fn phase_name(&self) -> &'static str {
        match self.phase() {
            Phase::LayAway => "lay_away",
            Phase::Over => "over",
        }
    }

    type Analysis = super::coach::Analysis;
    type Review = super::coach::Review;

    /// Easy: greedy (the best hand, blind to the crib); Medium to Expert:
    /// the advisor, exact ([`super::coach`]).
    fn decide(level: Level, obs: &Observation, seed: u64) -> Result<Action, DecideError> {
        super::coach::decide(level, obs, seed)
    }

    fn analyze(level: Level, obs: &Observation, _seed: u64) -> Result<Self::Analysis, DecideError> {
        super::coach::analyze(obs, level)
    }

    fn review(
        session: &Session<Solitaire>,
        seats: &[Seat],
        level: Level,
        _seed: u64,
    ) -> Self::Review {
        super::coach::review(session, seats, level)
    }

    fn solve(policy: Policy, obs: &Observation, seed: u64) -> Option<Result<Action, DecideError>> {
        Some(super::decide(policy, obs, seed))
    }

    #[cfg(not(target_arch = "wasm32"))]
    const SCORE_LINES: &'static [(&'static str, u16)] = &[
        ("win_rate", crate::games::solitaire::WIN),
        ("double_game_rate", crate::games::solitaire::DOUBLE),
    ];

    #[cfg(not(target_arch = "wasm32"))]
    fn tell(session: &Session<Solitaire>) -> String {
        super::tell::tell(session)
    }

    #[cfg(not(target_arch = "wasm32"))]
    const POINT_KINDS: &'static [&'static str] = &["heels", "hands", "cribs", "last_four"];

    #[cfg(not(target_arch = "wasm32"))]
    fn tally(&self) -> crate::ai::matches::Tally {
        let mut tally = crate::ai::matches::Tally {
            points: vec![0; 4],
            ..Default::default()
        };
        for event in crate::games::State::events(self) {
            match event {
                Event::Deal { .. } => tally.hands += 1,
                Event::Heels { points, .. } => tally.points[0] += u64::from(*points),
                Event::Counted(c) => {
                    let kind = match c.what {
                        Shown::Hand => 1,
                        Shown::Crib => 2,
                        Shown::LastFour => 3,
                    };
                    tally.points[kind] += u64::from(c.points);
                }
                _ => {}
            }
        }
        tally
    }
}
