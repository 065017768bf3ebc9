// A plain score display: each side's score and last points against the
// target, as a row of bars. The stand-in for the peg board while that
// component is being built; same shape: createScoreboard(el) → { set, destroy }.

import { h } from './dom.js';

/**
 * @param {HTMLElement} el
 */
export function createScoreboard(el) {
  const root = h('div', { class: 'scoreboard', role: 'group', 'aria-label': 'Scores' });
  el.append(root);
  let key = '';
  let frame = 0;
  let view = null;

  function draw() {
    frame = 0;
    const next = JSON.stringify(view);
    if (!view || next === key) return;
    key = next;
    root.replaceChildren(
      ...view.scores.map((pegs, side) => {
        const pct = Math.min(100, (pegs.front / view.target) * 100);
        const last = pegs.front - pegs.rear;
        return h(
          'div',
          { class: 'sb-row', 'data-side': side },
          h('span', { class: 'sb-name' }, view.names[side]),
          h('span', { class: 'sb-score', 'data-testid': `score-${side}` }, String(pegs.front)),
          h('span', { class: 'sb-track', 'aria-hidden': 'true' }, h('span', { class: `sb-fill sb-fill--${side}`, 'data-pct': Math.round(pct) })),
          h('span', { class: 'visually-hidden' }, `${view.names[side]}: ${pegs.front} of ${view.target}${last ? `, last pegged ${last}` : ''}`),
        );
      }),
    );
    for (const fill of root.querySelectorAll('.sb-fill')) fill.style.setProperty('--pct', `${fill.dataset.pct}%`);
  }

  return {
    set(next) {
      view = next;
      if (!frame) frame = requestAnimationFrame(draw);
    },
    destroy() {
      if (frame) cancelAnimationFrame(frame);
      root.remove();
    },
  };
}
