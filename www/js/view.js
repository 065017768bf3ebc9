// The table's view: pure functions from what the engine reports (its
// observation, as the events being told lay cards and pegs on it) and the
// controller's state to the view models that table.js and the peg board
// draw. No DOM, no wasm, no globals and no clocks, so a test can call every
// function here in plain Node (tests/e2e/view.test.mjs) with observations
// the engine made.
//
// The controller (play.js) decides *when* to draw; this module decides
// *what* is drawn, and nothing else.

/** The computer players' names, in the order they join a table. */
export const COMPUTER_NAMES = ['Ada', 'Ben', 'Cleo'];

/**
 * Who sits where, from the set-up. Seat 0 is always a person.
 * @param {{ players: number, mode: 'computer'|'people', names?: string[] }} setup
 * @returns {{ human: boolean, name: string }[]}
 */
export function seatsFor(setup) {
  const people = setup.mode === 'people';
  return Array.from({ length: setup.players }, (_, seat) => {
    if (people) return { human: true, name: setup.names?.[seat]?.trim() || `Player ${seat + 1}` };
    if (seat === 0) return { human: true, name: 'You' };
    // Cleo sits opposite at four, so Ada and Ben (the opponents) keep their names.
    const computer = setup.players === 4 ? { 1: 0, 2: 2, 3: 1 }[seat] : seat - 1;
    return { human: false, name: COMPUTER_NAMES[computer] };
  });
}

/**
 * The names of the two partnerships of a four-player game.
 * @param {{ name: string }[]} seats
 * @param {'computer'|'people'} mode
 * @returns {string[]}
 */
export function sideNames(seats, mode) {
  return [0, 1].map((side) => (mode !== 'people' && side === 0 ? `You and ${seats[2].name}` : `${seats[side].name} and ${seats[side + 2].name}`));
}

/**
 * Who is who, for the wording (words.js's Voice): "you" for the player at
 * a computer game, names at pass-and-play.
 * @param {{ name: string }[]} seats
 * @param {{ players: number, mode: string, match?: string }} setup
 * @returns {import('./words.js').Voice & { match: boolean }}
 */
export function voiceFor(seats, setup) {
  const people = setup.mode === 'people';
  return {
    name: (seat) => seats[seat]?.name ?? `Seat ${seat + 1}`,
    isYou: (seat) => !people && seat === 0,
    sideName(side) {
      if (setup.players === 4) return sideNames(seats, setup.mode)[side];
      return !people && side === 0 ? 'You' : seats[side].name;
    },
    sideIsYou: (side) => !people && side === 0,
    match: setup.match === 'best_of_three',
  };
}

/** The side a seat pegs for. */
function sideOf(obs, seat) {
  const sides = obs.rules.players === 4 ? 2 : obs.rules.players;
  return seat % sides;
}

/**
 * What the table shows of one observation: the engine's own, before any
 * event is laid on it.
 * @param {object} obs  The engine's observation for the seat at the bottom.
 * @returns {Display}
 *
 * @typedef {object} Display
 * @property {object} obs  The observation it was made from.
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
  };
}

/**
 * One event laid on the table as it is told: a card joins the play, a
 * score moves. Returns a new display; `display` is left as it was.
 * @param {Display} display
 * @param {object} ev  An engine event.
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
    default:
  }
  return d;
}

/** The cards a discard action lays away (none for any other action). */
function laidCards(obs, action) {
  return action?.startsWith('discard ') ? action.slice(8).split(' ') : [];
}

// --- The decision at hand, read from the legal actions ------------------------

/**
 * The cards that may be laid in the play now.
 * @param {object} obs
 * @returns {string[]}
 */
export function playableCards(obs) {
  return (obs?.legal ?? []).filter((a) => a.startsWith('play ')).map((a) => a.slice(5));
}

/**
 * How many cards go to the crib (0 when it is not the time to lay away).
 * @param {object} obs
 * @returns {number}
 */
export function discardNeed(obs) {
  const first = (obs?.legal ?? []).find((a) => a.startsWith('discard '));
  return first ? first.split(' ').length - 1 : 0;
}

