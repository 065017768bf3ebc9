//! `cribbage agent --game costly-colours`: one seat of two-player Costly
//! Colours over JSON lines (the protocol is in the `agent` usage text).
//!
//! Costly Colours asks three kinds of decision, one question each: `mog`
//! (agree to the mog or refuse it), `pass` (the card to pass when both
//! agreed) and `play` (the card to lay, an ace with its value, or go).
//! Each question carries all the seat may know at that moment — for the
//! play, every card laid this hand with who laid it, its value and the
//! count after it, and the mog as this seat saw it — so the agent keeps
//! nothing of a hand between lines, and a referee may ask at any point. The
//! seat's own dealt cards follow from the cards it holds and has laid, less
//! the card it received and with the card it passed, so the observation it
//! builds is the one the game itself gives: it decides as the bot in the
//! game would.

use crate::ai::agent::three_card::{self, Deal, GO, GameOver, NewGame, by_seat, seat_of};
use crate::ai::agent::{LinePlayer, Scores, Who, distinct, reply};
use crate::ai::{Level, costly_colours};
use crate::cards::{Card, CardSet, Rank};
use crate::games::costly_colours::score::{self, LIMIT};
use crate::games::costly_colours::{Action, Board, IllegalAction, Laid, MogView, MogWord};
use crate::games::costly_colours::{Move, Observation, Phase, Rules, Seat, TARGET};
use crate::games::stacked::PLAYERS;
use serde::{Deserialize, Serialize};

