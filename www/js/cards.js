// @ts-check
// Playing cards drawn as SVG: a reusable component for the calculator and the
// game table. Cards are named by the engine's canonical text, "5H", "TD", "KS".
//
//   import { renderCard, setCardState, cardName } from './cards.js';
//   const el = renderCard('5H', { selected: true });  // an <svg> named "five of hearts"
//   setCardState(el, { highlighted: true });
//
// Every suit has its own shape as well as its colour, so no one needs to tell
// red from black to tell suits apart. Colours come from CSS custom properties
// (css/cards.css), so themes and dark mode need no JS. No game logic lives here.
//
// Two ways to read the cards, chosen in Settings and set on the app's root
// (css/cards.css), so they switch live without redrawing a card:
// - the four-colour deck (data-deck="four-colour"): each card is marked
//   with its suit (card--clubs …), and clubs turn green and diamonds blue;
// - large cards (data-card-size="large"): every face also carries a large
//   index (a bigger rank and suit in two corners, one big suit in the
//   middle), shown in place of the standard index and pips.

import { svg } from './dom.js';

/** Rank characters in order, ace low, as the engine writes them. */
export const RANKS = 'A23456789TJQK';
/** Suit characters as the engine writes them. */
export const SUITS = 'CDHS';

const RANK_NAMES = [
  'ace', 'two', 'three', 'four', 'five', 'six', 'seven',
  'eight', 'nine', 'ten', 'jack', 'queen', 'king',
];
const SUIT_NAMES = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
const SUIT_SYMBOLS = { C: '♣', D: '♦', H: '♥', S: '♠' };

// Each suit as one path in a 100×100 box, centred on (50, 50).
const SUIT_PATHS = {
  S:
    'M50 3C57 15 94 37 94 62C94 78 82 87 70 87C62 87 56 83 53 77C54 85 57 92 66 97H34' +
    'C43 92 46 85 47 77C44 83 38 87 30 87C18 87 6 78 6 62C6 37 43 15 50 3Z',
  H:
    'M50 94C43 85 5 62 5 33C5 15 18 5 31 5C41 5 47 11 50 19C53 11 59 5 69 5' +
    'C82 5 95 15 95 33C95 62 57 85 50 94Z',
  D: 'M50 2L87 50L50 98L13 50Z',
  C:
    'M50 5A20.5 20.5 0 1 1 49.9 5ZM27 38A20.5 20.5 0 1 1 26.9 38ZM73 38A20.5 20.5 0 1 1 72.9 38Z' +
    'M40 42H60V64H40ZM45 50H55C55 72 58 86 68 97H32C42 86 45 72 45 50Z',
};

// Pip centres on the 100×140 face for two to ten; pips below the middle are
// drawn upside down, as on printed cards.
const L = 33;
const M = 50;
const R = 67;
const CORNERS = [[L, 30], [R, 30], [L, 110], [R, 110]];
const NINE_SIDES = [[L, 30], [R, 30], [L, 56.7], [R, 56.7], [L, 83.3], [R, 83.3], [L, 110], [R, 110]];
const PIPS = {
  2: [[M, 30], [M, 110]],
  3: [[M, 30], [M, 70], [M, 110]],
  4: CORNERS,
  5: [...CORNERS, [M, 70]],
  6: [...CORNERS, [L, 70], [R, 70]],
  7: [...CORNERS, [L, 70], [R, 70], [M, 50]],
  8: [...CORNERS, [L, 70], [R, 70], [M, 50], [M, 90]],
  9: [...NINE_SIDES, [M, 70]],
  10: [...NINE_SIDES, [M, 43.3], [M, 96.7]],
};

// Each card back's pattern needs an id of its own in the document. The
// deployed site bundles this module into the app and again into modules
// loaded later (the show, the review), so each copy names its ids apart.
const BACK_PREFIX = Math.random().toString(36).slice(2, 7);
let backCount = 0;

