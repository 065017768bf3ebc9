// @ts-check
// What the app does beyond dealing and playing a first hand: the commands of
// the header and the table's end (new game, statistics, settings, help, the
// review, the chances, past games, a deal's link, the same deal again), the
// statistics kept as the games are played, and the embed's newGame() and
// restore(). None of it is needed before the first play, so it is a module
// of the ones loaded later (lazy.js, through later.js): the app loads it at
// its first use, or in the background once the table is playable.
//
// It works on the app's state through `AppContext` (app.js makes it), and
// keeps its own: the statistics with this game's share of them, what the
// engine said about the chances, the chances' meter.

import { choiceDialog, confirmDialog, helpDialog, messageDialog, reviewDialog, settingsDialog, setupDialog, statsDialog } from './dialogs.js';
import { howToPlayDialog } from './howto.js';
import { chancesDialog, createMeter } from './chart.js';
import { dealLink } from './ending.js';
import { closeAllDialogs } from './dom.js';
import { addPastGame, pastGameDate, pastGameLine, pastGameOf, pastGamesDialog, readPastGames } from './past-games.js';
import { EMPTY_STATS, forgetGame, normalizeStats, restoreGameTally, startGameTally, tableFor, tallyGame } from './stats.js';
import { findGame, gameInfo } from './games.js';
import { COACH_LEVEL, randomSeed, setupFrom, showCardStyle } from './settings.js';

/**
 * The level they judge by where the engine has a model of the chances to
 * win (two-player standard cribbage): Expert, whose numbers include them.
 */
const CHANCES_LEVEL = 'expert';

/**
 * What the commands work on: the app's own state and parts, as app.js
 * hands them over (getters where the app replaces a part: the controller
 * after another tab takes the game back).
 * @typedef {object} AppContext
 * @property {ReturnType<typeof import('./store.js').createStore>} store
 * @property {ReturnType<typeof import('./settings.js').readSettings>} settings  The app's settings, changed in place.
 * @property {HTMLElement} app  The app's root (its theme, speed and card style are data attributes).
 * @property {HTMLElement} dialogs  Where dialogs open.
 * @property {HTMLElement} meterHost  Where the chances' meter is drawn.
 * @property {() => ReturnType<typeof import('./play.js').createPlay> | null} play  The controller, while this tab plays.
 * @property {() => any} ai  The computer players (ai.js's `createAi`, made when first asked).
 * @property {() => boolean} alive  Whether the app is still mounted.
 * @property {() => boolean} ownsPage  Whether the app is the page (not embedded in another's, nor in a frame).
 * @property {(name: string, value: unknown) => boolean} keep  Writes to storage (a failure is said once).
 * @property {(text: string, options?: { important?: boolean, log?: boolean }) => void} say  The live region and the log.
 * @property {() => void} clearLog
 * @property {() => void} showAside  Shows (or hides) the way back to the games set aside.
 * @property {() => Record<string, any>} asides  The games set aside by a link to another game, by game id.
 * @property {(file: string) => Promise<unknown>} stylesheet  Loads one of the lazy stylesheets.
 */

/**
 * The app's commands over `ctx`, with the statistics and the chances they keep.
 * @param {AppContext} ctx
 * @param {{ share?: unknown }} [first]  The game on the table's share of the statistics, as its save kept it.
 */
