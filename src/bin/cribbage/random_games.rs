//! `cribbage random-games`: plays many games with uniformly random legal
//! actions, checks every invariant of the engine after every action
//! (`cribbage::audit`), and prints statistics as JSON.

use crate::Command;
use crate::args::{Args, CliError};
use cribbage::audit::costly_colours::{CostlyColoursStats, audit_costly_colours_game};
use cribbage::audit::noddy::{NoddyStats, audit_noddy_game};
use cribbage::audit::solitaire::{SolitaireStats, audit_solitaire_game};
use cribbage::audit::square_solitaire::{SquareSolitaireStats, audit_square_solitaire_game};
use cribbage::audit::{AuditStats, Violation, audit_random_game};
use cribbage::games::GameKind;
use cribbage::games::cribbage::{Counting, MatchFormat, Rules};
use cribbage::games::{
    costly_colours, noddy, solitaire as solitaire_game, square_solitaire as square,
};
use serde_json::json;
use std::io::{self, Write};
use std::time::Instant;

/// The `random-games` subcommand.
pub const COMMAND: Command = Command {
    name: "random-games",
    summary: "play random games, check every invariant, print statistics as JSON",
    usage: USAGE,
    run,
};

const USAGE: &str = "\
usage: cribbage random-games [--game cribbage|reverse|noddy|costly-colours|table-top|square-solitaire|solitaire] [--games N] [--players 2|3|4] [--target 121|61]
                             [--seed S] [--muggins] [--best-of-three] [--threads K]

Plays N games of standard (default) or reverse cribbage (default 1000) in which every player takes a uniformly random
legal action, checks every invariant of the engine after every action (cards
accounted for, scores never falling, illegal actions refused without change,
observations showing nothing hidden, save and restore giving back the same
game, the winner being who reached the target first), and prints JSON:

  games, deals_per_game, mean_points_per_deal {pegging_dealer, pegging_pone,
  hand, crib, heels}, first_dealer_win_rate, skunks, double_skunks,
  invariant_violations, seconds, games_per_second

Noddy (--game noddy; --players, --target, --muggins and --best-of-three do
not apply) prints games, hands_per_game, mean_points_per_hand {jack_turned,
announced_dealer, announced_pone, play_dealer, play_pone},
first_dealer_win_rate, actions, illegal_actions_refused,
invariant_violations, seconds and games_per_second.

Costly Colours (--game costly-colours; the same options do not apply)
prints games, hands_per_game, mog_rate (the share of hands in which both
agreed to mog), mean_points_per_hand {jack_or_two_turned, mog_refused,
mog_passed, show_dealer, show_pone, play_dealer, play_pone},
first_dealer_win_rate, actions, illegal_actions_refused,
invariant_violations, seconds and games_per_second.

Cribbage Square Solitaire (--game square-solitaire) and Cribbage Solitaire
(--game solitaire; the same options do not apply) print games, mean_score,
win_rate (61 or more; 81 or more for Cribbage Solitaire, with
double_game_rate for 121 or more), best, mean points a game by source
(heels, rows and columns; or heels, hands, cribs and the last four), actions,
illegal_actions_refused, undos, invariant_violations, seconds and
games_per_second. The players place and lay away at random.

Table Top Cribbage (--game table-top; --players 2 or 4, the others do not
apply) prints games, hands_per_game, mean_points_per_hand {rows, columns},
mean_points_per_line, best_line, level_at_121_or_more (hands after which
both sides stood level at 121 or more, so another was dealt),
first_dealer_win_rate, rows_win_rate, actions, illegal_actions_refused,
invariant_violations, seconds and games_per_second.

Game i is played from seed S + i, so any game can be replayed alone. Every
violation is described on stderr, and the exit status is 1 if there was any.
";

