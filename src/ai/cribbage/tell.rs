//! Standard and reverse cribbage told move by move, for `cribbage replay`:
//! the cut, each deal and what every seat was dealt, what each laid away,
//! the starter, every card and go with the count, every point with its
//! reason, each hand and crib with its count, and the scores after every
//! score.

use crate::cards::Card;
use crate::count::ShowKind;
use crate::games::State;
use crate::games::cribbage::Rules;
use crate::games::cribbage::{Action, Event, Game, Reason};
use crate::record::{Session, Step};
use std::fmt::Write as _;

/// The whole game as text.
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
    let mut text = String::new();
    let _ = writeln!(text, "{rules}; seed {}", saved.seed());
    let start_scores = saved
        .setup()
        .map(|s| s.scores.clone())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| vec![0; rules.sides()]);
    let mut teller = Teller {
        rules,
        text,
        scores: Vec::new(),
        start_scores,
    };
    for event in game.events().to_vec() {
        teller.event(&game, &event);
    }
    for step in session.steps() {
        let action = match step {
            Step::Act(action) => action,
            Step::Redraw(epoch) => {
                let _ = writeln!(
                    teller.text,
                    "  (moves taken back: the cards are drawn afresh)"
                );
                State::redraw(&mut game, *epoch);
                continue;
            }
        };
        let seat = game.current_player().unwrap_or(0);
        if let Action::Discard(cards) = action {
            let _ = writeln!(teller.text, "  {} lays away {cards}", who(&rules, seat));
        }
        let Ok(events) = game.apply(action.clone()) else {
            break;
        };
        for event in &events {
            teller.event(&game, event);
        }
    }
    if !game.is_over() {
        let _ = writeln!(
            teller.text,
            "(the game goes on: {} to act)",
            who(&rules, game.current_player().unwrap_or(0))
        );
    }
    teller.text
}

/// Writes events as text, keeping the scores as the events move them.
struct Teller {
    rules: Rules,
    text: String,
    scores: Vec<u16>,
    start_scores: Vec<u16>,
}

