// The one engine loader: the wasm module is fetched and instantiated once,
// however many views (the table, the calculator) or app instances ask for it.
// The module's URL comes from import.meta.url, so the app works from any
// sub-path and inside other pages.

import init, * as wasm from '../pkg/cribbage.js';
import { gameClass } from './game-handle.js';

/** The wasm module's URL, for the worker and for anyone preloading it. */
export const WASM_URL = new URL('../pkg/cribbage_bg.wasm', import.meta.url);

let loading = null;

/**
 * Loads the engine (once) and resolves to the module's exports, with the
 * CribbageGame class over them. A failed load is forgotten, so a later call
 * tries again.
 * @returns {Promise<typeof wasm & { CribbageGame: Function }>}
 */
export function loadEngine() {
  loading ??= init({ module_or_path: WASM_URL }).then(
    () => Object.freeze({ ...wasm, CribbageGame: gameClass(wasm) }),
    (err) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}
