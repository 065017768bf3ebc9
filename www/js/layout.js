// @ts-check
// The table's face for the games laid out on the table: Cribbage Square
// Solitaire (sixteen cards placed one at a time on a 4×4 grid, each row and
// column then counted with the starter), Cribbage Solitaire (six deals of
// a hand and a crib, then the last four) and Table Top Cribbage (a 5×5
// layout built in turn by two players, or four in partnerships, one side
// scoring the rows and the other the columns, to 121). What view.js and words.js are to
// cribbage, and three-card.js to Noddy and Costly Colours, this module is to
// them: the controller (play.js), the table (table.js), the show panel
// (show.js) and the peg board are the same, and this module adds its own
// component to the felt: the grid (by tap, drag or keyboard) with each
// line's running points, or the six deals' scores. Loaded with the family
// engine, only when one of these games is played.
//
// No rules here: where a card may go, what a line holds and what it scores,
// and every phrase of a count come from the engine (its moves, its lines,
// its events); so do the sides, the order of play, each side's pegs, the
// card to place and whether the board's score runs on past its end, which
// every layout game's observation gives in one form. What is the game's
// own is only how it is drawn, and the registry says that (its `layout`).

import { focusSeen, h } from './dom.js';
import { cardName, renderCard, setCardState } from './cards.js';
import { capital, describeFirst, numberWords } from './words-first.js';
import { boardPegs, boardView, movesOf, replayLines, seatsFor, sideNamesFor, toggleCard, voiceFor as cribbageVoiceFor } from './view.js';
import { later } from './later.js';
import { gameInfo } from './games.js';

export { seatsFor, sideNamesFor };

/** The face's stylesheet, which the controller loads with it. */
export const STYLESHEET = 'layout.css';

/**
 * How the game an observation is of is drawn, as the registry says (the
 * `game` the engine names, looked up): a grid filled alone, a grid built
 * by sides, or deals of a hand and a crib.
 * @param {{ game: string }} obs
 * @returns {import('./games.js').LayoutName}
 */
export const layoutOf = (obs) => gameInfo(obs.game).layout;

/**
 * Whether the game is played alone, as the registry says: its result is
 * the deal's score, not a race won by a side.
 * @param {string} game
 */
const alone = (game) => gameInfo(game).options.solo;

/** "1 point", "2 points". */
const points = (n) => `${n} ${n === 1 ? 'point' : 'points'}`;

/** A cell's place in words: "row 2, column 3". */
export function cellName(cell, size) {
  return `row ${Math.floor(cell / size) + 1}, column ${(cell % size) + 1}`;
}

/**
 * A finished game's result as the end's panel says it, from the one form every layout game's
 * observation takes: the scores as the board shows them (the engine's `shown`: stopped in the
 * game hole in a race, Table Top; as made where they run on, a solitaire's points), and the
 * winner the engine names.
 * @param {import('../../types/engine.js').LayoutObservation} obs
 * @returns {import('./play.js').Outcome}
 */
export function outcome(obs) {
  return { scores: obs.shown, winner: obs.winner, win: obs.board.win };
}

/**
 * Each seat's side, as the engine lists them (a solitaire's one seat is side 0).
 * @param {import('../../types/engine.js').Observation} obs  A layout game's (see `LayoutObservation`)
 * @returns {number[]}
 */
export const sidesOf = (obs) => obs.sides;

/**
 * A row or column as every layout game's engine names it: `{ line: 'row', index: 0 }`.
 * @typedef {{ line: 'row' | 'column', index: number }} Line
 */

/**
 * A line's name ("row 1"), counted from 1.
 * @param {Line} line
 * @returns {string}
 */
const lineName = (line) => `${line.line} ${line.index + 1}`;

/**
 * The words' voice (words.js's Voice), and the game played, for the result.
 * @param {{ name: string }[]} seats
 * @param {{ game?: string, mode: string }} setup
 * @param {import('../../types/engine.js').Observation} obs
 */
export function voiceFor(seats, setup, obs) {
  return {
    ...cribbageVoiceFor(seats, setup, sidesOf(obs), { target: obs.board.win, goal: 'reach' }),
    game: obs.game,
    layout: layoutOf(obs),
    alone: alone(obs.game),
    size: obs.size ?? 0,
    cells: obs.grid?.length ?? 0,
    deals: obs.deals ?? 0,
  };
}

/**
 * The observation as the table draws it, with what the telling lays on it.
 * @param {import('../../types/engine.js').LayoutObservation} obs  The engine's observation of a layout game.
 */
