// @ts-check
// The page's registry: one entry per game of the family it plays. Every
// part of the page that differs by game reads it here: the engine loader
// (which wasm module plays it), the controller (which face draws it), the
// picker, the set-up's options, the how-to pages, the statistics, the
// `?game=` option and the <cribbage-game game="…"> attribute. The rules
// themselves live in the engine, and every value it hands over names its
// game (`game`), so nothing here is guessed from the data's shape.
//
// Adding a game to the page: one entry below, its how-to page in howto.js,
// and (only if no face fits) a face module that later.js loads on its own
// (docs/ARCHITECTURE.md, "Adding a game").

/**
 * @typedef {'cribbage'|'family'} ModuleName  A wasm module of the engine (engine.js loads it).
 * @typedef {'grid'|'shared-grid'|'deals'} LayoutName  What the layout face draws: a grid of
 *   cells filled alone (with the starter beside it), a grid built by sides (each line marked with
 *   the side that scores it), or the deals of a hand and a crib with each one's points.
 * @typedef {'cribbage'|'threeCard'|'layout'} FaceName  The face that draws a game:
 *   a module later.js loads on its own by its name there (cribbage-face.js,
 *   three-card.js, layout.js), when one of its games is first played.
 */

/**
 * @typedef {object} GameInfo
 * @property {string} id        The name used in addresses, attributes, settings and statistics,
 *   the same as the engine's (the `game` every observation, analysis, review and rules object names).
 * @property {string} title     What the player reads.
 * @property {string} blurb     The game in one line, for the picker.
 * @property {ModuleName} module  The wasm module that plays it.
 * @property {FaceName} face    The face that draws it on the table.
 * @property {string} howto     Its page in howto.js.
 * @property {boolean} avoid    Whether reaching the target loses (the words and the board say so).
 * @property {LayoutName | null} layout  How the layout face draws it (null for a game another face
 *   draws): a drawing choice, so the face never compares game ids. The game's rules-level facts
 *   (its sides, order of play, scores, the card to place, the board past its target) come from the
 *   engine's observation, in one form for every game the face draws.
 * @property {{ players: number, target: number, board: number, four: boolean } | null} fixed
 *   A game with one table: its players and target are the game's own (the
 *   set-up offers no choice but, with `four`, four players in partnerships),
 *   and it has no muggins, match or cut by hand. `board` is the peg board's
 *   length, for the room the board takes before the engine has loaded (the
 *   engine's observation says it from then on).
 * @property {Readonly<Record<number, number>>} tracks  The peg board's tracks at a table of
 *   each size it is played at (four in partnerships peg on two): the board's room before
 *   the engine has loaded, when no observation can say it yet. A drawing fact fixed for
 *   the game (its tables are its own); who sits on which track is left to the engine,
 *   which alone knows it (Table Top's partners are drawn for).
 * @property {SetupOptions} options  What the new-game set-up offers for it.
 * @property {boolean} hiddenHands  Whether each player holds cards the others
 *   must not see: at pass-and-play the device goes from hand to hand behind a
 *   curtain. Table Top's stacks are face down and its turned card is public,
 *   so its players pass the device without one.
 * @property {{ starter: string, hand: string }} words  What the game calls the
 *   card turned after the deal ("starter", "turn-up") and a counted hand
 *   ("hand", Noddy's "announcement"), in the review and the statistics.
 */

/**
 * The set-up's choices that apply to a game (the new-game dialog shows
 * only these).
 * @typedef {object} SetupOptions
 * @property {readonly string[]} who  Who may sit at the table ('one', 'two', 'partners', 'people'):
 *   one computer, two, four in partnerships (a partner and two computers),
 *   people passing one device. None: the game is played alone.
 * @property {readonly number[]} people  How many may pass one device.
 * @property {boolean} level    A computer level to choose.
 * @property {boolean} target   Whether the players choose the target.
 * @property {readonly number[]} targets  The targets the game is played to,
 *   the usual first: cribbage's 121 or 61, a game with one table its own.
 * @property {boolean} match    One game or best of three.
 * @property {boolean} counting Automatic counting or muggins.
 * @property {boolean} cut      The players may cut for the first deal themselves.
 * @property {boolean} solo     Played alone: a deal's score, not a game won against anyone.
 * @property {boolean} daily    Today's deal, the same for everyone.
 */