export function createCommands(ctx, first = {}) {
  const { store, settings, dialogs } = ctx;
  const records = createRecords(ctx, first.share);
  const chances = createChances(ctx);
  /** The dialogs' module with its stylesheet. */
  const withDialogs = () => ctx.stylesheet('dialogs.css');

  /**
   * Runs one of the app's commands (a tool in the header, a button at the table's end).
   * @param {string} id
   */
  async function run(id) {
    const play = ctx.play();
    switch (id) {
      case 'newgame':
        return newGame();
      case 'replay':
        return replayDeal();
      case 'copylink':
        return copyLink();
      case 'stats': {
        await withDialogs();
        if (!ctx.alive()) return undefined;
        // 'reset' once the player has confirmed it.
        const chosen = await statsDialog(dialogs, records.stats(), { game: play?.setup()?.game ?? settings.setup.game });
        if (chosen === 'reset') records.reset();
        return chosen === 'past' ? pastGames() : undefined;
      }
      case 'past':
        return pastGames();
      case 'chances':
        return chancesChart();
      case 'settings': {
        await withDialogs();
        if (!ctx.alive()) return undefined;
        const next = await settingsDialog(dialogs, settings);
        if (next) {
          Object.assign(settings, next);
          ctx.app.dataset.theme = settings.theme;
          ctx.app.dataset.speed = settings.speed;
          showCardStyle(ctx.app, settings);
          ctx.keep('settings', settings);
          chances.show();
        }
        return undefined;
      }
      case 'help':
        await withDialogs();
        return ctx.alive() ? helpDialog(dialogs, { onHowTo: howTo }) : undefined;
      case 'review':
        return review();
      case 'aside':
        return backTo();
      default:
        return undefined;
    }
  }

  /** A game's "how to play", over whatever dialog asked for it. */
  async function howTo(game) {
    await withDialogs();
    if (ctx.alive()) await howToPlayDialog(dialogs, game, { onHowTo: howTo });
  }

  /** The same deal again: the finished game's set-up and seed. */
  function replayDeal() {
    const play = ctx.play();
    const setup = play.setup();
    const seed = play.seed();
    if (!setup || seed === null || play.inProgress()) return;
    ctx.clearLog();
    records.freshGame();
    play.start(setup, seed);
  }

  /** This page's address for the deal just played, to the clipboard. */
  async function copyLink() {
    const play = ctx.play();
    const setup = play.setup();
    const seed = play.seed();
    if (!setup || seed === null) return;
    const url = dealLink(location.href, setup, seed);
    try {
      await navigator.clipboard.writeText(url);
      ctx.say(`Link copied: ${url}`, { important: true });
    } catch {
      ctx.say(`Copy this link: ${url}`, { important: true });
    }
  }

  async function newGame() {
    const play = ctx.play();
    await withDialogs();
    if (!ctx.alive()) return;
    if (play.inProgress()) {
      // A practice or pass-and-play game is kept out of the statistics: leaving it is not counted either.
      const counted = records.countsAbandoned(play);
      // In a match the games already won go with it: said so, where "a game" read as the one on the table.
      const inMatch = play.inMatch();
      const abandon = await confirmDialog(dialogs, {
        title: 'Abandon this game?',
        text: inMatch
          ? `A best-of-three match is in progress. Starting a new game ends the match for good, with the games won in it${counted ? ' (the game on the table counts as abandoned in your statistics)' : ''}.`
          : `A game is in progress. Starting a new one ends it for good${counted ? ' (it counts as abandoned in your statistics)' : ''}.`,
        yes: 'Abandon it',
        no: 'Keep playing',
      });
      if (!abandon) return;
    }
    const chosen = await setupDialog(dialogs, { setup: settings.setup, onTable: play.setup(), speed: settings.speed, onHowTo: howTo });
    if (!chosen || !ctx.alive()) return;
    // The family's games come with their own module: loaded before the deal.
    try {
      await play.prepare(chosen.setup.game);
    } catch (err) {
      notice(`${gameInfo(chosen.setup.game).title} could not load (${err.message}), so the game goes on as it was.`);
      return;
    }
    if (!ctx.alive()) return;
    records.abandon(play);
    settings.setup = chosen.setup;
    settings.speed = chosen.speed;
    ctx.app.dataset.speed = settings.speed;
    ctx.keep('settings', settings);
    ctx.clearLog();
    records.freshGame();
    play.start(chosen.setup, chosen.seed ?? randomSeed());
  }

  async function review() {
    const play = ctx.play();
    const data = play.reviewable();
    const current = play.current();
    if (!data || !current) return undefined;
    await withDialogs();
    if (!ctx.alive()) return undefined;
    // Judged in chances where the engine has them; the chart first unless Settings turned the chances off.
    const known = await chances.known(current).catch(() => false);
    const level = known ? CHANCES_LEVEL : COACH_LEVEL;
    const chart = known && settings.chances !== 'off' ? () => chances.of(current) : null;
    return reviewDialog(dialogs, () => ctx.ai().review(data.save, data.seat, level, 0, data.game), data, chart);
  }

  /** The end of a game's "Your chances, charted". */
  async function chancesChart() {
    const current = ctx.play()?.current();
    if (!current) return undefined;
    const [points] = await Promise.all([chances.of(current), withDialogs()]);
    if (!ctx.alive() || !points) return undefined;
    return chancesDialog(dialogs, points, { names: current.names, people: current.people });
  }

  /**
   * A finished game against the computer goes to the past games kept on
   * this device, at once; then again with the engine's word on whether it
   * has chances to chart (asked already when the game's end offers its
   * chart), which the list says.
   */
  function keepPastGame() {
    const current = ctx.play()?.current();
    if (!current?.over || current.people) return;
    const date = new Date();
    addPastGame(store, pastGameOf(current, date));
    chances.known(current).then(
      (known) => {
        if (ctx.alive()) addPastGame(store, pastGameOf(current, date, known));
      },
      () => {},
    );
  }

  /** The past games' list; one opened shows its chart and its review. */
  async function pastGames() {
    await withDialogs();
    if (!ctx.alive()) return undefined;
    // Settings' "Off" is no chart here either, as at the end of a game (the review still judges in chances).
    const charts = settings.chances !== 'off';
    const entry = await pastGamesDialog(dialogs, readPastGames(store), { charts });
    if (!entry || !ctx.alive()) return undefined;
    // Its module first (a game of the family), then the engine judges it from its save.
    await ctx.play()?.prepare(entry.game).catch(() => {});
    const current = { game: entry.game, seed: entry.id, save: entry.save };
    const known = await chances.known(current).catch(() => false);
    const data = { seat: entry.seat, sideNames: entry.names, title: 'A past game, reviewed', lead: `${pastGameDate(entry)}: ${pastGameLine(entry)}.` };
    return reviewDialog(dialogs, () => ctx.ai().review(entry.save, entry.seat, known ? CHANCES_LEVEL : COACH_LEVEL, 0, entry.game), data, known && charts ? () => chances.of(current) : null);
  }

  /**
   * Tells the player something that changed their game: said at once, and shown in a dialog.
   * @param {string} text
   * @param {string} [title]
   */
  function notice(text, title) {
    ctx.say(text, { important: true });
    showNotice(text, title);
  }

  /**
   * Shows a notice already said in a dialog: modal on the app's own page;
   * on a page that embeds the game, inside the game and not modal, since a
   * modal dialog would make the host's whole page inert and hold its focus
   * (at load, before the visitor touched the game).
   * @param {string} text
   * @param {string} [title]
   * @param {string} [detail]  What went wrong in the engine's words, folded under the text.
   */
  function showNotice(text, title = 'A new game', detail = undefined) {
    withDialogs().then(() => {
      if (ctx.alive()) messageDialog(dialogs, { title, text, detail, modal: ctx.ownsPage() });
    });
  }

  /**
   * A game whose part of the app could not be fetched (offline before it was
   * ever loaded): said at once and in a dialog, in plain words, the browser's
   * own folded away, with the ways on. Resolves true to try again (offered
   * only where the app may reload its page), false for standard cribbage.
   * @param {string} title  The game's.
   * @param {boolean} kept  Whether a game of it in progress is kept meanwhile.
   * @param {string} detail  The browser's words.
   * @param {boolean} retry  Whether to offer trying again.
   * @returns {Promise<boolean>}
   */
  async function askMissing(title, kept, detail, retry) {
    const text = [
      `${title} could not be loaded. This device may be offline, or the connection dropped before the game was saved for offline play.`,
      kept
        ? `Your game of ${title} in progress is kept while you try again; playing standard cribbage instead gives it up.`
        : `${retry ? 'Try again' : 'Reload the page'} once you are back online, or play standard cribbage, which is here already.`,
    ];
    ctx.say(text.join(' '), { important: true });
    await withDialogs();
    const choice = await choiceDialog(dialogs, {
      title: `${title} could not load`,
      text,
      detail,
      summary: 'What the browser said',
      buttons: [...(retry ? [{ id: 'retry', label: 'Try again', primary: true }] : []), { id: 'fresh', label: kept ? 'Give it up: play cribbage' : 'Play standard cribbage', primary: !retry }],
    });
    return choice === 'retry';
  }

  /**
   * Offers the game a link set aside, at once: the link's game to play
   * (the other kept), or back to the other now.
   * @param {string} kept  The game set aside.
   * @param {string} shown  The link's game, on the table.
   * @param {boolean} tools  Whether the app shows its tools ("Back to …" among them), or offers it again at the next visit.
   */
  async function offerAside(kept, shown, tools) {
    const was = gameInfo(kept).title;
    const text = `This page opened ${gameInfo(shown).title}. Your game of ${was} in progress is kept as it stands: go back to it now, or ${tools ? `later with “Back to ${was}”` : 'at your next visit'}.`;
    await withDialogs();
    if (!ctx.alive()) return;
    const choice = await choiceDialog(dialogs, {
      title: `Your game of ${was} is kept`,
      text,
      buttons: [
        { id: 'stay', label: `Play ${gameInfo(shown).title}`, primary: true },
        { id: 'back', label: `Back to ${was}` },
      ],
    });
    if (choice === 'back') await backTo(kept);
  }

  /**
   * Puts the game of `id` set aside (the tools' "Back to …" names the first)
   * back on the table. The game there, if it is going on, is set aside in
   * its place: nothing abandoned, nothing lost. One that cannot be restored
   * is said, and kept as a broken save is ("game.corrupt"); the table is
   * left as it was.
   * @param {string} [id]
   */
  async function backTo(id = Object.keys(ctx.asides()).find(findGame)) {
    const play = ctx.play();
    const all = ctx.asides();
    const saved = id && all[id];
    if (!play || !saved) return;
    const title = gameInfo(id).title;
    // Its module first (offline before it was ever fetched, this fails, and the game stays kept).
    const loaded = await play.prepareSaved(saved).then(() => ctx.alive() && ctx.play() === play, (err) => notice(`${title} could not load (${err.message}), so the game goes on as it was.`));
    if (!loaded) return;
    const current = play.inProgress() ? { ...play.snapshot(), share: records.share() } : null;
    const leaving = current && gameInfo(play.setup()?.game).id;
    const share = records.share();
    delete all[id];
    try {
      records.restoreShare(saved.share);
      play.restore(saved);
      if (leaving) all[leaving] = current;
      ctx.say(`Your game of ${title} is back where you left it${leaving ? `; your game of ${gameInfo(leaving).title} is set aside` : ''}.`, { important: true });
    } catch (err) {
      records.restoreShare(share);
      ctx.keep('game.corrupt', JSON.stringify(saved));
      notice(`Your game of ${title} could not be read (${err.message}), so the game goes on as it was.`);
    }
    ctx.keep('game.aside', all);
    closeAllDialogs(dialogs);
    ctx.showAside();
  }

  return {
    run,
    showNotice,
    askMissing,
    offerAside,
    records,
    chances,
    /** The game has ended and its result is on the table: it joins the past games. */
    over: () => keepPastGame(),
    /**
     * The level the coach judges the game on the table by: Expert's numbers
     * where the engine has chances for it, else `level`.
     * @param {string} level
     */
    async coachLevel(level) {
      const current = ctx.play()?.current();
      const known = current ? await chances.known(current).catch(() => false) : false;
      return known ? CHANCES_LEVEL : level;
    },
    /**
     * The embed's newGame(): deals at once, `next` over the player's saved
     * set-up; a game in progress is abandoned. Rejects, the game on the
     * table unchanged, when the game's module cannot load.
     * @param {{ game?: string, players?: number, target?: number, level?: string, seed?: string, counting?: string, match?: string }} next
     */
    async deal(next) {
      const play = ctx.play();
      const setup = setupFrom(settings.setup, next);
      await play.prepare(setup.game);
      if (!ctx.alive()) return;
      records.abandon(play);
      closeAllDialogs(dialogs);
      ctx.clearLog();
      records.freshGame();
      play.start(setup, next.seed ? String(next.seed) : randomSeed());
    },
    /**
     * The embed's restore(): puts a saved game on the table in place of the
     * one there; rejects, the game left as it was, when it cannot.
     * @param {{ v: number, save: string, setup: { game: string } }} saved
     */
    async restore(saved) {
      const play = ctx.play();
      await play.prepareSaved(saved);
      if (!ctx.alive()) return undefined;
      const inProgress = play.inProgress();
      const previous = { setup: play.setup(), practice: play.practice() };
      try {
        play.restore(saved);
      } catch (err) {
        throw new Error(`restore: the saved game could not be restored: ${err.message}`);
      }
      // The game it replaced, had it been going on, was abandoned.
      if (inProgress && previous.setup?.mode !== 'people' && !previous.practice) records.abandoned(previous.setup);
      closeAllDialogs(dialogs);
      records.freshGame();
      return play.setup();
    },
  };
}