export function observe(obs) {
  const scores = boardPegs(obs);
  return {
    obs,
    grid: obs.grid ? [...obs.grid] : null,
    // The card on show to be placed (none while laying away).
    card: obs.card,
    // Each side's pegs with the score the board shows: Table Top's two sides, or a solitaire's one score.
    scores,
    dealer: obs.dealer,
    toAct: obs.to_act,
    starter: obs.starter,
    hand: obs.phase === 'over' ? [] : [...(obs.hand ?? [])],
    // Over once the game's end is told (the deals' current-deal mark goes with it).
    over: obs.phase === 'over',
    // Cribbage Solitaire: the cards in the crib, as the engine says.
    crib: obs.crib ?? 0,
    deal: obs.deal ?? 0,
    counts: [...(obs.counts ?? [])],
    // Square Solitaire's lines as counted at the end: line name → its count.
    counted: Object.fromEntries((obs.count?.lines ?? []).map((l) => [lineName(l.line), l.score.total])),
    heels: obs.count?.heels ?? 0,
    score: obs.score,
    // The rear peg where the engine has it (the last move's start): a count
    // of nothing told next moves no peg and leaves it there. From the score,
    // a deal counted nothing took the board's last move away, where a
    // reload (the engine's pegs) kept it.
    rear: scores[0]?.rear ?? obs.score,
  };
}

/**
 * One event laid on the table as it is told; returns a new display.
 * @param {ReturnType<typeof observe>} display
 * @param {import('../../types/engine.js').GameEvent} ev
 */
export function layOn(display, ev) {
  if (!display || !ev) return display;
  const d = { ...display };
  // A solitaire's count: the deal's running points, and the score its board shows for them, as
  // the engine's event gives it (`shown`), as every game's pegging does.
  const peg = (ev) => {
    // A count of nothing moves no peg: the last move stays marked, as the
    // engine's pegs keep it (a game restored shows the same board).
    if (ev.running !== d.score) d.rear = d.score;
    d.score = ev.running;
    d.scores = [{ front: ev.running, rear: d.rear, shown: ev.shown }];
  };
  switch (ev.type) {
    case 'placed':
      d.grid = d.grid.map((c, i) => (i === ev.cell ? ev.card : c));
      d.card = null;
      break;
    case 'centre':
      // The engine names the centre's cell, as it names a placed card's.
      d.grid = d.grid.map((_, i) => (i === ev.cell ? ev.card : null));
      d.counted = {};
      break;
    case 'pegged':
      d.scores = d.scores.map((p, side) => (side === ev.side ? { front: ev.front, rear: ev.rear, shown: ev.shown } : p));
      break;
    case 'turned':
      d.card = ev.card;
      break;
    case 'starter':
      d.starter = ev.card;
      break;
    case 'heels':
      d.heels = ev.points;
      peg(ev);
      break;
    case 'line_counted':
      d.counted = { ...d.counted, [lineName(ev.count.line)]: ev.count.score.total };
      peg(ev);
      break;
    case 'deal':
      // Cribbage Solitaire's deals: the six cards; a grid's (Table Top's): a new hand, its dealer.
      if (layoutOf(d.obs) !== 'deals') {
        d.dealer = ev.dealer;
        break;
      }
      d.hand = [...ev.hand];
      d.crib = ev.crib;
      d.deal = ev.number;
      break;
    case 'laid_away':
      d.hand = d.hand.filter((c) => !ev.cards.includes(c));
      d.crib += ev.cards.length;
      break;
    case 'counted':
      if (layoutOf(d.obs) !== 'deals') {
        // A grid's line (Table Top's) counted for its side (the peg follows).
        d.counted = { ...d.counted, [lineName(ev.line)]: ev.total };
        break;
      }
      d.counts = [...d.counts, ev];
      if (ev.what === 'hand') d.hand = [];
      if (ev.what === 'crib') d.crib = 0;
      peg(ev);
      break;
    case 'starter_under':
      d.starter = null;
      break;
    case 'game_over':
      d.over = true;
      break;
    default:
  }
  return d;
}

// --- Words ---------------------------------------------------------------------------

/**
 * Cribbage's words for the end of a game (telling.js, with words.js), once
 * loaded: `ready` loads them before a game's end is told, as cribbage's
 * table does (play.js).
 * @type {typeof import('./telling.js') | null}
 */
let telling = null;

/**
 * What must load before `events` can be told (or their lines logged):
 * cribbage's later words, for a game's end.
 * @param {import('../../types/engine.js').GameEvent[]} events
 * @returns {Promise<unknown> | null}
 */
export function ready(events) {
  if (telling || !events.some((ev) => ev.type === 'game_over')) return null;
  return later('telling').then((module) => (telling = module));
}

/** "score" or "scores", for a side: "you and Cleo score", "Ada scores". */
const sideVerb = (voice, side, base) => (voice.sideIsYou(side) || voice.sideName(side).includes(' and ') ? base : `${base}s`);

/** What a count is called in the log and the show panel. */
function countLabel(ev, voice) {
  if (ev.type === 'line_counted') return capital(lineName(ev.count.line));
  if (voice.layout !== 'deals') return `${capital(lineName(ev.line))}: ${voice.sideIsYou(ev.side) ? 'yours' : voice.sideName(ev.side)}`;
  return { hand: 'Your hand', crib: 'Your crib', last_four: 'The last four' }[ev.what];
}

/**
 * One event in the table's words (`{ text, score?, quiet? }`, as words.js's
 * `describe`), or null for a count, which the show panel tells phrase by phrase.
 * @param {import('../../types/engine.js').GameEvent} ev
 * @param {ReturnType<typeof voiceFor>} voice
 * @param {import('../../types/engine.js').GameEvent} [next]  The event after it, where the words look ahead.
 */
