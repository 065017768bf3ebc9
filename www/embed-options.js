// @ts-check
// What the <cribbage-game> element's attributes and its newGame() options
// mean for each game: the element's own module, beside it (not the app's,
// so a page that does not embed the element never loads it). Which options a game takes is the games list's data
// (js/games.js: `fixed`, `options`), never a rule written here, so a game added
// to the list is on the element with the options it offers.
//
// Two readers over one check: attributes are the site owner's markup, so one
// that does not fit is said and the game's default used (readAttributes);
// newGame()'s options are a program's, so one that does not fit is refused
// with an Error naming it (checkNewGame).

/** @typedef {import('./js/games.js').GameInfo} GameInfo */

/**
 * The game options the element takes, by attribute name, in the order the
 * notes name them. (`layout`, `theme` and the card style are the element's
 * own, the same for every game.)
 */
export const GAME_OPTIONS = Object.freeze(['game', 'players', 'target', 'level', 'seed', 'counting', 'match']);

/** The levels by name, and by number 1–4 (Easy to Expert). */
const LEVELS = Object.freeze(['easy', 'medium', 'hard', 'expert']);
/** The largest seed the engine takes: a u64. */
const MAX_SEED = 2n ** 64n - 1n;

/**
 * The options the element passes to mountApp, each one fitted to its game.
 * @typedef {object} GameOptions
 * @property {string} game
 * @property {number} [players]
 * @property {number} [target]
 * @property {string} [level]     a level by name
 * @property {string} [seed]      a decimal seed
 * @property {'automatic'|'muggins'} [counting]
 * @property {'single'|'best_of_three'} [match]
 */

/**
 * How many may sit at a game: its own number (Table Top also four in
 * partnerships), or any number the set-up offers.
 * @param {GameInfo} game
 * @returns {number[]}
 */
function playerCounts(game) {
  if (game.fixed) return game.fixed.four ? [game.fixed.players, 4] : [game.fixed.players];
  return [...new Set([2, ...game.options.people])].sort();
}

/**
 * "2, 3 or 4"
 * @param {readonly (string | number)[]} list
 */
