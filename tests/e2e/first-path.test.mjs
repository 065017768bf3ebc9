// @ts-check
// What the deployed page waits for before the first play, and what it loads
// later: a fresh `dist` build (tools/dist.mjs), as a first-time visitor
// meets it. The first path holds the app's own module, its stylesheet, the
// engine and the computer players' worker, and nothing loaded later
// (js/lazy.js with the commands, dialogs and the rest; css/lazy.css); those
// come in the background once the table waits for the player, and a part
// wanted before they have arrived (a quick first play, a menu opened at once
// on a slow network) waits for them and works. After one visit they open
// offline.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildDist } from '../../tools/dist.mjs';
import { startServer } from '../../tools/serve.mjs';
import { DEFAULT_GAME, GAMES } from '../../www/js/games.js';
import { PHONE, launchBrowser, openPage } from './harness.mjs';
import { settled } from './table-driver.mjs';

let browser;
let site;
let server;
let env;
before(async () => {
  site = mkdtempSync(join(tmpdir(), 'cribbage-first-path-'));
  await buildDist({ from: 'www', to: site, singleFile: false });
  browser = await launchBrowser();
  server = await startServer({ root: site });
  env = { url: server.url, browser };
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

/**
 * Records, in the page, the moment the table first waits for the player
 * (its `data-state` turns to `turn`, or `continue`), as the page's own clock has it, so
 * that every request can be placed before or after it by its start time.
 */
function markPlayable() {
  new MutationObserver((_records, observer) => {
    const table = document.querySelector('.tbl');
    // Waiting for the player: their turn, or (Noddy's announcements, read before the play) their Continue.
    if (['turn', 'continue'].includes(table?.dataset.state) && globalThis.__playableAt === undefined) {
      globalThis.__playableAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'], childList: true });
}

/** The site paths the page fetched, each with whether it started before the table was playable. */
async function fetched(page) {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, before: entry.startTime < globalThis.__playableAt })),
  );
}

/**
 * Waits for the rest to arrive in the background (js/lazy.js and its
 * stylesheet, which the page asks for a moment after the table first waits):
 * the first path is over, and every request made on it is in the browser's
 * record (an entry is written when its response is complete), so a look at
 * what was asked for before the table was playable misses none.
 * @param {import('playwright-core').Page} page
 */
const restArrived = (page) =>
  page.waitForFunction(() => ['/js/lazy.js', '/css/lazy.css'].every((file) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(file))), null, { timeout: 15_000 });

/**
 * An init script for the tests that block service workers (the network
 * alone serves): the page's registration, a moment after the table first
 * waits, refused as a browser that blocks workers refuses it (Playwright's
 * own block says so on the console instead), then `script`.
 * @param {Function} [script]
 */
const noWorker = (script) => `navigator.serviceWorker && (navigator.serviceWorker.register = () => Promise.reject(new Error('service workers are blocked here')));${script ? `(${script})();` : ''}`;

/** What may be on standard cribbage's first path: the page, its module and stylesheet, its face, the engine, the players' worker, and the browser's own fetches. */
const FIRST_PATH = new Set(['/', '/js/main.js', '/js/app.js', '/js/cribbage-face.js', '/js/ai-worker.js', '/css/app.css', '/pkg/cribbage.js', '/pkg/cribbage_bg.wasm', '/favicon.svg', '/manifest.webmanifest']);
/**
 * What is loaded later: the module and the stylesheet of everything past the
 * first play, and the service worker. (The chunks js/lazy.js shares with a
 * game's face, lazy-chunk-*.js, come with the face.)
 */
const isLater = (path) => /^\/(js\/lazy\.js|css\/lazy\.css|js\/pwa\.js|sw\.js|precache\.js)$/.test(path);

/**
 * The chunks (js/lazy-chunk-*.js) among `early` that no module on the path
 * imports anything from by name: requests for nothing, each a round trip
 * after its importer (as esbuild's own helpers' chunk was, imported bare by
 * every face until tools/dist.mjs dropped such imports).
 * @param {string[]} early
 */
