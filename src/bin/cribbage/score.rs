//! `cribbage score`: count a hand or crib with its starter, either from the
//! command line (the breakdown a player would read out) or as JSON lines.

use crate::Command;
use crate::args::{Args, CliError};
use crate::jsonl;
use cribbage::cards::{Card, CardSet, parse_cards};
use cribbage::count::{ComboKind, ShowKind, ShowScore, score_show};
use cribbage::games::square_solitaire::score::{CELLS, count_grid};
use cribbage::games::table_top::score::line_total;
use cribbage::games::table_top::{Layout, Line};
use cribbage::games::{GameKind, costly_colours, noddy};
use std::io::{self, Write};

/// The games whose hands this command counts (reverse cribbage counts as
/// the standard game does).
const COUNTED: [GameKind; 6] = [
    GameKind::Cribbage,
    GameKind::Reverse,
    GameKind::Noddy,
    GameKind::CostlyColours,
    GameKind::SquareSolitaire,
    GameKind::TableTop,
];

/// The `score` subcommand.
pub const COMMAND: Command = Command {
    name: "score",
    summary: "count a hand or crib with its starter (or JSON lines from stdin)",
    usage: || USAGE.to_string(),
    run,
};

const USAGE: &str = "\
usage: cribbage score CARD CARD CARD CARD STARTER [--crib]
       cribbage score --jsonl
       cribbage score --game noddy|costly-colours CARD CARD CARD TURNUP
       cribbage score --game noddy|costly-colours --jsonl
       cribbage score --game square-solitaire 16 CARDS (row by row) STARTER
       cribbage score --game square-solitaire --jsonl
       cribbage score --game table-top --jsonl

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

