//! Costly Colours' own invariants, checked over games played with random
//! legal actions on top of everything [`super::audit_game`] checks for every
//! game:
//! - each seat's observation holds its own cards and none of the other's
//!   (the card this seat passed excepted: it knows it), and never the card
//!   passed to it before both have passed;
//! - every legal action passes [`Game::check`], no two are alike, and an
//!   ace is offered at each value that fits;
//! - the pegs move exactly as the points pegged say, and nothing scores
//!   after someone reaches 121, who is the winner;
//! - a turned-up jack or two gives four to the dealer; a refusal of the
//!   mog one to the other player; a passed jack or two 4 or 2 to its
//!   passer, as the card passed says;
//! - every card laid scores what [`score::play_score`] says of its series,
//!   each series ends with one for last unless it made 31, and never
//!   passes 31;
//! - every show is the count of the cards held after the mog with the
//!   turn-up, the dealer's opponent first.

use super::{Audited, audit_game};
use crate::cards::{Card, CardSet, Rank};
use crate::games::State;
use crate::games::costly_colours::{Action, Event, Game, Phase, Reason, Rules, TARGET, score};
use crate::record::Session;
use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use serde::Serialize;

/// Totals gathered over audited games of Costly Colours.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct CostlyColoursStats {
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
    /// Hands in which both players agreed to mog.
    pub mogs: u64,
    /// Points for jacks and twos turned up.
    pub jack_or_two_turned: u64,
    /// Points for refusals of the mog (pegged by the other player).
    pub mog_refused: u64,
    /// Points for jacks and twos passed in the mog.
    pub mog_passed: u64,
    /// Points shown by dealers.
    pub show_dealer: u64,
    /// Points shown by the dealers' opponents.
    pub show_pone: u64,
    /// Points pegged in the play by dealers (one for last included).
    pub play_dealer: u64,
    /// Points pegged in the play by the dealers' opponents (one for last
    /// included).
    pub play_pone: u64,
}

impl CostlyColoursStats {
    /// Adds another run's totals.
    pub fn merge(&mut self, other: &CostlyColoursStats) {
        self.games += other.games;
        self.hands += other.hands;
        self.actions += other.actions;
        self.illegal_refused += other.illegal_refused;
        self.first_dealer_wins += other.first_dealer_wins;
        self.mogs += other.mogs;
        self.jack_or_two_turned += other.jack_or_two_turned;
        self.mog_refused += other.mog_refused;
        self.mog_passed += other.mog_passed;
        self.show_dealer += other.show_dealer;
        self.show_pone += other.show_pone;
        self.play_dealer += other.play_dealer;
        self.play_pone += other.play_pone;
    }
}

/// Plays one game of Costly Colours from `seed` with random legal actions,
/// checks every invariant after every action, and adds its totals to
/// `stats`.
///
/// # Errors
/// What went wrong, and after how many actions.
pub fn audit_costly_colours_game(seed: u64, stats: &mut CostlyColoursStats) -> Result<(), String> {
    let game = Game::new(Rules::default(), seed);
    let (session, counts): (Session<Game>, Audited) =
        audit_game(game, seed, candidates, check_state).map_err(|(at, what)| {
            format!("Costly Colours, seed {seed}, after {at} actions: {what}")
        })?;
    let game = session.game();
    let mut local = CostlyColoursStats {
        games: 1,
        actions: counts.actions,
        illegal_refused: counts.illegal_refused,
        ..CostlyColoursStats::default()
    };
    check_events(game, &mut local)
        .map_err(|what| format!("Costly Colours, seed {seed}, in its events: {what}"))?;
    if game.clone().apply(Action::Go).is_ok() || game.clone().apply(Action::Mog).is_ok() {
        return Err(format!(
            "Costly Colours, seed {seed}: an action was accepted after the end"
        ));
    }
    stats.merge(&local);
    Ok(())
}

