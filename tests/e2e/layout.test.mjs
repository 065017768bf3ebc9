// @ts-check
// The layout games on the page: Cribbage Square Solitaire's grid and
// Cribbage Solitaire's deals, chosen in the picker or by ?game=, played
// whole by mouse (click), by drag and by keyboard alone, each final count
// checked against the engine's own score for the saved game; the coach's
// hint and table, the review, the statistics, the daily deal's result line
// and the seed in the address, resuming after a reload, and the how-to
// pages under axe.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import * as glue from '../../www/pkg-family/cribbage.js';
import { gameClass } from '../../www/js/game-handle.js';
import { GAMES } from '../../www/js/games.js';
import { dailySeed, dateOfSeed } from '../../www/js/daily.js';
import { DESKTOP, PHONE, audit, openPage, setUp } from './harness.mjs';
import { press, settled } from './table-driver.mjs';

glue.initSync({ module: readFileSync('www/pkg-family/cribbage_bg.wasm') });
const FamilyGame = gameClass(glue);

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/** Every game save the page writes, newest last (the finished game's is removed once told). */
function recordSaves() {
  const setItem = Storage.prototype.setItem;
  globalThis.__saves = [];
  Storage.prototype.setItem = function (key, value) {
    if (key === 'cribbage.game') globalThis.__saves.push(value);
    return setItem.call(this, key, value);
  };
}

/** The engine's own score for the game the page saved last. */
async function engineScore(page) {
  const saves = await page.evaluate(() => globalThis.__saves);
  const game = FamilyGame.restore(JSON.parse(saves.at(-1)).save);
  const result = { over: game.isOver(), score: game.observation(0).score, actions: JSON.parse(game.save()).actions };
  game.free();
  return result;
}

/** The end: the panel's title and the table's total say the engine's score. */
async function assertFinal(page, win) {
  const result = await engineScore(page);
  assert.ok(result.over, 'the last save is of the finished game');
  const title = await page.locator('.tbl-layer--panel h2').first().textContent();
  assert.match(title, new RegExp(`^${result.score}: ${result.score >= win ? 'a (win|double game)!' : `short of ${win}\\.`}$`));
  assert.equal(await page.getByTestId('layout-total').locator('.lay-total-value').textContent(), String(result.score));
  return result;
}

/** Waits for the table's next frame to show what the controller has. */
const nextFrame = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Plays Square Solitaire by clicking the first cell where the card may go, to the end. */
async function squareByClicks(page, { hint = false } = {}) {
  let placed = 0;
  for (let i = 0; i < 60; i++) {
    const state = await settled(page);
    if (state === 'over') return placed;
    if (state === 'continue') {
      await press(page, '[data-testid="action-continue"]');
      continue;
    }
    if (hint && placed === 3) {
      hint = false;
      await page.locator('[data-coach="hint"]').click();
      await page.getByTestId('coach-hint').waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => document.querySelector('.lay-cell.is-best'));
      assert.match(await page.locator('.lay-cell.is-best').textContent(), /^★ \d+\.\d$/, 'the best cell shows its expected score');
      assert.match(await page.locator('.lay-cell.is-best').getAttribute('aria-label'), /the coach’s choice, \d+\.\d on average/);
      await page.locator('[data-coach="table"]').click();
      const table = page.getByTestId('coach-table');
      await table.waitFor({ timeout: 30_000 });
      assert.equal(await table.locator('tbody tr').count(), 4, 'the grid’s four rows');
      assert.equal(await table.locator('td.is-best').count(), 1, 'one best cell');
      assert.equal(await table.locator('tbody td').filter({ hasText: /\d\.\d/ }).count(), 13, 'every empty cell valued');
      await page.locator('.lay-cell.is-best').click();
    } else {
      await press(page, '.lay-cell.is-legal', { nth: 0 });
    }
    placed++;
  }
  throw new Error('no end by clicks');
}

