//! Saves written before muggins calls named a count, read under today's
//! rules.
//!
//! Before save format 3 a muggins claim above the cards was refused, a
//! claim was pegged at once, and an opponent was offered the call only when
//! points were missed, with a bare `muggins` that took them. Today every
//! claim waits for each opponent's call or pass before anything is pegged,
//! and a call names the count. The rules' decision ("Saves made before this
//! decision restore: their calls are read as naming the true count") reads
//! an old record so:
//!
//! - a bare `muggins` is a call naming the true count;
//! - where the old rules offered no call (a claim that was right, or that
//!   ended the game), each opponent lets the claim stand;
//! - an old save that stops while a call is offered had already pegged the
//!   claim: its scores are checked with the claim counted.
//!
//! Every point then falls as it did: the claim is pegged first and the
//! call's points after it, in the same order as before.

use super::action::{Action, Phase};
use super::rules::Counting;
use super::state::Game;
use crate::games::{State, Upgrade};

/// The save format from which muggins calls name a count (see
/// [`crate::record`]).
pub const MUGGINS_CALLS_FORMAT: u32 = 3;

impl Game {
    /// Whether a save in `format` needs reading with the old muggins rules.
    fn old_muggins(&self, format: u32) -> bool {
        format < MUGGINS_CALLS_FORMAT && self.rules().counting() == Counting::Muggins
    }

    /// The opponents still to be offered the call on the claim pending,
    /// each letting it stand.
    fn every_pass(&self) -> Vec<Action> {
        vec![Action::Accept; self.callers_left()]
    }

    /// Whether the old rules offered a call on the claim pending: only an
    /// under-claim that did not end the game.
    fn old_rules_offered_a_call(&self) -> bool {
        let (Some(claimed), Some(total), Some(owner)) = (
            self.pending_claim(),
            self.shown_total(),
            self.current_claimant(),
        ) else {
            return false;
        };
        let side = self.rules().side_of(owner);
        let reached = self.scores()[side].front + u16::from(claimed) >= self.rules().target();
        claimed < total && !reached
    }

    /// See [`State::upgrade`].
    pub(super) fn upgrade_step(&self, format: u32, step: Option<&str>) -> Upgrade<Action> {
        if !self.old_muggins(format) || self.phase() != Phase::Muggins {
            return Upgrade::default();
        }
        match step.map(str::trim) {
            Some("muggins") => Upgrade {
                before: Vec::new(),
                instead: self.shown_total().map(Action::Muggins),
            },
            Some("accept") => Upgrade::default(),
            Some(_) => Upgrade {
                before: self.every_pass(),
                instead: None,
            },
            None if self.old_rules_offered_a_call() => Upgrade::default(),
            None => Upgrade {
                before: self.every_pass(),
                instead: None,
            },
        }
    }

    /// See [`State::upgraded_scores`].
    pub(super) fn old_scores(&self, format: u32) -> Vec<u16> {
        let mut scores = self.score_list();
        if self.old_muggins(format)
            && self.phase() == Phase::Muggins
            && let (Some(claimed), Some(owner)) = (self.pending_claim(), self.current_claimant())
            && let Some(score) = scores.get_mut(self.rules().side_of(owner))
        {
            *score += u16::from(claimed);
        }
        scores
    }
}
