// @ts-check
// The card table's parts drawn only after the first play, or in a set-up the
// first deal does not wait for: cutting for deal by hand, the form to type a
// count (a claim, a muggins call), and the panels over the table (a game's
// result, the next game of a match, the curtain between pass-and-play
// turns). table.js draws everything else; it takes these once loaded
// (`setParts`), which the controller (play.js) sees to before any of them is
// asked for, with their styles (css/later.css). A module of the ones loaded
// later (lazy.js, through later.js).

import { focusSeen, h } from './dom.js';
import { cardName, renderCard } from './cards.js';

/**
 * The form for a count to type: a claim, or (`call`) a muggins call.
 * @param {{ value: string, error: string, call?: boolean }} claim
 * @param {string} uid  The table's own id, for the form's labels.
 * @returns {HTMLElement}
 */
export function claimForm(claim, uid) {
  const input = h('input', {
    type: 'text',
    class: 'claim-input',
    id: `claim-${uid}`,
    inputmode: 'numeric',
    autocomplete: 'off',
    maxlength: 3,
    value: claim.value,
    'aria-describedby': `claim-error-${uid}`,
    'aria-invalid': claim.error ? 'true' : null,
    'data-testid': 'claim-input',
  });
  return h(
    'form',
    { class: 'claim', novalidate: true },
    h('label', { for: `claim-${uid}`, class: 'claim-label' }, claim.call ? 'The true count' : 'Your count'),
    input,
    h('button', { type: 'submit', class: 'button button--primary', 'data-action': 'claim', 'data-testid': claim.call ? 'action-muggins' : 'action-claim' }, claim.call ? 'Muggins!' : 'Claim'),
    h('p', { class: 'visually-hidden', id: `claim-error-${uid}`, role: 'alert' }, claim.error ?? ''),
  );
}

/**
 * Draws a panel over the table in `layer`, and focuses its first button
 * (unless the panel says not to).
 * @param {HTMLElement} layer
 * @param {Record<string, any>} panel  { title, lines?, table?, actions?, tone?, focus? }
 * @param {string} uid  The table's own id, for the panel's label.
 */
