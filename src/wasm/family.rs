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
use super::parse_js;
use super::read::{self, Obj};
use crate::ai::{DecideError, Level};
use crate::cards::Card;
use crate::games::stacked::{DealSetup, Setup};
use crate::games::{
    GameKind, Outcome, State, costly_colours, noddy, solitaire, square_solitaire, table_top,
};
use crate::record::{RecordError, SAVE_VERSION, Saved, Session};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// What a game's module adds to [`State`] for the page: its phase by name,
/// its rules and stacked start read from plain objects, its computer
/// players and its coach.
pub(crate) trait Family: State<Observation: Serialize, Event: Serialize> + 'static {
    /// The phase, as the observation names it (`"play"`, `"over"`, …).
    fn phase_name(&self) -> &'static str;

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

    fn phase_name(&self) -> &'static str {
        match self.phase() {
            noddy::Phase::Play => "play",
            noddy::Phase::Over => "over",
        }
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

    fn phase_name(&self) -> &'static str {
        match self.phase() {
            costly_colours::Phase::Mog => "mog",
            costly_colours::Phase::Pass => "pass",
            costly_colours::Phase::Play => "play",
            costly_colours::Phase::Over => "over",
        }
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

    fn phase_name(&self) -> &'static str {
        match self.phase() {
            square_solitaire::Phase::Place => "place",
            square_solitaire::Phase::Over => "over",
        }
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

    fn phase_name(&self) -> &'static str {
        match self.phase() {
            solitaire::Phase::LayAway => "lay_away",
            solitaire::Phase::Over => "over",
        }
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

    /// `{ players: 2 | 4, seating?: "drawn" | "fixed" }`: 2 when a new
    /// game's rules leave it out (a save's always name it, as the native
    /// library writes them). Four are seated by the draw in a new game; a
    /// save of four that names no seating was written before the draw
    /// seated them, and is seated as it was played (`fixed`).
    fn read_rules(rules: &Obj, named: bool) -> Result<table_top::Rules, String> {
        rules.only(if named {
            &["game", "players", "seating"]
        } else {
            &["players", "seating"]
        })?;
        let players = if named {
            rules.whole_opt("players", 255)?.unwrap_or(2)
        } else {
            rules.whole("players", 255)?
        };
        let base = table_top::Rules::new(players as u8).map_err(|e| e.to_string())?;
        let seating = match rules.string_opt("seating")?.as_deref() {
            None if named || players != 4 => return Ok(base),
            None | Some("fixed") => table_top::Seating::Fixed,
            Some("drawn") => table_top::Seating::Drawn,
            Some(other) => {
                return Err(format!(
                    "the rules' seating \"{other}\" is not \"drawn\" or \"fixed\""
                ));
            }
        };
        base.with_seating(seating).map_err(|e| e.to_string())
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

    fn phase_name(&self) -> &'static str {
        match self.phase() {
            table_top::Phase::Place => "place",
            table_top::Phase::Over => "over",
        }
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

/// What a game of the family does its own way, behind one small vtable
/// per game: [`Session<G>`] over any [`Family`] game. Everything else the
/// numbered exports do — seats, turns, saves as text, restoring, undo, the
/// JS values — is written once, in [`Held`], over these methods: each
/// method written over `G` is a copy per game in the module, so they are
/// kept to what only the game can do.
trait Engine {
    /// Which game of the family this is.
    fn kind(&self) -> GameKind;
    /// Seats at the table.
    fn players(&self) -> usize;
    /// The seat to act, or `None` when the game is over.
    fn to_act(&self) -> Option<usize>;
    /// The phase by name (made a `String` once, in [`Held::phase`], not in
    /// each game's copy).
    fn phase(&self) -> &'static str;
    /// The legal actions of the seat to act, as action text.
    fn legal(&self) -> Vec<String>;
    /// The winning side once over.
    fn outcome(&self) -> Option<Outcome>;
    /// The seed.
    fn seed(&self) -> u64;
    /// The rules, as JSON text (the library's serde form).
    fn rules_json(&self) -> Result<String, JsError>;
    /// The stacked start, if any, as JSON text.
    fn setup_json(&self) -> Result<Option<String>, JsError>;
    /// Each step of the record as text: its action, or `redraw N`.
    fn step_texts(&self) -> Vec<String>;
    /// Who took each step (`None` for a redraw).
    fn actors(&self) -> &[Option<usize>];
    /// The highest epoch chance has been drawn in.
    fn epoch(&self) -> u32;
    /// Each side's score.
    fn scores(&self) -> Vec<u16>;
    /// What `seat` may know, as JSON text.
    fn observation_json(&self, seat: usize) -> Result<String, JsError>;
    /// Every event from index `from` on, as JSON text.
    fn events_json(&self, from: usize) -> Result<String, JsError>;
    /// How many events there have been.
    fn event_count(&self) -> usize;
    /// Applies the action `text` for `seat` (`None`: whoever is to act, as
    /// a replay does); returns the index of its first event.
    ///
    /// # Errors
    /// Why the text is not an action, the seat is not to act ([`turn`]) or
    /// the rules refuse it, in that order, for the message; the game is
    /// then unchanged.
    fn apply(&mut self, seat: Option<usize>, text: &str) -> Result<usize, String>;
    /// Draws chance afresh in `epoch` from here on (a step `redraw N`).
    fn redraw(&mut self, epoch: u32);
    /// The same game before its first step.
    fn fresh(&self) -> Box<dyn Engine>;
    /// The action a computer player of `level` takes for `seat`, which is
    /// to act, as text.
    fn decide(&self, seat: usize, level: Level, seed: u64) -> Result<String, JsError>;
    /// The coach's analysis of `seat`'s options, as JSON text.
    fn analyze(&self, seat: usize, level: Level, seed: u64) -> Result<String, JsError>;
    /// The game reviewed for `seats` (every seat when empty), as JSON text.
    fn review(&self, seats: &[usize], level: Level, seed: u64) -> Result<String, JsError>;
}

impl<G: Family> Engine for Session<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn players(&self) -> usize {
        self.game().players()
    }

    fn to_act(&self) -> Option<usize> {
        self.game().current_player()
    }

    fn phase(&self) -> &'static str {
        self.game().phase_name()
    }

    fn legal(&self) -> Vec<String> {
        let mut texts = Vec::new();
        for action in self.game().legal_actions() {
            texts.push(action.to_string());
        }
        texts
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game().outcome()
    }

    fn seed(&self) -> u64 {
        self.game().seed()
    }

    fn rules_json(&self) -> Result<String, JsError> {
        to_json_text(&self.game().rules())
    }

    fn setup_json(&self) -> Result<Option<String>, JsError> {
        self.game().setup().map(to_json_text).transpose()
    }

    fn step_texts(&self) -> Vec<String> {
        let mut texts = Vec::new();
        for step in self.steps() {
            texts.push(step.to_string());
        }
        texts
    }

    fn actors(&self) -> &[Option<usize>] {
        Session::actors(self)
    }

    fn epoch(&self) -> u32 {
        Session::epoch(self)
    }

    fn scores(&self) -> Vec<u16> {
        self.game().score_list()
    }

    fn observation_json(&self, seat: usize) -> Result<String, JsError> {
        to_json_text(&self.game().observation(seat))
    }

    fn events_json(&self, from: usize) -> Result<String, JsError> {
        to_json_text(self.game().events().get(from..).unwrap_or_default())
    }

    fn event_count(&self) -> usize {
        self.game().events().len()
    }

    fn apply(&mut self, seat: Option<usize>, text: &str) -> Result<usize, String> {
        let action: G::Action = text
            .parse()
            .map_err(|e: <G::Action as std::str::FromStr>::Err| e.to_string())?;
        if let Some(seat) = seat {
            turn(self.game().current_player(), seat)?;
        }
        Session::apply(self, action).map_err(|e| e.to_string())
    }

    fn redraw(&mut self, epoch: u32) {
        Session::redraw(self, epoch);
    }

    fn fresh(&self) -> Box<dyn Engine> {
        Box::new(Session::new(self.fresh_game()))
    }

    fn decide(&self, seat: usize, level: Level, seed: u64) -> Result<String, JsError> {
        let obs = self.game().observation(seat);
        Ok(G::decide(level, &obs, seed)?.to_string())
    }

    fn analyze(&self, seat: usize, level: Level, seed: u64) -> Result<String, JsError> {
        let obs = self.game().observation(seat);
        to_json_text(&G::analyze(level, &obs, seed)?)
    }

    fn review(&self, seats: &[usize], level: Level, seed: u64) -> Result<String, JsError> {
        to_json_text(&G::review(self, seats, level, seed))
    }
}

