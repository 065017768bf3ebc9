//! Any game of the family, picked at run time: [`AnyGame`] holds one game
//! with its record ([`Session`]) and forwards everything a generic layer
//! asks — a new game from its rules, a restore from a save of any format,
//! the save, an action from its text, undo, the legal actions, whose turn
//! it is, the events and the observation as JSON, the computer players,
//! the coach and the review — to the game's [`State`](crate::games::State) and [`Game`].
//!
//! It is written in the manner of shakmaty's `VariantPosition`: the games
//! are listed once, in the `games!` invocation below, which makes the
//! enum's variants, the `match`es that lend the held game out as a trait
//! object ([`AnyGame`]'s `held` and `held_mut`, shakmaty's `borrow` and
//! `borrow_mut`), and the one that picks a game's type by its name
//! ([`AnyGame::visit`]). Every method
//! is written once, over any [`Game`], in [`Held`]'s blanket impl. Adding a
//! game to the family is one line there.
//!
//! Which games the enum carries is chosen by cargo features: `cribbage`
//! (standard and reverse cribbage) and `family` (the other five), both by
//! default. The browser's two modules carry one set each (see `build.sh`).
//!
//! Values cross in their serde forms: rules, saves and setups are read by
//! the `Deserialize` derives (one schema), and observations, events,
//! analyses and reviews are written as JSON; observations, analyses and
//! reviews name their game (`"game":"noddy"`).
//!
//! ```
//! use cribbage::family::AnyGame;
//! use serde_json::json;
//!
//! let mut game = AnyGame::new(&json!({ "game": "noddy" }), 7)?;
//! let seat = game.to_act().unwrap();
//! let action = game.decide(seat, cribbage::ai::Level::Medium, 1)?;
//! game.apply(seat, &action)?;
//! let save = game.to_json();
//! assert_eq!(AnyGame::from_json(&save)?.to_json(), save);
//! assert!(game.observation_json(seat)?.starts_with(r#"{"game":"noddy","#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(not(any(feature = "cribbage", feature = "family")))]
compile_error!("build with the feature `cribbage`, `family` or both: the games the enum carries");

use crate::ai::{DecideError, Game, Level};
use crate::games::{GameKind, Outcome, ParseGameKindError};
use crate::json::to_string as json;
use crate::record::{Header, MAX_SAVE_BYTES, RecordError, Saved, Session, saved_kind};
use crate::table::Seat;
use serde::Serialize;
use std::fmt;

