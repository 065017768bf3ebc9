// @ts-check
// <cribbage-game> as a component: every game of the family on the element
// (the list read from www/js/games.js, never a copy), each in the compact
// layout within 360×640 and played to its first decision; attributes that do
// not fit their game said inside the element and in the console; the
// properties, the methods (newGame, undo, save, restore) and `state`, each
// method refusing bad input with an Error and leaving the game as it was.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildDist } from '../../tools/dist.mjs';
import { GAMES, findGame } from '../../www/js/games.js';
import { decide } from './embed-driver.mjs';
import { openPage, setUp } from './harness.mjs';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
/** @type {string} */
let root;

/** A host page holding `body`, loading the element from the site's root. */
const hostPage = (body) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Host</title>
  <!-- A site names its own icon, as the demo pages do: without one the browser asks for /favicon.ico, a 404 in the console. -->
  <link rel="icon" href="data:,">
  <script type="module" src="cribbage-game.js"></script>
</head>
<body>
  ${body}
</body>
</html>
`;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'cribbage-embed-api-'));
  await buildDist({ from: 'www', to: root, singleFile: false });
  for (const game of GAMES) {
    // A level where the game has a computer player to set it for.
    const level = game.options.level ? ' level="easy"' : '';
    writeFileSync(join(root, `game-${game.id}.html`), hostPage(`<cribbage-game id="g" game="${game.id}" layout="compact"${level} seed="3"></cribbage-game>`));
  }
  writeFileSync(
    join(root, 'misfit.html'),
    hostPage(
      '<cribbage-game id="noddy" game="noddy" players="3" target="121" level="hard" counting="muggins" seed="4"></cribbage-game>' +
        '<cribbage-game id="sol" game="solitaire" level="expert" match="best_of_three" layout="tiny" seed="4"></cribbage-game>',
    ),
  );
  // A sidebar narrower than any phone, holding Table Top for four in the full layout.
  writeFileSync(join(root, 'narrow.css'), '.sidebar { width: 320px; }\n');
  writeFileSync(join(root, 'narrow.html'), hostPage('<link rel="stylesheet" href="narrow.css"><div class="sidebar"><cribbage-game id="g" game="table-top" players="4" level="easy" seed="4"></cribbage-game></div>'));
  writeFileSync(join(root, 'twins.html'), hostPage('<cribbage-game id="x" storage-key="k" seed="1"></cribbage-game><cribbage-game id="y" storage-key="k" seed="2"></cribbage-game>'));
  writeFileSync(join(root, 'narrow-cribbage.html'), hostPage('<link rel="stylesheet" href="narrow.css"><div class="sidebar"><cribbage-game id="g" seed="1"></cribbage-game></div>'));
  writeFileSync(join(root, 'noddy-end.html'), hostPage('<cribbage-game id="g" game="noddy" level="easy" seed="13"></cribbage-game>'));
  writeFileSync(join(root, 'api.html'), hostPage('<cribbage-game id="g" level="easy" seed="11"></cribbage-game>'));
  writeFileSync(join(root, 'host-button.html'), hostPage('<button type="button" id="host">The host’s button</button><cribbage-game id="g" level="easy" seed="3"></cribbage-game>'));
  writeFileSync(join(root, 'box.css'), '.box { height: 300px; overflow: auto; }\n');
  // A floor the page sets for the element (demo.css reserves its room so): no box of its own.
  writeFileSync(join(root, 'floor.css'), 'cribbage-game { min-height: 300px; }\n');
  writeFileSync(join(root, 'floor.html'), hostPage('<link rel="stylesheet" href="floor.css"><cribbage-game id="g" level="easy" seed="11"></cribbage-game>'));
  writeFileSync(join(root, 'boxed.html'), hostPage('<link rel="stylesheet" href="box.css"><div class="box"><cribbage-game id="g" level="easy" seed="11"></cribbage-game></div>'));
  // Layout games in a box the page gives the element (its own width and
  // height), and in a box of the page's that is a size container.
  for (const [width, height] of [[360, 500], [900, 400]]) {
    const size = `${width}x${height}`;
    writeFileSync(join(root, `given-${size}.css`), `body { margin: 0; } cribbage-game { width: ${width}px; height: ${height}px; }\n`);
    for (const [game, layout] of [['square-solitaire', 'full'], ['table-top', 'full'], ['table-top', 'compact']]) {
      const level = findGame(game)?.options.level ? ' level="easy"' : '';
      const element = `<cribbage-game id="g" game="${game}" layout="${layout}"${level} seed="3"></cribbage-game>`;
      writeFileSync(join(root, `given-${game}-${layout}-${size}.html`), hostPage(`<link rel="stylesheet" href="given-${size}.css">${element}`));
    }
    // The page's own box, left to hold the element at its content's height.
    writeFileSync(join(root, `contained-${size}.css`), `body { margin: 0; } .box { width: ${width}px; height: ${height}px; overflow: auto; container-type: size; }\n`);
    writeFileSync(join(root, `contained-${size}.html`), hostPage(`<link rel="stylesheet" href="contained-${size}.css"><div class="box" id="box"><cribbage-game id="g" game="square-solitaire" seed="3"></cribbage-game></div>`));
  }
  writeFileSync(join(root, 'unnamed.html'), hostPage('<cribbage-game level="easy" seed="3"></cribbage-game><cribbage-game level="easy" seed="4"></cribbage-game>'));
  env = await setUp({ root });
});
after(async () => {
  await env?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The engine's record inside the element's save: what a decision changes. */
const record = (page, id = 'g') => page.evaluate((id) => JSON.parse(/** @type {CribbageGameElement} */ (document.getElementById(id)).save()).save, id);

/**
 * Waits until the element's table waits for the person's decision, going
 * on past any pause that only asks to continue (Noddy's "Play").
 */
async function personToAct(page, id = 'g') {
  for (;;) {
    const handle = await page.waitForFunction((id) => {
      const el = /** @type {CribbageGameElement} */ (document.getElementById(id));
      const table = el.shadowRoot.querySelector('.tbl')?.dataset.state;
      if (table === 'continue') return 'continue';
      return el.state?.turn?.human === true && table === 'turn' && 'turn';
    }, id, { timeout: 30_000 });
    if ((await handle.jsonValue()) === 'turn') return;
    await page.locator(`#${id}`).getByTestId('action-continue').click();
  }
}

