//! The handle over any game of the family but standard cribbage, written
//! once over [`State`]: what the family module (`--features module-family`,
//! built into `www/pkg-family/`) keeps behind the same numbered `game…`
//! exports as the cribbage module's (`handles.rs`), so `www/js/game-handle.js`
//! wraps either module the same way. Noddy is its first game.
//!
//! Standard cribbage keeps its own handle (`game.rs`), whose saves and rules
//! are read with hand-written readers to keep the first download small.
//! These modules load only when their game is chosen, so they read JSON
//! with serde_json: no second copy of any schema.

use super::args::{parse_seed, seat_arg, to_json_text};
use super::to_js;
use crate::ai::{DecideError, Level};
use crate::games::{GameKind, Outcome, State};
use crate::record::{MAX_SAVE_BYTES, RecordError, Saved, Session};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// What a game's module adds to [`State`] for the page: its phase by name,
/// its computer players and its coach.
pub(crate) trait Family: State<Observation: Serialize, Event: Serialize> {
    /// The phase, as the observation names it (`"play"`, `"over"`, …).
    fn phase_name(&self) -> String;

    /// The game's name, as rules objects and saves name it.
    fn kind_name() -> &'static str;

    /// A computer player's action for the seat of `obs`.
    ///
    /// # Errors
    /// [`DecideError`] when the seat cannot act.
    fn decide(
        level: Level,
        obs: &Self::Observation,
        seed: u64,
    ) -> Result<Self::Action, DecideError>;

    /// The coach's analysis of the seat's options.
    type Analysis: Serialize;

    /// Every option open to the seat of `obs`, valued as `level` values them.
    ///
    /// # Errors
    /// [`DecideError`] when the seat is not to act.
    fn analyze(
        level: Level,
        obs: &Self::Observation,
        seed: u64,
    ) -> Result<Self::Analysis, DecideError>;

    /// A game reviewed.
    type Review: Serialize;

    /// Each decision of `seats` (every seat when empty) judged by `level`.
    fn review(session: &Session<Self>, seats: &[usize], level: Level, seed: u64) -> Self::Review;
}

impl Family for crate::games::noddy::Game {
    fn kind_name() -> &'static str {
        GameKind::Noddy.name()
    }

    fn phase_name(&self) -> String {
        match self.phase() {
            crate::games::noddy::Phase::Play => "play",
            crate::games::noddy::Phase::Over => "over",
        }
        .to_string()
    }

    fn decide(
        level: Level,
        obs: &crate::games::noddy::Observation,
        seed: u64,
    ) -> Result<crate::games::noddy::Action, DecideError> {
        crate::ai::noddy::decide(level, obs, seed)
    }

    type Analysis = crate::ai::noddy::coach::Analysis;

    fn analyze(
        level: Level,
        obs: &crate::games::noddy::Observation,
        seed: u64,
    ) -> Result<Self::Analysis, DecideError> {
        crate::ai::noddy::coach::analyze(obs, level, seed)
    }

    type Review = crate::ai::noddy::coach::Review;

    fn review(session: &Session<Self>, seats: &[usize], level: Level, seed: u64) -> Self::Review {
        crate::ai::noddy::coach::review(session, seats, level, seed)
    }
}

/// A game of the family with its record.
pub(crate) struct FamilyHandle<G: Family> {
    session: Session<G>,
}

/// Restores a game of this module's kind from save text.
///
/// # Errors
/// A [`RecordError`]: not JSON, another game, a newer format, moves the
/// rules refuse.
pub(crate) fn restore_session<G: Family>(text: &str) -> Result<Session<G>, RecordError> {
    if text.len() > MAX_SAVE_BYTES {
        return Err(RecordError::Malformed(format!(
            "{} bytes is far larger than any saved game",
            text.len()
        )));
    }
    #[derive(serde::Deserialize)]
    struct Header {
        v: Option<u64>,
        game: Option<GameKind>,
    }
    let malformed = |e: serde_json::Error| RecordError::Malformed(e.to_string());
    let header: Header = serde_json::from_str(text).map_err(malformed)?;
    let kind = crate::record::saved_kind(header.v, header.game)?;
    let saved: Saved<G::Rules, G::Setup> = serde_json::from_str(text).map_err(malformed)?;
    let session = Session::from_saved(saved)?;
    if State::kind(session.game()) != kind {
        return Err(RecordError::NotBuilt(kind));
    }
    Ok(session)
}

