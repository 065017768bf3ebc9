// @ts-check
// The peg board: a continuous wooden cribbage board drawn as SVG, one track
// per side (two players, three players, or two partnerships), with two pegs a
// side that leapfrog, a score legend, and games-won pegs for a match.
//
//   import { createBoard } from './board.js';
//   const board = createBoard(el, { target: 121, sides: [{ name: 'You' }, { name: 'Computer' }] });
//   board.set({ sides: [{ front: 6, rear: 2 }, { front: 0, rear: 0 }], highlight: 0 });
//   board.destroy();
//
// Each track is 120 holes in groups of five (60 for a game to 61: the same
// board, once round, half as long; 30 for Noddy's game to 31, in two streets
// of 15), laid out as a serpentine: streets of 20
// holes joined by half-turns, the tracks side by side, so the board is about
// as wide as it is tall and its holes stay large enough on a phone. Two start
// holes a track come before hole 1; all tracks end in one shared game hole. Pegs are coloured (Okabe-Ito)
// and shaped (circle, square, triangle), so colour is never the only cue.
// Colours come from CSS custom properties in css/board.css; the page (or the
// shadow root) must load that stylesheet. Nothing here queries the document:
// the board lives entirely inside the element it is given. No game logic.

import { h, svg } from './dom.js';

/** Milliseconds one peg takes to jump, by speed setting. */
export const SPEEDS = Object.freeze({ normal: 460, fast: 190, instant: 0 });

/**
 * Every default of {@link createBoard}'s config, in one place.
 * @type {Readonly<Required<BoardConfig>>}
 */
export const DEFAULTS = Object.freeze({
  target: 121,
  sides: Object.freeze([Object.freeze({ name: 'Player 1' }), Object.freeze({ name: 'Player 2' })]),
  speed: 'normal',
  gamesToWin: 0,
  announce: false,
  label: 'Cribbage board',
  goal: 'reach',
  skunkLine: null,
  doubleSkunkLine: null,
});

/** Peg shapes by variant; variant N also takes colour N of the palette in board.css. */
const SHAPES = ['circle', 'square', 'triangle', 'diamond'];

// Geometry, in viewBox units. A street is a straight run of 20 holes; tracks
// run side by side in lanes, and streets are joined by half-turns.
const PITCH = 10; // hole to hole along a street
const GROUP_GAP = 5; // extra space between groups of five
const STREET = 20; // holes per street
const LANE = 11; // lane to lane across a street
const TURN = 8; // inner radius of a turn
const REACH = 6; // straight groove past the last hole before a turn
const GAME_OFFSET = 25; // from the last hole to the game hole
const PAD_TOP = 10;
const PAD_BOTTOM = 10;
const HOLE_R = 2.3;
const START_R = 2.9;
const GAME_R = 4.6;
const PEG_R = 4.3;

let boards = 0;

/**
 * @typedef {'normal' | 'fast' | 'instant'} BoardSpeed
 */

/**
 * @typedef {object} BoardSideConfig
 * @property {string} [name]     Shown beside the score and read to screen readers.
 * @property {number} [variant]  0–3: the peg's colour and shape (default: the side's index).
 *   0 blue circle, 1 vermillion square, 2 bluish-green triangle, 3 purple diamond.
 * @property {string} [colour]   A CSS colour overriding the variant's colour (the shape stays).
 */

/**
 * @typedef {object} BoardConfig
 * @property {121 | 61 | 31} [target]  The game hole. 121: 120 holes a track in six streets
 *   of 20; 61: 60 holes a track in three streets (the same board, once round); 31
 *   (Noddy): 30 holes a track in two streets of 15.
 * @property {readonly BoardSideConfig[]} [sides]  Two or three sides (partners share one side).
 * @property {BoardSpeed} [speed]      How fast pegs move. Reduced motion always means instant.
 * @property {number} [gamesToWin]     Games needed to win a match, as the engine's board says;
 *   a game that is a match of its own (1, or 0, the default) shows no games-won pegs.
 * @property {boolean} [announce]      Also speak each change through a polite live region.
 *   Off by default: a game table usually announces scores itself.
 * @property {string} [label]          The start of the board's accessible name.
 * @property {'reach' | 'avoid'} [goal]  'avoid' (reverse cribbage): the side that reaches the
 *   game hole loses, so the hole is crossed out and named the losing hole.
 * @property {number | null} [skunkLine]  A loser with this many points or fewer is skunked:
 *   the line is drawn after this hole. From the game's rules (the engine's `obs.board`);
 *   none is drawn when it is left out.
 * @property {number | null} [doubleSkunkLine]  The same for a double skunk (none at 61).
 */

