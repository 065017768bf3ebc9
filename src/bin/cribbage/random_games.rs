//! `cribbage random-games`: plays many games with uniformly random legal
//! actions, checks every invariant of the engine after every action
//! (`cribbage::audit`), and prints statistics as JSON.

use crate::Command;
use crate::args::{Args, CliError};
use crate::table::{self, TableOptions, panic_text};
use cribbage::ai::Game;
use cribbage::audit::Audit;
use cribbage::family::{AnyGame, Member, Visit};
use cribbage::games::GameKind;
use std::io::{self, Write};
use std::time::Instant;

/// The `random-games` subcommand.
pub const COMMAND: Command = Command {
    name: "random-games",
    summary: "play random games, check every invariant, print statistics as JSON",
    usage,
    run,
};

const USAGE: &str = "\
usage: cribbage random-games [--game {games}]
                             [--games N] [--players N] [--target 121|61] [--seed S]
                             [--muggins] [--best-of-three] [--threads K]

Plays N games (default 1000) of the game chosen (standard cribbage by
default) in which every player takes a uniformly random legal action, checks
every invariant of the engine after every action (cards accounted for,
scores never falling, illegal actions refused without change, observations
showing nothing hidden, save and restore giving back the same game, the
winner being who reached the target first), and prints one JSON object:
every game's with its game, rules and seed; standard and reverse cribbage's
with

  games, matches, deals_per_game, mean_points_per_deal {pegging_dealer,
  pegging_pone, hand, crib, heels, muggins}, first_dealer_win_rate, skunks,
  double_skunks, actions, illegal_actions_refused, invariant_violations,
  seconds, games_per_second

--players takes any number of players the game is played by (Noddy: 2;
the solitaires: 1) and refuses others in the game's words; --target,
--muggins and --best-of-three are standard and reverse cribbage's.

Noddy (--game noddy) prints games, hands_per_game, mean_points_per_hand {jack_turned,
announced_dealer, announced_pone, play_dealer, play_pone},
first_dealer_win_rate, actions, illegal_actions_refused,
invariant_violations, seconds and games_per_second.

Costly Colours (--game costly-colours) prints games, hands_per_game, mog_rate (the share of hands in which both
agreed to mog), mean_points_per_hand {jack_or_two_turned, mog_refused,
mog_passed, show_dealer, show_pone, play_dealer, play_pone},
first_dealer_win_rate, actions, illegal_actions_refused,
invariant_violations, seconds and games_per_second.

Cribbage Square Solitaire (--game square-solitaire) and Cribbage Solitaire
(--game solitaire) print games, mean_score,
win_rate (61 or more; 81 or more for Cribbage Solitaire, with
double_game_rate for 121 or more), best, mean_points_per_game by source
(heels, rows and columns; or heels, hands, cribs and last_four), actions,
illegal_actions_refused, undos, invariant_violations, seconds and
games_per_second. The players place and lay away at random.

Table Top Cribbage (--game table-top; --players 2 or 4) prints games, hands_per_game, mean_points_per_hand {rows, columns},
mean_points_per_line, best_line, level_at_121_or_more (hands after which
both sides stood level at 121 or more, so another was dealt),
first_dealer_win_rate, rows_win_rate, actions, illegal_actions_refused,
invariant_violations, seconds and games_per_second.

Game i is played from seed S + i (S is 0 by default), so any game can be
replayed alone. Every violation is described on stderr, and the exit status
is 1 if there was any.
";

/// The usage text, naming every game this build plays.
fn usage() -> String {
    USAGE.replace("{games}", &table::choices(&table::every_game()))
}

fn run(mut args: Args) -> Result<(), CliError> {
    let kind = table::game(&mut args, &table::every_game())?;
    let games: u64 = args.parsed("--games", 1000, "a number of games")?;
    let seed: u64 = args.parsed("--seed", 0, "a whole number")?;
    let threads = table::threads(&mut args)?;
    let options = TableOptions::read(&mut args)?;
    args.finish()?;
    let run = Run {
        options,
        games,
        seed,
        threads,
    };
    let (report, violations) =
        AnyGame::visit(kind, run).map_err(|e| CliError::usage(e.to_string()))??;
    table::print_line(&report.to_string())?;
    if violations == 0 {
        Ok(())
    } else {
        Err(CliError::Failed(format!(
            "{violations} invariant violation(s)"
        )))
    }
}

/// One run of the audit: the table, how many games from which seed, on
/// how many threads.
struct Run {
    options: TableOptions,
    games: u64,
    seed: u64,
    threads: usize,
}

impl Visit for Run {
    /// The report, and how many violations it counted.
    type Out = Result<(serde_json::Value, usize), CliError>;

    fn visit<G: Member>(self, kind: GameKind) -> Self::Out {
        let rules = self.options.rules::<G>(kind)?;
        let start = Instant::now();
        let (stats, violations) = audit_many::<G>(rules, self.games, self.seed, self.threads);
        let seconds = start.elapsed().as_secs_f64();
        for violation in &violations {
            // stderr is only for people; if it is closed, the count still shows.
            let _ = writeln!(io::stderr(), "violation: {violation}");
        }
        let mut report = G::report(rules, &stats, self.games);
        report.insert("game".into(), kind.name().into());
        report.insert("rules".into(), rules.to_string().into());
        report.insert("seed".into(), self.seed.into());
        report.insert("invariant_violations".into(), violations.len().into());
        report.insert("seconds".into(), seconds.into());
        report.insert(
            "games_per_second".into(),
            (G::games(&stats) as f64 / seconds).into(),
        );
        Ok((serde_json::Value::Object(report), violations.len()))
    }
}

/// One thread's totals, and its violations with their seeds.
type Audited<G> = (<G as Audit>::Stats, Vec<(u64, String)>);

/// Audits games `seed .. seed + games` of `G` across `threads` threads, a
/// panic counted as a violation, and returns the merged totals and every
/// violation, in the order of the seeds. The totals do not depend on how
/// the games are split.
fn audit_many<G: Game>(
    rules: G::Rules,
    games: u64,
    seed: u64,
    threads: usize,
) -> (G::Stats, Vec<String>) {
    let results: Vec<Audited<G>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                scope.spawn(move || {
                    let mut stats = G::Stats::default();
                    let mut violations = Vec::new();
                    for i in (t..games).step_by(threads) {
                        let game_seed = seed.wrapping_add(i);
                        // A panic is a violation too: report it and go on.
                        let outcome =
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                G::audit(rules, game_seed, &mut stats)
                            }));
                        match outcome {
                            Ok(Ok(())) => {}
                            Ok(Err(v)) => violations.push((game_seed, v)),
                            Err(panic) => violations.push((
                                game_seed,
                                format!(
                                    "{rules}, seed {game_seed}: the engine panicked: {}",
                                    panic_text(&*panic)
                                ),
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
    let mut stats = G::Stats::default();
    let mut violations = Vec::new();
    for (s, v) in results {
        G::merge(&mut stats, &s);
        violations.extend(v);
    }
    violations.sort_by_key(|(seed, _)| *seed);
    (stats, violations.into_iter().map(|(_, v)| v).collect())
}
