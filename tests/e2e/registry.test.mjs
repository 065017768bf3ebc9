// @ts-check
// In Node, no browser: the page's registry (www/js/games.js) is the one
// place a game is listed. The engine loader's map, the faces, the picker,
// the set-up's fields and the how-to pages are all read from it, so a game
// added to a copy of the registry shows up in each of them; and every game
// of the real registry has a module the loader can load, a face the
// controller can load and a how-to page. The benchmarks, the tools and the
// embed read their games and targets from it too: no file lists them again.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { readAttributes } from '../../www/embed-options.js';
import { GAMES, benchTables, byId, gameInfo, gameOfRules, pickerChoices, rulesFor, setupFields } from '../../www/js/games.js';
import { MODULE_OF } from '../../www/js/engine.js';
import { PAGES } from '../../www/js/howto.js';
import { later } from '../../www/js/later.js';

/** A game that is not one of the family's, shaped as a registry line is. */
const FAKE = Object.freeze({
  id: 'fake-patience',
  title: 'Fake Patience',
  blurb: 'a test game: a registry line and nothing else',
  module: /** @type {const} */ ('family'),
  face: /** @type {const} */ ('layout'),
  layout: /** @type {const} */ ('grid'),
  howto: 'square-solitaire',
  avoid: false,
  fixed: Object.freeze({ players: 1, target: 50, board: 61, four: false }),
  tracks: Object.freeze({ 1: 1 }),
  options: Object.freeze({ who: [], people: [], level: false, target: false, targets: [50], match: false, counting: false, cut: false, solo: true, daily: true }),
  hiddenHands: false,
  words: Object.freeze({ starter: 'starter', hand: 'hand' }),
});

describe('the page’s registry', () => {
  it('drives the loader’s map, the faces and the picker: a game added to a copy shows up in each', () => {
    const copy = [...GAMES, FAKE];
    assert.equal(byId('module', copy)[FAKE.id], 'family');
    assert.equal(byId('face', copy)[FAKE.id], 'layout');
    assert.equal(byId('howto', copy)[FAKE.id], 'square-solitaire');
    const picker = pickerChoices(copy);
    assert.deepEqual(picker.at(-1), [FAKE.id, FAKE.title, FAKE.blurb]);
    assert.deepEqual(picker.slice(0, -1), pickerChoices());
    // The real registry is untouched by the copy.
    assert.equal(MODULE_OF[FAKE.id], undefined);
  });

  it('drives the set-up’s fields and note, from a game’s options alone', () => {
    const alone = setupFields(FAKE, 'one');
    assert.deepEqual(alone, { who: [], people: [], level: false, target: false, match: false, counting: false, cut: false, daily: true, note: 'Fake Patience is played alone: 50 or more wins the deal, and every count is made for you.' });
    const partners = { ...FAKE, title: 'Fake Partners', fixed: { players: 2, target: 90, board: 121, four: true }, options: { ...FAKE.options, who: ['one', 'partners', 'people'], people: [2, 4], level: true, solo: false, daily: false } };
    assert.equal(setupFields(partners, 'one').level, true);
    assert.deepEqual(setupFields(partners, 'one').people, [], 'nobody passes the device against the computer');
    assert.deepEqual(setupFields(partners, 'people').people, [2, 4]);
    assert.equal(setupFields(partners, 'people').level, false, 'no computer level at pass-and-play');
    assert.equal(setupFields(partners, 'one').note, 'Fake Partners is for two players, or four in partnerships, one game to 90, each hand counted for you.');
    const cribbage = setupFields(gameInfo('cribbage'), 'two');
    assert.ok(cribbage.target && cribbage.match && cribbage.counting && cribbage.cut && cribbage.level && !cribbage.daily);
    assert.equal(cribbage.note, '');
  });

  it('every game names a module the loader loads, a face the controller loads and a how-to page', async () => {
    assert.deepEqual(Object.keys(MODULE_OF), GAMES.map((g) => g.id));
    for (const game of GAMES) {
      assert.ok(['cribbage', 'family'].includes(MODULE_OF[game.id]), game.id);
      assert.ok(await later(game.face).catch(() => null), `${game.id}: its face ${game.face} is a module later.js loads`);
      assert.ok(Array.isArray(PAGES[game.howto]) && PAGES[game.howto].length > 0, `${game.id}: its how-to page`);
      assert.ok(game.title && game.blurb, game.id);
      assert.ok(['starter', 'turn-up'].includes(game.words.starter), game.id);
    }
    // Each face module, cribbage's too, has what the controller calls on a face.
    for (const name of new Set(GAMES.map((g) => g.face))) {
      const face = /** @type {Record<string, unknown>} */ (await later(name));
      for (const member of ['observe', 'layOn', 'tableView', 'finalPanel', 'describe', 'toldLines', 'voiceFor', 'sidesOf', 'choose', 'button']) {
        assert.equal(typeof face[member], 'function', `${name}.${member}`);
      }
    }
  });

  it('names every game in the engine’s rules, and reads the game back from them', () => {
    for (const game of GAMES) {
      const rules = rulesFor({ game: game.id, players: game.fixed?.players ?? 2, target: 121, counting: 'automatic', match: 'single' });
      assert.equal(rules.game, game.id);
      assert.equal(gameOfRules(rules), game.id);
    }
    assert.equal(gameOfRules({ game: 'nonsense' }), 'cribbage');
    assert.equal(gameOfRules(null), 'cribbage');
  });
});

