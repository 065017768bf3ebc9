// The coach's advice in words and tables: the hint for a decision, every
// option with its numbers, and the review of a finished game. Loaded when
// first needed (see coach.js); every number comes from the engine.

import { h } from './dom.js';
import { cardName, cardSymbol, renderCard } from './cards.js';

const fmt = (x) => (x === null || x === undefined ? '–' : (Math.round(x * 10) / 10).toFixed(1));
const signed = (x) => (x > 0.05 ? `+${fmt(x)}` : x < -0.05 ? `−${fmt(-x)}` : fmt(0));
const cards = (list) => list.map(cardSymbol).join(' ');
const spoken = (list) => list.map(cardName).join(' and ');
const pct = (p) => `${Math.round(p * 100)}%`;
/**
 * A net value signed for the player, as a player says it: "In all, 2.1
 * points in your favour", "In all, 7.3 points against you" (never "−7.3
 * in your favour").
 */
const balance = (x) => (Math.abs(x) < 0.05 ? 'In all, it comes out even.' : `In all, ${fmt(Math.abs(x))} points ${x > 0 ? 'in your favour' : 'against you'}.`);
/** The family's coaches count reaching the game hole as ±1,000: said as a win, not a number. */
const WIN = 500;
const worth = (value) => (value >= WIN ? 'wins the game' : value <= -WIN ? 'loses the game' : signed(value));
/** What a card scores as it is laid: cribbage's coach says `points`, the family's `now`. */
const nowOf = (o) => o.points ?? o.now ?? 0;
/**
 * An action as the review shows it. Cribbage's review hands actions over as
 * data ({ kind, cards, points }); the family's as their text ("play AH 11"),
 * shown with its cards as symbols.
 */
