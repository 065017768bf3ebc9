// @ts-check
// The coach's advice in words and tables: the hint for a decision, every
// option with its numbers, and the review of a finished game. Loaded when
// first needed (see coach.js); every number comes from the engine.

import { h } from './dom.js';
import { cardName, cardSymbol, renderCard } from './cards.js';
import { chanceAdvice, chanceShare, costWords, couldBeBetter, optionRows, rankByChances, reviewWhy } from './chances.js';
import { gameInfo } from './games.js';

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
/**
 * The three-card games' coaches rank reaching the game hole as ±1,000 (`value`), and price an
 * option in points (`points`, each side's counted up to the hole): a rank past this is a game
 * won or lost, said so; any other option is told by its points.
 */
const WIN = 500;
const worth = (o) => (o.value >= WIN ? 'wins the game' : o.value <= -WIN ? 'loses the game' : signed(o.points ?? o.value));
/**
 * An action as the review shows it. Cribbage's review hands actions over as
 * data ({ kind, cards, points }); the family's as their text ("play AH 11"),
 * shown with its cards as symbols.
 */
const actionWords = (text) => text.split(' ').map((word) => (/^[2-9TJQKA][CDHS]$/.test(word) ? cardSymbol(word) : word === 'refuse' ? 'no mog' : word)).join(' ');

/** Where the chances change the advice, the coach says so (chances.js), after a space; else nothing. */
const board = (analysis) => {
  const words = chanceAdvice(analysis);
  return words ? ` ${words}` : '';
};

/**
 * The hint for a decision: short and long words, and the cards it names.
 * @param {import('../../types/engine.js').Analysis} analysis  The engine coach's analysis.
 * @param {Record<string, any>} turn
 */
