// @ts-check
// Standard cribbage's face (www/js/cribbage-face.js), over the view every
// face shares (www/js/view.js), in plain Node, no browser: the
// engine (wasm, loaded here as engine.test.mjs does) plays real games, and
// each observation it makes is turned into the view model the table draws.
// Asserts what the player is shown: prompts, whose crib, partner badges,
// the cards that may be chosen, the buttons, the board and the game's end.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { engine } from './wasm-node.mjs';
import { finalPanel } from '../../www/js/ending.js';
import {
  buttonAction, discardAction, discardNeed, layOn, observe, ownCrib, playableCards, readClaim, tableView,
} from '../../www/js/cribbage-face.js';
import { isMatch, seatsFor, toggleCard, voiceFor } from '../../www/js/view.js';
import { describe as tell, scoreLine } from '../../www/js/words.js';


const SETUP = { mode: 'computer', players: 2, target: 121, counting: 'automatic', match: 'single', level: 'easy' };

/** A game under `setup`, dealt from `seed`. */
function newGame(setup, seed) {
  return new engine.CribbageGame({ players: setup.players, target: setup.target, counting: setup.counting, match: setup.match }, seed);
}

/**
 * Plays the first legal action until `until(game)` holds; fails after `limit` actions.
 * @returns the game, for chaining
 */
function advance(game, until, limit = 3000) {
  for (let n = 0; n < limit; n++) {
    if (until(game)) return game;
    assert.ok(!game.isOver(), 'the game ended before the wanted moment');
    game.apply(game.toAct(), game.legalActions()[0]);
  }
  throw new Error('the wanted moment never came');
}

/** The seat's turn in a phase. */
const turnOf = (seat, phase) => (game) => !game.isOver() && game.toAct() === seat && game.phase() === phase;

/**
 * The controller's state at the player's turn, as play.js holds it.
 * @param {any} game @param {any} setup @param {Partial<import('../../www/js/view.js').ViewState>} [overrides]
 * @returns {import('../../www/js/view.js').ViewState}
 */
function atTurn(game, setup, overrides = {}) {
  const viewer = overrides.viewer ?? 0;
  const obs = game.observation(viewer);
  return {
    display: observe(obs),
    seats: seatsFor(setup, obs.sides),
    setup,
    viewer,
    holder: setup.mode === 'people' ? viewer : 0,
    waiting: { kind: 'turn', seat: viewer },
    thinking: null,
    said: {},
    selected: [],
    claim: null,
    prompt: '',
    suggestion: null,
    message: null,
    show: null,
    panel: null,
    ...overrides,
  };
}

const actionIds = (view) => view.table.actions.map((a) => a.id);

