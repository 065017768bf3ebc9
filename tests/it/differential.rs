//! The native side of the differential test at the wasm boundary
//! (tests/e2e/differential.test.mjs): positions from random games of every
//! game of the family (`GameKind::ALL`) — standard and reverse cribbage at
//! every table, Table Top Cribbage for two and four, every other game at
//! its own — with what the native library answers for each through
//! [`AnyGame`], the same calls the wasm module makes: the observation, the
//! legal actions and the events of the game restored from its save, the
//! computer players' decisions, the coach's analysis, the review of a
//! game and its chances to win where the engine has a model of them,
//! written as JSON for the wasm modules to be compared with.
//!
//! Ignored in a plain `cargo test`; the Node test runs it:
//! `CRIBBAGE_DIFF_OUT=file.json cargo test --test it -- --ignored --exact differential::native_answers_for_the_wasm_differential_test`
//! (`CRIBBAGE_DIFF_POSITIONS` sets how many positions of cribbage, 3000 by
//! default; each other game has a tenth as many).

use cribbage::ai::Level;
use cribbage::family::AnyGame;
use cribbage::games::GameKind;
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

/// Every kind of table of every game of the family, in `GameKind::ALL`'s
/// order: the game, and its rules object as the page's `gameNew` takes it.
fn tables() -> Vec<(GameKind, Value)> {
    GameKind::ALL.into_iter().flat_map(tables_of).collect()
}

/// The tables `kind` is played at here: a game with a choice of table at
/// each kind worth comparing, every other game at its own.
fn tables_of(kind: GameKind) -> Vec<(GameKind, Value)> {
    let cribbage = |players: u8, target: u16, counting: &str, format: &str| {
        let mut rules =
            json!({ "players": players, "target": target, "counting": counting, "match": format });
        if kind == GameKind::Reverse {
            rules["goal"] = "avoid".into();
        }
        (kind, rules)
    };
    match kind {
        GameKind::Cribbage => vec![
            cribbage(2, 121, "automatic", "single"),
            cribbage(2, 61, "muggins", "best_of_three"),
            cribbage(3, 61, "automatic", "best_of_three"),
            cribbage(3, 121, "muggins", "single"),
            cribbage(4, 121, "automatic", "single"),
            cribbage(4, 61, "muggins", "best_of_three"),
        ],
        GameKind::Reverse => vec![
            cribbage(2, 121, "muggins", "single"),
            cribbage(3, 61, "automatic", "single"),
        ],
        GameKind::TableTop => [2, 4]
            .map(|players| (kind, json!({ "game": kind.name(), "players": players })))
            .to_vec(),
        _ => vec![(kind, json!({ "game": kind.name() }))],
    }
}

/// Standard cribbage and its reverse share the larger quota of positions.
fn is_cribbage(kind: GameKind) -> bool {
    matches!(kind, GameKind::Cribbage | GameKind::Reverse)
}

/// Every game of the family has a table, and each table's rules deal the
/// game it is listed under.
#[test]
fn every_game_has_a_table_of_its_own() {
    let tables = tables();
    for kind in GameKind::ALL {
        assert!(
            tables.iter().any(|(k, _)| *k == kind),
            "{kind} has no table"
        );
    }
    for (kind, rules) in &tables {
        assert_eq!(AnyGame::new(rules, 1).unwrap().kind(), *kind, "{rules}");
    }
}

/// A decision's answer as the JSON the Node side compares: `{ action }` or
/// `{ error }`.
fn decision(game: &AnyGame, seat: usize, level: Level, seed: u32) -> Value {
    match game.decide(seat, level, u64::from(seed)) {
        Ok(action) => json!({ "action": action }),
        Err(err) => json!({ "error": err.to_string() }),
    }
}

/// One position: the save, the seat and everything the native library
/// answers for it.
fn position(game: &AnyGame, seat: usize, rng: &mut Rng, levels: &[(&str, Level)]) -> Value {
    let seed = (rng.next() >> 32) as u32;
    let mut decisions = serde_json::Map::new();
    for &(name, level) in levels {
        // The costly levels for some positions only.
        let costly = matches!(level, Level::Hard | Level::Expert);
        if costly && !rng.chance(if level == Level::Expert { 12 } else { 4 }) {
            continue;
        }
        decisions.insert(name.into(), decision(game, seat, level, seed));
    }
    let mut position = json!({
        "game": game.kind().name(),
        "save": game.to_json(),
        "seat": seat,
        "observation": game.observation_json(seat).unwrap(),
        "legal": game.legal_actions(),
        "events": game.events_json(0),
        "seed": seed,
        "decide": decisions,
    });
    if rng.chance(3) {
        let (name, level) = LEVELS[rng.below(4)];
        let analysis = match game.analysis_json(seat, level, u64::from(seed)) {
            Ok(text) => serde_json::from_str(&text).unwrap(),
            Err(err) => json!({ "error": err.to_string() }),
        };
        position["coach"] = json!({ "level": name, "analysis": analysis });
    }
    position
}

