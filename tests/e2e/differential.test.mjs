// @ts-check
// The wasm modules against the native library, on the same positions of
// every game of the family: the game restored from its save (its
// observation, legal actions and events), the computer players' decisions
// (aiDecide, every level), the coach (coachAnalyze), the review
// (reviewGame) and the chances to win (chancesIfModelled). The native side is tests/it/differential.rs, an ignored Rust
// test this runs to write positions from random games of every game and
// table, with the native answers (cribbage::family::AnyGame's), to a JSON
// file; each is then put to the module that plays its game and must come
// out the same (numbers to 1e-9, relative: they are the same arithmetic on
// f64). aiDecide and coachAnalyze are given each position's save and seat,
// as the page's worker is: the module restores the game and makes the
// seat's observation itself, and must answer as the native library does,
// and refuse where it refuses (a seat that is not to act).
//
// CRIBBAGE_DIFF_POSITIONS sets the number of cribbage's positions (3000 by
// default); each other game has a tenth as many.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GAMES } from '../../www/js/games.js';
import { engineFor } from './wasm-node.mjs';



let dir;
let data;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'cribbage-diff-'));
  const out = join(dir, 'native.json');
  const run = spawnSync('cargo', ['test', '--quiet', '--test', 'it', '--', '--ignored', '--exact', 'differential::native_answers_for_the_wasm_differential_test'], {
    env: { ...process.env, CRIBBAGE_DIFF_OUT: out, CRIBBAGE_DIFF_POSITIONS: process.env.CRIBBAGE_DIFF_POSITIONS ?? '3000' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  assert.equal(run.status, 0, `the native side failed:\n${run.stdout}\n${run.stderr}`);
  data = JSON.parse(readFileSync(out, 'utf8'));
});
after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The differences between two JSON values (numbers to 1e-9 relative), as paths. */
function differences(a, b, path = '', out = []) {
  if (out.length > 5) return out;
  if (typeof a === 'number' && typeof b === 'number') {
    if (a !== b && !(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)))) out.push(`${path}: ${a} ≠ ${b}`);
    return out;
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    if (a !== b) out.push(`${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
    return out;
  }
  if (Array.isArray(a) !== Array.isArray(b)) {
    out.push(`${path}: array and object`);
    return out;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) differences(a[key], b[key], `${path}.${key}`, out);
  return out;
}

/** A call's answer as the native side writes it: { action | analysis } or { error }. */
function answer(fn) {
  try {
    return { value: fn() };
  } catch (err) {
    return { error: err.message };
  }
}

describe('wasm and native give the same answers', () => {
  it('on the positions of random games of every game of the family', () => {
    const mismatches = [];
    let decisions = 0;
    let analyses = 0;
    let refusals = 0;
    const players = new Set();
    const kinds = new Map();
    for (const [i, p] of data.positions.entries()) {
      const engine = engineFor(p.game);
      const game = engine.CribbageGame.restore(p.save);
      const wasmObs = game.observationJson(p.seat);
      if (p.game === 'cribbage' || p.game === 'reverse') players.add(game.rules().players);
      kinds.set(game.kind(), (kinds.get(game.kind()) ?? 0) + 1);
      const legalDiff = differences([...game.legalActions()], p.legal);
      const eventsDiff = differences(game.events(0), JSON.parse(p.events));
      const saveDiff = game.save() === p.save ? [] : ['the save differs'];
      game.free();
      const obsDiff = differences(JSON.parse(wasmObs), JSON.parse(p.observation));
      if (obsDiff.length) mismatches.push(`position ${i} (${p.game}): the observation differs: ${obsDiff.join('; ')}`);
      for (const [what, diff] of /** @type {[string, string[]][]} */ ([['legal actions', legalDiff], ['events', eventsDiff], ['save', saveDiff]])) {
        if (diff.length) mismatches.push(`position ${i} (${p.game}): the ${what} differ: ${diff.join('; ')}`);
      }
      for (const [level, native] of Object.entries(p.decide)) {
        decisions++;
        if (native.error !== undefined) refusals++;
        const got = answer(() => engine.aiDecide(p.save, p.seat, level, p.seed));
        if (native.action !== undefined ? got.value !== native.action : !got.error) {
          mismatches.push(`position ${i} (${p.game}), aiDecide ${level}: wasm ${JSON.stringify(got)}, native ${JSON.stringify(native)}`);
        }
      }
      if (p.coach) {
        analyses++;
        const got = answer(() => engine.coachAnalyze(p.save, p.seat, p.coach.level, p.seed));
        const native = p.coach.analysis;
        const diff = native.error ? (got.error ? [] : ['wasm answered where native refused']) : got.error ? [`wasm refused: ${got.error}`] : differences(got.value, native);
        if (diff.length) mismatches.push(`position ${i} (${p.game}), coachAnalyze ${p.coach.level}: ${diff.join('; ')}`);
      }
    }
    let undone = 0;
    let charted = 0;
    for (const [i, r] of data.reviews.entries()) {
      if (JSON.parse(r.save).actions.some((a) => a.startsWith('redraw '))) undone++;
      const got = answer(() => engineFor(r.game).reviewGame(r.save, r.seat ?? undefined, r.level, r.seed));
      const diff = got.error ? [`wasm refused: ${got.error}`] : differences(got.value, r.review);
      if (diff.length) mismatches.push(`review ${i} (${r.game}, ${r.level}, seat ${r.seat}): ${diff.join('; ')}`);
      // The same game's chances (null where the engine has no model of them).
      const chances = answer(() => engineFor(r.game).chancesIfModelled(r.save));
      const chancesDiff = chances.error ? [`wasm refused: ${chances.error}`] : differences(chances.value, r.chances);
      if (chancesDiff.length) mismatches.push(`review ${i} (${r.game}): the chances differ: ${chancesDiff.join('; ')}`);
      if (r.chances) charted++;
    }
    const reviewed = new Set(data.reviews.map((r) => r.game));
    console.log(`# ${data.positions.length} positions from ${data.games} games (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}): ${decisions} decisions (${refusals} refused natively: not the seat's turn), ${analyses} coach analyses, ${data.reviews.length} reviews (${[...reviewed].join(', ')}) and ${charted} games' chances compared`);
    assert.deepEqual([...players].sort(), [2, 3, 4], 'every player count');
    assert.deepEqual([...kinds.keys()].sort(), GAMES.map((game) => game.id).sort(), 'every game of the page\'s registry');
    assert.deepEqual([...reviewed].sort(), [...kinds.keys()].sort(), 'reviews of every game');
    assert.ok(data.positions.length >= 1000 && decisions > 3 * data.positions.length, 'a few thousand decisions');
    assert.ok(refusals >= 20, 'positions of seats that are not to act, refused');
    assert.ok(data.reviews.length >= 5, 'reviews');
    assert.ok(undone >= 2, 'reviews of games an undo took moves back in');
    assert.ok(charted >= 2 && charted < data.reviews.length, `${charted} games' chances, and games with none`);
    assert.deepEqual(mismatches.slice(0, 10), [], `${mismatches.length} mismatches`);
  });
});
