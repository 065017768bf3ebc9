// @ts-check
// The table's view: pure functions from what the engine reports (its
// observation, as the events being told lay cards and pegs on it) and the
// controller's state to the view models that table.js and the peg board
// draw. No DOM, no wasm, no globals and no clocks, so a test can call every
// function here in plain Node (tests/e2e/view.test.mjs) with observations
// the engine made.
//
// The controller (play.js) decides *when* to draw; this module decides
// *what* is drawn, and nothing else.

import { claimPrompt, mugginsPrompt } from './words-first.js';

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
 * @param {{ mode: string, match?: string }} setup
 * @param {number[]} sides  Each seat's side (the engine's `obs.sides`).
 * @returns {import('./words.js').Voice & { match: boolean }}
 */
export function voiceFor(seats, setup, sides, rules = null) {
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
    match: setup.match === 'best_of_three',
  };
}

/**
 * What the table shows of one observation: the engine's own, before any
 * event is laid on it.
 * @param {import('../../types/engine.js').Observation} obs  The engine's observation for the seat at the bottom.
 * @returns {Display}
 *
 * @typedef {object} Display
 * @property {import('../../types/engine.js').Observation} obs  The observation it was made from.
 * @property {string[]} hand
 * @property {number[]} held
 * @property {string[][]} played
 * @property {boolean[]} go
 * @property {{ card: string, seat: number }[]} pile
 * @property {number} count
 * @property {boolean} playing
 * @property {number} cribCount
 * @property {string|null} starter
 * @property {{ front: number, rear: number }[]} scores
 * @property {number} dealer
 * @property {number|null} toAct
 * @property {{ seat: number, card: string }[]} cuts  The cut for deal being told (cutting by hand).
 */
export function observe(obs) {
  const n = obs.held_counts.length;
  const seatOf = new Map(obs.plays.filter((p) => p.card).map((p) => [p.card, p.seat]));
  return {
    obs,
    hand: obs.phase === 'play' || obs.phase === 'discard' ? obs.hand : [],
    held: [...obs.held_counts],
    played: Array.from({ length: n }, (_, s) => obs.plays.filter((p) => p.seat === s && p.card).map((p) => p.card)),
    go: [...obs.said_go],
    pile: obs.pile.map((card) => ({ card, seat: seatOf.get(card) })),
    count: obs.count,
    playing: obs.phase === 'play',
    cribCount: obs.crib_size,
    starter: obs.starter,
    scores: obs.scores.map((p) => ({ ...p })),
    dealer: obs.dealer,
    toAct: obs.to_act,
    cuts: obs.cuts ?? [],
  };
}

/**
 * One event laid on the table as it is told: a card joins the play, a
 * score moves. Returns a new display; `display` is left as it was.
 * @param {Display} display
 * @param {import('../../types/engine.js').GameEvent} ev  An engine event.
 * @param {{ actor?: number, action?: string }} [by]  Who acted, and how, for the events of that action.
 * @returns {Display}
 */
export function layOn(display, ev, { actor, action } = {}) {
  if (!display || !ev) return display;
  const d = { ...display, held: [...display.held], played: [...display.played], go: [...display.go], toAct: null };
  switch (ev.type) {
    case 'laid_away':
      d.held[ev.seat] = Math.max(0, d.held[ev.seat] - ev.cards);
      d.cribCount += ev.cards;
      if (ev.seat === d.obs.seat && ev.seat === actor) {
        const gone = laidCards(d.obs, action);
        d.hand = d.hand.filter((c) => !gone.includes(c));
      }
      break;
    case 'starter':
      d.starter = ev.card;
      break;
    case 'played':
      d.held[ev.seat] = Math.max(0, d.held[ev.seat] - 1);
      d.played[ev.seat] = [...d.played[ev.seat], ev.card];
      d.pile = [...d.pile, { card: ev.card, seat: ev.seat }];
      d.count = ev.count;
      d.playing = true;
      if (ev.seat === d.obs.seat) d.hand = d.hand.filter((c) => c !== ev.card);
      break;
    case 'go':
      d.go[ev.seat] = true;
      break;
    case 'count_reset':
      d.pile = [];
      d.count = 0;
      d.go = d.go.map(() => false);
      d.playing = ev.leader !== null && ev.leader !== undefined;
      break;
    case 'pegged':
      d.scores = d.scores.map((p, side) => (side === ev.side ? { front: ev.front, rear: ev.rear } : p));
      break;
    case 'cut_for_deal':
      // A round of cutting by hand, told whole: every card cut stays in view.
      d.cuts = ev.cuts;
      break;
    default:
  }
  return d;
}

