// @ts-check
// What every face of the table shares: who sits where and what each side
// is called, the voice the words speak in, the engine's moves read by kind,
// a chosen card toggled, the log's lines, the match's standing and the
// empty table. Pure functions, no DOM, no wasm, no globals and no clocks, so
// a test can call every function here in plain Node (tests/e2e/view.test.mjs)
// with observations the engine made. Each face (cribbage-face.js,
// three-card.js, layout.js) makes its own view models from these.
//
// The controller (play.js) decides *when* to draw; the faces decide *what*
// is drawn, and nothing else.

import { countedWords } from './words-first.js';

/** The computer players' names, in the order they join a table. */
export const COMPUTER_NAMES = ['Ada', 'Ben', 'Cleo'];

/**
 * Who sits where, from the set-up. Seat 0 is always a person.
 * @param {{ players: number, mode: string, names?: string[] }} setup  (`mode`: 'computer' or 'people')
 * @param {number[]} [sides]  Each seat's side (the engine's `obs.sides`). The
 *   computers are named opponents first, so a partner is always Cleo; left
 *   out (before the engine has loaded), they are named in seat order. The
 *   opponents go in seat order, which is also Table Top's order of play
 *   round the table after a draw for partners (the lower seat on your left):
 *   Ada on your left, Ben on your right.
 * @returns {{ human: boolean, name: string }[]}
 */
export function seatsFor(setup, sides) {
  const people = setup.mode === 'people';
  const computers = Array.from({ length: setup.players - 1 }, (_, i) => i + 1);
  if (sides) computers.sort((a, b) => Number(sides[a] === sides[0]) - Number(sides[b] === sides[0]) || a - b);
  return Array.from({ length: setup.players }, (_, seat) => {
    if (people) return { human: true, name: setup.names?.[seat]?.trim() || `Player ${seat + 1}` };
    if (seat === 0) return { human: true, name: 'You' };
    return { human: false, name: COMPUTER_NAMES[computers.indexOf(seat)] };
  });
}

/**
 * The name of each side, from who sits on it: "You", "Ada", "You and Cleo".
 * @param {{ name: string }[]} seats
 * @param {number[]} sides  Each seat's side (the engine's `obs.sides`).
 * @param {boolean} people  Pass-and-play: no "you".
 * @returns {string[]}
 */
export function sideNamesFor(seats, sides, people) {
  const count = Math.max(...sides) + 1;
  return Array.from({ length: count }, (_, side) => {
    const members = sides.flatMap((s, seat) => (s === side ? [seat] : []));
    return members.map((seat) => (!people && seat === 0 ? 'You' : seats[seat].name)).join(' and ');
  });
}

/**
 * Who is who, for the wording (words.js's Voice): "you" for the player at
 * a computer game, names at pass-and-play.
 * @param {{ name: string }[]} seats
 * @param {{ mode: string }} setup
 * @param {number[]} sides  Each seat's side (the engine's `obs.sides`).
 * @param {any} [rules]  The engine's (the words of a result or a claim follow its goal).
 * @param {boolean} [match]  Whether the game is one of a match ({@link isMatch}). Left out: one game.
 * @returns {import('./words.js').Voice & { match: boolean }}
 */
export function voiceFor(seats, setup, sides, rules = null, match = false) {
  const people = setup.mode === 'people';
  const names = sideNamesFor(seats, sides, people);
  return {
    // The engine's rules: the words for a result or a claim depend on whether
    // the target is to be reached or avoided.
    rules,
    name: (seat) => seats[seat]?.name ?? `Seat ${seat + 1}`,
    isYou: (seat) => !people && seat === 0,
    sideName: (side) => names[side],
    sideIsYou: (side) => !people && side === sides[0],
    match,
  };
}

// --- The decision at hand, read from the engine's moves ---------------------------
//
// `obs.moves` lists the legal actions as data ({ action, kind, cards, points });
// the page hands a move's `action` back to the engine as it came and never
// reads or writes action text itself.

/**
 * The legal moves of one kind.
 * @param {import('../../types/engine.js').Observation} obs
 * @param {string} kind  The verb: cribbage's 'cut', 'discard', 'play', 'go', 'claim', 'muggins', 'accept'; the other games' own.
 * @returns {import('../../types/engine.js').Move[]}
 */
export function movesOf(obs, kind) {
  return (obs?.moves ?? []).filter((m) => m.kind === kind);
}

/**
 * The chosen cards after a tap in the discard: a chosen card goes back,
 * another is added, and only the last `need` stay chosen.
 * @param {string[]} selected
 * @param {string} card
 * @param {number} need
 * @returns {string[]}
 */
export function toggleCard(selected, card, need) {
  return selected.includes(card) ? selected.filter((c) => c !== card) : [...selected, card].slice(-need);
}

// --- The end of a game -----------------------------------------------------------

/**
 * @callback Heard  An event told again in the log, with its words (null: not told).
 * @param {import('../../types/engine.js').GameEvent} ev
 * @param {any} told
 * @returns {void}
 */

