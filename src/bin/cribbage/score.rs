//! `cribbage score`: count a hand or crib with its starter, either from the
//! command line (the breakdown a player would read out) or as JSON lines.

use crate::Command;
use crate::args::{Args, CliError};
use crate::jsonl;
use cribbage::cards::{Card, CardSet, parse_cards};
use cribbage::count::{ComboKind, ShowKind, ShowScore, score_show};
use std::io::{self, Write};

/// The `score` subcommand.
pub const COMMAND: Command = Command {
    name: "score",
    summary: "count a hand or crib with its starter (or JSON lines from stdin)",
    usage: USAGE,
    run,
};

const USAGE: &str = "\
usage: cribbage score CARD CARD CARD CARD STARTER [--crib]
       cribbage score --jsonl

Counts four cards with the starter (the fifth card) and reads out every
fifteen, pair, run, flush and nob with its cards, then the count as a player
says it. --crib uses the crib's rule: a flush counts only with the starter.

  cribbage score 5H 5C 5S JD 5D
  cribbage score 2h 4h 6h 8h qh --crib

With --jsonl, reads one request per line from stdin and writes one answer per
line (blank lines are skipped; a bad line is answered with an error and the
rest still run):

  {\"hand\":[\"5H\",\"5C\",\"5S\",\"JD\"],\"starter\":\"5D\",\"crib\":false}
  {\"total\":29,\"fifteens\":16,\"pairs\":12,\"runs\":0,\"flush\":0,\"nobs\":1}

\"crib\" may be left out (false). Cards: 5H, th, 10S, J♦ (rank then suit, any case).
";

fn run(mut args: Args) -> Result<(), CliError> {
    let crib = args.flag("--crib");
    let jsonl = args.flag("--jsonl");
    let words = args.positionals()?;
    if jsonl {
        if crib {
            return Err(CliError::usage(
                "--crib is for cards on the command line; with --jsonl put \"crib\":true on each line",
            ));
        }
        if let Some(extra) = words.first() {
            return Err(CliError::usage(format!(
                "--jsonl reads the cards from stdin, not from arguments like {extra:?}"
            )));
        }
        return Ok(jsonl::answer_lines(
            io::stdin().lock(),
            io::stdout().lock(),
            answer,
        )?);
    }
    let kind = if crib { ShowKind::Crib } else { ShowKind::Hand };
    // Joined so that "5H 5C 5S JD 5D" as one quoted argument works too.
    let cards = parse_cards(&words.join(" ")).map_err(|e| CliError::usage(e.to_string()))?;
    let [a, b, c, d, starter] = cards[..] else {
        return Err(CliError::usage(format!(
            "give five cards, the four of the {} then the starter; got {}",
            if crib { "crib" } else { "hand" },
            cards.len()
        )));
    };
    let hand = CardSet::from_iter([a, b, c, d]);
    // parse_cards refused repeats, so this cannot fail; report rather than panic anyway.
    let score = score_show(hand, starter, kind).map_err(|e| CliError::usage(e.to_string()))?;
    let mut out = io::stdout().lock();
    out.write_all(breakdown(&score).as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The human-readable count: the cards, every combination with its cards,
/// the spoken cadence, and the total.
fn breakdown(score: &ShowScore) -> String {
    let what = match score.kind {
        ShowKind::Hand => "hand",
        ShowKind::Crib => "crib",
    };
    let hand = CardSet::from_iter(score.hand);
    let mut text = format!("{what}: {hand}   starter: {}\n", score.starter);
    let mut fifteens = 0;
    let lines: Vec<(String, CardSet)> = score
        .combos
        .iter()
        .map(|combo| {
            let label = match combo.kind {
                ComboKind::Fifteen => {
                    fifteens += 1;
                    format!("fifteen {}", number(fifteens * 2))
                }
                ComboKind::Pair => "pair".to_string(),
                ComboKind::Run => format!("run of {}", number(usize::from(combo.points))),
                ComboKind::Flush => format!("flush of {}", number(usize::from(combo.points))),
                ComboKind::Nobs => "his nob".to_string(),
            };
            (label, combo.cards)
        })
        .collect();
    if !lines.is_empty() {
        text.push('\n');
    }
    // Pad the labels so the cards line up in a column.
    let width = lines
        .iter()
        .map(|(label, _)| label.len() + 1)
        .max()
        .unwrap_or(0);
    for (label, cards) in &lines {
        text.push_str(&format!("  {:width$} {cards}\n", format!("{label}:")));
    }
    text.push('\n');
    text.push_str(&wrap(&score.cadence(), 78));
    text.push_str(&format!("total: {}\n", score.total()));
    text
}

/// Breaks text into lines of at most `width` characters at spaces (a longer
/// word keeps its own line): the cadence of a big hand runs to 200 characters.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for word in text.split(' ') {
        let len = word.chars().count();
        if line_len > 0 && line_len + 1 + len > width {
            out.push('\n');
            line_len = 0;
        }
        if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += len;
    }
    out.push('\n');
    out
}

/// Even numbers a show's fifteens reach, and the lengths of runs and flushes.
fn number(n: usize) -> String {
    const WORDS: [&str; 17] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// One `--jsonl` request.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    /// The four cards of the hand or crib.
    hand: Vec<Card>,
    /// The starter.
    starter: Card,
    /// Crib rules (a flush needs the starter) rather than hand rules.
    #[serde(default)]
    crib: bool,
}

/// One `--jsonl` answer. The field order is the output's key order.
#[derive(serde::Serialize)]
struct Answer {
    total: u8,
    fifteens: u8,
    pairs: u8,
    runs: u8,
    flush: u8,
    nobs: u8,
}

fn answer(request: Request) -> Result<Answer, String> {
    let mut hand = CardSet::EMPTY;
    for &card in &request.hand {
        if !hand.insert(card) {
            return Err(format!("{card} is in the hand twice"));
        }
    }
    if request.hand.len() != 4 {
        return Err(format!(
            "the hand has {} cards; it needs 4 (the starter goes in \"starter\")",
            request.hand.len()
        ));
    }
    if hand.contains(request.starter) {
        return Err(format!(
            "the starter {} is also in the hand",
            request.starter
        ));
    }
    let kind = if request.crib {
        ShowKind::Crib
    } else {
        ShowKind::Hand
    };
    let score = score_show(hand, request.starter, kind).map_err(|e| e.to_string())?;
    Ok(Answer {
        total: score.total(),
        fifteens: score.fifteens,
        pairs: score.pairs,
        runs: score.runs,
        flush: score.flush,
        nobs: score.nobs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_at_spaces_and_keeps_every_word() {
        assert_eq!(wrap("aa bb cc", 5), "aa bb\ncc\n");
        assert_eq!(wrap("aaaaaaa bb", 5), "aaaaaaa\nbb\n");
        assert_eq!(wrap("short", 78), "short\n");
    }
}
