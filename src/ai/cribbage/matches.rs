//! Standard and reverse cribbage's strength matches (`cribbage match`):
//! two players to 121 by the arena's duplicate deal pairs
//! ([`crate::ai::arena`]), any other table by deal sets that rotate the
//! levels through every seat.

use crate::ai::arena::{Interval, MatchReport, pair_seed, play_pairs_in, report};
use crate::ai::matches::Spec;
use crate::ai::{Bot, Level, Player};
use crate::games::GameKind;
use crate::games::State as _;
use crate::games::cribbage::{Game, Rules, Skunk};
use serde::Serialize;
use std::time::Instant;

/// The arena's report with how it was run.
#[derive(Serialize)]
struct Output {
    #[serde(flatten)]
    report: MatchReport,
    game: GameKind,
    threads: usize,
    seconds: f64,
}

/// The match `spec` asks for: the arena's for two players in a single game
/// to 121, the seated one for any other table.
///
/// # Errors
/// `--stats` for a table the arena does not play.
pub(crate) fn play_match(spec: &Spec<Game>) -> Result<String, String> {
    let rules = spec.rules;
    let threads = spec.threads.max(1);
    if rules.with_goal(Default::default()) != Rules::default() {
        if spec.stats {
            return Err("--stats is for two-player single games to 121 only".into());
        }
        let report = seated_match(rules, spec.a, spec.b, spec.seed, spec.games, threads);
        return serde_json::to_string(&report).map_err(|e| e.to_string());
    }
    let start = Instant::now();
    let pairs = play_pairs_in(
        rules,
        spec.a,
        spec.b,
        spec.seed,
        spec.games.div_ceil(2),
        threads,
    );
    let output = Output {
        report: report(spec.a, spec.b, spec.seed, &pairs, spec.stats),
        game: spec.kind,
        threads,
        seconds: (start.elapsed().as_secs_f64() * 10.0).round() / 10.0,
    };
    serde_json::to_string(&output).map_err(|e| e.to_string())
}

// ---------------------------------------------------------------------------
// Any table: the levels rotated through the seats on the same deals.

/// One game (or best-of-three match) of a deal set.
#[derive(Debug, Clone, PartialEq)]
struct Seated {
    /// Whether each seat held level A.
    a_seats: Vec<bool>,
    /// Whether A's level won.
    a_won: bool,
    /// How badly the last game was lost (the match's deciding game).
    skunk: Skunk,
    /// Games the match took (1 for a single game).
    games: u8,
}

/// Who sits where in each game of a deal set: `true` for level A.
fn seatings(players: usize) -> Vec<Vec<bool>> {
    match players {
        // A lone A at each seat, then a lone B at each seat.
        3 => (0..6)
            .map(|g| (0..3).map(|s| (s == g % 3) == (g < 3)).collect())
            .collect(),
        // Partnerships: seats 0 and 2 against 1 and 3.
        4 => vec![
            vec![true, false, true, false],
            vec![false, true, false, true],
        ],
        _ => vec![vec![true, false], vec![false, true]],
    }
}

/// Plays deal set `i`: one seed, every seating, each seat's bot seeded by
/// the set, its seat and its level, so the result depends only on `seed` and `i`.
fn play_set(rules: Rules, a: Level, b: Level, seed: u64, i: u64) -> Vec<Seated> {
    let game_seed = pair_seed(seed, i, 1);
    seatings(rules.players())
        .into_iter()
        .map(|a_seats| {
            let mut bots: Vec<Bot> = a_seats
                .iter()
                .enumerate()
                .map(|(seat, &is_a)| Bot {
                    level: if is_a { a } else { b },
                    seed: pair_seed(seed, i, 2 + 2 * seat as u64 + u64::from(is_a)),
                })
                .collect();
            let mut game = Game::new(rules, game_seed);
            while let Some(seat) = game.current_player() {
                let obs = game.observation(seat);
                let action = bots[seat]
                    .decide(&obs)
                    .unwrap_or_else(|e| panic!("seat {seat}: {e}"));
                game.apply(action.clone())
                    .unwrap_or_else(|e| panic!("seat {seat} chose {action}: {e}"));
            }
            let winner = game.winner().unwrap_or_else(|| panic!("no winner"));
            // The seats of the winning side (one seat, or a partnership) share a level.
            let a_won =
                (0..rules.players()).any(|seat| rules.side_of(seat) == winner && a_seats[seat]);
            let last = game.results().last();
            Seated {
                a_seats,
                a_won,
                skunk: last.map_or(Skunk::None, |r| r.skunk),
                games: last.map_or(1, |r| r.game),
            }
        })
        .collect()
}