/**
 * Splits a card's text into rank and suit characters.
 * @param {string} card  Canonical text such as "5H" or "TD".
 * @returns {{ rank: string, suit: string, rankIndex: number }}
 * @throws {Error} when the text is not a canonical card.
 */
export function cardParts(card) {
  const rank = card?.[0];
  const suit = card?.[1];
  const rankIndex = RANKS.indexOf(rank);
  if (card?.length !== 2 || rankIndex < 0 || !SUITS.includes(suit)) {
    throw new Error(`not a card: ${JSON.stringify(card)}`);
  }
  return { rank, suit, rankIndex };
}

/**
 * The spoken name of a card: "five of hearts".
 * @param {string} card
 * @returns {string}
 */
export function cardName(card) {
  const { suit, rankIndex } = cardParts(card);
  return `${RANK_NAMES[rankIndex]} of ${SUIT_NAMES[suit]}`;
}

/**
 * The short printed form of a card: "5♥", "10♠".
 * @param {string} card
 * @returns {string}
 */
export function cardSymbol(card) {
  const { rank, suit } = cardParts(card);
  return `${rank === 'T' ? '10' : rank}${SUIT_SYMBOLS[suit]}`;
}

/**
 * The plural name of a suit: "hearts".
 * @param {string} suit  One of C D H S.
 * @returns {string}
 */
export function suitName(suit) {
  return SUIT_NAMES[suit];
}

/**
 * @typedef {object} CardState
 * @property {boolean} [selected]     Chosen by the player (a ring).
 * @property {boolean} [highlighted]  Part of what is being pointed at (a glow, lifted).
 * @property {boolean} [disabled]     Cannot be chosen now (faded).
 * @property {boolean} [dimmed]       Not part of what is highlighted (faded a little).
 */

/**
 * @typedef {CardState & {
 *   faceDown?: boolean,
 *   compact?: boolean,
 *   label?: string | false,
 *   className?: string,
 * }} CardOptions
 *   `faceDown` draws the back; `compact` draws only a large rank and suit (for
 *   small sizes such as a picker); `label` overrides the accessible name, or
 *   `false` hides the drawing from assistive technology when the element
 *   around it is already labelled.
 */

/**
 * Draws a card as an `<svg class="card">` that scales to its CSS width.
 * @param {string | null} card  Canonical text, or null for a face-down card.
 * @param {CardOptions} [options]
 * @returns {SVGSVGElement}
 */
export function renderCard(card, options = {}) {
  const faceDown = options.faceDown || card === null;
  const compact = Boolean(options.compact) && !faceDown;
  const parts = faceDown ? null : cardParts(card);
  const classes = ['card'];
  if (compact) classes.push('card--compact');
  if (faceDown) classes.push('card--back');
  else classes.push(`card--${parts.suit === 'H' || parts.suit === 'D' ? 'red' : 'black'}`, `card--${SUIT_NAMES[parts.suit]}`);
  if (options.className) classes.push(options.className);

  const label = options.label ?? (faceDown ? 'face-down card' : cardName(card));
  const root = svg('svg', {
    class: classes.join(' '),
    viewBox: compact ? '0 0 50 70' : '0 0 100 140',
    role: label === false ? null : 'img',
    'aria-label': label === false ? null : label,
    'aria-hidden': label === false ? 'true' : null,
    focusable: 'false',
  });
  if (faceDown) drawBack(root);
  else if (compact) drawCompact(root, parts);
  else drawFace(root, parts);
  if (!faceDown) root.dataset.card = card;
  setCardState(root, options);
  return root;
}

/**
 * Changes a drawn card's state without redrawing it. Only the given keys change.
 * @param {Element} el  An element made by {@link renderCard}.
 * @param {CardState} state
 */
export function setCardState(el, state) {
  for (const key of ['selected', 'highlighted', 'disabled', 'dimmed']) {
    if (key in state) el.classList.toggle(`is-${key}`, Boolean(state[key]));
  }
}

function outline(root, width, height, radius) {
  root.append(
    svg('rect', {
      class: 'card-edge', x: 0.5, y: 0.5, width: width - 1, height: height - 1, rx: radius,
    }),
  );
}

