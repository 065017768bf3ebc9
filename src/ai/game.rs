//! Everything a game of the family is, beyond its state machine: one trait
//! every game implements, so the generic layers (the run-time enum in
//! [`crate::family`], the command line, the wasm boundary) are written once.
//!
//! [`State`] is the rules: who acts, what is legal, what happened, what a
//! seat may know. [`Game`] adds what a player and a referee expect of a
//! game besides: its names, the tables it is played at, its computer
//! players, the coach and the post-game review, and (for the command line)
//! its invariant audit, its words for a replay, its strength matches and
//! its agent protocol. The rules and setups cross every boundary in their
//! serde forms: the `Deserialize` derives are the schema.
//!
//! A game implements it in its own room of [`crate::ai`] (`src/ai/<game>/`),
//! and one line of [`crate::family`] makes it a member of the family.

use super::{DecideError, Level, Policy};
use crate::audit::Audit;
use crate::games::{GameKind, State};
use crate::record::Session;
#[cfg(not(target_arch = "wasm32"))]
use crate::record::Step;
use crate::table::Seat;
use serde::Serialize;
use std::fmt;

/// Everything a game of the family is: see the module's documentation.
pub trait Game:
    State<Rules: Default + fmt::Display + Send + Sync, Observation: Serialize, Event: Serialize>
    + Audit
    + Send
    + Sync
    + 'static
{
    /// The games this type plays, by name: one, or (standard cribbage's
    /// type, whose rules name the goal) standard and reverse cribbage.
    const KINDS: &'static [GameKind];

    /// The numbers of players the game is for, fewest first: what a table
    /// may seat (see [`players_allowed`]).
    const PLAYERS: &'static [usize];

    /// The rules a game of `kind` is dealt under when nothing else is
    /// asked: the defaults any options given are laid over.
    fn default_rules(kind: GameKind) -> Self::Rules {
        let _ = kind;
        Self::Rules::default()
    }

    /// The rules a new game of `kind` for `players` is dealt under when
    /// nothing else is asked: [`Game::default_rules`], unless the number at
    /// the table changes what the other options mean when left out (Table
    /// Top's four begun today are seated by the draw, while a save of four
    /// that names no seating was played before the draw seated them).
    fn default_rules_for(kind: GameKind, players: usize) -> Self::Rules {
        let _ = players;
        Self::default_rules(kind)
    }

    /// The phase, as the observation names it (`"play"`, `"over"`, …): what
    /// the page's status and the benchmarks' kinds of decision read.
    fn phase_name(&self) -> &'static str;

    /// The coach's analysis of a seat's options.
    type Analysis: Serialize;

    /// A game reviewed: each decision with what it cost.
    type Review: Serialize;

    /// A computer player's action for the seat of `obs`, from that
    /// observation and its own seed alone: always one of the legal ones.
    ///
    /// # Errors
    /// [`DecideError`] when the seat cannot act.
    fn decide(
        level: Level,
        obs: &Self::Observation,
        seed: u64,
    ) -> Result<Self::Action, DecideError>;

    /// Every option open to the seat of `obs`, valued as `level` values
    /// them (the coach).
    ///
    /// # Errors
    /// [`DecideError`] when the seat is not to act.
    fn analyze(
        level: Level,
        obs: &Self::Observation,
        seed: u64,
    ) -> Result<Self::Analysis, DecideError>;

    /// Each decision of `seats` (every seat when empty) in the record,
    /// judged by `level` from the observation its seat had then.
    fn review(session: &Session<Self>, seats: &[Seat], level: Level, seed: u64) -> Self::Review;

    /// Each side's chances to win through the game so far, read from its
    /// public events (the same for every seat): the page's meter (the last
    /// point) and chart. `None` for a game or table the engine has no model
    /// of chances for (only two-player standard cribbage has one: see
    /// [`super::winprob`]).
    fn chances(session: &Session<Self>) -> Option<Vec<super::winprob::ChancePoint>> {
        let _ = session;
        None
    }

    /// Builds the tables the computer players use ahead of the first
    /// decision (a game without any has nothing to do).
    fn prepare() {}

    /// A solitaire's decision by one of its [`Policy`]s (the `solve`
    /// command's players); `None` for a game without them.
    fn solve(
        policy: Policy,
        obs: &Self::Observation,
        seed: u64,
    ) -> Option<Result<Self::Action, DecideError>> {
        let _ = (policy, obs, seed);
        None
    }

    /// The game as text, move by move: what `cribbage replay` prints.
    #[cfg(not(target_arch = "wasm32"))]
    fn tell(session: &Session<Self>) -> String;

    /// The kinds of points a strength match reports a hand's points by
    /// (`points_per_hand`), in [`Game::tally`]'s order.
    #[cfg(not(target_arch = "wasm32"))]
    const POINT_KINDS: &'static [&'static str];

    /// A finished game's hands and its points by kind (see
    /// [`Game::POINT_KINDS`]), for a strength match's report.
    #[cfg(not(target_arch = "wasm32"))]
    fn tally(&self) -> super::matches::Tally;

    /// The side `seat` plays for in this game, for a strength match: by
    /// the table's parity unless the game seats its sides otherwise (Table
    /// Top's four, whose partnerships the draw makes).
    #[cfg(not(target_arch = "wasm32"))]
    fn seat_side(&self, seat: Seat) -> crate::table::Side {
        crate::table::side_of(self.players(), seat)
    }

    /// The game's own strength match as its JSON report, when it reports
    /// more than the family's duplicate match does (standard cribbage's);
    /// `None` plays the family's ([`super::matches`]).
    #[cfg(not(target_arch = "wasm32"))]
    fn play_match(spec: &super::matches::Spec<Self>) -> Option<Result<String, String>> {
        let _ = spec;
        None
    }

    /// A solitaire's score lines for `solve`'s report: each rate's name and
    /// the score it counts from (`("win_rate", 61)`).
    #[cfg(not(target_arch = "wasm32"))]
    const SCORE_LINES: &'static [(&'static str, u16)] = &[];

    /// One seat of the game over JSON lines, for referees (`cribbage
    /// agent`), when the game has a protocol: `None` when it has none.
    #[cfg(not(target_arch = "wasm32"))]
    fn agent(
        rules: Self::Rules,
        level: Level,
        seed: u64,
    ) -> Option<Box<dyn super::agent::LinePlayer>> {
        let _ = (rules, level, seed);
        None
    }
}

