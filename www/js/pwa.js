// @ts-check
// Installable and offline: registers the service worker (sw.js) and offers
// updates without ever interrupting a game. A new version installs in the
// background and waits; the page then offers "Reload to update", and only the
// player's click lets it take over (otherwise it takes over at the next start,
// once every tab of the old version has closed). Page-level only: the
// <cribbage-game> element never registers a worker on a site that embeds it.

import { h } from './dom.js';

const WORKER_URL = new URL('../sw.js', import.meta.url);

/**
 * Registers the worker once the page has loaded, so its precaching never
 * competes with the first paint. Does nothing where service workers are not
 * available (file://, plain http on a public host, a blocked browser).
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const start = () => {
    // 'none': the worker's imported precache list must never come from the HTTP cache.
    // (A browser that blocks workers may answer with no registration at all.)
    navigator.serviceWorker.register(WORKER_URL, { updateViaCache: 'none' }).then((registration) => registration && watch(registration), () => {
      // No offline support this time (storage disabled, private mode…): the app works as before.
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** @param {ServiceWorkerRegistration} registration */
function watch(registration) {
  const sw = navigator.serviceWorker;
  // The first install claims this page: a change of controller then is no update.
  let controlled = Boolean(sw.controller);
  let applying = false;

  const offer = (worker) =>
    showBanner('A new version of Cribbage is ready.', 'Reload to update', () => {
      applying = true;
      worker.postMessage({ type: 'SKIP_WAITING' });
    });

  if (registration.waiting && controlled) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && sw.controller) offer(worker);
    });
  });
  sw.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (applying) {
      window.location.reload();
      return;
    }
    // Another tab applied the update. This one keeps its game (its code is
    // all loaded); it reloads when the player says so.
    showBanner('Cribbage was updated in another tab.', 'Reload now', () => window.location.reload());
  });
}

let banner = null;

/** A polite, dismissable notice at the foot of the screen. */
function showBanner(text, action, onAction) {
  banner?.remove();
  const message = h('p', { class: 'update-text' });
  const apply = h('button', { type: 'button', class: 'button update-apply' }, action);
  const later = h('button', { type: 'button', class: 'button button--quiet update-later' }, 'Not now');
  const aside = h('aside', { class: 'update-banner felt', 'aria-label': 'Update' }, message, h('div', { class: 'update-actions' }, apply, later));
  banner = aside;
  apply.addEventListener('click', () => {
    apply.disabled = true;
    onAction();
  });
  later.addEventListener('click', () => aside.remove());

  // Inside the app's root, where its colours and button styles apply (the
  // banner's own styles are in css/base.css).
  (document.querySelector('.cribbage') ?? document.body).append(aside);
  // Filled after insertion, so screen readers announce it as a status.
  message.setAttribute('role', 'status');
  requestAnimationFrame(() => {
    message.textContent = text;
  });
}
