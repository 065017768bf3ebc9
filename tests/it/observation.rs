//! An observation holds only what its seat may know: two games that differ
//! only in cards hidden from a seat look exactly the same to that seat.

use cribbage::cards::parse_cards;
use cribbage::games::State as _;
use cribbage::games::cribbage::{Action, DealSetup, Game, Phase, Setup};
use cribbage::games::cribbage::{Counting, MatchFormat, Rules};

fn game(rules: Rules, hands: &[&str], crib: &str, starter: &str) -> Game {
    let setup = Setup {
        first_dealer: rules.players() - 1,
        scores: Vec::new(),
        deals: vec![DealSetup {
            hands: hands.iter().map(|h| parse_cards(h).unwrap()).collect(),
            crib: parse_cards(crib).unwrap(),
            starter: starter.parse().unwrap(),
        }],
    };
    // Different seeds: the stock beneath the starter is shuffled differently too.
    let seed = hands.iter().map(|h| h.len() as u64).sum::<u64>() + hands[1].as_bytes()[0] as u64;
    Game::with_setup(rules, seed, setup).unwrap()
}

#[test]
fn other_hands_the_crib_and_the_stock_are_invisible() {
    let rules = Rules::default();
    // Seat 0 holds the same cards in both games; seat 1 holds different ones.
    let mut a = game(rules, &["5H 5C 9S TD 2C 3D", "KS QS 7H 8H AD 4C"], "", "6D");
    let mut b = game(rules, &["5H 5C 9S TD 2C 3D", "JS JC 7C 8C AH 4S"], "", "6D");
    assert_ne!(a.hand(1), b.hand(1));
    assert_ne!(a.stock(), b.stock());
    let same = |a: &Game, b: &Game, when: &str| {
        assert_eq!(a.observation(0), b.observation(0), "{when}");
        let json = serde_json::to_string(&a.observation(0)).unwrap();
        for hidden in a.hand(1).iter().chain(a.stock().iter().copied()) {
            assert!(
                !json.contains(&format!("\"{hidden}\"")),
                "{hidden} leaked {when}"
            );
        }
    };
    same(&a, &b, "at the deal");
    for g in [&mut a, &mut b] {
        g.apply("discard 2C 3D".parse().unwrap()).unwrap();
    }
    same(&a, &b, "after seat 0 lays away");
    // Seat 1 lays away different cards in each game: still invisible to seat 0.
    a.apply("discard KS QS".parse().unwrap()).unwrap();
    b.apply("discard JS JC".parse().unwrap()).unwrap();
    assert_eq!(a.phase(), Phase::Play);
    same(&a, &b, "after seat 1 lays away (the crib differs)");
    // Seat 0 leads the same card; the view is still identical.
    for g in [&mut a, &mut b] {
        g.apply(Action::Play("9S".parse().unwrap())).unwrap();
    }
    same(&a, &b, "after the lead");
}

#[test]
fn three_and_four_players_see_only_their_own_cards() {
    for players in [3u8, 4] {
        let rules = Rules::new(players, 61, Counting::Muggins, MatchFormat::Single).unwrap();
        let mut g = Game::new(rules, 77);
        while !g.is_over() && g.actions().len() < 400 {
            for seat in 0..rules.players() {
                let view = g.observation(seat);
                for other in (0..rules.players()).filter(|&s| s != seat) {
                    assert!(g.hand(other).is_subset(view.unseen()));
                }
                if g.phase() != Phase::Claim && g.phase() != Phase::Muggins {
                    assert!((g.crib() - view.laid_away).is_subset(view.unseen()));
                }
            }
            let action = g.legal_actions().last().unwrap().clone();
            g.apply(action).unwrap();
        }
    }
}

/// The rules as data for the page: every seat's side, the crib's side, the
/// board and the legal actions as moves, under the JSON names the page reads.
mod rules_as_data {
    use cribbage::games::State as _;
    use cribbage::games::cribbage::{Counting, CutForDeal, MatchFormat};
    use cribbage::games::cribbage::{Game, MoveKind, Observation, Phase, Rules};
    use serde_json::{Value, json};

    fn json(view: &Observation) -> Value {
        serde_json::to_value(view).unwrap()
    }

    /// Plays the first legal action until `stop` says so (or the game ends).
    fn play_until(game: &mut Game, mut stop: impl FnMut(&Game) -> bool) {
        while !game.is_over() && !stop(game) {
            let action = game.legal_actions()[0].clone();
            game.apply(action).unwrap();
        }
    }

    #[test]
    fn four_players_are_two_partnerships() {
        let rules = Rules::new(4, 121, Counting::Automatic, MatchFormat::Single).unwrap();
        let game = Game::new(rules, 5);
        for seat in 0..4 {
            let view = json(&game.observation(seat));
            assert_eq!(view["sides"], json!([0, 1, 0, 1]));
            assert_eq!(view["side"], json!(seat % 2));
        }
        let three = Game::new(
            Rules::new(3, 61, Counting::Automatic, MatchFormat::Single).unwrap(),
            5,
        );
        assert_eq!(json(&three.observation(1))["sides"], json!([0, 1, 2]));
        assert_eq!(
            json(&Game::new(Rules::default(), 5).observation(0))["sides"],
            json!([0, 1])
        );
    }

