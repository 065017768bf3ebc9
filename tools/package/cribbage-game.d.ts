// Types for <cribbage-game> (cribbage-game.js) and for mountApp's options
// and handle (js/app.js, typed by js/app.d.ts). Written by hand beside the
// element's JSDoc, checked by tests/e2e/package.test.mjs with tsc; the
// games' ids alone are the page's registry's (www/js/games.js), which
// tools/package.mjs writes into the package's copy of `CribbageGameId`.

/** A game of the family, by its id. */
export type CribbageGameId = string;

/** A computer level, by name or number (1 is Easy, 4 Expert). */
export type CribbageLevel = 'easy' | 'medium' | 'hard' | 'expert' | '1' | '2' | '3' | '4' | 1 | 2 | 3 | 4;

/** What newGame() takes: each option must fit its game, or it throws. */
export interface CribbageNewGameOptions {
  game?: CribbageGameId;
  players?: number | string;
  target?: number | string;
  level?: CribbageLevel;
  /** A whole number from 0 to 2⁶⁴−1, as a string or a (safe) number. */
  seed?: string | number;
  counting?: 'automatic' | 'muggins';
  match?: 'single' | 'best_of_three';
}

/** The game at a glance, as the table shows it (`element.state`). */
export interface CribbageGameState {
  game: CribbageGameId;
  /** Whose turn it is by the engine; null once the game is over (or while chance acts). */
  turn: { seat: number; name: string; human: boolean } | null;
  /** Each side's name and score, as the board shows them. */
  scores: { name: string; score: number }[];
  over: boolean;
}

/** `turn`: a person is to decide. */
export interface CribbageTurnDetail {
  seat: number;
  name: string;
  /** The engine's phase: "discard", "play", "claim", "place", … */
  phase: string;
}

/** `score`: points pegged. */
export interface CribbageScoreDetail {
  seat: number;
  side: number;
  name: string;
  points: number;
  /** The side's score after the points. */
  score: number;
  /** The side's score before them. */
  previous: number;
  /** Why: "fifteen", "pair", "go", "show", "heels", "muggins", … */
  reason: string;
}

/** `gameover`: a game (of a match) is over. */
export interface CribbageGameOverDetail {
  /** 1 for the first game of a match. */
  game: number;
  winner: number;
  winnerName: string;
  /** Whether the winner is the person at this device. */
  you: boolean;
  scores: number[];
  skunk: string;
  /** Reverse cribbage: the side that reached the target, and so lost. */
  reached?: number;
}

/** `deal`: a solitaire was dealt (its seed deals it again). */
export interface CribbageDealDetail {
  game: CribbageGameId;
  seed: string;
}

/** `view`: the app shows the game or the hand calculator (full layout). */
export interface CribbageViewDetail {
  view: 'game' | 'calculator';
}

/** `size`: the element's box, in CSS pixels. */
export interface CribbageSizeDetail {
  width: number;
  height: number;
}

/** The element's events, by name. They bubble and cross shadow roots. */
export interface CribbageGameEventMap {
  ready: CustomEvent<null>;
  turn: CustomEvent<CribbageTurnDetail>;
  score: CustomEvent<CribbageScoreDetail>;
  gameover: CustomEvent<CribbageGameOverDetail>;
  deal: CustomEvent<CribbageDealDetail>;
  view: CustomEvent<CribbageViewDetail>;
  size: CustomEvent<CribbageSizeDetail>;
}

/** <cribbage-game>: every game of the cribbage family as a custom element. */
export declare class CribbageGameElement extends HTMLElement {
  static readonly observedAttributes: string[];
  /** The folder holding the element's files; a bundle sets it before the first element connects. */
  static base: string;

  /** The `game` attribute (null: the player's own choice). */
  get game(): string | null;
  set game(value: CribbageGameId | (string & {}) | null);
  /** The `players` attribute, as a number. */
  get players(): number | null;
  set players(value: number | string | null);
  /** The `target` attribute, as a number. */
  get target(): number | null;
  set target(value: number | string | null);
  /** The `level` attribute. */
  get level(): string | null;
  set level(value: CribbageLevel | (string & {}) | null);
  /** The `seed` attribute. */
  get seed(): string | null;
  set seed(value: string | number | null);
  /** The `counting` attribute. */
  counting: string | null;
  /** The `match` attribute. */
  match: string | null;
  /** The layout in force; writing sets the attribute. */
  layout: 'full' | 'compact' | (string & {});
  /** The theme in force; writing sets the attribute. */
  theme: 'light' | 'dark' | 'auto' | (string & {});
  /** The `storage-key` attribute. */
  storageKey: string | null;
  /** The `four-colour` attribute: true, false, or null (the player's choice). */
  fourColour: boolean | null;
  /** The `large-cards` attribute: true, false, or null (the player's choice). */
  largeCards: boolean | null;

