//! The state machine: the deal, the play, the show and the match.

use super::action::{Action, IllegalAction, Phase};
use super::event::{Cut, Event, GameResult, Peg, Reason, Skunk};
use super::observation::{Observation, PlayRecord, Showing};
use super::rules::{Counting, Rules};
use super::setup::{Setup, SetupError};
use crate::cards::{Card, CardSet, Rank};
use crate::count::{ShowKind, ShowScore, score_show};
use crate::games::{GameKind, Outcome};
use crate::pegging::{PlayError, PlayMove, PlayState};
use crate::table::{Chance, Draw, Pegs, Seat, Side};
use std::fmt;

/// Where the show stands in muggins counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PendingMuggins {
    /// The owner's claim.
    claimed: u8,
    /// Points missed.
    missed: u8,
    /// The opponent now offered the call.
    caller: Seat,
}

/// A game (or best-of-three match) of cribbage. See the module docs.
#[derive(Clone)]
pub struct Game {
    rules: Rules,
    /// Where chance comes from: the seed, the epoch (bumped by an undo) and
    /// the events drawn so far.
    chance: Chance,
    setup: Option<Setup>,
    actions: Vec<Action>,
    events: Vec<Event>,

    // The match.
    game_no: u8,
    games_won: Vec<u8>,
    results: Vec<GameResult>,
    match_first_dealer: Seat,
    winner: Option<Side>,

    // The game.
    game_first_dealer: Seat,
    pegs: Vec<Pegs>,
    hand_no: u16,
    /// Hands dealt since the game began, counting across games (to index setups).
    deals_done: usize,
    dealer: Seat,

    // The hand.
    stock: Vec<Card>,
    held: Vec<CardSet>,
    kept: Vec<CardSet>,
    laid_away: Vec<CardSet>,
    crib: CardSet,
    starter: Option<Card>,
    played: CardSet,
    play: PlayState,
    plays: Vec<PlayRecord>,
    /// Index into the show order (hands from the dealer's left, then the crib).
    show_step: usize,
    pending: Option<PendingMuggins>,
    phase: Phase,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("rules", &self.rules)
            .field("seed", &self.chance.seed())
            .field("phase", &self.phase)
            .field("game", &self.game_no)
            .field("hand", &self.hand_no)
            .field("dealer", &self.dealer)
            .field("pegs", &self.pegs)
            .field("actions", &self.actions.len())
            .finish()
    }
}

impl PartialEq for Game {
    /// Two games are equal when they hold the same rules, seed, setup and
    /// actions — which determine everything else.
    fn eq(&self, other: &Game) -> bool {
        self.rules == other.rules
            && self.chance.seed() == other.chance.seed()
            && self.chance.epoch() == other.chance.epoch()
            && self.setup == other.setup
            && self.actions == other.actions
    }
}

impl Game {
    /// A new game: players cut for the first deal and the first hand is dealt.
    pub fn new(rules: Rules, seed: u64) -> Game {
        let mut game = Game::blank(rules, seed, None);
        game.start_match();
        game
    }

    /// A new game with a chosen first dealer and stacked first hands.
    ///
    /// # Errors
    /// [`SetupError`] when the setup does not fit the rules (wrong counts, a
    /// card twice, a dealer who is not at the table).
    pub fn with_setup(rules: Rules, seed: u64, setup: Setup) -> Result<Game, SetupError> {
        setup.check(&rules)?;
        let mut game = Game::blank(rules, seed, Some(setup));
        game.start_match();
        Ok(game)
    }

    fn blank(rules: Rules, seed: u64, setup: Option<Setup>) -> Game {
        let n = rules.players();
        let sides = rules.sides();
        Game {
            rules,
            chance: Chance::new(seed),
            setup,
            actions: Vec::new(),
            events: Vec::new(),
            game_no: 0,
            games_won: vec![0; sides],
            results: Vec::new(),
            match_first_dealer: 0,
            winner: None,
            game_first_dealer: 0,
            pegs: vec![Pegs::default(); sides],
            hand_no: 0,
            deals_done: 0,
            dealer: 0,
            stock: Vec::new(),
            held: vec![CardSet::EMPTY; n],
            kept: vec![CardSet::EMPTY; n],
            laid_away: vec![CardSet::EMPTY; n],
            crib: CardSet::EMPTY,
            starter: None,
            played: CardSet::EMPTY,
            play: PlayState::new(&vec![CardSet::EMPTY; n], 0),
            plays: Vec::new(),
            show_step: 0,
            pending: None,
            phase: Phase::Discard,
        }
    }

