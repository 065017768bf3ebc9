// @ts-check
// <cribbage-game>: every game of the family as a custom element, for any site.
//
//   <script type="module" src="cribbage/cribbage-game.js"></script>
//   <cribbage-game game="noddy" level="hard" seed="42"></cribbage-game>
//
// Everything lives in the element's shadow root, so no style crosses either
// way but what the element offers for theming (the --cribbage-* custom
// properties and the ::part() names, docs/EMBEDDING.md), and it defines no
// globals beyond the element's name. Every URL is resolved from this
// module's own (or from CribbageGameElement.base, for a bundle), so the
// folder works from any path. Several elements on a page play independently:
// each mounts its own app (js/app.js, loaded when the first element
// connects) with its own localStorage prefix, from the `storage-key`
// attribute, else the `id`, else its position among the page's elements
// (taken when it first mounts, and kept while it stays on the page).
//
// The game's attributes (game, players, target, level, seed, counting,
// match) mean what they mean for the game named: which a game takes is the
// games list's data (embed-options.js reads them). One that does not fit
// (players="3" on Noddy) is said in a note inside the element and in a
// console warning, and the game's default is used. Changing one deals a new
// game at once; a game in progress is otherwise resumed as it was saved.
// Each has a property of the same name (storageKey, fourColour and
// largeCards for the hyphenated ones) that reads and writes the attribute.
// theme ("light", "dark", "auto"), four-colour and large-cards change live;
// layout ("full" or "compact": the table and the board only, within 360×640)
// and storage-key mount the app afresh, its game in progress resumed.
//
// Methods: newGame(options), undo(), save(), restore(text); `state` is the
// game at a glance; `ready` a promise of the game being playable. Each
// method refuses bad input with an Error naming the problem, the game left
// as it was.
//
// Events, on the element (they bubble and cross shadow roots): `ready` once
// it can be played; `turn` whenever a person is to decide; `score` on every
// peg and `gameover` at the end, each with the app's detail; `deal` when a
// solitaire is dealt; `size` with `{ width, height }` whenever the
// element's box changes (also `element.contentHeight`).
//
// Its height is what it holds, unless the page gives it one: then it is a
// box that scrolls inside that height, and the games laid out on a grid fit
// their cells to it rather than to the window (`#fitBox`, embed.css).

import { GAME_OPTIONS, checkNewGame, optionsOfSetup, readAttributes, readSave, saveText } from './embed-options.js';

const THEMES = ['light', 'dark', 'auto'];
const LAYOUTS = ['full', 'compact'];
/** The attributes that deal a new game when they change. */
const DEALING = new Set(['game', 'players', 'target', 'level', 'seed', 'counting', 'match']);

/**
 * The elements on the page (in the document or any shadow root): the
 * storage keys they hold, which two must not share.
 * @type {Set<CribbageGameElement>}
 */
const onPage = new Set();

/** The folder the element's files are in: its own, unless a bundle says where (CribbageGameElement.base). */
let base = new URL('./', import.meta.url);

/**
 * What js/app.js hands the element: mountApp, and (its `embedding`) the
 * games its options are checked against.
 * @typedef {object} AppModule
 * @property {(root: ShadowRoot, options: object) => Promise<AppHandle>} mountApp
 * @property {readonly import('./js/games.js').GameInfo[]} GAMES
 * @property {string} DEFAULT_GAME
 */
/**
 * The mounted app (js/app.js mountApp's answer).
 * @typedef {object} AppHandle
 * @property {() => void} destroy
 * @property {(theme: string) => void} [setTheme]
 * @property {(style: { fourColour?: boolean, largeCards?: boolean }) => void} [setCardStyle]
 * @property {(options: object) => Promise<void>} newGame  (this and those below missing when the engine could not load)
 * @property {() => void} undo
 * @property {() => object | null} save
 * @property {(saved: { v: number, save: string, setup: { game: string } }) => Promise<Record<string, unknown> | undefined>} restore
 * @property {(() => GameState | null) | undefined} state
 */

/**
 * The game at a glance (the element's `state`).
 * @typedef {{ game: string, turn: { seat: number, name: string, human: boolean } | null, scores: { name: string, score: number }[], over: boolean }} GameState
 */