describe('<cribbage-game> plays every game of the family', () => {
  for (const info of GAMES) {
    it(`game="${info.id}": compact within 360×640, its first decision played`, async () => {
      const { page, finish } = await openPage(env, `game-${info.id}.html`, { viewport: { width: 360, height: 640 } });
      await page.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).ready);
      await personToAct(page);
      const game = page.locator('cribbage-game');
      assert.equal(await page.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).state?.game), info.id);
      assert.equal(await game.getByTestId('game-tagline').getAttribute('data-game'), info.id);
      const box = await game.boundingBox();
      assert.ok(box && box.width <= 360 && box.height <= 640, `the element is ${box?.width}×${box?.height}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(overflow <= 360, `nothing wider than the phone: ${overflow}`);
      const before = await record(page);
      await decide(game);
      await page.waitForFunction((before) => JSON.parse(/** @type {CribbageGameElement} */ (document.getElementById('g')).save()).save !== before, before);
      assert.ok(JSON.parse(await record(page)).actions.length > JSON.parse(before).actions.length, 'the decision is in the record');
      await finish();
    });
  }

  it('Cribbage in a 320-px sidebar of a wide page lays out as on a 320-px phone, its hand inside the felt', async () => {
    // Where the app sizes by the window (vw) rather than by its own width, a
    // wide page gave the felt and the view a desktop's padding inside the
    // narrow column, and the six cards of the hand ran past the felt's edges.
    const layout = async (viewport) => {
      const { page, finish } = await openPage(env, 'narrow-cribbage.html', { viewport });
      await page.evaluate(() => /** @type {any} */ (document.getElementById('g')).ready);
      await personToAct(page);
      const boxes = await page.evaluate(() => {
        const game = /** @type {HTMLElement} */ (document.getElementById('g'));
        const home = game.getBoundingClientRect();
        /** @param {Element} element */
        const box = (element) => {
          const rect = element.getBoundingClientRect();
          return [rect.left - home.left, rect.right - home.left].map(Math.round);
        };
        const root = /** @type {ShadowRoot} */ (game.shadowRoot);
        return { felt: box(/** @type {Element} */ (root.querySelector('.tbl'))), cards: [...root.querySelectorAll('.tbl-hand .hand-card')].map(box) };
      });
      await finish();
      return boxes;
    };
    const wide = await layout({ width: 1280, height: 800 });
    assert.equal(wide.cards.length, 6);
    for (const [left, right] of wide.cards) assert.ok(left >= wide.felt[0] && right <= wide.felt[1], `a card at ${left}..${right} runs past the felt at ${wide.felt.join('..')}`);
    assert.deepEqual(wide, await layout({ width: 320, height: 640 }), 'the same layout as on a phone of the column\'s width');
  });

  it('Table Top in a 320-px sidebar, full layout: the whole grid and the card to place on the felt', async () => {
    const { page, finish } = await openPage(env, 'narrow.html', { viewport: { width: 1280, height: 800 } });
    await page.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).ready);
    await personToAct(page);
    const cut = await page.evaluate(() => {
      const root = /** @type {ShadowRoot} */ (document.getElementById('g')?.shadowRoot);
      const felt = /** @type {Element} */ (root.querySelector('.tbl')).getBoundingClientRect();
      return [...root.querySelectorAll('.lay-cell, [data-testid="layout-next"]')]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.left < felt.left - 0.5 || r.right > felt.right + 0.5)
        .map(({ el, r }) => `${el.getAttribute('aria-label') ?? el.className} at ${Math.round(r.left)}–${Math.round(r.right)} of ${Math.round(felt.left)}–${Math.round(felt.right)}`);
    });
    // The cells kept 44 px, wider than the felt: the first column and the card to place were cut off.
    assert.deepEqual(cut, []);
    await decide(page.locator('cribbage-game'));
    await finish();
  });
});

describe('<cribbage-game> attributes that do not fit the game', () => {
  it('are said inside the element and as console warnings, and the game’s defaults are used', async () => {
    const { page, problems, finish } = await openPage(env, 'misfit.html');
    await page.evaluate(() => Promise.all([...document.querySelectorAll('cribbage-game')].map((el) => el.ready)));
    const notes = await page.evaluate(() =>
      Object.fromEntries([...document.querySelectorAll('cribbage-game')].map((el) => [el.id, [...el.shadowRoot.querySelectorAll('[data-testid="embed-note"] p')].map((p) => p.textContent)])),
    );
    assert.deepEqual(notes, {
      noddy: [
        'players="3" does not fit Noddy, which is played by 2: the game’s default is used.',
        'target="121" does not fit Noddy, whose target is 31: the game’s default is used.',
        'counting="muggins" does not fit Noddy, which counts every hand itself: the game’s default is used.',
      ],
      sol: [
        'level="expert" does not fit Cribbage Solitaire, which has no computer player: the game’s default is used.',
        'match="best_of_three" does not fit Cribbage Solitaire, which is played one game at a time: the game’s default is used.',
        'layout="tiny" is not a layout (full or compact): full is used.',
      ],
    });
    // Polite, visible, and the same words in the console.
    const note = page.locator('#noddy').getByTestId('embed-note');
    assert.equal(await note.getAttribute('role'), 'status');
    assert.ok(await note.isVisible());
    assert.deepEqual(
      problems.splice(0).sort(),
      [...notes.noddy.map((text) => `console warning: <cribbage-game id="noddy">: ${text}`), ...notes.sol.map((text) => `console warning: <cribbage-game id="sol">: ${text}`)].sort(),
    );
    // The games as their own rules have them.
    const noddy = page.locator('#noddy');
    await noddy.locator('.tbl[data-state="turn"], .tbl[data-state="continue"]').waitFor({ timeout: 20_000 });
    assert.equal(await noddy.getByTestId('game-tagline').textContent(), 'Noddy: the first to 31 wins');
    assert.equal(await page.locator('#sol').getByTestId('game-tagline').textContent(), 'Cribbage Solitaire: 81 or more wins');
    // The note passes an accessibility audit, its contrast included, light and dark.
    await page.evaluate(AXE_SOURCE);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((theme) => document.getElementById('noddy').setAttribute('theme', theme), theme);
      const violations = await page.evaluate(() =>
        /** @type {any} */ (window).axe
          .run({ include: [{ fromShadowDom: ['#noddy', '.embed-note'] }] }, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] })
          .then((/** @type {any} */ result) => ({
            contrastChecked: result.passes.some((/** @type {any} */ rule) => rule.id === 'color-contrast'),
            violations: result.violations.map((/** @type {any} */ v) => v.id),
          })),
      );
      assert.deepEqual(violations, { contrastChecked: true, violations: [] }, theme);
    }
    // axe's own <style> in the shadow root, which the server's CSP rightly refuses.
    problems.splice(0, problems.length, ...problems.filter((p) => !/style-src|Applying inline style/.test(p)));
    // Put right, the note goes and the game is dealt afresh; put wrong again, it is said again.
    await page.evaluate(() => {
      const el = /** @type {any} */ (document.getElementById('noddy'));
      el.players = 2;
      el.target = null;
      el.counting = null;
    });
    await note.waitFor({ state: 'detached' });
    await page.evaluate(() => document.getElementById('noddy').setAttribute('players', '4'));
    await note.waitFor();
    assert.deepEqual(problems.splice(0), ['console warning: <cribbage-game id="noddy">: players="4" does not fit Noddy, which is played by 2: the game’s default is used.']);
    // A problem added to those standing is warned alone: the others are in the console already.
    await page.evaluate(() => document.getElementById('sol').setAttribute('theme', 'sepia'));
    await page.locator('#sol').getByTestId('embed-note').getByText('theme="sepia"', { exact: false }).waitFor();
    assert.equal(await page.locator('#sol').getByTestId('embed-note').locator('p').count(), 4, 'the note still says all four');
    assert.deepEqual(problems.splice(0), ['console warning: <cribbage-game id="sol">: theme="sepia" is not a theme (light, dark or auto): auto is used.']);
    await finish();
  });
});

describe('two <cribbage-game> elements under one storage key', () => {
  it('each says so, inside and in the console, where one said only that the game was played in another tab', async () => {
    const { page, problems, finish } = await openPage(env, 'twins.html');
    // One holds the save and plays; the other waits on it, as a second tab would.
    await page.waitForFunction(() => [...document.querySelectorAll('cribbage-game')].filter((el) => /** @type {any} */ (el).state).length === 1);
    const said = 'another game here saves under "k" too: give each its own id or storage-key.';
    for (const id of ['x', 'y']) {
      await page.locator(`#${id}`).getByTestId('embed-note').waitFor();
      assert.equal(await page.locator(`#${id}`).getByTestId('embed-note').locator('p').textContent(), said, id);
    }
    assert.deepEqual(problems.splice(0).sort(), [`console warning: <cribbage-game id="x">: ${said}`, `console warning: <cribbage-game id="y">: ${said}`]);
    // Given a key of its own, the note goes from both.
    await page.evaluate(() => document.getElementById('y')?.setAttribute('storage-key', 'k2'));
    await page.locator('#y').getByTestId('embed-note').waitFor({ state: 'detached' });
    await page.locator('#x').getByTestId('embed-note').waitFor({ state: 'detached' });
    await finish();
  });
});

