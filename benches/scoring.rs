//! Criterion benchmarks for the scorers: `cargo bench --bench scoring`.
//!
//! For quick figures to track over time, `cribbage bench` prints the same
//! measurements as JSON; these give criterion's statistics and comparisons
//! between runs when tuning one function.

use cribbage::cards::{Card, CardSet, parse_cards};
use cribbage::count::{PreparedHand, ShowKind, distribution, peg_score, score_show, show_total};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// Hands that exercise different parts of the scorers: many combinations,
/// a flush with nobs, and nothing at all.
const HANDS: [(&str, &str, &str); 3] = [
    ("twenty-nine", "5H 5C 5S JD", "5D"),
    ("flush-run-nobs", "9H TH JH QH", "KH"),
    ("nineteen", "2C 4D 6H 8S", "TC"),
];

/// Piles from the rules' pegging examples: a run of five, a pair royal, 31.
const PILES: [(&str, &str); 3] = [
    ("run-of-five", "4S 2H 3D 5C 6H"),
    ("pair-royal", "7S 7H 7D"),
    ("thirty-one", "KS QH JD AC"),
];

fn show(hand: &str, starter: &str) -> (CardSet, Card) {
    (
        hand.parse().expect("a valid hand"),
        starter.parse().expect("a valid starter"),
    )
}

fn show_scorers(c: &mut Criterion) {
    let mut group = c.benchmark_group("show");
    for (name, hand, starter) in HANDS {
        let (hand, starter) = show(hand, starter);
        group.bench_with_input(
            BenchmarkId::new("score_show", name),
            &(hand, starter),
            |b, &(h, s)| b.iter(|| score_show(black_box(h), black_box(s), ShowKind::Hand)),
        );
        group.bench_with_input(
            BenchmarkId::new("show_total", name),
            &(hand, starter),
            |b, &(h, s)| b.iter(|| show_total(black_box(h), black_box(s), ShowKind::Hand)),
        );
    }
    group.finish();

    // The AI's inner loop: one hand prepared, then every possible starter.
    let mut group = c.benchmark_group("prepared_hand");
    group.throughput(Throughput::Elements(48));
    for (name, hand, _) in HANDS {
        let hand: CardSet = hand.parse().expect("a valid hand");
        let prepared = PreparedHand::new(hand, ShowKind::Hand).expect("four cards");
        let starters = (!hand).to_vec();
        group.bench_function(BenchmarkId::new("total_over_48_starters", name), |b| {
            b.iter(|| {
                starters
                    .iter()
                    .map(|&s| u32::from(black_box(&prepared).total(s)))
                    .sum::<u32>()
            })
        });
    }
    group.throughput(Throughput::Elements(1));
    group.bench_function("new", |b| {
        let hand: CardSet = HANDS[0].1.parse().expect("a valid hand");
        b.iter(|| PreparedHand::new(black_box(hand), ShowKind::Crib))
    });
    group.finish();
}

fn pegging(c: &mut Criterion) {
    let mut group = c.benchmark_group("peg_score");
    for (name, pile) in PILES {
        let pile = parse_cards(pile).expect("a valid pile");
        group.bench_with_input(BenchmarkId::from_parameter(name), &pile, |b, pile| {
            b.iter(|| peg_score(black_box(pile)))
        });
    }
    group.finish();
}

fn whole_distribution(c: &mut Criterion) {
    // About 70 ms a run: a few samples are enough.
    let mut group = c.benchmark_group("distribution");
    group.sample_size(10);
    group.throughput(Throughput::Elements(12_994_800));
    group.bench_function("all_hands_and_starters", |b| b.iter(distribution));
    group.finish();
}

criterion_group!(benches, show_scorers, pegging, whole_distribution);
criterion_main!(benches);
