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
// if any test fails, as `node --test` does.

import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';
import { pathToFileURL } from 'node:url';

const DIR = 'tests/e2e';

/**
 * The longest test files, longest first (each file's time alone, measured;
 * README "Browser tests" lists them). A name that is not a file fails the run.
 */
export const LONGEST_FIRST = ['table', 'in-view', 'game', 'layout', 'family', 'first-path', 'pwa', 'embed', 'embed-api', 'differential'];

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
  const stream = run({ files, concurrency });
  stream.on('test:fail', () => {
    process.exitCode = 1;
  });
  // As `node --test` reports: spec on a terminal, TAP otherwise.
  if (process.stdout.isTTY) stream.compose(new spec()).pipe(process.stdout);
  else stream.compose(tap).pipe(process.stdout);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
