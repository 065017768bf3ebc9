//! Saving and restoring a game as compact, versioned JSON.
//!
//! A game is fully determined by its rules, seed, optional stacked setup and
//! actions, so that is all a save holds, plus the scores as a check:
//!
//! ```json
//! {"v":1,"rules":{"players":2,"target":121,"counting":"automatic","match":"single"},
//!  "seed":"42","actions":["discard 5H 6C","discard KS QD","play 7C","go"],"scores":[12,9]}
//! ```
//!
//! The seed is a string because JavaScript numbers cannot hold every u64.
//! Restoring replays every action through the checked [`Game::apply`], so a
//! file that was tampered with fails at the first action the rules refuse, or
//! at the score check; a restore either returns the whole game or an error,
//! never a half-restored game.
//!
//! ```
//! use cribbage::games::cribbage::Game;
//! use cribbage::games::cribbage::Rules;
//!
//! let mut game = Game::new(Rules::default(), 42);
//! let action = game.legal_actions()[3].clone();
//! game.apply(action)?;
//! let text = game.to_json();
//! let back = Game::from_json(&text)?;
//! assert_eq!(back, game);
//! assert_eq!(back.events(), game.events());
//! assert!(Game::from_json("{\"v\":99}").unwrap_err().to_string().contains("newer"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::games::cribbage::Rules;
use crate::games::cribbage::{Action, Game, IllegalAction, Setup, SetupError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The save format this build writes and reads.
pub const SAVE_VERSION: u32 = 1;

/// The largest save this build reads: far more than any real match needs,
/// small enough that a bad file cannot make a restore take long.
const MAX_SAVE_BYTES: usize = 1 << 20;

/// A saved game as plain data: exactly what the JSON holds. The wasm module
/// turns it into text with the browser's own JSON, which keeps a JSON
/// library out of the module.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// The format version, [`SAVE_VERSION`].
    pub v: u32,
    /// The rules.
    pub rules: Rules,
    /// The seed, as a decimal string.
    pub seed: String,
    /// The stacked setup, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Setup>,
    /// Every action, in order.
    pub actions: Vec<Action>,
    /// The scores after the last action, checked on restore.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<u16>>,
}

/// Just the version of a save, every other field skipped unread: read first,
/// so a newer file is reported as newer rather than as having fields this
/// version does not know.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct SaveVersion {
    /// The `v` field, when it is a whole number.
    #[serde(default)]
    pub v: Option<u64>,
}

impl SaveVersion {
    /// Whether this build reads the version.
    ///
    /// # Errors
    /// [`SaveError`] for a missing, newer or older version.
    pub fn check(self) -> Result<(), SaveError> {
        let version = self
            .v
            .ok_or_else(|| SaveError::Malformed("no format version (\"v\")".into()))?;
        let version = u32::try_from(version).unwrap_or(u32::MAX);
        match version.cmp(&SAVE_VERSION) {
            std::cmp::Ordering::Greater => Err(SaveError::FutureVersion(version)),
            std::cmp::Ordering::Less => Err(SaveError::OldVersion(version)),
            std::cmp::Ordering::Equal => Ok(()),
        }
    }
}

/// Why a saved game could not be restored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveError {
    /// Not a saved game: bad JSON, missing or wrong fields.
    Malformed(String),
    /// Saved by a newer version of the game than this one.
    FutureVersion(u32),
    /// An old format this version no longer reads.
    OldVersion(u32),
    /// The seed is not a number.
    Seed(String),
    /// The stacked setup does not fit the rules.
    Setup(SetupError),
    /// An action the rules refuse, so the game cannot be replayed.
    Illegal {
        /// Its position in the list, from 0.
        index: usize,
        /// The action.
        action: Action,
        /// Why it was refused.
        error: IllegalAction,
    },
    /// The replayed scores differ from the ones saved.
    ScoresDiffer {
        /// The scores in the file.
        saved: Vec<u16>,
        /// The scores the replay reached.
        replayed: Vec<u16>,
    },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Malformed(why) => write!(f, "not a saved cribbage game: {why}"),
            SaveError::FutureVersion(v) => write!(
                f,
                "this game was saved by a newer version (format {v}; this version reads {SAVE_VERSION})"
            ),
            SaveError::OldVersion(v) => {
                write!(
                    f,
                    "this game was saved in an old format ({v}) that is no longer read"
                )
            }
            SaveError::Seed(seed) => write!(f, "the saved seed \"{seed}\" is not a number"),
            SaveError::Setup(e) => write!(f, "the saved game's {e}"),
            SaveError::Illegal {
                index,
                action,
                error,
            } => write!(
                f,
                "the saved game cannot be replayed: move {} (\"{action}\") is not allowed: {error}",
                index + 1
            ),
            SaveError::ScoresDiffer { saved, replayed } => write!(
                f,
                "the saved game does not add up: it says the scores are [{}], but replaying it gives [{}]",
                list(saved),
                list(replayed)
            ),
        }
    }
}

/// Scores as `{:?}` would list them (`1, 2`), without pulling `Debug`
/// formatting, or a copy of the generic `join`, into the wasm module.
fn list(scores: &[u16]) -> String {
    let mut text = String::new();
    for (i, score) in scores.iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        text.push_str(&score.to_string());
    }
    text
}

