// @ts-check
// The game controller: owns the engine's game handle, runs the turns (the
// player's choices from the table, the computers' from the worker), tells
// every event at the chosen pace, and saves after every action.
//
// Nothing here decides a rule, and nothing here decides what is drawn: the
// view (view.js, a pure function) makes the table's view model from the
// engine's observation and this controller's state; the show (show.js)
// presents the counting. While a batch of events is being told the table
// shows the observation from before the action with each event laid on top
// (a card joins the play, a score moves), then returns to the engine's own
// observation: the events are drawn, not recomputed.

import { createTable } from './table.js';
import { activeIn } from './dom.js';
import { capital } from './words-first.js';
import { loadEngine } from './engine.js';
import { LEVEL_NAMES, findGame, fitSetup, gameInfo, gameOfRules, rulesFor } from './games.js';
import { later } from './later.js';
import { emptyTable, isMatch, movesOf, seatsFor, sideNamesFor, voiceFor } from './view.js';

export { COMPUTER_NAMES, seatsFor, sideNamesFor } from './view.js';

/**
 * A face: what the controller needs to draw and tell one kind of game, so
 * the turn loop, saving, undo and telling below are written once. Each is
 * a module of its own that later.js loads when one of its games is first
 * played: cribbage-face.js for standard and reverse cribbage, three-card.js
 * for Noddy and Costly Colours, layout.js for the games laid out on the
 * table. The registry (games.js) names each game's face;
 * docs/ARCHITECTURE.md says what each member is for.
 * @typedef {import('../../types/engine.js').Observation} Observation
 * @typedef {import('../../types/engine.js').GameEvent} GameEvent
 * @typedef {{ action?: string, selected?: string[], said?: string, choice?: Record<string, any> | null }} Answer
 *   What a tap or a button made: an action, cards chosen (and what to say), or a question opened or dropped (`choice`).
 * @typedef {object} Face
 * @property {(obs: Observation) => any} observe  The observation as the table draws it (a display).
 * @property {(display: any, ev: GameEvent, by?: { actor?: number, action?: string }) => any} layOn
 * @property {(state: any) => { table: import('./table.js').TableView, board: Record<string, any> }} tableView
 * @property {(obs: Observation, voice: any, how: Record<string, any>) => Promise<Record<string, any> | null> | Record<string, any> | null} finalPanel
 * @property {(ev: GameEvent, voice: any, next?: GameEvent) => import('./words.js').Told | null} describe
 * @property {(events: GameEvent[], voice: any, engine: any, heard?: import('./view.js').Heard) => string[]} toldLines
 * @property {(events: GameEvent[]) => Promise<unknown> | null} [ready]  Loads what telling `events` needs, if anything.
 * @property {(seats: { human: boolean, name: string }[], setup: { mode: string }, obs: Observation, rules: Record<string, any>) => any} voiceFor
 * @property {(obs: Observation) => number[]} sidesOf
 * @property {(obs: Observation) => Outcome} outcome  A finished game's result as the table says it (past games keep it).
 * @property {(obs: Observation, seat: number) => boolean} [ownCrib]  Whether the crib is the seat's side's (the coach's words); a face without cribs has none.
 * @property {(obs: Observation, text: string) => { value: string, action?: string, error?: string, over?: boolean }} [readClaim]
 *   A count typed for a claim or a muggins call, read as the engine's move (or why not); a face without counts to claim has none.
 * @property {(obs: Observation) => boolean} coachable
 * @property {(obs: Observation, card: string, s: Record<string, any>) => Answer | null} choose
 * @property {(obs: Observation, id: string, s: Record<string, any>) => Answer | null} button
 * @property {((ev: GameEvent, ctx: Record<string, any>) => Promise<boolean>) | null} present  The face tells an event itself (true), or leaves it to the controller.
 * @property {(ev: GameEvent, now: () => Observation) => boolean} [clearsBubbles]  Whether the players' speech bubbles go
 *   once `ev` is told (`now()`, the game as it stands, asked only for the events that may), beyond a count's
 *   reset and a deal: Costly Colours' settled mog.
 * @property {(events: GameEvent[], game: string) => GameEvent[]} [forStats]  The events as the statistics count them.
 * @property {(el: HTMLElement, config: Record<string, any>) => { set(view: unknown): void, focus(): boolean, destroy(): void }} [component]
 * @property {string} [STYLESHEET]
 */

/**
 * A finished game's result as its table says it: each side's points (a race's
 * stopped in the game hole, as the board and the end's words stop them; a
 * solitaire's as it made them), the side that won (null: none, a solitaire
 * short of its win) and the score that wins.
 * @typedef {{ scores: number[], winner: number | null, win: number }} Outcome
 */

/**
 * The telling of what comes after the first play (telling.js), once loaded:
 * the controller tells the show, the claims and a game's end with it (each
 * face loads it for its own words too).
 * @type {typeof import('./telling.js') | null}
 */
let telling = null;
/** Loads telling.js (once); resolves to it. */
const loadTelling = () => later('telling').then((module) => (telling = module));

/**
 * A kit is a module's engine with a face: games that share both share one.
 * @param {import('./games.js').GameInfo} game
 */
const kitKey = (game) => `${game.module} ${game.face}`;

/** A hand or crib of this many points or more gets the sound's short phrase. */
const BIG_HAND = 12;

/** The events whose telling is telling.js's (with a muggins peg): loaded before any is told. */
const TOLD_LATER = new Set(['show', 'claimed', 'called', 'accepted', 'hand_over', 'game_over']);

/** The longest the end's panel waits for the board's last pegs to land, in milliseconds. */
const BOARD_LANDING_MS = 4000;

/** Delay per event at normal speed, in milliseconds. */
const PACE = {
  laid_away: 260,
  starter: 700,
  played: 800,
  go: 700,
  count_reset: 1000,
  pegged: 650,
  deal: 300,
  cut_for_deal: 1800,
  step: 650,
  show_end: 600,
  think: 450,
};

/** Each speed setting as a factor of the normal pace (0: no waiting). */
export const SPEEDS = { slow: 1.6, normal: 1, fast: 0.45, instant: 0 };

/**
 * The controller's state, in one place. A game's fields change only at its
 * start or restore; a hand's fields are cleared together by {@link newHand}.
 */
