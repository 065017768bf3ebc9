//! The game at the wasm boundary: a [`GameHandle`] owns a game of the family
//! with its record ([`Session`]); the page reads observations and events,
//! sends choices back as action text, and may take its own decisions back.
//! JS never mirrors the rules. The page holds it by number (`handles.rs`),
//! wrapped in the `CribbageGame` class of `www/js/game-handle.js`:
//!
//! ```js
//! import { loadEngine } from './js/engine.js';
//! const { CribbageGame } = await loadEngine();
//! const game = new CribbageGame({ players: 2, target: 121 }, '12345');
//! const view = game.observation(0);          // what seat 0 may know
//! const events = game.apply(0, 'discard 5H 6C'); // throws an Error if not allowed
//! if (game.canUndo(0)) game.undo(0);         // takes back seat 0's last decision
//! localStorage.setItem('game', game.save()); // {"v":2,"game":"cribbage",...}
//! const again = CribbageGame.restore(localStorage.getItem('game'));
//! ```

use super::read::{self, Obj};
use super::to_js;
use crate::cards::Card;
use crate::games::cribbage::{Action, Game, Phase};
use crate::games::cribbage::{Counting, CutForDeal, MatchFormat, Rules};
use crate::games::cribbage::{DealSetup, Setup};
use crate::games::{GameKind, State};
use crate::record::{RecordError, Saved, Session};
use crate::table::Goal;
use wasm_bindgen::prelude::*;

pub(crate) use super::args::{parse_seed, seat_arg, to_json_text};

/// Restores a game of this module's games, standard or reverse cribbage,
/// from save text (any format), with every failure a [`RecordError`] (a
/// game of the family another module plays is [`RecordError::NotBuilt`]
/// here): what [`crate::record::AnySession::from_json`] does natively,
/// read by the browser's `JSON.parse` and the readers of `read.rs` rather
/// than by serde_json (see `read.rs` for why).
pub(crate) fn restore_text(text: &str) -> Result<Session<Game>, RecordError> {
    let (value, v, game, kind) = read::save_start(text)?;
    if !matches!(kind, GameKind::Cribbage | GameKind::Reverse) {
        return Err(RecordError::NotBuilt(kind));
    }
    let obj = Obj::new(&value, "the save").map_err(RecordError::Malformed)?;
    let saved = saved_fields(&obj, v, game).map_err(RecordError::Malformed)?;
    Session::from_saved(saved)
}

/// Reads a save's rules from a plain object `{ players, target, counting?,
/// match?, goal?, cut_for_deal? }`; `goal: "avoid"` is reverse cribbage,
/// `cut_for_deal: "by_hand"` has the players cut for deal themselves.
fn rules(value: &JsValue) -> Result<Rules, String> {
    rules_of(value, false)
}

