//! What one seat knows of the play, and deals of the hidden cards that
//! agree with it: the samples Hard and Expert search.

use super::policy::{expected_best_reply, expected_least_reply};
use crate::ai::rng::Rng;
use crate::cards::{Card, CardSet};
use crate::count::peg_score_unchecked;
use crate::games::cribbage::{Observation, PlayRecord};
use crate::pegging::{MAX_PLAYERS, PlayMove, PlayState};

/// The facts of the play one seat can know, in fixed-size form.
pub(crate) struct Knowledge {
    pub(super) players: usize,
    pub(super) seat: usize,
    pub(super) sides: usize,
    /// Side of each seat.
    pub(super) side_of: [usize; MAX_PLAYERS],
    /// The cards the seat holds, and those of them that fit now.
    pub(super) hand: CardSet,
    pub(super) legal: CardSet,
    /// Cards the seat has not seen.
    pub(super) unseen: CardSet,
    /// How many cards each seat holds.
    pub(super) held: [usize; MAX_PLAYERS],
    /// Every card a seat holds has at least this many pips (from its goes).
    pub(super) min_pips: [u8; MAX_PLAYERS],
    /// Cards each seat has laid this hand.
    pub(super) played: [CardSet; MAX_PLAYERS],
    /// Crib cards the seat did not lay away itself (unseen until the show).
    pub(super) crib_unknown: usize,
    pub(super) laid_away: CardSet,
    pub(super) kept: CardSet,
    pub(super) starter: Option<Card>,
    pub(super) dealer: usize,
    /// The play as it stands, with empty hands for the other seats.
    pub(super) pile: [Card; 13],
    pub(super) pile_len: usize,
    pub(super) to_act: usize,
    pub(super) last: Option<usize>,
    pub(super) said_go: u8,
    /// Points each side still needs to win.
    pub(super) to_go: [i32; MAX_PLAYERS],
    /// Reverse cribbage: points are what each side avoids.
    pub(super) reverse: bool,
    /// Every card laid and every go this hand, in order.
    pub(super) history: Vec<PlayRecord>,
}

impl Knowledge {
    /// `None` unless it is the seat's turn in the play.
    pub(crate) fn of(obs: &Observation) -> Option<Knowledge> {
        let probe = obs.play_state(&vec![CardSet::EMPTY; obs.rules.players()])?;
        if !obs.is_my_turn() {
            return None;
        }
        let players = obs.rules.players().min(MAX_PLAYERS);
        let mut side_of = [0; MAX_PLAYERS];
        let mut held = [0; MAX_PLAYERS];
        let mut played = [CardSet::EMPTY; MAX_PLAYERS];
        let mut min_pips = [0u8; MAX_PLAYERS];
        let mut to_go = [i32::MAX; MAX_PLAYERS];
        for s in 0..players {
            side_of[s] = obs.rules.side_of(s);
            held[s] = obs.held_counts.get(s).map_or(0, |&n| usize::from(n));
            played[s] = obs.played_by(s);
        }
        for (side, to_go) in to_go.iter_mut().enumerate().take(obs.rules.sides()) {
            *to_go = i32::from(obs.points_to_go(side));
        }
        for record in &obs.plays {
            if record.card.is_none() && record.seat < players {
                // A go at count c: nothing held fits, so every card has pips ≥ 32 − c.
                let bound = 32u8.saturating_sub(record.count);
                min_pips[record.seat] = min_pips[record.seat].max(bound);
            }
        }
        held[obs.seat] = obs.hand.len();
        let mut pile = [Card::new(crate::cards::Rank::Ace, crate::cards::Suit::Clubs); 13];
        for (slot, &card) in pile.iter_mut().zip(&obs.pile) {
            *slot = card;
        }
        let said_go = obs
            .said_go
            .iter()
            .enumerate()
            .filter(|(_, g)| **g)
            .fold(0u8, |bits, (s, _)| bits | 1 << s);
        Some(Knowledge {
            players,
            seat: obs.seat,
            sides: obs.rules.sides(),
            side_of,
            hand: obs.hand,
            legal: probe.fitting(obs.hand),
            unseen: obs.unseen(),
            held,
            min_pips,
            played,
            crib_unknown: usize::from(obs.crib_size).saturating_sub(obs.laid_away.len()),
            laid_away: obs.laid_away,
            kept: obs.kept,
            starter: obs.starter,
            dealer: obs.dealer,
            pile,
            pile_len: obs.pile.len().min(13),
            to_act: obs.seat,
            last: obs.last_player,
            said_go,
            to_go,
            reverse: obs.rules.is_reverse(),
            history: obs.plays.clone(),
        })
    }

    /// The play with these hands.
    pub(super) fn state(&self, hands: &[CardSet; MAX_PLAYERS]) -> PlayState {
        let hands = &hands[..self.players];
        // `Knowledge::of` resumed this pile once already (its probe), so it
        // counts 31 or less and the fallback is never taken.
        PlayState::resume(
            hands,
            &self.pile[..self.pile_len],
            self.to_act,
            self.last,
            self.said_go,
        )
        .unwrap_or_else(|_| PlayState::new(hands, self.to_act))
    }

    /// Hands of the right sizes for the other seats (cards that are not
    /// theirs): enough to see who acts next, not what they hold.
    pub(super) fn placeholder_hands(&self) -> [CardSet; MAX_PLAYERS] {
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        let mut spare = self.unseen.iter();
        for (s, hand) in hands.iter_mut().enumerate().take(self.players) {
            *hand = if s == self.seat {
                self.hand
            } else {
                spare.by_ref().take(self.held[s]).collect()
            };
        }
        hands
    }

