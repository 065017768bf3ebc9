// @ts-check
// The harness's own watch: a request to another origin fails the test that
// made it, from the page or from its worker, and never leaves the machine
// (the browser's NO_WAY_OUT refuses it inside Chromium).

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

describe('the harness', () => {
  it('fails a test for a request to another origin, from the page or its worker, and the request never leaves', async () => {
    // A page of the server's own with no script of its own; the page's CSP
    // would stop a fetch before the network, so the requests below are the
    // kinds it does not govern: a navigation, and a worker's fetch from a
    // blank page.
    const { page, finish } = await openPage(env, 'favicon.svg');
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
});
