//! The native side of the differential test at the wasm boundary
//! (tests/e2e/differential.test.mjs): positions from random games of every
//! player count, with what the native library answers for each — the
//! computer players' decisions, the coach's analysis and the review of a
//! game — written as JSON for the wasm module to be compared with.
//!
//! Ignored in a plain `cargo test`; the Node test runs it:
//! `CRIBBAGE_DIFF_OUT=file.json cargo test --test differential -- --ignored`
//! (`CRIBBAGE_DIFF_POSITIONS` sets how many positions, 3000 by default).

use cribbage::ai::review::review_session;
use cribbage::ai::{Level, coach, decide};
use cribbage::games::cribbage::Game;
use cribbage::games::cribbage::{Counting, MatchFormat, Rules};
use cribbage::record::{AnySession, Session};
use serde_json::{Value, json};

/// A small generator of our own (xorshift64*), so the positions do not
/// depend on another crate's sequence.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

const LEVELS: [(&str, Level); 5] = [
    ("easy", Level::Easy),
    ("medium", Level::Medium),
    ("baseline", Level::Baseline),
    ("hard", Level::Hard),
    ("expert", Level::Expert),
];

#[test]
#[ignore = "writes the native answers for tests/e2e/differential.test.mjs"]
fn native_answers_for_the_wasm_differential_test() {
    let Ok(out) = std::env::var("CRIBBAGE_DIFF_OUT") else {
        panic!("set CRIBBAGE_DIFF_OUT to the JSON file to write");
    };
    let wanted: usize = std::env::var("CRIBBAGE_DIFF_POSITIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3000);
    // The last two: reverse cribbage.
    let all_rules = [
        (2, 121, Counting::Automatic, MatchFormat::Single, false),
        (2, 61, Counting::Muggins, MatchFormat::BestOfThree, false),
        (3, 61, Counting::Automatic, MatchFormat::BestOfThree, false),
        (3, 121, Counting::Muggins, MatchFormat::Single, false),
        (4, 121, Counting::Automatic, MatchFormat::Single, false),
        (4, 61, Counting::Muggins, MatchFormat::BestOfThree, false),
        (2, 121, Counting::Muggins, MatchFormat::Single, true),
        (3, 61, Counting::Automatic, MatchFormat::Single, true),
    ];
    let mut rng = Rng(0x0dd_ba11_cafe_f00d);
    let mut positions = Vec::new();
    let mut reviews = Vec::new();
    let mut game_number = 0u64;
    while positions.len() < wanted {
        let (players, target, counting, format, reverse) =
            all_rules[game_number as usize % all_rules.len()];
        let rules = Rules::new(players, target, counting, format).unwrap();
        let rules = if reverse { rules.reverse() } else { rules };
        let mut game = Game::new(rules, 1000 + game_number);
        game_number += 1;
        while !game.is_over() && positions.len() < wanted {
            let legal = game.legal_actions();
            let seat = game.current_player().unwrap();
            // About one decision in six becomes a position (every one with a choice, now and then).
            if (legal.len() > 1 && rng.chance(6)) || rng.chance(40) {
                let obs = game.observation(seat);
                let seed = (rng.next() >> 32) as u32;
                let mut decisions = serde_json::Map::new();
                for (name, level) in LEVELS {
                    // The costly levels for some positions only.
                    let costly = matches!(level, Level::Hard | Level::Expert);
                    if costly
                        && !rng.chance(if matches!(level, Level::Expert) {
                            12
                        } else {
                            4
                        })
                    {
                        continue;
                    }
                    let answer = match decide(level, &obs, u64::from(seed)) {
                        Ok(action) => json!({ "action": action.to_string() }),
                        Err(err) => json!({ "error": err.to_string() }),
                    };
                    decisions.insert(name.into(), answer);
                }
                let mut position = json!({
                    "save": game.to_json(),
                    "seat": seat,
                    "observation": serde_json::to_string(&obs).unwrap(),
                    "seed": seed,
                    "decide": decisions,
                });
                if rng.chance(3) {
                    let (name, level) = LEVELS[rng.below(4)];
                    let analysis = match coach::analyze(&obs, level, u64::from(seed)) {
                        Ok(a) => serde_json::to_value(&a).unwrap(),
                        Err(err) => json!({ "error": err.to_string() }),
                    };
                    position["coach"] = json!({ "level": name, "analysis": analysis });
                }
                positions.push(position);
                // Now and then the same position for a seat that is not to
                // act: native refuses it, and so must the module, which is
                // given the save and the seat.
                if rng.chance(10) {
                    let other = (seat + 1) % usize::from(players);
                    let obs = game.observation(other);
                    let mut decisions = serde_json::Map::new();
                    for (name, level) in [LEVELS[0], LEVELS[3]] {
                        let answer = match decide(level, &obs, u64::from(seed)) {
                            Ok(action) => json!({ "action": action.to_string() }),
                            Err(err) => json!({ "error": err.to_string() }),
                        };
                        decisions.insert(name.into(), answer);
                    }
                    positions.push(json!({
                        "save": game.to_json(),
                        "seat": other,
                        "observation": serde_json::to_string(&obs).unwrap(),
                        "seed": seed,
                        "decide": decisions,
                    }));
                }
            }
            let action = legal[rng.below(legal.len())].clone();
            game.apply(action).unwrap();
        }
        // A review of the game so far (its first hands), for one game in three.
        if game_number % 3 == 1 {
            let mut saved: Value = serde_json::from_str(&game.to_json()).unwrap();
            let actions = saved["actions"].as_array().unwrap().len().min(70);
            saved["actions"].as_array_mut().unwrap().truncate(actions);
            saved.as_object_mut().unwrap().remove("scores");
            let mut session = Session::new(Game::new(rules, 1000 + game_number - 1));
            for text in saved["actions"].as_array().unwrap() {
                session
                    .apply(text.as_str().unwrap().parse().unwrap())
                    .unwrap();
            }
            // Every other review, a game an undo took moves back in: its save
            // holds a `redraw` step, and the review must follow it.
            if game_number % 6 == 1 {
                let undone = rng.below(usize::from(players));
                if session.undo(undone).is_ok() {
                    for _ in 0..20 {
                        let Some(action) = session.game().legal_actions().first().cloned() else {
                            break;
                        };
                        session.apply(action).unwrap();
                    }
                }
            }
            let mut saved: Value = serde_json::from_str(&session.to_json()).unwrap();
            saved.as_object_mut().unwrap().remove("scores");
            let text = saved.to_string();
            let partial = AnySession::from_json(&text).unwrap();
            let AnySession::Cribbage(partial) = partial else {
                panic!("a cribbage save restores as cribbage")
            };
            let seat = (game_number % 4 != 1).then(|| rng.below(usize::from(players)));
            let (name, level) = LEVELS[if game_number.is_multiple_of(2) {
                3
            } else {
                rng.below(3)
            }];
            let seed = (rng.next() >> 32) as u32;
            let seats: Vec<usize> = seat.into_iter().collect();
            let answer = review_session(&partial, &seats, level, u64::from(seed));
            reviews.push(json!({
                "save": text,
                "seat": seat,
                "level": name,
                "seed": seed,
                "review": serde_json::to_value(&answer).unwrap(),
            }));
        }
    }
    let report = json!({ "games": game_number, "positions": positions, "reviews": reviews });
    std::fs::write(&out, report.to_string()).unwrap();
}