/// The report of a match at any table.
#[derive(Debug, Serialize)]
pub(crate) struct SeatedReport {
    a: Level,
    b: Level,
    rules: String,
    seed: u64,
    deal_sets: u64,
    /// Games (or best-of-three matches) played.
    games: u64,
    a_wins: u64,
    /// Share of games won by A's seats: 0.5 is even, at any table.
    a_win_rate: f64,
    /// Its 95% interval over deal sets, `{lo, hi}` as every match reports it.
    a_win_rate_ci95: Interval,
    /// Three players: the share a lone A (or B) wins against two of the
    /// other level, where an even share is 1/3.
    #[serde(skip_serializing_if = "Option::is_none")]
    lone_a_win_rate: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lone_b_win_rate: Option<f64>,
    /// Wins by a skunk and by a double skunk, by level.
    a_skunks: [u64; 2],
    b_skunks: [u64; 2],
    /// How many matches took 1, 2, 3, 4, … games.
    games_per_match: Vec<u64>,
    threads: usize,
    seconds: f64,
}

/// Plays `games` games (rounded up to whole deal sets) on `threads` threads.
pub(crate) fn seated_match(
    rules: Rules,
    a: Level,
    b: Level,
    seed: u64,
    games: u64,
    threads: usize,
) -> SeatedReport {
    let start = Instant::now();
    let per_set = seatings(rules.players()).len() as u64;
    let sets = games.div_ceil(per_set);
    let records = in_parallel(sets, threads, |i| play_set(rules, a, b, seed, i));
    let mut a_wins = 0u64;
    let mut lone = [(0u64, 0u64); 2];
    let mut skunks = [[0u64; 2]; 2];
    let mut games_per_match = Vec::new();
    let mut set_scores = Vec::with_capacity(records.len());
    for set in &records {
        let mut won = 0u64;
        for game in set {
            won += u64::from(game.a_won);
            let a_count = game.a_seats.iter().filter(|&&x| x).count();
            if rules.players() == 3 {
                // Which level sat alone, and whether it won.
                let (k, lone_won) = if a_count == 1 {
                    (0, game.a_won)
                } else {
                    (1, !game.a_won)
                };
                lone[k].0 += u64::from(lone_won);
                lone[k].1 += 1;
            }
            let level = usize::from(!game.a_won);
            match game.skunk {
                Skunk::None => {}
                Skunk::Skunk => skunks[level][0] += 1,
                Skunk::Double => skunks[level][1] += 1,
            }
            let n = usize::from(game.games.max(1));
            if games_per_match.len() < n {
                games_per_match.resize(n, 0);
            }
            games_per_match[n - 1] += 1;
        }
        a_wins += won;
        set_scores.push(won as f64 / set.len().max(1) as f64);
    }
    let played = records.iter().map(|s| s.len() as u64).sum::<u64>();
    let ci95 = Interval::of_mean(&set_scores);
    let round = |x: f64| (x * 10_000.0).round() / 10_000.0;
    let rate = |(won, of): (u64, u64)| round(won as f64 / of.max(1) as f64);
    SeatedReport {
        a,
        b,
        rules: rules.to_string(),
        seed,
        deal_sets: sets,
        games: played,
        a_wins,
        a_win_rate: rate((a_wins, played)),
        a_win_rate_ci95: Interval {
            lo: round(ci95.lo),
            hi: round(ci95.hi),
        },
        lone_a_win_rate: (rules.players() == 3).then(|| rate(lone[0])),
        lone_b_win_rate: (rules.players() == 3).then(|| rate(lone[1])),
        a_skunks: skunks[0],
        b_skunks: skunks[1],
        games_per_match,
        threads,
        seconds: (start.elapsed().as_secs_f64() * 10.0).round() / 10.0,
    }
}

/// `job(0..count)` on `threads` threads, the results in index order, so
/// they never depend on the number of threads.
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every level sits in every seat equally often, so a seat's deals
    /// favour neither level.
    #[test]
    fn the_levels_rotate_through_every_seat() {
        for players in [2, 3, 4] {
            let seatings = seatings(players);
            for seat in 0..players {
                let a = seatings.iter().filter(|s| s[seat]).count();
                assert_eq!(a * 2, seatings.len(), "{players} players, seat {seat}");
            }
        }
    }
}
