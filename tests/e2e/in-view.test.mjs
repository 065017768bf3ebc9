// @ts-check
// Every result, control and count in view, on a phone and a laptop: each
// of the seven games played whole through the page (instant, a seed, easy),
// and at every decision the page is measured at 1280×800, 390×844 and
// 360×640 from its top, without scrolling: every control of the table is
// inside the screen, at least 44×44 px and not covered; on the laptop and
// the 390-px phone the result, whose turn it is, the card to place and each
// count are in view too. The clicks are made at 390×844 and 1280×800 by
// turns, the size the measuring ends at. Then the show
// with three and four hands, the phone's header and the coach's advice, the
// new-game dialog, pass and play, and Costly Colours' mog.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_GAME, GAMES as REGISTRY, benchTables } from '../../www/js/games.js';
import { openPage, setUp } from './harness.mjs';
import { dealNew, offer, press, settled, step } from './table-driver.mjs';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SMALL = { width: 360, height: 640 };
const SIDEWAYS = { width: 640, height: 360 };

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/**
 * Measures the page as it stands, from its top. Returns what is wrong, in words.
 * `controls`: every control of the table (and the header's menu) in view,
 * 44×44 px or more and not covered; `results`: the result, the turn, the
 * card to place and the counts in view; `size`: the viewport's name.
 */
async function measure(page, { controls = true, results = true, size }) {
  return page.evaluate(({ controls, results, size }) => {
    scrollTo(0, 0);
    const problems = [];
    const vw = innerWidth;
    const vh = innerHeight;
    const shown = (el) => el.checkVisibility({ checkVisibilityCSS: true }) && el.getClientRects().length > 0;
    const name = (el) => el.dataset.testid ?? el.dataset.action ?? el.getAttribute('aria-label') ?? (el.textContent.trim().slice(0, 40) || el.className);
    const inside = (r) => r.top >= -0.5 && r.left >= -0.5 && r.bottom <= vh + 0.5 && r.right <= vw + 0.5;
    if (controls) {
      // Every control a player may use now. A phrase of a count (a button in a
      // line of words, to light its cards) is text, not a control to hit.
      const all = /** @type {NodeListOf<HTMLButtonElement | HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>} */ (document.querySelectorAll('.app-menu-button, .tbl button, .tbl input, .tbl textarea, .tbl select'));
      for (const el of all) {
        if (!shown(el) || el.disabled || el.getAttribute('aria-disabled') === 'true') continue;
        if (el.matches('.step, .hand-card:not(.is-playable), .lay-cell:not(.is-legal)')) continue;
        const r = el.getBoundingClientRect();
        if (!inside(r)) problems.push(`${size}: control ${name(el)} is out of view (${Math.round(r.top)}–${Math.round(r.bottom)} of ${vh})`);
        else {
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          if (!el.contains(hit)) problems.push(`${size}: control ${name(el)} is covered by ${hit?.className}`);
        }
        if (r.width < 44 - 0.5 || r.height < 44 - 0.5) problems.push(`${size}: control ${name(el)} is ${Math.round(r.width)}×${Math.round(r.height)} px`);
      }
      // The prompt and buttons pinned to a phone's foot: at every scroll where
      // they and your own seat (or a grid game's total) are both on the
      // screen, they cover neither. On Table Top at 360×640 they covered your
      // name, score and turn, and the total, at the table's top.
      const bar = document.querySelector('.tbl-controls');
      if (bar && getComputedStyle(bar).position === 'sticky') {
        const covered = new Set();
        const own = [...document.querySelectorAll('.tbl-me .plate, [data-testid="layout-total"]')].filter(shown);
        for (let y = 0, end = document.documentElement.scrollHeight - vh; y <= end; y += 2) {
          scrollTo(0, y);
          const b = bar.getBoundingClientRect();
          for (const el of own) {
            const r = el.getBoundingClientRect();
            if (r.bottom <= 0 || r.top >= vh) continue;
            if (Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) > 0.5) covered.add(`${size}: the prompt and buttons pinned to the foot cover ${name(el)} at scroll ${y} (${Math.round(r.top)}–${Math.round(r.bottom)} under ${Math.round(b.top)})`);
          }
        }
        problems.push(...[...covered].slice(0, 3));
        scrollTo(0, 0);
      }
    }
    if (results) {
      const must = (label, selector) => {
        for (const el of document.querySelectorAll(selector)) {
          if (!shown(el)) continue;
          const r = el.getBoundingClientRect();
          if (!inside(r)) problems.push(`${size}: ${label} ${name(el)} is out of view (${Math.round(r.top)}–${Math.round(r.bottom)} of ${vh})`);
        }
      };
      const state = document.querySelector('.tbl').dataset.state;
      if (state === 'over') {
        must('the result', '.tbl-layer--panel .panel-title');
        must('the result’s line', '.tbl-layer--panel .panel-line');
        // The heading's clauses stay whole ("61 to 51" never split), and the
        // lines under it are centred on the box, nothing beside them.
        for (const part of document.querySelectorAll('.panel-title-part')) {
          if (part.getClientRects().length > 1) problems.push(`${size}: the heading’s “${part.textContent}” breaks`);
        }
        const panel = document.querySelector('.tbl-layer--panel .panel-box')?.getBoundingClientRect();
        for (const line of document.querySelectorAll('.tbl-layer--panel .panel-line')) {
          const range = document.createRange();
          range.selectNodeContents(line);
          const text = range.getBoundingClientRect();
          const off = text.left + text.width / 2 - (panel.left + panel.width / 2);
          if (Math.abs(off) > 2) problems.push(`${size}: “${line.textContent}” is ${Math.round(off)} px off the panel’s centre`);
        }
      } else {
        must('whose turn', '.plate.is-active');
        must('the card to place', '[data-testid="layout-next"]');
        must('the total', '[data-testid="layout-total"]');
        must('the count of the play', '[data-testid="count"]');
        must('a deal’s count', '.lay-deal');
        // Each count being shown: a grid's lines are counted on the grid,
        // beside each line; their words are listed under the prompt on a phone.
        const lines = document.querySelector('.show--lines');
        if (lines && vw < 600) must('a line’s count', '.lay-mark');
        else {
          must('a count', '.show-entry');
          must('the show’s heading', '.show .section-title');
        }
      }
      // The show never scrolls inside itself.
      for (const box of document.querySelectorAll('.show, .tbl-layer--show')) {
        if (shown(box) && box.scrollHeight > box.clientHeight + 1) problems.push(`${size}: the show scrolls inside itself (${box.scrollHeight} in ${box.clientHeight})`);
      }
    }
    return problems;
  }, { controls, results, size });
}