function emptyState() {
  return {
    // The game.
    game: null,
    setup: null,
    seats: [],
    /** Events already told (and saved as told): a reload tells the rest. */
    presented: 0,
    /** Undo was used: the game is practice, saved as such and kept out of the statistics. */
    practice: false,
    // Who sees the table.
    viewer: 0,
    /** At pass-and-play, who holds the device (null: hidden behind the curtain). */
    holder: null,
    // What is drawn.
    display: null,
    thinking: null,
    said: {},
    selected: [],
    claim: null,
    prompt: '',
    message: null,
    suggestion: null,
    panel: null,
    /** What the page waits for from the player: { kind, seat?, resolve, reject }. */
    waiting: null,
    /** Whether the player at the table may take back their last decision now. */
    undoable: false,
    /** A decision half made: the ace tapped whose value is asked (three-card games). */
    choice: null,
    /** The Continue button's word, when a face names it ("Play"). */
    continueLabel: null,
  };
}

/** A new hand (or a game just opened): nothing chosen, said or waited for. */
function newHand(s) {
  s.said = {};
  s.panel = null;
  s.selected = [];
  s.claim = null;
  s.thinking = null;
  s.display = null;
  s.choice = null;
}

/**
 * @param {HTMLElement} el  Where the table goes.
 * @param {object} deps  (The engine and the computer players come later, by `attach`:
 *   the table is drawn before the engine has loaded, so nothing moves when it has.)
 * @param {(text: string, options?: Record<string, any>) => void} deps.say  Live region and log.
 * @param {(name: string, detail: Record<string, any>) => void} deps.emit  onEvent for the embedder.
 * @param {() => string} deps.speed
 * @param {(scores: Record<string, any>) => void} deps.onScores  The board.
 * @param {() => Promise<void>} [deps.boardLanded]  Settles once the board's pegs stand at the scores last
 *   drawn: the end's panel waits for it, so it never claims a result the board has not shown yet.
 * @param {(state: Record<string, any>) => void} deps.persist  Saves the game in progress.
 * @param {(events: GameEvent[], who: { human: boolean, practice: boolean }) => void} deps.onStats
 * @param {(turn: Record<string, any>|null, how?: { over?: boolean, fresh?: boolean }) => void} deps.onTurn  The coach panel:
 *   the decision at hand, or none (`fresh`: a new game; `over`: the game has ended).
 * @param {(action: string) => void} deps.onCommand  Buttons the app handles (new game, review).
 * @param {(lines: string[]) => void} deps.relog  Replaces the log (after an undo or a reload).
 * @param {() => void} deps.onPractice  The game has just become practice (its first undo).
 * @param {(kind: 'card'|'peg'|'big', detail?: Record<string, any>) => void} [deps.sound]  Sound, if the player turned it on.
 * @param {() => boolean} [deps.autoGo]  Say a forced go for the player.
 * @param {() => boolean} [deps.shareable]  A finished deal may be shared as a link.
 * @param {() => boolean} [deps.ownsPage]  The app is the page (main.js), not embedded in another's: the
 *   focus on the page's body is the table's to take. Left out, it is.
 * @param {(file: string) => Promise<unknown>} [deps.styles]  Loads one of the app's lazy stylesheets (show.css).
 * @param {() => void} [deps.onProgress]  The game has moved on (or been dealt, restored, undone): the chances' meter.
 * @param {() => void} [deps.onOver]  The game has ended and its result is on the table: past games.
 * @param {() => Promise<boolean>} [deps.chancesAfter]  Whether the end of the game offers its chart of the chances.
 * @param {(game: string) => void} [deps.onOpen]  A game has been put on the table (dealt or restored): its id.
 * @param {(kind: 'continue'|'reveal') => void} [deps.onWait]  The table waits for the player's Continue (or reveal), as it waits at a turn (`emit('turn')`).
 */
