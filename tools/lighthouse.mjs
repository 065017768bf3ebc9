// @ts-check
// Lighthouse (npm, mobile: its default emulation and simulated slow 4G) on
// the deployable site, served with gzip as a static host would, in Debian's
// Chromium. Prints the four scores and whatever fell short, saves the full
// report as test-results/lighthouse.json, and fails if accessibility or best
// practices score below 100 (performance and SEO are reported; SEO below 100
// is flagged too).
//
//   node tools/lighthouse.mjs [SITE_DIR] [PAGE]      default dist, index.html

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from './browser.mjs';
import { startServer } from './serve.mjs';

const [site = 'dist', page = 'index.html'] = process.argv.slice(2);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const REQUIRED = ['accessibility', 'best-practices'];

const server = await startServer({ root: site, gzip: true });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROMIUM_ARGS,
  logLevel: 'silent',
});
let result;
try {
  result = await lighthouse(new URL(page, server.url).href, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
} finally {
  chrome.kill();
  await server.close();
}

const { lhr } = result;
mkdirSync('test-results', { recursive: true });
writeFileSync(join('test-results', 'lighthouse.json'), result.report);

if (lhr.runtimeError) {
  console.error(`lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  process.exit(1);
}
const failures = [];
console.log(`    Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${site}/${page}`);
for (const id of CATEGORIES) {
  const category = lhr.categories[id];
  const score = Math.round(category.score * 100);
  console.log(`      ${category.title.padEnd(16)} ${String(score).padStart(3)}${REQUIRED.includes(id) ? '  (must be 100)' : ''}`);
  if (score < 100) {
    // What cost points: scored audits in this category below full marks.
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        console.log(`        ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
    }
    if (REQUIRED.includes(id)) failures.push(`${category.title} scored ${score}, below 100`);
  }
}
for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
  console.log(`      ${lhr.audits[id].title.padEnd(26)} ${lhr.audits[id].displayValue}`);
}
if (failures.length) {
  for (const f of failures) console.error(`lighthouse: ${f}`);
  process.exit(1);
}
