// @ts-check
// The telling of what happens after the first play: the words of every
// event (words.js), the log rebuilt from a game's events, and how the table
// tells a show, a claim and a muggins call, the end of a hand and of a game.
// The controller (play.js) tells the deal and the lay-away itself, so a
// first visit deals and waits for the first play without this module; it
// loads once the table first waits for the player, and is awaited before
// anything else is told (a module of its own, through later.js, so that a
// game of the family that tells one of these before its first play does
// not wait for lazy.js).

import { cadenceOf, callNote, capital, describe, mugginsNote, scoreLine, showLabel } from './words.js';
import { matchLine, replayLines } from './view.js';

export { describe, scoreLine };

/**
 * The log's lines for a run of the engine's events, as the table tells them
 * (a card's points folded into its call, each show counted out), without
 * the telling's pauses: to rebuild the log from the game's events.
 * @param {import('../../types/engine.js').GameEvent[]} events  The engine's events, from the first.
 * @param {import('./words.js').Voice} voice
 * @param {(hand: string[], starter: string, crib: boolean) => { steps: Record<string, any>[] }} scoreShow  The engine's scorer.
 * @param {import('./view.js').Heard} [heard]  Hears each event with its words (see `replayLines`).
 * @returns {string[]}
 */
export function logLines(events, voice, scoreShow, heard) {
  return replayLines(
    events,
    (ev, next) => describe(ev, voice, next),
    (ev) => {
      if (ev.type !== 'show') return [];
      let steps = [];
      try {
        steps = scoreShow(ev.score.hand, ev.score.starter, ev.kind === 'crib').steps;
      } catch {
        steps = [];
      }
      return [`${showLabel(voice, ev.seat, ev.kind)}: ${cadenceOf(steps)}.${steps.length ? ` ${ev.score.total} in all.` : ''}`];
    },
    heard,
  );
}

/**
 * The log's lines for standard and reverse cribbage's events, each show
 * counted out by the engine.
 * @param {import('../../types/engine.js').GameEvent[]} events
 * @param {import('./words.js').Voice} voice
 * @param {{ scoreShow(hand: string[], starter: string, crib: boolean): any }} engine
 * @param {import('./view.js').Heard} [heard]  Hears each event with its words (see `replayLines`).
 * @returns {string[]}
 */
export const toldLines = (events, voice, engine, heard) => logLines(events, voice, (hand, starter, crib) => engine.scoreShow(hand, starter, crib), heard);

/**
 * The kinds of event told here, for every game ({@link tell}): a muggins
 * peg among them (any other peg the controller tells itself).
 * @param {import('../../types/engine.js').GameEvent} ev
 */
/**
 * The muggins calls on each claim of a show, and what a call pegged, as the
 * show panel tells them live (`tell`): for a panel drawn again from the
 * observation (after a reload or an undo), which does not carry them.
 * Keyed by the hand's seat and kind (`"2/crib"`).
 * @param {import('../../types/engine.js').GameEvent[]} events  The hand's events so far.
 * @param {any} voice
 * @returns {{ calls: Record<string, string[]>, pegged: Record<string, string[]> }}
 */
export function callNotes(events, voice) {
  /** @type {Record<string, string[]>} */
  const calls = {};
  /** @type {Record<string, string[]>} */
  const pegged = {};
  let claim = '';
  let shown = '';
  for (const [i, ev] of events.entries()) {
    if (ev.type === 'claimed') claim = `${ev.seat}/${ev.kind}`;
    else if (ev.type === 'show') shown = `${ev.seat}/${ev.score.kind}`;
    else if (ev.type === 'called' || ev.type === 'accepted') (calls[claim] ??= []).push(ev.type === 'called' ? callNote(ev, voice, events[i + 1]) : letStand(ev, voice));
    else if (ev.type === 'pegged' && ev.reason?.why === 'muggins') (pegged[shown] ??= []).push(mugginsNote(ev, voice));
  }
  return { calls, pegged };
}

/** "Ada lets it stand." */
const letStand = (ev, voice) => `${capital(voice.isYou(ev.seat) ? 'you' : voice.name(ev.seat))} let${voice.isYou(ev.seat) ? '' : 's'} it stand.`;

export const toldHere = (ev) => ['show', 'claimed', 'called', 'accepted', 'hand_over', 'game_over'].includes(ev.type) || (ev.type === 'pegged' && ev.reason?.why === 'muggins');

/**
 * What the controller hands the telling of one event.
 * @typedef {object} TellingContext
 * @property {Record<string, any>} s  The controller's state (its display, prompt and panel are changed here).
 * @property {Record<string, any>} show  The show panel (show.js's).
 * @property {any} voice
 * @property {import('../../types/engine.js').GameEvent[]} events  The batch the event is in.
 * @property {number} index  Its place in the batch.
 * @property {{ text: string } | null} told  Its words (a game's result is the next game's panel's title).
 * @property {boolean} patch  Told live (else retold after a reload).
 * @property {() => boolean} alive
 * @property {(pace: string) => Promise<void>} pause
 * @property {(kind: string) => Promise<void>} waitFor
 * @property {() => Promise<unknown>} laterParts  Loads the table's panels.
 * @property {(name: string, detail: Record<string, any>) => void} emit  The embedder's onEvent.
 */

/**
 * Tells one event of the kinds {@link toldHere} names.
 * @param {import('../../types/engine.js').GameEvent} ev
 * @param {TellingContext} ctx
 */
export async function tell(ev, ctx) {
  const { s, show, voice, alive } = ctx;
  switch (ev.type) {
    case 'show':
      await show.tell(ev, { alive, animate: ctx.patch, handNumber: s.display?.obs.hand_number });
      break;
    case 'claimed': {
      const obs = s.display?.obs;
      show.claimed(ev, { starter: obs?.starter ?? null, showing: s.game.observation(s.viewer).showing, handNumber: obs?.hand_number });
      await ctx.pause('pegged');
      break;
    }
    case 'called':
      show.called(callNote(ev, voice, ctx.events[ctx.index + 1]));
      await ctx.pause('pegged');
      break;
    case 'pegged':
      show.annotate(mugginsNote(ev, voice), 'bad');
      await ctx.pause('pegged');
      break;
    case 'accepted':
      show.called(letStand(ev, voice));
      await ctx.pause('pegged');
      break;
    case 'hand_over':
      show.study();
      s.prompt = 'Study the hands and the crib, then continue.';
      await ctx.waitFor('continue');
      show.clear();
      s.prompt = '';
      break;
    case 'game_over': {
      const more = ctx.events.slice(ctx.index + 1).some((e) => e.type === 'new_game');
      ctx.emit('gameover', gameOverDetail(ev, voice));
      if (more) {
        await ctx.laterParts();
        s.panel = {
          title: ctx.told.text,
          lines: [matchLine(s.game.observation(s.viewer), voice)],
          actions: [{ id: 'continue', label: 'Next game', primary: true }],
        };
        await ctx.waitFor('continue');
        s.panel = null;
        show.clear();
      }
      break;
    }
    default:
  }
}

/**
 * The embedder's `gameover` event: who won, in the table's words.
 * @param {import('../../types/engine.js').GameEvent} ev
 * @param {any} voice
 */
function gameOverDetail(ev, voice) {
  return {
    game: ev.game,
    winner: ev.winner,
    winnerName: voice.sideName(ev.winner),
    you: voice.sideIsYou(ev.winner),
    scores: ev.scores,
    skunk: ev.skunk,
    // Reverse cribbage: the side that reached the target, and lost (the engine gives it there only).
    reached: ev.reached,
  };
}