export function describe(ev, voice, next) {
  const who = (seat) => (voice.isYou(seat) ? 'You' : voice.name(seat));
  // Mid-sentence the player is "you", a side of theirs "you and Cleo".
  const sideInSentence = (side) => (voice.sideIsYou(side) ? `you${voice.sideName(side).slice(3)}` : voice.sideName(side));
  switch (ev.type) {
    case 'turned':
      return { text: voice.alone ? `Card ${ev.number} of ${voice.cells}: the ${cardName(ev.card)}.` : `${who(ev.seat)} ${voice.isYou(ev.seat) ? 'turn' : 'turns'} the ${cardName(ev.card)}.` };
    case 'placed':
      return { text: `${voice.alone ? 'The' : `${who(ev.seat)}:`} ${cardName(ev.card)} to ${cellName(ev.cell, voice.size)}.` };
    case 'directions':
      return { text: `${capital(voice.sideName(ev.rows))} ${sideVerb(voice, ev.rows, 'score')} the rows, ${sideInSentence(ev.columns)} the columns.` };
    case 'centre':
      return { text: `The centre card is the ${cardName(ev.card)}.` };
    case 'pegged':
      return { text: `${capital(voice.sideName(ev.side))}: ${ev.shown}.`, score: true, quiet: true };
    case 'hand_over':
      return { text: 'The hand is over.' };
    case 'cut_for_deal':
      return describeFirst(ev, voice);
    case 'draw_for_partners': {
      // Table Top with four: each card drawn, and what the draw made (the engine's sides and dealer).
      const cuts = ev.cuts.map((c, i) => `${i === 0 ? who(c.seat) : voice.isYou(c.seat) ? 'you' : voice.name(c.seat)} ${voice.isYou(c.seat) ? 'draw' : 'draws'} the ${cardName(c.card)}`).join('; ');
      if (!ev.seated) return { text: `${cuts}. A tie for partners or for the deal: all four draw again.` };
      // The partnerships as the engine names them: the dealer's (the two highest) and the low cards'.
      const { sides, dealer, low } = ev.seated;
      const name = (side) => (voice.sideIsYou(side) ? 'you and your partner' : voice.sideName(side));
      return { text: `${cuts}. ${capital(name(sides[dealer]))}, the two highest, against ${name(low)}; ${voice.isYou(dealer) ? 'you deal' : `${voice.name(dealer)} deals`}.` };
    }
    case 'starter':
      return { text: `The starter is the ${cardName(ev.card)}.` };
    case 'heels':
      return { text: `A jack: two for his heels. The score is ${ev.running}.`, score: true };
    case 'deal':
      return { text: voice.layout === 'deals' ? `Deal ${ev.number} of ${voice.deals}.` : `Hand ${ev.hand}: ${voice.isYou(ev.dealer) ? 'you deal' : `${voice.name(ev.dealer)} deals`}.` };
    case 'laid_away':
      return { text: `You lay away the ${ev.cards.map(cardName).join(' and the ')}.` };
    case 'starter_under':
      return { text: `The ${cardName(ev.card)} goes under the stock.`, quiet: true };
    case 'game_over':
      // A race between sides ends in cribbage's words; a deal played alone in its score.
      if (!voice.alone) return /** @type {typeof import('./telling.js')} */ (telling).describe(ev, voice, next);
      return { text: `The game is over: ${ev.score}, ${ev.double ? 'a double game' : ev.win ? 'a win' : 'not a win'}.` };
    default:
      return null;
  }
}

/**
 * A count's cards, phrases and total, as the game's event gives them (`layout`: how the game is drawn);
 * `after`: what is said once it is counted, a deal's score after it (the engine's `shown`, the
 * number the board says), as the heels line says it: a score pegged between deals is heard too.
 */
function countOf(ev, layout) {
  if (ev.type === 'line_counted') return { cards: ev.count.cards, steps: ev.count.steps, total: ev.count.score.total, starter: ev.count.score.starter, after: null };
  if (layout !== 'deals') return { cards: ev.cards, steps: ev.said, total: ev.total, starter: null, after: null };
  return { cards: ev.cards, steps: ev.steps, total: ev.points, starter: ev.starter, after: `The score is ${ev.shown}.` };
}

/** A count as one line of the log: the words the show panel says as it tells it live (show.js's `countOut`). */
function countLine(ev, voice) {
  const c = countOf(ev, voice.layout);
  const line = c.steps.length ? `${countLabel(ev, voice)}: ${c.steps.map((st) => st.phrase).join(', ')}. ${c.total} in all.` : `${countLabel(ev, voice)}: nothing.`;
  return c.after ? `${line} ${c.after}` : line;
}

/**
 * The log's lines for events already told (a reload, an undo); `heard`
 * hears each event with its words (see `replayLines`).
 * @param {import('../../types/engine.js').GameEvent[]} events
 * @param {any} voice
 * @param {unknown} [_engine]  (standard cribbage's face counts a show with it)
 * @param {import('./view.js').Heard} [heard]
 * @returns {string[]}
 */
