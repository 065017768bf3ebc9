//! The play (pegging) for two to four players, as a small `Copy` state
//! machine: whose turn, what they may lay, what each card or "go" scores,
//! when the count resets and who leads next.
//!
//! [`crate::games::cribbage::Game`] runs every hand's play through it, and the computer
//! players simulate the rest of a play with it, so the two can never disagree
//! about the rules. It holds no randomness and no history beyond the current
//! series, and it costs no allocation to copy.
//!
//! The rules (../shared/rules/README.md, rule 4): the player left of the
//! dealer leads; play passes left; a card may not take the count past 31; a
//! player who cannot lay a card says "go" and lays nothing more until the
//! count resets; a player out of cards is skipped; when nobody can lay a card
//! the last player to lay one pegs 1 ("one for last") unless the count is
//! exactly 31, which already scored 2; the count then resets and the player
//! after the one who played last leads.
//!
//! ```
//! use cribbage::cards::CardSet;
//! use cribbage::pegging::{PlayState, PlayMove};
//!
//! // Player 0 (the pone) holds K-K-2-2, player 1 (the dealer) 9-8-7-6 (000's example).
//! let hands = ["KS KH 2D 2C".parse::<CardSet>()?, "9C 8D 7H 6S".parse()?];
//! let mut play = PlayState::new(&hands, 0);
//! let mut pegged = [0u32; 2];
//! for mv in ["KS", "6S", "KH", "go", "2D", "2C", "8D", "7H", "9C"] {
//!     let seat = play.to_act().unwrap();
//!     let mv = if mv == "go" { PlayMove::Go } else { PlayMove::Card(mv.parse()?) };
//!     let result = play.apply(mv)?;
//!     pegged[seat] += u32::from(result.points());
//!     if let Some((who, points)) = result.last {
//!         pegged[who] += u32::from(points);
//!     }
//! }
//! // A pegs 2 for the pair of twos and 1 for last; B pegs 15-2, a run of 3 and 1 for last.
//! assert_eq!(pegged, [3, 6]);
//! assert!(play.is_finished());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::cards::{Card, CardSet};
use crate::count::{PegScore, peg_score_unchecked};
use std::fmt;

/// The most players a play can have.
pub const MAX_PLAYERS: usize = 4;

/// The longest possible series: four aces, twos and threes and a four make 28;
/// no fifth card fits.
const MAX_PILE: usize = 13;

/// One move in the play: lay a card, or say "go".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayMove {
    /// Lay this card.
    Card(Card),
    /// Say "go": no card in hand fits under 31.
    Go,
}

/// Why a move in the play is not allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError {
    /// The play is over: every card has been laid.
    Finished,
    /// The card is not in the hand of the player to act.
    NotInHand(Card),
    /// The card would take the count past 31.
    Over31 {
        /// The card.
        card: Card,
        /// The count before it.
        count: u8,
    },
    /// "Go" is only for a player who cannot lay any card.
    MustPlay,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Finished => write!(f, "the play is over"),
            PlayError::NotInHand(card) => {
                write!(f, "{card} is not in the hand of the player to act")
            }
            PlayError::Over31 { card, count } => write!(
                f,
                "{card} would take the count from {count} to {}, past 31",
                count + card.pips()
            ),
            PlayError::MustPlay => write!(f, "\"go\" is only allowed when no card can be laid"),
        }
    }
}

impl std::error::Error for PlayError {}

/// What one move scored and what followed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayResult {
    /// What the card scored for the player who laid it (all zero for a go).
    pub peg: PegScore,
    /// The point for last (or for the go) when the move ended the series:
    /// the seat of the last player to lay a card, and 1. Never at 31.
    pub last: Option<(usize, u8)>,
    /// The count was reset to 0 after this move (after 31, or when nobody could lay a card).
    pub reset: bool,
    /// The whole play is over: every card has been laid.
    pub finished: bool,
}

impl PlayResult {
    /// Points scored by the card itself for the player who laid it.
    pub fn points(&self) -> u8 {
        self.peg.points()
    }
}

