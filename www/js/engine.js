// @ts-check
// The one engine loader. Standard and reverse cribbage's module (pkg/) is on
// the first visit's critical path; the family module (pkg-family/), with
// the family's other games, is fetched only when one of them is played
// (the service worker precaches it in the background for offline play), and
// a game of the family opened by its link fetches nothing of the cribbage
// module. Both modules hand out the same exports over the engine's one
// game handle.
// Each module is fetched and instantiated once, however many views or app
// instances ask for it. URLs come from import.meta.url, so the app works
// from any sub-path and inside other pages.

import { gameClass } from './game-handle.js';
import { byId } from './games.js';

/** The cribbage module's URL, for the worker and for anyone preloading it. */
export const WASM_URL = new URL('../pkg/cribbage_bg.wasm', import.meta.url);

/** Which module plays each game, from the page's registry (games.js). */
export const MODULE_OF = byId('module');

/** @type {Map<string, Promise<Engine>>} */
const loading = new Map();

/** Instantiates the cribbage module: its glue is imported only now. */
async function cribbage() {
  const glue = await import('../pkg/cribbage.js');
  await glue.default({ module_or_path: WASM_URL });
  return glue;
}

/** Instantiates the family module: its glue is imported only now. */
async function family() {
  const glue = await import('../pkg-family/cribbage.js');
  await glue.default({ module_or_path: new URL('../pkg-family/cribbage_bg.wasm', import.meta.url) });
  return glue;
}

/** Each module's loader, by the name the registry gives it. */
const LOADERS = Object.freeze({ cribbage, family });

/**
 * The exports of an engine module, with the CribbageGame class over them:
 * every module's game and computer players' exports, and the cribbage
 * module's scoring and analysis where it is that module.
 * @typedef {typeof import('../pkg-family/cribbage.js') & Partial<typeof import('../pkg/cribbage.js')>
 *   & { CribbageGame: import('./game-handle.js').GameClass }} Engine
 */

/**
 * Loads the engine that plays `game` (once) and resolves to the module's
 * exports, with the CribbageGame class over them (the same class, and the
 * same exports, for every module). A failed load is forgotten, so a later
 * call tries again. An unknown game is refused at once.
 * @param {string} [game] a game of the family, by its name ("cribbage" by default)
 * @returns {Promise<Engine>}
 */
export function loadEngine(game = 'cribbage') {
  const module = MODULE_OF[game];
  if (!module) return Promise.reject(new Error(`"${game}" is not a game this app plays`));
  if (!loading.has(module)) {
    const start = LOADERS[module]();
    loading.set(
      module,
      start.then(
        (exports) => Object.freeze({ ...exports, CribbageGame: gameClass(exports) }),
        (err) => {
          loading.delete(module);
          throw err;
        },
      ),
    );
  }
  return loading.get(module);
}