    // -----------------------------------------------------------------------
    // Reading the state.

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The seed everything random comes from.
    pub fn seed(&self) -> u64 {
        self.chance.seed()
    }

    /// The stacked setup, if the game was made with one.
    pub fn setup(&self) -> Option<&Setup> {
        self.setup.as_ref()
    }

    /// Every action applied so far, in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Every event so far, in order, from the cut for deal on.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The decision the game waits for.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Who must act, or `None` when the game is over.
    pub fn current_player(&self) -> Option<Seat> {
        let n = self.rules.players();
        match self.phase {
            Phase::Over => None,
            Phase::Discard => (1..=n)
                .map(|k| (self.dealer + k) % n)
                .find(|&s| self.laid_away[s].is_empty()),
            Phase::Play => self.play.to_act(),
            Phase::Claim => Some(self.show_owner()),
            Phase::Muggins => self.pending.map(|p| p.caller),
        }
    }

    /// Whether the game (or the match) is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The side that won the game (or the match), once it is over.
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// The pegs of each side.
    pub fn scores(&self) -> &[Pegs] {
        &self.pegs
    }

    /// Games won toward the match by each side (a skunk counts 2, a double skunk 3).
    pub fn games_won(&self) -> &[u8] {
        &self.games_won
    }

    /// The finished games of the match.
    pub fn results(&self) -> &[GameResult] {
        &self.results
    }

    /// The game of the match being played: 1, 2 or 3.
    pub fn game_number(&self) -> u8 {
        self.game_no
    }

    /// The hand of the current game: 1 for the first.
    pub fn hand_number(&self) -> u16 {
        self.hand_no
    }

    /// The dealer of the current hand.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The starter, once turned.
    pub fn starter(&self) -> Option<Card> {
        self.starter
    }

