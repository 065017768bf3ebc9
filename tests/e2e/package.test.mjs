// @ts-check
// The npm package of <cribbage-game> (tools/package.mjs), made once from a
// throwaway build of the site: its package.json and manifest; `npm pack`;
// the tarball installed into a fresh folder from the file alone (no
// registry); a page importing the element from node_modules, and a consumer
// bundled by esbuild from the installed package, each playing a hand in
// Chromium; and tsc type-checking a consumer of the element's types, where a
// misspelled event detail field fails.

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import { buildDist } from '../../tools/dist.mjs';
import { buildPackage, cargoVersion, validateManifest, withGameIds } from '../../tools/package.mjs';
import { DEFAULT_GAME, GAMES } from '../../www/js/games.js';
import { playHand } from './embed-driver.mjs';
import { openPage, setUp } from './harness.mjs';

const TSC = resolve('node_modules/typescript/bin/tsc');

/** @type {string} */
let root;
/** The package folder, its tarball, and the consumer's folder it is installed in. */
let pkg = '';
let tarball = '';
let consumer = '';
/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
/** @type {ReturnType<typeof buildPackage>} */
let built;

/** A page of the consumer's site loading `script`, with the element `#g` in it. */
const page = (script) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>A site that installed cribbage-game</title>
  <!-- A site names its own icon, as the demo pages do: without one the browser asks for /favicon.ico, a 404 in the console. -->
  <link rel="icon" href="data:,">
  <script type="module" src="${script}"></script>
</head>
<body>
  <h1>Cribbage</h1>
  <cribbage-game id="g" seed="8" level="easy"></cribbage-game>
