//! The model's generator and its check, native only (`cribbage winprob`):
//! self-play games measured hand by hand, and held-out games against which
//! the model's predictions are scored.
//!
//! Both are seeded and play their games in a fixed order of seeds, whatever
//! the number of threads, so the same arguments always give the same figures.

use super::{HandDistributions, PLAY_CARDS, Stage, WinModel};
use crate::ai::arena::pair_seed;
use crate::ai::{Bot, Level, Player};
use crate::count::ShowKind;
use crate::games::State as _;
use crate::games::cribbage::{Event, Game, Reason, Rules, Seat, Side};
use serde::Serialize;

/// One complete hand's points, by where they came from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct HandPoints {
    /// Points pegged in the play: (index of the card they came with, from
    /// 1, the seat that pegged, points). A point for last goes with the last
    /// card laid.
    pegs: Vec<(u8, Seat, u8)>,
    pone_hand: u8,
    dealer_hand: u8,
    crib: u8,
}

/// A position met in a game, with the side that went on to win it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Checkpoint {
    /// The stage of the hand.
    pub stage: Stage,
    /// Points each seat still needed.
    pub to_go: [i32; 2],
    /// Who dealt the hand.
    pub dealer: Seat,
    /// Who won the game.
    pub winner: Side,
}

/// Everything one game yields: its complete hands and its checkpoints.
#[derive(Debug, Clone, Default)]
struct Measured {
    hands: Vec<(Seat, HandPoints)>,
    checkpoints: Vec<Checkpoint>,
    first_dealer_won: bool,
}

/// Plays game `i` of a run seeded `seed`: `level` in both seats, each
/// with its own seed.
fn play(rules: Rules, level: Level, seed: u64, i: u64) -> Game {
    let mut bots = [
        Bot {
            level,
            seed: pair_seed(seed, i, 2),
        },
        Bot {
            level,
            seed: pair_seed(seed, i, 3),
        },
    ];
    let mut game = Game::new(rules, pair_seed(seed, i, 1));
    while let Some(seat) = game.current_player() {
        let obs = game.observation(seat);
        let action = bots[seat]
            .decide(&obs)
            .unwrap_or_else(|e| panic!("seat {seat}: {e}"));
        game.apply(action.clone())
            .unwrap_or_else(|e| panic!("seat {seat} chose {action}: {e}"));
    }
    game
}

/// Reads a finished two-player game's events: each complete hand's points,
/// and the positions met (the deal, before each card of the play, before
/// each count), with the winner.
fn read(game: &Game) -> Measured {
    let target = i32::from(game.rules().target());
    let mut scores = [0i32; 2];
    let mut out = Measured::default();
    let mut hand: Option<(Seat, HandPoints)> = None;
    let mut laid = 0u8;
    let mut shows = 0usize;
    let mut points: Vec<(Stage, [i32; 2], Seat)> = Vec::new();
    let mut winner = None;
    let mut first_dealer = None;
    for event in game.events() {
        let to_go = [target - scores[0], target - scores[1]];
        match event {
            Event::Deal { dealer, .. } => {
                first_dealer.get_or_insert(*dealer);
                hand = Some((*dealer, HandPoints::default()));
                laid = 0;
                shows = 0;
                points.push((Stage::Deal, to_go, *dealer));
            }
            Event::Starter { .. } => {}
            Event::Played { .. } => {
                if let Some((dealer, _)) = hand {
                    points.push((Stage::Play { laid }, to_go, dealer));
                }
                laid += 1;
            }
            Event::Show { .. } => {
                if let Some((dealer, _)) = hand {
                    let stage = match shows {
                        0 => Stage::PoneCount,
                        1 => Stage::DealerCount,
                        _ => Stage::CribCount,
                    };
                    points.push((stage, to_go, dealer));
                }
                shows += 1;
            }
            Event::Pegged(peg) => {
                scores[peg.side] = i32::from(peg.front);
                if let Some((dealer, h)) = hand.as_mut() {
                    match &peg.reason {
                        Reason::Play { .. } | Reason::Last { .. } => {
                            h.pegs.push((laid, peg.seat, peg.points));
                        }
                        Reason::Show {
                            kind: ShowKind::Crib,
                            ..
                        } => h.crib = peg.points,
                        Reason::Show {
                            kind: ShowKind::Hand,
                            ..
                        } if peg.seat == *dealer => h.dealer_hand = peg.points,
                        Reason::Show { .. } => h.pone_hand = peg.points,
                        Reason::Heels { .. } | Reason::Muggins { .. } => {}
                    }
                }
            }
            Event::HandOver { .. } => {
                if let Some(done) = hand.take() {
                    out.hands.push(done);
                }
            }
            Event::GameOver(result) => winner = Some(result.winner),
            _ => {}
        }
    }
    let winner = winner.unwrap_or_else(|| panic!("the game did not end"));
    out.first_dealer_won = first_dealer == Some(winner);
    out.checkpoints = points
        .into_iter()
        .map(|(stage, to_go, dealer)| Checkpoint {
            stage,
            to_go,
            dealer,
            winner,
        })
        .collect();
    out
}

