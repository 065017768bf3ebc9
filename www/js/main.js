// The page's entry (index.html): mounts the app in #view, shows the engine's
// version in the footer, and makes the page an installable app that works
// offline (js/pwa.js). The embeddable element and the single-file build mount
// the same app without this file.

import { mountApp } from './app.js';
import { version } from '../pkg/cribbage.js';
import { registerServiceWorker } from './pwa.js';

const status = document.getElementById('version');

mountApp(document.getElementById('view'), { view: 'calculator' }).then(
  () => {
    status.textContent = `Engine ${version()} (WebAssembly)`;
  },
  (err) => {
    status.textContent = 'The engine could not load';
    throw err;
  },
);

registerServiceWorker();