    #[test]
    fn the_crib_side_follows_the_dealer() {
        for players in [2u8, 3, 4] {
            let rules = Rules::new(players, 121, Counting::Automatic, MatchFormat::Single).unwrap();
            let mut game = Game::new(rules, 40 + u64::from(players));
            let mut seen = Vec::new();
            for _ in 0..5 {
                let hand = game.hand_number();
                for seat in 0..rules.players() {
                    let view = game.observation(seat);
                    assert_eq!(view.crib_side, rules.side_of(game.dealer()));
                    assert_eq!(
                        json(&view)["crib_side"],
                        json!(rules.side_of(game.dealer()))
                    );
                }
                seen.push(game.observation(0).crib_side);
                play_until(&mut game, |g| g.hand_number() != hand);
            }
            // The deal passes to the left each hand, and the crib with it.
            let sides = rules.sides();
            for pair in seen.windows(2) {
                assert_eq!(
                    pair[1],
                    (pair[0] + 1) % sides,
                    "{players} players: {seen:?}"
                );
            }
        }
    }

    #[test]
    fn the_board_says_what_winning_means() {
        let standard = json(&Game::new(Rules::default(), 1).observation(0));
        assert_eq!(
            standard["board"],
            json!({"target": 121, "goal": "reach", "skunk_line": 90, "double_skunk_line": 60, "play_limit": 31, "games_to_win": 1})
        );
        let reverse = json(&Game::new(Rules::default().reverse(), 1).observation(1));
        assert_eq!(
            reverse["board"],
            json!({"target": 121, "goal": "avoid", "skunk_line": 90, "double_skunk_line": 60, "play_limit": 31, "games_to_win": 1})
        );
        let short = Rules::new(3, 61, Counting::Muggins, MatchFormat::Single).unwrap();
        let short = json(&Game::new(short, 1).observation(2));
        assert_eq!(
            short["board"],
            json!({"target": 61, "goal": "reach", "skunk_line": 30, "double_skunk_line": null, "play_limit": 31, "games_to_win": 1})
        );
        assert!(
            short["board"]
                .as_object()
                .unwrap()
                .contains_key("double_skunk_line")
        );
        // How many games win the match is the rules' (best of three: two),
        // so the page draws the match's holes from the board.
        let match_rules =
            Rules::new(2, 121, Counting::Automatic, MatchFormat::BestOfThree).unwrap();
        let in_a_match = json(&Game::new(match_rules, 1).observation(0));
        assert_eq!(in_a_match["board"]["games_to_win"], json!(2));
    }

    /// Every move is its legal action's text, its verb, its cards (discard
    /// and play), its points (claim and muggins) and its depth (cut), and
    /// nothing else; one for one, in order.
    fn check_moves(view: &Observation) {
        assert_eq!(view.moves.len(), view.legal.len());
        let value = json(view);
        let moves = value["moves"].as_array().unwrap();
        let legal = value["legal"].as_array().unwrap();
        assert_eq!(moves.len(), legal.len());
        for (m, text) in moves.iter().zip(legal) {
            let text = text.as_str().unwrap();
            // (serde_json's map sorts its keys.)
            let keys: Vec<&str> = m.as_object().unwrap().keys().map(String::as_str).collect();
            assert_eq!(keys, ["action", "cards", "depth", "kind", "points"]);
            assert_eq!(m["action"], json!(text));
            let (verb, rest) = text.split_once(' ').unwrap_or((text, ""));
            assert_eq!(m["kind"], json!(verb), "{text}");
            match verb {
                "discard" | "play" => {
                    let cards: Vec<&str> = m["cards"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|c| c.as_str().unwrap())
                        .collect();
                    assert_eq!(cards.join(" "), rest);
                    assert_eq!((&m["points"], &m["depth"]), (&Value::Null, &Value::Null));
                }
                "claim" | "muggins" => {
                    assert_eq!(m["points"], json!(rest.parse::<u8>().unwrap()));
                    assert_eq!((&m["cards"], &m["depth"]), (&Value::Null, &Value::Null));
                }
                "cut" => {
                    assert_eq!(m["depth"], json!(rest.parse::<u8>().unwrap()));
                    assert_eq!((&m["cards"], &m["points"]), (&Value::Null, &Value::Null));
                }
                _ => {
                    let rest = (&m["cards"], &m["points"], &m["depth"]);
                    assert_eq!(rest, (&Value::Null, &Value::Null, &Value::Null));
                }
            }
        }
    }

    #[test]
    fn moves_match_legal_one_for_one() {
        let mut kinds = Vec::new();
        for players in [2u8, 3, 4] {
            let rules = Rules::new(players, 61, Counting::Muggins, MatchFormat::Single)
                .unwrap()
                .with_cut_for_deal(CutForDeal::ByHand);
            let mut game = Game::new(rules, 9 + u64::from(players));
            while !game.is_over() {
                for seat in 0..rules.players() {
                    let view = game.observation(seat);
                    check_moves(&view);
                    if Some(seat) != game.current_player() {
                        assert!(view.moves.is_empty());
                    }
                    kinds.extend(view.moves.iter().map(|m| m.kind));
                }
                // The last legal action: claims the full count, and calls
                // muggins whenever it is offered.
                let legal = game.legal_actions();
                let action = if game.phase() == Phase::Claim {
                    // An under-count now and then, so muggins is offered.
                    legal[legal.len() / 2].clone()
                } else {
                    legal.last().unwrap().clone()
                };
                game.apply(action).unwrap();
            }
        }
        for kind in [
            MoveKind::Cut,
            MoveKind::Discard,
            MoveKind::Play,
            MoveKind::Go,
            MoveKind::Claim,
            MoveKind::Muggins,
            MoveKind::Accept,
        ] {
            assert!(kinds.contains(&kind), "no {kind:?} move seen");
        }
    }
}
