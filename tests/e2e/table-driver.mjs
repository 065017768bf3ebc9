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
  const handle = await page.waitForFunction(() => {
    const state = document.querySelector('#app .tbl, .tbl')?.dataset.state;
    return state && state !== 'busy' ? state : false;
  }, null, { timeout });
  const state = await handle.jsonValue();
  await handle.dispose();
  return state;
}


/**
 * @typedef {{ state: string, mog: boolean, pass: boolean, ace: boolean, layaway: string | null,
 *   muggins: boolean, claim: boolean, claimAction: boolean, prompt: string | null, go: boolean,
 *   playable: number, cells: number, says: boolean | null }} Offer
 */
/**
 * Deals the game the open new-game dialog sets up (its Deal) and waits for
 * that game to ask for something. The dialog's choice is acted on at its
 * close event, which comes after it has lost `open` (in Chromium at the next
 * frame), and till then the old game's table stands, settled too; a new game
 * begins by clearing the log, so the old log's first line is marked first
 * and its going waited for (the stopped game's table then says busy).
 * @param {import('playwright-core').Page} page
 * @param {number} [timeout]
 * @returns {Promise<string>} the new game's state, as `settled` gives it
 */
export async function dealNew(page, timeout = 20_000) {
  await page.evaluate(() => document.querySelector('[data-testid="log"] li')?.setAttribute('data-before-deal', ''));
  await page.getByTestId('dialog-deal').click();
  await page.locator('[data-before-deal]').waitFor({ state: 'detached', timeout });
  return settled(page, timeout);
}

/**
 * What the table offers once it asks for something, read in one look (one
 * round trip to the page, not one per control): its state, and which of the
 * player's controls are there. The controls are looked for in the whole page,
 * as `getByTestId` finds them. `cells`: the layout games' cells where the
 * card may go. `says`: given `words` (a regular expression's source, matched
 * without regard to case), whether the page's visible text (the body's
 * `innerText`, as `locator('body').innerText()` reads it) says them; null
 * when not asked. A look can be handed to `step` when nothing has been
 * done since (in-view's `decide`); a look taken just after a click may catch
 * the table about to move on by itself (a go said for the player, which
 * removes the Go button), and then `step` should look for itself.
 * @param {import('playwright-core').Page} page
 * @param {number} [timeout]
 * @param {{ words?: string }} [options]
 * @returns {Promise<Offer>}
 */
export async function offer(page, timeout = 20_000, { words } = {}) {
  const handle = await page.waitForFunction((words) => {
    const state = document.querySelector('#app .tbl, .tbl')?.dataset.state;
    if (!state || state === 'busy') return false;
    const has = (id) => document.querySelector(`[data-testid="${id}"]`) !== null;
    return {
      state,
      mog: has('action-mog'),
      pass: has('action-pass'),
      ace: document.querySelector('[data-testid^="action-ace-"]') !== null,
      layaway: document.querySelector('[data-testid="action-layaway"]')?.textContent ?? null,
      muggins: has('action-muggins'),
      claim: has('claim-input'),
      claimAction: has('action-claim'),
      prompt: document.querySelector('[data-testid="prompt"]')?.textContent ?? null,
      go: has('action-go'),
      playable: document.querySelectorAll('.tbl-hand .hand-card.is-playable').length,
      cells: document.querySelectorAll('.lay-cell.is-legal').length,
      says: words === null ? null : new RegExp(words, 'i').test(document.body.innerText),
    };
  }, words ?? null, { timeout });
  const seen = /** @type {Offer} */ (await handle.jsonValue());
  await handle.dispose();
  return seen;
}

/**
 * Takes one decision through the UI.
 * @param {import('playwright-core').Page} page
 * @param {{ claim?: (prompt: string) => number, call?: (prompt: string) => number | null | Promise<number | null>, keyboard?: boolean, mog?: boolean }} [policy]
 *   `claim`: the count to claim (default 0); `call`: offered a muggins call, the count to name,
 *   or null to let the claim stand (the default).
 * @param {Offer} [looked]  what the table offers now, if the caller has just
 *   read it (`offer`) and nothing has been done since; read here otherwise
 * @returns {Promise<string>} what was done
 */
