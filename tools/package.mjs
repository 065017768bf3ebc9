// @ts-check
// The npm package of <cribbage-game>: a folder ready for `npm pack` (and to
// publish, which nothing here does), made from the deployable site.
//
//   node tools/package.mjs [SITE] [OUT]      default dist, dist/package
//
// It holds the built site as `./build.sh dist` makes it (the element, the
// app, its styles, both engines, and the page itself, which an iframe can
// show) less what a site embedding the game never loads (the benchmarks, the
// demo, the single file); package.json, its version Cargo.toml's; the types
// (tools/package/*.d.ts); custom-elements.json, made by
// @custom-elements-manifest/analyzer from the element's source and checked
// against the custom-elements-manifest schema; and a README. The games the
// element plays are named from the page's registry (www/js/games.js): the
// types' `CribbageGameId`, and the manifest's summary and `game` attribute. It prints the
// folder's size, each file gzipped as a server would send it.
//
// `./build.sh package` runs it after `dist`, then `npm pack`;
// tests/e2e/package.test.mjs calls buildPackage() on a throwaway site.

import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { DEFAULT_GAME, GAMES } from '../www/js/games.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** The package's name on the registry. */
export const PACKAGE_NAME = 'cribbage-game';

/** Paths of the site (relative, '/'-separated) that stay out of the package, and why. */
/** @type {[RegExp, string][]} */
const LEFT_OUT = [
  [/^package(\/|$)/, 'the package itself, when it is made inside the site folder'],
  [/^demo\//, 'the embed demo, a stand-in for somebody else’s site'],
  [/^(ai-)?bench\.html$|^js\/(ai-)?bench(-worker|-chunk-[\w-]+)?\.js$|^css\/bench\.css$|^pkg-bench\//, 'the benchmarks, developer tools'],
  [/^cribbage\.html$/, 'the single-file build, a download of its own'],
  [/(^|\/)\./, 'dotfiles: build stamps'],
];

/** The version in Cargo.toml's [package]: the package's. */
export function cargoVersion() {
  const toml = readFileSync(join(ROOT, 'Cargo.toml'), 'utf8');
  const section = toml.split(/^\[/m).find((part) => part.startsWith('package]'));
  const version = section && /^version\s*=\s*"([^"]+)"/m.exec(section)?.[1];
  if (!version) throw new Error('package: no version in Cargo.toml’s [package]');
  return version;
}

/**
 * Makes the package folder `out` from the site folder `site`.
 * @param {{ site?: string, out?: string }} [options]
 * @returns {{ out: string, version: string, files: number, bytes: number, gzip: number }}
 */
export function buildPackage({ site = 'dist', out = join(site, 'package') } = {}) {
  const version = cargoVersion();
  const source = join(ROOT, 'www', 'cribbage-game.js');
  const built = walk(site).map((file) => relative(site, file).split(sep).join('/'));
  const kept = built.filter((path) => !LEFT_OUT.some(([pattern]) => pattern.test(path)));
  if (!kept.includes('cribbage-game.js') || !kept.includes('js/app.js')) throw new Error(`package: ${site} is not a built site (no cribbage-game.js and js/app.js)`);
  rmSync(out, { recursive: true, force: true });
  for (const path of kept) {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    copyFileSync(join(site, path), join(out, path));
  }
  writeFileSync(join(out, 'cribbage-game.d.ts'), withGameIds(readFileSync(join(ROOT, 'tools', 'package', 'cribbage-game.d.ts'), 'utf8')));
  cpSync(join(ROOT, 'tools', 'package', 'app.d.ts'), join(out, 'js', 'app.d.ts'));
  cpSync(join(ROOT, 'tools', 'package', 'README.md'), join(out, 'README.md'));

  const manifest = elementsManifest(source);
  validateManifest(manifest);
  writeFileSync(join(out, 'custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  const top = [...new Set(readdirSync(out).filter((name) => name !== 'package.json'))].sort();
  const cargo = readFileSync(join(ROOT, 'Cargo.toml'), 'utf8');
  const pkg = {
    name: PACKAGE_NAME,
    version,
    description: 'Every game of the cribbage family as a custom element: <cribbage-game>, with honest computer players, in WebAssembly.',
    license: /^license\s*=\s*"([^"]+)"/m.exec(cargo)?.[1] ?? 'MIT',
    keywords: ['cribbage', 'card game', 'web component', 'custom element', 'webassembly'],
    type: 'module',
    main: './cribbage-game.js',
    module: './cribbage-game.js',
    types: './cribbage-game.d.ts',
    exports: {
      '.': { types: './cribbage-game.d.ts', default: './cribbage-game.js' },
      './cribbage-game.js': { types: './cribbage-game.d.ts', default: './cribbage-game.js' },
      './app': { types: './js/app.d.ts', default: './js/app.js' },
      './js/app.js': { types: './js/app.d.ts', default: './js/app.js' },
      './custom-elements.json': './custom-elements.json',
      './package.json': './package.json',
      // Every other file by its path: the styles, the engines, the page for an iframe.
      './*': './*',
    },
    customElements: 'custom-elements.json',
    files: top,
    // Importing the element defines it; nothing else runs on import.
    sideEffects: ['./cribbage-game.js'],
  };
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);

  let bytes = 0;
  let gzip = 0;
  const files = walk(out);
  for (const file of files) {
    const data = readFileSync(file);
    bytes += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
  }
  return { out, version, files: files.length, bytes, gzip };
}

/** The types' declaration of the games' ids, as tools/package/cribbage-game.d.ts writes it. */
const GAME_ID_TYPE = /^export type CribbageGameId = string;$/m;

