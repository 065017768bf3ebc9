// @ts-check
// "How to play": each built game's rules, as this app plays them, with the
// decisions the rules documents leave open (../shared/rules/README.md and
// docs/rules.md). Words only: the engine decides every score; this page
// tells the player what it will decide. Imported when first opened, so it
// costs a first visit nothing; the service worker precaches it with the
// rest, so it opens offline.

import { h } from './dom.js';
import { showDialog } from './dialogs.js';
import { DEFAULT_GAME, gameInfo } from './games.js';

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
      'Muggins: you count your own hand and crib and claim the total. Nothing tells you whether a claim is right: the count is shown only once every call is made. An opponent — the first from the owner’s left, never a partner; with three players, then the other; with four, then the other member of the opposing partnership — may call “muggins” by naming the true count, or let the claim stand.',
      'Called with the true count, a short claim is pegged as made and the caller pegs the points missed; a claim over the cards pegs only the true count, and the caller pegs the excess. A call naming any other count fails: the next opponent may still call, and when none is left the claim stands; so does a claim nobody calls, over or under. The play is always counted for you.',
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

/** @type {Section[]} Noddy, cribbage's ancestor, as played here (docs/rules.md, "Noddy"). */
const NODDY = [
  {
    title: 'The aim',
    items: ['Noddy is the game cribbage grew from: two players, three cards each, and the first to peg **31** wins, at that moment — on the turn-up, in the announcements or in the play. The board has 30 holes a player and the game hole.'],
  },
  {
    title: 'The deal',
    items: [
      'Each player cuts; the lowest card deals, and the deal then alternates. Three cards each, and the next card is turned up.',
      'A jack turned up gives **two to the dealer’s opponent** at once (it is never knave noddy).',
    ],
  },
  {
    title: 'The announcements',
    items: [
      'Before the play each player announces what their three cards make with the turn-up, the dealer’s opponent first, and pegs it: “fifteen two, and a pair is four”. The hand is not shown: you hear the words and the total, and the cards come out in the play. The game counts each hand for its player, phrase by phrase.',
      {
        caption: 'What a hand counts (with the turn-up)',
        head: ['Combination', 'Points'],
        rows: [
          ['Knave noddy: the jack of the turn-up’s suit, held', '1'],
          ['Fifteen: cards totalling 15', '2'],
          ['Twenty-five: three or more cards totalling 25', '1 a card'],
          ['A hitter: four cards totalling 31', '1 a card'],
          ['A pair / a prial (three) / a double prial (four)', '2 / 6 / 12'],
          ['A run of three / of four', '2 / 4'],
          ['A flush: three or more of one suit (the largest only)', '1 a card'],
        ],
      },
      'Every different set of cards counts once for each combination it makes: 5-6-6-7 is two runs of three and a pair.',
    ],
  },
  {
    title: 'The play',
    items: [
      'One series, never begun again: the dealer’s opponent leads, and the players lay cards in turn, calling the count, which may not pass 31. A player holding cards none of which fits says “go”; the other plays on while able.',
      'The card just laid scores what it makes with the cards before it: the count at 15 (2), at 25 (1 a card laid) or at 31 (a hitter, 1 a card laid), a pair, prial or double prial (2, 6, 12), a run in any order (three 2, four 4, five or more 1 a card), and a flush of three or more laid in a row (1 a card). All of them add up.',
      'When neither can lay a card the hand is over: the last card laid pegs **one for go**, unless it made 31, whose hitter scored instead. Cards still held are thrown in unseen: there is no show.',
    ],
  },
];

