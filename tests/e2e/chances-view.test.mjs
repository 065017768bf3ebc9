// @ts-check
// The chances' pure parts in plain Node, no browser: the meter's line and
// when it is said, the swings of a game and their words, the chart's
// geometry, the coach's words where the chances change its advice, the
// review's ranking and its words for why, and the past games' store (its
// bound, a broken entry passed over, storage that fills up). The chances
// themselves come from the engine (loaded as engine.test.mjs does) where a
// real game is wanted.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { engine, family } from './wasm-node.mjs';
import {
  chanceAdvice, chartGeometry, costWords, handOf, meterLine, optionRows, percent, rankByChances, reviewWhy, shouldSay, swingLine,
  swings, whatHappened,
} from '../../www/js/chances.js';
import { PAST_KEY, addPastGame, isPastGame, pastGameLine, pastGameOf, pastGamesNote, readPastGames } from '../../www/js/past-games.js';

/** A point of a game's chances, filled in. */
const point = (over) => ({ game: 1, hand: 1, stage: 'deal', laid: 0, dealer: 0, pone: 1, scores: [0, 0], chances: [0.5, 0.5], after: 'start', ...over });

describe('the meter', () => {
  it('says the player’s chance, never certain while the game is open', () => {
    assert.equal(meterLine([point({ chances: [0.62, 0.38] })])?.text, 'Your chances: 62%');
    assert.equal(meterLine([point({ chances: [0.998, 0.002] })])?.text, 'Your chances: 99%');
    assert.equal(meterLine([point({ chances: [0.001, 0.999] })])?.text, 'Your chances: 1%');
    assert.equal(meterLine([point({ chances: [1, 0], stage: 'play' })])?.text, 'Your chances: 100%');
    assert.equal(meterLine([]), null);
    assert.equal(meterLine(null), null);
    assert.equal(meterLine([point({ chances: [0.4, 0.6] })], { people: true, names: ['Ann', 'Bob'] })?.text, 'Chances: Ann 40%, Bob 60%');
  });

  it('is said at each deal and when it moves a good deal, not after every run', () => {
    assert.equal(shouldSay(null, { percent: 50, deal: false, at: 3 }), true);
    assert.equal(shouldSay({ percent: 50, at: 2 }, { percent: 53, deal: false, at: 3 }), false);
    assert.equal(shouldSay({ percent: 50, at: 2 }, { percent: 61, deal: false, at: 3 }), true);
    assert.equal(shouldSay({ percent: 50, at: 2 }, { percent: 50, deal: true, at: 3 }), true);
    // The deal said, shown again after each card of the hand's first run: not said again.
    assert.equal(shouldSay({ percent: 50, at: 3 }, { percent: 50, deal: true, at: 3 }), false);
    const points = [point(), point({ stage: 'play', chances: [0.45, 0.55] })];
    assert.equal(meterLine(points)?.at, 1, 'the line says which point it is');
  });

  it('rounds as players read it', () => {
    assert.deepEqual([0, 0.004, 0.5, 0.996, 1].map(percent), [0, 1, 50, 99, 100]);
  });
});

