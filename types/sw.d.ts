// What precache.js (written by tools/precache.mjs) defines for the service worker.

/** Every file the app needs, each with its SRI hash, and the build's version. */
declare const PRECACHE: { version: string; files: [string, string][] };
