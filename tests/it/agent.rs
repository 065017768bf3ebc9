//! `cribbage agent` and `cribbage match`, through the real binary: a
//! referee plays whole games against the agent over its JSON-lines protocol.

use cribbage::ai::{Bot, Level, Player};
use cribbage::count::ShowKind;
use cribbage::games::State as _;
use cribbage::games::cribbage::Rules;
use cribbage::games::cribbage::{Action, Event, Game, Phase, Reason};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

fn spawn(args: &[&str]) -> (Child, ChildStdin, BufReader<ChildStdout>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cribbage"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cribbage binary runs");
    let stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    (child, stdin, stdout)
}

fn send(stdin: &mut ChildStdin, message: &Value) {
    writeln!(stdin, "{message}").unwrap();
    stdin.flush().unwrap();
}

fn receive(stdout: &mut BufReader<ChildStdout>) -> Value {
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
}

/// Closes the agent's input and checks how it ended: nothing more on
/// stdout than the answers already read (`why` says what those were),
/// nothing on stderr, and a clean exit.
fn finish(mut child: Child, stdin: ChildStdin, mut stdout: BufReader<ChildStdout>, why: &str) {
    drop(stdin);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    assert_eq!(rest, "", "{why}");
    let mut errors = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut errors)
        .unwrap();
    assert_eq!(errors, "");
    assert!(child.wait().unwrap().success());
}

/// The referee: seat 0 is the agent, seat 1 a library bot.
struct Referee {
    game: Game,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    replies: usize,
}

impl Referee {
    fn who(&self, seat: usize) -> &'static str {
        if seat == 0 { "me" } else { "opp" }
    }

    fn scores(&self) -> Value {
        let s = self.game.scores();
        json!({"me": s[0].front, "opp": s[1].front})
    }

    /// Tells the agent what the events show it.
    fn tell(&mut self, events: &[Event]) {
        for (i, event) in events.iter().enumerate() {
            let message = match event {
                Event::Starter { card, .. } => Some(json!({
                    "type": "event", "what": "starter", "card": card.to_string(),
                    "heels": if card.is_jack() { 2 } else { 0 },
                    "to": self.who(self.game.dealer()),
                })),
                Event::Played { seat, card, count } => {
                    let points = events[i + 1..]
                        .iter()
                        .take_while(|e| !matches!(e, Event::Played { .. } | Event::Go { .. }))
                        .find_map(|e| match e {
                            Event::Pegged(p) if matches!(p.reason, Reason::Play { .. }) => {
                                Some(p.points)
                            }
                            _ => None,
                        })
                        .unwrap_or(0);
                    Some(json!({
                        "type": "event", "what": "play", "who": self.who(*seat),
                        "card": card.to_string(), "count": count, "points": points,
                    }))
                }
                Event::Pegged(peg) if matches!(peg.reason, Reason::Last { .. }) => Some(json!({
                    "type": "event", "what": "go", "who": self.who(peg.seat), "points": peg.points,
                })),
                Event::Show {
                    seat, kind, score, ..
                } => Some(json!({
                    "type": "event", "what": "show", "who": self.who(*seat),
                    "crib": *kind == ShowKind::Crib,
                    "cards": score.hand.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                    "starter": score.starter.to_string(), "points": score.total,
                })),
                Event::HandOver { scores } => Some(json!({
                    "type": "event", "what": "hand_over",
                    "scores": {"me": scores[0], "opp": scores[1]},
                })),
                Event::GameOver(result) => Some(json!({
                    "type": "game_over",
                    "scores": {"me": result.scores[0], "opp": result.scores[1]},
                    "winner": self.who(result.winner),
                })),
                _ => None,
            };
            if let Some(message) = message {
                send(&mut self.stdin, &message);
            }
        }
    }

    /// Asks the agent for its action, or takes the forced go.
    fn ask(&mut self) -> Action {
        let view = self.game.observation(0);
        let dealer = self.game.dealer() == 0;
        let cards =
            |set: cribbage::cards::CardSet| set.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        match view.phase {
            Phase::Discard => {
                let message = json!({"type": "discard", "game": 1, "hand_no": view.hand_number,
                    "hand": cards(view.hand), "dealer": dealer, "scores": self.scores()});
                send(&mut self.stdin, &message);
                let reply = receive(&mut self.stdout);
                self.replies += 1;
                let thrown: Vec<&str> = reply["discard"]
                    .as_array()
                    .unwrap_or_else(|| panic!("{reply}"))
                    .iter()
                    .map(|c| c.as_str().unwrap())
                    .collect();
                format!("discard {}", thrown.join(" ")).parse().unwrap()
            }
            Phase::Play => {
                let legal: Vec<String> = view
                    .legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Play(c) => Some(c.to_string()),
                        _ => None,
                    })
                    .collect();
                if legal.is_empty() {
                    return Action::Go;
                }
                let message = json!({"type": "play", "game": 1, "hand_no": view.hand_number,
                    "opp_said_go": view.said_go[1], "hand": cards(view.hand),
                    "legal": legal, "pile": view.pile.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                    "count": view.count, "starter": view.starter.unwrap().to_string(),
                    "dealer": dealer, "scores": self.scores()});
                send(&mut self.stdin, &message);
                let reply = receive(&mut self.stdout);
                self.replies += 1;
                let card = reply["card"].as_str().unwrap_or_else(|| panic!("{reply}"));
                format!("play {card}").parse().unwrap()
            }
            other => panic!("no {other:?} in automatic counting"),
        }
    }
}

