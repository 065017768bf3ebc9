// @ts-check
// The end of a game laid out on the table (layout.js's games): the panel
// over the table, with the result to copy and share. Loaded when a game
// ends (with lazy.js), not before the first card can be played: none of it
// is needed until then.

import { PRACTICE_NOTE, finalPanel as cribbageFinalPanel } from './ending.js';
import { dateOfSeed } from './daily.js';
import { h } from './dom.js';
import { gameInfo } from './games.js';

/** The result in words: "68: a win", "50: short of 61". */
function resultWords(score, win, double) {
  if (double && score >= double) return `${score}: a double game`;
  return score >= win ? `${score}: a win` : `${score}: short of ${win}`;
}

/**
 * The marks of a shared result, on a scale read at once: the greener, the
 * more points (⬜ none, 🟧 a few, 🟨 good, 🟩 the best). A mark names no
 * card, so it spoils nothing. A line of the square is one hand; a deal of
 * Cribbage Solitaire is a hand and a crib, so its steps are wider.
 */
const SCALES = {
  line: [[12, '🟩', '12 or more'], [6, '🟨', '6 to 11'], [1, '🟧', '1 to 5'], [0, '⬜', 'none']],
  deal: [[20, '🟩', '20 or more'], [10, '🟨', '10 to 19'], [1, '🟧', '1 to 9'], [0, '⬜', 'none']],
};

/** A score's mark on a scale. */
const mark = (scale, n) => scale.find(([least]) => n >= least)[1];

/** The scale in words, for the result and for whoever cannot see the colours: "🟩 12 or more · … · ⬜ none". */
export const scaleKey = (kind) => SCALES[kind].map(([, square, words]) => `${square} ${words}`).join(' · ');

/**
 * The result to share: the game, the deal (its date for a daily deal), the
 * score, and each line's (or deal's) points as marks and numbers.
 * @param {import('../../types/engine.js').Observation} obs  The finished game's observation.
 * @param {string} name  The game's name.
 * @param {string|null} seed
 * @param {import('./games.js').LayoutName} kind  How the game is drawn (layout.js's `layoutOf`): a result by deals, or by a grid's lines.
 * @returns {string}
 */
export function resultText(obs, name, seed, kind) {
  const date = dateOfSeed(seed);
  const outcome = obs.double && obs.score >= obs.double ? 'double game' : obs.score >= obs.win ? 'win' : `under ${obs.win}`;
  const head = `${name} · ${date ?? `deal ${seed}`} · ${obs.score} (${outcome})`;
  if (kind === 'deals') {
    const deals = [];
    // Each deal's hand then crib, then the last four.
    for (let i = 0; i < obs.deals * 2; i += 2) deals.push(obs.counts[i].points + obs.counts[i + 1].points);
    return [head, `Deals ${deals.map((n) => mark(SCALES.deal, n)).join('')} ${deals.join(' ')}`, `Last four ${obs.counts[obs.deals * 2].points}`, scaleKey('deal')].join('\n');
  }
  const totals = obs.count.lines.map((l) => l.score.total);
  const half = totals.length / 2;
  const rows = totals.slice(0, half);
  const cols = totals.slice(half);
  const marks = (list) => list.map((n) => mark(SCALES.line, n)).join('');
  return [head, `Rows ${marks(rows)} ${rows.join(' ')}`, `Columns ${marks(cols)} ${cols.join(' ')}`, ...(obs.count.heels ? ['His heels 2'] : []), scaleKey('line')].join('\n');
}

/**
 * The panel over the table once the deal is over: the score against the
 * win line, the result to copy and share, the deal to replay, the review
 * and the statistics; a race between sides (Table Top) ends as cribbage's.
 * @param {import('../../types/engine.js').Observation} obs  The finished game's observation.
 * @param {ReturnType<typeof import('./layout.js').voiceFor>} voice
 * @param {{ people?: boolean, practice?: boolean, scoreLine?: (scores: number[], voice: Record<string, any>) => string, seed?: string|null, shareable?: boolean }} how
 * @param {import('./games.js').LayoutName} kind  How the game is drawn (layout.js's `layoutOf`).
 */
export function finalPanel(obs, voice, how, kind) {
  // As cribbage's, from the engine's `results` (one game; no skunk, as the engine names none).
  if (!voice.alone) return cribbageFinalPanel(obs, voice, how);
  const { practice = false, seed = null, shareable = false } = how;
  const name = gameInfo(obs.game).title;
  const win = obs.score >= obs.win;
  const title = `${resultWords(obs.score, obs.win, obs.double)}${win ? '!' : '.'}`;
  let text = resultText(obs, name, seed, kind);
  if (shareable && seed !== null) {
    const url = new URL(location.href);
    url.hash = '';
    url.search = `?game=${voice.game}&seed=${seed}`;
    text += `\n${url.href}`;
  }
  const keyId = `share-key-${Math.random().toString(36).slice(2, 8)}`;
  const field = h('textarea', { class: 'lay-share-text', readonly: true, rows: text.split('\n').length, 'aria-label': 'Your result, to share', 'aria-describedby': keyId, 'data-testid': 'share-text' }, text);
  const copy = h('button', { type: 'button', class: 'button', 'data-testid': 'share-copy' }, 'Copy result');
  const said = h('p', { class: 'lay-share-said', role: 'status' });
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text);
      said.textContent = 'Copied.';
    } catch {
      // No clipboard here (a frame, an old browser): the text is selected to copy by hand.
      field.focus();
      field.select();
      said.textContent = 'Selected: copy it with Ctrl+C (⌘C), or share it as it is.';
    }
  });
  const lines = [`${win ? 'You reached' : 'You needed'} ${obs.win}${obs.double ? `; ${obs.double} is a double game` : ''}.`];
  if (practice) lines.push(PRACTICE_NOTE);
  // The marks said in words too: not everyone sees the colours, or the squares.
  const solitaire = kind === 'deals';
  const key = h('p', { class: 'lay-share-key', id: keyId, 'data-testid': 'share-key' }, `To share: ${solitaire ? 'each deal’s' : 'each line’s'} points as a square, the greener the more (${scaleKey(solitaire ? 'deal' : 'line')}), then the points themselves.`);
  /** @type {{ id: string, label: string, primary?: boolean }[]} */
  const actions = [{ id: 'newgame', label: 'New game', primary: true }];
  if (seed !== null) actions.push({ id: 'replay', label: 'Replay this deal' });
  actions.push({ id: 'review', label: 'Review my play' }, { id: 'stats', label: 'Statistics' });
  return { title, lines, actions, tone: win ? 'win' : null, table: h('div', { class: 'lay-share' }, key, field, h('div', { class: 'lay-share-row' }, copy, said)) };
}

