// @ts-check
// Runs the browser tests (tests/e2e/*.test.mjs) as `node --test` does, N files
// at a time, each in a process of its own, but in an order of our own: the
// longest files first, so that the last files to start are short ones and the
// workers finish together. `node --test` sorts the files it is given by name,
// and in that order one of the longest (table.test.mjs) started last and ran
// alone at the end. Every file not named in LONGEST_FIRST follows, by name.
//
//   node tools/browser-tests.mjs [--concurrency N] [FILE...]
//
// FILE... (paths) runs those files alone, in the order given. Exits non-zero
// if any test fails, as `node --test` does. At the end it prints each file's
// time (on stderr, beside the report), longest first, with when it started:
// the figures to keep LONGEST_FIRST in order by, from the run itself.

import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';
import { pathToFileURL } from 'node:url';

const DIR = 'tests/e2e';

/**
 * The longest test files, longest first (each file's time in a whole run,
 * three at a time, as this script prints them at the end; README "Browser
 * tests"). A name that is not a file fails the run.
 */
export const LONGEST_FIRST = ['table', 'in-view', 'game', 'layout', 'family', 'differential', 'embed', 'first-path', 'pwa', 'chances', 'embed-api'];

/** Every test file, the longest first, then the rest by name. */
export function ordered() {
  const all = readdirSync(DIR)
    .filter((name) => name.endsWith('.test.mjs'))
    .sort();
  for (const name of LONGEST_FIRST) {
    if (!all.includes(`${name}.test.mjs`)) throw new Error(`LONGEST_FIRST names ${DIR}/${name}.test.mjs, which is not there`);
  }
  const first = LONGEST_FIRST.map((name) => `${name}.test.mjs`);
  return [...first, ...all.filter((name) => !first.includes(name))].map((name) => join(DIR, name));
}

/**
 * Each file's time in the run, longest first, as lines to print: its seconds
 * and the second it started at, from the runner's own events (a file's
 * process is its one test at nesting 0, named by its path).
 * @param {Map<string, { start: number, seconds?: number }>} files
 * @returns {string[]}
 */
export function fileTimes(files) {
  const rows = [...files].filter(([, t]) => t.seconds !== undefined).sort((a, b) => (b[1].seconds ?? 0) - (a[1].seconds ?? 0));
  return ['file                               seconds  started at (s)', ...rows.map(([file, t]) => `${relative(DIR, file).padEnd(34)} ${(t.seconds ?? 0).toFixed(1).padStart(7)}  ${t.start.toFixed(1).padStart(14)}`)];
}

function main() {
  const args = process.argv.slice(2);
  let concurrency = 3;
  const at = args.indexOf('--concurrency');
  if (at >= 0) {
    concurrency = Number(args[at + 1]);
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`--concurrency takes a whole number of files, not ${args[at + 1]}`);
    args.splice(at, 2);
  }
  const files = (args.length ? args : ordered()).map((file) => resolve(file));
  const began = performance.now();
  const stream = run({ files, concurrency });
  stream.on('test:fail', () => {
    process.exitCode = 1;
  });
  /** @type {Map<string, { start: number, seconds?: number }>} */
  const times = new Map();
  const isFile = (/** @type {{ name?: string, file?: string, nesting?: number }} */ data) => data.nesting === 0 && data.file !== undefined && data.name === data.file;
  stream.on('test:dequeue', (data) => {
    if (isFile(data) && !times.has(data.file)) times.set(data.file, { start: (performance.now() - began) / 1000 });
  });
  stream.on('test:complete', (data) => {
    const at = isFile(data) ? times.get(data.file) : undefined;
    if (at) at.seconds = data.details.duration_ms / 1000;
  });
  // As `node --test` reports: spec on a terminal, TAP otherwise; the files' times once it is all out.
  const report = process.stdout.isTTY ? stream.compose(new spec()) : stream.compose(tap);
  report.on('end', () => process.stderr.write(`${fileTimes(times).join('\n')}\n`));
  report.pipe(process.stdout);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
