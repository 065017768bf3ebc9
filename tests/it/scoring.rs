//! Scoring, in layers: the worked examples from the rules documents in
//! `../shared/rules`, then every one of the 12,994,800 (hand, starter) pairs
//! checked three ways, then property tests for the text form of cards.

use cribbage::cards::{Card, CardSet, Rank, Suit, parse_cards};
use cribbage::count::{
    ComboKind, PreparedHand, ShowKind, distribution, peg_score, score_show, show_total,
};
use proptest::prelude::*;

fn show(hand: &str, starter: &str, kind: ShowKind) -> cribbage::count::ShowScore {
    let hand: CardSet = hand.parse().expect("hand");
    let starter: Card = starter.parse().expect("starter");
    let score = score_show(hand, starter, kind).expect("valid show");
    assert_eq!(
        show_total(hand, starter, kind).unwrap(),
        score.total(),
        "fast path disagrees for {hand} + {starter}"
    );
    score
}

/// A worked show: (hand, starter, kind, fifteens, pairs, runs, flush, nobs, total, source).
type ShowExample = (
    &'static str,
    &'static str,
    ShowKind,
    u8,
    u8,
    u8,
    u8,
    u8,
    u8,
    &'static str,
);

#[rustfmt::skip]
const SHOW_EXAMPLES: &[ShowExample] = &[
    // 000: "7 8 8 K and the start card is a 9 … 12 holes to peg".
    ("7H 8C 8D KS", "9H", ShowKind::Hand, 4, 2, 6, 0, 0, 12, "000 7-8-8-K + 9"),
    // 000: "king, jack, five, five would score 10 points" (a starter that adds nothing).
    ("KH JC 5D 5S", "2H", ShowKind::Hand, 8, 2, 0, 0, 0, 10, "000 K-J-5-5"),
    // 002: "4-5-5-6 … a total of 12 points".
    ("4C 5D 5H 6S", "8C", ShowKind::Hand, 4, 2, 6, 0, 0, 12, "002 4-5-5-6"),
    // 000: "6-7-7-8 contains two runs of 3 (as well as two fifteens and a pair) … 12".
    ("6C 7D 7H 8S", "KC", ShowKind::Hand, 4, 2, 6, 0, 0, 12, "000 6-7-7-8"),
    // 003: 4♣ 4♥ 5♦ 6♦ with Q♣: 14.
    ("4C 4H 5D 6D", "QC", ShowKind::Hand, 6, 2, 6, 0, 0, 14, "003 worked example"),
    // The 29 hand: three fives and the jack of the starter's suit, a five turned.
    ("5H 5C 5S JD", "5D", ShowKind::Hand, 16, 12, 0, 0, 1, 29, "29"),
    // The same cards count the same in the crib.
    ("5H 5C 5S JD", "5D", ShowKind::Crib, 16, 12, 0, 0, 1, 29, "29 in the crib"),
    // 000: a run of four counts 4, not two runs of three.
    ("9C TD JH QS", "2C", ShowKind::Hand, 0, 0, 4, 0, 0, 4, "run of four"),
    // 003: a double-double run is 16 before fifteens (7+8 four ways adds eight).
    ("7C 7D 8H 8S", "9C", ShowKind::Hand, 8, 4, 12, 0, 0, 24, "double-double run"),
    // Flush rules (000, 003): hand 4 without the starter, 5 with it; crib only 5.
    ("2H 4H 6H 8H", "QC", ShowKind::Hand, 0, 0, 0, 4, 0, 4, "hand 4-card flush"),
    ("2H 4H 6H 8H", "QH", ShowKind::Hand, 0, 0, 0, 5, 0, 5, "hand 5-card flush"),
    ("2H 4H 6H 8H", "QC", ShowKind::Crib, 0, 0, 0, 0, 0, 0, "crib 4-card flush scores nothing"),
    ("2H 4H 6H 8H", "QH", ShowKind::Crib, 0, 0, 0, 5, 0, 5, "crib 5-card flush"),
    ("2H 4H 6H 8C", "QH", ShowKind::Hand, 0, 0, 0, 0, 0, 0, "3 hand cards + starter: no flush"),
    // Nobs: the jack of the starter's suit in hand.
    ("JH 2C 4D 6S", "8H", ShowKind::Hand, 0, 0, 0, 0, 1, 1, "nobs"),
    ("JH 2C 4D 6S", "8C", ShowKind::Hand, 0, 0, 0, 0, 0, 0, "wrong-suit jack: no nobs"),
    // A jack starter is his heels (pegged at the cut), never nobs in the show.
    ("2C 4D 6S 8H", "JH", ShowKind::Hand, 0, 0, 0, 0, 0, 0, "jack starter: no nobs"),
    // Pairs only by rank: Q-K is no pair (though both are ten-cards).
    ("QC KD 2H 4S", "8C", ShowKind::Hand, 0, 0, 0, 0, 0, 0, "Q-K no pair"),
    // Ace is low: A-K-Q is no run, A-2-3 is.
    ("AC KD QH 3S", "8C", ShowKind::Hand, 0, 0, 0, 0, 0, 0, "A-K-Q no run"),
    ("AC 2D 3H 8S", "TC", ShowKind::Hand, 2, 0, 3, 0, 0, 5, "A-2-3 run (and T+2+3)"),
    // A two-card "run" scores nothing.
    ("4C 5D 9H KS", "2C", ShowKind::Hand, 4, 0, 0, 0, 0, 4, "4-5 is no run (two fifteens)"),
    // 19 is impossible; this is the proverbial "nineteen": nothing.
    ("2C 4D 6H 8S", "TC", ShowKind::Hand, 0, 0, 0, 0, 0, 0, "a zero hand"),
];

