// @ts-check
// The CribbageGame class: a game of the family the wasm engine keeps (any
// game the module plays: the engine's one handle), held by the number the
// engine gave it. Every method forwards to a `game…` export of the
// module with that number (the getters all read gameStatus's one answer); the engine checks everything and answers a freed
// or unknown game with a clear Error (see src/wasm/handles.rs for why the
// module hands out numbers rather than a wasm-bindgen class). No rules here.
//
//   const CribbageGame = gameClass(wasm);   // wasm: the initialised module
//   const game = new CribbageGame({ players: 2, target: 121 }, '42');
//   game.apply(0, 'discard 5H 6C');
//   const again = CribbageGame.restore(game.save());
//   game.free();                            // or left to the garbage collector

/** Marks a construction from a save rather than from rules and a seed. */
const FROM_SAVE = Symbol('from save');

/**
 * The engine module's game exports (every module has them).
 * @typedef {Pick<typeof import('../pkg-family/cribbage.js'), 'gameNew' | 'gameRestore' | 'gameFree' | 'gameSave' | 'gameStatus'
 *   | 'gameRules' | 'gameObservationJson' | 'gameApply' | 'gameCanUndo' | 'gameUndo' | 'gameEvents'>} GameExports
 */

/**
 * The CribbageGame class over an initialised engine module.
 * @param {GameExports} wasm
 */
export function gameClass(wasm) {
  // A game dropped without free() is freed when collected: the engine
  // keeps every live game, so this is what stops a long session growing.
  const collected = new FinalizationRegistry((handle) => {
    try {
      wasm.gameFree(handle);
    } catch {
      // The engine was replaced (a reload after an error): nothing to free.
    }
  });

  class CribbageGame {
    #handle;

    /**
     * A new game: `rules` names the game and its options as the engine's
     * rules write them (`{ game: 'noddy' }`, `{ players, target, counting?,
     * match?, goal? }` for cribbage), `seed` a decimal string. Throws an
     * Error for rules or a seed the engine refuses.
     * @param {Record<string, unknown> | typeof FROM_SAVE} rules
     * @param {string} seed
     */
    constructor(rules, seed) {
      this.#handle = rules === FROM_SAVE ? wasm.gameRestore(seed) : wasm.gameNew(rules, seed);
      collected.register(this, this.#handle, this);
    }

    /**
     * Restores a game from `save()`'s text. Throws an Error saying why a save cannot be restored.
     * @param {string} text
     * @returns {CribbageGame}
     */
    static restore(text) {
      return new CribbageGame(FROM_SAVE, text);
    }

    /** Lets the game go; any later call throws. Freeing twice is harmless. */
    free() {
      collected.unregister(this);
      wasm.gameFree(this.#handle);
    }

    /** @returns {string} the save text */
    save() { return wasm.gameSave(this.#handle); }
    /**
     * The game at a glance, from one call: `{ kind, seed, phase, to_act,
     * over, winner, events, actions, legal }` (see gameStatus).
     */
    #status() { return wasm.gameStatus(this.#handle); }
    /** @returns {string} which game of the family: "cribbage", "reverse", "noddy", … */
    kind() { return this.#status().kind; }
    /** @returns {Record<string, any>} the rules, as the constructor takes them (the game named) */
    rules() { return wasm.gameRules(this.#handle); }
    /** @returns {string} the seed */
    seed() { return this.#status().seed; }
    /** @param {number} seat @returns {import('../../types/engine.js').Observation} what the seat may know (its `game` named) */
    observation(seat) { return JSON.parse(this.observationJson(seat)); }
    /** @param {number} seat @returns {string} the same, as JSON text (the native library's own) */
    observationJson(seat) { return wasm.gameObservationJson(this.#handle, seat); }
    /** @returns {number | undefined} the seat to act */
    toAct() { return this.#status().to_act ?? undefined; }
    /** @returns {string} the phase */
    phase() { return this.#status().phase; }
    /** @returns {string[]} the legal actions' text */
    legalActions() { return this.#status().legal; }
    /** @param {number} seat @param {string} action @returns {import('../../types/engine.js').GameEvent[]} the events it caused */
    apply(seat, action) { return wasm.gameApply(this.#handle, seat, action); }
    /** @param {number} seat @returns {boolean} whether the seat has a decision to take back */
    canUndo(seat) { return wasm.gameCanUndo(this.#handle, seat); }
    /**
     * Takes back the seat's last decision and the replies after it; chance is drawn afresh.
     * @param {number} seat
     * @returns {number} how many decisions were taken back
     */
    undo(seat) { return wasm.gameUndo(this.#handle, seat); }
    /** @param {number} from @returns {import('../../types/engine.js').GameEvent[]} the events from index `from` on */
    events(from) { return wasm.gameEvents(this.#handle, from); }
    /** @returns {number} how many events there have been */
    eventCount() { return this.#status().events; }
    /** @returns {number} how many actions have been applied */
    actionCount() { return this.#status().actions; }
    /** @returns {boolean} whether the game (or match) is over */
    isOver() { return this.#status().over; }
    /** @returns {number | undefined} the winning side once over */
    winner() { return this.#status().winner ?? undefined; }
  }
  return CribbageGame;
}

/** The class `gameClass` makes. @typedef {ReturnType<typeof gameClass>} GameClass */
/** A game of that class. @typedef {InstanceType<GameClass>} CribbageGame */
