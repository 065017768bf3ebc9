// The app: the card table (the main view) and the hand calculator, with the
// set-up, statistics, settings and help, mounted into any element or shadow
// root. Everything it creates lives inside `root`, every listener goes on
// destroy, and every URL comes from import.meta.url, so it runs from any
// sub-path, twice on one page, or inside the <cribbage-game> element.
//
//   import { mountApp } from './js/app.js';
//   const app = await mountApp(document.getElementById('app'), { storageKey: 'cribbage' });
//   app.destroy();

import { h } from './dom.js';
import { loadEngine } from './engine.js';
import { createStore } from './store.js';
import { createAi } from './ai.js';
import { createPlay, seatsFor, sideNamesFor, SPEEDS } from './play.js';
import { createBoard, SPEEDS as BOARD_SPEEDS } from './board.js';
import { createCalculator } from './calculator.js';
import { EMPTY_STATS, forgetGame, normalizeStats, startGameTally, summary, tally } from './stats.js';
import { closeDialogs, confirmDialog, helpDialog, messageDialog, settingsDialog, setupDialog, showDialog, statsDialog } from './dialogs.js';
import { createCoach, reviewBody } from './coach.js';
import { createTabGuard } from './tabs.js';
import { createLog } from './log.js';

/** The level the coach and the review judge by: the exact discard values. */
const COACH_LEVEL = 'hard';

/**
 * The app's stylesheets, in order; a shadow root gets <link>s to them. The
 * deployed site (tools/dist.mjs) joins them into one file, fewer and smaller
 * downloads, and names it by defining CRIBBAGE_STYLESHEET.
 */
export const STYLESHEETS = (
  typeof CRIBBAGE_STYLESHEET === 'undefined' ? ['base.css', 'cards.css', 'board.css', 'table.css', 'calculator.css'] : [CRIBBAGE_STYLESHEET]
).map(
  (file) => new URL(`../css/${file}`, import.meta.url).href,
);

const DEFAULT_SETUP = Object.freeze({
  mode: 'computer',
  players: 2,
  names: ['', '', '', ''],
  level: 'easy',
  target: 121,
  counting: 'automatic',
  match: 'single',
});

const LEVEL_NAMES = ['easy', 'medium', 'hard', 'expert'];

/**
 * Mounts the app.
 * @param {Element | ShadowRoot} root
 * @param {{ view?: 'game'|'calculator', level?: string, target?: number, players?: number,
 *           theme?: 'light'|'dark'|'auto', seed?: string, storageKey?: string,
 *           counting?: 'automatic'|'muggins', match?: 'single'|'best_of_three',
 *           mode?: 'computer'|'people', speed?: 'slow'|'normal'|'fast'|'instant',
 *           onEvent?: (name: string, detail: object) => void }} [options]
 *   `counting`, `match`, `mode` and `speed` go beyond the embed contract, for
 *   links and tests; like level, target and players they shape the first new
 *   game (a saved game in progress is restored as it was).
 * @returns {Promise<{ destroy(): void, setTheme(theme: string): void }>}
 */
