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

/**
 * Starts headless Chromium ($CHROMIUM_PATH, or /usr/bin/chromium).
 * @param {string[]} [args]  flags on top of CHROMIUM_ARGS
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function launchChromium(args = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...args],
  });
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
  const browser = await launchChromium();
  try {
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
    await browser.close();
    await server.close();
  }
}
