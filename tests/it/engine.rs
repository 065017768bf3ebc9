//! The game engine against worked examples: the play examples from the rules
//! documents, one whole game scored by hand card by card, and regression
//! tests for bugs other cribbage programs shipped.

use cribbage::cards::{CardSet, parse_cards};
use cribbage::count::{ShowKind, score_show};
use cribbage::games::State as _;
use cribbage::games::cribbage::{
    Action, DealSetup, Event, Game, IllegalAction, Peg, Phase, Reason, Setup, Skunk,
};
use cribbage::games::cribbage::{Counting, MatchFormat, Rules};

/// One stacked hand: each seat's dealt cards, the crib card (three players), the starter.
struct Deal<'a>(&'a [&'a str], &'a str, &'a str);

fn stacked(rules: Rules, first_dealer: usize, scores: &[u16], deals: &[Deal]) -> Game {
    let setup = Setup {
        first_dealer,
        scores: scores.to_vec(),
        deals: deals
            .iter()
            .map(|Deal(hands, crib, starter)| DealSetup {
                hands: hands.iter().map(|h| parse_cards(h).unwrap()).collect(),
                crib: parse_cards(crib).unwrap(),
                starter: starter.parse().unwrap(),
            })
            .collect(),
    };
    Game::with_setup(rules, 1, setup).expect("valid setup")
}

fn two(target: u16) -> Rules {
    Rules::new(2, target, Counting::Automatic, MatchFormat::Single).unwrap()
}

fn act(game: &mut Game, text: &str) -> Vec<Event> {
    let action: Action = text.parse().unwrap();
    game.apply(action.clone())
        .unwrap_or_else(|e| panic!("{action}: {e}"))
}

/// Applies an action and checks each side's score just after it: after the
/// card itself and any go or last point, before any show it brought on.
fn step(game: &mut Game, text: &str, expected: [u16; 2]) -> Vec<Event> {
    let before: Vec<u16> = game.scores().iter().map(|p| p.front).collect();
    let events = act(game, text);
    let mut scores = before;
    for event in &events {
        match event {
            Event::Show { .. } | Event::GameOver(_) => break,
            Event::Pegged(peg) => scores[peg.side] = peg.front,
            _ => {}
        }
    }
    assert_eq!(scores, expected, "after {text}");
    events
}

fn pegs(events: &[Event]) -> Vec<&Peg> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Pegged(p) => Some(p),
            _ => None,
        })
        .collect()
}

