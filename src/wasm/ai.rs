//! The computer players, the coach and the review at the wasm boundary.
//!
//! A decision or a hint is asked for with the game's save text (what
//! `CribbageGame.save()` writes, the page keeps, and [`review_game`] also
//! takes) and a seat. The module restores the game from the save, the
//! engine makes that seat's observation natively, and only that
//! observation is passed on to the computer player's decision code (the
//! game's [`crate::ai::Game::decide`] and `analyze` take an observation
//! and nothing else), so the other hands, the crib and the pack are out of
//! their reach by their signatures, though the worker holds the whole game
//! for the length of the call.
//!
//! The page runs these in a Web Worker, so a search of the play never
//! blocks the table. A bad input is a thrown JS `Error`.
//!
//! ```js
//! // ai-worker.js
//! import init, { aiPrepare, aiDecide, coachAnalyze } from './pkg/cribbage.js';
//! await init({ module_or_path: url });
//! aiPrepare();                                  // build the tables now, not on the first move
//! onmessage = ({ data }) => postMessage(aiDecide(data.save, data.seat, 'expert', data.seed));
//! ```

use super::args::{level, seat_arg};
use super::to_js;
use crate::family::AnyGame;
use wasm_bindgen::prelude::*;

/// The action a computer player of `level` ("easy", "medium", "hard",
/// "expert", or the yardstick "baseline") takes for `seat`, as action text
/// (`"discard 5H 6C"`, `"play 5H"`, `"mog"`, `"place r2c3"`, …). `save` is
/// the game's save text (`CribbageGame.save()`); the decision is made from
/// `seat`'s observation alone, as the native library makes it. `seed` is
/// the bot's own seed: the same position and seed give the same action.
///
/// # Errors
/// A JS `Error` when the save cannot be restored, the seat is not at the
/// table, the game is over, it is not the seat's turn, or the level is
/// unknown.
#[wasm_bindgen(js_name = aiDecide)]
pub fn ai_decide(
    save: &str,
    seat: JsValue,
    level_name: &str,
    seed: u32,
) -> Result<String, JsError> {
    let game = AnyGame::from_json(save)?;
    let seat = seat_arg(&seat, game.players())?;
    Ok(game.decide(seat, level(level_name)?, u64::from(seed))?)
}

/// Every option open to `seat` in the game saved as `save`, valued as
/// `level` values them, best first, as a plain object naming its game
/// (`{ game, kind, level, options, … }`; `{ game, kind: "nothing" }` when
/// there is no choice). Cribbage: `{ kind: "discard", level, options: [{
/// discard, keep, hand, crib, pegging, total, win_prob }] }`, `{ kind:
/// "play", level, options: [{ card, points, value, win_prob }] }`, `{ kind:
/// "claim", points }` or `{ kind: "muggins", claimed, points }`; each other
/// game its own (see its coach in `crate::ai`). Like [`ai_decide`], the
/// coach is given only the seat's observation.
///
/// # Errors
/// As [`ai_decide`].
#[wasm_bindgen(js_name = coachAnalyze)]
pub fn coach_analyze(
    save: &str,
    seat: JsValue,
    level_name: &str,
    seed: u32,
) -> Result<JsValue, JsError> {
    let game = AnyGame::from_json(save)?;
    let seat = seat_arg(&seat, game.players())?;
    to_js(&game.analysis_json(seat, level(level_name)?, u64::from(seed))?)
}

/// Reviews a game from its save text (finished or not): for each decision
/// of `seat` (every seat when `undefined` or `null`) with a real choice,
/// the best option as `level` sees it and what the choice cost: `{ game,
/// level, decisions: [...], points_lost }`, each game's decisions its own
/// (see its review in `crate::ai`).
///
/// # Errors
/// A JS `Error` when the save cannot be restored, the seat is not at its
/// table, or the level is unknown.
///
/// Each decision also carries `chances` (`{ chosen, best, lost }`, or
/// `null` where the level does not value chances) and `options`, every
/// option priced `{ action, points, chance }`, best first; the review adds
/// `chances_lost`, per seat.
#[wasm_bindgen(js_name = reviewGame)]
pub fn review_game(
    save: &str,
    seat: JsValue,
    level_name: &str,
    seed: u32,
) -> Result<JsValue, JsError> {
    let game = AnyGame::from_json(save)?;
    let seats: Vec<usize> = if seat.is_undefined() || seat.is_null() {
        Vec::new()
    } else {
        vec![seat_arg(&seat, game.players())?]
    };
    to_js(&game.review_json(&seats, level(level_name)?, u64::from(seed))?)
}

