//! The saved-game corpus: standard cribbage must never change by one point.
//!
//! `tests/data/corpus-v1.jsonl` holds 1,008 games saved by the engine as it
//! was before the family redesign (commit 8dced48): 2, 3 and 4 players, 61
//! and 121, automatic counting and muggins, single games and best of three,
//! played by random players and by every computer level. Each line is
//! `{"save": <the v1 save>, "events": N, "digest": "<hex>",
//! "digest_beside_show": "<hex>", "scores": [..], "winner": side,
//! "results": [..]}`, where `digest` is FNV-1a (64-bit) over the JSON of
//! every event the game produced, one per line, and `digest_beside_show`
//! the same over every event but the show's counts and the muggins calls.
//!
//! A game with automatic counting must replay to the same events, byte for
//! byte. A muggins game predates muggins calls that name a count (the rules'
//! revised decision): it replays under today's rules, its calls read as
//! naming the true count, so its claims, calls and counts are told in a new
//! order; every other event, every point with its reason, the scores and
//! the results must be the same. (`digest_beside_show` was written by the
//! engine of commit 5b5ffaa, which replayed the corpus byte for byte.)
//!
//! `tests/data/golden-deals.json` pins, for each seed, what chance gives:
//! the cuts for deal and the first hand's cards. A change of random-number
//! library, or of how the engine draws from it, would re-deal every saved
//! game; this test says so at once.
//!
//! The v1 corpus is frozen: it is what players' old saves look like. To
//! write a corpus of today's format, and the golden deals again (only when
//! a change of outcome is intended, and never silently):
//! `CORPUS_WRITE=1 cargo test --test it -- --ignored --exact corpus::write_corpus`, which writes
//! `corpus-vN.jsonl` for the current format N.

