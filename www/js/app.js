// The app shell: loads the wasm engine and mounts the current view. Today the
// only view is the hand calculator; the game table will join it.

import init, * as wasm from '../pkg/cribbage.js';
import { createCalculator } from './calculator.js';

const view = document.getElementById('view');
const version = document.getElementById('version');

// The view draws at once; the engine arrives while the player picks cards.
const engine = init().then(() => wasm);

createCalculator(view, { engine });

engine.then(
  () => {
    version.textContent = `Engine ${wasm.version()} (WebAssembly)`;
  },
  (err) => {
    const message = document.createElement('p');
    message.className = 'fatal';
    message.setAttribute('role', 'alert');
    message.textContent = `The scoring engine could not load, so nothing can be counted. ${err.message}`;
    view.prepend(message);
    throw err;
  },
);
