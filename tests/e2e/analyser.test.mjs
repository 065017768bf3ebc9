// @ts-check
// The hand calculator's discard analyser in headless Chromium: six cards
// entered by mouse, by keyboard only and as text; whose crib; the scores and
// each choice's chance to win; errors; phone and desktop layouts; axe. Every
// figure on the page is checked against the native engine's for the same
// question (tests/data/discard-analysis.json, pinned and checked by
// tests/it/discard_analysis.rs). Then the wasm export itself, in Node: plain
// data out, a thrown Error with a clear message for every bad input.
// Screenshots: test-results/analyser-*.png.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE, audit, openPage, setUp } from './harness.mjs';
import { engine } from './wasm-node.mjs';

const PINNED = JSON.parse(readFileSync('tests/data/discard-analysis.json', 'utf8')).cases;
const [MY_CRIB, THEIR_CRIB, LATE] = PINNED;

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/**
 * Records the type of every message the page posts to a worker, so a test
 * can tell the analysis ran in the computer players' worker.
 */
function watchWorkers() {
  const post = Worker.prototype.postMessage;
  globalThis.__posted = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    globalThis.__posted.push(message?.type);
    return post.call(this, message, ...rest);
  };
}

/** Opens the calculator, waits for the engine, and shows the discard analyser by a click. */
async function openAnalyser(options = {}) {
  const opened = await openPage(env, 'index.html#calculator', { initScript: watchWorkers, ...options });
  await opened.page.locator('.app-version', { hasText: 'Engine' }).waitFor();
  await opened.page.locator('.pick').first().waitFor();
  return opened;
}

const table = (page) => page.getByTestId('discard-table');
/** Waits until no analysis is on its way (the scores are typed a key at a time). */
const settled = (page) => page.waitForFunction(() => !document.querySelector('.result-body[aria-busy]'));

/** Two places with a true minus sign, as a player reads them. */
const points = (x) => (x < 0 && Math.abs(x).toFixed(2) !== '0.00' ? '−' : '') + Math.abs(x).toFixed(2);
const signed = (x) => (x < 0 && Math.abs(x).toFixed(2) !== '0.00' ? '−' : '+') + Math.abs(x).toFixed(2);
const percent = (p) => `${(100 * p).toFixed(1)}%`;

/** The table as data: each row's cards and the figures as shown. */
function readTable(page) {
  return table(page).evaluate((el) => ({
    headers: [...el.querySelectorAll('thead th')].map((th) => th.textContent),
    rows: [...el.querySelectorAll('tbody tr')].map((tr) => {
      const [discard, keep, ...figures] = tr.children;
      const cards = (cell) => [...cell.querySelectorAll('[data-card]')].map((chip) => chip.dataset.card);
      return {
        header: discard.tagName === 'TH' && discard.getAttribute('scope') === 'row',
        best: tr.classList.contains('is-best'),
        discard: cards(discard),
        keep: cards(keep),
        figures: figures.map((td) => td.textContent),
      };
    }),
  }));
}

/** Asserts the page's table is the engine's answer to the same question. */
async function assertShows(page, pinned) {
  await settled(page);
  const { headers, rows } = await readTable(page);
  const chances = pinned.options.some((o) => o.win_prob !== null);
  assert.deepEqual(headers, ['Lay away', 'Keep', 'Hand', 'Crib', 'Total', ...(chances ? ['Chance to win'] : [])]);
  assert.equal(rows.length, 15);
  rows.forEach((row, i) => {
    const option = pinned.options[i];
    assert.ok(row.header, 'each row is headed by its lay-away');
    assert.equal(row.best, i === 0);
    assert.deepEqual(row.discard, option.discard, `row ${i + 1}`);
    assert.deepEqual(row.keep, option.keep, `row ${i + 1}`);
    const figures = [points(option.hand), signed(option.crib), points(option.total)];
    if (chances) figures.push(percent(option.win_prob));
    assert.deepEqual(row.figures, figures, `row ${i + 1} (${option.discard.join(' ')})`);
  });
}

async function pickByMouse(page, cards) {
  for (const card of cards) await page.click(`.pick[data-card="${card}"]`);
}

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

