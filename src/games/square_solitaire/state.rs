//! The state machine: turn a card, place it, sixteen times; then the
//! starter and the count.

use super::action::{Action, IllegalAction, Phase};
use super::event::Event;
use super::observation::Observation;
use super::rules::{BOARD, Rules, Setup, SetupError, WIN};
use super::score::{self, CELLS, GridCount};
use crate::cards::{Card, CardSet};
use crate::games::cribbage::Skunk;
use crate::games::{GameKind, Outcome};
use crate::table::{Chance, Pegs, Seat};

/// A game of Cribbage Square Solitaire. See the module docs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    chance: Chance,
    setup: Option<Setup>,
    actions: Vec<Action>,
    events: Vec<Event>,
    grid: [Option<Card>; CELLS],
    /// Every card turned, in order; while placing, the last is in hand.
    turned: Vec<Card>,
    starter: Option<Card>,
    count: Option<GridCount>,
}

impl Game {
    fn blank(rules: Rules, seed: u64, setup: Option<Setup>) -> Game {
        Game {
            rules,
            chance: Chance::new(seed),
            setup,
            actions: Vec::new(),
            events: Vec::new(),
            grid: [None; CELLS],
            turned: Vec::with_capacity(CELLS),
            starter: None,
            count: None,
        }
    }

