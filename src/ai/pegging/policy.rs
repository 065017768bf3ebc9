//! How a card is judged inside the play-outs, and the quick estimates the
//! judging uses: what the next opponent can score on it, whether they must
//! say go. Pure functions of the play and a pool of cards; nothing here
//! knows about samples or levels.

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

/// Play-out policy variants for issue 26's fifth round of screens, each
/// behind an environment variable read once (branch only, not for merge;
/// all off, the policy is Expert's as shipped). They change only Expert's
/// play-outs in two-player standard cribbage ([`variant_policy_to_win`]),
/// and the card reading only with `POLICY_READING=1`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Variant {
    /// `POLICY_REPLY_W`: the weight on the next opponent's expected best reply (1).
    pub(super) reply_w: f32,
    /// `POLICY_REPLY_SIDE=self|opp`: the reply's weight for the searching
    /// side's seat only, or for its opponents only (both: unset).
    pub(super) reply_side: Option<bool>,
    /// `POLICY_GO_W`: the weight on the go chance × playing on (1).
    pub(super) go_w: f32,
    /// `POLICY_PLY2`: the weight on the seat's own expected best re-reply
    /// to the opponent's likely reply (0: none).
    pub(super) ply2: f32,
    /// `POLICY_PLY2_SELF=1`: the second ply for the searching side's seat only.
    pub(super) ply2_self: bool,
    /// `POLICY_SOFTMAX`: a temperature, in points, for a softmax over the
    /// informed scores in place of the best (0: the best).
    pub(super) softmax: f32,
    /// `POLICY_SOFTMAX_OPP=1`: the softmax for the searching side's opponents only.
    pub(super) softmax_opp: bool,
    /// `POLICY_KEEPS=1`: the other player's hand taken as a player of its
    /// role keeps (rank weights from the throw tables), not evenly from the pool.
    pub(super) keeps: bool,
    /// `POLICY_READING=1`: the card reading scores the opponent's plays with
    /// the variant's score too.
    pub(super) reading: bool,
    /// `POLICY_FORCE=1`: the variants' code with every setting as shipped
    /// (a check that it plays as Expert does).
    pub(super) force: bool,
}

impl Variant {
    /// Whether any variant of the play-out policy is on.
    pub(super) fn on(&self) -> bool {
        self.reply_w != 1.0
            || self.go_w != 1.0
            || self.ply2 != 0.0
            || self.softmax > 0.0
            || self.keeps
            || self.force
    }
}

/// The variants set in the environment (read once).
pub(super) fn variant() -> &'static Variant {
    use std::sync::OnceLock;
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| {
        let num = |k: &str, d: f32| {
            std::env::var(k)
                .ok()
                .and_then(|v| v.parse::<f32>().ok())
                .unwrap_or(d)
        };
        let flag = |k: &str| std::env::var(k).is_ok_and(|v| v == "1");
        let v = Variant {
            reply_w: num("POLICY_REPLY_W", 1.0),
            reply_side: std::env::var("POLICY_REPLY_SIDE").ok().map(|s| s == "self"),
            go_w: num("POLICY_GO_W", 1.0),
            ply2: num("POLICY_PLY2", 0.0),
            ply2_self: flag("POLICY_PLY2_SELF"),
            softmax: num("POLICY_SOFTMAX", 0.0),
            softmax_opp: flag("POLICY_SOFTMAX_OPP"),
            keeps: flag("POLICY_KEEPS"),
            reading: flag("POLICY_READING"),
            force: flag("POLICY_FORCE"),
        };
        if v.on() || v.reading {
            eprintln!("policy variant: {v:?}");
        }
        v
    })
}

/// How much more (or less) often than a card drawn evenly a player of the
/// role (`dealer`) holds a card of each rank after laying away, from the
/// throw tables: the expected cards of each rank thrown, out of the 6/13
/// dealt, the rest kept, against 4/13 kept evenly.
fn keep_weights(dealer: bool) -> &'static [f32; 13] {
    use std::sync::OnceLock;
    static W: OnceLock<[[f32; 13]; 2]> = OnceLock::new();
    let all = W.get_or_init(|| {
        let mut all = [[1.0f32; 13]; 2];
        for (role, w) in all.iter_mut().enumerate() {
            let rho = crate::ai::throws::propensity(role == 1);
            for (r, slot) in w.iter_mut().enumerate() {
                // Two random cards are ranks {r, b} with chance 16/1326
                // (b ≠ r) or 6/1326 (a pair, two cards of rank r).
                let mut thrown = 0.0f64;
                for (b, &p) in rho[r].iter().enumerate() {
                    thrown += if b == r { 2.0 * p * 6.0 } else { p * 16.0 } / 1326.0;
                }
                *slot = ((6.0 / 13.0 - thrown) / (4.0 / 13.0)).max(0.05) as f32;
            }
        }
        all
    });
    &all[usize::from(dealer)]
}