#[test]
fn worked_show_examples() {
    for &(hand, starter, kind, fifteens, pairs, runs, flush, nobs, total, source) in SHOW_EXAMPLES {
        let score = show(hand, starter, kind);
        assert_eq!(
            (
                score.fifteens,
                score.pairs,
                score.runs,
                score.flush,
                score.nobs,
                score.total()
            ),
            (fifteens, pairs, runs, flush, nobs, total),
            "{source}: {hand} + {starter} ({kind:?}): {}",
            score.cadence()
        );
    }
}

#[test]
fn the_breakdown_names_the_cards() {
    let score = show("7H 8C 8D KS", "9H", ShowKind::Hand);
    let named: Vec<(ComboKind, String, u8)> = score
        .combos
        .iter()
        .map(|c| (c.kind, c.cards.to_string(), c.points))
        .collect();
    assert_eq!(
        named,
        [
            (ComboKind::Fifteen, "7H 8C".to_string(), 2),
            (ComboKind::Fifteen, "7H 8D".to_string(), 2),
            (ComboKind::Pair, "8C 8D".to_string(), 2),
            (ComboKind::Run, "7H 8C 9H".to_string(), 3),
            (ComboKind::Run, "7H 8D 9H".to_string(), 3),
        ]
    );
    let crib_flush = show("2H 4H 6H 8H", "QH", ShowKind::Crib);
    assert_eq!(crib_flush.combos[0].cards.len(), 5);
    let nobs = show("JH 2C 4D 6S", "8H", ShowKind::Hand);
    assert_eq!(nobs.combos[0].cards.to_string(), "JH");
}

/// (pile in play order, points the last card scores, fifteen, 31, pairs, run)
#[rustfmt::skip]
const PEG_EXAMPLES: &[(&str, u8, u8, u8, u8, u8)] = &[
    // 000: 4-2-3-5-6: the 3 scores 3, the 5 scores 4, the 6 scores 5.
    ("4S 2H", 0, 0, 0, 0, 0),
    ("4S 2H 3D", 3, 0, 0, 0, 3),
    ("4S 2H 3D 5C", 4, 0, 0, 0, 4),
    ("4S 2H 3D 5C 6H", 5, 0, 0, 0, 5),
    // 000: 4-2-3-4-3: the first 3 scores 3, the second 4 scores 3, the second 3 nothing.
    ("4S 2H 3D", 3, 0, 0, 0, 3),
    ("4S 2H 3D 4C", 3, 0, 0, 0, 3),
    ("4S 2H 3D 4C 3H", 0, 0, 0, 0, 0),
    // 000: 4-2-6-5-3: nothing until the 3, which scores 5.
    ("4S 2H 6D", 0, 0, 0, 0, 0),
    ("4S 2H 6D 5C", 0, 0, 0, 0, 0),
    ("4S 2H 6D 5C 3H", 5, 0, 0, 0, 5),
    // Pairs, pair royal, double pair royal; Q then K is no pair.
    ("7S 7H", 2, 0, 0, 2, 0),
    ("7S 7H 7D", 6, 0, 0, 6, 0),
    ("7S 7H 7D 7C", 12, 0, 0, 12, 0),
    ("QS KH", 0, 0, 0, 0, 0),
    // 002: 5-8-5 is no pair: another card intervenes.
    ("5S 8H 5D", 0, 0, 0, 0, 0),
    // 002: 2-3-8-4 is no run.
    ("2S 3H 8D 4C", 0, 0, 0, 0, 0),
    // 002: A then 7 then 7: fifteen and a pair, "fifteen for four".
    ("AD 7C 7H", 4, 2, 0, 2, 0),
    // Fifteen and thirty-one.
    ("KS 5H", 2, 2, 0, 0, 0),
    ("KS QH JD AC", 2, 0, 2, 0, 0),
    // Thirty-one with no other score; a run broken by the last card.
    ("TS 9H 8D 4C", 2, 0, 2, 0, 0),
    ("4S 6H 5D 7C 9H", 2, 0, 2, 0, 0),
    ("AS 2H 3D 5C KH", 0, 0, 0, 0, 0),
    ("KS JH QD", 3, 0, 0, 0, 3),
    ("AS 2H 3D 4C 5H 6S 7C", 7, 0, 0, 0, 7),
    // A two-card "run" is nothing.
    ("4S 5H", 0, 0, 0, 0, 0),
];

