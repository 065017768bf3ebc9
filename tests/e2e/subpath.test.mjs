// @ts-check
// The site works from any sub-path, as `./build.sh dist` promises: every URL
// in it is relative. Served here from a copy under /games/cribbage/.

import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openPage, setUp } from './harness.mjs';

let env;
let root;
before(async () => {
  root = mkdtempSync(join(tmpdir(), 'cribbage-subpath-'));
  cpSync('www', join(root, 'games', 'cribbage'), { recursive: true });
  env = await setUp({ root });
});
after(async () => {
  await env?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('served from a sub-path', () => {
  it('loads the engine and counts a hand', async () => {
    const { page, finish } = await openPage(env, 'games/cribbage/#calculator');
    await page.locator('.app-version', { hasText: 'Engine' }).waitFor();
    const input = page.getByLabel('Type the cards');
    await input.fill('7H 8C 8D KS 9H');
    await input.press('Enter');
    await page.getByTestId('total').filter({ hasText: /^12$/ }).waitFor();
    await finish();
  });

  it('runs the benchmark page, its button waiting for the engine', async () => {
    const { page, finish } = await openPage(env, 'games/cribbage/bench.html');
    // The first load done (nothing of it in flight for the reload to cut short).
    await page.waitForLoadState('load');
    await page.locator('#run:enabled').waitFor({ timeout: 60_000 });
    // Loaded again with the engine held back: until it arrives the button
    // cannot be pressed (a click then was heard by nobody, and the page sat
    // at "Ready." for ever), and the page says it is loading.
    /** @type {() => void} */
    let release = () => {};
    const held = new Promise((resolve) => {
      release = () => resolve(undefined);
    });
    await page.route('**/pkg-bench/cribbage_bg.wasm', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    assert.equal(await page.locator('#run').isDisabled(), true);
    assert.equal(await page.locator('#status').textContent(), 'Loading the engine…');
    release();
    await page.locator('#run:enabled').waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('#status').textContent(), 'Ready.');
    await page.click('#run');
    const result = JSON.parse(await (await page.waitForFunction(() => document.body.dataset.bench, null, { timeout: 60_000 })).jsonValue());
    assert.equal(result.hands, 12_994_800);
    assert.equal(result.runs.length, 10);
    assert.ok(result.bestSeconds > 0 && result.bestSeconds <= result.medianSeconds);
    await finish();
  });
});
