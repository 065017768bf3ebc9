//! `cribbage agent --game noddy`: one seat of two-player Noddy over JSON
//! lines (the protocol is in the `agent` usage text).
//!
//! Noddy's only decision is in the play, so there is one question, `play`,
//! and it carries the whole series so far with who laid each card: the
//! agent needs no memory of the hand to rebuild the position. The one thing
//! it must remember is the other player's announcement, which the table
//! hears as words before the play (an `announced` event): Hard and Expert
//! read the other hand from it, so without it they play as they would
//! without listening. The agent's own announcement and the three cards it
//! was dealt follow from its cards (those held and those it laid) and the
//! turn-up, so the observation it builds is the one the game itself gives.

use crate::ai::agent::three_card::{self, Deal, GO, GameOver, NewGame, by_seat, seat_of};
use crate::ai::agent::{LinePlayer, Scores, Who, distinct, reply};
use crate::ai::{Level, noddy};
use crate::cards::{Card, CardSet};
use crate::games::noddy::score::{self, LIMIT};
use crate::games::noddy::{Action, Board, Heard, Laid, Move, Observation, Phase};
use crate::games::noddy::{Rules, Said, TARGET};
use crate::games::stacked::PLAYERS;
use serde::{Deserialize, Serialize};

/// One line from the referee.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Message {
    NewGame(NewGame),
    Deal(Deal),
    Play(Box<Question>),
    Event(Event),
    // Read so that a malformed line is reported; it only ends the hand.
    GameOver(#[allow(dead_code)] GameOver),
}

/// The `play` question: everything the seat may see at its turn.
#[derive(Debug, Deserialize)]
struct Question {
    /// Optional: the game of the last `new_game` when left out.
    game: Option<u64>,
    hand_no: u64,
    hand: Vec<Card>,
    legal: Vec<Card>,
    pile: Vec<PileCard>,
    count: u64,
    turnup: Card,
    dealer: bool,
    scores: Scores,
    opp_said_go: bool,
}

/// One card of the series and who laid it.
#[derive(Debug, Deserialize)]
struct PileCard {
    who: Who,
    card: Card,
}

/// Information only. Every event but `announced` is already in the next
/// question, so it is read (a malformed one is still reported) and dropped.
#[derive(Debug, Deserialize)]
#[serde(tag = "what", rename_all = "snake_case")]
enum Event {
    Announced {
        who: Who,
        said: Vec<Phrase>,
        total: u64,
    },
    Jack {},
    Play {},
    Go {},
    Last {},
    HandOver {},
}

/// One phrase of an announcement: its words, or its words with the points
/// it adds and the running total after it.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Phrase {
    Words(String),
    Said {
        phrase: String,
        points: u64,
        running: u64,
    },
}

/// The answer to a `play` that lays a card: `{"card":"XX"}`.
#[derive(Serialize)]
struct Lay {
    card: Card,
}

/// What the agent remembers between lines.
pub(crate) struct NoddyAgent {
    level: Level,
    seed: u64,
    seat: usize,
    /// The game and hand of the last `new_game` and `deal`, as the referee
    /// numbers them: any whole number.
    game: u64,
    hand_no: Option<u64>,
    /// The other player's announcement this hand, with the hand it was
    /// heard in (`None` when no `deal` named one).
    heard: Option<(Option<u64>, Heard)>,
}

impl LinePlayer for NoddyAgent {
    fn handle(&mut self, line: &str) -> Result<Option<String>, String> {
        let Some(obs) = self.observe(line)? else {
            return Ok(None);
        };
        match noddy::decide(self.level, &obs, self.seed).map_err(|e| e.to_string())? {
            Action::Play(card) => reply(&Lay { card }),
            Action::Go => reply(&GO),
        }
    }

    fn forget_hand(&mut self) {
        self.hand_no = None;
        self.heard = None;
    }
}

impl NoddyAgent {
    /// An agent of `level` whose own sampling is fixed by `seed`.
    pub(crate) fn new(level: Level, seed: u64) -> NoddyAgent {
        NoddyAgent {
            level,
            seed,
            seat: 0,
            game: 1,
            hand_no: None,
            heard: None,
        }
    }

    fn opp(&self) -> usize {
        1 - self.seat
    }

    /// Takes in one line: for a question, the observation to decide from.
    fn observe(&mut self, line: &str) -> Result<Option<Observation>, String> {
        let message: Message = serde_json::from_str(line).map_err(|e| format!("{e}"))?;
        match message {
            Message::NewGame(new_game) => {
                self.seat = new_game.seat("Noddy")?;
                self.game = new_game.game;
                self.forget_hand();
                Ok(None)
            }
            Message::Deal(deal) => {
                deal.dealt()?;
                self.game = deal.game.unwrap_or(self.game);
                self.forget_hand();
                self.hand_no = Some(deal.hand_no);
                Ok(None)
            }
            Message::Play(question) => self.question(*question).map(Some),
            Message::Event(Event::Announced { who, said, total }) => {
                let heard = heard(said, total)?;
                // The agent's own announcement follows from its cards: only
                // the other player's words are news.
                if who == Who::Opp {
                    self.heard = Some((self.hand_no, heard));
                }
                Ok(None)
            }
            Message::Event(_) => Ok(None),
            Message::GameOver(_) => {
                self.forget_hand();
                Ok(None)
            }
        }
    }

