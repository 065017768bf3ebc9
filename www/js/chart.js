// @ts-check
// The chances on the page: the meter on the table ("Your chances: 62%",
// its live region polite and spoken a few times a hand) and, after a game,
// the chart of the chances through it, drawn here as SVG, the big swings
// numbered on the line and listed in words, every point also in a table
// for a screen reader or a keyboard. The figures are the engine's
// (chances.js words them). Loaded with the app's lazy modules (lazy.js):
// only when the meter is on, or a game is over.

import { h, svg } from './dom.js';
import { showDialog } from './dialogs.js';
import { byGame, chartGeometry, handOf, meterLine, percent, shouldSay, swingLine, swings, whatHappened } from './chances.js';

/**
 * The meter: a line of text beside the board, and a polite live region
 * that says it at each new hand or when it has moved a good deal.
 * @param {HTMLElement} el  The meter's element (made by the app, empty and hidden).
 */
export function createMeter(el) {
  const figure = h('span', { class: 'chances-figure', 'data-testid': 'chances-meter', 'aria-hidden': 'true' });
  // The bar repeats the figure for the eye (the text says it): hidden from a screen reader.
  const bar = h('meter', { class: 'chances-bar', min: 0, max: 100, low: 33, high: 67, optimum: 100, value: 50, 'aria-hidden': 'true' });
  const live = h('span', { class: 'visually-hidden', 'aria-live': 'polite', 'aria-atomic': 'true', 'data-testid': 'chances-live' });
  el.replaceChildren(figure, bar, live);
  /** @type {{ percent: number, at: number } | null} */
  let said = null;
  return {
    /**
     * Shows the last of `points` (null or empty: hides the meter).
     * @param {import('./chances.js').ChancePoint[] | null} points
     * @param {{ names?: string[], people?: boolean }} [how]
     */
    show(points, how = {}) {
      const line = meterLine(points, how);
      el.hidden = !line;
      if (!line) {
        said = null;
        return;
      }
      figure.textContent = line.text;
      el.dataset.percent = String(line.percent);
      bar.setAttribute('value', String(line.percent));
      if (shouldSay(said, line)) {
        said = { percent: line.percent, at: line.at };
        live.textContent = line.text;
      }
    },
    hide() {
      el.hidden = true;
      said = null;
    },
  };
}

/**
 * The chances through a game, for the end of it and for a past game: per
 * game (a best of three has up to three), the chart with its swings
 * numbered, the swings in words, and every point in a table.
 * @param {import('./chances.js').ChancePoint[]} points
 * @param {{ names?: string[], side?: number, people?: boolean }} [how]
 * @returns {HTMLElement}
 */
export function chancesSection(points, { names = [], side = 0, people = false } = {}) {
  const games = byGame(points);
  const parts = games.map((game, g) => {
    const marked = swings(game, { names, side });
    const title = games.length > 1 ? `Game ${game[0].game}` : null;
    return h('div', { class: 'chances-game' }, title ? h('h4', { class: 'chances-title' }, title) : null, chart(game, marked, { side, people, names, title }), swingList(marked, { people, names, side }), pointTable(game, { names, side }));
  });
  return h('section', { class: 'chances', 'data-testid': 'chances-chart', 'aria-label': 'Chances through the game' }, h('h3', { class: 'dialog-subtitle' }, people ? `${names[side] ?? 'Side 1'}’s chances through the game` : 'Your chances through the game'), ...parts);
}

/**
 * The SVG chart: the chances as a line over 0–100%, 50% dashed, each new
 * hand a faint rule, each swing a numbered ring (its number in the list
 * below: the marks never rest on colour alone).
 * @param {import('./chances.js').ChancePoint[]} game
 * @param {import('./chances.js').Swing[]} marked
 * @param {{ side: number, people: boolean, names: string[], title: string | null }} how
 */
