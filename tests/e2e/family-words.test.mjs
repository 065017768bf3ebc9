// @ts-check
// In Node, no browser: the page's words for a result in each game, fed the
// engine's own game_over events (reverse cribbage with two, three and four
// players, and standard), and the statistics kept per game with the v1
// migration, and the coach's hint for a three-card game's card. The browser
// tests play the same through the page.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { engine } from './wasm-node.mjs';
import { describe as describeEvent, mugginsNote, resultTitle, scoreLine } from '../../www/js/words.js';
import { gameOfRules, gameTagline, rulesFor } from '../../www/js/games.js';
import { hintText } from '../../www/js/advice.js';
import { normalizeStats, tableFor, tally } from '../../www/js/stats.js';
import { gameSummary } from '../../www/js/stats-view.js';


/** Plays a game with the first legal action throughout; returns its game_over event and rules. */
function playOut(rules, seed) {
  const game = new engine.CribbageGame(rules, seed);
  let over = null;
  while (!game.isOver()) {
    for (const ev of game.apply(game.toAct(), game.legalActions()[0])) if (ev.type === 'game_over') over = ev;
  }
  return { over, rules: game.rules() };
}

const voiceFor = (names, rules) => ({
  name: (seat) => names[seat],
  isYou: (seat) => seat === 0,
  sideName: (side) => names[side],
  sideIsYou: (side) => side === 0,
  match: false,
  rules,
});