/// The discard analyser: every way to lay two of six cards away, valued by
/// the engine's exact tables, best first (see
/// [`crate::ai::discard_analysis::analyze`]). `cards` is an array of six
/// card strings; `crib` is `"mine"` (the player deals) or `"theirs"`;
/// `scores` is `undefined`, `null` or `{ mine, theirs, target }` (target
/// 121, the default, or 61). Returns `{ hand, crib, scores, options: [{
/// discard, keep, hand, crib, pegging, total, win_prob }] }`: cards as
/// text, `crib` signed (minus in their crib), `pegging` null, and
/// `win_prob` the chance to win with that choice where the engine reckons
/// one at these scores, else null. The cribbage module's alone.
///
/// # Errors
/// A JS `Error` saying what is wrong: not an array of six distinct cards,
/// whose crib neither "mine" nor "theirs", scores that are not whole
/// numbers below the target, or a target other than 121 or 61.
#[cfg(feature = "cribbage")]
#[wasm_bindgen(js_name = discardAnalysis)]
pub fn discard_analysis(
    cards: JsValue,
    crib: JsValue,
    scores: JsValue,
) -> Result<JsValue, JsError> {
    use super::from_js;
    use crate::ai::discard_analysis::{CribOwner, Scores, analyze};
    let six: Vec<crate::cards::Card> = from_js(&cards, "the hand")?;
    let owner: CribOwner = crib
        .as_string()
        .ok_or_else(|| JsError::new("whose crib it is must be \"mine\" or \"theirs\""))?
        .parse()?;
    let scores: Option<Scores> = if scores.is_undefined() || scores.is_null() {
        None
    } else {
        Some(from_js(&scores, "the scores")?)
    };
    let analysis = analyze(&six, owner, scores)?;
    to_js(&crate::json::to_string(&analysis))
}

/// Each side's chances to win through a game from its save text (finished
/// or not): `[{ game, hand, stage, laid, dealer, pone, scores: [a, b], chances:
/// [a, b], after }]` (`after`: what was pegged last, `start`, `his_heels`,
/// `play`, `pone_hand`, `dealer_hand` or `crib`), one point when each hand is dealt, after each run of the
/// play, after each count of the show but the last, and at the end (see
/// [`crate::ai::winprob::history`]; `stage` is `deal`, `play`,
/// `pone_count`, `dealer_count` or `crib_count`, and `laid` the cards laid
/// in the hand's play so far). Read from the game's public events alone,
/// so the same for every seat. The last point is the meter's figure.
///
/// # Errors
/// A JS `Error` when the save cannot be restored, or the game is one the
/// engine has no model of chances for (only two-player standard cribbage
/// has one).
///
/// No page calls it (the page asks [`chances_if_modelled`]): it is the
/// benchmark module's (feature `bench`), for the tests and the fuzzer, so
/// the shipped modules do not carry its export.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = winChances)]
pub fn win_chances(save: &str) -> Result<JsValue, JsError> {
    let game = AnyGame::from_json(save)?;
    to_js(&game.chances_json()?)
}

/// As [`win_chances`], but `null` rather than an error for a game or
/// table the engine has no model of chances for: the page asks this, and so
/// learns from the engine, not from the game's name, whether a meter and a
/// chart show.
///
/// # Errors
/// A JS `Error` when the save cannot be restored.
#[wasm_bindgen(js_name = chancesIfModelled)]
pub fn chances_if_modelled(save: &str) -> Result<JsValue, JsError> {
    let game = AnyGame::from_json(save)?;
    match game.chances_json() {
        Ok(points) => to_js(&points),
        Err(crate::family::PlayError::NoChances) => Ok(JsValue::NULL),
        Err(e) => Err(e.into()),
    }
}

/// Builds the tables the computer players use (a few milliseconds), so the
/// first decision is as quick as the rest: call it once when the worker starts.
#[wasm_bindgen(js_name = aiPrepare)]
pub fn ai_prepare() {
    AnyGame::prepare_all();
}
