// @ts-check
// Past games, kept on this device: each finished game against the computer
// with its date, game, result, scores and save text, the newest first and
// at most PAST_LIMIT of them, so any can be opened again with its chart of
// the chances and its review (the engine replays the save). A list that
// cannot be read, or an entry that is broken, is passed over, never shown
// half-made. Loaded with the app's lazy modules (lazy.js): nothing here is
// needed to play a hand.

import { h } from './dom.js';
import { showDialog } from './dialogs.js';
import { findGame, gameInfo } from './games.js';

/** The store's key for the list (`<storageKey>.past`). */
export const PAST_KEY = 'past';
/** How many games are kept: the oldest goes when a newer one comes. */
export const PAST_LIMIT = 50;

/**
 * A finished game as the list keeps it.
 * @typedef {{ v: 1, id: string, date: string, game: string, gameName: string, target: number,
 *             players: number, level: string, names: string[], seat: number, won: boolean,
 *             scores: number[], save: string, chances?: boolean }} PastGame
 *   `chances`: whether the engine has a model of the game's chances to win
 *   (its chart opens with the review), as it said when the game was kept;
 *   missing in a game kept before it was asked.
 */

/**
 * Whether `entry` is a whole past game (a hand-edited or truncated one is not).
 * @param {any} entry
 * @returns {entry is PastGame}
 */
export function isPastGame(entry) {
  return (
    Boolean(entry) &&
    typeof entry === 'object' &&
    entry.v === 1 &&
    typeof entry.id === 'string' &&
    typeof entry.date === 'string' &&
    !Number.isNaN(Date.parse(entry.date)) &&
    typeof entry.game === 'string' &&
    typeof entry.gameName === 'string' &&
    typeof entry.save === 'string' &&
    entry.save.length > 0 &&
    Array.isArray(entry.scores) &&
    entry.scores.every((n) => Number.isInteger(n) && n >= 0) &&
    Array.isArray(entry.names) &&
    entry.names.every((n) => typeof n === 'string') &&
    Number.isInteger(entry.seat) &&
    typeof entry.won === 'boolean' &&
    (entry.chances === undefined || typeof entry.chances === 'boolean')
  );
}

/**
 * The past games kept, newest first; broken entries (or a list that is
 * not one) are left out.
 * @param {{ read(name: string): { value?: any, error?: unknown } }} store
 * @returns {PastGame[]}
 */
export function readPastGames(store) {
  const { value } = store.read(PAST_KEY);
  return Array.isArray(value) ? value.filter(isPastGame) : [];
}

/**
 * Keeps a finished game at the head of the list, once (a game told again
 * after a reload is not kept twice), dropping the oldest beyond `limit`.
 * When storage is full the oldest go, half at a time, until it fits.
 * @param {{ read(name: string): { value?: any }, write(name: string, value: any): boolean }} store
 * @param {PastGame} entry
 * @param {number} [limit]
 * @returns {boolean}  Whether it is kept.
 */
export function addPastGame(store, entry, limit = PAST_LIMIT) {
  if (!isPastGame(entry)) return false;
  const list = readPastGames(store).filter((e) => e.id !== entry.id);
  let kept = [entry, ...list].slice(0, limit);
  while (kept.length) {
    if (store.write(PAST_KEY, kept)) return true;
    if (kept.length === 1) return false;
    kept = kept.slice(0, Math.ceil(kept.length / 2));
  }
  return false;
}

/**
 * A short fingerprint of a text (FNV-1a, 32 bits), so a game told twice is
 * known as the same one without keeping its save twice.
 * @param {string} text
 */