/**
 * @typedef {object} BoardSideView
 * @property {number} front    The score: the front peg's hole (0 = start); a score past
 *   the board's end stands in the game hole.
 * @property {number} [shown]  The number said for the score (the engine's: a race's stopped
 *   in the game hole, a solitaire's points as made, past the board's end). Left out: `front`.
 * @property {number} [rear]   The rear peg's hole. Left out: when the front moves,
 *   the old front becomes the rear (ordinary pegging).
 * @property {number} [games]  Games won in the match.
 * @property {string} [name]   Overrides the config's name.
 */

/**
 * @typedef {object} BoardView
 * @property {BoardSideView[]} sides  One per side, in the config's order.
 * @property {number | null} [highlight]  A side to mark (whose turn it is, or who just scored).
 */

/**
 * @typedef {object} BoardApi
 * @property {(view: BoardView) => Promise<void>} set
 *   Shows a view. Changes are drawn in animation frames, queued behind any
 *   animation still running; the promise resolves once the board shows this
 *   view (or the board is destroyed). The same view again does nothing.
 * @property {(speed: BoardSpeed) => void} setSpeed  Changes the speed from the next move on.
 * @property {() => void} destroy  Stops any animation and removes every node the board added.
 */

/**
 * The size of the board's drawing (its SVG viewBox), for a page that wants to
 * reserve the exact space before mounting; the legend above it is a fixed
 * two lines of text.
 * @param {{ target?: 121 | 61 | 31, sides?: unknown[] }} [config]
 * @returns {{ width: number, height: number }}
 */
export function boardSize(config = {}) {
  const { width, height } = geometry(config.target ?? DEFAULTS.target, (config.sides ?? DEFAULTS.sides).length);
  return { width, height };
}

/**
 * Mounts a peg board inside `el` (which it fills in width).
 * @param {Element} el  The container; the board appends one element to it.
 * @param {BoardConfig} [config]
 * @returns {BoardApi}
 * @throws {Error} for a target other than 121, 61 or 31, or other than one to three sides (one: a solitaire's score).
 */
