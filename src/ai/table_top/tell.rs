//! A game of Table Top Cribbage told move by move, for `cribbage replay`.

use crate::ai::game::tell_steps;
use crate::cards::Card;
use crate::games::State as _;
use crate::games::table_top::{Event, Game, Layout, Line};
use crate::record::Session;
use std::fmt::Write as _;

/// A game of Table Top Cribbage as text: each deal, every card turned and
/// placed, the layout and every line's count at the end of each hand.
pub(crate) fn tell(session: &Session<Game>) -> String {
    let mut teller = Teller {
        layout: *session.fresh_game().layout(),
        drawn: false,
    };
    tell_steps(session, session.game().rules(), |t, _game, event| {
        teller.event(t, event);
    })
}

/// Writes events as text, keeping the layout as the events build it.
struct Teller {
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
    fn event(&mut self, t: &mut String, event: &Event) {
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
            Event::Centre { card, .. } => {
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