    /// The cards `seat` holds (not yet laid away or played). Hidden
    /// information: a computer player never gets this; see [`Game::observation`].
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.held.get(seat).copied().unwrap_or_default()
    }

    /// The four cards `seat` kept for the show (empty until it lays away).
    pub fn kept(&self, seat: Seat) -> CardSet {
        self.kept.get(seat).copied().unwrap_or_default()
    }

    /// The crib so far. Hidden information until the show.
    pub fn crib(&self) -> CardSet {
        self.crib
    }

    /// The undealt cards, in pack order. Hidden information.
    pub fn stock(&self) -> &[Card] {
        &self.stock
    }

    /// The cards played this hand.
    pub fn played(&self) -> CardSet {
        self.played
    }

    /// The play in progress (meaningful in [`Phase::Play`]).
    pub fn play_state(&self) -> &PlayState {
        &self.play
    }

    /// What `seat` may know: see [`Observation`]. A computer player decides
    /// from this alone.
    pub fn observation(&self, seat: Seat) -> Observation {
        Observation::of(self, seat)
    }

    /// Every action the player to act may take.
    pub fn legal_actions(&self) -> Vec<Action> {
        let Some(seat) = self.current_player() else {
            return Vec::new();
        };
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Discard => self.held[seat]
                .subsets_of_len(self.rules.discards())
                .map(Action::Discard)
                .collect(),
            Phase::Play => {
                let cards = self.play.legal_cards();
                if cards.is_empty() {
                    vec![Action::Go]
                } else {
                    cards.iter().map(Action::Play).collect()
                }
            }
            Phase::Claim => (0..=self.current_show().total).map(Action::Claim).collect(),
            Phase::Muggins => vec![Action::Muggins, Action::Accept],
        }
    }

    // Internal helpers for the show order: hands from the dealer's left
    // round to the dealer, then the crib.

    fn show_owner(&self) -> Seat {
        let n = self.rules.players();
        if self.show_step < n {
            (self.dealer + 1 + self.show_step) % n
        } else {
            self.dealer
        }
    }

    fn show_kind(&self) -> ShowKind {
        if self.show_step < self.rules.players() {
            ShowKind::Hand
        } else {
            ShowKind::Crib
        }
    }

    /// The cards being shown at the current step.
    pub(crate) fn showing(&self) -> Option<Showing> {
        if !matches!(self.phase, Phase::Claim | Phase::Muggins) {
            return None;
        }
        let kind = self.show_kind();
        let cards = match kind {
            ShowKind::Hand => self.kept[self.show_owner()],
            ShowKind::Crib => self.crib,
        };
        Some(Showing {
            seat: self.show_owner(),
            kind,
            cards: cards.to_vec(),
            claimed: self.pending.map(|p| p.claimed),
            missed: self.pending.map(|p| p.missed),
        })
    }

    fn current_show(&self) -> ShowScore {
        let kind = self.show_kind();
        let cards = match kind {
            ShowKind::Hand => self.kept[self.show_owner()],
            ShowKind::Crib => self.crib,
        };
        let starter = self
            .starter
            .unwrap_or(Card::new(Rank::Ace, crate::cards::Suit::Clubs));
        // Four cards and a starter outside them: guaranteed by the deal.
        score_show(cards, starter, kind).unwrap_or_else(|_| ShowScore {
            kind,
            hand: [starter; 4],
            starter,
            combos: Vec::new(),
            fifteens: 0,
            pairs: 0,
            runs: 0,
            flush: 0,
            nobs: 0,
            total: 0,
        })
    }

    pub(crate) fn play_records(&self) -> &[PlayRecord] {
        &self.plays
    }

    pub(crate) fn laid_away_by(&self, seat: Seat) -> CardSet {
        self.laid_away.get(seat).copied().unwrap_or_default()
    }

    // -----------------------------------------------------------------------
    // Changing the state.

    /// Applies an action for the player to act and returns the events it
    /// caused (including the automatic steps that follow it: the starter, the
    /// show in automatic counting, the next deal).
    ///
    /// # Errors
    /// [`IllegalAction`] when the action is not one of [`Game::legal_actions`];
    /// the game is then unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, IllegalAction> {
        let first_new = self.advance(action)?;
        Ok(self.events[first_new..].to_vec())
    }

    /// As [`Game::apply`], but the new events stay where they are,
    /// `events()[first..]` for the `first` returned: replays and the wasm
    /// boundary only read them, and copying them out is a clone of every
    /// event (code in the module, time in a restore).
    pub(crate) fn advance(&mut self, action: Action) -> Result<usize, IllegalAction> {
        self.check(&action)?;
        let first_new = self.events.len();
        self.actions.push(action.clone());
        self.perform(action);
        Ok(first_new)
    }

    /// As [`Game::apply`], but refused unless `seat` is the player to act:
    /// for front ends where several seats share one game.
    ///
    /// # Errors
    /// [`IllegalAction::NotYourTurn`], or as [`Game::apply`].
    pub fn apply_as(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, IllegalAction> {
        let first_new = self.advance_as(seat, action)?;
        Ok(self.events[first_new..].to_vec())
    }

    /// As [`Game::apply_as`], the new events left in place as by
    /// [`Game::advance`].
    pub(crate) fn advance_as(
        &mut self,
        seat: Seat,
        action: Action,
    ) -> Result<usize, IllegalAction> {
        self.check_turn(seat)?;
        self.advance(action)
    }

    /// Whether `seat` is the player to act.
    ///
    /// # Errors
    /// [`IllegalAction::NotYourTurn`], or [`IllegalAction::GameOver`] when
    /// nobody is.
    pub fn check_turn(&self, seat: Seat) -> Result<(), IllegalAction> {
        let to_act = self.current_player();
        if to_act == Some(seat) {
            Ok(())
        } else if to_act.is_none() {
            Err(IllegalAction::GameOver)
        } else {
            Err(IllegalAction::NotYourTurn { seat, to_act })
        }
    }

    /// Checks an action without changing anything.
    ///
    /// # Errors
    /// As [`Game::apply`].
    pub fn check(&self, action: &Action) -> Result<(), IllegalAction> {
        let Some(seat) = self.current_player() else {
            return Err(IllegalAction::GameOver);
        };
        let wrong_phase = || IllegalAction::WrongPhase {
            phase: self.phase,
            action: action.clone(),
        };
        match (self.phase, action) {
            (Phase::Discard, Action::Discard(cards)) => {
                if let Some(card) = (*cards - self.held[seat]).first() {
                    return Err(IllegalAction::NotInHand(card));
                }
                if cards.len() != self.rules.discards() {
                    return Err(IllegalAction::DiscardCount {
                        expected: self.rules.discards(),
                        got: cards.len(),
                    });
                }
                Ok(())
            }
            (Phase::Play, Action::Play(card)) => {
                if !self.play.hand(seat).contains(*card) {
                    return Err(IllegalAction::NotInHand(*card));
                }
                if card.pips() + self.play.count() > 31 {
                    return Err(IllegalAction::Play(PlayError::Over31 {
                        card: *card,
                        count: self.play.count(),
                    }));
                }
                Ok(())
            }
            (Phase::Play, Action::Go) => {
                if self.play.legal_cards().is_empty() {
                    Ok(())
                } else {
                    Err(IllegalAction::Play(PlayError::MustPlay))
                }
            }
            (Phase::Claim, Action::Claim(claimed)) => {
                if *claimed > self.current_show().total {
                    Err(IllegalAction::OverClaim { claimed: *claimed })
                } else {
                    Ok(())
                }
            }
            (Phase::Muggins, Action::Muggins | Action::Accept) => Ok(()),
            _ => Err(wrong_phase()),
        }
    }

    /// Applies a checked action.
    fn perform(&mut self, action: Action) {
        let Some(seat) = self.current_player() else {
            return;
        };
        match action {
            Action::Discard(cards) => self.discard(seat, cards),
            Action::Play(card) => self.play_move(seat, PlayMove::Card(card)),
            Action::Go => self.play_move(seat, PlayMove::Go),
            Action::Claim(points) => self.claim(seat, points),
            Action::Muggins => self.muggins(seat),
            Action::Accept => self.accept(seat),
        }
    }

    /// The generator for the next chance event (a cut, a shuffle, a cut of
    /// the pack for the starter): see [`Chance`].
    fn chance(&mut self) -> Draw {
        self.chance.draw()
    }

    fn start_match(&mut self) {
        self.game_no = 0;
        self.start_game();
    }

    fn start_game(&mut self) {
        self.game_no += 1;
        let n = self.rules.players();
        self.pegs = vec![Pegs::default(); self.rules.sides()];
        if let (1, Some(setup)) = (self.game_no, &self.setup) {
            for (pegs, &score) in self.pegs.iter_mut().zip(&setup.scores) {
                *pegs = Pegs {
                    front: score,
                    rear: score,
                };
            }
        }
        self.hand_no = 0;
        self.events.push(Event::NewGame { game: self.game_no });
        let first_dealer = match (self.game_no, &self.setup) {
            (1, Some(setup)) => setup.first_dealer,
            // Game 2: the player left of game 1's first dealer deals (with two
            // players, game 1's first non-dealer).
            (2, _) => (self.match_first_dealer + 1) % n,
            _ => self.cut_for_deal(),
        };
        if self.game_no == 1 {
            self.match_first_dealer = first_dealer;
        }
        self.game_first_dealer = first_dealer;
        self.dealer = first_dealer;
        self.deal();
    }

    /// Cuts until one player holds the lowest card alone; ten-cards tie.
    fn cut_for_deal(&mut self) -> Seat {
        let mut contenders: Vec<Seat> = (0..self.rules.players()).collect();
        loop {
            let mut deck: Vec<Card> = CardSet::DECK.to_vec();
            self.chance().shuffle(&mut deck);
            let cuts: Vec<Cut> = contenders
                .iter()
                .zip(deck)
                .map(|(&seat, card)| Cut { seat, card })
                .collect();
            let value = |card: Card| card.rank().index().min(Rank::Ten.index());
            let lowest = cuts.iter().map(|c| value(c.card)).min().unwrap_or(0);
            let low: Vec<Seat> = cuts
                .iter()
                .filter(|c| value(c.card) == lowest)
                .map(|c| c.seat)
                .collect();
            let dealer = if low.len() == 1 { Some(low[0]) } else { None };
            self.events.push(Event::CutForDeal { cuts, dealer });
            if let Some(dealer) = dealer {
                return dealer;
            }
            contenders = low;
        }
    }

    fn deal(&mut self) {
        let n = self.rules.players();
        self.hand_no += 1;
        let stacked = self
            .setup
            .as_ref()
            .and_then(|s| s.deals.get(self.deals_done))
            .cloned();
        self.deals_done += 1;
        for seat in 0..n {
            self.held[seat] = CardSet::EMPTY;
            self.kept[seat] = CardSet::EMPTY;
            self.laid_away[seat] = CardSet::EMPTY;
        }
        self.crib = CardSet::EMPTY;
        self.starter = None;
        self.played = CardSet::EMPTY;
        self.plays.clear();
        self.show_step = 0;
        self.pending = None;

        if let Some(deal) = stacked {
            let mut used = CardSet::EMPTY;
            for (seat, cards) in deal.hands.iter().enumerate() {
                self.held[seat] = cards.iter().copied().collect();
                used |= self.held[seat];
            }
            self.crib = deal.crib.iter().copied().collect();
            used |= self.crib;
            // The starter goes on top of the stock; the rest is shuffled beneath.
            let mut rest: Vec<Card> = (!(used.with(deal.starter))).to_vec();
            self.chance().shuffle(&mut rest);
            self.stock = std::iter::once(deal.starter).chain(rest).collect();
        } else {
            let mut deck = CardSet::DECK.to_vec();
            self.chance().shuffle(&mut deck);
            // One card at a time, starting left of the dealer.
            let mut cards = deck.into_iter();
            for _ in 0..self.rules.cards_dealt() {
                for k in 1..=n {
                    if let Some(card) = cards.next() {
                        self.held[(self.dealer + k) % n].insert(card);
                    }
                }
            }
            for _ in 0..self.rules.crib_from_deck() {
                if let Some(card) = cards.next() {
                    self.crib.insert(card);
                }
            }
            self.stock = cards.collect();
        }
        self.events.push(Event::Deal {
            game: self.game_no,
            hand: self.hand_no,
            dealer: self.dealer,
        });
        self.phase = Phase::Discard;
    }

    fn discard(&mut self, seat: Seat, cards: CardSet) {
        self.held[seat] -= cards;
        self.laid_away[seat] = cards;
        self.kept[seat] = self.held[seat];
        self.crib |= cards;
        self.events.push(Event::LaidAway {
            seat,
            cards: cards.len() as u8,
        });
        if self.laid_away.iter().all(|l| !l.is_empty()) {
            self.turn_starter();
        }
    }

    fn turn_starter(&mut self) {
        let n = self.rules.players();
        let cutter = (self.dealer + 1) % n;
        // The pone cuts the stock; the card where it is cut is the starter. A
        // stacked deal keeps its starter on top.
        let index = if self.setup_for_this_hand() {
            0
        } else {
            self.chance().index(self.stock.len())
        };
        let starter = self.stock.remove(index);
        self.starter = Some(starter);
        self.events.push(Event::Starter {
            card: starter,
            cutter,
        });
        if starter.is_jack() && self.peg(self.dealer, 2, Reason::Heels { card: starter }) {
            return;
        }
        let leader = (self.dealer + 1) % n;
        self.play = PlayState::new(&self.held, leader);
        self.phase = Phase::Play;
    }

    fn setup_for_this_hand(&self) -> bool {
        self.setup
            .as_ref()
            .is_some_and(|s| self.deals_done <= s.deals.len())
    }

    fn play_move(&mut self, seat: Seat, mv: PlayMove) {
        let count_before = self.play.count();
        let result = self.play.apply_unchecked(mv);
        match mv {
            PlayMove::Card(card) => {
                self.held[seat].remove(card);
                self.played.insert(card);
                let count = result.peg.count;
                self.plays.push(PlayRecord {
                    seat,
                    card: Some(card),
                    count,
                });
                self.events.push(Event::Played { seat, card, count });
                if result.points() > 0 {
                    let pile = self.pile_before_reset(card, &result);
                    let reason = Reason::Play {
                        card,
                        count,
                        pile,
                        fifteen: result.peg.fifteen,
                        thirty_one: result.peg.thirty_one,
                        pairs: result.peg.pairs,
                        run: result.peg.run,
                    };
                    if self.peg(seat, result.points(), reason) {
                        return;
                    }
                }
            }
            PlayMove::Go => {
                self.plays.push(PlayRecord {
                    seat,
                    card: None,
                    count: count_before,
                });
                self.events.push(Event::Go {
                    seat,
                    count: count_before,
                });
            }
        }
        if let Some((last, points)) = result.last {
            let card = self
                .plays
                .iter()
                .rev()
                .find_map(|p| p.card)
                .unwrap_or(Card::new(Rank::Ace, crate::cards::Suit::Clubs));
            let count = self
                .plays
                .iter()
                .rev()
                .find(|p| p.card.is_some())
                .map_or(0, |p| p.count);
            if self.peg(last, points, Reason::Last { card, count }) {
                return;
            }
        }
        if result.reset {
            self.events.push(Event::CountReset {
                leader: self.play.to_act(),
            });
        }
        if result.finished {
            self.begin_show();
        }
    }

    /// The series as it stood when `card` was laid (the play state may
    /// already have reset after a 31).
    fn pile_before_reset(&self, card: Card, result: &crate::pegging::PlayResult) -> Vec<Card> {
        if !result.reset {
            return self.play.pile().to_vec();
        }
        // Walk back over this hand's plays to the start of the series.
        let mut pile: Vec<Card> = Vec::new();
        let mut count = result.peg.count;
        for record in self.plays.iter().rev() {
            if let Some(c) = record.card {
                if count == 0 {
                    break;
                }
                pile.push(c);
                count -= c.pips();
            }
        }
        pile.reverse();
        debug_assert_eq!(pile.last(), Some(&card));
        pile
    }

    fn begin_show(&mut self) {
        self.show_step = 0;
        match self.rules.counting() {
            Counting::Automatic => {
                let steps = self.rules.players() + 1;
                while self.show_step < steps {
                    let score = self.current_show();
                    let seat = self.show_owner();
                    let total = score.total;
                    let reason = self.show_reason(&score);
                    self.events.push(Event::Show {
                        seat,
                        kind: score.kind,
                        score,
                        claimed: None,
                    });
                    if total > 0 && self.peg(seat, total, reason) {
                        return;
                    }
                    self.show_step += 1;
                }
                self.end_hand();
            }
            Counting::Muggins => self.phase = Phase::Claim,
        }
    }

    fn show_reason(&self, score: &ShowScore) -> Reason {
        Reason::Show {
            kind: score.kind,
            cards: score.hand.to_vec(),
            starter: score.starter,
        }
    }

    fn claim(&mut self, seat: Seat, claimed: u8) {
        let score = self.current_show();
        let total = score.total;
        let reason = self.show_reason(&score);
        self.events.push(Event::Show {
            seat,
            kind: score.kind,
            score,
            claimed: Some(claimed),
        });
        if claimed > 0 && self.peg(seat, claimed, reason) {
            return;
        }
        let missed = total - claimed;
        match self.next_caller(seat, None) {
            Some(caller) if missed > 0 => {
                self.pending = Some(PendingMuggins {
                    claimed,
                    missed,
                    caller,
                });
                self.phase = Phase::Muggins;
            }
            _ => self.next_show(),
        }
    }

    /// The next opponent of `owner` after `after` (or after the owner) in
    /// turn order who may call muggins.
    fn next_caller(&self, owner: Seat, after: Option<Seat>) -> Option<Seat> {
        let n = self.rules.players();
        let owner_side = self.rules.side_of(owner);
        let start = after.unwrap_or(owner);
        (1..n)
            .map(|k| (start + k) % n)
            .take_while(|&s| s != owner)
            .find(|&s| self.rules.side_of(s) != owner_side)
    }

    fn muggins(&mut self, caller: Seat) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        let from = self.show_owner();
        let reason = Reason::Muggins {
            from,
            kind: self.show_kind(),
        };
        // Reverse: an under-count helps its maker, so the call pegs the
        // missed points to the player who under-counted.
        let scorer = if self.rules.is_reverse() {
            from
        } else {
            caller
        };
        if self.peg(scorer, pending.missed, reason) {
            return;
        }
        self.next_show();
    }

    fn accept(&mut self, caller: Seat) {
        let Some(pending) = self.pending else {
            return;
        };
        self.events.push(Event::Accepted {
            seat: caller,
            from: self.show_owner(),
        });
        match self.next_caller(self.show_owner(), Some(caller)) {
            Some(next) => {
                self.pending = Some(PendingMuggins {
                    caller: next,
                    ..pending
                });
            }
            None => {
                self.pending = None;
                self.next_show();
            }
        }
    }

    fn next_show(&mut self) {
        self.pending = None;
        self.show_step += 1;
        if self.show_step > self.rules.players() {
            self.end_hand();
        } else {
            self.phase = Phase::Claim;
        }
    }

    fn end_hand(&mut self) {
        self.events.push(Event::HandOver {
            scores: self.pegs.iter().map(|p| p.front).collect(),
        });
        self.dealer = (self.dealer + 1) % self.rules.players();
        self.deal();
    }

    /// Pegs points for `seat`'s side; returns whether that won the game (in
    /// which case the game has moved on: to the next game or to the end).
    fn peg(&mut self, seat: Seat, points: u8, reason: Reason) -> bool {
        let side = self.rules.side_of(seat);
        let pegs = &mut self.pegs[side];
        pegs.rear = pegs.front;
        pegs.front += u16::from(points);
        let peg = Peg {
            seat,
            side,
            points,
            front: pegs.front,
            rear: pegs.rear,
            reason,
        };
        self.events.push(Event::Pegged(peg));
        if self.pegs[side].front >= self.rules.target() {
            self.finish_game(side);
            true
        } else {
            false
        }
    }

    /// The one place that decides a game, at the moment a side reaches the
    /// target. Standard: that side wins, and its skunk is judged on the
    /// best-placed loser. Reverse: that side loses (see
    /// [`Game::reverse_winner`]), and the skunk is judged on the winner,
    /// mirroring the standard margin.
    fn finish_game(&mut self, reached: Side) {
        let reverse = self.rules.is_reverse();
        let (winner, judged) = if reverse {
            let winner = self.reverse_winner(reached);
            (winner, self.pegs[winner].front)
        } else {
            let best_loser = (0..self.rules.sides())
                .filter(|&s| s != reached)
                .map(|s| self.pegs[s].front)
                .max()
                .unwrap_or(0);
            (reached, best_loser)
        };
        let skunk = match self.rules.double_skunk_line() {
            Some(line) if judged <= line => Skunk::Double,
            _ if judged <= self.rules.skunk_line() => Skunk::Skunk,
            _ => Skunk::None,
        };
        let result = GameResult {
            game: self.game_no,
            winner,
            scores: self.pegs.iter().map(|p| p.front).collect(),
            skunk,
            games: skunk.games(),
            hands: self.hand_no,
            first_dealer: self.game_first_dealer,
            reached: reverse.then_some(reached),
        };
        self.games_won[winner] += result.games;
        self.results.push(result.clone());
        self.events.push(Event::GameOver(result));
        if self.games_won[winner] >= self.rules.games_to_win() {
            self.winner = Some(winner);
            self.phase = Phase::Over;
            self.pending = None;
            self.events.push(Event::MatchOver {
                winner,
                games: self.games_won.clone(),
            });
        } else {
            self.start_game();
        }
    }

    /// Reverse cribbage: who wins when `reached` reaches the target. Two
    /// players or two partnerships: the other side. Three players: of the
    /// other two, the one with fewer points; level, the one later in this
    /// hand's counting order (the dealer counts last), as the rules decide.
    fn reverse_winner(&self, reached: Side) -> Side {
        let n = self.rules.players();
        let later_in_count = |seat: Seat| (seat + n - self.dealer - 1) % n;
        (0..self.rules.sides())
            .filter(|&s| s != reached)
            .min_by_key(|&s| (self.pegs[s].front, std::cmp::Reverse(later_in_count(s))))
            .unwrap_or(reached)
    }

    /// Checks that every card is in exactly one place (stock, a hand, the
    /// crib, the cards played, the starter) and the scores are consistent.
    /// For tests and the random-game checker.
    ///
    /// # Errors
    /// A description of the first inconsistency found.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut seen = CardSet::EMPTY;
        let mut place = |set: CardSet, what: &str| -> Result<(), String> {
            if !seen.is_disjoint(set) {
                return Err(format!("{} in two places (again in {what})", seen & set));
            }
            seen |= set;
            Ok(())
        };
        place(self.stock.iter().copied().collect(), "the stock")?;
        if self.stock.len() != self.stock.iter().copied().collect::<CardSet>().len() {
            return Err("a card twice in the stock".into());
        }
        for (seat, &held) in self.held.iter().enumerate() {
            place(held, &format!("seat {seat}'s hand"))?;
        }
        place(self.crib, "the crib")?;
        place(self.played, "the cards played")?;
        if let Some(starter) = self.starter {
            place(CardSet::from(starter), "the starter")?;
        }
        if seen != CardSet::DECK {
            return Err(format!("{} cards accounted for, not 52", seen.len()));
        }
        if self.phase == Phase::Play {
            for seat in 0..self.rules.players() {
                if self.play.hand(seat) != self.held[seat] {
                    return Err(format!("seat {seat}: the play and the hand disagree"));
                }
            }
        }
        for p in &self.pegs {
            if p.rear > p.front {
                return Err("a rear peg ahead of its front peg".into());
            }
        }
        let reached: Vec<Side> = (0..self.rules.sides())
            .filter(|&s| self.pegs[s].front >= self.rules.target())
            .collect();
        if reached.len() > 1 {
            return Err("two sides past the target".into());
        }
        if self.phase != Phase::Over && !reached.is_empty() {
            return Err("a side past the target but the game goes on".into());
        }
        Ok(())
    }
}

