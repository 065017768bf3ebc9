//! The discard analyser (`cribbage::ai::discard_analysis`): its figures
//! against a count over every starter and every throw, its agreement with
//! the computer players' own valuation in real games, its errors, and the
//! pinned figures the browser test checks the page against
//! (`tests/data/discard-analysis.json`).

use cribbage::ai::discard::{self, DiscardOption};
use cribbage::ai::discard_analysis::{AnalysisError, CribOwner, Scores, analyze};
use cribbage::ai::{Level, decide};
use cribbage::cards::{Card, CardSet, parse_cards};
use cribbage::count::{ShowKind, show_total};
use cribbage::games::State as _;
use cribbage::games::cribbage::{Game, Phase, Rules};
use serde::{Deserialize, Serialize};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

/// The kept hand's average over every starter, and the crib's over every
/// pair of the other cards and every starter left: the slow way, straight
/// from the scorer.
fn brute_force(six: CardSet, discard: CardSet) -> (f64, f64) {
    let keep = six - discard;
    let unseen: Vec<Card> = (!six).iter().collect();
    let hand: u32 = unseen
        .iter()
        .map(|&s| u32::from(show_total(keep, s, ShowKind::Hand).unwrap()))
        .sum();
    let (mut crib, mut n) = (0u64, 0u64);
    for (i, &a) in unseen.iter().enumerate() {
        for &b in &unseen[i + 1..] {
            let four = discard.with(a).with(b);
            for &s in &unseen {
                if s != a && s != b {
                    crib += u64::from(show_total(four, s, ShowKind::Crib).unwrap());
                    n += 1;
                }
            }
        }
    }
    (
        f64::from(hand) / unseen.len() as f64,
        crib as f64 / n as f64,
    )
}

#[test]
fn every_figure_is_the_count_over_every_starter_and_every_throw() {
    let six = "5H 5C 6D JS QS KD";
    for crib in [CribOwner::Mine, CribOwner::Theirs] {
        let analysis = analyze(&cards(six), crib, None).unwrap();
        assert_eq!(analysis.options.len(), 15);
        let sign = if crib == CribOwner::Mine { 1.0 } else { -1.0 };
        for option in &analysis.options {
            let (hand, crib_points) = brute_force(analysis.hand, option.discard);
            assert!((option.hand - hand).abs() < 1e-9, "{}", option.discard);
            assert!(
                (option.crib - sign * crib_points).abs() < 1e-9,
                "{}: {} against {}",
                option.discard,
                option.crib,
                sign * crib_points
            );
            assert!((option.total - (option.hand + option.crib)).abs() < 1e-12);
            assert_eq!(option.discard.len(), 2);
            assert_eq!(option.discard | option.keep, analysis.hand);
            assert_eq!(option.pegging, None);
            assert_eq!(option.win_prob, None, "no scores, no chances");
        }
    }
}

#[test]
fn the_fifteen_choices_come_best_first_each_once() {
    for (six, crib) in [
        ("5H 5C 6D JS QS KD", CribOwner::Mine),
        ("AH 2C 3D 4S 9H TC", CribOwner::Theirs),
        ("2H 4H 6H 8H TH QH", CribOwner::Mine),
    ] {
        let analysis = analyze(&cards(six), crib, None).unwrap();
        let thrown = analysis
            .options
            .iter()
            .fold(CardSet::EMPTY, |all, o| all | o.discard);
        assert_eq!(thrown, analysis.hand, "every card is thrown in some choice");
        let mut seen = Vec::new();
        for pair in analysis.options.windows(2) {
            assert!(pair[0].total >= pair[1].total, "{six}: not best first");
        }
        for option in &analysis.options {
            assert!(
                !seen.contains(&option.discard),
                "{six}: {} twice",
                option.discard
            );
            seen.push(option.discard);
        }
    }
}

#[test]
fn the_order_of_the_cards_given_does_not_matter() {
    let a = analyze(&cards("5H 5C 6D JS QS KD"), CribOwner::Mine, None).unwrap();
    let b = analyze(&cards("KD QS 5C JS 6D 5H"), CribOwner::Mine, None).unwrap();
    assert_eq!(a, b);
}

