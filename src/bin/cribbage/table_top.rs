//! Table Top Cribbage on the command line: `score --game table-top
//! --jsonl` (a full layout's rows and columns), `random-games --game
//! table-top`, `match --game table-top` and `replay` of a table-top save.
//! One module, so the shared commands each gain a line or two.

use crate::args::{Args, CliError};
use crate::duplicate::{Match, Played, play_out};
use cribbage::ai::arena::pair_seed;
use cribbage::ai::{Level, table_top as bot};
use cribbage::audit::table_top::{TableTopStats, audit_table_top_game};
use cribbage::cards::{Card, CardSet};
use cribbage::games::table_top::layout::Direction;
use cribbage::games::table_top::score::line_total;
use cribbage::games::table_top::{Event, Game, Layout, Line, Reason, Rules};
use cribbage::games::{GameKind, State};
use cribbage::record::{Session, Step};
use serde_json::json;
use std::fmt::Write as _;

// ---------------------------------------------------------------------------
// score --game table-top --jsonl

/// One `score --game table-top --jsonl` request: a full layout.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GridRequest {
    /// The 25 cards, row by row from the top left.
    grid: Vec<Card>,
}

/// Its answer: each row's points top to bottom, each column's left to right.
#[derive(serde::Serialize)]
pub(crate) struct GridAnswer {
    rows: Vec<u8>,
    columns: Vec<u8>,
}

