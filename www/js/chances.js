// @ts-check
// The chances to win in words and shapes, from the engine's figures: the
// meter's line, the big swings of a game and what caused each, the chart's
// geometry, the coach's words where the chances change its advice, and the
// review's words for why the better choice was better. Pure functions, no
// DOM (chart.js draws them), so Node tests them as they are. Every number
// is the engine's (`chancesIfModelled`, `coachAnalyze`, `reviewGame`): this
// only rounds, compares and words them.

import { cardSymbol } from './cards.js';

/**
 * One point of a game's chances, as `chancesIfModelled` gives it.
 * @typedef {import('../../types/engine.js').ChancePoint} ChancePoint
 */

/**
 * A chance as a whole percentage. While a game is open its chances are
 * never shown as certain: 0.996 reads "99%", not "100%"; only the end of a
 * game (exactly 0 or 1) reads 0% or 100%.
 * @param {number} p  0 to 1.
 * @returns {number}
 */
export function percent(p) {
  const n = Math.round(p * 100);
  if (p > 0 && p < 1) return Math.min(99, Math.max(1, n));
  return n;
}

/** @param {number} p */
const pct = (p) => `${percent(p)}%`;

/** @param {number} x */
const fmt = (x) => (Math.round(x * 10) / 10).toFixed(1);

/**
 * The meter's line for the last point of a game's chances, or null when
 * there is none. Against the computer it is the player's own ("Your
 * chances: 62%"); passing the device, each side's by name.
 * @param {ChancePoint[] | null} points
 * @param {{ side?: number, names?: string[], people?: boolean }} [how]  `side`: the player's (0).
 * @returns {{ text: string, percent: number, deal: boolean, at: number } | null}  `at`: which
 *   point of the game it is (the points before it), so the same point shown again is known.
 */
export function meterLine(points, { side = 0, names = [], people = false } = {}) {
  const last = points?.at(-1);
  if (!last || !points) return null;
  const mine = last.chances[side];
  const text = people
    ? `Chances: ${last.chances.map((p, s) => `${names[s] ?? `Side ${s + 1}`} ${pct(p)}`).join(', ')}`
    : `Your chances: ${pct(mine)}`;
  return { text, percent: percent(mine), deal: last.stage === 'deal', at: points.length - 1 };
}

/**
 * Whether the live region says the meter's new figure: at each new hand,
 * and between hands only when the figure has moved by `jump` points or
 * more since it was last said, so a screen reader hears it a few times a
 * hand, not after every run of the play. The point last said, shown again
 * (the meter is shown after every card laid, and a hand's deal stays the
 * last point until its first run ends), is not said again.
 * @param {{ percent: number, at: number } | null} said  The line last said (null: none yet).
 * @param {{ percent: number, deal: boolean, at: number }} line
 * @param {number} [jump]
 */
export function shouldSay(said, line, jump = 10) {
  if (said === null) return true;
  if (said.at === line.at && said.percent === line.percent) return false;
  return line.deal || Math.abs(line.percent - said.percent) >= jump;
}

/**
 * Each game's points, in order (a best of three holds up to three games).
 * @param {ChancePoint[]} points
 * @returns {ChancePoint[][]}
 */
export function byGame(points) {
  /** @type {Map<number, ChancePoint[]>} */
  const games = new Map();
  for (const point of points) {
    if (!games.has(point.game)) games.set(point.game, []);
    games.get(point.game)?.push(point);
  }
  return [...games.values()];
}

/**
 * How a side is named: "You"/"your" for the player, else the name.
 * @param {number} side
 * @param {string[]} names
 * @param {number} me
 */
const who = (side, names, me) => (side === me ? 'you' : (names[side] ?? `side ${side + 1}`));
/** @param {number} side @param {string[]} names @param {number} me */
const whose = (side, names, me) => (side === me ? 'your' : `${names[side] ?? `side ${side + 1}`}’s`);
/** @param {string} text */
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What happened between two points, in a player's words: "Ada’s crib 16",
 * "your hand 12", "the play: you 5, Ada 2", "Ada pegged out". The engine
 * names what was pegged (`after`) and who dealt; the points are the scores'
 * difference.
 * @param {ChancePoint} before
 * @param {ChancePoint} now
 * @param {{ names?: string[], side?: number }} [how]
 * @returns {string}
 */
