// @ts-check
// Size budgets, measured on the deployable site as a first-time visitor
// loads it, as issue 23 sets them: what a player waits for is the game they
// opened, until it can be played. Headless Chromium with a fresh profile
// opens the app's folder; the server records every file it sent (a 304 sends
// none). Each sending counts at the file's gzip size (PNGs as they are),
// which is what a compressing static host sends. Prints every figure with its
// files and fails over budget.
//
//   node tools/budget.mjs [SITE_DIR]      default dist
//
// Budgets:
// - standard cribbage, until it can be played: every file the page requests
//   until a new game is dealt and the table waits for the player (the
//   table's `data-state` is `turn`, or `continue` where a game opens on
//   words the player reads first, as Noddy's announcements), with service workers blocked so the
//   worker's background precache cannot add to it or stand in for it:
//   125 KB gzip. The deal is seed 1, where the computer lays away first, so
//   the computer player's worker is on the path too (the worst case);
// - every other game of the family opened by its own link (`?game=noddy`,
//   …, `?game=reverse`), until it can be played, measured the same way:
//   170 KB gzip each;
// - everything precached: the whole first visit, until the service worker
//   has precached everything and the network is quiet: 350 KB gzip, a
//   ceiling rather than a target.
// Also shown, not budgeted: the embed demo (the element and the app, loaded
// into somebody else's page) and the single file.
//
// The budgets are not met yet: the README's "Budgets" says by how much and
// docs/SIZES.md what was tried (serde's readers at the wasm boundary and the
// win-probability model cost more than the 5 KB the issue planned). Until
// they are, each figure is printed against its budget, and the run fails only
// when a page grows past its ceiling (what it weighed when the ceiling was
// set, and a little): so nothing grows unseen while the work to meet the
// budgets goes on.
// `--budgets` fails on the budgets themselves (`./build.sh budget`).

import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { DEFAULT_GAME, GAMES as REGISTRY } from '../www/js/games.js';
import { CHROMIUM_ARGS, startBrowser } from './browser.mjs';
import { startServer } from './serve.mjs';

