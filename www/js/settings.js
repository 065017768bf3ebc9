// @ts-check
// The player's settings and a game's set-up: read back from storage and
// checked, taken from the page's options (the address, the embed's
// attributes), and drawn on the app's root. Shared by the first path
// (app.js, which needs them to deal the first game) and the parts loaded
// later (commands.js: new game, settings).

import { CHOOSABLE_TARGETS, DEFAULT_GAME, LEVEL_NAMES, findGame } from './games.js';
import { SPEEDS } from './play.js';

/**
 * A game's set-up, as the new-game dialog makes it and settings keep it.
 * @typedef {{ game: string, mode: string, players: number, names: string[], level: string, target: number,
 *             counting: string, match: string, cut: string }} Setup
 */

/** The level the coach and the review judge by: the exact discard values. */
export const COACH_LEVEL = 'hard';

/** @type {Readonly<Setup>} */
export const DEFAULT_SETUP = Object.freeze({
  game: DEFAULT_GAME,
  mode: 'computer',
  players: 2,
  names: ['', '', '', ''],
  // New players start on Medium; the level they choose is kept with the set-up.
  level: 'medium',
  // The usual game: 121 (twice around the board).
  target: CHOOSABLE_TARGETS[0],
  counting: 'automatic',
  match: 'single',
  // Who cuts for the first deal: the game at once ('drawn'), or the players ('by_hand').
  cut: 'drawn',
});

/**
 * The player's settings as kept on this device, each checked: what is
 * missing or malformed is its default.
 * @param {{ read(name: string): { value?: any } }} store
 */
export function readSettings(store) {
  const stored = store.read('settings').value;
  const setup = { ...DEFAULT_SETUP };
  const s = stored?.setup ?? {};
  if ([2, 3, 4].includes(s.players)) setup.players = s.players;
  if (findGame(s.game)) setup.game = s.game;
  if (s.mode === 'people' || s.mode === 'computer') setup.mode = s.mode;
  if (Array.isArray(s.names)) setup.names = [0, 1, 2, 3].map((i) => String(s.names[i] ?? '').slice(0, 16));
  if (LEVEL_NAMES.includes(s.level)) setup.level = s.level;
  if (CHOOSABLE_TARGETS.includes(s.target)) setup.target = s.target;
  if (s.counting === 'automatic' || s.counting === 'muggins') setup.counting = s.counting;
  if (s.match === 'single' || s.match === 'best_of_three') setup.match = s.match;
  if (s.cut === 'drawn' || s.cut === 'by_hand') setup.cut = s.cut;
  return {
    setup,
    speed: stored?.speed in SPEEDS ? stored.speed : 'normal',
    theme: ['auto', 'light', 'dark'].includes(stored?.theme) ? stored.theme : 'auto',
    // Say go for the player when no card fits: on unless they turned it off.
    autoGo: stored?.autoGo !== false,
    // How the cards are drawn: the standard deck unless they chose otherwise.
    fourColour: stored?.fourColour === true,
    largeCards: stored?.largeCards === true,
    // Sound: off unless they turned it on.
    sound: stored?.sound === true,
    // The chances to win: shown after the game unless they chose as they play, or off.
    chances: ['on', 'off', 'after'].includes(stored?.chances) ? stored.chances : 'after',
  };
}

/**
 * The set-up of a new game from the options of mountApp or of the embed's
 * newGame(): each option that is one of the set-up's own values is taken,
 * the rest of `base` (the player's saved set-up) stays. An unknown game is
 * standard cribbage (mountApp says so).
 * @param {Setup} base
 * @param {{ game?: unknown, players?: unknown, target?: unknown, level?: unknown, counting?: unknown, match?: unknown, mode?: unknown, cut?: unknown }} options
 * @returns {Setup}
 */
export function setupFrom(base, options) {
  const setup = { ...base };
  if (options.players && [2, 3, 4].includes(Number(options.players))) setup.players = Number(options.players);
  if (options.target && CHOOSABLE_TARGETS.includes(Number(options.target))) setup.target = Number(options.target);
  // A level by name, or by number 1–4 (Easy to Expert), as the embed's attribute allows.
  const level = /^[1-4]$/.test(String(options.level ?? '')) ? LEVEL_NAMES[Number(options.level) - 1] : options.level;
  if (typeof level === 'string' && LEVEL_NAMES.includes(level)) setup.level = level;
  if (options.counting === 'automatic' || options.counting === 'muggins') setup.counting = options.counting;
  if (options.match === 'single' || options.match === 'best_of_three') setup.match = options.match;
  if (options.mode === 'computer' || options.mode === 'people') setup.mode = options.mode;
  if (options.cut === 'drawn' || options.cut === 'by_hand') setup.cut = options.cut;
  const game = options.game === undefined || options.game === null || options.game === '' ? null : String(options.game).trim().toLowerCase();
  if (game !== null) setup.game = findGame(game) ? game : DEFAULT_GAME;
  return setup;
}

/**
 * Marks the app's root with how the cards are drawn (css/cards.css):
 * `data-deck` "four-colour" or "standard", `data-card-size` "large" or "standard".
 * @param {HTMLElement} app
 * @param {{ fourColour: boolean, largeCards: boolean }} settings
 */
export function showCardStyle(app, { fourColour, largeCards }) {
  app.dataset.deck = fourColour ? 'four-colour' : 'standard';
  app.dataset.cardSize = largeCards ? 'large' : 'standard';
}

/** A fresh seed for a new deal, as the decimal string the engine takes. */
export function randomSeed() {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return ((BigInt(words[0]) << 32n) | BigInt(words[1])).toString();
}
