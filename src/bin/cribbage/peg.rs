//! `cribbage peg`: what the last card laid on a pile scores in the play,
//! from the command line or as JSON lines.

use crate::Command;
use crate::args::{Args, CliError};
use crate::jsonl;
use cribbage::cards::{Card, parse_cards};
use cribbage::count::{PegScore, ScoreError, peg_score};
use std::io::{self, Write};

/// The `peg` subcommand.
pub const COMMAND: Command = Command {
    name: "peg",
    summary: "score the last card laid on a pile in the play (or JSON lines from stdin)",
    usage: USAGE,
    run,
};

const USAGE: &str = "\
usage: cribbage peg CARD…
       cribbage peg --jsonl

Scores the last card of a pile: the cards laid since the count was last
reset, in the order played. Fifteen and thirty-one are 2 each, a pair 2,
three of a rank 6, four 12, and a run one per card. (The go and one for
last depend on who can play next, so they are not counted here.)

  cribbage peg 4S 2H 3D 5C

With --jsonl, reads one pile per line from stdin and writes one answer per
line (blank lines are skipped; a bad line, such as a pile that counts over
31, repeats a card or is empty, is answered with an error and the rest still run):

  {\"pile\":[\"4S\",\"2H\",\"3D\"]}
  {\"points\":3,\"fifteen\":0,\"thirty_one\":0,\"pairs\":0,\"run\":3}
";

fn run(mut args: Args) -> Result<(), CliError> {
    let jsonl = args.flag("--jsonl");
    let words = args.positionals()?;
    if jsonl {
        if let Some(extra) = words.first() {
            return Err(CliError::usage(format!(
                "--jsonl reads the piles from stdin, not from arguments like {extra:?}"
            )));
        }
        return Ok(jsonl::answer_lines(
            io::stdin().lock(),
            io::stdout().lock(),
            answer,
        )?);
    }
    let pile = parse_cards(&words.join(" ")).map_err(|e| CliError::usage(e.to_string()))?;
    let score = peg_score(&pile).map_err(|e| CliError::usage(explain(&e)))?;
    let mut out = io::stdout().lock();
    out.write_all(breakdown(&pile, &score).as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The human-readable score of the last card.
fn breakdown(pile: &[Card], score: &PegScore) -> String {
    let cards: Vec<String> = pile.iter().map(Card::to_string).collect();
    let mut text = format!("pile: {}   count: {}\n\n", cards.join(" "), score.count);
    let mut parts = Vec::new();
    if score.fifteen > 0 {
        parts.push(("fifteen".to_string(), score.fifteen));
    }
    if score.thirty_one > 0 {
        parts.push(("thirty-one".to_string(), score.thirty_one));
    }
    let pair_name = match score.same_rank {
        2 => "pair",
        3 => "pair royal",
        _ => "double pair royal",
    };
    if score.pairs > 0 {
        parts.push((pair_name.to_string(), score.pairs));
    }
    if score.run > 0 {
        parts.push((format!("run of {}", number(score.run)), score.run));
    }
    if parts.is_empty() {
        text.push_str("  nothing for the last card\n");
    }
    for (name, points) in parts {
        text.push_str(&format!("  {name}: {points}\n"));
    }
    text.push_str(&format!("\npoints: {}\n", score.points()));
    text
}

/// The length of a run in words (a pile holds at most 13 cards).
fn number(n: u8) -> String {
    const WORDS: [&str; 14] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen",
    ];
    WORDS
        .get(usize::from(n))
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// Why a pile cannot be scored, said about a pile.
fn explain(error: &ScoreError) -> String {
    match error {
        ScoreError::EmptyPile => "the pile is empty: there is no last card to score".to_string(),
        ScoreError::DuplicateCard(card) => format!("{card} is on the pile twice"),
        ScoreError::CountOver31(count) => {
            format!("the pile counts {count}; the count may never pass 31")
        }
        other => other.to_string(),
    }
}

/// One `--jsonl` request.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    /// The cards since the count was last reset, in the order played.
    pile: Vec<Card>,
}

/// One `--jsonl` answer. The field order is the output's key order.
#[derive(serde::Serialize)]
struct Answer {
    points: u8,
    fifteen: u8,
    thirty_one: u8,
    pairs: u8,
    run: u8,
}

fn answer(request: Request) -> Result<Answer, String> {
    let score = peg_score(&request.pile).map_err(|e| explain(&e))?;
    Ok(Answer {
        points: score.points(),
        fifteen: score.fifteen,
        thirty_one: score.thirty_one,
        pairs: score.pairs,
        run: score.run,
    })
}
