//! `cribbage match`: duplicate matches between two computer levels.

use crate::Command;
use crate::args::{Args, CliError};
use cribbage::ai::Level;
use cribbage::ai::arena::{play_pairs_in, report};
use cribbage::games::GameKind;
use cribbage::games::cribbage::Rules;
use serde::Serialize;
use std::io::{self, Write};
use std::time::Instant;

/// The `match` subcommand.
pub const COMMAND: Command = Command {
    name: "match",
    summary: "duplicate matches between two computer levels, results as JSON",
    usage: USAGE,
    run,
};

const USAGE: &str = "\
usage: cribbage match --a LEVEL --b LEVEL [--game cribbage|reverse] [--games N] [--seed S]
                      [--threads T] [--stats]

Plays N two-player games to 121 (default 200) between levels A and B as
duplicate pairs: each deal pair is one game seed played twice with the seats
exchanged, so both levels get the same cards. Levels: easy, medium, hard,
expert, and baseline (exact discard value, greedy pegging: the yardstick).
--game reverse plays reverse (low-ball) cribbage: reaching 121 loses.

Prints one JSON object: a, b, seed, games, a_wins, a_win_rate,
a_win_rate_ci95 (over deal pairs), first_dealer_win_rate, A's net points per
deal as dealer and as pone, skunks, points per deal by source, and each
side's decision times (median and 95th percentile, discard and play).
--stats adds the points distributions the win-probability model is built from.

The games run on T threads (default: every core); the results depend only on
the seed and N, never on T. Build with --release: an expert match is slow.

  cargo run --release -- match --a expert --b hard --games 4000 --seed 1
";

/// The report with how it was run.
#[derive(Serialize)]
struct Output {
    #[serde(flatten)]
    report: cribbage::ai::arena::MatchReport,
    game: GameKind,
    threads: usize,
    seconds: f64,
}

fn run(mut args: Args) -> Result<(), CliError> {
    let levels = "easy, medium, hard, expert or baseline";
    let a: Option<Level> = args
        .option("--a")?
        .map(|t| t.parse())
        .transpose()
        .map_err(|e| CliError::usage(format!("--a: {e}")))?;
    let b: Option<Level> = args
        .option("--b")?
        .map(|t| t.parse())
        .transpose()
        .map_err(|e| CliError::usage(format!("--b: {e}")))?;
    let (Some(a), Some(b)) = (a, b) else {
        return Err(CliError::usage(format!(
            "name both levels: --a LEVEL --b LEVEL ({levels})"
        )));
    };
    let games: u64 = args.parsed("--games", 200, "a number of games")?;
    let seed: u64 = args.parsed("--seed", 1, "a whole number")?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads: usize = args.parsed("--threads", cores, "a number of threads")?;
    let stats = args.flag("--stats");
    let kind = args.game()?;
    args.finish()?;
    if games < 2 {
        return Err(CliError::usage("--games: at least 2 (one deal pair)"));
    }
    let start = Instant::now();
    let rules = match kind {
        GameKind::Reverse => Rules::default().reverse(),
        _ => Rules::default(),
    };
    let pairs = play_pairs_in(rules, a, b, seed, games.div_ceil(2), threads.max(1));
    let output = Output {
        report: report(a, b, seed, &pairs, stats),
        game: kind,
        threads: threads.max(1),
        seconds: (start.elapsed().as_secs_f64() * 10.0).round() / 10.0,
    };
    let mut out = io::stdout().lock();
    serde_json::to_writer(&mut out, &output).map_err(io::Error::from)?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(())
}
