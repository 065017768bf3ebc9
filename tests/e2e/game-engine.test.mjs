// @ts-check
// The game at the wasm boundary, in Node: a CribbageGame plays a whole game
// through its legal actions, saves and restores to the same state, and
// answers every bad input with a thrown Error whose message says what was
// wrong, leaving the game as it was.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { engine } from './wasm-node.mjs';

const { CribbageGame } = engine;

const throwsWith = (call, pattern) =>
  assert.throws(call, (err) => err instanceof Error && pattern.test(err.message), String(pattern));

/** Plays `game` to the end (or `limit` actions) taking the first legal action. */
function playOut(game, limit = Infinity) {
  let n = 0;
  while (!game.isOver() && n < limit) {
    const seat = game.toAct();
    const [action] = game.legalActions();
    const events = game.apply(seat, action);
    assert.ok(Array.isArray(events) && events.length > 0, `${action} caused events`);
    n += 1;
  }
  return n;
}

describe('CribbageGame', () => {
  it('plays a whole two-player game and reports the winner', () => {
    const game = new CribbageGame({ players: 2, target: 121 }, '42');
    assert.equal(game.phase(), 'discard');
    const view = game.observation(game.toAct());
    assert.equal(view.hand.length, 6);
    assert.equal(view.legal.length, 15);
    assert.ok(view.legal.every((a) => a.startsWith('discard ')));
    playOut(game);
    assert.equal(game.phase(), 'over');
    const winner = game.winner();
    const final = game.observation(0);
    assert.ok(final.scores[winner].front >= 121);
    const types = new Set(game.events(0).map((e) => e.type));
    for (const type of ['new_game', 'cut_for_deal', 'deal', 'laid_away', 'starter', 'played', 'pegged', 'show', 'hand_over', 'game_over', 'match_over']) {
      assert.ok(types.has(type), `an event of type ${type}`);
    }
  });

  it('saves and restores to the same state, in every mode', () => {
    for (const rules of [
      { players: 2, target: 121 },
      { players: 3, target: 61, counting: 'muggins' },
      { players: 4, target: 61, match: 'best_of_three' },
    ]) {
      const game = new CribbageGame(rules, '7');
      playOut(game, 40);
      const text = game.save();
      const saved = JSON.parse(text);
      assert.equal(saved.v, 3);
      assert.equal(saved.game, 'cribbage');
      assert.equal(saved.seed, '7');
      assert.equal(saved.actions.length, 40);
      const back = CribbageGame.restore(text);
      assert.equal(back.save(), text);
      assert.equal(back.eventCount(), game.eventCount());
      for (let seat = 0; seat < rules.players; seat++) {
        assert.deepEqual(back.observation(seat), game.observation(seat));
      }
    }
  });

  it('refuses bad rules, seeds and saves with clear messages', () => {
    throwsWith(() => new CribbageGame({ players: 5, target: 121 }, '1'), /5 players: the game is for 2, 3 or 4/);
    throwsWith(() => new CribbageGame({ players: 2, target: 100 }, '1'), /the target is 121 or 61/);
    throwsWith(() => new CribbageGame({ players: 2, target: 121, colour: 'red' }, '1'), /the rules of Cribbage: unknown field `colour`, expected one of `players`, `target`/);
    throwsWith(() => new CribbageGame({ players: 2, target: 121, counting: 'honour' }, '1'), /unknown variant `honour`, expected `automatic` or `muggins`/);
    throwsWith(() => new CribbageGame({ game: 'cribbage', goal: 'avoid', players: 2, target: 121 }, '1'), /the rules name Cribbage but describe Reverse cribbage/);
    throwsWith(() => new CribbageGame({ game: 'chess' }, '1'), /the rules' game: "chess" is not a game/);
    throwsWith(() => new CribbageGame({ game: 7 }, '1'), /the rules' game must be a game's name/);
    throwsWith(() => new CribbageGame(/** @type {any} */ ('two players'), '1'), /the rules must be an object/);
    throwsWith(() => new CribbageGame({ players: 2, target: 121 }, 'lucky'), /seed "lucky" is not a whole number/);
    // Options left out take the game's defaults; the game may be named.
    const defaults = new CribbageGame({ players: 3 }, '1');
    assert.deepEqual(defaults.rules(), { game: 'cribbage', players: 3, target: 121, counting: 'automatic', match: 'single' });
    defaults.free();
    const reverse = new CribbageGame({ game: 'reverse' }, '1');
    assert.equal(reverse.kind(), 'reverse');
    assert.deepEqual(reverse.rules(), { game: 'reverse', players: 2, target: 121, counting: 'automatic', match: 'single', goal: 'avoid' });
    reverse.free();

    const good = new CribbageGame({ players: 2, target: 121 }, '3');
    playOut(good, 12);
    const text = good.save();
    /** @type {[string, RegExp][]} */
    const cases = [
      ['', /not a saved game: EOF while parsing a value at line 1 column 0/],
      ['{', /not a saved game: EOF while parsing an object/],
      ['null', /not a saved game: invalid type: null, expected struct Header/],
      ['[1]', /not a saved game: invalid type: sequence, expected struct Header/],
      ['{}', /no format version/],
      ['{"v":4}', /newer version/],
      ['{"v":3}', /no game \("game"\)/],
      ['{"v":2}', /no game \("game"\)/],
      ['{"v":1,"game":"cribbage"}', /a format-1 save names no game/],
      ['{"v":3,"game":"poker"}', /unknown variant `poker`, expected one of `cribbage`, `reverse`/],
      [text.replace('"game":"cribbage"', '"game":"noddy"'), /Noddy is not played by this build/],
      [text.replace('"game":"cribbage"', '"game":"reverse"'), /the save says Reverse cribbage but its rules are those of Cribbage/],
      ['{"v":0}', /old format/],
      [text.replace('"seed":"3"', '"seed":"x"'), /seed "x" is not a number/],
      [text.replace('"v":3', '"v":3,"extra":true'), /unknown field `extra`, expected one of `v`, `game`, `rules`/],
      [text.replace('"v":3,"game":"cribbage"', '"v":1').replace('"actions":["', '"actions":["redraw 1","'), /"redraw 1" in a format-1 save/],
      [text.replace('discard', 'dicsard'), /is not an action/],
      [text.replace(/"scores":\[\d+/, '"scores":[99'), /does not add up/],
      [text.replace('"players":2', '"players":9'), /9 players/],
      ['x'.repeat(2_000_000), /far larger than any saved game/],
    ];
    for (const [bad, pattern] of cases) throwsWith(() => CribbageGame.restore(bad), pattern);
    // Which game a save is, from its first fields, whether this module plays it or not (the page
    // asks so before it restores, and loads the module that plays it).
    assert.equal(engine.savedGame(text), 'cribbage');
    assert.equal(engine.savedGame(text.replace('"game":"cribbage"', '"game":"noddy"')), 'noddy');
    assert.equal(engine.savedGame('{"v":1,"rules":{"players":2},"seed":"1","actions":[]}'), 'cribbage');
    for (const [bad, pattern] of cases.slice(0, 10)) throwsWith(() => engine.savedGame(bad), pattern);
  });

  it('refuses wrong moves and leaves the game as it was', () => {
    const game = new CribbageGame({ players: 2, target: 121 }, '11');
    const seat = game.toAct();
    const other = 1 - seat;
    const before = game.save();
    const view = game.observation(seat);
    const notMine = ['AC', 'AD', 'AH', 'AS', '2C', '2D', '2H'].find((c) => !view.hand.includes(c));
    throwsWith(() => game.apply(other, view.legal[0]), new RegExp(`it is seat ${seat}'s turn`));
    throwsWith(() => game.apply(seat, 'play 5H'), /not allowed now: the game is waiting for laying away/);
    throwsWith(() => game.apply(seat, `discard ${view.hand[0]} ${notMine}`), /is not in your hand/);
    throwsWith(() => game.apply(seat, `discard ${view.hand[0]}`), /lay away 2 cards to the crib, not 1/);
    throwsWith(() => game.apply(seat, 'fold'), /is not an action/);
    throwsWith(() => game.apply(7, 'go'), /seat 7 is not at the table/);
    throwsWith(() => game.observation(2), /seat 2 is not at the table/);
    assert.equal(game.save(), before);
    assert.equal(game.actionCount(), 0);
  });

  it('hands a worker only the observation, as JSON', () => {
    const game = new CribbageGame({ players: 2, target: 121 }, '5');
    const seat = game.toAct();
    const json = game.observationJson(seat);
    assert.deepEqual(JSON.parse(json), game.observation(seat));
    const other = game.observation(1 - seat);
    for (const card of other.hand) assert.ok(!json.includes(`"${card}"`), `${card} is not in seat ${seat}'s view`);
  });

  it('hands the page its rules as data: sides, crib side, board and moves', () => {
    const four = new CribbageGame({ players: 4, target: 121 }, '8');
    const view = four.observation(four.toAct());
    assert.deepEqual(view.sides, [0, 1, 0, 1]);
    assert.equal(view.crib_side, view.sides[view.dealer]);
    assert.deepEqual(view.board, { target: 121, goal: 'reach', skunk_line: 90, double_skunk_line: 60, play_limit: 31, games_to_win: 1 });
    assert.equal(view.moves.length, view.legal.length);
    view.moves.forEach((m, i) => {
      assert.deepEqual(m, { action: view.legal[i], kind: 'discard', cards: [view.legal[i].split(' ')[1]], points: null, depth: null });
    });
    const reverse = new CribbageGame({ players: 3, target: 61, goal: 'avoid' }, '8');
    assert.deepEqual(reverse.observation(0).board, { target: 61, goal: 'avoid', skunk_line: 30, double_skunk_line: null, play_limit: 31, games_to_win: 1 });
    // How many games win the match is the rules' own: best of three, two.
    const match = new CribbageGame({ players: 2, target: 121, match: 'best_of_three' }, '8');
    assert.equal(match.observation(0).board.games_to_win, 2);
    match.free();
    // The crib passes with the deal.
    const two = new CribbageGame({ players: 2, target: 121 }, '9');
    const first = two.observation(0);
    while (two.observation(0).hand_number === first.hand_number) two.apply(two.toAct(), two.legalActions()[0]);
    assert.equal(two.observation(1).crib_side, 1 - first.crib_side);
  });

  it('saves format 3 with the game\'s kind, and restores format 1', () => {
    const reverse = new CribbageGame({ players: 2, target: 121, game: 'reverse' }, '12');
    assert.equal(reverse.kind(), 'reverse');
    assert.deepEqual(reverse.rules(), { game: 'reverse', players: 2, target: 121, counting: 'automatic', match: 'single', goal: 'avoid' });
    playOut(reverse, 10);
    const saved = JSON.parse(reverse.save());
    assert.equal(saved.v, 3);
    assert.equal(saved.game, 'reverse');
    assert.equal(CribbageGame.restore(reverse.save()).save(), reverse.save());
    assert.equal(new CribbageGame({ players: 2, target: 121, goal: 'avoid' }, '1').kind(), 'reverse');
    assert.equal(new CribbageGame({ players: 2, target: 121, game: 'cribbage' }, '1').kind(), 'cribbage');
    throwsWith(() => new CribbageGame({ players: 2, target: 121, game: 'reverse', goal: 'reach' }, '1'), /the rules name Reverse cribbage but describe Cribbage/);
    throwsWith(() => new CribbageGame({ players: 2, target: 121, game: 'noddy' }, '1'), /Noddy is not played by this build/);

    // A save written before format 2 (the page's last version wrote these). Automatic
    // counting: its actions read the same in every format. (Muggins saves of formats 1 and 2
    // are read under today's calls: tests/it/corpus.rs.)
    const standard = new CribbageGame({ players: 3, target: 61, counting: 'automatic' }, '31');
    playOut(standard, 25);
    const v2 = JSON.parse(standard.save());
    const v1 = JSON.stringify({ v: 1, rules: v2.rules, seed: v2.seed, actions: v2.actions, scores: v2.scores });
    const back = CribbageGame.restore(v1);
    assert.equal(back.kind(), 'cribbage');
    assert.equal(back.save(), standard.save());
    for (let seat = 0; seat < 3; seat++) assert.deepEqual(back.observation(seat), standard.observation(seat));
    // A reverse game the page saved in format 1 names its goal in the rules.
    const r1 = JSON.stringify({ v: 1, rules: saved.rules, seed: saved.seed, actions: saved.actions, scores: saved.scores });
    assert.equal(CribbageGame.restore(r1).save(), reverse.save());
  });

  it('takes a decision back, and draws a new starter for an undone cut', () => {
    // Find a seed whose starter changes when the lay-away is taken back
    // (the same card again is a 1-in-46 chance for any one seed).
    for (let seed = 1; seed < 10; seed++) {
      const game = new CribbageGame({ players: 2, target: 121 }, String(seed));
      const first = game.toAct();
      assert.equal(game.canUndo(first), false);
      const mine = game.legalActions()[0];
      game.apply(first, mine);
      assert.equal(game.canUndo(first), true);
      const second = game.toAct();
      game.apply(second, game.legalActions()[0]);
      assert.equal(game.phase(), 'play');
      const starter = game.observation(first).starter;
      const before = game.save();
      // The first seat's lay-away and the reply after it: two decisions.
      assert.equal(game.undo(first), 2);
      assert.equal(game.actionCount(), 0);
      assert.equal(game.phase(), 'discard');
      assert.equal(game.toAct(), first);
      assert.equal(game.canUndo(first), false);
      assert.deepEqual(JSON.parse(game.save()).actions, ['redraw 1']);
      // The same decisions again: the cut is drawn afresh.
      game.apply(first, mine);
      game.apply(second, JSON.parse(before).actions[1]);
      const again = game.observation(first).starter;
      assert.deepEqual(JSON.parse(game.save()).actions, ['redraw 1', ...JSON.parse(before).actions]);
      assert.equal(CribbageGame.restore(game.save()).save(), game.save());
      assert.equal(CribbageGame.restore(game.save()).observation(first).starter, again);
      if (again !== starter) return;
    }
    assert.fail('no seed of nine re-drew the starter');
  });

  it('refuses an undo with nothing to take back, and leaves the game as it was', () => {
    const game = new CribbageGame({ players: 2, target: 121 }, '4');
    const seat = game.toAct();
    throwsWith(() => game.undo(seat), new RegExp(`seat ${seat} has no decision to take back`));
    game.apply(seat, game.legalActions()[0]);
    const other = 1 - seat;
    const before = game.save();
    throwsWith(() => game.undo(other), new RegExp(`seat ${other} has no decision to take back`));
    throwsWith(() => game.undo(2), /seat 2 is not at the table/);
    throwsWith(() => game.undo(-1), /the seat must be a whole number from 0 to 1, not -1/);
    throwsWith(() => game.undo(/** @type {any} */ ('0')), /the seat must be a whole number/);
    throwsWith(() => /** @type {any} */ (game).undo(), /the seat must be a whole number/);
    throwsWith(() => game.canUndo(1.5), /the seat must be a whole number/);
    throwsWith(() => game.canUndo(3), /seat 3 is not at the table/);
    assert.equal(game.save(), before);
    assert.equal(game.undo(seat), 1);
    game.free();
    assert.throws(() => game.undo(seat));
  });
});
