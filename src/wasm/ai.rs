//! The computer players and the coach at the wasm boundary.
//!
//! A decision or a hint is asked for with the game's save text (what
//! `CribbageGame.save()` writes, the page keeps, and [`review_game`] also
//! takes) and a seat. The module restores the game from the save, the
//! engine makes that seat's [`Observation`] natively (`Game::observation`,
//! the function behind `CribbageGame.observation(seat)`), and only that
//! observation is passed on to the computer player's decision code:
//! [`ai::decide`] and [`coach::analyze`] take an `&Observation` and nothing
//! else, so the other hands, the crib and the pack are out of their reach
//! by their signatures, though the worker holds the whole game for the
//! length of the call. Nothing here reads an observation back from text:
//! the one definition of what a seat may know is the engine's own.
//!
//! The page runs these in a Web Worker, so a search of the play never
//! blocks the table. A bad input is a thrown JS `Error`.
//!
//! ```js
//! // ai-worker.js
//! import init, { aiPrepare, aiDecide, coachAnalyze } from './pkg/cribbage.js';
//! await init();
//! aiPrepare();                                  // build the tables now, not on the first move
//! onmessage = ({ data }) => postMessage(aiDecide(data.save, data.seat, 'expert', data.seed));
//! ```

use super::game::{restore_text, seat_arg};
use super::to_js;
use crate::ai::{self, Level, coach, review};
use crate::games::cribbage::Observation;
use wasm_bindgen::prelude::*;

/// Reads a level by its name ("easy", "medium", "hard", "expert",
/// "baseline"). Expert v1, a yardstick of the command line's matches, is
/// not in this module.
fn level(text: &str) -> Result<Level, JsError> {
    match text.parse::<Level>().map_err(JsError::from)? {
        Level::ExpertV1 => Err(JsError::new(
            "\"expert-v1\" is a yardstick of the command line's matches, not played here: easy, medium, hard, expert or baseline",
        )),
        level => Ok(level),
    }
}

/// Restores the game from its save text and returns what `seat` may know,
/// made by the engine itself: the only value the decision code is given.
/// The restored game is dropped here, before any decision is taken.
///
/// # Errors
/// A JS `Error` when the save cannot be restored (see [`restore_text`]),
/// the seat is not at its table (see [`seat_arg`]), the game is over, or
/// it is another seat's turn.
fn seat_to_decide(save_text: &str, seat: &JsValue) -> Result<Observation, JsError> {
    let session = restore_text(save_text)?;
    let game = session.game();
    let seat = seat_arg(seat, game.rules().players())?;
    // "the game is over", or "it is seat 1's turn, not seat 0's".
    game.check_turn(seat)?;
    Ok(game.observation(seat))
}

/// The action a computer player of `level` ("easy", "medium", "hard",
/// "expert", or the yardstick "baseline") takes for `seat`, as action text
/// (`"discard 5H 6C"`, `"play 5H"`, `"go"`, `"claim 12"`, `"muggins 14"`, …).
/// `save` is the game's save text (`CribbageGame.save()`); the decision is
/// made from `seat`'s observation alone, as [`ai::decide`] makes it
/// natively. `seed` is the bot's own seed: the same position and seed give
/// the same action.
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
    let obs = seat_to_decide(save, &seat)?;
    let action = ai::decide(level(level_name)?, &obs, u64::from(seed))?;
    Ok(action.to_string())
}

/// Every option open to `seat` in the game saved as `save`, valued as
/// `level` values them, best first: `{ kind: "discard", level, options: [{
/// discard, keep, hand, crib, pegging, total, win_prob }] }`, `{ kind:
/// "play", level, options: [{ card, points, value, win_prob }] }`, `{ kind:
/// "claim", points }`, `{ kind: "muggins", claimed, points }` or `{ kind:
/// "nothing" }`. Cards are text. Like [`ai_decide`], the coach is given
/// only the seat's observation.
///
/// # Errors
/// A JS `Error` when the save cannot be restored, the seat is not at the
/// table, the game is over, it is not the seat's turn, or the level is
/// unknown.
#[wasm_bindgen(js_name = coachAnalyze)]
pub fn coach_analyze(
    save: &str,
    seat: JsValue,
    level_name: &str,
    seed: u32,
) -> Result<JsValue, JsError> {
    let obs = seat_to_decide(save, &seat)?;
    let analysis = coach::analyze(&obs, level(level_name)?, u64::from(seed))?;
    to_js(&analysis)
}

/// Reviews a game from its save text (finished or not): for each decision
/// of `seat` (every seat when `undefined` or `null`) with a real choice, the best
/// option as `level` sees it and what the choice cost. Returns `{ level,
/// decisions: [{ index, game, hand, seat, phase, chosen, best,
/// chosen_value, best_value, loss, unit, position }], points_lost: [per
/// seat] }`, where `chosen` and `best` are moves as data (`{ action, kind,
/// cards, points }`) and `position` is the table the player saw (`{ hand,
/// pile, count, starter, scores }`).
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
    save_json: &str,
    seat: JsValue,
    level_name: &str,
    seed: u32,
) -> Result<JsValue, JsError> {
    let session = restore_text(save_json)?;
    let seats: Vec<usize> = if seat.is_undefined() || seat.is_null() {
        Vec::new()
    } else {
        vec![seat_arg(&seat, session.game().rules().players())?]
    };
    to_js(&review::review_session(
        &session,
        &seats,
        level(level_name)?,
        u64::from(seed),
    ))
}

/// Each side's chances to win through a game from its save text (finished
/// or not): `[{ game, hand, stage, laid, dealer, scores: [a, b], chances:
/// [a, b] }]`, one point when each hand is dealt, after each run of the
/// play, after each count of the show but the last, and at the end (see
/// [`crate::ai::winprob::history`]; `stage` is `deal`, `play`,
/// `pone_count`, `dealer_count` or `crib_count`, and `laid` the cards laid
/// in the hand's play so far). Read from the
/// game's public events alone, so the same for every seat. The last point
/// is the meter's figure.
///
/// # Errors
/// A JS `Error` when the save cannot be restored, or the game is not
/// two-player standard cribbage (the model's only game).
#[wasm_bindgen(js_name = winChances)]
pub fn win_chances(save: &str) -> Result<JsValue, JsError> {
    let session = restore_text(save)?;
    match crate::ai::winprob::history(session.game()) {
        Some(points) => to_js(&points),
        None => Err(JsError::new(
            "chances are for two-player standard cribbage only",
        )),
    }
}

/// Builds the tables the computer players use (a few milliseconds), so the
/// first decision is as quick as the rest: call it once when the worker starts.
#[wasm_bindgen(js_name = aiPrepare)]
pub fn ai_prepare() {
    ai::prepare();
}
