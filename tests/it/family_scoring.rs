//! Noddy's and Costly Colours' counting against a second, independent
//! scorer written from the rules README's tables with plain loops (no
//! shared primitives): every hand of three with every turn-up, in both
//! games, and many random piles in the play.

use cribbage::cards::{Card, CardSet, Rank, Suit};
use cribbage::games::{costly_colours, noddy};
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

fn value(card: Card) -> u32 {
    u32::from(card.pips())
}

/// The subsets of `cards` (by bit mask), each as a list.
fn subsets(cards: &[Card]) -> Vec<Vec<Card>> {
    (1u32..1 << cards.len())
        .map(|m| {
            (0..cards.len())
                .filter(|i| m >> i & 1 == 1)
                .map(|i| cards[i])
                .collect()
        })
        .collect()
}

fn consecutive(cards: &[Card]) -> bool {
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank().index()).collect();
    ranks.sort_unstable();
    ranks.windows(2).all(|w| w[1] == w[0] + 1)
}

/// Noddy's announcement by the book: (noddy, fifteens, twenty-fives, hitters, pairs, runs, flush).
fn noddy_brute(hand: &[Card], turnup: Card) -> [u32; 7] {
    let cards: Vec<Card> = hand.iter().copied().chain([turnup]).collect();
    let mut out = [0; 7];
    out[0] = hand
        .iter()
        .filter(|c| c.rank() == Rank::Jack && c.suit() == turnup.suit())
        .count() as u32;
    let mut best_run = 0;
    let mut runs_of_best = 0;
    for set in subsets(&cards) {
        let sum: u32 = set.iter().map(|&c| value(c)).sum();
        let n = set.len() as u32;
        if sum == 15 && n >= 2 {
            out[1] += 2;
        }
        if sum == 25 && n >= 3 {
            out[2] += n;
        }
        if sum == 31 && n >= 4 {
            out[3] += n;
        }
        if n == 2 && set[0].rank() == set[1].rank() {
            out[4] += 2;
        }
        if n >= 3 && consecutive(&set) {
            if set.len() > best_run {
                best_run = set.len();
                runs_of_best = 1;
            } else if set.len() == best_run {
                runs_of_best += 1;
            }
        }
    }
    out[5] = runs_of_best * noddy::score::run_points(best_run) as u32;
    let most = Suit::ALL
        .iter()
        .map(|&s| cards.iter().filter(|c| c.suit() == s).count())
        .max()
        .unwrap_or(0);
    if most >= 3 {
        out[6] = most as u32;
    }
    out
}

/// Costly Colours' show by the book: (15s, 25s, 31s, jacks and twos, pairs, colours).
fn costly_brute(hand: &[Card], turnup: Card, mog: Option<Card>) -> [u32; 6] {
    let cards: Vec<Card> = hand.iter().copied().chain([turnup]).collect();
    let mut out = [0; 6];
    for set in subsets(&cards) {
        let aces = set.iter().filter(|c| c.rank() == Rank::Ace).count();
        let base: u32 = set
            .iter()
            .filter(|c| c.rank() != Rank::Ace)
            .map(|&c| value(c))
            .sum();
        // Every choice of the aces' values: k of them at 11.
        let sums: Vec<u32> = (0..=aces)
            .map(|k| base + aces as u32 + 10 * k as u32)
            .collect();
        let n = set.len() as u32;
        if sums.contains(&31) {
            out[2] += n;
        } else if sums.contains(&25) {
            out[1] += n;
        } else if sums.contains(&15) {
            out[0] += n;
        }
    }
    for &c in hand {
        if matches!(c.rank(), Rank::Jack | Rank::Two) && Some(c) != mog {
            out[3] += if c.suit() == turnup.suit() { 4 } else { 2 };
        }
    }
    for rank in Rank::ALL {
        out[4] += match cards.iter().filter(|c| c.rank() == rank).count() {
            2 => 2,
            3 => 9,
            4 => 18,
            _ => 0,
        };
    }
    let suit = |s: Suit| cards.iter().filter(|c| c.suit() == s).count();
    let mut colour = 0;
    for s in Suit::ALL {
        if suit(s) == 4 {
            colour = colour.max(6);
        }
        if suit(s) == 3 {
            colour = colour.max(3);
        }
    }
    for (a, b) in [(Suit::Hearts, Suit::Diamonds), (Suit::Clubs, Suit::Spades)] {
        match (suit(a) + suit(b), suit(a).max(suit(b))) {
            (4, 3) => colour = colour.max(5),
            (4, 2) => colour = colour.max(4),
            (3, 2) => colour = colour.max(2),
            _ => {}
        }
    }
    out[5] = colour;
    out
}

