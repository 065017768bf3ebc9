// The game controller: owns the engine's game handle, runs the turns (the
// player's choices from the table, the computers' from the worker), tells
// every event at the chosen pace, and saves after every action.
//
// Nothing here decides a rule. The table shows the engine's observation for
// the seat at the bottom; the legal actions come from it; events are told as
// the engine reports them. While a batch of events is being told the table
// shows the observation from before the action with each event laid on top
// (a card joins the play, a score moves), then returns to the engine's own
// observation: the events are drawn, not recomputed.

import { createTable } from './table.js';
import { describe, capital, scoreLine, mugginsNote, resultTitle, claimPrompt, mugginsPrompt } from './words.js';
import { gameOfRules, rulesFor } from './games.js';
import { cardName } from './cards.js';
import { tally } from './stats.js';

/** Delay per event at normal speed, in milliseconds. */
const PACE = {
  laid_away: 260,
  starter: 700,
  played: 800,
  go: 700,
  count_reset: 1000,
  pegged: 650,
  deal: 300,
  step: 650,
  show_end: 600,
  think: 450,
};

export const SPEEDS = { slow: 1.6, normal: 1, fast: 0.45, instant: 0 };

export const COMPUTER_NAMES = ['Ada', 'Ben', 'Cleo'];

/**
 * Who sits where, from the set-up. Seat 0 is always a person.
 * @param {object} setup  { players, mode: 'computer'|'people', names, level, target, counting, match }
 */
export function seatsFor(setup) {
  const people = setup.mode === 'people';
  return Array.from({ length: setup.players }, (_, seat) => {
    if (people) return { human: true, name: setup.names?.[seat]?.trim() || `Player ${seat + 1}` };
    if (seat === 0) return { human: true, name: 'You' };
    const computer = setup.players === 4 ? { 1: 0, 2: 2, 3: 1 }[seat] : seat - 1;
    return { human: false, name: COMPUTER_NAMES[computer] };
  });
}

/** The names of the two partnerships of a four-player game. */
export function sideNames(seats, mode) {
  return [0, 1].map((side) => (mode !== 'people' && side === 0 ? `You and ${seats[2].name}` : `${seats[side].name} and ${seats[side + 2].name}`));
}

/**
 * @param {HTMLElement} el  Where the table goes.
 * @param {object} deps  (The engine and the computer players come later, by `attach`:
 *   the table is drawn before the engine has loaded, so nothing moves when it has.)
 * @param {(text: string, options?: object) => void} deps.say  Live region and log.
 * @param {(name: string, detail: object) => void} deps.emit  onEvent for the embedder.
 * @param {() => string} deps.speed
 * @param {(scores: object) => void} deps.onScores  The board.
 * @param {(state: object) => void} deps.persist  Saves the game in progress.
 * @param {(events: object[], who: object) => void} deps.onStats
 * @param {(obs: object|null, ctx: object) => void} deps.onTurn  The coach panel.
 * @param {(action: string) => void} deps.onCommand  Buttons the app handles (new game, review).
 */
