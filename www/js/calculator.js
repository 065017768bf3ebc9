// @ts-check
// The hand calculator view, with two tools on one card picker:
// - Count a hand: pick four cards and a starter, choose hand or crib, and
//   read the count. Every point comes from the wasm engine's `scoreShow`.
// - Analyse a discard: pick the six cards dealt and whose crib it is (and,
//   if you like, the scores), and read every way to lay two away with the
//   hand's and the crib's averages and the total, best first, and each
//   choice's chance to win where the engine gives one. The figures come
//   from the engine's `discardAnalysis`, run in the computer players'
//   worker so the page never waits on it.
// This module only keeps track of what the player picked and shows what
// the engine says, in the order it says it.

import { h } from './dom.js';
import { cardName, cardSymbol, cardParts, renderCard, setCardState, RANKS, suitName } from './cards.js';

/** Picker rows, alternating colours: spades, hearts, clubs, diamonds. */
const PICKER_SUITS = ['S', 'H', 'C', 'D'];
const HAND_SIZE = 4;
const STARTER = HAND_SIZE;
/** The cards a two-player hand is dealt, which the discard analyser lays away from. */
const DEALT = 6;

/** The five parts of a count, in counting order, as the engine names them. */
const CATEGORIES = [
  { key: 'fifteens', kind: 'fifteen', label: 'Fifteens', one: 'Fifteen' },
  { key: 'pairs', kind: 'pair', label: 'Pairs', one: 'Pair' },
  { key: 'runs', kind: 'run', label: 'Runs', one: 'Run' },
  { key: 'flush', kind: 'flush', label: 'Flush', one: 'Flush' },
  { key: 'nobs', kind: 'nobs', label: 'His nob', one: 'His nob' },
];

/**
 * @typedef {object} Engine  The parts of the wasm module this view uses.
 * @property {(hand: string[], starter: string, crib: boolean) => any} scoreShow
 * @property {(text: string) => string} parseCard
 */

/**
 * @typedef {object} DiscardOption  One way to lay away, as the engine values it.
 * @property {string[]} discard  The two cards laid away.
 * @property {string[]} keep     The four kept.
 * @property {number} hand       The kept hand's average over the starters.
 * @property {number} crib       The crib's average, signed: minus in their crib.
 * @property {number} total      Hand and crib together.
 * @property {number | null} win_prob  The chance to win with it, where the engine gives one.
 */

/**
 * @typedef {object} DiscardAnalysis  What the engine's `discardAnalysis` returns.
 * @property {string[]} hand
 * @property {'mine'|'theirs'} crib
 * @property {{ mine: number, theirs: number, target: number } | null} scores
 * @property {DiscardOption[]} options  All fifteen, best first.
 */

/**
 * @typedef {(cards: string[], crib: 'mine'|'theirs',
 *            scores: { mine: number, theirs: number, target: number } | null) => Promise<DiscardAnalysis>} Discards
 *   Asks the engine (in the worker) for the discard analysis.
 */

/**
 * Mounts the calculator in `root`.
 * @param {HTMLElement} root
 * @param {{ engine: Promise<Engine>, discards: Discards }} config
 *   The engine may still be loading; `discards` runs the discard analyser.
 * @returns {{ destroy: () => void }}
 */
