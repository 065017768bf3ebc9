//! The one `#[wasm_bindgen]` boundary between the browser and the library.
//!
//! One boundary, built as two modules: the default build is standard and
//! reverse cribbage's (`www/pkg`, on the first visit's critical path);
//! `--features module-family` builds the family module (`www/pkg-family`)
//! for the family's smaller games, loaded only when one of them is chosen.
//! Both hand out the same numbered `game…` exports over their games
//! (`handles.rs`) and the same `aiDecide`, so the page's code is the same
//! for every game.
//!
//! Why one module for the smaller games, not one each: the part of a
//! module every game needs (the JS bindings, the allocator, formatting,
//! JSON) is much of its size: with Noddy alone the family module was 76 KB
//! gzip, of which some 70 were that part. A module each would pay it for
//! every game and put the family over its 250 KB budget; one module pays
//! it once, and each game adds only its rules, players and coach (Noddy
//! and Costly Colours together: 70.1 KB, saves read by hand in `read.rs`).
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

// Shared by every module: argument readers, the numbered handles, JSON,
// and the readers of plain JS values (saves and rules).
mod args;
mod handles;
mod json;
mod read;

// Standard and reverse cribbage's module (`www/pkg`), the default build.
#[cfg(not(feature = "module-family"))]
mod ai;
#[cfg(not(feature = "module-family"))]
mod game;
#[cfg(not(feature = "module-family"))]
mod scoring;

// The family module (`www/pkg-family`): the smaller games, loaded when one
// of them is chosen.
#[cfg(feature = "module-family")]
mod family;

/// The game this module's numbered handles hold (`handles.rs`).
#[cfg(not(feature = "module-family"))]
type Held = game::GameHandle;
/// The game this module's numbered handles hold (`handles.rs`).
#[cfg(feature = "module-family")]
type Held = family::Held;

#[cfg(not(feature = "module-family"))]
use crate::cards::Card;
use wasm_bindgen::prelude::*;

/// The heap allocator: talc, a maintained allocator built for wasm, in place
/// of the default dlmalloc. It is about 3 KB smaller gzipped, which the
/// first-visit download budget needs, and no slower for this engine's few,
/// small allocations.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// Runs once when the module is instantiated. In a debug build a Rust panic
/// (a bug, never bad input: the fuzzers hold both modules to that) reaches
/// the browser console with its message and location. The shipped modules
/// (the `wasm` profile, no debug assertions) leave the hook out: it cost
/// 0.97 KB gzip in the standard module and 0.81 KB in the family module,
/// which the download budgets need, and without it a panic still stops the
/// call with a JS error (a trap, "unreachable"), as `panic = "abort"` did.
#[wasm_bindgen(start)]
fn start() {
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
}

/// The crate version, so the page can show what it runs.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Reads one card in any accepted text form (`"5h"`, `"10♠"`, `"Jd"`) and
/// returns its canonical form (`"5H"`, `"TS"`, `"JD"`): the hand
/// calculator's, which runs on the cribbage module, so the family module
/// leaves it out (0.3 KB gzip with its glue).
///
/// # Errors
/// A JS `Error` naming the text when it is not a card.
#[cfg(not(feature = "module-family"))]
#[wasm_bindgen(js_name = parseCard)]
pub fn parse_card(text: &str) -> Result<String, JsError> {
    let card: Card = text.parse()?;
    Ok(card.to_string())
}

/// Turns a result into a plain JS object (arrays and objects, not `Map`s):
/// its JSON text (see [`json`]) read back by the browser's `JSON.parse`.
/// (The family module's handle writes its text behind its own vtable and
/// parses it with [`parse_js`].)
#[cfg(not(feature = "module-family"))]
fn to_js<T: serde::Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    parse_js(json::to_string(value))
}

/// [`to_js`]'s second half, kept out of the generic part: each type passed
/// to JS then costs only its serializer.
#[inline(never)]
pub(crate) fn parse_js(text: Result<String, json::Error>) -> Result<JsValue, JsError> {
    let text =
        text.map_err(|err| JsError::new(&format!("could not pass the result to JS: {err}")))?;
    js_sys::JSON::parse(&text).map_err(|_| JsError::new("could not pass the result to JS"))
}
