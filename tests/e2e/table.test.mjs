// @ts-check
// The table beyond whole games: a reload restores the exact state, a whole
// hand by keyboard alone, screenshots at phone and desktop sizes, light and
// dark, no layout shift, an accessibility audit, broken saves, "new game"
// asking first, and the embeddable app (two instances, a shadow root,
// destroy). Screenshots land in test-results/table-*.png.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE, audit, layoutShift, openPage, setUp } from './harness.mjs';
import { clickTool, keysAfterAClick, offer, press, settled, step } from './table-driver.mjs';

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

/** Everything the table shows, as text: to compare before and after a reload. */
function snapshot(page) {
  return page.evaluate(() => {
    const q = (sel) => [...document.querySelectorAll(sel)];
    return {
      hand: q('.tbl-hand .hand-card').map((b) => `${b.dataset.card}:${b.getAttribute('aria-label')}`),
      seats: q('.tbl-opponents .seat').map((s) => s.getAttribute('aria-label')),
      mine: document.querySelector('.tbl-mine .fan--mine')?.getAttribute('aria-label') ?? null,
      pile: document.querySelector('.fan--pile')?.getAttribute('aria-label'),
      count: document.querySelector('[data-testid="count"]')?.textContent,
      crib: document.querySelector('.tbl-crib .spot')?.getAttribute('aria-label'),
      starter: document.querySelector('.tbl-deck .spot')?.getAttribute('aria-label'),
      scores: q('.game-board .board-chip-score').map((s) => s.textContent),
      plates: q('.plate').map((s) => s.textContent),
      prompt: document.querySelector('[data-testid="prompt"]').textContent,
      actions: q('.tbl-buttons button').map((b) => `${b.dataset.action}:${b.disabled}`),
      show: q('.show-entry').map((e) => e.textContent),
      // Each player's speech bubble (empty when it says nothing): a reload shows the calls as they stood.
      bubbles: q('.bubble').map((b) => (b.classList.contains('is-shown') ? b.textContent : '')),
      state: document.querySelector('.tbl').dataset.state,
    };
  });
}

/**
 * The table's snapshot once it holds still: the board draws its pegs a
 * moment after the table settles, so a snapshot taken at once can read the
 * score before the last peg moves; this one waits until two in a row agree.
 */
async function steady(page) {
  let last = JSON.stringify(await snapshot(page));
  for (let i = 0; i < 30; i++) {
    await page.waitForTimeout(100);
    const now = JSON.stringify(await snapshot(page));
    if (now === last) return JSON.parse(now);
    last = now;
  }
  return JSON.parse(last);
}

/**
 * A player whose speed, kept on the device, is Instant (the address names none: the kept one
 * holds over a reload, and is changed in Settings by `setSpeed`).
 */
const keptInstant = () => {
  if (!localStorage.getItem('cribbage.settings')) localStorage.setItem('cribbage.settings', JSON.stringify({ speed: 'instant' }));
};

/**
 * Plays the first hand at once up to your last card, then sets `speed` in Settings, so the
 * rest of the hand and its show are told at that pace (told at once, the show waits for its
 * Continue before anything can look at it counting). The page opened with `keptInstant`.
 * @param {import('playwright-core').Page} page
 * @param {'slow' | 'normal' | 'fast'} speed
 */
async function toLastCardThen(page, speed) {
  for (let i = 0; i < 60; i++) {
    const seen = await offer(page);
    if (seen.state === 'turn' && seen.playable && (await page.locator('.tbl-hand .hand-card').count()) === 1) break;
    await step(page, {}, seen);
  }
  await setSpeed(page, speed);
}

/**
 * Sets the game's speed in Settings, as a player does; it holds from the next event told.
 * @param {import('playwright-core').Page} page
 * @param {'slow' | 'normal' | 'fast' | 'instant'} speed
 */
async function setSpeed(page, speed) {
  await clickTool(page, 'settings');
  await page.locator('dialog[open] select[name="speed"]').selectOption(speed);
  await page.getByTestId('dialog-save').click();
  // Taken at the dialog's close, a task after the click.
  await page.locator(`.cribbage[data-speed="${speed}"]`).waitFor();
}

const activeCard = (page) => page.evaluate(() => document.activeElement?.closest?.('.hand-card')?.dataset.card ?? null);
const activeAction = (page) => page.evaluate(() => document.activeElement?.dataset?.action ?? null);

