// The computer players' worker: loads the wasm engine once and answers
// { id, type, ... } messages with { id, result } or { id, error }. Each
// message carries the game's save text and a seat: the engine restores the
// game from the save and makes that seat's observation natively, and only
// that observation reaches the computer player's (or the coach's) decision
// code, whose signature takes nothing else (src/wasm/ai.rs). Searching the
// play can take tens of milliseconds at Expert, so it runs here, never on
// the page's thread; so does the hand calculator's discard analyser, whose
// messages carry six cards instead of a save.

import init, * as engine from '../pkg/cribbage.js';
import { answer } from './ai-answer.js';

const ready = init({ module_or_path: new URL('../pkg/cribbage_bg.wasm', import.meta.url) }).then(() => {
  // The discard and win-chance tables are built now, not on the first move.
  engine.aiPrepare();
});

// The family module (Noddy, Costly Colours), fetched the first time one of
// its games asks: a game of cribbage never loads it.
let family = null;
function familyEngine() {
  family ??= import('../pkg-family/cribbage.js').then(async (glue) => {
    await glue.default({ module_or_path: new URL('../pkg-family/cribbage_bg.wasm', import.meta.url) });
    return glue;
  });
  return family;
}

self.addEventListener('message', async ({ data }) => {
  const { id } = data;
  try {
    if (data.module === 'family') {
      self.postMessage({ id, result: answer(await familyEngine(), data) });
      return;
    }
    await ready;
    self.postMessage({ id, result: answer(engine, data) });
  } catch (err) {
    self.postMessage({ id, error: err?.message ?? String(err) });
  }
});
