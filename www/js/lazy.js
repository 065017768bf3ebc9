// @ts-check
// The modules the app loads when first wanted, as one module. Nothing in
// them is needed to deal and play a first hand, so none is on the first
// visit's critical path; the first of them wanted (a dialog, the sound, the
// service worker's registration…) brings them all, and the service worker
// precaches this one file. The deployed site bundles it whole
// (tools/dist.mjs): as one file they compress together, about 6 KB gzip
// smaller than as separate modules and shared chunks, each compressed
// alone. What a game of the family needs before its first play (its face
// and the show panel) is not among them: later.js loads it module by module.
//
// Load them through later.js, by these names.

export * as advice from './advice.js';
export * as aiLocal from './ai-local.js';
export * as calculator from './calculator.js';
export * as chart from './chart.js';
export * as commands from './commands.js';
export * as dialogs from './dialogs.js';
export * as ending from './ending.js';
export * as layoutEnding from './layout-ending.js';
export * as howto from './howto.js';
export * as pastGames from './past-games.js';
export * as pwa from './pwa.js';
export * as sound from './sound.js';
export * as tableLater from './table-later.js';