/**
 * Every game of the cribbage family, on any page: the table, the board and
 * honest computer players, in a shadow root of its own.
 *
 * @tag cribbage-game
 * @summary A game of the cribbage family (tools/package.mjs names each, from js/games.js, in the manifest).
 *
 * @attr {string} game - The game, by its id in the page's registry (js/games.js): cribbage (the default), noddy… (tools/package.mjs lists them all in the manifest).
 * @attr {number} players - How many play, where the game offers a choice (cribbage: 2, 3 or 4; table-top: 2 or 4).
 * @attr {number} target - The score played to, where the game offers a choice: 121 or 61.
 * @attr {string} level - The computer's level: easy, medium, hard, expert, or 1 to 4.
 * @attr {string} seed - The deal's seed, a whole number: the same seed deals the same game.
 * @attr {string} counting - automatic or muggins, where the game offers it.
 * @attr {string} match - single or best_of_three, where the game offers it.
 * @attr {string} theme - light, dark or auto (the visitor's setting, the default); changed live.
 * @attr {string} layout - full (the default) or compact: the table and the board only, within 360×640.
 * @attr {string} storage-key - The prefix of the saved game in localStorage (default: the id, else the element's position).
 * @attr {boolean} four-colour - Clubs green and diamonds blue: present or "true" on, "false" off, absent the player's choice.
 * @attr {boolean} large-cards - A bigger rank and suit on every card: present or "true" on, "false" off, absent the player's choice.
 *
 * @fires {CustomEvent<null>} ready - The game can be played.
 * @fires {CustomEvent<{ seat: number, name: string, phase: string }>} turn - A person is to decide.
 * @fires {CustomEvent<{ seat: number, side: number, name: string, points: number, score: number, previous: number, reason: string }>} score - Points pegged.
 * @fires {CustomEvent<{ game: number, winner: number, winnerName: string, you: boolean, scores: number[], skunk: string, reached?: number }>} gameover - A game (of a match) is over.
 * @fires {CustomEvent<{ game: string, seed: string }>} deal - A solitaire was dealt.
 * @fires {CustomEvent<{ view: string }>} view - The app switched views (the game or the hand calculator).
 * @fires {CustomEvent<{ width: number, height: number }>} size - The element's box changed size.
 *
 * @cssprop --cribbage-felt - The table's felt (its darker shades follow).
 * @cssprop --cribbage-felt-text - Text on the felt.
 * @cssprop --cribbage-card-back - The backs of the cards.
 * @cssprop --cribbage-board-wood - The peg board's wood (its lighter and darker grain follow).
 * @cssprop --cribbage-peg-1 - The first side's pegs (--cribbage-peg-2, -3 and -4 the others').
 * @cssprop --cribbage-peg-2 - The second side's pegs.
 * @cssprop --cribbage-peg-3 - The third side's pegs.
 * @cssprop --cribbage-peg-4 - The fourth side's pegs.
 * @cssprop --cribbage-font - The font family.
 * @cssprop --cribbage-accent - Buttons, links and the focus ring.
 * @cssprop --cribbage-accent-text - Text on the accent.
 * @cssprop --cribbage-background - The app's background around the table.
 * @cssprop --cribbage-text - The app's text on its background.
 *
 * @csspart table - The card table.
 * @csspart board - The peg board and its legend.
 * @csspart log - The game's log (full layout).
 * @csspart coach - The coach (full layout).
 * @csspart button - Every button; primary ones are also button-primary, the header's tools also tool.
 * @csspart note - The note that says an attribute does not fit its game.
 */
export class CribbageGameElement extends HTMLElement {
  static observedAttributes = ['game', 'players', 'target', 'level', 'seed', 'counting', 'match', 'theme', 'storage-key', 'layout', 'four-colour', 'large-cards'];

  /**
   * The URL of the folder holding the element's files (js/, css/, pkg/…):
   * by default the folder this module was loaded from. A bundle, whose
   * module is somewhere else, sets it before the first element connects.
   */
  static get base() {
    return base.href;
  }

  static set base(url) {
    const folder = new URL(String(url), document.baseURI);
    if (!folder.pathname.endsWith('/')) folder.pathname += '/';
    base = folder;
  }

