//! `cribbage discard`: the discard analyser from the shell. The same
//! analysis the hand calculator's discard analyser shows on the page
//! (`cribbage::ai::discard_analysis`), as a table or as its JSON.

use crate::Command;
use crate::args::{Args, CliError};
use cribbage::ai::discard::DiscardOption;
use cribbage::ai::discard_analysis::{Analysis, CribOwner, Scores, analyze};
use cribbage::cards::parse_cards;
use std::io::{self, Write};

/// The `discard` subcommand.
pub const COMMAND: Command = Command {
    name: "discard",
    summary: "every way to lay two of six cards away, valued exactly, best first",
    usage: || USAGE.to_string(),
    run,
};

const USAGE: &str = "\
usage: cribbage discard CARD CARD CARD CARD CARD CARD --dealer|--pone
                        [--scores MINE-THEIRS] [--target 121|61] [--json]

Lists the fifteen ways to lay two of the six cards dealt away to the crib,
best first, with the engine's exact figures (the Hard computer player's):
the kept hand's average over the 46 possible starters, the crib's average
over every pair the other player may throw and every starter (plus in your
crib, minus in theirs), and the total.

  --dealer          the crib is yours (you deal)
  --pone            the crib is the other player's
  --scores 110-112  your score and theirs as the hand is dealt: each choice
                    also gets its chance to win the game, where the engine
                    reckons one (today near the end of a game), and the
                    choices are then ranked by it
  --target 61       a game to 61 (the default is 121)
  --json            the analysis as one JSON object, as the page receives it

  cribbage discard 5H 5C 6D JS QS KD --dealer
  cribbage discard 5h 5c 6d js qs kd --pone --scores 110-112
";

fn run(mut args: Args) -> Result<(), CliError> {
    let dealer = args.flag("--dealer");
    let pone = args.flag("--pone");
    let json = args.flag("--json");
    let scores = args.option("--scores")?;
    let target = args.option("--target")?;
    let words = args.positionals()?;
    let crib = match (dealer, pone) {
        (true, false) => CribOwner::Mine,
        (false, true) => CribOwner::Theirs,
        (true, true) => return Err(CliError::usage("--dealer or --pone, not both")),
        (false, false) => {
            return Err(CliError::usage(
                "say whose crib it is: --dealer (yours) or --pone (theirs)",
            ));
        }
    };
    let target: u16 = match target {
        None => 121,
        Some(text) => text
            .parse()
            .map_err(|_| CliError::usage(format!("--target {text:?}: expected 121 or 61")))?,
    };
    let scores = match scores {
        None if target != 121 => {
            return Err(CliError::usage(
                "--target is for the chances: give the scores with --scores too",
            ));
        }
        None => None,
        Some(text) => Some(read_scores(&text, target)?),
    };
    // Joined so that the six cards as one quoted argument work too.
    let cards = parse_cards(&words.join(" ")).map_err(|e| CliError::usage(e.to_string()))?;
    let analysis = analyze(&cards, crib, scores).map_err(|e| CliError::usage(e.to_string()))?;
    let text = if json {
        let mut text = serde_json::to_string(&analysis)
            .map_err(|e| CliError::Failed(format!("could not write the JSON: {e}")))?;
        text.push('\n');
        text
    } else {
        table(&analysis)
    };
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// `--scores 110-112`: mine, then theirs.
fn read_scores(text: &str, target: u16) -> Result<Scores, CliError> {
    let bad = || {
        CliError::usage(format!(
            "--scores {text:?}: expected yours-theirs, like 110-112"
        ))
    };
    let (mine, theirs) = text.split_once('-').ok_or_else(bad)?;
    Ok(Scores {
        mine: mine.trim().parse().map_err(|_| bad())?,
        theirs: theirs.trim().parse().map_err(|_| bad())?,
        target,
    })
}

/// The analysis for reading: the question, then one line per choice.
fn table(analysis: &Analysis) -> String {
    let whose = match analysis.crib {
        CribOwner::Mine => "yours (you deal)",
        CribOwner::Theirs => "theirs (they deal)",
    };
    let mut text = format!("hand: {}   crib: {whose}\n", analysis.hand);
    if let Some(s) = analysis.scores {
        text.push_str(&format!(
            "scores: you {}, them {}, game to {}\n",
            s.mine, s.theirs, s.target
        ));
    }
    let chances = analysis.options.iter().any(|o| o.win_prob.is_some());
    text.push_str("\n  lay away  keep           hand    crib   total");
    if chances {
        text.push_str("     win");
    }
    text.push('\n');
    for option in &analysis.options {
        text.push_str(&row(option, chances));
    }
    if analysis.scores.is_some() && !chances {
        text.push_str(
            "\nNo chances at these scores: the engine reckons them near the end of a game.\n",
        );
    }
    text
}

/// One choice: the cards, then hand, signed crib and total to two places
/// (and the chance to win to one).
fn row(option: &DiscardOption, chances: bool) -> String {
    let mut line = format!(
        "  {:<9} {:<12} {:>6.2} {:>+7.2} {:>7.2}",
        option.discard.to_string(),
        option.keep.to_string(),
        option.hand,
        option.crib,
        option.total
    );
    if chances {
        match option.win_prob {
            Some(p) => line.push_str(&format!(" {:>6.1}%", 100.0 * p)),
            None => line.push_str("       –"),
        }
    }
    line.push('\n');
    line
}
