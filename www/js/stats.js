// Statistics across games, for the player against the computers: games and
// wins, skunks given and taken, average hand, crib and pegging, best hand.
// They are tallied from the engine's events as each action is applied (never
// on a reload's replay, so nothing counts twice). A game where undo was used
// is practice: its share so far is taken back out, and nothing more counts.

export const EMPTY_STATS = Object.freeze({
  v: 1,
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
});

/** Stats as stored, with any missing or malformed field reset. */
export function normalizeStats(value) {
  const out = { ...EMPTY_STATS };
  if (value && typeof value === 'object' && value.v === 1) {
    for (const key of Object.keys(EMPTY_STATS)) {
      if (key === 'best') {
        const b = value.best;
        if (b && Number.isInteger(b.points) && Array.isArray(b.cards)) out.best = { points: b.points, cards: b.cards.map(String), starter: String(b.starter) };
      } else if (key !== 'v' && Number.isFinite(value[key]) && value[key] >= 0) {
        out[key] = value[key];
      }
    }
  }
  return out;
}

/**
 * Adds the events of one action to `stats` (changed in place) for the
 * player in `seat` on `side`.
 * @returns {boolean} whether anything changed
 */
export function tally(stats, events, { seat, side }) {
  let changed = false;
  for (const ev of events) {
    switch (ev.type) {
      case 'starter':
        stats.hands += 1;
        changed = true;
        break;
      case 'show':
        if (ev.seat !== seat) break;
        {
          const points = ev.claimed ?? ev.score.total;
          if (ev.kind === 'hand') {
            stats.handPoints += points;
            stats.handShows += 1;
            if (!stats.best || ev.score.total > stats.best.points) {
              stats.best = { points: ev.score.total, cards: ev.score.hand, starter: ev.score.starter };
            }
          } else {
            stats.cribPoints += points;
            stats.cribShows += 1;
          }
          changed = true;
        }
        break;
      case 'pegged':
        if (ev.seat === seat && (ev.reason.why === 'play' || ev.reason.why === 'last')) {
          stats.pegPoints += ev.points;
          changed = true;
        }
        break;
      case 'game_over':
        stats.games += 1;
        if (ev.winner === side) {
          stats.wins += 1;
          if (ev.skunk !== 'none') stats.skunksGiven += 1;
        } else if (ev.skunk !== 'none') {
          stats.skunksTaken += 1;
        }
        changed = true;
        break;
      default:
    }
  }
  return changed;
}

/** Averages for display, to one decimal; null where nothing was counted. */
export function summary(stats) {
  const avg = (points, n) => (n ? Math.round((points / n) * 10) / 10 : null);
  return {
    games: stats.games,
    wins: stats.wins,
    winRate: stats.games ? Math.round((stats.wins / stats.games) * 100) : null,
    abandoned: stats.abandoned,
    skunksGiven: stats.skunksGiven,
    skunksTaken: stats.skunksTaken,
    hand: avg(stats.handPoints, stats.handShows),
    crib: avg(stats.cribPoints, stats.cribShows),
    pegging: avg(stats.pegPoints, stats.hands),
    best: stats.best,
  };
}

/**
 * What one game has added to the statistics so far, kept with the game's
 * save, so that the game can be taken out again if it turns into practice.
 * @param {object} stats  The statistics as the game starts (for the best hand before it).
 * @returns {{ counted: object, bestBefore: object|null }}
 */
export function startGameTally(stats) {
  return { counted: { ...EMPTY_STATS }, bestBefore: stats.best };
}

/**
 * Takes one game's share back out of `stats` (changed in place): a game
 * where undo was used is practice, and practice is not counted.
 * @param {object} stats
 * @param {{ counted: object, bestBefore: object|null }} game  From {@link startGameTally}, tallied as the game went.
 */
export function forgetGame(stats, game) {
  for (const key of Object.keys(EMPTY_STATS)) {
    if (key === 'v' || key === 'best') continue;
    const share = Number(game.counted?.[key]) || 0;
    stats[key] = Math.max(0, stats[key] - share);
  }
  // The best hand is this game's or the one before it: the one before it stands.
  if (game.counted?.best) stats.best = game.bestBefore ?? null;
}
