//! The games of the family: one small trait every game's state machine
//! implements, the names that pick a game at run time, and one room per game.
//!
//! The trait speaks OpenSpiel's vocabulary: who acts, the legal actions,
//! apply an action (checked, a `Result`), the events it produced, the
//! observation of one seat, and the outcome. Associated types keep each
//! game's actions, events and views its own. Everything generic — saving,
//! restoring, replaying and undoing ([`crate::record`]), the invariant audit
//! ([`crate::audit`]), the command line's `random-games`, `replay` and
//! `agent`, the wasm handle — is written once against [`State`].
//!
//! ```
//! use cribbage::games::{GameKind, Outcome, State};
//! use cribbage::games::cribbage::{Game, Rules};
//!
//! fn play_first_legal<G: State>(mut game: G) -> Option<Outcome> {
//!     while game.current_player().is_some() {
//!         let action = game.legal_actions().swap_remove(0);
//!         game.advance(action).ok()?;
//!     }
//!     game.outcome()
//! }
//! let game = Game::new(Rules::default(), 3);
//! assert_eq!(State::kind(&game), GameKind::Cribbage);
//! assert!(matches!(play_first_legal(game), Some(Outcome::Winner { .. })));
//! ```

pub mod costly_colours;
pub mod cribbage;
pub mod noddy;
pub mod solitaire;
pub mod square_solitaire;
pub mod stacked;
pub mod table_top;

use crate::table::{Seat, Side};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Declares [`GameKind`] from one line per game: its variant, its name in
/// text and its title. The enum, [`GameKind::ALL`], `name()`, `title()`
/// and the serde names all come from this one list, so a game cannot be in
/// one and missing from another.
macro_rules! game_kinds {
    ($($(#[doc = $doc:literal])* $variant:ident = $name:literal, $title:literal;)*) => {
        /// The games of the family, by the names the command line, saves, the
        /// page and the `<cribbage-game game="…">` attribute use.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum GameKind {
            $(
                $(#[doc = $doc])*
                #[serde(rename = $name)]
                $variant,
            )*
        }

        impl GameKind {
            /// Every game of the family, in one fixed order: the order
            /// `AnyGame::built()` and the command line list them in (the
            /// page's picker keeps its registry's, `www/js/games.js`).
            pub const ALL: [GameKind; [$(GameKind::$variant),*].len()] =
                [$(GameKind::$variant),*];

            /// The name used in text: `cribbage`, `reverse`,
            /// `costly-colours`, …
            pub fn name(self) -> &'static str {
                match self {
                    $(GameKind::$variant => $name,)*
                }
            }

            /// The game's name as a player says it.
            pub fn title(self) -> &'static str {
                match self {
                    $(GameKind::$variant => $title,)*
                }
            }
        }
    };
}

