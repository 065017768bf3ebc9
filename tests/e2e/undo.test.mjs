// @ts-check
// Undo at the table, through the page's own controls: it takes back the
// player's last decision and the computer's replies, through the engine's
// undo, which re-draws an undone cut so a starter once seen is not learnt;
// the table and the log follow the engine; with nothing to take back it is
// refused in words; and a game where it was used is practice, kept out of
// the statistics.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, openPage, setUp } from './harness.mjs';
import { offer, playToEnd, settled, step } from './table-driver.mjs';

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

async function openGame(query, options = {}) {
  const opened = await openPage(env, `index.html?${query}`, options);
  await settled(opened.page);
  return opened;
}

const starterLabel = (page) => page.locator('.tbl-deck .spot').getAttribute('aria-label');
const handCards = (page) => page.locator('.tbl-hand .hand-card').evaluateAll((cards) => cards.map((c) => c.dataset.card));
const logText = (page) => page.getByTestId('log').innerText();

/** Lays away exactly these cards through the table, and waits for the player's next turn. */
async function layAway(page, cards) {
  for (const card of cards) await page.getByTestId(`card-${card}`).click();
  await page.getByTestId('action-layaway').click();
  assert.equal(await settled(page), 'turn');
}

describe('undo', () => {
  it('takes back a lay-away and the cut after it, and draws the starter afresh', async () => {
    const { page, finish } = await openGame('seed=4&speed=instant&target=61', { viewport: DESKTOP });
    const dealt = await handCards(page);
    const thrown = dealt.slice(0, 2);
    await layAway(page, thrown);
    const first = await starterLabel(page);
    assert.match(first, /^Starter: /, 'the starter is cut');
    const firstCard = first.replace('Starter: ', '');
    assert.match(await logText(page), new RegExp(`the starter is the ${firstCard}\\.`));

    // Undo, by its button: back to laying away, the same six cards, no starter.
    const undo = page.getByTestId('action-undo');
    assert.equal(await undo.getAttribute('aria-keyshortcuts'), 'U');
    assert.match(await undo.getAttribute('aria-label'), /^Undo: take back your last move/);
    await undo.click();
    assert.equal(await settled(page), 'turn');
    assert.match(await page.getByTestId('prompt').textContent(), /^Choose two cards for/);
    assert.deepEqual((await handCards(page)).sort(), [...dealt].sort(), 'the same hand back');
    assert.equal(await starterLabel(page), 'The pack; the starter is not cut yet');
    assert.equal(await page.getByTestId('practice').count(), 1, 'the table says the game is practice');
    const log = await logText(page);
    assert.ok(!log.includes('the starter is'), 'the log follows the engine: the undone cut is gone');
    assert.match(await page.locator('[role="alert"]').textContent(), /You took back your last move\. This game is now practice/, 'the take-back is said');
    // The log tells the game as it stands, as a reload tells it again: the
    // take-back was one line more in it, which a reload had not.
    await page.reload();
    assert.equal(await settled(page), 'turn');
    assert.equal(await logText(page), log, 'the same log after a reload');

    // The same cards laid away again: the engine draws the cut afresh.
    await layAway(page, thrown);
    const second = await starterLabel(page);
    assert.match(second, /^Starter: /);
    assert.notEqual(second, first, 'an undone cut is re-drawn, not learnt');
    // Saved with the game: practice survives a reload.
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('cribbage.game')));
    assert.equal(saved.practice, true);
    await page.reload();
    assert.equal(await settled(page), 'turn');
    assert.equal(await page.getByTestId('practice').count(), 1);
    assert.equal(await starterLabel(page), second);
    await finish();
  });

  it('is refused gracefully when there is nothing to take back', async () => {
    const { page, finish } = await openGame('seed=5&speed=instant', { viewport: DESKTOP });
    assert.equal(await page.getByTestId('action-undo').count(), 0, 'no Undo before any move');
    const before = await handCards(page);
    await page.keyboard.press('u');
    await page.getByTestId('live').filter({ hasText: 'Nothing to undo' }).waitFor({ state: 'attached' });
    assert.equal(await settled(page), 'turn');
    assert.deepEqual(await handCards(page), before, 'nothing changed');
    assert.equal(await page.getByTestId('practice').count(), 0, 'not practice');
    assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('cribbage.game'))).practice, false);

    // Nor at pass-and-play, where it would show one player's cards to another.
    const people = await openPage(env, 'index.html?seed=5&speed=instant&mode=people&players=2', { viewport: DESKTOP });
    for (let i = 0; i < 3 && (await settled(people.page)) === 'reveal'; i++) await people.page.getByTestId('action-reveal').click();
    assert.equal(await settled(people.page), 'turn');
    await people.page.keyboard.press('u');
    await people.page.getByTestId('live').filter({ hasText: 'not pass-and-play' }).waitFor({ state: 'attached' });
    assert.equal(await people.page.getByTestId('action-undo').count(), 0);
    await people.finish();
    await finish();
  });

  it('keeps a practice game out of the statistics', async () => {
    const { page, finish } = await openGame('seed=61&speed=instant&target=61', { viewport: DESKTOP });
    await layAway(page, (await handCards(page)).slice(0, 2));
    // The statistics are kept per table (game, level, players, target): this game's one.
    const table = async () => {
      const stats = await page.evaluate(() => JSON.parse(localStorage.getItem('cribbage.stats')));
      const tables = Object.values(stats?.tables ?? {});
      assert.ok(tables.length <= 1, 'one table: this game’s');
      return tables[0] ?? {};
    };
    // Something of this game is counted before the undo (a hand); the undo takes it back out.
    // (Counted by the statistics' module, which comes in the background once the table first waits.)
    await page.waitForFunction(() => Object.values(JSON.parse(localStorage.getItem('cribbage.stats'))?.tables ?? {})[0]?.hands === 1);
    assert.equal((await table()).hands, 1);
    await page.keyboard.press('u');
    // The undone table is drawn on the next frame: wait for its practice mark.
    await page.getByTestId('practice').waitFor({ timeout: 5000 });
    assert.equal(await settled(page), 'turn');
    assert.equal(await page.getByTestId('practice').count(), 1);
    assert.equal((await table()).hands, 0, 'the game’s share is taken back out');
    await playToEnd(page);
    assert.match(await page.getByTestId('table-panel').textContent(), /A practice game: undo was used, so it is not counted in your statistics\./);
    const t = await table();
    assert.deepEqual([t.games, t.wins, t.hands, t.handShows, t.pegPoints, t.best], [0, 0, 0, 0, 0, null]);
    await page.getByTestId('tool-stats').click();
    assert.match(await page.getByTestId('stats').textContent(), /Games played0/);
    await page.getByTestId('dialog-close').click();
    await finish();
  });

  it('shows the calls that stood before the move taken back, as a reload does', async () => {
    const { page, finish } = await openGame('seed=4&speed=instant&target=61', { viewport: DESKTOP });
    const bubbles = () => page.locator('.bubble').evaluateAll((all) => all.map((b) => (b.classList.contains('is-shown') ? b.textContent : '')));
    await layAway(page, (await handCards(page)).slice(0, 2));
    // Played on until the player is to play with a call standing on the table.
    for (let i = 0; i < 12 && !(await bubbles()).some(Boolean); i++) {
      await step(page);
      assert.equal(await settled(page), 'turn');
    }
    const standing = await bubbles();
    assert.ok(standing.some(Boolean), `a call stands: ${JSON.stringify(standing)}`);
    await step(page);
    await settled(page);
    await page.keyboard.press('u');
    await page.getByTestId('practice').waitFor({ timeout: 5000 });
    assert.equal(await settled(page), 'turn');
    // Where the table was wiped silent by the undo, and a reload then brought nothing back either.
    assert.deepEqual(await bubbles(), standing, 'the calls as they stood before the move');
    await page.reload();
    assert.equal(await settled(page), 'turn');
    assert.deepEqual(await bubbles(), standing, 'and the same after a reload');
    await finish();
  });

  it('leaving a game says it counts as abandoned only where it does: not once it is practice', async () => {
    const { page, finish } = await openGame('seed=61&speed=instant&target=61', { viewport: DESKTOP });
    await layAway(page, (await handCards(page)).slice(0, 2));
    const asked = async () => {
      await page.keyboard.press('n');
      const dialog = page.locator('dialog[open]', { hasText: 'Abandon this game?' });
      await dialog.waitFor();
      const text = (await dialog.textContent()) ?? '';
      await page.getByTestId('dialog-no').click();
      await settled(page);
      return text;
    };
    assert.match(await asked(), /it counts as abandoned in your statistics/);
    // A card played, then taken back: the lay-away before it keeps the game under way.
    await page.locator('.tbl-hand .hand-card.is-playable').first().click();
    await settled(page);
    await page.keyboard.press('u');
    await page.getByTestId('practice').waitFor({ timeout: 5000 });
    await settled(page);
    // A practice game is kept out of the statistics, and so is leaving it (it said it counted).
    const practice = await asked();
    assert.match(practice, /Starting a new one ends it for good\./);
    assert.doesNotMatch(practice, /statistics/);
    await finish();
  });
});

