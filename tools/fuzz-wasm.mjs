// @ts-check
// Fuzzes the whole wasm API from Node: every export of www/pkg/cribbage.js,
// with valid, random and mutated input (saves, setups, rules, action text,
// cards), wrong seats (huge, negative, fractional, NaN, not numbers), calls
// out of phase (undo included) and calls after free(). The computer players
// and the coach are asked as the page's worker asks them, with a save and a
// seat: the engine's own saves with the seat to act, another seat, a
// finished game, and broken saves and seats.
//
//   node tools/fuzz-wasm.mjs [--calls N] [--seed S] [--pkg DIR] [--hang-ms MS] [--json]
//
// --pkg www/pkg-family fuzzes the family module (Noddy, Costly Colours, the
// two solitaires and Table Top Cribbage) the same way: the module is told
// apart by its exports (it has no scoreShow), its games are made from each
// game's rules ({ game: "noddy" }, "costly-colours", "square-solitaire",
// "solitaire", "table-top" with 2 or 4 players), its stacked saves are each
// game's own (the three-card games' deals, Cribbage Square Solitaire's
// cards turned, Cribbage Solitaire's pack, Table Top's stacks and centre),
// and the cribbage-only calls are left out. --pkg www/pkg-bench fuzzes the
// benchmark module: the cribbage module with the exports no page calls
// (pegScore, winChances), which the shipped modules leave out.
//
// What counts as a failure:
//   panic    a Rust panic (its message reaches console.error through the panic
//            hook, which only a debug build has: a shipped module's panic is a trap)
//   trap     a WebAssembly.RuntimeError ('unreachable' and the like); the module
//            is loaded afresh after one
//   hang     a call that has not returned after --hang-ms (default 60000): the
//            calls run in a worker thread the main thread watches
//   changed  a refused call (it threw) that left a game different: its save,
//            events, phase, seat to act or legal actions
//   wrong    a call that did something it must not: a seat that is not at the
//            table accepted, a turn taken (or decided) out of turn or after the
//            game is over, a freed game answering, the engine refusing a save it
//            made itself (to restore, or to decide for the seat to act), a read
//            that throws on a live game, a non-Error thrown
// Each failure is listed with its kind and the call that caused it (and the
// call's number: the run is deterministic for a given seed and call count).
// Exit status 1 when there is any failure.
//
// A known engine bug (issue 14) is reported under its own name so that a
// test could tell it apart until it was fixed: "bug 3" (a seat given as
// something other than a seat at the table acts for a seat). ("Bug 1", an
// observation of a match's fourth game refused, went with the observation
// reader in issue 10: the computer players now get the engine's own.)

import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { gameClass } from '../www/js/game-handle.js';
import { GAMES } from '../www/js/games.js';

const HERE = dirname(fileURLToPath(import.meta.url));

if (isMainThread && process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    console.log('usage: node tools/fuzz-wasm.mjs [--calls N] [--seed S] [--pkg DIR] [--hang-ms MS] [--progress N] [--json]');
  } else {
    const report = await fuzz(args);
    if (args.json) console.log(JSON.stringify(report));
    else printReport(report);
    // (Not process.exit: it can cut off output still on its way down a pipe.)
    process.exitCode = report.failures.length ? 1 : 0;
  }
} else if (!isMainThread && workerData?.fuzzWasm) {
  runWorker(workerData);
}

/**
 * What a run of the fuzzer found: how many calls were made and refused, the
 * panics, traps and hangs, the exports never called, and each failure.
 * @typedef {{ calls: number, refused: number, panics: number, traps: number, hangs: number, reloads: number,
 *   perExport: Record<string, number>, failureCounts: Record<string, number>, failures: any[], unused?: string[], seconds?: number }} Report
 */

/**
 * Runs the fuzzer in worker threads, restarting one after a hang.
 * @param {{ calls?: number, seed?: number, pkg?: string, hangMs?: number, progressEvery?: number }} options
 * @returns {Promise<Report>} the report
 */
export async function fuzz({ calls = 20_000, seed = 1, pkg = join(HERE, '..', 'www', 'pkg'), hangMs = 60_000, progressEvery = 0 } = {}) {
  const started = performance.now();
  const total = { calls: 0, refused: 0, panics: 0, traps: 0, hangs: 0, reloads: 0, perExport: {}, failureCounts: {}, failures: [] };
  let next = 0;
  let runSeed = seed;
  while (next < calls) {
    const progress = new Int32Array(new SharedArrayBuffer(8));
    const worker = new Worker(fileURLToPath(import.meta.url), {
      workerData: { fuzzWasm: true, progressEvery, calls: calls - next, seed: runSeed, pkg: resolve(pkg), progress, offset: next },
    });
    const streamed = [];
    let lastProgress = null;
    const result = await new Promise((done) => {
      let last = -1;
      let since = performance.now();
      const watch = setInterval(() => {
        const at = Atomics.load(progress, 0);
        if (at !== last) {
          last = at;
          since = performance.now();
        } else if (performance.now() - since > hangMs) {
          clearInterval(watch);
          worker.terminate();
          done({ hung: at, description: '' });
        }
      }, 200);
      worker.on('message', (message) => {
        if (message.type === 'failure') streamed.push(message.failure);
        else if (message.type === 'note') process.stderr.write(`fuzz-wasm: ${message.text}\n`);
        else if (message.type === 'progress') lastProgress = message.stats;
        else {
          clearInterval(watch);
          done(message);
        }
      });
      worker.on('error', (error) => {
        clearInterval(watch);
        done({ crashed: String(/** @type {Error} */ (error)?.stack ?? error), at: Atomics.load(progress, 0) });
      });
    });
    total.failures.push(...streamed);
    const merge = (stats) => {
      if (!stats) return;
      for (const key of ['calls', 'refused', 'panics', 'traps', 'reloads']) total[key] += stats[key];
      for (const [name, n] of Object.entries(stats.perExport)) total.perExport[name] = (total.perExport[name] ?? 0) + n;
      for (const [name, n] of Object.entries(stats.failureCounts)) total.failureCounts[name] = (total.failureCounts[name] ?? 0) + n;
    };
    if (result.hung !== undefined) {
      total.hangs++;
      merge(lastProgress);
      total.calls += result.hung + 1 - (lastProgress?.calls ?? 0);
      total.failureCounts.hang = (total.failureCounts.hang ?? 0) + 1;
      total.failures.push({ kind: 'hang', call: next + result.hung, what: `call ${next + result.hung} (seed ${runSeed}, from call ${next}) did not return in ${hangMs} ms` });
      next += result.hung + 1;
      runSeed = (runSeed * 31 + next) >>> 0;
      continue;
    }
    if (result.crashed) {
      // An error outside any call (a trap in a finalizer, say): counted, and the run goes on.
      total.crashes = (total.crashes ?? 0) + 1;
      merge(lastProgress);
      total.calls += result.at + 1 - (lastProgress?.calls ?? 0);
      total.failureCounts.crash = (total.failureCounts.crash ?? 0) + 1;
      total.failures.push({ kind: 'crash', call: next + result.at, what: `the worker failed outside a call, near call ${next + result.at}: ${result.crashed}` });
      next += result.at + 1;
      runSeed = (runSeed * 31 + next) >>> 0;
      continue;
    }
    merge(result);
    total.unused = result.unused;
    next = calls;
  }
  total.seconds = Math.round((performance.now() - started) / 100) / 10;
  total.seed = seed;
  total.requested = calls;
  return total;
}

