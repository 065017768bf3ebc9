//! The handle over any game of the family but standard cribbage, written
//! once over [`State`]: what the family module (`--features module-family`,
//! built into `www/pkg-family/`) keeps behind the same numbered `game…`
//! exports as the cribbage module's (`handles.rs`), so `www/js/game-handle.js`
//! wraps either module the same way. It plays Noddy, Costly Colours,
//! Cribbage Square Solitaire, Cribbage Solitaire and Table Top Cribbage: a
//! new game is one of them by its rules' `game`, a save by its own, and
//! `by_game!` is the one place that lists them.
//!
//! Standard cribbage keeps its own handle (`game.rs`). Saves and rules are
//! read here as there, by the browser's `JSON.parse` and the readers of
//! `read.rs`, not by serde_json: its deserializer, with the float parsing
//! and formatting it brings, was some 15 KB of this module's gzip, which
//! Costly Colours needed to stay within the family's download budget.

use super::args::{parse_seed, seat_arg, to_json_text};
use super::read::{self, Obj};
use super::to_js;
use crate::ai::{DecideError, Level};
use crate::cards::Card;
use crate::games::stacked::{DealSetup, Setup};
use crate::games::{
    GameKind, Outcome, State, costly_colours, noddy, solitaire, square_solitaire, table_top,
};
use crate::record::{RecordError, Saved, Session};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// What a game's module adds to [`State`] for the page: its phase by name,
/// its rules and stacked start read from plain objects, its computer
/// players and its coach.
pub(crate) trait Family: State<Observation: Serialize, Event: Serialize> {
    /// The phase, as the observation names it (`"play"`, `"over"`, …).
    fn phase_name(&self) -> String;

    /// The game, as rules objects and saves name it.
    const KIND: GameKind;

    /// Reads the game's rules from a plain object, which may also name the
    /// game when `named` (a new game's rules do, a save's do not).
    ///
    /// # Errors
    /// What is wrong with them, for the message.
    fn read_rules(rules: &Obj, named: bool) -> Result<Self::Rules, String>;

    /// Reads a save's stacked start, which the game checks when it is made.
    ///
    /// # Errors
    /// What is wrong with it, for the message.
    fn read_setup(value: &JsValue) -> Result<Self::Setup, String>;

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

impl Family for noddy::Game {
    const KIND: GameKind = GameKind::Noddy;

    fn read_rules(rules: &Obj, named: bool) -> Result<noddy::Rules, String> {
        no_options(rules, named)
    }

    fn read_setup(value: &JsValue) -> Result<Setup, String> {
        setup(value)
    }

    fn phase_name(&self) -> String {
        match self.phase() {
            noddy::Phase::Play => "play",
            noddy::Phase::Over => "over",
        }
        .to_string()
    }

    fn decide(
        level: Level,
        obs: &noddy::Observation,
        seed: u64,
    ) -> Result<noddy::Action, DecideError> {
        crate::ai::noddy::decide(level, obs, seed)
    }

    type Analysis = crate::ai::noddy::coach::Analysis;

    fn analyze(
        level: Level,
        obs: &noddy::Observation,
        seed: u64,
    ) -> Result<Self::Analysis, DecideError> {
        crate::ai::noddy::coach::analyze(obs, level, seed)
    }

    type Review = crate::ai::noddy::coach::Review;

    fn review(session: &Session<Self>, seats: &[usize], level: Level, seed: u64) -> Self::Review {
        crate::ai::noddy::coach::review(session, seats, level, seed)
    }
}

impl Family for costly_colours::Game {
    const KIND: GameKind = GameKind::CostlyColours;

    fn read_rules(rules: &Obj, named: bool) -> Result<costly_colours::Rules, String> {
        no_options(rules, named)
    }

    fn read_setup(value: &JsValue) -> Result<Setup, String> {
        setup(value)
    }

    fn phase_name(&self) -> String {
        match self.phase() {
            costly_colours::Phase::Mog => "mog",
            costly_colours::Phase::Pass => "pass",
            costly_colours::Phase::Play => "play",
            costly_colours::Phase::Over => "over",
        }
        .to_string()
    }

    fn decide(
        level: Level,
        obs: &costly_colours::Observation,
        seed: u64,
    ) -> Result<costly_colours::Action, DecideError> {
        crate::ai::costly_colours::decide(level, obs, seed)
    }

