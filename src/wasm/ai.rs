//! The computer players and the coach at the wasm boundary.
//!
//! Everything here takes an observation (or a save) as JSON text and
//! nothing else, so the page can run it in a Web Worker that holds no game:
//! post the text of `CribbageGame.observationJson(seat)`, get back an action
//! text or a plain object to render. A bad input is a thrown JS `Error`.
//!
//! ```js
//! // ai-worker.js
//! import init, { aiPrepare, aiDecide, coachAnalyze } from './pkg/cribbage.js';
//! await init();
//! aiPrepare();                                  // build the tables now, not on the first move
//! onmessage = ({ data }) => postMessage(aiDecide(data.observation, 'expert', data.seed));
//! ```

use super::game::{parse_json_text, restore_text, rules, seat_arg};
use super::read::{self, FirstError, Obj};
use super::to_js;
use crate::ai::{self, Level, coach, review};
use crate::cards::{Card, CardSet};
use crate::count::ShowKind;
use crate::games::cribbage::{Action, Pegs, Phase};
use crate::games::cribbage::{Board, Move, Observation, PlayRecord, Showing};
use crate::record::AnySession;
use wasm_bindgen::prelude::*;

fn level(text: &str) -> Result<Level, JsError> {
    text.parse::<Level>().map_err(JsError::from)
}

/// Reads an [`Observation`] from its JSON text by hand (see `read.rs` for
/// why not serde). The records of earlier shows and finished games are
/// skipped: no decision reads them.
fn observation(json: &str) -> Result<Observation, JsError> {
    let value = parse_json_text(json, "the observation").map_err(|e| JsError::new(&e))?;
    read_observation(&value).map_err(|e| JsError::new(&format!("not an observation: {e}")))
}

