// Debian's Chromium, headless, through playwright-core: shared by the browser
// tests and the benchmark. Never a downloaded browser: `npx playwright install`
// cannot work on these machines.

import { chromium } from 'playwright-core';

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
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}
