//! The `cribbage` command-line tool: scoring from the shell, JSON lines for
//! scripts and tests, and the benchmark figures the project tracks.
//!
//! Each subcommand lives in its own module and describes itself with a
//! [`Command`]; adding one is a new module plus one line in [`COMMANDS`].
//! The commands that play games (`random-games`, `match`, `agent`,
//! `replay`, `bench`, `solve`) are written once over the family
//! ([`cribbage::family::AnyGame`], [`cribbage::ai::Game`]): a game's own
//! part of each is a method of its `Game`, and `table` reads the game and
//! its table from the arguments for all of them.

mod agent;
mod args;
mod bench;
mod discard;
mod distribution;
mod jsonl;
mod matches;
mod peg;
mod random_games;
mod replay;
mod score;
mod solve;
mod table;
mod winprob;

use args::{Args, CliError};
use std::io::{self, Write};
use std::process::ExitCode;

/// One subcommand: what `cribbage help` lists and how to run it.
pub struct Command {
    /// The word typed after `cribbage`.
    pub name: &'static str,
    /// One line for the command list in `cribbage help`.
    pub summary: &'static str,
    /// The full usage text for `cribbage help NAME` and `cribbage NAME --help`,
    /// made when it is asked for: a command that plays games names the
    /// games it plays (from the family, not written out), so a new game is
    /// in its usage with nothing written.
    pub usage: fn() -> String,
    /// Runs the command on the arguments after its name.
    pub run: fn(Args) -> Result<(), CliError>,
}

/// Every subcommand, in the order `cribbage help` lists them.
// One per line, so that a branch adding a command adds one line here.
#[rustfmt::skip]
const COMMANDS: &[Command] = &[
    score::COMMAND,
    peg::COMMAND,
    discard::COMMAND,
    distribution::COMMAND,
    random_games::COMMAND,
    replay::COMMAND,
    bench::COMMAND,
    agent::COMMAND,
    matches::COMMAND,
    solve::COMMAND,
    winprob::COMMAND,
];

const CARD_NOTE: &str = "Cards are a rank (A 2-9 T J Q K, or 10) then a suit (C D H S, or ♣ ♦ ♥ ♠),
in any case: 5H, th, 10♠, Jd.";

fn main() -> ExitCode {
    // Arguments that are not UTF-8 cannot be cards or flags; refuse them
    // rather than let `env::args` panic.
    let argv: Result<Vec<String>, _> = std::env::args_os()
        .skip(1)
        .map(|a| a.into_string())
        .collect();
    let (name, outcome) = match argv {
        Ok(argv) => dispatch(argv),
        Err(bad) => (
            None,
            Err(CliError::usage(format!(
                "argument {bad:?} is not valid UTF-8"
            ))),
        ),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stops early (`cribbage … | head`) is not a failure.
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            let prefix = name.map_or("cribbage".to_string(), |n| format!("cribbage {n}"));
            // If stderr itself is gone there is nobody left to tell.
            let _ = writeln!(io::stderr(), "{prefix}: {error}");
            ExitCode::from(error.exit_status())
        }
    }
}

/// Picks the subcommand and runs it; returns its name (for error messages) and outcome.
fn dispatch(argv: Vec<String>) -> (Option<&'static str>, Result<(), CliError>) {
    let mut argv = argv.into_iter();
    let Some(first) = argv.next() else {
        return (None, print(&overview()));
    };
    let rest: Vec<String> = argv.collect();
    match first.as_str() {
        "help" | "--help" | "-h" => (None, help(&rest)),
        "--version" | "-V" | "version" => (
            None,
            print(&format!("cribbage {}\n", env!("CARGO_PKG_VERSION"))),
        ),
        name => match find(name) {
            Some(command) => {
                let args = Args::new(rest);
                let outcome = if args.wants_help() {
                    print(&(command.usage)())
                } else {
                    (command.run)(args)
                };
                (Some(command.name), outcome)
            }
            None => (None, Err(unknown_command(name))),
        },
    }
}

fn find(name: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.name == name)
}

fn unknown_command(name: &str) -> CliError {
    let names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
    CliError::usage(format!(
        "unknown command {name:?}; the commands are {} (see `cribbage help`)",
        names.join(", ")
    ))
}

/// `cribbage help [COMMAND]`.
fn help(rest: &[String]) -> Result<(), CliError> {
    match rest {
        [] => print(&overview()),
        [name] => match find(name) {
            Some(command) => print(&(command.usage)()),
            None => Err(unknown_command(name)),
        },
        _ => Err(CliError::usage("help takes at most one command name")),
    }
}

/// The text of `cribbage help`: every command with its summary.
fn overview() -> String {
    let width = COMMANDS.iter().map(|c| c.name.len()).max().unwrap_or(0);
    let mut text = format!(
        "cribbage {}: score hands, check the engine and replay games from the command line\n\n\
         usage: cribbage <command> [arguments]\n\ncommands:\n",
        env!("CARGO_PKG_VERSION")
    );
    for command in COMMANDS {
        text.push_str(&format!("  {:width$}  {}\n", command.name, command.summary));
    }
    text.push_str(&format!(
        "  {:width$}  show this help, or one command's: cribbage help score\n\n{CARD_NOTE}\n",
        "help"
    ));
    text
}

fn print(text: &str) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
