//! Standard and reverse cribbage's agent protocol: one seat of two-player
//! games to 121 over JSON lines (the protocol is in the `agent` usage text).
//!
//! The referee sends what the seat may know; the agent rebuilds an
//! [`Observation`] from it — its cards and throws, the starter, every card
//! played and by whom, what each go proves — and asks the same bot the game
//! uses. It answers a `discard` or a `play` message with exactly one line;
//! every other message is information and gets no answer.

use crate::ai::agent::{LinePlayer, Scores, Who, distinct, reply};
use crate::ai::{Level, decide};
use crate::cards::{Card, CardSet};
use crate::games::cribbage::Rules;
use crate::games::cribbage::{Action, Pegs, Phase};
use crate::games::cribbage::{Board, Observation, PlayRecord};
use serde::{Deserialize, Serialize};

/// One line from the referee.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Message {
    NewGame {
        game: u64,
        seat: u64,
        #[allow(dead_code)]
        first_dealer: Who,
    },
    Discard {
        game: u64,
        hand_no: u64,
        hand: Vec<Card>,
        dealer: bool,
        scores: Scores,
    },
    Play {
        game: u64,
        hand_no: u64,
        opp_said_go: bool,
        hand: Vec<Card>,
        legal: Vec<Card>,
        pile: Vec<Card>,
        count: u64,
        starter: Card,
        dealer: bool,
        scores: Scores,
    },
    Event(Event),
    GameOver {
        #[allow(dead_code)]
        scores: Scores,
        #[allow(dead_code)]
        winner: Who,
    },
}

#[derive(Debug, Deserialize)]
#[serde(tag = "what", rename_all = "snake_case")]
enum Event {
    Starter { card: Card },
    Play { who: Who, card: Card, count: u64 },
    Go { who: Who },
    Show {},
    HandOver {},
}

#[derive(Serialize)]
struct DiscardReply {
    discard: Vec<Card>,
}

#[derive(Serialize)]
struct PlayReply {
    card: Card,
}

/// What the agent remembers of the game and hand in progress.
pub(crate) struct Agent {
    level: Level,
    seed: u64,
    /// Standard or reverse cribbage, two players to 121 (`--game`).
    rules: Rules,
    seat: usize,
    /// The game and hand as the referee numbers them: any whole number.
    game: u64,
    /// The hand being played: its number, the seat's throws and kept cards,
    /// the starter, and every move of the play with its seat.
    hand_no: u64,
    laid_away: CardSet,
    kept: CardSet,
    starter: Option<Card>,
    plays: Vec<PlayRecord>,
    /// Where the current series starts in `plays`, and its count, by the events.
    series_start: usize,
    count: u8,
}

impl LinePlayer for Agent {
    fn handle(&mut self, line: &str) -> Result<Option<String>, String> {
        Agent::handle(self, line)
    }

    fn forget_hand(&mut self) {
        self.new_hand(0);
    }
}

impl Agent {
    pub(crate) fn new(level: Level, seed: u64, rules: Rules) -> Agent {
        Agent {
            level,
            seed,
            rules,
            seat: 0,
            game: 1,
            hand_no: 0,
            laid_away: CardSet::EMPTY,
            kept: CardSet::EMPTY,
            starter: None,
            plays: Vec::new(),
            series_start: 0,
            count: 0,
        }
    }

    fn opp(&self) -> usize {
        1 - self.seat
    }

    fn seat_of(&self, who: Who) -> usize {
        match who {
            Who::Me => self.seat,
            Who::Opp => self.opp(),
        }
    }

    /// Handles one line: the answer to send, if the message wants one.
    fn handle(&mut self, line: &str) -> Result<Option<String>, String> {
        let Some(obs) = self.observe(line)? else {
            return Ok(None);
        };
        match decide(self.level, &obs, self.seed).map_err(|e| e.to_string())? {
            Action::Discard(thrown) => {
                self.laid_away = thrown;
                self.kept = obs.hand - thrown;
                reply(&DiscardReply {
                    discard: thrown.to_vec(),
                })
            }
            Action::Play(card) => reply(&PlayReply { card }),
            other => Err(format!(
                "the bot chose {other}, which this protocol has no answer for"
            )),
        }
    }