    /// The observation a `play` question describes, checked to be a
    /// position the game could reach (the search assumes one).
    fn question(&mut self, q: Question) -> Result<Observation, String> {
        let held = distinct(&q.hand, "the hand")?;
        let legal = distinct(&q.legal, "the legal cards")?;
        let cards: Vec<Card> = q.pile.iter().map(|p| p.card).collect();
        let laid = distinct(&cards, "the pile")?;
        let laid_by = |who: Who| -> CardSet {
            q.pile
                .iter()
                .filter(|p| p.who == who)
                .map(|p| p.card)
                .collect()
        };
        let dealt = held | laid_by(Who::Me);
        three_card::apart(held, laid, q.turnup)?;
        if held.is_empty() || dealt.len() != 3 || laid_by(Who::Opp).len() > 3 {
            return Err(
                "each player is dealt three cards: \"hand\" and \"me\"'s cards in the pile \
                 make three, \"hand\" not empty"
                    .into(),
            );
        }
        let pile_count: u64 = cards.iter().map(|c| u64::from(c.pips())).sum();
        if pile_count > u64::from(LIMIT) || q.count != pile_count {
            return Err(format!(
                "\"count\" is {} but the pile counts {pile_count} (at most 31)",
                q.count
            ));
        }
        let count = pile_count as u8; // at most 31, checked above
        let fits = |c: &Card| c.pips() + count <= LIMIT;
        if !legal.is_subset(held) || !legal.iter().all(|c| fits(&c)) {
            return Err("\"legal\" must name cards of \"hand\" that fit under 31".into());
        }
        let actions: Vec<Action> = if legal.is_empty() {
            if held.iter().any(|c| fits(&c)) {
                return Err("\"legal\" is empty (go) but a card of \"hand\" fits".into());
            }
            vec![Action::Go]
        } else {
            legal.iter().map(Action::Play).collect()
        };
        let game = q.game.unwrap_or(self.game);
        if game != self.game || self.hand_no.is_some_and(|n| n != q.hand_no) {
            // Another hand than the last deal's: what was heard was not said
            // of these cards.
            self.game = game;
            self.forget_hand();
        }
        let (me, opp) = (self.seat, self.opp());
        let mut running = 0;
        let pile: Vec<Laid> = q
            .pile
            .iter()
            .map(|p| {
                running += p.card.pips();
                Laid {
                    seat: seat_of(me, p.who),
                    card: p.card,
                    count: running,
                }
            })
            .collect();
        let mine = score::announcement(&dealt.to_vec(), q.turnup).map_err(|e| e.to_string())?;
        let steps = mine.steps();
        let own = Heard {
            said: steps
                .iter()
                .map(|s| Said {
                    phrase: s.phrase.clone(),
                    points: s.points,
                    running: s.running,
                })
                .collect(),
            total: mine.total,
        };
        let theirs = self.heard.as_ref().map(|(_, h)| h.clone());
        let announcements = by_seat(me, Some(own), theirs);
        let held_counts = by_seat(
            me,
            held.len() as u8, // at most 3, checked above
            3 - laid_by(Who::Opp).len() as u8,
        );
        // The seat to act has not said go: a count only rises, so a player
        // who said it never lays a card or is asked again.
        let said_go = by_seat(me, false, q.opp_said_go);
        let pegs = three_card::pegs(q.scores, me, TARGET);
        Ok(Observation {
            seat: me,
            side: me,
            sides: (0..PLAYERS).collect(),
            rules: Rules::default(),
            board: Board {
                target: TARGET,
                play_limit: LIMIT,
            },
            phase: Phase::Play,
            to_act: Some(me),
            moves: actions.iter().map(Move::of).collect(),
            legal: actions,
            hand_number: three_card::hand_number(q.hand_no),
            dealer: if q.dealer { me } else { opp },
            shown: crate::table::in_game_holes(&pegs, TARGET),
            scores: pegs,
            hand: held,
            dealt,
            held_counts,
            turnup: Some(q.turnup),
            played: pile.clone(),
            pile,
            count,
            said_go,
            announcements,
            announcement: Some(steps),
            winner: None,
            results: Vec::new(),
        })
    }
}

