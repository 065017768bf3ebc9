// @ts-check
// The end of a game: the panel over the table with the result, the deal to
// play again and the link that deals it. Loaded when a game ends (play.js),
// not before the first card can be played: none of it is needed until then.

import { isMatch, matchLine } from './view.js';
import { capital, resultTitle } from './words.js';
import { skunkWords } from './words-first.js';

/**
 * The panel over the table once the game (or match) is over, or null before.
 * @param {import('../../types/engine.js').Observation} obs
 * @param {import('./words.js').Voice} voice
 * @param {{ people?: boolean, practice?: boolean, scoreLine?: (scores: number[], voice: import('./words.js').Voice) => string, seed?: string|null, shareable?: boolean, chances?: boolean }} how
 *   `seed`: the deal's, offered to play again; `shareable`: a link to it can be copied;
 *   `chances`: the chart of the chances through the game is offered (the engine has them, and Settings show them).
 * @returns {{ title: string, lines: string[], actions: Record<string, any>[], tone: string|null } | null}
 */
export function finalPanel(obs, voice, { people, practice = false, scoreLine, seed = null, shareable = false, chances = false }) {
  const last = obs.results.at(-1);
  if (!last) return null;
  const won = voice.sideIsYou(obs.winner ?? last.winner);
  const named = skunkWords(last.skunk);
  const skunk = named ? ` ${capital(named)}!` : '';
  const match = isMatch(obs);
  const winner = obs.winner ?? last.winner;
  const heading = resultTitle({ ...last, winner }, voice, { match });
  // A game won by reaching the target reads as players say it: "You win, 121 to 96".
  // The scores as the board shows them (the engine's `shown`: stopped in the game hole).
  const loser = Math.max(...last.shown.filter((_, side) => side !== winner));
  const title = match || obs.board.goal === 'avoid' ? heading : `${heading}, ${last.shown[winner]} to ${loser}`;
  const lines = [`${scoreLine(last.shown, voice)}.${skunk}`, match ? matchLine(obs, voice) : `${last.hands} hands.`];
  if (practice) lines.push(PRACTICE_NOTE);
  // The deal, to play again or share: the seed gives the same cards and the same cuts.
  if (seed !== null) lines.push(`Deal ${seed}.`);
  /** @type {{ id: string, label: string, primary?: boolean }[]} */
  const actions = [{ id: 'newgame', label: 'New game', primary: true }];
  if (seed !== null) actions.push({ id: 'replay', label: 'Play this deal again' });
  if (seed !== null && shareable) actions.push({ id: 'copylink', label: 'Copy link' });
  if (chances) actions.push({ id: 'chances', label: people ? 'The chances, charted' : 'Your chances, charted' });
  if (!people) actions.push({ id: 'review', label: 'Review my play' });
  actions.push({ id: 'stats', label: 'Statistics' });
  return { title, lines, actions, tone: won ? 'win' : null };
}

/** What the table says of a game where undo was used. */
export const PRACTICE_NOTE = 'A practice game: undo was used, so it is not counted in your statistics.';

/**
 * The address that deals `seed` again with `setup`: this page's, with the
 * set-up in the query main.js reads.
 * @param {string} here  The page's address.
 * @param {Record<string, any>} setup
 * @param {string} seed
 * @returns {string}
 */
export function dealLink(here, setup, seed) {
  const url = new URL(here);
  url.hash = '';
  url.search = '';
  const query = { game: setup.game, seed, players: setup.players, target: setup.target, level: setup.level, counting: setup.counting, match: setup.match, mode: setup.mode, cut: setup.cut === 'by_hand' ? 'by_hand' : undefined };
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  return url.href;
}
