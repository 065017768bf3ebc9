//! Costly Colours' computer players: they decide from their seat's
//! observation alone (the other hand swapped for any cards that fit
//! everything public changes nothing, at the mog, the pass and the play),
//! always legally, never out of turn, and the levels' reasoning shows in
//! positions built for it.

use cribbage::ai::costly_colours::coach::{Analysis, analyze, review};
use cribbage::ai::{DecideError, Level, costly_colours};
use cribbage::cards::{Card, CardSet, parse_cards};
use cribbage::games::State as _;
use cribbage::games::costly_colours::{Action, DealSetup, Event, Game, Phase, Rules, Setup};
use cribbage::record::Session;
use std::collections::BTreeMap;
use std::process::Command;

const LEVELS: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// A game of one stacked hand: `hands[seat]`, dealt by `dealer`.
fn stacked(dealer: usize, hands: [&str; 2], turnup: &str, scores: Vec<u16>) -> Game {
    let setup = Setup {
        first_dealer: dealer,
        scores,
        deals: vec![DealSetup {
            hands: hands.iter().map(|h| parse_cards(h).unwrap()).collect(),
            turnup: card(turnup),
        }],
    };
    Game::with_setup(Rules::default(), 1, setup).unwrap()
}

fn act(game: &mut Game, seat: usize, action: &str) {
    game.apply_as(seat, action.parse().unwrap())
        .unwrap_or_else(|e| panic!("{action} by seat {seat}: {e}"));
}

/// A small deterministic generator for the test's own choices.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// The same first hand with the other player's hidden cards swapped for
/// other cards consistent with everything public: the same actions
/// replayed (the other's pass mapped to its new card) make the same public
/// record, event for event. `None` if no such swap is found, or nothing is
/// hidden to swap. What `seat` knows of the other's cards stays: the cards
/// they laid, and the card they passed once `seat` has received it.
fn swapped(game: &Game, seat: usize, rng: &mut Lcg) -> Option<Game> {
    let other = 1 - seat;
    let turnup = game.turnup()?;
    let obs = game.observation(seat);
    let theirs = game.dealt(other);
    let mut known: CardSet = game
        .laid()
        .iter()
        .filter(|l| l.seat == other)
        .map(|l| l.card)
        .collect();
    if let Some(received) = obs.mog.received {
        known.insert(received);
    }
    let hidden: Vec<Card> = (theirs - known).to_vec();
    if hidden.is_empty() {
        return None;
    }
    let pool: Vec<Card> = (!(game.dealt(seat) | theirs).with(turnup)).to_vec();
    for _ in 0..60 {
        let mut map = BTreeMap::new();
        let mut used = CardSet::EMPTY;
        for &old in &hidden {
            let new = loop {
                let c = pool[rng.below(pool.len())];
                if !used.contains(c) {
                    break c;
                }
            };
            used.insert(new);
            map.insert(old, new);
        }
        let swap = |c: Card| map.get(&c).copied().unwrap_or(c);
        let mut hands = vec![Vec::new(), Vec::new()];
        hands[seat] = game.dealt(seat).to_vec();
        hands[other] = theirs.iter().map(swap).collect();
        let setup = Setup {
            first_dealer: game.first_dealer(),
            scores: Vec::new(),
            deals: vec![DealSetup { hands, turnup }],
        };
        let mut alt = Game::with_setup(Rules::default(), 1, setup).ok()?;
        let replayed = game.actions().iter().all(|&action| {
            let action = match action {
                Action::Pass(c) if alt.current_player() == Some(other) => Action::Pass(swap(c)),
                a => a,
            };
            alt.apply(action).is_ok()
        });
        if replayed && public(&alt) == public(game) {
            return Some(alt);
        }
    }
    None
}

/// The public record of the first hand: every event from its deal on (a
/// stacked game has no cut for deal).
fn public(game: &Game) -> &[Event] {
    let events = game.events();
    let from = events
        .iter()
        .position(|e| matches!(e, Event::Deal { .. }))
        .unwrap_or(0);
    &events[from..]
}