/// Reads the rules; with `game`, a new game's, which may also say
/// `game: "cribbage" | "reverse"`: the same as `goal: "reach" | "avoid"`,
/// and refused when both are given and disagree.
fn rules_of(value: &JsValue, game: bool) -> Result<Rules, String> {
    let obj = Obj::new(value, "the rules")?;
    let known: &[&str] = if game {
        &[
            "players",
            "target",
            "counting",
            "match",
            "goal",
            "cut_for_deal",
            "game",
        ]
    } else {
        &[
            "players",
            "target",
            "counting",
            "match",
            "goal",
            "cut_for_deal",
        ]
    };
    obj.only(known)?;
    let goal = match obj.string_opt("goal")?.as_deref() {
        None => None,
        Some("reach") => Some(Goal::Reach),
        Some("avoid") => Some(Goal::Avoid),
        Some(other) => {
            return Err(format!(
                "the rules' goal \"{other}\" is not \"reach\" or \"avoid\""
            ));
        }
    };
    let named = match obj.string_opt("game")?.as_deref() {
        None => None,
        Some("cribbage") => Some(Goal::Reach),
        Some("reverse") => Some(Goal::Avoid),
        Some(other) => {
            return Err(format!(
                "the rules' game \"{other}\" is not \"cribbage\" or \"reverse\""
            ));
        }
    };
    let goal = match (goal, named) {
        (Some(goal), Some(named)) if goal != named => {
            return Err("the rules' game and goal disagree".into());
        }
        (goal, named) => goal.or(named).unwrap_or_default(),
    };
    let players = obj.whole("players", 255)? as u8;
    let target = obj.whole("target", 65535)? as u16;
    let counting = match obj.string_opt("counting")?.as_deref() {
        None | Some("automatic") => Counting::Automatic,
        Some("muggins") => Counting::Muggins,
        Some(other) => {
            return Err(format!(
                "the rules' counting \"{other}\" is not \"automatic\" or \"muggins\""
            ));
        }
    };
    let format = match obj.string_opt("match")?.as_deref() {
        None | Some("single") => MatchFormat::Single,
        Some("best_of_three") => MatchFormat::BestOfThree,
        Some(other) => {
            return Err(format!(
                "the rules' match \"{other}\" is not \"single\" or \"best_of_three\""
            ));
        }
    };
    let cut = match obj.string_opt("cut_for_deal")?.as_deref() {
        None | Some("drawn") => CutForDeal::Drawn,
        Some("by_hand") => CutForDeal::ByHand,
        Some(other) => {
            return Err(format!(
                "the rules' cut_for_deal \"{other}\" is not \"drawn\" or \"by_hand\""
            ));
        }
    };
    Rules::new(players, target, counting, format)
        .map(|rules| rules.with_goal(goal).with_cut_for_deal(cut))
        .map_err(|e| e.to_string())
}

/// The fields of a save after its version and game.
fn saved_fields(obj: &Obj, v: u64, game: Option<GameKind>) -> Result<Saved<Rules, Setup>, String> {
    obj.only(&["v", "game", "rules", "seed", "setup", "actions", "scores"])?;
    let rules = rules(&obj.get("rules").ok_or("the save is missing \"rules\"")?)?;
    let seed = obj.string("seed")?;
    let setup = obj.get("setup").map(|s| setup(&s)).transpose()?;
    // Loops rather than collecting into a `Result`: each such collect is
    // its own copy of the iterator-adapter machinery in the wasm module.
    // The steps stay text: `Session::from_saved` reads them.
    let mut actions = Vec::new();
    for a in obj.array("actions")?.iter() {
        actions.push(read::string(&a, "each action")?);
    }
    let scores = obj
        .get("scores")
        .map(|s| read::wholes(&s, "the save's scores", 65535))
        .transpose()?
        .map(|s| s.into_iter().map(|n| n as u16).collect());
    Ok(Saved {
        // `saved_kind` accepted it: 1 or 2.
        v: v as u32,
        game,
        rules,
        seed,
        setup,
        actions,
        scores,
    })
}

/// Reads a stacked setup `{ first_dealer, scores?, deals: [{ hands, crib?, starter }] }`.
fn setup(value: &JsValue) -> Result<Setup, String> {
    let obj = Obj::new(value, "the setup")?;
    obj.only(&["first_dealer", "scores", "deals"])?;
    let first_dealer = obj.whole("first_dealer", 3)? as usize;
    let scores = obj
        .get("scores")
        .map(|s| read::wholes(&s, "the setup's scores", 65535))
        .transpose()?
        .map(|s| s.into_iter().map(|n| n as u16).collect())
        .unwrap_or_default();
    let mut deals = Vec::new();
    let list = obj.array_opt("deals")?.unwrap_or_default();
    for deal in list.iter() {
        let d = Obj::new(&deal, "a setup deal")?;
        d.only(&["hands", "crib", "starter"])?;
        let mut hands = Vec::new();
        for h in d.array("hands")?.iter() {
            hands.push(read::cards(&h, "a setup hand")?);
        }
        let crib = d
            .get("crib")
            .map(|c| read::cards(&c, "a setup crib"))
            .transpose()?
            .unwrap_or_default();
        let starter = d
            .string("starter")?
            .parse::<Card>()
            .map_err(|e| format!("a setup starter: {e}"))?;
        deals.push(DealSetup {
            hands,
            crib,
            starter,
        });
    }
    Ok(Setup {
        first_dealer,
        scores,
        deals,
    })
}

