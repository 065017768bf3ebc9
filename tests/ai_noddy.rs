//! Noddy's computer players: they decide from their seat's observation
//! alone (the other hand swapped for any hand that sounds the same changes
//! nothing), always legally, and the stronger levels read the other hand.

use cribbage::ai::{DecideError, Level, noddy};
use cribbage::cards::{Card, CardSet};
use cribbage::games::noddy::{Action, DealSetup, Game, Rules, Setup, score};

const LEVELS: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

/// The words of an announcement: what the table hears.
fn sounds(dealt: CardSet, turnup: Card) -> Vec<String> {
    score::announcement(&dealt.to_vec(), turnup)
        .unwrap()
        .steps()
        .into_iter()
        .map(|s| s.phrase)
        .collect()
}

/// The same deal with the other player's cards swapped for another hand
/// that announces in the same words: every public fact and the seat's own
/// cards stay as they were.
fn swapped(game: &Game, seat: usize) -> Option<Game> {
    let other = 1 - seat;
    let turnup = game.turnup()?;
    let theirs = game.dealt(other);
    let heard = sounds(theirs, turnup);
    let unseen = !(game.dealt(seat).with(turnup));
    let alternative = unseen
        .combinations(3)
        .find(|&h| h != theirs && sounds(h, turnup) == heard)?;
    let mut hands = vec![Vec::new(), Vec::new()];
    hands[seat] = game.dealt(seat).to_vec();
    hands[other] = alternative.to_vec();
    let setup = Setup {
        first_dealer: game.dealer(),
        // The first hand: the game began at love all.
        scores: Vec::new(),
        deals: vec![DealSetup { hands, turnup }],
    };
    Game::with_setup(Rules::default(), 1, setup).ok()
}

#[test]
fn decisions_depend_only_on_what_the_seat_may_know() {
    let mut compared = 0;
    for seed in 0..60 {
        let game = Game::new(Rules::default(), seed);
        let Some(seat) = game.current_player() else {
            continue;
        };
        if game.hand_number() != 1 {
            continue;
        }
        let Some(other) = swapped(&game, seat) else {
            continue;
        };
        assert_ne!(other.hand(1 - seat), game.hand(1 - seat));
        let (a, b) = (game.observation(seat), other.observation(seat));
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap(),
            "seed {seed}: the observations differ"
        );
        for level in LEVELS {
            for bot_seed in 0..3 {
                assert_eq!(
                    noddy::decide(level, &a, bot_seed),
                    noddy::decide(level, &b, bot_seed),
                    "seed {seed}, {level}"
                );
            }
        }
        compared += 1;
    }
    assert!(compared >= 30, "only {compared} deals compared");
}

#[test]
fn every_level_always_plays_legally_and_finishes() {
    for seed in 0..40 {
        let levels = [LEVELS[seed as usize % 4], LEVELS[(seed as usize + 1) % 4]];
        let mut game = Game::new(Rules::default(), seed);
        while let Some(seat) = game.current_player() {
            let obs = game.observation(seat);
            let action = noddy::decide(levels[seat], &obs, seed).unwrap();
            assert!(obs.legal.contains(&action), "{action} is not legal");
            game.apply(action).unwrap();
        }
        assert!(game.winner().is_some());
    }
}

#[test]
fn a_bot_refuses_to_act_out_of_turn() {
    let game = Game::new(Rules::default(), 4);
    let seat = game.current_player().unwrap();
    let obs = game.observation(1 - seat);
    assert_eq!(
        noddy::decide(Level::Hard, &obs, 1),
        Err(DecideError::NotYourTurn)
    );
}

/// The other hand is read from its announcement: a silent hand
/// ("nothing") rules out every hand that would have scored.
#[test]
fn hard_reads_the_other_hand_from_its_announcement() {
    let setup = Setup {
        first_dealer: 0,
        scores: Vec::new(),
        deals: vec![DealSetup {
            hands: vec![
                "KS QD 4C".parse::<CardSet>().unwrap().to_vec(),
                "7H 8C 2D".parse::<CardSet>().unwrap().to_vec(),
            ],
            turnup: "9S".parse().unwrap(),
        }],
    };
    let game = Game::with_setup(Rules::default(), 1, setup).unwrap();
    // Seat 1 leads; seat 0 heard it announce "fifteen two, and a run of three is four".
    let mut game = game;
    game.apply(Action::Play("2D".parse().unwrap())).unwrap();
    let obs = game.observation(0);
    let hands = noddy::possible_hands(&obs);
    assert!(
        hands
            .iter()
            .any(|&h| h == "7H 8C".parse::<CardSet>().unwrap())
    );
    for hand in &hands {
        let dealt = hand.with("2D".parse().unwrap());
        assert_eq!(
            sounds(dealt, "9S".parse().unwrap()),
            vec!["fifteen two", "and a run of three is four"]
        );
    }
    // Far fewer than every two cards of the 47 unseen.
    assert!(hands.len() < 60, "{} hands", hands.len());
}