describe('the view of two players', () => {
  it('asks for two cards for the crib, names its owner, and lays away only a full choice', () => {
    const game = advance(newGame(SETUP, '121'), turnOf(0, 'discard'));
    const obs = game.observation(0);
    const view = tableView(atTurn(game, SETUP));
    const dealer = obs.dealer;
    assert.equal(view.table.prompt, `Choose two cards for ${dealer === 0 ? 'your' : 'Ada’s'} crib.`);
    assert.deepEqual(view.table.crib, { owner: dealer === 0 ? 'Yours' : 'Ada’s', count: 0 });
    assert.equal(ownCrib(obs, 0), dealer === 0);
    assert.equal(view.table.hand.mode, 'discard');
    assert.deepEqual(view.table.hand.playable, obs.hand, 'every card may be chosen');
    assert.equal(view.table.state, 'turn');
    assert.deepEqual(actionIds(view), ['layaway', 'hint']);
    assert.equal(view.table.actions[0].disabled, true, 'nothing chosen yet');
    assert.equal(view.table.actions[0].label, 'Lay away (0/2)');
    assert.deepEqual(view.table.seats.map((s) => [s.name, s.you, s.partner, s.dealer]), [['You', true, false, dealer === 0], ['Ada', false, false, dealer === 1]]);

    // Choosing: a third card pushes out the first; the pair's action is the engine's own.
    const need = discardNeed(obs);
    assert.equal(need, 2);
    let chosen = toggleCard([], obs.hand[0], need);
    chosen = toggleCard(chosen, obs.hand[1], need);
    chosen = toggleCard(chosen, obs.hand[2], need);
    assert.deepEqual(chosen, [obs.hand[1], obs.hand[2]]);
    const action = discardAction(obs, chosen);
    assert.ok(obs.legal.includes(action), `${action} is legal`);
    const ready = tableView(atTurn(game, SETUP, { selected: chosen }));
    assert.equal(ready.table.actions[0].disabled, false);
    assert.equal(ready.table.actions[0].label, 'Lay away (2/2)');
    assert.deepEqual(ready.table.hand.selected, chosen);
    // The board: one track a side, nobody highlighted but the player to act.
    assert.deepEqual(view.board.names, ['You', 'Ada']);
    assert.equal(view.board.target, 121);
    assert.deepEqual([view.board.goal, view.board.skunkLine, view.board.doubleSkunkLine], ['reach', 90, 60], 'the engine’s skunk lines');
    assert.equal(view.board.highlight, 0);
    // How many games win is the engine's board's (the rules' match length): one game, no match to peg.
    assert.equal(view.board.gamesToWin, 1);
    game.free();
    const match = newGame({ ...SETUP, match: 'best_of_three' }, '5');
    advance(match, turnOf(0, 'discard'));
    assert.equal(tableView(atTurn(match, { ...SETUP, match: 'best_of_three' })).board.gamesToWin, 2, 'best of three: two games win');
    match.free();
  });

  it('lights only the cards that may be laid, and offers go when none fits', () => {
    const game = advance(newGame(SETUP, '5'), turnOf(0, 'play'));
    const obs = game.observation(0);
    const view = tableView(atTurn(game, SETUP));
    assert.equal(view.table.hand.mode, 'play');
    assert.deepEqual(view.table.hand.playable, obs.legal.filter((a) => a !== 'go').map((a) => a.split(' ')[1]));
    assert.equal(view.table.prompt, `Play a card. The count is ${obs.count}.`);
    assert.equal(buttonAction(obs, 'go'), null);

    // On to a go.
    advance(game, (g) => turnOf(0, 'play')(g) && g.legalActions().includes('go'));
    const stuck = game.observation(0);
    const go = tableView(atTurn(game, SETUP));
    assert.deepEqual(go.table.hand.playable, [], 'no card fits');
    assert.equal(go.table.prompt, `The count is ${stuck.count}: no card fits under 31.`);
    assert.deepEqual(actionIds(go), ['go']);
    assert.equal(buttonAction(stuck, 'go'), 'go');
    assert.deepEqual(playableCards(stuck), []);
    game.free();
  });

  it('says who is thinking, and draws the table busy', () => {
    const game = advance(newGame(SETUP, '9'), (g) => g.toAct() === 1 && g.phase() === 'play');
    const view = tableView(atTurn(game, SETUP, { waiting: null, thinking: 1 }));
    assert.equal(view.table.prompt, 'Ada is thinking…');
    assert.equal(view.table.state, 'busy');
    assert.equal(view.table.hand.mode, 'idle');
    assert.deepEqual(view.table.seats.map((s) => [s.toAct, s.thinking]), [[false, false], [true, true]]);
    assert.equal(view.board.highlight, 1);
    game.free();
  });

  it('lays the events of an action on the table as they are told', () => {
    const game = advance(newGame(SETUP, '14'), turnOf(0, 'play'));
    const before = observe(game.observation(0));
    const card = playableCards(before.obs)[0];
    const events = game.apply(0, `play ${card}`);
    let shown = before;
    for (const ev of events) shown = layOn(shown, ev, { actor: 0, action: `play ${card}` });
    assert.ok(!shown.hand.includes(card), 'the card left the hand');
    assert.deepEqual(shown.pile.at(-1), { card, seat: 0 });
    assert.equal(shown.played[0].at(-1), card);
    assert.ok(before.hand.includes(card), 'the display it was laid on is unchanged');
    game.free();
  });

  it('tells the end of the game: who won, by how much, and what next', () => {
    const game = advance(newGame(SETUP, '77'), (g) => g.isOver());
    const obs = game.observation(0);
    const voice = voiceFor(seatsFor(SETUP, obs.sides), SETUP, obs.sides, obs.rules);
    const panel = finalPanel(obs, voice, { people: false, scoreLine });
    const last = obs.results.at(-1);
    // As players say it, the winner's count stopped in the game hole: "You win, 121 to 96".
    const shown = last.scores.map((n) => Math.min(n, 121));
    assert.equal(panel.title, `${last.winner === 0 ? 'You win' : 'Ada wins'}, 121 to ${shown[1 - last.winner]}`);
    assert.equal(panel.tone, last.winner === 0 ? 'win' : null);
    assert.match(panel.lines[0], new RegExp(`^You ${shown[0]}, Ada ${shown[1]}\\.`));
    assert.equal(panel.lines[1], `${last.hands} hands.`);
    assert.deepEqual(panel.actions.map((a) => a.id), ['newgame', 'review', 'stats']);
    const view = tableView(atTurn(game, SETUP, { waiting: null, panel, prompt: 'The game is over.' }));
    assert.equal(view.table.state, 'over');
    assert.equal(view.table.prompt, 'The game is over.');
    assert.equal(view.table.panel.title, panel.title);
    assert.ok(Math.max(...view.board.scores.map((p) => p.front)) >= 121);
    game.free();
  });
});