function printReport(r) {
  const kinds = r.failureCounts;
  console.log(`fuzz-wasm: ${r.calls} calls (seed ${r.seed}) in ${r.seconds} s: ${r.refused} refused as they should be`);
  const failures = Object.values(kinds).reduce((a, b) => a + b, 0);
  console.log(`  panics ${r.panics}, traps ${r.traps}, hangs ${r.hangs}, failures ${failures}${r.reloads ? `, module reloaded ${r.reloads}×` : ''}`);
  console.log(`  calls per export: ${Object.entries(r.perExport).sort().map(([k, n]) => `${k} ${n}`).join(', ')}`);
  if (r.unused?.length) console.log(`  exports never called: ${r.unused.join(', ')}`);
  for (const [kind, n] of Object.entries(kinds)) console.log(`  ${kind}: ${n}`);
  // The rarest kinds first: a trap is not to be lost among a thousand of a known bug.
  const rarity = (f) => kinds[f.label ?? f.kind] ?? 0;
  const shown = new Set();
  for (const f of [...r.failures].sort((a, b) => rarity(a) - rarity(b) || a.call - b.call)) {
    const key = `${f.label ?? f.kind}:${f.sample ?? f.what}`;
    if (shown.has(key) || shown.size >= 40) continue;
    shown.add(key);
    console.log(`  - [${f.label ?? f.kind}] call ${f.call}: ${f.what}`);
  }
}

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--calls') out.calls = Number(argv[++i]);
    else if (a === '--seed') out.seed = Number(argv[++i]);
    else if (a === '--pkg') out.pkg = argv[++i];
    else if (a === '--hang-ms') out.hangMs = Number(argv[++i]);
    else if (a === '--json') out.json = true;
    else if (a === '--progress') out.progressEvery = Number(argv[++i]);
    else if (a === '-h' || a === '--help') out.help = true;
    else throw new Error(`unknown argument ${a}`);
  }
  for (const key of ['calls', 'seed', 'hangMs', 'progressEvery']) {
    if (key in out && !(Number.isInteger(out[key]) && out[key] >= 0)) throw new Error(`--${key} must be a whole number`);
  }
  return out;
}

// --- The worker: the calls themselves --------------------------------------------