/// Whether `seat` may act when `to_act` is to: the message when not.
///
/// # Errors
/// The game is over, or it is another seat's turn.
fn turn(to_act: Option<usize>, seat: usize) -> Result<(), String> {
    match to_act {
        None => Err("the game is over".into()),
        Some(to_act) if to_act != seat => {
            Err(format!("it is seat {to_act}'s turn, not seat {seat}'s"))
        }
        Some(_) => Ok(()),
    }
}

/// A new game of `G` from its rules, a plain object that names this game
/// ([`Held::new`] has read the name), and its seed.
///
/// # Errors
/// What is wrong with the rules, for the message.
fn create<G: Family>(rules: &Obj, seed: u64) -> Result<Box<dyn Engine>, String> {
    let rules = G::read_rules(rules, true)?;
    Ok(Box::new(Session::new(G::new(rules, seed))))
}

/// A game of `G` as a save starts it, before its steps: its rules and
/// stacked start read from the save's plain objects (the rules already
/// known to be an object, by [`restore_engine`], once for every game).
///
/// # Errors
/// A [`RecordError`]: rules or a setup the game does not read or cannot
/// play.
fn start<G: Family>(
    rules: &Obj,
    setup: Option<&JsValue>,
    seed: u64,
) -> Result<Box<dyn Engine>, RecordError> {
    let rules = G::read_rules(rules, false).map_err(RecordError::Malformed)?;
    let game = match setup {
        Some(setup) => {
            let setup = G::read_setup(setup).map_err(RecordError::Malformed)?;
            G::with_setup(rules, seed, setup).map_err(|e| RecordError::Setup(e.to_string()))?
        }
        None => G::new(rules, seed),
    };
    Ok(Box::new(Session::new(game)))
}

