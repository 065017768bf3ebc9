// @ts-check
// Regressions at the wasm boundary found by issue 14, in Node against the
// built module (www/pkg): a three-player match's game 4, seats that are not
// whole numbers, and a position that repeats a card. Each failed before its
// fix. (The computer players once read an observation back from its JSON,
// and refused game numbers past 3 and repeated cards there; since issue 10
// they are sent the save and a seat, and the engine makes the observation.)

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { engine } from './wasm-node.mjs';

const { CribbageGame, aiDecide, coachAnalyze, reviewGame } = engine;

const LEVELS = ['easy', 'medium', 'hard', 'expert'];

/** A three-player best of three played by the easy bot until game 4 begins; null if it ends first. */
function toGame4(seed) {
  const game = new CribbageGame({ players: 3, target: 61, match: 'best_of_three' }, String(seed));
  while (!game.isOver()) {
    const seat = game.toAct();
    if (game.observation(seat).game_number >= 4) return { game, seat };
    game.apply(seat, aiDecide(game.save(), seat, 'easy', seed));
  }
  game.free();
  return null;
}

describe('a three-player best of three', () => {
  it('reaches game 4 when each player has won one, and the bots and the coach play it', () => {
    let found = null;
    for (let seed = 0; seed < 200 && !found; seed += 1) found = toGame4(seed);
    assert.ok(found, 'some seed under 200 reaches game 4');
    const { game, seat } = found;
    const view = game.observation(seat);
    const save = game.save();
    assert.equal(view.game_number, 4);
    assert.equal(view.game, 'cribbage', 'the observation names its game');
    assert.deepEqual([...view.games_won].sort(), [1, 1, 1]);
    for (const level of LEVELS) {
      const action = aiDecide(save, seat, level, 1);
      assert.ok(view.legal.includes(action), `${level}: ${action}`);
      assert.notEqual(coachAnalyze(save, seat, level, 1).kind, undefined);
    }
    // And the match plays on to its end.
    while (!game.isOver()) {
      const s = game.toAct();
      game.apply(s, aiDecide(game.save(), s, 'easy', 2));
    }
    assert.notEqual(game.winner(), undefined);
    assert.ok(seat >= 0);
    game.free();
  });
});

describe('seat arguments', () => {
  /** @type {any[]} Anything but a seat: the wrong types, and numbers off the table. */
  const BAD = [NaN, undefined, null, 'abc', '1', {}, [], true, -1, 0.5, 1.5, 2 ** 32, 2 ** 53, 1e300, Infinity, -Infinity];
  const shown = (v) => (typeof v === 'number' ? String(v) : JSON.stringify(v) ?? String(v));

  it('apply, observation, observationJson, aiDecide and coachAnalyze throw a clear Error for anything but a seat at the table', () => {
    for (const players of [2, 3, 4]) {
      const game = new CribbageGame({ players, target: 121 }, '77');
      const seat = game.toAct();
      const [action] = game.legalActions();
      const before = game.save();
      for (const bad of [...BAD, players, players + 1]) {
        for (const [name, call] of /** @type {[string, () => unknown][]} */ ([
          ['apply', () => game.apply(bad, action)],
          ['observation', () => game.observation(bad)],
          ['observationJson', () => game.observationJson(bad)],
          ['aiDecide', () => aiDecide(before, bad, 'easy', 1)],
          ['coachAnalyze', () => coachAnalyze(before, bad, 'easy', 1)],
        ])) {
          assert.throws(
            call,
            (err) => err instanceof Error && /seat/.test(err.message) && new RegExp(`0 to ${players - 1}`).test(err.message),
            `${players} players, ${name}(${shown(bad)})`,
          );
        }
        assert.equal(game.save(), before, `unchanged after apply(${shown(bad)})`);
      }
      assert.ok(Array.isArray(game.apply(seat, action)), 'a real seat still plays');
      game.free();
    }
  });

  it('reviewGame takes every seat for undefined or null, and refuses any other non-seat', () => {
    const game = new CribbageGame({ players: 2, target: 61 }, '3');
    while (game.actionCount() < 20 && !game.isOver()) game.apply(game.toAct(), game.legalActions()[0]);
    const save = game.save();
    const all = reviewGame(save, undefined, 'easy', 1);
    assert.deepEqual(reviewGame(save, null, 'easy', 1), all);
    assert.ok(all.decisions.some((d) => d.seat === 0) && all.decisions.some((d) => d.seat === 1));
    assert.ok(reviewGame(save, 1, 'easy', 1).decisions.every((d) => d.seat === 1));
    for (const bad of [NaN, 'abc', {}, -1, 1.5, 2, 2 ** 53]) {
      assert.throws(() => reviewGame(save, bad, 'easy', 1), /seat/, shown(bad));
    }
    game.free();
  });
});

