// @ts-check
// One request to the computer players, answered from the engine's exports:
// shared by the worker (ai-worker.js) and the page-thread fallback (ai.js),
// so both answer exactly alike. Every request carries the game's save text
// and a seat: the engine restores the game from the save, makes that seat's
// observation itself, and hands only the observation to the computer
// player's decision code (a review replays the save and weighs each
// decision from the observation its seat had then). The discard analyser's
// request is the one without a save: six cards, whose crib, the scores.
// The chances' request carries a save and no seat: a game's chances are
// read from its public events, the same for every seat.

/**
 * @param {Record<string, any>} engine  The wasm module's exports.
 * @param {{ type: 'decide'|'analyze'|'review'|'discards'|'chances', saveText?: string, seat?: number,
 *           level?: string, seed?: number, cards?: string[], crib?: string,
 *           scores?: { mine: number, theirs: number, target?: number } | null }} request
 */
export function answer(engine, { type, saveText, seat, level, seed = 0, cards, crib, scores = null }) {
  if (type === 'decide') return engine.aiDecide(saveText, seat, level, seed >>> 0);
  if (type === 'analyze') return engine.coachAnalyze(saveText, seat, level, seed >>> 0);
  if (type === 'review') return engine.reviewGame(saveText, seat, level, seed >>> 0);
  if (type === 'discards') return engine.discardAnalysis(cards, crib, scores);
  // Null for a game the engine has no model of chances for.
  if (type === 'chances') return engine.chancesIfModelled(saveText);
  throw new Error(`unknown request: ${type}`);
}
