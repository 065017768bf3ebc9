//! The search of Hard and Expert: for each card the seat may lay, play the
//! rest of the play out in many sampled deals and average the outcome —
//! points for the side less the opponents', or near the end of a
//! two-player game the chance to win read from the win table.

use super::knowledge::{Knowledge, World};
use super::policy::{informed_policy, policy};
use super::{PlayOption, REVERSE_LOSS};
use crate::ai::position::{self, WinTable};
use crate::ai::rng::Rng;
use crate::cards::{Card, CardSet};
use crate::count::{PreparedHand, ShowKind};
use crate::pegging::{MAX_PLAYERS, PlayMove, PlayResult, PlayState};

/// How many sampled deals Hard plays out per decision.
const HARD_WORLDS: usize = 300;
/// How many sampled deals Expert plays out: with card reading the samples
/// carry unequal weights, so it needs more of them (300 → 1000 gained 0.06
/// points a deal; 2000 only 0.01 more).
const EXPERT_WORLDS: usize = 1000;

impl Knowledge {
    /// Hard and Expert: the value of every legal card, averaged over sampled deals.
    pub(super) fn sampled(&self, rng: &mut Rng, playout: Playout) -> Vec<PlayOption> {
        let expert = playout == Playout::Informed;
        let cards: Vec<Card> = self.legal.iter().collect();
        let mut sums = vec![0.0f64; cards.len()];
        let two = self.players == 2;
        // The win table is about reaching the target first: standard only.
        let table = (expert && two && !self.reverse && self.near_the_end()).then(position::table);
        let avoid_target = expert && self.reverse && self.near_the_end();
        let reading = expert && two;
        let worlds = if expert { EXPERT_WORLDS } else { HARD_WORLDS };
        let mut total_weight = 0.0f64;
        for _ in 0..worlds {
            let world = self.sample(rng);
            let weight = if reading {
                self.likelihood(&world)
            } else {
                1.0
            };
            total_weight += weight;
            let mut sim = Sim::new(self, &world, table, avoid_target);
            let base = self.state(&world.hands);
            for (sum, &card) in sums.iter_mut().zip(&cards) {
                let mut state = base;
                let result = state.apply_unchecked(PlayMove::Card(card));
                let mut pts = [0i16; MAX_PLAYERS];
                let value = match sim.credit(self.seat, &result, &mut pts) {
                    Some(end) => end,
                    None => sim.play_out(state, pts, playout),
                };
                *sum += weight * f64::from(value);
            }
        }
        cards
            .iter()
            .zip(&sums)
            .map(|(&card, &sum)| {
                let mean = sum / total_weight.max(f64::MIN_POSITIVE);
                let points = self.points_now(card);
                match table {
                    // The play-outs valued outcomes by the chance to win;
                    // report it, with the points the card scores as its value.
                    Some(_) => PlayOption {
                        card,
                        points,
                        value: f64::from(points),
                        win_prob: Some(mean),
                    },
                    None => PlayOption {
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
    /// plays for the game, not for points.
    pub(super) fn near_the_end(&self) -> bool {
        self.to_go[..self.sides]
            .iter()
            .any(|&n| n <= position::ENDGAME)
    }
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
    /// Near the end of a two-player game: the win table and the show of this
    /// deal, so an outcome is valued by the chance to win.
    win: Option<(&'static WinTable, Show)>,
    /// Expert near the end of a reverse game: reaching the target ends the
    /// play-out as a loss (an opponent reaching it, as a win).
    avoid_target: bool,
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
    fn new(
        k: &'a Knowledge,
        world: &World,
        table: Option<&'static WinTable>,
        avoid_target: bool,
    ) -> Sim<'a> {
        let win = table.zip(k.starter).map(|(table, starter)| {
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
            (table, show)
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
        if let Some((table, show)) = &self.win {
            let opp = 1 - me;
            let my_go = self.k.to_go[me] - i32::from(pts[me]);
            let opp_go = self.k.to_go[opp] - i32::from(pts[opp]);
            let i_deal = self.k.dealer == self.k.seat;
            let (mine, theirs) = if i_deal {
                (show.dealer + show.crib, show.pone)
            } else {
                (show.pone, show.dealer + show.crib)
            };
            return table.after_show(my_go, opp_go, i_deal, mine, theirs);
        }
        if self.k.reverse {
            // Points are what a side avoids: the opponents' less its own.
            return -net(pts, me, self.k.sides);
        }
        net(pts, me, self.k.sides)
    }

    /// Plays to the end with [`policy`].
    fn rollout(&mut self, mut state: PlayState, mut pts: [i16; MAX_PLAYERS]) -> f32 {
        loop {
            let Some(seat) = state.to_act() else {
                return self.leaf(&pts);
            };
            let mv = policy(&state, &self.k.side_of, self.k.reverse);
            let result = state.apply_unchecked(mv);
            if let Some(end) = self.credit(seat, &result, &mut pts) {
                return end;
            }
        }
    }

    /// Plays to the end with [`informed_policy`]: each seat judges by its
    /// own hand and the cards it has seen, never by the sample's other hands.
    fn informed_rollout(&mut self, mut state: PlayState, mut pts: [i16; MAX_PLAYERS]) -> f32 {
        let mut laid = CardSet::EMPTY;
        for card in state.pile() {
            laid.insert(*card);
        }
        loop {
            let Some(seat) = state.to_act() else {
                return self.leaf(&pts);
            };
            let pool = !(self.seen[seat] | laid | state.hand(seat));
            let mv = informed_policy(&state, pool, &self.k.side_of, self.k.reverse);
            if let PlayMove::Card(card) = mv {
                laid.insert(card);
            }
            let result = state.apply_unchecked(mv);
            if let Some(end) = self.credit(seat, &result, &mut pts) {
                return end;
            }
        }
    }

    /// Plays the rest of the play out.
    fn play_out(&mut self, state: PlayState, pts: [i16; MAX_PLAYERS], playout: Playout) -> f32 {
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