export function createBoard(el, config = {}) {
  const cfg = { ...DEFAULTS, ...config };
  if (![121, 61, 31].includes(cfg.target)) throw new Error(`board target must be 121, 61 or 31, not ${cfg.target}`);
  if (!Array.isArray(cfg.sides) || !cfg.sides.length || cfg.sides.length > 3) {
    throw new Error('a board has one to three sides');
  }
  checkSpeed(cfg.speed);
  if (cfg.goal !== 'reach' && cfg.goal !== 'avoid') throw new Error(`board goal must be reach or avoid, not ${cfg.goal}`);
  const avoid = cfg.goal === 'avoid';
  // Games-won pegs mean something only where more than one game must be won.
  const inMatch = cfg.gamesToWin > 1;
  const n = cfg.sides.length;
  const geo = geometry(cfg.target, n);
  const win = el.ownerDocument.defaultView;
  const uid = `board-${++boards}`;
  let speed = cfg.speed;

  const names = cfg.sides.map((s, i) => s?.name ?? `Player ${i + 1}`);
  const variants = cfg.sides.map((s, i) => {
    const v = s?.variant ?? i;
    if (!Number.isInteger(v) || v < 0 || v >= SHAPES.length) throw new Error(`peg variant must be 0–${SHAPES.length - 1}, not ${v}`);
    return v;
  });

  // --- The drawing ---------------------------------------------------------

  const drawing = svg('svg', {
    class: 'board-svg',
    viewBox: `0 0 ${geo.width} ${geo.height}`,
    role: 'img',
    focusable: 'false',
  });
  drawing.append(defs(uid), drawTracks(geo, n, variants, uid), drawMarks(geo, cfg.skunkLine, cfg.doubleSkunkLine), avoid ? drawLosingHole(geo) : '');
  const tracks = [...drawing.querySelectorAll('.board-track')];
  const pegLayer = svg('g', { class: 'board-pegs' });
  drawing.append(pegLayer);

  /** Each side's two pegs: the element, its hole (0–target), and which start hole it sits in at 0. */
  const pegs = variants.map((variant, side) =>
    [1, 0].map((slot) => {
      const el = drawPeg(variant, side);
      el.dataset.peg = slot === 1 ? 'front' : 'rear';
      pegLayer.append(el);
      return { el, side, value: 0, slot, lift: 0 };
    }),
  );

  const legend = h('div', { class: 'board-legend', 'aria-hidden': 'true' });
  const chips = variants.map((variant, side) => {
    const chip = {
      name: h('span', { class: 'board-chip-name' }),
      score: h('span', { class: 'board-chip-score' }, '0'),
      last: h('span', { class: 'board-chip-last' }),
      games: inMatch ? gameHoles(variant, cfg.gamesToWin) : null,
    };
    chip.el = h(
      'div',
      { class: `board-chip board-v${variant}`, 'data-side': side },
      h('span', { class: 'board-chip-head' }, pegIcon(variant), chip.name),
      h('span', { class: 'board-chip-body' }, chip.score, chip.last, chip.games),
    );
    legend.append(chip.el);
    return chip;
  });

  const live = cfg.announce ? h('p', { class: 'board-sr', role: 'status', 'aria-live': 'polite' }) : null;
  const root = h(
    'div',
    { class: `board board--to-${cfg.target} board--sides-${n}${avoid ? ' board--avoid' : ''}`, 'data-board': uid },
    legend,
    // Said in words too, not only drawn: the cross alone is easy to miss.
    avoid ? h('p', { class: 'board-goal', 'data-testid': 'board-goal' }, `The game hole loses: the first to ${cfg.target} loses.`) : null,
    h('div', { class: 'board-wood' }, drawing),
    live,
  );
  cfg.sides.forEach((s, side) => {
    if (!s?.colour) return;
    for (const node of [chips[side].el, ...pegs[side].map((p) => p.el), tracks[side]]) {
      node.style.setProperty('--peg', s.colour);
    }
  });

  // --- State ---------------------------------------------------------------

  /** What the board shows once every queued step has run. */
  let latest = { sides: names.map((name) => ({ name, front: 0, rear: 0, shown: 0, games: 0 })), highlight: null };
  /** What the board shows now. */
  let shown = latest;
  let first = true;
  let destroyed = false;
  let frame = 0;
  /** The step being drawn, and the steps waiting behind it. */
  let current = null;
  /** @type {{ view: typeof latest, jump: boolean, waiters: (() => void)[] }[]} */
  const queue = [];
  let lastChange = [];

  for (const side of pegs) for (const peg of side) place(peg);
  writeText(shown, []);
  el.append(root);

  // --- Steps -----------------------------------------------------------------

  function normalize(view) {
    if (!view || !Array.isArray(view.sides) || view.sides.length !== n) {
      throw new Error(`board.set needs sides: an array of ${n}`);
    }
    const sides = view.sides.map((s, i) => {
      const before = latest.sides[i];
      const front = s?.front;
      if (!Number.isInteger(front) || front < 0) throw new Error(`side ${i}: front must be a whole number ≥ 0, not ${front}`);
      let rear = s.rear;
      if (rear === undefined || rear === null) {
        rear = front === before.front ? before.rear : front > before.front ? before.front : 0;
      }
      if (!Number.isInteger(rear) || rear < 0 || rear > front) throw new Error(`side ${i}: rear must be a whole number from 0 to front (${front}), not ${rear}`);
      const games = s.games ?? 0;
      if (!Number.isInteger(games) || games < 0) throw new Error(`side ${i}: games must be a whole number ≥ 0, not ${games}`);
      const shownScore = s.shown ?? front;
      if (!Number.isInteger(shownScore) || shownScore < 0) throw new Error(`side ${i}: shown must be a whole number ≥ 0, not ${shownScore}`);
      return { name: s.name ?? names[i], front, rear, shown: shownScore, games };
    });
    const highlight = Number.isInteger(view.highlight) && view.highlight >= 0 && view.highlight < n ? view.highlight : null;
    return { sides, highlight };
  }

  function same(a, b) {
    return (
      a.highlight === b.highlight &&
      a.sides.every((s, i) => {
        const t = b.sides[i];
        return s.name === t.name && s.front === t.front && s.rear === t.rear && s.shown === t.shown && s.games === t.games;
      })
    );
  }

  function set(view) {
    if (destroyed) return Promise.resolve();
    const next = normalize(view);
    // The first view a board is given is where the game stands: no animation.
    const jump = first;
    first = false;
    if (same(next, latest)) {
      const pending = queue.at(-1) ?? current;
      return pending ? new Promise((resolve) => pending.waiters.push(() => resolve(undefined))) : Promise.resolve();
    }
    latest = next;
    return new Promise((resolve) => {
      queue.push({ view: next, jump, waiters: [() => resolve(undefined)] });
      pump();
    });
  }

  function pump() {
    if (current || destroyed || !queue.length) return;
    current = queue.shift();
    frame = win.requestAnimationFrame(() => runStep(current));
  }

  function finishStep(step) {
    current = null;
    for (const resolve of step.waiters) resolve();
    pump();
  }

  function runStep(step) {
    const to = step.view;
    const from = shown;
    const instant = step.jump || speed === 'instant' || win.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // A long backlog (a whole show pegged at once) plays faster to catch up.
    const ms = queue.length >= 4 ? 0 : SPEEDS[speed] * (queue.length >= 2 ? 0.55 : 1);

    const moves = [];
    const changes = [];
    to.sides.forEach((t, side) => {
      const f = from.sides[side];
      if (t.front === f.front && t.rear === f.rear) return;
      changes.push({ side, from: f.front, to: t.front, shownFrom: f.shown, shown: t.shown });
      moves.push(...planSide(side, f, t));
    });
    if (changes.length) lastChange = changes;
    applyMarks(to);

    if (instant || ms === 0 || !moves.length) {
      for (const m of moves) {
        m.peg.value = m.value;
        m.peg.slot = m.slot;
        place(m.peg);
      }
      land(to, changes);
      finishStep(step);
      return;
    }
    animate(moves, ms, () => {
      land(to, changes);
      finishStep(step);
    });
  }

  /**
   * The moves that take one side's pegs from `f` to `t`: the ordinary
   * leapfrog (rear peg past the front one), a reset to the start holes for a
   * new game, or, when the view skipped scores, each peg to its new hole.
   */
  function planSide(side, f, t) {
    const [a, b] = pegs[side];
    const rearPeg = a.value < b.value || (a.value === b.value && a.slot === 0) ? a : b;
    const frontPeg = rearPeg === a ? b : a;
    if (t.front < f.front) {
      // A new game: back to the start holes, quickly, without a lap of the board.
      return [
        { peg: rearPeg, value: t.rear, slot: 0, fade: true, order: 0 },
        { peg: frontPeg, value: t.front, slot: 1, fade: true, order: 0 },
      ];
    }
    if (t.rear === f.front && t.front > f.front) {
      return [{ peg: rearPeg, value: t.front, slot: 1, order: 0 }];
    }
    const out = [];
    if (t.rear !== f.rear) out.push({ peg: rearPeg, value: t.rear, slot: 0, order: 0 });
    if (t.front !== f.front) out.push({ peg: frontPeg, value: t.front, slot: 1, order: out.length });
    return out;
  }

  function animate(moves, ms, done) {
    root.classList.add('is-animating');
    const rounds = 1 + Math.max(...moves.map((m) => m.order));
    for (const m of moves) {
      m.from = point(m.peg);
      m.to = pointFor(m.peg.side, m.value, m.slot);
    }
    let start = null;
    const tick = (now) => {
      if (destroyed) return;
      start ??= now;
      const elapsed = now - start;
      for (const m of moves) {
        const p = clamp01((elapsed - m.order * ms) / ms);
        if (p <= 0) continue;
        if (!m.started) {
          m.started = true;
          pegLayer.append(m.peg.el); // the moving peg passes over the others
        }
        if (m.fade) {
          const back = p >= 0.5;
          const at = back ? m.to : m.from;
          setPeg(m.peg, at.x, at.y, 0, back ? (p - 0.5) * 2 : 1 - p * 2);
        } else {
          const e = ease(p);
          setPeg(m.peg, m.from.x + (m.to.x - m.from.x) * e, m.from.y + (m.to.y - m.from.y) * e, Math.sin(Math.PI * p), 1);
        }
        if (p >= 1 && !m.landed) {
          m.landed = true;
          m.peg.value = m.value;
          m.peg.slot = m.slot;
          place(m.peg);
        }
      }
      if (elapsed < rounds * ms) {
        frame = win.requestAnimationFrame(tick);
      } else {
        root.classList.remove('is-animating');
        done();
      }
    };
    frame = win.requestAnimationFrame(tick);
  }

  /** The step has landed: numbers, labels and peg roles catch up. */
  function land(view, changes) {
    shown = view;
    view.sides.forEach((s, side) => {
      for (const peg of pegs[side]) {
        peg.el.dataset.peg = peg.value === s.front && (peg.value !== s.rear || peg.slot === 1) ? 'front' : 'rear';
      }
    });
    writeText(view, changes);
  }

  function applyMarks(view) {
    chips.forEach((chip, side) => {
      const lit = view.highlight === side;
      chip.el.classList.toggle('is-highlighted', lit);
      tracks[side].classList.toggle('is-highlighted', lit);
      chip.name.textContent = view.sides[side].name;
    });
  }

  /** Numbers, games and the accessible name; `changes` are this step's, for the live region. */
  function writeText(view, changes) {
    view.sides.forEach((s, side) => {
      const chip = chips[side];
      chip.score.textContent = String(s.shown);
      chip.last.textContent = s.front > s.rear ? `+${s.front - s.rear}` : '';
      chip.el.classList.toggle(avoid ? 'is-loser' : 'is-winner', s.front >= cfg.target);
      if (chip.games) {
        chip.games.querySelectorAll('.board-game-peg').forEach((g, i) => g.classList.toggle('is-won', i < s.games));
      }
    });
    applyMarks(view);
    drawing.setAttribute('aria-label', describe(view, lastChange));
    if (live && changes.length) live.textContent = `${describeChanges(view, changes)}.`;
  }

  function describe(view, change) {
    const parts = view.sides.map((s) => {
      let text = `${s.name} ${s.shown}`;
      if (s.front >= cfg.target) text += `, has reached ${cfg.target}${avoid ? ' and loses' : ''}`;
      else if (s.front > s.rear) text += ` (last pegged ${s.front - s.rear})`;
      if (inMatch) text += `, ${s.games} ${s.games === 1 ? 'game' : 'games'} won`;
      return text;
    });
    const changed = describeChanges(view, change);
    const skunks = [
      isHole(cfg.skunkLine) ? `skunk line after hole ${cfg.skunkLine}` : null,
      isHole(cfg.doubleSkunkLine) ? `double skunk line after hole ${cfg.doubleSkunkLine}` : null,
    ].filter(Boolean);
    const lines = skunks.length ? ` ${skunks.join(', ').replace(/^s/, 'S')}.` : '';
    // In reverse cribbage the lines judge the winner's score, not the loser's.
    const judged = avoid && skunks.length ? ' A winner at or behind a line when the loser goes out wins more than one game.' : '';
    const goal = avoid ? `game to ${cfg.target}, where the first to reach it loses` : `game to ${cfg.target}`;
    return `${cfg.label}, ${goal}. ${parts.join('. ')}.${changed ? ` Last: ${changed}.` : ''}${lines}${judged}`;
  }

  function describeChanges(view, changes) {
    return changes
      .map((c) => {
        const name = view.sides[c.side].name;
        if (c.to < c.from) return `${name} back to the start`;
        // The points as counted; where they took the score, as the board shows it.
        return `${name} pegged ${c.to - c.from}, ${c.shownFrom} to ${c.shown}`;
      })
      .join('; ');
  }

  // --- Drawing pegs ----------------------------------------------------------

  /**
   * The hole of this drawing a peg at `value` stands in: the drawing's holes
   * end at the game hole (its `target`), and a peg whose number runs past it
   * (a solitaire's) rests there. The drawing's geometry, not a rule: what a
   * score is worth, and the number said for it, are the view's (`shown`).
   * @param {number} value
   */
  function holeFor(value) {
    return value >= cfg.target ? cfg.target : value;
  }

  function pointFor(side, value, slot) {
    const hole = holeFor(value);
    if (hole === cfg.target) return geo.game;
    if (hole === 0) return geo.start(side, slot);
    return geo.hole(side, hole);
  }

  function point(peg) {
    return pointFor(peg.side, peg.value, peg.slot);
  }

  function place(peg) {
    const p = point(peg);
    setPeg(peg, p.x, p.y, 0, 1);
    peg.el.dataset.hole = String(holeFor(peg.value));
  }

  function setPeg(peg, x, y, lift, opacity) {
    peg.el.setAttribute('transform', `translate(${round(x)} ${round(y)})`);
    if (lift !== peg.lift) {
      peg.lift = lift;
      peg.el.firstChild.setAttribute('transform', `translate(${round(0.6 + 2.6 * lift)} ${round(0.9 + 3.4 * lift)})`);
      if (lift) peg.el.lastChild.setAttribute('transform', `scale(${round(1 + 0.4 * lift)})`);
      else peg.el.lastChild.removeAttribute('transform');
      peg.el.classList.toggle('is-lifted', lift > 0);
    }
    if (opacity >= 1) peg.el.removeAttribute('opacity');
    else peg.el.setAttribute('opacity', String(round(opacity)));
  }

  // --- API -------------------------------------------------------------------

  return {
    set,
    setSpeed(next) {
      checkSpeed(next);
      speed = next;
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      win.cancelAnimationFrame(frame);
      root.remove();
      for (const step of [current, ...queue.splice(0)]) for (const resolve of step?.waiters ?? []) resolve();
      current = null;
    },
  };
}

