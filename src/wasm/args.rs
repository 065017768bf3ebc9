//! Reading the arguments the exports take: seeds, seats and levels.

use crate::ai::Level;
use wasm_bindgen::prelude::*;

/// Reads a seed given as a decimal string (JS numbers cannot hold every u64).
pub(crate) fn parse_seed(seed: &str) -> Result<u64, JsError> {
    seed.trim().parse().map_err(|_| {
        JsError::new(&format!(
            "the seed \"{seed}\" is not a whole number from 0 to 18446744073709551615"
        ))
    })
}

/// Reads a level by its name ("easy", "medium", "hard", "expert",
/// "baseline"). Expert v1, a yardstick of the command line's matches, is
/// not in the browser's modules (its end-game table is left out of them).
pub(crate) fn level(text: &str) -> Result<Level, JsError> {
    match text.parse::<Level>().map_err(JsError::from)? {
        Level::ExpertV1 => Err(JsError::new(
            "\"expert-v1\" is a yardstick of the command line's matches, not played here: easy, medium, hard, expert or baseline",
        )),
        level => Ok(level),
    }
}

/// Reads a seat argument: a whole number from 0 to `players - 1`, and
/// nothing else.
///
/// Why a `JsValue` and not a `usize` parameter: wasm-bindgen converts a
/// number parameter the way JS does (`NaN`, `undefined`, `null`, `"abc"`
/// and `{}` all become 0, `-1` a huge number, `1.5` becomes 1), so a page
/// with a bug would act for seat 0 without a word.
///
/// # Errors
/// A JS `Error` naming what was given and the seats there are.
pub(crate) fn seat_arg(seat: &JsValue, players: usize) -> Result<usize, JsError> {
    let last = players.saturating_sub(1);
    match seat.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= 0.0 && n < players as f64 => Ok(n as usize),
        Some(n) if n.fract() == 0.0 && n >= 0.0 => Err(JsError::new(&format!(
            "seat {} is not at the table: seats are 0 to {last}",
            describe(seat)
        ))),
        _ => Err(JsError::new(&format!(
            "the seat must be a whole number from 0 to {last}, not {}",
            describe(seat)
        ))),
    }
}

/// A short description of a JS value for an error message: a number or a
/// string as written, anything else by its type. Numbers are written by
/// JS, as the page wrote them (`1e+21`, not Rust's `1000000000000000000000`).
fn describe(value: &JsValue) -> String {
    if value.as_f64().is_some() {
        js_sys::Number::from(value.clone())
            .to_string_with_radix(10)
            .map(String::from)
            .unwrap_or_default()
    } else if let Some(text) = value.as_string() {
        format!("\"{text}\"")
    } else if value.is_null() {
        "null".into()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}