function either(list) {
  const words = list.map(String);
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/**
 * Checks one option against its game.
 * @param {string} name     an entry of GAME_OPTIONS but `game`
 * @param {unknown} raw     as given (an attribute's text, or a program's value)
 * @param {GameInfo} game
 * @returns {{ value: string | number } | { problem: string }}
 */
function checkOne(name, raw, game) {
  const text = String(raw).trim();
  const shown = `${name}="${String(raw)}"`;
  switch (name) {
    case 'players': {
      const counts = playerCounts(game);
      const n = Number(text);
      if (!/^\d+$/.test(text)) return { problem: `${shown} is not a number of players` };
      if (!counts.includes(n)) {
        return { problem: counts.length === 1
          ? `${shown} does not fit ${game.title}, which is played ${counts[0] === 1 ? 'alone' : `by ${counts[0]}`}`
          : `${shown} does not fit ${game.title}, which is played by ${either(counts)}` };
      }
      return { value: n };
    }
    case 'target': {
      const n = Number(text);
      if (!/^\d+$/.test(text)) return { problem: `${shown} is not a score to play to` };
      // The game's own targets (the registry's): the choice cribbage offers, or a fixed game's one.
      const allowed = game.options.targets;
      if (!allowed.includes(n)) {
        return { problem: allowed.length === 1
          ? `${shown} does not fit ${game.title}, whose target is ${allowed[0]}`
          : `${shown} does not fit ${game.title}, which is played to ${either(allowed)}` };
      }
      return { value: n };
    }
    case 'level': {
      if (!game.options.level) return { problem: `${shown} does not fit ${game.title}, which has no computer player` };
      const word = text.toLowerCase();
      const level = /^[1-4]$/.test(word) ? LEVELS[Number(word) - 1] : word;
      if (!LEVELS.includes(level)) return { problem: `${shown} is not a level (${either(LEVELS)}, or 1 to 4)` };
      return { value: level };
    }
    case 'seed': {
      if (!/^\d{1,20}$/.test(text) || BigInt(text) > MAX_SEED) return { problem: `${shown} is not a seed (a whole number from 0 to ${MAX_SEED})` };
      return { value: String(BigInt(text)) };
    }
    case 'counting': {
      if (!game.options.counting) return { problem: `${shown} does not fit ${game.title}, which counts every hand itself` };
      if (text !== 'automatic' && text !== 'muggins') return { problem: `${shown} is not a way of counting (automatic or muggins)` };
      return { value: text };
    }
    case 'match': {
      if (!game.options.match) return { problem: `${shown} does not fit ${game.title}, which is played one game at a time` };
      if (text !== 'single' && text !== 'best_of_three') return { problem: `${shown} is not a match (single or best_of_three)` };
      return { value: text };
    }
    default:
      return { problem: `${name} is not an option of a game` };
  }
}

/**
 * The element's attributes as mountApp's options: each that fits its game
 * taken, each that does not said (`problems`, one sentence each) and left
 * out, so the game's default is used. An unknown game is said, and standard
 * cribbage played.
 * @param {(name: string) => string | null} attribute  the element's getAttribute
 * @param {readonly GameInfo[]} games
 * @param {string} defaultGame
 * @returns {{ options: Partial<GameOptions>, problems: string[] }}
 */
export function readAttributes(attribute, games, defaultGame) {
  /** @type {string[]} */
  const problems = [];
  const asked = attribute('game');
  // No game named: the player's own choice (their saved set-up), checked as standard cribbage.
  let game = games.find((g) => g.id === (asked ?? defaultGame).trim().toLowerCase());
  if (!game) {
    game = /** @type {GameInfo} */ (games.find((g) => g.id === defaultGame));
    problems.push(`game="${asked}" is not a game this element plays (it plays ${either(games.map((g) => g.id))}): ${game.title} is played`);
  }
  /** @type {Partial<GameOptions>} */
  const options = asked === null ? {} : { game: game.id };
  for (const name of GAME_OPTIONS.slice(1)) {
    const raw = attribute(name);
    if (raw === null || raw.trim() === '') continue;
    const checked = checkOne(name, raw, game);
    if ('problem' in checked) problems.push(`${checked.problem}: the game’s default is used`);
    else /** @type {Record<string, unknown>} */ (options)[name] = checked.value;
  }
  return { options, problems };
}

/**
 * The game options of a set-up (a game restored from a save), those that
 * fit its game: what the element's attributes say once it is on the table.
 * @param {Record<string, unknown>} setup
 * @param {readonly GameInfo[]} games
 * @returns {GameOptions | null} null for a game not in the list
 */
export function optionsOfSetup(setup, games) {
  const game = games.find((g) => g.id === setup.game);
  if (!game) return null;
  /** @type {GameOptions} */
  const options = { game: game.id };
  for (const name of GAME_OPTIONS.slice(1)) {
    if (name === 'seed' || setup[name] === undefined || setup[name] === null) continue;
    const checked = checkOne(name, setup[name], game);
    if ('value' in checked) /** @type {Record<string, unknown>} */ (options)[name] = checked.value;
  }
  return options;
}

/**
 * newGame()'s options, checked: every one must be a known option that fits
 * its game, or this throws an Error naming it. Options left out keep the
 * element's `current` ones where they fit the game (a new game of another
 * game drops those that do not), but the seed, which is new for every deal
 * unless given. `given` left out (undefined) is `{}`; anything else that is
 * not a plain object (null, a string, an array) is a TypeError.
 * @param {unknown} given
 * @param {Partial<GameOptions> & { game: string }} current  the options the element plays now
 * @param {readonly GameInfo[]} games
 * @returns {GameOptions}
 */
export function checkNewGame(given, current, games) {
  // Left out, the element's own options; null is not left out but a value
  // that is no options, refused as restore() refuses what is not a save.
  if (given === undefined) given = {};
  if (given === null || typeof given !== 'object' || Array.isArray(given)) {
    throw new TypeError(`newGame: options must be an object such as { game: "noddy" }, not ${describe(given)}`);
  }
  const entries = Object.entries(/** @type {object} */ (given)).filter(([, value]) => value !== undefined);
  for (const [name] of entries) {
    if (!GAME_OPTIONS.includes(name)) throw new Error(`newGame: “${name}” is not an option (it takes ${either(GAME_OPTIONS)})`);
  }
  const asked = Object.fromEntries(entries);
  for (const [name, value] of entries) {
    if (typeof value !== 'string' && typeof value !== 'number') throw new TypeError(`newGame: ${name} must be a string or a number, not ${describe(value)}`);
  }
  const id = asked.game === undefined ? current.game : String(asked.game).trim().toLowerCase();
  const game = games.find((g) => g.id === id);
  if (!game) throw new Error(`newGame: “${asked.game}” is not a game this element plays (it plays ${either(games.map((g) => g.id))})`);
  /** @type {GameOptions} */
  const options = { game: game.id };
  for (const name of GAME_OPTIONS.slice(1)) {
    if (name in asked) {
      const checked = checkOne(name, asked[name], game);
      if ('problem' in checked) throw new Error(`newGame: ${checked.problem}`);
      /** @type {Record<string, unknown>} */ (options)[name] = checked.value;
    } else if (name !== 'seed' && /** @type {Record<string, unknown>} */ (current)[name] !== undefined) {
      const checked = checkOne(name, /** @type {Record<string, unknown>} */ (current)[name], game);
      if ('value' in checked) /** @type {Record<string, unknown>} */ (options)[name] = checked.value;
    }
  }
  return options;
}

/**
 * A value as an error message names it.
 * @param {unknown} value
 */
function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `"${value}"` : typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

/** Names the text of a game saved by the element's save(), so restore() knows its own. */
const SAVE_FORMAT = 'cribbage-game';

/**
 * The element's save(): the app's saved game as text.
 * @param {object | null} saved  what the app's save() gave
 * @returns {string | null}
 */
export function saveText(saved) {
  return saved ? JSON.stringify({ format: SAVE_FORMAT, ...saved }) : null;
}

/**
 * The element's restore(): its text read back into the app's saved game, a
 * game saved by save() of a game in the list, or an Error naming what is
 * wrong with it.
 * @param {unknown} text
 * @param {readonly GameInfo[]} games
 * @returns {{ v: number, save: string, setup: { game: string } }}
 */
export function readSave(text, games) {
  if (typeof text !== 'string') throw new TypeError(`restore: expects the text save() gave, not ${text === null ? 'null' : typeof text}`);
  let saved;
  try {
    saved = JSON.parse(text);
  } catch {
    throw new Error('restore: the text is not a saved game (it is not JSON)');
  }
  if (!saved || typeof saved !== 'object' || saved.format !== SAVE_FORMAT) throw new Error('restore: the text is not a game saved by save()');
  if (saved.v !== 1) throw new Error(saved.v > 1 ? 'restore: the game was saved by a newer version of this element' : 'restore: the saved game has no version this element reads');
  if (typeof saved.save !== 'string' || !saved.setup || typeof saved.setup !== 'object') throw new Error('restore: the saved game is incomplete (no record or no set-up)');
  if (!games.some((game) => game.id === saved.setup.game)) throw new Error(`restore: “${saved.setup.game}” is not a game this element plays`);
  const { format, ...rest } = saved;
  return rest;
}
