//! Reverse (low-ball) cribbage against the rules README's decisions: the
//! side that reaches the target loses at that moment; with three players the
//! other two are split by points, then by the counting order; the skunk is
//! judged on the winner; a called under-count pegs the missed points to its
//! maker. Also: saves carry the game's kind, and undo re-draws what it showed.

use cribbage::cards::parse_cards;
use cribbage::family::AnyGame;
use cribbage::games::cribbage::{
    Action, Counting, DealSetup, Event, Game, MatchFormat, Phase, Reason, Rules, Setup, Skunk,
};
use cribbage::games::{GameKind, Outcome, State};
use cribbage::record::{RecordError, Session};

fn stacked(
    rules: Rules,
    first_dealer: usize,
    scores: &[u16],
    hands: &[&str],
    crib: &str,
    starter: &str,
) -> Game {
    let setup = Setup {
        first_dealer,
        scores: scores.to_vec(),
        deals: vec![DealSetup {
            hands: hands.iter().map(|h| parse_cards(h).unwrap()).collect(),
            crib: parse_cards(crib).unwrap(),
            starter: starter.parse().unwrap(),
        }],
    };
    Game::with_setup(rules, 1, setup).expect("valid setup")
}

fn reverse(players: u8, target: u16) -> Rules {
    Rules::new(players, target, Counting::Automatic, MatchFormat::Single)
        .unwrap()
        .reverse()
}

fn act(game: &mut Game, text: &str) -> Vec<Event> {
    let action: Action = text.parse().unwrap();
    game.apply(action.clone())
        .unwrap_or_else(|e| panic!("{action}: {e}"))
}

fn game_result(events: &[Event]) -> cribbage::games::cribbage::GameResult {
    events
        .iter()
        .find_map(|e| match e {
            Event::GameOver(r) => Some(r.clone()),
            _ => None,
        })
        .expect("the game ended")
}

#[test]
fn reaching_the_target_on_his_heels_loses_two_players() {
    // Seat 0 deals at 119; a jack turned pegs him to 121: he loses at once.
    let mut game = stacked(
        reverse(2, 121),
        0,
        &[119, 95],
        &["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"],
        "",
        "JD",
    );
    act(&mut game, "discard 5H 6H");
    let events = act(&mut game, "discard 5S 6S");
    let result = game_result(&events);
    assert_eq!(result.winner, 1);
    assert_eq!(result.reached, Some(0));
    assert!(!result.by_fewest, "two players: the other simply wins");
    assert_eq!(result.scores, vec![121, 95]);
    assert_eq!(
        result.skunk,
        Skunk::None,
        "the winner has 95: over the line"
    );
    assert_eq!(game.phase(), Phase::Over);
    assert_eq!(State::outcome(&game), Some(Outcome::Winner { side: 1 }));
    assert_eq!(State::kind(&game), GameKind::Reverse);
}

#[test]
fn the_skunk_is_judged_on_the_winner() {
    for (winner_score, skunk, games) in [
        (91, Skunk::None, 1),
        (90, Skunk::Skunk, 2),
        (61, Skunk::Skunk, 2),
        (60, Skunk::Double, 3),
    ] {
        let mut game = stacked(
            reverse(2, 121),
            0,
            &[119, winner_score],
            &["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"],
            "",
            "JC",
        );
        act(&mut game, "discard 5H 6H");
        let result = game_result(&act(&mut game, "discard 5S 6S"));
        assert_eq!(
            (result.skunk, result.games),
            (skunk, games),
            "winner on {winner_score}"
        );
    }
    // At 61: the winner on 30 or less is a skunk; there is no double.
    let mut game = stacked(
        reverse(2, 61),
        0,
        &[59, 10],
        &["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"],
        "",
        "JC",
    );
    act(&mut game, "discard 5H 6H");
    let result = game_result(&act(&mut game, "discard 5S 6S"));
    assert_eq!((result.winner, result.skunk), (1, Skunk::Skunk));
}

