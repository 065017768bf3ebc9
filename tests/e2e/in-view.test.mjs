// Every result, control and count in view, on a phone and a laptop: each
// of the seven games played whole through the page (instant, a seed, easy),
// and at every decision the page is measured at 1280×800, 390×844 and
// 360×640 from its top, without scrolling: every control of the table is
// inside the screen, at least 44×44 px and not covered; on the laptop and
// the 390-px phone the result, whose turn it is, the card to place and each
// count are in view too. The clicks are made at 390×844. Then the show
// with three and four hands, the phone's header and the coach's advice, the
// new-game dialog, pass and play, and Costly Colours' mog.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openPage, setUp } from './harness.mjs';
import { settled, step } from './table-driver.mjs';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SMALL = { width: 360, height: 640 };

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
      const all = document.querySelectorAll('.app-menu-button, .tbl button, .tbl input, .tbl textarea, .tbl select');
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

/** Measures the page at each size (the phone's 360×640 for its controls only), ending at 390×844. */
async function measureAll(page) {
  const problems = [];
  for (const [size, viewport, results] of [['1280×800', LAPTOP, true], ['360×640', SMALL, false], ['390×844', PHONE, true]]) {
    await page.setViewportSize(viewport);
    await frames(page);
    problems.push(...(await measure(page, { size, results })));
  }
  return problems;
}

/** One decision of any game, through the page as a player makes it. */
async function decide(page) {
  const state = await settled(page, 60_000);
  if (state === 'turn' && (await page.locator('.lay-cell.is-legal').count())) {
    await page.locator('.lay-cell.is-legal').first().click();
    return 'place';
  }
  return step(page, { claim: () => 0 });
}

/** The page's scores past the game's end stop at its target: Table Top's total and every plate. */
async function scoresOnBoard(page, target) {
  const shown = await page.evaluate(() => [
    ...(document.querySelector('[data-testid="layout-total"] .lay-total-value')?.textContent.split('–') ?? []),
    ...[...document.querySelectorAll('.plate-score')].map((n) => n.textContent),
  ]);
  return shown.filter(Boolean).map(Number).filter((n) => n > target);
}

const GAMES = [
  // Muggins, to its first show and beyond: the claim, Muggins!, Let it stand and Undo.
  { name: 'Cribbage (muggins, to 61)', query: 'counting=muggins&target=61&seed=606&speed=instant&level=easy', target: 61 },
  { name: 'Reverse cribbage (to 61)', query: 'game=reverse&target=61&seed=808&speed=instant&level=easy', target: 61 },
  { name: 'Noddy', query: 'game=noddy&seed=5&speed=instant&level=easy', target: 31 },
  { name: 'Costly Colours', query: 'game=costly-colours&seed=21&speed=instant&level=easy', target: 121 },
  // A solitaire's score is the deal's points, 68 as much as 61: no game hole to stop at.
  { name: 'Cribbage Square Solitaire', query: 'game=square-solitaire&seed=8&speed=instant', target: null },
  { name: 'Cribbage Solitaire', query: 'game=solitaire&seed=4&speed=instant', target: null },
  { name: 'Table Top Cribbage', query: 'game=table-top&players=2&seed=31&speed=instant&level=easy', target: 121 },
];

describe('every result, control and count in view', () => {
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
