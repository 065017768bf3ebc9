//! Costly Colours' computer players. Each hand asks three kinds of
//! decision: whether to mog and which card to pass, and the play (an ace's
//! value with the card). The show counts itself.
//!
//! - **Easy** keeps a hand that already scores 8 or more with the turn-up
//!   (it refuses the mog) and mogs any other; it passes the card its own
//!   show misses least, over every card it might receive, counting what a
//!   passed jack or two pegs; and lays the card that scores most now, a
//!   third of the time any card that fits, as a beginner does.
//! - **Medium** weighs the mog by its own show: the points a passed jack or
//!   two pegs plus what the two kept score with a card received, averaged
//!   over every card it has not seen, against what its three cards score.
//!   The card received is one the other player chose to part with, and the
//!   one passed helps them, so that average flatters the exchange: Medium
//!   mogs only when it gains 2 or more. In the play it plays the rest of
//!   the hand out (the series with their resets, both sides choosing their
//!   aces' values) against three hands the other player might hold, without
//!   reading their goes.
//! - **Hard** weighs the mog for both players: against a sample of the
//!   hands the other player may have been dealt, each passing the card a
//!   sensible player would and keeping a hand of 8 or more, its passing
//!   points and show gained less theirs (the card it gives them counts for
//!   them in all but jack-or-two points); speaking first, it counts the
//!   point a refusal would peg it. In the play it plays the rest of the
//!   hand out against a sample of the hands the other player may hold now,
//!   consistent with every card laid, every go (a go, or a series ended
//!   short of 31, says none of their cards fitted) and the card it passed
//!   them, and lays the card that does best on average, counting reaching
//!   121, in the play or in the show after it, as the win it is.
//! - **Expert** plays as Hard: the play has at most six cards left, and
//!   playing out 300 hands rather than 80 won no more often against Medium
//!   (57.2% against 57.6% of 4,000 duplicate games).
//!
//! The ladder, over 4,000 duplicate games each
//! (`cribbage match --game costly-colours --a medium --b easy --games 4000`,
//! seeds 1 and 2): Medium beats Easy 61.5% and 61.4%, Hard beats Medium
//! 57.6% and 58.3%. Medium playing out six hands rather than three lost
//! only 55.4% to Hard, but beat Easy 63.6%: three keeps both steps in
//! range.
//!
//! As everywhere, a bot sees only its seat's [`Observation`] and its seed.
//! The coach ([`coach`]) shows every option of every decision valued as a
//! level values it, and reviews a game decision by decision.
//!
//! ```
//! use cribbage::ai::{Level, costly_colours};
//! use cribbage::games::costly_colours::{Game, Rules};
//! use cribbage::games::State as _;
//!
//! let mut game = Game::new(Rules::default(), 3);
//! while let Some(seat) = game.current_player() {
//!     let action = costly_colours::decide(Level::Hard, &game.observation(seat), 7)?;
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
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::count::{run_at_end, same_rank_at_end};
use crate::games::costly_colours::score::{self, LIMIT, of_a_rank};
use crate::games::costly_colours::{Action, MogWord, Observation, Phase, TARGET};

/// How often Easy lays any card that fits.
const EASY_SLIP: f64 = 0.33;

/// What a show must score for Easy to keep it rather than mog; Hard
/// expects as much of the other player.
const KEEPS_AT: u8 = 8;

/// How much Medium's average must promise before it mogs: a uniform card
/// received flatters the exchange. Measured with Medium playing out six
/// hands, over 4,000 duplicate games against Hard: a margin of 2 lost
/// 55.4%, -1 (the point a refusal costs, and no more) 58.8%, 4 62.2%.
const MEDIUM_MARGIN: f64 = 2.0;

/// How many hands the other player might hold Medium plays out.
const MEDIUM_SAMPLES: usize = 3;

/// How many hands the other player may have been dealt Hard weighs the
/// mog against.
const HARD_MOG_SAMPLES: usize = 120;

/// How many of the other player's possible hands Hard plays out.
const HARD_PLAY_SAMPLES: usize = 80;

/// What reaching 121 is worth against points: more than any hand scores.
const WIN: i32 = 1_000;

/// The action a computer player of `level` takes in Costly Colours, from
/// its seat's observation and its own seed alone. Always one of
/// `obs.legal`.
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
    // The best option as the coach shows it (`coach.rs` values them the
    // same way, from the same seed), so the level's choice and the coach's
    // best are one.
    let choice = match obs.phase {
        Phase::Mog => Some(weigh_mog(level, obs, &mut rng).options[0].0),
        Phase::Pass => weigh_pass(level, obs, &mut rng)
            .first()
            .map(|&(card, _)| Action::Pass(card)),
        // Easy's slips are in the play only: a card passed or a mog
        // refused at random costs far more than a beginner gives away.
        Phase::Play if level == Level::Easy && rng.chance(EASY_SLIP) => {
            obs.legal.get(rng.below(obs.legal.len())).copied()
        }
        Phase::Play => weigh_lays(level, obs, &mut rng, false)
            .first()
            .map(|(lay, _)| lay.action()),
        Phase::Over => None,
    };
    // Every choice is made from the legal options; the check keeps a
    // mistake in that reasoning from ever reaching the game.
    Ok(choice.filter(|a| obs.legal.contains(a)).unwrap_or(first))
}

// ---------------------------------------------------------------------------
// Counting, quickly: the levels count thousands of shows and play scores a
// decision, so these count without building the combinations' lists.