/// One line from the referee.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Message {
    NewGame(NewGame),
    Deal(Deal),
    Mog(MogQuestion),
    Pass(PassQuestion),
    Play(Box<PlayQuestion>),
    // Information: read so that a malformed line is reported, then dropped.
    Event(#[allow(dead_code)] Event),
    GameOver(#[allow(dead_code)] GameOver),
}

/// The `mog` question: whether to agree to the mog.
#[derive(Debug, Deserialize)]
struct MogQuestion {
    hand_no: u64,
    hand: Vec<Card>,
    turnup: Card,
    dealer: bool,
    scores: Scores,
    /// What the other player said: the dealer's opponent speaks first, so
    /// the dealer hears it and the opponent does not.
    opp_said: Option<MogWord>,
}

/// The `pass` question: both agreed to mog, and this seat passes a card.
#[derive(Debug, Deserialize)]
struct PassQuestion {
    hand_no: u64,
    hand: Vec<Card>,
    turnup: Card,
    dealer: bool,
    scores: Scores,
}

/// The `play` question: everything the seat may see at its turn.
#[derive(Debug, Deserialize)]
struct PlayQuestion {
    hand_no: u64,
    hand: Vec<Card>,
    legal: Vec<Card>,
    played: Vec<PlayedCard>,
    count: u64,
    turnup: Card,
    dealer: bool,
    scores: Scores,
    opp_said_go: bool,
    mog: MogSeen,
}

/// One card laid this hand: who laid it, at what value (an ace's must be
/// given; any other card's is its pips) and the count after it (which says
/// where each series began).
#[derive(Debug, Deserialize)]
struct PlayedCard {
    who: Who,
    card: Card,
    value: Option<u64>,
    count: u64,
}

/// The mog as this seat saw it: what each said and, when both said mog,
/// the card it passed and the card it received.
#[derive(Debug, Deserialize)]
struct MogSeen {
    me: MogWord,
    opp: MogWord,
    passed: Option<Card>,
    received: Option<Card>,
}

/// Information only: each question carries what the agent needs, so an
/// event is read (a malformed one is still reported) and dropped.
#[derive(Debug, Deserialize)]
#[serde(tag = "what", rename_all = "snake_case")]
enum Event {
    JackOrTwo {},
    Mog {},
    Passed {},
    Play {},
    Go {},
    Last {},
    Show {},
    HandOver {},
}

/// The answer to a `mog`: `{"mog":true}` to agree, `{"mog":false}` to refuse.
#[derive(Serialize)]
struct MogAnswer {
    mog: bool,
}

/// The answer to a `pass`: `{"card":"XX"}`.
#[derive(Serialize)]
struct PassAnswer {
    card: Card,
}

/// The answer to a `play` that lays a card: `{"card":"XX","value":v}`, the
/// value always given so that a referee reads every card alike.
#[derive(Serialize)]
struct LayAnswer {
    card: Card,
    value: u8,
}

/// One seat's player. Of a game it remembers only its seat: every question
/// carries the rest.
pub(crate) struct CostlyAgent {
    level: Level,
    seed: u64,
    seat: Seat,
}

impl LinePlayer for CostlyAgent {
    fn handle(&mut self, line: &str) -> Result<Option<String>, String> {
        let Some(obs) = self.observe(line)? else {
            return Ok(None);
        };
        match costly_colours::decide(self.level, &obs, self.seed).map_err(|e| e.to_string())? {
            Action::Mog => reply(&MogAnswer { mog: true }),
            Action::Refuse => reply(&MogAnswer { mog: false }),
            Action::Pass(card) => reply(&PassAnswer { card }),
            Action::Play { card, value } => reply(&LayAnswer { card, value }),
            Action::Go => reply(&GO),
        }
    }

    // Nothing of a hand is kept between lines, so nothing can be half updated.
    fn forget_hand(&mut self) {}
}

impl CostlyAgent {
    /// An agent of `level` whose own sampling is fixed by `seed`.
    pub(crate) fn new(level: Level, seed: u64) -> CostlyAgent {
        CostlyAgent {
            level,
            seed,
            seat: 0,
        }
    }

    fn opp(&self) -> Seat {
        1 - self.seat
    }

    /// Takes in one line: for a question, the observation to decide from.
    fn observe(&mut self, line: &str) -> Result<Option<Observation>, String> {
        let message: Message = serde_json::from_str(line).map_err(|e| format!("{e}"))?;
        match message {
            Message::NewGame(new_game) => {
                self.seat = new_game.seat("Costly Colours")?;
                Ok(None)
            }
            Message::Deal(deal) => deal.dealt().map(|_| None),
            Message::Mog(q) => self.mog(q).map(Some),
            Message::Pass(q) => self.pass(q).map(Some),
            Message::Play(q) => self.play(*q).map(Some),
            Message::Event(_) | Message::GameOver(_) => Ok(None),
        }
    }

    /// The observation of a `mog` question.
    fn mog(&self, q: MogQuestion) -> Result<Observation, String> {
        let hand = three_card::dealt(&q.hand, q.turnup)?;
        match (q.dealer, q.opp_said) {
            (true, None) => {
                return Err("the dealer speaks second: \"opp_said\" is what the other \
                     player said, \"mog\" or \"refuse\""
                    .into());
            }
            (false, Some(_)) => {
                return Err("the dealer's opponent speaks first: only the dealer's \
                     question has \"opp_said\""
                    .into());
            }
            _ => {}
        }
        let legal = vec![Action::Mog, Action::Refuse];
        let mut obs = self.observation(Phase::Mog, q.hand_no, q.dealer, q.scores, legal);
        obs.hand = hand;
        obs.dealt = hand;
        obs.turnup = Some(q.turnup);
        obs.mog.said = by_seat(self.seat, None, q.opp_said);
        Ok(obs)
    }

    /// The observation of a `pass` question.
    fn pass(&self, q: PassQuestion) -> Result<Observation, String> {
        let hand = three_card::dealt(&q.hand, q.turnup)?;
        let legal = hand.iter().map(Action::Pass).collect();
        let mut obs = self.observation(Phase::Pass, q.hand_no, q.dealer, q.scores, legal);
        obs.hand = hand;
        obs.dealt = hand;
        obs.turnup = Some(q.turnup);
        obs.mog.said = vec![Some(MogWord::Mog); 2];
        // The dealer's opponent passes first, and the card leaves their hand
        // at once; the dealer's arrives only when both have passed.
        obs.mog.has_passed = by_seat(self.seat, false, q.dealer);
        obs.held_counts = by_seat(self.seat, 3, if q.dealer { 2 } else { 3 });
        Ok(obs)
    }

    /// The observation of a `play` question, checked to be a position the
    /// game could reach (the search assumes one).
    fn play(&self, q: PlayQuestion) -> Result<Observation, String> {
        let (me, opp) = (self.seat, self.opp());
        let held = distinct(&q.hand, "the hand")?;
        let legal = distinct(&q.legal, "the legal cards")?;
        let cards: Vec<Card> = q.played.iter().map(|p| p.card).collect();
        three_card::apart(held, distinct(&cards, "\"played\"")?, q.turnup)?;
        let played = laid(&q.played, me)?;
        let laid_by = |seat: Seat| -> CardSet {
            played
                .iter()
                .filter(|l| l.seat == seat)
                .map(|l| l.card)
                .collect()
        };
        let mine = held | laid_by(me);
        if held.is_empty() || mine.len() != 3 || laid_by(opp).len() > 3 {
            return Err(
                "each player plays three cards: \"hand\" and \"me\"'s cards in \"played\" \
                 make three, \"hand\" not empty"
                    .into(),
            );
        }
        let (passed, received) = exchange(&q.mog, mine, q.turnup)?;
        let dealt = match (passed, received) {
            (Some(passed), Some(received)) => mine.without(received).with(passed),
            _ => mine,
        };
        // A new series is laid from 0: its first card's count is its value.
        let last = played.last().map_or(0, |l| l.count);
        let pile = if q.count == 0 {
            &[][..]
        } else if q.count == u64::from(last) {
            let from = played.iter().rposition(|l| l.count == l.value).unwrap_or(0);
            &played[from..]
        } else {
            return Err(format!(
                "\"count\" is {} but the last card laid made {last} (0 when a new series \
                 is to begin)",
                q.count
            ));
        };
        let count = pile.last().map_or(0, |l| l.count);
        let room = LIMIT - count;
        let fits = |card: Card| score::values(card).iter().any(|&v| v <= room);
        if !legal.is_subset(held) || !legal.iter().all(fits) {
            return Err("\"legal\" must name cards of \"hand\" that fit under 31".into());
        }
        let actions: Vec<Action> = if legal.is_empty() {
            if held.iter().any(fits) {
                return Err("\"legal\" is empty (go) but a card of \"hand\" fits".into());
            }
            vec![Action::Go]
        } else {
            // Each card at each value that fits, in the engine's order: the
            // bots break ties and slip by position in the list.
            legal
                .iter()
                .flat_map(|card| {
                    score::values(card)
                        .iter()
                        .filter(move |&&v| v <= room)
                        .map(move |&value| Action::Play { card, value })
                })
                .collect()
        };
        let mut obs = self.observation(Phase::Play, q.hand_no, q.dealer, q.scores, actions);
        obs.hand = held;
        obs.dealt = dealt;
        obs.held_counts = by_seat(
            me,
            held.len() as u8,             // at most 3, checked above
            3 - laid_by(opp).len() as u8, // at most 3, checked above
        );
        obs.turnup = Some(q.turnup);
        obs.mog = MogView {
            said: by_seat(me, Some(q.mog.me), Some(q.mog.opp)),
            has_passed: vec![passed.is_some(); 2],
            passed,
            received,
        };
        obs.pile = pile.to_vec();
        obs.played = played;
        obs.count = count;
        // The seat to act has not said go: a count only rises in a series,
        // so a player who said it is not asked again until the next.
        obs.said_go = by_seat(me, false, q.opp_said_go);
        Ok(obs)
    }

    /// An observation with the facts every question carries, at the start
    /// of a hand; the caller fills in the rest.
    fn observation(
        &self,
        phase: Phase,
        hand_no: u64,
        dealer: bool,
        scores: Scores,
        legal: Vec<Action>,
    ) -> Observation {
        let me = self.seat;
        let pegs = three_card::pegs(scores, me, TARGET);
        Observation {
            seat: me,
            side: me,
            sides: (0..PLAYERS).collect(),
            rules: Rules::default(),
            board: Board {
                target: TARGET,
                play_limit: LIMIT,
            },
            phase,
            to_act: Some(me),
            moves: legal.iter().map(Move::of).collect(),
            legal,
            hand_number: three_card::hand_number(hand_no),
            dealer: if dealer { me } else { self.opp() },
            shown: crate::table::in_game_holes(&pegs, TARGET),
            scores: pegs,
            hand: CardSet::EMPTY,
            dealt: CardSet::EMPTY,
            held_counts: vec![3, 3],
            turnup: None,
            mog: MogView {
                said: vec![None, None],
                has_passed: vec![false, false],
                passed: None,
                received: None,
            },
            played: Vec::new(),
            pile: Vec::new(),
            count: 0,
            said_go: vec![false, false],
            // The shows are over before the next question: a hand's last
            // decision is its last card laid.
            shows: Vec::new(),
            previous_shows: Vec::new(),
            winner: None,
            results: Vec::new(),
        }
    }
}

/// The cards laid this hand as the observation holds them, each value and
/// count checked: a card continues its series, or begins one at its value.
fn laid(played: &[PlayedCard], me: Seat) -> Result<Vec<Laid>, String> {
    let mut before = 0u8;
    played
        .iter()
        .map(|p| {
            let card = p.card;
            let value = match p.value {
                Some(v) => u8::try_from(v)
                    .ok()
                    .filter(|v| score::values(card).contains(v))
                    .ok_or_else(|| {
                        let value = u8::try_from(v).unwrap_or(u8::MAX);
                        IllegalAction::WrongValue { card, value }.to_string()
                    })?,
                None if card.rank() == Rank::Ace => {
                    return Err(format!(
                        "{card} in \"played\": an ace says its value, 1 or 11"
                    ));
                }
                None => card.pips(),
            };
            let count = u8::try_from(p.count)
                .ok()
                .filter(|&c| c <= LIMIT && (c == before + value || c == value))
                .ok_or_else(|| {
                    format!(
                        "{card} laid as {value} cannot make the count {} after {before}",
                        p.count
                    )
                })?;
            before = count;
            Ok(Laid {
                seat: seat_of(me, p.who),
                card,
                value,
                count,
            })
        })
        .collect()
}

/// The cards passed and received in the mog, checked against what was
/// said and this seat's three cards (`mine`, held or laid).
fn exchange(
    mog: &MogSeen,
    mine: CardSet,
    turnup: Card,
) -> Result<(Option<Card>, Option<Card>), String> {
    let both = mog.me == MogWord::Mog && mog.opp == MogWord::Mog;
    match (both, mog.passed, mog.received) {
        (false, None, None) => Ok((None, None)),
        (false, _, _) => Err(
            "no card is passed unless both say \"mog\": \"passed\" and \"received\" are \
             for an exchange"
                .into(),
        ),
        (true, Some(passed), Some(received)) => {
            if mine.contains(received) && !mine.contains(passed) && passed != turnup {
                Ok((Some(passed), Some(received)))
            } else {
                Err(
                    "the card received is one of this seat's three (held or laid); the card \
                     passed is not, nor the turn-up"
                        .into(),
                )
            }
        }
        (true, _, _) => {
            Err("both said \"mog\": \"passed\" and \"received\" name the cards exchanged".into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::State as _;
    use crate::games::costly_colours::Game;
    use serde_json::{Value, json};

    /// The question to seat `me`, as the game sees it.
    fn question(game: &Game, me: Seat) -> Value {
        let view = game.observation(me);
        let opp = 1 - me;
        let who = |seat: Seat| if seat == me { "me" } else { "opp" };
        let scores = json!({"me": view.scores[me].front, "opp": view.scores[opp].front});
        let dealer = view.dealer == me;
        match view.phase {
            Phase::Mog => json!({"type": "mog", "hand_no": view.hand_number,
                "hand": view.hand.to_vec(), "turnup": view.turnup, "dealer": dealer,
                "scores": scores, "opp_said": view.mog.said[opp]}),
            Phase::Pass => json!({"type": "pass", "hand_no": view.hand_number,
                "hand": view.hand.to_vec(), "turnup": view.turnup, "dealer": dealer,
                "scores": scores}),
            _ => {
                let mut legal: Vec<Card> = Vec::new();
                for action in &view.legal {
                    if let Action::Play { card, .. } = *action
                        && !legal.contains(&card)
                    {
                        legal.push(card);
                    }
                }
                let played: Vec<Value> = view
                    .played
                    .iter()
                    .map(|l| {
                        json!({"who": who(l.seat), "card": l.card, "value": l.value,
                        "count": l.count})
                    })
                    .collect();
                json!({"type": "play", "hand_no": view.hand_number,
                    "hand": view.hand.to_vec(), "legal": legal, "played": played,
                    "count": view.count, "turnup": view.turnup, "dealer": dealer,
                    "scores": scores, "opp_said_go": view.said_go[opp],
                    "mog": {"me": view.mog.said[me], "opp": view.mog.said[opp],
                        "passed": view.mog.passed, "received": view.mog.received}})
            }
        }
    }

    /// Over whole games, the observation the agent rebuilds from each
    /// question is the game's own, field for field (the rear pegs and the
    /// previous hand's shows aside: the protocol does not carry them and
    /// no bot reads them), the agent at either seat.
    #[test]
    fn the_rebuilt_observation_is_the_games() {
        let mut compared = [0; 3];
        for seed in 0..16 {
            let mut game = Game::new(Rules::default(), seed);
            let mut agent = CostlyAgent::new(Level::Medium, 5);
            let me = (seed % 2) as usize;
            let hello = json!({"type": "new_game", "game": 1, "seat": me, "first_dealer": "me"});
            assert_eq!(agent.handle(&hello.to_string()), Ok(None));
            while let Some(seat) = game.current_player() {
                let view = game.observation(seat);
                if seat == me {
                    let line = question(&game, me).to_string();
                    let mut rebuilt = agent.observe(&line).unwrap().unwrap();
                    rebuilt.scores = view.scores.clone();
                    rebuilt.previous_shows = view.previous_shows.clone();
                    assert_eq!(rebuilt, view, "seed {seed}: {line}");
                    compared[view.phase as usize] += 1;
                }
                // Medium's refusals and Easy's mogs, so both paths are seen.
                let level = if seat == me {
                    Level::Medium
                } else {
                    Level::Easy
                };
                let action = costly_colours::decide(level, &view, 3).unwrap();
                game.apply(action).unwrap();
            }
        }
        assert!(compared.iter().all(|&n| n > 20), "{compared:?}");
    }

    /// A bad question is refused with a reason, never answered.
    #[test]
    fn impossible_questions_are_refused() {
        let mut agent = CostlyAgent::new(Level::Hard, 0);
        let play = |played: Value, count: u64, mog: Value| {
            json!({"type": "play", "hand_no": 1, "hand": ["5H", "6D"], "legal": ["5H", "6D"],
                "played": played, "count": count, "turnup": "2C", "dealer": true,
                "scores": {"me": 0, "opp": 0}, "opp_said_go": false, "mog": mog})
            .to_string()
        };
        let refused = json!({"me": "refuse", "opp": "mog"});
        for (line, why) in [
            (
                play(
                    json!([{"who": "me", "card": "AH", "count": 1}]),
                    1,
                    refused.clone(),
                ),
                "an ace says its value",
            ),
            (
                play(
                    json!([{"who": "me", "card": "AH", "value": 5, "count": 5}]),
                    5,
                    refused.clone(),
                ),
                "AH is laid as 1 or 11, not 5",
            ),
            (
                play(
                    json!([{"who": "me", "card": "9H", "count": 12}]),
                    12,
                    refused.clone(),
                ),
                "cannot make the count 12",
            ),
            (
                play(
                    json!([{"who": "me", "card": "9H", "count": 9}]),
                    19,
                    refused.clone(),
                ),
                "\"count\" is 19",
            ),
            (
                play(
                    json!([{"who": "me", "card": "9H", "count": 9}]),
                    9,
                    json!({"me": "refuse", "opp": "mog", "passed": "KS"}),
                ),
                "no card is passed",
            ),
            (
                play(
                    json!([{"who": "me", "card": "9H", "count": 9}]),
                    9,
                    json!({"me": "mog", "opp": "mog", "passed": "KS", "received": "QS"}),
                ),
                "the card received is one of this seat's three",
            ),
        ] {
            let error = agent.handle(&line).unwrap_err();
            assert!(error.contains(why), "{line}: {error}");
        }
        let ok = play(
            json!([{"who": "me", "card": "AH", "value": 11, "count": 11},
                {"who": "opp", "card": "KH", "count": 21}]),
            21,
            json!({"me": "mog", "opp": "mog", "passed": "KS", "received": "AH"}),
        );
        let answer: Value = serde_json::from_str(&agent.handle(&ok).unwrap().unwrap()).unwrap();
        let laid = [
            json!({"card": "5H", "value": 5}),
            json!({"card": "6D", "value": 6}),
        ];
        assert!(laid.contains(&answer), "{answer}");
    }
}
