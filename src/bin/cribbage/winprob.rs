//! `cribbage winprob`: the win-probability model's generator, its check on
//! held-out games, and a look-up of any position.

use crate::Command;
use crate::args::{Args, CliError};
use crate::table;
use cribbage::ai::Level;
use cribbage::ai::winprob::measure::{
    Calibration, calibrate, measure, rust_source, throws, throws_source,
};
use cribbage::ai::winprob::{self, HandDistributions, Stage, WinModel};
use cribbage::games::GameKind;
use cribbage::games::cribbage::{Counting, MatchFormat, Rules};
use cribbage::table::Goal;
use serde::Serialize;
use std::io::{self, Write};
use std::time::Instant;

/// The `winprob` subcommand.
pub const COMMAND: Command = Command {
    name: "winprob",
    summary: "build and check the win-probability model from self-play",
    usage: || USAGE.to_string(),
    run,
};

const USAGE: &str = "\
usage: cribbage winprob [--game cribbage|reverse] [--target 121|61] [--games N]
                        [--seed S] [--level L] [--threads T] [--rust] [--holdout M]
       cribbage winprob --calibrate [--target 121|61] [--games N] [--seed S]
                        [--level L] [--threads T]
       cribbage winprob --at DEALER,PONE [--target 121|61]
       cribbage winprob --throws [--deals D] [--seed S] [--threads T] [--rust]

Builds the win-probability model of two-player cribbage: plays N games
(default 400) with LEVEL (default expert) in both seats, game i seeded from
S (default 1) and i, measures every complete hand (the pegging still to come
after each card laid, the pone's hand, the dealer's hand, the crib), builds
the tables from those distributions, and prints one JSON object: what was
measured, the mean points per hand, and the model's checks (the first
dealer's chance at 0-0; the dealer on 35 against the pone on 37 at the start
of a hand, the convention of the published 51%; the dealer at 100-100 and,
to 61, at 40-40). The figures depend only on the arguments, never on T
(default: every core). --rust prints instead the distributions as the source
of src/ai/winprob/data.rs, which the engine ships:

  cargo run --release -- winprob --target 121 --games 4000 --seed 1 --rust > src/ai/winprob/data.rs

--holdout M also plays M other games (seeded from S + 1) and scores the
model just built on them, as --calibrate does. --game reverse measures and
models reverse cribbage (reaching the target loses); the engine ships only
the standard model.

--calibrate scores the shipped model on N held-out games (default 400,
seed S, default 2): at every position met (the deal, before each card of the
play, before each count) the model's chance for each seat against who won.
Prints the Brier score (all positions, and the deals alone) and a reliability
table in ten bins by prediction, with the largest gap between a bin's mean
prediction and its share won.

--throws counts the rank pairs the engine's exact discard (Hard's) lays away
from D random six-card hands (default 200000, seed S, default 1), as the
pone and as the dealer: the model of the other player's throw Expert values
a crib with. Prints the counts as JSON, or with --rust as the source of
src/ai/throw_values.rs.

--at DEALER,PONE prints the shipped model's chances at the start of a hand
with the dealer on DEALER points and the pone on PONE, and at every stage
of that hand as if no point were pegged.
";

/// What a build prints.
#[derive(Serialize)]
struct Built {
    game: GameKind,
    target: u16,
    level: Level,
    seed: u64,
    games: u64,
    hands: u64,
    first_dealer_win_rate_measured: f64,
    /// Mean points per complete hand.
    means: Means,
    checks: Checks,
    #[serde(skip_serializing_if = "Option::is_none")]
    holdout: Option<Calibration>,
    threads: usize,
    seconds: f64,
}

#[derive(Serialize)]
struct Means {
    pone_pegging: f64,
    dealer_pegging: f64,
    pone_hand: f64,
    dealer_hand: f64,
    crib: f64,
}

/// The model's figures that published ones can be held against.
#[derive(Serialize)]
struct Checks {
    /// The first dealer's chance at 0–0.
    first_dealer: f64,
    /// (To 121) the dealer on 35, the pone on 37, at the start of a hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    dealer_35_pone_37: Option<f64>,
    /// The dealer at 100–100 (to 121) or 40–40 (to 61).
    dealer_late_even: f64,
}

fn checks(model: &WinModel, target: u16) -> Checks {
    let t = i32::from(target);
    let late = if target == 121 { 100 } else { 40 };
    Checks {
        first_dealer: round(model.dealer_wins(Stage::Deal, t, t)),
        dealer_35_pone_37: (target == 121)
            .then(|| round(model.dealer_wins(Stage::Deal, t - 35, t - 37))),
        dealer_late_even: round(model.dealer_wins(Stage::Deal, t - late, t - late)),
    }
}

fn round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