export function drawPanel(layer, panel, uid) {
  // A result may be moved aside to study the table under it (the last
  // show, the board); the curtain between pass-and-play turns may not.
  layer.classList.remove('is-aside');
  const aside =
    panel.tone === 'curtain'
      ? null
      : h('button', { type: 'button', class: 'button button--quiet panel-aside', 'data-panel': 'aside', 'aria-pressed': 'false', 'data-testid': 'panel-aside' }, 'See the table');
  // The result's words centred on the box's whole width; the way to move it
  // aside comes after its buttons, never beside the heading.
  const box = h(
    'div',
    { class: `panel-box paper${panel.tone ? ` panel-box--${panel.tone}` : ''}`, role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': `panel-title-${uid}`, 'data-testid': 'table-panel' },
    h('h2', { class: 'panel-title', id: `panel-title-${uid}` }, ...titleParts(panel.title)),
    ...(panel.lines ?? []).map((line) => h('p', { class: 'panel-line' }, line)),
    panel.table ?? null,
    h(
      'div',
      { class: 'panel-buttons' },
      ...(panel.actions ?? []).map((a) =>
        h('button', { type: 'button', class: `button${a.primary ? ' button--primary' : ''}`, 'data-action': a.id, 'data-testid': `action-${a.id}` }, a.label),
      ),
    ),
    aside,
  );
  layer.replaceChildren(box);
  const first = box.querySelector('.button--primary') ?? box.querySelector('button');
  if (panel.focus !== false && first) focusSeen(/** @type {HTMLElement} */ (first), layer.parentElement ?? layer);
}

/**
 * A result's heading in clauses that each stay whole: "Ada and Ben win," /
 * "61 to 51", never "… 61 to" / "51". A long clause may still wrap.
 * @param {string} title
 */
function titleParts(title) {
  const at = title.lastIndexOf(', ');
  if (at < 0) return [title];
  const parts = [title.slice(0, at + 1), title.slice(at + 2)];
  return parts.every((part) => part.length <= 28) ? [h('span', { class: 'panel-title-part' }, parts[0]), ' ', h('span', { class: 'panel-title-part' }, parts[1])] : [title];
}

/**
 * A click in the panel's layer: its "See the table" moves the result aside
 * (and back); its buttons are the player's answer.
 * @param {any} event
 * @param {HTMLElement} layer
 * @param {(action: string) => void} onAction
 */
export function panelClick(event, layer, onAction) {
  const toggle = event.target.closest('button[data-panel="aside"]');
  if (toggle) {
    const away = layer.classList.toggle('is-aside');
    toggle.textContent = away ? 'Back to the result' : 'See the table';
    toggle.setAttribute('aria-pressed', String(away));
    return;
  }
  const action = event.target.closest('button[data-action]');
  if (action) onAction(action.dataset.action);
}

/**
 * Cutting for deal by hand: the cards cut so far where the play goes, and
 * the pack to cut in the hand's place.
 * @param {{ cutPack: HTMLElement, handList: HTMLElement, pile: HTMLElement,
 *   on: (target: EventTarget, type: string, fn: (event: any) => void) => void, onCut: (action: string) => void }} deps
 */
export function createCutPack({ cutPack, handList, pile, on, onCut }) {
  /** The cards cut so far, each with its cutter's name, where the play goes. */
  function drawCuts(cuts) {
    const label = cuts.length ? `Cut for deal: ${cuts.map((c) => `${c.name}, ${cardName(c.card)}`).join('; ')}` : 'Cut for deal: no card cut yet';
    pile.replaceChildren(
      h('span', { class: 'spot-label' }, 'Cut for deal'),
      h(
        'ul',
        { class: 'fan--cuts', role: 'img', 'aria-label': label, 'data-testid': 'cuts' },
        ...cuts.map((c) => h('li', { class: 'cut-card', 'data-seat': c.seat }, renderCard(c.card, { label: false }), h('span', { class: 'cut-name' }, c.name))),
      ),
    );
  }

  /**
   * The pack, face down, as a row of card edges from the top card at the
   * left: each edge the player may cut at is a button, one tab stop for
   * them all (arrows move along the pack, as in the hand).
   */
  function drawCutPack(cut) {
    const showing = Boolean(cut);
    cutPack.hidden = !showing;
    handList.hidden = showing;
    if (!showing) {
      cutPack.replaceChildren();
      return;
    }
    const byDepth = new Map(cut.depths.map((d) => [d.depth, d.action]));
    const depths = [...byDepth.keys()];
    const middle = depths[Math.floor(depths.length / 2)];
    const edges = Array.from({ length: 52 }, (_, i) => {
      const depth = i + 1;
      const action = byDepth.get(depth);
      return action
        ? h('button', { type: 'button', class: 'cut-edge', 'data-action': action, 'data-testid': `cut-${depth}`, 'aria-label': `Lift ${depth} cards`, tabindex: depth === middle ? 0 : -1 })
        : h('span', { class: 'cut-edge' });
    });
    const choosing = depths.length > 0;
    cutPack.replaceChildren(
      h(
        'div',
        choosing
          ? { class: 'cut-pack is-choosing', role: 'group', 'aria-label': `The pack: cut by lifting from ${depths[0]} to ${depths.at(-1)} cards; the bottom card of those lifted is yours`, 'data-testid': 'cut-pack' }
          : { class: 'cut-pack', role: 'img', 'aria-label': 'The pack, being cut', 'data-testid': 'cut-pack' },
        ...edges,
      ),
    );
  }

  on(cutPack, 'click', (event) => {
    const edge = event.target.closest('.cut-edge[data-action]');
    if (edge) onCut(edge.dataset.action);
  });
  on(cutPack, 'keydown', (event) => {
    const edge = event.target.closest('.cut-edge[data-action]');
    if (!edge) return;
    const all = [...cutPack.querySelectorAll('.cut-edge[data-action]')];
    const i = all.indexOf(edge);
    const moves = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: all.length - 1, PageDown: i + 5, PageUp: i - 5 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = all[Math.max(0, Math.min(all.length - 1, moves[event.key]))];
    for (const b of all) b.tabIndex = b === next ? 0 : -1;
    next.focus();
  });

  return { drawCuts, drawPack: drawCutPack };
}
