// @ts-check
// Plays whole games between Expert computer players (two, or the three or
// four a cribbage table is asked for: data.players) and times each
// decision as the game's own worker would make it: the game's save text and
// the seat in (the engine restores the game and makes the seat's
// observation), an action text out. Also times the exact discard analysis
// (the Hard coach's table), the Expert coach's analysis (every option with
// its chances) and Hard's, Medium's and Easy's decisions on the same
// positions.
// The games of the family module (game=noddy, game=costly-colours, …;
// every table of games.js's benchTables, Table Top for four as
// game=table-top-4) are played Hard against Hard, with every level's
// decisions and the coach's analysis (at Medium and Hard) timed on the same
// positions, by kind of decision (Costly Colours' mog, pass and play). The
// solitaires' Hard decision is the advisor's whole table (the hint) and
// Medium's a quicker one; the coach's analysis is the table the page shows.
//
// The same code runs on the page's own thread when the page asks
// (ai-bench.html?thread=page): DevTools' CPU throttling slows the page's
// thread but not a worker's (Chromium refuses it: "only supported for
// pages, not workers"), so a throttled run measures the worker's work there.

import { loadEngine } from './engine.js';
import { benchTables } from './games.js';

/**
 * Positions with a choice timed per game asked, at the least: a short game
 * (Noddy's to 31, a solitaire's deals) is played more times, so every game
 * is measured over about as many decisions.
 */
const POSITIONS_PER_GAME = 16;

/** Times one call in milliseconds, with its result. */
function timed(call) {
  const start = performance.now();
  const result = call();
  return [performance.now() - start, result];
}

/** The levels a player may choose, each timed on every position. */
const LEVELS = ['easy', 'medium', 'hard', 'expert'];

/**
 * A family game: Hard against Hard, with every level and the coach timed
 * alongside, by phase; `games` games at the least, and more until
 * POSITIONS_PER_GAME positions a game asked are timed.
 * @param {import('./engine.js').Engine} wasm
 * @param {import('./games.js').BenchTable} table
 * @param {number} games
 * @param {(message: object) => void} post
 */
function familyTimes(wasm, table, games, post) {
  const { aiDecide, coachAnalyze, CribbageGame: FamilyGame } = wasm;
  /** @type {Record<string, number[]>} */
  const times = {};
  const add = (key, ms) => (times[key] ??= []).push(ms);
  let positions = 0;
  for (let g = 0; g < games || positions < games * POSITIONS_PER_GAME; g++) {
    post({ progress: `Game ${g + 1} (${positions} positions timed)…` });
    const game = new FamilyGame(table.rules, String(7000 + g));
    let decisions = 0;
    while (!game.isOver()) {
      const seat = game.toAct();
      const save = game.save();
      const phase = game.phase();
      const [ms, action] = timed(() => aiDecide(save, seat, 'hard', 1000 + decisions));
      if (game.legalActions().length > 1) {
        positions++;
        add(`hard_${phase}`, ms);
        for (const level of LEVELS.filter((l) => l !== 'hard')) {
          add(`${level}_${phase}`, timed(() => aiDecide(save, seat, level, 1000 + decisions))[0]);
        }
        // The coach's table at the levels that weigh their options (Easy's
        // coach shows Medium's table where a game has one).
        for (const level of ['medium', 'hard']) {
          add(`coach_${level}_${phase}`, timed(() => coachAnalyze(save, seat, level, 1))[0]);
        }
      }
      game.apply(seat, action);
      decisions++;
    }
    game.free();
  }
  return times;
}

/**
 * Plays the benchmark's games and reports through `post`: progress, then
 * the times, or an error.
 * @param {{ games: number, game: string, players?: number | null }} data
 * @param {(message: object) => void} post
 */
export async function runBench(data, post) {
  try {
    const table = benchTables().find((t) => t.name === data.game);
    if (!table) throw new Error(`"${data.game}" is not a table the benchmark plays`);
    const wasm = await loadEngine(table.game.id);
    const { aiDecide, aiPrepare, coachAnalyze, version, CribbageGame } = wasm;
    const [prepareMs] = timed(() => aiPrepare());
    // The cribbage module's games are timed at Expert too, with the exact
    // discard analysis; the family module's by their own phases.
    // A game whose set-up offers a choice of players, at the number asked.
    if (data.players && (table.game.fixed || !table.game.options.people.includes(data.players))) {
      throw new Error(`"${data.game}" is not played by ${data.players}`);
    }
    const rules = data.players ? { ...table.rules, players: data.players } : table.rules;
    if (table.game.module === 'family') {
      post({ engine: version(), prepareMs, times: familyTimes(wasm, table, data.games, post) });
      return;
    }
    const times = {
      expert_discard: [],
      expert_play: [],
      expert_coach_discard: [],
      expert_coach_play: [],
      hard_discard: [],
      hard_play: [],
      medium_discard: [],
      medium_play: [],
      easy_discard: [],
      easy_play: [],
      exact_discard_analysis: [],
    };
    for (let g = 0; g < data.games; g++) {
      post({ progress: `Game ${g + 1} of ${data.games}…` });
      const game = new CribbageGame(rules, String(7000 + g));
      let decisions = 0;
      while (!game.isOver()) {
        const seat = game.toAct();
        // The page makes the save on its own thread (it saves after every
        // action anyway); the worker's part is what is timed.
        const save = game.save();
        const phase = game.phase();
        const [ms, action] = timed(() => aiDecide(save, seat, 'expert', 1000 + decisions));
        if (game.legalActions().length > 1) {
          times[`expert_${phase}`]?.push(ms);
          const [hardMs] = timed(() => aiDecide(save, seat, 'hard', 1000 + decisions));
          times[`hard_${phase}`]?.push(hardMs);
          // Every level a player may choose is timed on the same positions.
          for (const level of ['medium', 'easy']) {
            const [levelMs] = timed(() => aiDecide(save, seat, level, 1000 + decisions));
            times[`${level}_${phase}`]?.push(levelMs);
          }
          // The coach at Expert: the same search, every option with its chances.
          const [coachMs] = timed(() => coachAnalyze(save, seat, 'expert', 1));
          times[`expert_coach_${phase}`]?.push(coachMs);
          if (phase === 'discard') {
            const [analysisMs] = timed(() => coachAnalyze(save, seat, 'hard', 1));
            times.exact_discard_analysis.push(analysisMs);
          }
        }
        game.apply(seat, action);
        decisions++;
      }
      game.free();
    }
    post({ engine: version(), prepareMs, times });
  } catch (err) {
    post({ error: String(err?.message ?? err) });
  }
}

// In a worker: answer the page's message. (Imported by the page, nothing runs.)
const workerScope = /** @type {any} */ (globalThis).WorkerGlobalScope;
if (workerScope !== undefined && self instanceof workerScope) {
  onmessage = ({ data }) => runBench(data, (message) => postMessage(message));
}
