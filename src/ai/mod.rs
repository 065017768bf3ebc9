//! Computer opponents and the coach.
//!
//! A bot decides from one seat's [`Observation`] and its own seed, nothing
//! else: [`decide`] takes no [`crate::games::cribbage::Game`], so the other hands, the
//! crib and the pack are out of its reach by construction, and the same
//! observation and seed always give the same decision. In the browser the
//! worker is sent the game's save and a seat: it restores the game, and
//! only the observation the engine makes for that seat
//! ([`Game::observation`](crate::games::State::observation)) is
//! passed on to these functions (`src/wasm/ai.rs`).
//!
//! Four levels play different strategies (see [`Level`]); a fifth,
//! [`Level::Baseline`], is the yardstick the match tool measures them
//! against. The [`coach`] shows every option with the numbers a level
//! weighs, and [`review`] replays a game to say what each decision cost.
//!
//! In reverse (low-ball) cribbage, where the side that reaches the target
//! loses, every level reads `obs.rules.is_reverse()` and uses the same
//! figures with the sign turned: it keeps low hands, feeds the opponents'
//! crib, avoids pegging, and near the end Expert treats reaching the
//! target as a loss. Option values stay "higher is better" in both games.
//!
//! ```
//! use cribbage::ai::{decide, Level};
//! use cribbage::games::cribbage::Game;
//! use cribbage::games::cribbage::Rules;
//! use cribbage::games::State as _;
//!
//! let mut game = Game::new(Rules::default(), 7);
//! while !game.is_over() {
//!     let seat = game.current_player().unwrap();
//!     let action = decide(Level::Medium, &game.observation(seat), 42)?;
//!     game.apply(action).unwrap();
//! }
//! # Ok::<(), cribbage::ai::DecideError>(())
//! ```

#[cfg(not(target_arch = "wasm32"))]
pub mod agent;
#[cfg(not(target_arch = "wasm32"))]
pub mod arena;
pub mod coach;
pub mod costly_colours;
mod cribbage;
pub mod discard;
pub mod discard_analysis;
mod discard_for_game;
pub mod game;
mod hand_values;
#[cfg(test)]
mod layaway_rollout;
#[cfg(not(target_arch = "wasm32"))]
pub mod matches;
pub mod noddy;
mod peg_table;
pub mod pegging;
// Expert v1's endgame table: a yardstick of the command line's matches, left
// out of the browser's module, which never plays Expert v1.
#[cfg(not(target_arch = "wasm32"))]
pub mod position;
pub mod review;
mod rng;
pub mod solitaire;
pub mod square_solitaire;
pub mod table_top;
mod throws;
pub mod winprob;

use crate::count::{ShowScore, score_show};
use crate::games::cribbage::Counting;
use crate::games::cribbage::Observation;
use crate::games::cribbage::{Action, Phase};
pub use game::Game;
use rng::Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// What an option is worth to the three-card games' levels, two ways: the
/// order a level plays by, and the price a coach and a review put on it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Worth {
    /// How the level ranks it (its computer player takes the highest): its
    /// own measure, where a game won or lost in the hand counts ±1,000 so
    /// that winning outweighs any points. An order, never a price.
    pub rank: f64,
    /// What it is worth in the game's points as the level sees the rest of
    /// the hand: the seat's points less the other's, each side's counted
    /// only up to the game hole (a game won is worth the points that won
    /// it, and nothing is pegged after it). A card laid never leaves the
    /// range from minus the points the other still needs to the points the
    /// seat still needs; Costly Colours' mog and pass count what they
    /// change against both keeping their hands. Either way the difference
    /// between two options never exceeds what the two need between them.
    /// `None` when only the rank was asked for (a computer player's
    /// decision).
    pub points: Option<f64>,
}

