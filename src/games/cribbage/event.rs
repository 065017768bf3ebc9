//! Everything that happens in a game of cribbage, with every point and its
//! reason: the public record the page, the log and the replays read.

use crate::cards::Card;
use crate::count::{ShowKind, ShowScore};
pub use crate::table::Cut;
use crate::table::{Seat, Side};
use serde::{Deserialize, Serialize};

/// How bad a loss was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Skunk {
    /// An ordinary win: 1 game.
    None,
    /// The loser at or below the skunk line (90 at 121, 30 at 61): 2 games.
    Skunk,
    /// The loser at or below the double skunk line (60 at 121): 3 games.
    Double,
}

impl Skunk {
    /// Games a win is worth toward a match.
    pub fn games(self) -> u8 {
        match self {
            Skunk::None => 1,
            Skunk::Skunk => 2,
            Skunk::Double => 3,
        }
    }
}

/// How a finished game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// 1 for the first game of a match.
    pub game: u8,
    /// The winning side.
    pub winner: Side,
    /// Final scores by side, as counted (the winner's may run past the
    /// game hole).
    pub scores: Vec<u16>,
    /// Final scores by side as the board shows them: stopped in the game
    /// hole ([`crate::table::in_game_hole`]), what the end's panel says.
    /// Not read from older records, which lack it (read as empty).
    #[serde(default)]
    pub shown: Vec<u16>,
    /// Skunk or not.
    pub skunk: Skunk,
    /// Games the win counts toward the match (1, 2 or 3).
    pub games: u8,
    /// Hands dealt in the game.
    pub hands: u16,
    /// Who dealt the first hand.
    pub first_dealer: Seat,
    /// (Reverse) the side that reached the target, and so lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reached: Option<Side>,
    /// (Reverse, three sides) the winner was chosen from the sides that did
    /// not reach the target as the one with the fewest points (see
    /// `reverse_winner`), where with two sides the other one simply wins:
    /// the end's words say so from this, not from how many scores there are.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_fewest: bool,
}

impl GameResult {
    /// The results of a race played as one game with no skunk (Noddy,
    /// Costly Colours, Table Top), in cribbage's form, so the end of every
    /// race reaches the page alike: none until `winner` is known, then its
    /// one result. `pegs` are each side's at the end, `shown` the scores as
    /// the end says them (the game's own: stopped in the game hole,
    /// [`crate::table::in_game_holes`], but for Table Top's totals that both
    /// passed it).
    pub fn of_one_game(
        winner: Option<Side>,
        pegs: &[crate::table::Pegs],
        shown: Vec<u16>,
        hands: u16,
        first_dealer: Seat,
    ) -> Vec<GameResult> {
        winner
            .map(|winner| GameResult {
                game: 1,
                winner,
                scores: crate::table::Pegs::fronts(pegs),
                shown,
                skunk: Skunk::None,
                games: Skunk::None.games(),
                hands,
                first_dealer,
                reached: None,
                by_fewest: false,
            })
            .into_iter()
            .collect()
    }
}

/// Why points were pegged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Reason {
    /// The starter is a jack: two for his heels, to the dealer.
    Heels {
        /// The starter.
        card: Card,
    },
    /// A card in the play made fifteen, thirty-one, a pair or a run.
    Play {
        /// The card laid.
        card: Card,
        /// The count after it.
        count: u8,
        /// The series since the count was last reset, this card last.
        pile: Vec<Card>,
        /// 2 for fifteen.
        fifteen: u8,
        /// 2 for thirty-one.
        thirty_one: u8,
        /// 2, 6 or 12 for a pair, pair royal or double pair royal.
        pairs: u8,
        /// The length of the run completed.
        run: u8,
    },
    /// One for last (or "for the go"): nobody could lay another card.
    Last {
        /// The last card laid.
        card: Card,
        /// The count it reached.
        count: u8,
    },
    /// The count of a hand or crib in the show.
    Show {
        /// Hand or crib.
        kind: ShowKind,
        /// The four cards.
        cards: Vec<Card>,
        /// The starter.
        starter: Card,
    },
    /// (Muggins) a claim called with the true count: the points the owner
    /// missed, or (with `penalty`) the points an over-claim claimed too many.
    Muggins {
        /// The seat whose claim was called.
        from: Seat,
        /// Hand or crib.
        kind: ShowKind,
        /// The claim was over the count: these points are its penalty.
        #[serde(skip_serializing_if = "is_false")]
        penalty: bool,
    },
}

