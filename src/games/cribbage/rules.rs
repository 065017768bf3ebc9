//! The options a game is played under, and the facts that follow from them
//! (cards dealt, sides, skunk lines).
//!
//! Decisions where the rules documents are silent (see the README's rules
//! section for the full list):
//! - **Four players** sit as two partnerships, seats 0 and 2 against 1 and 3;
//!   partners peg on one track.
//! - **Skunks with three players**: a game is a skunk only if every loser is
//!   at or below the line.
//! - **Match, game 2** with three or four players: the deal passes to the
//!   player left of game 1's first dealer (with two, that is the non-dealer of
//!   game 1's first hand, as the spec says). Game 3: a fresh cut.

use crate::games::GameKind;
use crate::table::{self, Goal, Track};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How the show is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Counting {
    /// The game counts every hand and crib.
    #[default]
    Automatic,
    /// Each player claims their own count; an opponent may call "muggins"
    /// with the true count, taking the points an under-claim missed or the
    /// excess of an over-claim (docs/rules.md, "Muggins").
    Muggins,
}

/// One game, or a best-of-three match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum MatchFormat {
    /// A single game.
    #[default]
    Single,
    /// First to two games; a skunk counts two, a double skunk three.
    BestOfThree,
}

/// Who cuts the pack for the first deal (and for a match's fresh cut).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum CutForDeal {
    /// The game cuts for everyone as it starts: no decision is asked.
    #[default]
    Drawn,
    /// Each player cuts the pack in turn ([`super::Action::Cut`]), choosing
    /// how deep; the lower card deals. For a table where the players would
    /// rather cut for themselves than have it done for them.
    ByHand,
}

/// The options of a game. Build with [`Rules::new`] or deserialize; both
/// check the values.
///
/// ```
/// use cribbage::games::cribbage::{Counting, MatchFormat, Rules};
///
/// let rules = Rules::new(3, 61, Counting::Automatic, MatchFormat::Single)?;
/// assert_eq!(rules.sides(), 3);
/// assert_eq!(rules.cards_dealt(), 5);
/// assert!(Rules::new(5, 121, Counting::Automatic, MatchFormat::Single).is_err());
/// # Ok::<(), cribbage::games::cribbage::RulesError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RulesFields", into = "RulesFields")]
pub struct Rules {
    players: u8,
    target: u16,
    counting: Counting,
    format: MatchFormat,
    goal: Goal,
    cut_for_deal: CutForDeal,
}

/// The serialized form of [`Rules`], checked on the way in.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFields {
    players: u8,
    target: u16,
    #[serde(default)]
    counting: Counting,
    #[serde(default, rename = "match")]
    format: MatchFormat,
    /// Written only for reverse cribbage, so standard rules (and every save
    /// and observation made before reverse existed) read exactly as before.
    #[serde(default, skip_serializing_if = "is_reach")]
    goal: Goal,
    /// Written only when the players cut by hand, for the same reason.
    #[serde(default, skip_serializing_if = "is_drawn")]
    cut_for_deal: CutForDeal,
}

fn is_reach(goal: &Goal) -> bool {
    *goal == Goal::Reach
}

fn is_drawn(cut: &CutForDeal) -> bool {
    *cut == CutForDeal::Drawn
}

impl TryFrom<RulesFields> for Rules {
    type Error = RulesError;
    fn try_from(f: RulesFields) -> Result<Rules, RulesError> {
        Ok(Rules::new(f.players, f.target, f.counting, f.format)?
            .with_goal(f.goal)
            .with_cut_for_deal(f.cut_for_deal))
    }
}

impl From<Rules> for RulesFields {
    fn from(r: Rules) -> RulesFields {
        RulesFields {
            players: r.players,
            target: r.target,
            counting: r.counting,
            format: r.format,
            goal: r.goal,
            cut_for_deal: r.cut_for_deal,
        }
    }
}

/// Why a set of options is not a game we play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RulesError {
    /// Two, three or four players only.
    Players(u8),
    /// 121 or 61 only.
    Target(u16),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Players(n) => write!(f, "{n} players: the game is for 2, 3 or 4"),
            RulesError::Target(t) => write!(f, "a game to {t}: the target is 121 or 61"),
        }
    }
}

impl std::error::Error for RulesError {}

impl Default for Rules {
    /// Two players, to 121, automatic counting, a single game.
    fn default() -> Rules {
        Rules {
            players: 2,
            target: 121,
            counting: Counting::Automatic,
            format: MatchFormat::Single,
            goal: Goal::Reach,
            cut_for_deal: CutForDeal::Drawn,
        }
    }
}

impl Rules {
    /// Checked options.
    ///
    /// # Errors
    /// [`RulesError`] for a number of players other than 2–4 or a target other than 121 or 61.
    pub fn new(
        players: u8,
        target: u16,
        counting: Counting,
        format: MatchFormat,
    ) -> Result<Rules, RulesError> {
        if !(2..=4).contains(&players) {
            return Err(RulesError::Players(players));
        }
        if target != 121 && target != 61 {
            return Err(RulesError::Target(target));
        }
        Ok(Rules {
            players,
            target,
            counting,
            format,
            goal: Goal::Reach,
            cut_for_deal: CutForDeal::Drawn,
        })
    }

    /// The same options for reverse (low-ball) cribbage, where the side that
    /// reaches the target loses.
    pub fn reverse(self) -> Rules {
        self.with_goal(Goal::Avoid)
    }

    /// The same options with the given goal.
    pub fn with_goal(self, goal: Goal) -> Rules {
        Rules { goal, ..self }
    }

    /// The same options with the pack cut for deal as given.
    pub fn with_cut_for_deal(self, cut_for_deal: CutForDeal) -> Rules {
        Rules {
            cut_for_deal,
            ..self
        }
    }

