//! The computer players: honest by construction, always legal, and sane at
//! every level; the coach and the review.

use cribbage::ai::coach::{self, Analysis};
use cribbage::ai::review::{Unit, review};
use cribbage::ai::{Bot, Level, Player, decide};
use cribbage::cards::{Card, CardSet, Rank, parse_cards};
use cribbage::games::State as _;
use cribbage::games::cribbage::{Action, DealSetup, Game, Phase, Setup};
use cribbage::games::cribbage::{Counting, MatchFormat, Rules};

const ALL_LEVELS: [Level; 6] = [
    Level::Easy,
    Level::Medium,
    Level::Hard,
    Level::Expert,
    Level::Baseline,
    Level::ExpertV1,
];

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn stacked(
    rules: Rules,
    seed: u64,
    dealer: usize,
    hands: &[&str],
    crib: &str,
    starter: &str,
) -> Game {
    stacked_at(rules, seed, dealer, hands, crib, starter, &[])
}

/// [`stacked`] with the sides starting on `scores`.
fn stacked_at(
    rules: Rules,
    seed: u64,
    dealer: usize,
    hands: &[&str],
    crib: &str,
    starter: &str,
    scores: &[u16],
) -> Game {
    let setup = Setup {
        first_dealer: dealer,
        scores: scores.to_vec(),
        deals: vec![DealSetup {
            hands: hands.iter().map(|h| cards(h)).collect(),
            crib: cards(crib),
            starter: starter.parse().unwrap(),
        }],
    };
    Game::with_setup(rules, seed, setup).unwrap()
}

/// Two games that differ only in what seat 1 cannot see — seat 0's hand
/// (its throws and the cards it has not yet played), the crib and the order
/// of the stock — must give seat 1 equal observations and, at every level,
/// equal decisions.
/// The same in reverse cribbage, where the levels avoid points, and near
/// the end of a game, where Expert weighs every outcome by the chance to win.
#[test]
fn decisions_depend_only_on_what_the_seat_may_know() {
    for rules in [Rules::default(), Rules::default().reverse()] {
        hidden_cards_change_nothing(rules, &[]);
    }
    hidden_cards_change_nothing(Rules::default(), &[109, 113]);
}

fn hidden_cards_change_nothing(rules: Rules, scores: &[u16]) {
    let bot_hand = "5H 6C 7D 8S 9H TC";
    // Seat 0 deals. In both games it keeps K and Q (played first) but
    // holds different other cards and throws different cards.
    let mut a = stacked_at(
        rules,
        1,
        0,
        &["KS QH 2D 3C 4S AH", bot_hand],
        "",
        "9C",
        scores,
    );
    let mut b = stacked_at(
        rules,
        2,
        0,
        &["KS QH JD 4C AD 2S", bot_hand],
        "",
        "9C",
        scores,
    );
    let seat0 = [
        (
            Action::Discard("4S AH".parse().unwrap()),
            Action::Discard("AD 2S".parse().unwrap()),
        ),
        (
            Action::Play("KS".parse().unwrap()),
            Action::Play("KS".parse().unwrap()),
        ),
    ];
    let mut scripted = seat0.iter();
    let mut compared = 0;
    while compared < 3 {
        match a.current_player() {
            Some(1) => {
                let view = a.observation(1);
                assert_eq!(view, b.observation(1), "the seat's views must be equal");
                assert_ne!(a.hand(0), b.hand(0));
                let mut choice = None;
                for level in ALL_LEVELS {
                    for seed in [3, 99] {
                        let from_a = decide(level, &view, seed).unwrap();
                        let from_b = decide(level, &b.observation(1), seed).unwrap();
                        assert_eq!(from_a, from_b, "{level} with seed {seed}");
                        if level == Level::Expert {
                            choice = Some(from_a);
                        }
                    }
                }
                let action = choice.unwrap();
                a.apply(action.clone()).unwrap();
                b.apply(action).unwrap();
                compared += 1;
            }
            Some(0) => {
                let (for_a, for_b) = scripted.next().expect("a scripted move for seat 0");
                a.apply(for_a.clone()).unwrap();
                b.apply(for_b.clone()).unwrap();
            }
            other => panic!("unexpected turn {other:?}"),
        }
    }
    assert_ne!(a.crib(), b.crib());
}