/**
 * A word on a target beside its number where one helps (the new-game
 * dialog): kept with the targets it speaks of.
 * @type {Readonly<Record<number, string>>}
 */
export const TARGET_NOTES = Object.freeze({ 61: 'once around' });

/** Cribbage's tracks: two and three play alone, four as two partnerships. */
const CRIBBAGE_TRACKS = Object.freeze({ 2: 2, 3: 3, 4: 2 });

/** @type {SetupOptions} Cribbage's set-up: every choice. */
const CRIBBAGE_OPTIONS = Object.freeze({ who: Object.freeze(['one', 'two', 'partners', 'people']), people: Object.freeze([2, 3, 4]), level: true, target: true, targets: Object.freeze([121, 61]), match: true, counting: true, cut: true, solo: false, daily: false });

/**
 * The set-up of a game with one table: its players, and nothing else but the level.
 * @param {number} players @param {number} target @param {boolean} four
 * @returns {SetupOptions}
 */
function fixedOptions(players, target, four) {
  const solo = players < 2;
  return Object.freeze({
    who: Object.freeze(solo ? [] : four ? ['one', 'partners', 'people'] : ['one', 'people']),
    people: Object.freeze(solo ? [] : four ? [2, 4] : [players]),
    level: !solo,
    target: false,
    targets: Object.freeze([target]),
    match: false,
    counting: false,
    cut: false,
    solo,
    daily: solo,
  });
}

/** The words of a game dealt a starter, and of one dealt a turn-up. */
const STARTER = Object.freeze({ starter: 'starter', hand: 'hand' });
const TURN_UP = Object.freeze({ starter: 'turn-up', hand: 'hand' });

/**
 * A game of cribbage's own module: every choice of the set-up is its.
 * @param {string} id @param {string} title @param {string} blurb @param {boolean} avoid
 * @returns {GameInfo}
 */
const cribbage = (id, title, blurb, avoid) =>
  Object.freeze({ id, title, blurb, module: 'cribbage', face: 'cribbage', howto: id, avoid, layout: null, fixed: null, tracks: CRIBBAGE_TRACKS, options: CRIBBAGE_OPTIONS, hiddenHands: true, words: STARTER });

/**
 * A game of the family module with one table: its players and target are its own.
 * @param {string} id @param {string} title @param {string} blurb
 * @param {{ face: FaceName, layout?: LayoutName, players: number, target: number, board?: number, four?: boolean, hiddenHands?: boolean, words?: GameInfo['words'] }} how
 * @returns {GameInfo}
 */
const family = (id, title, blurb, { face, layout = null, players, target, board = target, four = false, hiddenHands = true, words = STARTER }) =>
  Object.freeze({ id, title, blurb, module: 'family', face, howto: id, avoid: false, layout, fixed: Object.freeze({ players, target, board, four }), tracks: Object.freeze({ [players]: players, ...(four && { 4: 2 }) }), options: fixedOptions(players, target, four), hiddenHands, words });