async function runWorker({ calls, seed, pkg, progress, offset, progressEvery }) {
  const wasmBytes = readFileSync(join(pkg, 'cribbage_bg.wasm'));
  const glueUrl = pathToFileURL(join(pkg, 'cribbage.js')).href;
  const rng = prng(seed);
  const stats = { calls: 0, refused: 0, panics: 0, traps: 0, reloads: 0, perExport: {}, failureCounts: {} };

  // A panic's message arrives here (console_error_panic_hook, which the
  // shipped modules carry) just before the trap.
  let panicText = null;
  const consoleError = console.error;
  console.error = (...parts) => {
    panicText = parts.map(String).join(' ');
  };

  let instance = 0;
  let E;
  async function load() {
    // A fresh copy of the glue (its own module state) for each instance: after
    // a trap the old instance's memory cannot be trusted.
    const glue = await import(`${glueUrl}?instance=${instance++}`);
    glue.initSync({ module: wasmBytes });
    // The page's CribbageGame class (js/game-handle.js) over this instance.
    E = { ...glue, CribbageGame: gameClass(glue) };
  }
  await load();
  familyModule = typeof E.scoreShow !== 'function';
  const EXPORTS = [
    // (The benchmark module's benchmarks take seconds a call and read no input worth fuzzing.)
    ...Object.keys(E).filter((k) => typeof E[k] === 'function' && !['initSync', 'default', 'start', 'CribbageGame', 'gameNew', 'gameRestore'].includes(k) && !k.startsWith('bench')),
    ...['new', 'restore', 'free', ...Object.getOwnPropertyNames(E.CribbageGame.prototype).filter((k) => !['constructor', 'free'].includes(k) && !k.startsWith('__'))].map((m) => `CribbageGame.${m}`),
  ];

  // --- The pool: live games, freed games, and texts the engine made -----------------

  let games = [];
  let freed = [];
  let match = null;
  // positions: the engine's own saves with the seat to act (undefined once
  // the game is over), for the computer players and the coach.
  const texts = { saves: [], positions: [], setups: [] };
  const remember = (list, text, cap = 300) => {
    if (list.length < cap) list.push(text);
    else list[rng.int(cap)] = text;
  };

  // Failures go to the main thread at once, so a worker that dies loses none:
  // every one counted under its label, the first 25 of each label described
  // (so that a rare one is never crowded out by a common one).
  const fail = (kind, what, extra = {}) => {
    const label = extra.label ?? kind;
    const seen = (stats.failureCounts[label] = (stats.failureCounts[label] ?? 0) + 1);
    if (seen <= 25) parentPort.postMessage({ type: 'failure', failure: { kind, call: offset + stats.calls - 1, what, ...extra } });
  };

  /**
   * Makes one call. `fn` does it; returns { ok, value } or { error }.
   * A panic or trap is counted and the module reloaded.
   */
  function call(name, describe, fn) {
    stats.perExport[name] = (stats.perExport[name] ?? 0) + 1;
    Atomics.store(progress, 0, stats.calls);
    stats.calls++;
    if (stats.calls % 10_000 === 0) parentPort.postMessage({ type: 'progress', stats: { ...stats } });
    if (progressEvery && stats.calls % progressEvery === 0) parentPort.postMessage({ type: 'note', text: `${offset + stats.calls} calls, ${stats.traps} traps, ${stats.panics} panics` });
    panicText = null;
    try {
      const value = fn();
      if (panicText) {
        stats.panics++;
        fail('panic', `${describe()}: ${panicText}`);
      }
      return { ok: true, value };
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError || panicText) {
        if (panicText) stats.panics++;
        else stats.traps++;
        fail(panicText ? 'panic' : 'trap', `${describe()}: ${panicText ?? error.message}`);
        return { trapped: true, error };
      }
      if (!(error instanceof Error)) fail('wrong', `${describe()}: threw a non-Error ${String(error)}`, { label: 'non-Error thrown' });
      stats.refused++;
      return { ok: false, error };
    }
  }

  /** Everything about a game that a refused call must leave as it was. */
  function snapshot(game) {
    try {
      return JSON.stringify([game.save(), game.eventCount(), game.actionCount(), game.phase(), game.toAct(), game.legalActions(), game.isOver(), game.winner()]);
    } catch (error) {
      return `unreadable: ${error.message}`;
    }
  }

  function newGame(rules = randomRules(rng, true), seedText = String(rng.int(1e9))) {
    const r = call('CribbageGame.new', () => `new CribbageGame(${show(rules)}, ${show(seedText)})`, () => new E.CribbageGame(rules, seedText));
    if (r.ok) {
      games.push({ game: r.value, players: playersOf(r.value) });
      if (games.length > 8) retire(games.shift());
    }
    return r;
  }

  function retire(entry) {
    freed.push(entry.game);
    try {
      entry.game.free();
    } catch {
      // A game already freed by a call under test.
    }
    if (freed.length > 20) freed.shift();
  }

  // --- The operations -----------------------------------------------------------------

  // Each operation with its weight (the spreads below keep no tuple type of their own).
  const ops = /** @type {[number, () => any][]} */ ([
    // Move games along with legal actions, so every phase and later games come up;
    // half the time the long three-player match, which reaches a fourth game now and then.
    [30, () => {
      if (!familyModule && (!match || match.game.isOver())) {
        match = null;
        const r = call('CribbageGame.new', () => 'new CribbageGame(3 players, best of three)', () => new E.CribbageGame({ players: 3, target: 61, match: 'best_of_three' }, String(rng.int(1e9))));
        if (r.ok) match = { game: r.value, players: 3 };
        return r;
      }
      const entry = rng.chance(0.5) ? match : pick(games);
      if (!entry) return newGame();
      const { game } = entry;
      if (game.isOver()) {
        const save = game.save();
        remember(texts.saves, save);
        remember(texts.positions, { save, toAct: undefined, players: entry.players });
        retire(entry);
        games = games.filter((g) => g !== entry);
        return newGame();
      }
      const seat = game.toAct();
      const legal = game.legalActions();
      const action = rng.pick(legal);
      const position = { save: game.save(), toAct: seat, players: entry.players };
      remember(texts.positions, position);
      // A later game of the match: ask the computer player about it at once.
      if (entry === match && rng.chance(0.05) && game.observation(seat).game_number > 3) return aiCall('aiDecide', position);
      const before = game.actionCount();
      const r = call('CribbageGame.apply', () => `apply(${seat}, ${show(action)}) to act, legal`, () => game.apply(seat, action));
      if (r.ok === false) fail('wrong', `a legal action was refused: apply(${seat}, ${show(action)}): ${r.error.message}`);
      else if (r.ok && game.actionCount() !== before + 1) fail('wrong', `apply(${seat}, ${show(action)}) did not add one action`);
      if (rng.int(20) === 0) remember(texts.saves, game.save());
      return r;
    }],
    [4, () => newGame()],
    [3, () => newGame(mutate(rng, randomRules(rng, true)), rng.chance(0.8) ? String(rng.int(1e9)) : randomSeedText(rng))],
    // Apply anything: a wrong seat, the wrong turn, text that is not an action.
    [14, () => {
      const entry = pick(games);
      if (!entry) return newGame();
      const { game, players } = entry;
      const toAct = game.toAct();
      const [seat, seatKind] = randomSeat(rng, players, toAct);
      const legal = game.legalActions();
      const action = rng.chance(0.5) && legal.length ? rng.pick(legal) : randomActionText(rng, legal);
      const before = snapshot(game);
      const r = call('CribbageGame.apply', () => `apply(${show(seat)}, ${show(action)}) [seat ${seatKind}, to act ${toAct}]`, () => game.apply(seat, action));
      if (r.ok === false && snapshot(game) !== before) fail('changed', `refused apply(${show(seat)}, ${show(action)}) changed the game: ${r.error.message}`);
      if (r.ok) {
        if (!isSeat(seat, players)) badSeat('apply', seat, seatKind, `apply(${show(seat)}, ${show(action)}) was accepted`);
        else if (seat !== toAct) fail('wrong', `apply(${seat}, ${show(action)}) accepted out of turn (to act: ${toAct})`);
      }
      return r;
    }],
    // Read a seat's view, with any seat.
    [8, () => {
      const entry = pick(games);
      if (!entry) return newGame();
      const { game, players } = entry;
      const [seat, seatKind] = randomSeat(rng, players, game.toAct());
      const json = rng.chance(0.5);
      const name = json ? 'CribbageGame.observationJson' : 'CribbageGame.observation';
      const before = snapshot(game);
      const r = call(name, () => `${name.split('.')[1]}(${show(seat)}) [seat ${seatKind}]`, () => (json ? game.observationJson(seat) : game.observation(seat)));
      if (r.ok === false) {
        if (isSeat(seat, players)) fail('wrong', `${name}(${seat}) refused a seat at the table: ${r.error.message}`);
        if (snapshot(game) !== before) fail('changed', `refused ${name}(${show(seat)}) changed the game`);
      } else if (r.ok) {
        if (!isSeat(seat, players)) badSeat(name, seat, seatKind, `${name}(${show(seat)}) answered as seat ${json ? JSON.parse(r.value).seat : r.value.seat}`);
      }
      return r;
    }],
    // Take decisions back (and ask whether one can), with any seat, in any
    // phase: a refused undo changes nothing; one that is accepted takes back
    // as many decisions as it says, and only from a seat that had one.
    [5, () => {
      const entry = pick(games);
      if (!entry) return newGame();
      const { game, players } = entry;
      const [seat, seatKind] = randomSeat(rng, players, game.toAct());
      const before = snapshot(game);
      const could = isSeat(seat, players) ? game.canUndo(seat) : null;
      if (rng.chance(0.3)) {
        const r = call('CribbageGame.canUndo', () => `canUndo(${show(seat)}) [seat ${seatKind}]`, () => game.canUndo(seat));
        if (r.ok === false && isSeat(seat, players)) fail('wrong', `canUndo(${seat}) refused a seat at the table: ${r.error.message}`);
        if (r.ok && !isSeat(seat, players)) badSeat('canUndo', seat, seatKind, `canUndo(${show(seat)}) answered ${r.value}`);
        if (!r.trapped && snapshot(game) !== before) fail('changed', `canUndo(${show(seat)}) changed the game`);
        return r;
      }
      const actions = game.actionCount();
      const r = call('CribbageGame.undo', () => `undo(${show(seat)}) [seat ${seatKind}, can undo ${could}]`, () => game.undo(seat));
      if (r.ok === false) {
        if (snapshot(game) !== before) fail('changed', `refused undo(${show(seat)}) changed the game: ${r.error.message}`);
        if (could) fail('wrong', `undo(${seat}) refused though canUndo said yes: ${r.error.message}`);
      } else if (r.ok) {
        if (!isSeat(seat, players)) badSeat('undo', seat, seatKind, `undo(${show(seat)}) was accepted`);
        else if (!could) fail('wrong', `undo(${seat}) was accepted though canUndo said no`);
        else if (!(r.value >= 1) || game.actionCount() !== actions - r.value) {
          fail('wrong', `undo(${seat}) said ${show(r.value)} decisions but the actions went from ${actions} to ${game.actionCount()}`);
        }
        remember(texts.saves, game.save());
      }
      return r;
    }],
    // The plain reads: never throw on a live game, never change it.
    [10, () => {
      const entry = pick(games);
      if (!entry) return newGame();
      const { game } = entry;
      const method = rng.pick(['toAct', 'phase', 'legalActions', 'eventCount', 'actionCount', 'isOver', 'winner', 'rules', 'seed', 'save', 'events', 'kind']);
      const arg = method === 'events' ? randomIndex(rng) : undefined;
      const before = snapshot(game);
      const r = call(`CribbageGame.${method}`, () => `${method}(${method === 'events' ? show(arg) : ''})`, () => game[method](arg));
      if (r.ok === false) fail('wrong', `${method}(${method === 'events' ? show(arg) : ''}) threw on a live game: ${r.error.message}`);
      if (!r.trapped && snapshot(game) !== before) fail('changed', `${method}() changed the game`);
      if (r.ok && method === 'save') remember(texts.saves, r.value);
      return r;
    }],
    // free(), and any call after it.
    [3, () => {
      if (rng.chance(0.3) && games.length) {
        const entry = rng.pick(games);
        games = games.filter((g) => g !== entry);
        freed.push(entry.game);
        return call('CribbageGame.free', () => 'free()', () => entry.game.free());
      }
      const game = pick(freed);
      if (!game) return undefined;
      const method = rng.pick(['apply', 'observation', 'observationJson', 'toAct', 'phase', 'legalActions', 'eventCount', 'actionCount', 'isOver', 'winner', 'rules', 'seed', 'save', 'events', 'kind', 'undo', 'canUndo', 'free']);
      const r = call(`CribbageGame.${method}`, () => `${method}() after free()`, () => game[method](0, 'go'));
      if (r.ok && method !== 'free') fail('wrong', `${method}() answered after free(): ${show(r.value)}`, { label: 'freed game answered' });
      return r;
    }],
    // Restore: saves the engine made, mutated saves, saves with stacked set-ups, junk.
    [8, () => {
      let text;
      let valid = false;
      const roll = rng.int(10);
      if (roll < 3 && texts.saves.length) {
        text = rng.pick(texts.saves);
        valid = true;
      } else if (roll < 7 && texts.saves.length) text = mutateText(rng, rng.pick(texts.saves));
      else if (roll < 9) text = randomSetupSave(rng, texts);
      else text = junkText(rng);
      const r = call('CribbageGame.restore', () => `restore(${show(text)})`, () => E.CribbageGame.restore(text));
      if (r.ok) {
        const restored = { game: r.value, players: playersOf(r.value) };
        const again = r.value.save();
        if (valid && again !== text) fail('wrong', `restore then save gave other text: ${show(text)} -> ${show(again)}`);
        games.push(restored);
        if (games.length > 8) retire(games.shift());
      } else if (r.ok === false && valid) {
        fail('wrong', `its own save was refused: ${r.error.message}: ${show(text)}`);
      }
      return r;
    }],
    // The computer players and the coach, on real, mutated and junk saves, with any seat.
    [6, () => aiCall('aiDecide')],
    [3, () => aiCall('coachAnalyze')],
    [1, () => {
      const text = texts.saves.length && rng.chance(0.8) ? (rng.chance(0.7) ? shortSave(rng.pick(texts.saves)) : mutateText(rng, rng.pick(texts.saves))) : junkText(rng);
      const seat = rng.chance(0.5) ? undefined : randomSeat(rng, 2, 0)[0];
      const level = rng.chance(0.8) ? rng.pick(['easy', 'medium', 'baseline']) : randomLevel(rng);
      const seed = rng.int(2 ** 32);
      return call('reviewGame', () => `reviewGame(${show(text)}, ${show(seat)}, ${show(level)}, ${seed})`, () => E.reviewGame(text, seat, level, seed));
    }],
    // The chances through a game (the meter and the chart: the cribbage
    // module's), on real, mutated and junk saves.
    ...(typeof E.winChances === 'function' ? [[1, () => {
      const text = texts.saves.length && rng.chance(0.8) ? (rng.chance(0.7) ? shortSave(rng.pick(texts.saves)) : mutateText(rng, rng.pick(texts.saves))) : junkText(rng);
      return call('winChances', () => `winChances(${show(text)})`, () => E.winChances(text));
    }]] : []),
    // The same, or null for a game the engine has no model of chances for
    // (how the page learns whether to show any).
    ...(typeof E.chancesIfModelled === 'function' ? [[1, () => {
      const text = texts.saves.length && rng.chance(0.8) ? (rng.chance(0.7) ? shortSave(rng.pick(texts.saves)) : mutateText(rng, rng.pick(texts.saves))) : junkText(rng);
      return call('chancesIfModelled', () => `chancesIfModelled(${show(text)})`, () => E.chancesIfModelled(text));
    }]] : []),
    // Which game a save holds (the page asks it before it restores), on real,
    // mutated and junk saves: every module reads any game's; a save the engine made names its own game.
    [1, () => {
      const own = texts.saves.length > 0 && rng.chance(0.4);
      const text = own ? rng.pick(texts.saves) : texts.saves.length && rng.chance(0.7) ? mutateText(rng, rng.pick(texts.saves)) : junkText(rng);
      const r = call('savedGame', () => `savedGame(${show(text)})`, () => E.savedGame(text));
      if (own && !(r.ok && r.value === JSON.parse(text).game)) fail('wrong', `its own save's game was not read: ${show(r.ok ? r.value : r.error?.message)}: ${show(text)}`);
      return r;
    }],
    // The pegging score of a pile: the benchmark module's (--pkg www/pkg-bench), which no page calls.
    ...(typeof E.pegScore === 'function' ? [[4, () => {
      const pile = rng.chance(0.9) ? randomCards(rng, 1 + rng.int(9)) : randomValue(rng);
      return call('pegScore', () => `pegScore(${show(pile)})`, () => E.pegScore(pile));
    }]] : []),
    // The stateless exports: the calculator's, which only the cribbage module has.
    ...(familyModule ? [] : [[4, () => {
      const hand = randomCards(rng, rng.chance(0.8) ? 4 : rng.int(7));
      const starter = rng.chance(0.9) ? randomCard(rng) : randomText(rng);
      const crib = rng.pick([true, false, 0, 1, undefined, 'yes']);
      return call('scoreShow', () => `scoreShow(${show(hand)}, ${show(starter)}, ${show(crib)})`, () => E.scoreShow(rng.chance(0.95) ? hand : randomValue(rng), starter, crib));
    }],
    [3, () => {
      const text = rng.chance(0.6) ? randomCard(rng) : rng.chance(0.5) ? randomText(rng) : randomValue(rng);
      return call('parseCard', () => `parseCard(${show(text)})`, () => E.parseCard(text));
    }],
    // The discard analyser: six cards (or not), whose crib, the scores (or junk).
    [2, () => {
      const cards = rng.chance(0.9) ? randomCards(rng, rng.chance(0.8) ? 6 : rng.int(9)) : randomValue(rng);
      const crib = rng.chance(0.8) ? rng.pick(['mine', 'theirs']) : rng.chance(0.5) ? randomText(rng) : randomValue(rng);
      const score = () => (rng.chance(0.8) ? rng.int(125) : randomValue(rng));
      const scores = rng.chance(0.3)
        ? null
        : rng.chance(0.8)
          ? { mine: score(), theirs: score(), ...(rng.chance(0.7) ? { target: rng.pick([121, 61, 100, 0, '121', -1]) } : {}) }
          : randomValue(rng);
      return call('discardAnalysis', () => `discardAnalysis(${show(cards)}, ${show(crib)}, ${show(scores)})`, () => E.discardAnalysis(cards, crib, scores));
    }]]),
    // The game exports themselves, with handles that name no game (a number
    // past any handle this run can reach, or not a handle at all): always refused.
    [3, () => {
      const name = rng.pick(RAW_GAME_EXPORTS);
      const handle = rng.chance(0.5) ? 1e7 + rng.int(1e6) : rng.pick([0, -1, 1.5, NaN, undefined, null, '1', {}, [], 2 ** 32, Infinity]);
      const args = [handle, rng.chance(0.7) ? rng.int(4) : randomValue(rng), rng.chance(0.5) ? 'go' : randomText(rng)];
      const r = call(name, () => `${name}(${show(args[0])}, ${show(args[1])}, ${show(args[2])})`, () => E[name](...args));
      if (r.ok && !(name === 'gameFree' && r.value === false && typeof handle === 'number' && Number.isInteger(handle) && handle >= 1 && handle < 2 ** 32)) {
        fail('wrong', `${name}(${show(handle)}) answered for a handle that names no game: ${show(r.value)}`);
      }
      return r;
    }],
    [1, () => call('gameCount', () => 'gameCount()', () => E.gameCount())],
    [1, () => call('version', () => 'version()', () => E.version())],
    [1, () => call('aiPrepare', () => 'aiPrepare()', () => E.aiPrepare())],
  ]);
  const weights = ops.reduce((sum, [w]) => sum + w, 0);

  /**
   * Asks the computer players (aiDecide) or the coach (coachAnalyze) about a
   * save and a seat, as the page's worker does. `given` is an own position
   * to ask about at once; otherwise one is picked: an own save with its seat
   * to act, another seat or no seat at all, a mutated save, or junk.
   */
  function aiCall(name, given) {
    let position = given ?? null;
    let text;
    let seat;
    let seatKind = 'to act';
    const roll = given ? -1 : rng.int(10);
    if (roll < 0) {
      text = position.save;
      seat = position.toAct;
    } else if (roll < 6 && texts.positions.length) {
      position = rng.pick(texts.positions);
      text = position.save;
      [seat, seatKind] = rng.chance(0.6) && position.toAct !== undefined ? [position.toAct, 'to act'] : randomSeat(rng, position.players, position.toAct);
    } else if (roll < 9 && texts.positions.length) {
      const from = rng.pick(texts.positions);
      text = mutateText(rng, from.save);
      [seat, seatKind] = randomSeat(rng, from.players, from.toAct);
    } else {
      text = junkText(rng);
      [seat, seatKind] = randomSeat(rng, 4, 0);
    }
    // The costly levels now and then; the rest at the quick ones or not a level at all.
    const level = given ? 'easy' : rng.chance(0.04) ? rng.pick(['hard', 'expert']) : rng.chance(0.85) ? rng.pick(['easy', 'medium', 'baseline']) : randomLevel(rng);
    const seed = rng.chance(0.9) ? rng.int(2 ** 32) : randomValue(rng);
    const r = call(name, () => `${name}(${show(text)}, ${show(seat)}, ${show(level)}, ${show(seed)}) [seat ${seatKind}]`, () => E[name](text, seat, level, seed));
    if (!position || r.trapped) return r;
    // The engine's own save: the seat to act is answered, any other refused.
    const known = ['easy', 'medium', 'baseline', 'hard', 'expert'].includes(level);
    const toAct = position.toAct !== undefined && seat === position.toAct;
    if (r.ok === false && toAct && known) {
      fail('wrong', `${name} refused the engine's own save for seat ${seat}, to act: ${r.error.message}`);
    } else if (r.ok && !isSeat(seat, position.players)) {
      badSeat(name, seat, seatKind, `${name}(save, ${show(seat)}) answered for a seat not at the table`);
    } else if (r.ok && !toAct) {
      const why = position.toAct === undefined ? 'the game is over' : `seat ${position.toAct} is to act`;
      fail('wrong', `${name} answered for seat ${seat} though ${why}`);
    }
    return r;
  }

  function badSeat(where, seat, kind, what) {
    const known = ['NaN', 'undefined', 'null', 'text', 'object'].includes(kind);
    fail('wrong', what, { label: `bug 3: seat ${kind} accepted${known ? '' : ' (same cause)'}`, sample: `${where}:${kind}` });
  }

  function pick(list) {
    return list.length ? rng.pick(list) : null;
  }

  // --- The loop ---------------------------------------------------------------------

  for (let i = 0; i < (familyModule ? FAMILY_GAMES.length : 4); i++) newGame(familyModule ? { game: FAMILY_GAMES[i % FAMILY_GAMES.length] } : { players: 2 + (i % 3), target: 61, match: i === 1 ? 'best_of_three' : 'single' });
  while (stats.calls < calls) {
    let roll = rng.int(weights);
    let op = ops[0][1];
    for (const [w, fn] of ops) {
      if (roll < w) {
        op = fn;
        break;
      }
      roll -= w;
    }
    const r = op();
    if (r?.trapped) {
      stats.reloads++;
      // The dead instance's games are dropped with it (their finalizers' frees fail quietly).
      games = [];
      freed = [];
      match = null;
      await load();
    }
  }
  console.error = consoleError;
  const called = new Set(Object.keys(stats.perExport));
  stats.unused = EXPORTS.filter((name) => !called.has(name));
  parentPort.postMessage({ type: 'done', ...stats, perExport: { ...stats.perExport } });
}

