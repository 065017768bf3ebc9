// @ts-check
// The computer players' side of the page: a Web Worker that loads the same
// wasm engine and answers with action text. It is sent the game's save text
// and a seat; the engine restores the game, makes that seat's observation
// natively, and hands only the observation to the decision code, whose
// signature can take nothing else, so a computer player cannot see a card
// its seat does not know (src/wasm/ai.rs).

import { MODULE_OF } from './engine.js';
import { later } from './later.js';

/**
 * Starts the worker.
 * Seeds are whole numbers below 2³²: the same position, seat, level and
 * seed always give the same decision.
 * Each call names its game (standard cribbage when left out), so the
 * worker answers from the module that plays it.
 * @returns {{ decide(saveText: string, seat: number, level: string, seed: number, game?: string): Promise<string>,
 *             analyze(saveText: string, seat: number, level: string, seed?: number, game?: string): Promise<object>,
 *             review(saveText: string, seat: number, level: string, seed?: number, game?: string): Promise<object>,
 *             discards(cards: string[], crib: 'mine'|'theirs', scores?: { mine: number, theirs: number, target?: number } | null): Promise<object>,
 *             chances(saveText: string, game?: string): Promise<object[]|null>,
 *             destroy(): void }}
 *   `discards` is the hand calculator's discard analyser: every way to lay
 *   two of six cards away, valued by the engine (src/wasm/ai.rs). `chances`
 *   is each side's chance to win through the game, or null for a game the
 *   engine has no model of chances for (the meter and the chart).
 */
export function createAi() {
  let worker = null;
  // The single-file build (tools/single-file.mjs) defines CRIBBAGE_SINGLE_FILE:
  // it has no worker script beside it, and its CSP would refuse one.
  if (typeof CRIBBAGE_SINGLE_FILE === 'undefined') {
    try {
      worker = new Worker(workerUrl(), { type: 'module', name: 'cribbage-ai' });
    } catch {
      // No module workers in this browser: decide on the page's thread.
    }
  }
  let nextId = 1;
  const pending = new Map();
  let local = worker ? null : localAi();

  const onMessage = ({ data }) => {
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    if (data.error) call.reject(new Error(data.error));
    else call.resolve(data.result);
  };
  const onError = (event) => {
    event.preventDefault?.();
    // The worker could not load (a page from file://, a blocked script):
    // the same engine answers on the page's thread instead, so play goes on.
    local ??= localAi();
    for (const [, call] of pending) local.run(call.message).then(call.resolve, call.reject);
    pending.clear();
  };
  worker?.addEventListener('message', onMessage);
  worker?.addEventListener('error', onError);

  function call(type, { game = 'cribbage', ...args }) {
    const module = MODULE_OF[game];
    if (!module) return Promise.reject(new Error(`"${game}" is not a game this app plays`));
    const message = { type, module, game, ...args };
    if (local) return local.run(message);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, message });
      worker.postMessage({ id, ...message });
    });
  }

  return {
    decide: (saveText, seat, level, seed, game) => call('decide', { saveText, seat, level, seed, game }),
    analyze: (saveText, seat, level, seed = 0, game) => call('analyze', { saveText, seat, level, seed, game }),
    review: (saveText, seat, level, seed = 0, game) => call('review', { saveText, seat, level, seed, game }),
    discards: (cards, crib, scores = null) => call('discards', { cards, crib, scores }),
    chances: (saveText, game) => call('chances', { saveText, game }),
    destroy() {
      worker?.removeEventListener('message', onMessage);
      worker?.removeEventListener('error', onError);
      worker?.terminate();
      for (const call of pending.values()) call.reject(new Error('stopped'));
      pending.clear();
    },
  };
}

/** The worker script, beside this module. */
const WORKER_URL = new URL('./ai-worker.js', import.meta.url).href;
/** The Trusted Types policy, made once (a second of the same name would be refused); null where there is none. */
let policy;

/**
 * The worker's URL, as a TrustedScriptURL where the browser has Trusted
 * Types: a page whose CSP enforces them (require-trusted-types-for 'script')
 * refuses a plain URL for a worker, and the computer players would then
 * think on the page's thread, the page's console reporting the refusal. The
 * policy, `cribbage-game` (a page that lists its policies names it in
 * `trusted-types`, docs/EMBEDDING.md), vouches for this one URL only: it
 * makes nothing else, whatever it is given.
 * @returns {string}
 */
function workerUrl() {
  if (policy === undefined) {
    try {
      policy = /** @type {any} */ (globalThis).trustedTypes?.createPolicy('cribbage-game', { createScriptURL: () => WORKER_URL }) ?? null;
    } catch {
      policy = null; // a page that names its policies and not this one: the URL as it is
    }
  }
  return policy ? policy.createScriptURL('') : WORKER_URL;
}

/**
 * The worker's answers computed on this thread, from the page's own engine:
 * only when no worker can run, so its code (ai-local.js, in lazy.js) loads only then.
 */
function localAi() {
  const ready = later('aiLocal');
  return { run: (request) => ready.then((local) => local.run(request)) };
}
