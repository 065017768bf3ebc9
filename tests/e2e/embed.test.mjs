// @ts-check
// <cribbage-game> on somebody else's page: the demo host page (www/demo/),
// whose styles and globals clash with the game's on purpose, served from a
// sub-path of a dist build. Three games play independently, nothing leaks
// either way, themes are forced per element, and two of them are themed
// through the element's custom properties and parts (each theme audited by
// axe). Then the element's side of the contract with js/app.js, against a
// stub app: the options it passes, the events it forwards, when it deals
// afresh, when it mounts again and when it tears down.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildDist } from '../../tools/dist.mjs';
import { CSP } from '../../tools/serve.mjs';
import { GAMES } from '../../www/js/games.js';
import { DESKTOP, PHONE, openPage, setUp } from './harness.mjs';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SUBPATH = 'games/cribbage/';

let env;
let root;
before(async () => {
  root = mkdtempSync(join(tmpdir(), 'cribbage-embed-'));
  await buildDist({ from: 'www', to: join(root, SUBPATH), singleFile: false });
  // The same site with a stub in place of the app, for the contract test.
  const stub = join(root, 'stub');
  await buildDist({ from: 'www', to: stub, singleFile: false });
  // The stub reads attributes with the app's own readers (its `embedding`), from the real module beside it.
  renameSync(join(stub, 'js', 'app.js'), join(stub, 'js', 'real-app.js'));
  writeFileSync(join(stub, 'js', 'app.js'), STUB_APP);
  writeFileSync(join(stub, 'contract.html'), CONTRACT_PAGE);
  writeFileSync(join(root, SUBPATH, 'unknown-game.html'), CONTRACT_PAGE.replace(/<cribbage-game[^]*<\/cribbage-game>/, '<cribbage-game game="bezique" seed="5"></cribbage-game>'));
  // The family's three-card games, each in an element of its own.
  writeFileSync(
    join(root, SUBPATH, 'family.html'),
    CONTRACT_PAGE.replace(
      /<cribbage-game[^]*<\/cribbage-game>/,
      '<cribbage-game id="noddy" game="noddy" seed="5"></cribbage-game><cribbage-game id="costly" game="costly-colours" seed="6"></cribbage-game>',
    ),
  );
  // The layout games, each in an element of its own.
  writeFileSync(
    join(root, SUBPATH, 'layout.html'),
    CONTRACT_PAGE.replace(
      /<cribbage-game[^]*<\/cribbage-game>/,
      '<cribbage-game id="square" game="square-solitaire" seed="5"></cribbage-game><cribbage-game id="sol" game="solitaire" seed="6"></cribbage-game><cribbage-game id="tt" game="table-top" players="4" level="easy" seed="7"></cribbage-game>',
    ),
  );
  // A compact game in a phone-sized box, whose host listens for its size.
  writeFileSync(
    join(root, SUBPATH, 'compact.html'),
    CONTRACT_PAGE.replace(
      /<cribbage-game[^]*<\/cribbage-game>/,
      '<cribbage-game layout="compact" players="4" seed="46"></cribbage-game>',
    ),
  );
  // The game's own page in an iframe, as EMBEDDING.md's site builders embed it.
  writeFileSync(
    join(root, 'iframe.html'),
    CONTRACT_PAGE.replace(/<script[^>]*><\/script>/, '').replace(
      /<cribbage-game[^]*<\/cribbage-game>/,
      `<iframe src="${SUBPATH}index.html?game=noddy&amp;layout=compact" title="Noddy, a game of the cribbage family" width="360" height="640"></iframe>`,
    ),
  );
  // A site that enforces Trusted Types, and lists the element's policy as docs/EMBEDDING.md says.
  writeFileSync(
    join(root, SUBPATH, 'trusted-types.html'),
    CONTRACT_PAGE.replace(
      '<title>',
      `<meta http-equiv="Content-Security-Policy" content="require-trusted-types-for 'script'; trusted-types cribbage-game">\n  <title>`,
    ).replace(/<cribbage-game[^]*<\/cribbage-game>/, '<cribbage-game id="typed" seed="1"></cribbage-game>'),
  );
  writeFileSync(join(stub, 'contract-fail.html'), CONTRACT_PAGE.replace(/<cribbage-game[^]*<\/cribbage-game>/, '<cribbage-game storage-key="fail"></cribbage-game>'));
  env = await setUp({ root });
});
after(async () => {
  await env?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Opens the demo and waits for both games. */
async function openDemo(options) {
  const opened = await openPage(env, `${SUBPATH}demo/`, options);
  await opened.page.waitForFunction(() => [...document.querySelectorAll('#log li')].filter((li) => li.textContent.endsWith(': ready')).length === 3);
  return opened;
}

/** Lays away the first cards of `game`'s hand, through its own table. */
async function layAway(game) {
  const label = await game.getByTestId('action-layaway').textContent();
  const need = Number(/\/(\d)/.exec(label)[1]);
  for (let i = 0; i < need; i++) await game.locator('.tbl-hand .hand-card').nth(i).click();
  await game.getByTestId('action-layaway').click();
}

/** The cards in `game`'s hand, as text. */
const handOf = (game) => game.locator('.tbl-hand .hand-card').evaluateAll((cards) => cards.map((c) => c.dataset.card));

/** Waits until `game`'s table waits for the player. */
const settledIn = (page, id) =>
  page.waitForFunction((id) => {
    const state = document.getElementById(id).shadowRoot.querySelector('.tbl')?.dataset.state;
    return state && state !== 'busy';
  }, id);

describe('<cribbage-game> on a host page', () => {
  it('plays two independent games from a sub-path, and nothing crosses between page and games', async () => {
    const { page, finish, screenshot } = await openDemo({ viewport: DESKTOP });
    assert.deepEqual(
      await page.locator('#log li').allTextContents().then((items) => items.filter((item) => item.endsWith(': ready')).sort()),
      ['first: ready', 'second: ready', 'third: ready'],
    );
    const first = page.locator('#first');
    const second = page.locator('#second');
    await settledIn(page, 'first');
    await settledIn(page, 'second');
    const secondHand = await handOf(second);
    assert.equal(secondHand.length, 6);
    assert.notDeepEqual(await handOf(first), secondHand, 'two seeds, two deals');
    await layAway(first);
    await page.waitForFunction(() => document.getElementById('first').shadowRoot.querySelectorAll('.tbl-hand .hand-card').length <= 4);
    assert.deepEqual(await handOf(second), secondHand, 'the second game is untouched by the first');
    await layAway(second);
    await settledIn(page, 'second');
    assert.ok((await handOf(second)).length <= 4);
    // The game attribute: the second is reverse cribbage, the first the default.
    const tagline = (id) => page.evaluate((id) => document.getElementById(id).shadowRoot.querySelector('[data-testid="game-tagline"]').textContent, id);
    assert.equal(await tagline('first'), 'Cribbage: the first to 121 wins');
    assert.equal(await tagline('second'), 'Reverse cribbage: the first to 61 loses');

    const styles = await page.evaluate(() => {
      const game = document.getElementById('first');
      const inside = game.shadowRoot;
      const top = getComputedStyle(inside.querySelector('.app-view'));
      const button = getComputedStyle(inside.querySelector('.button'));
      const card = getComputedStyle(inside.querySelector('.hand-card svg'));
      const hostButton = getComputedStyle(document.getElementById('host-button'));
      return {
        font: top.fontFamily.split(',')[0],
        letterSpacing: top.letterSpacing,
        textTransform: top.textTransform,
        lineHeight: top.lineHeight,
        cardsShown: card.display !== 'none',
        gameButton: [button.borderStyle, button.borderRadius],
        hostButton: [hostButton.borderStyle, hostButton.borderRadius],
        pageSheets: [...document.styleSheets].map((sheet) => new URL(sheet.href).pathname),
        adopted: document.adoptedStyleSheets.length,
      };
    });
    assert.deepEqual(styles, {
      font: 'system-ui',
      letterSpacing: 'normal',
      textTransform: 'none',
      lineHeight: '24px',
      cardsShown: true,
      gameButton: ['solid', '999px'],
      hostButton: ['dashed', '0px'],
      pageSheets: [`/${SUBPATH}demo/demo.css`],
      adopted: 0,
    });
    await screenshot('embed-demo-desktop');
    await finish();
  });

  it('takes no focus the visitor did not give it: the host page keeps its keys', async () => {
    // Each game took the page's focus at its first turn (or Noddy's first
    // Continue): the host's keys went to a game the visitor had not touched,
    // and each game took the focus from the one before.
    const { page, finish } = await openDemo({ viewport: DESKTOP });
    for (const id of ['first', 'second', 'third']) await settledIn(page, id);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'BODY');
    // Given it, a game keeps it as it plays (the card clicked is gone).
    await layAway(page.locator('#first'));
    await settledIn(page, 'first');
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'first');
    await finish();
  });

  it("in an iframe, the game's own page takes no focus from the page that frames it", async () => {
    // Focus taken inside the frame at Noddy's first Continue took the frame,
    // and with it the host page's keys.
    const { page, finish } = await openPage(env, 'iframe.html', { serviceWorkers: 'block' });
    const frame = page.frameLocator('iframe');
    await frame.locator('.tbl[data-state="turn"], .tbl[data-state="continue"]').waitFor({ timeout: 20_000 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'BODY');
    await finish();
  });

  it('adds no globals but the element, and every URL it loads sits beside the module', async () => {
    const context = await env.browser.newContext();
    await context.addInitScript(() => {
      window.namesBefore = Object.getOwnPropertyNames(window);
    });
    const page = await context.newPage();
    const requests = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${env.url}${SUBPATH}demo/`);
    await page.waitForFunction(() => [...document.querySelectorAll('#log li')].filter((li) => li.textContent.endsWith(': ready')).length === 3);
    const added = await page.evaluate(() => Object.getOwnPropertyNames(window).filter((name) => !window.namesBefore.includes(name)));
    // The host page's own (demo.js) and the test's own.
    assert.deepEqual(added.filter((name) => !['h', 'mountApp', 'wasm', 'init', 'namesBefore'].includes(name)), []);
    assert.equal(await page.evaluate(() => customElements.get('cribbage-game')?.name), 'CribbageGameElement');
    const outside = requests.filter((path) => !path.startsWith(`/${SUBPATH}`));
    assert.deepEqual(outside, [], 'everything loads from the site folder');
    await context.close();
  });

  it('forces its theme per element, and changes it live without restarting', async () => {
    const { page, finish, screenshot } = await openDemo({ viewport: PHONE, colorScheme: 'dark' });
    const background = (id) => page.evaluate((id) => getComputedStyle(document.getElementById(id).shadowRoot.querySelector('.cribbage')).backgroundColor, id);
    const paper = (id) =>
      page.evaluate((id) => getComputedStyle(document.getElementById(id).shadowRoot.querySelector('.paper')).backgroundColor, id);
    // The visitor prefers dark; the first game says light, the second dark.
    assert.equal(await background('first'), 'rgb(233, 236, 229)');
    assert.equal(await background('second'), 'rgb(15, 22, 19)');
    const light = await paper('first');
    const dark = await paper('second');
    assert.notEqual(light, dark);

    const first = page.locator('#first');
    await settledIn(page, 'first');
    await layAway(first);
    await settledIn(page, 'first');
    const hand = await handOf(first);
    await page.evaluate(() => document.getElementById('first').setAttribute('theme', 'dark'));
    assert.equal(await background('first'), 'rgb(15, 22, 19)');
    assert.equal(await paper('first'), dark);
    assert.deepEqual(await handOf(first), hand, 'the game went on');
    await page.evaluate(() => document.getElementById('first').setAttribute('theme', 'light'));
    assert.equal(await paper('first'), light);
    await page.evaluate(() => document.getElementById('first').setAttribute('theme', 'auto'));
    assert.equal(await background('first'), 'rgb(15, 22, 19)', 'auto follows the visitor');
    assert.equal(await paper('first'), dark, 'auto follows the visitor inside too');
    await screenshot('embed-demo-phone-dark');
    await finish();
  });

  it('passes an accessibility audit in each theme shown: the default, Midnight (dark) and Harbour (axe, WCAG 2.2 AA, contrast included)', async () => {
    const { page, problems, finish } = await openDemo({ viewport: DESKTOP });
    const reported = problems.length;
    for (const id of ['first', 'second', 'third']) await settledIn(page, id);
    await page.evaluate(AXE_SOURCE);
    const violations = {};
    for (const id of ['first', 'second', 'third']) {
      violations[id] = await page.evaluate((id) =>
        window.axe
          .run(
            { include: [[`#${id}`]] },
            {
              runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
              rules: { 'label-content-name-mismatch': { enabled: false } },
            },
          )
          .then((result) => ({
            contrastChecked: [...result.passes, ...result.violations, ...result.incomplete].some((rule) => rule.id === 'color-contrast'),
            violations: result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`),
          })),
      id);
    }
    assert.deepEqual(violations, {
      first: { contrastChecked: true, violations: [] },
      second: { contrastChecked: true, violations: [] },
      third: { contrastChecked: true, violations: [] },
    });
    // axe adds a <style> of its own inside each shadow root, which the page's CSP
    // rightly refuses: those reports are the audit's, not the game's.
    const axeOwn = problems.splice(reported).filter((p) => !/style-src|Applying inline style/.test(p));
    assert.deepEqual(axeOwn, []);
    await finish();
  });

  it('adds no main landmark to the host page: its <main> stays the one, with three games on it', async () => {
    const { page, problems, finish } = await openDemo({ viewport: DESKTOP });
    const reported = problems.length;
    for (const id of ['first', 'second', 'third']) await settledIn(page, id);
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(() =>
      window.axe
        .run(document, { runOnly: { type: 'rule', values: ['landmark-no-duplicate-main', 'landmark-main-is-top-level', 'landmark-one-main'] } })
        .then((result) => result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)),
    );
    assert.deepEqual(violations, [], 'each game’s views were a <main> of their own: four on the page');
    // axe's own <style> in each shadow root, refused by the page's CSP (as above).
    problems.splice(reported, problems.length - reported, ...problems.slice(reported).filter((p) => !/style-src|Applying inline style/.test(p)));
    await finish();
  });

  it('takes the host page’s theme through its custom properties and ::part() names, and nothing else', async () => {
    const { page, finish, screenshot } = await openDemo({ viewport: DESKTOP });
    for (const id of ['first', 'second', 'third']) await settledIn(page, id);
    const look = (id) =>
      page.evaluate((id) => {
        const inside = document.getElementById(id).shadowRoot;
        const style = (selector) => getComputedStyle(inside.querySelector(selector));
        const peg = inside.querySelector('.board-track[data-side="0"] .board-peg-body, .board-peg-body');
        return {
          felt: style('.cribbage').getPropertyValue('--felt').trim(),
          feltDeep: style('.cribbage').getPropertyValue('--felt-deep').trim(),
          cardBack: style('.cribbage').getPropertyValue('--card-back').trim(),
          wood: style('.board').getPropertyValue('--board-wood').trim(),
          peg: style('.board').getPropertyValue('--board-peg-0').trim(),
          pegDrawn: peg ? getComputedStyle(peg).fill : null,
          font: style('.app-view').fontFamily.split(',')[0],
          accent: style('.cribbage').getPropertyValue('--accent').trim(),
          buttonRadius: style('.button').borderTopLeftRadius,
          tableRadius: style('[part~="table"]').borderTopLeftRadius,
          coachBorder: style('[part~="coach"]').borderTopColor,
          parts: ['table', 'board', 'log', 'coach', 'button'].filter((part) => inside.querySelector(`[part~="${part}"]`)),
        };
      }, id);
    const [first, second, third] = [await look('first'), await look('second'), await look('third')];
    // The default: the app's own colours, whatever the page's --felt and --font say.
    assert.equal(first.felt, '#2c5a46');
    assert.equal(first.feltDeep, '#234a39');
    assert.equal(first.font, 'system-ui');
    assert.deepEqual(first.parts, ['table', 'board', 'log', 'coach', 'button']);
    // Harbour: every documented property, and its shades mixed from it.
    assert.equal(third.felt, '#1d4e6e');
    assert.match(third.feltDeep, /^color-mix\(in srgb, #1d4e6e 80%, #000\)$|^rgb|^color\(/);
    assert.equal(third.cardBack, '#24506b');
    assert.equal(third.wood, '#d9c49a');
    assert.equal(third.peg, '#005a9c');
    assert.equal(third.pegDrawn, 'rgb(0, 90, 156)');
    assert.equal(third.font, 'Georgia');
    assert.equal(third.accent, '#1d4e6e');
    assert.equal(third.buttonRadius, '6px', '::part(button)');
    assert.equal(third.tableRadius, '4px', '::part(table)');
    assert.notEqual(first.buttonRadius, '6px');
    // Midnight, dark.
    assert.equal(second.felt, '#2b2540');
    assert.equal(second.accent, '#c4b5fd');
    assert.equal(second.coachBorder, 'rgb(75, 58, 120)', '::part(coach)');
    await screenshot('embed-demo-themes');
    await finish();
  });
});

describe('Content-Security-Policy', () => {
  it('is strict, and the same in the app, the demo and the server', () => {
    const directives = Object.fromEntries(CSP.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    assert.equal(directives['default-src'], "'self'");
    assert.equal(directives['script-src'], "'self' 'wasm-unsafe-eval'");
    assert.equal(directives['connect-src'], "'self'");
    assert.doesNotMatch(CSP, /'unsafe-inline'|'unsafe-eval'|frame-ancestors|\*/, 'framing is left to the embedding site');
    // The header docs/EMBEDDING.md gives a strict-CSP site to copy is this one, word for word.
    assert.ok(readFileSync('docs/EMBEDDING.md', 'utf8').includes(`Content-Security-Policy: ${CSP}\n`), 'docs/EMBEDDING.md gives the same header');
    for (const file of ['index.html', 'demo/index.html', 'demo/compact.html']) {
      const html = readFileSync(join('www', file), 'utf8');
      assert.equal(html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1], CSP, file);
      assert.doesNotMatch(html, /\sstyle=|<style|<script(?![^>]*src=)/, `no inline styles or scripts in ${file}`);
    }
  });
});

describe('a site that enforces Trusted Types', () => {
  it("starts the computer players' worker through the element's own policy, and nothing is refused", async () => {
    // A plain URL for the worker was refused there (a violation in the
    // console), and the computer players thought on the page's thread.
    const { page, finish } = await openPage(env, `${SUBPATH}trusted-types.html`);
    await page.evaluate(() => /** @type {any} */ (document.getElementById('typed')).ready);
    await settledIn(page, 'typed');
    assert.deepEqual(
      page.workers().map((worker) => new URL(worker.url()).pathname),
      [`/${SUBPATH}js/ai-worker.js`],
    );
    assert.ok(readFileSync('docs/EMBEDDING.md', 'utf8').includes('trusted-types cribbage-game'), 'docs/EMBEDDING.md names the policy');
    await finish();
  });
});

describe('the demo pages name their icon', () => {
  it('so the browser never asks for a missing /favicon.ico, a 404 in the console', () => {
    for (const file of ['demo/index.html', 'demo/compact.html']) {
      const html = readFileSync(join('www', file), 'utf8');
      const href = html.match(/<link rel="icon" href="([^"]+)"/)?.[1];
      assert.ok(href, `${file} names its icon`);
      // Any icon will do that costs the budgeted embed no request (the demo stands for somebody's site).
      assert.match(href, /^data:/, `${file}'s icon is inline, not a file the embedded page would fetch`);
    }
  });
});

describe('<cribbage-game game>', () => {
  it('layout="compact": the table and the board only, inside 360×640, its height reported', async () => {
    const { page, finish, screenshot } = await openPage(env, `${SUBPATH}compact.html`, {
      viewport: { width: 360, height: 640 },
      initScript: () => {
        window.sizes = [];
        document.addEventListener('size', (event) => window.sizes.push(/** @type {CustomEvent} */ (event).detail));
      },
    });
    const game = page.locator('cribbage-game');
    await game.locator('.tbl-hand .hand-card').first().waitFor();
    await page.waitForFunction(() => window.sizes.length > 0);
    for (const hidden of ['.app-header', '.game-log', '.game-coach', '.app-footer']) {
      assert.equal(await game.locator(hidden).isVisible(), false, `${hidden} is not shown`);
    }
    assert.ok(await game.locator('.game-board .board-svg').isVisible(), 'the board is shown');
    const box = await game.boundingBox();
    assert.ok(box.width <= 360 && box.height <= 640, `the element is ${box.width}×${box.height}`);
    const reported = await page.evaluate(() => ({ last: window.sizes.at(-1), height: document.querySelector('cribbage-game').contentHeight }));
    assert.equal(reported.last.height, Math.round(box.height));
    assert.equal(reported.height, Math.round(box.height));
    await screenshot('embed-compact');
    await finish();
  });

  it('game="noddy" and game="costly-colours" deal those games, each in its element', async () => {
    const { page, finish } = await openPage(env, `${SUBPATH}family.html`);
    const noddy = page.locator('cribbage-game#noddy');
    const costly = page.locator('cribbage-game#costly');
    await noddy.locator('.tbl[data-state="continue"], .tbl[data-state="turn"]').waitFor({ timeout: 20_000 });
    await costly.locator('.tbl[data-state="turn"], .tbl[data-state="continue"]').waitFor({ timeout: 20_000 });
    assert.equal(await noddy.getByTestId('game-tagline').textContent(), 'Noddy: the first to 31 wins');
    assert.equal(await costly.getByTestId('game-tagline').textContent(), 'Costly Colours: the first to 121 wins');
    assert.equal(await noddy.locator('.board-track[data-side="0"] .board-hole:not(.board-hole--start)').count(), 30);
    assert.equal(await costly.locator('.board-track[data-side="0"] .board-hole:not(.board-hole--start)').count(), 120);
    // Each game keeps its own save, under its element's storage key.
    const saves = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('.game') || k.endsWith(':game')));
    assert.equal(saves.length, 2, `one save each: ${saves}`);
    await finish();
  });

  it('game="square-solitaire", game="solitaire" and game="table-top" players="4" deal those games, each in its element', async () => {
    const { page, finish } = await openPage(env, `${SUBPATH}layout.html`);
    const square = page.locator('cribbage-game#square');
    const sol = page.locator('cribbage-game#sol');
    const tt = page.locator('cribbage-game#tt');
    for (const game of [square, sol, tt]) await game.locator('.tbl[data-state="turn"]').waitFor({ timeout: 60_000 });
    assert.equal(await square.getByTestId('game-tagline').textContent(), 'Cribbage Square Solitaire: 61 or more wins');
    assert.equal(await sol.getByTestId('game-tagline').textContent(), 'Cribbage Solitaire: 81 or more wins');
    assert.equal(await tt.getByTestId('game-tagline').textContent(), 'Table Top Cribbage: the first to 121 wins');
    assert.equal(await square.locator('.lay-cell').count(), 16);
    assert.equal(await sol.locator('.tbl-hand .hand-card').count(), 6);
    assert.equal(await tt.locator('.lay-cell').count(), 25);
    assert.equal(await tt.locator('.tbl-opponents .seat').count(), 3, 'four players');
    // A placement in the shadow root, by click.
    await square.locator('.lay-cell.is-legal').first().click();
    await square.locator('.lay-cell svg').first().waitFor();
    const saves = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('.game') || k.endsWith(':game')));
    assert.equal(saves.length, 3, `one save each: ${saves}`);
    await finish();
  });

  it('an unknown game is said so inside the element and in the console, and standard cribbage is played', async () => {
    const { page, problems, finish } = await openPage(env, `${SUBPATH}unknown-game.html`);
    const game = page.locator('cribbage-game');
    const note = game.getByTestId('embed-note');
    await note.waitFor();
    // The games it plays are the registry's, said as a list.
    const ids = GAMES.map((entry) => entry.id);
    const refusal = `game="bezique" is not a game this element plays (it plays ${ids.slice(0, -1).join(', ')} or ${ids.at(-1)}): Cribbage is played.`;
    assert.ok((await note.textContent()).includes(refusal), await note.textContent());
    assert.equal(await note.getAttribute('role'), 'status');
    await game.locator('.tbl-hand .hand-card').first().waitFor();
    assert.equal(await game.getByTestId('game-tagline').textContent(), 'Cribbage: the first to 121 wins');
    assert.deepEqual(problems.splice(0), [`console warning: <cribbage-game>: ${refusal}`]);
    // The visitor may put the note away, and it stays away.
    await game.getByRole('button', { name: 'Dismiss this note' }).click();
    assert.equal(await note.count(), 0);
    await page.evaluate(() => document.querySelector('cribbage-game').setAttribute('theme', 'dark'));
    assert.equal(await note.count(), 0);
    await finish();
  });
});

