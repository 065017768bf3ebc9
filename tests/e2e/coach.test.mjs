// @ts-check
// The coach and the computer players at the table, through the page only:
// a hint with its numbers (and the hinted cards lit), the table of all
// fifteen discards, a hint in the play, and the review of a whole game
// against the Expert computer. Every number comes from the wasm coach in the
// worker; the test checks the page shows them and that they add up.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, openPage, setUp } from './harness.mjs';
import { playToEnd, settled, step } from './table-driver.mjs';

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

const number = (text) => Number(text.replace('−', '-').replace('+', ''));

describe('the coach', () => {
  it('hints, lists every discard, hints in the play, and reviews a game against Expert', async () => {
    const { page, finish, screenshot } = await openPage(env, 'index.html?seed=4242&speed=instant&level=expert&target=61', { viewport: DESKTOP });
    assert.equal(await settled(page), 'turn');

    // A hint for the discard: two cards named, their numbers, and the cards lit in the hand.
    await page.locator('[data-coach="hint"]').click();
    const hint = await page.getByTestId('coach-hint').textContent();
    assert.match(hint, /\d+\.\d/, `the hint gives its numbers: ${hint}`);
    const lit = page.locator('.tbl-hand .hand-card.is-suggested');
    await lit.nth(1).waitFor();
    assert.equal(await lit.count(), 2, 'the two cards to lay away are lit');

    // Every way to lay away two of six: fifteen rows, best first, hand + crib = net.
    await page.locator('[data-coach="table"]').click();
    const rows = page.getByTestId('coach-table').locator('tbody tr');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 15);
    const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    // Two-player standard cribbage: the engine has the chances, so the coach (Expert) ranks by the chance to win.
    const head = await page.getByTestId('coach-table').locator('thead th').allTextContents();
    assert.equal(head.at(-1), 'Win', `the chances are a column: ${head}`);
    const wins = cells.map((c) => Number(c.at(-1).replace('%', '')));
    for (let i = 1; i < wins.length; i++) assert.ok(wins[i - 1] >= wins[i], `best first: ${wins}`);
    const nets = cells.map((c) => number(c.at(-2)));
    assert.ok(nets.every(Number.isFinite), `each has its net points: ${nets}`);
    // Every column in sight in the coach's panel: on one line the cards kept pushed Net and Win out of it.
    const fit = await page.getByTestId('coach-table').evaluate((t) => {
      const box = /** @type {HTMLElement} */ (t.parentElement).getBoundingClientRect();
      return [...t.querySelectorAll('thead th')].map((th) => ({ name: th.textContent, in: th.getBoundingClientRect().right <= box.right + 1 }));
    });
    assert.deepEqual(fit.filter((c) => !c.in).map((c) => c.name), [], 'every column of the table in the panel');
    await screenshot('coach-discard-desktop');

    // Lay away what the coach lit, then ask again in the play.
    for (const card of await lit.all()) await card.click();
    await page.getByTestId('action-layaway').click();
    let hinted = false;
    for (let i = 0; i < 40 && !hinted; i++) {
      if ((await settled(page)) === 'turn' && (await page.locator('.tbl-hand .hand-card.is-playable').count()) > 1) {
        await page.locator('[data-coach="hint"]').click();
        const text = await page.getByTestId('coach-hint').textContent();
        assert.match(text, /Play/, `a hint for the play: ${text}`);
        // Two players: the worth is against the one other player, by name (it said "the others").
        assert.match(text, /points to you against Ada\./, `against whom: ${text}`);
        await lit.first().waitFor();
        assert.equal(await lit.count(), 1, 'one card lit');
        // Every card with its worth in points and its chance to win, each in its column: the
        // chances stood alone under "Worth", where the hint gives the worth in points.
        await page.locator('[data-coach="table"]').click();
        const cardRows = page.getByTestId('coach-table').locator('tbody tr');
        await cardRows.first().waitFor();
        assert.deepEqual(await page.getByTestId('coach-table').locator('thead th').allTextContents(), ['Card', 'Scores now', 'Worth', 'Win']);
        for (const cells of await cardRows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))) {
          assert.match(cells[1], /^([+−]\d+\.\d|0\.0)$/, `the worth in points: ${cells}`);
          assert.match(cells[2], /^\d+%$/, `the chance to win: ${cells}`);
        }
        assert.match(await page.getByTestId('coach').locator('.coach-note').textContent(), /^Worth: your points less those of Ada over the rest of the play\. Win: /);
        hinted = true;
      } else {
        await step(page);
      }
    }
    assert.ok(hinted, 'a choice of cards came up in the play');

    // A whole game against Expert, then the review of every decision.
    await playToEnd(page);
    await page.getByTestId('action-review').click();
    const summary = page.getByTestId('review-summary');
    await summary.waitFor({ timeout: 60_000 });
    assert.match(await summary.textContent(), /^\d+ decisions reviewed/);
    await screenshot('coach-review-desktop');

    // A row opens that moment on the table: the cards held, the play and its count, the
    // starter and the scores, with the choice and the better one; Next and Previous step on.
    const position = page.getByTestId('review-position');
    const opener = page.getByTestId('review-open').first();
    if (await opener.count()) await opener.click();
    else await page.getByTestId('review-step-through').click();
    await position.waitFor();
    const heading = await position.locator('.review-when').textContent();
    assert.match(heading, /^(Game \d+, h|H)and \d+, decision \d+ of \d+$/);
    assert.ok((await position.locator('[role="img"]').first().getAttribute('aria-label')).startsWith('Your cards: '));
    assert.ok((await position.locator('.review-cards').first().locator('svg.card').count()) >= 1, 'the cards held are drawn');
    assert.match(await position.locator('.review-scores').textContent(), /^Scores: You \d+, Ada \d+\.$/);
    assert.match(await page.getByTestId('review-choice').textContent(), /^You chose: (lay away|play) .+\. (Better: .+|As good as the coach’s choice\.)/);
    const [, , total] = /decision (\d+) of (\d+)/.exec(heading).map(Number);
    if (total > 1) {
      const next = position.locator('[data-review="next"]');
      const prev = position.locator('[data-review="prev"]');
      if (await next.isEnabled()) await next.click();
      else await prev.click();
      assert.notEqual(await position.locator('.review-when').textContent(), heading, 'stepped to another decision');
    }
    // From the first decision, a lay-away: the cards held, and no play yet (it showed "The play
    // (count 0)" over no cards); then a card of the play, with the play and its count.
    await page.getByTestId('review-step-through').click();
    assert.match(await position.locator('.review-when').textContent(), /decision 1 of/);
    assert.match(await page.getByTestId('review-choice').textContent(), /^You chose: lay away /);
    assert.doesNotMatch(await position.innerText(), /The play/, 'no play at a lay-away');
    for (let i = 0; i < total && !/^You chose: play /.test(await page.getByTestId('review-choice').textContent()); i++) await position.locator('[data-review="next"]').click();
    assert.match(await position.innerText(), /The play \(count \d+\)/, 'a card of the play shows the play');
    await screenshot('review-step-desktop');
    await finish();
  });
});
