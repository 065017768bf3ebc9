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
  /** Each side's pegs: the points as counted. */
  scores: Pegs[];
  /**
   * Each side's score as the board shows it, side by side with `scores`: a
   * race's stopped in the game hole, a score that runs on (a solitaire's) as
   * made. The page says and draws this, never stopping a score itself.
   */
  shown: number[];
  [field: string]: any;
}

/**
 * Points pegged (`pegged`, in every game that pegs a side's points as it
 * goes): the pegs after, and the score the board shows for them.
 */
export interface PeggedEvent extends GameEvent {
  type: 'pegged';
  side: number;
  points: number;
  front: number;
  rear: number;
  /** `front` as the board shows it: stopped in the game hole. */
  shown: number;
}

/**
 * The board of a game laid out on the table: its last hole, the score that
 * wins, and what a score past the last hole does (a solitaire's runs on,
 * its result; a race's peg stops in the game hole).
 */
export interface ScoreBoard {
  target: number;
  win: number;
  runs_on: boolean;
}

/**
 * Standard and reverse cribbage's board (their observation's `board`): what
 * winning means on it, as the rules set it.
 */
export interface CribbageBoard {
  /** The game hole. */
  target: number;
  /** `avoid` in reverse cribbage, where reaching the target loses. */
  goal: 'reach' | 'avoid';
  skunk_line: number;
  /** None in a game to 61. */
  double_skunk_line: number | null;
  /** The count the play may not pass. */
  play_limit: number;
  /**
   * The games a side must win to win the match (the rules' match length:
   * 1 for a single game, 2 for best of three), which the peg board's
   * games-won holes are drawn from.
   */
  games_to_win: number;
}

/**
 * What every game laid out on the table (Cribbage Square Solitaire,
 * Cribbage Solitaire, Table Top) gives in one form, so the layout face
 * reads these facts rather than keying them by the game's name.
 */
export interface LayoutObservation extends Observation {
  /** Every seat's side (a solitaire's one seat: `[0]`). */
  sides: number[];
  /** The seats in the order of play, from seat 0. */
  order: number[];
  /** The card on show to be placed (none while laying away). */
  card: string | null;
  board: ScoreBoard;
  /** The winning side once the game is over (a solitaire's side 0 when the win is reached), else null. */
  winner: number | null;
  /** A race's (Table Top's) one game's end once it is over, else empty; a solitaire gives none. */
  results?: GameResult[];
}

/**
 * What the three-card games (Noddy, Costly Colours) give beside every
 * game's fields: each seat's side, so the page reads whose pegs are whose
 * as in every other game rather than knowing that two play.
 */
export interface ThreeCardObservation extends Observation {
  /** Every seat's side, seat by seat. */
  sides: number[];
  /** The one game's end once it is over, else empty: what the end's panel reads, as cribbage's. */
  results: GameResult[];
}

/**
 * One game's end as the end's panel reads it, in one form for every race
 * (cribbage's each game of a match; Noddy's, Costly Colours' and Table
 * Top's one game, in their observations' `results`).
 */
export interface GameResult {
  /** The game of the match, from 1. */
  game: number;
  winner: number;
  /** Each side's points as counted. */
  scores: number[];
  /** Each side's score as the board shows it (stopped in the game hole). */
  shown: number[];
  skunk: 'none' | 'skunk' | 'double';
  /** Games the win counts toward a match. */
  games: number;
  hands: number;
  first_dealer: number;
  /** Reverse cribbage: the side that reached the target, and lost. */
  reached?: number;
  /** Reverse cribbage with three sides: the winner was the one of the others with the fewest points (absent otherwise). */
  by_fewest?: boolean;
}

/**
 * A game's end (`game_over`), in the form every game gives it, the
 * solitaires' too: the winning side (a solitaire's side 0 when the win is
 * reached, null short of it), the scores as counted and as the board shows
 * them, and the skunk (`none` where the game has none). The statistics and
 * the embedder's `gameover` read it as it comes.
 */
