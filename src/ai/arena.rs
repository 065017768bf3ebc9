//! Whole games between computer players, with the statistics the match
//! tool and the benchmarks report. Native only: it times decisions with the
//! system clock, which the browser build does not have.

use super::{Bot, Player};
use crate::count::ShowKind;
use crate::games::State as _;
use crate::games::cribbage::Rules;
use crate::games::cribbage::{Event, Game, Phase, Reason, Seat, Side, Skunk};
use std::time::Instant;

/// The points of one hand, by where they came from.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HandRecord {
    /// Who dealt.
    pub dealer: Seat,
    /// Whether the hand was played to the end of the show (not cut short by a win).
    pub complete: bool,
    /// Points pegged in the play, by seat.
    pub pegging: Vec<u16>,
    /// Points of each seat's hand in the show.
    pub hands: Vec<u16>,
    /// Points of the crib.
    pub crib: u16,
    /// Two for his heels, if the starter was a jack.
    pub heels: u16,
}

/// How long one decision took.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    /// Who decided.
    pub seat: Seat,
    /// The kind of decision.
    pub phase: Phase,
    /// Microseconds.
    pub micros: f64,
}

/// A finished game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// The winning side.
    pub winner: Side,
    /// Final scores by side.
    pub scores: Vec<u16>,
    /// Who dealt first.
    pub first_dealer: Seat,
    /// How badly the loser lost.
    pub skunk: Skunk,
    /// Every hand dealt.
    pub hands: Vec<HandRecord>,
    /// Every decision with more than one legal option, timed.
    pub timings: Vec<Timing>,
}

/// Plays one game (the rules' format) with `bots[seat]` in each seat.
///
/// # Panics
/// If a bot returns an action the game refuses — which the bots' own
/// legality check rules out — or if there are fewer bots than seats.
pub fn play_game(rules: Rules, seed: u64, bots: &mut [Bot]) -> GameRecord {
    let mut game = Game::new(rules, seed);
    let mut timings = Vec::new();
    while let Some(seat) = game.current_player() {
        let obs = game.observation(seat);
        let start = Instant::now();
        let action = bots[seat]
            .decide(&obs)
            .unwrap_or_else(|e| panic!("seat {seat}: {e}"));
        let micros = start.elapsed().as_secs_f64() * 1e6;
        if obs.legal.len() > 1 {
            timings.push(Timing {
                seat,
                phase: obs.phase,
                micros,
            });
        }
        game.advance(action.clone())
            .unwrap_or_else(|e| panic!("seat {seat} chose {action}: {e}"));
    }
    record(&game, timings)
}

/// Reads the statistics out of a finished game's events.
fn record(game: &Game, timings: Vec<Timing>) -> GameRecord {
    let n = game.rules().players();
    let mut hands: Vec<HandRecord> = Vec::new();
    let mut result = None;
    for event in game.events() {
        match event {
            Event::Deal { dealer, .. } => hands.push(HandRecord {
                dealer: *dealer,
                pegging: vec![0; n],
                hands: vec![0; n],
                ..HandRecord::default()
            }),
            Event::Pegged(peg) => {
                let Some(hand) = hands.last_mut() else {
                    continue;
                };
                let points = u16::from(peg.points);
                match &peg.reason {
                    Reason::Heels { .. } => hand.heels += points,
                    Reason::Play { .. } | Reason::Last { .. } => hand.pegging[peg.seat] += points,
                    Reason::Show {
                        kind: ShowKind::Hand,
                        ..
                    } => hand.hands[peg.seat] += points,
                    Reason::Show {
                        kind: ShowKind::Crib,
                        ..
                    } => hand.crib += points,
                    Reason::Muggins { .. } => {}
                }
            }
            Event::HandOver { .. } => {
                if let Some(hand) = hands.last_mut() {
                    hand.complete = true;
                }
            }
            Event::GameOver(r) => result = Some(r.clone()),
            _ => {}
        }
    }
    let result = result.unwrap_or_else(|| panic!("the game did not end"));
    // The deal after the winning hand never happens; a win mid-hand leaves it incomplete.
    GameRecord {
        winner: result.winner,
        scores: result.scores,
        first_dealer: result.first_dealer,
        skunk: result.skunk,
        hands,
        timings,
    }
}

// ---------------------------------------------------------------------------
// Duplicate matches.

/// The games of one deal pair: the same seed twice, seats exchanged.
#[derive(Debug, Clone, PartialEq)]
pub struct PairRecord {
    /// Level A in seat 0, then in seat 1.
    pub games: [GameRecord; 2],
}