describe('Cribbage Square Solitaire on the page', () => {
  it('is in the picker with its how-to page, plays a whole deal by clicks with the coach, and counts it as the engine does', async () => {
    const { page, finish, screenshot } = await openPage(env, 'index.html?seed=8&speed=instant', { viewport: DESKTOP, initScript: recordSaves });
    await settled(page);
    await page.getByTestId('tool-newgame').click();
    const either = page.locator('dialog[open]', { hasText: /New game|Abandon this game\?/ });
    await either.waitFor();
    if ((await either.textContent()).includes('Abandon')) await page.getByTestId('dialog-yes').click();
    const dialog = page.locator('dialog[open]', { hasText: 'New game' });
    await dialog.waitFor();
    assert.deepEqual(await dialog.locator('input[name="game"]').evaluateAll((inputs) => inputs.map((i) => /** @type {HTMLInputElement} */ (i).value)), GAMES.map((game) => game.id));
    await dialog.getByLabel(/^Cribbage Square Solitaire/).check();
    assert.match(await dialog.getByTestId('setup-fixed').textContent(), /is played alone: 61 or more wins/);
    assert.equal(await dialog.locator('input[name="who"]').first().isVisible(), false, 'nobody else at the table');
    assert.equal(await dialog.getByTestId('setup-daily').isVisible(), true, 'the daily deal offered');
    assert.deepEqual(await audit(page), [], 'axe, the set-up with Square Solitaire chosen');
    await page.getByTestId('setup-howto').click();
    const howto = page.locator('dialog[open].dialog--howto');
    await howto.waitFor();
    assert.equal(await howto.getByTestId('howto').getAttribute('data-game'), 'square-solitaire');
    assert.match(await howto.textContent(), /61 or more/);
    assert.match(await howto.textContent(), /his heels/);
    assert.deepEqual(await audit(page), [], 'axe, how to play Square Solitaire');
    await howto.getByTestId('dialog-close').click();
    await page.getByTestId('dialog-deal').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="game-tagline"]')?.textContent === 'Cribbage Square Solitaire: 61 or more wins');
    await settled(page);
    // The seed in the address: a link deals it again.
    const address = new URL(page.url()).searchParams;
    assert.equal(address.get('game'), 'square-solitaire');
    assert.match(address.get('seed'), /^\d+$/);
    assert.equal(await page.locator('.lay-cell').count(), 16);
    assert.equal(await page.locator('.lay-cell.is-legal').count(), 16, 'every empty cell marked');
    assert.match(await page.getByTestId('cell-5').getAttribute('aria-label'), /^Row 2, column 2: empty; place the [a-z]+ of [a-z]+ here$/);
    assert.match(await page.getByTestId('line-0').getAttribute('aria-label'), /^Row 1: 0 points so far$/);
    assert.deepEqual(await audit(page), [], 'axe, the grid');
    const placed = await squareByClicks(page, { hint: true });
    assert.equal(placed, 16);
    // The count: every line phrase by phrase, then the total.
    assert.equal(await page.locator('.show-entry').count(), 8, 'four rows and four columns counted');
    const lines = await page.locator('.show-entry .show-total').allTextContents();
    const result = await assertFinal(page, 61);
    const heels = (await page.locator('.lay-heels').textContent()) ? 2 : 0;
    assert.equal(lines.reduce((n, t) => n + Number(t), 0) + heels, result.score, 'the lines add up to the score');
    assert.equal(await page.locator('.lay-mark.is-done').count(), 8, 'each line marked counted');
    // The result to share: the deal, the score, marks and no card.
    const share = await page.getByTestId('share-text').inputValue();
    assert.match(share, new RegExp(`^Cribbage Square Solitaire · deal \\d+ · ${result.score} \\((win|under 61)\\)\\nRows `));
    assert.doesNotMatch(share.split('\n').slice(0, 3).join(' '), /\b[2-9TJQKA][SHDC]\b/, 'no card named');
    for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
      await page.emulateMedia({ colorScheme });
      assert.deepEqual(await audit(page), [], `axe, the end of a deal, ${colorScheme}`);
    }
    await screenshot('square-over');
    // The review: every placement with the points it lost.
    await page.getByTestId('action-review').click();
    const summary = page.getByTestId('review-summary');
    await summary.waitFor({ timeout: 60_000 });
    assert.match(await summary.textContent(), /^15 decisions reviewed/);
    assert.equal(await page.locator('dialog[open] [data-testid="coach-table"] tbody tr').count(), 15);
    await page.locator('dialog[open]').getByTestId('dialog-close').click();
    // Each entry opens its position.
    await assertReviewOpensPositions(page, 'grid', 4);
    // The statistics: the deal, its score as the best and the average, and the latest.
    await page.getByTestId('action-stats').click();
    const stats = page.getByTestId('stats');
    await stats.waitFor();
    assert.equal(await stats.getAttribute('data-game'), 'square-solitaire');
    const text = await stats.textContent();
    assert.match(text, /Deals played1/);
    assert.match(text, new RegExp(`Best score${result.score}`));
    assert.match(text, new RegExp(`Average score${result.score}`));
    assert.match(text, new RegExp(`Latest, newest first${result.score}`));
    await finish();
  });

  it('a score past 61 is the result, said as it is on the board and the plate (a solitaire has no game hole to stop at)', async () => {
    // Seed 2 played the coach's way makes 74 (the board once stopped it at 61, under "74: a win!").
    const { page, finish } = await openPage(env, 'index.html?game=square-solitaire&seed=2&speed=instant', { viewport: DESKTOP, initScript: recordSaves });
    for (let i = 0; i < 40 && (await settled(page)) !== 'over'; i++) {
      // The last card has one cell left, and nothing for the coach to weigh.
      if ((await page.locator('.lay-cell.is-legal').count()) === 1) {
        await press(page, '.lay-cell.is-legal');
        continue;
      }
      await page.locator('[data-coach="hint"]').click();
      await page.locator('.lay-cell.is-best').waitFor({ timeout: 30_000 });
      await page.locator('.lay-cell.is-best').click();
    }
    const result = await assertFinal(page, 61);
    assert.ok(result.score > 61, `the coach's deal scores past the board's end (${result.score})`);
    // The board pegs each line's count in turn: wait for it to have pegged them all.
    const pegged = await page
      .waitForFunction((score) => document.querySelector('.board-chip-score')?.textContent === score, String(result.score), { timeout: 15_000 })
      .then(() => true, () => false);
    assert.ok(pegged, `the board says the score, ${result.score}, not ${await page.locator('.board-chip-score').textContent()}`);
    assert.match(await page.locator('.board-svg').getAttribute('aria-label'), new RegExp(`You ${result.score}\\b`), 'and its accessible name');
    assert.equal(await page.locator('.plate-score').textContent(), String(result.score), 'the player’s plate says it');
    // The board at the end keeps its last move as it pegged the count, the "+n" by the score for the
    // last line that scored (the end's observation set both pegs at the score: the mark went).
    const lines = (await page.locator('.show-entry .show-total').allTextContents()).map(Number);
    const last = lines.findLast((n) => n > 0);
    assert.equal(await page.locator('.board-chip-last').textContent(), `+${last}`, `the last line that scored, of ${lines}`);
    await finish();
  });

  it('places a card by dragging it to a cell', async () => {
    const { page, finish } = await openPage(env, 'index.html?game=square-solitaire&seed=12&speed=instant', { viewport: PHONE, initScript: recordSaves });
    await settled(page);
    const card = await page.locator('.lay-next .lay-card').boundingBox();
    const cell = await page.getByTestId('cell-10').boundingBox();
    await page.mouse.move(card.x + card.width / 2, card.y + card.height / 2);
    await page.mouse.down();
    await page.mouse.move(cell.x + cell.width / 2, cell.y + cell.height / 2, { steps: 8 });
    assert.equal(await page.locator('.lay-cell.is-over').getAttribute('data-cell'), '10', 'the cell under the card is marked');
    await page.mouse.up();
    await settled(page);
    await page.waitForFunction(() => document.querySelector('[data-testid="cell-10"] svg'));
    const saved = JSON.parse(await page.evaluate(() => JSON.parse(localStorage.getItem('cribbage.game')).save));
    assert.deepEqual(saved.actions, ['place 3 3']);
    assert.equal(await page.locator('.lay-ghost').count(), 0, 'the dragged copy is gone');
    // A drop outside the grid places nothing.
    const next = await page.locator('.lay-next .lay-card').boundingBox();
    await page.mouse.move(next.x + 5, next.y + 5);
    await page.mouse.down();
    await page.mouse.move(5, 5, { steps: 4 });
    await page.mouse.up();
    await nextFrame(page);
    assert.equal(await page.locator('.lay-cell svg').count(), 1);
    await finish();
  });

  it('plays a whole deal by keyboard alone, and resumes after a reload', async () => {
    const { page, finish } = await openPage(env, 'index.html?game=square-solitaire&seed=31&speed=instant', { viewport: PHONE, initScript: recordSaves });
    await settled(page);
    const firstCard = await page.getByTestId('layout-next').getAttribute('aria-label');
    // Three placements by click, then a reload: the grid and the card to place come back.
    for (let i = 0; i < 3; i++) {
      await page.locator('.lay-cell.is-legal').nth(i * 3).click();
      await settled(page);
    }
    const nextBefore = await page.getByTestId('layout-next').getAttribute('aria-label');
    await page.reload();
    await settled(page);
    assert.equal(await page.locator('.lay-cell svg').count(), 3, 'three cards placed');
    assert.equal(await page.getByTestId('layout-next').getAttribute('aria-label'), nextBefore, 'the same card to place');
    assert.notEqual(firstCard, nextBefore);
    // Keyboard alone: the grid has the focus; arrows move, Enter or Space places, C continues.
    const keys = { Enter: 0, ' ': 0, arrows: 0 };
    for (let i = 0; i < 200; i++) {
      const state = await settled(page);
      if (state === 'over') break;
      if (state === 'continue') {
        await page.keyboard.press('c');
        continue;
      }
      await nextFrame(page);
      let at = await page.evaluate(() => Number(document.activeElement?.closest?.('.lay-cell')?.dataset.cell ?? -1));
      for (let t = 0; at < 0 && t < 40; t++) {
        await page.keyboard.press('Tab');
        at = await page.evaluate(() => Number(document.activeElement?.closest?.('.lay-cell')?.dataset.cell ?? -1));
      }
      assert.ok(at >= 0, 'the grid can be reached by keyboard');
      const target = await page.evaluate(() => Number(document.querySelector('.lay-cell.is-legal').dataset.cell));
      const [r, c, tr, tc] = [Math.floor(at / 4), at % 4, Math.floor(target / 4), target % 4];
      for (let k = 0; k < Math.abs(tr - r); k++) await page.keyboard.press(tr > r ? 'ArrowDown' : 'ArrowUp');
      for (let k = 0; k < Math.abs(tc - c); k++) await page.keyboard.press(tc > c ? 'ArrowRight' : 'ArrowLeft');
      keys.arrows += Math.abs(tr - r) + Math.abs(tc - c);
      assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), String(target));
      const key = i % 2 ? ' ' : 'Enter';
      await page.keyboard.press(key);
      keys[key]++;
    }
    assert.ok(keys.Enter + keys[' '] === 13 && keys.arrows > 0, `placed by key: ${JSON.stringify(keys)}`);
    const result = await assertFinal(page, 61);
    assert.equal(result.actions.length, 16);
    // On a phone too, each review entry opens its grid.
    await assertReviewOpensPositions(page, 'grid', 4);
    await finish();
  });

  it('deals today’s deal from the picker, with its date in the result and its seed in the address', async () => {
    const today = dailySeed();
    const { page, finish } = await openPage(env, 'index.html?speed=instant', { viewport: DESKTOP, initScript: recordSaves });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await settled(page);
    await page.getByTestId('tool-newgame').click();
    const either = page.locator('dialog[open]', { hasText: /New game|Abandon this game\?/ });
    await either.waitFor();
    if ((await either.textContent()).includes('Abandon')) await page.getByTestId('dialog-yes').click();
    const dialog = page.locator('dialog[open]', { hasText: 'New game' });
    await dialog.getByLabel(/^Cribbage Square Solitaire/).check();
    await dialog.getByTestId('setup-daily').check();
    await page.getByTestId('dialog-deal').click();
    await page.waitForFunction((seed) => location.search.includes(`seed=${seed}`), today);
    await settled(page);
    const url = page.url();
    assert.equal(new URL(url).searchParams.get('game'), 'square-solitaire');
    assert.equal(new URL(url).searchParams.get('seed'), today);
    const first = await page.getByTestId('layout-next').getAttribute('aria-label');
    await squareByClicks(page);
    const result = await assertFinal(page, 61);
    const share = await page.getByTestId('share-text').inputValue();
    assert.ok(share.startsWith(`Cribbage Square Solitaire · ${dateOfSeed(today)} · ${result.score} (`), share);
    assert.match(share, new RegExp(`seed=${today}$`), 'the link to the deal');
    await page.getByTestId('share-copy').click();
    await page.waitForFunction(() => document.querySelector('.lay-share-said')?.textContent);
    assert.match(await page.locator('.lay-share-said').textContent(), /^(Copied\.|Selected)/);
    // "Replay this deal": the same first card. The finished game stays on the
    // table (its state "over") until the new deal is drawn: wait for the deal.
    await page.getByTestId('action-replay').click();
    await page.waitForFunction(() => document.querySelector('.tbl')?.dataset.state === 'turn');
    assert.equal(await page.getByTestId('layout-next').getAttribute('aria-label'), first);
    await finish();
    // The link, opened afresh (no saved game): the same deal.
    const again = await openPage(env, new URL(url).pathname.slice(1) + new URL(url).search + '&speed=instant', { viewport: PHONE });
    await settled(again.page);
    assert.equal(await again.page.getByTestId('layout-next').getAttribute('aria-label'), first, 'the same first card');
    await again.finish();
  });
});

