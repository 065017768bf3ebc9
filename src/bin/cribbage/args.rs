//! A small hand-written argument reader, and the tool's error type.
//!
//! Flags may come anywhere; everything else is a positional argument in order.
//! No card's text starts with `-`, so anything that does is a flag, and an
//! unknown one is an error rather than a card that fails to parse; the one
//! exception is `-` alone, the usual name for standard input.

use cribbage::games::{GameKind, ParseGameKindError};
use std::fmt;
use std::io;

/// The arguments after a subcommand's name, taken as the subcommand asks for them.
pub struct Args {
    rest: Vec<String>,
}

impl Args {
    /// Wraps the arguments that follow the subcommand's name.
    pub fn new(rest: Vec<String>) -> Args {
        Args { rest }
    }

    /// Whether `--help` or `-h` is among the arguments.
    pub fn wants_help(&self) -> bool {
        self.rest.iter().any(|a| a == "--help" || a == "-h")
    }

    /// Takes every occurrence of the flag `name` (like `--crib`); whether there was one.
    pub fn flag(&mut self, name: &str) -> bool {
        let before = self.rest.len();
        self.rest.retain(|a| a != name);
        self.rest.len() != before
    }

    /// Takes the value of the option `name` (like `--games 100` or
    /// `--games=100`), if it is given; the last one wins.
    ///
    /// # Errors
    /// A usage error when the option is the last argument, with no value.
    pub fn option(&mut self, name: &str) -> Result<Option<String>, CliError> {
        let mut value = None;
        let mut i = 0;
        while i < self.rest.len() {
            if self.rest[i] == name {
                if i + 1 >= self.rest.len() {
                    return Err(CliError::usage(format!("{name} needs a value")));
                }
                value = Some(self.rest.remove(i + 1));
                self.rest.remove(i);
            } else if let Some(v) = self.rest[i].strip_prefix(&format!("{name}=")) {
                value = Some(v.to_string());
                self.rest.remove(i);
            } else {
                i += 1;
            }
        }
        Ok(value)
    }

    /// Takes an option and reads its value as a `T`, or gives `default`.
    ///
    /// # Errors
    /// A usage error when the value is missing or does not read as a `T`;
    /// `what` describes the values it takes.
    pub fn parsed<T: std::str::FromStr>(
        &mut self,
        name: &str,
        default: T,
        what: &str,
    ) -> Result<T, CliError> {
        match self.option(name)? {
            None => Ok(default),
            Some(text) => text
                .parse()
                .map_err(|_| CliError::usage(format!("{name} {text:?}: expected {what}"))),
        }
    }

    /// `--game NAME` for a command that counts (`score`, `peg`): every game
    /// whose counting is built, playable or not yet (`cribbage` by default).
    ///
    /// # Errors
    /// A usage error for a name that is not a game of the family, or one
    /// whose counting this build lacks.
    pub fn counted_game(&mut self, counted: &[GameKind]) -> Result<GameKind, CliError> {
        let Some(name) = self.option("--game")? else {
            return Ok(GameKind::Cribbage);
        };
        let kind: GameKind = name
            .parse()
            .map_err(|e: ParseGameKindError| CliError::usage(format!("--game: {e}")))?;
        if !counted.contains(&kind) {
            let names: Vec<&str> = counted.iter().map(|k| k.name()).collect();
            return Err(CliError::usage(format!(
                "--game {kind}: this command does not count {} yet (it counts: {})",
                kind.title(),
                names.join(", ")
            )));
        }
        Ok(kind)
    }

    /// The arguments left once the subcommand has taken its flags. A lone
    /// `-` is positional: it names standard input (`cribbage replay -`).
    ///
    /// # Errors
    /// A usage error naming the first argument that looks like a flag: the
    /// subcommand did not take it, so it does not know it.
    pub fn positionals(self) -> Result<Vec<String>, CliError> {
        if let Some(flag) = self.rest.iter().find(|a| a.starts_with('-') && *a != "-") {
            return Err(CliError::usage(format!("unknown flag {flag}")));
        }
        Ok(self.rest)
    }

    /// Checks that nothing is left once the subcommand has taken its flags.
    ///
    /// # Errors
    /// A usage error naming the first argument left over.
    pub fn finish(self) -> Result<(), CliError> {
        match self.positionals()?.first() {
            Some(extra) => Err(CliError::usage(format!("unexpected argument {extra:?}"))),
            None => Ok(()),
        }
    }
}

/// Why a command failed, which decides its exit status.
#[derive(Debug)]
pub enum CliError {
    /// The arguments were wrong (exit status 2): a one-line reason.
    Usage(String),
    /// Reading the input or writing the output failed (exit status 1).
    Io(io::Error),
    /// The command ran but found a failure to report (exit status 1).
    Failed(String),
}

impl CliError {
    /// A usage error with this reason.
    pub fn usage(reason: impl Into<String>) -> CliError {
        CliError::Usage(reason.into())
    }

    /// The process exit status for this error.
    pub fn exit_status(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Io(_) | CliError::Failed(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(reason) => f.write_str(reason),
            CliError::Io(e) => write!(f, "{e}"),
            CliError::Failed(reason) => f.write_str(reason),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Io(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Args {
        Args::new(list.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn flags_come_anywhere_and_the_rest_stays_in_order() {
        let mut a = args(&["5H", "--crib", "5C", "--crib"]);
        assert!(a.flag("--crib"));
        assert!(!a.flag("--jsonl"));
        assert_eq!(a.positionals().unwrap(), ["5H", "5C"]);
    }

    #[test]
    fn options_take_values_in_either_form() {
        let mut a = args(&["--games", "12", "x", "--seed=7"]);
        assert_eq!(a.parsed("--games", 1u64, "a count").unwrap(), 12);
        assert_eq!(a.parsed("--seed", 0u64, "a number").unwrap(), 7);
        assert_eq!(a.parsed("--players", 2u8, "2-4").unwrap(), 2);
        assert_eq!(a.positionals().unwrap(), ["x"]);
        let err = args(&["--games"]).option("--games").unwrap_err();
        assert_eq!(err.to_string(), "--games needs a value");
        let err = args(&["--games", "many"])
            .parsed("--games", 1u64, "a count")
            .unwrap_err();
        assert_eq!(err.to_string(), "--games \"many\": expected a count");
    }

    #[test]
    fn unknown_flags_and_leftovers_are_usage_errors() {
        assert_eq!(args(&["-"]).positionals().unwrap(), ["-"]);
        let err = args(&["5H", "--bogus"]).positionals().unwrap_err();
        assert_eq!(err.to_string(), "unknown flag --bogus");
        assert_eq!(err.exit_status(), 2);
        let err = args(&["extra"]).finish().unwrap_err();
        assert_eq!(err.to_string(), "unexpected argument \"extra\"");
        assert!(args(&[]).finish().is_ok());
        assert!(args(&["-h"]).wants_help());
    }
}
