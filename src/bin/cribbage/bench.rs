//! `cribbage bench`: the speed figures worth tracking from one change to the
//! next, as one JSON object on stdout for scripts (`build.sh bench` compares
//! `distribution_hands_per_second` with the browser's), with a readable line
//! on stderr as each figure is measured.
//!
//! Figures come in suites; a later issue adds one (game, AI…) by writing a
//! function that records its figures and adding a line to [`SUITES`].

use crate::Command;
use crate::args::{Args, CliError};
use crate::table;
use cribbage::ai::Level;
use cribbage::audit::{AuditStats, audit_random_game};
use cribbage::cards::{Card, CardSet};
use cribbage::count::{PreparedHand, ShowKind, distribution, peg_score, score_show, show_total};
use cribbage::family::{AnyGame, Member, Visit};
use cribbage::games::GameKind;
use cribbage::games::State as _;
use cribbage::games::cribbage::Game as Cribbage;
use cribbage::games::cribbage::Rules;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use serde_json::Value;
use std::hint::black_box;
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// The `bench` subcommand.
pub const COMMAND: Command = Command {
    name: "bench",
    summary: "time the scorers, games and computer players; figures as JSON",
    usage,
    run,
};

const USAGE: &str = "\
usage: cribbage bench [--game {games}]
                      [--games N] [--players N] [--target T] [SUITE…]

Times the scorers on one thread and prints the figures as one JSON object on
stdout, with a readable line for each on stderr as it is measured. Each time
is the best of several runs, the one least disturbed by the rest of the
machine. It takes a few seconds; build with --release for figures that mean
anything:

  cargo run --release -- bench
  cargo run --release -- bench scoring 2>/dev/null > figures.json

Suites (all by default): scoring, game, ai.
--game reverse times the game and ai suites on reverse (low-ball) cribbage:
its games and its computer players' decisions (the scorers are the same).
Every other game ({others})
has one suite, ai: the decisions with a choice from seeded Expert games
(Noddy's plays; Costly Colours' mogs, passes and plays; the placements and
lay-aways of the others), each taken at every level, timed
three times and the best kept; per level and kind of decision (the phase
it is taken in) it prints the count, mean, median (p50), 95th percentile
and slowest, in ms: ai_hard_mog_count, ai_hard_mog_mean_ms, …_p50_ms,
…_p95_ms, …_max_ms.

  cargo run --release -- bench --game costly-colours

--games N: how many seeded games the ai suite takes its decisions from
(default 12 for cribbage and reverse, 40 for the others).
--players N, --target T (and --muggins, --best-of-three): standard and
reverse cribbage at that table (by default 2 players to 121): the game and
ai suites play it and time its decisions.

  cargo run --release -- bench --players 4 ai
";

/// A group of related figures.
struct Suite {
    /// The name given on the command line.
    name: &'static str,
    /// The games it measures.
    games: fn(GameKind) -> bool,
    /// Measures the figures for the game and records them.
    run: fn(&mut Figures, &Setup),
}

/// Standard cribbage and its reverse: the same room, the same suites.
const CRIBBAGE: &[GameKind] = &[GameKind::Cribbage, GameKind::Reverse];

/// Every other game of the family: each has its computer players' suite.
fn other_games(kind: GameKind) -> bool {
    !CRIBBAGE.contains(&kind)
}

/// Standard cribbage and its reverse.
fn cribbage(kind: GameKind) -> bool {
    CRIBBAGE.contains(&kind)
}

/// Every suite, in the order they run.
// One per line, so that a branch adding a suite adds one line here.
#[rustfmt::skip]
const SUITES: &[Suite] = &[
    Suite { name: "scoring", games: cribbage, run: scoring },
    Suite { name: "game", games: cribbage, run: game },
    Suite { name: "ai", games: cribbage, run: ai },
    Suite { name: "ai", games: other_games, run: family_ai },
];

/// What the suites measure: the game, and how many games the ai suite
/// takes its decisions from (`--games`, else the suite's own default).
struct Setup {
    kind: GameKind,
    games: Option<u64>,
    /// The rules of cribbage the cribbage suites play: standard or reverse,
    /// at the table `--players` asked for.
    rules: Rules,
}

/// The same sample on every run, so figures compare across builds.
const SEED: u64 = 2024;

