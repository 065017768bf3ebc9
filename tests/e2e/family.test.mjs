// @ts-check
// Noddy and Costly Colours on the page: chosen in the picker or by
// ?game=, each with its own board (Noddy's 31 holes), its announcement or
// show counted phrase by phrase, the mog and an ace's value asked as
// choices, whole games played through the page's own controls (by mouse
// and by keyboard) with each result checked against the engine's own
// replay of the saved game, saving and resuming, and statistics.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import * as glue from '../../www/pkg-family/cribbage.js';
import { gameClass } from '../../www/js/game-handle.js';
import { GAMES } from '../../www/js/games.js';
import { DESKTOP, PHONE, audit, openPage, setUp } from './harness.mjs';
import { keysAfterAClick, offer, playToEnd, settled, step } from './table-driver.mjs';

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

/** Opens the new-game set-up, abandoning the game in progress if asked. */
async function newGameDialog(page) {
  await page.getByTestId('tool-newgame').click();
  const either = page.locator('dialog[open]', { hasText: /New game|Abandon this game\?/ });
  await either.waitFor();
  if ((await either.textContent()).includes('Abandon')) await page.getByTestId('dialog-yes').click();
  await page.locator('dialog[open]', { hasText: 'New game' }).waitFor();
}

/** The engine's own word on the game the page saved last: its winner and scores. */
async function engineResult(page) {
  const saves = await page.evaluate(() => globalThis.__saves);
  const last = JSON.parse(saves.at(-1));
  const game = FamilyGame.restore(last.save);
  const obs = game.observation(0);
  const result = { over: game.isOver(), winner: game.winner(), scores: obs.scores.map((p) => p.front), hands: obs.hand_number };
  game.free();
  return result;
}

/**
 * Each hand's end the log kept says both scores, as cribbage's does (a
 * screen reader's only word of the totals between the pegs; it said "The
 * hand is over." alone): "The hand is over. You 8, Ada 5.", the scores
 * never going back, none past the game's final ones.
 * @param {import('playwright-core').Page} page
 * @param {{ scores: number[] }} result  the engine's result of the game
 */
async function assertHandEnds(page, result) {
  const ends = await page.getByTestId('log').locator('li').filter({ hasText: /^The hand is over/ }).allTextContents();
  assert.ok(ends.length >= 1, 'a hand ended in the log kept');
  let before = [0, 0];
  for (const line of ends) {
    const m = /^The hand is over\. You (\d+), Ada (\d+)\.$/.exec(line);
    assert.ok(m, `a hand's end says the scores: ${line}`);
    const now = [Number(m[1]), Number(m[2])];
    assert.ok(now.every((n, i) => n >= before[i] && n <= result.scores[i]), `${line} after ${before}, the game ending ${result.scores}`);
    before = now;
  }
}

/** The final panel's title must say what the engine says. */
function assertResult(title, result, target) {
  assert.ok(result.over, 'the last save is of the finished game');
  const winner = result.winner === 0 ? 'You win' : 'Ada wins';
  const loser = result.scores[1 - result.winner];
  assert.equal(title, `${winner}, ${Math.min(result.scores[result.winner], target)} to ${loser}`);
}

/** Plays by keyboard only: digits lay cards, G says go, C continues, M mogs, P passes. */
async function playByKeys(page, limit = 600) {
  const keys = {};
  for (let i = 0; i < limit; i++) {
    const state = await settled(page);
    if (state === 'over') return keys;
    let key;
    if (state === 'continue') key = 'c';
    else if (await page.getByTestId('action-mog').count()) key = 'm';
    else if (await page.getByTestId('action-pass').count()) {
      // Choose the first card with its number, then P passes it.
      await page.keyboard.press('1');
      key = 'p';
    } else if (await page.locator('[data-testid^="action-ace-"]').count()) key = 'Enter';
    else if (await page.getByTestId('action-go').count()) key = 'g';
    else {
      const index = await page.locator('.tbl-hand .hand-card').evaluateAll((cards) => cards.findIndex((c) => c.classList.contains('is-playable')));
      if (index < 0) {
        // A forced go said for the player: the table moves on by itself.
        await page.waitForTimeout(100);
        continue;
      }
      key = String(index + 1);
    }
    await page.keyboard.press(key);
    keys[key] = (keys[key] ?? 0) + 1;
  }
  throw new Error(`no end by keyboard after ${limit} keys: ${JSON.stringify(keys)}`);
}

