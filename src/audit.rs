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

pub mod costly_colours;
pub mod noddy;
pub mod solitaire;
pub mod square_solitaire;
pub mod table_top;

use crate::cards::{Card, CardSet};
use crate::count::ShowKind;
use crate::games::State;
use crate::games::cribbage::{Action, Event, Game, Reason, Rules};
use crate::record::Session;
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
    /// Undos made (one now and then, to check that a game plays on after).
    pub undos: u64,
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
        self.undos += other.undos;
    }
}

/// A game's own audit, on top of everything [`audit_game`] checks for
/// every game: what `cribbage random-games` runs for it, and the figures
/// it reports.
pub trait Audit: State {
    /// Totals gathered over audited games.
    type Stats: Default + Send;

    /// Plays one game under `rules` from `seed` with random legal actions,
    /// checks every invariant after every action, and adds its totals to
    /// `stats`.
    ///
    /// # Errors
    /// The first violation, described with the game, seed and moment.
    fn audit(rules: Self::Rules, seed: u64, stats: &mut Self::Stats) -> Result<(), String>;

    /// Adds another run's totals (another thread's) to `stats`.
    fn merge(stats: &mut Self::Stats, other: &Self::Stats);

    /// The games audited in `stats`.
    fn games(stats: &Self::Stats) -> u64;

    /// The game's figures from the totals of `runs` audited seeds, as
    /// `random-games` prints them (its means and counts).
    fn report(
        rules: Self::Rules,
        stats: &Self::Stats,
        runs: u64,
    ) -> serde_json::Map<String, serde_json::Value>;
}

/// No real game comes near this many actions; a game that does has not ended.
const MAX_ACTIONS: usize = 20_000;

/// What the generic audit counted over one game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Audited {
    /// Actions applied (undone ones included).
    pub actions: u64,
    /// Illegal actions tried and refused.
    pub illegal_refused: u64,
    /// Undos made.
    pub undos: u64,
}

/// The invariants every game of the family keeps, checked over one game
/// played with random legal actions (drawn from a generator seeded with
/// `seed`), whatever the game:
/// - the state's own invariants ([`State::check_invariants`]) after every step;
/// - someone is to act exactly when there are legal actions and no outcome;
/// - every action tried that is not legal now (actions legal at other
///   moments of the game, and the room's own `candidates`) is refused and
///   leaves the game byte for byte as it was;
/// - save and restore (the current format) give back the same game, events and
///   observations, part-way and at the end;
/// - an undo now and then leaves a game that plays on and restores;
/// - every game ends.
///
/// `room` is called after every step with the game, for the game's own
/// checks; `candidates` proposes the room's own wrong actions to try.
///
/// # Errors
/// What went wrong, and after how many actions.
pub fn audit_game<G: State>(
    game: G,
    seed: u64,
    mut candidates: impl FnMut(&G, &mut ChaCha8Rng) -> Vec<G::Action>,
    mut room: impl FnMut(&G) -> Result<(), String>,
) -> Result<(Session<G>, Audited), (usize, String)> {
    let mut session = Session::new(game);
    let mut chooser = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_c0de_cafe_f00d);
    let mut counts = Audited::default();
    let mut pool: Vec<G::Action> = Vec::new();
    let restore_at = chooser.random_range(0..200u64);
    let undo_at = chooser.random_range(0..400u64);
    let at = |s: &Session<G>| s.steps().len();
    room(session.game()).map_err(|w| (at(&session), w))?;
    loop {
        let game = session.game();
        let legal = game.legal_actions();
        let to_act = game.current_player();
        if to_act.is_some() == legal.is_empty() || to_act.is_some() == game.outcome().is_some() {
            return Err((
                at(&session),
                "who acts, the legal actions and the outcome disagree".into(),
            ));
        }
        let Some(seat) = to_act else { break };
        if counts.actions >= MAX_ACTIONS as u64 {
            return Err((at(&session), "the game has not ended".into()));
        }
        let mut wrong = candidates(game, &mut chooser);
        wrong.extend(pool.iter().rev().take(8).cloned());
        wrong.retain(|a| !legal.contains(a));
        wrong.truncate(12);
        for action in wrong {
            counts.illegal_refused += 1;
            // Byte for byte now and then (a save is as long as the game, so
            // every time would make the audit quadratic); the cheap check
            // every time.
            let full = chooser.random_range(0..256) == 0;
            refuse(&mut session, action, full).map_err(|w| (at(&session), w))?;
        }
        let action = legal[chooser.random_range(0..legal.len())].clone();
        session
            .apply(action.clone())
            .map_err(|e| (at(&session), format!("legal {action} refused: {e}")))?;
        counts.actions += 1;
        if !pool.contains(&action) {
            pool.push(action);
        }
        let checks = |s: &Session<G>| -> Result<(), String> { s.game().check_invariants() };
        checks(&session).map_err(|w| (at(&session), w))?;
        room(session.game()).map_err(|w| (at(&session), w))?;
        if counts.actions == restore_at {
            round_trip(&session).map_err(|w| (at(&session), w))?;
        }
        if counts.actions == undo_at && session.can_undo(seat) {
            session
                .undo(seat)
                .map_err(|e| (at(&session), format!("undo refused: {e}")))?;
            counts.undos += 1;
            checks(&session).map_err(|w| (at(&session), w))?;
            room(session.game()).map_err(|w| (at(&session), w))?;
            round_trip(&session).map_err(|w| (at(&session), w))?;
        }
    }
    round_trip(&session).map_err(|w| (at(&session), w))?;
    if let Some(action) = pool.first().cloned() {
        refuse(&mut session, action, true).map_err(|w| (at(&session), w))?;
    }
    Ok((session, counts))
}