// --- Input makers -------------------------------------------------------------------------

/** The handle-taking game exports, called directly with handles that name no game. */
const RAW_GAME_EXPORTS = ['gameFree', 'gameSave', 'gameStatus', 'gameCanUndo', 'gameUndo', 'gameRules', 'gameObservationJson', 'gameApply', 'gameEvents'];

const RANKS = 'A23456789TJQK';
const SUITS = 'CDHS';
const ALL_CARDS = [...RANKS].flatMap((r) => [...SUITS].map((s) => r + s));

function prng(seed) {
  // mulberry32: small, fast, and the same sequence everywhere for a seed.
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    chance: (p) => next() < p,
    pick(list) {
      return list[Math.floor(next() * list.length)];
    },
  };
}

const isSeat = (seat, players) => typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < players;

/** A seat argument and what kind it is. */
function randomSeat(rng, players, toAct) {
  const roll = rng.int(20);
  if (roll < 6) return [toAct ?? 0, 'to act'];
  if (roll < 10) return [rng.int(players), 'at the table'];
  const kinds = [
    [players, 'one past the table'],
    [4, 'one past the table'],
    [rng.pick([2 ** 31, 2 ** 32, 2 ** 32 + 1, 2 ** 32 + players - 1, 2 ** 53, 1e20, Infinity]), 'huge'],
    [rng.pick([-1, -2, -(2 ** 32) + 1, -Infinity]), 'negative'],
    [rng.pick([0.5, 1.5, players - 0.5, 1e-9]), 'fractional'],
    [NaN, 'NaN'],
    [undefined, 'undefined'],
    [null, 'null'],
    [rng.pick(['abc', '', '0', '1', ' 1 ']), 'text'],
    [rng.pick([{}, [], [1], { seat: 0 }]), 'object'],
    [rng.pick([true, false]), 'boolean'],
  ];
  return rng.pick(kinds);
}

