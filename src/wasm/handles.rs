//! The games JS holds, by number: `gameNew` makes a game of any game this
//! module plays and returns its handle, every other `game…` export takes
//! the handle first, and `gameFree` lets the game go. Each game is an
//! [`AnyGame`]: the library's record of it does the saving, restoring,
//! undo and replay. `www/js/game-handle.js` wraps the numbers in the
//! `CribbageGame` class the page uses:
//!
//! ```js
//! import { loadEngine } from './js/engine.js';
//! const { CribbageGame } = await loadEngine('noddy');
//! const game = new CribbageGame({ game: 'noddy' }, '12345');
//! const view = game.observation(0);          // what seat 0 may know
//! const events = game.apply(0, 'play 5H');   // throws an Error if not allowed
//! if (game.canUndo(0)) game.undo(0);         // takes back seat 0's last decision
//! localStorage.setItem('game', game.save()); // {"v":3,"game":"noddy",...}
//! const again = CribbageGame.restore(localStorage.getItem('game'));
//! ```
//!
//! Why numbers and not a `#[wasm_bindgen]` class: after a class's `free()`,
//! its JS object passes a null pointer, and wasm-bindgen answers every later
//! call by throwing from *inside* the module ("null pointer passed to
//! rust"). A JS exception leaving wasm never runs the epilogue of the frames
//! it leaves, so each such call leaks a few bytes of the shadow stack; after
//! about 100,000 of them the stack is gone and every call traps ("memory
//! access out of bounds"). The million-call fuzz found it. Here every call
//! returns normally: a handle that was freed, or never made, is an error
//! value that the generated glue throws in JS, after the module has
//! returned and restored its stack.
//!
//! Handles count up from 1 and are never used twice, so a stale handle can
//! never reach another game.

use super::args::{parse_seed, seat_arg};
use super::to_js;
use crate::family::{AnyGame, NewGameError};
use crate::games::Outcome;
use js_sys::{Object, Reflect};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// The live games, with the handle each was given.
#[derive(Default)]
struct Games {
    /// The last handle given (0: none yet).
    last: u32,
    /// Live games: few at a time, so a list searched in order.
    live: Vec<(u32, AnyGame)>,
}

thread_local! {
    static GAMES: RefCell<Games> = RefCell::new(Games::default());
}

/// Reads a handle argument: a whole number from 1 to 2³² − 1. A `JsValue`
/// rather than a `u32` parameter, which wasm-bindgen would take the way JS
/// does (`NaN`, `"abc"` and `undefined` all 0, `1.5` as 1).
fn handle_arg(handle: &JsValue) -> Result<u32, JsError> {
    match handle.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= 1.0 && n <= f64::from(u32::MAX) => Ok(n as u32),
        _ => Err(JsError::new(
            "a game handle is a whole number that gameNew or gameRestore gave",
        )),
    }
}

/// The registry, or an error if a call is already inside it (only possible
/// if a call were made from inside another).
fn games<T>(f: impl FnOnce(&mut Games) -> Result<T, JsError>) -> Result<T, JsError> {
    GAMES.with(|games| match games.try_borrow_mut() {
        Ok(mut games) => f(&mut games),
        Err(_) => Err(JsError::new("the engine is busy with another call")),
    })
}

/// Keeps `game` and returns its new handle.
fn keep(game: AnyGame) -> Result<u32, JsError> {
    games(|games| {
        let handle = games
            .last
            .checked_add(1)
            .ok_or_else(|| JsError::new("no game handles are left: reload the page"))?;
        games.last = handle;
        games.live.push((handle, game));
        Ok(handle)
    })
}

/// Takes the game `handle` names out of the registry, for one call.
fn take(handle: &JsValue) -> Result<(u32, AnyGame), JsError> {
    let handle = handle_arg(handle)?;
    games(|games| {
        let at = games
            .live
            .iter()
            .position(|(h, _)| *h == handle)
            .ok_or_else(|| {
                JsError::new(&format!(
                    "no game has handle {handle}: it was freed, or never made"
                ))
            })?;
        Ok(games.live.swap_remove(at))
    })
}

/// Runs `f` on the game `handle` names (out of the registry meanwhile).
///
/// # Errors
/// A JS `Error` for a handle that is not a number or names no live game;
/// or `f`'s own.
fn with_game<T>(
    handle: &JsValue,
    f: impl FnOnce(&mut AnyGame) -> Result<T, JsError>,
) -> Result<T, JsError> {
    let (handle, mut game) = take(handle)?;
    let out = f(&mut game);
    // The registry was free when taken from, and nothing inside `f` can
    // reach it, so the game always goes back.
    let _ = games(|games| {
        games.live.push((handle, game));
        Ok(())
    });
    out
}