/** Waits for two frames: the table draws on the next one. */
const frames = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Waits for one frame: what runs after a layout (a ResizeObserver's callback) has run. */
const frame = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));

/** The sizes a whole game is measured at, each decision, in this order or the other way round. */
const SIZES = /** @type {const} */ ([['390×844', PHONE, true], ['360×640', SMALL, false], ['1280×800', LAPTOP, true]]);

/**
 * Measures the page at each size (the phone's 360×640 for its controls only),
 * from the one it stands at, the 390-px phone or the laptop, to the other:
 * two changes of size a decision, not three (each a layout of the whole page
 * and a frame, a third of a whole game's time), the next decision clicked at
 * the size it ends at. Two frames at the first size let the decision just
 * made be drawn; after that only the size changes, which the page meets in
 * CSS (media queries, applied by the layout the measuring itself forces) and
 * in the log's ResizeObserver, so one frame each is enough.
 * @param {import('playwright-core').Page} page
 */
async function measureAll(page) {
  const problems = [];
  const order = page.viewportSize()?.width === LAPTOP.width ? [...SIZES].reverse() : SIZES;
  let first = true;
  for (const [size, viewport, results] of order) {
    const now = page.viewportSize();
    if (now?.width !== viewport.width || now?.height !== viewport.height) await page.setViewportSize(viewport);
    await (first ? frames(page) : frame(page));
    first = false;
    problems.push(...(await measure(page, { size, results })));
  }
  return problems;
}

/**
 * One decision of any game, through the page as a player makes it: one look
 * at what the table offers (its cells too), which the step acts on.
 * @param {import('playwright-core').Page} page
 */
async function decide(page) {
  const seen = await offer(page, 60_000);
  if (seen.state === 'turn' && seen.cells) {
    await press(page, '.lay-cell.is-legal', { nth: 0 });
    return 'place';
  }
  return step(page, { claim: () => 0 }, seen);
}

/** The page's scores past the game's end stop at its target: Table Top's total and every plate. */
async function scoresOnBoard(page, target) {
  const shown = await page.evaluate(() => [
    ...(document.querySelector('[data-testid="layout-total"] .lay-total-value')?.textContent.split('–') ?? []),
    ...[...document.querySelectorAll('.plate-score')].map((n) => n.textContent),
  ]);
  return shown.filter(Boolean).map(Number).filter((n) => n > target);
}

/**
 * The games played through, each by its id in the page's registry: a seed
 * and table chosen for what they show. Every table of the registry's
 * (`benchTables`: each game, and a game four may play at four) must have one
 * (the first test below fails otherwise).
 */
const GAMES = [
  // Muggins, to its first show and beyond: the claim, Muggins!, Let it stand and Undo.
  { game: 'cribbage', name: 'Cribbage (muggins, to 61)', query: 'counting=muggins&target=61&seed=606&speed=instant&level=easy', target: 61 },
  { game: 'reverse', name: 'Reverse cribbage (to 61)', query: 'game=reverse&target=61&seed=808&speed=instant&level=easy', target: 61 },
  { game: 'noddy', name: 'Noddy', query: 'game=noddy&seed=5&speed=instant&level=easy', target: 31 },
  { game: 'costly-colours', name: 'Costly Colours', query: 'game=costly-colours&seed=21&speed=instant&level=easy', target: 121 },
  // A solitaire's score is the deal's points, 68 as much as 61: no game hole to stop at.
  { game: 'square-solitaire', name: 'Cribbage Square Solitaire', query: 'game=square-solitaire&seed=8&speed=instant', target: null },
  { game: 'solitaire', name: 'Cribbage Solitaire', query: 'game=solitaire&seed=4&speed=instant', target: null },
  { game: 'table-top', name: 'Table Top Cribbage', query: 'game=table-top&players=2&seed=31&speed=instant&level=easy', target: 121 },
  // Partners: three seats across the top of a phone, and a result "Ada and Ben win, 121 to 78".
  { game: 'table-top', name: 'Table Top Cribbage, four players', query: 'game=table-top&players=4&seed=31&speed=instant&level=easy', target: 121 },
];