    /// Every action applied, in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        if self.starter.is_some() {
            Phase::Over
        } else {
            Phase::Place
        }
    }

    /// Whether the grid is full and counted.
    pub fn is_over(&self) -> bool {
        self.phase() == Phase::Over
    }

    /// The grid, row by row: each cell's card, if placed.
    pub fn grid(&self) -> &[Option<Card>; CELLS] {
        &self.grid
    }

    /// The card turned and waiting to be placed.
    pub fn card_in_hand(&self) -> Option<Card> {
        match self.phase() {
            Phase::Place => self.turned.last().copied(),
            Phase::Over => None,
        }
    }

    /// Every card turned so far, in order (the starter not included).
    pub fn turned(&self) -> &[Card] {
        &self.turned
    }

    /// The starter, once the grid is full.
    pub fn starter(&self) -> Option<Card> {
        self.starter
    }

    /// The grid's count, once the game is over.
    pub fn count(&self) -> Option<&GridCount> {
        self.count.as_ref()
    }

    /// The points made (0 until the count).
    pub fn score(&self) -> u16 {
        self.count.as_ref().map_or(0, |c| c.total)
    }

    /// The board's two pegs: the score, and the score before the last
    /// count that scored (his heels, then each line; a line of nothing
    /// moves no peg), as the page's board pegs the count live, so a game
    /// restored at its end shows the same last move. Made from the count,
    /// so a save holds nothing more.
    pub fn pegs(&self) -> Pegs {
        let mut pegs = Pegs::default();
        if let Some(count) = &self.count {
            let points =
                std::iter::once(count.heels).chain(count.lines.iter().map(|l| l.score.total));
            for points in points.filter(|&p| p > 0) {
                pegs.peg(points);
            }
        }
        pegs
    }

    /// Whether `action` is legal now, without applying it.
    ///
    /// # Errors
    /// Why it is not.
    pub fn check(&self, action: &Action) -> Result<(), IllegalAction> {
        if self.is_over() {
            return Err(IllegalAction::GameOver);
        }
        let Action::Place { row, col } = *action;
        let Some(cell) = action.cell() else {
            return Err(IllegalAction::OffGrid { row, col });
        };
        if self.grid[cell].is_some() {
            return Err(IllegalAction::Taken { row, col });
        }
        Ok(())
    }

    pub(crate) fn advance(&mut self, action: Action) -> Result<usize, IllegalAction> {
        self.check(&action)?;
        let (Some(cell), Some(&card)) = (action.cell(), self.turned.last()) else {
            return Err(IllegalAction::GameOver);
        };
        let from = self.events.len();
        self.actions.push(action);
        self.grid[cell] = Some(card);
        self.events.push(Event::Placed {
            card,
            cell: cell as u8,
        });
        if self.turned.len() < CELLS {
            self.turn();
        } else {
            self.finish();
        }
        Ok(from)
    }

    /// The next card of the stock: the stacked one, or one drawn from the
    /// seed among the cards not yet turned (and not stacked for later).
    fn next_card(&mut self) -> Card {
        let number = self.turned.len();
        if let Some(&card) = self.setup.as_ref().and_then(|s| s.cards.get(number)) {
            return card;
        }
        let stacked = self.setup.as_ref().map_or(CardSet::EMPTY, Setup::set);
        let taken: CardSet = self.turned.iter().copied().collect();
        let pool = (CardSet::DECK - taken - stacked).to_vec();
        pool[self.chance.draw().index(pool.len())]
    }

    fn turn(&mut self) {
        let card = self.next_card();
        self.turned.push(card);
        self.events.push(Event::Turned {
            number: self.turned.len() as u8,
            card,
        });
    }

    /// The starter, his heels, and each line's count.
    fn finish(&mut self) {
        let starter = self.next_card();
        self.starter = Some(starter);
        self.events.push(Event::Starter { card: starter });
        let grid: [Card; CELLS] = self.grid.map(|c| c.unwrap_or(starter));
        // Every card was drawn once: the count cannot fail.
        let Ok(count) = score::count_grid(&grid, starter) else {
            return;
        };
        let mut running = u16::from(count.heels);
        if count.heels > 0 {
            self.events.push(Event::Heels {
                card: starter,
                points: count.heels,
                running,
                shown: BOARD.shown(running),
            });
        }
        for line in &count.lines {
            running += u16::from(line.score.total);
            self.events.push(Event::LineCounted {
                count: line.clone(),
                running,
                shown: BOARD.shown(running),
            });
        }
        let score = count.total;
        self.count = Some(count);
        let win = score >= WIN;
        self.events.push(Event::GameOver {
            score,
            win,
            winner: win.then_some(0),
            scores: vec![score],
            shown: vec![score],
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

    /// A new game: the first card is turned.
    fn new(rules: Rules, seed: u64) -> Game {
        let mut game = Game::blank(rules, seed, None);
        game.turn();
        game
    }

    /// A new game from a stacked pack.
    ///
    /// # Errors
    /// When the setup cannot be played.
    fn with_setup(rules: Rules, seed: u64, setup: Setup) -> Result<Game, SetupError> {
        setup.check()?;
        let mut game = Game::blank(rules, seed, Some(setup));
        game.turn();
        Ok(game)
    }

    fn kind(&self) -> GameKind {
        GameKind::SquareSolitaire
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
        (self.phase() == Phase::Place).then_some(0)
    }

    /// Every action the player may take: each empty cell.
    fn legal_actions(&self) -> Vec<Action> {
        if self.is_over() {
            return Vec::new();
        }
        (0..CELLS)
            .filter(|&c| self.grid[c].is_none())
            .filter_map(Action::at_cell)
            .collect()
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
        self.count.as_ref().map(|c| Outcome::Score {
            points: c.total,
            win: c.total >= WIN,
        })
    }

    /// The score, as a list of one.
    fn score_list(&self) -> Vec<u16> {
        vec![self.score()]
    }

    fn redraw(&mut self, epoch: u32) {
        self.chance.redraw(epoch);
    }

    fn epoch(&self) -> u32 {
        self.chance.epoch()
    }

    /// Checks the invariants: every card turned once, the grid holds the
    /// cards turned before the one in hand, the starter is none of them,
    /// and the count is the grid's.
    ///
    /// # Errors
    /// The first inconsistency found.
    fn check_invariants(&self) -> Result<(), String> {
        let turned = crate::count::distinct(self.turned.iter().copied())
            .map_err(|e| format!("turned: {e}"))?;
        let on_grid: Vec<Card> = self.grid.iter().flatten().copied().collect();
        let placed = crate::count::distinct(on_grid.iter().copied())
            .map_err(|e| format!("the grid: {e}"))?;
        if !placed.is_subset(turned) {
            return Err("a card on the grid was never turned".into());
        }
        match (self.phase(), self.card_in_hand()) {
            (Phase::Place, Some(card)) => {
                if placed.contains(card) || placed.len() + 1 != self.turned.len() {
                    return Err("the grid is not the cards turned before the one in hand".into());
                }
            }
            (Phase::Over, None) => {
                let Some(starter) = self.starter else {
                    return Err("over with no starter".into());
                };
                if placed.len() != CELLS || placed != turned || turned.contains(starter) {
                    return Err("the full grid is not the sixteen cards turned".into());
                }
                let grid: [Card; CELLS] = self.grid.map(|c| c.unwrap_or(starter));
                if Some(score::grid_total(&grid, starter)) != self.count.as_ref().map(|c| c.total) {
                    return Err("the count is not the grid's".into());
                }
            }
            _ => return Err("no card in hand while placing".into()),
        }
        Ok(())
    }
}
