//! `cribbage match --game noddy`: duplicate games of Noddy between two
//! computer levels, played and reported by [`crate::duplicate`].

use crate::args::CliError;
use crate::duplicate::{Match, Played, play_out};
use cribbage::ai::arena::pair_seed;
use cribbage::ai::{Level, noddy as bot};
use cribbage::games::GameKind;
use cribbage::games::noddy::{Event, Game, Reason, Rules};

/// Plays game `i` of pair set `seed` with A at `a_seat`.
fn play(a: Level, b: Level, seed: u64, i: u64, a_seat: usize) -> Played {
    let levels = if a_seat == 0 { [a, b] } else { [b, a] };
    let mut game = Game::new(Rules::default(), pair_seed(seed, i, 1));
    let times = play_out(
        &mut game,
        |seat| seat,
        a_seat,
        |seat, obs| {
            let bot_seed = pair_seed(seed, i, 2 + seat as u64);
            bot::decide(levels[seat], obs, bot_seed).unwrap_or_else(|e| panic!("seat {seat}: {e}"))
        },
    );
    let winner = game.winner().unwrap_or(0);
    let mut played = Played {
        a_won: winner == a_seat,
        first_dealer_won: winner == game.first_dealer(),
        points: vec![0; 3],
        times,
        ..Played::default()
    };
    for event in game.events() {
        match event {
            Event::Deal { .. } => played.hands += 1,
            Event::Pegged(peg) => {
                let kind = match peg.reason {
                    Reason::JackTurned { .. } => 0,
                    Reason::Announcement => 1,
                    Reason::Play { .. } | Reason::Go { .. } => 2,
                };
                played.points[kind] += u64::from(peg.points);
            }
            _ => {}
        }
    }
    played
}

/// Runs the match and prints its report.
pub fn run(a: Level, b: Level, seed: u64, games: u64, threads: usize) -> Result<(), CliError> {
    let setup = Match {
        game: GameKind::Noddy,
        rules: None,
        a,
        b,
        seed,
        games,
        threads,
        kinds: &["jack_turned", "announced", "play"],
    };
    setup.run(|i, a_seat| play(a, b, seed, i, a_seat))
}
