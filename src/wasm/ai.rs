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

use super::game::{parse_json_text, restore_text, rules};
use super::read::{self, Obj};
use super::to_js;
use crate::ai::{self, Level, coach, review};
use crate::cards::{Card, CardSet};
use crate::game::{Action, Pegs, Phase};
use crate::observation::{Observation, PlayRecord, Showing};
use crate::score::ShowKind;
use wasm_bindgen::prelude::*;

fn level(text: &str) -> Result<Level, JsError> {
    text.parse::<Level>().map_err(JsError::from)
}

/// Reads an [`Observation`] from its JSON text by hand (see `read.rs` for
/// why not serde). The records of earlier shows and finished games are
/// skipped: no decision reads them.
fn observation(json: &str) -> Result<Observation, JsError> {
    let value = parse_json_text(json, "the observation").map_err(|e| JsError::new(&e))?;
    read_observation(&value).map_err(|e| JsError::new(&format!("not an observation: {e}")))
}

fn read_observation(value: &JsValue) -> Result<Observation, String> {
    let obj = Obj::new(value, "the observation")?;
    let seat = obj.whole("seat", 3)? as usize;
    let players = |what: &str| -> Result<Vec<JsValue>, String> {
        let list = obj.array(what)?;
        Ok(list.iter().collect())
    };
    let rules = rules(
        &obj.get("rules")
            .ok_or("the observation is missing \"rules\"")?,
    )?;
    let phase = match obj.string("phase")?.as_str() {
        "discard" => Phase::Discard,
        "play" => Phase::Play,
        "claim" => Phase::Claim,
        "muggins" => Phase::Muggins,
        "over" => Phase::Over,
        other => return Err(format!("the observation's phase {other:?} is unknown")),
    };
    let legal = players("legal")?
        .iter()
        .map(|a| {
            let text = read::string(a, "each legal action")?;
            text.parse::<Action>().map_err(|e| e.to_string())
        })
        .collect::<Result<Vec<Action>, String>>()?;
    let scores = players("scores")?
        .iter()
        .map(|p| {
            let pegs = Obj::new(p, "a side's pegs")?;
            Ok(Pegs {
                front: pegs.whole("front", 65535)? as u16,
                rear: pegs.whole("rear", 65535)? as u16,
            })
        })
        .collect::<Result<Vec<Pegs>, String>>()?;
    let card_set = |name: &str| -> Result<CardSet, String> {
        let list = obj
            .get(name)
            .ok_or_else(|| format!("the observation is missing {name:?}"))?;
        Ok(read::cards(&list, &format!("the observation's {name:?}"))?
            .into_iter()
            .collect())
    };
    let card_opt = |value: Option<JsValue>, what: &str| -> Result<Option<Card>, String> {
        value
            .map(|v| {
                read::string(&v, what)?
                    .parse::<Card>()
                    .map_err(|e| format!("{what}: {e}"))
            })
            .transpose()
    };
    let held_counts: Vec<u8> = read::wholes(
        &obj.get("held_counts")
            .ok_or("the observation is missing \"held_counts\"")?,
        "the observation's \"held_counts\"",
        6,
    )?
    .into_iter()
    .map(|n| n as u8)
    .collect();
    let plays = players("plays")?
        .iter()
        .map(|p| {
            let play = Obj::new(p, "a play record")?;
            Ok(PlayRecord {
                seat: play.whole("seat", 3)? as usize,
                card: card_opt(play.get("card"), "a play record's card")?,
                count: play.whole("count", 31)? as u8,
            })
        })
        .collect::<Result<Vec<PlayRecord>, String>>()?;
    let pile = read::cards(
        &obj.get("pile")
            .ok_or("the observation is missing \"pile\"")?,
        "the observation's \"pile\"",
    )?;
    let said_go = players("said_go")?
        .iter()
        .map(|b| {
            b.as_bool()
                .ok_or_else(|| "each of \"said_go\" must be true or false".to_string())
        })
        .collect::<Result<Vec<bool>, String>>()?;
    let showing = obj
        .get("showing")
        .map(|v| {
            let show = Obj::new(&v, "the showing")?;
            let kind = match show.string("kind")?.as_str() {
                "hand" => ShowKind::Hand,
                "crib" => ShowKind::Crib,
                other => return Err(format!("the showing's kind {other:?} is unknown")),
            };
            Ok(Showing {
                seat: show.whole("seat", 3)? as usize,
                kind,
                cards: read::cards(
                    &show
                        .get("cards")
                        .ok_or("the showing is missing \"cards\"")?,
                    "the showing's cards",
                )?,
                claimed: show.whole_opt("claimed", 29)?.map(|n| n as u8),
                missed: show.whole_opt("missed", 29)?.map(|n| n as u8),
            })
        })
        .transpose()?;
    let sides = scores.len();
    let n = held_counts.len();
    if n != rules.players() || said_go.len() != n || sides != rules.sides() || seat >= n {
        return Err("the observation's seats do not match its rules".into());
    }
    Ok(Observation {
        seat,
        side: obj.whole("side", 3)? as usize,
        rules,
        phase,
        to_act: obj.whole_opt("to_act", 3)?.map(|n| n as usize),
        legal,
        game: obj.whole("game", 3)? as u8,
        hand_number: obj.whole("hand_number", 65535)? as u16,
        dealer: obj.whole("dealer", 3)? as usize,
        games_won: vec![0; sides],
        scores,
        hand: card_set("hand")?,
        kept: card_set("kept")?,
        laid_away: card_set("laid_away")?,
        has_laid_away: match obj.get("has_laid_away") {
            Some(list) => read::array(&list, "the observation's \"has_laid_away\"")?
                .iter()
                .map(|b| b.as_bool().unwrap_or(false))
                .collect(),
            None => vec![false; n],
        },
        held_counts,
        crib_size: obj.whole("crib_size", 4)? as u8,
        starter: card_opt(obj.get("starter"), "the starter")?,
        plays,
        pile,
        count: obj.whole("count", 31)? as u8,
        said_go,
        last_player: obj.whole_opt("last_player", 3)?.map(|n| n as usize),
        showing,
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