export async function mountApp(root, options = {}) {
  const store = createStore(options.storageKey || 'cribbage');
  const emit = (name, detail) => {
    try {
      options.onEvent?.(name, detail);
    } catch (err) {
      console.error(err);
    }
  };
  const listeners = [];
  const on = (target, type, fn) => {
    target.addEventListener(type, fn);
    listeners.push(() => target.removeEventListener(type, fn));
  };

  // --- Settings ---------------------------------------------------------------------

  const settings = readSettings(store);
  if (options.theme) settings.theme = options.theme;
  if (options.speed && options.speed in SPEEDS) settings.speed = options.speed;
  const firstSetup = { ...settings.setup };
  if (options.players && [2, 3, 4].includes(Number(options.players))) firstSetup.players = Number(options.players);
  if (options.target && [61, 121].includes(Number(options.target))) firstSetup.target = Number(options.target);
  // A level by name, or by number 1–4 (Easy to Expert), as the embed's attribute allows.
  const level = /^[1-4]$/.test(String(options.level ?? '')) ? LEVEL_NAMES[Number(options.level) - 1] : options.level;
  if (level && LEVEL_NAMES.includes(level)) firstSetup.level = level;
  if (options.counting === 'automatic' || options.counting === 'muggins') firstSetup.counting = options.counting;
  if (options.match === 'single' || options.match === 'best_of_three') firstSetup.match = options.match;
  if (options.mode === 'computer' || options.mode === 'people') firstSetup.mode = options.mode;
  let stats = normalizeStats(store.read('stats').value);
  // This game's share of the statistics, saved with the game: taken back out
  // if undo makes the game practice.
  let gameTally = startGameTally(stats);

  // --- The shell ----------------------------------------------------------------------

  const shadow = typeof ShadowRoot !== 'undefined' && root instanceof ShadowRoot;
  const links = shadow ? STYLESHEETS.map((href) => h('link', { rel: 'stylesheet', href })) : [];

  const navButton = (view, label) => h('button', { type: 'button', class: 'nav-tab', 'data-view': view }, label);
  const nav = h('nav', { class: 'app-nav', 'aria-label': 'Views' }, navButton('game', 'Play'), navButton('calculator', 'Hand calculator'));
  const tool = (id, label, keys) => h('button', { type: 'button', class: 'tool', 'data-command': id, 'aria-keyshortcuts': keys ?? null, 'data-testid': `tool-${id}` }, label);
  const tools = h('div', { class: 'app-tools' }, tool('newgame', 'New game', 'N'), tool('stats', 'Statistics'), tool('settings', 'Settings'), tool('help', 'Help', '?'));
  const header = h('header', { class: 'app-header' }, h('h1', { class: 'app-brand' }, h('span', { class: 'app-mark', 'aria-hidden': 'true' }), 'Cribbage'), nav, tools);

  const tableHost = h('div', { class: 'game-table' });
  const boardHost = h('section', { class: 'game-board', 'aria-label': 'Scores' });
  const logList = h('ol', { class: 'log-list', 'aria-label': 'What happened', 'data-testid': 'log', tabindex: 0 });
  const log = createLog(logList);
  const coachHost = h('div', { class: 'coach-body' });
  const side = h(
    'aside',
    { class: 'game-side' },
    boardHost,
    h('section', { class: 'game-coach paper', 'aria-label': 'Coach' }, h('h2', { class: 'section-title' }, 'Coach'), coachHost),
    h('section', { class: 'game-log paper', 'aria-label': 'Game log' }, h('h2', { class: 'section-title' }, 'Log'), logList),
  );
  const gameView = h('main', { class: 'app-view app-view--game', 'data-view': 'game' }, tableHost, side);
  const calcView = h('main', { class: 'app-view app-view--calculator', 'data-view': 'calculator', hidden: true });
  const live = h('div', { class: 'visually-hidden', 'aria-live': 'polite', 'aria-relevant': 'additions', 'data-testid': 'live' });
  const alert = h('div', { class: 'visually-hidden', role: 'alert' });
  const version = h('span', { class: 'app-version' }, 'Loading the engine…');
  const footer = h('footer', { class: 'app-footer' }, h('p', {}, version, ' · Runs entirely in your browser.'));
  const dialogs = h('div', { class: 'app-dialogs' });
  const app = h(
    'div',
    { class: 'cribbage', 'data-theme': settings.theme, 'data-speed': settings.speed },
    header,
    gameView,
    calcView,
    footer,
    live,
    alert,
    dialogs,
  );
  root.append(...links, app);

  let destroyed = false;
  let play = null;
  let calculator = null;
  let ai = null;
  let board = null;
  let tabs = null;

  // --- Announcements ---------------------------------------------------------------------

  function say(text, { important = false, log: logged = true } = {}) {
    if (!text) return;
    const region = important ? alert : live;
    region.append(h('p', {}, text));
    while (region.childElementCount > 4) region.firstElementChild.remove();
    if (logged) log.add(text);
  }

  // --- Storage that fails ---------------------------------------------------------------

  // Full, blocked (private modes, sandboxed frames) or missing: the game plays
  // on, and the player is told once that this device is not keeping it.
  let storageWarned = false;
  function keep(name, value) {
    if (store.write(name, value)) return true;
    if (!storageWarned && !destroyed) {
      storageWarned = true;
      say('Your progress is not being kept: this browser’s storage is full or blocked here. The game plays on, but a reload or a new visit starts afresh.', { important: true });
    }
    return false;
  }

  // --- Views ---------------------------------------------------------------------------

  function showView(view) {
    const name = view === 'calculator' ? 'calculator' : 'game';
    gameView.hidden = name !== 'game';
    calcView.hidden = name !== 'calculator';
    tools.hidden = name !== 'game';
    for (const tab of nav.querySelectorAll('.nav-tab')) {
      if (tab.dataset.view === name) tab.setAttribute('aria-current', 'page');
      else tab.removeAttribute('aria-current');
    }
    // Made the first time it is shown, at once, so it is drawn in the same frame.
    if (name === 'calculator' && !calculator) calculator = createCalculator(calcView, { engine: loadEngine() });
    emit('view', { view: name });
  }

  on(nav, 'click', (event) => {
    const tab = event.target.closest('.nav-tab');
    if (tab) showView(tab.dataset.view);
  });

  // --- Commands --------------------------------------------------------------------------

  async function command(id) {
    if (!play?.ready() && id !== 'help' && id !== 'settings') return;
    switch (id) {
      case 'newgame':
        return newGame();
      case 'stats': {
        const choice = await statsDialog(dialogs, summary(stats));
        if (choice === 'reset' && (await confirmDialog(dialogs, { title: 'Reset statistics?', text: 'Every game, win and best hand recorded on this device will be forgotten.', yes: 'Reset', no: 'Keep them' }))) {
          stats = { ...EMPTY_STATS };
          keep('stats', stats);
        }
        return undefined;
      }
      case 'settings': {
        const next = await settingsDialog(dialogs, settings);
        if (next) {
          Object.assign(settings, next);
          app.dataset.theme = settings.theme;
          app.dataset.speed = settings.speed;
          keep('settings', settings);
        }
        return undefined;
      }
      case 'help':
        return helpDialog(dialogs);
      case 'review':
        return review();
      case 'hint':
        return coach.hint();
      default:
        return undefined;
    }
  }

  async function newGame() {
    if (play.inProgress()) {
      const abandon = await confirmDialog(dialogs, {
        title: 'Abandon this game?',
        text: 'A game is in progress. Starting a new one ends it for good (it counts as abandoned in your statistics).',
        yes: 'Abandon it',
        no: 'Keep playing',
      });
      if (!abandon) return;
    }
    const chosen = await setupDialog(dialogs, { setup: settings.setup, speed: settings.speed });
    if (!chosen || destroyed) return;
    if (play.inProgress()) {
      if (play.setup()?.mode !== 'people' && !play.practice()) {
        stats.abandoned += 1;
        keep('stats', stats);
      }
    }
    settings.setup = chosen.setup;
    settings.speed = chosen.speed;
    app.dataset.speed = settings.speed;
    keep('settings', settings);
    log.clear();
    gameTally = startGameTally(stats);
    play.start(chosen.setup, chosen.seed ?? randomSeed());
  }

  async function review() {
    const data = play.reviewable();
    if (!data) return;
    const box = h('div', { class: 'review', 'data-testid': 'review' }, h('p', { class: 'coach-status' }, 'The coach is going over every decision you made…'));
    const shown = showDialog(dialogs, { title: 'Your play, reviewed', className: 'dialog--review', body: [box], buttons: [{ id: 'close', label: 'Close', primary: true }] });
    try {
      const result = await ai.review(data.save, data.seat, COACH_LEVEL);
      box.replaceChildren(...reviewBody(result, data.seat));
    } catch (err) {
      box.replaceChildren(h('p', { role: 'alert' }, `The review could not be made: ${err.message}.`));
    }
    return shown;
  }

  on(tools, 'click', (event) => {
    const button = event.target.closest('[data-command]');
    if (button) command(button.dataset.command);
  });

  on(app, 'keydown', (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target.closest?.('input, select, textarea, dialog, .calc')) return;
    if (gameView.hidden || !play?.ready()) return;
    const key = event.key;
    if (key === '?') command('help');
    else if (key === 'n' || key === 'N') command('newgame');
    else if (/^[1-6]$/.test(key)) play.chooseNth(Number(key));
    else if (key === 'l' || key === 'L') play.act('layaway');
    else if (key === 'g' || key === 'G') play.act('go');
    else if (key === 'c' || key === 'C') play.act('continue');
    else if (key === 'h' || key === 'H') play.act('hint');
    else if (key === 'u' || key === 'U') play.act('undo');
    else return;
    event.preventDefault();
  });

  showView(options.view === 'calculator' ? 'calculator' : 'game');

  // --- The table, drawn at once; the game starts when the engine is in -------------------------

  // The peg board, made at once for the game about to be restored or dealt
  // (so its room is taken before the engine loads), and made again when a
  // new game needs other tracks.
  let boardKey = '';
  const boardSpeed = () => (settings.speed in BOARD_SPEEDS ? settings.speed : 'normal');
  function showScores(view) {
    const key = JSON.stringify([view.names, view.target, view.match, view.goal, view.skunkLine, view.doubleSkunkLine]);
    if (key !== boardKey) {
      board?.destroy();
      board = createBoard(boardHost, {
        target: view.target,
        goal: view.goal,
        skunkLine: view.skunkLine,
        doubleSkunkLine: view.doubleSkunkLine,
        sides: view.names.map((name) => ({ name })),
        speed: boardSpeed(),
        gamesToWin: view.match ? 2 : 0,
        label: 'The peg board',
      });
      boardKey = key;
    }
    board.setSpeed(boardSpeed());
    board
      .set({
        sides: view.scores.map((pegs, side) => ({ front: pegs.front, rear: pegs.rear, games: view.gamesWon?.[side] ?? 0 })),
        highlight: view.highlight ?? null,
      })
      .catch(() => {});
  }
  // Before the engine has loaded there is no observation to say who partners
  // whom or where the skunk lines are: the placeholder only takes the board's
  // room (partners across the table share a track, so four players make two),
  // and the engine's own data replaces it at the first draw.
  const boardFor = (pending) => {
    const placeholderSides = Array.from({ length: pending.players }, (_, seat) => (pending.players === 4 ? seat % 2 : seat));
    const names = sideNamesFor(seatsFor(pending, placeholderSides), placeholderSides, pending.mode === 'people');
    showScores({ names, target: pending.target, match: pending.match === 'best_of_three', scores: names.map(() => ({ front: 0, rear: 0 })) });
  };
  try {
    boardFor(store.read('game').value?.setup ?? firstSetup);
  } catch {
    // A save too broken to read: it is reported when the game is restored.
    boardFor(firstSetup);
  }
  const coach = createCoach(coachHost, {
    analyze: (json, level) => ai.analyze(json, level),
    say,
    onSuggest: (cards, text) => play?.suggest(cards, text),
  });
  function makePlay() {
    return createPlay(tableHost, {
      say,
      emit,
      speed: () => settings.speed,
      onScores: showScores,
      persist: (saved) => (saved ? keep('game', { ...saved, share: gameTally }) : store.remove('game')),
      onStats: (events, { practice }) => {
        const setup = play.setup();
        if (!setup || setup.mode === 'people' || practice) return;
        const side = 0;
        tally(gameTally.counted, events, { seat: 0, side });
        if (tally(stats, events, { seat: 0, side })) keep('stats', stats);
      },
      relog: (lines) => log.replace(lines),
      onPractice: () => {
        forgetGame(stats, gameTally);
        gameTally = startGameTally(stats);
        keep('stats', stats);
      },
      onTurn: (turn) => coach.setTurn(turn && { ...turn, level: COACH_LEVEL }),
      onCommand: (id) => command(id),
    });
  }
  play = makePlay();

  // --- The engine and the game -------------------------------------------------------------

  let engine;
  try {
    engine = await loadEngine();
  } catch (err) {
    version.textContent = 'The engine could not load.';
    tableHost.append(
      h('p', { class: 'fatal', role: 'alert' }, `The game engine could not load, so the game cannot start: ${err.message}. Reload the page to try again.`),
    );
    return { destroy: () => teardown() };
  }
  if (destroyed) return { destroy: () => {} };
  version.textContent = `Engine ${engine.version()} (WebAssembly)`;

  ai = createAi();
  play.attach(engine, ai);

  // One tab plays the game in progress; another says so and offers to take over.
  tabs = createTabGuard(store.prefix, { onYield: () => stopHere('This game went on in another tab or window, so it has stopped here. Nothing is lost: it is saved as it stands.') });
  const mine = await tabs.claim();
  if (destroyed) return { destroy: () => {} };
  if (mine) openGame();
  else stopHere('This game is being played in another tab or window. Play it here instead? The other one stops where it is, and nothing is lost.');

  /** Restores the saved game, or deals the first one. */
  function openGame() {
    const saved = store.read('game');
    let restored = false;
    if (saved.error) {
      notice(`Your saved game could not be read (${saved.error.message}), so a new game has started.`);
      keep('game.corrupt', saved.text);
    } else if (saved.value) {
      try {
        // The game's share first: restoring may save the game at once.
        const share = saved.value.share;
        gameTally = share?.counted && typeof share.counted === 'object'
          ? { counted: normalizeStats({ ...share.counted, v: 1 }), bestBefore: normalizeStats({ v: 1, best: share.bestBefore }).best }
          : startGameTally(stats);
        play.restore(saved.value);
        restored = true;
        say('Your game in progress is back where you left it.', { log: false });
      } catch (err) {
        notice(`Your saved game could not be restored: ${err.message}. A new game has started.`);
        keep('game.corrupt', store.readText('game'));
      }
    }
    if (!restored) {
      store.remove('game');
      gameTally = startGameTally(stats);
      play.start(firstSetup, options.seed ? String(options.seed) : randomSeed());
    }
  }

  /** Leaves the game to another tab: the table says so and offers it back. */
  function stopHere(text) {
    if (destroyed) return;
    closeDialogs(dialogs);
    play?.destroy();
    play = null;
    coach.setTurn(null);
    const button = h('button', { type: 'button', class: 'button button--primary', 'data-testid': 'take-over' }, 'Play here');
    const box = h('div', { class: 'elsewhere paper', role: 'status', 'data-testid': 'elsewhere' }, h('p', {}, text), button);
    tableHost.replaceChildren(box);
    say(text, { log: false });
    button.addEventListener('click', async () => {
      button.disabled = true;
      button.textContent = 'Waiting for the other tab…';
      if (!(await tabs.takeOver()) || destroyed) return;
      box.remove();
      play = makePlay();
      play.attach(engine, ai);
      openGame();
    });
  }

  function notice(text) {
    say(text, { important: true });
    messageDialog(dialogs, { title: 'A new game', text });
  }

  function teardown() {
    if (destroyed) return;
    destroyed = true;
    for (const off of listeners.splice(0)) off();
    closeDialogs(dialogs);
    play?.destroy();
    coach.destroy();
    board?.destroy();
    tabs?.destroy();
    ai?.destroy();
    calculator?.destroy();
    app.remove();
    for (const link of links) link.remove();
  }

  return {
    destroy: teardown,
    /** Switches the colours live ('light' | 'dark' | 'auto'), as the embed's theme attribute does. */
    setTheme(theme) {
      if (!['auto', 'light', 'dark'].includes(theme)) return;
      settings.theme = theme;
      app.dataset.theme = theme;
    },
  };
}

function readSettings(store) {
  const stored = store.read('settings').value;
  const setup = { ...DEFAULT_SETUP };
  const s = stored?.setup ?? {};
  if ([2, 3, 4].includes(s.players)) setup.players = s.players;
  if (s.mode === 'people' || s.mode === 'computer') setup.mode = s.mode;
  if (Array.isArray(s.names)) setup.names = [0, 1, 2, 3].map((i) => String(s.names[i] ?? '').slice(0, 16));
  if (LEVEL_NAMES.includes(s.level)) setup.level = s.level;
  if ([61, 121].includes(s.target)) setup.target = s.target;
  if (s.counting === 'automatic' || s.counting === 'muggins') setup.counting = s.counting;
  if (s.match === 'single' || s.match === 'best_of_three') setup.match = s.match;
  return {
    setup,
    speed: stored?.speed in SPEEDS ? stored.speed : 'normal',
    theme: ['auto', 'light', 'dark'].includes(stored?.theme) ? stored.theme : 'auto',
  };
}

/** A fresh seed for a new deal, as the decimal string the engine takes. */
function randomSeed() {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return ((BigInt(words[0]) << 32n) | BigInt(words[1])).toString();
}
