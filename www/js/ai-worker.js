// @ts-check
// The computer players' worker: loads the wasm engine once and answers
// { id, type, ... } messages with { id, result } or { id, error }. Each
// message carries the game's save text and a seat: the engine restores the
// game from the save and makes that seat's observation natively, and only
// that observation reaches the computer player's (or the coach's) decision
// code, whose signature takes nothing else (src/wasm/ai.rs). Searching the
// play can take tens of milliseconds at Expert, so it runs here, never on
// the page's thread; so does the hand calculator's discard analyser, whose
// messages carry six cards instead of a save.

import { answer } from './ai-answer.js';

/** Each module's exports, once loaded: fetched the first time one of its games asks. */
const modules = new Map();

/**
 * The engine module that plays a request's game (`cribbage` or `family`),
 * loaded once; the computer players' tables are built as it starts, not on
 * the first move. A game of the family never loads the cribbage module,
 * nor a game of cribbage the family module.
 * @param {string} module
 */
function engine(module) {
  if (!modules.has(module)) {
    const dir = module === 'family' ? '../pkg-family/' : '../pkg/';
    const loading = (module === 'family' ? import('../pkg-family/cribbage.js') : import('../pkg/cribbage.js')).then(async (glue) => {
      await glue.default({ module_or_path: new URL(`${dir}cribbage_bg.wasm`, import.meta.url) });
      glue.aiPrepare();
      return glue;
    });
    // A failed load is forgotten, so a later request tries again.
    loading.catch(() => modules.delete(module));
    modules.set(module, loading);
  }
  return modules.get(module);
}

self.addEventListener('message', async ({ data }) => {
  const { id } = data;
  try {
    self.postMessage({ id, result: answer(await engine(data.module === 'family' ? 'family' : 'cribbage'), data) });
  } catch (err) {
    self.postMessage({ id, error: err?.message ?? String(err) });
  }
});
