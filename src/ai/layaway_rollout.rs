//! Lay-aways valued by whole hands played out (two-player standard
//! cribbage): the oracle that prices Expert's lay-away (the ignored test
//! `layaway_oracle`; its figures are in the README's "Tried and not kept").
//! Test-only: the lay-away variants screened with it, which used it in
//! Expert's decisions, stay on branch `layaway` (commit 636c54a).
//!
//! A sampled deal is what the seat cannot see: the other player's six
//! cards drawn from the unseen ones, its throw as a level lays away, and a
//! starter from the rest. Every keep is played out on the same deals
//! (common random numbers, so the keeps' differences are not the deals'
//! luck): his heels, the play by Expert's play-out policy for both players
//! (each judging by its own cards, with the board in view), then the
//! pone's hand, the dealer's hand and the crib counted in order, stopping
//! at the target, and the outcome valued by the model's chance at the next
//! deal, or 1 or 0 for a game won or lost on the way.

use super::Level;
use super::discard;
use super::pegging::informed_policy_to_win;
use super::rng::Rng;
use super::winprob::{self, WinModel};
use crate::cards::{Card, CardSet, Rank};
use crate::count::{PreparedHand, ShowKind};
use crate::games::cribbage::Observation;
use crate::pegging::{MAX_PLAYERS, PlayMove, PlayState};

/// One sampled deal: the other player's kept hand and throw, the starter.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Deal {
    /// The four cards the other player keeps.
    pub(crate) keep: CardSet,
    /// The two it lays away.
    pub(crate) throw: CardSet,
    /// The starter.
    pub(crate) starter: Card,
}

/// `n` deals from the seat's view in `obs` (the discard phase, six cards
/// in hand), the other player laying away as `level` does.
pub(crate) fn sample_deals(obs: &Observation, n: usize, level: Level, rng: &mut Rng) -> Vec<Deal> {
    let unseen = obs.unseen();
    let mut other = obs.clone();
    other.seat = 1 - obs.seat;
    other.side = 1 - obs.side;
    (0..n)
        .map(|_| {
            let mut rest = unseen;
            let mut six = CardSet::EMPTY;
            for _ in 0..6 {
                let c = rng.card_in(rest);
                rest.remove(c);
                six.insert(c);
            }
            let starter = rng.card_in(rest);
            other.hand = six;
            let throw = discard::options(&other, level)
                .first()
                .map_or(CardSet::EMPTY, |o| o.discard);
            Deal {
                keep: six - throw,
                throw,
                starter,
            }
        })
        .collect()
}

/// The points each player pegged in the play of one deal (the seat's, the
/// other's), and the end when a player reached the target in it: 1 if the
/// seat won, 0 if it lost.
pub(crate) struct Played {
    /// Points pegged by the seat and by the other player.
    pub(crate) pegged: [i32; 2],
    /// The game's end during the play (his heels included), if it came.
    pub(crate) ended: Option<f64>,
}

/// Plays `keep` (laying away `discard`) against `deal`: his heels and the
/// play, by Expert's play-out policy for both players.
pub(crate) fn play(obs: &Observation, keep: CardSet, discard: CardSet, deal: &Deal) -> Played {
    play_to(obs, keep, discard, deal, true)
}

/// The points the pone and the dealer peg in the whole play of `keep` on
/// `deal` (his heels left out, nobody stopped at the target, though the
/// players still play to it): what the model's pegging distribution counts.
pub(crate) fn pegging(obs: &Observation, keep: CardSet, discard: CardSet, deal: &Deal) -> (u8, u8) {
    let played = play_to(obs, keep, discard, deal, false);
    let [mine, theirs] = played.pegged.map(|p| p.clamp(0, 255) as u8);
    if obs.dealer == obs.seat {
        (theirs, mine)
    } else {
        (mine, theirs)
    }
}

