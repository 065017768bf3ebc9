// @ts-check
// The game and the device's storage: two tabs of the app on one saved game
// (one plays, the other says so and can take over, and nothing is lost), and
// storage that fails (full, or forbidden outright): the game plays on, says
// once that it is not being kept, and nothing reaches the console.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openPage, setUp } from './harness.mjs';
import { settled, step } from './table-driver.mjs';

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

const savedGame = (page) => page.evaluate(() => localStorage.getItem('cribbage.game'));
const actionsIn = (text) => JSON.parse(JSON.parse(text).save).actions.length;
const handOf = (page) => page.locator('.tbl-hand .hand-card').evaluateAll((cards) => cards.map((c) => c.dataset.card ?? '?'));
const NOT_KEPT = /Your progress is not being kept/;

/**
 * Brings the page's later parts in at once by a first use (the statistics,
 * opened and closed), as they otherwise come 1.5 s after the table first
 * waits: a move saved before they are in has no share of the statistics,
 * and a tab taking the game over writes it with one, so the saves two tabs
 * compare byte for byte would differ by when the module arrived.
 * @param {import('playwright-core').Page} page
 */
async function laterPartsIn(page) {
  await page.getByTestId('tool-stats').click();
  const dialog = page.locator('dialog[open]');
  await dialog.getByTestId('stats').waitFor();
  await dialog.getByTestId('dialog-close').click();
  await dialog.waitFor({ state: 'detached' });
}

/** Plays until the first show is on the table; returns the steps taken. */
async function playToFirstShow(page) {
  const done = [];
  for (let i = 0; i < 200; i++) {
    if ((await settled(page)) === 'continue') return done;
    done.push(await step(page));
  }
  throw new Error(`no show after ${done.length} steps`);
}

describe('two tabs of the app', () => {
  it('lets one tab play, and the other take over without losing a move', async () => {
    const first = await openPage(env, 'index.html?seed=71&speed=instant&level=easy');
    const a = first.page;
    await settled(a);
    await laterPartsIn(a);
    await step(a); // lay away: the game is saved with an action in it
    await settled(a);
    const beforeB = await savedGame(a);
    assert.ok(actionsIn(beforeB) >= 1);

    // A second tab on the same app sees the game is played elsewhere.
    const b = await first.openAnother('index.html?speed=instant');
    const elsewhereB = b.getByTestId('elsewhere');
    await elsewhereB.waitFor();
    assert.match(await elsewhereB.textContent(), /being played in another tab or window/);
    assert.equal(await b.locator('.tbl').count(), 0, 'no table to play on in the second tab');
    assert.equal(await savedGame(b), beforeB, 'opening it changed nothing');
    // The first tab still plays.
    assert.equal(await a.getByTestId('elsewhere').count(), 0);
    const handA = await handOf(a);

    // Take over in the second tab: the first stops and says why.
    await b.getByTestId('take-over').click();
    await settled(b);
    const elsewhereA = a.getByTestId('elsewhere');
    await elsewhereA.waitFor();
    assert.match(await elsewhereA.textContent(), /went on in another tab or window/);
    assert.deepEqual(await handOf(b), handA, 'the same hand, in the other tab');
    assert.equal(await savedGame(b), beforeB, 'the same saved game, byte for byte');

    // The second tab plays on; the first takes the game back, with that move in it.
    await step(b);
    await settled(b);
    const afterB = await savedGame(b);
    const handB = await handOf(b);
    assert.ok(actionsIn(afterB) > actionsIn(beforeB), 'the second tab played');
    await a.getByTestId('take-over').click();
    await settled(a);
    await b.getByTestId('elsewhere').waitFor();
    assert.equal(await savedGame(a), afterB, 'the first tab goes on from the second tab’s move');
    assert.deepEqual(await handOf(a), handB, 'the hand as the second tab left it');
    await step(a);
    await settled(a);
    assert.ok(actionsIn(await savedGame(a)) > actionsIn(afterB), 'and plays on');
    await first.finish();
  });
});

describe('two tabs, with neither Web Locks nor BroadcastChannel', () => {
  it('stops the tab that did not play when the other saves, and hands over through storage events', async () => {
    const initScript = () => {
      delete window.BroadcastChannel;
      Object.defineProperty(Navigator.prototype, 'locks', { configurable: true, get: () => undefined });
    };
    const first = await openPage(env, 'index.html?seed=72&speed=instant&level=easy', { initScript });
    const a = first.page;
    await settled(a);
    await laterPartsIn(a);
    const b = await first.openAnother('index.html?speed=instant');
    // With no lock to tell, both tabs show the game; the first to play keeps it.
    await settled(b);
    await step(a);
    await settled(a);
    await b.getByTestId('elsewhere').filter({ hasText: /went on in another tab or window/ }).waitFor();
    const saved = await savedGame(a);
    const hand = await handOf(a);
    // Taking it back in the second tab stops the first, by a message through storage.
    await b.getByTestId('take-over').click();
    await settled(b);
    await a.getByTestId('elsewhere').waitFor();
    assert.equal(await savedGame(b), saved, 'the same saved game');
    assert.deepEqual(await handOf(b), hand, 'the same hand');
    await first.finish();
  });
});

describe('storage that fails', () => {
  for (const [name, initScript] of [
    [
      'full (setItem throws QuotaExceededError)',
      () => {
        Storage.prototype.setItem = function setItem() {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
      },
    ],
    [
      'forbidden (reading window.localStorage throws SecurityError)',
      () => {
        Object.defineProperty(window, 'localStorage', {
          configurable: true,
          get() {
            throw new DOMException('Access is denied for this document.', 'SecurityError');
          },
        });
      },
    ],
  ]) {
    it(`plays on and says once that progress is not kept: ${name}`, async () => {
      const { page, finish } = await openPage(env, 'index.html?seed=5&speed=instant&level=easy', { initScript });
      await settled(page);
      assert.match(await page.locator('.cribbage [role="alert"]').innerText(), NOT_KEPT, 'said at once, in the live region');
      const steps = await playToFirstShow(page);
      assert.ok(steps.length >= 4, `the hand was played (${steps.join(', ')})`);
      await step(page); // past the show, into the next hand
      await settled(page);
      const log = await page.getByTestId('log').innerText();
      assert.equal(log.match(new RegExp(NOT_KEPT.source, 'g'))?.length, 1, 'told once, in the log');
      assert.match(log, /Hand 2:/, 'the second hand is dealt');
      await finish();
    });
  }
});
