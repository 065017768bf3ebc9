//! The state machine: the cut, the deal and turn-up, the announcements and
//! the play, hand after hand until someone reaches 31.

use super::action::{Action, IllegalAction, Phase};
use super::event::{Cut, Event, Peg, Reason, Said};
use super::observation::Observation;
use super::rules::{CARDS_DEALT, PLAYERS, Rules, Setup, SetupError, TARGET};
use super::score::{self, Count, LIMIT};
use crate::cards::{Card, CardSet};
use crate::games::State as _;
use crate::games::cribbage::Skunk;
use crate::games::{GameKind, Outcome};
use crate::table::{Chance, Pegs, Seat, Side, in_game_hole, in_game_holes, settle_cuts};

/// A game of Noddy. See the module docs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    chance: Chance,
    setup: Option<Setup>,
    actions: Vec<Action>,
    events: Vec<Event>,

    pegs: [Pegs; PLAYERS],
    first_dealer: Seat,
    dealer: Seat,
    hand_no: u16,
    winner: Option<Side>,
    phase: Phase,

    /// The cards each seat was dealt this hand.
    dealt: [CardSet; PLAYERS],
    /// The cards each seat still holds.
    held: [CardSet; PLAYERS],
    turnup: Option<Card>,
    /// What each seat's announcement counted, with its cards.
    announced: [Option<Count>; PLAYERS],
    /// The play: who laid each card, in order.
    pile: Vec<(Seat, Card)>,
    /// Who has said go this hand (a count only rises, so it is for good).
    said_go: [bool; PLAYERS],
    to_act: Seat,
}

impl Game {
    fn blank(rules: Rules, seed: u64, setup: Option<Setup>) -> Game {
        Game {
            rules,
            chance: Chance::new(seed),
            setup,
            actions: Vec::new(),
            events: Vec::new(),
            pegs: [Pegs::default(); PLAYERS],
            first_dealer: 0,
            dealer: 0,
            hand_no: 0,
            winner: None,
            phase: Phase::Play,
            dealt: [CardSet::EMPTY; PLAYERS],
            held: [CardSet::EMPTY; PLAYERS],
            turnup: None,
            announced: [None, None],
            pile: Vec::new(),
            said_go: [false; PLAYERS],
            to_act: 0,
        }
    }

    /// Every action applied, in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether someone has reached 31.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// Each player's pegs.
    pub fn scores(&self) -> &[Pegs] {
        &self.pegs
    }

    /// The dealer of this hand.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// Who dealt the first hand.
    pub fn first_dealer(&self) -> Seat {
        self.first_dealer
    }

    /// The hand's number, from 1.
    pub fn hand_number(&self) -> u16 {
        self.hand_no
    }

    /// The turn-up.
    pub fn turnup(&self) -> Option<Card> {
        self.turnup
    }

