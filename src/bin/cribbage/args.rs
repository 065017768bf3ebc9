//! A small hand-written argument reader, and the tool's error type.
//!
//! Flags may come anywhere; everything else is a positional argument in order.
//! No card's text starts with `-`, so anything that does is a flag, and an
//! unknown one is an error rather than a card that fails to parse.

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

    /// The arguments left once the subcommand has taken its flags.
    ///
    /// # Errors
    /// A usage error naming the first argument that looks like a flag: the
    /// subcommand did not take it, so it does not know it.
    pub fn positionals(self) -> Result<Vec<String>, CliError> {
        if let Some(flag) = self.rest.iter().find(|a| a.starts_with('-')) {
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
            CliError::Io(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(reason) => f.write_str(reason),
            CliError::Io(e) => write!(f, "{e}"),
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
    fn unknown_flags_and_leftovers_are_usage_errors() {
        let err = args(&["5H", "--bogus"]).positionals().unwrap_err();
        assert_eq!(err.to_string(), "unknown flag --bogus");
        assert_eq!(err.exit_status(), 2);
        let err = args(&["extra"]).finish().unwrap_err();
        assert_eq!(err.to_string(), "unexpected argument \"extra\"");
        assert!(args(&[]).finish().is_ok());
        assert!(args(&["-h"]).wants_help());
    }
}
