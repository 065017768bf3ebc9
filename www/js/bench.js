// @ts-check
// The engine benchmark: times the wasm engine scoring every (hand, starter)
// pair, then playing whole random games. Open bench.html?run to start at once;
// when done, the page's <body data-bench> holds the figures as JSON
// (tools/bench.mjs reads them).

// The benchmark module: the app's engine plus two benchmark entry points
// (cargo feature `bench`), which the app's own module leaves out.
import init, { benchDistribution, benchRandomGames, version } from '../pkg-bench/cribbage.js';

/** Random two-player games per timed run, as the CLI's `bench game` plays. */
const GAMES = 200;

const RUNS = 10;
const button = /** @type {HTMLButtonElement} */ (document.getElementById('run'));
const status = document.getElementById('status');
const table = document.getElementById('runs');

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function timeOnce() {
  const start = performance.now();
  const { hands } = benchDistribution();
  return { hands, seconds: (performance.now() - start) / 1000 };
}

async function run() {
  button.disabled = true;
  table.replaceChildren();
  status.textContent = 'Warming up…';
  await nextFrame();
  timeOnce();
  const runs = [];
  for (let i = 1; i <= RUNS; i++) {
    status.textContent = `Run ${i} of ${RUNS}…`;
    await nextFrame();
    const result = timeOnce();
    runs.push(result);
    const row = document.createElement('tr');
    for (const text of [String(i), result.seconds.toFixed(3), (result.hands / result.seconds / 1e6).toFixed(1)]) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    table.append(row);
  }
  const seconds = runs.map((r) => r.seconds).sort((a, b) => a - b);
  const hands = runs[0].hands;
  status.textContent = 'Playing random games…';
  await nextFrame();
  const games = await timeGames();
  const summary = {
    engine: version(),
    userAgent: navigator.userAgent,
    hands,
    runs: seconds,
    bestSeconds: seconds[0],
    medianSeconds: seconds[Math.floor(seconds.length / 2)],
    games,
  };
  const rate = (s) => `${(hands / s / 1e6).toFixed(1)} million hands per second`;
  status.textContent =
    `Best ${summary.bestSeconds.toFixed(3)} s: ${rate(summary.bestSeconds)}. ` +
    `Median ${summary.medianSeconds.toFixed(3)} s: ${rate(summary.medianSeconds)}. ` +
    `${Math.round(games.gamesPerSecond)} random games per second (${games.applyNs.toFixed(0)} ns per action).`;
  document.body.dataset.bench = JSON.stringify(summary);
  button.disabled = false;
}

/** Best of several runs of GAMES random games: games per second and ns per action. */
async function timeGames() {
  benchRandomGames(20, 1);
  let best = Infinity;
  let actions = 0;
  for (let i = 0; i < 5; i++) {
    await nextFrame();
    const start = performance.now();
    actions = benchRandomGames(GAMES, 2024);
    best = Math.min(best, (performance.now() - start) / 1000);
  }
  return { games: GAMES, actions, bestSeconds: best, gamesPerSecond: GAMES / best, applyNs: (best * 1e9) / actions };
}

await init({ module_or_path: new URL('../pkg-bench/cribbage_bg.wasm', import.meta.url) });
button.addEventListener('click', run);
// The button waits, disabled, until the engine has loaded and the click is
// heard: a click before then did nothing at all.
button.disabled = false;
status.textContent = 'Ready.';
if (new URLSearchParams(location.search).has('run')) run();
