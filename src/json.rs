//! Reading JSON text into the library's types, through their `Deserialize`
//! derives: the reader of saves, rules and setups, natively and in the
//! browser alike, so both give the same results and the same errors.
//!
//! It reads what `serde_json` reads and refuses what it refuses, with its
//! words ("EOF while parsing a value", "unknown field `x`, expected one of
//! …", "invalid type: string \"x\", expected u16") and the line and column
//! where it stopped; the property tests of `tests/it/json.rs` hold it to
//! `serde_json` on generated saves, rules and setups and on text broken at
//! random. The
//! derives are the one schema: this is a data format, as `serde_json` is,
//! with nothing of any game in it. It is the library's own rather than
//! `serde_json`'s reader for the browser's sake: see the README's "Sizes"
//! for the figures. Writing JSON is `serde_json`'s, through [`to_string`].
//!
//! Numbers are whole numbers: nothing the library saves has a fraction, so
//! one with a fraction or an exponent is refused as `serde_json` refuses
//! it where the schema wants a whole number ("invalid type: floating
//! point `1.5`, expected u16").
//!
//! ```
//! use cribbage::games::cribbage::Rules;
//!
//! let rules: Rules = cribbage::json::from_str(r#"{"players":3,"target":61}"#)?;
//! assert_eq!(rules.players(), 3);
//! let err = cribbage::json::from_str::<Rules>(r#"{"players":3,"target":61,"x":1}"#).unwrap_err();
//! assert!(err.to_string().starts_with("unknown field `x`"));
//! # Ok::<(), cribbage::json::Error>(())
//! ```

use serde::de::{self, DeserializeSeed, Deserializer, Expected, Unexpected, Visitor};
use std::fmt;

/// How deep arrays and objects may nest, as `serde_json` allows: deeper
/// text is refused rather than read by recursion without end.
const RECURSION_LIMIT: u32 = 128;

/// Why JSON text could not be read as the type asked for, and where.
///
/// Boxed, as `serde_json`'s is: every `?` of every derived reader passes
/// it on, and a pointer passes on in one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(Box<Place>);

/// What is wrong, and where (line 0: not placed yet).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Place {
    message: String,
    line: usize,
    column: usize,
}

impl Error {
    /// What is wrong, without where.
    pub fn message(&self) -> &str {
        &self.0.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Place {
            message,
            line,
            column,
        } = &*self.0;
        if *line == 0 {
            f.write_str(message)
        } else {
            write!(f, "{message} at line {line} column {column}")
        }
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Error {
        Error(Box::new(Place {
            message: message.to_string(),
            line: 0,
            column: 0,
        }))
    }

    fn invalid_type(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Error {
        de::Error::custom(format_args!(
            "invalid type: {}, expected {expected}",
            Described(unexpected)
        ))
    }

    fn invalid_value(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Error {
        de::Error::custom(format_args!(
            "invalid value: {}, expected {expected}",
            Described(unexpected)
        ))
    }
}

/// A value that did not fit, in `serde_json`'s words for it. This reader
/// makes no floating-point values (a number with a fraction arrives as
/// [`Unexpected::Other`], in its own digits), so none is formatted here.
struct Described<'a>(Unexpected<'a>);

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Unexpected::Bool(b) => write!(f, "boolean `{b}`"),
            Unexpected::Unsigned(n) => write!(f, "integer `{n}`"),
            Unexpected::Signed(n) => write!(f, "integer `{n}`"),
            Unexpected::Float(_) => f.write_str("floating point"),
            Unexpected::Char(c) => write!(f, "character `{c}`"),
            Unexpected::Str(s) => {
                // As `{:?}` writes a string, but for the characters Unicode
                // calls unprintable, written as they are.
                f.write_str("string \"")?;
                for c in s.chars() {
                    match c {
                        '"' | '\\' => write!(f, "\\{c}")?,
                        '\n' => f.write_str("\\n")?,
                        '\r' => f.write_str("\\r")?,
                        '\t' => f.write_str("\\t")?,
                        '\0' => f.write_str("\\0")?,
                        c if c.is_control() => write!(f, "\\u{{{:x}}}", u32::from(c))?,
                        c => write!(f, "{c}")?,
                    }
                }
                f.write_str("\"")
            }
            Unexpected::Bytes(_) => f.write_str("byte array"),
            Unexpected::Unit => f.write_str("null"),
            Unexpected::Option => f.write_str("Option value"),
            Unexpected::NewtypeStruct => f.write_str("newtype struct"),
            Unexpected::Seq => f.write_str("sequence"),
            Unexpected::Map => f.write_str("map"),
            Unexpected::Enum => f.write_str("enum"),
            Unexpected::UnitVariant => f.write_str("unit variant"),
            Unexpected::NewtypeVariant => f.write_str("newtype variant"),
            Unexpected::TupleVariant => f.write_str("tuple variant"),
            Unexpected::StructVariant => f.write_str("struct variant"),
            Unexpected::Other(other) => f.write_str(other),
        }
    }
}

