//! Noddy's computer players. Noddy has no crib and no discard: the only
//! decisions are in its one series of play, so each level is a way of
//! choosing the card to lay.
//!
//! - **Easy** lays the card that scores most now, and a third of the time
//!   any card that fits, as a beginner does.
//! - **Medium** plays the rest of the series out against a dozen hands the
//!   other player might hold, given what they have laid and said go to,
//!   without listening to their announcement.
//! - **Hard** reads the other hand: of every hand the other player could
//!   hold, it keeps those whose announcement sounds exactly as the table
//!   heard it (a pair is a pair, "fifteen four" is two fifteens) and that
//!   fit what they have laid and said go to, plays the rest of the series
//!   out against a sample of them, and lays the card that does best on
//!   average, counting reaching 31 as the win it is.
//! - **Expert** plays as Hard. Playing against every possible hand rather
//!   than a sample of sixty won 50.2% of 2,000 duplicate games against
//!   Hard (`cribbage match --game noddy --a expert --b hard --games 2000`
//!   before the two were made one): a series of at most six cards leaves
//!   nothing more to find, so Noddy offers three levels.
//!
//! As everywhere, a bot sees only its seat's [`Observation`] and its seed.
//!
//! ```
//! use cribbage::ai::{Level, noddy};
//! use cribbage::games::noddy::{Game, Rules};
//! use cribbage::games::State as _;
//!
//! let mut game = Game::new(Rules::default(), 3);
//! while let Some(seat) = game.current_player() {
//!     let action = noddy::decide(Level::Hard, &game.observation(seat), 7)?;
//!     game.apply(action).unwrap();
//! }
//! assert!(game.winner().is_some());
//! # Ok::<(), cribbage::ai::DecideError>(())
//! ```

#[cfg(not(target_arch = "wasm32"))]
pub mod agent;
pub mod coach;
mod game;
#[cfg(not(target_arch = "wasm32"))]
mod tell;

use super::DecideError;
use super::Level;
use super::Worth;
use super::rng::{Hasher, Rng};
use crate::cards::{Card, CardSet};
use crate::games::noddy::score::{self, LIMIT};
use crate::games::noddy::{Action, Heard, Observation, TARGET};

/// How often Easy lays any card that fits.
const EASY_SLIP: f64 = 0.33;

/// How many of the other player's possible hands Medium plays out: it does
/// not listen to the announcement, only to the goes.
const MEDIUM_SAMPLES: usize = 12;

/// How many of the other player's possible hands Hard plays out.
const HARD_SAMPLES: usize = 60;

/// Hard's deadline, counted in work: how many of the other player's
/// possible hands whose announcement adds up to what was heard it may
/// compare phrase by phrase with what was heard (each comparison says the
/// whole count, the costly step), before it plays out the hands it has
/// found to fit. The hands are read in a seeded random order, so those
/// found are a uniform sample of those that fit, and the same observation
/// and seed find the same ones on any machine. Before this budget Hard
/// read every hand there was (some 2,000 to 4,000 on a first lay), and a
/// decision's slowest took 72 ms natively.
pub const HARD_READS: usize = 400;

/// What reaching 31 is worth against points when a level ranks its
/// cards: more than any series scores, so a win outweighs every point.
/// Only a ranking: the points a card is worth ([`Worth::points`]) count a
/// game won as the points that won it.
const WIN: i32 = 1_000;

/// The action a computer player of `level` takes in Noddy, from its seat's
/// observation and its own seed alone. Always one of `obs.legal`.
///
/// # Errors
/// [`DecideError`] when it is not the seat's turn or nothing is legal.
pub fn decide(level: Level, obs: &Observation, seed: u64) -> Result<Action, DecideError> {
    if obs.to_act != Some(obs.seat) {
        return Err(DecideError::NotYourTurn);
    }
    let Some(&first) = obs.legal.first() else {
        return Err(DecideError::NoLegalAction);
    };
    if obs.legal.len() == 1 {
        return Ok(first);
    }
    let mut rng = Rng::new(decision_seed(seed, level as u64, obs));
    if level == Level::Easy && rng.chance(EASY_SLIP) {
        return Ok(obs
            .legal
            .get(rng.below(obs.legal.len()))
            .copied()
            .unwrap_or(first));
    }
    let (weighed, _) = weighed(obs, level, &mut rng, false);
    let best = weighed.first().map(|(o, _)| Action::Play(o.card));
    Ok(best.filter(|a| obs.legal.contains(a)).unwrap_or(first))
}

