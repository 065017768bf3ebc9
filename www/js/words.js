// @ts-check
// The engine's events in words: what the table says aloud (the screen
// reader's live region, the log, the players' speech bubbles). Only wording
// lives here: every point, count and card comes from the event itself. The
// words of what comes before the first play are words-first.js's (on the
// page's first path); these build on them.

import { cardName } from './cards.js';
import { FIRST_TOLD, avoiding, capital, claimPrompt, countedWords, describeFirst, mugginsPrompt, numberWords, plural, skunkWords } from './words-first.js';
import { cadenceOf, showLabel } from './words-shared.js';

export { cadenceOf, capital, claimPrompt, mugginsPrompt, numberWords, showLabel };
/** @typedef {import('./words-first.js').Told} Told */
/** @typedef {import('./words-first.js').Voice} Voice */

const PAIR_NAMES = { 2: 'a pair', 6: 'a pair royal', 12: 'a double pair royal' };

/**
 * What a player calls when laying a card: "fifteen two", "twenty-two",
 * "thirty-one for two, and a run of three is five".
 * @param {number} count  The count after the card.
 * @param {{ fifteen: number, thirty_one: number, pairs: number, run: number } | null} scored
 *   The engine's reason for the points, when the card scored.
 */
export function playCall(count, scored) {
  if (!scored) return numberWords(count);
  const extras = [];
  if (scored.pairs) extras.push([PAIR_NAMES[scored.pairs] ?? 'pairs', scored.pairs]);
  if (scored.run) extras.push([`a run of ${numberWords(scored.run)}`, scored.run]);
  const head = scored.fifteen ? 'fifteen two' : scored.thirty_one ? 'thirty-one for two' : null;
  if (head) {
    let running = 2;
    let phrase = head;
    for (const [name, points] of extras) {
      running += points;
      phrase += `, and ${name} is ${numberWords(running)}`;
    }
    return phrase;
  }
  const points = extras.reduce((sum, [, p]) => sum + p, 0);
  return `${numberWords(count)} for ${numberWords(points)}: ${extras.map(([name]) => name).join(' and ')}`;
}

/** "win" or "wins", for a side. */
function sideVerbOf(voice, side, base, third = `${base}s`) {
  return voice.sideIsYou(side) || voice.sideName(side).includes(' and ') ? base : third;
}

/**
 * One game's result as its heading: "You win", or in reverse cribbage "You
 * win: Ada reached 121 first" (three players: "Ben wins with the fewest
 * points: you reached 61 first").
 * @param {import('../../types/engine.js').GameEvent | { winner: number, scores: number[], reached?: number }} result  The engine's game result.
 * @param {Voice} voice
 * @param {{ match?: boolean }} [options]  `match`: the heading of a finished match.
 * @returns {string}
 */
export function resultTitle(result, voice, { match = false } = {}) {
  const name = voice.sideName(result.winner);
  const head = `${name} ${sideVerbOf(voice, result.winner, 'win')}${match ? ' the match' : ''}`;
  // A match's heading is the match's; who reached the target is the last game's story.
  return avoiding(voice) && !match ? `${head}${reachedWords(result, voice)}` : head;
}

/** ": Ada reached the target first" (its number, from the rules), with "with the fewest points" where the engine chose the winner so (`by_fewest`: two could have won). */
function reachedWords(result, voice) {
  if (result.reached === undefined || result.reached === null) return '';
  const fewest = result.by_fewest === true ? ' with the fewest points' : '';
  const who = voice.sideIsYou(result.reached) ? 'you' : voice.sideName(result.reached);
  return `${fewest}: ${who} reached ${voice.rules.target} first`;
}

/**
 * Who pegs what in a muggins call, as the show's note says it: "Muggins!
 * Ada takes 3." In reverse cribbage the missed points go to the player who
 * missed them: "Muggins! Ada pegs the 3 missed."
 * @param {import('../../types/engine.js').GameEvent} ev  A pegged event (reason muggins): its seat, points, and the reason's `from` and `penalty`.
 * @param {Voice} voice
 * @returns {string}
 */