/// The seed of pair `i` of a match seeded `seed` (and of the bots in it).
pub fn pair_seed(seed: u64, i: u64, salt: u64) -> u64 {
    let mut rng = super::rng::Rng::new(seed ^ salt.wrapping_mul(0xA076_1D64_78BD_642F));
    for _ in 0..=(i % 3) {
        rng.next_u64();
    }
    rng.next_u64() ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Plays deal pair `i`: `a` against `b` on the same deals twice, seats swapped.
pub fn play_pair(a: super::Level, b: super::Level, seed: u64, i: u64) -> PairRecord {
    play_pair_in(Rules::default(), a, b, seed, i)
}

/// [`play_pair`] under `rules` (two players: standard or reverse, any
/// target, counting or format).
pub fn play_pair_in(
    rules: Rules,
    a: super::Level,
    b: super::Level,
    seed: u64,
    i: u64,
) -> PairRecord {
    let game_seed = pair_seed(seed, i, 1);
    let bot_a = pair_seed(seed, i, 2);
    let bot_b = pair_seed(seed, i, 3);
    let first = play_game(
        rules,
        game_seed,
        &mut [
            Bot {
                level: a,
                seed: bot_a,
            },
            Bot {
                level: b,
                seed: bot_b,
            },
        ],
    );
    let second = play_game(
        rules,
        game_seed,
        &mut [
            Bot {
                level: b,
                seed: bot_b,
            },
            Bot {
                level: a,
                seed: bot_a,
            },
        ],
    );
    PairRecord {
        games: [first, second],
    }
}

/// Plays pairs `0..pairs` on `threads` threads; the records come back in
/// pair order, so the result does not depend on the number of threads.
pub fn play_pairs(
    a: super::Level,
    b: super::Level,
    seed: u64,
    pairs: u64,
    threads: usize,
) -> Vec<PairRecord> {
    play_pairs_in(Rules::default(), a, b, seed, pairs, threads)
}

/// [`play_pairs`] under `rules` (two players).
pub fn play_pairs_in(
    rules: Rules,
    a: super::Level,
    b: super::Level,
    seed: u64,
    pairs: u64,
    threads: usize,
) -> Vec<PairRecord> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicU64, Ordering};
    let next = AtomicU64::new(0);
    let done: Mutex<Vec<(u64, PairRecord)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= pairs {
                        break;
                    }
                    let record = play_pair_in(rules, a, b, seed, i);
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

// ---------------------------------------------------------------------------
// The report.

/// A 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Interval {
    /// Lower end.
    pub lo: f64,
    /// Upper end.
    pub hi: f64,
}

impl Interval {
    /// The normal 95% interval of the mean of `scores` (one per deal pair
    /// or deal set, each the share of its games a level won): every match
    /// report's confidence interval.
    pub fn of_mean(scores: &[f64]) -> Interval {
        let n = scores.len().max(1) as f64;
        let mean = scores.iter().sum::<f64>() / n;
        let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let half = 1.96 * (var / n).sqrt();
        Interval {
            lo: mean - half,
            hi: mean + half,
        }
    }
}

/// Median and 95th percentile of decision times, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct TimeSummary {
    /// Decisions timed.
    pub n: usize,
    /// Median, ms.
    pub median_ms: f64,
    /// 95th percentile, ms.
    pub p95_ms: f64,
    /// Slowest, ms.
    pub max_ms: f64,
}

impl TimeSummary {
    /// Summarizes times in microseconds.
    pub fn of(mut micros: Vec<f64>) -> TimeSummary {
        micros.sort_by(f64::total_cmp);
        // Milliseconds to the microsecond: the clock means nothing finer.
        let at = |q: f64| {
            if micros.is_empty() {
                0.0
            } else {
                (micros[((micros.len() - 1) as f64 * q).round() as usize]).round() / 1000.0
            }
        };
        TimeSummary {
            n: micros.len(),
            median_ms: at(0.5),
            p95_ms: at(0.95),
            max_ms: at(1.0),
        }
    }
}

/// Decision times of one side, by kind.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct SideTimes {
    /// Laying away.
    pub discard: TimeSummary,
    /// The play.
    pub play: TimeSummary,
}

/// Points per complete deal (hands cut short by a win are left out).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct PerDeal {
    /// Deals counted.
    pub deals: usize,
    /// The dealer's pegging.
    pub dealer_pegging: f64,
    /// The pone's pegging.
    pub pone_pegging: f64,
    /// The dealer's hand.
    pub dealer_hand: f64,
    /// The pone's hand.
    pub pone_hand: f64,
    /// Both hands, averaged.
    pub hand: f64,
    /// The crib.
    pub crib: f64,
    /// His heels.
    pub heels: f64,
}

/// Points distributions per complete deal, counts by points from 0: what
/// the win-probability model in [`super::position`] is built from.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Distributions {
    /// The pone's pegging.
    pub pone_pegging: Vec<u64>,
    /// The dealer's pegging (his heels included).
    pub dealer_pegging: Vec<u64>,
    /// The pone's hand.
    pub pone_hand: Vec<u64>,
    /// The dealer's hand and crib.
    pub dealer_show: Vec<u64>,
}