Noddy's announcement and Costly Colours' show count three cards with the
turn-up, by the rules README's tables; with --jsonl:

  {\"hand\":[\"5H\",\"TC\",\"JD\"],\"turnup\":\"9S\"}                  (--game noddy)
  {\"total\":9,\"noddy\":0,\"fifteens\":4,\"twenty_fives\":3,\"hitters\":0,\"pairs\":0,\"runs\":2,\"flush\":0}

  {\"hand\":[\"AH\",\"AC\",\"3D\"],\"turnup\":\"9S\",\"mog_received\":\"AC\"}  (--game costly-colours)
  {\"total\":8,\"fifteens\":0,\"twenty_fives\":3,\"thirty_ones\":3,\"jacks_and_twos\":0,\"pairs\":2,\"colours\":0}

\"mog_received\" (Costly Colours, may be left out) is a held card passed in the
mog: it scores no jack-or-two points for its receiver.

Table Top Cribbage counts a full 5x5 layout, its 25 cards row by row from the
top left: each row (top to bottom) and column (left to right) as a hand with
no starter (a flush only of all five; no nobs):

  {\"grid\":[\"5H\",\"5C\", … 25 cards]}                        (--game table-top)
  {\"rows\":[4,0,10,2,6],\"columns\":[8,2,0,4,12]}
";

fn run(mut args: Args) -> Result<(), CliError> {
    let game = args.counted_game(&COUNTED)?;
    let crib = args.flag("--crib");
    let jsonl = args.flag("--jsonl");
    let words = args.positionals()?;
    if game == GameKind::TableTop {
        if !jsonl || crib || !words.is_empty() {
            return Err(CliError::usage(
                "--game table-top counts a whole layout: --jsonl, one {\"grid\":[25 cards]} a line",
            ));
        }
        let (input, output) = (io::stdin().lock(), io::stdout().lock());
        return Ok(jsonl::answer_lines(input, output, answer_grid)?);
    }
    if matches!(game, GameKind::Noddy | GameKind::CostlyColours) {
        return run_three_card(game, crib, jsonl, &words);
    }
    if game == GameKind::SquareSolitaire {
        return run_square(crib, jsonl, &words);
    }
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

/// `score --game noddy|costly-colours`: three cards and the turn-up.
fn run_three_card(
    game: GameKind,
    crib: bool,
    jsonl: bool,
    words: &[String],
) -> Result<(), CliError> {
    if crib {
        return Err(CliError::usage(format!(
            "--crib: {} has no crib",
            game.title()
        )));
    }
    if jsonl {
        if let Some(extra) = words.first() {
            return Err(CliError::usage(format!(
                "--jsonl reads the cards from stdin, not from arguments like {extra:?}"
            )));
        }
        let (input, output) = (io::stdin().lock(), io::stdout().lock());
        match game {
            GameKind::Noddy => jsonl::answer_lines(input, output, answer_noddy)?,
            _ => jsonl::answer_lines(input, output, answer_costly)?,
        }
        return Ok(());
    }
    let cards = parse_cards(&words.join(" ")).map_err(|e| CliError::usage(e.to_string()))?;
    let [a, b, c, turnup] = cards[..] else {
        return Err(CliError::usage(format!(
            "give four cards, the three held then the turn-up; got {}",
            cards.len()
        )));
    };
    let text = match game {
        GameKind::Noddy => {
            let count = noddy::score::announcement(&[a, b, c], turnup)
                .map_err(|e| CliError::usage(e.to_string()))?;
            let lines = count
                .combos
                .iter()
                .map(|combo| (format!("{:?}", combo.kind), &combo.cards, combo.points));
            three_card_breakdown(&[a, b, c], turnup, lines, count.total)
        }
        _ => {
            let count = costly_colours::score::show(&[a, b, c], turnup, None)
                .map_err(|e| CliError::usage(e.to_string()))?;
            let lines = count
                .combos
                .iter()
                .map(|combo| (format!("{:?}", combo.kind), &combo.cards, combo.points));
            three_card_breakdown(&[a, b, c], turnup, lines, count.total)
        }
    };
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// A three-card count for reading: each combination with its cards and points.
fn three_card_breakdown<'a>(
    hand: &[Card],
    turnup: Card,
    combos: impl Iterator<Item = (String, &'a Vec<Card>, u8)>,
    total: u8,
) -> String {
    let held: CardSet = hand.iter().copied().collect();
    let mut text = format!("hand: {held}   turn-up: {turnup}\n\n");
    for (kind, cards, points) in combos {
        let cards: CardSet = cards.iter().copied().collect();
        text.push_str(&format!("  {:<12} {cards}  {points}\n", snake(&kind)));
    }
    text.push_str(&format!("\ntotal: {total}\n"));
    text
}

/// "TwentyFive" → "twenty-five".
fn snake(name: &str) -> String {
    let mut out = String::new();
    for (i, ch) in name.chars().enumerate() {
        if ch.is_uppercase() && i > 0 {
            out.push('-');
        }
        out.extend(ch.to_lowercase());
    }
    out
}

/// One `--jsonl` request for Noddy's announcement or Costly Colours' show.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ThreeCardRequest {
    /// The three cards held.
    hand: Vec<Card>,
    /// The turn-up.
    turnup: Card,
    /// (Costly Colours) a held card received in the mog.
    #[serde(default)]
    mog_received: Option<Card>,
}

/// Noddy's `--jsonl` answer, in the output's key order.
#[derive(serde::Serialize)]
struct NoddyAnswer {
    total: u8,
    noddy: u8,
    fifteens: u8,
    twenty_fives: u8,
    hitters: u8,
    pairs: u8,
    runs: u8,
    flush: u8,
}

/// Costly Colours' `--jsonl` answer, in the output's key order.
#[derive(serde::Serialize)]
struct CostlyAnswer {
    total: u8,
    fifteens: u8,
    twenty_fives: u8,
    thirty_ones: u8,
    jacks_and_twos: u8,
    pairs: u8,
    colours: u8,
}

/// The hand's size, said for three-card games.
fn three_held(request: &ThreeCardRequest) -> Result<(), String> {
    if request.hand.len() == 3 {
        Ok(())
    } else {
        Err(format!(
            "the hand has {} cards; it needs 3 (the turn-up goes in \"turnup\")",
            request.hand.len()
        ))
    }
}

fn answer_noddy(request: ThreeCardRequest) -> Result<NoddyAnswer, String> {
    three_held(&request)?;
    if request.mog_received.is_some() {
        return Err("\"mog_received\": Noddy has no mog".into());
    }
    let c = noddy::score::announcement(&request.hand, request.turnup).map_err(|e| e.to_string())?;
    Ok(NoddyAnswer {
        total: c.total,
        noddy: c.noddy,
        fifteens: c.fifteens,
        twenty_fives: c.twenty_fives,
        hitters: c.hitters,
        pairs: c.pairs,
        runs: c.runs,
        flush: c.flush,
    })
}

fn answer_costly(request: ThreeCardRequest) -> Result<CostlyAnswer, String> {
    three_held(&request)?;
    if let Some(card) = request.mog_received
        && !request.hand.contains(&card)
    {
        return Err(format!(
            "\"mog_received\" {card} is not one of the cards held"
        ));
    }
    let c = costly_colours::score::show(&request.hand, request.turnup, request.mog_received)
        .map_err(|e| e.to_string())?;
    Ok(CostlyAnswer {
        total: c.total,
        fifteens: c.fifteens,
        twenty_fives: c.twenty_fives,
        thirty_ones: c.thirty_ones,
        jacks_and_twos: c.jacks_and_twos,
        pairs: c.pairs,
        colours: c.colours,
    })
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

/// `score --game square-solitaire`: a full grid and its starter.
fn run_square(crib: bool, jsonl: bool, words: &[String]) -> Result<(), CliError> {
    if crib {
        return Err(CliError::usage(
            "--crib: Cribbage Square Solitaire counts lines as hands",
        ));
    }
    if jsonl {
        if let Some(extra) = words.first() {
            return Err(CliError::usage(format!(
                "--jsonl reads the cards from stdin, not from arguments like {extra:?}"
            )));
        }
        jsonl::answer_lines(io::stdin().lock(), io::stdout().lock(), answer_square)?;
        return Ok(());
    }
    let cards = parse_cards(&words.join(" ")).map_err(|e| CliError::usage(e.to_string()))?;
    let Some((&starter, grid)) = cards.split_last() else {
        return Err(CliError::usage(
            "give seventeen cards: the grid row by row, then the starter",
        ));
    };
    let grid: [Card; CELLS] = grid.try_into().map_err(|_| {
        CliError::usage(format!(
            "give seventeen cards, the grid row by row then the starter; got {}",
            cards.len()
        ))
    })?;
    let count = count_grid(&grid, starter).map_err(|e| CliError::usage(e.to_string()))?;
    let mut text = String::new();
    for row in grid.chunks(4) {
        let row: Vec<String> = row.iter().map(ToString::to_string).collect();
        text.push_str(&format!("  {}\n", row.join(" ")));
    }
    text.push_str(&format!("starter: {starter}\n\n"));
    if count.heels > 0 {
        text.push_str(&format!("  his heels: {}\n", count.heels));
    }
    for line in &count.lines {
        let cards: Vec<String> = line.cards.iter().map(ToString::to_string).collect();
        text.push_str(&format!(
            "  {:<9} {}  {:>2}  {}\n",
            format!("{}:", line.line),
            cards.join(" "),
            line.score.total,
            line.cadence
        ));
    }
    text.push_str(&format!("\ntotal: {}\n", count.total));
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// One `score --game square-solitaire --jsonl` request.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SquareRequest {
    /// The sixteen cards, row by row.
    grid: Vec<Card>,
    /// The starter.
    starter: Card,
}

/// Its answer, in the output's key order.
#[derive(serde::Serialize)]
struct SquareAnswer {
    total: u16,
    lines: Vec<u8>,
    heels: u8,
}

fn answer_square(request: SquareRequest) -> Result<SquareAnswer, String> {
    let n = request.grid.len();
    let grid: [Card; CELLS] = request.grid.try_into().map_err(|_| {
        format!("the grid has {n} cards; it needs 16, row by row (the starter goes in \"starter\")")
    })?;
    let count = count_grid(&grid, request.starter).map_err(|e| e.to_string())?;
    Ok(SquareAnswer {
        total: count.total,
        lines: count.lines.iter().map(|l| l.score.total).collect(),
        heels: count.heels,
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

/// One `score --game table-top --jsonl` request: a full layout.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct GridRequest {
    /// The 25 cards, row by row from the top left.
    grid: Vec<Card>,
}

/// Its answer: each row's points top to bottom, each column's left to right.
#[derive(serde::Serialize)]
struct GridAnswer {
    rows: Vec<u8>,
    columns: Vec<u8>,
}

/// Counts a full layout's lines.
///
/// # Errors
/// Not 25 cards, or a card twice.
fn answer_grid(request: GridRequest) -> Result<GridAnswer, String> {
    if request.grid.len() != 25 {
        return Err(format!(
            "the grid has {} cards; it needs 25, row by row",
            request.grid.len()
        ));
    }
    let mut seen = CardSet::EMPTY;
    for &card in &request.grid {
        if !seen.insert(card) {
            return Err(format!("{card} is in the grid twice"));
        }
    }
    let cells: Vec<Option<Card>> = request.grid.iter().copied().map(Some).collect();
    let layout = Layout::from_grid(&cells);
    let count = |line: Line| layout.full_line(line).map_or(0, line_total);
    Ok(GridAnswer {
        rows: Line::rows().map(count).to_vec(),
        columns: Line::columns().map(count).to_vec(),
    })
}