// --- Geometry ------------------------------------------------------------------

/** Distance along a street from its first hole to hole `index` (0-based). */
function along(index) {
  return index * PITCH + Math.floor(index / 5) * GROUP_GAP;
}

/**
 * Holes per street: the most, up to STREET, that share a track's holes out
 * evenly, so that every street is full and the game hole sits past the last.
 * A short track (Noddy's) is then folded into two half streets with one turn
 * between them, reading as one short run rather than a corner of a long
 * board, its holes as large as any other board's.
 * @param {number} holes  the track's holes before the game hole
 */
function streetLength(holes) {
  let street = STREET;
  while (street > 1 && holes % street !== 0) street -= 1;
  return street;
}

/**
 * Where everything goes for a target and a number of sides. Street 0 runs
 * left to right along the top, street 1 back right to left, and so on; lanes
 * swap order at each turn, as concentric grooves do. The game hole sits past
 * the end of the last street.
 */
function geometry(target, n) {
  const street = streetLength(target - 1);
  const streets = (target - 1) / street;
  const span = along(street - 1);
  const block = (n - 1) * LANE;
  const reach = REACH + TURN + block; // how far a turn sticks out past the holes
  const margin = Math.ceil(Math.max(reach + 5, GAME_OFFSET + GAME_R + 6));
  const left = margin;
  const right = margin + span;
  const top = (k) => PAD_TOP + k * (block + 2 * TURN);
  const order = (k, side) => (k % 2 === 0 ? side : n - 1 - side);
  const laneY = (k, side) => top(k) + order(k, side) * LANE;
  const last = streets - 1;
  const endsRight = last % 2 === 0;
  const game = { x: endsRight ? right + GAME_OFFSET : left - GAME_OFFSET, y: top(last) + block / 2 };
  return {
    width: 2 * margin + span,
    height: PAD_TOP + streets * block + last * 2 * TURN + PAD_BOTTOM,
    streets,
    holes: streets * street,
    street,
    left,
    right,
    block,
    top,
    laneY,
    game,
    endsRight,
    /** Hole `value` (1 … holes) of a side's track. */
    hole(side, value) {
      const k = Math.floor((value - 1) / street);
      const d = along((value - 1) % street);
      return { x: k % 2 === 0 ? left + d : right - d, y: laneY(k, side) };
    },
    /** Start hole 1 is next to hole 1; start hole 0 behind it. */
    start(side, slot) {
      return { x: left - (slot === 1 ? 13 : 22), y: laneY(0, side) };
    },
    /** The turn after street k: its centre, direction and radii. */
    turn(k) {
      const toRight = k % 2 === 0;
      return {
        x: toRight ? right + REACH : left - REACH,
        y: top(k) + block + TURN,
        dir: toRight ? 1 : -1,
        inner: TURN,
        outer: TURN + block,
        after: (k + 1) * street,
      };
    },
  };
}