describe('every result, control and count in view', () => {
  it('plays every game of the page\'s registry, at each of its tables (a table of four too)', () => {
    const played = GAMES.map((game) => {
      const query = new URLSearchParams(game.query);
      assert.equal(query.get('game') ?? DEFAULT_GAME, game.game, `${game.name} opens ${game.game}`);
      return query.get('players') === '4' ? `${game.game}-4` : game.game;
    });
    for (const table of benchTables(REGISTRY)) assert.ok(played.includes(table.name), `${table.name} is played through here`);
  });
  for (const game of GAMES) {
    it(`${game.name}: a whole game, measured at every decision at 1280×800, 390×844 and 360×640`, async () => {
      // The player says go themselves: a Go button is a control to measure, and
      // the driver's click finds it there (said for them, it would be gone).
      const initScript = () => localStorage.setItem('cribbage.settings', JSON.stringify({ autoGo: false }));
      const { page, finish } = await openPage(env, `index.html?${game.query}`, { viewport: PHONE, initScript });
      const problems = new Set();
      let decisions = 0;
      let over = false;
      for (let i = 0; i < 1500 && !over; i++) {
        await settled(page, 60_000);
        for (const problem of await measureAll(page)) problems.add(problem);
        if (game.target) for (const score of await scoresOnBoard(page, game.target)) problems.add(`a score past the target on the table: ${score}`);
        over = (await decide(page)) === 'over';
        decisions++;
      }
      assert.ok(over, `${game.name} reached its end`);
      assert.ok(decisions > 5, `${decisions} decisions`);
      assert.deepEqual([...problems], [], `${game.name}: out of view, too small or covered`);
      await finish();
    });
  }
});

/** Plays on until the table waits for `state` (or the game ends); returns the state reached. */
async function playUntil(page, state, limit = 300) {
  for (let i = 0; i < limit; i++) {
    const now = await settled(page, 60_000);
    if (now === state || now === 'over') return now;
    await decide(page);
  }
  return settled(page);
}

describe('Table Top on a phone, its pinned prompt at its tallest', () => {
  for (const players of [2, 4]) {
    it(`${players} players: a three-line prompt and a standing line pinned to the foot cover neither your seat nor the total`, async () => {
      // Under the grid, right over the prompt, your seat and the total kept clear of it by
      // 4 px with a two-line prompt: a third line or a standing line covered them again.
      // (Table Top offers no match today: the standing line, as a match shows it in the
      // same bar, stands for any line the bar may gain.)
      const { page, finish } = await openPage(env, `index.html?game=table-top&players=${players}&seed=31&speed=instant&level=easy`, { viewport: SMALL });
      for (let turn = 0; turn < 3; turn++) {
        assert.equal((await offer(page, 60_000)).state, 'turn');
        const lines = await page.evaluate(() => {
          const standing = /** @type {HTMLElement} */ (document.querySelector('.tbl-standing'));
          standing.textContent = 'Games: You and Cleo 1, Ada and Ben 1.';
          standing.hidden = false;
          const prompt = /** @type {HTMLElement} */ (document.querySelector('[data-testid="prompt"]'));
          prompt.textContent += ' The grid fills from the centre card, and each row and column is counted as a cribbage hand.';
          return Math.round(prompt.getBoundingClientRect().height / parseFloat(getComputedStyle(prompt).lineHeight));
        });
        assert.ok(lines >= 3, `a prompt of three lines or more (${lines})`);
        assert.deepEqual(await measure(page, { size: '360×640', results: false }), [], `decision ${turn + 1}`);
        await decide(page);
      }
      await finish();
    });
  }
});