/// Applies an action that must be refused, and checks nothing moved: the
/// record and the events always, the whole save too when `full`.
fn refuse<G: State>(session: &mut Session<G>, action: G::Action, full: bool) -> Result<(), String> {
    let snapshot = |s: &Session<G>| {
        let json = if full { s.to_json() } else { String::new() };
        (
            json,
            s.steps().len(),
            s.game().events().len(),
            s.game().score_list(),
        )
    };
    let before = snapshot(session);
    if session.apply(action.clone()).is_ok() {
        return Err(format!("illegal {action} was applied"));
    }
    if snapshot(session) != before {
        return Err(format!("refusing {action} changed the game"));
    }
    Ok(())
}

/// Saves and restores through JSON: the same record, events and views.
fn round_trip<G: State>(session: &Session<G>) -> Result<(), String> {
    let text = session.to_json();
    let saved = crate::json::from_str(&text).map_err(|e| format!("save unreadable: {e}"))?;
    let back = Session::<G>::from_saved(saved).map_err(|e| format!("restore failed: {e}"))?;
    let json = |v: &dyn erased::Json| v.json();
    if back.to_json() != text || json(&back.game().events()) != json(&session.game().events()) {
        return Err("save and restore did not give the same game".into());
    }
    for seat in 0..session.game().players() {
        if json(&back.game().observation(seat)) != json(&session.game().observation(seat)) {
            return Err(format!("seat {seat} sees a different game after a restore"));
        }
    }
    Ok(())
}

/// Any serde value as JSON, through a trait object: `round_trip` compares
/// events and observations of every type alike.
mod erased {
    pub trait Json {
        fn json(&self) -> String;
    }
    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> String {
            serde_json::to_string(self).unwrap_or_default()
        }
    }
}