/// Reads `text` as a `T`: the whole text, one JSON value.
///
/// # Errors
/// [`Error`]: text that is not JSON, or JSON that `T`'s `Deserialize`
/// refuses, with the line and column where the reading stopped.
pub fn from_str<'a, T: de::Deserialize<'a>>(text: &'a str) -> Result<T, Error> {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        at: 0,
        depth: 0,
    };
    let value = T::deserialize(&mut reader).map_err(|e| reader.placed(e))?;
    reader.skip_space();
    if reader.at < reader.bytes.len() {
        return Err(reader.error("trailing characters"));
    }
    Ok(value)
}

/// `value` as compact JSON, written by `serde_json`. The library writes
/// plain data with string keys, which cannot fail to be written; were it
/// ever to fail, the text is empty.
///
/// Saves and every value the page receives (observations, events,
/// analyses, reviews) are written here, once per type; what does not
/// depend on the type, turning the bytes written into text, is
/// `into_text`, compiled once for all of them.
pub fn to_string<T: serde::Serialize + ?Sized>(value: &T) -> String {
    let mut bytes = Vec::new();
    let written = value
        .serialize(&mut serde_json::Serializer::new(&mut bytes))
        .is_ok();
    into_text(written, bytes)
}

/// The bytes `serde_json` wrote as text, or the empty text when the
/// writing failed.
fn into_text(written: bool, bytes: Vec<u8>) -> String {
    if written {
        String::from_utf8(bytes).unwrap_or_default()
    } else {
        String::new()
    }
}

/// The text being read, and how far.
struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    depth: u32,
}

/// A JSON number as read: whole (its sign and size) or with a fraction or
/// an exponent (its text).
enum Number<'a> {
    Unsigned(u64),
    Signed(i64),
    Fraction(&'a str),
}

impl<'a> Reader<'a> {
    /// `error` with the line and column of the reading position, unless it
    /// has one already (from deeper in the text).
    fn placed(&self, mut error: Error) -> Error {
        let error_place = &mut *error.0;
        if error_place.line == 0 {
            let read = self.bytes.get(..self.at).unwrap_or(self.bytes);
            error_place.line = 1;
            error_place.column = 0;
            for &b in read {
                if b == b'\n' {
                    error_place.line += 1;
                    error_place.column = 0;
                } else if b & 0xC0 != 0x80 {
                    // The first byte of a character: a column.
                    error_place.column += 1;
                }
            }
        }
        error
    }