describe('<cribbage-game> on a host page of its own', () => {
  it('a broken save is told inside the game, not in a modal dialog: the host page stays live and the game is fresh', async () => {
    const { page, problems, finish } = await openPage(env, 'host-button.html', {
      initScript: () => {
        if (!sessionStorage.getItem('broken')) localStorage.setItem('cribbage-game:g:.game', '{not a save');
        sessionStorage.setItem('broken', 'yes');
      },
    });
    await page.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).ready);
    const game = page.locator('#g');
    const notice = game.locator('dialog[open]');
    await notice.waitFor();
    const seen = await page.evaluate(() => {
      const dialog = /** @type {HTMLDialogElement} */ (document.getElementById('g')?.shadowRoot?.querySelector('dialog[open]'));
      return { modal: dialog.matches(':modal'), focus: document.activeElement?.id || document.activeElement?.tagName };
    });
    // A modal dialog makes the host's whole page inert and takes its focus, before the visitor touched the game.
    assert.deepEqual(seen, { modal: false, focus: 'BODY' });
    assert.match((await notice.textContent()) ?? '', /Your saved game could not be read, so a fresh game has been dealt\./);
    assert.ok(await notice.isVisible(), 'the notice is readable inside the game');
    assert.match((await game.locator('[role="alert"]').textContent()) ?? '', /could not be read/, 'and announced');
    await page.locator('#host').click({ timeout: 3000 });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'host', 'the host’s button takes a click and the focus');
    // The game is fresh and plays; the broken save is kept aside.
    await personToAct(page);
    const first = await record(page);
    assert.equal(JSON.parse(first).actions.length, 0);
    await decide(game);
    await page.waitForFunction((first) => JSON.parse(/** @type {CribbageGameElement} */ (document.getElementById('g')).save()).save !== first, first);
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('cribbage-game:g:.game.corrupt') ?? 'null')), '{not a save');
    // Closed, the notice goes and the table moves up.
    await game.getByTestId('dialog-ok').click();
    await notice.waitFor({ state: 'detached' });
    assert.deepEqual(problems.splice(0), []);
    await finish();
  });

  it('sizes to what it holds, not to the window: on a tall window and in a short box', async () => {
    /** @param {string} path */
    const measure = async (path) => {
      const { page, finish } = await openPage(env, path, { viewport: { width: 1280, height: 1600 } });
      await page.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).ready);
      await personToAct(page);
      const sizes = await page.evaluate(() => {
        const el = /** @type {HTMLElement} */ (document.getElementById('g'));
        const app = /** @type {HTMLElement} */ (el.shadowRoot?.querySelector('.cribbage'));
        const held = [...app.children].reduce((sum, child) => sum + child.getBoundingClientRect().height, 0);
        return { window: innerHeight, height: el.getBoundingClientRect().height, held };
      });
      await finish();
      return sizes;
    };
    const tall = await measure('api.html');
    assert.ok(tall.height < tall.window - 400, `the game is ${tall.height}px tall in a ${tall.window}px window`);
    assert.ok(Math.abs(tall.height - tall.held) <= 2, `as tall as what it holds (${tall.held}px), not ${tall.height}px`);
    // In a box shorter than the game, the game is as tall as on the open page: the box scrolls.
    const boxed = await measure('boxed.html');
    assert.ok(Math.abs(boxed.height - tall.height) <= 2, `in a short box ${boxed.height}px, on the page ${tall.height}px`);
    // A min-height only bounds what it holds: the element is no box that scrolls inside it.
    const floor = await measure('floor.html');
    assert.ok(Math.abs(floor.height - tall.height) <= 2 && Math.abs(floor.height - floor.held) <= 2, `over a floor of 300px ${floor.height}px, holding ${floor.held}px`);
    // The app's own page fills the window, its footer at the foot.
    const own = await openPage(env, 'index.html?seed=3', { viewport: { width: 1280, height: 1600 } });
    await own.page.locator('.tbl[data-state="turn"]').waitFor({ timeout: 20_000 });
    assert.ok((await own.page.evaluate(() => document.querySelector('.cribbage')?.getBoundingClientRect().height ?? 0)) >= 1600);
    await own.finish();
  });

  it('a layout game fits its grid to the box the page gives it, not to the window', async () => {
    // Sized from the window's height (100dvh), a grid in a box 400 px high
    // on a window 900 px high was 450 px high, and only a part of it could
    // be seen at once; in a box the element is the container its grid fits.
    /** @param {string} path @param {number} least the smallest cell the layout allows */
    const fits = async (path, least) => {
      const { page, problems, finish } = await openPage(env, path, { viewport: { width: 1280, height: 900 } });
      await page.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).ready);
      await personToAct(page);
      const seen = await page.evaluate(() => {
        const el = /** @type {HTMLElement} */ (document.getElementById('g'));
        const root = /** @type {ShadowRoot} */ (el.shadowRoot);
        const grid = /** @type {HTMLElement} */ (root.querySelector('.lay-grid'));
        // The box: the page's around the element, else the element's own.
        const box = /** @type {HTMLElement} */ (document.getElementById('box') ?? el);
        grid.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        const inside = box.getBoundingClientRect();
        const within = { top: inside.top + box.clientTop, bottom: inside.top + box.clientTop + box.clientHeight, left: inside.left + box.clientLeft, right: inside.left + box.clientLeft + box.clientWidth };
        const rect = grid.getBoundingClientRect();
        const cells = [...root.querySelectorAll('.lay-cell')].map((cell) => cell.getBoundingClientRect());
        return {
          box: [box.clientWidth, box.clientHeight],
          grid: { top: rect.top - within.top, bottom: within.bottom - rect.bottom, left: rect.left - within.left, right: within.right - rect.right, height: rect.height },
          cells: cells.length,
          smallest: Math.min(...cells.map((cell) => Math.min(cell.width, cell.height))),
        };
      });
      assert.deepEqual(problems.splice(0), []);
      await finish();
      const where = `${path}: the grid ${JSON.stringify(seen.grid)} in a box ${seen.box.join('×')}`;
      assert.ok(seen.cells >= 16, `${path}: ${seen.cells} cells`);
      for (const side of ['top', 'bottom', 'left', 'right']) assert.ok(seen.grid[side] >= -0.5, `${where}: out of the box at its ${side}`);
      assert.ok(seen.smallest >= least - 0.5, `${path}: a cell ${seen.smallest}px across, under ${least}`);
    };
    for (const size of ['360x500', '900x400']) {
      await fits(`given-square-solitaire-full-${size}.html`, 44);
      await fits(`given-table-top-full-${size}.html`, 44);
      await fits(`given-table-top-compact-${size}.html`, 30);
      await fits(`contained-${size}.html`, 44);
    }
  });

  it('games with neither id nor storage-key keep their own saves when another is added above them', async () => {
    const { page, problems, finish } = await openPage(env, 'unnamed.html');
    await page.evaluate(() => Promise.all([...document.querySelectorAll('cribbage-game')].map((el) => /** @type {CribbageGameElement} */ (el).ready)));
    await page.evaluate(() => {
      const added = document.createElement('cribbage-game');
      added.setAttribute('seed', '9');
      added.setAttribute('level', 'easy');
      document.body.prepend(added);
      return /** @type {CribbageGameElement} */ (added).ready;
    });
    // The one added took a number of its own, where it took the first game's and was told the game was played in another tab.
    await page.waitForFunction(() => [...document.querySelectorAll('cribbage-game')].every((el) => /** @type {CribbageGameElement} */ (el).state));
    const seeds = await page.evaluate(() => [...document.querySelectorAll('cribbage-game')].map((el) => JSON.parse(JSON.parse(/** @type {string} */ (/** @type {CribbageGameElement} */ (el).save())).save).seed));
    assert.deepEqual(seeds, ['9', '3', '4']);
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith(':.game')).sort());
    assert.deepEqual(keys, ['cribbage-game:0:.game', 'cribbage-game:1:.game', 'cribbage-game:2:.game']);
    assert.equal(await page.getByTestId('embed-note').count(), 0);
    assert.deepEqual(problems.splice(0), []);
    await finish();
  });
});