/// Lists the games of the family once: the enum, lending the held game
/// out, and picking a type by its name all come from this list.
macro_rules! games {
    ($($(#[$attr:meta])* $variant:ident($game:ty),)*) => {
        /// A game of the family with its record, chosen at run time: see
        /// the module's documentation.
        #[derive(Debug, Clone)]
        #[allow(
            clippy::large_enum_variant,
            reason = "one game is held at a time, for the whole game: boxing would save nothing"
        )]
        pub enum AnyGame {
            $(
                $(#[$attr])*
                #[doc = concat!("A game of `", stringify!($game), "`.")]
                $variant(Session<$game>),
            )*
        }

        $(
            $(#[$attr])*
            impl Member for $game {
                fn into_any(session: Session<$game>) -> AnyGame {
                    AnyGame::$variant(session)
                }
            }
        )*

        impl AnyGame {
            /// The game held, as the one interface every method is written
            /// over.
            fn held(&self) -> &dyn Held {
                match self {
                    $($(#[$attr])* AnyGame::$variant(session) => session,)*
                }
            }

            /// The game held, to change it.
            fn held_mut(&mut self) -> &mut dyn Held {
                match self {
                    $($(#[$attr])* AnyGame::$variant(session) => session,)*
                }
            }

            /// Runs `visitor` with the type that plays `kind`.
            ///
            /// # Errors
            /// [`RecordError::NotBuilt`] for a game this build does not
            /// carry.
            pub fn visit<V: Visit>(kind: GameKind, visitor: V) -> Result<V::Out, RecordError> {
                $(
                    $(#[$attr])*
                    if <$game as Game>::KINDS.contains(&kind) {
                        return Ok(visitor.visit::<$game>(kind));
                    }
                )*
                let _ = visitor;
                Err(RecordError::NotBuilt(kind))
            }

            /// The games this build plays, in [`GameKind::ALL`]'s order.
            pub fn built() -> Vec<GameKind> {
                let mut kinds: Vec<GameKind> = Vec::new();
                $($(#[$attr])* kinds.extend(<$game as Game>::KINDS);)*
                GameKind::ALL.into_iter().filter(|k| kinds.contains(k)).collect()
            }
        }
    };
}

games! {
    #[cfg(feature = "cribbage")]
    Cribbage(crate::games::cribbage::Game),
    #[cfg(feature = "family")]
    Noddy(crate::games::noddy::Game),
    #[cfg(feature = "family")]
    CostlyColours(crate::games::costly_colours::Game),
    #[cfg(feature = "family")]
    TableTop(crate::games::table_top::Game),
    #[cfg(feature = "family")]
    SquareSolitaire(crate::games::square_solitaire::Game),
    #[cfg(feature = "family")]
    Solitaire(crate::games::solitaire::Game),
}

/// A game of the family that [`AnyGame`] carries in this build.
pub trait Member: Game {
    /// The session as the enum holds it.
    fn into_any(session: Session<Self>) -> AnyGame;
}

/// Code written over any game, run with the type a game's name picks
/// ([`AnyGame::visit`]): how the generic layers reach a game's rules,
/// constructors, audit and matches, which need its type.
pub trait Visit {
    /// What the code gives back.
    type Out;

    /// Runs with `G`, the type that plays `kind`.
    fn visit<G: Member>(self, kind: GameKind) -> Self::Out;
}

/// Why a new game could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NewGameError {
    /// The rules are not an object.
    NotAnObject,
    /// The rules' `game` is not a string.
    GameNotText,
    /// The rules' `game` is not a game of the family.
    Game(ParseGameKindError),
    /// A game of the family this build does not play.
    NotBuilt(GameKind),
    /// Options the game does not read, or values it does not play.
    Rules {
        /// The game.
        kind: GameKind,
        /// What is wrong, as the rules' reader says it.
        why: String,
    },
    /// The rules name one game and describe another (standard cribbage
    /// named, with reverse cribbage's goal).
    Mismatch {
        /// The game named.
        named: GameKind,
        /// The game the options describe.
        rules: GameKind,
    },
}

impl fmt::Display for NewGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NewGameError::NotAnObject => {
                f.write_str("the rules must be an object such as { \"game\": \"noddy\" }")
            }
            NewGameError::GameNotText => {
                f.write_str("the rules' game must be a game's name, such as \"noddy\"")
            }
            NewGameError::Game(e) => write!(f, "the rules' game: {e}"),
            NewGameError::NotBuilt(kind) => RecordError::NotBuilt(*kind).fmt(f),
            NewGameError::Rules { kind, why } => write!(f, "the rules of {}: {why}", kind.title()),
            NewGameError::Mismatch { named, rules } => write!(
                f,
                "the rules name {} but describe {}",
                named.title(),
                rules.title()
            ),
        }
    }
}

impl std::error::Error for NewGameError {}

/// Why a seat's action, or a decision asked for a seat, was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// No such seat at this table.
    NoSuchSeat {
        /// The seat asked for.
        seat: Seat,
        /// Seats at the table.
        players: usize,
    },
    /// The game is over.
    Over,
    /// Another seat is to act.
    NotYourTurn {
        /// The seat asked for.
        seat: Seat,
        /// The seat to act.
        to_act: Seat,
    },
    /// The text is not an action of this game.
    NotAnAction(String),
    /// The rules refuse the action (the game is unchanged).
    Illegal(String),
    /// The computer player could not decide.
    Decide(DecideError),
    /// Chances were asked of a game or table the engine has no model of
    /// them for.
    NoChances,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NoSuchSeat { seat, players } => write!(
                f,
                "seat {seat} is not at the table: seats are 0 to {}",
                players.saturating_sub(1)
            ),
            PlayError::Over => f.write_str("the game is over"),
            PlayError::NotYourTurn { seat, to_act } => {
                write!(f, "it is seat {to_act}'s turn, not seat {seat}'s")
            }
            PlayError::NotAnAction(why) | PlayError::Illegal(why) => f.write_str(why),
            PlayError::Decide(e) => e.fmt(f),
            PlayError::NoChances => {
                f.write_str("chances are for two-player standard cribbage only")
            }
        }
    }
}

impl std::error::Error for PlayError {}

impl From<DecideError> for PlayError {
    fn from(e: DecideError) -> PlayError {
        PlayError::Decide(e)
    }
}

/// A value with the name of its game first: `{"game":"noddy", …}`.
#[derive(Serialize)]
struct Named<'a, T> {
    game: GameKind,
    #[serde(flatten)]
    value: &'a T,
}

/// `text` read as an action of `G`.
fn action<G: Game>(text: &str) -> Result<G::Action, PlayError> {
    text.parse()
        .map_err(|e: <G::Action as std::str::FromStr>::Err| PlayError::NotAnAction(e.to_string()))
}

/// Everything [`AnyGame`] forwards, written once over any [`Game`] for its
/// [`Session`]: object-safe, so the enum lends its game out as one trait
/// object.
trait Held {
    fn kind(&self) -> GameKind;
    fn rules_json(&self) -> String;
    fn seed(&self) -> u64;
    fn players(&self) -> usize;
    fn to_act(&self) -> Option<Seat>;
    fn phase(&self) -> &'static str;
    fn legal_actions(&self) -> Vec<String>;
    fn read(&self, text: &str) -> Result<(), PlayError>;
    fn apply(&mut self, text: &str) -> Result<usize, PlayError>;
    fn can_undo(&self, seat: Seat) -> bool;
    fn undo(&mut self, seat: Seat) -> Result<usize, RecordError>;
    fn events_json(&self, from: usize) -> String;
    #[cfg(not(target_arch = "wasm32"))]
    fn event_lines(&self) -> Vec<String>;
    fn event_count(&self) -> usize;
    fn action_count(&self) -> usize;
    fn outcome(&self) -> Option<Outcome>;
    fn observation_json(&self, seat: Seat) -> String;
    fn to_json(&self) -> String;
    fn decide(&self, seat: Seat, level: Level, seed: u64) -> Result<String, DecideError>;
    fn analysis_json(&self, seat: Seat, level: Level, seed: u64) -> Result<String, DecideError>;
    fn review_json(&self, seats: &[Seat], level: Level, seed: u64) -> String;
    fn chances_json(&self) -> Option<String>;
    #[cfg(not(target_arch = "wasm32"))]
    fn tell(&self) -> String;
}

impl<G: Game> Held for Session<G> {
    fn kind(&self) -> GameKind {
        self.game().kind()
    }

    fn rules_json(&self) -> String {
        json(&Named {
            game: self.kind(),
            value: &self.game().rules(),
        })
    }

    fn seed(&self) -> u64 {
        self.game().seed()
    }

    fn players(&self) -> usize {
        self.game().players()
    }

    fn to_act(&self) -> Option<Seat> {
        self.game().current_player()
    }

    fn phase(&self) -> &'static str {
        self.game().phase_name()
    }

    fn legal_actions(&self) -> Vec<String> {
        self.game()
            .legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn read(&self, text: &str) -> Result<(), PlayError> {
        action::<G>(text).map(drop)
    }

    fn apply(&mut self, text: &str) -> Result<usize, PlayError> {
        Session::apply(self, action::<G>(text)?).map_err(|e| PlayError::Illegal(e.to_string()))
    }

    fn can_undo(&self, seat: Seat) -> bool {
        Session::can_undo(self, seat)
    }

    fn undo(&mut self, seat: Seat) -> Result<usize, RecordError> {
        Session::undo(self, seat)
    }

    fn events_json(&self, from: usize) -> String {
        json(self.game().events().get(from..).unwrap_or_default())
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn event_lines(&self) -> Vec<String> {
        self.game().events().iter().map(json).collect()
    }

    fn event_count(&self) -> usize {
        self.game().events().len()
    }

    fn action_count(&self) -> usize {
        self.actors().iter().filter(|a| a.is_some()).count()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game().outcome()
    }

    fn observation_json(&self, seat: Seat) -> String {
        json(&Named {
            game: self.kind(),
            value: &self.game().observation(seat),
        })
    }

    fn to_json(&self) -> String {
        Session::to_json(self)
    }

    fn decide(&self, seat: Seat, level: Level, seed: u64) -> Result<String, DecideError> {
        let obs = self.game().observation(seat);
        Ok(G::decide(level, &obs, seed)?.to_string())
    }

    fn analysis_json(&self, seat: Seat, level: Level, seed: u64) -> Result<String, DecideError> {
        let obs = self.game().observation(seat);
        let analysis = G::analyze(level, &obs, seed)?;
        Ok(json(&Named {
            game: self.kind(),
            value: &analysis,
        }))
    }

    /// Every game's review names its game itself.
    fn review_json(&self, seats: &[Seat], level: Level, seed: u64) -> String {
        json(&G::review(self, seats, level, seed))
    }

    fn chances_json(&self) -> Option<String> {
        G::chances(self).map(|points| json(&points))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tell(&self) -> String {
        G::tell(self)
    }
}

/// Restores a save of `G` (any format from 1) from its text, replaying
/// every step.
struct Restore<'a>(&'a str);

impl Visit for Restore<'_> {
    type Out = Result<AnyGame, RecordError>;

    fn visit<G: Member>(self, _kind: GameKind) -> Self::Out {
        let saved: Saved<G::Rules, G::Setup> =
            crate::json::from_str(self.0).map_err(|e| RecordError::Malformed(e.to_string()))?;
        Ok(G::into_any(Session::from_saved(saved)?))
    }
}

/// A new game of `G` from its rules' JSON.
struct Create<'a> {
    rules: &'a str,
    named: bool,
    seed: u64,
}

