// The engine in Node, as the page gets it from js/engine.js: the built
// module's exports, initialised, with the CribbageGame class over them.

import { readFileSync } from 'node:fs';
import * as wasm from '../../www/pkg/cribbage.js';
import { gameClass } from '../../www/js/game-handle.js';

wasm.initSync({ module: readFileSync('www/pkg/cribbage_bg.wasm') });

/** The initialised module's exports and `CribbageGame`. */
export const engine = Object.freeze({ ...wasm, CribbageGame: gameClass(wasm) });
