// @ts-check
// The page's entry: mounts the app on #app, with options from the address
// (?game=, ?seed=, ?players=, ?target=, ?level=, ?counting=, ?match=, ?mode=,
// ?cut=, ?speed=, ?theme=, ?layout=) and the view from the hash (#calculator), and makes the page an
// installable app that works offline (js/pwa.js, in js/lazy.js). The embeddable element and
// the single-file build mount the same app without this file.

import { mountApp } from './app.js';
import { later } from './later.js';

const params = new URLSearchParams(location.search);
/** @type {Record<string, any>} The address's options, as text: mountApp reads and checks each. */
const options = {};
for (const key of ['game', 'level', 'target', 'players', 'theme', 'seed', 'counting', 'match', 'mode', 'cut', 'speed', 'layout']) {
  if (params.has(key)) options[key] = params.get(key);
}
options.view = location.hash === '#calculator' ? 'calculator' : 'game';
// This page reads its address: a finished deal can be shared as a link to it.
options.links = true;
// The page is the app's: its keyboard shortcuts work with the focus anywhere on it.
options.pageKeys = true;
options.onEvent = (name, detail) => {
  if (name === 'turn' || name === 'gameover') soon();
  // A solitaire's deal in the address (?game=…&seed=…): the link deals it again.
  if (name === 'deal') {
    const url = new URL(location.href);
    url.searchParams.set('game', detail.game);
    url.searchParams.set('seed', detail.seed);
    history.replaceState(null, '', url);
  }
  if (name !== 'view') return;
  const hash = detail.view === 'calculator' ? '#calculator' : '';
  if (location.hash !== hash) history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
};

mountApp(document.getElementById('app'), options);

// The service worker (and its module) is for the next visit and for
// offline play, nothing this one needs: it registers a moment after the
// game first waits for the player (or ends), so none of it competes with
// what the first play needs; and after a while in any case (a page where
// another tab holds the game never gets a turn).
let registered = false;
function register() {
  if (registered) return;
  registered = true;
  later('pwa').then(({ registerServiceWorker }) => registerServiceWorker());
}
const soon = () => setTimeout(register, 1500);
setTimeout(register, 8000);