    /// What `card` scores now.
    pub(super) fn points_now(&self, card: Card) -> u8 {
        let mut pile = self.pile;
        pile[self.pile_len] = card;
        peg_score_unchecked(&pile[..=self.pile_len]).points()
    }

    /// The cards seat `s` may hold: unseen, and with enough pips for its goes.
    pub(super) fn eligible(&self, s: usize) -> CardSet {
        let min = self.min_pips[s];
        if min <= 1 {
            return self.unseen;
        }
        self.unseen.iter().filter(|c| c.pips() >= min).collect()
    }

    /// Medium's look-ahead: what the next player to act, if an opponent, can
    /// be expected to score on `card` at best, their hand being any cards
    /// they may hold, all equally likely. In reverse, what they can be
    /// expected to be forced to score at least.
    pub(super) fn expected_reply(&self, card: Card) -> f64 {
        let mut state = self.state(&self.placeholder_hands());
        let result = state.apply_unchecked(PlayMove::Card(card));
        match state.to_act() {
            Some(next) if self.side_of[next] != self.side_of[self.seat] && !result.reset => {
                let reply = if self.reverse {
                    expected_least_reply
                } else {
                    expected_best_reply
                };
                f64::from(reply(&state, self.eligible(next), self.held[next]))
            }
            _ => 0.0,
        }
    }

    /// Deals the unseen cards out consistently with what is known: each
    /// other seat its number of cards, all with enough pips for its goes
    /// (the most constrained seat first), and the crib its unseen cards.
    pub(super) fn sample(&self, rng: &mut Rng) -> World {
        let mut pool = self.unseen;
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[self.seat] = self.hand;
        let mut order: Vec<usize> = (0..self.players).filter(|&s| s != self.seat).collect();
        crate::ai::sort_short(&mut order, |&a, &b| self.min_pips[a] > self.min_pips[b]);
        for s in order {
            let eligible = self.eligible(s) & pool;
            let mut hand = draw(eligible, self.held[s], rng);
            if hand.len() < self.held[s] {
                // Only an inconsistent observation gets here; fill from anything unseen.
                hand |= draw(pool - hand, self.held[s] - hand.len(), rng);
            }
            pool -= hand;
            hands[s] = hand;
        }
        let crib = self.laid_away | draw(pool, self.crib_unknown, rng);
        World { hands, crib }
    }
}

/// Draws `n` cards at random from `from` (all of them if it holds fewer).
fn draw(from: CardSet, n: usize, rng: &mut Rng) -> CardSet {
    let mut cards = [Card::new(crate::cards::Rank::Ace, crate::cards::Suit::Clubs); 52];
    let mut len = 0;
    for card in from {
        cards[len] = card;
        len += 1;
    }
    let n = n.min(len);
    let mut out = CardSet::EMPTY;
    for i in 0..n {
        let j = i + rng.below(len - i);
        cards.swap(i, j);
        out.insert(cards[i]);
    }
    out
}

/// One guess at the hidden cards: every seat's hand now, and the whole crib.
pub(super) struct World {
    pub(super) hands: [CardSet; MAX_PLAYERS],
    pub(super) crib: CardSet,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::State as _;
    use crate::games::cribbage::Rules;
    use crate::games::cribbage::{Action, DealSetup, Game, Setup};

    fn cards(text: &str) -> Vec<Card> {
        crate::cards::parse_cards(text).unwrap()
    }

    /// A two-player game at the start of the play: seat 0 deals.
    fn play_start(p0: &str, p1: &str, starter: &str) -> Game {
        let setup = Setup {
            first_dealer: 0,
            scores: vec![],
            deals: vec![DealSetup {
                hands: vec![cards(p0), cards(p1)],
                crib: vec![],
                starter: starter.parse().unwrap(),
            }],
        };
        let mut game = Game::with_setup(Rules::default(), 5, setup).unwrap();
        let d1: CardSet = cards(p1)[4..].iter().copied().collect();
        let d0: CardSet = cards(p0)[4..].iter().copied().collect();
        game.apply(Action::Discard(d1)).unwrap();
        game.apply(Action::Discard(d0)).unwrap();
        game
    }

    #[test]
    fn medium_expects_a_ten_on_a_five() {
        let game = play_start("KS QS 9C 8C 2D 3D", "5H 4C 6S 7D AH 2H", "JD");
        let view = game.observation(1);
        let knowledge = Knowledge::of(&view).unwrap();
        let five = "5H".parse().unwrap();
        let four = "4C".parse().unwrap();
        // 16 ten-cards among 46 unseen... many chances of a 15 on the five.
        assert!(knowledge.expected_reply(five) > 1.5);
        assert!(knowledge.expected_reply(four) < knowledge.expected_reply(five));
    }

    #[test]
    fn a_go_bounds_the_sampled_hand() {
        // Seat 1 leads; seat 0 deals. Play so that seat 0 says go at 27.
        let mut game = play_start("KS QS 9C 8C 2D 3D", "TH JC 7D 5S AH 2H", "4D");
        for text in ["play TH", "play KS", "play 7D"] {
            game.apply(text.parse().unwrap()).unwrap();
        }
        // Count 27: seat 0 holds Q 9 8: no card fits.
        assert_eq!(game.legal_actions(), vec![Action::Go]);
        game.apply(Action::Go).unwrap();
        let view = game.observation(1);
        let knowledge = Knowledge::of(&view).unwrap();
        assert_eq!(knowledge.min_pips[0], 5);
        let mut rng = Rng::new(9);
        for _ in 0..50 {
            let world = knowledge.sample(&mut rng);
            assert_eq!(world.hands[0].len(), 3);
            assert!(world.hands[0].iter().all(|c| c.pips() >= 5));
            assert!(world.hands[0].is_disjoint(view.hand));
            assert_eq!(world.crib.len(), 4);
        }
    }
}