/// A whole game against the agent: every answer is legal, and there is
/// exactly one line for each question and none for anything else.
#[test]
fn the_agent_plays_a_whole_game() {
    for (game_name, level, seed) in [
        ("cribbage", "expert", 3u64),
        ("cribbage", "medium", 4),
        ("reverse", "hard", 5),
    ] {
        let (child, stdin, stdout) = spawn(&[
            "agent", "--game", game_name, "--level", level, "--seed", "9",
        ]);
        let rules = if game_name == "reverse" {
            Rules::default().reverse()
        } else {
            Rules::default()
        };
        let game = Game::new(rules, seed);
        let mut referee = Referee {
            game,
            stdin,
            stdout,
            replies: 0,
        };
        let first = referee.game.dealer();
        let hello =
            json!({"type": "new_game", "game": 1, "seat": 0, "first_dealer": referee.who(first)});
        send(&mut referee.stdin, &hello);
        let mut bot = Bot {
            level: Level::Hard,
            seed: 1,
        };
        while let Some(seat) = referee.game.current_player() {
            let action = if seat == 0 {
                referee.ask()
            } else {
                bot.decide(&referee.game.observation(1)).unwrap()
            };
            let events = referee
                .game
                .apply(action.clone())
                .unwrap_or_else(|e| panic!("{action}: {e}"));
            referee.tell(&events);
        }
        assert!(referee.replies > 20);
        finish(
            child,
            referee.stdin,
            referee.stdout,
            "nothing but answers to questions",
        );
    }
}

/// A line the agent cannot read gets one error line on stdout, where a
/// referee waiting for an answer reads (it may have been a question); the
/// agent goes on and answers the next question.
#[test]
fn the_agent_answers_bad_lines_on_stdout_and_goes_on() {
    let (child, mut stdin, mut stdout) = spawn(&["agent", "--level", "hard"]);
    let bad_lines = [
        "not json",
        r#"{"type":"discard","game":1,"hand_no":1,"hand":["5H","5H","6D","7S","TC","KD"],"dealer":true,"scores":{"me":0,"opp":0}}"#,
        r#"{"type":"discard","game":1,"hand_no":1,"hand":["5H"],"dealer":true,"scores":{"me":0,"opp":0}}"#,
        r#"{"type":"bogus"}"#,
        r#"{"type":"play","game":1,"hand_no":1,"opp_said_go":false,"hand":["5H"],"legal":["6H"],"pile":[],"count":0,"starter":"2C","dealer":true,"scores":{"me":0,"opp":0}}"#,
        // A pile past 31, and a count that is not the pile's.
        r#"{"type":"play","game":1,"hand_no":1,"opp_said_go":true,"hand":["5H"],"legal":["5H"],"pile":["TS","JS","QS","KS"],"count":40,"starter":"2C","dealer":true,"scores":{"me":0,"opp":0}}"#,
        r#"{"type":"play","game":1,"hand_no":1,"opp_said_go":false,"hand":["5H"],"legal":["5H"],"pile":["TS"],"count":3,"starter":"2C","dealer":true,"scores":{"me":0,"opp":0}}"#,
        r#"{"type":"discard","game":-1,"hand_no":1,"hand":["5H","5C","6D","7S","TC","KD"],"dealer":true,"scores":{"me":0,"opp":0}}"#,
    ];
    for bad in bad_lines {
        writeln!(stdin, "{bad}").unwrap();
        stdin.flush().unwrap();
        // Answered at once: the referee is not left waiting.
        let reply = receive(&mut stdout);
        assert!(reply["error"].is_string(), "{bad} -> {reply}");
    }
    // Bytes that are not UTF-8 are a bad line too, not the end.
    stdin.write_all(b"{\"type\":\"\xff\"}\n").unwrap();
    stdin.flush().unwrap();
    assert!(receive(&mut stdout)["error"].is_string());
    send(
        &mut stdin,
        &json!({"type": "event", "what": "hand_over", "scores": {"me": 0, "opp": 0}}),
    );
    send(
        &mut stdin,
        &json!({"type": "discard", "game": 1, "hand_no": 1,
            "hand": ["5H", "5C", "6D", "7S", "TC", "KD"], "dealer": true,
            "scores": {"me": 100, "opp": 110}}),
    );
    let reply = receive(&mut stdout);
    assert_eq!(reply["discard"].as_array().unwrap().len(), 2, "{reply}");
    send(
        &mut stdin,
        &json!({"type": "play", "game": 1, "hand_no": 1, "opp_said_go": false,
            "hand": ["5H", "5C", "6D"], "legal": ["5H", "5C", "6D"], "pile": ["TH"],
            "count": 10, "starter": "2C", "dealer": true, "scores": {"me": 100, "opp": 110}}),
    );
    let reply = receive(&mut stdout);
    // A five on a ten makes fifteen: any level takes it.
    assert!(reply["card"].as_str().unwrap().starts_with('5'), "{reply}");
    finish(child, stdin, stdout, "one line for each line in");
}