use cribbage::ai::{Level, decide};
use cribbage::cards::CardSet;
use cribbage::games::State as _;
use cribbage::games::cribbage::{Counting, MatchFormat, Rules};
use cribbage::games::cribbage::{Event, Game};
use serde_json::{Value, json};
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// FNV-1a, 64-bit: a hash this file owns, so the digests never depend on a
/// library's choice of hasher.
fn fnv1a(bytes: &[u8], mut hash: u64) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// An event's (or result's) JSON as the engine wrote it before the board's
/// scores were handed over: without the `"shown"` each pegging and each
/// game's end now carry (the score stopped in the game hole, for the page).
/// The events are otherwise byte for byte the same; only their spelling
/// has grown, as `table_top::as_written_then` says of its own.
pub(crate) fn without_shown(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    let mut rest = json;
    while let Some(at) = rest.find(r#","shown":"#) {
        out.push_str(&rest[..at]);
        let tail = &rest[at + r#","shown":"#.len()..];
        let end = if tail.starts_with('[') {
            tail.find(']').expect("a list's end") + 1
        } else {
            tail.find(|c: char| !c.is_ascii_digit())
                .unwrap_or(tail.len())
        };
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

fn digest(events: &[Event]) -> String {
    let mut hash = 0xcbf2_9ce4_8422_2325;
    for event in events {
        let text = without_shown(&serde_json::to_string(event).expect("events serialize"));
        hash = fnv1a(text.as_bytes(), hash);
        hash = fnv1a(b"\n", hash);
    }
    format!("{hash:016x}")
}

/// The digest of every event but the show's counts and muggins calls.
fn digest_beside_the_show(events: &[Event]) -> String {
    let kept: Vec<Event> = events
        .iter()
        .filter(|e| {
            !matches!(
                e,
                Event::Show { .. }
                    | Event::Accepted { .. }
                    | Event::Claimed { .. }
                    | Event::Called { .. }
            )
        })
        .cloned()
        .collect();
    digest(&kept)
}

fn summary(game: &Game) -> Value {
    json!({
        "events": game.events().len(),
        "digest": digest(game.events()),
        "digest_beside_show": digest_beside_the_show(game.events()),
        "scores": game.scores().iter().map(|p| p.front).collect::<Vec<_>>(),
        "winner": game.winner(),
        "results": serde_json::from_str::<Value>(&without_shown(
            &serde_json::to_string(game.results()).expect("results serialize")
        ))
        .expect("results read back"),
    })
}

/// A small generator of our own for the random players, so the corpus does
/// not depend on any library's sequence.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn all_rules() -> Vec<Rules> {
    let mut rules = Vec::new();
    for players in [2, 3, 4] {
        for target in [121, 61] {
            for counting in [Counting::Automatic, Counting::Muggins] {
                for format in [MatchFormat::Single, MatchFormat::BestOfThree] {
                    rules.push(Rules::new(players, target, counting, format).unwrap());
                }
            }
        }
    }
    rules
}

/// Plays game `i` of configuration `rules`: even games by random players,
/// odd ones by computer players of every level (a different mix per game).
fn play(rules: Rules, i: u64) -> Game {
    let seed = 1_000_003 * i + u64::from(rules.target()) + rules.players() as u64;
    let mut game = Game::new(rules, seed);
    let mut rng = SplitMix(seed ^ 0x5eed);
    let levels = Level::PLAYABLE;
    let bots: Option<Vec<Level>> = (i % 2 == 1).then(|| {
        (0..rules.players())
            // Expert is slow in 4-player matches; it sits at one seat at most.
            .map(|s| levels[(i as usize / 2 + s) % if s == 0 { 4 } else { 3 }])
            .collect()
    });
    while let Some(seat) = game.current_player() {
        let action = match &bots {
            Some(levels) => decide(levels[seat], &game.observation(seat), rng.next())
                .expect("a computer player decides"),
            None => {
                let legal = game.legal_actions();
                legal[(rng.next() % legal.len() as u64) as usize].clone()
            }
        };
        game.apply(action).expect("a legal action");
    }
    game
}

#[test]
#[ignore = "writes the corpus; run only to change outcomes on purpose"]
fn write_corpus() {
    if std::env::var_os("CORPUS_WRITE").is_none() {
        return;
    }
    let mut lines = String::new();
    for rules in all_rules() {
        for i in 0..42 {
            let game = play(rules, i);
            let mut line = summary(&game);
            line["save"] = serde_json::from_str(&game.to_json()).unwrap();
            lines.push_str(&line.to_string());
            lines.push('\n');
        }
    }
    let name = format!("corpus-v{}.jsonl", cribbage::record::SAVE_VERSION);
    assert_ne!(name, "corpus-v1.jsonl", "the v1 corpus is frozen");
    std::fs::write(data(&name), lines).unwrap();

    let mut deals = Vec::new();
    for players in [2u8, 3, 4] {
        for seed in 0..24u64 {
            deals.push(golden_deal(players, seed));
        }
    }
    let text = serde_json::to_string_pretty(&deals).unwrap();
    std::fs::write(data("golden-deals.json"), text + "\n").unwrap();
}

/// What chance gave a game of `players` from `seed`: the cuts for deal, the
/// first hand as dealt, and the starter once each seat has laid away its
/// lowest cards.
fn golden_deal(players: u8, seed: u64) -> Value {
    let rules = Rules::new(players, 121, Counting::Automatic, MatchFormat::Single).unwrap();
    let mut game = Game::new(rules, seed);
    let cuts: Vec<Value> = game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::CutForDeal { cuts, .. } => Some(json!(
                cuts.iter().map(|c| c.card.to_string()).collect::<Vec<_>>()
            )),
            _ => None,
        })
        .collect();
    let hands: Vec<String> = (0..rules.players())
        .map(|s| game.hand(s).to_string())
        .collect();
    let crib = game.crib().to_string();
    while game.starter().is_none() && !game.is_over() {
        let seat = game.current_player().unwrap();
        let lowest: CardSet = game.hand(seat).iter().take(rules.discards()).collect();
        game.apply(cribbage::games::cribbage::Action::Discard(lowest))
            .unwrap();
    }
    json!({
        "players": players,
        "seed": seed,
        "cuts": cuts,
        "dealer": game.dealer(),
        "hands": hands,
        "crib_dealt": crib,
        "starter": game.starter().map(|c| c.to_string()),
    })
}

