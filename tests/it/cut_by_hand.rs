//! Cutting for deal by hand: the rules option where each player cuts the
//! pack for themselves (the rules README, "Cut for first deal": each player
//! cuts; the lower card deals; equal ranks and two ten-cards cut again).
//! The cut the game draws by itself is unchanged: the corpus and golden
//! deal tests hold it to every saved game.

use cribbage::ai::{self, Level, coach};
use cribbage::cards::{Card, Rank};
use cribbage::games::State as _;
use cribbage::games::cribbage::{
    Action, CUT_DEPTHS, Counting, Cut, CutForDeal, Event, Game, IllegalAction, MatchFormat, Phase,
    Rules,
};
use cribbage::record::Session;

fn by_hand(players: u8, format: MatchFormat) -> Rules {
    Rules::new(players, 121, Counting::Automatic, format)
        .unwrap()
        .with_cut_for_deal(CutForDeal::ByHand)
}

/// A cut's value for deal: ten-cards all alike.
fn value(card: Card) -> u8 {
    card.rank().index().min(Rank::Ten.index())
}

/// Cuts at `depth` for whoever is to cut until a hand is dealt; returns
/// every round's cuts and the events.
fn cut_until_dealt(game: &mut Game, depth: u8) -> Vec<Event> {
    let mut events = Vec::new();
    while game.phase() == Phase::Cut {
        events.extend(game.apply(Action::Cut(depth)).unwrap());
    }
    events
}

#[test]
fn a_game_cut_by_hand_waits_for_each_players_cut_and_the_lower_card_deals() {
    for seed in 0..40 {
        let mut game = Game::new(by_hand(2, MatchFormat::Single), seed);
        assert_eq!(game.phase(), Phase::Cut);
        assert_eq!(game.events(), &[Event::NewGame { game: 1 }]);
        assert_eq!(game.current_player(), Some(0), "the first seat cuts first");
        let legal = game.legal_actions();
        assert_eq!(legal.len(), 45);
        assert_eq!(legal.first(), Some(&Action::Cut(*CUT_DEPTHS.start())));
        assert_eq!(legal.last(), Some(&Action::Cut(*CUT_DEPTHS.end())));
        // Nobody holds cards while the pack is cut.
        for seat in 0..2 {
            let view = game.observation(seat);
            assert!(view.hand.is_empty() && view.cuts.is_empty());
            assert_eq!(view.moves.len(), if seat == 0 { 45 } else { 0 });
        }

        let first = game.apply(Action::Cut(20)).unwrap();
        assert!(
            first.is_empty(),
            "one cut tells nothing until the round is cut"
        );
        let shown = game.observation(1).cuts;
        assert_eq!(shown.len(), 1);
        assert_eq!(shown[0].seat, 0);
        assert_eq!(game.observation(0).cuts, shown, "both see the card cut");
        assert_eq!(game.current_player(), Some(1));

        let events = cut_until_dealt(&mut game, 31);
        let rounds: Vec<(&Vec<Cut>, Option<usize>)> = events
            .iter()
            .filter_map(|e| match e {
                Event::CutForDeal { cuts, dealer } => Some((cuts, *dealer)),
                _ => None,
            })
            .collect();
        assert_eq!(rounds[0].0[0], shown[0], "the round tells the card shown");
        for (cuts, dealer) in &rounds {
            let lowest = cuts.iter().map(|c| value(c.card)).min().unwrap();
            let low: Vec<usize> = cuts
                .iter()
                .filter(|c| value(c.card) == lowest)
                .map(|c| c.seat)
                .collect();
            assert_ne!(cuts[0].card, cuts[1].card, "two cuts never show one card");
            match dealer {
                Some(d) => assert_eq!(low, vec![*d]),
                None => assert_eq!(low.len(), 2, "a tie cuts again"),
            }
        }
        let dealer = rounds.last().unwrap().1.unwrap();
        assert_eq!(game.phase(), Phase::Discard);
        assert_eq!(game.dealer(), dealer);
        assert!(matches!(events.last(), Some(Event::Deal { dealer: d, .. }) if *d == dealer));
        assert!(game.observation(0).cuts.is_empty());
        assert_eq!(game.hand(0).len(), 6);
    }
}

#[test]
fn a_tie_is_cut_again_by_the_tied_players_only() {
    let mut seen_tie = 0;
    for seed in 0..400 {
        let mut game = Game::new(by_hand(4, MatchFormat::Single), seed);
        for _ in 0..4 {
            game.apply(Action::Cut(10)).unwrap();
        }
        let Some(Event::CutForDeal { cuts, dealer: None }) = game.events().last() else {
            continue;
        };
        seen_tie += 1;
        let lowest = cuts.iter().map(|c| value(c.card)).min().unwrap();
        let tied: Vec<usize> = cuts
            .iter()
            .filter(|c| value(c.card) == lowest)
            .map(|c| c.seat)
            .collect();
        let mut cutters = Vec::new();
        while game.phase() == Phase::Cut && cutters.len() < tied.len() {
            cutters.push(game.current_player().unwrap());
            game.apply(Action::Cut(40)).unwrap();
        }
        assert_eq!(cutters, tied);
    }
    assert!(seen_tie >= 5, "{seen_tie} ties in 400 deals of four");
}