export function mugginsNote(ev, voice) {
  const you = voice.isYou(ev.seat);
  const who = you ? 'You' : voice.name(ev.seat);
  if (ev.reason.from === ev.seat) return `Muggins! ${who} ${you ? 'peg' : 'pegs'} the ${ev.points} missed.`;
  const what = ev.reason.penalty ? ' claimed too many' : '';
  return `Muggins! ${who} ${you ? 'take' : 'takes'} ${ev.points}${what}.`;
}

/**
 * What a muggins call says: "Ada calls muggins: 14." and, when the count
 * named is not the true one, that it was wrong; that the claim stands only
 * once the engine shows the count next (nobody is left to call it). With
 * three or four players a wrong call passes the claim to the other
 * opponent, who may still call it: "the claim stands" there was said just
 * before that opponent took the points.
 * @param {import('../../types/engine.js').GameEvent} ev  A called event: its seat, the count `named`, and whether it was `right`.
 * @param {Voice} voice
 * @param {import('../../types/engine.js').GameEvent} [next]  The event after it, if the engine has sent it: the show when the claim is settled.
 * @returns {string}
 */
export function callNote(ev, voice, next) {
  const you = voice.isYou(ev.seat);
  const said = `${you ? 'You call' : `${voice.name(ev.seat)} calls`} muggins: ${ev.named}.`;
  if (ev.right) return said;
  return next?.type === 'show' ? `${said} Wrong: the claim stands.` : `${said} Wrong.`;
}

/**
 * Words for one event.
 * @param {import('../../types/engine.js').GameEvent} ev  An engine event (`type` in snake_case).
 * @param {Voice} voice
 * @param {import('../../types/engine.js').GameEvent} [next]  The event after it, to fold a card's points into its call.
 * @returns {Told | null}
 *   `folded` means the next event is already told here.
 */
export function describe(ev, voice, next) {
  const subject = (seat) => (voice.isYou(seat) ? 'you' : voice.name(seat));
  const Subject = (seat) => capital(subject(seat));
  const verb = (seat, base, third = `${base}s`) => (voice.isYou(seat) ? base : third);
  const possessive = (seat) => (voice.isYou(seat) ? 'your' : `${voice.name(seat)}’s`);
  const sideVerb = (side, base, third = `${base}s`) =>
    voice.sideIsYou(side) || voice.sideName(side).includes(' and ') ? base : third;

  if (FIRST_TOLD.has(ev.type)) return describeFirst(ev, voice);
  switch (ev.type) {
    case 'starter':
      return { text: `${Subject(ev.cutter)} ${verb(ev.cutter, 'cut')}: the starter is the ${cardName(ev.card)}.` };
    case 'played': {
      const scored = next?.type === 'pegged' && next.reason.why === 'play' && next.reason.card === ev.card ? next.reason : null;
      const call = playCall(ev.count, scored);
      return {
        text: `${Subject(ev.seat)} ${verb(ev.seat, 'play')} the ${cardName(ev.card)}: ${call}.`,
        say: { seat: ev.seat, words: capital(call) },
        folded: Boolean(scored),
        score: Boolean(scored),
      };
    }
    case 'go':
      return { text: `${Subject(ev.seat)} ${verb(ev.seat, 'say')} go.`, say: { seat: ev.seat, words: 'Go' } };
    case 'count_reset':
      if (ev.leader === null || ev.leader === undefined) return { text: 'The play is over.' };
      return { text: `The count goes back to zero; ${subject(ev.leader)} ${verb(ev.leader, 'lead')}.` };
    case 'claimed': {
      const whose = ev.kind === 'crib' ? `${possessive(ev.seat)} crib` : `${possessive(ev.seat)} hand`;
      return { text: `${Subject(ev.seat)} ${verb(ev.seat, 'claim')} ${plural(ev.claimed, 'point')} for ${whose}.`, say: { seat: ev.seat, words: `${ev.claimed}` } };
    }
    case 'called':
      return { text: callNote(ev, voice, next), say: { seat: ev.seat, words: `Muggins! ${ev.named}` } };
    case 'show':
      // The cadence itself is told as the count is shown (see show.js).
      return null;
    case 'accepted':
      return { text: `${Subject(ev.seat)} ${verb(ev.seat, 'let')} ${possessive(ev.from)} claim stand.` };
    case 'pegged':
      return pegWords(ev, { Subject, subject, verb, possessive });
    case 'hand_over':
      return { text: `The hand is over. ${scoreLine(ev.scores, voice)}.` };
    case 'game_over': {
      // In a match a skunk says what it counts toward it ("a skunk, which counts two games").
      const counted = voice.match ? countedWords({ skunk: ev.skunk, games: ev.games }) : '';
      const named = skunkWords(ev.skunk);
      const skunk = counted ? `: ${counted}.` : named ? `: ${named}!` : '.';
      if (avoiding(voice)) {
        // Reverse: the result is who reached the target, and the scores in full (three may be close).
        const heading = resultTitle(ev, voice);
        const which = voice.match ? `Game ${ev.game}: ` : '';
        return { text: `${which}${heading} (${scoreLine(ev.shown, voice)})${skunk}` };
      }
      // The scores as the board shows them (the engine's `shown`: stopped in the game hole).
      const loser = Math.max(...ev.shown.filter((_, side) => side !== ev.winner));
      const name = voice.sideName(ev.winner);
      const which = voice.match ? ` game ${ev.game}` : '';
      return {
        text: `${name} ${sideVerb(ev.winner, 'win')}${which}, ${ev.shown[ev.winner]} to ${loser}${skunk}`,
      };
    }
    case 'match_over': {
      if (!voice.match) return null;
      const name = voice.sideName(ev.winner);
      const others = Math.max(...ev.games.filter((_, side) => side !== ev.winner));
      return { text: `${name} ${sideVerb(ev.winner, 'win')} the match, ${ev.games[ev.winner]} games to ${others}.` };
    }
    default:
      return null;
  }
}

