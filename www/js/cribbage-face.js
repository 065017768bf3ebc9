// @ts-check
// Standard and reverse cribbage's face: what three-card.js is to Noddy and
// Costly Colours and layout.js to the games laid out on the table, this
// module is to cribbage. It makes the table's view models from the
// engine's observation (as the events being told lay cards and pegs on it)
// and the controller's state, reads the player's taps, buttons and typed
// counts as the engine's moves, and words the deal and the lay-away
// (words-first.js), leaving what comes after the first play to telling.js.
// The controller (play.js), the table (table.js) and the peg board are
// every face's; the registry (games.js) names this face `cribbage`, and
// later.js loads it like any other, so a game of the family never fetches
// it. On standard cribbage's page it is fetched with the engine, at once.
//
// Pure functions but for the telling's loading: no DOM, no wasm, no clocks,
// so a test can call them in plain Node (tests/e2e/view.test.mjs). No rules
// either: which cards may be laid, what a hand counts and what is said come
// from the engine (its moves and its events).

import { cardName } from './cards.js';
import { FIRST_TOLD, capital, claimPrompt, describeFirst, mugginsPrompt } from './words-first.js';
import { later } from './later.js';
import { boardPegs, boardView, isMatch, layPlayEvent, matchLine, movesOf, replayLines, seatPlates, toggleCard, voiceFor as cribbageVoiceFor } from './view.js';

/**
 * The telling of what comes after the first play (telling.js), once loaded:
 * the deal and the lay-away are told without it.
 * @type {typeof import('./telling.js') | null}
 */
let telling = null;

/**
 * What must load before `events` can be told (or their lines logged):
 * telling.js, unless they are all told before the first play.
 * @param {import('../../types/engine.js').GameEvent[]} events
 * @returns {Promise<unknown> | null}
 */
export function ready(events) {
  if (telling || events.every((ev) => FIRST_TOLD.has(ev.type))) return null;
  return later('telling').then((module) => (telling = module));
}

/**
 * An event in words: the deal and the lay-away in words-first.js's, anything
 * later in telling.js's, loaded first (see `ready`).
 * @param {import('../../types/engine.js').GameEvent} ev
 * @param {import('./words.js').Voice} voice
 * @param {import('../../types/engine.js').GameEvent} [next]
 * @returns {import('./words.js').Told | null}
 */
export const describe = (ev, voice, next) => (FIRST_TOLD.has(ev.type) ? describeFirst(ev, voice) : telling.describe(ev, voice, next));

/**
 * The log's lines: before telling.js is in, only events told before the
 * first play can be asked for (see `ready`). `heard` hears each event with
 * its words (see `replayLines`).
 * @param {import('../../types/engine.js').GameEvent[]} events
 * @param {import('./words.js').Voice} voice
 * @param {any} engine
 * @param {import('./view.js').Heard} [heard]
 * @returns {string[]}
 */
export const toldLines = (events, voice, engine, heard) =>
  telling ? telling.toldLines(events, voice, engine, heard) : replayLines(events, (ev) => describeFirst(ev, voice), () => [], heard);

/**
 * The end of a game's panel: its module (ending.js) loads when a game ends.
 * @param {import('../../types/engine.js').Observation} obs
 * @param {any} voice
 * @param {Record<string, any>} how
 */
export const finalPanel = (obs, voice, how) => later('ending').then(({ finalPanel: panel }) => panel(obs, voice, /** @type {any} */ (how)));

/**
 * The words' voice, from the engine's sides and rules, and its board's
 * games to win (more than one: a match).
 * @param {{ human: boolean, name: string }[]} seats
 * @param {{ mode: string }} setup
 * @param {import('../../types/engine.js').Observation} obs
 * @param {Record<string, any>} rules
 */
export const voiceFor = (seats, setup, obs, rules) => cribbageVoiceFor(seats, setup, obs.sides, rules, isMatch(obs));

/**
 * A finished game's result as the end's panel says it: the last game's
 * scores, each stopped in the game hole as on the board, and the winner
 * (of the match, in best of three).
 * @param {import('../../types/engine.js').Observation} obs
 * @returns {import('./play.js').Outcome}
 */
export function outcome(obs) {
  const last = obs.results.at(-1);
  return { scores: last?.shown ?? [], winner: obs.winner ?? last?.winner ?? null, win: obs.board.target };
}