fn run(mut args: Args) -> Result<(), CliError> {
    let kind = args.game_among(&[
        GameKind::Cribbage,
        GameKind::Reverse,
        GameKind::Noddy,
        GameKind::CostlyColours,
        GameKind::TableTop,
        GameKind::SquareSolitaire,
        GameKind::Solitaire,
    ])?;
    if kind == GameKind::TableTop {
        return crate::table_top::random_games(args);
    }
    if kind == GameKind::SquareSolitaire {
        return square_solitaire(args);
    }
    if kind == GameKind::Solitaire {
        return solitaire(args);
    }
    if kind == GameKind::Noddy {
        return noddy(args);
    }
    if kind == GameKind::CostlyColours {
        return costly_colours(args);
    }
    let games: u64 = args.parsed("--games", 1000, "a number of games")?;
    let players: u8 = args.parsed("--players", 2, "2, 3 or 4")?;
    let target: u16 = args.parsed("--target", 121, "121 or 61")?;
    let seed: u64 = args.parsed("--seed", 0, "a whole number")?;
    let threads = threads(&mut args)?;
    let counting = if args.flag("--muggins") {
        Counting::Muggins
    } else {
        Counting::Automatic
    };
    let format = if args.flag("--best-of-three") {
        MatchFormat::BestOfThree
    } else {
        MatchFormat::Single
    };
    args.finish()?;
    let mut rules = Rules::new(players, target, counting, format)
        .map_err(|e| CliError::usage(e.to_string()))?;
    if kind == GameKind::Reverse {
        rules = rules.reverse();
    }

    let start = Instant::now();
    let (stats, violations) = play(rules, games, seed, threads);
    let seconds = start.elapsed().as_secs_f64();
    for violation in &violations {
        // stderr is only for people; if it is closed, the count still shows.
        let _ = writeln!(io::stderr(), "violation: {violation}");
    }
    let deals = stats.deals.max(1) as f64;
    let pones = (rules.players() - 1) as f64;
    let per = |points: u64, n: u64| points as f64 / n.max(1) as f64;
    let report = json!({
        "game": kind,
        "rules": rules.to_string(),
        "games": stats.games,
        "matches": games,
        "seed": seed,
        "deals_per_game": deals / stats.games.max(1) as f64,
        "mean_points_per_deal": {
            "pegging_dealer": stats.dealer_pegging as f64 / deals,
            "pegging_pone": stats.pone_pegging as f64 / deals / pones,
            "hand": per(stats.hands, stats.hands_counted),
            "crib": per(stats.crib, stats.cribs_counted),
            "heels": stats.heels as f64 / deals,
            "muggins": stats.muggins as f64 / deals,
        },
        "first_dealer_win_rate": per(stats.first_dealer_wins, stats.games),
        "skunks": stats.skunks,
        "double_skunks": stats.double_skunks,
        "actions": stats.actions,
        "illegal_actions_refused": stats.illegal_refused,
        "invariant_violations": violations.len(),
        "seconds": seconds,
        "games_per_second": stats.games as f64 / seconds,
    });
    print_report(&report, violations.len())
}

/// Plays games `seed .. seed + games` across `threads` threads. The totals
/// do not depend on how the games are split.
fn play(rules: Rules, games: u64, seed: u64, threads: usize) -> (AuditStats, Vec<Violation>) {
    let results: Vec<(AuditStats, Vec<Violation>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                scope.spawn(move || {
                    let mut stats = AuditStats::default();
                    let mut violations = Vec::new();
                    for i in (t..games).step_by(threads) {
                        let game_seed = seed.wrapping_add(i);
                        // A panic is a violation too: report it and go on.
                        let outcome =
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                audit_random_game(rules, game_seed, &mut stats)
                            }));
                        match outcome {
                            Ok(Ok(())) => {}
                            Ok(Err(v)) => violations.push(v),
                            Err(panic) => violations.push(Violation {
                                rules,
                                seed: game_seed,
                                after_actions: 0,
                                what: format!("the engine panicked: {}", panic_text(&*panic)),
                            }),
                        }
                    }
                    (stats, violations)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let mut stats = AuditStats::default();
    let mut violations = Vec::new();
    for (s, v) in results {
        stats.merge(&s);
        violations.extend(v);
    }
    violations.sort_by_key(|v| v.seed);
    (stats, violations)
}