    /// Takes in one line: for a question, the observation to decide from.
    fn observe(&mut self, line: &str) -> Result<Option<Observation>, String> {
        let message: Message = serde_json::from_str(line).map_err(|e| format!("{e}"))?;
        match message {
            Message::NewGame { game, seat, .. } => {
                let seat = match seat {
                    0 => 0,
                    1 => 1,
                    _ => return Err(format!("seat {seat}: a two-player game has seats 0 and 1")),
                };
                self.seat = seat;
                self.game = game;
                self.new_hand(0);
                Ok(None)
            }
            Message::Discard {
                game,
                hand_no,
                hand,
                dealer,
                scores,
            } => {
                let dealt = distinct(&hand, "the hand")?;
                if dealt.len() != 6 {
                    return Err(format!(
                        "a discard needs 6 cards in hand, not {}",
                        dealt.len()
                    ));
                }
                self.game = game;
                self.new_hand(hand_no);
                let mut obs = self.observation(dealer, scores, Phase::Discard);
                obs.hand = dealt;
                obs.held_counts = vec![6, 6];
                obs.set_legal(dealt.subsets_of_len(2).map(Action::Discard).collect());
                Ok(Some(obs))
            }
            Message::Play {
                game,
                hand_no,
                opp_said_go,
                hand,
                legal,
                pile,
                count,
                starter,
                dealer,
                scores,
            } => {
                let held = distinct(&hand, "the hand")?;
                let legal_cards = distinct(&legal, "the legal cards")?;
                if legal_cards.is_empty() || !legal_cards.is_subset(held) {
                    return Err("\"legal\" must name one or more cards of \"hand\"".into());
                }
                let laid = distinct(&pile, "the pile")?;
                let pile_count: u64 = pile.iter().map(|c| u64::from(c.pips())).sum();
                if pile_count > 31 || count != pile_count {
                    return Err(format!(
                        "\"count\" is {count} but the pile counts {pile_count} (at most 31)"
                    ));
                }
                // Checked here because the search assumes a possible position.
                if let Some(card) = legal_cards
                    .iter()
                    .find(|c| u64::from(c.pips()) + count > 31)
                {
                    return Err(format!(
                        "{card} is called legal but takes the count past 31"
                    ));
                }
                if !(held & laid).is_empty() || laid.contains(starter) || held.contains(starter) {
                    return Err("the hand, the pile and the starter must not share a card".into());
                }
                let count = count as u8; // at most 31, checked above
                if game != self.game || hand_no != self.hand_no || self.kept.is_empty() {
                    // Joined mid-hand: all we know is this message.
                    self.game = game;
                    self.new_hand(hand_no);
                }
                self.kept |= held;
                self.starter = Some(starter);
                if opp_said_go {
                    self.note_opp_go(&pile);
                }
                let mut obs = self.observation(dealer, scores, Phase::Play);
                obs.hand = held;
                obs.kept = self.kept;
                obs.laid_away = self.laid_away;
                obs.starter = Some(starter);
                obs.plays = self.plays.clone();
                let opp_played = obs.played_by(self.opp()).len();
                obs.held_counts = vec![0, 0];
                obs.held_counts[self.seat] = held.len() as u8;
                obs.held_counts[self.opp()] = 4u8.saturating_sub(opp_played as u8);
                obs.crib_size = 4;
                obs.has_laid_away = vec![true, true];
                obs.pile = pile.clone();
                obs.count = count;
                obs.said_go[self.opp()] = opp_said_go;
                obs.last_player = pile.last().and_then(|c| self.who_played(*c));
                obs.set_legal(legal_cards.iter().map(Action::Play).collect());
                Ok(Some(obs))
            }
            Message::Event(event) => {
                self.event(event)?;
                Ok(None)
            }
            Message::GameOver { .. } => {
                self.new_hand(0);
                Ok(None)
            }
        }
    }

    fn new_hand(&mut self, hand_no: u64) {
        self.hand_no = hand_no;
        self.laid_away = CardSet::EMPTY;
        self.kept = CardSet::EMPTY;
        self.starter = None;
        self.plays.clear();
        self.series_start = 0;
        self.count = 0;
    }

    /// An observation with the facts every message carries; the caller fills the rest.
    fn observation(&self, dealer: bool, scores: Scores, phase: Phase) -> Observation {
        let mut pegs = vec![Pegs::default(); 2];
        let score = |n: u64| u16::try_from(n).unwrap_or(u16::MAX);
        pegs[self.seat].front = score(scores.me);
        pegs[self.opp()].front = score(scores.opp);
        for p in &mut pegs {
            p.rear = p.front;
        }
        let rules = self.rules;
        let dealer = if dealer { self.seat } else { self.opp() };
        Observation {
            seat: self.seat,
            side: self.seat,
            sides: vec![0, 1],
            crib_side: dealer,
            rules,
            board: Board::of(&rules),
            phase,
            to_act: Some(self.seat),
            legal: Vec::new(),
            moves: Vec::new(),
            cuts: Vec::new(),
            // Past what the observation holds the number reads as its
            // largest: the bots use it only to vary their sampling.
            game: u8::try_from(self.game).unwrap_or(u8::MAX),
            hand_number: u16::try_from(self.hand_no).unwrap_or(u16::MAX),
            dealer,
            shown: crate::table::in_game_holes(&pegs, rules.target()),
            scores: pegs,
            games_won: vec![0, 0],
            hand: CardSet::EMPTY,
            kept: CardSet::EMPTY,
            laid_away: CardSet::EMPTY,
            held_counts: vec![0, 0],
            has_laid_away: vec![false, false],
            crib_size: 0,
            starter: None,
            plays: Vec::new(),
            pile: Vec::new(),
            count: 0,
            said_go: vec![false, false],
            last_player: None,
            showing: None,
            shows: Vec::new(),
            previous_shows: Vec::new(),
            results: Vec::new(),
            winner: None,
        }
    }

