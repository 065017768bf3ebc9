//! An observation holds only what its seat may know: two games that differ
//! only in cards hidden from a seat look exactly the same to that seat.

use cribbage::cards::parse_cards;
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