/// Numbers in the protocol take any whole number: the 256th game (which a
/// byte refused, leaving the referee waiting forever) and far beyond.
#[test]
fn the_agent_plays_game_256_and_any_number_after() {
    let (mut child, mut stdin, mut stdout) = spawn(&["agent", "--level", "medium"]);
    for game in [255u64, 256, 65_536, u64::MAX] {
        send(
            &mut stdin,
            &json!({"type": "new_game", "game": game, "seat": 1, "first_dealer": "opp"}),
        );
        send(
            &mut stdin,
            &json!({"type": "discard", "game": game, "hand_no": game,
                "hand": ["5H", "5C", "6D", "7S", "TC", "KD"], "dealer": false,
                "scores": {"me": game, "opp": 0}}),
        );
        let reply = receive(&mut stdout);
        assert_eq!(reply["discard"].as_array().unwrap().len(), 2, "{reply}");
        send(
            &mut stdin,
            &json!({"type": "play", "game": game, "hand_no": game, "opp_said_go": false,
                "hand": ["5H", "6D"], "legal": ["5H", "6D"], "pile": ["TH"],
                "count": 10, "starter": "2C", "dealer": false,
                "scores": {"me": 0, "opp": game}}),
        );
        let reply = receive(&mut stdout);
        assert!(reply["card"].is_string(), "game {game}: {reply}");
        send(
            &mut stdin,
            &json!({"type": "game_over", "scores": {"me": 121, "opp": game}, "winner": "me"}),
        );
    }
    // Past 2^64 - 1, the most the help promises, a number is refused in words
    // and the agent goes on.
    writeln!(
        stdin,
        r#"{{"type":"new_game","game":18446744073709551616,"seat":1,"first_dealer":"opp"}}"#
    )
    .unwrap();
    stdin.flush().unwrap();
    let reply = receive(&mut stdout);
    assert!(reply["error"].is_string(), "{reply}");
    let help = Command::new(env!("CARGO_BIN_EXE_cribbage"))
        .args(["agent", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout) + String::from_utf8_lossy(&help.stderr);
    assert!(help.contains("from 0 to 18446744073709551615"), "{help}");
    drop(stdin);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    assert_eq!(rest, "");
    assert!(child.wait().unwrap().success());
}

/// A small duplicate match: the report has its fields, and the result does
/// not depend on the number of threads.
#[test]
fn a_small_match() {
    let run = |threads: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_cribbage"))
            .args(["match", "--a", "hard", "--b", "baseline", "--games", "4"])
            .args(["--seed", "5", "--threads", threads])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut report: Value = serde_json::from_slice(&out.stdout).unwrap();
        for key in [
            "a",
            "b",
            "games",
            "a_win_rate",
            "a_win_rate_ci95",
            "first_dealer_win_rate",
            "a_net_per_deal_as_dealer",
            "a_net_per_deal_as_pone",
            "a_skunks",
            "b_skunks",
            "per_deal",
            "a_times",
            "b_times",
        ] {
            assert!(report.get(key).is_some(), "no {key} in {report}");
        }
        assert_eq!(report["games"], 4);
        let obj = report.as_object_mut().unwrap();
        for timing in ["a_times", "b_times", "threads", "seconds"] {
            obj.remove(timing);
        }
        report
    };
    assert_eq!(run("1"), run("2"));
}

