// @ts-check
// The peg board (www/js/board.js) on its own, mounted into the served page
// under its real CSP: holes, start and game holes, skunk lines, leapfrogging
// pegs, animation speeds and reduced motion, games won, the accessible name,
// destroy(), a shadow root, and screenshots (test-results/board-*.png) at
// phone and desktop sizes, light and dark, with two and three tracks.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE, audit, openPage, setUp } from './harness.mjs';

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/**
 * Opens the page, loads css/board.css and installs `window.T`: helpers that
 * mount boards and read pegs back as data.
 */
async function open(options) {
  const opened = await openPage(env, 'index.html', options);
  await opened.page.evaluate(async () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = 'css/board.css';
    document.head.append(link);
    await new Promise((resolve, reject) => {
      link.addEventListener('load', resolve);
      link.addEventListener('error', reject);
    });
    const { createBoard: create } = await import(/** @type {string} the page's path, which tsc cannot follow from here */ ('./js/board.js'));
    // The skunk lines are the game's data (the engine's obs.board); these
    // boards stand alone, so they are given the standard game's lines here.
    const LINES = { 121: { skunkLine: 90, doubleSkunkLine: 60 }, 61: { skunkLine: 30, doubleSkunkLine: null } };
    const createBoard = (el, config = {}) => create(el, { ...LINES[config.target ?? 121], ...config });
    const main = document.querySelector('main');
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    const translate = (el) => el.getAttribute('transform').match(/translate\(([-\d.]+) ([-\d.]+)\)/).slice(1).map(Number);
    globalThis.T = {
      createBoard,
      frame,
      /** Mounts a board in a fresh container that replaces the page's content. */
      mount(config, { keep = false } = {}) {
        const el = document.createElement('div');
        el.className = 'test-board';
        if (keep) main.append(el);
        else main.replaceChildren(el);
        const board = createBoard(el, config);
        return { el, board };
      },
      /** Each side's pegs as { front, rear }, after checking each peg sits exactly on its hole. */
      pegs(el) {
        const svg = el.querySelector('.board-svg');
        const sides = [];
        for (const peg of svg.querySelectorAll('.board-peg')) {
          const side = Number(peg.dataset.side);
          const hole = Number(peg.dataset.hole);
          const [x, y] = translate(peg);
          const holes = [...svg.querySelectorAll(`.board-track[data-side="${side}"] .board-hole[data-hole="${hole}"], .board-hole--game[data-hole="${hole}"]`)];
          if (!holes.some((c) => Number(c.getAttribute('cx')) === x && Number(c.getAttribute('cy')) === y)) {
            throw new Error(`side ${side}'s ${peg.dataset.peg} peg is at (${x}, ${y}), not in hole ${hole}`);
          }
          sides[side] ??= {};
          sides[side][peg.dataset.peg] = hole;
        }
        return sides;
      },
      label(el) {
        return el.querySelector('.board-svg').getAttribute('aria-label');
      },
    };
  });
  return opened;
}

/** Sides for a view from [front, rear] pairs. */
function view(...pairs) {
  return { sides: pairs.map(([front, rear]) => ({ front, rear })) };
}