/// The heart of honesty: at the mog, the pass and the play, a seat's
/// observation, every level's decision (at several seeds) and the coach's
/// analysis are the same whatever the other player's hidden cards are.
#[test]
fn decisions_depend_only_on_what_the_seat_may_know() {
    let mut rng = Lcg(7);
    let mut compared = BTreeMap::new();
    for seed in 0..40 {
        let mut game = Game::new(Rules::default(), seed);
        while let Some(seat) = game.current_player() {
            if game.hand_number() != 1 {
                break;
            }
            if let Some(alt) = swapped(&game, seat, &mut rng) {
                let other = 1 - seat;
                assert_ne!(alt.dealt(other), game.dealt(other), "seed {seed}");
                let (a, b) = (game.observation(seat), alt.observation(seat));
                assert_eq!(
                    serde_json::to_string(&a).unwrap(),
                    serde_json::to_string(&b).unwrap(),
                    "seed {seed}: the observations differ"
                );
                for level in LEVELS {
                    for bot_seed in 0..3 {
                        assert_eq!(
                            costly_colours::decide(level, &a, bot_seed),
                            costly_colours::decide(level, &b, bot_seed),
                            "seed {seed}, {level}, {:?}",
                            a.phase
                        );
                    }
                }
                // The coach too: every figure it shows, not just the best.
                for level in [Level::Easy, Level::Medium, Level::Hard] {
                    assert_eq!(
                        serde_json::to_string(&analyze(&a, level, seed).unwrap()).unwrap(),
                        serde_json::to_string(&analyze(&b, level, seed).unwrap()).unwrap(),
                        "seed {seed}, {level}: the coach's analyses differ"
                    );
                }
                *compared.entry(format!("{:?}", a.phase)).or_insert(0) += 1;
            }
            let level = LEVELS[(seed as usize + seat) % 4];
            let action = costly_colours::decide(level, &game.observation(seat), seed).unwrap();
            game.apply(action).unwrap();
        }
    }
    for phase in ["Mog", "Pass", "Play"] {
        let n = compared.get(phase).copied().unwrap_or(0);
        assert!(n >= 20, "only {n} {phase} decisions compared: {compared:?}");
    }
}

/// Every level, in every seat, plays only legal actions, the game's
/// invariants hold throughout, and the game finishes.
#[test]
fn every_level_always_plays_legally_and_finishes() {
    for seed in 0..32 {
        let levels = [
            LEVELS[seed as usize % 4],
            LEVELS[(seed as usize / 4 + 1) % 4],
        ];
        let mut game = Game::new(Rules::default(), seed);
        while let Some(seat) = game.current_player() {
            let obs = game.observation(seat);
            let action = costly_colours::decide(levels[seat], &obs, seed).unwrap();
            assert!(obs.legal.contains(&action), "{action} is not legal");
            game.apply(action).unwrap();
            game.check_invariants().unwrap();
        }
        assert!(game.winner().is_some());
    }
}

#[test]
fn a_bot_refuses_to_act_out_of_turn() {
    let game = Game::new(Rules::default(), 4);
    let seat = game.current_player().unwrap();
    for level in LEVELS {
        assert_eq!(
            costly_colours::decide(level, &game.observation(1 - seat), 1),
            Err(DecideError::NotYourTurn)
        );
    }
    // A game over has no one to act.
    let mut over = game;
    while let Some(seat) = over.current_player() {
        let action = costly_colours::decide(Level::Easy, &over.observation(seat), 2).unwrap();
        over.apply(action).unwrap();
    }
    assert_eq!(
        costly_colours::decide(Level::Hard, &over.observation(0), 1),
        Err(DecideError::NotYourTurn)
    );
}

/// An ace is worth 1 or 11 as it is laid: at 20 the levels that look
/// ahead lay it as 11 for thirty-one (three cards, and the count goes back
/// to 0), not as 1, which leaves the other player a ten-card for 31.
#[test]
fn an_ace_is_laid_at_the_value_that_scores() {
    // Seat 0 deals; seat 1 leads.
    let mut game = stacked(0, ["KC QD 8S", "TH AS 4C"], "3D", Vec::new());
    act(&mut game, 1, "refuse");
    act(&mut game, 0, "mog");
    act(&mut game, 1, "play TH");
    act(&mut game, 0, "play KC");
    let obs = game.observation(1);
    assert_eq!(obs.count, 20);
    for level in [Level::Medium, Level::Hard, Level::Expert] {
        for seed in 0..3 {
            assert_eq!(
                costly_colours::decide(level, &obs, seed),
                Ok(Action::Play {
                    card: card("AS"),
                    value: 11
                }),
                "{level}"
            );
        }
    }
}