  /** The element's height as last reported by `size` (0 before). */
  readonly contentHeight: number;
  /** Resolves once the game can be played; rejects if the app could not start. */
  readonly ready: Promise<void>;
  /** The game at a glance; null before the first deal. */
  readonly state: CribbageGameState | null;

  /** Deals a new game now; throws an Error for an option that is unknown or does not fit its game. */
  newGame(options?: CribbageNewGameOptions): Promise<void>;
  /** Takes back the player's last decision; throws an Error saying why when it cannot. */
  undo(): void;
  /** The game on the table as text for restore(); null when there is none. */
  save(): string | null;
  /** Puts a saved game on the table; throws for text that is not a save, rejects if the engine refuses it. */
  restore(text: string): Promise<void>;

  addEventListener<K extends keyof CribbageGameEventMap>(type: K, listener: (this: CribbageGameElement, event: CribbageGameEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: CribbageGameElement, event: HTMLElementEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof CribbageGameEventMap>(type: K, listener: (this: CribbageGameElement, event: CribbageGameEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: CribbageGameElement, event: HTMLElementEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** mountApp's options (js/app.js): the app in any element or shadow root. */
export interface MountAppOptions {
  view?: 'game' | 'calculator';
  game?: CribbageGameId;
  level?: CribbageLevel;
  target?: number;
  players?: number;
  theme?: 'light' | 'dark' | 'auto';
  seed?: string;
  /** The localStorage prefix (default "cribbage"). */
  storageKey?: string;
  counting?: 'automatic' | 'muggins';
  match?: 'single' | 'best_of_three';
  mode?: 'computer' | 'people';
  cut?: 'drawn' | 'by_hand';
  speed?: 'slow' | 'normal' | 'fast' | 'instant';
  layout?: 'full' | 'compact';
  fourColour?: boolean;
  largeCards?: boolean;
  /** Whether the page reads its address, so a finished deal can be shared as a link to it. */
  links?: boolean;
  /** Every event of the app, by name, with its detail. */
  onEvent?: <K extends keyof CribbageGameEventMap>(name: K, detail: CribbageGameEventMap[K]['detail']) => void;
}

/** A game as the app saves it (the element's save() is this as JSON text). */
export interface CribbageSavedGame {
  v: number;
  /** The engine's record of the game. */
  save: string;
  setup: { game: CribbageGameId } & Record<string, unknown>;
  [key: string]: unknown;
}

/** What mountApp resolves to. */
export interface AppHandle {
  /** Takes the app down: every element and listener it made goes. */
  destroy(): void;
  setTheme(theme: 'light' | 'dark' | 'auto'): void;
  setCardStyle(style?: { fourColour?: boolean; largeCards?: boolean }): void;
  newGame(options?: Omit<MountAppOptions, 'onEvent'>): Promise<void>;
  undo(): void;
  /** The game on the table as the app saves it, or null. */
  save(): CribbageSavedGame | null;
  /** Puts a game `save()` gave on the table; rejects, the game left as it was, when it cannot. */
  restore(saved: CribbageSavedGame): Promise<object | undefined>;
  state(): CribbageGameState | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'cribbage-game': CribbageGameElement;
  }
  interface HTMLElementEventMap {
    turn: CustomEvent<CribbageTurnDetail>;
    score: CustomEvent<CribbageScoreDetail>;
    gameover: CustomEvent<CribbageGameOverDetail>;
    deal: CustomEvent<CribbageDealDetail>;
    size: CustomEvent<CribbageSizeDetail>;
  }
  // The events bubble and cross shadow roots, so a page may listen on the document.
  interface DocumentEventMap {
    turn: CustomEvent<CribbageTurnDetail>;
    score: CustomEvent<CribbageScoreDetail>;
    gameover: CustomEvent<CribbageGameOverDetail>;
    deal: CustomEvent<CribbageDealDetail>;
    size: CustomEvent<CribbageSizeDetail>;
  }
}
