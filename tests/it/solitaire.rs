//! Cribbage Solitaire, proven in the layers of STYLE.md: 004's fine points
//! as worked examples, one whole stacked game scored by hand, wrong
//! lay-aways refused, saves and undo, and the invariants over many random
//! games (the full hundred thousand: `cribbage random-games --game
//! solitaire --games 100000`).

use cribbage::audit::solitaire::{SolitaireStats, audit_solitaire_game};
use cribbage::cards::{Card, CardSet, parse_cards};
use cribbage::family::AnyGame;
use cribbage::games::solitaire::score::last_four;
use cribbage::games::solitaire::{Action, Event, Game, IllegalAction, Rules, Setup, Shown};
use cribbage::games::{Outcome, State};
use cribbage::record::Session;
use cribbage::table::Pegs;

fn cards(text: &str) -> CardSet {
    text.parse().unwrap()
}

/// The last four are a hand with no starter: four of a suit is 4 (there is
/// no fifth card for a flush of five) and a jack is no nob.
#[test]
fn the_last_four_count_with_no_starter() {
    let flush = last_four(cards("2H 4H 6H 8H")).unwrap();
    assert_eq!((flush.flush, flush.total), (4, 4));
    let jack = last_four(cards("JH 5C 5D 5S")).unwrap();
    // J+5 three times, 5+5+5, and a pair royal: no nob.
    assert_eq!((jack.fifteens, jack.pairs, jack.total), (8, 6, 14));
    assert_eq!(
        jack.cadence(),
        "fifteen two, fifteen four, fifteen six, fifteen eight, and a pair royal is fourteen"
    );
    // A double run of three, its pair included: 8, counted once.
    let double = last_four(cards("8H 9C TD TS")).unwrap();
    assert_eq!((double.runs, double.pairs, double.total), (6, 2, 8));
    assert!(last_four(cards("2H 4H 6H")).is_err());
}