describe('the show with three and four hands', () => {
  for (const players of [3, 4]) {
    it(`${players} players: never scrolls inside itself; its heading, first hand and Continue in view`, async () => {
      const { page, finish } = await openPage(env, `index.html?players=${players}&seed=5&speed=instant&level=easy&target=61`, { viewport: PHONE });
      assert.equal(await playUntil(page, 'continue'), 'continue');
      assert.equal(await page.locator('.show-entry').count(), players + 1, 'each hand and the crib');
      for (const [size, viewport] of /** @type {const} */ ([['1280×800', LAPTOP], ['390×844', PHONE], ['360×640', SMALL]])) {
        await page.setViewportSize(viewport);
        await frames(page);
        const seen = await page.evaluate(() => {
          scrollTo(0, 0);
          const box = (el) => el.getBoundingClientRect();
          const within = (r) => r.top >= 0 && r.bottom <= innerHeight;
          const show = document.querySelector('.show');
          return {
            scrolls: show.scrollHeight > show.clientHeight + 1 || getComputedStyle(show).overflowY === 'auto',
            heading: within(box(show.querySelector('.section-title'))),
            first: within(box(show.querySelector('.show-entry'))),
            every: [...show.querySelectorAll('.show-entry')].every((e) => within(box(e))),
            next: within(box(document.querySelector('[data-testid="action-continue"]'))),
          };
        });
        assert.equal(seen.scrolls, false, `${size}: the show scrolls inside itself`);
        assert.ok(seen.heading && seen.first, `${size}: the heading and the first hand in view: ${JSON.stringify(seen)}`);
        assert.ok(seen.next, `${size}: Continue in view`);
        if (size === '1280×800') assert.ok(seen.every, 'on a laptop every hand and the crib in view');
        // The controls are measured as everywhere else.
        assert.deepEqual(await measure(page, { size, results: false }), [], size);
      }
      // Each phrase the focus reaches is clear of the prompt and Continue, which
      // stay on a phone's screen over the felt (one was left behind them).
      const steps = await page.locator('.show .step').count();
      assert.ok(steps > 1, `${steps} phrases`);
      await page.locator('.show .step').first().focus();
      const hidden = [];
      for (let i = 0; i < steps; i++) {
        if (i) await page.keyboard.press('Tab');
        const at = await page.evaluate(() => {
          const el = /** @type {HTMLElement} */ (document.activeElement);
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return el.contains(hit) ? null : `${el.getAttribute('aria-label')} under ${hit?.className}`;
        });
        if (at) hidden.push(at);
      }
      assert.deepEqual(hidden, [], '360×640: every phrase the focus reaches is seen');
      await finish();
    });
  }
});

describe('the show, two hands side by side', () => {
  it('lines up the cards of hands in the same row, however long their counts', async () => {
    // Seed 606: the first show has Ada's hand counted in three lines beside yours in one.
    const { page, finish } = await openPage(env, 'index.html?seed=606&speed=instant&level=medium', { viewport: LAPTOP });
    assert.equal(await playUntil(page, 'continue'), 'continue');
    await frames(page);
    const rows = await page.evaluate(() => {
      const entries = [...document.querySelectorAll('.show-entry')].map((e) => ({
        top: Math.round(e.getBoundingClientRect().top),
        cards: Math.round(/** @type {Element} */ (e.querySelector('.show-cards')).getBoundingClientRect().top),
        lines: Math.round(/** @type {Element} */ (e.querySelector('.cadence')).getBoundingClientRect().height),
      }));
      const byTop = new Map();
      for (const e of entries) byTop.set(e.top, [...(byTop.get(e.top) ?? []), e]);
      return [...byTop.values()].filter((row) => row.length > 1);
    });
    assert.ok(rows.length > 0, 'two hands side by side');
    assert.ok(rows.some((row) => new Set(row.map((e) => e.lines)).size > 1), `counts of different lengths side by side: ${JSON.stringify(rows)}`);
    for (const row of rows) assert.equal(new Set(row.map((e) => e.cards)).size, 1, `the cards in one row line up: ${JSON.stringify(row)}`);
    await finish();
  });
});

