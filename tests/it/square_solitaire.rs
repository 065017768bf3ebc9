//! Cribbage Square Solitaire, proven in the layers of STYLE.md: 004's
//! table as worked examples, one whole stacked game scored by hand, wrong
//! placements refused, saves and undo, and the invariants over many random
//! games (the full hundred thousand: `cribbage random-games --game
//! square-solitaire --games 100000`).

use cribbage::audit::square_solitaire::{SquareSolitaireStats, audit_square_solitaire_game};
use cribbage::cards::{Card, CardSet, parse_cards};
use cribbage::count::{ShowKind, score_show};
use cribbage::family::AnyGame;
use cribbage::games::square_solitaire::score::{self, count_grid};
use cribbage::games::square_solitaire::{Action, Event, Game, IllegalAction, Line, Rules, Setup};
use cribbage::games::{Outcome, State};
use cribbage::record::Session;
use cribbage::table::Pegs;

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn line(cards: &str, starter: &str) -> cribbage::count::ShowScore {
    score_show(cards.parse().unwrap(), card(starter), ShowKind::Hand).unwrap()
}

/// 004's table, line by line: each combination is the ordinary count with
/// its pairs included, never added twice.
#[test]
fn the_table_of_004_is_the_ordinary_count() {
    // A double run of three is 8 (two runs and the pair), counted once.
    let double = line("8H 9C TD TS", "2C");
    assert_eq!((double.runs, double.pairs, double.total), (6, 2, 8));
    // A double run of four is 10.
    let double_four = line("6H 7C 8D 8S", "9C");
    assert_eq!(double_four.runs + double_four.pairs, 10);
    // A triple run is 15: three runs and a pair royal.
    let triple = line("9H 9C 9D TS", "JC");
    assert_eq!((triple.runs, triple.pairs), (9, 6));
    // A quadruple run is 16: four runs and two pairs.
    let quadruple = line("9H 9C TD TS", "JC");
    assert_eq!(quadruple.runs + quadruple.pairs, 16);
    // Four of a suit 4; with the starter 5, never both.
    assert_eq!(line("2H 4H 6H 8H", "QC").flush, 4);
    assert_eq!(line("2H 4H 6H 8H", "QH").flush, 5);
    // His nob: a jack in the line of the starter's suit.
    assert_eq!(line("JH 2C 4D 6S", "8H").nobs, 1);
}

/// His heels is two once a deal, not once a line.
#[test]
fn his_heels_counts_once() {
    let cards = parse_cards("AH 2C 3D 4S 6H 7C 8D 9S TH QC KD 2S 3H 4C 6D 7S").unwrap();
    let grid: [Card; 16] = cards.try_into().unwrap();
    let count = count_grid(&grid, card("JD")).unwrap();
    assert_eq!(count.heels, 2);
    let lines: u16 = count.lines.iter().map(|l| u16::from(l.score.total)).sum();
    assert_eq!(count.total, lines + 2);
}

/// A whole game, stacked and scored by hand. The cards come off the stock
/// last cell first and each is placed where it goes; the grid and starter:
///
/// ```text
/// 5H 5C 5S JD     row 1: 5-5-5-J with 5D: twenty-nine                   29
/// AH 2C 3D 4S     row 2: fifteen two (all five), a run of five           7
/// 6H 7C 8D 9S     row 3: 6+9, 7+8, and a run of five (5 to 9)            9
/// TH QC KD 2S     row 4: T+5, Q+5, K+5                                   6
///   starter 5D    column 1: 5H+TH, 5D+TH, a pair, a flush of four       10
///                 column 2: 5C+QC, 5D+QC, a pair, a flush of four       10
///                 column 3: 5S+KD, 5D+KD, a pair                         6
///                 column 4: J+5, 4+9+2, and his nob (JD, 5D)             5
/// ```
///
/// 82 in all, no heels: a win.
#[test]
fn a_whole_game_scored_by_hand() {
    let grid = parse_cards("5H 5C 5S JD AH 2C 3D 4S 6H 7C 8D 9S TH QC KD 2S").unwrap();
    let mut cards: Vec<Card> = grid.iter().rev().copied().collect();
    cards.push(card("5D"));
    let mut game = Game::with_setup(Rules::default(), 1, Setup { cards }).unwrap();
    for cell in (0..16).rev() {
        assert_eq!(game.card_in_hand(), Some(grid[cell]));
        assert_eq!(game.score_list(), vec![0]);
        let action = Action::at_cell(cell).unwrap();
        let text = action.to_string();
        assert_eq!(text.parse::<Action>().unwrap(), action);
        game.apply(text.parse().unwrap()).unwrap();
    }
    assert!(game.is_over());
    let count = game.count().unwrap();
    let totals: Vec<(String, u8)> = count
        .lines
        .iter()
        .map(|l| (l.line.to_string(), l.score.total))
        .collect();
    let expect = [29, 7, 9, 6, 10, 10, 6, 5];
    for ((name, total), (want, line)) in totals.iter().zip(expect.iter().zip(Line::ALL)) {
        assert_eq!((name, total), (&line.to_string(), want), "{name}");
    }
    assert_eq!(count.heels, 0);
    assert_eq!(game.score(), 82);
    assert_eq!(
        State::outcome(&game),
        Some(Outcome::Score {
            points: 82,
            win: true
        })
    );
    assert_eq!(
        count.lines[1].cadence,
        "fifteen two, and a run of five is seven"
    );
    assert!(matches!(
        game.events().last(),
        Some(Event::GameOver {
            score: 82,
            win: true,
            ..
        })
    ));
    let running: Vec<u16> = game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::LineCounted { running, .. } => Some(*running),
            _ => None,
        })
        .collect();
    assert_eq!(running, [29, 36, 45, 51, 61, 71, 77, 82]);
    // The board's rear peg: the score before the last line that scored, as
    // the page pegs the count live, so a game restored at its end shows the
    // same last move (both pegs were set at the score).
    assert_eq!(
        game.observation(0).scores,
        vec![Pegs {
            front: 82,
            rear: 77
        }]
    );
}