describe('Cribbage Solitaire on the page', () => {
  it('plays six deals and the last four by mouse, with the coach, to the engine’s score', async () => {
    const { page, finish, screenshot } = await openPage(env, 'index.html?game=solitaire&seed=4&speed=instant', { viewport: DESKTOP, initScript: recordSaves });
    await settled(page);
    assert.equal(await page.getByTestId('game-tagline').textContent(), 'Cribbage Solitaire: 81 or more wins');
    assert.equal(await page.locator('.tbl-hand .hand-card').count(), 6);
    assert.equal(await page.locator('.lay-deal').count(), 7, 'six deals and the last four');
    assert.deepEqual(await audit(page), [], 'axe, a deal');
    await screenshot('solitaire-deal');
    let deals = 0;
    let counted = 0;
    for (let i = 0; i < 40; i++) {
      const state = await settled(page);
      if (state === 'over') break;
      if (state === 'continue') {
        counted = Math.max(counted, await page.locator('.show-entry').count());
        await press(page, '[data-testid="action-continue"]');
        continue;
      }
      if (deals === 1) {
        await page.locator('[data-coach="hint"]').click();
        await page.getByTestId('coach-hint').waitFor({ timeout: 30_000 });
        await page.waitForFunction(() => document.querySelectorAll('.tbl-hand .hand-card.is-suggested').length === 2);
        await page.locator('[data-coach="table"]').click();
        await page.getByTestId('coach-table').waitFor();
        assert.equal(await page.locator('[data-testid="coach-table"] tbody tr').count(), 15, 'all fifteen lay-aways');
        for (const card of await page.locator('.tbl-hand .hand-card.is-suggested').all()) await card.click();
      } else {
        await press(page, '.tbl-hand .hand-card', { nth: 0 });
        await press(page, '.tbl-hand .hand-card', { nth: (deals % 5) + 1 });
      }
      await page.waitForFunction(() => /** @type {HTMLButtonElement} */ (document.querySelector('[data-testid="action-layaway"]'))?.disabled === false);
      assert.match(await page.getByTestId('action-layaway').textContent(), /\(2\/2\)/);
      await press(page, '[data-testid="action-layaway"]');
      deals++;
    }
    assert.equal(deals, 6);
    assert.equal(counted, 2, 'each deal’s hand and crib counted');
    assert.match(await page.locator('.show-entry h3').first().textContent(), /The last four/);
    const result = await assertFinal(page, 81);
    assert.equal(result.actions.length, 6);
    const share = await page.getByTestId('share-text').inputValue();
    assert.match(share, /^Cribbage Solitaire · deal 4 · \d+ \(.*\)\nDeals .* \d+ \d+ \d+ \d+ \d+ \d+\nLast four \d+/);
    assert.deepEqual(await audit(page), [], 'axe, the end');
    await page.getByTestId('action-review').click();
    const summary = page.getByTestId('review-summary');
    await summary.waitFor({ timeout: 30_000 });
    assert.match(await summary.textContent(), /^6 decisions reviewed/);
    await page.locator('dialog[open]').getByTestId('dialog-close').click();
    await assertReviewOpensPositions(page, 'lay-away', 6);
    await finish();
  });

  it('a deal’s count told again after a reload is headed by its deal, and its Continue still leads to the next deal', async () => {
    // The table is told again over the engine's observation as it now stands, numbered as the deal the count began in.
    // Seed 10: the first deal's hand scores 6 and its crib nothing, a count that moves no peg.
    const { page, finish } = await openPage(env, 'index.html?game=solitaire&seed=10&speed=instant', { viewport: DESKTOP });
    const heading = () => page.locator('.tbl-layer--show .section-title').textContent();
    await settled(page);
    await page.keyboard.press('1');
    await page.keyboard.press('2');
    await page.keyboard.press('l');
    assert.equal(await settled(page), 'continue');
    assert.equal(await heading(), 'Deal 1');
    const label = await page.getByTestId('action-continue').textContent();
    assert.equal(label, 'Next deal');
    // The board's last move (its rear peg and the "+n" beside the score), once it has landed.
    const board = () => page.evaluate(() => ({ last: document.querySelector('.board-chip-last')?.textContent, pegs: [...document.querySelectorAll('.board-peg')].map((peg) => peg.getAttribute('transform')).sort() }));
    await page.waitForFunction(() => document.querySelector('.board-chip-score')?.textContent === '6');
    const pegged = await board();
    assert.equal(pegged.last, '+6', 'the hand’s six still marked after a crib of nothing');
    // Each count is told with the score after it (the engine's), live and in the log, a count of nothing too.
    const counts = (testid) => page.getByTestId(testid).locator('p, li').evaluateAll((lines) => lines.map((l) => l.textContent).filter((t) => /^Your (hand|crib):/.test(t)));
    const told = await counts('live');
    assert.equal(told.length, 2, JSON.stringify(told));
    assert.match(told[0], /^Your hand: .+\. 6 in all\. The score is 6\.$/);
    assert.equal(told[1], 'Your crib: nothing. The score is 6.');
    assert.deepEqual(await counts('log'), told, 'the log as said');
    // The coach at the count: nothing to decide, so no "Ask for a hint" (its buttons are off).
    const coach = () => page.locator('.coach-status').textContent();
    const coached = await coach();
    assert.equal(coached, 'The coach helps when it is your turn to decide.');
    await page.reload();
    assert.equal(await settled(page), 'continue');
    assert.equal(await heading(), 'Deal 1', 'headed by the deal it counts');
    assert.equal(await coach(), coached, 'the coach says the same after a reload');
    // The same last move (the rear peg was left at the front, and the "+n" gone).
    assert.deepEqual(await board(), pegged, 'the board as it was pegged');
    assert.deepEqual(await counts('log'), told, 'the counts told again after the reload, each with its score');
    assert.equal(await page.getByTestId('action-continue').textContent(), label);
    await page.keyboard.press('c');
    await settled(page);
    assert.match(await page.getByTestId('prompt').textContent(), /^Deal 2 of 6/);
    await finish();
  });

  it('a deal counted nothing leaves the board’s last move marked, live as after a reload', async () => {
    // Seed 16, laying away the first two cards: the fourth deal's hand and crib count nothing.
    // The table started its rear peg at the score, so the page moved it to the front and took
    // the "+10" away, where the engine's pegs (and so a reload) keep the last move.
    const { page, finish } = await openPage(env, 'index.html?game=solitaire&seed=16&speed=instant', { viewport: DESKTOP });
    const board = () => page.evaluate(() => ({ last: document.querySelector('.board-chip-last')?.textContent, score: document.querySelector('.board-chip-score')?.textContent, pegs: [...document.querySelectorAll('.board-peg')].map((peg) => peg.getAttribute('transform')).sort() }));
    for (let deal = 1; deal <= 4; deal++) {
      assert.equal(await settled(page), 'turn');
      await page.keyboard.press('1');
      await page.keyboard.press('2');
      await page.keyboard.press('l');
      assert.equal(await settled(page), 'continue');
      if (deal < 4) await page.keyboard.press('c');
    }
    assert.match(await page.getByTestId('log').locator('li').last().textContent(), /^Your crib: nothing\. The score is 29\.$/);
    await page.waitForFunction(() => document.querySelector('.board-chip-score')?.textContent === '29');
    const live = await board();
    assert.equal(live.last, '+10', 'the last move still marked');
    await page.reload();
    assert.equal(await settled(page), 'continue');
    await page.waitForFunction(() => document.querySelector('.board-chip-score')?.textContent === '29');
    assert.deepEqual(await board(), live, 'the same board after a reload');
    await finish();
  });

  it('a reload at the last deal’s count shows the board and the deals as they were, the last four not yet counted', async () => {
    // Seed 10: the engine counts the last four as soon as the sixth deal is counted (nothing is
    // left to decide), so after a reload the table showed its 2 points already on the board,
    // in the total and in the list of deals, before "Count the last four".
    const { page, finish } = await openPage(env, 'index.html?game=solitaire&seed=10&speed=instant', { viewport: DESKTOP });
    const table = () => page.evaluate(() => ({
      deals: document.querySelector('[data-testid="layout-deals"]')?.textContent,
      total: document.querySelector('[data-testid="layout-total"]')?.textContent,
      board: [...document.querySelectorAll('.board-chip-score, .board-chip-last')].map((e) => e.textContent),
    }));
    for (let deal = 1; deal <= 6; deal++) {
      assert.equal(await settled(page), 'turn');
      await page.keyboard.press('1');
      await page.keyboard.press('2');
      await page.keyboard.press('l');
      assert.equal(await settled(page), 'continue');
      if (deal < 6) await page.keyboard.press('c');
    }
    assert.equal(await page.getByTestId('action-continue').textContent(), 'Count the last four');
    await page.waitForFunction(() => document.querySelector('.board-chip-score')?.textContent === '68');
    const live = await table();
    assert.deepEqual(live.board, ['68', '+6']);
    await page.reload();
    assert.equal(await settled(page), 'continue');
    // The deal's counts are laid on the board again, count by count as live, however slow the
    // machine: wait (at most 10 s) for the board to land where it stood, then compare it all.
    const seen = JSON.stringify(live);
    for (let waited = 0; waited < 10_000 && JSON.stringify(await table()) !== seen; waited += 100) {
      await page.waitForTimeout(100);
    }
    assert.deepEqual(await table(), live, 'the same board, total and deals after a reload');
    await finish();
  });

  it('plays a whole game by keyboard alone (1–6, L, C), resumes after a reload, and shows its how-to page from Help', async () => {
    const { page, finish } = await openPage(env, 'index.html?game=solitaire&seed=9&speed=instant', { viewport: PHONE, initScript: recordSaves });
    await settled(page);
    await page.keyboard.press('1');
    await page.keyboard.press('2');
    await page.keyboard.press('l');
    await settled(page);
    await page.keyboard.press('c');
    await settled(page);
    await page.reload();
    await settled(page);
    assert.equal(await page.getByTestId('game-tagline').textContent(), 'Cribbage Solitaire: 81 or more wins');
    assert.match(await page.getByTestId('prompt').textContent(), /^Deal 2 of 6/);
    assert.match(await page.getByTestId('log').textContent(), /Your crib: /, 'the log is told again');
    const keys = { l: 1, c: 1 };
    for (let i = 0; i < 60; i++) {
      const state = await settled(page);
      if (state === 'over') break;
      const key = state === 'continue' ? 'c' : 'l';
      if (key === 'l') {
        await page.keyboard.press(String((i % 3) + 1));
        await page.keyboard.press('6');
      }
      await page.keyboard.press(key);
      keys[key]++;
    }
    assert.equal(keys.l, 6, `six lay-aways by key: ${JSON.stringify(keys)}`);
    await assertFinal(page, 81);
    await assertReviewOpensPositions(page, 'lay-away', 6);
    // How to play, from Help.
    await page.keyboard.press('?');
    await page.getByTestId('help-howto-solitaire').click();
    const howto = page.locator('dialog[open].dialog--howto');
    await howto.waitFor();
    assert.equal(await howto.getByTestId('howto').getAttribute('data-game'), 'solitaire');
    assert.match(await howto.textContent(), /81 or more/);
    assert.match(await howto.textContent(), /The last four/);
    assert.deepEqual(await audit(page), [], 'axe, how to play Cribbage Solitaire');
    await finish();
  });
});

