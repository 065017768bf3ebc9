// @ts-check
// The three-card games' face (www/js/three-card.js) in plain Node, fed the
// family module's own observations: what the table offers comes from the
// engine's moves alone (scrambling the action texts changes nothing drawn),
// the mog and the pass are choices, and an ace asks its value exactly when
// the engine lists it at both values.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import * as glue from '../../www/pkg-family/cribbage.js';
import { gameClass } from '../../www/js/game-handle.js';
import { button, choose, ready, describe as tell, layOn, observe, tableView, toldLines } from '../../www/js/three-card.js';

glue.initSync({ module: readFileSync('www/pkg-family/cribbage_bg.wasm') });
const FamilyGame = gameClass(glue);
const SETUP = { game: 'noddy', mode: 'computer', players: 2, target: 31, level: 'easy', match: 'single', counting: 'automatic' };
const SEATS = [{ name: 'You', human: true }, { name: 'Ada', human: false }];

/**
 * The field `key` of what a tap or a button gave, which must be there: the
 * action taken, the cards selected, or the choice asked.
 * @param {Record<string, any> | null} result
 * @param {'action' | 'selected' | 'choice'} key
 * @returns {any}
 */
function field(result, key) {
  assert.ok(result && key in result, `${key} in ${JSON.stringify(result)}`);
  return result[key];
}

/** The controller's state at seat 0's turn, as play.js hands it to the view. */
function atTurn(obs, setup, extra = {}) {
  return {
    display: observe(obs),
    seats: SEATS,
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
    undoable: false,
    choice: null,
    ...extra,
  };
}

/** Plays the first legal action until `stop(obs)` holds at seat 0's turn. */
function advanceUntil(game, stop, limit = 2000) {
  for (let i = 0; i < limit && !game.isOver(); i++) {
    const seat = game.toAct();
    if (seat === 0 && stop(game.observation(0))) return game.observation(0);
    const legal = game.legalActions();
    // Both say "mog" (so the pass comes), else the first card or go.
    game.apply(seat, legal.find((a) => a === 'mog') ?? legal[i % legal.length]);
  }
  return null;
}

describe('the three-card face holds no rules', () => {
  it('Noddy: the cards to lay are the engine’s moves, and scrambled action texts change nothing drawn', () => {
    let checked = 0;
    for (const seed of ['1', '2', '3', '4', '5']) {
      const game = new FamilyGame({ game: 'noddy' }, seed);
      const obs = advanceUntil(game, (o) => o.phase === 'play');
      assert.ok(obs, `seed ${seed} reaches a play`);
      const state = atTurn(obs, SETUP);
      const before = tableView(state);
      const cards = [...new Set(obs.moves.filter((m) => m.kind === 'play').map((m) => m.cards[0]))];
      assert.deepEqual(before.table.hand.playable, cards);
      assert.equal(before.table.crib, null, 'no crib');
      assert.equal(before.table.starterName, 'Turn-up');
      assert.equal(before.board.target, 31);
      const scrambled = structuredClone(obs);
      scrambled.legal = scrambled.legal.map(() => 'unreadable');
      const after = tableView({ ...state, display: observe(scrambled) });
      assert.deepEqual(after.table.hand, before.table.hand);
      assert.deepEqual(after.table.actions, before.table.actions);
      assert.equal(after.table.prompt, before.table.prompt);
      // A card tapped is the engine's own action for it.
      for (const card of cards) assert.equal(field(choose(obs, card, state), 'action'), obs.moves.find((m) => m.cards?.[0] === card).action);
      checked++;
      game.free();
    }
    assert.equal(checked, 5);
  });

  it('Noddy: every event of whole games is told, laid on the table, and the log reads them back', async () => {
    // Before the first play the face words everything itself: nothing to load (the first path).
    const first = new FamilyGame({ game: 'noddy' }, '7');
    assert.equal(ready(first.events(0)), null, 'the deal is told without loading cribbage’s later words');
    first.free();
    for (const seed of ['7', '8']) {
      const game = new FamilyGame({ game: 'noddy' }, seed);
      let display = observe(game.observation(0));
      const voice = { name: (s) => SEATS[s].name, isYou: (s) => s === 0, sideName: (s) => SEATS[s].name, sideIsYou: (s) => s === 0, match: false, rules: { target: 31 } };
      while (!game.isOver()) {
        const seat = game.toAct();
        const events = game.apply(seat, game.legalActions()[0]);
        // As the controller does (play.js): what telling the batch needs, loaded first.
        await ready(events);
        events.forEach((ev, i) => {
          display = layOn(display, ev, { actor: seat });
          const told = tell(ev, voice, events[i + 1]);
          if (told) assert.ok(told.text.length > 3, `${ev.type} told`);
        });
        display = observe(game.observation(0));
      }
      const lines = toldLines(game.events(0), voice);
      assert.ok(lines.some((l) => l.startsWith('Your announcement: ')));
      assert.ok(lines.some((l) => /^(You win|Ada wins), 31 to \d+\.$/.test(l)), lines.at(-1));
      game.free();
    }
  });
});