export async function step(page, policy = {}, looked = undefined) {
  const seen = looked ?? (await offer(page));
  const state = seen.state;
  if (state === 'over') return 'over';
  if (state === 'continue') {
    await press(page, '[data-testid="action-continue"]');
    return 'continue';
  }
  if (state === 'reveal') {
    await press(page, '[data-testid="action-reveal"]');
    return 'reveal';
  }
  // The player's turn.
  // Costly Colours: the mog (`policy.mog`: say "mog", the default, or refuse), then a card to pass.
  if (seen.mog) {
    await press(page, `[data-testid="${policy.mog === false ? 'action-refuse' : 'action-mog'}"]`);
    return policy.mog === false ? 'refuse' : 'mog';
  }
  if (seen.pass) {
    await press(page, '.tbl-hand .hand-card.is-playable', { nth: 0 });
    await press(page, '[data-testid="action-pass"]');
    return 'pass';
  }
  // An ace that may go as 1 or as 11: the page asks, and the low value is taken.
  if (seen.ace) {
    await press(page, '[data-testid^="action-ace-"]', { nth: 0 });
    return 'ace';
  }
  if (seen.layaway !== null) {
    const need = /\/(\d)/.exec(seen.layaway)?.[1] ? Number(/\/(\d)/.exec(seen.layaway)[1]) : 1;
    for (let i = 0; i < need; i++) await press(page, '.tbl-hand .hand-card', { nth: i });
    await press(page, '[data-testid="action-layaway"]');
    return 'discard';
  }
  if (seen.muggins) {
    const n = policy.call ? await policy.call(seen.prompt) : null;
    if (n === null || n === undefined) {
      await press(page, '[data-testid="action-accept"]');
      return 'accept';
    }
    await page.getByTestId('claim-input').fill(String(n));
    await page.getByTestId('claim-input').press('Enter');
    return `muggins ${n}`;
  }
  if (seen.claim) {
    const n = policy.claim ? policy.claim(seen.prompt) : 0;
    await page.getByTestId('claim-input').fill(String(n));
    await page.getByTestId('claim-input').press('Enter');
    return `claim ${n}`;
  }
  if (seen.go) {
    // The game may say a forced go for the player first (the default): then
    // the button is gone before the click, and that is the go.
    await page.getByTestId('action-go').click({ timeout: 3000 }).catch(() => {});
    return 'go';
  }
  if (!seen.playable) {
    // A forced go the game said for the player (the default) may have taken the turn between
    // the look and now: then the table moves on. A turn with nothing to choose that stays is a bug.
    const movedOn = await page
      .waitForFunction(() => {
        const table = document.querySelector('#app .tbl, .tbl');
        return table?.dataset.state !== 'turn' || Boolean(table.querySelector('.tbl-hand .hand-card.is-playable, [data-testid="action-go"]'));
      }, null, { timeout: 5000 })
      .then(() => true, () => false);
    assert.ok(movedOn, 'the player is to act but nothing can be chosen');
    return 'go';
  }
  await press(page, '.tbl-hand .hand-card.is-playable', { nth: 0 });
  return 'play';
}

/**
 * Clicks the control `selector` matches (the `nth` match, or the only one) as
 * a player's mouse does, with the checks Playwright's `click()` makes before
 * it: the control waits until it is on the page, shown, enabled (nor
 * `aria-disabled`) and the
 * topmost element at its centre (nothing covering it), scrolled into view if
 * it is not; then a real mouse click (move, down, up through Chromium's input
 * pipeline) lands on that centre. What it leaves out is Playwright's wait for
 * the control to hold still over two animation frames: with reduced motion
 * (the tests' default) or the instant speed nothing on the table moves, and
 * that wait, about 60 ms a click, was most of the time of a whole game played
 * through the page.
 * @param {import('playwright-core').Page} page
 * @param {string} selector  a CSS selector, looked up in the page's document
 * @param {{ nth?: number, timeout?: number }} [options]
 */