/** Tabs (or shift-tabs) until `test` holds for the focused element. */
async function tabTo(page, test, key = 'Tab') {
  for (let i = 0; i < 60; i++) {
    if (await page.evaluate(test)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`never reached ${test}`);
}

describe('discard analyser', () => {
  it('lists the 15 lay-aways of six cards picked by mouse, best first, as the native engine figures them', async () => {
    const { page, finish, screenshot } = await openAnalyser({ viewport: DESKTOP });
    await page.locator('label', { hasText: 'Analyse a discard' }).click();
    assert.equal(await page.locator('.slot:visible').count(), 6, 'six slots, no starter');
    assert.match(await page.locator('.result-empty').textContent(), /Pick the six cards/);
    await pickByMouse(page, MY_CRIB.cards);
    await table(page).waitFor();
    assert.equal(await page.locator('input[data-crib="mine"]').isChecked(), true, 'my crib by default');
    await assertShows(page, MY_CRIB);

    const best = MY_CRIB.options[0];
    const summary = await page.getByTestId('discard-best').textContent();
    assert.ok(summary.includes(`${points(best.hand)} in the hand, ${signed(best.crib)} in your crib, ${points(best.total)} in all.`), summary);
    assert.match(await page.locator('.calc [aria-live]').textContent(), /^Best: lay away five of clubs and six of diamonds and keep five of hearts, jack of spades, queen of spades and king of diamonds: 18\.26 in all\.$/);
    assert.match(await page.locator('caption').textContent(), /best first\. Your crib: its points are added\./);
    assert.equal(await page.locator('.discard-table th', { hasText: 'Chance' }).count(), 0, 'no scores, no chances');
    // The analysis ran in the computer players' worker, not on the page's thread.
    assert.ok((await page.evaluate(() => globalThis.__posted)).includes('discards'));
    await screenshot('analyser-desktop');

    // Their crib: the same hands, the crib taken off, ranked anew.
    await page.locator('label', { hasText: 'Theirs' }).click();
    await page.locator('caption', { hasText: 'Their crib' }).waitFor();
    const { rows } = await readTable(page);
    assert.equal(rows[0].figures[1][0], '−');

    // Each tool keeps its own cards: the count is still empty, the six still there.
    await page.locator('label', { hasText: 'Count a hand' }).click();
    assert.equal(await page.locator('.slot:visible').count(), 5);
    assert.equal(await page.locator('.slot:visible .card').count(), 0);
    assert.equal(await page.getByTestId('total').textContent(), '–');
    await page.locator('label', { hasText: 'Analyse a discard' }).click();
    await table(page).waitFor();
    assert.equal(await page.locator('.slot:visible .card').count(), 6);
    await finish();
  });

  it('takes the six cards and whose crib from the keyboard alone, and as typed text', async () => {
    const { page, finish, screenshot } = await openAnalyser({ viewport: PHONE });
    // The tools are radio buttons: an arrow key moves to the analyser.
    await tabTo(page, () => document.activeElement?.dataset?.mode === 'count');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.locator('input[data-mode="discard"]').isChecked(), true);
    await page.locator('.slot-title', { hasText: 'Six cards dealt' }).waitFor();

    // Into the grid, then arrows and Enter or Space for each card.
    await tabTo(page, () => Boolean(document.activeElement?.closest?.('.pick')));
    for (const [i, card] of THEIR_CRIB.cards.entries()) {
      await moveFocusTo(page, card);
      await page.keyboard.press(i % 2 ? 'Space' : 'Enter');
    }
    await table(page).waitFor();
    // Back to "Whose crib", and an arrow key to theirs.
    await tabTo(page, () => document.activeElement?.dataset?.crib === 'mine', 'Shift+Tab');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.locator('input[data-crib="theirs"]').isChecked(), true);
    await page.locator('caption', { hasText: 'Their crib' }).waitFor();
    await assertShows(page, THEIR_CRIB);
    await screenshot('analyser-phone');

    // Typed: any case, commas, "10"; a seventh card is refused with the reason.
    const input = page.getByLabel('Type the cards');
    await input.fill('5h, 5c, 6d, js, qs, kd, 2c');
    await input.press('Enter');
    await page.locator('.text-error', { hasText: 'At most six cards' }).waitFor();
    await input.fill(MY_CRIB.cards.join(' ').toLowerCase());
    await input.press('Enter');
    await page.locator('.discard-table tbody tr[data-discard="6D KD"].is-best').waitFor();
    assert.equal(await input.inputValue(), MY_CRIB.cards.join(' '));
    assert.equal(await page.locator('.text-error').textContent(), '');
    // Their crib now, so the best lay-away changes: the engine's own order.
    const { rows } = await readTable(page);
    assert.deepEqual(rows[0].discard, ['6D', 'KD']);
    await finish();
  });

  it('gives each choice its chance to win near the end of a game, none early, and says what is wrong with a score', async () => {
    const { page, finish, screenshot } = await openAnalyser({ viewport: DESKTOP, colorScheme: 'dark' });
    await page.locator('label', { hasText: 'Analyse a discard' }).click();
    await pickByMouse(page, LATE.cards);
    await page.locator('label', { hasText: 'Theirs' }).click();
    await page.getByLabel('My score').fill(String(LATE.scores.mine));
    await page.getByLabel('Their score').fill(String(LATE.scores.theirs));
    await page.locator('.discard-table th', { hasText: 'Chance' }).waitFor();
    await assertShows(page, LATE);
    assert.match(await page.locator('caption').textContent(), /best first by the chance to win/);
    assert.match(await page.getByTestId('discard-best').textContent(), new RegExp(`a ${percent(LATE.options[0].win_prob).replace('.', '\\.')} chance to win\\.$`));
    await screenshot('analyser-desktop-dark-chances');

    // As many points to go in a game to 61: chances too, the rows ranked by them.
    await page.getByLabel('Game to', { exact: true }).selectOption('61');
    await page.getByLabel('My score').fill(String(LATE.scores.mine - 60));
    await page.getByLabel('Their score').fill(String(LATE.scores.theirs - 60));
    await page.locator('.discard-table th', { hasText: 'Chance' }).waitFor();
    await settled(page);
    const chances = (await readTable(page)).rows.map((row) => Number.parseFloat(row.figures[3]));
    assert.equal(chances.length, 15);
    assert.ok(chances.every((p, i) => i === 0 || p <= chances[i - 1]), `ranked by the chance: ${chances}`);

    // Early in a game the engine may reckon no chance (today it does not):
    // then the page ranks by points, shows no column for chances, and says why.
    await page.getByLabel('Game to', { exact: true }).selectOption('121');
    await page.getByLabel('My score').fill('10');
    await page.getByLabel('Their score').fill('12');
    const early = engine.discardAnalysis(LATE.cards, 'theirs', { mine: 10, theirs: 12 });
    if (early.options.every((o) => o.win_prob === null)) {
      await page.getByTestId('no-chances').waitFor();
      await settled(page);
      assert.equal(await page.locator('.discard-table th', { hasText: 'Chance' }).count(), 0);
    } else {
      await settled(page);
      await assertShows(page, { options: early.options });
    }

    // A score past the target: the engine's own words, as an alert.
    await page.getByLabel('My score').fill('130');
    await page.locator('.result-error[role="alert"]', { hasText: 'Could not analyse: your score of 130 has already reached 121: scores are 0 to 120' }).waitFor();
    await page.getByLabel('My score').fill('10.5');
    await page.locator('.result-error', { hasText: 'your score must be a whole number of points' }).waitFor();
    // Both scores cleared: no chances asked for, the table is back.
    await page.getByLabel('My score').fill('');
    await page.getByLabel('Their score').fill('');
    await table(page).waitFor();
    await settled(page);
    assert.equal(await page.getByTestId('no-chances').count(), 0);
    await finish();
  });

  it('drops an analysis still on its way when the count is chosen instead', async () => {
    // The analyser's requests are held from the worker until the test lets them go
    // (`__release`), so every answer comes after the count is chosen however slow the machine
    // (a timed delay could run out before the first look); `__answered` counts the answers the
    // page has had (its own listener, added first, has taken each by then).
    const slowAnalyses = () => {
      const post = Worker.prototype.postMessage;
      const late = new Set();
      /** @type {(() => void)[]} */
      const held = [];
      globalThis.__answered = 0;
      globalThis.__release = () => held.splice(0).forEach((send) => send());
      Worker.prototype.postMessage = function (message, ...rest) {
        if (message?.type === 'discards') {
          if (late.size === 0) this.addEventListener('message', ({ data }) => (globalThis.__answered += late.has(data?.id) ? 1 : 0));
          late.add(message.id);
          held.push(() => post.call(this, message, ...rest));
        } else post.call(this, message, ...rest);
      };
    };
    const { page, finish } = await openAnalyser({ viewport: DESKTOP, initScript: slowAnalyses });
    await page.locator('label', { hasText: 'Analyse a discard' }).click();
    await pickByMouse(page, MY_CRIB.cards);
    assert.equal(await page.locator('.result-body').getAttribute('aria-busy'), 'true', 'on its way');
    await page.locator('label', { hasText: 'Count a hand' }).click();
    await page.evaluate(() => globalThis.__release());
    // The late answer has come (a fixed sleep could end before it on a loaded machine, and
    // the checks below then pass with nothing dropped), and the frame after it is drawn.
    await page.waitForFunction(() => globalThis.__answered > 0);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    assert.equal(await page.locator('.result-body').getAttribute('aria-busy'), null, 'the count is not busy');
    assert.equal(await table(page).count(), 0, 'and shows no table');
    assert.match(await page.locator('.result-empty').textContent(), /Pick four cards and a starter/);
    await finish();
  });

  it('fits a 360×640 phone without sideways scrolling', async () => {
    const { page, finish, screenshot } = await openAnalyser({ viewport: { width: 360, height: 640 } });
    await page.locator('label', { hasText: 'Analyse a discard' }).click();
    await pickByMouse(page, LATE.cards);
    await page.locator('label', { hasText: 'Theirs' }).click();
    await page.getByLabel('My score').fill(String(LATE.scores.mine));
    await page.getByLabel('Their score').fill(String(LATE.scores.theirs));
    await page.locator('.discard-table th', { hasText: 'Chance' }).waitFor();
    await settled(page);
    const fit = await page.evaluate(() => {
      const box = document.querySelector('.discard-scroll');
      return { page: document.documentElement.scrollWidth - innerWidth, table: box.scrollWidth - box.clientWidth };
    });
    assert.deepEqual(fit, { page: 0, table: 0 }, 'every column in view');
    // Every control a finger can use is at least 44 px tall.
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('.calc-table button, .calc-table input:not([type=radio]), .calc-table select, .calc-table .segment label')]
        .filter((el) => el.getClientRects().length && el.getBoundingClientRect().height < 43.5)
        .map((el) => el.outerHTML.slice(0, 60)),
    );
    assert.deepEqual(small, []);
    await screenshot('analyser-360');
    await finish();
  });

  for (const colorScheme of ['light', 'dark']) {
    it(`passes an axe accessibility audit (${colorScheme})`, async () => {
      const { page, finish } = await openAnalyser({ viewport: PHONE, colorScheme });
      await page.locator('label', { hasText: 'Analyse a discard' }).click();
      assert.deepEqual(await audit(page), [], 'empty');
      await pickByMouse(page, LATE.cards);
      await table(page).waitFor();
      assert.deepEqual(await audit(page), [], 'the table');
      await page.getByLabel('My score').fill(String(LATE.scores.mine));
      await page.getByLabel('Their score').fill(String(LATE.scores.theirs));
      await page.locator('.discard-table th', { hasText: 'Chance' }).waitFor();
      await settled(page);
      assert.deepEqual(await audit(page), [], 'with the chances');
      await page.getByLabel('My score').fill('130');
      await page.locator('.result-error').waitFor();
      assert.deepEqual(await audit(page), [], 'with an error');
      await finish();
    });
  }
});