impl Visit for Create<'_> {
    type Out = Result<AnyGame, NewGameError>;

    fn visit<G: Member>(self, kind: GameKind) -> Self::Out {
        // The reader's words without where: the text it read is the
        // options laid over the defaults, not what anyone wrote.
        let rules: G::Rules =
            crate::json::from_str(self.rules).map_err(|e| NewGameError::Rules {
                kind,
                why: e.message().to_string(),
            })?;
        let game = G::new(rules, self.seed);
        if self.named && game.kind() != kind {
            return Err(NewGameError::Mismatch {
                named: kind,
                rules: game.kind(),
            });
        }
        Ok(G::into_any(Session::new(game)))
    }
}

/// `G`'s rules for a game of `kind`: the options given (every field but
/// `game`) laid over the game's defaults, then read by the rules' own
/// `Deserialize`, which refuses what the game does not play.
///
/// # Errors
/// [`NewGameError::Rules`] with the reader's words.
pub fn rules_of<G: Game>(
    kind: GameKind,
    options: &serde_json::Map<String, serde_json::Value>,
) -> Result<G::Rules, NewGameError> {
    let players = players_of(options);
    let rules = with_defaults(options, &default_rules::<G>(kind, players)).to_string();
    crate::json::from_str(&rules).map_err(|e| NewGameError::Rules {
        kind,
        why: e.message().to_string(),
    })
}