#[test]
fn three_players_fewer_points_wins_then_the_later_in_the_count() {
    let hands = ["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H", "AD 2D 3D 4D 5D"];
    // Seat 0 deals and reaches 61 on his heels; seat 2 has fewer points.
    let mut game = stacked(reverse(3, 61), 0, &[59, 40, 30], &hands, "KC", "JC");
    act(&mut game, "discard 5H");
    act(&mut game, "discard 5D");
    let result = game_result(&act(&mut game, "discard 5S"));
    assert_eq!((result.winner, result.reached), (2, Some(0)));
    assert!(
        result.by_fewest,
        "chosen by the fewest points, as the words say"
    );
    // Level at 40: the counting order is seat 1, seat 2, then the dealer,
    // so seat 2 counts later and wins.
    let mut game = stacked(reverse(3, 61), 0, &[59, 40, 40], &hands, "KC", "JC");
    act(&mut game, "discard 5H");
    act(&mut game, "discard 5D");
    let result = game_result(&act(&mut game, "discard 5S"));
    assert_eq!(result.winner, 2);
    // Seat 1 deals: the order is seat 2, seat 0, seat 1, so seat 0 is later.
    let hands = ["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H", "AD 2D 3D 4D 5D"];
    let mut game = stacked(reverse(3, 61), 1, &[40, 59, 40], &hands, "KC", "JC");
    act(&mut game, "discard 5D");
    act(&mut game, "discard 5S");
    let result = game_result(&act(&mut game, "discard 5H"));
    assert_eq!((result.winner, result.reached), (0, Some(1)));
}

#[test]
fn four_players_the_other_partnership_wins() {
    let hands = [
        "AS 2S 3S 4S 5S",
        "AH 2H 3H 4H 5H",
        "AD 2D 3D 4D 5D",
        "6C 7C 8C 9C TC",
    ];
    // Seat 1 deals for partnership 1, which reaches 121 and loses.
    let mut game = stacked(reverse(4, 121), 1, &[30, 119], &hands, "", "JH");
    act(&mut game, "discard 5D");
    act(&mut game, "discard TC");
    act(&mut game, "discard 5S");
    let result = game_result(&act(&mut game, "discard 5H"));
    assert_eq!((result.winner, result.reached), (0, Some(1)));
    assert!(!result.by_fewest, "two partnerships: the other simply wins");
    assert_eq!(result.skunk, Skunk::Double, "the winners have 30");
}

