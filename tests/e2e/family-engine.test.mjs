// @ts-check
// The family module (www/pkg-family, feature family) in Node: Noddy
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
      // The engine says what the page once supplied: no skunk, and each seat's side.
      assert.equal(over.skunk, 'none');
      assert.deepEqual([0, 1].map((seat) => game.observation(seat).sides), [[0, 1], [0, 1]]);
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
    assert.equal(review.game, 'noddy');
    assert.equal(review.level, 'hard');
    assert.equal(review.points_lost.length, 2);
    assert.equal(review.points_lost[0], 0, "Hard's own choices cost nothing on its seed");
    assert.ok(review.decisions.every((d) => d.loss >= 0 && typeof d.chosen === 'string'));
    // Each cost in points, within what the two players still need to 31; each position whole.
    for (const d of review.decisions) {
      const p = d.position;
      assert.ok(d.loss <= (31 - p.scores[0]) + (31 - p.scores[1]), JSON.stringify(d));
      assert.ok(p.hand.length > 0 && /^[2-9TJQKA][SHDC]$/.test(p.starter) && p.scores.length === 2, JSON.stringify(p));
      assert.equal(p.count, p.pile.reduce((n, c) => n + Math.min(10, 'A23456789TJQK'.indexOf(c[0]) + 1), 0));
    }
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
    for (const bad of /** @type {any[]} */ ([NaN, undefined, null, 'abc', {}, -1, 1.5, 2, 1e12])) {
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
    throwsLike(() => glue.aiDecide(before, 1 - seat, 'hard', 1), /it is seat \d's turn, not seat \d's/);
    assert.equal(game.save(), before);
    throwsLike(() => Game.restore('not json'), /./);
    throwsLike(() => Game.restore('{"v":3,"game":"cribbage","rules":{"players":2,"target":121},"seed":"1","actions":[]}'), /./);
    throwsLike(() => Game.restore(before.replace('"actions":[]', '"actions":["play ZZ"]')), /ZZ/);
    throwsLike(() => new Game({ game: 'noddy', players: 3 }, '1'), /rules/);
    // The rules name no game: standard cribbage, which this module does not play.
    throwsLike(() => new Game({}, '1'), /Cribbage is not played by this build/);
    throwsLike(() => new Game({ game: 'cribbage' }, '1'), /Cribbage is not played by this build/);
    assert.deepEqual(new Game({ game: 'noddy' }, '1').rules(), { game: 'noddy' });
    throwsLike(() => new Game({ game: 'noddy' }, 'seven'), /seed/);
    game.free();
    throwsLike(() => game.save(), /freed|handle/);
  });
});

/** A save's text with its game renamed: a save of one game given as another's. */
const renamed = (save, from, to) => save.replace(`"game":"${from}"`, `"game":"${to}"`);

/** Asserts `analysis` lists every legal action once, best first, kind by phase. */
function assertCoached(game, analysis) {
  const legal = game.legalActions();
  if (legal.length === 1) {
    assert.equal(analysis.kind, 'nothing');
    return;
  }
  assert.equal(analysis.kind, game.phase(), 'the analysis is of the decision asked');
  const actions = analysis.options.map((o) => o.action);
  assert.deepEqual([...actions].sort(), [...legal].sort(), 'every legal action exactly once');
  for (let i = 1; i < analysis.options.length; i++) {
    assert.ok(analysis.options[i - 1].value >= analysis.options[i].value, 'best first');
  }
  for (const o of analysis.options) {
    assert.equal(typeof o.value, 'number');
    // Priced in points as well as ranked: never the ±1,000 a won game ranks as.
    assert.ok(typeof o.points === 'number' && Math.abs(o.points) < 242, JSON.stringify(o));
    if (analysis.kind === 'play') {
      assert.equal(o.action, o.card[0] === 'A' ? `play ${o.card} ${o.counts}` : `play ${o.card}`);
      assert.equal(o.now === 0, o.said.length === 0, JSON.stringify(o));
    } else if (analysis.kind === 'pass') {
      assert.equal(o.action, `pass ${o.card}`);
      assert.ok([0, 2, 4].includes(o.pegs));
    } else {
      assert.equal(o.gives, o.action === 'refuse' ? 1 : 0);
    }
  }
}