describe('the words of each game', () => {
  it('reverse, two players: the winner, and who reached the target first', () => {
    const { over, rules } = playOut(rulesFor({ game: 'reverse', players: 2, target: 61, counting: 'automatic', match: 'single' }), '5');
    assert.equal(gameOfRules(rules), 'reverse');
    assert.notEqual(over.winner, over.reached);
    const voice = voiceFor(['You', 'Ada'], rules);
    const who = over.reached === 0 ? 'you' : 'Ada';
    assert.equal(resultTitle(over, voice), `${over.winner === 0 ? 'You win' : 'Ada wins'}: ${who} reached 61 first`);
    // The scores as the board shows them: past the target, the game hole's 61.
    const shown = over.scores.map((n) => Math.min(n, 61));
    assert.match(describeEvent(over, voice).text, new RegExp(`reached 61 first \\(You ${shown[0]}, Ada ${shown[1]}\\)`));
  });

  it('reverse, three players: the fewest points wins', () => {
    const { over, rules } = playOut(rulesFor({ game: 'reverse', players: 3, target: 61, counting: 'automatic', match: 'single' }), '7');
    const names = ['You', 'Ada', 'Ben'];
    const voice = voiceFor(names, rules);
    const others = [0, 1, 2].filter((side) => side !== over.reached);
    assert.ok(others.includes(over.winner));
    assert.ok(over.scores[over.winner] <= Math.min(...others.map((side) => over.scores[side])), 'the winner has the fewest points of the others');
    assert.match(resultTitle(over, voice), / with the fewest points: (you|Ada|Ben) reached 61 first$/);
  });

  it('reverse, four players: partnerships', () => {
    const { over, rules } = playOut(rulesFor({ game: 'reverse', players: 4, target: 61, counting: 'automatic', match: 'single' }), '9');
    const voice = { ...voiceFor(['You and Cleo', 'Ada and Ben'], rules), sideIsYou: (side) => side === 0 };
    assert.equal(over.scores.length, 2);
    assert.match(resultTitle(over, voice), /^(You and Cleo win: Ada and Ben|Ada and Ben win: you) reached 61 first$/);
  });

  it('standard cribbage reads as before', () => {
    const { over, rules } = playOut(rulesFor({ game: 'cribbage', players: 2, target: 121, counting: 'automatic', match: 'single' }), '5');
    assert.equal(gameOfRules(rules), 'cribbage');
    assert.equal(over.reached, undefined, 'the engine names who reached the target only where that is not the winner');
    const voice = voiceFor(['You', 'Ada'], rules);
    assert.equal(resultTitle(over, voice), over.winner === 0 ? 'You win' : 'Ada wins');
    assert.match(describeEvent(over, voice).text, /^(You win|Ada wins), \d+ to \d+/);
    assert.equal(gameTagline('cribbage', 121), 'Cribbage: the first to 121 wins');
    assert.equal(gameTagline('reverse', 61), 'Reverse cribbage: the first to 61 loses');
  });

  it('muggins in reverse: the missed points go to the one who missed them', () => {
    const voice = voiceFor(['You', 'Ada'], { target: 61, goal: 'avoid' });
    assert.equal(mugginsNote({ type: 'pegged', seat: 1, points: 3, reason: { from: 1 } }, voice), 'Muggins! Ada pegs the 3 missed.');
    assert.equal(mugginsNote({ type: 'pegged', seat: 0, points: 3, reason: { from: 1 } }, voice), 'Muggins! You take 3.');
    assert.equal(describeEvent({ type: 'pegged', seat: 0, side: 0, points: 2, reason: { why: 'muggins', from: 0 } }, voice).text, 'Muggins! You peg the 2 points you missed.');
  });

  it('a count past the target is said where the engine\'s board stops it: "You win, 121 to 96", never 128', () => {
    const voice = voiceFor(['You', 'Ada'], { target: 121 });
    // The engine's end: the scores as counted, and as the board shows them (`shown`), which the words say.
    const over = { type: 'game_over', game: 1, winner: 0, scores: [128, 96], shown: [121, 96], skunk: 'none', games: 1, hands: 9, first_dealer: 0 };
    assert.equal(describeEvent(over, voice).text, 'You win, 121 to 96.');
    // The words stop nothing themselves: a score line says the scores it is given.
    assert.equal(scoreLine([121, 96], voice), 'You 121, Ada 96');
    assert.equal(scoreLine([128, 96], voice), 'You 128, Ada 96');
  });

  it('muggins in the standard game: a call names the count; an over-claim called pays its excess', () => {
    const voice = voiceFor(['You', 'Ada'], { target: 121 });
    assert.equal(mugginsNote({ type: 'pegged', seat: 0, points: 2, reason: { from: 1, penalty: true } }, voice), 'Muggins! You take 2 claimed too many.');
    assert.equal(describeEvent({ type: 'pegged', seat: 1, side: 1, points: 3, reason: { why: 'muggins', from: 0, penalty: true } }, voice).text, 'Muggins! Ada takes 3 points you claimed too many.');
    assert.equal(describeEvent({ type: 'claimed', seat: 1, kind: 'crib', claimed: 8 }, voice).text, 'Ada claims 8 points for Ada’s crib.');
    assert.equal(describeEvent({ type: 'called', seat: 0, from: 1, named: 12, right: true }, voice).text, 'You call muggins: 12.');
    // A wrong call: the claim stands once the count is shown next (nobody left to call); before
    // another opponent's turn (three or four players), or while the engine has not said, only wrong.
    const wrong = { type: 'called', seat: 1, from: 0, named: 5, right: false };
    assert.equal(describeEvent(wrong, voice, { type: 'show', seat: 0, kind: 'hand', score: { total: 4 }, claimed: 2 }).text, 'Ada calls muggins: 5. Wrong: the claim stands.');
    assert.equal(describeEvent(wrong, voice, { type: 'called', seat: 2, from: 0, named: 4, right: true }).text, 'Ada calls muggins: 5. Wrong.');
    assert.equal(describeEvent(wrong, voice).text, 'Ada calls muggins: 5. Wrong.');
    assert.equal(describeEvent({ type: 'accepted', seat: 1, from: 0 }, voice).text, 'Ada lets your claim stand.');
  });
});

describe('the coach’s words', () => {
  it('a three-card game’s card: what it scores now, then the table’s own words for it', () => {
    // The phrase is the table's ("a pair is two"): it read "It makes a pair is two now (2)."
    const analysis = { game: 'noddy', kind: 'play', level: 'hard', options: [{ card: 'QH', said: ['a pair is two'], now: 2, value: 0.7, points: 0.7 }] };
    assert.equal(hintText(analysis, {}).long, 'Play the queen of hearts. Laid now, it scores 2: a pair is two. Played out to the end of the hand it is worth +0.7 points to you against the other.');
    const nothing = { ...analysis, options: [{ card: '3H', said: [], now: 0, value: -0.6, points: -0.6 }] };
    assert.equal(hintText(nothing, {}).long, 'Play the three of hearts. Played out to the end of the hand it is worth −0.6 points to you against the other.');
  });
});

