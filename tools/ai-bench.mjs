// Runs www/ai-bench.html in headless Chromium and prints how long the
// computer players take per decision in the browser (wasm in a Web Worker).
//
//   node tools/ai-bench.mjs
//
// Decision times are single runs on a machine that may be busy: the 95th
// percentile is the figure to compare with the 50 ms budget.

import { launchChromium } from './browser.mjs';
import { startServer } from './serve.mjs';

const server = await startServer({ root: 'www' });
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
  await page.goto(new URL('ai-bench.html?run', server.url).href);
  const handle = await page.waitForFunction(() => document.body.dataset.aiBench, null, { timeout: 600_000, polling: 500 });
  const result = JSON.parse(await handle.jsonValue());
  if (problems.length) throw new Error(`the benchmark page failed: ${problems.join('; ')}`);
  console.log(`    browser: ${result.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? result.userAgent}`);
  console.log(`    tables built (aiPrepare): ${result.prepareMs.toFixed(1)} ms`);
  for (const [name, s] of Object.entries(result)) {
    if (typeof s !== 'object' || s === null || !('median' in s)) continue;
    console.log(`    ${name.padEnd(24)} n=${String(s.n).padStart(4)}  median ${s.median.toFixed(2).padStart(6)} ms  p95 ${s.p95.toFixed(2).padStart(6)} ms  max ${s.max.toFixed(2).padStart(6)} ms`);
  }
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
  await server.close();
}