    type Analysis = crate::ai::costly_colours::coach::Analysis;

    fn analyze(
        level: Level,
        obs: &costly_colours::Observation,
        seed: u64,
    ) -> Result<Self::Analysis, DecideError> {
        crate::ai::costly_colours::coach::analyze(obs, level, seed)
    }

    type Review = crate::ai::costly_colours::coach::Review;

    fn review(session: &Session<Self>, seats: &[usize], level: Level, seed: u64) -> Self::Review {
        crate::ai::costly_colours::coach::review(session, seats, level, seed)
    }
}

impl Family for square_solitaire::Game {
    const KIND: GameKind = GameKind::SquareSolitaire;

    fn read_rules(rules: &Obj, named: bool) -> Result<square_solitaire::Rules, String> {
        no_options(rules, named)
    }

    /// `{ cards: ["5H", …] }`: the first cards turned, in order.
    fn read_setup(value: &JsValue) -> Result<square_solitaire::Setup, String> {
        Ok(square_solitaire::Setup {
            cards: stacked_cards(value, "cards")?,
        })
    }

    fn phase_name(&self) -> String {
        match self.phase() {
            square_solitaire::Phase::Place => "place",
            square_solitaire::Phase::Over => "over",
        }
        .to_string()
    }

    /// Easy: greedy; Medium: the advisor on a sample small enough for a
    /// quick move; Hard and Expert: the advisor's full table
    /// ([`crate::ai::square_solitaire::coach`]).
    fn decide(
        level: Level,
        obs: &square_solitaire::Observation,
        seed: u64,
    ) -> Result<square_solitaire::Action, DecideError> {
        crate::ai::square_solitaire::coach::decide(level, obs, seed)
    }

    type Analysis = crate::ai::square_solitaire::coach::Analysis;

    fn analyze(
        level: Level,
        obs: &square_solitaire::Observation,
        seed: u64,
    ) -> Result<Self::Analysis, DecideError> {
        crate::ai::square_solitaire::coach::analyze(obs, level, seed)
    }

    type Review = crate::ai::square_solitaire::coach::Review;

    fn review(session: &Session<Self>, seats: &[usize], level: Level, seed: u64) -> Self::Review {
        crate::ai::square_solitaire::coach::review(session, seats, level, seed)
    }
}

impl Family for solitaire::Game {
    const KIND: GameKind = GameKind::Solitaire;

    fn read_rules(rules: &Obj, named: bool) -> Result<solitaire::Rules, String> {
        no_options(rules, named)
    }

    /// `{ pack: ["5H", …] }`: the pack from the top.
    fn read_setup(value: &JsValue) -> Result<solitaire::Setup, String> {
        Ok(solitaire::Setup {
            pack: stacked_cards(value, "pack")?,
        })
    }

    fn phase_name(&self) -> String {
        match self.phase() {
            solitaire::Phase::LayAway => "lay_away",
            solitaire::Phase::Over => "over",
        }
        .to_string()
    }

    /// Easy: greedy (the best hand, blind to the crib); Medium to Expert:
    /// the advisor, exact ([`crate::ai::solitaire::coach`]).
    fn decide(
        level: Level,
        obs: &solitaire::Observation,
        seed: u64,
    ) -> Result<solitaire::Action, DecideError> {
        crate::ai::solitaire::coach::decide(level, obs, seed)
    }

    type Analysis = crate::ai::solitaire::coach::Analysis;

    fn analyze(
        level: Level,
        obs: &solitaire::Observation,
        _seed: u64,
    ) -> Result<Self::Analysis, DecideError> {
        crate::ai::solitaire::coach::analyze(obs, level)
    }

    type Review = crate::ai::solitaire::coach::Review;

    fn review(session: &Session<Self>, seats: &[usize], level: Level, _seed: u64) -> Self::Review {
        crate::ai::solitaire::coach::review(session, seats, level)
    }
}

impl Family for table_top::Game {
    const KIND: GameKind = GameKind::TableTop;

    /// `{ players: 2 | 4 }`: 2 when a new game's rules leave it out (a
    /// save's always name it, as the native library writes them).
    fn read_rules(rules: &Obj, named: bool) -> Result<table_top::Rules, String> {
        rules.only(if named {
            &["game", "players"]
        } else {
            &["players"]
        })?;
        let players = if named {
            rules.whole_opt("players", 255)?.unwrap_or(2)
        } else {
            rules.whole("players", 255)?
        };
        table_top::Rules::new(players as u8).map_err(|e| e.to_string())
    }

