//! The play: which card to lay, at each level.
//!
//! - Easy and the reference level peg greedily: the card that scores most now.
//! - Medium looks one card ahead: what the card scores, less what the next
//!   opponent can be expected to score on it, over the hands they may hold.
//! - Hard samples the other hands many times, consistently with everything
//!   the seat has seen — the cards played, how many each seat holds, and what
//!   each "go" proves (a go at count c means every card that seat holds has
//!   pips > 31 − c) — and plays out the rest of the play in each sample, for
//!   each card it could lay, with a fixed policy: score now, less the most
//!   the next opponent could score on it with the cards they hold there.
//! - Expert samples three times as many deals and reads the opponent's cards:
//!   with two players each sample is weighted by how likely the opponent was
//!   to lay away and play as it did with that hand. Its play-outs are
//!   *informed*: every seat judges by its own cards and what it has seen,
//!   never by the sample's other hands, so no seat in the simulation plays as
//!   if it could see through the cards (the usual flaw of sampling). Near the
//!   end of a two-player game it values each outcome by the chance to win the
//!   game, with the show counted in order after the play.
//!
//! Measured in pegging-only duels (same deals and discards, seats swapped):
//! Medium pegs 0.40 points a deal better than greedy, Hard 0.16 better than
//! Medium, Expert 0.18 better than Hard. (Searching each sample to the end
//! with both sides playing perfectly was tried for Expert and did worse than
//! Hard, −0.39 a deal: each side then plays as if it saw the other's cards.)
//!
//! Every seat's points count for its side; the value of an outcome is the
//! side's points less the opponents' (their mean, with three players).

use super::Level;
use super::position::{self, WinTable};
use super::rng::Rng;
use crate::cards::{Card, CardSet};
use crate::count::{PreparedHand, ShowKind, peg_score_unchecked};
use crate::games::cribbage::Action;
use crate::games::cribbage::{Observation, PlayRecord};
use crate::pegging::{MAX_PLAYERS, PlayMove, PlayResult, PlayState};
use serde::{Deserialize, Serialize};

/// A card the seat may lay, with what the level expects it to be worth.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayOption {
    /// The card.
    pub card: Card,
    /// What it scores at once.
    pub points: u8,
    /// Expected points for the seat's side less the opponents' from this card
    /// to the end of the play (Easy and the reference level: the points now;
    /// Medium: the points now less the next opponent's expected reply).
    pub value: f64,
    /// (Expert, near the end of a two-player game) the chance to win the game.
    pub win_prob: Option<f64>,
}

/// How many sampled deals Hard plays out per decision.
const HARD_WORLDS: usize = 300;
/// How many sampled deals Expert plays out: with card reading the samples
/// carry unequal weights, so it needs more of them (300 → 1000 gained 0.06
/// points a deal; 2000 only 0.01 more).
const EXPERT_WORLDS: usize = 1000;
/// How often Easy misses a small scoring play and lays a card at random.
const EASY_PLAY_SLIP: f64 = 0.05;

/// Every card the seat may lay, valued as `level` values them, best first.
/// Empty unless it is the seat's turn in the play and a card fits.
pub fn options(obs: &Observation, level: Level, seed: u64) -> Vec<PlayOption> {
    let mut rng = Rng::new(seed);
    let Some(knowledge) = Knowledge::of(obs) else {
        return Vec::new();
    };
    let legal = knowledge.legal;
    if legal.is_empty() {
        return Vec::new();
    }
    let mut options: Vec<PlayOption> = match level {
        Level::Easy | Level::Baseline => legal
            .iter()
            .map(|card| {
                let points = knowledge.points_now(card);
                PlayOption {
                    card,
                    points,
                    value: f64::from(points),
                    win_prob: None,
                }
            })
            .collect(),
        Level::Medium => legal
            .iter()
            .map(|card| {
                let points = knowledge.points_now(card);
                PlayOption {
                    card,
                    points,
                    value: f64::from(points) - knowledge.expected_reply(card),
                    win_prob: None,
                }
            })
            .collect(),
        Level::Hard => knowledge.sampled(&mut rng, Playout::Peeking),
        Level::Expert => knowledge.sampled(&mut rng, Playout::Informed),
    };
    sort_best_first(&mut options, level);
    options
}