/// How well a computer player plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Keeps the cards worth most before the cut, pegs greedily, and now and
    /// then slips as a beginner does (keeps a slightly worse hand, misses a
    /// small score, under-counts a hand in muggins, misses a muggins call).
    Easy,
    /// Expected hand over every starter plus a crib estimate by the ranks
    /// thrown; in the play, looks one card ahead.
    Medium,
    /// Exact discard value (hand over every starter, crib over every throw
    /// and starter); in the play, samples the hidden hands consistently
    /// with everything seen and plays each sample out.
    Hard,
    /// Plays for the game: in two-player standard cribbage every discard
    /// and card is chosen by the chance to win it gives (the win-probability
    /// model of [`winprob`]), the crib valued with the other player's likely
    /// throws; the play is searched with card reading until a budget of work
    /// is spent. (Elsewhere it plays as [`Level::ExpertV1`] does, within the
    /// budget, and at three or four players it also reads every other
    /// seat's play.)
    Expert,
    /// The yardstick for matches: exact discard value and greedy pegging
    /// (ties to the highest card). Not meant as an opponent.
    Baseline,
    /// Expert as it was before it played for the game: Hard's discard plus
    /// the pegging value of the kept hand, 1000 samples of the play, and
    /// the chance to win only near the end. Kept as a yardstick for the
    /// command line's matches (`--level expert-v1`); not offered to players,
    /// and not in the browser's module, which leaves its endgame table out
    /// (there it would play without it; the module refuses the level).
    #[serde(rename = "expert-v1")]
    ExpertV1,
}

impl Level {
    /// The four levels a player can choose, weakest first.
    pub const PLAYABLE: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The lower-case name used in text, JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Baseline => "baseline",
            Level::ExpertV1 => "expert-v1",
        }
    }

    /// The salt of the level's decision seeds: Expert v1 keeps the one
    /// Expert had, so it decides exactly as Expert did before.
    fn salt(self) -> u64 {
        match self {
            Level::ExpertV1 => Level::Expert as u64,
            level => level as u64,
        }
    }

    /// Expert or its earlier version, which share the cribbage search.
    pub(crate) fn is_expert(self) -> bool {
        matches!(self, Level::Expert | Level::ExpertV1)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why text is not a [`Level`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseLevelError(String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a level: easy, medium, hard, expert, baseline or expert-v1",
            self.0
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            "expert" => Ok(Level::Expert),
            "baseline" => Ok(Level::Baseline),
            "expert-v1" => Ok(Level::ExpertV1),
            _ => Err(ParseLevelError(s.to_string())),
        }
    }
}

/// How a solitaire's computer player chooses (Cribbage Solitaire and
/// Cribbage Square Solitaire): see [`solitaire`] and [`square_solitaire`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// The advisor: the choice worth most on average over the cards unseen.
    Advisor,
    /// The choice that scores best now.
    Greedy,
    /// Any legal choice, at random: the yardstick.
    Random,
}

impl Policy {
    /// The lower-case name used in text, JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Advisor => "advisor",
            Policy::Greedy => "greedy",
            Policy::Random => "random",
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Policy {
    type Err = String;

    fn from_str(s: &str) -> Result<Policy, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "advisor" => Ok(Policy::Advisor),
            "greedy" => Ok(Policy::Greedy),
            "random" => Ok(Policy::Random),
            _ => Err(format!(
                "\"{s}\" is not a policy: advisor, greedy or random"
            )),
        }
    }
}

/// Why a bot cannot decide.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecideError {
    /// The observation's seat is not the one to act.
    NotYourTurn,
    /// The observation lists no legal action.
    NoLegalAction,
}

impl fmt::Display for DecideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecideError::NotYourTurn => write!(f, "it is not this seat's turn"),
            DecideError::NoLegalAction => write!(f, "the observation lists no legal action"),
        }
    }
}

impl std::error::Error for DecideError {}

/// Anything that can take a seat: it sees only that seat's observation.
pub trait Player {
    /// The action to take.
    ///
    /// # Errors
    /// [`DecideError`] when the seat cannot act.
    fn decide(&mut self, obs: &Observation) -> Result<Action, DecideError>;
}

/// A computer player: a level and a seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bot {
    /// How well it plays.
    pub level: Level,
    /// Its own seed; with the observation, this fixes every decision.
    pub seed: u64,
}

impl Player for Bot {
    fn decide(&mut self, obs: &Observation) -> Result<Action, DecideError> {
        decide(self.level, obs, self.seed)
    }
}