/// Matches at a table of three and of four, under other rules: the levels
/// rotate through the seats (a lone A at each seat and a lone B at each
/// seat with three; each partnership on each side with four), three-player
/// best-of-three matches run to a fourth game when each player has won
/// one, and the figures do not depend on the number of threads.
#[test]
fn matches_for_three_and_four_players() {
    let run = |args: &[&str], threads: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_cribbage"))
            .args(["match", "--a", "medium", "--b", "easy", "--seed", "3"])
            .args(args)
            .args(["--threads", threads])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut report: Value = serde_json::from_slice(&out.stdout).unwrap();
        let obj = report.as_object_mut().unwrap();
        for timing in ["threads", "seconds"] {
            obj.remove(timing);
        }
        report
    };
    let three = [
        "--players",
        "3",
        "--target",
        "61",
        "--best-of-three",
        "--games",
        "60",
    ];
    let report = run(&three, "1");
    assert_eq!(report, run(&three, "2"));
    assert_eq!(report["games"], 60);
    assert_eq!(report["deal_sets"], 10);
    // The interval in the form every match reports it.
    let ci = &report["a_win_rate_ci95"];
    assert!(
        ci["lo"].as_f64().unwrap() <= ci["hi"].as_f64().unwrap(),
        "{ci}"
    );
    assert!(report["rules"].as_str().unwrap().contains("best of three"));
    let per_match: Vec<u64> = report["games_per_match"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(per_match.iter().sum::<u64>(), 60);
    assert!(per_match.len() >= 4 && per_match[3] > 0, "{report}");
    let lone_a = report["lone_a_win_rate"].as_f64().unwrap();
    let lone_b = report["lone_b_win_rate"].as_f64().unwrap();
    let a = report["a_win_rate"].as_f64().unwrap();
    // Half the games have a lone A, half a lone B whose loss is A's win.
    assert!((a - (lone_a + 1.0 - lone_b) / 2.0).abs() < 1e-3, "{report}");

    let four = ["--players", "4", "--muggins", "--games", "6"];
    let report = run(&four, "1");
    assert_eq!(report, run(&four, "2"));
    assert_eq!(report["games"], 6);
    assert!(report.get("lone_a_win_rate").is_none());
    assert!(report["rules"].as_str().unwrap().contains("muggins"));

    for bad in [
        &["--players", "5"][..],
        &["--target", "100"],
        &["--threads", "0"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_cribbage"))
            .args(["match", "--a", "easy", "--b", "easy"])
            .args(bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}

/// Noddy's referee: the engine's game, told to the agent at seat 0 over
/// the `--game noddy` protocol, with a library bot at seat 1.
mod noddy_referee {
    use super::{finish, receive, send, spawn};
    use cribbage::ai::{Level, noddy as bot};
    use cribbage::cards::Card;
    use cribbage::games::State as _;
    use cribbage::games::noddy::{Action, Event, Game, Reason, Rules};
    use serde_json::{Value, json};
    use std::process::ChildStdin;

    fn who(seat: usize) -> &'static str {
        if seat == 0 { "me" } else { "opp" }
    }

    /// The information lines for these events; announcements as words
    /// alone when `as_words`, else with their points.
    fn tell(stdin: &mut ChildStdin, game: &Game, events: &[Event], as_words: bool) {
        for (i, event) in events.iter().enumerate() {
            let message = match event {
                Event::Deal { hand, dealer } => Some(json!({"type": "deal", "game": 1,
                    "hand_no": hand, "dealer": who(*dealer), "hand": game.dealt(0).to_vec(),
                    "turnup": game.turnup()})),
                Event::Announced { seat, said, total } => {
                    let said: Vec<Value> = said
                        .iter()
                        .map(|s| {
                            if as_words {
                                json!(s.phrase)
                            } else {
                                json!({"phrase": s.phrase, "points": s.points,
                                    "running": s.running})
                            }
                        })
                        .collect();
                    Some(
                        json!({"type": "event", "what": "announced", "who": who(*seat),
                        "said": said, "total": total}),
                    )
                }
                Event::Played { seat, card, count } => {
                    let points = match events.get(i + 1) {
                        Some(Event::Pegged(p)) if matches!(p.reason, Reason::Play { .. }) => {
                            p.points
                        }
                        _ => 0,
                    };
                    Some(json!({"type": "event", "what": "play", "who": who(*seat),
                        "card": card, "count": count, "points": points}))
                }
                Event::Go { seat, .. } => {
                    Some(json!({"type": "event", "what": "go", "who": who(*seat)}))
                }
                Event::Pegged(p) => match p.reason {
                    Reason::JackTurned { .. } => Some(json!({"type": "event", "what": "jack",
                        "to": who(p.seat), "points": p.points})),
                    Reason::Go { .. } => Some(json!({"type": "event", "what": "last",
                        "who": who(p.seat), "points": p.points})),
                    _ => None,
                },
                Event::HandOver { .. } => {
                    let s = game.scores();
                    Some(json!({"type": "event", "what": "hand_over",
                        "scores": {"me": s[0].front, "opp": s[1].front}}))
                }
                Event::GameOver { winner, scores, .. } => Some(json!({"type": "game_over",
                    "scores": {"me": scores[0], "opp": scores[1]}, "winner": who(*winner)})),
                _ => None,
            };
            if let Some(message) = message {
                send(stdin, &message);
            }
        }
    }

    /// The `play` question to seat 0, as the game sees it.
    fn question(game: &Game) -> Value {
        let view = game.observation(0);
        let legal: Vec<Card> = view
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::Play(c) => Some(*c),
                Action::Go => None,
            })
            .collect();
        let pile: Vec<Value> = view
            .pile
            .iter()
            .map(|l| json!({"who": who(l.seat), "card": l.card}))
            .collect();
        json!({"type": "play", "hand_no": view.hand_number, "hand": view.hand.to_vec(),
            "legal": legal, "pile": pile, "count": view.count, "turnup": view.turnup,
            "dealer": view.dealer == 0,
            "scores": {"me": view.scores[0].front, "opp": view.scores[1].front},
            "opp_said_go": view.said_go[1]})
    }

    /// The action an answer names.
    fn action(reply: &Value) -> Action {
        if reply["go"] == json!(true) {
            return Action::Go;
        }
        let card = reply["card"].as_str().unwrap_or_else(|| panic!("{reply}"));
        format!("play {card}").parse().unwrap()
    }

    /// Plays one whole game of seed `seed` against the agent: every answer
    /// legal and the very action the library's bot of the same level and
    /// seed takes on the game's own observation; nothing on stdout but the
    /// answers. Returns how many questions were asked.
    fn play_game(level: &str, seed: u64, as_words: bool) -> usize {
        let agent_seed = 11;
        let (child, mut stdin, mut stdout) = spawn(&[
            "agent",
            "--game",
            "noddy",
            "--level",
            level,
            "--seed",
            &agent_seed.to_string(),
        ]);
        let level: Level = level.parse().unwrap();
        let mut game = Game::new(Rules::default(), seed);
        send(
            &mut stdin,
            &json!({"type": "new_game", "game": 1, "seat": 0,
                "first_dealer": who(game.first_dealer())}),
        );
        let events = game.events().to_vec();
        tell(&mut stdin, &game, &events, as_words);
        let mut asked = 0;
        while let Some(seat) = game.current_player() {
            let action = if seat == 0 {
                send(&mut stdin, &question(&game));
                let answer = action(&receive(&mut stdout));
                asked += 1;
                let same = bot::decide(level, &game.observation(0), agent_seed).unwrap();
                assert_eq!(answer, same, "seed {seed}, question {asked}");
                answer
            } else {
                bot::decide(Level::Hard, &game.observation(1), 1).unwrap()
            };
            let events = game
                .apply(action)
                .unwrap_or_else(|e| panic!("seed {seed}: {action}: {e}"));
            tell(&mut stdin, &game, &events, as_words);
        }
        assert!(game.winner().is_some());
        finish(child, stdin, stdout, "nothing but answers to questions");
        asked
    }

    /// Whole games of Noddy at every level: the agent answers every
    /// question (forced goes included) legally, with the action the bot
    /// takes in the game itself, so the observation it rebuilds from the
    /// protocol is faithful, announcements heard as words or with points.
    #[test]
    fn the_agent_plays_whole_noddy_games_as_the_bot_in_the_game() {
        let mut asked = 0;
        for (i, level) in ["easy", "medium", "hard", "expert"].iter().enumerate() {
            for seed in [3 * i as u64, 3 * i as u64 + 1, 3 * i as u64 + 2] {
                asked += play_game(level, seed, seed % 2 == 0);
            }
        }
        assert!(asked > 60, "{asked}");
    }

    /// Bad lines each get one error line and the agent goes on: an answer
    /// follows for the next good question, and nothing else.
    #[test]
    fn the_noddy_agent_answers_bad_lines_on_stdout_and_goes_on() {
        let (child, mut stdin, mut stdout) =
            spawn(&["agent", "--game", "noddy", "--level", "hard"]);
        let play = |hand: Value, legal: Value, pile: Value, count: u64| {
            json!({"type": "play", "hand_no": 1, "hand": hand, "legal": legal, "pile": pile,
                "count": count, "turnup": "2C", "dealer": true,
                "scores": {"me": 0, "opp": 0}, "opp_said_go": false})
        };
        let bad_lines = [
            "not json".to_string(),
            json!({"type": "bogus"}).to_string(),
            json!({"type": "new_game", "game": 1, "seat": 2, "first_dealer": "me"}).to_string(),
            json!({"type": "deal", "hand_no": 1, "dealer": "me", "hand": ["5H"],
                "turnup": "2C"})
            .to_string(),
            json!({"type": "event", "what": "announced", "who": "opp",
                "said": ["fifteen two"], "total": 300})
            .to_string(),
            json!({"type": "event", "what": "announced", "who": "opp", "said": [7],
                "total": 2})
            .to_string(),
            json!({"type": "event", "what": "whistled"}).to_string(),
            // A card twice; a legal card not held; a card that does not fit.
            play(json!(["5H", "5H", "6D"]), json!(["5H"]), json!([]), 0).to_string(),
            play(json!(["5H", "6D", "7S"]), json!(["8H"]), json!([]), 0).to_string(),
            play(
                json!(["5H"]),
                json!(["5H"]),
                json!([{"who": "me", "card": "TH"}, {"who": "opp", "card": "KH"},
                    {"who": "me", "card": "QH"}]),
                28,
            )
            .to_string(),
            // Go while a card fits; a count that is not the pile's; four
            // cards dealt; the turn-up in the hand.
            play(json!(["5H", "6D", "7S"]), json!([]), json!([]), 0).to_string(),
            play(
                json!(["5H", "6D"]),
                json!(["5H"]),
                json!([{"who": "me", "card": "TH"}]),
                3,
            )
            .to_string(),
            play(json!(["5H", "6D", "7S", "8S"]), json!(["5H"]), json!([]), 0).to_string(),
            play(json!(["5H", "6D", "2C"]), json!(["5H"]), json!([]), 0).to_string(),
        ];
        for bad in &bad_lines {
            send_line(&mut stdin, bad);
            // Answered at once: the referee is not left waiting.
            let reply = receive(&mut stdout);
            assert!(reply["error"].is_string(), "{bad} -> {reply}");
        }
        // Information gets no answer; the question after it gets one.
        for info in [
            json!({"type": "new_game", "game": 256, "seat": 1, "first_dealer": "opp"}),
            json!({"type": "deal", "hand_no": 70000, "dealer": "me",
                "hand": ["5H", "6D", "9S"], "turnup": "2C"}),
            json!({"type": "event", "what": "announced", "who": "opp",
                "said": ["fifteen two", "and a pair is four"], "total": 4}),
            json!({"type": "event", "what": "play", "who": "opp", "card": "TH",
                "count": 10, "points": 0}),
        ] {
            send(&mut stdin, &info);
        }
        send(
            &mut stdin,
            &json!({"type": "play", "game": 256, "hand_no": 70000,
                "hand": ["5H", "6D", "9S"], "legal": ["5H", "6D", "9S"],
                "pile": [{"who": "opp", "card": "TH"}], "count": 10, "turnup": "2C",
                "dealer": true, "scores": {"me": 29, "opp": 18446744073709551615u64},
                "opp_said_go": false}),
        );
        // A five on a ten makes fifteen: two points from 29, the win.
        assert_eq!(receive(&mut stdout)["card"], "5H");
        // A forced go asked for is answered with a go.
        send(
            &mut stdin,
            &json!({"type": "play", "hand_no": 70000, "hand": ["9S"], "legal": [],
                "pile": [{"who": "opp", "card": "TH"}, {"who": "me", "card": "5H"},
                    {"who": "opp", "card": "KH"}, {"who": "me", "card": "6D"}],
                "count": 31, "turnup": "2C", "dealer": true,
                "scores": {"me": 0, "opp": 0}, "opp_said_go": false}),
        );
        assert_eq!(receive(&mut stdout), json!({"go": true}));
        finish(
            child,
            stdin,
            stdout,
            "one line for each question or bad line",
        );
    }

    fn send_line(stdin: &mut ChildStdin, line: &str) {
        use std::io::Write;
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }
}

