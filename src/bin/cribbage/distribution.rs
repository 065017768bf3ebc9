//! `cribbage distribution`: how many of the 12,994,800 (hand, starter) pairs
//! score each total, under hand rules and under crib rules.

use crate::Command;
use crate::args::{Args, CliError};
use cribbage::count::distribution;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Instant;

/// The `distribution` subcommand.
pub const COMMAND: Command = Command {
    name: "distribution",
    summary: "count every (hand, starter) pair under hand and crib rules, as JSON",
    usage: || USAGE.to_string(),
    run,
};

const USAGE: &str = "\
usage: cribbage distribution

Scores every one of the 12,994,800 (four-card hand, starter) pairs under hand
rules and under crib rules, on one thread, and prints how many score each
total from 0 to 29, with the time it took:

  {\"hand\":{\"0\":1009008,…,\"29\":4},\"crib\":{\"0\":…},\"seconds\":0.07}
";

fn run(args: Args) -> Result<(), CliError> {
    args.finish()?;
    let start = Instant::now();
    let (hand, crib) = distribution();
    let seconds = start.elapsed().as_secs_f64();
    let text = format!(
        "{{\"hand\":{},\"crib\":{},\"seconds\":{seconds:.6}}}\n",
        counts_json(&hand),
        counts_json(&crib)
    );
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// `{"0":n,…,"29":n}`: written by hand because a JSON map from serde_json
/// would sort its keys as text ("10" before "2").
fn counts_json(counts: &[u64; 30]) -> String {
    let mut text = String::from("{");
    for (points, n) in counts.iter().enumerate() {
        let comma = if points > 0 { "," } else { "" };
        // Writing to a String cannot fail.
        let _ = write!(text, "{comma}\"{points}\":{n}");
    }
    text.push('}');
    text
}
