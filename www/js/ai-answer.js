// One request to the computer players, answered from the engine's exports:
// shared by the worker (ai-worker.js) and the page-thread fallback (ai.js),
// so both answer exactly alike. Only what a seat may know goes in: an
// observation's JSON, or a finished game's save for the review.

/**
 * @param {object} engine  The wasm module's exports.
 * @param {{ type: 'decide'|'analyze'|'review', observationJson?: string, saveText?: string,
 *           seat?: number, level: string, seed?: number }} request
 */
export function answer(engine, { type, observationJson, saveText, seat, level, seed = 0 }) {
  if (type === 'decide') return engine.aiDecide(observationJson, level, seed >>> 0);
  if (type === 'analyze') return engine.coachAnalyze(observationJson, level, seed >>> 0);
  if (type === 'review') return engine.reviewGame(saveText, seat, level, seed >>> 0);
  throw new Error(`unknown request: ${type}`);
}