/// Rank by rank, how many cards of `pool` a player's hand may hold, weighed
/// by `weights` where given.
fn rank_counts(pool: CardSet, weights: Option<&[f32; 13]>) -> [f32; 13] {
    let bits = pool.bits();
    let mut n = [0.0f32; 13];
    for (r, slot) in n.iter_mut().enumerate() {
        let cards = ((bits >> (r * 4)) & 0xF).count_ones() as f32;
        *slot = cards * weights.map_or(1.0, |w| w[r]);
    }
    n
}

/// P(none of `k` cards drawn from `total` is among `hits`), weighed counts.
fn p_none(total: f32, hits: f32, k: usize) -> f32 {
    let mut p = 1.0f32;
    for j in 0..k {
        p *= (total - hits - j as f32).max(0.0) / (total - j as f32).max(1.0);
    }
    p
}

/// The variant's informed score of laying `card` (two-player standard):
/// the points now, less the next opponent's expected best reply (×
/// `reply_w`; the pool weighed by their role's keeps with `keeps`), plus
/// the go chance × playing on, plus `ply2` × the seat's expected best
/// re-reply to the opponent's likely reply.
pub(super) fn variant_score(
    state: &PlayState,
    card: Card,
    pool: CardSet,
    side_of: &[usize; MAX_PLAYERS],
    dealer: usize,
    ply2: f32,
    reply_w: f32,
) -> f32 {
    let v = variant();
    let seat = state.to_act().unwrap_or(0);
    let mut next = *state;
    let result = next.apply_unchecked(PlayMove::Card(card));
    let mut score = f32::from(result.points());
    if let Some(other) = next.to_act()
        && side_of[other] != side_of[seat]
        && !result.reset
    {
        let k = next.hand(other).len();
        let weights = v.keeps.then(|| keep_weights(other == dealer));
        let n = rank_counts(pool, weights);
        let total: f32 = n.iter().sum();
        let points = next_card_points(next.pile(), next.count());
        // The reply's levels, best first: (points, weighed cards).
        let mut levels = [(0u8, 0.0f32); 13];
        let mut m = 0;
        let mut fitting = 0.0f32;
        for r in 0..13 {
            if n[r] == 0.0 || next.count() + (r as u8 + 1).min(10) > 31 {
                continue;
            }
            fitting += n[r];
            if points[r] > 0 {
                levels[m] = (points[r], n[r]);
                m += 1;
            }
        }
        let levels = &mut levels[..m];
        crate::ai::sort_short(levels, |a, b| a.0 > b.0);
        // P(their best scores ≥ each level), and E[best].
        let mut at_least = 0.0f32;
        let mut best = 0.0f32;
        // P(best ≥ v) for each rank's level, to split the chance by rank.
        let mut p_ge = [0.0f32; 32];
        for i in 0..levels.len() {
            at_least += levels[i].1;
            let below = levels.get(i + 1).map_or(0, |s| s.0);
            if levels[i].0 == below {
                continue;
            }
            let p = 1.0 - p_none(total, at_least, k);
            p_ge[usize::from(levels[i].0)] = p;
            best += f32::from(levels[i].0 - below) * p;
        }
        score -= reply_w * best;
        let go = p_none(total, fitting, k);
        score += v.go_w * go * play_on(&next, seat);
        if ply2 != 0.0 {
            // Their reply: the best-scoring card they hold, a rank of the
            // level shared in proportion to its cards; with nothing that
            // scores, any card that fits.
            let p_scoring = 1.0 - p_none(total, levels.iter().map(|l| l.1).sum(), k);
            let p_any = 1.0 - go;
            let mut level_p = [0.0f32; 32];
            let mut level_n = [0.0f32; 32];
            let mut above = 0.0f32;
            for lv in (1..32).rev() {
                if p_ge[lv] > 0.0 {
                    level_p[lv] = p_ge[lv] - above;
                    above = p_ge[lv];
                }
            }
            level_p[0] = (p_any - p_scoring).max(0.0);
            for r in 0..13 {
                if n[r] > 0.0 && next.count() + (r as u8 + 1).min(10) <= 31 {
                    level_n[usize::from(points[r])] += n[r];
                }
            }
            let mine = next.hand(seat);
            let mut pile = [card; 14];
            let len = next.pile().len();
            pile[..len].copy_from_slice(next.pile());
            let mut re = 0.0f32;
            for r in 0..13u8 {
                let pips = (r + 1).min(10);
                let lv = usize::from(points[usize::from(r)]);
                if n[usize::from(r)] == 0.0 || next.count() + pips > 31 || level_n[lv] == 0.0 {
                    continue;
                }
                let p = level_p[lv] * n[usize::from(r)] / level_n[lv];
                let count = next.count() + pips;
                if p <= 0.0 || count == 31 {
                    continue;
                }
                pile[len] = Card::new(
                    crate::cards::Rank::ALL[usize::from(r)],
                    crate::cards::Suit::Clubs,
                );
                let after = next_card_points(&pile[..=len], count);
                let answer = mine
                    .iter()
                    .filter(|c| count + c.pips() <= 31)
                    .map(|c| after[usize::from(c.rank().index())])
                    .max()
                    .unwrap_or(0);
                re += p * f32::from(answer);
            }
            score += ply2 * re;
        }
    }
    score + f32::from(card.pips()) * 0.01
}

