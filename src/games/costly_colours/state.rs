//! The state machine: the cut, the deal and turn-up, the mog, the play in
//! series to 31 and the show, hand after hand until someone reaches 121.

use super::action::{Action, IllegalAction, Phase};
use super::event::{Cut, Event, Peg, Reason, Shown};
use super::observation::{Laid, Observation};
use super::rules::{CARDS_DEALT, PLAYERS, Rules, Setup, SetupError, TARGET};
use super::score::{self, LIMIT};
use crate::cards::{Card, CardSet, Rank};
use crate::games::State as _;
use crate::games::cribbage::Skunk;
use crate::games::{GameKind, Outcome};
use crate::table::{Chance, Pegs, Seat, Side, in_game_hole, in_game_holes, settle_cuts};

/// A game of Costly Colours. See the module docs.
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
    /// The three cards each seat plays and shows: those dealt until the mog
    /// exchange, then less the card passed and with the card received.
    cards: [CardSet; PLAYERS],
    /// The cards each seat still holds (a card passed leaves at once; the
    /// card received arrives when both have passed).
    held: [CardSet; PLAYERS],
    turnup: Option<Card>,
    /// What each seat said to the mog: `Some(true)` for mog.
    mog: [Option<bool>; PLAYERS],
    /// The card each seat passed.
    passed: [Option<Card>; PLAYERS],
    /// Every card laid this hand, in order.
    laid: Vec<Laid>,
    /// Where in `laid` the current series began.
    series_from: usize,
    /// Who has said go in the current series.
    said_go: [bool; PLAYERS],
    /// The hands shown this hand.
    shows: Vec<Shown>,
    /// The hands shown in the hand before (the show and the next deal
    /// happen together, so a front end reads the last show here).
    previous_shows: Vec<Shown>,
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
            phase: Phase::Mog,
            dealt: [CardSet::EMPTY; PLAYERS],
            cards: [CardSet::EMPTY; PLAYERS],
            held: [CardSet::EMPTY; PLAYERS],
            turnup: None,
            mog: [None; PLAYERS],
            passed: [None; PLAYERS],
            laid: Vec::new(),
            series_from: 0,
            said_go: [false; PLAYERS],
            shows: Vec::new(),
            previous_shows: Vec::new(),
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

    /// Whether someone has reached 121.
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

    /// The three cards `seat` plays and shows this hand: those dealt, less
    /// the card passed in the mog and with the card received, once both
    /// have passed (hidden information, as [`Game::hand`]).
    pub fn cards(&self, seat: Seat) -> CardSet {
        self.cards.get(seat).copied().unwrap_or(CardSet::EMPTY)
    }

    /// What `seat` said to the mog this hand: `Some(true)` for mog,
    /// `Some(false)` for refuse, `None` before it has said.
    pub fn mog_said(&self, seat: Seat) -> Option<bool> {
        self.mog.get(seat).copied().flatten()
    }

    /// The card `seat` passed in the mog this hand (hidden: the passer and,
    /// once both have passed, the receiver know it).
    pub fn passed(&self, seat: Seat) -> Option<Card> {
        self.passed.get(seat).copied().flatten()
    }

    /// The card `seat` received in the mog this hand, once both have passed.
    pub fn received(&self, seat: Seat) -> Option<Card> {
        let both = self.passed.iter().all(Option::is_some);
        if both { self.passed(other(seat)) } else { None }
    }

    /// Every card laid this hand, in order: who, which card, at what
    /// value, and the count of its series after it.
    pub fn laid(&self) -> &[Laid] {
        &self.laid
    }

    /// The current series of the play (since the count was last reset).
    pub fn series(&self) -> &[Laid] {
        self.laid.get(self.series_from..).unwrap_or(&[])
    }

    /// The count of the current series.
    pub fn count(&self) -> u8 {
        self.series().last().map_or(0, |l| l.count)
    }

    /// Whether `seat` has said go in the current series.
    pub fn said_go(&self, seat: Seat) -> bool {
        self.said_go.get(seat).copied().unwrap_or(false)
    }

    /// The hands shown this hand (only when the game ended in the show:
    /// otherwise the next hand is already dealt).
    pub fn shows(&self) -> &[Shown] {
        &self.shows
    }

    /// The hands shown in the hand before this one.
    pub fn previous_shows(&self) -> &[Shown] {
        &self.previous_shows
    }

    /// Whether `seat` holds a card that fits under 31 at some value.
    fn can_play(&self, seat: Seat) -> bool {
        let room = LIMIT.saturating_sub(self.count());
        self.hand(seat)
            .iter()
            .any(|c| score::values(c).iter().any(|&v| v <= room))
    }

    /// Whether `action` is legal now, without applying it.
    ///
    /// # Errors
    /// Why it is not.
    pub fn check(&self, action: &Action) -> Result<(), IllegalAction> {
        let Some(seat) = self.current_player() else {
            return Err(IllegalAction::GameOver);
        };
        match (self.phase, *action) {
            (Phase::Mog, Action::Mog | Action::Refuse) => Ok(()),
            (Phase::Pass, Action::Pass(card)) => {
                if self.hand(seat).contains(card) {
                    Ok(())
                } else {
                    Err(IllegalAction::NotHeld(card))
                }
            }
            (Phase::Play, Action::Play { card, value }) => {
                if !self.hand(seat).contains(card) {
                    return Err(IllegalAction::NotHeld(card));
                }
                if !score::values(card).contains(&value) {
                    return Err(IllegalAction::WrongValue { card, value });
                }
                let count = self.count();
                if count.saturating_add(value) > LIMIT {
                    return Err(IllegalAction::OverLimit { card, value, count });
                }
                Ok(())
            }
            (Phase::Play, Action::Go) => {
                if self.can_play(seat) {
                    Err(IllegalAction::MustPlay)
                } else {
                    Ok(())
                }
            }
            (phase, _) => Err(IllegalAction::NotNow(phase)),
        }
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
            Action::Mog | Action::Refuse => self.say(seat, action == Action::Mog),
            Action::Pass(card) => self.pass(seat, card),
            Action::Play { card, value } => self.play(seat, card, value),
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

    /// Deals a hand and turns up (a jack or a two: four to the dealer, which
    /// may win the game); then the dealer's opponent says whether to mog.
    fn deal(&mut self) {
        self.hand_no += 1;
        let stacked = self
            .setup
            .as_ref()
            .and_then(|s| s.deals.get(usize::from(self.hand_no) - 1))
            .cloned();
        self.laid.clear();
        self.series_from = 0;
        self.said_go = [false; PLAYERS];
        self.mog = [None; PLAYERS];
        self.passed = [None; PLAYERS];
        self.previous_shows = std::mem::take(&mut self.shows);
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
        self.cards = self.dealt;
        self.held = self.dealt;
        self.turnup = Some(turnup);
        self.events.push(Event::Deal {
            hand: self.hand_no,
            dealer: self.dealer,
        });
        self.events.push(Event::TurnUp { card: turnup });
        if is_jack_or_two(turnup)
            && self.peg(self.dealer, 4, Reason::JackOrTwoTurned { card: turnup })
        {
            return;
        }
        self.phase = Phase::Mog;
        self.to_act = pone;
    }

    /// A player says mog or refuse. A refusal pegs one to the other player
    /// at once. When both have said: both agreed, each passes a card;
    /// otherwise the play begins.
    fn say(&mut self, seat: Seat, mog: bool) {
        self.mog[seat] = Some(mog);
        if mog {
            self.events.push(Event::MogSaid { seat });
        } else {
            self.events.push(Event::MogRefused { seat });
            if self.peg(other(seat), 1, Reason::MogRefused { by: seat }) {
                return;
            }
        }
        if seat != self.dealer {
            self.to_act = self.dealer;
        } else if self.mog == [Some(true); PLAYERS] {
            self.phase = Phase::Pass;
            self.to_act = other(self.dealer);
        } else {
            self.start_play();
        }
    }

    /// A player passes a card face down. It leaves their hand at once, and
    /// reaches the other's only when both have passed: neither choice can
    /// follow from seeing the other. Then each passer of a jack or a two
    /// pegs for it, the dealer's opponent first, and the play begins.
    fn pass(&mut self, seat: Seat, card: Card) {
        self.held[seat].remove(card);
        self.passed[seat] = Some(card);
        self.events.push(Event::Passed { seat });
        if seat != self.dealer {
            self.to_act = self.dealer;
            return;
        }
        for s in 0..PLAYERS {
            if let Some(card) = self.passed[other(s)] {
                self.held[s].insert(card);
            }
        }
        // The turn-up is always there by now; without one nothing is
        // pegged and the play still begins.
        let turnup = self.turnup;
        for s in [other(self.dealer), self.dealer] {
            let (Some(card), Some(turnup)) = (self.passed[s], turnup) else {
                continue;
            };
            if is_jack_or_two(card) {
                let of_turnup_suit = card.suit() == turnup.suit();
                let points = if of_turnup_suit { 4 } else { 2 };
                if self.peg(s, points, Reason::Passed { of_turnup_suit }) {
                    return;
                }
            }
        }
        self.start_play();
    }

    /// The hands are settled: the dealer's opponent leads the first series.
    fn start_play(&mut self) {
        self.cards = self.held;
        self.phase = Phase::Play;
        self.to_act = other(self.dealer);
    }

    fn play(&mut self, seat: Seat, card: Card, value: u8) {
        self.held[seat].remove(card);
        let count = self.count().saturating_add(value);
        self.laid.push(Laid {
            seat,
            card,
            value,
            count,
        });
        self.events.push(Event::Played {
            seat,
            card,
            value,
            count,
        });
        let (cards, aces) = Laid::cards_and_aces(self.series());
        if let Ok(scored) = score::play_score(&cards, &aces)
            && scored.total > 0
        {
            let reason = Reason::Play {
                card,
                value,
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
    /// lay a card the series is over.
    fn next_turn(&mut self) {
        if !self.can_play(0) && !self.can_play(1) {
            self.end_series();
            return;
        }
        let seat = self.to_act;
        if self.can_play(seat) || (!self.hand(seat).is_empty() && !self.said_go[seat]) {
            return;
        }
        self.to_act = other(seat);
    }

    /// Nobody can lay a card: one for last to the last card laid, unless it
    /// made 31 (which has scored); then the count goes back to 0, and the
    /// player after the last to lay a card leads (the other, if that
    /// player's hand is empty). When both hands are empty the play is over
    /// and the hands are shown.
    fn end_series(&mut self) {
        let count = self.count();
        let Some(&last) = self.series().last() else {
            // Not reached (a series always starts with a card laid); ending
            // the play here keeps the game moving.
            self.show();
            return;
        };
        if count != LIMIT
            && self.peg(
                last.seat,
                1,
                Reason::Last {
                    card: last.card,
                    count,
                },
            )
        {
            return;
        }
        if self.held.iter().all(|h| h.is_empty()) {
            self.events.push(Event::CountReset { leader: None });
            self.show();
            return;
        }
        let leader = if self.hand(other(last.seat)).is_empty() {
            last.seat
        } else {
            other(last.seat)
        };
        self.series_from = self.laid.len();
        self.said_go = [false; PLAYERS];
        self.to_act = leader;
        self.events.push(Event::CountReset {
            leader: Some(leader),
        });
    }

    /// The show: the dealer's opponent, then the dealer, counts three cards
    /// with the turn-up (each pegged before the next is counted); then the
    /// next hand.
    fn show(&mut self) {
        // The turn-up is always there by now; without one nothing is
        // counted and the next hand is dealt.
        let turnup = self.turnup;
        for seat in [other(self.dealer), self.dealer] {
            let Some(turnup) = turnup else {
                break;
            };
            let cards = self.cards[seat].to_vec();
            let received = self.received(seat);
            let Ok(count) = score::show(&cards, turnup, received) else {
                continue;
            };
            let total = count.total;
            let shown = Shown {
                seat,
                cards,
                turnup,
                received,
                steps: count.steps(),
                count,
            };
            self.shows.push(shown.clone());
            self.events.push(Event::Show(shown));
            if self.peg(seat, total, Reason::Show) {
                return;
            }
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

/// A jack or a two: what pegs when turned up, passed or held.
fn is_jack_or_two(card: Card) -> bool {
    matches!(card.rank(), Rank::Jack | Rank::Two)
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
        GameKind::CostlyColours
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
        (self.phase != Phase::Over).then_some(self.to_act)
    }

    /// Every action the player to act may take: mog or refuse; a card to
    /// pass; the cards that fit (an ace at each value that fits, as two
    /// actions when both do), or go.
    fn legal_actions(&self) -> Vec<Action> {
        let Some(seat) = self.current_player() else {
            return Vec::new();
        };
        match self.phase {
            Phase::Mog => vec![Action::Mog, Action::Refuse],
            Phase::Pass => self.hand(seat).iter().map(Action::Pass).collect(),
            Phase::Play => {
                let room = LIMIT.saturating_sub(self.count());
                let mut plays = Vec::new();
                for card in self.hand(seat).iter() {
                    for &value in score::values(card) {
                        if value <= room {
                            plays.push(Action::Play { card, value });
                        }
                    }
                }
                if plays.is_empty() {
                    vec![Action::Go]
                } else {
                    plays
                }
            }
            Phase::Over => Vec::new(),
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

    /// Checks the invariants: every card in one place (dealt, passed,
    /// received, held, laid), the series within 31 with each ace at 1 or
    /// 11, and the pegs in order.
    ///
    /// # Errors
    /// The first inconsistency found.
    fn check_invariants(&self) -> Result<(), String> {
        let mut laid = [CardSet::EMPTY; PLAYERS];
        for lay in &self.laid {
            let Some(set) = laid.get_mut(lay.seat) else {
                return Err(format!("the play holds a card of seat {}", lay.seat));
            };
            if !set.insert(lay.card) {
                return Err(format!("{} is laid twice", lay.card));
            }
            if !score::values(lay.card).contains(&lay.value) {
                return Err(format!("{} was laid as {}", lay.card, lay.value));
            }
        }
        let exchanged = self.passed.iter().all(Option::is_some);
        for (seat, &laid) in laid.iter().enumerate() {
            if self.dealt[seat].len() != CARDS_DEALT {
                return Err(format!(
                    "seat {seat} was dealt {} cards",
                    self.dealt[seat].len()
                ));
            }
            // What the seat should hold and have laid: its deal, less the
            // card it passed, with the card it received once both passed.
            let mut own = self.dealt[seat];
            if let Some(card) = self.passed[seat] {
                own.remove(card);
            }
            if exchanged && let Some(card) = self.passed[other(seat)] {
                own.insert(card);
            }
            if !self.held[seat].is_disjoint(laid) || self.held[seat] | laid != own {
                return Err(format!(
                    "seat {seat}'s held and laid cards are not its deal after the mog"
                ));
            }
            if self.phase == Phase::Play && self.cards[seat] != own {
                return Err(format!("seat {seat}'s hand for the show is not its cards"));
            }
            if let Some(card) = self.passed[seat]
                && !self.dealt[seat].contains(card)
            {
                return Err(format!("seat {seat} passed {card}, which it was not dealt"));
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
        // Each card's count is the count before it in its series plus its
        // value: exactly so in the current series; in an earlier one a card
        // may also have begun a new series, its count its own value.
        let mut count = 0u8;
        for (i, lay) in self.laid.iter().enumerate() {
            if i == self.series_from {
                count = 0;
            }
            let follows = lay.count == count.saturating_add(lay.value);
            let begins = i < self.series_from && lay.count == lay.value;
            if !(follows || begins) || lay.count > LIMIT {
                return Err(format!("{} is laid at a count of {}", lay.card, lay.count));
            }
            count = lay.count;
        }
        let passing = self.passed.iter().any(Option::is_some);
        if passing && self.mog != [Some(true); PLAYERS] {
            return Err("a card was passed without both agreeing to mog".into());
        }
        let reached = crate::table::reaching(&self.pegs, TARGET);
        match (self.winner, reached.as_slice()) {
            (None, []) => {}
            (Some(w), [r]) if w == *r => {}
            _ => return Err("the winner is not the one player to reach 121".into()),
        }
        if self.phase != Phase::Over && self.legal_actions().is_empty() {
            return Err("the player to act has nothing to do".into());
        }
        Ok(())
    }
}
