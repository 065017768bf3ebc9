//! Expert's lay-away at three and four players: what each way to keep is
//! worth in the play, at this table and from this seat.
//!
//! Two players have a table of it (`peg_table`, measured by self-play); at
//! three and four the play is another game (twelve or sixteen cards, the
//! lead passing round, a partner at four), and the two-player table made
//! Expert's lay-away there no better. So each way to keep is played out on
//! the same sampled deals: the other seats four cards each from the cards
//! the seat has not seen, a starter, the lead left of the dealer, and every
//! seat laying as Expert's play-outs do (by its own cards and what it has
//! seen, never the others' hands). What the seat's side pegs less what the
//! others peg (their mean at three, the other partnership at four), averaged
//! over [`DEALS`] deals, is the option's pegging value, added to its points.
//!
//! The work is fixed ([`DEALS`] deals × the five ways to keep), and the
//! deals are seeded from the observation alone: the same view always gives
//! the same figures, to the computer player and to the coach.

use super::discard::DiscardOption;
use super::pegging::informed_policy;
use super::rng::{Hasher, Rng};
use crate::cards::CardSet;
use crate::games::cribbage::Observation;
use crate::pegging::{MAX_PLAYERS, PlayMove, PlayState};

/// Deals played out for every way to keep: the five ways share them, so
/// their differences, which decide, are far surer than each mean (about
/// 16,000 cards laid at four players: the work of one decision of the play).
pub(crate) const DEALS: usize = 200;

/// The net pegging of each option's kept hand (see the module), in the
/// options' order. Empty unless the table has three or four seats.
pub(crate) fn net_pegging(obs: &Observation, options: &[DiscardOption]) -> Vec<f64> {
    let players = obs.rules.players();
    if !(3..=MAX_PLAYERS).contains(&players) {
        return Vec::new();
    }
    let sides = obs.rules.sides();
    let mut side_of = [0usize; MAX_PLAYERS];
    for (seat, side) in side_of.iter_mut().enumerate().take(players) {
        *side = obs.rules.side_of(seat);
    }
    let me = side_of[obs.seat];
    let mut rng = Rng::new(seed(obs));
    let unseen = obs.unseen();
    let leader = (obs.dealer + 1) % players;
    let kept = obs.rules.cards_dealt() - obs.rules.discards();
    let mut sums = vec![0.0f64; options.len()];
    for _ in 0..DEALS {
        let mut pool = unseen;
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        for (seat, hand) in hands.iter_mut().enumerate().take(players) {
            if seat != obs.seat {
                *hand = draw(pool, kept, &mut rng);
                pool -= *hand;
            }
        }
        let starter = draw(pool, 1, &mut rng);
        for (sum, option) in sums.iter_mut().zip(options) {
            hands[obs.seat] = option.keep;
            let pts = play_out(
                &hands[..players],
                leader,
                starter,
                obs.seat,
                option.discard,
                &side_of,
            );
            let others: i32 = (0..sides).filter(|&s| s != me).map(|s| pts[s]).sum();
            *sum += f64::from(pts[me]) - f64::from(others) / (sides - 1) as f64;
        }
    }
    sums.iter().map(|s| s / DEALS as f64).collect()
}

/// The points each side pegs when every seat plays `hands` out from
/// `leader`, each laying as Expert's play-outs do: by its own cards, the
/// `starter`, the cards laid and (for `seat`) its own `thrown` card.
fn play_out(
    hands: &[CardSet],
    leader: usize,
    starter: CardSet,
    seat: usize,
    thrown: CardSet,
    side_of: &[usize; MAX_PLAYERS],
) -> [i32; MAX_PLAYERS] {
    let mut state = PlayState::new(hands, leader);
    let mut laid = CardSet::EMPTY;
    let mut pts = [0i32; MAX_PLAYERS];
    while let Some(to_act) = state.to_act() {
        let mut seen = starter | laid | state.hand(to_act);
        if to_act == seat {
            seen |= thrown;
        }
        let mv = informed_policy(&state, !seen, side_of, false);
        if let PlayMove::Card(card) = mv {
            laid.insert(card);
        }
        let result = state.apply_unchecked(mv);
        pts[side_of[to_act]] += i32::from(result.points());
        if let Some((last, point)) = result.last {
            pts[side_of[last]] += i32::from(point);
        }
    }
    pts
}

/// The deals' seed: the seat's cards, its place and the board, so that
/// only what the seat sees decides them.
fn seed(obs: &Observation) -> u64 {
    let mut h = Hasher::new();
    h.add(obs.hand.bits());
    h.add(obs.seat as u64);
    h.add(obs.dealer as u64);
    for side in 0..obs.rules.sides() {
        h.add(u64::from(obs.points_to_go(side)));
    }
    h.0
}

/// `n` cards at random from `from` (all of them if it holds fewer).
fn draw(from: CardSet, n: usize, rng: &mut Rng) -> CardSet {
    let mut left = from;
    let mut out = CardSet::EMPTY;
    for _ in 0..n {
        let Some(card) = left.iter().nth(rng.below(left.len().max(1))) else {
            break;
        };
        out.insert(card);
        left.remove(card);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    /// Every point of the play goes to the side that pegged it, a
    /// partner's to the seat's own side: 5, ten (fifteen 2), ten (a pair
    /// 2), six (thirty-one 2).
    #[test]
    fn the_points_go_to_the_sides_that_peg_them() {
        let hands = [set("5S"), set("TD"), set("TS"), set("6S")];
        let side_of = [0, 1, 0, 1];
        let pts = play_out(&hands, 0, set("KC"), 0, set("2C"), &side_of);
        assert_eq!(pts[..2], [2, 4]);
        // Three players, one side each: the last card's point for last.
        let hands = [set("KS"), set("QD"), set("AS")];
        let pts = play_out(&hands, 1, set("KC"), 0, set("2C"), &[0, 1, 2, 0]);
        // Q (10), A (11), K (21), then the point for last to the king.
        assert_eq!(pts[..3], [1, 0, 0]);
    }
}
