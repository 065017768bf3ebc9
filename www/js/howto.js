// "How to play": each built game's rules, as this app plays them, with the
// decisions the rules documents leave open (../shared/rules/README.md and
// docs/rules.md). Words only: the engine decides every score; this page
// tells the player what it will decide. Imported when first opened, so it
// costs a first visit nothing; the service worker precaches it with the
// rest, so it opens offline.

import { h } from './dom.js';
import { showDialog } from './dialogs.js';
import { gameInfo } from './games.js';

/**
 * A section: a heading and its items; an item is a paragraph, or a list
 * (an array of strings), or a table ({ caption, head, rows }).
 * @typedef {{ title: string, items: (string | string[] | { caption: string, head: string[], rows: string[][] })[] }} Section
 */

/** @type {Section[]} Standard cribbage, as played here. */
const CRIBBAGE = [
  {
    title: 'The aim',
    items: ['Be the first to peg 121 points (or 61, “once around”). The game ends the moment a side reaches the target — during the play, the show or on his heels — and nothing after it is counted.'],
  },
  {
    title: 'Cards',
    items: ['One pack of 52. Aces are low (A-K-Q is no run). Pips: ace 1, two to ten as marked, jack, queen and king 10. A pair needs two of one rank (a queen and a king are no pair).'],
  },
  {
    title: 'The deal',
    items: [
      'Each player cuts; the lowest card deals. Equal ranks tie, and so do any two ten-cards (10, J, Q, K): those tied for lowest cut again. Then the deal passes to the left. (The game cuts for everyone unless you tick “Cut the pack for the first deal yourself” for a new game: then you lift from 4 to 48 cards and the bottom one is yours.)',
      'Two players: six cards each, and each lays two away to the crib, which is the dealer’s.',
      'The player on the dealer’s left cuts and the dealer turns the starter. A jack is “two for his heels” to the dealer at once, and can win the game.',
    ],
  },
  {
    title: 'The play',
    items: [
      'From the dealer’s left, players lay cards in turn, calling the running count, which may never pass 31. The card just laid scores, within the current series:',
      ['the count reaches 15: 2', 'the count reaches 31: 2', 'a pair with the card before: 2; three of a rank in a row (pair royal): 6; four (double pair royal): 12', 'a run of three or more different ranks among the last cards laid, in any order: 1 a card'],
      'The go: a player who cannot lay a card without passing 31 says “go”; the others play on while they can. When nobody can, the last player to lay a card pegs one for last — or nothing more if the count is exactly 31, which has already scored 2. The count goes back to 0, and the player after the one who played last leads. A player out of cards is passed over.',
      'The last card of the whole play pegs one for last (two at 31, never both).',
    ],
  },
  {
    title: 'The show',
    items: [
      'The hands are counted from the dealer’s left round to the dealer, then the crib, each with the starter, and each pegged before the next is counted: in a close finish the player on the dealer’s left can win with the dealer’s cards uncounted.',
      ['every different set of cards totalling 15: 2', 'every pair: 2 (so three of a kind 6, four 12)', 'runs of three or more: the longest only, each different set of cards once (a double run of three is 2 × 3)', 'flush: four hand cards of one suit 4, 5 with the starter; the crib scores a flush only when all five are one suit', 'nobs: the jack of the starter’s suit in hand, 1 (“one for his nob”)'],
      'The most a hand can hold is 29; 19 is impossible, so players say “nineteen” for nothing.',
    ],
  },
  {
    title: 'Counting: automatic or muggins',
    items: [
      'Automatic (the default): the game counts every score.',
      'Muggins: you count your own hand and crib and claim the total. Nothing tells you whether a claim is right: the count is shown only once every call is made. An opponent — the first from the owner’s left, never a partner; with three players, then the other — may call “muggins” by naming the true count, or let the claim stand.',
      'Called with the true count, a short claim is pegged as made and the caller pegs the points missed; a claim over the cards pegs only the true count, and the caller pegs the excess. A call naming any other count fails, and the claim stands; so does a claim nobody calls, over or under. The play is always counted for you.',
    ],
  },
  {
    title: 'Skunks',
    items: ['At 121, a loser on 90 or less is skunked: the game counts two. On 60 or less, a double skunk: three. At 61, a loser on 30 or less is skunked (two); there is no double skunk. With three players the game is a skunk only if every loser is behind the line.'],
  },
  {
    title: 'The match',
    items: ['Best of three: the first to two games, a skunk counting two and a double skunk three (so a double skunk wins the match outright). Scores start again each game. Game 2: the player on the left of game 1’s first dealer deals first (with two players, the other player); game 3: a fresh cut. With three players, if each wins one, the match goes on until someone has two.'],
  },
  {
    title: 'Three and four players',
    items: [
      {
        caption: 'The tables',
        head: ['Rule', 'Three players', 'Four players'],
        rows: [
          ['Cards dealt', '5 each, and 1 straight to the crib', '5 each'],
          ['Laid away', '1 each', '1 each'],
          ['Sides', 'each for themselves', 'two partnerships, partners opposite, pegging together'],
          ['Usual game', '61 (121 offered)', '121 (61 offered)'],
        ],
      },
      'Play and the show pass to the left, starting on the dealer’s left. The go passes to the next player who can lay a card, and the point for last goes to the last player to lay one.',
    ],
  },
];