/// [`play`], stopping at the target (`stop`) or playing the whole play
/// without his heels.
fn play_to(obs: &Observation, keep: CardSet, discard: CardSet, deal: &Deal, stop: bool) -> Played {
    let i_deal = obs.dealer == obs.seat;
    let to_go = [
        i32::from(obs.points_to_go(obs.side)),
        i32::from(obs.points_to_go(1 - obs.side)),
    ];
    let mut pts = [0i32; MAX_PLAYERS];
    let dealer = usize::from(!i_deal);
    if stop && deal.starter.rank() == Rank::Jack {
        pts[dealer] += 2;
        if pts[dealer] >= to_go[dealer] {
            return Played {
                pegged: [pts[0], pts[1]],
                ended: Some(if i_deal { 1.0 } else { 0.0 }),
            };
        }
    }
    // Seat 0 is this seat, 1 the other; the pone leads.
    let side_of = [0, 1, 2, 3];
    let starter = CardSet::from(deal.starter);
    let seen = [starter | discard, starter | deal.throw];
    let mut state = PlayState::new(&[keep, deal.keep], 1 - dealer);
    let mut laid = CardSet::EMPTY;
    while let Some(seat) = state.to_act() {
        let pool = !(seen[seat] | laid | state.hand(seat));
        let mut needs = [0i32; MAX_PLAYERS];
        needs[0] = to_go[0] - pts[0];
        needs[1] = to_go[1] - pts[1];
        let mv = informed_policy_to_win(&state, pool, &side_of, &needs);
        if let PlayMove::Card(c) = mv {
            laid.insert(c);
        }
        let result = state.apply_unchecked(mv);
        pts[seat] += i32::from(result.points());
        if stop && pts[seat] >= to_go[seat] {
            return Played {
                pegged: [pts[0], pts[1]],
                ended: Some(if seat == 0 { 1.0 } else { 0.0 }),
            };
        }
        if let Some((who, p)) = result.last {
            pts[who] += i32::from(p);
            if stop && pts[who] >= to_go[who] {
                return Played {
                    pegged: [pts[0], pts[1]],
                    ended: Some(if who == 0 { 1.0 } else { 0.0 }),
                };
            }
        }
    }
    Played {
        pegged: [pts[0], pts[1]],
        ended: None,
    }
}

/// The seat's chance to win with `keep` on `deal`: the play, then the
/// shows in order, then the model's chance at the next deal.
pub(crate) fn value(
    model: &WinModel,
    obs: &Observation,
    keep: CardSet,
    discard: CardSet,
    deal: &Deal,
) -> f64 {
    let played = play(obs, keep, discard, deal);
    if let Some(end) = played.ended {
        return end;
    }
    let i_deal = obs.dealer == obs.seat;
    let mine = i32::from(obs.points_to_go(obs.side)) - played.pegged[0];
    let theirs = i32::from(obs.points_to_go(1 - obs.side)) - played.pegged[1];
    let count = |cards: CardSet, kind| {
        i32::from(PreparedHand::new_unchecked(cards, kind).total(deal.starter))
    };
    let my_hand = count(keep, ShowKind::Hand);
    let their_hand = count(deal.keep, ShowKind::Hand);
    let crib = count(discard | deal.throw, ShowKind::Crib);
    if i_deal {
        model.dealer_after_show(mine, theirs, their_hand, my_hand + crib)
    } else {
        1.0 - model.dealer_after_show(theirs, mine, my_hand, their_hand + crib)
    }
}