export function toldLines(events, voice, _engine, heard) {
  return replayLines(events, (ev, next) => describe(ev, voice, next), (ev) => (ev.type === 'line_counted' || ev.type === 'counted' ? [countLine(ev, voice)] : []), heard);
}

// --- The decision at hand ------------------------------------------------------------

/** Whether the coach has options to weigh at this turn. */
export const coachable = (obs) => ['place', 'lay_away'].includes(obs.phase) && obs.moves.length > 1;

/**
 * A cell (its action, from the grid) or a card of the hand, at the player's turn.
 * @param {import('../../types/engine.js').Observation} obs
 * @param {string} what  A move's action ("place 2 3"), or a card ("5H").
 * @param {{ selected: string[] }} s  The controller's state.
 * @returns {{ action: string } | { selected: string[], said: string } | null}
 */
export function choose(obs, what, s) {
  if (obs.phase === 'place') return movesOf(obs, 'place').some((m) => m.action === what) ? { action: what } : null;
  if (obs.phase !== 'lay_away' || !obs.hand.includes(what)) return null;
  const need = layAwayNeed(obs);
  const selected = toggleCard(s.selected, what, need);
  return { selected, said: `${capital(cardName(what))} ${selected.includes(what) ? 'chosen' : 'put back'}. ${selected.length} of ${need} chosen.` };
}

/** How many cards a lay-away takes, as the engine's moves say (Cribbage Solitaire's crib: two). */
const layAwayNeed = (obs) => movesOf(obs, 'lay')[0]?.cards.length ?? 0;

/** The lay-away that matches the cards chosen, if any. */
const layAway = (obs, selected) => movesOf(obs, 'lay').find((m) => m.cards.length === selected.length && m.cards.every((c) => selected.includes(c)));

/**
 * A button at the player's turn: Lay away.
 * @returns {{ action: string } | null}
 */
export function button(obs, id, s) {
  const move = id === 'layaway' ? layAway(obs, s.selected) : null;
  return move ? { action: move.action } : null;
}

/**
 * The events as the statistics count them (stats.js reads cribbage's): a
 * finished deal is one game, won or not, its score counted as a hand (so
 * the average and the best are the deal's), and kept among the recent games.
 * @param {import('../../types/engine.js').GameEvent[]} events
 * @returns {Record<string, any>[]}
 */
export function forStats(events, game) {
  const race = !alone(game);
  return events.flatMap((ev) =>
    // A race between sides (Table Top): the game won or lost, as cribbage's (its lines are not hands),
    // the engine saying there was no skunk.
    race && ev.type === 'game_over'
      ? [ev]
      : ev.type === 'centre'
        ? [{ type: 'starter' }]
        : ev.type === 'game_over'
      ? [
          { type: 'show', seat: 0, kind: 'hand', score: { total: ev.score, hand: [], starter: '' } },
          { type: 'pegged', seat: 0, points: ev.score, reason: { why: 'show', kind: 'hand' } },
          // The engine's end, in every game's form: side 0 won, or nobody did (no skunk).
          ev,
          { type: 'recent', score: ev.score },
        ]
      : [],
  );
}

// --- The view ------------------------------------------------------------------------

const UNDO_ACTION = Object.freeze({ id: 'undo', label: 'Undo', keys: 'U', ariaLabel: 'Undo: take back your last move' });

/**
 * The view models of the table, the peg board and the layout's component.
 * @param {import('./view.js').ViewState<ReturnType<typeof observe>>} s
 */