    /// The cards `seat` still holds (hidden information: for tests and
    /// referees, never for a computer player, which gets an
    /// [`Observation`]).
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.held.get(seat).copied().unwrap_or(CardSet::EMPTY)
    }

    /// The cards `seat` was dealt this hand (hidden information, as
    /// [`Game::hand`]).
    pub fn dealt(&self, seat: Seat) -> CardSet {
        self.dealt.get(seat).copied().unwrap_or(CardSet::EMPTY)
    }

    /// The play so far this hand: who laid each card, in order.
    pub fn pile(&self) -> &[(Seat, Card)] {
        &self.pile
    }

    /// The count of the play.
    pub fn count(&self) -> u8 {
        self.pile.iter().map(|(_, c)| c.pips()).sum()
    }

    /// Whether `seat` has said go this hand.
    pub fn said_go(&self, seat: Seat) -> bool {
        self.said_go.get(seat).copied().unwrap_or(false)
    }

    /// `seat`'s announcement this hand, with its cards (hidden information
    /// until the cards are seen: the table hears only the words).
    pub fn announcement(&self, seat: Seat) -> Option<&Count> {
        self.announced.get(seat).and_then(Option::as_ref)
    }

    /// The cards `seat` holds that fit under 31.
    fn fitting(&self, seat: Seat) -> CardSet {
        let room = LIMIT - self.count();
        self.hand(seat)
            .iter()
            .filter(|c| c.pips() <= room)
            .collect()
    }

    /// Whether `action` is legal now, without applying it.
    ///
    /// # Errors
    /// Why it is not.
    pub fn check(&self, action: &Action) -> Result<(), IllegalAction> {
        let Some(seat) = self.current_player() else {
            return Err(IllegalAction::GameOver);
        };
        match *action {
            Action::Play(card) => {
                if !self.hand(seat).contains(card) {
                    return Err(IllegalAction::NotHeld(card));
                }
                let count = self.count();
                if count + card.pips() > LIMIT {
                    return Err(IllegalAction::OverLimit { card, count });
                }
            }
            Action::Go => {
                if !self.fitting(seat).is_empty() {
                    return Err(IllegalAction::MustPlay);
                }
            }
        }
        Ok(())
    }

    /// Checks that `seat` is the one to act.
    ///
    /// # Errors
    /// [`IllegalAction::NotYourTurn`] or [`IllegalAction::GameOver`].
    pub fn check_turn(&self, seat: Seat) -> Result<(), IllegalAction> {
        match self.current_player() {
            None => Err(IllegalAction::GameOver),
            Some(to_act) if to_act != seat => Err(IllegalAction::NotYourTurn { seat, to_act }),
            Some(_) => Ok(()),
        }
    }

    /// Applies an action for `seat`, which must be the one to act.
    ///
    /// # Errors
    /// When it is not `seat`'s turn or the action is not legal.
    pub fn apply_as(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, IllegalAction> {
        self.check_turn(seat)?;
        self.apply(action)
    }

    pub(crate) fn advance(&mut self, action: Action) -> Result<usize, IllegalAction> {
        self.check(&action)?;
        let from = self.events.len();
        let seat = self.to_act;
        self.actions.push(action);
        match action {
            Action::Play(card) => self.play(seat, card),
            Action::Go => {
                self.said_go[seat] = true;
                let count = self.count();
                self.events.push(Event::Go { seat, count });
                self.to_act = other(seat);
                self.next_turn();
            }
        }
        Ok(from)
    }

    fn start(&mut self) {
        let start = self.setup.clone();
        if let Some(setup) = &start {
            for (pegs, &score) in self.pegs.iter_mut().zip(&setup.scores) {
                *pegs = Pegs::at(score);
            }
        }
        self.first_dealer = match start {
            Some(setup) => setup.first_dealer,
            None => self.cut_for_deal(),
        };
        self.dealer = self.first_dealer;
        self.deal();
    }

    /// Cuts until one player holds the lowest card alone (ten-cards tie).
    fn cut_for_deal(&mut self) -> Seat {
        loop {
            let mut deck = CardSet::DECK.to_vec();
            self.chance.draw().shuffle(&mut deck);
            let cuts = Cut::round(&deck, PLAYERS);
            let settled = settle_cuts(&cuts);
            self.events.push(Event::CutForDeal {
                cuts,
                dealer: settled.as_ref().ok().copied(),
            });
            if let Ok(dealer) = settled {
                return dealer;
            }
        }
    }

    /// Deals a hand, turns up, announces both hands, and starts the play
    /// (each step stops if someone reaches 31).
    fn deal(&mut self) {
        self.hand_no += 1;
        let stacked = self
            .setup
            .as_ref()
            .and_then(|s| s.deals.get(usize::from(self.hand_no) - 1))
            .cloned();
        self.pile.clear();
        self.said_go = [false; PLAYERS];
        self.announced = [None, None];
        let pone = other(self.dealer);
        let turnup = if let Some(deal) = stacked {
            for (seat, cards) in deal.hands.iter().enumerate().take(PLAYERS) {
                self.dealt[seat] = cards.iter().copied().collect();
            }
            deal.turnup
        } else {
            let mut deck = CardSet::DECK.to_vec();
            self.chance.draw().shuffle(&mut deck);
            // One card at a time, the dealer's opponent first; then the
            // next card is turned up.
            self.dealt = [CardSet::EMPTY; PLAYERS];
            for (i, &card) in deck.iter().take(PLAYERS * CARDS_DEALT).enumerate() {
                let seat = if i % 2 == 0 { pone } else { self.dealer };
                self.dealt[seat].insert(card);
            }
            deck[PLAYERS * CARDS_DEALT]
        };
        self.held = self.dealt;
        self.turnup = Some(turnup);
        self.events.push(Event::Deal {
            hand: self.hand_no,
            dealer: self.dealer,
        });
        self.events.push(Event::TurnUp { card: turnup });
        if turnup.is_jack() && self.peg(pone, 2, Reason::JackTurned { card: turnup }) {
            return;
        }
        for seat in [pone, self.dealer] {
            let Ok(count) = score::announcement(&self.dealt[seat].to_vec(), turnup) else {
                continue;
            };
            let said = Said::all(&count);
            let total = count.total;
            self.announced[seat] = Some(count);
            self.events.push(Event::Announced { seat, said, total });
            if self.peg(seat, total, Reason::Announcement) {
                return;
            }
        }
        self.phase = Phase::Play;
        self.to_act = pone;
    }

    fn play(&mut self, seat: Seat, card: Card) {
        self.held[seat].remove(card);
        self.pile.push((seat, card));
        let count = self.count();
        self.events.push(Event::Played { seat, card, count });
        let mut cards = Vec::with_capacity(self.pile.len());
        for &(_, c) in &self.pile {
            cards.push(c);
        }
        if let Ok(scored) = score::play_score(&cards)
            && scored.total > 0
        {
            let reason = Reason::Play {
                card,
                count,
                said: scored.steps().into_iter().map(|s| s.phrase).collect(),
                combos: scored.combos,
            };
            if self.peg(seat, scored.total, reason) {
                return;
            }
        }
        self.to_act = other(seat);
        self.next_turn();
    }

    /// Settles who acts next, `self.to_act` being the one whose turn it
    /// would be: they play if a card fits, say go if they hold cards and
    /// have not said it, and otherwise pass the turn back. When neither can
    /// lay a card the hand is over.
    fn next_turn(&mut self) {
        let can = |s: Seat| !self.fitting(s).is_empty();
        if !can(0) && !can(1) {
            self.end_hand();
            return;
        }
        let seat = self.to_act;
        if can(seat) || (!self.hand(seat).is_empty() && !self.said_go[seat]) {
            return;
        }
        self.to_act = other(seat);
    }

    /// Nobody can lay a card: one for go to the last card laid, unless it
    /// made 31 (the hitter has scored instead); then the next hand.
    fn end_hand(&mut self) {
        let count = self.count();
        if let Some(&(seat, card)) = self.pile.last()
            && count != LIMIT
            && self.peg(seat, 1, Reason::Go { card, count })
        {
            return;
        }
        self.events.push(Event::HandOver {
            hand: self.hand_no,
            scores: self.score_list(),
        });
        self.dealer = other(self.dealer);
        self.deal();
    }

    /// Pegs `points` for `seat`; returns whether that won the game.
    fn peg(&mut self, seat: Seat, points: u8, reason: Reason) -> bool {
        if points == 0 {
            return false;
        }
        let pegs = &mut self.pegs[seat];
        pegs.peg(points);
        let (front, rear) = (pegs.front, pegs.rear);
        self.events.push(Event::Pegged(Peg {
            seat,
            side: seat,
            points,
            front,
            rear,
            shown: in_game_hole(front, TARGET),
            reason,
        }));
        if front < TARGET {
            return false;
        }
        self.winner = Some(seat);
        self.phase = Phase::Over;
        self.events.push(Event::GameOver {
            winner: seat,
            scores: self.score_list(),
            shown: in_game_holes(&self.pegs, TARGET),
            hands: self.hand_no,
            first_dealer: self.first_dealer,
            skunk: Skunk::None,
        });
        true
    }
}