/// Every card the seat may lay with its [`Worth`] as `level` reckons it,
/// ranked best first: what a bot chooses from and what the coach shows.
/// Ties go to the higher card, which keeps low cards for the end of the
/// series, where they fit. The points are worked out only when `points` is
/// asked for, and never change the rank or the samples drawn. With them,
/// how many of the other player's hands the level played the series out
/// against (none for Easy's points now).
pub(crate) fn weighed(
    obs: &Observation,
    level: Level,
    rng: &mut Rng,
    points: bool,
) -> (Vec<(Choice, Worth)>, usize) {
    let options = options(obs);
    let (worths, hands) = match level {
        Level::Easy | Level::Baseline => (points_now(obs, &options), 0),
        Level::Medium => search(obs, &options, MEDIUM_SAMPLES, false, rng, points),
        Level::Hard | Level::Expert | Level::ExpertV1 => {
            search(obs, &options, HARD_SAMPLES, true, rng, points)
        }
    };
    let mut valued: Vec<(Choice, Worth)> = options.into_iter().zip(worths).collect();
    // Best first; ties to the higher card.
    super::sort_short(&mut valued, |(a, va), (b, vb)| {
        va.rank
            .total_cmp(&vb.rank)
            .then(a.card.pips().cmp(&b.card.pips()))
            .then(a.card.index().cmp(&b.card.index()))
            .is_gt()
    });
    (valued, hands)
}

/// One card that may be laid, with what it scores as it is laid.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The card.
    pub card: Card,
    /// What it scores as it is laid.
    pub now: u8,
}

/// The cards this seat may lay, each with what it scores now.
pub fn options(obs: &Observation) -> Vec<Choice> {
    let mut pile = obs.pile_cards();
    let mut options = Vec::with_capacity(obs.legal.len());
    for action in &obs.legal {
        if let Action::Play(card) = *action {
            pile.push(card);
            let now = points(&pile);
            pile.pop();
            options.push(Choice { card, now });
        }
    }
    options
}

/// Each option's points now: Easy's values, and the fallback when no hand
/// fits what was heard. In points, a card that reaches 31 counts only what
/// the seat needed.
fn points_now(obs: &Observation, options: &[Choice]) -> Vec<Worth> {
    let need = TARGET.saturating_sub(obs.scores.get(obs.seat).map_or(0, |p| p.front));
    let mut values = Vec::with_capacity(options.len());
    for o in options {
        values.push(Worth {
            rank: f64::from(o.now),
            points: Some(f64::from(u16::from(o.now).min(need))),
        });
    }
    values
}

/// What the last card of `pile` scores.
fn points(pile: &[Card]) -> u8 {
    score::play_score(pile).map_or(0, |c| c.total)
}

/// The hands the other player may hold now: its unseen cards, which with
/// the cards it has laid this hand make a deal whose announcement sounds
/// as the table heard it, and none of which fits under 31 if it said go.
pub fn possible_hands(obs: &Observation) -> Vec<CardSet> {
    hands_that_fit(obs, true)
}

/// The other player's possible hands, with or without reading its
/// announcement.
fn hands_that_fit(obs: &Observation, listen: bool) -> Vec<CardSet> {
    let other = obs.opponent();
    let held = usize::from(obs.held_counts.get(other).copied().unwrap_or(0));
    let laid: CardSet = obs
        .pile
        .iter()
        .filter(|l| l.seat == other)
        .map(|l| l.card)
        .collect();
    let heard = obs
        .announcements
        .get(other)
        .and_then(Option::as_ref)
        .filter(|_| listen);
    let said_go = obs.said_go.get(other).copied().unwrap_or(false);
    let room = LIMIT.saturating_sub(obs.count);
    let unseen = obs.unseen();
    let turnup = obs.turnup;
    unseen
        .combinations(held)
        .filter(|hand| !said_go || hand.iter().all(|c| c.pips() > room))
        .filter(|&hand| match (heard, turnup) {
            (Some(heard), Some(turnup)) => sounds_as_heard(hand | laid, turnup, heard),
            _ => true,
        })
        .collect()
}

/// Whether a deal's announcement sounds as the table heard it: the quick
/// total first (most hands fail there), then the phrases.
fn sounds_as_heard(dealt: CardSet, turnup: Card, heard: &Heard) -> bool {
    adds_up_as_heard(dealt, turnup, heard) && says_as_heard(dealt, turnup, heard)
}