/// Plays one game (or match) of standard or reverse cribbage from `seed`
/// with random legal actions, checking every invariant of [`audit_game`]
/// and cribbage's own after every action, and adds its totals to `stats`.
///
/// # Errors
/// The first [`Violation`] found.
pub fn audit_random_game(rules: Rules, seed: u64, stats: &mut AuditStats) -> Result<(), Violation> {
    let fail = |after_actions: usize, what: String| Violation {
        rules,
        seed,
        after_actions,
        what,
    };
    let (session, counts) = audit_game(Game::new(rules, seed), seed, candidates, |game| {
        check_state(game)?;
        for action in game.legal_actions() {
            game.check(&action)
                .map_err(|e| format!("legal action {action} refused: {e}"))?;
        }
        Ok(())
    })
    .map_err(|(at, what)| fail(at, what))?;
    let game = session.game();
    let mut local = AuditStats::default();
    check_events(game, &mut local).map_err(|w| fail(game.actions().len(), w))?;
    if game.clone().apply(Action::Go).is_ok() {
        return Err(fail(
            game.actions().len(),
            "an action was accepted after the end".into(),
        ));
    }
    local.actions = counts.actions;
    local.illegal_refused = counts.illegal_refused;
    local.undos = counts.undos;
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
    // Every seat's view on every fourth step, the seat to act's always: an
    // observation reads the whole event log, so all of them every step
    // would make long matches quadratic in seats as well as in length.
    let every = game.actions().len().is_multiple_of(4);
    for seat in (0..n).filter(|&s| every || Some(s) == game.current_player()) {
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

/// Cribbage's own wrong actions to try: a go, the muggins calls, a claim,
/// cards from anywhere, and discards of cards not held or of the wrong size.
fn candidates(game: &Game, rng: &mut ChaCha8Rng) -> Vec<Action> {
    let seat = game.current_player().unwrap_or(0);
    let hand = game.hand(seat);
    let mut candidates: Vec<Action> = vec![
        Action::Go,
        Action::Muggins(12),
        Action::Muggins(30),
        Action::Accept,
        Action::Claim(30),
        // A cut anywhere from lifting nothing to lifting past the pack.
        Action::Cut(rng.random_range(0..=60)),
    ];
    candidates.extend(CardSet::DECK.iter().map(Action::Play));
    let pick = |set: CardSet, rng: &mut ChaCha8Rng| -> Option<Card> {
        let cards = set.to_vec();
        (!cards.is_empty()).then(|| cards[rng.random_range(0..cards.len())])
    };
    if let (Some(a), Some(b)) = (pick(hand, rng), pick(!hand, rng)) {
        candidates.push(Action::Discard(CardSet::from(a).with(b)));
        candidates.push(Action::Discard(CardSet::from(a)));
        candidates.push(Action::Discard(hand));
    }
    // A random sample each time: over a game's actions (and many games) every
    // kind of wrong action is tried in every phase, at a fraction of the cost.
    candidates.shuffle(rng);
    candidates.truncate(8);
    // The checked path must refuse them too, not only apply.
    candidates
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
                let expected = if rules.is_reverse() {
                    // The side that reached the target lost; it is named.
                    if result.reached != reached || reached == Some(result.winner) {
                        return Err(format!(
                            "reverse: side {} won and {:?} is named as reaching {target}, \
                             but side {reached:?} reached it",
                            result.winner, result.reached
                        ));
                    }
                    Some(result.winner)
                } else {
                    reached
                };
                if expected != Some(result.winner) {
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

impl Audit for Game {
    type Stats = AuditStats;

    fn audit(rules: Rules, seed: u64, stats: &mut AuditStats) -> Result<(), String> {
        audit_random_game(rules, seed, stats).map_err(|v| v.to_string())
    }

    fn merge(stats: &mut AuditStats, other: &AuditStats) {
        stats.merge(other);
    }

    fn games(stats: &AuditStats) -> u64 {
        stats.games
    }

    /// Per deal: each seat's pegging (the pones' as one pone's share), a
    /// hand's and a crib's mean count, his heels and muggins; the first
    /// dealer's share of the games won and the skunks.
    fn report(
        rules: Rules,
        stats: &AuditStats,
        runs: u64,
    ) -> serde_json::Map<String, serde_json::Value> {
        let deals = stats.deals.max(1) as f64;
        let pones = (rules.players() - 1) as f64;
        let per = |points: u64, n: u64| points as f64 / n.max(1) as f64;
        figures(serde_json::json!({
            "games": stats.games,
            "matches": runs,
            "deals_per_game": deals / stats.games.max(1) as f64,
            "mean_points_per_deal": {
                "pegging_dealer": stats.dealer_pegging as f64 / deals,
                "pegging_pone": stats.pone_pegging as f64 / deals / pones,
                "hand": per(stats.hands, stats.hands_counted),
                "crib": per(stats.crib, stats.cribs_counted),
                "heels": stats.heels as f64 / deals,
                "muggins": stats.muggins as f64 / deals,
            },
            "first_dealer_win_rate": per(stats.first_dealer_wins, stats.games),
            "skunks": stats.skunks,
            "double_skunks": stats.double_skunks,
            "actions": stats.actions,
            "illegal_actions_refused": stats.illegal_refused,
        }))
    }
}

/// A report's figures: the fields of a JSON object written as a literal.
pub(crate) fn figures(value: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
    match value {
        serde_json::Value::Object(fields) => fields,
        _ => serde_json::Map::new(),
    }
}