impl crate::games::State for Game {
    type Rules = Rules;
    type Setup = Setup;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;
    type Illegal = IllegalAction;
    type SetupError = SetupError;

    fn new(rules: Rules, seed: u64) -> Game {
        Game::new(rules, seed)
    }

    fn with_setup(rules: Rules, seed: u64, setup: Setup) -> Result<Game, SetupError> {
        Game::with_setup(rules, seed, setup)
    }

    fn kind(&self) -> GameKind {
        self.rules.kind()
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
        self.rules.players()
    }

    fn current_player(&self) -> Option<Seat> {
        Game::current_player(self)
    }

    fn legal_actions(&self) -> Vec<Action> {
        Game::legal_actions(self)
    }

    fn advance(&mut self, action: Action) -> Result<usize, IllegalAction> {
        Game::advance(self, action)
    }

    fn events(&self) -> &[Event] {
        &self.events
    }

    fn observation(&self, seat: Seat) -> Observation {
        Game::observation(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|side| Outcome::Winner { side })
    }

    fn score_list(&self) -> Vec<u16> {
        self.pegs.iter().map(|p| p.front).collect()
    }

    fn redraw(&mut self, epoch: u32) {
        self.chance.redraw(epoch);
    }

    fn epoch(&self) -> u32 {
        self.chance.epoch()
    }

