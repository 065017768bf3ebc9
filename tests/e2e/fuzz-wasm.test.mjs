// @ts-check
// A short run of the wasm API fuzzer (tools/fuzz-wasm.mjs): every export,
// with random and mutated input, wrong seats, calls out of phase and after
// free(). No panic, no trap, no hang, and every refused call leaves its game
// byte for byte as it was. The million-call run is a command:
//   node tools/fuzz-wasm.mjs --calls 1000000 --seed 1

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fuzz } from '../../tools/fuzz-wasm.mjs';

describe('the wasm API under fuzzing', () => {
  it('survives 30,000 random calls with no panic, trap, hang or change on refusal', async () => {
    const report = await fuzz({ calls: 30_000, seed: 14, hangMs: 20_000 });
    assert.equal(report.calls, 30_000);
    assert.equal(report.panics, 0, 'panics');
    assert.equal(report.traps, 0, 'traps');
    assert.equal(report.hangs, 0, 'hangs');
    assert.deepEqual(report.unused, [], 'every export is called');
    assert.ok(report.refused > 1000, `bad input is refused (${report.refused})`);
    assert.deepEqual(report.failures.slice(0, 20), [], 'failures');
  });

  it('survives 5,000 random calls to the benchmark module, whose pegScore and winChances no shipped module has', async () => {
    const report = await fuzz({ calls: 5_000, seed: 16, pkg: 'www/pkg-bench', hangMs: 20_000 });
    assert.equal(report.calls, 5_000);
    assert.equal(report.panics + report.traps + report.hangs, 0, 'panics, traps and hangs');
    assert.deepEqual(report.unused, [], 'every export is called');
    assert.ok(report.perExport.pegScore > 0 && report.perExport.winChances > 0, 'pegScore and winChances are called');
    assert.deepEqual(report.failures.slice(0, 20), [], 'failures');
  });

  it('survives 15,000 random calls to the family module (all its games) the same way', async () => {
    const report = await fuzz({ calls: 15_000, seed: 15, pkg: 'www/pkg-family', hangMs: 20_000 });
    assert.equal(report.calls, 15_000);
    assert.equal(report.panics + report.traps + report.hangs, 0, 'panics, traps and hangs');
    assert.deepEqual(report.unused, [], 'every export is called');
    assert.ok(report.refused > 1000, `bad input is refused (${report.refused})`);
    assert.deepEqual(report.failures.slice(0, 20), [], 'failures');
  });
});