/// What each seat sees, the legal actions, and this hand's mog.
fn check_state(game: &Game) -> Result<(), String> {
    let laid: CardSet = game.laid().iter().map(|l| l.card).collect();
    let shown: CardSet = game
        .shows()
        .iter()
        .flat_map(|s| s.cards.iter().copied())
        .collect();
    for seat in 0..2 {
        let view = game.observation(seat);
        if view.hand != game.hand(seat) || view.dealt != game.dealt(seat) {
            return Err(format!("seat {seat}'s observation shows the wrong cards"));
        }
        if view.mog.passed != game.passed(seat) || view.mog.received != game.received(seat) {
            return Err(format!("seat {seat}'s observation shows the wrong mog"));
        }
        // Hidden from this seat: the other's cards, dealt or held, that it
        // has not laid, less the card this seat passed (it knows it) and
        // the card it received once the exchange is made.
        let other = 1 - seat;
        let mut hidden = (game.dealt(other) | game.hand(other)) - laid - shown;
        if let Some(card) = game.passed(seat) {
            hidden.remove(card);
        }
        if let Some(card) = game.received(seat) {
            hidden.remove(card);
        }
        if !hidden.is_subset(view.unseen()) {
            return Err(format!("seat {seat} has seen the other player's card"));
        }
        // The previous hand's shows name cards of another deal, which may
        // be dealt again: they are left out of the search.
        let mut searched = view.clone();
        searched.previous_shows.clear();
        let json = serde_json::to_string(&searched).unwrap_or_default();
        if let Some(card) = hidden.iter().find(|c| json.contains(&format!("\"{c}\""))) {
            return Err(format!(
                "seat {seat}'s observation names {card}, hidden from it"
            ));
        }
        if (game.current_player() == Some(seat)) == view.legal.is_empty() {
            return Err(format!(
                "seat {seat}'s legal actions disagree with the turn"
            ));
        }
    }
    let legal = game.legal_actions();
    for (i, action) in legal.iter().enumerate() {
        game.check(action)
            .map_err(|e| format!("legal action {action} refused: {e}"))?;
        if legal[..i].contains(action) {
            return Err(format!("{action} is offered twice"));
        }
        if action.to_string().parse::<Action>() != Ok(*action) {
            return Err(format!("{action} does not read back from its text"));
        }
    }
    if game.phase() == Phase::Play
        && let Some(seat) = game.current_player()
    {
        let room = 31 - game.count();
        for ace in game.hand(seat).of_rank(Rank::Ace) {
            for value in [1, 11] {
                let offered = legal.contains(&Action::Play { card: ace, value });
                if offered != (value <= room) {
                    return Err(format!(
                        "{ace} as {value} at {} offered wrongly",
                        game.count()
                    ));
                }
            }
        }
    }
    check_mog_pegs(game)
}

/// Costly Colours' wrong actions to try: the mog's words, go, and cards
/// from anywhere, passed or laid at any value.
fn candidates(_game: &Game, rng: &mut ChaCha8Rng) -> Vec<Action> {
    let deck = CardSet::DECK.to_vec();
    let mut wrong = vec![Action::Go, Action::Mog, Action::Refuse];
    for _ in 0..3 {
        let card = deck[rng.random_range(0..deck.len())];
        wrong.push(Action::Pass(card));
        wrong.push(Action::play(card));
        wrong.push(Action::Play {
            card,
            value: rng.random_range(0..13),
        });
    }
    wrong
}

/// This hand's points for passed jacks and twos match the cards passed.
fn check_mog_pegs(game: &Game) -> Result<(), String> {
    let events = game.events();
    let from = events
        .iter()
        .rposition(|e| matches!(e, Event::Deal { .. }))
        .unwrap_or(0);
    let Some(turnup) = game.turnup() else {
        return Err("a hand without a turn-up".into());
    };
    let mut pegged = [None, None];
    for event in &events[from..] {
        if let Event::Pegged(peg) = event
            && let Reason::Passed { of_turnup_suit } = peg.reason
        {
            pegged[peg.seat] = Some((peg.points, of_turnup_suit));
        }
    }
    if game.passed(0).is_none() || game.passed(1).is_none() {
        return if pegged == [None, None] {
            Ok(())
        } else {
            Err("points for a card passed before the exchange".into())
        };
    }
    for (seat, pegged) in pegged.iter().enumerate() {
        let Some(card) = game.passed(seat) else {
            continue;
        };
        let suited = card.suit() == turnup.suit();
        let expected = match card.rank() {
            Rank::Jack | Rank::Two => Some((if suited { 4 } else { 2 }, suited)),
            _ => None,
        };
        // A game won on the first passer's points never pegs the second's.
        let cut_short = game.is_over() && pegged.is_none();
        if *pegged != expected && !cut_short {
            return Err(format!(
                "seat {seat} passed {card} with {turnup} turned and pegged {pegged:?}"
            ));
        }
    }
    Ok(())
}

