// @ts-check
// The modules the app loads when first wanted, as one module. Nothing in
// them is needed to deal and play a first hand, so none is on the first
// visit's critical path; the first of them wanted (the show, a dialog, a
// game of the family, the service worker's registration…) brings them all,
// and the service worker precaches this one file. The deployed site bundles it whole (tools/dist.mjs):
// as one file they compress together, about 6 KB gzip smaller than as
// separate modules and shared chunks, each compressed alone.
//
// Load them through later.js, by these names.

export * as advice from './advice.js';
export * as aiLocal from './ai-local.js';
export * as calculator from './calculator.js';
export * as dialogs from './dialogs.js';
export * as ending from './ending.js';
export * as howto from './howto.js';
export * as layout from './layout.js';
export * as pwa from './pwa.js';
export * as show from './show.js';
export * as sound from './sound.js';
export * as threeCard from './three-card.js';