/** @type {readonly GameInfo[]} Every game of the family this page can play, in the picker's order. */
const EVERY = Object.freeze([
  cribbage('cribbage', 'Cribbage', 'the first to the target wins', false),
  cribbage('reverse', 'Reverse cribbage', 'low-ball: the first to the target loses', true),
  family('noddy', 'Noddy', 'cribbage’s ancestor: three cards, one play to 31, game to 31', { face: 'threeCard', players: 2, target: 31, words: Object.freeze({ starter: 'turn-up', hand: 'announcement' }) }),
  family('costly-colours', 'Costly Colours', 'three cards, the mog, aces high or low, game to 121', { face: 'threeCard', players: 2, target: 121, words: TURN_UP }),
  // The solitaires: one player, and the target is the score that wins the deal.
  family('square-solitaire', 'Cribbage Square Solitaire', 'a solitaire: sixteen cards on a 4×4 grid, each row and column a hand; 61 wins', { face: 'layout', layout: 'grid', players: 1, target: 61, hiddenHands: false }),
  family('solitaire', 'Cribbage Solitaire', 'a solitaire: six deals of a hand and a crib, then the last four; 81 wins', { face: 'layout', layout: 'deals', players: 1, target: 81, board: 121, hiddenHands: false }),
  // Two players, or (`four`) four in partnerships; every card on the table is public.
  family('table-top', 'Table Top Cribbage', 'a 5×5 layout, your rows against their columns; two, or four as partners; game to 121', { face: 'layout', layout: 'shared-grid', players: 2, target: 121, four: true, hiddenHands: false }),
]);

/**
 * The games this build plays: the single-file build (which defines
 * CRIBBAGE_SINGLE_FILE) carries only the cribbage module, so it offers
 * only the games that module plays.
 * @type {readonly GameInfo[]}
 */
export const GAMES = typeof CRIBBAGE_SINGLE_FILE === 'undefined' ? EVERY : Object.freeze(EVERY.filter((game) => game.module === 'cribbage'));

/** The game played when none is named. */
export const DEFAULT_GAME = 'cribbage';

/**
 * The targets a player may choose (the set-up's "Game to"), the usual first:
 * those of the games whose target is the player's choice.
 * @type {readonly number[]}
 */
export const CHOOSABLE_TARGETS = Object.freeze([...new Set(GAMES.filter((game) => game.options.target).flatMap((game) => game.options.targets))]);

/** The computer players' levels, easiest first (a level may be given by its number, 1–4). */
export const LEVEL_NAMES = Object.freeze(['easy', 'medium', 'hard', 'expert']);

/**
 * The game called `id`, or undefined for a name this page does not play.
 * @param {unknown} id
 * @returns {GameInfo | undefined}
 */
export function findGame(id) {
  return GAMES.find((game) => game.id === id);
}

/**
 * The game for an id that may be missing or unknown: standard cribbage then.
 * @param {unknown} id
 * @returns {GameInfo}
 */
export function gameInfo(id) {
  return findGame(id) ?? findGame(DEFAULT_GAME);
}

/**
 * Which game a rules object (as the engine hands it back, say from a saved
 * game) is: the engine's rules name their game, so a game in progress
 * resumes as the game it is.
 * @param {{ game?: unknown } | null | undefined} rules
 * @returns {string} a game id
 */
export function gameOfRules(rules) {
  return findGame(rules?.game)?.id ?? DEFAULT_GAME;
}

/**
 * The page's registry as maps by id, for the parts that look a game up by
 * name: the wasm module of each (engine.js's MODULE_OF), its face.
 * @template {keyof GameInfo} K
 * @param {K} field
 * @param {readonly GameInfo[]} [games]
 * @returns {Readonly<Record<string, GameInfo[K]>>}
 */
export function byId(field, games = GAMES) {
  return Object.freeze(Object.fromEntries(games.map((game) => [game.id, game[field]])));
}

/**
 * @typedef {object} BenchTable  A table the benchmarks play, computers only.
 * @property {string} name  The game's id, or `<id>-4` for its table of four.
 * @property {GameInfo} game
 * @property {Record<string, unknown>} rules  The engine's rules for it.
 */

/**
 * Every table the benchmarks play, in the registry's order: each game at
 * two players (a solitaire alone), to its usual target, and a game that
 * four may play in partnerships at four too (`table-top-4`).
 * @param {readonly GameInfo[]} [games]
 * @returns {BenchTable[]}
 */
export function benchTables(games = GAMES) {
  return games.flatMap((game) => {
    const setup = { players: game.fixed?.players ?? 2, target: game.options.targets[0], counting: 'automatic', match: 'single' };
    const two = { name: game.id, game, rules: rulesOf(game, setup) };
    return game.fixed?.four ? [two, { name: `${game.id}-4`, game, rules: rulesOf(game, { ...setup, players: 4 }) }] : [two];
  });
}

