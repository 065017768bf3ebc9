//! The game a command plays and the table it is played at: `--game NAME`
//! and the table options (`--players`, `--target`, `--muggins`,
//! `--best-of-three`), read once for every command that plays games.
//!
//! An option is laid over the game's own rules as the field of its serde
//! form (`players`, `target`, `counting`, `match`), so a game takes exactly
//! the options its rules have, and refuses the others in words: "--target:
//! Noddy has no target to choose". A player count is checked against the
//! counts the game is played by, in the game's own words ("Noddy is for 2
//! players"), even where the game has no choice of it.

use crate::args::{Args, CliError};
use cribbage::ai::Game;
use cribbage::ai::game::players_allowed;
use cribbage::family::{AnyGame, Visit, rules_of};
use cribbage::games::{GameKind, ParseGameKindError};
use serde_json::{Map, Value};

/// `--game NAME` (standard cribbage by default) among the games `plays`
/// lists.
///
/// # Errors
/// A usage error for a name that is not a game of the family, or one this
/// command does not take.
pub fn game(args: &mut Args, plays: &[GameKind]) -> Result<GameKind, CliError> {
    match args.option("--game")? {
        None => Ok(GameKind::Cribbage),
        Some(name) => named_game(&name, plays),
    }
}

/// The game `name` names, among the games `plays` lists.
///
/// # Errors
/// A usage error for a name that is not a game of the family, or one this
/// command does not take.
pub fn named_game(name: &str, plays: &[GameKind]) -> Result<GameKind, CliError> {
    let kind: GameKind = name
        .parse()
        .map_err(|e: ParseGameKindError| CliError::usage(format!("--game: {e}")))?;
    if !plays.contains(&kind) {
        let names: Vec<&str> = plays.iter().map(|k| k.name()).collect();
        return Err(CliError::usage(format!(
            "--game {kind}: this command does not play {} yet (it plays: {})",
            kind.title(),
            names.join(", ")
        )));
    }
    Ok(kind)
}

/// The games of the family for which `has` holds (a visitor that answers
/// whether the game has what a command needs), in [`GameKind::ALL`]'s
/// order.
pub fn games_with<V: Visit<Out = bool> + Copy>(has: V) -> Vec<GameKind> {
    AnyGame::built()
        .into_iter()
        .filter(|&kind| AnyGame::visit(kind, has).unwrap_or(false))
        .collect()
}

/// Every game of the family this build plays.
pub fn every_game() -> Vec<GameKind> {
    AnyGame::built()
}

/// `kinds` as `--game` takes them, one to choose: `cribbage|reverse|noddy`
/// (a usage text's synopsis).
pub fn choices(kinds: &[GameKind]) -> String {
    let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    names.join("|")
}

/// `words` as a list is said: `a`, `a or b`, `a, b or c`.
pub fn or_list(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The table options as given, before a game reads them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TableOptions {
    players: Option<usize>,
    target: Option<u16>,
    muggins: bool,
    best_of_three: bool,
}

impl TableOptions {
    /// Takes `--players N`, `--target T`, `--muggins` and `--best-of-three`.
    ///
    /// # Errors
    /// A usage error for a value that is not a number.
    pub fn read(args: &mut Args) -> Result<TableOptions, CliError> {
        let players = match args.option("--players")? {
            None => None,
            Some(text) => Some(text.parse().map_err(|_| {
                CliError::usage(format!("--players {text:?}: expected a number of players"))
            })?),
        };
        let target = match args.option("--target")? {
            None => None,
            Some(text) => Some(text.parse().map_err(|_| {
                CliError::usage(format!("--target {text:?}: expected a number of points"))
            })?),
        };
        Ok(TableOptions {
            players,
            target,
            muggins: args.flag("--muggins"),
            best_of_three: args.flag("--best-of-three"),
        })
    }

    /// The rules of a game of `kind` (played by `G`) at this table.
    ///
    /// # Errors
    /// A usage error in the game's own words: a player count it is not
    /// for, an option its rules do not have, a value they refuse.
    pub fn rules<G: Game>(&self, kind: GameKind) -> Result<G::Rules, CliError> {
        if let Some(players) = self.players {
            players_allowed::<G>(kind, players).map_err(CliError::usage)?;
        }
        let defaults = serde_json::to_value(G::default_rules(kind)).unwrap_or_default();
        let has = |field: &str| defaults.get(field).is_some();
        let mut options = Map::new();
        let mut set = |flag: &str, field: &str, value: Value| {
            if has(field) {
                options.insert(field.into(), value);
                Ok(())
            } else {
                Err(CliError::usage(format!(
                    "{flag}: {} has no {} to choose",
                    kind.title(),
                    field.replace('_', " ")
                )))
            }
        };
        if let Some(players) = self.players.filter(|_| has("players")) {
            set("--players", "players", players.into())?;
        }
        if let Some(target) = self.target {
            set("--target", "target", target.into())?;
        }
        if self.muggins {
            set("--muggins", "counting", "muggins".into())?;
        }
        if self.best_of_three {
            set("--best-of-three", "match", "best_of_three".into())?;
        }
        rules_of::<G>(kind, &options).map_err(|e| CliError::usage(e.to_string()))
    }
}

/// `--threads K`, 1 to 64 (by default the machine's cores).
///
/// # Errors
/// A usage error for any other number: a run that asked for something
/// else should not report figures as if it got it.
pub fn threads(args: &mut Args) -> Result<usize, CliError> {
    let default_threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(64));
    let threads: usize = args.parsed("--threads", default_threads, "a number of threads")?;
    if !(1..=64).contains(&threads) {
        return Err(CliError::usage(format!(
            "--threads {threads}: expected a number of threads from 1 to 64"
        )));
    }
    Ok(threads)
}

/// Writes one JSON line, flushed.
///
/// # Errors
/// Only a failure to write.
pub fn print_line(line: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{line}")?;
    out.flush()?;
    Ok(())
}

/// The message of a panic, for a report that goes on.
pub fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_named_as_a_synopsis_and_as_words() {
        assert_eq!(
            choices(&[GameKind::Cribbage, GameKind::TableTop]),
            "cribbage|table-top"
        );
        assert_eq!(or_list(&[]), "");
        assert_eq!(or_list(&["noddy"]), "noddy");
        assert_eq!(or_list(&["noddy", "solitaire"]), "noddy or solitaire");
        assert_eq!(or_list(&["a", "b", "c"]), "a, b or c");
    }
}
