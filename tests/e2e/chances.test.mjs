// @ts-check
// The chances on the table (issue 26 item 4), through the page as a player
// uses it: Settings turn the meter on; a standard game to 61 shows "Your
// chances: N%" by the board, updated as the hands go; at its end the chart
// of the chances has its swings marked and listed; the review ranks the
// decisions by the chances they cost, and an opened one says why the
// better choice was better and prices every choice; after a reload the
// game is among the past games, and opens again with its chart and review,
// within a phone's 360 px; Noddy, which the engine has no chances for,
// shows no meter.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, openPage, setUp } from './harness.mjs';
import { clickTool, playToEnd, press, settled, step } from './table-driver.mjs';
import { engine } from './wasm-node.mjs';

let env;
before(async () => {
  env = await setUp();
});
after(() => env?.close());

/** The meter's figure, or null while it is hidden. */
const meter = (page) => page.evaluate(() => {
  const el = /** @type {HTMLElement} */ (document.querySelector('[data-testid="chances"]'));
  return el && !el.hidden ? (el.querySelector('[data-testid="chances-meter"]')?.textContent ?? '') : null;
});

describe('the chances on the table', () => {
  it('meters a standard game, charts it, reviews it in chances, and keeps it among past games', async (t) => {
    const { page, finish, screenshot } = await openPage(env, 'index.html?seed=61&speed=instant&level=medium&target=61', { viewport: DESKTOP });
    assert.equal(await settled(page), 'turn');
    assert.equal(await meter(page), null, 'off during play by default (after the game)');

    // Settings: the chances as you play.
    await clickTool(page, 'settings');
    await page.locator('input[name="chances"][value="on"]').check();
    await page.getByTestId('dialog-save').click();
    await page.waitForFunction(() => /^Your chances: \d+%$/.test(document.querySelector('[data-testid="chances-meter"]')?.textContent ?? ''));
    const live = page.getByTestId('chances-live');
    assert.equal(await live.getAttribute('aria-live'), 'polite');
    assert.match(await live.textContent() ?? '', /^Your chances: \d+%$/);

    // What the live region says from here, with the hands dealt by then (the log's "Hand N:" lines).
    await page.evaluate(() => {
      const region = /** @type {HTMLElement} */ (document.querySelector('[data-testid="chances-live"]'));
      const said = /** @type {{ text: string, hands: number }[]} */ ([]);
      Object.assign(window, { chancesSaid: said });
      const hands = () => [...document.querySelectorAll('[data-testid="log"] li')].filter((li) => /^Hand \d+:/.test(li.textContent ?? '')).length;
      new MutationObserver(() => said.push({ text: region.textContent ?? '', hands: hands() })).observe(region, { childList: true, characterData: true, subtree: true });
    });
    // Play on: the figure is the engine's after each hand and run of the play, and it moves.
    const seen = new Set([await meter(page)]);
    for (let i = 0; i < 40; i++) {
      await step(page);
      seen.add(await meter(page));
    }
    assert.ok(seen.size >= 3, `the meter moved as the game went: ${[...seen]}`);
    for (const text of seen) assert.match(text ?? '', /^Your chances: \d+%$/);
    // A screen reader hears it at a new hand, or when it has moved 10 points: not again after
    // every card of a hand's first run, whose deal stays the last point (it was said 7 times a hand).
    const told = /** @type {{ text: string, hands: number }[]} */ (await page.evaluate(() => /** @type {any} */ (window).chancesSaid));
    assert.ok(told.length >= 2, `said as the hands went: ${JSON.stringify(told)}`);
    const figure = (text) => Number(/(\d+)%$/.exec(text)?.[1]);
    for (let i = 1; i < told.length; i++) {
      const moved = Math.abs(figure(told[i].text) - figure(told[i - 1].text));
      assert.ok(told[i].hands > told[i - 1].hands || moved >= 10, `said again with no new hand and a move of ${moved}: ${JSON.stringify(told.slice(i - 1, i + 1))}`);
    }
    await screenshot('chances-meter-desktop');

    // The end of the game: its chart, the swings marked and said.
    await playToEnd(page);
    await page.getByTestId('action-chances').click();
    const chart = page.getByTestId('chances-chart');
    await chart.waitFor();
    // Its title as its button's, the chart's heading under it: not one title twice over.
    assert.deepEqual(await page.locator('dialog[open]').locator('h2, h3').allTextContents(), ['Your chances, charted', 'Your chances through the game']);
    assert.equal(await chart.locator('svg.chances-svg path.chances-line').count(), 1);
    const marks = await chart.locator('.chances-mark').count();
    const swings = await chart.getByTestId('chances-swings').locator('li').allTextContents();
    assert.ok(swings.length >= 1 && swings.length === marks, `${marks} marks, swings ${swings}`);
    for (const s of swings) assert.match(s, /^[▲▼] Hand \d+, .+: your chances \d+% → \d+%$/);
    const steps = await chart.getByTestId('chances-table').locator('tbody tr').allTextContents();
    // A crib is told in the hand it was laid in, the hand of the dealer's count before it (the engine's
    // point after a crib is the next deal's, and the table called the crib by the next hand's number).
    const cells = await chart.getByTestId('chances-table').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.children[0]?.textContent ?? '', tr.children[1]?.textContent ?? '']));
    const cribs = cells.flatMap(([hand, what], i) => (/crib \d+/.test(what) && i > 0 ? [[cells[i - 1][0], hand, what]] : []));
    assert.ok(cribs.length >= 1, 'a crib was counted');
    for (const [before, hand, what] of cribs) assert.equal(hand, before, `the crib in its own hand: ${what}`);
    assert.match(steps.at(-1) ?? '', / (pegged|counted) out/, 'the last step says how the game was won');
    const named = await chart.locator('svg').getAttribute('aria-label') ?? '';
    assert.match(named, /^Your chances from \d+% at the first deal to (0|100)% at the end/);
    // Said once: the picture's name, not again in a hidden caption a screen reader reads after it.
    const repeats = await chart.evaluate((box, text) => [...box.querySelectorAll('*')].filter((n) => n.children.length === 0 && n.textContent === text).length, named);
    assert.equal(repeats, 0, 'the chart\'s summary written once, as its name');
    assert.ok((await chart.getByTestId('chances-table').locator('tbody tr').count()) > 10, 'every point in the table');
    await screenshot('chances-chart-desktop');
    await page.getByTestId('dialog-close').click();

    // The review, ranked by the chances the decisions cost, with words for why.
    await page.getByTestId('action-review').click();
    const summary = page.getByTestId('review-summary');
    await summary.waitFor({ timeout: 120_000 });
    const said = await summary.textContent() ?? '';
    assert.match(said, /^\d+ decisions reviewed/);
    const rows = page.getByTestId('review-table').locator('tbody tr');
    if (await rows.count()) {
      assert.match(said, /The costliest, in (game \d+, )?hand \d+, cost [\d.]+% of your chances to win\.$/);
      // The list's scroll region is named by what it lists: costs in chances here, not points.
      assert.equal(await page.locator('.coach-scroll', { has: page.getByTestId('review-table') }).getAttribute('aria-label'), 'Decisions that cost chances to win');
      const costs = await rows.evaluateAll((trs) => trs.map((tr) => tr.lastElementChild?.textContent ?? ''));
      const chance = costs.map((c) => (/^([\d.]+)% to win/.exec(c) ? Number(/^([\d.]+)%/.exec(c)?.[1]) : 0));
      for (let i = 1; i < chance.length; i++) assert.ok(chance[i - 1] >= chance[i], `costliest first: ${costs}`);
      await page.getByTestId('review-open').first().click();
      const position = page.getByTestId('review-position');
      await position.waitFor();
      const why = await page.getByTestId('review-why').textContent() ?? '';
      assert.match(why, /^Why: .+\./);
      t.diagnostic(why);
      assert.match(why, /Your chances: \d+% with it, \d+% with yours\./);
      const head = await page.getByTestId('review-options').locator('thead th').allTextContents();
      assert.deepEqual(head.slice(-2), ['Points', 'Chances']);
      assert.ok((await page.getByTestId('review-options').locator('tbody th').allTextContents()).some((t) => t.includes('(yours)')));
    }
    await screenshot('chances-review-desktop');
    await page.getByTestId('dialog-close').click();

    // After a reload, the game is among the past games; opened, its chart and review, on a phone.
    await page.reload();
    await settled(page);
    await page.setViewportSize({ width: 360, height: 640 });
    await clickTool(page, 'stats');
    await page.getByTestId('dialog-past').click();
    const list = page.getByTestId('past-games');
    await list.waitFor();
    const entries = await list.locator('li').allTextContents();
    assert.equal(entries.length, 1);
    assert.match(entries[0], /Cribbage to 61, Medium · You (won|lost), \d+ to \d+/);
    await page.getByTestId('past-open').first().click();
    await page.getByTestId('review-lead').waitFor();
    const again = page.getByTestId('chances-chart');
    await again.waitFor();
    await page.getByTestId('review-summary').waitFor({ timeout: 120_000 });
    const box = await again.locator('svg').boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `the chart fits 360 px: ${JSON.stringify(box)}`);
    // Its axis read on a phone: each label beside the plot, clear of the line (which starts near 50%,
    // and ran through "50%"), at 10 px or more as the chart is scaled down (it was 7.9 px).
    const axis = await again.locator('svg').evaluate((chart) => {
      const svg = /** @type {SVGSVGElement} */ (chart);
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const start = /** @type {SVGPathElement} */ (svg.querySelector('.chances-line')).getPointAtLength(0).x;
      return [...svg.querySelectorAll('.chances-axis')].map((t) => {
        const b = /** @type {SVGTextElement} */ (t).getBBox();
        return { text: t.textContent, left: b.x, right: b.x + b.width, start, px: parseFloat(getComputedStyle(t).fontSize) * scale };
      });
    });
    assert.deepEqual(axis.map((a) => a.text), ['100%', '50%', '0%']);
    for (const a of axis) assert.ok(a.left >= 0 && a.right < a.start && a.px >= 10, `the axis label clear and readable: ${JSON.stringify(a)}`);
    // Forced colours: the chart in the system's colours, as the dialog around it (it kept its own).
    await page.emulateMedia({ forcedColors: 'active' });
    const forced = await again.locator('svg').evaluate((svg) => {
      const dialog = /** @type {Element} */ (svg.closest('dialog'));
      const paint = (selector, what) => getComputedStyle(/** @type {Element} */ (svg.querySelector(selector))).getPropertyValue(what);
      return { canvas: getComputedStyle(dialog).backgroundColor, text: getComputedStyle(dialog).color, bg: paint('.chances-bg', 'fill'), line: paint('.chances-line', 'stroke'), axis: paint('.chances-axis', 'fill') };
    });
    assert.deepEqual([forced.bg, forced.line, forced.axis], [forced.canvas, forced.text, forced.text], JSON.stringify(forced));
    await page.emulateMedia({ forcedColors: 'none' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(overflow <= 360, `no sideways scroll: ${overflow}`);
    // The review's table too: its cost column in sight, not scrolled off to the right.
    const table = await page.getByTestId('review-table').evaluate((t) => ({ wide: t.parentElement?.scrollWidth ?? 0, room: t.parentElement?.clientWidth ?? 0 }));
    assert.ok(table.wide <= table.room + 1, `the review's table fits 360 px: ${JSON.stringify(table)}`);
    // A decision opened from the list is brought into sight: it opens below the chart, the summary and the table.
    const opens = page.getByTestId('review-open');
    await ((await opens.count()) ? opens.first() : page.getByTestId('review-step-through')).click();
    const pane = await page.getByTestId('review-position').boundingBox();
    assert.ok(pane && pane.y < 640 && pane.y + Math.min(pane.height, 100) > 0, `the opened decision in sight on a phone: ${JSON.stringify(pane)}`);
    await screenshot('chances-past-phone');
    await finish();
  });

  it('sums no chances in the review: each is measured where it was made, so the costliest is said', async () => {
    const { page, finish } = await openPage(env, 'index.html?seed=5&speed=instant', { viewport: DESKTOP });
    await settled(page);
    // A lost game's review as the engine hands it over: costs that summed came to "104.5% of your chances".
    const said = await page.evaluate(async () => {
      const { reviewBody } = await import(/** @type {string} the page's path, which tsc cannot follow from here */ ('./js/advice.js'));
      const decision = (index, hand, lost) => ({
        seat: 0, game: 1, hand, index, phase: 'play', loss: lost, unit: 'win_chance', chances: { lost },
        chosen: { kind: 'play', cards: ['6S'] }, best: { kind: 'play', cards: ['8C'] }, options: [],
        position: { hand: ['6S', '8C'], pile: [], starter: '4H', scores: [50, 55], count: 0 },
      });
      const review = { game: 'cribbage', level: 'expert', chances_lost: [1.045, 0], decisions: [decision(0, 5, 0.22), decision(1, 6, 0.4), decision(2, 6, 0.4), decision(3, 3, 0.025)] };
      const box = document.createElement('div');
      box.append(...reviewBody(/** @type {any} */ (review), 0, ['You', 'Ada']));
      return box.querySelector('[data-testid="review-summary"]')?.textContent ?? '';
    });
    assert.equal(said, '4 decisions reviewed; 4 could have been better. The costliest, in hand 6, cost 40% of your chances to win.');
    await finish();
  });

  it('says an opened decision could have been better by the measure that listed it', async () => {
    const { page, finish } = await openPage(env, 'index.html?seed=5&speed=instant', { viewport: DESKTOP });
    await settled(page);
    // A play that cost 4.8% of the chances (0.8 points): listed, and opened it said "As good as the coach’s choice".
    const seen = await page.evaluate(async () => {
      const { reviewBody } = await import(/** @type {string} the page's path, which tsc cannot follow from here */ ('./js/advice.js'));
      const option = (card, points, chance, now) => ({ action: { action: `play ${card}`, kind: 'play', cards: [card] }, points, chance, now, hand: null, crib: null, pegging: null });
      const decision = {
        seat: 0, side: 0, opponents: [1], game: 1, hand: 2, index: 12, phase: 'play', loss: 0.048, unit: 'win_chance',
        chances: { chosen: 0.602, best: 0.65, lost: 0.048 }, to_go: [35, 39],
        chosen: { action: 'play AH', kind: 'play', cards: ['AH'] }, best: { action: 'play KS', kind: 'play', cards: ['KS'] },
        options: [option('KS', -0.3, 0.65, 0), option('AH', -1.1, 0.602, 0)],
        position: { hand: ['AH', 'KS', '4H'], pile: ['8D'], starter: '4H', scores: [26, 22], count: 8 },
      };
      const box = document.createElement('div');
      document.body.append(box);
      box.append(...reviewBody(/** @type {any} */ ({ game: 'cribbage', level: 'expert', chances_lost: [0.048, 0], decisions: [decision] }), 0, ['You', 'Ada']));
      const listed = [...box.querySelectorAll('[data-testid="review-table"] tbody tr')].map((tr) => tr.textContent);
      /** @type {HTMLElement | null} */ (box.querySelector('[data-testid="review-open"]'))?.click();
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const choice = box.querySelector('[data-testid="review-choice"]')?.textContent ?? '';
      box.remove();
      return { listed, choice };
    });
    assert.equal(seen.listed.length, 1, JSON.stringify(seen));
    assert.equal(seen.choice, 'You chose: play A♥. Better: play K♠ (5% to win (0.8 points)).');
    await finish();
  });

  it('opens a claim and a muggins call on the cards counted, which the player no longer holds', async () => {
    // A muggins game in which Ann claims one short on her first hand with points and Ben lets it stand; Hard
    // plays both seats otherwise.
    const game = new engine.CribbageGame({ players: 2, target: 121, counting: 'muggins' }, '8');
    let said = null;
    for (let i = 0; i < 200 && !(said !== null && game.toAct() === 0 && game.phase() !== 'muggins'); i++) {
      const seat = game.toAct();
      let action = engine.aiDecide(game.save(), seat, 'hard', i);
      if (seat === 0 && said === null && game.phase() === 'claim') {
        const { points } = engine.coachAnalyze(game.save(), 0, 'hard', 1);
        if (points > 0) {
          said = points - 1;
          action = `claim ${said}`;
        }
      } else if (seat === 1 && said !== null && game.phase() === 'muggins') {
        action = 'accept';
      }
      game.apply(seat, action);
    }
    assert.notEqual(said, null, 'Ann claimed a hand with points');
    const reviews = [0, 1].map((seat) => engine.reviewGame(game.save(), seat, 'hard', 1));
    game.free();
    const { page, finish } = await openPage(env, 'index.html?seed=5&speed=instant', { viewport: DESKTOP });
    await settled(page);
    const seen = await page.evaluate(async ({ reviews, said }) => {
      const { reviewBody } = await import(/** @type {string} the page's path, which tsc cannot follow from here */ ('./js/advice.js'));
      const open = async (review, seat, chosen) => {
        const box = document.createElement('div');
        document.body.append(box);
        box.append(...reviewBody(review, seat, ['Ann', 'Ben']));
        const opener = [...box.querySelectorAll('[data-testid="review-table"] tbody tr')].find((tr) => tr.children[1]?.textContent === chosen)?.querySelector('[data-testid="review-open"]');
        /** @type {HTMLElement | null | undefined} */ (opener)?.click();
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const pane = box.querySelector('[data-testid="review-position"]');
        const rows = [...(pane?.querySelectorAll('.review-row') ?? [])].map((r) => ({ label: r.firstElementChild?.textContent ?? '', cards: r.querySelectorAll('svg.card').length }));
        const choice = pane?.querySelector('[data-testid="review-choice"]')?.textContent ?? '';
        box.remove();
        return { rows, choice };
      };
      return [await open(reviews[0], 0, `claim ${said}`), await open(reviews[1], 1, 'let it stand')];
    }, { reviews, said });
    const [claim, call] = seen;
    assert.deepEqual(claim.rows.map((r) => [r.label, r.cards]), [['Your hand', 4], ['Starter', 1]], JSON.stringify(claim));
    assert.match(claim.choice, new RegExp(`^You chose: claim ${said}\\. Better: claim ${said + 1} \\(2(\\.0)? points\\)\\.`));
    assert.deepEqual(call.rows.map((r) => [r.label, r.cards]), [[`The hand counted, claimed ${said}`, 4], ['Starter', 1]], JSON.stringify(call));
    assert.match(call.choice, new RegExp(`^You chose: let it stand\\. Better: call muggins: ${said + 1} \\(1(\\.0)? point\\)\\.`));
    await finish();
  });

  it('says what "Off" turns off: the meter and the chart, while the coach still speaks in chances', async () => {
    const initScript = () => localStorage.setItem('cribbage.settings', JSON.stringify({ chances: 'off' }));
    const { page, finish } = await openPage(env, 'index.html?seed=5&speed=instant', { viewport: DESKTOP, initScript });
    await settled(page);
    await page.locator('[data-coach="hint"]').first().click();
    const hint = page.getByTestId('coach-hint');
    await hint.waitFor({ timeout: 60_000 });
    assert.match(await hint.textContent() ?? '', /Your chance to win: \d+%/, 'the coach weighs the chances with the setting off');
    assert.equal(await meter(page), null, 'no meter');
    await clickTool(page, 'settings');
    const off = page.locator('dialog[open] input[name="chances"][value="off"] + label');
    // It said "Not shown" while the hint above showed them.
    assert.match(await off.textContent() ?? '', /No meter and no chart; the coach and the review still use them/);
    await page.keyboard.press('Escape');
    // Nor among past games: a game kept with its chances opens with its review alone, and the list
    // says so (it offered "its chances" and drew the chart with the setting off).
    const game = new engine.CribbageGame({ players: 2, target: 61 }, '7');
    for (let i = 0; !game.isOver(); i++) game.apply(game.toAct(), engine.aiDecide(game.save(), game.toAct(), 'medium', i));
    const save = game.save();
    const scores = JSON.parse(save).scores.map((n) => Math.min(n, 61));
    const entry = { v: 1, id: 'cribbage/7/kept', date: new Date().toISOString(), game: 'cribbage', gameName: 'Cribbage', target: 61, players: 2, level: 'medium', names: ['You', 'Ada'], seat: 0, won: game.winner() === 0, scores, save, chances: true };
    game.free();
    await page.evaluate((entry) => localStorage.setItem('cribbage.past', JSON.stringify([entry])), entry);
    await clickTool(page, 'stats');
    await page.getByTestId('dialog-past').click();
    await page.locator('dialog[open] [data-testid="past-games"]').waitFor();
    assert.equal(await page.getByTestId('past-note').textContent(), 'Kept on this device, the latest 50. Open one to review your play.');
    assert.match(await page.getByTestId('past-open').getAttribute('aria-label') ?? '', /^Review the game of /);
    await page.getByTestId('past-open').click();
    await page.getByTestId('review-summary').waitFor({ timeout: 120_000 });
    assert.equal(await page.getByTestId('chances-chart').count(), 0, 'no chart with the chances off');
    assert.match(await page.getByTestId('review-summary').textContent() ?? '', /of your chances to win\.$|as good as the expert coach’s choice\.$/, 'the review still judges in chances');
    await page.getByTestId('dialog-close').click();
    await finish();
  });

  it('keeps each past game with its result as its table said it, and says chances only of those that have them', async () => {
    // Each game kept, then kept again with the engine's word on its chances.
    const told = (n) => page.waitForFunction((n) => {
      const list = JSON.parse(localStorage.getItem('cribbage.past') ?? '[]');
      return list.length === n && list.every((g) => typeof g.chances === 'boolean');
    }, n);
    /** The past games' lines, their marks and the note under them. */
    const pastGames = async () => {
      await clickTool(page, 'stats');
      await page.getByTestId('dialog-past').click();
      // The list opens after the stats dialog closes: read it once it is there, not before (a loaded machine read none).
      const list = page.locator('dialog[open] [data-testid="past-games"]');
      await list.waitFor();
      const seen = {
        lines: await list.locator('.past-game-line').allTextContents(),
        marked: await list.locator('li').evaluateAll((items) => items.map((li) => li.querySelector('[data-testid="past-chances"]') !== null)),
        note: await page.getByTestId('past-note').textContent(),
      };
      await page.getByTestId('dialog-close').click();
      return seen;
    };
    // A solitaire: its points as made, against its win (they were kept as none, "You lost, 0 to 0").
    const { page, finish } = await openPage(env, 'index.html?game=square-solitaire&seed=3&speed=instant', { viewport: DESKTOP });
    await settled(page);
    while ((await settled(page)) !== 'over') await press(page, '.lay-cell.is-legal', { nth: 0 });
    const solo = await page.locator('.tbl-layer--panel .panel-title').textContent();
    assert.match(solo ?? '', /^22: short of 61\.$/);
    await told(1);
    // The engine has no chances for it: the list does not offer them ("Open one to see its chances").
    assert.deepEqual(await pastGames(), { lines: ['Cribbage Square Solitaire · 22: short of 61'], marked: [false], note: 'Kept on this device, the latest 50. Open one to review your play.' });
    // Two-player cribbage after it. Seed 11: Ada counts out past 61 (68 in full), the board and the words stop her at 61.
    await page.goto(new URL('index.html?seed=11&speed=instant&level=easy&target=61', env.url).href);
    await playToEnd(page);
    const title = await page.locator('.tbl-layer--panel .panel-title').textContent();
    assert.match(title ?? '', /^Ada wins, 61 to 59$/);
    await told(2);
    assert.deepEqual(await pastGames(), {
      lines: ['Cribbage to 61, Easy · You lost, 59 to 61', 'Cribbage Square Solitaire · 22: short of 61'],
      marked: [true, false],
      note: 'Kept on this device, the latest 50. Open one to review your play; those marked “Chances” also chart your chances to win.',
    });
    await finish();
  });

  it('shows no meter for Noddy, which the engine has no chances for', async () => {
    const initScript = () => localStorage.setItem('cribbage.settings', JSON.stringify({ chances: 'on' }));
    const { page, finish } = await openPage(env, 'index.html?game=noddy&seed=3&speed=instant', { initScript });
    await settled(page);
    for (let i = 0; i < 4; i++) await step(page);
    // The engine has been asked (the meter is on) and said there is no model: nothing shows.
    // The meter is made when its first answer comes: waited for, where a fixed sleep could end
    // before the answer on a loaded machine and find nothing shown with nothing said yet.
    await page.getByTestId('chances-meter').waitFor({ state: 'attached' });
    assert.equal(await meter(page), null);
    await finish();
  });
});