  #shadow = this.attachShadow({ mode: 'open' });
  #states = this.attachInternals().states; // CustomStateSet: :host(:state(loading))
  /** @type {AppHandle | null} */
  #app = null;
  /** @type {AppModule | null} */
  #module = null;
  #generation = 0;
  #remount = false;
  #redeal = false;
  /** Set while the element writes its own attributes (newGame, restore): no deal follows. */
  #writing = false;
  /** @type {Promise<unknown> | null} */
  #hostCss = null;
  /** @type {ResizeObserver | null} */
  #sizes = null;
  /** @type {{ width: number, height: number } | null} */
  #reported = null;
  /** @type {HTMLElement | null} */
  #note = null;
  /** @type {string[]} The problems last said: each is warned when it comes, not again while it stays. */
  #said = [];
  /** @type {Promise<void>} */
  #ready;
  /** @type {{ resolve: () => void, reject: (err: unknown) => void } | null} */
  #settle = null;
  /** @type {Document | ShadowRoot | null} The document or shadow root the element was last connected in, where its storage key must be its own. */
  #root = null;
  /** The storage name taken by an element with neither `storage-key` nor `id`, kept while it is on the page. */
  #ownName = '';
  /** Original media text of each colour-scheme rule this element retargets. */
  #media = new WeakMap();

  constructor() {
    super();
    this.#ready = this.#pending();
    // Stylesheets the app links (now or later) follow the theme too.
    /** @param {Event} event */
    const settled = (event) => {
      if (event.target instanceof HTMLLinkElement) {
        settledLinks.add(event.target);
        this.#applyTheme();
      }
    };
    this.#shadow.addEventListener('load', settled, true);
    this.#shadow.addEventListener('error', settled, true);
  }

