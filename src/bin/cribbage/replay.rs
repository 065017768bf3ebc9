//! `cribbage replay FILE`: a saved game told move by move, every card and
//! every point with the scores after it.

use crate::Command;
use crate::args::{Args, CliError};
use cribbage::cards::Card;
use cribbage::count::ShowKind;
use cribbage::games::State;
use cribbage::games::cribbage::Rules;
use cribbage::games::cribbage::{Action, Event, Game, Reason};
use cribbage::games::{costly_colours, noddy, solitaire, square_solitaire};
use cribbage::record::{AnySession, Session, Step};
use std::fmt::Write as _;
use std::io::{self, Read, Write};

/// The `replay` subcommand.
pub const COMMAND: Command = Command {
    name: "replay",
    summary: "tell a saved game move by move with every score",
    usage: USAGE,
    run,
};

const USAGE: &str = "\
usage: cribbage replay [--jsonl] FILE

Reads a saved game of any game this build plays (the JSON the game saves:
game, rules, seed, actions, in format 1 or 2; `-` reads standard input),
replays it, and prints it move by move: the cut, each deal
and what every seat was dealt, what each laid away, the starter, every card
and go with the count, every point with its reason, each hand and crib with
its count, and the scores after every score. A file that cannot be replayed
is reported with the reason (exit status 2).

With --jsonl it prints the engine's events instead, one JSON object a line:
the same objects the page is handed, each `game_over` with its `winner` and
`scores`.
";

