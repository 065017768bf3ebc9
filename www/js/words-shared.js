// @ts-check
// Words the family's faces and the show panel say from their first frame
// and words.js says later: a show's label and its cadence (Noddy's
// announcements are shown before the first card).
// Apart from words-first.js because standard cribbage's first play says
// none of them, so its first path does not carry them.

/** @typedef {import('./words-first.js').Voice} Voice */

// --- The show's words (here so that the log has them without the show's module) ---

/**
 * "Your hand", "Ada’s crib".
 * @param {import('./words.js').Voice} voice
 * @param {number} seat
 * @param {'hand'|'crib'} kind
 * @returns {string}
 */
export function showLabel(voice, seat, kind) {
  return `${voice.isYou(seat) ? 'Your' : `${voice.name(seat)}’s`} ${kind === 'crib' ? 'crib' : 'hand'}`;
}

/**
 * The count as a player says it, from the engine's phrases: "fifteen two,
 * fifteen four and a pair is six", or the nineteen of an empty hand.
 * @param {{ phrase: string }[]} steps
 * @returns {string}
 */
export function cadenceOf(steps) {
  return steps.length ? steps.map((st) => st.phrase).join(', ') : 'nineteen: not a point to count';
}
