//! `family::AnyGame`, the one door every generic layer goes through: each
//! game of the family made from its rules (its defaults filling what is
//! left out), played by its computer players through action text, saved
//! and restored, its values naming it; and bad input refused in order,
//! the game left as it was.

use cribbage::ai::Level;
use cribbage::family::{AnyGame, NewGameError, PlayError};
use cribbage::games::GameKind;
use cribbage::games::State as _;
use serde_json::{Value, json};

/// The rules object that deals a default game of `kind`.
fn rules_of(kind: GameKind) -> Value {
    json!({ "game": kind.name() })
}

/// What the engine says of a two-player game with no skunk (Noddy, Costly
/// Colours) so the page never has to know it: each seat's side in every
/// observation, seat by seat, and that the finished game was no skunk, in
/// the end's own event. Played from seed 7 at its default rules, the first
/// legal action each time; each game's own test calls it.
pub(crate) fn check_sides_named_and_no_skunk(kind: GameKind) {
    let mut game = AnyGame::new(&rules_of(kind), 7).unwrap();
    while !game.is_over() {
        for seat in 0..2 {
            let obs: Value = serde_json::from_str(&game.observation_json(seat).unwrap()).unwrap();
            assert_eq!(obs["sides"], json!([0, 1]), "{kind:?}");
        }
        let seat = game.to_act().unwrap();
        let action = game.legal_actions()[0].clone();
        game.apply(seat, &action).unwrap();
    }
    let events: Value = serde_json::from_str(&game.events_json(0)).unwrap();
    let end = events.as_array().unwrap().last().unwrap();
    assert_eq!(end["type"], "game_over", "{end}");
    assert_eq!(end["skunk"], "none", "{end}");
}

/// A value's name for its game, read by a derive that refuses a field
/// written twice (a JSON map would keep the last quietly).
#[derive(Debug, serde::Deserialize)]
#[allow(dead_code)]
struct NamedOnce {
    game: String,
}

#[test]
fn every_game_is_made_played_saved_and_restored_through_the_one_door() {
    assert_eq!(AnyGame::built(), GameKind::ALL.to_vec());
    for kind in GameKind::ALL {
        let mut game = AnyGame::new(&rules_of(kind), 11).unwrap();
        assert_eq!(game.kind(), kind);
        // The rules name the game, and deal the same game again.
        let rules: Value = serde_json::from_str(&game.rules_json()).unwrap();
        assert_eq!(rules["game"], kind.name());
        let again = AnyGame::new(&rules, 11).unwrap();
        assert_eq!(again.to_json(), game.to_json());
        let mut moves = 0;
        while let Some(seat) = game.to_act() {
            let obs: Value = serde_json::from_str(&game.observation_json(seat).unwrap()).unwrap();
            assert_eq!(obs["game"], kind.name(), "the observation names its game");
            let action = game.decide(seat, Level::Easy, moves).unwrap();
            assert!(game.legal_actions().contains(&action), "{kind}: {action}");
            if moves == 3 {
                let analysis: Value =
                    serde_json::from_str(&game.analysis_json(seat, Level::Medium, 1).unwrap())
                        .unwrap();
                assert_eq!(analysis["game"], kind.name(), "the analysis names its game");
            }
            let first = game.apply(seat, &action).unwrap();
            assert!(first <= game.event_count());
            moves += 1;
            // Half way, the save restores to the same game.
            if moves == 5 {
                let back = AnyGame::from_json(&game.to_json()).unwrap();
                assert_eq!(back.to_json(), game.to_json(), "{kind}");
                assert_eq!(back.events_json(0), game.events_json(0), "{kind}");
            }
            assert!(moves < 2_000, "{kind} ends");
        }
        assert!(game.is_over() && game.outcome().is_some(), "{kind}");
        let review_text = game.review_json(&[], Level::Easy, 1).unwrap();
        let review: Value = serde_json::from_str(&review_text).unwrap();
        assert_eq!(review["game"], kind.name(), "the review names its game");
        let once: Result<NamedOnce, _> = serde_json::from_str(&review_text);
        assert!(
            once.is_ok(),
            "{kind}: the review names its game once: {once:?}"
        );
        assert_eq!(game.event_lines().len(), game.event_count());
        assert!(!game.tell().is_empty());
    }
}