fn run(mut args: Args) -> Result<(), CliError> {
    let jsonl = args.flag("--jsonl");
    let files = args.positionals()?;
    let [file] = files.as_slice() else {
        return Err(CliError::usage(
            "give one saved game file (or - for standard input)",
        ));
    };
    let mut text = String::new();
    if file == "-" {
        io::stdin().read_to_string(&mut text)?;
    } else {
        text = std::fs::read_to_string(file)
            .map_err(|e| CliError::usage(format!("cannot read {file:?}: {e}")))?;
    }
    let saved =
        AnySession::from_json(&text).map_err(|e| CliError::usage(format!("{file}: {e}")))?;
    let mut out = io::stdout().lock();
    match &saved {
        AnySession::Cribbage(session) if jsonl => {
            for event in session.game().events() {
                writeln!(out, "{}", serde_json::to_string(event).unwrap_or_default())?;
            }
        }
        AnySession::Cribbage(session) => out.write_all(tell(session).as_bytes())?,
        AnySession::Noddy(session) if jsonl => {
            for event in session.game().events() {
                writeln!(out, "{}", serde_json::to_string(event).unwrap_or_default())?;
            }
        }
        AnySession::Noddy(session) => out.write_all(tell_noddy(session).as_bytes())?,
        AnySession::CostlyColours(session) if jsonl => {
            for event in session.game().events() {
                writeln!(out, "{}", serde_json::to_string(event).unwrap_or_default())?;
            }
        }
        AnySession::CostlyColours(session) => {
            out.write_all(tell_costly_colours(session).as_bytes())?;
        }
        AnySession::SquareSolitaire(session) if jsonl => {
            for event in session.game().events() {
                writeln!(out, "{}", serde_json::to_string(event).unwrap_or_default())?;
            }
        }
        AnySession::SquareSolitaire(session) => {
            out.write_all(tell_square_solitaire(session).as_bytes())?;
        }
        AnySession::Solitaire(session) if jsonl => {
            for event in session.game().events() {
                writeln!(out, "{}", serde_json::to_string(event).unwrap_or_default())?;
            }
        }
        AnySession::Solitaire(session) => out.write_all(tell_solitaire(session).as_bytes())?,
        AnySession::TableTop(session) if jsonl => {
            for event in session.game().events() {
                writeln!(out, "{}", serde_json::to_string(event).unwrap_or_default())?;
            }
        }
        AnySession::TableTop(session) => {
            out.write_all(crate::table_top::tell(session).as_bytes())?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The whole game as text.
fn tell(session: &Session<Game>) -> String {
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
                    cribbage::games::cribbage::Skunk::None => "",
                    cribbage::games::cribbage::Skunk::Skunk => ", a skunk",
                    cribbage::games::cribbage::Skunk::Double => ", a double skunk",
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

/// A game of Noddy as text: each hand's cards, the announcements, the play
/// and every point.
fn tell_noddy(session: &Session<noddy::Game>) -> String {
    let saved = session.game();
    let mut game = match saved.setup() {
        Some(setup) => match noddy::Game::with_setup(saved.rules(), saved.seed(), setup.clone()) {
            Ok(game) => game,
            Err(e) => return format!("{e}\n"),
        },
        None => noddy::Game::new(saved.rules(), saved.seed()),
    };
    let mut text = format!("{}; seed {}\n", saved.rules(), saved.seed());
    for event in game.events().to_vec() {
        tell_noddy_event(&mut text, &game, &event);
    }
    for step in session.steps() {
        match step {
            Step::Act(action) => {
                let Ok(events) = game.apply(*action) else {
                    break;
                };
                for event in &events {
                    tell_noddy_event(&mut text, &game, event);
                }
            }
            Step::Redraw(epoch) => {
                text.push_str("  (moves taken back: the cards are drawn afresh)\n");
                State::redraw(&mut game, *epoch);
            }
        }
    }
    if let Some(seat) = game.current_player() {
        let _ = writeln!(text, "(the game goes on: seat {seat} to act)");
    }
    text
}

fn tell_noddy_event(t: &mut String, game: &noddy::Game, event: &noddy::Event) {
    use noddy::{Event as E, Reason as R};
    let _ = match event {
        E::CutForDeal { cuts, dealer } => {
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
        E::Deal { hand, dealer } => {
            let _ = writeln!(t, "\nHand {hand}: seat {dealer} deals");
            for seat in 0..2 {
                let _ = writeln!(t, "  seat {seat} is dealt {}", game.dealt(seat));
            }
            Ok(())
        }
        E::TurnUp { card } => writeln!(t, "  the turn-up is {card}"),
        E::Announced { seat, said, total } => {
            let words: Vec<&str> = said.iter().map(|s| s.phrase.as_str()).collect();
            let words = if words.is_empty() {
                "nothing".to_string()
            } else {
                words.join(", ")
            };
            writeln!(t, "  seat {seat} announces: {words} ({total})")
        }
        E::Played { seat, card, count } => writeln!(t, "  seat {seat} plays {card}: {count}"),
        E::Go { seat, count } => writeln!(t, "  seat {seat} says go at {count}"),
        E::Pegged(peg) => {
            let why = match &peg.reason {
                R::JackTurned { .. } => "a jack turned up".to_string(),
                R::Announcement => "the announcement".to_string(),
                R::Play { combos, .. } => {
                    let kinds: Vec<String> = combos
                        .iter()
                        .map(|c| format!("{:?}", c.kind).to_lowercase())
                        .collect();
                    kinds.join(" and ")
                }
                R::Go { .. } => "one for go".to_string(),
            };
            writeln!(
                t,
                "    seat {} pegs {}: {why}; now {}",
                peg.seat, peg.points, peg.front
            )
        }
        E::HandOver { .. } => Ok(()),
        E::GameOver { winner, scores, .. } => {
            let s: Vec<String> = scores.iter().map(u16::to_string).collect();
            writeln!(t, "\nGame to seat {winner}: {}", s.join("-"))
        }
    };
}

/// A game of Costly Colours as text: each hand's cards, the mog (with the
/// cards passed: a replay tells the whole game), the play, the shows and
/// every point.
fn tell_costly_colours(session: &Session<costly_colours::Game>) -> String {
    let saved = session.game();
    let mut game = match saved.setup() {
        Some(setup) => {
            match costly_colours::Game::with_setup(saved.rules(), saved.seed(), setup.clone()) {
                Ok(game) => game,
                Err(e) => return format!("{e}\n"),
            }
        }
        None => costly_colours::Game::new(saved.rules(), saved.seed()),
    };
    let mut text = format!("{}; seed {}\n", saved.rules(), saved.seed());
    for event in game.events().to_vec() {
        tell_costly_colours_event(&mut text, &game, &event);
    }
    for step in session.steps() {
        match step {
            Step::Act(action) => {
                let Ok(events) = game.apply(*action) else {
                    break;
                };
                for event in &events {
                    tell_costly_colours_event(&mut text, &game, event);
                }
            }
            Step::Redraw(epoch) => {
                text.push_str("  (moves taken back: the cards are drawn afresh)\n");
                State::redraw(&mut game, *epoch);
            }
        }
    }
    if let Some(seat) = game.current_player() {
        let _ = writeln!(text, "(the game goes on: seat {seat} to act)");
    }
    text
}

fn tell_costly_colours_event(
    t: &mut String,
    game: &costly_colours::Game,
    event: &costly_colours::Event,
) {
    use costly_colours::{Event as E, Reason as R};
    let _ = match event {
        E::CutForDeal { cuts, dealer } => {
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
        E::Deal { hand, dealer } => {
            let _ = writeln!(t, "\nHand {hand}: seat {dealer} deals");
            for seat in 0..2 {
                let _ = writeln!(t, "  seat {seat} is dealt {}", game.dealt(seat));
            }
            Ok(())
        }
        E::TurnUp { card } => writeln!(t, "  the turn-up is {card}"),
        E::MogSaid { seat } => writeln!(t, "  seat {seat} will mog"),
        E::MogRefused { seat } => writeln!(t, "  seat {seat} refuses the mog"),
        E::Passed { seat } => match game.passed(*seat) {
            Some(card) => writeln!(t, "  seat {seat} passes {card}"),
            None => writeln!(t, "  seat {seat} passes a card"),
        },
        E::Played {
            seat,
            card,
            value,
            count,
        } => {
            if card.rank() == cribbage::cards::Rank::Ace {
                writeln!(t, "  seat {seat} plays {card} as {value}: {count}")
            } else {
                writeln!(t, "  seat {seat} plays {card}: {count}")
            }
        }
        E::Go { seat, count } => writeln!(t, "  seat {seat} says go at {count}"),
        E::CountReset { leader: Some(l) } => {
            writeln!(t, "  the count goes back to 0; seat {l} leads")
        }
        E::CountReset { leader: None } => writeln!(t, "  the play is over"),
        E::Show(shown) => {
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
        E::Pegged(peg) => {
            let why = match &peg.reason {
                R::JackOrTwoTurned { .. } => "a jack or two turned up".to_string(),
                R::MogRefused { by } => format!("seat {by} refused the mog"),
                R::Passed {
                    of_turnup_suit: true,
                } => "a jack or two of the turn-up's suit passed".to_string(),
                R::Passed { .. } => "a jack or two passed".to_string(),
                R::Play { combos, .. } => {
                    let kinds: Vec<String> = combos
                        .iter()
                        .map(|c| format!("{:?}", c.kind).to_lowercase())
                        .collect();
                    kinds.join(" and ")
                }
                R::Last { .. } => "one for last".to_string(),
                R::Show => "the show".to_string(),
            };
            writeln!(
                t,
                "    seat {} pegs {}: {why}; now {}",
                peg.seat, peg.points, peg.front
            )
        }
        E::HandOver { .. } => Ok(()),
        E::GameOver { winner, scores, .. } => {
            let s: Vec<String> = scores.iter().map(u16::to_string).collect();
            writeln!(t, "\nGame to seat {winner}: {}", s.join("-"))
        }
    };
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

/// Replays a solitaire's steps from its start, telling each event with
/// `tell`; a redraw is noted. `fresh` is the game before its first step.
fn tell_steps<G: State>(
    session: &Session<G>,
    fresh: Result<G, G::SetupError>,
    mut tell: impl FnMut(&mut String, &G, &G::Event),
) -> String {
    let saved = session.game();
    let mut game = match fresh {
        Ok(game) => game,
        Err(e) => return format!("{e}\n"),
    };
    let mut text = String::new();
    let _ = writeln!(text, "{}; seed {}", saved.kind().title(), saved.seed());
    for event in game.events().to_vec() {
        tell(&mut text, &game, &event);
    }
    for step in session.steps() {
        match step {
            Step::Act(action) => {
                let Ok(from) = game.advance(action.clone()) else {
                    break;
                };
                for event in &game.events()[from..] {
                    tell(&mut text, &game, event);
                }
            }
            Step::Redraw(epoch) => {
                text.push_str("  (moves taken back: the cards are drawn afresh)\n");
                game.redraw(*epoch);
            }
        }
    }
    if game.current_player().is_some() {
        text.push_str("(the game goes on)\n");
    }
    text
}

/// A game of Cribbage Square Solitaire as text: each card turned and where
/// it went, the grid, the starter, and each line's count in words.
fn tell_square_solitaire(session: &Session<square_solitaire::Game>) -> String {
    use square_solitaire::{Event as E, Game};
    let saved = session.game();
    let fresh = match saved.setup() {
        Some(setup) => Game::with_setup(saved.rules(), saved.seed(), setup.clone()),
        None => Ok(Game::new(saved.rules(), saved.seed())),
    };
    tell_steps(session, fresh, |t, game, event| {
        let _ = match event {
            E::Turned { number, card } => write!(t, "  card {number}: {card}"),
            E::Placed { cell, .. } => writeln!(
                t,
                ", placed at row {}, column {}",
                cell / 4 + 1,
                cell % 4 + 1
            ),
            E::Starter { card } => {
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
            E::Heels {
                points, running, ..
            } => {
                writeln!(t, "  {points} for his heels; now {running}")
            }
            E::LineCounted { count, running } => writeln!(
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
            E::GameOver { score, win } => writeln!(
                t,
                "\n{score} points: {}",
                if *win { "a win" } else { "short of 61" }
            ),
        };
    })
}

/// A game of Cribbage Solitaire as text: each deal, the lay-away, the hand
/// and crib counted in words, the starters going under, the last four.
fn tell_solitaire(session: &Session<solitaire::Game>) -> String {
    use solitaire::{Event as E, Game, Shown};
    let saved = session.game();
    let fresh = match saved.setup() {
        Some(setup) => Game::with_setup(saved.rules(), saved.seed(), setup.clone()),
        None => Ok(Game::new(saved.rules(), saved.seed())),
    };
    tell_steps(session, fresh, |t, _game, event| {
        let _ = match event {
            E::Deal { number, hand } => writeln!(t, "\nDeal {number}: {hand}"),
            E::Starter { card } => writeln!(t, "  the starter is {card}"),
            E::Heels {
                points, running, ..
            } => {
                writeln!(t, "  {points} for his heels; now {running}")
            }
            E::LaidAway { cards } => writeln!(t, "  lays away {cards}"),
            E::Counted(c) => {
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
            E::StarterUnder { card } => writeln!(t, "  {card} goes under the stock"),
            E::GameOver { score, win, double } => writeln!(
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