impl Teller {
    fn event(&mut self, game: &Game, event: &Event) {
        let rules = self.rules;
        match event {
            Event::NewGame { game: 1 } => self.scores = self.start_scores.clone(),
            Event::NewGame { .. } => self.scores = vec![0; rules.sides()],
            Event::Pegged(peg) if peg.side < self.scores.len() => self.scores[peg.side] = peg.front,
            _ => {}
        }
        let now: Vec<String> = self.scores.iter().map(u16::to_string).collect();
        let now = now.join("-");
        let t = &mut self.text;
        let _ = match event {
            Event::NewGame { game } => writeln!(t, "\nGame {game}"),
            Event::CutForDeal { cuts, dealer } => {
                let cuts: Vec<String> = cuts
                    .iter()
                    .map(|c| format!("{} cuts {}", who(&rules, c.seat), c.card))
                    .collect();
                let result = match dealer {
                    Some(d) => format!("{} deals", who(&rules, *d)),
                    None => "a tie: cut again".into(),
                };
                writeln!(t, "  cut for deal: {}; {result}", cuts.join(", "))
            }
            Event::Deal { hand, dealer, .. } => {
                let _ = writeln!(t, "\nHand {hand}: {} deals", who(&rules, *dealer));
                for seat in 0..rules.players() {
                    let _ = writeln!(t, "  {} is dealt {}", who(&rules, seat), game.hand(seat));
                }
                if rules.crib_from_deck() > 0 {
                    let _ = writeln!(t, "  the crib is dealt {}", game.crib());
                }
                Ok(())
            }
            Event::LaidAway { .. } => Ok(()),
            Event::Starter { card, cutter } => {
                writeln!(t, "  {} cuts; the starter is {card}", who(&rules, *cutter))
            }
            Event::Played { seat, card, count } => {
                writeln!(t, "  {} plays {card}: {count}", who(&rules, *seat))
            }
            Event::Go { seat, count } => writeln!(t, "  {} says go at {count}", who(&rules, *seat)),
            Event::CountReset { leader } => match leader {
                Some(l) => writeln!(t, "  the count goes back to 0; {} leads", who(&rules, *l)),
                None => writeln!(t, "  the play is over"),
            },
            Event::Show {
                seat,
                kind,
                score,
                claimed,
            } => {
                let whose = match kind {
                    ShowKind::Hand => format!("{}'s hand", who(&rules, *seat)),
                    ShowKind::Crib => format!("{}'s crib", who(&rules, *seat)),
                };
                let cards: Vec<String> = score.hand.iter().map(Card::to_string).collect();
                let _ = writeln!(
                    t,
                    "  {whose}: {} with {}: {} ({})",
                    cards.join(" "),
                    score.starter,
                    score.cadence(),
                    score.total
                );
                match claimed {
                    Some(c) => writeln!(t, "    claimed {c} of {}", score.total),
                    None => Ok(()),
                }
            }
            Event::Claimed {
                seat,
                kind,
                claimed,
            } => {
                let whose = match kind {
                    ShowKind::Hand => "hand",
                    ShowKind::Crib => "crib",
                };
                writeln!(
                    t,
                    "  {} claims {claimed} for the {whose}",
                    who(&rules, *seat)
                )
            }
            Event::Called {
                seat, named, right, ..
            } => writeln!(
                t,
                "    {} calls muggins: {named} ({})",
                who(&rules, *seat),
                if *right {
                    "right"
                } else {
                    "wrong: the claim stands"
                }
            ),
            Event::Accepted { seat, from } => writeln!(
                t,
                "    {} lets {}'s claim stand",
                who(&rules, *seat),
                who(&rules, *from)
            ),
            Event::Pegged(peg) => {
                let why = match &peg.reason {
                    Reason::Heels { .. } => "two for his heels".to_string(),
                    Reason::Play {
                        fifteen,
                        thirty_one,
                        pairs,
                        run,
                        ..
                    } => {
                        let mut parts = Vec::new();
                        if *fifteen > 0 {
                            parts.push("fifteen".to_string());
                        }
                        if *thirty_one > 0 {
                            parts.push("thirty-one".to_string());
                        }
                        match pairs {
                            2 => parts.push("a pair".into()),
                            6 => parts.push("pair royal".into()),
                            12 => parts.push("double pair royal".into()),
                            _ => {}
                        }
                        if *run > 0 {
                            parts.push(format!("a run of {run}"));
                        }
                        parts.join(" and ")
                    }
                    Reason::Last { .. } => "one for last".into(),
                    Reason::Show {
                        kind: ShowKind::Hand,
                        ..
                    } => "for the hand".into(),
                    Reason::Show {
                        kind: ShowKind::Crib,
                        ..
                    } => "for the crib".into(),
                    Reason::Muggins {
                        from,
                        penalty: false,
                        ..
                    } => {
                        format!("muggins: points {} missed", who(&rules, *from))
                    }
                    Reason::Muggins {
                        from,
                        penalty: true,
                        ..
                    } => {
                        format!("muggins: points {} claimed too many", who(&rules, *from))
                    }
                };
                writeln!(
                    t,
                    "    {} pegs {}: {why}; scores {}",
                    who(&rules, peg.seat),
                    peg.points,
                    now
                )
            }
            Event::HandOver { scores } => {
                let s: Vec<String> = scores.iter().map(u16::to_string).collect();
                writeln!(t, "  scores after the hand: {}", s.join("-"))
            }
            Event::GameOver(result) => {
                let s: Vec<String> = result.scores.iter().map(u16::to_string).collect();
                let skunk = match result.skunk {
                    crate::games::cribbage::Skunk::None => "",
                    crate::games::cribbage::Skunk::Skunk => ", a skunk",
                    crate::games::cribbage::Skunk::Double => ", a double skunk",
                };
                writeln!(
                    t,
                    "\nGame {} to {}: {}{skunk} ({} game{})",
                    result.game,
                    side_name(&rules, result.winner),
                    s.join("-"),
                    result.games,
                    if result.games == 1 { "" } else { "s" }
                )
            }
            Event::MatchOver { winner, games } => {
                let g: Vec<String> = games.iter().map(u8::to_string).collect();
                writeln!(
                    t,
                    "Match to {}, games {}",
                    side_name(&rules, *winner),
                    g.join("-")
                )
            }
        };
    }
}

fn who(rules: &Rules, seat: usize) -> String {
    if rules.players() == 4 {
        format!("seat {seat} ({})", side_name(rules, rules.side_of(seat)))
    } else {
        format!("seat {seat}")
    }
}

fn side_name(rules: &Rules, side: usize) -> String {
    if rules.players() == 4 {
        let seats: Vec<String> = rules.seats_of(side).map(|s| s.to_string()).collect();
        format!("seats {}", seats.join(" & "))
    } else {
        format!("seat {side}")
    }
}
