// @ts-check
// The computer players at the wasm boundary, in Node: a worker is handed a
// game's save text and a seat, and gets back action text or plain objects;
// the engine restores the game and makes the seat's observation itself, and
// only that observation reaches the decision code. Bad input throws an
// Error with a clear message.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bench, engine } from './wasm-node.mjs';

const LEVELS = ['easy', 'medium', 'hard', 'expert', 'baseline'];

/**
 * A game whose first deal is stacked, saved as a page would save it: seat 0
 * deals `hands[0]`, seat 1 holds `hands[1]`.
 */
function stacked(hands, seed) {
  const save = {
    v: 2,
    game: 'cribbage',
    rules: { players: 2, target: 121 },
    seed: String(seed),
    setup: { first_dealer: 0, deals: [{ hands, starter: '9C' }] },
    actions: [],
  };
  return engine.CribbageGame.restore(JSON.stringify(save));
}

describe('computer players in wasm', () => {
  it('play whole games at every level, always legally', () => {
    engine.aiPrepare();
    for (const [seed, levels] of /** @type {const} */ ([['11', ['easy', 'expert']], ['12', ['medium', 'hard']]])) {
      const game = new engine.CribbageGame({ players: 2, target: 121 }, seed);
      let moves = 0;
      while (!game.isOver() && moves < 400) {
        const seat = game.toAct();
        const action = engine.aiDecide(game.save(), seat, levels[seat], moves);
        assert.ok(game.legalActions().includes(action), `${action} is not legal`);
        game.apply(seat, action);
        moves++;
      }
      assert.ok(game.isOver());
      game.free();
    }
  });

  it('gives the same action for the same position, seat and seed', () => {
    const game = new engine.CribbageGame({ players: 2, target: 121 }, '5');
    const save = game.save();
    assert.equal(engine.aiDecide(save, game.toAct(), 'expert', 9), engine.aiDecide(save, game.toAct(), 'expert', 9));
    game.free();
  });

  // The honesty of the worker's path: the save holds every card, but the
  // decision code is given the seat's observation only. Two games that
  // differ only in what seat 1 cannot see (seat 0's hand and throws) must
  // get the same answers for seat 1 at every level, as tests/it/ai.rs checks
  // natively.
  it('decides from what the seat may know: hidden cards change nothing', () => {
    const mine = ['5H', '6C', '7D', '8S', '9H', 'TC'];
    const a = stacked([['KS', 'QH', '2D', '3C', '4S', 'AH'], mine], 1);
    const b = stacked([['KS', 'QH', 'JD', '4C', 'AD', '2S'], mine], 2);
    a.apply(1, a.legalActions()[0]);
    b.apply(1, b.legalActions()[0]);
    a.apply(0, 'discard 4S AH');
    b.apply(0, 'discard AD 2S');
    // Seat 1 (pone) leads the play.
    assert.equal(a.toAct(), 1);
    assert.deepEqual(a.observation(1), b.observation(1));
    assert.notEqual(a.save(), b.save());
    for (const level of LEVELS) {
      for (const seed of [3, 99]) {
        assert.equal(engine.aiDecide(a.save(), 1, level, seed), engine.aiDecide(b.save(), 1, level, seed), `${level} with seed ${seed}`);
      }
      if (level !== 'baseline') assert.deepEqual(engine.coachAnalyze(a.save(), 1, level, 7), engine.coachAnalyze(b.save(), 1, level, 7), `coach ${level}`);
    }
    a.free();
    b.free();
  });

  it('coaches the discard with every option and its numbers', () => {
    const game = new engine.CribbageGame({ players: 2, target: 121 }, '6');
    const analysis = engine.coachAnalyze(game.save(), game.toAct(), 'expert', 1);
    assert.equal(analysis.kind, 'discard');
    assert.equal(analysis.options.length, 15);
    const best = analysis.options[0];
    assert.equal(Object.getPrototypeOf(best), Object.prototype);
    assert.equal(best.discard.length, 2);
    assert.equal(best.keep.length, 4);
    assert.ok(Math.abs(best.hand + best.crib + best.pegging - best.total) < 1e-9);
    game.free();
  });

  it('reviews a saved game', () => {
    const game = new engine.CribbageGame({ players: 2, target: 121 }, '7');
    for (let i = 0; i < 12; i++) {
      const seat = game.toAct();
      game.apply(seat, engine.aiDecide(game.save(), seat, 'easy', i));
    }
    const review = engine.reviewGame(game.save(), 0, 'hard', 1);
    assert.ok(review.decisions.length > 0);
    assert.ok(review.decisions.every((d) => d.seat === 0 && d.loss >= 0));
    game.free();
  });

  it('gives each side its chances through a game, and the review prices decisions in them', () => {
    const game = new engine.CribbageGame({ players: 2, target: 121 }, '9');
    const first = bench.winChances(game.save());
    assert.ok(Array.isArray(first) && first.length >= 1);
    assert.equal(first[0].stage, 'deal');
    for (let i = 0; i < 40 && !game.isOver(); i++) {
      const seat = game.toAct();
      game.apply(seat, engine.aiDecide(game.save(), seat, 'medium', i));
    }
    const points = bench.winChances(game.save());
    // The page asks chancesIfModelled, in the shipped module: the same points.
    assert.deepEqual(engine.chancesIfModelled(game.save()), points);
    assert.ok(points.length > first.length);
    for (const p of points) {
      assert.deepEqual(Object.keys(p).sort(), ['after', 'chances', 'dealer', 'game', 'hand', 'laid', 'pone', 'scores', 'stage']);
      // Who counts first is named, beside the dealer.
      assert.notEqual(p.pone, p.dealer);
      assert.ok(['start', 'his_heels', 'play', 'pone_hand', 'dealer_hand', 'crib'].includes(p.after), p.after);
      assert.ok(['deal', 'play', 'pone_count', 'dealer_count', 'crib_count'].includes(p.stage), p.stage);
      assert.ok(Math.abs(p.chances[0] + p.chances[1] - 1) < 1e-9);
    }
    // The review at Expert prices each decision in chances too.
    const review = engine.reviewGame(game.save(), 0, 'expert', 1);
    assert.ok(review.decisions.length > 0);
    for (const d of review.decisions) {
      assert.ok(d.chances !== null && d.chances.lost >= 0 && d.chances.best >= d.chances.chosen - 1e-12);
      assert.ok(d.options.length > 1 && d.options.every((o) => typeof o.chance === 'number'));
    }
    assert.ok(Math.abs(review.chances_lost[0] - review.decisions.reduce((sum, d) => sum + d.chances.lost, 0)) < 1e-9);
    game.free();
    // Only two-player standard cribbage has a model: anything else is refused in words.
    const three = new engine.CribbageGame({ players: 3, target: 121 }, '9');
    assert.throws(() => bench.winChances(three.save()), (err) => err instanceof Error && /chances are for two-player standard cribbage only/.test(err.message));
    three.free();
    assert.throws(() => bench.winChances('{'), (err) => err instanceof Error && /not a saved game/.test(err.message));
  });

  it('refuses bad input with an Error: the save, the seat, the turn, the level', () => {
    const game = new engine.CribbageGame({ players: 2, target: 121 }, '8');
    const save = game.save();
    const seat = game.toAct();
    for (const call of [engine.aiDecide, engine.coachAnalyze]) {
      /** @type {(args: [any, any, any, any], pattern: RegExp) => void} Any values, bad ones among them. */
      const refuses = (args, pattern) => assert.throws(() => call(...args), (err) => err instanceof Error && pattern.test(err.message), `${call.name}(${args.map(String).join(', ')})`);
      // The native record's words: the save is read as the CLI reads it.
      refuses(['{', seat, 'expert', 1], /not a saved game: EOF while parsing an object at line 1 column 1/);
      refuses(['{}', seat, 'expert', 1], /not a saved game/);
      refuses([save.replace('"actions":[]', '"actions":["go"]'), seat, 'expert', 1], /cannot be replayed/);
      refuses([save, 1 - seat, 'hard', 1], new RegExp(`it is seat ${seat}'s turn, not seat ${1 - seat}'s`));
      refuses([save, 2, 'hard', 1], /seat 2 is not at the table: seats are 0 to 1/);
      refuses([save, undefined, 'hard', 1], /the seat must be a whole number from 0 to 1/);
      refuses([save, '0', 'hard', 1], /the seat must be a whole number/);
      refuses([save, seat, 'grandmaster', 1], /not a level/);
      // Expert v1 is the command line's yardstick, not in the browser's module.
      refuses([save, seat, 'expert-v1', 1], /"expert-v1" is a yardstick of the command line's matches/);
    }
    // A finished game: nobody is to decide.
    while (!game.isOver()) game.apply(game.toAct(), game.legalActions()[0]);
    for (const s of [0, 1]) {
      assert.throws(() => engine.aiDecide(game.save(), s, 'easy', 1), /the game is over/);
      assert.throws(() => engine.coachAnalyze(game.save(), s, 'easy', 1), /the game is over/);
    }
    game.free();
  });
});