describe('the swings of a game', () => {
  const names = ['You', 'Ada'];
  const game = [
    point({}),
    point({ stage: 'play', laid: 4, after: 'play', scores: [2, 5], chances: [0.47, 0.53] }),
    point({ stage: 'pone_count', laid: 8, after: 'play', scores: [3, 7], chances: [0.45, 0.55] }),
    point({ stage: 'dealer_count', laid: 8, after: 'pone_hand', scores: [3, 23], chances: [0.3, 0.7] }),
    point({ stage: 'crib_count', laid: 8, after: 'dealer_hand', scores: [7, 23], chances: [0.33, 0.67] }),
    point({ hand: 2, dealer: 1, pone: 0, after: 'crib', scores: [23, 23], chances: [0.55, 0.45] }),
    point({ hand: 2, dealer: 1, pone: 0, stage: 'play', laid: 3, after: 'play', scores: [61, 30], chances: [1, 0] }),
  ];

  it('names what was pegged, by whom', () => {
    assert.equal(whatHappened(game[0], game[1], { names }), 'The play: you 2, Ada 5');
    assert.equal(whatHappened(game[1], game[2], { names }), 'The play ends (you 1, Ada 2); Ada counts first');
    assert.equal(whatHappened(game[2], game[3], { names }), 'Ada’s hand 16');
    assert.equal(whatHappened(game[3], game[4], { names }), 'Your hand 4');
    assert.equal(whatHappened(game[4], game[5], { names }), 'Your crib 16');
    assert.equal(whatHappened(game[5], game[6], { names }), 'You pegged out');
    const counted = point({ hand: 2, dealer: 1, pone: 0, stage: 'dealer_count', after: 'pone_hand', scores: [61, 23], chances: [1, 0] });
    assert.equal(whatHappened(game[5], counted, { names }), 'You counted out (hand 38)');
  });

  it('names who counts first as the engine names the pone, and every side a muggins call paid', () => {
    // The engine names the pone: the words follow it, not "the other of two".
    const ends = point({ stage: 'pone_count', laid: 8, after: 'play', dealer: 1, pone: 0, scores: [3, 7], chances: [0.45, 0.55] });
    assert.equal(whatHappened(game[1], ends, { names }), 'The play ends (you 1, Ada 2); you count first');
    const pone = point({ stage: 'dealer_count', laid: 8, after: 'pone_hand', dealer: 1, pone: 0, scores: [19, 9], chances: [0.6, 0.4] });
    assert.equal(whatHappened(ends, pone, { names }), 'Your hand 16, Ada 2 by muggins');
  });

  it('marks the largest changes, largest first, with their words', () => {
    const marked = swings(game, { names });
    assert.equal(marked.length, 3);
    assert.deepEqual(marked.map((s) => s.label), ['You pegged out', 'Your crib 16', 'Ada’s hand 16']);
    // The crib counted at the end of hand 1, the player's (the engine's point after it is hand 2's deal,
    // where the crib is Ada's): "Hand 2, your crib 16" was said.
    assert.equal(swingLine(marked[1]), 'Hand 1, your crib 16: your chances 33% → 55%');
    assert.equal(handOf(game[4], game[5]), 1);
    assert.equal(handOf(game[5], game[6]), 2);
    // A player's name keeps its capital in mid-sentence ("ada’s hand" was said once).
    assert.equal(swingLine(marked[2]), 'Hand 1, Ada’s hand 16: your chances 45% → 30%');
    const lost = [game[5], point({ hand: 2, dealer: 1, pone: 0, stage: 'play', laid: 3, after: 'play', scores: [23, 61], chances: [0, 1] })];
    assert.equal(swingLine(swings(lost, { names })[0]), 'Hand 2, Ada pegged out: your chances 55% → 0%');
    assert.equal(swingLine(swings([game[0], point({ stage: 'play', laid: 4, after: 'play', scores: [2, 5], chances: [0.3, 0.7] })], { names })[0]), 'Hand 1, the play: you 2, Ada 5: your chances 50% → 30%');
    assert.deepEqual(swings(game.slice(0, 3), { names }), [], 'small steps are no swing');
  });

  it('draws the line in its box, the marks on it and a rule at each new hand', () => {
    const marked = swings(game, { names });
    const g = chartGeometry(game, marked, { width: 320, height: 160, pad: 8 });
    assert.match(g.line, /^M42 80 L/);
    assert.equal(g.line.split('L').length, game.length);
    assert.equal(g.half, 80);
    assert.deepEqual(g.hands.map((h) => h.hand), [2]);
    assert.deepEqual(g.marks.map((m) => [m.n, m.x, m.y, m.up]), [[1, 312, 8, true], [2, 267, 72.8, true], [3, 177, 108.8, false]]);
    // The line keeps right of the axis's labels: a game starts near 50%, where "50%" is written.
    const xs = g.line.split(/[ML]/).filter(Boolean).map((pair) => Number(pair.trim().split(' ')[0]));
    assert.ok(g.left >= 30 && xs.every((x) => x >= g.left), `the line from ${Math.min(...xs)}, the labels left of ${g.left}`);
  });
});