/// Every way to lay away in `obs` (as `discard::options` lists them) and
/// its mean chance over `deals`: the same deals for every keep.
pub(crate) fn values(obs: &Observation, deals: &[Deal]) -> Vec<(CardSet, f64)> {
    let model = winprob::model();
    obs.hand
        .subsets_of_len(2)
        .map(|discard| {
            let keep = obs.hand - discard;
            let sum: f64 = deals
                .iter()
                .map(|deal| value(model, obs, keep, discard, deal))
                .sum();
            (discard, sum / deals.len().max(1) as f64)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::arena::pair_seed;
    use crate::ai::rng::Hasher;
    use crate::games::State as _;
    use crate::games::cribbage::{Game, Phase, Rules};

    /// The lay-aways Expert faces in `games` Expert–Hard games (pairs of
    /// seed `seed`, seats exchanged, as `cribbage match` plays them).
    fn expert_layaways(games: u64, seed: u64) -> Vec<Observation> {
        let mut out = Vec::new();
        for g in 0..games {
            let (i, expert_seat) = (g / 2, (g % 2) as usize);
            let mut game = Game::new(Rules::default(), pair_seed(seed, i, 1));
            while let Some(seat) = game.current_player() {
                let obs = game.observation(seat);
                let level = if seat == expert_seat {
                    Level::Expert
                } else {
                    Level::Hard
                };
                if level == Level::Expert && obs.phase == Phase::Discard && obs.legal.len() > 1 {
                    out.push(obs.clone());
                }
                let action = crate::ai::decide(level, &obs, pair_seed(seed, i, 2 + seat as u64))
                    .expect("a legal decision");
                game.advance(action).expect("a legal action");
            }
        }
        out
    }

    /// An oracle run's seed: the observation's own facts and the run.
    fn run_seed(obs: &Observation, run: u64) -> u64 {
        let mut h = Hasher::new();
        h.add(run);
        h.add(obs.hand.bits());
        h.add(u64::from(obs.hand_number));
        h.add(obs.dealer as u64);
        for pegs in &obs.scores {
            h.add(u64::from(pegs.front));
        }
        h.0
    }

    /// The same seed gives the same values (decisions replay), every value
    /// is a chance, the pegging is the play's, and the game ends at the
    /// target: a dealer needing 2 wins on his heels, whatever is kept.
    #[test]
    fn the_rollouts_are_seeded_and_end_at_the_target() {
        use crate::games::cribbage::Setup;
        let game = Game::new(Rules::default(), 5);
        let seat = game.current_player().unwrap();
        let obs = game.observation(seat);
        let deals = |s| sample_deals(&obs, 24, Level::Hard, &mut Rng::new(s));
        let a = values(&obs, &deals(1));
        assert_eq!(a, values(&obs, &deals(1)));
        assert_eq!(a.len(), 15);
        assert!(a.iter().all(|&(_, p)| (0.0..=1.0).contains(&p)));
        // Far from the end the whole play is played: its pegging, seen as
        // the model counts it (pone, dealer), is the play's.
        let keep = obs.hand.iter().take(4).collect::<CardSet>();
        for deal in deals(2).iter().filter(|d| d.starter.rank() != Rank::Jack) {
            let [mine, theirs] = play(&obs, keep, obs.hand - keep, deal).pegged;
            let (pone, dealer) = pegging(&obs, keep, obs.hand - keep, deal);
            let expect = if obs.dealer == seat {
                (theirs, mine)
            } else {
                (mine, theirs)
            };
            assert_eq!((i32::from(pone), i32::from(dealer)), expect);
            assert!(pone + dealer >= 1, "the last card always pegs");
        }

        // The dealer needs 2, the pone 1: a jack turned wins for the dealer
        // before the pone can peg, on every deal.
        let setup = Setup {
            first_dealer: 0,
            scores: vec![119, 120],
            deals: vec![],
        };
        let game = Game::with_setup(Rules::default(), 5, setup).unwrap();
        let model = winprob::model();
        for seat in 0..2 {
            let obs = game.observation(seat);
            let keep = obs.hand.iter().take(4).collect::<CardSet>();
            for mut deal in sample_deals(&obs, 20, Level::Hard, &mut Rng::new(3)) {
                let unseen = obs.unseen() - deal.keep - deal.throw;
                deal.starter = unseen.of_rank(Rank::Jack).first().unwrap();
                let won = value(model, &obs, keep, obs.hand - keep, &deal);
                assert_eq!(won, if seat == 0 { 1.0 } else { 0.0 }, "seat {seat}");
            }
        }
    }

    /// The oracle of Expert's lay-away (two players, standard): on the
    /// lay-aways Expert meets in Expert–Hard games, every keep valued by
    /// full-hand rollouts on the same deals; the oracle's best keep and
    /// Expert's (and Hard's, for scale) priced by a second, independent run.
    /// `LAYAWAY_ORACLE=games,deals` (default 300,1000):
    /// `LAYAWAY_ORACLE=300,1000 cargo test --release --lib layaway_oracle -- --ignored --nocapture`
    #[test]
    #[ignore = "minutes: run by hand for the README's figures"]
    fn layaway_oracle() {
        let spec = std::env::var("LAYAWAY_ORACLE").unwrap_or_else(|_| "300,1000".into());
        let mut parts = spec.split(',').map(|s| s.trim().parse::<u64>().unwrap());
        let (games, deals) = (
            parts.next().unwrap_or(300),
            parts.next().unwrap_or(1000) as usize,
        );
        let layaways = expert_layaways(games, 1);
        // (i deal, my to go, their to go, Expert's price, Hard's price, differs)
        type Row = (bool, i32, i32, f64, f64, bool);
        let work = |part: usize| -> Vec<Row> {
            layaways
                .iter()
                .skip(part)
                .step_by(2)
                .map(|obs| {
                    let price = |run| {
                        let deals = sample_deals(
                            obs,
                            deals,
                            Level::Hard,
                            &mut Rng::new(run_seed(obs, run)),
                        );
                        values(obs, &deals)
                    };
                    let (a, b) = (price(1), price(2));
                    let best_a = a
                        .iter()
                        .max_by(|x, y| x.1.total_cmp(&y.1).then(y.0.bits().cmp(&x.0.bits())))
                        .unwrap()
                        .0;
                    let expert = discard::options(obs, Level::Expert)[0].discard;
                    let hard = discard::options(obs, Level::Hard)[0].discard;
                    let at = |d: CardSet| b.iter().find(|x| x.0 == d).unwrap().1;
                    (
                        obs.dealer == obs.seat,
                        i32::from(obs.points_to_go(obs.side)),
                        i32::from(obs.points_to_go(1 - obs.side)),
                        at(best_a) - at(expert),
                        at(best_a) - at(hard),
                        best_a != expert,
                    )
                })
                .collect()
        };
        let rows: Vec<Row> = std::thread::scope(|s| {
            let h = [s.spawn(|| work(0)), s.spawn(|| work(1))];
            h.into_iter().flat_map(|h| h.join().unwrap()).collect()
        });
        let per_game = rows.len() as f64 / games as f64;
        let report = |name: &str, keep: &dyn Fn(&Row) -> bool| {
            let sel: Vec<&Row> = rows.iter().filter(|r| keep(r)).collect();
            let n = sel.len().max(1) as f64;
            let mean = sel.iter().map(|r| r.3).sum::<f64>() / n;
            let sd = (sel.iter().map(|r| (r.3 - mean).powi(2)).sum::<f64>() / n).sqrt();
            let hard = sel.iter().map(|r| r.4).sum::<f64>() / n;
            let differ = sel.iter().filter(|r| r.5).count();
            println!(
                "{name}: {} lay-aways, differ {differ} ({:.1}%), Expert loses {:.5} (se {:.5}) a lay-away, {:.2} points of win rate a game in all; Hard loses {:.5}",
                sel.len(),
                100.0 * differ as f64 / n,
                mean,
                sd / n.sqrt(),
                100.0 * mean * sel.len() as f64 / games as f64,
                hard,
            );
        };
        println!("{games} games, {deals} deals a run, {per_game:.2} Expert lay-aways a game");
        report("all", &|_| true);
        report("dealer", &|r| r.0);
        report("pone", &|r| !r.0);
        report("both need > 45", &|r| r.1 > 45 && r.2 > 45);
        report("either needs <= 45", &|r| r.1 <= 45 || r.2 <= 45);
        report("either needs <= 25", &|r| r.1 <= 25 || r.2 <= 25);
    }
}
