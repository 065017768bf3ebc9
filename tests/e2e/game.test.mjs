// @ts-check
// Whole games at the table, played through the page's own controls only
// (tests/e2e/table-driver.mjs clicks what a player would click): two players
// to 121, muggins with a player who under-counts (and with three people, a
// wrong call passing the claim on), three and four players,
// a best-of-three match and pass-and-play. Instant speed, Easy computers and
// fixed seeds keep them quick and repeatable. Any console error, CSP
// violation or request elsewhere fails the test (harness.mjs).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, PHONE, openPage, setUp } from './harness.mjs';
import { clickTool, offer, playToEnd, settled, step } from './table-driver.mjs';
import { engine } from './wasm-node.mjs';

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/** Opens the game with URL options and waits for the first decision. */
async function openGame(query, options = {}) {
  const opened = await openPage(env, `index.html?${query}`, options);
  await settled(opened.page);
  return opened;
}

/** The scores on the peg board, once it shows someone at `target` (it may still be moving pegs). */
async function scores(page, target) {
  await page.waitForFunction(
    (t) => Math.max(...[...document.querySelectorAll('.game-board .board-chip-score')].map((el) => Number(el.textContent))) >= t,
    target,
  );
  return page.evaluate(() => [...document.querySelectorAll('.game-board .board-chip-score')].map((el) => Number(el.textContent)));
}
const logText = (page) => page.getByTestId('log').innerText();
const storedStats = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('cribbage.stats')));
/** One table of the statistics (a game, level, players and target), as stats.js keeps them. */
const statsTable = async (page, key) => (await storedStats(page))?.tables[key];

