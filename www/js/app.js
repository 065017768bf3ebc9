// @ts-check
// The app: the card table (the main view) and the hand calculator, with the
// set-up, statistics, settings and help, mounted into any element or shadow
// root. Everything it creates lives inside `root`, every listener goes on
// destroy, and every URL comes from import.meta.url, so it runs from any
// sub-path, twice on one page, or inside the <cribbage-game> element.
//
//   import { mountApp } from './js/app.js';
//   const app = await mountApp(document.getElementById('app'), { storageKey: 'cribbage' });
//   app.destroy();

import { closeAllDialogs, h } from './dom.js';
import { later } from './later.js';
import { loadEngine } from './engine.js';
import { createStore } from './store.js';
import { createAi } from './ai.js';
import { createPlay, seatsFor, sideNamesFor, SPEEDS } from './play.js';
import { COACH_LEVEL, readSettings, randomSeed, setupFrom, showCardStyle } from './settings.js';
import { createBoard, SPEEDS as BOARD_SPEEDS } from './board.js';
import { createCoach } from './coach.js';
import { createTabGuard } from './tabs.js';
import { createLog } from './log.js';
import { DEFAULT_GAME, GAMES, findGame, gameInfo, gameTagline } from './games.js';

/**
 * The games the <cribbage-game> element checks its attributes and
 * newGame()'s options against (embed-options.js, beside the element). One
 * object, not names of their own: the deployed bundle exports the app's
 * modules' names for its lazy modules.
 */
export const embedding = Object.freeze({ GAMES, DEFAULT_GAME });

// The dialogs, how to play and the calculator are loaded when first wanted
// (with the app's other lazy modules, lazy.js, and their stylesheet: see
// mountApp), not before: none of them is needed to deal and play a hand,
// so they stay off the first visit's critical path (the service worker
// still precaches them, so they open offline).

/**
 * The app's stylesheets, in order; a shadow root gets <link>s to them. The
 * deployed site (tools/dist.mjs) joins them into one file, fewer and smaller
 * downloads, and names it by defining CRIBBAGE_STYLESHEET.
 */
export const STYLESHEETS = (
  typeof CRIBBAGE_STYLESHEET === 'undefined' ? ['base.css', 'cards.css', 'board.css', 'table.css'] : [CRIBBAGE_STYLESHEET]
).map(
  (file) => new URL(`../css/${file}`, import.meta.url).href,
);

/**
 * Whether the stylesheets loaded with their modules (calculator.css,
 * dialogs.css, show.css, compact.css) come as files: the single file has every style inline.
 */
const LAZY_STYLESHEETS = typeof CRIBBAGE_SINGLE_FILE === 'undefined';

/**
 * The file a lazy stylesheet comes in: the deployed site (tools/dist.mjs)
 * joins those of the lazy modules into one, as it joins the modules, and
 * says which by defining CRIBBAGE_LAZY_STYLESHEETS (file → joined file).
 * @param {string} file
 */
const sheetFile = (file) => (typeof CRIBBAGE_LAZY_STYLESHEETS === 'undefined' ? file : (CRIBBAGE_LAZY_STYLESHEETS[file] ?? file));

/**
 * Mounts the app.
 * @param {Element | ShadowRoot} root
 * @param {{ view?: 'game'|'calculator', game?: string, level?: string, target?: number, players?: number,
 *           theme?: 'light'|'dark'|'auto', seed?: string, storageKey?: string,
 *           counting?: 'automatic'|'muggins', match?: 'single'|'best_of_three',
 *           mode?: 'computer'|'people', cut?: 'drawn'|'by_hand', speed?: 'slow'|'normal'|'fast'|'instant',
 *           layout?: 'full'|'compact', fourColour?: boolean, largeCards?: boolean, links?: boolean, pageKeys?: boolean,
 *           onEvent?: (name: string, detail: object) => void }} [options]
 *   `layout` "compact" shows the table and the board only (the embed's attribute).
 *   `fourColour` (clubs green, diamonds blue) and `largeCards` (a bigger index
 *   on every card) draw the cards so, over the player's saved choice (the
 *   embed's `four-colour` and `large-cards` attributes).
 *   `links`: the page reads its address (main.js), so a deal can be shared as a link.
 *   `pageKeys`: the app is the page (main.js): its keyboard shortcuts work wherever the focus is, the body too.
 *   `cut` "by_hand" has the players cut the pack for the first deal themselves.
 *   `counting`, `match`, `mode`, `cut` and `speed` go beyond the embed contract, for
 *   links and tests; like game, level, target and players they shape the first new
 *   game (a saved game in progress is restored as it was). An unknown `game`
 *   is said so, and standard cribbage is dealt.
 * @returns {Promise<{ destroy(): void, setTheme(theme: string): void,
 *                     setCardStyle(style?: { fourColour?: boolean, largeCards?: boolean }): void,
 *                     newGame?(options?: object): Promise<void>, undo?(): void, save?(): object | null,
 *                     restore?(saved: object): Promise<object | undefined>, state?(): object | null }>}
 *   (The methods after setCardStyle are the embed's API, there once the engine has loaded.)
 */