/// How long each per-call figure keeps measuring.
const BUDGET: Duration = Duration::from_millis(400);

/// Every (four-card hand, starter) pair there is: C(52, 4) × 48.
const ALL_PAIRS: u64 = 12_994_800;

/// The games this build has a suite for.
fn timed() -> Vec<GameKind> {
    AnyGame::built()
        .into_iter()
        .filter(|&kind| SUITES.iter().any(|s| (s.games)(kind)))
        .collect()
}

/// The usage text, naming the games timed.
fn usage() -> String {
    let timed = timed();
    let others: Vec<&str> = timed
        .iter()
        .filter(|&&kind| other_games(kind))
        .map(|k| k.name())
        .collect();
    USAGE
        .replace("{games}", &table::choices(&timed))
        .replace("{others}", &others.join(", "))
}

fn run(mut args: Args) -> Result<(), CliError> {
    let kind = table::game(&mut args, &timed())?;
    let games = match args.option("--games")? {
        None => None,
        Some(text) => match text.parse::<u64>() {
            Ok(n) if n > 0 => Some(n),
            _ => {
                return Err(CliError::usage(format!(
                    "--games {text:?}: expected a whole number, 1 or more"
                )));
            }
        },
    };
    let options = table::TableOptions::read(&mut args)?;
    let rules = if cribbage(kind) {
        options.rules::<Cribbage>(kind)?
    } else {
        if options != table::TableOptions::default() {
            return Err(CliError::usage(format!(
                "--players, --target, --muggins and --best-of-three are for standard and reverse cribbage; {} is timed at its own table",
                kind.title()
            )));
        }
        Rules::default()
    };
    let setup = Setup { kind, games, rules };
    let suites: Vec<&Suite> = SUITES.iter().filter(|s| (s.games)(kind)).collect();
    let names = args.positionals()?;
    let mut chosen = Vec::new();
    for name in &names {
        match suites.iter().find(|s| s.name == name) {
            Some(suite) => chosen.push(*suite),
            None => {
                let known: Vec<&str> = suites.iter().map(|s| s.name).collect();
                return Err(CliError::usage(format!(
                    "unknown suite {name:?}; the suites are {}",
                    known.join(", ")
                )));
            }
        }
    }
    if chosen.is_empty() {
        chosen = suites;
    }

    let start = Instant::now();
    let mut figures = Figures::default();
    figures.record("version", env!("CARGO_PKG_VERSION"), "");
    let profile = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    let warning = if cfg!(debug_assertions) {
        "a debug build: these figures mean little, use --release"
    } else {
        ""
    };
    figures.record("profile", profile, warning);
    figures.record("threads", 1, "every figure is on one thread");
    figures.record("game", kind.name(), "");
    if cribbage(kind) {
        figures.record(
            "players",
            setup.rules.players(),
            "the table the cribbage suites play",
        );
    }
    for suite in chosen {
        (suite.run)(&mut figures, &setup);
    }
    figures.record(
        "bench_seconds",
        round(start.elapsed().as_secs_f64(), 2),
        "s measuring in all",
    );

    let mut out = io::stdout().lock();
    out.write_all(figures.to_json().as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The figures measured so far, in the order measured.
#[derive(Default)]
struct Figures {
    entries: Vec<(String, Value)>,
}

impl Figures {
    /// Records a figure under `key` (a JSON key: lowercase, units at the end)
    /// and shows it at once on stderr with a note on what it is.
    fn record(&mut self, key: impl Into<String>, value: impl Into<Value>, note: &str) {
        let (key, value) = (key.into(), value.into());
        // Progress only: if stderr is gone, the JSON on stdout still matters.
        let shown = match &value {
            Value::String(text) => text.clone(),
            other => other.to_string(),
        };
        let line = format!("{key:<30} {shown:>12}  {note}");
        let _ = writeln!(io::stderr(), "{}", line.trim_end());
        self.entries.push((key, value));
    }

    /// One JSON object, keys in the order recorded (a serde_json map would sort them).
    fn to_json(&self) -> String {
        let fields: Vec<String> = self
            .entries
            .iter()
            .map(|(key, value)| format!("{}:{value}", Value::from(key.as_str())))
            .collect();
        format!("{{{}}}\n", fields.join(","))
    }
}

/// `x` to `decimals` places, so the JSON shows the digits that mean something.
fn round(x: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (x * scale).round() / scale
}

/// The best time per item in nanoseconds, and how many runs it took.
///
/// `batch` handles `items` items and returns something computed from them
/// (so the optimizer cannot drop the work); it runs at least three times and
/// then until `budget` has passed. The fastest run is the one least disturbed
/// by the rest of the machine.
fn best_ns_per_item(items: usize, budget: Duration, mut batch: impl FnMut() -> u64) -> (f64, u32) {
    let start = Instant::now();
    let mut best = Duration::MAX;
    let mut runs = 0;
    while runs < 3 || start.elapsed() < budget {
        let t = Instant::now();
        black_box(batch());
        best = best.min(t.elapsed());
        runs += 1;
    }
    (best.as_nanos() as f64 / items as f64, runs)
}

/// The scoring suite: the exhaustive distribution, the show scorers and pegging.
fn scoring(figures: &mut Figures, _setup: &Setup) {
    // The distribution: every pair under both rules, the figure the browser is compared with.
    let (seconds_per_pair, runs) = best_ns_per_item(1, Duration::from_secs(1), || {
        let (hand, crib) = distribution();
        hand[29] + crib[0]
    });
    let seconds = seconds_per_pair / 1e9;
    figures.record(
        "distribution_seconds",
        round(seconds, 5),
        &format!("s for all 12,994,800 (hand, starter) pairs, hand and crib rules; best of {runs}"),
    );
    figures.record(
        "distribution_hands_per_second",
        // A whole number; the cast saturates rather than wraps should a run take no time.
        (ALL_PAIRS as f64 / seconds).round() as u64,
        "(hand, starter) pairs per second, each scored as a hand and as a crib",
    );

    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let shows = random_shows(&mut rng, 1 << 14);

    let prepared: Vec<(PreparedHand, Card)> = shows
        .iter()
        .map(|&(hand, starter)| (PreparedHand::new_unchecked(hand, ShowKind::Hand), starter))
        .collect();
    let (ns, _) = best_ns_per_item(prepared.len(), BUDGET, || {
        prepared
            .iter()
            .map(|(hand, starter)| u64::from(black_box(hand).total(*starter)))
            .sum()
    });
    figures.record(
        "prepared_total_ns",
        round(ns, 2),
        "ns per PreparedHand::total (the AI's inner loop: hand prepared once)",
    );

    let (ns, _) = best_ns_per_item(shows.len(), BUDGET, || {
        shows
            .iter()
            .map(|&(hand, starter)| {
                u64::from(show_total(black_box(hand), starter, ShowKind::Hand).unwrap_or(0))
            })
            .sum()
    });
    figures.record(
        "show_total_ns",
        round(ns, 2),
        "ns per show_total (checks, prepares and scores one hand)",
    );

    let (ns, _) = best_ns_per_item(shows.len(), BUDGET, || {
        shows
            .iter()
            .map(|&(hand, starter)| {
                score_show(black_box(hand), starter, ShowKind::Hand).map_or(0, |score| {
                    u64::from(score.total()) + score.combos.len() as u64
                })
            })
            .sum()
    });
    figures.record(
        "score_show_ns",
        round(ns, 2),
        "ns per score_show (the full breakdown, every combination named)",
    );

    let piles = random_piles(&mut rng, 1 << 14);
    let (ns, _) = best_ns_per_item(piles.len(), BUDGET, || {
        piles
            .iter()
            .map(|pile| peg_score(black_box(pile)).map_or(0, |score| u64::from(score.points())))
            .sum()
    });
    figures.record(
        "peg_score_ns",
        round(ns, 2),
        "ns per peg_score (a random pile from a play, checked then scored)",
    );
}

/// Random (hand, starter) pairs dealt from a shuffled deck.
fn random_shows(rng: &mut ChaCha8Rng, n: usize) -> Vec<(CardSet, Card)> {
    let mut deck = CardSet::DECK.to_vec();
    (0..n)
        .map(|_| {
            let (five, _) = deck.partial_shuffle(rng, 5);
            (CardSet::from_iter(five[..4].iter().copied()), five[4])
        })
        .collect()
}

/// Random piles as they happen in the play: cards from a shuffled deck while
/// the count stays within 31, cut at a random length.
fn random_piles(rng: &mut ChaCha8Rng, n: usize) -> Vec<Vec<Card>> {
    let mut deck = CardSet::DECK.to_vec();
    (0..n)
        .map(|_| {
            deck.shuffle(rng);
            let mut count = 0;
            let mut pile: Vec<Card> = deck
                .iter()
                .copied()
                .take_while(|card| {
                    count += card.pips();
                    count <= 31
                })
                .collect();
            let length = rng.random_range(1..=pile.len());
            pile.truncate(length);
            pile
        })
        .collect()
}

/// Plays one game to its target with uniformly random legal actions;
/// returns the game (for its action count).
fn random_game(rules: Rules, seed: u64) -> Cribbage {
    let mut game = Cribbage::new(rules, seed);
    let mut chooser = ChaCha8Rng::seed_from_u64(seed);
    while !game.is_over() {
        let legal = game.legal_actions();
        let action = legal[chooser.random_range(0..legal.len())].clone();
        // Every action comes from legal_actions, so apply cannot refuse it.
        if game.apply(action).is_err() {
            break;
        }
    }
    game
}

/// The game suite: whole random games, the cost of one `apply`, an
/// observation, a save and restore, and the audited games of `random-games`.
fn game(figures: &mut Figures, setup: &Setup) {
    let rules = setup.rules;
    const GAMES: u64 = 200;
    let actions: u64 = (0..GAMES)
        .map(|seed| random_game(rules, SEED + seed).actions().len() as u64)
        .sum();
    let (ns_per_game, runs) = best_ns_per_item(GAMES as usize, Duration::from_secs(1), || {
        (0..GAMES)
            .map(|seed| random_game(rules, SEED + seed).scores()[0].front as u64)
            .sum()
    });
    figures.record(
        "random_games_per_second",
        (1e9 / ns_per_game).round() as u64,
        &format!(
            "{}-player games to {}, uniformly random legal actions; best of {runs}",
            rules.players(),
            rules.target()
        ),
    );
    figures.record(
        "actions_per_game",
        round(actions as f64 / GAMES as f64, 1),
        &format!("decisions in a random {}-player game", rules.players()),
    );
    figures.record(
        "apply_ns",
        round(ns_per_game * GAMES as f64 / actions as f64, 1),
        "ns per action: legal_actions + apply (with its events, shows and deals)",
    );

    let played: Vec<Cribbage> = (0..20)
        .map(|seed| random_game(rules, SEED + seed))
        .collect();
    let (ns, _) = best_ns_per_item(played.len() * 2, BUDGET, || {
        played
            .iter()
            .flat_map(|g| (0..2).map(move |seat| g.observation(seat).plays.len() as u64))
            .sum()
    });
    figures.record(
        "observation_ns",
        round(ns, 0),
        "ns to build one seat's observation",
    );

    let saves: Vec<String> = played.iter().map(Cribbage::to_json).collect();
    let (ns, _) = best_ns_per_item(saves.len(), BUDGET, || {
        saves
            .iter()
            .map(|text| {
                Cribbage::from_json(black_box(text)).map_or(0, |g| g.actions().len() as u64)
            })
            .sum()
    });
    figures.record(
        "restore_game_us",
        round(ns / 1000.0, 1),
        "µs to restore a finished game from its save (parse and replay every action)",
    );

    let (ns, _) = best_ns_per_item(50, Duration::from_secs(1), || {
        let mut stats = AuditStats::default();
        for seed in 0..50 {
            // The suite's games are known good; a violation would only slow it.
            let _ = audit_random_game(rules, SEED + seed, &mut stats);
        }
        stats.actions
    });
    figures.record(
        "audited_games_per_second",
        (1e9 / ns).round() as u64,
        "games with every invariant checked after every action (random-games)",
    );
}

/// Positions from whole Expert-against-Expert games: every decision with a
/// real choice, as the seat observed it.
fn ai_positions(rules: Rules, games: u64) -> Vec<cribbage::games::cribbage::Observation> {
    use cribbage::ai::{Bot, Player};
    let mut positions = Vec::new();
    for g in 0..games {
        let mut game = Cribbage::new(rules, SEED + g);
        let mut bots: Vec<Bot> = (0..rules.players() as u64)
            .map(|seat| Bot {
                level: Level::Expert,
                seed: g + seat,
            })
            .collect();
        while let Some(seat) = game.current_player() {
            let view = game.observation(seat);
            let Ok(action) = bots[seat].decide(&view) else {
                break;
            };
            if view.legal.len() > 1 {
                positions.push(view);
            }
            if game.apply(action).is_err() {
                break;
            }
        }
    }
    positions
}

/// Median and 95th percentile, in ms, of the best of three timings of `f`
/// on each position (the best: the run least disturbed by the machine).
fn ai_times<T>(positions: &[&T], mut f: impl FnMut(&T) -> u64) -> (f64, f64, f64) {
    let mut times: Vec<f64> = positions
        .iter()
        .map(|&p| {
            (0..3)
                .map(|_| {
                    let t = Instant::now();
                    black_box(f(black_box(p)));
                    t.elapsed().as_secs_f64() * 1e3
                })
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| {
        times
            .get(((times.len().max(1) - 1) as f64 * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    (round(at(0.5), 3), round(at(0.95), 3), round(at(1.0), 3))
}

/// The computer players: each level's decision time for laying away and
/// for the play, and the exact discard analysis alone.
fn ai(figures: &mut Figures, setup: &Setup) {
    use cribbage::ai::{decide, discard};
    use cribbage::games::cribbage::Phase;
    let rules = setup.rules;
    let games = setup.games.unwrap_or(12);
    let start = Instant::now();
    cribbage::ai::prepare();
    figures.record(
        "ai_prepare_ms",
        round(start.elapsed().as_secs_f64() * 1e3, 2),
        "ms to build the AI's tables (rank scores, crib estimates, win table), once",
    );
    let positions = ai_positions(rules, games);
    let of = |phase: Phase| -> Vec<&cribbage::games::cribbage::Observation> {
        positions.iter().filter(|p| p.phase == phase).collect()
    };
    let (discards, plays) = (of(Phase::Discard), of(Phase::Play));
    figures.record(
        "ai_positions",
        positions.len() as u64,
        &format!(
            "decisions from {games} Expert games: {} discards, {} plays; each timed 3 times, best kept",
            discards.len(),
            plays.len()
        ),
    );
    let (median, p95, _) = ai_times(&discards, |obs| {
        discard::options(obs, Level::Hard).len() as u64
    });
    figures.record(
        "ai_exact_discard_median_ms",
        median,
        "ms: exact discard analysis (hand over every starter, crib over every throw)",
    );
    figures.record(
        "ai_exact_discard_p95_ms",
        p95,
        "ms, 95th percentile (target ≤ 5)",
    );
    // The hand calculator's discard analyser on the same hands, with the
    // scores as they stood (so with chances where Expert reckons them).
    if !rules.is_reverse() {
        let (median, p95, _) = ai_times(&discards, |obs| analysis(obs, rules.target()));
        figures.record(
            "discard_analysis_median_ms",
            median,
            "ms: the discard analyser (Hard's figures and Expert's chances)",
        );
        figures.record("discard_analysis_p95_ms", p95, "ms, 95th percentile");
    }
    for level in Level::PLAYABLE {
        for (set, kind) in [(&discards, "discard"), (&plays, "play")] {
            let (median, p95, max) = ai_times(set, |obs| {
                decide(level, obs, 1).map_or(0, |a| a.to_string().len() as u64)
            });
            figures.record(
                format!("ai_{level}_{kind}_median_ms"),
                median,
                &format!("ms: {level} decision, {kind}"),
            );
            figures.record(
                format!("ai_{level}_{kind}_p95_ms"),
                p95,
                "ms, 95th percentile",
            );
            figures.record(format!("ai_{level}_{kind}_max_ms"), max, "ms, the slowest");
        }
    }
}

/// The discard analyser asked about a seat's six cards as `obs` holds them.
fn analysis(obs: &cribbage::games::cribbage::Observation, target: u16) -> u64 {
    use cribbage::ai::discard_analysis::{CribOwner, Scores, analyze};
    let six: Vec<Card> = obs.hand.iter().collect();
    let crib = if obs.dealer == obs.seat {
        CribOwner::Mine
    } else {
        CribOwner::Theirs
    };
    let score = |side: usize| obs.scores.get(side).map_or(0, |pegs| pegs.front);
    let scores = Scores {
        mine: score(obs.side),
        theirs: score(1 - obs.side),
        target,
    };
    analyze(&six, crib, Some(scores)).map_or(0, |a| a.options.len() as u64)
}

/// One decision with a choice, as its seat observed it, ready to be
/// taken again at any level.
struct Decision {
    /// Its kind, for the figures' keys: the phase's name (`mog`, `pass`,
    /// `play`, `place`, …).
    kind: &'static str,
    /// Takes it at a level; the result goes through `black_box`, so the
    /// work cannot be dropped.
    take: Box<dyn Fn(Level)>,
}

/// Every decision with a real choice from `games` seeded games of a game,
/// Expert against Expert, as the seat to act observed them.
struct Decisions {
    games: u64,
}

impl Visit for Decisions {
    type Out = Vec<Decision>;

    fn visit<G: Member>(self, kind: GameKind) -> Vec<Decision> {
        let mut decisions = Vec::new();
        for g in 0..self.games {
            let mut game = G::new(G::default_rules(kind), SEED + g);
            while let Some(seat) = game.current_player() {
                let view = game.observation(seat);
                let Ok(action) = G::decide(Level::Expert, &view, g + seat as u64) else {
                    break;
                };
                if game.legal_actions().len() > 1 {
                    decisions.push(Decision {
                        kind: game.phase_name(),
                        take: Box::new(move |level| {
                            let _ = black_box(G::decide(level, black_box(&view), 1));
                        }),
                    });
                }
                if game.advance(action).is_err() {
                    break;
                }
            }
        }
        decisions
    }
}

/// Count, mean, median, 95th percentile and slowest of times in ms.
fn spread(mut times: Vec<f64>) -> (usize, f64, f64, f64, f64) {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| {
        times
            .get(((times.len().max(1) - 1) as f64 * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    (times.len(), mean, at(0.5), at(0.95), at(1.0))
}

/// A game's computer players: each level's decision times, natively, by
/// kind of decision (the phase it is taken in), on the decisions of seeded
/// Expert games (every level on the same decisions, so they compare).
fn family_ai(figures: &mut Figures, setup: &Setup) {
    let games = setup.games.unwrap_or(40);
    let decisions = AnyGame::visit(setup.kind, Decisions { games }).unwrap_or_default();
    let mut kinds: Vec<&str> = Vec::new();
    for decision in &decisions {
        if !kinds.contains(&decision.kind) {
            kinds.push(decision.kind);
        }
    }
    let counts: Vec<String> = kinds
        .iter()
        .map(|kind| {
            let n = decisions.iter().filter(|d| d.kind == *kind).count();
            format!("{n} {kind}")
        })
        .collect();
    figures.record(
        "ai_decisions",
        decisions.len() as u64,
        &format!(
            "decisions with a choice from {games} Expert games: {}; each timed 3 times at \
             each level, best kept",
            counts.join(", ")
        ),
    );
    for level in Level::PLAYABLE {
        for &kind in &kinds {
            // The best of three: the run least disturbed by the machine.
            let times: Vec<f64> = decisions
                .iter()
                .filter(|d| d.kind == kind)
                .map(|d| {
                    (0..3)
                        .map(|_| {
                            let t = Instant::now();
                            (d.take)(level);
                            t.elapsed().as_secs_f64() * 1e3
                        })
                        .fold(f64::INFINITY, f64::min)
                })
                .collect();
            let (n, mean, p50, p95, max) = spread(times);
            let key = format!("ai_{level}_{kind}");
            figures.record(
                format!("{key}_count"),
                n as u64,
                &format!("{level} {kind} decisions timed"),
            );
            figures.record(format!("{key}_mean_ms"), round(mean, 4), "ms, mean");
            figures.record(format!("{key}_p50_ms"), round(p50, 4), "ms, median");
            figures.record(
                format!("{key}_p95_ms"),
                round(p95, 4),
                "ms, 95th percentile",
            );
            figures.record(format!("{key}_max_ms"), round(max, 4), "ms, slowest");
        }
    }
}
