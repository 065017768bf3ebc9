//! Cribbage Square Solitaire's own invariants, checked over games played
//! with random legal placements on top of everything [`super::audit_game`]
//! checks for every game:
//! - the observation is the table: the grid, the card in hand, the cards
//!   turned, and no card the player has not seen;
//! - every legal placement passes [`Game::check`], and there is one for
//!   each empty cell;
//! - the events tell the game: sixteen cards turned and placed in turn,
//!   the starter, his heels exactly when it is a jack, the eight lines in
//!   counting order, each the standard count of its cards with the
//!   starter, the running score adding up to the final one.

use super::{Audited, audit_game};
use crate::cards::Card;
use crate::count::{ShowKind, score_show};
use crate::games::State;
use crate::games::square_solitaire::score::line_cards;
use crate::games::square_solitaire::{Action, CELLS, Event, Game, Line, Rules, WIN};
use crate::record::Session;
use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use serde::Serialize;

/// Totals gathered over audited games of Cribbage Square Solitaire.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SquareSolitaireStats {
    /// Games played.
    pub games: u64,
    /// Actions applied.
    pub actions: u64,
    /// Wrong actions tried and refused.
    pub illegal_refused: u64,
    /// Undos made.
    pub undos: u64,
    /// Points made, all games together.
    pub points: u64,
    /// Points for his heels.
    pub heels: u64,
    /// Points from the rows.
    pub rows: u64,
    /// Points from the columns.
    pub columns: u64,
    /// Games of 61 or more.
    pub wins: u64,
    /// The best game.
    pub best: u16,
}

impl SquareSolitaireStats {
    /// Adds another run's totals.
    pub fn merge(&mut self, other: &SquareSolitaireStats) {
        self.games += other.games;
        self.actions += other.actions;
        self.illegal_refused += other.illegal_refused;
        self.undos += other.undos;
        self.points += other.points;
        self.heels += other.heels;
        self.rows += other.rows;
        self.columns += other.columns;
        self.wins += other.wins;
        self.best = self.best.max(other.best);
    }
}

/// Plays one game from `seed` with random legal placements, checks every
/// invariant after every action, and adds its totals to `stats`.
///
/// # Errors
/// What went wrong, and after how many actions.
pub fn audit_square_solitaire_game(
    seed: u64,
    stats: &mut SquareSolitaireStats,
) -> Result<(), String> {
    let fail = |what: String| format!("Cribbage Square Solitaire, seed {seed}, {what}");
    let game = Game::new(Rules::default(), seed);
    let (session, counts): (Session<Game>, Audited) =
        audit_game(game, seed, candidates, check_state)
            .map_err(|(at, what)| fail(format!("after {at} actions: {what}")))?;
    let game = session.game();
    let mut local = SquareSolitaireStats {
        games: 1,
        actions: counts.actions,
        illegal_refused: counts.illegal_refused,
        undos: counts.undos,
        ..SquareSolitaireStats::default()
    };
    check_events(game, &mut local).map_err(|what| fail(format!("in its events: {what}")))?;
    if game.clone().apply(Action::Place { row: 0, col: 0 }).is_ok() {
        return Err(fail("an action was accepted after the end".into()));
    }
    stats.merge(&local);
    Ok(())
}

/// What the player sees, and the legal placements.
fn check_state(game: &Game) -> Result<(), String> {
    let view = game.observation(0);
    if view.grid != *game.grid() || view.card != game.card_in_hand() {
        return Err("the observation shows another grid or card".into());
    }
    if view.turned != game.turned() || view.starter != game.starter() {
        return Err("the observation shows other cards turned".into());
    }
    let json = serde_json::to_string(&view).unwrap_or_default();
    if let Some(card) = view
        .unseen()
        .iter()
        .find(|c| json.contains(&format!("\"{c}\"")))
    {
        return Err(format!("the observation names {card}, never turned"));
    }
    let legal = game.legal_actions();
    let empty = game.grid().iter().filter(|c| c.is_none()).count();
    if !game.is_over() && legal.len() != empty {
        return Err(format!(
            "{} placements for {empty} empty cells",
            legal.len()
        ));
    }
    if view.legal != legal {
        return Err("the observation's placements are not the legal ones".into());
    }
    for action in legal {
        game.check(&action)
            .map_err(|e| format!("legal {action} refused: {e}"))?;
    }
    Ok(())
}

/// Wrong placements to try: any cell (taken ones are wrong), and off the grid.
fn candidates(_game: &Game, rng: &mut ChaCha8Rng) -> Vec<Action> {
    let mut wrong = vec![Action::Place {
        row: rng.random_range(4..=255),
        col: rng.random_range(0..4),
    }];
    for _ in 0..3 {
        wrong.extend(Action::at_cell(rng.random_range(0..CELLS)));
    }
    wrong
}