    fn check_invariants(&self) -> Result<(), String> {
        Game::check_invariants(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::games::cribbage::{DealSetup, MatchFormat};

    fn setup(first_dealer: Seat, hands: &[&str], crib: &str, starter: &str) -> Setup {
        Setup {
            first_dealer,
            scores: Vec::new(),
            deals: vec![DealSetup {
                hands: hands.iter().map(|h| parse_cards(h).unwrap()).collect(),
                crib: parse_cards(crib).unwrap(),
                starter: starter.parse().unwrap(),
            }],
        }
    }

    fn act(game: &mut Game, text: &str) -> Vec<Event> {
        let action: Action = text.parse().unwrap();
        game.apply(action.clone())
            .unwrap_or_else(|e| panic!("{action}: {e}"))
    }

    #[test]
    fn actions_round_trip_through_text() {
        for text in [
            "discard 5H 6C",
            "discard TS",
            "play 5H",
            "go",
            "claim 12",
            "muggins",
            "accept",
        ] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
        for bad in ["", "discard", "play", "play 5X", "claim x", "go 5H", "fold"] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }

    #[test]
    fn heels_pegs_two_for_the_dealer() {
        let rules = Rules::default();
        let game = Game::with_setup(
            rules,
            1,
            setup(1, &["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"], "", "JD"),
        )
        .unwrap();
        let mut game = game;
        act(&mut game, "discard 5S 6S");
        let events = act(&mut game, "discard 5H 6H");
        assert!(events.iter().any(|e| matches!(
            e,
            Event::Pegged(Peg {
                seat: 1,
                points: 2,
                reason: Reason::Heels { .. },
                ..
            })
        )));
        assert_eq!(game.scores()[1].front, 2);
    }

    #[test]
    fn a_wrong_action_leaves_the_game_unchanged() {
        let mut game = Game::new(Rules::default(), 3);
        let before = game.clone();
        assert!(matches!(
            game.apply(Action::Go),
            Err(IllegalAction::WrongPhase { .. })
        ));
        let seat = game.current_player().unwrap();
        let not_mine = (!game.hand(seat)).first().unwrap();
        let two: CardSet = game.hand(seat).iter().take(1).chain([not_mine]).collect();
        assert_eq!(
            game.apply(Action::Discard(two)),
            Err(IllegalAction::NotInHand(not_mine))
        );
        let one: CardSet = game.hand(seat).iter().take(1).collect();
        assert!(matches!(
            game.apply(Action::Discard(one)),
            Err(IllegalAction::DiscardCount {
                expected: 2,
                got: 1
            })
        ));
        assert_eq!(game, before);
        assert_eq!(game.events(), before.events());
    }

    #[test]
    fn muggins_takes_missed_points_and_refuses_over_claims() {
        let rules = Rules::two_player(Counting::Muggins, MatchFormat::Single);
        // Seat 0 deals; seat 1 keeps 5-5-5-J with a 5 turned: 29.
        let mut game = Game::with_setup(
            rules,
            9,
            setup(0, &["KS QS 9C 8C 2D 3D", "5H 5C 5S JD AH 2H"], "", "5D"),
        )
        .unwrap();
        act(&mut game, "discard AH 2H");
        act(&mut game, "discard KS QS");
        // Play it out with the first legal action each time.
        while game.phase() == Phase::Play {
            let a = game.legal_actions()[0].clone();
            game.apply(a).unwrap();
        }
        assert_eq!(game.phase(), Phase::Claim);
        assert_eq!(game.current_player(), Some(1));
        let before = game.clone();
        assert_eq!(
            game.apply(Action::Claim(30)),
            Err(IllegalAction::OverClaim { claimed: 30 })
        );
        assert_eq!(game, before);
        let score_before = game.scores()[1].front;
        act(&mut game, "claim 28");
        assert_eq!(game.phase(), Phase::Muggins);
        assert_eq!(game.current_player(), Some(0));
        let events = act(&mut game, "muggins");
        assert!(events.iter().any(|e| matches!(
            e,
            Event::Pegged(Peg {
                seat: 0,
                points: 1,
                reason: Reason::Muggins { from: 1, .. },
                ..
            })
        )));
        assert_eq!(game.scores()[1].front, score_before + 28);
        // Next: the dealer's hand.
        assert_eq!(game.phase(), Phase::Claim);
        assert_eq!(game.current_player(), Some(0));
    }
}