const KB = 1024;
/** The budgets: standard cribbage's page, any other game's, everything precached. */
export const BUDGETS = { cribbage: 125 * KB, embedded: 125 * KB, otherGame: 170 * KB, precached: 350 * KB };
/**
 * The ceilings no page may grow past while the budgets are not yet met (see
 * above): what each page weighed when its ceiling was last lowered, and
 * 1.5 KB more (last lowered on 2026-11-27, when wasm-opt was told the low
 * 1 KiB of memory is unused: standard cribbage 143.4 KB, embedded 147.3,
 * everything precached 335.0, Noddy 175.2, Costly Colours 171.4, the three
 * games laid out on the table 176.2). One per game of the family, so that
 * no page grows unseen under the heaviest one's; a game with none
 * (reverse cribbage, within its budget, or a game new to the registry) is
 * held to its budget. Lower them as the pages shrink. A ceiling is raised
 * only for growth measured and named here, never to let growth pass unseen:
 * once, on 2026-11-28, what is precached from 336.5 to 338.5 KB (337.0 and
 * 1.5 more), for that day's fixes, 1.6 KB in all, within its 350 KB budget:
 * the focus kept on the table when a control goes away, and the shortcuts on
 * the app's own page wherever the focus is (0.5 KB of js/app.js); broken
 * saves said in plain words, a save restored by its own record's module,
 * past games' results and notes (0.4 KB of js/lazy.js); the engine's
 * `savedGame`, the layout games' one form and the reviews' goals (0.4 KB of
 * the two modules); the rest in the faces and the stylesheets. Lowered the
 * same day to 337.3 KB (335.8 and 1.5 more) when the family module built
 * less once per game (docs/SIZES.md, "What the family module builds once per
 * game"); every other page's new figure and 1.5 more is above its ceiling,
 * which stays. Raised again on 2026-11-28 (branch nodata3) by the growth
 * that stop measured, when the page stopped making up game data: the
 * family module +1.5 KB gzip (127.2 to 128.7: each score as the board
 * shows it in every observation, pegging and end, Noddy's, Costly Colours'
 * and Table Top's results, the solitaires' end in every game's form), the
 * cribbage module +0.4, the page's modules about −0.2 net (the clamps and
 * made-up panels gone, the board's placeholder's tracks added): noddy and
 * costly-colours +1.5, the games laid out on the table +1.4, what is
 * precached +1.6; standard cribbage (144.7) and the embedded game (148.6)
 * stay within theirs.
 * Raised again the same day for a fourth player's pass
 * (main then weighed 336.4, this 337.5; 1.1 KB in all, within its 350 KB
 * budget): a link to one game opening it over another game's save, which
 * it sets aside and offers back, and the address following the game on the
 * table (0.5 KB of js/app.js, 0.4 of js/lazy.js); a muggins show drawn
 * again after a reload or an undo telling the calls on each claim (0.2 KB
 * of js/telling.js and js/show.js). Standard cribbage's page grew 0.6 KB
 * to 144.8. The two together, as merged (measured on main after both):
 * standard cribbage 145.2 KB (144.2 before either), embedded 149.1 (148.1),
 * what is precached 339.1 (336.4), the family's pages within the ceilings
 * above; so standard cribbage's and the embedded game's ceilings are raised
 * by the 1.0 KB each grew (to 145.9 and 149.8), what is precached by the
 * 2.7 KB it grew (337.3 to 340.0).
 * Raised again the same day for a site owner's pass over the embed (branch
 * embed2, measured against its base, d69c20d): js/app.js +0.15 KB gzip (the
 * computer players' worker started through a Trusted Types policy, so a
 * site that enforces them runs it; a saved set-up's level checked before a
 * game is restored, where an unknown one left the computer players stuck;
 * the focus on the body left to a page that embeds or frames the app),
 * cribbage-game.js +0.14 (two games on a page under one storage key said
 * in the element's note): every page +0.2 (standard cribbage 145.8 to
 * 146.0, Noddy 178.0 to 178.2, Costly Colours 174.2 to 174.4, the games laid
 * out on the table 178.9 to 179.1), what is precached +0.3 (339.8 to
 * 340.1), the embedded game +0.4 (149.7 to 150.1); each ceiling raised by
 * its page's growth.
 * Set again the same day on main with all of that stop's branches merged
 * (fefa678 and embed2), each page's figure there and 0.3 KB, so that a
 * figure on its ceiling does not fail by its rounding: standard cribbage
 * 146.2 (145.2 at the stop before), the embedded game 150.3 (149.1), Noddy
 * 178.4 (177.8), Costly Colours 174.6 (174.1), the games laid out on the
 * table 179.3 (178.7), what is precached 340.3 (339.1). Beside the embed's
 * growth above: the cribbage module +0.5 KB gzip and the family module
 * +0.1 (the engine naming what the page had guessed: a match's games to
 * win, the review's side, opponents and crib's owner, each chance point's
 * pone, Table Top's low side and centre cell, each solitaire count's
 * shown; and a review's muggins claim opening on the hand counted);
 * js/app.js +0.45 with the embed's (a panel's table inert while it covers
 * it, a show told again after a reload headed by its hand and told once,
 * the saved game read once); js/lazy.js +0.2 and the faces −0.1 each.
 * Set again at the next stop (2026-11-28, main 7f29c63 with branches
 * embed3 and qa6 merged), each page's figure and 0.3 KB: standard
 * cribbage 146.6 (146.2), the embedded game 150.7 (150.3), Noddy 178.6
 * (178.4), Costly Colours 174.9 (174.6), the games laid out on the table
 * 179.6 (179.3), what is precached 340.9 (340.3). The growth: js/app.js
 * +0.2 KB gzip (a notice inside an embedded game rather than a modal that
 * made the host's page inert; the speech bubbles rebuilt after a reload or
 * an undo; a deal's number read from its event; a wrong muggins call told
 * as wrong until the claim stands; a best-of-three's games won pegged as
 * the game ends), the cribbage module +0.1 (a reverse result's by_fewest,
 * which the end's words read where they counted the scores),
 * cribbage-game.js +0.1 (an unnamed game's storage number kept, each
 * attribute problem warned once, newGame refusing a non-object), and the
 * coach's and review's words in js/lazy.js's chunks (precached only).
 * Raised the same day for branch qa7 (measured against its base, main
 * 8edc929, each file gzip -9 in dist/): js/app.js +0.15 KB (a skunk in a
 * match saying what it counts, in the standing and the log; the display
 * keeping a game's result as it ends; a restored set-up's level filled in
 * on a copy; the speech bubbles after a reload made from the log's
 * telling; the deal event read from the registry), cribbage-game.js +0.07
 * (the probe for a height the page gives the element), css/embed.css
 * +0.07 (the element given a height is a box that scrolls, and the
 * container the layout games' grids fit), js/cribbage-face.js +0.03,
 * css/layout.css +0.01: the embedded game 150.7 to 151.0 and what is
 * precached 341.1 to 341.3, each ceiling raised by its page's growth
 * (151.3, 341.4); standard cribbage's 146.6 to 146.8 and the family's
 * pages (+0.1 to +0.2) stay within theirs.
 * Raised the same day for branch qa8 (each file gzip -9 in dist/, against
 * main's dist/ of that afternoon): js/app.js +0.13 KB (the focus the table
 * hands on brought into a window shorter than the table, dom.js's
 * focusSeen and its four callers in table.js and table-later.js), the
 * family module +0.13 (Noddy's and Costly Colours' hand ends carrying both
 * scores; Cribbage Solitaire keeping its two pegs), js/three-card.js -0.02
 * and js/layout.js -0.02: standard cribbage and the embedded game +0.13,
 * the family's pages +0.24, what is precached +0.22; each ceiling raised by
 * its page's growth, rounded up to the next 0.1 KB.
 * Raised the same day for branch qa10 (each file gzip -9 in dist/, against
 * main's dist/ of that evening): js/app.js +0.07 KB (the header's row, which
 * folds in a short window too; the coach's words between decisions; the
 * telling laid again on a layout game's table after a reload), css/app.css
 * +0.06 (the compact header written once under a style query, its two
 * triggers, the open menu's height), css/layout.css +0.13 (Table Top on a
 * phone: the other seats' plates only, the rows closed up, the total beside
 * its words, so the pinned prompt covers neither your seat nor the total),
 * js/layout.js +0.13 (the table as it stood at a reload in a count, the rear
 * peg where the engine has it): standard cribbage, the embedded game, Noddy
 * and Costly Colours +0.13, the three layout games and what is precached
 * +0.39; each ceiling raised by its page's growth, rounded up to the next
 * 0.1 KB.
 * Raised the same night for branch qa12 (js/app.js gzip -9 in dist/, against
 * main's dist/ of 87f1a1a): js/app.js +0.09 KB (a reload in the middle of a
 * telling lays it as it was told live: your lay-away or card passed leaves
 * your hand at once, and the bubbles are judged by the game as it stood):
 * every page that loads it +0.09; what is precached 342.01 to 342.10, over
 * its ceiling by 4 bytes, raised to 342.2; every other page within its own.
 * Raised late that night for branch qa13, what is precached only (342.0 to
 * 342.2 KB in its test run; no page's path to play grew): the lazy modules
 * of the chances and the review, css/dialogs.css (the chart's axis in a
 * gutter of its own, readable on a phone, and its forced colours),
 * js/chances.js (a crib told in its hand; one measure of a decision that
 * could have been better; the meter said once a point), js/chart.js,
 * js/past-games.js and js/commands.js (past games keep to Settings' Off).
 * The two branches together: what is precached 342.28 KB, within 342.3.
 */
