//! `cribbage replay FILE`: a saved game told move by move, every card and
//! every point with the scores after it.

use crate::Command;
use crate::args::{Args, CliError};
use cribbage::family::AnyGame;
use std::io::{self, Read, Write};

/// The `replay` subcommand.
pub const COMMAND: Command = Command {
    name: "replay",
    summary: "tell a saved game move by move with every score",
    usage: || USAGE.to_string(),
    run,
};

const USAGE: &str = "\
usage: cribbage replay [--jsonl] FILE

Reads a saved game of any game this build plays (the JSON the game saves:
game, rules, seed, actions, in any format from 1; `-` reads standard input),
replays it, and prints it move by move: the cut, each deal
and what every seat was dealt, what each laid away, the starter, every card
and go with the count, every point with its reason, each hand and crib with
its count, and the scores after every score. A file that cannot be replayed
is reported with the reason (exit status 2).

With --jsonl it prints the engine's events instead, one JSON object a line:
the same objects the page is handed, each `game_over` with its `winner` and
`scores`.
";

fn run(mut args: Args) -> Result<(), CliError> {
    let jsonl = args.flag("--jsonl");
    let files = args.positionals()?;
    let [file] = files.as_slice() else {
        return Err(CliError::usage(
            "give one saved game file (or - for standard input)",
        ));
    };
    let mut text = String::new();
    if file == "-" {
        io::stdin().read_to_string(&mut text)?;
    } else {
        text = std::fs::read_to_string(file)
            .map_err(|e| CliError::usage(format!("cannot read {file:?}: {e}")))?;
    }
    let saved = AnyGame::from_json(&text).map_err(|e| CliError::usage(format!("{file}: {e}")))?;
    let mut out = io::stdout().lock();
    if jsonl {
        for line in saved.event_lines() {
            writeln!(out, "{line}")?;
        }
    } else {
        out.write_all(saved.tell().as_bytes())?;
    }
    out.flush()?;
    Ok(())
}
