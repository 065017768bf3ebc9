//! A game of Cribbage Square Solitaire told move by move, for `cribbage
//! replay`.

use crate::ai::game::tell_steps;
use crate::games::GameKind;
use crate::games::square_solitaire::{Event, Game};
use crate::record::Session;
use std::fmt::Write as _;

/// A game of Cribbage Square Solitaire as text: each card turned and where
/// it went, the grid, the starter, and each line's count in words.
pub(crate) fn tell(session: &Session<Game>) -> String {
    tell_steps(
        session,
        GameKind::SquareSolitaire.title(),
        |t, game, event| {
            let _ = match event {
                Event::Turned { number, card } => write!(t, "  card {number}: {card}"),
                Event::Placed { cell, .. } => writeln!(
                    t,
                    ", placed at row {}, column {}",
                    cell / 4 + 1,
                    cell % 4 + 1
                ),
                Event::Starter { card } => {
                    let _ = writeln!(t, "\nThe grid:");
                    for row in game.grid().chunks(4) {
                        let cards: Vec<String> = row
                            .iter()
                            .map(|c| c.map_or("--".to_string(), |c| c.to_string()))
                            .collect();
                        let _ = writeln!(t, "  {}", cards.join(" "));
                    }
                    writeln!(t, "  the starter is {card}")
                }
                Event::Heels {
                    points, running, ..
                } => {
                    writeln!(t, "  {points} for his heels; now {running}")
                }
                Event::LineCounted { count, running, .. } => writeln!(
                    t,
                    "  {}: {}  {}: {}; now {running}",
                    count.line,
                    count
                        .cards
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" "),
                    count.cadence,
                    count.score.total
                ),
                Event::GameOver { score, win, .. } => writeln!(
                    t,
                    "\n{score} points: {}",
                    if *win { "a win" } else { "short of 61" }
                ),
            };
        },
    )
}