/// A game (or match) of the family, with its record, owned by the wasm
/// module and reached from JS through a numbered handle (see `handles.rs`).
pub struct GameHandle {
    session: Session<Game>,
}

impl GameHandle {
    /// The game and its record. One arm per game this build plays: the
    /// one place a new game of the family is added to the handle.
    fn session(&self) -> &Session<Game> {
        &self.session
    }

    fn session_mut(&mut self) -> &mut Session<Game> {
        &mut self.session
    }

    fn game(&self) -> &Game {
        self.session().game()
    }

    /// Reads a seat argument for this game's table (see [`seat_arg`]).
    fn seat(&self, seat: &JsValue) -> Result<usize, JsError> {
        seat_arg(seat, self.game().players())
    }
}

impl GameHandle {
    /// A new game. `rules` is `{ players: 2|3|4, target: 121|61, counting?:
    /// "automatic"|"muggins", match?: "single"|"best_of_three", goal?:
    /// "reach"|"avoid", game?: "cribbage"|"reverse" }` (`goal: "avoid"` and
    /// `game: "reverse"` both make reverse cribbage); `seed` is a decimal
    /// string (the page draws it from `crypto.getRandomValues`).
    ///
    /// # Errors
    /// A JS `Error` for rules the game does not play or a seed that is not a number.
    pub fn new(rules: JsValue, seed: &str) -> Result<GameHandle, JsError> {
        let rules = rules_of(&rules, true).map_err(|e| JsError::new(&e))?;
        Ok(GameHandle {
            session: Session::new(Game::new(rules, parse_seed(seed)?)),
        })
    }

    /// Restores a game saved by [`GameHandle::save`] (format 2), or by an
    /// earlier version (format 1).
    ///
    /// # Errors
    /// A JS `Error` saying why the save cannot be restored (corrupt, from a
    /// newer version, a game this version does not play, moves the rules
    /// refuse); nothing is half-restored.
    pub fn restore(json: &str) -> Result<GameHandle, JsError> {
        Ok(GameHandle {
            session: restore_text(json)?,
        })
    }

    /// The game as compact JSON, format 2 (`{"v":2,"game":"reverse",
    /// "rules":…,"seed":…,"actions":[…],"scores":[…]}`, the actions with a
    /// `redraw N` after each undo), for localStorage: the same text
    /// `AnySession::to_json` writes natively.
    ///
    /// # Errors
    /// Only if the value cannot be made (never in practice).
    pub fn save(&self) -> Result<String, JsError> {
        to_json_text(&self.session().to_saved())
    }

    /// Which game of the family this is: `"cribbage"` or `"reverse"`.
    pub fn kind(&self) -> String {
        State::kind(self.game()).name().to_string()
    }

    /// The rules, as the plain object the constructor takes.
    ///
    /// # Errors
    /// Only if the value cannot be made (never in practice).
    pub fn rules(&self) -> Result<JsValue, JsError> {
        to_js(&self.game().rules())
    }

    /// The seed, as a decimal string.
    pub fn seed(&self) -> String {
        self.game().seed().to_string()
    }

    /// The observation of `seat` as JSON text, exactly as the native library
    /// writes it (the differential test compares the two); the page parses
    /// it for what the seat may know. The computer
    /// players' worker is not sent this: it is sent the save and the seat,
    /// and makes the observation itself (see `ai.rs`).
    ///
    /// # Errors
    /// A JS `Error` for a seat that is not at the table (see [`seat_arg`]).
    pub fn observation_json(&self, seat: JsValue) -> Result<String, JsError> {
        let seat = self.seat(&seat)?;
        to_json_text(&self.game().observation(seat))
    }

    /// The seat to act, or `undefined` when the game is over.
    pub fn to_act(&self) -> Option<usize> {
        self.game().current_player()
    }