/// What `held` (three cards, or fewer for a partial estimate) scores in the
/// show with `turnup`, `received` being the card received in the mog (no
/// jack-or-two points for it). For three cards it is exactly
/// [`score::show`]'s total (a unit test proves it on many hands).
pub fn show_points(held: CardSet, turnup: Card, received: Option<Card>) -> u8 {
    // The held cards, then the turn-up: the slot after the last held card
    // already holds it.
    let mut cards = [turnup; 4];
    let mut n = 1;
    for (slot, card) in cards.iter_mut().zip(held.iter().take(3)) {
        *slot = card;
        n += 1;
    }
    let cards = &cards[..n];
    let mut total = 0u8;
    // Fifteen, twenty-five, thirty-one: each set of two or more cards once,
    // at the highest it can make. A set's sums are its pips with each ace
    // adding 10 or not.
    for mask in 1u32..(1 << n) {
        let len = mask.count_ones() as u8;
        if len < 2 {
            continue;
        }
        let (mut low, mut aces) = (0u8, 0u8);
        for (i, card) in cards.iter().enumerate() {
            if mask >> i & 1 == 1 {
                low += card.pips();
                aces += u8::from(card.rank() == Rank::Ace);
            }
        }
        let makes = |target: u8| {
            target >= low && (target - low).is_multiple_of(10) && (target - low) / 10 <= aces
        };
        if makes(31) || makes(25) || makes(15) {
            total += len;
        }
    }
    for card in held.iter() {
        if Some(card) != received {
            total += passing_points(card, turnup);
        }
    }
    for (i, card) in cards.iter().enumerate() {
        // Each rank once, at its first card.
        if cards[..i].iter().all(|c| c.rank() != card.rank()) {
            let same = cards.iter().filter(|c| c.rank() == card.rank()).count();
            total += of_a_rank(same);
        }
    }
    total + score::colours(cards).map_or(0, |(_, points)| points)
}

/// What a jack or a two scores for the one who holds it in the show, or
/// passes it in the mog: 4 of the turn-up's suit, else 2. Any other card
/// nothing.
pub fn passing_points(card: Card, turnup: Card) -> u8 {
    match card.rank() {
        Rank::Jack | Rank::Two if card.suit() == turnup.suit() => 4,
        Rank::Jack | Rank::Two => 2,
        _ => 0,
    }
}

/// The cards of a series, with its count: what the play scores from.
#[derive(Debug, Clone, Copy)]
struct Pile {
    cards: [Card; 8],
    len: usize,
    count: u8,
}

/// A card to fill the pile's unused places (never read).
const FILLER: Card = Card::new(Rank::Ace, Suit::Clubs);

impl Pile {
    fn of(cards: impl IntoIterator<Item = Card>, count: u8) -> Pile {
        let mut pile = Pile {
            cards: [FILLER; 8],
            len: 0,
            count,
        };
        for card in cards {
            if pile.len < pile.cards.len() {
                pile.cards[pile.len] = card;
                pile.len += 1;
            }
        }
        pile
    }

    /// What `card` laid at `value` would score, the pile left as it is.
    fn after(mut self, card: Card, value: u8) -> u8 {
        self.lay(card, value)
    }

    fn cards(&self) -> &[Card] {
        &self.cards[..self.len]
    }

    /// Lays `card` at `value` and returns what it scores: 15, 25 and 31 one
    /// a card of the series, pairs, sequences (ace low).
    fn lay(&mut self, card: Card, value: u8) -> u8 {
        if self.len < self.cards.len() {
            self.cards[self.len] = card;
            self.len += 1;
        }
        self.count = self.count.saturating_add(value);
        let mut points = 0;
        if matches!(self.count, 15 | 25 | 31) {
            points += self.len as u8;
        }
        points += of_a_rank(same_rank_at_end(self.cards()));
        let run = run_at_end(self.cards());
        if run >= 3 {
            points += run as u8;
        }
        points
    }

    fn room(&self) -> u8 {
        LIMIT.saturating_sub(self.count)
    }
}

/// The values `card` may be laid at with `room` left under 31.
fn fitting_values(card: Card, room: u8) -> impl Iterator<Item = u8> {
    score::values(card)
        .iter()
        .copied()
        .filter(move |&v| v <= room)
}

/// A card's least value: an ace 1.
fn least_value(card: Card) -> u8 {
    card.pips()
}

// ---------------------------------------------------------------------------
// The mog.

/// Both answers to the mog as a level weighs them, best first.
struct MogWeighed {
    /// Mog and refuse with their worth, the level's answer first (its
    /// rank is never the lower).
    options: [(Action, Worth); 2],
    /// The card the level would pass if both mog; `None` when nothing
    /// will be exchanged.
    passes: Option<Card>,
}

