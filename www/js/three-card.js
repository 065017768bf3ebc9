// @ts-check
// The table's face for the family's three-card games, Noddy and Costly
// Colours: what cribbage's view (view.js) and words (words.js) are to
// standard cribbage, this module is to them. The controller (play.js), the
// table (table.js), the show panel (show.js) and the peg board are the
// same; this module turns these games' observations and events into the
// table's view model and the table's words. Loaded with the family's
// engine, only when one of these games is played.
//
// No rules here either: what may be laid, what a card scores, what a hand
// counts and what is said all come from the engine (its moves, its events
// and their phrases).

import { cardName } from './cards.js';
import { FIRST_TOLD, capital, describeFirst, numberWords } from './words-first.js';
import { later } from './later.js';
import { boardPegs, boardView, layPlayEvent, movesOf, replayLines, seatPlates, seatsFor, sideNamesFor, voiceFor as cribbageVoiceFor } from './view.js';

export { seatsFor, sideNamesFor };

/**
 * Each seat's side, as the engine lists them.
 * @param {import('../../types/engine.js').Observation} obs  A three-card game's (see `ThreeCardObservation`)
 * @returns {number[]}
 */
export const sidesOf = (obs) => obs.sides;

/**
 * A finished game's result as the end's panel says it: each score stopped in
 * the game hole, as on the board.
 * @param {import('../../types/engine.js').Observation} obs
 * @returns {import('./play.js').Outcome}
 */
export const outcome = (obs) => ({ scores: obs.shown, winner: obs.winner ?? null, win: obs.board.target });

/** The card turned after the deal. */
const TURN_UP = 'Turn-up';

/** "1 point", "2 points". */
const points = (n) => `${numberWords(n)} ${n === 1 ? 'point' : 'points'}`;

/**
 * The words' voice: who is "you", and the game's target (the engine's board).
 * @param {{ name: string }[]} seats
 * @param {{ mode: string, match?: string }} setup
 * @param {import('../../types/engine.js').Observation} obs  Any observation of the game.
 */
export function voiceFor(seats, setup, obs) {
  return cribbageVoiceFor(seats, setup, sidesOf(obs), { ...obs.rules, target: obs.board.target, goal: 'reach' });
}

/**
 * The observation as the table draws it (the shape view.js's `observe` gives).
 * @param {import('../../types/engine.js').Observation} obs  The engine's observation of a three-card game.
 */
export function observe(obs) {
  const n = obs.held_counts.length;
  // Every card laid this hand (Costly Colours' count resets; Noddy's one series is all of them).
  const laid = obs.played;
  return {
    obs,
    hand: obs.phase === 'over' ? [] : [...obs.hand],
    held: [...obs.held_counts],
    played: Array.from({ length: n }, (_, s) => laid.filter((l) => l.seat === s).map((l) => l.card)),
    go: [...obs.said_go],
    pile: obs.pile.map((l) => ({ card: l.card, seat: l.seat })),
    count: obs.count,
    playing: obs.phase === 'play',
    cribCount: 0,
    starter: obs.turnup,
    scores: boardPegs(obs),
    dealer: obs.dealer,
    toAct: obs.to_act,
    cuts: [],
    // Costly Colours: the card this seat received in the mog, once both have passed.
    received: obs.mog?.received ?? null,
  };
}

/**
 * One event laid on the table as it is told; returns a new display.
 * @param {ReturnType<typeof observe>} display
 * @param {import('../../types/engine.js').GameEvent} ev
 * @param {{ actor?: number, action?: string }} [by]
 */
export function layOn(display, ev, { actor, action } = {}) {
  if (!display || !ev) return display;
  const d = { ...display, held: [...display.held], played: [...display.played], go: [...display.go], toAct: null };
  switch (ev.type) {
    case 'turn_up':
      d.starter = ev.card;
      break;
    case 'passed':
      // The passer's own card leaves the hand at once; what comes back is
      // seen when both have passed (the observation after the action).
      if (ev.seat === d.obs.seat && ev.seat === actor) {
        const gone = movesOf(d.obs, 'pass').find((m) => m.action === action)?.cards ?? [];
        d.hand = d.hand.filter((c) => !gone.includes(c));
      }
      break;
    default:
      layPlayEvent(d, ev);
  }
  return d;
}

