// @ts-check
// Times the solitaires' computer players and coach in Node over the family
// module (www/pkg-family): the same wasm and V8 engine as Chromium, one
// thread, no page. For each seeded game, every decision is timed as a move
// (aiDecide) at each level asked, and as the coach's full table
// (coachAnalyze at Hard); the game goes on with Hard's move.
//
//   node tools/solitaire-bench.mjs [--game square-solitaire|solitaire] [--games 20] [--levels medium,hard]
//
// Single runs on a machine that may be busy: the 95th percentile is the
// figure to compare with the budgets (a move 50 ms, a full table 500 ms).

import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { GAMES } from '../www/js/games.js';
import * as glue from '../www/pkg-family/cribbage.js';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const game = arg('game', 'square-solitaire');
const games = Number(arg('games', '20'));
const levels = arg('levels', 'easy,medium,hard').split(',');
/** The solitaires, by the registry: the games played alone. */
const SOLITAIRES = GAMES.filter((g) => g.options.solo).map((g) => g.id);
if (!SOLITAIRES.includes(game)) {
  console.error(`solitaire-bench: --game ${game}: one of ${SOLITAIRES.join(', ')}`);
  process.exit(2);
}

glue.initSync({ module: readFileSync('www/pkg-family/cribbage_bg.wasm') });

const times = Object.fromEntries([...levels.map((l) => [`aiDecide ${l}`, []]), ['coachAnalyze hard', []]]);
const timed = (name, f) => {
  const start = performance.now();
  const out = f();
  times[name].push(performance.now() - start);
  return out;
};

for (let seed = 1; seed <= games; seed++) {
  const handle = glue.gameNew({ game }, String(seed));
  while (!glue.gameStatus(handle).over) {
    const save = glue.gameSave(handle);
    for (const level of levels) timed(`aiDecide ${level}`, () => glue.aiDecide(save, 0, level, seed));
    const table = timed('coachAnalyze hard', () => glue.coachAnalyze(save, 0, 'hard', seed));
    glue.gameApply(handle, 0, table.options[0].action);
  }
  glue.gameFree(handle);
}

const stats = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { n: sorted.length, median: at(0.5), p95: at(0.95), max: sorted.at(-1) };
};
console.log(`    ${game}, ${games} games, Node ${process.version}`);
for (const [name, list] of Object.entries(times)) {
  const s = stats(list);
  console.log(`    ${name.padEnd(20)} n=${String(s.n).padStart(4)}  median ${s.median.toFixed(2).padStart(7)} ms  p95 ${s.p95.toFixed(2).padStart(7)} ms  max ${s.max.toFixed(2).padStart(7)} ms`);
}