/// Costly Colours' referee: the engine's game, told to the agent over the
/// `--game costly-colours` protocol, with a library bot in the other seat.
mod costly_referee {
    use super::{finish, receive, send, spawn};
    use cribbage::ai::{Level, costly_colours as bot};
    use cribbage::cards::Card;
    use cribbage::games::State as _;
    use cribbage::games::costly_colours::{Action, Event, Game, Phase, Reason, Rules, Seat};
    use serde_json::{Value, json};
    use std::io::Write;
    use std::process::ChildStdin;

    /// The referee's view from the agent's seat `me`.
    struct Table {
        me: Seat,
    }

    impl Table {
        fn who(&self, seat: Seat) -> &'static str {
            if seat == self.me { "me" } else { "opp" }
        }

        fn opp(&self) -> Seat {
            1 - self.me
        }

        fn scores(&self, game: &Game) -> Value {
            let s = game.scores();
            json!({"me": s[self.me].front, "opp": s[self.opp()].front})
        }

        /// The information lines for these events.
        fn tell(&self, stdin: &mut ChildStdin, game: &Game, events: &[Event]) {
            // Points pegged for the event at `i`, by the first peg after it
            // (before the next card or go) for this reason.
            let points = |i: usize, of: fn(&Reason) -> bool| -> u8 {
                events[i + 1..]
                    .iter()
                    .take_while(|e| !matches!(e, Event::Played { .. } | Event::Go { .. }))
                    .find_map(|e| match e {
                        Event::Pegged(p) if of(&p.reason) => Some(p.points),
                        _ => None,
                    })
                    .unwrap_or(0)
            };
            for (i, event) in events.iter().enumerate() {
                let message = match event {
                    Event::Deal { hand, dealer } => Some(json!({"type": "deal", "game": 1,
                        "hand_no": hand, "dealer": self.who(*dealer),
                        "hand": game.dealt(self.me).to_vec(), "turnup": game.turnup()})),
                    Event::MogSaid { seat } => Some(json!({"type": "event", "what": "mog",
                        "who": self.who(*seat), "said": "mog"})),
                    Event::MogRefused { seat } => Some(json!({"type": "event", "what": "mog",
                        "who": self.who(*seat), "said": "refuse"})),
                    Event::Passed { seat } => Some(json!({"type": "event", "what": "passed",
                        "who": self.who(*seat),
                        "points": points(i, |r| matches!(r, Reason::Passed { .. }))})),
                    Event::Played {
                        seat,
                        card,
                        value,
                        count,
                    } => Some(
                        json!({"type": "event", "what": "play", "who": self.who(*seat),
                        "card": card, "value": value, "count": count,
                        "points": points(i, |r| matches!(r, Reason::Play { .. }))}),
                    ),
                    Event::Go { seat, .. } => {
                        Some(json!({"type": "event", "what": "go", "who": self.who(*seat)}))
                    }
                    Event::Pegged(p) => match p.reason {
                        Reason::JackOrTwoTurned { .. } => Some(json!({"type": "event",
                            "what": "jack_or_two", "to": self.who(p.seat), "points": p.points})),
                        Reason::Last { .. } => Some(json!({"type": "event", "what": "last",
                            "who": self.who(p.seat), "points": p.points})),
                        _ => None,
                    },
                    Event::Show(shown) => Some(json!({"type": "event", "what": "show",
                        "who": self.who(shown.seat), "cards": shown.cards,
                        "received": shown.received, "points": shown.count.total})),
                    Event::HandOver { .. } => Some(json!({"type": "event",
                        "what": "hand_over", "scores": self.scores(game)})),
                    Event::GameOver { winner, .. } => Some(json!({"type": "game_over",
                        "scores": self.scores(game), "winner": self.who(*winner)})),
                    _ => None,
                };
                if let Some(message) = message {
                    send(stdin, &message);
                }
            }
        }