/// Reads the event log against the rules.
fn check_events(game: &Game, stats: &mut SquareSolitaireStats) -> Result<(), String> {
    let mut grid: [Option<Card>; CELLS] = [None; CELLS];
    let mut turned = 0u8;
    let mut in_hand = None;
    let mut starter = None;
    let mut running = 0u16;
    let mut lines = Line::ALL.iter();
    let mut over = false;
    for event in game.events() {
        if over {
            return Err("an event after the end".into());
        }
        match event {
            Event::Turned { number, card } => {
                turned += 1;
                if *number != turned || in_hand.is_some() {
                    return Err(format!("card {number} turned out of turn"));
                }
                in_hand = Some(*card);
            }
            Event::Placed { card, cell } => {
                let slot = grid
                    .get_mut(usize::from(*cell))
                    .ok_or("a cell off the grid")?;
                if in_hand != Some(*card) || slot.is_some() {
                    return Err(format!("{card} placed without being in hand, or on a card"));
                }
                *slot = Some(*card);
                in_hand = None;
            }
            Event::Starter { card } => {
                if turned != 16 || in_hand.is_some() || grid.iter().any(Option::is_none) {
                    return Err("the starter before the grid is full".into());
                }
                starter = Some(*card);
            }
            Event::Heels {
                card,
                points,
                shown,
                ..
            } => {
                // The board runs on: it shows the score as made.
                if starter != Some(*card)
                    || !card.is_jack()
                    || *points != 2
                    || running != 0
                    || *shown != 2
                {
                    return Err(format!("his heels for {card}"));
                }
                running += 2;
                stats.heels += 2;
            }
            Event::LineCounted {
                count,
                running: r,
                shown,
            } => {
                let Some(s) = starter else {
                    return Err("a line counted before the starter".into());
                };
                if s.is_jack() && running == 0 {
                    return Err("a jack starter without his heels".into());
                }
                if lines.next() != Some(&count.line) {
                    return Err(format!("{} counted out of order", count.line));
                }
                let full = grid.map(|c| c.unwrap_or(s));
                let cards = line_cards(&full, count.line);
                let hand = cards.into_iter().collect();
                let expect = score_show(hand, s, ShowKind::Hand).map_err(|e| e.to_string())?;
                if cards != count.cards || expect != count.score {
                    return Err(format!("{} is not counted as its cards", count.line));
                }
                running += u16::from(expect.total);
                if *r != running || *shown != running {
                    return Err(format!("the running score after {} is wrong", count.line));
                }
                match count.line {
                    Line::Row(_) => stats.rows += u64::from(expect.total),
                    Line::Column(_) => stats.columns += u64::from(expect.total),
                }
            }
            Event::GameOver { score, win, .. } => {
                if lines.next().is_some() || *score != running || *win != (*score >= WIN) {
                    return Err(format!("the game ended at {score} after {running}"));
                }
                over = true;
            }
        }
    }
    let outcome = State::outcome(game);
    if !over || outcome.is_none() || game.score() != running {
        return Err("the game did not end with its count".into());
    }
    stats.points += u64::from(running);
    stats.wins += u64::from(running >= WIN);
    stats.best = stats.best.max(running);
    Ok(())
}

impl super::Audit for Game {
    type Stats = SquareSolitaireStats;

    fn audit(_rules: Rules, seed: u64, stats: &mut SquareSolitaireStats) -> Result<(), String> {
        audit_square_solitaire_game(seed, stats)
    }

    fn merge(stats: &mut SquareSolitaireStats, other: &SquareSolitaireStats) {
        stats.merge(other);
    }

    fn games(stats: &SquareSolitaireStats) -> u64 {
        stats.games
    }

    /// The mean score, the share of wins, the best, and a game's points by
    /// source.
    fn report(
        _rules: Rules,
        stats: &SquareSolitaireStats,
        _runs: u64,
    ) -> serde_json::Map<String, serde_json::Value> {
        let n = stats.games.max(1) as f64;
        super::figures(serde_json::json!({
            "games": stats.games,
            "mean_score": stats.points as f64 / n,
            "win_rate": stats.wins as f64 / n,
            "best": stats.best,
            "mean_points_per_game": {
                "heels": stats.heels as f64 / n,
                "rows": stats.rows as f64 / n,
                "columns": stats.columns as f64 / n,
            },
            "actions": stats.actions,
            "illegal_actions_refused": stats.illegal_refused,
            "undos": stats.undos,
        }))
    }
}
