//! Strength matches between two computer levels, for any game of the
//! family with two sides (`cribbage match`): deal pairs played on threads,
//! each game's decisions timed, and one report with A's win rate and its
//! 95% interval over the pairs.
//!
//! Each deal pair is one game seed played twice with the sides exchanged.
//! The family's chance (the cut, each hand's shuffle) does not depend on
//! the play, so both levels get the same cards. A game says only how to
//! tell its points apart ([`Game::POINT_KINDS`], [`Game::tally`]); standard
//! cribbage reports more of its own ([`Game::play_match`]).

use super::Level;
use super::arena::{Interval, TimeSummary, pair_seed};
use super::game::Game;
use crate::games::{GameKind, Outcome};
use crate::table::Side;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use std::time::Instant;

/// What a match plays: the game and its rules, the two levels, the deal
/// pairs' seed, how many games and on how many threads.
#[derive(Debug, Clone)]
pub struct Spec<G: Game> {
    /// The game, by name.
    pub kind: GameKind,
    /// Its rules.
    pub rules: G::Rules,
    /// Level A.
    pub a: Level,
    /// Level B.
    pub b: Level,
    /// The pair set's seed: the results depend only on it and `games`.
    pub seed: u64,
    /// Games to play (rounded up to whole pairs).
    pub games: u64,
    /// Threads to play them on (never changes the results).
    pub threads: usize,
    /// Whether to add the figures a game keeps for its models, where it
    /// has any (standard cribbage's points distributions).
    pub stats: bool,
}

/// A finished game's hands and points by kind, in the order of
/// [`Game::POINT_KINDS`], and the side of the first dealer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Hands dealt.
    pub hands: u64,
    /// Points by kind.
    pub points: Vec<u64>,
    /// The side of the player who dealt first.
    pub first_dealer: Side,
}

/// One finished game of a pair.
#[derive(Debug, Clone, Default)]
struct Played {
    /// Whether A's side won.
    a_won: bool,
    /// The game's hands and points.
    tally: Tally,
    /// Whether the side of the first dealer won.
    first_dealer_won: bool,
    /// A's decision times and B's, microseconds.
    times: [Vec<f64>; 2],
}

/// The winning side of a finished game (side 0 for a solitaire's score,
/// which no match plays).
fn winner(outcome: Option<Outcome>) -> Side {
    match outcome {
        Some(Outcome::Winner { side }) => side,
        _ => 0,
    }
}

/// Plays game `i` of pair set `spec.seed` with A's side on `a_side`: each
/// seat decides from its own observation with its side's level and a seed
/// of its own, and every decision is timed.
///
/// # Panics
/// When a decision fails or is refused: a bot must always answer legally,
/// and a match that hides a bad answer measures nothing.
fn play<G: Game>(spec: &Spec<G>, i: u64, a_side: Side) -> Played {
    let mut game = G::new(spec.rules, pair_seed(spec.seed, i, 1));
    let mut times = [Vec::new(), Vec::new()];
    while let Some(seat) = game.current_player() {
        let obs = game.observation(seat);
        // Who partners whom may be the draw's: asked once the game began.
        let side = game.seat_side(seat);
        let level = if side == a_side { spec.a } else { spec.b };
        let start = Instant::now();
        let bot_seed = pair_seed(spec.seed, i, 2 + seat as u64);
        let action =
            G::decide(level, &obs, bot_seed).unwrap_or_else(|e| panic!("seat {seat}: {e}"));
        times[usize::from(side != a_side)].push(start.elapsed().as_secs_f64() * 1e6);
        if let Err(e) = game.advance(action.clone()) {
            panic!("seat {seat} chose {action}: {e}");
        }
    }
    let winner = winner(game.outcome());
    let tally = game.tally();
    Played {
        a_won: winner == a_side,
        first_dealer_won: winner == tally.first_dealer,
        tally,
        times,
    }
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

/// Plays every pair, game `i` of a pair with A on side 0 and then on side
/// 1, and returns the report as one line of JSON: the game's own when it has one
/// ([`Game::play_match`]). The figures depend only on the seed and the
/// number of games, never on the threads.
///
/// # Errors
/// A game whose table is not two sides (standard cribbage's three-player
/// table has a match of its own).
pub fn play_match<G: Game>(spec: &Spec<G>) -> Result<String, String> {
    if let Some(report) = G::play_match(spec) {
        return report;
    }
    let sides = crate::table::sides(G::new(spec.rules, 0).players());
    if sides != 2 {
        return Err(format!(
            "a match is between two sides; {} has {sides}",
            spec.kind.title()
        ));
    }
    let start = Instant::now();
    let pairs = spec.games.div_ceil(2);
    let threads = spec.threads.max(1) as u64;
    let mut results: Vec<(u64, [Played; 2])> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..pairs)
                        .step_by(threads as usize)
                        .map(|i| (i, [play(spec, i, 0), play(spec, i, 1)]))
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
    let mut points = vec![0u64; G::POINT_KINDS.len()];
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut pair_scores = Vec::new();
    for (_, pair) in &results {
        let mut won = 0;
        for game in pair {
            won += u64::from(game.a_won);
            first_dealer_wins += u64::from(game.first_dealer_won);
            hands += game.tally.hands;
            for (all, these) in points.iter_mut().zip(&game.tally.points) {
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
    // A game with options says them; one without has only its name.
    let rules = spec.rules.to_string();
    let report = Report {
        game: spec.kind,
        rules: (spec.rules != G::Rules::default() || G::PLAYERS.len() > 1).then_some(rules),
        a: spec.a,
        b: spec.b,
        seed: spec.seed,
        games: played,
        a_wins,
        a_win_rate: a_wins as f64 / played.max(1) as f64,
        a_win_rate_ci95: Interval::of_mean(&pair_scores),
        first_dealer_win_rate: first_dealer_wins as f64 / played.max(1) as f64,
        hands_per_game: hands as f64 / played.max(1) as f64,
        points_per_hand: PerHand(
            G::POINT_KINDS
                .iter()
                .zip(&points)
                .map(|(&kind, &p)| (kind, p as f64 / hands.max(1) as f64))
                .collect(),
        ),
        a_times: TimeSummary::of(a_times),
        b_times: TimeSummary::of(b_times),
        threads: spec.threads,
        seconds: (start.elapsed().as_secs_f64() * 10.0).round() / 10.0,
    };
    serde_json::to_string(&report).map_err(|e| e.to_string())
}
