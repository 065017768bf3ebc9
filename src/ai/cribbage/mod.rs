//! Standard and reverse cribbage as a member of the family ([`Game`]): one
//! type for both (the rules name the goal), two to four players.
//!
//! The computer players, the coach and the review themselves are at the
//! root of [`crate::ai`] (cribbage's AI came first); here is what the
//! family's generic layers ask of the game besides: its replay's words
//! (`tell`), its strength matches and its agent protocol.

#[cfg(not(target_arch = "wasm32"))]
mod agent;
#[cfg(not(target_arch = "wasm32"))]
mod matches;
#[cfg(not(target_arch = "wasm32"))]
mod tell;

use crate::ai::game::Game;
use crate::ai::{DecideError, Level};
use crate::games::GameKind;
use crate::games::cribbage::{Action, Game as Cribbage, Observation, Phase, Rules};
use crate::record::Session;
use crate::table::Seat;

impl Game for Cribbage {
    const KINDS: &'static [GameKind] = &[GameKind::Cribbage, GameKind::Reverse];
    const PLAYERS: &'static [usize] = &[2, 3, 4];

    /// Two players to 121; reverse cribbage's goal is to avoid it.
    fn default_rules(kind: GameKind) -> Rules {
        match kind {
            GameKind::Reverse => Rules::default().reverse(),
            _ => Rules::default(),
        }
    }

    fn phase_name(&self) -> &'static str {
        match self.phase() {
            Phase::Cut => "cut",
            Phase::Discard => "discard",
            Phase::Play => "play",
            Phase::Claim => "claim",
            Phase::Muggins => "muggins",
            Phase::Over => "over",
        }
    }

    type Analysis = crate::ai::coach::Analysis;
    type Review = crate::ai::review::Review;

    fn decide(level: Level, obs: &Observation, seed: u64) -> Result<Action, DecideError> {
        crate::ai::decide(level, obs, seed)
    }

    fn analyze(level: Level, obs: &Observation, seed: u64) -> Result<Self::Analysis, DecideError> {
        crate::ai::coach::analyze(obs, level, seed)
    }

    fn review(
        session: &Session<Cribbage>,
        seats: &[Seat],
        level: Level,
        seed: u64,
    ) -> Self::Review {
        crate::ai::review::review_session(session, seats, level, seed)
    }

    /// Two-player standard cribbage's, from the win-probability model.
    fn chances(session: &Session<Cribbage>) -> Option<Vec<crate::ai::winprob::ChancePoint>> {
        crate::ai::winprob::history(session.game())
    }

    fn prepare() {
        crate::ai::prepare();
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tell(session: &Session<Cribbage>) -> String {
        tell::tell(session)
    }

    #[cfg(not(target_arch = "wasm32"))]
    const POINT_KINDS: &'static [&'static str] = &["play", "hands", "cribs", "heels"];

    #[cfg(not(target_arch = "wasm32"))]
    fn tally(&self) -> crate::ai::matches::Tally {
        use crate::count::ShowKind;
        use crate::games::cribbage::{Event, Reason};
        let rules = crate::games::State::rules(self);
        let mut tally = crate::ai::matches::Tally {
            points: vec![0; 4],
            ..Default::default()
        };
        let mut first = None;
        for event in crate::games::State::events(self) {
            match event {
                Event::Deal { dealer, .. } => {
                    tally.hands += 1;
                    first.get_or_insert(*dealer);
                }
                Event::Pegged(peg) => {
                    let kind = match peg.reason {
                        Reason::Play { .. } | Reason::Last { .. } => 0,
                        Reason::Show {
                            kind: ShowKind::Hand,
                            ..
                        } => 1,
                        Reason::Show {
                            kind: ShowKind::Crib,
                            ..
                        } => 2,
                        Reason::Heels { .. } | Reason::Muggins { .. } => 3,
                    };
                    tally.points[kind] += u64::from(peg.points);
                }
                _ => {}
            }
        }
        tally.first_dealer = rules.side_of(first.unwrap_or(0));
        tally
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn play_match(spec: &crate::ai::matches::Spec<Cribbage>) -> Option<Result<String, String>> {
        Some(matches::play_match(spec))
    }

    /// Two players, standard or reverse, to the rules' target.
    #[cfg(not(target_arch = "wasm32"))]
    fn agent(
        rules: Rules,
        level: Level,
        seed: u64,
    ) -> Option<Box<dyn crate::ai::agent::LinePlayer>> {
        Some(Box::new(agent::Agent::new(level, seed, rules)))
    }
}