    /// `{ first_dealer, scores?, deals?: [{ stacks: [["5H", …], …], centre
    /// }] }`: each seat's stack top first.
    fn read_setup(value: &JsValue) -> Result<table_top::Setup, String> {
        let obj = Obj::new(value, "the setup")?;
        obj.only(&["first_dealer", "scores", "deals"])?;
        let mut deals = Vec::new();
        for deal in obj.array_opt("deals")?.unwrap_or_default().iter() {
            let d = Obj::new(&deal, "a setup deal")?;
            d.only(&["stacks", "centre"])?;
            let mut stacks = Vec::new();
            for stack in d.array("stacks")?.iter() {
                stacks.push(read::cards(&stack, "a setup stack")?);
            }
            let centre = d
                .string("centre")?
                .parse::<Card>()
                .map_err(|e| format!("a setup centre: {e}"))?;
            deals.push(table_top::DealSetup { stacks, centre });
        }
        Ok(table_top::Setup {
            first_dealer: obj.whole("first_dealer", 3)? as usize,
            scores: setup_scores(&obj)?,
            deals,
        })
    }

    fn phase_name(&self) -> String {
        match self.phase() {
            table_top::Phase::Place => "place",
            table_top::Phase::Over => "over",
        }
        .to_string()
    }

    /// Easy, Medium and Hard as [`crate::ai::table_top`] plays them;
    /// Expert plays as Hard.
    fn decide(
        level: Level,
        obs: &table_top::Observation,
        seed: u64,
    ) -> Result<table_top::Action, DecideError> {
        crate::ai::table_top::decide(level, obs, seed)
    }

    type Analysis = crate::ai::table_top::coach::Analysis;

    fn analyze(
        level: Level,
        obs: &table_top::Observation,
        seed: u64,
    ) -> Result<Self::Analysis, DecideError> {
        crate::ai::table_top::coach::analyze(obs, level, seed)
    }

    type Review = crate::ai::table_top::coach::Review;