/// Reaching 121 wins at once: on 119, Hard lays its ace as 11 on a 4 for
/// fifteen two and the game; at love all it lays the seven instead, since
/// fifteen leaves the other player a ten-card for twenty-five.
#[test]
fn hard_takes_the_points_that_win() {
    for (scores, expected) in [(vec![119, 100], "play AD 11"), (vec![0, 0], "play 7H")] {
        let mut game = stacked(0, ["AD 9C 7H", "4S KH QC"], "6H", scores);
        act(&mut game, 1, "mog");
        act(&mut game, 0, "mog");
        act(&mut game, 1, "pass QC");
        act(&mut game, 0, "pass 9C");
        act(&mut game, 1, "play 4S");
        let obs = game.observation(0);
        for level in [Level::Hard, Level::Expert] {
            for seed in 0..3 {
                let action = costly_colours::decide(level, &obs, seed).unwrap();
                assert_eq!(action.to_string(), expected, "{level}, seed {seed}");
            }
        }
        if expected == "play AD 11" {
            act(&mut game, 0, expected);
            assert_eq!(game.winner(), Some(0));
        }
    }
}

/// The mog pays off for cards that score for the passer: a jack of the
/// turn-up's suit pegs 4 as it is passed (as much as it scores held), its
/// receiver scores nothing for it, and the pair of threes kept still
/// scores. Every level passes it; likewise a two of the turn-up's suit
/// beside a nine and a king that make nothing with it.
#[test]
fn a_jack_or_two_of_the_turn_ups_suit_is_passed() {
    for (hand, turnup, passed) in [("JS 3H 3D", "9S", "JS"), ("2S 9H KD", "6S", "2S")] {
        // Seat 1, the dealer's opponent, passes first.
        let mut game = stacked(0, ["QC TD 5C", hand], turnup, Vec::new());
        act(&mut game, 1, "mog");
        act(&mut game, 0, "mog");
        let obs = game.observation(1);
        assert_eq!(obs.phase, Phase::Pass);
        for level in LEVELS {
            for seed in 0..3 {
                assert_eq!(
                    costly_colours::decide(level, &obs, seed),
                    Ok(Action::Pass(card(passed))),
                    "{hand}, {level}"
                );
            }
        }
        // Passing it pegs 4 for its passer.
        act(&mut game, 1, &format!("pass {passed}"));
        act(&mut game, 0, "pass 5C");
        assert_eq!(game.scores()[1].front, 4);
    }
}

/// With a hand that already scores well, Medium and Hard keep it: refusing
/// costs a point, the exchange more. With a hand that scores nothing, they
/// mog.
#[test]
fn a_good_hand_is_kept_and_a_poor_one_mogged() {
    // 5 5 5 with a 5 turned: a double prial (18) and fifteens.
    let game = stacked(0, ["KC 9D 4H", "5S 5H 5D"], "5C", Vec::new());
    let obs = game.observation(1);
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        assert_eq!(
            costly_colours::decide(level, &obs, 1),
            Ok(Action::Refuse),
            "{level}"
        );
    }
    // K 9 4 of three suits with a 6 turned: nothing at all.
    let game = stacked(0, ["5S 5H QD", "KC 9D 4H"], "6S", Vec::new());
    let obs = game.observation(1);
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        assert_eq!(
            costly_colours::decide(level, &obs, 1),
            Ok(Action::Mog),
            "{level}"
        );
    }
}

/// The other hand is read from the goes: a go at 24 says every card the
/// other player holds is worth 8 or more.
#[test]
fn hard_reads_the_other_hand_from_a_go() {
    // Seat 0 deals; seat 1 leads KH, seat 0 TS, seat 1 4C (24): seat 0's
    // 9H and 8C do not fit, and it says go.
    let mut game = stacked(0, ["TS 9H 8C", "KH 4C 3D"], "5S", Vec::new());
    act(&mut game, 1, "mog");
    act(&mut game, 0, "refuse");
    act(&mut game, 1, "play KH");
    act(&mut game, 0, "play TS");
    act(&mut game, 1, "play 4C");
    act(&mut game, 0, "go");
    let obs = game.observation(1);
    assert_eq!(obs.said_go, vec![true, false]);
    let hands = costly_colours::possible_hands(&obs);
    assert!(hands.contains(&"9H 8C".parse().unwrap()));
    assert!(
        hands
            .iter()
            .all(|h| h.len() == 2 && h.iter().all(|c| c.pips() >= 8))
    );
    // Of the 45 cards seat 1 has not seen, 22 are worth 8 or more (the
    // eights, nines and ten-cards less KH and TS): every two of them.
    assert_eq!(hands.len(), 22 * 21 / 2);
}

