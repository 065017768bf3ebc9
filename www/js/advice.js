// The coach's advice in words and tables: the hint for a decision, every
// option with its numbers, and the review of a finished game. Loaded when
// first needed (see coach.js); every number comes from the engine.

import { h } from './dom.js';
import { cardName, cardSymbol } from './cards.js';

const fmt = (x) => (x === null || x === undefined ? '–' : (Math.round(x * 10) / 10).toFixed(1));
const signed = (x) => (x > 0.05 ? `+${fmt(x)}` : x < -0.05 ? `−${fmt(-x)}` : fmt(0));
const cards = (list) => list.map(cardSymbol).join(' ');
const spoken = (list) => list.map(cardName).join(' and ');
const pct = (p) => `${Math.round(p * 100)}%`;

/**
 * The hint for a decision: short and long words, and the cards it names.
 * @param {object} analysis  The engine coach's analysis.
 * @param {object} turn
 */
export function hintText(analysis, turn) {
  if (analysis.kind === 'discard') {
    const best = analysis.options[0];
    const whose = turn.ownCrib ? 'your crib' : `${turn.dealerName}’s crib`;
    const win = best.win_prob !== null && best.win_prob !== undefined ? ` Your chance to win: ${pct(best.win_prob)}.` : '';
    if (turn.avoid) {
      // Reverse cribbage: points are what you avoid, and the engine's total is signed for you.
      const crib = turn.ownCrib ? `${whose} takes ${fmt(best.crib)}` : `${whose} takes ${fmt(-best.crib)} (points for ${turn.dealerName}, not you)`;
      return {
        cards: best.discard,
        short: `lay away ${cards(best.discard)}`,
        long: `Lay away the ${spoken(best.discard)}: the fewest points for you. The four you keep take ${fmt(best.hand)} on average with the starter; ${crib}${best.pegging !== null && best.pegging !== undefined ? `, the pegging ${signed(best.pegging)}` : ''}: ${signed(best.total)} in your favour in all.${win}`,
      };
    }
    return {
      cards: best.discard,
      short: `lay away ${cards(best.discard)}`,
      long: `Lay away the ${spoken(best.discard)}. The four you keep are worth ${fmt(best.hand)} on average with the starter; ${whose} ${best.crib >= 0 ? 'gains' : 'costs you'} ${fmt(Math.abs(best.crib))}${best.pegging !== null && best.pegging !== undefined ? `, the pegging ${signed(best.pegging)}` : ''}: ${fmt(best.total)} in all.${win}`,
    };
  }
  if (analysis.kind === 'play') {
    const best = analysis.options[0];
    const now = best.points ? `It ${turn.avoid ? 'pegs you' : 'scores'} ${best.points} now; over` : 'Over';
    if (turn.avoid) {
      return {
        cards: [best.card],
        short: `play the ${cardSymbol(best.card)}`,
        long: `Play the ${cardName(best.card)}: it keeps points away from you best. ${now} the rest of the play it is worth ${signed(best.value)} to you (points the others peg, less the points you peg).${win}`,
      };
    }
    const win = best.win_prob !== null && best.win_prob !== undefined ? ` Your chance to win: ${pct(best.win_prob)}.` : '';
    return {
      cards: [best.card],
      short: `play the ${cardSymbol(best.card)}`,
      long: `Play the ${cardName(best.card)}. ${now} the rest of the play it is worth ${signed(best.value)} points to you against the others.${win}`,
    };
  }
  return { cards: [], short: 'nothing to choose', long: 'Nothing to choose here.' };
}

/**
 * Every option of a decision with its numbers, best first.
 * @param {object} analysis  The engine coach's analysis.
 * @param {object} turn
 * @returns {HTMLElement}
 */