/// The same observation and seed always give the same decision; a JSON
/// round trip (the form a seat's view is written in, for the page and the
/// CLI agent's callers) changes nothing.
#[test]
fn decisions_are_reproducible_through_json() {
    let mut game = Game::new(Rules::default(), 17);
    let mut bots = [
        Bot {
            level: Level::Expert,
            seed: 5,
        },
        Bot {
            level: Level::Hard,
            seed: 6,
        },
    ];
    for _ in 0..30 {
        let seat = game.current_player().unwrap();
        let view = game.observation(seat);
        let json = serde_json::to_string(&view).unwrap();
        let back = serde_json::from_str(&json).unwrap();
        let first = bots[seat].decide(&view).unwrap();
        assert_eq!(bots[seat].decide(&back).unwrap(), first);
        game.apply(first).unwrap();
    }
}

/// Whole games with every level in every seat, for two, three and four
/// players, automatic and muggins counting: every decision is legal (the
/// game refuses anything else) and every game ends.
#[test]
fn every_level_always_plays_legally() {
    let mut played = 0;
    for players in 2..=4u8 {
        for counting in [Counting::Automatic, Counting::Muggins] {
            let target = if players == 2 { 121 } else { 61 };
            let rules = Rules::new(players, target, counting, MatchFormat::Single).unwrap();
            for g in 0..2u64 {
                let seed = u64::from(players) * 100 + g;
                let mut game = Game::new(rules, seed);
                let mut bots: Vec<Bot> = (0..usize::from(players))
                    .map(|s| Bot {
                        level: ALL_LEVELS
                            [(s + g as usize + usize::from(players)) % ALL_LEVELS.len()],
                        seed: seed + s as u64,
                    })
                    .collect();
                while let Some(seat) = game.current_player() {
                    let view = game.observation(seat);
                    let action = bots[seat].decide(&view).unwrap();
                    assert!(
                        view.legal.contains(&action),
                        "{action} not in {:?}",
                        view.legal
                    );
                    game.apply(action).unwrap();
                }
                game.check_invariants().unwrap();
                played += 1;
            }
        }
    }
    assert_eq!(played, 12);
}

/// Not the seat's turn: an error, never a guess.
#[test]
fn a_bot_refuses_to_act_out_of_turn() {
    let game = Game::new(Rules::default(), 4);
    let waiting = 1 - game.current_player().unwrap();
    assert!(decide(Level::Hard, &game.observation(waiting), 1).is_err());
}

/// Hard keeps a pair of fives rather than give them to the dealer's crib.
#[test]
fn hard_never_gives_the_dealer_two_fives() {
    let mut checked = 0;
    for seed in 0..400u64 {
        let game = Game::new(Rules::default(), seed);
        let seat = game.current_player().unwrap();
        let hand = game.hand(seat);
        let fives = hand.of_rank(Rank::Five);
        if seat == game.dealer() || fives.len() != 2 {
            continue;
        }
        let action = decide(Level::Hard, &game.observation(seat), 1).unwrap();
        assert_ne!(action, Action::Discard(fives), "seed {seed}: {hand}");
        checked += 1;
    }
    assert!(checked > 10, "only {checked} hands with two fives");
}

