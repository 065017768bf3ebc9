//! The one `#[wasm_bindgen]` boundary between the browser and the library.

use wasm_bindgen::prelude::*;

/// The crate version, so the page can show what it runs.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