function chart(game, marked, { side, people, names, title }) {
  const g = chartGeometry(game, marked, { side });
  const last = game.at(-1);
  const whose = people ? `${names[side] ?? 'Side 1'}’s chances` : 'Your chances';
  const summary = `${title ? `${title}: ` : ''}${whose} from ${percent(game[0].chances[side])}% at the first deal to ${percent(last?.chances[side] ?? 0)}% at the end, over ${last?.hand ?? 0} hands; ${marked.length ? `${marked.length} big swing${marked.length > 1 ? 's' : ''} marked, listed below` : 'no big swings'}.`;
  // In the gutter left of the plot, each beside its line (the 50% rule starts where the plot does).
  const label = (y, text) => svg('text', { x: g.left - 5, y: y + 4, 'text-anchor': 'end', class: 'chances-axis' }, text);
  return h(
    'figure',
    { class: 'chances-figure-box' },
    svg(
      'svg',
      { viewBox: `0 0 ${g.width} ${g.height}`, class: 'chances-svg', role: 'img', 'aria-label': summary, focusable: 'false' },
      svg('rect', { x: 0, y: 0, width: g.width, height: g.height, class: 'chances-bg' }),
      ...g.hands.map((hand) => svg('line', { x1: hand.x, x2: hand.x, y1: g.top, y2: g.bottom, class: 'chances-hand' })),
      svg('line', { x1: g.left, x2: g.width, y1: g.half, y2: g.half, class: 'chances-half' }),
      label(g.top, '100%'),
      label(g.half, '50%'),
      label(g.bottom, '0%'),
      svg('path', { d: g.line, class: 'chances-line' }),
      ...g.marks.map((m) =>
        svg('g', { class: `chances-mark ${m.up ? 'chances-mark--up' : 'chances-mark--down'}` }, svg('circle', { cx: m.x, cy: m.y, r: 7 }), svg('text', { x: m.x, y: m.y + 3.5, 'text-anchor': 'middle' }, String(m.n)))),
    ),
  );
}

/**
 * The swings in words, numbered as on the chart.
 * @param {import('./chances.js').Swing[]} marked
 * @param {{ people: boolean, names: string[], side: number }} how
 */
function swingList(marked, how) {
  if (!marked.length) return h('p', { class: 'dialog-note' }, 'No big swings: the chances moved a little at a time.');
  return h('ol', { class: 'chances-swings', 'data-testid': 'chances-swings' }, ...marked.map((s) => h('li', { class: s.delta > 0 ? 'is-up' : 'is-down' }, `${s.delta > 0 ? '▲' : '▼'} ${swingLine(s, how)}`)));
}

/**
 * Every point of the game as a table, folded away: the chart for those who
 * cannot see it, and the detail for those who want it.
 * @param {import('./chances.js').ChancePoint[]} game
 * @param {{ names: string[], side: number }} how
 */
function pointTable(game, { names, side }) {
  const rows = game.map((pt, i) => [`Hand ${i ? handOf(game[i - 1], pt) : pt.hand}`, i ? whatHappened(game[i - 1], pt, { names, side }) : 'The first deal', pt.scores.map((n, s) => `${names[s] ?? `Side ${s + 1}`} ${n}`).join(', '), `${percent(pt.chances[side])}%`]);
  return h(
    'details',
    { class: 'chances-details' },
    h('summary', {}, 'Every step as a table'),
    h(
      'div',
      { class: 'coach-scroll', tabindex: 0, role: 'region', 'aria-label': 'The chances, step by step' },
      h(
        'table',
        { class: 'coach-table', 'data-testid': 'chances-table' },
        h('caption', { class: 'visually-hidden' }, 'The chances after each hand dealt, run of the play and count'),
        h('thead', {}, h('tr', {}, ...['Hand', 'What happened', 'Scores', 'Chances'].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, ...rows.map(([a, ...rest]) => h('tr', {}, h('th', { scope: 'row' }, a), ...rest.map((c) => h('td', {}, c))))),
      ),
    ),
  );
}

/**
 * The chart of a game's chances in a dialog of its own (the end of a game's
 * "Your chances, charted").
 * @param {Element} host
 * @param {import('./chances.js').ChancePoint[]} points
 * @param {{ names?: string[], side?: number, people?: boolean }} how
 */
export function chancesDialog(host, points, how) {
  // Titled as the button that opens it: the chart's own heading under it says the rest.
  return showDialog(host, { title: how.people ? 'The chances, charted' : 'Your chances, charted', className: 'dialog--review', body: [chancesSection(points, how)], buttons: [{ id: 'close', label: 'Close', primary: true }] });
}
