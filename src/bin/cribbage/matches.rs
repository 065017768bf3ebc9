//! `cribbage match`: duplicate matches between two computer levels, at a
//! table of two, three or four, under any of the game's rules.

use crate::Command;
use crate::args::{Args, CliError};
use crate::table::{self, TableOptions};
use cribbage::ai::Level;
use cribbage::ai::matches::{Spec, play_match};
use cribbage::family::{AnyGame, Member, Visit};
use cribbage::games::GameKind;

/// The `match` subcommand.
pub const COMMAND: Command = Command {
    name: "match",
    summary: "duplicate matches between two computer levels, results as JSON",
    usage,
    run,
};

const USAGE: &str = "\
usage: cribbage match --a LEVEL --b LEVEL [--game {games}]
                      [--games N] [--seed S] [--threads T] [--stats] [--players N]
                      [--target 121|61] [--best-of-three] [--muggins]

Plays N two-player games to 121 (default 200) between levels A and B as
duplicate pairs: each deal pair is one game seed played twice with the seats
exchanged, so both levels get the same cards. Levels: easy, medium, hard,
expert, and the yardsticks baseline (exact discard value, greedy pegging)
and expert-v1 (Expert before it played for the game).
--game reverse plays reverse (low-ball) cribbage: reaching 121 loses.
--game noddy plays Noddy (two players, game to 31) and prints a, b, seed, games, a_wins, a_win_rate with its ci95, the first
dealer's win rate, hands a game, points a hand by kind, and each side's
decision times. --game costly-colours plays Costly Colours (two players,
game to 121) and prints the same, the points a hand by
kind being a jack or two turned, the mog, the shows and the play.
--game table-top plays Table Top Cribbage (--players 2 or 4; with four, A's
partnership is the draw's side 0, then its side 1, on the same deals) and prints
the same, with the rules, the points a hand being the rows' and the columns'.
--players takes any number of players the game is played by and refuses
others in the game's words (\"Noddy is for 2 players\"); --target,
--best-of-three and --muggins are standard and reverse cribbage's.

Prints one JSON object: a, b, seed, games, a_wins, a_win_rate,
a_win_rate_ci95 (over deal pairs), first_dealer_win_rate, A's net points per
deal as dealer and as pone, skunks, points per deal by source, and each
side's decision times (median and 95th percentile, discard and play).
--stats adds the points distributions the win-probability model is built from.

The games run on T threads (default: every core); the results depend only on
the seed and N, never on T. Build with --release: an expert match is slow.

  cargo run --release -- match --a expert --b hard --games 4000 --seed 1

With --players 3 or 4, --target, --best-of-three or --muggins, each deal
set is one seed played with the levels rotated through the seats, so both
levels hold every seat's cards (and every deal) equally often:
  3 players: 6 games (a lone A at each seat against two Bs, and a lone B at
             each seat against two As);
  4 players: 2 games (A's partnership on one side, then on the other);
  2 players: 2 games (seats exchanged), as above.
Prints: a, b, rules, seed, deal_sets, games (a best of three counts as one),
a_win_rate (share of games won by A's seats; 0.5 is even) with its ci95 over
deal sets, lone_a_win_rate and lone_b_win_rate (3 players; 1/3 is even),
skunks by level, games_per_match (how many matches took 1, 2, 3, 4… games),
and the seconds it took.

  cargo run --release -- match --a hard --b medium --players 3 --best-of-three --games 300
";

/// The usage text, naming the games with sides to match.
fn usage() -> String {
    USAGE.replace("{games}", &table::choices(&table::games_with(HasSides)))
}

fn run(mut args: Args) -> Result<(), CliError> {
    let levels = "easy, medium, hard, expert, baseline or expert-v1";
    let a: Option<Level> = args
        .option("--a")?
        .map(|t| t.parse())
        .transpose()
        .map_err(|e| CliError::usage(format!("--a: {e}")))?;
    let b: Option<Level> = args
        .option("--b")?
        .map(|t| t.parse())
        .transpose()
        .map_err(|e| CliError::usage(format!("--b: {e}")))?;
    let (Some(a), Some(b)) = (a, b) else {
        return Err(CliError::usage(format!(
            "name both levels: --a LEVEL --b LEVEL ({levels})"
        )));
    };
    let games: u64 = args.parsed("--games", 200, "a number of games")?;
    let seed: u64 = args.parsed("--seed", 1, "a whole number")?;
    let threads = table::threads(&mut args)?;
    let stats = args.flag("--stats");
    let kind = table::game(&mut args, &table::games_with(HasSides))?;
    let options = TableOptions::read(&mut args)?;
    args.finish()?;
    if games < 2 {
        return Err(CliError::usage("--games: at least 2 (one deal pair)"));
    }
    let run = Run {
        options,
        a,
        b,
        games,
        seed,
        threads,
        stats,
    };
    let report = AnyGame::visit(kind, run).map_err(|e| CliError::usage(e.to_string()))??;
    table::print_line(&report)
}

/// Whether a game has two sides or more to match levels against.
#[derive(Clone, Copy)]
struct HasSides;

impl Visit for HasSides {
    type Out = bool;

    fn visit<G: Member>(self, _kind: GameKind) -> bool {
        G::PLAYERS.iter().any(|&players| players >= 2)
    }
}

/// One match: the table, the levels, the games and how they are run.
struct Run {
    options: TableOptions,
    a: Level,
    b: Level,
    games: u64,
    seed: u64,
    threads: usize,
    stats: bool,
}

impl Visit for Run {
    /// The report as one line of JSON.
    type Out = Result<String, CliError>;

    fn visit<G: Member>(self, kind: GameKind) -> Self::Out {
        let spec = Spec::<G> {
            kind,
            rules: self.options.rules::<G>(kind)?,
            a: self.a,
            b: self.b,
            seed: self.seed,
            games: self.games,
            threads: self.threads,
            stats: self.stats,
        };
        play_match(&spec).map_err(CliError::usage)
    }
}