export function analysisTable(analysis, turn) {
  if (analysis.kind === 'discard') {
    const head = ['Throw', 'Keep', 'Hand', 'Crib', ...(analysis.options.some((o) => o.pegging !== null && o.pegging !== undefined) ? ['Peg'] : []), analysis.options.some((o) => o.win_prob !== null && o.win_prob !== undefined) ? 'Win' : 'Net'];
    const rows = analysis.options.map((o, i) => [
      cards(o.discard),
      cards(o.keep),
      fmt(o.hand),
      signed(o.crib),
      ...(head.includes('Peg') ? [signed(o.pegging ?? 0)] : []),
      o.win_prob !== null && o.win_prob !== undefined ? pct(o.win_prob) : fmt(o.total),
      i,
    ]);
    const crib = turn.ownCrib ? 'Crib: what your crib gains.' : `Crib: what ${turn.dealerName}’s crib gains, counted against you.`;
    // Reverse cribbage: the same numbers, read the other way round.
    const note = turn.avoid
      ? `Hand: the points the kept four take on average, points you would rather not peg. ${turn.ownCrib ? 'Crib: the points your crib takes.' : `Crib: the points ${turn.dealerName}’s crib takes, shown less than zero: good for you.`} Net: in your favour, the fewer points you peg the higher.`
      : `Hand: the kept four’s average with every starter. ${crib} Net: the two together.`;
    return h('div', {}, table(`Every way to lay away, valued by the ${analysis.level} coach`, head, rows), h('p', { class: 'coach-note' }, note));
  }
  if (analysis.kind === 'play') {
    const head = ['Card', turn.avoid ? 'Pegs you now' : 'Scores now', 'Worth'];
    const rows = analysis.options.map((o, i) => [cardSymbol(o.card), String(o.points), o.win_prob !== null && o.win_prob !== undefined ? pct(o.win_prob) : signed(o.value), i]);
    return table(`Every card you may play, valued by the ${analysis.level} coach`, head, rows);
  }
  return h('p', {}, 'Nothing to choose here.');
}

function table(caption, head, rows) {
  return h(
    'div',
    { class: 'coach-scroll', tabindex: 0, role: 'region', 'aria-label': caption },
    h(
      'table',
      { class: 'coach-table', 'data-testid': 'coach-table' },
      h('caption', { class: 'visually-hidden' }, caption),
      h('thead', {}, h('tr', {}, ...head.map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...rows.map((r) => h('tr', { class: r.at(-1) === 0 ? 'is-best' : null }, ...r.slice(0, -1).map((c, i) => (i === 0 ? h('th', { scope: 'row' }, c) : h('td', {}, c)))))),
    ),
  );
}

/**
 * The post-game review as a table: each decision that cost something.
 * @param {object} review  The engine's review: { level, decisions, points_lost }.
 * @param {number} seat
 */
export function reviewBody(review, seat) {
  const mine = review.decisions.filter((d) => d.seat === seat);
  const costly = mine.filter((d) => d.loss > 0.05);
  const lost = review.points_lost[seat] ?? 0;
  const what = (action) => {
    const [verb, ...rest] = action.split(' ');
    if (verb === 'discard') return `lay away ${cards(rest)}`;
    if (verb === 'play') return `play ${cardSymbol(rest[0])}`;
    if (verb === 'claim') return `claim ${rest[0]}`;
    return verb;
  };
  const cost = (d) => (d.unit === 'win_chance' ? `${Math.round(d.loss * 100)}% to win` : `${fmt(d.loss)} points`);
  const summary = costly.length
    ? `${mine.length} decisions reviewed; ${costly.length} could have been better, costing about ${fmt(lost)} points in all.`
    : `${mine.length} decisions reviewed: every one as good as the ${review.level} coach’s choice.`;
  return [
    h('p', { 'data-testid': 'review-summary' }, summary),
    costly.length
      ? h(
          'div',
          { class: 'coach-scroll', tabindex: 0, role: 'region', 'aria-label': 'Decisions that cost points' },
          h(
            'table',
            { class: 'coach-table', 'data-testid': 'review-table' },
            h('caption', { class: 'visually-hidden' }, 'Your decisions that cost points'),
            h('thead', {}, h('tr', {}, ...['Hand', 'You chose', 'Better', 'Cost'].map((t) => h('th', { scope: 'col' }, t)))),
            h(
              'tbody',
              {},
              ...costly.map((d) =>
                h('tr', {}, h('th', { scope: 'row' }, `${d.game > 1 ? `Game ${d.game}, h` : 'H'}and ${d.hand}`), h('td', {}, what(d.chosen)), h('td', {}, what(d.best)), h('td', {}, cost(d))),
              ),
            ),
          ),
        )
      : null,
  ];
}
