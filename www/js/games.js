// The games of the family that this page can play, by name. A game is a
// name for the player and the one field of the engine's rules object that
// picks it (`goal: "avoid"` is reverse cribbage); the rules themselves live
// in the engine. Listing a game here is what puts it in the picker, the
// `?game=` option and the <cribbage-game game="…"> attribute.

/**
 * @typedef {object} GameInfo
 * @property {string} id        The name used in addresses, attributes, settings and statistics.
 * @property {string} name      What the player reads.
 * @property {object} rules     Fields added to the engine's rules object.
 * @property {boolean} avoid    Whether reaching the target loses (the words and the board say so).
 * @property {'cribbage'|'family'} module  The wasm module that plays it (engine.js loads it).
 * @property {{ players: number, target: number, four: boolean } | null} fixed
 *   A game with one table: its players and target are the game's own (the
 *   set-up offers no choice but, with `four`, four players in partnerships),
 *   and it has no muggins, match or cut by hand.
 * @property {SetupOptions} options  What the new-game set-up offers for it.
 * @property {boolean} hiddenHands  Whether each player holds cards the others
 *   must not see: at pass-and-play the device goes from hand to hand behind a
 *   curtain. Table Top's stacks are face down and its turned card is public,
 *   so its players pass the device without one.
 */

/**
 * The set-up's choices that apply to a game (the new-game dialog shows
 * only these).
 * @typedef {object} SetupOptions
 * @property {('one'|'two'|'partners'|'people')[]} who  Who may sit at the table:
 *   one computer, two, four in partnerships (a partner and two computers),
 *   people passing one device. None: the game is played alone.
 * @property {number[]} people  How many may pass one device.
 * @property {boolean} level    A computer level to choose.
 * @property {boolean} target   Game to 121 or 61.
 * @property {boolean} match    One game or best of three.
 * @property {boolean} counting Automatic counting or muggins.
 * @property {boolean} cut      The players may cut for the first deal themselves.
 * @property {boolean} solo     Played alone: a deal's score, not a game won against anyone.
 * @property {boolean} daily    Today's deal, the same for everyone.
 */

/** Cribbage's set-up: every choice. */
const CRIBBAGE_OPTIONS = Object.freeze({ who: Object.freeze(['one', 'two', 'partners', 'people']), people: Object.freeze([2, 3, 4]), level: true, target: true, match: true, counting: true, cut: true, solo: false, daily: false });

/** The set-up of a game with one table: its players, and nothing else but the level. */
function fixedOptions(players, four) {
  const solo = players < 2;
  return Object.freeze({
    who: Object.freeze(solo ? [] : four ? ['one', 'partners', 'people'] : ['one', 'people']),
    people: Object.freeze(solo ? [] : four ? [2, 4] : [players]),
    level: !solo,
    target: false,
    match: false,
    counting: false,
    cut: false,
    solo,
    daily: solo,
  });
}

/** A game of the family module with one table: its players and target are its own. */
const family = (id, name, players, target, { four = false, hiddenHands = true } = {}) =>
  Object.freeze({ id, name, rules: Object.freeze({ game: id }), avoid: false, module: 'family', fixed: Object.freeze({ players, target, four }), options: fixedOptions(players, four), hiddenHands });

/** @type {readonly GameInfo[]} Every game of the family this page can play. */
const EVERY = Object.freeze([
  Object.freeze({ id: 'cribbage', name: 'Cribbage', rules: Object.freeze({}), avoid: false, module: 'cribbage', fixed: null, options: CRIBBAGE_OPTIONS, hiddenHands: true }),
  Object.freeze({ id: 'reverse', name: 'Reverse cribbage', rules: Object.freeze({ goal: 'avoid' }), avoid: true, module: 'cribbage', fixed: null, options: CRIBBAGE_OPTIONS, hiddenHands: true }),
  family('noddy', 'Noddy', 2, 31),
  family('costly-colours', 'Costly Colours', 2, 121),
  // The solitaires: one player, and the target is the score that wins the deal.
  family('square-solitaire', 'Cribbage Square Solitaire', 1, 61, { hiddenHands: false }),
  family('solitaire', 'Cribbage Solitaire', 1, 81, { hiddenHands: false }),
  // Two players, or (`four`) four in partnerships; every card on the table is public.
  family('table-top', 'Table Top Cribbage', 2, 121, { four: true, hiddenHands: false }),
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
 * game) is, so a game in progress resumes as the game it is.
 * @param {{ goal?: string } | null | undefined} rules
 * @returns {string} a game id
 */
export function gameOfRules(rules) {
  // The family module's games name themselves.
  if (typeof rules?.game === 'string') return findGame(rules.game)?.id ?? DEFAULT_GAME;
  // The most particular game whose fields all match: standard cribbage has none.
  const found = GAMES.filter((game) => Object.entries(game.rules).every(([key, value]) => rules?.[key] === value))
    .sort((a, b) => Object.keys(b.rules).length - Object.keys(a.rules).length)[0];
  return found?.id ?? DEFAULT_GAME;
}

/**
 * The engine's rules object for a set-up.
 * @param {{ game?: string, players: number, target: number, counting: string, match: string }} setup
 * @returns {object}
 */
export function rulesFor(setup) {
  const game = gameInfo(setup.game);
  // A game with one table has no options: its rules are its name.
  if (game.fixed) return game.fixed.four ? { ...game.rules, players: setup.players } : { ...game.rules };
  const rules = { players: setup.players, target: setup.target, counting: setup.counting, match: setup.match, ...gameInfo(setup.game).rules };
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
  const { fixed } = gameInfo(setup.game);
  if (!fixed) return setup;
  return { ...setup, players: fixed.four && setup.players === 4 ? 4 : fixed.players, target: fixed.target, match: 'single', counting: 'automatic', cut: 'drawn', ...(fixed.players < 2 && { mode: 'computer', level: 'solo' }) };
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
  return game.fixed?.players < 2 ? `${game.name}: ${target} or more wins` : `${game.name}: the first to ${target} ${game.avoid ? 'loses' : 'wins'}`;
}
