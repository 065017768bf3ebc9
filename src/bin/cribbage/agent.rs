//! `cribbage agent`: one seat of two-player games over JSON lines, for
//! tournaments against other programs.
//!
//! The referee sends what the seat may know; the agent rebuilds that seat's
//! observation from it — its cards and throws, the starter, every card
//! played and by whom, what each go proves — and asks the same bot the game
//! uses. It answers a `discard` or a `play` message with exactly one line,
//! flushed; every other message is information and gets no answer. A line it
//! cannot read (or cannot answer) gets one `{"error": …}` line on stdout, and
//! the agent goes on: the line may have been a question, and a referee
//! waiting for its answer must never wait forever.
//!
//! Each game with a protocol reads its own messages (its [`Game::agent`],
//! in the library's [`cribbage::ai::agent`]); the reading loop is here,
//! once.

use crate::Command;
use crate::args::{Args, CliError};
use crate::table;
use cribbage::ai::Level;
use cribbage::ai::agent::LinePlayer;
use cribbage::family::{AnyGame, Member, Visit};
use cribbage::games::GameKind;
use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};

/// The `agent` subcommand.
pub const COMMAND: Command = Command {
    name: "agent",
    summary: "play one seat of two-player games over JSON lines (stdin/stdout)",
    usage,
    run,
};

const USAGE: &str = r#"usage: cribbage agent [--game {games}]
                      [--level easy|medium|hard|expert|baseline|expert-v1] [--seed N]

Plays one seat of two-player games to 121 over JSON lines: one message per
line on stdin, and exactly one line, flushed, in answer to each of these two:

  {"type":"discard","game":g,"hand_no":k,"hand":[6 cards],"dealer":true|false,
   "scores":{"me":n,"opp":n}}                         -> {"discard":["XX","YY"]}
  {"type":"play","game":g,"hand_no":k,"opp_said_go":bool,"hand":[cards left],
   "legal":[cards that fit],"pile":[cards since the count was reset, oldest
   first],"count":n,"starter":"XX","dealer":bool,"scores":{…}} -> {"card":"XX"}

Information only, never answered:
  {"type":"new_game","game":g,"seat":0|1,"first_dealer":"me"|"opp"}
  {"type":"event","what":"starter","card":"XX","heels":0|2,"to":"me"|"opp"}
  {"type":"event","what":"play","who":"me"|"opp","card":"XX","count":n,"points":p}
  {"type":"event","what":"go","who":…,"points":1}
  {"type":"event","what":"show","who":…,"crib":bool,"cards":[4],"starter":"XX","points":p}
  {"type":"event","what":"hand_over","scores":{…}}
  {"type":"game_over","scores":{…},"winner":"me"|"opp"}

Cards are two characters: a rank A23456789TJQK and a suit CDHS. Numbers
are whole numbers from 0 to 18446744073709551615 (2^64 - 1: a game or hand
number does not run out), and a count is at most 31. A line that cannot be read or answered gets one
{"error":"…"} line on stdout instead of its answer, flushed; the agent goes
on. Blank lines are skipped.
The level defaults to expert, the seed (which fixes its own sampling) to 0;
expert-v1, Expert before it played for the game, is a yardstick.
With --game reverse the games are reverse (low-ball) cribbage: the referee's
messages are the same, and the agent plays to avoid points (reaching 121
loses).

With --game noddy the games are Noddy (two players, three cards each, one
series of play to 31, game to 31). Its one question, answered with one line:

  {"type":"play","hand_no":k,"hand":[cards left],"legal":[cards that fit],
   "pile":[{"who":"me"|"opp","card":"XX"}, … oldest first],"count":n,
   "turnup":"XX","dealer":bool,"scores":{"me":n,"opp":n},"opp_said_go":bool}
                                             -> {"card":"XX"} or {"go":true}

"legal":[] asks for a go (the hand holds no card that fits); a referee may
instead take a forced go without asking. "game":g may be added (the game of
the last new_game when left out). Information only, never answered:
  {"type":"new_game","game":g,"seat":0|1,"first_dealer":"me"|"opp"}
  {"type":"deal","hand_no":k,"dealer":"me"|"opp","hand":[3 cards],"turnup":"XX"}
  {"type":"event","what":"announced","who":"me"|"opp",
   "said":["fifteen two","and a pair is four"],"total":4}
  {"type":"event","what":"jack","to":"me"|"opp","points":2}
  {"type":"event","what":"play","who":…,"card":"XX","count":n,"points":p}
  {"type":"event","what":"go","who":…}
  {"type":"event","what":"last","who":…,"points":1}
  {"type":"event","what":"hand_over","scores":{…}}
  {"type":"game_over","scores":{…},"winner":"me"|"opp"}
Each question carries the whole series, so of the information the agent
keeps only the other player's announcement: the words the table heard
("said": each phrase as said, or {"phrase":…,"points":p,"running":r}), and
the total. Hard and Expert read the other hand from it; it counts for the
hand of the last deal, and a play of another hand_no forgets it. Hard
matches the phrases word for word as this engine says them ("fifteen two",
"and twenty-five for three is five", "and a pair is seven"); with other
words no hand sounds the same and it falls back on a plainer reckoning.
The agent's own announcement follows from its cards and the turn-up. "go"
is a player saying go, "last" the one for the last card. A score past 31
reads as 31. Noddy's levels are easy, medium, hard and expert (expert plays
as hard).