/// The player counts of a game in words: "2", "2 or 4", "2, 3 or 4".
pub fn player_counts(counts: &[usize]) -> String {
    match counts {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(ToString::to_string).collect();
            format!("{} or {last}", init.join(", "))
        }
    }
}

/// Whether `kind` (played by `G`) is played by `players`: the refusal in
/// the game's own words when not, "Noddy is for 2 players".
///
/// # Errors
/// A player count the game is not played by.
pub fn players_allowed<G: Game>(kind: GameKind, players: usize) -> Result<(), String> {
    if G::PLAYERS.contains(&players) {
        return Ok(());
    }
    let plural = if G::PLAYERS == [1] {
        "player"
    } else {
        "players"
    };
    Err(format!(
        "{} is for {} {plural}",
        kind.title(),
        player_counts(G::PLAYERS)
    ))
}

/// A record told move by move: `tell` writes each event of the game as it
/// happens (the game as it stands after it), replayed from its start; a
/// redraw is noted. The first line is `{header}; seed N` (a game's rules,
/// or a solitaire's title), and an unfinished game ends with "(the game
/// goes on: seat N to act)", or "(the game goes on)" played alone. What
/// every game's replay but standard cribbage's is made of.
#[cfg(not(target_arch = "wasm32"))]
pub fn tell_steps<G: State>(
    session: &Session<G>,
    header: impl fmt::Display,
    mut tell: impl FnMut(&mut String, &G, &G::Event),
) -> String {
    use std::fmt::Write as _;
    let saved = session.game();
    let mut game = session.fresh_game();
    let mut text = String::new();
    let _ = writeln!(text, "{header}; seed {}", saved.seed());
    for event in game.events().to_vec() {
        tell(&mut text, &game, &event);
    }
    for step in session.steps() {
        match step {
            Step::Act(action) => {
                let Ok(from) = game.advance(action.clone()) else {
                    break;
                };
                for event in game.events().get(from..).unwrap_or_default() {
                    tell(&mut text, &game, event);
                }
            }
            Step::Redraw(epoch) => {
                text.push_str("  (moves taken back: the cards are drawn afresh)\n");
                game.redraw(*epoch);
            }
        }
    }
    match game.current_player() {
        Some(seat) if game.players() > 1 => {
            let _ = writeln!(text, "(the game goes on: seat {seat} to act)");
        }
        Some(_) => text.push_str("(the game goes on)\n"),
        None => {}
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_counts_read_as_a_player_says_them() {
        assert_eq!(player_counts(&[2]), "2");
        assert_eq!(player_counts(&[2, 4]), "2 or 4");
        assert_eq!(player_counts(&[2, 3, 4]), "2, 3 or 4");
    }
}