    /// An error of the text itself, at the reading position.
    fn error(&self, message: &str) -> Error {
        self.placed(de::Error::custom(message))
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\n' | b'\t' | b'\r')) {
            self.at += 1;
        }
    }

    /// The next byte that is not space, not taken.
    fn next_value(&mut self) -> Result<u8, Error> {
        self.skip_space();
        self.peek()
            .ok_or_else(|| self.error("EOF while parsing a value"))
    }

    /// Takes the literal `word` (`null`, `true`, `false`).
    fn literal(&mut self, word: &str) -> Result<(), Error> {
        for &expected in word.as_bytes() {
            match self.peek() {
                Some(b) if b == expected => self.at += 1,
                Some(_) => {
                    self.at += 1;
                    return Err(self.error("expected ident"));
                }
                None => return Err(self.error("EOF while parsing a value")),
            }
        }
        Ok(())
    }

    /// Takes a number.
    fn number(&mut self) -> Result<Number<'a>, Error> {
        let start = self.at;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.at += 1;
        }
        let digits = self.at;
        match self.peek() {
            Some(b'0') => {
                self.at += 1;
                // One leading zero at most.
                if matches!(self.peek(), Some(b'0'..=b'9')) {
                    return Err(self.error("invalid number"));
                }
            }
            Some(b'1'..=b'9') => {
                while matches!(self.peek(), Some(b'0'..=b'9')) {
                    self.at += 1;
                }
            }
            Some(_) => {
                self.at += 1;
                return Err(self.error("invalid number"));
            }
            None => return Err(self.error("EOF while parsing a value")),
        }
        let whole = self.text.get(digits..self.at).unwrap_or_default();
        let mut fraction = false;
        if self.peek() == Some(b'.') {
            fraction = true;
            self.at += 1;
            self.digit_follows()?;
            while matches!(self.peek(), Some(b'0'..=b'9')) {
                self.at += 1;
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            fraction = true;
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            self.digit_follows()?;
            while matches!(self.peek(), Some(b'0'..=b'9')) {
                self.at += 1;
            }
        }
        if fraction {
            return Ok(Number::Fraction(
                self.text.get(start..self.at).unwrap_or_default(),
            ));
        }
        let magnitude: Option<u64> = whole.parse().ok();
        match (negative, magnitude) {
            (false, Some(n)) => Ok(Number::Unsigned(n)),
            (true, Some(n)) if (1..=i64::MIN.unsigned_abs()).contains(&n) => {
                Ok(Number::Signed(0i64.wrapping_sub_unsigned(n)))
            }
            // serde_json reads `-0`, and a whole number too large for 64
            // bits, as a float, which no type here takes.
            _ => Ok(Number::Fraction(
                self.text.get(start..self.at).unwrap_or_default(),
            )),
        }
    }

    /// Checks that a digit follows, in a number's fraction or exponent.
    fn digit_follows(&mut self) -> Result<(), Error> {
        match self.peek() {
            Some(b'0'..=b'9') => Ok(()),
            Some(_) => {
                self.at += 1;
                Err(self.error("invalid number"))
            }
            None => Err(self.error("EOF while parsing a value")),
        }
    }

    /// Takes a string, the opening quote already seen: borrowed from the
    /// text when it has no escapes.
    fn string(&mut self) -> Result<Text<'a>, Error> {
        self.at += 1;
        let start = self.at;
        loop {
            let Some(b) = self.peek() else {
                return Err(self.error("EOF while parsing a string"));
            };
            match b {
                b'"' => {
                    let text = self.text.get(start..self.at).unwrap_or_default();
                    self.at += 1;
                    return Ok(Text::Borrowed(text));
                }
                b'\\' => {
                    let mut text = String::from(self.text.get(start..self.at).unwrap_or_default());
                    self.at += 1;
                    text.push(self.escape()?);
                    return self.string_after_escape(text);
                }
                0..0x20 => {
                    self.at += 1;
                    return Err(self.error(
                        "control character (\\u0000-\\u001F) found while parsing a string",
                    ));
                }
                _ => self.at += 1,
            }
        }
    }

    /// The rest of a string after its first escape.
    fn string_after_escape(&mut self, mut text: String) -> Result<Text<'a>, Error> {
        loop {
            let start = self.at;
            while matches!(self.peek(), Some(b) if b != b'"' && b != b'\\' && b >= 0x20) {
                self.at += 1;
            }
            text.push_str(self.text.get(start..self.at).unwrap_or_default());
            match self.peek() {
                None => return Err(self.error("EOF while parsing a string")),
                Some(b'"') => {
                    self.at += 1;
                    return Ok(Text::Owned(text));
                }
                Some(b'\\') => {
                    self.at += 1;
                    text.push(self.escape()?);
                }
                Some(_) => {
                    self.at += 1;
                    return Err(self.error(
                        "control character (\\u0000-\\u001F) found while parsing a string",
                    ));
                }
            }
        }
    }

    /// One escape, its backslash taken.
    fn escape(&mut self) -> Result<char, Error> {
        let Some(b) = self.peek() else {
            return Err(self.error("EOF while parsing a string"));
        };
        self.at += 1;
        Ok(match b {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => return self.unicode_escape(),
            _ => return Err(self.error("invalid escape")),
        })
    }

    /// Four hex digits: four characters taken, then read.
    fn hex(&mut self) -> Result<u32, Error> {
        let Some(four) = self.bytes.get(self.at..self.at + 4) else {
            self.at = self.bytes.len();
            return Err(self.error("EOF while parsing a string"));
        };
        self.at += 4;
        four.iter()
            .try_fold(0, |n, &b| Some(n * 16 + char::from(b).to_digit(16)?))
            .ok_or_else(|| self.error("invalid escape"))
    }

    /// A `\u` escape, `\u` taken: one character, or a surrogate pair.
    fn unicode_escape(&mut self) -> Result<char, Error> {
        let n = self.hex()?;
        if (0xDC00..=0xDFFF).contains(&n) {
            return Err(self.error("lone leading surrogate in hex escape"));
        }
        if !(0xD800..=0xDBFF).contains(&n) {
            return char::from_u32(n).ok_or_else(|| self.error("invalid unicode code point"));
        }
        for expected in [b'\\', b'u'] {
            match self.peek() {
                Some(b) if b == expected => self.at += 1,
                Some(_) => {
                    self.at += 1;
                    return Err(self.error("unexpected end of hex escape"));
                }
                None => return Err(self.error("EOF while parsing a string")),
            }
        }
        let low = self.hex()?;
        if !(0xDC00..=0xDFFF).contains(&low) {
            return Err(self.error("lone leading surrogate in hex escape"));
        }
        char::from_u32(0x1_0000 + ((n - 0xD800) << 10) + (low - 0xDC00))
            .ok_or_else(|| self.error("invalid unicode code point"))
    }

    /// The error for a value of the wrong kind where `expected` was
    /// wanted, in the words of what it is: a string, a number, `null`,
    /// a sequence, a map.
    fn not_a(&mut self, expected: &dyn Expected) -> Error {
        let error = match self.peek() {
            Some(b'n') => self
                .literal("null")
                .err()
                .unwrap_or_else(|| de::Error::invalid_type(Unexpected::Unit, expected)),
            Some(b't') => self
                .literal("true")
                .err()
                .unwrap_or_else(|| de::Error::invalid_type(Unexpected::Bool(true), expected)),
            Some(b'f') => self
                .literal("false")
                .err()
                .unwrap_or_else(|| de::Error::invalid_type(Unexpected::Bool(false), expected)),
            Some(b'-' | b'0'..=b'9') => match self.number() {
                Ok(Number::Unsigned(n)) => {
                    de::Error::invalid_type(Unexpected::Unsigned(n), expected)
                }
                Ok(Number::Signed(n)) => de::Error::invalid_type(Unexpected::Signed(n), expected),
                Ok(Number::Fraction(text)) => not_whole(text, expected),
                Err(e) => e,
            },
            Some(b'"') => match self.string() {
                Ok(Text::Borrowed(text)) => {
                    de::Error::invalid_type(Unexpected::Str(text), expected)
                }
                Ok(Text::Owned(text)) => de::Error::invalid_type(Unexpected::Str(&text), expected),
                Err(e) => e,
            },
            Some(b'[') => de::Error::invalid_type(Unexpected::Seq, expected),
            Some(b'{') => de::Error::invalid_type(Unexpected::Map, expected),
            _ => {
                self.at += 1;
                self.error("expected value")
            }
        };
        self.placed(error)
    }

    /// Skips one value, checking it is JSON, as `serde_json` skips a value
    /// no field wants: by a loop rather than recursion, so to any depth.
    fn ignore(&mut self) -> Result<(), Error> {
        // The arrays (`[`) and objects (`{`) the value is inside.
        let mut open: Vec<u8> = Vec::new();
        loop {
            let opened = match self.next_value()? {
                b'n' => self.literal("null").map(|()| None)?,
                b't' => self.literal("true").map(|()| None)?,
                b'f' => self.literal("false").map(|()| None)?,
                b'-' | b'0'..=b'9' => self.number().map(|_| None)?,
                b'"' => self.skip_string().map(|()| None)?,
                frame @ (b'[' | b'{') => {
                    self.at += 1;
                    open.push(frame);
                    Some(frame)
                }
                _ => {
                    self.at += 1;
                    return Err(self.error("expected value"));
                }
            };
            // Just opened, its first element or field comes next (or its
            // end); after a value, a comma or the end of what holds it.
            let (mut after_value, mut frame) = match (opened, open.last()) {
                (Some(frame), _) => (false, frame),
                (None, Some(&frame)) => (true, frame),
                (None, None) => return Ok(()),
            };
            loop {
                self.skip_space();
                match self.peek() {
                    Some(b',') if after_value => {
                        self.at += 1;
                        break;
                    }
                    Some(b']') if frame == b'[' => {}
                    Some(b'}') if frame == b'{' => {}
                    Some(_) if after_value => {
                        return Err(self.error(if frame == b'[' {
                            "expected `,` or `]`"
                        } else {
                            "expected `,` or `}`"
                        }));
                    }
                    Some(_) => break,
                    None => {
                        return Err(self.error(if frame == b'[' {
                            "EOF while parsing a list"
                        } else {
                            "EOF while parsing an object"
                        }));
                    }
                }
                // The end of an array or object: a value of what holds it.
                self.at += 1;
                open.pop();
                let Some(&outer) = open.last() else {
                    return Ok(());
                };
                frame = outer;
                after_value = true;
            }
            if frame == b'{' {
                self.ignore_key()?;
            }
        }
    }

    /// Skips an object's key and its colon.
    fn ignore_key(&mut self) -> Result<(), Error> {
        self.skip_space();
        match self.peek() {
            Some(b'"') => self.skip_string()?,
            Some(_) => return Err(self.error("key must be a string")),
            None => return Err(self.error("EOF while parsing an object")),
        }
        self.skip_space();
        match self.peek() {
            Some(b':') => {
                self.at += 1;
                Ok(())
            }
            Some(_) => Err(self.error("expected `:`")),
            None => Err(self.error("EOF while parsing an object")),
        }
    }

    /// Skips a string, checking its escapes are escapes (but not what a
    /// `\u` escape names, as `serde_json` does not when it skips).
    fn skip_string(&mut self) -> Result<(), Error> {
        self.at += 1;
        loop {
            match self.peek() {
                None => return Err(self.error("EOF while parsing a string")),
                Some(b'"') => {
                    self.at += 1;
                    return Ok(());
                }
                Some(b'\\') => {
                    self.at += 1;
                    match self.peek() {
                        None => return Err(self.error("EOF while parsing a string")),
                        Some(b'u') => {
                            self.at += 1;
                            self.hex()?;
                        }
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                            self.at += 1
                        }
                        Some(_) => {
                            self.at += 1;
                            return Err(self.error("invalid escape"));
                        }
                    }
                }
                Some(0..0x20) => {
                    self.at += 1;
                    return Err(self.error(
                        "control character (\\u0000-\\u001F) found while parsing a string",
                    ));
                }
                Some(_) => self.at += 1,
            }
        }
    }

    /// One level deeper into arrays and objects.
    fn enter(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth >= RECURSION_LIMIT {
            return Err(self.error("recursion limit exceeded"));
        }
        Ok(())
    }

    /// Takes the colon after an object's key.
    fn colon(&mut self) -> Result<(), Error> {
        match self.next_value() {
            Ok(b':') => {
                self.at += 1;
                Ok(())
            }
            Ok(_) => Err(self.error("expected `:`")),
            Err(_) => Err(self.error("EOF while parsing an object")),
        }
    }

    /// Takes the end of an array (`]`), or says what was found instead.
    fn end_array(&mut self) -> Result<(), Error> {
        self.depth -= 1;
        match self.next_value() {
            Ok(b']') => {
                self.at += 1;
                Ok(())
            }
            Ok(b',') => {
                self.at += 1;
                match self.next_value() {
                    Ok(b']') => Err(self.error("trailing comma")),
                    _ => Err(self.error("trailing characters")),
                }
            }
            Ok(_) => Err(self.error("trailing characters")),
            Err(_) => Err(self.error("EOF while parsing a list")),
        }
    }

    /// Takes the end of an object (`}`), or says what was found instead.
    fn end_object(&mut self) -> Result<(), Error> {
        self.depth -= 1;
        match self.next_value() {
            Ok(b'}') => {
                self.at += 1;
                Ok(())
            }
            Ok(b',') => Err(self.error("trailing comma")),
            Ok(_) => Err(self.error("trailing characters")),
            Err(_) => Err(self.error("EOF while parsing an object")),
        }
    }
}

