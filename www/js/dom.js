// @ts-check
// Tiny DOM helpers: build elements without innerHTML, so no markup is ever
// parsed from strings and the page stays within its Content-Security-Policy.

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Creates an HTML element, typed by its tag (`h('button')` is an HTMLButtonElement).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 *   Attributes; `false`, `null` and `undefined` are left out, `true` is set empty.
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/**
 * The element that has the focus in the document or shadow root `node` is in.
 * @param {Node} node
 * @returns {Element | null}
 */
export const activeIn = (node) => /** @type {Document | ShadowRoot} */ (node.getRootNode()).activeElement;

/**
 * Hands the focus to `el`, as the table does after a step (the hand at the
 * player's turn, a Continue, a result's first button), and brings it into
 * the window only when it is outside it, by the least scroll: the table is
 * left where it stands when the control is already seen (no jump at each
 * turn), but a control focused below or above the window's edge (a phone
 * held sideways, a page zoomed to 200 %, where the table is taller than the
 * window), or in it under the prompt pinned to its foot, was never shown,
 * and a keyboard player's Enter acted on what they could not see. Only
 * while some of `region` (the table) is in the window: a player who has
 * scrolled the table away (to read the page around a game embedded in it)
 * is not pulled back to it.
 * @param {HTMLElement} el
 * @param {Element} [region]  What the player looks at when `el` is theirs to use (`el` itself by default).
 */
export function focusSeen(el, region = el) {
  el.focus({ preventScroll: true });
  const r = el.getBoundingClientRect();
  // In the window but its foot under what is pinned over the window's foot
  // (the prompt and its buttons, on a phone or a short window): not seen
  // either. Its scroll margin then brings it clear of them.
  // (Only where it is in a document or a shadow root: a table not yet put in a page has no point.)
  const root = /** @type {Partial<Document | ShadowRoot>} */ (el.getRootNode());
  const foot = root.elementFromPoint?.(r.left + r.width / 2, r.bottom - 1) ?? null;
  if (r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && (!foot || el.contains(foot))) return;
  const seen = region.getBoundingClientRect();
  if (region === el || (seen.bottom > 0 && seen.top < innerHeight)) el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * Creates an SVG element (same arguments as {@link h}).
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function svg(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** The app's button classes, and the ::part() names they give a button (the embed's theming hooks). */
const BUTTON_PARTS = [['button', 'button'], ['button--primary', 'button-primary'], ['tool', 'button tool']];

/**
 * Sets the attributes and appends the children.
 * @template {Element} E
 * @param {E} el
 * @param {Record<string, string | number | boolean | null | undefined>} attrs
 * @param {(Node | string | null | undefined | false)[]} children
 * @returns {E}
 */
function build(el, attrs, children) {
  const classes = typeof attrs.class === 'string' ? attrs.class.split(/\s+/) : [];
  const parts = BUTTON_PARTS.filter(([name]) => classes.includes(name)).flatMap(([, part]) => part.split(' '));
  if (parts.length && !('part' in attrs)) el.setAttribute('part', [...new Set(parts)].join(' '));
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'style') throw new Error('inline styles break the CSP: use a class');
    if (value === false || value === null || value === undefined) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child);
  }
  return el;
}

/**
 * Closes every open dialog in `host` (here, not in dialogs.js, which the
 * app may never have loaded).
 * @param {Element} host
 */
export function closeAllDialogs(host) {
  for (const dialog of host.querySelectorAll('dialog')) {
    dialog.close('cancel');
    dialog.remove();
  }
}