    fn who_played(&self, card: Card) -> Option<usize> {
        self.plays
            .iter()
            .rev()
            .find(|r| r.card == Some(card))
            .map(|r| r.seat)
    }

    /// Cards the seat still holds, by the events.
    fn holding(&self, seat: usize) -> usize {
        let played = self
            .plays
            .iter()
            .filter(|r| r.seat == seat && r.card.is_some())
            .count();
        4usize.saturating_sub(played)
    }

    fn event(&mut self, event: Event) -> Result<(), String> {
        match event {
            Event::Starter { card } => self.starter = Some(card),
            Event::Play { who, card, count } => {
                if count > 31 || count < u64::from(card.pips()) {
                    return Err(format!("{card} cannot make the count {count}"));
                }
                if self.who_played(card).is_some() {
                    return Err(format!("{card} was already played this hand"));
                }
                let count = count as u8; // at most 31, checked above
                let seat = self.seat_of(who);
                if self.holding(seat) == 0 {
                    let who = if who == Who::Me { "me" } else { "opp" };
                    return Err(format!("\"{who}\" has played four cards already this hand"));
                }
                if count <= card.pips() {
                    // The count had been reset: this card leads a new series.
                    self.series_start = self.plays.len();
                }
                // Two cards running from the opponent in one series: in
                // between, this seat (holding cards) could not play and said go.
                let series = &self.plays[self.series_start..];
                if who == Who::Opp
                    && series
                        .last()
                        .is_some_and(|r| r.seat == seat && r.card.is_some())
                    && self.holding(self.seat) > 0
                    && !self.said_go_in_series(self.seat)
                {
                    self.plays.push(PlayRecord {
                        seat: self.seat,
                        card: None,
                        count: self.count,
                    });
                }
                self.plays.push(PlayRecord {
                    seat,
                    card: Some(card),
                    count,
                });
                self.count = count;
                if count >= 31 {
                    self.series_start = self.plays.len();
                    self.count = 0;
                }
            }
            Event::Go { who } => {
                // One for last: whoever still held cards said go, the other
                // side first, at the count the series ended on.
                let last = self.seat_of(who);
                for seat in [1 - last, last] {
                    if self.holding(seat) > 0 && !self.said_go_in_series(seat) {
                        self.plays.push(PlayRecord {
                            seat,
                            card: None,
                            count: self.count,
                        });
                    }
                }
                self.series_start = self.plays.len();
                self.count = 0;
            }
            Event::Show {} => {}
            Event::HandOver {} => {
                self.kept = CardSet::EMPTY;
            }
        }
        Ok(())
    }

    fn said_go_in_series(&self, seat: usize) -> bool {
        self.plays[self.series_start..]
            .iter()
            .any(|r| r.seat == seat && r.card.is_none())
    }