</body>
</html>
`;

/** Plays at once, so a hand takes seconds: the element's saved settings, by its storage key. */
const instant = () => localStorage.setItem('cribbage-game:g:.settings', JSON.stringify({ speed: 'instant' }));

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'cribbage-package-'));
  const site = join(root, 'site');
  await buildDist({ from: 'www', to: site, singleFile: false });
  pkg = join(root, 'package');
  built = buildPackage({ site, out: pkg });
  tarball = join(root, execFileSync('npm', ['pack', pkg, '--pack-destination', root, '--silent'], { encoding: 'utf8' }).trim().split('\n').at(-1) ?? '');
  consumer = join(root, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'a-consumer', private: true, type: 'module' }));
  // From the file alone: --offline, so any reach for the registry fails the test.
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: consumer, encoding: 'utf8' });
  writeFileSync(join(consumer, 'static.html'), page('/node_modules/cribbage-game/cribbage-game.js'));
  // A consumer bundled from the installed package: the element in the bundle, its files served from the package's folder.
  writeFileSync(
    join(consumer, 'main.js'),
    "import { CribbageGameElement } from 'cribbage-game';\nCribbageGameElement.base = '/node_modules/cribbage-game/';\nwindow.bundledElement = CribbageGameElement;\n",
  );
  await esbuild.build({ absWorkingDir: consumer, entryPoints: ['main.js'], bundle: true, format: 'esm', outfile: 'out/main.js', logLevel: 'silent' });
  writeFileSync(join(consumer, 'bundled.html'), page('/out/main.js'));
  env = await setUp({ root: consumer });
});
after(async () => {
  await env?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('has the package.json, types, manifest and README a registry and an editor expect, its version Cargo.toml’s', () => {
    const json = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
    assert.equal(json.name, 'cribbage-game');
    assert.equal(json.version, cargoVersion());
    assert.equal(json.type, 'module');
    assert.equal(json.types, './cribbage-game.d.ts');
    assert.equal(json.customElements, 'custom-elements.json');
    assert.deepEqual(json.exports['.'], { types: './cribbage-game.d.ts', default: './cribbage-game.js' });
    assert.deepEqual(json.exports['./app'], { types: './js/app.d.ts', default: './js/app.js' });
    assert.deepEqual(json.sideEffects, ['./cribbage-game.js']);
    for (const file of ['cribbage-game.js', 'cribbage-game.d.ts', 'custom-elements.json', 'README.md', 'js/app.js', 'js/app.d.ts', 'css/embed.css', 'pkg/cribbage_bg.wasm', 'pkg-family/cribbage_bg.wasm', 'index.html']) {
      assert.ok(existsSync(join(pkg, file)), file);
      assert.ok(json.files.includes(file.split('/')[0]), `${file} in files`);
    }
    for (const left of ['demo', 'pkg-bench', 'bench.html', 'cribbage.html']) assert.ok(!existsSync(join(pkg, left)), `${left} stays out`);
    assert.ok(built.gzip > 0 && built.gzip < built.bytes);
    // The page inside it (the iframe's) works offline from it: every file its service worker precaches is there.
    const precache = JSON.parse(/self\.PRECACHE = (.*);/.exec(readFileSync(join(pkg, 'precache.js'), 'utf8'))?.[1] ?? 'null');
    assert.ok(precache.files.length > 10);
    for (const [path] of precache.files) assert.ok(existsSync(join(pkg, path)), `precached ${path} is in the package`);

    const manifest = JSON.parse(readFileSync(join(pkg, 'custom-elements.json'), 'utf8'));
    validateManifest(manifest);
    const element = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'cribbage-game');
    assert.equal(element.name, 'CribbageGameElement');
    assert.deepEqual(element.attributes.map((a) => a.name), ['game', 'players', 'target', 'level', 'seed', 'counting', 'match', 'theme', 'storage-key', 'layout', 'four-colour', 'large-cards']);
    assert.deepEqual(element.events.map((e) => e.name).sort(), ['deal', 'gameover', 'ready', 'score', 'size', 'turn', 'view']);
    assert.deepEqual(element.cssParts.map((p) => p.name), ['table', 'board', 'log', 'coach', 'button', 'note']);
    for (const prop of ['--cribbage-felt', '--cribbage-card-back', '--cribbage-board-wood', '--cribbage-peg-1', '--cribbage-font', '--cribbage-accent']) {
      assert.ok(element.cssProperties.some((p) => p.name === prop), prop);
    }
    for (const member of ['newGame', 'undo', 'save', 'restore', 'state', 'ready', 'game', 'level', 'seed']) {
      assert.ok(element.members.some((m) => m.name === member), member);
    }
    assert.ok(!element.members.some((m) => m.name.startsWith('#')), 'no private members');
    // Each attribute is tied to its property both ways, as a tool reading the manifest needs.
    for (const attribute of element.attributes) {
      const field = element.members.find((m) => m.name === attribute.fieldName);
      assert.ok(field, `${attribute.name} names its property`);
      assert.deepEqual([field.attribute, field.reflects], [attribute.name, true], attribute.name);
    }
    assert.equal(element.attributes.find((a) => a.name === 'storage-key').fieldName, 'storageKey');
    // The games are the page's registry's, named with nothing written by hand.
    const union = GAMES.map((game) => `'${game.id}'`).join(' | ');
    const game = element.attributes.find((a) => a.name === 'game');
    assert.equal(game.type.text, union);
    assert.match(game.description, new RegExp(`^The game: ${DEFAULT_GAME} \\(the default\\), .+ or [\\w-]+\\.$`));
    for (const { id, title } of GAMES) {
      assert.ok(game.description.includes(id), `the game attribute names ${id}`);
      assert.ok(element.summary.includes(title), `the summary names ${title}`);
    }
    const types = readFileSync(join(pkg, 'cribbage-game.d.ts'), 'utf8');
    assert.ok(types.includes(`export type CribbageGameId = ${union};\n`), 'the types name every game');
    assert.throws(() => withGameIds('export type CribbageGameId = "noddy";'), /no `export type CribbageGameId = string;`/);
    // The README is prose, written by hand: its list of the game attribute's values must be the registry's.
    const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
    const listed = /`game` \(([^)]*)\)/.exec(readme)?.[1].match(/[\w-]+/g);
    assert.deepEqual(listed, GAMES.map((entry) => entry.id), 'the README lists every game the element plays');
    const opening = readme.split('\n\n')[1].replace(/\s+/g, ' ');
    for (const { title } of GAMES) assert.ok(opening.includes(title), `the README's opening names ${title}`);
    // A manifest the schema refuses is refused.
    assert.throws(() => validateManifest({ schemaVersion: 2, modules: [{ kind: 'nonsense' }] }), /does not match the schema/);
  });

  it('installs from its tarball alone, and a page importing it from node_modules plays a hand', async () => {
    assert.ok(existsSync(join(consumer, 'node_modules', 'cribbage-game', 'cribbage-game.js')));
    const { page: opened, finish } = await openPage(env, 'static.html', { initScript: instant });
    await opened.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).ready);
    const phases = await playHand(opened, 'g');
    assert.ok(phases.includes('play'), `the hand was played: ${phases}`);
    await finish();
  });

  it('bundles with esbuild from the installed package, and the bundle plays a hand', async () => {
    const bundle = readFileSync(join(consumer, 'out', 'main.js'), 'utf8');
    assert.match(bundle, /customElements\.define\("cribbage-game"/);
    const { page: opened, finish } = await openPage(env, 'bundled.html', { initScript: instant });
    await opened.evaluate(() => /** @type {CribbageGameElement} */ (document.getElementById('g')).ready);
    assert.equal(await opened.evaluate(() => /** @type {any} */ (window).bundledElement.base), `${env.url}node_modules/cribbage-game/`);
    const phases = await playHand(opened, 'g');
    assert.ok(phases.includes('play'), `the hand was played: ${phases}`);
    await finish();
  });

  it('type-checks a consumer of its properties and events with tsc, and a misspelled detail field or game fails', () => {
    const good = `import { CribbageGameElement, type CribbageGameId, type CribbageScoreDetail } from 'cribbage-game';
import { mountApp } from 'cribbage-game/app';

const game = document.querySelector('cribbage-game');
if (game) {
  game.level = 'hard';
  game.level = 4;
  game.players = 3;
  game.seed = 42;
  const seed: string | null = game.seed;
  game.addEventListener('score', (event) => {
    const points: number = event.detail.points;
    const detail: CribbageScoreDetail = event.detail;
    console.log(points, detail.reason, seed);
  });
  game.addEventListener('gameover', (event) => console.log(event.detail.winnerName.toUpperCase(), event.detail.scores[0]));
  game.addEventListener('turn', (event) => console.log(event.detail.phase));
  game.addEventListener('size', (event) => console.log(event.detail.height));
  document.addEventListener('score', (event) => console.log(event.detail.score));
  const state = game.state;
  if (state?.turn) console.log(state.turn.name, state.scores[0]?.score, state.over);
  game.newGame({ game: 'noddy', seed: 5 }).then(() => game.save());
  const next: CribbageGameId = 'costly-colours';
  void game.newGame({ game: next });
  game.undo();
  void game.restore('{}');
}
const made: CribbageGameElement = document.createElement('cribbage-game');
made.theme = 'dark';
void mountApp(document.body, { game: 'table-top', players: 4, onEvent: (name, detail) => console.log(name, detail) }).then((app) => app.destroy());
`;
    writeFileSync(join(consumer, 'good.ts'), good);
    writeFileSync(join(consumer, 'bad.ts'), good.replace('event.detail.points;', 'event.detail.pointz;'));
    const tsconfig = (file) => ({
      compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom'], types: [], skipLibCheck: false },
      files: [file],
    });
    writeFileSync(join(consumer, 'tsconfig.good.json'), JSON.stringify(tsconfig('good.ts')));
    writeFileSync(join(consumer, 'tsconfig.bad.json'), JSON.stringify(tsconfig('bad.ts')));
    const tsc = (config) => spawnSync(process.execPath, [TSC, '--noEmit', '-p', config], { cwd: consumer, encoding: 'utf8' });
    const ok = tsc('tsconfig.good.json');
    assert.equal(ok.status, 0, `tsc: ${ok.stdout}${ok.stderr}`);
    const bad = tsc('tsconfig.bad.json');
    assert.notEqual(bad.status, 0, 'the misspelling must fail');
    assert.match(bad.stdout + bad.stderr, /pointz/);
    // The games' ids are a union (tools/package.mjs writes the registry's in), not any string.
    writeFileSync(join(consumer, 'game.ts'), good.replace("'costly-colours';", "'costly-colors';"));
    writeFileSync(join(consumer, 'tsconfig.game.json'), JSON.stringify(tsconfig('game.ts')));
    const misspelt = tsc('tsconfig.game.json');
    assert.notEqual(misspelt.status, 0, 'a misspelt game must fail');
    assert.match(misspelt.stdout + misspelt.stderr, /costly-colors/);
  });
});
