// @ts-check
// Plays whole games between two Expert computer players and times each
// decision as the game's own worker would make it: the game's save text and
// the seat in (the engine restores the game and makes the seat's
// observation), an action text out. Also times the exact discard analysis
// (the Hard coach's table) and Hard's decisions on the same positions.
// Noddy and Costly Colours (game=noddy, game=costly-colours) are played
// from the family module: Hard against Hard, with Medium's decisions and
// the coach's analysis timed on the same positions, by kind of decision
// (Costly Colours' mog, pass and play). The layout games too: Table Top
// for two and for four (game=table-top-4), and the two solitaires, whose
// Hard decision is the advisor's whole table (the hint) and Medium's a
// quicker one; the coach's analysis is the table the page shows.

import { gameClass } from './game-handle.js';

/** The games of the family module. */
const FAMILY = ['noddy', 'costly-colours', 'table-top', 'table-top-4', 'square-solitaire', 'solitaire'];

/** The rules a family game is made with: Table Top's four is its own entry. */
const rulesOf = (name) => (name === 'table-top-4' ? { game: 'table-top', players: 4 } : { game: name });

/** The module that plays `game`, initialised. */
async function engineFor(game) {
  const wasm = FAMILY.includes(game) ? await import('../pkg-family/cribbage.js') : await import('../pkg/cribbage.js');
  // The glue has no default path (build.sh): the module's URL is given.
  await wasm.default({ module_or_path: new URL(FAMILY.includes(game) ? '../pkg-family/cribbage_bg.wasm' : '../pkg/cribbage_bg.wasm', import.meta.url) });
  return wasm;
}

/** Times one call in milliseconds, with its result. */
function timed(call) {
  const start = performance.now();
  const result = call();
  return [performance.now() - start, result];
}

/** A family game: Hard against Hard, with Medium and the coach timed alongside, by phase. */
function familyTimes(wasm, name, games) {
  const { aiDecide, coachAnalyze } = wasm;
  const FamilyGame = gameClass(wasm);
  const times = { coach_analysis: [] };
  const add = (key, ms) => (times[key] ??= []).push(ms);
  for (let g = 0; g < games; g++) {
    postMessage({ progress: `Game ${g + 1} of ${games}…` });
    const game = new FamilyGame(rulesOf(name), String(7000 + g));
    let decisions = 0;
    while (!game.isOver()) {
      const seat = game.toAct();
      const save = game.save();
      const phase = game.phase();
      const [ms, action] = timed(() => aiDecide(save, seat, 'hard', 1000 + decisions));
      if (game.legalActions().length > 1) {
        add(`hard_${phase}`, ms);
        add(`medium_${phase}`, timed(() => aiDecide(save, seat, 'medium', 1000 + decisions))[0]);
        times.coach_analysis.push(timed(() => coachAnalyze(save, seat, 'hard', 1))[0]);
      }
      game.apply(seat, action);
      decisions++;
    }
    game.free();
  }
  return times;
}

onmessage = async ({ data }) => {
  try {
    const wasm = await engineFor(data.game);
    const { aiDecide, aiPrepare, coachAnalyze, version } = wasm;
    const CribbageGame = gameClass(wasm);
    const [prepareMs] = timed(() => aiPrepare());
    if (FAMILY.includes(data.game)) {
      // Noddy's games are short: more of them for as many decisions.
      postMessage({ engine: version(), prepareMs, times: familyTimes(wasm, data.game, data.game === 'noddy' ? data.games * 8 : data.games) });
      return;
    }
    const times = {
      expert_discard: [],
      expert_play: [],
      hard_discard: [],
      hard_play: [],
      exact_discard_analysis: [],
    };
    for (let g = 0; g < data.games; g++) {
      postMessage({ progress: `Game ${g + 1} of ${data.games}…` });
      // Reverse cribbage is the same table with the target to avoid.
      const rules = data.game === 'reverse' ? { players: 2, target: 121, goal: 'avoid' } : { players: 2, target: 121 };
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
    postMessage({ engine: version(), prepareMs, times });
  } catch (err) {
    postMessage({ error: String(err?.message ?? err) });
  }
};
