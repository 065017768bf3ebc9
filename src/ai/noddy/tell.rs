//! A game of Noddy told move by move, for `cribbage replay`.

use crate::ai::game::tell_steps;
use crate::games::State as _;
use crate::games::noddy::{Event, Game, Reason};
use crate::record::Session;
use std::fmt::Write as _;

/// A game of Noddy as text: each hand's cards, the announcements, the play
/// and every point.
pub(crate) fn tell(session: &Session<Game>) -> String {
    tell_steps(session, session.game().rules(), tell_event)
}

fn tell_event(t: &mut String, game: &Game, event: &Event) {
    let _ = match event {
        Event::CutForDeal { cuts, dealer } => {
            let cuts: Vec<String> = cuts
                .iter()
                .map(|c| format!("seat {} cuts {}", c.seat, c.card))
                .collect();
            let result = match dealer {
                Some(d) => format!("seat {d} deals"),
                None => "a tie: cut again".into(),
            };
            writeln!(t, "  cut for deal: {}; {result}", cuts.join(", "))
        }
        Event::Deal { hand, dealer } => {
            let _ = writeln!(t, "\nHand {hand}: seat {dealer} deals");
            for seat in 0..2 {
                let _ = writeln!(t, "  seat {seat} is dealt {}", game.dealt(seat));
            }
            Ok(())
        }
        Event::TurnUp { card } => writeln!(t, "  the turn-up is {card}"),
        Event::Announced { seat, said, total } => {
            let words: Vec<&str> = said.iter().map(|s| s.phrase.as_str()).collect();
            let words = if words.is_empty() {
                "nothing".to_string()
            } else {
                words.join(", ")
            };
            writeln!(t, "  seat {seat} announces: {words} ({total})")
        }
        Event::Played { seat, card, count } => writeln!(t, "  seat {seat} plays {card}: {count}"),
        Event::Go { seat, count } => writeln!(t, "  seat {seat} says go at {count}"),
        Event::Pegged(peg) => {
            let why = match &peg.reason {
                Reason::JackTurned { .. } => "a jack turned up".to_string(),
                Reason::Announcement => "the announcement".to_string(),
                Reason::Play { combos, .. } => {
                    let kinds: Vec<String> = combos
                        .iter()
                        .map(|c| format!("{:?}", c.kind).to_lowercase())
                        .collect();
                    kinds.join(" and ")
                }
                Reason::Go { .. } => "one for go".to_string(),
            };
            writeln!(
                t,
                "    seat {} pegs {}: {why}; now {}",
                peg.seat, peg.points, peg.front
            )
        }
        Event::HandOver { .. } => Ok(()),
        Event::GameOver { winner, scores, .. } => {
            let s: Vec<String> = scores.iter().map(u16::to_string).collect();
            writeln!(t, "\nGame to seat {winner}: {}", s.join("-"))
        }
    };
}