/// The crib counts for the seat when its side deals (its partner's crib
/// too, with four players) and against it otherwise; the best keep of a
/// big hand is found either way.
#[test]
fn the_crib_sign_follows_whose_crib_it_is() {
    let hand = "5H 5C 5S JD 8C 9D";
    for (dealer, sign) in [(1usize, 1.0), (0, -1.0)] {
        let game = stacked(
            Rules::default(),
            3,
            dealer,
            &["AS 2S 3S 4S 6S 7S", hand],
            "",
            "KD",
        );
        let view = game.observation(1);
        let options = coach::discards(&view, Level::Hard);
        assert_eq!(options.len(), 15);
        for option in &options {
            assert!(option.crib * sign >= 0.0, "{option:?}");
            assert!((option.total - option.hand - option.crib).abs() < 1e-9);
        }
        // Kept: the three fives and the jack (fifteens, a pair royal, his nob).
        assert_eq!(options[0].keep, "5H 5C 5S JD".parse::<CardSet>().unwrap());
    }
    // Four players: the partner's crib counts for the seat.
    let rules = Rules::new(4, 121, Counting::Automatic, MatchFormat::Single).unwrap();
    let game = stacked(
        rules,
        3,
        1,
        &[
            "AS 2S 3S 4S 6S",
            "AH 2H 3H 4H 6H",
            "AD 2D 3D 4D 6D",
            "5H 5C 5S JD 8C",
        ],
        "",
        "KD",
    );
    let view = game.observation(3);
    let options = coach::discards(&view, Level::Expert);
    assert_eq!(options.len(), 5);
    assert!(options.iter().all(|o| o.crib >= 0.0), "{options:?}");
}

/// Expert pegs out when a card reaches the target: positions from games in
/// which its opponent stands far behind and it needs only a few points.
#[test]
fn expert_takes_a_winning_peg_out() {
    let mut found = 0;
    for seed in 0..200u64 {
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
            let view = game.observation(seat);
            if view.phase == Phase::Play {
                let need = view.points_to_go(view.side);
                let winners: Vec<Card> = view
                    .hand
                    .iter()
                    .filter(|&card| {
                        let mut pile = view.pile.clone();
                        pile.push(card);
                        view.count + card.pips() <= 31
                            && u16::from(cribbage::count::peg_score_unchecked(&pile).points())
                                >= need
                    })
                    .collect();
                if !winners.is_empty() && view.legal.len() > 1 {
                    let action = decide(Level::Expert, &view, seed).unwrap();
                    let Action::Play(card) = action else {
                        panic!("{action}")
                    };
                    assert!(
                        winners.contains(&card),
                        "seed {seed}: {card} of {:?}",
                        view.legal
                    );
                    found += 1;
                }
            }
            let action = bots[seat].decide(&view).unwrap();
            game.apply(action).unwrap();
        }
    }
    assert!(found >= 8, "only {found} positions");
}

/// In muggins, every level claims its count (Easy now and then less);
/// Hard calls every wrong claim with the true count, and lets a right one
/// stand.
#[test]
fn muggins_claims_and_calls() {
    let rules = Rules::two_player(Counting::Muggins, MatchFormat::Single);
    let mut claims = [0usize; 2];
    let mut game = Game::new(rules, 8);
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
    let mut calls = 0;
    while let Some(seat) = game.current_player() {
        let view = game.observation(seat);
        let action = bots[seat].decide(&view).unwrap();
        match (&view.phase, &action) {
            (Phase::Claim, Action::Claim(points)) => {
                let Analysis::Claim { points: exact } =
                    coach::analyze(&view, Level::Hard, 0).unwrap()
                else {
                    panic!()
                };
                if seat == 1 {
                    assert_eq!(*points, exact);
                }
                claims[usize::from(*points == exact)] += 1;
            }
            (Phase::Muggins, a) if seat == 1 => {
                let Analysis::Muggins { claimed, points } =
                    coach::analyze(&view, Level::Hard, 0).unwrap()
                else {
                    panic!()
                };
                if claimed == points {
                    assert_eq!(*a, Action::Accept);
                } else {
                    assert_eq!(*a, Action::Muggins(points));
                    calls += 1;
                }
            }
            _ => {}
        }
        game.apply(action).unwrap();
    }
    assert!(claims[1] > 10, "{claims:?}");
    assert!(claims[0] > 0, "{claims:?}");
    assert_eq!(calls, claims[0], "Hard calls every under-claim of Easy's");
}

