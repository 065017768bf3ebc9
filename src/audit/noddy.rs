//! Noddy's own invariants, checked over games played with random legal
//! actions on top of everything [`super::audit_game`] checks for every game:
//! - each seat's observation holds its own cards and none of the other's;
//! - every legal action passes [`Game::check`];
//! - the pegs move exactly as the points pegged say, and nothing scores
//!   after someone reaches 31, who is the winner;
//! - every announcement is the count of the cards dealt with the turn-up,
//!   and a turned-up jack gives two to the dealer's opponent;
//! - the play never passes 31, and each hand ends with one for go or a
//!   hitter to the last card laid.

use super::{Audited, audit_game};
use crate::cards::CardSet;
use crate::games::State;
use crate::games::noddy::{Action, Event, Game, Reason, Rules, TARGET, score};
use crate::record::Session;
use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use serde::Serialize;

/// Totals gathered over audited games of Noddy.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct NoddyStats {
    /// Games played.
    pub games: u64,
    /// Hands dealt.
    pub hands: u64,
    /// Actions applied.
    pub actions: u64,
    /// Wrong actions tried and refused.
    pub illegal_refused: u64,
    /// Games won by the first dealer.
    pub first_dealer_wins: u64,
    /// Points for jacks turned up.
    pub jack_turned: u64,
    /// Points announced by dealers.
    pub announced_dealer: u64,
    /// Points announced by the dealers' opponents.
    pub announced_pone: u64,
    /// Points pegged in the play by dealers (go included).
    pub play_dealer: u64,
    /// Points pegged in the play by the dealers' opponents (go included).
    pub play_pone: u64,
}

impl NoddyStats {
    /// Adds another run's totals.
    pub fn merge(&mut self, other: &NoddyStats) {
        self.games += other.games;
        self.hands += other.hands;
        self.actions += other.actions;
        self.illegal_refused += other.illegal_refused;
        self.first_dealer_wins += other.first_dealer_wins;
        self.jack_turned += other.jack_turned;
        self.announced_dealer += other.announced_dealer;
        self.announced_pone += other.announced_pone;
        self.play_dealer += other.play_dealer;
        self.play_pone += other.play_pone;
    }
}

/// Plays one game of Noddy from `seed` with random legal actions, checks
/// every invariant after every action, and adds its totals to `stats`.
///
/// # Errors
/// What went wrong, and after how many actions.
pub fn audit_noddy_game(seed: u64, stats: &mut NoddyStats) -> Result<(), String> {
    let game = Game::new(Rules::default(), seed);
    let (session, counts): (Session<Game>, Audited) =
        audit_game(game, seed, candidates, check_state)
            .map_err(|(at, what)| format!("Noddy, seed {seed}, after {at} actions: {what}"))?;
    let game = session.game();
    let mut local = NoddyStats {
        games: 1,
        actions: counts.actions,
        illegal_refused: counts.illegal_refused,
        ..NoddyStats::default()
    };
    check_events(game, &mut local)
        .map_err(|what| format!("Noddy, seed {seed}, in its events: {what}"))?;
    if game.clone().apply(Action::Go).is_ok() {
        return Err(format!(
            "Noddy, seed {seed}: an action was accepted after the end"
        ));
    }
    stats.merge(&local);
    Ok(())
}

/// What each seat sees, and the legal actions.
fn check_state(game: &Game) -> Result<(), String> {
    for seat in 0..2 {
        let view = game.observation(seat);
        if view.hand != game.hand(seat) || view.dealt != game.dealt(seat) {
            return Err(format!("seat {seat}'s observation shows the wrong cards"));
        }
        let other = game.hand(1 - seat);
        if !other.is_subset(view.unseen()) {
            return Err(format!("seat {seat} has seen the other player's card"));
        }
        let json = serde_json::to_string(&view).unwrap_or_default();
        if let Some(card) = other.iter().find(|c| json.contains(&format!("\"{c}\""))) {
            return Err(format!(
                "seat {seat}'s observation names {card}, still held by the other"
            ));
        }
        if (game.current_player() == Some(seat)) == view.legal.is_empty() {
            return Err(format!(
                "seat {seat}'s legal actions disagree with the turn"
            ));
        }
    }
    check_announcements(game)?;
    for action in game.legal_actions() {
        game.check(&action)
            .map_err(|e| format!("legal action {action} refused: {e}"))?;
    }
    Ok(())
}

/// Noddy's wrong actions to try: a go, and cards from anywhere.
fn candidates(_game: &Game, rng: &mut ChaCha8Rng) -> Vec<Action> {
    let deck = CardSet::DECK.to_vec();
    let mut wrong = vec![Action::Go];
    for _ in 0..4 {
        wrong.push(Action::Play(deck[rng.random_range(0..deck.len())]));
    }
    wrong
}