/// `random-games --game noddy`: the same audit for Noddy, with its own
/// statistics.
fn noddy(mut args: Args) -> Result<(), CliError> {
    let games: u64 = args.parsed("--games", 1000, "a number of games")?;
    let seed: u64 = args.parsed("--seed", 0, "a whole number")?;
    let threads = threads(&mut args)?;
    args.finish()?;
    let (stats, violations, seconds) = audit_many(
        games,
        seed,
        threads,
        "Noddy",
        &audit_noddy_game,
        NoddyStats::merge,
    );
    let hands = stats.hands.max(1) as f64;
    let report = json!({
        "game": GameKind::Noddy,
        "rules": noddy::Rules::default().to_string(),
        "games": stats.games,
        "seed": seed,
        "hands_per_game": stats.hands as f64 / stats.games.max(1) as f64,
        "mean_points_per_hand": {
            "jack_turned": stats.jack_turned as f64 / hands,
            "announced_dealer": stats.announced_dealer as f64 / hands,
            "announced_pone": stats.announced_pone as f64 / hands,
            "play_dealer": stats.play_dealer as f64 / hands,
            "play_pone": stats.play_pone as f64 / hands,
        },
        "first_dealer_win_rate": stats.first_dealer_wins as f64 / stats.games.max(1) as f64,
        "actions": stats.actions,
        "illegal_actions_refused": stats.illegal_refused,
        "invariant_violations": violations.len(),
        "seconds": seconds,
        "games_per_second": stats.games as f64 / seconds,
    });
    print_report(&report, violations.len())
}

/// `random-games --game costly-colours`: the same audit for Costly
/// Colours, with its own statistics.
fn costly_colours(mut args: Args) -> Result<(), CliError> {
    let games: u64 = args.parsed("--games", 1000, "a number of games")?;
    let seed: u64 = args.parsed("--seed", 0, "a whole number")?;
    let threads = threads(&mut args)?;
    args.finish()?;
    let (stats, violations, seconds) = audit_many(
        games,
        seed,
        threads,
        "Costly Colours",
        &audit_costly_colours_game,
        CostlyColoursStats::merge,
    );
    let hands = stats.hands.max(1) as f64;
    let report = json!({
        "game": GameKind::CostlyColours,
        "rules": costly_colours::Rules::default().to_string(),
        "games": stats.games,
        "seed": seed,
        "hands_per_game": stats.hands as f64 / stats.games.max(1) as f64,
        "mog_rate": stats.mogs as f64 / hands,
        "mean_points_per_hand": {
            "jack_or_two_turned": stats.jack_or_two_turned as f64 / hands,
            "mog_refused": stats.mog_refused as f64 / hands,
            "mog_passed": stats.mog_passed as f64 / hands,
            "show_dealer": stats.show_dealer as f64 / hands,
            "show_pone": stats.show_pone as f64 / hands,
            "play_dealer": stats.play_dealer as f64 / hands,
            "play_pone": stats.play_pone as f64 / hands,
        },
        "first_dealer_win_rate": stats.first_dealer_wins as f64 / stats.games.max(1) as f64,
        "actions": stats.actions,
        "illegal_actions_refused": stats.illegal_refused,
        "invariant_violations": violations.len(),
        "seconds": seconds,
        "games_per_second": stats.games as f64 / seconds,
    });
    print_report(&report, violations.len())
}

/// `random-games --game square-solitaire`: the audit for Cribbage Square
/// Solitaire, with its own statistics.
fn square_solitaire(mut args: Args) -> Result<(), CliError> {
    let games: u64 = args.parsed("--games", 1000, "a number of games")?;
    let seed: u64 = args.parsed("--seed", 0, "a whole number")?;
    let threads = threads(&mut args)?;
    args.finish()?;
    let (stats, violations, seconds) = audit_many(
        games,
        seed,
        threads,
        "Cribbage Square Solitaire",
        &audit_square_solitaire_game,
        SquareSolitaireStats::merge,
    );
    let n = stats.games.max(1) as f64;
    let report = json!({
        "game": GameKind::SquareSolitaire,
        "rules": square::Rules::default().to_string(),
        "games": stats.games,
        "seed": seed,
        "mean_score": stats.points as f64 / n,
        "win_rate": stats.wins as f64 / n,
        "best": stats.best,
        "mean_points_per_game": {
            "heels": stats.heels as f64 / n,
            "rows": stats.rows as f64 / n,
            "columns": stats.columns as f64 / n,
        },
        "actions": stats.actions,
        "illegal_actions_refused": stats.illegal_refused,
        "undos": stats.undos,
        "invariant_violations": violations.len(),
        "seconds": seconds,
        "games_per_second": stats.games as f64 / seconds,
    });
    print_report(&report, violations.len())
}

