//! Plays games with uniformly random legal actions and checks every
//! invariant of the engine after every action: what `cribbage random-games`
//! runs and what the test suite runs over many thousands of games.
//!
//! The invariants:
//! - all 52 cards are accounted for, each in exactly one place;
//! - scores never fall within a game, and a rear peg never passes its front;
//! - every legal action is accepted by [`Game::check`], and actions that are
//!   not legal are refused, leaving the game exactly as it was;
//! - each seat's observation shows its own cards and no other hidden card;
//! - every game ends (within a generous bound on actions);
//! - the winner is the side that reached the target first in counting
//!   order, the game ends at that peg, and nothing is scored after it;
//! - saving and restoring gives back the same game, events and observations.
//!
//! ```
//! use cribbage::audit::{audit_random_game, AuditStats};
//! use cribbage::games::cribbage::Rules;
//!
//! let mut stats = AuditStats::default();
//! audit_random_game(Rules::default(), 1, &mut stats).expect("no violation");
//! assert_eq!(stats.games, 1);
//! assert!(stats.deals >= 5);
//! ```

use crate::cards::{Card, CardSet};
use crate::count::ShowKind;
use crate::games::cribbage::Rules;
use crate::games::cribbage::{Action, Event, Game, Reason};
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use serde::Serialize;
use std::fmt;

/// An invariant that did not hold: which game, after which action, and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The game's rules.
    pub rules: Rules,
    /// The game's seed.
    pub seed: u64,
    /// Actions applied before it showed.
    pub after_actions: usize,
    /// What went wrong.
    pub what: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (seed {}), after {} actions: {}",
            self.rules, self.seed, self.after_actions, self.what
        )
    }
}

impl std::error::Error for Violation {}

/// Totals gathered over audited games, for statistics.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct AuditStats {
    /// Games played (a best-of-three match counts each of its games).
    pub games: u64,
    /// Hands dealt.
    pub deals: u64,
    /// Actions applied.
    pub actions: u64,
    /// Games won by the side of the player who dealt first.
    pub first_dealer_wins: u64,
    /// Skunks (not double).
    pub skunks: u64,
    /// Double skunks.
    pub double_skunks: u64,
    /// Points pegged in the play by dealers.
    pub dealer_pegging: u64,
    /// Points pegged in the play by non-dealers (all of them together).
    pub pone_pegging: u64,
    /// Points from hands in the show (every hand together).
    pub hands: u64,
    /// Hands counted.
    pub hands_counted: u64,
    /// Points from cribs.
    pub crib: u64,
    /// Cribs counted.
    pub cribs_counted: u64,
    /// Points for his heels.
    pub heels: u64,
    /// Points taken by muggins.
    pub muggins: u64,
    /// Illegal actions tried and refused.
    pub illegal_refused: u64,
}

impl AuditStats {
    /// Adds another set of totals (from another thread) to these.
    pub fn merge(&mut self, other: &AuditStats) {
        self.games += other.games;
        self.deals += other.deals;
        self.actions += other.actions;
        self.first_dealer_wins += other.first_dealer_wins;
        self.skunks += other.skunks;
        self.double_skunks += other.double_skunks;
        self.dealer_pegging += other.dealer_pegging;
        self.pone_pegging += other.pone_pegging;
        self.hands += other.hands;
        self.hands_counted += other.hands_counted;
        self.crib += other.crib;
        self.cribs_counted += other.cribs_counted;
        self.heels += other.heels;
        self.muggins += other.muggins;
        self.illegal_refused += other.illegal_refused;
    }
}

/// No real game comes near this many actions; a game that does has not ended.
const MAX_ACTIONS: usize = 20_000;