/// Wrong placements are refused by name and leave the game as it was.
#[test]
fn wrong_actions_are_refused_and_change_nothing() {
    let mut game = Game::new(Rules::default(), 3);
    game.apply("place 2 3".parse().unwrap()).unwrap();
    let before = game.clone();
    assert_eq!(
        game.apply(Action::Place { row: 1, col: 2 }),
        Err(IllegalAction::Taken { row: 1, col: 2 })
    );
    assert_eq!(
        game.apply(Action::Place { row: 4, col: 0 }),
        Err(IllegalAction::OffGrid { row: 4, col: 0 })
    );
    assert_eq!(game, before);
    assert_eq!(game.legal_actions().len(), 15);
    for text in [
        "place 0 1",
        "place 5 1",
        "place 1",
        "put 1 1",
        "place 1 1 1",
        "place a b",
    ] {
        assert!(text.parse::<Action>().is_err(), "{text}");
    }
    while !game.is_over() {
        let action = game.legal_actions()[0];
        game.apply(action).unwrap();
    }
    let over = game.clone();
    assert_eq!(
        game.apply(Action::Place { row: 0, col: 0 }),
        Err(IllegalAction::GameOver)
    );
    assert_eq!(game, over);
    let bad = Setup {
        cards: parse_cards("5H 5H").unwrap_or_else(|_| vec![card("5H"), card("5H")]),
    };
    assert!(Game::with_setup(Rules::default(), 1, bad).is_err());
}

/// A game saves, restores and undoes through the generic record; an undo
/// draws the cards after it afresh.
#[test]
fn save_restore_and_undo() {
    let mut session = Session::new(Game::new(Rules::default(), 99));
    for _ in 0..5 {
        let action = session.game().legal_actions()[0];
        session.apply(action).unwrap();
    }
    let text = session.to_json();
    assert!(text.contains("\"game\":\"square-solitaire\""), "{text}");
    assert!(text.contains("\"place 1 1\""), "{text}");
    let AnyGame::SquareSolitaire(back) = AnyGame::from_json(&text).unwrap() else {
        panic!("a Square Solitaire save restores as Square Solitaire");
    };
    assert_eq!(back.game(), session.game());
    let in_hand = session.game().turned()[4];
    session.undo(0).unwrap();
    assert_eq!(session.game().turned().len(), 5);
    assert_eq!(session.game().card_in_hand(), Some(in_hand));
    let back = AnyGame::from_json(&session.to_json()).unwrap();
    assert_eq!(back.to_json(), session.to_json());
    // Play on after the undo to the end: the whole pack is still sound.
    while let Some(action) = session.game().legal_actions().first().copied() {
        session.apply(action).unwrap();
    }
    session.game().check_invariants().unwrap();
    let seen: CardSet = session.game().turned().iter().copied().collect();
    assert_eq!(seen.len(), 16);
    assert!(cribbage::games::cribbage::Game::from_json(&text).is_err());
}

/// The invariants of every game and this one's own over 20,000 random
/// games (a hundred thousand from the command line).
#[test]
fn invariants_hold_over_many_random_games() {
    const GAMES: u64 = 20_000;
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(1, 8)) as u64;
    let stats: Vec<SquareSolitaireStats> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut stats = SquareSolitaireStats::default();
                    for seed in (t..GAMES).step_by(threads as usize) {
                        if let Err(violation) = audit_square_solitaire_game(seed, &mut stats) {
                            panic!("{violation}");
                        }
                    }
                    stats
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut total = SquareSolitaireStats::default();
    for s in &stats {
        total.merge(s);
    }
    assert_eq!(total.games, GAMES);
    assert!(total.illegal_refused > total.actions);
    assert!(total.undos > 0);
    // A jack starter one deal in thirteen: about 0.15 a deal.
    let heels = total.heels as f64 / total.games as f64;
    assert!((0.12..0.19).contains(&heels), "{heels} a deal for heels");
    // Random play scores about 4 a line.
    let mean = total.points as f64 / total.games as f64;
    assert!((25.0..45.0).contains(&mean), "mean {mean}");
}

#[test]
fn moves_are_the_legal_actions_as_data_and_lines_run_as_they_fill() {
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
                assert_eq!(Some(usize::from(m.cell)), m.action.cell());
                assert!(view.grid[usize::from(m.cell)].is_none());
                let json = serde_json::to_string(m).unwrap();
                assert_eq!(
                    json,
                    format!(
                        r#"{{"action":"{}","kind":"place","cell":{}}}"#,
                        m.action, m.cell
                    )
                );
            }
            for (line, now) in Line::ALL.iter().zip(&view.lines) {
                assert_eq!(now.line, *line);
                let cards: Vec<Card> = line.cells().iter().filter_map(|&c| view.grid[c]).collect();
                assert_eq!(now.cards, cards);
                assert_eq!(now.points, score::points_now(&cards));
            }
            let at = game.legal_actions()[(seed as usize) % game.legal_actions().len()];
            game.apply(at).unwrap();
        }
        let view = game.observation(0);
        assert!(view.moves.is_empty());
        let count = view.count.unwrap();
        for line in &count.lines {
            let said: u8 = line.steps.iter().map(|s| s.points).sum();
            assert_eq!(said, line.score.total);
        }
    }
}