describe('<cribbage-game> and the app contract (stub app)', () => {
  it('passes its attributes as options, a storage prefix of its own, and mounts into its shadow root', async () => {
    const { page, problems, finish } = await openPage(env, 'stub/contract.html');
    await page.waitForFunction(() => window.stubMounts?.length === 3);
    const mounts = await page.evaluate(() => window.stubMounts.map(({ options, shadow }) => ({ options, shadow })));
    // (They mount concurrently, in no set order.)
    mounts.sort((x, y) => x.options.storageKey.localeCompare(y.options.storageKey));
    assert.deepEqual(mounts, [
      { shadow: true, options: { view: 'game', theme: 'auto', storageKey: 'cribbage-game:1:', layout: 'full', onEvent: 'function' } },
      {
        shadow: true,
        options: { view: 'game', game: 'reverse', players: 3, target: 61, level: 'hard', seed: '99', theme: 'dark', storageKey: 'cribbage-game:a:', layout: 'full', onEvent: 'function' },
      },
      { shadow: true, options: { view: 'game', level: 'hard', theme: 'auto', storageKey: 'cribbage-game:mine:', layout: 'full', onEvent: 'function' } },
    ]);
    assert.deepEqual(problems.splice(0), [PURPLE]);
    await finish();
  });

  it('forwards score and gameover as bubbling events with their detail', async () => {
    const { page, problems, finish } = await openPage(env, 'stub/contract.html');
    await page.waitForFunction(() => window.stubMounts?.length === 3);
    const heard = await page.evaluate(() => {
      const log = [];
      for (const type of ['score', 'gameover']) {
        document.addEventListener(type, (event) => log.push([type, /** @type {Element} */ (event.target).id, /** @type {CustomEvent} */ (event).detail]));
      }
      const a = window.stubMounts.find((mount) => mount.host === 'a');
      a.emit('score', { seat: 0, points: 2, front: 2 });
      a.emit('gameover', { winner: 0 });
      return log;
    });
    assert.deepEqual(heard, [
      ['score', 'a', { seat: 0, points: 2, front: 2 }],
      ['gameover', 'a', { winner: 0 }],
    ]);
    assert.deepEqual(problems.splice(0), [PURPLE]);
    await finish();
  });

  it('deals once when game attributes change together, mounts afresh for the layout, never for the theme, and tears down when removed', async () => {
    const { page, problems, finish } = await openPage(env, 'stub/contract.html');
    await page.waitForFunction(() => window.stubMounts?.length === 3 && /** @type {CribbageGameElement} */ (document.getElementById('a')).state !== null);
    const game = (id) => `document.getElementById('${id}')`;
    await page.evaluate(`${game('a')}.setAttribute('seed', '7'); ${game('a')}.setAttribute('target', '121')`);
    // One new deal on the game on the table, with the attributes as they now stand.
    await page.waitForFunction(() => window.stubMounts.find((m) => m.host === 'a').deals.length === 1);
    // A new theme, and a move around the page: it keeps its game. Any restart
    // would tear the current app down first, synchronously, in a microtask the
    // element queues as it is moved; the microtask queued after it here runs
    // once that decision is made, so the state read next is final.
    await page.evaluate(async () => {
      const a = document.getElementById('a');
      a.setAttribute('theme', 'light');
      document.body.prepend(a);
      await new Promise((resolve) => queueMicrotask(() => resolve(null)));
    });
    const state = await page.evaluate(() => ({
      count: window.stubMounts.length,
      deals: window.stubMounts.find((m) => m.host === 'a').deals,
      destroyed: window.stubMounts.some((m) => m.destroyed),
    }));
    assert.equal(state.count, 3, 'no mount for the attributes, the theme or the move');
    assert.deepEqual(state.deals, [{ game: 'reverse', players: 3, target: 121, level: 'hard', seed: '7' }]);
    assert.equal(state.destroyed, false);

    // The layout is the app's shell: it mounts afresh (its saved game resumes), once.
    await page.evaluate(() => {
      window.readyOfA = [];
      document.getElementById('a').addEventListener('ready', () => window.readyOfA.push(window.stubMounts.length));
      /** @type {CribbageGameElement} */ (document.getElementById('a')).layout = 'compact';
    });
    await page.waitForFunction(() => window.stubMounts.length === 4 && window.readyOfA.includes(4));
    const ofA = await page.evaluate(() => window.stubMounts.filter((m) => m.host === 'a').map((m) => ({ destroyed: m.destroyed, layout: m.options.layout })));
    assert.deepEqual(ofA, [{ destroyed: true, layout: 'full' }, { destroyed: false, layout: 'compact' }]);

    await page.evaluate(`${game('a')}.remove()`);
    await page.waitForFunction(() => window.stubMounts.filter((m) => m.host === 'a').every((m) => m.destroyed));
    assert.deepEqual(problems.splice(0), [PURPLE]);
    await finish();
  });
});

