// @ts-check
// The development and test server: MIME types, the CSP header, and no way out of its root.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CSP, startServer } from '../../tools/serve.mjs';

let server;
before(async () => {
  server = await startServer({ root: 'www' });
});
after(async () => {
  await server?.close();
});

const get = (path) => fetch(new URL(path, server.url), { redirect: 'manual' });

/** A GET with the path sent exactly as given (fetch would normalise "..").  */
const rawStatus = (path) =>
  new Promise((resolve, reject) => {
    request(new URL(server.url), { path }, (res) => {
      res.resume();
      resolve(res.statusCode);
    })
      .on('error', reject)
      .end();
  });

describe('tools/serve.mjs', () => {
  it('serves the page with its CSP and the right types', async () => {
    for (const [path, type] of [
      ['', 'text/html; charset=utf-8'],
      ['js/app.js', 'text/javascript; charset=utf-8'],
      ['css/base.css', 'text/css; charset=utf-8'],
      ['pkg/cribbage_bg.wasm', 'application/wasm'],
      ['favicon.svg', 'image/svg+xml'],
    ]) {
      const response = await get(path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('content-type'), type, path);
      assert.equal(response.headers.get('content-security-policy'), CSP, path);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
      await response.arrayBuffer();
    }
  });

  it('answers 404, 403 and 405 where it should', async () => {
    assert.equal((await get('missing.js')).status, 404);
    // ".." segments are resolved inside the root; an encoded slash cannot climb out either.
    assert.equal(await rawStatus('/../Cargo.toml'), 404);
    assert.equal(await rawStatus('/%2e%2e/%2e%2e/Cargo.toml'), 404);
    assert.equal(await rawStatus('/..%2fCargo.toml'), 403);
    assert.equal(await rawStatus('/%E0%A4%A'), 400);
    assert.equal((await fetch(new URL('index.html', server.url), { method: 'POST' })).status, 405);
    const redirect = await get('js');
    assert.equal(redirect.status, 301);
    assert.equal(redirect.headers.get('location'), '/js/');
  });

  it('survives a file that fails while it is being read', async () => {
    // A file can vanish between stat and open, as when a test removes its site
    // while a service worker still fetches. /proc/self/mem is a regular file
    // to stat whose reads fail at once: the same failure, made certain.
    const root = mkdtempSync(join(tmpdir(), 'cribbage-serve-'));
    symlinkSync('/proc/self/mem', join(root, 'gone.js'));
    const own = await startServer({ root });
    try {
      // The response ends, whole or cut short; the server must not throw.
      await fetch(new URL('gone.js', own.url))
        .then((response) => response.arrayBuffer())
        .catch(() => {});
      // The server is still up and serving.
      assert.equal((await fetch(new URL('missing.js', own.url))).status, 404);
    } finally {
      await own.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
