// @ts-check
// In Node, no browser: what the table says and offers, fed the engines' own
// games. Table Top's words ("you" mid-sentence) and its total stopped at the
// game hole as the board stops; the coach's words as a player says them;
// the shared result's squares on a scale read at once, with its key; and
// the games' registry saying which set-up choices apply to each game, and
// which games hide a hand (the pass-and-play curtain).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import * as glue from '../../www/pkg-family/cribbage.js';
import { gameClass } from '../../www/js/game-handle.js';
import { layOn, layoutOf, describe as tell, observe, tableView, voiceFor } from '../../www/js/layout.js';
import { resultText, scaleKey } from '../../www/js/layout-ending.js';
import { hintText } from '../../www/js/advice.js';
import { GAMES, gameInfo, rulesFor } from '../../www/js/games.js';
import { engineFor } from './wasm-node.mjs';

glue.initSync({ module: readFileSync('www/pkg-family/cribbage_bg.wasm') });
const FamilyGame = gameClass(glue);

/** Plays the first legal action to the end; returns the game (free it after). */
function playOut(rules, seed) {
  const game = new FamilyGame(rules, seed);
  for (let i = 0; i < 5000 && !game.isOver(); i++) game.apply(game.toAct(), game.legalActions()[0]);
  assert.ok(game.isOver());
  return game;
}

const you = (names) => names.map((name, seat) => ({ name, human: seat === 0 }));