#[test]
fn options_left_out_take_the_game_s_defaults_and_the_rules_must_agree() {
    let game = AnyGame::new(&json!({ "players": 3 }), 1).unwrap();
    let rules: Value = serde_json::from_str(&game.rules_json()).unwrap();
    assert_eq!(
        rules,
        json!({ "game": "cribbage", "players": 3, "target": 121, "counting": "automatic", "match": "single" })
    );
    let reverse = AnyGame::new(&json!({ "game": "reverse", "target": 61 }), 1).unwrap();
    assert_eq!(reverse.kind(), GameKind::Reverse);
    // Reverse cribbage's goal without its name is reverse cribbage too.
    let unnamed = AnyGame::new(&json!({ "goal": "avoid" }), 1).unwrap();
    assert_eq!(unnamed.kind(), GameKind::Reverse);
    // Four at Table Top begun today are seated by the draw: the number at
    // the table changes what its seating means when left out (a save of
    // four that names none was played before the draw, seated as fixed).
    let four = AnyGame::new(&json!({ "game": "table-top", "players": 4 }), 1).unwrap();
    assert_eq!(four.players(), 4);
    let rules: Value = serde_json::from_str(&four.rules_json()).unwrap();
    assert_eq!(
        rules,
        json!({ "game": "table-top", "players": 4, "seating": "drawn" })
    );
    let fixed = AnyGame::new(
        &json!({ "game": "table-top", "players": 4, "seating": "fixed" }),
        1,
    )
    .unwrap();
    assert!(fixed.rules_json().contains(r#""seating":"fixed""#));
    let two = AnyGame::new(&json!({ "game": "table-top" }), 1).unwrap();
    assert_eq!(two.rules_json(), r#"{"game":"table-top","players":2}"#);
    let cribbage_four = AnyGame::new(&json!({ "players": 4 }), 1).unwrap();
    assert_eq!(cribbage_four.players(), 4);

    let refused = |rules: Value| AnyGame::new(&rules, 1).unwrap_err();
    assert_eq!(refused(json!("noddy")), NewGameError::NotAnObject);
    assert_eq!(refused(json!({ "game": 3 })), NewGameError::GameNotText);
    assert!(
        refused(json!({ "game": "chess" }))
            .to_string()
            .contains("\"chess\" is not a game")
    );
    assert_eq!(
        refused(json!({ "game": "cribbage", "goal": "avoid" })).to_string(),
        "the rules name Cribbage but describe Reverse cribbage"
    );
    assert_eq!(
        refused(json!({ "game": "noddy", "players": 2 })).to_string(),
        "the rules of Noddy: unknown field `players`, there are no fields"
    );
    assert_eq!(
        refused(json!({ "game": "table-top", "players": 3 })).to_string(),
        "the rules of Table Top Cribbage: Table Top Cribbage is for 2 or 4 players, not 3"
    );
    assert_eq!(
        refused(json!({ "game": "table-top", "players": 2, "seating": "drawn" })).to_string(),
        "the rules of Table Top Cribbage: a seating is for four players' partnerships, not for 2 players"
    );
    assert_eq!(
        refused(json!({ "players": 5 })).to_string(),
        "the rules of Cribbage: 5 players: the game is for 2, 3 or 4"
    );
}

#[test]
fn a_bad_seat_text_turn_or_move_is_refused_in_that_order_and_changes_nothing() {
    let mut game = AnyGame::new(&rules_of(GameKind::Noddy), 4).unwrap();
    let seat = game.to_act().unwrap();
    let other = 1 - seat;
    let before = game.to_json();
    assert_eq!(
        game.apply(2, "play 5H"),
        Err(PlayError::NoSuchSeat {
            seat: 2,
            players: 2
        })
    );
    // A typing mistake is one, whoever's turn it is.
    assert!(matches!(
        game.apply(other, "plya 5H"),
        Err(PlayError::NotAnAction(_))
    ));
    let legal = game.legal_actions();
    assert_eq!(
        game.apply(other, &legal[0]),
        Err(PlayError::NotYourTurn {
            seat: other,
            to_act: seat
        })
    );
    assert_eq!(
        game.apply(other, &legal[0]).unwrap_err().to_string(),
        format!("it is seat {seat}'s turn, not seat {other}'s")
    );
    let held: Value = serde_json::from_str(&game.observation_json(seat).unwrap()).unwrap();
    let not_held = ["AS", "AH", "AD", "AC", "2S"]
        .into_iter()
        .find(|c| !held["hand"].as_array().unwrap().iter().any(|h| h == c))
        .unwrap();
    assert!(matches!(
        game.apply(seat, &format!("play {not_held}")),
        Err(PlayError::Illegal(_))
    ));
    assert!(game.decide(other, Level::Easy, 1).is_err());
    assert!(game.analysis_json(other, Level::Easy, 1).is_err());
    assert!(game.observation_json(9).is_err());
    assert!(game.review_json(&[7], Level::Easy, 1).is_err());
    assert_eq!(game.to_json(), before, "nothing moved");
    // Played out, nobody is to act.
    while let Some(seat) = game.to_act() {
        let action = game.legal_actions()[0].clone();
        game.apply(seat, &action).unwrap();
    }
    assert_eq!(game.decide(0, Level::Easy, 1), Err(PlayError::Over));
}

#[test]
fn a_match_plays_table_top_s_four_by_the_sides_the_draw_made() {
    use cribbage::ai::game::Game as _;
    use cribbage::games::table_top::{Game, Rules};
    // Some deal of four partners seats 0 and 1 (not seats of one parity):
    // a match must ask the game, not the seats' parity.
    let mut by_draw = 0;
    for seed in 0..40 {
        let game = Game::new(Rules::new(4).unwrap(), seed);
        for seat in 0..4 {
            assert_eq!(game.seat_side(seat), game.side_of(seat), "seed {seed}");
        }
        by_draw += usize::from((0..4).any(|seat| game.side_of(seat) != seat % 2));
    }
    assert!(by_draw > 0, "the draw seats partners other than by parity");
}

/// The page draws every grid game from one form of a cell (its number, row
/// by row from the top left) in the moves, the analysis and the events, and
/// every game laid out on the table hands over its peg board (`board`) and
/// what the page must not work out itself (Cribbage Solitaire's crib).
#[test]
fn grid_cells_are_numbers_and_the_layout_games_name_their_board() {
    for (kind, side, target, win, runs_on) in [
        (GameKind::SquareSolitaire, 4, 61, 61, true),
        (GameKind::TableTop, 5, 121, 121, false),
        (GameKind::Solitaire, 0, 121, 81, true),
    ] {
        let mut game = AnyGame::new(&rules_of(kind), 3).unwrap();
        let mut moves = 0;
        while let Some(seat) = game.to_act() {
            let obs: Value = serde_json::from_str(&game.observation_json(seat).unwrap()).unwrap();
            assert_eq!(
                obs["board"],
                json!({ "target": target, "win": win, "runs_on": runs_on }),
                "{kind}"
            );
            if kind == GameKind::Solitaire {
                assert_eq!(obs["crib"], 2, "two cards lie face down while laying away");
                assert_eq!(obs["deals"], 6);
            }
            for m in obs["moves"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|m| m["kind"] == "place")
            {
                let cell = m["cell"].as_u64().unwrap_or_else(|| panic!("{kind}: {m}"));
                assert!(cell < side * side, "{kind}: {m}");
                if let (Some(row), Some(col)) = (m["row"].as_u64(), m["col"].as_u64()) {
                    assert_eq!(cell, row * side + col, "{kind}: {m}");
                }
            }
            if moves == 2 {
                let analysis: Value =
                    serde_json::from_str(&game.analysis_json(seat, Level::Easy, 1).unwrap())
                        .unwrap();
                for o in analysis["options"].as_array().unwrap() {
                    if let Some(cell) = o.get("cell") {
                        assert!(cell.is_u64(), "{kind}: {o}");
                    }
                }
            }
            let action = game.decide(seat, Level::Easy, moves).unwrap();
            game.apply(seat, &action).unwrap();
            moves += 1;
        }
        let events: Value = serde_json::from_str(&game.events_json(0)).unwrap();
        let placed: Vec<&Value> = events
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["type"] == "placed")
            .collect();
        assert_eq!(placed.is_empty(), kind == GameKind::Solitaire, "{kind}");
        assert!(placed.iter().all(|e| e["cell"].is_u64()), "{kind}");
        if kind == GameKind::Solitaire {
            let deals = events
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["type"] == "deal");
            assert!(
                deals.into_iter().all(|e| e["crib"] == 2),
                "each deal lays two in the crib"
            );
        }
        let over: Value = serde_json::from_str(&game.observation_json(0).unwrap()).unwrap();
        if kind == GameKind::Solitaire {
            assert_eq!(over["crib"], 0, "the crib is counted and gone");
        }
    }
}

/// Whether `line` is a row or column in the one form every grid game gives
/// it (`{"line":"row","index":0}`), within a grid of `side`.
fn is_line(line: &Value, side: u64) -> bool {
    let keys: Vec<&String> = line
        .as_object()
        .map(|o| o.keys().collect())
        .unwrap_or_default();
    keys.len() == 2
        && ["row", "column"].contains(&line["line"].as_str().unwrap_or(""))
        && line["index"].as_u64().is_some_and(|i| i < side)
}

/// Square Solitaire and Table Top name a row or column in one form, in the
/// observation's running lines, the final count and the events, so the
/// page reads a line one way (issue 23: one form for a line).
#[test]
fn the_grid_games_name_a_line_in_one_form() {
    assert!(is_line(&json!({ "line": "column", "index": 3 }), 4));
    assert!(!is_line(&json!("row 1"), 4));
    assert!(!is_line(&json!({ "line": "row", "index": 4 }), 4));
    for (kind, side) in [(GameKind::SquareSolitaire, 4), (GameKind::TableTop, 5)] {
        let mut game = AnyGame::new(&rules_of(kind), 5).unwrap();
        let mut moves = 0;
        while let Some(seat) = game.to_act() {
            let obs: Value = serde_json::from_str(&game.observation_json(seat).unwrap()).unwrap();
            let lines = obs["lines"].as_array().unwrap();
            assert_eq!(lines.len() as u64, 2 * side, "{kind}");
            for l in lines {
                assert!(is_line(&l["line"], side), "{kind}: {l}");
            }
            let action = game.decide(seat, Level::Easy, moves).unwrap();
            game.apply(seat, &action).unwrap();
            moves += 1;
        }
        let over: Value = serde_json::from_str(&game.observation_json(0).unwrap()).unwrap();
        for l in over["count"]["lines"].as_array().into_iter().flatten() {
            assert!(is_line(&l["line"], side), "{kind}: {l}");
        }
        let events: Value = serde_json::from_str(&game.events_json(0)).unwrap();
        let mut named = 0;
        for e in events.as_array().unwrap() {
            // Square Solitaire's line_counted holds its line in the count;
            // Table Top's counted and peg events name it themselves.
            for line in [&e["count"]["line"], &e["line"], &e["reason"]["line"]] {
                if !line.is_null() {
                    assert!(is_line(line, side), "{kind}: {e}");
                    named += 1;
                }
            }
        }
        assert!(
            named >= 2 * side as usize,
            "{kind}: every line counted names it"
        );
    }
}

/// Both three-card games hand the page every card laid this hand as
/// `played` (Noddy's one series is its pile), so the page reads them alike.
#[test]
fn the_three_card_games_name_every_card_laid_alike() {
    for kind in [GameKind::Noddy, GameKind::CostlyColours] {
        let mut game = AnyGame::new(&rules_of(kind), 8).unwrap();
        let mut laid_seen = false;
        for moves in 0..200 {
            let Some(seat) = game.to_act() else { break };
            let obs: Value = serde_json::from_str(&game.observation_json(seat).unwrap()).unwrap();
            let played = obs["played"]
                .as_array()
                .unwrap_or_else(|| panic!("{kind}: {obs}"));
            let pile = obs["pile"].as_array().unwrap();
            assert!(played.len() >= pile.len(), "{kind}");
            if kind == GameKind::Noddy {
                assert_eq!(played, pile, "Noddy's one series is every card laid");
            }
            laid_seen |= !played.is_empty();
            let action = game.decide(seat, Level::Easy, moves).unwrap();
            game.apply(seat, &action).unwrap();
        }
        assert!(laid_seen, "{kind}: a card was laid");
    }
}

/// The games laid out on the table hand over the facts a page would
/// otherwise key by the game's name in one form (issue 23, item 5): every
/// seat's side and the order of play, each side's pegs, the card on show
/// to be placed under one name (`card`), and whether the board's score
/// runs on past its end. Table Top's two or four seats race to 121, where
/// a peg stops; a solitaire's one seat scores a deal that may pass its
/// board's end.
#[test]
fn the_layout_games_give_sides_order_scores_and_the_card_in_one_form() {
    for (rules, seats) in [
        (json!({ "game": "square-solitaire" }), 1),
        (json!({ "game": "solitaire" }), 1),
        (json!({ "game": "table-top" }), 2),
        (json!({ "game": "table-top", "players": 4 }), 4),
    ] {
        let mut game = AnyGame::new(&rules, 5).unwrap();
        let mut moves = 0;
        let mut shown = 0;
        loop {
            let seat = game.to_act();
            let obs: Value =
                serde_json::from_str(&game.observation_json(seat.unwrap_or(0)).unwrap()).unwrap();
            let sides = obs["sides"]
                .as_array()
                .unwrap_or_else(|| panic!("{rules}: sides"));
            assert_eq!(sides.len(), seats, "{rules}: a side for every seat");
            let mut order: Vec<u64> = obs["order"]
                .as_array()
                .unwrap_or_else(|| panic!("{rules}: order"))
                .iter()
                .map(|s| s.as_u64().unwrap())
                .collect();
            assert_eq!(order[0], 0, "{rules}: the order starts at seat 0");
            order.sort_unstable();
            assert_eq!(order, (0..seats as u64).collect::<Vec<_>>(), "{rules}");
            let scores = obs["scores"]
                .as_array()
                .unwrap_or_else(|| panic!("{rules}: scores"));
            let distinct: std::collections::BTreeSet<u64> =
                sides.iter().map(|s| s.as_u64().unwrap()).collect();
            assert_eq!(scores.len(), distinct.len(), "{rules}: pegs for every side");
            for pegs in scores {
                assert!(pegs["rear"].as_u64().unwrap() <= pegs["front"].as_u64().unwrap());
            }
            assert!(
                obs.get("turned").is_none_or(|t| t.is_array()),
                "{rules}: `card` names the card on show"
            );
            let card = obs.get("card").unwrap_or_else(|| panic!("{rules}: card"));
            assert_eq!(obs["board"]["runs_on"], seats == 1, "{rules}");
            if seats == 1 {
                // The one seat's pegs are its score.
                assert_eq!(scores[0]["front"], obs["score"], "{rules}");
            }
            // Every layout game names its winner, none while it is played.
            assert!(
                seat.is_none() || obs["winner"].is_null(),
                "{rules}: no winner before the end"
            );
            // The card on show is the one every place move puts down.
            if obs["moves"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["kind"] == "place")
            {
                assert!(card.is_string(), "{rules}: a card to place");
                shown += 1;
            } else if obs["game"] == "solitaire" {
                assert!(card.is_null(), "{rules}: cards are laid away, none placed");
            }
            let Some(seat) = seat else { break };
            let action = game.decide(seat, Level::Easy, moves).unwrap();
            game.apply(seat, &action).unwrap();
            moves += 1;
        }
        assert_eq!(shown > 0, rules["game"] != "solitaire", "{rules}");
        let over: Value = serde_json::from_str(&game.observation_json(0).unwrap()).unwrap();
        let fronts: Vec<u64> = over["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["front"].as_u64().unwrap())
            .collect();
        if seats > 1 {
            // The engine keeps the points made; the board (`runs_on` false)
            // stops the winner's peg in the game hole.
            let winner = over["winner"].as_u64().unwrap() as usize;
            assert!(
                fronts[winner] >= 121,
                "{rules}: the winner reached 121, {fronts:?}"
            );
        } else {
            // A solitaire's one side wins by reaching the win, and a deal
            // that falls short has no winner.
            let won = fronts[0] >= over["board"]["win"].as_u64().unwrap();
            assert_eq!(
                over["winner"],
                if won { json!(0) } else { Value::Null },
                "{rules}"
            );
        }
    }
}

/// A solitaire names its winner as Table Top does: side 0 when the game
/// ends with the win reached, none when it ends short of it, so a page
/// reads the result rather than comparing a score with the win itself.
/// Played until both endings have been seen.
#[test]
fn a_solitaire_names_its_winner_when_the_win_is_reached_and_none_short_of_it() {
    for game in ["square-solitaire", "solitaire"] {
        let (mut won, mut short) = (false, false);
        for seed in 1..=40u64 {
            let level = if seed % 2 == 0 {
                Level::Expert
            } else {
                Level::Easy
            };
            let mut play = AnyGame::new(&json!({ "game": game }), seed).unwrap();
            let mut moves = 0;
            while let Some(seat) = play.to_act() {
                let obs: Value =
                    serde_json::from_str(&play.observation_json(seat).unwrap()).unwrap();
                assert!(
                    obs["winner"].is_null(),
                    "{game} seed {seed}: a winner mid-game"
                );
                let action = play.decide(seat, level, moves).unwrap();
                play.apply(seat, &action).unwrap();
                moves += 1;
            }
            let over: Value = serde_json::from_str(&play.observation_json(0).unwrap()).unwrap();
            let reached = over["score"].as_u64().unwrap() >= over["win"].as_u64().unwrap();
            let expected = if reached { json!(0) } else { Value::Null };
            assert_eq!(over["winner"], expected, "{game} seed {seed}: {over}");
            won |= reached;
            short |= !reached;
            if won && short {
                break;
            }
        }
        assert!(
            won && short,
            "{game}: both endings seen (won {won}, short {short})"
        );
    }
}

/// Every game's review says what its target is for (`goal`), so the page
/// words a review's reasons from the rules, not from the game's name; each
/// reviewed decision names its seat; and the layout games' reviewed
/// decisions each say what they are (`kind`, as the game's moves name it:
/// `lay` two cards away, or `place` a card).
#[test]
fn every_review_names_its_goal_and_seats_and_the_layout_reviews_their_decisions() {
    for (rules, goal, kind) in [
        (json!({ "game": "cribbage" }), "reach", None),
        (json!({ "game": "reverse" }), "avoid", None),
        (json!({ "game": "noddy" }), "reach", None),
        (json!({ "game": "costly-colours" }), "reach", None),
        (
            json!({ "game": "square-solitaire" }),
            "reach",
            Some("place"),
        ),
        (json!({ "game": "solitaire" }), "reach", Some("lay")),
        (json!({ "game": "table-top" }), "reach", Some("place")),
    ] {
        let mut game = AnyGame::new(&rules, 8).unwrap();
        let mut moves = 0;
        while let Some(seat) = game.to_act() {
            let action = game.decide(seat, Level::Easy, moves).unwrap();
            game.apply(seat, &action).unwrap();
            moves += 1;
        }
        let review: Value =
            serde_json::from_str(&game.review_json(&[], Level::Easy, 1).unwrap()).unwrap();
        // Every decision names the seat that made it, a solitaire's too (seat 0).
        for d in review["decisions"].as_array().unwrap() {
            assert!(d["seat"].is_u64(), "{rules}: {d}");
        }
        if let Some(kind) = kind {
            let decisions = review["decisions"].as_array().unwrap();
            assert!(!decisions.is_empty(), "{rules}");
            assert!(
                decisions.iter().all(|d| d["kind"] == kind),
                "{rules}: {kind}"
            );
        } else {
            assert_eq!(review["goal"], goal, "{rules}");
        }
    }
}

#[test]
fn a_save_names_its_game_from_its_first_fields_before_any_module_restores_it() {
    for kind in GameKind::ALL {
        let save = AnyGame::new(&rules_of(kind), 3).unwrap().to_json();
        assert_eq!(AnyGame::saved_game(&save).unwrap(), kind);
    }
    // A format-1 save names no game: it is standard cribbage.
    let old = r#"{"v":1,"rules":{"players":2,"target":121},"seed":"5","actions":[]}"#;
    assert_eq!(AnyGame::saved_game(old).unwrap(), GameKind::Cribbage);
    // The rest of the save is not read: a broken Noddy is still Noddy (its
    // restore says what is wrong), whichever build is asked.
    let broken =
        r#"{"v":3,"game":"noddy","rules":{"game":"noddy"},"seed":"5","actions":["bogus"]}"#;
    assert_eq!(AnyGame::saved_game(broken).unwrap(), GameKind::Noddy);
    assert!(AnyGame::from_json(broken).is_err());
    for bad in [
        "{not json",
        "[]",
        r#"{"v":99,"game":"noddy"}"#,
        r#"{"v":3}"#,
        r#"{"v":3,"game":"chess"}"#,
    ] {
        assert!(AnyGame::saved_game(bad).is_err(), "{bad}");
    }
    assert!(
        AnyGame::saved_game(&" ".repeat(4 << 20)).is_err(),
        "far too large"
    );
}

#[test]
fn a_saved_step_the_rules_refuse_is_named_with_its_text_and_why() {
    for kind in [
        GameKind::Cribbage,
        GameKind::TableTop,
        GameKind::SquareSolitaire,
    ] {
        let mut game = AnyGame::new(&rules_of(kind), 5).unwrap();
        for moves in 0..2 {
            let seat = game.to_act().unwrap();
            let action = game.decide(seat, Level::Easy, moves).unwrap();
            game.apply(seat, &action).unwrap();
        }
        // The second step made the first again: well written, but its
        // cards are gone or its cell is taken.
        let mut save: Value = serde_json::from_str(&game.to_json()).unwrap();
        let first = save["actions"][0].as_str().unwrap().to_string();
        save["actions"][1] = json!(first);
        let error = AnyGame::from_json(&save.to_string())
            .unwrap_err()
            .to_string();
        let named =
            format!("the saved game cannot be replayed: move 2 (\"{first}\") is not allowed: ");
        assert!(error.starts_with(&named), "{kind}: {error}");
        assert!(
            error.len() > named.len(),
            "{kind}: the rules' reason follows: {error}"
        );
    }
}

/// Each side's score as `board` shows it: as made where the board runs on
/// (a solitaire's), else stopped in the game hole (a race's; cribbage's,
/// Noddy's and Costly Colours' boards are races and say nothing of it).
fn as_the_board_shows(front: u64, board: &Value) -> u64 {
    if board["runs_on"] == json!(true) {
        front
    } else {
        front.min(board["target"].as_u64().expect("a board's target"))
    }
}

/// A game's final scores as its end says them: as its board shows them,
/// unless every side passed the game hole in the last count (Table Top,
/// where the higher total wins), when the totals that decided it.
fn as_the_end_says(scores: &[Value], board: &Value) -> Value {
    let target = board["target"].as_u64().expect("a board's target");
    let scores: Vec<u64> = scores.iter().map(|n| n.as_u64().unwrap()).collect();
    if scores.iter().all(|&n| n >= target) {
        return json!(scores);
    }
    json!(
        scores
            .iter()
            .map(|&n| as_the_board_shows(n, board))
            .collect::<Vec<_>>()
    )
}

#[test]
fn every_game_hands_over_each_score_as_its_board_shows_it() {
    for kind in GameKind::ALL {
        // Races run past the game hole (cribbage's last show, Table Top's
        // lines); a solitaire's deal may score past its board's end.
        let mut past = 0;
        for seed in 0..12 {
            let mut game = AnyGame::new(&rules_of(kind), seed).unwrap();
            let mut moves = 0;
            let mut board = Value::Null;
            let mut check = |game: &AnyGame, board: &mut Value| {
                let obs: Value = serde_json::from_str(&game.observation_json(0).unwrap()).unwrap();
                let scores = obs["scores"].as_array().unwrap();
                let shown = obs["shown"].as_array().expect("every observation's shown");
                assert_eq!(scores.len(), shown.len(), "{kind}: a shown score per side");
                for (pegs, shown) in scores.iter().zip(shown) {
                    let front = pegs["front"].as_u64().unwrap();
                    assert_eq!(
                        shown.as_u64(),
                        Some(as_the_board_shows(front, &obs["board"])),
                        "{kind} seed {seed}: {pegs}"
                    );
                    if front > obs["board"]["target"].as_u64().unwrap() {
                        past += 1;
                    }
                }
                *board = obs["board"].clone();
            };
            check(&game, &mut board);
            while let Some(seat) = game.to_act() {
                let action = game.decide(seat, Level::Hard, moves).unwrap();
                let first = game.apply(seat, &action).unwrap();
                let events: Value = serde_json::from_str(&game.events_json(first)).unwrap();
                for ev in events.as_array().unwrap() {
                    if ev["type"] == "pegged" && ev.get("front").is_some() {
                        let front = ev["front"].as_u64().unwrap();
                        assert_eq!(
                            ev["shown"].as_u64(),
                            Some(as_the_board_shows(front, &board)),
                            "{kind}: {ev}"
                        );
                    }
                    if ev["type"] == "game_over" {
                        let shown = as_the_end_says(ev["scores"].as_array().unwrap(), &board);
                        assert_eq!(ev["shown"], shown, "{kind}: {ev}");
                        // Every game's end names its winner and skunk, the solitaires' too.
                        assert!(
                            ev.get("winner").is_some() && ev["skunk"].is_string(),
                            "{kind}: {ev}"
                        );
                    }
                }
                check(&game, &mut board);
                moves += 1;
            }
            // Every race's results, which the end's panel reads, name the game's end as its event does.
            let obs: Value = serde_json::from_str(&game.observation_json(0).unwrap()).unwrap();
            if obs["board"]["runs_on"] != json!(true) {
                let results = obs["results"].as_array().expect("a race's results");
                let last = results.last().expect("the game's result");
                assert_eq!(last["winner"], obs["winner"], "{kind}");
                let shown = as_the_end_says(last["scores"].as_array().unwrap(), &obs["board"]);
                assert_eq!(last["shown"], shown, "{kind}: {last}");
                assert!(last["skunk"].is_string(), "{kind}");
            }
        }
        if kind != GameKind::Solitaire {
            // Cribbage Solitaire's board runs to the double game's 121, which its deals seldom pass.
            assert!(past > 0, "{kind}: a score past the board's target was seen");
        }
    }
}
