//! The state machine: the draw for deal, the deal into stacks, the turns
//! of placing, and the count of the lines, hand after hand until a side
//! wins.

use super::action::{Action, IllegalAction, Phase};
use super::event::{Cut, Event, Peg, Reason, Seated, direction_of};
use super::layout::{Cell, Layout, Line};
use super::observation::Observation;
use super::rules::{PLACED, Rules, Seating, Setup, SetupError, TARGET};
use super::score::count_line;
use crate::cards::{Card, CardSet, Rank};
use crate::games::State as _;
use crate::games::cribbage::Skunk;
use crate::games::{GameKind, Outcome};
use crate::table::{Chance, Pegs, Seat, Side, in_game_hole, in_game_holes, settle_cuts};

/// Sides at the table: two players, or two partnerships.
const SIDES: usize = 2;

/// A game of Table Top Cribbage. See the module docs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    chance: Chance,
    setup: Option<Setup>,
    actions: Vec<Action>,
    events: Vec<Event>,

    pegs: [Pegs; SIDES],
    /// Each seat's side (side 0 is seat 0's).
    sides: Vec<Side>,
    /// The seats round the table in the order of play, from seat 0.
    order: Vec<Seat>,
    first_dealer: Seat,
    dealer: Seat,
    /// The side scoring the rows, for the whole game.
    rows_side: Side,
    hand_no: u16,
    winner: Option<Side>,
    phase: Phase,

    /// Each seat's face-down stack (hidden from all). In a stacked hand the
    /// top card is last; otherwise the order is not yet drawn.
    stacks: Vec<Vec<Card>>,
    /// Whether this hand's stacks are in a stacked setup's order.
    stacked: bool,
    /// The cards dealt to nobody this hand (hidden from all).
    out_of_play: CardSet,
    /// The card the player to act has turned.
    turned: Option<Card>,
    layout: Layout,
    to_act: Seat,
}