function pegWords(ev, { Subject, subject, verb, possessive }) {
  const r = ev.reason;
  switch (r.why) {
    case 'heels':
      return { text: `Two for his heels to ${subject(ev.seat)}.`, say: { seat: ev.seat, words: 'Two for his heels' }, score: true };
    case 'last':
      return {
        text: `${ev.points === 1 ? 'One' : capital(numberWords(ev.points))} for last to ${subject(ev.seat)}.`,
        say: { seat: ev.seat, words: ev.points === 1 ? 'One for last' : `${capital(numberWords(ev.points))} for last` },
        score: true,
      };
    case 'play':
      return { text: `${Subject(ev.seat)} ${verb(ev.seat, 'peg')} ${plural(ev.points, 'point')}.`, score: true };
    case 'show':
      return { text: `${Subject(ev.seat)} ${verb(ev.seat, 'peg')} ${plural(ev.points, 'point')} for ${r.kind === 'crib' ? 'the crib' : `${possessive(ev.seat)} hand`}.`, score: true, quiet: true };
    case 'muggins':
      if (r.from === ev.seat) {
        // Reverse cribbage: an opponent's call pegs the missed points to the one who missed them.
        return {
          text: `Muggins! ${Subject(ev.seat)} ${verb(ev.seat, 'peg')} the ${plural(ev.points, 'point')} ${subject(ev.seat)} missed.`,
          say: { seat: ev.seat, words: 'Muggins!' },
          score: true,
        };
      }
      return {
        text: `Muggins! ${Subject(ev.seat)} ${verb(ev.seat, 'take')} ${plural(ev.points, 'point')} ${subject(r.from)} ${r.penalty ? 'claimed too many' : 'missed'}.`,
        say: { seat: ev.seat, words: 'Muggins!' },
        score: true,
      };
    default:
      return { text: `${Subject(ev.seat)} ${verb(ev.seat, 'peg')} ${plural(ev.points, 'point')}.`, score: true };
  }
}

/**
 * "You 36, Ada 40": each side's score as given, which the callers take as
 * the board shows it (the engine's `shown`, or a hand's end, before the game hole).
 * @param {number[]} scores
 * @param {{ sideName(side: number): string }} voice
 */
export function scoreLine(scores, voice) {
  return scores.map((score, side) => `${voice.sideName(side)} ${score}`).join(', ');
}