export function createPlay(el, deps) {
  let engine = null;
  let ai = null;
  const table = createTable(el, {
    onCard: (card) => chooseCard(card),
    onAction: (id) => act(id),
    onClaim: (text) => claim(text),
    onStep: (entry, step) => focusStep(entry, step),
  });

  let game = null;
  let setup = null;
  let seats = [];
  let token = 0;
  let viewer = 0;
  let holder = null;
  let display = null;
  let thinking = null;
  let said = {};
  let show = null;
  let panel = null;
  let selected = [];
  let claimState = null;
  let waiting = null;
  let presented = 0;
  let prompt = '';
  let extraActions = [];
  let message = null;
  let suggestion = null;

  const people = () => setup.mode === 'people';
  const isHuman = (seat) => seats[seat]?.human;
  const rules = () => game.rules();
  const sides = () => (setup.players === 4 ? 2 : setup.players);
  const sideOf = (seat) => seat % sides();

  const voice = {
    name: (seat) => seats[seat]?.name ?? `Seat ${seat + 1}`,
    isYou: (seat) => !people() && seat === 0,
    sideName(side) {
      if (setup.players === 4) return sideNames(seats, setup.mode)[side];
      return !people() && side === 0 ? 'You' : seats[side].name;
    },
    sideIsYou: (side) => !people() && side === 0,
    get match() {
      return setup?.match === 'best_of_three';
    },
    get rules() {
      return game ? rules() : null;
    },
  };

  // --- Starting and restoring -------------------------------------------------

  /** A new game from a set-up and a seed string. */
  function start(newSetup, seed) {
    stop();
    setup = newSetup;
    seats = seatsFor(setup);
    game = new engine.CribbageGame(rulesFor(setup), seed);
    presented = 0;
    holder = people() ? null : 0;
    viewer = 0;
    resetHand();
    message = null;
    save();
    run();
  }

  /**
   * Restores a saved game: `saved` is what {@link save} stored.
   * @throws {Error} with a player-facing reason when it cannot be restored.
   */
  function restore(saved) {
    if (!saved || typeof saved !== 'object' || saved.v !== 1 || typeof saved.save !== 'string' || !saved.setup) {
      throw new Error(saved?.v > 1 ? 'it was saved by a newer version of this page' : 'it is not a game this page saved');
    }
    const restored = engine.CribbageGame.restore(saved.save);
    stop();
    game = restored;
    // The game it is comes from its own rules (saves from before the picker have no game).
    setup = { ...saved.setup, game: gameOfRules(restored.rules()) };
    seats = seatsFor(setup);
    if (seats.length !== game.rules().players) {
      game.free?.();
      game = null;
      throw new Error('its seats do not match its rules');
    }
    presented = Math.min(Number(saved.presented) || 0, game.eventCount());
    holder = people() ? null : 0;
    viewer = 0;
    resetHand();
    selected = Array.isArray(saved.selected) ? saved.selected.filter((c) => typeof c === 'string') : [];
    run();
  }

  function resetHand() {
    said = {};
    show = null;
    panel = null;
    selected = [];
    claimState = null;
    thinking = null;
    display = null;
  }

  function save() {
    if (!game) return;
    deps.persist(game.isOver() && presented >= game.eventCount() ? null : {
      v: 1,
      save: game.save(),
      setup,
      presented,
      selected,
    });
  }

  function stop() {
    token++;
    if (waiting) {
      waiting.reject(new Cancelled());
      waiting = null;
    }
    game?.free?.();
    game = null;
  }

  // --- The turn loop ---------------------------------------------------------------

  async function run() {
    const my = ++token;
    const alive = () => my === token;
    try {
      if (presented < game.eventCount()) {
        // A reload in the middle of telling: show what is still to be seen
        // (the show, a game's end) over the table as it now stands.
        const events = game.events(presented);
        display = observe();
        await present(events, { patch: false, alive });
      }
      while (alive()) {
        display = observe();
        if (game.isOver()) {
          finalPanel();
          save();
          return;
        }
        const seat = game.toAct();
        if (isHuman(seat)) {
          if (people() && holder !== seat) {
            await passDevice(seat, alive);
            continue;
          }
          viewer = seat;
          display = observe();
          const action = await humanTurn(seat, alive);
          if (!alive()) return;
          try {
            await perform(seat, action, alive);
            claimState = null;
          } catch (err) {
            if (err instanceof Cancelled || !refused(err)) throw err;
            // The engine refused (a claim above the true count): say why and ask again.
            const why = `${capital(err.message)}.`;
            if (claimState) claimState = { ...claimState, error: why };
            deps.say(why, { important: true, log: false });
          }
        } else {
          thinking = seat;
          render();
          const started = performance.now();
          // Each computer its own seed, fixed by the game's: a game replays the same.
          const seed = Number((BigInt(game.seed()) + BigInt(seat) * 0x9e3779b9n) & 0xffffffffn);
          const action = await ai.decide(game.observationJson(seat), setup.level, seed);
          const wait = PACE.think * factor() - (performance.now() - started);
          if (wait > 0) await sleep(wait);
          if (!alive()) return;
          thinking = null;
          await perform(seat, action, alive);
        }
      }
    } catch (err) {
      if (err instanceof Cancelled || !alive()) return;
      message = `Something went wrong: ${err.message}`;
      deps.say(message, { important: true });
      render();
      throw err;
    }
  }

  async function perform(seat, action, alive) {
    const before = display;
    let events;
    try {
      events = game.apply(seat, action);
    } catch (err) {
      throw new Refused(err.message);
    }
    deps.onStats(events, { human: isHuman(seat) });
    save();
    display = before;
    await present(events, { patch: true, alive, actor: seat, action });
    presented = game.eventCount();
    save();
  }

  // --- The player's turn ----------------------------------------------------------

  function humanTurn(seat, alive) {
    const obs = display.obs;
    const legal = obs.legal;
    claimState = obs.phase === 'claim' ? { value: claimState?.value ?? '', error: claimState?.error ?? '' } : null;
    selected = obs.phase === 'discard' ? selected.filter((c) => obs.hand.includes(c)) : [];
    if (obs.phase === 'claim' || obs.phase === 'muggins') openShowFor(obs);
    suggestion = null;
    deps.onTurn({
      json: game.observationJson(seat),
      phase: obs.phase,
      choices: obs.legal.length,
      ownCrib: rules().players === 4 ? sideOf(obs.dealer) === sideOf(seat) : obs.dealer === seat,
      dealerName: seats[obs.dealer].name,
    });
    render();
    if (!legal.length) return Promise.reject(new Error('no legal action for the player to act'));
    return new Promise((resolve, reject) => {
      waiting = {
        seat,
        kind: 'turn',
        resolve: (value) => {
          waiting = null;
          table.busy();
          suggestion = null;
          deps.onTurn(null);
          resolve(value);
        },
        reject,
      };
      render();
      focusTurn();
    });
  }

  function focusTurn() {
    requestAnimationFrame(() => {
      // Only when focus is nowhere (its card was just played) or already at
      // the table: never taken from the coach, the log or the page around.
      const root = el.getRootNode();
      const active = root.activeElement;
      const lost = !document.activeElement || document.activeElement === document.body;
      const inTable = Boolean(active) && table.element.contains(active);
      if (lost || inTable) {
        table.flush();
        if (!table.element.contains(root.activeElement) || root.activeElement?.matches?.('.hand-card[aria-disabled="true"]')) table.focusHand();
      }
    });
  }

  function legalCards() {
    return (display?.obs.legal ?? []).filter((a) => a.startsWith('play ')).map((a) => a.slice(5));
  }

  /** The discard action matching the chosen cards, if the engine lists it. */
  function discardAction() {
    const want = [...selected].sort().join(' ');
    return (display?.obs.legal ?? []).find((a) => a.startsWith('discard ') && a.slice(8).split(' ').sort().join(' ') === want) ?? null;
  }

  function discardCount() {
    const first = (display?.obs.legal ?? []).find((a) => a.startsWith('discard '));
    return first ? first.split(' ').length - 1 : 0;
  }

  function chooseCard(card) {
    if (!waiting || waiting.kind !== 'turn') return;
    const phase = display.obs.phase;
    if (phase === 'discard') {
      const need = discardCount();
      if (selected.includes(card)) selected = selected.filter((c) => c !== card);
      else selected = [...selected, card].slice(-need);
      deps.say(`${capital(cardName(card))} ${selected.includes(card) ? 'chosen' : 'put back'}. ${selected.length} of ${need} chosen.`, { log: false });
      save();
      render();
    } else if (phase === 'play' && legalCards().includes(card)) {
      waiting.resolve(`play ${card}`);
    }
  }

  /** Chooses (or plays) the n-th card of the hand, from 1: the number keys. */
  function chooseNth(n) {
    const card = display?.hand[n - 1];
    if (card) chooseCard(card);
  }

  function act(id) {
    if (id === 'continue' && waiting?.kind === 'continue') {
      waiting.resolve();
      return;
    }
    if (id === 'reveal' && waiting?.kind === 'reveal') {
      waiting.resolve();
      return;
    }
    if (['newgame', 'review', 'stats', 'hint'].includes(id)) {
      deps.onCommand(id);
      return;
    }
    if (!waiting || waiting.kind !== 'turn') return;
    const legal = display.obs.legal;
    if (id === 'layaway') {
      const action = discardAction();
      if (action) waiting.resolve(action);
    } else if (['go', 'muggins', 'accept'].includes(id) && legal.includes(id)) {
      waiting.resolve(id);
    }
  }

  function claim(text) {
    if (!waiting || waiting.kind !== 'turn' || display.obs.phase !== 'claim') return;
    const value = String(text).trim();
    const n = Number(value);
    if (!/^\d{1,2}$/.test(value) || n > 29) {
      claimState = { value, error: 'Enter your count: a whole number from 0 to 29.' };
      render();
      return;
    }
    claimState = { value, error: '' };
    waiting.resolve(`claim ${n}`);
  }

  function waitFor(kind, alive) {
    return new Promise((resolve, reject) => {
      waiting = {
        kind,
        resolve: () => {
          waiting = null;
          table.busy();
          resolve();
        },
        reject,
      };
      render();
      requestAnimationFrame(() => {
        if (alive()) {
          table.flush();
          table.focusAction(kind === 'reveal' ? 'reveal' : 'continue');
        }
      });
    });
  }

  async function passDevice(seat, alive) {
    holder = null;
    viewer = seat;
    display = observe();
    panel = {
      title: `${seats[seat].name}’s turn`,
      lines: [`Pass the device to ${seats[seat].name}. The other hands stay hidden until then.`],
      actions: [{ id: 'reveal', label: `I’m ${seats[seat].name}: show my cards`, primary: true }],
      tone: 'curtain',
    };
    await waitFor('reveal', alive);
    panel = null;
    holder = seat;
    deps.say(`${seats[seat].name} has the device.`, { log: false });
  }

  // --- Telling the events --------------------------------------------------------------

  const factor = () => SPEEDS[deps.speed()] ?? 1;
  const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');
  /** How long a card takes to slide into the play: none when instant or with reduced motion. */
  const motion = () => (reduced?.matches ? 0 : Math.round(420 * Math.min(factor(), 1.3)));

  function sleep(ms) {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  async function pause(ms, alive) {
    const wait = ms * factor();
    render();
    if (wait > 0) await sleep(wait);
    if (!alive()) throw new Cancelled();
  }

  async function present(events, { patch, alive, actor, action }) {
    for (let i = 0; i < events.length; i++) {
      const ev = events[i];
      const next = events[i + 1];
      const told = describe(ev, voice, next);
      if (patch) layOn(ev, { actor, action });
      if (ev.type === 'count_reset' || ev.type === 'deal') said = {};
      if (told) {
        deps.say(told.text, { score: told.score, log: !told.quiet });
        if (told.say) said = { ...said, [told.say.seat]: told.say.words };
      }
      if (ev.type === 'pegged') pegged(ev);
      if (told?.folded) {
        if (patch) layOn(next, {});
        pegged(next);
        i++;
      }
      switch (ev.type) {
        case 'show':
          await showHand(ev, events.slice(i + 1), alive, patch);
          break;
        case 'pegged':
          if (ev.reason.why === 'muggins') revealPending(mugginsNote(ev, voice), 'bad');
          await pause(PACE.pegged, alive);
          break;
        case 'accepted':
          revealPending(`${capital(voice.isYou(ev.seat) ? 'you' : voice.name(ev.seat))} let${voice.isYou(ev.seat) ? '' : 's'} it stand.`);
          await pause(PACE.pegged, alive);
          break;
        case 'hand_over':
          if (show) {
            show.hint = 'Point at a phrase to see its cards.';
            show.focus = null;
          }
          prompt = 'Study the hands and the crib, then continue.';
          await waitFor('continue', alive);
          show = null;
          prompt = '';
          break;
        case 'game_over': {
          const more = events.slice(i + 1).some((e) => e.type === 'new_game');
          deps.emit('gameover', gameOverDetail(ev));
          if (more) {
            panel = {
              title: told.text,
              lines: [matchLine()],
              actions: [{ id: 'continue', label: 'Next game', primary: true }],
            };
            await waitFor('continue', alive);
            panel = null;
            show = null;
          }
          break;
        }
        case 'deal':
          show = null;
          if (patch) display = observe();
          await pause(PACE.deal, alive);
          break;
        default:
          if (ev.type in PACE) await pause(PACE[ev.type], alive);
          else render();
      }
    }
    said = ['hand_over', 'deal'].includes(events.at(-1)?.type) ? {} : said;
  }

  /** Lays one event on the table as drawn (see the module comment). */
  function layOn(ev, { actor, action }) {
    const d = display;
    if (!d || !ev) return;
    switch (ev.type) {
      case 'laid_away':
        d.held[ev.seat] = Math.max(0, d.held[ev.seat] - ev.cards);
        d.cribCount += ev.cards;
        if (ev.seat === d.obs.seat && ev.seat === actor && action?.startsWith('discard ')) {
          const gone = action.slice(8).split(' ');
          d.hand = d.hand.filter((c) => !gone.includes(c));
          selected = [];
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
    d.toAct = null;
  }

  function pegged(ev) {
    if (!ev) return;
    const scores = display?.scores;
    if (scores && !scores[ev.side]) return;
    deps.emit('score', {
      seat: ev.seat,
      side: ev.side,
      name: voice.name(ev.seat),
      points: ev.points,
      score: ev.front,
      previous: ev.rear,
      reason: ev.reason.why,
    });
  }

  // --- The show --------------------------------------------------------------------------

  function showTitle() {
    return `The show: hand ${display?.obs.hand_number ?? ''}`.trim();
  }

  function entryFor(record) {
    const { seat, score, claimed } = record;
    const kind = score.kind;
    const label = kind === 'crib'
      ? `${voice.isYou(seat) ? 'Your' : `${voice.name(seat)}’s`} crib`
      : `${voice.isYou(seat) ? 'Your' : `${voice.name(seat)}’s`} hand`;
    let steps = [];
    try {
      steps = engine.scoreShow(score.hand, score.starter, kind === 'crib').steps;
    } catch {
      steps = [];
    }
    const entry = { seat, kind, label, cards: score.hand, steps, revealed: 0, total: score.total, claimed: claimed ?? null, hidden: false, note: null, noteTone: null, active: false };
    if (claimed !== null && claimed !== undefined) {
      const missed = score.total - claimed;
      const who = voice.isYou(seat) ? 'You' : voice.name(seat);
      entry.note = missed > 0
        ? `${who} claimed ${claimed}; the cards hold ${score.total}: ${missed} missed.`
        : `${who} claimed ${claimed}: right.`;
      entry.noteTone = missed > 0 ? 'warn' : null;
    }
    return entry;
  }

  function ensureShow(starter) {
    if (!show) {
      show = { title: showTitle(), starter, entries: [], focus: null, hint: '' };
    }
    return show;
  }

  async function showHand(ev, rest, alive, animate) {
    const s = ensureShow(ev.score.starter);
    s.entries.forEach((e) => (e.active = false));
    const entry = entryFor(ev);
    entry.active = true;
    // A claim replaces the face-up hand that was waiting for it.
    const waitingAt = s.entries.findIndex((e) => e.seat === ev.seat && e.kind === ev.kind);
    if (waitingAt >= 0) s.entries[waitingAt] = entry;
    else s.entries.push(entry);
    // In muggins the count stays covered while an opponent may still call.
    const pendingCall = ev.claimed !== null && ev.claimed !== undefined && !rest.some((e) => e.type !== 'pegged') && game.phase() === 'muggins';
    if (pendingCall) {
      entry.hidden = true;
      entry.pendingText = `${voice.isYou(ev.seat) ? 'You claim' : `${voice.name(ev.seat)} claims`} ${ev.claimed}.`;
      render();
      return;
    }
    await countOut(s, entry, alive, animate);
  }

  async function countOut(s, entry, alive, animate) {
    entry.hidden = false;
    const index = s.entries.indexOf(entry);
    if (animate && factor() > 0) {
      for (let k = 0; k < entry.steps.length; k++) {
        entry.revealed = k + 1;
        s.focus = { entry: index, step: k, cards: entry.steps[k].cards };
        await pause(PACE.step, alive);
      }
    }
    entry.revealed = Math.max(entry.steps.length, 1);
    s.focus = null;
    const cadence = entry.steps.length ? entry.steps.map((st) => st.phrase).join(', ') : 'nineteen: not a point to count';
    deps.say(`${entry.label}: ${cadence}.${entry.steps.length ? ` ${entry.total} in all.` : ''}`);
    await pause(PACE.show_end, alive);
  }

  function revealPending(note, tone) {
    const entry = show?.entries.find((e) => e.hidden && e.total !== null);
    if (!entry) return;
    entry.hidden = false;
    entry.revealed = Math.max(entry.steps.length, 1);
    entry.note = entry.note ? `${entry.note} ${note}` : note;
    entry.noteTone = tone ?? entry.noteTone;
    const cadence = entry.steps.length ? entry.steps.map((st) => st.phrase).join(', ') : 'nineteen: not a point to count';
    deps.say(`${entry.label}: ${cadence}.`);
  }

  /** The show panel during a muggins claim or call: the cards face up. */
  function openShowFor(obs) {
    const showing = obs.showing;
    if (!showing || !obs.starter) return;
    const s = ensureShow(obs.starter);
    // Counted hands of this hand (after a reload the panel starts empty).
    for (const record of obs.shows) {
      if (!s.entries.some((e) => e.seat === record.seat && e.kind === record.score.kind)) {
        const entry = entryFor(record);
        entry.revealed = Math.max(entry.steps.length, 1);
        s.entries.push(entry);
      }
    }
    let entry = s.entries.find((e) => e.seat === showing.seat && e.kind === showing.kind);
    if (obs.phase === 'claim' && !entry) {
      const label = `${voice.isYou(showing.seat) ? 'Your' : `${voice.name(showing.seat)}’s`} ${showing.kind}`;
      entry = { seat: showing.seat, kind: showing.kind, label, cards: showing.cards, steps: [], revealed: 0, total: null, claimed: null, hidden: true, pendingText: 'Your count?', note: null, active: true };
      s.entries.push(entry);
    } else if (obs.phase === 'muggins' && entry) {
      entry.hidden = true;
      entry.pendingText = `${voice.name(showing.seat)} claims ${showing.claimed}.`;
    }
    s.entries.forEach((e) => (e.active = e === entry));
  }

  function focusStep(entryIndex, step) {
    const entry = show?.entries[entryIndex];
    if (!entry || entry.hidden || step >= entry.revealed) return;
    if (show.focus?.entry === entryIndex && show.focus.step === step) return;
    show.focus = { entry: entryIndex, step, cards: entry.steps[step].cards };
    render();
  }

  // --- Game over ------------------------------------------------------------------------------

  function gameOverDetail(ev) {
    return {
      game: ev.game,
      winner: ev.winner,
      winnerName: voice.sideName(ev.winner),
      you: voice.sideIsYou(ev.winner),
      scores: ev.scores,
      skunk: ev.skunk,
      // Reverse cribbage: the side that reached the target, and lost (the engine gives it there only).
      reached: ev.reached,
    };
  }

  function matchLine() {
    const obs = game.observation(viewer);
    if (rules().match !== 'best_of_three') return '';
    return `Games: ${obs.games_won.map((g, side) => `${voice.sideName(side)} ${g}`).join(', ')}.`;
  }

  function finalPanel() {
    const obs = game.observation(viewer);
    const last = obs.results.at(-1);
    if (!last) return;
    const won = voice.sideIsYou(obs.winner ?? last.winner);
    const skunk = last.skunk === 'double' ? ' A double skunk!' : last.skunk === 'skunk' ? ' A skunk!' : '';
    const match = rules().match === 'best_of_three';
    const title = resultTitle({ ...last, winner: obs.winner ?? last.winner }, voice, { match });
    const lines = [
      `${scoreLine(last.scores, voice)}.${skunk}`,
      match ? `Games: ${obs.games_won.map((g, side) => `${voice.sideName(side)} ${g}`).join(', ')}.` : `${last.hands} hands.`,
    ];
    const actions = [{ id: 'newgame', label: 'New game', primary: true }];
    if (!people()) actions.push({ id: 'review', label: 'Review my play' });
    actions.push({ id: 'stats', label: 'Statistics' });
    panel = { title, lines, actions, tone: won ? 'win' : null };
    prompt = 'The game is over.';
    render();
  }

  // --- Views ------------------------------------------------------------------------------------

  /** What the table draws, from the engine's observation for the seat at the bottom. */
  function observe() {
    const obs = game.observation(viewer);
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

  function render() {
    if (!game || !display) return;
    const d = display;
    const obs = d.obs;
    const turn = waiting?.kind === 'turn';
    const n = setup.players;
    const hidden = people() && holder !== viewer;
    const viewSeats = seats.map((s, seat) => ({
      seat,
      name: s.name,
      you: seat === viewer,
      partner: n === 4 && !people() && seat === 2,
      dealer: seat === d.dealer,
      toAct: seat === (turn ? waiting.seat : thinking),
      thinking: seat === thinking,
      held: d.held[seat],
      played: d.played[seat],
      said: said[seat] ?? null,
      score: d.scores[sideOf(seat)]?.front ?? 0,
      go: d.go[seat],
    }));

    const phase = obs.phase;
    let mode = 'idle';
    let playable = [];
    let actions = [];
    let text = prompt;
    if (turn) {
      if (phase === 'discard') {
        mode = 'discard';
        playable = d.hand;
        const need = discardCount();
        const whose = d.dealer === viewer ? (people() ? `${seats[viewer].name}’s` : 'your') : `${seats[d.dealer].name}’s`;
        text = `${people() ? `${seats[viewer].name}: c` : 'C'}hoose ${need === 1 ? 'a card' : 'two cards'} for ${whose} crib.`;
        actions.push({ id: 'layaway', label: need === 1 ? 'Lay away' : `Lay away (${selected.length}/${need})`, primary: true, disabled: !discardAction(), keys: 'L' });
      } else if (phase === 'play') {
        mode = 'play';
        playable = legalCards();
        if (obs.legal.includes('go')) {
          text = `The count is ${obs.count}: no card fits under 31.`;
          actions.push({ id: 'go', label: 'Go', primary: true, keys: 'G' });
        } else {
          text = `${people() ? `${seats[viewer].name}: p` : 'P'}lay a card. The count is ${obs.count}.`;
        }
      } else if (phase === 'claim') {
        const whose = obs.showing?.kind === 'crib' ? 'your crib' : 'your hand';
        text = claimPrompt(whose, voice);
      } else if (phase === 'muggins') {
        const s = obs.showing;
        text = mugginsPrompt(voice.name(s.seat), s.claimed, voice);
        actions.push({ id: 'muggins', label: 'Muggins!', primary: true }, { id: 'accept', label: 'Let it stand' });
      }
      if ((phase === 'discard' || phase === 'play') && obs.legal.length > 1) actions.push({ id: 'hint', label: 'Hint', keys: 'H' });
    } else if (waiting?.kind === 'continue' && !panel) {
      actions.push({ id: 'continue', label: 'Continue', primary: true, keys: 'C' });
    } else if (thinking !== null) {
      text = `${seats[thinking].name} is thinking…`;
    }
    if (turn && suggestion) text = suggestion.text;
    if (turn && phase === 'claim' && claimState?.error) text = claimState.error;
    if (message) text = message;

    const handSeat = viewer;
    const dealerName = voice.isYou(d.dealer) ? 'Yours' : `${seats[d.dealer].name}’s`;
    table.set({
      seats: viewSeats,
      bottom: handSeat,
      crib: { owner: dealerName, count: d.cribCount },
      starter: d.starter,
      pile: d.pile,
      count: d.count,
      playing: d.playing,
      hand: {
        cards: d.hand,
        mode: hidden ? 'idle' : mode,
        playable,
        selected,
        suggested: turn && suggestion ? suggestion.cards : [],
        hidden,
        label: people() ? `${seats[handSeat].name}’s hand` : 'Your hand',
      },
      prompt: text,
      promptTone: turn && phase === 'claim' && claimState?.error ? 'error' : null,
      actions: [...actions, ...extraActions],
      claim: turn && phase === 'claim' ? claimState : null,
      show: show && { ...show, entries: show.entries.map((e) => ({ ...e })), actions: [] },
      panel,
      motion: motion(),
      state: panel ? (waiting?.kind === 'reveal' ? 'reveal' : waiting?.kind === 'continue' ? 'continue' : 'over') : turn ? 'turn' : waiting?.kind === 'continue' ? 'continue' : 'busy',
    });
    const acting = turn ? waiting.seat : thinking;
    deps.onScores({
      scores: d.scores,
      names: Array.from({ length: sides() }, (_, side) => voice.sideName(side)),
      target: game.rules().target,
      gamesWon: obs.games_won,
      match: game.rules().match === 'best_of_three',
      highlight: acting === null || acting === undefined ? null : sideOf(acting),
    });
  }

  // The empty table, at its full size, until the first game is dealt.
  table.set({
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
  });

  return {
    /** Hands over the engine and the computer players once they have loaded. */
    attach(wasm, players) {
      engine = wasm;
      ai = players;
    },
    ready: () => Boolean(engine),
    start,
    restore,
    /** Whether a game is under way (not over): "new game" must ask first. */
    inProgress: () => Boolean(game) && !game.isOver() && game.actionCount() > 0,
    /** The seat the player sits in and the game's save, for the review. */
    reviewable: () => (game && !people() ? { save: game.save(), seat: 0, level: setup.level } : null),
    setup: () => setup,
    chooseNth,
    act,
    /** The coach's suggestion: cards to light in the hand and a line for the prompt. */
    suggest(cards, text) {
      if (waiting?.kind !== 'turn') return;
      suggestion = { cards, text };
      render();
    },
    /** The currently shown observation's JSON for the viewer (the coach). */
    observationJson: () => (game ? game.observationJson(viewer) : null),
    redraw: render,
    destroy() {
      stop();
      table.destroy();
    },
  };
}

const refused = (err) => err instanceof Refused;

/** The engine turned an action down; the game is unchanged. */
class Refused extends Error {}

class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}
