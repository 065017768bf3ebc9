//! `cribbage solve`: plays seeded deals of a solitaire with one of its
//! computer players and reports the scores and the decision times.

use crate::Command;
use crate::args::{Args, CliError};
use crate::table;
use cribbage::ai::arena::{Interval, TimeSummary, pair_seed};
use cribbage::ai::{Game, Policy};
use cribbage::family::{AnyGame, Member, Visit};
use cribbage::games::{GameKind, Outcome};
use serde::Serialize;
use serde::ser::SerializeMap;
use std::time::Instant;

/// The `solve` subcommand.
pub const COMMAND: Command = Command {
    name: "solve",
    summary: "play seeded deals of a solitaire with a computer player, results as JSON",
    usage,
    run,
};

const USAGE: &str = "\
usage: cribbage solve --game {games} [--deals N] [--seed S]
                      [--policy advisor|greedy|random] [--threads T]

Plays N seeded deals (default 1000) of {titles},
every decision made by the policy from the player's observation alone:

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
    #[serde(flatten)]
    rates: Rates,
    best: u16,
    worst: u16,
    decision_times: TimeSummary,
    threads: usize,
    seconds: f64,
}

/// The share of deals at or over each of the game's score lines
/// (`win_rate`, and Cribbage Solitaire's `double_game_rate`), in order.
#[derive(Debug)]
struct Rates(Vec<(&'static str, f64)>);

impl Serialize for Rates {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, rate) in &self.0 {
            map.serialize_entry(name, rate)?;
        }
        map.end()
    }
}

/// The usage text, naming the games with `solve`'s policies.
fn usage() -> String {
    let solved = table::games_with(Solvable);
    let titles: Vec<&str> = solved.iter().map(|k| k.title()).collect();
    USAGE
        .replace("{games}", &table::choices(&solved))
        .replace("{titles}", &table::or_list(&titles))
}

fn run(mut args: Args) -> Result<(), CliError> {
    let solved = table::games_with(Solvable);
    let Some(name) = args.option("--game")? else {
        let names: Vec<String> = solved.iter().map(|k| format!("--game {k}")).collect();
        return Err(CliError::usage(format!(
            "name the game: {}",
            names.join(" or ")
        )));
    };
    let kind = table::named_game(&name, &solved)?;
    let deals: u64 = args.parsed("--deals", 1000, "a number of deals")?;
    let seed: u64 = args.parsed("--seed", 1, "a whole number")?;
    let policy: Policy = match args.option("--policy")? {
        None => Policy::Advisor,
        Some(text) => text
            .parse()
            .map_err(|e: String| CliError::usage(format!("--policy: {e}")))?,
    };
    let threads = table::threads(&mut args)?;
    args.finish()?;
    if deals == 0 {
        return Err(CliError::usage("--deals: at least 1"));
    }
    let report = AnyGame::visit(
        kind,
        Solve {
            policy,
            seed,
            deals,
            threads,
        },
    )
    .map_err(|e| CliError::usage(e.to_string()))?;
    table::print_line(&serde_json::to_string(&report).map_err(std::io::Error::from)?)
}

/// Whether a game has `solve`'s policies.
#[derive(Clone, Copy)]
struct Solvable;

impl Visit for Solvable {
    type Out = bool;

    fn visit<G: Member>(self, kind: GameKind) -> bool {
        let game = G::new(G::default_rules(kind), 0);
        let Some(seat) = game.current_player() else {
            return false;
        };
        G::solve(Policy::Random, &game.observation(seat), 0).is_some()
    }
}

/// A run: the policy, the deals and the threads.
struct Solve {
    policy: Policy,
    seed: u64,
    deals: u64,
    threads: usize,
}

impl Visit for Solve {
    type Out = Report;

    fn visit<G: Member>(self, kind: GameKind) -> Report {
        let Solve {
            policy,
            seed,
            deals,
            threads,
        } = self;
        let start = Instant::now();
        let results: Vec<(u64, u16, Vec<f64>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads as u64)
                .map(|t| {
                    scope.spawn(move || {
                        (t..deals)
                            .step_by(threads)
                            .map(|i| {
                                let (score, times) = play::<G>(kind, policy, seed, i);
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
        let rate = |line: u16| results.iter().filter(|r| r.1 >= line).count() as f64 / n;
        Report {
            game: kind,
            policy,
            seed,
            deals: results.len() as u64,
            mean: scores.iter().sum::<f64>() / n,
            mean_ci95: Interval::of_mean(&scores),
            rates: Rates(
                G::SCORE_LINES
                    .iter()
                    .map(|&(name, line)| (name, rate(line)))
                    .collect(),
            ),
            best: results.iter().map(|r| r.1).max().unwrap_or(0),
            worst: results.iter().map(|r| r.1).min().unwrap_or(0),
            decision_times: TimeSummary::of(results.into_iter().flat_map(|r| r.2).collect()),
            threads,
            seconds: (start.elapsed().as_secs_f64() * 10.0).round() / 10.0,
        }
    }
}

/// Plays deal `i` of the run seeded `seed`: the score and each decision's
/// time in microseconds.
fn play<G: Game>(kind: GameKind, policy: Policy, seed: u64, i: u64) -> (u16, Vec<f64>) {
    let game_seed = pair_seed(seed, i, 1);
    let bot_seed = pair_seed(seed, i, 2);
    let mut times = Vec::new();
    let mut game = G::new(G::default_rules(kind), game_seed);
    while let Some(seat) = game.current_player() {
        let obs = game.observation(seat);
        let start = Instant::now();
        let action = G::solve(policy, &obs, bot_seed).and_then(Result::ok);
        times.push(start.elapsed().as_secs_f64() * 1e6);
        let Some(action) = action else { break };
        if game.advance(action).is_err() {
            break;
        }
    }
    let score = match game.outcome() {
        Some(Outcome::Score { points, .. }) => points,
        _ => game.score_list().first().copied().unwrap_or(0),
    };
    (score, times)
}