export function whatHappened(before, now, { names = [], side: me = 0 } = {}) {
  const gained = now.scores.map((n, s) => n - (before.scores[s] ?? 0));
  const over = now.chances.some((p) => p === 1);
  const winner = now.chances.findIndex((p) => p === 1);
  // Who counts first, as the engine names it.
  const pone = now.pone;
  // The count's owner, and any points another side took in it (a muggins call).
  const counted = (owner, label) => {
    const took = gained.flatMap((n, s) => (s !== owner && n > 0 ? [`${who(s, names, me)} ${n}`] : []));
    return `${label} ${gained[owner]}${took.length ? `, ${took.join(', ')} by muggins` : ''}`;
  };
  switch (now.after) {
    case 'his_heels':
      return over ? `${capital(who(winner, names, me))} went out with his heels` : 'His heels';
    case 'play': {
      if (over) return `${capital(who(winner, names, me))} pegged out`;
      const scored = gained.map((n, s) => (n > 0 ? `${who(s, names, me)} ${n}` : null)).filter(Boolean);
      const pegged = scored.length ? scored.join(', ') : 'nothing pegged';
      // The play's end (the engine's stage: the pone's count next): near the end of a game who counts first decides it.
      if (now.stage === 'pone_count') return `The play ends (${pegged}); ${who(pone, names, me)} ${pone === me ? 'count' : 'counts'} first`;
      return `The play: ${pegged}`;
    }
    case 'pone_hand':
      return over ? `${capital(who(pone, names, me))} counted out (hand ${gained[pone]})` : capital(counted(pone, `${whose(pone, names, me)} hand`));
    case 'dealer_hand':
      return over ? `${capital(who(now.dealer, names, me))} counted out (hand ${gained[now.dealer]})` : capital(counted(now.dealer, `${whose(now.dealer, names, me)} hand`));
    case 'crib': {
      // The crib counted is the last hand's: its dealer is the point before's.
      const dealer = over ? now.dealer : before.dealer;
      return over ? `${capital(who(dealer, names, me))} counted out (crib ${gained[dealer]})` : capital(counted(dealer, `${whose(dealer, names, me)} crib`));
    }
    default:
      return 'The deal';
  }
}

/**
 * The hand in which what happened between two points happened: the
 * point's own, but for a crib, counted at the end of the hand before the
 * deal it is the point of (the engine's point after a crib is the next
 * hand's deal, numbered as that hand; its crib was the hand before's, as
 * its dealer is: "Hand 2, your crib 12" was said of the first hand's crib,
 * in a second hand whose crib was Ada's).
 * @param {ChancePoint} before
 * @param {ChancePoint} now
 * @returns {number}
 */
export function handOf(before, now) {
  return now.after === 'crib' ? before.hand : now.hand;
}

/**
 * A swing of the chances: where it came, what caused it, and the figure
 * before and after (the player's side's).
 * @typedef {{ at: number, game: number, hand: number, label: string, from: number, to: number, delta: number }} Swing
 */

/**
 * The largest changes of the player's chances in one game, largest first:
 * at most `count`, and none under `least` (a game of small steps has no
 * swing to mark).
 * @param {ChancePoint[]} points  One game's points.
 * @param {{ names?: string[], side?: number, count?: number, least?: number }} [how]
 * @returns {Swing[]}
 */
export function swings(points, { names = [], side = 0, count = 3, least = 0.05 } = {}) {
  /** @type {Swing[]} */
  const all = [];
  for (let i = 1; i < points.length; i++) {
    const delta = points[i].chances[side] - points[i - 1].chances[side];
    if (Math.abs(delta) < least) continue;
    all.push({
      at: i,
      game: points[i].game,
      hand: handOf(points[i - 1], points[i]),
      label: whatHappened(points[i - 1], points[i], { names, side }),
      from: points[i - 1].chances[side],
      to: points[i].chances[side],
      delta,
    });
  }
  return all.sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.at - b.at).slice(0, count);
}

/**
 * A swing in one line: "Hand 7, Ada’s crib 16: your chances 55% → 31%".
 * @param {Swing} s
 * @param {{ people?: boolean, names?: string[], side?: number }} [how]
 */