// --- Static drawing ----------------------------------------------------------

function defs(uid) {
  return svg(
    'defs',
    {},
    svg(
      'radialGradient',
      { id: `${uid}-hole`, cx: 0.5, cy: 0.38, r: 0.62 },
      svg('stop', { class: 'board-hole-deep', offset: 0.55 }),
      svg('stop', { class: 'board-hole-rim', offset: 1 }),
    ),
  );
}

function drawTracks(geo, n, variants, uid) {
  const group = svg('g', { class: 'board-tracks' });
  const holeFill = `url(#${uid}-hole)`;
  for (let side = 0; side < n; side++) {
    const track = svg('g', { class: `board-track board-v${variants[side]}`, 'data-side': side });
    const d = groovePath(geo, side);
    track.append(svg('path', { class: 'board-groove', d }), svg('path', { class: 'board-inlay', d }));
    for (const slot of [0, 1]) {
      const p = geo.start(side, slot);
      track.append(svg('circle', { class: 'board-hole board-hole--start', cx: p.x, cy: p.y, r: START_R, fill: holeFill, 'data-hole': 0 }));
    }
    for (let value = 1; value <= geo.holes; value++) {
      const p = geo.hole(side, value);
      track.append(svg('circle', { class: 'board-hole', cx: p.x, cy: p.y, r: HOLE_R, fill: holeFill, 'data-hole': value }));
    }
    group.append(track);
  }
  const s0 = geo.start(0, 0);
  const s1 = geo.start(0, 1);
  group.prepend(
    svg('rect', { class: 'board-start-plate', x: s0.x - 5.5, y: s0.y - 5.5, width: s1.x - s0.x + 11, height: geo.block + 11, rx: 5.5 }),
  );
  const g = geo.game;
  group.append(
    svg('circle', { class: 'board-game-ring', cx: g.x, cy: g.y, r: GAME_R + 2.2 }),
    svg('circle', { class: 'board-hole board-hole--game', cx: g.x, cy: g.y, r: GAME_R, fill: holeFill, 'data-hole': geo.holes + 1 }),
  );
  return group;
}