describe('<cribbage-game> properties, methods and state', () => {
  it('properties reflect their attributes', async () => {
    const { page, finish } = await openPage(env, 'api.html');
    const seen = await page.evaluate(() => {
      const el = /** @type {any} */ (document.getElementById('g'));
      const read = () => ({ game: el.game, players: el.players, target: el.target, level: el.level, seed: el.seed, counting: el.counting, match: el.match, layout: el.layout, theme: el.theme, storageKey: el.storageKey, fourColour: el.fourColour, largeCards: el.largeCards });
      const first = read();
      el.theme = 'dark';
      el.fourColour = true;
      el.largeCards = false;
      el.storageKey = 'mine';
      const attributes = ['theme', 'four-colour', 'large-cards', 'storage-key'].map((name) => el.getAttribute(name));
      return { first, attributes, then: read() };
    });
    assert.deepEqual(seen.first, { game: null, players: null, target: null, level: 'easy', seed: '11', counting: null, match: null, layout: 'full', theme: 'auto', storageKey: null, fourColour: null, largeCards: null });
    assert.deepEqual(seen.attributes, ['dark', 'true', 'false', 'mine']);
    assert.deepEqual({ theme: seen.then.theme, fourColour: seen.then.fourColour, largeCards: seen.then.largeCards, storageKey: seen.then.storageKey }, { theme: 'dark', fourColour: true, largeCards: false, storageKey: 'mine' });
    await page.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).ready);
    await finish();
  });

  it('every method refuses bad input with an Error naming it, and leaves the game as it was', async () => {
    const { page, finish } = await openPage(env, 'api.html');
    // Before it is ready, the methods say so.
    const early = await page.evaluate(() => {
      const el = /** @type {any} */ (document.getElementById('g'));
      try {
        el.save();
        return 'no error';
      } catch (err) {
        return String(err.message);
      }
    });
    assert.match(early, /^save: the game is not ready yet/);
    await page.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).ready);
    await personToAct(page);
    const state = await page.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).state);
    assert.equal(state.game, 'cribbage');
    assert.equal(state.over, false);
    assert.equal(state.turn.human, true);
    assert.equal(state.scores.length, 2);
    assert.deepEqual(state.scores.map((s) => s.score), [0, 0]);

    const refusals = await page.evaluate(async () => {
      const el = /** @type {any} */ (document.getElementById('g'));
      const attrs = () => el.getAttributeNames().map((n) => `${n}=${el.getAttribute(n)}`).join(' ');
      const before = { save: el.save(), attrs: attrs() };
      /** @type {[string, () => unknown][]} */
      const calls = [
        ['newGame("noddy")', () => el.newGame('noddy')],
        ['newGame(null)', () => el.newGame(null)],
        ['newGame({ speed })', () => el.newGame({ speed: 'fast' })],
        ['newGame({ game: "bezique" })', () => el.newGame({ game: 'bezique' })],
        ['newGame({ players: 5 })', () => el.newGame({ players: 5 })],
        ['newGame({ game: "noddy", players: 3 })', () => el.newGame({ game: 'noddy', players: 3 })],
        ['newGame({ level: "genius" })', () => el.newGame({ level: 'genius' })],
        ['newGame({ seed: "-1" })', () => el.newGame({ seed: '-1' })],
        ['newGame({ target: [] })', () => el.newGame({ target: [] })],
        ['undo()', () => el.undo()],
        ['restore(42)', () => el.restore(42)],
        ['restore("nope")', () => el.restore('nope')],
        ['restore("{}")', () => el.restore('{}')],
        ['restore(newer)', () => el.restore(JSON.stringify({ ...JSON.parse(before.save), v: 2 }))],
        ['restore(bezique)', () => el.restore(JSON.stringify({ ...JSON.parse(before.save), setup: { ...JSON.parse(before.save).setup, game: 'bezique' } }))],
      ];
      /** @type {[string, string, boolean][]} */
      const out = [];
      for (const [name, call] of calls) {
        let message = 'no error';
        try {
          await call();
        } catch (err) {
          message = `${err.constructor.name}: ${err.message}`;
        }
        out.push([name, message, el.save() === before.save && attrs() === before.attrs]);
      }
      // A record the engine refuses: the promise rejects.
      const tampered = JSON.parse(before.save);
      const game = JSON.parse(tampered.save);
      game.actions = ['discard ZZ YY'];
      tampered.save = JSON.stringify(game);
      let engine = 'no error';
      const sync = (() => {
        try {
          return el.restore(JSON.stringify(tampered));
        } catch (err) {
          return err;
        }
      })();
      if (sync instanceof Error) engine = `thrown at once: ${sync.message}`;
      else await sync.catch((err) => (engine = `${err.constructor.name}: ${err.message}`));
      out.push(['restore(tampered)', engine, el.save() === before.save && attrs() === before.attrs]);
      // A set-up the engine keeps no part of (the level beside the record): it
      // was taken, and left the computer players no level to move at.
      const genius = JSON.parse(before.save);
      genius.setup = { ...genius.setup, level: 'genius' };
      let level = 'no error';
      await el.restore(JSON.stringify(genius)).catch((err) => (level = `${err.constructor.name}: ${err.message}`));
      out.push(['restore(level genius)', level, el.save() === before.save && attrs() === before.attrs]);
      return out;
    });
    /** @type {[string, RegExp][]} */
    const expected = [
      ['newGame("noddy")', /^TypeError: newGame: options must be an object such as \{ game: "noddy" \}, not "noddy"$/],
      ['newGame(null)', /^TypeError: newGame: options must be an object such as \{ game: "noddy" \}, not null$/],
      ['newGame({ speed })', /^Error: newGame: “speed” is not an option \(it takes game, players, target, level, seed, counting or match\)$/],
      ['newGame({ game: "bezique" })', /^Error: newGame: “bezique” is not a game this element plays/],
      ['newGame({ players: 5 })', /^Error: newGame: players="5" does not fit Cribbage, which is played by 2, 3 or 4$/],
      ['newGame({ game: "noddy", players: 3 })', /^Error: newGame: players="3" does not fit Noddy, which is played by 2$/],
      ['newGame({ level: "genius" })', /^Error: newGame: level="genius" is not a level/],
      ['newGame({ seed: "-1" })', /^Error: newGame: seed="-1" is not a seed/],
      ['newGame({ target: [] })', /^TypeError: newGame: target must be a string or a number, not an array$/],
      ['undo()', /^Error: undo: Nothing to undo: you have made no move yet that can be taken back\.$/],
      ['restore(42)', /^TypeError: restore: expects the text save\(\) gave, not number$/],
      ['restore("nope")', /^Error: restore: the text is not a saved game \(it is not JSON\)$/],
      ['restore("{}")', /^Error: restore: the text is not a game saved by save\(\)$/],
      ['restore(newer)', /^Error: restore: the game was saved by a newer version of this element$/],
      ['restore(bezique)', /^Error: restore: “bezique” is not a game this element plays$/],
      ['restore(tampered)', /^Error: restore: the saved game could not be restored: /],
      ['restore(level genius)', /^Error: restore: the saved game could not be restored: its set-up names no level the computer knows \("genius"\)$/],
    ];
    assert.equal(refusals.length, expected.length);
    for (const [i, [name, message, unchanged]] of refusals.entries()) {
      assert.equal(name, expected[i][0]);
      assert.match(message, expected[i][1], name);
      assert.equal(unchanged, true, `${name} left the game and the attributes as they were`);
    }
    await finish();
  });

  it('save, a decision, undo, restore and newGame, with the attributes and state following', async () => {
    const { page, finish } = await openPage(env, 'api.html');
    await page.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).ready);
    await personToAct(page);
    const game = page.locator('#g');
    const saved = await page.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).save());
    const first = await record(page);
    await decide(game);
    await personToAct(page);
    assert.notEqual(await record(page), first);
    // Undo takes the decision back (and the replies to it).
    await page.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).undo());
    await page.waitForFunction(() => JSON.parse(JSON.parse(/** @type {CribbageGameElement} */ (document.getElementById('g')).save()).save).actions.includes('redraw 1'));
    await personToAct(page);
    // Restore puts the saved game back as it was.
    await page.evaluate((text) => /** @type {CribbageGameElement} */ (document.getElementById('g')).restore(text), saved);
    assert.equal(await record(page), first);
    await personToAct(page);

    // A new game of another game: the attributes follow, and what does not fit it goes.
    await page.evaluate(() => {
      const el = document.getElementById('g');
      el.setAttribute('players', '3');
      el.setAttribute('counting', 'muggins');
    });
    await page.waitForFunction(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).state?.scores.length === 3);
    await page.evaluate(() => /** @type {any} */ (document.getElementById('g')).newGame({ game: 'noddy', seed: 5 }));
    const after = await page.evaluate(() => {
      const el = /** @type {CribbageGameElement} */ (document.getElementById('g'));
      return { attrs: Object.fromEntries(el.getAttributeNames().map((n) => [n, el.getAttribute(n)])), game: el.state?.game, seed: JSON.parse(JSON.parse(el.save()).save).seed };
    });
    assert.deepEqual(after, { attrs: { id: 'g', level: 'easy', seed: '5', game: 'noddy' }, game: 'noddy', seed: '5' });
    await game.getByTestId('game-tagline').filter({ hasText: 'Noddy' }).waitFor();

    // A cribbage save restored over Noddy: the element is cribbage again.
    await page.evaluate((text) => /** @type {CribbageGameElement} */ (document.getElementById('g')).restore(text), saved);
    assert.equal(await page.evaluate(() => document.getElementById('g').getAttribute('game')), 'cribbage');
    assert.equal(await page.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).state?.game), 'cribbage');
    assert.equal(await record(page), first);

    // A new seed by its attribute deals that seed at once.
    await page.evaluate(() => document.getElementById('g').setAttribute('seed', '77'));
    await page.waitForFunction(() => JSON.parse(JSON.parse(/** @type {CribbageGameElement} */ (document.getElementById('g')).save()).save).seed === '77');
    // newGame() with nothing: the element's own game again, a new deal (only null is refused).
    const fresh = await page.evaluate(async () => {
      const el = /** @type {CribbageGameElement} */ (document.getElementById('g'));
      await el.newGame();
      return { game: el.state?.game, seed: JSON.parse(JSON.parse(/** @type {string} */ (el.save())).save).seed };
    });
    assert.equal(fresh.game, 'cribbage');
    assert.notEqual(fresh.seed, '77');
    await finish();
  });

  it('state and gameover give the points pegged in full past the target, as the engine counts them; the board stops them at the game hole', async () => {
    // Seed 13, played the first way that fits against Easy: Ada's last announcement takes her to 33 in a game to 31.
    const { page, finish } = await openPage(env, 'noddy-end.html', {
      initScript: () => {
        document.addEventListener('gameover', (event) => (/** @type {any} */ (window).over = /** @type {CustomEvent} */ (event).detail));
        // The whole game at the instant pace (the element's settings, under its storage key), so it plays in seconds.
        localStorage.setItem('cribbage-game:g:.settings', JSON.stringify({ speed: 'instant' }));
      },
    });
    const game = page.locator('#g');
    for (let i = 0; i < 60; i++) {
      const table = await page
        .waitForFunction(() => {
          const state = document.getElementById('g')?.shadowRoot?.querySelector('.tbl')?.dataset.state;
          return state && state !== 'busy' ? state : false;
        }, null, { timeout: 20_000 })
        .then((handle) => handle.jsonValue());
      if (table === 'over') break;
      if (table === 'continue') await game.getByTestId('action-continue').click();
      else await decide(game);
    }
    await page.waitForFunction(() => /** @type {any} */ (window).over);
    const { state, over, chips } = await page.evaluate(() => ({
      state: /** @type {CribbageGameElement} */ (document.getElementById('g')).state,
      over: /** @type {any} */ (window).over,
      chips: [.../** @type {ShadowRoot} */ (document.getElementById('g')?.shadowRoot).querySelectorAll('.board-chip-score')].map((chip) => Number(chip.textContent)),
    }));
    assert.ok(state?.over);
    const scores = state.scores.map((side) => side.score);
    assert.deepEqual(scores, over.scores, 'state and gameover say the same points');
    assert.ok(Math.max(...scores) > 31, `the last count ran past 31 (${scores})`);
    // The board pegs the last count a frame or two after the game's end is told.
    const hole = scores.map((score) => Math.min(score, 31));
    const board = await page
      .waitForFunction(
        (want) => {
          const shown = [.../** @type {ShadowRoot} */ (document.getElementById('g')?.shadowRoot).querySelectorAll('.board-chip-score')].map((chip) => Number(chip.textContent));
          return JSON.stringify(shown) === JSON.stringify(want) ? shown : false;
        },
        hole,
        { timeout: 5000 },
      )
      .then((handle) => handle.jsonValue(), () => chips);
    assert.deepEqual(board, hole, 'the board stops it at the game hole');
    await finish();
  });
});