impl Game {
    fn blank(rules: Rules, seed: u64, setup: Option<Setup>) -> Game {
        let centre = Card::new(Rank::Ace, crate::cards::Suit::Clubs);
        // Seat order, partners two apart: a stacked setup's, and how every
        // game was seated before the draw made the partnerships.
        let players = rules.players();
        let sides = (0..players)
            .map(|seat| crate::table::side_of(players, seat))
            .collect();
        let order = (0..players).collect();
        Game {
            rules,
            chance: Chance::new(seed),
            setup,
            actions: Vec::new(),
            events: Vec::new(),
            pegs: [Pegs::default(); SIDES],
            sides,
            order,
            first_dealer: 0,
            dealer: 0,
            rows_side: 0,
            hand_no: 0,
            winner: None,
            phase: Phase::Place,
            stacks: vec![Vec::new(); rules.players()],
            stacked: false,
            out_of_play: CardSet::EMPTY,
            turned: None,
            // Replaced by the first deal's centre before anyone sees it.
            layout: Layout::new(centre),
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

    /// Whether a side has won.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The winning side, once the game is over.
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// Each side's pegs.
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

    /// The side `seat` scores for: itself with two players, its
    /// partnership with four (side 0 is the partnership of seat 0).
    pub fn side_of(&self, seat: Seat) -> Side {
        self.sides.get(seat).copied().unwrap_or(0)
    }

    /// Each seat's side.
    pub fn sides(&self) -> &[Side] {
        &self.sides
    }

    /// The seats round the table in the order of play, from seat 0: the
    /// turn passes from each to the next (to its left), and partners sit
    /// opposite, two apart.
    pub fn order(&self) -> &[Seat] {
        &self.order
    }

    /// The side that scores the rows (the other scores the columns).
    pub fn rows_side(&self) -> Side {
        self.rows_side
    }

    /// The hand's number, from 1.
    pub fn hand_number(&self) -> u16 {
        self.hand_no
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The card the player to act has turned.
    pub fn turned(&self) -> Option<Card> {
        self.turned
    }

    /// How many cards `seat`'s stack has left.
    pub fn stack_len(&self, seat: Seat) -> usize {
        self.stacks.get(seat).map_or(0, Vec::len)
    }

    /// The cards left in `seat`'s stack (hidden from everyone: for tests
    /// and referees, never for a computer player, which gets an
    /// [`Observation`]). In a stacked hand they are in the order they will
    /// be turned; otherwise in no order, since each turn draws its card
    /// from the stack as a chance event (see [`Game::new`]).
    pub fn stack(&self, seat: Seat) -> Vec<Card> {
        self.stacks
            .get(seat)
            .map(|s| s.iter().rev().copied().collect())
            .unwrap_or_default()
    }

    /// The cards left out of play this hand (hidden, as [`Game::stack`]).
    pub fn out_of_play(&self) -> CardSet {
        self.out_of_play
    }

    /// Whether `action` is legal now, without applying it.
    ///
    /// # Errors
    /// Why it is not.
    pub fn check(&self, action: &Action) -> Result<(), IllegalAction> {
        if self.current_player().is_none() {
            return Err(IllegalAction::GameOver);
        }
        let Action::Place(cell) = *action;
        if let Some(card) = self.layout.get(cell) {
            return Err(IllegalAction::Taken { cell, card });
        }
        if !self.layout.is_open(cell) {
            return Err(IllegalAction::NotAdjacent(cell));
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
        let cell = action.cell();
        let Some(card) = self.turned.take() else {
            // A player to act has always turned a card (check_invariants).
            return Err(IllegalAction::GameOver);
        };
        self.actions.push(action);
        self.layout.place(cell, card);
        self.events.push(Event::Placed { seat, card, cell });
        if self.layout.is_full() {
            self.count_hand();
        } else {
            self.to_act = self.next_seat(seat);
            self.turn();
        }
        Ok(from)
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        self.round_from(seat, 1)
    }

    /// The seat `k` places after `seat` round the table.
    fn round_from(&self, seat: Seat, k: usize) -> Seat {
        let n = self.order.len().max(1);
        let at = self.place_of(seat);
        self.order.get((at + k) % n).copied().unwrap_or(0)
    }

    /// Where `seat` sits in the order round the table.
    fn place_of(&self, seat: Seat) -> usize {
        self.order.iter().position(|&s| s == seat).unwrap_or(0)
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
            None => self.draw_for_deal(),
        };
        self.dealer = self.first_dealer;
        // The side placing first in the first hand takes the rows for the
        // whole game (the rules README's decision for two; the same for four).
        self.rows_side = self.side_of(self.next_seat(self.first_dealer));
        self.events.push(Event::Directions {
            rows: self.rows_side,
            columns: 1 - self.rows_side,
        });
        self.deal();
    }

    /// Draws until the draw settles it, telling every round, and returns
    /// the first dealer. With two, the lower card deals (ten-cards alike,
    /// the family's cut). With four seated by the draw, it settles the
    /// partnerships too: the two highest cards against the two lowest
    /// (king high, ace low), the highest deals, and a tie for partners or
    /// for the deal means all four draw again (the rules README); the
    /// players take their seats. With four seated as before the draw made
    /// the partnerships ([`Seating::Fixed`]), the highest card deals and a
    /// tie for highest draws again.
    fn draw_for_deal(&mut self) -> Seat {
        let players = self.rules.players();
        let partners = self.rules.seating() == Seating::Drawn;
        loop {
            let mut deck = CardSet::DECK.to_vec();
            self.chance.draw().shuffle(&mut deck);
            let cuts = Cut::round(&deck, players);
            self.events.push(if partners {
                let seated = seat_by_draw(&cuts);
                Event::DrawForPartners { cuts, seated }
            } else if players == 2 {
                let dealer = settle_cuts(&cuts).ok();
                Event::CutForDeal { cuts, dealer }
            } else {
                let dealer = highest(&cuts);
                Event::CutForDeal { cuts, dealer }
            });
            match self.events.last() {
                Some(Event::DrawForPartners {
                    seated: Some(seated),
                    ..
                }) => {
                    self.sides.clone_from(&seated.sides);
                    self.order.clone_from(&seated.order);
                    return seated.dealer;
                }
                Some(Event::CutForDeal {
                    dealer: Some(dealer),
                    ..
                }) => return *dealer,
                _ => {}
            }
        }
    }

    /// Deals a hand into the stacks, turns up the centre, and turns the
    /// first card.
    fn deal(&mut self) {
        self.hand_no += 1;
        let first = self.next_seat(self.dealer);
        let stacked = self
            .setup
            .as_ref()
            .and_then(|s| s.deals.get(usize::from(self.hand_no) - 1))
            .cloned();
        self.stacked = stacked.is_some();
        let centre = if let Some(deal) = stacked {
            // A stack is turned from its end, so it holds the setup's
            // cards (listed top first) reversed.
            for (stack, cards) in self.stacks.iter_mut().zip(&deal.stacks) {
                *stack = cards.iter().rev().copied().collect();
            }
            let dealt: CardSet = deal.stacks.iter().flatten().copied().collect();
            self.out_of_play = !dealt.with(deal.centre);
            deal.centre
        } else {
            let mut deck = CardSet::DECK.to_vec();
            self.chance.draw().shuffle(&mut deck);
            // One card at a time from the dealer's left. Which of its cards
            // a stack turns next is drawn at each turn (see `turn`).
            for stack in &mut self.stacks {
                stack.clear();
            }
            for (i, &card) in deck.iter().take(PLACED).enumerate() {
                let seat = self.round_from(first, i);
                if let Some(stack) = self.stacks.get_mut(seat) {
                    stack.push(card);
                }
            }
            self.out_of_play = deck[PLACED + 1..].iter().copied().collect();
            deck[PLACED]
        };
        self.layout = Layout::new(centre);
        self.events.push(Event::Deal {
            hand: self.hand_no,
            dealer: self.dealer,
        });
        self.events.push(Event::Centre {
            card: centre,
            cell: Cell::CENTRE,
        });
        self.phase = Phase::Place;
        self.to_act = first;
        self.turn();
    }

    /// The player to act turns the top card of their stack: the next of a
    /// stacked hand, otherwise one drawn at random from the stack.
    fn turn(&mut self) {
        let seat = self.to_act;
        let stacked = self.stacked;
        let Some(stack) = self.stacks.get_mut(seat) else {
            return;
        };
        let card = if stacked || stack.is_empty() {
            stack.pop()
        } else {
            let i = self.chance.draw().index(stack.len());
            Some(stack.swap_remove(i))
        };
        self.turned = card;
        if let Some(card) = card {
            self.events.push(Event::Turned { seat, card });
        }
    }

    /// The layout is full: both sides count their lines, the side placing
    /// first counting first (only the telling has an order: nothing is
    /// decided until both have pegged). Then a side at 121 with more than
    /// the other wins; otherwise, a tie above 121 among them, the next hand.
    fn count_hand(&mut self) {
        let first = self.side_of(self.next_seat(self.dealer));
        let mut points = vec![0u16; SIDES];
        for side in [first, 1 - first] {
            for line in Line::all(direction_of(self.rows_side, side)) {
                let Some(cards) = self.layout.full_line(line) else {
                    continue;
                };
                // Cards on the layout are distinct: the count cannot fail.
                let Ok(count) = count_line(cards) else {
                    continue;
                };
                self.events.push(Event::Counted {
                    side,
                    line,
                    cards,
                    said: count.steps(),
                    total: count.total,
                });
                if count.total > 0 {
                    points[side] += u16::from(count.total);
                    let pegs = &mut self.pegs[side];
                    pegs.peg(count.total);
                    let (front, rear) = (pegs.front, pegs.rear);
                    self.events.push(Event::Pegged(Peg {
                        side,
                        points: count.total,
                        front,
                        rear,
                        shown: in_game_hole(front, TARGET),
                        reason: Reason::Line { line },
                    }));
                }
            }
        }
        let scores = self.score_list();
        if let Some(winner) = leader(&scores) {
            self.winner = Some(winner);
            self.phase = Phase::Over;
            self.events.push(Event::GameOver {
                winner,
                shown: shown_at_end(&self.pegs),
                scores,
                hands: self.hand_no,
                first_dealer: self.first_dealer,
                skunk: Skunk::None,
            });
            return;
        }
        self.events.push(Event::HandOver {
            hand: self.hand_no,
            scores,
            points,
        });
        self.dealer = self.next_seat(self.dealer);
        self.deal();
    }
}

/// The final scores as the end says them: each stopped in the game hole,
/// as the pegs stand, unless both sides passed it in the last count, when
/// the higher total won (the rules README) and the totals that decided it
/// are said as counted ("130 to 126", where "121 to 121" would hide who won).
pub(crate) fn shown_at_end(pegs: &[Pegs]) -> Vec<u16> {
    if pegs.iter().all(|p| p.front >= TARGET) {
        Pegs::fronts(pegs)
    } else {
        in_game_holes(pegs, TARGET)
    }
}

/// The side at 121 or more with more points than the other, if any.
fn leader(scores: &[u16]) -> Option<Side> {
    let (a, b) = (scores[0], scores[1]);
    match a.max(b) >= TARGET {
        true if a > b => Some(0),
        true if b > a => Some(1),
        _ => None,
    }
}

/// What a draw for partners makes (see [`Seating::Drawn`]), or `None` on
/// a tie that matters: for the deal (the two highest cards of a rank) or
/// for partners (the second and third). The player at seat 0 keeps their
/// place and their partner sits opposite; the other two keep the order of
/// their seats round the table (the lower seat on seat 0's left), so the
/// order of play is seat 0, the lower opponent, the partner, the other.
fn seat_by_draw(cuts: &[Cut]) -> Option<Seated> {
    let n = cuts.len();
    let rank = |seat: Seat| cuts.get(seat).map_or(0, |c| c.card.rank().index());
    // How many drew higher than a seat: none for the highest, fewer than
    // two for the two highest. Counted rather than sorted: four cards.
    let above = |seat: Seat| (0..n).filter(|&s| rank(s) > rank(seat)).count();
    let high = |seat: Seat| above(seat) < 2;
    let mut dealer = None;
    let mut highs = 0;
    for seat in 0..n {
        if above(seat) == 0 {
            if dealer.is_some() {
                // Two highest of a rank: a tie for the deal.
                return None;
            }
            dealer = Some(seat);
        }
        highs += usize::from(high(seat));
    }
    // More than two with fewer than two above: the second and third tie.
    let dealer = dealer.filter(|_| highs == 2)?;
    let ours = high(0);
    let mut sides = Vec::with_capacity(n);
    let mut order = Vec::with_capacity(n);
    order.push(0);
    let mut partner = 0;
    for seat in 0..n {
        let with_us = high(seat) == ours;
        sides.push(usize::from(!with_us));
        if seat == 0 {
            continue;
        }
        if with_us {
            partner = seat;
        } else {
            order.push(seat);
        }
    }
    // Seat 0, an opponent, the partner opposite, the other opponent.
    order.insert(2.min(order.len()), partner);
    Some(Seated {
        sides,
        order,
        dealer,
        // The sides are 0 for seat 0's partnership and 1 for the other: the
        // low cards' is the one seat 0 is not in when it drew high.
        low: usize::from(ours),
    })
}

/// The seat holding the highest card of the draw alone (king high, ace
/// low), or `None` on a tie for highest.
fn highest(cuts: &[Cut]) -> Option<Seat> {
    let top = cuts.iter().map(|c| c.card.rank().index()).max()?;
    let mut high = cuts.iter().filter(|c| c.card.rank().index() == top);
    match (high.next(), high.next()) {
        (Some(cut), None) => Some(cut.seat),
        _ => None,
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

    /// A new game: the players draw for deal and the first hand is dealt.
    ///
    /// Chance: each hand's shuffle decides which cards go to which stack
    /// and which stay out of play; the order of a stack is drawn a card at
    /// a time, as each is turned (the same as a shuffled stack's top card,
    /// for nobody knows the order). So an undo, which re-draws chance,
    /// does not show a player the card a stack would have turned next.
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
        setup.check(rules)?;
        let mut game = Game::blank(rules, seed, Some(setup));
        game.start();
        Ok(game)
    }

    fn kind(&self) -> GameKind {
        GameKind::TableTop
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
        (self.phase == Phase::Place).then_some(self.to_act)
    }

    /// Every action the player to act may take: each open cell.
    fn legal_actions(&self) -> Vec<Action> {
        if self.current_player().is_none() {
            return Vec::new();
        }
        self.layout.open_cells().map(Action::Place).collect()
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

    /// Each side's score.
    fn score_list(&self) -> Vec<u16> {
        Pegs::fronts(&self.pegs)
    }

    fn redraw(&mut self, epoch: u32) {
        self.chance.redraw(epoch);
    }

    fn epoch(&self) -> u32 {
        self.chance.epoch()
    }

    /// Checks the invariants: every card in one place, the layout grown
    /// from its centre by adjacent cells, the stacks as the turns left
    /// them, and the pegs in order.
    ///
    /// # Errors
    /// The first inconsistency found.
    fn check_invariants(&self) -> Result<(), String> {
        let mut all = self.out_of_play;
        let mut count = self.out_of_play.len();
        let table = self.layout.cards();
        all |= table;
        count += self.layout.len();
        for stack in &self.stacks {
            all |= stack.iter().copied().collect::<CardSet>();
            count += stack.len();
        }
        if let Some(card) = self.turned {
            all.insert(card);
            count += 1;
        }
        if all != CardSet::DECK || count != 52 {
            return Err(format!(
                "{count} cards in play, out of play and on the table, not the 52 once each"
            ));
        }
        if self.layout.get(Cell::CENTRE).is_none() {
            return Err("the layout has no centre".into());
        }
        let placed = self.layout.len() - 1;
        let stacked: usize = self.stacks.iter().map(Vec::len).sum();
        let turned = usize::from(self.turned.is_some());
        if placed + stacked + turned != PLACED {
            return Err(format!(
                "{placed} placed, {stacked} in the stacks and {turned} turned"
            ));
        }
        // Partners sit opposite: the order round the table is every seat
        // once, from seat 0, with the sides alternating.
        let players = self.rules.players();
        let mut seen: Vec<Seat> = self.order.clone();
        seen.sort_unstable();
        if seen != (0..players).collect::<Vec<_>>() || self.order.first() != Some(&0) {
            return Err(format!(
                "the order round the table {:?} is not every seat from 0",
                self.order
            ));
        }
        for (i, &seat) in self.order.iter().enumerate() {
            let next = self.order[(i + 1) % players];
            if self.sides.get(seat) == self.sides.get(next) || self.side_of(seat) >= SIDES {
                return Err(format!(
                    "seats {seat} and {next} of one side sit side by side"
                ));
            }
        }
        // Each seat has turned its share: seats from the dealer's left have
        // placed in turn, one card each round.
        let taken = placed + turned;
        let first = self.place_of(self.next_seat(self.dealer));
        for seat in 0..players {
            let order = (self.place_of(seat) + players - first) % players;
            let turns = (taken + players - 1 - order) / players;
            if self.stacks[seat].len() + turns != self.rules.stack_size() && !self.is_over() {
                return Err(format!(
                    "seat {seat}'s stack has {} cards after {turns} turns",
                    self.stacks[seat].len()
                ));
            }
        }
        for pegs in &self.pegs {
            if pegs.rear > pegs.front {
                return Err("a rear peg passed its front".into());
            }
        }
        match (self.phase, self.winner) {
            (Phase::Place, None) => {
                if self.turned.is_none() || self.legal_actions().is_empty() {
                    return Err("the player to act has no card or nowhere to put it".into());
                }
                if self.stacks.len() != players || self.to_act >= players {
                    return Err("the seat to act is not at the table".into());
                }
            }
            (Phase::Over, Some(w)) => {
                let scores = self.score_list();
                if leader(&scores) != Some(w) {
                    return Err(format!("side {w} won at {scores:?}"));
                }
            }
            _ => return Err("the phase and the winner disagree".into()),
        }
        Ok(())
    }
}