describe('the coach in chances', () => {
  const discard = (over) => ({ discard: ['2C', '3D'], keep: ['5H', '5C', 'JD', 'QS'], hand: 8, crib: 1, pegging: 0, total: 9, win_prob: 0.5, ...over });

  it('speaks when the chances change the advice', () => {
    const analysis = {
      kind: 'discard',
      to_go: 9,
      options: [discard({ total: 8.6, win_prob: 0.512 }), discard({ keep: ['2C', '3D', 'JD', 'QS'], total: 9, win_prob: 0.47 })],
    };
    assert.equal(chanceAdvice(analysis), 'Keeping 5♥ 5♣ J♦ Q♠ gives up 0.4 points on average, but you need 9 to go out: your chances go from 47% to 51%.');
  });

  it('is silent where the points and the chances agree, or there are no chances', () => {
    assert.equal(chanceAdvice({ kind: 'discard', to_go: 9, options: [discard({ total: 9, win_prob: 0.6 }), discard({ total: 8, win_prob: 0.5 })] }), null);
    assert.equal(chanceAdvice({ kind: 'discard', options: [discard({ total: 8, win_prob: null }), discard({ total: 9, win_prob: null })] }), null);
    assert.equal(chanceAdvice({ kind: 'claim', options: [] }), null);
  });

  it('speaks of a card too', () => {
    const analysis = { kind: 'play', to_go: 3, options: [{ card: '7H', points: 0, value: 0.2, win_prob: 0.7 }, { card: '8S', points: 2, value: 1.1, win_prob: 0.64 }] };
    assert.equal(chanceAdvice(analysis), 'Playing the 7♥ gives up 0.9 points over the play, but you need 3 to go out: your chances go from 64% to 70%.');
  });
});