/// `G`'s default rules for `kind` (for `players` when the options name
/// them), as JSON.
fn default_rules<G: Game>(kind: GameKind, players: Option<usize>) -> String {
    json(&players.map_or_else(
        || G::default_rules(kind),
        |players| G::default_rules_for(kind, players),
    ))
}

/// The number of players `options` ask for, when they name a whole number.
fn players_of(options: &serde_json::Map<String, serde_json::Value>) -> Option<usize> {
    let players = options.get("players")?.as_u64()?;
    usize::try_from(players).ok()
}

/// The `options` (every field but `game`) laid over the `defaults` JSON.
fn with_defaults(
    options: &serde_json::Map<String, serde_json::Value>,
    defaults: &str,
) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(defaults).unwrap_or_default();
    if let Some(fields) = value.as_object_mut() {
        for (name, option) in options {
            if name != "game" {
                fields.insert(name.clone(), option.clone());
            }
        }
    }
    value
}

impl AnyGame {
    /// A new game from its rules: an object naming the game (`{ "game":
    /// "noddy" }`; standard cribbage when it names none) with any of its
    /// options, as the game's rules write them (`{ "players": 3, "target":
    /// 61, "counting": "muggins" }`); options left out take the game's
    /// defaults. `seed` fixes every card.
    ///
    /// # Errors
    /// [`NewGameError`]: not an object, not a game, a game this build does
    /// not carry, options the game does not play.
    pub fn new(rules: &serde_json::Value, seed: u64) -> Result<AnyGame, NewGameError> {
        let options = rules.as_object().ok_or(NewGameError::NotAnObject)?;
        let named = match options.get("game") {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::String(name)) => Some(name.as_str()),
            Some(_) => return Err(NewGameError::GameNotText),
        };
        let kind = AnyGame::named(named)?;
        let defaults = AnyGame::default_rules(kind, players_of(options))?;
        let rules = with_defaults(options, &defaults).to_string();
        AnyGame::with_rules(kind, named.is_some(), &rules, seed)
    }

    /// The game a rules object's `game` names: standard cribbage when it
    /// names none.
    ///
    /// # Errors
    /// [`NewGameError::Game`] for a name that is not a game of the family.
    pub fn named(game: Option<&str>) -> Result<GameKind, NewGameError> {
        game.map_or(Ok(GameKind::Cribbage), |name| {
            name.parse().map_err(NewGameError::Game)
        })
    }

    /// The rules a game of `kind` (for `players`, when the options name
    /// them) is dealt under when nothing else is asked, as JSON: the
    /// defaults a new game's options are laid over.
    ///
    /// # Errors
    /// [`NewGameError::NotBuilt`] for a game this build does not carry.
    pub fn default_rules(kind: GameKind, players: Option<usize>) -> Result<String, NewGameError> {
        /// `G`'s defaults.
        struct Defaults(Option<usize>);
        impl Visit for Defaults {
            type Out = String;
            fn visit<G: Member>(self, kind: GameKind) -> String {
                default_rules::<G>(kind, self.0)
            }
        }
        AnyGame::visit(kind, Defaults(players)).map_err(|_| NewGameError::NotBuilt(kind))
    }

    /// A new game of `kind` under `rules`, the JSON of the game's rules in
    /// full (see [`AnyGame::default_rules`]); `named` when the rules named
    /// the game, which they must then describe.
    ///
    /// # Errors
    /// [`NewGameError`]: a game this build does not carry, rules the game
    /// does not read or play, rules of another game than the one named.
    pub fn with_rules(
        kind: GameKind,
        named: bool,
        rules: &str,
        seed: u64,
    ) -> Result<AnyGame, NewGameError> {
        let create = Create { rules, named, seed };
        AnyGame::visit(kind, create).map_err(|_| NewGameError::NotBuilt(kind))?
    }

    /// Restores a game from its save text (any format from 1), replaying
    /// every step: the game the save names, or standard cribbage for
    /// format 1.
    ///
    /// # Errors
    /// [`RecordError`] saying what is wrong; nothing is half-restored.
    pub fn from_json(text: &str) -> Result<AnyGame, RecordError> {
        AnyGame::visit(AnyGame::saved_game(text)?, Restore(text))?
    }

    /// Which game a save holds, from its first fields alone (see
    /// [`saved_kind`]), whether or not this build plays it: so that a page
    /// with a module per game can ask whichever it has loaded which module
    /// restores a save, rather than trust what else is kept beside it.
    ///
    /// # Errors
    /// [`RecordError`] for a text that is not a save, too large to be one,
    /// or of a version this build does not read.
    pub fn saved_game(text: &str) -> Result<GameKind, RecordError> {
        if text.len() > MAX_SAVE_BYTES {
            return Err(RecordError::Malformed(format!(
                "{} bytes is far larger than any saved game",
                text.len()
            )));
        }
        let header: Header =
            crate::json::from_str(text).map_err(|e| RecordError::Malformed(e.to_string()))?;
        saved_kind(header.v, header.game)
    }

    /// The game as compact JSON, in the current save format.
    pub fn to_json(&self) -> String {
        self.held().to_json()
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        self.held().kind()
    }

    /// The rules as JSON naming the game: what [`AnyGame::new`] takes to
    /// deal the same game again.
    pub fn rules_json(&self) -> String {
        self.held().rules_json()
    }

    /// The seed every card comes from.
    pub fn seed(&self) -> u64 {
        self.held().seed()
    }

    /// Seats at the table.
    pub fn players(&self) -> usize {
        self.held().players()
    }

    /// The seat to act, or `None` when the game is over.
    pub fn to_act(&self) -> Option<Seat> {
        self.held().to_act()
    }

    /// The phase, as the observation names it.
    pub fn phase(&self) -> &'static str {
        self.held().phase()
    }

    /// The legal actions of the seat to act, as action text.
    pub fn legal_actions(&self) -> Vec<String> {
        self.held().legal_actions()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.held().outcome().is_some()
    }

    /// How the game came out, once it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.held().outcome()
    }

    /// How many events there have been.
    pub fn event_count(&self) -> usize {
        self.held().event_count()
    }

    /// How many actions stand in the record (undone ones left out).
    pub fn action_count(&self) -> usize {
        self.held().action_count()
    }

    /// `seat`, when it is at the table.
    ///
    /// # Errors
    /// [`PlayError::NoSuchSeat`].
    pub fn seat(&self, seat: Seat) -> Result<Seat, PlayError> {
        let players = self.players();
        if seat < players {
            Ok(seat)
        } else {
            Err(PlayError::NoSuchSeat { seat, players })
        }
    }

    /// `seat`, when it is at the table and to act.
    ///
    /// # Errors
    /// [`PlayError`]: no such seat, the game is over, another seat's turn.
    pub fn seat_to_act(&self, seat: Seat) -> Result<Seat, PlayError> {
        let seat = self.seat(seat)?;
        match self.to_act() {
            Some(to_act) if to_act == seat => Ok(seat),
            Some(to_act) => Err(PlayError::NotYourTurn { seat, to_act }),
            None => Err(PlayError::Over),
        }
    }

    /// Applies the action `text` for `seat` and records it; returns the
    /// index of the first event it caused.
    ///
    /// # Errors
    /// [`PlayError`], checked in this order: the seat is not at the table,
    /// the text is not an action, the seat is not to act, the rules refuse
    /// it. The game is then unchanged.
    pub fn apply(&mut self, seat: Seat, text: &str) -> Result<usize, PlayError> {
        self.seat(seat)?;
        // Read first, so a typing mistake is reported as one whoever's
        // turn it is.
        self.held().read(text)?;
        self.seat_to_act(seat)?;
        self.held_mut().apply(text)
    }

    /// Whether `seat` has a decision to take back.
    pub fn can_undo(&self, seat: Seat) -> bool {
        self.held().can_undo(seat)
    }

    /// Takes back `seat`'s last decision and every step after it, and draws
    /// chance afresh from there (see [`Session::undo`]); returns how many
    /// decisions were taken back.
    ///
    /// # Errors
    /// [`RecordError::NothingToUndo`]; the game is then unchanged.
    pub fn undo(&mut self, seat: Seat) -> Result<usize, RecordError> {
        self.held_mut().undo(seat)
    }

    /// Every event from index `from` on, as a JSON array.
    pub fn events_json(&self, from: usize) -> String {
        self.held().events_json(from)
    }

    /// Every event, each as one line of JSON: what `cribbage replay
    /// --jsonl` prints. The command line's alone, as [`AnyGame::tell`] is:
    /// no page asks for it, and a method of the game's trait object is
    /// built for every game a module carries whether anything calls it or
    /// not.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn event_lines(&self) -> Vec<String> {
        self.held().event_lines()
    }

    /// What `seat` may know, as JSON naming the game.
    ///
    /// # Errors
    /// [`PlayError::NoSuchSeat`].
    pub fn observation_json(&self, seat: Seat) -> Result<String, PlayError> {
        Ok(self.held().observation_json(self.seat(seat)?))
    }

    /// The action a computer player of `level` takes for `seat`, from that
    /// seat's observation and `seed` alone, as action text.
    ///
    /// # Errors
    /// [`PlayError`]: no such seat, not its turn, or the player cannot
    /// decide.
    pub fn decide(&self, seat: Seat, level: Level, seed: u64) -> Result<String, PlayError> {
        let seat = self.seat_to_act(seat)?;
        Ok(self.held().decide(seat, level, seed)?)
    }

    /// The coach's analysis of `seat`'s options, valued by `level`, as JSON
    /// naming the game.
    ///
    /// # Errors
    /// As [`AnyGame::decide`].
    pub fn analysis_json(&self, seat: Seat, level: Level, seed: u64) -> Result<String, PlayError> {
        let seat = self.seat_to_act(seat)?;
        Ok(self.held().analysis_json(seat, level, seed)?)
    }

    /// The game so far reviewed for `seats` (every seat when empty) by
    /// `level`, as JSON naming the game.
    ///
    /// # Errors
    /// [`PlayError::NoSuchSeat`].
    pub fn review_json(
        &self,
        seats: &[Seat],
        level: Level,
        seed: u64,
    ) -> Result<String, PlayError> {
        for &seat in seats {
            self.seat(seat)?;
        }
        Ok(self.held().review_json(seats, level, seed))
    }

    /// Each side's chances to win through the game so far, as a JSON array
    /// (see [`Game::chances`]): the page's meter and chart.
    ///
    /// # Errors
    /// [`PlayError::NoChances`] for a game or table without a model of
    /// chances.
    pub fn chances_json(&self) -> Result<String, PlayError> {
        self.held().chances_json().ok_or(PlayError::NoChances)
    }

    /// Builds the computer players' tables of every game this build
    /// plays now, rather than at a game's first decision.
    pub fn prepare_all() {
        /// Builds one game's tables.
        struct Prepare;
        impl Visit for Prepare {
            type Out = ();
            fn visit<G: Member>(self, _kind: GameKind) {
                G::prepare();
            }
        }
        for kind in AnyGame::built() {
            let _ = AnyGame::visit(kind, Prepare);
        }
    }

    /// The game as text, move by move: what `cribbage replay` prints.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn tell(&self) -> String {
        self.held().tell()
    }
}