/// Takes the record's `steps` on `engine`, from the step numbered `from`,
/// as `Session::from_saved` replays a save: each an action or `redraw N`.
///
/// # Errors
/// [`RecordError::Illegal`] for the first step that is not one or that the
/// rules refuse.
fn replay(engine: &mut dyn Engine, steps: &[String], from: usize) -> Result<(), RecordError> {
    for (index, text) in steps.iter().enumerate() {
        let illegal = |error: String| RecordError::Illegal {
            index: from + index,
            step: text.clone(),
            error,
        };
        match text.trim().strip_prefix("redraw ") {
            Some(epoch) => {
                let epoch = epoch
                    .trim()
                    .parse()
                    .map_err(|_| illegal(format!("\"{text}\": a redraw names a whole number")))?;
                engine.redraw(epoch);
            }
            None => {
                engine.apply(None, text).map_err(illegal)?;
            }
        }
    }
    Ok(())
}

/// The game a numbered handle holds: one of the module's games, behind
/// the one [`Engine`] vtable, so the exports need no copy per game.
pub(crate) struct Held(Box<dyn Engine>);

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
        type Create = fn(&Obj, u64) -> Result<Box<dyn Engine>, String>;
        let create: Create = by_game!(kind, G => create::<G>, _ => return Err(refused()));
        let seed = parse_seed(seed)?;
        Ok(Held(create(&rules, seed).map_err(|e| JsError::new(&e))?))
    }

    /// Restores a game from its save, of the game the save names, as
    /// `Session::from_saved` does natively: the start, every step, and
    /// the scores checked.
    ///
    /// # Errors
    /// A JS `Error` saying why the save cannot be restored; nothing is
    /// half-restored.
    pub fn restore(json: &str) -> Result<Held, JsError> {
        Ok(Held(restore_engine(json)?))
    }

    /// The seat argument, read against this game's table.
    fn seat(&self, seat: &JsValue) -> Result<usize, JsError> {
        seat_arg(seat, self.0.players())
    }

    /// The seat argument, when that seat is to act: whom the computer
    /// players and the coach may be asked about.
    ///
    /// # Errors
    /// A JS `Error` for a seat not at the table or not to act.
    fn seat_to_decide(&self, seat: &JsValue) -> Result<usize, JsError> {
        let seat = self.seat(seat)?;
        match self.0.to_act() {
            Some(s) if s == seat => Ok(seat),
            Some(s) => Err(JsError::new(&format!(
                "seat {seat} is not to act: it is seat {s}'s turn"
            ))),
            None => Err(JsError::new(&format!(
                "seat {seat} is not to act: the game is over"
            ))),
        }
    }

    /// The save text (the same the native library writes: `Saved`'s
    /// fields in its order).
    ///
    /// # Errors
    /// Only if the value cannot be made (never in practice).
    pub fn save(&self) -> Result<String, JsError> {
        let e = &*self.0;
        // Numbers by the JSON writer, not `to_string`'s formatting.
        let mut out = String::from("{\"v\":");
        out.push_str(&to_json_text(&SAVE_VERSION)?);
        out.push_str(",\"game\":");
        out.push_str(&to_json_text(e.kind().name())?);
        out.push_str(",\"rules\":");
        out.push_str(&e.rules_json()?);
        out.push_str(",\"seed\":");
        // The seed as a string of digits: nothing in it to escape.
        out.push('"');
        out.push_str(&to_json_text(&e.seed())?);
        out.push('"');
        if let Some(setup) = e.setup_json()? {
            out.push_str(",\"setup\":");
            out.push_str(&setup);
        }
        out.push_str(",\"actions\":");
        out.push_str(&to_json_text(&e.step_texts())?);
        out.push_str(",\"scores\":");
        out.push_str(&to_json_text(&e.scores())?);
        out.push('}');
        Ok(out)
    }

    /// Which game of the family this is.
    pub fn kind(&self) -> String {
        self.0.kind().name().to_string()
    }

    /// The rules, as the plain object the constructor takes (the game
    /// named in it).
    ///
    /// # Errors
    /// Only if the value cannot be made (never in practice).
    pub fn rules(&self) -> Result<JsValue, JsError> {
        let rules = parse_js(Ok(self.0.rules_json()?))?;
        if rules.is_object() {
            let _ = js_sys::Reflect::set(&rules, &"game".into(), &self.0.kind().name().into());
        }
        Ok(rules)
    }

    /// The seed, as a decimal string.
    pub fn seed(&self) -> String {
        self.0.seed().to_string()
    }

    /// What `seat` may know, as JSON text.
    ///
    /// # Errors
    /// A JS `Error` for a seat that is not at the table.
    pub fn observation_json(&self, seat: JsValue) -> Result<String, JsError> {
        let seat = self.seat(&seat)?;
        self.0.observation_json(seat)
    }

    /// The seat to act, or `undefined` when the game is over.
    pub fn to_act(&self) -> Option<usize> {
        self.0.to_act()
    }

    /// The phase by name.
    pub fn phase(&self) -> String {
        self.0.phase().to_string()
    }

    /// The legal actions of the seat to act, as action text.
    pub fn legal_actions(&self) -> Vec<String> {
        self.0.legal()
    }

    /// Applies `action` for `seat` and returns the events it caused.
    ///
    /// # Errors
    /// A JS `Error` when the seat is not at the table or not to act, the
    /// text is not an action, or the rules refuse it; the game is then
    /// unchanged.
    pub fn apply(&mut self, seat: JsValue, action: &str) -> Result<JsValue, JsError> {
        let seat = self.seat(&seat)?;
        let first = self
            .0
            .apply(Some(seat), action)
            .map_err(|e| JsError::new(&e))?;
        self.events(first)
    }

    /// Whether `seat` has a decision to take back.
    ///
    /// # Errors
    /// A JS `Error` for a seat that is not at the table.
    pub fn can_undo(&self, seat: JsValue) -> Result<bool, JsError> {
        let seat = self.seat(&seat)?;
        Ok(self.0.actors().contains(&Some(seat)))
    }

    /// Takes back `seat`'s last decision and every step after it, and
    /// draws chance afresh from there on, as `Session::undo` does: the
    /// steps before it replayed, then `redraw N` with a new epoch. Returns
    /// how many decisions were taken back.
    ///
    /// # Errors
    /// A JS `Error` for a seat not at the table or with nothing to take
    /// back; the game is then unchanged.
    pub fn undo(&mut self, seat: JsValue) -> Result<usize, JsError> {
        let seat = self.seat(&seat)?;
        let actors = self.0.actors();
        let Some(at) = actors.iter().rposition(|&a| a == Some(seat)) else {
            return Err(RecordError::NothingToUndo(seat).into());
        };
        let taken = actors
            .get(at..)
            .unwrap_or_default()
            .iter()
            .filter(|a| a.is_some())
            .count();
        let mut steps = self.0.step_texts();
        steps.truncate(at);
        let epoch = self.0.epoch() + 1;
        let mut game = self.0.fresh();
        // The kept steps were legal once, from the same start: they are again.
        replay(&mut *game, &steps, 0)?;
        game.redraw(epoch);
        self.0 = game;
        Ok(taken)
    }

    /// Every event from index `from` on.
    ///
    /// # Errors
    /// Only if the value cannot be made.
    pub fn events(&self, from: usize) -> Result<JsValue, JsError> {
        parse_js(Ok(self.0.events_json(from)?))
    }

    /// How many events there have been.
    pub fn event_count(&self) -> usize {
        self.0.event_count()
    }

    /// How many actions stand in the record (undone ones excluded).
    pub fn action_count(&self) -> usize {
        self.0.actors().iter().filter(|a| a.is_some()).count()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.0.outcome().is_some()
    }

    /// The winning side once over, else `undefined`.
    pub fn winner(&self) -> Option<usize> {
        match self.0.outcome() {
            Some(Outcome::Winner { side }) => Some(side),
            _ => None,
        }
    }

    /// The action a computer player of `level` takes for `seat`.
    ///
    /// # Errors
    /// A JS `Error` for a seat not at the table or not to act.
    fn decide(&self, seat: &JsValue, level: Level, seed: u64) -> Result<String, JsError> {
        let seat = self.seat_to_decide(seat)?;
        self.0.decide(seat, level, seed)
    }

    /// The coach's analysis of `seat`'s options, valued by `level`.
    ///
    /// # Errors
    /// As [`Held::decide`].
    fn analyze(&self, seat: &JsValue, level: Level, seed: u64) -> Result<JsValue, JsError> {
        let seat = self.seat_to_decide(seat)?;
        parse_js(Ok(self.0.analyze(seat, level, seed)?))
    }

    /// The game reviewed for `seat` (every seat when `undefined` or
    /// `null`) by `level`.
    ///
    /// # Errors
    /// A JS `Error` for a seat not at the table.
    fn review(&self, seat: &JsValue, level: Level, seed: u64) -> Result<JsValue, JsError> {
        let seats: Vec<usize> = if seat.is_undefined() || seat.is_null() {
            Vec::new()
        } else {
            vec![self.seat(seat)?]
        };
        parse_js(Ok(self.0.review(&seats, level, seed)?))
    }
}