    fn review(session: &Session<Self>, seats: &[usize], level: Level, seed: u64) -> Self::Review {
        crate::ai::table_top::coach::review(session, seats, level, seed)
    }
}

/// A solitaire's stacked start, `{ [field]: ["5H", …] }`: its one list
/// of cards, in order.
fn stacked_cards(value: &JsValue, field: &str) -> Result<Vec<Card>, String> {
    let obj = Obj::new(value, "the setup")?;
    obj.only(&[field])?;
    let cards = obj
        .get(field)
        .ok_or_else(|| format!("the setup is missing \"{field}\""))?;
    read::cards(&cards, &format!("the setup's {field}"))
}

/// The rules of a game with no options: `{}`, or `{ game }` when `named`.
fn no_options<R: Default>(rules: &Obj, named: bool) -> Result<R, String> {
    rules.only(if named { &["game"] } else { &[] })?;
    Ok(R::default())
}

/// Runs `$body` with `$g` the game `$kind` names, or `$other` for a game
/// this module does not play: the one list of the module's games.
macro_rules! by_game {
    ($kind:expr, $g:ident => $body:expr, $not:pat => $other:expr) => {
        match $kind {
            GameKind::Noddy => {
                type $g = noddy::Game;
                $body
            }
            GameKind::CostlyColours => {
                type $g = costly_colours::Game;
                $body
            }
            GameKind::SquareSolitaire => {
                type $g = square_solitaire::Game;
                $body
            }
            GameKind::Solitaire => {
                type $g = solitaire::Game;
                $body
            }
            GameKind::TableTop => {
                type $g = table_top::Game;
                $body
            }
            $not => $other,
        }
    };
}

/// The games this module plays, for messages.
const PLAYS: &str =
    "\"noddy\", \"costly-colours\", \"square-solitaire\", \"solitaire\" and \"table-top\"";

/// The error for a game this module does not play.
fn not_played(kind: GameKind) -> JsError {
    JsError::new(&format!(
        "this module plays {PLAYS}, not \"{}\"",
        kind.name()
    ))
}

/// What the numbered exports (`handles.rs`) ask of a game of the family:
/// [`FamilyHandle`]'s methods, whichever game it holds.
pub(crate) trait Handle {
    /// The save text (the same the native library writes).
    ///
    /// # Errors
    /// Only if the value cannot be made (never in practice).
    fn save(&self) -> Result<String, JsError>;
    /// Which game of the family this is.
    fn kind(&self) -> String;
    /// The rules, as the plain object the constructor takes (the game
    /// named in it).
    ///
    /// # Errors
    /// Only if the value cannot be made (never in practice).
    fn rules(&self) -> Result<JsValue, JsError>;
    /// The seed, as a decimal string.
    fn seed(&self) -> String;
    /// What `seat` may know.
    ///
    /// # Errors
    /// A JS `Error` for a seat that is not at the table.
    fn observation(&self, seat: JsValue) -> Result<JsValue, JsError>;
    /// What `seat` may know, as JSON text.
    ///
    /// # Errors
    /// A JS `Error` for a seat that is not at the table.
    fn observation_json(&self, seat: JsValue) -> Result<String, JsError>;
    /// The seat to act, or `undefined` when the game is over.
    fn to_act(&self) -> Option<usize>;
    /// The phase by name.
    fn phase(&self) -> String;
    /// The legal actions of the seat to act, as action text.
    fn legal_actions(&self) -> Vec<String>;
    /// Applies `action` for `seat` and returns the events it caused.
    ///
    /// # Errors
    /// A JS `Error` when the seat is not at the table or not to act, the
    /// text is not an action, or the rules refuse it; the game is then
    /// unchanged.
    fn apply(&mut self, seat: JsValue, action: &str) -> Result<JsValue, JsError>;
    /// Whether `seat` has a decision to take back.
    ///
    /// # Errors
    /// A JS `Error` for a seat that is not at the table.
    fn can_undo(&self, seat: JsValue) -> Result<bool, JsError>;
    /// Takes back `seat`'s last decision and every one after it.
    ///
    /// # Errors
    /// A JS `Error` for a seat not at the table or with nothing to take back.
    fn undo(&mut self, seat: JsValue) -> Result<usize, JsError>;
    /// Every event from index `from` on.
    ///
    /// # Errors
    /// Only if the value cannot be made.
    fn events(&self, from: usize) -> Result<JsValue, JsError>;
    /// How many events there have been.
    fn event_count(&self) -> usize;
    /// How many actions stand in the record (undone ones excluded).
    fn action_count(&self) -> usize;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The winning side once over, else `undefined`.
    fn winner(&self) -> Option<usize>;
    /// The action a computer player of `level` takes for `seat`.
    ///
    /// # Errors
    /// A JS `Error` for a seat not at the table or not to act.
    fn decide(&self, seat: &JsValue, level: Level, seed: u64) -> Result<String, JsError>;
    /// The coach's analysis of `seat`'s options, valued by `level`.
    ///
    /// # Errors
    /// As [`Handle::decide`].
    fn analyze(&self, seat: &JsValue, level: Level, seed: u64) -> Result<JsValue, JsError>;
    /// The game reviewed for `seat` (every seat when `undefined` or
    /// `null`) by `level`.
    ///
    /// # Errors
    /// A JS `Error` for a seat not at the table.
    fn review(&self, seat: &JsValue, level: Level, seed: u64) -> Result<JsValue, JsError>;
}

/// The game a numbered handle holds: one of the module's games, behind the
/// one [`Handle`] written once over [`Family`], so the exports need no
/// copy per game.
pub(crate) struct Held(Box<dyn Handle>);

impl Held {
    /// A new game from its rules, a plain object naming the game and its
    /// options (`{ game: "noddy" }`, `{ game: "costly-colours" }`, `{ game:
    /// "square-solitaire" }`, `{ game: "solitaire" }`: none has any; `{
    /// game: "table-top", players: 2 | 4 }`, 2 when left out), and a
    /// decimal seed.
    ///
    /// # Errors
    /// A JS `Error` for rules that name no game this module plays, options
    /// the game does not read, or a seed that is not a number.
    pub fn new(rules: JsValue, seed: &str) -> Result<Held, JsError> {
        let rules = Obj::new(&rules, "the rules")
            .map_err(|_| JsError::new("the rules must be an object such as { game: \"noddy\" }"))?;
        let Some(name) = rules.get("game").and_then(|g| g.as_string()) else {
            return Err(JsError::new(&format!(
                "the rules must name the game, as {{ game: \"noddy\" }}: this module plays {PLAYS}"
            )));
        };
        let refused = || {
            JsError::new(&format!(
                "the rules name the game \"{name}\": this module plays {PLAYS}"
            ))
        };
        let kind: GameKind = name.parse().map_err(|_| refused())?;
        by_game!(kind,
            G => Ok(Held(Box::new(FamilyHandle::<G>::new(&rules, seed)?))),
            _ => Err(refused()))
    }