describe('Table Top’s words and total', () => {
  it('says "you" in mid-sentence: who scores the rows, who deals', () => {
    const two = voiceFor(you(['You', 'Ada']), { game: 'table-top', mode: 'computer' }, { game: 'table-top', phase: 'place', to_act: 0, legal: [], moves: [], sides: [0, 1], scores: [], shown: [], board: { target: 121, win: 121 } });
    assert.equal(tell({ type: 'directions', rows: 1, columns: 0 }, two).text, 'Ada scores the rows, you the columns.');
    assert.equal(tell({ type: 'directions', rows: 0, columns: 1 }, two).text, 'You score the rows, Ada the columns.');
    assert.equal(tell({ type: 'deal', hand: 1, dealer: 0 }, two).text, 'Hand 1: you deal.');
    assert.equal(tell({ type: 'deal', hand: 2, dealer: 1 }, two).text, 'Hand 2: Ada deals.');
    const four = voiceFor(you(['You', 'Ada', 'Cleo', 'Ben']), { game: 'table-top', mode: 'computer' }, { game: 'table-top', phase: 'place', to_act: 0, legal: [], moves: [], sides: [0, 1, 0, 1], scores: [], shown: [], board: { target: 121, win: 121 } });
    assert.equal(tell({ type: 'directions', rows: 1, columns: 0 }, four).text, 'Ada and Ben score the rows, you and Cleo the columns.');
    assert.equal(tell({ type: 'directions', rows: 0, columns: 1 }, four).text, 'You and Cleo score the rows, Ada and Ben the columns.');
    // A peg past the target is said where the engine's board stops it (its `shown`), not as counted.
    assert.equal(tell({ type: 'pegged', side: 1, seat: 1, points: 8, front: 146, rear: 138, shown: 121 }, two).text, 'Ada: 121.');
  });

  it('its total stops at the game hole, as the board does, in whole games', () => {
    let past = 0;
    for (const seed of ['31', '7', '12']) {
      const game = playOut({ game: 'table-top' }, seed);
      const obs = /** @type {import('../../types/engine.js').LayoutObservation} */ (game.observation(0));
      game.free();
      const seats = you(['You', 'Ada']);
      const s = { display: observe(obs), seats, setup: { game: 'table-top', mode: 'computer', players: 2, match: 'single' }, viewer: 0, holder: null, waiting: null, thinking: null, said: {}, selected: [], claim: null, prompt: '', suggestion: null, message: null, show: null, panel: null, practice: false };
      const view = tableView(s);
      const shown = view.table.extra.total.split('–').map(Number);
      assert.ok(shown.every((n) => n <= obs.target), `seed ${seed}: ${view.table.extra.total} against ${obs.target}`);
      assert.ok(shown.includes(obs.target), `seed ${seed}: the winner in the game hole, ${view.table.extra.total}`);
      assert.ok(view.table.seats.every((seat) => seat.score <= obs.target));
      if (Math.max(...obs.scores.map((p) => p.front)) > obs.target) past++;
      assert.match(view.table.extra.totalNote, new RegExp(`^You score the (rows|columns) · ${obs.target} wins$`));
    }
    assert.ok(past > 0, 'a game whose count ran past the target');
  });

  it('draws the sides, order, pegs, card and board as the engine gives them, whatever the game', () => {
    const game = playOut({ game: 'table-top' }, '31');
    const obs = /** @type {import('../../types/engine.js').LayoutObservation} */ (game.observation(0));
    game.free();
    const seats = you(['You', 'Ada']);
    const state = (o) => ({ display: observe(o), seats, setup: { game: 'table-top', mode: 'computer', players: 2, match: 'single' }, viewer: 0, holder: null, waiting: null, thinking: null, said: {}, selected: [], claim: null, prompt: '', suggestion: null, message: null, show: null, panel: null, practice: false });
    const scores = [{ front: 130, rear: 120 }, { front: 100, rear: 90 }];
    // Each score as the engine's board shows it (`shown`): a race's stopped in the game hole, one
    // that runs on as made. The face says and draws what it is given, never stopping a score itself.
    const stops = tableView(state({ ...obs, scores, shown: [obs.board.target, 100] }));
    assert.deepEqual(stops.table.seats.map((seat) => seat.score), [obs.board.target, 100]);
    assert.deepEqual(stops.board.scores, [{ front: 130, rear: 120, shown: obs.board.target }, { front: 100, rear: 90, shown: 100 }]);
    const runs = tableView(state({ ...obs, scores, shown: [130, 100] }));
    assert.deepEqual(runs.table.seats.map((seat) => seat.score), [130, 100]);
    assert.deepEqual(runs.board.scores.map((p) => p.shown), [130, 100]);
    // The seats round the table in the engine's order, each on the side it names.
    const swapped = tableView(state({ ...obs, scores, shown: [obs.board.target, 100], order: [0, 1], sides: [1, 0] }));
    assert.deepEqual(swapped.table.seats.map((seat) => seat.score), [100, obs.board.target]);
    // The card on show is the engine's `card`.
    assert.equal(observe({ ...obs, card: '5H' }).card, '5H');
  });
});

