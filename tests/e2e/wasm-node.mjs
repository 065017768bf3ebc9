// @ts-check
// The engine in Node, as the page gets it from js/engine.js: each built
// module's exports, initialised, with the CribbageGame class over them.

import { readFileSync } from 'node:fs';
import * as wasm from '../../www/pkg/cribbage.js';
import * as familyGlue from '../../www/pkg-family/cribbage.js';
import * as benchGlue from '../../www/pkg-bench/cribbage.js';
import { byId } from '../../www/js/games.js';
import { gameClass } from '../../www/js/game-handle.js';

wasm.initSync({ module: readFileSync('www/pkg/cribbage_bg.wasm') });
familyGlue.initSync({ module: readFileSync('www/pkg-family/cribbage_bg.wasm') });
benchGlue.initSync({ module: readFileSync('www/pkg-bench/cribbage_bg.wasm') });

/** The cribbage module (standard and reverse cribbage): its exports and `CribbageGame`. */
export const engine = Object.freeze({ ...wasm, CribbageGame: gameClass(wasm) });

/** The family module (the other five games): its exports and `CribbageGame`. */
export const family = Object.freeze({ ...familyGlue, CribbageGame: gameClass(familyGlue) });

/**
 * The benchmark module (the cribbage module, feature `bench`): with the
 * exports no page calls, which the shipped modules leave out (`pegScore`,
 * `winChances`) and the benchmarks' own.
 */
export const bench = Object.freeze({ ...benchGlue, CribbageGame: gameClass(benchGlue) });

/** Each game's module, by its id: the page's registry's. */
const MODULE_OF = byId('module');

/**
 * The module that plays `game`, by its name, as js/engine.js picks it.
 * @param {string} game
 */
export const engineFor = (game) => (MODULE_OF[game] === 'cribbage' ? engine : family);