#[test]
fn worked_pegging_examples() {
    for &(pile, points, fifteen, thirty_one, pairs, run) in PEG_EXAMPLES {
        let cards = parse_cards(pile).unwrap();
        let score = peg_score(&cards).unwrap();
        assert_eq!(
            (
                score.points(),
                score.fifteen,
                score.thirty_one,
                score.pairs,
                score.run
            ),
            (points, fifteen, thirty_one, pairs, run),
            "{pile}"
        );
    }
}

#[test]
fn run_and_thirty_one_together() {
    // A regression other programs shipped: 31 that also completes a run must
    // score both (the "never both" rule is 31 against one for last).
    let cards = parse_cards("9S 8H 7D 4C 3H").unwrap();
    let score = peg_score(&cards).unwrap();
    assert_eq!(score.count, 31);
    assert_eq!((score.thirty_one, score.run), (2, 0));
    let cards = parse_cards("KS 6H 5D 3C 4H 2S").unwrap();
    let score = peg_score(&cards).unwrap();
    assert_eq!(score.count, 30);
    assert_eq!(score.run, 5);
    let cards = parse_cards("TS 7H 5D 3C 4H 2S").unwrap();
    let score = peg_score(&cards).unwrap();
    assert_eq!((score.count, score.thirty_one, score.run), (31, 2, 4));
}

// ---------------------------------------------------------------------------
// Exhaustive: every (hand, starter) pair, fast path against the breakdown and
// against this independent brute-force scorer written from the rules' words.

/// Scores five cards, as a hand and as a crib, the slow, literal way: count every subset that sums to
/// 15, every pair of equal rank, every run subset not inside a longer run
/// subset, then flush and nobs.
fn slow_score(hand: [Card; 4], starter: Card) -> (u32, u32) {
    let five = [hand[0], hand[1], hand[2], hand[3], starter];
    let pip = |c: Card| match c.rank() {
        Rank::Jack | Rank::Queen | Rank::King => 10,
        r => u32::from(r.index()) + 1,
    };
    let members = |mask: u32| (0..5).filter(move |i| mask >> i & 1 == 1).map(|i| five[i]);
    let mut points = 0;
    for mask in 1u32..32 {
        if members(mask).map(pip).sum::<u32>() == 15 {
            points += 2;
        }
    }
    for i in 0..5 {
        for j in i + 1..5 {
            if five[i].rank() == five[j].rank() {
                points += 2;
            }
        }
    }
    let is_run = |mask: u32| {
        let mut ranks = [0u8; 5];
        let mut n = 0;
        for c in members(mask) {
            ranks[n] = c.rank().index();
            n += 1;
        }
        let ranks = &mut ranks[..n];
        ranks.sort_unstable();
        n >= 3 && ranks.windows(2).all(|w| w[1] == w[0] + 1)
    };
    let runs: Vec<u32> = (1u32..32).filter(|&m| is_run(m)).collect();
    for &run in &runs {
        let inside_longer = runs.iter().any(|&other| other != run && other & run == run);
        if !inside_longer {
            points += run.count_ones();
        }
    }
    let hand_suited = hand.iter().all(|c| c.suit() == hand[0].suit());
    let starter_suited = starter.suit() == hand[0].suit();
    if hand
        .iter()
        .any(|c| c.rank() == Rank::Jack && c.suit() == starter.suit())
    {
        points += 1;
    }
    // The hand and the crib differ only in the flush.
    match (hand_suited, starter_suited) {
        (true, true) => (points + 5, points + 5),
        (true, false) => (points + 4, points),
        _ => (points, points),
    }
}

