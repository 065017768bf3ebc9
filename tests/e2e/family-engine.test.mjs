// The family module (www/pkg-family, feature module-family) in Node: Noddy
// played whole through the same numbered handle and CribbageGame class as
// the cribbage module, its computer players, save and restore, undo, and
// every bad argument refused with an Error that leaves the game as it was.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import * as glue from '../../www/pkg-family/cribbage.js';
import { gameClass } from '../../www/js/game-handle.js';

glue.initSync({ module: readFileSync('www/pkg-family/cribbage_bg.wasm') });
const Game = gameClass(glue);
const LEVELS = ['easy', 'medium', 'hard', 'expert'];

/** Plays `game` to its end with the computer players; returns the events. */
function playOut(game, levels, seed) {
  const events = [];
  let guard = 0;
  while (!game.isOver()) {
    const seat = game.toAct();
    const legal = game.legalActions();
    const action = glue.aiDecide(game.save(), seat, levels[seat], seed + guard);
    assert.ok(legal.includes(action), `${action} is one of ${legal}`);
    events.push(...game.apply(seat, action));
    assert.ok(++guard < 200, 'the game ends');
  }
  return events;
}

describe('Noddy in the family module', () => {
  it('plays whole games at every level, to 31', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const game = new Game({ game: 'noddy' }, String(seed));
      assert.equal(game.kind(), 'noddy');
      const events = playOut(game, [LEVELS[seed % 4], LEVELS[(seed + 1) % 4]], seed);
      const over = events.at(-1);
      assert.equal(over.type, 'game_over');
      assert.ok(over.scores[over.winner] >= 31, JSON.stringify(over));
      assert.equal(game.winner(), over.winner);
      assert.equal(game.phase(), 'over');
      game.free();
    }
  });

  it('shows each seat its own cards and never the other hand', () => {
    const game = new Game({ game: 'noddy' }, '12');
    let checked = 0;
    while (!game.isOver()) {
      const views = [0, 1].map((seat) => game.observation(seat));
      for (const seat of [0, 1]) {
        const text = JSON.stringify(views[seat]);
        for (const card of views[1 - seat].hand) {
          assert.ok(!text.includes(`"${card}"`), `seat ${seat} sees ${card}`);
        }
        checked++;
      }
      const seat = game.toAct();
      game.apply(seat, game.legalActions()[0]);
    }
    assert.ok(checked > 4);
  });

  it('coaches every option and reviews a whole game', () => {
    const game = new Game({ game: 'noddy' }, '21');
    let coached = 0;
    while (!game.isOver()) {
      const seat = game.toAct();
      const analysis = glue.coachAnalyze(game.save(), seat, 'hard', 3);
      if (analysis.kind === 'play') {
        assert.deepEqual(analysis.options.map((o) => o.action).sort(), [...game.legalActions()].sort());
        assert.equal(analysis.options[0].action, glue.aiDecide(game.save(), seat, 'hard', 3));
        for (let i = 1; i < analysis.options.length; i++) assert.ok(analysis.options[i - 1].value >= analysis.options[i].value);
        coached++;
      } else {
        assert.equal(analysis.kind, 'nothing');
        assert.equal(game.legalActions().length, 1);
      }
      game.apply(seat, seat === 0 ? glue.aiDecide(game.save(), seat, 'hard', 3) : game.legalActions().at(-1));
    }
    assert.ok(coached > 0);
    const review = glue.reviewGame(game.save(), null, 'hard', 3);
    assert.equal(review.level, 'hard');
    assert.equal(review.points_lost.length, 2);
    assert.equal(review.points_lost[0], 0, "Hard's own choices cost nothing on its seed");
    assert.ok(review.decisions.every((d) => d.loss >= 0 && typeof d.chosen === 'string'));
    assert.throws(() => glue.reviewGame(game.save(), 5, 'hard', 3), /seat/);
  });

  it('saves and restores mid-hand, and takes a move back', () => {
    const game = new Game({ game: 'noddy' }, '99');
    const seat = game.toAct();
    game.apply(seat, game.legalActions()[0]);
    const text = game.save();
    assert.match(text, /"game":"noddy"/);
    const back = Game.restore(text);
    for (const s of [0, 1]) assert.deepEqual(back.observation(s), game.observation(s));
    assert.equal(back.eventCount(), game.eventCount());
    assert.ok(game.canUndo(seat));
    assert.equal(game.undo(seat), 1);
    assert.equal(game.actionCount(), 0);
    assert.match(game.save(), /"redraw 1"/);
    // The undone game still plays to its end and restores.
    playOut(game, ['hard', 'hard'], 5);
    assert.equal(Game.restore(game.save()).save(), game.save());
  });

  it('refuses bad arguments with an Error and changes nothing', () => {
    const game = new Game({ game: 'noddy' }, '3');
    const before = game.save();
    const seat = game.toAct();
    const throwsLike = (fn, pattern) => assert.throws(fn, (err) => err instanceof Error && pattern.test(err.message));
    for (const bad of [NaN, undefined, null, 'abc', {}, -1, 1.5, 2, 1e12]) {
      throwsLike(() => game.apply(bad, game.legalActions()[0]), /seat/);
      throwsLike(() => game.observation(bad), /seat/);
      throwsLike(() => glue.aiDecide(before, bad, 'hard', 1), /seat/);
    }
    throwsLike(() => game.apply(1 - seat, 'go'), /turn/);
    throwsLike(() => game.apply(seat, 'discard 5H'), /not an action/);
    throwsLike(() => game.apply(seat, 'play 5X'), /5X/);
    const notHeld = ['AS', 'AH', 'AD', 'AC'].find((c) => !game.observation(seat).hand.includes(c));
    throwsLike(() => game.apply(seat, `play ${notHeld}`), /not in the hand/);
    throwsLike(() => glue.aiDecide(before, seat, 'grandmaster', 1), /level/);
    throwsLike(() => glue.aiDecide(before, 1 - seat, 'hard', 1), /not to act/);
    assert.equal(game.save(), before);
    throwsLike(() => Game.restore('not json'), /./);
    throwsLike(() => Game.restore('{"v":3,"game":"cribbage","rules":{"players":2,"target":121},"seed":"1","actions":[]}'), /./);
    throwsLike(() => Game.restore(before.replace('"actions":[]', '"actions":["play ZZ"]')), /ZZ/);
    throwsLike(() => new Game({ game: 'noddy', players: 3 }, '1'), /rules/);
    throwsLike(() => new Game({}, '1'), /name the game/);
    throwsLike(() => new Game({ game: 'cribbage' }, '1'), /this module plays/);
    assert.deepEqual(new Game({ game: 'noddy' }, '1').rules(), { game: 'noddy' });
    throwsLike(() => new Game({ game: 'noddy' }, 'seven'), /seed/);
    game.free();
    throwsLike(() => game.save(), /freed|handle/);
  });
});