function randomIndex(rng) {
  return rng.pick([0, 1, 5, 1000, 2 ** 32 - 1, 2 ** 32, -1, -5, 0.5, NaN, undefined, null, 'x', Infinity]);
}

/** Seats at a game's table: the rules say for cribbage; Noddy's name none (two seats). */
function playersOf(game) {
  // The solitaires have one seat and no held_counts.
  return game.rules().players ?? game.observation(0).held_counts?.length ?? 1;
}

/** Whether the module fuzzed is the family module (set as a worker starts). */
let familyModule = false;

/** Each module's games, by the registry (www/js/games.js). */
const gamesOf = (module) => GAMES.filter((g) => g.module === module);
const FAMILY_GAMES = gamesOf('family').map((g) => g.id);
/** The family's games dealt two hands of three and a turn-up (the three-card face's), which share a stacked set-up's form. */
const THREE_CARD_GAMES = gamesOf('family').filter((g) => g.face === 'threeCard').map((g) => g.id);

function randomRules(rng, valid) {
  if (familyModule) {
    // Table Top's one option is its players (2 when left out); no other
    // game has any: { game } is its rules, anything else is refused.
    if (valid) {
      const game = rng.pick(gamesOf('family'));
      // A game that four may play in partnerships takes its players.
      if (game.fixed.four && rng.chance(0.7)) return { game: game.id, players: rng.pick([game.fixed.players, 4]) };
      return { game: game.id };
    }
    return rng.pick([{}, { game: 'noddy', players: 2 }, { game: 'cribbage' }, null, [], 'noddy', { game: 'noddy', goal: 'avoid' },
      { game: 'costly-colours', target: 61 }, { game: 'costly colours' }, { game: 'Costly-Colours' }, 'costly-colours', { game: ['costly-colours'] },
      { game: 'square-solitaire', players: 1 }, { game: 'Solitaire' }, { game: 'solitaire', target: 121 }, 'square-solitaire',
      { game: 'table-top', players: 3 }, { game: 'table-top', players: randomNumber(rng) }, { game: 'table-top', players: '4' }, { game: 'table-top', target: 61 },
      { game: 'tabletop' }, { game: 'Table-Top', players: 2 }]);
  }
  const rules = { players: rng.pick([2, 3, 4]), target: rng.pick([61, 121]) };
  if (rng.chance(0.5)) rules.counting = rng.pick(['automatic', 'muggins']);
  if (rng.chance(0.5)) rules.match = rng.pick(['single', 'best_of_three']);
  if (rng.chance(0.2)) rules.game = rng.pick(gamesOf('cribbage')).id;
  else if (rng.chance(0.1)) rules.goal = rng.pick(['reach', 'avoid']);
  // The players cutting for deal themselves: a phase of its own before the deal.
  if (rng.chance(0.25)) rules.cut_for_deal = valid ? rng.pick(['drawn', 'by_hand']) : rng.pick(['by_hand', 'BY_HAND', 'hand', 3, null]);
  if (!valid && rng.chance(0.5)) rules.players = randomNumber(rng);
  return rules;
}

