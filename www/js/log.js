// @ts-check
// The game log: every event told in words, newest last, so a player can
// read back what happened (the live region says each line once; the log
// keeps them). Lines come from the controller's telling (words.js); a
// game's whole log, rebuilt from its events, is telling.js's `logLines`.

import { h } from './dom.js';

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
