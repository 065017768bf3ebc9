// @ts-check
// tools/ai-bench.mjs's --players: the numbers a table may be played by come
// from the registry (a game's `options.people`), and anything else is
// refused before a browser starts, in words that list what is allowed.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { benchTables } from '../../www/js/games.js';

/** Runs the tool with `args`; only its refusals are asked for here. */
function bench(args) {
  return spawnSync(process.execPath, ['tools/ai-bench.mjs', ...args], { encoding: 'utf8', timeout: 30_000 });
}

describe('ai-bench --players', () => {
  it('refuses a number the table is not played by, naming the ones it is', () => {
    const cribbage = benchTables().find((t) => !t.game.fixed);
    assert.ok(cribbage, 'a table whose set-up offers a choice of players');
    const run = bench(['--game', cribbage.name, '--players', '5']);
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, new RegExp(`--players 5: ${cribbage.name} is played by ${cribbage.game.options.people.join(', ')}`));
  });

  it('refuses any number for a game with one table, naming the tables', () => {
    const fixed = benchTables().find((t) => t.game.fixed && t.game.options.people.length > 0);
    assert.ok(fixed, 'a game with one table');
    const run = bench(['--game', fixed.name, '--players', '3']);
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, new RegExp(`${fixed.name} has one table; its tables are .*${fixed.name}`));
  });
});