        /// The question to the agent, as the game sees it.
        fn question(&self, game: &Game) -> Value {
            let view = game.observation(self.me);
            let (me, opp) = (self.me, self.opp());
            let dealer = view.dealer == me;
            let scores = self.scores(game);
            match view.phase {
                Phase::Mog => json!({"type": "mog", "hand_no": view.hand_number,
                    "hand": view.hand.to_vec(), "turnup": view.turnup, "dealer": dealer,
                    "scores": scores, "opp_said": view.mog.said[opp]}),
                Phase::Pass => json!({"type": "pass", "hand_no": view.hand_number,
                    "hand": view.hand.to_vec(), "turnup": view.turnup, "dealer": dealer,
                    "scores": scores}),
                _ => {
                    let mut legal: Vec<Card> = Vec::new();
                    for action in &view.legal {
                        if let Action::Play { card, .. } = *action
                            && !legal.contains(&card)
                        {
                            legal.push(card);
                        }
                    }
                    // The value only where it is a choice, as a referee may.
                    let played: Vec<Value> = view
                        .played
                        .iter()
                        .map(|l| {
                            let mut laid = json!({"who": self.who(l.seat), "card": l.card,
                                "count": l.count});
                            if l.card.rank() == cribbage::cards::Rank::Ace {
                                laid["value"] = json!(l.value);
                            }
                            laid
                        })
                        .collect();
                    json!({"type": "play", "game": 1, "hand_no": view.hand_number,
                        "hand": view.hand.to_vec(), "legal": legal, "played": played,
                        "count": view.count, "turnup": view.turnup, "dealer": dealer,
                        "scores": scores, "opp_said_go": view.said_go[opp],
                        "mog": {"me": view.mog.said[me], "opp": view.mog.said[opp],
                            "passed": view.mog.passed, "received": view.mog.received}})
                }
            }
        }
    }

    /// The action an answer names, in the phase it answers.
    fn action(phase: Phase, reply: &Value) -> Action {
        if let Some(mog) = reply["mog"].as_bool() {
            return if mog { Action::Mog } else { Action::Refuse };
        }
        if reply["go"] == json!(true) {
            return Action::Go;
        }
        let card: Card = reply["card"]
            .as_str()
            .unwrap_or_else(|| panic!("{reply}"))
            .parse()
            .unwrap();
        match phase {
            Phase::Pass => Action::Pass(card),
            _ => Action::Play {
                card,
                value: reply["value"].as_u64().unwrap_or_else(|| panic!("{reply}")) as u8,
            },
        }
    }

    /// Plays one whole game of seed `seed` with the agent at seat `me`:
    /// every answer legal and the very action the library's bot of the
    /// same level and seed takes on the game's own observation; nothing on
    /// stdout but the answers. Returns how many questions of each kind
    /// (mog, pass, play) were asked.
    fn play_game(level: &str, seed: u64, me: Seat) -> [usize; 3] {
        let agent_seed = 11;
        let (child, mut stdin, mut stdout) = spawn(&[
            "agent",
            "--game",
            "costly-colours",
            "--level",
            level,
            "--seed",
            &agent_seed.to_string(),
        ]);
        let level: Level = level.parse().unwrap();
        let table = Table { me };
        let mut game = Game::new(Rules::default(), seed);
        send(
            &mut stdin,
            &json!({"type": "new_game", "game": 1, "seat": me,
                "first_dealer": table.who(game.first_dealer())}),
        );
        let events = game.events().to_vec();
        table.tell(&mut stdin, &game, &events);
        let mut asked = [0; 3];
        while let Some(seat) = game.current_player() {
            let phase = game.phase();
            let action = if seat == me {
                send(&mut stdin, &table.question(&game));
                let answer = action(phase, &receive(&mut stdout));
                asked[phase as usize] += 1;
                let same = bot::decide(level, &game.observation(me), agent_seed).unwrap();
                assert_eq!(answer, same, "seed {seed}, {phase:?}, question {asked:?}");
                answer
            } else {
                bot::decide(Level::Medium, &game.observation(seat), 1).unwrap()
            };
            let events = game
                .apply(action)
                .unwrap_or_else(|e| panic!("seed {seed}: {action}: {e}"));
            table.tell(&mut stdin, &game, &events);
        }
        assert!(game.winner().is_some());
        finish(child, stdin, stdout, "nothing but answers to questions");
        asked
    }

    /// Whole games of Costly Colours at every level, the agent at either
    /// seat: it answers every question — the mog, the card to pass, the
    /// card to lay with an ace's value, forced goes — legally and with the
    /// action the bot takes in the game itself, so the observation it
    /// rebuilds from the protocol is faithful.
    #[test]
    fn the_agent_plays_whole_costly_colours_games_as_the_bot_in_the_game() {
        let mut asked = [0; 3];
        for (i, level) in ["easy", "medium", "hard", "expert"].iter().enumerate() {
            for seed in [3 * i as u64, 3 * i as u64 + 1, 3 * i as u64 + 2] {
                let these = play_game(level, seed, (seed % 2) as Seat);
                for (all, n) in asked.iter_mut().zip(these) {
                    *all += n;
                }
            }
        }
        // Every kind of question, many times over.
        assert!(
            asked[0] > 100 && asked[1] > 20 && asked[2] > 300,
            "{asked:?}"
        );
    }

    /// Bad lines each get one error line and the agent goes on: an answer
    /// follows for each good question, and nothing else.
    #[test]
    fn the_costly_colours_agent_answers_bad_lines_on_stdout_and_goes_on() {
        let (child, mut stdin, mut stdout) =
            spawn(&["agent", "--game", "costly-colours", "--level", "hard"]);
        let mog = |hand: Value, dealer: bool, opp_said: Value| {
            json!({"type": "mog", "hand_no": 1, "hand": hand, "turnup": "2C",
                "dealer": dealer, "scores": {"me": 0, "opp": 0}, "opp_said": opp_said})
        };
        let play = |hand: Value, legal: Value, played: Value, count: u64, mog: Value| {
            json!({"type": "play", "hand_no": 1, "hand": hand, "legal": legal,
                "played": played, "count": count, "turnup": "2C", "dealer": true,
                "scores": {"me": 0, "opp": 0}, "opp_said_go": false, "mog": mog})
        };
        let refused = json!({"me": "refuse", "opp": "mog"});
        let bad_lines = [
            "not json".to_string(),
            json!({"type": "bogus"}).to_string(),
            json!({"type": "new_game", "game": 1, "seat": 2, "first_dealer": "me"}).to_string(),
            json!({"type": "deal", "hand_no": 1, "dealer": "me", "hand": ["5H"],
                "turnup": "2C"})
            .to_string(),
            json!({"type": "event", "what": "whistled"}).to_string(),
            // The dealer not told what the other said; the other told it;
            // two cards; the turn-up held.
            mog(json!(["5H", "6D", "7S"]), true, json!(null)).to_string(),
            mog(json!(["5H", "6D", "7S"]), false, json!("mog")).to_string(),
            mog(json!(["5H", "6D"]), false, json!(null)).to_string(),
            mog(json!(["5H", "6D", "2C"]), false, json!(null)).to_string(),
            json!({"type": "mog", "hand_no": 1, "hand": ["5H", "6D", "7S"], "turnup": "2C",
                "dealer": true, "scores": {"me": 0, "opp": 0}, "opp_said": "maybe"})
            .to_string(),
            json!({"type": "pass", "hand_no": 1, "hand": ["5H", "5H", "7S"], "turnup": "2C",
                "dealer": false, "scores": {"me": 0, "opp": 0}})
            .to_string(),
            // An ace laid without its value; a ten laid as 11; a count that
            // is not the last card's; a legal card not held; go while a card
            // fits; a card passed without a mog; four cards of this seat's.
            play(
                json!(["5H", "6D"]),
                json!(["5H", "6D"]),
                json!([{"who": "me", "card": "AH", "count": 1}]),
                1,
                refused.clone(),
            )
            .to_string(),
            play(
                json!(["5H", "6D"]),
                json!(["5H", "6D"]),
                json!([{"who": "me", "card": "TH", "value": 11, "count": 11}]),
                11,
                refused.clone(),
            )
            .to_string(),
            play(
                json!(["5H", "6D"]),
                json!(["5H", "6D"]),
                json!([{"who": "me", "card": "TH", "count": 10}]),
                12,
                refused.clone(),
            )
            .to_string(),
            play(
                json!(["5H", "6D", "7S"]),
                json!(["8H"]),
                json!([]),
                0,
                refused.clone(),
            )
            .to_string(),
            play(
                json!(["5H", "6D", "7S"]),
                json!([]),
                json!([]),
                0,
                refused.clone(),
            )
            .to_string(),
            play(
                json!(["5H", "6D", "7S"]),
                json!(["5H"]),
                json!([]),
                0,
                json!({"me": "refuse", "opp": "refuse", "passed": "9C", "received": "5H"}),
            )
            .to_string(),
            play(
                json!(["5H", "6D", "7S"]),
                json!(["5H"]),
                json!([{"who": "me", "card": "TH", "count": 10}]),
                10,
                refused.clone(),
            )
            .to_string(),
        ];
        for bad in &bad_lines {
            writeln!(stdin, "{bad}").unwrap();
            stdin.flush().unwrap();
            // Answered at once, with one line: the referee is not left waiting.
            let reply = receive(&mut stdout);
            assert!(reply["error"].is_string(), "{bad} -> {reply}");
        }
        // Information gets no answer; each question after it gets one.
        for info in [
            json!({"type": "new_game", "game": 256, "seat": 1, "first_dealer": "opp"}),
            json!({"type": "deal", "hand_no": 70000, "dealer": "me",
                "hand": ["5H", "6D", "9S"], "turnup": "2C"}),
            json!({"type": "event", "what": "mog", "who": "opp", "said": "mog"}),
            json!({"type": "event", "what": "play", "who": "opp", "card": "TH",
                "value": 10, "count": 10, "points": 0}),
        ] {
            send(&mut stdin, &info);
        }
        send(
            &mut stdin,
            &mog(json!(["5H", "6D", "9S"]), true, json!("refuse")),
        );
        // After a refusal, mogging costs nothing: every level says mog.
        assert_eq!(receive(&mut stdout), json!({"mog": true}));
        send(
            &mut stdin,
            &json!({"type": "pass", "hand_no": 70000, "hand": ["5H", "6D", "9S"],
                "turnup": "2C", "dealer": true, "scores": {"me": 0, "opp": 0}}),
        );
        let passed = receive(&mut stdout);
        assert!(
            ["5H", "6D", "9S"].contains(&passed["card"].as_str().unwrap()),
            "{passed}"
        );
        // Five on a ten makes fifteen, two points from 119: the win.
        send(
            &mut stdin,
            &json!({"type": "play", "hand_no": 70000, "hand": ["5H", "6D", "9S"],
                "legal": ["5H", "6D", "9S"], "played": [{"who": "opp", "card": "TH",
                "count": 10}], "count": 10, "turnup": "2C", "dealer": true,
                "scores": {"me": 119, "opp": 18446744073709551615u64},
                "opp_said_go": false, "mog": {"me": "mog", "opp": "refuse"}}),
        );
        assert_eq!(receive(&mut stdout), json!({"card": "5H", "value": 5}));
        // An ace says the value it is laid at.
        send(
            &mut stdin,
            &play(
                json!(["AH", "KS"]),
                json!(["AH", "KS"]),
                json!([{"who": "me", "card": "4D", "count": 4},
                    {"who": "opp", "card": "TH", "count": 14}]),
                14,
                refused.clone(),
            ),
        );
        let laid = receive(&mut stdout);
        let value = laid["value"].as_u64();
        assert!(
            laid["card"] == "KS" && value == Some(10)
                || laid["card"] == "AH" && matches!(value, Some(1 | 11)),
            "{laid}"
        );
        // A forced go asked for is answered with a go.
        send(
            &mut stdin,
            &play(
                json!(["KS"]),
                json!([]),
                json!([{"who": "me", "card": "6D", "count": 6},
                    {"who": "opp", "card": "TH", "count": 16},
                    {"who": "me", "card": "5H", "count": 21},
                    {"who": "opp", "card": "9H", "count": 30}]),
                30,
                refused,
            ),
        );
        assert_eq!(receive(&mut stdout), json!({"go": true}));
        finish(
            child,
            stdin,
            stdout,
            "one line for each question or bad line",
        );
    }
}