/// The card a seat passed in the mog is known to be in the other hand
/// until it is laid; the card it received is known not to be.
#[test]
fn the_card_passed_is_known_to_be_in_the_other_hand() {
    let mut game = stacked(0, ["KC 9D 4H", "2S 8H 7D"], "3S", Vec::new());
    act(&mut game, 1, "mog");
    act(&mut game, 0, "mog");
    act(&mut game, 1, "pass 2S");
    act(&mut game, 0, "pass 4H");
    let obs = game.observation(1);
    let hands = costly_colours::possible_hands(&obs);
    assert!(!hands.is_empty());
    assert!(hands.iter().all(|h| h.len() == 3 && h.contains(card("2S"))));
    assert!(hands.iter().all(|h| !h.contains(card("4H"))));
    assert!(hands.contains(&"KC 9D 2S".parse().unwrap()));
}

/// `cribbage match --game costly-colours`: the report has its figures,
/// and they do not depend on the number of threads.
#[test]
fn a_small_costly_colours_match() {
    let run = |threads: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_cribbage"))
            .args(["match", "--game", "costly-colours", "--a", "hard"])
            .args(["--b", "easy", "--games", "6", "--seed", "3"])
            .args(["--threads", threads])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for key in [
            "a_win_rate",
            "a_win_rate_ci95",
            "first_dealer_win_rate",
            "hands_per_game",
            "points_per_hand",
            "a_times",
            "b_times",
        ] {
            assert!(report.get(key).is_some(), "no {key} in {report}");
        }
        assert_eq!(report["game"], "costly-colours");
        assert_eq!(report["games"], 6);
        let per_hand = &report["points_per_hand"];
        for kind in ["jack_or_two_turned", "mog", "show", "play"] {
            assert!(per_hand[kind].is_number(), "{kind}: {report}");
        }
        assert!(per_hand["show"].as_f64().unwrap() > 5.0, "{report}");
        let obj = report.as_object_mut().unwrap();
        for timing in ["a_times", "b_times", "threads", "seconds"] {
            obj.remove(timing);
        }
        report
    };
    assert_eq!(run("1"), run("2"));
    let out = Command::new(env!("CARGO_BIN_EXE_cribbage"))
        .args([
            "match",
            "--game",
            "costly-colours",
            "--a",
            "easy",
            "--b",
            "easy",
        ])
        .args(["--players", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// The actions of an analysis, in its order.
fn actions_of(analysis: &Analysis) -> Vec<Action> {
    analysis.valued().into_iter().map(|(a, _)| a).collect()
}

/// The coach covers every decision the game asks: at the mog, the pass and
/// the play each legal action appears exactly once (an ace at each value
/// that fits), best first, and the best is what the level plays from the
/// same seed; a go or a single card is nothing to choose.
#[test]
fn the_coach_shows_every_option_of_every_decision() {
    let mut seen = BTreeMap::new();
    let mut aces_both_ways = 0;
    for seed in 0..10 {
        let mut game = Game::new(Rules::default(), seed);
        // Hard in most games; Easy and Medium in a few, where their own
        // choices (Easy's slips aside) must come first too.
        let level = [Level::Easy, Level::Medium, Level::Hard, Level::Hard][seed as usize % 4];
        while let Some(seat) = game.current_player() {
            let obs = game.observation(seat);
            let analysis = analyze(&obs, level, seed).unwrap();
            let valued = analysis.valued();
            let kind = match &analysis {
                Analysis::Nothing => {
                    assert_eq!(obs.legal.len(), 1, "{:?}", obs.legal);
                    "nothing"
                }
                Analysis::Mog {
                    show,
                    said,
                    options,
                    ..
                } => {
                    assert_eq!(obs.phase, Phase::Mog);
                    assert_eq!(*show == 0, said.is_empty(), "{said:?}");
                    for o in options {
                        assert_eq!(o.gives, u8::from(o.action == Action::Refuse));
                        assert!(o.action == Action::Mog || o.passes.is_none());
                    }
                    "mog"
                }
                Analysis::Pass { options, .. } => {
                    assert_eq!(obs.phase, Phase::Pass);
                    for o in options {
                        assert_eq!(o.action, Action::Pass(o.card));
                        assert!(o.keeps >= 0.0 && o.gives >= 0.0, "{o:?}");
                        if level != Level::Hard {
                            let sum = f64::from(o.pegs) + o.keeps;
                            assert!((o.value - sum).abs() < 1e-9, "{o:?}");
                        }
                    }
                    "pass"
                }
                Analysis::Play {
                    options,
                    hands_that_fit,
                    ..
                } => {
                    assert_eq!(obs.phase, Phase::Play);
                    assert!(*hands_that_fit > 0);
                    for o in options {
                        assert_eq!(
                            o.action,
                            Action::Play {
                                card: o.card,
                                value: o.counts
                            }
                        );
                        assert_eq!(o.now == 0, o.said.is_empty(), "{o:?}");
                    }
                    let aces: Vec<_> = options
                        .iter()
                        .filter(|o| o.card.rank() == cribbage::cards::Rank::Ace)
                        .collect();
                    if aces.iter().any(|o| o.counts == 1) && aces.iter().any(|o| o.counts == 11) {
                        aces_both_ways += 1;
                    }
                    "play"
                }
            };
            *seen.entry(kind).or_insert(0) += 1;
            if kind != "nothing" {
                let mut actions = actions_of(&analysis);
                let mut legal = obs.legal.clone();
                assert_eq!(actions.len(), legal.len(), "every option once");
                actions.sort_by_key(ToString::to_string);
                legal.sort_by_key(ToString::to_string);
                assert_eq!(actions, legal);
                assert!(
                    valued.windows(2).all(|w| w[0].1.rank >= w[1].1.rank),
                    "{valued:?}"
                );
                let decided = costly_colours::decide(level, &obs, seed).unwrap();
                if !(level == Level::Easy && obs.phase == Phase::Play) {
                    assert_eq!(
                        valued[0].0, decided,
                        "seed {seed}, {level}, {:?}",
                        obs.phase
                    );
                }
            }
            // Every kind of choice is made now and then, so every phase comes up.
            let action = if game.actions().len().is_multiple_of(3) {
                obs.legal[game.actions().len() % obs.legal.len()]
            } else {
                costly_colours::decide(level, &obs, seed).unwrap()
            };
            game.apply(action).unwrap();
        }
        for seat in 0..2 {
            assert_eq!(
                analyze(&game.observation(seat), Level::Hard, 1),
                Err(DecideError::NotYourTurn)
            );
        }
    }
    for kind in ["mog", "pass", "play", "nothing"] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) >= 10,
            "{kind}: {seen:?}"
        );
    }
    assert!(aces_both_ways > 0, "no ace was offered at 1 and at 11");
}

