// @ts-check
// Cards a player can read, in headless Chromium: the four-colour deck
// (clubs green, diamonds blue) and large cards (a bigger rank and suit on
// every face), each turned on in Settings, remembered over a reload, honoured
// by <cribbage-game> through its four-colour and large-cards attributes (at
// mount and live), and within WCAG AA contrast in both themes (axe).
// Screenshots: test-results/card-style-*.png.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE, audit, openPage, setUp } from './harness.mjs';
import { clickTool, openView } from './table-driver.mjs';

// The suits' colours on a light card face (css/cards.css).
const BLACK = 'rgb(27, 35, 32)';
const RED = 'rgb(192, 38, 45)';
const GREEN = 'rgb(21, 112, 53)';
const BLUE = 'rgb(30, 91, 184)';

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/** Opens the table (seed 7 deals the player three clubs) and waits for the hand. */
async function openTable(options = {}) {
  const opened = await openPage(env, 'index.html?seed=7&speed=instant', { viewport: DESKTOP, ...options });
  await opened.page.locator('.tbl-hand .hand-card .card').first().waitFor();
  return opened;
}

/** The fill of each suit's pips, by suit, over the cards under `scope` (a page or a locator). */
function suitColours(scope) {
  return scope.locator('svg.card[data-card]').evaluateAll((cards) => {
    const out = {};
    for (const card of cards) {
      const pip = [...card.querySelectorAll('.card-suit')].find((el) => el.getClientRects().length);
      if (pip) out[card.dataset.card[1]] ??= getComputedStyle(pip).fill;
    }
    return out;
  });
}

/**
 * How the first hand card's rank is drawn: the height on screen of the
 * rank's glyphs in the index shown, and which index that is.
 */
function rankSize(page) {
  return page.locator('.tbl-hand .hand-card .card').first().evaluate((card) => {
    const shown = [...card.querySelectorAll('.card-rank')].filter((el) => el.getClientRects().length);
    return {
      large: shown.some((el) => el.closest('.card-large')),
      standard: shown.some((el) => el.closest('.card-std')),
      height: Math.max(...shown.filter((el) => !el.classList.contains('card-court')).map((el) => el.getBoundingClientRect().height)),
    };
  });
}

/**
 * Opens Settings, sets the Cards boxes as given (those left out as they are), saves.
 * @param {import('playwright-core').Page} page
 * @param {{ fourColour?: boolean, largeCards?: boolean }} boxes
 */
async function setCards(page, { fourColour, largeCards }) {
  // On a phone the header's tools are in its menu.
  await clickTool(page, 'settings');
  const dialog = page.locator('dialog[open]', { hasText: 'Settings' });
  const box = (label) => dialog.getByLabel(label);
  if (fourColour !== undefined) await box(/^Four-colour deck/).setChecked(fourColour);
  if (largeCards !== undefined) await box(/^Large cards/).setChecked(largeCards);
  await page.getByTestId('dialog-save').click();
  await dialog.waitFor({ state: 'detached' });
  // The app marks its root once the dialog has given back the settings.
  if (fourColour !== undefined) await page.locator(`.cribbage[data-deck="${fourColour ? 'four-colour' : 'standard'}"]`).waitFor();
  if (largeCards !== undefined) await page.locator(`.cribbage[data-card-size="${largeCards ? 'large' : 'standard'}"]`).waitFor();
}

/** Waits until the saved settings hold `value` under `key` (the save follows the dialog's close). */
const stored = (page, key, value) =>
  page.waitForFunction(([key, value]) => JSON.parse(localStorage.getItem('cribbage.settings') ?? '{}')[key] === value, [key, value]);