describe('the phone’s header, and the coach beside the cards', () => {
  it('a short header with one menu; the coach’s reasons under the hand it is about', async () => {
    const { page, finish } = await openPage(env, 'index.html?seed=12&speed=instant&level=easy', { viewport: PHONE });
    await settled(page);
    // A phone held sideways (or any short window) folds the header as a
    // narrow phone does: it took 162 px of 360, the table's first row below
    // the window's middle. A laptop keeps the full header.
    for (const [size, viewport] of /** @type {const} */ ([['390×844', PHONE], ['640×360', SIDEWAYS], ['360×640', SMALL]])) {
      await page.setViewportSize(viewport);
      await frames(page);
      await page.evaluate(() => scrollTo(0, 0));
      const header = await page.locator('.app-header').boundingBox();
      assert.ok(header.height <= 72, `${size}: the header is ${header.height} px tall`);
      assert.ok((await page.locator('.tbl').boundingBox()).y <= header.height + 12, `${size}: the table starts under it`);
      const row = await page.locator('.tbl > .tbl-opponents').boundingBox();
      assert.ok(row.y + row.height <= viewport.height, `${size}: the table’s first row is in view (${JSON.stringify(row)})`);
      assert.equal(await page.locator('.app-tools').isVisible(), false, `${size}: the tools are in the menu`);
      assert.match(await page.getByTestId('game-tagline').textContent(), /^Cribbage: the first to 121 wins$/);
    }
    await page.setViewportSize(LAPTOP);
    await frames(page);
    assert.equal(await page.getByTestId('menu').isVisible(), false, '1280×800: no menu button');
    assert.equal(await page.locator('.app-tools').isVisible(), true, '1280×800: the tools in the header’s row');
    // Sideways, by keyboard: the menu opens under its button, every item in the window.
    await page.setViewportSize(SIDEWAYS);
    await frames(page);
    await page.getByTestId('menu').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('.app-menu').evaluate((menu) => menu.matches(':popover-open')), true, '640×360: Enter opens the menu');
    for (const item of await page.locator('.app-menu button:visible').all()) {
      const box = await item.boundingBox();
      assert.ok(box.height >= 44 && box.y >= 0 && box.y + box.height <= SIDEWAYS.height, `640×360: ${await item.textContent()}: ${JSON.stringify(box)}`);
    }
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('.app-menu'))), '640×360: Tab goes into the menu');
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'menu', '640×360: Escape closes it, focus back on its button');
    await page.setViewportSize(SMALL);
    await frames(page);
    // The menu: every view and tool, each a finger's size, on the screen; Escape closes it.
    await page.getByTestId('menu').click();
    const open = () => page.locator('.app-menu').evaluate((menu) => menu.matches(':popover-open'));
    assert.equal(await open(), true);
    // Shown ones: "Back to …" is there only while a game is set aside by a link to another.
    const items = page.locator('.app-menu button:visible');
    assert.equal(await items.count(), 7, 'Play, Hand calculator and five tools');
    for (const item of await items.all()) {
      const box = await item.boundingBox();
      assert.ok(box.height >= 44 && box.y + box.height <= SMALL.height, `${await item.textContent()}: ${JSON.stringify(box)}`);
    }
    // Tab goes from the button into the menu; Escape closes it, focus back on its button.
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('.app-menu'))), 'the menu’s first item is next');
    await page.keyboard.press('Escape');
    assert.equal(await open(), false);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'menu', 'focus back on the menu button');
    // A choice closes it: Settings, then its dialog, then back.
    await page.getByTestId('menu').click();
    await page.getByTestId('tool-settings').click();
    await page.locator('dialog[open]', { hasText: 'Settings' }).waitFor();
    assert.equal(await open(), false);
    await page.keyboard.press('Escape');
    // Hint, from the table: the reasons come under the hand and its buttons, on the screen.
    await page.setViewportSize(PHONE);
    await page.getByTestId('action-hint').click();
    const advice = page.getByTestId('table-advice');
    await advice.waitFor({ timeout: 30_000 });
    assert.match(await advice.textContent(), /^Lay away the /);
    const hand = await page.locator('.tbl-hand').boundingBox();
    const said = await advice.boundingBox();
    assert.ok(said.y >= hand.y + hand.height && said.y - (hand.y + hand.height) < 160, `the reasons just under the hand: ${JSON.stringify({ hand, said })}`);
    assert.ok(said.y + said.height <= PHONE.height, 'on the screen');
    assert.equal(await page.locator('.tbl-hand .hand-card.is-suggested').count(), 2, 'the cards it names are lit');
    // A laptop has the coach's panel beside the table: the reasons are there, not twice.
    await page.setViewportSize(LAPTOP);
    await frames(page);
    assert.equal(await advice.isVisible(), false);
    assert.ok(await page.getByTestId('coach-hint').isVisible());
    // Laid away: the reasons go with the decision they were about.
    await page.setViewportSize(PHONE);
    for (const card of await page.locator('.tbl-hand .hand-card.is-suggested').all()) await card.click();
    await page.getByTestId('action-layaway').click();
    await settled(page);
    assert.equal(await advice.isVisible(), false);
    await finish();
  });
});

/** Opens the new-game dialog by its key (a game begun asks first); returns it. */
async function newGame(page) {
  await page.locator('.cribbage').focus();
  await page.keyboard.press('n');
  const either = page.locator('dialog[open]', { hasText: /New game|Abandon this game\?/ });
  await either.waitFor();
  if ((await either.textContent()).includes('Abandon')) await page.getByTestId('dialog-yes').click();
  const dialog = page.locator('dialog[open]', { hasText: 'New game' });
  await dialog.waitFor();
  return dialog;
}

/** What the dialog shows now: the game chosen, the choices offered, and whether its top and Deal are in view. */
function dialogState(dialog) {
  return dialog.evaluate((box) => {
    const visible = (el) => Boolean(el) && el.checkVisibility({ checkVisibilityCSS: true });
    const r = (el) => el.getBoundingClientRect();
    const frame = r(box);
    const within = (el) => r(el).top >= frame.top - 0.5 && r(el).bottom <= frame.bottom + 0.5;
    const deal = box.querySelector('[data-testid="dialog-deal"]');
    return {
      game: box.querySelector('input[name="game"]:checked')?.value,
      top: box.scrollTop,
      firstGameInView: within(box.querySelector('input[name="game"]')),
      dealInView: within(deal) && box.contains(document.elementFromPoint(r(deal).left + 5, r(deal).top + 5)),
      who: [...box.querySelectorAll('input[name="who"]')].filter(visible).map((i) => i.value),
      target: visible(box.querySelector('input[name="target"]')),
      match: visible(box.querySelector('input[name="match"]')),
      counting: visible(box.querySelector('input[name="counting"]')),
      level: visible(box.querySelector('select[name="level"]')),
      cut: visible(box.querySelector('input[name="cut"]')),
      daily: visible(box.querySelector('[data-testid="setup-daily"]')),
    };
  });
}