describe('the layout face lays and tells what the engine’s events say', () => {
  it('a solitaire’s count drawn as its event shows it, the centre card where its event lays it, the draw’s sides as it names them', () => {
    for (const [game, type] of [['square-solitaire', 'line_counted'], ['solitaire', 'counted']]) {
      const played = playOut({ game }, '5');
      const obs = /** @type {import('../../types/engine.js').LayoutObservation} */ (played.observation(0));
      const events = played.events(0);
      played.free();
      // Each count names the score as its board shows it (`shown`, a solitaire's as made).
      const counts = events.filter((e) => e.type === type || e.type === 'heels');
      assert.ok(counts.length > 3 && counts.every((e) => e.shown === e.running), `${game}: ${JSON.stringify(counts[0])}`);
      // The face draws the event's `shown`, never its own copy of the points counted.
      const ev = { ...counts.at(-1), running: 70, shown: 64 };
      assert.deepEqual(layOn(observe(obs), ev).scores[0], { front: 70, rear: obs.scores[0].front, shown: 64 }, game);
    }
    const tableTop = playOut({ game: 'table-top', players: 4 }, '5');
    const obs = /** @type {import('../../types/engine.js').LayoutObservation} */ (tableTop.observation(0));
    const events = tableTop.events(0);
    tableTop.free();
    const centre = events.find((e) => e.type === 'centre');
    assert.ok(Number.isInteger(centre?.cell), JSON.stringify(centre));
    // Laid on the cell the event names, whichever that is.
    const laid = layOn(observe(obs), { ...centre, cell: 6 });
    assert.deepEqual(laid.grid.flatMap((card, i) => (card ? [[i, card]] : [])), [[6, centre.card]]);
    const { seated } = events.filter((e) => e.type === 'draw_for_partners').at(-1);
    assert.equal(seated.low, seated.sides.find((side) => side !== seated.sides[seated.dealer]), 'the low cards’ side is the other partnership');
    const four = voiceFor(you(['You', 'Ada', 'Cleo', 'Ben']), { game: 'table-top', mode: 'computer' }, { ...obs, sides: [0, 1, 0, 1] });
    const cuts = [{ seat: 0, card: '2H' }, { seat: 1, card: 'KS' }, { seat: 2, card: '3D' }, { seat: 3, card: 'QC' }];
    const draw = { type: 'draw_for_partners', cuts, seated: { sides: [0, 1, 0, 1], order: [0, 1, 2, 3], dealer: 1, low: 0 } };
    assert.match(tell(draw, four)?.text ?? '', /Ada and Ben, the two highest, against you and your partner; Ada deals\.$/);
  });
});

describe('the coach’s words', () => {
  it('reverse cribbage: the net said as for or against you, never "−7.3 in your favour"', () => {
    // Points to avoid: the engine's analysis says so by its goal, the turn does not.
    const turn = { ownCrib: false, dealerName: 'Ada' };
    const against = hintText({ game: 'reverse', goal: 'avoid', kind: 'discard', level: 'hard', options: [{ discard: ['5H', '5C'], keep: ['AS', '2S', '3S', '4S'], hand: 10.6, crib: 3.3, pegging: null, total: -7.3 }] }, turn).long;
    assert.match(against, /In all, 7\.3 points against you\./);
    assert.doesNotMatch(against, /−7\.3|in your favour/);
    const favour = hintText({ game: 'reverse', goal: 'avoid', kind: 'discard', level: 'hard', options: [{ discard: ['5H', '5C'], keep: ['AS', '2S', '3S', '4S'], hand: 2.1, crib: 4.4, pegging: null, total: 2.3 }] }, turn).long;
    assert.match(favour, /In all, 2\.3 points in your favour\./);
  });

  it('Cribbage Solitaire: one pair of cards is said so, never "over 1 pairs"', () => {
    const one = hintText({ game: 'solitaire', kind: 'lay_away', level: 'hard', cribs: 1, options: [{ laid: ['5H', '5C'], hand: 8, crib: 4, total: 12 }] }, {}).long;
    assert.match(one, /the crib 4\.0 \(the one pair of cards it can hold\)/);
    assert.doesNotMatch(one, /1 pairs/);
    const many = hintText({ game: 'solitaire', kind: 'lay_away', level: 'hard', cribs: 105, options: [{ laid: ['5H', '5C'], hand: 8, crib: 4.2, total: 12.2 }] }, {}).long;
    assert.match(many, /on average \(over the 105 pairs of cards it may hold\)/);
  });
});