// --- Words ---------------------------------------------------------------------------

/** The events this module words itself; any other is said as in cribbage. */
const OWN_WORDS = new Set(['deal', 'turn_up', 'announced', 'show', 'mog_said', 'mog_refused', 'passed', 'played', 'pegged']);

/**
 * Cribbage's words for what comes after the first play (telling.js, with
 * words.js), once loaded: `ready` loads them before any event that needs
 * them is told, as cribbage's table does (play.js).
 * @type {typeof import('./telling.js') | null}
 */
let telling = null;

/**
 * What must load before `events` can be told (or their lines logged):
 * cribbage's later words, unless every event is worded here or before the first play.
 * @param {import('../../types/engine.js').GameEvent[]} events
 * @returns {Promise<unknown> | null}
 */
export function ready(events) {
  if (telling || events.every((ev) => OWN_WORDS.has(ev.type) || FIRST_TOLD.has(ev.type))) return null;
  return later('telling').then((module) => (telling = module));
}

/**
 * One event in the table's words: `{ text, say?, score?, quiet?, folded? }`
 * as words.js's `describe` gives, or null for an event told otherwise (an
 * announcement or a show is told phrase by phrase in the show panel).
 * @param {import('../../types/engine.js').GameEvent} ev
 * @param {import('./words.js').Voice} voice
 * @param {import('../../types/engine.js').GameEvent} [next]  The event after it.
 * @returns {import('./words.js').Told | null}
 */
export function describe(ev, voice, next) {
  const subject = (seat) => (voice.isYou(seat) ? 'you' : voice.name(seat));
  const Subject = (seat) => capital(subject(seat));
  const verb = (seat, base, third = `${base}s`) => (voice.isYou(seat) ? base : third);
  switch (ev.type) {
    case 'deal':
      return { text: `Hand ${ev.hand}: ${subject(ev.dealer)} ${verb(ev.dealer, 'deal')}.` };
    case 'turn_up':
      return { text: `The turn-up is the ${cardName(ev.card)}.` };
    case 'announced':
    case 'show':
      return null;
    case 'mog_said':
      return { text: `${Subject(ev.seat)} ${verb(ev.seat, 'say')} “mog”.`, say: { seat: ev.seat, words: 'Mog' } };
    case 'mog_refused':
      return { text: `${Subject(ev.seat)} ${verb(ev.seat, 'refuse')} the mog.`, say: { seat: ev.seat, words: 'No mog' } };
    case 'passed':
      return { text: `${Subject(ev.seat)} ${verb(ev.seat, 'pass', 'passes')} a card face down.`, say: { seat: ev.seat, words: 'Passed' } };
    case 'played': {
      const scored = next?.type === 'pegged' && next.reason.why === 'play' && next.reason.card === ev.card ? next.reason : null;
      const call = scored?.said?.length ? scored.said.join(', ') : numberWords(ev.count);
      // An ace's value is said when it is laid high.
      const as = ev.value === 11 ? ' as eleven' : '';
      return {
        text: `${Subject(ev.seat)} ${verb(ev.seat, 'play')} the ${cardName(ev.card)}${as}: ${call}.`,
        say: { seat: ev.seat, words: capital(call) },
        folded: Boolean(scored),
        score: Boolean(scored),
      };
    }
    case 'pegged':
      return pegWords(ev, voice, { Subject, subject, verb });
    default:
      // The cut for deal, go, the count going back to zero, the hand's end
      // with the scores the engine hands (a screen reader's only word of
      // them between the pegs), the game's end:
      // said as in cribbage (the cut for deal before the first play, the rest loaded by `ready`).
      return FIRST_TOLD.has(ev.type) ? describeFirst(ev, voice) : /** @type {typeof import('./telling.js')} */ (telling).describe(ev, voice, next);
  }
}