/// A whole game, stacked and scored by hand. Each deal takes three cards
/// to the hand, two face down to the crib, three more to the hand and turns
/// the next; the starter then goes under the stock.
///
/// ```text
/// deal  hand dealt (crib down) starter  laid away  hand count           crib count
/// 1     5H 5C 5S JD 2C 3C (KH QH) 5D    2C 3C      5-5-5-J with 5D: 29  K+5 Q+5 2+3+K 2+3+Q: 8
/// 2     AH 2H 3H 4C 6D 8S (TC TD) JS    6D 8S      A+4+J 2+3+J, run 4: 8  pair of tens: 2
///       (his heels: 2)
/// 3     4H 4D 6H KC QS 9S (2D 3S) 7H    KC QS      6+9 4+4+7, pair: 6   K+2+3 Q+2+3: 4
/// 4     6S 7C 7D 8H 9D KS (AS 2S) 8C    9D KS      7+8 ×4, 2 pairs, double double run: 24  nothing: 0
/// 5     TH JH QD 9H 6C KD (AD 3D) 7S    6C KD      run of four: 4       nothing: 0
/// 6     4S TS QC JC 9C 5D (AC 8D) JS    4S TS      Q+5 J+5 J+5, pair: 8  4+A+T 4+A+J: 4
///       (the seven cards never seen, then deal 1's starter 5D; deal 2's JS turned again: his heels, 2)
/// last  7H 8C 7S JS (deals 3, 4, 5 and 2's starters): 7+8 twice, a pair: 6
/// ```
///
/// 37 + 12 + 10 + 24 + 4 + 14 + 6 = 107: a win, not a double game.
#[test]
fn a_whole_game_scored_by_hand() {
    let pack = parse_cards(
        "5H 5C 5S KH QH JD 2C 3C 5D  AH 2H 3H TC TD 4C 6D 8S JS \
         4H 4D 6H 2D 3S KC QS 9S 7H  6S 7C 7D AS 2S 8H 9D KS 8C \
         TH JH QD AD 3D 9H 6C KD 7S  4S TS QC AC 8D JC 9C",
    )
    .unwrap();
    assert_eq!(pack.len(), 52);
    let mut game = Game::with_setup(Rules::default(), 1, Setup { pack }).unwrap();
    let plan = [
        ("5H 5C 5S JD 2C 3C", "5D", "lay 2C 3C", [29, 8], 39, 37),
        ("AH 2H 3H 4C 6D 8S", "JS", "lay 6D 8S", [8, 2], 49, 47),
        ("4H 4D 6H KC QS 9S", "7H", "lay KC QS", [6, 4], 59, 55),
        ("6S 7C 7D 8H 9D KS", "8C", "lay 9D KS", [24, 0], 83, 59),
        ("TH JH QD 9H 6C KD", "7S", "lay 6C KD", [4, 0], 89, 87),
        ("4S TS QC JC 9C 5D", "JS", "lay 4S TS", [8, 4], 107, 101),
    ];
    for (i, (hand, starter, lay, counts, after, rear)) in plan.into_iter().enumerate() {
        assert_eq!(game.deal_number() as usize, i + 1);
        assert_eq!(game.hand(), cards(hand), "deal {}", i + 1);
        assert_eq!(game.starter(), Some(starter.parse::<Card>().unwrap()));
        let events = game.apply(lay.parse().unwrap()).unwrap();
        let counted: Vec<(Shown, u8)> = events
            .iter()
            .filter_map(|e| match e {
                Event::Counted(c) => Some((c.what, c.points)),
                _ => None,
            })
            .collect();
        assert_eq!(
            &counted[..2],
            &[(Shown::Hand, counts[0]), (Shown::Crib, counts[1])],
            "deal {}",
            i + 1
        );
        // The score after each deal counts the next deal's heels: its
        // starter is turned at once.
        assert_eq!(game.score(), after, "after deal {}", i + 1);
        // The board's rear peg: the score before the last count that scored
        // (a crib of nothing moves no peg), as the page pegs it live, so a
        // game restored shows the same last move (it was left at the front).
        assert_eq!(
            game.observation(0).scores,
            vec![Pegs { front: after, rear }],
            "the pegs after deal {}",
            i + 1
        );
    }
    assert!(game.is_over());
    assert_eq!(game.last_four(), Some(cards("7H 8C 7S JS")));
    let heels = game
        .events()
        .iter()
        .filter(|e| matches!(e, Event::Heels { .. }))
        .count();
    assert_eq!(heels, 2, "JS turned in deals 2 and 6");
    assert_eq!(game.score(), 107);
    assert_eq!(
        State::outcome(&game),
        Some(Outcome::Score {
            points: 107,
            win: true
        })
    );
    assert!(matches!(
        game.events().last(),
        Some(Event::GameOver {
            score: 107,
            win: true,
            double: false,
            ..
        })
    ));
}

/// Wrong lay-aways are refused by name and leave the game as it was.
#[test]
fn wrong_actions_are_refused_and_change_nothing() {
    let mut game = Game::new(Rules::default(), 3);
    let hand = game.hand().to_vec();
    let outside = (!game.hand()).first().unwrap();
    let before = game.clone();
    assert_eq!(
        game.apply(Action::Lay(CardSet::from(hand[0]).with(outside))),
        Err(IllegalAction::NotHeld(outside))
    );
    assert_eq!(
        game.apply(Action::Lay(hand[..3].iter().copied().collect())),
        Err(IllegalAction::NotTwo(3))
    );
    assert_eq!(
        game.apply(Action::Lay(CardSet::from(hand[0]))),
        Err(IllegalAction::NotTwo(1))
    );
    assert_eq!(game, before);
    for text in [
        "lay 5H",
        "lay 5H 5H",
        "lay 5H 6H 7H",
        "discard 5H 6H",
        "lay",
    ] {
        assert!(text.parse::<Action>().is_err(), "{text}");
    }
    while !game.is_over() {
        let action = game.legal_actions()[0];
        game.apply(action).unwrap();
    }
    let over = game.clone();
    assert_eq!(
        game.apply(Action::Lay(CardSet::from(hand[0]).with(hand[1]))),
        Err(IllegalAction::GameOver)
    );
    assert_eq!(game, over);
}

