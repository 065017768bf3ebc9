//! The chances a player is shown are the win-probability model's: the
//! coach's, the review's and the chart's, through the library and through
//! the family's one interface (what the wasm handle and the page read).

use cribbage::ai::coach::{self, Analysis};
use cribbage::ai::review::{Unit, review};
use cribbage::ai::{Bot, Level, Player, discard, winprob};
use cribbage::family::{AnyGame, PlayError};
use cribbage::games::State as _;
use cribbage::games::cribbage::{Action, Game, Phase, Rules};
use cribbage::record::Session;

/// A whole two-player game between Medium players (quick, and they leave
/// Expert something to find), with its actions.
fn medium_game(seed: u64) -> Game {
    let mut game = Game::new(Rules::default(), seed);
    let mut bots = [
        Bot {
            level: Level::Medium,
            seed: 1,
        },
        Bot {
            level: Level::Medium,
            seed: 2,
        },
    ];
    while let Some(seat) = game.current_player() {
        let action = bots[seat].decide(&game.observation(seat)).unwrap();
        game.apply(action).unwrap();
    }
    game
}

/// Each reviewed decision's chances are the Expert coach's for the same
/// position and seed: the chosen option's, the best's, and what the choice
/// cost; every option priced as the coach prices it; the seat's sum of
/// chances lost is the sum over its decisions. The seed is the review's own,
/// as the page asks both the coach and the review with one: a review that
/// drew each decision's samples by `seed ^ index` priced a card otherwise
/// than the coach's hint had there, and marked the hint's card the mistake.
#[test]
fn the_review_prices_each_decision_as_the_coach_does() {
    let game = medium_game(11);
    let seed = 5;
    let reviewed = review(&game, &[0], Level::Expert, seed);
    assert!(
        reviewed.decisions.len() > 10,
        "{}",
        reviewed.decisions.len()
    );
    let mut replay = Game::new(game.rules(), game.seed());
    let mut next = reviewed.decisions.iter().peekable();
    let mut lost = 0.0;
    let mut priced = 0;
    for (index, action) in game.actions().iter().enumerate() {
        if let Some(decision) = next.next_if(|d| d.index == index) {
            let obs = replay.observation(decision.seat);
            let analysis = coach::analyze(&obs, Level::Expert, seed).unwrap();
            // (points, chance) of every option, best first, and the chosen one's.
            let (options, chosen): (Vec<(f64, Option<f64>)>, Option<f64>) = match &analysis {
                Analysis::Discard { options, .. } => (
                    options.iter().map(|o| (o.total, o.win_prob)).collect(),
                    options
                        .iter()
                        .find(|o| Action::Discard(o.discard) == *action)
                        .and_then(|o| o.win_prob),
                ),
                Analysis::Play { options, .. } => (
                    options.iter().map(|o| (o.value, o.win_prob)).collect(),
                    options
                        .iter()
                        .find(|o| Action::Play(o.card) == *action)
                        .and_then(|o| o.win_prob),
                ),
                _ => (Vec::new(), None),
            };
            let seen: Vec<(f64, Option<f64>)> = decision
                .options
                .iter()
                .map(|o| (o.points, o.chance))
                .collect();
            assert_eq!(seen, options, "decision {index}");
            if let Some(chances) = decision.chances {
                priced += 1;
                assert_eq!(decision.unit, Unit::WinChance);
                assert_eq!(Some(chances.chosen), chosen, "decision {index}");
                assert_eq!(Some(chances.best), options[0].1, "decision {index}");
                assert!((chances.lost - (chances.best - chances.chosen).max(0.0)).abs() < 1e-12);
                assert!((0.0..=1.0).contains(&chances.chosen));
                lost += chances.lost;
            }
        }
        replay.apply(action.clone()).unwrap();
    }
    assert!(next.next().is_none(), "every decision was met");
    // Two-player standard cribbage: Expert prices every discard and card
    // laid in chances, the muggins-free game has no other decision.
    assert_eq!(priced, reviewed.decisions.len());
    assert!((reviewed.chances_lost[0] - lost).abs() < 1e-9);
    assert_eq!(reviewed.chances_lost[1], 0.0, "seat 1 was not reviewed");
}

