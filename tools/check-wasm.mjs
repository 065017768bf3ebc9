// @ts-check
// Loads the optimized wasm module once in Node and calls its exports before
// the build trusts it (a bad wasm-opt can produce a module that fails only
// at start-up), then prints its size and enforces the gzip budget.
//
//   node tools/check-wasm.mjs PKG_DIR [GZIP_BUDGET_BYTES]   no budget: size shown only

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { GAMES } from '../www/js/games.js';

const [dir = 'www/pkg', budgetArg] = process.argv.slice(2);
const budget = budgetArg === undefined ? Infinity : Number(budgetArg);

function fail(message) {
  console.error(`check-wasm: ${message}`);
  process.exit(1);
}

const bytes = readFileSync(join(dir, 'cribbage_bg.wasm'));
const glue = await import(pathToFileURL(resolve(dir, 'cribbage.js')).href);
try {
  glue.initSync({ module: bytes });
} catch (err) {
  fail(`the module does not instantiate: ${err.message}`);
}

const version = glue.version();
if (typeof glue.scoreShow === 'function') {
  // The cribbage module: its counting.
  const show = glue.scoreShow(['5H', '5C', '5S', 'JD'], '5D', false);
  if (show.total !== 29 || show.nobs !== 1 || !Array.isArray(show.combos) || typeof show.cadence !== 'string') {
    fail(`scoreShow gave a wrong answer for the 29 hand: ${JSON.stringify(show)}`);
  }
  if (Object.getPrototypeOf(show) !== Object.prototype) fail('scoreShow must return a plain object');
} else {
  // The family module: a game of each of its games (the registry's) made,
  // seen, decided, coached and played.
  for (const game of GAMES.filter((g) => g.module === 'family').map((g) => g.id)) {
    const handle = glue.gameNew({ game }, '7');
    const seat = glue.gameStatus(handle).to_act;
    const view = JSON.parse(glue.gameObservationJson(handle, seat));
    if (!Array.isArray(view.legal) || view.legal.length === 0 || Object.getPrototypeOf(view) !== Object.prototype) {
      fail(`${game}: gameObservationJson gave no legal actions: ${JSON.stringify(view)}`);
    }
    if (glue.gameStatus(handle).kind !== game) fail(`${game}: gameStatus says the game is ${glue.gameStatus(handle).kind}`);
    const save = glue.gameSave(handle);
    const action = glue.aiDecide(save, seat, 'hard', 1);
    if (!view.legal.includes(action)) fail(`${game}: aiDecide chose ${action}, not one of ${view.legal}`);
    const analysis = glue.coachAnalyze(save, seat, 'hard', 1);
    if (analysis.kind !== 'nothing' && analysis.options?.[0]?.action !== action) {
      fail(`${game}: the coach's best is not the level's choice ${action}: ${JSON.stringify(analysis)}`);
    }
    glue.gameApply(handle, seat, action);
    glue.gameFree(handle);
  }
}
// The calculator's card reader: the cribbage module's alone.
if (typeof glue.parseCard === 'function') {
  let thrown;
  try {
    glue.parseCard('5X');
  } catch (err) {
    thrown = err;
  }
  if (!(thrown instanceof Error) || !thrown.message.includes('5X')) {
    fail(`parseCard("5X") must throw an Error naming the card, got ${thrown}`);
  }
}

const gzip = gzipSync(bytes, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const limit = budget === Infinity ? 'not budgeted' : `budget ${kb(budget)}`;
console.log(`    ${dir}/cribbage_bg.wasm ${kb(bytes.length)}, ${kb(gzip)} gzip (${limit}); engine ${version} loads and plays`);
if (gzip > budget) fail(`the wasm is ${kb(gzip)} gzipped, over the ${kb(budget)} budget`);
