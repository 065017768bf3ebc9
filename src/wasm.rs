//! The one `#[wasm_bindgen]` boundary between the browser and the library.
//!
//! Cards cross as their text form (`"5H"`), results as plain objects made
//! from the library's serde forms as JSON text (see `json.rs`), and every bad input as a
//! thrown JS `Error` whose message says what was wrong. Nothing here panics on
//! input; scoring itself lives in [`crate::count`].
//!
//! Every value here comes from a page we do not control, so the module
//! refuses to compile a way to panic on it: no `unwrap`, no `expect`, no
//! indexing that is not checked (`get` instead).
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod ai;
mod game;
mod handles;
mod json;
mod read;

use crate::cards::{Card, CardSet};
use crate::count::{self, CadenceStep, ShowKind, ShowScore};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The heap allocator: talc, a maintained allocator built for wasm, in place
/// of the default dlmalloc. It is about 3 KB smaller gzipped, which the
/// first-visit download budget needs, and no slower for this engine's few,
/// small allocations.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// Runs once when the module is instantiated: a Rust panic (a bug, never bad
/// input) then reaches the browser console with its message and location.
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// The crate version, so the page can show what it runs.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Reads one card in any accepted text form (`"5h"`, `"10♠"`, `"Jd"`) and
/// returns its canonical form (`"5H"`, `"TS"`, `"JD"`).
///
/// # Errors
/// A JS `Error` naming the text when it is not a card.
#[wasm_bindgen(js_name = parseCard)]
pub fn parse_card(text: &str) -> Result<String, JsError> {
    let card: Card = text.parse()?;
    Ok(card.to_string())
}

/// A show's breakdown as the page reads it: the library's [`ShowScore`] (kind,
/// hand, starter, combos with their cards, points per category, total) plus the
/// spoken cadence, whole and phrase by phrase.
#[derive(Serialize)]
struct ShowView {
    #[serde(flatten)]
    score: ShowScore,
    cadence: String,
    steps: Vec<CadenceStep>,
}

/// Scores four cards and a starter as a hand, or as the crib when `crib` is
/// true (the crib scores a flush only with the starter in the suit).
///
/// `hand` is an array of four card strings. Returns
/// `{ kind, hand, starter, combos: [{ kind, cards, points }], fifteens, pairs,
/// runs, flush, nobs, total, cadence, steps: [{ phrase, cards, points, running }] }`,
/// cards as canonical strings.
///
/// # Errors
/// A JS `Error` when `hand` is not an array of four distinct cards, or the
/// starter is not a card or is one of them.
#[wasm_bindgen(js_name = scoreShow)]
pub fn score_show(hand: JsValue, starter: &str, crib: bool) -> Result<JsValue, JsError> {
    let cards = cards_from_js(hand, "the hand")?;
    let starter: Card = starter.parse()?;
    let mut set = CardSet::EMPTY;
    for &card in &cards {
        if !set.insert(card) {
            return Err(count::ScoreError::DuplicateCard(card).into());
        }
    }
    let kind = if crib { ShowKind::Crib } else { ShowKind::Hand };
    let score = count::score_show(set, starter, kind)?;
    let cadence = score.cadence();
    let steps = score.cadence_steps();
    to_js(&ShowView {
        score,
        cadence,
        steps,
    })
}

/// What the last card laid on a pile scores, with the camel-case names JS expects.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PegView {
    points: u8,
    count: u8,
    fifteen: u8,
    thirty_one: u8,
    pairs: u8,
    same_rank: u8,
    run: u8,
}

/// Scores the last card of a pile: `pile` is an array of card strings in the
/// order played since the count was last reset. Returns
/// `{ points, count, fifteen, thirtyOne, pairs, sameRank, run }`.
///
/// # Errors
/// A JS `Error` when the pile is empty, holds a non-card or a repeated card,
/// or counts past 31.
#[wasm_bindgen(js_name = pegScore)]
pub fn peg_score(pile: JsValue) -> Result<JsValue, JsError> {
    let cards = cards_from_js(pile, "the pile")?;
    let peg = count::peg_score(&cards)?;
    to_js(&PegView {
        points: peg.points(),
        count: peg.count,
        fifteen: peg.fifteen,
        thirty_one: peg.thirty_one,
        pairs: peg.pairs,
        same_rank: peg.same_rank,
        run: peg.run,
    })
}

/// The full show distribution, for the browser benchmark and as a check.
#[cfg(feature = "bench")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DistributionView {
    hands: u64,
    hand_counts: [u64; 30],
    crib_counts: [u64; 30],
}

/// Scores every one of the 12,994,800 (hand, starter) pairs under hand and
/// under crib rules, by the fast path the computer players use. Returns
/// `{ hands, handCounts, cribCounts }`, the counts indexed by total 0..29.
/// The caller times it (`std::time` has no clock on this target).
///
/// # Errors
/// Only if the result cannot be turned into a JS value.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchDistribution)]
pub fn bench_distribution() -> Result<JsValue, JsError> {
    let (hand_counts, crib_counts) = count::distribution();
    to_js(&DistributionView {
        hands: hand_counts.iter().sum(),
        hand_counts,
        crib_counts,
    })
}

/// Reads a JS array of card strings, in order. `what` names it in errors.
fn cards_from_js(value: JsValue, what: &str) -> Result<Vec<Card>, JsError> {
    let list = js_sys::Array::is_array(&value)
        .then(|| value.unchecked_into::<js_sys::Array>())
        .ok_or_else(|| {
            JsError::new(&format!(
                "{what} must be an array of card strings like [\"5H\", \"JD\"]"
            ))
        })?;
    let mut cards = Vec::with_capacity(list.length() as usize);
    for item in list.iter() {
        let text = item.as_string().ok_or_else(|| {
            JsError::new(&format!(
                "{what} must be an array of card strings like [\"5H\", \"JD\"]"
            ))
        })?;
        cards.push(text.parse::<Card>()?);
    }
    Ok(cards)
}

/// Turns a result into a plain JS object (arrays and objects, not `Map`s):
/// its JSON text (see [`json`]) read back by the browser's `JSON.parse`.
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    let text = json::to_string(value)
        .map_err(|err| JsError::new(&format!("could not pass the result to JS: {err}")))?;
    js_sys::JSON::parse(&text).map_err(|_| JsError::new("could not pass the result to JS"))
}
