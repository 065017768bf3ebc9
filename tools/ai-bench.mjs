// @ts-check
// Runs www/ai-bench.html in headless Chromium and prints how long the
// computer players take per decision in the browser (wasm in a Web Worker).
//
//   node tools/ai-bench.mjs [--game TABLE] [--players N] [--throttle N] [--load] [--thread page|worker]
//
// The tables are the registry's (www/js/games.js's benchTables): each game
// by its id (cribbage by default, noddy, …), and a game four may play in
// partnerships at four too, by its id and -4 (table-top-4). A game added
// there is benchmarked here; a name that is none of them is refused with
// the list.
//
// --players N plays a game whose set-up offers a choice of players (the
// registry's `options.people`: standard and reverse cribbage, 2, 3 or 4)
// at N; the default is the table's own (two for cribbage).
//
// --throttle N slows the CPU down N times, as DevTools does
// (`Emulation.setCPUThrottlingRate`; 4 stands for a phone). DevTools slows
// only a page's thread, never a worker's, so a throttled run plays the
// worker's code on the page's thread (--thread page; unthrottled runs use a
// worker, as the game does, unless asked). --load keeps a second process
// busy on the machine while the games are played (a loop that never
// yields, at the same priority). Decision times are single runs
// on a machine that may be busy: the 95th percentile is the figure to
// compare with the 50 ms budget.

import { spawn } from 'node:child_process';
import { benchTables, DEFAULT_GAME } from '../www/js/games.js';
import { runBenchmarkPage } from './browser.mjs';

const args = process.argv.slice(2);
const valueOf = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const game = valueOf('--game') ?? DEFAULT_GAME;
const GAMES = benchTables().map((table) => table.name);
if (!GAMES.includes(game)) {
  console.error(`ai-bench: --game ${game}: the games are ${GAMES.join(', ')}`);
  process.exit(2);
}
const playersText = valueOf('--players');
const table = benchTables().find((t) => t.name === game);
if (playersText !== undefined && (table?.game.fixed || !table?.game.options.people.includes(Number(playersText)))) {
  const people = table?.game.fixed ? [] : table?.game.options.people ?? [];
  console.error(`ai-bench: --players ${playersText}: ${people.length ? `${game} is played by ${people.join(', ')}` : `${game} has one table; its tables are ${GAMES.join(', ')}`}`);
  process.exit(2);
}
const playersQuery = playersText === undefined ? '' : `&players=${Number(playersText)}`;
const throttleText = valueOf('--throttle') ?? '1';
const throttle = Number(throttleText);
if (!Number.isFinite(throttle) || throttle < 1) {
  console.error(`ai-bench: --throttle ${throttleText}: expected a number, 1 or more`);
  process.exit(2);
}
const load = args.includes('--load');
// DevTools' CPU throttling slows the page's thread only (Chromium refuses it
// for a worker: "only supported for pages, not workers"), so a throttled run
// plays the worker's code on the page's thread; --thread page does so unthrottled too.
const threadText = valueOf('--thread') ?? (throttle > 1 ? 'page' : 'worker');
if (!['page', 'worker'].includes(threadText) || (throttle > 1 && threadText === 'worker')) {
  console.error(`ai-bench: --thread ${threadText}: page or worker (a throttled run plays on the page's thread)`);
  process.exit(2);
}

// The busy second process: a JavaScript loop that never yields.
const busy = load ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : null;
let result;
try {
  result = await runBenchmarkPage(`ai-bench.html?run&game=${game}${playersQuery}&thread=${threadText}`, 'aiBench', 1_800_000, { throttle });
} finally {
  busy?.kill();
}
console.log(`    game: ${result.game}${result.players ? `, ${result.players} players` : ''}`);
console.log(`    browser: ${result.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? result.userAgent}`);
console.log(`    CPU throttled: ${throttle}×${load ? ', with a busy second process' : ''}; on the ${result.thread === 'page' ? "page's thread" : "worker's thread"}`);
console.log(`    tables built (aiPrepare): ${result.prepareMs.toFixed(1)} ms`);
for (const [name, s] of Object.entries(result)) {
  if (typeof s !== 'object' || s === null || !('median' in s)) continue;
  console.log(`    ${name.padEnd(24)} n=${String(s.n).padStart(4)}  median ${s.median.toFixed(2).padStart(6)} ms  p95 ${s.p95.toFixed(2).padStart(6)} ms  max ${s.max.toFixed(2).padStart(6)} ms`);
}
console.log(JSON.stringify({ ...result, throttle, load }));