/// The action a computer player of `level` takes, from its seat's
/// observation and its own seed alone. Always one of `obs.legal`.
///
/// # Errors
/// [`DecideError`] when it is not the seat's turn or nothing is legal.
pub fn decide(level: Level, obs: &Observation, seed: u64) -> Result<Action, DecideError> {
    if !obs.is_my_turn() {
        return Err(DecideError::NotYourTurn);
    }
    let Some(first) = obs.legal.first() else {
        return Err(DecideError::NoLegalAction);
    };
    if obs.legal.len() == 1 {
        return Ok(first.clone());
    }
    let mut rng = Rng::new(rng::decision_seed(seed, level.salt(), obs));
    let choice = match obs.phase {
        Phase::Discard => discard::choose(obs, level, &mut rng).map(Action::Discard),
        Phase::Play => pegging::choose(obs, level, &mut rng),
        Phase::Claim => claim(obs, level, &mut rng),
        Phase::Muggins => Some(call_muggins(obs, level, &mut rng)),
        // The pack's order is unknown, so every depth is as good: any one,
        // as a player lifts where the hand falls.
        Phase::Cut => obs.legal.get(rng.below(obs.legal.len())).cloned(),
        Phase::Over => None,
    };
    // Every choice is made from the legal options; the check keeps a
    // mistake in that reasoning from ever reaching the game.
    Ok(choice
        .filter(|a| obs.legal.contains(a))
        .unwrap_or_else(|| first.clone()))
}

/// Builds the tables the levels use (rank scores, crib estimates, the
/// win-probability model: a few milliseconds), which otherwise happens on
/// first use.
pub fn prepare() {
    hand_values::prepare();
    let _ = winprob::model();
}

/// Sorts a short list (at most fifteen options) in place, stably, by
/// `before(a, b)`: whether `a` goes before `b`. An insertion sort: for lists
/// this short it is as quick as the standard sorts, and it takes the
/// callers' "ranks higher" predicates as they are, where `sort_by` wants a
/// total order and may panic on one that is not (a NaN among the values).
pub(crate) fn sort_short<T>(items: &mut [T], before: impl Fn(&T, &T) -> bool) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && before(&items[j], &items[j - 1]) {
            items.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// How often Easy under-counts its hand in muggins.
const EASY_UNDERCOUNT: f64 = 0.12;
/// How often Easy and Medium overlook a wrong claim they could call (Hard
/// and Expert never do).
const EASY_MISSED_CALL: f64 = 0.25;
const MEDIUM_MISSED_CALL: f64 = 0.1;

/// A muggins claim: the exact count. Easy now and then overlooks his nob
/// or a fifteen, as beginners do — which an opponent may then take.
///
/// Reverse cribbage claims the same way. There an under-count helps its
/// maker (called, the missed points are pegged to the under-counter anyway;
/// uncalled, they are never pegged), so Easy's slip happens to be in its
/// favour; the levels still do not under-claim on purpose, which keeps the
/// claim honest and the same in both games.
fn claim(obs: &Observation, level: Level, rng: &mut Rng) -> Option<Action> {
    let score = shown_score(obs)?;
    let total = score.total();
    if level == Level::Easy && total > 0 && rng.chance(EASY_UNDERCOUNT) {
        let missed = if score.nobs > 0 { 1 } else { 2 };
        return Some(Action::Claim(total.saturating_sub(missed)));
    }
    Some(Action::Claim(total))
}

/// The count of the hand or crib being shown, as the seat counts it from
/// the cards face up and the starter: what any player at the table sees.
pub(crate) fn shown_score(obs: &Observation) -> Option<ShowScore> {
    let showing = obs.showing.as_ref()?;
    let cards = showing.cards.iter().copied().collect();
    score_show(cards, obs.starter?, showing.kind).ok()
}

/// Offered the call: count the cards, and call muggins with the true count
/// whenever calling gains (Easy and Medium overlook some). Standard: any
/// wrong claim, over or under. Reverse: only an under-claim, whose missed
/// points a call pegs to the under-counter; calling an over-claim would
/// only take points off its maker.
fn call_muggins(obs: &Observation, level: Level, rng: &mut Rng) -> Action {
    let (Some(score), Some(claimed)) = (
        shown_score(obs),
        obs.showing.as_ref().and_then(|s| s.claimed),
    ) else {
        return Action::Accept;
    };
    let total = score.total();
    let gains = if obs.rules.is_reverse() {
        claimed < total
    } else {
        claimed != total
    };
    if !gains || obs.rules.counting() != Counting::Muggins {
        return Action::Accept;
    }
    let overlook = match level {
        Level::Easy => EASY_MISSED_CALL,
        Level::Medium => MEDIUM_MISSED_CALL,
        Level::Baseline | Level::Hard | Level::Expert | Level::ExpertV1 => 0.0,
    };
    if overlook > 0.0 && rng.chance(overlook) {
        return Action::Accept;
    }
    Action::Muggins(total)
}