describe('discardAnalysis, the wasm export', () => {
  it('answers with plain data: the question, and the 15 options as the native engine figures them', () => {
    for (const pinned of PINNED) {
      const answer = engine.discardAnalysis(pinned.cards, pinned.crib, pinned.scores);
      assert.equal(JSON.stringify(structuredClone(answer)), JSON.stringify(answer));
      assert.deepEqual(answer.hand, [...pinned.cards].sort((a, b) => order(a) - order(b)));
      assert.equal(answer.crib, pinned.crib);
      assert.deepEqual(answer.scores, pinned.scores);
      assert.equal(answer.options.length, 15);
      answer.options.forEach((option, i) => {
        const want = pinned.options[i];
        assert.deepEqual([option.discard, option.keep], [want.discard, want.keep]);
        for (const key of ['hand', 'crib', 'total']) assert.ok(Math.abs(option[key] - want[key]) < 1e-9, key);
        if (want.win_prob === null) assert.equal(option.win_prob, null);
        else assert.ok(Math.abs(option.win_prob - want.win_prob) < 1e-9);
      });
    }
    // Scores may leave the target out (121), and be null or undefined.
    const late = engine.discardAnalysis(LATE.cards, 'theirs', { mine: LATE.scores.mine, theirs: LATE.scores.theirs });
    assert.deepEqual(late.scores, LATE.scores);
    assert.equal(engine.discardAnalysis(MY_CRIB.cards, 'mine', undefined).scores, null);
  });

  it('throws an Error naming the problem for every bad input', () => {
    const six = MY_CRIB.cards;
    /** @type {[() => unknown, RegExp][]} */
    const cases = [
      [() => engine.discardAnalysis(six.slice(0, 5), 'mine', null), /the discard analyser needs the six cards dealt, not 5/],
      [() => engine.discardAnalysis([...six, '2C'], 'mine', null), /not 7/],
      [() => engine.discardAnalysis([...six.slice(0, 5), six[0]], 'mine', null), /5H is in the hand twice/],
      [() => engine.discardAnalysis([...six.slice(0, 5), 'ZZ'], 'mine', null), /the hand: "ZZ": not a card/],
      [() => engine.discardAnalysis(six.join(' '), 'mine', null), /the hand: invalid type: string "5H 5C [^"]*", expected a sequence/],
      [() => engine.discardAnalysis([1, 2, 3, 4, 5, 6], 'mine', null), /the hand: invalid type: integer `1`, expected a string/],
      [() => engine.discardAnalysis(six, 'ours', null), /"ours" is not whose crib it is: "mine" \(you deal\) or "theirs"/],
      [() => engine.discardAnalysis(six, true, null), /whose crib it is must be "mine" or "theirs"/],
      [() => engine.discardAnalysis(six, undefined, null), /whose crib it is must be "mine" or "theirs"/],
      [() => engine.discardAnalysis(six, 'mine', 110), /the scores: invalid type: integer `110`, expected struct Scores/],
      [() => engine.discardAnalysis(six, 'mine', { mine: 1 }), /the scores: missing field `theirs`/],
      [() => engine.discardAnalysis(six, 'mine', { mine: 1, theirs: 2, tgt: 61 }), /the scores: unknown field `tgt`, expected one of `mine`, `theirs`, `target`/],
      [() => engine.discardAnalysis(six, 'mine', { mine: -1, theirs: 2 }), /the scores: your score must be a whole number of points/],
      [() => engine.discardAnalysis(six, 'mine', { mine: 1, theirs: NaN }), /the scores: their score must be a whole number of points/],
      [() => engine.discardAnalysis(six, 'mine', { mine: 1, theirs: 2, target: 100 }), /a game to 100: the target is 121 or 61/],
      [() => engine.discardAnalysis(six, 'mine', { mine: 1, theirs: 2, target: '61' }), /the scores: the target must be a whole number of points/],
      [() => engine.discardAnalysis(six, 'mine', { mine: 121, theirs: 2 }), /your score of 121 has already reached 121: scores are 0 to 120/],
      [() => engine.discardAnalysis(six, 'theirs', { mine: 1, theirs: 61, target: 61 }), /their score of 61 has already reached 61/],
    ];
    for (const [call, message] of cases) {
      assert.throws(call, (err) => err instanceof Error && message.test(err.message), String(message));
    }
    // The module is still well after all of them.
    assert.equal(engine.discardAnalysis(six, 'mine', null).options.length, 15);
  });
});

/** Card order as the engine sorts a hand: by rank, then suit C D H S. */
function order(card) {
  return 'A23456789TJQK'.indexOf(card[0]) * 4 + 'CDHS'.indexOf(card[1]);
}
