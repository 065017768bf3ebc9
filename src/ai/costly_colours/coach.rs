//! Costly Colours' coach and post-game review. Every decision the game
//! asks has its analysis: whether to mog (each answer with its value, the
//! show kept and what a refusal gives away), which card to pass (each card
//! with what passing it pegs, what the two kept may score and what it gives
//! the other player), and what to lay in the play (each card at each value
//! it may take, an ace as 1 and as 11, with what it scores now in the
//! table's words and its value to the end of the hand). Options come best
//! first, valued as the chosen level's computer player values them from the
//! same seed, so the level's own choice is the first and costs nothing in
//! the review. A go is never a choice: it is said only when no card fits.
//!
//! Each option has two figures: its `value`, the level's own ranking (in
//! units of its own: Easy's hoped-for 8, Medium's margin, a game won
//! counted 1,000), and its `points`, what the option is worth in the
//! game's points, each side's counted only up to the game hole
//! ([`crate::ai::Worth::points`]). A review prices a choice in points, so
//! no choice costs more than the points the two players still need
//! between them.

use super::{
    Lay, Rng, binomial, decision_seed, own_exchange_values, passing_points, reading, show_points,
    weigh_lays, weigh_mog, weigh_pass,
};
use crate::ai::review::Position;
use crate::ai::{DecideError, Level, Worth};
use crate::cards::{Card, CardSet, Rank};
use crate::games::GameKind;
use crate::games::State as _;
use crate::games::costly_colours::score;
use crate::games::costly_colours::{Action, Game, Laid, Observation, Pegs, Phase, Seat};
use crate::record::Session;
use crate::table::Goal;
use serde::Serialize;

/// One answer to the mog, valued.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MogAdvice {
    /// `mog` or `refuse`.
    pub action: Action,
    /// Its rank, the level's way (see [`Analysis::Mog`]).
    pub value: f64,
    /// What it changes this hand in points, against both keeping their
    /// hands with nothing pegged: Easy and Medium their own hand and the
    /// point a refusal gives away; Hard both hands, theirs against this
    /// seat's. Each side's points count up to the game hole.
    pub points: f64,
    /// The show this seat can expect after it: the three cards held, when
    /// nothing is exchanged; after an exchange, what the card the level
    /// would pass pegs and the mean show of the two kept with a card
    /// received (any card not seen).
    pub show: f64,
    /// What it pegs the other player at once: 1 for a refusal.
    pub gives: u8,
    /// The card the level would pass if both mog; `null` for a refusal,
    /// or when the other player has refused and nothing will be exchanged.
    pub passes: Option<Card>,
}

/// One card that may be passed, valued.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PassAdvice {
    /// The action to take (`pass 5H`).
    pub action: Action,
    /// The card.
    pub card: Card,
    /// Its rank, the level's way (see [`Analysis::Pass`]).
    pub value: f64,
    /// What passing it gains this hand in points, as [`MogAdvice::points`]
    /// counts them.
    pub points: f64,
    /// What passing it pegs once both have passed: a jack or a two 4 of
    /// the turn-up's suit, else 2; any other card nothing.
    pub pegs: u8,
    /// The mean show of the two cards kept with a card received (any card
    /// not seen, which scores no jack-or-two points for its receiver).
    pub keeps: f64,
    /// The mean show the other player makes holding it with two cards not
    /// seen (no jack-or-two points for it): what it gives them.
    pub gives: f64,
}

/// One card that may be laid, at one value, valued.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayAdvice {
    /// The action to take (`play 5H`, `play AH 11`).
    pub action: Action,
    /// The card.
    pub card: Card,
    /// What it adds to the count: an ace 1 or 11, as laid.
    pub counts: u8,
    /// What it scores as it is laid.
    pub now: u8,
    /// What it makes, in the words the table says ("fifteen two",
    /// "thirty-one for three is three"); empty when it makes nothing.
    pub said: Vec<String>,
    /// Its rank, the level's way (see [`Analysis::Play`]).
    pub value: f64,
    /// What it is worth in points to the end of the hand (the rest of the
    /// play and both shows), each side's counted up to 121; Easy: what it
    /// scores now.
    pub points: f64,
}