/// Best first, by win probability where known, then value; the reference
/// level breaks ties by laying the highest card (keeping low cards for the
/// go), and everything else by card order, so nothing else can matter.
fn sort_best_first(options: &mut [PlayOption], level: Level) {
    let key = |o: &PlayOption| (o.win_prob.unwrap_or(0.0), o.value);
    let high = |o: &PlayOption| (o.card.pips(), o.card.rank());
    super::sort_short(options, |a, b| {
        let (ka, kb) = (key(a), key(b));
        let tie_first = if level == Level::Baseline {
            high(a) > high(b)
        } else {
            a.card < b.card
        };
        ka.0 > kb.0 || ka.0 == kb.0 && (ka.1 > kb.1 || ka.1 == kb.1 && tie_first)
    });
}

/// The level's card (or "go").
pub(crate) fn choose(obs: &Observation, level: Level, rng: &mut Rng) -> Option<Action> {
    let options = options(obs, level, rng.next_u64());
    let best = options.first()?;
    if level == Level::Easy {
        if best.points <= 2 && options.len() > 1 && rng.chance(EASY_PLAY_SLIP) {
            return Some(Action::Play(options[rng.below(options.len())].card));
        }
        // Among cards that score the same, a beginner still knows the two
        // oldest rules: never lead a five, never leave the count on 5 or 21
        // (a ten-card makes fifteen or thirty-one on it).
        let risky = |o: &&PlayOption| {
            let after = obs.count + o.card.pips();
            after == 5 || after == 21 || (obs.count == 0 && o.card.pips() == 5)
        };
        let ties: Vec<&PlayOption> = options.iter().filter(|o| o.value == best.value).collect();
        let safe: Vec<&PlayOption> = ties.iter().copied().filter(|o| !risky(o)).collect();
        let pool = if safe.is_empty() { &ties } else { &safe };
        return Some(Action::Play(pool[rng.below(pool.len())].card));
    }
    Some(Action::Play(best.card))
}

// ---------------------------------------------------------------------------
// What the seat knows.