/// The state of a play in progress.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayState {
    players: u8,
    hands: [CardSet; MAX_PLAYERS],
    pile: [Card; MAX_PILE],
    pile_len: u8,
    count: u8,
    /// The player to act; meaningless once finished.
    next: u8,
    /// Who laid the last card of this series, if anyone has.
    last: Option<u8>,
    /// Bit per seat: said "go" in this series.
    gone: u8,
}

impl fmt::Debug for PlayState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayState")
            .field("hands", &&self.hands[..usize::from(self.players)])
            .field("pile", &self.pile())
            .field("count", &self.count)
            .field("to_act", &self.to_act())
            .field("last", &self.last)
            .finish()
    }
}

impl PlayState {
    /// A new play: `hands[i]` is what seat `i` holds, `leader` lays first.
    /// Two to four hands; extra entries beyond the fourth are ignored, and a
    /// leader out of range is taken modulo the number of players.
    pub fn new(hands: &[CardSet], leader: usize) -> PlayState {
        let players = hands.len().clamp(1, MAX_PLAYERS);
        let mut held = [CardSet::EMPTY; MAX_PLAYERS];
        held[..players].copy_from_slice(&hands[..players]);
        let mut state = PlayState {
            players: players as u8,
            hands: held,
            pile: [Card::new(crate::cards::Rank::Ace, crate::cards::Suit::Clubs); MAX_PILE],
            pile_len: 0,
            count: 0,
            next: (leader % players) as u8,
            last: None,
            gone: 0,
        };
        // A leader with no cards passes the lead on, as anyone out of cards is skipped.
        if state.hands[usize::from(state.next)].is_empty() {
            state.lead_after(usize::from(state.next) + players - 1);
        }
        state
    }

    /// A play part-way through: what each seat holds, the series so far, who
    /// acts, who laid the last card and who has said go (bit per seat). The
    /// computer players use this to simulate the rest of a play with hands
    /// they have guessed. Other inconsistent parts give a meaningless state,
    /// never a panic.
    ///
    /// # Errors
    /// [`PlayError::Over31`] naming the first card of `pile` that takes the
    /// count past 31: every later step (`31 - count`) assumes it cannot be.
    pub fn resume(
        hands: &[CardSet],
        pile: &[Card],
        to_act: usize,
        last: Option<usize>,
        said_go: u8,
    ) -> Result<PlayState, PlayError> {
        let mut state = PlayState::new(hands, to_act);
        state.next = (to_act % state.players()) as u8;
        for &card in pile.iter().take(MAX_PILE) {
            if state.count + card.pips() > 31 {
                return Err(PlayError::Over31 {
                    card,
                    count: state.count,
                });
            }
            state.pile[usize::from(state.pile_len)] = card;
            state.pile_len += 1;
            state.count += card.pips();
        }
        state.last = last.filter(|&s| s < state.players()).map(|s| s as u8);
        state.gone = said_go & ((1u8 << state.players()) - 1);
        Ok(state)
    }

    /// Bit per seat: who has said go in this series.
    pub fn said_go(&self) -> u8 {
        self.gone
    }

    /// How many players.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The seat to act, or `None` when every card has been laid.
    #[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
    pub fn to_act(&self) -> Option<usize> {
        if self.is_finished() {
            None
        } else {
            Some(usize::from(self.next))
        }
    }

    /// Whether every card has been laid.
    pub fn is_finished(&self) -> bool {
        self.hands[..self.players()].iter().all(|h| h.is_empty())
    }

    /// The running count of the current series.
    pub fn count(&self) -> u8 {
        self.count
    }

    /// The cards of the current series, in the order laid.
    #[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
    pub fn pile(&self) -> &[Card] {
        &self.pile[..usize::from(self.pile_len)]
    }

    /// The cards seat `seat` still holds.
    pub fn hand(&self, seat: usize) -> CardSet {
        self.hands.get(seat).copied().unwrap_or_default()
    }

    /// Who laid the last card of the current series.
    pub fn last_player(&self) -> Option<usize> {
        self.last.map(usize::from)
    }

