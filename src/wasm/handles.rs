//! The games JS holds, by number: `gameNew` makes a game and returns its
//! handle, every other `game…` export takes the handle first, and `gameFree`
//! lets the game go. `www/js/game-handle.js` wraps the numbers in the
//! `CribbageGame` class the page uses.
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

use super::Held as GameHandle;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// The live games, with the handle each was given.
#[derive(Default)]
struct Games {
    /// The last handle given (0: none yet).
    last: u32,
    /// Live games: few at a time, so a list searched in order.
    live: Vec<(u32, GameHandle)>,
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
fn keep(game: GameHandle) -> Result<u32, JsError> {
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
fn take(handle: &JsValue) -> Result<(u32, GameHandle), JsError> {
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

/// Runs `f` on the game `handle` names. The game is out of the registry
/// meanwhile, so the generic part is only this (the module stays small).
///
/// # Errors
/// A JS `Error` for a handle that is not a number or names no live game;
/// or `f`'s own.
fn with_game<T>(
    handle: &JsValue,
    f: impl FnOnce(&mut GameHandle) -> Result<T, JsError>,
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

/// A new game; returns its handle. `rules` is `{ players: 2|3|4, target:
/// 121|61, counting?: "automatic"|"muggins", match?: "single"|"best_of_three",
/// goal?: "reach"|"avoid" }` (`goal: "avoid"` is reverse cribbage); in the
/// family module `{ game: "noddy" }`, `{ game: "costly-colours" }`, `{ game:
/// "square-solitaire" }` or `{ game: "solitaire" }`. `seed` is a decimal
/// string.
///
/// # Errors
/// A JS `Error` for rules the game does not play or a seed that is not a number.
#[wasm_bindgen(js_name = gameNew)]
pub fn game_new(rules: JsValue, seed: &str) -> Result<u32, JsError> {
    keep(GameHandle::new(rules, seed)?)
}

/// Restores a game saved by `gameSave`; returns its handle.
///
/// # Errors
/// A JS `Error` saying why the save cannot be restored; no game is kept.
#[wasm_bindgen(js_name = gameRestore)]
pub fn game_restore(json: &str) -> Result<u32, JsError> {
    keep(GameHandle::restore(json)?)
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

/// The game as compact JSON, for localStorage.
///
/// # Errors
/// A JS `Error` for a bad handle.
#[wasm_bindgen(js_name = gameSave)]
pub fn game_save(handle: JsValue) -> Result<String, JsError> {
    with_game(&handle, |g| g.save())
}

/// The rules, as the plain object `gameNew` takes.
///
/// # Errors
/// A JS `Error` for a bad handle.
#[wasm_bindgen(js_name = gameRules)]
pub fn game_rules(handle: JsValue) -> Result<JsValue, JsError> {
    with_game(&handle, |g| g.rules())
}

/// What `seat` may know, as JSON text, which the page's `CribbageGame`
/// parses for its `observation()`: one export rather than a second that
/// parsed it here.
///
/// # Errors
/// A JS `Error` for a bad handle or a seat not at the table.
#[wasm_bindgen(js_name = gameObservationJson)]
pub fn game_observation_json(handle: JsValue, seat: JsValue) -> Result<String, JsError> {
    with_game(&handle, |g| g.observation_json(seat))
}

/// Applies `action` for `seat` and returns the events it caused.
///
/// # Errors
/// A JS `Error` for a bad handle, a seat not at the table, text that is
/// not an action, or an action the rules refuse; the game is then unchanged.
#[wasm_bindgen(js_name = gameApply)]
pub fn game_apply(handle: JsValue, seat: JsValue, action: &str) -> Result<JsValue, JsError> {
    with_game(&handle, |g| g.apply(seat, action))
}

/// Whether `seat` has a decision to take back.
///
/// # Errors
/// A JS `Error` for a bad handle or a seat not at the table.
#[wasm_bindgen(js_name = gameCanUndo)]
pub fn game_can_undo(handle: JsValue, seat: JsValue) -> Result<bool, JsError> {
    with_game(&handle, |g| g.can_undo(seat))
}

/// Takes back `seat`'s last decision and the replies after it; returns how
/// many decisions were taken back. Chance is drawn afresh from there.
///
/// # Errors
/// A JS `Error` for a bad handle, a seat not at the table, or nothing to
/// take back; the game is then unchanged.
#[wasm_bindgen(js_name = gameUndo)]
pub fn game_undo(handle: JsValue, seat: JsValue) -> Result<usize, JsError> {
    with_game(&handle, |g| g.undo(seat))
}

/// Every event from index `from` on.
///
/// # Errors
/// A JS `Error` for a bad handle.
#[wasm_bindgen(js_name = gameEvents)]
pub fn game_events(handle: JsValue, from: usize) -> Result<JsValue, JsError> {
    with_game(&handle, |g| g.events(from))
}

/// The game at a glance: `{ kind, seed, phase, to_act, over, winner,
/// events, actions, legal }`, with `to_act` and `winner` null when there is
/// none and `legal` the legal actions of the seat to act, as action text.
/// One export for what the page asks most often rather than one each: nine
/// fewer exports, each with its handle lookup and its glue.
///
/// # Errors
/// A JS `Error` for a bad handle.
#[wasm_bindgen(js_name = gameStatus)]
pub fn game_status(handle: JsValue) -> Result<JsValue, JsError> {
    with_game(&handle, |g| {
        super::parse_js(super::json::to_string(&Status {
            kind: g.kind(),
            seed: g.seed(),
            phase: g.phase(),
            to_act: g.to_act(),
            over: g.is_over(),
            winner: g.winner(),
            events: g.event_count(),
            actions: g.action_count(),
            legal: g.legal_actions(),
        }))
    })
}

/// What [`game_status`] answers.
#[derive(serde::Serialize)]
struct Status {
    kind: String,
    seed: String,
    phase: String,
    to_act: Option<usize>,
    over: bool,
    winner: Option<usize>,
    events: usize,
    actions: usize,
    legal: Vec<String>,
}