    /// The opponent said go in this series: it did so just after the first
    /// card this seat laid on the opponent's last card (or on the lead).
    fn note_opp_go(&mut self, pile: &[Card]) {
        let opp = self.opp();
        if pile.is_empty() || self.said_go_in_series(opp) {
            return;
        }
        let last_opp = pile.iter().rposition(|c| self.who_played(*c) == Some(opp));
        let upto = last_opp.map_or(0, |i| i + 1).min(pile.len() - 1);
        let count: u8 = pile[..=upto].iter().map(|c| c.pips()).sum();
        // Recorded where it happened: after that card.
        let at = self
            .plays
            .iter()
            .rposition(|r| r.card == Some(pile[upto]))
            .map_or(self.plays.len(), |i| i + 1);
        self.plays.insert(
            at,
            PlayRecord {
                seat: opp,
                card: None,
                count,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Bot, Player};
    use crate::games::State as _;
    use crate::games::cribbage::{Event, Game, Reason};

    /// The referee's messages to seat 0 for these events.
    fn messages(game: &Game, events: &[Event]) -> Vec<String> {
        let who = |seat: usize| if seat == 0 { "me" } else { "opp" };
        events
            .iter()
            .filter_map(|event| match event {
                Event::Starter { card, .. } => Some(format!(
                    r#"{{"type":"event","what":"starter","card":"{card}","heels":0,"to":"{}"}}"#,
                    who(game.dealer())
                )),
                Event::Played { seat, card, count } => Some(format!(
                    r#"{{"type":"event","what":"play","who":"{}","card":"{card}","count":{count},"points":0}}"#,
                    who(*seat)
                )),
                Event::Pegged(p) if matches!(p.reason, Reason::Last { .. }) => Some(format!(
                    r#"{{"type":"event","what":"go","who":"{}","points":1}}"#,
                    who(p.seat)
                )),
                Event::HandOver { .. } => {
                    Some(r#"{"type":"event","what":"hand_over","scores":{"me":0,"opp":0}}"#.into())
                }
                _ => None,
            })
            .collect()
    }

    /// The question to seat 0, if it has a real one.
    fn question(game: &Game) -> Option<String> {
        let view = game.observation(0);
        let list = |cards: Vec<Card>| {
            let texts: Vec<String> = cards.iter().map(|c| format!("\"{c}\"")).collect();
            texts.join(",")
        };
        let scores = format!(
            r#"{{"me":{},"opp":{}}}"#,
            view.scores[0].front, view.scores[1].front
        );
        let dealer = view.dealer == 0;
        match view.phase {
            Phase::Discard => Some(format!(
                r#"{{"type":"discard","game":1,"hand_no":{},"hand":[{}],"dealer":{dealer},"scores":{scores}}}"#,
                view.hand_number,
                list(view.hand.to_vec())
            )),
            Phase::Play if view.legal != [Action::Go] => {
                let legal = view
                    .legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Play(c) => Some(*c),
                        _ => None,
                    })
                    .collect();
                Some(format!(
                    r#"{{"type":"play","game":1,"hand_no":{},"opp_said_go":{},"hand":[{}],"legal":[{}],"pile":[{}],"count":{},"starter":"{}","dealer":{dealer},"scores":{scores}}}"#,
                    view.hand_number,
                    view.said_go[1],
                    list(view.hand.to_vec()),
                    list(legal),
                    list(view.pile.clone()),
                    view.count,
                    view.starter.unwrap()
                ))
            }
            _ => None,
        }
    }

    /// Over whole games, the observation the agent rebuilds from the
    /// protocol matches the game's own on everything a bot reads — the
    /// play's record with every go where it happened included — so it decides
    /// as the bot in the game would.
    #[test]
    fn the_rebuilt_observation_matches_the_game() {
        let mut compared = 0;
        // Standard cribbage, then reverse (the agent's `--game reverse`).
        for seed in 0..9 {
            let rules = if seed < 6 {
                Rules::default()
            } else {
                Rules::default().reverse()
            };
            let mut game = Game::new(rules, seed);
            let mut agent = Agent::new(Level::Medium, 7, rules);
            let mut other = Bot {
                level: Level::Medium,
                seed: 1,
            };
            agent
                .handle(r#"{"type":"new_game","game":1,"seat":0,"first_dealer":"me"}"#)
                .unwrap();
            while let Some(seat) = game.current_player() {
                let action = if seat == 1 {
                    other.decide(&game.observation(1)).unwrap()
                } else if let Some(line) = question(&game) {
                    let real = game.observation(0);
                    let mut rebuilt = agent.observe(&line).unwrap().unwrap();
                    if real.phase == Phase::Play {
                        assert_eq!(rebuilt.plays, real.plays, "seed {seed}");
                        assert_eq!(
                            (rebuilt.held_counts.clone(), rebuilt.kept, rebuilt.laid_away),
                            (real.held_counts.clone(), real.kept, real.laid_away)
                        );
                        assert_eq!(
                            (
                                rebuilt.said_go.clone(),
                                rebuilt.last_player,
                                rebuilt.unseen()
                            ),
                            (real.said_go.clone(), real.last_player, real.unseen())
                        );
                        // So the agent decides exactly as the bot in the game would
                        // (checked on a few games: Expert takes milliseconds).
                        assert!(
                            !(seed < 2 || seed == 6)
                                || decide(Level::Expert, &rebuilt, 3)
                                    == decide(Level::Expert, &real, 3)
                        );
                        compared += 1;
                    }
                    assert_eq!((rebuilt.hand, rebuilt.dealer), (real.hand, real.dealer));
                    assert_eq!(rebuilt.rules, real.rules, "seed {seed}");
                    rebuilt.scores = real.scores.clone();
                    let action = decide(Level::Medium, &rebuilt, 7).unwrap();
                    if let Action::Discard(thrown) = action {
                        agent.laid_away = thrown;
                        agent.kept = rebuilt.hand - thrown;
                    }
                    action
                } else {
                    Action::Go
                };
                let events = game.apply(action).unwrap();
                for line in messages(&game, &events) {
                    assert_eq!(agent.handle(&line).unwrap(), None);
                }
            }
        }
        assert!(compared > 100, "{compared}");
    }
}