describe('the table', () => {
  it('restores the exact state after a reload, in the play and in the show', async () => {
    const { page, finish } = await openGame('seed=4&speed=instant', { viewport: PHONE });
    // One card chosen for the crib survives a reload.
    await page.locator('.tbl-hand .hand-card').nth(2).click();
    // The table draws on the next frame: wait for the choice to be drawn before looking.
    await page.locator('.tbl-hand .hand-card.is-selected').first().waitFor({ timeout: 5000 });
    const choosing = await snapshot(page);
    assert.match(choosing.actions[0], /^layaway:true$/);
    await page.reload();
    await settled(page);
    assert.deepEqual(await snapshot(page), choosing);

    // Into the play: lay away, then lay cards until the pile holds two or more.
    await step(page);
    for (let i = 0; i < 40; i++) {
      await settled(page);
      const s = await snapshot(page);
      if (s.state === 'turn' && s.pile.startsWith('The play:') && s.pile.split(',').length >= 2) break;
      await step(page);
    }
    const before = await steady(page);
    assert.match(before.pile, /^The play: .*; the count is \d+$/);
    assert.ok(before.hand.length >= 1 && before.hand.length < 4, 'in the middle of the hand');
    await page.reload();
    await settled(page);
    assert.deepEqual(await steady(page), before, 'the same hand, play, count, scores and turn');

    // At the show, waiting for "continue": the counted hands come back too.
    for (let i = 0; i < 30 && (await settled(page)) !== 'continue'; i++) await step(page);
    const showing = await snapshot(page);
    assert.equal(showing.show.length, 3);
    await page.reload();
    await settled(page);
    const after = await snapshot(page);
    assert.deepEqual(after.show, showing.show, 'the show is back as it was');
    assert.equal(after.state, 'continue');
    await step(page);
    await settled(page);
    assert.match((await snapshot(page)).prompt, /Choose two cards/);
    await finish();
  });

  it('a show told again after a reload is headed by its hand and seen once: Continue, and a second reload opens the next deal', async () => {
    // Seed 606: the player lays away first in the second deal, so nothing is played between the two reloads.
    const { page, finish } = await openGame('seed=606&speed=instant&level=easy', { viewport: DESKTOP });
    for (let i = 0; i < 30 && (await settled(page)) !== 'continue'; i++) await step(page);
    const showing = await snapshot(page);
    const heading = () => page.locator('.tbl-layer--show .section-title').textContent();
    assert.equal(await heading(), 'The show: hand 1');
    await page.reload();
    await settled(page);
    assert.deepEqual((await snapshot(page)).show, showing.show, 'the show is back as it was');
    assert.equal(await heading(), 'The show: hand 1', 'headed by the hand it counts, not the one dealt since');
    await step(page);
    await settled(page);
    const next = await snapshot(page);
    assert.equal(next.state, 'turn');
    assert.match(next.prompt, /Choose two cards/);
    await page.reload();
    await settled(page);
    assert.deepEqual(await snapshot(page), next, 'the next deal, as it was: not the show again');
    await finish();
  });

  for (const [game, query] of [['cribbage', 'seed=4'], ['Costly Colours', 'game=costly-colours&seed=8']]) {
    it(`${game}: a reload in the middle of a show tells it again on the hand counted, the board moving count by count`, async () => {
      // The engine deals the next hand once the show is counted: told again over its game as it
      // now stands, the next hand's cards were on the table before the show opened and every
      // count was on the board at once, the counts before the reload never seen again.
      const { page, finish } = await openGame(`${query}&level=easy`, { viewport: DESKTOP, initScript: keptInstant });
      const look = () =>
        page.evaluate(() => ({
          hand: [...document.querySelectorAll('.tbl-hand .hand-card')].map((b) => /** @type {HTMLElement} */ (b).dataset.card),
          board: [...document.querySelectorAll('.game-board .board-chip')].map((c) => c.textContent).join(' | '),
          shown: document.querySelectorAll('.show-entry').length,
          state: /** @type {HTMLElement} */ (document.querySelector('.tbl')).dataset.state,
        }));
      // Played at once up to your last card, then at the fast pace into the show, up to its second count.
      await toLastCardThen(page, 'fast');
      for (let i = 0; i < 400 && (await page.locator('.show-entry').count()) < 2; i++) {
        if ((await look()).state === 'busy') await page.waitForTimeout(40);
        else await step(page);
      }
      const seen = await look();
      assert.equal(seen.hand.length, 0, 'no cards in hand at the show');
      await page.reload();
      const boards = [];
      let now = await look().catch(() => null);
      for (let i = 0; i < 400 && now?.state !== 'continue'; i++) {
        if (now?.shown === 0) assert.deepEqual(now.hand, [], 'the next hand’s cards are not on the table before the show');
        if (now && boards.at(-1) !== now.board) boards.push(now.board);
        await page.waitForTimeout(40);
        now = await look().catch(() => null);
      }
      assert.equal(now?.state, 'continue');
      assert.ok(boards.includes(seen.board), `the board passes the counts seen before the reload (${seen.board}): ${JSON.stringify(boards)}`);
      await finish();
    });
  }

  for (const [game, query] of [['cribbage', 'seed=5'], ['cribbage, three players', 'players=3&seed=5'], ['Costly Colours', 'game=costly-colours&seed=5']]) {
    it(`${game}: a reload just after your lay-away (or card passed) tells it again as it was told, those cards gone from your hand`, async () => {
      // Seed 5: you deal and act last, so your decision's telling goes on to the starter (in Costly
      // Colours, to the mog settled: both "Passed" said, then gone). Told again after a reload, its
      // events were laid without whose decision it was or which: the cards laid away (or passed)
      // stayed in your hand, still chosen, until the telling ended; and in Costly Colours the
      // other's "Passed" was missing, the log rebuilt as if the mog had been settled before it.
      const { page, finish } = await openGame(`${query}&speed=normal&level=easy`, { viewport: DESKTOP });
      let seen = await offer(page);
      for (let i = 0; i < 20 && !(seen.state === 'turn' && (seen.layaway !== null || seen.pass)); i++) {
        await step(page, {}, seen);
        seen = await offer(page);
      }
      const need = seen.pass ? 1 : Number(/\/(\d)/.exec(seen.layaway ?? '')?.[1] ?? 1);
      const gone = await page.evaluate((need) => [...document.querySelectorAll('.tbl-hand .hand-card')].slice(0, need).map((b) => /** @type {HTMLElement} */ (b).dataset.card), need);
      for (let i = 0; i < need; i++) await press(page, '.tbl-hand .hand-card', { nth: i });
      await press(page, `[data-testid="${seen.pass ? 'action-pass' : 'action-layaway'}"]`);
      await page.reload();
      const look = () =>
        page.evaluate(() => ({
          hand: [...document.querySelectorAll('.tbl-hand .hand-card')].map((b) => /** @type {HTMLElement} */ (b).dataset.card),
          starter: document.querySelector('.tbl-deck .spot')?.getAttribute('aria-label') ?? '',
          bubbles: [...document.querySelectorAll('.bubble')].map((b) => (b.classList.contains('is-shown') ? b.textContent : '')),
          state: /** @type {HTMLElement} */ (document.querySelector('.tbl')).dataset.state,
          prompt: document.querySelector('[data-testid="prompt"]')?.textContent ?? '',
        }));
      // Every look from the reload until the telling has ended (the next player thinks, or it is your turn).
      const looks = [];
      for (let i = 0; i < 300; i++) {
        const now = await look().catch(() => null);
        if (now?.hand.length) looks.push(now);
        if (now?.hand.length && (now.state === 'turn' || /thinking/.test(now.prompt))) break;
        await page.waitForTimeout(25);
      }
      assert.deepEqual(looks.filter((l) => l.hand.some((c) => gone.includes(c))).slice(0, 1), [], `never in the hand again: ${gone.join(', ')}`);
      if (seen.pass) {
        assert.ok(looks.some((l) => l.bubbles.filter((b) => b === 'Passed').length === 2), `both "Passed", as live: ${JSON.stringify(looks.map((l) => l.bubbles))}`);
      } else {
        // The reload came in the middle of the telling: the starter is turned again after it.
        assert.match(looks[0].starter, /not cut/, 'told again from before the starter');
        assert.match(looks.at(-1)?.starter ?? '', /^Starter: /);
      }
      await finish();
    });
  }

  it('keeps the log at its newest line through a game, and rebuilds it after a reload', async () => {
    const { page, finish } = await openGame('seed=8&speed=instant', { viewport: DESKTOP });
    const log = () =>
      page.locator('[data-testid="log"]').evaluate((list) => ({
        lines: [...list.children].map((li) => li.textContent),
        atNewest: list.scrollHeight <= list.clientHeight || list.scrollTop + list.clientHeight >= list.scrollHeight - 2,
        scrolls: list.scrollHeight > list.clientHeight,
      }));
    // Three hands or so: more lines than the log shows at once.
    for (let i = 0; i < 400; i++) {
      const state = await settled(page);
      if (state === 'over' || (await log()).lines.filter((l) => /^Hand \d+:/.test(l)).length >= 4) break;
      await step(page);
    }
    await settled(page);
    const before = await log();
    assert.ok(before.scrolls, `the log overflows its box (${before.lines.length} lines)`);
    assert.ok(before.atNewest, 'the newest line is in view');
    await page.reload();
    await settled(page);
    const after = await log();
    assert.deepEqual(after.lines, before.lines, 'the log comes back as it was');
    assert.ok(after.atNewest, 'at its newest line after the reload too');
    await finish();
  });

  it('counts the show phrase by phrase, lighting the cards of each', async () => {
    const { page, finish } = await openGame('seed=11', { viewport: PHONE, initScript: keptInstant });
    // Play the hand out (at once to your last card, then at the "fast" pace); the show then counts at that pace.
    await toLastCardThen(page, 'fast');
    for (let i = 0; i < 600 && !(await page.locator('.show-entry').count()); i++) {
      if ((await page.locator('.tbl').getAttribute('data-state')) === 'busy') await page.waitForTimeout(40);
      else await step(page);
    }
    // While a hand is being counted, the cards of the phrase just said are lit and the rest dimmed.
    const lit = await page.waitForFunction(() => {
      const entry = document.querySelector('.show-entry.is-active');
      const cards = entry ? [...entry.querySelectorAll('.card')] : [];
      const on = cards.filter((c) => c.classList.contains('is-highlighted'));
      const phrase = entry?.querySelector('.step.is-active')?.textContent;
      return on.length >= 2 && cards.some((c) => c.classList.contains('is-dimmed')) && phrase ? { phrase, cards: on.map((c) => c.dataset.card) } : null;
    }, null, { timeout: 15_000 });
    const { phrase } = await lit.jsonValue();
    assert.match(phrase, /^(Fifteen|fifteen|and |a |A )/);
    assert.equal(await settled(page), 'continue');
    // The pointer rests where the driver last clicked, maybe over a phrase
    // (which lights its cards, as pointing should): point at the panel's
    // title instead, then off the table.
    await page.locator('.show .section-title').hover();
    await page.mouse.move(0, 0);
    await page.waitForFunction(() => document.querySelectorAll('.show-entry .card.is-highlighted').length === 0, null, { timeout: 5000 }).catch(() => {});
    assert.equal(await page.locator('.show-entry .card.is-highlighted').count(), 0, 'nothing lit once counted');
    assert.match(await page.getByTestId('log').innerText(), /hand: (fifteen|a pair|a run|nineteen)/);
    await finish();
  });

  it('plays a whole hand with the keyboard alone', async () => {
    // The player says go themselves here (Settings), to say it by its key, G.
    const initScript = () => localStorage.setItem('cribbage.settings', JSON.stringify({ autoGo: false }));
    const { page, finish } = await openGame('seed=8&speed=instant', { viewport: DESKTOP, initScript });
    for (let i = 0; i < 30 && !(await activeCard(page)); i++) await page.keyboard.press('Tab');
    const first = await activeCard(page);
    assert.ok(first, 'Tab reaches the hand');
    assert.equal(await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle), 'solid', 'focus is visible');

    // Choose two cards with the arrows and Space/Enter, then Tab to "Lay away".
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.hand-card[aria-pressed="true"]').length === 2);
    for (let i = 0; i < 10 && (await activeAction(page)) !== 'layaway'; i++) await page.keyboard.press('Tab');
    assert.equal(await activeAction(page), 'layaway');
    await page.keyboard.press('Enter');

    // The play: reach a card that can be laid with the arrows and press Enter;
    // "go" by its shortcut, G. Then the show, continued with Enter.
    let plays = 0;
    for (let i = 0; i < 60; i++) {
      const state = await settled(page);
      if (state === 'continue') {
        assert.equal(await activeAction(page), 'continue', 'focus goes to Continue');
        await page.keyboard.press('Enter');
        break;
      }
      assert.equal(state, 'turn');
      if (await page.getByTestId('action-go').count()) {
        await page.keyboard.press('g');
        continue;
      }
      if (!(await activeCard(page))) {
        for (let t = 0; t < 10 && !(await activeCard(page)); t++) await page.keyboard.press('Tab');
      }
      for (let k = 0; k < 6; k++) {
        const playable = await page.evaluate(() => document.activeElement?.classList.contains('is-playable'));
        if (playable) break;
        await page.keyboard.press('ArrowRight');
      }
      await page.keyboard.press('Enter');
      plays++;
    }
    assert.ok(plays >= 2, `cards played by keyboard: ${plays}`);
    await settled(page);
    assert.match(await page.getByTestId('prompt').textContent(), /Choose two cards/, 'the next hand is dealt');
    await finish();
  });

  it('looks right at phone and desktop sizes, light and dark, with nothing shifting', async () => {
    /** @type {[string, { width: number, height: number }, 'light' | 'dark'][]} */
    const looks = [
      ['phone', PHONE, 'light'],
      ['360', { width: 360, height: 740 }, 'light'],
      ['phone-dark', PHONE, 'dark'],
      ['desktop', DESKTOP, 'light'],
      ['desktop-dark', DESKTOP, 'dark'],
    ];
    for (const [name, viewport, colorScheme] of looks) {
      const { page, finish, screenshot } = await openGame('seed=12&speed=instant', { viewport, colorScheme });
      const shift = await layoutShift(page);
      assert.ok(shift < 0.01, `${name}: layout shift while loading: ${shift}`);
      // The computer's cards are never in the page, face up or named.
      assert.equal(await page.locator('.tbl-opponents [data-card]').count(), 0);
      await page.locator('.tbl-hand .hand-card').nth(0).click();
      await page.locator('.tbl-hand .hand-card').nth(3).click();
      if (name.startsWith('desktop')) {
        await page.getByTestId('action-layaway').click();
        await step(page);
        await settled(page);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.equal(overflow, 0, `${name}: no sideways scrolling`);
      await page.mouse.move(0, 0);
      await screenshot(`table-${name}`);
      await finish();
    }
  });

  for (const colorScheme of ['light', 'dark']) {
    it(`passes an axe accessibility audit (${colorScheme})`, async () => {
      const { page, finish } = await openGame('seed=13&speed=instant&counting=muggins', { viewport: PHONE, colorScheme });
      assert.deepEqual(await audit(page), [], 'laying away');
      await step(page);
      await settled(page);
      assert.deepEqual(await audit(page), [], 'the play');
      // Each look once the table asks: a look as a step returns saw the claim just made, not one asked.
      for (let i = 0; i < 40; i++) {
        const seen = await offer(page);
        if (seen.claim) break;
        await step(page, { claim: () => 0 }, seen);
      }
      assert.deepEqual(await audit(page), [], 'a muggins claim');
      for (let i = 0; i < 40 && (await settled(page)) !== 'continue'; i++) await step(page, { claim: () => 0 });
      assert.deepEqual(await audit(page), [], 'the show');
      // On a phone the header's tools are in its menu: audited open, then Help.
      await page.getByTestId('menu').click();
      assert.deepEqual(await audit(page), [], 'the menu');
      await clickTool(page, 'help');
      // Open once its module has come: audited before, it audited the table again.
      await page.locator('dialog[open]').waitFor();
      assert.deepEqual(await audit(page), [], 'the help');
      await page.keyboard.press('Escape');
      await finish();
    });
  }

  it('on a phone, a dialog opened from the menu gives the focus back to the menu, every time, and the keys still work', async () => {
    const { page, finish } = await openGame('seed=5&speed=instant', { viewport: { width: 360, height: 640 } });
    const focused = () => page.evaluate(() => (document.activeElement === document.body ? 'the page' : document.activeElement?.getAttribute('data-testid')));
    // The second time was the one that failed: the focus fell to the page.
    for (const tool of ['help', 'help', 'stats', 'settings']) {
      await page.getByTestId('menu').click();
      await page.getByTestId(`tool-${tool}`).click();
      await page.locator('dialog[open]').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('dialog[open]').waitFor({ state: 'detached' });
      assert.equal(await focused(), 'menu', `the focus after ${tool}'s dialog`);
    }
    await page.getByTestId('menu').click();
    await page.getByTestId('tool-help').click();
    await page.locator('dialog[open]').waitFor();
    await page.getByTestId('dialog-close').click();
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    assert.equal(await focused(), 'menu', 'the focus after Close');
    await page.keyboard.press('?');
    await page.locator('dialog[open]', { hasText: 'Keyboard' }).waitFor();
    await page.keyboard.press('Escape');
    await finish();
  });

  it('says clearly when a link names a deal it cannot deal, and deals a new one', async () => {
    for (const seed of ['abc', '12a', '99999999999999999999']) {
      // Before, the engine's refusal went uncaught and the table stayed empty on "Shuffling…".
      const { page, finish } = await openPage(env, `index.html?seed=${seed}&speed=instant`, { viewport: PHONE });
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor();
      assert.match(await dialog.textContent() ?? '', new RegExp(`“${seed}” is not a deal number, so this is a new deal`));
      await page.getByTestId('dialog-ok').click();
      assert.equal(await settled(page), 'turn');
      assert.equal(await page.locator('.tbl-hand .hand-card').count(), 6, `${seed}: a new game is dealt`);
      await finish();
    }
  });

  it('says plainly when a save cannot be read, and deals a fresh game, the engine’s words folded under it', async () => {
    const { page, finish } = await openGame('seed=5&speed=instant', { viewport: PHONE });
    for (const [bad, detail] of /** @type {[string, RegExp][]} */ ([
      ['{not json', /JSON/],
      [JSON.stringify({ v: 1, setup: { mode: 'computer', players: 2 }, save: '{"v":99}' }), /newer version/],
      [JSON.stringify({ v: 1, setup: { mode: 'computer', players: 2 }, save: '{"v":1,"rules":{"players":2,"target":121},"seed":"5","actions":["play 5H"]}' }), /not allowed now/],
      [JSON.stringify({ v: 7 }), /newer version of this page/],
      // serde's words were the dialog's first: "unknown field `game`, expected `players` or `seating` at line 1 column 41".
      [JSON.stringify({ v: 1, setup: { mode: 'computer', players: 2 }, save: '{"v":3,"game":"cribbage","rules":{"game":"noddy","players":2},"seed":"5","actions":[]}' }), /unknown field `game`/],
      // Another game's save, broken: the fresh game is the page's own (cribbage here), whose module the broken save never asked for.
      [JSON.stringify({ v: 1, setup: { game: 'noddy', mode: 'computer', players: 2 }, save: '{"v":3,"game":"noddy","rules":{"game":"noddy"},"seed":"5","actions":["bogus"]}' }), /unknown field `game`/],
    ])) {
      await page.evaluate((text) => localStorage.setItem('cribbage.game', text), bad);
      await page.reload();
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor();
      // Plain words first; the engine's (or the browser's) folded away under them.
      assert.equal(await dialog.locator('.dialog-body > p').first().textContent(), 'Your saved game could not be read, so a fresh game has been dealt.');
      const folded = dialog.getByTestId('dialog-detail');
      assert.equal(await folded.evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open), false, 'folded');
      assert.match(await folded.textContent() ?? '', detail);
      assert.doesNotMatch(await dialog.locator('.dialog-body > p').allTextContents().then((all) => all.join(' ')), /`|line \d+ column|JSON/);
      await page.getByTestId('dialog-ok').click();
      await settled(page);
      assert.equal(await page.locator('.tbl-hand .hand-card').count(), 6, 'a new game is dealt');
    }
    await finish();
  });

  it('a game whose module cannot be fetched: said once in plain words, the browser’s folded away; try again, or play cribbage', async () => {
    const { page, context, problems, finish } = await openGame('game=noddy&seed=5&speed=instant', { viewport: PHONE });
    await step(page);
    await settled(page);
    const kept = await page.evaluate(() => localStorage.getItem('cribbage.game'));
    // Offline before the family's module was ever fetched (its files fail as a dropped connection's do).
    let offline = true;
    await context.route('**/pkg-family/**', (route) => (offline ? route.abort('internetdisconnected') : route.fallback()));
    const refuse = async () => {
      await page.reload();
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor();
      assert.equal(await dialog.locator('.dialog-title').textContent(), 'Noddy could not load');
      const words = (await dialog.locator('.dialog-body > p').allTextContents()).join(' ');
      assert.match(words, /^Noddy could not be loaded\. This device may be offline/);
      assert.doesNotMatch(words, /fetch|import|https?:|\(|Error/, 'no browser words in the text');
      const folded = dialog.getByTestId('dialog-detail');
      assert.equal(await folded.evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open), false, 'the browser’s words folded away');
      assert.ok(((await folded.textContent()) ?? '').length > 'What the browser said'.length, 'and there, for whoever wants them');
      return dialog;
    };
    // A saved game of Noddy: one dialog (there were two, the second calling the save unreadable), kept while trying again.
    let dialog = await refuse();
    assert.match(await dialog.textContent() ?? '', /Your game of Noddy in progress is kept/);
    offline = false;
    // Trying again loads the page anew (a browser keeps a module's failed fetch for the page's life).
    await Promise.all([page.waitForEvent('load'), dialog.getByTestId('dialog-retry').click()]);
    assert.equal(await settled(page), 'turn');
    assert.equal(await page.locator('dialog[open]').count(), 0, 'one message, and none once it loads');
    assert.equal(await page.evaluate(() => localStorage.getItem('cribbage.game')), kept, 'the game is back as it was');
    assert.equal(await page.getByTestId('game-tagline').getAttribute('data-game'), 'noddy');
    // Given up for a game of cribbage: dealt at once, with no second message.
    offline = true;
    dialog = await refuse();
    await dialog.getByTestId('dialog-fresh').click();
    assert.equal(await settled(page), 'turn');
    assert.equal(await page.getByTestId('game-tagline').getAttribute('data-game'), 'cribbage');
    await page.waitForTimeout(300);
    assert.equal(await page.locator('dialog[open]').count(), 0, 'one message');
    // The module's files refused on purpose are no fault of the page.
    const expected = problems.filter((p) => p.includes('/pkg-family/') || /Failed to load resource|Failed to fetch dynamically/.test(p));
    for (const p of expected) problems.splice(problems.indexOf(p), 1);
    await finish();
  });

  it('every game’s how-to on a 360×640 phone and an 844×390 landscape one: nothing wider than its dialog, and its links open their pages', async () => {
    const { GAMES } = await import('../../www/js/games.js');
    for (const viewport of [{ width: 360, height: 640 }, { width: 844, height: 390 }]) {
      const { page, finish } = await openGame('speed=instant', { viewport });
      await clickTool(page, 'help');
      const help = page.locator('dialog[open]');
      for (const game of GAMES) {
        await help.getByTestId(`help-howto-${game.id}`).click();
        const howto = page.locator('dialog[open].dialog--howto');
        await howto.waitFor();
        assert.equal(await howto.getByTestId('howto').getAttribute('data-game'), game.id);
        // Cribbage's table of three and four players ran 190 px past the phone's dialog, its last column out of sight.
        const wide = await howto.evaluate((d) => {
          const room = d.getBoundingClientRect();
          return [...d.querySelectorAll('p, li, table, th, td, h3, button')]
            .filter((e) => !e.closest('caption'))
            .map((e) => ({ what: `${e.tagName} ${e.textContent?.slice(0, 30)}`, box: e.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0 && (box.right > room.right + 1 || box.left < room.left - 1))
            .map(({ what }) => what);
        });
        assert.deepEqual(wide, [], `${game.id} at ${viewport.width}×${viewport.height}`);
        // A link to another game's page (reverse cribbage's to the standard rules) opens it.
        const link = howto.locator('[data-testid^="howto-"]:not([data-testid="howto"])');
        if (await link.count()) {
          const to = (await link.getAttribute('data-testid'))?.slice('howto-'.length);
          await link.click();
          await page.locator(`dialog[open].dialog--howto [data-game="${to}"]`).waitFor();
          // Its page opens over this one: closed, then this one.
          await page.locator('dialog[open].dialog--howto').last().getByTestId('dialog-close').click();
          await page.locator('dialog[open].dialog--howto').nth(1).waitFor({ state: 'detached' });
          await howto.getByTestId('dialog-close').click();
        } else {
          await howto.getByTestId('dialog-close').click();
        }
        await page.locator('dialog[open].dialog--howto').waitFor({ state: 'detached' });
      }
      await finish();
    }
  });

  it('restores a save by the game its own record names, not the set-up kept beside it', async () => {
    // A hand-made save: its set-up says cribbage, its record is Noddy. The
    // cribbage module was asked to restore it and said "Noddy is not played
    // by this build", on a page that plays Noddy.
    const noddy = '{"v":3,"game":"noddy","rules":{},"seed":"5","actions":[],"scores":[0,6]}';
    const { page, finish } = await openGame('seed=5&speed=instant', { viewport: PHONE });
    await page.evaluate((save) => localStorage.setItem('cribbage.game', JSON.stringify({ v: 1, setup: { game: 'cribbage', mode: 'computer', players: 2, target: 121, level: 'easy' }, save })), noddy);
    await page.reload();
    await settled(page);
    assert.equal(await page.locator('dialog[open]').count(), 0, 'no message: the game is restored');
    assert.equal(await page.getByTestId('game-tagline').getAttribute('data-game'), 'noddy');
    assert.doesNotMatch(await page.locator('.cribbage').textContent() ?? '', /not played by this build|could not be read/);
    assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('cribbage.game') ?? '{}')).setup?.game, 'noddy', 'saved again as the game it is');
    await finish();
  });

  it('statistics by level, players and target: every column in sight on a phone', async () => {
    const counters = (games, wins, abandoned) => ({ games, wins, abandoned, skunksGiven: 0, skunksTaken: 0, hands: 40, handPoints: 300, handShows: 40, cribPoints: 100, cribShows: 20, pegPoints: 80, best: null, recent: null });
    const stats = { v: 2, tables: { 'cribbage/expert/2/121': counters(112, 58, 13), 'cribbage/medium/4/61': counters(7, 3, 1), 'cribbage/easy/3/121': counters(1, 0, 0) } };
    const initScript = `localStorage.setItem('cribbage.stats', ${JSON.stringify(JSON.stringify(stats))})`;
    for (const width of [360, 390]) {
      const { page, finish } = await openGame('seed=3&speed=instant', { viewport: { width, height: 800 }, initScript });
      await clickTool(page, 'stats');
      const table = page.getByTestId('stats-split');
      await table.waitFor();
      // Six columns needed 356 px: Won and Abandoned were out of sight in a table few would scroll.
      const fit = await table.evaluate((t) => ({ wide: t.parentElement?.scrollWidth ?? 0, room: t.parentElement?.clientWidth ?? 0 }));
      assert.ok(fit.wide <= fit.room + 1, `${width} px: ${JSON.stringify(fit)}`);
      assert.ok((await table.locator('tbody tr').allTextContents()).includes('Expert, 2 players, to 12111258 (52%)13'));
      await finish();
    }
  });

  for (const width of [360, 390]) {
    it(`four players on a ${width}-px phone: every name in full, and the bubbles whole and clear of the labels`, async () => {
      const { page, finish, screenshot } = await openGame('seed=461&speed=instant&players=4', { viewport: { width, height: 780 } });
      await settled(page);
      const names = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('.tbl .plate-name')].map((n) => ({ name: n.textContent, width: n.getBoundingClientRect().width, full: n.scrollWidth <= n.clientWidth + 1 })),
        );
      for (const n of await names()) assert.ok(n.width > 20 && n.full, `${n.name} at ${width} px: ${JSON.stringify(n)}`);
      // Through the play, each bubble said stays off the crib, starter and play labels.
      let bubbles = 0;
      for (let i = 0; i < 40; i++) {
        if ((await step(page)) === 'continue') break;
        const overlaps = await page.evaluate(() => {
          const boxes = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
          const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          const said = boxes('.seat .bubble.is-shown');
          // Each call whole: a bubble cut to "Eight…" read as another count than "Eighteen".
          const cut = [...document.querySelectorAll('.seat .bubble.is-shown')].filter((b) => b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1).map((b) => b.textContent);
          return { said: said.length, hits: said.filter((b) => boxes('.spot-label').some((l) => hit(b, l))).length, cut };
        });
        bubbles += overlaps.said;
        assert.equal(overlaps.hits, 0, `step ${i}: a bubble covers a label`);
        assert.deepEqual(overlaps.cut, [], `step ${i}: a bubble is cut`);
        for (const n of await names()) assert.ok(n.width > 20 && n.full, `${n.name} at ${width} px, step ${i}`);
      }
      assert.ok(bubbles > 0, 'the opponents spoke');
      if (width === 390) await screenshot('table-4p-phone');
      await finish();
    });
  }

  it('three players: the end’s panel shows only once the board’s pegs stand at the final scores', async () => {
    const { page, finish } = await openGame('seed=7&players=3&target=61&speed=instant');
    const top = () => page.evaluate(() => Math.max(...[...document.querySelectorAll('.board-chip-score')].map((e) => Number(e.textContent))));
    // The board as it stands when the panel shows, watched from the first deal (the computer
    // players' thinking is timed, so where the game ends is not known in advance).
    await page.evaluate(() => {
      const layer = /** @type {HTMLElement} */ (document.querySelector('.tbl-layer--panel'));
      const chips = () => [...document.querySelectorAll('.board-chip-score')].map((e) => e.textContent);
      new MutationObserver(() => {
        if (!layer.hidden && !('atPanel' in layer.dataset)) layer.dataset.atPanel = JSON.stringify(chips());
      }).observe(layer, { attributes: true, childList: true });
      // A slower device's frames near the end (each board step starts in one): the board's
      // last moves land well after the table has told them, as they did by 1.4 s on a
      // three-handed game's last count, when the panel claimed a result the board had not shown.
      const raf = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => {
        if (!document.body.dataset.slow) return raf(callback);
        setTimeout(() => raf(callback), 100);
        return 0;
      };
    });
    for (let i = 0; i < 400 && (await top()) < 40; i++) await step(page);
    await page.evaluate(() => {
      document.body.dataset.slow = 'yes';
    });
    let last = '';
    for (let i = 0; i < 200 && last !== 'over'; i++) last = await step(page);
    assert.equal(last, 'over');
    const layer = page.locator('.tbl-layer--panel');
    // (The table says it is over before the panel comes: the panel waits for the board, and for its words to load.)
    await page.waitForFunction(() => 'atPanel' in /** @type {HTMLElement} */ (document.querySelector('.tbl-layer--panel')).dataset, null, { timeout: 30_000 });
    const atPanel = JSON.parse((await layer.getAttribute('data-at-panel')) ?? '[]');
    // The board once every move has played out: its scores those of the seats' plates, drawn from the engine's at once.
    await page.waitForFunction(() => {
      const sorted = (/** @type {string} */ selector) => JSON.stringify([...document.querySelectorAll(selector)].map((e) => Number(e.textContent)).sort((a, b) => a - b));
      return sorted('.board-chip-score') === sorted('.plate-score');
    }, null, { timeout: 10_000 });
    const final = await page.evaluate(() => [...document.querySelectorAll('.board-chip-score')].map((e) => e.textContent));
    assert.ok(final.includes('61'), JSON.stringify(final));
    assert.deepEqual(atPanel, final, 'the board stood at the final scores when the panel showed');
    await finish();
  });

  // A call covered the crib, starter and play labels below its seat (two or three players on a phone, four on a laptop).
  for (const [players, width, height] of [[2, 390, 844], [3, 390, 844], [2, 360, 640], [3, 360, 640], [4, 1280, 800]]) {
    it(`${players} players at ${width}×${height}: no speech bubble covers a label, a name or a score`, async () => {
      const { page, finish } = await openGame(`seed=461&speed=instant&players=${players}`, { viewport: { width, height } });
      let bubbles = 0;
      for (let i = 0; i < 30; i++) {
        if ((await step(page)) === 'continue') break;
        const look = await page.evaluate(() => {
          const boxes = (sel) => [...document.querySelectorAll(sel)].map((e) => ({ text: e.textContent, box: e.getBoundingClientRect() }));
          const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          const said = boxes('.bubble.is-shown');
          const labels = boxes('.spot-label, .plate-name, .plate-score');
          return { said: said.length, hits: said.flatMap((b) => labels.filter((l) => hit(b.box, l.box)).map((l) => `“${b.text}” over “${l.text}”`)) };
        });
        bubbles += look.said;
        assert.deepEqual(look.hits, [], `step ${i}`);
      }
      assert.ok(bubbles > 0, 'the players spoke');
      await finish();
    });
  }

  it('Table Top at four on a 360-px phone: the Dealer and Partner letters whole on a seat, whatever the scores', async () => {
    const { page, finish } = await openGame('game=table-top&players=4&seed=7&speed=instant', { viewport: { width: 360, height: 640 } });
    // Each seat's badges in full and the seat's cards inside its row (they were cut to slivers beside "Cleo 0").
    const seats = () =>
      page.evaluate(() => {
        const row = /** @type {Element} */ (document.querySelector('.tbl-opponents')).getBoundingClientRect();
        return [...document.querySelectorAll('.tbl-opponents .seat')].map((seat) => ({
          plate: seat.querySelector('.plate')?.textContent,
          cut: [...seat.querySelectorAll('.badge')].filter((b) => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().width < 12).length,
          inside: /** @type {Element} */ (seat.querySelector('.seat-cards')).getBoundingClientRect().bottom <= row.bottom + 1,
        }));
      });
    let badges = 0;
    for (let i = 0; i < 400 && (await settled(page, 60_000)) !== 'over'; i++) {
      for (const seat of await seats()) {
        assert.equal(seat.cut, 0, `step ${i}: a badge cut short on ${seat.plate}`);
        assert.ok(seat.inside, `step ${i}: ${seat.plate}'s cards outside its row`);
      }
      badges += await page.locator('.tbl-opponents .badge').count();
      if ((await settled(page)) === 'continue') await page.getByTestId('action-continue').click();
      else await page.locator('.lay-cell.is-legal').first().click();
    }
    assert.ok(badges > 0, 'the seats had badges');
    // Scores past 99 (three digits beside the name) with both letters: they go under the name, whole.
    await page.getByTestId('panel-aside').click().catch(() => {});
    await page.evaluate(() => {
      for (const score of document.querySelectorAll('.tbl-opponents .plate-score')) score.textContent = '121';
    });
    for (const seat of await seats()) assert.equal(seat.cut, 0, `three digits: a badge cut short on ${seat.plate}`);
    await finish();
  });

  for (const motion of ['no-preference', 'reduce']) {
    it(`sound: off by default, one tap turns it on (${motion === 'reduce' ? 'muted under reduced motion' : 'cards and pegs heard'})`, async () => {
      // Count what the page asks Web Audio to play.
      const initScript = () => {
        window.heard = { contexts: 0, tones: 0, snaps: 0 };
        const Real = window.AudioContext;
        window.AudioContext = class extends Real {
          constructor(...args) {
            super(...args);
            window.heard.contexts++;
          }
          createOscillator() {
            window.heard.tones++;
            return super.createOscillator();
          }
          createBufferSource() {
            window.heard.snaps++;
            return super.createBufferSource();
          }
        };
      };
      const { page, finish } = await openGame('seed=8&speed=instant', { viewport: DESKTOP, reducedMotion: motion, initScript });
      for (let i = 0; i < 6; i++) await step(page);
      assert.deepEqual(await page.evaluate(() => window.heard), { contexts: 0, tones: 0, snaps: 0 }, 'silent until turned on');
      const button = page.getByTestId('tool-sound');
      assert.equal(await button.getAttribute('aria-pressed'), 'false');
      await button.click();
      assert.equal(await button.getAttribute('aria-pressed'), 'true');
      assert.equal((await page.evaluate(() => JSON.parse(localStorage.getItem('cribbage.settings')))).sound, true, 'kept');
      for (let i = 0; i < 12; i++) await step(page);
      const heard = await page.evaluate(() => window.heard);
      if (motion === 'reduce') assert.deepEqual(heard, { contexts: 0, tones: 0, snaps: 0 }, 'muted under reduced motion');
      else assert.ok(heard.contexts === 1 && heard.tones > 1 && heard.snaps > 0, JSON.stringify(heard));
      await finish();
    });
  }

  it('says go for the player when no card fits, unless Settings say not to', async () => {
    const { page, finish } = await openGame('seed=6&speed=fast', { viewport: DESKTOP });
    // Play on, never pressing Go: the game says it for the player.
    let auto = 0;
    for (let i = 0; i < 400 && auto < 1; i++) {
      const state = await settled(page);
      if (state === 'turn' && (await page.getByTestId('action-go').count())) {
        await page.getByTestId('action-go').waitFor({ state: 'detached', timeout: 5000 });
        auto++;
        continue;
      }
      await step(page);
    }
    assert.equal(auto, 1, 'a forced go came and went without a click');
    assert.match(await page.getByTestId('log').innerText(), /You say go\./);

    // Turned off in Settings: the Go button waits for the player. The rest is played at once (set
    // in the same visit): a button that waits needs no pace to be seen, as the go said above did.
    await page.getByTestId('tool-settings').click();
    const dialog = page.locator('dialog[open]', { hasText: 'Settings' });
    await dialog.getByLabel('Say “go” for me when no card fits').uncheck();
    await dialog.locator('select[name="speed"]').selectOption('instant');
    await page.getByTestId('dialog-save').click();
    // Kept once the dialog has closed (its close event is a task of its own).
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('cribbage.settings') ?? 'null')?.autoGo === false, null, { timeout: 5000 }).catch(() => {});
    assert.equal((await page.evaluate(() => JSON.parse(localStorage.getItem('cribbage.settings')))).autoGo, false);
    let waited = false;
    for (let i = 0; i < 400 && !waited; i++) {
      const state = await settled(page);
      if (state === 'turn' && (await page.getByTestId('action-go').count())) {
        await page.waitForTimeout(1500);
        assert.equal(await page.getByTestId('action-go').count(), 1, 'the Go button is still there');
        await page.getByTestId('action-go').click();
        waited = true;
        continue;
      }
      if ((await step(page)) === 'over') break;
    }
    assert.ok(waited, 'a forced go was left to the player');
    await finish();
  });

  it('keeps the keyboard after a click on the felt, with a focus ring unlike a chosen card', async () => {
    const { page, finish } = await openGame('seed=6&speed=instant', { viewport: DESKTOP });
    await settled(page);
    // A click on the felt, away from every control: focus stays in the app and the keys work.
    await page.locator('.tbl-center').click({ position: { x: 3, y: 3 } });
    assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('.cribbage'))), 'focus stays in the app');
    await page.keyboard.press('1');
    // The table draws on the next frame: wait for it rather than look before it is drawn.
    await page.locator('.tbl-hand .hand-card.is-selected').first().waitFor({ timeout: 5000 });
    assert.equal(await page.locator('.tbl-hand .hand-card.is-selected').count(), 1, 'the 1 key chose the first card');
    // The focus ring: white with a dark halo; a chosen card's ring is gold.
    await page.keyboard.press('Tab');
    await page.locator('.tbl-hand .hand-card').nth(1).focus();
    const ring = await page.evaluate(() => {
      const focused = getComputedStyle(document.activeElement);
      const chosen = document.querySelector('.tbl-hand .hand-card.is-selected .card-ring');
      return { outline: focused.outlineColor, style: focused.outlineStyle, halo: focused.boxShadow, chosen: getComputedStyle(chosen).stroke };
    });
    assert.equal(ring.outline, 'rgb(255, 255, 255)');
    assert.equal(ring.style, 'solid');
    assert.match(ring.halo, /rgba\(0, 0, 0, 0\.55\)/);
    assert.notEqual(ring.chosen, ring.outline);
    await page.keyboard.press('?');
    await page.locator('dialog[open]').waitFor();
    await finish();
  });

  it('keeps the keyboard after a card played with a click: the focus stays on the table, N and ? work while the computer plays', async () => {
    // The card clicked went with the focus on it, and the focus fell to the page until the next turn.
    const { page, finish } = await openGame('seed=6&speed=slow', { viewport: DESKTOP });
    await keysAfterAClick(page);
    await finish();
  });

  it('never drops a game in progress without asking', async () => {
    const { page, finish } = await openGame('seed=6&speed=instant', { viewport: DESKTOP });
    await step(page);
    await settled(page);
    const before = await snapshot(page);
    await page.getByTestId('tool-newgame').click();
    await page.locator('dialog[open]', { hasText: 'Abandon this game?' }).waitFor();
    await page.getByTestId('dialog-no').click();
    assert.deepEqual(await snapshot(page), before, 'still the same game');

    await page.keyboard.press('n');
    await page.getByTestId('dialog-yes').click();
    const setup = page.locator('dialog[open]', { hasText: 'New game' });
    await setup.waitFor();
    // New players start on Medium; the level chosen is remembered.
    assert.equal(await setup.getByLabel('Computer level').inputValue(), 'medium');
    await setup.getByLabel('Computer level').selectOption('hard');
    await setup.getByLabel('You and two computers').check();
    await setup.locator('input[name="target"][value="61"]').check();
    await setup.getByLabel('Speed').selectOption('instant');
    await setup.getByText('Advanced').click();
    await setup.getByLabel(/Seed/).fill('x1');
    await page.getByTestId('dialog-deal').click();
    await setup.locator('.field-error', { hasText: 'whole number' }).waitFor();
    await setup.getByLabel(/Seed/).fill('61');
    // The table as the old game stops (its log cleared for the new one): it waits for nothing.
    // It stood as the abandoned game's, waiting for a move, until the new one was drawn.
    await page.evaluate(() => {
      const log = /** @type {HTMLElement} */ (document.querySelector('[data-testid="log"]'));
      new MutationObserver((records, observer) => {
        if (!records.some((r) => r.removedNodes.length)) return;
        observer.disconnect();
        /** @type {any} */ (window).stateAsStopped = /** @type {HTMLElement} */ (document.querySelector('.tbl')).dataset.state;
      }).observe(log, { childList: true });
    });
    await page.getByTestId('dialog-deal').click();
    // The new table is drawn on a later frame than the old one's settled state: wait for it.
    await page.waitForFunction(() => document.querySelectorAll('.tbl-opponents .seat').length === 2, null, { timeout: 10_000 }).catch(() => {});
    await settled(page);
    assert.equal(await page.evaluate(() => /** @type {any} */ (window).stateAsStopped), 'busy', 'the old game’s table waits for nothing once it stops');
    assert.equal(await page.locator('.tbl-opponents .seat').count(), 2, 'three players now');
    assert.equal(await page.locator('.tbl-hand .hand-card').count(), 5);
    const stats = await page.evaluate(() => JSON.parse(localStorage.getItem('cribbage.stats')));
    assert.deepEqual(Object.keys(stats.tables), ['cribbage/medium/2/121'], 'counted under the game abandoned');
    assert.equal(stats.tables['cribbage/medium/2/121'].abandoned, 1);
    const settings = await page.evaluate(() => JSON.parse(localStorage.getItem('cribbage.settings')));
    assert.deepEqual([settings.setup.players, settings.setup.target, settings.setup.level, settings.speed], [3, 61, 'hard', 'instant']);

    await page.getByTestId('tool-stats').click();
    await page.getByTestId('stats').waitFor();
    assert.match(await page.getByTestId('stats').textContent(), /Games abandoned1/);
    await page.getByTestId('dialog-close').click();
    await finish();
  });

  it('cuts the pack for the first deal by hand, from the keyboard or a click, and undo cuts a new pack', async () => {
    const { page, finish } = await openGame('seed=5&speed=instant', { viewport: DESKTOP });
    // Ticked in the new-game dialog, and remembered there.
    await page.getByTestId('tool-newgame').click();
    await page.locator('dialog[open]').waitFor();
    // A game not yet begun is left without asking; one begun asks first.
    if (await page.getByTestId('dialog-yes').count()) await page.getByTestId('dialog-yes').click();
    const setup = page.locator('dialog[open]', { hasText: 'New game' });
    await setup.waitFor();
    const box = setup.getByLabel('Cut the pack for the first deal yourself');
    assert.equal(await box.isChecked(), false, 'the game cuts unless asked');
    await box.check();
    await setup.getByText('Advanced').click();
    await setup.getByLabel(/Seed/).fill('5');
    await page.getByTestId('dialog-deal').click();
    // The new game's table, not the old one's still waiting for its discard:
    // the table is settled either way, so wait for the pack itself.
    const pack = page.getByTestId('cut-pack');
    await pack.waitFor();
    assert.equal(await settled(page), 'turn');

    // The pack in the hand's place; nobody deals yet; the coach has nothing to weigh.
    assert.match(await page.getByTestId('prompt').textContent(), /Cut the pack for the first deal: the lower card deals\./);
    assert.equal(await pack.getAttribute('role'), 'group');
    assert.equal(await pack.locator('button.cut-edge').count(), 45, 'lift 4 to 48 cards');
    assert.equal(await page.locator('.tbl-hand .hand-card').count(), 0);
    assert.equal(await page.locator('.badge--dealer').count(), 0, 'no dealer before the cut');
    assert.equal(await page.getByTestId('cuts').getAttribute('aria-label'), 'Cut for deal: no card cut yet');

    // The keyboard: focus is on the pack; arrows move along it; Enter cuts there.
    await page.locator('.tbl-center').click({ position: { x: 3, y: 3 } });
    await page.keyboard.press('Tab');
    await pack.locator('button.cut-edge[tabindex="0"]').focus();
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Lift 26 cards');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Lift 20 cards');
    await page.keyboard.press('Enter');

    // Both cuts are told, the lower card deals, and the hand is dealt.
    const told = page.getByTestId('log').locator('li', { hasText: 'deals first' }).or(page.getByTestId('log').locator('li', { hasText: 'deal first' }));
    await told.first().waitFor();
    const line = await told.first().textContent();
    assert.match(line, /^You cut the [a-z0-9]+ of [a-z]+; Ada cuts the [a-z0-9]+ of [a-z]+\. (You deal|Ada deals) first\.$/, line);
    assert.equal(await settled(page), 'turn');
    assert.equal(await page.locator('.tbl-hand .hand-card').count(), 6);
    assert.equal(await page.getByTestId('cut-pack').count(), 0, 'the pack is gone once dealt');
    assert.equal(await page.locator('.badge--dealer').count(), 1);
    const settings = await page.evaluate(() => JSON.parse(localStorage.getItem('cribbage.settings')));
    assert.equal(settings.setup.cut, 'by_hand');

    // Undo takes the cut back: the pack is cut afresh (a new epoch), and the game is practice.
    await page.getByTestId('action-undo').click();
    await page.getByTestId('cut-pack').waitFor();
    assert.equal(await settled(page), 'turn');
    assert.equal(await page.getByTestId('practice').count(), 1);
    assert.equal(await page.getByTestId('cuts').getAttribute('aria-label'), 'Cut for deal: no card cut yet');
    // A click cuts too; a reload mid-game comes back as it was.
    await page.getByTestId('cut-30').click();
    await page.locator('.tbl-hand .hand-card').first().waitFor();
    await page.reload();
    assert.equal(await settled(page), 'turn');
    assert.equal(await page.locator('.tbl-hand .hand-card').count(), 6);
    await finish();
  });

  it('mounts twice on one page and in a shadow root, apart, and leaves nothing behind', async () => {
    const { page, finish } = await openGame('seed=9&speed=instant', { viewport: DESKTOP });
    const result = await page.evaluate(async () => {
      const { mountApp, STYLESHEETS } = await import(/** @type {string} the page's path, which tsc cannot follow from here */ ('./js/app.js'));
      const events = [];
      const a = document.createElement('div');
      const host = document.createElement('div');
      document.body.append(a, host);
      const shadow = host.attachShadow({ mode: 'open' });
      const first = await mountApp(a, { storageKey: 'first', seed: '1', speed: 'instant', onEvent: (name, detail) => events.push([name, detail]) });
      const second = await mountApp(shadow, { storageKey: 'second', seed: '2', speed: 'instant', theme: 'dark', players: 3 });
      const wait = (root) => new Promise((resolve) => {
        const check = () => (root.querySelector('.tbl')?.dataset.state === 'turn' ? resolve(null) : setTimeout(check, 20));
        check();
      });
      await Promise.all([wait(a), wait(shadow)]);
      // One action in the first app only.
      const cards = /** @type {NodeListOf<HTMLElement>} */ (a.querySelectorAll('.tbl-hand .hand-card'));
      cards[0].click();
      cards[1].click();
      /** @type {HTMLElement} */ (a.querySelector('[data-action="layaway"]')).click();
      // Until the first app has saved that action (it saves right after applying it).
      const savedActions = (key) => JSON.parse(JSON.parse(localStorage.getItem(key) ?? 'null')?.save ?? '{"actions":[]}').actions.length;
      await new Promise((resolve, reject) => {
        const giveUp = Date.now() + 10_000;
        const check = () => {
          if (savedActions('first.game') >= 1) resolve(null);
          else if (Date.now() > giveUp) reject(new Error('the first app never saved its lay-away'));
          else setTimeout(check, 20);
        };
        check();
      });
      const out = {
        keys: Object.keys(localStorage).filter((k) => k.startsWith('first.') || k.startsWith('second.')).sort(),
        firstActions: JSON.parse(JSON.parse(localStorage.getItem('first.game')).save).actions.length,
        secondActions: JSON.parse(JSON.parse(localStorage.getItem('second.game')).save).actions.length,
        links: [.../** @type {NodeListOf<HTMLLinkElement>} */ (shadow.querySelectorAll('link[rel="stylesheet"]'))].map((l) => l.href),
        stylesheets: STYLESHEETS,
        shadowSeats: shadow.querySelectorAll('.tbl-opponents .seat').length,
        shadowTheme: shadow.querySelector('.cribbage').dataset.theme,
        shadowFelt: getComputedStyle(shadow.querySelector('.tbl')).backgroundImage.includes('gradient'),
        inDocument: document.querySelectorAll('.cribbage').length,
        events: events.map(([name]) => name),
      };
      first.destroy();
      second.destroy();
      out.after = [a.childElementCount, shadow.childElementCount, document.querySelectorAll('.cribbage').length];
      return out;
    });
    assert.ok(result.keys.includes('first.game') && result.keys.includes('second.game'), 'each instance saves under its own key');
    assert.ok(result.firstActions >= 1, 'the first app played');
    assert.equal(result.secondActions, 0, 'the second app was not touched');
    // The app's own first; after them, the lazy ones it has loaded since (css/later.css, with what comes after the first play).
    assert.deepEqual(result.links.slice(0, result.stylesheets.length), result.stylesheets, 'the shadow root links the app’s stylesheets');
    assert.equal(result.shadowSeats, 2, 'the shadow app is a three-player game');
    assert.equal(result.shadowTheme, 'dark');
    assert.ok(result.shadowFelt, 'styles apply inside the shadow root');
    assert.equal(result.inDocument, 2, 'the page app and the first instance');
    assert.ok(result.events.includes('view'));
    assert.deepEqual(result.after, [0, 0, 1], 'destroy removes everything it made');
    await finish();
  });
});