/// Reads the event log: the pegs, the play's scores, the shows, the end of
/// each hand and of the game, and the statistics.
fn check_events(game: &Game, stats: &mut CostlyColoursStats) -> Result<(), String> {
    let mut scores = [0u16; 2];
    if let Some(setup) = game.setup() {
        for (score, &start) in scores.iter_mut().zip(&setup.scores) {
            *score = start;
        }
    }
    let mut dealer = 0;
    let mut first_dealer = None;
    let mut turnup: Option<Card> = None;
    let mut refused = [false; 2];
    let mut passed = [false; 2];
    let mut series: Vec<(usize, Card, u8)> = Vec::new();
    let mut last_was_31 = false;
    let mut shows = 0;
    let events = game.events();
    for (i, event) in events.iter().enumerate() {
        match event {
            Event::Deal { dealer: d, .. } => {
                if !series.is_empty() {
                    return Err("a deal before the play was over".into());
                }
                dealer = *d;
                first_dealer.get_or_insert(*d);
                stats.hands += 1;
                refused = [false; 2];
                passed = [false; 2];
                shows = 0;
            }
            Event::TurnUp { card } => turnup = Some(*card),
            Event::MogRefused { seat } => refused[*seat] = true,
            Event::Passed { seat } => {
                passed[*seat] = true;
                if passed == [true; 2] {
                    stats.mogs += 1;
                }
            }
            Event::Played {
                seat,
                card,
                value,
                count,
            } => {
                series.push((*seat, *card, *value));
                let sum: u32 = series.iter().map(|&(_, _, v)| u32::from(v)).sum();
                if u32::from(*count) != sum || sum > 31 {
                    return Err(format!("{card} laid at {count}, the series adds to {sum}"));
                }
                last_was_31 = sum == 31;
            }
            Event::CountReset { .. } => {
                series.clear();
                last_was_31 = false;
            }
            Event::Show(shown) => {
                let expected_seat = if shows == 0 { 1 - dealer } else { dealer };
                shows += 1;
                if shown.seat != expected_seat || Some(shown.turnup) != turnup {
                    return Err(format!("seat {} shows out of turn", shown.seat));
                }
                let count = score::show(&shown.cards, shown.turnup, shown.received)
                    .map_err(|e| e.to_string())?;
                if count != shown.count || count.steps() != shown.steps {
                    return Err(format!("seat {}'s show is not its count", shown.seat));
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
                    Reason::JackOrTwoTurned { card } => {
                        let jack_or_two = matches!(card.rank(), Rank::Jack | Rank::Two);
                        if !jack_or_two || !by_dealer || peg.points != 4 || turnup != Some(*card) {
                            return Err(format!(
                                "{peg:?} is not four to the dealer for a jack or two"
                            ));
                        }
                        stats.jack_or_two_turned += points;
                    }
                    Reason::MogRefused { by } => {
                        if !refused[*by] || *by == peg.seat || peg.points != 1 {
                            return Err(format!("{peg:?} is not one for a refusal"));
                        }
                        stats.mog_refused += points;
                    }
                    Reason::Passed { of_turnup_suit } => {
                        if passed != [true; 2] || peg.points != if *of_turnup_suit { 4 } else { 2 }
                        {
                            return Err(format!("{peg:?} is not for a card passed"));
                        }
                        stats.mog_passed += points;
                    }
                    Reason::Play {
                        card, value, count, ..
                    } => {
                        let Some(&(seat, last, v)) = series.last() else {
                            return Err(format!("{peg:?} with no card laid"));
                        };
                        let cards: Vec<Card> = series.iter().map(|&(_, c, _)| c).collect();
                        let aces: Vec<u8> = series
                            .iter()
                            .filter(|(_, c, _)| c.rank() == Rank::Ace)
                            .map(|&(_, _, v)| v)
                            .collect();
                        let scored = score::play_score(&cards, &aces).map_err(|e| e.to_string())?;
                        let sum: u8 = series.iter().map(|&(_, _, v)| v).sum();
                        if seat != peg.seat
                            || last != *card
                            || v != *value
                            || sum != *count
                            || scored.total != peg.points
                        {
                            return Err(format!("{peg:?} is not what {card} scored"));
                        }
                        if by_dealer {
                            stats.play_dealer += points;
                        } else {
                            stats.play_pone += points;
                        }
                    }
                    Reason::Last { card, count } => {
                        let sum: u8 = series.iter().map(|&(_, _, v)| v).sum();
                        let ends = matches!(
                            events.get(i + 1),
                            Some(Event::CountReset { .. } | Event::GameOver { .. })
                        );
                        if series.last().map(|&(s, c, _)| (s, c)) != Some((peg.seat, *card))
                            || sum != *count
                            || last_was_31
                            || peg.points != 1
                            || !ends
                        {
                            return Err(format!("{peg:?} is not one for last"));
                        }
                        if by_dealer {
                            stats.play_dealer += points;
                        } else {
                            stats.play_pone += points;
                        }
                    }
                    Reason::Show => {
                        let Some(Event::Show(shown)) = events.get(i.wrapping_sub(1)) else {
                            return Err(format!("{peg:?} without a show"));
                        };
                        if shown.seat != peg.seat || shown.count.total != peg.points {
                            return Err(format!("{peg:?} is not the show's count"));
                        }
                        if by_dealer {
                            stats.show_dealer += points;
                        } else {
                            stats.show_pone += points;
                        }
                    }
                }
                if scores[peg.seat] >= TARGET {
                    let rest = &events[i + 1..];
                    if !matches!(rest, [Event::GameOver { winner, .. }] if *winner == peg.seat) {
                        return Err(
                            "the first to reach 121 did not end the game as its winner".into()
                        );
                    }
                }
            }
            Event::HandOver { .. } => {
                if shows != 2 {
                    return Err(format!("a hand ended with {shows} shows"));
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
            Event::CutForDeal { .. } | Event::MogSaid { .. } | Event::Go { .. } => {}
        }
    }
    if State::outcome(game).is_none() {
        return Err("the game did not end".into());
    }
    Ok(())
}

impl super::Audit for Game {
    type Stats = CostlyColoursStats;

    fn audit(_rules: Rules, seed: u64, stats: &mut CostlyColoursStats) -> Result<(), String> {
        audit_costly_colours_game(seed, stats)
    }

    fn merge(stats: &mut CostlyColoursStats, other: &CostlyColoursStats) {
        stats.merge(other);
    }

    fn games(stats: &CostlyColoursStats) -> u64 {
        stats.games
    }

    /// The share of hands mogged, and per hand: a jack or two turned, the
    /// mog, each seat's show and play.
    fn report(
        _rules: Rules,
        stats: &CostlyColoursStats,
        _runs: u64,
    ) -> serde_json::Map<String, serde_json::Value> {
        let hands = stats.hands.max(1) as f64;
        super::figures(serde_json::json!({
            "games": stats.games,
            "hands_per_game": stats.hands as f64 / stats.games.max(1) as f64,
            "mog_rate": stats.mogs as f64 / hands,
            "mean_points_per_hand": {
                "jack_or_two_turned": stats.jack_or_two_turned as f64 / hands,
                "mog_refused": stats.mog_refused as f64 / hands,
                "mog_passed": stats.mog_passed as f64 / hands,
                "show_dealer": stats.show_dealer as f64 / hands,
                "show_pone": stats.show_pone as f64 / hands,
                "play_dealer": stats.play_dealer as f64 / hands,
                "play_pone": stats.play_pone as f64 / hands,
            },
            "first_dealer_win_rate": stats.first_dealer_wins as f64 / stats.games.max(1) as f64,
            "actions": stats.actions,
            "illegal_actions_refused": stats.illegal_refused,
        }))
    }
}
