//! A game of Costly Colours told move by move, for `cribbage replay`.

use crate::ai::game::tell_steps;
use crate::cards::{Card, Rank};
use crate::games::State as _;
use crate::games::costly_colours::{Event, Game, Reason};
use crate::record::Session;
use std::fmt::Write as _;

/// A game of Costly Colours as text: each hand's cards, the mog (with the
/// cards passed: a replay tells the whole game), the play, the shows and
/// every point.
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
        Event::MogSaid { seat } => writeln!(t, "  seat {seat} will mog"),
        Event::MogRefused { seat } => writeln!(t, "  seat {seat} refuses the mog"),
        Event::Passed { seat } => match game.passed(*seat) {
            Some(card) => writeln!(t, "  seat {seat} passes {card}"),
            None => writeln!(t, "  seat {seat} passes a card"),
        },
        Event::Played {
            seat,
            card,
            value,
            count,
        } => {
            if card.rank() == Rank::Ace {
                writeln!(t, "  seat {seat} plays {card} as {value}: {count}")
            } else {
                writeln!(t, "  seat {seat} plays {card}: {count}")
            }
        }
        Event::Go { seat, count } => writeln!(t, "  seat {seat} says go at {count}"),
        Event::CountReset { leader: Some(l) } => {
            writeln!(t, "  the count goes back to 0; seat {l} leads")
        }
        Event::CountReset { leader: None } => writeln!(t, "  the play is over"),
        Event::Show(shown) => {
            let cards: Vec<String> = shown.cards.iter().map(Card::to_string).collect();
            let received = match shown.received {
                Some(card) => format!(" ({card} received in the mog)"),
                None => String::new(),
            };
            writeln!(
                t,
                "  seat {} shows {} with {}{received}: {} ({})",
                shown.seat,
                cards.join(" "),
                shown.turnup,
                shown.count.words(),
                shown.count.total
            )
        }
        Event::Pegged(peg) => {
            let why = match &peg.reason {
                Reason::JackOrTwoTurned { .. } => "a jack or two turned up".to_string(),
                Reason::MogRefused { by } => format!("seat {by} refused the mog"),
                Reason::Passed {
                    of_turnup_suit: true,
                } => "a jack or two of the turn-up's suit passed".to_string(),
                Reason::Passed { .. } => "a jack or two passed".to_string(),
                Reason::Play { combos, .. } => {
                    let kinds: Vec<String> = combos
                        .iter()
                        .map(|c| format!("{:?}", c.kind).to_lowercase())
                        .collect();
                    kinds.join(" and ")
                }
                Reason::Last { .. } => "one for last".to_string(),
                Reason::Show => "the show".to_string(),
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