function randomSeedText(rng) {
  return rng.pick(['', '-1', '18446744073709551615', '18446744073709551616', '1e5', ' 7 ', 'abc', '0x10', 7, null, undefined, {}]);
}

function randomNumber(rng) {
  return rng.pick([0, 1, 2, 3, 4, 5, 6, 29, 30, 31, 32, 60, 61, 121, 255, 256, 65535, 65536, 2 ** 31, 2 ** 32, 2 ** 53, 1e300, -1, -0, 0.5, 1.5, -(2 ** 31)]);
}

function randomValue(rng) {
  const roll = rng.int(10);
  if (roll < 3) return randomNumber(rng);
  if (roll < 5) return randomText(rng);
  return rng.pick([null, undefined, true, false, [], {}, [null], ['5H', 5], { a: 1 }, NaN, Infinity, -Infinity]);
}

function randomCard(rng) {
  return rng.pick(ALL_CARDS);
}

function randomCards(rng, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(rng.chance(0.97) ? randomCard(rng) : randomText(rng));
  return out;
}

function randomText(rng) {
  const roll = rng.int(10);
  if (roll < 3) return rng.pick(['', ' ', '5', '10', '10S', '1S', 'AS ', 'as', '5h', '10♠', 'J♦', 'ZZ', 'A', 'AAA', 'X5H', '\u0000', '\u{1F0A1}', '5H5H', 'null']);
  if (roll < 5) return rng.pick(RANKS) + rng.pick([...SUITS, 'X', 'h', '♥', '']);
  const n = rng.int(roll === 9 ? 3000 : 12);
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(rng.chance(0.9) ? 32 + rng.int(95) : rng.int(0x3000));
  return s;
}

