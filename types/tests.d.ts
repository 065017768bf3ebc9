// The names the browser tests set on a page's global scope (in
// page.evaluate or an init script) to read back later. Each belongs to the
// test that sets it; none is part of the page.

interface Window {
  /** axe-core, injected by the accessibility checks. */
  axe: { run(context?: unknown, options?: unknown): Promise<Record<'violations' | 'passes' | 'incomplete', any[]>> };
  /** analyser.test.mjs: the held analyses' answers the page has had. */
  __answered: number;
  /** analyser.test.mjs: sends the analyses held from the worker. */
  __release(): void;
  /** table.test.mjs: the sounds the page asked for, counted by a stubbed AudioContext. */
  heard: { contexts: number; tones: number; snaps: number };
  /** pwa.test.mjs: set before an update, gone if the page reloaded. */
  inProgress?: boolean;
  /** embed.test.mjs: the window's own names before the element was loaded. */
  namesBefore: string[];
  /** embed.test.mjs: how many games were mounted when element `a` was ready. */
  readyOfA: number[];
  /** embed.test.mjs: each `size` event's detail. */
  sizes: { width: number; height: number }[];
  /** embed.test.mjs: the calls of a stubbed mountApp, and a way to emit its events. */
  stubMounts: {
    options: Record<string, any>;
    shadow: boolean;
    host: string | undefined;
    destroyed: boolean;
    deals: unknown[];
    emit(name: string, detail: unknown): void;
  }[];
}

/** board.test.mjs's helpers on the page: boards mounted and read back as data. */
declare var T: any;

// The element the embed tests query, with its API (www/cribbage-game.js).
interface HTMLElementTagNameMap {
  'cribbage-game': import('../www/cribbage-game.js').CribbageGameElement;
}

/** The embed's element, for the casts of the elements a test page names by id. */
type CribbageGameElement = import('../www/cribbage-game.js').CribbageGameElement;
