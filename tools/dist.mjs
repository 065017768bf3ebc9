// The deployable site: a copy of www/ with its JS and CSS minified, the
// service worker's precache list for exactly those files, and the
// single-file build beside them. Every URL in it is relative, so the folder
// works from any web server and any sub-path.
//
//   node tools/dist.mjs [FROM] [TO]      default www, dist
//
// `./build.sh dist` runs this after building the wasm module; the browser
// tests call buildDist() to make throwaway copies.

import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { writePrecache } from './precache.mjs';
import { buildSingleFile } from './single-file.mjs';

/** Name of the single-file build inside the site folder. */
export const SINGLE_FILE = 'cribbage.html';

/**
 * Builds the site folder `to` from `from` (which must hold the built pkg/).
 * @param {{ from?: string, to?: string, singleFile?: boolean }} [options]
 * @returns {Promise<{ version: string, files: [string, string][] }>} the precache list
 */
export async function buildDist({ from = 'www', to = 'dist', singleFile = true } = {}) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, {
    recursive: true,
    // Build stamps stay behind (precache.js is rewritten below).
    filter: (path) => !/(^|[\\/])\.[^\\/]+$/.test(path),
  });
  for (const file of walk(to)) {
    const loader = { '.js': 'js', '.mjs': 'js', '.css': 'css' }[extname(file)];
    if (!loader) continue;
    const { code } = await esbuild.transform(readFileSync(file, 'utf8'), {
      loader,
      minify: true,
      legalComments: 'none',
      charset: 'utf8',
    });
    writeFileSync(file, code);
  }
  const list = writePrecache(to);
  if (singleFile) await buildSingleFile({ site: from, out: join(to, SINGLE_FILE) });
  return list;
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
