// Tiny DOM helpers: build elements without innerHTML, so no markup is ever
// parsed from strings and the page stays within its Content-Security-Policy.

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Creates an HTML element.
 * @param {string} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 *   Attributes; `false`, `null` and `undefined` are left out, `true` is set empty.
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/**
 * Creates an SVG element (same arguments as {@link h}).
 * @param {string} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** The app's button classes, and the ::part() names they give a button (the embed's theming hooks). */
const BUTTON_PARTS = [['button', 'button'], ['button--primary', 'button-primary'], ['tool', 'button tool']];

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
