//! The library's serde forms as JSON text, for everything the module hands
//! to the page.
//!
//! Why not `serde-wasm-bindgen`: its serializer builds each object field by
//! field through JS calls, and every (type, field type) pair got its own
//! copy of that code — about 13 KB of the gzipped module. Writing JSON text
//! takes a few bytes per field, and the browser's `JSON.parse` makes the
//! same plain objects and arrays from it: the same fields in the same order
//! with the same values, `None` and `()` as `null`, enums as serde tags
//! them, maps as objects.
//!
//! Numbers: integers are written digit by digit; a float by the browser's
//! own `JSON.stringify`, so it reads back as the very same `f64` (no float
//! formatting in the module), and a non-finite one as `null` as JSON has no
//! other form for it. Strings are escaped as `serde_json` and
//! `JSON.stringify` escape them, so a save written here is the text
//! `Game::to_json` writes natively.

use serde::ser::{self, Serialize};
use std::fmt::Display;

/// A value JSON cannot carry (a 128-bit integer) or a `Serialize` impl's
/// own error. It keeps no message: none of the library's types fails to
/// serialize, and an empty error keeps every `?` in the derived impls a
/// single test rather than a string moved around (nor formatting pulled in).
#[derive(Debug)]
pub(crate) struct Error;

impl Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a value JSON cannot carry")
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: Display>(_msg: T) -> Error {
        Error
    }
}

/// `value` as compact JSON text.
pub(crate) fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let mut writer = Writer { out: String::new() };
    value.serialize(&mut writer)?;
    Ok(writer.out)
}

/// The JSON text being written.
struct Writer {
    out: String,
}

// The leaf writers are not generic and stay out of line, so each derived
// `Serialize` impl costs a call per field rather than a copy of the writer.
impl Writer {
    /// The digits, the higher ones first by recursion (at most 20 deep):
    /// no buffer to index, so no bounds check to prove (this module denies
    /// unchecked indexing), and only divisions by 10, so no panic path for
    /// a division by zero.
    #[inline(never)]
    fn unsigned(&mut self, n: u64) {
        if n >= 10 {
            self.unsigned(n / 10);
        }
        self.out.push(char::from(b'0' + (n % 10) as u8));
    }

    #[inline(never)]
    fn signed(&mut self, n: i64) {
        if n < 0 {
            self.out.push('-');
        }
        self.unsigned(n.unsigned_abs());
    }

    #[inline(never)]
    fn float(&mut self, x: f64) {
        let text = js_sys::JSON::stringify(&wasm_bindgen::JsValue::from_f64(x))
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_default();
        // JSON.stringify writes `null` for NaN and the infinities.
        self.out
            .push_str(if text.is_empty() { "null" } else { &text });
    }

    /// A JSON string, escaped as `serde_json` escapes it. Bytes that need
    /// no escape are copied in runs: every byte of a multi-byte character
    /// is 0x80 or above, so the runs end at character boundaries (`get`
    /// rather than indexing keeps the panic path for a bad boundary, and
    /// with it `char`'s `Debug` and the Unicode tables, out of the module).
    #[inline(never)]
    fn string(&mut self, text: &str) {
        self.out.push('"');
        let mut start = 0;
        for (i, &b) in text.as_bytes().iter().enumerate() {
            let escape = match b {
                b'"' => "\\\"",
                b'\\' => "\\\\",
                b'\n' => "\\n",
                b'\r' => "\\r",
                b'\t' => "\\t",
                0x08 => "\\b",
                0x0c => "\\f",
                0..0x20 => "",
                _ => continue,
            };
            self.out.push_str(text.get(start..i).unwrap_or_default());
            start = i + 1;
            if escape.is_empty() {
                self.out.push_str("\\u00");
                // Lower-case hex, as serde_json writes it.
                for nibble in [b >> 4, b & 15] {
                    let digit = if nibble < 10 {
                        b'0' + nibble
                    } else {
                        b'a' + nibble - 10
                    };
                    self.out.push(char::from(digit));
                }
            } else {
                self.out.push_str(escape);
            }
        }
        self.out.push_str(text.get(start..).unwrap_or_default());
        self.out.push('"');
    }

    #[inline(never)]
    fn raw(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// Opens `{"variant":` for an enum variant with data.
    #[inline(never)]
    fn open_variant(&mut self, variant: &str) {
        self.out.push('{');
        self.string(variant);
        self.out.push(':');
    }

    /// Starts a compound (`[` or `{`) with nothing in it yet.
    #[inline(never)]
    fn open(&mut self, bracket: char) -> Compound<'_> {
        self.out.push(bracket);
        Compound {
            writer: self,
            first: true,
        }
    }
}

/// An array or object being written: knows whether a comma is due.
pub(crate) struct Compound<'a> {
    writer: &'a mut Writer,
    first: bool,
}

impl Compound<'_> {
    #[inline(never)]
    fn comma(&mut self) {
        if !self.first {
            self.writer.out.push(',');
        }
        self.first = false;
    }

    #[inline(never)]
    fn key(&mut self, key: &str) {
        self.comma();
        self.writer.string(key);
        self.writer.out.push(':');
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.comma();
        value.serialize(&mut *self.writer)
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Error> {
        self.key(key);
        value.serialize(&mut *self.writer)
    }
}

impl<'a> ser::Serializer for &'a mut Writer {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.raw(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.signed(i64::from(v));
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.signed(i64::from(v));
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.signed(i64::from(v));
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.signed(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.unsigned(u64::from(v));
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.unsigned(u64::from(v));
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.unsigned(u64::from(v));
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.unsigned(v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.float(f64::from(v));
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.float(v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.string(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.string(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        let mut seq = self.open('[');
        for &b in v {
            seq.element(&b)?;
        }
        ser::SerializeSeq::end(seq)
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.raw("null");
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.raw("null");
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.raw("null");
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.string(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.open_variant(variant);
        value.serialize(&mut *self)?;
        self.raw("}");
        Ok(())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        Ok(self.open('['))
    }
    fn serialize_tuple(self, _len: usize) -> Result<Compound<'a>, Error> {
        Ok(self.open('['))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        Ok(self.open('['))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.open_variant(variant);
        Ok(self.open('['))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        Ok(self.open('{'))
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'a>, Error> {
        Ok(self.open('{'))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.open_variant(variant);
        Ok(self.open('{'))
    }
}

impl ser::SerializeSeq for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.writer.raw("]");
        Ok(())
    }
}

impl ser::SerializeTuple for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.writer.raw("]");
        Ok(())
    }
}

impl ser::SerializeTupleStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.writer.raw("]");
        Ok(())
    }
}

impl ser::SerializeTupleVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    /// Closes the array and the `{"variant":` around it.
    fn end(self) -> Result<(), Error> {
        self.writer.raw("]}");
        Ok(())
    }
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;
    /// A key that is not a string (a number, say) is quoted, as JS turns
    /// every property name into a string.
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.comma();
        let start = self.writer.out.len();
        key.serialize(&mut *self.writer)?;
        if self.writer.out.as_bytes().get(start) != Some(&b'"') {
            self.writer.out.insert(start, '"');
            self.writer.out.push('"');
        }
        self.writer.out.push(':');
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut *self.writer)
    }
    fn end(self) -> Result<(), Error> {
        self.writer.raw("}");
        Ok(())
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), Error> {
        self.writer.raw("}");
        Ok(())
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }
    /// Closes the object and the `{"variant":` around it.
    fn end(self) -> Result<(), Error> {
        self.writer.raw("}}");
        Ok(())
    }
}