function chunksForNothing(early) {
  const code = early.filter((path) => path.endsWith('.js')).map((path) => readFileSync(join(site, path), 'utf8'));
  return early
    .filter((path) => /^\/js\/lazy-chunk-[\w-]+\.js$/.test(path))
    .filter((path) => !code.some((text) => new RegExp(`import\\s*\\{[^}]+\\}\\s*from\\s*["']\\./${path.slice('/js/'.length).replace('.', '\\.')}["']`).test(text)));
}

describe('the first path', () => {
  it('holds only what the first play needs; the rest comes in the background once the table is playable', async () => {
    const { page, problems, finish } = await openPage(env, './?seed=1', { serviceWorkers: 'block', initScript: noWorker(markPlayable) });
    await page.waitForFunction(() => globalThis.__playableAt !== undefined, null, { timeout: 30_000 });
    // The rest arrives without being asked for.
    await restArrived(page);
    const all = await fetched(page);
    const early = all.filter((entry) => entry.before).map((entry) => entry.path);
    // The face comes with what it imports of its own (a chunk it shares with the lazy modules).
    const faceImports = [...readFileSync(join(site, 'js', 'cribbage-face.js'), 'utf8').matchAll(/import\s*(?:[^"']*from\s*)?["']\.\/([\w-]+\.js)["']/g)].map((m) => `/js/${m[1]}`);
    for (const path of early) assert.ok(FIRST_PATH.has(path) || faceImports.includes(path), `${path} was fetched before the table was playable`);
    assert.ok(early.includes('/js/app.js') && early.includes('/pkg/cribbage_bg.wasm'), `the app and the engine are on the first path (${early})`);
    // Cribbage's face, a module of its own so that no other game's page fetches it, is asked for
    // with the engine, not a round trip after it: no later than the engine's module.
    const started = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('resource').map((entry) => [new URL(entry.name).pathname, entry.startTime])));
    assert.ok(started['/js/cribbage-face.js'] <= started['/pkg/cribbage_bg.wasm'], `the face (${started['/js/cribbage-face.js']} ms) is asked for no later than the engine's module (${started['/pkg/cribbage_bg.wasm']} ms)`);
    const late = all.filter((entry) => !entry.before).map((entry) => entry.path);
    assert.ok(late.includes('/js/lazy.js'), `js/lazy.js came after the table was playable (${late})`);
    assert.ok(late.includes('/css/lazy.css'), `css/lazy.css came after the table was playable (${late})`);
    assert.ok(!early.some(isLater), `nothing loaded later is on the first path (${early})`);
    assert.deepEqual(chunksForNothing(early), [], 'no chunk is fetched that nothing on the path takes anything from');
    assert.ok(!early.some((path) => path.startsWith('/js/lazy-chunk-')), `cribbage's face shares nothing with the lazy modules, so no chunk is on its path (${early})`);
    assert.deepEqual(problems, []);
    await finish();
  });

  // Every other game of the page's registry, each by its own link.
  for (const { id: game, face } of GAMES.filter((entry) => entry.id !== DEFAULT_GAME)) {
    it(`${game} opened by its link waits for its own module and face, and nothing loaded later`, async () => {
      const { page, problems, finish } = await openPage(env, `./?game=${game}&seed=1`, { serviceWorkers: 'block', initScript: noWorker(markPlayable) });
      await page.waitForFunction(() => globalThis.__playableAt !== undefined, null, { timeout: 30_000 });
      await restArrived(page);
      const early = (await fetched(page)).filter((entry) => entry.before).map((entry) => entry.path);
      assert.ok(!early.some(isLater), `nothing loaded later is on ${game}'s first path (${early})`);
      // Nor another game's face: cribbage's is not in js/app.js, and it is fetched only for the games it draws.
      if (face !== 'cribbage') assert.ok(!early.includes('/js/cribbage-face.js'), `cribbage's face is not on ${game}'s first path (${early})`);
      else assert.ok(early.includes('/js/cribbage-face.js'), `${game} waits for cribbage's face (${early})`);
      // Nor the end of a game (ending.js, layout-ending.js, in js/lazy.js), which the face loads when the game ends,
      // nor cribbage's words for what comes after the first play (words.js), which it loads before telling any.
      const holding = (text) => early.filter((path) => path.endsWith('.js') && readFileSync(join(site, path), 'utf8').includes(text));
      assert.deepEqual(holding('Play this deal again'), [], `the end of a game is not on ${game}'s first path`);
      assert.deepEqual(holding('Copy result'), [], `the end of a game laid out on the table is not on ${game}'s first path`);
      assert.deepEqual(holding('The play is over.'), [], `cribbage's later words are not on ${game}'s first path`);
      assert.deepEqual(chunksForNothing(early), [], `no chunk is fetched on ${game}'s first path that nothing on it takes anything from`);
      assert.deepEqual(problems, []);
      await finish();
    });
  }

  it('the embedded element waits for the same first path', async () => {
    const { page, problems, finish } = await openPage(env, './demo/compact.html', {
      serviceWorkers: 'block',
      initScript: noWorker(() => {
        // The element's table is in its shadow root: the moment it first waits is taken from there.
        const poll = () => {
          const state = document.querySelector('cribbage-game')?.shadowRoot?.querySelector('.tbl')?.dataset.state;
          if (state === 'turn') globalThis.__playableAt = performance.now();
          else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      }),
    });
    await page.waitForFunction(() => globalThis.__playableAt !== undefined, null, { timeout: 30_000 });
    await restArrived(page);
    const early = (await fetched(page)).filter((entry) => entry.before).map((entry) => entry.path);
    assert.ok(early.includes('/js/app.js'), `the app is on the first path (${early})`);
    assert.ok(!early.some(isLater), `nothing loaded later is on the embedded first path (${early})`);
    assert.deepEqual(problems, []);
    await finish();
  });
});

