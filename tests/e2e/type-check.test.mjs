// @ts-check
// In Node, no browser: every JavaScript module of the project is under
// tsc's eye. Each starts with `// @ts-check`, each folder is in a tsconfig
// (the page's, the service worker's, the tests' and tools'), and
// ./build.sh test runs tsc over every one of them.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';

const ROOT = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, ROOT), 'utf8');

/** The modules of a folder (not its subfolders) with one of the endings. */
const modules = (dir, ending) =>
  readdirSync(new URL(dir, ROOT))
    .filter((f) => f.endsWith(ending))
    .map((f) => `${dir}${f}`);

/** A tsconfig's include list (tsconfig files allow comments; these are whole-line ones). */
const includes = (path) => JSON.parse(read(path).replace(/^\s*\/\/.*$/gm, '')).include;

describe('type-checked JavaScript', () => {
  it('every module of the page, the tests and the tools starts with // @ts-check', () => {
    // www/precache.js is the build's output (tools/precache.mjs writes it), not a module written by hand.
    const files = [...modules('www/js/', '.js'), ...modules('www/', '.js'), ...modules('www/demo/', '.js'), ...modules('tests/e2e/', '.mjs'), ...modules('tools/', '.mjs')].filter((f) => f !== 'www/precache.js');
    assert.ok(files.length > 80, `${files.length} modules`);
    const unchecked = files.filter((f) => !/^(#!.*\n)?\/\/ @ts-check\n/.test(read(f)));
    assert.deepEqual(unchecked, []);
  });

  it('the tests and tools are in a tsconfig that ./build.sh test runs', () => {
    assert.deepEqual(includes('tsconfig.node.json').filter((p) => !p.startsWith('types/')), ['tests/e2e/**/*.mjs', 'tools/*.mjs']);
    assert.ok(includes('tsconfig.json').includes('www/js/**/*.js'));
    const check = /check_types\(\) \{([^}]*)\}/.exec(read('build.sh'))?.[1] ?? '';
    for (const config of ['tsconfig.json', 'tsconfig.sw.json', 'tsconfig.node.json']) assert.match(check, new RegExp(`tsc --noEmit -p ${config.replace('.', '\\.')}`), config);
  });
});
