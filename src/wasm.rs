//! The one `#[wasm_bindgen]` boundary between the browser and the library.
//!
//! One handle for every game (`handles.rs`): the page holds a game by
//! number, and every `game…` export forwards to the library's
//! [`crate::family::AnyGame`], which keeps the game with its record
//! ([`crate::record::Session`]) for saving, restoring, undo and replay.
//! The computer players, the coach and the review (`ai.rs`) are asked with
//! a game's save and a seat, so they decide from that seat's observation,
//! made here by the engine, and nothing else.
//!
//! One boundary, built as two modules by the cargo features that choose
//! the games [`crate::family::AnyGame`] carries: the cribbage module
//! (`--features cribbage`, `www/pkg`: standard and reverse cribbage, with
//! the hand calculator's counting) is on the first visit's critical path;
//! the family module (`--features family`, `www/pkg-family`: the other
//! five) is loaded when one of them is chosen. The exports are the same
//! set in both, so the page's code is the same for every game. Two modules
//! rather than one: standard cribbage opened from its link is what most
//! visitors wait for, and the family's games would add about as much
//! again to its module (see the README's sizes); one module for the five
//! rather than one each, because the part every module needs (bindings,
//! allocator, formatting, JSON) is much of each module's size.
//!
//! Values cross in the library's serde forms, as JSON: rules and saves are
//! read by their `Deserialize` derives exactly as the native library reads
//! them (the same errors, word for word), and observations, events,
//! analyses and reviews are written by `serde_json` and handed to the page
//! as plain objects (the browser's `JSON.parse`), or as the text itself
//! for the observation. Every bad input is a thrown JS `Error` whose
//! message says what was wrong.
//!
//! Every value here comes from a page we do not control, so the module
//! refuses to compile a way to panic on it: no `unwrap`, no `expect`, no
//! indexing that is not checked (`get` instead).
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod ai;
mod args;
mod handles;
#[cfg(feature = "cribbage")]
mod scoring;

use wasm_bindgen::prelude::*;

/// The heap allocator: talc, a maintained allocator built for wasm, in place
/// of the default dlmalloc: about 3 KB smaller gzipped, and no slower for
/// this engine's few, small allocations.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// Runs once when the module is instantiated: a Rust panic (a bug, never
/// bad input: the fuzzers hold both modules to that) reaches the browser
/// console with its message and location, in the shipped modules too, so a
/// bug in the field can be reported as more than "unreachable".
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
/// returns its canonical form (`"5H"`, `"TS"`, `"JD"`): the hand
/// calculator's, which runs on the cribbage module.
///
/// # Errors
/// A JS `Error` naming the text when it is not a card.
#[cfg(feature = "cribbage")]
#[wasm_bindgen(js_name = parseCard)]
pub fn parse_card(text: &str) -> Result<String, JsError> {
    let card: crate::cards::Card = text.parse()?;
    Ok(card.to_string())
}

/// JSON text as the plain JS value it describes (objects and arrays, not
/// `Map`s), by the browser's own `JSON.parse`.
///
/// # Errors
/// Only if the text is not JSON, which the library's serializer never
/// writes.
pub(crate) fn to_js(text: &str) -> Result<JsValue, JsError> {
    js_sys::JSON::parse(text).map_err(|_| JsError::new("could not pass the result to JS"))
}

/// A plain JS value (an array of cards, a scores object) read as a `T` by
/// its `Deserialize`: the value as JSON, read as the library reads JSON.
/// `what` names it in the error: "the scores: missing field `theirs`".
/// (The discard analyser's, so the cribbage module's.)
///
/// # Errors
/// A JS `Error` for a value JSON cannot hold, or one `T` refuses.
#[cfg(feature = "cribbage")]
pub(crate) fn from_js<T: serde::de::DeserializeOwned>(
    value: &JsValue,
    what: &str,
) -> Result<T, JsError> {
    let text = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|text| text.as_string())
        .ok_or_else(|| JsError::new(&format!("{what} must be a value JSON can hold")))?;
    crate::json::from_str(&text).map_err(|e| JsError::new(&format!("{what}: {}", e.message())))
}