export function swingLine(s, { people = false, names = [], side = 0 } = {}) {
  const whoseChances = people ? `${names[side] ?? 'Side 1'}’s chances` : 'your chances';
  // Mid-sentence, the page's own first word in lower case; a player's name as it is ("ada pegged out" was said).
  return `Hand ${s.hand}, ${s.label.replace(/^(You|Your|The|His)\b/, (word) => word.toLowerCase())}: ${whoseChances} ${pct(s.from)} → ${pct(s.to)}`;
}

/**
 * The chart's geometry in a `width`×`height` box: the line of the side's
 * chances through the game, where each hand starts, the 50% line, and the
 * swings' marks (numbered as `swings` lists them). The line starts right of
 * a `gutter` that holds the axis's labels (`left`: where the plot begins):
 * every game starts near 50%, and a line drawn from the box's edge ran
 * through the "50%" written there.
 * @param {ChancePoint[]} points  One game's points.
 * @param {Swing[]} marked
 * @param {{ width?: number, height?: number, side?: number, pad?: number, gutter?: number }} [box]
 */
export function chartGeometry(points, marked, { width = 320, height = 160, side = 0, pad = 8, gutter = 42 } = {}) {
  const n = Math.max(1, points.length - 1);
  const x = (i) => Math.round((gutter + (i * (width - gutter - pad)) / n) * 10) / 10;
  const y = (p) => Math.round((pad + (1 - p) * (height - 2 * pad)) * 10) / 10;
  const line = points.map((pt, i) => `${i ? 'L' : 'M'}${x(i)} ${y(pt.chances[side])}`).join(' ');
  const hands = points.flatMap((pt, i) => (pt.stage === 'deal' && pt.after !== 'start' ? [{ x: x(i), hand: pt.hand }] : []));
  const marks = marked.map((s, k) => ({ n: k + 1, x: x(s.at), y: y(s.to), up: s.delta > 0 }));
  return { width, height, left: gutter, line, half: y(0.5), top: y(1), bottom: y(0), hands, marks };
}

// --- The coach -----------------------------------------------------------------------------

/**
 * The coach's words where the chances change the advice: the choice with
 * the most points on average is not the one that wins most often. Null
 * when they agree or the level gave no chances.
 * "Keeping 5♥ 5♣ J♦ Q♠ gives up 0.4 points on average, but you need 9 to
 * go out: your chances go from 47% to 51%."
 * @param {{ kind: string, to_go?: number, options: any[] }} analysis  The engine coach's.
 * @returns {string | null}
 */
export function chanceAdvice(analysis) {
  if (analysis.kind !== 'discard' && analysis.kind !== 'play') return null;
  const options = analysis.options ?? [];
  const best = options[0];
  if (!best || best.win_prob === null || best.win_prob === undefined) return null;
  const worth = (o) => (analysis.kind === 'discard' ? o.total : o.value);
  const most = options.reduce((a, o) => (worth(o) > worth(a) ? o : a), best);
  if (most === best || most.win_prob === null || most.win_prob === undefined) return null;
  const given = worth(most) - worth(best);
  if (given < 0.05 || percent(best.win_prob) === percent(most.win_prob)) return null;
  const choice = analysis.kind === 'discard' ? `Keeping ${best.keep.map(cardSymbol).join(' ')}` : `Playing the ${cardSymbol(best.card)}`;
  const over = analysis.kind === 'discard' ? 'on average' : 'over the play';
  const need = analysis.to_go ? `, but you need ${analysis.to_go} to go out` : ', but the board asks for it';
  return `${choice} gives up ${fmt(given)} ${given === 1 ? 'point' : 'points'} ${over}${need}: your chances go from ${pct(most.win_prob)} to ${pct(best.win_prob)}.`;
}

// --- The review ----------------------------------------------------------------------------

/**
 * Whether a reviewed decision could have been better: by half a percent of
 * the chances to win or more where the engine priced it so, else by more
 * than 0.05 of a point (0.1 as it reads). One measure for the list of
 * costly decisions and for the words of one opened (a play that cost 4.8%
 * of the chances, listed, said "As good as the coach’s choice": its loss,
 * a share of one, was read as points).
 * @param {any} d  A reviewed decision.
 */