/// A string read: borrowed from the text, or made where it had escapes.
enum Text<'a> {
    Borrowed(&'a str),
    Owned(String),
}

impl<'de> Text<'de> {
    /// Hands the string to `visitor`, borrowed when it can be.
    fn visit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Text::Borrowed(text) => visitor.visit_borrowed_str(text),
            Text::Owned(text) => visitor.visit_string(text),
        }
    }
}

/// A whole number as read, by its sign.
enum Whole {
    Unsigned(u64),
    Signed(i64),
}

/// What a value of any kind begins with: a scalar, read whole, or the
/// bracket of an array or an object, taken.
enum Start<'a> {
    Null,
    Bool(bool),
    Number(Number<'a>),
    Text(Text<'a>),
    Array,
    Object,
}

/// The reads each [`Deserializer`] method starts with: the text is read
/// here, once for every type, and the methods over each type's visitor
/// only hand on what was read. Each takes the value it was asked for or
/// says what it found instead, in `serde_json`'s words, with `expected`
/// (the visitor) naming what was wanted.
///
/// Errors are placed once, by [`from_str`], at the reading position when
/// the error reaches it: every error ends the reading, so that is where it
/// arose.
impl<'a> Reader<'a> {
    /// The start of a value of any kind.
    fn start(&mut self) -> Result<Start<'a>, Error> {
        Ok(match self.next_value()? {
            b'n' => self.literal("null").map(|()| Start::Null)?,
            b't' => self.literal("true").map(|()| Start::Bool(true))?,
            b'f' => self.literal("false").map(|()| Start::Bool(false))?,
            b'-' | b'0'..=b'9' => Start::Number(self.number()?),
            b'"' => Start::Text(self.string()?),
            b'[' => self.open().map(|()| Start::Array)?,
            b'{' => self.open().map(|()| Start::Object)?,
            _ => {
                self.at += 1;
                return Err(self.error("expected value"));
            }
        })
    }

    /// Takes the bracket that opens an array or an object, seen next:
    /// one level deeper.
    fn open(&mut self) -> Result<(), Error> {
        self.enter()?;
        self.at += 1;
        Ok(())
    }

    /// Takes `bracket`, the opening of an array (`[`) or an object (`{`).
    fn open_as(&mut self, bracket: u8, expected: &dyn Expected) -> Result<(), Error> {
        if self.next_value()? != bracket {
            return Err(self.not_a(expected));
        }
        self.open()
    }

    /// A string.
    fn text(&mut self, expected: &dyn Expected) -> Result<Text<'a>, Error> {
        if self.next_value()? == b'"' {
            self.string()
        } else {
            Err(self.not_a(expected))
        }
    }

    /// A whole number (one with a fraction or an exponent is refused).
    fn whole(&mut self, expected: &dyn Expected) -> Result<Whole, Error> {
        if !matches!(self.next_value()?, b'-' | b'0'..=b'9') {
            return Err(self.not_a(expected));
        }
        match self.number()? {
            Number::Unsigned(n) => Ok(Whole::Unsigned(n)),
            Number::Signed(n) => Ok(Whole::Signed(n)),
            Number::Fraction(text) => Err(not_whole(text, expected)),
        }
    }

    /// `true` or `false`.
    fn boolean(&mut self, expected: &dyn Expected) -> Result<bool, Error> {
        match self.next_value()? {
            b't' => self.literal("true").map(|()| true),
            b'f' => self.literal("false").map(|()| false),
            _ => Err(self.not_a(expected)),
        }
    }

    /// `null`.
    fn null(&mut self, expected: &dyn Expected) -> Result<(), Error> {
        if self.next_value()? == b'n' {
            self.literal("null")
        } else {
            Err(self.not_a(expected))
        }
    }

    /// Takes `null` if it comes next: whether it did (an option's `None`).
    fn null_follows(&mut self) -> Result<bool, Error> {
        if self.next_value()? == b'n' {
            self.literal("null")?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// The start of an enum's variant: a string (a unit variant, left for
    /// the variant's name to read) or an object of one field (the variant
    /// and its content, its brace taken). Whether it has content.
    fn variant_start(&mut self) -> Result<bool, Error> {
        match self.next_value()? {
            b'"' => Ok(false),
            b'{' => self.open().map(|()| true),
            _ => Err(self.error("expected value")),
        }
    }

    /// The end of a variant given as an object: its closing brace.
    fn variant_end(&mut self) -> Result<(), Error> {
        self.depth -= 1;
        match self.next_value() {
            Ok(b'}') => {
                self.at += 1;
                Ok(())
            }
            Ok(_) => {
                self.at += 1;
                Err(self.error("expected value"))
            }
            Err(_) => Err(self.error("EOF while parsing an object")),
        }
    }

    /// Whether an array has another element, its comma taken, or ends
    /// here (its bracket left for [`Reader::end_array`]).
    fn element_follows(&mut self, first: bool) -> Result<bool, Error> {
        let next = self
            .next_value()
            .map_err(|_| self.error("EOF while parsing a list"))?;
        if next == b']' {
            return Ok(false);
        }
        if !first {
            if next != b',' {
                return Err(self.error("expected `,` or `]`"));
            }
            self.at += 1;
            if self.next_value()? == b']' {
                return Err(self.error("trailing comma"));
            }
        }
        Ok(true)
    }

    /// Whether an object has another field, its comma taken and its key
    /// next, or ends here (its brace left for [`Reader::end_object`]).
    fn field_follows(&mut self, first: bool) -> Result<bool, Error> {
        let next = self
            .next_value()
            .map_err(|_| self.error("EOF while parsing an object"))?;
        if next == b'}' {
            return Ok(false);
        }
        if !first {
            if next != b',' {
                return Err(self.error("expected `,` or `}`"));
            }
            self.at += 1;
            match self.next_value()? {
                b'}' => return Err(self.error("trailing comma")),
                b'"' => {}
                _ => return Err(self.error("key must be a string")),
            }
        } else if next != b'"' {
            return Err(self.error("key must be a string"));
        }
        Ok(true)
    }
}

/// The whole-number types, each read as [`Reader::deserialize_u64`] reads
/// them (the visitor checks the range).
macro_rules! whole_numbers {
    ($($method:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
                self.deserialize_u64(visitor)
            }
        )*
    };
}

