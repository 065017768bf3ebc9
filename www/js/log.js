// @ts-check
// The game log: every event told in words, newest last, so a player can
// read back what happened (the live region says each line once; the log
// keeps them). Lines come from the controller's telling (words.js).

import { h } from './dom.js';
import { cadenceOf, describe, showLabel } from './words.js';

/** Lines kept: a whole match fits, and an endless session stays light. */
const KEPT = 600;

/**
 * @param {HTMLOListElement} list  The log's list (the app makes it).
 * @returns {{ add(text: string): void, clear(): void, replace(lines: string[]): void }}
 */
export function createLog(list) {
  // The list is what scrolls (its own overflow, on phones and desktops); its
  // section only holds it. Scrolling the section left the list at hand 1.
  // Pinned to the newest line unless the reader has scrolled back: then a
  // new line leaves them where they are reading.
  let pinned = true;
  const atEnd = () => list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  const toNewest = () => {
    if (pinned) list.scrollTop = list.scrollHeight;
  };
  // Only the reader's own scrolling unpins it: the log's own scrolls (and
  // the box resizing under them) say nothing about where the reader is.
  let reading = false;
  for (const type of ['wheel', 'touchstart', 'pointerdown', 'keydown']) {
    list.addEventListener(type, () => {
      reading = true;
    }, { passive: true });
  }
  list.addEventListener('scroll', () => {
    if (reading) pinned = atEnd();
  }, { passive: true });
  // The list's box changes size as the table beside it does (a new hand, a
  // panel): keep the newest line in view through it.
  if (typeof ResizeObserver === 'function') new ResizeObserver(toNewest).observe(list);
  return {
    /** Adds one line at the end and keeps it in view. */
    add(text) {
      list.append(h('li', {}, text));
      while (list.childElementCount > KEPT) list.firstElementChild.remove();
      toNewest();
    },
    /** Empties the log: a new game. */
    clear() {
      list.replaceChildren();
      pinned = true;
    },
    /** Replaces the whole log (after an undo or a reload, the game as it now stands). */
    replace(lines) {
      list.replaceChildren();
      pinned = true;
      for (const line of lines.slice(-KEPT)) list.append(h('li', {}, line));
      toNewest();
    },
  };
}

/**
 * The log's lines for a run of the engine's events, as the table tells them
 * (a card's points folded into its call, each show counted out), without
 * the telling's pauses: to rebuild the log from the game's events.
 * @param {import('../../types/engine.js').GameEvent[]} events  The engine's events, from the first.
 * @param {import('./words.js').Voice} voice
 * @param {(hand: string[], starter: string, crib: boolean) => { steps: Record<string, any>[] }} scoreShow  The engine's scorer.
 * @returns {string[]}
 */
export function toldLines(events, voice, scoreShow) {
  const lines = [];
  for (let i = 0; i < events.length; i++) {
    const ev = events[i];
    const told = describe(ev, voice, events[i + 1]);
    if (told && !told.quiet) lines.push(told.text);
    if (told?.folded) i++;
    if (ev.type === 'show') {
      let steps = [];
      try {
        steps = scoreShow(ev.score.hand, ev.score.starter, ev.kind === 'crib').steps;
      } catch {
        steps = [];
      }
      lines.push(`${showLabel(voice, ev.seat, ev.kind)}: ${cadenceOf(steps)}.${steps.length ? ` ${ev.score.total} in all.` : ''}`);
    }
  }
  return lines;
}