/** @type {Section[]} Costly Colours, as played here (docs/rules.md, "Costly Colours"). */
const COSTLY = [
  {
    title: 'The aim',
    items: ['Costly Colours is an old two-handed game of three cards each, played to **121** on the cribbage board. Its fine points: the mog, an ace worth 1 or 11, prials worth 9, and the colours of the hand.'],
  },
  {
    title: 'The deal',
    items: [
      'Each player cuts; the lowest card deals, and the deal then alternates. Three cards each, and the next card is turned up.',
      'A jack or a two turned up gives **the dealer four** at once.',
    ],
  },
  {
    title: 'The mog',
    items: [
      'Before anything is counted, each player says whether they will mog, the dealer’s opponent first. If both agree, each passes one card face down to the other; neither sees what comes back until both have passed.',
      'Refusing gives the other player a point (both refusing: a point each). Passing a jack or a two pegs its passer 4 if it is of the turn-up’s suit, else 2; its receiver does not score it as a jack or two, though it counts in everything else.',
    ],
  },
  {
    title: 'The play',
    items: [
      'As in cribbage: the dealer’s opponent leads, the count never passes 31, a player who cannot lay a card says “go”, and the last card before the count goes back to 0 pegs one for last (unless it made 31). An ace is laid as 1 or as 11: the game asks which only when both fit.',
      'The card just laid scores what it makes with the cards before it in the series: the count at 15, 25 or 31 (1 a card laid), a pair, prial or double prial (2, 9, 18), and a sequence of three or more in any order (1 a card).',
    ],
  },
  {
    title: 'The show',
    items: [
      'The dealer’s opponent, then the dealer, counts their three cards with the turn-up. Each ace may be 1 or 11; a set of cards that could make more than one of 15, 25 and 31 scores the highest once; of the colours and suits only the best combination counts. Sequences score in the play only.',
      {
        caption: 'What a hand counts (three cards with the turn-up)',
        head: ['Combination', 'Points'],
        rows: [
          ['Fifteen, twenty-five or thirty-one', '1 a card'],
          ['A jack or two held, of the turn-up’s suit', '4'],
          ['Any other jack or two held', '2'],
          ['A pair / a prial / a double prial', '2 / 9 / 18'],
          ['Three of a suit', '3'],
          ['Three of a colour, not all one suit', '2'],
          ['Four of a colour, two of each suit', '4'],
          ['Four of a colour, three of one suit', '5'],
          ['Four of a suit: “costly colours”', '6'],
        ],
      },
    ],
  },
];

/** How a line or a hand is counted, shared by the solitaires (cribbage's own show). */
const HAND_COUNT = {
  caption: 'What a hand counts',
  head: ['Combination', 'Points'],
  rows: [
    ['Every different set of cards totalling 15', '2'],
    ['A pair / three of a kind / four of a kind', '2 / 6 / 12'],
    ['A run of three or more (the longest; a double run of three is 8 with its pair, a double run of four 10, a triple run 15, a quadruple run 16)', '1 a card'],
    ['Four of one suit in the hand / five with the starter', '4 / 5'],
    ['His nobs: the jack of the starter’s suit', '1'],
  ],
};

/** The daily deal, as both solitaires offer it (daily.js). */
const DAILY = {
  title: 'The daily deal',
  items: [
    'Tick “Today’s deal” in the new-game box to play the day’s cards: everyone who plays it on that calendar date (by their own device’s clock) gets the same deal. At the end, “Copy result” copies a short line to share — the game, the date, your score and each line’s points as marks — with no card in it to spoil the deal.',
    'Every deal has a number, its seed, shown in the page’s address (?game=…&seed=…): a link with it deals the same cards again, and “Replay this deal” plays it once more.',
  ],
};

/** @type {Section[]} Cribbage Square Solitaire, as played here (docs/rules.md). */
const SQUARE = [
  {
    title: 'The aim',
    items: ['A solitaire: place sixteen cards on a 4×4 grid so that its **four rows and four columns**, each counted as a cribbage hand with the starter, score **61 or more**.'],
  },
  {
    title: 'The play',
    items: [
      'Cards are turned one at a time from a shuffled pack. Each must be placed at once on **any empty cell** (no need to touch another card): tap the cell, drag the card onto it, or move with the arrow keys and press Enter or Space. Cells where the card may go are marked with a “+” and a dashed outline.',
      'The number at the end of each row and at the foot of each column is what that line scores so far, without the starter.',
      'When the grid is full the next card is turned as the **starter**. A jack is “two for his heels”, once for the deal.',
    ],
  },
  {
    title: 'The count',
    items: [
      'His heels first, then the rows from the top and the columns from the left, each with the starter, phrase by phrase with its cards lit:',
      HAND_COUNT,
      'A flush of four in a line scores 4, or 5 with the starter, never both. The best score and your average are kept in the statistics.',
    ],
  },
  {
    title: 'The coach',
    items: ['“Hint” stars the best cell with the score the grid is expected to reach with the card there; “All the choices” shows that figure for every cell. After the deal, “Review my play” lists each placement with the points it lost on average.'],
  },
  DAILY,
];