impl std::error::Error for SaveError {}

impl Game {
    /// The game as plain save data: rules, seed, setup, actions and scores.
    pub fn to_saved(&self) -> SavedGame {
        SavedGame {
            v: SAVE_VERSION,
            rules: self.rules(),
            seed: self.seed().to_string(),
            setup: self.setup().cloned(),
            actions: self.actions().to_vec(),
            scores: Some(self.scores().iter().map(|p| p.front).collect()),
        }
    }

    /// Restores a game from save data, replaying every action.
    ///
    /// # Errors
    /// [`SaveError`] saying what is wrong; nothing is half-restored.
    pub fn from_saved(saved: SavedGame) -> Result<Game, SaveError> {
        SaveVersion {
            v: Some(u64::from(saved.v)),
        }
        .check()?;
        let seed: u64 = saved
            .seed
            .parse()
            .map_err(|_| SaveError::Seed(saved.seed.clone()))?;
        let mut game = match saved.setup {
            Some(setup) => Game::with_setup(saved.rules, seed, setup).map_err(SaveError::Setup)?,
            None => Game::new(saved.rules, seed),
        };
        for (index, action) in saved.actions.into_iter().enumerate() {
            if let Err(error) = game.advance(action.clone()) {
                return Err(SaveError::Illegal {
                    index,
                    action,
                    error,
                });
            }
        }
        if let Some(saved) = saved.scores {
            let replayed: Vec<u16> = game.scores().iter().map(|p| p.front).collect();
            if saved != replayed {
                return Err(SaveError::ScoresDiffer { saved, replayed });
            }
        }
        Ok(game)
    }

    /// The game as compact JSON (see [`Game::to_saved`]).
    pub fn to_json(&self) -> String {
        // Serializing plain data with string keys cannot fail.
        serde_json::to_string(&self.to_saved()).unwrap_or_default()
    }

    /// Restores a game saved by [`Game::to_json`], replaying every action.
    ///
    /// # Errors
    /// [`SaveError`] saying what is wrong; nothing is half-restored.
    pub fn from_json(text: &str) -> Result<Game, SaveError> {
        check_size(text.len())?;
        let version: SaveVersion =
            serde_json::from_str(text).map_err(|e| SaveError::Malformed(e.to_string()))?;
        version.check()?;
        let saved: SavedGame =
            serde_json::from_str(text).map_err(|e| SaveError::Malformed(e.to_string()))?;
        Game::from_saved(saved)
    }
}

/// Refuses text far larger than any save, before reading it.
///
/// # Errors
/// [`SaveError::Malformed`] when `bytes` is over the limit.
pub fn check_size(bytes: usize) -> Result<(), SaveError> {
    if bytes > MAX_SAVE_BYTES {
        return Err(SaveError::Malformed(format!(
            "{bytes} bytes is far larger than any saved game"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played_game(seed: u64, moves: usize) -> Game {
        let mut game = Game::new(Rules::default(), seed);
        for _ in 0..moves {
            if game.is_over() {
                break;
            }
            let actions = game.legal_actions();
            let pick = actions[(seed as usize + game.actions().len()) % actions.len()].clone();
            game.apply(pick).unwrap();
        }
        game
    }

    #[test]
    fn bad_saves_give_clear_errors() {
        let game = played_game(5, 20);
        let good = game.to_json();
        let cases: Vec<(String, &str)> = vec![
            ("".into(), "not a saved cribbage game"),
            ("null".into(), "not a saved cribbage game"),
            ("[1,2]".into(), "not a saved cribbage game"),
            ("{}".into(), "no format version"),
            ("{\"v\":\"1\"}".into(), "not a saved cribbage game"),
            ("{\"v\":2}".into(), "newer version"),
            ("{\"v\":0}".into(), "old format"),
            ("{\"v\":1}".into(), "missing field"),
            (good.replace("\"seed\":\"5\"", "\"seed\":\"x5\""), "seed"),
            (good.replace("\"players\":2", "\"players\":7"), "7 players"),
            (good.replace("discard", "dicsard"), "not an action"),
            (
                good.replace("\"scores\":[", "\"scores\":[99,"),
                "does not add up",
            ),
            (good.replacen("play ", "play 2", 1), "not a card"),
            (
                good[..good.len() / 2].to_string(),
                "not a saved cribbage game",
            ),
            ("{\"v\":1e999}".into(), "not a saved cribbage game"),
        ];
        for (text, expected) in cases {
            let err = Game::from_json(&text).unwrap_err().to_string();
            assert!(err.contains(expected), "{text:.60}: {err}");
        }
    }

    #[test]
    fn a_move_out_of_turn_is_caught() {
        let game = played_game(8, 12);
        let mut file: serde_json::Value = serde_json::from_str(&game.to_json()).unwrap();
        let actions = file["actions"].as_array_mut().unwrap();
        actions.swap(3, 4);
        let err = Game::from_json(&file.to_string()).unwrap_err();
        assert!(
            matches!(
                err,
                SaveError::Illegal { .. } | SaveError::ScoresDiffer { .. }
            ),
            "{err}"
        );
    }
}