/**
 * Reverse cribbage's game hole: crossed out, and labelled, so the hole every
 * track runs into reads as the one to stay out of (the cross is a shape, not
 * a colour, so it reads without colour vision).
 */
function drawLosingHole(geo) {
  const g = geo.game;
  const r = GAME_R + 4.2;
  return svg(
    'g',
    { class: 'board-losing', 'data-testid': 'losing-hole' },
    svg('line', { class: 'board-losing-cross', x1: g.x - r, y1: g.y - r, x2: g.x + r, y2: g.y + r }),
    svg('line', { class: 'board-losing-cross', x1: g.x - r, y1: g.y + r, x2: g.x + r, y2: g.y - r }),
  );
}

/** One side's groove: from its start holes, along every street and turn, into the game hole. */
function groovePath(geo, side) {
  const s = geo.start(side, 0);
  let d = `M${s.x} ${s.y}`;
  for (let k = 0; k < geo.streets; k++) {
    const y = geo.laneY(k, side);
    const toRight = k % 2 === 0;
    if (k === geo.streets - 1) {
      const g = geo.game;
      const end = toRight ? geo.right : geo.left;
      const dir = toRight ? 1 : -1;
      d += `H${end}C${end + dir * 9} ${y} ${g.x - dir * 9} ${g.y} ${g.x} ${g.y}`;
      break;
    }
    const x = toRight ? geo.right + REACH : geo.left - REACH;
    const next = geo.laneY(k + 1, side);
    const r = (next - y) / 2;
    d += `H${x}A${r} ${r} 0 0 ${toRight ? 1 : 0} ${x} ${next}`;
  }
  return d;
}