export const CEILINGS = {
  cribbage: 147.3 * KB,
  embedded: 151.7 * KB,
  precached: 342.3 * KB,
  noddy: 179.4 * KB,
  'costly-colours': 175.7 * KB,
  'square-solitaire': 180.6 * KB,
  solitaire: 180.6 * KB,
  'table-top': 180.6 * KB,
};
/** Every game of the registry by its link, standard cribbage (the default) first: the figures are one per game. */
const GAMES = [DEFAULT_GAME, ...REGISTRY.map((game) => game.id).filter((id) => id !== DEFAULT_GAME)];
const COMPRESSED_TYPES = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.wasm', '.svg', '.txt']);

const strict = process.argv.includes('--budgets');
const site = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'dist';
/**
 * What a page may weigh before the run fails: its budget with `--budgets`,
 * else its ceiling (its budget where it has none).
 * @param {string} key  the page's ceiling: cribbage, embedded, precached or another game's id
 * @param {string} budget  its budget's key in BUDGETS
 */
const ceiling = (key, budget) => CEILINGS[key] ?? BUDGETS[budget];
const limit = (key, budget) => (strict ? BUDGETS[budget] : ceiling(key, budget));
const kb = (n) => `${(n / KB).toFixed(1)} KB`;

/** The bytes a compressing host sends for one file. */
function sentSize(file) {
  const bytes = readFileSync(file);
  return COMPRESSED_TYPES.has(extname(file)) ? gzipSync(bytes, { level: 9 }).length : bytes.length;
}