describe('the new-game dialog', () => {
  it('starts from the game on the table (a link, a shared daily deal), opens at its top, and offers only what applies', async () => {
    const expected = {
      noddy: { who: ['one', 'people'], target: false, match: false, counting: false, level: true, cut: false, daily: false },
      'square-solitaire': { who: [], target: false, match: false, counting: false, level: false, cut: false, daily: true },
      'table-top': { who: ['one', 'partners', 'people'], target: false, match: false, counting: false, level: true, cut: false, daily: false },
      reverse: { who: ['one', 'two', 'partners', 'people'], target: true, match: true, counting: true, level: true, cut: true, daily: false },
    };
    for (const [viewport, links] of /** @type {const} */ ([
      [PHONE, ['game=noddy&seed=3', 'game=square-solitaire&seed=20261127']],
      [LAPTOP, ['game=table-top&players=2&seed=4', 'game=reverse&seed=9&target=61']],
    ])) {
      for (const link of links) {
        const game = new URLSearchParams(link).get('game');
        const { page, finish } = await openPage(env, `index.html?${link}&speed=instant&level=easy`, { viewport });
        await settled(page, 60_000);
        const dialog = await newGame(page);
        const seen = await dialogState(dialog);
        assert.equal(seen.game, game, `${link}: the game on the table is chosen`);
        assert.equal(seen.top, 0, `${link}: open at its top`);
        assert.ok(seen.firstGameInView && seen.dealInView, `${link}: the games and Deal in view: ${JSON.stringify(seen)}`);
        const { game: _, top: __, firstGameInView: ___, dealInView: ____, ...offered } = seen;
        assert.deepEqual(offered, expected[game], `${link}: only what applies`);
        // Deal: the same game again (its tagline read once it is dealt: the old game's says the same).
        await dealNew(page, 60_000);
        assert.equal(await page.getByTestId('game-tagline').getAttribute('data-game'), game, `${link}: New game → Deal deals ${game}`);
        await finish();
      }
    }
  });

  it('on a small phone every choice the focus reaches is clear of Cancel and Deal', async () => {
    const { page, finish } = await openPage(env, 'index.html?seed=5&speed=instant&level=easy', { viewport: SMALL });
    await settled(page, 60_000);
    const dialog = await newGame(page);
    const hidden = [];
    let reached = 0;
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const at = await dialog.evaluate((box) => {
        const el = /** @type {HTMLElement} */ (document.activeElement);
        if (!box.contains(el) || el === box) return { name: null };
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const name = el.dataset.testid ?? el.getAttribute('name') ?? el.textContent?.trim();
        return { name, under: el.contains(hit) ? null : String(hit?.className) };
      });
      if (at.name) reached++;
      if (at.under) hidden.push(`${at.name} under ${at.under}`);
      if (at.name === 'dialog-deal') break;
    }
    assert.ok(reached > 6, `${reached} controls reached`);
    assert.deepEqual(hidden, [], 'every choice reached is seen');
    await finish();
  });

  it('on a phone the speed shows whole in its closed select, and what it means is said under it', async () => {
    const { page, finish } = await openPage(env, 'index.html?seed=5&speed=instant&level=easy', { viewport: SMALL });
    await settled(page, 60_000);
    const dialog = await newGame(page);
    const speed = dialog.locator('select[name="speed"]');
    // The chosen option's text against the room the closed select gives it ("Instant: no pauses and no anim…").
    const fits = () => speed.evaluate((el) => {
      const select = /** @type {HTMLSelectElement} */ (el);
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return { text: 0, room: 0 };
      context.font = style.font;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return { text: context.measureText(select.selectedOptions[0]?.text ?? '').width, room };
    });
    for (const value of ['slow', 'normal', 'fast', 'instant']) {
      await speed.selectOption(value);
      const seen = await fits();
      assert.ok(seen.text <= seen.room, `${value}: ${JSON.stringify(seen)}`);
    }
    const note = dialog.getByTestId('speed-note');
    assert.equal(await note.textContent(), 'No pauses and no animation.');
    await speed.selectOption('normal');
    assert.match(await note.textContent() ?? '', /^About 1\.5 s a computer card/);
    // Read with the select, as its description.
    assert.equal(await speed.getAttribute('aria-describedby'), await note.getAttribute('id'));
    await page.keyboard.press('Escape');
    await finish();
  });

  it('pass and play: the names under the choice, in view; no curtain in Table Top, where no hand is hidden', async () => {
    const { page, finish } = await openPage(env, 'index.html?game=table-top&seed=4&speed=instant&level=easy', { viewport: PHONE });
    await settled(page, 60_000);
    const dialog = await newGame(page);
    await dialog.getByLabel(/^Pass and play/).check();
    const names = dialog.locator('input[name^="name"]');
    await names.first().waitFor();
    assert.equal(await names.evaluateAll((inputs) => inputs.filter((i) => i.checkVisibility()).length), 2, 'two names for Table Top');
    assert.equal(await dialog.locator('details input[name^="name"]').count(), 0, 'never under Advanced');
    const box = await names.first().boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= PHONE.height, 'brought into view');
    await names.nth(0).fill('Lou');
    await names.nth(1).fill('Max');
    await dealNew(page, 60_000);
    // Each turn goes to the next player with no curtain: nothing hidden to pass behind one.
    const prompts = [];
    for (let i = 0; i < 8; i++) {
      const state = await settled(page, 60_000);
      assert.notEqual(state, 'reveal', 'no hand-over screen in Table Top');
      if (state === 'turn') prompts.push(await page.getByTestId('prompt').textContent());
      await decide(page);
    }
    assert.ok(prompts.some((p) => p.startsWith('Lou: place')) && prompts.some((p) => p.startsWith('Max: place')), prompts.join(' | '));
    assert.equal(await page.getByTestId('action-reveal').count(), 0);
    await finish();
    // Noddy hides a hand: its curtain stays.
    const noddy = await openPage(env, 'index.html?game=noddy&mode=people&seed=4&speed=instant', { viewport: PHONE });
    let curtain = false;
    for (let i = 0; i < 6 && !curtain; i++) {
      curtain = (await settled(noddy.page, 60_000)) === 'reveal';
      if (!curtain) await decide(noddy.page);
    }
    assert.ok(curtain, 'Noddy passes the device behind a curtain');
    await noddy.finish();
  });
});