export function tableView(s) {
  const d = s.display;
  const obs = d.obs;
  const kind = layoutOf(obs);
  const turn = s.waiting?.kind === 'turn';
  const acting = turn ? s.waiting.seat : s.thinking;
  const suggested = turn && s.suggestion ? s.suggestion.cards : [];
  const sides = sidesOf(obs);
  const voice = voiceFor(s.seats, s.setup, obs);
  // Round the table in the engine's order of play, so the others are drawn from your left and a partner opposite.
  const seats = obs.order.map((i) => ({
    seat: i,
    name: s.seats[i].name,
    you: i === s.viewer,
    partner: i !== s.viewer && sides[i] === sides[s.viewer],
    dealer: i === d.dealer,
    dealerNote: 'Dealer',
    toAct: i === acting,
    thinking: i === s.thinking,
    // Table Top: each player's face-down stack.
    held: obs.stacks?.[i] ?? 0,
    played: [],
    said: null,
    // As the board shows it, the engine says: a race's score stops at the game hole; a solitaire's runs on, its result.
    score: d.scores[sides[i]].shown,
    go: false,
    practice: Boolean(s.practice) && i === s.viewer,
  }));
  const actions = [];
  let text = s.prompt;
  if (turn) {
    if (kind === 'deals') {
      const need = layAwayNeed(obs);
      text = `Deal ${d.deal} of ${obs.deals}: choose ${need === 1 ? 'a card' : `${numberWords(need)} cards`} for your crib.`;
      actions.push({ id: 'layaway', label: `Lay away (${s.selected.length}/${need})`, primary: true, disabled: !layAway(obs, s.selected), keys: 'L' });
    } else {
      // Pass and play: the name of whoever holds the device, the turn being theirs.
      const who = s.setup.mode === 'people' ? `${s.seats[s.viewer].name}: p` : 'P';
      text = `${who}lace the ${cardName(d.card)} on ${kind === 'grid' ? 'an empty cell' : 'a marked cell, next to a card'}.`;
    }
    if (coachable(obs)) actions.push({ id: 'hint', label: 'Hint', keys: 'H' });
    if (s.undoable) actions.push({ ...UNDO_ACTION });
  } else if (s.waiting?.kind === 'continue' && !s.panel) {
    actions.push({ id: 'continue', label: s.continueLabel ?? 'Continue', primary: true, keys: 'C' });
  } else if (s.thinking !== null && s.thinking !== undefined) {
    text = `${s.seats[s.thinking].name} is thinking…`;
  }
  // A grid's line being counted: its words in the prompt too, under the grid
  // where the line is lit (a phone lists the counts further down).
  const counting = !turn && !text && s.show?.lines ? s.show.entries.find((e) => e.active && !e.hidden) : null;
  if (counting) text = `${counting.label}: ${counting.steps.slice(0, counting.revealed).map((st) => st.phrase).join(', ') || counting.none.toLowerCase()}.`;
  if (turn && s.suggestion) text = s.suggestion.text;
  if (s.message) text = s.message;
  const state = s.panel ? 'over' : turn ? 'turn' : s.waiting?.kind === 'continue' ? 'continue' : 'busy';

  const table = {
    seats,
    bottom: 0,
    cut: null,
    crib: kind === 'deals' ? { owner: 'Yours', count: d.crib } : null,
    starter: kind === 'deals' ? d.starter : null,
    starterName: 'Starter',
    pile: [],
    count: 0,
    playing: false,
    hand: {
      cards: d.hand,
      mode: turn && kind === 'deals' ? 'discard' : 'idle',
      playable: turn ? d.hand : [],
      selected: s.selected,
      suggested,
      hidden: false,
      label: 'Your hand',
    },
    prompt: text,
    promptTone: null,
    actions,
    claim: null,
    standing: null,
    show: s.show && { ...s.show, entries: s.show.entries.map((e) => ({ ...e })), actions: [] },
    panel: s.panel,
    motion: s.motion ?? 0,
    state,
    extra: kind === 'deals' ? dealsView(d) : gridView(d, { turn, suggested, show: s.show, voice, acting, name: s.seats[acting]?.name }),
  };
  const board = boardView(d, obs, voice, acting === null || acting === undefined ? null : sides[acting], { win: obs.board.win });
  return { table, board };
}

/** Square Solitaire's grid as the component draws it. */
function gridView(d, { turn, suggested, show, voice, acting, name }) {
  const obs = d.obs;
  const size = obs.size;
  const legal = new Map(turn ? movesOf(obs, 'place').map((m) => [m.cell, m.action]) : []);
  // The count being read: the cards of its phrase lit, its line marked.
  const lit = new Set(show?.focus?.cards ?? []);
  const line = new Set(show?.entries.find((e) => e.active)?.cards ?? []);
  const cells = d.grid.map((card, i) => {
    const action = legal.get(i) ?? null;
    const best = Boolean(action) && suggested[0] === action;
    const where = capital(cellName(i, size));
    return {
      card,
      action,
      best: best ? suggested[1] ?? '' : null,
      lit: Boolean(card) && lit.has(card),
      line: Boolean(card) && line.has(card),
      label: `${where}: ${card ? cardName(card) : 'empty'}${action ? `; place the ${cardName(d.card)} here` : ''}${best ? `; the coach’s choice, ${suggested[1]} on average` : ''}`,
    };
  });
  const kind = layoutOf(obs);
  const lines = obs.lines.map((l) => {
    const counted = d.counted[lineName(l.line)];
    const value = counted ?? l.points;
    // Table Top: whose line it is (rows one side, columns the other), in words and by its mark's shape.
    const sided = kind === 'shared-grid';
    const whose = sided ? ` (${voice.sideIsYou(l.side) ? 'yours' : voice.sideName(l.side)})` : '';
    return { text: String(value), done: counted !== undefined, mine: !sided || voice.sideIsYou(l.side), label: `${capital(lineName(l.line))}${whose}: ${points(value)}${counted === undefined ? ' so far' : ''}` };
  });
  if (kind === 'shared-grid') {
    const mine = obs.directions[obs.side];
    return {
      kind,
      size,
      cells,
      rows: lines.slice(0, size),
      cols: lines.slice(size),
      next: d.card,
      nextLabel: turn ? 'To place' : name ? `${name}’s card` : 'Turned',
      starter: null,
      // Each side's score as the board shows it (the engine's: stopped at the game hole).
      total: [obs.side, ...d.scores.map((_, side) => side).filter((side) => side !== obs.side)].map((side) => d.scores[side].shown).join('–'),
      totalNote: `${capital(voice.sideName(obs.side))} ${sideVerb(voice, obs.side, 'score')} the ${mine} · ${obs.board.win} wins`,
      heels: '',
      drag: legal.size > 0,
    };
  }
  const sum = Object.keys(d.counted).length || obs.phase === 'over' ? d.score : obs.lines.reduce((n, l) => n + l.points, 0);
  return {
    kind,
    size,
    cells,
    rows: lines.slice(0, size),
    cols: lines.slice(size),
    next: d.card,
    starter: d.starter,
    total: `${sum}`,
    totalNote: `${Object.keys(d.counted).length || obs.phase === 'over' ? 'counted' : 'in the lines so far'} · ${obs.board.win} wins`,
    heels: d.heels ? 'Two for his heels' : '',
    drag: legal.size > 0,
  };
}