function pegWords(ev, voice, { Subject, subject, verb }) {
  const r = ev.reason;
  const score = true;
  switch (r.why) {
    case 'jack_turned':
      return { text: `A jack turned up: two to ${subject(ev.seat)}.`, say: { seat: ev.seat, words: 'Two for the jack' }, score };
    case 'jack_or_two_turned':
      return { text: `A ${r.card[0] === 'J' ? 'jack' : 'two'} turned up: ${numberWords(ev.points)} to ${subject(ev.seat)}, the dealer.`, say: { seat: ev.seat, words: `${capital(numberWords(ev.points))} for the turn-up` }, score };
    case 'mog_refused':
      return { text: `${capital(numberWords(ev.points))} to ${subject(ev.seat)}: ${subject(r.by)} refused the mog.`, score };
    case 'passed':
      return { text: `${Subject(ev.seat)} ${verb(ev.seat, 'peg')} ${points(ev.points)} for passing a jack or a two${r.of_turnup_suit ? ' of the turn-up’s suit' : ''}.`, score };
    case 'go':
      return { text: `One for go to ${subject(ev.seat)}.`, say: { seat: ev.seat, words: 'One for go' }, score };
    case 'last':
      return { text: `One for last to ${subject(ev.seat)}.`, say: { seat: ev.seat, words: 'One for last' }, score };
    case 'announcement':
    case 'show':
      // The count itself is told in the panel; the peg follows it quietly.
      return { text: `${Subject(ev.seat)} ${verb(ev.seat, 'peg')} ${points(ev.points)}.`, score, quiet: true };
    default:
      return { text: `${Subject(ev.seat)} ${verb(ev.seat, 'peg')} ${points(ev.points)}.`, score };
  }
}

/** "Your announcement", "Ada’s hand". */
function entryLabel(voice, seat, what) {
  return `${voice.isYou(seat) ? 'Your' : `${voice.name(seat)}’s`} ${what}`;
}

/** An announcement or a show as one line of the log. */
function countLine(label, phrases, total) {
  return phrases.length ? `${label}: ${phrases.join(', ')}. ${total} in all.` : `${label}: nothing.`;
}

/**
 * The log's lines for events already told (a reload, an undo); `heard`
 * hears each event with its words (see `replayLines`).
 * @param {import('../../types/engine.js').GameEvent[]} events
 * @param {import('./words.js').Voice} voice
 * @param {unknown} [_engine]  (standard cribbage's face counts a show with it)
 * @param {import('./view.js').Heard} [heard]
 * @returns {string[]}
 */
export function toldLines(events, voice, _engine, heard) {
  return replayLines(
    events,
    (ev, next) => describe(ev, voice, next),
    (ev) => {
      if (ev.type === 'announced') return [countLine(entryLabel(voice, ev.seat, 'announcement'), ev.said.map((s) => s.phrase), ev.total)];
      if (ev.type === 'show') return [countLine(entryLabel(voice, ev.seat, 'hand'), ev.steps.map((s) => s.phrase), ev.count.total)];
      return [];
    },
    heard,
  );
}

// --- The decision at hand ------------------------------------------------------------

/** The cards that may be laid now (an ace offered at two values is one card). */
function playableCards(obs) {
  return [...new Set(movesOf(obs, 'play').map((m) => m.cards[0]))];
}

/**
 * A card tapped at the player's turn.
 * @param {import('../../types/engine.js').Observation} obs
 * @param {string} card
 * @param {{ selected: string[] }} s  The controller's state.
 * @returns {{ action: string } | { selected: string[], said: string } | { choice: Record<string, any> } | null}
 */
export function choose(obs, card, s) {
  if (obs.phase === 'pass') {
    if (!movesOf(obs, 'pass').some((m) => m.cards[0] === card)) return null;
    const selected = s.selected.includes(card) ? [] : [card];
    return { selected, said: `${capital(cardName(card))} ${selected.length ? 'chosen to pass' : 'put back'}.` };
  }
  if (obs.phase === 'play') {
    const moves = movesOf(obs, 'play').filter((m) => m.cards[0] === card);
    if (moves.length === 1) return { action: moves[0].action };
    // An ace that may go as 1 or as 11: the only time the value is asked.
    if (moves.length > 1) return { choice: { card, moves: moves.map((m) => ({ action: m.action, value: m.value })) } };
  }
  return null;
}

