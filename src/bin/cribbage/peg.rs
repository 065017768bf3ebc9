//! `cribbage peg`: what the last card laid on a pile scores in the play,
//! from the command line or as JSON lines.

use crate::Command;
use crate::args::{Args, CliError};
use crate::jsonl;
use cribbage::cards::{Card, parse_cards};
use cribbage::count::{PegScore, ScoreError, peg_score};
use cribbage::games::{GameKind, costly_colours, noddy};
use std::io::{self, Write};

/// The games whose play this command scores (reverse cribbage's play scores
/// as the standard game's does).
const COUNTED: [GameKind; 4] = [
    GameKind::Cribbage,
    GameKind::Reverse,
    GameKind::Noddy,
    GameKind::CostlyColours,
];

/// The `peg` subcommand.
pub const COMMAND: Command = Command {
    name: "peg",
    summary: "score the last card laid on a pile in the play (or JSON lines from stdin)",
    usage: || USAGE.to_string(),
    run,
};

const USAGE: &str = "\
usage: cribbage peg CARD…
       cribbage peg --jsonl
       cribbage peg --game noddy|costly-colours --jsonl

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

--game noddy scores Noddy's one series (fifteen 2; twenty-five and the
hitter, 31, a point a card; pairs 2/6/12; runs of 3 and 4 2 and 4, longer a
point a card; a flush of the last cards 3 or more, a point a card).
--game costly-colours scores Costly Colours' play, where each ace is laid as
1 or 11: \"aces\" gives each ace's value in the order laid (15, 25 and 31 a
point a card; pairs 2/9/18; a sequence a point a card):

  {\"pile\":[\"TH\",\"5C\",\"KD\"]}                        (--game noddy)
  {\"points\":3,\"fifteen\":0,\"twenty_five\":3,\"hitter\":0,\"pairs\":0,\"run\":0,\"flush\":0}
  {\"pile\":[\"4H\",\"AC\"],\"aces\":[11]}                 (--game costly-colours)
  {\"points\":2,\"fifteen\":2,\"twenty_five\":0,\"thirty_one\":0,\"pairs\":0,\"sequence\":0}
";

fn run(mut args: Args) -> Result<(), CliError> {
    let game = args.counted_game(&COUNTED)?;
    let jsonl = args.flag("--jsonl");
    let words = args.positionals()?;
    if matches!(game, GameKind::Noddy | GameKind::CostlyColours) {
        if !jsonl {
            return Err(CliError::usage(format!(
                "--game {game}: give the piles as JSON lines on stdin, with --jsonl"
            )));
        }
        if let Some(extra) = words.first() {
            return Err(CliError::usage(format!(
                "--jsonl reads the piles from stdin, not from arguments like {extra:?}"
            )));
        }
        let (input, output) = (io::stdin().lock(), io::stdout().lock());
        match game {
            GameKind::Noddy => jsonl::answer_lines(input, output, answer_noddy)?,
            _ => jsonl::answer_lines(input, output, answer_costly)?,
        }
        return Ok(());
    }
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

/// A Noddy pile: its one series so far.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct NoddyRequest {
    pile: Vec<Card>,
}

/// Noddy's answer, in the output's key order.
#[derive(serde::Serialize)]
struct NoddyAnswer {
    points: u8,
    fifteen: u8,
    twenty_five: u8,
    hitter: u8,
    pairs: u8,
    run: u8,
    flush: u8,
}

fn answer_noddy(request: NoddyRequest) -> Result<NoddyAnswer, String> {
    let c = noddy::score::play_score(&request.pile).map_err(|e| explain(&e))?;
    Ok(NoddyAnswer {
        points: c.total,
        fifteen: c.fifteens,
        twenty_five: c.twenty_fives,
        hitter: c.hitters,
        pairs: c.pairs,
        run: c.runs,
        flush: c.flush,
    })
}

/// A Costly Colours pile: the series since the count was reset, and each
/// ace's value as laid.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct CostlyRequest {
    pile: Vec<Card>,
    #[serde(default)]
    aces: Vec<u8>,
}

/// Costly Colours' answer, in the output's key order.
#[derive(serde::Serialize)]
struct CostlyAnswer {
    points: u8,
    fifteen: u8,
    twenty_five: u8,
    thirty_one: u8,
    pairs: u8,
    sequence: u8,
}

fn answer_costly(request: CostlyRequest) -> Result<CostlyAnswer, String> {
    let c =
        costly_colours::score::play_score(&request.pile, &request.aces).map_err(|e| explain(&e))?;
    Ok(CostlyAnswer {
        points: c.total,
        fifteen: c.fifteens,
        twenty_five: c.twenty_fives,
        thirty_one: c.thirty_ones,
        pairs: c.pairs,
        sequence: c.sequences,
    })
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