export function hintText(analysis, turn) {
  // Where the rules make points something to avoid (reverse cribbage), the analysis's goal says so.
  const avoid = analysis.goal === 'avoid';
  if (analysis.kind === 'discard') {
    const best = analysis.options[0];
    const whose = turn.ownCrib ? 'your crib' : `${turn.dealerName}’s crib`;
    const win = best.win_prob !== null && best.win_prob !== undefined ? ` Your chance to win: ${pct(best.win_prob)}.` : '';
    if (avoid) {
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
      long: `Lay away the ${spoken(best.discard)}. The four you keep are worth ${fmt(best.hand)} on average with the starter; ${whose} ${best.crib >= 0 ? 'gains' : 'costs you'} ${fmt(Math.abs(best.crib))}${best.pegging !== null && best.pegging !== undefined ? `, the pegging ${signed(best.pegging)}` : ''}: ${fmt(best.total)} in all.${win}${board(analysis)}`,
    };
  }
  if (analysis.kind === 'play' && analysis.options[0]?.said) {
    // The three-card games: the card, what it makes in the table's words, and its worth.
    const best = analysis.options[0];
    // Costly Colours: an ace is laid at a value (counts 1 or 11).
    const as = best.card[0] === 'A' && best.counts ? ` as ${best.counts}` : '';
    // The table's words are whole phrases ("a pair is two"): said after the points, not inside a sentence of their own.
    const makes = best.said.length ? ` Laid now, it scores ${best.now}: ${best.said.join(', ')}.` : '';
    const value = Math.abs(best.value) >= WIN ? (best.value > 0 ? ' Played out, it wins the game.' : '') : ` Played out to the end of the hand it is worth ${signed(best.points ?? best.value)} points to you against the other.`;
    return { cards: [best.card], short: `play the ${cardSymbol(best.card)}${as}`, long: `Play the ${cardName(best.card)}${as}.${makes}${value}` };
  }
  if (analysis.kind === 'mog' || analysis.kind === 'pass') return familyHint(analysis);
  if (analysis.kind === 'place') {
    // The grid games: the cell, by its row and column, and its value in the measure the engine names.
    const best = analysis.options[0];
    const where = cellAt(best.cell, analysis.size);
    // Net: for your side against the other's (Table Top); else the grid's expected count (Square Solitaire).
    const net = analysis.measure === 'net';
    return {
      cards: [best.action, net ? signed(best.value) : fmt(best.value)],
      short: `the ${cardSymbol(analysis.card)} to ${where}`,
      long: net
        ? `Place the ${cardName(analysis.card)} in ${where}: worth ${signed(best.value)} points to your side against the other, as the ${analysis.level} coach reckons the lines to come.`
        : `Place the ${cardName(analysis.card)} in ${where}: the grid then scores ${fmt(best.value)} on average when it is counted (over ${analysis.samples} deals of the cards to come).`,
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
    const now = best.points ? `It ${avoid ? 'pegs you' : 'scores'} ${best.points} now; over` : 'Over';
    const others = turn.others || 'the others';
    const peg = others.includes(' and ') || others === 'the others' ? 'peg' : 'pegs';
    const win = best.win_prob !== null && best.win_prob !== undefined ? ` Your chance to win: ${pct(best.win_prob)}.` : '';
    if (avoid) {
      return {
        cards: [best.card],
        short: `play the ${cardSymbol(best.card)}`,
        long: `Play the ${cardName(best.card)}: it keeps points away from you best. ${now} the rest of the play it is worth ${signed(best.value)} to you (the points ${others} ${peg}, less the points you peg).${win}`,
      };
    }
    return {
      cards: [best.card],
      short: `play the ${cardSymbol(best.card)}`,
      long: `Play the ${cardName(best.card)}. ${now} the rest of the play it is worth ${signed(best.value)} points to you against ${others}.${win}${board(analysis)}`,
    };
  }
  return { cards: [], short: 'nothing to choose', long: 'Nothing to choose here.' };
}

/**
 * Every option of a decision with its numbers, best first.
 * @param {import('../../types/engine.js').Analysis} analysis  The engine coach's analysis.
 * @param {Record<string, any>} turn
 * @returns {HTMLElement}
 */
export function analysisTable(analysis, turn) {
  const avoid = analysis.goal === 'avoid';
  if (analysis.kind === 'discard') {
    const chances = analysis.options.some((o) => o.win_prob !== null && o.win_prob !== undefined);
    const head = ['Throw', 'Keep', 'Hand', 'Crib', ...(analysis.options.some((o) => o.pegging !== null && o.pegging !== undefined) ? ['Peg'] : []), 'Net', ...(chances ? ['Win'] : [])];
    const rows = analysis.options.map((o, i) => [
      cards(o.discard),
      cards(o.keep),
      fmt(o.hand),
      signed(o.crib),
      ...(head.includes('Peg') ? [signed(o.pegging ?? 0)] : []),
      fmt(o.total),
      ...(chances ? [o.win_prob !== null && o.win_prob !== undefined ? pct(o.win_prob) : '–'] : []),
      i,
    ]);
    const crib = turn.ownCrib ? 'Crib: what your crib gains.' : `Crib: what ${turn.dealerName}’s crib gains, counted against you.`;
    // Reverse cribbage: the same numbers, read the other way round.
    const note = avoid
      ? `Hand: the points the kept four take on average, points you would rather not peg. ${turn.ownCrib ? 'Crib: the points your crib takes.' : `Crib: the points ${turn.dealerName}’s crib takes, shown less than zero: good for you.`} Net: in your favour, the fewer points you peg the higher.`
      : `Hand: the kept four’s average with every starter. ${crib} Net: the two together.${chances ? ' Win: your chance to win the game with that choice, best first.' : ''}`;
    return h('div', {}, table(`Every way to lay away, valued by the ${analysis.level} coach`, head, rows), h('p', { class: 'coach-note' }, note));
  }
  if (analysis.kind === 'play' && analysis.options[0]?.said) {
    const head = ['Card', 'Makes', 'Scores now', 'Worth'];
    // What a card scores as it is laid is the three-card coach's `now` (its `points` are the worth).
    const rows = analysis.options.map((o, i) => [cardSymbol(o.card), o.said.length ? o.said.join(', ') : '–', String(o.now), worth(o), i]);
    const fit = analysis.hands_that_fit ? ` Weighed against ${analysis.hands_that_fit} hands the other may hold.` : '';
    return h('div', {}, table(`Every card you may play, valued by the ${analysis.level} coach`, head, rows), h('p', { class: 'coach-note' }, `Worth: your points less the other’s, to the end of the hand, none counted past the game hole.${fit}`));
  }
  if (analysis.kind === 'mog' || analysis.kind === 'pass') return familyTable(analysis);
  if (analysis.kind === 'place') return placeTable(analysis);
  if (analysis.kind === 'lay_away') {
    const rows = analysis.options.map((o, i) => [cards(o.laid), fmt(o.hand), fmt(o.crib), fmt(o.total), i]);
    return h('div', {}, table(`Every way to lay away, valued by the ${analysis.level} coach`, ['Lay away', 'Hand', 'Crib', 'Total'], rows), h('p', { class: 'coach-note' }, 'Hand: the four kept, counted with the starter. Crib: its average over every pair of unseen cards. Total: the two together.'));
  }
  if (analysis.kind === 'play') {
    // Where the engine prices the cards in chances too, both columns, as the lay-away's table
    // has (the chances stood alone under "Worth", where the hint gives the worth in points).
    const chances = analysis.options.some((o) => o.win_prob !== null && o.win_prob !== undefined);
    const head = ['Card', avoid ? 'Pegs you now' : 'Scores now', 'Worth', ...(chances ? ['Win'] : [])];
    const rows = analysis.options.map((o, i) => [cardSymbol(o.card), String(o.points), signed(o.value), ...(chances ? [o.win_prob !== null && o.win_prob !== undefined ? pct(o.win_prob) : '–'] : []), i]);
    const caption = `Every card you may play, valued by the ${analysis.level} coach`;
    if (!chances) return table(caption, head, rows);
    return h('div', {}, table(caption, head, rows), h('p', { class: 'coach-note' }, `Worth: your points less those of ${turn.others || 'the others'} over the rest of the play. Win: your chance to win the game with that card, best first.`));
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

/** A row of small cards, read as one image: "Your cards: seven of spades, …". */
function fan(list, label) {
  return h('div', { class: 'review-cards', role: 'img', 'aria-label': `${label}: ${list.length ? list.map(cardName).join(', ') : 'none'}` }, ...list.map((c) => renderCard(c, { label: false, compact: true })));
}

/** One labelled row of a position. */
function row(label, content) {
  return h('div', { class: 'review-row' }, h('span', { class: 'review-label' }, label), content);
}

/**
 * The pane a review row opens, with Previous and Next through `list`:
 * `render(d, i)` gives the position's nodes (nulls left out).
 * @param {Record<string, any>[]} list
 * @param {(d: Record<string, any>, i: number) => (Node|null)[]} render
 */
function positionPane(list, render) {
  const pane = h('section', { class: 'review-position', 'data-testid': 'review-position', 'aria-live': 'polite', hidden: true });
  let at = -1;
  function open(index) {
    at = Math.max(0, Math.min(index, list.length - 1));
    const prev = h('button', { type: 'button', class: 'button', 'data-review': 'prev', disabled: at === 0 ? true : null }, 'Previous');
    const next = h('button', { type: 'button', class: 'button', 'data-review': 'next', disabled: at === list.length - 1 ? true : null }, 'Next');
    prev.addEventListener('click', () => open(at - 1));
    next.addEventListener('click', () => open(at + 1));
    pane.hidden = false;
    pane.replaceChildren(...render(list[at], at).filter(Boolean), h('div', { class: 'review-steps' }, prev, next));
  }
  /** Opens a decision from the list above the pane, and brings the pane into sight (on a phone it opens below the fold). */
  const openInSight = (index) => {
    open(index);
    pane.scrollIntoView({ block: 'nearest' });
  };
  const opener = (d, text) => {
    const button = h('button', { type: 'button', class: 'link-button', 'data-testid': 'review-open' }, text);
    button.addEventListener('click', () => openInSight(list.indexOf(d)));
    return button;
  };
  const stepThrough = () => {
    if (!list.length) return null;
    const first = h('button', { type: 'button', class: 'button', 'data-testid': 'review-step-through' }, 'Step through your decisions');
    first.addEventListener('click', () => openInSight(0));
    return h('div', { class: 'review-steps' }, first);
  };
  return { pane, opener, stepThrough };
}

/**
 * The review of a finished game: a summary, the decisions that cost points,
 * and, for any row, the table as it was at that decision (your cards, the
 * play and its count, the starter or turn-up, the scores) with what you
 * chose and what was better; Previous and Next step through every decision
 * you made. The grid games and Cribbage Solitaire open each placement or
 * lay-away with every choice valued (see `layoutReview`).
 * @param {import('../../types/engine.js').Review} review  The engine's review: its `game`, and decisions with their positions and moves.
 * @param {number} seat
 * @param {string[]} [sideNames]  Each side's name, for the scores.
 * @returns {HTMLElement[]}
 */
export function reviewBody(review, seat, sideNames = []) {
  const game = gameInfo(review.game);
  if (game.face === 'layout') return layoutReview(review, seat, sideNames);
  const mine = review.decisions.filter((d) => d.seat === seat);
  // Where the engine priced decisions in chances to win, the costliest in chances come first.
  const priced = mine.some((d) => d.chances);
  const costly = priced ? rankByChances(mine) : mine.filter(couldBeBetter);
  const lost = mine.reduce((sum, d) => sum + (d.unit === 'win_chance' ? 0 : d.loss), 0);
  // Cribbage's review hands each action over as data ({ kind, cards, points }); the family's as its text.
  const what = (move) => {
    if (game.module !== 'cribbage') return actionWords(move);
    if (move.kind === 'discard') return `lay away ${cards(move.cards)}`;
    if (move.kind === 'play') return `play ${cardSymbol(move.cards[0])}`;
    if (move.kind === 'claim') return `claim ${move.points}`;
    if (move.kind === 'muggins') return `call muggins: ${move.points}`;
    if (move.kind === 'accept') return 'let it stand';
    return move.kind;
  };
  const cost = (d) => (d.chances ? costWords(d) : d.unit === 'win_chance' ? `${Math.round(d.loss * 100)}% to win` : `${fmt(d.loss)} ${d.loss === 1 ? 'point' : 'points'}`);
  const when = (d) => `${d.game > 1 ? `Game ${d.game}, h` : 'H'}and ${d.hand}`;
  // Each decision's cost in chances is measured where it was made, so they
  // do not add up (summed, a lost game's came to "104.5% of your chances"):
  // the costliest is said.
  const costliest = costly[0];
  const summary = costly.length
    ? costliest.chances
      ? `${mine.length} decisions reviewed; ${costly.length} could have been better. The costliest, in ${when(costliest).toLowerCase()}, cost ${chanceShare(costliest.chances.lost)} of your chances to win.`
      : `${mine.length} decisions reviewed; ${costly.length} could have been better, costing about ${fmt(lost)} points in all.`
    : `${mine.length} decisions reviewed: every one as good as the ${review.level} coach’s choice.`;
  const starter = `${game.words.starter[0].toUpperCase()}${game.words.starter.slice(1)}`;

  const { pane, opener, stepThrough } = positionPane(mine, (d, at) => {
    const p = d.position;
    const scores = p.scores.map((n, side) => `${sideNames[side] ?? `Side ${side + 1}`} ${n}`).join(', ');
    const better = couldBeBetter(d) ? `Better: ${what(d.best)} (${cost(d)}).` : 'As good as the coach’s choice.';
    // Costly Colours' mog and pass, and cribbage's lay-away, come before the play: there is no
    // play to show (a lay-away showed "The play (count 0)" over no cards).
    const before = d.phase === 'mog' || d.phase === 'pass' || d.phase === 'discard';
    // A claim or a muggins call is about the hand or crib being counted: the player holds nothing then.
    const counted = p.counted;
    const countedLabel = counted && `${counted.seat === d.seat ? `Your ${counted.kind}` : `The ${counted.kind} counted`}${counted.claimed == null ? '' : `, claimed ${counted.claimed}`}`;
    return [
      h('h3', { class: 'review-when' }, `${when(d)}, decision ${at + 1} of ${mine.length}`),
      counted ? row(countedLabel, fan(counted.cards, countedLabel)) : row('Your cards', fan(p.hand, 'Your cards')),
      before || counted ? null : row(`The play (count ${p.count})`, fan(p.pile, 'The play')),
      row(starter, fan(p.starter ? [p.starter] : [], starter)),
      p.scores.length ? h('p', { class: 'review-scores' }, `Scores: ${scores}.`) : null,
      h('p', { class: 'review-choice', 'data-testid': 'review-choice' }, `You chose: ${what(d.chosen)}. ${better}`),
      d.loss > 0.005 ? whyLine(d) : null,
      optionsTable(d, `${when(d)}: every choice, priced`),
    ];
  });
  /** Why the better choice was better, in words from the engine's prices (chances.js). */
  const whyLine = (d) => {
    // Where the rules make points something to avoid (reverse cribbage), the review's goal says so.
    const why = reviewWhy(d, { names: sideNames, avoid: review.goal === 'avoid' });
    return why ? h('p', { class: 'review-why', 'data-testid': 'review-why' }, `Why: ${why}`) : null;
  };
  /** Every choice of a decision with its points and chances, the best and yours marked. */
  const optionsTable = (d, caption) => {
    if (!d.options?.length) return null;
    const { head, rows } = optionRows(d, what);
    return h(
      'div',
      { class: 'coach-scroll', tabindex: 0, role: 'region', 'aria-label': caption },
      h(
        'table',
        { class: 'coach-table', 'data-testid': 'review-options' },
        h('caption', { class: 'visually-hidden' }, `${caption}: the best first, yours marked`),
        h('thead', {}, h('tr', {}, ...head.map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, ...rows.map((r) => h('tr', { class: r.best ? 'is-best' : null }, h('th', { scope: 'row' }, `${r.cells[0]}${r.chosen ? ' (yours)' : ''}${r.best ? ' ★' : ''}`), ...r.cells.slice(1).map((c) => h('td', {}, c))))),
      ),
    );
  };

  return [
    h('p', { 'data-testid': 'review-summary' }, summary),
    costly.length
      ? h(
          'div',
          { class: 'coach-scroll', tabindex: 0, role: 'region', 'aria-label': priced ? 'Decisions that cost chances to win' : 'Decisions that cost points' },
          h(
            'table',
            { class: 'coach-table', 'data-testid': 'review-table' },
            h('caption', { class: 'visually-hidden' }, priced ? 'Your decisions that cost chances to win, the costliest first: open one to see the table as it was' : 'Your decisions that cost points: open one to see the table as it was'),
            h('thead', {}, h('tr', {}, ...['Hand', 'You chose', 'Better', 'Cost'].map((t) => h('th', { scope: 'col' }, t)))),
            h(
              'tbody',
              {},
              ...costly.map((d) => h('tr', {}, h('th', { scope: 'row' }, opener(d, when(d))), h('td', {}, what(d.chosen)), h('td', {}, what(d.best)), h('td', {}, cost(d)))),
            ),
          ),
        )
      : null,
    stepThrough(),
    pane,
  ].filter(Boolean);
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
    return { cards: mog && best.passes ? [best.passes] : [], short: mog ? 'mog' : 'refuse the mog', long: `${mog ? 'Mog' : 'Refuse the mog'}: worth ${worth(best)} against ${other ? worth(other) : signed(0)} the other way. ${why}` };
  }
  const pegs = best.pegs ? ` Passing it pegs you ${best.pegs}.` : '';
  return { cards: [best.card], short: `pass the ${cardSymbol(best.card)}`, long: `Pass the ${cardName(best.card)}: your hand keeps about ${fmt(best.keeps)}, and it gives the other about ${fmt(best.gives)}; worth ${worth(best)} to you in all.${pegs}` };
}

/** Every option of a mog or pass decision. */
function familyTable(analysis) {
  if (analysis.kind === 'mog') {
    const rows = analysis.options.map((o, i) => [o.action === 'mog' ? 'Mog' : 'No mog', fmt(o.show), o.passes ? cardSymbol(o.passes) : '–', worth(o), i]);
    return h('div', {}, table(`Mog or not, valued by the ${analysis.level} coach`, ['Choice', 'Your show', 'You pass', 'Worth'], rows), h('p', { class: 'coach-note' }, 'Your show: your hand’s count after the choice, on average. Worth: the points the choice changes this hand, against keeping the hands as they are.'));
  }
  const rows = analysis.options.map((o, i) => [cardSymbol(o.card), fmt(o.keeps), fmt(o.gives), String(o.pegs ?? 0), worth(o), i]);
  return h('div', {}, table(`Every card you may pass, valued by the ${analysis.level} coach`, ['Pass', 'You keep', 'It gives', 'Pegs', 'Worth'], rows), h('p', { class: 'coach-note' }, 'You keep: your show with the card you will receive, on average. It gives: what the card adds to the other’s show. Pegs: a passed jack or two.'));
}

// --- The layout games (the solitaires) -------------------------------------------------

/**
 * Every cell the card may go to, laid out as the grid, each with the grid's
 * expected count if the card goes there; the best starred.
 */
function placeTable(analysis) {
  // Every cell by its index in a grid `size` cells wide, each valued in the measure the engine names.
  const by = new Map(analysis.options.map((o) => [o.cell, o.value]));
  const best = analysis.options[0].cell;
  const tt = analysis.measure === 'net';
  const size = analysis.size;
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

/** A cell of a `size`-wide grid, by its index: "row 2, column 3". */
const cellAt = (cell, size) => `row ${Math.floor(cell / size) + 1}, column ${(cell % size) + 1}`;

/**
 * The review of the grid games and Cribbage Solitaire: every placement or
 * lay-away with what it lost, each opening its position as the engine gives
 * it (the grid at that placement with every cell the card might have gone to
 * valued, or the six cards, the crib and the starter with every lay-away
 * valued), the choice made and the coach's best marked.
 * @param {import('../../types/engine.js').Review} review  The engine's review (its `game`, and decisions with their positions).
 * @param {number} seat
 * @param {string[]} sideNames  Each side's name (Table Top), for the scores.
 * @returns {HTMLElement[]}
 */
function layoutReview(review, seat, sideNames) {
  // Your own decisions (Table Top reviews the others' placements too).
  const decisions = review.decisions.filter((d) => d.seat === seat);
  const lost = decisions.reduce((n, d) => n + d.loss, 0);
  const costly = decisions.filter((d) => d.loss > 0.05).length;
  // Each decision says what it is, as its game's moves name it: two cards laid away (`lay`), or a card placed in a cell.
  const laid = (d) => d.kind === 'lay';
  // Net: a cell valued for your side against the other's (Table Top); else by the grid's expected count.
  const tt = review.measure === 'net';
  const value = (v) => (tt ? signed(v) : fmt(v));
  const size = (p) => p.size;
  // The engine names the chosen and the best cell of a placement by their index in its grid.
  const what = (d, action) => (laid(d) ? `lay away ${cards(d.position.options.find((o) => o.action === action)?.laid ?? [])}` : cellAt(action === d.chosen ? d.position.chosen : d.position.best, size(d.position)));
  const label = (d, i) => (laid(d) ? `Deal ${d.deal}` : `${d.hand ? `Hand ${d.hand}, ` : ''}${i + 1}. ${cardSymbol(d.card)}`);

  const { pane, opener, stepThrough } = positionPane(decisions, (d, at) => {
    const p = d.position;
    const better = d.loss > 0.05 ? `Better: ${what(d, d.best)} (${fmt(d.loss)} ${d.loss === 1 ? 'point' : 'points'}).` : 'As good as the coach’s choice.';
    const choice = h('p', { class: 'review-choice', 'data-testid': 'review-choice' }, `You chose: ${what(d, d.chosen)}. ${better}`);
    if (laid(d)) {
      const rows = p.options.map((o) => [
        `${o.action === d.best ? '★ ' : ''}${o.action === d.chosen ? '● ' : ''}${cards(o.laid)}`,
        fmt(o.hand),
        fmt(o.crib),
        fmt(o.total),
        o.action === d.best ? 0 : 1,
      ]);
      return [
        h('h3', { class: 'review-when' }, `Deal ${d.deal} of 6, decision ${at + 1} of ${decisions.length}`),
        row('Your six cards', fan(p.hand, 'Your six cards')),
        row('The crib', h('span', {}, `${p.crib} cards face down`)),
        row('Starter', fan([p.starter], 'Starter')),
        h('p', { class: 'review-scores' }, `Score before this deal: ${p.score}.`),
        choice,
        table(`Every way to lay away at deal ${d.deal}, valued by the ${review.level} coach`, ['Lay away', 'Hand', 'Crib', 'Total'], rows),
        h('p', { class: 'coach-note' }, '★ the coach’s choice, ● yours. Hand: the four kept, with the starter. Crib: its average over every pair of cards it may hold face down.'),
      ];
    }
    const n = size(p);
    const by = new Map(p.cells.map((c) => [c.cell, c]));
    const [chosen, best] = [by.get(p.chosen), by.get(p.best)];
    const caption = `The grid when the ${cardName(p.card)} was placed: each card placed, and each cell it might have gone to with its value`;
    const grid = h(
      'div',
      { class: 'coach-scroll', tabindex: 0, role: 'region', 'aria-label': caption },
      h(
        'table',
        { class: 'coach-table coach-grid', 'data-testid': 'review-grid' },
        h('caption', { class: 'visually-hidden' }, caption),
        h('colgroup', {}, h('col', { class: 'review-grid-rows' }), ...Array.from({ length: n }, () => h('col', {}))),
        // Headers by number alone, so five columns fit a phone; a screen reader hears "Column 1".
        h('thead', {}, h('tr', {}, h('td', {}), ...Array.from({ length: n }, (_, c) => h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Column '), String(c + 1))))),
        h(
          'tbody',
          {},
          ...Array.from({ length: n }, (_, r) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row' }, h('span', { class: 'visually-hidden' }, 'Row '), String(r + 1)),
              ...Array.from({ length: n }, (_, c) => {
                const i = r * n + c;
                const card = p.grid[i];
                if (card) return h('td', { class: 'is-placed', 'aria-label': cardName(card) }, cardSymbol(card));
                const option = by.get(i);
                if (!option) return h('td', {}, '');
                const marks = `${option === best ? '★' : ''}${option === chosen ? '●' : ''}`;
                const said = `${value(option.value)}${option === best ? ', the coach’s choice' : ''}${option === chosen ? ', your choice' : ''}`;
                // The marks above the value, so a marked cell is no wider than the others.
                return h('td', { class: marks ? 'is-marked' : null, 'aria-label': said }, ...(marks ? [marks, h('br'), h('strong', {}, value(option.value))] : [value(option.value)]));
              }),
            ),
          ),
        ),
      ),
    );
    const scores = p.scores.map((s, side) => `${sideNames[side] ?? `Side ${side + 1}`} ${s}`).join(', ');
    const yours = d.direction ? ` Your side scores the ${d.direction}.` : '';
    return [
      h('h3', { class: 'review-when' }, `${d.hand ? `Hand ${d.hand}, d` : 'D'}ecision ${at + 1} of ${decisions.length}`),
      row('The card', fan([p.card], 'The card')),
      p.scores.length ? h('p', { class: 'review-scores' }, `Scores: ${scores}.${yours}`) : null,
      choice,
      grid,
      h(
        'p',
        { class: 'coach-note' },
        tt
          ? `★ the coach’s choice, ● yours. Each value: what the ${cardSymbol(p.card)} there is worth to your side against the other’s, as the ${review.level} coach reckons it.`
          : `★ the coach’s choice, ● yours. Each value: the score the whole grid is expected to count with the ${cardSymbol(p.card)} there.`,
      ),
    ];
  });

  const rows = decisions.map((d, i) => [opener(d, label(d, i)), what(d, d.chosen), d.loss > 0.05 ? what(d, d.best) : 'the same', fmt(d.loss), d.loss > 0.05 ? -1 : 0]);
  return [
    h('p', { 'data-testid': 'review-summary' }, costly ? `${decisions.length} decisions reviewed; ${costly} could have been better, costing about ${fmt(lost)} points in all, on average.` : `${decisions.length} decisions reviewed: every one as good as the ${review.level} coach’s choice.`),
    table(`Each decision, valued by the ${review.level} coach: open one to see its position`, [decisions.some(laid) ? 'Deal' : 'Card', 'You chose', 'Better', 'Points lost'], rows),
    stepThrough(),
    pane,
  ].filter(Boolean);
}