describe('cards a player can read', () => {
  it('the four-colour deck turns clubs green and diamonds blue, and stays so after a reload', async () => {
    const { page, finish, screenshot } = await openTable();
    assert.equal(await page.locator('.cribbage').getAttribute('data-deck'), 'standard');
    assert.equal((await suitColours(page.locator('.tbl-hand'))).C, BLACK, 'clubs are black at first');

    await setCards(page, { fourColour: true });
    assert.equal(await page.locator('.cribbage').getAttribute('data-deck'), 'four-colour');
    const colours = await suitColours(page.locator('.tbl-hand'));
    assert.equal(colours.C, GREEN);
    assert.equal(colours.H, RED, 'hearts stay red');
    assert.equal(colours.S, BLACK, 'spades stay black');
    await stored(page, 'fourColour', true);
    await screenshot('card-style-four-colour');

    // Remembered: after a reload, and on the calculator's whole pack too.
    await page.reload();
    await page.locator('.tbl-hand .hand-card .card').first().waitFor();
    assert.equal((await suitColours(page.locator('.tbl-hand'))).C, GREEN);
    await openView(page, 'calculator');
    await page.locator('.pick').first().waitFor();
    assert.deepEqual(await suitColours(page.locator('.picker')), { S: BLACK, H: RED, C: GREEN, D: BLUE });
    // The discard analyser's cards as text follow the deck too.
    await page.locator('label', { hasText: 'Analyse a discard' }).click();
    for (const card of ['5H', '5C', '6D', 'JS', 'QS', 'KD']) await page.click(`.pick[data-card="${card}"]`);
    const chip = (card) => page.locator(`.discard-best .card-chip[data-card="${card}"]`).first().evaluate((el) => getComputedStyle(el).color);
    await page.getByTestId('discard-best').waitFor();
    assert.deepEqual([await chip('5C'), await chip('6D')], [GREEN, BLUE]);

    // And off again.
    await openView(page, 'game');
    await setCards(page, { fourColour: false });
    assert.equal((await suitColours(page.locator('.tbl-hand'))).C, BLACK);
    await stored(page, 'fourColour', false);
    await finish();
  });

  it('large cards draw a bigger rank and suit on every face, and stay so after a reload', async () => {
    const { page, finish, screenshot } = await openTable({ viewport: PHONE });
    const before = await rankSize(page);
    assert.deepEqual([before.standard, before.large], [true, false]);

    await setCards(page, { largeCards: true });
    assert.equal(await page.locator('.cribbage').getAttribute('data-card-size'), 'large');
    const after = await rankSize(page);
    assert.deepEqual([after.standard, after.large], [false, true], 'the large index in place of the standard one');
    assert.ok(after.height > 1.45 * before.height, `the rank is half as big again: ${before.height} → ${after.height}`);
    // The suit too: the large corner pip against the standard one.
    const pips = await page.locator('.tbl-hand .hand-card .card').first().evaluate((card) => {
      const corner = (group) => card.querySelector(`${group} .card-suit`).getBoundingClientRect().width;
      return { standard: corner('.card-std.card-index'), large: corner('.card-large') };
    });
    assert.ok(pips.large > 1.6 * pips.standard, JSON.stringify(pips));
    await stored(page, 'largeCards', true);
    await screenshot('card-style-large');

    await page.reload();
    await page.locator('.tbl-hand .hand-card .card').first().waitFor();
    assert.equal((await rankSize(page)).large, true, 'remembered');
    await setCards(page, { largeCards: false });
    assert.deepEqual(await rankSize(page), before);
    await finish();
  });

  for (const colorScheme of ['light', 'dark']) {
    it(`passes an axe audit with both on, table and calculator (${colorScheme})`, async () => {
      const { page, finish, screenshot } = await openTable({
        colorScheme,
        initScript: () => localStorage.setItem('cribbage.settings', JSON.stringify({ fourColour: true, largeCards: true })),
      });
      assert.equal(await page.locator('.cribbage').getAttribute('data-deck'), 'four-colour');
      assert.equal(await page.locator('.cribbage').getAttribute('data-card-size'), 'large');
      assert.deepEqual(await audit(page), [], 'the table');
      await screenshot(`card-style-${colorScheme}`);
      await openView(page, 'calculator');
      await page.locator('.pick').first().waitFor();
      for (const card of ['5H', '5C', '6D', 'JS', 'AD']) await page.click(`.pick[data-card="${card}"]`);
      await page.getByTestId('total').filter({ hasText: /^\d+$/ }).waitFor();
      assert.deepEqual(await audit(page), [], 'the calculator');
      // The four-colour suits on the face, in this theme: at least AA for text.
      const contrast = await page.evaluate(() => {
        const rgb = (text) => text.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
        const lum = (c) => {
          const [r, g, b] = c.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
        const out = {};
        for (const suit of ['C', 'D', 'H', 'S']) {
          const card = document.querySelector(`.slot .card[data-card$="${suit}"]`);
          const face = getComputedStyle(card.querySelector('.card-edge')).fill;
          const ink = getComputedStyle(card.querySelector('.card-large .card-rank')).fill;
          out[suit] = Math.round(ratio(rgb(face), rgb(ink)) * 10) / 10;
        }
        return out;
      });
      for (const [suit, ratio] of Object.entries(contrast)) assert.ok(ratio >= 4.5, `${suit}: ${ratio}:1`);
      await finish();
    });
  }
});

describe('<cribbage-game> and the cards', () => {
  /** The demo page's first game, once both have mounted. */
  async function openDemo() {
    const opened = await openPage(env, 'demo/', { viewport: DESKTOP });
    // The demo's three games, each ready.
    await opened.page.waitForFunction(() => [...document.querySelectorAll('#log li')].filter((li) => li.textContent.endsWith(': ready')).length === 3);
    return opened;
  }

  /** How the cards are drawn inside an element: its app root's marks, and a club's and a diamond's colour. */
  function drawnIn(page, selector) {
    return page.evaluate(async (selector) => {
      const { renderCard } = await import(/** @type {string} the page's path, which tsc cannot follow from here */ ('../js/cards.js'));
      const root = document.querySelector(selector).shadowRoot.querySelector('.cribbage');
      const colour = (card) => {
        const el = renderCard(card);
        root.append(el);
        const fill = getComputedStyle(el.querySelector('.card-suit:not(.card-large *)')).fill;
        const large = getComputedStyle(el.querySelector('.card-large')).display !== 'none';
        el.remove();
        return { fill, large };
      };
      const club = colour('7C');
      return { deck: root.dataset.deck, size: root.dataset.cardSize, club: club.fill, diamond: colour('7D').fill, large: club.large };
    }, selector);
  }

  it('takes four-colour and large-cards as attributes, at mount and live', async () => {
    const { page, finish, screenshot } = await openDemo();
    assert.deepEqual(await drawnIn(page, '#first'), { deck: 'standard', size: 'standard', club: BLACK, diamond: RED, large: false });

    // Live: no restart, the game goes on as it was.
    const hand = () => page.locator('#first').evaluate((el) => [...el.shadowRoot.querySelectorAll('.tbl-hand .hand-card')].map((c) => c.dataset.card).join(' '));
    const dealt = await hand();
    await page.locator('#first').evaluate((el) => {
      el.setAttribute('four-colour', '');
      el.setAttribute('large-cards', 'true');
    });
    assert.deepEqual(await drawnIn(page, '#first'), { deck: 'four-colour', size: 'large', club: GREEN, diamond: BLUE, large: true });
    assert.equal(await hand(), dealt, 'the same game');
    await screenshot('card-style-embed');
    // The other element is untouched.
    assert.equal((await drawnIn(page, '#second')).deck, 'standard');
    // "false" turns one off; removing the attribute goes back to the player's choice (none here).
    await page.locator('#first').evaluate((el) => el.setAttribute('four-colour', 'false'));
    assert.equal((await drawnIn(page, '#first')).club, BLACK);
    await page.locator('#first').evaluate((el) => el.removeAttribute('large-cards'));
    assert.equal((await drawnIn(page, '#first')).large, false);

    // Set before it mounts.
    await page.evaluate(() => {
      const el = document.createElement('cribbage-game');
      el.id = 'added';
      el.setAttribute('four-colour', '');
      el.setAttribute('large-cards', '');
      el.setAttribute('seed', '3');
      // Ready once its stylesheets are in: the cards' colours are theirs.
      el.addEventListener('ready', () => (el.dataset.ready = 'yes'));
      document.querySelector('main').append(el);
    });
    await page.locator('#added[data-ready="yes"]').waitFor();
    assert.deepEqual(await drawnIn(page, '#added'), { deck: 'four-colour', size: 'large', club: GREEN, diamond: BLUE, large: true });
    await finish();
  });
});
