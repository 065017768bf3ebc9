//! Fuzzing the command line's JSON-lines modes through the real binary:
//! `score --jsonl`, `peg --jsonl` and `agent` (cribbage and Noddy) get random lines and valid
//! requests mutated (bytes flipped, cut, spliced; fields swapped for huge,
//! negative, fractional and wrongly typed values). Zero panics, every bad
//! line answered with an `{"error": …}` line on stdout, never a hang.
//!
//! A short run is part of `cargo test`. A long one:
//! `CLI_FUZZ_LINES=100000 cargo test --release --test it -- --nocapture cli_fuzz::`.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long any one answer may take before the run counts as a hang.
const PATIENCE: Duration = Duration::from_secs(20);

/// Lines per mode: the short default, or `CLI_FUZZ_LINES`.
fn lines(default: usize) -> usize {
    std::env::var("CLI_FUZZ_LINES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// splitmix64: a seeded source, so a failing line can be found again.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, list: &'a [T]) -> &'a T {
        &list[self.below(list.len())]
    }
}

const RANKS: &[&str] = &[
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
];
const SUITS: &[&str] = &["C", "D", "H", "S"];

fn card(rng: &mut Rng) -> String {
    format!("{}{}", rng.pick(RANKS), rng.pick(SUITS))
}

fn cards(rng: &mut Rng, n: usize) -> Vec<String> {
    (0..n).map(|_| card(rng)).collect()
}

/// From `least` to `least + spread - 1` cards.
fn some_cards(rng: &mut Rng, least: usize, spread: usize) -> Vec<String> {
    let n = least + rng.below(spread);
    cards(rng, n)
}

/// A JSON value of any shape, the awkward ones often.
fn any_value(rng: &mut Rng, depth: u32) -> Value {
    match rng.below(if depth > 2 { 14 } else { 17 }) {
        0 => Value::Null,
        1 => json!(true),
        2 => json!(-1),
        3 => json!(256),
        4 => json!(65_536),
        5 => json!(u64::MAX),
        6 => serde_json::from_str("18446744073709551616").unwrap(),
        7 => json!(3.5),
        8 => json!(-0.0),
        9 => json!(1e300),
        10 => json!(""),
        11 => json!(card(rng)),
        12 => json!("1H"),
        13 => json!(rng.next() % 40),
        14 => Value::Array(
            (0..rng.below(8))
                .map(|_| any_value(rng, depth + 1))
                .collect(),
        ),
        15 => json!(some_cards(rng, 0, 14)),
        _ => {
            let mut obj = serde_json::Map::new();
            for _ in 0..rng.below(4) {
                obj.insert(
                    rng.pick(&["type", "what", "hand", "pile", "x"]).to_string(),
                    any_value(rng, depth + 1),
                );
            }
            Value::Object(obj)
        }
    }
}

/// Replaces, removes or adds one field somewhere in the value.
fn mutate_value(rng: &mut Rng, value: &mut Value) {
    match value {
        Value::Object(obj) if !obj.is_empty() => {
            let keys: Vec<String> = obj.keys().cloned().collect();
            let key = rng.pick(&keys).clone();
            match rng.below(5) {
                0 => {
                    obj.remove(&key);
                }
                1 => {
                    obj.insert("extra".into(), any_value(rng, 0));
                }
                2 => {
                    if let Some(inner) = obj.get_mut(&key) {
                        mutate_value(rng, inner);
                    }
                }
                _ => {
                    obj.insert(key, any_value(rng, 0));
                }
            }
        }
        Value::Array(list) if !list.is_empty() => {
            let i = rng.below(list.len());
            match rng.below(4) {
                0 => {
                    list.remove(i);
                }
                1 => list.push(list[i].clone()),
                2 => list.push(any_value(rng, 1)),
                _ => mutate_value(rng, &mut list[i]),
            }
        }
        _ => *value = any_value(rng, 0),
    }
}