/**
 * The hole numbers at the turns, and the skunk lines the rules set (S, and SS
 * for a double skunk). A line at a turn crosses it at its far point, with its
 * letters in the loop; a line within a street crosses the lanes in the gap
 * between two groups of five, its letter above.
 */
function drawMarks(geo, skunkLine, doubleSkunkLine) {
  const group = svg('g', { class: 'board-marks' });
  const lines = [[skunkLine, 'skunk', 'S'], [doubleSkunkLine, 'double-skunk', 'SS']].filter(([after]) => isHole(after));
  const atTurn = new Map();
  for (const [after, kind, letters] of lines) {
    const mark = svg('g', { class: `board-skunk board-skunk--${kind}`, 'data-after': after });
    if (after % geo.street === 0) {
      const t = geo.turn(after / geo.street - 1);
      atTurn.set(after, letters);
      mark.append(
        svg('line', { class: 'board-skunk-line', x1: t.x + t.dir * (t.inner - 2.5), y1: t.y, x2: t.x + t.dir * (t.outer + 3.5), y2: t.y }),
        svg('text', { class: 'board-skunk-letter', x: t.x + t.dir * 0.5, y: t.y, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, letters),
      );
    } else {
      const k = Math.floor(after / geo.street);
      const a = geo.hole(0, after);
      const b = geo.hole(0, after + 1);
      const x = (a.x + b.x) / 2;
      const y1 = geo.top(k) - 5;
      mark.append(
        svg('line', { class: 'board-skunk-line', x1: x, y1, x2: x, y2: geo.top(k) + geo.block + 5 }),
        svg('text', { class: 'board-skunk-letter', x, y: y1 - 3.6, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, letters),
      );
    }
    group.append(mark);
  }
  for (let k = 0; k < geo.streets - 1; k++) {
    const t = geo.turn(k);
    if (atTurn.has(t.after)) continue;
    group.append(svg('text', { class: 'board-turn-number', x: t.x + t.dir * 0.5, y: t.y, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, String(t.after)));
  }
  return group;
}

/** A peg's outline for its variant, centred on (0, 0), about `r` across the middle. */
function shape(variant, r, cls) {
  const s = r / PEG_R;
  const f = (v) => round(v * s);
  switch (SHAPES[variant]) {
    case 'square':
      return svg('rect', { class: cls, x: f(-3.85), y: f(-3.85), width: f(7.7), height: f(7.7), rx: f(1.5) });
    case 'triangle':
      return svg('path', { class: cls, d: `M0 ${f(-5.6)}L${f(5.3)} ${f(3.7)}H${f(-5.3)}Z` });
    case 'diamond':
      return svg('path', { class: cls, d: `M0 ${f(-5.4)}L${f(5.4)} 0L0 ${f(5.4)}L${f(-5.4)} 0Z` });
    default:
      return svg('circle', { class: cls, r: f(PEG_R) });
  }
}

function drawPeg(variant, side) {
  return svg(
    'g',
    { class: `board-peg board-v${variant}`, 'data-side': side, 'data-shape': SHAPES[variant] },
    svg('g', { class: 'board-peg-shadow', transform: 'translate(0.6 0.9)' }, shape(variant, PEG_R, 'board-peg-shadow-shape')),
    svg(
      'g',
      { class: 'board-peg-top' },
      shape(variant, PEG_R, 'board-peg-body'),
      svg('ellipse', { class: 'board-peg-shine', cx: -1.3, cy: -1.5, rx: 1.5, ry: 1.1 }),
    ),
  );
}

function pegIcon(variant) {
  return svg('svg', { class: 'board-chip-peg', viewBox: '-7 -7 14 14', focusable: 'false' }, shape(variant, 5.4, 'board-peg-body'));
}

function gameHoles(variant, count) {
  const holes = svg('svg', { class: 'board-chip-games', viewBox: `0 0 ${count * 11 + 1} 12`, focusable: 'false' });
  for (let i = 0; i < count; i++) {
    holes.append(
      svg(
        'g',
        { class: 'board-game-peg', transform: `translate(${6 + i * 11} 6)` },
        svg('circle', { class: 'board-game-hole', r: 2.2 }),
        shape(variant, 4, 'board-peg-body'),
      ),
    );
  }
  return holes;
}

// --- Small helpers -------------------------------------------------------------

/** Whether a line is given (a hole number; null or left out: no line). */
function isHole(after) {
  return Number.isInteger(after);
}

function checkSpeed(speed) {
  if (!(speed in SPEEDS)) throw new Error(`board speed must be one of ${Object.keys(SPEEDS).join(', ')}, not ${speed}`);
}

function ease(p) {
  return p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
}

function clamp01(v) {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

function round(v) {
  return Math.round(v * 100) / 100;
}