/**
 * The log's lines for events already told (a reload, an undo), in any face's
 * words: each event as `tell` says it (skipping the next event when its words
 * fold it in, as a card's points are told with the card), then the lines the
 * face adds after it (a count set out). `heard` hears each event told with
 * its words, so that what else follows from them (the speech bubbles after
 * a reload, play.js) needs no second telling.
 * @param {import('../../types/engine.js').GameEvent[]} events
 * @param {(ev: any, next: any) => { text: string, quiet?: boolean, folded?: boolean } | null | undefined} tell
 * @param {(ev: any) => string[]} after
 * @param {Heard} [heard]
 * @returns {string[]}
 */
export function replayLines(events, tell, after, heard) {
  const lines = [];
  for (let i = 0; i < events.length; i++) {
    const ev = events[i];
    const told = tell(ev, events[i + 1]);
    heard?.(ev, told ?? null);
    if (told && !told.quiet) lines.push(told.text);
    lines.push(...after(ev));
    if (told?.folded) i++;
  }
  return lines;
}

/**
 * Whether the game on the table is played as a match: more than one game to
 * win, as the engine's board says (cribbage's `games_to_win`). The other
 * games' boards name none: each is one game.
 * @param {import('../../types/engine.js').Observation} obs
 * @returns {boolean}
 */
export function isMatch(obs) {
  return (obs.board?.games_to_win ?? 1) > 1;
}

/**
 * "Games: You 1, Ada 0." in a match, else ''. A game that counted more than
 * one toward the match (a skunk: the engine's result says how many) is said
 * with it, so that a standing past the games a match needs reads as the
 * rules have it: "Games: You 0, Ada 3 (game 2 was a skunk, which counts two
 * games)."
 * @param {import('../../types/engine.js').Observation} obs
 * @param {import('./words.js').Voice} voice
 * @returns {string}
 */
export function matchLine(obs, voice) {
  if (!isMatch(obs)) return '';
  const counted = (obs.results ?? []).filter((result) => result.games > 1).map((result) => `game ${result.game} was ${countedWords(result)}`);
  return `Games: ${obs.games_won.map((g, side) => `${voice.sideName(side)} ${g}`).join(', ')}${counted.length ? ` (${counted.join('; ')})` : ''}.`;
}

// --- The view -------------------------------------------------------------------

/**
 * @template [D=any]  The face's display (its `observe`'s).
 * @typedef {object} ViewState  What the controller knows beyond the engine.
 * @property {D} display     The observation as drawn (events laid on it).
 * @property {{ name: string, human: boolean }[]} seats
 * @property {{ game?: string, players: number, mode: string, match: string }} setup
 * @property {number} viewer       The seat at the bottom.
 * @property {number|null} holder At pass-and-play, who holds the device.
 * @property {{ kind: 'turn'|'continue'|'reveal', seat?: number } | null} waiting  What the page waits for.
 * @property {number|null} thinking  A computer deciding.
 * @property {Record<number, string>} said  Speech bubbles.
 * @property {string[]} selected   Cards chosen for the crib.
 * @property {{ value: string, error: string } | null} claim
 * @property {string} prompt       The telling's own line ("Study the hands…").
 * @property {{ cards: string[], text: string } | null} suggestion  The coach's.
 * @property {string|null} message Something went wrong.
 * @property {Record<string, any>|null} show    The show panel (show.js).
 * @property {Record<string, any>|null} panel   A panel over the table.
 * @property {boolean} [undoable]  The player may take back their last decision now.
 * @property {boolean} [practice]  Undo has been used in this game.
 * @property {Record<string, any>[]} [extraActions]  More buttons for the controls.
 * @property {number} [motion]     Milliseconds a card slides.
 * @property {string|null} [continueLabel]  The Continue button's word, when a face names it ("Play").
 */

/**
 * A side's pegs as the page draws them: the engine's pegs (the points as
 * counted) with the score its board shows (`shown`: stopped in the game hole
 * in a race, as made where the score runs on), which the engine gives beside
 * them in an observation and in each pegging.
 * @typedef {{ front: number, rear: number, shown: number }} BoardPegs
 */

/**
 * Each side's pegs of an observation with the score its board shows, as
 * the engine gives them side by side (`scores`, `shown`).
 * @param {{ scores: { front: number, rear: number }[], shown: number[] }} obs
 * @returns {BoardPegs[]}
 */
export const boardPegs = (obs) => obs.scores.map((p, side) => ({ front: p.front, rear: p.rear, shown: obs.shown[side] }));

/**
 * What a face hands the peg board (board.js's view and its configuration).
 * @typedef {{ game: string, scores: BoardPegs[], names: string[], target: number, win: number,
 *             goal: 'reach'|'avoid', skunkLine: number|null, doubleSkunkLine: number|null, gamesWon: number[],
 *             gamesToWin: number, highlight: number|null }} BoardModel
 *   `gamesToWin`: the games a side must win to win the match, as the engine's board says (cribbage's
 *   `games_to_win`); 0 where the game has no match.
 */

