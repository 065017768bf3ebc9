//! Reading plain JS values (parsed JSON) into the library's types by hand.
//!
//! Why not serde here: a derived `Deserialize` brings its visitors, serde's
//! error formatting and with it the whole of float formatting into the
//! module — about a fifth of its size — while everything the page sends in
//! is a handful of numbers, strings and arrays. These readers take the same
//! shapes the library's serde forms write, refuse unknown fields as they do,
//! and say exactly what is wrong and where.

use crate::cards::Card;
use crate::games::GameKind;
use crate::record::{self, MAX_SAVE_BYTES, RecordError};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

/// JSON text as a JS value, by the browser's own `JSON.parse`; `what` names
/// it in the error.
pub(crate) fn parse_json_text(text: &str, what: &str) -> Result<JsValue, String> {
    js_sys::JSON::parse(text).map_err(|e| {
        let why = e
            .dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_else(|| "not JSON".into());
        format!("{what} is not JSON: {why}")
    })
}

/// A save's text read as far as the game it holds: the parsed save, its
/// version (0 when missing), the game as written and the game it holds.
/// The version and the game come first (see [`record::saved_kind`]), so a
/// newer file is reported as newer and a game the module lacks as such,
/// whatever else the save holds.
///
/// # Errors
/// A [`RecordError`]: far too long, not JSON, not an object, a newer
/// format, a game that is not one.
pub(crate) fn save_start(
    text: &str,
) -> Result<(JsValue, u64, Option<GameKind>, GameKind), RecordError> {
    if text.len() > MAX_SAVE_BYTES {
        return Err(RecordError::Malformed(format!(
            "{} bytes is far larger than any saved game",
            text.len()
        )));
    }
    let malformed = RecordError::Malformed;
    let value = parse_json_text(text, "the save").map_err(malformed)?;
    let obj = Obj::new(&value, "the save").map_err(malformed)?;
    let v = obj.whole_opt("v", u64::MAX).map_err(malformed)?;
    let game = obj
        .string_opt("game")
        .map_err(malformed)?
        .map(|name| {
            // Exact names, as serde reads them natively.
            GameKind::ALL
                .into_iter()
                .find(|kind| kind.name() == name)
                .ok_or_else(|| RecordError::Malformed(format!("\"{name}\" is not a game")))
        })
        .transpose()?;
    let kind = record::saved_kind(v, game)?;
    Ok((value, v.unwrap_or_default(), game, kind))
}

/// A JS object being read, with a name for its error messages.
pub(crate) struct Obj<'a> {
    value: &'a JsValue,
    what: &'a str,
}

impl<'a> Obj<'a> {
    /// Reads `value` as an object; `what` names it in errors ("the rules").
    pub(crate) fn new(value: &'a JsValue, what: &'a str) -> Result<Obj<'a>, String> {
        if value.is_object() && !Array::is_array(value) {
            Ok(Obj { value, what })
        } else {
            Err(format!("{what} must be an object"))
        }
    }

    /// Refuses any field not in `known`, as the library's serde forms do.
    pub(crate) fn only(&self, known: &[&str]) -> Result<(), String> {
        let keys = Object::keys(self.value.unchecked_ref::<Object>());
        for key in keys.iter() {
            let key = key.as_string().unwrap_or_default();
            if !known.contains(&key.as_str()) {
                // A loop rather than `join`, whose generic code would be
                // one more copy in the module.
                let mut expected = String::new();
                for (i, name) in known.iter().enumerate() {
                    if i > 0 {
                        expected.push_str(", ");
                    }
                    expected.push_str(name);
                }
                return Err(format!(
                    "{} has an unknown field \"{key}\" (expected {expected})",
                    self.what
                ));
            }
        }
        Ok(())
    }

    /// The field, or `None` when it is missing, `undefined` or `null`.
    pub(crate) fn get(&self, name: &str) -> Option<JsValue> {
        let value = Reflect::get(self.value, &JsValue::from_str(name)).ok()?;
        if value.is_undefined() || value.is_null() {
            None
        } else {
            Some(value)
        }
    }

    /// The field `name` of this object, for its messages (`the save's
    /// "seed"`): one copy of the formatting for every reader.
    fn field(&self, name: &str) -> String {
        format!("{}'s \"{name}\"", self.what)
    }

    fn missing(&self, name: &str) -> String {
        format!("{} is missing \"{name}\"", self.what)
    }

    /// A whole number field that must be there.
    pub(crate) fn whole(&self, name: &str, max: u64) -> Result<u64, String> {
        let value = self.get(name).ok_or_else(|| self.missing(name))?;
        whole(&value, &self.field(name), max)
    }

    /// A whole number field that may be missing.
    pub(crate) fn whole_opt(&self, name: &str, max: u64) -> Result<Option<u64>, String> {
        self.get(name)
            .map(|v| whole(&v, &self.field(name), max))
            .transpose()
    }

    /// A string field that must be there.
    pub(crate) fn string(&self, name: &str) -> Result<String, String> {
        let value = self.get(name).ok_or_else(|| self.missing(name))?;
        string(&value, &self.field(name))
    }

    /// A string field that may be missing.
    pub(crate) fn string_opt(&self, name: &str) -> Result<Option<String>, String> {
        self.get(name)
            .map(|v| string(&v, &self.field(name)))
            .transpose()
    }

    /// An array field that must be there.
    pub(crate) fn array(&self, name: &str) -> Result<Array, String> {
        let value = self.get(name).ok_or_else(|| self.missing(name))?;
        array(&value, &self.field(name))
    }

    /// An array field that may be missing.
    pub(crate) fn array_opt(&self, name: &str) -> Result<Option<Array>, String> {
        self.get(name)
            .map(|v| array(&v, &self.field(name)))
            .transpose()
    }
}

/// A whole number from 0 to `max`.
pub(crate) fn whole(value: &JsValue, what: &str, max: u64) -> Result<u64, String> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= 0.0 && n <= max as f64 => Ok(n as u64),
        _ => Err(format!("{what} must be a whole number from 0 to {max}")),
    }
}

/// A string.
pub(crate) fn string(value: &JsValue, what: &str) -> Result<String, String> {
    value
        .as_string()
        .ok_or_else(|| format!("{what} must be a string"))
}

/// An array.
pub(crate) fn array(value: &JsValue, what: &str) -> Result<Array, String> {
    if Array::is_array(value) {
        Ok(value.clone().unchecked_into())
    } else {
        Err(format!("{what} must be an array"))
    }
}

/// An array of card strings, in order.
pub(crate) fn cards(value: &JsValue, what: &str) -> Result<Vec<Card>, String> {
    let list = array(value, what)?;
    let mut cards = Vec::with_capacity(list.length() as usize);
    for item in list.iter() {
        let text = string(&item, &format!("each of {what}"))?;
        cards.push(text.parse::<Card>().map_err(|e| format!("{what}: {e}"))?);
    }
    Ok(cards)
}

/// An array of whole numbers.
pub(crate) fn wholes(value: &JsValue, what: &str, max: u64) -> Result<Vec<u64>, String> {
    let list = array(value, what)?;
    let mut numbers = Vec::with_capacity(list.length() as usize);
    for item in list.iter() {
        numbers.push(whole(&item, &format!("each of {what}"), max)?);
    }
    Ok(numbers)
}