export function createCalculator(root, { engine, discards }) {
  // Ids unique to this instance: two apps on one page must not share them.
  const uid = Math.random().toString(36).slice(2, 8);
  const activeElement = () => /** @type {Document | ShadowRoot} */ (root.getRootNode()).activeElement;
  /** Which tool is shown: 'count' (four cards and a starter) or 'discard' (six cards). */
  let mode = /** @type {'count'|'discard'} */ ('count');
  /**
   * Each tool's cards, kept apart so switching back finds them as they were:
   * the count's four hand cards then the starter; the discard's six.
   * @type {Record<'count'|'discard', { slots: (string | null)[], target: number }>}
   */
  const tools = {
    count: { slots: Array(HAND_SIZE + 1).fill(null), target: 0 },
    discard: { slots: Array(DEALT).fill(null), target: 0 },
  };
  let slots = tools.count.slots;
  let target = 0;
  let crib = false;
  /** @type {'mine'|'theirs'} whose crib the discard analyser lays away to */
  let cribOwner = 'mine';
  let focusCell = { row: 0, col: 0 };
  let scoreRun = 0;

  const listeners = [];
  const on = (el, type, fn) => {
    el.addEventListener(type, fn);
    listeners.push(() => el.removeEventListener(type, fn));
  };

  // --- Structure --------------------------------------------------------------

  /**
   * A segmented choice (radio buttons drawn as one pill) of `[value, label]`
   * pairs; each input is marked `data-KEY="value"`.
   */
  const segmented = (key, legend, choices, checked, group = key) => {
    const inputs = choices.map(([value]) =>
      h('input', { type: 'radio', name: `${group}-${uid}`, value, id: `${key}-${value}-${uid}`, [`data-${key}`]: value, checked: value === checked }),
    );
    const field = h(
      'fieldset',
      { class: 'segmented' },
      h('legend', { class: 'segmented-legend' }, legend),
      ...inputs.map((input, i) => h('span', { class: 'segment' }, input, h('label', { for: input.id }, choices[i][1]))),
    );
    return { field, inputs };
  };

  const modeChoice = segmented('mode', 'Work out', [['count', 'Count a hand'], ['discard', 'Analyse a discard']], 'count');
  modeChoice.field.classList.add('segmented--mode');

  // Six hand slots (the count shows four of them) and the starter's.
  const handButtons = Array.from({ length: DEALT }, (_, i) => h('button', { type: 'button', class: 'slot', 'data-slot': i }));
  const starterButton = h('button', { type: 'button', class: 'slot slot--starter', 'data-slot': STARTER });
  /** The slot buttons of the tool shown, in slot order. */
  const slotButtons = () => (mode === 'count' ? [...handButtons.slice(0, HAND_SIZE), starterButton] : handButtons);
  const handTitle = h('h3', { class: 'slot-title', id: `hand-title-${uid}` }, 'Hand');
  const totalValue = h('span', { class: 'total-value', 'data-testid': 'total' }, '–');
  const totalLabel = h('span', { class: 'total-label' }, 'points');
  const total = h('div', { class: 'total', 'aria-hidden': 'true' }, totalValue, totalLabel);
  const starterGroup = h(
    'div',
    { class: 'slot-group slot-group--starter', role: 'group', 'aria-labelledby': `starter-title-${uid}` },
    h('h3', { class: 'slot-title', id: `starter-title-${uid}` }, 'Starter'),
    h('div', { class: 'slot-row' }, starterButton),
  );

  const kindChoice = segmented('kind', 'Count as', [['hand', 'Hand'], ['crib', 'Crib']], 'hand', 'show-kind');
  const kindInputs = kindChoice.inputs;
  const cribChoice = segmented('crib', 'Whose crib', [['mine', 'Mine'], ['theirs', 'Theirs']], 'mine');

  // The scores, for each choice's chance to win: optional.
  const scoreInput = (who, label) => {
    const id = `score-${who}-${uid}`;
    const input = h('input', { type: 'number', id, class: 'score-input', min: 0, step: 1, inputmode: 'numeric', 'data-score': who, autocomplete: 'off' });
    return { input, field: h('span', { class: 'score-field' }, h('label', { for: id }, label), input) };
  };
  const mineScore = scoreInput('mine', 'My score');
  const theirScore = scoreInput('theirs', 'Their score');
  const targetId = `score-target-${uid}`;
  const targetSelect = h(
    'select',
    { id: targetId, class: 'score-input', 'data-score': 'target' },
    h('option', { value: '121' }, '121'),
    h('option', { value: '61' }, '61'),
  );
  const scoresField = h(
    'fieldset',
    { class: 'scores', 'aria-describedby': `scores-help-${uid}` },
    h('legend', { class: 'scores-legend' }, 'Scores (optional)'),
    h(
      'div',
      { class: 'score-fields' },
      mineScore.field,
      theirScore.field,
      h('span', { class: 'score-field' }, h('label', { for: targetId }, 'Game to'), targetSelect),
    ),
    h('p', { class: 'text-help', id: `scores-help-${uid}` }, 'The scores as the cards are dealt: with them, each choice’s chance to win where the engine reckons one.'),
  );

  const textInput = h('input', {
    type: 'text',
    id: `cards-text-${uid}`,
    class: 'text-input',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    placeholder: '5H 5C 5S JD 5D',
    'aria-describedby': `cards-text-help-${uid} cards-text-error-${uid}`,
  });
  const textError = h('p', { class: 'text-error', id: `cards-text-error-${uid}`, role: 'alert' });
  const textHelp = h('p', { class: 'text-help', id: `cards-text-help-${uid}` });
  const textSubmit = h('button', { type: 'submit', class: 'button' }, 'Count');
  const textForm = h(
    'form',
    { class: 'text-entry', novalidate: true },
    h('label', { for: `cards-text-${uid}`, class: 'text-label' }, 'Type the cards'),
    h('div', { class: 'text-row' }, textInput, textSubmit),
    textHelp,
    textError,
  );
  const dealButton = h('button', { type: 'button', class: 'button' }, 'Deal random');
  const clearButton = h('button', { type: 'button', class: 'button button--quiet' }, 'Clear');

  const tableSection = h(
    'section',
    { class: 'panel felt calc-table', 'aria-labelledby': `table-title-${uid}` },
    h('h2', { class: 'visually-hidden', id: `table-title-${uid}` }, 'Your cards'),
    h('div', { class: 'calc-mode' }, modeChoice.field),
    h(
      'div',
      { class: 'slots' },
      h(
        'div',
        { class: 'slot-group slot-group--hand', role: 'group', 'aria-labelledby': `hand-title-${uid}` },
        handTitle,
        h('div', { class: 'slot-row' }, ...handButtons),
      ),
      starterGroup,
      total,
    ),
    h('div', { class: 'controls' }, kindChoice.field, cribChoice.field, h('div', { class: 'control-buttons' }, dealButton, clearButton)),
    scoresField,
    textForm,
  );

  const pickerHint = h('p', { class: 'picker-hint', id: `picker-hint-${uid}` });
  const cells = [];
  const grid = h(
    'div',
    { class: 'picker', role: 'grid', 'aria-labelledby': `picker-title-${uid}`, 'aria-describedby': `picker-hint-${uid}` },
    ...PICKER_SUITS.map((suit, row) =>
      h(
        'div',
        { class: 'picker-row', role: 'row', 'aria-label': suitName(suit) },
        ...[...RANKS].map((rank, col) => {
          const card = rank + suit;
          const cell = h(
            'div',
            { class: 'pick', role: 'gridcell', tabindex: row === 0 && col === 0 ? 0 : -1, 'data-card': card },
            renderCard(card, { compact: true, label: false }),
          );
          cells.push({ cell, card, row, col });
          return cell;
        }),
      ),
    ),
  );
  const pickerSection = h(
    'section',
    { class: 'panel felt calc-picker', 'aria-labelledby': `picker-title-${uid}` },
    h('div', { class: 'picker-head' }, h('h2', { class: 'section-title', id: `picker-title-${uid}` }, 'Cards'), pickerHint),
    grid,
  );

  const resultTitle = h('h2', { class: 'section-title', id: `result-title-${uid}` }, 'The count');
  const resultBody = h('div', { class: 'result-body' });
  const resultSection = h('section', { class: 'panel paper calc-result', 'aria-labelledby': `result-title-${uid}` }, resultTitle, resultBody);
  const announcer = h('p', { class: 'visually-hidden', 'aria-live': 'polite', 'aria-atomic': 'true' });

  const container = h('div', { class: 'calc', 'data-mode': mode }, tableSection, pickerSection, resultSection, announcer);
  root.append(container);

  // --- State changes ----------------------------------------------------------

  const counting = () => mode === 'count';
  const isStarter = (i) => counting() && i === STARTER;
  const cardIndex = (card) => slots.indexOf(card);
  const firstEmpty = () => slots.indexOf(null);
  const needed = () => slots.filter((c) => c === null).length;
  /** What the chosen cards are for, in words: "the hand", "the crib" or "the six". */
  const holder = () => (counting() ? (crib ? 'the crib' : 'the hand') : 'the six');

  /** Shows the other tool, with the cards it held when last shown. */
  function setMode(next) {
    if (next === mode) return;
    tools[mode].target = target;
    mode = next;
    slots = tools[mode].slots;
    target = tools[mode].target;
    textError.textContent = '';
    textInput.removeAttribute('aria-invalid');
    update();
  }

  /** Empties slot `i`, if it holds a card, and makes it the next to fill. */
  function aim(i) {
    const card = slots[i];
    slots[i] = null;
    target = i;
    announce(card ? `${capital(cardName(card))} removed. ${nextHint()}` : nextHint());
    update();
  }

  /** Puts `card` in the next slot to fill, or takes it back if already chosen. */
  function pick(card) {
    const at = cardIndex(card);
    if (at >= 0) return aim(at);
    if (target < 0) {
      announce(`All ${counting() ? 'five' : 'six'} cards are chosen. Remove one to pick another.`);
      return;
    }
    const placed = target;
    slots[placed] = card;
    target = slots[placed + 1] === null ? placed + 1 : firstEmpty();
    const where = isStarter(placed) ? 'is the starter' : `to ${holder()}`;
    // The last card needs no hint: the result is announced instead.
    if (target >= 0) announce(`${capital(cardName(card))} ${where}. ${nextHint()}`);
    update();
  }

  function setCards(cards) {
    slots.fill(null);
    cards.forEach((card, i) => (slots[i] = card));
    target = firstEmpty();
    update();
  }

  function nextHint() {
    if (target < 0) return '';
    const left = needed();
    const more = `${left} ${left === 1 ? 'card' : 'cards'} to go.`;
    if (!counting()) return `Next: card ${target + 1} of ${DEALT}. ${more}`;
    if (target === STARTER) return left === 1 ? 'Now pick the starter.' : `Next: the starter. ${left} cards to go.`;
    return `Next: hand card ${target + 1} of ${HAND_SIZE}. ${more}`;
  }

  // --- Rendering --------------------------------------------------------------

  function update() {
    container.dataset.mode = mode;
    for (const input of modeChoice.inputs) input.checked = input.value === mode;
    // Each tool's own controls; the other's are hidden (and out of the tab order).
    kindChoice.field.hidden = !counting();
    cribChoice.field.hidden = counting();
    scoresField.hidden = counting();
    starterGroup.hidden = !counting();
    total.hidden = !counting();
    handButtons.forEach((button, i) => (button.hidden = counting() && i >= HAND_SIZE));
    handTitle.textContent = counting() ? (crib ? 'Crib' : 'Hand') : 'Six cards dealt';
    textHelp.textContent = counting()
      ? 'Four cards, then the starter: rank A 2–9 T J Q K, suit C D H S.'
      : 'The six cards dealt: rank A 2–9 T J Q K, suit C D H S.';
    textInput.placeholder = counting() ? '5H 5C 5S JD 5D' : '5H 5C 6D JS QS KD';
    textSubmit.textContent = counting() ? 'Count' : 'Analyse';
    resultTitle.textContent = counting() ? 'The count' : 'Ways to lay away';
    renderSlots();
    renderPicker();
    if (activeElement() !== textInput) textInput.value = slots.filter(Boolean).join(' ');
    if (counting()) score();
    else analyse();
  }

  function renderSlots() {
    slotButtons().forEach((button, i) => {
      const card = slots[i];
      const name = isStarter(i) ? 'Starter' : counting() ? `${crib ? 'Crib' : 'Hand'} card ${i + 1}` : `Card ${i + 1} of ${DEALT}`;
      button.classList.toggle('is-target', i === target);
      button.classList.toggle('is-empty', card === null);
      if (card) {
        button.setAttribute('aria-label', `${name}: ${cardName(card)}. Remove`);
        if (/** @type {HTMLElement | null} */ (button.firstChild)?.dataset?.card !== card) {
          button.replaceChildren(renderCard(card, { label: false }));
        }
      } else {
        const state = i === target ? 'the next pick goes here' : 'choose to fill it next';
        button.setAttribute('aria-label', `${name}: empty, ${state}`);
        button.replaceChildren(h('span', { class: 'slot-placeholder', 'aria-hidden': 'true' }, isStarter(i) ? 'S' : String(i + 1)));
      }
    });
  }

  function renderPicker() {
    const full = target < 0;
    for (const { cell, card } of cells) {
      const at = cardIndex(card);
      const chosen = at >= 0;
      const state = !chosen ? '' : isStarter(at) ? ', selected as the starter' : `, selected for ${holder()}`;
      cell.setAttribute('aria-label', cardName(card) + state);
      cell.setAttribute('aria-selected', String(chosen));
      if (full && !chosen) cell.setAttribute('aria-disabled', 'true');
      else cell.removeAttribute('aria-disabled');
      cell.classList.toggle('is-starter', chosen && isStarter(at));
      setCardState(cell.firstChild, { selected: chosen, disabled: full && !chosen });
    }
    pickerHint.textContent = full ? `All ${counting() ? 'five' : 'six'} chosen: select a card to put it back.` : nextHint();
  }

  async function score() {
    const run = ++scoreRun;
    // An analysis still on its way when the tool changed is dropped: not busy any more.
    resultBody.removeAttribute('aria-busy');
    if (slots.includes(null)) {
      showResult(null);
      return;
    }
    const hand = slots.slice(0, HAND_SIZE);
    const starter = slots[STARTER];
    let outcome;
    try {
      outcome = (await engine).scoreShow(hand, starter, crib);
    } catch (err) {
      if (run !== scoreRun) return;
      showError(err, 'count');
      return;
    }
    if (run !== scoreRun) return;
    showResult(outcome);
    const who = crib ? 'The crib' : 'The hand';
    announce(`${who} scores ${outcome.total}: ${outcome.cadence}.`);
  }

  function showResult(outcome) {
    totalValue.textContent = outcome ? String(outcome.total) : '–';
    totalLabel.textContent = outcome?.total === 1 ? 'point' : 'points';
    total.classList.toggle('is-ready', Boolean(outcome));
    setHighlight(null);
    if (!outcome) {
      const left = needed();
      resultBody.replaceChildren(
        h(
          'p',
          { class: 'result-empty' },
          left === HAND_SIZE + 1
            ? 'Pick four cards and a starter, or type them, to see how they count.'
            : `${left} more ${left === 1 ? 'card' : 'cards'} to go.`,
        ),
        scoringKey(),
      );
      return;
    }
    const categories = CATEGORIES.map((category) => {
      const combos = outcome.combos.filter((combo) => combo.kind === category.kind);
      const points = outcome[category.key];
      return h(
        'li',
        { class: `category${points ? '' : ' is-zero'}` },
        h(
          'div',
          { class: 'category-head' },
          h('span', { class: 'category-name' }, category.label),
          h('span', { class: 'category-detail' }, categoryDetail(category.kind, combos)),
          h('span', { class: 'category-points', 'data-testid': `tally-${category.key}` }, String(points)),
        ),
        combos.length
          ? h(
              'ul',
              { class: 'combos', 'aria-label': category.label },
              ...combos.map((combo) =>
                h(
                  'li',
                  {
                    class: `combo combo--${combo.kind}`,
                    tabindex: 0,
                    'data-cards': combo.cards.join(' '),
                    'aria-label': `${category.one}: ${combo.cards.map(cardName).join(', ')}, ${combo.points} ${combo.points === 1 ? 'point' : 'points'}`,
                  },
                  ...combo.cards.map((card) => renderCard(card, { compact: true, label: false })),
                ),
              ),
            )
          : null,
      );
    });
    resultBody.replaceChildren(
      h('p', { class: 'cadence', 'data-testid': 'cadence' }, `“${capital(outcome.cadence)}.”`),
      h(
        'ul',
        { class: 'breakdown', 'aria-label': 'Breakdown' },
        ...categories,
        h(
          'li',
          { class: 'category category--total' },
          h('div', { class: 'category-head' }, h('span', { class: 'category-name' }, 'Total'), h('span', { class: 'category-points' }, String(outcome.total))),
        ),
      ),
      // replaceChildren writes null as the text "null": an empty string adds nothing.
      outcome.combos.length ? h('p', { class: 'result-note' }, 'Point at or focus a group of cards to see it in the hand.') : '',
    );
  }

  /** The scores as entered: null when both are empty (no chances asked for). */
  function enteredScores() {
    const read = (input) => (input.value === '' && !input.validity.badInput ? null : input.valueAsNumber);
    const mine = read(mineScore.input);
    const theirs = read(theirScore.input);
    if (mine === null && theirs === null) return null;
    return { mine: mine ?? 0, theirs: theirs ?? 0, target: Number(targetSelect.value) };
  }

  /** Asks the engine (in the worker) for every way to lay away, and shows it. */
  async function analyse() {
    const run = ++scoreRun;
    if (slots.includes(null)) {
      resultBody.removeAttribute('aria-busy');
      showDiscards(null);
      return;
    }
    const cards = slots.slice();
    const scores = enteredScores();
    resultBody.setAttribute('aria-busy', 'true');
    let analysis;
    try {
      analysis = await discards(cards, cribOwner, scores);
    } catch (err) {
      if (run !== scoreRun) return;
      resultBody.removeAttribute('aria-busy');
      showError(err, 'analyse');
      return;
    }
    if (run !== scoreRun) return;
    resultBody.removeAttribute('aria-busy');
    showDiscards(analysis);
    const best = analysis.options[0];
    const chance = best.win_prob === null ? '' : `, a ${percent(best.win_prob)} chance to win`;
    announce(`Best: lay away ${names(best.discard)} and keep ${names(best.keep)}: ${points(best.total)} in all${chance}.`);
  }

  /** The discard analyser's table, or what it still needs. */
  function showDiscards(analysis) {
    if (!analysis) {
      const left = needed();
      resultBody.replaceChildren(
        h(
          'p',
          { class: 'result-empty' },
          left === DEALT
            ? 'Pick the six cards you were dealt, or type them, to see every way to lay two away: what the hand keeps on average over the 46 starters, what the crib gets, and the two together.'
            : `${left} more ${left === 1 ? 'card' : 'cards'} to go.`,
        ),
      );
      return;
    }
    const { options } = analysis;
    const mine = analysis.crib === 'mine';
    const chances = options.some((o) => o.win_prob !== null);
    const best = options[0];
    const captionId = `discard-caption-${uid}`;
    const header = (text, className = '') => h('th', { scope: 'col', class: className || null }, text);
    const table = h(
      'table',
      { class: 'discard-table', 'data-testid': 'discard-table' },
      h(
        'caption',
        { id: captionId },
        `All 15 ways to lay two away, best first${chances ? ' by the chance to win' : ''}. ${mine ? 'Your crib: its points are added.' : 'Their crib: its points are taken off.'}`,
      ),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          header('Lay away'),
          header('Keep'),
          header('Hand', 'num'),
          header('Crib', 'num'),
          header('Total', 'num'),
          chances ? h('th', { scope: 'col', class: 'num' }, 'Chance', h('span', { class: 'th-more' }, ' to win')) : null,
        ),
      ),
      h(
        'tbody',
        {},
        ...options.map((option, i) =>
          h(
            'tr',
            { class: i === 0 ? 'is-best' : null, 'data-discard': option.discard.join(' ') },
            h('th', { scope: 'row' }, cardChips(option.discard)),
            h('td', {}, cardChips(option.keep)),
            h('td', { class: 'num' }, points(option.hand)),
            h('td', { class: 'num' }, signed(option.crib)),
            h('td', { class: 'num num--total' }, points(option.total)),
            chances ? h('td', { class: 'num' }, option.win_prob === null ? '–' : percent(option.win_prob)) : null,
          ),
        ),
      ),
    );
    const parts = [
      h(
        'p',
        { class: 'discard-best', 'data-testid': 'discard-best' },
        h('strong', {}, 'Best: '),
        'lay away ',
        cardChips(best.discard),
        ' and keep ',
        cardChips(best.keep),
        `: ${points(best.hand)} in the hand, ${signed(best.crib)} in ${mine ? 'your' : 'their'} crib, ${points(best.total)} in all`,
        best.win_prob === null ? '.' : `; a ${percent(best.win_prob)} chance to win.`,
      ),
      h('div', { class: 'discard-scroll', role: 'region', 'aria-labelledby': captionId }, table),
      analysis.scores && !chances
        ? h('p', { class: 'result-note', 'data-testid': 'no-chances' }, 'No chances at these scores: the engine reckons each choice’s chance to win near the end of a game. The choices are ranked by points.')
        : null,
      h(
        'dl',
        { class: 'discard-key' },
        h('dt', {}, 'Hand'),
        h('dd', {}, 'The four kept cards’ average over the 46 starters you might cut.'),
        h('dt', {}, 'Crib'),
        h('dd', {}, 'The crib’s average over every two cards the other player might throw and every starter: added in your crib, taken off in theirs.'),
        h('dt', {}, 'Total'),
        h('dd', {}, 'The two together. The play’s points are not counted.'),
        chances ? h('dt', {}, 'Chance to win') : null,
        chances ? h('dd', {}, 'With that lay-away, from these scores, as the computer’s strongest player reckons it.') : null,
      ),
    ];
    resultBody.replaceChildren(...parts.filter(Boolean));
    scrollable();
  }

  /** The table's box takes the keyboard only when it scrolls sideways (a narrow phone, large text). */
  function scrollable() {
    const box = resultBody.querySelector('.discard-scroll');
    if (!box) return;
    if (box.scrollWidth > box.clientWidth + 1) box.setAttribute('tabindex', '0');
    else box.removeAttribute('tabindex');
  }
  const resized = new ResizeObserver(() => scrollable());
  resized.observe(resultBody);

  function showError(err, what) {
    totalValue.textContent = '–';
    resultBody.replaceChildren(h('p', { class: 'result-error', role: 'alert' }, `Could not ${what}: ${err.message}`));
  }

  /** Highlights the given cards in the slots and dims the rest; null clears. */
  function setHighlight(cards) {
    const set = cards ? new Set(cards) : null;
    slotButtons().forEach((button, i) => {
      const el = /** @type {HTMLElement | null} */ (button.firstChild);
      if (!el?.dataset?.card) return;
      const lit = Boolean(set?.has(slots[i]));
      setCardState(el, { highlighted: lit, dimmed: Boolean(set) && !lit });
    });
    for (const item of resultBody.querySelectorAll('.combo')) {
      item.classList.toggle('is-active', Boolean(set) && item.dataset.cards === cards.join(' '));
    }
  }

  function announce(text) {
    announcer.textContent = text;
  }

  // --- Events -----------------------------------------------------------------

  function moveFocus(row, col) {
    const rows = PICKER_SUITS.length;
    const cols = RANKS.length;
    focusCell = { row: (row + rows) % rows, col: Math.min(Math.max(col, 0), cols - 1) };
    for (const entry of cells) {
      const here = entry.row === focusCell.row && entry.col === focusCell.col;
      entry.cell.tabIndex = here ? 0 : -1;
      if (here) entry.cell.focus();
    }
  }

  on(grid, 'click', (event) => {
    const cell = event.target.closest('.pick');
    if (!cell) return;
    const entry = cells.find((c) => c.cell === cell);
    moveFocus(entry.row, entry.col);
    pick(entry.card);
  });

  on(grid, 'keydown', (event) => {
    const { row, col } = focusCell;
    const last = RANKS.length - 1;
    const moves = {
      ArrowRight: [row, col + 1],
      ArrowLeft: [row, col - 1],
      ArrowDown: [row + 1, col],
      ArrowUp: [row - 1, col],
      Home: event.ctrlKey ? [0, 0] : [row, 0],
      End: event.ctrlKey ? [PICKER_SUITS.length - 1, last] : [row, last],
    };
    if (event.key in moves) {
      event.preventDefault();
      const [r, c] = moves[event.key];
      if (event.key === 'ArrowRight' && col === last) moveFocus(row + 1, 0);
      else if (event.key === 'ArrowLeft' && col === 0) moveFocus(row - 1, last);
      else moveFocus(r, c);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const entry = cells.find((c) => c.row === row && c.col === col);
      pick(entry.card);
    }
  });

  on(grid, 'focusin', (event) => {
    const entry = cells.find((c) => c.cell === event.target);
    if (entry) focusCell = { row: entry.row, col: entry.col };
  });

  handButtons.forEach((button, i) => on(button, 'click', () => aim(i)));
  on(starterButton, 'click', () => aim(STARTER));

  for (const input of modeChoice.inputs) {
    on(input, 'change', () => {
      if (input.checked) setMode(input.value === 'discard' ? 'discard' : 'count');
    });
  }

  for (const input of kindInputs) {
    on(input, 'change', () => {
      crib = input.value === 'crib' && input.checked;
      update();
    });
  }

  for (const input of cribChoice.inputs) {
    on(input, 'change', () => {
      if (!input.checked) return;
      cribOwner = input.value === 'theirs' ? 'theirs' : 'mine';
      update();
    });
  }

  for (const input of [mineScore.input, theirScore.input, targetSelect]) {
    on(input, input === targetSelect ? 'change' : 'input', () => {
      if (!slots.includes(null)) analyse();
    });
  }

  on(dealButton, 'click', () => {
    const deck = [...RANKS].flatMap((rank) => PICKER_SUITS.map((suit) => rank + suit));
    const random = new Uint32Array(slots.length);
    crypto.getRandomValues(random);
    const cards = [];
    for (const r of random) cards.push(deck.splice(r % deck.length, 1)[0]);
    setCards(cards);
  });

  on(clearButton, 'click', () => {
    setCards([]);
    announce(counting() ? 'Cleared. Pick four cards and a starter.' : 'Cleared. Pick the six cards dealt.');
  });

  on(textForm, 'submit', async (event) => {
    event.preventDefault();
    const tokens = textInput.value.split(/[\s,+|]+/).filter(Boolean);
    textError.textContent = '';
    textInput.removeAttribute('aria-invalid');
    try {
      const { parseCard } = await engine;
      if (tokens.length > slots.length) throw new Error(counting() ? 'at most five cards: four, then the starter' : 'at most six cards: the six dealt');
      const cards = tokens.map((token) => parseCard(token));
      const twice = cards.find((card, i) => cards.indexOf(card) !== i);
      if (twice) throw new Error(`${cardName(twice)} is there twice`);
      setCards(cards);
      textInput.value = cards.join(' ');
    } catch (err) {
      textInput.setAttribute('aria-invalid', 'true');
      textError.textContent = capital(err.message);
    }
  });

  // Pointing at a combination highlights its cards; when the pointer leaves,
  // the highlight goes back to the focused combination, if any.
  const comboOf = (el) => (el && resultBody.contains(el) ? el.closest?.('.combo') : null);
  const highlightCombo = (item) => setHighlight(item ? item.dataset.cards.split(' ') : null);
  on(resultBody, 'pointerover', (event) => {
    const item = comboOf(event.target);
    if (item) highlightCombo(item);
  });
  on(resultBody, 'pointerout', (event) => {
    const item = comboOf(event.target);
    if (item && !item.contains(event.relatedTarget)) highlightCombo(comboOf(activeElement()));
  });
  on(resultBody, 'focusin', (event) => highlightCombo(comboOf(event.target)));
  on(resultBody, 'focusout', (event) => {
    if (!resultBody.contains(event.relatedTarget)) setHighlight(null);
  });

  update();

  return {
    destroy() {
      for (const off of listeners.splice(0)) off();
      resized.disconnect();
      container.remove();
    },
  };
}