export interface GameOverEvent extends GameEvent {
  type: 'game_over';
  winner: number | null;
  scores: number[];
  shown: number[];
  skunk: 'none' | 'skunk' | 'double';
}

/** One event of a game (`events(from)`, `apply`), by its `type`. */
export interface GameEvent {
  type: string;
  [field: string]: any;
}

/**
 * The coach's analysis of a decision, naming its game. Cribbage's lay-away
 * and play say what the target is for (`goal`: `avoid` in reverse cribbage).
 */
export interface Analysis {
  game: GameId;
  kind: string;
  level: string;
  goal?: 'reach' | 'avoid';
  options: any[];
  [field: string]: any;
}

/**
 * The review of a finished game, naming its game. The games another face
 * than the layout one draws say what the target is for (`goal`: `avoid` in
 * reverse cribbage); the layout games' decisions each say what they are.
 */
export interface Review {
  game: GameId;
  level: string;
  goal?: 'reach' | 'avoid';
  decisions: ReviewedDecision[];
  [field: string]: any;
}

/**
 * One decision reviewed, naming the seat that made it. A layout game's
 * names its `kind` as the game's moves do: `lay` (two cards laid away to
 * the crib) or `place` (a card put in a cell).
 */
export interface ReviewedDecision {
  kind?: 'lay' | 'place';
  /** Who decided. */
  seat: number;
  /** (Cribbage's) the side of the seat that decided, whose `to_go` the words read. */
  side?: number;
  /** (Cribbage's) the other sides, in order: whom "the other player" of the review's words is. */
  opponents?: number[];
  /** (Cribbage's) the side whose crib it was that hand: whose crib a lay-away's words name. */
  crib_side?: number;
  loss: number;
  [field: string]: any;
}

/** A side's pegs on the board. */
export interface Pegs {
  front: number;
  rear: number;
}

/**
 * One point of a game's chances (`chancesIfModelled`, two-player standard
 * cribbage): when a hand is dealt, after each run of the play, after each
 * count of the show but the last, and at the end.
 */
export interface ChancePoint {
  /** The game of the match, from 1. */
  game: number;
  hand: number;
  /** `deal`, `play`, `pone_count`, `dealer_count` or `crib_count`. */
  stage: string;
  /** The cards laid so far in the hand's play. */
  laid: number;
  dealer: number;
  /** The pone, who counts first (the seat after the dealer), named so the words never work it out. */
  pone: number;
  /** Each side's score. */
  scores: number[];
  /** Each side's chance to win, 0 to 1. */
  chances: number[];
  /** What was pegged last: `start`, `his_heels`, `play`, `pone_hand`, `dealer_hand` or `crib`. */
  after: string;
}

/**
 * A solitaire's points counted (Square Solitaire's `heels` and
 * `line_counted`, Cribbage Solitaire's `heels` and `counted`): the score
 * after, as counted and as the board shows it (a solitaire's board runs on,
 * so the same number), which the page draws as every game's `pegged` gives it.
 */
export interface SolitaireCountEvent extends GameEvent {
  type: 'heels' | 'line_counted' | 'counted';
  running: number;
  shown: number;
}

/** Table Top's centre card turned up (`centre`), on the cell the engine names. */
export interface CentreEvent extends GameEvent {
  type: 'centre';
  card: string;
  /** The layout's centre cell, as `placed` names a cell (row × 5 + column from 0). */
  cell: number;
}

/**
 * Table Top's draw for partners with four (`draw_for_partners`): each card
 * drawn, and what the draw made, or null on a tie (all four draw again).
 */
export interface DrawForPartnersEvent extends GameEvent {
  type: 'draw_for_partners';
  cuts: { seat: number; card: string }[];
  seated: {
    /** Each seat's side (side 0: seat 0's partnership). */
    sides: number[];
    /** The seats round the table in the order of play, from seat 0. */
    order: number[];
    /** The first dealer: the highest card. */
    dealer: number;
    /** The side of the two lowest cards, against the dealer's. */
    low: number;
  } | null;
}
