//! `cribbage solve`: plays seeded deals of a solitaire with one of its
//! computer players and reports the scores and the decision times.

use crate::Command;
use crate::args::{Args, CliError};
use cribbage::ai::Policy;
use cribbage::ai::arena::{Interval, TimeSummary, pair_seed};
use cribbage::ai::{solitaire as solitaire_ai, square_solitaire as square_ai};
use cribbage::games::{GameKind, solitaire, square_solitaire};
use serde::Serialize;
use std::time::Instant;

/// The `solve` subcommand.
pub const COMMAND: Command = Command {
    name: "solve",
    summary: "play seeded deals of a solitaire with a computer player, results as JSON",
    usage: USAGE,
    run,
};

const USAGE: &str = "\
usage: cribbage solve --game square-solitaire|solitaire [--deals N] [--seed S]
                      [--policy advisor|greedy|random] [--threads T]

Plays N seeded deals (default 1000) of Cribbage Square Solitaire or
Cribbage Solitaire, every decision made by the policy from the player's
observation alone:

  advisor  square-solitaire: each empty cell's expected final score, by
           Monte Carlo over the unseen cards with heuristic rollouts;
           solitaire: each lay-away's exact value, hand plus crib over
           every pair of unseen cards the crib may hold
  greedy   the choice that scores most now
  random   any legal choice

Prints one JSON object: game, policy, seed, deals, mean (with mean_ci95),
win_rate (61 or more; 81 for Cribbage Solitaire, which adds
double_game_rate, 121 or more), best, worst, the decision times (n,
median_ms, p95_ms, max_ms), threads and seconds. Deal i is played from a
seed made of S and i, the same for every policy, so policies are compared
on the same deals; the results depend only on S and N, never on T. Build
with --release.

  cargo run --release -- solve --game square-solitaire --deals 1000 --policy advisor
";

/// The report.
#[derive(Debug, Serialize)]
struct Report {
    game: GameKind,
    policy: Policy,
    seed: u64,
    deals: u64,
    mean: f64,
    mean_ci95: Interval,
    win_rate: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    double_game_rate: Option<f64>,
    best: u16,
    worst: u16,
    decision_times: TimeSummary,
    threads: usize,
    seconds: f64,
}

fn run(mut args: Args) -> Result<(), CliError> {
    let kind = args.game_among(&[GameKind::SquareSolitaire, GameKind::Solitaire])?;
    if kind == GameKind::Cribbage {
        return Err(CliError::usage(
            "name the game: --game square-solitaire or --game solitaire",
        ));
    }
    let deals: u64 = args.parsed("--deals", 1000, "a number of deals")?;
    let seed: u64 = args.parsed("--seed", 1, "a whole number")?;
    let policy: Policy = match args.option("--policy")? {
        None => Policy::Advisor,
        Some(text) => text
            .parse()
            .map_err(|e: String| CliError::usage(format!("--policy: {e}")))?,
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads: usize = args.parsed("--threads", cores, "a number of threads")?;
    args.finish()?;
    if deals == 0 || !(1..=64).contains(&threads) {
        return Err(CliError::usage(
            "--deals: at least 1; --threads: from 1 to 64",
        ));
    }
    let start = Instant::now();
    let results: Vec<(u64, u16, Vec<f64>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                scope.spawn(move || {
                    (t..deals)
                        .step_by(threads)
                        .map(|i| {
                            let (score, times) = play(kind, policy, seed, i);
                            (i, score, times)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let scores: Vec<f64> = results.iter().map(|r| f64::from(r.1)).collect();
    let n = scores.len().max(1) as f64;
    let (win, double) = match kind {
        GameKind::Solitaire => (solitaire::WIN, Some(solitaire::DOUBLE)),
        _ => (square_solitaire::WIN, None),
    };
    let rate = |line: u16| results.iter().filter(|r| r.1 >= line).count() as f64 / n;
    let report = Report {
        game: kind,
        policy,
        seed,
        deals: results.len() as u64,
        mean: scores.iter().sum::<f64>() / n,
        mean_ci95: Interval::of_mean(&scores),
        win_rate: rate(win),
        double_game_rate: double.map(rate),
        best: results.iter().map(|r| r.1).max().unwrap_or(0),
        worst: results.iter().map(|r| r.1).min().unwrap_or(0),
        decision_times: TimeSummary::of(results.into_iter().flat_map(|r| r.2).collect()),
        threads,
        seconds: (start.elapsed().as_secs_f64() * 10.0).round() / 10.0,
    };
    crate::matches::print(&report)
}

/// Plays deal `i` of the run seeded `seed`: the score and each decision's
/// time in microseconds.
fn play(kind: GameKind, policy: Policy, seed: u64, i: u64) -> (u16, Vec<f64>) {
    let game_seed = pair_seed(seed, i, 1);
    let bot_seed = pair_seed(seed, i, 2);
    let mut times = Vec::new();
    let mut time = |decide: &mut dyn FnMut()| {
        let start = Instant::now();
        decide();
        times.push(start.elapsed().as_secs_f64() * 1e6);
    };
    let score = match kind {
        GameKind::Solitaire => {
            let mut game = solitaire::Game::new(solitaire::Rules::default(), game_seed);
            while !game.is_over() {
                let obs = game.observation(0);
                let mut action = None;
                time(&mut || action = solitaire_ai::decide(policy, &obs, bot_seed).ok());
                let Some(action) = action else { break };
                if game.apply(action).is_err() {
                    break;
                }
            }
            game.score()
        }
        _ => {
            let mut game =
                square_solitaire::Game::new(square_solitaire::Rules::default(), game_seed);
            while !game.is_over() {
                let obs = game.observation(0);
                let mut action = None;
                time(&mut || action = square_ai::decide(policy, &obs, bot_seed).ok());
                let Some(action) = action else { break };
                if game.apply(action).is_err() {
                    break;
                }
            }
            game.score()
        }
    };
    (score, times)
}
