// @ts-check
// Runs www/bench.html in headless Chromium and prints the wasm engine's speed,
// beside the native figure when given the CLI's `cribbage bench` output.
//
//   node tools/bench.mjs [--native-json FILE]
//
// Both sides take the best of their timed runs (the run least disturbed by the
// rest of the machine), so the ratio compares like with like.

import { readFileSync } from 'node:fs';
import { runBenchmarkPage } from './browser.mjs';

const jsonAt = process.argv.indexOf('--native-json');
const figures = jsonAt > 0 ? nativeFigures(process.argv[jsonAt + 1]) : {};
const native = nativeFigure(figures, 'distribution_hands_per_second');
const nativeGames = nativeFigure(figures, 'random_games_per_second');

/** The CLI's `cribbage bench` JSON, or {} with a note why not. */
function nativeFigures(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log('    native: no JSON figures from `cribbage bench` yet; ratios not computed');
    return {};
  }
}

/** One figure from the native JSON, or NaN with a note why not. */
function nativeFigure(all, key) {
  const value = Number(all?.[key]);
  if (!(value > 0) && Object.keys(all).length) console.log(`    native: no ${key} figure; that ratio not computed`);
  return value;
}

const result = await runBenchmarkPage('bench.html?run', 'bench', 120_000);

const millions = (hps) => `${(hps / 1e6).toFixed(1)} M hands/s`;
console.log(`    browser: ${result.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? result.userAgent}`);
console.log(`    wasm runs (s): ${result.runs.map((s) => s.toFixed(3)).join(' ')}`);
const best = result.hands / result.bestSeconds;
const median = result.hands / result.medianSeconds;
console.log(`    wasm:   ${result.hands} hands, best ${result.bestSeconds.toFixed(3)} s = ${millions(best)} (median ${millions(median)})`);
if (native > 0) {
  console.log(`    native: ${result.hands} hands, best ${(result.hands / native).toFixed(3)} s = ${millions(native)}`);
  console.log(`    wasm / native = ${(best / native).toFixed(2)} (target ≥ 0.60)`);
}
const games = result.games;
console.log(`    wasm:   ${games.games} random games, best ${games.bestSeconds.toFixed(3)} s = ${Math.round(games.gamesPerSecond)} games/s, ${games.applyNs.toFixed(0)} ns per action`);
if (nativeGames > 0) {
  console.log(`    native: ${Math.round(nativeGames)} games/s, ${Number(figures.apply_ns).toFixed(0)} ns per action`);
  console.log(`    wasm / native = ${(games.gamesPerSecond / nativeGames).toFixed(2)} (random games)`);
}