/// Whether to mog, each answer ranked in the level's own units:
///
/// - Easy: a refusal is the show kept; a mog the [`KEEPS_AT`] it hopes an
///   exchange brings (it refuses on a tie);
/// - Medium: a refusal is the show kept; a mog its mean show after the
///   exchange less [`MEDIUM_MARGIN`] (it mogs on a tie);
/// - Hard: a mog is the net gain it expects of the exchange for both
///   players; a refusal −1, the point it gives away (it mogs on a tie).
///
/// A refusal that hands the other player the game is ranked −[`WIN`];
/// after the other player has refused, a mog changes nothing and a
/// refusal still costs its point.
///
/// In points (see [`exchange_points`]), each answer is what it changes
/// this hand against both keeping their cards with nothing pegged: Easy
/// and Medium count their own hand and the point a refusal gives away,
/// Hard both hands, over the same samples it ranks by.
fn weigh_mog(level: Level, obs: &Observation, rng: &mut Rng) -> MogWeighed {
    let other = obs.opponent();
    let other_said = obs.mog.said.get(other).copied().flatten();
    let other_score = obs.scores.get(other).map_or(0, |p| p.front);
    let keep = keep_value(obs);
    let worth = |rank: f64, points: f64| Worth {
        rank,
        points: Some(points),
    };
    if other_said == Some(MogWord::Refuse) {
        let kept = match level {
            Level::Hard | Level::Expert | Level::ExpertV1 => 0.0,
            Level::Easy | Level::Baseline | Level::Medium => keep,
        };
        // Either way no card changes hands: a mog pegs this seat the
        // point, a refusal pegs each player one.
        return MogWeighed {
            options: [
                (Action::Mog, worth(kept, 1.0)),
                (Action::Refuse, worth(kept - 1.0, 0.0)),
            ],
            passes: None,
        };
    }
    let (passes, mog, refuse, refuses, points) = match level {
        Level::Easy | Level::Baseline => {
            let passes = best(&own_exchange_values(obs)).map(|(card, _)| card);
            let hoped = f64::from(KEEPS_AT);
            (
                passes,
                hoped,
                keep,
                keep >= hoped,
                own_mog_points(obs, passes),
            )
        }
        Level::Medium => match best(&own_exchange_values(obs)) {
            Some((card, mean)) => {
                let mog = mean - MEDIUM_MARGIN;
                let points = own_mog_points(obs, Some(card));
                (Some(card), mog, keep, mog < keep, points)
            }
            None => (None, keep, keep, false, own_mog_points(obs, None)),
        },
        Level::Hard | Level::Expert | Level::ExpertV1 => {
            let (passes, expected, points) = hard_expects(obs, rng);
            (passes, expected, -1.0, expected < -1.0, points)
        }
    };
    // A refusal that hands the other player the game is never made.
    let (refuse, refuses) = if other_score + 1 >= TARGET {
        (-f64::from(WIN), false)
    } else {
        (refuse, refuses)
    };
    let (mog_points, refuse_points) = points;
    let (mog, refuse) = (
        (Action::Mog, worth(mog, mog_points)),
        (Action::Refuse, worth(refuse, refuse_points)),
    );
    let options = if refuses {
        [refuse, mog]
    } else {
        [mog, refuse]
    };
    MogWeighed { options, passes }
}

/// Easy's and Medium's mog and refusal in points: their own hand after
/// passing `passes` (see [`own_exchange_points`]; no card, no change),
/// against the point a refusal gives the other player.
fn own_mog_points(obs: &Observation, passes: Option<Card>) -> (f64, f64) {
    let mog = passes.and_then(|card| {
        own_exchange_points(obs)
            .into_iter()
            .find(|&(c, _)| c == card)
            .map(|(_, points)| points)
    });
    (mog.unwrap_or(0.0), -1.0)
}

/// Every card the seat may pass with the worth `level` gives it, ranked
/// best first, ties to the lower card (the one a hand misses least). Easy
/// and Medium rank by its passing points and the mean show of the two kept
/// with a card received; Hard by the net gain of the exchange for both
/// players. In points ([`exchange_points`]): Easy and Medium their own
/// hand's gain, Hard both hands'.
fn weigh_pass(level: Level, obs: &Observation, rng: &mut Rng) -> Vec<(Card, Worth)> {
    let mut values = match level {
        Level::Easy | Level::Baseline | Level::Medium => {
            let points = own_exchange_points(obs);
            let mut values = Vec::with_capacity(points.len());
            for ((card, rank), (_, points)) in own_exchange_values(obs).into_iter().zip(points) {
                values.push((
                    card,
                    Worth {
                        rank,
                        points: Some(points),
                    },
                ));
            }
            values
        }
        Level::Hard | Level::Expert | Level::ExpertV1 => Exchange::of(obs, rng)
            .map(|e| e.worths(obs))
            .unwrap_or_default(),
    };
    // Best first; ties to the lower card.
    super::sort_short(&mut values, |(a, va), (b, vb)| {
        va.rank
            .total_cmp(&vb.rank)
            .then(b.index().cmp(&a.index()))
            .is_gt()
    });
    values
}

/// The highest value; ties to the lower card, the one a hand misses least.
fn best(values: &[(Card, f64)]) -> Option<(Card, f64)> {
    values
        .iter()
        .copied()
        .max_by(|(a, va), (b, vb)| va.total_cmp(vb).then(b.index().cmp(&a.index())))
}

/// The show of the three cards held, kept as they are.
fn keep_value(obs: &Observation) -> f64 {
    obs.turnup
        .map_or(0.0, |t| f64::from(show_points(obs.hand, t, None)))
}

/// Easy's and Medium's figure for passing each card: its passing points,
/// and the mean show of the two kept with each card not seen (the one
/// received, which scores no jack-or-two points for its receiver).
fn own_exchange_values(obs: &Observation) -> Vec<(Card, f64)> {
    let Some(turnup) = obs.turnup else {
        return Vec::new();
    };
    let unseen = obs.unseen();
    let n = unseen.len().max(1) as f64;
    obs.hand
        .iter()
        .map(|card| {
            let kept = obs.hand.without(card);
            let shows: u32 = unseen
                .iter()
                .map(|r| u32::from(show_points(kept.with(r), turnup, Some(r))))
                .sum();
            (
                card,
                f64::from(passing_points(card, turnup)) + f64::from(shows) / n,
            )
        })
        .collect()
}

