//! The state machine: six deals of hand, crib and starter, then the last
//! four cards.

use super::action::{Action, IllegalAction, Phase};
use super::event::{Counted, Event, Shown};
use super::observation::Observation;
use super::rules::{BOARD, CRIB_DEALT, DEALS, DOUBLE, Rules, Setup, SetupError, WIN};
use super::score;
use crate::cards::{Card, CardSet};
use crate::count::{ShowKind, score_show};
use crate::games::cribbage::Skunk;
use crate::games::{GameKind, Outcome};
use crate::table::{Chance, Pegs, Seat};

/// Cards in the pack.
const PACK: u8 = 52;

/// Cards each deal takes from the top of the stock: three to the hand, two
/// to the crib, three to the hand, and the starter.
const DEAL_CARDS: usize = 9;

/// The places in a deal's nine cards that are turned up: the hand's six,
/// then the starter.
const SHOWN_PLACES: [usize; 7] = [0, 1, 2, 5, 6, 7, 8];

/// The places that go face down to the crib.
const CRIB_PLACES: [usize; CRIB_DEALT as usize] = [3, 4];

/// Where a card of the stock comes from: the part never seen (by its
/// number in the pack's order, drawn when it is shown) or the starters put
/// under it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    Fresh(u8),
    Under(Card),
}

/// A game of Cribbage Solitaire. See the module docs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    chance: Chance,
    setup: Option<Setup>,
    actions: Vec<Action>,
    events: Vec<Event>,
    phase: Phase,
    /// The deal, 1 to 6.
    deal: u8,
    /// Places of the unseen part of the pack dealt so far (crib places
    /// included, drawn or not).
    fresh_dealt: u8,
    /// Every card drawn from the unseen part.
    drawn: CardSet,
    /// The starters under the stock, top first.
    under: Vec<Card>,
    /// The six cards of this deal.
    hand: CardSet,
    /// Where this deal's two face-down crib cards come from.
    crib_slots: [Slot; 2],
    starter: Option<Card>,
    /// Every card the player has seen.
    seen: CardSet,
    /// The points made so far on the board's two pegs: the rear one is the
    /// score before the last count that scored, as the page's board pegs it
    /// live, so a game restored shows the same last move.
    pegs: Pegs,
    last_four: Option<CardSet>,
}