describe('a skunk in a best-of-three match', () => {
  // Seed 24 at 61, first legal actions: Ada wins game 1 (one game), then game 2 by a skunk,
  // 61 to 29, which counts two: Ada has three games of a best of three, as the rules have it.
  it('says what the skunk counts: in the log, the end’s panel, the table’s standing and the board', () => {
    const setup = { ...SETUP, target: 61, match: 'best_of_three' };
    const game = newGame(setup, '24');
    // The last batch, told on the display as the table tells it.
    let display = observe(game.observation(0));
    let told = [];
    while (!game.isOver()) {
      const seat = game.toAct();
      told = game.apply(seat, game.legalActions()[0]);
      display = told.reduce((d, ev) => layOn(d, ev, { actor: seat }), display);
      if (!game.isOver()) display = observe(game.observation(0));
    }
    const obs = game.observation(0);
    // The engine's: JS counts no skunk.
    assert.deepEqual(obs.results.map((r) => [r.game, r.winner, r.skunk, r.games]), [[1, 1, 'none', 1], [2, 1, 'skunk', 2]]);
    assert.deepEqual(obs.games_won, [0, 3]);
    const voice = voiceFor(seatsFor(setup, obs.sides), setup, obs.sides, obs.rules, isMatch(obs));
    const standing = 'Games: You 0, Ada 3 (game 2 was a skunk, which counts two games).';
    const over = told.find((ev) => ev.type === 'game_over');
    assert.equal(tell(over, voice)?.text, 'Ada wins game 2, 61 to 29: a skunk, which counts two games.');
    const panel = finalPanel(obs, voice, { people: false, scoreLine });
    assert.deepEqual(panel?.lines, ['You 29, Ada 61. A skunk!', standing]);
    // The table's standing as the game ends, before the engine is asked again, and after.
    const view = (d) => tableView({ ...atTurn(game, setup, { waiting: null }), display: d });
    assert.equal(view(display).table.standing, standing);
    assert.equal(view(observe(obs)).table.standing, standing);
    // The board's games-won pegs: Ada's three, of the two the match needs.
    assert.deepEqual(view(display).board.gamesWon, [0, 3]);
    assert.equal(view(display).board.gamesToWin, 2);
    // A single game's skunk is only named: it counts toward no match.
    const single = advance(newGame({ ...SETUP, target: 61 }, '4'), (g) => g.isOver());
    const alone = single.observation(0);
    const singleVoice = voiceFor(seatsFor(SETUP, alone.sides), SETUP, alone.sides, alone.rules, isMatch(alone));
    const end = single.events(0).find((ev) => ev.type === 'game_over');
    assert.equal(end?.skunk, 'skunk');
    assert.match(tell(end, singleVoice)?.text ?? '', /: a skunk!$/);
    assert.match(finalPanel(alone, singleVoice, { people: false, scoreLine })?.lines[0] ?? '', /\. A skunk!$/);
    single.free();
    game.free();
  });
});

