// The hand calculator view: pick four cards and a starter, choose hand or
// crib, and read the count. Every point comes from the wasm engine's
// `scoreShow`; this module only keeps track of what the player picked and
// shows the engine's breakdown.

import { h } from './dom.js';
import { cardName, renderCard, setCardState, RANKS, suitName } from './cards.js';

/** Picker rows, alternating colours: spades, hearts, clubs, diamonds. */
const PICKER_SUITS = ['S', 'H', 'C', 'D'];
const HAND_SIZE = 4;
const STARTER = HAND_SIZE;

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
 * @property {(hand: string[], starter: string, crib: boolean) => object} scoreShow
 * @property {(text: string) => string} parseCard
 */

/**
 * Mounts the calculator in `root`.
 * @param {HTMLElement} root
 * @param {{ engine: Promise<Engine> }} config  The engine may still be loading.
 * @returns {{ destroy: () => void }}
 */
export function createCalculator(root, { engine }) {
  /** @type {(string | null)[]} four hand cards, then the starter */
  const slots = Array(HAND_SIZE + 1).fill(null);
  let target = 0;
  let crib = false;
  let focusCell = { row: 0, col: 0 };
  let scoreRun = 0;

  const listeners = [];
  const on = (el, type, fn) => {
    el.addEventListener(type, fn);
    listeners.push(() => el.removeEventListener(type, fn));
  };

  // --- Structure --------------------------------------------------------------

  const slotButtons = slots.map((_, i) =>
    h('button', { type: 'button', class: `slot${i === STARTER ? ' slot--starter' : ''}`, 'data-slot': i }),
  );
  const handTitle = h('h3', { class: 'slot-title', id: 'hand-title' }, 'Hand');
  const totalValue = h('span', { class: 'total-value', 'data-testid': 'total' }, '–');
  const totalLabel = h('span', { class: 'total-label' }, 'points');
  const total = h('div', { class: 'total', 'aria-hidden': 'true' }, totalValue, totalLabel);

  const kindInputs = ['hand', 'crib'].map((value) =>
    h('input', { type: 'radio', name: 'show-kind', value, id: `kind-${value}`, checked: value === 'hand' }),
  );
  const kindField = h(
    'fieldset',
    { class: 'segmented' },
    h('legend', { class: 'segmented-legend' }, 'Count as'),
    ...kindInputs.map((input) =>
      h('span', { class: 'segment' }, input, h('label', { for: input.id }, input.value === 'hand' ? 'Hand' : 'Crib')),
    ),
  );

  const textInput = h('input', {
    type: 'text',
    id: 'cards-text',
    class: 'text-input',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    placeholder: '5H 5C 5S JD 5D',
    'aria-describedby': 'cards-text-help cards-text-error',
  });
  const textError = h('p', { class: 'text-error', id: 'cards-text-error', role: 'alert' });
  const textForm = h(
    'form',
    { class: 'text-entry', novalidate: true },
    h('label', { for: 'cards-text', class: 'text-label' }, 'Type the cards'),
    h(
      'div',
      { class: 'text-row' },
      textInput,
      h('button', { type: 'submit', class: 'button' }, 'Count'),
    ),
    h('p', { class: 'text-help', id: 'cards-text-help' }, 'Four cards, then the starter: rank A 2–9 T J Q K, suit C D H S.'),
    textError,
  );
  const dealButton = h('button', { type: 'button', class: 'button' }, 'Deal random');
  const clearButton = h('button', { type: 'button', class: 'button button--quiet' }, 'Clear');

  const tableSection = h(
    'section',
    { class: 'panel felt calc-table', 'aria-labelledby': 'table-title' },
    h('h2', { class: 'visually-hidden', id: 'table-title' }, 'Your cards'),
    h(
      'div',
      { class: 'slots' },
      h(
        'div',
        { class: 'slot-group slot-group--hand', role: 'group', 'aria-labelledby': 'hand-title' },
        handTitle,
        h('div', { class: 'slot-row' }, ...slotButtons.slice(0, HAND_SIZE)),
      ),
      h(
        'div',
        { class: 'slot-group slot-group--starter', role: 'group', 'aria-labelledby': 'starter-title' },
        h('h3', { class: 'slot-title', id: 'starter-title' }, 'Starter'),
        h('div', { class: 'slot-row' }, slotButtons[STARTER]),
      ),
      total,
    ),
    h('div', { class: 'controls' }, kindField, h('div', { class: 'control-buttons' }, dealButton, clearButton)),
    textForm,
  );

  const pickerHint = h('p', { class: 'picker-hint', id: 'picker-hint' });
  const cells = [];
  const grid = h(
    'div',
    { class: 'picker', role: 'grid', 'aria-labelledby': 'picker-title', 'aria-describedby': 'picker-hint' },
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
    { class: 'panel felt calc-picker', 'aria-labelledby': 'picker-title' },
    h('div', { class: 'picker-head' }, h('h2', { class: 'section-title', id: 'picker-title' }, 'Cards'), pickerHint),
    grid,
  );

  const resultBody = h('div', { class: 'result-body' });
  const resultSection = h(
    'section',
    { class: 'panel paper calc-result', 'aria-labelledby': 'result-title' },
    h('h2', { class: 'section-title', id: 'result-title' }, 'The count'),
    resultBody,
  );
  const announcer = h('p', { class: 'visually-hidden', 'aria-live': 'polite', 'aria-atomic': 'true' });

  const container = h('div', { class: 'calc' }, tableSection, pickerSection, resultSection, announcer);
  root.replaceChildren(container);

  // --- State changes ----------------------------------------------------------

  const cardIndex = (card) => slots.indexOf(card);
  const firstEmpty = () => slots.indexOf(null);
  const needed = () => slots.filter((c) => c === null).length;

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
      announce('All five cards are chosen. Remove one to pick another.');
      return;
    }
    const placed = target;
    slots[placed] = card;
    target = slots[placed + 1] === null ? placed + 1 : firstEmpty();
    const where = placed === STARTER ? 'is the starter' : `to the ${crib ? 'crib' : 'hand'}`;
    // The fifth card needs no hint: the count is announced instead.
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
    if (target === STARTER) return left === 1 ? 'Now pick the starter.' : `Next: the starter. ${left} cards to go.`;
    return `Next: hand card ${target + 1} of ${HAND_SIZE}. ${left} ${left === 1 ? 'card' : 'cards'} to go.`;
  }

  // --- Rendering --------------------------------------------------------------

  function update() {
    renderSlots();
    renderPicker();
    handTitle.textContent = crib ? 'Crib' : 'Hand';
    if (textInput.getRootNode().activeElement !== textInput) textInput.value = slots.filter(Boolean).join(' ');
    score();
  }

  function renderSlots() {
    slotButtons.forEach((button, i) => {
      const card = slots[i];
      const name = i === STARTER ? 'Starter' : `${crib ? 'Crib' : 'Hand'} card ${i + 1}`;
      button.classList.toggle('is-target', i === target);
      button.classList.toggle('is-empty', card === null);
      if (card) {
        button.setAttribute('aria-label', `${name}: ${cardName(card)}. Remove`);
        if (button.firstChild?.dataset?.card !== card) {
          button.replaceChildren(renderCard(card, { label: false }));
        }
      } else {
        const state = i === target ? 'the next pick goes here' : 'choose to fill it next';
        button.setAttribute('aria-label', `${name}: empty, ${state}`);
        if (!button.classList.contains('has-placeholder') || button.firstChild?.dataset?.card) {
          button.replaceChildren(h('span', { class: 'slot-placeholder', 'aria-hidden': 'true' }, i === STARTER ? 'S' : String(i + 1)));
        }
      }
      button.classList.toggle('has-placeholder', card === null);
    });
  }

  function renderPicker() {
    const full = target < 0;
    for (const { cell, card } of cells) {
      const at = cardIndex(card);
      const chosen = at >= 0;
      const state = !chosen ? '' : at === STARTER ? ', selected as the starter' : `, selected for the ${crib ? 'crib' : 'hand'}`;
      cell.setAttribute('aria-label', cardName(card) + state);
      cell.setAttribute('aria-selected', String(chosen));
      if (full && !chosen) cell.setAttribute('aria-disabled', 'true');
      else cell.removeAttribute('aria-disabled');
      cell.classList.toggle('is-starter', at === STARTER);
      setCardState(cell.firstChild, { selected: chosen, disabled: full && !chosen });
    }
    pickerHint.textContent = full ? 'All five chosen: select a card to put it back.' : nextHint();
  }

  async function score() {
    const run = ++scoreRun;
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
      showError(err);
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
      outcome.combos.length ? h('p', { class: 'result-note' }, 'Point at or focus a group of cards to see it in the hand.') : null,
    );
  }

  function showError(err) {
    totalValue.textContent = '–';
    resultBody.replaceChildren(h('p', { class: 'result-error', role: 'alert' }, `Could not count: ${err.message}`));
  }

  /** Highlights the given cards in the slots and dims the rest; null clears. */
  function setHighlight(cards) {
    const set = cards ? new Set(cards) : null;
    slotButtons.forEach((button, i) => {
      const el = button.firstChild;
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

  slotButtons.forEach((button, i) => on(button, 'click', () => aim(i)));

  for (const input of kindInputs) {
    on(input, 'change', () => {
      crib = input.value === 'crib' && input.checked;
      update();
    });
  }

  on(dealButton, 'click', () => {
    const deck = [...RANKS].flatMap((rank) => PICKER_SUITS.map((suit) => rank + suit));
    const random = new Uint32Array(HAND_SIZE + 1);
    crypto.getRandomValues(random);
    const cards = [];
    for (const r of random) cards.push(deck.splice(r % deck.length, 1)[0]);
    setCards(cards);
  });

  on(clearButton, 'click', () => {
    setCards([]);
    announce('Cleared. Pick four cards and a starter.');
  });

  on(textForm, 'submit', async (event) => {
    event.preventDefault();
    const tokens = textInput.value.split(/[\s,+|]+/).filter(Boolean);
    textError.textContent = '';
    textInput.removeAttribute('aria-invalid');
    try {
      const { parseCard } = await engine;
      if (tokens.length > HAND_SIZE + 1) throw new Error('at most five cards: four, then the starter');
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
    if (item && !item.contains(event.relatedTarget)) highlightCombo(comboOf(resultBody.getRootNode().activeElement));
  });
  on(resultBody, 'focusin', (event) => highlightCombo(comboOf(event.target)));
  on(resultBody, 'focusout', (event) => {
    if (!resultBody.contains(event.relatedTarget)) setHighlight(null);
  });

  update();

  return {
    destroy() {
      for (const off of listeners.splice(0)) off();
      container.remove();
    },
  };
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