/// The coach refuses a seat that is not to act.
#[test]
fn the_coach_refuses_a_seat_not_to_act() {
    let game = Game::new(Rules::default(), 4);
    let seat = game.current_player().unwrap();
    for level in LEVELS {
        assert_eq!(
            analyze(&game.observation(1 - seat), level, 1),
            Err(DecideError::NotYourTurn)
        );
    }
}

/// The coach in positions built for it: a hand worth keeping, the jack to
/// pass, and an ace laid as 11 for thirty-one, each said as the table says
/// it.
#[test]
fn the_coach_explains_each_kind_of_decision() {
    // 5 5 5 with a 5 turned: a double prial and fifteens, kept.
    let game = stacked(0, ["KC 9D 4H", "5S 5H 5D"], "5C", Vec::new());
    let Ok(Analysis::Mog {
        show,
        said,
        options,
        ..
    }) = analyze(&game.observation(1), Level::Hard, 1)
    else {
        panic!("seat 1 says first");
    };
    // Four fifteens of three cards (12) and a double prial (18).
    assert_eq!(show, 12 + 18);
    assert!(said.iter().any(|s| s.contains("double prial")), "{said:?}");
    assert_eq!(options[0].action, Action::Refuse);
    assert_eq!((options[0].show, options[0].gives), (30.0, 1));
    assert_eq!(options[1].action, Action::Mog);
    assert!(options[1].passes.is_some());

    // The jack of the turn-up's suit pegs 4 as it is passed.
    let mut game = stacked(0, ["QC TD 5C", "JS 3H 3D"], "9S", Vec::new());
    act(&mut game, 1, "mog");
    act(&mut game, 0, "mog");
    for level in LEVELS {
        let Ok(Analysis::Pass { options, .. }) = analyze(&game.observation(1), level, 1) else {
            panic!("seat 1 passes first");
        };
        assert_eq!(options.len(), 3);
        assert_eq!(
            (options[0].card, options[0].pegs),
            (card("JS"), 4),
            "{level}"
        );
        assert!(options[1..].iter().all(|o| o.pegs == 0));
    }

    // At 20 an ace is two options: 11 for thirty-one, 1 for nothing.
    let mut game = stacked(0, ["KC QD 8S", "TH AS 4C"], "3D", Vec::new());
    act(&mut game, 1, "refuse");
    act(&mut game, 0, "mog");
    act(&mut game, 1, "play TH");
    act(&mut game, 0, "play KC");
    let Ok(Analysis::Play { options, .. }) = analyze(&game.observation(1), Level::Hard, 1) else {
        panic!("seat 1 has a choice");
    };
    let ace: Vec<_> = options.iter().filter(|o| o.card == card("AS")).collect();
    assert_eq!(ace.len(), 2);
    assert_eq!(options[0].action.to_string(), "play AS 11");
    assert_eq!(
        (options[0].counts, options[0].now, options[0].said.clone()),
        (11, 3, vec!["thirty-one for three is three".to_string()])
    );
    let low = ace.iter().find(|o| o.counts == 1).unwrap();
    assert_eq!((low.now, low.said.len()), (0, 0));
}

