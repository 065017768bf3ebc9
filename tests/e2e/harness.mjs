// Shared set-up for the browser tests: a static server for www/ on a free
// loopback port (tools/serve.mjs, which also sends the page's CSP as a
// header), Debian's Chromium driven by playwright-core, and a watch on each
// page that fails the test on any console error or warning, uncaught error,
// CSP violation, failed or 4xx/5xx request, or request to another origin.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../../tools/browser.mjs';
import { startServer } from '../../tools/serve.mjs';

/** Where screenshots go (gitignored). */
export const RESULTS_DIR = 'test-results';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Starts the server and the browser for one test file.
 * @param {{ root?: string }} [options]
 * @returns {Promise<{ url: string, browser: import('playwright-core').Browser, close: () => Promise<void> }>}
 */
export async function setUp({ root = 'www' } = {}) {
  const server = await startServer({ root });
  const browser = await launchChromium();
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
 * @param {{ url: string, browser: import('playwright-core').Browser }} env
 * @param {string} path
 * @param {{ viewport?: { width: number, height: number },
 *           colorScheme?: 'light' | 'dark', reducedMotion?: 'reduce' | 'no-preference',
 *           serviceWorkers?: 'allow' | 'block' }} [options]
 */
export async function openPage(env, path, { viewport = DESKTOP, colorScheme = 'light', reducedMotion = 'reduce', serviceWorkers = 'allow' } = {}) {
  const context = await env.browser.newContext({ viewport, colorScheme, reducedMotion, serviceWorkers });
  const problems = [];
  const target = new URL(path, env.url);
  const origin = target.protocol === 'file:' ? 'file://' : target.origin;

  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLocal(url, origin)) return route.continue();
    problems.push(`request to another origin: ${url}`);
    return route.abort('blockedbyclient');
  });
  await context.exposeBinding('__reportCspViolation', (_source, text) => {
    problems.push(`CSP violation: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      globalThis.__reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });

  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    if (isLocal(request.url(), origin)) problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });

  const response = await page.goto(target.href);
  if (target.protocol !== 'file:') assert.equal(response?.status(), 200, `loading ${path}`);

  return {
    page,
    problems,
    /** Saves a full-page screenshot as test-results/NAME.png. */
    async screenshot(name) {
      mkdirSync(RESULTS_DIR, { recursive: true });
      await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`), fullPage: true });
    },
    async finish() {
      // Let late messages (a rejected promise, a CSP report) arrive first.
      await page.waitForTimeout(50);
      await context.close();
      assert.deepEqual(problems, [], 'the page reported problems');
    },
  };
}

function isLocal(url, origin) {
  return url.startsWith(origin + '/') || url.startsWith('data:') || url.startsWith('blob:');
}
