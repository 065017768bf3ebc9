// @ts-check
// The computer players' benchmark page: runs js/ai-bench-worker.js, shows
// median and 95th-percentile decision times. Open ai-bench.html?run to start
// at once, with &game=reverse for reverse cribbage, &game=noddy, … (any
// table of games.js's benchTables, table-top-4 among them), &players=3 to play a game whose set-up offers
// a choice of players at that many (cribbage's 2, 3 or 4), and &thread=page to play on the page's own thread rather than in a worker;
// when done, <body data-ai-bench> holds the figures as JSON (tools/ai-bench.mjs reads them).

import { benchTables, DEFAULT_GAME } from './games.js';

const GAMES = 8;
const GAME = benchTables().find((t) => t.name === new URLSearchParams(location.search).get('game'))?.name ?? DEFAULT_GAME;
const button = /** @type {HTMLButtonElement} */ (document.getElementById('run'));
const status = document.getElementById('status');
const rows = document.getElementById('rows');

/** Median, 95th percentile and maximum of a list of milliseconds. */
function summarize(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => (sorted.length ? sorted[Math.round((sorted.length - 1) * q)] : 0);
  return { n: sorted.length, median: at(0.5), p95: at(0.95), max: at(1) };
}

/** How many play, when the set-up offers a choice (the registry's `options.people`); else the table's own. */
const PLAYERS = (() => {
  const asked = Number(new URLSearchParams(location.search).get('players'));
  const table = benchTables().find((t) => t.name === GAME);
  return table && !table.game.fixed && table.game.options.people.includes(asked) ? asked : null;
})();

/** Where the games run: a worker, as the game runs its computer players, or the page's own thread. */
const THREAD = new URLSearchParams(location.search).get('thread') === 'page' ? 'page' : 'worker';

function run() {
  button.disabled = true;
  rows.replaceChildren();
  status.textContent = `Playing games of ${GAME} between computer players in ${THREAD === 'page' ? "the page's thread" : 'a worker'}…`;
  let worker = null;
  const receive = (data) => {
    if (data.error) {
      status.textContent = `Failed: ${data.error}`;
      console.error(data.error);
      return;
    }
    if (data.progress) {
      status.textContent = data.progress;
      return;
    }
    worker?.terminate();
    const figures = { userAgent: navigator.userAgent, engine: data.engine, game: GAME, players: PLAYERS, thread: THREAD, prepareMs: data.prepareMs, games: GAMES };
    for (const [name, times] of Object.entries(data.times)) {
      const s = summarize(times);
      figures[name] = s;
      const row = document.createElement('tr');
      for (const text of [name, String(s.n), s.median.toFixed(2), s.p95.toFixed(2), s.max.toFixed(2)]) {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.append(cell);
      }
      rows.append(row);
    }
    status.textContent = `Done: ${GAMES} games; tables built in ${data.prepareMs.toFixed(1)} ms.`;
    button.disabled = false;
    document.body.dataset.aiBench = JSON.stringify(figures);
  };
  if (THREAD === 'page') {
    // The worker's code on this thread, so that DevTools' CPU throttling,
    // which slows only pages, slows it too.
    import('./ai-bench-worker.js').then(({ runBench }) => runBench({ games: GAMES, game: GAME, players: PLAYERS }, receive));
    return;
  }
  worker = new Worker(new URL('./ai-bench-worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = ({ data }) => receive(data);
  worker.onerror = (event) => {
    status.textContent = `Failed: ${event.message}`;
    console.error(event.message);
  };
  worker.postMessage({ games: GAMES, game: GAME, players: PLAYERS });
}

button.addEventListener('click', run);
if (new URLSearchParams(location.search).has('run')) run();
