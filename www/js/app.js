// The app: loads the wasm engine and mounts the current view. Today the only
// view is the hand calculator; the game table will join it.
//
// Contract shared with the page (js/main.js), the <cribbage-game> element
// (cribbage-game.js) and the single-file build: `mountApp(root, options)`
// creates every node inside `root` (an Element or a ShadowRoot), uses no
// globals, resolves every URL from import.meta.url, and, when `root` is a
// ShadowRoot, links its own stylesheets inside it. Options:
//   { view?: 'game'|'calculator', level?, target?, players?,
//     theme?: 'light'|'dark'|'auto', seed?, storageKey?: string,
//     onEvent?: (name, detail) => void }   // 'score' on every peg, 'gameover'
// It resolves once the engine has loaded, to `{ destroy() }`.
// (Today's calculator shell reads only `view` and shows the calculator for both.)

import init, * as wasm from '../pkg/cribbage.js';
import { h } from './dom.js';
import { createCalculator } from './calculator.js';

/** The app's own stylesheets, linked inside a shadow root (the page links them itself). */
const STYLESHEETS = ['../css/base.css', '../css/cards.css', '../css/calculator.css'];

/** One engine for every mounted app: the wasm module is a singleton. */
let engine;
function loadEngine() {
  engine ??= init().then(() => wasm);
  return engine;
}

/**
 * Mounts the app in `root`.
 * @param {Element | ShadowRoot} root
 * @param {{ view?: 'game' | 'calculator' }} [options]
 * @returns {Promise<{ destroy: () => void }>}
 */
export async function mountApp(root, options = {}) {
  const added = [];
  if (root instanceof ShadowRoot) {
    for (const href of STYLESHEETS) {
      added.push(h('link', { rel: 'stylesheet', href: new URL(href, import.meta.url).href }));
    }
  }
  const view = h('div', { class: 'app-view', 'data-view': options.view ?? 'calculator' });
  added.push(view);
  root.append(...added);

  // The view draws at once; the engine arrives while the player picks cards.
  const ready = loadEngine();
  const calculator = createCalculator(view, { engine: ready });
  const handle = {
    destroy() {
      calculator.destroy();
      for (const node of added) node.remove();
    },
  };
  try {
    await ready;
  } catch (err) {
    const message = h(
      'p',
      { class: 'fatal', role: 'alert' },
      `The scoring engine could not load, so nothing can be counted. ${err.message}`,
    );
    view.prepend(message);
    throw err;
  }
  return handle;
}