/// A new game; returns its handle. `rules` is an object naming the game and
/// any of its options, as the game's rules write them: `{ game: "noddy" }`,
/// `{ game: "table-top", players: 4 }`, or standard cribbage's `{ players:
/// 2|3|4, target: 121|61, counting?: "automatic"|"muggins", match?:
/// "single"|"best_of_three", goal?: "reach"|"avoid", cut_for_deal?:
/// "drawn"|"by_hand" }` (no `game`: cribbage; `game: "reverse"` or `goal:
/// "avoid"`: reverse cribbage). Options left out take the game's defaults.
/// `seed` is a decimal string.
///
/// # Errors
/// A JS `Error` for rules this module does not play or a seed that is not a
/// number.
#[wasm_bindgen(js_name = gameNew)]
pub fn game_new(rules: JsValue, seed: &str) -> Result<u32, JsError> {
    if !rules.is_object() || js_sys::Array::is_array(&rules) {
        return Err(NewGameError::NotAnObject.into());
    }
    let game = Reflect::get(&rules, &"game".into()).unwrap_or(JsValue::UNDEFINED);
    let named = if game.is_undefined() || game.is_null() {
        None
    } else {
        Some(game.as_string().ok_or(NewGameError::GameNotText)?)
    };
    let kind = AnyGame::named(named.as_deref())?;
    // The options given laid over the game's defaults, as JS lays one
    // object over another; the game's own `Deserialize` then reads them.
    // The number at the table may change the defaults (Table Top's four
    // are seated by the draw); one that is not a whole number takes the
    // game's, and its rules then refuse it.
    let players = Reflect::get(&rules, &"players".into())
        .ok()
        .and_then(|n| n.as_f64())
        .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n <= 255.0)
        .map(|n| n as usize);
    let options = to_js(&AnyGame::default_rules(kind, players)?)?;
    let options: Object = options.unchecked_into();
    Object::assign(&options, rules.unchecked_ref::<Object>());
    let _ = Reflect::delete_property(&options, &"game".into());
    let options = js_sys::JSON::stringify(&options)
        .ok()
        .and_then(|text| text.as_string())
        .ok_or(NewGameError::NotAnObject)?;
    let seed = parse_seed(seed)?;
    keep(AnyGame::with_rules(kind, named.is_some(), &options, seed)?)
}

/// Restores a game saved by `gameSave` (or by any earlier version, format 1
/// on); returns its handle.
///
/// # Errors
/// A JS `Error` saying why the save cannot be restored (the native
/// library's words); no game is kept.
#[wasm_bindgen(js_name = gameRestore)]
pub fn game_restore(json: &str) -> Result<u32, JsError> {
    keep(AnyGame::from_json(json)?)
}

/// Which game a save holds, by the name `gameNew` takes (`"noddy"`), read
/// from its first fields whether or not this module plays that game: the
/// page asks the module it has loaded which module restores a save.
///
/// # Errors
/// A JS `Error` saying why the text is not a save this build can read (the
/// native library's words).
#[wasm_bindgen(js_name = savedGame)]
pub fn saved_game(json: &str) -> Result<String, JsError> {
    Ok(AnyGame::saved_game(json)?.name().to_owned())
}

/// Lets the game go. Returns whether there was one to free: freeing twice
/// is harmless.
///
/// # Errors
/// A JS `Error` for a handle that is not a whole number.
#[wasm_bindgen(js_name = gameFree)]
pub fn game_free(handle: JsValue) -> Result<bool, JsError> {
    let handle = handle_arg(&handle)?;
    games(|games| {
        let before = games.live.len();
        games.live.retain(|(h, _)| *h != handle);
        Ok(games.live.len() < before)
    })
}

/// How many games are live: for tests that nothing leaks.
#[wasm_bindgen(js_name = gameCount)]
pub fn game_count() -> usize {
    GAMES.with(|games| games.try_borrow().map_or(0, |g| g.live.len()))
}

