// @ts-check
// The single-file build (tools/single-file.mjs) from file://, no server: it
// plays, it asks for nothing but itself, and its own CSP allows its one
// inline module and its one inline stylesheet by hash, and nothing else. A
// copy whose script was tampered with must be refused.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { buildSingleFile } from '../../tools/single-file.mjs';
import { PHONE, launchBrowser, openPage } from './harness.mjs';
import { clickTool, openView, settled, step } from './table-driver.mjs';

let dir;
let file;
let env;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cribbage-single-'));
  file = join(dir, 'cribbage.html');
  await buildSingleFile({ site: 'www', out: file });
  env = { url: pathToFileURL(dir).href + '/', browser: await launchBrowser() };
});
after(async () => {
  await env?.browser.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('single-file build', () => {
  it('plays from file:// and asks for nothing but itself', async () => {
    const address = `${pathToFileURL(file).href}?speed=instant`;
    const { page, finish, screenshot } = await openPage(env, address, { viewport: PHONE });
    const requests = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.reload();
    await page.locator('.app-version', { hasText: 'Engine' }).waitFor();
    // A whole hand against the computer, which thinks on the page's thread here.
    const steps = [];
    for (let i = 0; i < 60 && steps.at(-1) !== 'continue'; i++) steps.push(await step(page));
    assert.equal(steps[0], 'discard');
    assert.equal(steps.at(-1), 'continue', `the hand reached the show (${steps})`);
    // (Ada may have laid away before the reload, which the log does not carry
    // over; the starter is cut only once both have.)
    assert.match(await page.getByTestId('log').innerText(), /You lay away two cards[^]*the starter is/);
    await settled(page);
    await openView(page, 'calculator');
    const input = page.getByLabel('Type the cards');
    await input.fill('5H 5C 5S JD 5D');
    await input.press('Enter');
    await page.getByTestId('total').filter({ hasText: /^29$/ }).waitFor();
    assert.deepEqual(requests.filter((url) => !url.startsWith('data:')), [address]);
    await screenshot('single-file-phone');
    // The single file carries the cribbage module only: its picker offers the games that module plays.
    await openView(page, 'game');
    await clickTool(page, 'newgame');
    const either = page.locator('dialog[open]', { hasText: /New game|Abandon this game\?/ });
    await either.waitFor();
    if ((await either.textContent()).includes('Abandon')) await page.getByTestId('dialog-yes').click();
    const dialog = page.locator('dialog[open]', { hasText: 'New game' });
    await dialog.waitFor();
    assert.deepEqual(await dialog.locator('input[name="game"]').evaluateAll((inputs) => inputs.map((i) => /** @type {HTMLInputElement} */ (i).value)), ['cribbage', 'reverse']);
    await page.keyboard.press('Escape');
    await finish();
  });

  it('leaves the layout games out: neither their face nor its styles (they need the family module)', () => {
    const html = readFileSync(file, 'utf8');
    assert.doesNotMatch(html, /lay-cell|lay-grid/);
  });

  it('carries a CSP that allows only its own inline script and style, by hash', () => {
    const html = readFileSync(file, 'utf8');
    const csp = html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1];
    const directives = Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    assert.deepEqual(directives['default-src'], ["'none'"]);
    assert.equal(directives['script-src'].length, 2);
    assert.match(directives['script-src'][0], /^'sha256-[A-Za-z0-9+/]{43}='$/);
    assert.equal(directives['script-src'][1], "'wasm-unsafe-eval'");
    assert.equal(directives['style-src'].length, 1);
    assert.match(directives['style-src'][0], /^'sha256-/);
    assert.doesNotMatch(csp, /'unsafe-inline'|'unsafe-eval'|\*|https?:/);
    assert.equal(html.match(/<script\b/g).length, 1, 'one script');
    assert.equal(html.match(/<style\b/g).length, 1, 'one stylesheet');
    assert.doesNotMatch(html, /<script[^>]+src=|<link rel="stylesheet"|\sstyle="/);
  });

  it('refuses a copy whose script was changed', async () => {
    const tampered = join(dir, 'tampered.html');
    writeFileSync(tampered, readFileSync(file, 'utf8').replace('</script>', ';globalThis.tampered=1</script>'));
    const context = await env.browser.newContext();
    const blocked = [];
    await context.exposeBinding('reportViolation', (_source, directive) => blocked.push(directive));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => globalThis.reportViolation(event.effectiveDirective));
    });
    const page = await context.newPage();
    await page.goto(pathToFileURL(tampered).href);
    // Until the page has reported the blocked script (or 10 s, and fail).
    for (const giveUp = Date.now() + 10_000; !blocked.includes('script-src-elem') && Date.now() < giveUp; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.ok(blocked.includes('script-src-elem'), `the CSP blocked the script (${blocked})`);
    assert.equal(await page.evaluate(() => globalThis.tampered), undefined);
    assert.equal(await page.locator('.cribbage').count(), 0, 'the app never started');
    await context.close();
  });
});