export function couldBeBetter(d) {
  return d.chances ? d.chances.lost >= 0.005 : d.loss > 0.05;
}

/**
 * The decisions worth showing, costliest first: by the chances they cost
 * where the engine priced them so (half a percent or more), then by
 * points (a tenth of a point or more, as it reads).
 * @param {any[]} decisions  The engine review's, of one seat.
 * @returns {any[]}
 */
export function rankByChances(decisions) {
  const lost = (d) => d.chances?.lost ?? 0;
  return decisions.filter(couldBeBetter).sort((a, b) => lost(b) - lost(a) || b.loss - a.loss || a.index - b.index);
}

/**
 * A share of the chances to win as a player reads it: "40%", "0.9%".
 * @param {number} lost  A fraction of one.
 */
export function chanceShare(lost) {
  const tenths = Math.round(lost * 1000) / 10;
  return tenths >= 1 ? `${Math.round(tenths)}%` : `${tenths.toFixed(1)}%`;
}

/**
 * What a decision cost: "4% to win (0.8 points)", "1.2% to win (yours 0.4
 * points more)" where the better choice gave up points, or "1.5 points".
 * @param {any} d
 */
export function costWords(d) {
  const options = d.options ?? [];
  const chosen = options.find((o) => o.action?.action === d.chosen?.action);
  const points = chosen && options[0] ? options[0].points - chosen.points : null;
  if (d.chances) {
    const share = chanceShare(d.chances.lost);
    if (points !== null && points >= 0.05) return `${share} to win (${fmt(points)} points)`;
    // Yours had more points on average, and fewer chances: the board asked for the other.
    if (points !== null && points <= -0.05) return `${share} to win (yours ${fmt(-points)} points more)`;
    return `${share} to win`;
  }
  return `${fmt(d.loss)} ${d.loss === 1 ? 'point' : 'points'}`;
}

/**
 * Why the better choice was better, in words, from the engine's prices:
 * what differs most between the two (the hand kept, the crib, the pegging,
 * the points a card scores at once or over the play), and, where the
 * better one gave points up, the need to go out that made it better.
 * Whose side decided, the sides against it and whose crib it was are the
 * engine's (the decision's `side`, `opponents` and `crib_side`), at any table.
 * @param {any} d  A reviewed decision (its `options`, `chances`, `to_go`, `side`, `opponents`, `crib_side`).
 * @param {{ names?: string[], avoid?: boolean }} [how]  Each side's name; `avoid`: reverse cribbage,
 *   where points are what a player avoids, so only the total is told.
 * @returns {string | null}
 */