/// An announcement as the table heard it. A phrase given as words alone
/// has its running total read from the number its words end on ("fifteen
/// two", "and a pair is four"), and adds nothing if they end on none.
fn heard(said: Vec<Phrase>, total: u64) -> Result<Heard, String> {
    let small = |n: u64, what: &str| {
        u8::try_from(n).map_err(|_| format!("{what} {n}: no announcement is worth that much"))
    };
    let total = small(total, "\"total\"")?;
    let mut running = 0u8;
    let said = said
        .into_iter()
        .map(|phrase| {
            let (phrase, points, now) = match phrase {
                Phrase::Words(phrase) => {
                    let now = number_at_end(&phrase).unwrap_or(running);
                    (phrase, now.saturating_sub(running), now)
                }
                Phrase::Said {
                    phrase,
                    points,
                    running,
                } => (
                    phrase,
                    small(points, "\"points\"")?,
                    small(running, "\"running\"")?,
                ),
            };
            running = now;
            Ok(Said {
                phrase,
                points,
                running: now,
            })
        })
        .collect::<Result<Vec<Said>, String>>()?;
    Ok(Heard { said, total })
}

/// The number a phrase ends on, in words ("four", "twenty-one"), as the
/// cadence says numbers (`count::show::words`), up to forty-nine: more than
/// any running total of an announcement.
fn number_at_end(phrase: &str) -> Option<u8> {
    let word = phrase.split_whitespace().last()?.to_ascii_lowercase();
    (0..50).find(|&n| crate::count::show::words(u32::from(n)) == word)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::State as _;
    use crate::games::noddy::{Event, Game};
    use serde_json::json;

    fn who(seat: usize) -> &'static str {
        if seat == 0 { "me" } else { "opp" }
    }

    /// The referee's information lines to seat 0 for these events.
    fn tell(game: &Game, events: &[Event], as_words: bool) -> Vec<String> {
        events
            .iter()
            .filter_map(|event| match event {
                Event::Deal { hand, dealer } => Some(json!({"type": "deal", "hand_no": hand,
                    "dealer": who(*dealer), "hand": game.dealt(0).to_vec(),
                    "turnup": game.turnup()})),
                Event::Announced { seat, said, total } => {
                    let said: Vec<serde_json::Value> = said
                        .iter()
                        .map(|s| {
                            if as_words {
                                json!(s.phrase)
                            } else {
                                json!({"phrase": s.phrase, "points": s.points,
                                    "running": s.running})
                            }
                        })
                        .collect();
                    Some(
                        json!({"type": "event", "what": "announced", "who": who(*seat),
                        "said": said, "total": total}),
                    )
                }
                _ => None,
            })
            .map(|v| v.to_string())
            .collect()
    }

    /// The `play` question to seat 0.
    fn question(game: &Game) -> String {
        let view = game.observation(0);
        let legal: Vec<Card> = view
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::Play(c) => Some(*c),
                Action::Go => None,
            })
            .collect();
        let pile: Vec<serde_json::Value> = view
            .pile
            .iter()
            .map(|l| json!({"who": who(l.seat), "card": l.card}))
            .collect();
        json!({"type": "play", "hand_no": view.hand_number, "hand": view.hand.to_vec(),
            "legal": legal, "pile": pile, "count": view.count, "turnup": view.turnup,
            "dealer": view.dealer == 0,
            "scores": {"me": view.scores[0].front, "opp": view.scores[1].front},
            "opp_said_go": view.said_go[1]})
        .to_string()
    }

    /// Over whole games, the observation the agent rebuilds from the
    /// protocol is the game's own, field for field (the rear pegs aside,
    /// which the protocol does not carry and no bot reads), whether the
    /// announcement comes as words or with its points.
    #[test]
    fn the_rebuilt_observation_is_the_games() {
        let mut compared = 0;
        for seed in 0..12 {
            let as_words = seed % 2 == 0;
            let mut game = Game::new(Rules::default(), seed);
            let mut agent = NoddyAgent::new(Level::Medium, 5);
            let hello = json!({"type": "new_game", "game": 1, "seat": 0, "first_dealer": "me"});
            assert_eq!(agent.handle(&hello.to_string()), Ok(None));
            for line in tell(&game, game.events(), as_words) {
                assert_eq!(agent.handle(&line), Ok(None), "{line}");
            }
            while let Some(seat) = game.current_player() {
                let view = game.observation(seat);
                if seat == 0 {
                    let mut rebuilt = agent.observe(&question(&game)).unwrap().unwrap();
                    rebuilt.scores = view.scores.clone();
                    assert_eq!(rebuilt, view, "seed {seed}");
                    compared += 1;
                }
                let action = noddy::decide(Level::Medium, &view, 3).unwrap();
                let events = game.apply(action).unwrap();
                for line in tell(&game, &events, as_words) {
                    assert_eq!(agent.handle(&line), Ok(None), "{line}");
                }
            }
        }
        assert!(compared > 100, "{compared}");
    }

    #[test]
    fn a_phrase_ends_on_its_running_total() {
        assert_eq!(number_at_end("fifteen two"), Some(2));
        assert_eq!(number_at_end("and a pair is twenty-one"), Some(21));
        assert_eq!(number_at_end("and a run of three is Nine"), Some(9));
        assert_eq!(number_at_end("a hitter"), None);
        assert_eq!(number_at_end(""), None);
    }
}
