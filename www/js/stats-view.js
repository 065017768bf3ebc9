// @ts-check
// The statistics as the dialog shows them: each game's whole and its
// tables, with averages. Loaded with the dialogs (dialogs.js), not with
// the page: keeping the counts (stats.js) is all a game in play needs.

import { EARLIER, EMPTY_COUNTERS, parseKey } from './stats.js';

/**
 * Several tables' counters added up (the best hand the best of them).
 * @param {(typeof EMPTY_COUNTERS)[]} list
 */
export function combine(list) {
  const out = { ...EMPTY_COUNTERS };
  for (const counters of list) {
    for (const key of Object.keys(EMPTY_COUNTERS)) {
      if (key === 'best') {
        if (counters.best && (!out.best || counters.best.points > out.best.points)) out.best = counters.best;
      } else if (key === 'recent') {
        if (counters.recent) out.recent = [...(out.recent ?? []), ...counters.recent];
      } else {
        out[key] += counters[key];
      }
    }
  }
  return out;
}

/**
 * One game's statistics for the dialog: the whole, and each table of it
 * (level, players, target) in a steady order.
 * @param {{ tables: Record<string, any> }} stats
 * @param {string} game  A game id.
 * @returns {{ total: ReturnType<typeof summary>, split: (ReturnType<typeof parseKey> & ReturnType<typeof summary>)[] }}
 */
export function gameSummary(stats, game) {
  const LEVELS = [EARLIER, 'easy', 'medium', 'hard', 'expert'];
  const keys = Object.keys(stats.tables)
    .map((key) => ({ key, ...parseKey(key) }))
    .filter((t) => t.game === game)
    .sort((a, b) => LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level) || a.players - b.players || a.target - b.target);
  return {
    total: summary(combine(keys.map((t) => stats.tables[t.key]))),
    split: keys.map((t) => ({ ...parseKey(t.key), ...summary(stats.tables[t.key]) })),
  };
}

/** Averages for display, to one decimal; null where nothing was counted. */
export function summary(counters) {
  const avg = (points, n) => (n ? Math.round((points / n) * 10) / 10 : null);
  return {
    games: counters.games,
    wins: counters.wins,
    winRate: counters.games ? Math.round((counters.wins / counters.games) * 100) : null,
    abandoned: counters.abandoned,
    skunksGiven: counters.skunksGiven,
    skunksTaken: counters.skunksTaken,
    hand: avg(counters.handPoints, counters.handShows),
    crib: avg(counters.cribPoints, counters.cribShows),
    pegging: avg(counters.pegPoints, counters.hands),
    best: counters.best,
    recent: counters.recent ?? [],
  };
}
