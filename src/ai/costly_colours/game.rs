//! Costly Colours as a member of the family ([`Game`]): the mog, aces 1 or
//! 11, game to 121, its computer players, coach, review, replay and agent.

use crate::ai::game::Game;
use crate::ai::{DecideError, Level};
use crate::games::GameKind;
use crate::games::costly_colours::{Action, Game as CostlyColours, Observation, Phase};
#[cfg(not(target_arch = "wasm32"))]
use crate::games::costly_colours::{Event, Reason, Rules};
use crate::record::Session;
use crate::table::Seat;

impl Game for CostlyColours {
    const KINDS: &'static [GameKind] = &[GameKind::CostlyColours];
    const PLAYERS: &'static [usize] = &[2];

    fn phase_name(&self) -> &'static str {
        match self.phase() {
            Phase::Mog => "mog",
            Phase::Pass => "pass",
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

    fn review(
        session: &Session<CostlyColours>,
        seats: &[Seat],
        level: Level,
        seed: u64,
    ) -> Self::Review {
        super::coach::review(session, seats, level, seed)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tell(session: &Session<CostlyColours>) -> String {
        super::tell::tell(session)
    }

    #[cfg(not(target_arch = "wasm32"))]
    const POINT_KINDS: &'static [&'static str] = &["jack_or_two_turned", "mog", "show", "play"];

    /// A jack or two turned, the mog (refusals and cards passed), the
    /// shows, the play (one for last included).
    #[cfg(not(target_arch = "wasm32"))]
    fn tally(&self) -> crate::ai::matches::Tally {
        let mut tally = crate::ai::matches::Tally {
            points: vec![0; 4],
            first_dealer: self.first_dealer(),
            ..Default::default()
        };
        for event in crate::games::State::events(self) {
            match event {
                Event::Deal { .. } => tally.hands += 1,
                Event::Pegged(peg) => {
                    let kind = match peg.reason {
                        Reason::JackOrTwoTurned { .. } => 0,
                        Reason::MogRefused { .. } | Reason::Passed { .. } => 1,
                        Reason::Show => 2,
                        Reason::Play { .. } | Reason::Last { .. } => 3,
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
        Some(Box::new(super::agent::CostlyAgent::new(level, seed)))
    }
}