/**
 * Opens the review, then one of its entries (Issue 25, item 16): the decision's position as the
 * engine gives it, in view and no wider than the screen: the grid at that placement with every
 * cell the card might have gone to valued (or the six cards, the crib, the starter and all
 * fifteen lay-aways), the coach's best (★) and the choice made (●) marked; Next and Previous
 * step through them. Nothing reads null, undefined or NaN.
 * @param {import('playwright-core').Page} page
 * @param {'grid' | 'lay-away'} kind
 * @param {number} size  The grid's side (5 or 4); for a lay-away, the six cards.
 */
async function assertReviewOpensPositions(page, kind, size) {
  await page.getByTestId('action-review').click();
  const summary = page.getByTestId('review-summary');
  await summary.waitFor({ timeout: 90_000 });
  const dialog = page.locator('dialog[open]');
  const openers = dialog.getByTestId('review-open');
  const count = await openers.count();
  assert.ok(count >= 5, `${count} entries to open`);
  await openers.nth(Math.floor(count / 2)).click();
  const pane = dialog.getByTestId('review-position');
  await pane.waitFor();
  const viewport = page.viewportSize();
  for (let step = 0; step < 3; step++) {
    const text = await pane.innerText();
    assert.doesNotMatch(text, /\bnull\b|undefined|NaN/, text);
    assert.match(await pane.getByTestId('review-choice').textContent(), /^You chose: (row \d, column \d|lay away .+)\. (Better: .+ \(\d+\.\d points?\)\.|As good as the coach’s choice\.)$/);
    if (kind === 'grid') {
      const grid = pane.getByTestId('review-grid');
      assert.equal(await grid.locator('tbody tr').count(), size);
      assert.equal(await grid.locator('tbody td').count(), size * size);
      const placed = await grid.locator('td.is-placed').count();
      const valued = await grid.locator('td').evaluateAll((cells) => cells.filter((c) => /^[★●]*[+−]?\d+\.\d$/.test(c.textContent.trim())).length);
      assert.ok(placed >= 1 && valued >= 2, `${placed} cards placed, ${valued} cells valued`);
      assert.equal(await grid.locator('td', { hasText: '★' }).count(), 1, 'the coach’s best, once');
      assert.equal(await grid.locator('td', { hasText: '●' }).count(), 1, 'the choice made, once');
      assert.equal(await pane.locator('.review-cards').first().locator('svg.card').count(), 1, 'the card placed');
    } else {
      assert.equal(await pane.locator('.review-cards').first().locator('svg.card').count(), size, 'the six cards');
      assert.match(text, /The crib\s+2 cards face down/);
      assert.equal(await pane.locator('[data-testid="coach-table"] tbody tr').count(), 15, 'every lay-away');
      assert.equal(await pane.locator('[data-testid="coach-table"] tbody tr', { hasText: '★' }).count(), 1);
      assert.equal(await pane.locator('[data-testid="coach-table"] tbody tr', { hasText: '●' }).count(), 1);
    }
    await pane.scrollIntoViewIfNeeded();
    const box = await pane.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= viewport.width + 0.5, `the position fits the screen: ${JSON.stringify(box)}`);
    const overflow = await pane.evaluate((el) => [...el.querySelectorAll('.coach-scroll')].some((s) => s.scrollWidth > s.clientWidth + 1));
    assert.ok(!overflow, 'the position’s table needs no sideways scrolling');
    const heading = await pane.locator('.review-when').textContent();
    const next = pane.locator('[data-review="next"]');
    if (await next.isDisabled()) await pane.locator('[data-review="prev"]').click();
    else await next.click();
    assert.notEqual(await pane.locator('.review-when').textContent(), heading, 'stepped to another decision');
  }
  await dialog.getByTestId('dialog-close').click();
}