/// Counts a full layout's lines.
///
/// # Errors
/// Not 25 cards, or a card twice.
pub(crate) fn answer_grid(request: GridRequest) -> Result<GridAnswer, String> {
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

// ---------------------------------------------------------------------------
// random-games --game table-top

/// `random-games --game table-top [--players 2|4]`: the audit with Table
/// Top's statistics.
pub(crate) fn random_games(mut args: Args) -> Result<(), CliError> {
    use crate::random_games::{audit_many, print_report, threads};
    let games: u64 = args.parsed("--games", 1000, "a number of games")?;
    let seed: u64 = args.parsed("--seed", 0, "a whole number")?;
    let rules = players(&mut args)?;
    let threads = threads(&mut args)?;
    args.finish()?;
    let audit = move |s: u64, stats: &mut TableTopStats| audit_table_top_game(rules, s, stats);
    let (stats, violations, seconds) = audit_many(
        games,
        seed,
        threads,
        "Table Top Cribbage",
        &audit,
        TableTopStats::merge,
    );
    let hands = stats.hands.max(1) as f64;
    let report = json!({
        "game": GameKind::TableTop,
        "rules": rules.to_string(),
        "games": stats.games,
        "seed": seed,
        "hands_per_game": stats.hands as f64 / stats.games.max(1) as f64,
        "mean_points_per_hand": {
            "rows": stats.rows_points as f64 / hands,
            "columns": stats.columns_points as f64 / hands,
        },
        "mean_points_per_line": (stats.rows_points + stats.columns_points) as f64
            / stats.lines.max(1) as f64,
        "best_line": stats.best_line,
        "level_at_121_or_more": stats.level_over_target,
        "first_dealer_win_rate": stats.first_dealer_wins as f64 / stats.games.max(1) as f64,
        "rows_win_rate": stats.rows_wins as f64 / stats.games.max(1) as f64,
        "actions": stats.actions,
        "illegal_actions_refused": stats.illegal_refused,
        "invariant_violations": violations.len(),
        "seconds": seconds,
        "games_per_second": stats.games as f64 / seconds,
    });
    print_report(&report, violations.len())
}

/// `--players 2|4` (2 by default).
fn players(args: &mut Args) -> Result<Rules, CliError> {
    let players: u8 = args.parsed("--players", 2, "2 or 4")?;
    Rules::new(players).map_err(|e| CliError::usage(format!("--players: {e}")))
}

// ---------------------------------------------------------------------------
// match --game table-top

/// `match --game table-top [--players 2|4]`: duplicate games, A's side on
/// each side of the same deals in turn.
pub(crate) fn run_match(
    mut args: Args,
    a: Level,
    b: Level,
    seed: u64,
    games: u64,
    threads: usize,
) -> Result<(), CliError> {
    let rules = players(&mut args)?;
    args.finish()?;
    if games < 2 || threads == 0 {
        return Err(CliError::usage(
            "--games: at least 2; --threads: at least 1",
        ));
    }
    let setup = Match {
        game: GameKind::TableTop,
        rules: Some(rules.to_string()),
        a,
        b,
        seed,
        games,
        threads,
        kinds: &["rows", "columns"],
    };
    setup.run(|i, a_side| play(rules, a, b, seed, i, a_side))
}

/// Plays game `i` of pair set `seed` with A's side on `a_side`.
fn play(rules: Rules, a: Level, b: Level, seed: u64, i: u64, a_side: usize) -> Played {
    let mut game = Game::new(rules, pair_seed(seed, i, 1));
    // Who partners whom is the draw's: fixed once the game begins.
    let sides = game.sides().to_vec();
    let times = play_out(
        &mut game,
        |s| sides[s],
        a_side,
        |seat, obs| {
            let level = if sides[seat] == a_side { a } else { b };
            let bot_seed = pair_seed(seed, i, 2 + seat as u64);
            bot::decide(level, obs, bot_seed).unwrap_or_else(|e| panic!("seat {seat}: {e}"))
        },
    );
    let winner = game.winner().unwrap_or(0);
    let mut played = Played {
        a_won: winner == a_side,
        first_dealer_won: winner == game.side_of(game.first_dealer()),
        points: vec![0; 2],
        times,
        ..Played::default()
    };
    for event in game.events() {
        match event {
            Event::Deal { .. } => played.hands += 1,
            Event::Pegged(peg) => {
                let Reason::Line { line } = peg.reason;
                let kind = usize::from(line.direction() == Direction::Columns);
                played.points[kind] += u64::from(peg.points);
            }
            _ => {}
        }
    }
    played
}

// ---------------------------------------------------------------------------
// replay

/// A game of Table Top Cribbage as text: each deal, every card turned and
/// placed, the layout and every line's count at the end of each hand.
pub(crate) fn tell(session: &Session<Game>) -> String {
    let saved = session.game();
    let rules = saved.rules();
    let mut game = match saved.setup() {
        Some(setup) => match Game::with_setup(rules, saved.seed(), setup.clone()) {
            Ok(game) => game,
            Err(e) => return format!("{e}\n"),
        },
        None => Game::new(rules, saved.seed()),
    };
    let mut teller = Teller {
        text: format!("{rules}; seed {}\n", saved.seed()),
        layout: *game.layout(),
        drawn: false,
    };
    for event in game.events().to_vec() {
        teller.event(&event);
    }
    for step in session.steps() {
        match step {
            Step::Act(action) => {
                let Ok(events) = game.apply(*action) else {
                    break;
                };
                for event in &events {
                    teller.event(event);
                }
            }
            Step::Redraw(epoch) => {
                teller
                    .text
                    .push_str("  (moves taken back: the cards are drawn afresh)\n");
                State::redraw(&mut game, *epoch);
            }
        }
    }
    if let Some(seat) = game.current_player() {
        let _ = writeln!(teller.text, "(the game goes on: seat {seat} to act)");
    }
    teller.text
}

/// Writes events as text, keeping the layout as the events build it.
struct Teller {
    text: String,
    layout: Layout,
    /// Whether this hand's full layout has been drawn.
    drawn: bool,
}

/// The layout drawn as five lines of cards, `--` for an empty cell.
fn draw(layout: &Layout) -> String {
    let mut text = String::new();
    for row in Line::rows() {
        let cards: Vec<String> = layout
            .line(row)
            .iter()
            .map(|c| c.map_or("--".to_string(), |c| c.to_string()))
            .collect();
        let _ = writeln!(text, "    {}", cards.join(" "));
    }
    text
}

impl Teller {
    fn event(&mut self, event: &Event) {
        let t = &mut self.text;
        let _ = match event {
            Event::CutForDeal { cuts, dealer } => {
                let cuts: Vec<String> = cuts
                    .iter()
                    .map(|c| format!("seat {} draws {}", c.seat, c.card))
                    .collect();
                let result = match dealer {
                    Some(d) => format!("seat {d} deals"),
                    None => "a tie: draw again".into(),
                };
                writeln!(t, "  draw for deal: {}; {result}", cuts.join(", "))
            }
            Event::DrawForPartners { cuts, seated } => {
                let cuts: Vec<String> = cuts
                    .iter()
                    .map(|c| format!("seat {} draws {}", c.seat, c.card))
                    .collect();
                let result = match seated {
                    Some(s) => {
                        let side = |n: usize| -> Vec<String> {
                            (0..s.sides.len())
                                .filter(|&seat| s.sides[seat] == n)
                                .map(|seat| seat.to_string())
                                .collect()
                        };
                        let order: Vec<String> = s.order.iter().map(ToString::to_string).collect();
                        format!(
                            "seats {} (side 0) against seats {} (side 1), round the table {}; seat {} deals",
                            side(0).join(" and "),
                            side(1).join(" and "),
                            order.join(", "),
                            s.dealer
                        )
                    }
                    None => "a tie for partners or the deal: draw again".into(),
                };
                writeln!(t, "  draw for partners: {}; {result}", cuts.join(", "))
            }
            Event::Directions { rows, columns } => writeln!(
                t,
                "  side {rows} scores the rows, side {columns} the columns"
            ),
            Event::Deal { hand, dealer } => writeln!(t, "\nHand {hand}: seat {dealer} deals"),
            Event::Centre { card } => {
                self.layout = Layout::new(*card);
                self.drawn = false;
                writeln!(t, "  the centre is {card}")
            }
            Event::Turned { .. } => Ok(()),
            Event::Placed { seat, card, cell } => {
                self.layout.place(*cell, *card);
                writeln!(t, "  seat {seat} turns {card} and places it on {cell}")
            }
            Event::Counted {
                side,
                line,
                cards,
                said,
                total,
            } => {
                if !self.drawn {
                    self.drawn = true;
                    let _ = write!(t, "  the layout:\n{}", draw(&self.layout));
                }
                let words: Vec<&str> = said.iter().map(|s| s.phrase.as_str()).collect();
                let words = if words.is_empty() {
                    "nothing".to_string()
                } else {
                    words.join(", ")
                };
                let cards: Vec<String> = cards.iter().map(Card::to_string).collect();
                writeln!(
                    t,
                    "  side {side}, {line}: {}: {words} ({total})",
                    cards.join(" ")
                )
            }
            Event::Pegged(peg) => writeln!(t, "    side {} now {}", peg.side, peg.front),
            Event::HandOver { scores, .. } => {
                let s: Vec<String> = scores.iter().map(u16::to_string).collect();
                writeln!(t, "  scores: {}", s.join("-"))
            }
            Event::GameOver { winner, scores, .. } => {
                let s: Vec<String> = scores.iter().map(u16::to_string).collect();
                writeln!(t, "\nGame to side {winner}: {}", s.join("-"))
            }
        };
    }
}
