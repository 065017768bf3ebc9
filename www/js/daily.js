// @ts-check
// The daily deal of the solitaires: everyone who plays on the same day gets
// the same cards. The seed is the player's local date written as a number,
// YYYYMMDD (24 November 2026 is 20261124): no server, and the same deal in
// every time zone on the same calendar date, whenever that date falls there.
// A random seed is a 64-bit number, so it is never mistaken for a date.

/**
 * Today's deal, as the seed string the engine takes.
 * @param {Date} [now]
 * @returns {string}
 */
export function dailySeed(now = new Date()) {
  return `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * The date a daily seed is the deal of ("2026-11-24"), or null for any other seed.
 * @param {string|null} seed
 * @returns {string|null}
 */
export function dateOfSeed(seed) {
  const m = /^(\d{4})(\d\d)(\d\d)$/.exec(String(seed));
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return date.getDate() === Number(m[3]) && date.getMonth() === Number(m[2]) - 1 ? `${m[1]}-${m[2]}-${m[3]}` : null;
}
