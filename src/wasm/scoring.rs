//! Standard cribbage's counting for the page's calculator: `scoreShow`,
//! the cribbage module's only. The benchmark module (feature `bench`) adds
//! `pegScore`, which no page calls (the tests and the fuzzer do), and
//! `benchDistribution` and `benchRandomGames`.

use super::to_js;
use crate::cards::{Card, CardSet};
use crate::count::{self, CadenceStep, ShowKind, ShowScore};
use crate::json::to_string as json;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A show's breakdown as the page reads it: the library's [`ShowScore`] (kind,
/// hand, starter, combos with their cards, points per category, total) plus the
/// spoken cadence, whole and phrase by phrase.
#[derive(Serialize)]
struct ShowView {
    #[serde(flatten)]
    score: ShowScore,
    cadence: String,
    steps: Vec<CadenceStep>,
}

/// Scores four cards and a starter as a hand, or as the crib when `crib` is
/// true (the crib scores a flush only with the starter in the suit).
///
/// `hand` is an array of four card strings. Returns
/// `{ kind, hand, starter, combos: [{ kind, cards, points }], fifteens, pairs,
/// runs, flush, nobs, total, cadence, steps: [{ phrase, cards, points, running }] }`,
/// cards as canonical strings.
///
/// # Errors
/// A JS `Error` when `hand` is not an array of four distinct cards, or the
/// starter is not a card or is one of them.
#[wasm_bindgen(js_name = scoreShow)]
pub fn score_show(hand: JsValue, starter: &str, crib: bool) -> Result<JsValue, JsError> {
    let cards = cards_from_js(hand, "the hand")?;
    let starter: Card = starter.parse()?;
    let mut set = CardSet::EMPTY;
    for &card in &cards {
        if !set.insert(card) {
            return Err(count::ScoreError::DuplicateCard(card).into());
        }
    }
    let kind = if crib { ShowKind::Crib } else { ShowKind::Hand };
    let score = count::score_show(set, starter, kind)?;
    let cadence = score.cadence();
    let steps = score.cadence_steps();
    to_js(&json(&ShowView {
        score,
        cadence,
        steps,
    }))
}

/// What the last card laid on a pile scores, with the camel-case names JS expects.
#[cfg(feature = "bench")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PegView {
    points: u8,
    count: u8,
    fifteen: u8,
    thirty_one: u8,
    pairs: u8,
    same_rank: u8,
    run: u8,
}

/// Scores the last card of a pile: `pile` is an array of card strings in the
/// order played since the count was last reset. Returns
/// `{ points, count, fifteen, thirtyOne, pairs, sameRank, run }`.
///
/// # Errors
/// A JS `Error` when the pile is empty, holds a non-card or a repeated card,
/// or counts past 31.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = pegScore)]
pub fn peg_score(pile: JsValue) -> Result<JsValue, JsError> {
    let cards = cards_from_js(pile, "the pile")?;
    let peg = count::peg_score(&cards)?;
    to_js(&json(&PegView {
        points: peg.points(),
        count: peg.count,
        fifteen: peg.fifteen,
        thirty_one: peg.thirty_one,
        pairs: peg.pairs,
        same_rank: peg.same_rank,
        run: peg.run,
    }))
}

/// The full show distribution, for the browser benchmark and as a check.
#[cfg(feature = "bench")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DistributionView {
    hands: u64,
    hand_counts: [u64; 30],
    crib_counts: [u64; 30],
}

/// Scores every one of the 12,994,800 (hand, starter) pairs under hand and
/// under crib rules, by the fast path the computer players use. Returns
/// `{ hands, handCounts, cribCounts }`, the counts indexed by total 0..29.
/// The caller times it (`std::time` has no clock on this target).
///
/// # Errors
/// Only if the result cannot be turned into a JS value.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchDistribution)]
pub fn bench_distribution() -> Result<JsValue, JsError> {
    let (hand_counts, crib_counts) = count::distribution();
    to_js(&json(&DistributionView {
        hands: hand_counts.iter().sum(),
        hand_counts,
        crib_counts,
    }))
}

/// Times random two-player games in the browser, for `build.sh bench`:
/// plays `games` games with pseudo-random legal actions from `seed` and
/// returns the number of actions applied. The caller times it. Only in the
/// benchmark module (feature `bench`).
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchRandomGames)]
pub fn bench_random_games(games: u32, seed: u32) -> u32 {
    use crate::games::State as _;
    use crate::games::cribbage::{Game, Rules};
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};
    let mut actions = 0u32;
    for g in 0..games {
        let game_seed = u64::from(seed) + u64::from(g);
        let mut game = Game::new(Rules::default(), game_seed);
        let mut chooser = ChaCha8Rng::seed_from_u64(game_seed);
        while !game.is_over() {
            let legal = game.legal_actions();
            let Some(action) = legal.get(chooser.random_range(0..legal.len())).cloned() else {
                break;
            };
            if game.apply(action).is_err() {
                break;
            }
            actions += 1;
        }
    }
    actions
}

/// Reads a JS array of card strings, in order. `what` names it in errors.
fn cards_from_js(value: JsValue, what: &str) -> Result<Vec<Card>, JsError> {
    let list = js_sys::Array::is_array(&value)
        .then(|| value.unchecked_into::<js_sys::Array>())
        .ok_or_else(|| {
            JsError::new(&format!(
                "{what} must be an array of card strings like [\"5H\", \"JD\"]"
            ))
        })?;
    let mut cards = Vec::with_capacity(list.length() as usize);
    for item in list.iter() {
        let text = item.as_string().ok_or_else(|| {
            JsError::new(&format!(
                "{what} must be an array of card strings like [\"5H\", \"JD\"]"
            ))
        })?;
        cards.push(text.parse::<Card>()?);
    }
    Ok(cards)
}