game_kinds! {
    /// Standard cribbage, 2, 3 or 4 players.
    Cribbage = "cribbage", "Cribbage";
    /// Reverse (low-ball) cribbage: the side that reaches the target loses.
    Reverse = "reverse", "Reverse cribbage";
    /// Noddy, cribbage's ancestor: three cards, game to 31.
    Noddy = "noddy", "Noddy";
    /// Costly Colours: three cards, the mog, aces 1 or 11, game to 121.
    CostlyColours = "costly-colours", "Costly Colours";
    /// Table Top Cribbage: a 5×5 layout, rows against columns.
    TableTop = "table-top", "Table Top Cribbage";
    /// Cribbage Square Solitaire: sixteen cards on a 4×4 grid.
    SquareSolitaire = "square-solitaire", "Cribbage Square Solitaire";
    /// Cribbage Solitaire: six deals of hand and crib from one pack.
    Solitaire = "solitaire", "Cribbage Solitaire";
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why text is not a game of the family.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseGameKindError(String);

impl fmt::Display for ParseGameKindError {
    /// `"chess" is not a game: cribbage, reverse, …, square-solitaire or
    /// solitaire`: every game's name, in [`GameKind::ALL`]'s order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" is not a game: ", self.0)?;
        let last = GameKind::ALL.len() - 1;
        for (i, kind) in GameKind::ALL.into_iter().enumerate() {
            let before = match i {
                0 => "",
                _ if i == last => " or ",
                _ => ", ",
            };
            write!(f, "{before}{kind}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseGameKindError {}

impl FromStr for GameKind {
    type Err = ParseGameKindError;

    fn from_str(s: &str) -> Result<GameKind, ParseGameKindError> {
        let name = s.trim().to_ascii_lowercase();
        GameKind::ALL
            .into_iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| ParseGameKindError(s.to_string()))
    }
}

/// How a finished game came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Outcome {
    /// A side won (for a match, the side that won the match).
    Winner {
        /// The winning side.
        side: Side,
    },
    /// A solitaire's final score, and whether it is a win.
    Score {
        /// The points made.
        points: u16,
        /// Whether they reach the win line.
        win: bool,
    },
}

/// How one step of a save written in an older format reads under today's
/// rules (see [`State::upgrade`]): the actions it implies first, then the
/// step itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upgrade<A> {
    /// Actions the old rules took for granted, to take before the step.
    pub before: Vec<A>,
    /// What the step is today, when its old text no longer says it.
    pub instead: Option<A>,
}

impl<A> Default for Upgrade<A> {
    fn default() -> Upgrade<A> {
        Upgrade {
            before: Vec::new(),
            instead: None,
        }
    }
}

/// One game's state machine: the small vocabulary every generic layer uses.
///
/// A state changes only through [`State::advance`], and chance is drawn from
/// the seed through [`crate::table::Chance`], so a state is fully determined
/// by its rules, seed, setup and actions, plus the redraw epochs an undo
/// adds (see [`crate::record`]).
pub trait State: Clone + Sized {
    /// The options a game is played under.
    type Rules: Copy + PartialEq + fmt::Debug + Serialize + DeserializeOwned;
    /// A stacked start (chosen dealer, dealt cards), for examples and tests.
    type Setup: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned;
    /// A decision, with a text form (`Display` and `FromStr`) for saves.
    type Action: Clone + PartialEq + fmt::Debug + fmt::Display + FromStr<Err: fmt::Display>;
    /// Something that happened: public information only.
    type Event: Clone + fmt::Debug + Serialize;
    /// What one seat may know: the only input a computer player gets.
    type Observation: Clone + fmt::Debug + Serialize;
    /// Why an action was refused (the state is then unchanged).
    type Illegal: std::error::Error + Clone + PartialEq;
    /// Why a setup cannot be played.
    type SetupError: std::error::Error;

    /// A new game from its rules and seed.
    fn new(rules: Self::Rules, seed: u64) -> Self;

    /// A new game from a stacked setup.
    ///
    /// # Errors
    /// When the setup does not fit the rules.
    fn with_setup(
        rules: Self::Rules,
        seed: u64,
        setup: Self::Setup,
    ) -> Result<Self, Self::SetupError>;

    /// Which game of the family this is.
    fn kind(&self) -> GameKind;

    /// The rules.
    fn rules(&self) -> Self::Rules;

    /// The seed everything random comes from.
    fn seed(&self) -> u64;

    /// The stacked setup, if any.
    fn setup(&self) -> Option<&Self::Setup>;

    /// Seats at the table.
    fn players(&self) -> usize;

    /// Who must act, or `None` when the game is over.
    fn current_player(&self) -> Option<Seat>;

    /// Every action the player to act may take.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// Applies an action for the player to act; returns the index of the
    /// first event it caused in [`State::events`].
    ///
    /// # Errors
    /// When the action is not legal; the state is then unchanged.
    fn advance(&mut self, action: Self::Action) -> Result<usize, Self::Illegal>;

    /// Applies an action for the player to act and returns the events it
    /// caused, with the automatic steps that followed it (a turn-up, a show
    /// counted for the players, the next deal, the end).
    ///
    /// # Errors
    /// When the action is not legal; the state is then unchanged.
    fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Illegal> {
        let from = self.advance(action)?;
        Ok(self.events()[from..].to_vec())
    }

    /// Every event so far.
    fn events(&self) -> &[Self::Event];

    /// What `seat` may know.
    fn observation(&self, seat: Seat) -> Self::Observation;

    /// How the game came out, once it is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Each side's score (the front peg, or a solitaire's points).
    fn score_list(&self) -> Vec<u16>;

    /// From now on, draw chance in `epoch` (see [`crate::table::Chance`]):
    /// what an undo calls so a card it showed is not dealt again.
    fn redraw(&mut self, epoch: u32);

    /// The chance epoch in force.
    fn epoch(&self) -> u32;

    /// Checks the state's invariants (cards accounted for, scores
    /// consistent).
    ///
    /// # Errors
    /// A description of the first inconsistency found.
    fn check_invariants(&self) -> Result<(), String>;

    /// Reads a step of a save in an older `format` under today's rules,
    /// given the game replayed up to it; `None` for the end of the record.
    /// Most games and formats read as written: the default.
    fn upgrade(&self, format: u32, step: Option<&str>) -> Upgrade<Self::Action> {
        let _ = (format, step);
        Upgrade::default()
    }

    /// The scores a save in an older `format` recorded for this position,
    /// to check it against (by default, the scores).
    fn upgraded_scores(&self, format: u32) -> Vec<u16> {
        let _ = format;
        self.score_list()
    }
}

/// The message of an action's text refused: `"TEXT" is not an action:
/// WHY`, in the same words for every game.
pub(crate) fn not_an_action(text: &str, why: &str) -> String {
    format!("\"{text}\" is not an action: {why}")
}

/// Why a stacked start (a game's `Setup`) cannot be played, in the same
/// words for every game: `bad setup: WHY`. Every game's check makes this
/// one type, its [`State::SetupError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError(pub(crate) String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad setup: {}", self.0)
    }
}

impl std::error::Error for SetupError {}

/// The last `n` cards of a pile, as a set: what a pair, run or flush at the
/// end of the play is made of (all of them, when there are fewer).
pub(crate) fn last_cards(pile: &[crate::cards::Card], n: usize) -> crate::cards::CardSet {
    pile.iter().rev().take(n).copied().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names, titles and order every save, address and command line
    /// relies on, and the words of a name refused.
    #[test]
    fn the_games_keep_their_names_titles_and_order() {
        let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(
            names,
            [
                "cribbage",
                "reverse",
                "noddy",
                "costly-colours",
                "table-top",
                "square-solitaire",
                "solitaire"
            ]
        );
        assert_eq!(GameKind::TableTop.title(), "Table Top Cribbage");
        assert_eq!(
            GameKind::SquareSolitaire.title(),
            "Cribbage Square Solitaire"
        );
        for kind in GameKind::ALL {
            assert_eq!(kind.to_string(), kind.name());
            assert_eq!(kind.name().parse::<GameKind>(), Ok(kind));
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(
                json,
                format!("\"{}\"", kind.name()),
                "serde's name is the name"
            );
            assert_eq!(serde_json::from_str::<GameKind>(&json).unwrap(), kind);
        }
        assert_eq!(" Table-Top ".parse::<GameKind>(), Ok(GameKind::TableTop));
        assert_eq!(
            "chess".parse::<GameKind>().unwrap_err().to_string(),
            "\"chess\" is not a game: cribbage, reverse, noddy, costly-colours, table-top, \
             square-solitaire or solitaire"
        );
    }
}