/**
 * Cards as short text on card-coloured chips ("5♥ J♠"), each read out by name:
 * small enough for a table row on a phone, coloured as the deck is.
 * @param {string[]} cards
 */
function cardChips(cards) {
  return h(
    'span',
    { class: 'card-chips' },
    ...cards.map((card, i) =>
      h(
        'span',
        { class: `card-chip card-chip--${suitName(cardParts(card).suit)}`, 'data-card': card },
        h('span', { 'aria-hidden': 'true' }, cardSymbol(card)),
        h('span', { class: 'visually-hidden' }, (i ? ', ' : '') + cardName(card)),
      ),
    ),
  );
}

/** Cards by name for the live region: "five of clubs and six of diamonds". */
function names(cards) {
  const words = cards.map(cardName);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : words.join('');
}

/** Two places, with a true minus sign: "12.52", "−0.67". */
function points(x) {
  const text = Math.abs(x).toFixed(2);
  return x < 0 && text !== '0.00' ? `−${text}` : text;
}

/** Two places, signed: "+7.05" in your crib, "−3.38" in theirs. */
function signed(x) {
  const text = Math.abs(x).toFixed(2);
  return `${x < 0 && text !== '0.00' ? '−' : '+'}${text}`;
}

/** A chance as a percentage to one place: "62.4%". */
function percent(p) {
  return `${(100 * p).toFixed(1)}%`;
}