describe('the review in chances', () => {
  const move = (action) => ({ action, kind: 'discard', cards: action.split(' ').slice(1) });
  const option = (action, over) => ({ action: move(action), points: 5, chance: 0.5, hand: 6, crib: -1, pegging: 0, now: null, ...over });
  const decision = (over) => ({ index: 0, seat: 0, side: 0, opponents: [1], crib_side: 1, phase: 'discard', loss: 0.04, unit: 'win_chance', to_go: [9, 20], chosen: move('discard 5H 5C'), best: move('discard KS QD'), ...over });

  it('ranks by the chances lost, then the points', () => {
    const a = decision({ index: 1, chances: { chosen: 0.5, best: 0.52, lost: 0.02 } });
    const b = decision({ index: 2, chances: { chosen: 0.4, best: 0.46, lost: 0.06 } });
    const c = decision({ index: 3, unit: 'points', loss: 1.5, chances: null });
    const d = decision({ index: 4, chances: { chosen: 0.5, best: 0.501, lost: 0.001 } });
    assert.deepEqual(rankByChances([a, b, c, d]).map((x) => x.index), [2, 1, 3]);
  });

  it('says why the better was better, from what differs most', () => {
    const d = decision({
      chances: { chosen: 0.47, best: 0.51, lost: 0.04 },
      options: [option('discard KS QD', { points: 5.2, hand: 7.5, crib: -2.3, chance: 0.51 }), option('discard 5H 5C', { points: 4.6, hand: 5.1, crib: -0.5, chance: 0.47 })],
    });
    assert.equal(reviewWhy(d, { names: ['You', 'Ada'] }), 'The hand it keeps is worth 2.4 more on average, though it gives Ada’s crib 1.8 more. Your chances: 51% with it, 47% with yours.');
    assert.equal(costWords(d), '4% to win (0.6 points)');
  });

  it('names the crib’s owner and the other players as the engine names them, at any table', () => {
    const options = [option('discard KS QD', { points: 5.2, hand: 7.5, crib: -2.3, chance: null }), option('discard 5H 5C', { points: 4.6, hand: 5.1, crib: -0.5, chance: null })];
    // Three players: the crib is Bob's, who deals, not "the other" of two.
    const three = decision({ chances: null, unit: 'points', loss: 0.6, side: 0, opponents: [1, 2], crib_side: 2, to_go: [9, 20, 30], options });
    assert.equal(reviewWhy(three, { names: ['You', 'Ada', 'Bob'] }), 'The hand it keeps is worth 2.4 more on average, though it gives Bob’s crib 1.8 more. In all, 0.6 points better for you on average.');
    // Four in partnerships: seat 2 is side 0, and the other partnership side 1.
    const play = (card, over) => ({ action: { action: `play ${card}`, kind: 'play', cards: [card] }, points: 1, chance: null, hand: null, crib: null, pegging: null, now: 0, ...over });
    const partner = decision({ seat: 2, side: 0, opponents: [1], crib_side: 1, phase: 'play', unit: 'points', loss: 1.5, chances: null, to_go: [2, 30], chosen: play('8S').action, options: [play('7H', { now: 2, points: 2.5 }), play('8S', { now: 0, points: 1 })] });
    assert.equal(reviewWhy(partner, { names: ['You and Cleo', 'Ada and Bob'] }), 'It pegs out: you needed 2. In all, 1.5 points better for you on average.');
    const later = decision({ ...partner, to_go: [20, 30], options: [play('7H', { now: 0, points: 2.5 }), play('8S', { now: 0, points: 1 })] });
    assert.equal(reviewWhy(later, { names: ['You and Cleo', 'Ada and Bob'] }), 'It leaves Ada and Bob 1.5 less to peg (net) over the rest of the play. In all, 1.5 points better for you on average.');
  });

  it('names the need to go out where the better gave up points', () => {
    const d = decision({
      chances: { chosen: 0.47, best: 0.51, lost: 0.04 },
      options: [option('discard KS QD', { points: 4.6, hand: 7.5, crib: -2.9, chance: 0.51 }), option('discard 5H 5C', { points: 5, hand: 5.5, crib: -0.5, chance: 0.47 })],
    });
    assert.match(reviewWhy(d, { names: ['You', 'Ada'] }) ?? '', /It gives up 0\.4 points on average, but you needed 9 to go out and Ada 20: the chances, not the points, decide\./);
    assert.equal(costWords(d), '4% to win (yours 0.4 points more)');
  });

  it('prices a card by what it scores now and over the play, and a peg out', () => {
    const play = (card, over) => ({ action: { action: `play ${card}`, kind: 'play', cards: [card] }, points: 1, chance: null, hand: null, crib: null, pegging: null, now: 0, ...over });
    const d = decision({ phase: 'play', unit: 'points', loss: 1.5, chances: null, to_go: [2, 30], chosen: play('8S').action, options: [play('7H', { now: 2, points: 2.5 }), play('8S', { now: 0, points: 1 })] });
    assert.equal(reviewWhy(d, { names: ['You', 'Ada'] }), 'It pegs out: you needed 2. In all, 1.5 points better for you on average.');
    const { head, rows } = optionRows(d, (m) => m.action);
    assert.deepEqual(head, ['Choice', 'Scores now', 'Points']);
    assert.deepEqual(rows.map((r) => [r.cells[0], r.best, r.chosen]), [['play 7H', true, false], ['play 8S', false, true]]);
  });
});

