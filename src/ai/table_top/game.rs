//! Table Top Cribbage as a member of the family ([`Game`]): two players,
//! or four in partnerships, its computer players, coach, review and
//! replay.

use crate::ai::game::Game;
use crate::ai::{DecideError, Level};
use crate::games::GameKind;
#[cfg(not(target_arch = "wasm32"))]
use crate::games::table_top::layout::Direction;
use crate::games::table_top::{Action, Game as TableTop, Observation, Phase, Rules};
#[cfg(not(target_arch = "wasm32"))]
use crate::games::table_top::{Event, Reason};
use crate::record::Session;
use crate::table::Seat;

impl Game for TableTop {
    const KINDS: &'static [GameKind] = &[GameKind::TableTop];
    const PLAYERS: &'static [usize] = &[2, 4];

    /// Four are seated by the draw ([`Rules::new`]); any number the game
    /// is not for takes the defaults, and its rules then refuse it.
    fn default_rules_for(_kind: GameKind, players: usize) -> Rules {
        u8::try_from(players)
            .ok()
            .and_then(|players| Rules::new(players).ok())
            .unwrap_or_default()
    }

    fn phase_name(&self) -> &'static str {
        match self.phase() {
            Phase::Place => "place",
            Phase::Over => "over",
        }
    }

    type Analysis = super::coach::Analysis;
    type Review = super::coach::Review;

    /// Easy, Medium and Hard as [`crate::ai::table_top`] plays them;
    /// Expert plays as Hard.
    fn decide(level: Level, obs: &Observation, seed: u64) -> Result<Action, DecideError> {
        super::decide(level, obs, seed)
    }

    fn analyze(level: Level, obs: &Observation, seed: u64) -> Result<Self::Analysis, DecideError> {
        super::coach::analyze(obs, level, seed)
    }

    fn review(
        session: &Session<TableTop>,
        seats: &[Seat],
        level: Level,
        seed: u64,
    ) -> Self::Review {
        super::coach::review(session, seats, level, seed)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tell(session: &Session<TableTop>) -> String {
        super::tell::tell(session)
    }

    /// Four are partnered by the draw, not by their seats' parity.
    #[cfg(not(target_arch = "wasm32"))]
    fn seat_side(&self, seat: Seat) -> crate::table::Side {
        self.side_of(seat)
    }

    #[cfg(not(target_arch = "wasm32"))]
    const POINT_KINDS: &'static [&'static str] = &["rows", "columns"];

    #[cfg(not(target_arch = "wasm32"))]
    fn tally(&self) -> crate::ai::matches::Tally {
        let mut tally = crate::ai::matches::Tally {
            points: vec![0; 2],
            first_dealer: self.side_of(self.first_dealer()),
            ..Default::default()
        };
        for event in crate::games::State::events(self) {
            match event {
                Event::Deal { .. } => tally.hands += 1,
                Event::Pegged(peg) => {
                    let Reason::Line { line } = peg.reason;
                    let kind = usize::from(line.direction() == Direction::Columns);
                    tally.points[kind] += u64::from(peg.points);
                }
                _ => {}
            }
        }
        tally
    }
}
