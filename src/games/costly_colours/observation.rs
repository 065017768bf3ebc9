//! What one seat may know: the only view of a game of Costly Colours a
//! computer player (or a front end showing one player's screen) gets.
//!
//! It is built by copying out the public facts and that seat's own cards:
//! the other hand and the pack are not there to be reached. Of the mog it
//! has what each player said, who has passed, the card this seat passed
//! (it knows it, though the other now holds it) and, once both have
//! passed, the card it received.
//!
//! ```
//! use cribbage::games::costly_colours::{Game, Phase, Rules};
//! use cribbage::games::State as _;
//!
//! let game = Game::new(Rules::default(), 5);
//! let seat = game.current_player().unwrap();
//! let view = game.observation(seat);
//! assert_eq!(view.phase, Phase::Mog);
//! assert_eq!(view.hand, game.hand(seat));
//! assert_eq!(view.held_counts, vec![3, 3]);
//! assert_eq!(view.unseen().len(), 52 - 3 - 1);
//! ```

use super::action::{Action, Phase};
use super::event::Shown;
use super::rules::{PLAYERS, Rules, TARGET};
use super::score::LIMIT;
use super::state::Game;
use crate::cards::{Card, CardSet, Rank};
use crate::games::State as _;
use crate::games::cribbage::GameResult;
use crate::table::{Pegs, Seat, Side, in_game_holes};
use serde::{Deserialize, Serialize};

/// The board: the 121-hole track and the count the play may not pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The game hole: 121.
    pub target: u16,
    /// The count the play may not pass: 31.
    pub play_limit: u8,
}

/// One card of the play: who laid it, its value (an ace 1 or 11, as laid)
/// and the count after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Laid {
    /// Who.
    pub seat: Seat,
    /// The card.
    pub card: Card,
    /// What it added to the count.
    pub value: u8,
    /// The count after it.
    pub count: u8,
}

impl Laid {
    /// A series' cards and the value each ace in it was laid at, in order:
    /// what [`super::score::play_score`] reads, for the game and the coach.
    pub fn cards_and_aces(series: &[Laid]) -> (Vec<Card>, Vec<u8>) {
        let mut cards = Vec::with_capacity(series.len());
        let mut aces = Vec::new();
        for l in series {
            cards.push(l.card);
            if l.card.rank() == Rank::Ace {
                aces.push(l.value);
            }
        }
        (cards, aces)
    }
}

/// What a player said to the mog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MogWord {
    /// Agreed to mog.
    Mog,
    /// Refused.
    Refuse,
}

/// The mog as this seat knows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MogView {
    /// What each seat said (`null` until said).
    pub said: Vec<Option<MogWord>>,
    /// Whether each seat has passed its card.
    pub has_passed: Vec<bool>,
    /// The card this seat passed.
    pub passed: Option<Card>,
    /// The card this seat received, once both have passed.
    pub received: Option<Card>,
}

/// What kind of decision a [`Move`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    /// Agree to the mog.
    Mog,
    /// Refuse the mog.
    Refuse,
    /// Pass a card.
    Pass,
    /// Lay a card.
    Play,
    /// Say go.
    Go,
}

/// One legal action as data, so a front end never parses action text:
/// `{"action":"play AH 11","kind":"play","cards":["AH"],"value":11}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The action text to hand back.
    pub action: Action,
    /// Its verb.
    pub kind: MoveKind,
    /// The card passed or laid, else `null`.
    pub cards: Option<Vec<Card>>,
    /// The value a card is laid at (an ace 1 or 11), else `null`.
    pub value: Option<u8>,
}

impl Move {
    /// The data of one action.
    pub fn of(action: &Action) -> Move {
        let (kind, cards, value) = match *action {
            Action::Mog => (MoveKind::Mog, None, None),
            Action::Refuse => (MoveKind::Refuse, None, None),
            Action::Pass(card) => (MoveKind::Pass, Some(vec![card]), None),
            Action::Play { card, value } => (MoveKind::Play, Some(vec![card]), Some(value)),
            Action::Go => (MoveKind::Go, None, None),
        };
        Move {
            action: *action,
            kind,
            cards,
            value,
        }
    }
}

