//! How a card is judged inside the play-outs, and the quick estimates the
//! judging uses: what the next opponent can score on it, whether they must
//! say go. Pure functions of the play and a pool of cards; nothing here
//! knows about samples or levels.
//!
//! The informed policy's weights are as simple as they look on purpose: a
//! round of screens (the README's "Tried and not kept", the fifth) weighed
//! its terms from ×0.5 to ×1.5, added a second ply, a softmax and a pool
//! weighed by how players keep, and none moved Expert beyond the noise; the
//! variants are commit ea512fa, so the figures rerun.

use crate::cards::{Card, CardSet};
use crate::count::peg_score_unchecked;
use crate::pegging::{MAX_PLAYERS, PlayMove, PlayState};

/// What a player holding `k` cards drawn evenly from `pool` can be expected
/// to score at best on the pile of `state`: E[max] = Σ over each points
/// level v of P(some card scoring ≥ v) × the step up to v. Pegging depends
/// only on ranks, so the pool is taken rank by rank.
pub(super) fn expected_best_reply(state: &PlayState, pool: CardSet, k: usize) -> f32 {
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
    crate::ai::sort_short(scoring, |a, b| a.0 > b.0);
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

/// The fixed policy of the play-outs: the card that scores most now less the
/// most the next player (if an opponent) could score on it with the cards
/// they hold in the sample; ties to the higher card, keeping low cards for
/// the go. In reverse (`reverse`) the mirror: the card that scores least
/// now plus the least the next opponent would be forced to score on it.
pub(super) fn policy(state: &PlayState, side_of: &[usize; MAX_PLAYERS], reverse: bool) -> PlayMove {
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
            if reverse {
                // They lay whatever scores least; with nothing that fits
                // they say go and score nothing now.
                let mut forced = u8::MAX;
                for answer in next.legal_cards() {
                    scratch[pile.len()] = answer;
                    forced = forced.min(peg_score_unchecked(&scratch[..=pile.len()]).points());
                }
                score += i16::from(if forced == u8::MAX { 0 } else { forced }) * 16;
            } else {
                let mut reply = 0;
                for answer in next.legal_cards() {
                    scratch[pile.len()] = answer;
                    reply = reply.max(peg_score_unchecked(&scratch[..=pile.len()]).points());
                }
                score -= i16::from(reply) * 16;
            }
        }
        if reverse {
            // Points are what the side avoids: its own count against it.
            score -= 2 * i16::from(result.points()) * 16;
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
/// In reverse (`reverse`) the mirror, as [`informed_score`] says.
pub(crate) fn informed_policy(
    state: &PlayState,
    pool: CardSet,
    side_of: &[usize; MAX_PLAYERS],
    reverse: bool,
) -> PlayMove {
    let legal = state.legal_cards();
    if state.to_act().is_none() {
        return PlayMove::Go;
    }
    if legal.len() <= 1 {
        return legal.first().map_or(PlayMove::Go, PlayMove::Card);
    }
    let mut best = (f32::NEG_INFINITY, PlayMove::Go);
    for card in legal {
        let score = informed_score(state, card, pool, side_of, reverse);
        if score > best.0 {
            best = (score, PlayMove::Card(card));
        }
    }
    best.1
}

/// What the board adds to the informed policy's score of laying `card`
/// (Expert, two-player standard game): the game won if the card (with the
/// point for last) reaches the target, and lost in the measure the next
/// player, an opponent, can reach theirs with their reply — the chance that
/// a hand of theirs drawn from `pool` holds a card scoring what they need.
/// `needs`: the points each side still needs.
fn board_score(
    state: &PlayState,
    card: Card,
    pool: CardSet,
    side_of: &[usize; MAX_PLAYERS],
    needs: &[i32; MAX_PLAYERS],
) -> f32 {
    /// A game won or lost, in the informed score's points: more than any play.
    const GAME: f32 = 100.0;
    let Some(seat) = state.to_act() else {
        return 0.0;
    };
    let mine = side_of[seat];
    let mut next = *state;
    let result = next.apply_unchecked(PlayMove::Card(card));
    let mut gained = i32::from(result.points());
    if let Some((who, points)) = result.last
        && side_of[who] == mine
    {
        gained += i32::from(points);
    }
    if gained >= needs[mine] {
        return GAME;
    }
    let Some(other) = next.to_act() else {
        return 0.0;
    };
    let need = needs[side_of[other]];
    if side_of[other] == mine || result.reset || need > 15 {
        return 0.0;
    }
    let points = next_card_points(next.pile(), next.count());
    let bits = pool.bits();
    let mut reaching = 0u32;
    for (r, &p) in points.iter().enumerate() {
        if i32::from(p) >= need {
            reaching += ((bits >> (r * 4)) & 0xF).count_ones();
        }
    }
    let total = pool.len() as f32;
    let mut none = 1.0f32;
    for j in 0..next.hand(other).len() as u32 {
        none *= (total - (reaching + j) as f32).max(0.0) / (total - j as f32).max(1.0);
    }
    -GAME * (1.0 - none)
}

/// Expert's play-out policy in two-player standard cribbage: the informed
/// policy with the board in view ([`board_score`]), so that in the
/// play-outs a player pegs out when a card wins, and near the end does not
/// leave the other the count they need.
pub(crate) fn informed_policy_to_win(
    state: &PlayState,
    pool: CardSet,
    side_of: &[usize; MAX_PLAYERS],
    needs: &[i32; MAX_PLAYERS],
) -> PlayMove {
    let legal = state.legal_cards();
    if legal.len() <= 1 {
        return legal.first().map_or(PlayMove::Go, PlayMove::Card);
    }
    let mut best = (f32::NEG_INFINITY, PlayMove::Go);
    for card in legal {
        let score = informed_score(state, card, pool, side_of, false)
            + board_score(state, card, pool, side_of, needs);
        if score > best.0 {
            best = (score, PlayMove::Card(card));
        }
    }
    best.1
}

/// The informed policy's score of laying `card`. In reverse (`reverse`)
/// points are what a side avoids: the card's own points count against it,
/// and what the next opponent will be forced to score (the least they can)
/// for it.
pub(super) fn informed_score(
    state: &PlayState,
    card: Card,
    pool: CardSet,
    side_of: &[usize; MAX_PLAYERS],
    reverse: bool,
) -> f32 {
    let seat = state.to_act().unwrap_or(0);
    let mut next = *state;
    let result = next.apply_unchecked(PlayMove::Card(card));
    if reverse {
        let mut score = -f32::from(result.points());
        if let Some(other) = next.to_act()
            && side_of[other] != side_of[seat]
            && !result.reset
        {
            let k = next.hand(other).len();
            score += expected_least_reply(&next, pool, k);
            // If they cannot play, the seat plays on alone and pegs at least the go.
            score -= go_chance(&next, pool, k) * play_on_least(&next, seat);
        }
        return score + f32::from(card.pips()) * 0.01;
    }
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

/// Reverse: what a player holding `k` cards drawn evenly from `pool` can be
/// expected to be forced to score on the pile of `state`, laying the card
/// that scores least (one that does not fit scores nothing: the go).
/// E[min] = Σ over each points level v of P(every card scores ≥ v).
pub(super) fn expected_least_reply(state: &PlayState, pool: CardSet, k: usize) -> f32 {
    if k == 0 {
        return 0.0;
    }
    let points_by_rank = next_card_points(state.pile(), state.count());
    let mut at_level = [0u32; 32];
    let bits = pool.bits();
    for (r, &points) in points_by_rank.iter().enumerate() {
        at_level[usize::from(points).min(31)] += ((bits >> (r * 4)) & 0xF).count_ones();
    }
    let total = pool.len() as f32;
    let mut expected = 0.0;
    let mut at_least = 0u32;
    // P(every card scores ≥ v) changes only at the few levels some rank
    // scores: worked out there and reused down to the next one (the same
    // sum, term for term, for a fraction of the work in Expert's play-outs).
    let mut p_all = 0.0f32;
    for v in (1..32).rev() {
        if at_level[v] > 0 {
            at_least += at_level[v];
            p_all = 1.0;
            for j in 0..k as u32 {
                p_all *= (at_least as f32 - j as f32).max(0.0) / (total - j as f32).max(1.0);
            }
        }
        if at_least > 0 {
            expected += p_all;
        }
    }
    expected
}

/// Reverse: what `seat` must score going on alone after a go: its
/// least-scoring next card (the go point still to come below 31), or the
/// point for last.
fn play_on_least(state: &PlayState, seat: usize) -> f32 {
    let mine = state.fitting(state.hand(seat));
    if mine.is_empty() {
        return 1.0;
    }
    let points = next_card_points(state.pile(), state.count());
    let least = mine
        .iter()
        .map(|c| {
            let p = points[usize::from(c.rank().index())];
            p + u8::from(state.count() + c.pips() < 31)
        })
        .min()
        .unwrap_or(1);
    f32::from(least)
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
    use crate::ai::rng::Rng;

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
}