#[test]
fn fast_breakdown_and_brute_force_agree_on_every_hand() {
    let deck: Vec<Card> = CardSet::DECK.iter().collect();
    // Split the first card across threads: each thread takes every other one.
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let checked: u64 = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let deck = &deck;
                scope.spawn(move || {
                    let mut checked = 0u64;
                    for a in (t..52).step_by(threads) {
                        for b in a + 1..52 {
                            for c in b + 1..52 {
                                for d in c + 1..52 {
                                    let cards = [deck[a], deck[b], deck[c], deck[d]];
                                    let hand: CardSet = cards.into_iter().collect();
                                    let fast_hand = PreparedHand::new(hand, ShowKind::Hand).unwrap();
                                    let fast_crib = PreparedHand::new(hand, ShowKind::Crib).unwrap();
                                    for starter in !hand {
                                        let h = score_show(hand, starter, ShowKind::Hand).unwrap();
                                        let k = score_show(hand, starter, ShowKind::Crib).unwrap();
                                        let (slow_h, slow_k) = slow_score(cards, starter);
                                        assert!(
                                            u32::from(h.total()) == slow_h
                                                && u32::from(k.total()) == slow_k
                                                && fast_hand.total(starter) == h.total()
                                                && fast_crib.total(starter) == k.total(),
                                            "{hand} + {starter}: breakdown {}/{}, fast {}/{}, slow {slow_h}/{slow_k}",
                                            h.total(),
                                            k.total(),
                                            fast_hand.total(starter),
                                            fast_crib.total(starter)
                                        );
                                        checked += 1;
                                    }
                                }
                            }
                        }
                    }
                    checked
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    assert_eq!(checked, 12_994_800);
}

#[test]
fn the_distribution_matches_published_counts() {
    // The well-known hand distribution: 19, 25, 26 and 27 are impossible;
    // one 29 per suit of the jack (4 hands); 1,009,008 zero hands... (checked
    // against the independent scorer above; these are its figures).
    let (hand, crib) = distribution();
    assert_eq!(hand.iter().sum::<u64>(), 12_994_800);
    assert_eq!(crib.iter().sum::<u64>(), 12_994_800);
    for impossible in [19, 25, 26, 27] {
        assert_eq!(hand[impossible], 0, "{impossible}");
        assert_eq!(crib[impossible], 0, "{impossible}");
    }
    assert_eq!(hand[29], 4);
    assert_eq!(crib[29], 4);
    assert_eq!(hand[28], 76);
    assert_eq!(hand[0], 1_009_008);
    let mean = |counts: &[u64; 30]| {
        counts
            .iter()
            .enumerate()
            .map(|(points, &n)| points as f64 * n as f64)
            .sum::<f64>()
            / 12_994_800.0
    };
    // A random hand averages about 4.77 points.
    assert!((mean(&hand) - 4.7692).abs() < 0.001, "{}", mean(&hand));
    assert!(mean(&crib) < mean(&hand));
}

// ---------------------------------------------------------------------------
// Text ⇄ card.

fn any_card() -> impl Strategy<Value = Card> {
    (0u8..52).prop_map(|i| Card::try_from(i).unwrap())
}

proptest! {
    #[test]
    fn card_text_round_trips(card in any_card(), lower in any::<bool>(), ten_as_10 in any::<bool>(), symbol in any::<bool>()) {
        let rank = if ten_as_10 && card.rank() == Rank::Ten { "10".to_string() } else { card.rank().char().to_string() };
        let suit = if symbol { card.suit().symbol().to_string() } else { card.suit().char().to_string() };
        let mut text = format!("{rank}{suit}");
        if lower { text = text.to_lowercase(); }
        prop_assert_eq!(text.parse::<Card>().unwrap(), card);
        prop_assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
    }

    #[test]
    fn card_set_text_round_trips(bits in 0u64..(1u64 << 52)) {
        let set = CardSet::from_bits(bits).unwrap();
        prop_assert_eq!(set.to_string().parse::<CardSet>().unwrap(), set);
        let json = serde_json::to_string(&set.to_vec()).unwrap();
        let back: Vec<Card> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.into_iter().collect::<CardSet>(), set);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,6}") {
        if let Ok(card) = text.parse::<Card>() {
            // Whatever parsed must print back to a form that parses the same.
            prop_assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
        }
        let _ = text.parse::<CardSet>();
        let _ = parse_cards(&text);
    }

    #[test]
    fn numbers_outside_the_deck_are_refused(i in 52u8..=255) {
        prop_assert!(Card::try_from(i).is_err());
    }
}

#[test]
fn every_suit_and_rank_is_named() {
    for suit in Suit::ALL {
        assert_eq!(Suit::from_index(suit.index()), Some(suit));
    }
    for rank in Rank::ALL {
        assert_eq!(Rank::from_index(rank.index()), Some(rank));
    }
}
