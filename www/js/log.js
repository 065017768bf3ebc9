// The game log: every event told in words, newest last, so a player can
// read back what happened (the live region says each line once; the log
// keeps them). Lines come from the controller's telling (words.js).

import { h } from './dom.js';

/** Lines kept: a whole match fits, and an endless session stays light. */
const KEPT = 600;

/**
 * @param {HTMLOListElement} list  The log's list (the app makes it).
 * @returns {{ add(text: string): void, clear(): void }}
 */
export function createLog(list) {
  return {
    /** Adds one line at the end and keeps it in view. */
    add(text) {
      list.append(h('li', {}, text));
      while (list.childElementCount > KEPT) list.firstElementChild.remove();
      list.parentElement.scrollTop = list.parentElement.scrollHeight;
    },
    /** Empties the log: a new game. */
    clear() {
      list.replaceChildren();
    },
  };
}