/// The points the seat still needs to reach the game hole, then the other
/// player's.
fn needs(obs: &Observation) -> [u16; 2] {
    let need = |seat: usize| TARGET.saturating_sub(obs.scores.get(seat).map_or(0, |p| p.front));
    [need(obs.seat), need(obs.opponent())]
}

/// Points counted up to the game hole: `points` for a side that needs
/// `need`.
fn to_hole(points: u8, need: u16) -> i32 {
    i32::from(u16::from(points).min(need))
}

/// Easy's and Medium's exchange in points, for each card the seat may
/// pass: what passing it pegs plus the show of the two kept with a card
/// received (the mean over every card not seen), counted up to the game
/// hole, less the show of the three held counted the same way. Their own
/// hand only: these levels do not weigh the other's.
fn own_exchange_points(obs: &Observation) -> Vec<(Card, f64)> {
    let Some(turnup) = obs.turnup else {
        return Vec::new();
    };
    let [need, _] = needs(obs);
    let unseen = obs.unseen();
    let n = unseen.len().max(1) as f64;
    let keep = to_hole(show_points(obs.hand, turnup, None), need);
    let mut values = Vec::with_capacity(obs.hand.len());
    for card in obs.hand.iter() {
        let kept = obs.hand.without(card);
        let pegs = passing_points(card, turnup);
        let mut total = 0i32;
        for r in unseen.iter() {
            let shown = show_points(kept.with(r), turnup, Some(r));
            total += to_hole(pegs.saturating_add(shown), need) - keep;
        }
        values.push((card, f64::from(total) / n));
    }
    values
}

/// The card a sensible player passes from `dealt`: the one that pegs most
/// as it is passed plus what the other two score with the turn-up. Hard's
/// model of the other player.
fn likely_pass(dealt: CardSet, turnup: Card) -> Option<Card> {
    dealt
        .iter()
        .map(|card| {
            let kept = show_points(dealt.without(card), turnup, None);
            (card, passing_points(card, turnup) + kept)
        })
        .max_by(|(a, va), (b, vb)| va.cmp(vb).then(b.index().cmp(&a.index())))
        .map(|(card, _)| card)
}

/// Hard's view of the exchange: for a sample of the hands the other player
/// may have been dealt, whether they would agree to mog (a sensible player
/// keeps a hand of [`KEEPS_AT`] or more) and, for each card this seat may
/// pass, the net gain of the exchange: its passing points and show gained,
/// less the other's (each passing [`likely_pass`]; the card given them
/// counts for them in all but jack-or-two points).
struct Exchange {
    /// This seat's cards, in order.
    cards: Vec<Card>,
    /// One per sample.
    samples: Vec<Sample>,
}

/// One hand the other player may have been dealt, and what each way the
/// mog may go changes for both players.
struct Sample {
    /// Whether they would mog.
    agrees: bool,
    /// The net gain of passing each card ([`Exchange::cards`]), as Hard
    /// ranks it: the points gained less theirs.
    nets: Vec<i32>,
    /// The same in points: each side's points this hand (passing points
    /// and show) counted up to the game hole, against both keeping their
    /// hands with nothing pegged.
    points: Vec<i32>,
    /// In points: this seat refuses while they would mog (they peg 1).
    refused: i32,
    /// In points: this seat mogs and they refuse (this seat pegs 1).
    they_refuse: i32,
    /// In points: both refuse (each pegs 1).
    both_refuse: i32,
}

impl Exchange {
    fn of(obs: &Observation, rng: &mut Rng) -> Option<Exchange> {
        let turnup = obs.turnup?;
        let cards = obs.hand.to_vec();
        let keep = show_points(obs.hand, turnup, None);
        let [mine_need, their_need] = needs(obs);
        // Both hands as they are, counted up to the hole, is where every
        // answer's points are measured from.
        let mine = |points: u8| to_hole(points, mine_need);
        let theirs = |points: u8| to_hole(points, their_need);
        // The other player's deal: three cards, one of which they may
        // already have passed (unseen by me until I pass too).
        let hands = sample_hands(obs.unseen(), 3, HARD_MOG_SAMPLES, rng);
        let mut samples = Vec::with_capacity(hands.len());
        for &dealt in &hands {
            let Some(received) = likely_pass(dealt, turnup) else {
                continue;
            };
            let their_keep = show_points(dealt, turnup, None);
            let their_rest = dealt.without(received);
            let their_pegs = passing_points(received, turnup);
            let base = mine(keep) - theirs(their_keep);
            let mut nets = Vec::with_capacity(cards.len());
            let mut points = Vec::with_capacity(cards.len());
            for &card in &cards {
                let kept = obs.hand.without(card).with(received);
                let shown = show_points(kept, turnup, Some(received));
                let given = their_rest.with(card);
                let theirs_after = show_points(given, turnup, Some(card));
                let pegs = passing_points(card, turnup);
                let my_gain = i32::from(pegs) + i32::from(shown) - i32::from(keep);
                let their_gain =
                    i32::from(their_pegs) + i32::from(theirs_after) - i32::from(their_keep);
                nets.push(my_gain - their_gain);
                points.push(
                    mine(pegs.saturating_add(shown))
                        - theirs(their_pegs.saturating_add(theirs_after))
                        - base,
                );
            }
            samples.push(Sample {
                agrees: their_keep < KEEPS_AT,
                nets,
                points,
                refused: mine(keep) - theirs(their_keep.saturating_add(1)) - base,
                they_refuse: mine(keep.saturating_add(1)) - theirs(their_keep) - base,
                both_refuse: mine(keep.saturating_add(1))
                    - theirs(their_keep.saturating_add(1))
                    - base,
            });
        }
        Some(Exchange { cards, samples })
    }

