// @ts-check
// How the app reaches the modules it loads when first wanted. What a game
// needs before its first play (its face, cribbage-face.js, layout.js or
// three-card.js, and the show panel, which Noddy's announcements open
// before the first card) is loaded module by module, so a game opened by
// its link waits for its own face alone; the rest (the dialogs, the
// calculator, the sound…) comes all at once, as lazy.js.

/** The modules loaded each on its own, by their names here. */
const OWN = {
  cribbage: () => import('./cribbage-face.js'),
  layout: () => import('./layout.js'),
  show: () => import('./show.js'),
  telling: () => import('./telling.js'),
  threeCard: () => import('./three-card.js'),
};

/**
 * @typedef {typeof import('./lazy.js') & {
 *   cribbage: typeof import('./cribbage-face.js'),
 *   layout: typeof import('./layout.js'),
 *   show: typeof import('./show.js'),
 *   telling: typeof import('./telling.js'),
 *   threeCard: typeof import('./three-card.js'),
 * }} Later
 */

/**
 * One of the modules loaded when first wanted, by its name in OWN or
 * lazy.js; the first call for one of lazy.js's loads them all.
 * @template {keyof Later} K
 * @param {K} name
 * @returns {Promise<Later[K]>}
 */
export const later = (name) =>
  /** @type {Promise<any>} */ (Object.hasOwn(OWN, name) ? OWN[/** @type {keyof typeof OWN} */ (name)]() : import('./lazy.js').then((modules) => modules[/** @type {keyof typeof import('./lazy.js')} */ (name)]));