/// Everything one seat may know about a game of Costly Colours at this
/// moment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// The seat this is for.
    pub seat: Seat,
    /// Its side (the seat: Costly Colours is two-handed).
    pub side: Side,
    /// Every seat's side, seat by seat (each seat its own side), so a page
    /// reads whose pegs are whose as it does in every other game, rather
    /// than knowing how many play.
    pub sides: Vec<Side>,
    /// The rules.
    pub rules: Rules,
    /// The board.
    pub board: Board,
    /// Where the game stands.
    pub phase: Phase,
    /// Who must act.
    pub to_act: Option<Seat>,
    /// The actions this seat may take, when it is to act (else empty).
    pub legal: Vec<Action>,
    /// The same actions as data, in the same order.
    pub moves: Vec<Move>,
    /// The hand of the game, from 1.
    pub hand_number: u16,
    /// The dealer.
    pub dealer: Seat,
    /// Each player's pegs.
    pub scores: Vec<Pegs>,
    /// Each player's score as the board shows it: a count past the game hole
    /// stopped there, as the front peg is ([`crate::table::in_game_hole`]).
    /// The page reads this rather than stopping `scores` itself.
    pub shown: Vec<u16>,
    /// The cards this seat holds now.
    pub hand: CardSet,
    /// The three cards this seat was dealt this hand.
    pub dealt: CardSet,
    /// How many cards each seat holds.
    pub held_counts: Vec<u8>,
    /// The turn-up.
    pub turnup: Option<Card>,
    /// The mog: who said what, and this seat's cards passed and received.
    pub mog: MogView,
    /// Every card laid this hand, in order (each series' count from 0).
    pub played: Vec<Laid>,
    /// The current series, in order.
    pub pile: Vec<Laid>,
    /// The count of the current series.
    pub count: u8,
    /// Who has said go in the current series.
    pub said_go: Vec<bool>,
    /// The hands shown this hand (only when the game ended in the show:
    /// otherwise the next hand is dealt at once).
    pub shows: Vec<Shown>,
    /// The hands shown in the previous hand (the automatic show and the
    /// next deal happen together, so a front end reads them here).
    pub previous_shows: Vec<Shown>,
    /// The winner, once someone reaches 121.
    pub winner: Option<Side>,
    /// The game's result once it is over (else empty), in the form
    /// cribbage gives each game of a match: what the end's panel reads
    /// for every race alike.
    pub results: Vec<GameResult>,
}

impl Observation {
    pub(crate) fn of(game: &Game, seat: Seat) -> Observation {
        let to_act = game.current_player();
        let legal = if to_act == Some(seat) {
            game.legal_actions()
        } else {
            Vec::new()
        };
        let word =
            |said: Option<bool>| said.map(|m| if m { MogWord::Mog } else { MogWord::Refuse });
        let moves = legal.iter().map(Move::of).collect();
        Observation {
            seat,
            side: seat,
            sides: (0..PLAYERS).collect(),
            rules: game.rules(),
            board: Board {
                target: TARGET,
                play_limit: LIMIT,
            },
            phase: game.phase(),
            to_act,
            moves,
            legal,
            hand_number: game.hand_number(),
            dealer: game.dealer(),
            scores: game.scores().to_vec(),
            shown: in_game_holes(game.scores(), TARGET),
            hand: game.hand(seat),
            dealt: game.dealt(seat),
            held_counts: vec![game.hand(0).len() as u8, game.hand(1).len() as u8],
            turnup: game.turnup(),
            mog: MogView {
                said: vec![word(game.mog_said(0)), word(game.mog_said(1))],
                has_passed: vec![game.passed(0).is_some(), game.passed(1).is_some()],
                passed: game.passed(seat),
                received: game.received(seat),
            },
            played: game.laid().to_vec(),
            pile: game.series().to_vec(),
            count: game.count(),
            said_go: vec![game.said_go(0), game.said_go(1)],
            shows: game.shows().to_vec(),
            previous_shows: game.previous_shows().to_vec(),
            winner: game.winner(),
            results: GameResult::of_one_game(
                game.winner(),
                game.scores(),
                in_game_holes(game.scores(), TARGET),
                game.hand_number(),
                game.first_dealer(),
            ),
        }
    }

    /// The cards this seat has not seen: not its own dealt cards, not the
    /// card it received, not the turn-up, not laid in the play, not shown.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.dealt | self.hand;
        if let Some(turnup) = self.turnup {
            seen.insert(turnup);
        }
        if let Some(card) = self.mog.received {
            seen.insert(card);
        }
        for laid in &self.played {
            seen.insert(laid.card);
        }
        for shown in &self.shows {
            seen |= shown.cards.iter().copied().collect::<CardSet>();
        }
        !seen
    }

    /// The other player.
    pub fn opponent(&self) -> Seat {
        crate::table::other_seat(self.seat)
    }
}
