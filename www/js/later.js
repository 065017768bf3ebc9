// @ts-check
// How the app reaches the modules it loads when first wanted (lazy.js).

/**
 * One of the modules of lazy.js, by its name there; the first call loads
 * them all.
 * @template {keyof typeof import('./lazy.js')} K
 * @param {K} name
 * @returns {Promise<(typeof import('./lazy.js'))[K]>}
 */
export const later = (name) => import('./lazy.js').then((modules) => modules[name]);