/// The review replays a game: Hard's own decisions, on its own seed, cost
/// nothing at the mog, the pass and the play; Easy's are judged.
#[test]
fn the_review_judges_each_decision() {
    let mut easy_lost = 0.0;
    let mut phases = BTreeMap::new();
    for seed in 0..4 {
        let mut session = Session::new(Game::new(Rules::default(), seed));
        while let Some(seat) = session.game().current_player() {
            let obs = session.game().observation(seat);
            let level = if seat == 0 { Level::Hard } else { Level::Easy };
            let action = costly_colours::decide(level, &obs, 7).unwrap();
            session.apply(action).unwrap();
        }
        let judged = review(&session, &[], Level::Hard, 7);
        assert!(judged.decisions.iter().all(|d| d.loss >= 0.0));
        for d in &judged.decisions {
            *phases.entry(format!("{:?}", d.phase)).or_insert(0) += 1;
            if d.seat == 0 {
                assert_eq!(d.loss, 0.0, "seed {seed}: {d:?}");
                assert_eq!(d.chosen, d.best, "seed {seed}: {d:?}");
            }
        }
        assert_eq!(judged.points_lost[0], 0.0);
        easy_lost += judged.points_lost[1];
        let one = review(&session, &[1], Level::Hard, 7);
        assert!(one.decisions.iter().all(|d| d.seat == 1));
        assert_eq!(one.points_lost[1], judged.points_lost[1]);
    }
    for phase in ["Mog", "Pass", "Play"] {
        assert!(phases.contains_key(phase), "{phases:?}");
    }
    assert!(easy_lost > 0.0, "Easy lost {easy_lost}");
}

/// The scores at the start of the current hand (before its turn-up): the
/// last pegs of each seat before its deal.
fn scores_at_deal(game: &Game) -> Vec<u16> {
    let deal = game
        .events()
        .iter()
        .rposition(|e| matches!(e, Event::Deal { .. }))
        .unwrap();
    let mut scores = vec![0, 0];
    for event in &game.events()[..deal] {
        if let Event::Pegged(peg) = event {
            scores[peg.side] = peg.front;
        }
    }
    scores
}

/// `game` after `action`, with the scores as its hand left them (a new
/// hand's pegs, told in the same step, left out) and whether the hand (or
/// the game) is over.
fn within_the_hand(game: &Game, action: Action, scores: [u16; 2]) -> (Game, [u16; 2], bool) {
    let mut next = game.clone();
    let from = next.events().len();
    next.apply(action).unwrap();
    let mut now = scores;
    for event in &next.events()[from..] {
        match event {
            Event::Pegged(peg) => now[peg.side] = peg.front,
            Event::HandOver { .. } | Event::GameOver { .. } => return (next, now, true),
            _ => {}
        }
    }
    (next, now, false)
}

/// What a hand's points come to for `me` from `start`: each seat's
/// counted up to 121, `me`'s less the other's.
fn margin(me: usize, start: [u16; 2], now: [u16; 2]) -> i32 {
    use cribbage::games::costly_colours::TARGET;
    let gain = |s: usize| i32::from(now[s].min(TARGET)) - i32::from(start[s]);
    gain(me) - gain(1 - me)
}

