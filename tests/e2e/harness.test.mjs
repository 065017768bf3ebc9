// @ts-check
// The harness's own watch: a request to another origin fails the test that
// made it, from the page or from its worker, and never leaves the machine
// (the browser's NO_WAY_OUT refuses it inside Chromium); a request cut short
// by the page's own reload is no failure, whenever the old document made it,
// and one the page cancels by itself still is.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startBrowser } from '../../tools/browser.mjs';
import { openPage, setUp } from './harness.mjs';

/** A page with nothing of its own to load: it names its icon, so the browser asks for no /favicon.ico. */
const PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page</title><link rel="icon" href="data:,"></head><body></body></html>';

let env;
let root;
before(async () => {
  root = mkdtempSync(join(tmpdir(), 'cribbage-harness-'));
  writeFileSync(join(root, 'page.html'), PAGE);
  writeFileSync(join(root, 'held.txt'), 'held');
  env = await setUp({ root });
});
after(async () => {
  await env?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the harness', () => {
  it('fails a test for a request to another origin, from the page or its worker, and the request never leaves', async () => {
    // The server's CSP would stop a page's fetch before the network, so the
    // requests below are the kinds it does not govern: a navigation, and a
    // worker's fetch from a blank page.
    const { page, finish } = await openPage(env, 'page.html');
    /** @type {Map<string, string | undefined>} */
    const failed = new Map();
    page.on('requestfailed', (request) => failed.set(request.url(), request.failure()?.errorText));
    await page.goto('about:blank');
    const said = await page.evaluate(async () => {
      const source = "fetch('http://192.0.2.2/from-a-worker').then(() => postMessage('reached'), () => postMessage('refused'))";
      const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
      return new Promise((resolve) => worker.addEventListener('message', (event) => resolve(event.data)));
    });
    assert.equal(said, 'refused', 'the worker’s fetch is refused');
    await page.goto('http://192.0.2.1/an-address').catch(() => {});
    await page.goto('http://example.com/a-name').catch(() => {});
    for (const url of ['http://192.0.2.1/an-address', 'http://example.com/a-name']) {
      assert.match(failed.get(url) ?? 'not failed', /^net::ERR_PROXY_CONNECTION_FAILED$/, `${url} is refused inside the browser`);
    }
    await assert.rejects(finish(), (error) => {
      const text = String(/** @type {Error} */ (error).message);
      for (const url of ['http://192.0.2.1/an-address', 'http://example.com/a-name', 'http://192.0.2.2/from-a-worker']) {
        assert.ok(text.includes(`request to another origin: ${url}`), `${url} is reported: ${text}`);
      }
      return true;
    });
  });

  // The old document lives on until the new one commits, and Chromium
  // reports its requests cut short by the commit before it reports the
  // commit. A request the old document made after the reload had begun was
  // counted as failed (table.test's reload, with lazy modules still loading,
  // when the machine was slow enough for the new document to take a while).
  it('lets a reload cut short the requests of the page it replaces, even those made after the reload began', async () => {
    const { page, finish, problems } = await openPage(env, 'page.html');
    // The new document comes a second late; the old one's request, made
    // during that second, is held until long after it.
    await page.route('**/page.html', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    let held = false;
    await page.route('**/held.txt?held', async (route) => {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.continue().catch(() => {});
    });
    const cut = new Promise((resolve) => page.on('requestfailed', (request) => request.url().endsWith('?held') && resolve(request.failure()?.errorText)));
    await page.evaluate(() => setTimeout(() => fetch('held.txt?held').catch(() => {}), 300));
    await page.reload();
    assert.ok(held, 'the old document asked for it while the reload went on');
    assert.equal(await cut, 'net::ERR_ABORTED');
    assert.deepEqual(problems, []);
    await finish();
  });

  it('fails a test for a request the page cancels by itself', async () => {
    const { page, finish } = await openPage(env, 'page.html');
    await page.route('**/held.txt?cancelled', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue().catch(() => {});
    });
    const cut = new Promise((resolve) => page.on('requestfailed', (request) => resolve(request.failure()?.errorText)));
    await page.evaluate(() => {
      const controller = new AbortController();
      fetch('held.txt?cancelled', { signal: controller.signal }).catch(() => {});
      setTimeout(() => controller.abort(), 300);
    });
    assert.equal(await cut, 'net::ERR_ABORTED');
    await assert.rejects(finish(), /request failed: http:\/\/127\.0\.0\.1:\d+\/held\.txt\?cancelled net::ERR_ABORTED/);
  });
});

describe('starting the browser', () => {
  it('starts a browser that died as it started again, and gives up after the third try', async (t) => {
    t.mock.method(console, 'warn', () => {});
    let tries = 0;
    const up = await startBrowser(async () => {
      tries += 1;
      if (tries < 2) throw new Error('browserType.launch: Target page, context or browser has been closed');
      return 'up';
    });
    assert.deepEqual([up, tries], ['up', 2]);
    tries = 0;
    await assert.rejects(
      startBrowser(async () => {
        tries += 1;
        throw new Error(`crash ${tries}`);
      }),
      /crash 3/,
    );
    assert.equal(tries, 3);
  });
});
