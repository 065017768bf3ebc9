// @ts-check
// The card table: a component in the chessground manner.
//
//   const table = createTable(el, { onCard, onAction, onClaim, onCut });
//   table.set(view);      // draws the view (in the next animation frame)
//   table.destroy();      // removes every node and listener
//
// It draws what it is given and reports what the player chose; it knows no
// rules. Which cards may be chosen, whose turn it is, what a hand counts:
// all of it arrives in the view, made by the controller from the engine's
// observation and events. Regions are redrawn only when their part of the
// view changed, and the hand is updated card by card so focus stays put.

import { activeIn, focusSeen, h } from './dom.js';
import { cardName, renderCard, setCardState } from './cards.js';
import { capital } from './words-first.js';

/**
 * @typedef {object} SeatView
 * @property {number} seat
 * @property {string} name
 * @property {boolean} you        The player whose hand is at the bottom.
 * @property {boolean} partner
 * @property {boolean} dealer
 * @property {boolean} toAct
 * @property {boolean} thinking
 * @property {number} held        Cards in hand (drawn as backs for others).
 * @property {string[]} played    Cards laid this hand.
 * @property {string|null} said   The last call, shown in a bubble.
 * @property {number} score
 * @property {boolean} go         Has said go in this series.
 * @property {boolean} [practice] Undo was used: this player's game is practice.
 */

/**
 * @typedef {object} TableView
 * @property {SeatView[]} seats   In seat order.
 * @property {number|null} bottom The seat drawn at the bottom.
 * @property {{ owner: string, count: number } | null} crib  None in a game without one.
 * @property {string|null} starter
 * @property {string} [starterName]  What the card turned after the deal is called ("Starter", "Turn-up").
 * @property {{ card: string, seat: number }[]} pile
 * @property {number} count
 * @property {boolean} playing    Whether the count is shown.
 * @property {{ cards: string[], mode: 'discard'|'play'|'idle', playable: string[], selected: string[], hidden: boolean, label: string,
 *   suggested?: string[], chosenWord?: string, marks?: { card: string, label: string, short: string }[] }} hand
 *   `suggested`: the coach's cards, lit; `chosenWord`: what a chosen card is said to be ("chosen for the crib");
 *   `marks`: cards marked for what they are (the card received in the mog), said in the card's name and shown as a tag.
 * @property {string} prompt
 * @property {{ id: string, label: string, primary?: boolean, disabled?: boolean, keys?: string, ariaLabel?: string }[]} actions
 * @property {string|null} [advice]  The coach's reasons for what it suggests, said on the table.
 * @property {string|null} [standing]  Best of three: "Games: You 1, Ada 0."
 * @property {{ value: string, error: string, call?: boolean } | null} claim  The count to type: a claim, or (`call`) a muggins call.
 * @property {Record<string, any>|null} show
 * @property {Record<string, any>|null} panel  A message over the table: game over, pass the device.
 * @property {{ cuts: { seat: number, name: string, card: string }[], depths: { action: string, depth: number }[] } | null} [cut]
 *   Cutting for deal by hand: the cards cut so far (shown where the play goes), and the
 *   depths the player may cut at (the pack drawn where the hand goes; none: only shown).
 * @property {'turn'|'continue'|'reveal'|'over'|'busy'} [state]  What the table waits for (the browser tests wait on it).
 * @property {number} [motion]  How long a card takes to slide into the play, in ms (0: no motion).
 * @property {'error'|null} [promptTone]  A prompt said as a warning (a count refused).
 * @property {unknown} [extra]  The face's own component's view (the layout's grid).
 */

/**
 * What the table reports: each a choice of the player's, as the view offered it.
 * @typedef {object} TableEvents
 * @property {(card: string) => void} onCard  A card of the hand chosen (tapped, or Enter on it).
 * @property {(id: string) => void} onAction  A button of the view's actions (or a panel's).
 * @property {(text: string) => void} onClaim  A count typed for a claim or a muggins call.
 * @property {(action: string) => void} onCut  A depth to cut the pack at.
 * @property {(entry: number, step: number) => void} [onStep]  A phrase of the show pointed at or focused.
 */

/** @type {TableEvents} */
const DEFAULTS = {
  onCard: () => {},
  onAction: () => {},
  onClaim: () => {},
  onCut: () => {},
};

/**
 * @param {HTMLElement} el
 * @param {Partial<TableEvents>} config
 */