/// Plays one game (or match) from `seed` with random legal actions (drawn
/// from a generator seeded with `seed` too), checking every invariant after
/// every action, and adds its totals to `stats`.
///
/// # Errors
/// The first [`Violation`] found.
pub fn audit_random_game(rules: Rules, seed: u64, stats: &mut AuditStats) -> Result<(), Violation> {
    let mut game = Game::new(rules, seed);
    let mut chooser = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_c0de_cafe_f00d);
    let fail = |game: &Game, what: String| Violation {
        rules,
        seed,
        after_actions: game.actions().len(),
        what,
    };
    let mut local = AuditStats::default();
    // Save and restore once part-way through, at a random point.
    let restore_at = chooser.random_range(0..200usize);
    check_state(&game).map_err(|w| fail(&game, w))?;
    while !game.is_over() {
        if game.actions().len() >= MAX_ACTIONS {
            return Err(fail(&game, "the game has not ended".into()));
        }
        let legal = game.legal_actions();
        if legal.is_empty() {
            return Err(fail(
                &game,
                "no legal action but the game is not over".into(),
            ));
        }
        for action in &legal {
            if let Err(e) = game.check(action) {
                return Err(fail(&game, format!("legal action {action} refused: {e}")));
            }
        }
        local.illegal_refused +=
            check_illegal(&mut game, &legal, &mut chooser).map_err(|w| fail(&game, w))?;
        let before: Vec<u16> = game.scores().iter().map(|p| p.front).collect();
        let game_before = game.game_number();
        let action = legal[chooser.random_range(0..legal.len())].clone();
        let events = game
            .apply(action.clone())
            .map_err(|e| fail(&game, format!("{action} refused: {e}")))?;
        if game.game_number() == game_before {
            for (side, (&b, a)) in before.iter().zip(game.scores()).enumerate() {
                if a.front < b {
                    return Err(fail(
                        &game,
                        format!("side {side}'s score fell from {b} to {}", a.front),
                    ));
                }
            }
        }
        if events.is_empty() {
            return Err(fail(&game, format!("{action} caused no event")));
        }
        check_state(&game).map_err(|w| fail(&game, w))?;
        if game.actions().len() == restore_at {
            check_round_trip(&game).map_err(|w| fail(&game, w))?;
        }
    }
    check_round_trip(&game).map_err(|w| fail(&game, w))?;
    check_events(&game, &mut local).map_err(|w| fail(&game, w))?;
    if game.apply(Action::Go).is_ok() {
        return Err(fail(&game, "an action was accepted after the end".into()));
    }
    local.actions = game.actions().len() as u64;
    stats.merge(&local);
    Ok(())
}

/// The state's own consistency and what each seat's observation holds.
fn check_state(game: &Game) -> Result<(), String> {
    game.check_invariants()?;
    let n = game.rules().players();
    let mut everyone_holds = CardSet::EMPTY;
    for seat in 0..n {
        everyone_holds |= game.hand(seat);
    }
    for seat in 0..n {
        let view = game.observation(seat);
        if view.hand != game.hand(seat) {
            return Err(format!("seat {seat}'s observation shows the wrong hand"));
        }
        let others = everyone_holds - game.hand(seat);
        if !others.is_subset(view.unseen()) {
            return Err(format!("seat {seat} has seen another player's card"));
        }
        let stock: CardSet = game.stock().iter().copied().collect();
        if !stock.is_subset(view.unseen()) {
            return Err(format!("seat {seat} has seen a card in the stock"));
        }
        if view.is_my_turn() == view.legal.is_empty() {
            return Err(format!(
                "seat {seat}'s legal actions disagree with the turn"
            ));
        }
    }
    Ok(())
}

/// Tries actions that are not legal: each must be refused and change nothing.
/// Returns how many were tried.
fn check_illegal(
    game: &mut Game,
    legal: &[Action],
    chooser: &mut ChaCha8Rng,
) -> Result<u64, String> {
    let seat = game.current_player().unwrap_or(0);
    let hand = game.hand(seat);
    let mut candidates: Vec<Action> = vec![
        Action::Go,
        Action::Muggins,
        Action::Accept,
        Action::Claim(30),
    ];
    candidates.extend(CardSet::DECK.iter().map(Action::Play));
    // A discard of cards not all held, of the wrong size, or one held card.
    let not_held = !hand;
    let pick = |set: CardSet, rng: &mut ChaCha8Rng| -> Option<Card> {
        let cards = set.to_vec();
        (!cards.is_empty()).then(|| cards[rng.random_range(0..cards.len())])
    };
    if let (Some(a), Some(b)) = (pick(hand, chooser), pick(not_held, chooser)) {
        candidates.push(Action::Discard(CardSet::from(a).with(b)));
        candidates.push(Action::Discard(CardSet::from(a)));
        candidates.push(Action::Discard(hand));
    }
    // A random sample each time: over a game's actions (and many games) every
    // kind of wrong action is tried in every phase, at a fraction of the cost.
    candidates.retain(|a| !legal.contains(a));
    candidates.shuffle(chooser);
    candidates.truncate(12);
    let mut tried = 0;
    for action in candidates {
        if game.check(&action).is_ok() {
            return Err(format!(
                "{action} is not among the legal actions but passes the check"
            ));
        }
        tried += 1;
    }
    // Apply one of them for real now and then and make sure nothing moved.
    if chooser.random_range(0..16) == 0 {
        let action = Action::Play(
            pick(CardSet::DECK, chooser).unwrap_or(Card::try_from(0).map_err(|e| e.to_string())?),
        );
        if !legal.contains(&action) {
            let before = (game.clone(), game.events().len(), game.observation(seat));
            if game.apply(action.clone()).is_ok() {
                return Err(format!("illegal {action} was applied"));
            }
            if *game != before.0
                || game.events().len() != before.1
                || game.observation(seat) != before.2
            {
                return Err(format!("refusing {action} changed the game"));
            }
        }
    }
    Ok(tried)
}