describe('peg board', () => {
  // One page for the tests that need no special media settings (the harness
  // reduces motion by default); each test mounts its own board. The page's
  // problems are checked when the suite ends.
  let shared;
  before(async () => {
    shared = await open();
  });
  after(async () => {
    await shared?.finish();
  });
  it('draws 120 holes a track for 121, 60 for 61, 30 for Noddy’s 31, start and game holes and the skunk lines', async () => {
    const { page } = shared;
    const layouts = await page.evaluate(() => {
      const read = (config) => {
        const { el } = T.mount(config);
        const svg = el.querySelector('.board-svg');
        const [, , width, height] = svg.getAttribute('viewBox').split(' ').map(Number);
        const tracks = [...svg.querySelectorAll('.board-track')].map((track) => {
          const holes = [...track.querySelectorAll('.board-hole:not(.board-hole--start)')];
          const at = holes.map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);
          return {
            numbers: holes.map((c) => Number(c.dataset.hole)),
            distinct: new Set(at.map(String)).size,
            inside: at.every(([x, y]) => x > 0 && x < width && y > 0 && y < height),
            // hole to hole: one pitch (10), or 15 across a gap between fives; more only at a turn
            steps: at.slice(1).map(([x, y], i) => Math.round(Math.hypot(x - at[i][0], y - at[i][1]))),
            start: track.querySelectorAll('.board-hole--start[data-hole="0"]').length,
          };
        });
        const hole = (side, n) => {
          const c = svg.querySelector(`.board-track[data-side="${side}"] .board-hole[data-hole="${n}"]`);
          return [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))];
        };
        const skunks = [...svg.querySelectorAll('.board-skunk')].map((g) => {
          const line = g.querySelector('line');
          const [x1, x2] = [line.getAttribute('x1'), line.getAttribute('x2')].map(Number);
          const after = Number(g.dataset.after);
          return {
            after,
            kind: g.getAttribute('class'),
            letters: g.textContent,
            // the line lies between hole N and N+1 along the track
            between: [0, 1, 2].slice(0, tracks.length).every((side) => {
              const [ax] = hole(side, after);
              const [bx] = hole(side, after + 1);
              return ax === bx ? Math.min(x1, x2) > ax || Math.max(x1, x2) < ax : Math.min(ax, bx) < x1 && x1 < Math.max(ax, bx);
            }),
          };
        });
        return {
          tracks,
          game: [...svg.querySelectorAll('.board-hole--game')].map((c) => Number(c.dataset.hole)),
          skunks,
          role: svg.getAttribute('role'),
          label: T.label(el),
          shapes: [...svg.querySelectorAll('.board-peg')].map((p) => `${p.dataset.side}:${p.dataset.shape}:${p.querySelector('.board-peg-body').tagName}`),
        };
      };
      return {
        two: read({ target: 121 }),
        three: read({ target: 121, sides: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] }),
        once: read({ target: 61, sides: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] }),
        noddy: read({ target: 31 }),
      };
    });

    const oneTo = (n) => Array.from({ length: n }, (_, i) => i + 1);
    // Noddy's 30 holes run in two streets of 15 (one turn); the others in streets of 20.
    for (const [name, layout, holes, street] of [['two', layouts.two, 120, 20], ['three', layouts.three, 120, 20], ['once', layouts.once, 60, 20], ['noddy', layouts.noddy, 30, 15]]) {
      assert.equal(layout.tracks.length, name === 'three' || name === 'once' ? 3 : 2, name);
      for (const track of layout.tracks) {
        assert.deepEqual(track.numbers, oneTo(holes), `${name}: holes 1-${holes} in order`);
        assert.equal(track.distinct, holes, `${name}: every hole has its own place`);
        assert.ok(track.inside, `${name}: every hole inside the drawing`);
        assert.equal(track.start, 2, `${name}: two start holes a track`);
        const turns = track.steps.filter((d) => d !== 10 && d !== 15);
        assert.equal(turns.length, holes / street - 1, `${name}: the track only jumps at its turns`);
      }
      assert.deepEqual(layout.game, [holes + 1], `${name}: one game hole`);
      assert.equal(layout.role, 'img');
    }
    assert.deepEqual(
      layouts.two.skunks.map(({ after, kind, letters, between }) => [after, kind, letters, between]),
      [[90, 'board-skunk board-skunk--skunk', 'S', true], [60, 'board-skunk board-skunk--double-skunk', 'SS', true]],
    );
    assert.deepEqual(layouts.three.skunks.map((s) => [s.after, s.between]), [[90, true], [60, true]]);
    assert.deepEqual(layouts.once.skunks.map((s) => [s.after, s.letters, s.between]), [[30, 'S', true]]);
    assert.match(layouts.two.label, /game to 121\..*Skunk line after hole 90, double skunk line after hole 60\./);
    assert.match(layouts.once.label, /game to 61\..*Skunk line after hole 30\.$/);
    assert.deepEqual(layouts.noddy.skunks, [], 'Noddy has no skunk line');
    assert.match(layouts.noddy.label, /game to 31\./);
    assert.deepEqual(layouts.three.shapes, [
      '0:circle:circle', '0:circle:circle', '1:square:rect', '1:square:rect', '2:triangle:path', '2:triangle:path',
    ]);
  });

  it('leapfrogs the rear peg past the front one, skips, finishes and starts again', async () => {
    const { page } = shared;
    const steps = await page.evaluate(async () => {
      const { el, board } = T.mount({ sides: [{ name: 'Ann' }, { name: 'Bob' }], speed: 'instant' });
      const out = [];
      const record = (what) => out.push({ what, pegs: T.pegs(el), label: T.label(el), moved: el.querySelector('[data-side="0"][data-peg="front"]') });
      record('mounted');
      await board.set({ sides: [{ front: 0, rear: 0 }, { front: 0, rear: 0 }] });
      record('0/0');
      const before = el.querySelector('.board-peg[data-side="0"]').getAttribute('transform');
      const pending = board.set({ sides: [{ front: 2 }, { front: 0 }] });
      const drawnAtOnce = el.querySelector('.board-peg[data-side="0"]').getAttribute('transform') !== before;
      await pending;
      record('2');
      const rearAt2 = el.querySelector('[data-side="0"][data-peg="rear"]');
      await board.set({ sides: [{ front: 6 }, { front: 0 }] });
      record('6');
      const sameRear = el.querySelector('[data-side="0"][data-peg="front"]') === rearAt2 ? 'the rear peg jumped' : 'the wrong peg moved';
      await board.set({ sides: [{ front: 6, rear: 2 }, { front: 5, rear: 0 }], highlight: 1 });
      record('bob 5');
      const highlighted = [...el.querySelectorAll('.is-highlighted')].map((e) => `${e.getAttribute('class')} ${e.dataset.side}`);
      await board.set({ sides: [{ front: 15, rear: 12 }, { front: 5, rear: 0 }] });
      record('skip to 15/12');
      await board.set({ sides: [{ front: 118, rear: 110 }, { front: 89, rear: 80 }] });
      // The game's number for the score past the target: the engine's, stopped in the game hole.
      await board.set({ sides: [{ front: 124, rear: 118, shown: 121 }, { front: 89, rear: 80 }] });
      record('wins');
      await board.set({ sides: [{ front: 0, rear: 0 }, { front: 0, rear: 0 }] });
      record('new game');
      return { out: out.map(({ what, pegs, label }) => ({ what, pegs, label })), drawnAtOnce, sameRear, highlighted, after: el.querySelectorAll('.is-highlighted').length };
    });
    const at = Object.fromEntries(steps.out.map((s) => [s.what, s]));
    assert.equal(steps.drawnAtOnce, false, 'set() draws in an animation frame, not at once');
    assert.deepEqual(at.mounted.pegs, [{ front: 0, rear: 0 }, { front: 0, rear: 0 }]);
    assert.deepEqual(at['2'].pegs[0], { front: 2, rear: 0 });
    assert.deepEqual(at['6'].pegs[0], { front: 6, rear: 2 });
    assert.equal(steps.sameRear, 'the rear peg jumped');
    assert.deepEqual(at['bob 5'].pegs, [{ front: 6, rear: 2 }, { front: 5, rear: 0 }]);
    assert.deepEqual(at['skip to 15/12'].pegs[0], { front: 15, rear: 12 });
    assert.deepEqual(at.wins.pegs, [{ front: 121, rear: 118 }, { front: 89, rear: 80 }], 'past the target: the game hole');
    assert.deepEqual(at['new game'].pegs, [{ front: 0, rear: 0 }, { front: 0, rear: 0 }]);
    assert.deepEqual(steps.highlighted, ['board-chip board-v1 is-highlighted 1', 'board-track board-v1 is-highlighted 1']);
    assert.equal(steps.after, 0, 'a view without highlight clears it');

    assert.equal(at['0/0'].label, 'Cribbage board, game to 121. Ann 0. Bob 0. Skunk line after hole 90, double skunk line after hole 60.');
    assert.match(at['6'].label, /Ann 6 \(last pegged 4\)\. Bob 0\. Last: Ann pegged 4, 2 to 6\./);
    assert.match(at['bob 5'].label, /Ann 6 \(last pegged 4\)\. Bob 5 \(last pegged 5\)\. Last: Bob pegged 5, 0 to 5\./);
    // A count past the target is said as the view says it (`shown`, the engine's: the game hole),
    // the points pegged as counted; the peg stands in the game hole, the drawing's last.
    assert.match(at.wins.label, /Ann 121, has reached 121\. Bob 89 \(last pegged 9\)\. Last: Ann pegged 6, 118 to 121\./);
    assert.match(at['new game'].label, /Ann 0\. Bob 0\. Last: Ann back to the start; Bob back to the start\./);
  });

  it('animates in sequence at normal speed, jumps at once when instant, and skips a repeated view', async () => {
    const { page, finish } = await open({ reducedMotion: 'no-preference' });
    const result = await page.evaluate(async () => {
      const { el, board } = T.mount({ speed: 'normal' });
      await board.set({ sides: [{ front: 0 }, { front: 0 }] });
      const root = el.querySelector('.board');
      const peg = el.querySelector('.board-peg[data-side="0"]');
      let frames = 0;
      let animating = 0;
      let lifted = 0;
      let watching = true;
      const watch = () => {
        if (!watching) return;
        frames++;
        if (root.classList.contains('is-animating')) animating++;
        if (el.querySelector('.board-peg.is-lifted')) lifted++;
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
      const t0 = performance.now();
      board.set({ sides: [{ front: 2 }, { front: 0 }] });
      board.set({ sides: [{ front: 6 }, { front: 0 }] });
      await board.set({ sides: [{ front: 6 }, { front: 3 }] });
      const normal = { ms: performance.now() - t0, animating, lifted, pegs: T.pegs(el) };
      watching = false;

      // Instant: each peg that moves is written once, and nothing animates.
      board.setSpeed('instant');
      const changes = [];
      const observer = new MutationObserver((records) => changes.push(...records.map((r) => `${/** @type {Element} */ (r.target).getAttribute('class')} ${r.attributeName}`)));
      observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['transform', 'class'] });
      await board.set({ sides: [{ front: 10 }, { front: 3 }] });
      await T.frame();
      const instant = { changes: changes.filter((c) => c.endsWith('transform')).length, animated: changes.some((c) => c.includes('is-animating')), pegs: T.pegs(el) };

      // The same view again changes nothing at all.
      const all = new MutationObserver((records) => changes.push(...records));
      changes.length = 0;
      all.observe(root, { subtree: true, attributes: true, childList: true, characterData: true });
      await board.set({ sides: [{ front: 10, rear: 6 }, { front: 3, rear: 0 }] });
      await board.set({ sides: [{ front: 10 }, { front: 3 }] });
      await T.frame();
      await T.frame();
      observer.disconnect();
      all.disconnect();
      return { normal, instant, repeat: changes.length, moved: peg.dataset.hole };
    });
    assert.deepEqual(result.normal.pegs, [{ front: 6, rear: 2 }, { front: 3, rear: 0 }]);
    assert.ok(result.normal.animating > 5, `animated over several frames (${result.normal.animating})`);
    assert.ok(result.normal.lifted > 3, 'a moving peg is lifted');
    // three jumps, queued one after another (a backlog plays a little faster)
    assert.ok(result.normal.ms > 600, `three jumps take a while (${Math.round(result.normal.ms)} ms)`);
    assert.deepEqual(result.instant, { changes: 1, animated: false, pegs: [{ front: 10, rear: 6 }, { front: 3, rear: 0 }] });
    assert.equal(result.repeat, 0, 'a repeated view changes nothing');
    await finish();
  });

  it('honours reduced motion: no animation even at normal speed', async () => {
    const { page } = shared;
    const result = await page.evaluate(async () => {
      const { el, board } = T.mount({ speed: 'normal' });
      await board.set({ sides: [{ front: 0 }, { front: 0 }] });
      const seen = [];
      const observer = new MutationObserver((records) => seen.push(...records.map((r) => r.attributeName === 'class' ? /** @type {Element} */ (r.target).getAttribute('class') : r.attributeName)));
      observer.observe(el, { subtree: true, attributes: true, attributeFilter: ['transform', 'class', 'opacity'] });
      await board.set({ sides: [{ front: 12 }, { front: 0 }] });
      await board.set({ sides: [{ front: 0 }, { front: 0 }] }); // a new game: no fade either
      observer.disconnect();
      return { transforms: seen.filter((s) => s === 'transform').length, other: seen.filter((s) => s !== 'transform' && !s.includes('board-chip')), pegs: T.pegs(el) };
    });
    assert.equal(result.transforms, 3, 'one write for the jump, two for the reset');
    assert.deepEqual(result.other, [], 'no lifting, fading or animating class');
    // How long it takes is a benchmark's business (node tools/board-bench.mjs), not a test's.
    assert.deepEqual(result.pegs, [{ front: 0, rear: 0 }, { front: 0, rear: 0 }]);
  });

  it('shows games won, capped at the games a match needs', async () => {
    const { page } = shared;
    const result = await page.evaluate(async () => {
      const read = (el) => [...el.querySelectorAll('.board-chip')].map((chip) => chip.querySelectorAll('.board-game-peg.is-won').length + '/' + chip.querySelectorAll('.board-game-peg').length);
      const { el, board } = T.mount({ sides: [{ name: 'Ann' }, { name: 'Bob' }], gamesToWin: 2, speed: 'instant' });
      await board.set({ sides: [{ front: 0, games: 1 }, { front: 0, games: 0 }] });
      const one = read(el);
      await board.set({ sides: [{ front: 0, games: 1 }, { front: 0, games: 3 }] });
      const capped = read(el);
      const label = T.label(el);
      const single = T.mount({ speed: 'instant' }, { keep: true }).el.querySelectorAll('.board-game-peg').length;
      // A single game, as the engine's board says it (one game wins): no match to peg.
      const { el: oneGame } = T.mount({ gamesToWin: 1, speed: 'instant' }, { keep: true });
      const oneGameHoles = oneGame.querySelectorAll('.board-game-peg').length;
      const oneGameLabel = T.label(oneGame);
      return { one, capped, label, single, oneGameHoles, oneGameLabel };
    });
    assert.deepEqual(result.one, ['1/2', '0/2']);
    assert.deepEqual(result.capped, ['1/2', '2/2']);
    assert.match(result.label, /Ann 0, 1 game won\. Bob 0, 3 games won\./);
    assert.equal(result.single, 0, 'a single game shows no game holes');
    assert.equal(result.oneGameHoles, 0, 'a match of one game (the engine’s single game) shows no game holes');
    assert.doesNotMatch(result.oneGameLabel, /won/);
  });

  it('shows each score and name beside its track, and the last points', async () => {
    const { page } = shared;
    const chips = await page.evaluate(async () => {
      const { el, board } = T.mount({ sides: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }], speed: 'instant' });
      await board.set({ sides: [{ front: 14, rear: 10 }, { front: 7, rear: 7 }, { front: 0, name: 'Cyril' }] });
      return [...el.querySelectorAll('.board-chip')].map((c) => [c.querySelector('.board-chip-name').textContent, c.querySelector('.board-chip-score').textContent, c.querySelector('.board-chip-last').textContent]);
    });
    assert.deepEqual(chips, [['Ann', '14', '+4'], ['Bob', '7', ''], ['Cyril', '0', '']]);
  });

  it('reverse cribbage (goal avoid): the game hole crossed out and named the losing hole, the side that reaches it marked as losing', async () => {
    const { page } = shared;
    const seen = await page.evaluate(async () => {
      const { el, board } = T.mount({ target: 61, goal: 'avoid', sides: [{ name: 'Ann' }, { name: 'Bob' }], speed: 'instant' });
      await board.set({ sides: [{ front: 61, rear: 55 }, { front: 40, rear: 38 }] });
      const plain = T.mount({ target: 61, sides: [{ name: 'Ann' }, { name: 'Bob' }], speed: 'instant' }, { keep: true });
      await plain.board.set({ sides: [{ front: 61, rear: 55 }, { front: 40, rear: 38 }] });
      let refused = '';
      try {
        T.createBoard(document.createElement('div'), { goal: 'lose' });
      } catch (err) {
        refused = err.message;
      }
      return {
        avoid: el.querySelector('.board').classList.contains('board--avoid'),
        goal: el.querySelector('.board-goal')?.textContent,
        crosses: el.querySelectorAll('.board-losing-cross').length,
        losers: [...el.querySelectorAll('.board-chip.is-loser .board-chip-name')].map((n) => n.textContent),
        winners: el.querySelectorAll('.board-chip.is-winner').length,
        label: T.label(el),
        plain: { crosses: plain.el.querySelectorAll('.board-losing-cross').length, goal: plain.el.querySelectorAll('.board-goal').length, winners: plain.el.querySelectorAll('.board-chip.is-winner').length },
        refused,
      };
    });
    assert.equal(seen.avoid, true);
    assert.equal(seen.goal, 'The game hole loses: the first to 61 loses.');
    assert.equal(seen.crosses, 2, 'a cross of two strokes over the game hole');
    assert.deepEqual(seen.losers, ['Ann']);
    assert.equal(seen.winners, 0);
    assert.match(seen.label, /game to 61, where the first to reach it loses\. Ann 61, has reached 61 and loses\./);
    assert.deepEqual(seen.plain, { crosses: 0, goal: 0, winners: 1 }, 'the standard board is as it was');
    assert.match(seen.refused, /board goal must be reach or avoid, not lose/);
  });

  it('destroy() removes everything, even mid-animation, and settles pending promises', async () => {
    const { page, finish } = await open({ reducedMotion: 'no-preference' });
    const result = await page.evaluate(async () => {
      const { el, board } = T.mount({ speed: 'normal', announce: true });
      const attrs = el.getAttributeNames().join();
      await board.set({ sides: [{ front: 0 }, { front: 0 }] });
      const pending = board.set({ sides: [{ front: 20 }, { front: 0 }] });
      const queued = board.set({ sides: [{ front: 29 }, { front: 0 }] });
      await T.frame();
      await T.frame();
      const live = el.querySelector('[aria-live]') !== null;
      board.destroy();
      await Promise.all([pending, queued]);
      await board.set({ sides: [{ front: 31 }, { front: 0 }] });
      board.destroy();
      await T.frame();
      await T.frame();
      return { live, children: el.childNodes.length, attrs: el.getAttributeNames().join(), before: attrs, left: document.querySelectorAll('.board, .board-svg, .board-peg').length };
    });
    assert.equal(result.live, true, 'announce adds a live region');
    assert.equal(result.children, 0);
    assert.equal(result.attrs, result.before, 'the container keeps only its own attributes');
    assert.equal(result.left, 0);
    await finish();
  });

  it('works inside a shadow root, styled by its own board.css link', async () => {
    const { page } = shared;
    const result = await page.evaluate(async () => {
      const host = document.createElement('div');
      document.querySelector('main').replaceChildren(host);
      const shadow = host.attachShadow({ mode: 'open' });
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = 'css/board.css';
      shadow.append(link);
      await new Promise((resolve) => link.addEventListener('load', resolve));
      const el = document.createElement('div');
      shadow.append(el);
      const board = T.createBoard(el, { speed: 'instant', sides: [{ name: 'A', colour: '#123456' }, { name: 'B' }] });
      await board.set({ sides: [{ front: 4 }, { front: 9 }] });
      const fill = (side) => getComputedStyle(shadow.querySelector(`.board-peg[data-side="${side}"] .board-peg-body`)).fill;
      const out = { pegs: T.pegs(el), a: fill(0), b: fill(1), inDocument: document.querySelectorAll('.board-peg').length };
      board.destroy();
      out.after = shadow.childNodes.length;
      return out;
    });
    assert.deepEqual(result.pegs, [{ front: 4, rear: 0 }, { front: 9, rear: 0 }]);
    assert.equal(result.a, 'rgb(18, 52, 86)', 'a side colour from config');
    assert.equal(result.b, 'rgb(213, 94, 0)', 'vermillion from board.css');
    assert.equal(result.inDocument, 0, 'nothing outside the shadow root');
    assert.equal(result.after, 2, 'only the link and the container are left');
  });

  it('refuses bad config and views with clear errors', async () => {
    const { page } = shared;
    const errors = await page.evaluate(() => {
      const out = [];
      const attempt = (fn) => {
        try {
          fn();
          out.push('no error');
        } catch (err) {
          out.push(err.message);
        }
      };
      attempt(() => T.mount({ target: 100 }));
      attempt(() => T.mount({ sides: [{}, {}, {}, {}] }));
      attempt(() => T.mount({ sides: [] }));
      attempt(() => T.mount({ speed: 'slow' }));
      attempt(() => T.mount({ sides: [{ variant: 7 }, {}] }));
      const { board } = T.mount({});
      attempt(() => board.set({ sides: [{ front: 1 }] }));
      attempt(() => board.set({ sides: [{ front: 5, rear: 6 }, { front: 0 }] }));
      attempt(() => board.set({ sides: [{ front: -1 }, { front: 0 }] }));
      attempt(() => board.setSpeed('warp'));
      return out;
    });
    assert.deepEqual(errors, [
      'board target must be 121, 61 or 31, not 100',
      'a board has one to three sides',
      'a board has one to three sides',
      'board speed must be one of normal, fast, instant, not slow',
      'peg variant must be 0–3, not 7',
      'board.set needs sides: an array of 2',
      'side 0: rear must be a whole number from 0 to front (5), not 6',
      'side 0: front must be a whole number ≥ 0, not -1',
      'board speed must be one of normal, fast, instant, not warp',
    ]);
  });

  it('fits a phone without scrolling sideways, shifts no layout, and looks right (screenshots)', async () => {
    const boards = {
      2: { config: { sides: [{ name: 'You' }, { name: 'Computer' }], gamesToWin: 2 }, view: { sides: [{ front: 67, rear: 59, games: 1 }, { front: 92, rear: 80 }], highlight: 0 } },
      3: {
        config: { sides: [{ name: 'You' }, { name: 'West' }, { name: 'East' }] },
        view: { sides: [{ front: 42, rear: 35 }, { front: 58, rear: 46 }, { front: 121, rear: 116 }], highlight: 2 },
      },
      61: {
        config: { target: 61, sides: [{ name: 'North and South' }, { name: 'East and West' }] },
        view: { sides: [{ front: 28, rear: 24 }, { front: 44, rear: 38 }], highlight: 1 },
      },
    };
    const { page, finish, screenshot } = await open({ viewport: PHONE });
    for (const [size, viewport] of /** @type {const} */ ([['phone', PHONE], ['desktop', DESKTOP]])) {
      await page.setViewportSize(viewport);
      for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
        await page.emulateMedia({ colorScheme });
        const shots = size === 'desktop' && colorScheme === 'light' ? ['2', '3', '61'] : ['2', '3'];
        for (const tracks of shots) {
          const fit = await page.evaluate(async ({ config, view, desktop }) => {
            const panel = document.createElement('div');
            panel.className = 'felt panel';
            if (desktop) panel.style.setProperty('max-width', '520px');
            const el = document.createElement('div');
            panel.append(el);
            document.querySelector('main').replaceChildren(panel);
            const board = T.createBoard(el, { ...config, speed: 'instant' });
            const before = el.getBoundingClientRect().height;
            await board.set(view);
            await T.frame();
            return { before, after: el.getBoundingClientRect().height, scroll: document.documentElement.scrollWidth, width: innerWidth };
          }, { ...boards[tracks], desktop: size === 'desktop' });
          assert.equal(fit.after, fit.before, `${size} ${tracks}: the board's height is known before set()`);
          assert.ok(fit.scroll <= fit.width, `${size} ${tracks}: no sideways scroll (${fit.scroll} > ${fit.width})`);
          if (size === 'phone') assert.deepEqual(await audit(page, { within: '.board' }), [], `axe, ${colorScheme}, ${tracks} tracks`);
          await screenshot(`board-${size}-${colorScheme}-${tracks}`);
        }
      }
    }
    await finish();
  });
});