describe('what comes later, on first use', () => {
  /** Holds back the later modules and stylesheet by `ms` each, as a slow network would. */
  async function slowLater(context, ms) {
    await context.route(/\/(js\/lazy[\w-]*\.js|css\/lazy\.css)$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    });
  }

  it('a first play made before the later parts arrive waits for them, and the game goes on', async () => {
    const { page, context, problems, finish } = await openPage(env, './?seed=1&speed=instant', { serviceWorkers: 'block', initScript: noWorker() });
    // (Routed once the first load is over, so the reload is what it slows.)
    await settled(page, 30_000);
    await page.evaluate(() => localStorage.clear());
    await slowLater(context, 2500);
    await page.reload();
    assert.equal(await settled(page, 30_000), 'turn');
    // At once: two cards to the crib, before js/lazy.js can have arrived.
    const cards = page.locator('.tbl-hand .hand-card.is-playable');
    await cards.nth(0).click();
    await cards.nth(1).click();
    await page.getByTestId('action-layaway').click();
    // The play: a card may be laid (or the computer leads first and then it may).
    await page.locator('.tbl-hand .hand-card.is-playable').first().waitFor({ timeout: 20_000 });
    assert.equal(await settled(page), 'turn');
    assert.match(await page.getByTestId('log').textContent(), /the starter is/);
    // The statistics counted the actions once their module was in ...
    await page.waitForFunction(() => Object.keys(JSON.parse(localStorage.getItem('cribbage.stats'))?.tables ?? {}).length === 1, null, { timeout: 15_000 });
    // ... and the game is saved with its share of them at its next move.
    await page.locator('.tbl-hand .hand-card.is-playable').first().click();
    await page.waitForFunction(() => typeof JSON.parse(localStorage.getItem('cribbage.game'))?.share?.key === 'string', null, { timeout: 15_000 });
    assert.deepEqual(problems, []);
    await finish();
  });

  it('the menu, settings, statistics and a new game open and work on first use on a slow network', async () => {
    const { page, context, problems, finish } = await openPage(env, './?seed=1&speed=instant', { serviceWorkers: 'block', viewport: PHONE, initScript: noWorker() });
    await settled(page, 30_000);
    await page.evaluate(() => localStorage.clear());
    await slowLater(context, 2000);
    await page.reload();
    assert.equal(await settled(page, 30_000), 'turn');
    // Settings at once, through the phone's menu: it waits for its module, then works.
    await page.getByTestId('menu').click();
    await page.getByTestId('tool-settings').click();
    const settings = page.locator('dialog[open]');
    await settings.waitFor({ timeout: 20_000 });
    // Styled: the dialogs' stylesheet came with it (a dialog laid out as the app draws it, not the browser's default).
    assert.ok(await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.endsWith('/css/lazy.css'))), 'css/lazy.css is in');
    // It works: the colours chosen there are the app's.
    await settings.getByLabel('Dark').check();
    await settings.getByTestId('dialog-save').click();
    await settings.waitFor({ state: 'detached' });
    // The dialog's choice is acted on at its `close` event, a task after it lost `open`.
    await page.waitForFunction(() => document.querySelector('.cribbage')?.getAttribute('data-theme') === 'dark', null, { timeout: 5000 });
    // Statistics, then a new game from the menu.
    await page.getByTestId('menu').click();
    await page.getByTestId('tool-stats').click();
    await page.locator('dialog[open]').waitFor();
    await page.locator('dialog[open]').getByTestId('dialog-close').click();
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    await page.getByTestId('menu').click();
    await page.getByTestId('tool-newgame').click();
    // The game in progress is asked about first, then the set-up deals a new one.
    await page.locator('dialog[open]').getByTestId('dialog-yes').or(page.getByRole('button', { name: 'Abandon it' })).first().click();
    const setup = page.locator('dialog[open]');
    await setup.getByTestId('dialog-deal').click();
    await setup.waitFor({ state: 'detached' });
    assert.equal(await settled(page), 'turn');
    // The choice is acted on at the dialog's close event, after it lost `open` (the old game's
    // table, settled too, stands till then): the abandoned game is counted then.
    await page.waitForFunction(() => Object.values(JSON.parse(localStorage.getItem('cribbage.stats') ?? 'null')?.tables ?? {})[0]?.abandoned === 1, null, { timeout: 5000 }).catch(() => {});
    const stats = await page.evaluate(() => JSON.parse(localStorage.getItem('cribbage.stats')));
    assert.equal(Object.values(stats.tables)[0]?.abandoned, 1, `the game left counts as abandoned (${JSON.stringify(stats)})`);
    assert.deepEqual(problems, []);
    await finish();
  });

  it('after one visit they open offline: the commands, the dialogs and a new game from the worker’s cache', async () => {
    const own = await startServer({ root: site });
    const { page, problems, finish } = await openPage({ url: own.url, browser }, './?seed=1&speed=instant');
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
    }, null, { timeout: 30_000 });
    // Every file precached (the page's view of the cache can lag the worker's writes by a moment).
    await page.waitForFunction(async () => {
      const cache = await caches.open((await caches.keys())[0]);
      return (await cache.keys()).some((request) => request.url.endsWith('/js/lazy.js'));
    }, null, { timeout: 30_000 });
    // For a moment after a first activation, navigations still go to the network: probe until one reaches the worker.
    for (let attempt = 0; attempt < 20; attempt++) {
      const probe = await page.context().newPage();
      const served = (await probe.goto(page.url()))?.fromServiceWorker();
      await probe.close();
      if (served) break;
    }
    await page.context().setOffline(true);
    await own.close();
    const response = await page.reload();
    assert.ok(response?.fromServiceWorker(), 'the page came from the service worker');
    assert.equal(await settled(page, 30_000), 'turn');
    // The game played before going offline is back as it was (restored before anything later had loaded).
    assert.equal(await page.locator('dialog[open]').count(), 0, 'no notice: the saved game was restored');
    await page.getByTestId('tool-stats').click();
    await page.locator('dialog[open]').getByTestId('stats').waitFor();
    await page.locator('dialog[open]').getByTestId('dialog-close').click();
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    await page.getByTestId('tool-newgame').click();
    // The click opens one dialog or the other: looked at once it is open (a look at once could
    // find neither yet, and then wait for the set-up behind a question never answered).
    await page.locator('dialog[open]', { hasText: /New game|Abandon this game\?/ }).waitFor();
    const abandon = page.getByRole('button', { name: 'Abandon it' });
    if (await abandon.count()) await abandon.click();
    await page.locator('dialog[open]').getByTestId('dialog-deal').click();
    assert.equal(await settled(page), 'turn');
    assert.deepEqual(problems, []);
    await finish();
  });
});