/// Whether a deal's announcement adds up to the total heard: the quick
/// test, which most hands fail.
fn adds_up_as_heard(dealt: CardSet, turnup: Card, heard: &Heard) -> bool {
    let cards = dealt.to_vec();
    let [a, b, c] = cards[..] else {
        return false;
    };
    score::announcement_total([a, b, c], turnup) == heard.total
}

/// Whether a deal's announcement is said phrase by phrase as heard: the
/// costly test (the whole count, said).
fn says_as_heard(dealt: CardSet, turnup: Card, heard: &Heard) -> bool {
    let cards = dealt.to_vec();
    score::announcement(&cards, turnup).is_ok_and(|count| {
        let steps = count.steps();
        steps.len() == heard.said.len()
            && steps
                .iter()
                .zip(&heard.said)
                .all(|(step, said)| step.phrase == said.phrase)
    })
}

/// Each option's mean worth over a sample of the other player's possible
/// hands, the rest of the series played out in full by both: once with
/// both playing for the rank (the bot's values), and, when `points` is
/// asked for, once more with both playing for the points (the coach's).
fn search(
    obs: &Observation,
    options: &[Choice],
    samples: usize,
    listen: bool,
    rng: &mut Rng,
    points: bool,
) -> (Vec<Worth>, usize) {
    let hands = match (listen, heard_from_other(obs)) {
        (true, Some((heard, turnup))) => read_hands(obs, heard, turnup, samples, rng),
        _ => {
            let mut hands = hands_that_fit(obs, listen);
            if hands.len() > samples {
                // A partial shuffle: the first `samples` are a uniform sample.
                for i in 0..samples {
                    let j = i + rng.below(hands.len() - i);
                    hands.swap(i, j);
                }
                hands.truncate(samples);
            }
            hands
        }
    };
    if hands.is_empty() {
        // Nothing fits what was heard (it cannot happen in a real game,
        // bar a budget spent before a fitting hand was found): fall back
        // on the points now.
        return (points_now(obs, options), 0);
    }
    let me = obs.seat;
    let pile = obs.pile_cards();
    let last = obs.pile.last().map(|l| l.seat);
    let scores = [
        obs.scores.first().map_or(0, |p| p.front),
        obs.scores.get(1).map_or(0, |p| p.front),
    ];
    let mean = |card: Card, in_points: bool| {
        let mut total = 0i64;
        for &theirs in &hands {
            let mut held = [CardSet::EMPTY; 2];
            held[me] = obs.hand;
            held[1 - me] = theirs;
            let mut series = Series {
                pile: pile.clone(),
                hands: held,
                said_go: [
                    obs.said_go.first().copied().unwrap_or(false),
                    obs.said_go.get(1).copied().unwrap_or(false),
                ],
                last,
                scores,
                in_points,
            };
            total += i64::from(series.lay(me, card, me));
        }
        total as f64 / hands.len() as f64
    };
    let mut values = Vec::with_capacity(options.len());
    for option in options {
        values.push(Worth {
            rank: mean(option.card, false),
            points: points.then(|| mean(option.card, true)),
        });
    }
    (values, hands.len())
}

/// The other player's announcement and the turn-up, once both are known.
fn heard_from_other(obs: &Observation) -> Option<(&Heard, Card)> {
    let heard = obs.announcements.get(obs.opponent())?.as_ref()?;
    Some((heard, obs.turnup?))
}

/// Up to `samples` of the other player's possible hands that sound as
/// heard, a uniform sample of them: the hands that fit what it laid and
/// said go to and whose announcement adds up to the total heard are read
/// in a seeded random order, each said phrase by phrase and kept if it
/// sounds as heard, until `samples` are kept or [`HARD_READS`] are said.
fn read_hands(
    obs: &Observation,
    heard: &Heard,
    turnup: Card,
    samples: usize,
    rng: &mut Rng,
) -> Vec<CardSet> {
    let other = obs.opponent();
    let held = usize::from(obs.held_counts.get(other).copied().unwrap_or(0));
    let laid: CardSet = obs
        .pile
        .iter()
        .filter(|l| l.seat == other)
        .map(|l| l.card)
        .collect();
    let said_go = obs.said_go.get(other).copied().unwrap_or(false);
    let room = LIMIT.saturating_sub(obs.count);
    let mut candidates: Vec<CardSet> = obs
        .unseen()
        .combinations(held)
        .filter(|hand| !said_go || hand.iter().all(|c| c.pips() > room))
        .filter(|&hand| adds_up_as_heard(hand | laid, turnup, heard))
        .collect();
    let mut kept = Vec::with_capacity(samples);
    // Each hand read is said once: the budget counts them.
    for i in 0..candidates.len().min(HARD_READS) {
        if kept.len() == samples {
            break;
        }
        let j = i + rng.below(candidates.len() - i);
        candidates.swap(i, j);
        if says_as_heard(candidates[i] | laid, turnup, heard) {
            kept.push(candidates[i]);
        }
    }
    kept
}