describe('Costly Colours in the family module', () => {
  it('plays whole games at every level, to 121', () => {
    for (let seed = 1; seed <= 4; seed++) {
      const game = new Game({ game: 'costly-colours' }, String(seed));
      assert.equal(game.kind(), 'costly-colours');
      assert.equal(game.phase(), 'mog');
      const events = playOut(game, [LEVELS[seed % 4], LEVELS[(seed + 1) % 4]], seed);
      const over = events.at(-1);
      assert.equal(over.type, 'game_over');
      assert.ok(over.scores[over.winner] >= 121, JSON.stringify(over));
      // The engine says what the page once supplied: no skunk, and each seat's side.
      assert.equal(over.skunk, 'none');
      assert.deepEqual([0, 1].map((seat) => game.observation(seat).sides), [[0, 1], [0, 1]]);
      assert.equal(game.winner(), over.winner);
      assert.equal(game.phase(), 'over');
      game.free();
    }
  });

  it('coaches every decision (the mog, the pass, the play) and reviews a whole game', () => {
    const game = new Game({ game: 'costly-colours' }, '21');
    const kinds = new Set();
    let guard = 0;
    while (!game.isOver()) {
      const seat = game.toAct();
      const save = game.save();
      const analysis = glue.coachAnalyze(save, seat, 'hard', 3);
      assertCoached(game, analysis);
      kinds.add(analysis.kind);
      const hard = glue.aiDecide(save, seat, 'hard', 3);
      if (analysis.kind !== 'nothing') assert.equal(analysis.options[0].action, hard, "the best is Hard's choice");
      assert.throws(() => glue.coachAnalyze(save, 1 - seat, 'hard', 3), /it is seat \d's turn, not seat \d's/);
      // Seat 1 takes the last option now and then, so the review has something to judge.
      const legal = game.legalActions();
      game.apply(seat, seat === 0 || guard % 3 ? hard : legal.at(-1));
      assert.ok(++guard < 400, 'the game ends');
    }
    assert.deepEqual([...kinds].sort(), ['mog', 'nothing', 'pass', 'play']);
    assert.throws(() => glue.coachAnalyze(game.save(), 0, 'hard', 3), /game is over/);
    const review = glue.reviewGame(game.save(), null, 'hard', 3);
    assert.equal(review.level, 'hard');
    assert.equal(review.points_lost.length, 2);
    assert.equal(review.points_lost[0], 0, "Hard's own choices cost nothing on its seed");
    assert.ok(review.points_lost[1] > 0, 'the last option costs something now and then');
    assert.deepEqual([...new Set(review.decisions.map((d) => d.phase))].sort(), ['mog', 'pass', 'play']);
    assert.equal(review.game, 'costly-colours');
    for (const d of review.decisions) {
      assert.ok(d.loss >= 0 && typeof d.chosen === 'string' && typeof d.best === 'string');
      assert.equal(d.position.hand.length > 0, true);
      assert.ok(d.loss <= (121 - d.position.scores[0]) + (121 - d.position.scores[1]), JSON.stringify(d));
      assert.ok(/^[2-9TJQKA][SHDC]$/.test(d.position.starter), 'the turn-up');
      if (d.seat === 0) assert.equal(d.chosen, d.best);
    }
    const one = glue.reviewGame(game.save(), 1, 'easy', 3);
    assert.ok(one.decisions.every((d) => d.seat === 1));
    assert.throws(() => glue.reviewGame(game.save(), 5, 'hard', 3), /seat/);
  });

  it('offers an ace at 1 and at 11, each with its value and its words', () => {
    let found = 0;
    for (let seed = 1; seed <= 40 && found < 3; seed++) {
      const game = new Game({ game: 'costly-colours' }, String(seed));
      while (!game.isOver() && found < 3) {
        const seat = game.toAct();
        const legal = game.legalActions();
        const ace = legal.find((a) => / A. 11$/.test(a));
        if (ace && legal.includes(ace.replace(/11$/, '1'))) {
          const analysis = glue.coachAnalyze(game.save(), seat, 'medium', 1);
          assertCoached(game, analysis);
          const card = ace.split(' ')[1];
          const both = analysis.options.filter((o) => o.card === card);
          assert.deepEqual(both.map((o) => o.counts).sort((a, b) => a - b), [1, 11]);
          found++;
        }
        game.apply(seat, legal[(seed + game.actionCount()) % legal.length]);
      }
      game.free();
    }
    assert.equal(found, 3, 'aces offered both ways');
  });

  it('saves and restores at the mog, the pass and the play, and takes a move back', () => {
    const game = new Game({ game: 'costly-colours' }, '99');
    const phases = new Set();
    let checked = 0;
    while (!game.isOver() && checked < 12) {
      const text = game.save();
      assert.match(text, /"game":"costly-colours"/);
      const back = Game.restore(text);
      assert.equal(back.kind(), 'costly-colours');
      assert.equal(back.phase(), game.phase());
      for (const s of [0, 1]) assert.deepEqual(back.observation(s), game.observation(s));
      assert.equal(back.save(), text);
      back.free();
      phases.add(game.phase());
      const seat = game.toAct();
      // Mog whenever asked, so the pass comes up.
      const legal = game.legalActions();
      game.apply(seat, legal.includes('mog') ? 'mog' : legal[0]);
      checked++;
    }
    for (const phase of ['mog', 'pass', 'play']) assert.ok(phases.has(phase), `${phase} saved and restored`);
    const seat = game.toAct();
    const before = game.actionCount();
    assert.ok(game.canUndo(seat));
    const taken = game.undo(seat);
    assert.ok(taken >= 1);
    assert.equal(game.actionCount(), before - taken);
    assert.match(game.save(), /"redraw 1"/);
    // The undone game still plays to its end and restores.
    playOut(game, ['medium', 'hard'], 5);
    assert.equal(Game.restore(game.save()).save(), game.save());
  });

  it('restores a stacked start, and the coach keeps a double prial', () => {
    const setup = { first_dealer: 0, deals: [{ hands: [['KC', '9D', '4H'], ['5S', '5H', '5D']], turnup: '5C' }] };
    const save = JSON.stringify({ v: 3, game: 'costly-colours', rules: {}, seed: '1', setup, actions: [] });
    const game = Game.restore(save);
    assert.equal(game.save(), save.replace('"actions":[]', '"actions":[],"scores":[0,0]'));
    assert.deepEqual(game.observation(1).hand.sort(), ['5D', '5H', '5S']);
    const analysis = glue.coachAnalyze(save, 1, 'hard', 1);
    assert.equal(analysis.kind, 'mog');
    assert.equal(analysis.show, 30, 'four fifteens of three and a double prial');
    assert.ok(analysis.said.some((s) => s.includes('double prial')), analysis.said.join(', '));
    assert.deepEqual(analysis.options.map((o) => [o.action, o.gives, o.show]), [['refuse', 1, 30], ['mog', 0, analysis.options[1].show]]);
    assert.equal(analysis.options[1].passes.length, 2);
    const bent = (change) => JSON.stringify({ v: 3, game: 'costly-colours', rules: {}, seed: '1', setup: { ...setup, ...change }, actions: [] });
    assert.throws(() => Game.restore(bent({ deals: [{ ...setup.deals[0], crib: ['2C'] }] })), /unknown field `crib`, expected `hands` or `turnup`/);
    assert.throws(() => Game.restore(bent({ deals: [{ hands: [['KC', '9D'], ['5S', '5H', '5D']], turnup: '5C' }] })), /setup/);
    assert.throws(() => Game.restore(bent({ first_dealer: 2 })), /dealer/);
    assert.throws(() => Game.restore(bent({ scores: [121, 0] })), /121/);
    game.free();
  });

  it('refuses bad arguments with an Error and changes nothing', () => {
    const game = new Game({ game: 'costly-colours' }, '3');
    const throwsLike = (fn, pattern) => assert.throws(fn, (err) => err instanceof Error && pattern.test(err.message));
    const seat = game.toAct();
    let before = game.save();
    for (const bad of /** @type {any[]} */ ([NaN, undefined, null, 'abc', {}, -1, 1.5, 2, 1e12])) {
      throwsLike(() => game.apply(bad, 'mog'), /seat/);
      throwsLike(() => game.observation(bad), /seat/);
      throwsLike(() => glue.aiDecide(before, bad, 'hard', 1), /seat/);
      throwsLike(() => glue.coachAnalyze(before, bad, 'hard', 1), /seat/);
    }
    throwsLike(() => game.apply(1 - seat, 'mog'), /turn/);
    throwsLike(() => game.apply(seat, 'discard 5H'), /not an action/);
    throwsLike(() => game.apply(seat, 'pass 5X'), /5X/);
    throwsLike(() => game.apply(seat, 'go'), /not now/);
    throwsLike(() => glue.aiDecide(before, seat, 'grandmaster', 1), /level/);
    throwsLike(() => glue.coachAnalyze(before, seat, 'grandmaster', 1), /level/);
    throwsLike(() => glue.aiDecide(before, 1 - seat, 'hard', 1), /it is seat \d's turn, not seat \d's/);
    assert.equal(game.save(), before);
    // Into the play: an ace must say its value, a card must be held.
    while (game.phase() !== 'play') game.apply(game.toAct(), game.legalActions().at(-1));
    before = game.save();
    const player = game.toAct();
    const hand = game.observation(player).hand;
    throwsLike(() => game.apply(player, 'play AS'), /1 or 11/);
    throwsLike(() => game.apply(player, 'play 5H 5'), /only an ace/);
    const notHeld = ['KS', 'KH', 'KD', 'KC'].find((c) => !hand.includes(c));
    throwsLike(() => game.apply(player, `play ${notHeld}`), /not in the hand/);
    throwsLike(() => game.apply(player, 'mog'), /not now/);
    assert.equal(game.save(), before);
    // Saves: junk, another module's game, and a Noddy game given as Costly Colours'.
    throwsLike(() => Game.restore('not json'), /not a saved game: expected ident at line 1 column 2/);
    throwsLike(() => Game.restore('{"v":3,"game":"cribbage","rules":{"players":2,"target":121},"seed":"1","actions":[]}'), /Cribbage is not played by this build/);
    // Which module restores it, though, this one says: the page asks before it restores.
    assert.equal(glue.savedGame('{"v":3,"game":"cribbage","rules":{"players":2,"target":121},"seed":"1","actions":[]}'), 'cribbage');
    assert.equal(glue.savedGame(before), 'costly-colours');
    throwsLike(() => Game.restore(before.replace('"actions":[', '"actions":["play ZZ",')), /ZZ/);
    throwsLike(() => Game.restore(before.replace('"rules":{}', '"rules":{"target":61}')), /unknown field `target`, there are no fields/);
    const noddy = new Game({ game: 'noddy' }, '3');
    noddy.apply(noddy.toAct(), noddy.legalActions()[0]);
    const asCostly = renamed(noddy.save(), 'noddy', 'costly-colours');
    throwsLike(() => Game.restore(asCostly), /cannot be replayed: move 1/);
    throwsLike(() => glue.aiDecide(asCostly, 0, 'hard', 1), /cannot be replayed/);
    throwsLike(() => glue.coachAnalyze(asCostly, 0, 'hard', 1), /cannot be replayed/);
    throwsLike(() => glue.reviewGame(asCostly, null, 'hard', 1), /cannot be replayed/);
    // A Costly Colours game given as Noddy's fails the same way.
    throwsLike(() => Game.restore(renamed(before, 'costly-colours', 'noddy')), /cannot be replayed|not allowed/);
    assert.equal(Game.restore(noddy.save()).kind(), 'noddy');
    noddy.free();
    // Rules: the game named, no options.
    throwsLike(() => new Game({ game: 'costly-colours', target: 61 }, '1'), /the rules of Costly Colours: unknown field `target`, there are no fields/);
    throwsLike(() => new Game({ game: 'costly colours' }, '1'), /the rules' game: "costly colours" is not a game/);
    throwsLike(() => new Game(/** @type {any} */ ('costly-colours'), '1'), /object/);
    throwsLike(() => new Game({ game: 'costly-colours' }, 'seven'), /seed/);
    assert.deepEqual(new Game({ game: 'costly-colours' }, '1').rules(), { game: 'costly-colours' });
    assert.equal(game.save(), before);
    game.free();
    throwsLike(() => game.save(), /freed|handle/);
  });
});

/** Every card named in `value` (as JSON text). */
const cardsIn = (value) => new Set(JSON.stringify(value).match(/"[2-9TJQKA][SHDC]"/g)?.map((c) => c.slice(1, 3)) ?? []);

/** The solitaires: what differs between them, for the tests they share. */
const SOLITAIRES = {
  'square-solitaire': {
    phase: 'place',
    decisions: 16,
    valueOf: (o) => o.value,
    /** The cards the player has seen: every card turned, and the starter. */
    seen: (view) => new Set([...view.turned, ...(view.starter ? [view.starter] : [])]),
    checkMoves(view) {
      assert.deepEqual(view.moves.map((m) => m.action), view.legal, 'moves are the legal actions, in order');
      for (const m of view.moves) {
        assert.equal(m.kind, 'place');
        assert.equal(m.action, `place ${Math.floor(m.cell / 4) + 1} ${(m.cell % 4) + 1}`);
        assert.equal(view.grid[m.cell], null);
      }
      assert.equal(view.lines.length, 8);
      for (const line of view.lines) {
        assert.deepEqual(line.cards, line.cells.map((c) => view.grid[c]).filter(Boolean));
        assert.equal(typeof line.points, 'number');
      }
    },
    checkOver(view) {
      assert.equal(view.count.lines.length, 8);
      for (const line of view.count.lines) {
        assert.equal(line.steps.reduce((sum, s) => sum + s.points, 0), line.score.total, JSON.stringify(line));
      }
      assert.equal(view.score, view.count.total);
    },
    checkAnalysis(view, analysis) {
      assert.equal(analysis.card, view.card);
      assert.ok(analysis.samples >= 1);
      assert.deepEqual(analysis.options.map((o) => o.cell).sort((a, b) => a - b), view.moves.map((m) => m.cell));
    },
    badActions: ['place 0 1', 'place 1 5', 'lay 5H 6C', 'place one two', 'place 1'],
  },
  solitaire: {
    phase: 'lay_away',
    decisions: 6,
    valueOf: (o) => o.total,
    seen: (view) => new Set(view.seen),
    checkMoves(view) {
      assert.deepEqual(view.moves.map((m) => m.action), view.legal, 'moves are the legal actions, in order');
      assert.equal(view.moves.length, 15);
      for (const m of view.moves) {
        assert.equal(m.kind, 'lay');
        assert.equal(m.action, `lay ${m.cards.join(' ')}`);
        assert.ok(m.cards.every((c) => view.hand.includes(c)));
      }
      assert.equal(view.counts.length, 2 * (view.deal - 1), 'each deal\'s hand and crib counted so far');
    },
    checkOver(view) {
      assert.equal(view.counts.length, 13);
      for (const count of view.counts) {
        assert.equal(count.steps.reduce((sum, s) => sum + s.points, 0), count.points, JSON.stringify(count));
      }
      assert.equal(view.counts.at(-1).what, 'last_four');
      assert.equal(view.counts.at(-1).running, view.score);
    },
    checkAnalysis(view, analysis) {
      assert.equal(analysis.starter, view.starter);
      assert.equal(analysis.deal, view.deal);
      const unseen = 52 - view.seen.length;
      assert.equal(analysis.cribs, (unseen * (unseen - 1)) / 2);
      for (const o of analysis.options) assert.ok(Math.abs(o.hand + o.crib - o.total) < 1e-9);
    },
    badActions: ['lay 5H', 'lay 5H 6C 7D', 'place 1 1', 'lay 5X 6C', 'lay'],
  },
};

for (const [name, g] of Object.entries(SOLITAIRES)) {
  describe(`${name} in the family module`, () => {
    it('plays whole games at every level, the moves as data and the events public', () => {
      for (const [i, level] of ['easy', 'medium', 'hard', 'expert'].entries()) {
        if (name === 'square-solitaire' && i > 2) break; // Hard and Expert play the same full table.
        const game = new Game({ game: name }, String(40 + i));
        assert.equal(game.kind(), name);
        assert.deepEqual(game.rules(), { game: name });
        let decisions = 0;
        while (!game.isOver()) {
          assert.equal(game.phase(), g.phase);
          assert.equal(game.toAct(), 0);
          const view = game.observation(0);
          g.checkMoves(view);
          const action = glue.aiDecide(game.save(), 0, level, 7);
          assert.ok(view.legal.includes(action), `${action} is legal`);
          game.apply(0, action);
          decisions++;
          // Every card an event names, the player has seen.
          const seen = g.seen(game.observation(0));
          for (const card of cardsIn(game.events(0))) assert.ok(seen.has(card), `${card} in the events before it was seen`);
        }
        assert.equal(decisions, g.decisions);
        assert.equal(game.phase(), 'over');
        assert.equal(game.toAct(), undefined);
        const view = game.observation(0);
        assert.deepEqual(view.moves, []);
        g.checkOver(view);
        assert.equal(game.events(0).at(-1).type, 'game_over');
        game.free();
      }
    });

    it('coaches every legal move once, best first, and reviews the game', () => {
      const level = name === 'square-solitaire' ? 'medium' : 'hard';
      const game = new Game({ game: name }, '21');
      while (!game.isOver()) {
        const view = game.observation(0);
        const analysis = glue.coachAnalyze(game.save(), 0, level, 3);
        assert.equal(analysis.kind, g.phase);
        assert.equal(analysis.level, level);
        assert.deepEqual(analysis.options.map((o) => o.action).sort(), [...view.legal].sort(), 'every legal move once');
        for (let i = 1; i < analysis.options.length; i++) assert.ok(g.valueOf(analysis.options[i - 1]) >= g.valueOf(analysis.options[i]), 'best first');
        g.checkAnalysis(view, analysis);
        const action = glue.aiDecide(game.save(), 0, level, 3);
        assert.equal(analysis.options[0].action, action, "the coach's best is the level's move");
        game.apply(0, action);
      }
      const review = glue.reviewGame(game.save(), null, level, 3);
      assert.equal(review.level, level);
      assert.equal(review.decisions.length, name === 'square-solitaire' ? 15 : 6);
      assert.deepEqual(review.points_lost, [0], "the level's own moves lose nothing");
      for (const d of review.decisions) {
        assert.equal(d.loss, 0);
        assert.equal(d.chosen, d.best);
        assert.equal(d.chosen_value, d.best_value);
      }
      assert.deepEqual(glue.reviewGame(game.save(), 0, level, 3), review);
      // Another game, the first legal move each time: what it loses is the table's.
      const other = new Game({ game: name }, '21');
      while (!other.isOver()) other.apply(0, other.legalActions()[0]);
      const lost = glue.reviewGame(other.save(), 0, level, 3);
      assert.ok(lost.decisions.every((d) => d.loss >= 0 && Math.abs(d.best_value - d.chosen_value - d.loss) < 1e-9));
      assert.ok(Math.abs(lost.points_lost[0] - lost.decisions.reduce((s, d) => s + d.loss, 0)) < 1e-9);
      assert.ok(lost.points_lost[0] > 0);
      game.free();
      other.free();
    });

    it('saves and restores mid-game, and takes a move back', () => {
      const game = new Game({ game: name }, '99');
      game.apply(0, game.legalActions()[0]);
      game.apply(0, game.legalActions().at(-1));
      const text = game.save();
      assert.match(text, new RegExp(`"game":"${name}"`));
      const back = Game.restore(text);
      assert.deepEqual(back.observation(0), game.observation(0));
      assert.equal(back.eventCount(), game.eventCount());
      assert.equal(back.save(), text);
      assert.ok(game.canUndo(0));
      assert.equal(game.undo(0), 1);
      assert.equal(game.actionCount(), 1);
      assert.match(game.save(), /"redraw 1"/);
      while (!game.isOver()) game.apply(0, glue.aiDecide(game.save(), 0, 'easy', 1));
      assert.equal(Game.restore(game.save()).save(), game.save());
      assert.ok(!game.canUndo(0) || game.undo(0) >= 1);
      back.free();
      game.free();
    });

    it('restores a stacked start and refuses a bent one', () => {
      const cards = ['5H', '5C', '5S', 'JD', '5D', 'AH', '2C', '3D', '4S', '6H', '7C', '8D', '9S', 'TH', 'QC', 'KD', '2S'];
      const setup = name === 'square-solitaire' ? { cards } : { pack: cards };
      const save = (s) => JSON.stringify({ v: 3, game: name, rules: {}, seed: '1', setup: s, actions: [] });
      const game = Game.restore(save(setup));
      const view = game.observation(0);
      if (name === 'square-solitaire') assert.equal(view.card, '5H');
      // Three to the hand, two face down to the crib, three more, the starter.
      else assert.deepEqual([[...view.hand].sort(), view.starter], [['5H', '5C', '5S', 'AH', '2C', '3D'].sort(), '4S']);
      assert.equal(JSON.parse(game.save()).setup[name === 'square-solitaire' ? 'cards' : 'pack'].length, 17);
      const key = name === 'square-solitaire' ? 'cards' : 'pack';
      assert.throws(() => Game.restore(save({ [key]: ['5H', '5H'] })), /5H|twice|setup/);
      assert.throws(() => Game.restore(save({ [key]: ['5X'] })), /5X/);
      assert.throws(() => Game.restore(save({ [key]: cards, deals: [] })), new RegExp(`unknown field \`deals\`, expected \`${key}\``));
      assert.throws(() => Game.restore(save({})), /missing/);
      game.free();
    });

    it('refuses bad arguments with an Error and changes nothing', () => {
      const game = new Game({ game: name }, '3');
      game.apply(0, game.legalActions()[0]);
      const before = game.save();
      const throwsLike = (fn, pattern) => assert.throws(fn, (err) => err instanceof Error && pattern.test(err.message));
      for (const bad of /** @type {any[]} */ ([NaN, undefined, null, 'abc', {}, -1, 1.5, 1, 2, 1e12])) {
        throwsLike(() => game.apply(bad, game.legalActions()[0]), /seat/);
        throwsLike(() => game.observation(bad), /seat/);
        throwsLike(() => glue.aiDecide(before, bad, 'easy', 1), /seat/);
        throwsLike(() => glue.coachAnalyze(before, bad, 'easy', 1), /seat/);
        throwsLike(() => game.canUndo(bad), /seat/);
      }
      for (const text of g.badActions) throwsLike(() => game.apply(0, text), /./);
      throwsLike(() => game.apply(0, 'discard 5H'), /not an action/);
      throwsLike(() => glue.aiDecide(before, 0, 'grandmaster', 1), /level/);
      throwsLike(() => glue.coachAnalyze(before, 0, 'grandmaster', 1), /level/);
      throwsLike(() => glue.reviewGame(before, 0, 'grandmaster', 1), /level/);
      throwsLike(() => glue.reviewGame(before, 1, 'easy', 1), /seat/);
      if (name === 'square-solitaire') {
        const taken = JSON.parse(before).actions[0];
        throwsLike(() => game.apply(0, taken), /already holds a card/);
      } else {
        const notHeld = ['AS', 'AH', 'AD', 'AC', 'KS', 'KH', 'KD', 'KC'].filter((c) => !game.observation(0).hand.includes(c));
        throwsLike(() => game.apply(0, `lay ${notHeld[0]} ${notHeld[1]}`), /not in the hand/);
      }
      assert.equal(game.save(), before);
      throwsLike(() => Game.restore(before.replace('"actions":[', '"actions":["place 9 9",')), /not an action|replayed/);
      throwsLike(() => Game.restore(before.replace('"rules":{}', '"rules":{"target":61}')), /unknown field `target`, there are no fields/);
      throwsLike(() => new Game({ game: name, players: 1 }, '1'), /unknown field `players`, there are no fields/);
      throwsLike(() => new Game({ game: name }, 'seven'), /seed/);
      // Played out, nothing is to act.
      while (!game.isOver()) game.apply(0, game.legalActions()[0]);
      const over = game.save();
      throwsLike(() => game.apply(0, 'place 1 1'), /over|not an action/);
      throwsLike(() => glue.aiDecide(over, 0, 'easy', 1), /the game is over/);
      throwsLike(() => glue.coachAnalyze(over, 0, 'easy', 1), /the game is over/);
      assert.equal(game.save(), over);
      game.free();
      throwsLike(() => game.save(), /freed|handle/);
    });
  });
}
