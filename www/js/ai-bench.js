// @ts-check
// The computer players' benchmark page: runs js/ai-bench-worker.js, shows
// median and 95th-percentile decision times. Open ai-bench.html?run to start
// at once, with &game=reverse for reverse cribbage, &game=noddy or &game=costly-colours; when done,
// <body data-ai-bench> holds the figures as JSON (tools/ai-bench.mjs reads them).

const GAMES = 8;
const GAME = ['reverse', 'noddy', 'costly-colours', 'table-top', 'table-top-4', 'square-solitaire', 'solitaire'].find((g) => g === new URLSearchParams(location.search).get('game')) ?? 'cribbage';
const button = /** @type {HTMLButtonElement} */ (document.getElementById('run'));
const status = document.getElementById('status');
const rows = document.getElementById('rows');

/** Median, 95th percentile and maximum of a list of milliseconds. */
function summarize(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => (sorted.length ? sorted[Math.round((sorted.length - 1) * q)] : 0);
  return { n: sorted.length, median: at(0.5), p95: at(0.95), max: at(1) };
}

function run() {
  button.disabled = true;
  rows.replaceChildren();
  status.textContent = `Playing games of ${GAME} between computer players in a worker…`;
  const worker = new Worker(new URL('./ai-bench-worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = ({ data }) => {
    if (data.error) {
      status.textContent = `Failed: ${data.error}`;
      console.error(data.error);
      return;
    }
    if (data.progress) {
      status.textContent = data.progress;
      return;
    }
    worker.terminate();
    const figures = { userAgent: navigator.userAgent, engine: data.engine, game: GAME, prepareMs: data.prepareMs, games: GAMES };
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
  worker.onerror = (event) => {
    status.textContent = `Failed: ${event.message}`;
    console.error(event.message);
  };
  worker.postMessage({ games: GAMES, game: GAME });
}

button.addEventListener('click', run);
if (new URLSearchParams(location.search).has('run')) run();