fn read_observation(value: &JsValue) -> Result<Observation, String> {
    let obj = Obj::new(value, "the observation")?;
    // Reads in the order the checks are reported; see `FirstError` for why
    // it reads on past an error.
    let mut e = FirstError::default();
    let seat = e.ok(obj.whole("seat", 3)).unwrap_or(0) as usize;
    let rules = match obj.get("rules") {
        Some(v) => e.ok(rules(&v)),
        None => {
            e.note("the observation is missing \"rules\"".into());
            None
        }
    }
    .unwrap_or_default();
    let phase = match e.ok(obj.string("phase")).as_deref() {
        Some("cut") => Phase::Cut,
        Some("discard") | None => Phase::Discard,
        Some("play") => Phase::Play,
        Some("claim") => Phase::Claim,
        Some("muggins") => Phase::Muggins,
        Some("over") => Phase::Over,
        Some(other) => {
            e.note(format!("the observation's phase \"{other}\" is unknown"));
            Phase::Discard
        }
    };
    let mut legal = Vec::new();
    for a in e.ok(obj.array("legal")).iter().flat_map(|list| list.iter()) {
        let action = read::string(&a, "each legal action")
            .and_then(|text| text.parse::<Action>().map_err(|e| e.to_string()));
        legal.extend(e.ok(action));
    }
    let mut scores = Vec::new();
    for p in e
        .ok(obj.array("scores"))
        .iter()
        .flat_map(|list| list.iter())
    {
        let pegs = Obj::new(&p, "a side's pegs").and_then(|pegs| {
            Ok(Pegs {
                front: pegs.whole("front", 65535)? as u16,
                rear: pegs.whole("rear", 65535)? as u16,
            })
        });
        scores.extend(e.ok(pegs));
    }
    let held_counts = obj
        .get("held_counts")
        .ok_or_else(|| "the observation is missing \"held_counts\"".to_string())
        .and_then(|v| read::wholes(&v, "the observation's \"held_counts\"", 6));
    let held_counts: Vec<u8> = e
        .ok(held_counts)
        .unwrap_or_default()
        .into_iter()
        .map(|n| n as u8)
        .collect();
    let mut plays = Vec::new();
    for p in e.ok(obj.array("plays")).iter().flat_map(|list| list.iter()) {
        let play = Obj::new(&p, "a play record").and_then(|play| {
            Ok(PlayRecord {
                seat: play.whole("seat", 3)? as usize,
                card: card_opt(play.get("card"), "a play record's card")?,
                count: play.whole("count", 31)? as u8,
            })
        });
        plays.extend(e.ok(play));
    }
    let pile = e
        .ok(cards_field(&obj, "pile").and_then(|cards| distinct(&cards, "pile").map(|_| cards)))
        .unwrap_or_default();
    let mut said_go = Vec::new();
    for b in e
        .ok(obj.array("said_go"))
        .iter()
        .flat_map(|list| list.iter())
    {
        let go = b
            .as_bool()
            .ok_or_else(|| "each of \"said_go\" must be true or false".to_string());
        said_go.extend(e.ok(go));
    }
    let showing = obj.get("showing").and_then(|v| e.ok(showing(&v)));
    e.check()?;
    let sides = scores.len();
    let n = held_counts.len();
    if n != rules.players() || said_go.len() != n || sides != rules.sides() || seat >= n {
        return Err("the observation's seats do not match its rules".into());
    }
    let side = e.ok(obj.whole("side", 3)).unwrap_or(0) as usize;
    let to_act = e
        .ok(obj.whole_opt("to_act", 3))
        .flatten()
        .map(|n| n as usize);
    // Any game the observation can hold: a three-player best of three goes
    // on until one player has two games, so game 4 and beyond are real.
    let game = e.ok(obj.whole("game", u64::from(u8::MAX))).unwrap_or(0) as u8;
    let hand_number = e.ok(obj.whole("hand_number", 65535)).unwrap_or(0) as u16;
    let dealer = e.ok(obj.whole("dealer", 3)).unwrap_or(0) as usize;
    // A repeated card is refused, not merged: it is a broken observation,
    // and the bots' counting of unseen cards assumes each card once.
    let mut set = |name: &str| -> CardSet {
        e.ok(cards_field(&obj, name).and_then(|cards| distinct(&cards, name)))
            .unwrap_or_default()
    };
    let hand = set("hand");
    let kept = set("kept");
    let laid_away = set("laid_away");
    let has_laid_away = match obj.get("has_laid_away") {
        Some(list) => e
            .ok(read::array(&list, "the observation's \"has_laid_away\""))
            .map(|list| list.iter().map(|b| b.as_bool().unwrap_or(false)).collect())
            .unwrap_or_default(),
        None => vec![false; n],
    };
    let crib_size = e.ok(obj.whole("crib_size", 4)).unwrap_or(0) as u8;
    let starter = e.ok(card_opt(obj.get("starter"), "the starter")).flatten();
    let count = e.ok(obj.whole("count", 31)).unwrap_or(0) as u8;
    let last_player = e
        .ok(obj.whole_opt("last_player", 3))
        .flatten()
        .map(|n| n as usize);
    e.check()?;
    Ok(Observation {
        // Cuts are not read: any cut is as good as another.
        cuts: Vec::new(),
        seat,
        side,
        sides: (0..n).map(|s| rules.side_of(s)).collect(),
        crib_side: rules.side_of(dealer),
        rules,
        board: Board::of(&rules),
        phase,
        to_act,
        moves: legal.iter().map(Move::of).collect(),
        legal,
        game,
        hand_number,
        dealer,
        games_won: vec![0; sides],
        scores,
        hand,
        kept,
        laid_away,
        has_laid_away,
        held_counts,
        crib_size,
        starter,
        plays,
        pile,
        count,
        said_go,
        last_player,
        showing,
        shows: Vec::new(),
        previous_shows: Vec::new(),
        results: Vec::new(),
        winner: None,
    })
}

/// The card list field `name` of the observation, which must be there.
fn cards_field(obj: &Obj, name: &str) -> Result<Vec<Card>, String> {
    let list = obj
        .get(name)
        .ok_or_else(|| format!("the observation is missing \"{name}\""))?;
    read::cards(&list, &format!("the observation's \"{name}\""))
}

/// The cards as a set; a card named twice is an error naming the field.
fn distinct(cards: &[Card], field: &str) -> Result<CardSet, String> {
    let mut set = CardSet::EMPTY;
    for &card in cards {
        if !set.insert(card) {
            return Err(format!("the observation's \"{field}\" names {card} twice"));
        }
    }
    Ok(set)
}