impl<'de> Deserializer<'de> for &mut Reader<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.start()? {
            Start::Null => visitor.visit_unit(),
            Start::Bool(b) => visitor.visit_bool(b),
            Start::Number(Number::Unsigned(n)) => visitor.visit_u64(n),
            Start::Number(Number::Signed(n)) => visitor.visit_i64(n),
            Start::Number(Number::Fraction(text)) => Err(not_whole(text, &visitor)),
            Start::Text(text) => text.visit(visitor),
            Start::Array => self.rest_of_array(visitor),
            Start::Object => self.rest_of_object(visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.null_follows()? {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let content = self.variant_start()?;
        let value = visitor.visit_enum(Variant {
            reader: &mut *self,
            content,
        })?;
        if content {
            self.variant_end()?;
        }
        Ok(value)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.ignore()?;
        visitor.visit_unit()
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.text(&visitor)?.visit(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let b = self.boolean(&visitor)?;
        visitor.visit_bool(b)
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.whole(&visitor)? {
            Whole::Unsigned(n) => visitor.visit_u64(n),
            Whole::Signed(n) => visitor.visit_i64(n),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.null(&visitor)?;
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.open_as(b'[', &visitor)?;
        self.rest_of_array(visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.open_as(b'{', &visitor)?;
        self.rest_of_object(visitor)
    }

    /// A struct is read from an object. (`serde_json` also takes an array
    /// of its fields in order, which nothing writes: refused here as the
    /// wrong kind of value.)
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }

    serde::forward_to_deserialize_any! {
        i128 u128 f32 f64 char bytes byte_buf
    }

    whole_numbers! {
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_u8 deserialize_u16 deserialize_u32
    }
}

impl<'de> Reader<'de> {
    /// An array's elements and its end, its bracket taken.
    fn rest_of_array<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value, Error> {
        let value = visitor.visit_seq(Elements {
            reader: self,
            first: true,
        })?;
        self.end_array()?;
        Ok(value)
    }

    /// An object's fields and its end, its brace taken.
    fn rest_of_object<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value, Error> {
        let value = visitor.visit_map(Fields {
            reader: self,
            first: true,
        })?;
        self.end_object()?;
        Ok(value)
    }
}

/// The elements of an array.
struct Elements<'r, 'de> {
    reader: &'r mut Reader<'de>,
    first: bool,
}

impl<'de> de::SeqAccess<'de> for Elements<'_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if !self.reader.element_follows(self.first)? {
            return Ok(None);
        }
        self.first = false;
        seed.deserialize(&mut *self.reader).map(Some)
    }
}