export function createTable(el, config = {}) {
  const cfg = { ...DEFAULTS, ...config };
  const listeners = [];
  const on = (target, type, fn) => {
    target.addEventListener(type, fn);
    listeners.push(() => target.removeEventListener(type, fn));
  };

  const opponents = h('div', { class: 'tbl-opponents' });
  const crib = h('div', { class: 'tbl-crib' });
  const deck = h('div', { class: 'tbl-deck' });
  const pile = h('div', { class: 'tbl-pile' });
  const center = h('div', { class: 'tbl-center' }, crib, deck, pile);
  const mine = h('div', { class: 'tbl-mine' });
  const handList = h('div', { class: 'tbl-hand', role: 'group', 'aria-label': 'Your hand' });
  const prompt = h('p', { class: 'tbl-prompt', 'data-testid': 'prompt' });
  const buttons = h('div', { class: 'tbl-buttons' });
  // Best of three: the match standing, in words, where the prompt is read.
  const standing = h('p', { class: 'tbl-standing', 'data-testid': 'match-standing', hidden: true });
  // The coach's reasons for its suggestion, under the cards and buttons it is about.
  const advice = h('p', { class: 'tbl-advice', 'data-testid': 'table-advice', hidden: true });
  const controls = h('div', { class: 'tbl-controls' }, standing, prompt, buttons, advice);
  // The pack to cut for deal, drawn in the hand's place while the players cut.
  const cutPack = h('div', { class: 'tbl-cut', hidden: true });
  const me = h('div', { class: 'tbl-me' }, mine, handList, cutPack);
  // A face's own component (the layout games' grid), drawn in its own room.
  const extra = h('div', { class: 'tbl-extra', hidden: true });
  const showLayer = h('div', { class: 'tbl-layer tbl-layer--show', hidden: true });
  const panelLayer = h('div', { class: 'tbl-layer tbl-layer--panel', hidden: true });
  const felt = h(
    'section',
    // Focusable (not in the tab order): where the focus goes when the
    // control that had it goes away and nothing on the table can take it.
    { class: 'tbl felt', 'aria-label': 'The table', tabindex: '-1' },
    opponents,
    center,
    extra,
    me,
    controls,
    showLayer,
    panelLayer,
  );
  el.append(felt);

  const theHand = createHand({ handList, root: el, on, onCard: (card) => cfg.onCard(card) });
  const thePile = createPile({ pile, opponents, mine, handButton: (card) => theHand.button(card) });
  /**
   * The table's parts drawn only after the first play, or in a set-up the
   * first deal does not wait for (table-later.js: the cut by hand, a
   * count's form, the panels over the table), once loaded.
   * @type {typeof import('./table-later.js') | null}
   */
  let parts = null;
  /** @type {ReturnType<typeof import('./table-later.js').createCutPack> | null} */
  let theCut = null;

  /** @type {TableView|null} */
  let view = null;
  let frame = 0;
  const keys = {};

  function set(next) {
    view = next;
    if (!frame) frame = requestAnimationFrame(draw);
  }

  /** Draws now (for tests and for the first paint). */
  function flush() {
    if (frame) cancelAnimationFrame(frame);
    draw();
  }

  function changed(region, data) {
    const key = JSON.stringify(data);
    if (keys[region] === key) return false;
    keys[region] = key;
    return true;
  }

  function draw() {
    frame = 0;
    if (!view) return;
    const v = view;
    felt.dataset.state = v.state ?? 'busy';
    const others = v.seats.filter((s) => s.seat !== v.bottom);
    const bottom = v.seats.find((s) => s.seat === v.bottom) ?? null;
    if (changed('opponents', others)) drawOpponents(others);
    if (changed('crib', v.crib)) drawCrib(v.crib);
    if (changed('deck', [v.starter, v.starterName])) drawDeck(v.starter, v.starterName ?? 'Starter');
    if (changed('pile', [v.pile, v.count, v.playing, v.cut?.cuts])) {
      if (v.cut) {
        theCut?.drawCuts(v.cut.cuts);
      } else {
        thePile.draw(v.pile, v.count, v.playing, v.motion);
      }
    }
    if (changed('mine', bottom)) drawMine(bottom);
    if (changed('hand', v.hand)) theHand.draw(v.hand);
    if (changed('cutPack', v.cut ? v.cut.depths : null)) theCut?.drawPack(v.cut);
    if (changed('controls', [v.prompt, v.promptTone, v.actions, v.claim])) drawControls(v.prompt, v.actions, v.claim, v.promptTone);
    if (changed('advice', v.advice ?? null)) {
      advice.textContent = v.advice ?? '';
      advice.hidden = !v.advice;
    }
    if (changed('standing', v.standing ?? null)) {
      standing.textContent = v.standing ?? '';
      standing.hidden = !v.standing;
    }
    if (changed('show', v.show)) drawShow(v.show);
    if (changed('panel', v.panel)) drawPanel(v.panel);
    if (component && changed('extra', v.extra)) component.set(v.extra);
  }

  /** The face's component: made by `make(el, config)`, as `{ set(view), focus(), destroy() }`. */
  let component = null;

  // --- Seats ------------------------------------------------------------------

  function plate(s) {
    const badges = [];
    // Each badge has a one-letter form for a seat too narrow for the word
    // (four players on a phone): the name must always show in full.
    const badge = (cls, title, word) => h('span', { class: cls, title }, h('span', { class: 'badge-word' }, word), h('span', { class: 'badge-letter', 'aria-hidden': 'true' }, word[0]));
    if (s.dealer) badges.push(badge('badge badge--dealer', s.dealerNote ?? 'Dealer: the crib is theirs', 'Dealer'));
    if (s.partner) badges.push(badge('badge', 'Your partner', 'Partner'));
    if (s.practice) badges.push(h('span', { class: 'badge', title: 'Undo was used: this game is not counted in your statistics', 'data-testid': 'practice' }, 'Practice'));
    const status = s.thinking ? 'thinking…' : s.toAct && s.you ? 'your turn' : '';
    return h(
      'div',
      { class: `plate${s.toAct ? ' is-active' : ''}` },
      h('span', { class: 'plate-name' }, s.name),
      h('span', { class: 'plate-score', title: 'Score' }, String(s.score)),
      ...badges,
      status ? h('span', { class: 'plate-status' }, status) : null,
    );
  }

  function bubble(s) {
    return h('p', { class: `bubble${s.said ? ' is-shown' : ''}`, 'aria-hidden': 'true' }, s.said ?? '');
  }

  function drawOpponents(list) {
    opponents.dataset.count = String(list.length);
    opponents.replaceChildren(
      ...list.map((s) => {
        const label = `${s.name}${s.partner ? ', your partner' : ''}${s.dealer ? ', dealer' : ''}: ${s.held} ${s.held === 1 ? 'card' : 'cards'} in hand` +
          (s.played.length ? `; has played ${s.played.map(cardName).join(', ')}` : '');
        return h(
          'div',
          { class: `seat${s.toAct ? ' is-active' : ''}`, 'data-seat': s.seat, role: 'group', 'aria-label': label },
          plate(s),
          h(
            'div',
            { class: 'seat-cards', 'aria-hidden': 'true' },
            h('div', { class: 'fan fan--backs' }, ...Array.from({ length: s.held }, () => renderCard(null, { label: false }))),
            h('div', { class: 'fan fan--played' }, ...s.played.map((c) => renderCard(c, { label: false }))),
            // Over the seat's own cards, under its name and score: below the seat it
            // covered the crib, starter and play labels (at every table size).
            bubble(s),
          ),
        );
      }),
    );
  }

  function drawMine(s) {
    if (!s) {
      mine.replaceChildren();
      return;
    }
    mine.replaceChildren(
      plate(s),
      h(
        'div',
        { class: 'fan fan--played fan--mine', role: s.played.length ? 'img' : null, 'aria-label': s.played.length ? `${s.you ? 'You have' : `${s.name} has`} played ${s.played.map(cardName).join(', ')}` : null },
        ...s.played.map((c) => renderCard(c, { label: false })),
      ),
      bubble(s),
    );
    mine.dataset.seat = String(s.seat);
  }

  // --- The middle of the table -------------------------------------------------

  function drawCrib(c) {
    // A game with no crib (Noddy, Costly Colours): no spot for one.
    crib.hidden = !c;
    if (!c) {
      crib.replaceChildren();
      return;
    }
    // No owner yet while the players cut for deal: "Crib: empty".
    const whose = c.owner ? `${c.owner} crib` : 'Crib';
    const label = c.count ? `${whose}: ${c.count} ${c.count === 1 ? 'card' : 'cards'}` : `${whose}: empty`;
    crib.replaceChildren(
      h('span', { class: 'spot-label' }, 'Crib'),
      h(
        'div',
        { class: 'spot stack', role: 'img', 'aria-label': label },
        ...Array.from({ length: Math.min(c.count, 4) }, () => renderCard(null, { label: false })),
      ),
      h('span', { class: 'spot-owner' }, c.owner),
    );
  }

  function drawDeck(starter, name) {
    deck.replaceChildren(
      h('span', { class: 'spot-label' }, name),
      h(
        'div',
        { class: 'spot stack stack--deck', role: 'img', 'aria-label': starter ? `${name}: ${cardName(starter)}` : `The pack; the ${name.toLowerCase()} is not ${name === 'Starter' ? 'cut' : 'turned'} yet` },
        renderCard(null, { label: false }),
        starter ? renderCard(starter, { label: false, className: 'is-starter' }) : null,
      ),
      h('span', { class: 'spot-owner', 'aria-hidden': 'true' }, ' '),
    );
  }

  // --- Cutting for deal by hand -------------------------------------------------

  // --- The hand ---------------------------------------------------------------

  // --- Prompt and buttons -------------------------------------------------------

  function drawControls(text, actions, claim, tone) {
    prompt.textContent = text;
    prompt.classList.toggle('is-error', tone === 'error');
    const focusedId = buttons.contains(activeIn(el) ?? null) ? activeIn(el).dataset.action : null;
    const nodes = [];
    // A count to type: its form comes with the table's later parts (see setParts).
    if (claim && parts) nodes.push(parts.claimForm(claim, uid));
    for (const a of actions) {
      nodes.push(
        h(
          'button',
          {
            type: 'button',
            class: `button${a.primary ? ' button--primary' : ''}`,
            'data-action': a.id,
            'data-testid': `action-${a.id}`,
            disabled: a.disabled ? true : null,
            'aria-keyshortcuts': a.keys ?? null,
            'aria-label': a.ariaLabel ?? null,
          },
          a.label,
        ),
      );
    }
    buttons.replaceChildren(...nodes);
    if (focusedId) buttons.querySelector(`[data-action="${focusedId}"]`)?.focus();
  }

  const uid = Math.random().toString(36).slice(2, 8);

  on(buttons, 'click', (event) => {
    const button = event.target.closest('button[data-action]');
    if (!button || button.disabled || button.dataset.action === 'claim') return;
    cfg.onAction(button.dataset.action);
  });
  on(buttons, 'submit', (event) => {
    event.preventDefault();
    const input = /** @type {HTMLInputElement | null} */ (buttons.querySelector('.claim-input'));
    cfg.onClaim(input?.value ?? '');
  });

  // --- The show -----------------------------------------------------------------

  function drawShow(show) {
    showLayer.hidden = !show;
    felt.classList.toggle('is-showing', Boolean(show));
    if (!show || !renderShow) {
      showLayer.replaceChildren();
      return;
    }
    // The panel grows the felt rather than scrolling inside itself (css/table.css),
    // so the page keeps the reader's place; only the focus is put back.
    const active = activeIn(el) ?? null;
    const focusedStep = showLayer.contains(active) && active.dataset.step !== undefined ? [active.dataset.entry, active.dataset.step] : null;
    const focusedContinue = showLayer.contains(active) && active.dataset.action;
    showLayer.replaceChildren(renderShow(show));
    if (focusedContinue) showLayer.querySelector(`[data-action="${focusedContinue}"]`)?.focus();
    if (focusedStep) showLayer.querySelector(`.step[data-entry="${focusedStep[0]}"][data-step="${focusedStep[1]}"]`)?.focus({ preventScroll: true });
  }

  /** Draws the show panel: show.js's own, handed over when it loads (see setShowRenderer). */
  let renderShow = null;

  on(showLayer, 'click', (event) => {
    const action = event.target.closest('button[data-action]');
    if (action) {
      cfg.onAction(action.dataset.action);
      return;
    }
    const step = event.target.closest('.step[data-step]');
    if (step) cfg.onStep?.(Number(step.dataset.entry), Number(step.dataset.step));
  });
  on(showLayer, 'focusin', (event) => {
    const step = event.target.closest?.('.step[data-step]');
    if (step) cfg.onStep?.(Number(step.dataset.entry), Number(step.dataset.step));
  });
  // Pointing at a phrase lights its cards; pointing anywhere else in the
  // panel, or leaving it, puts them out again.
  on(showLayer, 'pointerover', (event) => {
    const step = event.target.closest?.('.step[data-step]');
    if (step) cfg.onStep?.(Number(step.dataset.entry), Number(step.dataset.step));
    else cfg.onStep?.(null, null);
  });
  on(showLayer, 'pointerleave', () => cfg.onStep?.(null, null));

  // --- Panels over the table -----------------------------------------------------

  function drawPanel(panel) {
    // Drawn once its part has loaded (the controller loads it first).
    const shown = Boolean(panel && parts);
    panelLayer.hidden = !shown;
    felt.classList.toggle('has-panel', shown);
    if (shown) parts.drawPanel(panelLayer, panel, uid);
    else panelLayer.replaceChildren();
    coverTable();
  }

  /**
   * What a panel covers is out of reach while it covers it: the grid's cells,
   * the last show's phrases, a hand under a pass-and-play curtain are seen
   * dimmed through the layer, and neither Tab nor a screen reader may reach
   * them. A result moved aside ("See the table") gives the table back.
   */
  function coverTable() {
    const covering = !panelLayer.hidden && !panelLayer.classList.contains('is-aside');
    for (const part of felt.children) if (part !== panelLayer) /** @type {HTMLElement} */ (part).inert = covering;
  }

  on(panelLayer, 'click', (event) => {
    parts?.panelClick(event, panelLayer, cfg.onAction);
    coverTable();
  });

  return {
    set,
    flush,
    /** Marks the table busy at once (the player's choice is on its way), before the next frame. */
    busy() {
      felt.dataset.state = 'busy';
      // A frame already asked for draws the view from before the choice: busy too.
      if (view) view = { ...view, state: 'busy' };
    },
    /**
     * Hands over the table's later parts (table-later.js) once loaded:
     * whatever of them the view already asks for is drawn.
     * @param {typeof import('./table-later.js')} loaded
     */
    setParts(loaded) {
      if (parts) return;
      parts = loaded;
      theCut = parts.createCutPack({ cutPack, handList, pile, on, onCut: (action) => cfg.onCut(action) });
      for (const region of ['pile', 'cutPack', 'controls', 'panel']) delete keys[region];
      if (view && !frame) frame = requestAnimationFrame(draw);
    },
    /** Hands over the show panel's drawing (show.js's `showPanel`), loaded with the show. */
    setShowRenderer(render) {
      renderShow = render;
      delete keys.show;
    },
    /**
     * Puts a face's own component in the felt (or none), in place of the
     * one before: the layout games' grid.
     * @param {((el: HTMLElement, config: Record<string, any>) => { set(view: unknown): void, focus(): boolean, destroy(): void }) | undefined} make
     */
    setComponent(make) {
      component?.destroy();
      component = make?.(extra, cfg);
      extra.hidden = !component;
      felt.classList.toggle('has-extra', !extra.hidden);
      delete keys.extra;
    },
    /**
     * Focuses the first card that can be chosen (or the first button).
     * @returns {boolean} whether anything took the focus
     */
    focusHand() {
      if (component?.focus()) return true;
      const target = cutPack.querySelector('.cut-edge[tabindex="0"]') ??
        buttons.querySelector('.claim-input') ??
        theHand.stop() ??
        buttons.querySelector('.button--primary:not(:disabled)') ??
        buttons.querySelector('button:not(:disabled)');
      if (target) focusSeen(/** @type {HTMLElement} */ (target), felt);
      return Boolean(target);
    },
    /**
     * Takes the focus back onto the table, its control gone (a card played
     * with a click, a question's button answered): what the player is asked
     * for, else the hand (its cards named even while they wait), else the
     * table itself, so the keys go on working while the others play.
     */
    keepFocus() {
      flush();
      if (this.focusHand()) return;
      // The table itself is taller than a short window: it keeps the keys without a scroll.
      const card = theHand.first();
      if (card) focusSeen(card, felt);
      else felt.focus({ preventScroll: true });
    },
    /** Focuses a button by its action id, wherever it is. */
    focusAction(id) {
      const button = felt.querySelector(`button[data-action="${id}"]`);
      if (button) focusSeen(/** @type {HTMLElement} */ (button), felt);
    },
    element: felt,
    destroy() {
      if (frame) cancelAnimationFrame(frame);
      component?.destroy();
      for (const off of listeners.splice(0)) off();
      felt.remove();
    },
  };
}

