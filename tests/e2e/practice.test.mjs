// @ts-check
// What an undo leaves behind, in plain Node on the engine's own events: a
// game turned practice has its share taken back out of the statistics
// (stats.js), and the log is rebuilt from the engine's events as the table
// tells them (telling.js's logLines).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { engine } from './wasm-node.mjs';
import { EMPTY_COUNTERS, EMPTY_STATS, forgetGame, normalizeStats, restoreGameTally, startGameTally, tableFor, tableKey, tallyGame } from '../../www/js/stats.js';
import { describe as tell, logLines as toldLines } from '../../www/js/telling.js';
import { seatsFor, voiceFor } from '../../www/js/view.js';

const SETUP = { game: 'cribbage', level: 'medium', mode: 'computer', players: 2, target: 61, counting: 'automatic', match: 'single' };

/** Plays a whole game by first legal actions, handing each action's events to `each`. */
function playGame(seed, each) {
  const game = new engine.CribbageGame({ players: SETUP.players, target: SETUP.target }, seed);
  while (!game.isOver()) each(game.apply(game.toAct(), game.legalActions()[0]));
  return game;
}

describe('a practice game', () => {
  const who = { seat: 0, side: 0 };

  it('takes its share back out of its statistics table, the best hand too', () => {
    // Statistics from an earlier game, then a second game counted as it goes.
    const stats = normalizeStats(EMPTY_STATS);
    const earlier = startGameTally();
    playGame('1', (events) => tallyGame(stats, earlier, SETUP, events, who)).free();
    const before = structuredClone(stats);
    const share = startGameTally();
    playGame('2', (events) => tallyGame(stats, share, SETUP, events, who)).free();
    assert.equal(tableFor(stats, SETUP).games, 2);
    assert.equal(share.counted.games, 1);
    forgetGame(stats, share);
    assert.deepEqual(stats, before, 'as if the game had never been played');
  });

  it('from nothing: every count back to zero', () => {
    const stats = normalizeStats(EMPTY_STATS);
    const share = startGameTally();
    playGame('3', (events) => tallyGame(stats, share, SETUP, events, who)).free();
    assert.ok(tableFor(stats, SETUP).hands > 0);
    forgetGame(stats, share);
    assert.deepEqual(stats, { v: 2, tables: { [tableKey(SETUP)]: { ...EMPTY_COUNTERS } } });
  });

  it('keeps its share through a save and a reload', () => {
    const stats = normalizeStats(EMPTY_STATS);
    const share = startGameTally();
    playGame('5', (events) => tallyGame(stats, share, SETUP, events, who)).free();
    const back = restoreGameTally(JSON.parse(JSON.stringify(share)));
    assert.deepEqual(back, share);
    assert.deepEqual(restoreGameTally({ key: '../x', counted: { games: -3 } }), { ...startGameTally(), counted: { ...EMPTY_COUNTERS } });
  });
});

describe('the log rebuilt from the engine', () => {
  it('tells every event as the table does, each show counted out', () => {
    const game = playGame('4', () => {});
    const events = game.events(0);
    const voice = voiceFor(seatsFor(SETUP, [0, 1]), SETUP, [0, 1]);
    const lines = toldLines(events, voice, (hand, starter, crib) => engine.scoreShow(hand, starter, crib));
    const shows = events.filter((e) => e.type === 'show').length;
    assert.equal(lines.filter((l) => / in all\.$|nineteen: not a point to count\.$/.test(l)).length, shows, 'a line for every show');
    assert.ok(lines.some((l) => /^Hand 1: /.test(l)));
    assert.ok(lines.some((l) => /the starter is the /.test(l)));
    assert.ok(lines.some((l) => /^(You win|Ada wins), \d+ to \d+/.test(l)), 'the game’s end');
    assert.ok(!lines.some((l) => / pegs? \d+ points? for (your|Ada’s) hand\.$/.test(l)), 'the quiet lines stay out, as at the table');
    game.free();
  });

  it('hands each event it tells, with its words, to what else is made of them (the speech bubbles): told once', () => {
    const game = playGame('4', () => {});
    const events = game.events(0);
    const voice = voiceFor(seatsFor(SETUP, [0, 1]), SETUP, [0, 1]);
    const scoreShow = (hand, starter, crib) => engine.scoreShow(hand, starter, crib);
    /** @type {[any, any][]} */
    const heard = [];
    const lines = toldLines(events, voice, scoreShow, (ev, told) => heard.push([ev, told]));
    assert.deepEqual(lines, toldLines(events, voice, scoreShow), 'the same lines');
    // Every event once, in order, with the table's words for it, but one whose
    // words were folded into the one before it (a card's points into its call).
    const expected = [];
    for (let i = 0; i < events.length; i++) {
      const words = tell(events[i], voice, events[i + 1]);
      expected.push([events[i], words ?? null]);
      if (words?.folded) i++;
    }
    assert.ok(expected.length < events.length, 'some words folded');
    assert.deepEqual(heard, expected);
    const told = heard.map(([, words]) => words);
    // The calls the bubbles show are among them: "fifteen two" and the like, with the seat that said each.
    assert.ok(told.some((words) => words?.say && typeof words.say.seat === 'number' && words.say.words.length > 0));
    game.free();
  });
});
