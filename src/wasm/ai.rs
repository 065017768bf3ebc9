//! The computer players and the coach at the wasm boundary.
//!
//! Everything here takes an observation (or a save) as JSON text and
//! nothing else, so the page can run it in a Web Worker that holds no game:
//! post the text of `CribbageGame.observationJson(seat)`, get back an action
//! text or a plain object to render. A bad input is a thrown JS `Error`.
//!
//! ```js
//! // ai-worker.js
//! import init, { aiPrepare, aiDecide, coachAnalyze } from './pkg/cribbage.js';
//! await init();
//! aiPrepare();                                  // build the tables now, not on the first move
//! onmessage = ({ data }) => postMessage(aiDecide(data.observation, 'expert', data.seed));
//! ```

use super::game::{parse_json_text, restore_text};
use super::to_js;
use crate::ai::{self, Level, coach, review};
use crate::cards::{Card, CardSet};
use crate::game::{Action, Pegs, Phase};
use crate::observation::{Observation, PlayRecord, Showing};
use crate::rules::Rules;
use serde::Deserialize;
use wasm_bindgen::prelude::*;

fn level(text: &str) -> Result<Level, JsError> {
    text.parse::<Level>().map_err(JsError::from)
}

/// The fields of an [`Observation`] a computer player reads. The records of
/// shows and finished games are skipped: reading them would take their whole
/// serde code into the module (about 25 KB) for nothing a decision uses.
#[derive(Deserialize)]
struct Seen {
    seat: usize,
    side: usize,
    rules: Rules,
    phase: Phase,
    to_act: Option<usize>,
    legal: Vec<Action>,
    game: u8,
    hand_number: u16,
    dealer: usize,
    scores: Vec<Pegs>,
    hand: CardSet,
    kept: CardSet,
    laid_away: CardSet,
    held_counts: Vec<u8>,
    crib_size: u8,
    starter: Option<Card>,
    plays: Vec<PlayRecord>,
    pile: Vec<Card>,
    count: u8,
    said_go: Vec<bool>,
    last_player: Option<usize>,
    showing: Option<Showing>,
}

fn observation(json: &str) -> Result<Observation, JsError> {
    let value = parse_json_text(json, "the observation").map_err(|e| JsError::new(&e))?;
    let seen: Seen = serde_wasm_bindgen::from_value(value)
        .map_err(|e| JsError::new(&format!("not an observation: {e}")))?;
    let players = seen.held_counts.len();
    Ok(Observation {
        seat: seen.seat,
        side: seen.side,
        rules: seen.rules,
        phase: seen.phase,
        to_act: seen.to_act,
        legal: seen.legal,
        game: seen.game,
        hand_number: seen.hand_number,
        dealer: seen.dealer,
        games_won: vec![0; seen.scores.len()],
        scores: seen.scores,
        hand: seen.hand,
        kept: seen.kept,
        laid_away: seen.laid_away,
        has_laid_away: vec![false; players],
        held_counts: seen.held_counts,
        crib_size: seen.crib_size,
        starter: seen.starter,
        plays: seen.plays,
        pile: seen.pile,
        count: seen.count,
        said_go: seen.said_go,
        last_player: seen.last_player,
        showing: seen.showing,
        shows: Vec::new(),
        previous_shows: Vec::new(),
        results: Vec::new(),
        winner: None,
    })
}

/// The action a computer player of `level` ("easy", "medium", "hard",
/// "expert", or the yardstick "baseline") takes, as action text
/// (`"discard 5H 6C"`, `"play 5H"`, `"go"`, `"claim 12"`, `"muggins"`, …).
/// `observationJson` is the seat's observation as JSON; `seed` is the
/// bot's own seed: the same observation and seed give the same action.
///
/// # Errors
/// A JS `Error` when the text is not an observation, the level is unknown,
/// or it is not the seat's turn.
#[wasm_bindgen(js_name = aiDecide)]
pub fn ai_decide(observation_json: &str, level_name: &str, seed: u32) -> Result<String, JsError> {
    let obs = observation(observation_json)?;
    let action = ai::decide(level(level_name)?, &obs, u64::from(seed))?;
    Ok(action.to_string())
}

/// Every option open to the seat, valued as `level` values them, best
/// first: `{ kind: "discard", level, options: [{ discard, keep, hand, crib,
/// pegging, total, win_prob }] }`, `{ kind: "play", level, options: [{ card,
/// points, value, win_prob }] }`, `{ kind: "claim", points }`,
/// `{ kind: "muggins", missed }` or `{ kind: "nothing" }`. Cards are text.
///
/// # Errors
/// A JS `Error` when the text is not an observation, the level is unknown,
/// or it is not the seat's turn.
#[wasm_bindgen(js_name = coachAnalyze)]
pub fn coach_analyze(
    observation_json: &str,
    level_name: &str,
    seed: u32,
) -> Result<JsValue, JsError> {
    let obs = observation(observation_json)?;
    let analysis = coach::analyze(&obs, level(level_name)?, u64::from(seed))?;
    to_js(&analysis)
}

/// Reviews a game from its save text (finished or not): for each decision
/// of `seat` (every seat when `undefined`) with a real choice, the best
/// option as `level` sees it and what the choice cost. Returns `{ level,
/// decisions: [{ index, game, hand, seat, phase, chosen, best,
/// chosen_value, best_value, loss, unit }], points_lost: [per seat] }`.
///
/// # Errors
/// A JS `Error` when the save cannot be restored or the level is unknown.
#[wasm_bindgen(js_name = reviewGame)]
pub fn review_game(
    save_json: &str,
    seat: Option<u32>,
    level_name: &str,
    seed: u32,
) -> Result<JsValue, JsError> {
    let game = restore_text(save_json)?;
    let seats: Vec<usize> = seat.map(|s| s as usize).into_iter().collect();
    to_js(&review::review(
        &game,
        &seats,
        level(level_name)?,
        u64::from(seed),
    ))
}

/// Builds the tables the computer players use (a few milliseconds), so the
/// first decision is as quick as the rest: call it once when the worker starts.
#[wasm_bindgen(js_name = aiPrepare)]
pub fn ai_prepare() {
    ai::prepare();
}