export async function press(page, selector, { nth, timeout = 10_000 } = {}) {
  const handle = await page
    .waitForFunction(
      ({ selector, nth }) => {
        const all = document.querySelectorAll(selector);
        if (nth === undefined && all.length > 1) return { error: `${all.length} elements match ${selector}` };
        const el = /** @type {HTMLElement | undefined} */ (all[nth ?? 0]);
        if (!el || !el.isConnected || !el.checkVisibility({ checkVisibilityCSS: true })) return false;
        if (/** @type {HTMLButtonElement} */ (el).disabled || el.closest('fieldset:disabled, [aria-disabled="true"]')) return false;
        let r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
          el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
          r = el.getBoundingClientRect();
        }
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        const hit = document.elementFromPoint(x, y);
        if (!hit || !el.contains(hit)) return false;
        return { x, y };
      },
      { selector, nth },
      { timeout },
    )
    .catch((error) => {
      throw new Error(`press ${selector}${nth === undefined ? '' : ` #${nth}`}: ${error.message}`);
    });
  const at = /** @type {{ x: number, y: number, error?: undefined } | { error: string, x?: undefined, y?: undefined }} */ (await handle.jsonValue());
  await handle.dispose();
  if (at.error) throw new Error(`press: ${at.error}`);
  await page.mouse.click(at.x, at.y);
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

/**
 * Plays a card with a click, as a mouse player does, and checks the
 * keyboard is still the player's while the others play: the focus, its card
 * gone from the hand, lands on the table (never on the page's body, where
 * the app's keys did nothing until the player's next turn), `?` opens Help
 * and `N` asks to abandon the game; and with the focus taken off to the
 * page's body, `?` still opens Help (the app's own page owns its keys).
 * Takes the game's other decisions through `step` until a card can be played.
 * @param {import('playwright-core').Page} page  a game at a speed slow enough to press keys during the others' turn
 */
export async function keysAfterAClick(page) {
  for (let i = 0; i < 60; i++) {
    const seen = await offer(page);
    if (seen.state === 'turn' && seen.playable > 0 && seen.layaway === null && !seen.mog && !seen.pass && !seen.ace && !seen.claim && !seen.muggins) break;
    assert.notEqual(await step(page), 'over', 'the game ended before a card was played');
  }
  const card = await page.locator('.tbl-hand .hand-card.is-playable').first().getAttribute('data-card');
  await press(page, `.tbl-hand .hand-card[data-card="${card}"]`);
  await page.locator(`.tbl-hand .hand-card[data-card="${card}"]`).waitFor({ state: 'detached' });
  const where = () => page.evaluate(() => {
    const active = document.activeElement;
    return { body: !active || active === document.body, table: Boolean(active?.closest('.tbl')), state: document.querySelector('.tbl')?.getAttribute('data-state') };
  });
  // Drawn in a frame: a look after the next one.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const after = await where();
  assert.equal(after.state, 'busy', 'the others are playing');
  assert.ok(!after.body && after.table, `the focus stays on the table: ${JSON.stringify(after)}`);
  await page.keyboard.press('?');
  await page.locator('dialog[open]', { hasText: 'Keyboard' }).waitFor();
  await page.keyboard.press('Escape');
  await page.locator('dialog[open]').waitFor({ state: 'detached' });
  await page.keyboard.press('n');
  await page.locator('dialog[open]', { hasText: 'Abandon this game?' }).waitFor();
  await page.getByTestId('dialog-no').click();
  await page.locator('dialog[open]').waitFor({ state: 'detached' });
  // The focus taken off to the page's body: the page's keys are still the game's.
  await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());
  assert.ok((await where()).body, 'the focus is on the page');
  await page.keyboard.press('?');
  await page.locator('dialog[open]', { hasText: 'Keyboard' }).waitFor();
  await page.keyboard.press('Escape');
}
