// The games of the family that this page can play, by name. A game is a
// name for the player and the one field of the engine's rules object that
// picks it (`goal: "avoid"` is reverse cribbage); the rules themselves live
// in the engine. Listing a game here is what puts it in the picker, the
// `?game=` option and the <cribbage-game game="…"> attribute.

/**
 * @typedef {object} GameInfo
 * @property {string} id        The name used in addresses, attributes, settings and statistics.
 * @property {string} name      What the player reads.
 * @property {string} blurb     One line for the picker.
 * @property {object} rules     Fields added to the engine's rules object.
 * @property {boolean} avoid    Whether reaching the target loses (the words and the board say so).
 */

/** @type {readonly GameInfo[]} */
export const GAMES = Object.freeze([
  Object.freeze({ id: 'cribbage', name: 'Cribbage', blurb: 'the first to the target wins', rules: Object.freeze({}), avoid: false }),
  Object.freeze({ id: 'reverse', name: 'Reverse cribbage', blurb: 'low-ball: the first to the target loses', rules: Object.freeze({ goal: 'avoid' }), avoid: true }),
]);

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
  const rules = { players: setup.players, target: setup.target, counting: setup.counting, match: setup.match, ...gameInfo(setup.game).rules };
  // Said only when the players cut: the engine's rules leave the drawn cut unsaid.
  if (setup.cut === 'by_hand') rules.cut_for_deal = 'by_hand';
  return rules;
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
  return `${game.name}: the first to ${target} ${game.avoid ? 'loses' : 'wins'}`;
}