function textHash(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

/**
 * The entry for a finished game (play.js's `current()`), kept at `date`.
 * @param {{ save: string, game: string, seed: string, names: string[], seat: number, won: boolean,
 *           scores: number[], target: number, players: number, level: string }} current
 * @param {Date} date
 * @param {boolean} [chances]  Whether the engine has the game's chances to win (left out while not known).
 * @returns {PastGame}
 */
export function pastGameOf(current, date, chances) {
  /** @type {PastGame} */
  const entry = {
    v: 1,
    // The same game told again (a reload at its end) is kept once.
    id: `${current.game}/${current.seed}/${current.save.length}/${textHash(current.save)}`,
    date: date.toISOString(),
    game: current.game,
    gameName: gameInfo(current.game).title,
    target: current.target,
    players: current.players,
    level: current.level,
    names: current.names,
    seat: current.seat,
    won: current.won,
    scores: current.scores,
    save: current.save,
  };
  if (typeof chances === 'boolean') entry.chances = chances;
  return entry;
}

/**
 * What opening a past game shows, said under the list so that it is true of
 * the games listed: their chances only where the engine has them (as each
 * was kept), each such game marked when only some have them.
 * @param {PastGame[]} games
 * @returns {{ note: string, marked: boolean }}  `marked`: the games with chances carry a mark.
 */
export function pastGamesNote(games) {
  const kept = `Kept on this device, the latest ${PAST_LIMIT}.`;
  if (games.length && games.every((g) => g.chances === true)) return { note: `${kept} Open one to see its chances and review your play.`, marked: false };
  if (games.every((g) => g.chances === false)) return { note: `${kept} Open one to review your play.`, marked: false };
  const marked = games.some((g) => g.chances === true);
  return {
    note: marked ? `${kept} Open one to review your play; those marked “Chances” also chart your chances to win.` : `${kept} Open one to review your play, and see its chances where the game has them.`,
    marked,
  };
}

/**
 * One past game in a line, its scores as its table said them: "Cribbage to
 * 61, Expert · You won, 61 to 48" (a count past the target stopped in the
 * game hole, as on the board), a solitaire's "Cribbage Square Solitaire ·
 * 68: a win" or "· 52: short of 61".
 * @param {PastGame} entry
 */
export function pastGameLine(entry) {
  const info = findGame(entry.game);
  if (info?.options.solo) {
    const [score] = entry.scores;
    if (score === undefined) return entry.gameName;
    // Won or not as the engine said when the game was kept, not by comparing the score here.
    return `${entry.gameName} · ${score}: ${entry.won ? 'a win' : `short of ${entry.target}`}`;
  }
  // As kept: the scores the table showed (the engine's, stopped in the game hole).
  const [mine, ...others] = entry.scores.map((n, side) => ({ n, side })).sort((a, b) => (a.side === entry.seat ? -1 : b.side === entry.seat ? 1 : 0));
  const theirs = Math.max(0, ...others.map((o) => o.n));
  const target = entry.target ? ` to ${entry.target}` : '';
  const level = entry.level ? `, ${entry.level.charAt(0).toUpperCase()}${entry.level.slice(1)}` : '';
  return `${entry.gameName}${target}${level} · ${entry.won ? 'You won' : 'You lost'}, ${mine?.n ?? 0} to ${theirs}`;
}

/**
 * The date of a past game as the device says dates.
 * @param {PastGame} entry
 */
export const pastGameDate = (entry) => new Date(entry.date).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The list of past games, each with a button that opens it (its chart and
 * review). Resolves with the game chosen, or null.
 * @param {Element} host
 * @param {PastGame[]} games
 * @param {{ charts?: boolean }} [how]  `charts`: whether an opened game shows its chart of the
 *   chances (false where Settings turned the chances off): else none is offered or marked.
 * @returns {Promise<PastGame | null>}
 */
export async function pastGamesDialog(host, games, { charts = true } = {}) {
  /** @type {PastGame | null} */
  let chosen = null;
  // Said of the games as they will open: with the chances off, none shows its chart.
  const { note, marked } = pastGamesNote(charts ? games : games.map((g) => ({ ...g, chances: false })));
  const list = games.length
    ? h(
        'ol',
        { class: 'past-games', 'data-testid': 'past-games' },
        ...games.map((entry) =>
          h(
            'li',
            { class: 'past-game' },
            h('span', { class: 'past-game-date' }, pastGameDate(entry), marked && charts && entry.chances ? h('span', { class: 'past-game-mark', 'data-testid': 'past-chances' }, 'Chances') : null),
            h('span', { class: 'past-game-line' }, pastGameLine(entry)),
            h(
              'button',
              {
                type: 'submit',
                value: `open:${entry.id}`,
                class: 'button button--small',
                'data-testid': 'past-open',
                'aria-label': `${charts && entry.chances ? 'See the chances and review' : 'Review'} the game of ${pastGameDate(entry)}: ${pastGameLine(entry)}`,
              },
              'Review',
            ),
          ),
        ),
      )
    : h('p', { class: 'dialog-note' }, 'No finished games yet. Each game you finish against the computer is kept here, the latest 50.');
  const choice = await showDialog(host, {
    title: 'Past games',
    className: 'dialog--past',
    body: [list, h('p', { class: 'dialog-note', 'data-testid': 'past-note' }, games.length ? note : `Kept on this device, the latest ${PAST_LIMIT}.`)],
    buttons: [{ id: 'close', label: 'Close', primary: true }],
    onSubmit: (id) => {
      if (id.startsWith('open:')) chosen = games.find((g) => `open:${g.id}` === id) ?? null;
      return true;
    },
  });
  return choice.startsWith('open:') ? chosen : null;
}