describe('statistics per game', () => {
  it('counts what a hand pegged: the claim let stand, or the true count once an over-claim is called', () => {
    // Muggins: seat 0 claims 29 every time; Ada calls the true count on odd hands and lets the claim stand on even ones.
    const game = new engine.CribbageGame({ players: 2, target: 121, counting: 'muggins' }, '9');
    const counters = tableFor(normalizeStats(null), { game: 'cribbage', level: 'hard', players: 2, target: 121 });
    const seen = { shown: 0, claimed: 0, pegged: 0, called: 0, stood: 0 };
    while (!game.isOver() && game.observation(0).hand_number < 6) {
      const seat = game.toAct();
      const obs = game.observation(seat);
      let action = obs.moves[0].action;
      if (obs.phase === 'claim') action = obs.moves.find((m) => m.points === (seat === 0 ? 29 : 0)).action;
      if (obs.phase === 'muggins') {
        const { showing, starter } = obs;
        const total = engine.scoreShow(showing.cards, starter, showing.kind === 'crib').total;
        const call = obs.moves.find((m) => m.kind === 'muggins' && m.points === total);
        action = call && obs.hand_number % 2 === 1 ? call.action : obs.moves.find((m) => m.kind === 'accept').action;
      }
      const events = game.apply(seat, action);
      tally(counters, events, { seat: 0, side: 0 });
      for (const ev of events) {
        if (ev.type === 'called' && ev.from === 0 && ev.right) seen.called += 1;
        if (ev.type === 'accepted' && ev.from === 0) seen.stood += 1;
        if (ev.type === 'show' && ev.seat === 0 && ev.kind === 'hand') {
          seen.shown += ev.score.total;
          seen.claimed += ev.claimed;
        }
        if (ev.type === 'pegged' && ev.seat === 0 && ev.reason.why === 'show' && ev.reason.kind === 'hand') seen.pegged += ev.points;
      }
    }
    game.free();
    assert.ok(seen.called > 0 && seen.stood > 0, JSON.stringify(seen));
    assert.equal(counters.handPoints, seen.pegged, 'the points the hands pegged');
    assert.ok(seen.shown < seen.pegged && seen.pegged < seen.claimed, `between the counts and the claims: ${JSON.stringify(seen)}`);
  });

  it('migrates v1 as standard cribbage and keeps each game, level, players and target apart', () => {
    const stats = normalizeStats({ v: 1, games: 4, wins: 1, abandoned: 2, hands: 10, handPoints: 70, handShows: 10, best: { points: 24, cards: ['5H', '5C', '5S', 'JD'], starter: '4D' } });
    assert.deepEqual(Object.keys(stats.tables), ['cribbage/earlier/0/0']);
    const { over } = playOut(rulesFor({ game: 'reverse', players: 2, target: 61, counting: 'automatic', match: 'single' }), '5');
    const setup = { game: 'reverse', level: 'hard', players: 2, target: 61 };
    assert.ok(tally(tableFor(stats, setup), [over], { seat: 0, side: 0 }));
    assert.deepEqual(Object.keys(stats.tables).sort(), ['cribbage/earlier/0/0', 'reverse/hard/2/61']);
    assert.equal(gameSummary(stats, 'reverse').total.games, 1);
    assert.equal(gameSummary(stats, 'cribbage').total.games, 4);
    assert.equal(gameSummary(stats, 'cribbage').total.abandoned, 2);
    assert.deepEqual(gameSummary(stats, 'reverse').split.map((t) => [t.level, t.players, t.target, t.games]), [['hard', 2, 61, 1]]);
    // Stored and read back, v2 stays as it was; junk is dropped.
    assert.deepEqual(normalizeStats(JSON.parse(JSON.stringify(stats))), stats);
    assert.deepEqual(normalizeStats({ v: 2, tables: { 'bad key': {}, 'cribbage/easy/2/121': { games: -1 } } }).tables, { 'cribbage/easy/2/121': normalizeStats({ v: 2, tables: { 'cribbage/easy/2/121': {} } }).tables['cribbage/easy/2/121'] });
  });
});