/**
 * The statistics on this device, and the game on the table's share of them
 * (saved with the game, so that it can be taken back out if the game turns
 * into practice).
 * @param {AppContext} ctx
 * @param {unknown} share  The game on the table's share, as its save kept it.
 */
function createRecords(ctx, share) {
  let stats = normalizeStats(ctx.store.read('stats').value);
  let game = restoreGameTally(share);
  const keepStats = () => ctx.keep('stats', stats);
  return {
    stats: () => stats,
    /** This game's share, to save with it. */
    share: () => game,
    /** A new game (or one restored with no share of its own): nothing counted yet. */
    freshGame() {
      game = startGameTally();
    },
    /**
     * A restored game's share, as its save kept it.
     * @param {unknown} saved
     */
    restoreShare(saved) {
      game = restoreGameTally(saved);
    },
    /**
     * One action's events, counted for the player (seat 0) of a game against the computer.
     * @param {any} setup
     * @param {any[]} events
     */
    tally(setup, events) {
      if (tallyGame(stats, game, setup, events, { seat: 0, side: 0 })) keepStats();
    },
    /** The game has become practice: its share comes back out. */
    forget() {
      forgetGame(stats, game);
      game = startGameTally();
      keepStats();
    },
    /**
     * A game of `setup` left unfinished counts as abandoned.
     * @param {any} setup
     */
    abandoned(setup) {
      tableFor(stats, setup).abandoned += 1;
      keepStats();
    },
    /**
     * The game in progress, about to be replaced, counts as abandoned (unless practice or pass-and-play).
     * @param {ReturnType<typeof import('./play.js').createPlay>} play
     */
    abandon(play) {
      if (this.countsAbandoned(play)) this.abandoned(play.setup());
    },
    /**
     * Whether the game in progress, left now, counts as abandoned: a game
     * under way against the computer that is not practice.
     * @param {ReturnType<typeof import('./play.js').createPlay>} play
     */
    countsAbandoned(play) {
      return play.inProgress() && play.setup()?.mode !== 'people' && !play.practice();
    },
    reset() {
      stats = normalizeStats(EMPTY_STATS);
      keepStats();
    },
  };
}