/// The value for `me` of `action` and the rest of the hand after it (the
/// play and both shows), both players playing their best for it through
/// the engine's own legal actions (an ace at either value): the points
/// each pegs from `start`, counted up to 121, `me`'s less the other's.
/// Written apart from the computer players' own play-out, which it checks.
fn played_out(game: &Game, action: Action, me: usize, start: [u16; 2], scores: [u16; 2]) -> i32 {
    let (next, now, ended) = within_the_hand(game, action, scores);
    if ended {
        return margin(me, start, now);
    }
    let mine = next.current_player() == Some(me);
    let values = next
        .legal_actions()
        .into_iter()
        .map(|a| played_out(&next, a, me, start, now));
    if mine { values.max() } else { values.min() }.unwrap()
}

/// The seat's view with what a stacked replay of the hand cannot share
/// with the game it copies (the hand's number, the rear pegs, the last
/// hand's shows) set aside.
fn view_of(game: &Game, seat: usize) -> String {
    let mut obs = game.observation(seat);
    obs.hand_number = 0;
    obs.previous_shows.clear();
    for pegs in &mut obs.scores {
        pegs.rear = pegs.front;
    }
    serde_json::to_string(&obs).unwrap()
}

/// Easy's and Medium's exchange in points, worked out with the scorer:
/// what passing `card` pegs plus the show of the two kept with each card
/// not seen, each counted up to the hole, less the three held's show.
fn own_exchange_points(game: &Game, seat: usize, card: Card) -> f64 {
    use cribbage::games::costly_colours::{TARGET, score};
    let obs = game.observation(seat);
    let turnup = obs.turnup.unwrap();
    let need = TARGET - obs.scores[seat].front;
    let to_hole = |points: u8| f64::from(u16::from(points).min(need));
    let held = obs.hand.to_vec();
    let keep = to_hole(score::show(&held, turnup, None).unwrap().total);
    let pegs = match card.rank() {
        cribbage::cards::Rank::Jack | cribbage::cards::Rank::Two => {
            if card.suit() == turnup.suit() { 4 } else { 2 }
        }
        _ => 0,
    };
    let unseen = obs.unseen();
    let total: f64 = unseen
        .iter()
        .map(|r| {
            let mut cards = obs.hand.without(card).to_vec();
            cards.push(r);
            to_hole(pegs + score::show(&cards, turnup, Some(r)).unwrap().total) - keep
        })
        .sum();
    total / unseen.len() as f64
}

