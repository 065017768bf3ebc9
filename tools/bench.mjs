// Runs www/bench.html in headless Chromium and prints the wasm engine's speed,
// beside the native figure when given the CLI's `cribbage bench` output.
//
//   node tools/bench.mjs [--native-json FILE]
//
// Both sides take the best of their timed runs (the run least disturbed by the
// rest of the machine), so the ratio compares like with like.

import { readFileSync } from 'node:fs';
import { launchChromium } from './browser.mjs';
import { startServer } from './serve.mjs';

const jsonAt = process.argv.indexOf('--native-json');
const native = jsonAt > 0 ? nativeFigure(process.argv[jsonAt + 1]) : NaN;

/** `distribution_hands_per_second` from the CLI's JSON, or NaN with a note why not. */
function nativeFigure(file) {
  let figures;
  try {
    figures = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log('    native: no JSON figures from `cribbage bench` yet; ratio not computed');
    return NaN;
  }
  const value = Number(figures?.distribution_hands_per_second);
  if (!(value > 0)) console.log('    native: no distribution_hands_per_second figure; ratio not computed');
  return value;
}

const server = await startServer({ root: 'www' });
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
  await page.goto(new URL('bench.html?run', server.url).href);
  const handle = await page.waitForFunction(() => document.body.dataset.bench, null, { timeout: 120_000 });
  const result = JSON.parse(await handle.jsonValue());
  if (problems.length) throw new Error(`the benchmark page failed: ${problems.join('; ')}`);

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
} finally {
  await browser.close();
  await server.close();
}