/**
 * Opens `path` with a fresh profile (a real one: Chromium fetches an install
 * icon only where it could install) and returns the site paths served meanwhile.
 * @param {string} path
 * @param {(page: import('playwright-core').Page) => Promise<unknown>} settle  waits until the page is done
 * @param {{ serviceWorkers?: 'allow' | 'block', quiet?: boolean }} [options]
 *   `quiet`: then waits for a quiet second (the browser's own late fetches:
 *   the manifest, an icon); without it the count stops as `settle` returns.
 */
async function firstVisit(path, settle, { serviceWorkers = 'allow', quiet = true } = {}) {
  const served = new Map();
  let last = Date.now();
  let counting = true;
  const server = await startServer({
    root: site,
    onRequest: ({ path: p, status }) => {
      last = Date.now();
      if (counting && status === 200) served.set(p, (served.get(p) ?? 0) + 1);
    },
  });
  const profile = mkdtempSync(join(tmpdir(), 'cribbage-budget-'));
  // The profile and the server are given back however this ends, a Chromium that never started included.
  /** @type {import('playwright-core').BrowserContext | undefined} */
  let context;
  try {
    context = await startBrowser(() =>
      chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
        serviceWorkers,
      }),
    );
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(new URL(path, server.url).href);
    await settle(page);
    if (quiet) while (Date.now() - last < 1000) await page.waitForTimeout(200);
    counting = false;
  } finally {
    await context?.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return served;
}

function report(title, served) {
  console.log(`    ${title}`);
  let total = 0;
  const rows = [...served.keys()].sort().map((p) => {
    const file = join(site, p.endsWith('/') ? `${p}index.html` : p);
    const raw = statSync(file).size;
    const sent = sentSize(file);
    total += sent * served.get(p);
    const again = served.get(p) > 1 ? `  × ${served.get(p)}` : '';
    return `      ${p.padEnd(34)} ${kb(raw).padStart(9)} ${kb(sent).padStart(9)} gzip${again}`;
  });
  console.log(rows.join('\n'));
  console.log(`      ${'total'.padEnd(34)} ${''.padStart(9)} ${kb(total).padStart(9)} gzip`);
  return total;
}

if (!existsSync(join(site, 'precache.js'))) {
  console.error(`budget: ${site}/ is not a built site (no precache.js): run ./build.sh dist`);
  process.exit(1);
}

/**
 * Waits until the table waits for the player: their turn, or (Noddy's
 * announcements, counted before the play) their *Continue*.
 */
const playable = (page) =>
  page.waitForFunction(() => ['turn', 'continue'].includes(document.querySelector('.tbl')?.dataset.state), null, { timeout: 60_000 });

// One figure per game: opened by its link, until it can be played, the worker blocked.
const pages = [];
for (const game of GAMES) {
  const path = game === DEFAULT_GAME ? './?seed=1' : `./?game=${game}&seed=1`;
  pages.push({ game, path, served: await firstVisit(path, playable, { serviceWorkers: 'block', quiet: false }) });
}