    /// Whether `seat` has said "go" in the current series.
    pub fn has_said_go(&self, seat: usize) -> bool {
        seat < MAX_PLAYERS && self.gone & (1 << seat) != 0
    }

    /// The cards the player to act may lay (empty when they must say "go").
    pub fn legal_cards(&self) -> CardSet {
        match self.to_act() {
            Some(seat) => self.fitting(self.hands[seat]),
            None => CardSet::EMPTY,
        }
    }

    /// The cards of `cards` that fit under 31 now.
    #[inline(always)] // the AI's inner loops: inlined even in the size-optimized wasm build
    pub fn fitting(&self, cards: CardSet) -> CardSet {
        let room = 31 - self.count;
        cards.iter().filter(|c| c.pips() <= room).collect()
    }

    /// Applies a move for the player to act, checking it first.
    ///
    /// # Errors
    /// [`PlayError`] when the move is not allowed; the state is then unchanged.
    pub fn apply(&mut self, mv: PlayMove) -> Result<PlayResult, PlayError> {
        let seat = self.to_act().ok_or(PlayError::Finished)?;
        match mv {
            PlayMove::Card(card) => {
                if !self.hands[seat].contains(card) {
                    return Err(PlayError::NotInHand(card));
                }
                if card.pips() + self.count > 31 {
                    return Err(PlayError::Over31 {
                        card,
                        count: self.count,
                    });
                }
            }
            PlayMove::Go => {
                if !self.legal_cards().is_empty() {
                    return Err(PlayError::MustPlay);
                }
            }
        }
        Ok(self.apply_unchecked(mv))
    }

    /// Applies a move known to be legal (see [`PlayState::apply`]); used by
    /// search, which generates only legal moves. An illegal move leaves the
    /// state meaningless but does not panic.
    pub fn apply_unchecked(&mut self, mv: PlayMove) -> PlayResult {
        let Some(seat) = self.to_act() else {
            return PlayResult {
                finished: true,
                ..PlayResult::default()
            };
        };
        let mut result = PlayResult::default();
        match mv {
            PlayMove::Card(card) => {
                self.hands[seat].remove(card);
                let len = usize::from(self.pile_len);
                if len < MAX_PILE {
                    self.pile[len] = card;
                    self.pile_len += 1;
                }
                self.count += card.pips();
                self.last = Some(seat as u8);
                result.peg = peg_score_unchecked(self.pile());
                if self.count >= 31 {
                    // 31 ends the series at once: nobody can lay anything on it.
                    self.reset();
                    result.reset = true;
                    self.lead_after(seat);
                    result.finished = self.is_finished();
                    return result;
                }
            }
            PlayMove::Go => {
                self.gone |= 1 << seat;
            }
        }
        self.pass_turn(seat, &mut result);
        result.finished = self.is_finished();
        result
    }

    /// Finds who acts after `seat`: the next player (possibly `seat` again)
    /// who holds cards and has not said go; if nobody, the series ends with
    /// one for last.
    fn pass_turn(&mut self, seat: usize, result: &mut PlayResult) {
        let n = self.players();
        for k in 1..=n {
            let s = (seat + k) % n;
            if !self.hands[s].is_empty() && self.gone & (1 << s) == 0 {
                self.next = s as u8;
                return;
            }
        }
        let last = self.last.map(usize::from);
        if let Some(last) = last {
            result.last = Some((last, 1));
        }
        self.reset();
        result.reset = true;
        self.lead_after(last.unwrap_or(seat));
    }

    fn reset(&mut self) {
        self.count = 0;
        self.pile_len = 0;
        self.gone = 0;
        self.last = None;
    }

