//! Cribbage Solitaire's own invariants, checked over games played with
//! random lay-aways on top of everything [`super::audit_game`] checks for
//! every game:
//! - the observation holds the six cards and the starter, and names no card
//!   the player has not seen (the crib's face-down cards least of all);
//! - there are fifteen lay-aways, each passing [`Game::check`];
//! - the events follow 004: six deals, each of six cards and a starter (his
//!   heels exactly for a jack), the hand then the crib counted with it as
//!   the standard show counts them (crib rules for the crib), the crib
//!   holding the two laid away, the starter put under the stock; the
//!   starters come round: the sixth deal holds the first deal's starter
//!   and turns the second's, and the last four are the third, fourth,
//!   fifth and second deals' starters, counted with no starter.

use super::{Audited, audit_game};
use crate::cards::{Card, CardSet};
use crate::count::{ShowKind, score_show};
use crate::games::State;
use crate::games::solitaire::score::last_four;
use crate::games::solitaire::{Action, DEALS, DOUBLE, Event, Game, Rules, Shown, WIN};
use crate::record::Session;
use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use serde::Serialize;

/// Totals gathered over audited games of Cribbage Solitaire.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SolitaireStats {
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
    /// Points from hands.
    pub hands: u64,
    /// Points from cribs.
    pub cribs: u64,
    /// Points from the last four.
    pub last_four: u64,
    /// Games of 81 or more.
    pub wins: u64,
    /// Games of 121 or more.
    pub doubles: u64,
    /// The best game.
    pub best: u16,
}

impl SolitaireStats {
    /// Adds another run's totals.
    pub fn merge(&mut self, other: &SolitaireStats) {
        self.games += other.games;
        self.actions += other.actions;
        self.illegal_refused += other.illegal_refused;
        self.undos += other.undos;
        self.points += other.points;
        self.heels += other.heels;
        self.hands += other.hands;
        self.cribs += other.cribs;
        self.last_four += other.last_four;
        self.wins += other.wins;
        self.doubles += other.doubles;
        self.best = self.best.max(other.best);
    }
}

/// Plays one game from `seed` with random lay-aways, checks every invariant
/// after every action, and adds its totals to `stats`.
///
/// # Errors
/// What went wrong, and after how many actions.
pub fn audit_solitaire_game(seed: u64, stats: &mut SolitaireStats) -> Result<(), String> {
    let fail = |what: String| format!("Cribbage Solitaire, seed {seed}, {what}");
    let game = Game::new(Rules::default(), seed);
    let (session, counts): (Session<Game>, Audited) =
        audit_game(game, seed, candidates, check_state)
            .map_err(|(at, what)| fail(format!("after {at} actions: {what}")))?;
    let game = session.game();
    let mut local = SolitaireStats {
        games: 1,
        actions: counts.actions,
        illegal_refused: counts.illegal_refused,
        undos: counts.undos,
        ..SolitaireStats::default()
    };
    check_events(game, &mut local).map_err(|what| fail(format!("in its events: {what}")))?;
    if let Some(cards) = game.last_four()
        && game
            .clone()
            .apply(Action::Lay(cards.iter().take(2).collect()))
            .is_ok()
    {
        return Err(fail("an action was accepted after the end".into()));
    }
    stats.merge(&local);
    Ok(())
}

/// What the player sees, and the lay-aways.
fn check_state(game: &Game) -> Result<(), String> {
    let view = game.observation(0);
    if view.hand != game.hand() || view.starter != game.starter() || view.seen != game.seen() {
        return Err("the observation shows other cards".into());
    }
    let json = serde_json::to_string(&view).unwrap_or_default();
    if let Some(card) = view
        .unseen()
        .iter()
        .find(|c| json.contains(&format!("\"{c}\"")))
    {
        return Err(format!("the observation names {card}, never seen"));
    }
    let legal = game.legal_actions();
    if !game.is_over() && legal.len() != 15 {
        return Err(format!("{} lay-aways, not 15", legal.len()));
    }
    if view.legal != legal {
        return Err("the observation's lay-aways are not the legal ones".into());
    }
    for action in legal {
        game.check(&action)
            .map_err(|e| format!("legal {action} refused: {e}"))?;
    }
    Ok(())
}

/// Wrong lay-aways to try: one card, three, and cards from anywhere.
fn candidates(game: &Game, rng: &mut ChaCha8Rng) -> Vec<Action> {
    let deck = CardSet::DECK.to_vec();
    let mut any = || deck[rng.random_range(0..deck.len())];
    let hand = game.hand().to_vec();
    let mut wrong = vec![
        Action::Lay(CardSet::from(any())),
        Action::Lay([any(), any()].into_iter().collect()),
    ];
    if hand.len() == 6 {
        wrong.push(Action::Lay(hand[..3].iter().copied().collect()));
        wrong.push(Action::Lay(CardSet::from(hand[0]).with(any())));
    }
    wrong
}