#[test]
fn every_saved_game_replays_identically() {
    let text = std::fs::read_to_string(data("corpus-v1.jsonl")).expect("the corpus");
    let mut games = 0;
    let mut muggins = 0;
    let mut configs = std::collections::BTreeSet::new();
    for (n, line) in text.lines().enumerate() {
        let mut expected: Value = serde_json::from_str(line).unwrap();
        let save = expected["save"].take();
        expected.as_object_mut().unwrap().remove("save");
        configs.insert(save["rules"].to_string());
        let game = Game::from_json(&save.to_string())
            .unwrap_or_else(|e| panic!("corpus line {}: {e}", n + 1));
        assert!(game.is_over(), "corpus line {}: not finished", n + 1);
        let mut replayed = summary(&game);
        if game.rules().counting() == Counting::Muggins {
            for told_anew in ["digest", "events"] {
                replayed.as_object_mut().unwrap().remove(told_anew);
                expected.as_object_mut().unwrap().remove(told_anew);
            }
            muggins += 1;
        }
        assert_eq!(replayed, expected, "corpus line {}", n + 1);
        games += 1;
    }
    assert!(games >= 1000, "{games} games");
    assert!(muggins >= 500, "{muggins} muggins games");
    assert_eq!(configs.len(), 24, "every configuration is in the corpus");
}

/// `tests/data/muggins-prefixes-v1.jsonl`: muggins games of the corpus, cut
/// short just after claims and calls and saved by the engine of commit
/// 5b5ffaa with the scores it had pegged. Each restores under today's rules
/// with those scores: a claim the old rules had pegged at once is pegged
/// (the opponents letting a right one stand), and one the old rules still
/// offered to a caller waits for that same caller.
#[test]
fn muggins_saves_cut_short_restore_with_their_scores() {
    use cribbage::games::cribbage::{Action, Phase};
    let text = std::fs::read_to_string(data("muggins-prefixes-v1.jsonl")).expect("the prefixes");
    let mut waiting = 0;
    for (n, line) in text.lines().enumerate() {
        let save: Value = serde_json::from_str(line).unwrap();
        let game = Game::from_json(line).unwrap_or_else(|e| panic!("prefix line {}: {e}", n + 1));
        let scores: Vec<u16> = serde_json::from_value(save["scores"].clone()).unwrap();
        let last = save["actions"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .as_str()
            .unwrap();
        if game.phase() == Phase::Muggins {
            // Only an under-claim that did not end the game still waits.
            waiting += 1;
            assert!(
                last.starts_with("claim") || last == "accept",
                "line {}: {last}",
                n + 1
            );
            assert!(game.observation(0).showing.unwrap().claimed.is_some());
            let mut settled = game.clone();
            while settled.phase() == Phase::Muggins {
                settled.apply(Action::Accept).unwrap();
            }
            // The old rules had pegged the claim already.
            let pegged: Vec<u16> = settled.scores().iter().map(|p| p.front).collect();
            assert_eq!(pegged, scores, "line {}", n + 1);
        } else {
            let replayed: Vec<u16> = game.scores().iter().map(|p| p.front).collect();
            assert_eq!(replayed, scores, "line {}", n + 1);
        }
    }
    assert!(waiting >= 10, "{waiting} saves waiting for a call");
}

#[test]
fn seeds_deal_the_golden_cards() {
    let text = std::fs::read_to_string(data("golden-deals.json")).expect("the golden deals");
    let expected: Vec<Value> = serde_json::from_str(&text).unwrap();
    assert_eq!(expected.len(), 72);
    for want in expected {
        let players = want["players"].as_u64().unwrap() as u8;
        let seed = want["seed"].as_u64().unwrap();
        assert_eq!(
            golden_deal(players, seed),
            want,
            "{players} players, seed {seed}"
        );
    }
}