/// The other player.
fn other(seat: Seat) -> Seat {
    crate::table::other_seat(seat)
}

impl crate::games::State for Game {
    type Rules = Rules;
    type Setup = Setup;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;
    type Illegal = IllegalAction;
    type SetupError = SetupError;

    /// A new game: the players cut for deal and the first hand is dealt.
    fn new(rules: Rules, seed: u64) -> Game {
        let mut game = Game::blank(rules, seed, None);
        game.start();
        game
    }

    /// A new game from a stacked setup.
    ///
    /// # Errors
    /// When the setup cannot be played.
    fn with_setup(rules: Rules, seed: u64, setup: Setup) -> Result<Game, SetupError> {
        setup.check(TARGET)?;
        let mut game = Game::blank(rules, seed, Some(setup));
        game.start();
        Ok(game)
    }

    fn kind(&self) -> GameKind {
        GameKind::Noddy
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn seed(&self) -> u64 {
        self.chance.seed()
    }

    fn setup(&self) -> Option<&Setup> {
        self.setup.as_ref()
    }

    fn players(&self) -> usize {
        PLAYERS
    }

    fn current_player(&self) -> Option<Seat> {
        (self.phase == Phase::Play).then_some(self.to_act)
    }

    /// Every action the player to act may take: the cards that fit, or go.
    fn legal_actions(&self) -> Vec<Action> {
        let Some(seat) = self.current_player() else {
            return Vec::new();
        };
        let fitting = self.fitting(seat);
        if fitting.is_empty() {
            vec![Action::Go]
        } else {
            fitting.iter().map(Action::Play).collect()
        }
    }

    fn advance(&mut self, action: Action) -> Result<usize, IllegalAction> {
        Game::advance(self, action)
    }

    fn events(&self) -> &[Event] {
        &self.events
    }

    fn observation(&self, seat: Seat) -> Observation {
        Observation::of(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|side| Outcome::Winner { side })
    }

    fn score_list(&self) -> Vec<u16> {
        Pegs::fronts(&self.pegs)
    }

    fn redraw(&mut self, epoch: u32) {
        self.chance.redraw(epoch);
    }

    fn epoch(&self) -> u32 {
        self.chance.epoch()
    }

    /// Checks the invariants: every card in one place, the pile within 31
    /// and laid from the hands dealt, and the pegs in order.
    ///
    /// # Errors
    /// The first inconsistency found.
    fn check_invariants(&self) -> Result<(), String> {
        let mut laid = [CardSet::EMPTY; PLAYERS];
        for &(seat, card) in &self.pile {
            let Some(set) = laid.get_mut(seat) else {
                return Err(format!("the pile holds a card of seat {seat}"));
            };
            if !set.insert(card) {
                return Err(format!("{card} is laid twice"));
            }
        }
        for (seat, &laid) in laid.iter().enumerate() {
            if !self.held[seat].is_disjoint(laid) || self.held[seat] | laid != self.dealt[seat] {
                return Err(format!(
                    "seat {seat}'s held and laid cards are not its deal"
                ));
            }
            if self.dealt[seat].len() != CARDS_DEALT {
                return Err(format!(
                    "seat {seat} was dealt {} cards",
                    self.dealt[seat].len()
                ));
            }
            let pegs = self.pegs[seat];
            if pegs.rear > pegs.front {
                return Err(format!("seat {seat}'s rear peg passed its front"));
            }
        }
        if !self.dealt[0].is_disjoint(self.dealt[1]) {
            return Err("a card is dealt to both players".into());
        }
        if let Some(turnup) = self.turnup
            && (self.dealt[0] | self.dealt[1]).contains(turnup)
        {
            return Err(format!("the turn-up {turnup} is also dealt"));
        }
        if self.count() > LIMIT {
            return Err(format!("the count is {}", self.count()));
        }
        let reached = crate::table::reaching(&self.pegs, TARGET);
        match (self.winner, reached.as_slice()) {
            (None, []) => {}
            (Some(w), [r]) if w == *r => {}
            _ => return Err("the winner is not the one player to reach 31".into()),
        }
        if self.phase == Phase::Play && self.legal_actions().is_empty() {
            return Err("the player to act has nothing to do".into());
        }
        Ok(())
    }
}
