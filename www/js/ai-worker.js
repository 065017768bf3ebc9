// The computer players' worker: loads the wasm engine once and answers
// { id, type, ... } messages with { id, result } or { id, error }. It sees
// only what it is sent: an observation's JSON for a decision or a hint, and
// a finished game's save for the review.

import init, * as engine from '../pkg/cribbage.js';

const ready = init({ module_or_path: new URL('../pkg/cribbage_bg.wasm', import.meta.url) });

const handlers = {
  // Stand-in until the engine's AI exports land: the first legal action.
  decide: ({ observationJson }) => JSON.parse(observationJson).legal[0],
};

self.addEventListener('message', async ({ data }) => {
  const { id, type } = data;
  try {
    await ready;
    const handler = handlers[type];
    if (!handler) throw new Error(`unknown request: ${type}`);
    self.postMessage({ id, result: handler(data) });
  } catch (err) {
    self.postMessage({ id, error: err?.message ?? String(err) });
  }
});