describe('the shared result', () => {
  const square = (n) => n >= 12 ? '🟩' : n >= 6 ? '🟨' : n > 0 ? '🟧' : '⬜';

  it('Square Solitaire: each line a square, the greener the more points, with its key and the numbers', () => {
    const game = playOut({ game: 'square-solitaire' }, '8');
    const obs = game.observation(0);
    game.free();
    const lines = resultText(obs, 'Cribbage Square Solitaire', '20261127', layoutOf(obs)).split('\n');
    assert.equal(lines[0], `Cribbage Square Solitaire · 2026-11-27 · ${obs.score} (${obs.score >= obs.win ? 'win' : `under ${obs.win}`})`);
    const totals = obs.count.lines.map((l) => l.score.total);
    assert.equal(lines[1], `Rows ${totals.slice(0, 4).map(square).join('')} ${totals.slice(0, 4).join(' ')}`);
    assert.equal(lines[2], `Columns ${totals.slice(4).map(square).join('')} ${totals.slice(4).join(' ')}`);
    assert.equal(lines.at(-1), '🟩 12 or more · 🟨 6 to 11 · 🟧 1 to 5 · ⬜ none');
    assert.equal(scaleKey('line'), lines.at(-1));
  });

  it('Cribbage Solitaire: each deal a square on its own wider steps', () => {
    const game = playOut({ game: 'solitaire' }, '4');
    const obs = game.observation(0);
    game.free();
    const lines = resultText(obs, 'Cribbage Solitaire', '4', layoutOf(obs)).split('\n');
    const deals = [0, 2, 4, 6, 8, 10].map((i) => obs.counts[i].points + obs.counts[i + 1].points);
    const mark = (n) => n >= 20 ? '🟩' : n >= 10 ? '🟨' : n > 0 ? '🟧' : '⬜';
    assert.equal(lines[1], `Deals ${deals.map(mark).join('')} ${deals.join(' ')}`);
    assert.equal(lines.at(-1), '🟩 20 or more · 🟨 10 to 19 · 🟧 1 to 9 · ⬜ none');
  });
});

describe('the games’ registry says what each game offers', () => {
  it('the set-up choices that apply, and which games hide a hand', () => {
    const offered = Object.fromEntries(GAMES.map((g) => [g.id, g.options]));
    assert.deepEqual(offered.cribbage.who, ['one', 'two', 'partners', 'people']);
    assert.ok(['level', 'target', 'match', 'counting', 'cut'].every((key) => offered.cribbage[key] && offered.reverse[key]));
    for (const id of ['noddy', 'costly-colours']) {
      assert.deepEqual(offered[id].who, ['one', 'people']);
      assert.deepEqual(offered[id].people, [2]);
      assert.equal(offered[id].level, true);
      assert.ok(['target', 'match', 'counting', 'cut', 'solo', 'daily'].every((key) => offered[id][key] === false), id);
    }
    // The solitaires: nobody else at the table, no computer level, no muggins; today's deal.
    for (const id of ['square-solitaire', 'solitaire']) {
      assert.deepEqual(offered[id].who, []);
      assert.ok(['level', 'target', 'match', 'counting', 'cut'].every((key) => offered[id][key] === false), id);
      assert.ok(offered[id].solo && offered[id].daily, id);
    }
    assert.deepEqual(offered['table-top'].who, ['one', 'partners', 'people']);
    assert.deepEqual(offered['table-top'].people, [2, 4]);
    assert.deepEqual(GAMES.filter((g) => !g.hiddenHands).map((g) => g.id), ['square-solitaire', 'solitaire', 'table-top']);
    assert.equal(gameInfo('nonsense').id, 'cribbage');
  });
});

describe('the board before the engine has loaded', () => {
  it('takes as many tracks as the engine seats sides at every table the registry offers', () => {
    for (const game of GAMES) {
      const tables = Object.entries(game.tracks).map(([players, tracks]) => [Number(players), tracks]);
      assert.ok(tables.length > 0, game.id);
      for (const [players, tracks] of tables) {
        const { CribbageGame } = engineFor(game.id);
        const handle = new CribbageGame(rulesFor({ game: game.id, players, target: game.options.targets[0], counting: 'automatic', match: 'single' }), '5');
        const obs = handle.observation(0);
        handle.free();
        assert.equal(obs.scores.length, tracks, `${game.id} with ${players}: ${obs.scores.length} sides`);
      }
      // Every table the set-up offers has its tracks.
      for (const players of game.options.people.length ? game.options.people : [game.fixed?.players ?? 1]) assert.ok(players in game.tracks, `${game.id}: ${players}`);
    }
  });
});

