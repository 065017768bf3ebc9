// Runs www/bench.html in headless Chromium and prints the wasm engine's speed,
// beside the native figure when given one.
//
//   node tools/bench.mjs [--native HANDS_PER_SECOND]

import { launchChromium } from './browser.mjs';
import { startServer } from './serve.mjs';

const nativeAt = process.argv.indexOf('--native');
const native = nativeAt > 0 ? Number(process.argv[nativeAt + 1]) : NaN;

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
  console.log(`    wasm:   ${result.hands} hands in ${result.medianSeconds.toFixed(3)} s (median of ${result.runs.length}) = ${millions(result.handsPerSecond)}`);
  if (Number.isFinite(native) && native > 0) {
    const ratio = result.handsPerSecond / native;
    console.log(`    native: ${millions(native)}`);
    console.log(`    wasm / native = ${ratio.toFixed(2)} (target ≥ 0.60)`);
  }
} finally {
  await browser.close();
  await server.close();
}