function randomLevel(rng) {
  return rng.pick(['', 'EXPERT', 'Easy', 'expert ', 'master', '1', '4', 'hardest', randomText(rng)]);
}

function randomActionText(rng, legal) {
  const roll = rng.int(10);
  const cards = () => randomCards(rng, rng.int(4)).join(' ');
  if (roll < 3 && legal.length) {
    // A legal action, bent: other cards, other case, extra words.
    const parts = rng.pick(legal).split(' ');
    if (parts.length > 1 && rng.chance(0.6)) parts[1 + rng.int(parts.length - 1)] = randomCard(rng);
    else if (rng.chance(0.5)) parts.push(rng.pick([randomCard(rng), 'x', '0']));
    return rng.chance(0.2) ? parts.join(' ').toUpperCase() : parts.join(rng.pick([' ', '  ', '\t']));
  }
  if (roll < 7) {
    const verb = rng.pick(['discard', 'play', 'go', 'claim', 'muggins', 'accept', 'cut', 'Discard', 'pass', 'mog', 'refuse', 'place', '']);
    const rest = verb === 'claim' || verb === 'muggins' || verb === 'cut' ? String(randomNumber(rng)) : cards();
    return `${verb} ${rest}`.trim();
  }
  if (roll < 9) return randomText(rng);
  return randomValue(rng);
}

/** A save with a stacked set-up: valid deals most of the time, then perhaps bent. */
function randomSetupSave(rng, texts) {
  const players = rng.pick([2, 3, 4]);
  const deck = [...ALL_CARDS];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  if (familyModule && rng.chance(0.25)) {
    // Table Top's stacked hands: each seat's stack, top first, and the centre.
    const tablePlayers = rng.pick([2, 4]);
    const size = 24 / tablePlayers;
    const deals = Array.from({ length: 1 + rng.int(2) }, () => ({
      stacks: Array.from({ length: tablePlayers }, (_, s) => deck.slice(s * size, (s + 1) * size)),
      centre: deck[24],
    }));
    const setup = { first_dealer: rng.int(tablePlayers), deals };
    if (rng.chance(0.3)) setup.scores = [rng.int(130), rng.int(130)];
    const save = { v: 3, game: 'table-top', rules: { players: tablePlayers }, seed: String(rng.int(1e6)), setup, actions: [] };
    const text = JSON.stringify(rng.chance(0.5) ? save : mutate(rng, save));
    if (texts.setups.length < 100) texts.setups.push(text);
    return text;
  }
  if (familyModule && rng.chance(0.5)) {
    // The solitaires' stacked packs: the cards turned first, or the pack from the top.
    const square = rng.chance(0.5);
    const setup = square ? { cards: deck.slice(0, rng.int(18)) } : { pack: deck.slice(0, rng.int(53)) };
    const save = { v: 3, game: square ? 'square-solitaire' : 'solitaire', rules: {}, seed: String(rng.int(1e6)), setup, actions: [] };
    const text = JSON.stringify(rng.chance(0.5) ? save : mutate(rng, save));
    if (texts.setups.length < 100) texts.setups.push(text);
    return text;
  }
  if (familyModule) {
    // The family's three-card deals: two hands of three and a turn-up each.
    const deals = Array.from({ length: 1 + rng.int(3) }, (_, d) => ({ hands: [deck.slice(d * 7, d * 7 + 3), deck.slice(d * 7 + 3, d * 7 + 6)], turnup: deck[d * 7 + 6] }));
    const setup = { first_dealer: rng.int(2), deals };
    if (rng.chance(0.3)) setup.scores = [rng.int(130), rng.int(130)];
    const save = { v: 3, game: rng.pick(THREE_CARD_GAMES), rules: {}, seed: String(rng.int(1e6)), setup, actions: [] };
    const text = JSON.stringify(rng.chance(0.5) ? save : mutate(rng, save));
    if (texts.setups.length < 100) texts.setups.push(text);
    return text;
  }
  const size = players === 2 ? 6 : 5;
  const deals = [];
  for (let d = 0; d < 1 + rng.int(3); d++) {
    let at = d * 17 % 20;
    const take = (n) => {
      const out = deck.slice(at, at + n);
      at += n;
      return out;
    };
    const deal = { hands: Array.from({ length: players }, () => take(size)) };
    if (players === 3) deal.crib = take(1);
    deal.starter = take(1)[0];
    deals.push(deal);
  }
  const setup = { first_dealer: rng.int(players), deals };
  if (rng.chance(0.3)) setup.scores = Array.from({ length: players === 4 ? 2 : players }, () => rng.int(120));
  const save = { v: rng.pick([1, 2]), rules: { players, target: rng.pick([61, 121]), counting: 'automatic', match: 'single' }, seed: String(rng.int(1e6)), setup, actions: [] };
  if (save.v === 2) save.game = 'cribbage';
  const text = JSON.stringify(rng.chance(0.5) ? save : mutate(rng, save));
  if (texts.setups.length < 100) texts.setups.push(text);
  return text;
}