const actionWords = (text) => text.split(' ').map((word) => (/^[2-9TJQKA][CDHS]$/.test(word) ? cardSymbol(word) : word === 'refuse' ? 'no mog' : word)).join(' ');

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
        long: `Lay away the ${spoken(best.discard)}: the fewest points for you. The four you keep take ${fmt(best.hand)} on average with the starter; ${crib}${best.pegging !== null && best.pegging !== undefined ? `, the pegging ${signed(best.pegging)}` : ''}. ${balance(best.total)}${win}`,
      };
    }
    return {
      cards: best.discard,
      short: `lay away ${cards(best.discard)}`,
      long: `Lay away the ${spoken(best.discard)}. The four you keep are worth ${fmt(best.hand)} on average with the starter; ${whose} ${best.crib >= 0 ? 'gains' : 'costs you'} ${fmt(Math.abs(best.crib))}${best.pegging !== null && best.pegging !== undefined ? `, the pegging ${signed(best.pegging)}` : ''}: ${fmt(best.total)} in all.${win}`,
    };
  }
  if (analysis.kind === 'play' && analysis.options[0]?.said) {
    // The three-card games: the card, what it makes in the table's words, and its worth.
    const best = analysis.options[0];
    // Costly Colours: an ace is laid at a value (counts 1 or 11).
    const as = best.card[0] === 'A' && best.counts ? ` as ${best.counts}` : '';
    const makes = best.said.length ? ` It makes ${best.said.join(', ')} now (${best.now}).` : '';
    const value = Math.abs(best.value) >= WIN ? (best.value > 0 ? ' Played out, it wins the game.' : '') : ` Played out to the end of the hand it is worth ${signed(best.value)} points to you against the other.`;
    return { cards: [best.card], short: `play the ${cardSymbol(best.card)}${as}`, long: `Play the ${cardName(best.card)}${as}.${makes}${value}` };
  }
  if (analysis.kind === 'mog' || analysis.kind === 'pass') return familyHint(analysis);
  if (analysis.kind === 'place') {
    // The layout games: the cell (its action, and its expected score for the grid to show).
    const best = analysis.options[0];
    const where = cellWords(best.action);
    // Table Top's coach values a cell for your side against the other's; Square Solitaire's by the grid's expected count.
    const tt = best.expected === undefined;
    return {
      cards: [best.action, tt ? signed(best.value) : fmt(best.expected)],
      short: `the ${cardSymbol(analysis.card)} to ${where}`,
      long: tt
        ? `Place the ${cardName(analysis.card)} in ${where}: worth ${signed(best.value)} points to your side against the other, as the ${analysis.level} coach reckons the lines to come.`
        : `Place the ${cardName(analysis.card)} in ${where}: the grid then scores ${fmt(best.expected)} on average when it is counted (over ${analysis.samples} deals of the cards to come).`,
    };
  }
  if (analysis.kind === 'lay_away') {
    const best = analysis.options[0];
    return {
      cards: best.laid,
      short: `lay away ${cards(best.laid)}`,
      long: `Lay away the ${spoken(best.laid)}. The four you keep score ${fmt(best.hand)} with the starter, and the crib ${fmt(best.crib)} ${analysis.cribs === 1 ? '(the one pair of cards it can hold)' : `on average (over the ${analysis.cribs} pairs of cards it may hold)`}: ${fmt(best.total)} in all.`,
    };
  }
  if (analysis.kind === 'play') {
    const best = analysis.options[0];
    const now = best.points ? `It ${turn.avoid ? 'pegs you' : 'scores'} ${best.points} now; over` : 'Over';
    const win = best.win_prob !== null && best.win_prob !== undefined ? ` Your chance to win: ${pct(best.win_prob)}.` : '';
    if (turn.avoid) {
      return {
        cards: [best.card],
        short: `play the ${cardSymbol(best.card)}`,
        long: `Play the ${cardName(best.card)}: it keeps points away from you best. ${now} the rest of the play it is worth ${signed(best.value)} to you (points the others peg, less the points you peg).${win}`,
      };
    }
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
  if (analysis.kind === 'play' && analysis.options[0]?.said) {
    const head = ['Card', 'Makes', 'Scores now', 'Worth'];
    const rows = analysis.options.map((o, i) => [actionWords(o.action.replace(/^play /, '')), o.said.length ? o.said.join(', ') : '–', String(nowOf(o)), worth(o.value), i]);
    const fit = analysis.hands_that_fit ? ` Weighed against ${analysis.hands_that_fit} hands the other may hold.` : '';
    return h('div', {}, table(`Every card you may play, valued by the ${analysis.level} coach`, head, rows), h('p', { class: 'coach-note' }, `Worth: your points less the other’s, to the end of the hand.${fit}`));
  }
  if (analysis.kind === 'mog' || analysis.kind === 'pass') return familyTable(analysis);
  if (analysis.kind === 'place') return placeTable(analysis);
  if (analysis.kind === 'lay_away') {
    const rows = analysis.options.map((o, i) => [cards(o.laid), fmt(o.hand), fmt(o.crib), fmt(o.total), i]);
    return h('div', {}, table(`Every way to lay away, valued by the ${analysis.level} coach`, ['Lay away', 'Hand', 'Crib', 'Total'], rows), h('p', { class: 'coach-note' }, 'Hand: the four kept, counted with the starter. Crib: its average over every pair of unseen cards. Total: the two together.'));
  }
  if (analysis.kind === 'play') {
    const head = ['Card', turn.avoid ? 'Pegs you now' : 'Scores now', 'Worth'];
    const rows = analysis.options.map((o, i) => [cardSymbol(o.card), String(nowOf(o)), o.win_prob !== null && o.win_prob !== undefined ? pct(o.win_prob) : signed(o.value), i]);
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
 * The review of a finished game: a summary, the decisions that cost points,
 * and, for any row, the table as it was at that decision (your cards, the
 * play and its count, the starter, the scores) with what you chose and what
 * was better; Previous and Next step through every decision you made.
 * @param {object} review  The engine's review (decisions with their positions and moves).
 * @param {number} seat
 * @param {string[]} [sideNames]  Each side's name, for the scores.
 * @returns {(HTMLElement|null)[]}
 */
export function reviewBody(review, seat, sideNames = []) {
  if (review.decisions.length && (!('seat' in review.decisions[0]) || String(review.decisions[0].chosen).startsWith('place'))) return layoutReview(review, seat);
  const mine = review.decisions.filter((d) => d.seat === seat);
  const costly = mine.filter((d) => d.loss > 0.05);
  // The family's coaches count a game thrown away as ±1,000: told as such, not summed as points.
  const lost = mine.reduce((sum, d) => sum + (d.loss >= WIN ? 0 : d.loss), 0);
  // The engine hands each action over as data: { kind, cards, points }.
  const what = (move) => {
    if (typeof move === 'string') return actionWords(move);
    if (move.kind === 'discard') return `lay away ${cards(move.cards)}`;
    if (move.kind === 'play') return `play ${cardSymbol(move.cards[0])}`;
    if (move.kind === 'claim') return `claim ${move.points}`;
    if (move.kind === 'muggins') return `call muggins: ${move.points}`;
    if (move.kind === 'accept') return 'let it stand';
    return move.kind;
  };
  const cost = (d) => (d.unit === 'win_chance' ? `${Math.round(d.loss * 100)}% to win` : d.loss >= WIN ? 'the game' : `${fmt(d.loss)} points`);
  const thrown = mine.filter((d) => d.loss >= WIN).length;
  const when = (d) => `${d.game > 1 ? `Game ${d.game}, h` : 'H'}and ${d.hand}`;
  const summary = costly.length
    ? `${mine.length} decisions reviewed; ${costly.length} could have been better, costing about ${fmt(lost)} points in all${thrown ? `, and ${thrown === 1 ? 'one' : thrown} gave the game away` : ''}.`
    : `${mine.length} decisions reviewed: every one as good as the ${review.level} coach’s choice.`;

  const pane = h('section', { class: 'review-position', 'data-testid': 'review-position', 'aria-live': 'polite', hidden: true });
  let at = -1;
  const fan = (list, label) => h('div', { class: 'review-cards', role: 'img', 'aria-label': `${label}: ${list.length ? list.map(cardName).join(', ') : 'none'}` }, ...list.map((c) => renderCard(c, { label: false, compact: true })));
  function open(index) {
    at = Math.max(0, Math.min(index, mine.length - 1));
    const d = mine[at];
    // The family's reviews give the cards held and the play as they stood.
    const p = d.position ?? { hand: d.held ?? [], pile: d.pile ?? [], count: d.count ?? null, starter: d.turnup ?? null, scores: d.scores ?? [] };
    const scores = p.scores.map((n, side) => `${sideNames[side] ?? `Side ${side + 1}`} ${n}`).join(', ');
    const better = d.loss > 0.05 ? `Better: ${what(d.best)} (${cost(d)}).` : 'As good as the coach’s choice.';
    const prev = h('button', { type: 'button', class: 'button', 'data-review': 'prev', disabled: at === 0 ? true : null }, 'Previous');
    const next = h('button', { type: 'button', class: 'button', 'data-review': 'next', disabled: at === mine.length - 1 ? true : null }, 'Next');
    prev.addEventListener('click', () => open(at - 1));
    next.addEventListener('click', () => open(at + 1));
    pane.hidden = false;
    pane.replaceChildren(
      h('h3', { class: 'review-when' }, `${when(d)}, decision ${at + 1} of ${mine.length}`),
      h('div', { class: 'review-row' }, h('span', { class: 'review-label' }, 'Your cards'), fan(p.hand, 'Your cards')),
      h('div', { class: 'review-row' }, h('span', { class: 'review-label' }, p.count === null || p.count === undefined ? 'The play' : `The play (count ${p.count})`), fan(p.pile, 'The play')),
      h('div', { class: 'review-row' }, h('span', { class: 'review-label' }, d.turnup ? 'Turn-up' : 'Starter'), fan(p.starter ? [p.starter] : [], d.turnup ? 'Turn-up' : 'Starter')),
      p.scores.length ? h('p', { class: 'review-scores' }, `Scores: ${scores}.`) : null,
      h('p', { class: 'review-choice', 'data-testid': 'review-choice' }, `You chose: ${what(d.chosen)}. ${better}`),
      h('div', { class: 'review-steps' }, prev, next),
    );
  }
  const opener = (d) => {
    const button = h('button', { type: 'button', class: 'link-button', 'data-testid': 'review-open' }, when(d));
    button.addEventListener('click', () => open(mine.indexOf(d)));
    return button;
  };

  return [
    h('p', { 'data-testid': 'review-summary' }, summary),
    costly.length
      ? h(
          'div',
          { class: 'coach-scroll', tabindex: 0, role: 'region', 'aria-label': 'Decisions that cost points' },
          h(
            'table',
            { class: 'coach-table', 'data-testid': 'review-table' },
            h('caption', { class: 'visually-hidden' }, 'Your decisions that cost points: open one to see the table as it was'),
            h('thead', {}, h('tr', {}, ...['Hand', 'You chose', 'Better', 'Cost'].map((t) => h('th', { scope: 'col' }, t)))),
            h(
              'tbody',
              {},
              ...costly.map((d) => h('tr', {}, h('th', { scope: 'row' }, opener(d)), h('td', {}, what(d.chosen)), h('td', {}, what(d.best)), h('td', {}, cost(d)))),
            ),
          ),
        )
      : null,
    mine.length ? h('div', { class: 'review-steps' }, (() => {
      const first = h('button', { type: 'button', class: 'button', 'data-testid': 'review-step-through' }, 'Step through your decisions');
      first.addEventListener('click', () => open(0));
      return first;
    })()) : null,
    pane,
  ];
}

// --- The mog (Costly Colours) -------------------------------------------------------------

/** The best of a mog or pass decision, in words (Costly Colours' coach). */
function familyHint(analysis) {
  const best = analysis.options[0];
  if (analysis.kind === 'mog') {
    const mog = best.action === 'mog';
    const other = analysis.options[1];
    const hand = `Your hand shows ${analysis.show} as it is${analysis.said?.length ? ` (${analysis.said.join(', ')})` : ''}`;
    const why = mog
      ? `${hand}; after the mog, passing the ${best.passes ? cardName(best.passes) : 'card you least need'}, about ${fmt(best.show)}.`
      : `${hand}, and refusing gives the other ${best.gives === 1 ? 'one point' : `${best.gives} points`}.`;
    return { cards: mog && best.passes ? [best.passes] : [], short: mog ? 'mog' : 'refuse the mog', long: `${mog ? 'Mog' : 'Refuse the mog'}: worth ${worth(best.value)} against ${worth(other?.value ?? 0)} the other way. ${why}` };
  }
  const pegs = best.pegs ? ` Passing it pegs you ${best.pegs}.` : '';
  return { cards: [best.card], short: `pass the ${cardSymbol(best.card)}`, long: `Pass the ${cardName(best.card)}: your hand keeps about ${fmt(best.keeps)}, and it gives the other about ${fmt(best.gives)}; worth ${worth(best.value)} to you in all.${pegs}` };
}

/** Every option of a mog or pass decision. */
function familyTable(analysis) {
  if (analysis.kind === 'mog') {
    const rows = analysis.options.map((o, i) => [o.action === 'mog' ? 'Mog' : 'No mog', fmt(o.show), o.passes ? cardSymbol(o.passes) : '–', worth(o.value), i]);
    return h('div', {}, table(`Mog or not, valued by the ${analysis.level} coach`, ['Choice', 'Your show', 'You pass', 'Worth'], rows), h('p', { class: 'coach-note' }, 'Your show: your hand’s count after the choice, on average. Worth: the choice’s value to you, the other’s gain counted against it.'));
  }
  const rows = analysis.options.map((o, i) => [cardSymbol(o.card), fmt(o.keeps), fmt(o.gives), String(o.pegs ?? 0), worth(o.value), i]);
  return h('div', {}, table(`Every card you may pass, valued by the ${analysis.level} coach`, ['Pass', 'You keep', 'It gives', 'Pegs', 'Worth'], rows), h('p', { class: 'coach-note' }, 'You keep: your show with the card you will receive, on average. It gives: what the card adds to the other’s show. Pegs: a passed jack or two.'));
}

// --- The layout games (the solitaires) -------------------------------------------------

/** "place 2 3" as words: "row 2, column 3". */
const cellWords = (action) => action.replace(/^place r?(\d) ?c?(\d)$/, 'row $1, column $2');

/**
 * Every cell the card may go to, laid out as the grid, each with the grid's
 * expected count if the card goes there; the best starred.
 */
function placeTable(analysis) {
  const at = (o) => (o.row === undefined ? o.cell : o.row * 5 + o.col);
  const by = new Map(analysis.options.map((o) => [at(o), o.expected ?? o.value]));
  const best = at(analysis.options[0]);
  const tt = analysis.options[0].expected === undefined;
  // Table Top's cells are named r1c1 to r5c5 on a 5×5 grid; Square Solitaire's "1 1" to "4 4".
  const size = /c\d$/.test(analysis.options[0].action) ? 5 : 4;
  const caption = `Where the ${cardName(analysis.card)} may go: the grid’s expected count for each cell, valued by the ${analysis.level} coach`;
  return h(
    'div',
    {},
    h(
      'div',
      { class: 'coach-scroll', tabindex: 0, role: 'region', 'aria-label': caption },
      h(
        'table',
        { class: 'coach-table coach-grid', 'data-testid': 'coach-table' },
        h('caption', { class: 'visually-hidden' }, caption),
        h('thead', {}, h('tr', {}, h('td', {}), ...Array.from({ length: size }, (_, c) => h('th', { scope: 'col' }, `Col ${c + 1}`)))),
        h(
          'tbody',
          {},
          ...Array.from({ length: size }, (_, r) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row' }, `Row ${r + 1}`),
              ...Array.from({ length: size }, (_, c) => {
                const cell = r * size + c;
                const value = by.get(cell);
                return h('td', { class: cell === best ? 'is-best' : null }, value === undefined ? '–' : `${cell === best ? '★ ' : ''}${tt ? signed(value) : fmt(value)}`);
              }),
            ),
          ),
        ),
      ),
    ),
    h('p', { class: 'coach-note' }, tt
      ? `What the ${cardSymbol(analysis.card)} there is worth to your side against the other's (★ the best; – where it may not go).`
      : `The score the whole grid is expected to count at the end with the ${cardSymbol(analysis.card)} there (★ the best; – a cell taken), over ${analysis.samples} deals of the cards to come.`),
  );
}

/** The review of a solitaire: every placement or lay-away, what it was worth and what it lost. */
function layoutReview(review, seat) {
  // Table Top: your own placements (the others' are reviewed too).
  const decisions = review.decisions.filter((d) => d.seat === undefined || d.seat === seat);
  review = { ...review, decisions };
  const lost = decisions.reduce((n, d) => n + d.loss, 0);
  const costly = decisions.filter((d) => d.loss > 0.05).length;
  const what = (action) => (action.startsWith('place') ? cellWords(action) : actionWords(action));
  const rows = review.decisions.map((d, i) => [
    d.deal ? `Deal ${d.deal}` : `${d.hand ? `Hand ${d.hand}, ` : ''}${i + 1}. ${cardSymbol(d.card)}`,
    what(d.chosen),
    d.loss > 0.05 ? what(d.best) : 'the same',
    fmt(d.loss),
    d.loss > 0.05 ? 1 : 0,
  ]);
  return [
    h('p', { 'data-testid': 'review-summary' }, costly ? `${review.decisions.length} decisions reviewed; ${costly} could have been better, costing about ${fmt(lost)} points in all, on average.` : `${review.decisions.length} decisions reviewed: every one as good as the ${review.level} coach’s choice.`),
    table(`Each decision, valued by the ${review.level} coach`, [review.decisions[0]?.deal ? 'Deal' : 'Card', 'You chose', 'Better', 'Points lost'], rows.map((r) => [...r.slice(0, 4), r[4] ? -1 : 0])),
  ];
}
