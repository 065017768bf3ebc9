//! Every integration test of the crate, in one test binary.
//!
//! Each file here was a binary of its own (`tests/NAME.rs`): 30 crates,
//! each compiled at `[profile.test]`'s opt-level 3 with its own copy of the
//! library's generic code it calls, and linked against the library and its
//! dependencies. As modules of one crate they are compiled and linked once
//! (a cold `cargo test --no-run` takes 23% fewer CPU-seconds: README, "The
//! test run"), and their tests share one harness, whose threads keep both
//! cores busy where a binary holding one long test had left the other idle.
//! Every file here needs its `mod` line below (`source.rs` checks it). A
//! test is named by its module:
//! `cargo test --test it -- noddy::` runs Noddy's, and
//! `cargo test --test it -- --exact corpus::write_corpus` one test.
//!
//! No test here changes the process's state (environment variables, the
//! working directory, the panic hook), so they are safe side by side in one
//! process; a test that must do so needs a binary of its own.

mod agent;
mod ai;
mod ai_costly_colours;
mod ai_noddy;
mod ai_reverse;
mod ai_solitaires;
mod ai_table_top;
mod any_game;
mod cli;
mod cli_fuzz;
mod corpus;
mod costly_colours;
mod cut_by_hand;
mod differential;
mod discard_analysis;
mod engine;
mod family_scoring;
mod hardening;
mod json;
mod noddy;
mod observation;
mod random_games;
mod reverse;
mod review_chances;
mod scoring;
mod solitaire;
mod source;
mod square_solitaire;
mod table_top;
mod winprob;