describe('the view of three and four players', () => {
  it('three players: a card each for the crib, three tracks, no partners', () => {
    const setup = { ...SETUP, players: 3, target: 61 };
    const game = advance(newGame(setup, '361'), turnOf(0, 'discard'));
    const obs = game.observation(0);
    const view = tableView(atTurn(game, setup));
    assert.equal(discardNeed(obs), 1);
    assert.match(view.table.prompt, /^Choose a card for (your|Ada’s|Ben’s) crib\.$/);
    assert.equal(view.table.actions[0].label, 'Lay away');
    assert.deepEqual(view.table.seats.map((s) => s.name), ['You', 'Ada', 'Ben']);
    assert.ok(view.table.seats.every((s) => !s.partner));
    assert.deepEqual(view.board.names, ['You', 'Ada', 'Ben']);
    assert.equal(view.board.target, 61);
    assert.deepEqual([view.board.skunkLine, view.board.doubleSkunkLine], [30, null], 'no double skunk at 61');
    game.free();
  });

  it('four players: the partner opposite wears the badge, partners share a track and a crib', () => {
    const setup = { ...SETUP, players: 4, target: 61 };
    const game = advance(newGame(setup, '461'), turnOf(0, 'discard'));
    const obs = game.observation(0);
    const view = tableView(atTurn(game, setup));
    assert.deepEqual(view.table.seats.map((s) => [s.name, s.partner]), [['You', false], ['Ada', false], ['Cleo', true], ['Ben', false]]);
    assert.deepEqual(view.board.names, ['You and Cleo', 'Ada and Ben']);
    assert.equal(view.board.scores.length, 2);
    // The crib is the dealer's side's: the player owns it when they or Cleo deal.
    assert.equal(ownCrib(obs, 0), obs.dealer === 0 || obs.dealer === 2);
    assert.equal(ownCrib(obs, 1), obs.dealer === 1 || obs.dealer === 3);
    assert.equal(ownCrib(obs, 2), ownCrib(obs, 0), 'partners share the crib');
    // Scores on the plates are the side's: advance to some points and compare.
    advance(game, (g) => g.observation(0).scores.some((p) => p.front > 0));
    const later = tableView(atTurn(game, setup, { display: observe(game.observation(0)), waiting: null }));
    const [ours, theirs] = game.observation(0).scores.map((p) => p.front);
    assert.deepEqual(later.table.seats.map((s) => s.score), [ours, theirs, ours, theirs]);
    game.free();
  });

  it('pass and play: the hand stays face down until its player holds the device', () => {
    const setup = { ...SETUP, mode: 'people', names: ['Ann', '', '', ''] };
    const game = advance(newGame(setup, '22'), turnOf(0, 'discard'));
    const curtain = tableView(atTurn(game, setup, { holder: null, waiting: { kind: 'reveal' }, panel: { title: 'Ann’s turn', actions: [] } }));
    assert.equal(curtain.table.hand.hidden, true);
    assert.equal(curtain.table.hand.mode, 'idle');
    assert.equal(curtain.table.state, 'reveal');
    const held = tableView(atTurn(game, setup));
    assert.equal(held.table.hand.hidden, false);
    assert.match(held.table.prompt, /^Ann: choose two cards for (Ann’s|Player 2’s) crib\.$/);
    assert.equal(held.table.hand.label, 'Ann’s hand');
    assert.deepEqual(held.board.names, ['Ann', 'Player 2']);
    assert.ok(held.table.seats.every((s) => !s.partner));
    game.free();
  });
});

