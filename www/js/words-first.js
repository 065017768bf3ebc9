// @ts-check
// The words the table says before the first play: the deal, the cut for
// deal, a lay-away, and the prompts the table's view needs at any decision
// (numbers in words, a capital letter). Everything told after the first
// play is words.js's, which builds on these and is loaded later (with
// telling.js) on the page's first visit: only wording lives in either.

import { cardName } from './cards.js';

const SMALL = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** A number in words, as a count is called: 22 → "twenty-two". */
export function numberWords(n) {
  if (n < 20) return SMALL[n];
  if (n < 100) return TENS[Math.floor(n / 10)] + (n % 10 ? `-${SMALL[n % 10]}` : '');
  return String(n);
}

/** First letter up. */
export function capital(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/**
 * A game's skunk as the engine names it (a result's `skunk`), in words:
 * "a skunk", "a double skunk", or '' for none.
 * @param {string} skunk
 */
export const skunkWords = (skunk) => (skunk === 'double' ? 'a double skunk' : skunk === 'skunk' ? 'a skunk' : '');

/**
 * What a game won counted toward a match when it counted more than one (a
 * skunk's two, a double skunk's three: the engine's `games`), in words:
 * "a skunk, which counts two games"; '' for a game that counted one.
 * @param {{ skunk?: string, games?: number }} result  A result, or the `game_over` event that is one.
 */
export function countedWords({ skunk = 'none', games = 1 }) {
  if (!(games > 1)) return '';
  const named = skunkWords(skunk);
  return `${named || 'a game'}, which counts ${numberWords(games)} games`;
}

/** "1 point", "3 points". */
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * An event in words, as the table tells it.
 * @typedef {object} Told
 * @property {string} text  The words.
 * @property {boolean} [score]  A score: said as one, and kept from the speech bubbles.
 * @property {boolean} [quiet]  Said, but left out of the log (it is on the board).
 * @property {{ seat: number, words: string }} [say]  What the player says, in their speech bubble.
 * @property {boolean} [folded]  The next event (its peg) is told in these words too.
 */

/**
 * @typedef {object} Voice  Who is who, for the wording.
 * @property {(seat: number) => string} name   "Ada", or "You" for the viewer.
 * @property {(seat: number) => boolean} isYou  Whether to say "you".
 * @property {(side: number) => string} sideName  "You", "Ada", "You and Cleo".
 * @property {(side: number) => boolean} sideIsYou
 * @property {boolean} [match]  A best-of-three match.
 * @property {{ target: number, goal?: string } | null} [rules]  The engine's rules: in
 *   reverse cribbage (goal "avoid") the results say who reached the target.
 */

/** Whether reaching the target loses: the engine's rules say so. */
export const avoiding = (voice) => voice.rules?.goal === 'avoid';

/**
 * The prompt for a muggins claim: count, then claim. What a miss costs
 * depends on the game: in reverse cribbage a called miss is pegged to you.
 * @param {string} whose  "your hand" or "your crib".
 * @param {Voice} voice
 * @returns {string}
 */
export function claimPrompt(whose, voice) {
  const miss = avoiding(voice)
    ? 'If you miss points, an opponent may call muggins and peg them to you.'
    : 'If your count is wrong, an opponent may call muggins and take the difference.';
  return `Count ${whose} with the starter, then claim it. ${miss}`;
}

/**
 * The prompt when an opponent's claim may be called. Nothing in it tells
 * whether the claim is right: the player counts the cards.
 * @param {string} name  Who claimed.
 * @param {number} claimed
 * @param {Voice} voice
 * @returns {string}
 */
export function mugginsPrompt(name, claimed, voice) {
  const then = avoiding(voice)
    ? `Count the cards: if points were missed, call muggins with the true count and they are pegged to ${name}; or let it stand.`
    : 'Count the cards: if that is wrong, call muggins with the true count; or let it stand.';
  return `${name} claims ${claimed}. ${then}`;
}

/** The events told before the first play: {@link describeFirst} words them. */
export const FIRST_TOLD = new Set(['new_game', 'cut_for_deal', 'deal', 'laid_away']);

/**
 * Words for one of the events told before the first play ({@link FIRST_TOLD});
 * null for any other (words.js's `describe` words every event).
 * @param {import('../../types/engine.js').GameEvent} ev
 * @param {Voice} voice
 * @returns {Told | null}
 */
export function describeFirst(ev, voice) {
  const subject = (seat) => (voice.isYou(seat) ? 'you' : voice.name(seat));
  const Subject = (seat) => capital(subject(seat));
  const verb = (seat, base, third = `${base}s`) => (voice.isYou(seat) ? base : third);
  switch (ev.type) {
    case 'new_game':
      return ev.game > 1 ? { text: `Game ${ev.game} of the match begins.` } : null;
    case 'cut_for_deal': {
      const cuts = ev.cuts.map((c) => `${Subject(c.seat)} ${verb(c.seat, 'cut')} the ${cardName(c.card)}`).join('; ');
      const outcome =
        ev.dealer === null || ev.dealer === undefined
          ? 'A tie: cut again.'
          : `${Subject(ev.dealer)} ${verb(ev.dealer, 'deal')} first.`;
      return { text: `${cuts}. ${outcome}` };
    }
    case 'deal':
      return { text: `Hand ${ev.hand}: ${subject(ev.dealer)} ${verb(ev.dealer, 'deal')}, and the crib is ${voice.isYou(ev.dealer) ? 'yours' : `${voice.name(ev.dealer)}’s`}.` };
    case 'laid_away':
      return { text: `${Subject(ev.seat)} ${verb(ev.seat, 'lay')} away ${ev.cards === 1 ? 'a card' : `${numberWords(ev.cards)} cards`}.` };
    default:
      return null;
  }
}