/** @type {Section[]} Cribbage Solitaire, as played here (docs/rules.md). */
const SOLITAIRE = [
  {
    title: 'The aim',
    items: ['A solitaire of six deals from one pack: score **81 or more** in all; **121 or more** is a double game.'],
  },
  {
    title: 'Each deal',
    items: [
      'Three cards to your hand, two face down to the crib, three more to your hand, and the next card of the stock is turned as the **starter** (a jack: two for his heels).',
      'Choose **two cards** of your six for the crib (tap them, or press 1 to 6) and lay them away (“Lay away”, or L).',
      'Your four cards are counted with the starter, then the crib with the starter — in the crib only a five-card flush counts. Both are then thrown out, and the starter goes to the **bottom of the stock**: starters come round again in later deals.',
      HAND_COUNT,
    ],
  },
  {
    title: 'The last four',
    items: ['After six deals four cards are left. They are counted as a hand with **no starter**: fifteens, pairs, runs, and four of a suit for 4.'],
  },
  {
    title: 'The coach',
    items: ['“Hint” lights the two cards to lay away, with what the hand keeps and what the crib is worth on average; “All the choices” shows all fifteen ways. “Review my play” lists each deal’s lay-away with the points it lost on average.'],
  },
  DAILY,
];

/** @type {Section[]} Table Top Cribbage, as played here (docs/rules.md, "Table Top Cribbage"). */
const TABLE_TOP = [
  {
    title: 'The aim',
    items: ['Two players, or four in two partnerships (partners opposite), build a 5×5 layout of cards together. One side scores the **five rows**, the other the **five columns**, each line counted as a cribbage hand. The first side to **121** at the end of a hand, ahead of the other, wins.'],
  },
  {
    title: 'The deal',
    items: [
      'Two players cut, the lower card deals, and the deal then alternates; with four, the highest card deals and the deal passes to the left.',
      'Each player gets a face-down stack — 12 cards each for two, 6 each for four — that nobody may look at, and the next card is turned face up as the **centre** of the layout. The rest of the pack stays out of play.',
      'The side that places first in the first hand (the dealer’s left) scores the rows for the whole game; the other side the columns.',
    ],
  },
  {
    title: 'The play',
    items: [
      'From the dealer’s left, in turn, each player turns the top card of their stack and places it on an empty cell **touching a card already placed** — beside it or diagonally — within the 5×5 grid. The cells where it may go are marked with a “+” and a dashed outline: tap one, drag the card onto it, or move with the arrow keys and press Enter or Space. Partners may talk it over; the player whose turn it is decides.',
      'The number at the end of each row and the foot of each column is what that line scores so far: your side’s lines in solid circles, the other side’s in dashed squares.',
    ],
  },
  {
    title: 'The count',
    items: [
      'When all 24 cards are placed, every line of five is counted like a cribbage hand with no starter, phrase by phrase, and both sides peg:',
      {
        caption: 'What a line counts',
        head: ['Combination', 'Points'],
        rows: [
          ['Every different set of cards totalling 15', '2'],
          ['A pair / three of a kind / four of a kind', '2 / 6 / 12'],
          ['A run of three or more (the longest, each different set of cards once)', '1 a card'],
          ['All five of one suit (four of a suit scores nothing)', '5'],
        ],
      },
      'No nobs and no heels. If both sides pass 121 in the same hand the higher total wins; level, another hand is played. There is no skunk.',
    ],
  },
];

/** Each how-to page, by the name the registry (games.js) gives a game's `howto`. */
export const PAGES = { cribbage: CRIBBAGE, reverse: REVERSE, noddy: NODDY, 'costly-colours': COSTLY, 'square-solitaire': SQUARE, solitaire: SOLITAIRE, 'table-top': TABLE_TOP };

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
  const body = PAGES[game.howto].flatMap((section) => [h('h3', { class: 'dialog-subtitle' }, section.title), ...section.items.map(item)]);
  // Every other game's page ends with the way to cribbage's, whose terms they use.
  if (game.id !== DEFAULT_GAME) {
    const base = gameInfo(DEFAULT_GAME);
    const link = h('button', { type: 'button', class: 'button button--small', 'data-testid': `howto-${base.id}` }, `How to play ${base.title}`);
    link.addEventListener('click', () => onHowTo?.(base.id));
    body.push(h('p', {}, link));
  }
  return showDialog(host, {
    title: `How to play ${game.title}`,
    className: 'dialog--howto',
    body: [h('div', { class: 'howto', 'data-testid': 'howto', 'data-game': game.id }, ...body)],
    buttons: [{ id: 'close', label: 'Close', primary: true }],
  });
}
