// @ts-check
// The games of the family on the page: the picker in the new-game dialog,
// `?game=` and its fallback for an unknown name, a reverse game's board and
// words (the first to the target loses), a whole reverse game played through
// the page's own controls with its result checked against the engine's, the
// statistics kept per game, and each game's "how to play" (axe-audited, and
// opened offline from the service worker's cache in pwa.test.mjs).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GAMES } from '../../www/js/games.js';
import { DESKTOP, PHONE, audit, openPage, setUp } from './harness.mjs';
import { clickTool, playToEnd, settled, step } from './table-driver.mjs';

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

/** Every game save the page writes, newest last (the finished game's is removed once told). */
function recordSaves() {
  const setItem = Storage.prototype.setItem;
  globalThis.__saves = [];
  Storage.prototype.setItem = function (key, value) {
    if (key === 'cribbage.game') globalThis.__saves.push(value);
    return setItem.call(this, key, value);
  };
}

/** Statistics from before the split (v1: all standard cribbage), there before the app first reads them. */
function oldStats() {
  if (localStorage.getItem('cribbage.stats')) return;
  localStorage.setItem('cribbage.stats', JSON.stringify({ v: 1, games: 3, wins: 2, abandoned: 1, skunksGiven: 0, skunksTaken: 0, hands: 20, handPoints: 150, handShows: 20, cribPoints: 40, cribShows: 10, pegPoints: 60, best: null }));
}

async function openGame(query, options = {}) {
  const opened = await openPage(env, `index.html?${query}`, options);
  await settled(opened.page);
  return opened;
}

/** Opens the new-game set-up, abandoning the game in progress if asked. */
async function newGameDialog(page) {
  await clickTool(page, 'newgame');
  const either = page.locator('dialog[open]', { hasText: /New game|Abandon this game\?/ });
  await either.waitFor();
  if ((await either.textContent()).includes('Abandon')) await page.getByTestId('dialog-yes').click();
  await page.locator('dialog[open]', { hasText: 'New game' }).waitFor();
}

const stored = (page, key) => page.evaluate((k) => JSON.parse(localStorage.getItem(k)), key);