/// Restores a game from its save text: read by [`read::save_start`] as
/// far as its game, started by the game's own reader of rules and setup,
/// then every step replayed and the scores checked, as
/// `Session::from_saved` restores one (the family's games read every
/// format as written, so there is nothing to upgrade).
///
/// # Errors
/// A [`RecordError`]: fields missing, unknown or of the wrong kind, a game
/// this module does not play, rules the game does not read, moves it
/// refuses, scores that do not add up.
fn restore_engine(json: &str) -> Result<Box<dyn Engine>, JsError> {
    let (save, v, game, kind) = read::save_start(json)?;
    type Start = fn(&Obj, Option<&JsValue>, u64) -> Result<Box<dyn Engine>, RecordError>;
    let start: Start = by_game!(kind, G => start::<G>, other => return Err(not_played(other)));
    let saved = saved_fields(&save, v, game).map_err(RecordError::Malformed)?;
    let seed: u64 = saved
        .seed
        .parse()
        .map_err(|_| RecordError::Seed(saved.seed.clone()))?;
    let rules = Obj::new(&saved.rules, "the save's rules").map_err(RecordError::Malformed)?;
    let mut engine = start(&rules, saved.setup.as_ref(), seed)?;
    replay(&mut *engine, &saved.actions, 0)?;
    if let Some(saved_scores) = saved.scores {
        let replayed = engine.scores();
        if saved_scores != replayed {
            return Err(RecordError::ScoresDiffer {
                saved: saved_scores,
                replayed,
            }
            .into());
        }
    }
    Ok(engine)
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
/// `level` sees it and what the choice cost, in points: `{ game, level,
/// decisions, points_lost }`, `game` naming the game. Noddy's and Costly
/// Colours' decisions are `{ index, hand, seat, chosen, best, chosen_value,
/// best_value, loss, position }` (Costly Colours' add `phase`, `"mog"`,
/// `"pass"` or `"play"`), `position` the table the player saw (`{ hand,
/// pile, count, starter, scores }`, the turn-up as the starter). Table
/// Top's `{ index, hand, seat, card, chosen, best, chosen_value,
/// best_value, loss, direction, position }` and Cribbage Square
/// Solitaire's `{ index, card, chosen, best, chosen_value, best_value,
/// loss, position }`, `position` the grid as it stood (`{ grid, card,
/// cells: [{ action, cell, value }], scores }`); Cribbage Solitaire's `{
/// index, deal, chosen, best, chosen_value, best_value, loss, position }`,
/// `position` its `{ hand, crib, starter, score, options }`. `points_lost`
/// has a total for each seat.
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