/// Item 2 of issue 25: a review prices every decision in points, bounded by
/// what the choice can change, and its price is what playing the
/// alternatives out yields. Whole games at every level, reviewed at every
/// level: each loss is never negative, never more than the points the two
/// players still need between them, and is the best option's points less
/// the chosen one's. Easy's cards are worth what they score as laid (up to
/// 121); Easy's and Medium's mog and pass what the exchange does to their
/// own hand, by the scorer; and where Hard plays out every hand the other
/// may hold (no sample), each card's points are the mean, over those hands
/// found apart from the computer player (a stacked replay of the hand that
/// looks the same to the seat), of the rest of the hand played out through
/// the engine, the shows included.
#[test]
fn every_priced_decision_agrees_with_its_alternatives_played_out() {
    use cribbage::games::costly_colours::{Reason, TARGET};
    let mut priced = 0;
    let mut replayed = [0; 3];
    let mut costly = 0;
    for seed in 0..6u64 {
        let players = [LEVELS[seed as usize % 4], LEVELS[(seed as usize + 2) % 4]];
        let mut session = Session::new(Game::new(Rules::default(), seed));
        while let Some(seat) = session.game().current_player() {
            let obs = session.game().observation(seat);
            // Now and then another choice, so the mog and the pass are
            // judged both ways.
            let action = if session.game().actions().len() % 5 == 2 {
                *obs.legal.last().unwrap()
            } else {
                costly_colours::decide(players[seat], &obs, seed).unwrap()
            };
            session.apply(action).unwrap();
        }
        let actions = session.game().actions().to_vec();
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            let judged = review(&session, &[], level, seed);
            for d in &judged.decisions {
                priced += 1;
                let (me, other) = (d.seat, 1 - d.seat);
                let need = |s: usize| f64::from(TARGET - d.position.scores[s]);
                let what = format!("seed {seed}, {level}, action {}: {d:?}", d.index);
                assert!(d.loss >= 0.0 && d.loss <= need(me) + need(other), "{what}");
                assert_eq!(d.loss, (d.best_value - d.chosen_value).max(0.0), "{what}");
                if d.phase == Phase::Play {
                    for v in [d.chosen_value, d.best_value] {
                        assert!(-need(other) <= v && v <= need(me), "{what}");
                    }
                }
                if d.loss > 0.05 {
                    costly += 1;
                }
                // The game as it stood, and where its hand began.
                let mut game = Game::new(Rules::default(), seed);
                let mut begun = 0;
                for (i, &action) in actions[..d.index].iter().enumerate() {
                    let hand = game.hand_number();
                    game.apply(action).unwrap();
                    if game.hand_number() != hand {
                        begun = i + 1;
                    }
                }
                assert_eq!(game.observation(me).hand.to_vec(), d.position.hand);
                let scores = [game.scores()[0].front, game.scores()[1].front];
                let options = [(d.chosen, d.chosen_value), (d.best, d.best_value)];
                match (d.phase, level) {
                    (Phase::Mog | Phase::Pass, Level::Easy | Level::Medium) => {
                        let analysis = analyze(&game.observation(me), level, seed).unwrap();
                        let other_refused = game.mog_said(other) == Some(false);
                        for (action, value) in options {
                            let expected = match action {
                                Action::Pass(card) => own_exchange_points(&game, me, card),
                                Action::Refuse if other_refused => 0.0,
                                Action::Mog if other_refused => 1.0,
                                Action::Refuse => -1.0,
                                _ => {
                                    let Analysis::Mog { options, .. } = &analysis else {
                                        panic!("{what}: not a mog");
                                    };
                                    let mog = options.iter().find(|o| o.action == action).unwrap();
                                    mog.passes
                                        .map_or(0.0, |card| own_exchange_points(&game, me, card))
                                }
                            };
                            assert!(
                                (value - expected).abs() < 1e-9,
                                "{what}: {action} {expected}"
                            );
                        }
                        replayed[0] += 1;
                    }
                    (Phase::Play, Level::Easy) => {
                        // What the card scores as it is laid, up to the hole.
                        for (action, value) in options {
                            let mut next = game.clone();
                            let made: u16 = next
                                .apply(action)
                                .unwrap()
                                .iter()
                                .map(|e| match e {
                                    Event::Pegged(peg)
                                        if matches!(peg.reason, Reason::Play { .. }) =>
                                    {
                                        u16::from(peg.points)
                                    }
                                    _ => 0,
                                })
                                .sum();
                            let to_hole = made.min(TARGET - scores[me]);
                            assert_eq!(value, f64::from(to_hole), "{what}");
                        }
                        replayed[1] += 1;
                    }
                    (Phase::Play, Level::Hard) => {
                        // Every hand the other may hold, found by replaying
                        // the hand from its deal with their unseen cards
                        // changed (the card passed them stays theirs).
                        let obs = game.observation(me);
                        let mut unknown = game.hand(other);
                        if let (Some(_), Some(passed)) = (obs.mog.received, obs.mog.passed) {
                            unknown.remove(passed);
                        }
                        if unknown.len() > 1 {
                            continue;
                        }
                        let turnup = game.turnup().unwrap();
                        let start = scores_at_deal(&game);
                        let view = view_of(&game, me);
                        let mut fits = Vec::new();
                        for cards in obs.unseen().combinations(unknown.len()) {
                            let mut hands = vec![Vec::new(), Vec::new()];
                            hands[me] = game.dealt(me).to_vec();
                            hands[other] = ((game.dealt(other) - unknown) | cards).to_vec();
                            let setup = Setup {
                                first_dealer: game.dealer(),
                                scores: start.clone(),
                                deals: vec![DealSetup { hands, turnup }],
                            };
                            let mut alt = Game::with_setup(Rules::default(), 1, setup).unwrap();
                            if actions[begun..d.index]
                                .iter()
                                .all(|&a| alt.apply(a).is_ok())
                                && view_of(&alt, me) == view
                            {
                                fits.push(alt);
                            }
                        }
                        assert!(!fits.is_empty(), "{what}: the real hand fits");
                        if fits.len() > 80 {
                            continue;
                        }
                        for (action, value) in options {
                            let total: i32 = fits
                                .iter()
                                .map(|alt| played_out(alt, action, me, scores, scores))
                                .sum();
                            let mean = f64::from(total) / fits.len() as f64;
                            assert!(
                                (mean - value).abs() < 1e-9,
                                "{what}: {action} is worth {mean} over {} hands",
                                fits.len()
                            );
                        }
                        replayed[2] += 1;
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(priced > 300, "{priced} decisions priced");
    assert!(costly > 10, "{costly} decisions cost something");
    assert!(replayed.iter().all(|&n| n > 10), "replayed {replayed:?}");
}