export async function mountApp(root, options = {}) {
  // Opened at the calculator, its module comes in before anything is drawn, so the view appears whole.
  // (Should it fail, the view says so when shown: the table still plays.)
  const shadow = typeof ShadowRoot !== 'undefined' && root instanceof ShadowRoot;
  const links = shadow ? STYLESHEETS.map((href) => h('link', { rel: 'stylesheet', href })) : [];
  const sheets = createStylesheets(shadow ? root : document.head);
  const stylesheet = sheets.add;
  const lazyCalculator = () => Promise.all([later('calculator'), stylesheet('calculator.css')]).then(([loaded]) => /** @type {any} */ (loaded));
  let calculatorModule = options.view === 'calculator' ? await lazyCalculator().catch(() => null) : null;
  // The compact layout's styles, before anything is drawn (the full layout needs none of them).
  if (options.layout === 'compact') await stylesheet('compact.css');
  const store = createStore(options.storageKey || 'cribbage');
  const emit = (name, detail) => {
    try {
      options.onEvent?.(name, detail);
    } catch (err) {
      console.error(err);
    }
  };
  const listeners = [];
  const on = (target, type, fn, capture = false) => {
    target.addEventListener(type, fn, capture);
    listeners.push(() => target.removeEventListener(type, fn, capture));
  };

  // --- Settings ---------------------------------------------------------------------

  const settings = readSettings(store);
  // Sound (sound.js) is loaded only once the player has turned it on.
  const sound = createSoundSwitch({ enabled: () => settings.sound, alive: () => !destroyed });
  if (options.theme) settings.theme = options.theme;
  // The embed's four-colour and large-cards attributes, over the saved choice.
  if (typeof options.fourColour === 'boolean') settings.fourColour = options.fourColour;
  if (typeof options.largeCards === 'boolean') settings.largeCards = options.largeCards;
  if (options.speed && options.speed in SPEEDS) settings.speed = options.speed;
  const firstSetup = setupFrom(settings.setup, options);
  // A game by name; a name this page does not play is told, never a blank page.
  const askedGame = options.game === undefined || options.game === null || options.game === '' ? null : String(options.game).trim().toLowerCase();
  const unknownGame = askedGame !== null && !findGame(askedGame) ? String(options.game) : null;
  // The deal asked for (?seed=), or none: the engine says whether it can deal it.
  const askedSeed = options.seed ? String(options.seed) : null;
  let badSeed = null;

  // --- The shell ----------------------------------------------------------------------

  const shell = createShell(settings, options.layout === 'compact' ? 'compact' : 'full', shadow);
  const { app, nav, tools, menu, menuButton, soundButton, asideButton, tagline, tableHost, boardHost, coachHost, meterHost, gameView, calcView, version, live, alert, dialogs } = shell;
  const log = createLog(shell.logList);
  showCardStyle(app, settings);
  // The app's stylesheets go first: the calculator's, when it was opened at
  // once (and so already added), comes after them in the cascade.
  root.prepend(...links);
  root.append(app);

  let destroyed = false;
  let play = null;
  let calculator = null;
  let ai = null;
  let tabs = null;

  // --- Announcements ---------------------------------------------------------------------

  function say(text, { important = false, log: logged = true } = {}) {
    if (!text) return;
    const region = important ? alert : live;
    region.append(h('p', {}, text));
    while (region.childElementCount > 4) region.firstElementChild.remove();
    if (logged) log.add(text);
  }

  // The app is the page (main.js) and the page is not in another's frame:
  // the focus on the body is the app's to take only then (focus taken in a
  // frame takes the frame, and the host page's keys with it), and only then
  // may a notice be a modal dialog, which makes the whole page inert.
  const ownsPage = () => options.pageKeys === true && globalThis.top === globalThis.self;

  // --- Storage that fails ---------------------------------------------------------------

  // Full, blocked (private modes, sandboxed frames) or missing: the game plays
  // on, and the player is told once that this device is not keeping it.
  const keep = createKeeper(store, () => {
    if (!destroyed) say('Your progress is not being kept: this browser’s storage is full or blocked here. The game plays on, but a reload or a new visit starts afresh.', { important: true });
    return !destroyed;
  });

  // --- What comes later: the commands, the statistics, the chances -----------------------

  // None of it is needed to deal and play the first hand (commands.js, in
  // lazy.js): it loads at its first use, or in the background once the
  // table first waits for the player. Until then the game on the table's
  // share of the statistics is kept as its save had it.
  const commands = createCommandsLoader(
    // With the styles of what the table draws after the first play (css/later.css).
    () => Promise.all([later('commands'), stylesheet('later.css')]).then(([module]) => module),
    (module, share) =>
      module.createCommands(
        {
          store,
          settings,
          app,
          dialogs,
          meterHost,
          play: () => play,
          ai: () => (ai ??= createAi()),
          alive: () => !destroyed,
          ownsPage,
          keep,
          say,
          clearLog: () => log.clear(),
          showAside: () => showAside(),
          asides: () => readAsides(),
          stylesheet,
        },
        { share },
      ),
    {
      write: (saved) => keep('game', saved),
      remove: () => store.remove('game'),
    },
  );

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
    // Made the first time it is shown: at once when its module is in (opened
    // at #calculator, mountApp loads it before drawing, so nothing moves),
    // else as soon as it has loaded.
    if (name === 'calculator' && !calculator) {
      if (calculatorModule) calculator = calculatorModule.createCalculator(calcView, calculatorConfig());
      else {
        lazyCalculator().then((module) => {
          calculatorModule = module;
          if (!destroyed && !calculator && !calcView.hidden) calculator = module.createCalculator(calcView, calculatorConfig());
        }, (err) => calcView.replaceChildren(h('p', { class: 'fatal', role: 'alert' }, `The calculator could not load: ${err.message}.`)));
      }
    }
    emit('view', { view: name });
  }

  /** The calculator counts on this page's engine; its discard analyser asks the computer players' worker. */
  function calculatorConfig() {
    return { engine: loadEngine(), discards: (cards, crib, scores) => (ai ??= createAi()).discards(cards, crib, scores) };
  }

  on(nav, 'click', (event) => {
    const tab = event.target.closest('.nav-tab');
    if (tab) showView(tab.dataset.view);
  });

  // --- The phone's menu ------------------------------------------------------------------

  // Opened under its button (the menu sits in the top layer, placed by the screen).
  on(menu, 'toggle', (event) => {
    if (event.newState === 'open') menu.style.top = `${menuButton.getBoundingClientRect().bottom + 4}px`;
  });
  // A choice made closes it, before the choice is acted on (hence the
  // capture). The focus goes back to the menu's button first: the choice's
  // own button is hidden with the menu, and a dialog it opens gives the
  // focus back, when it closes, to where it was; on a hidden button the
  // focus fell to the page, where the keys do nothing.
  on(
    menu,
    'click',
    (event) => {
      if (!event.target.closest('button')) return;
      if (menu.matches?.(':popover-open') && menu.contains(document.activeElement)) menuButton.focus({ preventScroll: true });
      menu.classList.remove('is-open');
      if (menu.matches?.(':popover-open')) menu.hidePopover();
    },
    true,
  );
  // A browser without popovers (before Safari 17) opens it in place.
  if (!('popover' in HTMLElement.prototype)) on(menuButton, 'click', () => menu.classList.toggle('is-open'));

  // --- Commands --------------------------------------------------------------------------

  /**
   * One of the app's commands: the coach's hint here, the rest in commands.js.
   * @param {string} id
   */
  async function command(id) {
    if (!play?.ready() && id !== 'help' && id !== 'settings' && id !== 'sound') return undefined;
    if (id === 'hint') return coach.hint();
    if (id === 'sound') return toggleSound();
    const loaded = await commands.get();
    return destroyed ? undefined : loaded.run(id);
  }

  /** The sound switch: at once, in the tap (browsers let audio start only in a gesture). */
  function toggleSound() {
    settings.sound = !settings.sound;
    soundButton.textContent = settings.sound ? 'Sound on' : 'Sound off';
    soundButton.setAttribute('aria-pressed', String(settings.sound));
    keep('settings', settings);
    // A tock says it is on.
    sound.play('peg');
  }

  on(tools, 'click', (event) => {
    const button = event.target.closest('[data-command]');
    if (button) command(button.dataset.command);
  });

  /**
   * The app's keyboard shortcuts.
   * @param {KeyboardEvent} event
   */
  function shortcut(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = /** @type {Element} */ (event.target);
    if (target.closest?.('input, select, textarea, dialog, .calc')) return;
    if (gameView.hidden || !play?.ready()) return;
    const key = event.key;
    if (key === '?') command('help');
    else if (key === 'n' || key === 'N') command('newgame');
    else if (/^[1-6]$/.test(key)) play.chooseNth(Number(key));
    else if (key === 'l' || key === 'L') play.act('layaway');
    else if (key === 'm' || key === 'M') play.act('mog');
    else if (key === 'r' || key === 'R') play.act('refuse');
    else if (key === 'p' || key === 'P') play.act('pass');
    else if (key === 'g' || key === 'G') play.act('go');
    else if (key === 'c' || key === 'C') play.act('continue');
    else if (key === 'h' || key === 'H') play.act('hint');
    else if (key === 'u' || key === 'U') play.act('undo');
    else return;
    event.preventDefault();
  }
  on(app, 'keydown', shortcut);
  // On the app's own page the keys are the page's: with the focus nowhere
  // (on the body) they still reach it. An embed leaves its host page's keys alone.
  const doc = app.ownerDocument;
  if (options.pageKeys) {
    on(doc, 'keydown', (event) => {
      if (event.target === doc.body || event.target === doc.documentElement) shortcut(event);
    });
  }

  // --- Focus that would be lost -----------------------------------------------------------

  // A control that goes away with the focus on it (a card played with a
  // click, a question's button once answered, a button disabled when the
  // turn passes) leaves the focus on the page's body, where none of the
  // app's keys reach until the next turn. It is put back on the table (or,
  // in the calculator or with no game, on the app) as soon as it is lost.
  // (A player who leaves the app, clicking the page around it, is let go.)
  /** @type {Element | null} The element in the app that last took the focus. */
  let held = null;
  on(app, 'focusin', (event) => {
    held = /** @type {Element} */ (event.target);
  });
  const focusLost = () => !doc.activeElement || doc.activeElement === doc.body;
  function keepFocus() {
    if (!held || destroyed || !focusLost()) return;
    const was = held;
    held = null;
    const gone = !was.isConnected || was.matches(':disabled') || (typeof was.checkVisibility === 'function' && !was.checkVisibility());
    if (!gone) return;
    const open = dialogs.querySelector('dialog[open]');
    if (open) open.querySelector('button')?.focus({ preventScroll: true });
    else if (!gameView.hidden && play) play.keepFocus();
    if (focusLost()) app.focus({ preventScroll: true });
  }
  // Chromium says so at once (a focusout with nowhere to go); for a browser
  // that does not, what the app removes, hides or disables is watched too.
  on(app, 'focusout', (event) => {
    if (!event.relatedTarget) queueMicrotask(keepFocus);
  });
  const watcher = new MutationObserver(keepFocus);
  watcher.observe(app, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'hidden'] });
  listeners.push(() => watcher.disconnect());

  showView(options.view === 'calculator' ? 'calculator' : 'game');

  // --- The table, drawn at once; the game starts when the engine is in -------------------------

  // The peg board and the tagline, made at once for the game about to be
  // restored or dealt (so its room is taken before the engine loads).
  const scoreboard = createScoreboard({ host: boardHost, tagline, speed: () => settings.speed, below: meterHost });
  // The set-up of the game about to be restored: none where a link to another game sets it aside (see `setAside`).
  // The record is read once, so the two questions are asked of the same save.
  const savedSetup = () => {
    const saved = store.read('game').value;
    return setAsideBy(saved) ? null : saved?.setup;
  };
  try {
    const saved = savedSetup();
    // A save from before the picker names no game: it was standard cribbage.
    scoreboard.placeholder(saved ? { ...saved, game: saved.game ?? DEFAULT_GAME } : firstSetup);
  } catch {
    // A save too broken to read: it is reported when the game is restored.
    scoreboard.placeholder(firstSetup);
  }
  const coach = createCoach(coachHost, {
    // Where the engine has chances (the game on the table), the coach weighs them: Expert's numbers.
    analyze: async (saveText, seat, level) => ai.analyze(saveText, seat, await (await commands.get()).coachLevel(level), 0, play?.setup()?.game),
    say,
    onSuggest: (cards, text, why) => play?.suggest(cards, text, why),
    styles: (file) => stylesheet(file),
  });
  /**
   * The page's address names the game on the table, once it is another than
   * the link's (a new game of Noddy dealt on a page opened at ?game=cribbage):
   * a reload opens the game in progress, and does not set it aside for the
   * link's. The link's deal was the old game's.
   * @param {string} game
   */
  function addressFor(game) {
    const url = new URL(location.href);
    const linked = url.searchParams.get('game');
    if (linked === null || linked.trim().toLowerCase() === game) return;
    url.searchParams.delete('seed');
    url.searchParams.set('game', game);
    history.replaceState(history.state, '', url);
  }
  function makePlay() {
    return createPlay(tableHost, {
      say,
      styles: (file) => stylesheet(file),
      emit: (name, detail) => {
        // Once the table first waits for the player, what comes later loads in the background.
        if (name === 'turn') commands.soon();
        emit(name, detail);
      },
      // (Or at the first Continue: Noddy's announcements are read before the play.)
      onWait: () => commands.soon(),
      speed: () => settings.speed,
      autoGo: () => settings.autoGo,
      sound: (kind, detail) => sound.play(kind, detail),
      // A link to a deal opens it in this page: only the page itself reads its address.
      shareable: () => options.links === true,
      ownsPage,
      onScores: (view) => scoreboard.show(view),
      onOpen: (game) => {
        if (options.links === true) addressFor(game);
      },
      boardLanded: () => scoreboard.landed(),
      persist: (saved) => commands.persist(saved),
      // Counted by commands.js; an action before it is in (the computer's
      // lay-away before the first play) is counted when it comes.
      onStats: (events, { practice }) => {
        const setup = play.setup();
        if (!setup || setup.mode === 'people' || practice) return;
        commands.tally(setup, events);
      },
      relog: (lines) => log.replace(lines),
      // At once where the statistics are in, so the save that follows has the game's share as it now is.
      onPractice: () => (commands.loaded ? commands.loaded.records.forget() : commands.get().then((loaded) => loaded.records.forget())),
      onTurn: (turn, how) => coach.setTurn(turn && { ...turn, level: COACH_LEVEL }, how),
      onCommand: (id) => command(id),
      // The chances' meter: only where Settings show it as the game goes.
      onProgress: () => {
        if (commands.loaded) commands.loaded.chances.show();
        else if (settings.chances === 'on') commands.soon((loaded) => loaded.chances.show());
      },
      onOver: () => {
        commands.get().then((loaded) => loaded.over()).catch(() => {});
      },
      chancesAfter: async () => {
        const current = play?.current();
        return Boolean(current) && settings.chances !== 'off' && (await (await commands.get()).chances.known(current));
      },
    });
  }
  play = makePlay();

  // --- The engine and the game -------------------------------------------------------------

  let engine;
  try {
    // The module of the game about to be restored or dealt, first: a game of
    // the family opened by its link never waits for the cribbage module.
    const saved = savedSetup();
    const first = saved && typeof saved === 'object' ? (saved.game ?? DEFAULT_GAME) : firstSetup.game;
    const game = findGame(first) ? first : DEFAULT_GAME;
    // Its face with it, each a module of its own: asked for now, the face
    // is in by the time the engine is (`openGame` waits for both, and says
    // if either failed).
    play.prepare(game).catch(() => {});
    engine = await loadEngine(game).catch(() => loadEngine());
  } catch (err) {
    version.textContent = 'The engine could not load.';
    tableHost.append(
      h('p', { class: 'fatal', role: 'alert' }, `The game engine could not load, so the game cannot start: ${err.message}. Reload the page to try again.`),
    );
    return { destroy: () => teardown(), setTheme: () => {}, setCardStyle: () => {} };
  }
  if (destroyed) return { destroy: () => {}, setTheme: () => {}, setCardStyle: () => {} };
  version.textContent = `Engine ${engine.version()} (WebAssembly)`;

  ai ??= createAi();
  play.attach(engine, ai);

  // One tab plays the game in progress; another says so and offers to take over.
  tabs = createTabGuard(store.prefix, { onYield: () => stopHere('This game went on in another tab or window, so it has stopped here. Nothing is lost: it is saved as it stands.') });
  const mine = await tabs.claim();
  if (destroyed) return { destroy: () => {}, setTheme: () => {}, setCardStyle: () => {} };
  if (mine) await openGame();
  else stopHere('This game is being played in another tab or window. Play it here instead? The other one stops where it is, and nothing is lost.');

  /** Restores the saved game, or deals the first one. */
  async function openGame() {
    // Done here, once this tab holds the game (another tab may be playing the save).
    // `setAside` reads the save once and sets it aside only where the link asks it.
    const aside = setAside();
    const saved = store.read('game');
    // The family's games restore and deal with their own module: loaded
    // first, so a save restores (or fails to) at once.
    const kept = saved.value?.setup && typeof saved.value.setup === 'object' ? saved.value : null;
    // Offline before the family's module was ever fetched: said once, in
    // plain words (the browser's folded away), with the ways on: try again,
    // or play standard cribbage, whose module is the page's own.
    let missing = false;
    try {
      // The module its own record names (a set-up kept beside it may say another).
      if (kept) await play.prepareSaved(kept);
      else await play.prepare(firstSetup.game);
    } catch (err) {
      if (destroyed || !play) return;
      await askMissing(err, kept);
      missing = true;
      if (gameInfo(firstSetup.game).module !== 'cribbage') firstSetup.game = DEFAULT_GAME;
    }
    if (destroyed || !play) return;
    let restored = false;
    // Said in plain words; the engine's (or the browser's) own on what is
    // wrong with the save stay in the dialog, folded under them.
    const unreadable = 'Your saved game could not be read, so a fresh game has been dealt.';
    if (saved.error) {
      notice(unreadable, undefined, saved.error.message);
      keep('game.corrupt', saved.text);
    } else if (saved.value && !missing) {
      try {
        // The game's share first: restoring may save the game at once.
        commands.setShare(saved.value.share);
        play.restore(saved.value);
        restored = true;
        say('Your game in progress is back where you left it.', { log: false });
      } catch (err) {
        notice(unreadable, undefined, err.message);
        keep('game.corrupt', store.readText('game'));
      }
    }
    if (!restored) {
      store.remove('game');
      commands.setShare(null);
      // The save that failed may have been another game's (a broken Noddy
      // save on a page opened for cribbage): the fresh game's own module and
      // face are asked for now, or the table would wait for them for ever.
      await play.prepare(firstSetup.game);
      if (destroyed || !play) return;
      try {
        play.start(firstSetup, askedSeed ?? randomSeed());
      } catch (err) {
        // A deal the engine refuses (a link cut short or mistyped): a new deal, said below.
        if (askedSeed === null) throw err;
        badSeed = askedSeed;
        play.start(firstSetup, randomSeed());
      }
    }
    // A deal the engine cannot take (a link cut short or mistyped): said, and a new deal dealt, never a table left empty.
    if (badSeed !== null) notice(`“${badSeed}” is not a deal number, so this is a new deal.`, 'Unknown deal');
    if (unknownGame) {
      const list = GAMES.map((game) => game.title);
      const names = `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
      // A game in progress goes on as the game it is; only a new deal falls back to standard cribbage.
      const then = restored ? 'so your game in progress goes on.' : 'so this is standard cribbage.';
      notice(`“${unknownGame}” is not a game this page plays (it plays ${names}), ${then}`, 'Unknown game');
    }
    const first = showAside();
    // The compact layout has no tools to go back by: a game set aside is offered at each visit.
    const compact = options.layout === 'compact';
    const offered = aside ?? (compact ? first : null);
    if (offered && play) commands.get().then((loaded) => (destroyed ? undefined : loaded.offerAside(offered, play.setup().game, !compact)), () => {});
  }

  /**
   * The game saved in progress, when the page was opened by a link to
   * another game (?game=noddy over a game of cribbage): the link's game is
   * played, and the saved one is set aside (`setAside`), kept and offered,
   * neither restored in the link's place nor lost. Null when the link names
   * no game, an unknown one, or the saved game's own.
   * @param {unknown} saved  The record under "game".
   * @returns {string | null}  The saved game's id.
   */
  function setAsideBy(saved) {
    const setup = /** @type {any} */ (saved)?.setup;
    if (askedGame === null || unknownGame || !setup || typeof setup !== 'object') return null;
    // A save from before the picker names no game: it was standard cribbage.
    const was = gameInfo(setup.game ?? DEFAULT_GAME).id;
    return was === firstSetup.game ? null : was;
  }

  /**
   * Moves the saved game to the games set aside (one a game, under
   * "game.aside"), and puts back the link's own game, had one been set
   * aside before, unless the link names a deal. Where storage refuses the
   * move, the save stays where it was and is restored: kept, not lost.
   * @returns {string | null}  The game set aside.
   */
  function setAside() {
    const saved = store.read('game').value;
    const was = setAsideBy(saved);
    if (!was) return null;
    const asides = readAsides();
    asides[was] = saved;
    const back = askedSeed === null ? asides[firstSetup.game] : undefined;
    delete asides[firstSetup.game];
    if (!keep('game.aside', asides)) return null;
    if (back) keep('game', back);
    else store.remove('game');
    return was;
  }

  /** The games set aside, by game id (see `setAside`). */
  function readAsides() {
    const value = store.read('game.aside').value;
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  }

  /**
   * The tools' way back to a game set aside ("Back to Cribbage"; the next one once it is back).
   * @returns {string | undefined}  The game it goes back to.
   */
  function showAside() {
    const id = Object.keys(readAsides()).find(findGame);
    asideButton.hidden = !id;
    asideButton.textContent = `Back to ${gameInfo(id).title}`;
    return id;
  }

  /**
   * A game whose module could not be fetched, said in plain words (commands.js's
   * `askMissing`), with the ways on: try again, or standard cribbage now. Trying
   * again reloads the page: a browser keeps a module's failed fetch for the
   * document's life, so only a new document fetches it again. An app embedded
   * in another page does not reload its host: it offers cribbage alone.
   * @param {unknown} err
   * @param {Record<string, any> | null} kept  The saved game it was to restore, if any.
   * @returns {Promise<void>}  Once cribbage is to be dealt (never, when the page reloads).
   */
  async function askMissing(err, kept) {
    const own = options.links === true;
    const retry = await commands
      .get()
      .then((loaded) => loaded.askMissing(gameInfo(kept ? kept.setup.game : firstSetup.game).title, Boolean(kept), String(err instanceof Error ? err.message : err), own))
      .catch(() => false);
    if (!retry) return;
    globalThis.location.reload();
    return new Promise(() => {});
  }

  /** Leaves the game to another tab: the table says so and offers it back. */
  function stopHere(text) {
    if (destroyed) return;
    closeAllDialogs(dialogs);
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
      await openGame();
    });
  }

  /**
   * Tells the player something that changed their game: said at once, and
   * shown in a dialog, which comes with commands.js.
   * @param {string} text
   * @param {string} [title]
   * @param {string} [detail]  What went wrong in the engine's words: in the dialog, folded under the text.
   */
  function notice(text, title, detail) {
    say(text, { important: true });
    commands.get().then((loaded) => {
      if (!destroyed) loaded.showNotice(text, title, detail);
    }, () => {});
  }

  function teardown() {
    if (destroyed) return;
    destroyed = true;
    for (const off of listeners.splice(0)) off();
    closeAllDialogs(dialogs);
    play?.destroy();
    coach.destroy();
    sound.close();
    scoreboard.destroy();
    tabs?.destroy();
    ai?.destroy();
    calculator?.destroy();
    app.remove();
    for (const link of links) link.remove();
    sheets.remove();
  }

  /** Throws unless a game is on the table and this app can act on it. */
  function needGame(what) {
    if (destroyed) throw new Error(`${what}: the game has been taken down`);
    if (!play?.ready() || !play.setup()) throw new Error(`${what}: no game is on the table yet`);
  }

  return {
    destroy: teardown,
    /**
     * Deals a new game at once, as the embed's newGame() and its game
     * attributes ask: `options` as mountApp takes them (already checked by
     * the element), over the player's saved set-up; a game in progress is
     * abandoned. Resolves once dealt; rejects, the game on the table
     * unchanged, when the game's module cannot load.
     * @param {{ game?: string, players?: number, target?: number, level?: string, seed?: string,
     *           counting?: string, match?: string }} [next]
     */
    async newGame(next = {}) {
      needGame('newGame');
      const loaded = await commands.get();
      if (!destroyed) await loaded.deal(next);
    },
    /**
     * Takes back the player's last decision, as the Undo button does.
     * @throws {Error} saying why not, when there is nothing to take back now
     */
    undo() {
      needGame('undo');
      const why = play.undoRefusal();
      if (why) throw new Error(`undo: ${why}`);
      play.act('undo');
    },
    /** The game on the table as the app saves it (an object `restore` takes back), or null when there is none. */
    save() {
      needGame('save');
      return play.snapshot();
    },
    /**
     * Puts a game saved by `save` on the table, in place of the one there;
     * rejects, the game on the table left as it was, when it cannot be
     * restored (the element reads the text and names what is wrong first).
     * @param {{ v: number, save: string, setup: { game: string } }} saved
     * @returns {Promise<object | undefined>} the restored game's set-up
     */
    restore(saved) {
      needGame('restore');
      if (!findGame(saved?.setup?.game)) return Promise.reject(new Error('restore: it is not a game this page plays'));
      return commands.get().then((loaded) => (destroyed ? undefined : loaded.restore(saved)));
    },
    /**
     * The game at a glance: which game, whose turn (null once over), each
     * side's name and points pegged (in full past the target, as the engine
     * counts them and `gameover` says them; the board stops them at the game
     * hole), and whether it is over.
     * @returns {{ game: string, turn: { seat: number, name: string, human: boolean } | null,
     *             scores: { name: string, score: number }[], over: boolean } | null}
     */
    state() {
      const status = play?.status();
      if (!status) return null;
      return {
        game: status.game,
        turn: status.seat === null ? null : { seat: status.seat, name: status.name, human: status.human },
        scores: (scoreboard.shown()?.names ?? []).map((name, side) => ({ name, score: scoreboard.shown().scores[side]?.front ?? 0 })),
        over: status.over,
      };
    },
    /** Switches the colours live ('light' | 'dark' | 'auto'), as the embed's theme attribute does. */
    setTheme(theme) {
      if (!['auto', 'light', 'dark'].includes(theme)) return;
      settings.theme = theme;
      app.dataset.theme = theme;
    },
    /**
     * Switches the four-colour deck and large cards live, as the embed's
     * `four-colour` and `large-cards` attributes do; one left undefined
     * goes back to the player's saved choice.
     * @param {{ fourColour?: boolean, largeCards?: boolean }} [style]
     */
    setCardStyle({ fourColour, largeCards } = {}) {
      const saved = readSettings(store);
      settings.fourColour = typeof fourColour === 'boolean' ? fourColour : saved.fourColour;
      settings.largeCards = typeof largeCards === 'boolean' ? largeCards : saved.largeCards;
      showCardStyle(app, settings);
    },
  };
}

// --- The app's parts, each with its own state ----------------------------------------

/**
 * The app's elements, drawn before anything loads: the header (the views,
 * the tools and, on a phone, the menu that folds them), the table's and the
 * board's room, the coach, the log, the live regions and the footer.
 * @param {{ theme: string, speed: string, sound: boolean }} settings
 * @param {'full'|'compact'} layout  "compact" (the embed's attribute): the table and the board only.
 * @param {boolean} embedded  Mounted in a shadow root, on a page of its own.
 */
function createShell(settings, layout, embedded) {
  const navButton = (view, label) => h('button', { type: 'button', class: 'nav-tab', 'data-view': view }, label);
  const nav = h('nav', { class: 'app-nav', 'aria-label': 'Views' }, navButton('game', 'Play'), navButton('calculator', 'Hand calculator'));
  const tool = (id, label, keys) => h('button', { type: 'button', class: 'tool', 'data-command': id, 'aria-keyshortcuts': keys ?? null, 'data-testid': `tool-${id}` }, label);
  // Sound: off until one tap turns it on (and kept so).
  const soundButton = tool('sound', settings.sound ? 'Sound on' : 'Sound off');
  soundButton.setAttribute('aria-pressed', String(settings.sound));
  // Back to a game set aside by a link to another game: shown while there is one (see `showAside`).
  const asideButton = tool('aside', '');
  asideButton.hidden = true;
  const tools = h('div', { class: 'app-tools' }, tool('newgame', 'New game', 'N'), asideButton, tool('stats', 'Statistics'), tool('settings', 'Settings'), soundButton, tool('help', 'Help', '?'));
  // Which game is on the table, and what wins it: reverse cribbage turns the aim round.
  const tagline = h('p', { class: 'app-game', 'data-testid': 'game-tagline' });
  // On a phone the views and the tools fold into one menu, so the header is
  // the title and one button (css/table.css); on a wider screen the menu's
  // box gives way (display: contents) and they sit in the header's row.
  // The menu is a popover: a tap elsewhere or Escape closes it, and focus
  // goes back to its button, as the browser does for every popover.
  const menuId = `app-menu-${Math.random().toString(36).slice(2, 8)}`;
  const menuButton = h('button', { type: 'button', class: 'app-menu-button', popovertarget: menuId, 'data-testid': 'menu' }, h('span', { class: 'app-menu-icon', 'aria-hidden': 'true' }), 'Menu');
  const menu = h('div', { class: 'app-menu', id: menuId, popover: true }, nav, tools);
  // The row inside the header is what folds (css/table.css): the header
  // itself carries the switch its row reads, as a style query reads a parent.
  const row = h('div', { class: 'app-header-row' }, h('h1', { class: 'app-brand' }, h('span', { class: 'app-mark', 'aria-hidden': 'true' }), h('span', { class: 'app-name' }, 'Cribbage')), tagline, menuButton, menu);
  const header = h('header', { class: 'app-header' }, row);

  // `part` names: the embed's ::part() theming hooks (README, docs/EMBEDDING.md).
  const tableHost = h('div', { class: 'game-table', part: 'table' });
  const boardHost = h('section', { class: 'game-board', part: 'board', 'aria-label': 'Scores' });
  const logList = h('ol', { class: 'log-list', 'aria-label': 'What happened', 'data-testid': 'log', tabindex: 0 });
  const coachHost = h('div', { class: 'coach-body' });
  // The chances' meter (chart.js fills it), by the board; hidden until Settings and the engine both have it.
  const meterHost = h('p', { class: 'chances-meter', hidden: true, 'data-testid': 'chances' });
  const side = h(
    'aside',
    { class: 'game-side' },
    boardHost,
    h('section', { class: 'game-coach paper', part: 'coach', 'aria-label': 'Coach' }, h('h2', { class: 'section-title' }, 'Coach'), coachHost),
    h('section', { class: 'game-log paper', part: 'log', 'aria-label': 'Game log' }, h('h2', { class: 'section-title' }, 'Log'), logList),
  );
  // The page's main content is the app's views, on the app's own page; on a
  // page that embeds it (one <main> of its own, maybe several games) they
  // are a part of that page, not its main landmark.
  const view = embedded ? 'div' : 'main';
  const gameView = h(view, { class: 'app-view app-view--game', 'data-view': 'game' }, tableHost, side);
  const calcView = h(view, { class: 'app-view app-view--calculator', 'data-view': 'calculator', hidden: true });
  const live = h('div', { class: 'visually-hidden', 'aria-live': 'polite', 'aria-relevant': 'additions', 'data-testid': 'live' });
  const alert = h('div', { class: 'visually-hidden', role: 'alert' });
  const version = h('span', { class: 'app-version' }, 'Loading the engine…');
  const footer = h('footer', { class: 'app-footer' }, h('p', {}, version, ' · Runs entirely in your browser.'));
  const dialogs = h('div', { class: 'app-dialogs' });
  const app = h(
    'div',
    // Focusable (not in the tab order): a click on the felt, the board or the
    // log keeps focus in the app, so its keyboard shortcuts go on working
    // instead of focus falling to the page's body.
    { class: 'cribbage', 'data-theme': settings.theme, 'data-speed': settings.speed, 'data-layout': layout, tabindex: '-1' },
    header,
    gameView,
    calcView,
    footer,
    live,
    alert,
    dialogs,
  );
  return { app, nav, tools, menu, menuButton, soundButton, asideButton, tagline, tableHost, boardHost, logList, coachHost, meterHost, gameView, calcView, version, live, alert, dialogs };
}

/**
 * Runs `fn` in the background a moment after now, when the page is idle
 * (soon in any case): well after the frame that shows the table waiting,
 * off its first path however it is measured, and with the page's own
 * worker registration (main.js, 1.5 s after the first turn), which asks for
 * the same module.
 * @param {() => void} fn
 */
const whenIdle = (fn) => setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 1000 }) : fn()), 1500);

/**
 * The commands (commands.js), loaded and made once: at their first use, or
 * in the background once the table first waits for the player. Until they
 * are in, what they keep waits here: the game on the table's share of the
 * statistics as its save had it, and the actions to count (the computer's
 * lay-away before the first play), counted in order once they are made; the
 * game is saved with its share at its next move.
 * @template {{ records: { share(): unknown, restoreShare(saved: unknown): void, tally(setup: any, events: any[]): void } }} T
 * @param {() => Promise<any>} load  Imports the module.
 * @param {(module: any, share: unknown) => T} make  Makes the commands over the app.
 * @param {{ write: (saved: Record<string, any>) => void, remove: () => void }} saves  Saves the game in progress, or removes it.
 */
function createCommandsLoader(load, make, saves) {
  /** @type {T | null} */
  let made = null;
  /** @type {Promise<T> | null} */
  let loading = null;
  /** @type {unknown} */
  let share = null;
  /** @type {[any, any[]][]} */
  const untallied = [];
  let queued = false;
  /** @type {((loaded: T) => void)[]} */
  const whenMade = [];
  /** @returns {Promise<T>} */
  const get = () => {
    loading ??= load().then(
      (module) => {
        if (made) return made;
        made = make(module, share);
        // The game's share catches up here, and is saved with the game at
        // its next move: never written without one (another tab, seeing the
        // game written, would stop).
        for (const [setup, events] of untallied.splice(0)) made.records.tally(setup, events);
        for (const then of whenMade.splice(0)) then(made);
        return made;
      },
      (err) => {
        // Offline before it was ever fetched: asked again, it is tried again.
        loading = null;
        throw err;
      },
    );
    return loading;
  };
  return {
    get,
    /** The commands, once made (else null). */
    get loaded() {
      return made;
    },
    /**
     * Loads them in the background, once; `then` runs when they are made.
     * @param {(loaded: T) => void} [then]
     */
    soon(then) {
      if (then) whenMade.push(then);
      if (queued) return;
      queued = true;
      whenIdle(() => get().catch(() => {}));
    },
    /**
     * Saves the game in progress with its share of the statistics (or removes it: null).
     * @param {Record<string, any> | null} saved
     */
    persist(saved) {
      if (saved) saves.write({ ...saved, share: made ? made.records.share() : share });
      else saves.remove();
    },
    /**
     * Counts an action's events, now or once the commands are in.
     * @param {any} setup
     * @param {any[]} events
     */
    tally(setup, events) {
      if (made) made.records.tally(setup, events);
      else untallied.push([setup, events]);
    },
    /**
     * The game on the table's share: a restored game's as saved, or null for a new game.
     * @param {unknown} saved
     */
    setShare(saved) {
      untallied.length = 0;
      if (made) made.records.restoreShare(saved);
      else share = saved;
    },
  };
}

/**
 * The lazy stylesheets: each added once, after the app's own, when the
 * module it styles first loads.
 * @param {Element | ShadowRoot} parent  Where the links go (the document's head, or the app's shadow root).
 */
function createStylesheets(parent) {
  /** @type {Map<string, { link: HTMLLinkElement, loaded: Promise<unknown> }>} file → its link's load */
  const added = new Map();
  /**
   * Adds css/`name` (or the file it is joined into); resolves when it has
   * loaded (or failed: what it styles still works, plainly).
   * @param {string} name
   * @returns {Promise<unknown>}
   */
  const add = (name) => {
    if (!LAZY_STYLESHEETS) return Promise.resolve();
    const file = sheetFile(name);
    if (!added.has(file)) {
      const link = h('link', { rel: 'stylesheet', href: new URL(`../css/${file}`, import.meta.url).href });
      added.set(file, { link, loaded: new Promise((resolve) => {
        link.addEventListener('load', resolve, { once: true });
        link.addEventListener('error', resolve, { once: true });
      }) });
      parent.append(link);
    }
    return added.get(file).loaded;
  };
  return {
    add,
    /** Takes every stylesheet added back out (the app is leaving the page). */
    remove() {
      for (const { link } of added.values()) link.remove();
    },
  };
}

/**
 * Writes to storage; the first write that fails calls `failed` (which says
 * so, once), and every write says whether it was kept.
 * @param {ReturnType<typeof createStore>} store
 * @param {() => boolean} failed  Tells the player; returns whether it was told.
 * @returns {(name: string, value: unknown) => boolean}
 */
function createKeeper(store, failed) {
  let warned = false;
  return (name, value) => {
    if (store.write(name, value)) return true;
    if (!warned) warned = failed();
    return false;
  };
}

/**
 * The peg board and the tagline under the title: which game, and whether
 * its target wins or loses. The board is made again when a game needs
 * other tracks; before the engine has loaded, a placeholder takes its room.
 * @param {{ host: HTMLElement, tagline: HTMLElement, speed: () => string, below?: HTMLElement }} deps
 *   `below`: what stays under the board, whichever board is drawn (the chances' meter).
 */
function createScoreboard({ host, tagline, speed, below }) {
  /** @type {ReturnType<typeof createBoard> | null} */
  let board = null;
  let boardKey = '';
  /** The board as last drawn (the names and scores the table shows), for the embed's `state`. */
  let shownBoard = null;
  /** Settles once the pegs stand where the last view put them. */
  let landed = Promise.resolve();
  /** @returns {import('./board.js').BoardSpeed} */
  const boardSpeed = () => (speed() in BOARD_SPEEDS ? /** @type {import('./board.js').BoardSpeed} */ (speed()) : 'normal');

  /** @param {string} id @param {number} target */
  function showGame(id, target) {
    const text = gameTagline(id, target);
    if (tagline.textContent === text) return;
    tagline.textContent = text;
    tagline.classList.toggle('app-game--avoid', gameInfo(id).avoid);
    tagline.dataset.game = id;
  }

  /**
   * Draws a face's board view (view.js's `board`), and the game's tagline.
   * @param {Record<string, any>} view
   */
  function show(view) {
    shownBoard = view;
    const game = gameInfo(view.game);
    showGame(game.id, view.win);
    // The engine's board once it has drawn a hand; until then the game's own word.
    const goal = view.goal ?? (game.avoid ? 'avoid' : 'reach');
    const key = JSON.stringify([view.names, view.target, view.gamesToWin, goal, view.skunkLine, view.doubleSkunkLine]);
    if (key !== boardKey) {
      board?.destroy();
      board = createBoard(host, {
        // The engine's board (Cribbage Solitaire's runs on to the double game's 121).
        target: view.target,
        goal,
        skunkLine: view.skunkLine,
        doubleSkunkLine: view.doubleSkunkLine,
        sides: view.names.map((name) => ({ name })),
        speed: boardSpeed(),
        // The games that win the match, as the engine's board says (the rules' match length).
        gamesToWin: view.gamesToWin ?? 0,
        label: 'The peg board',
      });
      if (below) host.append(below);
      boardKey = key;
    }
    board.setSpeed(boardSpeed());
    landed = board
      .set({
        // The number each side's score is said as: the engine's (`shown`), a race's stopped in the game hole.
        sides: view.scores.map((pegs, side) => ({ front: pegs.front, rear: pegs.rear, shown: pegs.shown, games: view.gamesWon?.[side] ?? 0 })),
        highlight: view.highlight ?? null,
      })
      .catch(() => {});
  }

  return {
    show,
    /**
     * The board of a set-up about to be dealt or restored. Before the engine
     * has loaded there is no observation to say who partners whom, where
     * the skunk lines are or how many games win a match (no games-won holes
     * until it says): the placeholder only takes the board's room, its
     * tracks as the registry draws the table (`tracks`), each named for its
     * player where every player pegs alone and left unnamed where partners
     * share one (the engine says who, at the first draw, which replaces it).
     * @param {import('./settings.js').Setup} pending  The set-up.
     */
    placeholder(pending) {
      const game = gameInfo(pending.game);
      const tracks = game.tracks[pending.players] ?? pending.players;
      const alone = Array.from({ length: pending.players }, (_, seat) => seat);
      const names = tracks === pending.players ? sideNamesFor(seatsFor(pending, alone), alone, pending.mode === 'people') : Array.from({ length: tracks }, () => '');
      show({ game: game.id, names, target: game.fixed?.board ?? pending.target, win: pending.target, scores: names.map(() => ({ front: 0, rear: 0, shown: 0 })) });
    },
    /** @returns {Record<string, any> | null} the board's view as last drawn */
    shown: () => shownBoard,
    /** @returns {Promise<void>} once the pegs stand at the scores last drawn (their moves played out) */
    landed: () => landed,
    destroy: () => board?.destroy(),
  };
}

/**
 * Sound, loaded (sound.js) only once the player has turned it on: no byte
 * of it for a player who never does.
 * @param {{ enabled: () => boolean, alive: () => boolean }} deps  Whether sound is on; whether the app is still mounted.
 */
function createSoundSwitch({ enabled, alive }) {
  /** @type {{ play(kind: string, detail?: Record<string, any>): void, close(): void } | null} */
  let soundModule = null;
  return {
    /**
     * Plays a sound, if sound is on.
     * @param {'card'|'peg'|'big'} kind
     * @param {Record<string, any>} [detail]
     */
    play(kind, detail) {
      if (!enabled()) return;
      if (soundModule) {
        soundModule.play(kind, detail);
        return;
      }
      later('sound').then(({ createSound }) => {
        if (!alive()) return;
        soundModule ??= createSound({ enabled });
        soundModule.play(kind, detail);
      }, () => {});
    },
    close() {
      soundModule?.close();
      soundModule = null;
    },
  };
}