// --- The table's parts, each with its own state -----------------------------------------

/**
 * The player's hand: a button per card, updated card by card so focus stays
 * put, with one tab stop (the card last focused, else the first that can be
 * chosen) and arrows, Home and End to move along it.
 * @param {{ handList: HTMLElement, root: HTMLElement, on: (target: EventTarget, type: string, fn: (event: any) => void) => void,
 *   onCard: (card: string) => void }} deps
 */
function createHand({ handList, root, on, onCard }) {
  /** @type {Map<string, HTMLButtonElement>} */
  const handButtons = new Map();
  /** The card last focused or chosen: the hand's tab stop while it is held. */
  let handFocus = null;
  const el = root;

  /** @param {TableView['hand']} hand */
  function drawHand(hand) {
    const { cards, mode, playable, selected, hidden } = hand;
    const suggested = hand.suggested ?? [];
    handList.setAttribute('aria-label', hand.label);
    handList.dataset.mode = mode;
    handList.classList.toggle('is-hidden', hidden);
    const wanted = new Set(hidden ? [] : cards);
    const focused = handList.contains(activeIn(el) ?? null)
      ? activeIn(el).dataset.card
      : null;
    for (const [card, button] of handButtons) {
      if (!wanted.has(card)) {
        button.remove();
        handButtons.delete(card);
      }
    }
    if (hidden) {
      handList.replaceChildren(...cards.map(() => h('span', { class: 'hand-card is-back' }, renderCard(null, { label: false }))));
      handList.setAttribute('aria-label', `${hand.label}: ${cards.length} cards, face down`);
      return;
    }
    for (const node of [...handList.children]) if (!node.dataset.card) node.remove();
    let previous = null;
    cards.forEach((card) => {
      let button = handButtons.get(card);
      if (!button) {
        button = h('button', { type: 'button', class: 'hand-card is-dealt', 'data-card': card, 'data-testid': `card-${card}` }, renderCard(card, { label: false }));
        button.addEventListener('animationend', () => button.classList.remove('is-dealt'), { once: true });
        handButtons.set(card, button);
      }
      const isSelected = selected.includes(card);
      const canChoose = mode !== 'idle' && playable.includes(card);
      const state = mode === 'discard' ? (isSelected ? `, ${hand.chosenWord ?? 'chosen for the crib'}` : '') : mode === 'play' && !canChoose ? ', cannot be played now' : '';
      // A card marked for what it is (Costly Colours: the one received in the mog), in words and a tag.
      const mark = hand.marks?.find((m) => m.card === card) ?? null;
      button.setAttribute('aria-label', capital(cardName(card)) + state + (mark ? `, ${mark.label}` : ''));
      const tag = button.querySelector('.hand-tag');
      if (mark && !tag) button.append(h('span', { class: 'hand-tag', 'aria-hidden': 'true' }, mark.short));
      else if (!mark) tag?.remove();
      button.classList.toggle('is-marked', Boolean(mark));
      if (mode === 'discard') button.setAttribute('aria-pressed', String(isSelected));
      else button.removeAttribute('aria-pressed');
      if (canChoose) button.removeAttribute('aria-disabled');
      else button.setAttribute('aria-disabled', 'true');
      button.classList.toggle('is-selected', isSelected);
      button.classList.toggle('is-playable', canChoose);
      setCardState(/** @type {Element} */ (button.firstChild), { selected: isSelected, disabled: mode !== 'idle' && !canChoose, highlighted: suggested.includes(card) });
      button.classList.toggle('is-suggested', suggested.includes(card));
      const expected = previous ? previous.nextSibling : handList.firstChild;
      if (expected !== button) handList.insertBefore(button, expected);
      previous = button;
    });
    // One tab stop for the hand: the focused card, else the first choosable one.
    const stop = handButtons.get(focused) ?? handButtons.get(handFocus) ?? [...handButtons.values()].find((b) => b.classList.contains('is-playable')) ?? handButtons.values().next().value;
    for (const button of handButtons.values()) button.tabIndex = button === stop ? 0 : -1;
  }

  /** @param {HTMLButtonElement} from @param {number} delta */
  function moveInHand(from, delta) {
    const list = [...handButtons.values()];
    const i = list.indexOf(from);
    if (i < 0 || list.length === 0) return;
    const next = list[(i + delta + list.length) % list.length];
    for (const b of list) b.tabIndex = b === next ? 0 : -1;
    handFocus = next.dataset.card;
    next.focus();
  }

  on(handList, 'click', (event) => {
    const button = event.target.closest('.hand-card');
    if (!button?.dataset.card || button.getAttribute('aria-disabled') === 'true') return;
    handFocus = button.dataset.card;
    onCard(button.dataset.card);
  });
  on(handList, 'keydown', (event) => {
    const button = event.target.closest('.hand-card');
    if (!button) return;
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (event.key in moves) {
      event.preventDefault();
      moveInHand(button, moves[event.key]);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const list = [...handButtons.values()];
      moveInHand(button, (event.key === 'Home' ? 0 : list.length - 1) - list.indexOf(button));
    }
  });
  on(handList, 'focusin', (event) => {
    const card = event.target.closest?.('.hand-card')?.dataset.card;
    if (card) handFocus = card;
  });

  return {
    draw: drawHand,
    /** @param {string} card @returns {HTMLButtonElement | undefined} the card's button, if it is in the hand */
    button: (card) => handButtons.get(card),
    /** The hand's tab stop, chosen or not (null when the hand has no card to focus). */
    first: () => [...handButtons.values()].find((b) => b.tabIndex === 0) ?? handButtons.values().next().value ?? null,
    /** The hand's tab stop when a card of it can be chosen, else null. */
    stop() {
      const playable = [...handButtons.values()].some((b) => b.classList.contains('is-playable'));
      return playable ? [...handButtons.values()].find((b) => b.tabIndex === 0) ?? null : null;
    },
  };
}