describe('Costly Colours’ mog at the table', () => {
  it('the card received is tagged in the hand through the play; the mog’s bubbles go once it is settled', async () => {
    const { page, finish } = await openPage(env, 'index.html?game=costly-colours&seed=21&speed=instant&level=easy', { viewport: PHONE });
    let before = null;
    let tagged = 0;
    for (let i = 0; i < 400 && tagged < 3; i++) {
      const state = await settled(page, 60_000);
      if (state === 'over') break;
      if (state === 'turn' && (await page.getByTestId('action-pass').count())) before = await page.locator('.tbl-hand .hand-card').evaluateAll((cards) => cards.map((c) => c.dataset.card));
      if (state === 'turn' && (await page.getByTestId('action-pass').count() === 0) && (await page.getByTestId('action-mog').count() === 0)) {
        const tags = await page.locator('.tbl-hand .hand-card:has(.hand-tag)').evaluateAll((cards) => cards.map((c) => ({ card: c.dataset.card, label: c.getAttribute('aria-label'), tag: c.querySelector('.hand-tag').textContent })));
        const bubbles = await page.locator('.bubble.is-shown').allTextContents();
        assert.deepEqual(bubbles.filter((b) => ['Mog', 'No mog', 'Passed'].includes(b)), [], 'the mog’s words are gone in the play');
        if (before && tags.length) {
          assert.equal(tags.length, 1);
          assert.ok(!before.includes(tags[0].card), `${tags[0].card} came in the mog`);
          assert.match(tags[0].label, /, received in the mog$/);
          assert.equal(tags[0].tag, 'Received');
          tagged++;
        }
      }
      if (state === 'turn' && (await page.getByTestId('action-mog').count())) before = null;
      await decide(page);
    }
    assert.ok(tagged >= 1, 'a card received in the mog was seen in the play');
    await finish();
  });
});

describe('after a solitaire', () => {
  it('the coach keeps no advice from the last deal, and the statistics speak of deals played alone', async () => {
    const { page, finish } = await openPage(env, 'index.html?game=square-solitaire&seed=8&speed=instant', { viewport: LAPTOP });
    await settled(page);
    for (let i = 0; i < 20; i++) {
      const state = await settled(page);
      if (state === 'over') break;
      if (i === 14) {
        await page.locator('[data-coach="hint"]').click();
        await page.getByTestId('coach-hint').waitFor({ timeout: 30_000 });
      }
      await decide(page);
    }
    assert.equal(await settled(page), 'over');
    assert.equal(await page.getByTestId('coach-hint').count(), 0, 'the last deal’s advice is gone');
    assert.match(await page.locator('.coach-status').textContent(), /The game is over/);
    await page.getByTestId('action-stats').click();
    const note = page.getByTestId('stats-note');
    await note.waitFor();
    assert.match(await note.textContent(), /^Deals of Cribbage Square Solitaire played on this device/);
    assert.doesNotMatch(await note.textContent(), /against the computer/);
    await page.getByTestId('stats-game').selectOption('cribbage');
    assert.match(await note.textContent(), /^Games against the computer/);
    await finish();
  });
});

