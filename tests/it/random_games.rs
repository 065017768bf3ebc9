//! Invariants over random games of standard and reverse cribbage, each
//! across two, three and four players, both targets, both ways of counting
//! and both match formats, and one game in four with the players cutting for
//! deal by hand. Every invariant in `cribbage::audit` is checked after every
//! action.
//!
//! The default run audits a few thousand games of each; the 100,000-game
//! audits are the soak (`./build.sh soak`, release profile), ignored here so
//! every change does not wait for them.

use cribbage::audit::{AuditStats, audit_random_game};
use cribbage::games::cribbage::{Counting, CutForDeal, MatchFormat, Rules};

/// Games in the default run: 200 for each of the 24 tables.
const GAMES: u64 = 4_800;
/// Games in the soak.
const SOAK_GAMES: u64 = 100_000;

#[test]
fn invariants_hold_over_random_games() {
    audit_all(false, GAMES);
}

#[test]
fn invariants_hold_over_random_reverse_games() {
    audit_all(true, GAMES);
}

#[test]
#[ignore = "soak: ./build.sh soak runs it in the release profile"]
fn soak_invariants_hold_over_a_hundred_thousand_random_games() {
    audit_all(false, SOAK_GAMES);
}

#[test]
#[ignore = "soak: ./build.sh soak runs it in the release profile"]
fn soak_invariants_hold_over_a_hundred_thousand_random_reverse_games() {
    audit_all(true, SOAK_GAMES);
}

/// Audits at least `games` games spread evenly over every table, game `i`
/// of table `c` from seed `c << 32 | i`, so the default run's games are the
/// first of the soak's.
fn audit_all(reverse: bool, games: u64) {
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
    let per_config = games.div_ceil(configs.len() as u64);
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
    assert!(stats.games >= games, "{} games", stats.games);
    assert!(stats.illegal_refused > stats.actions);
    assert!(stats.skunks > 0 && stats.double_skunks > 0 && stats.muggins > 0 && stats.heels > 0);
    assert!(stats.undos > 0, "undo is exercised");
}
