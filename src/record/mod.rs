//! A game with its record, for any game of the family: save, restore,
//! replay and undo, written once over [`State`].
//!
//! A game is fully determined by its kind, rules, seed, optional stacked
//! setup and its steps: the actions in order, and a `redraw N` wherever an
//! undo took moves back. So that is all a save holds, plus the scores as a
//! check:
//!
//! ```json
//! {"v":3,"game":"reverse","rules":{"players":2,"target":121,"goal":"avoid"},
//!  "seed":"42","actions":["discard 5H 6C","discard KS QD","redraw 1","discard 5H 7D"],
//!  "scores":[0,0]}
//! ```
//!
//! The seed is a string because JavaScript numbers cannot hold every u64.
//! Restoring replays every step through the checked [`State::advance`], so a
//! file that was tampered with fails at the first action the rules refuse,
//! or at the score check: a restore returns the whole game or an error,
//! never half a game.
//!
//! Older formats still restore. Format 1 (standard cribbage, written before
//! the family existed) names no game and has no redraws. Formats 1 and 2
//! predate muggins calls that name a count: each game reads their steps
//! under today's rules through [`State::upgrade`]. Every point replays as it
//! fell.
//!
//! **Undo** takes back a seat's last decision and everything after it (the
//! computer's replies), by replaying the record without them. Chance is then
//! drawn in a new epoch (see [`crate::table::Chance`]): a card the undone
//! moves revealed (a starter, say) is re-drawn, not learnt.
//!
//! ```
//! use cribbage::games::cribbage::{Game, Rules};
//! use cribbage::games::State;
//! use cribbage::family::AnyGame;
//! use cribbage::record::Session;
//!
//! let mut session = Session::new(Game::new(Rules::default().reverse(), 42));
//! let first = session.game().legal_actions()[3].clone();
//! let seat = session.game().current_player().unwrap();
//! session.apply(first)?;
//! session.undo(seat)?;
//! assert_eq!(session.game().actions().len(), 0);
//! let text = session.to_json();
//! assert!(text.contains("\"game\":\"reverse\""));
//! let back = AnyGame::from_json(&text)?;
//! assert_eq!(back.to_json(), text);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::games::cribbage;
use crate::games::{GameKind, State, Upgrade};
use crate::table::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The save format this build writes; it reads every format from 1.
pub const SAVE_VERSION: u32 = 3;

/// The largest save this build reads: far more than any real match needs,
/// small enough that a bad file cannot make a restore take long.
pub const MAX_SAVE_BYTES: usize = 1 << 20;

/// One entry of a record: an action, or the new chance epoch an undo began.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step<A> {
    /// A player's decision.
    Act(A),
    /// From here on chance draws in this epoch.
    Redraw(u32),
}

impl<A: fmt::Display> fmt::Display for Step<A> {
    /// The action's own text, or `redraw N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Act(action) => action.fmt(f),
            Step::Redraw(epoch) => write!(f, "redraw {epoch}"),
        }
    }
}

impl<A: FromStr<Err: fmt::Display>> FromStr for Step<A> {
    type Err = String;

    fn from_str(s: &str) -> Result<Step<A>, String> {
        match s.trim().strip_prefix("redraw ") {
            Some(epoch) => epoch
                .trim()
                .parse()
                .map(Step::Redraw)
                .map_err(|_| format!("\"{s}\": a redraw names a whole number")),
            None => s.parse::<A>().map(Step::Act).map_err(|e| e.to_string()),
        }
    }
}

/// A saved game as plain data: exactly what the JSON holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved<R, S> {
    /// The format version.
    pub v: u32,
    /// Which game (absent in format 1, which is always standard cribbage).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameKind>,
    /// The game's rules.
    pub rules: R,
    /// The seed, as a decimal string.
    pub seed: String,
    /// The stacked setup, if any.
    #[serde(default = "none", skip_serializing_if = "Option::is_none")]
    pub setup: Option<S>,
    /// Every step, as text.
    pub actions: Vec<String>,
    /// The scores after the last step, checked on restore.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<u16>>,
}

fn none<S>() -> Option<S> {
    None
}

/// The first fields of a save, every other skipped unread: read first (see
/// [`saved_kind`]), so a newer file is reported as newer rather than as
/// having unknown fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Header {
    /// The format version.
    #[serde(default)]
    pub v: Option<u64>,
    /// The game, as the save names it.
    #[serde(default)]
    pub game: Option<GameKind>,
}