describe('the view of a muggins show', () => {
  const setup = { ...SETUP, counting: 'muggins' };

  it('asks for a count, and refuses what is not one before the engine sees it', () => {
    const game = advance(newGame(setup, '33'), turnOf(0, 'claim'));
    const obs = game.observation(0);
    const view = tableView(atTurn(game, setup, { claim: { value: '', error: '' } }));
    assert.equal(view.table.prompt, `Count your ${obs.showing.kind === 'crib' ? 'crib' : 'hand'} with the starter, then claim it. If your count is wrong, an opponent may call muggins and take the difference.`);
    assert.deepEqual(view.table.claim, { value: '', error: '', call: false });
    assert.deepEqual(actionIds(view), [], 'no hint while counting');
    // Every count from 0 to 29 is listed, whatever the cards hold: the list gives nothing away.
    assert.deepEqual(obs.moves.filter((m) => m.kind === 'claim').map((m) => m.points), [...Array(30).keys()]);

    const bad = readClaim(obs, 'x');
    assert.equal(bad.error, 'Enter your count: a whole number from 0 to 29.');
    const refused = tableView(atTurn(game, setup, { claim: { value: bad.value, error: bad.error } }));
    assert.equal(refused.table.prompt, bad.error);
    assert.equal(refused.table.promptTone, 'error');
    assert.deepEqual(readClaim(obs, ' 0 '), { value: '0', action: obs.moves.find((m) => m.kind === 'claim' && m.points === 0).action });
    assert.equal(readClaim(obs, '29').action, obs.moves.find((m) => m.points === 29).action);
    // Above every count the engine lists: refused before the engine sees it.
    assert.deepEqual(readClaim(obs, '30'), { value: '30', error: 'No hand or crib holds 30: 29 is the most.', over: true });
    game.free();
  });

  it('offers a call naming the count, or letting the claim stand, and tells nothing of the count', () => {
    const game = advance(newGame(setup, '33'), turnOf(0, 'muggins'));
    const obs = game.observation(0);
    const claimed = obs.showing.claimed;
    assert.equal(obs.showing.missed, undefined, 'the observation carries the claim, not the count');
    const view = tableView(atTurn(game, setup, { claim: { value: '', error: '' } }));
    assert.equal(view.table.prompt, `Ada claims ${claimed}. Count the cards: if that is wrong, call muggins with the true count; or let it stand.`);
    assert.deepEqual(actionIds(view), ['accept']);
    assert.deepEqual(view.table.claim, { value: '', error: '', call: true });
    assert.equal(buttonAction(obs, 'accept'), 'accept');
    assert.equal(buttonAction(obs, 'muggins'), null, 'a call names a count: it is typed');
    const calls = obs.moves.filter((m) => m.kind === 'muggins').map((m) => m.points);
    assert.deepEqual(calls, [...Array(30).keys()].filter((n) => n !== claimed));
    const other = claimed === 0 ? 1 : 0;
    assert.deepEqual(readClaim(obs, String(other)), { value: String(other), action: `muggins ${other}` });
    assert.equal(readClaim(obs, String(claimed)).error, `${claimed} is the count claimed: to agree, let it stand.`);
    assert.equal(readClaim(obs, 'x').error, 'Enter the count the cards hold: a whole number from 0 to 29.');
    game.free();
  });
});

describe('the view of undo', () => {
  it('offers Undo only when the controller says it may be taken, named for screen readers', () => {
    const game = advance(newGame(SETUP, '4'), turnOf(0, 'play'));
    const without = tableView(atTurn(game, SETUP));
    assert.ok(!actionIds(without).includes('undo'));
    const view = tableView(atTurn(game, SETUP, { undoable: true, practice: true }));
    const undo = view.table.actions.find((a) => a.id === 'undo');
    assert.deepEqual([undo.label, undo.keys], ['Undo', 'U']);
    assert.match(undo.ariaLabel, /^Undo: take back your last move/);
    assert.deepEqual(view.table.seats.map((s) => s.practice), [true, false], 'the player’s plate says practice');
    game.free();
  });

  it('says at the end that a practice game is not counted', () => {
    const game = advance(newGame(SETUP, '77'), (g) => g.isOver());
    const obs = game.observation(0);
    const voice = voiceFor(seatsFor(SETUP, obs.sides), SETUP, obs.sides);
    const practice = finalPanel(obs, voice, { people: false, practice: true, scoreLine });
    assert.equal(practice.lines.at(-1), 'A practice game: undo was used, so it is not counted in your statistics.');
    assert.ok(!finalPanel(obs, voice, { people: false, scoreLine }).lines.some((l) => /practice/.test(l)));
    game.free();
  });
});

describe('the view of cutting for deal by hand', () => {
  it('draws the pack to cut from the engine\'s moves, no dealer yet, then every card cut while it is told', () => {
    const game = new engine.CribbageGame({ players: 2, target: 121, cut_for_deal: 'by_hand' }, '5');
    const obs = game.observation(0);
    assert.equal(obs.phase, 'cut');
    const view = tableView(atTurnFixture(obs, SETUP)).table;
    assert.match(view.prompt, /^Cut the pack for the first deal: the lower card deals\.$/);
    assert.deepEqual(view.cut.depths.map((d) => d.depth), Array.from({ length: 45 }, (_, i) => i + 4));
    assert.deepEqual(view.cut.depths.map((d) => d.action), obs.moves.map((m) => m.action), 'the engine\'s own action text, as it came');
    assert.deepEqual(view.cut.cuts, []);
    assert.equal(view.seats.some((seat) => seat.dealer), false, 'nobody deals before the cut');
    assert.equal(view.crib.owner, '');
    assert.deepEqual(view.hand.cards, []);

    // The player cuts: the card shows; the computer is to cut, the pack only shown.
    game.apply(0, obs.moves[16].action);
    const mid = tableView({ ...atTurnFixture(game.observation(0), SETUP), waiting: null, thinking: 1 }).table;
    assert.equal(mid.cut.cuts.length, 1);
    assert.deepEqual([mid.cut.cuts[0].seat, mid.cut.cuts[0].name], [0, 'You']);
    assert.deepEqual(mid.cut.depths, [], 'the pack is not the player\'s to cut now');

    // The round, told: every card cut stays in view until the deal.
    const before = observe(game.observation(0));
    const events = game.apply(1, game.legalActions()[30]);
    const round = events.find((e) => e.type === 'cut_for_deal');
    const told = layOn(before, round);
    assert.deepEqual(told.cuts, round.cuts);
    const telling = tableView({ ...atTurnFixture(before.obs, SETUP), display: told, waiting: null }).table;
    assert.equal(telling.cut.cuts.length, 2);
    game.free();
  });
});