    /// Who cuts the pack for deal.
    pub fn cut_for_deal(&self) -> CutForDeal {
        self.cut_for_deal
    }

    /// Reach the target (standard) or avoid it (reverse).
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// Whether this is reverse cribbage.
    pub fn is_reverse(&self) -> bool {
        self.goal == Goal::Avoid
    }

    /// Standard or reverse cribbage.
    pub fn kind(&self) -> GameKind {
        match self.goal {
            Goal::Reach => GameKind::Cribbage,
            Goal::Avoid => GameKind::Reverse,
        }
    }

    /// The scoring track: the target, reached or avoided.
    pub fn track(&self) -> Track {
        Track {
            target: self.target,
            goal: self.goal,
        }
    }

    /// Two players to 121 with the given counting and format.
    pub fn two_player(counting: Counting, format: MatchFormat) -> Rules {
        Rules {
            counting,
            format,
            ..Rules::default()
        }
    }

    /// Number of players, 2–4.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Points to win: 121 or 61.
    pub fn target(&self) -> u16 {
        self.target
    }

    /// How the show is counted.
    pub fn counting(&self) -> Counting {
        self.counting
    }

    /// Single game or best of three.
    pub fn format(&self) -> MatchFormat {
        self.format
    }

    /// Number of scoring sides: one per player, except four players make two partnerships.
    pub fn sides(&self) -> usize {
        table::sides(self.players())
    }

    /// The side (track on the board) a seat scores for.
    pub fn side_of(&self, seat: usize) -> usize {
        table::side_of(self.players(), seat)
    }

    /// The seats of a side.
    pub fn seats_of(&self, side: usize) -> impl Iterator<Item = usize> + use<> {
        let sides = self.sides();
        (0..self.players()).filter(move |s| s % sides == side)
    }

    /// Cards dealt to each player: 6 for two, 5 for three or four.
    pub fn cards_dealt(&self) -> usize {
        if self.players == 2 { 6 } else { 5 }
    }

    /// Cards each player lays away to the crib: 2 for two players, 1 otherwise.
    pub fn discards(&self) -> usize {
        self.cards_dealt() - 4
    }

    /// Cards dealt straight to the crib: 1 with three players, else none.
    pub fn crib_from_deck(&self) -> usize {
        if self.players == 3 { 1 } else { 0 }
    }

    /// The count the play may not pass: 31 in every game of this engine
    /// (standard and reverse). Said as data so a front end's words ("no
    /// card fits under 31") come from the rules, not from its own knowledge.
    pub fn play_limit(&self) -> u8 {
        31
    }

    /// A loser with this many points or fewer is skunked (90 at 121; 30 at 61).
    pub fn skunk_line(&self) -> u16 {
        if self.target == 121 { 90 } else { 30 }
    }

    /// A loser with this many points or fewer is double-skunked (60 at 121;
    /// a 61-point game has no double skunk).
    pub fn double_skunk_line(&self) -> Option<u16> {
        if self.target == 121 { Some(60) } else { None }
    }

    /// Game points needed to win the match: 1 for a single game, 2 for best of three.
    pub fn games_to_win(&self) -> u8 {
        match self.format {
            MatchFormat::Single => 1,
            MatchFormat::BestOfThree => 2,
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let players = match self.players {
            4 => "four players in partnerships".to_string(),
            n => format!("{n} players"),
        };
        let counting = match self.counting {
            Counting::Automatic => "automatic counting",
            Counting::Muggins => "muggins",
        };
        let format = match self.format {
            MatchFormat::Single => "one game",
            MatchFormat::BestOfThree => "best of three",
        };
        let game = if self.is_reverse() { "reverse, " } else { "" };
        let cut = match self.cut_for_deal {
            CutForDeal::Drawn => "",
            CutForDeal::ByHand => ", cutting for deal by hand",
        };
        write!(
            f,
            "{game}{players} to {}, {counting}, {format}{cut}",
            self.target
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_serialize_and_check() {
        let rules = Rules::new(4, 61, Counting::Muggins, MatchFormat::BestOfThree).unwrap();
        let json = serde_json::to_string(&rules).unwrap();
        assert_eq!(
            json,
            r#"{"players":4,"target":61,"counting":"muggins","match":"best_of_three"}"#
        );
        assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), rules);
        assert!(serde_json::from_str::<Rules>(r#"{"players":5,"target":121}"#).is_err());
        assert!(serde_json::from_str::<Rules>(r#"{"players":2,"target":100}"#).is_err());
        assert!(serde_json::from_str::<Rules>(r#"{"players":2,"target":121,"x":1}"#).is_err());
        assert_eq!(
            serde_json::from_str::<Rules>(r#"{"players":2,"target":121}"#).unwrap(),
            Rules::default()
        );
    }

    #[test]
    fn sides_and_deal_sizes() {
        let four = Rules::new(4, 121, Counting::Automatic, MatchFormat::Single).unwrap();
        assert_eq!(four.seats_of(1).collect::<Vec<_>>(), [1, 3]);
        assert_eq!(
            (four.cards_dealt(), four.discards(), four.crib_from_deck()),
            (5, 1, 0)
        );
        let three = Rules::new(3, 61, Counting::Automatic, MatchFormat::Single).unwrap();
        assert_eq!(
            (
                three.cards_dealt(),
                three.discards(),
                three.crib_from_deck()
            ),
            (5, 1, 1)
        );
        assert_eq!((three.skunk_line(), three.double_skunk_line()), (30, None));
        let two = Rules::default();
        assert_eq!(
            (two.cards_dealt(), two.discards(), two.crib_from_deck()),
            (6, 2, 0)
        );
        assert_eq!((two.skunk_line(), two.double_skunk_line()), (90, Some(60)));
    }
}