describe('Noddy on the page', () => {
  it('is in the picker: two players, one game to 31 on a 31-hole board, and a whole game played to the engine’s result', async () => {
    const { page, finish, screenshot } = await openPage(env, 'index.html?seed=8&speed=instant', { viewport: DESKTOP, initScript: recordSaves });
    await settled(page);
    await newGameDialog(page);
    const dialog = page.locator('dialog[open]', { hasText: 'New game' });
    assert.deepEqual(await dialog.locator('input[name="game"]').evaluateAll((inputs) => inputs.map((i) => /** @type {HTMLInputElement} */ (i).value)), GAMES.map((game) => game.id));
    await dialog.getByLabel(/^Noddy/).check();
    assert.equal(await dialog.getByTestId('setup-fixed').textContent(), 'Noddy is for two players, one game to 31, each hand counted for you.');
    assert.equal(await dialog.locator('input[name="who"][value="two"]').isDisabled(), true, 'no three-handed Noddy');
    assert.equal(await dialog.locator('input[name="who"][value="partners"]').isDisabled(), true, 'no partners');
    assert.equal(await dialog.locator('input[name="target"]').first().isVisible(), false, 'no target to choose');
    assert.deepEqual(await audit(page), [], 'axe, the set-up with Noddy chosen');
    await page.getByTestId('setup-howto').click();
    const howto = page.locator('dialog[open].dialog--howto');
    await howto.waitFor();
    assert.equal(await howto.getByTestId('howto').getAttribute('data-game'), 'noddy');
    assert.match(await howto.textContent(), /Knave noddy/);
    assert.deepEqual(await audit(page), [], 'axe, how to play Noddy');
    await howto.getByTestId('dialog-close').click();
    await page.getByTestId('dialog-deal').click();
    // The family's module loads, then Noddy is dealt.
    await page.waitForFunction(() => document.querySelector('[data-testid="game-tagline"]')?.textContent === 'Noddy: the first to 31 wins');
    await page.waitForFunction(() => document.querySelector('[data-testid="show-hand-1"]'));
    await settled(page);
    // One track a player of 30 holes, then the game hole: Noddy's board, not a corner of cribbage's.
    assert.equal(await page.locator('.board-track[data-side="0"] .board-hole:not(.board-hole--start)').count(), 30);
    assert.equal(await page.locator('.board-hole--game').count(), 1);
    assert.equal(await page.locator('.tbl-crib').isVisible(), false, 'Noddy has no crib');

    // The announcements, before the play: counted in the panel, the other's cards face down.
    assert.equal(await page.getByTestId('action-continue').textContent(), 'Play');
    const mine = page.getByTestId('show-hand-0');
    const theirs = page.getByTestId('show-hand-1');
    assert.equal(await mine.locator('.show-cards svg').count(), 4, 'your three cards and the turn-up');
    assert.match(await mine.locator('.show-cards').getAttribute('aria-label'), /, and the turn-up, /);
    assert.match(await theirs.locator('.show-cards').getAttribute('aria-label'), /^3 cards not shown, and the turn-up/);
    assert.match(await page.getByTestId('log').textContent(), /Your announcement: /);
    assert.match(await page.getByTestId('log').textContent(), /Ada’s announcement: /);
    await screenshot('noddy-announcements');
    assert.deepEqual(await audit(page), [], 'axe, the announcements');
    await page.getByTestId('action-continue').click();
    await settled(page);
    assert.match(await page.getByTestId('prompt').textContent(), /Play a card\. The count is \d+\.|no card fits/);

    // The coach at the first play with a choice: the best card in the table's words, and every card.
    // Looked at once the table asks: a step returns as it acts, the coach's buttons off till then.
    for (let i = 0; i < 40; i++) {
      await settled(page);
      if (!(await page.locator('[data-coach="hint"]').isDisabled())) break;
      await step(page);
    }
    await page.locator('[data-coach="hint"]').click();
    const hint = page.getByTestId('coach-hint');
    await hint.waitFor();
    assert.match(await hint.textContent(), /^Play the [a-z]+ of [a-z]+\./);
    await page.locator('.tbl-hand .hand-card.is-suggested').first().waitFor();
    assert.equal(await page.locator('.tbl-hand .hand-card.is-suggested').count(), 1, 'the card is lit');
    await page.locator('[data-coach="table"]').click();
    const choices = page.getByTestId('coach-table');
    await choices.waitFor();
    assert.deepEqual(await choices.locator('thead th').allTextContents(), ['Card', 'Makes', 'Scores now', 'Worth']);
    assert.ok((await choices.locator('tbody tr').count()) >= 2);
    // What each card scores as it is laid: a whole count, none where it makes nothing (the worth was shown there, '-1.7666666666666666').
    for (const row of await choices.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')))) {
      assert.match(row[2], /^\d+$/, `scores now: ${row}`);
      if (row[1] === '–') assert.equal(row[2], '0', `makes nothing, scores nothing: ${row}`);
    }

    const done = await playToEnd(page);
    assert.ok(done.play >= 2, `cards laid: ${JSON.stringify(done)}`);
    const title = await page.locator('.tbl-layer--panel h2').first().textContent();
    const result = await engineResult(page);
    assertResult(title, result, 31);
    await assertHandEnds(page, result);
    // The review: each decision judged by the coach.
    await page.getByTestId('action-review').click();
    const summary = page.getByTestId('review-summary');
    await summary.waitFor({ timeout: 20_000 });
    assert.match(await summary.textContent(), /^\d+ decisions reviewed/);
    await page.getByTestId('review-step-through').click();
    assert.match(await page.getByTestId('review-choice').textContent(), /^You chose: (play|go)/);
    await page.locator('dialog[open]').getByTestId('dialog-close').click();
    for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
      await page.emulateMedia({ colorScheme });
      assert.deepEqual(await audit(page), [], `axe, the end of a Noddy game, ${colorScheme}`);
    }
    await screenshot('noddy-over');

    // Its statistics, kept apart from cribbage's.
    await page.getByTestId('tool-stats').click();
    const stats = page.getByTestId('stats');
    await stats.waitFor();
    assert.equal(await stats.getAttribute('data-game'), 'noddy');
    assert.match(await stats.textContent(), /Games played1/);
    assert.match(await stats.textContent(), /Average announcement/);
    assert.doesNotMatch(await stats.textContent(), /Skunk|crib/);
    await finish();
  });

  it('keeps the keyboard after a card played with a click: the focus stays on the table, N and ? work while Ada plays', async () => {
    // The card clicked went with the focus on it, and the focus fell to the page until the next turn.
    const { page, finish } = await openPage(env, 'index.html?game=noddy&seed=5&speed=slow', { viewport: DESKTOP });
    await settled(page);
    await keysAfterAClick(page);
    await finish();
  });

  it('plays a whole game by keyboard alone, and resumes after a reload as Noddy', async () => {
    const { page, finish } = await openPage(env, 'index.html?game=noddy&seed=21&speed=instant', { viewport: PHONE, initScript: recordSaves });
    await settled(page);
    // Two decisions, then a reload: the game goes on where it stood.
    await step(page);
    await step(page);
    const before = await page.evaluate(() => JSON.parse(localStorage.getItem('cribbage.game')).save);
    await page.reload();
    await settled(page);
    assert.equal(await page.getByTestId('game-tagline').textContent(), 'Noddy: the first to 31 wins');
    // The game as saved (the computer may have replied since): its actions go on from the saved ones.
    const now = JSON.parse(await page.evaluate(() => JSON.parse(localStorage.getItem('cribbage.game')).save));
    const then = JSON.parse(before);
    assert.ok(then.actions.length >= 2, 'two decisions were saved');
    assert.deepEqual(now.actions.slice(0, then.actions.length), then.actions, 'restored as saved');
    assert.ok((await page.getByTestId('log').locator('li').count()) > 2, 'the log is told again');
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    const keys = await playByKeys(page);
    assert.ok(keys.c >= 1, `continued by key: ${JSON.stringify(keys)}`);
    const title = await page.locator('.tbl-layer--panel h2').first().textContent();
    assertResult(title, await engineResult(page), 31);
    await finish();
  });
});