// Serde's `skip_serializing_if` takes a function of a reference.
fn is_false(value: &bool) -> bool {
    !*value
}

/// Points pegged: who, how many, why, and where the pegs now stand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Peg {
    /// The seat that scored.
    pub seat: Seat,
    /// The side it scores for.
    pub side: Side,
    /// Points pegged.
    pub points: u8,
    /// The side's score after (the front peg).
    pub front: u16,
    /// The side's score before (the rear peg, now behind).
    pub rear: u16,
    /// The side's score after as the board shows it: `front` stopped in
    /// the game hole ([`crate::table::in_game_hole`]).
    pub shown: u16,
    /// Why.
    pub reason: Reason,
}

/// Something that happened, in order. Events carry only public information.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A game of the match begins.
    NewGame {
        /// 1, 2 or 3.
        game: u8,
    },
    /// Players cut for the first deal; the lowest card deals (ten-cards all
    /// rank alike). `dealer` is `None` on a tie, and the tied players cut again.
    CutForDeal {
        /// Each cut.
        cuts: Vec<Cut>,
        /// Who deals, unless it was a tie.
        dealer: Option<Seat>,
    },
    /// A hand is dealt.
    Deal {
        /// The game of the match.
        game: u8,
        /// 1 for the first hand of the game.
        hand: u16,
        /// The dealer, whose crib it is.
        dealer: Seat,
    },
    /// A player laid cards away to the crib (which cards stays hidden).
    LaidAway {
        /// Who.
        seat: Seat,
        /// How many.
        cards: u8,
    },
    /// The starter is turned.
    Starter {
        /// The card.
        card: Card,
        /// Who cut the pack (the player left of the dealer).
        cutter: Seat,
    },
    /// A card is laid in the play.
    Played {
        /// Who laid it.
        seat: Seat,
        /// The card.
        card: Card,
        /// The count after it.
        count: u8,
    },
    /// A player says "go".
    Go {
        /// Who.
        seat: Seat,
        /// The count they could not add to.
        count: u8,
    },
    /// The count goes back to 0 (after 31, or when nobody could play).
    CountReset {
        /// Who leads the next series (`None` when the play is over).
        leader: Option<Seat>,
    },
    /// (Muggins) the owner of a hand or crib claims its count; nothing is
    /// pegged, nor the count shown, until every opponent has had the call.
    Claimed {
        /// Whose hand, or the dealer for the crib.
        seat: Seat,
        /// Hand or crib.
        kind: ShowKind,
        /// The points claimed.
        claimed: u8,
    },
    /// (Muggins) an opponent calls muggins on a claim, naming a count.
    Called {
        /// Who called.
        seat: Seat,
        /// Whose claim it was.
        from: Seat,
        /// The count named.
        named: u8,
        /// Whether it is the true count (and the claim was not): the call
        /// wins; otherwise the claim stands against this caller.
        right: bool,
    },
    /// A hand or crib is shown and counted (in muggins, once every call on
    /// its claim is made).
    Show {
        /// Whose hand, or the dealer for the crib.
        seat: Seat,
        /// Hand or crib.
        kind: ShowKind,
        /// The full count with every combination.
        score: ShowScore,
        /// (Muggins) what the owner claimed.
        claimed: Option<u8>,
    },
    /// (Muggins) an opponent lets a claim stand.
    Accepted {
        /// Who let it stand.
        seat: Seat,
        /// Whose claim it was.
        from: Seat,
    },
    /// Points are pegged.
    Pegged(Peg),
    /// The hand is over: every show counted.
    HandOver {
        /// Scores by side.
        scores: Vec<u16>,
    },
    /// A game ends.
    GameOver(GameResult),
    /// The match ends (after a single game, at once).
    MatchOver {
        /// The winning side.
        winner: Side,
        /// Games won by each side (a skunk counts 2, a double skunk 3).
        games: Vec<u8>,
    },
}