/// Byte-level damage: flips, cuts, splices, stray bytes (never a newline,
/// which would make two lines of one).
fn mutate_bytes(rng: &mut Rng, line: &mut Vec<u8>) {
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(line.len() + 1);
        match rng.below(6) {
            0 if at < line.len() => line[at] ^= 1 << rng.below(8),
            1 if at < line.len() => {
                line.remove(at);
            }
            2 => line.truncate(at),
            3 => {
                let byte = rng.pick(b"{}[]\",:0-9.e\\\xff\xc3\r\t ").to_owned();
                line.insert(at, byte);
            }
            4 => {
                let piece: Vec<u8> = line[at..].iter().take(rng.below(12)).copied().collect();
                line.splice(at..at, piece);
            }
            _ => line.insert(at, (rng.next() % 256) as u8),
        }
    }
    for b in line.iter_mut() {
        if *b == b'\n' {
            *b = b' ';
        }
    }
}

/// One fuzz line from these valid requests: a mutated request, a random
/// value, or random bytes.
fn fuzz_line(rng: &mut Rng, valid: &dyn Fn(&mut Rng) -> Value) -> Vec<u8> {
    let mut line = match rng.below(10) {
        0..=3 => {
            let mut value = valid(rng);
            for _ in 0..1 + rng.below(3) {
                mutate_value(rng, &mut value);
            }
            value.to_string().into_bytes()
        }
        4..=6 => {
            let mut line = valid(rng).to_string().into_bytes();
            mutate_bytes(rng, &mut line);
            line
        }
        7 => any_value(rng, 0).to_string().into_bytes(),
        8 => (0..rng.below(60))
            .map(|_| (rng.next() % 256) as u8)
            .collect(),
        _ => valid(rng).to_string().into_bytes(),
    };
    for b in line.iter_mut() {
        if *b == b'\n' {
            *b = b' ';
        }
    }
    if line.iter().all(u8::is_ascii_whitespace) {
        // A blank line is skipped by design, not answered: make it a bad line.
        line.push(b'x');
    }
    line
}

/// Feeds every line to `cribbage ARGS` and checks one answer per line, each
/// a JSON object, bad lines with an `error`; stderr must stay empty.
fn fuzz_jsonl(args: &[&str], seed: u64, count: usize, valid: &dyn Fn(&mut Rng) -> Value) {
    let mut rng = Rng(seed);
    let input: Vec<Vec<u8>> = (0..count).map(|_| fuzz_line(&mut rng, valid)).collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cribbage"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let lines = input.clone();
    let writer = std::thread::spawn(move || {
        for line in lines {
            stdin.write_all(&line)?;
            stdin.write_all(b"\n")?;
        }
        Ok::<_, std::io::Error>(())
    });
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    for (i, line) in input.iter().enumerate() {
        let answer = rx
            .recv_timeout(PATIENCE)
            .unwrap_or_else(|_| {
                let _ = child.kill();
                panic!(
                    "{args:?}: no answer to line {} within {PATIENCE:?}: {}",
                    i + 1,
                    String::from_utf8_lossy(line)
                )
            })
            .expect("stdout is UTF-8");
        let value: Value = serde_json::from_str(&answer)
            .unwrap_or_else(|e| panic!("{args:?}: answer {answer:?} is not JSON: {e}"));
        assert!(value.is_object(), "{args:?}: {answer}");
        if serde_json::from_slice::<Value>(line).map_or(true, |v| !v.is_object()) {
            assert!(
                value["error"].is_string(),
                "{args:?}: line {} is not a JSON object but got {answer}",
                i + 1
            );
        }
    }
    writer.join().unwrap().unwrap();
    assert!(rx.recv_timeout(PATIENCE).is_err(), "one answer per line");
    let mut errors = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut errors)
        .unwrap();
    assert_eq!(
        errors, "",
        "{args:?}: nothing on stderr (a panic prints there)"
    );
    assert!(child.wait().unwrap().success());
}

#[test]
fn score_jsonl_answers_every_line() {
    fuzz_jsonl(&["score", "--jsonl"], 1, lines(20_000), &|rng| {
        let mut request = json!({ "hand": cards(rng, 4), "starter": card(rng) });
        if rng.below(2) == 0 {
            request["crib"] = json!(rng.below(2) == 0);
        }
        request
    });
}