impl<G: Family> FamilyHandle<G> {
    /// A new game from its rules, a plain object naming the game and its
    /// options (`{ game: "noddy" }`: Noddy has none), and a decimal seed.
    ///
    /// # Errors
    /// A JS `Error` for rules that do not name this game or that the game
    /// does not read, or a seed that is not a number.
    pub fn new(rules: JsValue, seed: &str) -> Result<FamilyHandle<G>, JsError> {
        // The game's name is read and taken out by JS's own object calls,
        // and the rest read by serde_json: a JSON value type in the module
        // would cost some 9 KB gzip.
        let name = G::kind_name();
        if !rules.is_object() {
            return Err(JsError::new(&format!(
                "the rules must be an object such as {{ game: \"{name}\" }}"
            )));
        }
        let game = js_sys::Reflect::get(&rules, &"game".into()).unwrap_or(JsValue::UNDEFINED);
        match game.as_string() {
            Some(game) if game == name => {}
            Some(game) => {
                return Err(JsError::new(&format!(
                    "the rules name the game \"{game}\": this module plays \"{name}\""
                )));
            }
            None => {
                return Err(JsError::new(&format!(
                    "the rules must name the game: {{ game: \"{name}\" }}"
                )));
            }
        }
        let options = js_sys::Object::assign(&js_sys::Object::new(), rules.unchecked_ref());
        let _ = js_sys::Reflect::delete_property(&options, &"game".into());
        let text = js_sys::JSON::stringify(&options)
            .ok()
            .and_then(|t| t.as_string())
            .unwrap_or_default();
        let rules: G::Rules = serde_json::from_str(&text)
            .map_err(|e| JsError::new(&format!("the rules are not {name}'s: {e}")))?;
        Ok(FamilyHandle {
            session: Session::new(G::new(rules, parse_seed(seed)?)),
        })
    }

    /// Restores a game from its save.
    ///
    /// # Errors
    /// A JS `Error` saying why the save cannot be restored; nothing is
    /// half-restored.
    pub fn restore(json: &str) -> Result<FamilyHandle<G>, JsError> {
        Ok(FamilyHandle {
            session: restore_session(json)?,
        })
    }

    fn game(&self) -> &G {
        self.session.game()
    }

    fn seat(&self, seat: &JsValue) -> Result<usize, JsError> {
        seat_arg(seat, self.game().players())
    }

    /// The save text (the same the native library writes).
    ///
    /// # Errors
    /// Only if the value cannot be made (never in practice).
    pub fn save(&self) -> Result<String, JsError> {
        to_json_text(&self.session.to_saved())
    }

    /// Which game of the family this is.
    pub fn kind(&self) -> String {
        self.game().kind().name().to_string()
    }

    /// The rules, as the plain object the constructor takes (the game
    /// named in it).
    ///
    /// # Errors
    /// Only if the value cannot be made (never in practice).
    pub fn rules(&self) -> Result<JsValue, JsError> {
        let rules = to_js(&self.game().rules())?;
        if rules.is_object() {
            let _ = js_sys::Reflect::set(&rules, &"game".into(), &G::kind_name().into());
        }
        Ok(rules)
    }

    /// The seed, as a decimal string.
    pub fn seed(&self) -> String {
        self.game().seed().to_string()
    }

    /// What `seat` may know.
    ///
    /// # Errors
    /// A JS `Error` for a seat that is not at the table.
    pub fn observation(&self, seat: JsValue) -> Result<JsValue, JsError> {
        let seat = self.seat(&seat)?;
        to_js(&self.game().observation(seat))
    }

    /// What `seat` may know, as JSON text.
    ///
    /// # Errors
    /// A JS `Error` for a seat that is not at the table.
    pub fn observation_json(&self, seat: JsValue) -> Result<String, JsError> {
        let seat = self.seat(&seat)?;
        to_json_text(&self.game().observation(seat))
    }

    /// The seat to act, or `undefined` when the game is over.
    pub fn to_act(&self) -> Option<usize> {
        self.game().current_player()
    }

    /// The phase by name.
    pub fn phase(&self) -> String {
        self.game().phase_name()
    }