/**
 * The discard action that lays away exactly `selected`, if the engine lists it.
 * @param {object} obs
 * @param {string[]} selected
 * @returns {string|null}
 */
export function discardAction(obs, selected) {
  const want = [...selected].sort().join(' ');
  return (obs?.legal ?? []).find((a) => a.startsWith('discard ') && a.slice(8).split(' ').sort().join(' ') === want) ?? null;
}

/**
 * The action for a card tapped in the play, if it may be laid.
 * @param {object} obs
 * @param {string} card
 * @returns {string|null}
 */
export function playAction(obs, card) {
  return playableCards(obs).includes(card) ? `play ${card}` : null;
}

/**
 * The action for a button (go, muggins, accept), if the engine lists it.
 * @param {object} obs
 * @param {string} id
 * @returns {string|null}
 */
export function buttonAction(obs, id) {
  return ['go', 'muggins', 'accept'].includes(id) && (obs?.legal ?? []).includes(id) ? id : null;
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
 * Reads a typed count for a muggins claim.
 * @param {object} obs
 * @param {string} text  What the player typed.
 * @returns {{ action: string, value: string } | { error: string, value: string }}
 */
export function readClaim(obs, text) {
  const value = String(text).trim();
  const n = Number(value);
  if (!/^\d{1,2}$/.test(value) || n > 29) return { value, error: 'Enter your count: a whole number from 0 to 29.' };
  return { value, action: `claim ${n}` };
}

/**
 * Whether the crib of this hand belongs to the player in `seat` (or to their side).
 * @param {object} obs
 * @param {number} seat
 * @returns {boolean}
 */
export function ownCrib(obs, seat) {
  return obs.rules.players === 4 ? sideOf(obs, obs.dealer) === sideOf(obs, seat) : obs.dealer === seat;
}

// --- The end of a game -----------------------------------------------------------

/**
 * "Games: You 1, Ada 0." in a match, else ''.
 * @param {object} obs
 * @param {import('./words.js').Voice} voice
 * @returns {string}
 */
export function matchLine(obs, voice) {
  if (obs.rules.match !== 'best_of_three') return '';
  return `Games: ${obs.games_won.map((g, side) => `${voice.sideName(side)} ${g}`).join(', ')}.`;
}

/**
 * The panel over the table once the game (or match) is over, or null before.
 * @param {object} obs
 * @param {import('./words.js').Voice} voice
 * @param {{ people: boolean, scoreLine: (scores: number[], voice: object) => string }} how
 * @returns {{ title: string, lines: string[], actions: object[], tone: string|null } | null}
 */
export function finalPanel(obs, voice, { people, scoreLine }) {
  const last = obs.results.at(-1);
  if (!last) return null;
  const winner = voice.sideName(obs.winner ?? last.winner);
  const won = voice.sideIsYou(obs.winner ?? last.winner);
  const skunk = last.skunk === 'double' ? ' A double skunk!' : last.skunk === 'skunk' ? ' A skunk!' : '';
  const match = obs.rules.match === 'best_of_three';
  const verb = won || winner.includes(' and ') ? 'win' : 'wins';
  const title = match ? `${winner} ${verb} the match` : `${winner} ${verb}`;
  const lines = [`${scoreLine(last.scores, voice)}.${skunk}`, match ? matchLine(obs, voice) : `${last.hands} hands.`];
  const actions = [{ id: 'newgame', label: 'New game', primary: true }];
  if (!people) actions.push({ id: 'review', label: 'Review my play' });
  actions.push({ id: 'stats', label: 'Statistics' });
  return { title, lines, actions, tone: won ? 'win' : null };
}

// --- The view -------------------------------------------------------------------

/**
 * @typedef {object} ViewState  What the controller knows beyond the engine.
 * @property {Display} display     The observation as drawn (events laid on it).
 * @property {{ name: string, human: boolean }[]} seats
 * @property {{ players: number, mode: string, match: string }} setup
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
 * @property {object|null} show    The show panel (show.js).
 * @property {object|null} panel   A panel over the table.
 * @property {object[]} [extraActions]  More buttons for the controls.
 * @property {number} [motion]     Milliseconds a card slides.
 */

/**
 * The view models of the table and of the peg board.
 * @param {ViewState} s
 * @returns {{ table: import('./table.js').TableView, board: { scores: object[], names: string[], target: number, gamesWon: number[], match: boolean, highlight: number|null } }}
 */
export function tableView(s) {
  const d = s.display;
  const obs = d.obs;
  const people = s.setup.mode === 'people';
  const voice = voiceFor(s.seats, s.setup);
  const turn = s.waiting?.kind === 'turn';
  const acting = turn ? s.waiting.seat : s.thinking;
  const hidden = people && s.holder !== s.viewer;
  const n = s.setup.players;
  const seats = s.seats.map((seat, i) => ({
    seat: i,
    name: seat.name,
    you: i === s.viewer,
    partner: n === 4 && !people && i === 2,
    dealer: i === d.dealer,
    toAct: i === acting,
    thinking: i === s.thinking,
    held: d.held[i],
    played: d.played[i],
    said: s.said[i] ?? null,
    score: d.scores[sideOf(obs, i)]?.front ?? 0,
    go: d.go[i],
  }));

  const phase = obs.phase;
  let mode = 'idle';
  let playable = [];
  const actions = [];
  let text = s.prompt;
  if (turn) {
    const who = s.seats[s.viewer].name;
    if (phase === 'discard') {
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
        text = `The count is ${obs.count}: no card fits under 31.`;
        actions.push({ id: 'go', label: 'Go', primary: true, keys: 'G' });
      } else {
        text = `${people ? `${who}: p` : 'P'}lay a card. The count is ${obs.count}.`;
      }
    } else if (phase === 'claim') {
      const whose = obs.showing?.kind === 'crib' ? 'your crib' : 'your hand';
      text = `Count ${whose} with the starter, then claim it. Missed points can be taken by muggins.`;
    } else if (phase === 'muggins') {
      const showing = obs.showing;
      text = `${voice.name(showing.seat)} claims ${showing.claimed}. If you see points missed, call muggins.`;
      actions.push({ id: 'muggins', label: 'Muggins!', primary: true }, { id: 'accept', label: 'Let it stand' });
    }
    if ((phase === 'discard' || phase === 'play') && obs.legal.length > 1) actions.push({ id: 'hint', label: 'Hint', keys: 'H' });
  } else if (s.waiting?.kind === 'continue' && !s.panel) {
    actions.push({ id: 'continue', label: 'Continue', primary: true, keys: 'C' });
  } else if (s.thinking !== null && s.thinking !== undefined) {
    text = `${s.seats[s.thinking].name} is thinking…`;
  }
  const claimError = turn && phase === 'claim' && s.claim?.error;
  if (turn && s.suggestion) text = s.suggestion.text;
  if (claimError) text = s.claim.error;
  if (s.message) text = s.message;

  const waitingFor = s.waiting?.kind;
  let state = 'busy';
  if (s.panel) state = waitingFor === 'reveal' ? 'reveal' : waitingFor === 'continue' ? 'continue' : 'over';
  else if (turn) state = 'turn';
  else if (waitingFor === 'continue') state = 'continue';

  const table = {
    seats,
    bottom: s.viewer,
    crib: { owner: voice.isYou(d.dealer) ? 'Yours' : `${s.seats[d.dealer].name}’s`, count: d.cribCount },
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
    promptTone: claimError ? 'error' : null,
    actions: [...actions, ...(s.extraActions ?? [])],
    claim: turn && phase === 'claim' ? s.claim : null,
    show: s.show && { ...s.show, entries: s.show.entries.map((e) => ({ ...e })), actions: [] },
    panel: s.panel,
    motion: s.motion ?? 0,
    state,
  };
  const sides = obs.scores.length;
  const board = {
    scores: d.scores,
    names: Array.from({ length: sides }, (_, side) => voice.sideName(side)),
    target: obs.rules.target,
    gamesWon: obs.games_won,
    match: obs.rules.match === 'best_of_three',
    highlight: acting === null || acting === undefined ? null : sideOf(obs, acting),
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