impl Game {
    fn blank(rules: Rules, seed: u64, setup: Option<Setup>) -> Game {
        Game {
            rules,
            chance: Chance::new(seed),
            setup,
            actions: Vec::new(),
            events: Vec::new(),
            phase: Phase::LayAway,
            deal: 0,
            fresh_dealt: 0,
            drawn: CardSet::EMPTY,
            under: Vec::new(),
            hand: CardSet::EMPTY,
            crib_slots: [Slot::Fresh(0); 2],
            starter: None,
            seen: CardSet::EMPTY,
            pegs: Pegs::default(),
            last_four: None,
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

    /// Whether the last four have been counted.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The deal, 1 to 6.
    pub fn deal_number(&self) -> u8 {
        self.deal
    }

    /// The six cards of this deal, while the player lays away (else empty).
    pub fn hand(&self) -> CardSet {
        match self.phase {
            Phase::LayAway => self.hand,
            Phase::Over => CardSet::EMPTY,
        }
    }

    /// This deal's starter, while the player lays away.
    pub fn starter(&self) -> Option<Card> {
        match self.phase {
            Phase::LayAway => self.starter,
            Phase::Over => None,
        }
    }

    /// The starters under the stock, top first (known to the player, who
    /// put them there).
    pub fn under(&self) -> &[Card] {
        &self.under
    }

    /// Cards in the stock now (the starter on top not counted).
    pub fn stock_len(&self) -> usize {
        usize::from(PACK - self.fresh_dealt) + self.under.len()
    }

    /// Every card the player has seen.
    pub fn seen(&self) -> CardSet {
        self.seen
    }

    /// The four cards counted at the end.
    pub fn last_four(&self) -> Option<CardSet> {
        self.last_four
    }

    /// The points made so far.
    pub fn score(&self) -> u16 {
        self.pegs.front
    }

    /// The board's two pegs: the score, and the score before the last
    /// count that scored (a count of nothing moves no peg).
    pub fn pegs(&self) -> Pegs {
        self.pegs
    }

    /// Whether `action` is legal now, without applying it.
    ///
    /// # Errors
    /// Why it is not.
    pub fn check(&self, action: &Action) -> Result<(), IllegalAction> {
        if self.is_over() {
            return Err(IllegalAction::GameOver);
        }
        let Action::Lay(cards) = *action;
        if let Some(card) = (cards - self.hand).first() {
            return Err(IllegalAction::NotHeld(card));
        }
        if cards.len() != 2 {
            return Err(IllegalAction::NotTwo(cards.len()));
        }
        Ok(())
    }

    pub(crate) fn advance(&mut self, action: Action) -> Result<usize, IllegalAction> {
        self.check(&action)?;
        let Some(starter) = self.starter else {
            return Err(IllegalAction::GameOver);
        };
        let from = self.events.len();
        self.actions.push(action);
        let Action::Lay(laid) = action;
        self.events.push(Event::LaidAway { cards: laid });
        let kept = self.hand - laid;
        if let Ok(count) = score_show(kept, starter, ShowKind::Hand) {
            self.counted(Shown::Hand, kept, Some(starter), count.combos, count.total);
        }
        let down = self.take(&self.crib_slots.clone());
        let crib = laid | down.iter().copied().collect::<CardSet>();
        if let Ok(count) = score_show(crib, starter, ShowKind::Crib) {
            self.counted(Shown::Crib, crib, Some(starter), count.combos, count.total);
        }
        self.under.push(starter);
        self.events.push(Event::StarterUnder { card: starter });
        if self.deal < DEALS {
            self.deal();
        } else {
            self.finish();
        }
        Ok(from)
    }

    /// Records a count and adds its points.
    fn counted(
        &mut self,
        what: Shown,
        cards: CardSet,
        starter: Option<Card>,
        combos: Vec<crate::count::Combo>,
        points: u8,
    ) {
        self.seen |= cards;
        if points > 0 {
            self.pegs.peg(points);
        }
        self.events.push(Event::Counted(Counted {
            what,
            cards,
            starter,
            cadence: crate::count::show::cadence(&combos),
            steps: crate::count::show::cadence_steps(&combos),
            combos,
            points,
            running: self.pegs.front,
            shown: BOARD.shown(self.pegs.front),
        }));
    }

    /// Where the top `n` cards of the stock come from, taking them off it.
    fn deal_off(&mut self, n: usize) -> Vec<Slot> {
        let fresh_left = usize::from(PACK - self.fresh_dealt);
        let from_fresh = n.min(fresh_left);
        let mut slots = Vec::with_capacity(n);
        for p in 0..n {
            slots.push(match p.checked_sub(fresh_left) {
                None => Slot::Fresh(self.fresh_dealt + p as u8),
                Some(u) => self
                    .under
                    .get(u)
                    .map_or(Slot::Fresh(0), |&c| Slot::Under(c)),
            });
        }
        self.fresh_dealt += from_fresh as u8;
        let from_under = (n - from_fresh).min(self.under.len());
        self.under.drain(..from_under);
        slots
    }

    /// The cards in `slots`: a stacked card where the pack is stacked, else
    /// one drawn from the seed among the cards nobody has seen (not yet
    /// drawn, and not stacked for a later place).
    fn take(&mut self, slots: &[Slot]) -> Vec<Card> {
        let stacked = self.setup.as_ref().map_or(CardSet::EMPTY, Setup::set);
        let mut draw = None;
        let mut cards = Vec::with_capacity(slots.len());
        for &slot in slots {
            let card = match slot {
                Slot::Under(card) => card,
                Slot::Fresh(i) => {
                    let stacked_card = self
                        .setup
                        .as_ref()
                        .and_then(|s| s.pack.get(usize::from(i)).copied());
                    let card = stacked_card.unwrap_or_else(|| {
                        let pool = (CardSet::DECK - self.drawn - stacked).to_vec();
                        let draw = draw.get_or_insert_with(|| self.chance.draw());
                        pool[draw.index(pool.len())]
                    });
                    self.drawn.insert(card);
                    card
                }
            };
            cards.push(card);
        }
        cards
    }

    /// Deals the next hand and crib and turns the starter.
    fn deal(&mut self) {
        self.deal += 1;
        let slots = self.deal_off(DEAL_CARDS);
        self.crib_slots = CRIB_PLACES.map(|p| slots[p]);
        let cards = self.take(&SHOWN_PLACES.map(|p| slots[p]));
        self.hand = cards[..6].iter().copied().collect();
        let starter = cards[6];
        self.starter = Some(starter);
        self.seen |= self.hand.with(starter);
        self.events.push(Event::Deal {
            number: self.deal,
            hand: self.hand,
            crib: CRIB_DEALT,
        });
        self.events.push(Event::Starter { card: starter });
        if starter.is_jack() {
            self.pegs.peg(2);
            self.events.push(Event::Heels {
                card: starter,
                points: 2,
                running: self.pegs.front,
                shown: BOARD.shown(self.pegs.front),
            });
        }
    }

    /// The four cards left, counted with no starter.
    fn finish(&mut self) {
        let n = self.stock_len();
        let slots = self.deal_off(n);
        let last: CardSet = self.take(&slots).iter().copied().collect();
        self.phase = Phase::Over;
        self.hand = CardSet::EMPTY;
        self.starter = None;
        if let Ok(count) = score::last_four(last) {
            self.counted(Shown::LastFour, last, None, count.combos, count.total);
        }
        self.last_four = Some(last);
        let win = self.pegs.front >= WIN;
        self.events.push(Event::GameOver {
            score: self.pegs.front,
            win,
            double: self.pegs.front >= DOUBLE,
            winner: win.then_some(0),
            scores: vec![self.pegs.front],
            shown: vec![self.pegs.front],
            skunk: Skunk::None,
        });
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

    /// A new game: the first deal is made and its starter turned.
    fn new(rules: Rules, seed: u64) -> Game {
        let mut game = Game::blank(rules, seed, None);
        game.deal();
        game
    }

    /// A new game from a stacked pack.
    ///
    /// # Errors
    /// When the setup cannot be played.
    fn with_setup(rules: Rules, seed: u64, setup: Setup) -> Result<Game, SetupError> {
        setup.check()?;
        let mut game = Game::blank(rules, seed, Some(setup));
        game.deal();
        Ok(game)
    }

    fn kind(&self) -> GameKind {
        GameKind::Solitaire
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn seed(&self) -> u64 {
        self.chance.seed()
    }

    /// The stacked pack, if any.
    fn setup(&self) -> Option<&Setup> {
        self.setup.as_ref()
    }

    fn players(&self) -> usize {
        1
    }

    /// Who must act (seat 0), or `None` when the game is over.
    fn current_player(&self) -> Option<Seat> {
        (self.phase == Phase::LayAway).then_some(0)
    }

    /// Every action the player may take: each two of the six (fifteen).
    fn legal_actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::LayAway => self.hand.combinations(2).map(Action::Lay).collect(),
            Phase::Over => Vec::new(),
        }
    }

    fn advance(&mut self, action: Action) -> Result<usize, IllegalAction> {
        Game::advance(self, action)
    }

    fn events(&self) -> &[Event] {
        &self.events
    }

    /// What the player may know.
    fn observation(&self, seat: Seat) -> Observation {
        Observation::of(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_over().then_some(Outcome::Score {
            points: self.pegs.front,
            win: self.pegs.front >= WIN,
        })
    }

    /// The score, as a list of one.
    fn score_list(&self) -> Vec<u16> {
        vec![self.pegs.front]
    }

    fn redraw(&mut self, epoch: u32) {
        self.chance.redraw(epoch);
    }

    fn epoch(&self) -> u32 {
        self.chance.epoch()
    }

    /// Checks the invariants: the cards of the pack accounted for (seen,
    /// under the stock, or never drawn), the hand of six and its starter
    /// apart, and the score the sum of the counts.
    ///
    /// # Errors
    /// The first inconsistency found.
    fn check_invariants(&self) -> Result<(), String> {
        let under: CardSet = crate::count::distinct(self.under.iter().copied())
            .map_err(|e| format!("under the stock: {e}"))?;
        if !under.is_subset(self.seen) {
            return Err("a starter under the stock was never seen".into());
        }
        if !self.seen.is_subset(self.drawn) {
            return Err("a card was seen but never drawn".into());
        }
        let unseen_in_stock = usize::from(PACK - self.fresh_dealt);
        let face_down = match self.phase {
            Phase::LayAway => self
                .crib_slots
                .iter()
                .filter(|s| matches!(s, Slot::Fresh(_)))
                .count(),
            Phase::Over => 0,
        };
        // The pack: drawn cards, the crib's face-down places still to draw,
        // and the unseen part of the stock.
        if self.drawn.len() + face_down + unseen_in_stock != usize::from(PACK) {
            return Err(format!(
                "{} drawn, {face_down} face down and {unseen_in_stock} in the stock are not 52",
                self.drawn.len()
            ));
        }
        let mut points = 0u16;
        for event in &self.events {
            match event {
                Event::Heels { points: p, .. } => points += u16::from(*p),
                Event::Counted(c) => {
                    points += u16::from(c.points);
                    if c.running != points {
                        return Err("a count's running score is wrong".into());
                    }
                }
                _ => {}
            }
        }
        if points != self.pegs.front {
            return Err(format!(
                "the counts add to {points}, the score is {}",
                self.pegs.front
            ));
        }
        match self.phase {
            Phase::LayAway => {
                let Some(starter) = self.starter else {
                    return Err("laying away with no starter".into());
                };
                if self.hand.len() != 6 || self.hand.contains(starter) || under.contains(starter) {
                    return Err("the hand is not six cards apart from the starter".into());
                }
                if !(1..=DEALS).contains(&self.deal) {
                    return Err(format!("deal {}", self.deal));
                }
            }
            Phase::Over => {
                if self.last_four.map(CardSet::len) != Some(4)
                    || !self.under.is_empty()
                    || self.seen != CardSet::DECK
                    || self.deal != DEALS
                {
                    return Err("the game ended without the whole pack counted".into());
                }
            }
        }
        Ok(())
    }
}