    /// Restores a game from its save, of the game the save names.
    ///
    /// # Errors
    /// A JS `Error` saying why the save cannot be restored; nothing is
    /// half-restored.
    pub fn restore(json: &str) -> Result<Held, JsError> {
        let (save, v, game, kind) = read::save_start(json)?;
        by_game!(kind,
            G => Ok(Held(Box::new(FamilyHandle {
                session: restore_session::<G>(&save, v, game)?,
            }))),
            other => Err(not_played(other)))
    }
}

impl std::ops::Deref for Held {
    type Target = dyn Handle;

    fn deref(&self) -> &(dyn Handle + 'static) {
        &*self.0
    }
}

impl std::ops::DerefMut for Held {
    fn deref_mut(&mut self) -> &mut (dyn Handle + 'static) {
        &mut *self.0
    }
}

/// A game of the family with its record.
pub(crate) struct FamilyHandle<G: Family> {
    session: Session<G>,
}

/// Restores a game of `G`'s kind from its save, read by
/// [`read::save_start`] as far as its version `v` and the `game` it
/// names (the game `G` plays).
///
/// # Errors
/// A [`RecordError`]: fields missing, unknown or of the wrong kind, rules
/// the game does not read, moves it refuses.
fn restore_session<G: Family>(
    save: &JsValue,
    v: u64,
    game: Option<GameKind>,
) -> Result<Session<G>, RecordError> {
    let saved = saved_fields(save, v, game).map_err(RecordError::Malformed)?;
    let rules = Obj::new(&saved.rules, "the save's rules")
        .and_then(|rules| G::read_rules(&rules, false))
        .map_err(RecordError::Malformed)?;
    let setup = saved
        .setup
        .as_ref()
        .map(G::read_setup)
        .transpose()
        .map_err(RecordError::Malformed)?;
    Session::from_saved(Saved {
        rules,
        v: saved.v,
        game: saved.game,
        seed: saved.seed,
        setup,
        actions: saved.actions,
        scores: saved.scores,
    })
}

/// The fields of a save after its version and game, the rules and the
/// setup left for the game to read: written once for every game of the
/// module.
fn saved_fields(
    save: &JsValue,
    v: u64,
    game: Option<GameKind>,
) -> Result<Saved<JsValue, JsValue>, String> {
    let obj = Obj::new(save, "the save")?;
    obj.only(&["v", "game", "rules", "seed", "setup", "actions", "scores"])?;
    let rules = obj.get("rules").ok_or("the save is missing \"rules\"")?;
    let seed = obj.string("seed")?;
    let setup = obj.get("setup");
    // Loops rather than collecting into a `Result`: each such collect is
    // its own copy of the iterator-adapter machinery in the wasm module.
    // The steps stay text: `Session::from_saved` reads them.
    let mut actions = Vec::new();
    for a in obj.array("actions")?.iter() {
        actions.push(read::string(&a, "each action")?);
    }
    let scores = obj
        .get("scores")
        .map(|s| read::wholes(&s, "the save's scores", 65535))
        .transpose()?
        .map(|s| s.into_iter().map(|n| n as u16).collect());
    Ok(Saved {
        // `saved_kind` accepted it: a format this version reads.
        v: v as u32,
        game,
        rules,
        seed,
        setup,
        actions,
        scores,
    })
}

/// Reads a stacked start `{ first_dealer, scores?, deals?: [{ hands,
/// turnup }] }`; the game checks it when it is made.
fn setup(value: &JsValue) -> Result<Setup, String> {
    let obj = Obj::new(value, "the setup")?;
    obj.only(&["first_dealer", "scores", "deals"])?;
    let first_dealer = obj.whole("first_dealer", 3)? as usize;
    let scores = setup_scores(&obj)?;
    let mut deals = Vec::new();
    for deal in obj.array_opt("deals")?.unwrap_or_default().iter() {
        let d = Obj::new(&deal, "a setup deal")?;
        d.only(&["hands", "turnup"])?;
        let mut hands = Vec::new();
        for h in d.array("hands")?.iter() {
            hands.push(read::cards(&h, "a setup hand")?);
        }
        let turnup = d
            .string("turnup")?
            .parse::<Card>()
            .map_err(|e| format!("a setup turn-up: {e}"))?;
        deals.push(DealSetup { hands, turnup });
    }
    Ok(Setup {
        first_dealer,
        scores,
        deals,
    })
}

/// A stacked start's `scores`, each side's (none: all 0).
fn setup_scores(obj: &Obj) -> Result<Vec<u16>, String> {
    Ok(obj
        .get("scores")
        .map(|s| read::wholes(&s, "the setup's scores", 65535))
        .transpose()?
        .map(|s| s.into_iter().map(|n| n as u16).collect())
        .unwrap_or_default())
}

impl<G: Family> FamilyHandle<G> {
    /// A new game from its rules, a plain object that names this game
    /// ([`Held::new`] has read the name), and a decimal seed.
    ///
    /// # Errors
    /// A JS `Error` for options the game does not read, or a seed that is
    /// not a number.
    fn new(rules: &Obj, seed: &str) -> Result<FamilyHandle<G>, JsError> {
        let rules = G::read_rules(rules, true).map_err(|e| JsError::new(&e))?;
        Ok(FamilyHandle {
            session: Session::new(G::new(rules, parse_seed(seed)?)),
        })
    }