/**
 * The play: its cards and count, a card just laid sliding in from where it
 * came (the hand, or its player's seat).
 * @param {{ pile: HTMLElement, opponents: HTMLElement, mine: HTMLElement, handButton: (card: string) => Element | undefined }} deps
 */
function createPile({ pile, opponents, mine, handButton }) {
  let pileShown = [];

  /** Where a card just added to the play comes from: the hand, or its player's seat. */
  function origin(cards) {
    const grew = cards.length === pileShown.length + 1 && pileShown.every((p, i) => p.card === cards[i].card);
    pileShown = cards;
    if (!grew) return null;
    const { card, seat } = cards.at(-1);
    const source = handButton(card) ?? opponents.querySelector(`[data-seat="${seat}"] .fan--backs`) ?? mine;
    return source?.getBoundingClientRect() ?? null;
  }

  /** Slides a card from where it was to where it is (Web Animations: no style attribute). */
  function slideIn(node, from, ms) {
    if (!node || !from || typeof node.animate !== 'function') return;
    const to = node.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    node.classList.remove('is-last');
    node.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(${Math.min(1.3, Math.max(0.5, from.width / Math.max(1, to.width)))})` }, { transform: 'none' }],
      { duration: ms, easing: 'cubic-bezier(0.2, 0.7, 0.2, 1)' },
    );
  }

  function drawPile(cards, count, playing) {
    const names = cards.map((p) => cardName(p.card)).join(', ');
    pile.replaceChildren(
      h('span', { class: 'spot-label' }, 'The play'),
      h(
        'div',
        { class: 'spot fan fan--pile', role: 'img', 'aria-label': cards.length ? `The play: ${names}; the count is ${count}` : 'No cards in the play' },
        ...cards.map((p, i) => renderCard(p.card, { label: false, className: i === cards.length - 1 ? 'is-last' : '' })),
      ),
      h(
        'p',
        { class: `count${playing ? '' : ' is-idle'}`, 'data-testid': 'count' },
        h('span', { class: 'count-value' }, playing ? String(count) : '–'),
        h('span', { class: 'count-label' }, 'count'),
      ),
    );
  }

  return {
    /**
     * Draws the play; a card just added slides in over `motion` ms (none: 0).
     * @param {{ card: string, seat: number }[]} cards @param {number} count @param {boolean} playing @param {number} [motion]
     */
    draw(cards, count, playing, motion) {
      const from = origin(cards);
      drawPile(cards, count, playing);
      if (from && motion) slideIn(pile.querySelector('.fan--pile > .card:last-child'), from, motion);
    },
  };
}