#[test]
fn a_called_under_count_pegs_the_missed_points_to_its_maker() {
    let rules = Rules::two_player(Counting::Muggins, MatchFormat::Single).reverse();
    // Seat 0 deals; seat 1 keeps 5-5-5-J with a 5 turned: 29.
    let mut game = stacked(
        rules,
        0,
        &[],
        &["KS QS 9C 8C 2D 3D", "5H 5C 5S JD AH 2H"],
        "",
        "5D",
    );
    act(&mut game, "discard AH 2H");
    act(&mut game, "discard KS QS");
    while game.phase() == Phase::Play {
        let a = game.legal_actions()[0].clone();
        game.apply(a).unwrap();
    }
    assert_eq!(game.current_player(), Some(1));
    let before = game.scores()[1].front;
    act(&mut game, "claim 20");
    assert_eq!(game.current_player(), Some(0), "the opponent may call");
    let events = act(&mut game, "muggins 29");
    let peg = events
        .iter()
        .find_map(|e| match e {
            Event::Pegged(p) if matches!(p.reason, Reason::Muggins { .. }) => Some(p.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!((peg.seat, peg.points), (1, 9));
    assert_eq!(game.scores()[1].front, before + 29);
}

#[test]
fn standard_rules_and_saves_read_exactly_as_before() {
    let rules = Rules::default();
    assert_eq!(
        serde_json::to_string(&rules).unwrap(),
        r#"{"players":2,"target":121,"counting":"automatic","match":"single"}"#
    );
    assert_eq!(
        serde_json::to_string(&rules.reverse()).unwrap(),
        r#"{"players":2,"target":121,"counting":"automatic","match":"single","goal":"avoid"}"#
    );
}

#[test]
fn saves_carry_the_game_and_restore_it() {
    let mut session = Session::new(Game::new(reverse(3, 61), 5));
    for _ in 0..40 {
        let action = session.game().legal_actions()[0].clone();
        session.apply(action).unwrap();
    }
    let text = session.to_json();
    assert!(
        text.starts_with(r#"{"v":3,"game":"reverse","rules":{"players":3"#),
        "{text}"
    );
    let back = AnyGame::from_json(&text).unwrap();
    assert_eq!(back.kind(), GameKind::Reverse);
    assert_eq!(back.to_json(), text);
    // The kind and the rules must agree.
    let lying = text.replace(r#""game":"reverse""#, r#""game":"cribbage""#);
    assert!(matches!(
        AnyGame::from_json(&lying),
        Err(RecordError::KindMismatch { .. })
    ));
    // Another game's name on reverse cribbage's record is refused, not
    // misread: its rules are not that game's.
    let table_top = text.replace(r#""game":"reverse""#, r#""game":"table-top""#);
    let err = AnyGame::from_json(&table_top).unwrap_err().to_string();
    assert!(err.contains("unknown field `target`"), "{err}");
    // A format-1 save (standard cribbage before the family) still restores.
    let v1 = r#"{"v":1,"rules":{"players":2,"target":121,"counting":"automatic","match":"single"},"seed":"9","actions":[],"scores":[0,0]}"#;
    assert_eq!(AnyGame::from_json(v1).unwrap().kind(), GameKind::Cribbage);
}

#[test]
fn undo_takes_back_a_decision_and_redraws_the_starter() {
    // Find a deal where the human (seat 1, the non-dealer, first to lay
    // away) then sees a starter; undo and lay away the same cards again.
    let mut redrawn = 0;
    for seed in 0..20 {
        let mut session = Session::new(Game::new(reverse(2, 121), seed));
        let human = session.game().current_player().unwrap();
        let discard = session.game().legal_actions()[0].clone();
        session.apply(discard.clone()).unwrap();
        let computer = session.game().legal_actions()[0].clone();
        session.apply(computer.clone()).unwrap();
        let starter = session.game().starter().unwrap();
        assert_eq!(
            session.undo(human).unwrap(),
            2,
            "the reply is taken back too"
        );
        assert_eq!(session.game().starter(), None);
        assert_eq!(session.game().current_player(), Some(human));
        session.apply(discard).unwrap();
        session.apply(computer).unwrap();
        if session.game().starter() != Some(starter) {
            redrawn += 1;
        }
        // The record replays to the same game, redraw and all.
        let back = AnyGame::from_json(&session.to_json()).unwrap();
        assert_eq!(back.to_json(), session.to_json());
        let AnyGame::Cribbage(back) = back else {
            panic!("a cribbage save restores as cribbage")
        };
        assert_eq!(back.game().starter(), session.game().starter());
    }
    assert!(redrawn >= 18, "{redrawn} of 20 starters re-drawn");
    // Nothing to take back before a seat has acted.
    let mut session = Session::new(Game::new(reverse(2, 121), 1));
    let other = 1 - session.game().current_player().unwrap();
    assert!(matches!(
        session.undo(other),
        Err(RecordError::NothingToUndo(_))
    ));
}

#[test]
fn a_whole_reverse_game_ends_with_the_side_that_reached_losing() {
    for players in [2, 3, 4] {
        for seed in 0..30 {
            let mut game = Game::new(reverse(players, 61), seed);
            while !game.is_over() {
                let a = game.legal_actions()[seed as usize % game.legal_actions().len()].clone();
                game.apply(a).unwrap();
            }
            let result = game.results()[0].clone();
            let reached = result.reached.expect("named");
            assert!(result.scores[reached] >= 61);
            assert_ne!(result.winner, reached);
            assert!(result.scores[result.winner] < 61);
            if players == 3 {
                let other = 3 - reached - result.winner;
                assert!(result.scores[result.winner] <= result.scores[other]);
            }
        }
    }
}
