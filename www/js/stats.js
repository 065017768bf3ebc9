// @ts-check
// Statistics across games, for the player against the computers: games and
// wins, skunks given and taken, average hand, crib and pegging, best hand.
// They are tallied from the engine's events as each action is applied (never
// on a reload's replay, so nothing counts twice). A game where undo was used
// is practice: its share so far is taken back out, and nothing more counts.
//
// Kept apart per game of the family, computer level, number of players and
// target (a "table": the counters of one kind of game), so a win at Easy
// against one computer never mixes with Expert three-handed, and a reverse
// game (where fewer points is better) never mixes with standard cribbage.
// Stored as { v: 2, tables: { "cribbage/medium/2/121": counters, … } }.
// Statistics from before the split (v1) were all standard cribbage, but
// their level, players and target were not kept: they migrate to one table
// of their own, "cribbage/earlier/0/0".

/** The counters of one table, all zero. */
export const EMPTY_COUNTERS = Object.freeze({
  games: 0,
  wins: 0,
  abandoned: 0,
  skunksGiven: 0,
  skunksTaken: 0,
  hands: 0,
  handPoints: 0,
  handShows: 0,
  cribPoints: 0,
  cribShows: 0,
  pegPoints: 0,
  best: null,
  /** The solitaires: the latest deals' scores, newest first. */
  recent: null,
});

/** How many recent scores a table keeps. */
const RECENT = 10;

/** No statistics at all. */
export const EMPTY_STATS = Object.freeze({ v: 2, tables: Object.freeze({}) });

/** The level of the table that v1 statistics migrate to. */
export const EARLIER = 'earlier';

/**
 * The key of the table a set-up's games count under.
 * @param {{ game?: string, level: string, players: number, target: number }} setup
 * @returns {string}
 */
export function tableKey(setup) {
  return `${setup.game ?? 'cribbage'}/${setup.level}/${setup.players}/${setup.target}`;
}

/**
 * A table key read back.
 * @param {string} key
 * @returns {{ game: string, level: string, players: number, target: number }}
 */
export function parseKey(key) {
  const [game, level, players, target] = key.split('/');
  return { game, level, players: Number(players), target: Number(target) };
}

/** One table's counters as stored, with any missing or malformed field reset. */
function normalizeCounters(value) {
  const out = { ...EMPTY_COUNTERS };
  if (!value || typeof value !== 'object') return out;
  for (const key of Object.keys(EMPTY_COUNTERS)) {
    if (key === 'best') {
      const b = value.best;
      if (b && Number.isInteger(b.points) && Array.isArray(b.cards)) out.best = { points: b.points, cards: b.cards.map(String), starter: String(b.starter) };
    } else if (key === 'recent') {
      if (Array.isArray(value.recent)) out.recent = value.recent.filter(Number.isInteger).slice(0, RECENT);
    } else if (Number.isFinite(value[key]) && value[key] >= 0) {
      out[key] = value[key];
    }
  }
  return out;
}

/**
 * Stats as stored (v2, or v1 migrated), with anything malformed dropped.
 * @param {any} value  Whatever storage held.
 * @returns {{ v: number, tables: Record<string, typeof EMPTY_COUNTERS> }}
 */
export function normalizeStats(value) {
  /** @type {{ v: number, tables: Record<string, any> }} */
  const out = { v: 2, tables: {} };
  if (!value || typeof value !== 'object') return out;
  if (value.v === 1) {
    const old = normalizeCounters(value);
    if (Object.entries(old).some(([key, v]) => (key === 'best' ? v : v > 0))) out.tables[`cribbage/${EARLIER}/0/0`] = old;
  } else if (value.v === 2 && value.tables && typeof value.tables === 'object') {
    for (const [key, counters] of Object.entries(value.tables)) {
      if (/^[a-z-]+\/[a-z]+\/\d\/\d+$/.test(key)) out.tables[key] = normalizeCounters(counters);
    }
  }
  return out;
}

/**
 * The counters of the table a set-up counts under, made if new (changed in place).
 * @param {{ tables: Record<string, any> }} stats
 * @param {{ game?: string, level: string, players: number, target: number }} setup
 */
export function tableFor(stats, setup) {
  const key = tableKey(setup);
  stats.tables[key] ??= { ...EMPTY_COUNTERS };
  return stats.tables[key];
}