  connectedCallback() {
    this.#root = /** @type {Document | ShadowRoot} */ (this.getRootNode());
    onPage.add(this);
    if (!this.#app && !this.#remount) this.#mount();
  }

  disconnectedCallback() {
    // Moving the element around the page reconnects it at once: keep the game then.
    queueMicrotask(() => {
      if (this.isConnected) return;
      onPage.delete(this);
      this.#ownName = '';
      this.#unmount();
      // A game that shared this one's storage key no longer does.
      this.#checkOthers();
    });
  }

  /**
   * @param {string} name
   * @param {string | null} before
   * @param {string | null} after
   */
  attributeChangedCallback(name, before, after) {
    if (before === after || !this.isConnected || this.#writing) return;
    if (name === 'theme') {
      this.#applyTheme();
      // An app that themes itself (data-theme) may offer to switch live.
      this.#app?.setTheme?.(this.theme);
      this.#check();
      return;
    }
    if (name === 'four-colour' || name === 'large-cards') {
      this.#app?.setCardStyle?.(this.#cardStyle());
      return;
    }
    // A game on the table deals anew; before then (or for the layout or
    // the storage key) the app mounts afresh. Several attributes set
    // together do it once.
    if (DEALING.has(name) && this.#app) {
      if (this.#redeal || this.#remount) return;
      this.#redeal = true;
      queueMicrotask(() => {
        this.#redeal = false;
        if (this.isConnected && this.#app && !this.#remount) this.#dealFromAttributes();
      });
      return;
    }
    if (this.#remount) return;
    this.#remount = true;
    queueMicrotask(() => {
      this.#remount = false;
      if (this.isConnected) this.#mount();
    });
  }

  // --- Properties: each reads and writes its attribute --------------------------------------

  /** The game's id ("cribbage", "noddy"…), as the attribute says (null: the player's own choice). */
  get game() { return this.getAttribute('game'); }
  set game(value) { this.#reflect('game', value); }
  /** How many play, as the attribute says. */
  get players() { return this.#number('players'); }
  set players(value) { this.#reflect('players', value); }
  /** The score played to, as the attribute says. */
  get target() { return this.#number('target'); }
  set target(value) { this.#reflect('target', value); }
  /** The computer's level: "easy", "medium", "hard", "expert" or 1–4, as the attribute says. */
  get level() { return this.getAttribute('level'); }
  set level(value) { this.#reflect('level', value); }
  /** The deal's seed (a decimal string), as the attribute says. */
  get seed() { return this.getAttribute('seed'); }
  set seed(value) { this.#reflect('seed', value); }
  /** "automatic" or "muggins", as the attribute says. */
  get counting() { return this.getAttribute('counting'); }
  set counting(value) { this.#reflect('counting', value); }
  /** "single" or "best_of_three", as the attribute says. */
  get match() { return this.getAttribute('match'); }
  set match(value) { this.#reflect('match', value); }
  /** "full" (the default) or "compact". */
  get layout() { return this.getAttribute('layout') === 'compact' ? 'compact' : 'full'; }
  set layout(value) { this.#reflect('layout', value); }
  /** The theme in force: "light", "dark" or "auto" (the default, and what an unknown value means). */
  get theme() {
    const value = this.getAttribute('theme');
    return value !== null && THEMES.includes(value) ? value : 'auto';
  }
  set theme(value) { this.#reflect('theme', value); }
  /** The saved game's storage prefix, as the `storage-key` attribute says. */
  get storageKey() { return this.getAttribute('storage-key'); }
  set storageKey(value) { this.#reflect('storage-key', value); }
  /** The four-colour deck: true, false, or null (the player's own choice). */
  get fourColour() { return this.#cardStyle().fourColour ?? null; }
  set fourColour(value) { this.#reflect('four-colour', value === null || value === undefined ? null : String(Boolean(value))); }
  /** Large cards: true, false, or null (the player's own choice). */
  get largeCards() { return this.#cardStyle().largeCards ?? null; }
  set largeCards(value) { this.#reflect('large-cards', value === null || value === undefined ? null : String(Boolean(value))); }

  /** The element's height as last reported (0 before the first report). */
  get contentHeight() {
    return this.#reported?.height ?? 0;
  }

  /** Resolves once the game can be played (again after a layout or storage key change); rejects if the app could not start. */
  get ready() {
    return this.#ready;
  }

  /**
   * The game at a glance: `{ game, turn, scores, over }` (turn: `{ seat,
   * name, human }`, null once over; scores: `{ name, score }` by side, the
   * points pegged as the engine counts them, so a last count that runs past
   * the target is there in full, as in `gameover` and `cribbage replay`,
   * where the board and the table's words stop it at the game hole), or
   * null before the first deal. Read-only.
   * @returns {GameState | null}
   */
  get state() {
    return this.#app?.state?.() ?? null;
  }

  // --- Methods -------------------------------------------------------------------------------

  /**
   * Deals a new game now, abandoning any in progress. `options` may name
   * game, players, target, level, seed, counting and match; those left out
   * keep the element's own where they fit the game (the seed is new unless
   * given). Throws an Error naming any option that is unknown or does not
   * fit its game, the game left as it was; the promise resolves once dealt,
   * the attributes written to match.
   * @param {Record<string, string | number | undefined>} [options]
   * @returns {Promise<void>}
   */
  newGame(options = {}) {
    const [app, module] = this.#need('newGame');
    const current = { ...readAttributes((name) => this.getAttribute(name), module.GAMES, module.DEFAULT_GAME).options, game: app.state?.()?.game ?? module.DEFAULT_GAME };
    const next = checkNewGame(options, current, module.GAMES);
    // The attributes follow once it is dealt: a game that could not load leaves them as they were.
    return app.newGame(next).then(() => this.#writeGameAttributes(next));
  }

  /**
   * Takes back the player's last decision (and the computers' replies), as
   * the Undo button does; the game then becomes practice. Throws an Error
   * saying why when there is nothing to take back now.
   */
  undo() {
    this.#need('undo')[0].undo();
  }

  /**
   * The game on the table as text (JSON) for `restore`, on this page or
   * another; null when there is none.
   * @returns {string | null}
   */
  save() {
    return saveText(this.#need('save')[0].save());
  }

  /**
   * Puts a game saved by `save()` on the table in place of the one there,
   * and writes the attributes to match. Throws at once for text that is not
   * such a save; the promise rejects if the engine refuses it. Either way
   * the game on the table is left as it was.
   * @param {string} text
   * @returns {Promise<void>}
   */
  restore(text) {
    const [app, module] = this.#need('restore');
    return app.restore(readSave(text, module.GAMES)).then((setup) => {
      const options = setup && optionsOfSetup(setup, module.GAMES);
      if (options) this.#writeGameAttributes(options);
    });
  }

  // --- Mounting ------------------------------------------------------------------------------

  /**
   * The app and its module, or an Error saying why a method cannot act yet.
   * @param {string} method
   * @returns {[AppHandle, AppModule]}
   */
  #need(method) {
    if (!this.#app || !this.#module) {
      throw new Error(`${method}: the game is not ready yet (await element.ready, or wait for its ready event)`);
    }
    // An app whose engine could not load says so on its table, and has no game to act on.
    if (typeof this.#app[/** @type {'undo'} */ (method)] !== 'function') throw new Error(`${method}: the game could not start (its engine did not load)`);
    return [this.#app, this.#module];
  }

  /** A fresh `ready` promise, settled by the next mount; a failure nobody awaits is not an unhandled rejection. */
  #pending() {
    const promise = new Promise((resolve, reject) => {
      this.#settle = { resolve: () => resolve(undefined), reject };
    });
    promise.catch(() => {});
    return /** @type {Promise<void>} */ (promise);
  }

  async #mount() {
    const generation = this.#unmount();
    this.#setLoading(true);
    if (!this.#settle) this.#ready = this.#pending();
    const settle = this.#settle;
    // One turn first: a bundle sets CribbageGameElement.base just after importing the element.
    await null;
    if (generation !== this.#generation) return;
    this.#hostCss ??= this.#linkHostCss();
    try {
      const [loaded] = await Promise.all([import(new URL('js/app.js', base).href), this.#hostCss]);
      if (generation !== this.#generation) return;
      /** @type {AppModule} */
      const module = { mountApp: loaded.mountApp, ...loaded.embedding };
      this.#module = module;
      const options = this.#check();
      this.#checkOthers();
      const app = await module.mountApp(this.#shadow, this.#options(options));
      if (generation !== this.#generation) {
        app.destroy();
        return;
      }
      this.#app = app;
      await stylesheetsLoaded(this.#shadow);
      this.#applyTheme();
      this.#watchSize();
    } catch (err) {
      if (generation === this.#generation && settle === this.#settle) {
        this.#settle = null;
        settle?.reject(err);
      }
      throw err;
    } finally {
      // Shown even when the app failed, so its message can be read.
      if (generation === this.#generation) this.#setLoading(false);
    }
    if (settle === this.#settle) {
      this.#settle = null;
      settle?.resolve();
    }
    this.dispatchEvent(new CustomEvent('ready', { bubbles: true, composed: true }));
  }

  /** A new deal from the attributes as they now stand (they were changed on a game on the table). */
  #dealFromAttributes() {
    const app = this.#app;
    if (!app) return;
    const options = this.#check();
    app.newGame(options).catch((err) => console.error(err));
  }

  /**
   * Reads the attributes against their game: those that do not fit are said
   * (the note inside the element, and a console warning each) and left out.
   * @returns {object} the game's options for mountApp
   */
  #check() {
    const module = this.#module;
    if (!module) return {};
    const { options, problems } = readAttributes((name) => this.getAttribute(name), module.GAMES, module.DEFAULT_GAME);
    const theme = this.getAttribute('theme');
    if (theme !== null && !THEMES.includes(theme)) problems.push(`theme="${theme}" is not a theme (light, dark or auto): auto is used`);
    const layout = this.getAttribute('layout');
    if (layout !== null && !LAYOUTS.includes(layout)) problems.push(`layout="${layout}" is not a layout (full or compact): full is used`);
    // Two games under one key share one save: one plays it and the other says
    // it is being played in another tab, which is not the reason.
    const name = this.#storageName();
    const twins = this.isConnected ? [...onPage].filter((other) => other !== this && other.isConnected && other.#storageName() === name) : [];
    if (twins.length) problems.push(`another game here saves under "${name}" too: give each its own id or storage-key`);
    this.#tell(problems);
    return options;
  }

  /**
   * The page's other games check their attributes again: one may share this
   * one's storage key now, or no longer (this one's key changed, or it left
   * the page).
   */
  #checkOthers() {
    for (const other of onPage) {
      if (other !== this && other.#module) other.#check();
    }
  }

  /**
   * Says what did not fit, inside the element (a polite note the visitor can
   * dismiss) and to the console, where the site's developer looks.
   * @param {string[]} problems
   */
  #tell(problems) {
    const said = problems.map((problem) => `${problem}.`);
    // Said once: the same problems again (a theme change, a remount) neither
    // warn again nor bring back a note the visitor dismissed; a problem added
    // warns alone, the others already in the console.
    const before = this.#said;
    if (said.join('\n') === before.join('\n')) return;
    this.#said = said;
    this.#note?.remove();
    this.#note = null;
    if (!said.length) return;
    const name = `<cribbage-game${this.id ? ` id="${this.id}"` : ''}>`;
    for (const text of said) if (!before.includes(text)) console.warn(`${name}: ${text}`);
    const note = document.createElement('div');
    note.className = 'embed-note';
    note.setAttribute('part', 'note');
    note.setAttribute('role', 'status');
    note.dataset.testid = 'embed-note';
    for (const text of said) {
      const line = document.createElement('p');
      line.textContent = text;
      note.append(line);
    }
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'embed-note-close';
    close.setAttribute('part', 'button');
    close.textContent = 'Dismiss';
    close.setAttribute('aria-label', 'Dismiss this note');
    close.addEventListener('click', () => {
      note.remove();
      if (this.#note === note) this.#note = null;
    });
    note.append(close);
    // Above the game, after the stylesheets.
    const app = this.#shadow.querySelector(':scope > .cribbage');
    if (app) app.before(note);
    else this.#shadow.append(note);
    this.#note = note;
  }

  /**
   * Writes the game's attributes to match `options` (no deal follows).
   * @param {Record<string, unknown>} options
   */
  #writeGameAttributes(options) {
    this.#writing = true;
    try {
      for (const name of GAME_OPTIONS) {
        const value = options[name];
        if (value === undefined || value === null) this.removeAttribute(name);
        else this.setAttribute(name, String(value));
      }
    } finally {
      this.#writing = false;
    }
    this.#check();
  }

  /**
   * @param {string} name
   * @param {unknown} value  null or undefined removes the attribute
   */
  #reflect(name, value) {
    if (value === null || value === undefined) this.removeAttribute(name);
    else this.setAttribute(name, String(value));
  }

  /** @param {string} name */
  #number(name) {
    const value = this.getAttribute(name);
    return value === null || value.trim() === '' ? null : Number(value);
  }

  /** The four-colour and large-cards attributes: on, off, or undefined (the player's choice). */
  #cardStyle() {
    /** @param {string} name */
    const flag = (name) => {
      const value = this.getAttribute(name);
      return value === null ? undefined : value.trim().toLowerCase() !== 'false';
    };
    return { fourColour: flag('four-colour'), largeCards: flag('large-cards') };
  }

  /**
   * Reports the element's size whenever it changes: a `size` event with
   * `{ width, height }` in CSS pixels, and the `contentHeight` property, so
   * a host page can size a box around it.
   */
  #watchSize() {
    this.#sizes?.disconnect();
    this.#sizes = new ResizeObserver(() => {
      this.#fitBox();
      const box = this.getBoundingClientRect();
      const size = { width: Math.round(box.width), height: Math.round(box.height) };
      if (size.height === this.#reported?.height && size.width === this.#reported?.width) return;
      this.#reported = size;
      this.dispatchEvent(new CustomEvent('size', { detail: size, bubbles: true, composed: true }));
    });
    this.#sizes.observe(this);
    // What the element holds changes with the game (a grid dealt, a panel
    // opened) while a box the page gives it keeps its size: whether it is
    // given one is asked again then too.
    const app = this.#shadow.querySelector('.cribbage');
    if (app) this.#sizes.observe(app);
  }

  /**
   * Whether the page gives the element a height of its own rather than
   * leaving it to what it holds: then the element is a box (`boxed`, in
   * embed.css) that scrolls inside that height, and the layout games fit
   * their grids to it, not to the window. Asked with the element's height
   * left to its content for a moment (`probe`; a min- or max-height, or a
   * grid row's stretch, still apply, as they only bound what it holds):
   * inside the box what it holds follows the box, so the two heights are
   * compared with the box off. Both changes are made and undone before
   * anything is drawn.
   */
  #fitBox() {
    const states = this.#states;
    if (!states) return;
    states.delete('boxed');
    states.add('probe');
    const held = this.getBoundingClientRect().height;
    states.delete('probe');
    if (Math.abs(this.getBoundingClientRect().height - held) >= 1) states.add('boxed');
  }

  /** Tears down the app, if any; returns the generation of the next mount. */
  #unmount() {
    this.#sizes?.disconnect();
    this.#sizes = null;
    this.#app?.destroy();
    this.#app = null;
    return ++this.#generation;
  }

  /**
   * mountApp's options: the game's (already checked), and the element's own.
   * @param {object} game
   */
  #options(game) {
    return {
      view: 'game',
      ...game,
      theme: this.theme,
      storageKey: `cribbage-game:${this.#storageName()}:`,
      layout: this.layout,
      ...this.#cardStyle(),
      /** @param {string} name @param {unknown} detail */
      onEvent: (name, detail) => this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true })),
    };
  }

  /**
   * The name the element saves under: its `storage-key`, else its `id`,
   * else a number. The number is its position among its page's elements
   * (so a page that stays as it is finds its games again after a reload),
   * taken when it first mounts and kept while it is on the page: one added
   * above it later takes the next number free, never its save, nor the
   * save of a game playing under its own key. A page that adds, removes
   * or reorders games names each (docs/EMBEDDING.md).
   */
  #storageName() {
    const key = this.#givenName();
    if (key) return key;
    if (this.#ownName) return this.#ownName;
    const root = /** @type {Document | ShadowRoot} */ (this.getRootNode());
    const taken = new Set([...onPage].filter((other) => other !== this).map((other) => other.#givenName() || other.#ownName));
    let number = Math.max(0, [...root.querySelectorAll('cribbage-game')].indexOf(this));
    while (taken.has(String(number))) number += 1;
    const name = String(number);
    if (this.isConnected) this.#ownName = name;
    return name;
  }

  /** The name the page gave the element's saves: its `storage-key`, else its `id` (empty when neither). */
  #givenName() {
    return this.getAttribute('storage-key') || this.id;
  }

  /** The element's own box styles (css/embed.css), before the app draws, so nothing flashes unstyled. */
  #linkHostCss() {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL('css/embed.css', base).href;
    const loaded = new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', resolve, { once: true });
    });
    this.#shadow.prepend(link);
    return loaded;
  }

  /** @param {boolean} loading */
  #setLoading(loading) {
    // Without custom states (older browsers) the app just shows as it loads.
    if (loading) this.#states?.add('loading');
    else this.#states?.delete('loading');
  }

  /**
   * Forces a theme without a second palette: the app's stylesheets keep their
   * dark colours in `@media (prefers-color-scheme: dark)` rules, which this
   * turns on ("dark"), off ("light") or back to the visitor's setting ("auto").
   */
  #applyTheme() {
    const theme = this.theme;
    for (const sheet of this.#shadow.styleSheets) {
      let rules;
      try {
        rules = sheet.cssRules;
      } catch {
        continue; // a stylesheet from another origin without CORS: it follows the visitor's setting
      }
      for (const rule of rules) {
        if (!(rule instanceof CSSMediaRule)) continue;
        const original = this.#media.get(rule) ?? rule.media.mediaText;
        const scheme = /^\(prefers-color-scheme:\s*(dark|light)\)$/.exec(original)?.[1];
        if (!scheme) continue;
        this.#media.set(rule, original);
        rule.media.mediaText = theme === 'auto' ? original : theme === scheme ? 'all' : 'not all';
      }
    }
  }
}

/** Links whose stylesheet has loaded or failed. */
const settledLinks = new WeakSet();

/**
 * Resolves once every stylesheet linked in `root` has loaded (or failed).
 * @param {ShadowRoot} root
 */
function stylesheetsLoaded(root) {
  const pending = [...root.querySelectorAll('link[rel="stylesheet"]')].filter((link) => !settledLinks.has(link));
  return Promise.all(
    pending.map(
      (link) =>
        new Promise((resolve) => {
          link.addEventListener('load', resolve, { once: true });
          link.addEventListener('error', resolve, { once: true });
        }),
    ),
  );
}

if (!customElements.get('cribbage-game')) customElements.define('cribbage-game', CribbageGameElement);