/** Cribbage Solitaire's six deals, each hand and crib with its points, and the total. */
function dealsView(d) {
  const obs = d.obs;
  const at = (n, what) => d.counts.find((c, i) => c.what === what && Math.floor(i / 2) === n)?.points ?? null;
  const last = d.counts.find((c) => c.what === 'last_four');
  return {
    kind: 'deals',
    deals: Array.from({ length: obs.deals }, (_, n) => ({ n: n + 1, hand: at(n, 'hand'), crib: at(n, 'crib'), current: n + 1 === d.deal && !d.over })),
    last: last ? last.points : null,
    total: String(d.score),
    totalNote: `${obs.win} wins · ${obs.double} a double game`,
  };
}

// --- The component: the grid, or the deals ------------------------------------------------

/**
 * The layout games' own part of the felt (table.js's `setComponent`): the
 * grid, each cell a button (tap it, drag the card to it, or move with the
 * arrow keys and press Enter or Space), each line's points at its end, the
 * card to place and the starter; or Cribbage Solitaire's deals and total.
 * @param {HTMLElement} el
 * @param {{ onCard: (what: string) => void }} cfg  A legal cell's action goes to `onCard`.
 * @returns {{ set(view: Record<string, any>|undefined): void, focus(): boolean, destroy(): void }}
 */
