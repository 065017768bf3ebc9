// @ts-check
// The installable, offline app, as deployed: a fresh `dist` build (tools/dist.mjs)
// served from a sub-path, /games/cribbage/. Installability by Chromium's own
// check; offline play after one visit, and a control run with service
// workers blocked that must fail; updates that wait for the player; and a
// precache that refuses to mix two versions.

import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startBrowser } from '../../tools/browser.mjs';
import { buildDist } from '../../tools/dist.mjs';
import { precacheList, writePrecache } from '../../tools/precache.mjs';
import { startServer } from '../../tools/serve.mjs';
import { PHONE, launchBrowser, openPage } from './harness.mjs';
import { settled, step } from './table-driver.mjs';

const SUBPATH = 'games/cribbage/';

let browser;
let root;
let site;
let precached;
before(async () => {
  root = mkdtempSync(join(tmpdir(), 'cribbage-pwa-'));
  site = join(root, SUBPATH);
  precached = await buildDist({ from: 'www', to: site, singleFile: false });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A server of its own for one test (the offline tests stop it). */
async function serve(dir = root) {
  const server = await startServer({ root: dir });
  return { server, env: { url: server.url, browser } };
}

/**
 * Waits until the page's worker is activated and controls it (`ready` alone
 * can come earlier), and then until navigations reach it: for a second or two
 * after a first activation, Chromium still sends them to the network, and
 * `getRegistration()` answers nothing (so registration.update() says "Not
 * found"). First waits, by asking, until the registration is found every
 * time: a navigation made within that window could hold the registration's
 * next update() for three minutes (Chromium 148 here, about two runs in
 * five). Then, unless `probe` is false, probes with throwaway pages while
 * still online. The update tests need no probe (they never go offline), and
 * skip it: no navigation of theirs comes near the update they ask for.
 * @param {import('playwright-core').Page} page
 * @param {{ probe?: boolean }} [options]
 */
async function workerInControl(page, { probe = true } = {}) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  });
  for (let found = 0, asked = 0; found < 5; asked++) {
    assert.ok(asked < 200, 'the registration was never found for good');
    found = (await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()))) ? found + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!probe) return;
  for (let attempt = 0; attempt < 20; attempt++) {
    const probe = await page.context().newPage();
    const served = (await probe.goto(page.url()))?.fromServiceWorker();
    await probe.close();
    if (served) return;
  }
  assert.fail(`navigations to ${page.url()} never reached the service worker`);
}

const cacheNames = (page) => page.evaluate(() => caches.keys());
const savedGame = (page) => page.evaluate(() => localStorage.getItem('cribbage.game'));
const handCards = (page) => page.locator('.tbl-hand .hand-card').evaluateAll((cards) => cards.map((card) => card.dataset.card));

async function engineLoaded(page) {
  await page.locator('.app-version', { hasText: 'Engine' }).waitFor();
}

/** Counts a hand in the calculator view by typing it, then goes back to the table. */
async function countHand(page, cards, expected) {
  await page.locator('.nav-tab[data-view="calculator"]').click();
  const input = page.getByLabel('Type the cards');
  await input.fill(cards);
  await input.press('Enter');
  await page.getByTestId('total').filter({ hasText: new RegExp(`^${expected}$`) }).waitFor();
  await page.locator('.nav-tab[data-view="game"]').click();
}

/**
 * Plays one whole hand at the table, through the page's own controls: lays
 * away, plays every card, and reads the show to its end.
 * @returns {Promise<{ steps: string[], log: string }>}
 */
async function playWholeHand(page) {
  const steps = [];
  for (let i = 0; i < 60; i++) {
    const what = await step(page);
    steps.push(what);
    if (what === 'continue' || what === 'over') break;
  }
  await settled(page);
  return { steps, log: await page.getByTestId('log').innerText() };
}

