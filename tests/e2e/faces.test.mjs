// @ts-check
// A game of the family opened by its link waits for its own face, not for
// the whole lazy bundle (tools/dist.mjs, www/js/later.js): on the deployed
// site, until the table waits for the player, Noddy fetches three-card.js
// and the show panel but neither lazy.js nor the layout games' face, and a
// game laid out on the table fetches layout.js with its stylesheet but
// neither lazy.js nor three-card.js. Service workers are blocked, so the
// worker's precaching cannot fetch anything meanwhile.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildDist } from '../../tools/dist.mjs';
import { openPage, setUp } from './harness.mjs';

/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
/** @type {string} */
let site;
before(async () => {
  site = mkdtempSync(join(tmpdir(), 'cribbage-faces-'));
  await buildDist({ from: 'www', to: site, singleFile: false });
  env = await setUp({ root: site });
});
after(async () => {
  await env?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

/**
 * The site paths of the scripts and stylesheets `path` fetches until the
 * table waits for the player.
 * @param {string} path
 */
async function fetchedUntilPlayable(path) {
  const { page, finish } = await openPage(env, path, { serviceWorkers: 'block' });
  // When the table first waited: the service worker's registration, a
  // moment later, brings lazy.js, which is not what the player waited for.
  const playable = await page.waitForFunction(() => ['turn', 'continue'].includes(document.querySelector('.tbl')?.getAttribute('data-state') ?? '') && performance.now(), null, { timeout: 60_000, polling: 50 });
  const at = await playable.jsonValue();
  // Every resource the page asked for until then, in the browser's own record of them.
  const urls = await page.evaluate((until) => performance.getEntriesByType('resource').filter((entry) => entry.startTime <= until).map((entry) => entry.name), at);
  await finish();
  return new Set(urls.map((url) => new URL(url).pathname.slice(1)).filter((file) => /\.(js|css)$/.test(file)));
}

describe('a game of the family opened by its link', () => {
  it('Noddy waits for three-card.js and the show, not lazy.js or layout.js', async () => {
    const fetched = await fetchedUntilPlayable('?game=noddy&seed=1');
    assert.ok(fetched.has('js/three-card.js'), [...fetched].join(', '));
    assert.ok(fetched.has('js/show.js'), [...fetched].join(', '));
    for (const file of ['js/lazy.js', 'css/lazy.css', 'js/layout.js', 'css/layout.css']) assert.ok(!fetched.has(file), `${file} fetched: ${[...fetched].join(', ')}`);
  });

  it('a game laid out on the table waits for layout.js and its stylesheet, not lazy.js or three-card.js', async () => {
    const fetched = await fetchedUntilPlayable('?game=square-solitaire&seed=1');
    assert.ok(fetched.has('js/layout.js'), [...fetched].join(', '));
    assert.ok(fetched.has('css/layout.css'), [...fetched].join(', '));
    for (const file of ['js/lazy.js', 'css/lazy.css', 'js/three-card.js']) assert.ok(!fetched.has(file), `${file} fetched: ${[...fetched].join(', ')}`);
  });
});
