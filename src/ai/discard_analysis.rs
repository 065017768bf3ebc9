//! The discard analyser: six cards, whose crib it is and, if the player
//! gives them, the scores; and every way to lay two of the six away, valued
//! as the engine values them, best first.
//!
//! The hand, crib and total are Hard's exact discard analysis
//! ([`discard::options`] at [`Level::Hard`]): the kept four over each of
//! the 46 starters the player has not seen, and the crib over every pair of
//! cards the other player may throw with every starter, added when the crib
//! is the player's and taken off when it is the other's. With the scores,
//! each choice also carries its chance to win the game where the engine's
//! strongest player reckons one ([`Level::Expert`]'s `win_prob`, from the
//! win-probability model at any scores of a two-player game), and the
//! choices are then ranked by it, as Expert ranks them.
//!
//! The engine is asked as a game would ask it: a stacked two-player game
//! ([`Setup`]) deals the six cards to seat 0, with the deal given by whose
//! crib it is and the scores as they stand, and the options come from seat
//! 0's observation, the very value a computer player and the coach are
//! given. So the analyser cannot disagree with them, and it learns whatever
//! they learn (a better crib model, chances earlier in the game) without a
//! change here.
//!
//! ```
//! use cribbage::ai::discard_analysis::{analyze, CribOwner, Scores};
//! use cribbage::cards::parse_cards;
//!
//! let six = parse_cards("5H 5C 6D JS QS KD")?;
//! let analysis = analyze(&six, CribOwner::Mine, None)?;
//! assert_eq!(analysis.options.len(), 15);
//! let best = &analysis.options[0];
//! assert!(best.total >= analysis.options[14].total);
//! assert!(best.win_prob.is_none()); // no scores, no chances
//!
//! // Near the end of a game, each choice's chance to win.
//! let late = Scores { mine: 110, theirs: 112, target: 121 };
//! let analysis = analyze(&six, CribOwner::Theirs, Some(late))?;
//! assert!(analysis.options.iter().all(|o| o.win_prob.is_some()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::Level;
use super::discard::{self, DiscardOption};
use crate::cards::{Card, CardSet};
use crate::games::State as _;
use crate::games::cribbage::{
    Counting, DealSetup, Game, MatchFormat, Rules, RulesError, Seat, Setup, SetupError,
};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The cards the analyser lays away from: a two-player deal.
pub const CARDS: usize = 6;

/// The seat the player is given in the game the engine is asked about.
const PLAYER: Seat = 0;
/// The other player's seat there.
const OTHER: Seat = 1;

/// Whose crib the two cards laid away go to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CribOwner {
    /// The player deals: the crib's points are theirs.
    Mine,
    /// The other player deals: the crib's points count against the player.
    Theirs,
}

impl FromStr for CribOwner {
    type Err = AnalysisError;

    /// "mine" or "theirs" (any case; "dealer" and "pone" say the same).
    fn from_str(text: &str) -> Result<CribOwner, AnalysisError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "mine" | "dealer" => Ok(CribOwner::Mine),
            "theirs" | "pone" => Ok(CribOwner::Theirs),
            _ => Err(AnalysisError::Crib(text.to_string())),
        }
    }
}

/// The scores as the hand is dealt, from the player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scores {
    /// The player's score.
    #[serde(deserialize_with = "your_score")]
    pub mine: u16,
    /// The other player's score.
    #[serde(deserialize_with = "their_score")]
    pub theirs: u16,
    /// What the game is played to: 121 or 61.
    #[serde(default = "default_target", deserialize_with = "the_target")]
    pub target: u16,
}

fn default_target() -> u16 {
    121
}

/// A score read as a whole number of points, refused in words a player
/// reads (what the analyser's form shows): `what` names it.
fn points<'de, D: serde::Deserializer<'de>>(scores: D, what: &str) -> Result<u16, D::Error> {
    u16::deserialize(scores).map_err(|_| {
        serde::de::Error::custom(format_args!("{what} must be a whole number of points"))
    })
}

fn your_score<'de, D: serde::Deserializer<'de>>(scores: D) -> Result<u16, D::Error> {
    points(scores, "your score")
}

fn their_score<'de, D: serde::Deserializer<'de>>(scores: D) -> Result<u16, D::Error> {
    points(scores, "their score")
}

fn the_target<'de, D: serde::Deserializer<'de>>(scores: D) -> Result<u16, D::Error> {
    points(scores, "the target")
}