    /// The phase: "cut", "discard", "play", "claim", "muggins" or "over".
    pub fn phase(&self) -> String {
        match self.game().phase() {
            Phase::Cut => "cut",
            Phase::Discard => "discard",
            Phase::Play => "play",
            Phase::Claim => "claim",
            Phase::Muggins => "muggins",
            Phase::Over => "over",
        }
        .to_string()
    }

    /// The legal actions of the seat to act, as action text
    /// (`"discard 5H 6C"`, `"play 5H"`, `"go"`, `"claim 12"`, `"muggins"`, `"accept"`).
    pub fn legal_actions(&self) -> Vec<String> {
        self.game()
            .legal_actions()
            .iter()
            .map(Action::to_string)
            .collect()
    }

    /// Applies `action` (action text) for `seat`, records it, and returns
    /// the events it caused, as plain objects with a `type` field.
    ///
    /// # Errors
    /// A JS `Error` with a clear message when the seat is not at the table
    /// (see [`seat_arg`]), the text is not an action, it is not `seat`'s
    /// turn, or the rules refuse it; the game is then unchanged.
    pub fn apply(&mut self, seat: JsValue, action: &str) -> Result<JsValue, JsError> {
        let seat = self.seat(&seat)?;
        let action: Action = action.parse()?;
        self.game().check_turn(seat)?;
        let first = self.session_mut().apply(action)?;
        to_js(self.game().events().get(first..).unwrap_or_default())
    }

    /// Whether `seat` has a decision to take back.
    ///
    /// # Errors
    /// A JS `Error` for a seat that is not at the table (see [`seat_arg`]).
    pub fn can_undo(&self, seat: JsValue) -> Result<bool, JsError> {
        let seat = self.seat(&seat)?;
        Ok(self.session().can_undo(seat))
    }

    /// Takes back `seat`'s last decision and every decision after it (the
    /// other players' replies), and returns how many decisions were taken
    /// back. Chance is then drawn afresh: a starter the undone moves turned
    /// is re-drawn, not learnt (the save keeps a `redraw N` step). The page
    /// then reads the game again from [`GameHandle::events`]`(0)`.
    ///
    /// # Errors
    /// A JS `Error` for a seat that is not at the table (see [`seat_arg`]),
    /// or when the seat has no decision to take back; the game is then
    /// unchanged.
    pub fn undo(&mut self, seat: JsValue) -> Result<usize, JsError> {
        let seat = self.seat(&seat)?;
        Ok(self.session_mut().undo(seat)?)
    }

    /// Every event from index `from` on (all of them from 0), to catch a page
    /// up after a reload.
    ///
    /// # Errors
    /// Only if the value cannot be made.
    pub fn events(&self, from: usize) -> Result<JsValue, JsError> {
        let events = self.game().events();
        to_js(events.get(from..).unwrap_or_default())
    }

    /// How many events there have been.
    pub fn event_count(&self) -> usize {
        self.game().events().len()
    }

    /// How many actions have been applied (and not taken back).
    pub fn action_count(&self) -> usize {
        self.game().actions().len()
    }

    /// Whether the game (or match) is over.
    pub fn is_over(&self) -> bool {
        self.game().is_over()
    }

    /// The winning side once over, else `undefined`.
    pub fn winner(&self) -> Option<usize> {
        self.game().winner()
    }
}

/// Times random two-player games in the browser, for `build.sh bench`:
/// plays `games` games with pseudo-random legal actions from `seed` and
/// returns the number of actions applied. The caller times it. Only in the
/// benchmark module (feature `bench`).
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchRandomGames)]
pub fn bench_random_games(games: u32, seed: u32) -> u32 {
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};
    let mut actions = 0u32;
    for g in 0..games {
        let game_seed = u64::from(seed) + u64::from(g);
        let mut game = Game::new(Rules::default(), game_seed);
        let mut chooser = ChaCha8Rng::seed_from_u64(game_seed);
        while !game.is_over() {
            let legal = game.legal_actions();
            let Some(action) = legal.get(chooser.random_range(0..legal.len())).cloned() else {
                break;
            };
            if game.advance(action).is_err() {
                break;
            }
            actions += 1;
        }
    }
    actions
}
