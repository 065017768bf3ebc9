//! The `cribbage` binary from the outside: what a person or a script sees on
//! stdout, stderr and in the exit status.

use cribbage::games::GameKind;
use cribbage::games::State as _;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

/// Runs the tool with these arguments and this stdin.
fn cribbage(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cribbage"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Written from a thread so a large output cannot deadlock against the input.
    let mut input = child.stdin.take().expect("stdin");
    let stdin = stdin.to_string();
    let writer = std::thread::spawn(move || input.write_all(stdin.as_bytes()));
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("writer").expect("stdin written");
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// Runs a command that should succeed and returns its stdout.
fn ok(args: &[&str], stdin: &str) -> String {
    let output = cribbage(args, stdin);
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        stderr(&output)
    );
    stdout(&output)
}

/// Runs a command that should be refused for its arguments; returns the message.
fn refused(args: &[&str]) -> String {
    let output = cribbage(args, "");
    assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
    assert!(output.stdout.is_empty(), "{args:?} wrote to stdout");
    let message = stderr(&output);
    assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
    assert!(!message.contains("panicked"), "{args:?}: {message}");
    message
}

#[test]
fn the_29_hand_reads_out_every_combination_then_the_cadence() {
    let out = ok(&["score", "5H", "5C", "5S", "JD", "5D"], "");
    for line in [
        "hand: 5C 5H 5S JD   starter: 5D",
        "  fifteen two:      5C 5H 5S",
        "  fifteen four:     5C JD",
        "  fifteen sixteen:  5D JD",
        "  pair:             5C 5H",
        "  his nob:          JD",
        "total: 29",
    ] {
        assert!(out.lines().any(|l| l == line), "no line {line:?} in\n{out}");
    }
    assert_eq!(
        out.lines().filter(|l| l.starts_with("  fifteen ")).count(),
        8
    );
    assert_eq!(out.lines().filter(|l| l.contains("pair:")).count(), 6);
    // The cadence is wrapped for the terminal; joined up it reads as spoken.
    let cadence = out
        .split("\n\n")
        .nth(2)
        .expect("a cadence paragraph")
        .replace('\n', " ");
    assert!(cadence.starts_with("fifteen two, fifteen four, fifteen six,"));
    assert!(cadence.contains(
        "fifteen sixteen, and a double pair royal is twenty-eight, and one for his nob is twenty-nine"
    ));
    assert!(out.lines().all(|l| l.chars().count() <= 78), "{out}");
}

#[test]
fn any_text_form_of_a_card_is_accepted() {
    let canonical = ok(&["score", "TH", "5C", "5S", "JD", "5D"], "");
    assert_eq!(ok(&["score", "10h", "5c", "5♠", "J♦", "5d"], ""), canonical);
    assert_eq!(ok(&["score", "th 5c, 5s jd 5d"], ""), canonical);
}

#[test]
fn a_crib_flush_needs_the_starter() {
    let out = ok(&["score", "2H", "4H", "6H", "8H", "QH", "--crib"], "");
    assert!(
        out.starts_with("crib: 2H 4H 6H 8H   starter: QH\n"),
        "{out}"
    );
    assert!(out.contains("  flush of five: 2H 4H 6H 8H QH\n"), "{out}");
    assert!(out.contains("\na flush is five\ntotal: 5\n"), "{out}");

    let out = ok(&["score", "--crib", "2H", "4H", "6H", "8H", "QC"], "");
    assert!(!out.contains("flush"), "{out}");
    assert!(
        out.ends_with("nineteen: not a point to count\ntotal: 0\n"),
        "{out}"
    );
    // The same four cards in a hand flush without the starter.
    let out = ok(&["score", "2H", "4H", "6H", "8H", "QC"], "");
    assert!(out.contains("  flush of four: 2H 4H 6H 8H\n"), "{out}");
    assert!(out.ends_with("total: 4\n"), "{out}");
}

#[test]
fn score_jsonl_answers_every_line_and_survives_bad_ones() {
    let input = [
        r#"{"hand":["5H","5C","5S","JD"],"starter":"5D","crib":false}"#,
        r#"{"hand":["5H","#,
        "",
        r#"{"hand":["7H","8C","8D","KS"],"starter":"9H"}"#,
        r#"{"hand":["5H","5C","5S"],"starter":"5D"}"#,
        r#"{"hand":["2H","4H","6H","8H"],"starter":"QC","crib":true}"#,
        r#"{"hand":["5H","5C","5S","JD","2C"],"starter":"5D"}"#,
        r#"{"hand":["5H","5C","5S","JD"],"starter":"JD"}"#,
        r#"{"hand":["5H","5C","5H","JD"],"starter":"5D"}"#,
        r#"{"hand":["5H","5C","5S","5X"],"starter":"5D"}"#,
        r#"{"hand":[5,"5C","5S","JD"],"starter":"5D"}"#,
        r#"{"hand":["5H","5C","5S","JD"],"starter":"5D","crib":"yes"}"#,
        r#"{"hand":["5H","5C","5S","JD"]}"#,
        r#"["5H","5C","5S","JD"]"#,
        "   ",
        r#"{"hand":["2h","4h","6h","8h"],"starter":"qh","crib":true}"#,
    ]
    .join("\n");
    let out = ok(&["score", "--jsonl"], &input);
    let lines: Vec<&str> = out.lines().collect();
    let expected = [
        r#"{"total":29,"fifteens":16,"pairs":12,"runs":0,"flush":0,"nobs":1}"#,
        r#"{"error":"line 2: not valid JSON (EOF while parsing a value at column 14)"}"#,
        r#"{"total":12,"fifteens":4,"pairs":2,"runs":6,"flush":0,"nobs":0}"#,
        r#"{"error":"line 5: the hand has 3 cards; it needs 4 (the starter goes in \"starter\")"}"#,
        r#"{"total":0,"fifteens":0,"pairs":0,"runs":0,"flush":0,"nobs":0}"#,
        r#"{"error":"line 7: the hand has 5 cards; it needs 4 (the starter goes in \"starter\")"}"#,
        r#"{"error":"line 8: the starter JD is also in the hand"}"#,
        r#"{"error":"line 9: 5H is in the hand twice"}"#,
        r#"{"error":"line 10: \"5X\": not a card: the suit must be one of C D H S"}"#,
        r#"{"error":"line 11: invalid type: integer `5`, expected a string"}"#,
        r#"{"error":"line 12: invalid type: string \"yes\", expected a boolean"}"#,
        r#"{"error":"line 13: missing field `starter`"}"#,
        r#"{"error":"line 14: each line must be one JSON object, {…}"}"#,
        r#"{"total":5,"fifteens":0,"pairs":0,"runs":0,"flush":5,"nobs":0}"#,
    ];
    assert_eq!(lines, expected);
}

