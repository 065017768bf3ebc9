// @ts-check
// The service worker: the whole app from one cache, so it plays offline and
// never runs a mix of two versions.
//
// precache.js is generated at build time (tools/precache.mjs): it sets
// self.PRECACHE = { version, files: [[path, integrity], ...] }, where version
// is a hash of every file's content. Each build therefore gets its own cache
// name, and a changed file changes precache.js, which the browser notices
// (registration uses updateViaCache: 'none') and installs as a new worker.
//
// Lifecycle: install fetches every file, checked against its SRI hash (a
// file from another build is fetched again from the server; if that fails
// too, the install fails and is retried later), into a new cache. The new worker then waits: it takes over when every tab of the old
// version has closed, or when the page posts SKIP_WAITING because the player
// chose "Reload to update". On activation it deletes this scope's old caches
// and claims the open pages (the first install then controls the page at once).

/* global self, caches, PRECACHE */
importScripts('./precache.js');

/** This worker's global scope, typed as the service worker it is. */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const SCOPE = sw.registration.scope;
// Scoped, so two copies of the app on one origin (say /cribbage/ and
// /cribbage-beta/) never delete each other's caches.
const CACHE_PREFIX = `cribbage ${SCOPE} `;
const CACHE = CACHE_PREFIX + PRECACHE.version;
const INDEX = new URL('index.html', SCOPE).href;
const PRECACHED = new Set(PRECACHE.files.map(([path]) => new URL(path, SCOPE).href));

sw.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') sw.skipWaiting();
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  url.search = '';
  url.hash = '';
  if (url.href === SCOPE) url.href = INDEX;
  if (PRECACHED.has(url.href)) {
    event.respondWith(fromCache(url.href, request));
  } else if (request.mode === 'navigate' && url.href.startsWith(SCOPE)) {
    // A page we do not precache (the benchmark, the embed demo): the network,
    // or the app itself when offline.
    event.respondWith(fetch(request).catch(() => fromCache(INDEX, request)));
  }
});

async function precache() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(
      PRECACHE.files.map(async ([path, integrity]) => {
        const url = new URL(path, SCOPE).href;
        const response = await fetchChecked(url, integrity);
        if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
        await cache.put(url, await unredirected(response));
      }),
    );
  } catch (err) {
    // Nothing half-made is left behind; the install fails and is tried again later.
    await caches.delete(CACHE);
    throw err;
  }
}

/**
 * The file, checked against its hash. First through the HTTP cache, so a
 * first visit does not download twice what the page has just loaded (the
 * page itself came as the folder's URL, so index.html is asked for by that);
 * if that copy is from another build (the check fails) or the host does not
 * serve the folder, straight from the server.
 */
async function fetchChecked(url, integrity) {
  try {
    return await fetch(url === INDEX ? SCOPE : url, { integrity });
  } catch {
    return fetch(url, { cache: 'reload', integrity });
  }
}

/** The cached copy; the network only if the browser evicted the cache. */
async function fromCache(url, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(url);
  if (hit) return hit;
  return fetch(request);
}

/** Some hosts redirect index.html to its folder; a redirected response cannot answer a navigation. */
async function unredirected(response) {
  if (!response.redirected) return response;
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