/// In real games, at every discard of seat 0, the analyser given that
/// seat's six cards, the deal and the scores says exactly what Hard values
/// and exactly the chances Expert reckons: the question it puts to the
/// engine is the position a game puts.
#[test]
fn in_real_games_it_agrees_with_the_computer_players_own_figures() {
    let mut compared = 0;
    let mut with_chances = 0;
    for (seed, target) in [(3u64, 121u16), (4, 121), (5, 61), (6, 61)] {
        let rules = Rules::new(2, target, Default::default(), Default::default()).unwrap();
        let mut game = Game::new(rules, seed);
        while !game.is_over() {
            let seat = game.current_player().unwrap();
            let obs = game.observation(seat);
            if obs.phase == Phase::Discard && seat == 0 && obs.laid_away.is_empty() {
                let crib = if obs.dealer == 0 {
                    CribOwner::Mine
                } else {
                    CribOwner::Theirs
                };
                let scores = Scores {
                    mine: obs.scores[0].front,
                    theirs: obs.scores[1].front,
                    target,
                };
                let six: Vec<Card> = obs.hand.iter().collect();
                let analysis = analyze(&six, crib, Some(scores)).unwrap();
                let mut hard = discard::options(&obs, Level::Hard);
                let expert = discard::options(&obs, Level::Expert);
                for option in &mut hard {
                    option.win_prob = expert
                        .iter()
                        .find(|e| e.discard == option.discard)
                        .unwrap()
                        .win_prob;
                }
                sort(&mut hard);
                assert_eq!(
                    analysis.options, hard,
                    "seed {seed}, hand {}",
                    obs.hand_number
                );
                compared += 1;
                with_chances += usize::from(analysis.options[0].win_prob.is_some());
            }
            let action = decide(Level::Medium, &obs, seed).unwrap();
            game.apply(action).unwrap();
        }
    }
    assert!(compared > 20, "{compared} discards compared");
    assert!(
        with_chances > 3,
        "{with_chances} of them near the end, with chances"
    );
}

/// Best first as the engine ranks: the chance where known, then the total,
/// then card order.
fn sort(options: &mut [DiscardOption]) {
    options.sort_by(|a, b| {
        let key = |o: &DiscardOption| (o.win_prob.unwrap_or(0.0), o.total);
        key(b)
            .partial_cmp(&key(a))
            .unwrap()
            .then(a.discard.bits().cmp(&b.discard.bits()))
    });
}

#[test]
fn near_the_end_every_choice_has_its_chance_and_they_rank_by_it() {
    let late = Scores {
        mine: 110,
        theirs: 112,
        target: 121,
    };
    let analysis = analyze(&cards("5H 5C 6D JS QS KD"), CribOwner::Theirs, Some(late)).unwrap();
    assert_eq!(analysis.scores, Some(late));
    for pair in analysis.options.windows(2) {
        let (a, b) = (pair[0].win_prob.unwrap(), pair[1].win_prob.unwrap());
        assert!((0.0..=1.0).contains(&a));
        assert!(a >= b, "ranked by the chance to win");
    }
    // And in a game to 61, needing as many points: chances again, ranked
    // by them (whether they equal the 121 game's is the model's to say).
    let short = Scores {
        mine: 50,
        theirs: 52,
        target: 61,
    };
    let short = analyze(&cards("5H 5C 6D JS QS KD"), CribOwner::Theirs, Some(short)).unwrap();
    for pair in short.options.windows(2) {
        assert!(pair[0].win_prob.unwrap() >= pair[1].win_prob.unwrap());
    }
    // The points are the same whatever the scores.
    let points = |a: &cribbage::ai::discard_analysis::Analysis| {
        let mut all: Vec<(u64, String)> = a
            .options
            .iter()
            .map(|o| (o.discard.bits(), format!("{:.9} {:.9}", o.hand, o.crib)))
            .collect();
        all.sort();
        all
    };
    let early = analyze(&cards("5H 5C 6D JS QS KD"), CribOwner::Theirs, None).unwrap();
    assert_eq!(points(&short), points(&early));
    assert_eq!(points(&analysis), points(&early));
}

