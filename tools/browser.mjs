// @ts-check
// Debian's Chromium, headless, through playwright-core: shared by the browser
// tests and the benchmarks. Never a downloaded browser: `npx playwright install`
// cannot work on these machines.

import { chromium } from 'playwright-core';
import { startServer } from './serve.mjs';

/** Flags that keep Chromium quiet and local on a machine with no internet. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** How many times a browser that dies as it starts is started, in all. */
const LAUNCH_TRIES = 3;

/**
 * Starts a browser with `launch`, again if it dies before it is up: Debian's
 * Chromium now and then crashes as it starts on a loaded machine (a SIGSEGV
 * before its first page, seen once in a cold test run's budgets), which says
 * nothing of the pages under test. A browser that starts is never retried.
 * @template T
 * @param {() => Promise<T>} launch
 * @returns {Promise<T>}
 */
export async function startBrowser(launch) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch();
    } catch (err) {
      if (attempt >= LAUNCH_TRIES) throw err;
      console.warn(`Chromium did not start (${String(err).split('\n')[0]}); starting it again`);
    }
  }
}

/**
 * Starts headless Chromium ($CHROMIUM_PATH, or /usr/bin/chromium).
 * @param {string[]} [args]  flags on top of CHROMIUM_ARGS
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function launchChromium(args = []) {
  return startBrowser(() =>
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, ...args],
    }),
  );
}

/**
 * Serves www/, opens `page` (a benchmark page, with `?run`) in headless
 * Chromium and waits for it to publish its figures as JSON in
 * `<body data-KEY>`. Throws if the page logs an error or throws.
 * @param {string} page  e.g. 'bench.html?run'
 * @param {string} key   the dataset key, e.g. 'bench'
 * @param {number} timeout  ms
 * @param {{ throttle?: number }} [options]  `throttle`: slow the CPU down this
 *   many times, as DevTools does (`Emulation.setCPUThrottlingRate`), from
 *   before the page loads
 * @returns {Promise<Record<string, any>>} the figures, as the page wrote them
 */
export async function runBenchmarkPage(page, key, timeout, options = {}) {
  const server = await startServer({ root: 'www' });
  /** @type {import('playwright-core').Browser | undefined} */
  let browser;
  try {
    browser = await launchChromium();
    const tab = await browser.newPage();
    if (options.throttle && options.throttle > 1) {
      const cdp = await tab.context().newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.throttle });
    }
    const problems = [];
    tab.on('pageerror', (err) => problems.push(err.message));
    tab.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
    await tab.goto(new URL(page, server.url).href);
    const handle = await tab.waitForFunction((k) => document.body.dataset[k], key, { timeout, polling: 500 });
    const result = JSON.parse(await handle.jsonValue());
    if (problems.length) throw new Error(`the benchmark page failed: ${problems.join('; ')}`);
    return result;
  } finally {
    await browser?.close();
    await server.close();
  }
}
