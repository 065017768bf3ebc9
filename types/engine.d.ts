// The shapes of the values the engine hands the page (serde values made by
// the Rust library; its `Serialize` derives are the schema). Only what the
// page relies on for every game is spelt out here: each value names its game,
// and a face reads its own game's fields, which vary by game, as the engine
// documents them (src/games/*/observation.rs, event.rs; src/ai/*/coach.rs).

/** A game of the family, by the engine's name (games.js's ids). */
export type GameId = string;

/** One legal action as data: its text, and its verb (`kind`). */
export interface Move {
  action: string;
  kind: string;
  [field: string]: any;
}

/** What one seat may know (`observation(seat)`), naming its game. */
export interface Observation {
  game: GameId;
  phase: string;
  to_act: number | null;
  legal: string[];
  moves: Move[];
  [field: string]: any;
}

/** One event of a game (`events(from)`, `apply`), by its `type`. */
export interface GameEvent {
  type: string;
  [field: string]: any;
}

/** The coach's analysis of a decision, naming its game. */
export interface Analysis {
  game: GameId;
  kind: string;
  level: string;
  options: any[];
  [field: string]: any;
}

/** The review of a finished game, naming its game. */
export interface Review {
  game: GameId;
  level: string;
  decisions: any[];
  [field: string]: any;
}

/** A side's pegs on the board. */
export interface Pegs {
  front: number;
  rear: number;
}