/** The files that could list games again: the page's modules, the embed, the benchmarks' pages and the tools. */
function sources() {
  const dirs = ['www/js/', 'www/', 'tools/'];
  return dirs.flatMap((dir) => {
    const url = new URL(`../../${dir}`, import.meta.url);
    return readdirSync(url)
      .filter((f) => /\.m?js$/.test(f))
      .map((f) => ({ file: `${dir}${f}`, text: readFileSync(new URL(f, url), 'utf8') }));
  });
}

/** The ids of every game, and of the benchmarks' tables, as a regex alternation. */
const IDS = [...new Set(benchTables().map((t) => t.name))].sort((a, b) => b.length - a.length).map((id) => id.replace(/-/g, '\\-')).join('|');

/**
 * The forms a list by hand took, each with a line it must catch (as it was
 * written before) and the files it applies to.
 * @type {{ why: string, form: RegExp, caught: string, applies: (file: string) => boolean }[]}
 */
const BY_HAND = [
  {
    why: 'games listed by hand',
    form: new RegExp(`'(${IDS})'\\s*,\\s*'(${IDS})'`),
    caught: "const FAMILY = ['noddy', 'costly-colours', 'table-top', 'table-top-4', 'square-solitaire', 'solitaire'];",
    applies: (file) => file !== 'www/js/games.js',
  },
  {
    // A face draws the games it is for and may tell them apart; a benchmark,
    // a tool or the embed has no game of its own to compare with.
    why: 'a game picked out by its id',
    form: new RegExp(`[!=]==?\\s*'(${IDS})'|'(${IDS})'\\s*[!=]==?`),
    caught: "familyTimes(wasm, data.game, data.game === 'noddy' ? data.games * 8 : data.games, post)",
    applies: (file) => file.startsWith('tools/') || /^www\/(js\/ai-bench|embed-|cribbage-game)/.test(file),
  },
  {
    why: 'targets listed by hand',
    form: /\[\s*(121|61)\s*,\s*(121|61)\s*\]/,
    caught: 'const TARGETS = Object.freeze([121, 61]);',
    // The fuzzer's rules are any values, valid or not; the embed and the
    // set-up (settings kept, options given, the new-game dialog) check a game's.
    applies: (file) => /^www\/(js\/(ai-bench|settings|dialogs)|embed-|cribbage-game)/.test(file),
  },
];

describe('one list of games', () => {
  it('each form of a list by hand catches the line it was written for', () => {
    for (const { why, form, caught } of BY_HAND) assert.match(caught, form, why);
  });

  it('no module of the page, the embed, the benchmarks or the tools lists the games again', () => {
    const files = sources();
    for (const name of ['www/js/ai-bench.js', 'www/js/ai-bench-worker.js', 'www/embed-options.js', 'tools/budget.mjs', 'tools/fuzz-wasm.mjs', 'tools/check-wasm.mjs', 'tools/ai-bench.mjs']) {
      assert.ok(files.some((f) => f.file === name), name);
    }
    const found = [];
    for (const { file, text } of files) {
      text.split('\n').forEach((line, i) => {
        for (const { why, form, applies } of BY_HAND) if (applies(file) && form.test(line)) found.push(`${file}:${i + 1}: ${why}: ${line.trim()}`);
      });
    }
    assert.deepEqual(found, []);
  });

  it('the benchmarks’ tables come from the registry: a game added to a copy is benchmarked, at four where four may play', () => {
    const partners = { ...FAKE, id: 'fake-partners', fixed: { players: 2, target: 90, board: 121, four: true }, options: { ...FAKE.options, targets: [90] } };
    const tables = benchTables([...GAMES, FAKE, partners]);
    assert.deepEqual(tables.slice(-3).map((t) => [t.name, t.rules]), [
      ['fake-patience', { game: 'fake-patience' }],
      ['fake-partners', { game: 'fake-partners', players: 2 }],
      ['fake-partners-4', { game: 'fake-partners', players: 4 }],
    ]);
    assert.deepEqual(benchTables().find((t) => t.name === 'reverse')?.rules, { game: 'reverse', players: 2, target: 121, counting: 'automatic', match: 'single' });
  });

  it('the embed takes the targets its game’s registry line offers, and no other', () => {
    const attrs = (/** @type {Record<string, string>} */ given) => (/** @type {string} */ name) => given[name] ?? null;
    const copy = [...GAMES, FAKE];
    assert.deepEqual(readAttributes(attrs({ game: 'fake-patience', target: '50' }), copy, 'cribbage').options, { game: 'fake-patience', target: 50 });
    assert.deepEqual(readAttributes(attrs({ game: 'fake-patience', target: '61' }), copy, 'cribbage').problems, ['target="61" does not fit Fake Patience, whose target is 50: the game’s default is used']);
    for (const target of gameInfo('cribbage').options.targets) {
      assert.deepEqual(readAttributes(attrs({ game: 'cribbage', target: String(target) }), copy, 'cribbage').options, { game: 'cribbage', target });
    }
  });
});