/// The fields of an object.
struct Fields<'r, 'de> {
    reader: &'r mut Reader<'de>,
    first: bool,
}

impl<'de> de::MapAccess<'de> for Fields<'_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if !self.reader.field_follows(self.first)? {
            return Ok(None);
        }
        self.first = false;
        seed.deserialize(&mut *self.reader).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        self.reader.colon()?;
        seed.deserialize(&mut *self.reader)
    }
}

/// An enum's variant: a string (a unit variant), or an object of one field
/// (the variant and its content).
struct Variant<'r, 'de> {
    reader: &'r mut Reader<'de>,
    content: bool,
}

impl<'r, 'de> de::EnumAccess<'de> for Variant<'r, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let variant = seed.deserialize(&mut *self.reader)?;
        if self.content {
            self.reader.colon()?;
        }
        Ok((variant, self))
    }
}

impl<'de> de::VariantAccess<'de> for Variant<'_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        if self.content {
            de::Deserialize::deserialize(&mut *self.reader)
        } else {
            Ok(())
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        if self.content {
            seed.deserialize(&mut *self.reader)
        } else {
            Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"newtype variant",
            ))
        }
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        if self.content {
            self.reader.deserialize_any(visitor)
        } else {
            Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"tuple variant",
            ))
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if self.content {
            self.reader.deserialize_any(visitor)
        } else {
            Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"struct variant",
            ))
        }
    }
}