describe('undo and a reload in a muggins show', () => {
  const panelText = (page) => page.locator('.tbl-layer--show').innerText();

  it('tell the calls on each claim as they were told: who let it stand, who called, what a call pegged', async () => {
    const { page, finish } = await openGame('game=cribbage&players=3&counting=muggins&target=61&seed=43&speed=instant', { viewport: DESKTOP });
    // Played (claims of 4, a wrong call now and then) to a decision of the
    // show whose panel already tells calls on a claim made before it.
    let n = 0;
    let before = '';
    for (; n < 200; n++) {
      const seen = await offer(page);
      assert.notEqual(seen.state, 'over', 'a show with calls before the end');
      if ((seen.claim || seen.muggins) && /lets it stand|calls muggins/.test(await panelText(page))) {
        before = await panelText(page);
        break;
      }
      await step(page, { claim: () => 4, call: () => (n % 3 === 0 ? 5 : null) }, seen);
    }
    assert.ok(before, 'reached a show with calls');
    await page.reload();
    await settled(page);
    assert.equal(await panelText(page), before, 'a reload tells the calls as they were');
    // A decision, then undo: the panel as it was before it.
    await step(page, { claim: () => 4, call: () => 5 });
    while ((await settled(page)) === 'continue') await page.getByTestId('action-continue').click();
    await page.getByTestId('action-undo').click();
    await page.waitForFunction((text) => /** @type {HTMLElement | null} */ (document.querySelector('.tbl-layer--show'))?.innerText === text, before, { timeout: 5000 }).catch(() => {});
    assert.equal(await panelText(page), before, 'undo tells the calls as they were');
    await finish();
  });
});
