//! Regression tests for the failures found by trying the program as a new
//! user would and by fuzzing it (issue 14): each one failed before its fix.

use cribbage::ai::{Level, decide};
use cribbage::cards::{Card, CardSet};
use cribbage::games::State as _;
use cribbage::games::cribbage::Game;
use cribbage::games::cribbage::{Counting, MatchFormat, Rules};
use cribbage::pegging::{PlayError, PlayState};
use std::io::Write;
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
    let mut input = child.stdin.take().expect("stdin");
    let stdin = stdin.to_string();
    // From a thread, so a large output cannot deadlock against the input.
    let writer = std::thread::spawn(move || input.write_all(stdin.as_bytes()));
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("writer").expect("stdin written");
    output
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect()
}

/// A three-player best of three goes on until one player has two games, so
/// it can need a game 4; the observation says so and the computer players
/// decide on it. (The browser's reader refused any game past 3: see
/// tests/e2e/hardening.test.mjs for the boundary's half of this.)
#[test]
fn a_three_player_best_of_three_can_reach_game_4_and_the_bots_play_it() {
    let rules = Rules::new(3, 61, Counting::Automatic, MatchFormat::BestOfThree).unwrap();
    let mut reached = None;
    for seed in 0..200u64 {
        let mut game = Game::new(rules, seed);
        while let Some(seat) = game.current_player() {
            let obs = game.observation(seat);
            if obs.game >= 4 {
                reached = Some((seed, obs));
                break;
            }
            let action = decide(Level::Easy, &obs, seed).unwrap();
            game.apply(action).unwrap();
        }
        if reached.is_some() {
            break;
        }
    }
    let (seed, obs) = reached.expect("some seed under 200 reaches game 4");
    assert_eq!(obs.game, 4, "seed {seed}");
    assert_eq!(obs.games_won.iter().filter(|&&g| g >= 1).count(), 3);
    let json = serde_json::to_value(&obs).unwrap();
    assert_eq!(json["game_number"], 4);
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Expert] {
        let action = decide(level, &obs, 1).unwrap();
        assert!(obs.legal.contains(&action));
    }
}

/// A pile counting past 31 is refused by name, not wrapped around (in the
/// browser) or a panic (in tests) at `31 - count`.
#[test]
fn resuming_a_play_whose_pile_counts_past_31_is_an_error() {
    let hands = [CardSet::EMPTY, "5C".parse().unwrap()];
    let pile = cards("TS JS QS KS");
    let err = PlayState::resume(&hands, &pile, 1, Some(0), 0).unwrap_err();
    assert_eq!(
        err,
        PlayError::Over31 {
            card: "KS".parse().unwrap(),
            count: 30
        }
    );
    let fine = PlayState::resume(&hands, &cards("TS JS QS AS"), 1, Some(0), 0).unwrap();
    assert_eq!(fine.count(), 31);
    assert!(fine.fitting("5C".parse().unwrap()).is_empty());
}

/// `replay -` reads the save from standard input, as its help says.
#[test]
fn replay_dash_reads_standard_input() {
    let mut game = Game::new(Rules::default(), 5);
    for _ in 0..6 {
        let action = game.legal_actions()[0].clone();
        game.apply(action).unwrap();
    }
    let out = cribbage(&["replay", "-"], &game.to_json());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Hand 1:"), "{text}");
    let out = cribbage(&["replay", "-"], "{not a save");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("cribbage replay: -:"));
}

/// `--threads 0` is refused, not quietly taken as 1.
#[test]
fn random_games_refuses_zero_threads() {
    for bad in ["0", "65"] {
        let out = cribbage(&["random-games", "--games", "1", "--threads", bad], "");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let why = String::from_utf8_lossy(&out.stderr);
        assert!(why.contains("from 1 to 64"), "{why}");
        assert!(out.stdout.is_empty());
    }
    let out = cribbage(&["random-games", "--games", "2", "--threads", "1"], "");
    assert!(out.status.success());
}

/// "1" is not an ace anywhere cards are read; "A" and "10"/"T" are.
#[test]
fn one_is_not_an_ace_on_the_command_line() {
    let out = cribbage(&["score", "1H", "5C", "5S", "JD", "5D"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("\"1H\""));
    let a = cribbage(&["score", "AH", "10C", "5S", "JD", "5D"], "");
    let t = cribbage(&["score", "ah", "TC", "5S", "JD", "5D"], "");
    assert!(a.status.success());
    assert_eq!(a.stdout, t.stdout);
}
