// @ts-check
// The engine loader in Chromium: standard cribbage's page never fetches the
// family module; asking for Noddy fetches it once, and it plays from the
// same CribbageGame class and exports as the cribbage module.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GAMES } from '../../www/js/games.js';
import { openPage, setUp } from './harness.mjs';

let env;
before(async () => {
  env = await setUp();
});
after(async () => {
  await env?.close();
});

describe('the engine loader', () => {
  it('fetches the family module only when one of its games is played', async () => {
    // Service workers blocked: the precache would fetch every module in the
    // background, which is not the page asking for it.
    const { page, finish } = await openPage(env, 'index.html', { serviceWorkers: 'block' });
    const family = [];
    page.on('request', (request) => {
      if (request.url().includes('/pkg-family/')) family.push(new URL(request.url()).pathname);
    });
    // A hand of standard cribbage dealt and ready: no family module.
    await page.locator('.app-version', { hasText: 'Engine' }).waitFor();
    await page.locator('.tbl-hand .hand-card').first().waitFor();
    assert.deepEqual(family, [], 'cribbage fetched nothing of the family module');

    const result = await page.evaluate(async () => {
      const { loadEngine, MODULE_OF } = await import(/** @type {string} the page's path, which tsc cannot follow from here */ ('./js/engine.js'));
      const engine = await loadEngine('noddy');
      const game = new engine.CribbageGame({ game: 'noddy' }, '5');
      const seat = game.toAct();
      const action = engine.aiDecide(game.save(), seat, 'hard', 1);
      game.apply(seat, action);
      const again = await loadEngine('noddy');
      const cribbage = await loadEngine('cribbage');
      const refused = await loadEngine('whist').then(
        () => 'loaded',
        (err) => err.message,
      );
      return {
        kind: game.kind(),
        actions: game.actionCount(),
        same: again === engine,
        separate: cribbage !== engine && typeof cribbage.scoreShow === 'function' && typeof engine.scoreShow !== 'function',
        refused,
        map: MODULE_OF,
      };
    });
    assert.equal(result.kind, 'noddy');
    assert.equal(result.actions, 1);
    assert.ok(result.same, 'a second ask gives the same loaded module');
    assert.ok(result.separate, 'cribbage and the family each have their own module');
    assert.match(result.refused, /"whist" is not a game/);
    // Each game's module is the registry's: cribbage's own for standard and reverse cribbage, the family's for the rest.
    assert.deepEqual(result.map, Object.fromEntries(GAMES.map((game) => [game.id, game.module])));
    assert.deepEqual(Object.entries(result.map).filter(([, module]) => module === 'cribbage').map(([id]) => id), ['cribbage', 'reverse']);
    assert.deepEqual(
      family.filter((path) => path.endsWith('.wasm')),
      ['/pkg-family/cribbage_bg.wasm'],
      'the family module is fetched once',
    );
    await finish();
  });
});
