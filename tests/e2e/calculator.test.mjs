// @ts-check
// The hand calculator in headless Chromium: hands entered by mouse, by
// keyboard only and as text; hand and crib rules; highlighting; screenshots
// at phone and desktop sizes (test-results/calculator-*.png).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { CSP } from '../../tools/serve.mjs';
import { DESKTOP, PHONE, audit, layoutShift, openPage, setUp } from './harness.mjs';

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/** Opens the calculator and waits until the engine has loaded. */
async function openCalculator(options) {
  const opened = await openPage(env, 'index.html#calculator', options);
  await opened.page.locator('.app-version', { hasText: 'Engine' }).waitFor();
  await opened.page.locator('.pick').first().waitFor();
  return opened;
}

const total = (page) => page.getByTestId('total');
const tally = (page, key) => page.getByTestId(`tally-${key}`);

async function pickByMouse(page, cards) {
  for (const card of cards) await page.click(`.pick[data-card="${card}"]`);
}

describe('hand calculator', () => {
  it('counts 29 for a hand picked with the mouse, and highlights each combination', async () => {
    const { page, finish, screenshot } = await openCalculator({ viewport: DESKTOP });
    await pickByMouse(page, ['5H', '5C', '5S', 'JD', '5D']);

    await total(page).filter({ hasText: /^29$/ }).waitFor();
    assert.equal(await tally(page, 'fifteens').textContent(), '16');
    assert.equal(await tally(page, 'pairs').textContent(), '12');
    assert.equal(await tally(page, 'runs').textContent(), '0');
    assert.equal(await tally(page, 'flush').textContent(), '0');
    assert.equal(await tally(page, 'nobs').textContent(), '1');
    assert.equal(await page.locator('.combo').count(), 8 + 6 + 1);
    assert.match(await page.getByTestId('cadence').textContent(), /^“Fifteen two, .*one for his nob is twenty-nine\.”$/);

    // The grid says what is chosen, and the live region reads the result.
    assert.equal(await page.locator('.pick[data-card="5H"]').getAttribute('aria-label'), 'five of hearts, selected for the hand');
    assert.equal(await page.locator('.pick[data-card="5D"]').getAttribute('aria-label'), 'five of diamonds, selected as the starter');
    assert.equal(await page.locator('.pick[data-card="AS"]').getAttribute('aria-disabled'), 'true');
    assert.match(await page.locator('.calc [aria-live]').textContent(), /The hand scores 29: fifteen two/);

    // Pointing at his nob lights the jack and dims the rest. (Scroll first, and
    // wait until the phrase stays put for two frames, so no pointer event from
    // the scroll itself lands after the hover.)
    await page.locator('.combo--nobs').scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () =>
        new Promise((resolve) => {
          const top = () => document.querySelector('.combo--nobs').getBoundingClientRect().top;
          const first = top();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(top() === first)));
        }),
    );
    await page.hover('.combo--nobs');
    assert.deepEqual(await litCards(page), { lit: ['JD'], dimmed: ['5C', '5H', '5S', '5D'].sort() });
    // Focusing a fifteen does the same for its cards.
    await page.focus('.combo--fifteen >> nth=1');
    assert.deepEqual((await litCards(page)).lit, ['5C', 'JD']);
    await page.mouse.move(0, 0);
    await screenshot('calculator-desktop');

    await finish();
  });

  it('counts 12 for a hand entered with the keyboard only, as hand and as crib', async () => {
    const { page, finish } = await openCalculator({ viewport: DESKTOP });

    // Tab into the card grid, then move with the arrow keys and choose with Enter or Space.
    for (let i = 0; i < 40 && !(await activeCard(page)); i++) await page.keyboard.press('Tab');
    assert.equal(await activeCard(page), 'AS', 'the grid takes focus at its first card');
    for (const [card, key] of [['7H', 'Enter'], ['8C', ' '], ['8D', 'Enter'], ['KS', 'Enter'], ['9H', ' ']]) {
      await moveFocusTo(page, card);
      await page.keyboard.press(key === ' ' ? 'Space' : key);
    }
    await total(page).filter({ hasText: /^12$/ }).waitFor();
    assert.equal(await tally(page, 'fifteens').textContent(), '4');
    assert.equal(await tally(page, 'pairs').textContent(), '2');
    assert.equal(await tally(page, 'runs').textContent(), '6');
    assert.equal(
      await page.getByTestId('cadence').textContent(),
      '“Fifteen two, fifteen four, and a pair is six, and a run is nine, and a run is twelve.”',
    );

    // Focus stays visible: the focused card has an outline.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.equal(outline, 'solid');

    // Shift+Tab back to the "Count as" radios and switch to the crib with an arrow key.
    for (let i = 0; i < 20 && !(await page.evaluate(() => /** @type {HTMLInputElement} */ (document.activeElement)?.name?.startsWith('show-kind'))); i++) {
      await page.keyboard.press('Shift+Tab');
    }
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.locator('input[data-kind="crib"]').isChecked(), true);
    await page.locator('.slot-group--hand .slot-title', { hasText: 'Crib' }).waitFor();
    assert.equal(await total(page).textContent(), '12');

    // Backspace-free removal: Enter on a chosen card puts it back.
    await page.locator('.pick[data-card="9H"]').focus();
    await page.keyboard.press('Enter');
    assert.equal(await total(page).textContent(), '–');
    assert.equal(await page.locator('.pick[data-card="9H"]').getAttribute('aria-selected'), 'false');

    await finish();
  });

  it('scores a four-card flush 4 in a hand and 0 in the crib', async () => {
    const { page, finish, screenshot } = await openCalculator({ viewport: PHONE });
    await pickByMouse(page, ['2H', '4H', '6H', '8H', 'QC']);
    await total(page).filter({ hasText: /^4$/ }).waitFor();
    assert.equal(await tally(page, 'flush').textContent(), '4');
    await screenshot('calculator-phone');

    await page.locator('input[data-kind="crib"] + label').click();
    await total(page).filter({ hasText: /^0$/ }).waitFor();
    assert.equal(await tally(page, 'flush').textContent(), '0');
    assert.equal(await page.getByTestId('cadence').textContent(), '“Nineteen: not a point to count.”');

    // With the starter in the suit the crib scores the flush too.
    await page.click('.slot--starter');
    await page.click('.pick[data-card="QH"]');
    await total(page).filter({ hasText: /^5$/ }).waitFor();
    assert.equal(await tally(page, 'flush').textContent(), '5');
    await finish();
  });

  it('reads typed cards and explains typing mistakes', async () => {
    const { page, finish, screenshot } = await openCalculator({ viewport: PHONE, colorScheme: 'dark' });
    const input = page.getByLabel('Type the cards');

    await input.fill('5h 5c 5s 5x');
    await input.press('Enter');
    await page.locator('.text-error', { hasText: '5x' }).waitFor();
    assert.equal(await input.getAttribute('aria-invalid'), 'true');

    await input.fill('5h 5c 5s 5h');
    await input.press('Enter');
    await page.locator('.text-error', { hasText: 'five of hearts is there twice' }).waitFor();

    await input.fill('4c, 4h, 5d, 6d, qc');
    await input.press('Enter');
    await total(page).filter({ hasText: /^14$/ }).waitFor();
    assert.equal(await input.inputValue(), '4C 4H 5D 6D QC');
    assert.equal(await page.locator('.text-error').textContent(), '');
    assert.equal(await input.getAttribute('aria-invalid'), null);
    await screenshot('calculator-phone-dark');
    await finish();
  });

  it('states the server\'s Content-Security-Policy in every page, and fits a phone', async () => {
    for (const file of ['index.html', 'bench.html']) {
      const html = readFileSync(`www/${file}`, 'utf8');
      const meta = html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1];
      assert.equal(meta, CSP, `${file} and tools/serve.mjs must state the same policy`);
      assert.doesNotMatch(html, /style=|<style|<script(?![^>]*src=)/, `no inline styles or scripts in ${file}`);
    }

    const { page, finish, screenshot } = await openCalculator({ viewport: { width: 360, height: 740 } });
    const shift = await layoutShift(page);
    assert.ok(shift < 0.01, `layout shift while loading: ${shift}`);
    await pickByMouse(page, ['7H', '8C', '8D', 'KS', '9H']);
    await total(page).filter({ hasText: /^12$/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.equal(overflow, 0, 'no sideways scrolling at 360 px');
    await screenshot('calculator-360');
    await finish();
  });

  for (const colorScheme of ['light', 'dark']) {
    it(`passes an axe accessibility audit (${colorScheme})`, async () => {
      const { page, finish } = await openCalculator({ viewport: PHONE, colorScheme });
      assert.deepEqual(await audit(page), [], 'empty');
      await pickByMouse(page, ['5H', '5C', '5S', 'JD', '5D']);
      await total(page).filter({ hasText: /^29$/ }).waitFor();
      await page.focus('.combo--nobs');
      assert.deepEqual(await audit(page), [], 'counted, a combination focused');
      const input = page.getByLabel('Type the cards');
      await input.fill('5h zz');
      await input.press('Enter');
      await page.locator('.text-error', { hasText: 'zz' }).waitFor();
      assert.deepEqual(await audit(page), [], 'with a typing mistake');
      await finish();
    });
  }

  it('renders at desktop size in dark mode', async () => {
    const { page, finish, screenshot } = await openCalculator({ viewport: DESKTOP, colorScheme: 'dark' });
    const shift = await layoutShift(page);
    assert.ok(shift < 0.01, `layout shift while loading: ${shift}`);
    await pickByMouse(page, ['7C', '7D', '8H', '8S', '9C']);
    await total(page).filter({ hasText: /^24$/ }).waitFor();
    await page.hover('.combo--run >> nth=0');
    await screenshot('calculator-desktop-dark');
    await finish();
  });
});

async function activeCard(page) {
  return page.evaluate(() => document.activeElement?.closest?.('.pick')?.dataset.card ?? null);
}

/** Moves focus in the picker grid to `card` with arrow keys only. */
async function moveFocusTo(page, card) {
  const rows = 'SHCD';
  const ranks = 'A23456789TJQK';
  for (let guard = 0; guard < 30; guard++) {
    const here = await activeCard(page);
    if (here === card) return;
    const dr = rows.indexOf(card[1]) - rows.indexOf(here[1]);
    const dc = ranks.indexOf(card[0]) - ranks.indexOf(here[0]);
    const key = dr > 0 ? 'ArrowDown' : dr < 0 ? 'ArrowUp' : dc > 0 ? 'ArrowRight' : 'ArrowLeft';
    await page.keyboard.press(key);
  }
  throw new Error(`could not reach ${card} with the arrow keys`);
}

/** Which slot cards are highlighted and which dimmed. */
async function litCards(page) {
  return page.evaluate(() => {
    const of = (state) =>
      [...document.querySelectorAll(`.slot .card.${state}`)].map((el) => el.dataset.card).sort();
    return { lit: of('is-highlighted'), dimmed: of('is-dimmed') };
  });
}