describe('the games of the family', () => {
  it('the picker starts a reverse game, and remembers it', async () => {
    const { page, finish } = await openGame('seed=8&speed=instant', { viewport: PHONE });
    assert.equal(await page.getByTestId('game-tagline').textContent(), 'Cribbage: the first to 121 wins');
    assert.equal(await page.getByTestId('board-goal').count(), 0, 'a standard board has no losing hole');
    await newGameDialog(page);
    const dialog = page.locator('dialog[open]', { hasText: 'New game' });
    const names = await dialog.locator('input[name="game"]').evaluateAll((inputs) => inputs.map((i) => /** @type {HTMLInputElement} */ (i).value));
    assert.deepEqual(names, GAMES.map((game) => game.id), 'the registry\'s games are listed, in its order');
    await dialog.getByLabel('Reverse cribbage').check();
    assert.deepEqual(await audit(page), [], 'axe, the set-up with the picker');
    assert.equal(await page.getByTestId('setup-howto').textContent(), 'How to play Reverse cribbage');
    await page.getByTestId('setup-howto').click();
    const howto = page.locator('dialog[open].dialog--howto');
    await howto.waitFor();
    assert.equal(await howto.getByTestId('howto').getAttribute('data-game'), 'reverse');
    assert.deepEqual(await audit(page), [], 'how to play, over the set-up');
    await howto.getByTestId('dialog-close').click();
    await dialog.locator('input[name="target"][value="61"]').check();
    await page.getByTestId('dialog-deal').click();
    // The new game's tagline, not a settled table, which the old game's also is.
    await page.getByTestId('game-tagline').filter({ hasText: 'Reverse cribbage: the first to 61 loses' }).waitFor();
    await settled(page);
    assert.equal(await page.getByTestId('game-tagline').textContent(), 'Reverse cribbage: the first to 61 loses');
    const settings = await stored(page, 'cribbage.settings');
    assert.equal(settings.setup.game, 'reverse', 'the choice is remembered');
    const saved = await stored(page, 'cribbage.game');
    assert.equal(JSON.parse(saved.save).rules.goal, 'avoid', 'the engine plays reverse');
    // A reload resumes the game in progress as the game it is.
    await page.reload();
    await settled(page);
    assert.equal(await page.getByTestId('game-tagline').textContent(), 'Reverse cribbage: the first to 61 loses');
    await newGameDialog(page);
    assert.equal(await page.locator('dialog[open]').getByLabel('Reverse cribbage').isChecked(), true, 'the picker shows the remembered game');
    await page.keyboard.press('Escape');
    await finish();
  });

  it('?game=reverse deals reverse cribbage, whose board and words say the first to the target loses', async () => {
    const { page, finish, screenshot } = await openGame('game=reverse&seed=4&speed=instant&target=121', { viewport: PHONE });
    assert.equal(await page.getByTestId('game-tagline').textContent(), 'Reverse cribbage: the first to 121 loses');
    assert.equal(await page.getByTestId('board-goal').textContent(), 'The game hole loses: the first to 121 loses.');
    assert.equal(await page.getByTestId('losing-hole').count(), 1, 'the game hole is crossed out');
    assert.match(await page.locator('.game-board .board-svg').getAttribute('aria-label'), /game to 121, where the first to reach it loses/);
    await screenshot('table-reverse-phone');
    for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
      await page.emulateMedia({ colorScheme });
      assert.deepEqual(await audit(page), [], `axe, ${colorScheme}`);
    }
    await finish();
  });

  it('an unknown game is said so, and standard cribbage is dealt', async () => {
    const { page, finish } = await openPage(env, 'index.html?game=bezique&seed=3&speed=instant', { viewport: DESKTOP });
    const dialog = page.locator('dialog[open]', { hasText: 'Unknown game' });
    await dialog.waitFor();
    const titles = GAMES.map((game) => game.title);
    const plays = `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`;
    assert.ok((await dialog.textContent()).includes(`“bezique” is not a game this page plays (it plays ${plays}), so this is standard cribbage.`), await dialog.textContent());
    await page.getByTestId('dialog-ok').click();
    await settled(page);
    assert.equal(await page.getByTestId('game-tagline').textContent(), 'Cribbage: the first to 121 wins');
    assert.equal(await page.locator('.tbl-hand .hand-card').count(), 6);
    await finish();
  });

  it('help leads to each game’s rules', async () => {
    const { page, finish } = await openGame('seed=2&speed=instant', { viewport: PHONE });
    // On a phone the header's tools are in its menu.
    await clickTool(page, 'help');
    for (const [game, words] of [
      ['cribbage', ['one for last', 'his heels', 'nobs', 'Muggins', 'Skunks', 'Best of three', 'Three players', 'Four players']],
      ['reverse', ['loses', 'fewer points', 'Judged on the winner', 'pegged to the player who under-counted']],
    ]) {
      await page.getByTestId(`help-howto-${game}`).click();
      const howto = page.getByTestId('howto');
      await howto.waitFor();
      const text = await howto.textContent();
      for (const word of words) assert.ok(text.includes(word), `${game}: the rules say "${word}"`);
      if (game === 'cribbage') for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
        await page.emulateMedia({ colorScheme });
        assert.deepEqual(await audit(page), [], `axe, how to play, ${colorScheme}`);
      }
      await page.locator('dialog[open].dialog--howto').getByTestId('dialog-close').click();
    }
    await page.keyboard.press('Escape');
    await finish();
  });

  it('a whole reverse game to 61 through the page, its result as the engine has it, counted under reverse', async () => {
    const { page, finish, screenshot } = await openPage(env, 'index.html?game=reverse&seed=61&speed=instant&target=61&level=easy', {
      viewport: DESKTOP,
      initScript: `(${recordSaves})(); (${oldStats})();`,
    });
    await settled(page);
    const done = await playToEnd(page);
    assert.ok(done.continue >= 3, `a show after every hand: ${JSON.stringify(done)}`);

    // The engine's own result, from the last save the page wrote (made with the last action).
    const result = await page.evaluate(async () => {
      const { loadEngine } = await import(/** @type {string} the page's path, which tsc cannot follow from here */ ('./js/engine.js'));
      const engine = await loadEngine();
      const save = JSON.parse(globalThis.__saves.at(-1)).save;
      const game = engine.CribbageGame.restore(save);
      const obs = game.observation(0);
      return { over: game.isOver(), last: obs.results.at(-1), goal: game.rules().goal };
    });
    assert.ok(result.over, 'the last save is of the finished game');
    assert.equal(result.goal, 'avoid');
    const { winner, reached, scores } = result.last;
    assert.notEqual(winner, reached, 'in reverse the side that reached the target loses');
    assert.ok(scores[reached] >= 61 && scores[winner] < 61, `scores ${scores}`);
    const name = (side) => (side === 0 ? 'You' : 'Ada');
    const title = `${winner === 0 ? 'You win' : 'Ada wins'}: ${reached === 0 ? 'you' : 'Ada'} reached 61 first`;
    const panel = page.getByTestId('table-panel');
    assert.equal(await panel.locator('.panel-title').textContent(), title);
    // The engine's scores, a count past the target stopped in the game hole as the peg is.
    const shown = scores.map((n) => Math.min(n, 61));
    assert.ok((await panel.textContent()).includes(`${name(0)} ${shown[0]}, ${name(1)} ${shown[1]}.`), 'the scores as the engine has them');
    const log = await page.getByTestId('log').innerText();
    assert.ok(log.includes(`${title} (You ${shown[0]}, Ada ${shown[1]})`), 'the log tells the result the same way');
    // The board moves its pegs a frame or more after the table tells the result.
    await page.waitForFunction(() => document.querySelector('.game-board .board-chip.is-loser'), null, { timeout: 5000 }).catch(() => {});
    assert.equal(await page.locator('.game-board .board-chip.is-loser').count(), 1, 'the board marks the side that went out');
    assert.equal(await page.locator('.game-board .board-chip.is-winner').count(), 0);
    await screenshot('table-reverse-over-desktop');

    const stats = await stored(page, 'cribbage.stats');
    assert.equal(stats.v, 2);
    assert.deepEqual(Object.keys(stats.tables).sort(), ['cribbage/earlier/0/0', 'reverse/easy/2/61']);
    assert.equal(stats.tables['reverse/easy/2/61'].games, 1, 'the reverse game counts under reverse');
    assert.equal(stats.tables['reverse/easy/2/61'].wins, winner === 0 ? 1 : 0);
    assert.equal(stats.tables['cribbage/earlier/0/0'].games, 3, 'earlier statistics migrate to standard cribbage');

    await page.getByTestId('action-stats').click();
    const statsBox = page.getByTestId('stats');
    await statsBox.waitFor();
    assert.equal(await statsBox.getAttribute('data-game'), 'reverse', 'the statistics open at the game played');
    assert.match(await statsBox.textContent(), /Games played1/);
    assert.match(await page.getByTestId('stats-split').textContent(), /Easy, 2 players, to 611/);
    assert.deepEqual(await audit(page), [], 'axe, statistics');
    await page.getByTestId('stats-game').selectOption('cribbage');
    await page.getByTestId('stats').and(page.locator('[data-game="cribbage"]')).waitFor();
    assert.match(await page.getByTestId('stats').textContent(), /Games played3/);
    assert.match(await page.getByTestId('stats-split').textContent(), /Earlier games/);
    await page.getByTestId('dialog-close').click();
    await finish();
  });

  it('step: the hint in a reverse game speaks of avoiding points', async () => {
    const { page, finish } = await openGame('game=reverse&seed=12&speed=instant', { viewport: DESKTOP });
    await page.locator('[data-coach="hint"]:not([disabled])').click();
    const hint = page.getByTestId('coach-hint');
    await hint.waitFor();
    assert.match(await hint.textContent(), /the fewest points for you/);
    await step(page);
    await finish();
  });
});