/// Reads the event log against 004's procedure.
fn check_events(game: &Game, stats: &mut SolitaireStats) -> Result<(), String> {
    let mut deals = 0u8;
    let mut hand = CardSet::EMPTY;
    let mut starters: Vec<Card> = Vec::new();
    let mut laid = CardSet::EMPTY;
    let mut seen = CardSet::EMPTY;
    let mut running = 0u16;
    let mut expect_next = "deal";
    let mut over = false;
    for event in game.events() {
        if over {
            return Err("an event after the end".into());
        }
        match event {
            Event::Deal {
                number,
                hand: h,
                crib,
            } => {
                deals += 1;
                if expect_next != "deal" || *number != deals || h.len() != 6 || *crib != 2 {
                    return Err(format!("deal {number} out of turn"));
                }
                if deals == DEALS && starters.first().is_none_or(|&s| !h.contains(s)) {
                    return Err("the sixth deal does not hold the first deal's starter".into());
                }
                hand = *h;
                expect_next = "starter";
            }
            Event::Starter { card } => {
                if expect_next != "starter" || hand.contains(*card) {
                    return Err(format!("starter {card} out of turn"));
                }
                if deals == DEALS && starters.get(1) != Some(card) {
                    return Err("the sixth starter is not the second deal's".into());
                }
                seen |= hand.with(*card);
                starters.push(*card);
                expect_next = "lay";
            }
            Event::Heels {
                card,
                points,
                running: r,
                shown,
            } => {
                running += u16::from(*points);
                // The board runs on: it shows the score as made.
                if starters.last() != Some(card)
                    || !card.is_jack()
                    || *points != 2
                    || *r != running
                    || *shown != running
                {
                    return Err(format!("his heels for {card}"));
                }
                stats.heels += 2;
            }
            Event::LaidAway { cards } => {
                if expect_next != "lay" || cards.len() != 2 || !cards.is_subset(hand) {
                    return Err(format!("{cards} laid away out of turn"));
                }
                laid = *cards;
                expect_next = "hand";
            }
            Event::Counted(count) => {
                running += u16::from(count.points);
                if count.running != running || count.shown != running {
                    return Err("a running score is wrong".into());
                }
                let starter = starters.last().copied();
                match (count.what, expect_next) {
                    (Shown::Hand, "hand") => {
                        let s = starter.ok_or("a hand with no starter")?;
                        let score = score_show(count.cards, s, ShowKind::Hand)
                            .map_err(|e| e.to_string())?;
                        if count.cards != hand - laid || score.total != count.points {
                            return Err("the hand is not counted as kept".into());
                        }
                        stats.hands += u64::from(count.points);
                        expect_next = "crib";
                    }
                    (Shown::Crib, "crib") => {
                        let s = starter.ok_or("a crib with no starter")?;
                        let score = score_show(count.cards, s, ShowKind::Crib)
                            .map_err(|e| e.to_string())?;
                        let down = count.cards - laid;
                        if !laid.is_subset(count.cards)
                            || down.len() != 2
                            || !down.is_disjoint(seen)
                            || score.total != count.points
                        {
                            return Err("the crib is not the two laid away and two unseen".into());
                        }
                        seen |= down;
                        stats.cribs += u64::from(count.points);
                        expect_next = "under";
                    }
                    (Shown::LastFour, "last") => {
                        let expect: CardSet = [2, 3, 4, 1]
                            .iter()
                            .filter_map(|&i| starters.get(i).copied())
                            .collect();
                        let score = last_four(count.cards).map_err(|e| e.to_string())?;
                        if count.cards != expect || score.total != count.points {
                            return Err(format!(
                                "the last four {} are not deals 3, 4, 5 and 2's starters",
                                count.cards
                            ));
                        }
                        stats.last_four += u64::from(count.points);
                        expect_next = "end";
                    }
                    _ => return Err(format!("{:?} counted out of turn", count.what)),
                }
            }
            Event::StarterUnder { card } => {
                if expect_next != "under" || starters.last() != Some(card) {
                    return Err(format!("{card} put under out of turn"));
                }
                expect_next = if deals == DEALS { "last" } else { "deal" };
            }
            Event::GameOver {
                score, win, double, ..
            } => {
                if expect_next != "end"
                    || *score != running
                    || *win != (running >= WIN)
                    || *double != (running >= DOUBLE)
                {
                    return Err(format!("the game ended at {score} after {running}"));
                }
                over = true;
            }
        }
    }
    if !over || State::outcome(game).is_none() || game.score() != running {
        return Err("the game did not end with its count".into());
    }
    stats.points += u64::from(running);
    stats.wins += u64::from(running >= WIN);
    stats.doubles += u64::from(running >= DOUBLE);
    stats.best = stats.best.max(running);
    Ok(())
}

impl super::Audit for Game {
    type Stats = SolitaireStats;

    fn audit(_rules: Rules, seed: u64, stats: &mut SolitaireStats) -> Result<(), String> {
        audit_solitaire_game(seed, stats)
    }

    fn merge(stats: &mut SolitaireStats, other: &SolitaireStats) {
        stats.merge(other);
    }

    fn games(stats: &SolitaireStats) -> u64 {
        stats.games
    }

    /// The mean score, the shares of wins and double games, the best, and a
    /// game's points by source.
    fn report(
        _rules: Rules,
        stats: &SolitaireStats,
        _runs: u64,
    ) -> serde_json::Map<String, serde_json::Value> {
        let n = stats.games.max(1) as f64;
        super::figures(serde_json::json!({
            "games": stats.games,
            "mean_score": stats.points as f64 / n,
            "win_rate": stats.wins as f64 / n,
            "double_game_rate": stats.doubles as f64 / n,
            "best": stats.best,
            "mean_points_per_game": {
                "heels": stats.heels as f64 / n,
                "hands": stats.hands as f64 / n,
                "cribs": stats.cribs as f64 / n,
                "last_four": stats.last_four as f64 / n,
            },
            "actions": stats.actions,
            "illegal_actions_refused": stats.illegal_refused,
            "undos": stats.undos,
        }))
    }
}
