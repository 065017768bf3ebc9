//! What the duplicate matches of the family's smaller games share (`match
//! --game noddy|costly-colours|table-top`): deal pairs played on threads,
//! each game's decisions timed, and one report with A's win rate and its
//! 95% interval over the pairs.
//!
//! Each deal pair is one game seed played twice with the sides exchanged.
//! These games' chance (the cut, each hand's shuffle) does not depend on
//! the play, so both levels get the same cards. Each game says only how to
//! play one game of a pair and which kinds of points it tells apart.

use crate::args::CliError;
use cribbage::ai::Level;
use cribbage::ai::arena::{Interval, TimeSummary};
use cribbage::games::{GameKind, State};
use cribbage::table::{Seat, Side};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use std::time::Instant;

/// One finished game of a pair.
#[derive(Debug, Clone, Default)]
pub(crate) struct Played {
    /// Whether A's side won.
    pub(crate) a_won: bool,
    /// Whether the side of the first dealer won.
    pub(crate) first_dealer_won: bool,
    /// Hands dealt.
    pub(crate) hands: u64,
    /// Points by kind, in the order of the match's kinds.
    pub(crate) points: Vec<u64>,
    /// A's decision times and B's, microseconds.
    pub(crate) times: [Vec<f64>; 2],
}

/// Plays `game` out, each seat deciding with `decide` from its own
/// observation, and times every decision: A's seats are those on `a_side`.
/// Returns the times, A's first.
///
/// # Panics
/// When a decision fails or is refused: a bot must always answer legally,
/// and a match that hides a bad answer measures nothing.
pub(crate) fn play_out<G: State>(
    game: &mut G,
    side_of: impl Fn(Seat) -> Side,
    a_side: Side,
    mut decide: impl FnMut(Seat, &G::Observation) -> G::Action,
) -> [Vec<f64>; 2] {
    let mut times = [Vec::new(), Vec::new()];
    while let Some(seat) = game.current_player() {
        let obs = game.observation(seat);
        let start = Instant::now();
        let action = decide(seat, &obs);
        let micros = start.elapsed().as_secs_f64() * 1e6;
        times[usize::from(side_of(seat) != a_side)].push(micros);
        if let Err(e) = game.advance(action.clone()) {
            panic!("seat {seat} chose {action}: {e}");
        }
    }
    times
}

/// Mean points a hand, by kind, in the kinds' order.
struct PerHand(Vec<(&'static str, f64)>);

impl Serialize for PerHand {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (kind, value) in &self.0 {
            map.serialize_entry(kind, value)?;
        }
        map.end()
    }
}

/// The match's figures.
#[derive(Serialize)]
struct Report {
    game: GameKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    a: Level,
    b: Level,
    seed: u64,
    games: u64,
    a_wins: u64,
    a_win_rate: f64,
    a_win_rate_ci95: Interval,
    first_dealer_win_rate: f64,
    hands_per_game: f64,
    points_per_hand: PerHand,
    a_times: TimeSummary,
    b_times: TimeSummary,
    threads: usize,
    seconds: f64,
}

/// A duplicate match: what it plays and how it tells its points apart.
pub(crate) struct Match {
    /// The game.
    pub(crate) game: GameKind,
    /// Its rules in words, when the game has options.
    pub(crate) rules: Option<String>,
    /// The levels.
    pub(crate) a: Level,
    /// The other level.
    pub(crate) b: Level,
    /// The pair set's seed.
    pub(crate) seed: u64,
    /// Games to play (rounded up to whole pairs).
    pub(crate) games: u64,
    /// Threads to play them on.
    pub(crate) threads: usize,
    /// The names of the kinds of points, as `points_per_hand` reports them.
    pub(crate) kinds: &'static [&'static str],
}

impl Match {
    /// Plays every pair, game `i` of a pair with A on side 0 and then on
    /// side 1 (`play(i, a_side)`), and prints the report. The figures
    /// depend only on the seed and the number of games, never on the
    /// threads.
    ///
    /// # Errors
    /// Only a failure to write the report.
    pub(crate) fn run(&self, play: impl Fn(u64, Side) -> Played + Sync) -> Result<(), CliError> {
        let start = Instant::now();
        let pairs = self.games.div_ceil(2);
        let threads = self.threads.max(1) as u64;
        let play = &play;
        let mut results: Vec<(u64, [Played; 2])> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        (t..pairs)
                            .step_by(threads as usize)
                            .map(|i| (i, [play(i, 0), play(i, 1)]))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_default())
                .collect()
        });
        results.sort_by_key(|(i, _)| *i);
        let mut a_wins = 0;
        let mut first_dealer_wins = 0;
        let mut hands = 0u64;
        let mut points = vec![0u64; self.kinds.len()];
        let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
        let mut pair_scores = Vec::new();
        for (_, pair) in &results {
            let mut won = 0;
            for game in pair {
                won += u64::from(game.a_won);
                first_dealer_wins += u64::from(game.first_dealer_won);
                hands += game.hands;
                for (all, these) in points.iter_mut().zip(&game.points) {
                    *all += these;
                }
                for (all, these) in times.iter_mut().zip(&game.times) {
                    all.extend(these);
                }
            }
            a_wins += won;
            pair_scores.push(won as f64 / 2.0);
        }
        let played = results.len() as u64 * 2;
        let [a_times, b_times] = times;
        let report = Report {
            game: self.game,
            rules: self.rules.clone(),
            a: self.a,
            b: self.b,
            seed: self.seed,
            games: played,
            a_wins,
            a_win_rate: a_wins as f64 / played.max(1) as f64,
            a_win_rate_ci95: Interval::of_mean(&pair_scores),
            first_dealer_win_rate: first_dealer_wins as f64 / played.max(1) as f64,
            hands_per_game: hands as f64 / played.max(1) as f64,
            points_per_hand: PerHand(
                self.kinds
                    .iter()
                    .zip(&points)
                    .map(|(&kind, &p)| (kind, p as f64 / hands.max(1) as f64))
                    .collect(),
            ),
            a_times: TimeSummary::of(a_times),
            b_times: TimeSummary::of(b_times),
            threads: self.threads,
            seconds: (start.elapsed().as_secs_f64() * 10.0).round() / 10.0,
        };
        super::matches::print(&report)
    }
}