export function component(el, cfg) {
  const listeners = [];
  const on = (target, type, fn) => {
    target.addEventListener(type, fn);
    listeners.push(() => target.removeEventListener(type, fn));
  };
  const root = h('div', { class: 'lay' });
  el.append(root);
  let view = null;
  let built = '';
  let cells = [];
  let marks = [];
  let focusAt = 0;
  let parts = {};
  let dragging = null;

  function build(v) {
    built = `${v.kind}${v.size ?? ''}`;
    root.dataset.kind = v.kind;
    if (el.parentElement) el.parentElement.dataset.layout = v.kind;
    const total = h('p', { class: 'lay-total', 'data-testid': 'layout-total' }, h('span', { class: 'lay-total-value' }), h('span', { class: 'lay-total-note' }));
    if (v.kind === 'deals') {
      const deals = h('ol', { class: 'lay-deals', 'aria-label': 'The six deals', 'data-testid': 'layout-deals' });
      parts = { total, deals };
      cells = [];
      root.replaceChildren(deals, total);
      return;
    }
    const size = v.size;
    cells = v.cells.map((_, i) => h('button', { type: 'button', class: 'lay-cell', 'data-cell': i, 'data-testid': `cell-${i}`, tabindex: -1 }));
    marks = [...v.rows, ...v.cols].map((_, i) => h('span', { class: `lay-mark lay-mark--${i < size ? 'row' : 'col'}`, role: 'img', 'data-testid': `line-${i}` }));
    const grid = h(
      'div',
      { class: 'lay-grid', role: 'group', 'aria-label': `The grid: ${size} rows of ${size}`, 'data-size': size },
      ...Array.from({ length: size }, (_, r) => [...cells.slice(r * size, r * size + size), marks[r]]).flat(),
      ...marks.slice(size),
    );
    const next = h('div', { class: 'lay-spot lay-next' }, h('span', { class: 'spot-label lay-next-label' }, 'To place'), h('div', { class: 'lay-card', 'data-testid': 'layout-next' }));
    const starter = h('div', { class: 'lay-spot lay-starter' }, h('span', { class: 'spot-label' }, 'Starter'), h('div', { class: 'lay-card', 'data-testid': 'layout-starter' }), h('span', { class: 'lay-heels' }));
    parts = { grid, next, starter, total, shown: [] };
    // Each a grid item of the layout (css/layout.css): the card to place
    // beside the grid on a phone too, the total under it or beside it.
    root.replaceChildren(...[grid, next, v.kind === 'grid' ? starter : null, total].filter(Boolean));
    on(grid, 'click', (event) => {
      const cell = event.target.closest('.lay-cell');
      if (!cell) return;
      focusAt = Number(cell.dataset.cell);
      place(cell);
    });
    on(grid, 'keydown', (event) => keys(event, size));
    on(next, 'pointerdown', grab);
    on(next, 'pointermove', drag);
    on(next, 'pointerup', (event) => drop(event, true));
    on(next, 'pointercancel', (event) => drop(event, false));
  }

  /** A legal cell's action to the controller. */
  function place(cell) {
    if (cell?.dataset.action && cell.getAttribute('aria-disabled') !== 'true') cfg.onCard(cell.dataset.action);
  }

  function keys(event, size) {
    const i = cells.indexOf(event.target.closest('.lay-cell'));
    if (i < 0) return;
    const r = Math.floor(i / size);
    const c = i % size;
    const to = { ArrowRight: [r, c + 1], ArrowLeft: [r, c - 1], ArrowDown: [r + 1, c], ArrowUp: [r - 1, c], Home: [r, 0], End: [r, size - 1] }[event.key];
    if (!to) return;
    event.preventDefault();
    const [nr, nc] = to.map((x) => Math.max(0, Math.min(size - 1, x)));
    move(nr * size + nc);
  }

  function move(i) {
    focusAt = i;
    cells.forEach((b, k) => (b.tabIndex = k === i ? 0 : -1));
    cells[i].focus();
  }

  // Dragging the card to place: a copy follows the pointer, the cell under
  // it is marked, and letting go on a cell where the card may go places it.
  function cellAt(event) {
    const root = /** @type {Document | ShadowRoot} */ (el.getRootNode());
    const hit = (root.elementFromPoint ? root : document).elementFromPoint(event.clientX, event.clientY);
    return hit?.closest?.('.lay-cell') ?? null;
  }
  function grab(event) {
    const card = parts.next.querySelector('.lay-card svg');
    if (!view?.drag || !card || event.button !== 0) return;
    event.preventDefault();
    const box = card.getBoundingClientRect();
    const ghost = card.cloneNode(true);
    ghost.classList.add('lay-ghost');
    ghost.setAttribute('aria-hidden', 'true');
    ghost.style.width = `${box.width}px`;
    root.append(ghost);
    parts.next.setPointerCapture?.(event.pointerId);
    dragging = { ghost, dx: event.clientX - box.left, dy: event.clientY - box.top, over: null };
    drag(event);
  }
  function drag(event) {
    if (!dragging) return;
    const base = root.getBoundingClientRect();
    dragging.ghost.style.left = `${event.clientX - base.left - dragging.dx}px`;
    dragging.ghost.style.top = `${event.clientY - base.top - dragging.dy}px`;
    const over = cellAt(event);
    if (over !== dragging.over) {
      dragging.over?.classList.remove('is-over');
      over?.classList.add('is-over');
      dragging.over = over;
    }
  }
  function drop(event, placed) {
    if (!dragging) return;
    const over = placed ? cellAt(event) : null;
    dragging.over?.classList.remove('is-over');
    dragging.ghost.remove();
    dragging = null;
    if (over) {
      focusAt = Number(over.dataset.cell);
      place(over);
    }
  }

  function showCard(spot, card, name) {
    const holder = spot.querySelector('.lay-card');
    if (holder.dataset.card === (card ?? '')) return;
    holder.dataset.card = card ?? '';
    holder.replaceChildren(card ? renderCard(card, { label: false }) : h('span', { class: 'lay-empty' }));
    holder.setAttribute('role', 'img');
    holder.setAttribute('aria-label', card ? `${name}: ${cardName(card)}` : `${name}: none yet`);
  }

  function update(v) {
    parts.total.firstChild.textContent = v.total;
    parts.total.lastChild.textContent = v.totalNote;
    if (v.kind === 'deals') {
      parts.deals.replaceChildren(
        ...v.deals.map((x) =>
          h(
            'li',
            { class: `lay-deal${x.current ? ' is-current' : ''}`, 'aria-current': x.current ? 'step' : null },
            h('span', { class: 'lay-deal-n' }, `Deal ${x.n}`),
            h('span', { class: 'lay-deal-pts' }, x.hand === null ? '–' : `hand ${x.hand}`),
            h('span', { class: 'lay-deal-pts' }, x.crib === null ? '' : `crib ${x.crib}`),
          ),
        ),
        h('li', { class: 'lay-deal' }, h('span', { class: 'lay-deal-n' }, 'Last four'), h('span', { class: 'lay-deal-pts' }, v.last === null ? '–' : String(v.last))),
      );
      return;
    }
    const size = v.size;
    v.cells.forEach((c, i) => {
      const b = cells[i];
      if (b.dataset.card !== (c.card ?? '')) {
        b.dataset.card = c.card ?? '';
        b.replaceChildren(c.card ? renderCard(c.card, { label: false }) : h('span', { class: 'lay-slot', 'aria-hidden': 'true' }));
      }
      if (c.card) setCardState(b.firstChild, { highlighted: c.lit, dimmed: false });
      else b.firstChild.textContent = c.best !== null ? `★ ${c.best}` : c.action ? '+' : '';
      if (c.action) b.dataset.action = c.action;
      else delete b.dataset.action;
      b.setAttribute('aria-label', c.label);
      if (c.action) b.removeAttribute('aria-disabled');
      else b.setAttribute('aria-disabled', 'true');
      b.classList.toggle('is-legal', Boolean(c.action));
      b.classList.toggle('is-best', c.best !== null);
      b.classList.toggle('is-lit', c.lit);
      b.classList.toggle('is-line', c.line);
    });
    [...v.rows, ...v.cols].forEach((m, i) => {
      marks[i].textContent = m.text;
      marks[i].classList.toggle('is-done', m.done);
      marks[i].classList.toggle('is-theirs', !m.mine);
      marks[i].setAttribute('aria-label', m.label);
    });
    // One tab stop for the grid: the cell last used, else the first where the card may go.
    if (!v.cells[focusAt]?.action) {
      const first = v.cells.findIndex((c) => c.action);
      if (first >= 0 && !cells[focusAt]?.matches(':focus')) focusAt = first;
    }
    cells.forEach((b, k) => (b.tabIndex = k === focusAt ? 0 : -1));
    parts.next.querySelector('.lay-next-label').textContent = v.nextLabel ?? 'To place';
    showCard(parts.next, v.next, v.nextLabel ?? 'To place');
    showCard(parts.starter, v.starter, 'Starter');
    parts.starter.querySelector('.lay-heels').textContent = v.heels;
    parts.next.classList.toggle('is-draggable', v.drag);
    root.dataset.size = size;
  }

  return {
    set(v) {
      view = v ?? null;
      if (!view) return;
      if (`${view.kind}${view.size ?? ''}` !== built) build(view);
      update(view);
    },
    /** Focuses the grid's tab stop when a card may be placed; false when there is nothing to place. */
    focus() {
      if (!view?.drag || !cells[focusAt]) return false;
      focusSeen(cells[focusAt], root);
      return true;
    },
    destroy() {
      for (const off of listeners.splice(0)) off();
      dragging?.ghost.remove();
      if (el.parentElement) delete el.parentElement.dataset.layout;
      root.remove();
    },
  };
}