export function createPlay(el, deps) {
  let engine = null;
  let ai = null;
  /**
   * The face of the game on the table (none until the first is opened).
   * @type {Readonly<Face> | null}
   */
  let face = null;
  const kits = createKits(deps);
  const table = createTable(el, {
    onCard: (card) => chooseCard(card),
    onAction: (id) => act(id),
    onClaim: (text) => claim(text),
    onCut: (action) => cut(action),
    onStep: (entry, step) => {
      if (shows.panel.focus(entry, step)) render();
    },
  });

  const s = emptyState();
  const pacing = createPacing({ speed: deps.speed, render: () => render() });
  const { factor, motion, pause } = pacing;
  /** Bumped to cancel a running turn loop (a new game, a restore, destroy). */
  let token = 0;

  const people = () => s.setup.mode === 'people';
  const isHuman = (seat) => s.seats[seat]?.human;
  let voice = voiceFor([], { mode: 'computer' }, [0]);
  const shows = createShowLoader({
    table,
    styles: deps.styles,
    scoreShow: (hand, starter, crib) => engine.scoreShow(hand, starter, crib),
    voice: () => voice,
    say: (text) => deps.say(text),
    pause: (pace, alive) => pause(PACE[pace], alive),
    render: () => render(),
    animated: () => factor() > 0,
  });
  /** Loads the show panel (once); resolves to it. */
  const loadShow = () => shows.load();
  /**
   * What the table draws only after the first play, or in a set-up the first
   * deal does not wait for (table-later.js: the panels over the table, the
   * cut by hand, a count's form), with its styles (css/later.css): loaded
   * before any of it is drawn.
   */
  const laterParts = () => Promise.all([later('tableLater').then((parts) => table.setParts(parts)), deps.styles?.('later.css')]);

  /** Whether the show panel tells this event. */
  const forShow = (ev) => ['show', 'claimed', 'called', 'accepted', 'hand_over'].includes(ev.type) || (ev.type === 'pegged' && ev.reason.why === 'muggins');

  // --- Starting and restoring -------------------------------------------------

  /** Seats the players of a set-up at a game handle. */
  function open(game, setup, kit) {
    // A face with a component of its own (the layout's grid) draws it in the felt.
    if (face !== kit.face) table.setComponent(kit.face.component);
    face = kit.face;
    engine = kit.engine;
    // Who partners whom is the engine's word, the same in every observation.
    const first = game.observation(0);
    const sides = face.sidesOf(first);
    s.game = game;
    s.setup = setup;
    s.seats = seatsFor(setup, sides);
    voice = face.voiceFor(s.seats, setup, first, game.rules());
    s.holder = people() ? null : 0;
    s.viewer = 0;
    s.practice = false;
    newHand(s);
    shows.panel.clear();
    deps.onOpen?.(setup.game);
  }

  /**
   * A new game from a set-up and a seed string.
   * @throws {Error} when the game's module has not been loaded (see `prepare`).
   */
  function start(setup, seed) {
    setup = fitSetup(setup);
    const kit = kits.kitFor(setup.game);
    if (!kit) throw new Error(`${gameInfo(setup.game).title} has not loaded`);
    stop();
    open(new kit.engine.CribbageGame(rulesFor(setup), seed), setup, kit);
    deps.onTurn(null, { fresh: true });
    s.presented = 0;
    s.message = null;
    // A solitaire's deal goes in the page's address, to be shared (main.js):
    // the registry says which games are played alone, not the table's size.
    if (gameInfo(setup.game).options.solo) deps.emit('deal', { game: setup.game, seed });
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
    // The module that restores it is the one of the game its own record
    // names (see `savedGameOf`), loaded by `prepareSaved`.
    const kit = kits.kitFor(savedGameOf(saved));
    if (!kit) throw new Error('its game has not loaded');
    const restored = kit.engine.CribbageGame.restore(saved.save);
    // The game it is comes from its own rules (saves from before the picker have no game).
    const setup = withLevel(fitSetup({ ...saved.setup, game: gameOfRules(restored.rules()) }));
    // Cribbage's rules say how many play; a game with one table is its own number.
    // (Checked before the game on the table stops: a save refused leaves it playing.)
    if (seatsFor(setup).length !== (restored.rules().players ?? gameInfo(setup.game).fixed?.players)) {
      restored.free?.();
      throw new Error('its seats do not match its rules');
    }
    // The set-up beside the record is not the engine's to check: a level the
    // computer players do not know (a save edited by hand, or given to the
    // embed's restore) left them unable to move, the game stuck on their turn.
    const fault = setupFault(setup);
    if (fault) {
      restored.free?.();
      throw new Error(`its set-up ${fault}`);
    }
    stop();
    open(restored, setup, kit);
    s.presented = Math.min(Number(saved.presented) || 0, restored.eventCount());
    s.selected = Array.isArray(saved.selected) ? saved.selected.filter((c) => typeof c === 'string') : [];
    s.practice = saved.practice === true;
    // The log as it stood: every event already told, in the table's words.
    relog(restored.events(0).slice(0, s.presented));
    save();
    run();
  }

  /**
   * The game a saved game is, as its own record names it (any module reads
   * that of any game's save), so that the module that plays it restores it,
   * whatever the set-up kept beside it says; the set-up's game (standard
   * cribbage for a save from before the picker, whose set-up names none)
   * where no module loaded can tell (then its restore says what is wrong).
   * @param {Record<string, any>} saved  What {@link save} stored.
   * @returns {string}
   */
  function savedGameOf(saved) {
    const kept = gameInfo(saved?.setup?.game).id;
    const engine = (kits.kitFor(kept) ?? kits.any())?.engine;
    if (typeof saved?.save !== 'string' || !engine) return kept;
    try {
      const named = engine.savedGame(saved.save);
      return findGame(named) ? named : kept;
    } catch {
      return kept;
    }
  }

  function save() {
    const { game } = s;
    if (!game) return;
    deps.persist(game.isOver() && s.presented >= game.eventCount() ? null : {
      v: 1,
      save: game.save(),
      setup: s.setup,
      presented: s.presented,
      selected: s.selected,
      practice: s.practice,
    });
  }

  function stop() {
    token++;
    if (s.waiting) {
      s.waiting.reject(new Cancelled());
      s.waiting = null;
    }
    // The table stops waiting with the game: until the next game's table is
    // drawn (a frame, longer while its parts load) the old one stood as if it
    // still waited for a move, its controls live, and a tap on one acted on
    // the next game's turn.
    table.busy();
    s.game?.free?.();
    s.game = null;
  }

  /** The engine's observation for the seat at the bottom, as the table draws it. */
  const observed = () => face.observe(s.game.observation(s.viewer));

  /**
   * The log as it stands after `events`, every one in the table's words
   * (once their words have loaded: a moment, after a reload).
   * @param {GameEvent[]} events
   */
  function relog(events) {
    const words = face.ready?.(events);
    // At once where the words are in (an undo: what is said next follows the lines).
    if (!words) {
      retell(events);
      return;
    }
    const at = face;
    // The turn loop waits for it: the table is never waiting for the player with the log still empty.
    relogging = words.then(() => {
      // (Unless the table was taken down meanwhile.)
      if (face !== at || !s.game) return;
      retell(events);
    }, () => {});
  }

  /**
   * A copy of `game` as it stood once its first `count` events were told:
   * the last decision taken back (the engine replays the rest exactly, and
   * a deal or cut after it is not yet drawn), with the seat whose decision
   * it was; or nothing where no one seat's take-back leads there.
   * @param {import('./game-handle.js').CribbageGame} game
   * @param {number} count
   * @returns {[import('./game-handle.js').CribbageGame, number] | []}
   */
  function asItStood(game, count) {
    for (const seat of s.seats.keys()) {
      if (!game.canUndo(seat)) continue;
      const copy = engine.CribbageGame.restore(game.save());
      try {
        copy.undo(seat);
        if (copy.eventCount() === count) return [copy, seat];
      } catch {
        // The engine takes nothing back here: another seat's decision, or none.
      }
      copy.free();
    }
    return [];
  }

  /**
   * Draws the table as it stood once `told` had been told (`asItStood`'s
   * copy; where no take-back leads there, a game's first deal, the game as it
   * now stands), its bubbles judged by it, not by the game as it stands (in
   * Costly Colours, a card passed told again had the other's "Passed" gone,
   * the mog being settled since); and says how the events
   * after it are laid on it, as they were told live: on it (`patch`), for
   * the seat whose decision they followed (`actor`), and, where it was the
   * viewer's, the move of theirs whose cards have all left their hand since
   * (`action`: `layOn` takes a lay-away or a card passed out of the hand
   * with it; told again without it, those cards stayed in the hand, still
   * chosen, until the telling ended).
   * @param {import('./game-handle.js').CribbageGame} game  The game on the table.
   * @param {GameEvent[]} told  Its first events, told before a reload.
   */
  function asItWasTold(game, told) {
    const [copy, actor] = asItStood(game, told.length);
    const obs = (copy ?? game).observation(s.viewer);
    copy?.free();
    s.display = face.observe(asDealt(obs, told));
    // The bubbles again (the log's lines are the same), judged by the game as it stood.
    retell(told, () => obs, () => {});
    const held = gameNow().hand ?? [];
    return { patch: Boolean(copy), actor, action: obs.moves.find((m) => m.cards?.every((c) => !held.includes(c)))?.action };
  }

  /** The game as it stands, from the viewer's seat: asked for only where it is needed, as it is the engine's whole observation. */
  const gameNow = () => s.game.observation(s.viewer);

  /**
   * The log rebuilt from `events`, and the speech bubbles as telling them
   * left them (see `present`): each player's last call since the count was
   * last reset or the hand dealt, so a reload or an undo shows the table the
   * player saw, calls and all, not silent players. Each event is told once,
   * its words heard for the bubbles as the log's line is made.
   * @param {GameEvent[]} events
   * @param {() => Observation} [now]  The game as it stood once they were told (as it stands, but
   *   where a reload tells the rest again: see `asItWasTold`).
   * @param {(lines: string[]) => void} [log]  Where the lines go: the log, or nowhere (the bubbles alone).
   */
  function retell(events, now = gameNow, log = deps.relog) {
    /** @type {Record<number, string>} */
    let said = {};
    log(face.toldLines(events, voice, engine, (ev, told) => {
      said = face.clearsBubbles?.(ev, now) ? {} : callsAfter(said, ev, told);
    }));
    s.said = ['hand_over', 'deal'].includes(events.at(-1)?.type ?? '') ? {} : said;
  }
  /** The log being rebuilt (its words loading), which the turn loop waits for. */
  let relogging = null;

  // --- The turn loop ---------------------------------------------------------------

  async function run() {
    const my = ++token;
    const alive = () => my === token;
    const { game } = s;
    try {
      if (relogging) await relogging;
      relogging = null;
      // Cutting for deal by hand is drawn before the first deal: its styles first.
      if (s.setup.cut === 'by_hand' || observed().obs.phase === 'cut') await laterParts();
      if (!alive()) return;
      if (s.presented < game.eventCount()) {
        // A reload in the middle of telling: the table as it stood when the
        // telling began, and the rest laid on it as it is told again, as live.
        // (As the engine's game now stands, the next deal was dealt: a show
        // told again had the next hand's cards on the table and every count
        // of the show already on the board; a Table Top hand's lines were
        // counted on the next hand's empty grid.)
        // (Where no take-back leads there, a game's first deal, they are told
        // over the table as it now stands.)
        await present(game.events(s.presented), { ...asItWasTold(game, game.events(0).slice(0, s.presented)), retold: true, alive });
        if (!alive()) return;
        // Seen now (its Continue pressed): a second reload does not tell it again.
        s.presented = game.eventCount();
        save();
      }
      while (alive()) {
        s.display = observed();
        deps.onProgress?.();
        if (game.isOver()) {
          deps.onTurn(null, { over: true });
          const chances = Boolean(await deps.chancesAfter?.().catch(() => false));
          if (!alive()) return;
          // The last pegs land before the result is claimed over them (a three-handed game's
          // last count moved them for over a second after the panel said who won); a board
          // that never lands (its tab hidden, no frames) holds the panel up a few seconds at most.
          render();
          const [{ scoreLine }] = await Promise.all([loadTelling(), laterParts(), Promise.race([deps.boardLanded?.(), pacing.sleep(BOARD_LANDING_MS)])]);
          if (!alive()) return;
          const panel = await face.finalPanel(game.observation(s.viewer), voice, { people: people(), practice: s.practice, scoreLine, seed: game.seed(), shareable: Boolean(deps.shareable?.()), chances });
          if (!alive()) return;
          s.panel = panel;
          if (s.panel) {
            s.prompt = 'The game is over.';
            render();
          }
          save();
          deps.onOver?.();
          return;
        }
        const seat = game.toAct();
        if (isHuman(seat)) {
          if (people() && s.holder !== seat) {
            // A curtain between turns only where a hand would otherwise be
            // seen; with every card public (Table Top), the device goes round.
            if (gameInfo(s.setup.game).hiddenHands) {
              await passDevice(seat, alive);
              continue;
            }
            s.holder = seat;
            deps.say(`${s.seats[seat].name}’s turn.`, { log: false });
          }
          s.viewer = seat;
          s.display = observed();
          // A claim or a call opens the show panel, with the table's form for the count.
          if (s.display.obs.phase === 'claim' || s.display.obs.phase === 'muggins') await Promise.all([loadShow(), laterParts(), loadTelling()]);
          if (!alive()) return;
          const action = await humanTurn(seat);
          if (!alive()) return;
          if (action === UNDO) {
            takeBack(seat);
            continue;
          }
          try {
            await perform(seat, action, alive);
            s.claim = null;
          } catch (err) {
            if (err instanceof Cancelled || !(err instanceof Refused)) throw err;
            // The engine refused a move it listed (it should not): say why and ask again.
            const why = `${capital(err.message)}.`;
            if (s.claim) s.claim = { ...s.claim, error: why };
            deps.say(why, { important: true, log: false });
          }
        } else {
          s.thinking = seat;
          render();
          const started = performance.now();
          // Each computer its own seed, fixed by the game's: a game replays the same.
          const seed = Number((BigInt(game.seed()) + BigInt(seat) * 0x9e3779b9n) & 0xffffffffn);
          const action = await ai.decide(game.save(), seat, s.setup.level, seed, s.setup.game);
          const wait = PACE.think * factor() - (performance.now() - started);
          if (wait > 0) await pacing.sleep(wait);
          if (!alive()) return;
          s.thinking = null;
          await perform(seat, action, alive);
        }
      }
    } catch (err) {
      if (err instanceof Cancelled || !alive()) return;
      s.message = `Something went wrong: ${err.message}`;
      deps.say(s.message, { important: true });
      render();
      throw err;
    }
  }

  async function perform(seat, action, alive) {
    const before = s.display;
    let events;
    try {
      events = s.game.apply(seat, action);
    } catch (err) {
      throw new Refused(err.message);
    }
    deps.onStats(face.forStats ? face.forStats(events, s.game.kind()) : events, { human: isHuman(seat), practice: s.practice });
    save();
    s.display = before;
    await present(events, { patch: true, alive, actor: seat, action });
    s.presented = s.game.eventCount();
    save();
  }

  // --- The player's turn ----------------------------------------------------------

  /** The events of the hand being played, from its deal. */
  function handEvents() {
    const all = s.game.events(0);
    let from = all.length;
    while (from > 0 && all[from - 1].type !== 'deal') from--;
    return all.slice(from);
  }

  function humanTurn(seat) {
    const obs = s.display.obs;
    s.claim = obs.phase === 'claim' || obs.phase === 'muggins' ? { value: s.claim?.value ?? '', error: s.claim?.error ?? '' } : null;
    // Cards chosen for the crib (or to pass in the mog) stay chosen over a reload.
    s.selected = obs.phase === 'discard' || obs.phase === 'pass' ? s.selected.filter((c) => obs.hand.includes(c)) : [];
    s.choice = null;
    if (obs.phase === 'claim' || obs.phase === 'muggins') shows.panel.openFor(obs, telling?.callNotes(handEvents(), voice));
    s.suggestion = null;
    // Undo is for a player against the computers: at pass-and-play it would show one player's cards to another.
    s.undoable = !people() && s.game.canUndo(seat);
    deps.emit('turn', { seat, name: s.seats[seat].name, phase: obs.phase });
    // Whom the coach's "against …" names: the other sides as the engine seats them ("Ada", or
    // "Ada and Ben"), not "the others" when there is one.
    const sides = face.sidesOf(obs);
    deps.onTurn({
      save: s.game.save(),
      game: s.setup.game,
      seat,
      phase: obs.phase,
      choices: obs.moves.length,
      coachable: face.coachable(obs),
      ownCrib: face.ownCrib ? face.ownCrib(obs, seat) : false,
      dealerName: s.seats[obs.dealer]?.name,
      others: sideNamesFor(s.seats, sides, people())
        .filter((_, side) => side !== sides[seat])
        .join(' and '),
    });
    render();
    if (!obs.moves.length) return Promise.reject(new Error('no legal action for the player to act'));
    return new Promise((resolve, reject) => {
      s.waiting = {
        seat,
        kind: 'turn',
        resolve: (value) => {
          s.waiting = null;
          s.undoable = false;
          s.choice = null;
          table.busy();
          s.suggestion = null;
          deps.onTurn(null);
          resolve(value);
        },
        reject,
      };
      render();
      focusTurn();
      // A forced go: when no card fits, the game says it for the player
      // (unless they would rather say it themselves, in Settings), after a
      // beat to read why.
      const go = obs.phase === 'play' && obs.moves.length === 1 ? face.button(obs, 'go', s)?.action : null;
      if (go && deps.autoGo?.()) {
        const waiting = s.waiting;
        setTimeout(() => {
          if (s.waiting === waiting) waiting.resolve(go);
        }, PACE.go * factor());
      }
    });
  }

  /**
   * Whether the focus is as good as lost, free for the table to take: on
   * the page's body where the page is the app's own (deps.ownsPage), or on
   * the app itself, where a click on the felt leaves it (see app.js). On a
   * page that embeds the app the body's focus is the page's: taken at a
   * first turn or a Continue, it moved the host page's keys into a game the
   * visitor had not touched, and of two games on a page each took it from
   * the other.
   */
  function focusLost() {
    const onBody = !document.activeElement || document.activeElement === document.body;
    return (onBody && deps.ownsPage?.() !== false) || activeIn(el) === el.closest('.cribbage');
  }

  function focusTurn() {
    requestAnimationFrame(() => {
      // Only when focus is lost (its card was just played) or already at
      // the table: never taken from the coach, the log or the page around.
      const active = activeIn(el);
      const inTable = Boolean(active) && table.element.contains(active);
      if (focusLost() || inTable) {
        table.flush();
        // Read again: drawing the table may have moved the focus.
        const now = activeIn(el);
        // (The table itself holds it only where focus was kept after its control went away.)
        if (!table.element.contains(now) || now === table.element || now?.matches?.('.hand-card[aria-disabled="true"]')) table.focusHand();
      }
    });
  }

  /** Whether the page waits for the player's decision. */
  const onTurn = () => s.waiting?.kind === 'turn';

  function chooseCard(card) {
    if (!onTurn()) return;
    answer(face.choose(s.display.obs, card, s));
  }

  /** What the face made of a tap or a button: an action, cards chosen, or a choice opened or dropped. */
  function answer(res) {
    if (!res) return;
    if (res.action) {
      s.waiting.resolve(res.action);
    } else if (res.selected) {
      s.selected = res.selected;
      deps.say(res.said, { log: false });
      save();
      render();
    } else if ('choice' in res) {
      s.choice = res.choice;
      render();
      // The question's first answer takes the focus (a keyboard player
      // answers with Enter, or Tab to the other).
      if (s.choice) {
        // Read now: a quick answer (Enter) may have cleared the choice before the frame.
        const first = `ace-${Math.min(...s.choice.moves.map((m) => m.value))}`;
        requestAnimationFrame(() => {
          table.flush();
          table.focusAction(first);
        });
      } else {
        focusTurn();
      }
    }
  }

  /** Cuts the pack for deal: `action` is one of the engine's cut moves, as the table drew it. */
  function cut(action) {
    if (!onTurn() || !movesOf(s.display.obs, 'cut').some((m) => m.action === action)) return;
    s.waiting.resolve(action);
  }

  /** Chooses (or plays) the n-th card of the hand, from 1: the number keys. */
  function chooseNth(n) {
    const card = s.display?.hand[n - 1];
    if (card) chooseCard(card);
  }

  function act(id) {
    if (id === 'undo') {
      undo();
      return;
    }
    if ((id === 'continue' || id === 'reveal') && s.waiting?.kind === id) {
      s.waiting.resolve();
      return;
    }
    if (['newgame', 'review', 'chances', 'stats', 'hint', 'replay', 'copylink'].includes(id)) {
      deps.onCommand(id);
      return;
    }
    if (!onTurn()) return;
    answer(face.button(s.display.obs, id, s));
  }

  /** A count typed for a claim, or for a muggins call. */
  function claim(text) {
    if (!onTurn() || !face.readClaim || !['claim', 'muggins'].includes(s.display.obs.phase)) return;
    const read = face.readClaim(s.display.obs, text);
    s.claim = { value: read.value, error: read.error ?? '' };
    if (read.action) {
      s.waiting.resolve(read.action);
      return;
    }
    // A count no hand holds: said aloud, as the engine's own refusals are.
    if (read.over) deps.say(read.error, { important: true, log: false });
    render();
  }

  /** Why undo cannot take anything back now, or null when it can. */
  function undoRefusal() {
    if (!s.game) return 'there is no game to take a move back in.';
    if (onTurn() && s.undoable) return null;
    return people()
      ? 'Undo is for games against the computer, not pass-and-play.'
      : onTurn() ? 'Nothing to undo: you have made no move yet that can be taken back.' : 'Undo waits for your turn.';
  }

  /** The Undo button or its key: taken back on the player's turn, else said why not. */
  function undo() {
    if (!s.game) return;
    const why = undoRefusal();
    if (why) {
      deps.say(why, { log: false });
      return;
    }
    s.waiting.resolve(UNDO);
  }

  /**
   * Takes back the player's last decision and the computers' replies to it,
   * through the engine, which draws any undone cut afresh. The table, the
   * show and the log are then the engine's game as it now stands.
   */
  function takeBack(seat) {
    const { game } = s;
    game.undo(seat);
    const first = !s.practice;
    s.practice = true;
    s.presented = game.eventCount();
    newHand(s);
    shows.panel.clear();
    s.prompt = '';
    s.message = null;
    relog(game.events(0));
    if (first) deps.onPractice();
    // Said, not logged: the log is the engine's game as it stands, as a
    // reload tells it again, and a move taken back is no part of it (the
    // practice it makes is marked on your plate, which a reload keeps).
    deps.say(first
      ? 'You took back your last move. This game is now practice: it stays out of your statistics.'
      : 'You took back your last move.', { important: true, log: false });
    save();
  }

  /** Waits for Continue (or, at pass-and-play, the next player's reveal). */
  function waitFor(kind, alive) {
    return /** @type {Promise<void>} */ (new Promise((resolve, reject) => {
      s.waiting = {
        kind,
        resolve: () => {
          s.waiting = null;
          table.busy();
          resolve();
        },
        reject,
      };
      render();
      deps.onWait?.(kind);
      requestAnimationFrame(() => {
        if (alive()) {
          table.flush();
          // Taken from anywhere in the app (the button the player pressed may be gone), never from the page around.
          const active = activeIn(el);
          if (focusLost() || (active && el.closest('.cribbage')?.contains(active))) table.focusAction(kind === 'reveal' ? 'reveal' : 'continue');
        }
      });
    }));
  }

  async function passDevice(seat, alive) {
    const name = s.seats[seat].name;
    // The curtain's styles first (nothing is drawn meanwhile that it should hide).
    await laterParts();
    if (!alive()) return;
    s.holder = null;
    s.viewer = seat;
    s.display = observed();
    s.panel = {
      title: `${name}’s turn`,
      lines: [`Pass the device to ${name}. The other hands stay hidden until then.`],
      actions: [{ id: 'reveal', label: `I’m ${name}: show my cards`, primary: true }],
      tone: 'curtain',
    };
    await waitFor('reveal', alive);
    s.panel = null;
    s.holder = seat;
    deps.say(`${name} has the device.`, { log: false });
  }

  // --- Telling the events --------------------------------------------------------------

  /** Lays an event on the table as drawn (see the module comment). */
  function lay(ev, by) {
    const before = s.display;
    s.display = face.layOn(before, ev, by);
    // The player's own cards laid away leave the hand: nothing stays chosen.
    if (ev?.type === 'laid_away' && s.display?.hand !== before?.hand) s.selected = [];
  }

  /**
   * Tells a batch of events at the chosen pace; with `patch`, each is laid
   * on the table as it is told, else only told. `retold`: told again after a
   * reload (no sound, no animation).
   * @param {GameEvent[]} events
   * @param {{ patch: boolean, retold?: boolean, alive: () => boolean, actor?: number, action?: string }} how
   */
  async function present(events, { patch, retold = false, alive, actor, action }) {
    const live = patch && !retold;
    if (!face.present && events.some(forShow)) await loadShow();
    // What is told after the first play comes with its own module (telling.js).
    const needs = [face.ready?.(events)];
    if (events.some((ev) => TOLD_LATER.has(ev.type) || (ev.type === 'pegged' && ev.reason?.why === 'muggins'))) needs.push(loadTelling());
    await Promise.all(needs);
    if (!alive()) throw new Cancelled();
    // What a face asks to do once the whole batch is told (Noddy: a moment
    // to read both announcements before the play).
    const after = [];
    const ctx = {
      s,
      game: s.game,
      voice,
      events,
      index: 0,
      alive,
      patch: live,
      loadShow: () => loadShow(),
      pause: (pace) => pause(PACE[pace], alive),
      waitFor: (kind) => waitFor(kind, alive),
      after: (fn) => after.push(fn),
    };
    for (let i = 0; i < events.length; i++) {
      const ev = events[i];
      const next = events[i + 1];
      const told = face.describe(ev, voice, next);
      if (patch) lay(ev, { actor, action });
      s.said = callsAfter(s.said, ev, told);
      if (told) deps.say(told.text, { score: told.score, log: !told.quiet });
      // (Once it has been seen: a beat first.)
      if (face.clearsBubbles?.(ev, gameNow)) {
        await pause(PACE.go, alive);
        s.said = {};
      }
      if (ev.type === 'pegged') pegged(ev);
      // Sound follows the telling (live, not when a reload re-tells the game).
      if (live) {
        if (ev.type === 'played') deps.sound?.('card');
        else if (ev.type === 'pegged') deps.sound?.('peg', { points: ev.points });
        else if (ev.type === 'show' && (ev.score?.total ?? ev.count?.total ?? 0) >= BIG_HAND) deps.sound?.('big', { points: ev.score?.total ?? ev.count?.total });
      }
      if (told?.folded) {
        if (patch) lay(next, {});
        if (live) deps.sound?.('peg', { points: next.points });
        pegged(next);
        i++;
      }
      if (face.present && (await face.present(ev, { ...ctx, index: i }))) continue;
      if (telling?.toldHere(ev)) {
        await telling.tell(ev, {
          s,
          show: shows.panel,
          voice,
          events,
          index: i,
          told,
          patch: live,
          alive,
          pause: (pace) => pause(PACE[pace], alive),
          waitFor: (kind) => waitFor(kind, alive),
          laterParts: () => laterParts(),
          emit: deps.emit,
        });
        continue;
      }
      switch (ev.type) {
        case 'cut_for_deal':
          // Cut by hand: a beat to see every card cut before the deal
          // (a cut the game draws as it starts is only told).
          if (live) await pause(PACE.cut_for_deal, alive);
          break;
        case 'deal':
          shows.panel.clear();
          // Told again after a reload, the table is already the engine's: only its numbers move on.
          s.display = observed();
          await pause(PACE.deal, alive);
          break;
        default:
          if (ev.type in PACE) await pause(PACE[ev.type], alive);
          else render();
      }
    }
    for (const fn of after) await fn();
    s.said = ['hand_over', 'deal'].includes(events.at(-1)?.type) ? {} : s.said;
  }

  function pegged(ev) {
    if (!ev) return;
    const scores = s.display?.scores;
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

  // --- Drawing ------------------------------------------------------------------------

  function render() {
    if (!s.game || !s.display) return;
    const view = face.tableView({ ...s, show: shows.panel.current, motion: motion() });
    // The coach's reasons under the cards and buttons they are about (its short word is the prompt).
    table.set({ ...view.table, advice: onTurn() && s.suggestion?.why ? s.suggestion.why : null });
    deps.onScores(view.board);
  }

  table.set(emptyTable());

  return {
    /**
     * Hands over the engine and the computer players once they have loaded
     * (the engine of the first game: `prepare` registers each game's own).
     */
    attach(wasm, players) {
      engine = wasm;
      ai = players;
    },
    ready: () => Boolean(engine),
    /** Puts the focus back on the table when the control that held it went away (see table.js's `keepFocus`). */
    keepFocus: () => table.keepFocus(),
    /**
     * Loads the engine and the face of `game` (once each): see `createKits`.
     * @param {string} [game]
     */
    prepare: (game) => kits.prepare(game),
    /**
     * Loads the engine and the face that restore `saved` (as {@link save}
     * stored it): its set-up's, then the one its own record names, if other.
     * @param {Record<string, any>} saved
     */
    async prepareSaved(saved) {
      await kits.prepare(saved?.setup?.game);
      await kits.prepare(savedGameOf(saved));
    },
    start,
    restore,
    /** Whether undo has been used in this game (it stays out of the statistics). */
    practice: () => s.practice,
    /** Whether a game is under way (not over): "new game" must ask first. */
    inProgress: () => Boolean(s.game) && !s.game.isOver() && s.game.actionCount() > 0,
    /** Whether the game on the table is one of a match, as the engine's board says (more than one game to win). */
    inMatch: () => Boolean(s.game) && isMatch(s.game.observation(0)),
    /** The seat the player sits in and the game's save, for the review. */
    reviewable: () => {
      if (!s.game || people()) return null;
      const sides = face.sidesOf(s.game.observation(0));
      return { save: s.game.save(), game: s.setup.game, seat: 0, level: s.setup.level, sideNames: sideNamesFor(s.seats, sides, false) };
    },
    /**
     * The game on the table as the chances and past games want it: its
     * save, game, who is who, and (once over) the player's result.
     * @returns {{ save: string, game: string, people: boolean, names: string[], seat: number, seed: string,
     *             over: boolean, won: boolean, scores: number[], target: number, players: number, level: string } | null}
     */
    current: () => {
      if (!s.game) return null;
      const obs = s.game.observation(0);
      const sides = face.sidesOf(obs);
      const over = s.game.isOver();
      const outcome = over ? face.outcome(obs) : null;
      return {
        save: s.game.save(),
        game: s.setup.game,
        people: people(),
        names: sideNamesFor(s.seats, sides, people()),
        seat: 0,
        seed: s.game.seed(),
        over,
        won: outcome !== null && outcome.winner !== null && voice.sideIsYou(outcome.winner),
        scores: outcome?.scores ?? [],
        target: outcome?.win ?? obs.board.target,
        players: s.seats.length,
        level: s.setup.level,
      };
    },
    setup: () => s.setup,
    /** The seed of the game on the table (a decimal string), or null. */
    seed: () => (s.game ? s.game.seed() : null),
    chooseNth,
    act,
    undoRefusal,
    /**
     * The game on the table as the app saves it, every event counted as
     * told (restored elsewhere, it opens where it stands), or null.
     */
    snapshot: () => (s.game ? { v: 1, save: s.game.save(), setup: s.setup, presented: s.game.eventCount(), selected: [], practice: s.practice } : null),
    /**
     * Which game is on the table, whose turn it is by the engine (seat
     * null when over or when chance is to act) and whether it is over; null
     * before the first deal.
     */
    status: () => {
      if (!s.game) return null;
      const over = s.game.isOver();
      const seat = over ? undefined : s.game.toAct();
      const sitting = seat === undefined ? undefined : s.seats[seat];
      return { game: s.setup.game, over, seat: sitting ? seat : null, name: sitting?.name ?? null, human: Boolean(sitting?.human) };
    },
    /**
     * The coach's suggestion: cards to light in the hand, a line for the
     * prompt, and why, said on the table beside the cards it is about.
     */
    suggest(cards, text, why = null) {
      if (!onTurn()) return;
      s.suggestion = { cards, text, why };
      render();
    },
    redraw: render,
    destroy() {
      stop();
      table.destroy();
    },
  };
}

// --- The controller's parts, each with its own state ------------------------------

/**
 * An engine module with the face that draws its games.
 * @typedef {{ engine: import('./engine.js').Engine, face: Readonly<Face> }} Kit
 */

/**
 * The engines and faces loaded so far. The family's games come with their
 * own module, fetched only when one is played, and their own face
 * (three-card.js for Noddy and Costly Colours, layout.js for the games laid
 * out on the table); the registry (games.js) names each game's. Each is
 * loaded once, and games that share both share one kit.
 * @param {{ styles?: (file: string) => Promise<unknown> }} deps  Loads a lazy stylesheet.
 */
function createKits(deps) {
  /** @type {Map<string, Kit>} */
  const kits = new Map();

  /**
   * A face by the name the registry gives it: a module later.js loads on
   * its own, with its stylesheet if it names one (`STYLESHEET`).
   * @param {import('./games.js').FaceName} name
   * @returns {Promise<Readonly<Face>>}
   */
  async function loadFace(name) {
    const face = await later(name);
    if ('STYLESHEET' in face) await deps.styles?.(face.STYLESHEET);
    return /** @type {Readonly<Face>} */ (/** @type {unknown} */ (face));
  }

  return {
    /**
     * Loads the engine and the face of `game` (once each).
     * @param {string} [game]
     * @returns {Promise<void>}
     */
    async prepare(game) {
      const info = gameInfo(game);
      if (kits.has(kitKey(info))) return;
      const [engine, face] = await Promise.all([loadEngine(info.id), loadFace(info.face)]);
      kits.set(kitKey(info), { engine, face });
    },
    /**
     * The engine and face that play `game`, if loaded.
     * @param {string} [game]
     * @returns {Kit | undefined}
     */
    kitFor: (game) => kits.get(kitKey(gameInfo(game))),
    /** Any engine and face loaded (the first), if one is. */
    any: () => kits.values().next().value,
  };
}

/**
 * The pace events are told at: the speed setting as a factor of the normal
 * pace, and the slide of a card (none when instant or with reduced motion).
 * @param {{ speed: () => string, render: () => void }} deps
 */
function createPacing(deps) {
  const factor = () => SPEEDS[deps.speed()] ?? 1;
  const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');

  /** @param {number} ms */
  function sleep(ms) {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  return {
    factor,
    sleep,
    /** How long a card takes to slide into the play, in milliseconds. */
    motion: () => (reduced?.matches ? 0 : Math.round(420 * Math.min(factor(), 1.3))),
    /**
     * Draws, then waits `ms` at the chosen pace; throws Cancelled if the
     * turn loop was stopped meanwhile.
     * @param {number} ms  At normal speed.
     * @param {() => boolean} alive
     */
    async pause(ms, alive) {
      const wait = ms * factor();
      deps.render();
      if (wait > 0) await sleep(wait);
      if (!alive()) throw new Cancelled();
    },
  };
}

/**
 * The show panel (show.js), which comes in when a hand is first shown or
 * claimed: no byte of it before the first card can be played. Until then
 * `panel` is a stand-in with nothing to draw, clear or focus.
 * @param {{ table: ReturnType<typeof createTable>, styles?: (file: string) => Promise<unknown>,
 *   scoreShow: (hand: string[], starter: string, crib: boolean) => any, voice: () => any,
 *   say: (text: string) => void, pause: (pace: 'step'|'show_end', alive: () => boolean) => Promise<void>,
 *   render: () => void, animated: () => boolean }} deps
 */
function createShowLoader(deps) {
  /** @type {{ current: Record<string, any> | null, clear(): void, focus(entry: number, step: number): boolean, [more: string]: any }} */
  let panel = { current: null, clear() {}, focus: () => false };
  /** @type {Promise<typeof panel> | null} */
  let loaded = null;
  return {
    /** The panel (or, until it has loaded, the stand-in). */
    get panel() {
      return panel;
    },
    /** Loads the panel and its stylesheet (css/show.css), off the first visit's path too; resolves to it. */
    load() {
      loaded ??= Promise.all([later('show'), deps.styles?.('show.css')]).then(([{ createShow, showPanel }]) => {
        deps.table.setShowRenderer(showPanel);
        const { table, styles, ...rest } = deps;
        panel = createShow(rest);
        return panel;
      });
      return loaded;
    },
  };
}

/**
 * Whether computer players sit at a set-up's table (not people passing the
 * device, nor a game played alone), and so play at its level.
 * @param {Record<string, any>} setup
 */
const computersPlay = (setup) => setup.mode !== 'people' && !gameInfo(setup.game).options.solo;

/**
 * A saved game's set-up (after `fitSetup`) with the level its computer
 * players play at: a level left out, which no save of this page's leaves
 * out, is Medium's, as a new player's. A new set-up where one is added: the
 * one given is left as it was (the caller's, a save's).
 * @template {Record<string, any>} S
 * @param {S} setup
 * @returns {S}
 */
export function withLevel(setup) {
  return computersPlay(setup) && setup.level == null ? { ...setup, level: 'medium' } : setup;
}

/**
 * What is wrong with a saved game's set-up (after `withLevel`), or null: a
 * level the computer players do not know, where they play. It only reads
 * the set-up.
 * @param {Readonly<Record<string, any>>} setup
 * @returns {string | null}
 */
export function setupFault(setup) {
  if (!computersPlay(setup)) return null;
  return LEVEL_NAMES.includes(setup.level) ? null : `names no level the computer knows ("${setup.level}")`;
}

/** The player's answer at their turn when they take back their last decision. */
const UNDO = Symbol('undo');

/** The engine turned an action down; the game is unchanged. */
class Refused extends Error {}

/**
 * The table a batch of events is told again over after a reload: the
 * engine's as it now stands (it keeps no earlier observation), numbered as
 * the hand (Cribbage Solitaire: the deal) the batch began in, which a
 * show's heading and a deal's Continue say: the number the last deal told
 * before it carries, as the engine wrote it (none since its game began: 0).
 * Each deal event numbers it as its observation does: a hand's `hand` is
 * the observation's `hand_number`, Cribbage Solitaire's `number` its
 * `deal`; the observation keeps the fields it has. The batch's own deal
 * brings the engine's numbers back.
 * @param {Observation} obs  The engine’s observation now.
 * @param {GameEvent[]} told  Every event told before the batch.
 * @returns {Observation}
 */
function asDealt(obs, told) {
  const dealt = told.slice(told.findLastIndex((ev) => ev.type === 'new_game') + 1).findLast((ev) => ev.type === 'deal');
  const numbered = { ...obs };
  if ('hand_number' in obs) numbered.hand_number = dealt?.hand ?? 0;
  if ('deal' in obs) numbered.deal = dealt?.number ?? 0;
  return numbered;
}

/**
 * The speech bubbles once `ev` is told (`told`, its words): each player's
 * last call since the count was last reset or the hand dealt.
 * @param {Record<number, string>} said
 * @param {GameEvent} ev
 * @param {import('./words.js').Told | null} told
 * @returns {Record<number, string>}
 */
function callsAfter(said, ev, told) {
  const now = ev.type === 'count_reset' || ev.type === 'deal' ? {} : said;
  return told?.say ? { ...now, [told.say.seat]: told.say.words } : now;
}

/** A turn loop stopped (a new game, a restore, destroy): not an error. */
class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}