#[test]
fn every_noddy_announcement_matches_the_book() {
    let deck = CardSet::DECK.to_vec();
    let mut hands = 0u64;
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                let hand = [deck[a], deck[b], deck[c]];
                for &turnup in &deck {
                    if hand.contains(&turnup) {
                        continue;
                    }
                    let fast = noddy::score::announcement(&hand, turnup).unwrap();
                    let got = [
                        fast.noddy,
                        fast.fifteens,
                        fast.twenty_fives,
                        fast.hitters,
                        fast.pairs,
                        fast.runs,
                        fast.flush,
                    ]
                    .map(u32::from);
                    assert_eq!(got, noddy_brute(&hand, turnup), "{hand:?} with {turnup}");
                    assert_eq!(u32::from(fast.total), got.iter().sum::<u32>());
                    assert_eq!(
                        noddy::score::announcement_total(hand, turnup),
                        fast.total,
                        "the quick total of {hand:?} with {turnup}"
                    );
                    hands += 1;
                }
            }
        }
    }
    assert_eq!(hands, 22_100 * 49);
}

#[test]
fn every_costly_colours_show_matches_the_book() {
    let deck = CardSet::DECK.to_vec();
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                let hand = [deck[a], deck[b], deck[c]];
                for &turnup in &deck {
                    if hand.contains(&turnup) {
                        continue;
                    }
                    // Now and then the first card was received in the mog.
                    let mog =
                        ((a + b + c + usize::from(turnup.index())) % 7 == 0).then_some(hand[0]);
                    let fast = costly_colours::score::show(&hand, turnup, mog).unwrap();
                    let got = [
                        fast.fifteens,
                        fast.twenty_fives,
                        fast.thirty_ones,
                        fast.jacks_and_twos,
                        fast.pairs,
                        fast.colours,
                    ]
                    .map(u32::from);
                    assert_eq!(
                        got,
                        costly_brute(&hand, turnup, mog),
                        "{hand:?} with {turnup}, mog {mog:?}"
                    );
                    assert_eq!(u32::from(fast.total), got.iter().sum::<u32>());
                }
            }
        }
    }
}

/// The play by the book: what the last card of `pile` scores, given each card's value.
fn play_brute(
    pile: &[Card],
    values: &[u32],
    noddy_runs: bool,
    pair_points: [u32; 3],
    totals_per_card: bool,
    flush: bool,
) -> u32 {
    let count: u32 = values.iter().sum();
    let n = pile.len() as u32;
    let mut points = 0;
    match count {
        15 if totals_per_card => points += n,
        15 => points += 2,
        25 | 31 => points += n,
        _ => {}
    }
    let last = pile[pile.len() - 1];
    let same = pile
        .iter()
        .rev()
        .take_while(|c| c.rank() == last.rank())
        .count();
    if same >= 2 {
        points += pair_points[same.min(4) - 2];
    }
    let run = (3..=pile.len()).rev().find(|&k| {
        let tail = &pile[pile.len() - k..];
        let mut ranks: Vec<u8> = tail.iter().map(|c| c.rank().index()).collect();
        ranks.sort_unstable();
        ranks.windows(2).all(|w| w[1] == w[0] + 1)
    });
    if let Some(k) = run {
        points += if noddy_runs {
            u32::from(noddy::score::run_points(k))
        } else {
            k as u32
        };
    }
    if flush {
        let suited = pile
            .iter()
            .rev()
            .take_while(|c| c.suit() == last.suit())
            .count() as u32;
        if suited >= 3 {
            points += suited;
        }
    }
    points
}

#[test]
fn random_piles_in_the_play_match_the_book() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut deck = CardSet::DECK.to_vec();
    let (mut noddy_checked, mut costly_checked) = (0, 0);
    for _ in 0..200_000 {
        deck.shuffle(&mut rng);
        let len = rng.random_range(1..=8);
        let pile = &deck[..len];
        // Noddy: one series, pips.
        let values: Vec<u32> = pile.iter().map(|&c| value(c)).collect();
        if values.iter().sum::<u32>() <= 31 {
            let fast = noddy::score::play_score(pile).unwrap();
            assert_eq!(
                u32::from(fast.total),
                play_brute(pile, &values, true, [2, 6, 12], false, true),
                "noddy {pile:?}"
            );
            noddy_checked += 1;
        }
        // Costly Colours: each ace laid as 1 or 11.
        let aces: Vec<u8> = pile
            .iter()
            .filter(|c| c.rank() == Rank::Ace)
            .map(|_| if rng.random_bool(0.5) { 11 } else { 1 })
            .collect();
        let mut ace_values = aces.iter();
        let values: Vec<u32> = pile
            .iter()
            .map(|&c| {
                if c.rank() == Rank::Ace {
                    u32::from(*ace_values.next().unwrap())
                } else {
                    value(c)
                }
            })
            .collect();
        if values.iter().sum::<u32>() <= 31 {
            let fast = costly_colours::score::play_score(pile, &aces).unwrap();
            assert_eq!(
                u32::from(fast.total),
                play_brute(pile, &values, false, [2, 9, 18], true, false),
                "costly {pile:?} {aces:?}"
            );
            costly_checked += 1;
        }
    }
    assert!(
        noddy_checked > 50_000 && costly_checked > 50_000,
        "{noddy_checked} {costly_checked}"
    );
}