/**
 * The element's types with `CribbageGameId` the registry's ids, so an
 * editor offers each game and tsc refuses a misspelt one.
 * @param {string} types
 */
export function withGameIds(types) {
  if (!GAME_ID_TYPE.test(types)) throw new Error('package: cribbage-game.d.ts has no `export type CribbageGameId = string;` to write the games into');
  return types.replace(GAME_ID_TYPE, `export type CribbageGameId = ${GAMES.map((game) => `'${game.id}'`).join(' | ')};`);
}

/** `words` as a list is said: `a, b and c` (`joiner` 'and' or 'or'). @param {string[]} words @param {string} joiner */
const inWords = (words, joiner) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${joiner} ${words.at(-1)}`);

/**
 * The manifest's words for what differs by game, from the registry: the
 * element's summary names every game, and its `game` attribute takes each
 * id (its type, the same union as the types').
 * @param {any} declaration  The element's declaration in the manifest.
 */
function nameTheGames(declaration) {
  const ids = GAMES.map((game) => (game.id === DEFAULT_GAME ? `${game.id} (the default)` : game.id));
  declaration.summary = `A game of the cribbage family: ${inWords(GAMES.map((game) => game.title), 'and')}.`;
  const attribute = declaration.attributes?.find((a) => a.name === 'game');
  if (!attribute) throw new Error('package: the element has no `game` attribute to name the games in');
  attribute.description = `The game: ${inWords(ids, 'or')}.`;
  attribute.type = { text: GAMES.map((game) => `'${game.id}'`).join(' | ') };
}

/**
 * Ties each attribute to the property that reads and writes it (the
 * attribute's `fieldName`, the field's `attribute` and `reflects`): the
 * analyzer leaves them apart, so a tool that reads the manifest could not
 * tell that `storage-key` is `storageKey` or that setting a property
 * writes its attribute.
 * @param {any} declaration  A declaration in the manifest.
 */
function linkAttributes(declaration) {
  for (const attribute of declaration.attributes ?? []) {
    const name = attribute.name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
    const field = declaration.members?.find((member) => member.kind === 'field' && !member.static && member.name === name);
    if (!field) throw new Error(`package: the attribute ${attribute.name} has no property ${name}`);
    attribute.fieldName = name;
    field.attribute = attribute.name;
    field.reflects = true;
  }
}

/**
 * The Custom Elements Manifest of the element, from its source by the
 * analyzer; its JSDoc tags (@attr, @fires, @cssprop, @csspart) are the
 * documentation. What the analyzer reads that is not the element's API
 * goes: private members, and the events it guesses from the app's
 * forwarding (`new CustomEvent(name, …)`).
 * @param {string} source
 */
function elementsManifest(source) {
  const work = mkdtempSync(join(tmpdir(), 'cribbage-cem-'));
  try {
    copyFileSync(source, join(work, 'cribbage-game.js'));
    writeFileSync(join(work, 'package.json'), '{ "name": "cribbage-game", "private": true }\n');
    const cem = join(dirname(require.resolve('@custom-elements-manifest/analyzer/package.json')), 'cem.js');
    const run = spawnSync(process.execPath, [cem, 'analyze', '--globs', 'cribbage-game.js', '--outdir', '.', '--quiet'], { cwd: work, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`package: the manifest analyzer failed: ${run.stderr || run.stdout}`);
    const manifest = JSON.parse(readFileSync(join(work, 'custom-elements.json'), 'utf8'));
    for (const module of manifest.modules) {
      for (const declaration of module.declarations ?? []) {
        const documented = new Set(
          readFileSync(source, 'utf8')
            .split('\n')
            .map((line) => /@fires\s+(?:\{[^}]*(?:\{[^}]*\}[^}]*)?\}\s+)?([\w-]+)/.exec(line)?.[1])
            .filter(Boolean),
        );
        if (declaration.events) declaration.events = declaration.events.filter((event) => documented.has(event.name));
        if (declaration.tagName === 'cribbage-game') nameTheGames(declaration);
        linkAttributes(declaration);
        if (declaration.members) {
          const seen = new Set();
          declaration.members = declaration.members.filter((member) => {
            if (member.name.startsWith('#') || member.privacy === 'private') return false;
            const key = `${member.static ? 'static ' : ''}${member.name}`;
            if (seen.has(key)) return false;
            seen.add(key);
            return true;
          });
        }
      }
    }
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Throws unless `manifest` is valid against the custom-elements-manifest
 * package's JSON schema.
 * @param {object} manifest
 */
export function validateManifest(manifest) {
  // The CommonJS module, whose class is its default export (or itself, in older versions).
  const Ajv = /** @type {any} */ (require('ajv'));
  const schema = JSON.parse(readFileSync(require.resolve('custom-elements-manifest/schema.json'), 'utf8'));
  const ajv = new (Ajv.default ?? Ajv)({ allErrors: true, strict: false });
  const validate = ajv.compile(schema);
  if (!validate(manifest)) {
    throw new Error(`package: custom-elements.json does not match the schema: ${ajv.errorsText(validate.errors)}`);
  }
}

/** @param {string} dir @returns {string[]} */
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path);
    return entry.isFile() ? [path] : [];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = process.argv[2] ?? 'dist';
  const { out, version, files, bytes, gzip } = buildPackage({ site, out: process.argv[3] ?? join(site, 'package') });
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`${out}: ${PACKAGE_NAME}@${version}, ${files} files, ${kb(bytes)} (${kb(gzip)} gzip, each file gzipped)`);
}