/// Why a saved game could not be restored, or a step not taken back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// Not a saved game: bad JSON, missing or wrong fields.
    Malformed(String),
    /// Saved by a newer version of the game than this one.
    FutureVersion(u64),
    /// A format this version no longer reads.
    OldVersion(u64),
    /// A game of the family this build does not play.
    NotBuilt(GameKind),
    /// The save's game and its rules disagree.
    KindMismatch {
        /// The game the save names.
        saved: GameKind,
        /// The game its rules describe.
        rules: GameKind,
    },
    /// The seed is not a number.
    Seed(String),
    /// The stacked setup does not fit the rules.
    Setup(String),
    /// A step the rules refuse, so the game cannot be replayed.
    Illegal {
        /// Its position in the list, from 0.
        index: usize,
        /// The step's text.
        step: String,
        /// Why it was refused.
        error: String,
    },
    /// The replayed scores differ from the ones saved.
    ScoresDiffer {
        /// The scores in the file.
        saved: Vec<u16>,
        /// The scores the replay reached.
        replayed: Vec<u16>,
    },
    /// Nothing of this seat's to take back.
    NothingToUndo(Seat),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Malformed(why) => write!(f, "not a saved game: {why}"),
            RecordError::FutureVersion(v) => write!(
                f,
                "this game was saved by a newer version (format {v}; this version reads up to {SAVE_VERSION})"
            ),
            RecordError::OldVersion(v) => write!(
                f,
                "this game was saved in an old format ({v}) that is no longer read"
            ),
            RecordError::NotBuilt(kind) => {
                write!(f, "{} is not played by this build", kind.title())
            }
            RecordError::KindMismatch { saved, rules } => write!(
                f,
                "the save says {} but its rules are those of {}",
                saved.title(),
                rules.title()
            ),
            RecordError::Seed(seed) => write!(f, "the saved seed \"{seed}\" is not a number"),
            RecordError::Setup(e) => write!(f, "the saved game's {e}"),
            RecordError::Illegal { index, step, error } => write!(
                f,
                "the saved game cannot be replayed: move {} (\"{step}\") is not allowed: {error}",
                index + 1
            ),
            RecordError::ScoresDiffer { saved, replayed } => write!(
                f,
                "the saved game does not add up: it says the scores are [{}], but replaying it gives [{}]",
                list(saved),
                list(replayed)
            ),
            RecordError::NothingToUndo(seat) => {
                write!(f, "seat {seat} has no decision to take back")
            }
        }
    }
}

/// Scores listed for a message: `1, 2`.
fn list(scores: &[u16]) -> String {
    let scores: Vec<String> = scores.iter().map(u16::to_string).collect();
    scores.join(", ")
}

impl std::error::Error for RecordError {}

/// A game and its record: the form every generic layer holds a game in.
#[derive(Debug, Clone)]
pub struct Session<G: State> {
    game: G,
    steps: Vec<Step<G::Action>>,
    /// Who took each step (`None` for a redraw).
    actors: Vec<Option<Seat>>,
    /// The highest epoch this session has drawn in: epochs only grow, so an
    /// undo never goes back to cards already shown.
    epoch: u32,
}