/// The game as compact JSON, for localStorage: the text the native library
/// writes (`{"v":3,"game":"reverse","rules":…,"seed":…,"actions":[…],
/// "scores":[…]}`, a `redraw N` after each undo).
///
/// # Errors
/// A JS `Error` for a bad handle.
#[wasm_bindgen(js_name = gameSave)]
pub fn game_save(handle: JsValue) -> Result<String, JsError> {
    with_game(&handle, |g| Ok(g.to_json()))
}

/// The rules, as the plain object `gameNew` takes (the game named in it).
///
/// # Errors
/// A JS `Error` for a bad handle.
#[wasm_bindgen(js_name = gameRules)]
pub fn game_rules(handle: JsValue) -> Result<JsValue, JsError> {
    with_game(&handle, |g| to_js(&g.rules_json()))
}

/// What `seat` may know, as the JSON text the native library writes (its
/// `game` first), which the page's `CribbageGame` parses for its
/// `observation()`.
///
/// # Errors
/// A JS `Error` for a bad handle or a seat not at the table.
#[wasm_bindgen(js_name = gameObservationJson)]
pub fn game_observation_json(handle: JsValue, seat: JsValue) -> Result<String, JsError> {
    with_game(&handle, |g| {
        let seat = seat_arg(&seat, g.players())?;
        Ok(g.observation_json(seat)?)
    })
}

/// Applies `action` (its text: `"discard 5H 6C"`, `"play 5H"`, `"go"`, …)
/// for `seat` and returns the events it caused.
///
/// # Errors
/// A JS `Error` for a bad handle, a seat not at the table, text that is
/// not an action, a seat not to act, or an action the rules refuse; the
/// game is then unchanged.
#[wasm_bindgen(js_name = gameApply)]
pub fn game_apply(handle: JsValue, seat: JsValue, action: &str) -> Result<JsValue, JsError> {
    with_game(&handle, |g| {
        let seat = seat_arg(&seat, g.players())?;
        let first = g.apply(seat, action)?;
        to_js(&g.events_json(first))
    })
}

/// Whether `seat` has a decision to take back.
///
/// # Errors
/// A JS `Error` for a bad handle or a seat not at the table.
#[wasm_bindgen(js_name = gameCanUndo)]
pub fn game_can_undo(handle: JsValue, seat: JsValue) -> Result<bool, JsError> {
    with_game(&handle, |g| Ok(g.can_undo(seat_arg(&seat, g.players())?)))
}

/// Takes back `seat`'s last decision and the replies after it; returns how
/// many decisions were taken back. Chance is drawn afresh from there: a
/// card the undone moves showed is re-drawn, not learnt.
///
/// # Errors
/// A JS `Error` for a bad handle, a seat not at the table, or nothing to
/// take back; the game is then unchanged.
#[wasm_bindgen(js_name = gameUndo)]
pub fn game_undo(handle: JsValue, seat: JsValue) -> Result<usize, JsError> {
    with_game(&handle, |g| Ok(g.undo(seat_arg(&seat, g.players())?)?))
}

/// Every event from index `from` on (all of them from 0), to catch a page
/// up after a reload or an undo.
///
/// # Errors
/// A JS `Error` for a bad handle.
#[wasm_bindgen(js_name = gameEvents)]
pub fn game_events(handle: JsValue, from: usize) -> Result<JsValue, JsError> {
    with_game(&handle, |g| to_js(&g.events_json(from)))
}

/// The game at a glance: `{ kind, seed, phase, to_act, over, winner,
/// events, actions, legal }`, with `to_act` and `winner` null when there is
/// none and `legal` the legal actions of the seat to act, as action text:
/// one export for what the page asks most often.
///
/// # Errors
/// A JS `Error` for a bad handle.
#[wasm_bindgen(js_name = gameStatus)]
pub fn game_status(handle: JsValue) -> Result<JsValue, JsError> {
    with_game(&handle, |g| {
        let status = Status {
            kind: g.kind().name(),
            seed: g.seed().to_string(),
            phase: g.phase(),
            to_act: g.to_act(),
            over: g.is_over(),
            winner: match g.outcome() {
                Some(Outcome::Winner { side }) => Some(side),
                _ => None,
            },
            events: g.event_count(),
            actions: g.action_count(),
            legal: g.legal_actions(),
        };
        to_js(&crate::json::to_string(&status))
    })
}

/// What [`game_status`] answers.
#[derive(serde::Serialize)]
struct Status {
    kind: &'static str,
    seed: String,
    phase: &'static str,
    to_act: Option<usize>,
    over: bool,
    winner: Option<usize>,
    events: usize,
    actions: usize,
    legal: Vec<String>,
}