#[test]
fn bad_questions_are_refused_with_the_reason() {
    let five = cards("5H 5C 6D JS QS");
    let seven = cards("5H 5C 6D JS QS KD AC");
    let mut twice = cards("5H 5C 6D JS QS");
    twice.push(twice[0]);
    let six = cards("5H 5C 6D JS QS KD");
    let scores = |mine, theirs, target| {
        Some(Scores {
            mine,
            theirs,
            target,
        })
    };
    let cases = [
        (
            analyze(&five, CribOwner::Mine, None),
            AnalysisError::Count(5),
            "the discard analyser needs the six cards dealt, not 5",
        ),
        (
            analyze(&seven, CribOwner::Mine, None),
            AnalysisError::Count(7),
            "not 7",
        ),
        (
            analyze(&[], CribOwner::Mine, None),
            AnalysisError::Count(0),
            "not 0",
        ),
        (
            analyze(&twice, CribOwner::Mine, None),
            AnalysisError::Twice("5H".parse().unwrap()),
            "5H is in the hand twice",
        ),
        (
            analyze(&six, CribOwner::Mine, scores(0, 0, 100)),
            AnalysisError::Target(100),
            "a game to 100: the target is 121 or 61",
        ),
        (
            analyze(&six, CribOwner::Mine, scores(121, 0, 121)),
            AnalysisError::Score("your", 121, 121),
            "your score of 121 has already reached 121: scores are 0 to 120",
        ),
        (
            analyze(&six, CribOwner::Theirs, scores(3, 70, 61)),
            AnalysisError::Score("their", 70, 61),
            "their score of 70 has already reached 61: scores are 0 to 60",
        ),
    ];
    for (result, error, message) in cases {
        let err = result.unwrap_err();
        assert_eq!(err, error);
        assert!(err.to_string().contains(message), "{err}");
    }
    let err = "ours".parse::<CribOwner>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "\"ours\" is not whose crib it is: \"mine\" (you deal) or \"theirs\""
    );
    assert_eq!("Mine".parse::<CribOwner>().unwrap(), CribOwner::Mine);
    assert_eq!("pone".parse::<CribOwner>().unwrap(), CribOwner::Theirs);
    // The highest scores a game allows are fine.
    assert!(analyze(&six, CribOwner::Mine, scores(120, 120, 121)).is_ok());
    assert!(analyze(&six, CribOwner::Mine, scores(60, 0, 61)).is_ok());
}

// ---------------------------------------------------------------------------
// The pinned figures the browser test checks the page against.

const PINNED: &str = "tests/data/discard-analysis.json";

/// The file: how to remake it, and each question with the engine's answer.
#[derive(Serialize, Deserialize)]
struct Pinned {
    note: String,
    cases: Vec<PinnedCase>,
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct PinnedCase {
    cards: Vec<Card>,
    crib: CribOwner,
    scores: Option<Scores>,
    options: Vec<DiscardOption>,
}

fn pinned_now() -> Pinned {
    let late = Scores {
        mine: 110,
        theirs: 112,
        target: 121,
    };
    let questions = [
        ("5H 5C 6D JS QS KD", CribOwner::Mine, None),
        ("7C 8D 9H 2S KC 4D", CribOwner::Theirs, None),
        ("5H 5C 6D JS QS KD", CribOwner::Theirs, Some(late)),
    ];
    Pinned {
        note:
            "The discard analyser's answers, pinned: tests/it/discard_analysis.rs checks the engine \
               still gives them and tests/e2e/analyser.test.mjs that the page shows them. \
               Remake with `cargo test --test it -- --ignored --exact discard_analysis::pin` when the engine's \
               figures change on purpose."
                .into(),
        cases: questions
            .into_iter()
            .map(|(six, crib, scores)| {
                let cards = cards(six);
                let options = analyze(&cards, crib, scores).unwrap().options;
                PinnedCase {
                    cards,
                    crib,
                    scores,
                    options,
                }
            })
            .collect(),
    }
}

#[test]
fn the_pinned_figures_are_the_engines() {
    let text = std::fs::read_to_string(PINNED).unwrap();
    let pinned: Pinned = serde_json::from_str(&text).unwrap();
    let now = pinned_now();
    assert_eq!(pinned.cases.len(), now.cases.len());
    for (was, is) in pinned.cases.iter().zip(&now.cases) {
        assert_eq!(
            (&was.cards, was.crib, was.scores),
            (&is.cards, is.crib, is.scores)
        );
        assert_eq!(was.options.len(), 15);
        for (a, b) in was.options.iter().zip(&is.options) {
            assert_eq!((a.discard, a.keep), (b.discard, b.keep), "{:?}", was.cards);
            for (x, y) in [(a.hand, b.hand), (a.crib, b.crib), (a.total, b.total)] {
                assert!(
                    (x - y).abs() < 1e-9,
                    "{:?} {}: {x} against {y}",
                    was.cards,
                    a.discard
                );
            }
            match (a.win_prob, b.win_prob) {
                (Some(x), Some(y)) => assert!((x - y).abs() < 1e-9),
                (x, y) => assert_eq!(x, y),
            }
        }
    }
    // Spelled out, the best of the first: lay away 5C 6D in your own crib.
    let best = &now.cases[0].options[0];
    assert_eq!(best.discard, set("5C 6D"));
    assert_eq!(
        format!("{:.2} {:+.2} {:.2}", best.hand, best.crib, best.total),
        "11.22 +7.05 18.26"
    );
}

/// Rewrites the pinned file from the engine as it is.
#[test]
#[ignore = "rewrites tests/data/discard-analysis.json: run by hand when the figures change on purpose"]
fn pin() {
    let mut text = serde_json::to_string_pretty(&pinned_now()).unwrap();
    text.push('\n');
    std::fs::write(PINNED, text).unwrap();
}