/** Plays Table Top through the page: clicks (or, by `keyboard`, arrows and Enter) on a cell where the card may go; C continues. */
async function tableTopToEnd(page, { keyboard = false } = {}) {
  const done = { placed: 0, continued: 0 };
  for (let i = 0; i < 400; i++) {
    const state = await settled(page, 60_000);
    if (state === 'over') return done;
    if (state === 'continue') {
      if (keyboard) await page.keyboard.press('c');
      else await press(page, '[data-testid="action-continue"]');
      done.continued++;
      continue;
    }
    if (!keyboard) {
      await press(page, '.lay-cell.is-legal', { nth: 0 });
    } else {
      await nextFrame(page);
      let at = await page.evaluate(() => Number(document.activeElement?.closest?.('.lay-cell')?.dataset.cell ?? -1));
      for (let t = 0; at < 0 && t < 40; t++) {
        await page.keyboard.press('Tab');
        at = await page.evaluate(() => Number(document.activeElement?.closest?.('.lay-cell')?.dataset.cell ?? -1));
      }
      assert.ok(at >= 0, 'the grid can be reached by keyboard');
      const target = await page.evaluate(() => Number(document.querySelector('.lay-cell.is-legal').dataset.cell));
      const [r, c, tr, tc] = [Math.floor(at / 5), at % 5, Math.floor(target / 5), target % 5];
      for (let k = 0; k < Math.abs(tr - r); k++) await page.keyboard.press(tr > r ? 'ArrowDown' : 'ArrowUp');
      for (let k = 0; k < Math.abs(tc - c); k++) await page.keyboard.press(tc > c ? 'ArrowRight' : 'ArrowLeft');
      await page.keyboard.press('Enter');
    }
    done.placed++;
  }
  throw new Error(`no end: ${JSON.stringify(done)}`);
}

