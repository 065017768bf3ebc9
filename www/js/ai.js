// The computer players' side of the page: a Web Worker that loads the same
// wasm engine and answers with action text. It is handed only one seat's
// observation (as JSON), never the game, so a computer player cannot see a
// card its seat does not know.

/**
 * Starts the worker.
 * Seeds are whole numbers below 2³²: the same observation, level and seed
 * always give the same decision.
 * @returns {{ decide(observationJson: string, level: string, seed: number): Promise<string>,
 *             analyze(observationJson: string, level: string, seed?: number): Promise<object>,
 *             review(saveText: string, seat: number, level: string, seed?: number): Promise<object>,
 *             destroy(): void }}
 */
export function createAi() {
  const worker = new Worker(new URL('./ai-worker.js', import.meta.url), { type: 'module', name: 'cribbage-ai' });
  let nextId = 1;
  const pending = new Map();
  let broken = null;

  const onMessage = ({ data }) => {
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    if (data.error) call.reject(new Error(data.error));
    else call.resolve(data.result);
  };
  const onError = (event) => {
    event.preventDefault?.();
    broken = new Error(`the computer players could not start: ${event.message || 'the worker failed to load'}`);
    for (const call of pending.values()) call.reject(broken);
    pending.clear();
  };
  worker.addEventListener('message', onMessage);
  worker.addEventListener('error', onError);

  function call(type, args) {
    if (broken) return Promise.reject(broken);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, type, ...args });
    });
  }

  return {
    decide: (observationJson, level, seed) => call('decide', { observationJson, level, seed }),
    analyze: (observationJson, level, seed = 0) => call('analyze', { observationJson, level, seed }),
    review: (saveText, seat, level, seed = 0) => call('review', { saveText, seat, level, seed }),
    destroy() {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      worker.terminate();
      for (const call of pending.values()) call.reject(new Error('stopped'));
      pending.clear();
    },
  };
}