/// A duplicate match's results.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct MatchReport {
    /// Level A.
    pub a: super::Level,
    /// Level B.
    pub b: super::Level,
    /// The match seed.
    pub seed: u64,
    /// Games played (two per deal pair).
    pub games: u64,
    /// Games A won.
    pub a_wins: u64,
    /// A's share of the games.
    pub a_win_rate: f64,
    /// 95% confidence interval of A's win rate, over deal pairs.
    pub a_win_rate_ci95: Interval,
    /// Share of games won by whoever dealt first.
    pub first_dealer_win_rate: f64,
    /// A's points less B's, per complete deal, when A deals.
    pub a_net_per_deal_as_dealer: f64,
    /// A's points less B's, per complete deal, when B deals.
    pub a_net_per_deal_as_pone: f64,
    /// Games A won by a skunk (loser at 90 or less) and by a double skunk (60 or less).
    pub a_skunks: [u64; 2],
    /// The same for B.
    pub b_skunks: [u64; 2],
    /// Points per complete deal, both sides together.
    pub per_deal: PerDeal,
    /// A's decision times.
    pub a_times: SideTimes,
    /// B's decision times.
    pub b_times: SideTimes,
    /// Points distributions (when asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distributions: Option<Distributions>,
}

/// Sums up a duplicate match (pairs as [`play_pairs`] returns them).
pub fn report(
    a: super::Level,
    b: super::Level,
    seed: u64,
    pairs: &[PairRecord],
    distributions: bool,
) -> MatchReport {
    let mut a_wins = 0u64;
    let mut first_dealer_wins = 0u64;
    let mut pair_scores = Vec::with_capacity(pairs.len());
    let mut net = [(0.0f64, 0usize); 2];
    let mut skunks = [[0u64; 2]; 2];
    let mut times: [[Vec<f64>; 2]; 2] = Default::default();
    let mut sums = [0.0f64; 6];
    let mut deals = 0usize;
    let mut dist = Distributions {
        pone_pegging: vec![0; 40],
        dealer_pegging: vec![0; 40],
        pone_hand: vec![0; 30],
        dealer_show: vec![0; 60],
    };
    let bump = |v: &mut Vec<u64>, x: u16| {
        let i = usize::from(x).min(v.len() - 1);
        v[i] += 1;
    };
    for pair in pairs {
        let mut won = 0;
        for (g, game) in pair.games.iter().enumerate() {
            // A sits in seat 0 in the first game of a pair, seat 1 in the second.
            let a_seat = g;
            let side = |seat: Seat| usize::from(seat != a_seat);
            if game.winner == a_seat {
                a_wins += 1;
                won += 1;
            }
            if game.winner == game.first_dealer {
                first_dealer_wins += 1;
            }
            match game.skunk {
                Skunk::None => {}
                Skunk::Skunk => skunks[side(game.winner)][0] += 1,
                Skunk::Double => skunks[side(game.winner)][1] += 1,
            }
            for t in &game.timings {
                let kind = usize::from(t.phase != Phase::Discard);
                times[side(t.seat)][kind].push(t.micros);
            }
            for hand in game.hands.iter().filter(|h| h.complete) {
                let dealer = hand.dealer;
                let pone = 1 - dealer;
                let total = |s: Seat| {
                    f64::from(hand.pegging[s] + hand.hands[s])
                        + if s == dealer {
                            f64::from(hand.crib + hand.heels)
                        } else {
                            0.0
                        }
                };
                let role = side(dealer);
                net[role].0 += total(a_seat) - total(1 - a_seat);
                net[role].1 += 1;
                for (sum, x) in sums.iter_mut().zip([
                    hand.pegging[dealer],
                    hand.pegging[pone],
                    hand.hands[dealer],
                    hand.hands[pone],
                    hand.crib,
                    hand.heels,
                ]) {
                    *sum += f64::from(x);
                }
                deals += 1;
                bump(&mut dist.pone_pegging, hand.pegging[pone]);
                bump(&mut dist.dealer_pegging, hand.pegging[dealer] + hand.heels);
                bump(&mut dist.pone_hand, hand.hands[pone]);
                bump(&mut dist.dealer_show, hand.hands[dealer] + hand.crib);
            }
        }
        pair_scores.push(f64::from(won) / 2.0);
    }
    let games = pairs.len() as u64 * 2;
    let per = |x: f64| x / deals.max(1) as f64;
    let [times_a, times_b] = times;
    let side_times = |[d, p]: [Vec<f64>; 2]| SideTimes {
        discard: TimeSummary::of(d),
        play: TimeSummary::of(p),
    };
    MatchReport {
        a,
        b,
        seed,
        games,
        a_wins,
        a_win_rate: a_wins as f64 / games.max(1) as f64,
        a_win_rate_ci95: Interval::of_mean(&pair_scores),
        first_dealer_win_rate: first_dealer_wins as f64 / games.max(1) as f64,
        a_net_per_deal_as_dealer: net[0].0 / net[0].1.max(1) as f64,
        a_net_per_deal_as_pone: net[1].0 / net[1].1.max(1) as f64,
        a_skunks: skunks[0],
        b_skunks: skunks[1],
        per_deal: PerDeal {
            deals,
            dealer_pegging: per(sums[0]),
            pone_pegging: per(sums[1]),
            dealer_hand: per(sums[2]),
            pone_hand: per(sums[3]),
            hand: per(sums[2] + sums[3]) / 2.0,
            crib: per(sums[4]),
            heels: per(sums[5]),
        },
        a_times: side_times(times_a),
        b_times: side_times(times_b),
        distributions: distributions.then_some(dist),
    }
}
