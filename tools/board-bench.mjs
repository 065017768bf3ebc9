// @ts-check
// Times the peg board's reduced-motion path in headless Chromium: a jump of
// twelve holes, then the reset for a new game, with no animation at all.
// The board test checks what happens; this prints how long it takes, which
// depends on the machine (a loaded 2-core box is slower), so it is a figure,
// not a pass/fail.
//
//   node tools/board-bench.mjs [--runs N]   (after ./build.sh build)

import { launchChromium } from './browser.mjs';
import { startServer } from './serve.mjs';

const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Math.max(1, Number(process.argv[runsAt + 1]) || 1) : 50;

const server = await startServer({ root: 'www' });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  await page.goto(new URL('index.html', server.url).href);
  const times = await page.evaluate(async (n) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = 'css/board.css';
    document.head.append(link);
    await new Promise((resolve, reject) => {
      link.addEventListener('load', resolve);
      link.addEventListener('error', reject);
    });
    const { createBoard } = await import(/** @type {string} the page's path, which tsc cannot follow from here */ ('./js/board.js'));
    const main = document.querySelector('main');
    const out = [];
    for (let i = 0; i < n; i++) {
      const el = document.createElement('div');
      main.replaceChildren(el);
      const board = createBoard(el, { speed: 'normal' });
      await board.set({ sides: [{ front: 0 }, { front: 0 }] });
      const t0 = performance.now();
      await board.set({ sides: [{ front: 12 }, { front: 0 }] });
      await board.set({ sides: [{ front: 0 }, { front: 0 }] });
      out.push(performance.now() - t0);
      board.destroy();
    }
    return out;
  }, runs);
  if (problems.length) throw new Error(`the page reported: ${problems.join('; ')}`);
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(`    board, reduced motion (a jump and a reset), ${runs} runs: best ${at(0).toFixed(1)} ms, median ${at(0.5).toFixed(1)} ms, 95th percentile ${at(0.95).toFixed(1)} ms`);
  console.log('    (a frame or two, some 16-33 ms, is what a player would call instant)');
} finally {
  await browser.close();
  await server.close();
}
