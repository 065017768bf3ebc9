// @ts-check
// Plays cribbage through the page's own controls, as a player would: reads
// what the table offers (enabled cards, buttons) and clicks. Shared by the
// game tests. No engine calls: every choice goes through the UI.

import assert from 'node:assert/strict';

/** The table's state: 'turn' | 'continue' | 'reveal' | 'over' | 'busy'. */
export function tableState(page) {
  return page.locator('.tbl').getAttribute('data-state');
}

/** Waits until the table asks for something. */
export async function settled(page, timeout = 20_000) {
  await page.waitForFunction(() => {
    const state = document.querySelector('#app .tbl, .tbl')?.dataset.state;
    return state && state !== 'busy';
  }, null, { timeout });
  return tableState(page);
}

/**
 * Takes one decision through the UI.
 * @param {import('playwright-core').Page} page
 * @param {{ claim?: (prompt: string) => number, call?: (prompt: string) => number | null | Promise<number | null>, keyboard?: boolean, mog?: boolean }} [policy]
 *   `claim`: the count to claim (default 0); `call`: offered a muggins call, the count to name,
 *   or null to let the claim stand (the default).
 * @returns {Promise<string>} what was done
 */
export async function step(page, policy = {}) {
  const state = await settled(page);
  if (state === 'over') return 'over';
  if (state === 'continue') {
    await page.getByTestId('action-continue').click();
    return 'continue';
  }
  if (state === 'reveal') {
    await page.getByTestId('action-reveal').click();
    return 'reveal';
  }
  // The player's turn.
  // Costly Colours: the mog (`policy.mog`: say "mog", the default, or refuse), then a card to pass.
  if (await page.getByTestId('action-mog').count()) {
    await page.getByTestId(policy.mog === false ? 'action-refuse' : 'action-mog').click();
    return policy.mog === false ? 'refuse' : 'mog';
  }
  if (await page.getByTestId('action-pass').count()) {
    await page.locator('.tbl-hand .hand-card.is-playable').first().click();
    await page.getByTestId('action-pass').click();
    return 'pass';
  }
  // An ace that may go as 1 or as 11: the page asks, and the low value is taken.
  const ace = page.locator('[data-testid^="action-ace-"]');
  if (await ace.count()) {
    await ace.first().click();
    return 'ace';
  }
  const layaway = page.getByTestId('action-layaway');
  if (await layaway.count()) {
    const label = await layaway.textContent();
    const need = /\/(\d)/.exec(label)?.[1] ? Number(/\/(\d)/.exec(label)[1]) : 1;
    const cards = page.locator('.tbl-hand .hand-card');
    for (let i = 0; i < need; i++) await cards.nth(i).click();
    await layaway.click();
    return 'discard';
  }
  if (await page.getByTestId('action-muggins').count()) {
    const prompt = await page.getByTestId('prompt').textContent();
    const n = policy.call ? await policy.call(prompt) : null;
    if (n === null || n === undefined) {
      await page.getByTestId('action-accept').click();
      return 'accept';
    }
    await page.getByTestId('claim-input').fill(String(n));
    await page.getByTestId('claim-input').press('Enter');
    return `muggins ${n}`;
  }
  if (await page.getByTestId('claim-input').count()) {
    const prompt = await page.getByTestId('prompt').textContent();
    const n = policy.claim ? policy.claim(prompt) : 0;
    await page.getByTestId('claim-input').fill(String(n));
    await page.getByTestId('claim-input').press('Enter');
    return `claim ${n}`;
  }
  if (await page.getByTestId('action-go').count()) {
    // The game may say a forced go for the player first (the default): then
    // the button is gone before the click, and that is the go.
    await page.getByTestId('action-go').click({ timeout: 3000 }).catch(() => {});
    return 'go';
  }
  const playable = page.locator('.tbl-hand .hand-card.is-playable');
  if (!(await playable.count())) {
    // A forced go the game said for the player (the default) may have taken the turn between
    // the looks above: then the table moves on. A turn with nothing to choose that stays is a bug.
    const movedOn = await page
      .waitForFunction(() => {
        const table = document.querySelector('#app .tbl, .tbl');
        return table?.dataset.state !== 'turn' || Boolean(table.querySelector('.tbl-hand .hand-card.is-playable, [data-testid="action-go"]'));
      }, null, { timeout: 5000 })
      .then(() => true, () => false);
    assert.ok(movedOn, 'the player is to act but nothing can be chosen');
    return 'go';
  }
  await playable.first().click();
  return 'play';
}

/** Plays until the game (or match) is over; returns the count of each kind of step. */
export async function playToEnd(page, policy = {}, limit = 2000) {
  const done = {};
  for (let i = 0; i < limit; i++) {
    const what = await step(page, policy);
    done[what.split(' ')[0]] = (done[what.split(' ')[0]] ?? 0) + 1;
    if (what === 'over') return done;
  }
  throw new Error(`no end after ${limit} steps: ${JSON.stringify(done)}`);
}

/**
 * Clicks a tool of the page's header (`newgame`, `stats`, `settings`,
 * `sound`, `help`): on a phone the tools are in the header's one menu,
 * opened first.
 * @param {import('playwright-core').Page | import('playwright-core').Locator} page
 * @param {string} id
 */
export async function clickTool(page, id) {
  const tool = page.getByTestId(`tool-${id}`);
  if (!(await tool.isVisible())) await page.getByTestId('menu').click();
  await tool.click();
}

/**
 * Switches the app's view (`game` or `calculator`), through the menu on a phone.
 * @param {import('playwright-core').Page} page
 * @param {'game'|'calculator'} view
 */
export async function openView(page, view) {
  const tab = page.locator(`.nav-tab[data-view="${view}"]`);
  if (!(await tab.isVisible())) await page.getByTestId('menu').click();
  await tab.click();
}