/**
 * The peg board's view model, as every face makes it: the sides' scores and
 * names and the game the engine names, a race to the board's target with no
 * skunk line, match or games won, unless `over` says otherwise (cribbage's
 * face gives its rules', the layout face its games' own win).
 * @param {{ scores: BoardPegs[] }} d  the face's display
 * @param {import('../../types/engine.js').Observation} obs
 * @param {{ sideName(side: number): string }} voice
 * @param {number | null} highlight  the side to light, if any
 * @param {Partial<BoardModel>} [over]
 * @returns {BoardModel}
 */
export function boardView(d, obs, voice, highlight, over = {}) {
  return {
    scores: d.scores,
    names: d.scores.map((_, side) => voice.sideName(side)),
    // The game the board is of, as the engine names it (the tagline says it).
    game: obs.game,
    target: obs.board.target,
    win: obs.board.target,
    goal: /** @type {'reach'} */ ('reach'),
    skunkLine: null,
    doubleSkunkLine: null,
    gamesWon: d.scores.map(() => 0),
    gamesToWin: 0,
    highlight,
    ...over,
  };
}

/**
 * The seats' plates as the faces that play cards to a count draw them
 * (cribbage's and the three-card games'): who each is, whose turn it is,
 * what each holds, has laid and has said, and its side's score as the board
 * shows it (`shown`), each seat read on the side the engine names for it
 * (`sides`): partners share one.
 * @param {ViewState<any>} s
 * @param {{ obs: import('../../types/engine.js').Observation, held: number[], played: string[][], go: boolean[], scores: BoardPegs[] }} d  the face's display
 * @param {{ acting: number | null | undefined, dealer: (seat: number) => boolean, dealerNote?: string }} how
 *   who acts or thinks; whether a seat is shown as the dealer, and the dealer's badge's words where
 *   the face has its own (cribbage's say whose crib it is)
 * @returns {import('./table.js').SeatView[]}
 */
export function seatPlates(s, d, { acting, dealer, dealerNote }) {
  const people = s.setup.mode === 'people';
  /** @type {number[]} */
  const sides = d.obs.sides;
  return s.seats.map((seat, i) => ({
    seat: i,
    name: seat.name,
    you: i === s.viewer,
    partner: !people && i !== s.viewer && sides[i] === sides[s.viewer],
    dealer: dealer(i),
    ...(dealerNote && { dealerNote }),
    toAct: i === acting,
    thinking: i === s.thinking,
    held: d.held[i],
    played: d.played[i],
    said: s.said[i] ?? null,
    // As the board shows it (the engine's: a count past the target stops in the game hole).
    score: d.scores[sides[i]]?.shown ?? 0,
    go: d.go[i],
    practice: Boolean(s.practice) && i === s.viewer && !people,
  }));
}

/**
 * The empty table, at its full size, until the first game is dealt.
 * @returns {import('./table.js').TableView}
 */
export function emptyTable() {
  return {
    seats: [],
    bottom: null,
    crib: { owner: '', count: 0 },
    starter: null,
    pile: [],
    count: 0,
    playing: false,
    hand: { cards: [], mode: 'idle', playable: [], selected: [], hidden: false, label: 'Your hand' },
    prompt: 'Shuffling…',
    actions: [],
    claim: null,
    show: null,
    panel: null,
    state: 'busy',
  };
}

/**
 * The play's events, told the same on every table that plays cards to a
 * count (cribbage's face and the three-card games'): each laid on `d`, the
 * display the face's `layOn` has already copied for this event.
 * @param {{ obs: import('../../types/engine.js').Observation, hand: string[], held: number[], played: string[][], go: boolean[],
 *           pile: { card: string, seat: number }[], count: number, playing: boolean,
 *           scores: BoardPegs[], cuts: { seat: number, card: string }[] }} d
 * @param {import('../../types/engine.js').GameEvent} ev
 * @returns {boolean} whether `ev` was one of them
 */
export function layPlayEvent(d, ev) {
  switch (ev.type) {
    case 'played':
      d.held[ev.seat] = Math.max(0, d.held[ev.seat] - 1);
      d.played[ev.seat] = [...d.played[ev.seat], ev.card];
      d.pile = [...d.pile, { card: ev.card, seat: ev.seat }];
      d.count = ev.count;
      d.playing = true;
      if (ev.seat === d.obs.seat) d.hand = d.hand.filter((c) => c !== ev.card);
      return true;
    case 'go':
      d.go[ev.seat] = true;
      return true;
    case 'count_reset':
      d.pile = [];
      d.count = 0;
      d.go = d.go.map(() => false);
      d.playing = ev.leader !== null && ev.leader !== undefined;
      return true;
    case 'pegged':
      d.scores = d.scores.map((p, side) => (side === ev.side ? { front: ev.front, rear: ev.rear, shown: ev.shown } : p));
      return true;
    case 'cut_for_deal':
      // A round of cutting by hand, told whole: every card cut stays in view.
      d.cuts = ev.cuts;
      return true;
    default:
      return false;
  }
}
