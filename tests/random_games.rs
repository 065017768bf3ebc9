//! Invariants over many random games: 100,000 of standard cribbage and
//! 100,000 of reverse cribbage, each across two, three and four players, both
//! targets, both ways of counting and both match formats, and one game in
//! four with the players cutting for deal by hand. Every invariant in
//! `cribbage::audit` is checked after every action.

use cribbage::audit::{AuditStats, audit_random_game};
use cribbage::games::cribbage::{Counting, CutForDeal, MatchFormat, Rules};

const GAMES: u64 = 100_000;

#[test]
fn invariants_hold_over_a_hundred_thousand_random_games() {
    audit_all(false);
}

#[test]
fn invariants_hold_over_a_hundred_thousand_random_reverse_games() {
    audit_all(true);
}

fn audit_all(reverse: bool) {
    let mut configs = Vec::new();
    for players in [2, 3, 4] {
        for target in [121, 61] {
            for counting in [Counting::Automatic, Counting::Muggins] {
                for format in [MatchFormat::Single, MatchFormat::BestOfThree] {
                    let rules = Rules::new(players, target, counting, format).unwrap();
                    configs.push(if reverse { rules.reverse() } else { rules });
                }
            }
        }
    }
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(8)) as u64;
    let per_config = GAMES.div_ceil(configs.len() as u64);
    let totals: Vec<AuditStats> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let configs = &configs;
                scope.spawn(move || {
                    let mut stats = AuditStats::default();
                    for (c, &rules) in configs.iter().enumerate() {
                        for i in (t..per_config).step_by(threads as usize) {
                            let seed = (c as u64) << 32 | i;
                            let rules = if i % 4 == 3 {
                                rules.with_cut_for_deal(CutForDeal::ByHand)
                            } else {
                                rules
                            };
                            if let Err(violation) = audit_random_game(rules, seed, &mut stats) {
                                panic!("{violation}");
                            }
                        }
                    }
                    stats
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut stats = AuditStats::default();
    for t in &totals {
        stats.merge(t);
    }
    assert!(stats.games >= GAMES, "{} games", stats.games);
    assert!(stats.illegal_refused > stats.actions);
    assert!(stats.skunks > 0 && stats.double_skunks > 0 && stats.muggins > 0 && stats.heels > 0);
    assert!(stats.undos > 0, "undo is exercised");
}