describe('installable app', () => {
  it('has a complete manifest that Chromium finds installable', async () => {
    const { server } = await serve();
    // A real profile: Chromium never installs from an incognito one (Playwright's default).
    const profile = mkdtempSync(join(tmpdir(), 'cribbage-profile-'));
    const context = await startBrowser(() =>
      chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
      }),
    );
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const errors = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${server.url}${SUBPATH}`);
      await engineLoaded(page);
      await workerInControl(page);

      const manifest = JSON.parse(readFileSync(join(site, 'manifest.webmanifest'), 'utf8'));
      for (const field of ['name', 'short_name', 'description', 'theme_color', 'background_color']) {
        assert.ok(manifest[field], `manifest.${field}`);
      }
      assert.equal(manifest.display, 'standalone');
      assert.equal(manifest.start_url, './', 'start_url is relative, for any sub-path');
      assert.equal(manifest.scope, './', 'scope is relative, for any sub-path');
      const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose} ${icon.type}`);
      // The SVG first: Chromium's install check takes it, the file the page has already loaded.
      assert.deepEqual(icons, ['any any image/svg+xml', '192x192 any image/png', '512x512 any image/png', '512x512 maskable image/png']);
      const svg = readFileSync(join(site, manifest.icons[0].src), 'utf8');
      assert.match(svg, /^<svg [^>]*viewBox="0 0 (\d+) \1"/, 'a square drawing');
      const html = readFileSync(join(site, 'index.html'), 'utf8');
      assert.ok(html.includes(`<link rel="icon" href="${manifest.icons[0].src}"`), 'the page’s own icon');
      for (const icon of manifest.icons.slice(1)) {
        const png = readFileSync(join(site, icon.src));
        assert.equal(png.toString('latin1', 1, 4), 'PNG', icon.src);
        assert.equal(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.sizes, `${icon.src} is the size the manifest says`);
      }

      const cdp = await context.newCDPSession(page);
      const parsed = await cdp.send('Page.getAppManifest');
      assert.deepEqual(parsed.errors, [], 'the manifest parses cleanly');
      assert.equal(parsed.url, `${server.url}${SUBPATH}manifest.webmanifest`);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      assert.deepEqual(installabilityErrors, [], 'Chromium would offer to install it');
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).scope);
      assert.equal(scope, `${server.url}${SUBPATH}`, 'the worker covers exactly the app’s folder');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe('offline', () => {
  it('plays offline after one visit: server stopped, page reloaded, a hand counted and a whole hand played', async () => {
    const { server, env } = await serve();
    const { page, problems, finish } = await openPage(env, `${SUBPATH}?speed=instant`);
    await engineLoaded(page);
    await workerInControl(page);
    assert.deepEqual(await cacheNames(page), [`cribbage ${server.url}${SUBPATH} ${precached.version}`]);
    // (The page's view of the cache can lag the worker's writes by a moment.)
    await page.waitForFunction(
      async (count) => (await (await caches.open((await caches.keys())[0])).keys()).length === count,
      precached.files.length,
    );

    await page.context().setOffline(true);
    await server.close();
    const response = await page.reload();
    assert.ok(response?.fromServiceWorker(), 'the page came from the service worker');
    await engineLoaded(page);
    await countHand(page, '5H 5C 5S JD 5D', 29);
    // The modules the page loads on demand come from the worker's cache too: each game's rules.
    await page.getByTestId('tool-help').click();
    await page.getByTestId('help-howto-reverse').click();
    assert.match(await page.getByTestId('howto').textContent(), /the side that reaches the target \(121, or 61\) loses/);
    // A closed dialog leaves the page a moment later (its close event is a
    // task of its own): wait for it, then close the help under it.
    const howto = page.locator('dialog.dialog--howto');
    await howto.getByTestId('dialog-close').click();
    await howto.waitFor({ state: 'detached' });
    await page.locator('dialog[open]').getByTestId('dialog-close').click();
    const hand = await playWholeHand(page);
    assert.equal(hand.steps[0], 'discard', `the hand began with laying away (${hand.steps})`);
    assert.ok(hand.steps.filter((s) => s === 'play').length >= 1, `cards were played (${hand.steps})`);
    assert.equal(hand.steps.at(-1), 'continue', `the show was reached and read (${hand.steps})`);
    assert.match(hand.log, /the starter is/);
    assert.match(hand.log, /The hand is over|in all/);

    // Any page in the app's folder falls back to the app itself.
    const other = await page.goto(`${server.url}${SUBPATH}no-such-page?x=1`);
    assert.ok(other?.fromServiceWorker());
    await engineLoaded(page);
    assert.deepEqual(problems, []);
    await finish();
  });

  it('control: with service workers blocked, the same offline reload fails', async () => {
    const { server, env } = await serve();
    const { page } = await openPage(env, SUBPATH, { serviceWorkers: 'block' });
    await engineLoaded(page);
    assert.equal(await page.evaluate(() => navigator.serviceWorker?.controller ?? null), null);
    await page.context().setOffline(true);
    await server.close();
    await assert.rejects(page.reload(), /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED/);
    await page.context().close();
  });
});