fn check_round_trip(game: &Game) -> Result<(), String> {
    let text = game.to_json();
    let back = Game::from_json(&text).map_err(|e| format!("restore failed: {e}"))?;
    if back != *game || back.events() != game.events() {
        return Err("save and restore did not give the same game".into());
    }
    for seat in 0..game.rules().players() {
        if back.observation(seat) != game.observation(seat) {
            return Err(format!("seat {seat} sees a different game after a restore"));
        }
    }
    Ok(())
}

/// Reads the whole event log: who reached the target first, that nothing
/// scored after a game ended, and the statistics.
fn check_events(game: &Game, stats: &mut AuditStats) -> Result<(), String> {
    let rules = game.rules();
    let target = rules.target();
    let mut dealer = 0;
    let mut first_dealer = None;
    let mut reached: Option<usize> = None;
    let mut ended = false;
    for (i, event) in game.events().iter().enumerate() {
        if ended && !matches!(event, Event::NewGame { .. } | Event::MatchOver { .. }) {
            return Err(format!("event {i} ({event:?}) came after the game ended"));
        }
        match event {
            Event::NewGame { .. } => {
                ended = false;
                reached = None;
                first_dealer = None;
            }
            Event::Deal { dealer: d, .. } => {
                dealer = *d;
                first_dealer.get_or_insert(*d);
                stats.deals += 1;
            }
            Event::Pegged(peg) => {
                if reached.is_some() {
                    return Err(format!(
                        "points pegged after side {reached:?} reached {target}"
                    ));
                }
                if peg.front >= target {
                    reached = Some(peg.side);
                }
                let points = u64::from(peg.points);
                match &peg.reason {
                    Reason::Heels { .. } => stats.heels += points,
                    Reason::Play { .. } | Reason::Last { .. } => {
                        if peg.seat == dealer {
                            stats.dealer_pegging += points;
                        } else {
                            stats.pone_pegging += points;
                        }
                    }
                    Reason::Show {
                        kind: ShowKind::Hand,
                        ..
                    } => stats.hands += points,
                    Reason::Show {
                        kind: ShowKind::Crib,
                        ..
                    } => stats.crib += points,
                    Reason::Muggins { .. } => stats.muggins += points,
                }
            }
            Event::Show { kind, .. } => match kind {
                ShowKind::Hand => stats.hands_counted += 1,
                ShowKind::Crib => stats.cribs_counted += 1,
            },
            Event::GameOver(result) => {
                if reached != Some(result.winner) {
                    return Err(format!(
                        "side {} won, but side {reached:?} reached {target} first",
                        result.winner
                    ));
                }
                if !matches!(game.events().get(i.wrapping_sub(1)), Some(Event::Pegged(_))) {
                    return Err("a game ended without the winning peg just before".into());
                }
                stats.games += 1;
                if first_dealer.map(|d| rules.side_of(d)) == Some(result.winner) {
                    stats.first_dealer_wins += 1;
                }
                match result.skunk {
                    crate::games::cribbage::Skunk::Skunk => stats.skunks += 1,
                    crate::games::cribbage::Skunk::Double => stats.double_skunks += 1,
                    crate::games::cribbage::Skunk::None => {}
                }
                ended = true;
            }
            _ => {}
        }
    }
    if !ended {
        return Err("the match is over but its last game never ended".into());
    }
    Ok(())
}
