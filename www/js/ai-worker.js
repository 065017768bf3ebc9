// The computer players' worker: loads the wasm engine once and answers
// { id, type, ... } messages with { id, result } or { id, error }. Each
// message carries the game's save text and a seat: the engine restores the
// game from the save and makes that seat's observation natively, and only
// that observation reaches the computer player's (or the coach's) decision
// code, whose signature takes nothing else (src/wasm/ai.rs). Searching the
// play can take tens of milliseconds at Expert, so it runs here, never on
// the page's thread.

import init, * as engine from '../pkg/cribbage.js';
import { answer } from './ai-answer.js';

const ready = init({ module_or_path: new URL('../pkg/cribbage_bg.wasm', import.meta.url) }).then(() => {
  // The discard and win-chance tables are built now, not on the first move.
  engine.aiPrepare();
});

self.addEventListener('message', async ({ data }) => {
  const { id } = data;
  try {
    await ready;
    self.postMessage({ id, result: answer(engine, data) });
  } catch (err) {
    self.postMessage({ id, error: err?.message ?? String(err) });
  }
});