    /// The legal actions of the seat to act, as action text.
    pub fn legal_actions(&self) -> Vec<String> {
        self.game()
            .legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Applies `action` for `seat` and returns the events it caused.
    ///
    /// # Errors
    /// A JS `Error` when the seat is not at the table or not to act, the
    /// text is not an action, or the rules refuse it; the game is then
    /// unchanged.
    pub fn apply(&mut self, seat: JsValue, action: &str) -> Result<JsValue, JsError> {
        let seat = self.seat(&seat)?;
        let action: G::Action = action
            .parse()
            .map_err(|e: <G::Action as std::str::FromStr>::Err| JsError::new(&e.to_string()))?;
        match self.game().current_player() {
            None => return Err(JsError::new("the game is over")),
            Some(to_act) if to_act != seat => {
                return Err(JsError::new(&format!(
                    "it is seat {to_act}'s turn, not seat {seat}'s"
                )));
            }
            Some(_) => {}
        }
        let first = self
            .session
            .apply(action)
            .map_err(|e| JsError::new(&e.to_string()))?;
        to_js(self.game().events().get(first..).unwrap_or_default())
    }

    /// Whether `seat` has a decision to take back.
    ///
    /// # Errors
    /// A JS `Error` for a seat that is not at the table.
    pub fn can_undo(&self, seat: JsValue) -> Result<bool, JsError> {
        let seat = self.seat(&seat)?;
        Ok(self.session.can_undo(seat))
    }

    /// Takes back `seat`'s last decision and every one after it.
    ///
    /// # Errors
    /// A JS `Error` for a seat not at the table or with nothing to take back.
    pub fn undo(&mut self, seat: JsValue) -> Result<usize, JsError> {
        let seat = self.seat(&seat)?;
        Ok(self.session.undo(seat)?)
    }

    /// Every event from index `from` on.
    ///
    /// # Errors
    /// Only if the value cannot be made.
    pub fn events(&self, from: usize) -> Result<JsValue, JsError> {
        to_js(self.game().events().get(from..).unwrap_or_default())
    }

    /// How many events there have been.
    pub fn event_count(&self) -> usize {
        self.game().events().len()
    }

    /// How many actions stand in the record (undone ones excluded).
    pub fn action_count(&self) -> usize {
        self.session
            .steps()
            .iter()
            .filter(|s| matches!(s, crate::record::Step::Act(_)))
            .count()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game().outcome().is_some()
    }

    /// The winning side once over, else `undefined`.
    pub fn winner(&self) -> Option<usize> {
        match self.game().outcome() {
            Some(Outcome::Winner { side }) => Some(side),
            _ => None,
        }
    }
}

/// The observation of `seat` in the game a save holds, when that seat is
/// to act: what the computer players and the coach are handed.
///
/// # Errors
/// A JS `Error` for a save that cannot be restored, or a seat not at the
/// table or not to act.
fn seat_to_decide<G: Family>(save: &str, seat: &JsValue) -> Result<G::Observation, JsError> {
    let session: Session<G> = restore_session(save)?;
    let game = session.game();
    let seat = seat_arg(seat, game.players())?;
    match game.current_player() {
        Some(s) if s == seat => Ok(game.observation(seat)),
        Some(s) => Err(JsError::new(&format!(
            "seat {seat} is not to act: it is seat {s}'s turn"
        ))),
        None => Err(JsError::new(&format!(
            "seat {seat} is not to act: the game is over"
        ))),
    }
}

/// The action a computer player of `level` (`"easy"` … `"expert"`) takes
/// for `seat`, from the game's save and the bot's seed: the text of one of
/// the legal actions. The same export the cribbage module makes, so the
/// page's worker asks every game the same way.
///
/// # Errors
/// A JS `Error` for a save that cannot be restored, a seat that is not at
/// the table or not to act, or a level that is not one.
#[wasm_bindgen(js_name = aiDecide)]
pub fn ai_decide(save: &str, seat: JsValue, level: &str, seed: u32) -> Result<String, JsError> {
    type G = crate::games::noddy::Game;
    let obs = seat_to_decide::<G>(save, &seat)?;
    let level: Level = level.parse()?;
    Ok(G::decide(level, &obs, u64::from(seed))?.to_string())
}

/// Every option open to `seat`, valued as `level` values them (the coach):
/// for Noddy `{ kind: "play", level, hands_that_fit, options: [{ action,
/// card, now, said, value }] }` best first, or `{ kind: "nothing" }`.
///
/// # Errors
/// As [`ai_decide`].
#[wasm_bindgen(js_name = coachAnalyze)]
pub fn coach_analyze(
    save: &str,
    seat: JsValue,
    level: &str,
    seed: u32,
) -> Result<JsValue, JsError> {
    type G = crate::games::noddy::Game;
    let obs = seat_to_decide::<G>(save, &seat)?;
    let level: Level = level.parse()?;
    to_js(&G::analyze(level, &obs, u64::from(seed))?)
}

/// A game reviewed from its save (finished or not): each decision of
/// `seat` (both when `undefined` or `null`) with a choice, the best as
/// `level` sees it and what the choice cost: `{ level, decisions: [{
/// index, hand, seat, chosen, best, chosen_value, best_value, loss, held,
/// pile }], points_lost }`.
///
/// # Errors
/// A JS `Error` for a save that cannot be restored, a seat not at the
/// table, or a level that is not one.
#[wasm_bindgen(js_name = reviewGame)]
pub fn review_game(save: &str, seat: JsValue, level: &str, seed: u32) -> Result<JsValue, JsError> {
    type G = crate::games::noddy::Game;
    let session: Session<G> = restore_session(save)?;
    let seats: Vec<usize> = if seat.is_undefined() || seat.is_null() {
        Vec::new()
    } else {
        vec![seat_arg(&seat, session.game().players())?]
    };
    let level: Level = level.parse()?;
    to_js(&G::review(&session, &seats, level, u64::from(seed)))
}

/// Nothing to build ahead in this module; there so the worker starts every
/// module the same way.
#[wasm_bindgen(js_name = aiPrepare)]
pub fn ai_prepare() {}