/// Reads the event log: the pegs, the end of each hand and of the game,
/// and the statistics.
fn check_events(game: &Game, stats: &mut NoddyStats) -> Result<(), String> {
    let mut scores = [0u16; 2];
    if let Some(setup) = game.setup() {
        for (score, &start) in scores.iter_mut().zip(&setup.scores) {
            *score = start;
        }
    }
    let mut dealer = 0;
    let mut first_dealer = None;
    let mut count = 0u8;
    let mut hitter = false;
    let events = game.events();
    for (i, event) in events.iter().enumerate() {
        match event {
            Event::Deal { dealer: d, .. } => {
                dealer = *d;
                first_dealer.get_or_insert(*d);
                stats.hands += 1;
                count = 0;
                hitter = false;
            }
            Event::Played { count: c, .. } => {
                count = *c;
                if count > 31 {
                    return Err(format!("the count reached {count}"));
                }
            }
            Event::Pegged(peg) => {
                let before = scores[peg.seat];
                scores[peg.seat] += u16::from(peg.points);
                if peg.rear != before || peg.front != scores[peg.seat] {
                    return Err(format!("the pegs of {peg:?} do not follow the points"));
                }
                let points = u64::from(peg.points);
                let by_dealer = peg.seat == dealer;
                match &peg.reason {
                    Reason::JackTurned { card } => {
                        if !card.is_jack() || by_dealer || peg.points != 2 {
                            return Err(format!(
                                "{peg:?} is not two to the dealer's opponent for a jack"
                            ));
                        }
                        stats.jack_turned += points;
                    }
                    Reason::Announcement if by_dealer => stats.announced_dealer += points,
                    Reason::Announcement => stats.announced_pone += points,
                    Reason::Play { count: c, .. } | Reason::Go { count: c, .. } => {
                        if *c != count {
                            return Err(format!("{peg:?} is not at the count {count}"));
                        }
                        match peg.reason {
                            Reason::Play { .. } => hitter = count == 31,
                            _ if hitter || peg.points != 1 => {
                                return Err("one for go after a hitter".into());
                            }
                            _ => {}
                        }
                        if by_dealer {
                            stats.play_dealer += points;
                        } else {
                            stats.play_pone += points;
                        }
                    }
                }
                if scores[peg.seat] >= TARGET {
                    let rest = &events[i + 1..];
                    if !matches!(rest, [Event::GameOver { winner, .. }] if *winner == peg.seat) {
                        return Err(
                            "the first to reach 31 did not end the game as its winner".into()
                        );
                    }
                }
            }
            Event::GameOver {
                winner, scores: s, ..
            } => {
                if s.as_slice() != scores.as_slice() || scores[*winner] < TARGET {
                    return Err(format!("the game ended at {s:?}, the pegs say {scores:?}"));
                }
                if Some(*winner) == first_dealer {
                    stats.first_dealer_wins += 1;
                }
            }
            Event::CutForDeal { .. }
            | Event::TurnUp { .. }
            | Event::Announced { .. }
            | Event::Go { .. }
            | Event::HandOver { .. } => {}
        }
    }
    if State::outcome(game).is_none() {
        return Err("the game did not end".into());
    }
    Ok(())
}

/// This hand's announcements are the counts of the cards dealt with the
/// turn-up.
fn check_announcements(game: &Game) -> Result<(), String> {
    let events = game.events();
    let from = events
        .iter()
        .rposition(|e| matches!(e, Event::Deal { .. }))
        .unwrap_or(0);
    let Some(turnup) = game.turnup() else {
        return Err("a hand without a turn-up".into());
    };
    for event in &events[from..] {
        if let Event::Announced { seat, total, .. } = event {
            let count = score::announcement(&game.dealt(*seat).to_vec(), turnup)
                .map_err(|e| e.to_string())?;
            if count.total != *total {
                return Err(format!(
                    "seat {seat} announced {total}, but its cards count {}",
                    count.total
                ));
            }
        }
    }
    Ok(())
}

impl super::Audit for Game {
    type Stats = NoddyStats;

    fn audit(_rules: Rules, seed: u64, stats: &mut NoddyStats) -> Result<(), String> {
        audit_noddy_game(seed, stats)
    }

    fn merge(stats: &mut NoddyStats, other: &NoddyStats) {
        stats.merge(other);
    }

    fn games(stats: &NoddyStats) -> u64 {
        stats.games
    }

    /// Per hand: the jack turned, each seat's announcement and play.
    fn report(
        _rules: Rules,
        stats: &NoddyStats,
        _runs: u64,
    ) -> serde_json::Map<String, serde_json::Value> {
        let hands = stats.hands.max(1) as f64;
        super::figures(serde_json::json!({
            "games": stats.games,
            "hands_per_game": stats.hands as f64 / stats.games.max(1) as f64,
            "mean_points_per_hand": {
                "jack_turned": stats.jack_turned as f64 / hands,
                "announced_dealer": stats.announced_dealer as f64 / hands,
                "announced_pone": stats.announced_pone as f64 / hands,
                "play_dealer": stats.play_dealer as f64 / hands,
                "play_pone": stats.play_pone as f64 / hands,
            },
            "first_dealer_win_rate": stats.first_dealer_wins as f64 / stats.games.max(1) as f64,
            "actions": stats.actions,
            "illegal_actions_refused": stats.illegal_refused,
        }))
    }
}
