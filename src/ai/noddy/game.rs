//! Noddy as a member of the family ([`Game`]): two players, one play to
//! 31, its computer players, coach, review, replay and agent.

use crate::ai::game::Game;
use crate::ai::{DecideError, Level};
use crate::games::GameKind;
use crate::games::noddy::{Action, Game as Noddy, Observation, Phase};
#[cfg(not(target_arch = "wasm32"))]
use crate::games::noddy::{Event, Reason, Rules};
use crate::record::Session;
use crate::table::Seat;

impl Game for Noddy {
    const KINDS: &'static [GameKind] = &[GameKind::Noddy];
    const PLAYERS: &'static [usize] = &[2];

    fn phase_name(&self) -> &'static str {
        match self.phase() {
            Phase::Play => "play",
            Phase::Over => "over",
        }
    }

    type Analysis = super::coach::Analysis;
    type Review = super::coach::Review;

    fn decide(level: Level, obs: &Observation, seed: u64) -> Result<Action, DecideError> {
        super::decide(level, obs, seed)
    }

    fn analyze(level: Level, obs: &Observation, seed: u64) -> Result<Self::Analysis, DecideError> {
        super::coach::analyze(obs, level, seed)
    }

    fn review(session: &Session<Noddy>, seats: &[Seat], level: Level, seed: u64) -> Self::Review {
        super::coach::review(session, seats, level, seed)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tell(session: &Session<Noddy>) -> String {
        super::tell::tell(session)
    }

    #[cfg(not(target_arch = "wasm32"))]
    const POINT_KINDS: &'static [&'static str] = &["jack_turned", "announced", "play"];

    #[cfg(not(target_arch = "wasm32"))]
    fn tally(&self) -> crate::ai::matches::Tally {
        let mut tally = crate::ai::matches::Tally {
            points: vec![0; 3],
            first_dealer: self.first_dealer(),
            ..Default::default()
        };
        for event in crate::games::State::events(self) {
            match event {
                Event::Deal { .. } => tally.hands += 1,
                Event::Pegged(peg) => {
                    let kind = match peg.reason {
                        Reason::JackTurned { .. } => 0,
                        Reason::Announcement => 1,
                        Reason::Play { .. } | Reason::Go { .. } => 2,
                    };
                    tally.points[kind] += u64::from(peg.points);
                }
                _ => {}
            }
        }
        tally
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn agent(
        _rules: Rules,
        level: Level,
        seed: u64,
    ) -> Option<Box<dyn crate::ai::agent::LinePlayer>> {
        Some(Box::new(super::agent::NoddyAgent::new(level, seed)))
    }
}