/// A game saves, restores and undoes through the generic record; an undo
/// keeps the deal on the table and draws what follows afresh.
#[test]
fn save_restore_and_undo() {
    let mut session = Session::new(Game::new(Rules::default(), 99));
    for _ in 0..3 {
        let action = session.game().legal_actions()[0];
        session.apply(action).unwrap();
    }
    let text = session.to_json();
    assert!(text.contains("\"game\":\"solitaire\""), "{text}");
    let AnyGame::Solitaire(back) = AnyGame::from_json(&text).unwrap() else {
        panic!("a Cribbage Solitaire save restores as Cribbage Solitaire");
    };
    assert_eq!(back.game(), session.game());
    let hand = session.game().hand();
    let action = session.game().legal_actions()[5];
    session.apply(action).unwrap();
    session.undo(0).unwrap();
    assert_eq!(session.game().hand(), hand);
    assert_eq!(session.game().deal_number(), 4);
    let back = AnyGame::from_json(&session.to_json()).unwrap();
    assert_eq!(back.to_json(), session.to_json());
    while let Some(action) = session.game().legal_actions().first().copied() {
        session.apply(action).unwrap();
    }
    session.game().check_invariants().unwrap();
    assert!(cribbage::games::cribbage::Game::from_json(&text).is_err());
}

/// The invariants of every game and this one's own over 20,000 random
/// games (a hundred thousand from the command line).
#[test]
fn invariants_hold_over_many_random_games() {
    const GAMES: u64 = 20_000;
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(1, 8)) as u64;
    let stats: Vec<SolitaireStats> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut stats = SolitaireStats::default();
                    for seed in (t..GAMES).step_by(threads as usize) {
                        if let Err(violation) = audit_solitaire_game(seed, &mut stats) {
                            panic!("{violation}");
                        }
                    }
                    stats
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut total = SolitaireStats::default();
    for s in &stats {
        total.merge(s);
    }
    assert_eq!(total.games, GAMES);
    assert!(total.illegal_refused > total.actions);
    assert!(total.undos > 0);
    // Six starters a game, a jack one in thirteen, two points each.
    let heels = total.heels as f64 / total.games as f64;
    assert!((0.75..1.1).contains(&heels), "{heels} a game for heels");
    assert!(total.doubles <= total.wins && total.wins > 0);
}

#[test]
fn moves_are_the_legal_actions_as_data_and_counts_are_phrased() {
    for seed in 0..20 {
        let mut game = Game::new(Rules::default(), seed);
        while !game.is_over() {
            let view = game.observation(0);
            let listed: Vec<Action> = view.moves.iter().map(|m| m.action).collect();
            assert_eq!(
                listed,
                game.legal_actions(),
                "every legal action once, in order"
            );
            for m in &view.moves {
                let Action::Lay(laid) = m.action;
                assert_eq!(m.cards, laid.to_vec());
                let json = serde_json::to_string(m).unwrap();
                assert_eq!(
                    json,
                    format!(
                        r#"{{"action":"{}","kind":"lay","cards":["{}","{}"]}}"#,
                        m.action, m.cards[0], m.cards[1]
                    )
                );
            }
            // Two counts a deal so far, each phrased to its points.
            assert_eq!(view.counts.len(), 2 * (usize::from(view.deal) - 1));
            let at = game.legal_actions()[(seed as usize) % 15];
            game.apply(at).unwrap();
        }
        let view = game.observation(0);
        assert!(view.moves.is_empty());
        assert_eq!(view.counts.len(), 13);
        assert_eq!(view.counts.last().map(|c| c.what), Some(Shown::LastFour));
        for count in &view.counts {
            let said: u8 = count.steps.iter().map(|s| s.points).sum();
            assert_eq!(said, count.points);
            assert_eq!(count.steps.last().map_or(0, |s| s.running), count.points);
        }
        assert_eq!(view.counts.last().map(|c| c.running), Some(view.score));
    }
}