/// `job(0..count)` on `threads` threads, the results in index order.
fn in_parallel<T: Send>(count: u64, threads: usize, job: impl Fn(u64) -> T + Sync) -> Vec<T> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicU64, Ordering};
    let next = AtomicU64::new(0);
    let done: Mutex<Vec<(u64, T)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    let record = job(i);
                    done.lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((i, record));
                }
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// What a run of self-play measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Measurement {
    /// Games played.
    pub games: u64,
    /// The share of them the first dealer won.
    pub first_dealer_win_rate: f64,
    /// The distributions.
    pub distributions: HandDistributions,
}

/// Plays `games` two-player games under `rules` with `level` in both seats
/// (game `i` seeded from `seed` and `i`) and measures every complete hand:
/// the pegging still to come after each card laid, each hand and the crib.
pub fn measure(rules: Rules, level: Level, seed: u64, games: u64, threads: usize) -> Measurement {
    let played = in_parallel(games, threads, |i| read(&play(rules, level, seed, i)));
    let mut dist = HandDistributions {
        hands: 0,
        pegging: vec![Vec::new(); PLAY_CARDS],
        pone_hand: vec![0; 30],
        dealer_hand: vec![0; 30],
        crib: vec![0; 30],
        dealer_show: vec![0; 59],
    };
    let mut joint = vec![[[0u64; 32]; 32]; PLAY_CARDS];
    let mut first_dealer_wins = 0u64;
    for game in &played {
        first_dealer_wins += u64::from(game.first_dealer_won);
        for (dealer, hand) in &game.hands {
            dist.hands += 1;
            for (k, stage) in joint.iter_mut().enumerate() {
                let mut rest = [0usize; 2];
                for &(card, seat, points) in &hand.pegs {
                    if usize::from(card) > k {
                        rest[usize::from(seat != *dealer)] += usize::from(points);
                    }
                }
                // [dealer's, pone's] → indexed (pone, dealer).
                stage[rest[1].min(31)][rest[0].min(31)] += 1;
            }
            dist.pone_hand[usize::from(hand.pone_hand).min(29)] += 1;
            dist.dealer_hand[usize::from(hand.dealer_hand).min(29)] += 1;
            dist.crib[usize::from(hand.crib).min(29)] += 1;
            dist.dealer_show[usize::from(hand.dealer_hand + hand.crib).min(58)] += 1;
        }
    }
    for (k, stage) in joint.iter().enumerate() {
        for (a, row) in stage.iter().enumerate() {
            for (b, &count) in row.iter().enumerate() {
                if count > 0 {
                    dist.pegging[k].push((a as u8, b as u8, count));
                }
            }
        }
    }
    trim(&mut dist.dealer_show);
    Measurement {
        games,
        first_dealer_win_rate: first_dealer_wins as f64 / games.max(1) as f64,
        distributions: dist,
    }
}

/// Drops the zero counts at the end of a distribution.
fn trim(counts: &mut Vec<u64>) {
    while counts.len() > 1 && counts.last() == Some(&0) {
        counts.pop();
    }
}

/// One bin of a reliability table.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Bin {
    /// Predictions in [lo, hi).
    pub lo: f64,
    /// Upper end.
    pub hi: f64,
    /// How many.
    pub n: u64,
    /// Their mean prediction.
    pub predicted: f64,
    /// The share that won.
    pub observed: f64,
}