/// A review of the game so far, for every seat or one, at a level.
fn review(game: &AnyGame, rng: &mut Rng, game_number: u64) -> Value {
    let players = game.players();
    let seat = (game_number % 4 != 1).then(|| rng.below(players));
    let (name, level) = LEVELS[if game_number.is_multiple_of(2) {
        3
    } else {
        rng.below(3)
    }];
    let seed = (rng.next() >> 32) as u32;
    let seats: Vec<usize> = seat.into_iter().collect();
    let review = game.review_json(&seats, level, u64::from(seed)).unwrap();
    // Each side's chances through the game, where the engine has a model
    // of them (null elsewhere, as `chancesIfModelled` answers).
    let chances = game
        .chances_json()
        .ok()
        .map(|points| serde_json::from_str::<Value>(&points).unwrap());
    json!({
        "game": game.kind().name(),
        "save": game.to_json(),
        "seat": seat,
        "level": name,
        "seed": seed,
        "review": serde_json::from_str::<Value>(&review).unwrap(),
        "chances": chances,
    })
}

/// What the native side writes: the positions and reviews so far, and how
/// many games they came from.
#[derive(Default)]
struct Answers {
    positions: Vec<Value>,
    reviews: Vec<Value>,
    games: u64,
}

/// Plays random games at `tables`, in turn, until `quota` more positions
/// are taken from them.
fn play_tables(tables: &[&Value], quota: usize, rng: &mut Rng, answers: &mut Answers) {
    let goal = answers.positions.len() + quota;
    while answers.positions.len() < goal {
        let rules = tables[answers.games as usize % tables.len()];
        let game_number = answers.games;
        let mut game = AnyGame::new(rules, 1000 + game_number).unwrap();
        answers.games += 1;
        while let Some(seat) = game.to_act() {
            if answers.positions.len() >= goal {
                break;
            }
            let legal = game.legal_actions();
            // About one decision in six becomes a position (every one with
            // a choice, now and then).
            if (legal.len() > 1 && rng.chance(6)) || rng.chance(40) {
                answers.positions.push(position(&game, seat, rng, &LEVELS));
                // Now and then the same position for a seat that is not to
                // act: native refuses it, and so must the module, which is
                // given the save and the seat.
                if game.players() > 1 && rng.chance(10) {
                    let other = (seat + 1) % game.players();
                    let refused = position(&game, other, rng, &[LEVELS[0], LEVELS[3]]);
                    answers.positions.push(refused);
                }
            }
            let action = legal[rng.below(legal.len())].clone();
            game.apply(seat, &action).unwrap();
            // A review of the game so far for one game in three; every
            // other one of a game an undo took moves back in: its save
            // holds a `redraw` step, and the review must follow it.
            if game.action_count() == 40 && game_number % 3 == 1 {
                let mut reviewed = game.clone();
                if game_number % 6 == 1 {
                    let undone = rng.below(reviewed.players());
                    if reviewed.undo(undone).is_ok() {
                        for _ in 0..20 {
                            let (Some(s), Some(a)) =
                                (reviewed.to_act(), reviewed.legal_actions().first().cloned())
                            else {
                                break;
                            };
                            reviewed.apply(s, &a).unwrap();
                        }
                    }
                }
                answers.reviews.push(review(&reviewed, rng, game_number));
            }
        }
        // The whole of a finished game, now and then.
        if game.is_over() && game_number % 5 == 2 {
            answers.reviews.push(review(&game, rng, game_number));
        }
    }
}

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
    let tables = tables();
    let mut rng = Rng(0x0dd_ba11_cafe_f00d);
    let mut answers = Answers::default();
    // Cribbage's tables in turn, then each of the family's on its own.
    let cribbage: Vec<&Value> = tables
        .iter()
        .filter(|(kind, _)| is_cribbage(*kind))
        .map(|(_, rules)| rules)
        .collect();
    play_tables(&cribbage, wanted, &mut rng, &mut answers);
    for (_, rules) in tables.iter().filter(|(kind, _)| !is_cribbage(*kind)) {
        play_tables(&[rules], (wanted / 10).max(20), &mut rng, &mut answers);
    }
    let report = json!({
        "games": answers.games,
        "positions": answers.positions,
        "reviews": answers.reviews,
    });
    std::fs::write(&out, report.to_string()).unwrap();
}