/**
 * The chances to win: whether the engine has a model of them for a game
 * (asked of the engine through the worker once per game, never read from
 * the game's name), the points, and the meter shown as the game goes.
 * @param {AppContext} ctx
 */
function createChances(ctx) {
  const model = { key: '', known: false };
  const keyOf = (current) => `${current.game}/${current.seed}`;
  /** @type {ReturnType<typeof createMeter> | null} */
  let meter = null;
  let run = 0;

  /** The chances through `current`'s game, or null where the engine has no model of them. */
  async function of(current) {
    const points = await ctx.ai().chances(current.save, current.game);
    model.key = keyOf(current);
    model.known = Array.isArray(points);
    return points;
  }

  return {
    of,
    /** Whether the engine has chances for `current`'s game (asking it once per game). */
    async known(current) {
      if (model.key !== keyOf(current)) await of(current);
      return model.known;
    },
    /**
     * The meter, after each move: the engine's last point when Settings show
     * it as you play, worked out in the worker (the table never waits for
     * it); hidden otherwise, and for a game without chances.
     */
    show() {
      const my = ++run;
      const current = ctx.settings.chances === 'on' ? ctx.play()?.current() : null;
      if (!current) {
        meter?.hide();
        ctx.meterHost.hidden = true;
        return;
      }
      Promise.all([of(current), ctx.stylesheet('later.css')]).then(([points]) => {
        if (!ctx.alive() || my !== run) return;
        meter ??= createMeter(ctx.meterHost);
        meter.show(points, { names: current.names, people: current.people });
      }, () => {
        if (my === run) ctx.meterHost.hidden = true;
      });
    },
  };
}