/**
 * Each seat's side, as the engine says (partners share one).
 * @param {import('../../types/engine.js').Observation} obs
 * @returns {number[]}
 */
export const sidesOf = (obs) => obs.sides;

/**
 * Whether the coach has a choice to weigh: a lay-away or a play with more than one move.
 * @param {import('../../types/engine.js').Observation} obs
 */
export const coachable = (obs) => ['discard', 'play'].includes(obs.phase) && obs.moves.length > 1;

/**
 * A card tapped: chosen for the crib (or put back), or laid in the play.
 * @param {import('../../types/engine.js').Observation} obs
 * @param {string} card
 * @param {Record<string, any>} s  The controller's state (the cards chosen).
 */
export function choose(obs, card, s) {
  if (obs.phase === 'discard') {
    const need = discardNeed(obs);
    const selected = toggleCard(s.selected, card, need);
    return { selected, said: `${capital(cardName(card))} ${selected.includes(card) ? 'chosen' : 'put back'}. ${selected.length} of ${need} chosen.` };
  }
  if (obs.phase === 'play') {
    const action = playAction(obs, card);
    return action ? { action } : null;
  }
  return null;
}

/**
 * A button: lay away the chosen cards, go, or let a claim stand.
 * @param {import('../../types/engine.js').Observation} obs
 * @param {string} id
 * @param {Record<string, any>} s  The controller's state (the cards chosen).
 */
export function button(obs, id, s) {
  const action = id === 'layaway' ? discardAction(obs, s.selected) : buttonAction(obs, id);
  return action ? { action } : null;
}

/** The controller tells every event of cribbage's itself. */
export const present = null;

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
 * @property {import('./view.js').BoardPegs[]} scores
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
    scores: boardPegs(obs),
    dealer: obs.dealer,
    toAct: obs.to_act,
    cuts: obs.cuts ?? [],
  };
}

/**
 * A game's end as the match's results keep it: the engine's `game_over`
 * event is its result, with the event's type beside it.
 * @param {import('../../types/engine.js').GameEvent} ev
 * @returns {import('../../types/engine.js').GameResult}
 */
const gameResult = ({ type: _type, ...result }) => /** @type {any} */ (result);

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
    case 'game_over':
      // A game of a match won: its games (a skunk's two or three, as the engine counts them) go
      // to the winner now, so the table's standing and the board's games-won pegs agree with the
      // panel that says it, not only from the next deal (or a reload).
      // The game's result (the event is the engine's result of it) joins the match's too, so the
      // standing can say what a skunk counted.
      d.obs = { ...d.obs, games_won: d.obs.games_won.map((won, side) => (side === ev.winner ? won + ev.games : won)), results: [...d.obs.results, gameResult(ev)] };
      break;
    default:
      layPlayEvent(d, ev);
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

/** The Undo button: its key, and a name that says what it takes back. */
const UNDO_ACTION = Object.freeze({ id: 'undo', label: 'Undo', keys: 'U', ariaLabel: 'Undo: take back your last move and the replies to it' });

// --- The view -------------------------------------------------------------------

/**
 * The view models of the table and of the peg board.
 * @param {import('./view.js').ViewState<Display>} s
 * @returns {{ table: import('./table.js').TableView, board: import('./view.js').BoardModel }}
 */
export function tableView(s) {
  const d = s.display;
  const obs = d.obs;
  const people = s.setup.mode === 'people';
  const voice = cribbageVoiceFor(s.seats, s.setup, obs.sides, obs.rules, isMatch(obs));
  const turn = s.waiting?.kind === 'turn';
  const acting = turn ? s.waiting.seat : s.thinking;
  const hidden = people && s.holder !== s.viewer;
  // Nobody deals until the cut for deal is made.
  const seats = seatPlates(s, d, { acting, dealer: (i) => obs.phase !== 'cut' && i === d.dealer });

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
  // Cribbage is won (or, reversed, lost) at the game hole, with its rules' skunks and match.
  const board = boardView(d, obs, voice, acting === null || acting === undefined ? null : obs.sides[acting], {
    goal: obs.board.goal,
    skunkLine: obs.board.skunk_line,
    doubleSkunkLine: obs.board.double_skunk_line,
    gamesWon: obs.games_won,
    gamesToWin: obs.board.games_to_win,
  });
  return { table, board };
}