/** A save cut to its first few actions, so a review stays quick. */
function shortSave(text) {
  try {
    const save = JSON.parse(text);
    save.actions = save.actions.slice(0, 40);
    delete save.scores;
    return JSON.stringify(save);
  } catch {
    return text;
  }
}

function junkText(rng) {
  const roll = rng.int(8);
  if (roll === 0) return '['.repeat(1 + rng.int(5000));
  if (roll === 1) return `{"v":1,"rules":${'['.repeat(200)}`;
  if (roll === 2) return rng.pick(['', 'null', '{}', '[]', '1', '"x"', 'true', '{"v":2}', '{"v":3}', '{"v":4}', '{"v":2,"game":"noddy"}', '{"v":3,"game":"costly-colours"}', '{"v":3,"game":"costly-colours","rules":{},"seed":"1","actions":["mog","mog","pass"]}', '{"v":3,"game":"solitaire","rules":{},"seed":"1","actions":["lay AS AS"]}', '{"v":3,"game":"square-solitaire","rules":{},"seed":"1","actions":["place 5 1"]}', '{"v":3,"game":"table-top","rules":{"players":2},"seed":"1","actions":["place r1c1"]}', '{"v":3,"game":"table-top","rules":{},"seed":"1","actions":[]}', '{"v":2,"game":"x"}', '{"v":-1}', '{"v":1e400}']);
  if (roll === 3) return JSON.stringify(randomValue(rng));
  return randomText(rng);
}

/** Text-level damage: cut, insert, delete, swap, or a JSON-level mutation. */
function mutateText(rng, text) {
  if (rng.chance(0.6)) {
    try {
      return JSON.stringify(mutate(rng, JSON.parse(text)));
    } catch {
      // Fall through to text damage.
    }
  }
  const at = rng.int(text.length + 1);
  switch (rng.int(4)) {
    case 0:
      return text.slice(0, at);
    case 1:
      return text.slice(0, at) + rng.pick(['"', '{', '}', ',', '9', '-', 'ä', '\\', '\u0000']) + text.slice(at);
    case 2:
      return text.slice(0, at) + text.slice(at + 1 + rng.int(8));
    default:
      return text.replace(/\d+/, () => String(randomNumber(rng)));
  }
}

/** A deep copy of a JSON value with one to three changes at random places. */
function mutate(rng, value) {
  const copy = structuredClone(value);
  const n = 1 + rng.int(3);
  for (let i = 0; i < n; i++) mutateOnce(rng, copy);
  return copy;
}

function mutateOnce(rng, root) {
  // Walk down to a random container.
  let node = root;
  for (let depth = 0; depth < 6; depth++) {
    if (node === null || typeof node !== 'object') return;
    const keys = Object.keys(node);
    if (!keys.length || rng.chance(0.35)) break;
    const key = rng.pick(keys);
    if (node[key] === null || typeof node[key] !== 'object') {
      mutateAt(rng, node, key);
      return;
    }
    node = node[key];
  }
  if (node === null || typeof node !== 'object') return;
  const keys = Object.keys(node);
  if (Array.isArray(node)) {
    const roll = rng.int(5);
    if (roll === 0) node.pop();
    else if (roll === 1 && node.length) node.push(structuredClone(rng.pick(node)));
    else if (roll === 2) node.reverse();
    else if (roll === 3) node.push(jsonValue(rng));
    else if (node.length) mutateAt(rng, node, rng.int(node.length));
  } else {
    const roll = rng.int(4);
    if (roll === 0 && keys.length) delete node[rng.pick(keys)];
    else if (roll === 1) node[rng.pick(['extra', 'seat', 'game', 'v', 'phase', ''])] = jsonValue(rng);
    else if (keys.length) mutateAt(rng, node, rng.pick(keys));
  }
}

function mutateAt(rng, node, key) {
  const old = node[key];
  const roll = rng.int(6);
  if (typeof old === 'number' && roll < 3) node[key] = rng.pick([old + 1, old - 1, old * 256, -old, old + 0.5, randomNumber(rng), 3, 4, 5, 256, 65536]);
  else if (typeof old === 'string' && roll < 3) node[key] = rng.chance(0.5) ? randomCard(rng) : rng.pick(['', old + old, old.toLowerCase(), 'play', 'over', 'claim', randomText(rng)]);
  else node[key] = jsonValue(rng);
}

function jsonValue(rng) {
  return rng.pick([null, true, false, 0, -1, 1.5, 4, 255, 256, 65536, 2 ** 32, 1e300, '', '5H', 'x', [], {}, ['5H', '5H'], [0, 0, 0, 0, 0], { front: 1, rear: 0 }]);
}

function show(value) {
  let text;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : typeof value === 'number' || value === undefined ? String(value) : JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 200 ? `${text.slice(0, 200)}…(${text.length} chars)` : text;
}