describe('the view holds no rules', () => {
  it('reads choices from the moves alone, never the action text', () => {
    /** @type {[typeof SETUP, string, string][]} */
    const moments = [[SETUP, 'discard', '3'], [SETUP, 'play', '3'], [{ ...SETUP, counting: 'muggins' }, 'muggins', '33']];
    for (const [setup, phase, seed] of moments) {
      const game = advance(newGame(setup, seed), turnOf(0, phase));
      const state = atTurn(game, setup);
      const before = tableView(state);
      // The same observation with its action texts scrambled: nothing drawn changes.
      const obs = structuredClone(state.display.obs);
      obs.legal = obs.legal.map(() => 'unreadable');
      const after = tableView({ ...state, display: observe(obs) });
      assert.deepEqual(after.table.hand, before.table.hand, phase);
      assert.deepEqual(after.table.actions, before.table.actions, phase);
      assert.equal(after.table.prompt, before.table.prompt, phase);
      game.free();
    }
  });

  it('takes partners, the crib and the board from the observation (fixtures beyond today’s table)', () => {
    // A fixture: four seats where the engine pairs 0 with 1 (no such table today),
    // the crib on side 1, reverse cribbage to 61, claims listed to 29.
    const game = advance(newGame({ ...SETUP, players: 4, target: 61 }, '461'), turnOf(0, 'discard'));
    const obs = structuredClone(game.observation(0));
    game.free();
    Object.assign(obs, {
      sides: [0, 0, 1, 1],
      crib_side: 1,
      board: { target: 61, goal: 'avoid', skunk_line: 30, double_skunk_line: null, play_limit: 31 },
    });
    const setup = { ...SETUP, players: 4, target: 61 };
    const seats = seatsFor(setup, obs.sides);
    assert.deepEqual(seats.map((s) => s.name), ['You', 'Cleo', 'Ada', 'Ben'], 'the partner is Cleo wherever the engine seats her');
    const view = tableView({ ...atTurnFixture(obs, setup), seats });
    assert.deepEqual(view.table.seats.map((s) => s.partner), [false, true, false, false]);
    assert.deepEqual(view.board.names, ['You and Cleo', 'Ada and Ben']);
    assert.deepEqual([view.board.goal, view.board.skunkLine, view.board.doubleSkunkLine], ['avoid', 30, null]);
    assert.equal(ownCrib(obs, 0), false);
    assert.equal(ownCrib(obs, 2), true);
    const claims = { ...obs, phase: 'claim', moves: Array.from({ length: 30 }, (_, n) => ({ action: `claim-${n}`, kind: 'claim', cards: null, points: n })) };
    assert.deepEqual(readClaim(claims, '29'), { value: '29', action: 'claim-29' }, 'the action handed back is the move’s own');
  });

  it('reverse cribbage: the engine’s board says the target is to be avoided', () => {
    const game = new engine.CribbageGame({ players: 3, target: 61, goal: 'avoid' }, '8');
    advance(game, turnOf(0, 'discard'));
    const setup = { ...SETUP, players: 3, target: 61 };
    const view = tableView(atTurn(game, setup));
    assert.deepEqual([view.board.target, view.board.goal, view.board.skunkLine], [61, 'avoid', 30]);
    game.free();
  });
});

/** The controller's state at the player's turn over a fixture observation. */
function atTurnFixture(obs, setup) {
  return {
    display: observe(obs),
    seats: seatsFor(setup, obs.sides),
    setup,
    viewer: 0,
    holder: 0,
    waiting: { kind: /** @type {const} */ ('turn'), seat: 0 },
    thinking: null,
    said: {},
    selected: [],
    claim: null,
    prompt: '',
    suggestion: null,
    message: null,
    show: null,
    panel: null,
  };
}