describe('past games on the device', () => {
  /** A store over a Map, with a quota in entries' total text. */
  const memoryStore = (quota = Infinity) => {
    const data = new Map();
    return {
      data,
      read(name) {
        if (!data.has(name)) return { value: null };
        try {
          return { value: JSON.parse(data.get(name)) };
        } catch (error) {
          return { error };
        }
      },
      write(name, value) {
        const text = JSON.stringify(value);
        if (text.length > quota) return false;
        data.set(name, text);
        return true;
      },
    };
  };
  /** @type {(n: number) => import('../../www/js/past-games.js').PastGame} */
  const game = (n) => ({ v: 1, id: `g${n}`, date: new Date(Date.UTC(2026, 10, 27, 10, n)).toISOString(), game: 'cribbage', gameName: 'Cribbage', target: 61, players: 2, level: 'expert', names: ['You', 'Ada'], seat: 0, won: n % 2 === 0, scores: [61, 40 + (n % 20)], save: `{"save":${n}}` });

  it('keeps the newest first, once each, at most the bound', () => {
    const store = memoryStore();
    for (let n = 0; n < 60; n++) assert.equal(addPastGame(store, game(n)), true);
    addPastGame(store, game(59));
    const list = readPastGames(store);
    assert.equal(list.length, 50);
    assert.equal(list[0].id, 'g59');
    assert.equal(list.at(-1)?.id, 'g10');
  });

  it('passes over a broken entry, and a list that is not one', () => {
    const store = memoryStore();
    store.data.set(PAST_KEY, JSON.stringify([game(1), { v: 1, id: 'x' }, null, { ...game(2), scores: ['a'] }, { ...game(3), date: 'never' }, game(4)]));
    assert.deepEqual(readPastGames(store).map((g) => g.id), ['g1', 'g4']);
    store.data.set(PAST_KEY, '{not json');
    assert.deepEqual(readPastGames(store), []);
    assert.equal(addPastGame(store, game(5)), true, 'a broken list is written afresh');
    store.data.set(PAST_KEY, JSON.stringify({ games: [] }));
    assert.deepEqual(readPastGames(store), []);
    assert.equal(addPastGame(store, /** @type {any} */ ({ id: 'bad' })), false);
    assert.equal(isPastGame(game(1)), true);
  });

  it('drops the oldest when storage is full', () => {
    const one = JSON.stringify([game(0)]).length;
    const store = memoryStore(one * 4);
    for (let n = 0; n < 10; n++) assert.equal(addPastGame(store, game(n)), true);
    const list = readPastGames(store);
    assert.ok(list.length >= 2 && list.length <= 4, String(list.length));
    assert.equal(list[0].id, 'g9');
  });

  it('is made from the game on the table, the same game once', () => {
    const current = { save: '{"v":3}', game: 'cribbage', seed: '61', names: ['You', 'Ada'], seat: 0, won: true, scores: [61, 50], target: 61, players: 2, level: 'medium' };
    const entry = pastGameOf(current, new Date(Date.UTC(2026, 10, 27)));
    assert.equal(isPastGame(entry), true);
    assert.equal(entry.gameName, 'Cribbage');
    assert.equal(entry.date, '2026-11-27T00:00:00.000Z');
    assert.equal(pastGameOf(current, new Date()).id, entry.id, 'told again, the same id');
    assert.notEqual(pastGameOf({ ...current, save: '{"v":3,"x":1}' }, new Date()).id, entry.id);
  });

  it('keeps the engine’s word on its chances, and says what opening one shows only as true of the games listed', () => {
    const current = { save: '{"v":3}', game: 'cribbage', seed: '61', names: ['You', 'Ada'], seat: 0, won: true, scores: [61, 50], target: 61, players: 2, level: 'medium' };
    const date = new Date(Date.UTC(2026, 10, 27));
    assert.equal('chances' in pastGameOf(current, date), false, 'not known yet: left out');
    assert.equal(pastGameOf(current, date, true).chances, true);
    assert.equal(isPastGame({ ...game(1), chances: false }), true);
    assert.equal(isPastGame({ ...game(1), chances: 'yes' }), false);
    const withChances = { ...game(1), chances: true };
    const without = { ...game(2), chances: false };
    const unknown = game(3);
    // It said "Open one to see its chances" of games that have none.
    assert.deepEqual(pastGamesNote([withChances, { ...withChances, id: 'g9' }]), { note: 'Kept on this device, the latest 50. Open one to see its chances and review your play.', marked: false });
    assert.deepEqual(pastGamesNote([without]), { note: 'Kept on this device, the latest 50. Open one to review your play.', marked: false });
    assert.deepEqual(pastGamesNote([withChances, without, unknown]), { note: 'Kept on this device, the latest 50. Open one to review your play; those marked “Chances” also chart your chances to win.', marked: true });
    assert.deepEqual(pastGamesNote([without, unknown]), { note: 'Kept on this device, the latest 50. Open one to review your play, and see its chances where the game has them.', marked: false });
    for (const note of [pastGamesNote([without]).note, pastGamesNote([without, { ...without, id: 'g8' }]).note]) assert.doesNotMatch(note, /chances/);
  });

  it('reads as a line', () => {
    assert.equal(pastGameLine(game(2)), 'Cribbage to 61, Expert · You won, 61 to 42');
    assert.equal(pastGameLine({ ...game(3), seat: 1, scores: [61, 55], won: false }), 'Cribbage to 61, Expert · You lost, 55 to 61');
    // The scores as kept: the table's, as the engine's board showed them (stopped in the game hole);
    // the line stops nothing itself.
    assert.equal(pastGameLine({ ...game(3), scores: [59, 61], won: false }), 'Cribbage to 61, Expert · You lost, 59 to 61');
    assert.equal(pastGameLine({ ...game(3), scores: [59, 68], won: false }), 'Cribbage to 61, Expert · You lost, 59 to 68');
    // A solitaire: its points as made, against its win; no opponent, no level.
    const solo = { ...game(4), game: 'square-solitaire', gameName: 'Cribbage Square Solitaire', level: 'solo', names: ['You'] };
    assert.equal(pastGameLine({ ...solo, scores: [74], won: true }), 'Cribbage Square Solitaire · 74: a win');
    assert.equal(pastGameLine({ ...solo, scores: [22], won: false }), 'Cribbage Square Solitaire · 22: short of 61');
  });
});