/**
 * Adds the events of one action to one table's `counters` (changed in
 * place) for the player in `seat` on `side`.
 * @returns {boolean} whether anything changed
 */
export function tally(counters, events, { seat, side }) {
  let changed = false;
  for (const ev of events) {
    switch (ev.type) {
      case 'starter':
        counters.hands += 1;
        changed = true;
        break;
      case 'show':
        // The points come with the peg that follows (below): in muggins
        // what a hand pegs is the claim, or the true count when an
        // over-claim was called, and a hand of nothing pegs nothing.
        if (ev.seat !== seat) break;
        if (ev.kind === 'hand') {
          counters.handShows += 1;
          if (!counters.best || ev.score.total > counters.best.points) {
            counters.best = { points: ev.score.total, cards: ev.score.hand, starter: ev.score.starter };
          }
        } else {
          counters.cribShows += 1;
        }
        changed = true;
        break;
      case 'pegged':
        if (ev.seat !== seat) break;
        if (ev.reason.why === 'play' || ev.reason.why === 'last') {
          counters.pegPoints += ev.points;
          changed = true;
        } else if (ev.reason.why === 'show') {
          if (ev.reason.kind === 'hand') counters.handPoints += ev.points;
          else counters.cribPoints += ev.points;
          changed = true;
        }
        break;
      case 'recent':
        counters.recent = [ev.score, ...(counters.recent ?? [])].slice(0, RECENT);
        changed = true;
        break;
      case 'game_over':
        counters.games += 1;
        if (ev.winner === side) {
          counters.wins += 1;
          if (ev.skunk !== 'none') counters.skunksGiven += 1;
        } else if (ev.skunk !== 'none') {
          counters.skunksTaken += 1;
        }
        changed = true;
        break;
      default:
    }
  }
  return changed;
}

/**
 * What one game has added to the statistics so far, kept with the game's
 * save, so that the game can be taken out again if it turns into practice.
 * Its table is bound at the game's first tally ({@link tallyGame}).
 * @returns {{ key: string|null, counted: typeof EMPTY_COUNTERS, bestBefore: Record<string, any>|null }}
 */
export function startGameTally() {
  return { key: null, counted: { ...EMPTY_COUNTERS }, bestBefore: null };
}

/**
 * A game's share as saved with it, with anything malformed dropped.
 * @param {any} share  Whatever the save held.
 * @returns {ReturnType<typeof startGameTally>}
 */
export function restoreGameTally(share) {
  if (!share || typeof share !== 'object') return startGameTally();
  const key = typeof share.key === 'string' && /^[a-z-]+\/[a-z]+\/\d\/\d+$/.test(share.key) ? share.key : null;
  const bestBefore = normalizeCounters({ best: share.bestBefore }).best;
  return { key, counted: normalizeCounters(share.counted), bestBefore };
}

/**
 * Adds one action's events to the game's table in `stats` and to the
 * game's own share (both changed in place).
 * @param {{ tables: Record<string, any> }} stats
 * @param {ReturnType<typeof startGameTally>} game
 * @param {{ game?: string, level: string, players: number, target: number }} setup
 * @param {import('../../types/engine.js').GameEvent[]} events
 * @param {{ seat: number, side: number }} who
 * @returns {boolean} whether the statistics changed
 */
export function tallyGame(stats, game, setup, events, who) {
  const table = tableFor(stats, setup);
  if (game.key === null) {
    game.key = tableKey(setup);
    game.bestBefore = table.best;
  }
  tally(game.counted, events, who);
  return tally(table, events, who);
}

/**
 * Takes one game's share back out of `stats` (changed in place): a game
 * where undo was used is practice, and practice is not counted.
 * @param {{ tables: Record<string, any> }} stats
 * @param {ReturnType<typeof startGameTally>} game
 */
export function forgetGame(stats, game) {
  const table = game.key && stats.tables[game.key];
  if (!table) return;
  for (const key of Object.keys(EMPTY_COUNTERS)) {
    if (key === 'best' || key === 'recent') continue;
    const share = Number(game.counted?.[key]) || 0;
    table[key] = Math.max(0, table[key] - share);
  }
  // The best hand is this game's or the one before it: the one before it stands.
  if (game.counted?.best) table.best = game.bestBefore ?? null;
}