    /// The player after `seat` who still holds cards leads the new series.
    fn lead_after(&mut self, seat: usize) {
        let n = self.players();
        for k in 1..=n {
            let s = (seat + k) % n;
            if !self.hands[s].is_empty() {
                self.next = s as u8;
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    /// Plays moves from the player to act; returns points per seat.
    fn run(hands: &[CardSet], leader: usize, moves: &[&str]) -> (PlayState, Vec<u32>) {
        let mut play = PlayState::new(hands, leader);
        let mut points = vec![0; hands.len()];
        for &mv in moves {
            let seat = play.to_act().expect("someone to act");
            let mv = if mv == "go" {
                PlayMove::Go
            } else {
                PlayMove::Card(mv.parse().unwrap())
            };
            let result = play.apply(mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"));
            points[seat] += u32::from(result.points());
            if let Some((who, p)) = result.last {
                points[who] += u32::from(p);
            }
        }
        (play, points)
    }

    #[test]
    fn thirty_one_resets_without_one_for_last() {
        let hands = [cards("KS KH AD 5C"), cards("KD KC 9H 5D")];
        let (play, points) = run(&hands, 0, &["KS", "KD", "AD", "KC"]);
        // K K (pair 2 for seat 1) A = 21, K = 31: 2 for seat 1; seat 0 leads next.
        assert_eq!(points, [0, 4]);
        assert_eq!(play.count(), 0);
        assert_eq!(play.to_act(), Some(0));
    }

    #[test]
    fn go_then_the_other_plays_on_and_takes_last() {
        let hands = [cards("KS QH 2D 3C"), cards("KD 9C 8H AD")];
        // 10, 20 (KD, a pair), 30 (QH)... seat 1 holds 9 8 A: A fits: 31 for 2.
        let (_, points) = run(&hands, 0, &["KS", "KD", "QH", "AD"]);
        assert_eq!(points, [0, 4]);
        // Variation: seat 1 cannot play at 30 without the ace; says go; seat 0 takes last.
        let hands = [cards("KS QH 2D 3C"), cards("KD 9C 8H 7D")];
        let (play, points) = run(&hands, 0, &["KS", "KD", "QH", "go"]);
        assert_eq!(play.to_act(), Some(0));
        assert_eq!(points, [0, 2]);
        let mut play = play;
        assert!(play.legal_cards().is_empty());
        let r = play.apply(PlayMove::Go).unwrap();
        assert_eq!(r.last, Some((0, 1)));
        // Seat 1 leads after seat 0 played last.
        assert_eq!(play.to_act(), Some(1));
    }

    #[test]
    fn go_is_refused_when_a_card_fits() {
        let mut play = PlayState::new(&[cards("KS 5H"), cards("KD 9C")], 0);
        assert_eq!(play.apply(PlayMove::Go), Err(PlayError::MustPlay));
        assert_eq!(
            play.apply(PlayMove::Card("KD".parse().unwrap())),
            Err(PlayError::NotInHand("KD".parse().unwrap()))
        );
    }

    #[test]
    fn three_players_go_passes_round() {
        // Seat 1 leads (left of dealer 0).
        let hands = [cards("9S 8S"), cards("KS 7H"), cards("QS 6D")];
        let mut play = PlayState::new(&hands, 1);
        let mv = |c: &str| PlayMove::Card(c.parse().unwrap());
        play.apply(mv("KS")).unwrap(); // 10
        play.apply(mv("QS")).unwrap(); // 20
        play.apply(mv("9S")).unwrap(); // 29, seat 0
        assert_eq!(play.to_act(), Some(1));
        play.apply(PlayMove::Go).unwrap(); // seat 1 holds 7
        assert_eq!(play.to_act(), Some(2));
        play.apply(PlayMove::Go).unwrap(); // seat 2 holds 6
        assert_eq!(play.to_act(), Some(0));
        let r = play.apply(PlayMove::Go).unwrap(); // seat 0 holds 8
        assert_eq!(r.last, Some((0, 1)));
        // Seat 1 (after seat 0, who played last) leads.
        assert_eq!(play.to_act(), Some(1));
    }

    #[test]
    fn players_out_of_cards_are_skipped() {
        let hands = [cards("2S"), cards("3H 4H 5H")];
        let (play, points) = run(&hands, 0, &["2S", "3H", "4H", "5H"]);
        // 2-3-4 run of 3 for seat 1, then 5 makes 2-3-4-5 run 4 and count 14, last card 1.
        assert_eq!(points, [0, 3 + 4 + 1]);
        assert!(play.is_finished());
        assert_eq!(play.to_act(), None);
    }
}