#[test]
fn peg_jsonl_answers_every_line() {
    fuzz_jsonl(
        &["peg", "--jsonl"],
        2,
        lines(20_000),
        &|rng| json!({ "pile": some_cards(rng, 1, 8) }),
    );
}

/// A valid agent message of any type.
fn agent_message(rng: &mut Rng) -> Value {
    let scores = json!({ "me": rng.below(130), "opp": rng.below(130) });
    let game = rng.below(300);
    let hand_no = rng.below(30);
    match rng.below(7) {
        0 => json!({ "type": "new_game", "game": game, "seat": rng.below(2),
            "first_dealer": *rng.pick(&["me", "opp"]) }),
        1 => json!({ "type": "discard", "game": game, "hand_no": hand_no,
            "hand": cards(rng, 6), "dealer": rng.below(2) == 0, "scores": scores }),
        2 | 3 => {
            let hand = some_cards(rng, 1, 4);
            let pile = some_cards(rng, 0, 4);
            let count = pile.iter().map(|c| pips(c)).sum::<u64>();
            json!({ "type": "play", "game": game, "hand_no": hand_no,
                "opp_said_go": rng.below(3) == 0, "hand": hand.clone(),
                "legal": hand[..1 + rng.below(hand.len())].to_vec(), "pile": pile,
                "count": count, "starter": card(rng), "dealer": rng.below(2) == 0,
                "scores": scores })
        }
        4 => json!({ "type": "event", "what": "play", "who": *rng.pick(&["me", "opp"]),
            "card": card(rng), "count": rng.below(32), "points": rng.below(13) }),
        5 => json!({ "type": "event",
            "what": *rng.pick(&["starter", "go", "show", "hand_over"]),
            "card": card(rng), "who": *rng.pick(&["me", "opp"]), "heels": 0, "to": "me",
            "points": 1, "crib": false, "cards": cards(rng, 4), "starter": card(rng),
            "scores": scores }),
        _ => json!({ "type": "game_over", "scores": scores,
            "winner": *rng.pick(&["me", "opp"]) }),
    }
}

