//! The state machine: the deal, the play, the show and the match.

use super::action::{Action, CUT_DEPTHS, IllegalAction, MOST_POINTS, Phase};
use super::event::{Cut, Event, GameResult, Peg, Reason, Skunk};
use super::observation::{Observation, PlayRecord, Showing};
use super::rules::{Counting, CutForDeal, Rules};
use super::setup::{Setup, SetupError};
use crate::cards::{Card, CardSet, Rank};
use crate::count::{ShowKind, ShowScore, score_show};
use crate::games::State as _;
use crate::games::{GameKind, Outcome, Upgrade};
use crate::pegging::{PlayError, PlayMove, PlayState};
use crate::table::{Chance, Draw, Pegs, Seat, Side, in_game_hole, in_game_holes};
use std::fmt;

/// Where the show stands in muggins counting: a claim made, and the
/// opponent now offered the call. Nothing is pegged, and the true count
/// is not told, until every call is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PendingMuggins {
    /// The owner's claim.
    claimed: u8,
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

    // The cut for deal by hand (see [`CutForDeal::ByHand`]).
    /// Who cuts in this round: everyone, then only those tied for lowest.
    contenders: Vec<Seat>,
    /// The cuts made so far in this round.
    cutting: Vec<Cut>,
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
            contenders: Vec::new(),
            cutting: Vec::new(),
        }
    }

    // -----------------------------------------------------------------------
    // Reading the state.

    /// Every action applied so far, in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The decision the game waits for.
    pub fn phase(&self) -> Phase {
        self.phase
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
        Some(Showing {
            seat: self.show_owner(),
            kind: self.show_kind(),
            cards: self.shown_cards().to_vec(),
            claimed: self.pending.map(|p| p.claimed),
        })
    }

    /// (Muggins) how many opponents are still to call or pass on the claim
    /// awaiting calls, the one to act included.
    pub(crate) fn callers_left(&self) -> usize {
        let (Some(pending), Phase::Muggins) = (self.pending, self.phase) else {
            return 0;
        };
        let owner = self.show_owner();
        std::iter::successors(Some(pending.caller), |&c| self.next_caller(owner, Some(c))).count()
    }

    /// (Muggins) the claim awaiting calls.
    pub(crate) fn pending_claim(&self) -> Option<u8> {
        self.pending.map(|p| p.claimed)
    }

    /// (Muggins) the owner of the hand or crib being shown.
    pub(crate) fn current_claimant(&self) -> Option<Seat> {
        matches!(self.phase, Phase::Claim | Phase::Muggins).then(|| self.show_owner())
    }

    /// (Muggins) what the hand or crib being shown holds.
    pub(crate) fn shown_total(&self) -> Option<u8> {
        matches!(self.phase, Phase::Claim | Phase::Muggins).then(|| self.current_show().total)
    }

    /// The hand or crib being shown at the current step.
    fn shown_cards(&self) -> CardSet {
        match self.show_kind() {
            ShowKind::Hand => self.kept(self.show_owner()),
            ShowKind::Crib => self.crib,
        }
    }

    fn current_show(&self) -> ShowScore {
        let kind = self.show_kind();
        let cards = self.shown_cards();
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

    /// (Cutting for deal by hand) the cuts made so far in this round.
    pub(crate) fn cuts(&self) -> &[Cut] {
        if self.phase == Phase::Cut {
            &self.cutting
        } else {
            &[]
        }
    }

    pub(crate) fn play_records(&self) -> &[PlayRecord] {
        &self.plays
    }

    pub(crate) fn laid_away_by(&self, seat: Seat) -> CardSet {
        self.laid_away.get(seat).copied().unwrap_or_default()
    }

    // -----------------------------------------------------------------------
    // Changing the state.

    /// As [`Game::apply`], but the new events stay where they are,
    /// `events()[first..]` for the `first` returned: replays and the wasm
    /// boundary only read them, and copying them out would clone every
    /// event of a restore.
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
                if let Some(card) = (*cards - self.hand(seat)).first() {
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
            (Phase::Cut, &Action::Cut(depth)) => {
                if CUT_DEPTHS.contains(&depth) {
                    Ok(())
                } else {
                    Err(IllegalAction::CutDepth { depth })
                }
            }
            (Phase::Claim, &Action::Claim(points)) if points > MOST_POINTS => {
                Err(IllegalAction::BeyondAnyCount { points })
            }
            (Phase::Claim, Action::Claim(_)) | (Phase::Muggins, Action::Accept) => Ok(()),
            (Phase::Muggins, &Action::Muggins(points)) => {
                if points > MOST_POINTS {
                    Err(IllegalAction::BeyondAnyCount { points })
                } else if self.pending.is_some_and(|p| p.claimed == points) {
                    Err(IllegalAction::NamesTheClaim { points })
                } else {
                    Ok(())
                }
            }
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
            Action::Muggins(points) => self.muggins(seat, points),
            Action::Accept => self.accept(seat),
            Action::Cut(depth) => self.cut_by_hand(seat, depth),
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
            // The players cut for themselves: the game waits for their cuts.
            _ if self.rules.cut_for_deal() == CutForDeal::ByHand => {
                // The last game's cards are gathered up: nobody holds a
                // hand while the pack is cut.
                self.gather();
                self.contenders = (0..n).collect();
                self.cutting.clear();
                self.phase = Phase::Cut;
                return;
            }
            _ => self.cut_for_deal(),
        };
        self.first_deal(first_dealer);
    }

    /// The first hand of a game, dealt by `first_dealer`.
    fn first_deal(&mut self, first_dealer: Seat) {
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
            match self.settle_cuts(cuts) {
                Ok(dealer) => return dealer,
                Err(low) => contenders = low,
            }
        }
    }

    /// Tells one round of the cut for deal: the dealer, when one player
    /// holds the lowest card alone (ten-cards tie), else those tied, who
    /// cut again.
    fn settle_cuts(&mut self, cuts: Vec<Cut>) -> Result<Seat, Vec<Seat>> {
        let settled = crate::table::settle_cuts(&cuts);
        self.events.push(Event::CutForDeal {
            cuts,
            dealer: settled.as_ref().ok().copied(),
        });
        settled
    }

    /// One player's cut for deal by hand. The pack is shuffled as the cut
    /// is made, less the cards already shown this round, so that a cut
    /// taken back by undo meets a new pack rather than one it has learnt
    /// (the depth chosen cannot favour anyone: the order is unknown).
    fn cut_by_hand(&mut self, seat: Seat, depth: u8) {
        let shown: CardSet = self.cutting.iter().map(|c| c.card).collect();
        let mut pack = (!shown).to_vec();
        self.chance().shuffle(&mut pack);
        // A legal depth is at most 48 and at most three cards are shown
        // before the last cut, so the card is always there.
        let at = usize::from(depth).saturating_sub(1);
        debug_assert!(
            at < pack.len(),
            "a cut {depth} deep in {} cards",
            pack.len()
        );
        let Some(&card) = pack.get(at) else {
            return;
        };
        self.cutting.push(Cut { seat, card });
        if self.cutting.len() < self.contenders.len() {
            return;
        }
        let cuts = std::mem::take(&mut self.cutting);
        match self.settle_cuts(cuts) {
            Ok(dealer) => {
                self.contenders.clear();
                self.first_deal(dealer);
            }
            Err(low) => self.contenders = low,
        }
    }

    /// Gathers every card back into the pack: no hands, crib, starter or
    /// play, the whole pack undealt.
    fn gather(&mut self) {
        self.held.fill(CardSet::EMPTY);
        self.kept.fill(CardSet::EMPTY);
        self.laid_away.fill(CardSet::EMPTY);
        self.crib = CardSet::EMPTY;
        self.starter = None;
        self.played = CardSet::EMPTY;
        self.plays.clear();
        self.show_step = 0;
        self.pending = None;
        self.stock = CardSet::DECK.to_vec();
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
        self.gather();

        if let Some(deal) = stacked {
            let mut used = CardSet::EMPTY;
            for (held, cards) in self.held.iter_mut().zip(&deal.hands) {
                *held = cards.iter().copied().collect();
                used |= *held;
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
        let held = &mut self.held[seat];
        *held -= cards;
        self.kept[seat] = *held;
        self.laid_away[seat] = cards;
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

    /// The owner claims a count: told to the table, pegged only once every
    /// opponent has had the chance to call it.
    fn claim(&mut self, seat: Seat, claimed: u8) {
        self.events.push(Event::Claimed {
            seat,
            kind: self.show_kind(),
            claimed,
        });
        match self.next_caller(seat, None) {
            Some(caller) => {
                self.pending = Some(PendingMuggins { claimed, caller });
                self.phase = Phase::Muggins;
            }
            // Every seat has an opponent; kept total all the same.
            None => self.settle_claim(claimed, None),
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

    /// An opponent calls muggins naming `named`. Naming the true count wins
    /// the call; any other count fails, and the next opponent (with three
    /// players) may still call.
    fn muggins(&mut self, caller: Seat, named: u8) {
        let Some(pending) = self.pending else {
            return;
        };
        let right = named == self.current_show().total;
        self.events.push(Event::Called {
            seat: caller,
            from: self.show_owner(),
            named,
            right,
        });
        if right {
            self.settle_claim(pending.claimed, Some(caller));
        } else {
            self.pass_call(pending, caller);
        }
    }

    /// An opponent lets the claim stand.
    fn accept(&mut self, caller: Seat) {
        let Some(pending) = self.pending else {
            return;
        };
        self.events.push(Event::Accepted {
            seat: caller,
            from: self.show_owner(),
        });
        self.pass_call(pending, caller);
    }

    /// Offers the call to the next opponent, or settles the claim as made
    /// when nobody is left.
    fn pass_call(&mut self, pending: PendingMuggins, after: Seat) {
        match self.next_caller(self.show_owner(), Some(after)) {
            Some(next) => {
                self.pending = Some(PendingMuggins {
                    caller: next,
                    ..pending
                });
            }
            None => self.settle_claim(pending.claimed, None),
        }
    }

    /// Every call made: the count is shown and pegged. Uncalled, the claim
    /// stands as made, over or under. Called (with the true count), the
    /// owner pegs the claim if it was short and the caller the points
    /// missed; if it was over, the owner pegs the true count and the caller
    /// the excess. Reverse: a called claim pegs the true count to its owner
    /// (an under-count's missed points as muggins), and the caller nothing.
    fn settle_claim(&mut self, claimed: u8, called_by: Option<Seat>) {
        self.pending = None;
        let score = self.current_show();
        let total = score.total;
        let owner = self.show_owner();
        let kind = score.kind;
        let reason = self.show_reason(&score);
        self.events.push(Event::Show {
            seat: owner,
            kind,
            score,
            claimed: Some(claimed),
        });
        let muggins = |penalty| Reason::Muggins {
            from: owner,
            kind,
            penalty,
        };
        let (owner_pegs, then) = match called_by {
            None => (claimed, None),
            Some(caller) if claimed < total => {
                let scorer = if self.rules.is_reverse() {
                    owner
                } else {
                    caller
                };
                (claimed, Some((scorer, total - claimed, muggins(false))))
            }
            Some(_) if self.rules.is_reverse() => (total, None),
            Some(caller) => (total, Some((caller, claimed - total, muggins(true)))),
        };
        if owner_pegs > 0 && self.peg(owner, owner_pegs, reason) {
            return;
        }
        if let Some((scorer, points, why)) = then
            && points > 0
            && self.peg(scorer, points, why)
        {
            return;
        }
        self.next_show();
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
        let Pegs { front, rear } = *pegs;
        self.events.push(Event::Pegged(Peg {
            seat,
            side,
            points,
            front,
            rear,
            shown: in_game_hole(front, self.rules.target()),
            reason,
        }));
        if front >= self.rules.target() {
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
            let best_loser = self
                .pegs
                .iter()
                .enumerate()
                .filter(|&(s, _)| s != reached)
                .map(|(_, p)| p.front)
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
            shown: in_game_holes(&self.pegs, self.rules.target()),
            skunk,
            games: skunk.games(),
            hands: self.hand_no,
            first_dealer: self.game_first_dealer,
            reached: reverse.then_some(reached),
            // More than one side left to choose from: the fewest points won.
            by_fewest: reverse && self.rules.sides() > 2,
        };
        let won = &mut self.games_won[winner];
        *won += result.games;
        let match_won = *won >= self.rules.games_to_win();
        self.results.push(result.clone());
        self.events.push(Event::GameOver(result));
        if match_won {
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
}

impl crate::games::State for Game {
    type Rules = Rules;
    type Setup = Setup;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;
    type Illegal = IllegalAction;
    type SetupError = SetupError;

    /// A new game: players cut for the first deal and the first hand is dealt.
    fn new(rules: Rules, seed: u64) -> Game {
        let mut game = Game::blank(rules, seed, None);
        game.start_match();
        game
    }

    /// A new game with a chosen first dealer and stacked first hands.
    ///
    /// # Errors
    /// [`SetupError`] when the setup does not fit the rules (wrong counts, a
    /// card twice, a dealer who is not at the table).
    fn with_setup(rules: Rules, seed: u64, setup: Setup) -> Result<Game, SetupError> {
        setup.check(&rules)?;
        let mut game = Game::blank(rules, seed, Some(setup));
        game.start_match();
        Ok(game)
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
        let n = self.rules.players();
        match self.phase {
            Phase::Over => None,
            Phase::Cut => self.contenders.get(self.cutting.len()).copied(),
            Phase::Discard => (1..=n)
                .map(|k| (self.dealer + k) % n)
                .find(|&s| self.laid_away_by(s).is_empty()),
            Phase::Play => self.play.to_act(),
            Phase::Claim => Some(self.show_owner()),
            Phase::Muggins => self.pending.map(|p| p.caller),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let Some(seat) = self.current_player() else {
            return Vec::new();
        };
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Cut => CUT_DEPTHS.map(Action::Cut).collect(),
            Phase::Discard => self
                .hand(seat)
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
            // Every count a hand can be claimed at, whatever the cards
            // hold: the list must not give the count away.
            Phase::Claim => (0..=MOST_POINTS).map(Action::Claim).collect(),
            Phase::Muggins => {
                let claimed = self.pending.map(|p| p.claimed);
                let mut actions = vec![Action::Accept];
                for n in 0..=MOST_POINTS {
                    if Some(n) != claimed {
                        actions.push(Action::Muggins(n));
                    }
                }
                actions
            }
        }
    }

    fn advance(&mut self, action: Action) -> Result<usize, IllegalAction> {
        Game::advance(self, action)
    }

    /// Every event so far, in order, from the cut for deal on.
    fn events(&self) -> &[Event] {
        &self.events
    }

    /// What `seat` may know: see [`Observation`]. A computer player decides
    /// from this alone.
    fn observation(&self, seat: Seat) -> Observation {
        Observation::of(self, seat)
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

    /// Checks that every card is in exactly one place (stock, a hand, the
    /// crib, the cards played, the starter) and the scores are consistent.
    /// For tests and the random-game checker.
    ///
    /// # Errors
    /// A description of the first inconsistency found.
    fn check_invariants(&self) -> Result<(), String> {
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

    fn upgrade(&self, format: u32, step: Option<&str>) -> Upgrade<Action> {
        self.upgrade_step(format, step)
    }

    fn upgraded_scores(&self, format: u32) -> Vec<u16> {
        self.old_scores(format)
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
            "muggins 14",
            "accept",
        ] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
        for bad in [
            "",
            "discard",
            "play",
            "play 5X",
            "claim x",
            "go 5H",
            "fold",
            "muggins",
            "muggins x",
        ] {
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

    /// Seat 0 deals; seat 1 keeps 5-5-5-J with a 5 turned (29), seat 0
    /// 9-8-2-3, and the play is run out; seat 1 is to claim.
    fn muggins_at_the_show(rules: Rules) -> Game {
        let mut game = Game::with_setup(
            rules,
            9,
            setup(0, &["KS QS 9C 8C 2D 3D", "5H 5C 5S JD AH 2H"], "", "5D"),
        )
        .unwrap();
        act(&mut game, "discard AH 2H");
        act(&mut game, "discard KS QS");
        while game.phase() == Phase::Play {
            let a = game.legal_actions()[0].clone();
            game.apply(a).unwrap();
        }
        assert_eq!(game.phase(), Phase::Claim);
        assert_eq!(game.current_player(), Some(1));
        game
    }

    fn muggins_game() -> Game {
        muggins_at_the_show(Rules::two_player(Counting::Muggins, MatchFormat::Single))
    }

    /// The points pegged by `events`: (seat, points, muggins?).
    fn pegs(events: &[Event]) -> Vec<(Seat, u8, bool)> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Pegged(p) => {
                    Some((p.seat, p.points, matches!(p.reason, Reason::Muggins { .. })))
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_claim_tells_nothing_until_every_call_is_made() {
        let mut game = muggins_game();
        // Every count from 0 to 29 may be claimed: the list gives nothing away.
        assert_eq!(game.legal_actions().len(), 30);
        let before = game.clone();
        assert_eq!(
            game.apply(Action::Claim(30)),
            Err(IllegalAction::BeyondAnyCount { points: 30 })
        );
        assert_eq!(game, before);
        let events = act(&mut game, "claim 24");
        // The claim is told; no count and no points yet.
        assert!(matches!(
            events[..],
            [Event::Claimed {
                seat: 1,
                claimed: 24,
                ..
            }]
        ));
        assert_eq!(game.phase(), Phase::Muggins);
        assert_eq!(game.current_player(), Some(0));
        let caller = game.observation(0);
        assert_eq!(caller.showing.as_ref().and_then(|s| s.claimed), Some(24));
        assert!(!serde_json::to_string(&caller).unwrap().contains("missed"));
        // The call may name any count but the one claimed.
        assert_eq!(game.legal_actions().len(), 30);
        let before = game.clone();
        assert_eq!(
            game.apply(Action::Muggins(24)),
            Err(IllegalAction::NamesTheClaim { points: 24 })
        );
        assert_eq!(game, before);
    }

    #[test]
    fn an_under_claim_called_with_the_true_count_gives_the_caller_the_missed_points() {
        let mut game = muggins_game();
        act(&mut game, "claim 28");
        let events = act(&mut game, "muggins 29");
        assert!(matches!(
            events[0],
            Event::Called {
                seat: 0,
                from: 1,
                named: 29,
                right: true
            }
        ));
        assert!(matches!(
            events[1],
            Event::Show {
                claimed: Some(28),
                ..
            }
        ));
        assert_eq!(pegs(&events), [(1, 28, false), (0, 1, true)]);
        // Next: the dealer's hand.
        assert_eq!(game.phase(), Phase::Claim);
        assert_eq!(game.current_player(), Some(0));
    }

    #[test]
    fn an_over_claim_called_pegs_the_true_count_and_the_excess_to_the_caller() {
        let mut game = muggins_game();
        act(&mut game, "claim 29");
        // Right claim: a call naming anything else fails; the claim stands.
        let events = act(&mut game, "muggins 28");
        assert!(matches!(
            events[0],
            Event::Called {
                named: 28,
                right: false,
                ..
            }
        ));
        assert_eq!(pegs(&events), [(1, 29, false)]);

        // Seat 0's hand, 9-8-2-3 and a 5: fifteen-two.
        assert_eq!(game.current_show().total, 2);
        act(&mut game, "claim 9");
        let events = act(&mut game, "muggins 2");
        assert_eq!(pegs(&events), [(0, 2, false), (1, 7, true)]);
        assert!(matches!(
            events.iter().find(|e| matches!(e, Event::Pegged(_))),
            Some(Event::Pegged(Peg {
                reason: Reason::Show { .. },
                ..
            }))
        ));
        let penalty = events.iter().any(|e| {
            matches!(
                e,
                Event::Pegged(Peg {
                    reason: Reason::Muggins { penalty: true, .. },
                    ..
                })
            )
        });
        assert!(penalty);
    }

    #[test]
    fn an_uncalled_claim_stands_as_made() {
        let mut game = muggins_game();
        act(&mut game, "claim 12");
        let events = act(&mut game, "accept");
        assert!(matches!(events[0], Event::Accepted { seat: 0, from: 1 }));
        assert_eq!(pegs(&events), [(1, 12, false)]);
        act(&mut game, "claim 20");
        let events = act(&mut game, "accept");
        assert_eq!(pegs(&events), [(0, 20, false)]);
    }

    #[test]
    fn reverse_muggins_pegs_the_true_count_to_a_called_claim() {
        let rules = Rules::two_player(Counting::Muggins, MatchFormat::Single).reverse();
        let mut game = muggins_at_the_show(rules);
        act(&mut game, "claim 20");
        let events = act(&mut game, "muggins 29");
        // The claim, then the 9 missed, both to the under-counter.
        assert_eq!(pegs(&events), [(1, 20, false), (1, 9, true)]);
        act(&mut game, "claim 8");
        let events = act(&mut game, "muggins 2");
        // An over-claim called: its maker pegs the true count, the caller nothing.
        assert_eq!(pegs(&events), [(0, 2, false)]);
    }

    #[test]
    fn with_three_players_a_failed_call_passes_to_the_other_opponent() {
        let rules = Rules::new(3, 121, Counting::Muggins, MatchFormat::Single).unwrap();
        let mut game = Game::new(rules, 5);
        while game.phase() != Phase::Claim {
            let a = game.legal_actions()[0].clone();
            game.apply(a).unwrap();
        }
        let owner = game.current_player().unwrap();
        let total = game.current_show().total;
        let wrong = if total == 0 { 1 } else { 0 };
        let claim = if total == 0 { 2 } else { total - 1 };
        act(&mut game, &format!("claim {claim}"));
        let first = game.current_player().unwrap();
        assert_eq!(first, (owner + 1) % 3);
        act(&mut game, &format!("muggins {wrong}"));
        let second = game.current_player().unwrap();
        assert_eq!(second, (owner + 2) % 3);
        assert_eq!(game.phase(), Phase::Muggins);
        let events = act(&mut game, &format!("muggins {total}"));
        let missed = total.abs_diff(claim);
        let pegged = pegs(&events);
        assert_eq!(pegged.last(), Some(&(second, missed, true)));
    }
}