#[test]
fn jsonl_answers_each_line_before_the_next_arrives() {
    // A person typing, or a program in lock-step: it must not wait for EOF.
    let mut child = Command::new(env!("CARGO_BIN_EXE_cribbage"))
        .args(["peg", "--jsonl"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    let mut answer = String::new();
    for (pile, points) in [(r#"["4S","2H","3D"]"#, 3), (r#"["KS","5H"]"#, 2)] {
        writeln!(input, r#"{{"pile":{pile}}}"#).expect("write");
        input.flush().expect("flush");
        answer.clear();
        output.read_line(&mut answer).expect("an answer");
        assert!(
            answer.starts_with(&format!("{{\"points\":{points},")),
            "{answer}"
        );
    }
    drop(input);
    assert!(child.wait().expect("exit").success());
}

#[test]
fn score_jsonl_handles_a_big_input() {
    let line = r#"{"hand":["5H","5C","5S","JD"],"starter":"5D"}"#;
    let input = format!("{line}\n").repeat(20_000);
    let out = ok(&["score", "--jsonl"], &input);
    assert_eq!(out.lines().count(), 20_000);
    assert!(out.lines().all(|l| l.starts_with(r#"{"total":29,"#)));
}

#[test]
fn peg_jsonl_scores_the_last_card() {
    let input = [
        // 000: 4-2-3-5-6, one prefix at a time.
        r#"{"pile":["4S"]}"#,
        r#"{"pile":["4S","2H"]}"#,
        r#"{"pile":["4S","2H","3D"]}"#,
        r#"{"pile":["4S","2H","3D","5C"]}"#,
        r#"{"pile":["4S","2H","3D","5C","6H"]}"#,
        // Errors between good lines: empty, over 31, a repeat, not a card.
        r#"{"pile":[]}"#,
        r#"{"pile":["KS","QS","JS","2H"]}"#,
        r#"{"pile":["5H","8C","5h"]}"#,
        r#"{"pile":["5H","ZZ"]}"#,
        r#"{"cards":["5H"]}"#,
        // 002: A, 7, 7 is fifteen and a pair; 31 with three kings and an ace.
        r#"{"pile":["AD","7C","7H"]}"#,
        r#"{"pile":["KS","KH","KD","AC"]}"#,
        r#"{"pile":["7S","7H","7D","7C"]}"#,
    ]
    .join("\n");
    let out = ok(&["peg", "--jsonl"], &input);
    let lines: Vec<&str> = out.lines().collect();
    let expected = [
        r#"{"points":0,"fifteen":0,"thirty_one":0,"pairs":0,"run":0}"#,
        r#"{"points":0,"fifteen":0,"thirty_one":0,"pairs":0,"run":0}"#,
        r#"{"points":3,"fifteen":0,"thirty_one":0,"pairs":0,"run":3}"#,
        r#"{"points":4,"fifteen":0,"thirty_one":0,"pairs":0,"run":4}"#,
        r#"{"points":5,"fifteen":0,"thirty_one":0,"pairs":0,"run":5}"#,
        r#"{"error":"line 6: the pile is empty: there is no last card to score"}"#,
        r#"{"error":"line 7: the pile counts 32; the count may never pass 31"}"#,
        r#"{"error":"line 8: 5H is on the pile twice"}"#,
        r#"{"error":"line 9: \"ZZ\": not a card: the rank must be one of A 2 3 4 5 6 7 8 9 T J Q K (or 10)"}"#,
        r#"{"error":"line 10: unknown field `cards`, expected `pile`"}"#,
        r#"{"points":4,"fifteen":2,"thirty_one":0,"pairs":2,"run":0}"#,
        r#"{"points":2,"fifteen":0,"thirty_one":2,"pairs":0,"run":0}"#,
        r#"{"points":12,"fifteen":0,"thirty_one":0,"pairs":12,"run":0}"#,
    ];
    assert_eq!(lines, expected);
}

#[test]
fn peg_on_the_command_line_reads_out_the_score() {
    let out = ok(&["peg", "4S", "2H", "3D", "5C", "6H"], "");
    assert_eq!(
        out,
        "pile: 4S 2H 3D 5C 6H   count: 20\n\n  run of five: 5\n\npoints: 5\n"
    );
    let out = ok(&["peg", "AD", "7C", "7H"], "");
    assert!(
        out.contains("  fifteen: 2\n  pair: 2\n\npoints: 4\n"),
        "{out}"
    );
    assert!(refused(&["peg", "KS", "QS", "JS", "2H"]).contains("never pass 31"));
    assert!(refused(&["peg"]).contains("empty"));
}

#[test]
fn distribution_counts_every_hand_under_both_rules() {
    let out = ok(&["distribution"], "");
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    for rules in ["hand", "crib"] {
        let counts = json[rules].as_object().expect("an object of counts");
        // The keys in numeric order, every one present, zeros included.
        let keys: Vec<&str> = counts.keys().map(String::as_str).collect();
        let mut expected: Vec<String> = (0..30).map(|n| n.to_string()).collect();
        expected.sort();
        assert_eq!(keys, expected);
        let sum: u64 = counts.values().map(|n| n.as_u64().expect("count")).sum();
        assert_eq!(sum, 12_994_800, "{rules}");
        assert_eq!(counts["19"], 0);
        assert_eq!(counts["29"], 4);
    }
    assert_eq!(json["hand"]["0"], 1_009_008);
    assert!(json["seconds"].as_f64().expect("seconds") > 0.0);
    // serde_json's map sorts keys, so check the text for numeric order.
    let order: Vec<usize> = (0..30)
        .map(|n| out.find(&format!("\"{n}\":")).expect("key"))
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{out}");
}

#[test]
fn bench_prints_its_figures_as_one_json_object() {
    let output = cribbage(&["bench"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    assert_eq!(out.lines().count(), 1, "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    for key in [
        "distribution_seconds",
        "distribution_hands_per_second",
        "prepared_total_ns",
        "show_total_ns",
        "score_show_ns",
        "peg_score_ns",
    ] {
        let figure = json[key].as_f64().unwrap_or(0.0);
        assert!(figure > 0.0, "{key}: {out}");
    }
    // The same figures, readable, on stderr.
    assert!(stderr(&output).contains("distribution_hands_per_second"));
}

/// `--game reverse` times reverse cribbage's games and says so.
#[test]
fn bench_names_the_game_it_timed() {
    let output = cribbage(&["bench", "--game", "reverse", "game"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    assert_eq!(json["game"], "reverse");
    assert!(json["random_games_per_second"].as_f64().unwrap_or(0.0) > 0.0);
    assert!(json["audited_games_per_second"].as_f64().unwrap_or(0.0) > 0.0);
}

/// `--players` times cribbage's decisions at a table of three or four (the
/// deadline is for every table), says which, and is refused where it means
/// nothing.
#[test]
fn bench_times_cribbage_at_the_table_asked_for() {
    let output = cribbage(&["bench", "--players", "4", "--games", "1", "ai"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(json["players"], 4, "{out}");
    assert!(
        json["ai_expert_play_p95_ms"].as_f64().unwrap_or(0.0) > 0.0,
        "{out}"
    );
    let said = refused(&["bench", "--players", "5", "ai"]);
    assert!(said.contains("Cribbage is for 2, 3 or 4 players"), "{said}");
    let said = refused(&["bench", "--game", "noddy", "--players", "3"]);
    assert!(said.contains("Noddy is timed at its own table"), "{said}");
}

/// `--game noddy` and `--game costly-colours` time each level's decisions
/// by kind; on a tiny input it runs and prints every field (the timings
/// themselves are for reading, not for a test).
#[test]
fn bench_times_the_family_games_computer_players() {
    for (game, kinds) in [
        ("noddy", &["play"][..]),
        ("costly-colours", &["mog", "pass", "play"]),
    ] {
        let output = cribbage(&["bench", "--game", game, "--games", "2"], "");
        assert!(output.status.success(), "{}", stderr(&output));
        let out = stdout(&output);
        let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        assert_eq!(json["game"], game);
        assert!(json["ai_decisions"].as_u64().unwrap_or(0) > 0, "{out}");
        for level in ["easy", "medium", "hard", "expert"] {
            for kind in kinds {
                let key = format!("ai_{level}_{kind}");
                assert!(
                    json[format!("{key}_count")].as_u64().unwrap_or(0) > 0,
                    "{out}"
                );
                for stat in ["mean_ms", "p50_ms", "p95_ms", "max_ms"] {
                    assert!(
                        json[format!("{key}_{stat}")].is_number(),
                        "{key}_{stat}: {out}"
                    );
                }
                assert!(stderr(&output).contains(&format!("{key}_p95_ms")));
            }
        }
    }
    // The family games have the ai suite alone.
    let said = refused(&["bench", "--game", "noddy", "scoring"]);
    assert!(
        said.contains("unknown suite \"scoring\"; the suites are ai"),
        "{said}"
    );
}

#[test]
fn help_lists_the_commands() {
    let overview = ok(&["help"], "");
    for name in ["score", "peg", "distribution", "bench", "help"] {
        assert!(overview.contains(&format!("\n  {name} ")), "{overview}");
    }
    assert_eq!(ok(&[], ""), overview);
    assert_eq!(ok(&["--help"], ""), overview);
    let score_help = ok(&["help", "score"], "");
    assert!(score_help.starts_with("usage: cribbage score"));
    assert_eq!(ok(&["score", "--help"], ""), score_help);
    assert_eq!(ok(&["score", "5H", "-h"], ""), score_help);
}

/// The games a command's usage offers after `--game` (its synopsis,
/// `[--game cribbage|reverse|…]`).
fn offered(command: &str) -> Vec<String> {
    let usage = ok(&["help", command], "");
    let after = usage.split("--game ").nth(1).unwrap_or_default();
    let list = after.split([']', ' ', '\n']).next().unwrap_or_default();
    list.split('|').map(str::to_string).collect()
}

/// Each command that plays games offers in its usage exactly the games it
/// plays, in `GameKind::ALL`'s order: the usage names them from the family,
/// so a new game is offered where it is played, and only there.
#[test]
fn usage_offers_the_games_each_command_plays() {
    let every: Vec<String> = GameKind::ALL.iter().map(|k| k.to_string()).collect();
    assert_eq!(offered("random-games"), every);
    assert_eq!(offered("bench"), every);
    // A game a command does not play is refused with the list it plays.
    let cases: [(&str, &[&str]); 3] = [
        (
            "match",
            &["match", "--game", "solitaire", "--a", "easy", "--b", "easy"],
        ),
        ("agent", &["agent", "--game", "solitaire"]),
        ("solve", &["solve", "--game", "noddy"]),
    ];
    let mut solved = Vec::new();
    for (command, args) in cases {
        let said = refused(args);
        let plays = said
            .split("(it plays: ")
            .nth(1)
            .and_then(|rest| rest.split(')').next())
            .unwrap_or_else(|| panic!("{said}"));
        let plays: Vec<String> = plays.split(", ").map(str::to_string).collect();
        assert_eq!(offered(command), plays, "{command}");
        assert!(
            plays.len() >= 2 && plays.len() < every.len(),
            "{command}: {plays:?}"
        );
        if command == "solve" {
            solved = plays;
        }
    }
    // The prose names the games from the family too, by title where a
    // player reads it: "of Cribbage Square Solitaire or Cribbage Solitaire,".
    let titles: Vec<&str> = solved
        .iter()
        .map(|name| name.parse::<GameKind>().unwrap().title())
        .collect();
    let (last, rest) = titles.split_last().unwrap();
    let solve = ok(&["help", "solve"], "");
    assert!(
        solve.contains(&format!("of {} or {last},", rest.join(", "))),
        "{solve}"
    );
    // bench: "Every other game (noddy, costly-colours, …)" than standard
    // and reverse cribbage, which have suites of their own.
    let others: Vec<&str> = GameKind::ALL
        .iter()
        .filter(|k| !matches!(k, GameKind::Cribbage | GameKind::Reverse))
        .map(|k| k.name())
        .collect();
    let bench = ok(&["help", "bench"], "");
    assert!(
        bench.contains(&format!("Every other game ({})", others.join(", "))),
        "{bench}"
    );
}

#[test]
fn bad_arguments_exit_2_with_one_line_saying_why() {
    let cases: &[(&[&str], &str)] = &[
        (&["deal"], "cribbage: unknown command \"deal\""),
        (&["help", "deal"], "unknown command \"deal\""),
        (
            &["score", "5H", "5C", "5S", "JD", "5D", "--bogus"],
            "cribbage score: unknown flag --bogus",
        ),
        (
            &["score", "5H", "5C", "5S", "JD", "5X"],
            "cribbage score: \"5X\": not a card",
        ),
        (
            &["score", "5H", "5C", "5S", "JD"],
            "give five cards, the four of the hand then the starter; got 4",
        ),
        (&["score", "5H", "5C", "5S", "JD", "5D", "2C"], "got 6"),
        (&["score"], "got 0"),
        (
            &["score", "5H", "5C", "5S", "JD", "5h"],
            "\"5h\": the same card twice",
        ),
        (
            &["score", "--jsonl", "5H"],
            "--jsonl reads the cards from stdin",
        ),
        (&["score", "--jsonl", "--crib"], "\"crib\":true"),
        (&["peg", "5H", "5H"], "the same card twice"),
        (
            &["peg", "--jsonl", "5H"],
            "--jsonl reads the piles from stdin",
        ),
        (
            &["distribution", "now"],
            "cribbage distribution: unexpected argument \"now\"",
        ),
        (&["distribution", "--fast"], "unknown flag --fast"),
        (&["bench", "--fast"], "unknown flag --fast"),
        (&["bench", "--game", "chess"], "--game: "),
        (
            &["bench", "--game", "table-top", "game"],
            "unknown suite \"game\"; the suites are ai",
        ),
        (
            &["bench", "--games", "0"],
            "--games \"0\": expected a whole number",
        ),
        (
            &["agent", "--game", "solitaire"],
            "this command does not play",
        ),
        (
            &["bench", "everything"],
            "cribbage bench: unknown suite \"everything\"; the suites are scoring",
        ),
    ];
    for (args, message) in cases {
        let said = refused(args);
        assert!(said.contains(message), "{args:?}: {said}");
    }
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_refused_not_a_panic() {
    use std::os::unix::ffi::OsStrExt;
    let output = Command::new(env!("CARGO_BIN_EXE_cribbage"))
        .arg("score")
        .arg(std::ffi::OsStr::from_bytes(b"5\xffH"))
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("not valid UTF-8"), "{output:?}");
}

// ---------------------------------------------------------------------------
// random-games and replay.

/// `random-games`' usage names every field each game's report prints, down
/// to the kinds of points inside it: the usage is the report's reference.
#[test]
fn random_games_usage_names_every_field_of_every_game_s_report() {
    let usage = ok(&["help", "random-games"], "");
    let words: std::collections::BTreeSet<&str> = usage
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .collect();
    for kind in GameKind::ALL {
        let out = ok(&["random-games", "--game", kind.name(), "--games", "3"], "");
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        let mut fields = Vec::new();
        for (key, value) in report.as_object().unwrap() {
            fields.push(key.clone());
            if let Some(inner) = value.as_object() {
                fields.extend(inner.keys().cloned());
            }
        }
        for field in fields {
            assert!(
                words.contains(field.as_str()),
                "{kind}: `{field}` is not in the usage:\n{usage}"
            );
        }
    }
}

#[test]
fn random_games_reports_statistics_and_no_violations() {
    let out = cribbage(
        &[
            "random-games",
            "--games",
            "40",
            "--players",
            "3",
            "--target",
            "61",
            "--seed",
            "9",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], 40);
    assert_eq!(report["invariant_violations"], 0);
    // The same 40 games (seeds 9..49), audited here through the library:
    // every figure must be the one these totals give.
    use cribbage::audit::{AuditStats, audit_random_game};
    use cribbage::games::cribbage::{Counting, MatchFormat, Rules};
    let rules = Rules::new(3, 61, Counting::Automatic, MatchFormat::Single).unwrap();
    let mut totals = AuditStats::default();
    for seed in 9..49 {
        audit_random_game(rules, seed, &mut totals).unwrap();
    }
    let deals = totals.deals as f64;
    let expected = [
        ("pegging_dealer", totals.dealer_pegging as f64 / deals),
        // Two pones a deal at a three-player table.
        ("pegging_pone", totals.pone_pegging as f64 / deals / 2.0),
        ("hand", totals.hands as f64 / totals.hands_counted as f64),
        ("crib", totals.crib as f64 / totals.cribs_counted as f64),
        ("heels", totals.heels as f64 / deals),
    ];
    for (key, want) in expected {
        let got = report["mean_points_per_deal"][key].as_f64().unwrap();
        assert!((got - want).abs() < 1e-9, "{key}: {got}, expected {want}");
    }
    // Random play still scores: a hand averages some 4 points, and a jack is
    // turned in about one deal in thirteen (two for his heels each time).
    let hand = report["mean_points_per_deal"]["hand"].as_f64().unwrap();
    assert!((3.0..6.0).contains(&hand), "mean hand {hand}");
    let heels = report["mean_points_per_deal"]["heels"].as_f64().unwrap();
    assert!((0.05..0.35).contains(&heels), "heels per deal {heels}");
    assert_eq!(
        report["deals_per_game"].as_f64().unwrap(),
        deals / 40.0,
        "deals per game"
    );
    let rate = report["first_dealer_win_rate"].as_f64().unwrap();
    assert_eq!(rate, totals.first_dealer_wins as f64 / 40.0);
    assert!(
        totals.first_dealer_wins > 0 && totals.first_dealer_wins < 40,
        "the first dealer neither always wins nor always loses: {rate}"
    );
    assert_eq!(report["skunks"], totals.skunks);
    let bad = cribbage(&["random-games", "--players", "5"], "");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn replay_tells_a_saved_game_and_refuses_a_broken_one() {
    use cribbage::games::cribbage::Game;
    use cribbage::games::cribbage::Rules;
    let mut game = Game::new(Rules::default(), 3);
    while !game.is_over() {
        let action = game.legal_actions()[0].clone();
        game.apply(action).unwrap();
    }
    let dir = std::env::temp_dir().join(format!("cribbage-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    std::fs::write(&file, game.to_json()).unwrap();
    let out = cribbage(&["replay", file.to_str().unwrap()], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("cut for deal"));
    assert!(text.contains("Hand 1:"));
    assert!(text.contains("the starter is"));
    let winner = game.winner().unwrap();
    assert!(text.contains(&format!("to seat {winner}")), "{text}");
    let final_scores: Vec<String> = game.scores().iter().map(|p| p.front.to_string()).collect();
    assert!(text.contains(&final_scores.join("-")));
    std::fs::write(&file, game.to_json().replace("discard", "dicsard")).unwrap();
    let out = cribbage(&["replay", file.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not an action"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn score_and_peg_count_noddy_and_costly_colours_as_json_lines() {
    let out = ok(
        &["score", "--game", "noddy", "--jsonl"],
        "{\"hand\":[\"5H\",\"TC\",\"JD\"],\"turnup\":\"9S\"}\n{\"hand\":[\"JS\",\"7H\",\"7C\"],\"turnup\":\"7S\"}\n{\"hand\":[\"5H\",\"TC\"],\"turnup\":\"9S\"}\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        r#"{"total":9,"noddy":0,"fifteens":4,"twenty_fives":3,"hitters":0,"pairs":0,"runs":2,"flush":0}"#
    );
    // Knave noddy (the jack of the turn-up's suit), a prial, and J+7+7+7, a hitter for four.
    assert_eq!(
        lines[1],
        r#"{"total":11,"noddy":1,"fifteens":0,"twenty_fives":0,"hitters":4,"pairs":6,"runs":0,"flush":0}"#
    );
    assert!(lines[2].contains("it needs 3"), "{}", lines[2]);

    let out = ok(
        &["score", "--game", "costly-colours", "--jsonl"],
        "{\"hand\":[\"7H\",\"7C\",\"7D\"],\"turnup\":\"7S\"}\n{\"hand\":[\"JS\",\"2H\",\"4C\"],\"turnup\":\"9S\",\"mog_received\":\"JS\"}\n{\"hand\":[\"3H\",\"5H\",\"9H\"],\"turnup\":\"KH\"}\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    // A double prial is 18; sevens make 14, 21 and 28: no total scores.
    assert_eq!(
        lines[0],
        r#"{"total":18,"fifteens":0,"twenty_fives":0,"thirty_ones":0,"jacks_and_twos":0,"pairs":18,"colours":0}"#
    );
    // The jack received in the mog scores no jack points; the two of hearts 2.
    assert!(lines[1].contains(r#""jacks_and_twos":2"#), "{}", lines[1]);
    // Four of a suit is 6, and nothing less counts beside it.
    assert!(lines[2].contains(r#""colours":6"#), "{}", lines[2]);

    let out = ok(
        &["peg", "--game", "noddy", "--jsonl"],
        "{\"pile\":[\"TH\",\"TC\",\"5D\",\"6S\"]}\n{\"pile\":[\"2H\",\"4H\",\"9H\"]}\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        r#"{"points":4,"fifteen":0,"twenty_five":0,"hitter":4,"pairs":0,"run":0,"flush":0}"#
    );
    // 2+4+9 is fifteen, and three hearts in a row a flush.
    assert_eq!(
        lines[1],
        r#"{"points":5,"fifteen":2,"twenty_five":0,"hitter":0,"pairs":0,"run":0,"flush":3}"#
    );

    let out = ok(
        &["peg", "--game", "costly-colours", "--jsonl"],
        "{\"pile\":[\"4H\",\"AC\"],\"aces\":[11]}\n{\"pile\":[\"4H\",\"AC\"]}\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        r#"{"points":2,"fifteen":2,"twenty_five":0,"thirty_one":0,"pairs":0,"sequence":0}"#
    );
    assert!(lines[1].contains("1 or 11"), "{}", lines[1]);

    // A game whose counting is not built yet is said so.
    assert!(
        refused(&["score", "--game", "solitaire", "--jsonl"])
            .contains("does not count Cribbage Solitaire yet")
    );
    assert!(refused(&["peg", "--game", "noddy", "4H"]).contains("--jsonl"));
}

#[test]
fn score_counts_a_square_solitaire_grid_line_by_line() {
    let grid = r#""5H","5C","5S","JD","AH","2C","3D","4S","6H","7C","8D","9S","TH","QC","KD","2S""#;
    let input = format!(
        "{{\"grid\":[{grid}],\"starter\":\"5D\"}}\n{{\"grid\":[{grid}],\"starter\":\"JC\"}}\n\
         {{\"grid\":[\"5H\"],\"starter\":\"5D\"}}\n{{\"grid\":[{grid}],\"starter\":\"5H\"}}\n"
    );
    let out = ok(&["score", "--game", "square-solitaire", "--jsonl"], &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        r#"{"total":82,"lines":[29,7,9,6,10,10,6,5],"heels":0}"#
    );
    assert_eq!(
        lines[1],
        r#"{"total":69,"lines":[22,8,8,4,8,9,4,4],"heels":2}"#
    );
    assert!(lines[2].contains("needs 16"), "{}", lines[2]);
    assert!(lines[3].contains("5H appears twice"), "{}", lines[3]);
    let words: Vec<&str> = "5H 5C 5S JD AH 2C 3D 4S 6H 7C 8D 9S TH QC KD 2S 5D"
        .split(' ')
        .collect();
    let mut args = vec!["score", "--game", "square-solitaire"];
    args.extend(&words);
    let text = ok(&args, "");
    assert!(text.contains("row 2:    AH 2C 3D 4S   7  fifteen two, and a run of five is seven"));
    assert!(text.contains("total: 82"), "{text}");
    let said = refused(&["score", "--game", "square-solitaire", "5H", "5C"]);
    assert!(said.contains("seventeen cards"), "{said}");
}

#[test]
fn random_games_audits_both_solitaires() {
    for game in ["square-solitaire", "solitaire"] {
        let out = ok(&["random-games", "--game", game, "--games", "200"], "");
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(report["games"], 200, "{game}");
        assert_eq!(report["invariant_violations"], 0, "{game}");
        assert!(report["mean_score"].as_f64().unwrap() > 20.0, "{game}");
    }
    let said = refused(&["random-games", "--game", "solitaire", "--players", "3"]);
    assert!(
        said.contains("Cribbage Solitaire is for 1 player"),
        "{said}"
    );
    let out = ok(
        &[
            "random-games",
            "--game",
            "solitaire",
            "--players",
            "1",
            "--games",
            "3",
        ],
        "",
    );
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["games"], 3);
}

/// Every command that seats players takes any count the game is played by
/// and refuses others in the game's own words; an option a game's rules do
/// not have is refused by name (issue 25, item 13).
#[test]
fn a_game_takes_the_players_it_is_for_and_refuses_others_in_its_own_words() {
    let out = ok(
        &[
            "random-games",
            "--game",
            "noddy",
            "--players",
            "2",
            "--games",
            "5",
        ],
        "",
    );
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (
            report["games"].as_u64(),
            report["invariant_violations"].as_u64()
        ),
        (Some(5), Some(0))
    );
    let out = ok(
        &[
            "match",
            "--game",
            "costly-colours",
            "--players",
            "2",
            "--a",
            "easy",
            "--b",
            "easy",
            "--games",
            "2",
        ],
        "",
    );
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["games"], 2);
    let cases: &[(&[&str], &str)] = &[
        (
            &["random-games", "--game", "noddy", "--players", "3"],
            "Noddy is for 2 players",
        ),
        (
            &["random-games", "--game", "costly-colours", "--players", "4"],
            "Costly Colours is for 2 players",
        ),
        (
            &["random-games", "--players", "5"],
            "Cribbage is for 2, 3 or 4 players",
        ),
        (
            &["random-games", "--game", "reverse", "--players", "1"],
            "Reverse cribbage is for 2, 3 or 4 players",
        ),
        (
            &["random-games", "--game", "table-top", "--players", "3"],
            "Table Top Cribbage is for 2 or 4 players",
        ),
        (
            &[
                "random-games",
                "--game",
                "square-solitaire",
                "--players",
                "2",
            ],
            "Cribbage Square Solitaire is for 1 player",
        ),
        (
            &[
                "match",
                "--game",
                "noddy",
                "--players",
                "4",
                "--a",
                "easy",
                "--b",
                "easy",
            ],
            "Noddy is for 2 players",
        ),
        (
            &["random-games", "--game", "noddy", "--target", "61"],
            "--target: Noddy has no target to choose",
        ),
        (
            &["random-games", "--game", "table-top", "--muggins"],
            "--muggins: Table Top Cribbage has no counting to choose",
        ),
        (
            &["match", "--game", "solitaire", "--a", "easy", "--b", "easy"],
            "this command does not play Cribbage Solitaire",
        ),
        (
            &["random-games", "--target", "100"],
            "the target is 121 or 61",
        ),
    ];
    for (args, message) in cases {
        let said = refused(args);
        assert!(said.contains(message), "{args:?}: {said}");
    }
}

#[test]
fn replay_tells_both_solitaires() {
    use cribbage::record::Session;
    let mut square = Session::new(cribbage::games::square_solitaire::Game::new(
        Default::default(),
        4,
    ));
    while let Some(action) = square.game().legal_actions().first().copied() {
        square.apply(action).unwrap();
    }
    let text = ok(&["replay", "-"], &square.to_json());
    assert!(text.contains("card 1: "), "{text}");
    assert!(text.contains("column 4: "), "{text}");
    assert!(
        text.contains(&format!("{} points", square.game().score())),
        "{text}"
    );
    let mut solitaire = Session::new(cribbage::games::solitaire::Game::new(Default::default(), 4));
    while let Some(action) = solitaire.game().legal_actions().first().copied() {
        solitaire.apply(action).unwrap();
    }
    let text = ok(&["replay", "-"], &solitaire.to_json());
    assert!(text.contains("Deal 6: "), "{text}");
    assert!(text.contains("the last four "), "{text}");
    let events = ok(&["replay", "--jsonl", "-"], &solitaire.to_json());
    assert_eq!(events.lines().count(), solitaire.game().events().len());
}

#[test]
fn solve_plays_seeded_deals_and_reports_times() {
    let out = ok(
        &[
            "solve",
            "--game",
            "solitaire",
            "--deals",
            "30",
            "--policy",
            "advisor",
            "--seed",
            "4",
        ],
        "",
    );
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["deals"], 30);
    assert!(report["mean"].as_f64().unwrap() > 60.0, "{out}");
    for key in ["win_rate", "double_game_rate", "mean_ci95"] {
        assert!(!report[key].is_null(), "{key}: {out}");
    }
    assert_eq!(report["decision_times"]["n"], 180);
    // The same seed gives the same deals whatever the threads.
    let again = ok(
        &[
            "solve",
            "--game",
            "solitaire",
            "--deals",
            "30",
            "--seed",
            "4",
            "--threads",
            "1",
        ],
        "",
    );
    let again: serde_json::Value = serde_json::from_str(&again).unwrap();
    assert_eq!(again["mean"], report["mean"]);
    let out = ok(
        &[
            "solve",
            "--game",
            "square-solitaire",
            "--deals",
            "3",
            "--policy",
            "greedy",
        ],
        "",
    );
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["decision_times"]["n"], 48);
    assert!(report["double_game_rate"].is_null());
    assert!(
        refused(&["solve", "--game", "solitaire", "--policy", "clever"]).contains("not a policy")
    );
    assert!(refused(&["solve"]).contains("--game"));
    assert!(refused(&["solve", "--game", "noddy"]).contains("does not play"));
}

/// `score --game table-top --jsonl` counts a full layout's rows and
/// columns; a bad line is answered with an error and the next still runs.
/// `random-games`, `match` and `replay` play and tell Table Top Cribbage.
#[test]
fn table_top_on_the_command_line() {
    let grid = "AH 2H 3H 4H 5H AC 2C 3C 4C 5C AD 2D 3D 4D 5D AS 2S 3S 4S 5S 6H 6C 6D 6S 7H";
    let cards: Vec<String> = grid.split(' ').map(|c| format!("\"{c}\"")).collect();
    let input = format!(
        "{{\"grid\":[{}]}}\n{{\"grid\":[\"AH\"]}}\n{{\"grid\":[{}]}}\n",
        cards.join(","),
        cards.join(",")
    );
    let out = ok(&["score", "--game", "table-top", "--jsonl"], &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        r#"{"rows":[12,12,12,12,12],"columns":[12,12,20,12,20]}"#
    );
    assert!(
        lines[1].contains("error") && lines[1].contains("25"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], lines[0]);
    assert!(refused(&["score", "--game", "table-top", "5H"]).contains("--jsonl"));

    for players in ["2", "4"] {
        let out = ok(
            &[
                "random-games",
                "--game",
                "table-top",
                "--players",
                players,
                "--games",
                "20",
            ],
            "",
        );
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(report["games"], 20);
        assert_eq!(report["invariant_violations"], 0);
        let out = ok(
            &[
                "match",
                "--game",
                "table-top",
                "--players",
                players,
                "--a",
                "medium",
                "--b",
                "easy",
                "--games",
                "4",
            ],
            "",
        );
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(report["games"], 4);
        assert!(
            report["points_per_hand"]["rows"].as_f64().unwrap() > 0.0,
            "{report}"
        );
        assert!(report["a_win_rate_ci95"]["lo"].is_number(), "{report}");
    }
    assert!(refused(&["random-games", "--game", "table-top", "--players", "3"]).contains("2 or 4"));

    let mut session = cribbage::record::Session::new(cribbage::games::table_top::Game::new(
        cribbage::games::table_top::Rules::default(),
        4,
    ));
    while let Some(action) = cribbage::games::State::legal_actions(session.game())
        .first()
        .copied()
    {
        session.apply(action).unwrap();
    }
    let told = ok(&["replay", "-"], &session.to_json());
    assert!(told.contains("scores the rows"), "{told}");
    assert!(told.contains("Game to side"), "{told}");
    assert!(told.contains("the layout:"), "{told}");
    // Four: the draw for partners is told with what it made.
    let four = cribbage::record::Session::new(cribbage::games::table_top::Game::new(
        cribbage::games::table_top::Rules::new(4).unwrap(),
        4,
    ));
    let told = ok(&["replay", "-"], &four.to_json());
    assert!(told.contains("draw for partners: seat 0 draws"), "{told}");
    assert!(told.contains("(side 0) against seats"), "{told}");
}

/// `replay`'s words are a contract: each game's saves in
/// `tests/data/replay/` (whole games and games cut short after an undo,
/// written by the page's module) are told exactly as the command told them
/// before it was written once over every game.
#[test]
fn replay_tells_every_game_as_it_always_has() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/replay");
    let mut games = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let save = std::fs::read_to_string(&path).unwrap();
        let told = std::fs::read_to_string(path.with_extension("txt")).unwrap();
        assert_eq!(ok(&["replay", "-"], &save), told, "{}", path.display());
        let game: serde_json::Value = serde_json::from_str(&save).unwrap();
        games.insert(game["game"].as_str().unwrap().to_string());
    }
    // Every game of the family has saves here: a new game without them fails.
    let every: std::collections::BTreeSet<String> =
        GameKind::ALL.iter().map(|k| k.to_string()).collect();
    assert_eq!(games, every);
}

#[test]
fn discard_lists_the_fifteen_lay_aways_best_first_as_the_analyser_does() {
    let out = ok(
        &["discard", "5H", "5C", "6D", "JS", "QS", "KD", "--dealer"],
        "",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "hand: 5C 5H 6D JS QS KD   crib: yours (you deal)");
    assert_eq!(lines[2], "  lay away  keep           hand    crib   total");
    let rows = &lines[3..];
    assert_eq!(rows.len(), 15, "{out}");
    // The figures are the pinned ones (tests/it/discard_analysis.rs): two
    // places, the crib signed.
    assert_eq!(rows[0], "  5C 6D     5H JS QS KD   11.22   +7.05   18.26");
    assert_eq!(rows[14], "  QS KD     5C 5H 6D JS    9.54   +3.37   12.91");
    // The other's crib: the same crib figures, taken off.
    let pone = ok(&["discard", "5h 5c 6d js qs kd", "--pone"], "");
    assert!(pone.starts_with("hand: 5C 5H 6D JS QS KD   crib: theirs (they deal)\n"));
    assert!(
        pone.contains("\n  6D KD     5C 5H JS QS   12.52   -3.38    9.14\n"),
        "{pone}"
    );

    // The scores add each choice's chance, near the end of a game.
    let late = ok(
        &[
            "discard", "5H", "5C", "6D", "JS", "QS", "KD", "--pone", "--scores", "110-112",
        ],
        "",
    );
    assert!(
        late.contains("scores: you 110, them 112, game to 121\n"),
        "{late}"
    );
    assert!(late.contains("  lay away  keep           hand    crib   total     win\n"));
    let chances: Vec<f64> = late
        .lines()
        .filter_map(|l| l.strip_suffix('%'))
        .map(|l| l.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(chances.len(), 15, "{late}");
    assert!(
        chances.windows(2).all(|w| w[0] >= w[1]),
        "ranked by the chance to win"
    );
    // Early in a game the engine may reckon no chance (today it does not):
    // then the table has no column for them and says so.
    let early = ok(
        &[
            "discard", "5H", "5C", "6D", "JS", "QS", "KD", "--pone", "--scores", "10-12",
        ],
        "",
    );
    let six = cribbage::cards::parse_cards("5H 5C 6D JS QS KD").unwrap();
    let scores = cribbage::ai::discard_analysis::Scores {
        mine: 10,
        theirs: 12,
        target: 121,
    };
    let owner = cribbage::ai::discard_analysis::CribOwner::Theirs;
    let engine = cribbage::ai::discard_analysis::analyze(&six, owner, Some(scores)).unwrap();
    if engine.options.iter().all(|o| o.win_prob.is_none()) {
        assert!(!early.contains('%'));
        assert!(early.contains("No chances at these scores"), "{early}");
    } else {
        assert_eq!(early.matches('%').count(), 15, "{early}");
    }

    // --json is the analysis the page receives.
    let json = ok(
        &[
            "discard", "5H", "5C", "6D", "JS", "QS", "KD", "--pone", "--scores", "50-52",
            "--target", "61", "--json",
        ],
        "",
    );
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["crib"], "theirs");
    assert_eq!(
        value["scores"],
        serde_json::json!({ "mine": 50, "theirs": 52, "target": 61 })
    );
    assert_eq!(value["options"].as_array().unwrap().len(), 15);
    assert!(value["options"][0]["win_prob"].is_f64());
    assert_eq!(
        value["options"][0]["discard"],
        serde_json::json!(["6D", "KD"])
    );
}

#[test]
fn discard_refuses_a_wrong_question_with_the_reason() {
    let six = ["5H", "5C", "6D", "JS", "QS", "KD"];
    let with = |extra: &[&'static str]| -> Vec<&'static str> {
        let mut args = vec!["discard"];
        args.extend(six);
        args.extend(extra);
        args
    };
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            with(&[]),
            "say whose crib it is: --dealer (yours) or --pone (theirs)",
        ),
        (
            with(&["--dealer", "--pone"]),
            "--dealer or --pone, not both",
        ),
        (
            vec!["discard", "5H", "5C", "6D", "JS", "QS", "--dealer"],
            "the discard analyser needs the six cards dealt, not 5",
        ),
        (
            vec![
                "discard", "5H", "5C", "6D", "JS", "QS", "KD", "AC", "--dealer",
            ],
            "not 7",
        ),
        (
            vec!["discard", "5H", "5C", "6D", "JS", "QS", "5h", "--dealer"],
            "\"5h\": the same card twice",
        ),
        (
            vec!["discard", "5H", "5C", "6D", "JS", "QS", "5X", "--dealer"],
            "\"5X\": not a card",
        ),
        (
            with(&["--dealer", "--scores", "110"]),
            "expected yours-theirs, like 110-112",
        ),
        (
            with(&["--dealer", "--scores", "a-b"]),
            "expected yours-theirs",
        ),
        (
            with(&["--dealer", "--scores", "121-3"]),
            "your score of 121 has already reached 121",
        ),
        (
            with(&["--dealer", "--scores", "3-61", "--target", "61"]),
            "their score of 61 has already reached 61",
        ),
        (
            with(&["--dealer", "--scores", "3-6", "--target", "100"]),
            "a game to 100: the target is 121 or 61",
        ),
        (
            with(&["--dealer", "--target", "61"]),
            "give the scores with --scores too",
        ),
        (with(&["--dealer", "--crib"]), "unknown flag --crib"),
    ];
    for (args, message) in cases {
        let said = refused(&args);
        assert!(said.starts_with("cribbage discard: "), "{said}");
        assert!(said.contains(message), "{args:?}: {said}");
    }
    assert!(ok(&["help"], "").contains("\n  discard "));
    assert!(ok(&["discard", "--help"], "").starts_with("usage: cribbage discard"));
}

/// `winprob`: a position looked up in the shipped model, the generator
/// reproducible from its seed, the throws' table too, and bad arguments
/// refused with one line.
#[test]
fn winprob_builds_checks_and_looks_up_the_model() {
    let at: serde_json::Value =
        serde_json::from_str(&ok(&["winprob", "--at", "35,37"], "")).unwrap();
    let deal = at["dealer_wins"]["deal"].as_f64().unwrap();
    assert!((0.45..0.56).contains(&deal), "{at}");
    assert!(at["dealer_wins"]["crib_count"].as_f64().is_some());
    let build = |threads: &str| {
        let text = ok(
            &[
                "winprob",
                "--games",
                "2",
                "--seed",
                "4",
                "--level",
                "medium",
                "--threads",
                threads,
            ],
            "",
        );
        let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
        for volatile in ["seconds", "threads"] {
            value.as_object_mut().unwrap().remove(volatile);
        }
        value
    };
    let built = build("1");
    assert_eq!(built, build("2"));
    assert!(
        built["checks"]["first_dealer"].as_f64().is_some(),
        "{built}"
    );
    let rust = ok(
        &[
            "winprob", "--games", "2", "--seed", "4", "--level", "medium", "--rust",
        ],
        "",
    );
    assert!(rust.contains("pub(super) const PEGGING"), "{rust}");
    let throws = ok(&["winprob", "--throws", "--deals", "60", "--rust"], "");
    assert_eq!(
        throws,
        ok(
            &[
                "winprob",
                "--throws",
                "--deals",
                "60",
                "--rust",
                "--threads",
                "1"
            ],
            ""
        )
    );
    assert!(throws.contains("PONE_THROWS"));
    assert!(refused(&["winprob", "--at", "130,2"]).contains("--at"));
    assert!(refused(&["winprob", "--target", "100"]).contains("121 or 61"));
    assert!(refused(&["winprob", "--calibrate", "--game", "reverse"]).contains("--holdout"));
}