describe('Costly Colours on the page', () => {
  it('asks the mog as a choice, then the card to pass, and plays a whole game to the engine’s result', async () => {
    const { page, finish, screenshot } = await openPage(env, 'index.html?game=costly-colours&seed=8&speed=instant&level=easy', { viewport: DESKTOP, initScript: recordSaves });
    await settled(page);
    assert.equal(await page.getByTestId('game-tagline').textContent(), 'Costly Colours: the first to 121 wins');
    assert.equal(await page.locator('.board-track[data-side="0"] .board-hole:not(.board-hole--start)').count(), 120);
    // Play until the mog is asked of the player.
    // Each look once the table asks: a look as a step returns saw the table before it drew what
    // follows, and the next step said "mog" itself.
    for (let i = 0; i < 50; i++) {
      const seen = await offer(page);
      if (seen.mog) break;
      await step(page, {}, seen);
    }
    assert.equal(await page.getByTestId('action-mog').textContent(), 'Mog');
    assert.equal(await page.getByTestId('action-refuse').textContent(), 'No mog');
    assert.equal(await page.getByTestId('prompt').textContent(), 'Mog? Each of you would pass a card face down. No mog gives Ada a point.');
    await screenshot('costly-mog');
    assert.deepEqual(await audit(page), [], 'axe, the mog');
    await page.getByTestId('action-mog').click();
    await settled(page);
    if (await page.getByTestId('action-pass').count()) {
      assert.equal(await page.getByTestId('action-pass').isDisabled(), true, 'a card is chosen first');
      await page.locator('.tbl-hand .hand-card.is-playable').first().click();
      // The table draws at its next frame: then the chosen card may be passed.
      await page.waitForFunction(() => /** @type {HTMLButtonElement} */ (document.querySelector('[data-testid="action-pass"]'))?.disabled === false);
      assert.equal(await page.locator('.tbl-hand .hand-card[aria-pressed="true"]').count(), 1, 'one card chosen');
      await page.getByTestId('action-pass').click();
    }
    const done = await playToEnd(page);
    assert.ok(done.continue >= 3, `hands shown and studied: ${JSON.stringify(done)}`);
    const title = await page.locator('.tbl-layer--panel h2').first().textContent();
    const result = await engineResult(page);
    assertResult(title, result, 121);
    await assertHandEnds(page, result);
    assert.match(await page.getByTestId('log').textContent(), /Your hand: /);
    assert.deepEqual(await audit(page), [], 'axe, the end of a Costly Colours game');
    // The review: the mog, the pass and the play, each judged.
    await page.getByTestId('action-review').click();
    const summary = page.getByTestId('review-summary');
    await summary.waitFor({ timeout: 30_000 });
    assert.match(await summary.textContent(), /^\d+ decisions reviewed/);
    assert.doesNotMatch(await summary.textContent(), /\d{3,} points/, 'a game thrown away is not summed as points');
    await page.getByTestId('review-step-through').click();
    assert.match(await page.getByTestId('review-choice').textContent(), /^You chose: (mog|no mog|pass|play)/);
    await finish();
  });

  it('plays a whole game by keyboard alone, the mog and the pass included', async () => {
    const { page, finish } = await openPage(env, 'index.html?game=costly-colours&seed=33&speed=instant&level=easy', { viewport: PHONE, initScript: recordSaves });
    await settled(page);
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    const keys = await playByKeys(page, 2000);
    assert.ok(keys.m >= 1 && keys.p >= 0, `mogged by key: ${JSON.stringify(keys)}`);
    const title = await page.locator('.tbl-layer--panel h2').first().textContent();
    assertResult(title, await engineResult(page), 121);
    await finish();
  });
});

