// @ts-check
// Shared set-up for the browser tests: a static server for www/ on a free
// loopback port (tools/serve.mjs, which also sends the page's CSP as a
// header), Debian's Chromium driven by playwright-core, and a watch on each
// page that fails the test on any console error or warning, uncaught error,
// CSP violation, failed or 4xx/5xx request, or request to another origin.

import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launchChromium } from '../../tools/browser.mjs';
import { startServer } from '../../tools/serve.mjs';

/** Where screenshots go (gitignored). */
export const RESULTS_DIR = 'test-results';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * The test browser's only way out is the loopback address: every host name
 * resolves to nothing but 127.0.0.1 (and localhost), and every other address,
 * an IP literal too, goes to a proxy that cannot be reached. A request to
 * another origin fails inside Chromium without ever leaving the machine, and
 * `openPage`'s watch, which sees every request, fails the test for it. The
 * block costs nothing per request, where routing each request through the
 * test's process to refuse the few that go elsewhere cost about 0.15
 * CPU-seconds a page (a sixth of a page's load and first deal), and turned
 * the browser's HTTP cache off as well.
 */
export const NO_WAY_OUT = ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost', '--proxy-server=http://no-way-out.invalid:1'];

/**
 * Starts headless Chromium for the browser tests, with no way out (NO_WAY_OUT).
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function launchBrowser() {
  return launchChromium(NO_WAY_OUT);
}

/**
 * Starts the server and the browser for one test file.
 * @param {{ root?: string }} [options]
 * @returns {Promise<{ url: string, browser: import('playwright-core').Browser, close: () => Promise<void> }>}
 */
export async function setUp({ root = 'www' } = {}) {
  const server = await startServer({ root });
  const browser = await launchBrowser();
  return {
    url: server.url,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Opens `path` (relative to the server root, or an absolute file: URL) in a
 * fresh browser context and watches it. Call `finish()` at the end of the
 * test: it closes the context and fails if anything went wrong on the page.
 * `initScript` runs in every page of the context before the page's own code
 * (a function, or source text). `openAnother(path)` opens a second watched
 * page (another tab) in the same context, sharing its storage.
 * @param {{ url: string, browser: import('playwright-core').Browser }} env
 * @param {string} path
 * @param {{ viewport?: { width: number, height: number },
 *           colorScheme?: 'light' | 'dark', reducedMotion?: 'reduce' | 'no-preference',
 *           serviceWorkers?: 'allow' | 'block', initScript?: (() => unknown) | string }} [options]
 */
export async function openPage(env, path, { viewport = DESKTOP, colorScheme = 'light', reducedMotion = 'reduce', serviceWorkers = 'allow', initScript } = {}) {
  const context = await env.browser.newContext({ viewport, colorScheme, reducedMotion, serviceWorkers });
  const problems = [];
  const target = new URL(path, env.url);
  const origin = target.protocol === 'file:' ? 'file://' : target.origin;
  // Each page's flush: the page reports a marker through the same channels as
  // a problem, and the marker's arrival proves everything before it arrived.
  const flushed = new Map();
  const marker = (id) => `\u0000flushed:${id}`;

  // Every request of the context (its pages, their workers, its service
  // worker) is seen here; one to another origin fails the test, and the
  // browser's NO_WAY_OUT has already kept it on the machine.
  context.on('request', (request) => {
    const url = request.url();
    if (!isLocal(url, origin)) problems.push(`request to another origin: ${url}`);
  });
  await context.exposeBinding('__reportCspViolation', (_source, text) => {
    if (typeof text === 'string' && flushed.has(text)) return flushed.get(text)();
    problems.push(`CSP violation: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      globalThis.__reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  if (initScript) await context.addInitScript(initScript);

  async function watched(url) {
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`console ${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    // A request the page's own navigation cut short (a reload while a lazy
    // module was still loading) is not a failure: each request is stamped
    // with the navigations begun and committed before it, and one cut short
    // after a later navigation began is the navigation's doing. The old
    // document lives on until the new one commits, and a request it makes in
    // between (a lazy module it asks for after the reload began) is cut short
    // by the commit, which Chromium reports after the requests it cut: a
    // request cut short while a navigation of the page is under way (begun,
    // not yet committed) is the navigation's doing too. Any other request
    // cut short (the page cancelling its own) is a failure.
    let navigations = 0;
    let underWay = false;
    const born = new WeakMap();
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        navigations++;
        underWay = true;
      }
      born.set(request, navigations);
    });
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      navigations++;
      underWay = false;
    });
    page.on('requestfailed', (request) => {
      if (request.failure()?.errorText === 'net::ERR_ABORTED' && (underWay || born.get(request) !== navigations)) return;
      if (isLocal(request.url(), origin)) problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    const response = await page.goto(url);
    if (target.protocol !== 'file:') assert.equal(response?.status(), 200, `loading ${url}`);
    return page;
  }

  /**
   * Lets late messages (a rejected promise, a CSP report) arrive: the page
   * runs one more task, then reports a marker through the binding; bindings
   * arrive in order, so once the marker is here, so is every report before it.
   */
  let flushes = 0;
  async function flush(page) {
    if (page.isClosed()) return;
    const id = marker(++flushes);
    const arrived = new Promise((resolve) => flushed.set(id, resolve));
    try {
      await page.evaluate(async (text) => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        await globalThis.__reportCspViolation(text);
      }, id);
      await arrived;
    } catch {
      // The page went away (closed or navigating): nothing more can come from it.
    } finally {
      flushed.delete(id);
    }
  }

  const pages = [];
  const page = await watched(target.href);
  pages.push(page);

  return {
    page,
    context,
    problems,
    /** Opens another watched page (a second tab) in this context. */
    async openAnother(another = path) {
      const next = await watched(new URL(another, env.url).href);
      pages.push(next);
      return next;
    },
    /** Saves a full-page screenshot as test-results/NAME.png. */
    async screenshot(name) {
      mkdirSync(RESULTS_DIR, { recursive: true });
      await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`), fullPage: true });
    },
    async finish() {
      for (const each of pages) await flush(each);
      await context.close();
      assert.deepEqual(problems, [], 'the page reported problems');
    },
  };
}

function isLocal(url, origin) {
  return url.startsWith(origin + '/') || url.startsWith('data:') || url.startsWith('blob:');
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page against WCAG 2.2 A and AA and best practice,
 * and returns its violations as short strings. axe is evaluated through
 * the DevTools protocol, which the page's CSP does not govern. Label in
 * name (2.5.3) is left out: it compares a card's printed "5" or "J" with
 * its spoken name "five of hearts", and words serve screen readers better
 * (the rule is experimental in axe).
 * @param {import('playwright-core').Page} page
 * @param {{ within?: string }} [options]  `within`: a selector for the part
 *   of the page to check (the whole document else).
 * @returns {Promise<string[]>}
 */
export async function audit(page, { within } = {}) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    (within) =>
      window.axe
        .run(within ?? document, {
          runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
          rules: { 'label-content-name-mismatch': { enabled: false } },
        })
        .then((result) => result.violations),
    within,
  );
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The page's cumulative layout shift so far (shifts right after input
 * excluded, as in CLS).
 * @param {import('playwright-core').Page} page
 * @returns {Promise<number>}
 */
export function layoutShift(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(/** @type {(PerformanceEntry & { hadRecentInput: boolean, value: number })[]} */ (list.getEntries()).filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // With no shift at all the observer never fires.
        setTimeout(() => resolve(0), 500);
      }),
  );
}