describe('whole games through the UI', () => {
  it('two players to 121 with automatic counting', async () => {
    const { page, finish, screenshot } = await openGame('seed=121&speed=instant&level=easy', { viewport: DESKTOP });
    assert.equal(await page.locator('.tbl-hand .hand-card').count(), 6, 'six cards dealt');
    assert.match(await page.getByTestId('prompt').textContent(), /Choose two cards for (your|Ada’s) crib/);
    const firstHand = await page.locator('.tbl-hand .hand-card[data-card]').evaluateAll((nodes) => nodes.map((n) => n.dataset.card));

    // Play to the first show and look at it: every hand counted phrase by phrase.
    let shows = 0;
    for (let i = 0; i < 200 && shows === 0; i++) {
      if ((await settled(page)) === 'continue') shows++;
      else await step(page);
    }
    const entries = page.locator('.show-entry');
    assert.equal(await entries.count(), 3, 'both hands and the crib');
    assert.deepEqual(
      await entries.locator('.show-name').allTextContents().then((names) => names.map((n) => n.replace(/^(Your|Ada’s) /, ''))),
      ['hand', 'hand', 'crib'],
    );
    // Each total is what the engine's own scorer makes of the cards shown (the
    // crib by crib rules), worked out here apart from the table's count.
    const shown = await entries.evaluateAll(async (items) => {
      const { loadEngine } = await import(/** @type {string} the page's path, which tsc cannot follow from here */ ('./js/engine.js'));
      const engine = await loadEngine();
      return items.map((item) => {
        const cards = [...item.querySelectorAll('.show-cards [data-card]')].map((card) => card.dataset.card);
        const crib = item.dataset.testid.startsWith('show-crib');
        return {
          shown: item.querySelector('[data-testid="show-total"]').textContent,
          expected: String(engine.scoreShow(cards.slice(0, 4), cards[4], crib).total),
          cards: cards.length,
        };
      });
    });
    for (const entry of shown) assert.equal(entry.cards, 5, 'four cards and the starter');
    assert.deepEqual(shown.map((e) => e.shown), shown.map((e) => e.expected), 'each show total is the count of its cards');
    await screenshot('table-show-desktop');

    const done = await playToEnd(page);
    assert.ok(done.continue >= 5, `a show after every hand: ${JSON.stringify(done)}`);
    const [you, ada] = await scores(page, 121);
    // The winner's peg stops in the game hole: the board says 121, never more.
    assert.ok(Math.max(you, ada) === 121 && Math.min(you, ada) < 121, `final scores ${you}–${ada}`);
    const panel = page.getByTestId('table-panel');
    assert.equal(await panel.locator('.panel-title').textContent(), `${you >= 121 ? 'You win' : 'Ada wins'}, 121 to ${Math.min(you, ada)}`);
    // The result moves aside to study the table under it, and comes back.
    await page.getByTestId('panel-aside').click();
    assert.equal(await panel.locator('.panel-line').first().isVisible(), false);
    assert.equal(await page.getByTestId('panel-aside').getAttribute('aria-pressed'), 'true');
    await page.getByTestId('panel-aside').click();
    assert.ok(await panel.locator('.panel-line').first().isVisible());
    const log = await logText(page);
    assert.match(log, new RegExp(`(You win|Ada wins), 121 to ${Math.min(you, ada)}`), 'the result as players say it');
    for (const words of ['Hand 1:', 'lays away two cards', 'the starter is', 'for last', 'The hand is over', 'in all']) {
      assert.ok(log.includes(words), `the log tells "${words}"`);
    }
    assert.match(log, /fifteen two/, 'counts are said the traditional way');

    const stats = await statsTable(page, 'cribbage/easy/2/121');
    assert.equal(stats.games, 1);
    assert.equal(stats.wins, you >= 121 ? 1 : 0);
    assert.ok(stats.handShows >= 5 && stats.best.points >= 0);
    assert.equal(await page.evaluate(() => localStorage.getItem('cribbage.game')), null, 'a finished game is not kept');
    await screenshot('table-over-desktop');

    // The deal is shown, can be shared as a link, and played again: the same cards.
    assert.ok((await panel.textContent()).includes('Deal 121.'));
    await page.getByTestId('action-copylink').click();
    await page.getByTestId('log').filter({ hasText: /(Link copied|Copy this link): http.*seed=121/ }).waitFor();
    assert.match(await logText(page), /[?&]level=easy/);
    await page.getByTestId('action-replay').click();
    // The new deal is in when six cards are in the hand again.
    await page.waitForFunction(() => document.querySelectorAll('.tbl-hand .hand-card[data-card]').length === 6);
    await settled(page);
    const again = await page.locator('.tbl-hand .hand-card[data-card]').evaluateAll((nodes) => nodes.map((n) => n.dataset.card));
    assert.deepEqual(again, firstHand, 'the same deal');
    await finish();
  });

  it('muggins: nothing tells the count before the calls, and a call names it', async () => {
    const { page, finish, screenshot } = await openGame('seed=33&speed=instant&target=61&counting=muggins&level=easy', { viewport: PHONE });
    // The true count of the covered hand, by the engine's own scorer in Node: what the player
    // would count from the cards face up.
    const trueCount = async () => {
      const entry = page.locator('.show-entry.is-covered');
      const cards = await entry.locator('[data-card]').evaluateAll((nodes) => nodes.map((n) => n.dataset.card));
      const crib = (await entry.getAttribute('data-testid')).startsWith('show-crib');
      return engine.scoreShow(cards.slice(0, 4), cards[4], crib).total;
    };
    let offered = 0;
    let calledRight = 0;
    let calledWrong = 0;
    const call = async (prompt) => {
      offered += 1;
      // Nothing on the table gives the count away: the prompt names the claim only, the hand is
      // covered, and no show note says what the cards hold.
      assert.match(prompt, /^Ada claims \d+\. Count the cards: if that is wrong, call muggins with the true count; or let it stand\.$/);
      assert.equal(await page.locator('.show-entry.is-covered').count(), 1);
      assert.equal(await page.locator('.show-entry.is-covered .step:not(.is-pending)').count(), 0);
      assert.equal(await page.locator('.show-entry.is-covered .show-note').count(), 0);
      assert.equal(await page.getByTestId('action-muggins').textContent(), 'Muggins!');
      const claimed = Number(/claims (\d+)/.exec(prompt)[1]);
      const total = await trueCount();
      if (claimed !== total) {
        calledRight += 1;
        return total;
      }
      if (!calledWrong) {
        // Naming the claim itself is refused with a reason; then a wrong count, which fails.
        await page.getByTestId('claim-input').fill(String(claimed));
        await page.getByTestId('claim-input').press('Enter');
        await page.getByTestId('prompt').filter({ hasText: `${claimed} is the count claimed: to agree, let it stand.` }).waitFor();
        calledWrong += 1;
        return claimed === 0 ? 2 : claimed - 1;
      }
      return null;
    };

    // Reach the first claim and try counts that are none.
    const steps = [];
    for (let i = 0; i < 100; i++) {
      await settled(page);
      if (await page.getByTestId('action-claim').count()) break;
      steps.push(await step(page, { claim: () => 0, call }));
    }
    assert.ok(await page.getByTestId('action-claim').count(), `the player is asked for a count (steps: ${steps.join(', ')})`);
    await page.getByTestId('claim-input').fill('30');
    await page.getByTestId('claim-input').press('Enter');
    await page.getByTestId('prompt').filter({ hasText: 'No hand or crib holds 30: 29 is the most.' }).waitFor();
    await page.getByTestId('claim-input').fill('x');
    await page.getByTestId('claim-input').press('Enter');
    await page.getByTestId('prompt').filter({ hasText: 'whole number from 0 to 29' }).waitFor();
    assert.equal(await page.getByTestId('claim-input').getAttribute('aria-invalid'), 'true');

    // Always claim nothing: every point in a hand is missed, and the computer may call it.
    let missedShown = false;
    let mugginsTaken = false;
    let computerCount = false;
    for (let i = 0; i < 1500; i++) {
      const what = await step(page, { claim: () => 0, call });
      if (what === 'over') break;
      const state = await settled(page);
      if (state === 'continue') {
        const notes = await page.locator('.show-note').allTextContents();
        missedShown ||= notes.some((n) => /^You claimed 0; the cards hold \d+: \d+ missed\./.test(n));
        mugginsTaken ||= notes.some((n) => /Muggins! Ada takes \d+\./.test(n));
        computerCount ||= notes.some((n) => /^Ada claimed \d+/.test(n));
        if (missedShown && mugginsTaken && !(await page.locator('.show-entry .step').count())) continue;
        if (missedShown && mugginsTaken) await screenshot('table-muggins-phone');
      }
    }
    const log = await logText(page);
    const computerClaims = log.match(/Ada claims \d+ points? for/g)?.length ?? 0;
    assert.ok(computerClaims >= 4 && offered === computerClaims, `every claim of the computer's is offered for a call (${offered} of ${computerClaims})`);
    assert.ok(calledRight >= 1 && calledWrong === 1, `calls: ${calledRight} right, ${calledWrong} wrong`);
    assert.ok(missedShown, 'the show says what the player missed');
    assert.ok(mugginsTaken, 'the computer called muggins');
    assert.ok(computerCount, 'the computer’s own counts are shown');
    assert.match(log, /Muggins! Ada takes \d+ points? you missed\./);
    assert.match(log, /You call muggins: \d+\. Wrong: the claim stands\./);
    assert.match(log, /Muggins! You take \d+ points? Ada (missed|claimed too many)\./);
    await finish();
  });

  for (const players of [3, 4]) {
    it(`${players} players to 61`, async () => {
      const { page, finish, screenshot } = await openGame(`seed=${players}61&speed=instant&target=61&players=${players}`, { viewport: players === 3 ? DESKTOP : PHONE });
      assert.equal(await page.locator('.tbl-opponents .seat').count(), players - 1);
      assert.equal(await page.locator('.tbl-hand .hand-card').count(), 5, 'five cards each');
      assert.match(await page.getByTestId('prompt').textContent(), /Choose a card for/);
      if (players === 4) assert.equal(await page.locator('.seat .badge', { hasText: 'Partner' }).count(), 1);
      await screenshot(`table-${players}p-${players === 3 ? 'desktop' : 'phone'}`);
      await playToEnd(page);
      const final = await scores(page, 61);
      assert.equal(final.length, players === 4 ? 2 : 3, 'one track per side');
      assert.ok(Math.max(...final) >= 61);
      const shows = (await logText(page)).match(/crib: /g) ?? [];
      assert.ok(shows.length >= 1, 'cribs were counted');
      await finish();
    });
  }

  it('a best-of-three match', async () => {
    const { page, finish } = await openGame('seed=303&speed=instant&target=61&match=best_of_three&level=easy', { viewport: DESKTOP });
    // The standing is on the table, in words, from the first deal to the second game.
    await settled(page);
    assert.equal(await page.getByTestId('match-standing').textContent(), 'Games: You 0, Ada 0.');
    const standings = new Set();
    let between = false;
    for (let i = 0; i < 3000; i++) {
      if ((await step(page)) === 'over') break;
      if (await page.getByTestId('match-standing').isVisible()) standings.add(await page.getByTestId('match-standing').textContent());
      // The first game's end: the table's standing and the board's games won say what the panel
      // says (they kept the old standing until the next deal). A step returns once it has acted,
      // the table still telling what follows: the panel is read once the table asks again, and
      // without waiting for one (most steps have none: a locator's textContent waited the page's
      // default 10 s at each of them, 457 s of a cold run).
      const asks = await settled(page);
      const title = asks === 'continue' ? await page.evaluate(() => document.querySelector('[data-testid="table-panel"] .panel-title')?.textContent ?? '') : '';
      if (!between && /wins? game 1,/.test(title)) {
        between = true;
        const said = await page.getByTestId('table-panel').textContent();
        const standing = await page.getByTestId('match-standing').textContent();
        assert.ok(said?.includes(standing ?? '-'), `the table's standing "${standing}" is the panel's: ${said}`);
        assert.match(standing ?? '', /^Games: You [1-9], Ada 0\.$|^Games: You 0, Ada [1-9]\.$/);
        const won = /^Games: You (\d), Ada (\d)\.$/.exec(standing ?? '') ?? [];
        // The board's pegs land a frame at a time: its words once the games won are in them.
        const wanted = `You \\d+.*, ${won[1]} games? won\\. Ada \\d+.*, ${won[2]} games? won\\.`;
        const board = () => page.locator('.board [aria-label^="The peg board"]').first().getAttribute('aria-label');
        const agreed = await page
          .waitForFunction((wanted) => new RegExp(wanted).test(document.querySelector('.board [aria-label^="The peg board"]')?.getAttribute('aria-label') ?? ''), wanted, { timeout: 5000 })
          .then(() => true, () => false);
        assert.ok(agreed, `the board's games won are the standing's (${standing}): ${await board()}`);
        // A new game now would end the match, and the game won with it: the question says so.
        await page.keyboard.press('n');
        const asked = page.locator('dialog[open]', { hasText: 'Abandon this game?' });
        await asked.waitFor();
        assert.match(await asked.textContent(), /A best-of-three match is in progress\. Starting a new game ends the match for good, with the games won in it/);
        await page.getByTestId('dialog-no').click();
        await asked.waitFor({ state: 'detached' });
      }
    }
    assert.ok(between, 'the first game ended with the match going on');
    assert.ok([...standings].some((t) => /^Games: You [1-9]\d*, Ada 0\.$|^Games: You 0, Ada [1-9]\d*\.$/.test(t)), [...standings].join(' | '));
    const log = await logText(page);
    assert.match(log, /Game 2 of the match begins\./);
    assert.match(log, /wins? the match, \d games to \d\./);
    assert.match(await page.getByTestId('table-panel').locator('.panel-title').textContent(), /the match$/);
    assert.ok((await statsTable(page, 'cribbage/easy/2/61')).games >= 2, 'each game of the match counts');
    await finish();
  });

  it('pass and play: two people, hands hidden between turns, muggins claims, nothing over before the end', async () => {
    const { page, finish, screenshot } = await openGame('seed=22&speed=instant&target=61&mode=people&players=2&counting=muggins', { viewport: PHONE });
    let reveals = 0;
    let claims = 0;
    for (let i = 0; i < 3000; i++) {
      // One look at the table a step: its state, a claim asked for, and
      // whether its words say the game is over. The step looks again before
      // it acts: a look taken just after a click may catch a table about to
      // move on by itself (a go said for the player).
      const seen = await offer(page, 20_000, { words: 'game is over' });
      const state = seen.state;
      // Nothing says the game is over until it is: not at a hand-off, not at a claim.
      if (state !== 'over') assert.equal(seen.says, false, `step ${i}, ${state}: the page says the game is over`);
      if (seen.claimAction) claims++;
      if (state === 'reveal') {
        reveals++;
        // Behind the curtain no card of any hand is face up.
        assert.equal(await page.locator('.tbl-hand .hand-card[data-card]').count(), 0);
        assert.match(await page.getByTestId('table-panel').textContent(), /Pass the device to Player [12]/);
        if (reveals === 1) await screenshot('table-pass-phone');
      }
      if ((await step(page)) === 'over') break;
    }
    assert.ok(reveals >= 10, `the device was passed ${reveals} times`);
    assert.ok(claims >= 4, `claims entered: ${claims}`);
    assert.match(await page.getByTestId('table-panel').locator('.panel-title').textContent(), /^Player [12] wins/);
    assert.equal(await storedStats(page), null, 'pass-and-play games stay out of the statistics');
    await finish();
  });

  it('muggins with three people: a wrong call passes the claim on, and is not said to let it stand', async () => {
    // Pass and play, so every seat is a player's: each claims nothing, the first opponent asked
    // names a count one too many, the second the true count. The rules README: a call naming any
    // other count fails, and with three players the other opponent may still call the claim.
    const { page, finish } = await openGame('seed=7&speed=instant&target=61&mode=people&players=3&counting=muggins', { viewport: DESKTOP });
    const covered = page.locator('.show-entry.is-covered');
    const trueCount = async () => {
      const cards = await covered.locator('[data-card]').evaluateAll((nodes) => nodes.map((n) => n.dataset.card));
      return engine.scoreShow(cards.slice(0, 4), cards[4], (await covered.getAttribute('data-testid')).startsWith('show-crib')).total;
    };
    let asked = 0;
    let passedOn = '';
    for (let i = 0; i < 400 && !passedOn; i++) {
      const seen = await offer(page);
      if (seen.claimAction) asked = 0;
      if (seen.muggins && asked === 1 && (await trueCount()) > 0) {
        // The second opponent, asked after a wrong call: the covered hand says the call was
        // wrong, not that the claim stands, for it may still be called.
        const said = await covered.textContent();
        assert.match(said, /calls muggins: \d+\. Wrong\./, `the first call is on the hand: ${said}`);
        assert.doesNotMatch(said, /claim stands/, `the claim is still open to a call: ${said}`);
      }
      await step(page, {
        claim: () => 0,
        call: async () => {
          asked += 1;
          const total = await trueCount();
          if (total === 0) return null;
          if (asked === 2) passedOn = `muggins: ${total}.`;
          return asked === 1 ? total + 1 : total;
        },
      });
    }
    assert.ok(passedOn, 'a wrong call was followed by the other opponent\'s');
    // The call is told as the table goes on, not the moment the step has acted, and what it
    // pegged after it: the log is read once the table asks again (all of it told by then).
    await settled(page);
    const told = () => page.waitForFunction((said) => (document.querySelector('[data-testid="log"]')?.textContent ?? '').includes(said), passedOn);
    await told();
    const lines = () => page.getByTestId('log').innerText().then((text) => text.split('\n'));
    const check = (log) => {
      const at = log.findIndex((line) => line.endsWith(passedOn));
      assert.ok(at > 0, `the second call is logged: ${passedOn} in ${log.slice(-12).join(' / ')}`);
      assert.match(log[at - 1], /^Player \d calls muggins: \d+\. Wrong\.$/, 'the first call: wrong, and no more');
      // Then the count is shown, and pegged: the second caller takes what was missed.
      const then = log.slice(at + 1, at + 4);
      assert.ok(then.some((line) => /^Muggins! Player \d takes \d+ points? Player \d missed\.$/.test(line)), `the call took the points: ${then.join(' / ')}`);
      // "The claim stands" only where nobody called after it.
      for (const [i, line] of log.entries()) if (/Wrong: the claim stands/.test(line)) assert.doesNotMatch(log[i + 1] ?? '', /calls muggins|lets .* stand/, line);
    };
    check(await lines());
    // The log rebuilt from the engine's events after a reload says the same.
    await page.reload();
    await settled(page);
    await told();
    check(await lines());
    // How to play says so, and who calls at four (the rules README: the other member of the
    // opposing partnership, never the owner's partner); it named three players only.
    await clickTool(page, 'help');
    await page.getByTestId('help-howto-cribbage').click();
    const rules = await page.locator('dialog[open].dialog--howto').getByTestId('howto').innerText();
    assert.match(rules, /with three players, then the other; with four, then the other member of the opposing partnership/);
    assert.match(rules, /A call naming any other count fails: the next opponent may still call, and when none is left the claim stands/);
    await finish();
  });
});