/**
 * A button at the player's turn: the action it takes, or a choice to drop.
 * @param {import('../../types/engine.js').Observation} obs
 * @param {string} id
 * @param {{ selected: string[], choice: Record<string, any>|null }} s
 * @returns {{ action: string } | { choice: null } | null}
 */
export function button(obs, id, s) {
  if (id === 'back' && s.choice) return { choice: null };
  if (id.startsWith('ace-') && s.choice) {
    const move = s.choice.moves.find((m) => `ace-${m.value}` === id);
    return move ? { action: move.action } : null;
  }
  if (id === 'pass') {
    const move = movesOf(obs, 'pass').find((m) => m.cards[0] === s.selected[0]);
    return move ? { action: move.action } : null;
  }
  if (['mog', 'refuse', 'go'].includes(id)) {
    const move = movesOf(obs, id)[0];
    return move ? { action: move.action } : null;
  }
  return null;
}

/**
 * The events as the statistics count them (stats.js reads cribbage's): a
 * turn-up starts a hand; an announcement or a shown hand is the hand's
 * count, pegged as the show; a go pegs as the play. Noddy's announcement
 * has no cards to keep as a best hand.
 * @param {import('../../types/engine.js').GameEvent[]} events
 * @returns {Record<string, any>[]}
 */
export function forStats(events) {
  return events.map((ev) => {
    switch (ev.type) {
      case 'turn_up':
        return { type: 'starter' };
      case 'announced':
        return { type: 'show', seat: ev.seat, kind: 'hand', score: { total: ev.total, hand: null, starter: null } };
      case 'show':
        return { type: 'show', seat: ev.seat, kind: 'hand', score: { total: ev.count.total, hand: ev.cards, starter: ev.turnup } };
      case 'pegged':
        if (ev.reason.why === 'go') return { ...ev, reason: { why: 'last' } };
        if (ev.reason.why === 'announcement' || ev.reason.why === 'show') return { ...ev, reason: { why: 'show', kind: 'hand' } };
        return ev;
      default:
        return ev;
    }
  });
}

/** Whether the coach has options to weigh at this turn. */
export const coachable = (obs) => ['mog', 'pass', 'play'].includes(obs.phase) && obs.moves.length > 1;

// --- The view ------------------------------------------------------------------------

const UNDO_ACTION = Object.freeze({ id: 'undo', label: 'Undo', keys: 'U', ariaLabel: 'Undo: take back your last move and the replies to it' });

/**
 * The view models of the table and the peg board (see view.js's `tableView`).
 * @param {import('./view.js').ViewState<ReturnType<typeof observe>> & { choice?: Record<string, any>|null }} s
 */
