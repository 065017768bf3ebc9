// @ts-check
// <cribbage-game>: the game as a custom element, for any static site.
//
//   <script type="module" src="cribbage/cribbage-game.js"></script>
//   <cribbage-game game="reverse" level="2" target="121" players="2" theme="auto" seed="42"></cribbage-game>
//
// Everything lives in the element's shadow root, so no style crosses either
// way, and it defines no globals beyond the element's name. Every URL is
// resolved from this module's own, so the site folder works from any path.
// Several elements on a page play independently: each mounts its own app
// (js/app.js, loaded when the first element connects) with its own
// localStorage prefix, from the `storage-key` attribute, else the `id`, else
// its position among the page's <cribbage-game> elements.
//
// Attributes: game ("cribbage", the default, "reverse", "noddy" or
// "costly-colours"; an unknown name is
// said so and standard cribbage is played), level, target, players, seed
// (changing one starts afresh);
// theme: "light", "dark" or "auto" (the default: the visitor's setting),
// changed live (the app's colour-scheme rules are retargeted, and the app's
// handle is told through setTheme(theme) when it has one).
// layout: "compact" shows only the table and the board (no header, tabs,
// coach, log or footer), to fit a 360×640 box; "full" (the default) is the
// whole app.
// four-colour (clubs green, diamonds blue) and large-cards (a bigger rank
// and suit on every card): present (or "true") turns them on, "false" off,
// absent leaves the player's own choice in the app's Settings; changed
// live, through the app's setCardStyle().
// Events, on the element (they bubble): `ready` once it can be played;
// `turn` whenever a person is to decide;
// `score` on every peg and `gameover` at the end, each with the app's detail;
// `size` with `{ width, height }` whenever the element's box changes (also
// `element.contentHeight`), so a host page can size the space around it.

const APP_URL = new URL('./js/app.js', import.meta.url).href;
const HOST_CSS = new URL('./css/embed.css', import.meta.url).href;
const THEMES = ['light', 'dark', 'auto'];

export class CribbageGameElement extends HTMLElement {
  static observedAttributes = ['game', 'level', 'target', 'players', 'seed', 'theme', 'storage-key', 'layout', 'four-colour', 'large-cards'];

  #shadow = this.attachShadow({ mode: 'open' });
  #states = this.attachInternals().states; // CustomStateSet: :host(:state(loading))
  #app = null;
  #generation = 0;
  #remount = false;
  #hostCss = null;
  #sizes = null;
  #reported = null;
  /** Original media text of each colour-scheme rule this element retargets. */
  #media = new WeakMap();

  constructor() {
    super();
    // Stylesheets the app links (now or later) follow the theme too.
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
    if (!this.#app && !this.#remount) this.#mount();
  }

  disconnectedCallback() {
    // Moving the element around the page reconnects it at once: keep the game then.
    queueMicrotask(() => {
      if (!this.isConnected) this.#unmount();
    });
  }

  attributeChangedCallback(name, before, after) {
    if (before === after || !this.isConnected) return;
    if (name === 'theme') {
      this.#applyTheme();
      // An app that themes itself (data-theme) may offer to switch live.
      this.#app?.setTheme?.(this.theme);
      return;
    }
    if (name === 'four-colour' || name === 'large-cards') {
      this.#app?.setCardStyle?.(this.#cardStyle());
      return;
    }
    // Several attributes set together restart the game once.
    if (this.#remount) return;
    this.#remount = true;
    queueMicrotask(() => {
      this.#remount = false;
      if (this.isConnected) this.#mount();
    });
  }

  /** The theme in force: "light", "dark" or "auto". */
  get theme() {
    const value = this.getAttribute('theme');
    return THEMES.includes(value) ? value : 'auto';
  }

  /** The four-colour and large-cards attributes: on, off, or undefined (the player's choice). */
  #cardStyle() {
    const flag = (name) => {
      const value = this.getAttribute(name);
      return value === null ? undefined : value.trim().toLowerCase() !== 'false';
    };
    return { fourColour: flag('four-colour'), largeCards: flag('large-cards') };
  }

  async #mount() {
    const generation = this.#unmount();
    this.#setLoading(true);
    this.#hostCss ??= this.#linkHostCss();
    try {
      const [{ mountApp }] = await Promise.all([import(APP_URL), this.#hostCss]);
      if (generation !== this.#generation) return;
      const app = await mountApp(this.#shadow, this.#options());
      if (generation !== this.#generation) {
        app.destroy();
        return;
      }
      this.#app = app;
      await stylesheetsLoaded(this.#shadow);
      this.#applyTheme();
      this.#watchSize();
    } finally {
      // Shown even when the app failed, so its message can be read.
      if (generation === this.#generation) this.#setLoading(false);
    }
    this.dispatchEvent(new CustomEvent('ready', { bubbles: true, composed: true }));
  }

  /**
   * Reports the element's size whenever it changes: a `size` event with
   * `{ width, height }` in CSS pixels, and the `contentHeight` property, so
   * a host page can size a box around it.
   */
  #watchSize() {
    this.#sizes?.disconnect();
    this.#sizes = new ResizeObserver(() => {
      const box = this.getBoundingClientRect();
      const size = { width: Math.round(box.width), height: Math.round(box.height) };
      if (size.height === this.#reported?.height && size.width === this.#reported?.width) return;
      this.#reported = size;
      this.dispatchEvent(new CustomEvent('size', { detail: size, bubbles: true, composed: true }));
    });
    this.#sizes.observe(this);
  }

  /** The element's height as last reported (0 before the first report). */
  get contentHeight() {
    return this.#reported?.height ?? 0;
  }

  /** Tears down the app, if any; returns the generation of the next mount. */
  #unmount() {
    this.#sizes?.disconnect();
    this.#sizes = null;
    this.#app?.destroy();
    this.#app = null;
    return ++this.#generation;
  }

  #options() {
    const number = (name) => {
      const value = this.getAttribute(name);
      return value === null || value.trim() === '' ? undefined : Number(value);
    };
    const text = (name) => this.getAttribute(name) ?? undefined;
    const level = text('level');
    return {
      view: 'game',
      game: text('game'),
      level: level !== undefined && /^\d+$/.test(level) ? Number(level) : level,
      target: number('target'),
      players: number('players'),
      seed: text('seed'),
      theme: this.theme,
      storageKey: `cribbage-game:${this.#storageName()}:`,
      layout: this.getAttribute('layout') === 'compact' ? 'compact' : 'full',
      ...this.#cardStyle(),
      onEvent: (name, detail) => this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true })),
    };
  }

  #storageName() {
    const key = this.getAttribute('storage-key') || this.id;
    if (key) return key;
    const root = /** @type {Document | ShadowRoot} */ (this.getRootNode());
    return String([...root.querySelectorAll('cribbage-game')].indexOf(this));
  }

  /** The element's own box styles (css/embed.css), before the app draws, so nothing flashes unstyled. */
  #linkHostCss() {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = HOST_CSS;
    const loaded = new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', resolve, { once: true });
    });
    this.#shadow.prepend(link);
    return loaded;
  }

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

/** Resolves once every stylesheet linked in `root` has loaded (or failed). */
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