/// The coach's chance for each way to lay away is Expert's own (the figure
/// `discard_for_game`'s tests check against a slow walk through the
/// model), for the pone and the dealer, early and late in a game; and the
/// choices come ranked by it.
#[test]
fn the_coachs_discard_chances_are_experts() {
    let game = medium_game(12);
    let mut replay = Game::new(game.rules(), game.seed());
    let mut checked = 0;
    for action in game.actions() {
        let seat = replay.current_player().unwrap();
        if replay.phase() == Phase::Discard {
            let obs = replay.observation(seat);
            let Analysis::Discard { options, .. } = coach::analyze(&obs, Level::Expert, 3).unwrap()
            else {
                panic!("a discard to analyse");
            };
            let expert = discard::options(&obs, Level::Expert);
            assert_eq!(options.len(), 15);
            for option in &options {
                let mine = expert.iter().find(|o| o.discard == option.discard).unwrap();
                assert_eq!(option.win_prob, mine.win_prob);
                assert!(option.win_prob.is_some_and(|p| (0.0..=1.0).contains(&p)));
            }
            assert!(
                options
                    .windows(2)
                    .all(|w| w[0].win_prob.unwrap() >= w[1].win_prob.unwrap()),
                "best first by the chance"
            );
            checked += 1;
        }
        replay.apply(action.clone()).unwrap();
    }
    assert!(checked >= 10, "{checked} discards");
}

/// The chances through a game, through the family's one interface (what
/// `winChances` returns to the page), are the model's history of it: each
/// point's two chances add up to one, the last point is the result, and
/// each hand's first point is the model's chance at the deal.
#[test]
fn the_chances_through_a_game_reach_the_page_as_the_model_has_them() {
    let game = medium_game(13);
    let history = winprob::history(&game).unwrap();
    let mut session = Session::new(Game::new(game.rules(), game.seed()));
    for action in game.actions() {
        session.apply(action.clone()).unwrap();
    }
    let any = AnyGame::from_json(&session.to_json()).unwrap();
    let json: serde_json::Value = serde_json::from_str(&any.chances_json().unwrap()).unwrap();
    // The same points, the chances to the last digit JSON keeps.
    let points = json.as_array().unwrap();
    assert_eq!(points.len(), history.len());
    for (point, model) in points.iter().zip(&history) {
        let chance = |seat: usize| point["chances"][seat].as_f64().unwrap();
        assert!((chance(0) - model.chances[0]).abs() < 1e-12);
        assert!((chance(1) - model.chances[1]).abs() < 1e-12);
        let mut without = point.clone();
        without["chances"] = serde_json::Value::Null;
        let mut expected = serde_json::to_value(model).unwrap();
        expected["chances"] = serde_json::Value::Null;
        assert_eq!(without, expected);
    }
    let model = winprob::model();
    for point in &history {
        assert!((point.chances[0] + point.chances[1] - 1.0).abs() < 1e-9);
        // The pone, who counts first, is named: the seat that does not deal.
        assert_eq!(point.pone, 1 - point.dealer);
        if point.stage == winprob::Stage::Deal && point.scores.iter().all(|&s| s < 121) {
            let dealer = point.dealer;
            let to_go = |seat: usize| 121 - i32::from(point.scores[seat]);
            let expected =
                model.chances(winprob::Stage::Deal, to_go(dealer), to_go(1 - dealer), true);
            assert!((point.chances[dealer] - expected).abs() < 1e-9);
        }
    }
    let last = history.last().unwrap();
    let winner = usize::from(last.scores[1] >= 121);
    assert_eq!(last.chances[winner], 1.0);
}

/// Chances are asked only of the game the model is of: three players,
/// reverse cribbage and the other games of the family are refused in words,
/// and the game is left as it was.
#[test]
fn chances_are_refused_where_there_is_no_model() {
    let refused = |rules: serde_json::Value| {
        let any = AnyGame::new(&rules, 7).unwrap();
        let before = any.to_json();
        let err = any.chances_json().unwrap_err();
        assert_eq!(err, PlayError::NoChances);
        assert_eq!(any.to_json(), before);
        err.to_string()
    };
    let words = refused(serde_json::json!({ "players": 3 }));
    assert_eq!(words, "chances are for two-player standard cribbage only");
    refused(serde_json::json!({ "game": "reverse" }));
    refused(serde_json::json!({ "game": "noddy" }));
    refused(serde_json::json!({ "game": "costly-colours" }));
    // A new game of two-player standard cribbage has its first point.
    let fresh = AnyGame::new(&serde_json::json!({}), 7).unwrap();
    let points: serde_json::Value = serde_json::from_str(&fresh.chances_json().unwrap()).unwrap();
    assert!(points.as_array().is_some());
}