    /// Whether a sample counts when the exchange is certain: the samples
    /// in which the other player agrees to mog (all of them if none does).
    fn used(&self) -> impl Fn(&Sample) -> bool {
        let anyone = self.samples.iter().any(|s| s.agrees);
        move |s: &Sample| !anyone || s.agrees
    }

    /// The mean of `value` over the samples `keep` keeps.
    fn mean(&self, keep: impl Fn(&Sample) -> bool, value: impl Fn(&Sample) -> f64) -> f64 {
        let (mut total, mut n) = (0.0, 0usize);
        for sample in &self.samples {
            if keep(sample) {
                total += value(sample);
                n += 1;
            }
        }
        total / n.max(1) as f64
    }

    /// The mean net gain of passing each card, over the samples in which
    /// the other player agrees to mog (all of them if none does), reaching
    /// 121 by the passing points counting as the win; with its mean in
    /// points over the same samples.
    fn worths(&self, obs: &Observation) -> Vec<(Card, Worth)> {
        let used = self.used();
        let my_score = obs.scores.get(obs.seat).map_or(0, |p| p.front);
        let mut values = Vec::with_capacity(self.cards.len());
        for (i, &card) in self.cards.iter().enumerate() {
            let at = |v: &[i32]| f64::from(v.get(i).copied().unwrap_or(0));
            let mut rank = self.mean(&used, |s| at(&s.nets));
            if let Some(turnup) = obs.turnup
                && my_score + u16::from(passing_points(card, turnup)) >= TARGET
            {
                rank += f64::from(WIN);
            }
            let points = self.mean(&used, |s| at(&s.points));
            values.push((
                card,
                Worth {
                    rank,
                    points: Some(points),
                },
            ));
        }
        values
    }

    /// The share of the samples in which the other player agrees to mog.
    fn agreeing(&self) -> f64 {
        self.mean(|_| true, |s| f64::from(u8::from(s.agrees)))
    }
}

/// What Hard expects of mogging, as net points against keeping the hand
/// as it is, and the card it would pass. Speaking first, a refusal from
/// the other player (as likely as the model makes it) would peg it a
/// point; after the other player's mog, the exchange is certain. It
/// refuses when this is worse than the point a refusal gives away. Last,
/// the mog and the refusal in points over the same samples.
fn hard_expects(obs: &Observation, rng: &mut Rng) -> (Option<Card>, f64, (f64, f64)) {
    let Some(exchange) = Exchange::of(obs, rng) else {
        return (None, 0.0, (0.0, -1.0));
    };
    let other_said = obs.mog.said.get(obs.opponent()).copied().flatten();
    let worths = exchange.worths(obs);
    let best = worths
        .iter()
        .max_by(|(a, va), (b, vb)| va.rank.total_cmp(&vb.rank).then(b.index().cmp(&a.index())));
    let exchanged = best.map_or(0.0, |(_, v)| v.rank);
    let index = best.and_then(|(card, _)| exchange.cards.iter().position(|c| c == card));
    let passed = |s: &Sample| f64::from(index.and_then(|i| s.points.get(i).copied()).unwrap_or(0));
    let certain = other_said == Some(MogWord::Mog);
    let (expected, points) = if certain {
        let used = exchange.used();
        let mog = exchange.mean(&used, passed);
        let refuse = exchange.mean(&used, |s| f64::from(s.refused));
        (exchanged, (mog, refuse))
    } else {
        let p = exchange.agreeing();
        let mog = exchange.mean(
            |_| true,
            |s| {
                if s.agrees {
                    passed(s)
                } else {
                    f64::from(s.they_refuse)
                }
            },
        );
        let refuse = exchange.mean(
            |_| true,
            |s| f64::from(if s.agrees { s.refused } else { s.both_refuse }),
        );
        (p * exchanged + (1.0 - p), (mog, refuse))
    };
    (best.map(|(card, _)| *card), expected, points)
}

// ---------------------------------------------------------------------------
// The play.

/// One card that may be laid, at one value.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Lay {
    card: Card,
    value: u8,
}

impl Lay {
    fn action(self) -> Action {
        Action::Play {
            card: self.card,
            value: self.value,
        }
    }
}

/// Every card that may be laid, at each value it may take, with the worth
/// `level` gives it, ranked best first: Easy the points it scores now,
/// Medium and Hard its mean value to the end of the hand (see [`search`]).
/// Ties go to the higher value laid, which keeps low cards for the end of
/// a series, where they fit. The points are worked out only when `points`
/// is asked for, and never change the rank or the samples drawn.
fn weigh_lays(level: Level, obs: &Observation, rng: &mut Rng, points: bool) -> Vec<(Lay, Worth)> {
    let options: Vec<Lay> = obs
        .legal
        .iter()
        .filter_map(|action| match *action {
            Action::Play { card, value } => Some(Lay { card, value }),
            _ => None,
        })
        .collect();
    let values = match level {
        Level::Easy | Level::Baseline => points_now(obs, &options),
        Level::Medium => search(obs, &options, rng, MEDIUM_SAMPLES, false, points),
        Level::Hard | Level::Expert | Level::ExpertV1 => {
            search(obs, &options, rng, HARD_PLAY_SAMPLES, true, points)
        }
    };
    let mut valued = Vec::with_capacity(options.len());
    for (&lay, value) in options.iter().zip(values) {
        valued.push((lay, value));
    }
    super::sort_short(&mut valued, |(a, va), (b, vb)| {
        va.rank
            .total_cmp(&vb.rank)
            .then(a.value.cmp(&b.value))
            .then(a.card.index().cmp(&b.card.index()))
            .is_gt()
    });
    valued
}

