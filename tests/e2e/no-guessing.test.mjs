// @ts-check
// In Node, no browser: the page never guesses which game it shows. Every
// value the engine hands over names its game (`game`), and the registry
// (games.js) says the rest, so no file of www/js tests a game's id with a
// regex or works out a game from the shape of its data. A scan of the
// source for the forms those guesses took; each form is first shown to
// catch the guess it was written for, so the scan cannot pass by matching
// nothing.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { GAMES } from '../../www/js/games.js';

const DIR = new URL('../../www/js/', import.meta.url);

/** The ids of every game, as a regex alternation. */
const IDS = GAMES.map((g) => g.id.replace(/-/g, '\\-')).join('|');
const STEMS = `${IDS}|costly|square|table`;

/**
 * Each form a guess took, with a line it must catch (the guess as it was
 * written before the registry) and why it is a guess; `also`, more lines it
 * must catch; `passes`, lines it must not (what the page rightly does);
 * `except`, the modules where the form is no guess (the registry).
 * @type {{ why: string, form: RegExp, caught: string, also?: string[], passes?: string[], except?: string[] }[]}
 */
const GUESSES = [
  {
    why: 'a regex on a game id',
    form: new RegExp(`/[^/\\n]*\\b(${STEMS})\\b[^/\\n]*/[a-z]*\\.(test|exec)\\(`),
    caught: "const faceOf = (id) => (MODULE_OF[id] === 'cribbage' ? 'cribbage' : /^(noddy|costly)/.test(id) ? 'three-card' : 'layout');",
  },
  {
    why: 'a regex built from a game id',
    form: new RegExp(`new RegExp\\([^)]*\\b(${STEMS})\\b`),
    caught: "const three = new RegExp('^(noddy|costly)');",
  },
  {
    why: 'a game told by the size of its grid',
    form: /\.length\s*===?\s*(16|25)\b/,
    caught: "export const kindOf = (obs) => (obs.grid ? (obs.grid.length === 16 ? 'square' : 'table-top') : 'solitaire');",
  },
  {
    // A target is the rules' number: drawing or wording that follows it
    // works from it (how many holes, how they fold), never picks a game by it.
    why: 'a game told by its target',
    form: /\btarget\s*[!=]==?\s*\d|\d\s*[!=]==?\s*[a-z.]*\btarget\b/,
    caught: '  const street = target === 31 ? 15 : STREET;',
    passes: ['  const street = streetLength(target - 1);', '  if (obs.board.target === obs.scores[0].front) return;'],
  },
  {
    why: 'a game told by a field its first item has',
    form: /'[a-z_]+'\s+in\s+[a-z]+\.[a-z_]+\[0\]/i,
    caught: "const family = 'seat' in review.decisions[0];",
  },
  {
    why: 'a game told by the verb of its action text',
    form: /startsWith\('(play|discard|place|claim|lay|mog|pass)\b/,
    caught: "const placement = String(review.decisions[0].chosen).startsWith('place');",
  },
  {
    why: 'a value read in whichever form a game gives it',
    form: /typeof\s+(obs|ev|move|cell|line|d|review|analysis)(\.[a-z_]+)*\s*===?\s*'(string|number)'/,
    caught: "const cellIndex = (cell) => (typeof cell === 'number' ? cell : (cell[1] - 1) * 5 + (cell[3] - 1));",
  },
  {
    why: 'a game told by whether a field is a list',
    form: /Array\.isArray\((obs|ev|move|review|analysis)\./,
    caught: 'if (!Array.isArray(ev.hand)) {',
  },
  {
    why: 'a field taken from whichever of two a game has',
    form: /\b(obs|ev)\.[a-z_]+\s*\?\?\s*(obs|ev)\.[a-z_]+/,
    caught: 'const laid = obs.played ?? obs.pile;',
  },
  {
    why: 'a game told by whether a field is missing',
    form: /\.[a-z_]+\s*===?\s*undefined\s*\?\s*[a-z]+\.[a-z_]+\s*:|\b(best|analysis|review|obs|ev|d)(\.[a-z_]+|\.options\[0\])*\.(expected|row|cell|value|seat)\s*===?\s*undefined/,
    caught: 'const tt = best.expected === undefined;',
    // A solitaire's reviewed decisions once had no seat, Table Top's one.
    also: ['const decisions = review.decisions.filter((d) => d.seat === undefined || d.seat === seat);'],
  },
  {
    why: 'a cell read in whichever form a game gives it',
    form: /\.row\s*===?\s*undefined\s*\?/,
    caught: 'const at = (o) => (o.row === undefined ? o.cell : o.row * 5 + o.col);',
  },
  {
    why: 'a grid’s size told from the text of an action',
    form: /\/[^/\n]*c\\d[^/\n]*\/\.test\([^)]*action/,
    caught: "const size = /c\\d$/.test(analysis.options[0].action) ? 5 : 4;",
  },
  {
    why: 'a grid’s size worked out from how many cells it has',
    form: /Math\.sqrt\([^)]*\.length\)/,
    caught: 'const size = (p) => Math.round(Math.sqrt(p.grid.length));',
  },  {
    // A game's facts (its goal, its sides, how a decision is tabled) come
    // from the engine's data or the registry's fields, never from its name:
    // only the registry (games.js) lists the ids. A registry field that
    // happens to share a name with a game (`module`, `face`: 'cribbage') is
    // not a game's id, so it is not caught.
    why: 'a game’s id compared outside the registry',
    form: new RegExp(`(?<!\\.(module|face)\\s*)[!=]==\\s*'(${IDS})'|'(${IDS})'\\s*[!=]==`),
    caught: "const why = reviewWhy(d, { names: sideNames, side: d.seat, avoid: review.game === 'reverse' });",
    also: ["const solitaire = game === 'solitaire';", "export const sidesOf = (obs) => (kindOf(obs) === 'table-top' ? obs.sides : [0]);"],
    passes: ["if (game.module !== 'cribbage') return actionWords(move);", "const laid = (d) => d.kind === 'lay';"],
    except: ['games.js'],
  },
  {
    why: 'a game’s sides supplied by the page, not read from its observation',
    form: /sidesOf\s*=\s*\(\)\s*=>/,
    caught: 'export const sidesOf = () => [0, 1];',
    passes: ['export const sidesOf = (obs) => obs.sides;'],
  },
  {
    why: 'a rule (no skunk) added to the engine’s own event by the page',
    form: /\{\s*\.\.\.ev,\s*skunk:/,
    caught: "if (!voice.alone) return telling.describe({ ...ev, skunk: 'none' }, voice, next);",
    also: ["      ? [{ ...ev, skunk: 'none' }]", "        return { ...ev, skunk: 'none' };"],
  },
  {
    // Where a score stops is a rule (a race's front peg stops in the game
    // hole; a solitaire's points run on): the engine hands each side's score
    // as its board shows it (`shown`), so the page never stops one itself.
    why: 'a score stopped at the target by the page',
    form: /Math\.min\([^;]*\btarget\b/,
    caught: '    score: Math.min(d.scores[obs.sides[i]]?.front ?? 0, obs.board.target),',
    also: [
      'export const outcome = (obs) => ({ scores: obs.scores.map((p) => Math.min(p.front, obs.board.target)), winner: obs.winner ?? null, win: obs.board.target });',
      '  const scores = obs.scores.map((p) => (obs.board.runs_on ? p.front : Math.min(p.front, obs.board.target)));',
      '    return cfg.runsOn ? score : Math.min(score, cfg.target);',
      '        return `${name} pegged ${c.to - c.from}, ${c.from} to ${Math.min(c.to, cfg.target)}`;',
      '  const shown = entry.scores.map((n) => (entry.target ? Math.min(n, entry.target) : n));',
      '  return target ? Math.min(score, target) : score;',
    ],
    passes: ['    best = Math.min(best, (performance.now() - start) / 1000);', '      const taps = Math.min(Math.max(detail.points ?? 1, 1), 4);', '    score: d.scores[obs.sides[i]]?.shown ?? 0,'],
  },
  {
    // Who the other side is comes from the engine's `sides`, not from
    // knowing that two play.
    why: 'the other seat worked out as the other of two',
    form: /===\s*0\s*\?\s*1\s*:\s*0\b/,
    caught: '  const other = (seat) => (seat === 0 ? 1 : 0);',
    passes: ['    const them = s.seats[obs.sides.findIndex((side) => side !== obs.sides[s.viewer])]?.name ?? \'\';'],
  },
  {
    // The same guess as one minus a seat or a side: the engine names the
    // other (a chance point's `pone`, a reviewed decision's `opponents` and
    // `crib_side`, the draw for partners' `low`). A lane counted back from
    // the last of the tracks drawn (`n - 1 - side`) is the board's geometry.
    why: 'the other seat or side worked out as one minus this one',
    form: /(?<!-\s*)\b1\s*-\s*(?:[a-z_]+\.)*(side|seat|owner|high|low|dealer|pone|me|mine|viewer|winner|player)\b/,
    caught: '  const pone = 1 - now.dealer;',
    also: [
      "  const other = names[1 - side] ?? 'the other player';",
      "    const needs = d.to_go?.length ? ` you needed ${d.to_go[side]} to go out and ${other} ${d.to_go[1 - side]}` : ' the board asked for it';",
      "      return { text: `${cuts}. ${capital(name(high))}, the two highest, against ${name(1 - high)}; ${voice.isYou(dealer) ? 'you deal' : `${voice.name(dealer)} deals`}.` };",
      '    const other = gained[1 - owner] > 0 ? `, ${who(1 - owner, names, me)} ${gained[1 - owner]} by muggins` : \'\';',
    ],
    passes: [
      '  const order = (k, side) => (k % 2 === 0 ? side : n - 1 - side);',
      '  const y = (p) => Math.round((pad + (1 - p) * (height - 2 * pad)) * 10) / 10;',
      '          setPeg(m.peg, at.x, at.y, 0, back ? (p - 0.5) * 2 : 1 - p * 2);',
      '  const pone = now.pone;',
    ],
  },
  {
    // How many games win a match is the rules' (the engine's board's
    // `games_to_win`), not a number the page supplies for a format.
    why: 'a count of two supplied by the page',
    form: /\?\s*2\s*:/,
    caught: '        gamesToWin: view.match ? 2 : 0,',
    passes: ['        gamesToWin: view.gamesToWin ?? 0,'],
  },
  {
    why: 'the table taken to seat two, or the other side read at index 1',
    form: /\b(players|sides|seats|names|scores|shown)(\.length)?\s*[!=]==?\s*2\b|\b(names|sides|scores|shown|to_go|gained|chances|seats|games_won)\[1\]/,
    caught: 'const two = obs.sides.length === 2;',
    also: ['  const them = names[1];', '  if (setup.players !== 2) return null;'],
    passes: ['    const best = analysis.options[0];', '      const other = analysis.options[1];', '  if (card?.length !== 2 || rankIndex < 0 || !SUITS.includes(suit)) {'],
  },
  {
    // Partners are the engine's `sides`, not a seat's parity; a street's
    // parity (which way it runs) is the board's geometry.
    why: 'partners worked out from a seat’s parity',
    form: /\b(seat|side|dealer|player|viewer|holder)s?(\.[a-z_]+)?\s*%\s*2\b/,
    caught: 'const sideOf = (seat) => seat % 2;',
    passes: ['  const order = (k, side) => (k % 2 === 0 ? side : n - 1 - side);', "  return text.split(/\\*\\*(.+?)\\*\\*/).map((part, i) => (i % 2 ? h('strong', {}, part) : part));"],
  },
  {
    // A solitaire's count gives the score as its board shows it (`shown`),
    // as every game's pegging does: the page never makes it from the points.
    why: 'a score the board shows made up from the points counted',
    form: /\bshown:\s*(?:[a-z_]+\.)*(running|front|score|points)\b/,
    caught: '    d.scores = [{ front: running, rear: d.rear, shown: running }];',
    passes: ['      d.scores = d.scores.map((p, side) => (side === ev.side ? { front: ev.front, rear: ev.rear, shown: ev.shown } : p));', '    d.scores = [{ front: ev.running, rear: d.rear, shown: ev.shown }];'],
  },
  {
    // A seat's score is its side's, as the engine's `sides` name it: in a
    // partnership two seats share one, so a seat's number is not its side.
    why: 'a side’s score read by a seat’s number',
    form: /\b(scores|shown|games_won|to_go)\[(i|seat|s\.viewer|viewer|ev\.seat|obs\.seat)\]/,
    caught: '    score: d.scores[i]?.shown ?? 0,',
    passes: ['    score: d.scores[sides[i]]?.shown ?? 0,', '    score: d.scores[obs.sides[i]]?.shown ?? 0,'],
  },
  {
    // Where a card lies is the engine's (`cell`, the centre's too), not a
    // cell the page knows by its number.
    why: 'a grid’s cell known by its number',
    form: /\(_, i\) => \(i === \d+\b/,
    caught: '      d.grid = d.grid.map((_, i) => (i === 12 ? ev.card : null));',
    passes: ['      d.grid = d.grid.map((_, i) => (i === ev.cell ? ev.card : null));'],
  },
  {
    // A match is the engine's board's `games_to_win` (more than one), not
    // the name of the set-up's format.
    why: 'a match told by its format’s name',
    form: /\b(obs\.rules|setup|setup\(\)\??|rules)\.match\s*[!=]==?\s*'best_of_three'/,
    caught: "    match: setup.match === 'best_of_three',",
    also: ["  if (obs.rules.match !== 'best_of_three') return '';", "  const match = obs.rules.match === 'best_of_three';", "      const inMatch = play.setup()?.match === 'best_of_three';"],
    passes: ["  if (s.match === 'single' || s.match === 'best_of_three') setup.match = s.match;", '  return (obs.board?.games_to_win ?? 1) > 1;'],
  },
  {
    // How many sides there are, and what follows from it, is the engine's
    // (the observation's `sides`, a result's `by_fewest`), not a list's length.
    why: 'the table’s size guessed from a list’s length',
    form: /\b(scores|shown|games_won|to_go)\.length\s*(>|>=)\s*[23]\b/,
    caught: "  const fewest = result.scores.length > 2 ? ' with the fewest points' : '';",
    also: ['  const three = obs.shown.length >= 3;'],
    passes: ["  const fewest = result.by_fewest === true ? ' with the fewest points' : '';"],
  },
  {
    // Whether a game is played alone is the registry's (`options.solo`),
    // not a count of the seats at the table: only the registry, which says
    // it, works it out from a game's players.
    why: 'a solitaire told by how few sit at the table',
    form: /\b(seats|sides|players|names|scores|shown|hands)(\.length)?\s*(<=?\s*[12]|===?\s*1|>=?\s*1)\b/,
    caught: "    if (s.seats.length < 2) deps.emit('deal', { game: setup.game, seed });",
    also: ['  return { ...setup, ...(fixed.players < 2 && { mode: \'computer\', level: \'solo\' }) };', '  const alone = obs.sides.length === 1;', '  const solo = setup.players <= 1;'],
    passes: ["    if (gameInfo(setup.game).options.solo) deps.emit('deal', { game: setup.game, seed });", "  if (!Array.isArray(cfg.sides) || !cfg.sides.length || cfg.sides.length > 3) {"],
    except: ['games.js'],
  },
  {
    // Which hand (or deal) it is is the engine's number, carried by each
    // deal event (`hand`, Cribbage Solitaire's `number`) and each
    // observation: the page reads it, never counts the deals it was told.
    why: 'a deal’s number counted from the events',
    form: /type\s*===\s*'deal'\)\.length\b/,
    caught: "  const deals = told.slice(told.findLastIndex((ev) => ev.type === 'new_game') + 1).filter((ev) => ev.type === 'deal').length;",
    passes: ["  const dealt = told.slice(told.findLastIndex((ev) => ev.type === 'new_game') + 1).findLast((ev) => ev.type === 'deal');"],
  },
];

describe('the page never guesses which game it shows', () => {
  it('each form of a guess catches the guess it was written for', () => {
    for (const { why, form, caught, also = [], passes = [] } of GUESSES) {
      for (const line of [caught, ...also]) assert.match(line, form, why);
      for (const line of passes) assert.doesNotMatch(line, form, why);
    }
  });

  it('no module of www/js tests a game id with a regex or sniffs the data’s shape', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.js'));
    // The scan reads the page's modules, the faces among them.
    assert.ok(files.length >= 30, `${files.length} modules`);
    for (const face of ['play.js', 'cribbage-face.js', 'layout.js', 'three-card.js', 'view.js', 'advice.js', 'games.js', 'engine.js']) assert.ok(files.includes(face), face);
    const found = [];
    for (const file of files) {
      const lines = readFileSync(new URL(file, DIR), 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const { why, form, except = [] } of GUESSES) if (!except.includes(file) && form.test(line)) found.push(`${file}:${i + 1}: ${why}: ${line.trim()}`);
      });
    }
    assert.deepEqual(found, []);
  });
});