/// How well the model's predictions match held-out games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Calibration {
    /// Games played.
    pub games: u64,
    /// Predictions scored: every stage of every hand, from each seat.
    pub positions: u64,
    /// Mean squared error of the predictions (0 is perfect; always saying
    /// 50% scores 0.25).
    pub brier: f64,
    /// The Brier score of the start of each hand alone.
    pub brier_deal: f64,
    /// The Brier score of the play's positions alone (before each card).
    pub brier_play: f64,
    /// The Brier score of the positions before each count alone.
    pub brier_counts: f64,
    /// Ten bins by prediction.
    pub bins: Vec<Bin>,
    /// The largest gap between a bin's mean prediction and its share won,
    /// over bins of at least 100 positions.
    pub worst_gap: f64,
}

/// Plays `games` held-out games and reads them (as [`measure`] does).
pub fn held_out(rules: Rules, level: Level, seed: u64, games: u64, threads: usize) -> HeldOut {
    HeldOut(in_parallel(games, threads, |i| {
        read(&play(rules, level, seed, i))
    }))
}

/// Games played and read, to score models on.
pub struct HeldOut(Vec<Measured>);

/// Plays `games` held-out games (as [`measure`] does) and scores the
/// model's chance for each seat at every position met against who won.
pub fn calibrate(
    model: &WinModel,
    rules: Rules,
    level: Level,
    seed: u64,
    games: u64,
    threads: usize,
) -> Calibration {
    score(model, &held_out(rules, level, seed, games, threads))
}

/// Scores `model` on games already played (see [`held_out`]).
pub fn score(model: &WinModel, held_out: &HeldOut) -> Calibration {
    let played = &held_out.0;
    let games = played.len() as u64;
    let mut sums = [(0u64, 0.0f64, 0.0f64); 10];
    // Squared errors and counts: all, the deals, the play, the counts.
    let mut by = [(0.0f64, 0u64); 4];
    for game in played {
        // Each position is scored from both seats: the chance for one and
        // for the other are both predictions, and taking both keeps one
        // seat's luck in these games from leaning every bin one way.
        for point in &game.checkpoints {
            for seat in 0..2 {
                let p = model.chances(
                    point.stage,
                    point.to_go[seat],
                    point.to_go[1 - seat],
                    point.dealer == seat,
                );
                let won = if point.winner == seat { 1.0 } else { 0.0 };
                let bin = ((p * 10.0) as usize).min(9);
                sums[bin].0 += 1;
                sums[bin].1 += p;
                sums[bin].2 += won;
                let kind = match point.stage {
                    Stage::Deal => 1,
                    Stage::Play { .. } => 2,
                    _ => 3,
                };
                for k in [0, kind] {
                    by[k].0 += (p - won) * (p - won);
                    by[k].1 += 1;
                }
            }
        }
    }
    let bins: Vec<Bin> = sums
        .iter()
        .enumerate()
        .map(|(i, &(count, p, w))| Bin {
            lo: i as f64 / 10.0,
            hi: (i + 1) as f64 / 10.0,
            n: count,
            predicted: p / count.max(1) as f64,
            observed: w / count.max(1) as f64,
        })
        .collect();
    let worst_gap = bins
        .iter()
        .filter(|b| b.n >= 100)
        .map(|b| (b.predicted - b.observed).abs())
        .fold(0.0, f64::max);
    let brier = |k: usize| by[k].0 / by[k].1.max(1) as f64;
    Calibration {
        games,
        positions: by[0].1,
        brier: brier(0),
        brier_deal: brier(1),
        brier_play: brier(2),
        brier_counts: brier(3),
        bins,
        worst_gap,
    }
}

