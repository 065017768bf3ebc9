// @ts-check
// The coach panel: the Hint and "All the choices" buttons for the decision
// at hand. Every number comes from the engine's coach, run in the computer
// players' worker; the words and tables that lay the numbers out
// (advice.js) load the first time the coach is asked, so the page that
// deals the first hand does not wait for them.

import { h } from './dom.js';
import { later } from './later.js';

const lazyAdvice = () => later('advice');

/**
 * @param {HTMLElement} el  The coach panel's body.
 * @param {{ analyze: (saveText: string, seat: number, level: string) => Promise<import('../../types/engine.js').Analysis>,
 *           say: (text: string) => void,
 *           onSuggest: (cards: string[], text: string, why: string) => void,
 *           styles?: (file: string) => Promise<unknown> }} deps  `styles` loads a lazy stylesheet (dialogs.css for the tables).
 */
export function createCoach(el, deps) {
  const listeners = [];
  const on = (target, type, fn) => {
    target.addEventListener(type, fn);
    listeners.push(() => target.removeEventListener(type, fn));
  };
  const hintButton = h('button', { type: 'button', class: 'button', 'data-coach': 'hint', disabled: true, 'aria-keyshortcuts': 'H' }, 'Hint');
  const tableButton = h('button', { type: 'button', class: 'button', 'data-coach': 'table', disabled: true }, 'All the choices');
  const status = h('p', { class: 'coach-status', 'aria-live': 'polite' }, 'The coach helps when it is your turn to decide.');
  const body = h('div', { class: 'coach-result', 'data-testid': 'coach' });
  el.append(h('div', { class: 'coach-buttons' }, hintButton, tableButton), status, body);

  let turn = null;
  let run = 0;

  /**
   * A new decision (or none): the game's save and the seat to decide, and its phase.
   * Between decisions the last advice stays to be read; a new game (`fresh`)
   * or the game's end (`over`) clears it: it was about a deal now gone.
   * @param {Record<string, any>|null} next
   * @param {{ over?: boolean, fresh?: boolean }} [how]
   */
  function setTurn(next, how = {}) {
    turn = next;
    run++;
    // The face of the game says whether there is a choice to weigh (the mog
    // and the card to pass in Costly Colours as well as the discard and the play):
    // the panel knows no game's phases.
    const can = Boolean(next?.coachable);
    hintButton.disabled = !can;
    tableButton.disabled = !can;
    if (!next) {
      // Between decisions (a count to study, the others' turns) the advice
      // asked for stays to be read; with none, the last decision's "Ask for a
      // hint" went on inviting with its buttons off, where a reload there
      // (which restores no advice) says what the coach is for.
      if (how.over || how.fresh || !body.hasChildNodes()) {
        body.replaceChildren();
        status.textContent = how.over ? 'The game is over: nothing is left to decide.' : 'The coach helps when it is your turn to decide.';
      }
      return;
    }
    body.replaceChildren();
    status.textContent = can ? 'Ask for a hint, or see every choice with its numbers.' : 'Nothing for the coach to weigh here.';
  }

  async function analyze() {
    if (!turn) return null;
    const my = ++run;
    status.textContent = 'The coach is thinking…';
    try {
      const analysis = await deps.analyze(turn.save, turn.seat, turn.level);
      if (my !== run) return null;
      return analysis;
    } catch (err) {
      if (my === run) status.textContent = `The coach could not answer: ${err.message}.`;
      return null;
    }
  }

  async function hint() {
    const analysis = await analyze();
    if (!analysis) return;
    // The hint's styles (css/later.css) with its words.
    const [{ hintText }] = await Promise.all([lazyAdvice(), deps.styles?.('later.css')]);
    const text = hintText(analysis, turn);
    status.textContent = text.short;
    body.replaceChildren(h('p', { class: 'coach-hint', 'data-testid': 'coach-hint' }, text.long));
    deps.say(`Coach: ${text.long}`);
    deps.onSuggest(text.cards, `Coach: ${text.short}`, text.long);
  }

  async function showTable() {
    const analysis = await analyze();
    if (!analysis) return;
    status.textContent = { discard: 'Every way to lay away, best first:', lay_away: 'Every way to lay away, best first:', place: 'Every cell the card may go to:', mog: 'Mog or not, best first:', pass: 'Every card you may pass, best first:' }[analysis.kind] ?? 'Every card you may play, best first:';
    // Its table's styles are dialogs.css's, loaded with it (off the first visit's path).
    const [{ analysisTable }] = await Promise.all([lazyAdvice(), deps.styles?.('dialogs.css')]);
    body.replaceChildren(analysisTable(analysis, turn));
  }

  on(hintButton, 'click', hint);
  on(tableButton, 'click', showTable);

  return {
    setTurn,
    hint: () => (hintButton.disabled ? undefined : hint()),
    destroy() {
      run++;
      for (const off of listeners.splice(0)) off();
      el.replaceChildren();
    },
  };
}