/** The cards a discard action lays away (none for any other action). */
function laidCards(obs, action) {
  const move = (obs.moves ?? []).find((m) => m.action === action);
  return move?.kind === 'discard' ? move.cards : [];
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
 * The cards that may be laid in the play now.
 * @param {import('../../types/engine.js').Observation} obs
 * @returns {string[]}
 */
export function playableCards(obs) {
  return movesOf(obs, 'play').map((m) => m.cards[0]);
}

/**
 * How many cards go to the crib (0 when it is not the time to lay away).
 * @param {import('../../types/engine.js').Observation} obs
 * @returns {number}
 */
export function discardNeed(obs) {
  return movesOf(obs, 'discard')[0]?.cards.length ?? 0;
}

/**
 * The discard action that lays away exactly `selected`, if the engine lists it.
 * @param {import('../../types/engine.js').Observation} obs
 * @param {string[]} selected
 * @returns {string|null}
 */
export function discardAction(obs, selected) {
  const move = movesOf(obs, 'discard').find((m) => m.cards.length === selected.length && m.cards.every((c) => selected.includes(c)));
  return move?.action ?? null;
}

/**
 * The action for a card tapped in the play, if it may be laid.
 * @param {import('../../types/engine.js').Observation} obs
 * @param {string} card
 * @returns {string|null}
 */
export function playAction(obs, card) {
  return movesOf(obs, 'play').find((m) => m.cards[0] === card)?.action ?? null;
}

/**
 * The action for a button (go, accept), if the engine lists it. A muggins
 * call names a count: it is typed (see `readClaim`).
 * @param {import('../../types/engine.js').Observation} obs
 * @param {string} id
 * @returns {string|null}
 */
export function buttonAction(obs, id) {
  return ['go', 'accept'].includes(id) ? (movesOf(obs, id)[0]?.action ?? null) : null;
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

/**
 * Reads a typed count: in the claim phase a claim, in the muggins phase a
 * call naming the true count. The move with that many points, or why there
 * is none. The range comes from the engine's moves, which list every count
 * a hand can hold whatever the cards: nothing here gives the count away.
 * @param {import('../../types/engine.js').Observation} obs
 * @param {string} text  What the player typed.
 * @returns {{ value: string, action?: string, error?: string, over?: boolean }}
 *   `action` for a count to claim or call, else `error` (`over`: more than any hand holds).
 *   `over`: a count above every one the engine allows.
 */
export function readClaim(obs, text) {
  const kind = obs.phase === 'muggins' ? 'muggins' : 'claim';
  const moves = movesOf(obs, kind);
  // A call may not name the claim itself, but the claim is still a count.
  const counts = [...moves.map((m) => m.points), ...(kind === 'muggins' && obs.showing?.claimed !== null && obs.showing?.claimed !== undefined ? [obs.showing.claimed] : [])];
  const least = counts.length ? Math.min(...counts) : 0;
  const most = counts.length ? Math.max(...counts) : 0;
  const value = String(text).trim();
  const what = kind === 'claim' ? 'your count' : 'the count the cards hold';
  if (!/^\d{1,3}$/.test(value)) return { value, error: `Enter ${what}: a whole number from ${least} to ${most}.` };
  const points = Number(value);
  const move = moves.find((m) => m.points === points);
  if (move) return { value, action: move.action };
  if (kind === 'muggins' && points === obs.showing?.claimed) return { value, error: `${points} is the count claimed: to agree, let it stand.` };
  return { value, error: `No hand or crib holds ${points}: ${most} is the most.`, over: true };
}

/**
 * Whether the crib of this hand belongs to the player in `seat` (or to their side).
 * @param {import('../../types/engine.js').Observation} obs
 * @param {number} seat
 * @returns {boolean}
 */
export function ownCrib(obs, seat) {
  return obs.crib_side === obs.sides[seat];
}

// --- The end of a game -----------------------------------------------------------

/**
 * The log's lines for events already told (a reload, an undo), in any face's
 * words: each event as `tell` says it (skipping the next event when its words
 * fold it in, as a card's points are told with the card), then the lines the
 * face adds after it (a count set out).
 * @param {import('../../types/engine.js').GameEvent[]} events
 * @param {(ev: any, next: any) => { text: string, quiet?: boolean, folded?: boolean } | null | undefined} tell
 * @param {(ev: any) => string[]} after
 * @returns {string[]}
 */
export function replayLines(events, tell, after) {
  const lines = [];
  for (let i = 0; i < events.length; i++) {
    const ev = events[i];
    const told = tell(ev, events[i + 1]);
    if (told && !told.quiet) lines.push(told.text);
    lines.push(...after(ev));
    if (told?.folded) i++;
  }
  return lines;
}

/**
 * "Games: You 1, Ada 0." in a match, else ''.
 * @param {import('../../types/engine.js').Observation} obs
 * @param {import('./words.js').Voice} voice
 * @returns {string}
 */
export function matchLine(obs, voice) {
  if (obs.rules.match !== 'best_of_three') return '';
  return `Games: ${obs.games_won.map((g, side) => `${voice.sideName(side)} ${g}`).join(', ')}.`;
}


/** The Undo button: its key, and a name that says what it takes back. */
const UNDO_ACTION = Object.freeze({ id: 'undo', label: 'Undo', keys: 'U', ariaLabel: 'Undo: take back your last move and the replies to it' });

// --- The view -------------------------------------------------------------------

/**
 * @template [D=Display]  The face's display (its `observe`'s).
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
 * The view models of the table and of the peg board.
 * @param {ViewState} s
 * @returns {{ table: import('./table.js').TableView, board: { game: string, scores: Record<string, any>[], names: string[], target: number, win: number, goal: 'reach'|'avoid', skunkLine: number, doubleSkunkLine: number|null, gamesWon: number[], match: boolean, highlight: number|null } }}
 */
export function tableView(s) {
  const d = s.display;
  const obs = d.obs;
  const people = s.setup.mode === 'people';
  const voice = voiceFor(s.seats, s.setup, obs.sides, obs.rules);
  const turn = s.waiting?.kind === 'turn';
  const acting = turn ? s.waiting.seat : s.thinking;
  const hidden = people && s.holder !== s.viewer;
  const seats = s.seats.map((seat, i) => ({
    seat: i,
    name: seat.name,
    you: i === s.viewer,
    partner: !people && i !== s.viewer && obs.sides[i] === obs.sides[s.viewer],
    // Nobody deals until the cut for deal is made.
    dealer: obs.phase !== 'cut' && i === d.dealer,
    toAct: i === acting,
    thinking: i === s.thinking,
    held: d.held[i],
    played: d.played[i],
    said: s.said[i] ?? null,
    // A count past the target stops in the game hole, as the peg does.
    score: Math.min(d.scores[obs.sides[i]]?.front ?? 0, obs.board.target),
    go: d.go[i],
    practice: Boolean(s.practice) && i === s.viewer && !people,
  }));

  const phase = obs.phase;
  /** @type {'discard'|'play'|'idle'} */
  let mode = 'idle';
  let playable = [];
  const actions = [];
  let text = s.prompt;
  if (turn) {
    const who = s.seats[s.viewer].name;
    if (phase === 'cut') {
      text = `${people ? `${who}: c` : 'C'}ut the pack for the first deal: the lower card deals.`;
    } else if (phase === 'discard') {
      mode = 'discard';
      playable = d.hand;
      const need = discardNeed(obs);
      const whose = d.dealer === s.viewer ? (people ? `${who}’s` : 'your') : `${s.seats[d.dealer].name}’s`;
      text = `${people ? `${who}: c` : 'C'}hoose ${need === 1 ? 'a card' : 'two cards'} for ${whose} crib.`;
      actions.push({ id: 'layaway', label: need === 1 ? 'Lay away' : `Lay away (${s.selected.length}/${need})`, primary: true, disabled: !discardAction(obs, s.selected), keys: 'L' });
    } else if (phase === 'play') {
      mode = 'play';
      playable = playableCards(obs);
      if (buttonAction(obs, 'go')) {
        text = `The count is ${obs.count}: no card fits under ${obs.board.play_limit}.`;
        actions.push({ id: 'go', label: 'Go', primary: true, keys: 'G' });
      } else {
        text = `${people ? `${who}: p` : 'P'}lay a card. The count is ${obs.count}.`;
      }
    } else if (phase === 'claim') {
      const whose = obs.showing?.kind === 'crib' ? 'your crib' : 'your hand';
      text = claimPrompt(whose, voice);
    } else if (phase === 'muggins') {
      const showing = obs.showing;
      text = mugginsPrompt(voice.name(showing.seat), showing.claimed, voice);
      actions.push({ id: 'accept', label: 'Let it stand' });
    }
    if ((phase === 'discard' || phase === 'play') && obs.moves.length > 1) actions.push({ id: 'hint', label: 'Hint', keys: 'H' });
    if (s.undoable) actions.push({ ...UNDO_ACTION });
  } else if (s.waiting?.kind === 'continue' && !s.panel) {
    actions.push({ id: 'continue', label: 'Continue', primary: true, keys: 'C' });
  } else if (s.thinking !== null && s.thinking !== undefined) {
    text = `${s.seats[s.thinking].name} is thinking…`;
  }
  const counting = turn && (phase === 'claim' || phase === 'muggins');
  const claimError = counting && s.claim?.error;
  if (turn && s.suggestion) text = s.suggestion.text;
  if (claimError) text = s.claim.error;
  if (s.message) text = s.message;

  const waitingFor = s.waiting?.kind;
  /** @type {import('./table.js').TableView['state']} */
  let state = 'busy';
  if (s.panel) state = waitingFor === 'reveal' ? 'reveal' : waitingFor === 'continue' ? 'continue' : 'over';
  else if (turn) state = 'turn';
  else if (waitingFor === 'continue') state = 'continue';

  const table = {
    seats,
    bottom: s.viewer,
    // Cutting for deal by hand: the cards cut so far, and the depths the
    // player may cut at when it is their turn (the engine's moves).
    cut: phase === 'cut' || d.cuts?.length
      ? {
          cuts: (d.cuts ?? []).map((c) => ({ seat: c.seat, name: s.seats[c.seat].name, card: c.card })),
          depths: turn && phase === 'cut' ? movesOf(obs, 'cut').map((m) => ({ action: m.action, depth: m.depth })) : [],
        }
      : null,
    crib: { owner: phase === 'cut' ? '' : voice.isYou(d.dealer) ? 'Yours' : `${s.seats[d.dealer].name}’s`, count: d.cribCount },
    starter: d.starter,
    pile: d.pile,
    count: d.count,
    playing: d.playing,
    hand: {
      cards: d.hand,
      mode: hidden ? 'idle' : mode,
      playable,
      selected: s.selected,
      suggested: turn && s.suggestion ? s.suggestion.cards : [],
      hidden,
      label: people ? `${s.seats[s.viewer].name}’s hand` : 'Your hand',
    },
    prompt: text,
    promptTone: claimError ? /** @type {const} */ ('error') : null,
    actions: [...actions, ...(s.extraActions ?? [])],
    claim: counting && s.claim ? { ...s.claim, call: phase === 'muggins' } : null,
    standing: matchLine(obs, voice) || null,
    show: s.show && { ...s.show, entries: s.show.entries.map((e) => ({ ...e })), actions: [] },
    panel: s.panel,
    motion: s.motion ?? 0,
    state,
  };
  const board = {
    scores: d.scores,
    names: d.scores.map((_, side) => voice.sideName(side)),
    // The game the board is of, as the engine names it (the tagline says it).
    game: obs.game,
    target: obs.board.target,
    // Cribbage is won (or, reversed, lost) at the game hole.
    win: obs.board.target,
    goal: obs.board.goal,
    skunkLine: obs.board.skunk_line,
    doubleSkunkLine: obs.board.double_skunk_line,
    gamesWon: obs.games_won,
    match: obs.rules.match === 'best_of_three',
    highlight: acting === null || acting === undefined ? null : obs.sides[acting],
  };
  return { table, board };
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