/// The distributions as the Rust source of `src/ai/winprob/data.rs`, with
/// the command that made them: each count a `u16`; the pegging before the
/// first card jointly, a grid by the pone's points and the dealer's; after
/// the second card and on, each player's pegging to come
/// apart (its marginal: the model takes them as independent, which held-out
/// games score the same as the joint table, to a Brier score within 0.0001);
/// after the first card, nothing (it never scores: the pegging to come is
/// what it was before it).
///
/// # Errors
/// When a count does not fit a `u16` (more than 65,535 hands measured: play
/// fewer games), or the first card laid scored (a bug).
pub fn rust_source(dist: &HandDistributions, command: &str) -> Result<String, String> {
    use std::fmt::Write as _;
    let small = |c: u64| {
        u16::try_from(c).map_err(|_| {
            format!("a count of {c} does not fit the shipped table's u16: measure fewer hands")
        })
    };
    let list = |counts: &[u64]| -> Result<String, String> {
        let mut texts = Vec::with_capacity(counts.len());
        for &c in counts {
            texts.push(small(c)?.to_string());
        }
        Ok(texts.join(", "))
    };
    let (Some(first), Some(second)) = (dist.pegging.first(), dist.pegging.get(1)) else {
        return Err("no pegging measured".into());
    };
    if first != second {
        return Err("the pegging after one card differs from the pegging before it".into());
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! Per-hand point distributions of two-player cribbage, measured by\n\
         //! self-play: what the win-probability model is built from.\n\
         //! Generated by `{command}`; do not edit.\n"
    );
    let _ = writeln!(out, "/// Complete hands measured.");
    let _ = writeln!(out, "pub(super) const HANDS: u64 = {};", dist.hands);
    let rows = first
        .iter()
        .map(|e| usize::from(e.0) + 1)
        .max()
        .unwrap_or(1);
    let columns = first
        .iter()
        .map(|e| usize::from(e.1) + 1)
        .max()
        .unwrap_or(1);
    let mut grid = vec![vec![0u64; columns]; rows];
    for &(a, b, c) in first {
        grid[usize::from(a)][usize::from(b)] = c;
    }
    let _ = writeln!(
        out,
        "/// Before the first card, the pegging to come, jointly: hands by the\n\
         /// pone's points (rows) and the dealer's (columns)."
    );
    let _ = writeln!(
        out,
        "pub(super) const PEGGING: [[u16; {columns}]; {rows}] = ["
    );
    for row in &grid {
        let _ = writeln!(out, "    [{}],", list(row)?);
    }
    let _ = writeln!(out, "];");
    for (name, role) in [("PONE_PLAY", 0), ("DEALER_PLAY", 1)] {
        let _ = writeln!(
            out,
            "/// After 2, 3, … 7 cards laid, the {} pegging to come: hands by points from 0.",
            if role == 0 { "pone's" } else { "dealer's" }
        );
        let _ = writeln!(out, "pub(super) const {name}: [&[u16]; 6] = [");
        for stage in dist.pegging.iter().skip(2) {
            let mut marginal = vec![0u64; 32];
            for &(a, b, c) in stage {
                marginal[usize::from(if role == 0 { a } else { b }).min(31)] += c;
            }
            trim(&mut marginal);
            let _ = writeln!(out, "    &[{}],", list(&marginal)?);
        }
        let _ = writeln!(out, "];");
    }
    for (name, doc, counts) in [
        ("PONE_HAND", "The pone's hand", &dist.pone_hand),
        ("DEALER_HAND", "The dealer's hand", &dist.dealer_hand),
        ("CRIB", "The crib", &dist.crib),
        (
            "DEALER_SHOW",
            "The dealer's hand and crib together",
            &dist.dealer_show,
        ),
    ] {
        let _ = writeln!(out, "/// {doc}, hands by points from 0.");
        let _ = writeln!(
            out,
            "pub(super) const {name}: [u16; {}] = [{}];",
            counts.len(),
            list(counts)?
        );
    }
    Ok(out)
}

/// How the engine's exact discard (Hard's) throws to the crib: over `deals`
/// random six-card hands for each role, the rank pairs laid away, counted
/// by [`crate::ai::throws::pair_index`]: `[pone's, dealer's]`.
pub fn throws(seed: u64, deals: u64, threads: usize) -> [Vec<u64>; 2] {
    use crate::ai::hand_values::{CribPool, expected_hand};
    use crate::ai::rng::Rng;
    use crate::ai::throws::{PAIRS, pair_index};
    use crate::cards::{Card, CardSet};
    let thrown = in_parallel(deals, threads, |i| {
        let mut rng = Rng::new(pair_seed(seed, i, 4));
        let mut hand = CardSet::EMPTY;
        while hand.len() < 6 {
            if let Ok(card) = Card::try_from(rng.below(52) as u8) {
                hand.insert(card);
            }
        }
        let unseen = !hand;
        let pool = CribPool::new(unseen, 2);
        let mut pairs = [0usize; 2];
        for (role, sign) in [(0, -1.0), (1, 1.0)] {
            let best = hand
                .subsets_of_len(2)
                .map(|discard| {
                    let value =
                        expected_hand(hand - discard, unseen) + sign * pool.expected(discard).0;
                    (value, discard)
                })
                .fold(None, |best: Option<(f64, CardSet)>, x| match best {
                    Some(b) if b.0 >= x.0 => Some(b),
                    _ => Some(x),
                });
            let mut ranks = best
                .map_or(CardSet::EMPTY, |b| b.1)
                .iter()
                .map(|c| c.rank().index());
            let (a, b) = (ranks.next().unwrap_or(0), ranks.next().unwrap_or(0));
            pairs[role] = pair_index(a, b);
        }
        pairs
    });
    let mut counts = [vec![0u64; PAIRS], vec![0u64; PAIRS]];
    for pairs in thrown {
        for role in 0..2 {
            counts[role][pairs[role]] += 1;
        }
    }
    counts
}

