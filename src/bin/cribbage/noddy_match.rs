//! `cribbage match --game noddy`: duplicate games of Noddy between two
//! computer levels. Each deal pair is one game seed played twice with the
//! seats exchanged; Noddy's chance (the cut, each hand's shuffle) does not
//! depend on the play, so both levels get the same cards.

use crate::args::CliError;
use cribbage::ai::arena::{Interval, TimeSummary, pair_seed};
use cribbage::ai::{Level, noddy as bot};
use cribbage::games::GameKind;
use cribbage::games::noddy::{Event, Game, Reason, Rules};
use serde::Serialize;
use std::time::Instant;

/// One finished game of a pair.
#[derive(Debug, Clone, Default)]
struct Played {
    a_won: bool,
    first_dealer_won: bool,
    hands: u64,
    /// Points by kind: jack turned, announcements, play (go included).
    jack: u64,
    announced: u64,
    play: u64,
    /// A's decision times and B's, microseconds.
    times: [Vec<f64>; 2],
}

/// The match's figures.
#[derive(Debug, Serialize)]
struct NoddyReport {
    game: GameKind,
    a: Level,
    b: Level,
    seed: u64,
    games: u64,
    a_wins: u64,
    a_win_rate: f64,
    a_win_rate_ci95: Interval,
    first_dealer_win_rate: f64,
    hands_per_game: f64,
    points_per_hand: PerHand,
    a_times: TimeSummary,
    b_times: TimeSummary,
    threads: usize,
    seconds: f64,
}

/// Mean points a hand, by kind (both players together).
#[derive(Debug, Serialize)]
struct PerHand {
    jack_turned: f64,
    announced: f64,
    play: f64,
}

/// Plays game `i` of pair set `seed` with A at `a_seat`.
fn play(a: Level, b: Level, seed: u64, i: u64, a_seat: usize) -> Played {
    let game_seed = pair_seed(seed, i, 1);
    let levels = if a_seat == 0 { [a, b] } else { [b, a] };
    let mut game = Game::new(Rules::default(), game_seed);
    let mut played = Played::default();
    while let Some(seat) = game.current_player() {
        let obs = game.observation(seat);
        let bot_seed = pair_seed(seed, i, 2 + seat as u64);
        let start = Instant::now();
        let action = bot::decide(levels[seat], &obs, bot_seed)
            .unwrap_or_else(|e| panic!("seat {seat}: {e}"));
        let micros = start.elapsed().as_secs_f64() * 1e6;
        played.times[usize::from(seat != a_seat)].push(micros);
        game.apply(action)
            .unwrap_or_else(|e| panic!("seat {seat} chose {action}: {e}"));
    }
    let winner = game.winner().unwrap_or(0);
    played.a_won = winner == a_seat;
    played.first_dealer_won = winner == game.first_dealer();
    for event in game.events() {
        match event {
            Event::Deal { .. } => played.hands += 1,
            Event::Pegged(peg) => {
                let points = u64::from(peg.points);
                match peg.reason {
                    Reason::JackTurned { .. } => played.jack += points,
                    Reason::Announcement => played.announced += points,
                    Reason::Play { .. } | Reason::Go { .. } => played.play += points,
                }
            }
            _ => {}
        }
    }
    played
}

/// Runs the match and prints its report.
pub fn run(a: Level, b: Level, seed: u64, games: u64, threads: usize) -> Result<(), CliError> {
    let start = Instant::now();
    let pairs = games.div_ceil(2);
    let results: Vec<(u64, [Played; 2])> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                scope.spawn(move || {
                    (t..pairs)
                        .step_by(threads)
                        .map(|i| (i, [play(a, b, seed, i, 0), play(a, b, seed, i, 1)]))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let mut a_wins = 0;
    let mut first_dealer_wins = 0;
    let (mut hands, mut jack, mut announced, mut play) = (0u64, 0u64, 0u64, 0u64);
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut pair_scores = Vec::new();
    for (_, pair) in &results {
        let mut won = 0;
        for game in pair {
            won += u64::from(game.a_won);
            first_dealer_wins += u64::from(game.first_dealer_won);
            hands += game.hands;
            jack += game.jack;
            announced += game.announced;
            play += game.play;
            for (all, these) in times.iter_mut().zip(&game.times) {
                all.extend(these);
            }
        }
        a_wins += won;
        pair_scores.push(won as f64 / 2.0);
    }
    let played = results.len() as u64 * 2;
    let per = |x: u64| x as f64 / hands.max(1) as f64;
    let [a_times, b_times] = times;
    let report = NoddyReport {
        game: GameKind::Noddy,
        a,
        b,
        seed,
        games: played,
        a_wins,
        a_win_rate: a_wins as f64 / played.max(1) as f64,
        a_win_rate_ci95: Interval::of_mean(&pair_scores),
        first_dealer_win_rate: first_dealer_wins as f64 / played.max(1) as f64,
        hands_per_game: hands as f64 / played.max(1) as f64,
        points_per_hand: PerHand {
            jack_turned: per(jack),
            announced: per(announced),
            play: per(play),
        },
        a_times: TimeSummary::of(a_times),
        b_times: TimeSummary::of(b_times),
        threads,
        seconds: (start.elapsed().as_secs_f64() * 10.0).round() / 10.0,
    };
    super::matches::print(&report)
}