export function reviewWhy(d, { names = [], avoid = false } = {}) {
  const options = d.options ?? [];
  const best = options[0];
  const mine = options.find((o) => o.action?.action === d.chosen?.action);
  if (!best || !mine || best === mine) return null;
  const side = d.side;
  /** @type {number[]} */
  const opponents = d.opponents ?? [];
  const nameOf = (s) => names[s] ?? `side ${s + 1}`;
  // The other player, or players: those the play's net points are against.
  const other = opponents.length ? opponents.map(nameOf).join(' and ') : 'the other player';
  /** @type {{ size: number, say: string }[]} */
  const reasons = [];
  if (avoid) {
    // Reverse cribbage: the parts read the other way round; the total (signed for the player) says it.
  } else if (best.hand !== null && best.hand !== undefined && mine.hand !== null && mine.hand !== undefined) {
    const hand = best.hand - mine.hand;
    const crib = best.crib - mine.crib;
    const peg = (best.pegging ?? 0) - (mine.pegging ?? 0);
    // The crib is signed for the player: in theirs, more for them is less for you.
    const theirs = best.crib < 0 || mine.crib < 0;
    const cribOwner = nameOf(d.crib_side);
    if (Math.abs(hand) >= 0.05) reasons.push({ size: hand, say: hand > 0 ? `the hand it keeps is worth ${fmt(hand)} more on average` : `though the hand it keeps is worth ${fmt(-hand)} less` });
    if (Math.abs(crib) >= 0.05) {
      reasons.push({
        size: crib,
        say: crib > 0 ? (theirs ? `it gives ${cribOwner}’s crib ${fmt(crib)} less` : `it puts ${fmt(crib)} more in your crib`) : theirs ? `though it gives ${cribOwner}’s crib ${fmt(-crib)} more` : `though it puts ${fmt(-crib)} less in your crib`,
      });
    }
    if (Math.abs(peg) >= 0.05) reasons.push({ size: peg, say: peg > 0 ? `it pegs ${fmt(peg)} better in the play` : `though it pegs ${fmt(-peg)} worse in the play` });
  } else if (best.now !== null && best.now !== undefined && mine.now !== null && mine.now !== undefined) {
    const now = best.now - mine.now;
    const later = best.points - best.now - (mine.points - mine.now);
    if (now !== 0) reasons.push({ size: now, say: now > 0 ? `it scores ${now} more as it is laid` : `though it scores ${-now} less as it is laid` });
    if (Math.abs(later) >= 0.05) reasons.push({ size: later, say: later > 0 ? `it leaves ${other} ${fmt(later)} less to peg (net) over the rest of the play` : `though it gives ${other} ${fmt(-later)} more to peg (net) over the rest of the play` });
    const toGo = d.to_go?.[side];
    // A card that pegs out wins the game there: nothing after it counts.
    if (toGo && best.now >= toGo) reasons.splice(0, reasons.length, { size: 99, say: `it pegs out: you needed ${toGo}` });
  }
  // The reason that counts most for the better choice first, then what it costs.
  const gains = reasons.filter((r) => r.size > 0).sort((a, b) => b.size - a.size);
  const costs = reasons.filter((r) => r.size < 0).sort((a, b) => a.size - b.size);
  const parts = [...gains.slice(0, 2), ...costs.slice(0, 1)].map((r) => r.say);
  const points = best.points - mine.points;
  let why = parts.length ? `${capital(parts.join(', '))}.` : '';
  if (d.chances && points < -0.05) {
    const needed = opponents.map((s) => `${nameOf(s)} ${d.to_go?.[s]}`).join(' and ');
    const needs = d.to_go?.length && opponents.length ? ` you needed ${d.to_go[side]} to go out and ${needed}` : ' the board asked for it';
    why += `${why ? ' ' : ''}It gives up ${fmt(-points)} points on average, but${needs}: the chances, not the points, decide.`;
  }
  if (d.chances) why += `${why ? ' ' : ''}Your chances: ${pct(d.chances.best)} with it, ${pct(d.chances.chosen)} with yours.`;
  else if (points > 0.05) why += `${why ? ' ' : ''}In all, ${fmt(points)} ${points === 1 ? 'point' : 'points'} better for you on average${avoid ? ' (fewer points for you, or more for the others)' : ''}.`;
  return why || null;
}

/**
 * Every option of a reviewed decision as table rows: the choice, its
 * points, its chance (where priced), and whether it was the best or the
 * player's.
 * @param {any} d
 * @param {(move: any) => string} what  An action in words.
 * @returns {{ head: string[], rows: { cells: string[], best: boolean, chosen: boolean }[] }}
 */
export function optionRows(d, what) {
  const options = d.options ?? [];
  const chances = options.some((o) => o.chance !== null && o.chance !== undefined);
  const parts = options.some((o) => o.hand !== null && o.hand !== undefined);
  const signed = (x) => (x > 0.05 ? `+${fmt(x)}` : x < -0.05 ? `−${fmt(-x)}` : fmt(0));
  const head = ['Choice', ...(parts ? ['Hand', 'Crib', 'Peg'] : ['Scores now']), 'Points', ...(chances ? ['Chances'] : [])];
  const rows = options.map((o, i) => ({
    cells: [
      what(o.action),
      ...(parts ? [fmt(o.hand ?? 0), signed(o.crib ?? 0), o.pegging === null || o.pegging === undefined ? '–' : signed(o.pegging)] : [String(o.now ?? '–')]),
      signed(o.points),
      ...(chances ? [o.chance === null || o.chance === undefined ? '–' : pct(o.chance)] : []),
    ],
    best: i === 0,
    chosen: o.action?.action === d.chosen?.action,
  }));
  return { head, rows };
}
