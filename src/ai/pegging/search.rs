//! The search of Hard and Expert: for each card the seat may lay, play the
//! rest of the play out in many sampled deals and average the outcome —
//! points for the side less the opponents', or (Expert, two players,
//! standard game) the chance to win read from the win-probability model.
//!
//! Hard and Expert v1 play a fixed number of deals. Expert plays deals until
//! a budget of work is spent ([`Budget`]): work is counted, not timed, so
//! the same observation and seed always give the same decision, natively
//! and in the browser, on a fast machine or a slow one.

use super::knowledge::{Knowledge, World};
use super::policy::{informed_policy, informed_policy_to_win, policy};
use super::{PlayOption, REVERSE_LOSS};
#[cfg(not(target_arch = "wasm32"))]
use crate::ai::position::{self, WinTable};
use crate::ai::rng::Rng;
use crate::ai::winprob::{self, WinModel};
use crate::cards::{Card, CardSet};
use crate::count::{PreparedHand, ShowKind};
use crate::pegging::{MAX_PLAYERS, PlayMove, PlayResult, PlayState};

/// How many sampled deals Hard plays out per decision.
const HARD_WORLDS: usize = 300;
/// How many sampled deals Expert v1 plays out: with card reading the samples
/// carry unequal weights, so it needs more of them (300 → 1000 gained 0.06
/// points a deal; 2000 only 0.01 more).
const EXPERT_WORLDS: usize = 1000;

/// Expert's budget for one decision of the play, in units of work: a card
/// laid in a play-out is one unit, and dealing a sample and reading it
/// (weighing it by how the opponent laid away and played) costs
/// [`Budget::WORLD`] more. Expert plays whole samples (every card it may lay,
/// on the same deal) until the budget is spent, at least [`Budget::MIN_WORLDS`]
/// and at most [`Budget::MAX_WORLDS`] of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Units of work.
    pub work: u32,
}

impl Budget {
    /// The default: about 40 ms a decision at worst in Chromium with the
    /// CPU throttled four times (see the README's decision times).
    pub const DEFAULT: Budget = Budget { work: 24_000 };
    /// What dealing and reading one sample costs, in cards laid.
    pub const WORLD: u32 = 12;
    /// Never fewer samples than this, however small the budget.
    pub const MIN_WORLDS: usize = 64;
    /// Never more: past this, more samples change nothing worth the time.
    pub const MAX_WORLDS: usize = 3000;
}

impl Knowledge {
    /// Hard and Expert: the value of every legal card, averaged over sampled
    /// deals. `budget`: Expert's (deals until the work is spent); `None`
    /// plays the fixed number of Hard or Expert v1.
    pub(super) fn sampled(
        &self,
        rng: &mut Rng,
        playout: Playout,
        budget: Option<Budget>,
    ) -> Vec<PlayOption> {
        let expert = playout == Playout::Informed;
        let cards: Vec<Card> = self.legal.iter().collect();
        let mut sums = vec![0.0f64; cards.len()];
        let mut nets = vec![0.0f64; cards.len()];
        let two = self.players == 2;
        // The win table is about reaching the target first: standard only.
        let board = match budget {
            Some(_) if expert && two && !self.reverse => Board::Chances(winprob::model()),
            #[cfg(not(target_arch = "wasm32"))]
            None if expert && two && !self.reverse && self.near_the_end() => {
                Board::Endgame(position::table())
            }
            _ => Board::Points,
        };
        let avoid_target = expert && self.reverse && self.near_the_end();
        // Expert reads every other seat at any table; Expert v1, the one
        // opponent of a two-player game only.
        let reading = expert && (two || budget.is_some());
        let (worlds, work) = match budget {
            Some(budget) => (Budget::MAX_WORLDS, budget.work),
            None if expert => (EXPERT_WORLDS, u32::MAX),
            None => (HARD_WORLDS, u32::MAX),
        };
        let mut total_weight = 0.0f64;
        let mut spent = 0u32;
        for done in 0..worlds {
            if done >= Budget::MIN_WORLDS && spent >= work {
                break;
            }
            let world = self.sample(rng);
            let weight = match (reading, two) {
                (true, true) => self.likelihood(&world),
                (true, false) => self.likelihood_of_plays(&world),
                (false, _) => 1.0,
            };
            total_weight += weight;
            let mut sim = Sim::new(self, &world, board, avoid_target);
            let base = self.state(&world.hands);
            for ((sum, net), &card) in sums.iter_mut().zip(nets.iter_mut()).zip(&cards) {
                let mut state = base;
                let result = state.apply_unchecked(PlayMove::Card(card));
                let mut pts = [0i16; MAX_PLAYERS];
                let value = match sim.credit(self.seat, &result, &mut pts) {
                    Some(end) => end,
                    None => sim.play_out(state, &mut pts, playout),
                };
                *sum += weight * f64::from(value);
                *net += weight * f64::from(sim.net(&pts));
            }
            spent = spent.saturating_add(sim.steps + Budget::WORLD);
        }
        let total_weight = total_weight.max(f64::MIN_POSITIVE);
        cards
            .iter()
            .zip(sums.iter().zip(&nets))
            .map(|(&card, (&sum, &net))| {
                let mean = sum / total_weight;
                let points = self.points_now(card);
                match board {
                    // The play-outs valued outcomes by the chance to win;
                    // the points they averaged are the value.
                    Board::Chances(_) => PlayOption {
                        card,
                        points,
                        value: net / total_weight,
                        win_prob: Some(mean),
                    },
                    // Expert v1 near the end: the chance to win, with the
                    // points the card scores as its value.
                    #[cfg(not(target_arch = "wasm32"))]
                    Board::Endgame(_) => PlayOption {
                        card,
                        points,
                        value: f64::from(points),
                        win_prob: Some(mean),
                    },
                    Board::Points => PlayOption {
                        card,
                        points,
                        value: mean,
                        win_prob: None,
                    },
                }
            })
            .collect()
    }