fn shows(events: &[Event]) -> Vec<(usize, ShowKind, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Show {
                seat, kind, score, ..
            } => Some((*seat, *kind, score.total)),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------
// The play examples of 000, played through the engine. A is seat 0, the
// pone; B is seat 1, the dealer. The extra dealt cards go to the crib.

#[test]
fn example_kings_and_twos_against_nine_eight_seven_six() {
    let mut game = stacked(
        two(121),
        1,
        &[],
        &[Deal(&["KS KH 2D 2C QD 3C", "9C 8D 7H 6S AH 4S"], "", "TC")],
    );
    act(&mut game, "discard QD 3C");
    act(&mut game, "discard AH 4S");
    step(&mut game, "play KS", [0, 0]); // "10"
    step(&mut game, "play 6S", [0, 0]); // "16"
    step(&mut game, "play KH", [0, 0]); // "26"
    assert_eq!(game.legal_actions(), [Action::Go]);
    step(&mut game, "go", [0, 0]); // B: "go"
    step(&mut game, "play 2D", [0, 0]); // "28"
    // "30 for 3": 2 for the pair of twos and 1 for last.
    let events = step(&mut game, "play 2C", [3, 0]);
    let points: Vec<u8> = pegs(&events).iter().map(|p| p.points).collect();
    assert_eq!(points, [2, 1]);
    step(&mut game, "play 8D", [3, 0]); // "8"; A has no cards left
    step(&mut game, "play 7H", [3, 2]); // "fifteen two"
    // "24 for 3 and 1 for last".
    let events = step(&mut game, "play 9C", [3, 6]);
    assert!(matches!(
        pegs(&events)[..2],
        [
            Peg {
                points: 3,
                reason: Reason::Play { run: 3, .. },
                ..
            },
            Peg {
                points: 1,
                reason: Reason::Last { .. },
                ..
            }
        ]
    ));
}

#[test]
fn example_tens_nine_six_against_seven_six_five_four() {
    let mut game = stacked(
        two(121),
        1,
        &[],
        &[Deal(&["TS TH 9C 6D KC QC", "7H 6S 5C 4D KD QD"], "", "2S")],
    );
    act(&mut game, "discard KC QC");
    act(&mut game, "discard KD QD");
    step(&mut game, "play 9C", [0, 0]);
    step(&mut game, "play 6S", [0, 2]); // fifteen two
    step(&mut game, "play 6D", [2, 2]); // two for a pair
    step(&mut game, "play 5C", [2, 2]); // 26
    step(&mut game, "go", [2, 2]); // A has to say go
    step(&mut game, "play 4D", [2, 5]); // three for a run (6-5-4)
    step(&mut game, "go", [2, 6]); // B cannot lay the 7 either: one for last
    step(&mut game, "play TS", [2, 6]); // A begins again
    step(&mut game, "play 7H", [2, 6]);
    step(&mut game, "play TH", [3, 6]); // one for last
}

#[test]
fn example_no_run_across_a_reset() {
    let mut game = stacked(
        two(121),
        1,
        &[],
        &[Deal(&["TS 8C 7D 5D KC QC", "7H 6S 5C 4S KD QD"], "", "2S")],
    );
    act(&mut game, "discard KC QC");
    act(&mut game, "discard KD QD");
    step(&mut game, "play 8C", [0, 0]);
    step(&mut game, "play 7H", [0, 2]); // fifteen two
    step(&mut game, "play 7D", [2, 2]); // a pair
    step(&mut game, "play 6S", [2, 2]); // 28
    step(&mut game, "go", [2, 2]); // A: T and 5 do not fit
    let events = step(&mut game, "go", [2, 3]); // B: 5 and 4 do not fit; one for last
    assert!(events.contains(&Event::CountReset { leader: Some(0) }));
    // A leads a 5: no run with the 7 and 6 of the last series.
    let events = step(&mut game, "play 5D", [2, 3]);
    assert!(pegs(&events).is_empty());
}

// ---------------------------------------------------------------------------
// One whole game, scored by hand: two players to 61, three stacked hands.
// Seat 1 deals first. The comments give each count and each score.

#[test]
fn a_whole_game_card_by_card() {
    let mut game = stacked(
        two(61),
        1,
        &[],
        &[
            Deal(&["5H 5C 5S JD KC QC", "4C 4D 6H 6S 9S 8S"], "", "5D"),
            Deal(&["3H 3D 9C TC KH KD", "7C 7D 8H 8S AS 2S"], "", "JS"),
            Deal(&["2C 3C 4C 6C KS 9D", "5S 5H TD QH AC AD"], "", "7C"),
        ],
    );
    // Hand 1: seat 1 deals; seat 0 (pone) keeps 5-5-5-J, seat 1 keeps 4-4-6-6.
    act(&mut game, "discard KC QC");
    act(&mut game, "discard 9S 8S");
    assert_eq!(game.starter(), "5D".parse().ok());
    step(&mut game, "play JD", [0, 0]); // 10
    step(&mut game, "play 4C", [0, 0]); // 14
    step(&mut game, "play 5H", [0, 0]); // 19
    step(&mut game, "play 6H", [0, 3]); // 25: run 4-5-6
    step(&mut game, "play 5C", [0, 3]); // 30
    step(&mut game, "go", [0, 3]); // seat 1: 4 and 6 do not fit
    step(&mut game, "go", [1, 3]); // seat 0: nor its 5; one for last to seat 0
    step(&mut game, "play 4D", [1, 3]); // seat 1 leads: 4
    step(&mut game, "play 5S", [1, 3]); // 9
    // 15 for 2 and a run of 3, then one for the last card of the play.
    let events = step(&mut game, "play 6S", [1, 9]);
    // The show: pone 29; dealer 4-4-6-6 + 5 = 24; crib K-Q-9-8 + 5 = 4.
    assert_eq!(
        shows(&events),
        [
            (0, ShowKind::Hand, 29),
            (1, ShowKind::Hand, 24),
            (1, ShowKind::Crib, 4)
        ]
    );
    assert_eq!(scores(&game), [30, 37]);

    // Hand 2: seat 0 deals and turns the jack of spades: two for his heels.
    act(&mut game, "discard AS 2S");
    let events = act(&mut game, "discard KH KD");
    assert!(matches!(
        pegs(&events)[..],
        [Peg {
            seat: 0,
            points: 2,
            reason: Reason::Heels { .. },
            ..
        }]
    ));
    assert_eq!(scores(&game), [32, 37]);
    step(&mut game, "play 7C", [32, 37]); // 7
    step(&mut game, "play 3H", [32, 37]); // 10
    step(&mut game, "play 8H", [32, 37]); // 18
    step(&mut game, "play 3D", [32, 37]); // 21
    step(&mut game, "play 7D", [32, 37]); // 28
    step(&mut game, "go", [32, 37]); // seat 0: 9 and 10 do not fit
    step(&mut game, "go", [32, 38]); // seat 1: nor the 8; one for last
    step(&mut game, "play 9C", [32, 38]); // seat 0 leads: 9
    step(&mut game, "play 8S", [32, 38]); // 17
    // 27: a run 8-9-10 for 3, and one for last.
    let events = step(&mut game, "play TC", [36, 38]);
    // Pone 7-7-8-8 + J = 12; dealer 3-3-9-10 + J = 7; crib A-2-K-K + J = 2.
    assert_eq!(
        shows(&events),
        [
            (1, ShowKind::Hand, 12),
            (0, ShowKind::Hand, 7),
            (0, ShowKind::Crib, 2)
        ]
    );
    assert_eq!(scores(&game), [45, 50]);

    // Hand 3: seat 1 deals; seat 0 keeps a club flush, seat 1 keeps 5-5-10-Q.
    act(&mut game, "discard KS 9D");
    act(&mut game, "discard AC AD");
    step(&mut game, "play 4C", [45, 50]); // 4
    step(&mut game, "play 5S", [45, 50]); // 9
    step(&mut game, "play 6C", [50, 50]); // 15 for 2 and a run of 3
    step(&mut game, "play 5H", [50, 50]); // 20
    step(&mut game, "play 3C", [50, 50]); // 23
    step(&mut game, "go", [50, 50]); // seat 1: 10 and Q do not fit
    step(&mut game, "play 2C", [51, 50]); // 25; seat 0 is out of cards: one for last
    step(&mut game, "play TD", [51, 50]); // seat 1 leads: 10
    // 20, the last card: one for last. Then the pone counts first: 2-3-4-6
    // with the 7 of clubs is 15 two, 15 four, a run of 3 is 7, a flush of 5
    // is 12: 63, and the game is won. The dealer's 5-5-10-Q would also have
    // reached 61 (10 points), but it is never counted.
    let events = step(&mut game, "play QH", [51, 51]);
    assert_eq!(shows(&events), [(0, ShowKind::Hand, 12)]);
    assert_eq!(scores(&game), [63, 51]);
    assert!(game.is_over());
    assert_eq!(game.winner(), Some(0));
    assert_eq!(game.results()[0].skunk, Skunk::None);
    assert!(matches!(
        events.last(),
        Some(Event::MatchOver { winner: 0, .. })
    ));
}

fn scores(game: &Game) -> Vec<u16> {
    game.scores().iter().map(|p| p.front).collect()
}

// ---------------------------------------------------------------------------
// Regressions: bugs other cribbage programs shipped.

#[test]
fn regression_a_four_card_crib_flush_scores_nothing() {
    for (starter, flush) in [("QC", 0), ("QH", 5)] {
        let mut game = stacked(
            two(121),
            1,
            &[],
            &[Deal(
                &["2H 4H KS KD 9C TC", "6H 8H AS AD 3S 7C"],
                "",
                starter,
            )],
        );
        act(&mut game, "discard 2H 4H");
        let mut events = act(&mut game, "discard 6H 8H");
        while game.phase() == Phase::Play {
            let action = game.legal_actions()[0].clone();
            events.extend(game.apply(action).unwrap());
        }
        let crib = events
            .iter()
            .find_map(|e| match e {
                Event::Show {
                    kind: ShowKind::Crib,
                    score,
                    ..
                } => Some(score.clone()),
                _ => None,
            })
            .expect("the crib is shown");
        assert_eq!(crib.flush, flush, "starter {starter}");
    }
}

#[test]
fn regression_the_winner_is_who_counts_first_not_who_sits_first() {
    // Seat 1 is the pone and counts first. Both hands would pass 121.
    let mut game = stacked(
        two(121),
        0,
        &[100, 95],
        &[Deal(&["4C 4D 6H 6S 9S 8S", "5H 5C 5S JD KC QC"], "", "5D")],
    );
    act(&mut game, "discard KC QC");
    act(&mut game, "discard 9S 8S");
    let mut events = Vec::new();
    while !game.is_over() && game.phase() == Phase::Play {
        let action = game.legal_actions()[0].clone();
        events.extend(game.apply(action).unwrap());
    }
    // Both still short of 121 when the play ended…
    let before_show: Vec<u16> = {
        let mut s = vec![100, 95];
        for e in &events {
            match e {
                Event::Show { .. } => break,
                Event::Pegged(p) => s[p.side] = p.front,
                _ => {}
            }
        }
        s
    };
    assert!(before_show.iter().all(|&s| s < 121), "{before_show:?}");
    // …and the dealer's hand would have taken seat 0 past 121 too.
    let dealer_hand = score_show(
        "4C 4D 6H 6S".parse().unwrap(),
        "5D".parse().unwrap(),
        ShowKind::Hand,
    )
    .unwrap();
    assert!(before_show[0] + u16::from(dealer_hand.total) >= 121);
    assert_eq!(game.winner(), Some(1));
    assert_eq!(shows(&events), [(1, ShowKind::Hand, 29)]);
    assert!(game.scores()[0].front < 121);
}

#[test]
fn regression_no_pair_across_a_count_reset() {
    let mut game = stacked(
        two(121),
        1,
        &[],
        &[Deal(&["KS TS AD 9C 2H 3H", "KH AC QC QD 2D 3D"], "", "7S")],
    );
    act(&mut game, "discard 2H 3H");
    act(&mut game, "discard 2D 3D");
    step(&mut game, "play KS", [0, 0]);
    step(&mut game, "play KH", [0, 2]); // a pair
    step(&mut game, "play TS", [0, 2]); // 30
    step(&mut game, "play AC", [0, 4]); // 31 for 2, and no one for last
    let events = step(&mut game, "play AD", [0, 4]); // A leads an ace: no pair
    assert!(pegs(&events).is_empty());
}

#[test]
fn regression_thirty_one_that_completes_a_run_scores_both() {
    let mut game = stacked(
        two(121),
        1,
        &[],
        &[Deal(&["7S 9D 2H 3H KS KD", "8H 7C 2D 3D QS QD"], "", "AS")],
    );
    act(&mut game, "discard KS KD");
    act(&mut game, "discard QS QD");
    step(&mut game, "play 7S", [0, 0]);
    step(&mut game, "play 8H", [0, 2]); // fifteen two
    step(&mut game, "play 9D", [3, 2]); // a run of three
    let events = step(&mut game, "play 7C", [3, 7]); // 31 for 2 and a run 8-9-7 for 3
    assert!(matches!(
        pegs(&events)[..],
        [Peg {
            points: 5,
            reason: Reason::Play {
                thirty_one: 2,
                run: 3,
                ..
            },
            ..
        }]
    ));
}

#[test]
fn regression_a_jack_starter_is_heels_never_nobs() {
    let mut game = stacked(
        two(121),
        0,
        &[],
        &[Deal(&["JC 5C 6D 9S 2H 3H", "JD 5S 6S 8H 2D 3D"], "", "JH")],
    );
    act(&mut game, "discard 2D 3D");
    let events = act(&mut game, "discard 2H 3H");
    let heels: Vec<&Peg> = pegs(&events);
    assert!(matches!(
        heels[..],
        [Peg {
            seat: 0,
            points: 2,
            reason: Reason::Heels { .. },
            ..
        }]
    ));
    let mut events = Vec::new();
    while game.phase() == Phase::Play {
        let action = game.legal_actions()[0].clone();
        events.extend(game.apply(action).unwrap());
    }
    for event in &events {
        if let Event::Show { score, .. } = event {
            assert_eq!(score.nobs, 0);
        }
    }
}

#[test]
fn regression_skunk_lines_are_not_swapped() {
    // The dealer (seat 0) stands on 120 and turns a jack: he wins on his heels.
    let cases = [
        (121, 91, Skunk::None),
        (121, 90, Skunk::Skunk),
        (121, 61, Skunk::Skunk),
        (121, 60, Skunk::Double),
        (121, 0, Skunk::Double),
        (61, 31, Skunk::None),
        (61, 30, Skunk::Skunk),
        (61, 0, Skunk::Skunk),
    ];
    for (target, loser, skunk) in cases {
        let mut game = stacked(
            two(target),
            0,
            &[target - 1, loser],
            &[Deal(&["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"], "", "JD")],
        );
        act(&mut game, "discard AH 2H");
        let events = act(&mut game, "discard AS 2S");
        assert_eq!(game.winner(), Some(0));
        let result = &game.results()[0];
        assert_eq!(
            (result.skunk, result.games),
            (skunk, skunk.games()),
            "{target}/{loser}"
        );
        assert!(matches!(events.last(), Some(Event::MatchOver { .. })));
        // Nothing after the win: no play, no show.
        assert!(game.apply(Action::Play("3S".parse().unwrap())) == Err(IllegalAction::GameOver));
    }
}

#[test]
fn regression_a_two_card_run_scores_nothing() {
    let mut game = stacked(
        two(121),
        1,
        &[],
        &[Deal(&["4S 9D KH KD QS QD", "5H TC 2D 3D JS JD"], "", "AS")],
    );
    act(&mut game, "discard KH KD");
    act(&mut game, "discard JS JD");
    step(&mut game, "play 4S", [0, 0]);
    let events = step(&mut game, "play 5H", [0, 0]); // 4-5: no run
    assert!(pegs(&events).is_empty());
}

// ---------------------------------------------------------------------------
// Three and four players.

#[test]
fn three_players_deal_show_in_order_with_the_crib_card() {
    let rules = Rules::new(3, 61, Counting::Automatic, MatchFormat::Single).unwrap();
    let mut game = stacked(
        rules,
        2,
        &[],
        &[Deal(
            &["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H", "AD 2D 3D 4D 5D"],
            "KC",
            "9C",
        )],
    );
    assert_eq!(game.hand(0).len(), 5);
    assert_eq!(game.crib().len(), 1);
    // Seat 0 (left of dealer 2) lays away first.
    assert_eq!(game.current_player(), Some(0));
    act(&mut game, "discard 5S");
    act(&mut game, "discard 5H");
    act(&mut game, "discard 5D");
    assert_eq!(game.crib().len(), 4);
    assert_eq!(game.current_player(), Some(0), "left of the dealer leads");
    let mut events = Vec::new();
    while game.phase() == Phase::Play {
        let action = game.legal_actions()[0].clone();
        events.extend(game.apply(action).unwrap());
    }
    let order: Vec<(usize, ShowKind)> = shows(&events).iter().map(|s| (s.0, s.1)).collect();
    assert_eq!(
        order,
        [
            (0, ShowKind::Hand),
            (1, ShowKind::Hand),
            (2, ShowKind::Hand),
            (2, ShowKind::Crib)
        ]
    );
}

#[test]
fn four_players_score_by_partnership() {
    let rules = Rules::new(4, 121, Counting::Automatic, MatchFormat::Single).unwrap();
    let mut game = stacked(
        rules,
        3,
        &[],
        &[Deal(
            &[
                "5S 5H 2C 3C 8D",
                "KS QH 2S 3S 9D",
                "5D JD 4C 6C 8H",
                "KH QS 4S 6S 9H",
            ],
            "",
            "5C",
        )],
    );
    for seat in [0, 1, 2, 3] {
        assert_eq!(game.current_player(), Some(seat));
        let card = game.hand(seat).first().unwrap();
        game.apply(Action::Discard(CardSet::from(card))).unwrap();
    }
    assert_eq!(game.scores().len(), 2);
    let mut events = Vec::new();
    while game.phase() == Phase::Play {
        let action = game.legal_actions()[0].clone();
        events.extend(game.apply(action).unwrap());
    }
    for peg in pegs(&events) {
        assert_eq!(peg.side, peg.seat % 2);
    }
    let order: Vec<usize> = shows(&events).iter().map(|s| s.0).collect();
    assert_eq!(order, [0, 1, 2, 3, 3]);
}

#[test]
fn cut_for_deal_ties_on_ten_cards_and_the_lowest_deals() {
    for seed in 0..200 {
        let game = Game::new(Rules::default(), seed);
        let rounds: Vec<&Event> = game
            .events()
            .iter()
            .filter(|e| matches!(e, Event::CutForDeal { .. }))
            .collect();
        for (i, event) in rounds.iter().enumerate() {
            let Event::CutForDeal { cuts, dealer } = event else {
                unreachable!()
            };
            let value = |c: &cribbage::cards::Card| c.rank().index().min(9);
            let (a, b) = (value(&cuts[0].card), value(&cuts[1].card));
            if a == b {
                assert_eq!(*dealer, None, "a tie must be cut again");
            } else {
                let lower = if a < b { cuts[0].seat } else { cuts[1].seat };
                assert_eq!(*dealer, Some(lower));
                assert_eq!(i, rounds.len() - 1);
                assert_eq!(game.dealer(), lower);
            }
        }
    }
}

#[test]
fn best_of_three_deals_game_two_to_the_other_player_and_cuts_for_game_three() {
    let rules = Rules::new(2, 61, Counting::Automatic, MatchFormat::BestOfThree).unwrap();
    let mut seen_three = false;
    for seed in 0..60 {
        let mut game = Game::new(rules, seed);
        while !game.is_over() {
            let action = game.legal_actions()[0].clone();
            game.apply(action).unwrap();
        }
        let results = game.results();
        if results.len() >= 2 {
            assert_eq!(results[1].first_dealer, 1 - results[0].first_dealer);
        }
        if results.len() == 3 {
            seen_three = true;
            // Game 3 begins with a fresh cut.
            let new_games: Vec<usize> = game
                .events()
                .iter()
                .enumerate()
                .filter(|(_, e)| matches!(e, Event::NewGame { game: 3 }))
                .map(|(i, _)| i)
                .collect();
            assert!(matches!(
                game.events()[new_games[0] + 1],
                Event::CutForDeal { .. }
            ));
        }
        let winner = game.winner().unwrap();
        assert!(game.games_won()[winner] >= 2);
        let loser = 1 - winner;
        assert!(game.games_won()[loser] < 2);
    }
    assert!(seen_three, "some match should need a third game");
}