/// A card given as text, or nothing; `what` names it in errors.
fn card_opt(value: Option<JsValue>, what: &str) -> Result<Option<Card>, String> {
    value
        .map(|v| {
            read::string(&v, what)?
                .parse::<Card>()
                .map_err(|e| format!("{what}: {e}"))
        })
        .transpose()
}

/// The hand or crib being shown.
fn showing(value: &JsValue) -> Result<Showing, String> {
    let show = Obj::new(value, "the showing")?;
    let kind = match show.string("kind")?.as_str() {
        "hand" => ShowKind::Hand,
        "crib" => ShowKind::Crib,
        other => return Err(format!("the showing's kind \"{other}\" is unknown")),
    };
    Ok(Showing {
        seat: show.whole("seat", 3)? as usize,
        kind,
        cards: read::cards(
            &show
                .get("cards")
                .ok_or("the showing is missing \"cards\"")?,
            "the showing's cards",
        )?,
        claimed: show.whole_opt("claimed", 29)?.map(|n| n as u8),
    })
}

/// The action a computer player of `level` ("easy", "medium", "hard",
/// "expert", or the yardstick "baseline") takes, as action text
/// (`"discard 5H 6C"`, `"play 5H"`, `"go"`, `"claim 12"`, `"muggins 14"`, …).
/// `observationJson` is the seat's observation as JSON; `seed` is the
/// bot's own seed: the same observation and seed give the same action.
///
/// # Errors
/// A JS `Error` when the text is not an observation, the level is unknown,
/// or it is not the seat's turn.
#[wasm_bindgen(js_name = aiDecide)]
pub fn ai_decide(observation_json: &str, level_name: &str, seed: u32) -> Result<String, JsError> {
    let obs = observation(observation_json)?;
    let action = ai::decide(level(level_name)?, &obs, u64::from(seed))?;
    Ok(action.to_string())
}

/// Every option open to the seat, valued as `level` values them, best
/// first: `{ kind: "discard", level, options: [{ discard, keep, hand, crib,
/// pegging, total, win_prob }] }`, `{ kind: "play", level, options: [{ card,
/// points, value, win_prob }] }`, `{ kind: "claim", points }`,
/// `{ kind: "muggins", missed }` or `{ kind: "nothing" }`. Cards are text.
///
/// # Errors
/// A JS `Error` when the text is not an observation, the level is unknown,
/// or it is not the seat's turn.
#[wasm_bindgen(js_name = coachAnalyze)]
pub fn coach_analyze(
    observation_json: &str,
    level_name: &str,
    seed: u32,
) -> Result<JsValue, JsError> {
    let obs = observation(observation_json)?;
    let analysis = coach::analyze(&obs, level(level_name)?, u64::from(seed))?;
    to_js(&analysis)
}

/// Reviews a game from its save text (finished or not): for each decision
/// of `seat` (every seat when `undefined` or `null`) with a real choice, the best
/// option as `level` sees it and what the choice cost. Returns `{ level,
/// decisions: [{ index, game, hand, seat, phase, chosen, best,
/// chosen_value, best_value, loss, unit, position }], points_lost: [per
/// seat] }`, where `chosen` and `best` are moves as data (`{ action, kind,
/// cards, points }`) and `position` is the table the player saw (`{ hand,
/// pile, count, starter, scores }`).
///
/// # Errors
/// A JS `Error` when the save cannot be restored, the seat is not at its
/// table, or the level is unknown.
#[wasm_bindgen(js_name = reviewGame)]
pub fn review_game(
    save_json: &str,
    seat: JsValue,
    level_name: &str,
    seed: u32,
) -> Result<JsValue, JsError> {
    let AnySession::Cribbage(session) = restore_text(save_json)?;
    let seats: Vec<usize> = if seat.is_undefined() || seat.is_null() {
        Vec::new()
    } else {
        vec![seat_arg(&seat, session.game().rules().players())?]
    };
    to_js(&review::review_session(
        &session,
        &seats,
        level(level_name)?,
        u64::from(seed),
    ))
}

/// Builds the tables the computer players use (a few milliseconds), so the
/// first decision is as quick as the rest: call it once when the worker starts.
#[wasm_bindgen(js_name = aiPrepare)]
pub fn ai_prepare() {
    ai::prepare();
}