/// The refusal of a number with a fraction or an exponent (or a whole
/// number past 64 bits) where a whole number is wanted: as `serde_json`
/// refuses it, "number out of range" when it is too large for a 64-bit
/// float, else the float is the wrong type.
fn not_whole(text: &str, expected: &dyn Expected) -> Error {
    if beyond_f64(text) {
        de::Error::custom("number out of range")
    } else {
        de::Error::invalid_type(
            Unexpected::Other(&format!("floating point `{text}`")),
            expected,
        )
    }
}

/// Whether the JSON number `text` is too large for a 64-bit float (which
/// `serde_json` refuses when it reads the value). Decided from the digits,
/// without parsing a float: past 10^309 always, below 10^308 never, and at
/// 10^308 by the leading digits against the largest float's rounding
/// bound, 1.7976931348623158e308.
fn beyond_f64(text: &str) -> bool {
    let text = text.trim_start_matches('-');
    let (mantissa, exponent) = text.split_once(['e', 'E']).unwrap_or((text, "0"));
    let minus = exponent.starts_with('-');
    let magnitude = exponent
        .trim_start_matches(['+', '-'])
        .bytes()
        .fold(0i64, |n, d| {
            n.saturating_mul(10).saturating_add(i64::from(d - b'0'))
        });
    let exponent = if minus { -magnitude } else { magnitude };
    let (whole, decimals) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let whole = whole.trim_start_matches('0');
    let significant: String = whole
        .chars()
        .chain(decimals.chars())
        .skip_while(|&c| c == '0')
        .collect();
    if significant.is_empty() {
        return false;
    }
    // The power of ten of the leading significant digit.
    let power = if whole.is_empty() {
        let zeros = decimals.len() - decimals.trim_start_matches('0').len();
        exponent.saturating_sub(i64::try_from(zeros).unwrap_or(i64::MAX).saturating_add(1))
    } else {
        exponent.saturating_add(i64::try_from(whole.len()).unwrap_or(i64::MAX) - 1)
    };
    match power.cmp(&308) {
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Equal => significant.trim_end_matches('0') > "17976931348623158",
    }
}