/// The coach shows every card with what it makes and its value, best first,
/// and its best is what the level plays.
#[test]
fn the_coach_shows_every_card_and_agrees_with_the_level() {
    use cribbage::ai::noddy::coach::{Analysis, analyze};
    let mut shown = 0;
    for seed in 0..30 {
        let mut game = Game::new(Rules::default(), seed);
        while let Some(seat) = game.current_player() {
            let obs = game.observation(seat);
            match analyze(&obs, Level::Hard, seed).unwrap() {
                Analysis::Play {
                    options,
                    hands_that_fit,
                    ..
                } => {
                    assert!(hands_that_fit > 0);
                    assert_eq!(options.len(), obs.legal.len());
                    assert!(options.windows(2).all(|w| w[0].value >= w[1].value));
                    assert_eq!(
                        Ok(options[0].action),
                        noddy::decide(Level::Hard, &obs, seed)
                    );
                    for option in &options {
                        assert_eq!(option.now == 0, option.said.is_empty(), "{option:?}");
                    }
                    shown += 1;
                }
                Analysis::Nothing => assert_eq!(obs.legal.len(), 1),
            }
            let action = obs.legal[0];
            game.apply(action).unwrap();
        }
        assert_eq!(
            analyze(&game.observation(0), Level::Hard, 1),
            Err(DecideError::NotYourTurn)
        );
    }
    assert!(shown > 50, "{shown} positions with a choice");
    // A card making fifteen is said so.
    let setup = Setup {
        first_dealer: 0,
        scores: Vec::new(),
        deals: vec![DealSetup {
            hands: vec![
                "7S 3D QC".parse::<CardSet>().unwrap().to_vec(),
                "8H 2C KD".parse::<CardSet>().unwrap().to_vec(),
            ],
            turnup: "4H".parse().unwrap(),
        }],
    };
    let mut game = Game::with_setup(Rules::default(), 1, setup).unwrap();
    game.apply(Action::Play("8H".parse().unwrap())).unwrap();
    let Ok(Analysis::Play { options, .. }) = analyze(&game.observation(0), Level::Hard, 1) else {
        panic!("seat 0 has three cards to choose from");
    };
    let seven = options
        .iter()
        .find(|o| o.card == "7S".parse().unwrap())
        .unwrap();
    assert_eq!(
        (seven.now, seven.said.clone()),
        (2, vec!["fifteen two".to_string()])
    );
}

/// The review replays a game: the level's own decisions, on the same seed,
/// cost nothing, and the other player's are judged.
#[test]
fn the_review_judges_each_decision() {
    use cribbage::ai::noddy::coach::review;
    use cribbage::record::Session;
    let mut easy_lost = 0.0;
    for seed in 0..6 {
        let mut session = Session::new(Game::new(Rules::default(), seed));
        while let Some(seat) = session.game().current_player() {
            let obs = session.game().observation(seat);
            let level = if seat == 0 { Level::Hard } else { Level::Easy };
            let action = noddy::decide(level, &obs, 7).unwrap();
            session.apply(action).unwrap();
        }
        let judged = review(&session, &[], Level::Hard, 7);
        assert!(judged.decisions.iter().all(|d| d.loss >= 0.0));
        let own: f64 = judged
            .decisions
            .iter()
            .filter(|d| d.seat == 0)
            .map(|d| d.loss)
            .sum();
        assert_eq!(
            own, 0.0,
            "Hard's own decisions cost nothing on its own seed"
        );
        assert_eq!(judged.points_lost[0], 0.0);
        easy_lost += judged.points_lost[1];
    }
    // Easy slips a third of the time: over six games, some of it shows.
    assert!(easy_lost > 0.0, "Easy lost {easy_lost}");
}