// The whole first visit: every game of the family precached.
const app = await firstVisit('./', async (page) => {
  await page.locator('.app-version', { hasText: 'Engine' }).waitFor({ timeout: 20_000 });
  // Polled from here: waitForFunction takes the promise an async check
  // returns for a truthy answer and would not wait at all.
  const activated = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated' && Boolean(navigator.serviceWorker.controller));
  for (let waited = 0; !(await activated()); waited += 200) {
    if (waited > 30_000) throw new Error('budget: the service worker never took control of the page');
    await page.waitForTimeout(200);
  }
});
const embed = await firstVisit('demo/', async (page) => {
  await page.waitForFunction(() => [...document.querySelectorAll('#log li')].filter((li) => li.textContent.endsWith(': ready')).length >= 3, null, { timeout: 30_000 });
});
// Standard cribbage embedded on a page of its own (the element, compact), until it can be played.
const embedded = await firstVisit(
  'demo/compact.html',
  (page) => page.waitForFunction(() => ['turn', 'continue'].includes(document.querySelector('cribbage-game')?.shadowRoot?.querySelector('.tbl')?.dataset.state), null, { timeout: 60_000 }),
  { serviceWorkers: 'block', quiet: false },
);

const failures = [];

// Where Chromium could install the app it fetches an install icon from the
// manifest (it did above); should it not, count the largest anyway.
const manifest = JSON.parse(readFileSync(join(site, 'manifest.webmanifest'), 'utf8'));
const icons = manifest.icons.map((icon) => `/${icon.src}`);
if (!icons.some((icon) => app.has(icon))) {
  const largest = icons.sort((a, b) => statSync(join(site, b)).size - statSync(join(site, a)).size)[0];
  app.set(largest, 1);
}
const within = (total, budget) =>
  total <= budget ? `      budget ${kb(budget)}: within (${kb(budget - total)} to spare)` : `      budget ${kb(budget)}: OVER by ${kb(total - budget)}`;
/**
 * Checks `total` against its budget (`budget`, a key of BUDGETS) and its
 * limit (`key`'s ceiling); says both, and notes a failure.
 */
const judge = (key, total, what, budget = key) => {
  console.log(within(total, BUDGETS[budget]));
  if (!strict && ceiling(key, budget) !== BUDGETS[budget]) console.log(`      ceiling ${kb(ceiling(key, budget))}: ${total <= ceiling(key, budget) ? 'within' : 'OVER'}`);
  if (total > limit(key, budget)) failures.push(`${what} is ${kb(total)} gzip, over its ${strict ? 'budget' : 'ceiling'} of ${kb(limit(key, budget))}`);
};
const figures = [];
for (const { game, path, served } of pages) {
  const total = report(`${game} opened by its link (${path}), until it can be played (service workers blocked):`, served);
  if (game === DEFAULT_GAME) judge('cribbage', total, `${game} opened by its link, until playable,`);
  else judge(game, total, `${game} opened by its link, until playable,`, 'otherGame');
  figures.push(`${game} ${kb(total)}`);
}
const total = report('Everything precached (the whole first visit, until the service worker has precached it all):', app);
judge('precached', total, 'the whole first visit');
console.log(`    until playable, gzip: ${figures.join(', ')} (budgets ${kb(BUDGETS.cribbage)} for cribbage, ${kb(BUDGETS.otherGame)} for each other game); everything precached ${kb(total)} (budget ${kb(BUDGETS.precached)})`);

const demoOwn = new Set(['/demo/', '/demo/index.html', '/demo/compact.html', '/demo/demo.css', '/demo/demo.js']);
for (const p of demoOwn) {
  embed.delete(p);
  embedded.delete(p);
}
report('The demo’s three embedded games (demo/, the host page’s own files left out; not budgeted):', embed);
const embeddedTotal = report('Standard cribbage embedded, until it can be played (demo/compact.html, the host page’s own files left out; service workers blocked):', embedded);
judge('embedded', embeddedTotal, 'standard cribbage embedded, until playable,');

const single = join(site, 'cribbage.html');
if (existsSync(single)) {
  console.log(`    single file (cribbage.html): ${kb(statSync(single).size)}, ${kb(sentSize(single))} gzip (not budgeted)`);
}

if (failures.length) {
  for (const f of failures) console.error(`budget: ${f}`);
  process.exit(1);
}