describe('<cribbage-game> when the app fails to start', () => {
  it('shows the app’s own message rather than staying hidden', async () => {
    const { page, problems, finish } = await openPage(env, 'stub/contract-fail.html');
    await page.waitForFunction(() => window.stubMounts?.length === 1);
    await page.getByText('The engine could not load.').waitFor({ state: 'visible' });
    // Its promise says so, and its methods refuse, naming why.
    const said = await page.evaluate(async () => {
      const el = /** @type {any} */ (document.querySelector('cribbage-game'));
      const ready = await el.ready.then(() => 'resolved', (err) => err.message);
      let save = 'no error';
      try {
        el.save();
      } catch (err) {
        save = err.message;
      }
      return { ready, save };
    });
    assert.deepEqual(said, { ready: 'stub failure', save: 'save: the game is not ready yet (await element.ready, or wait for its ready event)' });
    // The failure itself reaches the console, as it should.
    assert.deepEqual(problems.splice(0).map((p) => p.replace(/:.*stub failure.*/s, ': stub failure')), ['uncaught: stub failure']);
    await finish();
  });
});

/** The warning for the contract page's theme="purple". */
const PURPLE = 'console warning: <cribbage-game>: theme="purple" is not a theme (light, dark or auto): auto is used.';

/** Stands in for js/app.js: records each mount and each deal, and lets the test emit events. */
const STUB_APP = `
export { embedding } from './real-app.js';
export async function mountApp(root, options) {
  const entry = {
    options: { ...options, onEvent: typeof options.onEvent },
    shadow: root instanceof ShadowRoot,
    host: root.host?.id,
    destroyed: false,
    deals: [],
    emit: (name, detail) => options.onEvent(name, detail),
  };
  for (const key of Object.keys(entry.options)) if (entry.options[key] === undefined) delete entry.options[key];
  (window.stubMounts ??= []).push(entry);
  const node = document.createElement('p');
  node.textContent = 'stub app';
  root.append(node);
  if (options.storageKey === 'cribbage-game:fail:') {
    node.textContent = 'The engine could not load.';
    throw new Error('stub failure');
  }
  return {
    destroy() { entry.destroyed = true; node.remove(); },
    newGame(next) { entry.deals.push(next); return Promise.resolve(); },
    state: () => ({ game: 'cribbage', turn: null, scores: [], over: false }),
  };
}
`;

const CONTRACT_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Contract</title>
  <!-- A site names its own icon, as the demo pages do: without one the browser asks for /favicon.ico, a 404 in the console. -->
  <link rel="icon" href="data:,">
  <script type="module" src="cribbage-game.js"></script>
</head>
<body>
  <cribbage-game id="a" game="reverse" level="3" target="61" players="3" seed="99" theme="dark"></cribbage-game>
  <cribbage-game></cribbage-game>
  <cribbage-game storage-key="mine" level="hard" theme="purple"></cribbage-game>
</body>
</html>
`;