impl<G: State> Session<G> {
    /// A session over a game just created (by `new` or `with_setup`).
    pub fn new(game: G) -> Session<G> {
        let epoch = game.epoch();
        Session {
            game,
            steps: Vec::new(),
            actors: Vec::new(),
            epoch,
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Every step so far.
    pub fn steps(&self) -> &[Step<G::Action>] {
        &self.steps
    }

    /// Applies an action for the player to act and records it; returns the
    /// index of the first new event.
    ///
    /// # Errors
    /// As [`State::advance`]; the session is then unchanged.
    pub fn apply(&mut self, action: G::Action) -> Result<usize, G::Illegal> {
        let actor = self.game.current_player();
        let first = self.game.advance(action.clone())?;
        self.steps.push(Step::Act(action));
        self.actors.push(actor);
        Ok(first)
    }

    /// Who took each step, in order (`None` for a redraw).
    pub fn actors(&self) -> &[Option<Seat>] {
        &self.actors
    }

    /// The highest epoch this session has drawn chance in.
    pub fn epoch(&self) -> u32 {
        self.epoch
    }

    /// Draws chance afresh in `epoch` from here on, and records it (the
    /// step `redraw N`), as a replay of the record does.
    pub fn redraw(&mut self, epoch: u32) {
        self.game.redraw(epoch);
        self.epoch = self.epoch.max(epoch);
        self.steps.push(Step::Redraw(epoch));
        self.actors.push(None);
    }

    /// The game as it was before its first step: the same rules, seed and
    /// stacked start.
    pub fn fresh_game(&self) -> G {
        self.fresh()
    }

    /// Whether `seat` has a decision to take back.
    pub fn can_undo(&self, seat: Seat) -> bool {
        self.actors.contains(&Some(seat))
    }

    /// Takes back `seat`'s last decision and every step after it, and
    /// draws chance afresh from there on. Returns how many decisions were
    /// taken back.
    ///
    /// # Errors
    /// [`RecordError::NothingToUndo`] when `seat` has made no decision; the
    /// session is then unchanged.
    pub fn undo(&mut self, seat: Seat) -> Result<usize, RecordError> {
        let Some(at) = self.actors.iter().rposition(|&a| a == Some(seat)) else {
            return Err(RecordError::NothingToUndo(seat));
        };
        let taken = self.steps[at..]
            .iter()
            .filter(|s| matches!(s, Step::Act(_)))
            .count();
        let mut steps = self.steps[..at].to_vec();
        self.epoch += 1;
        steps.push(Step::Redraw(self.epoch));
        let game = self.fresh();
        // The kept steps were legal once, from the same start: they are again.
        let replayed = Session::replay(game, steps).map_err(|(_, e)| e)?;
        *self = Session {
            epoch: self.epoch,
            ..replayed
        };
        Ok(taken)
    }

    /// Replays the record from the game's start and shows `visit` each
    /// action with its index among the actions (redraws not counted) and
    /// the game just before it: what a post-game review walks through.
    pub fn for_each_action(&self, mut visit: impl FnMut(usize, &G, &G::Action)) {
        let mut game = self.fresh();
        let mut index = 0;
        for step in &self.steps {
            match step {
                Step::Act(action) => {
                    visit(index, &game, action);
                    // Every step was legal when it was taken, from the same start.
                    if game.advance(action.clone()).is_err() {
                        break;
                    }
                    index += 1;
                }
                Step::Redraw(epoch) => game.redraw(*epoch),
            }
        }
    }

    /// The game as it was before its first step.
    fn fresh(&self) -> G {
        let rules = self.game.rules();
        let seed = self.game.seed();
        match self.game.setup() {
            // The setup was accepted when the game was made.
            Some(setup) => {
                G::with_setup(rules, seed, setup.clone()).unwrap_or_else(|_| G::new(rules, seed))
            }
            None => G::new(rules, seed),
        }
    }

    /// Replays `steps` on `game`.
    ///
    /// # Errors
    /// The index of the first step refused, and why.
    fn replay(game: G, steps: Vec<Step<G::Action>>) -> Result<Session<G>, (usize, RecordError)> {
        let mut session = Session::new(game);
        for (index, step) in steps.into_iter().enumerate() {
            session.take(index, step).map_err(|e| (index, e))?;
        }
        Ok(session)
    }

    /// Takes one step of a replay: the step at `index` of the record.
    fn take(&mut self, index: usize, step: Step<G::Action>) -> Result<(), RecordError> {
        match step {
            // The step's text is written only when the step is refused.
            Step::Act(action) => match self.apply(action.clone()) {
                Ok(_) => Ok(()),
                Err(e) => Err(RecordError::Illegal {
                    index,
                    step: action.to_string(),
                    error: e.to_string(),
                }),
            },
            Step::Redraw(epoch) => {
                self.game.redraw(epoch);
                self.epoch = self.epoch.max(epoch);
                self.steps.push(Step::Redraw(epoch));
                self.actors.push(None);
                Ok(())
            }
        }
    }

    /// Takes what an older format's step implies under today's rules
    /// before the step itself (see [`State::upgrade`]); returns what the
    /// step is today, when its text no longer says it.
    fn upgrade(
        &mut self,
        format: u32,
        index: usize,
        text: Option<&str>,
    ) -> Result<Option<G::Action>, RecordError> {
        if format >= SAVE_VERSION {
            return Ok(None);
        }
        let Upgrade { before, instead } = self.game.upgrade(format, text);
        for action in before {
            self.take(index, Step::Act(action))?;
        }
        Ok(instead)
    }

    /// The game as save data.
    pub fn to_saved(&self) -> Saved<G::Rules, G::Setup> {
        Saved {
            v: SAVE_VERSION,
            game: Some(self.game.kind()),
            rules: self.game.rules(),
            seed: self.game.seed().to_string(),
            setup: self.game.setup().cloned(),
            actions: self.steps.iter().map(ToString::to_string).collect(),
            scores: Some(self.game.score_list()),
        }
    }

    /// Restores a game from save data (any format from 1), replaying every
    /// step.
    ///
    /// # Errors
    /// [`RecordError`] saying what is wrong; nothing is half-restored.
    pub fn from_saved(saved: Saved<G::Rules, G::Setup>) -> Result<Session<G>, RecordError> {
        check_version(saved.v)?;
        let seed: u64 = saved
            .seed
            .parse()
            .map_err(|_| RecordError::Seed(saved.seed.clone()))?;
        let game = match saved.setup {
            Some(setup) => G::with_setup(saved.rules, seed, setup)
                .map_err(|e| RecordError::Setup(e.to_string()))?,
            None => G::new(saved.rules, seed),
        };
        // Format 1 names no game: its rules say which (the page wrote
        // reverse games in format 1, with `"goal":"avoid"` in the rules).
        let expected = saved.game.unwrap_or(game.kind());
        if expected != game.kind() {
            return Err(RecordError::KindMismatch {
                saved: expected,
                rules: game.kind(),
            });
        }
        let mut session = Session::new(game);
        for (index, text) in saved.actions.iter().enumerate() {
            let step = match session.upgrade(saved.v, index, Some(text))? {
                Some(action) => Step::Act(action),
                None => text.parse().map_err(|error| RecordError::Illegal {
                    index,
                    step: text.clone(),
                    error,
                })?,
            };
            if saved.v < 2 && matches!(step, Step::Redraw(_)) {
                return Err(RecordError::Malformed(format!(
                    "\"{text}\" in a format-1 save"
                )));
            }
            session.take(index, step)?;
        }
        session.upgrade(saved.v, saved.actions.len(), None)?;
        if let Some(saved_scores) = saved.scores {
            let replayed = if saved.v < SAVE_VERSION {
                session.game.upgraded_scores(saved.v)
            } else {
                session.game.score_list()
            };
            if saved_scores != replayed {
                return Err(RecordError::ScoresDiffer {
                    saved: saved_scores,
                    replayed,
                });
            }
        }
        Ok(session)
    }

    /// The game as compact JSON.
    pub fn to_json(&self) -> String {
        crate::json::to_string(&self.to_saved())
    }
}

/// Which game a save holds, from its first two fields (`v` and `game`),
/// read before anything else so that a newer file is reported as newer and
/// a game this build lacks as not playable here, rather than as having
/// fields this build does not know. Format 1 names no game: it is cribbage.
///
/// # Errors
/// [`RecordError`] for a missing, old or newer version, a format-1 save that
/// names a game or a later save that names none.
pub fn saved_kind(v: Option<u64>, game: Option<GameKind>) -> Result<GameKind, RecordError> {
    let v = v.ok_or_else(|| RecordError::Malformed("no format version (\"v\")".into()))?;
    check_version(u32::try_from(v).map_err(|_| RecordError::FutureVersion(v))?)?;
    match (v, game) {
        (1, None) => Ok(GameKind::Cribbage),
        (1, Some(_)) => Err(RecordError::Malformed(
            "a format-1 save names no game".into(),
        )),
        (_, Some(kind)) => Ok(kind),
        (_, None) => Err(RecordError::Malformed("no game (\"game\")".into())),
    }
}

fn check_version(v: u32) -> Result<(), RecordError> {
    match v {
        0 => Err(RecordError::OldVersion(0)),
        v if v <= SAVE_VERSION => Ok(()),
        v => Err(RecordError::FutureVersion(u64::from(v))),
    }
}

impl cribbage::Game {
    /// The save of a game played straight through, without undo (a game
    /// with undone moves is saved by its [`Session`], which keeps the
    /// redraws): compact JSON in the current format.
    pub fn to_json(&self) -> String {
        let saved = Saved {
            v: SAVE_VERSION,
            game: Some(self.kind()),
            rules: self.rules(),
            seed: self.seed().to_string(),
            setup: self.setup().cloned(),
            actions: self.actions().iter().map(ToString::to_string).collect(),
            scores: Some(self.score_list()),
        };
        crate::json::to_string(&saved)
    }

    /// Restores standard or reverse cribbage from a save of any format,
    /// replaying every step.
    ///
    /// # Errors
    /// [`RecordError`] saying what is wrong; nothing is half-restored.
    pub fn from_json(text: &str) -> Result<cribbage::Game, RecordError> {
        if text.len() > MAX_SAVE_BYTES {
            return Err(RecordError::Malformed(format!(
                "{} bytes is far larger than any saved game",
                text.len()
            )));
        }
        let malformed = |e: crate::json::Error| RecordError::Malformed(e.to_string());
        let header: Header = crate::json::from_str(text).map_err(malformed)?;
        match saved_kind(header.v, header.game)? {
            GameKind::Cribbage | GameKind::Reverse => {
                let saved = crate::json::from_str(text).map_err(malformed)?;
                Ok(Session::from_saved(saved)?.game)
            }
            other => Err(RecordError::Malformed(format!(
                "a save of {}, not of cribbage",
                other.title()
            ))),
        }
    }
}