/// What each option scores as it is laid: Easy's values, and the fallback
/// when no hand fits what was seen. In points, a card that reaches 121
/// counts only what the seat needed.
fn points_now(obs: &Observation, options: &[Lay]) -> Vec<Worth> {
    let pile = Pile::of(obs.pile.iter().map(|l| l.card), obs.count);
    let [need, _] = needs(obs);
    let mut values = Vec::with_capacity(options.len());
    for o in options {
        let now = pile.after(o.card, o.value);
        values.push(Worth {
            rank: f64::from(now),
            points: Some(f64::from(to_hole(now, need))),
        });
    }
    values
}

/// The card this seat passed in the mog, if the other player holds it still
/// (both passed and it has not been laid).
fn passed_to_other(obs: &Observation) -> Option<Card> {
    let exchanged = obs.mog.has_passed.iter().all(|&p| p);
    obs.mog
        .passed
        .filter(|_| exchanged)
        .filter(|c| !obs.played.iter().any(|l| l.card == *c))
}

/// The hands the other player may hold now, every one: the card passed
/// them (if they still hold it) and, for the rest, cards not seen, none of
/// which fitted when they said go or a series ended short of 31.
pub fn possible_hands(obs: &Observation) -> Vec<CardSet> {
    let (known, pool, unknown) = reading(obs, true);
    let mut hands = Vec::new();
    for h in pool.combinations(unknown) {
        hands.push(h | known);
    }
    hands
}

/// What this seat knows of the other player's hand: the cards known to be
/// there, the cards the rest may be (reading their goes, or not), and how
/// many the rest are.
fn reading(obs: &Observation, read_goes: bool) -> (CardSet, CardSet, usize) {
    let other = obs.opponent();
    let known: CardSet = passed_to_other(obs).into_iter().collect();
    let held = usize::from(obs.held_counts.get(other).copied().unwrap_or(0));
    let unknown = held.saturating_sub(known.len());
    let room = if read_goes { room_refused(obs) } else { 0 };
    let pool = obs
        .unseen()
        .iter()
        .filter(|&c| least_value(c) > room)
        .collect();
    (known, pool, unknown)
}

/// The most room under 31 the other player has left unused this hand while
/// holding cards: every card they hold now is worth more (at its least)
/// than this. A card laid by one player after their own card in a series
/// means the other could not lay one; a series that ended short of 31
/// (whether or not the next has begun) means neither could; and a go said
/// in this series says so.
fn room_refused(obs: &Observation) -> u8 {
    let other = obs.opponent();
    let mut room = 0u8;
    let mut previous: Option<(usize, u8)> = None;
    for laid in &obs.played {
        let starts_series = laid.count == laid.value;
        match previous {
            // A new series: the one before ended with neither able to lay.
            Some((_, count)) if starts_series => room = room.max(LIMIT.saturating_sub(count)),
            Some((seat, count)) if seat == laid.seat && seat != other => {
                room = room.max(LIMIT.saturating_sub(count));
            }
            _ => {}
        }
        previous = Some((laid.seat, laid.count));
    }
    // A series just ended, no card laid since the count went back to 0: as
    // when the next one begins, neither could lay.
    if let (true, Some((_, count))) = (obs.pile.is_empty(), previous) {
        room = room.max(LIMIT.saturating_sub(count));
    }
    if obs.said_go.get(other).copied().unwrap_or(false) {
        room = room.max(LIMIT.saturating_sub(obs.count));
    }
    room
}

/// `n` hands of `k` cards from `pool`, uniformly: every hand when there are
/// no more than `n`, else `n` drawn at random (each on its own).
fn sample_hands(pool: CardSet, k: usize, n: usize, rng: &mut Rng) -> Vec<CardSet> {
    let mut cards = pool.to_vec();
    if k > cards.len() {
        return Vec::new();
    }
    if binomial(cards.len(), k) <= n {
        return pool.combinations(k).collect();
    }
    let mut hands = Vec::with_capacity(n);
    for _ in 0..n {
        // A partial shuffle: the first k are a uniform k-subset, whatever
        // order the cards were left in.
        for i in 0..k {
            let j = i + rng.below(cards.len() - i);
            cards.swap(i, j);
        }
        hands.push(cards.iter().take(k).copied().collect());
    }
    hands
}