/** @type {Section[]} Reverse cribbage: only what differs. */
const REVERSE = [
  {
    title: 'The aim',
    items: ['Reverse (low-ball) cribbage is cribbage turned round: the side that reaches the target (121, or 61) **loses**, at that moment — during the play, the show or on his heels. Everything is dealt, played and counted as in standard cribbage, and every score is still pegged: points are what you avoid.'],
  },
  {
    title: 'Who wins',
    items: [['Two players: the other player.', 'Three players: of the other two, the one with fewer points; if they are level, the one later in the counting order of the hand in which the game ended.', 'Four players: the other partnership.']],
  },
  {
    title: 'Skunks',
    items: ['Judged on the winner: at 121, a winner on 90 or less when the loser goes out wins two games; on 60 or less, three. At 61, a winner on 30 or less wins two.'],
  },
  {
    title: 'Muggins',
    items: ['An under-count helps its maker here, so an opponent may call muggins (naming the true count) and the missed points are pegged to the player who under-counted. An over-claim only hurts its maker: called, the claimant pegs the true count and the caller nothing; uncalled, it stands.'],
  },
  {
    title: 'Everything else',
    items: ['The cut, the deal, the crib, his heels, the go, one for last, the show and its order, the three- and four-player tables and the best-of-three match are exactly those of standard cribbage: see “How to play Cribbage”. In the play and the laying away, think in reverse: a fifteen or a pair is two points you did not want, and a good crib to give is a rich one.'],
  },
];

const PAGES = { cribbage: CRIBBAGE, reverse: REVERSE };

/** "**word**" in the texts is said with emphasis. */
function rich(text) {
  return text.split(/\*\*(.+?)\*\*/).map((part, i) => (i % 2 ? h('strong', {}, part) : part));
}

function item(entry) {
  if (typeof entry === 'string') return h('p', {}, ...rich(entry));
  if (Array.isArray(entry)) return h('ul', { class: 'howto-list' }, ...entry.map((line) => h('li', {}, ...rich(line))));
  return h(
    'div',
    { class: 'coach-scroll', tabindex: 0, role: 'region', 'aria-label': entry.caption },
    h(
      'table',
      { class: 'coach-table howto-table' },
      h('caption', { class: 'visually-hidden' }, entry.caption),
      h('thead', {}, h('tr', {}, ...entry.head.map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...entry.rows.map(([head, ...cells]) => h('tr', {}, h('th', { scope: 'row' }, head), ...cells.map((c) => h('td', {}, c))))),
    ),
  );
}

/**
 * Shows one game's rules in a dialog. Resolves when it is closed.
 * @param {Element} host  Where the dialog goes (inside the app).
 * @param {string} id  A game id (an unknown one shows standard cribbage).
 * @param {{ onHowTo?: (game: string) => void }} [options]  Opens another game's page (reverse links to the standard rules).
 * @returns {Promise<string>}
 */
export function howToPlayDialog(host, id, { onHowTo } = {}) {
  const game = gameInfo(id);
  const body = PAGES[game.id].flatMap((section) => [h('h3', { class: 'dialog-subtitle' }, section.title), ...section.items.map(item)]);
  if (game.id !== 'cribbage') {
    const link = h('button', { type: 'button', class: 'button button--small', 'data-testid': 'howto-cribbage' }, 'How to play Cribbage');
    link.addEventListener('click', () => onHowTo?.('cribbage'));
    body.push(h('p', {}, link));
  }
  return showDialog(host, {
    title: `How to play ${game.name}`,
    className: 'dialog--howto',
    body: [h('div', { class: 'howto', 'data-testid': 'howto', 'data-game': game.id }, ...body)],
    buttons: [{ id: 'close', label: 'Close', primary: true }],
  });
}