    fn game(&self) -> &G {
        self.session.game()
    }

    fn seat(&self, seat: &JsValue) -> Result<usize, JsError> {
        seat_arg(seat, self.game().players())
    }
}

impl<G: Family> Handle for FamilyHandle<G> {
    fn save(&self) -> Result<String, JsError> {
        to_json_text(&self.session.to_saved())
    }

    fn kind(&self) -> String {
        self.game().kind().name().to_string()
    }

    fn rules(&self) -> Result<JsValue, JsError> {
        let rules = to_js(&self.game().rules())?;
        if rules.is_object() {
            let _ = js_sys::Reflect::set(&rules, &"game".into(), &G::KIND.name().into());
        }
        Ok(rules)
    }

    fn seed(&self) -> String {
        self.game().seed().to_string()
    }

    fn observation(&self, seat: JsValue) -> Result<JsValue, JsError> {
        let seat = self.seat(&seat)?;
        to_js(&self.game().observation(seat))
    }

    fn observation_json(&self, seat: JsValue) -> Result<String, JsError> {
        let seat = self.seat(&seat)?;
        to_json_text(&self.game().observation(seat))
    }

    fn to_act(&self) -> Option<usize> {
        self.game().current_player()
    }

    fn phase(&self) -> String {
        self.game().phase_name()
    }

