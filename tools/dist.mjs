// @ts-check
// The deployable site: a copy of www/ with its modules bundled and its
// stylesheets joined, all minified, the service worker's precache list for
// exactly those files, and the single-file build beside them. Every URL in it
// is relative, so the folder works from any web server and any sub-path.
//
//   node tools/dist.mjs [FROM] [TO]      default www, dist
//
// Bundling is for the first visit's download: one module and one stylesheet
// compress better than seventeen and five, and cost fewer requests.
// - js/app.js (the app: the page's main.js and <cribbage-game> import it by
//   URL) is one module holding everything a game needs before its first
//   play, and js/ai-worker.js another: no chunks on the first visit's path,
//   whose separate files would each compress alone (about 1.5 KB gzip more).
//   js/main.js stays a small module of its own that imports js/app.js.
// - The modules loaded when first wanted (the show, the dialogs, the
//   calculator, the sound…) are one module, js/lazy.js, bundled whole: one
//   file compresses together, about 6 KB gzip less than the modules and
//   their shared chunks did, each compressed alone. js/pwa.js, the service
//   worker's installer, is among them: registering the worker brings the
//   rest a little early, which its precaching fetches anyway.
// - What a game needs before its first play (its face, js/cribbage-face.js,
//   js/layout.js or js/three-card.js, and js/show.js, the show panel
//   Noddy's announcements open), and js/telling.js (the telling of
//   everything after the first play, wanted before lazy.js may have
//   arrived) are modules of their own (OWN_ENTRIES,
//   which www/js/later.js loads each by itself), so a game opened by its
//   link waits for its own face and nothing of lazy.js, nor of another
//   game's face: standard cribbage's face is not in js/app.js, which every
//   game's page loads. (Its request starts with the engine's, whose loader
//   and module come in two round trips to its one: it adds no wait.) What they share
//   with lazy.js (a game's ending) is in chunks. What any of them shares
//   with the app (dom.js, cards.js, words.js…) it imports from js/app.js,
//   which exports it for them (see buildDist).
// - The lazy modules' stylesheets (LAZY_CSS) likewise become css/lazy.css,
//   loaded with the first of them, but for the faces' and the show's
//   (OWN_CSS), each a file of its own loaded with its module; compact.css
//   stays apart, as only the compact layout loads it, before it draws.
//   Every `new URL(…, import.meta.url)` in the sources is relative to js/,
//   so it resolves the same from any module or chunk there.
// - The benchmark pages' modules are bundled on their own.
// - pkg/cribbage.js, wasm-bindgen's loader, stays a file of its own: it is
//   imported, not bundled (so are the family module's, pkg-family/, and
//   the benchmark module's, pkg-bench/).
// - The app's stylesheets (STYLESHEETS in js/app.js) and the page's own
//   (page.css) become css/app.css, one render-blocking request instead of
//   two; every page that linked them links it instead. In a <cribbage-game>
//   shadow root the page's rules (html, body, #app's host) match nothing.
//
// `./build.sh dist` runs this after building the wasm module; the browser
// tests call buildDist() to make throwaway copies.

import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { writePrecache } from './precache.mjs';
import { LAZY_CSS, buildSingleFile } from './single-file.mjs';

/** Name of the single-file build inside the site folder. */
export const SINGLE_FILE = 'cribbage.html';

/** The app's modules that pages, workers or other sites load by URL. */
const APP_ENTRIES = ['js/main.js', 'js/app.js', 'js/ai-worker.js'];
/** The modules the app loads by import() when first wanted, each by itself (see www/js/later.js). */
const OWN_ENTRIES = ['js/cribbage-face.js', 'js/layout.js', 'js/show.js', 'js/telling.js', 'js/three-card.js'];
/** Those modules, and the rest of the lazy ones in one, lazy.js. */
const LAZY_ENTRIES = [...OWN_ENTRIES, 'js/lazy.js'];
/** Imports kept as imports (by URL), not bundled into the importer: js/app.js from main.js, and every lazy module. */
const KEPT_APART = new Set(['./app.js', ...LAZY_ENTRIES.map((entry) => `./${entry.slice('js/'.length)}`)]);
/**
 * How js/lazy.js imports a module of the app's own, marked for
 * sharedImports(): the app's module that shares it, then which one.
 */