export function tableView(s) {
  const d = s.display;
  const obs = d.obs;
  const people = s.setup.mode === 'people';
  const voice = voiceFor(s.seats, s.setup, obs);
  const turn = s.waiting?.kind === 'turn';
  const acting = turn ? s.waiting.seat : s.thinking;
  const hidden = people && s.holder !== s.viewer;
  // Each seat's score on its own side, as the engine's `sides` name it (not the seat's number).
  const seats = seatPlates(s, d, { acting, dealer: (i) => i === d.dealer, dealerNote: 'Dealer' });

  const phase = obs.phase;
  let mode = 'idle';
  let playable = [];
  const actions = [];
  let text = s.prompt;
  if (turn) {
    const who = s.seats[s.viewer].name;
    const you = people ? `${who}: ` : '';
    // The other side's player, by the engine's sides (not "the other of two seats").
    const them = s.seats[obs.sides.findIndex((side) => side !== obs.sides[s.viewer])]?.name ?? '';
    if (phase === 'mog') {
      // Two lines at most on a phone: the prompt's room is fixed.
      text = `${you}Mog? Each of you would pass a card face down. No mog gives ${them} a point.`;
      actions.push({ id: 'mog', label: 'Mog', primary: true, keys: 'M' }, { id: 'refuse', label: 'No mog', keys: 'R' });
    } else if (phase === 'pass') {
      mode = 'discard';
      playable = movesOf(obs, 'pass').map((m) => m.cards[0]);
      text = `${you}Choose a card to pass to ${them}.`;
      actions.push({ id: 'pass', label: 'Pass it', primary: true, disabled: !s.selected.length, keys: 'P' });
    } else if (phase === 'play' && s.choice) {
      mode = 'play';
      playable = [s.choice.card];
      const [low, high] = [...s.choice.moves].sort((a, b) => a.value - b.value);
      text = `${you}Lay the ${cardName(s.choice.card)} as 1 (the count goes to ${obs.count + low.value}) or as 11 (to ${obs.count + high.value})?`;
      actions.push(
        { id: `ace-${low.value}`, label: `As ${low.value}`, primary: true },
        { id: `ace-${high.value}`, label: `As ${high.value}` },
        { id: 'back', label: 'Another card' },
      );
    } else if (phase === 'play') {
      mode = 'play';
      playable = playableCards(obs);
      if (movesOf(obs, 'go').length) {
        text = `The count is ${obs.count}: no card fits under ${obs.board.play_limit}.`;
        actions.push({ id: 'go', label: 'Go', primary: true, keys: 'G' });
      } else {
        text = `${you}Play a card. The count is ${obs.count}.`;
      }
    }
    if (coachable(obs) && !s.choice) actions.push({ id: 'hint', label: 'Hint', keys: 'H' });
    if (s.undoable && !s.choice) actions.push({ ...UNDO_ACTION });
  } else if (s.waiting?.kind === 'continue' && !s.panel) {
    actions.push({ id: 'continue', label: s.continueLabel ?? 'Continue', primary: true, keys: 'C' });
  } else if (s.thinking !== null && s.thinking !== undefined) {
    text = `${s.seats[s.thinking].name} is thinking…`;
  }
  if (turn && s.suggestion) text = s.suggestion.text;
  if (s.message) text = s.message;

  const waitingFor = s.waiting?.kind;
  let state = 'busy';
  if (s.panel) state = waitingFor === 'reveal' ? 'reveal' : waitingFor === 'continue' ? 'continue' : 'over';
  else if (turn) state = 'turn';
  else if (waitingFor === 'continue') state = 'continue';

  const table = {
    seats,
    bottom: s.viewer,
    cut: d.cuts?.length ? { cuts: d.cuts.map((c) => ({ seat: c.seat, name: s.seats[c.seat].name, card: c.card })), depths: [] } : null,
    crib: null,
    starter: d.starter,
    starterName: TURN_UP,
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
      chosenWord: 'chosen to pass',
      // The card received in the mog, marked in the hand through the play (it counts no jack-or-two points at the show).
      marks: d.received && d.hand.includes(d.received) ? [{ card: d.received, label: 'received in the mog', short: 'Received' }] : [],
    },
    prompt: text,
    promptTone: null,
    actions: [...actions, ...(s.extraActions ?? [])],
    claim: null,
    standing: null,
    show: s.show && { ...s.show, entries: s.show.entries.map((e) => ({ ...e })), actions: [] },
    panel: s.panel,
    motion: s.motion ?? 0,
    state,
  };
  const board = boardView(d, obs, voice, acting === null || acting === undefined ? null : acting);
  return { table, board };
}

/**
 * The panel over the table once the game is over, or null before: as
 * cribbage's, from the observation, whose `results` give the one game's end
 * in cribbage's form (no skunk, as the engine names none). Cribbage's panel
 * (ending.js) loads when a game ends, as it does for cribbage (play.js):
 * nothing before the first play waits for it.
 * @param {import('../../types/engine.js').Observation} obs
 * @param {import('./words.js').Voice} voice
 * @param {Record<string, any>} how  As view.js's `finalPanel`.
 */
export function finalPanel(obs, voice, how) {
  if (obs.winner === null || obs.winner === undefined) return null;
  return later('ending').then((ending) => ending.finalPanel(obs, voice, /** @type {any} */ (how)));
}


// --- Telling what the panel shows -----------------------------------------------------