describe('The three-card games’ reviews (issue 25, item 2)', () => {
  // The games the issue named: Noddy, seed 5, and Costly Colours, seed 21, against Hard.
  for (const [game, seed, target, viewport] of /** @type {const} */ ([
    ['noddy', 5, 31, PHONE],
    ['costly-colours', 21, 121, DESKTOP],
  ])) {
    it(`${game}: every cost within the game's points, and every position with its scores and its turn-up`, async () => {
      const { page, finish } = await openPage(env, `index.html?game=${game}&seed=${seed}&level=hard&speed=instant`, { viewport, initScript: recordSaves });
      await playToEnd(page);
      await page.getByTestId('action-review').click();
      const dialog = page.locator('dialog[open]');
      const summary = dialog.getByTestId('review-summary');
      await summary.waitFor({ timeout: 90_000 });
      // Each cost in points, never more than the two players could still score to the game hole.
      const costs = await dialog.locator('[data-testid="review-table"] tbody td:last-child').allTextContents();
      assert.ok(costs.length >= 1, 'a decision that cost something');
      for (const cost of costs) {
        const m = /^(\d+\.\d) points?$/.exec(cost);
        assert.ok(m && Number(m[1]) > 0 && Number(m[1]) <= 2 * target, cost);
      }
      const total = Number(/costing about (\d+\.\d) points/.exec(await summary.textContent())[1]);
      assert.ok(total <= costs.reduce((s, c) => s + parseFloat(c), 0) + 0.5, `${total} in all`);
      // Every decision's position: the cards, the turn-up, both scores; never null, undefined or NaN.
      await dialog.getByTestId('review-step-through').click();
      const pane = dialog.getByTestId('review-position');
      let seen = 0;
      for (;;) {
        const text = await pane.innerText();
        assert.doesNotMatch(text, /\bnull\b|undefined|NaN/, text);
        const turnUp = pane.locator('.review-row', { hasText: 'Turn-up' });
        assert.equal(await turnUp.locator('svg.card').count(), 1, `the turn-up shows: ${text}`);
        assert.match(await pane.locator('.review-scores').textContent(), /^Scores: You \d+, Ada \d+\.$/);
        assert.match(await pane.getByTestId('review-choice').textContent(), /^You chose: (play|mog|no mog|pass) .*|^You chose: (mog|no mog)\./);
        seen++;
        const next = pane.locator('[data-review="next"]');
        if (await next.isDisabled()) break;
        await next.click();
      }
      assert.ok(seen >= 5, `${seen} decisions stepped through`);
      assert.doesNotMatch(await dialog.innerText(), /\bnull\b|undefined|NaN/);
      await finish();
    });
  }
});
