// @ts-check
// The app's dialogs: new game set-up, confirmations, statistics, settings,
// help and the post-game review. Each is a native <dialog> made on demand
// inside the app's root and removed when closed, so nothing outlives it.
// The app imports this module when it first shows a dialog: none is needed
// to deal and play a hand, so none is on the first visit's critical path.

import { h } from './dom.js';
import { later } from './later.js';
import { cardName, cardSymbol } from './cards.js';
import { CHOOSABLE_TARGETS, TARGET_NOTES, gameInfo, pickerChoices, setupFields } from './games.js';
import { gameSummary } from './stats-view.js';
import { dailySeed } from './daily.js';

let counter = 0;

/**
 * A form's controls by their names: the radios, selects, inputs and
 * checkboxes this module builds, each read by the name it gave it.
 * @param {HTMLFormElement} form
 * @returns {Record<string, any>}
 */
const controls = (form) => form.elements;

const uid = () => `d${(++counter).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Shows a modal dialog; resolves with the id of the button that closed it
 * (or 'cancel' for Escape).
 * @param {Element} host  Where the dialog element goes (inside the app).
 * @param {{ title: string, body: (Node|string)[], buttons: { id: string, label: string, primary?: boolean }[],
 *           className?: string, onOpen?: (dialog: HTMLDialogElement) => void,
 *           onSubmit?: (id: string, form: HTMLFormElement) => boolean, modal?: boolean }} spec
 *   `onSubmit` may return false to keep the dialog open. `modal` false: shown
 *   in the app's flow (css/dialogs.css), the page around it left alone and
 *   the focus where it is, for a notice in a game embedded in another's page.
 * @returns {Promise<string>}
 */
export function showDialog(host, spec) {
  const id = uid();
  const form = h(
    'form',
    { method: 'dialog', class: 'dialog-form', novalidate: true },
    h('h2', { class: 'dialog-title', id: `${id}-title` }, spec.title),
    h('div', { class: 'dialog-body' }, ...spec.body),
    h(
      'div',
      { class: 'dialog-buttons' },
      ...spec.buttons.map((b) =>
        h('button', { type: 'submit', value: b.id, class: `button${b.primary ? ' button--primary' : ''}`, 'data-testid': `dialog-${b.id}` }, b.label),
      ),
    ),
  );
  const dialog = h('dialog', { class: `dialog paper ${spec.className ?? ''}`.trim(), 'aria-labelledby': `${id}-title` }, form);
  host.append(dialog);
  return new Promise((resolve) => {
    form.addEventListener('submit', (event) => {
      const choice = /** @type {HTMLButtonElement | null} */ (event.submitter)?.value ?? 'cancel';
      if (spec.onSubmit && choice !== 'cancel' && spec.onSubmit(choice, form) === false) {
        event.preventDefault();
      }
    });
    dialog.addEventListener('close', () => {
      const value = dialog.returnValue || 'cancel';
      dialog.remove();
      resolve(value);
    });
    // Not show(): it would move the focus into the dialog, and so take it
    // (and scroll the page) from a host page the visitor is reading.
    if (spec.modal === false) dialog.setAttribute('open', '');
    else dialog.showModal();
    spec.onOpen?.(dialog);
  });
}

function radios(name, legend, options, value) {
  return h(
    'fieldset',
    { class: 'field field--radios' },
    h('legend', { class: 'field-label' }, legend),
    ...options.map(([v, label, note]) => {
      const id = uid();
      return h(
        'div',
        { class: 'radio' },
        h('input', { type: 'radio', name, value: v, id, checked: String(value) === String(v) }),
        h('label', { for: id }, label, note ? h('span', { class: 'radio-note' }, note) : null),
      );
    }),
  );
}

/**
 * A labelled select. Options given a note (`[value, text, note]`) have the
 * chosen one's note said under the select, and read with it, so the option's
 * own text stays short enough to show whole in a closed select on a phone.
 * @param {string} name
 * @param {string} label
 * @param {(string | number)[][]} options  `[value, text]` or `[value, text, note]`
 * @param {unknown} value
 */
function select(name, label, options, value) {
  const id = uid();
  const noted = options.some((option) => option[2]);
  const note = noted ? h('p', { class: 'field-note', id: `${id}-note`, 'data-testid': `${name}-note` }) : null;
  const field = /** @type {HTMLSelectElement} */ (
    h(
      'select',
      { name, id, class: 'select', 'aria-describedby': note ? `${id}-note` : null },
      ...options.map(([v, text]) => h('option', { value: v, selected: String(value) === String(v) }, String(text))),
    )
  );
  if (note) {
    const tell = () => (note.textContent = String(options.find(([v]) => String(v) === field.value)?.[2] ?? ''));
    field.addEventListener('change', tell);
    tell();
  }
  return h('div', { class: 'field' }, h('label', { class: 'field-label', for: id }, label), field, note);
}

export const LEVELS = [
  ['easy', 'Easy', 'a relaxed beginner'],
  ['medium', 'Medium', 'a steady club player'],
  ['hard', 'Hard', 'counts every card'],
  ['expert', 'Expert', 'plays to win'],
];

/** Each speed's name, and what it means, said under the select (a closed select on a phone shows 20 letters or so). */
export const SPEED_OPTIONS = [
  ['slow', 'Slow', 'About 3 s a computer card, time to follow every count.'],
  ['normal', 'Normal', 'About 1.5 s a computer card, a show read out in 6–10 s.'],
  ['fast', 'Fast', 'Under a second a card, a show in 3–5 s.'],
  ['instant', 'Instant', 'No pauses and no animation.'],
];

/**
 * The set-up the dialog starts from: the game on the table, however it came
 * (the last set-up chosen, a link, a shared daily deal), with its own
 * table's choices where the game has them, and the last choices made for
 * the rest.
 * @param {Record<string, any>} last  The set-up last chosen in this dialog.
 * @param {Record<string, any>|null} onTable  The set-up of the game on the table.
 * @returns {Record<string, any>}
 */
function startFrom(last, onTable) {
  if (!onTable) return last;
  const game = gameInfo(onTable.game);
  /** @type {Record<string, any>} */
  const from = { ...last, game: game.id };
  if (!game.options.solo) Object.assign(from, { mode: onTable.mode, players: onTable.players });
  if (!game.fixed) Object.assign(from, { target: onTable.target, counting: onTable.counting, match: onTable.match, cut: onTable.cut ?? 'drawn' });
  if (game.options.level && LEVELS.some(([level]) => level === onTable.level)) from.level = onTable.level;
  return from;
}

/**
 * The new-game set-up. Resolves with `{ setup, speed, seed }` or null.
 * @param {Element} host
 * @param {{ setup: Record<string, any>, onTable?: Record<string, any>|null, speed: string, onHowTo?: (game: string) => void }} current
 *   `setup`: the one last chosen; `onTable`: the game being played, which the
 *   dialog starts from; `onHowTo` opens the rules of the game chosen in the picker.
 */
export async function setupDialog(host, current) {
  const s = startFrom(current.setup, current.onTable ?? null);
  const howTo = h('button', { type: 'button', class: 'button button--small', 'data-testid': 'setup-howto' }, 'How to play');
  const who = s.mode === 'people' ? 'people' : { 2: 'one', 3: 'two', 4: 'partners' }[s.players];
  const nameInputs = [0, 1, 2, 3].map((i) => {
    const id = uid();
    return h(
      'div',
      { class: 'field field--name', 'data-index': i },
      h('label', { class: 'field-label', for: id }, `Player ${i + 1}`),
      h('input', { type: 'text', id, name: `name${i}`, class: 'text-input', maxlength: 16, autocomplete: 'off', value: s.names?.[i] ?? '', placeholder: `Player ${i + 1}` }),
    );
  });
  // Pass and play: how many share the device, and their names, right under
  // the choice that asks for them (never folded away).
  const people = h(
    'div',
    { class: 'people', 'data-testid': 'setup-people' },
    select('people', 'Players on this device', [[2, 'Two'], [3, 'Three'], [4, 'Four (partners)']], s.mode === 'people' ? s.players : 2),
    h('div', { class: 'names' }, ...nameInputs),
  );
  const seedId = uid();
  const cutId = uid();
  const fixedNote = h('p', { class: 'dialog-note', 'data-testid': 'setup-fixed', hidden: true });
  // A solitaire's daily deal: the same cards for everyone today (daily.js).
  const dailyId = uid();
  const daily = h(
    'div',
    { class: 'field field--check', hidden: true },
    h('input', { type: 'checkbox', name: 'daily', id: dailyId, 'data-testid': 'setup-daily' }),
    h('label', { for: dailyId }, `Today’s deal (${dailySeed().replace(/(\d{4})(\d\d)/, '$1-$2-')}): everyone who plays it today gets the same cards`),
  );
  const whoField = radios('who', 'Who plays', [
    ['one', 'You and one computer'],
    ['two', 'You and two computers', 'three-handed, each for themselves'],
    ['partners', 'Four players', 'you and a computer partner against two computers'],
    ['people', 'Pass and play', 'people sharing this device, each with their name'],
  ], who);
  // Each choice that applies to some games but not all, by the registry's name for it.
  const targetField = radios('target', 'Game to', CHOOSABLE_TARGETS.map((target) => [target, String(target), TARGET_NOTES[target]]), s.target);
  const matchField = radios('match', 'Format', [['single', 'One game'], ['best_of_three', 'Best of three']], s.match);
  const countingField = radios('counting', 'Counting the show', [['automatic', 'Automatic'], ['muggins', 'Muggins', 'you count and claim; a wrong claim can be called']], s.counting);
  const levelField = select('level', 'Computer level', LEVELS.map(([v, t, note]) => [v, `${t}: ${note}`]), s.level);
  const cutField = h(
    'div',
    { class: 'field field--check' },
    h('input', { type: 'checkbox', name: 'cut', id: cutId, checked: s.cut === 'by_hand' ? true : null }),
    h('label', { for: cutId }, 'Cut the pack for the first deal yourself'),
  );
  const tableRow = h('div', { class: 'field-row' }, targetField, matchField);
  const body = [
    h(
      'div',
      { class: 'field-row field-row--game' },
      radios('game', 'Game', pickerChoices(), gameInfo(s.game).id),
      h('div', { class: 'field-howto' }, howTo),
    ),
    // A game with one table says so in place of the options it has not.
    fixedNote,
    whoField,
    people,
    daily,
    tableRow,
    h('div', { class: 'field-row' }, countingField, h('div', { class: 'field-stack' }, levelField, select('speed', 'Speed', SPEED_OPTIONS, current.speed))),
    cutField,
    h(
      'details',
      { class: 'advanced' },
      h('summary', {}, 'Advanced'),
      h(
        'div',
        { class: 'field' },
        h('label', { class: 'field-label', for: seedId }, 'Seed (the same seed deals the same cards)'),
        h('input', { type: 'text', id: seedId, name: 'seed', class: 'text-input', inputmode: 'numeric', autocomplete: 'off', placeholder: 'random' }),
        h('p', { class: 'field-error', role: 'alert' }),
      ),
    ),
  ];
  let result = null;
  // Shows only what applies to the game chosen: its options come from the
  // games' registry (games.js), never from its name.
  /** @param {HTMLFormElement} form */
  const sync = (form) => {
    const f = controls(form);
    const game = gameInfo(f.game.value);
    howTo.textContent = `How to play ${game.title}`;
    // Who may sit down: a choice the game has not is not offered.
    const { who } = setupFields(game, f.who.value);
    for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll('input[name="who"]'))) {
      const offered = who.includes(radio.value);
      radio.disabled = !offered;
      /** @type {HTMLElement} */ (radio.closest('.radio')).hidden = !offered;
    }
    if (who.length && !who.includes(f.who.value)) f.who.value = who[0];
    whoField.hidden = who.length === 0;
    const shown = setupFields(game, f.who.value);
    people.hidden = shown.people.length === 0;
    for (const option of f.people.options) {
      option.disabled = !shown.people.includes(Number(option.value));
      option.hidden = option.disabled;
    }
    if (shown.people.length && !shown.people.includes(Number(f.people.value))) f.people.value = String(shown.people[0]);
    const n = Number(f.people.value);
    for (const input of nameInputs) input.hidden = Number(input.dataset.index) >= n;
    targetField.hidden = !shown.target;
    matchField.hidden = !shown.match;
    tableRow.hidden = !shown.target && !shown.match;
    countingField.hidden = !shown.counting;
    cutField.hidden = !shown.cut;
    levelField.hidden = !shown.level;
    f.level.disabled = levelField.hidden;
    daily.hidden = !shown.daily;
    fixedNote.hidden = !shown.note;
    fixedNote.textContent = shown.note;
  };
  const choice = await showDialog(host, {
    title: 'New game',
    className: 'dialog--setup',
    body,
    buttons: [
      { id: 'cancel', label: 'Cancel' },
      { id: 'deal', label: 'Deal', primary: true },
    ],
    onOpen: (dialog) => {
      const form = dialog.querySelector('form');
      sync(form);
      form.addEventListener('change', (event) => {
        sync(form);
        // Pass and play chosen: the names to fill in come into view.
        if (/** @type {HTMLInputElement} */ (event.target).name === 'who' && !people.hidden) people.scrollIntoView({ block: 'nearest' });
      });
      howTo.addEventListener('click', () => current.onHowTo?.(controls(form).game.value));
      // Deal has the focus (N, then Enter, deals again); the dialog opens at
      // its top, the games in view, with Deal in its bar at the foot.
      form.querySelector('button[value="deal"]').focus({ preventScroll: true });
      dialog.scrollTop = 0;
    },
    onSubmit: (id, form) => {
      const f = controls(form);
      const seed = f.seed.value.trim();
      const error = form.querySelector('.field-error');
      if (seed && !/^\d{1,20}$/.test(seed)) {
        error.textContent = 'A seed is a whole number, such as 12345.';
        form.querySelector('details').open = true;
        f.seed.focus();
        return false;
      }
      const whoValue = f.who.value;
      const mode = whoValue === 'people' ? 'people' : 'computer';
      const players = whoValue === 'people' ? Number(f.people.value) : { one: 2, two: 3, partners: 4 }[whoValue];
      result = {
        setup: {
          game: gameInfo(f.game.value).id,
          mode,
          players,
          names: [0, 1, 2, 3].map((i) => f[`name${i}`].value.trim()),
          level: f.level.value,
          target: Number(f.target.value),
          counting: f.counting.value,
          match: f.match.value,
          cut: f.cut.checked ? 'by_hand' : 'drawn',
        },
        speed: f.speed.value,
        seed: (!daily.hidden && f.daily.checked ? dailySeed() : seed) || null,
      };
      return true;
    },
  });
  return choice === 'deal' ? result : null;
}

/** Yes or no. Resolves true for the `yes` button. */
export async function confirmDialog(host, { title, text, yes, no }) {
  const choice = await showDialog(host, {
    title,
    body: [h('p', {}, text)],
    buttons: [
      { id: 'no', label: no, primary: true },
      { id: 'yes', label: yes },
    ],
  });
  return choice === 'yes';
}

/**
 * A message with one button; `detail`, if any, under it and folded away
 * (the engine's own words on what went wrong: there for whoever wants
 * them, never the first thing a player reads).
 * @param {Element} host
 * @param {{ title: string, text: string | string[], detail?: string, modal?: boolean }} message
 *   `modal` false: in the app's flow, as `showDialog`'s.
 */
export function messageDialog(host, { title, text, detail, modal }) {
  return choiceDialog(host, { title, text, detail, modal, buttons: [{ id: 'ok', label: 'OK', primary: true }] });
}

/**
 * A message with a choice of ways on (the first button the default); `detail`
 * folded away under it as `messageDialog`'s. Resolves the chosen button's id,
 * or 'cancel' for Escape.
 * @param {Element} host
 * @param {{ title: string, text: string | string[], detail?: string, summary?: string,
 *           buttons: { id: string, label: string, primary?: boolean }[], modal?: boolean }} message
 *   `summary`: the fold's own words ("What was wrong with it"); `modal` as `showDialog`'s.
 */
export function choiceDialog(host, { title, text, detail, summary = 'What was wrong with it', buttons, modal }) {
  const more = detail
    ? h('details', { class: 'dialog-detail', 'data-testid': 'dialog-detail' }, h('summary', {}, summary), h('p', {}, detail))
    : null;
  return showDialog(host, { title, body: [...[].concat(text).map((t) => h('p', {}, t)), ...(more ? [more] : [])], buttons, modal });
}

/**
 * The statistics of one game at a time (a picker switches), each with its
 * split by level, players and target, and a reset button. Resolves 'reset'
 * (once the player has confirmed it) or 'close'.
 * @param {Element} host
 * @param {{ tables: Record<string, any> }} stats  As stats.js keeps them.
 * @param {{ game?: string }} [options]  The game shown first (the one being played).
 */
export async function statsDialog(host, stats, { game } = {}) {
  const fmt = (v, suffix = '') => (v === null || v === undefined ? '–' : `${v}${suffix}`);
  const pickerId = uid();
  const picker = h(
    'div',
    { class: 'field' },
    h('label', { class: 'field-label', for: pickerId }, 'Game'),
    h('select', { id: pickerId, class: 'select', 'data-testid': 'stats-game' }, ...pickerChoices().map(([id, title]) => h('option', { value: id, selected: id === gameInfo(game).id }, title))),
  );
  const shown = h('div', { class: 'stats-game', 'aria-live': 'polite' });
  // What is kept, in the words of the game shown: a solitaire's deals are played alone.
  const footnote = h('p', { class: 'dialog-note', 'data-testid': 'stats-note' });
  const draw = (id) => {
    const info = gameInfo(id);
    footnote.textContent = info.options.solo
      ? `Deals of ${info.title} played on this device, each with its score. Practice deals (where undo was used) are not counted.`
      : 'Games against the computer, kept on this device for each game, level, number of players and target. Pass-and-play games and practice games (where undo was used) are not counted.';
    const { total: sum, split } = gameSummary(stats, info.id);
    // In reverse cribbage points are what you avoid: the highest hand is no boast.
    // The three-card games have no crib and no skunk; Noddy's hands are
    // announced (their cards never shown, so its best is a count alone).
    const crib = !info.fixed;
    const hand = info.words.hand;
    const best = sum.best?.cards?.length ? `${sum.best.points}: ${sum.best.cards.map(cardSymbol).join(' ')} with ${cardSymbol(sum.best.starter)}` : sum.best ? String(sum.best.points) : '–';
    // A solitaire: each deal's score, its best, its average and the latest ones.
    if (info.options.solo) {
      const recent = sum.recent.map((n) => (n >= info.fixed.target ? `${n} (win)` : String(n))).join(', ');
      const solo = [
        ['Deals played', fmt(sum.games)],
        [`Won (${info.fixed.target} or more)`, sum.games ? `${sum.wins} (${sum.winRate}%)` : '–'],
        ['Best score', best],
        ['Average score', fmt(sum.hand)],
        ['Latest, newest first', recent || '–'],
        ['Deals abandoned', fmt(sum.abandoned)],
      ];
      shown.replaceChildren(h('dl', { class: 'stats', 'data-testid': 'stats', 'data-game': info.id }, ...solo.map(([k, v]) => h('div', { class: 'stats-row' }, h('dt', {}, k), h('dd', {}, v)))));
      return;
    }
    const rows = [
      ['Games played', fmt(sum.games)],
      ['Games won', sum.games ? `${sum.wins} (${sum.winRate}%)` : '–'],
      ...(crib ? [['Skunks given', fmt(sum.skunksGiven)], ['Skunks taken', fmt(sum.skunksTaken)]] : []),
      [`Average ${hand}`, fmt(sum.hand)],
      ...(crib ? [['Average crib', fmt(sum.crib)]] : []),
      ['Pegging per hand', fmt(sum.pegging)],
      [info.avoid ? 'Highest hand' : `Best ${hand}`, best],
      ['Games abandoned', fmt(sum.abandoned)],
    ];
    const level = (t) => (t.level === 'earlier' ? 'Earlier games' : LEVELS.find(([v]) => v === t.level)?.[1] ?? t.level);
    const table = split.length
      ? h(
          'div',
          { class: 'coach-scroll', tabindex: 0, role: 'region', 'aria-label': `${info.title} by level, players and target` },
          h(
            'table',
            { class: 'coach-table stats-split', 'data-testid': 'stats-split' },
            h('caption', {}, 'By level, players and target'),
            // The level, players and target in one column, whose words wrap: six
            // columns did not fit a phone's dialog (Won and Abandoned out of sight).
            h('thead', {}, h('tr', {}, ...['Table', 'Played', 'Won', 'Abandoned'].map((t) => h('th', { scope: 'col' }, t)))),
            h(
              'tbody',
              {},
              ...split.map((t) =>
                h(
                  'tr',
                  {},
                  h('th', { scope: 'row' }, [level(t), t.players ? `${t.players} players` : null, t.target ? `to ${t.target}` : null].filter(Boolean).join(', ')),
                  h('td', {}, String(t.games)),
                  h('td', {}, t.games ? `${t.wins} (${t.winRate}%)` : '–'),
                  h('td', {}, String(t.abandoned)),
                ),
              ),
            ),
          ),
        )
      : h('p', { class: 'dialog-note' }, `No games of ${info.title} yet.`);
    const parts = [
      h('dl', { class: 'stats', 'data-testid': 'stats', 'data-game': info.id }, ...rows.map(([k, v]) => h('div', { class: 'stats-row' }, h('dt', {}, k), h('dd', {}, v)))),
      sum.best?.cards ? h('p', { class: 'visually-hidden' }, `${info.avoid ? 'Highest' : 'Best'} hand: ${sum.best.cards.map(cardName).join(', ')}, ${info.words.starter} ${cardName(sum.best.starter)}`) : null,
      table,
    ];
    shown.replaceChildren(...parts.filter(Boolean));
  };
  draw(game);
  picker.querySelector('select').addEventListener('change', (event) => draw(/** @type {HTMLSelectElement} */ (event.target).value));
  const choice = await showDialog(host, {
    title: 'Statistics',
    className: 'dialog--stats',
    body: [
      picker,
      shown,
      footnote,
    ],
    buttons: [
      { id: 'reset', label: 'Reset statistics' },
      { id: 'past', label: 'Past games' },
      { id: 'close', label: 'Close', primary: true },
    ],
  });
  if (choice === 'past') return 'past';
  if (choice !== 'reset') return 'close';
  const sure = await confirmDialog(host, { title: 'Reset statistics?', text: 'Every game, win and best hand recorded on this device, for every game, will be forgotten.', yes: 'Reset', no: 'Keep them' });
  return sure ? 'reset' : 'close';
}

/** A checkbox with its label and a line on what it does, laid out as a radio choice is. */
function checkbox(name, label, note, checked) {
  const id = uid();
  return h(
    'div',
    { class: 'radio' },
    h('input', { type: 'checkbox', name, id, checked: checked ? true : null }),
    h('label', { for: id }, label, h('span', { class: 'radio-note' }, note)),
  );
}

/**
 * Speed, the forced go, theme and how the cards are drawn (the four-colour
 * deck, large cards). Resolves with the new settings or null.
 */
export async function settingsDialog(host, { speed, theme, autoGo = true, fourColour = false, largeCards = false, chances = 'after' }) {
  let result = null;
  const goBox = h('input', { type: 'checkbox', name: 'autoGo', id: 'setting-auto-go', checked: autoGo ? true : null });
  const choice = await showDialog(host, {
    title: 'Settings',
    body: [
      select('speed', 'Speed', SPEED_OPTIONS, speed),
      h('div', { class: 'field field--check' }, goBox, h('label', { for: 'setting-auto-go' }, 'Say “go” for me when no card fits')),
      radios('theme', 'Colours', [['auto', 'As the device'], ['light', 'Light'], ['dark', 'Dark']], theme),
      radios(
        'chances',
        'Your chances to win (two-player cribbage)',
        [
          ['after', 'After the game', 'A chart of your chances through the game, with its big swings.'],
          ['on', 'As you play', 'A meter by the board after each hand and each run of the play, and the chart after the game.'],
          ['off', 'Off', 'No meter and no chart; the coach and the review still use them.'],
        ],
        chances,
      ),
      h(
        'fieldset',
        { class: 'field field--cards' },
        h('legend', { class: 'field-label' }, 'Cards'),
        checkbox('fourColour', 'Four-colour deck', 'Clubs ♣ green and diamonds ♦ blue; hearts red, spades black.', fourColour),
        checkbox('largeCards', 'Large cards', 'A bigger rank and suit on every card, to read at arm’s length.', largeCards),
      ),
      h('p', { class: 'dialog-note' }, 'With “reduce motion” set on your device, cards never slide; the pace of the game stays as chosen here.'),
    ],
    buttons: [
      { id: 'cancel', label: 'Cancel' },
      { id: 'save', label: 'Save', primary: true },
    ],
    onSubmit: (id, form) => {
      const elements = controls(form);
      result = {
        speed: elements.speed.value,
        theme: elements.theme.value,
        autoGo: elements.autoGo.checked,
        fourColour: elements.fourColour.checked,
        largeCards: elements.largeCards.checked,
        chances: elements.chances.value,
      };
      return true;
    },
  });
  return choice === 'save' ? result : null;
}

export const SHORTCUTS = [
  ['← → ↑ ↓', 'Move between the cards of your hand'],
  ['Enter or Space', 'Choose the focused card (lay it away, or play it)'],
  ['1 – 6', 'Choose the first to sixth card of your hand'],
  ['L', 'Lay the chosen cards away to the crib'],
  ['G', 'Say “go”'],
  ['C', 'Continue after the show'],
  ['H', 'A hint from the coach'],
  ['U', 'Undo your last move (against the computer; the game becomes practice)'],
  ['N', 'New game'],
  ['?', 'This help'],
  ['Tab', 'Move between the hand, the buttons and the panels'],
];

/**
 * The keyboard shortcuts, a word on the game, and the way to each game's
 * rules.
 * @param {Element} host
 * @param {{ onHowTo?: (game: string) => void }} [options]  Opens a game's "how to play".
 */
export function helpDialog(host, { onHowTo } = {}) {
  const rules = h(
    'div',
    { class: 'help-games' },
    ...pickerChoices().map(([id, title]) => {
      const button = h('button', { type: 'button', class: 'button button--small', 'data-testid': `help-howto-${id}` }, `How to play ${title}`);
      button.addEventListener('click', () => onHowTo?.(id));
      return button;
    }),
  );
  return showDialog(host, {
    title: 'Help',
    className: 'dialog--help',
    body: [
      h('h3', { class: 'dialog-subtitle' }, 'Keyboard'),
      h('dl', { class: 'keys' }, ...SHORTCUTS.map(([k, v]) => h('div', { class: 'keys-row' }, h('dt', {}, h('kbd', {}, k)), h('dd', {}, v)))),
      h('h3', { class: 'dialog-subtitle' }, 'The game'),
      h('p', {}, 'Each hand: lay away to the crib, then play cards in turn without passing 31, scoring fifteens, pairs, runs and thirty-one as you go; then each hand and the crib are counted with the starter. In cribbage the first to the target wins; in reverse cribbage the first to the target loses.'),
      rules,
      h('p', {}, 'The hand calculator (at the top) counts any hand you give it.'),
    ],
    buttons: [{ id: 'close', label: 'Close', primary: true }],
  });
}

/**
 * The review of a finished game: the engine's coach judges every decision
 * the player made (in the computer players' worker), shown as advice.js lays
 * it out. Here, with the dialogs, rather than in the app: nothing of it is
 * needed before the first deal.
 * Where the engine has the game's chances to win, the chart of them comes
 * first (chart.js): it is quick, and the review takes a moment longer.
 * @param {Element} host
 * @param {() => Promise<import('../../types/engine.js').Review>} run  Asks the engine for the review.
 * @param {{ seat: number, sideNames: string[], title?: string, lead?: string }} data  `title` and `lead`: a past game's.
 * @param {(() => Promise<import('./chances.js').ChancePoint[] | null>) | null} [chances]  Asks the engine for the chances through the game.
 */
export async function reviewDialog(host, run, data, chances = null) {
  const box = h('div', { class: 'review', 'data-testid': 'review' }, h('p', { class: 'coach-status' }, 'The coach is going over every decision you made…'));
  const chart = h('div', { class: 'review-chances' });
  const lead = data.lead ? h('p', { class: 'dialog-note', 'data-testid': 'review-lead' }, data.lead) : null;
  const shown = showDialog(host, { title: data.title ?? 'Your play, reviewed', className: 'dialog--review', body: [lead, chart, box].filter(Boolean), buttons: [{ id: 'close', label: 'Close', primary: true }] });
  if (chances) {
    Promise.all([chances(), later('chart')]).then(([points, { chancesSection }]) => {
      if (points?.length) chart.replaceChildren(chancesSection(points, { names: data.sideNames, side: data.seat }));
    }, () => {});
  }
  try {
    const [result, { reviewBody }] = await Promise.all([run(), later('advice')]);
    box.replaceChildren(...reviewBody(result, data.seat, data.sideNames));
  } catch (err) {
    box.replaceChildren(h('p', { role: 'alert' }, `The review could not be made: ${err.message}.`));
  }
  return shown;
}