/**
 * Tabs once round the page from the result's panel and names each control
 * reached on the table outside the panel (a cell by its test id).
 * @param {import('playwright-core').Page} page
 */
async function tabbedUnderPanel(page) {
  const reached = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const el = /** @type {HTMLElement | null} */ (document.activeElement);
      if (!el?.closest('.tbl') || el.closest('.tbl-layer--panel .panel-box')) return null;
      return el.dataset.testid ?? el.getAttribute('aria-label') ?? el.className;
    });
    if (at) reached.push(at);
  }
  return reached;
}

/** The engine's word on the Table Top game the page saved last, and the panel's title against it. */
async function assertTableTop(page, names) {
  const saves = await page.evaluate(() => globalThis.__saves);
  const game = FamilyGame.restore(JSON.parse(saves.at(-1)).save);
  const obs = game.observation(0);
  assert.ok(game.isOver());
  game.free();
  const title = await page.locator('.tbl-layer--panel h2').first().textContent();
  const winner = obs.winner;
  // The end as the engine says it: stopped in the game hole, or both totals where both passed it.
  const { shown } = obs.results.at(-1);
  assert.equal(title, `${names[winner]} ${names[winner].includes(' and ') || names[winner] === 'You' ? 'win' : 'wins'}, ${shown[winner]} to ${shown[1 - winner]}`);
  return obs;
}