describe('updates', () => {
  /** A site of its own, to publish a second version into. */
  async function ownSite() {
    const dir = mkdtempSync(join(tmpdir(), 'cribbage-update-'));
    const list = await buildDist({ from: 'www', to: dir, singleFile: false });
    return { dir, list };
  }

  it('never interrupt a game: the new version waits, is offered, and applies only when the player chooses', async () => {
    const { dir, list } = await ownSite();
    const { server, env } = await serve(dir);
    try {
      const { page, finish, screenshot } = await openPage(env, './?speed=instant', { viewport: PHONE });
      await engineLoaded(page);
      await workerInControl(page, { probe: false });
      // A game in progress: two cards laid away, and a mark the page keeps until it reloads.
      assert.equal(await step(page), 'discard');
      await settled(page);
      const held = await page.locator('.tbl-hand .hand-card').count();
      assert.ok(held >= 3 && held <= 4, `cards left in hand: ${held}`);
      // The game as saved mid-hand, and the hand as shown: both must come back as they are.
      const savedBefore = await savedGame(page);
      assert.ok(JSON.parse(JSON.parse(savedBefore).save).actions.length >= 1, 'saved with the lay-away in it');
      const handBefore = await handCards(page);
      assert.equal(handBefore.length, held);
      await page.evaluate(() => {
        window.inProgress = true;
      });

      // Publish version 2.
      appendFileSync(join(dir, 'css', 'app.css'), '\n/* version 2 */\n');
      const v2 = writePrecache(dir);
      assert.notEqual(v2.version, list.version);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());

      await page.getByRole('status').filter({ hasText: 'A new version of Cribbage is ready.' }).waitFor();
      const offer = page.getByRole('complementary', { name: 'Update' });
      await screenshot('update-offer-phone');
      assert.equal(await page.evaluate(() => window.inProgress), true, 'the page was not reloaded');
      assert.equal(await page.locator('.tbl-hand .hand-card').count(), held, 'the hand is still there');
      assert.equal(await savedGame(page), savedBefore, 'the offer touched nothing saved');
      assert.deepEqual((await cacheNames(page)).sort(), [`cribbage ${env.url} ${list.version}`, `cribbage ${env.url} ${v2.version}`].sort());
      assert.equal(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting?.state),
        'installed',
        'version 2 waits',
      );
      // The old version still serves this page, unmixed.
      assert.doesNotMatch(await page.evaluate(() => fetch('css/app.css').then((r) => r.text())), /version 2/);

      await Promise.all([page.waitForEvent('load'), offer.getByRole('button', { name: 'Reload to update' }).click()]);
      await engineLoaded(page);
      await workerInControl(page);
      assert.equal(await page.evaluate(() => window.inProgress), undefined, 'reloaded');
      await settled(page);
      assert.deepEqual(await handCards(page), handBefore, 'the game in progress came back after the update: the same hand');
      assert.equal(await savedGame(page), savedBefore, 'and the same saved game, byte for byte');
      assert.deepEqual(await cacheNames(page), [`cribbage ${env.url} ${v2.version}`], 'the old cache is gone');
      assert.match(await page.evaluate(() => fetch('css/app.css').then((r) => r.text())), /version 2/);
      await finish();
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('or take over at the next start, once the old version’s pages have closed', async () => {
    const { dir, list } = await ownSite();
    const { server, env } = await serve(dir);
    try {
      const { page, problems } = await openPage(env, './');
      await engineLoaded(page);
      await workerInControl(page, { probe: false });
      appendFileSync(join(dir, 'js', 'main.js'), '\n// version 2\n');
      const v2 = writePrecache(dir);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
      await page.getByRole('status').filter({ hasText: 'A new version' }).waitFor();

      // The player closes the app: with no page left on version 1, version 2 takes over…
      const context = page.context();
      await page.close();
      const v2Cache = `cribbage ${env.url} ${v2.version}`;
      for (let attempt = 0; ; attempt++) {
        const workers = context.serviceWorkers();
        const names = workers.length ? await workers.at(-1).evaluate(() => caches.keys()).catch(() => []) : [];
        if (names.length === 1 && names[0] === v2Cache) break;
        assert.ok(attempt < 100, `version 2 never took over: ${names}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // …and the next start runs it.
      const next = await context.newPage();
      await next.goto(env.url);
      await engineLoaded(next);
      await workerInControl(next);
      assert.deepEqual(await cacheNames(next), [v2Cache]);
      assert.match(await next.evaluate(() => fetch('js/main.js').then((r) => r.text())), /version 2/);
      assert.notEqual(v2.version, list.version);
      assert.equal(await next.getByRole('complementary', { name: 'Update' }).count(), 0, 'nothing left to offer');
      await context.close();
      assert.deepEqual(problems, []);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never mix versions: a new list whose files the server does not match is refused whole', async () => {
    const { dir, list } = await ownSite();
    const { server, env } = await serve(dir);
    try {
      const { page, problems, finish } = await openPage(env, './');
      await engineLoaded(page);
      await workerInControl(page, { probe: false });

      // A half-finished deploy: the list of a new build, with the old build's files still in place.
      const next = precacheList(dir);
      next.version = 'half-deployed';
      next.files = next.files.map(([path, integrity]) => [path, path === 'js/app.js' ? 'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' : integrity]);
      writeFileSync(join(dir, 'precache.js'), `self.PRECACHE = ${JSON.stringify(next)};\n`);
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration.update().catch(() => {});
        const worker = registration.installing ?? registration.waiting;
        if (worker && worker.state !== 'redundant') {
          await new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'redundant' || worker.state === 'installed' ? resolve(null) : null));
        }
        return { state: worker?.state, waiting: Boolean(registration.waiting) };
      });
      assert.deepEqual(state, { state: 'redundant', waiting: false }, 'the new worker failed to install');
      assert.deepEqual(await cacheNames(page), [`cribbage ${env.url} ${list.version}`], 'only the complete old version is cached');
      await page.reload();
      await engineLoaded(page);
      await countHand(page, '7H 8C 8D KS 9H', 12);
      // The failed install logs the integrity error in the worker, not in the page.
      assert.deepEqual(problems, []);
      await finish();
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
