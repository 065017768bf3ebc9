//! The JSON-lines loop shared by `score --jsonl` and `peg --jsonl`: one
//! request per input line, one answer per line out, a bad line answered with
//! `{"error": …}` while the lines after it still run.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::io::{self, BufRead, BufReader, Read, Write};

/// Big enough that a large input costs few reads and writes.
const BUFFER: usize = 64 * 1024;

/// Answers each non-blank line of `input` on `output`.
///
/// Each line is parsed as a `Q`, which `answer` turns into a reply or a
/// message; a line that is not a `Q` gets a message saying why. Output is
/// flushed whenever the input has nothing more buffered, so an interactive
/// session sees each answer at once while a big file is written in large blocks.
///
/// # Errors
/// Only failures to read or write: a bad line is an answer, not an error.
pub fn answer_lines<Q, A>(
    input: impl Read,
    output: impl Write,
    mut answer: impl FnMut(Q) -> Result<A, String>,
) -> io::Result<()>
where
    Q: DeserializeOwned,
    A: Serialize,
{
    let mut input = BufReader::with_capacity(BUFFER, input);
    let mut output = io::BufWriter::with_capacity(BUFFER, output);
    // Bytes rather than a String: a line that is not UTF-8 is a bad line, not a crash.
    let mut line = Vec::new();
    let mut number = 0u64;
    loop {
        if input.buffer().is_empty() {
            // The next read may wait for a person typing: show what we have first.
            output.flush()?;
        }
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        number += 1;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        // Without its line ending, so that serde_json's column counts on this line.
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        let reply = parse::<Q>(text).and_then(&mut answer);
        match reply {
            Ok(reply) => serde_json::to_writer(&mut output, &reply)?,
            Err(message) => serde_json::to_writer(
                &mut output,
                &Failure {
                    error: format!("line {number}: {message}"),
                },
            )?,
        }
        output.write_all(b"\n")?;
    }
    output.flush()
}

/// Reads one request, which must be a JSON object.
fn parse<Q: DeserializeOwned>(line: &[u8]) -> Result<Q, String> {
    // serde would also take a struct as an array of its fields in order, and
    // then complain about the first field's type: say what is really wrong.
    let first = line.iter().find(|b| !b.is_ascii_whitespace());
    if first != Some(&b'{') {
        return Err("each line must be one JSON object, {…}".to_string());
    }
    serde_json::from_slice(line).map_err(|e| json_error(&e))
}

/// The answer to a line that could not be answered.
#[derive(Serialize)]
struct Failure {
    /// Why, led by the input line number.
    error: String,
}

/// serde_json's message without its "at line 1 column N" tail: every request
/// is one line, so only the column means anything, and only when the JSON
/// itself is malformed.
fn json_error(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let message = text
        .rsplit_once(" at line ")
        .map_or(text.as_str(), |(message, _)| message);
    if e.is_syntax() || e.is_eof() {
        format!("not valid JSON ({message} at column {})", e.column())
    } else {
        message.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct Double {
        n: u32,
    }

    fn run(input: &str) -> String {
        let mut out = Vec::new();
        answer_lines(input.as_bytes(), &mut out, |q: Double| match q.n {
            0 => Err("zero".to_string()),
            n => Ok(n * 2),
        })
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn each_line_gets_an_answer_and_bad_lines_do_not_stop_the_rest() {
        assert_eq!(
            run("{\"n\":1}\n\n  \n{\"n\":0}\r\n{\"n\":\n{\"n\":\"x\"}\n{\"n\":4}"),
            "2\n\
             {\"error\":\"line 4: zero\"}\n\
             {\"error\":\"line 5: not valid JSON (EOF while parsing a value at column 5)\"}\n\
             {\"error\":\"line 6: invalid type: string \\\"x\\\", expected u32\"}\n\
             8\n"
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_and_arrays_are_bad_lines() {
        let mut out = Vec::new();
        answer_lines(
            &b"{\"n\":\xff}\n[1]\n{\"n\":1}\n"[..],
            &mut out,
            |q: Double| Ok::<_, String>(q.n),
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.starts_with("{\"error\":\"line 1: not valid JSON"),
            "{out}"
        );
        assert!(
            out.contains("\n{\"error\":\"line 2: each line must be one JSON object, {…}\"}\n"),
            "{out}"
        );
        assert!(out.ends_with("\n1\n"), "{out}");
    }
}