/// n choose k, saturating.
fn binomial(n: usize, k: usize) -> usize {
    (0..k).fold(1usize, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// Medium's and Hard's figure: each option's mean worth over a sample of
/// the other player's possible hands (Hard reading their goes), the rest
/// of the play and the show played out: once with both playing for the
/// rank (the bot's values), and, when `points` is asked for, once more
/// with both playing for the points (the coach's).
fn search(
    obs: &Observation,
    options: &[Lay],
    rng: &mut Rng,
    samples: usize,
    read_goes: bool,
    points: bool,
) -> Vec<Worth> {
    let (known, pool, unknown) = reading(obs, read_goes);
    let hands = sample_hands(pool, unknown, samples, rng);
    let Some(turnup) = obs.turnup else {
        // No play before the turn-up (it cannot happen): the points now.
        return points_now(obs, options);
    };
    if hands.is_empty() {
        // Nothing fits what was seen (it cannot happen in a real game):
        // score what each card makes now.
        return points_now(obs, options);
    }
    let me = obs.seat;
    let other = obs.opponent();
    let laid_by = |seat: usize| -> CardSet {
        obs.played
            .iter()
            .filter(|l| l.seat == seat)
            .map(|l| l.card)
            .collect()
    };
    let my_show = show_points(obs.hand | laid_by(me), turnup, obs.mog.received);
    let their_laid = laid_by(other);
    let given = obs
        .mog
        .passed
        .filter(|_| obs.mog.has_passed.iter().all(|&p| p));
    let start = Play {
        pile: Pile::of(obs.pile.iter().map(|l| l.card), obs.count),
        hands: [CardSet::EMPTY; 2],
        last: obs.pile.last().map(|l| l.seat),
        scores: [
            obs.scores.first().map_or(0, |p| p.front),
            obs.scores.get(1).map_or(0, |p| p.front),
        ],
        shows: [0; 2],
        pone: crate::table::other_seat(obs.dealer),
        me,
        in_points: false,
    };
    let mean = |option: &Lay, in_points: bool| {
        let mut total = 0i64;
        for &unknowns in &hands {
            let theirs = unknowns | known;
            let mut play = start;
            play.in_points = in_points;
            play.hands[me] = obs.hand;
            play.hands[other] = theirs;
            play.shows[me] = my_show;
            play.shows[other] = show_points(theirs | their_laid, turnup, given);
            total += i64::from(play.lay(me, option.card, option.value));
        }
        total as f64 / hands.len() as f64
    };
    let mut values = Vec::with_capacity(options.len());
    for option in options {
        values.push(Worth {
            rank: mean(option, false),
            points: points.then(|| mean(option, true)),
        });
    }
    values
}

/// The rest of a hand's play with both hands known, and the show after it:
/// what Hard plays out for each sample.
#[derive(Debug, Clone, Copy)]
struct Play {
    pile: Pile,
    hands: [CardSet; 2],
    /// Who laid the last card of the series.
    last: Option<usize>,
    scores: [u16; 2],
    /// Each seat's show, counted when the play is over.
    shows: [u8; 2],
    /// Who shows first.
    pone: usize,
    /// Whose values these are.
    me: usize,
    /// Valued in points ([`Worth::points`]) rather than the rank.
    in_points: bool,
}

impl Play {
    fn can_lay(&self, seat: usize) -> bool {
        let room = self.pile.room();
        self.hands[seat].iter().any(|c| least_value(c) <= room)
    }

    /// Pegs `points` for `seat`: the value of the rest for `me`, if that
    /// won the game: ±[`WIN`] for the rank, the points it took to reach
    /// the hole for the points (so that [`then`] adds the points on the
    /// way to it, and nothing is pegged after it).
    fn peg(&mut self, seat: usize, points: u8) -> Option<i32> {
        let needed = TARGET.saturating_sub(self.scores[seat]);
        self.scores[seat] += u16::from(points);
        let end = if self.in_points {
            i32::from(needed)
        } else {
            WIN
        };
        (self.scores[seat] >= TARGET).then_some(if seat == self.me { end } else { -end })
    }

    /// The value for `me` of `points` to `seat`.
    fn signed(&self, seat: usize, points: u8) -> i32 {
        if seat == self.me {
            i32::from(points)
        } else {
            -i32::from(points)
        }
    }

    /// `seat` lays `card` at `value`; the value for `me` of the rest of the
    /// hand, both playing their best (`me` maximising, the other
    /// minimising).
    fn lay(&mut self, seat: usize, card: Card, value: u8) -> i32 {
        self.hands[seat].remove(card);
        let made = self.pile.lay(card, value);
        self.last = Some(seat);
        if let Some(end) = self.peg(seat, made) {
            return end;
        }
        then(self.signed(seat, made), self.next(1 - seat))
    }

    /// The value for `me` with `seat` to act, as the engine settles turns:
    /// lay a card if one fits, else the turn passes; when neither can lay a
    /// card, one for last (not at 31), the count back to 0 and the player
    /// after the last to lay leading; when both hands are empty, the show.
    fn next(&mut self, seat: usize) -> i32 {
        if !self.can_lay(0) && !self.can_lay(1) {
            return self.end_series();
        }
        if !self.can_lay(seat) {
            return self.next(1 - seat);
        }
        let room = self.pile.room();
        let mut best: Option<i32> = None;
        for card in self.hands[seat].iter() {
            for value in fitting_values(card, room) {
                let mut child = *self;
                let v = child.lay(seat, card, value);
                best = Some(match best {
                    None => v,
                    Some(b) if seat == self.me => b.max(v),
                    Some(b) => b.min(v),
                });
            }
        }
        best.unwrap_or(0)
    }

    fn end_series(&mut self) -> i32 {
        let mut value = 0;
        if let Some(last) = self.last
            && self.pile.count != LIMIT
        {
            if let Some(end) = self.peg(last, 1) {
                return end;
            }
            value += self.signed(last, 1);
        }
        if self.hands.iter().all(|h| h.is_empty()) {
            for seat in [self.pone, 1 - self.pone] {
                let points = self.shows[seat];
                if let Some(end) = self.peg(seat, points) {
                    return then(value, end);
                }
                value += self.signed(seat, points);
            }
            return value;
        }
        let last = self.last.unwrap_or(self.pone);
        let leader = if self.hands[1 - last].is_empty() {
            last
        } else {
            1 - last
        };
        self.pile = Pile::of([], 0);
        self.last = None;
        then(value, self.next(leader))
    }
}

/// The value of `points` now followed by `rest`. Once the rest is a game
/// decided (±[`WIN`]), the points on the way no longer count, and each step
/// further off is worth one less: so a win now is worth more than the same
/// win later (a later win plus the points made on the way used to outweigh
/// it), and a loss later less bad than a loss now. Values in points never
/// come near [`WIN`] (a side's points stop at the hole): they add up.
fn then(points: i32, rest: i32) -> i32 {
    if rest.abs() >= WIN / 2 {
        rest - rest.signum()
    } else {
        points + rest
    }
}

/// The seed of one decision: the bot's seed, a salt, and the public facts
/// with the seat's own cards, so that the hidden cards cannot change it.
fn decision_seed(seed: u64, salt: u64, obs: &Observation) -> u64 {
    let mut h = Hasher::new();
    h.fold(seed);
    h.fold(salt);
    h.fold(obs.seat as u64);
    h.fold(obs.phase as u64);
    h.fold(u64::from(obs.hand_number));
    h.fold(obs.dealer as u64);
    for pegs in &obs.scores {
        h.fold(u64::from(pegs.front));
    }
    h.fold(obs.hand.bits());
    h.fold(obs.dealt.bits());
    h.fold(obs.turnup.map_or(64, |c| u64::from(c.index())));
    for word in &obs.mog.said {
        h.fold(word.map_or(0, |w| 1 + w as u64));
    }
    for &passed in &obs.mog.has_passed {
        h.fold(u64::from(passed));
    }
    h.fold(obs.mog.passed.map_or(64, |c| u64::from(c.index())));
    h.fold(obs.mog.received.map_or(64, |c| u64::from(c.index())));
    for laid in &obs.played {
        h.fold(
            (laid.seat as u64) << 16 | u64::from(laid.card.index()) << 8 | u64::from(laid.value),
        );
    }
    for &go in &obs.said_go {
        h.fold(u64::from(go));
    }
    h.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A win now is worth more than any win later: at 119 with the count
    /// at 7, the eight makes fifteen and the game at once, while the six
    /// would let the game be won later with points made on the way (which
    /// used to count on top of the win, and outweigh it).
    #[test]
    fn a_win_now_beats_a_win_later() {
        let card = |t: &str| t.parse::<Card>().unwrap();
        let play = Play {
            pile: Pile::of([card("7D")], 7),
            hands: [
                [card("8C"), card("6S"), card("9H")].into_iter().collect(),
                [card("KS"), card("QS")].into_iter().collect(),
            ],
            last: Some(1),
            scores: [119, 40],
            shows: [12, 0],
            pone: 1,
            me: 0,
            in_points: false,
        };
        let now = { play }.lay(0, card("8C"), 8);
        assert_eq!(now, WIN);
        for other in ["6S", "9H"] {
            let later = { play }.lay(0, card(other), card(other).pips());
            assert!(later < now, "{other}: {later} against {now}");
        }
    }

    /// The quick show count is the scorer's, on many hands (aces, jacks
    /// and twos, and cards received in the mog among them).
    #[test]
    fn the_quick_show_count_is_the_scorers() {
        let mut rng = Rng::new(11);
        let mut deck = CardSet::DECK.to_vec();
        for i in 0..40_000 {
            for k in 0..4 {
                let j = k + rng.below(deck.len() - k);
                deck.swap(k, j);
            }
            let held: CardSet = deck[..3].iter().copied().collect();
            let turnup = deck[3];
            let received = (i % 3 == 0).then_some(deck[i % 3]);
            let quick = show_points(held, turnup, received);
            let count = score::show(&held.to_vec(), turnup, received).unwrap();
            assert_eq!(
                quick, count.total,
                "{held} with {turnup}, received {received:?}"
            );
        }
    }

    /// The pile scores as the scorer does, aces at either value.
    #[test]
    fn the_quick_play_count_is_the_scorers() {
        let mut rng = Rng::new(5);
        let mut deck = CardSet::DECK.to_vec();
        for _ in 0..20_000 {
            let n = 1 + rng.below(5);
            for k in 0..n {
                let j = k + rng.below(deck.len() - k);
                deck.swap(k, j);
            }
            let mut pile = Pile::of([], 0);
            let mut aces = Vec::new();
            for (k, &card) in deck[..n].iter().enumerate() {
                let values = score::values(card);
                let value = values[rng.below(values.len())];
                if pile.count + value > LIMIT {
                    break;
                }
                if card.rank() == Rank::Ace {
                    aces.push(value);
                }
                let quick = pile.lay(card, value);
                let scored = score::play_score(&deck[..=k], &aces).unwrap();
                assert_eq!(quick, scored.total, "{:?} {aces:?}", &deck[..=k]);
            }
        }
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(47, 3), 16_215);
        assert_eq!(binomial(5, 0), 1);
        assert_eq!(binomial(45, 2), 990);
    }
}