/// The facts of the play one seat can know, in fixed-size form.
pub(crate) struct Knowledge {
    players: usize,
    seat: usize,
    sides: usize,
    /// Side of each seat.
    side_of: [usize; MAX_PLAYERS],
    /// The cards the seat holds, and those of them that fit now.
    hand: CardSet,
    legal: CardSet,
    /// Cards the seat has not seen.
    unseen: CardSet,
    /// How many cards each seat holds.
    held: [usize; MAX_PLAYERS],
    /// Every card a seat holds has at least this many pips (from its goes).
    min_pips: [u8; MAX_PLAYERS],
    /// Cards each seat has laid this hand.
    played: [CardSet; MAX_PLAYERS],
    /// Crib cards the seat did not lay away itself (unseen until the show).
    crib_unknown: usize,
    laid_away: CardSet,
    kept: CardSet,
    starter: Option<Card>,
    dealer: usize,
    /// The play as it stands, with empty hands for the other seats.
    pile: [Card; 13],
    pile_len: usize,
    to_act: usize,
    last: Option<usize>,
    said_go: u8,
    /// Points each side still needs to win.
    to_go: [i32; MAX_PLAYERS],
    /// Every card laid and every go this hand, in order.
    history: Vec<PlayRecord>,
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
            history: obs.plays.clone(),
        })
    }

    /// The play with these hands.
    fn state(&self, hands: &[CardSet; MAX_PLAYERS]) -> PlayState {
        PlayState::resume(
            &hands[..self.players],
            &self.pile[..self.pile_len],
            self.to_act,
            self.last,
            self.said_go,
        )
    }

    /// Hands of the right sizes for the other seats (cards that are not
    /// theirs): enough to see who acts next, not what they hold.
    fn placeholder_hands(&self) -> [CardSet; MAX_PLAYERS] {
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
    fn points_now(&self, card: Card) -> u8 {
        let mut pile = self.pile;
        pile[self.pile_len] = card;
        peg_score_unchecked(&pile[..=self.pile_len]).points()
    }

    /// The cards seat `s` may hold: unseen, and with enough pips for its goes.
    fn eligible(&self, s: usize) -> CardSet {
        let min = self.min_pips[s];
        if min <= 1 {
            return self.unseen;
        }
        self.unseen.iter().filter(|c| c.pips() >= min).collect()
    }

    /// Medium's look-ahead: what the next player to act, if an opponent, can
    /// be expected to score on `card` at best, their hand being any cards
    /// they may hold, all equally likely.
    fn expected_reply(&self, card: Card) -> f64 {
        let mut state = self.state(&self.placeholder_hands());
        let result = state.apply_unchecked(PlayMove::Card(card));
        match state.to_act() {
            Some(next) if self.side_of[next] != self.side_of[self.seat] && !result.reset => {
                f64::from(expected_best_reply(
                    &state,
                    self.eligible(next),
                    self.held[next],
                ))
            }
            _ => 0.0,
        }
    }

    /// Deals the unseen cards out consistently with what is known: each
    /// other seat its number of cards, all with enough pips for its goes
    /// (the most constrained seat first), and the crib its unseen cards.
    fn sample(&self, rng: &mut Rng) -> World {
        let mut pool = self.unseen;
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[self.seat] = self.hand;
        let mut order: Vec<usize> = (0..self.players).filter(|&s| s != self.seat).collect();
        super::sort_short(&mut order, |&a, &b| self.min_pips[a] > self.min_pips[b]);
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

    /// Hard and Expert: the value of every legal card, averaged over sampled deals.
    fn sampled(&self, rng: &mut Rng, playout: Playout) -> Vec<PlayOption> {
        let expert = playout == Playout::Informed;
        let cards: Vec<Card> = self.legal.iter().collect();
        let mut sums = vec![0.0f64; cards.len()];
        let two = self.players == 2;
        let table = (expert && two && self.near_the_end()).then(position::table);
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
            let mut sim = Sim::new(self, &world, table);
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
    fn near_the_end(&self) -> bool {
        self.to_go[..self.sides]
            .iter()
            .any(|&n| n <= position::ENDGAME)
    }
}

impl Knowledge {
    /// Card reading (Expert, two players): how likely the opponent was to
    /// lay away and play as it did if the sample's hand is theirs — each
    /// choice taken as a soft preference for what Medium's discard and
    /// Expert's play-out policy rate best — up to a constant factor.
    fn likelihood(&self, world: &World) -> f64 {
        let opp = 1 - self.seat;
        let kept = self.played[opp] | world.hands[opp];
        let thrown = world.crib - self.laid_away;
        let mut log = discard_log_likelihood(kept | thrown, kept, self.dealer == opp);
        let Some(starter) = self.starter else {
            return log.exp();
        };
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[self.seat] = self.kept;
        hands[opp] = kept;
        let mut state = PlayState::new(&hands[..2], (self.dealer + 1) % 2);
        let seen = thrown.with(starter);
        let mut laid = CardSet::EMPTY;
        for record in &self.history {
            if state.to_act() != Some(record.seat) {
                break;
            }
            match record.card {
                Some(card) => {
                    if record.seat == opp {
                        let pool = !(seen | laid | state.hand(opp));
                        log += play_log_likelihood(&state, card, pool, &self.side_of);
                    }
                    laid.insert(card);
                    state.apply_unchecked(PlayMove::Card(card));
                }
                None => {
                    state.apply_unchecked(PlayMove::Go);
                }
            }
        }
        log.exp()
    }
}

/// How sharply a read opponent is taken to prefer better choices, per point.
const READ_DISCARD: f64 = 1.5;
const READ_PLAY: f64 = 1.0;

/// log P(keeping `kept` from `six`), up to a constant: a softmax over Medium's values.
fn discard_log_likelihood(six: CardSet, kept: CardSet, deals: bool) -> f64 {
    let unseen = !six;
    let sign = if deals { 1.0 } else { -1.0 };
    let mut values = [0.0f64; 15];
    let mut mine = f64::NEG_INFINITY;
    for (slot, thrown) in values.iter_mut().zip(six.subsets_of_len(2)) {
        let keep = six - thrown;
        *slot = super::hand_values::expected_hand(keep, unseen)
            + sign * super::hand_values::crib_estimate(thrown);
        if keep == kept {
            mine = *slot;
        }
    }
    softmax_log(&values, mine, READ_DISCARD)
}

/// log P(laying `card` in `state`), up to a constant: a softmax over the
/// play-out policy's scores.
fn play_log_likelihood(
    state: &PlayState,
    card: Card,
    pool: CardSet,
    side_of: &[usize; MAX_PLAYERS],
) -> f64 {
    let legal = state.legal_cards();
    if legal.len() <= 1 {
        return 0.0;
    }
    let mut scores = [0.0f64; 4];
    let mut mine = f64::NEG_INFINITY;
    for (slot, c) in scores.iter_mut().zip(legal) {
        *slot = f64::from(informed_score(state, c, pool, side_of));
        if c == card {
            mine = *slot;
        }
    }
    softmax_log(&scores[..legal.len().min(4)], mine, READ_PLAY)
}

/// log of exp(β·x) / Σ exp(β·v).
fn softmax_log(values: &[f64], x: f64, beta: f64) -> f64 {
    let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = values.iter().map(|v| (beta * (v - max)).exp()).sum();
    beta * (x - max) - sum.ln()
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

/// What a player holding `k` cards drawn evenly from `pool` can be expected
/// to score at best on the pile of `state`: E[max] = Σ over each points
/// level v of P(some card scoring ≥ v) × the step up to v. Pegging depends
/// only on ranks, so the pool is taken rank by rank.
fn expected_best_reply(state: &PlayState, pool: CardSet, k: usize) -> f32 {
    if k == 0 {
        return 0.0;
    }
    let points_by_rank = next_card_points(state.pile(), state.count());
    // (points, cards of that rank in the pool), for ranks that fit and score.
    let mut scoring = [(0u8, 0u32); 13];
    let mut n = 0;
    let bits = pool.bits();
    for (r, &points) in points_by_rank.iter().enumerate() {
        if points == 0 {
            continue;
        }
        let cards = ((bits >> (r * 4)) & 0xF).count_ones();
        if cards > 0 {
            scoring[n] = (points, cards);
            n += 1;
        }
    }
    let scoring = &mut scoring[..n];
    super::sort_short(scoring, |a, b| a.0 > b.0);
    let total = pool.len() as f32;
    let mut expected = 0.0;
    let mut at_least = 0u32;
    for i in 0..scoring.len() {
        at_least += scoring[i].1;
        let below = scoring.get(i + 1).map_or(0, |s| s.0);
        if scoring[i].0 == below {
            continue;
        }
        let mut p_none = 1.0f32;
        for j in 0..k as u32 {
            p_none *= (total - (at_least + j) as f32).max(0.0) / (total - j as f32).max(1.0);
        }
        expected += f32::from(scoring[i].0 - below) * (1.0 - p_none);
    }
    expected
}

/// What a card of each rank would score laid next on `pile` (0 for ranks
/// that do not fit): the same rules as [`peg_score_unchecked`], worked out
/// for all thirteen ranks in one pass over the pile.
pub(crate) fn next_card_points(pile: &[Card], count: u8) -> [u8; 13] {
    // How many cards of the last card's rank end the pile.
    let last = pile.last().map(|c| c.rank().index());
    let same = pile
        .iter()
        .rev()
        .take_while(|c| Some(c.rank().index()) == last)
        .count();
    // Ranks of the last j cards, for as long as they are distinct.
    let mut windows = [0u16; 14];
    let mut longest = 0;
    let mut ranks = 0u16;
    for card in pile.iter().rev() {
        let bit = 1u16 << card.rank().index();
        if ranks & bit != 0 {
            break;
        }
        ranks |= bit;
        longest += 1;
        windows[longest] = ranks;
    }
    let mut points = [0u8; 13];
    for (r, slot) in points.iter_mut().enumerate() {
        let pips = (r as u8 + 1).min(10);
        if count + pips > 31 {
            continue;
        }
        let mut p = 0;
        if count + pips == 15 || count + pips == 31 {
            p += 2;
        }
        if Some(r as u8) == last {
            p += [0, 2, 6, 12, 12][same.min(4)];
        }
        let bit = 1u16 << r;
        for j in (2..=longest).rev() {
            let run = windows[j] | bit;
            let shifted = run >> run.trailing_zeros();
            if windows[j] & bit == 0 && shifted & (shifted + 1) == 0 {
                p += j as u8 + 1;
                break;
            }
        }
        *slot = p;
    }
    points
}

/// One guess at the hidden cards: every seat's hand now, and the whole crib.
struct World {
    hands: [CardSet; MAX_PLAYERS],
    crib: CardSet,
}

/// How the rest of the play is simulated in a sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Playout {
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
    fn new(k: &'a Knowledge, world: &World, table: Option<&'static WinTable>) -> Sim<'a> {
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
        Sim { k, seen, win }
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
        net(pts, me, self.k.sides)
    }

    /// Plays to the end with [`policy`].
    fn rollout(&mut self, mut state: PlayState, mut pts: [i16; MAX_PLAYERS]) -> f32 {
        loop {
            let Some(seat) = state.to_act() else {
                return self.leaf(&pts);
            };
            let mv = policy(&state, &self.k.side_of);
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
            let mv = informed_policy(&state, pool, &self.k.side_of);
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

/// The fixed policy of the play-outs: the card that scores most now less the
/// most the next player (if an opponent) could score on it with the cards
/// they hold in the sample; ties to the higher card, keeping low cards for
/// the go.
fn policy(state: &PlayState, side_of: &[usize; MAX_PLAYERS]) -> PlayMove {
    let legal = state.legal_cards();
    let Some(seat) = state.to_act() else {
        return PlayMove::Go;
    };
    let mut best = (i16::MIN, PlayMove::Go);
    for card in legal {
        let mut next = *state;
        let result = next.apply_unchecked(PlayMove::Card(card));
        let mut score = i16::from(result.points()) * 16;
        if let Some(other) = next.to_act()
            && side_of[other] != side_of[seat]
            && !result.reset
        {
            let pile = next.pile();
            let mut scratch = [card; 14];
            scratch[..pile.len()].copy_from_slice(pile);
            let mut reply = 0;
            for answer in next.legal_cards() {
                scratch[pile.len()] = answer;
                reply = reply.max(peg_score_unchecked(&scratch[..=pile.len()]).points());
            }
            score -= i16::from(reply) * 16;
        }
        score += i16::from(card.pips());
        if score > best.0 {
            best = (score, PlayMove::Card(card));
        }
    }
    best.1
}

/// The policy of Expert's play-outs: what the card scores now less what the
/// next player, if an opponent, can be expected to score on it from the
/// cards the player to act has not seen (`pool`); ties to the higher card.
pub(crate) fn informed_policy(
    state: &PlayState,
    pool: CardSet,
    side_of: &[usize; MAX_PLAYERS],
) -> PlayMove {
    let legal = state.legal_cards();
    let Some(seat) = state.to_act() else {
        return PlayMove::Go;
    };
    if legal.len() <= 1 {
        return legal.first().map_or(PlayMove::Go, PlayMove::Card);
    }
    let _ = seat;
    let mut best = (f32::NEG_INFINITY, PlayMove::Go);
    for card in legal {
        let score = informed_score(state, card, pool, side_of);
        if score > best.0 {
            best = (score, PlayMove::Card(card));
        }
    }
    best.1
}

/// The informed policy's score of laying `card`.
fn informed_score(
    state: &PlayState,
    card: Card,
    pool: CardSet,
    side_of: &[usize; MAX_PLAYERS],
) -> f32 {
    let seat = state.to_act().unwrap_or(0);
    let mut next = *state;
    let result = next.apply_unchecked(PlayMove::Card(card));
    let mut score = f32::from(result.points());
    if let Some(other) = next.to_act()
        && side_of[other] != side_of[seat]
        && !result.reset
    {
        let k = next.hand(other).len();
        score -= expected_best_reply(&next, pool, k);
        // If they cannot play, the seat plays on alone: its next card, or the go.
        score += go_chance(&next, pool, k) * play_on(&next, seat);
    }
    score + f32::from(card.pips()) * 0.01
}

/// The chance that a player holding `k` cards drawn evenly from `pool`
/// has none that fits on the count of `state`: they must say go.
fn go_chance(state: &PlayState, pool: CardSet, k: usize) -> f32 {
    let total = pool.len() as f32;
    let fitting = state.fitting(pool).len() as f32;
    let mut p = 1.0f32;
    for j in 0..k {
        p *= (total - fitting - j as f32).max(0.0) / (total - j as f32).max(1.0);
    }
    p
}

/// What `seat` scores going on alone after a go: its best next card
/// (thirty-one included), or the point for last.
fn play_on(state: &PlayState, seat: usize) -> f32 {
    let mine = state.fitting(state.hand(seat));
    if mine.is_empty() {
        return 1.0;
    }
    let points = next_card_points(state.pile(), state.count());
    let best = mine
        .iter()
        .map(|c| {
            let p = points[usize::from(c.rank().index())];
            // Below 31 the series is not over: the go point still comes.
            p + u8::from(state.count() + c.pips() < 31)
        })
        .max()
        .unwrap_or(1);
    f32::from(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cribbage::Rules;
    use crate::games::cribbage::{DealSetup, Game, Setup};

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
    fn next_card_points_agree_with_the_scorer() {
        let mut rng = Rng::new(3);
        for _ in 0..3000 {
            let mut pile = Vec::new();
            let mut count = 0u8;
            let mut used = CardSet::EMPTY;
            let len = rng.below(8);
            while pile.len() < len {
                let card = Card::try_from(rng.below(52) as u8).unwrap();
                if used.contains(card) || count + card.pips() > 31 {
                    if count > 21 {
                        break;
                    }
                    continue;
                }
                used.insert(card);
                count += card.pips();
                pile.push(card);
            }
            let fast = next_card_points(&pile, count);
            for rank in crate::cards::Rank::ALL {
                let Some(card) = (CardSet::DECK.of_rank(rank) - used).first() else {
                    continue;
                };
                let mut longer = pile.clone();
                longer.push(card);
                let slow = if count + card.pips() > 31 {
                    0
                } else {
                    peg_score_unchecked(&longer).points()
                };
                assert_eq!(fast[usize::from(rank.index())], slow, "{pile:?} + {card}");
            }
        }
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