function ring(root, width, height, radius) {
  root.append(
    svg('rect', {
      class: 'card-ring', x: 2, y: 2, width: width - 4, height: height - 4, rx: radius - 1.5,
    }),
  );
}

function pip(suit, cx, cy, size, flip = false) {
  const s = size / 100;
  const turn = flip ? ` rotate(180 ${cx} ${cy})` : '';
  return svg('path', {
    class: 'card-suit',
    d: SUIT_PATHS[suit],
    transform: `${turn} translate(${cx - size / 2} ${cy - size / 2}) scale(${s})`.trim(),
  });
}

function rankText(rank, x, y, size, attrs = {}) {
  const ten = rank === 'T';
  return svg(
    'text',
    {
      class: 'card-rank',
      x,
      y,
      'font-size': size,
      'text-anchor': 'middle',
      textLength: ten ? size * 1.05 : null,
      lengthAdjust: ten ? 'spacingAndGlyphs' : null,
      ...attrs,
    },
    ten ? '10' : rank,
  );
}

function drawFace(root, { rank, suit, rankIndex }) {
  outline(root, 100, 140, 7);
  const index = svg('g', { class: 'card-index' }, rankText(rank, 11.5, 24, 19), pip(suit, 11.5, 35, 12));
  const turned = svg('g', { class: 'card-index', transform: 'rotate(180 50 70)' }, ...[...index.childNodes].map((n) => n.cloneNode(true)));
  const standard = [index, turned];
  if (rankIndex === 0) {
    standard.push(pip(suit, 50, 70, 46));
  } else if (rankIndex >= 10) {
    standard.push(
      svg('rect', { class: 'card-frame', x: 22, y: 16, width: 56, height: 108, rx: 4 }),
      rankText(rank, 50, 78, 46, { class: 'card-rank card-court' }),
      pip(suit, 50, 99, 20),
    );
  } else {
    for (const [x, y] of PIPS[rankIndex + 1]) standard.push(pip(suit, x, y, 17, y > 70));
  }
  // Marked rather than grouped, so the face keeps its shape (its pips are
  // the card's own children) and CSS hides them all at once for large cards.
  for (const el of standard) el.classList.add('card-std');
  root.append(...standard, drawLarge(rank, suit));
  ring(root, 100, 140, 7);
}

/**
 * The large index: the rank and suit half as big again in two corners, and
 * one big suit in the middle, for reading at arm's length. Hidden unless
 * the app's cards are large (css/cards.css).
 */
function drawLarge(rank, suit) {
  const corner = svg('g', {}, rankText(rank, 17.5, 33, 30), pip(suit, 17.5, 48.5, 21));
  const turned = svg('g', { transform: 'rotate(180 50 70)' }, ...[...corner.childNodes].map((n) => n.cloneNode(true)));
  return svg('g', { class: 'card-large' }, corner, turned, pip(suit, 50, 70, 34));
}

function drawCompact(root, { rank, suit }) {
  outline(root, 50, 70, 5);
  root.append(rankText(rank, 25, 31, 25), pip(suit, 25, 50, 22));
  ring(root, 50, 70, 5);
}

function drawBack(root) {
  const id = `card-back-${BACK_PREFIX}-${++backCount}`;
  root.append(
    svg(
      'defs',
      {},
      svg(
        'pattern',
        { id, width: 9, height: 9, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
        svg('rect', { class: 'card-back-fill', width: 9, height: 9 }),
        svg('path', { class: 'card-back-line', d: 'M0 0V9M0 0H9' }),
      ),
    ),
  );
  outline(root, 100, 140, 7);
  root.append(
    svg('rect', { class: 'card-back-panel', x: 7, y: 7, width: 86, height: 126, rx: 4, fill: `url(#${id})` }),
    svg('rect', { class: 'card-back-border', x: 7, y: 7, width: 86, height: 126, rx: 4 }),
  );
  ring(root, 100, 140, 7);
}