/** A reminder of what scores, shown until there are five cards to count. */
function scoringKey() {
  const rows = [
    ['Fifteen', 'cards adding up to 15 (court cards count 10)', '2'],
    ['Pair', 'two cards of one rank', '2'],
    ['Run', 'three or more ranks in a row', '1 a card'],
    ['Flush', 'all four hand cards in one suit; the crib needs the starter too', '4 or 5'],
    ['His nob', 'the jack of the starter’s suit', '1'],
  ];
  return h(
    'div',
    { class: 'key' },
    h('h3', { class: 'key-title' }, 'What scores'),
    h(
      'dl',
      { class: 'key-list' },
      ...rows.map(([name, what, points]) =>
        h('div', { class: 'key-row' }, h('dt', {}, name), h('dd', { class: 'key-what' }, what), h('dd', { class: 'key-points' }, points)),
      ),
    ),
  );
}

/** A few words on how a category's points are made up: "4 × 2", "2 runs of 3". */
function categoryDetail(kind, combos) {
  const n = combos.length;
  if (n === 0) return '';
  switch (kind) {
    case 'run': {
      const length = combos[0].cards.length;
      return n === 1 ? `a run of ${length}` : `${n} runs of ${length}`;
    }
    case 'flush':
      return `${combos[0].cards.length} cards`;
    case 'nobs':
      return `the ${cardName(combos[0].cards[0])}`;
    default:
      return n === 1 ? '' : `${n} × 2`;
  }
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