/// What the seat can do now, each option valued, best first: the level's
/// own choice first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Analysis {
    /// Mog or refuse. Values in the level's units: Easy weighs the show
    /// kept (refuse) against the 8 it hopes a mog brings; Medium the show
    /// kept against its mean show after the exchange, less the 2 it asks of
    /// an average that flatters the exchange; Hard the net points it
    /// expects of the exchange for both players against a refusal's −1. A
    /// refusal that would hand the other player the game is −1,000.
    Mog {
        /// The level that valued them.
        level: Level,
        /// What the three cards held score with the turn-up, kept as they
        /// are.
        show: u8,
        /// That show in words ("fifteen two, and a pair is four").
        said: Vec<String>,
        /// Mog and refuse, best first.
        options: Vec<MogAdvice>,
    },
    /// Which card to pass. Values: Easy and Medium its passing points and
    /// the mean show of the two kept ([`PassAdvice::pegs`] +
    /// [`PassAdvice::keeps`]); Hard the net gain of the exchange for both
    /// players, over a sample of the hands the other may have been dealt,
    /// each passing what a sensible player would.
    Pass {
        /// The level that valued them.
        level: Level,
        /// Every card held, best first.
        options: Vec<PassAdvice>,
    },
    /// Which card to lay, and an ace's value. Values: Easy the points it
    /// scores now; Medium and Hard its mean value to the end of the hand
    /// (the rest of the play and both shows, points for the seat less the
    /// other's), over hands the other player may hold, 121 reached
    /// counted as ±1,000.
    Play {
        /// The level that valued them.
        level: Level,
        /// How many hands the other player may hold, by every card seen,
        /// every go and the card passed them: what Hard plays the hand out
        /// against (a sample of them when there are many).
        hands_that_fit: usize,
        /// Every card that fits, an ace at each value that fits, best
        /// first.
        options: Vec<PlayAdvice>,
    },
    /// Nothing to choose: a go, or a single card that fits.
    Nothing,
}

impl Analysis {
    /// Each option's action with its rank and its points, best first (as
    /// the level ranks them): what a review compares.
    pub fn valued(&self) -> Vec<(Action, Worth)> {
        let worth = |value: f64, points: f64| Worth {
            rank: value,
            points: Some(points),
        };
        match self {
            Analysis::Mog { options, .. } => options
                .iter()
                .map(|o| (o.action, worth(o.value, o.points)))
                .collect(),
            Analysis::Pass { options, .. } => options
                .iter()
                .map(|o| (o.action, worth(o.value, o.points)))
                .collect(),
            Analysis::Play { options, .. } => options
                .iter()
                .map(|o| (o.action, worth(o.value, o.points)))
                .collect(),
            Analysis::Nothing => Vec::new(),
        }
    }
}

/// Every option open to the seat, valued as `level` values them. `seed`
/// fixes the samples, as it does a bot's: with the bot's seed, the first
/// option is the bot's choice (Easy's slips in the play aside).
///
/// # Errors
/// [`DecideError::NotYourTurn`] when the seat is not to act.
pub fn analyze(obs: &Observation, level: Level, seed: u64) -> Result<Analysis, DecideError> {
    if obs.to_act != Some(obs.seat) {
        return Err(DecideError::NotYourTurn);
    }
    let Some(turnup) = obs.turnup else {
        return Ok(Analysis::Nothing);
    };
    if obs.legal.len() < 2 {
        return Ok(Analysis::Nothing);
    }
    let mut rng = Rng::new(decision_seed(seed, level as u64, obs));
    Ok(match obs.phase {
        Phase::Mog => mog(obs, level, turnup, &mut rng),
        Phase::Pass => pass(obs, level, turnup, &mut rng),
        Phase::Play => play(obs, level, &mut rng),
        Phase::Over => Analysis::Nothing,
    })
}

/// The words of a count, phrase by phrase.
fn phrases(count: &score::Count) -> Vec<String> {
    count.steps().into_iter().map(|s| s.phrase).collect()
}

fn mog(obs: &Observation, level: Level, turnup: Card, rng: &mut Rng) -> Analysis {
    let weighed = weigh_mog(level, obs, rng);
    let count = score::show(&obs.hand.to_vec(), turnup, None).unwrap_or_default();
    let kept = f64::from(count.total);
    let exchanged = weighed.passes.and_then(|card| {
        own_exchange_values(obs)
            .into_iter()
            .find(|&(c, _)| c == card)
            .map(|(_, mean)| mean)
    });
    let advice = |(action, Worth { rank, points }): (Action, Worth)| {
        let mogs = action == Action::Mog;
        let passes = weighed.passes.filter(|_| mogs);
        MogAdvice {
            action,
            value: rank,
            points: points.unwrap_or(rank),
            show: if mogs {
                exchanged.unwrap_or(kept)
            } else {
                kept
            },
            gives: u8::from(!mogs),
            passes,
        }
    };
    let options = weighed.options.into_iter().map(advice).collect();
    Analysis::Mog {
        level,
        show: count.total,
        said: phrases(&count),
        options,
    }
}

fn pass(obs: &Observation, level: Level, turnup: Card, rng: &mut Rng) -> Analysis {
    let unseen = obs.unseen();
    let means = own_exchange_values(obs);
    let weighed = weigh_pass(level, obs, rng);
    let options = weighed
        .into_iter()
        .map(|(card, Worth { rank, points })| {
            let pegs = passing_points(card, turnup);
            let mean = means
                .iter()
                .find(|&&(c, _)| c == card)
                .map_or(0.0, |&(_, v)| v);
            PassAdvice {
                action: Action::Pass(card),
                card,
                value: rank,
                points: points.unwrap_or(rank),
                pegs,
                keeps: mean - f64::from(pegs),
                gives: their_mean_show(card, unseen, turnup),
            }
        })
        .collect();
    Analysis::Pass { level, options }
}