    /// Whether either side could reach the target this hand: then Expert
    /// v1 plays for the game, not for points, and Expert avoids the target
    /// in reverse.
    pub(super) fn near_the_end(&self) -> bool {
        self.to_go[..self.sides].iter().any(|&n| n <= NEAR_THE_END)
    }
}

/// Points still needed (by either side) at which a hand counts as near the end.
const NEAR_THE_END: i32 = 45;

/// How the outcome of a play-out is valued.
#[derive(Clone, Copy)]
enum Board {
    /// By points: the side's less the opponents'.
    Points,
    /// (Expert v1, near the end) by the chance to win, from its win table.
    #[cfg(not(target_arch = "wasm32"))]
    Endgame(&'static WinTable),
    /// (Expert) by the chance to win, from the win-probability model.
    Chances(&'static WinModel),
}

/// How the rest of the play is simulated in a sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Playout {
    /// With [`policy`], which sees the sample's hands (Hard).
    Peeking,
    /// With [`informed_policy`]: each seat judges only by what it could know (Expert).
    Informed,
}

/// A simulation of the rest of the play in one sampled deal.
struct Sim<'a> {
    k: &'a Knowledge,
    /// Cards each seat has seen besides its hand and the cards laid: the
    /// starter and its own throws.
    seen: [CardSet; MAX_PLAYERS],
    /// When outcomes are valued by the chance to win: the board's model and
    /// the show of this deal.
    win: Option<(Board, Show)>,
    /// Expert near the end of a reverse game: reaching the target ends the
    /// play-out as a loss (an opponent reaching it, as a win).
    avoid_target: bool,
    /// Cards laid in the play-outs so far: the work done.
    steps: u32,
}

/// The show after the play, in one sampled deal: the pone's hand, the
/// dealer's hand, the crib.
#[derive(Clone, Copy)]
struct Show {
    pone: u8,
    dealer: u8,
    crib: u8,
}