fn run(mut args: Args) -> Result<(), CliError> {
    let kind = table::game(&mut args, &[GameKind::Cribbage, GameKind::Reverse])?;
    let target: u16 = args.parsed("--target", 121, "121 or 61")?;
    let level: Level = args.parsed(
        "--level",
        Level::Expert,
        "easy, medium, hard, expert, baseline or expert-v1",
    )?;
    let threads = table::threads(&mut args)?;
    let calibrating = args.flag("--calibrate");
    let throwing = args.flag("--throws");
    let deals: u64 = args.parsed("--deals", 200_000, "a number of deals")?;
    let at = args.option("--at")?;
    let rust = args.flag("--rust");
    let holdout: u64 = args.parsed("--holdout", 0, "a number of games")?;
    let default_seed = if calibrating { 2 } else { 1 };
    let seed: u64 = args.parsed("--seed", default_seed, "a whole number")?;
    let games: u64 = args.parsed("--games", 400, "a number of games")?;
    args.finish()?;
    let mut rules = Rules::new(2, target, Counting::Automatic, MatchFormat::Single)
        .map_err(|e| CliError::usage(e.to_string()))?;
    if kind == GameKind::Reverse {
        rules = rules.reverse();
    }
    if games == 0 {
        return Err(CliError::usage("--games: at least 1"));
    }
    if let Some(text) = at {
        return look_up(&text, target);
    }
    if throwing {
        let counts = throws(seed, deals, threads);
        if rust {
            let command = format!("cribbage winprob --throws --deals {deals} --seed {seed} --rust");
            let mut out = io::stdout().lock();
            out.write_all(throws_source(&counts, &command).as_bytes())?;
            out.flush()?;
            return Ok(());
        }
        #[derive(Serialize)]
        struct Thrown<'a> {
            deals: u64,
            seed: u64,
            pone: &'a [u64],
            dealer: &'a [u64],
        }
        return print(&Thrown {
            deals,
            seed,
            pone: &counts[0],
            dealer: &counts[1],
        });
    }
    let start = Instant::now();
    if calibrating {
        if kind == GameKind::Reverse {
            return Err(CliError::usage(
                "--calibrate scores the shipped model, of standard cribbage; for reverse use --holdout",
            ));
        }
        let report = calibrate(winprob::model(), rules, level, seed, games, threads);
        return print(&report);
    }
    let measured = measure(rules, level, seed, games, threads);
    if rust {
        let command = format!(
            "cribbage winprob --target {target} --games {games} --seed {seed} --level {level} --rust"
        );
        let source = rust_source(&measured.distributions, &command).map_err(CliError::usage)?;
        let mut out = io::stdout().lock();
        out.write_all(source.as_bytes())?;
        out.flush()?;
        return Ok(());
    }
    let goal = if kind == GameKind::Reverse {
        Goal::Avoid
    } else {
        Goal::Reach
    };
    let dist: &HandDistributions = &measured.distributions;
    let model = WinModel::build(dist, goal);
    let holdout = (holdout > 0)
        .then(|| calibrate(&model, rules, level, seed.wrapping_add(1), holdout, threads));
    let [pone_pegging, dealer_pegging, pone_hand, dealer_hand, crib] = dist.means();
    print(&Built {
        game: kind,
        target,
        level,
        seed,
        games,
        hands: dist.hands,
        first_dealer_win_rate_measured: measured.first_dealer_win_rate,
        means: Means {
            pone_pegging: round(pone_pegging),
            dealer_pegging: round(dealer_pegging),
            pone_hand: round(pone_hand),
            dealer_hand: round(dealer_hand),
            crib: round(crib),
        },
        checks: checks(&model, target),
        holdout,
        threads,
        seconds: (start.elapsed().as_secs_f64() * 10.0).round() / 10.0,
    })
}

/// Prints `value` as one JSON line.
fn print<T: Serialize>(value: &T) -> Result<(), CliError> {
    table::print_line(&serde_json::to_string(value).map_err(io::Error::from)?)
}

/// `--at DEALER,PONE`: the shipped model at one position, stage by stage.
fn look_up(text: &str, target: u16) -> Result<(), CliError> {
    let bad = || {
        CliError::usage(format!(
            "--at {text:?}: expected DEALER,PONE, two scores below {target}"
        ))
    };
    let (dealer, pone) = text.split_once(',').ok_or_else(bad)?;
    let parse = |s: &str| s.trim().parse::<u16>().ok().filter(|&n| n < target);
    let (Some(dealer), Some(pone)) = (parse(dealer), parse(pone)) else {
        return Err(bad());
    };
    let model = winprob::model();
    let (x, y) = (i32::from(target - dealer), i32::from(target - pone));
    let mut stages = vec![("deal".to_string(), Stage::Deal)];
    for laid in 0..8u8 {
        stages.push((format!("play_{laid}"), Stage::Play { laid }));
    }
    stages.push(("pone_count".into(), Stage::PoneCount));
    stages.push(("dealer_count".into(), Stage::DealerCount));
    stages.push(("crib_count".into(), Stage::CribCount));
    let mut text =
        format!("{{\"target\":{target},\"dealer\":{dealer},\"pone\":{pone},\"dealer_wins\":{{");
    for (i, (name, stage)) in stages.iter().enumerate() {
        let comma = if i > 0 { "," } else { "" };
        text.push_str(&format!(
            "{comma}\"{name}\":{}",
            round(model.dealer_wins(*stage, x, y))
        ));
    }
    text.push_str("}}\n");
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