describe('Table Top Cribbage on the page', () => {
  it('two players: in the picker, a whole game by mouse against the computer, each hand’s lines counted, to the engine’s result', async () => {
    const { page, finish, screenshot } = await openPage(env, 'index.html?seed=8&speed=instant', { viewport: DESKTOP, initScript: recordSaves });
    await settled(page);
    await page.getByTestId('tool-newgame').click();
    const either = page.locator('dialog[open]', { hasText: /New game|Abandon this game\?/ });
    await either.waitFor();
    if ((await either.textContent()).includes('Abandon')) await page.getByTestId('dialog-yes').click();
    const dialog = page.locator('dialog[open]', { hasText: 'New game' });
    await dialog.getByLabel(/^Table Top Cribbage/).check();
    assert.match(await dialog.getByTestId('setup-fixed').textContent(), /two players, or four in partnerships, one game to 121/);
    assert.equal(await dialog.locator('input[name="who"][value="partners"]').isDisabled(), false, 'four as partners offered');
    assert.equal(await dialog.locator('input[name="who"][value="two"]').isDisabled(), true, 'no three');
    await dialog.locator('select[name="level"]').selectOption('easy');
    await page.getByTestId('setup-howto').click();
    const howto = page.locator('dialog[open].dialog--howto');
    await howto.waitFor();
    assert.equal(await howto.getByTestId('howto').getAttribute('data-game'), 'table-top');
    assert.deepEqual(await audit(page), [], 'axe, how to play Table Top');
    await howto.getByTestId('dialog-close').click();
    await page.getByTestId('dialog-deal').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="game-tagline"]')?.textContent === 'Table Top Cribbage: the first to 121 wins');
    await settled(page, 60_000);
    assert.equal(await page.locator('.lay-cell').count(), 25);
    assert.equal(await page.locator('.lay-mark').count(), 10, 'five rows and five columns');
    assert.match(await page.getByTestId('line-0').getAttribute('aria-label'), /^Row 1 \((yours|Ada)\): 0 points so far$/);
    // Only cells next to a card, from the engine's moves.
    const legal = await page.locator('.lay-cell.is-legal').count();
    assert.ok(legal >= 1 && legal < 24, `${legal} cells marked`);
    assert.deepEqual(await audit(page), [], 'axe, the layout');
    await screenshot('table-top-2');
    const done = await tableTopToEnd(page);
    assert.ok(done.placed >= 12 && done.continued >= 1, JSON.stringify(done));
    await assertTableTop(page, ['You', 'Ada']);
    await assertReviewOpensPositions(page, 'grid', 5);
    await finish();
  });

  it('a reload at a hand’s count tells its lines again on that hand’s grid, with the scores as they were', async () => {
    // The table after a reload was the engine's game as it now stands: the next hand's
    // empty grid (its centre card and the card to place), the lines lit on no cards.
    const { page, finish } = await openPage(env, 'index.html?game=table-top&seed=31&speed=instant&level=easy', { viewport: DESKTOP });
    const table = () => page.evaluate(() => ({
      cells: [...document.querySelectorAll('.lay-cell')].map((c) => c.getAttribute('aria-label')),
      lines: [...document.querySelectorAll('.lay-mark')].map((m) => m.getAttribute('aria-label')),
      next: document.querySelector('[data-testid="layout-next"]')?.textContent,
      total: document.querySelector('[data-testid="layout-total"]')?.textContent,
      board: [...document.querySelectorAll('.board-chip-score, .board-chip-last')].map((e) => e.textContent),
    }));
    // The board's pegs land after the count is told: read it once they show the total's scores.
    const landed = () =>
      page.waitForFunction(() => {
        const sorted = (list) => list.map(Number).sort((a, b) => a - b).join();
        const total = document.querySelector('[data-testid="layout-total"] .lay-total-value')?.textContent.split('–') ?? [];
        return sorted(total) === sorted([...document.querySelectorAll('.board-chip-score')].map((e) => e.textContent));
      });
    let state = await settled(page, 60_000);
    for (let i = 0; i < 60 && state !== 'continue'; i++) {
      await press(page, '.lay-cell.is-legal', { nth: 0 });
      state = await settled(page, 60_000);
    }
    assert.equal(state, 'continue', 'the hand’s lines counted');
    await landed();
    const live = await table();
    assert.ok(live.cells.every((label) => !label.endsWith(': empty')), 'the hand’s grid, full');
    await page.reload();
    assert.equal(await settled(page, 60_000), 'continue');
    await landed();
    assert.deepEqual(await table(), live, 'the same table after a reload');
    await page.keyboard.press('c');
    assert.equal(await settled(page, 60_000), 'turn');
    assert.ok((await table()).cells.some((label) => label.endsWith(': empty')), 'then the next hand, on a grid of its own');
    await finish();
  });

  it('four players: the draw seats the partnerships, partners opposite, here you with seat 3 (issue 25, item 7)', async () => {
    const { page, finish, screenshot } = await openPage(env, 'index.html?game=table-top&players=4&seed=42&speed=instant&level=easy', { viewport: PHONE, initScript: recordSaves });
    await settled(page, 60_000);
    // The engine's own word: who partners whom and the order round the table.
    const saves = await page.evaluate(() => globalThis.__saves);
    const game = FamilyGame.restore(JSON.parse(saves.at(-1)).save);
    const obs = game.observation(0);
    const draw = game.events(0).filter((e) => e.type === 'draw_for_partners').at(-1);
    game.free();
    const partner = [1, 2, 3].find((seat) => obs.sides[seat] === obs.sides[0]);
    assert.equal(partner, 3, 'this seed’s draw partners you with seat 3, not seat 2');
    assert.deepEqual(obs.order, [0, 1, 3, 2]);
    assert.deepEqual(draw.seated.order, obs.order);
    // The others from your left in the order of play: Ada, your partner Cleo opposite, then Ben.
    const seats = page.locator('.tbl-opponents .seat');
    assert.deepEqual(await seats.evaluateAll((list) => list.map((s) => Number(s.dataset.seat))), obs.order.slice(1));
    assert.deepEqual(await seats.locator('.plate-name').allTextContents(), ['Ada', 'Cleo', 'Ben']);
    assert.equal(await seats.nth(1).locator('.badge', { hasText: /Partner|P/ }).count(), 1, 'the partner opposite');
    assert.match(await seats.nth(1).getAttribute('aria-label'), /^Cleo, your partner/);
    for (const i of [0, 2]) assert.doesNotMatch(await seats.nth(i).getAttribute('aria-label'), /partner/);
    // The draw as the log tells it: each card, and the partnerships it made.
    const log = await page.getByTestId('log').textContent();
    const high = draw.seated.sides[draw.seated.dealer];
    const sides = high === 0 ? ['You and your partner', 'Ada and Ben'] : ['Ada and Ben', 'you and your partner'];
    assert.match(log, new RegExp(`You draw the [a-z]+ of [a-z]+;.*${sides[0]}, the two highest, against ${sides[1]}`));
    const boxes = await Promise.all([0, 1, 2].map((i) => seats.nth(i).boundingBox()));
    assert.ok(boxes[0].x < boxes[1].x && boxes[1].x < boxes[2].x, 'left, opposite, right');
    await screenshot('table-top-4-drawn');
    const done = await tableTopToEnd(page);
    assert.ok(done.placed >= 6, JSON.stringify(done));
    await assertTableTop(page, ['You and Cleo', 'Ada and Ben']);
    await assertReviewOpensPositions(page, 'grid', 5);
    await finish();
  });

  it('two players by keyboard alone, and four players (partners) by mouse and by keyboard', async () => {
    for (const [players, keyboard, names] of /** @type {const} */ ([
      ['2', true, ['You', 'Ada']],
      ['4', false, ['You and Cleo', 'Ada and Ben']],
      ['4', true, ['You and Cleo', 'Ada and Ben']],
    ])) {
      const { page, finish } = await openPage(env, `index.html?game=table-top&players=${players}&seed=${players}${keyboard ? 1 : 2}&speed=instant&level=easy`, { viewport: PHONE, initScript: recordSaves });
      await settled(page, 60_000);
      assert.equal(await page.locator('.tbl-opponents .seat').count(), Number(players) - 1);
      const done = await tableTopToEnd(page, { keyboard });
      assert.ok(done.placed >= 6, JSON.stringify(done));
      const obs = await assertTableTop(page, names);
      assert.equal(obs.rules.players, Number(players));
      // Nothing under the result takes the focus (the grid's cells, the last show's
      // phrases, seen dimmed through it) until "See the table" moves it aside.
      assert.deepEqual(await tabbedUnderPanel(page), [], 'Tab reaches nothing the result covers');
      await page.getByTestId('panel-aside').press('Enter');
      assert.ok((await tabbedUnderPanel(page)).some((what) => what.startsWith('cell-')), 'the table moved aside, its grid is reached');
      await finish();
    }
  });
});