impl<'a> Sim<'a> {
    fn new(k: &'a Knowledge, world: &World, board: Board, avoid_target: bool) -> Sim<'a> {
        let valued = match board {
            Board::Points => None,
            board => Some(board),
        };
        let win = valued.zip(k.starter).map(|(board, starter)| {
            let kept = |s: usize| {
                if s == k.seat {
                    k.kept
                } else {
                    k.played[s] | world.hands[s]
                }
            };
            let count = |cards: CardSet, kind| {
                if cards.len() == 4 && !cards.contains(starter) {
                    PreparedHand::new_unchecked(cards, kind).total(starter)
                } else {
                    0
                }
            };
            let pone = (k.dealer + 1) % k.players;
            let show = Show {
                pone: count(kept(pone), ShowKind::Hand),
                dealer: count(kept(k.dealer), ShowKind::Hand),
                crib: count(world.crib, ShowKind::Crib),
            };
            (board, show)
        });
        let mut seen = [CardSet::EMPTY; MAX_PLAYERS];
        let starter = k.starter.map_or(CardSet::EMPTY, CardSet::from);
        let before: CardSet = k.played.iter().fold(CardSet::EMPTY, |a, &b| a | b);
        for (s, seen) in seen.iter_mut().enumerate().take(k.players) {
            *seen = starter | before;
            if s == k.seat {
                *seen |= k.laid_away;
            } else if k.players == 2 {
                *seen |= world.crib - k.laid_away;
            }
        }
        Sim {
            k,
            seen,
            win,
            avoid_target,
            steps: 0,
        }
    }

    /// Credits a move's points to the sides; when a side reaches the target
    /// and outcomes are valued by the chance to win, the value of the end.
    #[inline]
    fn credit(
        &self,
        seat: usize,
        result: &PlayResult,
        pts: &mut [i16; MAX_PLAYERS],
    ) -> Option<f32> {
        let side = self.k.side_of[seat];
        pts[side] += i16::from(result.points());
        let mut ended = self.ended(side, pts);
        if let Some((who, p)) = result.last {
            let side = self.k.side_of[who];
            pts[side] += i16::from(p);
            ended = ended.or_else(|| self.ended(side, pts));
        }
        ended
    }

    fn ended(&self, side: usize, pts: &[i16; MAX_PLAYERS]) -> Option<f32> {
        if self.avoid_target {
            // Reverse: the side that reaches the target loses. (With three
            // players an opponent reaching it is counted as a win, though
            // the third player may have fewer points: close enough here.)
            let mine = side == self.k.side_of[self.k.seat];
            return (i32::from(pts[side]) >= self.k.to_go[side]).then_some(if mine {
                -REVERSE_LOSS
            } else {
                REVERSE_LOSS
            } as f32);
        }
        self.win?;
        (i32::from(pts[side]) >= self.k.to_go[side]).then(|| {
            if side == self.k.side_of[self.k.seat] {
                1.0
            } else {
                0.0
            }
        })
    }

    /// The value of a finished play.
    fn leaf(&self, pts: &[i16; MAX_PLAYERS]) -> f32 {
        let me = self.k.side_of[self.k.seat];
        if let Some((board, show)) = &self.win {
            let opp = 1 - me;
            let my_go = self.k.to_go[me] - i32::from(pts[me]);
            let opp_go = self.k.to_go[opp] - i32::from(pts[opp]);
            let i_deal = self.k.dealer == self.k.seat;
            let (mine, theirs) = if i_deal {
                (show.dealer + show.crib, show.pone)
            } else {
                (show.pone, show.dealer + show.crib)
            };
            return match board {
                #[cfg(not(target_arch = "wasm32"))]
                Board::Endgame(table) => table.after_show(my_go, opp_go, i_deal, mine, theirs),
                Board::Chances(model) => {
                    let (mine, theirs) = (i32::from(mine), i32::from(theirs));
                    let chance = if i_deal {
                        model.dealer_after_show(my_go, opp_go, theirs, mine)
                    } else {
                        1.0 - model.dealer_after_show(opp_go, my_go, mine, theirs)
                    };
                    chance as f32
                }
                Board::Points => net(pts, me, self.k.sides),
            };
        }
        if self.k.reverse {
            // Points are what a side avoids: the opponents' less its own.
            return -net(pts, me, self.k.sides);
        }
        net(pts, me, self.k.sides)
    }

    /// The seat's side's points less the opponents' (their mean, with three
    /// sides) in a play-out: negated in reverse, where points are avoided.
    fn net(&self, pts: &[i16; MAX_PLAYERS]) -> f32 {
        let value = net(pts, self.k.side_of[self.k.seat], self.k.sides);
        if self.k.reverse { -value } else { value }
    }

    /// Plays to the end with [`policy`].
    fn rollout(&mut self, mut state: PlayState, pts: &mut [i16; MAX_PLAYERS]) -> f32 {
        loop {
            let Some(seat) = state.to_act() else {
                return self.leaf(pts);
            };
            let mv = policy(&state, &self.k.side_of, self.k.reverse);
            let result = state.apply_unchecked(mv);
            self.steps += 1;
            if let Some(end) = self.credit(seat, &result, pts) {
                return end;
            }
        }
    }

    /// Plays to the end with [`informed_policy`]: each seat judges by its
    /// own hand and the cards it has seen, never by the sample's other hands.
    fn informed_rollout(&mut self, mut state: PlayState, pts: &mut [i16; MAX_PLAYERS]) -> f32 {
        let mut laid = CardSet::EMPTY;
        for card in state.pile() {
            laid.insert(*card);
        }
        loop {
            let Some(seat) = state.to_act() else {
                return self.leaf(pts);
            };
            let pool = !(self.seen[seat] | laid | state.hand(seat));
            let mv = match self.win {
                Some((Board::Chances(_), _)) => {
                    let mut needs = self.k.to_go;
                    for (need, &got) in needs.iter_mut().zip(pts.iter()) {
                        *need -= i32::from(got);
                    }
                    informed_policy_to_win(&state, pool, &self.k.side_of, &needs)
                }
                _ => informed_policy(&state, pool, &self.k.side_of, self.k.reverse),
            };
            if let PlayMove::Card(card) = mv {
                laid.insert(card);
            }
            let result = state.apply_unchecked(mv);
            self.steps += 1;
            if let Some(end) = self.credit(seat, &result, pts) {
                return end;
            }
        }
    }

    /// Plays the rest of the play out; `pts` ends with the points pegged.
    fn play_out(
        &mut self,
        state: PlayState,
        pts: &mut [i16; MAX_PLAYERS],
        playout: Playout,
    ) -> f32 {
        match playout {
            Playout::Peeking => self.rollout(state, pts),
            Playout::Informed => self.informed_rollout(state, pts),
        }
    }
}

/// A side's points less its opponents' (their mean, with three sides).
fn net(pts: &[i16; MAX_PLAYERS], me: usize, sides: usize) -> f32 {
    let others: i16 = (0..sides).filter(|&s| s != me).map(|s| pts[s]).sum();
    f32::from(pts[me]) - f32::from(others) / (sides - 1).max(1) as f32
}
