// @ts-check
// The single-file build: index.html with every stylesheet, every module and
// the wasm engine inside it, so it plays from file:// with no server. Its own
// Content-Security-Policy allows exactly its one inline module and its one
// inline stylesheet, by hash, and nothing from anywhere else.
//
//   node tools/single-file.mjs [SITE_DIR] [OUT_FILE]   default www, dist/cribbage.html
//
// The page's entry (js/main.js) is bundled by esbuild, with js/pwa.js
// replaced by a stub (no service worker from file://), after a small module
// that starts the engine from the inlined bytes: the app's own init() then
// finds it started and fetches nothing.

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

/**
 * The stylesheets the app loads with its lazy modules (www/js/lazy.js), not
 * linked from the page: here inline with the rest, and on the deployed site
 * joined into one file (tools/dist.mjs). compact.css, which only the compact
 * layout loads, is not among them.
 */
export const LAZY_CSS = ['calculator.css', 'dialogs.css', 'later.css', 'layout.css', 'show.css'];

/** Chromium refuses to compile a module over 8 MB synchronously on the main thread. */
const SYNC_COMPILE_LIMIT = 8 * 1024 * 1024;

/**
 * Builds the single file.
 * @param {{ site?: string, out?: string }} [options]
 * @returns {Promise<{ out: string, bytes: number }>}
 */
export async function buildSingleFile({ site = 'www', out = 'dist/cribbage.html' } = {}) {
  site = resolve(site);
  const html = readFileSync(join(site, 'index.html'), 'utf8');
  const wasm = readFileSync(join(site, 'pkg', 'cribbage_bg.wasm'));
  const entry = /<script type="module" src="([^"]+)"><\/script>/.exec(html)?.[1];
  if (!entry) throw new Error('single-file: index.html has no <script type="module" src>');

  const startEngine =
    wasm.length <= SYNC_COMPILE_LIMIT
      ? `import { initSync } from './pkg/cribbage.js';\ninitSync({ module: bytes });`
      : `import init from './pkg/cribbage.js';\nawait init({ module_or_path: bytes });`;
  const script = await bundle(site, entry, [
    `const text = atob(${JSON.stringify(wasm.toString('base64'))});`,
    'const bytes = new Uint8Array(text.length);',
    'for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);',
    startEngine,
  ].join('\n'));

  // The page's stylesheets, and those the app loads only with their modules
  // or its compact layout: here every style is inline. Not layout.css: the
  // layout games are left out (below), as they play in the family module.
  const inline = [...LAZY_CSS.filter((file) => file !== 'layout.css'), 'compact.css'];
  const stylesheets = [...[...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]), ...inline.map((file) => `css/${file}`)];
  const css = (
    await esbuild.transform(stylesheets.map((href) => readFileSync(join(site, href), 'utf8')).join('\n'), {
      loader: 'css',
      minify: true,
      legalComments: 'none',
    })
  ).code.trim();
  const favicon = `data:image/svg+xml;base64,${readFileSync(join(site, 'favicon.svg')).toString('base64')}`;

  const hash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  const csp = [
    "default-src 'none'",
    `script-src ${hash(script)} 'wasm-unsafe-eval'`,
    `style-src ${hash(css)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

  let page = html
    .replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/, `<meta http-equiv="Content-Security-Policy" content="${csp}">`)
    .replace(/\s*<link rel="(?:stylesheet|modulepreload|manifest|apple-touch-icon)" href="[^"]*">/g, '')
    .replace(/favicon\.svg/g, favicon)
    .replace(/<script type="module" src="[^"]+"><\/script>/, () => `<style>${css}</style>\n  <script type="module">${script}</script>`);
  if (!page.includes(csp)) throw new Error('single-file: index.html has no Content-Security-Policy <meta> to replace');
  if (/\s(?:src|href)="(?!data:|#|\.\/")/.test(page)) {
    throw new Error(`single-file: a URL is left that file:// cannot load: ${/\s(?:src|href)="(?!data:|#|\.\/")[^"]*"/.exec(page)[0]}`);
  }
  page = page.replace('</title>', '</title>\n  <!-- Single-file build: plays from file://, no server needed. -->');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, page);
  return { out, bytes: Buffer.byteLength(page) };
}

/** The entry module bundled, after `prelude` (which starts the engine). */
async function bundle(site, entry, prelude) {
  const result = await esbuild.build({
    stdin: {
      contents: `import './single-file:engine';\nimport './${entry}';\n`,
      resolveDir: site,
      sourcefile: 'single-file-entry.js',
    },
    bundle: true,
    format: 'esm',
    minify: true,
    legalComments: 'none',
    // The computer players think on the page's thread (js/ai.js): no worker file here.
    define: { CRIBBAGE_SINGLE_FILE: 'true' },
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'single-file',
        setup(build) {
          build.onResolve({ filter: /^\.\/single-file:engine$/ }, () => ({ path: 'engine', namespace: 'single-file' }));
          build.onLoad({ filter: /^engine$/, namespace: 'single-file' }, () => ({ contents: prelude, resolveDir: site }));
          // The family module is not inlined: this file plays cribbage and
          // reverse (each extra module would add its whole size, base64).
          build.onResolve({ filter: /(^|\/)pkg-family\/cribbage\.js$/ }, () => ({ path: 'family', namespace: 'single-file' }));
          build.onLoad({ filter: /^family$/, namespace: 'single-file' }, () => ({
            contents:
              "export default async function () { throw new Error('the single-file build plays standard and reverse cribbage: the other games need the installed app'); }",
          }));
          // Nor the layout games' face (the solitaires): they play in the family module.
          build.onResolve({ filter: /(^|\/)layout\.js$/ }, () => ({ path: 'layout', namespace: 'single-file' }));
          build.onLoad({ filter: /^layout$/, namespace: 'single-file' }, () => ({ contents: 'export {};' }));
          // No service worker from file://.
          build.onResolve({ filter: /(^|\/)pwa\.js$/ }, () => ({ path: 'pwa', namespace: 'single-file' }));
          build.onLoad({ filter: /^pwa$/, namespace: 'single-file' }, () => ({
            contents: 'export function registerServiceWorker() {}',
          }));
        },
      },
    ],
  });
  const code = result.outputFiles[0].text.trim();
  // An inline script ends at the first "</script", whatever the JS around it means.
  if (/<\/script/i.test(code)) throw new Error('single-file: the bundle contains "</script"');
  return code;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { out, bytes } = await buildSingleFile({ site: process.argv[2], out: process.argv[3] });
  console.log(`${out}: ${(bytes / 1024).toFixed(1)} KB`);
}