/// `random-games --game solitaire`: the audit for Cribbage Solitaire, with
/// its own statistics.
fn solitaire(mut args: Args) -> Result<(), CliError> {
    let games: u64 = args.parsed("--games", 1000, "a number of games")?;
    let seed: u64 = args.parsed("--seed", 0, "a whole number")?;
    let threads = threads(&mut args)?;
    args.finish()?;
    let (stats, violations, seconds) = audit_many(
        games,
        seed,
        threads,
        "Cribbage Solitaire",
        &audit_solitaire_game,
        SolitaireStats::merge,
    );
    let n = stats.games.max(1) as f64;
    let report = json!({
        "game": GameKind::Solitaire,
        "rules": solitaire_game::Rules::default().to_string(),
        "games": stats.games,
        "seed": seed,
        "mean_score": stats.points as f64 / n,
        "win_rate": stats.wins as f64 / n,
        "double_game_rate": stats.doubles as f64 / n,
        "best": stats.best,
        "mean_points_per_game": {
            "heels": stats.heels as f64 / n,
            "hands": stats.hands as f64 / n,
            "cribs": stats.cribs as f64 / n,
            "last_four": stats.last_four as f64 / n,
        },
        "actions": stats.actions,
        "illegal_actions_refused": stats.illegal_refused,
        "undos": stats.undos,
        "invariant_violations": violations.len(),
        "seconds": seconds,
        "games_per_second": stats.games as f64 / seconds,
    });
    print_report(&report, violations.len())
}

/// Audits games `seed .. seed + games` of a family game across `threads`
/// threads with `audit`, a panic counted as a violation, and returns the
/// merged statistics, every violation (each written to stderr) and the
/// seconds taken. The totals do not depend on how the games are split.
pub(crate) fn audit_many<S: Default + Send>(
    games: u64,
    seed: u64,
    threads: usize,
    title: &str,
    audit: &(dyn Fn(u64, &mut S) -> Result<(), String> + Sync),
    merge: fn(&mut S, &S),
) -> (S, Vec<String>, f64) {
    let start = Instant::now();
    let results: Vec<(S, Vec<String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                scope.spawn(move || {
                    let mut stats = S::default();
                    let mut violations = Vec::new();
                    for i in (t..games).step_by(threads) {
                        let game_seed = seed.wrapping_add(i);
                        // A panic is a violation too: report it and go on.
                        let outcome =
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                audit(game_seed, &mut stats)
                            }));
                        match outcome {
                            Ok(Ok(())) => {}
                            Ok(Err(v)) => violations.push(v),
                            Err(panic) => violations.push(format!(
                                "{title}, seed {game_seed}: the engine panicked: {}",
                                panic_text(&*panic)
                            )),
                        }
                    }
                    (stats, violations)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let seconds = start.elapsed().as_secs_f64();
    let mut stats = S::default();
    let mut violations = Vec::new();
    for (s, v) in results {
        merge(&mut stats, &s);
        violations.extend(v);
    }
    for violation in &violations {
        // stderr is only for people; if it is closed, the count still shows.
        let _ = writeln!(io::stderr(), "violation: {violation}");
    }
    (stats, violations, seconds)
}

/// Prints the report as one JSON line; a failure when there were violations.
pub(crate) fn print_report(report: &serde_json::Value, violations: usize) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    writeln!(out, "{report}")?;
    out.flush()?;
    if violations == 0 {
        Ok(())
    } else {
        Err(CliError::Failed(format!(
            "{violations} invariant violation(s)"
        )))
    }
}

/// `--threads K`, 1 to 64 (by default the machine's cores).
pub(crate) fn threads(args: &mut Args) -> Result<usize, CliError> {
    let default_threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(64));
    let threads: usize = args.parsed("--threads", default_threads, "a number of threads")?;
    // Refused rather than quietly taken as 1 (or 64): a run that asked for
    // something else should not report figures as if it got it.
    if !(1..=64).contains(&threads) {
        return Err(CliError::usage(format!(
            "--threads {threads}: expected a number of threads from 1 to 64"
        )));
    }
    Ok(threads)
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".to_string())
}
