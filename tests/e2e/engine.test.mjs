// @ts-check
// The wasm boundary as JS sees it, in Node (no browser needed): plain objects
// out, a thrown Error with a clear message for every bad input.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { bench, engine, family } from './wasm-node.mjs';


const isPlain = (value) => JSON.stringify(structuredClone(value)) === JSON.stringify(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

describe('wasm engine', () => {
  it('scores the 29 hand with a full breakdown', () => {
    const show = engine.scoreShow(['5H', '5C', '5S', 'JD'], '5D', false);
    assert.ok(isPlain(show));
    assert.equal(show.kind, 'hand');
    assert.deepEqual(show.hand, ['5C', '5H', '5S', 'JD']);
    assert.equal(show.starter, '5D');
    assert.deepEqual(
      [show.fifteens, show.pairs, show.runs, show.flush, show.nobs, show.total],
      [16, 12, 0, 0, 1, 29],
    );
    assert.equal(show.combos.length, 15);
    assert.deepEqual(show.combos.at(-1), { kind: 'nobs', cards: ['JD'], points: 1 });
    assert.equal(show.combos.reduce((sum, c) => sum + c.points, 0), 29);
    assert.match(show.cadence, /^fifteen two, .* and one for his nob is twenty-nine$/);
  });

  it('applies crib rules to a four-card flush', () => {
    assert.equal(engine.scoreShow(['2H', '4H', '6H', '8H'], 'QC', false).total, 4);
    assert.equal(engine.scoreShow(['2H', '4H', '6H', '8H'], 'QC', true).total, 0);
    assert.equal(engine.scoreShow(['2H', '4H', '6H', '8H'], 'QH', true).flush, 5);
  });

  it('scores pegging with camel-case fields (the benchmark module’s: no page calls it)', () => {
    const peg = bench.pegScore(['4H', '2C', '3S', '5D', '6H']);
    assert.deepEqual(peg, { points: 5, count: 20, fifteen: 0, thirtyOne: 0, pairs: 0, sameRank: 1, run: 5 });
    assert.equal(bench.pegScore(['5H', 'TD']).fifteen, 2);
    assert.equal(bench.pegScore(['KH', 'KD', 'KS']).pairs, 6);
    assert.throws(() => bench.pegScore([]), (err) => err instanceof Error && /the pile is empty/.test(err.message));
    assert.throws(() => bench.pegScore(['KS', 'QS', 'JS', '2H']), (err) => err instanceof Error && /the count would be 32/.test(err.message));
    assert.throws(() => bench.pegScore(null), (err) => err instanceof Error && /the pile must be an array/.test(err.message));
  });

  it('ships no export that no page calls: pegScore and winChances are the benchmark module’s alone', () => {
    for (const module of [engine, family]) {
      for (const name of ['pegScore', 'winChances']) assert.equal(/** @type {Record<string, unknown>} */ (module)[name], undefined, name);
    }
    // What the page asks in their place is in both.
    for (const module of [engine, family]) assert.equal(typeof module.chancesIfModelled, 'function');
  });

  it('parses cards into their canonical text', () => {
    for (const [text, card] of [['5h', '5H'], ['10♠', 'TS'], [' jd ', 'JD'], ['a♣', 'AC']]) {
      assert.equal(engine.parseCard(text), card);
    }
  });

  it('throws an Error naming the problem for every bad input', () => {
    /** @type {[() => unknown, RegExp][]} */
    const cases = [
      [() => engine.parseCard('5X'), /"5X": not a card/],
      [() => engine.parseCard(''), /empty card/],
      [() => engine.scoreShow(['5H', '5C', '5S'], '5D', false), /4 cards besides the starter, not 3/],
      [() => engine.scoreShow(['5H', '5C', '5S', '5H'], '5D', false), /5H appears twice/],
      [() => engine.scoreShow(['5H', '5C', '5S', 'JD'], '5H', false), /5H appears twice/],
      [() => engine.scoreShow(['5H', '5C', '5S', 'ZZ'], '5D', false), /"ZZ": not a card/],
      [() => engine.scoreShow('5H 5C 5S JD', '5D', false), /the hand must be an array of card strings/],
      [() => engine.scoreShow([5, 6, 7, 8], '5D', false), /the hand must be an array of card strings/],
      [() => engine.scoreShow(undefined, '5D', false), /the hand must be an array/],
    ];
    for (const [call, message] of cases) assert.throws(call, (err) => err instanceof Error && message.test(err.message));
    // The module is still healthy after all that.
    assert.equal(engine.scoreShow(['7H', '8C', '8D', 'KS'], '9H', false).total, 12);
  });

  it('scores all 12,994,800 hands for the benchmark (its own module; the app’s has no benchmarks)', async () => {
    assert.equal(/** @type {Record<string, unknown>} */ (engine).benchDistribution, undefined);
    const bench = await import('../../www/pkg-bench/cribbage.js');
    bench.initSync({ module: readFileSync('www/pkg-bench/cribbage_bg.wasm') });
    const { hands, handCounts, cribCounts } = bench.benchDistribution();
    assert.equal(hands, 12_994_800);
    assert.equal(handCounts.reduce((a, b) => a + b), hands);
    assert.equal(cribCounts.reduce((a, b) => a + b), hands);
    assert.equal(handCounts[19], 0);
    assert.equal(handCounts[29], 4);
    assert.equal(handCounts[0], 1_009_008);
  });

  it('reports its version', () => {
    const version = readFileSync('Cargo.toml', 'utf8').match(/^version = "([^"]+)"/m)[1];
    assert.equal(engine.version(), version);
  });
});