describe('the engine’s chances, worded', () => {
  it('a real game’s every point is worded, and its swings found', async () => {
    const { CribbageGame, aiDecide, chancesIfModelled } = engine;
    const game = new CribbageGame({ players: 2, target: 61 }, '7');
    while (!game.isOver()) {
      const seat = game.toAct();
      game.apply(seat, aiDecide(game.save(), seat, 'medium', seat + 1));
    }
    const points = chancesIfModelled(game.save());
    assert.ok(Array.isArray(points) && points.length > 10);
    // Each point names the pone, who counts first, beside the dealer: the words read it there.
    for (const p of points) assert.ok(Number.isInteger(p.pone) && p.pone !== p.dealer, JSON.stringify(p));
    for (let i = 1; i < points.length; i++) assert.ok(whatHappened(points[i - 1], points[i], { names: ['You', 'Ada'] }).length > 5);
    const marked = swings(points, { names: ['You', 'Ada'] });
    assert.ok(marked.length >= 1);
    assert.match(whatHappened(points.at(-2), points.at(-1), { names: ['You', 'Ada'] }), / (pegged|counted) out/, 'the end of the game is worded as such');
    // No model, no chances: null (not an error) for three players, reverse cribbage and Noddy.
    assert.equal(chancesIfModelled(new CribbageGame({ players: 3 }, '7').save()), null);
    assert.equal(chancesIfModelled(new CribbageGame({ game: 'reverse' }, '7').save()), null);
    assert.equal(family.chancesIfModelled(new family.CribbageGame({ game: 'noddy' }, '7').save()), null);
    assert.throws(() => chancesIfModelled('{"not":"a save"}'), Error);
  });
});