With --game costly-colours the games are Costly Colours (two players, three
cards each, the mog, series of play to 31, game to 121). Three questions,
each answered with one line ("game":g may be added to any; it is not read):

  {"type":"mog","hand_no":k,"hand":[3 cards],"turnup":"XX","dealer":bool,
   "scores":{"me":n,"opp":n},"opp_said":"mog"|"refuse"}
                             -> {"mog":true} (agree) or {"mog":false} (refuse)
  {"type":"pass","hand_no":k,"hand":[3 cards],"turnup":"XX","dealer":bool,
   "scores":{…}}                                        -> {"card":"XX"}
  {"type":"play","hand_no":k,"hand":[cards left],"legal":[cards that fit],
   "played":[{"who":"me"|"opp","card":"XX","value":v,"count":n}, … every
   card laid this hand, oldest first],"count":n,"turnup":"XX","dealer":bool,
   "scores":{…},"opp_said_go":bool,"mog":{"me":"mog"|"refuse",
   "opp":"mog"|"refuse","passed":"XX","received":"YY"}}
                              -> {"card":"XX","value":v} or {"go":true}

The dealer's opponent speaks first, so only the dealer's mog question has
"opp_said" (what the other player said). Both saying mog, each passes a
card: the pass question comes to the dealer's opponent first, then to the
dealer. In "played" each card has the count after it (a card whose count
is its value began a series) and its value: an ace's, 1 or 11 as it was
laid, must be given; any other card's may be left out. "count" is the
count now: the last card's, or 0 when a new series is to begin. "passed"
and "received" are the cards of the exchange, given when both said mog.
"legal" names cards, not values: the agent lays an ace at 1 or 11, either
that fits, and says which ("value"). "legal":[] asks for a go; a referee
may instead take a forced go without asking. Information only, never
answered:
  {"type":"new_game","game":g,"seat":0|1,"first_dealer":"me"|"opp"}
  {"type":"deal","hand_no":k,"dealer":"me"|"opp","hand":[3 cards],"turnup":"XX"}
  {"type":"event","what":"jack_or_two","to":"me"|"opp","points":4}   (turned up)
  {"type":"event","what":"mog","who":…,"said":"mog"|"refuse"}
  {"type":"event","what":"passed","who":…,"points":p}  (a jack or two: 2 or 4)
  {"type":"event","what":"play","who":…,"card":"XX","value":v,"count":n,"points":p}
  {"type":"event","what":"go","who":…}
  {"type":"event","what":"last","who":…,"points":1}
  {"type":"event","what":"show","who":…,"cards":[3],"received":"XX"|null,"points":p}
  {"type":"event","what":"hand_over","scores":{…}}
  {"type":"game_over","scores":{…},"winner":"me"|"opp"}
Each question carries all the agent needs, so it keeps nothing of a hand
between lines. A score past 121 reads as 121. Costly Colours' levels are
easy, medium, hard and expert (expert plays as hard).
"#;

/// The usage text, naming the games with an agent protocol.
fn usage() -> String {
    USAGE.replace("{games}", &table::choices(&table::games_with(HasAgent)))
}

fn run(mut args: Args) -> Result<(), CliError> {
    let level: Level = args.parsed(
        "--level",
        Level::Expert,
        "easy, medium, hard, expert, baseline or expert-v1",
    )?;
    let seed: u64 = args.parsed("--seed", 0, "a whole number")?;
    let kind = table::game(&mut args, &table::games_with(HasAgent))?;
    args.finish()?;
    let agent = AnyGame::visit(kind, AgentOf { level, seed })
        .ok()
        .flatten()
        .ok_or_else(|| CliError::usage(format!("{} has no agent protocol", kind.title())))?;
    serve(agent)
}

/// Whether a game has an agent protocol.
#[derive(Clone, Copy)]
struct HasAgent;

impl Visit for HasAgent {
    type Out = bool;

    fn visit<G: Member>(self, kind: GameKind) -> bool {
        G::agent(G::default_rules(kind), Level::Easy, 0).is_some()
    }
}

/// A game's agent, two players at its default table.
struct AgentOf {
    level: Level,
    seed: u64,
}

impl Visit for AgentOf {
    type Out = Option<Box<dyn LinePlayer>>;

    fn visit<G: Member>(self, kind: GameKind) -> Self::Out {
        G::agent(G::default_rules(kind), self.level, self.seed)
    }
}

/// Reads stdin a line at a time and answers on stdout, flushed.
fn serve(mut agent: Box<dyn LinePlayer>) -> Result<(), CliError> {
    let stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    for line in stdin.split(b'\n') {
        // Bytes rather than `lines()`: a line that is not UTF-8 is a bad
        // line to answer, not the end of the session.
        let line = line?;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let outcome = match String::from_utf8(line) {
            // A panic would be a bug; even then the referee gets its answer
            // (the hand is forgotten) rather than a closed pipe mid-game.
            Ok(line) => panic::catch_unwind(AssertUnwindSafe(|| agent.handle(&line)))
                .unwrap_or_else(|_| {
                    agent.forget_hand();
                    Err("internal error: the agent could not handle this line".into())
                }),
            Err(_) => Err("the line is not UTF-8 text".into()),
        };
        let reply = match outcome {
            Ok(Some(reply)) => reply,
            Ok(None) => continue,
            Err(why) => serde_json::json!({ "error": why }).to_string(),
        };
        writeln!(stdout, "{reply}")?;
        stdout.flush()?;
    }
    Ok(())
}
