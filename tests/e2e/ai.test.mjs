// The computer players at the wasm boundary, in Node: a worker is handed an
// observation's JSON and gets back action text or plain objects; bad input
// throws an Error with a clear message.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { engine } from './wasm-node.mjs';


describe('computer players in wasm', () => {
  it('play whole games at every level, always legally', () => {
    engine.aiPrepare();
    for (const [seed, levels] of [['11', ['easy', 'expert']], ['12', ['medium', 'hard']]]) {
      const game = new engine.CribbageGame({ players: 2, target: 121 }, seed);
      let moves = 0;
      while (!game.isOver() && moves < 400) {
        const seat = game.toAct();
        const action = engine.aiDecide(game.observationJson(seat), levels[seat], moves);
        assert.ok(game.legalActions().includes(action), `${action} is not legal`);
        game.apply(seat, action);
        moves++;
      }
      assert.ok(game.isOver());
      game.free();
    }
  });

  it('gives the same action for the same observation and seed', () => {
    const game = new engine.CribbageGame({ players: 2, target: 121 }, '5');
    const view = game.observationJson(game.toAct());
    assert.equal(engine.aiDecide(view, 'expert', 9), engine.aiDecide(view, 'expert', 9));
    game.free();
  });

  it('coaches the discard with every option and its numbers', () => {
    const game = new engine.CribbageGame({ players: 2, target: 121 }, '6');
    const analysis = engine.coachAnalyze(game.observationJson(game.toAct()), 'expert', 1);
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
      game.apply(seat, engine.aiDecide(game.observationJson(seat), 'easy', i));
    }
    const review = engine.reviewGame(game.save(), 0, 'hard', 1);
    assert.ok(review.decisions.length > 0);
    assert.ok(review.decisions.every((d) => d.seat === 0 && d.loss >= 0));
    game.free();
  });

  it('refuses bad input with an Error', () => {
    assert.throws(() => engine.aiDecide('{', 'expert', 1), (err) => err instanceof Error && /JSON/.test(err.message));
    assert.throws(() => engine.aiDecide('{}', 'expert', 1), /not an observation/);
    const game = new engine.CribbageGame({ players: 2, target: 121 }, '8');
    const waiting = 1 - game.toAct();
    assert.throws(() => engine.aiDecide(game.observationJson(waiting), 'hard', 1), /not this seat's turn/);
    assert.throws(() => engine.aiDecide(game.observationJson(game.toAct()), 'grandmaster', 1), /not a level/);
    game.free();
  });
});