/// Every way to lay away from the six cards, with the question asked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The six cards, in card order.
    pub hand: CardSet,
    /// Whose crib it is.
    pub crib: CribOwner,
    /// The scores, when the player gave them.
    pub scores: Option<Scores>,
    /// The fifteen ways to lay two cards away, best first: by the chance to
    /// win where the engine gives one, else by total (ties in card order).
    /// Each is Hard's `hand`, signed `crib` and `total`, with `pegging`
    /// left out (`None`) and `win_prob` as Expert reckons it.
    pub options: Vec<DiscardOption>,
}

/// Why the analyser cannot answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalysisError {
    /// Not six cards.
    Count(usize),
    /// A card given twice.
    Twice(Card),
    /// Neither "mine" nor "theirs".
    Crib(String),
    /// A target other than 121 or 61.
    Target(u16),
    /// A score already at or past the target: whose ("your" or "their"), the
    /// score, the target.
    Score(&'static str, u16, u16),
    /// The engine refused the game the question was put as: a bug in this
    /// module's own checks, reported rather than hidden.
    Refused(SetupError),
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::Count(n) => {
                write!(f, "the discard analyser needs the six cards dealt, not {n}")
            }
            AnalysisError::Twice(card) => write!(f, "{card} is in the hand twice"),
            AnalysisError::Crib(text) => write!(
                f,
                "\"{text}\" is not whose crib it is: \"mine\" (you deal) or \"theirs\""
            ),
            AnalysisError::Target(target) => write!(f, "{}", RulesError::Target(*target)),
            AnalysisError::Score(whose, score, target) => write!(
                f,
                "{whose} score of {score} has already reached {target}: scores are 0 to {}",
                target - 1
            ),
            AnalysisError::Refused(err) => write!(f, "the engine refused the hand: {err}"),
        }
    }
}

impl std::error::Error for AnalysisError {}

/// Every way to lay two of `six` away when the crib is `crib`'s, with each
/// choice's chance to win when `scores` are given and the engine reckons
/// one there. See the module's documentation for what the figures are.
///
/// # Errors
/// [`AnalysisError`] when `six` is not six distinct cards, the target is
/// not 121 or 61, or a score has already reached it.
pub fn analyze(
    six: &[Card],
    crib: CribOwner,
    scores: Option<Scores>,
) -> Result<Analysis, AnalysisError> {
    let hand = distinct(six)?;
    let target = scores.map_or(default_target(), |s| s.target);
    let rules = Rules::new(2, target, Counting::Automatic, MatchFormat::Single)
        .map_err(|_| AnalysisError::Target(target))?;
    if let Some(s) = scores {
        for (whose, score) in [("your", s.mine), ("their", s.theirs)] {
            if score >= target {
                return Err(AnalysisError::Score(whose, score, target));
            }
        }
    }
    // The other seat's cards and the starter are never in the player's
    // observation: any of the cards left will do, and the first ones are
    // taken so the question is always put the same way.
    let mut rest = (!hand).iter();
    let theirs: Vec<Card> = rest.by_ref().take(CARDS).collect();
    // Forty-six cards are left, so there is always one (the error is never made).
    let starter = rest.next().ok_or(AnalysisError::Count(six.len()))?;
    let setup = Setup {
        first_dealer: match crib {
            CribOwner::Mine => PLAYER,
            CribOwner::Theirs => OTHER,
        },
        scores: scores.map_or_else(Vec::new, |s| vec![s.mine, s.theirs]),
        deals: vec![DealSetup {
            hands: vec![six.to_vec(), theirs],
            crib: Vec::new(),
            starter,
        }],
    };
    // Everything the game checks was checked above, so it refuses the
    // setup only if those checks are wrong: said, not hidden.
    let game = Game::with_setup(rules, 0, setup).map_err(AnalysisError::Refused)?;
    let obs = game.observation(PLAYER);
    let mut options = discard::options(&obs, Level::Hard);
    if scores.is_some() {
        let chances = discard::options(&obs, Level::Expert);
        for option in &mut options {
            option.win_prob = chances
                .iter()
                .find(|c| c.discard == option.discard)
                .and_then(|c| c.win_prob);
        }
        discard::sort_best_first(&mut options);
    }
    Ok(Analysis {
        hand,
        crib,
        scores,
        options,
    })
}

/// The cards as a set, refusing a count other than six and any repeat.
fn distinct(cards: &[Card]) -> Result<CardSet, AnalysisError> {
    let mut set = CardSet::EMPTY;
    for &card in cards {
        if !set.insert(card) {
            return Err(AnalysisError::Twice(card));
        }
    }
    if cards.len() != CARDS {
        return Err(AnalysisError::Count(cards.len()));
    }
    Ok(set)
}