/**
 * The picker's choices, in the registry's order: each game's id, title and
 * blurb (the new-game dialog's radios, the statistics' and Help's lists).
 * @param {readonly GameInfo[]} [games]
 * @returns {[string, string, string][]}
 */
export function pickerChoices(games = GAMES) {
  return games.map((game) => [game.id, game.title, game.blurb]);
}

/**
 * What the new-game dialog shows for a game: the choices of who sits down
 * it offers, and, with `who` chosen, how many may pass the device, whether
 * a level, the target, the match, the counting, the cut and today's deal
 * are asked, and the note that says what the game fixes itself.
 * @param {GameInfo} game
 * @param {string} who  The choice of who sits down ('one', 'two', 'partners', 'people').
 * @returns {{ who: readonly string[], people: readonly number[], level: boolean, target: boolean, match: boolean, counting: boolean, cut: boolean, daily: boolean, note: string }}
 */
export function setupFields(game, who) {
  const { options, fixed, title } = game;
  const people = options.who.length > 0 && who === 'people';
  const note = options.solo
    ? `${title} is played alone: ${fixed.target} or more wins the deal, and every count is made for you.`
    : fixed ? `${title} is for two players${fixed.four ? ', or four in partnerships' : ''}, one game to ${fixed.target}, each hand counted for you.` : '';
  return {
    who: options.who,
    people: people ? options.people : [],
    // The level of the computers: none to choose when nobody plays the computer.
    level: options.level && !people,
    target: options.target,
    match: options.match,
    counting: options.counting,
    cut: options.cut,
    daily: options.daily,
    note,
  };
}

/**
 * The engine's rules object for a set-up.
 * @param {{ game?: string, players: number, target: number, counting: string, match: string, cut?: string }} setup
 * @returns {Record<string, unknown>}
 */
export function rulesFor(setup) {
  return rulesOf(gameInfo(setup.game), setup);
}

/**
 * The engine's rules for `game` at a set-up.
 * @param {GameInfo} game
 * @param {{ players: number, target: number, counting: string, match: string, cut?: string }} setup
 * @returns {Record<string, unknown>}
 */
function rulesOf(game, setup) {
  // The engine's rules name their game; a game with one table has no other options.
  if (game.fixed) return game.fixed.four ? { game: game.id, players: setup.players } : { game: game.id };
  /** @type {Record<string, unknown>} */
  const rules = { game: game.id, players: setup.players, target: setup.target, counting: setup.counting, match: setup.match };
  // Said only when the players cut: the engine's rules leave the drawn cut unsaid.
  if (setup.cut === 'by_hand') rules.cut_for_deal = 'by_hand';
  return rules;
}

/**
 * A set-up as its game plays it: a game with one table takes its own
 * players and target, against the computer or pass-and-play, one game; a
 * solitaire is played alone, and its statistics are kept apart from any
 * computer level (level "solo").
 * @template {{ game?: string, players: number, target: number, match?: string, counting?: string, cut?: string }} S
 * @param {S} setup
 * @returns {S}
 */
export function fitSetup(setup) {
  const { fixed, options } = gameInfo(setup.game);
  if (!fixed) return setup;
  return { ...setup, players: fixed.four && setup.players === 4 ? 4 : fixed.players, target: fixed.target, match: 'single', counting: 'automatic', cut: 'drawn', ...(options.solo && { mode: 'computer', level: 'solo' }) };
}

/**
 * The line under the title that says what wins: "Reverse cribbage: the
 * first to 121 loses".
 * @param {string} id
 * @param {number} target
 * @returns {string}
 */
export function gameTagline(id, target) {
  const game = gameInfo(id);
  // A solitaire is won by the deal's score: "Cribbage Solitaire: 81 or more wins".
  return game.options.solo ? `${game.title}: ${target} or more wins` : `${game.title}: the first to ${target} ${game.avoid ? 'loses' : 'wins'}`;
}