/// Expert's play-out policy with the variants on: [`informed_policy_to_win`]
/// with [`variant_score`] in place of [`informed_score`], and a softmax over
/// the scores (temperature `softmax`) in place of the best where asked.
/// `searcher`: the side whose search this is.
pub(super) fn variant_policy_to_win(
    state: &PlayState,
    pool: CardSet,
    side_of: &[usize; MAX_PLAYERS],
    needs: &[i32; MAX_PLAYERS],
    dealer: usize,
    searcher: usize,
    rng: &mut crate::ai::rng::Rng,
) -> PlayMove {
    let legal = state.legal_cards();
    if legal.len() <= 1 {
        return legal.first().map_or(PlayMove::Go, PlayMove::Card);
    }
    let v = variant();
    let seat = state.to_act().unwrap_or(0);
    let mine = side_of[seat] == searcher;
    let ply2 = if v.ply2_self && !mine { 0.0 } else { v.ply2 };
    let reply_w = match v.reply_side {
        Some(me) if me != mine => 1.0,
        _ => v.reply_w,
    };
    let mut scores = [(f32::NEG_INFINITY, PlayMove::Go); 4];
    let mut n = 0;
    let mut best = (f32::NEG_INFINITY, PlayMove::Go);
    for card in legal {
        let score = variant_score(state, card, pool, side_of, dealer, ply2, reply_w)
            + board_score(state, card, pool, side_of, needs);
        if n < 4 {
            scores[n] = (score, PlayMove::Card(card));
            n += 1;
        }
        if score > best.0 {
            best = (score, PlayMove::Card(card));
        }
    }
    if v.softmax > 0.0 && !(v.softmax_opp && mine) {
        let weights: Vec<f64> = scores[..n]
            .iter()
            .map(|s| f64::from((s.0 - best.0) / v.softmax).exp())
            .collect();
        let sum: f64 = weights.iter().sum();
        let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * sum;
        for (w, s) in weights.iter().zip(&scores[..n]) {
            if x < *w {
                return s.1;
            }
            x -= w;
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng::Rng;

    /// The screens' variant code, every setting as shipped (no `POLICY_`
    /// variable in a test run), scores every card as Expert's policy does.
    #[test]
    fn the_variant_score_off_is_the_informed_score() {
        let mut rng = Rng::new(7);
        let side_of = [0, 1, 0, 1];
        for _ in 0..2000 {
            let mut deck = CardSet::DECK;
            let mut hands = [CardSet::EMPTY; 2];
            for hand in &mut hands {
                for _ in 0..4 {
                    let c = rng.card_in(deck);
                    deck.remove(c);
                    hand.insert(c);
                }
            }
            let mut state = PlayState::new(&hands, rng.below(2));
            for _ in 0..rng.below(6) {
                let legal = state.legal_cards();
                let mv = if legal.is_empty() {
                    PlayMove::Go
                } else {
                    PlayMove::Card(legal.iter().nth(rng.below(legal.len())).unwrap())
                };
                state.apply_unchecked(mv);
            }
            let Some(seat) = state.to_act() else { continue };
            let pool = deck | hands[1 - seat];
            for card in state.legal_cards() {
                let a = informed_score(&state, card, pool, &side_of, false);
                let b = variant_score(&state, card, pool, &side_of, 0, 0.0, 1.0);
                assert!((a - b).abs() < 1e-5, "{card}: {a} against {b}");
            }
        }
    }

    /// The second ply: leading from a pair (7 7 K 2) gains the pair royal
    /// that answers their pair, where a lone card's lead does not.
    #[test]
    fn the_second_ply_sees_the_pair_royal() {
        let hand: CardSet = "7H 7C KD 2S".parse().unwrap();
        let other: CardSet = "3H 4C 9D QS".parse().unwrap();
        let state = PlayState::new(&[hand, other], 0);
        let pool = !(hand);
        let side_of = [0, 1, 0, 1];
        let seven: Card = "7H".parse().unwrap();
        let king: Card = "KD".parse().unwrap();
        let gain = |c| {
            variant_score(&state, c, pool, &side_of, 1, 1.0, 1.0)
                - variant_score(&state, c, pool, &side_of, 1, 0.0, 1.0)
        };
        assert!(
            gain(seven) > gain(king) + 0.1,
            "{} {}",
            gain(seven),
            gain(king)
        );
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
}
