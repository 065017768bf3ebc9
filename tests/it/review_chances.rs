//! What the page's chances need from the engine (issue 26 item 4): the
//! review prices each option in its parts (hand, crib, pegging, or what a
//! card scores now) and in chances, and says what each side needed to go
//! out; the coach says what the seat's side needs; the chances of a game
//! the engine has no model for are refused as such.

use cribbage::ai::coach::{self, Analysis};
use cribbage::ai::review::{Unit, review};
use cribbage::ai::{Bot, Level, Player};
use cribbage::family::{AnyGame, PlayError};
use cribbage::games::State as _;
use cribbage::games::cribbage::{Counting, Game, MatchFormat, Phase, Rules};
use serde_json::json;

/// A two-player game to 61 played by Easy (seat 0) and Hard for `actions`
/// actions (or to its end).
fn played(seed: u64, actions: usize) -> Game {
    let rules = Rules::new(2, 61, Counting::Automatic, MatchFormat::Single).unwrap();
    let mut game = Game::new(rules, seed);
    let mut bots = [
        Bot {
            level: Level::Easy,
            seed: 1,
        },
        Bot {
            level: Level::Hard,
            seed: 2,
        },
    ];
    for _ in 0..actions {
        let Some(seat) = game.current_player() else {
            break;
        };
        let action = bots[seat].decide(&game.observation(seat)).unwrap();
        game.apply(action).unwrap();
    }
    game
}

/// Expert's review of a standard two-player game prices every discard in
/// chances and in its parts, the best option's chance less the one chosen
/// is the chance lost, and each decision says what each side needed.
#[test]
fn the_review_prices_choices_in_parts_and_chances() {
    let game = played(5, 70);
    let reviewed = review(&game, &[0], Level::Expert, 3);
    let mut discards = 0;
    let mut plays = 0;
    for d in &reviewed.decisions {
        assert_eq!(d.to_go.len(), 2);
        for side in 0..2 {
            assert_eq!(d.to_go[side], 61 - d.position.scores[side], "{d:?}");
        }
        match d.phase {
            Phase::Discard => {
                discards += 1;
                let chances = d.chances.expect("a discard priced in chances");
                assert_eq!(d.unit, Unit::WinChance);
                let best = &d.options[0];
                assert_eq!(best.chance, Some(chances.best));
                let mine = d
                    .options
                    .iter()
                    .find(|o| o.action == d.chosen)
                    .expect("the choice among the options");
                assert_eq!(mine.chance, Some(chances.chosen));
                assert!((chances.lost - (chances.best - chances.chosen).max(0.0)).abs() < 1e-12);
                for o in &d.options {
                    let (hand, crib) = (o.hand.unwrap(), o.crib.unwrap());
                    let parts = hand + crib + o.pegging.unwrap_or(0.0);
                    assert!((parts - o.points).abs() < 1e-9, "{o:?}");
                    assert_eq!(o.now, None);
                }
            }
            Phase::Play => {
                plays += 1;
                for o in &d.options {
                    assert!(o.now.is_some() && o.hand.is_none() && o.crib.is_none());
                }
            }
            _ => {}
        }
    }
    assert!(
        discards >= 2 && plays >= 2,
        "{discards} discards, {plays} plays"
    );
    let json = serde_json::to_value(&reviewed).unwrap();
    let first = &json["decisions"][0];
    assert!(first["to_go"].is_array() && first["options"][0]["hand"].is_number());
}

/// The coach's analysis says what the seat's side needs to go out.
#[test]
fn the_coach_says_what_the_side_needs() {
    let mut game = played(9, 40);
    while game.current_player().is_some_and(|seat| {
        let phase = game.observation(seat).phase;
        phase != Phase::Discard && phase != Phase::Play
    }) {
        let seat = game.current_player().unwrap();
        let action = Bot {
            level: Level::Easy,
            seed: 1,
        }
        .decide(&game.observation(seat))
        .unwrap();
        game.apply(action).unwrap();
    }
    let seat = game.current_player().unwrap();
    let obs = game.observation(seat);
    let expected = 61 - obs.scores[obs.side].front;
    match coach::analyze(&obs, Level::Expert, 1).unwrap() {
        Analysis::Discard { to_go, .. } | Analysis::Play { to_go, .. } => {
            assert_eq!(to_go, expected);
        }
        other => panic!("a discard or a play, not {other:?}"),
    }
}

/// Chances are the model's for two-player standard cribbage; any other
/// game or table is refused with `NoChances` (which the page's
/// `chancesIfModelled` turns into `null`).
#[test]
fn chances_only_where_the_model_applies() {
    let two = AnyGame::new(&json!({ "players": 2 }), 4).unwrap();
    let points: serde_json::Value = serde_json::from_str(&two.chances_json().unwrap()).unwrap();
    assert!(points.as_array().is_some_and(|p| !p.is_empty()));
    for rules in [
        json!({ "players": 3 }),
        json!({ "game": "reverse" }),
        json!({ "game": "noddy" }),
    ] {
        let game = AnyGame::new(&rules, 4).unwrap();
        assert!(
            matches!(game.chances_json(), Err(PlayError::NoChances)),
            "{rules}"
        );
    }
}

/// Each point of a game's chances says what was pegged to reach it: the
/// first deal nothing, a run of the play, a hand or the crib; the last what
/// took the winner out.
#[test]
fn each_point_of_the_chances_says_what_came_before_it() {
    let game = played(21, 10_000);
    assert!(game.current_player().is_none(), "the game is over");
    let points: serde_json::Value =
        serde_json::to_value(cribbage::ai::winprob::history(&game).unwrap()).unwrap();
    let points = points.as_array().unwrap();
    assert_eq!(points[0]["after"], "start");
    for pair in points.windows(2) {
        let (before, now) = (&pair[0], &pair[1]);
        let expected = match now["stage"].as_str().unwrap() {
            "deal" => "crib",
            "play" | "pone_count" => "play",
            "dealer_count" => "pone_hand",
            "crib_count" => "dealer_hand",
            other => panic!("{other}"),
        };
        if now == points.last().unwrap() {
            // The game's end: the count that took the winner out.
            let winner = usize::from(now["chances"][0] == 0.0);
            assert!(now["scores"][winner].as_u64().unwrap() >= 61);
            assert!(before["scores"][winner].as_u64().unwrap() < 61);
        } else {
            assert_eq!(now["after"], expected, "{now}");
        }
    }
}