/// The coach lists every option with its numbers; the review replays a
/// game and prices each decision.
#[test]
fn coach_and_review() {
    let rules = Rules::new(3, 61, Counting::Automatic, MatchFormat::Single).unwrap();
    let game = Game::new(rules, 6);
    let seat = game.current_player().unwrap();
    let view = game.observation(seat);
    let Analysis::Discard { options, .. } = coach::analyze(&view, Level::Expert, 1).unwrap() else {
        panic!("a discard analysis")
    };
    assert_eq!(options.len(), 5);
    assert!(options.windows(2).all(|w| w[0].total >= w[1].total));

    let mut game = Game::new(Rules::default(), 12);
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
    let mut saw_play = false;
    for _ in 0..60 {
        let seat = game.current_player().unwrap();
        let view = game.observation(seat);
        if view.phase == Phase::Play && view.legal.len() > 1 && !saw_play {
            let Analysis::Play { options, .. } = coach::analyze(&view, Level::Hard, 1).unwrap()
            else {
                panic!("a play analysis")
            };
            assert_eq!(options.len(), view.legal.len());
            saw_play = true;
        }
        let action = bots[seat].decide(&view).unwrap();
        game.apply(action).unwrap();
    }
    assert!(saw_play);
    let reviewed = review(&game, &[0], Level::Hard, 3);
    assert!(!reviewed.decisions.is_empty());
    for d in &reviewed.decisions {
        assert_eq!(d.seat, 0);
        assert!(
            d.loss >= 0.0 && d.best_value >= d.chosen_value - 1e-9,
            "{d:?}"
        );
        assert_eq!(d.unit, Unit::Points);
    }
    // Easy's pre-cut discards cost it points in expectation, as judged by Hard.
    assert!(reviewed.points_lost[0] > 0.0);
    let json = serde_json::to_string(&reviewed).unwrap();
    assert!(json.contains("\"best\""));
}

/// A game an undo took moves back in is reviewed along its record: the
/// redraw changes the cards from the undo on, and a review that replayed
/// the actions alone would stop at the first one the other cards refuse.
#[test]
fn the_review_follows_a_record_with_an_undo() {
    use cribbage::ai::review::review_session;
    use cribbage::record::{Session, Step};
    let mut session = Session::new(Game::new(Rules::default(), 17));
    let first = session.game().current_player().unwrap();
    for _ in 0..2 {
        let action = session.game().legal_actions()[0].clone();
        session.apply(action).unwrap();
    }
    session.undo(first).unwrap();
    // Two hands and more after the undo.
    while session.game().hand_number() < 3 && !session.game().is_over() {
        let action = session.game().legal_actions().swap_remove(0);
        session.apply(action).unwrap();
    }
    assert!(session.steps().contains(&Step::Redraw(1)));
    let actions = session.game().actions().len();
    let reviewed = review_session(&session, &[], Level::Easy, 5);
    let last = reviewed.decisions.last().expect("decisions reviewed").index;
    // The last decision with a choice is among the last few actions.
    assert!(last + 12 > actions, "reviewed up to {last} of {actions}");
}

