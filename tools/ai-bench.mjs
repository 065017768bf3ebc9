// Runs www/ai-bench.html in headless Chromium and prints how long the
// computer players take per decision in the browser (wasm in a Web Worker).
//
//   node tools/ai-bench.mjs [--game cribbage|reverse|noddy|costly-colours|table-top|table-top-4|
//                            square-solitaire|solitaire]
//
// Decision times are single runs on a machine that may be busy: the 95th
// percentile is the figure to compare with the 50 ms budget.

import { runBenchmarkPage } from './browser.mjs';

const at = process.argv.indexOf('--game');
const game = at >= 0 ? process.argv[at + 1] : 'cribbage';
const GAMES = ['cribbage', 'reverse', 'noddy', 'costly-colours', 'table-top', 'table-top-4', 'square-solitaire', 'solitaire'];
if (!GAMES.includes(game)) {
  console.error(`ai-bench: --game ${game}: the games are ${GAMES.join(', ')}`);
  process.exit(2);
}
const result = await runBenchmarkPage(`ai-bench.html?run&game=${game}`, 'aiBench', 600_000);
console.log(`    game: ${result.game}`);
console.log(`    browser: ${result.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? result.userAgent}`);
console.log(`    tables built (aiPrepare): ${result.prepareMs.toFixed(1)} ms`);
for (const [name, s] of Object.entries(result)) {
  if (typeof s !== 'object' || s === null || !('median' in s)) continue;
  console.log(`    ${name.padEnd(24)} n=${String(s.n).padStart(4)}  median ${s.median.toFixed(2).padStart(6)} ms  p95 ${s.p95.toFixed(2).padStart(6)} ms  max ${s.max.toFixed(2).padStart(6)} ms`);
}
console.log(JSON.stringify(result));
