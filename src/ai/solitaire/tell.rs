//! A game of Cribbage Solitaire told move by move, for `cribbage replay`.

use crate::ai::game::tell_steps;
use crate::games::GameKind;
use crate::games::solitaire::{Event, Game, Shown};
use crate::record::Session;
use std::fmt::Write as _;

/// A game of Cribbage Solitaire as text: each deal, the lay-away, the hand
/// and crib counted in words, the starters going under, the last four.
pub(crate) fn tell(session: &Session<Game>) -> String {
    tell_steps(session, GameKind::Solitaire.title(), |t, _game, event| {
        let _ = match event {
            Event::Deal { number, hand, .. } => writeln!(t, "\nDeal {number}: {hand}"),
            Event::Starter { card } => writeln!(t, "  the starter is {card}"),
            Event::Heels {
                points, running, ..
            } => {
                writeln!(t, "  {points} for his heels; now {running}")
            }
            Event::LaidAway { cards } => writeln!(t, "  lays away {cards}"),
            Event::Counted(c) => {
                let what = match c.what {
                    Shown::Hand => "hand",
                    Shown::Crib => "crib",
                    Shown::LastFour => "the last four",
                };
                writeln!(
                    t,
                    "  {what} {}: {}  {}; now {}",
                    c.cards, c.cadence, c.points, c.running
                )
            }
            Event::StarterUnder { card } => writeln!(t, "  {card} goes under the stock"),
            Event::GameOver {
                score, win, double, ..
            } => writeln!(
                t,
                "\n{score} points: {}",
                match (win, double) {
                    (_, true) => "a double game",
                    (true, false) => "a win",
                    _ => "short of 81",
                }
            ),
        };
    })
}