/**
 * Whether the players' bubbles go once `ev` has been seen: the mog is
 * settled (refused, or both cards passed), so its "Mog", "No mog" and
 * "Passed" leave them. The controller clears them after a beat as it tells
 * the event, and again when a reload or an undo rebuilds the table.
 * @param {import('../../types/engine.js').GameEvent} ev
 * @param {() => import('../../types/engine.js').Observation} now  The game as it stands (asked only after a mog's event).
 * @returns {boolean}
 */
export function clearsBubbles(ev, now) {
  if (ev.type !== 'mog_refused' && ev.type !== 'passed') return false;
  const { phase } = now();
  return phase !== 'mog' && phase !== 'pass';
}

/**
 * Tells an event the show panel presents (an announcement, a hand shown),
 * or the end of a hand. Returns whether it told it; the controller tells
 * every other event itself.
 * @param {import('../../types/engine.js').GameEvent} ev
 * @param {Record<string, any>} ctx  The controller's telling: `{ s, game, voice, show,
 *   loadShow, alive, patch, pause, waitFor, events, index }`.
 * @returns {Promise<boolean>}
 */
export async function present(ev, ctx) {
  const { s, voice } = ctx;
  switch (ev.type) {
    case 'announced': {
      const show = await ctx.loadShow();
      const own = ev.seat === s.viewer && !(s.setup.mode === 'people' && s.holder !== s.viewer);
      const obs = ctx.game.observation(s.viewer);
      // The announcer's own view has the cards of each phrase; the table
      // hears only the words (the hand is not shown).
      const steps = own && obs.announcement
        ? obs.announcement.map((st) => ({ phrase: st.phrase, cards: st.cards, running: st.running }))
        : ev.said.map((st) => ({ phrase: st.phrase, cards: [], running: st.running }));
      const entry = {
        seat: ev.seat,
        kind: 'hand',
        label: entryLabel(voice, ev.seat, 'announcement'),
        cards: own ? [...obs.dealt] : [],
        backs: own ? 0 : 3,
        steps,
        revealed: 0,
        total: ev.total,
        claimed: null,
        hidden: false,
        note: null,
        noteTone: null,
        active: false,
        none: 'Nothing',
      };
      await show.tellEntry(entry, { alive: ctx.alive, animate: ctx.patch, title: `The announcements: hand ${obs.hand_number}`, starter: obs.turnup, starterName: TURN_UP });
      if (!ctx.events.slice(ctx.index + 1).some((e) => e.type === 'announced')) ctx.after(async () => {
        // Both have announced: a moment to read them, then the play.
        if (ctx.game.isOver()) return;
        s.prompt = 'Both hands are announced. Play when you are ready.';
        s.continueLabel = 'Play';
        await ctx.waitFor('continue');
        s.continueLabel = null;
        s.prompt = '';
        show.clear();
      });
      return true;
    }
    case 'show': {
      const show = await ctx.loadShow();
      const received = ev.received ? ` ${voice.isYou(ev.seat) ? 'You' : voice.name(ev.seat)} received the ${cardName(ev.received)} in the mog.` : '';
      const entry = {
        seat: ev.seat,
        kind: 'hand',
        label: entryLabel(voice, ev.seat, 'hand'),
        cards: [...ev.cards],
        steps: ev.steps.map((st) => ({ phrase: st.phrase, cards: st.cards, running: st.running })),
        revealed: 0,
        total: ev.count.total,
        claimed: null,
        hidden: false,
        note: received.trim() || null,
        noteTone: null,
        active: false,
        none: 'Nothing to count',
      };
      await show.tellEntry(entry, { alive: ctx.alive, animate: ctx.patch, title: `The show: hand ${s.display?.obs.hand_number ?? ''}`.trim(), starter: ev.turnup, starterName: TURN_UP });
      return true;
    }
    case 'hand_over': {
      const show = await ctx.loadShow();
      if (show.current?.entries.length) {
        show.study();
        s.prompt = 'Study the hands, then continue.';
        await ctx.waitFor('continue');
        show.clear();
        s.prompt = '';
      } else {
        // Noddy: no show after the play; a beat to see the last card.
        await ctx.pause('show_end');
        await ctx.pause('show_end');
      }
      return true;
    }
    default:
      return false;
  }
}