#[test]
fn a_cut_too_shallow_or_too_deep_is_refused_and_changes_nothing() {
    let mut game = Game::new(by_hand(3, MatchFormat::Single), 9);
    game.apply(Action::Cut(4)).unwrap();
    let before = game.clone();
    for depth in [0, 1, 3, 49, 52, 255] {
        assert_eq!(
            game.apply(Action::Cut(depth)),
            Err(IllegalAction::CutDepth { depth })
        );
        assert_eq!(game, before);
        assert_eq!(game.observation(1), before.observation(1));
    }
    let wrong = game.apply(Action::Go).unwrap_err();
    assert!(matches!(
        wrong,
        IllegalAction::WrongPhase {
            phase: Phase::Cut,
            ..
        }
    ));
    assert!(wrong.to_string().contains("a cut for deal"), "{wrong}");
    let message = IllegalAction::CutDepth { depth: 50 }.to_string();
    assert_eq!(
        message,
        "a cut 50 cards deep: lift from 4 to 48 cards, leaving at least 4 below"
    );
    // A cut is no decision in the deal or the play.
    let mut dealt = Game::new(Rules::default(), 9);
    assert!(matches!(
        dealt.apply(Action::Cut(20)),
        Err(IllegalAction::WrongPhase {
            phase: Phase::Discard,
            ..
        })
    ));
    assert_eq!("cut 20".parse::<Action>(), Ok(Action::Cut(20)));
    assert!("cut".parse::<Action>().is_err() && "cut x".parse::<Action>().is_err());
}

#[test]
fn an_undone_cut_is_cut_from_a_new_pack() {
    let mut differ = 0;
    for seed in 0..40 {
        let mut session = Session::new(Game::new(by_hand(2, MatchFormat::Single), seed));
        session.apply(Action::Cut(26)).unwrap();
        let card = session.game().observation(0).cuts[0].card;
        assert_eq!(session.undo(0).unwrap(), 1);
        assert_eq!(session.game().phase(), Phase::Cut);
        session.apply(Action::Cut(26)).unwrap();
        if session.game().observation(0).cuts[0].card != card {
            differ += 1;
        }
        // The save keeps the redraw, so the game replays as played.
        let text = session.to_json();
        assert!(text.contains("\"cut_for_deal\":\"by_hand\""), "{text}");
        assert!(text.contains("redraw 1"), "{text}");
        let back = cribbage::family::AnyGame::from_json(&text).unwrap();
        assert_eq!(back.to_json(), text);
    }
    assert!(
        differ >= 35,
        "only {differ} of 40 re-cuts showed another card"
    );
}

#[test]
fn the_rules_say_cut_for_deal_only_when_the_players_cut() {
    let drawn = Rules::default();
    let text = serde_json::to_string(&drawn).unwrap();
    assert!(!text.contains("cut_for_deal"), "{text}");
    let hand = drawn.with_cut_for_deal(CutForDeal::ByHand);
    let text = serde_json::to_string(&hand).unwrap();
    assert!(text.contains("\"cut_for_deal\":\"by_hand\""), "{text}");
    assert_eq!(serde_json::from_str::<Rules>(&text).unwrap(), hand);
    // The same seed deals the same cards whoever cuts, once the dealer is
    // the same: only the cut for deal differs.
    assert_eq!(Game::new(drawn, 3).phase(), Phase::Discard);
}

#[test]
fn every_game_of_a_match_that_needs_a_fresh_cut_is_cut_by_hand() {
    // Random play until a best-of-three reaches game 3 (its fresh cut).
    let mut reached = false;
    for seed in 0..60 {
        let mut game = Game::new(by_hand(2, MatchFormat::BestOfThree), seed);
        let mut pick = seed;
        while !game.is_over() {
            let legal = game.legal_actions();
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let action = legal[(pick >> 33) as usize % legal.len()].clone();
            let events = game.apply(action).unwrap();
            if events.contains(&Event::NewGame { game: 2 }) {
                assert_ne!(game.phase(), Phase::Cut, "game 2's dealer is set, not cut");
            }
            if events.contains(&Event::NewGame { game: 3 }) {
                assert_eq!(game.phase(), Phase::Cut);
                for seat in 0..2 {
                    assert!(game.hand(seat).is_empty(), "the cards are gathered up");
                }
                game.check_invariants().unwrap();
                reached = true;
            }
        }
        if reached {
            break;
        }
    }
    assert!(reached, "no match went to a third game");
}

#[test]
fn a_computer_player_cuts_anywhere_and_the_coach_has_nothing_to_say() {
    let game = Game::new(by_hand(2, MatchFormat::Single), 4);
    let view = game.observation(0);
    let mut depths = std::collections::BTreeSet::new();
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Expert] {
        for seed in 0..10 {
            let action = ai::decide(level, &view, seed).unwrap();
            assert!(view.legal.contains(&action), "{action}");
            if let Action::Cut(depth) = action {
                depths.insert(depth);
            }
        }
        assert!(matches!(
            coach::analyze(&view, level, 0),
            Ok(coach::Analysis::Nothing)
        ));
    }
    assert!(depths.len() > 10, "cuts at {depths:?}");
}
