// @ts-check
// The computer players on the page's own thread: what the worker
// (ai-worker.js) answers, computed here when no worker can run (a page
// from file://, a blocked script, the single-file build). Loaded only then.

import { answer } from './ai-answer.js';
import { loadEngine } from './engine.js';

/**
 * Answers one request as the worker would, from the engine of its game.
 * @param {Parameters<typeof answer>[1] & { game?: string }} request  As ai.js sends the worker.
 * @returns {Promise<unknown>}
 */
export async function run(request) {
  const engine = await loadEngine(request.game);
  // A turn of the event loop first, so the page paints what it was showing.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return answer(engine, request);
}