const SHARED_MARK = './app.js?shares=';
/** The benchmark pages' modules (developer tools, not precached). */
const BENCH_ENTRIES = ['js/bench.js', 'js/ai-bench.js', 'js/ai-bench-worker.js'];
/** The app's stylesheets, in order, as js/app.js lists them. */
// (the lazy modules' stylesheets are not joined to these: the app loads them with their modules.)
const APP_CSS = ['base.css', 'cards.css', 'board.css', 'table.css'];
/** The file the lazy modules' stylesheets (LAZY_CSS) are joined into; the app is told by CRIBBAGE_LAZY_STYLESHEETS. */
const LAZY_CSS_FILE = 'lazy.css';
/** The stylesheets of OWN_ENTRIES (among LAZY_CSS): each stays a file of its own, loaded with its module. */
const OWN_CSS = ['layout.css', 'show.css'];
/** The stylesheets joined into LAZY_CSS_FILE. */
const JOINED_LAZY_CSS = LAZY_CSS.filter((file) => !OWN_CSS.includes(file));
/** What JOINED_CSS holds: the page's stylesheet, then the app's. */
const JOINED = ['page.css', ...APP_CSS];
const JOINED_CSS = 'app.css';

/** @type {{ minify: boolean, legalComments: 'none', charset: 'utf8' }} */
const MINIFY = { minify: true, legalComments: 'none', charset: 'utf8' };

/**
 * Builds the site folder `to` from `from` (which must hold the built pkg/).
 * @param {{ from?: string, to?: string, singleFile?: boolean }} [options]
 * @returns {Promise<{ version: string, files: [string, string][] }>} the precache list
 */
export async function buildDist({ from = 'www', to = 'dist', singleFile = true } = {}) {
  checkStylesheets(from);
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, {
    recursive: true,
    // Build stamps stay behind (precache.js is rewritten below); so do the
    // module sources and the app's stylesheets, which are bundled below.
    filter: (path) => {
      const rel = relative(from, path).split(sep).join('/');
      if (/(^|\/)\.[^/]+$/.test(rel)) return false;
      if (/^js\/.+\.js$/.test(rel)) return false;
      return ![...JOINED, ...JOINED_LAZY_CSS].some((file) => rel === `css/${file}`);
    },
  });
  // The lazy modules import what they share with the app from js/app.js,
  // which exports it for them, rather than carrying copies (one instance of
  // each module, too): about 5 KB gzip less on the whole first visit for
  // 0.35 KB more on its critical path (the names, and the little that only
  // the lazy modules use).
  const lazy = await bundle(from, to, LAZY_ENTRIES, { chunk: 'lazy-chunk', shareFrom: await moduleGraph(from, 'js/app.js') });
  const shared = sharedImports(to, [...lazy.keys()].filter((path) => path.endsWith('.js')));
  const app = await bundle(from, to, APP_ENTRIES, { split: false, shareTo: shared });
  checkShared(to, shared);
  await bundle(from, to, BENCH_ENTRIES, { chunk: 'bench-chunk' });
  const main = staticImports(new Map([...app, ...lazy]), 'js/main.js', to);
  const css = JOINED.map((file) => readFileSync(join(from, 'css', file), 'utf8')).join('\n');
  writeFileSync(join(to, 'css', JOINED_CSS), (await esbuild.transform(css, { loader: 'css', ...MINIFY })).code);
  const lazyCss = JOINED_LAZY_CSS.map((file) => readFileSync(join(from, 'css', file), 'utf8')).join('\n');
  writeFileSync(join(to, 'css', LAZY_CSS_FILE), (await esbuild.transform(lazyCss, { loader: 'css', ...MINIFY })).code);

  const bundled = new Set([...walk(join(to, 'js')), join(to, 'css', JOINED_CSS), join(to, 'css', LAZY_CSS_FILE)]);
  for (const file of walk(to)) {
    const ext = extname(file);
    if (ext === '.html') writeFileSync(file, relink(readFileSync(file, 'utf8'), file, to, main));
    const loader = { '.js': 'js', '.mjs': 'js', '.css': 'css' }[ext];
    if (!loader || bundled.has(file)) continue;
    const { code } = await esbuild.transform(readFileSync(file, 'utf8'), { loader, ...MINIFY });
    writeFileSync(file, code);
  }
  const list = writePrecache(to);
  if (singleFile) await buildSingleFile({ site: from, out: join(to, SINGLE_FILE) });
  return list;
}

