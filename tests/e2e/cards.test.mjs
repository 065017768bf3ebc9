// @ts-check
// The SVG card component (www/js/cards.js) on its own: every card of the deck
// and the back, their accessible names, pips, colours and states. Saves
// test-results/cards.png: the whole deck, to look at.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openPage, setUp } from './harness.mjs';

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/** Lays out the whole deck, face up, then compact, then a back, on the page. */
async function drawDeck(page) {
  return page.evaluate(async () => {
    const { renderCard, setCardState, RANKS, SUITS } = await import(/** @type {string} the page's path, which tsc cannot follow from here */ ('./js/cards.js'));
    const board = document.createElement('div');
    document.querySelector('main:not([hidden])').replaceChildren(board);
    // Laid out through the CSSOM, which the page's CSP allows (a <style> it does not).
    const lay = (row) => {
      for (const [name, value] of [['display', 'flex'], ['gap', '8px'], ['margin-bottom', '10px']]) row.style.setProperty(name, value);
      for (const card of row.children) card.style.setProperty('width', '84px');
    };
    const report = [];
    for (const suit of SUITS) {
      const row = document.createElement('div');
        for (const rank of RANKS) {
        const el = renderCard(rank + suit);
        row.append(el);
        report.push({
          card: rank + suit,
          role: el.getAttribute('role'),
          name: el.getAttribute('aria-label'),
          red: el.classList.contains('card--red'),
          pips: el.querySelectorAll(':scope > .card-suit').length,
        });
      }
      lay(row);
      board.append(row);
    }
    const states = document.createElement('div');
    const back = renderCard(null);
    const compact = renderCard('TH', { compact: true, label: false });
    const selected = renderCard('QS', { selected: true });
    const lit = renderCard('5D', { highlighted: true });
    const off = renderCard('AC', { disabled: true });
    setCardState(off, { dimmed: true });
    states.append(back, compact, selected, lit, off);
    lay(states);
    board.append(states);
    return {
      report,
      back: { name: back.getAttribute('aria-label'), face: back.querySelector('.card-rank') },
      compact: { hidden: compact.getAttribute('aria-hidden'), role: compact.getAttribute('role'), text: compact.textContent },
      classes: [selected, lit, off].map((el) => [...el.classList].filter((c) => c.startsWith('is-'))),
    };
  });
}

describe('SVG cards', () => {
  it('draws every card with its name, colour and pips', async () => {
    const { page, finish, screenshot } = await openPage(env, 'index.html');
    await page.locator('.app-version', { hasText: 'Engine' }).waitFor();
    const { report, back, compact, classes } = await drawDeck(page);

    assert.equal(report.length, 52);
    const byCard = Object.fromEntries(report.map((r) => [r.card, r]));
    assert.equal(byCard['5H'].name, 'five of hearts');
    assert.equal(byCard.TS.name, 'ten of spades');
    assert.equal(byCard.AC.name, 'ace of clubs');
    assert.equal(byCard.QD.name, 'queen of diamonds');
    for (const r of report) {
      assert.equal(r.role, 'img', r.card);
      assert.equal(r.red, r.card[1] === 'H' || r.card[1] === 'D', r.card);
      const rank = 'A23456789TJQK'.indexOf(r.card[0]) + 1;
      // Corner indices are inside groups; the face has one pip per rank for
      // two to ten, one large pip for an ace and one under a court letter.
      assert.equal(r.pips, rank <= 10 && rank > 1 ? rank : 1, r.card);
    }
    assert.equal(back.name, 'face-down card');
    assert.equal(back.face, null, 'a back shows no rank');
    assert.deepEqual(compact, { hidden: 'true', role: null, text: '10' });
    assert.deepEqual(classes, [['is-selected'], ['is-highlighted'], ['is-disabled', 'is-dimmed']]);

    await screenshot('cards');
    await finish();
  });

  it('refuses text that is not a card', async () => {
    const { page, finish } = await openPage(env, 'index.html');
    const errors = await page.evaluate(async () => {
      const { renderCard, cardName } = await import(/** @type {string} the page's path, which tsc cannot follow from here */ ('./js/cards.js'));
      const out = [];
      for (const bad of ['5X', '1H', '', 'TEN', null]) {
        try {
          cardName(bad);
          out.push('no error');
        } catch (err) {
          out.push(err.message);
        }
      }
      try {
        renderCard('ZZ');
      } catch (err) {
        out.push(err.message);
      }
      return out;
    });
    assert.deepEqual(errors, ['not a card: "5X"', 'not a card: "1H"', 'not a card: ""', 'not a card: "TEN"', 'not a card: null', 'not a card: "ZZ"']);
    await finish();
  });
});