/// The throws as the Rust source of `src/ai/throw_values.rs`: for each
/// rank pair, how many times as often as two random cards it is thrown, in
/// 64ths (a `u8`: up to 3.98 times).
pub fn throws_source(counts: &[Vec<u64>; 2], command: &str) -> String {
    use crate::ai::throws::pair_index;
    let ratios = |counts: &[u64]| {
        let total = counts.iter().sum::<u64>().max(1) as f64;
        let mut texts = Vec::with_capacity(counts.len());
        for a in 0..13u8 {
            for b in a..13u8 {
                let random = if a == b { 6.0 } else { 16.0 } / 1326.0;
                let thrown = counts[pair_index(a, b)] as f64 / total;
                texts.push(((thrown / random * 64.0).round().min(255.0) as u8).to_string());
            }
        }
        texts.join(", ")
    };
    format!(
        "// How the exact discard throws to the crib: for each rank pair, by\n\
         // `throws::pair_index`, how many times as often as two cards at\n\
         // random it is laid away, in 64ths. Generated by `{command}`; do not edit.\n\n\
         /// The pone's throws.\n\
         pub(super) const PONE_THROWS: [u8; 91] = [{}];\n\
         /// The dealer's throws.\n\
         pub(super) const DEALER_THROWS: [u8; 91] = [{}];\n",
        ratios(&counts[0]),
        ratios(&counts[1])
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generator depends only on its arguments: the same seed gives the
    /// same distributions and the same source, on any number of threads.
    #[test]
    fn the_generator_is_reproducible() {
        let rules = Rules::default();
        let one = measure(rules, Level::Expert, 5, 3, 1);
        let three = measure(rules, Level::Expert, 5, 3, 3);
        assert_eq!(one, three);
        assert!(one.distributions.hands >= 15, "{}", one.distributions.hands);
        let source = rust_source(&one.distributions, "test").unwrap();
        assert_eq!(source, rust_source(&three.distributions, "test").unwrap());
        // Every complete hand pegs at least one point (the last card).
        for stage in &one.distributions.pegging {
            assert!(stage.iter().all(|&(a, b, _)| a + b > 0));
        }
        assert_ne!(one, measure(rules, Level::Expert, 6, 3, 1));
    }

    /// The shipped tables are what their commands make: each file names
    /// the command that wrote it, which is run again here and must write
    /// it byte for byte. (Slow: the model's thousands of self-play games.)
    #[test]
    #[ignore = "replays the shipped tables' generators: an hour or more"]
    fn the_shipped_tables_are_rebuilt_by_their_commands() {
        let word = |command: &str, name: &str| -> String {
            let words: Vec<&str> = command.split_whitespace().collect();
            let at = words.iter().position(|w| *w == name).unwrap();
            words[at + 1].to_string()
        };
        let arg = |command: &str, name: &str| -> u64 { word(command, name).parse().unwrap() };
        let data = include_str!("data.rs");
        let command = data.split('`').nth(1).unwrap();
        let (games, seed) = (arg(command, "--games"), arg(command, "--seed"));
        let level: Level = word(command, "--level").parse().unwrap();
        let measured = measure(Rules::default(), level, seed, games, 2);
        assert_eq!(rust_source(&measured.distributions, command).unwrap(), data);
        let throws_data = include_str!("../throw_values.rs");
        let command = throws_data.split('`').nth(1).unwrap();
        let (deals, seed) = (arg(command, "--deals"), arg(command, "--seed"));
        assert_eq!(throws_source(&throws(seed, deals, 2), command), throws_data);
    }
}