// --- Telling what the panel shows -----------------------------------------------------

/**
 * Tells the counts in the show panel, phrase by phrase, and waits between
 * Cribbage Solitaire's deals. Returns whether it told the event; the
 * controller tells every other event itself.
 * @param {import('../../types/engine.js').GameEvent} ev
 * @param {Record<string, any>} ctx  The controller's telling (see play.js's `present`).
 * @returns {Promise<boolean>}
 */
export async function present(ev, ctx) {
  const { s } = ctx;
  switch (ev.type) {
    case 'line_counted':
    case 'counted': {
      const show = await ctx.loadShow();
      const line = ev.type === 'line_counted';
      const c = countOf(ev, ctx.voice.layout);
      const entry = {
        seat: ev.side ?? 0,
        kind: 'hand',
        label: countLabel(ev, ctx.voice),
        cards: [...c.cards],
        steps: c.steps.map((st) => ({ phrase: st.phrase, cards: st.cards, running: st.running })),
        revealed: 0,
        total: c.total,
        claimed: null,
        hidden: false,
        note: null,
        noteTone: null,
        active: false,
        none: 'Nothing',
        after: c.after,
      };
      const tableTop = ctx.voice.layout === 'shared-grid';
      const title = line ? 'The count: every row and column with the starter' : tableTop ? `The count: hand ${s.display?.obs.hand_number}` : ev.what === 'last_four' ? 'The last four, with no starter' : `Deal ${s.display?.deal ?? ''}`;
      // A grid's lines are lit on the grid as they are counted: the panel tells each in words.
      await show.tellEntry(entry, { alive: ctx.alive, animate: ctx.patch, title, starter: c.starter, starterName: 'Starter', lines: line || tableTop });
      return true;
    }
    case 'starter_under': {
      // A deal's hand and crib are counted: a moment to study them, then the next deal.
      const show = await ctx.loadShow();
      show.study();
      s.prompt = 'Study the hand and the crib, then go on.';
      s.continueLabel = (s.display?.deal ?? 0) >= (s.display?.obs.deals ?? 0) ? 'Count the last four' : 'Next deal';
      await ctx.waitFor('continue');
      s.continueLabel = null;
      s.prompt = '';
      show.clear();
      return true;
    }
    case 'hand_over': {
      // Table Top: every line counted; a moment to study them, then the next hand.
      const show = await ctx.loadShow();
      show.study();
      s.prompt = 'Study the lines, then continue.';
      await ctx.waitFor('continue');
      show.clear();
      s.prompt = '';
      return true;
    }
    case 'deal':
      await ctx.pause('deal');
      return true;
    default:
      return false;
  }
}

// --- The end ----------------------------------------------------------------------------

/**
 * The panel over the table once the deal is over, or null before: the
 * score against the win line, the result to copy and share, the deal to
 * replay, the review and the statistics (layout-ending.js, with cribbage's
 * panel, loaded when a game ends, as cribbage's is: nothing before the
 * first play waits for it).
 * @param {import('../../types/engine.js').Observation} obs
 * @param {ReturnType<typeof voiceFor>} voice
 * @param {{ people?: boolean, practice?: boolean, scoreLine?: (scores: number[], voice: Record<string, any>) => string, seed?: string|null, shareable?: boolean }} how
 */
export function finalPanel(obs, voice, how) {
  if (obs.phase !== 'over') return null;
  return later('layoutEnding').then((ending) => ending.finalPanel(obs, voice, how, layoutOf(obs)));
}