    fn legal_actions(&self) -> Vec<String> {
        self.game()
            .legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn apply(&mut self, seat: JsValue, action: &str) -> Result<JsValue, JsError> {
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

    fn can_undo(&self, seat: JsValue) -> Result<bool, JsError> {
        let seat = self.seat(&seat)?;
        Ok(self.session.can_undo(seat))
    }

    fn undo(&mut self, seat: JsValue) -> Result<usize, JsError> {
        let seat = self.seat(&seat)?;
        Ok(self.session.undo(seat)?)
    }

    fn events(&self, from: usize) -> Result<JsValue, JsError> {
        to_js(self.game().events().get(from..).unwrap_or_default())
    }

    fn event_count(&self) -> usize {
        self.game().events().len()
    }

    fn action_count(&self) -> usize {
        self.session
            .steps()
            .iter()
            .filter(|s| matches!(s, crate::record::Step::Act(_)))
            .count()
    }

    fn is_over(&self) -> bool {
        self.game().outcome().is_some()
    }

    fn winner(&self) -> Option<usize> {
        match self.game().outcome() {
            Some(Outcome::Winner { side }) => Some(side),
            _ => None,
        }
    }

    fn decide(&self, seat: &JsValue, level: Level, seed: u64) -> Result<String, JsError> {
        let obs = seat_to_decide(&self.session, seat)?;
        Ok(G::decide(level, &obs, seed)?.to_string())
    }

    fn analyze(&self, seat: &JsValue, level: Level, seed: u64) -> Result<JsValue, JsError> {
        let obs = seat_to_decide(&self.session, seat)?;
        to_js(&G::analyze(level, &obs, seed)?)
    }

    fn review(&self, seat: &JsValue, level: Level, seed: u64) -> Result<JsValue, JsError> {
        let seats: Vec<usize> = if seat.is_undefined() || seat.is_null() {
            Vec::new()
        } else {
            vec![self.seat(seat)?]
        };
        to_js(&G::review(&self.session, &seats, level, seed))
    }
}

/// The observation of `seat` in a game, when that seat is to act: what the
/// computer players and the coach are handed.
///
/// # Errors
/// A JS `Error` for a seat not at the table or not to act.
fn seat_to_decide<G: Family>(
    session: &Session<G>,
    seat: &JsValue,
) -> Result<G::Observation, JsError> {
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
    let held = Held::restore(save)?;
    held.decide(&seat, level.parse()?, u64::from(seed))
}

/// Every option open to `seat`, valued as `level` values them (the coach),
/// best first, in the game the save names. Noddy: `{ kind: "play", level,
/// hands_that_fit, options: [{ action, card, now, said, value }] }`.
/// Costly Colours: `{ kind: "mog", level, show, said, options: [{ action,
/// value, show, gives, passes }] }`, `{ kind: "pass", level, options: [{
/// action, card, value, pegs, keeps, gives }] }` or `{ kind: "play", level,
/// hands_that_fit, options: [{ action, card, counts, now, said, value }]
/// }`. Either: `{ kind: "nothing" }` when there is no choice. Cribbage
/// Square Solitaire: `{ kind: "place", level, card, samples, options: [{
/// action, cell, expected }] }`, every empty cell with its expected final
/// score (Easy and Medium: Medium's smaller sample). Cribbage Solitaire:
/// `{ kind: "lay_away", level, deal, starter, cribs, options: [{ action,
/// laid, hand, crib, total }] }`, the fifteen lay-aways with the hand's
/// count and the crib's exact expectation over the `cribs` pairs of unseen
/// cards. Table Top Cribbage: `{ kind: "place", level, card, options: [{
/// action, cell, row, col, value }] }`, every open cell with its value to
/// the seat's side less the other's as the level reckons it (see
/// [`crate::ai::table_top::coach`]).
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
    let held = Held::restore(save)?;
    held.analyze(&seat, level.parse()?, u64::from(seed))
}

/// A game reviewed from its save (finished or not): each decision of
/// `seat` (every seat when `undefined` or `null`) with a choice, the best as
/// `level` sees it and what the choice cost: `{ level, decisions: [{
/// index, hand, seat, chosen, best, chosen_value, best_value, loss, held,
/// pile }], points_lost }` (Costly Colours' decisions add `phase`, `"mog"`,
/// `"pass"` or `"play"`, and `turnup`). The solitaires: `{ level,
/// decisions, points_lost: [lost] }`, each decision Cribbage Square
/// Solitaire's `{ index, card, chosen, best, chosen_value, best_value,
/// loss }` (every placement with more than one cell open) or Cribbage
/// Solitaire's `{ index, deal, hand, starter, chosen, best, chosen_value,
/// best_value, loss }`, values in expected points. Table Top Cribbage: `{
/// level, decisions: [{ index, hand, seat, card, chosen, best,
/// chosen_value, best_value, loss }], points_lost }`, a total for each
/// seat, every placement with more than one cell open valued as the coach
/// values it.
///
/// # Errors
/// A JS `Error` for a save that cannot be restored, a seat not at the
/// table, or a level that is not one.
#[wasm_bindgen(js_name = reviewGame)]
pub fn review_game(save: &str, seat: JsValue, level: &str, seed: u32) -> Result<JsValue, JsError> {
    let held = Held::restore(save)?;
    held.review(&seat, level.parse()?, u64::from(seed))
}

/// Nothing to build ahead in this module; there so the worker starts every
/// module the same way.
#[wasm_bindgen(js_name = aiPrepare)]
pub fn ai_prepare() {}