describe('the focus the table hands on, on a short window', () => {
  /**
   * Where the focus is, once the table has drawn (it hands the focus on in a frame).
   * @param {import('playwright-core').Page} page
   */
  const focused = (page) =>
    page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const el = /** @type {HTMLElement} */ (document.activeElement);
              const r = el.getBoundingClientRect();
              const name = el.dataset.testid ?? el.dataset.action ?? el.tagName;
              resolve({ name, inTable: Boolean(el.closest('.tbl')), inView: r.top >= -0.5 && r.bottom <= innerHeight + 0.5, at: `${Math.round(r.top)}–${Math.round(r.bottom)} of ${innerHeight}` });
            }),
          ),
        ),
    );

  // A short, wide window (a phone held sideways, a laptop zoomed to 200 %): the
  // grid is taller than the window, and with the focus on a cell the prompt and
  // its buttons sat below the window's foot; pinned there now, as on a phone.
  for (const [name, query] of /** @type {const} */ ([
    ['Table Top Cribbage', 'game=table-top&seed=4'],
    ['Cribbage Square Solitaire', 'game=square-solitaire&seed=8'],
  ])) {
    for (const viewport of [SIDEWAYS, { width: 640, height: 400 }]) {
      it(`${name} at ${viewport.width}×${viewport.height}: with a cell in focus, the prompt and its buttons are on the screen, uncovered, the cell clear of them`, async () => {
        const { page, finish } = await openPage(env, `index.html?${query}&speed=instant&level=easy`, { viewport });
        for (let turn = 0; turn < 3; turn++) {
          assert.equal((await offer(page, 60_000)).state, 'turn');
          const seen = await page.evaluate(() => {
            const vh = innerHeight;
            const cell = document.activeElement?.closest('.lay-cell');
            const bar = /** @type {HTMLElement} */ (document.querySelector('.tbl-controls')).getBoundingClientRect();
            const parts = [document.querySelector('[data-testid="prompt"]'), ...document.querySelectorAll('.tbl-buttons button')];
            const out = parts.filter((el) => {
              const r = /** @type {HTMLElement} */ (el).getBoundingClientRect();
              return r.top < -0.5 || r.bottom > vh + 0.5 || !el?.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
            });
            const c = cell?.getBoundingClientRect();
            return {
              cell: Boolean(cell),
              out: out.map((el) => /** @type {HTMLElement} */ (el).dataset.testid ?? el?.textContent),
              cellClear: Boolean(c && c.top >= -0.5 && c.bottom <= bar.top + 0.5),
              at: `${Math.round(c?.top ?? 0)}–${Math.round(c?.bottom ?? 0)}, the prompt from ${Math.round(bar.top)}`,
            };
          });
          assert.ok(seen.cell, 'a cell of the grid has the focus');
          assert.deepEqual(seen.out, [], 'the prompt and its buttons are on the screen and uncovered');
          assert.ok(seen.cellClear, `decision ${turn + 1}: the focused cell is in the window, above the prompt (${seen.at})`);
          await decide(page);
        }
        await finish();
      });
    }
  }

  // A phone held sideways, or a laptop's page zoomed to 200 %: the table is
  // taller than the window. The test never scrolls: a keyboard player's keys
  // do not, so what is seen is where the page's own focus put it. The focus
  // was handed on without a scroll, below the window's edge at the first
  // turn (the hand, a Continue, a grid's cell) and above it at a game's end.
  for (const [name, query] of /** @type {const} */ ([
    ['Noddy', 'game=noddy&seed=8'],
    ['Table Top Cribbage', 'game=table-top&seed=4'],
  ])) {
    it(`${name} by keyboard at 640×360: at every decision, and at the result, the focus is on the table and in the window`, async () => {
      const { page, finish } = await openPage(env, `index.html?${query}&speed=instant&level=easy`, { viewport: SIDEWAYS });
      const unseen = [];
      let decisions = 0;
      let state = await settled(page, 60_000);
      for (let i = 0; i < 300 && state !== 'over'; i++) {
        const at = await focused(page);
        if (!at.inTable || !at.inView) unseen.push(`${state}: ${at.name} ${at.inTable ? '' : 'off the table '}at ${at.at}`);
        decisions++;
        if (state === 'continue') await page.keyboard.press('c');
        else if (await page.locator('.lay-cell.is-legal').count()) {
          // The grid's cell in focus, then arrows to a free one and Enter, as layout.test plays it.
          const [from, to] = await page.evaluate(() => [Number(/** @type {HTMLElement} */ (document.activeElement)?.closest('.lay-cell')?.getAttribute('data-cell') ?? -1), Number(document.querySelector('.lay-cell.is-legal')?.getAttribute('data-cell'))]);
          assert.ok(from >= 0, 'a cell of the grid has the focus');
          const [r, c, tr, tc] = [Math.floor(from / 5), from % 5, Math.floor(to / 5), to % 5];
          for (let k = 0; k < Math.abs(tr - r); k++) await page.keyboard.press(tr > r ? 'ArrowDown' : 'ArrowUp');
          for (let k = 0; k < Math.abs(tc - c); k++) await page.keyboard.press(tc > c ? 'ArrowRight' : 'ArrowLeft');
          await page.keyboard.press('Enter');
        } else if (await page.getByTestId('action-go').count()) await page.keyboard.press('g');
        else {
          const index = await page.locator('.tbl-hand .hand-card').evaluateAll((cards) => cards.findIndex((card) => card.classList.contains('is-playable')));
          if (index >= 0) await page.keyboard.press(String(index + 1));
        }
        state = await settled(page, 60_000);
      }
      assert.equal(state, 'over', `${name} reached its end`);
      const end = await focused(page);
      assert.equal(end.name, 'action-newgame', 'the result takes the focus');
      if (!end.inView) unseen.push(`the result: ${end.name} at ${end.at}`);
      assert.ok(decisions > 5, `${decisions} decisions`);
      assert.deepEqual(unseen, [], 'the focus handed on is seen');
      await finish();
    });
  }
});