/// The mean show of `card` held with every two cards of `unseen`, the card
/// scoring no jack-or-two points for its receiver.
fn their_mean_show(card: Card, unseen: CardSet, turnup: Card) -> f64 {
    let (total, n) = unseen
        .combinations(2)
        .fold((0u32, 0u32), |(total, n), two| {
            let shown = show_points(two.with(card), turnup, Some(card));
            (total + u32::from(shown), n + 1)
        });
    f64::from(total) / f64::from(n.max(1))
}

fn play(obs: &Observation, level: Level, rng: &mut Rng) -> Analysis {
    let (pile, aces) = Laid::cards_and_aces(&obs.pile);
    let weighed = weigh_lays(level, obs, rng, true);
    let options = weighed
        .into_iter()
        .map(|(lay, Worth { rank, points })| {
            let Lay {
                card,
                value: counts,
            } = lay;
            let mut after = pile.clone();
            after.push(card);
            let mut after_aces = aces.clone();
            if card.rank() == Rank::Ace {
                after_aces.push(counts);
            }
            let count = score::play_score(&after, &after_aces).unwrap_or_default();
            PlayAdvice {
                action: lay.action(),
                card,
                counts,
                now: count.total,
                said: phrases(&count),
                value: rank,
                points: points.unwrap_or(rank),
            }
        })
        .collect();
    let (_, pool, unknown) = reading(obs, true);
    Analysis::Play {
        level,
        hands_that_fit: binomial(pool.len(), unknown),
        options,
    }
}

/// One decision, reviewed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewedDecision {
    /// Its position in the game's list of actions, from 0.
    pub index: usize,
    /// The hand of the game.
    pub hand: u16,
    /// Who decided.
    pub seat: Seat,
    /// What was decided: `mog`, `pass` or `play`.
    pub phase: Phase,
    /// What the player did.
    pub chosen: Action,
    /// What the level would have done.
    pub best: Action,
    /// The points the choice made was worth (the option's `points`).
    pub chosen_value: f64,
    /// The points the level's choice was worth.
    pub best_value: f64,
    /// best − chosen, in points; nothing when the choice made was worth as
    /// much or more. Never more than the points the two players still
    /// needed between them.
    pub loss: f64,
    /// The table as the player saw it: the cards held, the current series
    /// and its count (empty at the mog and the pass), the turn-up (as
    /// `starter`) and both scores.
    pub position: Position,
}

/// A whole game reviewed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Review {
    /// The game: `costly-colours`, so a page shows the review as this
    /// game's.
    pub game: GameKind,
    /// The level that judged.
    pub level: Level,
    /// What the target is for: always `reach` (the first there wins), as
    /// every game's review says, so a page words a review from its goal.
    pub goal: Goal,
    /// Every decision of the seats reviewed that had a choice, in order.
    pub decisions: Vec<ReviewedDecision>,
    /// Points lost by each seat, summed.
    pub points_lost: Vec<f64>,
}

/// Replays a game from its record and judges each decision of `seats`
/// (both when empty) that had more than one option: the level's own choice
/// (its first) against the one made, each priced in points.
pub fn review(session: &Session<Game>, seats: &[Seat], level: Level, seed: u64) -> Review {
    let mut decisions = Vec::new();
    let mut points_lost = vec![0.0; 2];
    session.for_each_action(|index, game, &action| {
        let Some(seat) = game.current_player() else {
            return;
        };
        if !seats.is_empty() && !seats.contains(&seat) {
            return;
        }
        let obs = game.observation(seat);
        let Ok(analysis) = analyze(&obs, level, seed) else {
            return;
        };
        let valued = analysis.valued();
        let best = valued.first();
        let chosen = valued.iter().find(|(a, _)| *a == action);
        if let (Some(&(best, best_worth)), Some(&(_, chosen_worth))) = (best, chosen) {
            let best_value = best_worth.points.unwrap_or(best_worth.rank);
            let chosen_value = chosen_worth.points.unwrap_or(chosen_worth.rank);
            let loss = (best_value - chosen_value).max(0.0);
            if let Some(lost) = points_lost.get_mut(seat) {
                *lost += loss;
            }
            decisions.push(ReviewedDecision {
                index,
                hand: game.hand_number(),
                seat,
                phase: obs.phase,
                chosen: action,
                best,
                chosen_value,
                best_value,
                loss,
                position: Position {
                    hand: obs.hand.to_vec(),
                    pile: Laid::cards_and_aces(&obs.pile).0,
                    count: obs.count,
                    starter: obs.turnup,
                    scores: Pegs::fronts(&obs.scores),
                    counted: None,
                },
            });
        }
    });
    Review {
        game: GameKind::CostlyColours,
        level,
        goal: Goal::Reach,
        decisions,
        points_lost,
    }
}