/// The review prices a claim by what the table pegs for it: in muggins an
/// over-claim is called (Hard and Expert call every wrong claim), so it
/// costs its maker the excess (pegged by the caller as a penalty) where it
/// had looked like a gain; an under-claim costs the points left out; in
/// reverse an over-claim costs what it added and an under-claim nothing.
#[test]
fn the_review_prices_a_wrong_claim_net_of_what_the_caller_pegs() {
    for reverse in [false, true] {
        for excess in [-1i16, 0, 2] {
            let rules = Rules::two_player(Counting::Muggins, MatchFormat::Single);
            let rules = if reverse { rules.reverse() } else { rules };
            let mut game = Game::new(rules, 8);
            let mut hard = Bot {
                level: Level::Hard,
                seed: 2,
            };
            // Seat 0 plays as Hard but for its first claim of a hand that
            // holds points, which it makes `excess` off the true count.
            let mut claimed = None;
            while let Some(seat) = game.current_player() {
                let view = game.observation(seat);
                let mut action = hard.decide(&view).unwrap();
                if seat == 0 && claimed.is_none() && view.phase == Phase::Claim {
                    let Analysis::Claim { points } = coach::analyze(&view, Level::Hard, 0).unwrap()
                    else {
                        panic!("a claim's analysis")
                    };
                    if points > 0 {
                        let said = u8::try_from(i16::from(points) + excess).unwrap();
                        action = Action::Claim(said);
                        claimed = Some((said, points));
                    }
                }
                game.apply(action).unwrap();
                if claimed.is_some() && game.current_player() == Some(0) {
                    break;
                }
            }
            let (said, points) = claimed.expect("seat 0 claimed a hand with points");
            let reviewed = review(&game, &[0], Level::Hard, 1);
            let claim = reviewed
                .decisions
                .iter()
                .find(|d| d.chosen.action == Action::Claim(said))
                .expect("the claim is reviewed");
            assert_eq!(claim.unit, Unit::Points);
            // The claimant holds no cards by then: the review shows what was
            // counted, and the other side's answer shows the claim too.
            let counted = claim.position.counted.as_ref().expect("the hand counted");
            assert_eq!(
                (counted.seat, counted.cards.len(), counted.claimed),
                (0, 4, None)
            );
            let off = f64::from(said.abs_diff(points));
            let loss = match (reverse, said.cmp(&points)) {
                (_, std::cmp::Ordering::Equal) => 0.0,
                // Standard: the excess the caller pegs; the points left out,
                // which the caller pegs too.
                (false, std::cmp::Ordering::Greater) => off,
                (false, std::cmp::Ordering::Less) => 2.0 * off,
                // Reverse: an over-claim's added points; an under-claim comes back.
                (true, std::cmp::Ordering::Greater) => off,
                (true, std::cmp::Ordering::Less) => 0.0,
            };
            assert_eq!(
                claim.loss, loss,
                "reverse {reverse}, claimed {said} of {points}: {claim:?}"
            );
            assert_eq!(
                claim.best_value,
                if reverse {
                    -f64::from(points)
                } else {
                    f64::from(points)
                }
            );
            // The other side's answer to the claim: calling it is worth what
            // the call takes from the claim, net.
            let answered = review(&game, &[1], Level::Hard, 1);
            let answer = answered
                .decisions
                .iter()
                .find(|d| matches!(d.chosen.action, Action::Muggins(_) | Action::Accept))
                .expect("the answer to the claim is reviewed");
            let gain = match (reverse, said.cmp(&points)) {
                (_, std::cmp::Ordering::Equal) => 0.0,
                // Standard: the caller pegs the excess and its maker does not.
                (false, std::cmp::Ordering::Greater) => 2.0 * off,
                // An under-claim's missed points, to the caller (standard) or
                // back to the under-counter (reverse).
                (_, std::cmp::Ordering::Less) => off,
                // Reverse: a call would only take points off the over-claimer.
                (true, std::cmp::Ordering::Greater) => 0.0,
            };
            assert_eq!(
                answer.best_value, gain,
                "reverse {reverse}, claimed {said} of {points}: {answer:?}"
            );
            assert_eq!(answer.loss, 0.0, "Hard answers every claim as it should");
            let answered_counted = answer.position.counted.as_ref().expect("the hand counted");
            assert_eq!(answered_counted.cards, counted.cards);
            assert_eq!(answered_counted.claimed, Some(said));
        }
    }
}
