// @ts-check
// Plays a game inside a <cribbage-game> element through its own controls,
// as a visitor would (Playwright's locators reach into its shadow root):
// shared by the element's tests and the package's.

/**
 * Takes the person's decision at hand, whatever the game asks: a cell, a
 * mog, a card to pass, cards to lay away, a card to play (an ace's value),
 * or a go.
 * @param {import('playwright-core').Locator} game  the element
 */
export async function decide(game) {
  const cell = game.locator('.lay-cell.is-legal');
  if (await cell.count()) return cell.first().click();
  if (await game.getByTestId('action-mog').count()) return game.getByTestId('action-refuse').click();
  if (await game.getByTestId('action-pass').count()) {
    await game.locator('.tbl-hand .hand-card.is-playable').first().click();
    return game.getByTestId('action-pass').click();
  }
  const layaway = game.getByTestId('action-layaway');
  if (await layaway.count()) {
    const need = Number(/\/(\d)/.exec((await layaway.textContent()) ?? '')?.[1] ?? 1);
    for (let i = 0; i < need; i++) await game.locator('.tbl-hand .hand-card').nth(i).click();
    return layaway.click();
  }
  const playable = game.locator('.tbl-hand .hand-card.is-playable');
  if (!(await playable.count())) {
    // A go: said by the game for the player after a beat, or by the button.
    await game.getByTestId('action-go').click({ timeout: 3000 }).catch(() => {});
    return undefined;
  }
  const card = await playable.first().getAttribute('data-card');
  await playable.first().click();
  // An ace that may go as 1 or as 11 is asked for a frame after its card is chosen, and the
  // card stays in the hand till then: wait for the question, or for the card to be played.
  const ace = game.locator('[data-testid^="action-ace-"]');
  const held = game.locator(`.tbl-hand .hand-card[data-card="${card}"]`);
  // Each wait's own failure is caught: the one that loses the race ends later, unheeded.
  await Promise.race([ace.first().waitFor({ timeout: 10_000 }).catch(() => {}), held.waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {})]);
  if (await ace.count()) await ace.first().click();
  return undefined;
}

/**
 * Plays one whole hand of cribbage in the element `#id`: the lay-away, the
 * play and the show, until the next hand's lay-away (or the game's end).
 * Returns the phases of the person's turns, as the `turn` events said them.
 * @param {import('playwright-core').Page} page
 * @param {string} id
 */
export async function playHand(page, id) {
  await page.evaluate((id) => {
    const el = /** @type {any} */ (document.getElementById(id));
    el.phases = [];
    el.addEventListener('turn', (/** @type {CustomEvent} */ event) => el.phases.push(event.detail.phase));
  }, id);
  const game = page.locator(`#${id}`);
  for (let step = 0; step < 200; step++) {
    const state = await page
      .waitForFunction((id) => {
        const table = /** @type {HTMLElement | null | undefined} */ (document.getElementById(id)?.shadowRoot?.querySelector('.tbl'))?.dataset.state;
        return table && table !== 'busy' ? table : false;
      }, id, { timeout: 20_000 })
      .then((handle) => handle.jsonValue());
    const phases = await page.evaluate((id) => /** @type {any} */ (document.getElementById(id)).phases, id);
    const played = phases.indexOf('play');
    if (state === 'over' || (played >= 0 && phases.indexOf('discard', played) > played)) return phases;
    if (state === 'continue') await game.getByTestId('action-continue').click();
    else if (state === 'turn') await decide(game);
    else if (state === 'reveal') await game.getByTestId('action-reveal').click();
  }
  throw new Error('no hand played in 200 steps');
}