/// The rest of a series of play, with every hand known: what a sample
/// plays out.
#[derive(Debug, Clone)]
struct Series {
    pile: Vec<Card>,
    hands: [CardSet; 2],
    said_go: [bool; 2],
    last: Option<usize>,
    scores: [u16; 2],
    /// Valued in points ([`Worth::points`]) rather than the rank.
    in_points: bool,
}

impl Series {
    fn count(&self) -> u8 {
        self.pile.iter().map(|c| c.pips()).sum()
    }

    fn fitting(&self, seat: usize) -> CardSet {
        let room = LIMIT.saturating_sub(self.count());
        self.hands[seat]
            .iter()
            .filter(|c| c.pips() <= room)
            .collect()
    }

    /// Pegs points for `seat`: `Some(value)` for `me` if that reached 31:
    /// ±[`WIN`] for the rank, the points it took to reach the hole for the
    /// points.
    fn peg(&mut self, seat: usize, points: u8, me: usize) -> Option<i32> {
        let needed = TARGET.saturating_sub(self.scores[seat]);
        self.scores[seat] += u16::from(points);
        let sign = if seat == me { 1 } else { -1 };
        let end = if self.in_points {
            i32::from(needed)
        } else {
            WIN
        };
        (self.scores[seat] >= TARGET).then_some(sign * end)
    }

    /// `seat` lays `card`; the value for `me` of the series from here, both
    /// playing their best (`me` maximising, the other minimising) for the
    /// rank or for the points.
    fn lay(&mut self, seat: usize, card: Card, me: usize) -> i32 {
        self.hands[seat].remove(card);
        self.pile.push(card);
        self.last = Some(seat);
        let made = points(&self.pile);
        if let Some(end) = self.peg(seat, made, me) {
            return end;
        }
        let value = self.next(1 - seat, me);
        let sign = if seat == me { 1 } else { -1 };
        value + sign * i32::from(made)
    }

    /// The value for `me` with `seat` to act, as the engine settles turns:
    /// play if a card fits, say go if cards are held and it has not, else
    /// the turn passes; when neither can lay a card, one for go.
    fn next(&mut self, seat: usize, me: usize) -> i32 {
        let can = [!self.fitting(0).is_empty(), !self.fitting(1).is_empty()];
        if !can[0] && !can[1] {
            let count = self.count();
            return match self.last {
                Some(last) if count != LIMIT => {
                    if let Some(end) = self.peg(last, 1, me) {
                        return end;
                    }
                    if last == me { 1 } else { -1 }
                }
                _ => 0,
            };
        }
        if !can[seat] {
            if !self.hands[seat].is_empty() {
                self.said_go[seat] = true;
            }
            return self.next(1 - seat, me);
        }
        let mut best: Option<i32> = None;
        for card in self.fitting(seat).iter() {
            let mut child = self.clone();
            let value = child.lay(seat, card, me);
            best = Some(match best {
                None => value,
                Some(b) if seat == me => b.max(value),
                Some(b) => b.min(value),
            });
        }
        best.unwrap_or(0)
    }
}

/// The seed of one decision: the bot's seed, a salt, and the public facts
/// with the seat's own cards, so that the hidden cards cannot change it.
fn decision_seed(seed: u64, salt: u64, obs: &Observation) -> u64 {
    let mut h = Hasher::new();
    h.fold(seed);
    h.fold(salt);
    h.fold(obs.seat as u64);
    h.fold(u64::from(obs.hand_number));
    h.fold(obs.dealer as u64);
    for pegs in &obs.scores {
        h.fold(u64::from(pegs.front));
    }
    h.fold(obs.hand.bits());
    h.fold(obs.turnup.map_or(64, |c| u64::from(c.index())));
    for laid in &obs.pile {
        h.fold((laid.seat as u64) << 8 | u64::from(laid.card.index()));
    }
    h.0
}