/** js/app.js must list the stylesheets this file joins, in the same order. */
function checkStylesheets(from) {
  const app = readFileSync(join(from, 'js', 'app.js'), 'utf8');
  const listed = /\[('[\w-]+\.css'(?:, '[\w-]+\.css')*)\]/.exec(app)?.[1];
  if (listed !== APP_CSS.map((file) => `'${file}'`).join(', ')) {
    throw new Error(`dist: js/app.js's stylesheets (${listed}) are not the ones tools/dist.mjs joins (${APP_CSS.join(', ')})`);
  }
}

/**
 * Bundles `entries` (paths under `from`) into `to`, keeping their paths:
 * each whole (`split: false`), or with the code they share in
 * js/CHUNK-*.js. Imports of js/app.js and of the lazy modules stay
 * imports. Returns the outputs' imports by site path.
 */
async function bundle(from, to, entries, { split = true, chunk = 'chunk', shareFrom = null, shareTo = null } = {}) {
  const result = await esbuild.build({
    entryPoints: entries.map((entry) => join(from, entry)),
    outbase: from,
    outdir: to,
    bundle: true,
    splitting: split,
    format: 'esm',
    target: 'es2022',
    chunkNames: `js/${chunk}-[hash]`,
    define: {
      CRIBBAGE_STYLESHEET: JSON.stringify(JOINED_CSS),
      CRIBBAGE_LAZY_STYLESHEETS: JSON.stringify(Object.fromEntries(JOINED_LAZY_CSS.map((file) => [file, LAZY_CSS_FILE]))),
    },
    metafile: true,
    logLevel: 'silent',
    ...MINIFY,
    plugins: [
      {
        name: 'wasm-bindgen-loader',
        setup(build) {
          // Kept as written ('../pkg/cribbage.js'), which every chunk in js/ resolves alike.
          build.onResolve({ filter: /(^|\/)pkg(-bench|-family)?\/cribbage\.js$/ }, (args) => ({ path: args.path, external: true }));
          // A module of the app's own graph (shareFrom), imported from the app, marked (SHARED_MARK).
          if (shareFrom) {
            build.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, (args) =>
              args.kind === 'import-statement' && shareFrom.has(resolve(args.resolveDir, args.path)) ? { path: `${SHARED_MARK}${args.path.slice(2)}`, external: true } : undefined,
            );
          }
          // The app's entry exports, from each of its modules, the names the lazy modules import (shareTo).
          if (shareTo) {
            build.onLoad({ filter: /[\\/]js[\\/]app\.js$/ }, (args) => ({
              contents: [readFileSync(args.path, 'utf8'), ...[...shareTo].map(([file, names]) => `export { ${[...names].join(', ')} } from './${file}';`)].join('\n'),
              loader: 'js',
            }));
          }
          // Loaded by URL at run time, each a module of its own (see KEPT_APART).
          build.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, (args) =>
            KEPT_APART.has(args.path) && (args.path === './app.js' || !entries.includes(`js/${args.path.slice(2)}`)) ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
  });
  const site = (path) => relative(to, path).split(sep).join('/');
  dropRuntimeImports(result.metafile.outputs);
  return new Map(Object.entries(result.metafile.outputs).map(([path, output]) => [site(path), output]));
}

/**
 * With code splitting, esbuild puts its own helpers (`__export`, for
 * lazy.js's `export * as`) in a chunk of their own, a chunk made of no
 * source file, and has every entry import it for its side effects, whether
 * the entry uses the helpers or not (evanw/esbuild#1892). The helpers only
 * define functions, so such an import does nothing but cost a request, and
 * one that starts only once the importing module has arrived: on the first
 * path of every game whose face is such an entry. The bare imports go; an
 * entry that uses a helper imports it by name and keeps that import.
 * @param {Record<string, { inputs: Record<string, unknown>, imports: { path: string, kind: string, external?: boolean }[] }>} outputs  esbuild's metafile outputs, updated to match
 */
function dropRuntimeImports(outputs) {
  const runtime = Object.keys(outputs).filter((path) => path.endsWith('.js') && Object.keys(outputs[path].inputs).length === 0);
  for (const chunk of runtime) {
    const name = chunk.split('/').at(-1);
    const bare = new RegExp(`import\\s*"\\./${name.replace(/[.]/g, '\\.')}";?`, 'g');
    for (const [path, output] of Object.entries(outputs)) {
      if (!output.imports.some((i) => i.path === chunk)) continue;
      const code = readFileSync(path, 'utf8');
      const kept = code.replace(bare, '');
      if (kept === code) continue;
      writeFileSync(path, kept);
      // Still imported by name (the entry uses a helper): the import stays in the metafile too.
      if (!kept.includes(`"./${name}"`)) output.imports = output.imports.filter((i) => i.path !== chunk);
    }
  }
}

/** The absolute paths of every module `entry` (under `from`) bundles. */
async function moduleGraph(from, entry) {
  const { metafile } = await esbuild.build({ entryPoints: [join(from, entry)], bundle: true, write: false, metafile: true, logLevel: 'silent', format: 'esm', external: ['*/cribbage.js', ...KEPT_APART] });
  return new Set(Object.keys(metafile.inputs).map((path) => resolve(path)));
}

/**
 * The names each of `files` (site paths) imports from the app's modules
 * (file → names, by SHARED_MARK), whose imports it then rewrites to be
 * from js/app.js itself.
 */
function sharedImports(to, files) {
  const shared = new Map();
  const mark = new RegExp(`from\\s*"${SHARED_MARK.replace(/[.?]/g, '\\$&')}([\\w-]+\\.js)"`, 'g');
  for (const file of files) {
    const path = join(to, file);
    const code = readFileSync(path, 'utf8');
    for (const [, names, module] of code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*${mark.source}`, 'g'))) {
      if (!shared.has(module)) shared.set(module, new Set());
      for (const name of names.split(',')) shared.get(module).add(name.trim().split(/\s+as\s+/)[0]);
    }
    const rewritten = code.replace(mark, 'from"./app.js"');
    // Only named imports can be taken from the app (a namespace would be the app's whole).
    if (rewritten.includes(SHARED_MARK)) throw new Error(`dist: ${file} imports one of the app's modules other than by name`);
    writeFileSync(path, rewritten);
  }
  return shared;
}

/**
 * Every name the lazy modules import from js/app.js must be one app.js
 * exports (a missing one would fail only when the lazy module loads).
 */
function checkShared(to, shared) {
  const app = readFileSync(join(to, 'js', 'app.js'), 'utf8');
  const exported = new Set([...app.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) => m[1].split(',').map((n) => n.trim().split(/\s+as\s+/).at(-1))));
  const missing = [...shared.values()].flatMap((names) => [...names]).filter((name) => !exported.has(name));
  if (missing.length) throw new Error(`dist: the lazy modules import ${missing.join(', ')} from js/app.js, which does not export them`);
}

/** The site paths `entry` imports statically, directly or through others: the page's modulepreload links. */
function staticImports(outputs, entry, to) {
  const site = (path) => relative(to, path).split(sep).join('/');
  const found = new Set();
  const visit = (path) => {
    for (const i of outputs.get(path)?.imports ?? []) {
      if (i.kind !== 'import-statement') continue;
      // An external import keeps its text, relative to the importer in js/.
      const target = i.external ? new URL(i.path, 'file:///js/').pathname.slice(1) : site(i.path);
      if (!found.has(target)) {
        found.add(target);
        visit(target);
      }
    }
  };
  visit(entry);
  return [...found];
}

/**
 * A page's links after bundling: the app's stylesheets become one link to
 * the joined file, and the app page preloads main.js's imports.
 */
function relink(html, file, to, mainImports) {
  const prefix = relative(join(file, '..'), to).split(sep).join('/');
  const at = (path) => (prefix ? `${prefix}/${path}` : path);
  let joined = false;
  let page = html.replace(/[ \t]*<link rel="stylesheet" href="([^"]+)">\n?/g, (tag, href) => {
    if (!JOINED.some((css) => href === at(`css/${css}`))) return tag;
    if (joined) return '';
    joined = true;
    return tag.replace(href, at(`css/${JOINED_CSS}`));
  });
  if (/<link rel="modulepreload"/.test(page)) {
    const preloads = ['js/main.js', ...mainImports];
    let first = true;
    page = page.replace(/([ \t]*)<link rel="modulepreload" href="[^"]+">\n?/g, (_, indent) => {
      if (!first) return '';
      first = false;
      return preloads.map((href) => `${indent}<link rel="modulepreload" href="${at(href)}">\n`).join('');
    });
  }
  return page;
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const from = process.argv[2] ?? 'www';
  const to = process.argv[3] ?? 'dist';
  const { version, files } = await buildDist({ from, to });
  console.log(`${to}/: ${files.length} files precached as version ${version}; ${to}/${SINGLE_FILE} plays from file://`);
}