/// `n` different cards.
fn distinct_cards(rng: &mut Rng, n: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(n);
    while out.len() < n {
        let c = card(rng);
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// A valid `agent --game noddy` message of any type: the play questions
/// are positions the game could reach more often than not.
fn noddy_message(rng: &mut Rng) -> Value {
    let scores = json!({ "me": rng.below(35), "opp": rng.below(35) });
    let who = |rng: &mut Rng| *rng.pick(&["me", "opp"]);
    match rng.below(7) {
        0 => json!({ "type": "new_game", "game": rng.below(300), "seat": rng.below(2),
            "first_dealer": who(rng) }),
        1 => {
            let dealt = distinct_cards(rng, 4);
            json!({ "type": "deal", "hand_no": rng.below(30), "dealer": who(rng),
                "hand": dealt[..3].to_vec(), "turnup": dealt[3] })
        }
        2 | 3 => {
            let held = 1 + rng.below(3);
            let opp_laid = rng.below(4);
            let cards = distinct_cards(rng, 3 + opp_laid + 1);
            let (hand, rest) = cards.split_at(held);
            let mut pile: Vec<Value> = rest[..rest.len() - 1]
                .iter()
                .enumerate()
                .map(|(i, c)| json!({ "who": if i < 3 - held { "me" } else { "opp" }, "card": c }))
                .collect();
            // Any order: the bots must take what the referee says.
            for i in (1..pile.len()).rev() {
                pile.swap(i, rng.below(i + 1));
            }
            let count: u64 = rest[..rest.len() - 1].iter().map(|c| pips(c)).sum();
            let legal: Vec<&String> = hand.iter().filter(|c| pips(c) + count <= 31).collect();
            json!({ "type": "play", "hand_no": rng.below(30), "hand": hand, "legal": legal,
                "pile": pile, "count": count, "turnup": rest[rest.len() - 1],
                "dealer": rng.below(2) == 0, "scores": scores,
                "opp_said_go": rng.below(3) == 0 })
        }
        4 => json!({ "type": "event", "what": "announced", "who": who(rng),
            "said": *rng.pick(&[json!([]), json!(["fifteen two"]),
                json!(["fifteen two", "and a pair is four"]),
                json!([{ "phrase": "a pair is two", "points": 2, "running": 2 }])]),
            "total": rng.below(9) }),
        5 => json!({ "type": "event",
            "what": *rng.pick(&["jack", "play", "go", "last", "hand_over"]),
            "who": who(rng), "to": who(rng), "card": card(rng), "count": rng.below(32),
            "points": rng.below(3), "scores": scores }),
        _ => json!({ "type": "game_over", "scores": scores, "winner": who(rng) }),
    }
}

/// A valid `agent --game costly-colours` message of any type: the
/// questions are positions the game could reach more often than not.
fn costly_message(rng: &mut Rng) -> Value {
    let scores = json!({ "me": rng.below(130), "opp": rng.below(130) });
    let who = |rng: &mut Rng| *rng.pick(&["me", "opp"]);
    let word = |rng: &mut Rng| *rng.pick(&["mog", "refuse"]);
    let dealer = rng.below(2) == 0;
    match rng.below(8) {
        0 => json!({ "type": "new_game", "game": rng.below(300), "seat": rng.below(2),
            "first_dealer": who(rng) }),
        1 => {
            let dealt = distinct_cards(rng, 4);
            json!({ "type": "deal", "hand_no": rng.below(30), "dealer": who(rng),
                "hand": dealt[..3].to_vec(), "turnup": dealt[3] })
        }
        2 => {
            let dealt = distinct_cards(rng, 4);
            let opp_said = if dealer {
                json!(word(rng))
            } else {
                json!(null)
            };
            json!({ "type": "mog", "hand_no": rng.below(30), "hand": dealt[..3].to_vec(),
                "turnup": dealt[3], "dealer": dealer, "scores": scores, "opp_said": opp_said })
        }
        3 => {
            let dealt = distinct_cards(rng, 4);
            json!({ "type": "pass", "hand_no": rng.below(30), "hand": dealt[..3].to_vec(),
                "turnup": dealt[3], "dealer": dealer, "scores": scores })
        }
        4 | 5 => {
            let held = 1 + rng.below(3);
            let opp_laid = rng.below(4);
            // Three of this seat's, the other's laid, the turn-up, a card passed.
            let cards = distinct_cards(rng, 3 + opp_laid + 2);
            let (mine, rest) = cards.split_at(3);
            let mut laid: Vec<(&str, &String)> = mine[held..]
                .iter()
                .map(|c| ("me", c))
                .chain(rest[..opp_laid].iter().map(|c| ("opp", c)))
                .collect();
            for i in (1..laid.len()).rev() {
                laid.swap(i, rng.below(i + 1));
            }
            // Series as they run: a card that does not fit begins the next.
            let mut count = 0;
            let played: Vec<Value> = laid
                .iter()
                .map(|(who, card)| {
                    let value = if card.starts_with('A') && rng.below(2) == 0 {
                        11
                    } else {
                        pips(card)
                    };
                    count = if count + value > 31 {
                        value
                    } else {
                        count + value
                    };
                    json!({ "who": who, "card": card, "value": value, "count": count })
                })
                .collect();
            if rng.below(4) == 0 {
                count = 0;
            }
            let legal: Vec<&String> = mine[..held]
                .iter()
                .filter(|c| pips(c) + count <= 31)
                .collect();
            let (me, opp) = (word(rng), word(rng));
            let mog = if me == "mog" && opp == "mog" {
                json!({ "me": me, "opp": opp, "passed": rest[opp_laid + 1],
                    "received": mine[rng.below(3)] })
            } else {
                json!({ "me": me, "opp": opp })
            };
            json!({ "type": "play", "hand_no": rng.below(30), "hand": mine[..held].to_vec(),
                "legal": legal, "played": played, "count": count, "turnup": rest[opp_laid],
                "dealer": dealer, "scores": scores, "opp_said_go": rng.below(3) == 0,
                "mog": mog })
        }
        6 => json!({ "type": "event",
            "what": *rng.pick(&["jack_or_two", "mog", "passed", "play", "go", "last", "show",
                "hand_over"]),
            "who": who(rng), "to": who(rng), "said": word(rng), "card": card(rng),
            "value": rng.below(12), "count": rng.below(32), "points": rng.below(5),
            "scores": scores }),
        _ => json!({ "type": "game_over", "scores": scores, "winner": who(rng) }),
    }
}

fn pips(card: &str) -> u64 {
    match &card[..1] {
        "A" => 1,
        "T" | "J" | "Q" | "K" => 10,
        digit => digit.parse().unwrap_or(0),
    }
}

/// The agent answers a question, or reports a bad line, on stdout; an
/// information line gets nothing. After each fuzz line a numbered probe,
/// a message of a type no fuzz line has, whose error names it, shows where
/// that line's answers end, so a missing answer or a hang is caught at the
/// line that caused it.
fn fuzz_agent(args: &[&str], seed: u64, count: usize, valid: &dyn Fn(&mut Rng) -> Value) {
    let mut rng = Rng(seed);
    let mut child = Command::new(env!("CARGO_BIN_EXE_cribbage"))
        .arg("agent")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut errors_seen = 0;
    let mut answered = 0;
    for i in 0..count {
        let line = fuzz_line(&mut rng, valid);
        stdin.write_all(&line).unwrap();
        stdin.write_all(b"\n").unwrap();
        let probe = format!("probe-{i}");
        writeln!(stdin, "{}", json!({ "type": probe })).unwrap();
        stdin.flush().unwrap();
        let mut before = Vec::new();
        loop {
            let answer = rx
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| {
                    let _ = child.kill();
                    panic!(
                        "agent: no answer within {PATIENCE:?} after line {}: {}",
                        i + 1,
                        String::from_utf8_lossy(&line)
                    )
                })
                .expect("stdout is UTF-8");
            if answer.contains(&format!("`{probe}`")) {
                break;
            }
            before.push(answer);
        }
        assert!(
            before.len() <= 1,
            "agent: line {} got {} answers: {before:?}",
            i + 1,
            before.len()
        );
        if let Some(answer) = before.first() {
            let value: Value = serde_json::from_str(answer).unwrap();
            errors_seen += usize::from(value["error"].is_string());
            answered += usize::from(!value["error"].is_string());
            assert!(
                value["error"].is_string()
                    || value["discard"].is_array()
                    || value["card"].is_string()
                    || value["mog"].is_boolean()
                    || value["go"] == json!(true),
                "{answer}"
            );
        }
        let parsed = serde_json::from_slice::<Value>(&line);
        if parsed.map_or(true, |v| v.get("type").is_none()) {
            assert_eq!(
                before.len(),
                1,
                "agent: line {} has no type, so it is bad and needs an error: {}",
                i + 1,
                String::from_utf8_lossy(&line)
            );
        }
    }
    // Both the refusals and the bots' search are reached.
    assert!(errors_seen > count / 4, "errors: {errors_seen} of {count}");
    assert!(answered > count / 50, "answers: {answered} of {count}");
    eprintln!("agent {args:?}: {count} lines, {errors_seen} errors, {answered} answers");
    drop(stdin);
    assert!(rx.recv_timeout(PATIENCE).is_err());
    let mut errors = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut errors)
        .unwrap();
    assert_eq!(
        errors, "",
        "agent: nothing on stderr (a panic prints there)"
    );
    assert!(child.wait().unwrap().success());
}

#[test]
fn agent_answers_every_bad_line_and_never_hangs() {
    fuzz_agent(&["--level", "easy"], 3, lines(5000), &agent_message);
}

#[test]
fn agent_at_expert_survives_fuzzed_positions() {
    fuzz_agent(&["--level", "expert"], 4, lines(5000) / 5, &agent_message);
}

#[test]
fn noddy_agent_answers_every_bad_line_and_never_hangs() {
    fuzz_agent(
        &["--game", "noddy", "--level", "hard"],
        5,
        lines(5000) / 2,
        &noddy_message,
    );
}

#[test]
fn costly_colours_agent_answers_every_bad_line_and_never_hangs() {
    fuzz_agent(
        &["--game", "costly-colours", "--level", "hard"],
        6,
        lines(5000) / 2,
        &costly_message,
    );
}