describe('Costly Colours’ choices', () => {
  const COSTLY = { ...SETUP, game: 'costly-colours', target: 121 };

  it('the mog is two buttons, the engine’s mog and refuse', () => {
    const game = new FamilyGame({ game: 'costly-colours' }, '3');
    const obs = advanceUntil(game, (o) => o.phase === 'mog');
    const view = tableView(atTurn(obs, COSTLY)).table;
    assert.deepEqual(view.actions.filter((a) => a.id !== 'hint').map((a) => a.id), ['mog', 'refuse']);
    assert.equal(field(button(obs, 'mog', { selected: [], choice: null }), 'action'), obs.moves.find((m) => m.kind === 'mog').action);
    assert.equal(field(button(obs, 'refuse', { selected: [], choice: null }), 'action'), obs.moves.find((m) => m.kind === 'refuse').action);
    game.free();
  });

  it('the pass chooses one card, then passes it', () => {
    for (const seed of ['1', '2', '3', '4', '5', '6', '7', '8', '9']) {
      const game = new FamilyGame({ game: 'costly-colours' }, seed);
      const obs = advanceUntil(game, (o) => o.phase === 'pass', 400);
      if (!obs) {
        game.free();
        continue;
      }
      const card = obs.moves[0].cards[0];
      const selected = field(choose(obs, card, { selected: [] }), 'selected');
      assert.deepEqual(selected, [card]);
      const view = tableView(atTurn(obs, COSTLY, { selected })).table;
      assert.equal(view.hand.mode, 'discard');
      assert.equal(view.actions.find((a) => a.id === 'pass').disabled, false);
      assert.equal(field(button(obs, 'pass', { selected: [card], choice: null }), 'action'), obs.moves[0].action);
      assert.equal(tableView(atTurn(obs, COSTLY)).table.actions.find((a) => a.id === 'pass').disabled, true, 'nothing chosen yet');
      game.free();
      return;
    }
    assert.fail('no seed reached a pass');
  });

  it('an ace asks its value exactly when the engine offers both', () => {
    let asked = 0;
    let laid = 0;
    // An ace held with the count low (both values fit) and high (only 1 does).
    for (let n = 1; n < 400 && (asked < 3 || laid < 3); n++) {
      const game = new FamilyGame({ game: 'costly-colours' }, String(n));
      const high = n % 2 === 0;
      const obs = advanceUntil(game, (o) => o.phase === 'play' && o.hand.some((c) => c[0] === 'A') && (o.count > 20) === high, 300);
      if (obs) {
        for (const card of obs.hand.filter((c) => c[0] === 'A')) {
          const moves = obs.moves.filter((m) => m.kind === 'play' && m.cards[0] === card);
          const res = choose(obs, card, { selected: [] });
          if (moves.length === 2) {
            asked++;
            const choice = field(res, 'choice');
            assert.deepEqual(choice.moves.map((m) => m.value).sort((a, b) => a - b), [1, 11]);
            const view = tableView(atTurn(obs, COSTLY, { choice })).table;
            assert.deepEqual(view.actions.map((a) => a.id), ['ace-1', 'ace-11', 'back']);
            assert.match(view.prompt, /as 1 \(the count goes to \d+\) or as 11 \(to \d+\)\?$/);
            assert.equal(field(button(obs, 'ace-11', { selected: [], choice }), 'action'), moves.find((m) => m.value === 11).action);
            assert.deepEqual(button(obs, 'back', { selected: [], choice }), { choice: null });
          } else if (moves.length === 1) {
            laid++;
            assert.equal(field(res, 'action'), moves[0].action, 'one value: laid without a question');
          }
        }
      }
      game.free();
    }
    assert.ok(asked >= 3 && laid >= 1, `asked ${asked}, laid ${laid}`);
  });
});