describe('aiDecide', () => {
  // A position that repeats a card never reaches the computer players: the
  // save that would hold it is refused as it is restored.
  it('refuses a save whose deal repeats a card', () => {
    const save = (hands) => JSON.stringify({
      v: 2,
      game: 'cribbage',
      rules: { players: 2, target: 121 },
      seed: '11',
      setup: { first_dealer: 0, deals: [{ hands, starter: '9C' }] },
      actions: [],
    });
    const good = [['KS', 'QH', '2D', '3C', '4S', 'AH'], ['5H', '6C', '7D', '8S', '9H', 'TC']];
    assert.equal(typeof aiDecide(save(good), 1, 'expert', 1), 'string');
    const repeated = [['KS', 'QH', '2D', '3C', '4S', 'AH'], ['5H', '5H', '7D', '8S', '9H', 'TC']];
    assert.throws(() => aiDecide(save(repeated), 1, 'expert', 1), /bad setup: hand 1: 5H dealt twice/);
    assert.throws(() => coachAnalyze(save(repeated), 1, 'expert', 1), /5H dealt twice/);
    const shared = [['KS', 'QH', '2D', '3C', '4S', 'AH'], ['KS', '6C', '7D', '8S', '9H', 'TC']];
    assert.throws(() => aiDecide(save(shared), 1, 'expert', 1), /KS dealt twice/);
  });
});

// Found by the million-call fuzz: every call on a freed wasm-bindgen object
// made the module throw from inside, leaking a few bytes of its shadow stack,
// until after about 100,000 such calls every call trapped ("memory access
// out of bounds"). Games are now held by handle, and a freed one is an error
// the module returns.
describe('a freed game', () => {
  it('answers every call with a clear Error, 300,000 times, and the engine stays well', () => {
    const before = engine.gameCount();
    const game = new CribbageGame({ players: 2, target: 121 }, '13');
    assert.equal(engine.gameCount(), before + 1);
    game.free();
    game.free();
    assert.equal(engine.gameCount(), before);
    let errors = 0;
    for (let i = 0; i < 300_000; i += 1) {
      try {
        game.phase();
      } catch (err) {
        assert.ok(err instanceof Error);
        if (errors === 0) assert.match(err.message, /no game has handle \d+: it was freed, or never made/);
        errors += 1;
      }
    }
    assert.equal(errors, 300_000);
    const fresh = new CribbageGame({ players: 2, target: 61 }, '377200085');
    fresh.apply(fresh.toAct(), fresh.legalActions()[0]);
    assert.equal(typeof reviewGame(fresh.save(), 0, 'expert', 1), 'object');
    fresh.free();
  });

  it('refuses handles that are not a live game’s', () => {
    const live = new CribbageGame({ players: 2, target: 121 }, '14');
    for (const bad of [0, -1, 1.5, NaN, undefined, null, '1', {}, 2 ** 32, 1e9]) {
      assert.throws(() => engine.gameStatus(bad), /game handle|no game has handle/, String(bad));
      assert.throws(() => engine.gameApply(bad, 0, 'go'), /game handle|no game has handle/, String(bad));
    }
    assert.equal(live.phase(), 'discard');
    live.free();
  });
});
