// @ts-check
// The show as the table presents it: each hand and the crib counted in
// order, phrase by phrase with the cards of each phrase lit, and in muggins
// the claims, the cards face up and the count covered until every call is
// made. Every total and phrase comes from the engine (its show events and
// its scorer); this module only decides what the panel holds and when a
// line is said.
//
// Loaded when a hand is first shown (play.js): nothing of it is needed
// before the first card can be played.

import { h } from './dom.js';
import { cardName, renderCard, setCardState } from './cards.js';
import { capital } from './words-first.js';
import { cadenceOf, showLabel } from './words-shared.js';

/**
 * @typedef {object} ShowEntry  One counted hand or crib in the panel.
 * @property {number} seat
 * @property {'hand'|'crib'} kind
 * @property {string} label        "Your hand", "Ada’s crib".
 * @property {string[]} cards
 * @property {{ phrase: string, cards: string[], running: number }[]} steps
 * @property {number} revealed     Phrases said so far.
 * @property {number|null} total
 * @property {number|null} claimed
 * @property {boolean} hidden      Covered while a muggins call may come.
 * @property {string} [pendingText]  What the covered hand shows: the claim and the calls so far.
 * @property {string[]} [calls]     The calls on the claim, told again once the count is shown.
 * @property {string|null} note
 * @property {string|null} noteTone
 * @property {boolean} active
 * @property {number} [backs]      Cards counted but not shown, drawn face down.
 * @property {string} [none]       What a count of nothing is called.
 * @property {string|null} [after] Said once the count is told: the score after it, where the game's event gives one.
 */

/**
 * The show panel and its telling.
 * @param {object} deps
 * @param {(hand: string[], starter: string, crib: boolean) => { steps: Record<string, any>[] }} deps.scoreShow  The engine's scorer.
 * @param {() => import('./words.js').Voice} deps.voice
 * @param {(text: string) => void} deps.say
 * @param {(pace: 'step'|'show_end', alive: () => boolean) => Promise<void>} deps.pause  Waits (and draws).
 * @param {() => void} deps.render
 * @param {() => boolean} deps.animated  Whether counts are read out phrase by phrase.
 */
export function createShow(deps) {
  /** @type {{ title: string, starter: string, starterName?: string, lines?: boolean, entries: ShowEntry[], focus: Record<string, any>|null, hint: string } | null} */
  let show = null;

  const cadence = (entry) => (entry.steps.length || !entry.none ? cadenceOf(entry.steps) : entry.none.toLowerCase());

  function entryFor(record) {
    const voice = deps.voice();
    const { seat, score, claimed } = record;
    const kind = score.kind;
    let steps = [];
    try {
      steps = deps.scoreShow(score.hand, score.starter, kind === 'crib').steps;
    } catch {
      steps = [];
    }
    const entry = { seat, kind, label: showLabel(voice, seat, kind), cards: score.hand, steps, revealed: 0, total: score.total, claimed: claimed ?? null, hidden: false, note: null, noteTone: null, active: false };
    if (claimed !== null && claimed !== undefined) {
      const who = voice.isYou(seat) ? 'You' : voice.name(seat);
      const off = claimed < score.total ? `${score.total - claimed} missed` : `${claimed - score.total} too many`;
      entry.note = claimed === score.total ? `${who} claimed ${claimed}: right.` : `${who} claimed ${claimed}; the cards hold ${score.total}: ${off}.`;
      entry.noteTone = claimed === score.total ? null : 'warn';
    }
    return entry;
  }

  /** The covered hand or crib a claim is waiting on, made if the panel lacks it. */
  function waiting(seat, kind, cards) {
    let entry = show.entries.find((e) => e.seat === seat && e.kind === kind);
    if (!entry) {
      entry = { seat, kind, label: showLabel(deps.voice(), seat, kind), cards: cards ?? [], steps: [], revealed: 0, total: null, claimed: null, hidden: true, pendingText: '', calls: [], note: null, noteTone: null, active: false };
      show.entries.push(entry);
    }
    show.entries.forEach((e) => (e.active = e === entry));
    return entry;
  }

  const claimText = (seat, claimed) => `${deps.voice().isYou(seat) ? 'You claim' : `${deps.voice().name(seat)} claims`} ${claimed}.`;

  function ensure(starter, handNumber) {
    show ??= { title: `The show: hand ${handNumber ?? ''}`.trim(), starter, entries: [], focus: null, hint: '' };
    return show;
  }

  async function countOut(entry, alive, animate) {
    entry.hidden = false;
    const index = show.entries.indexOf(entry);
    if (animate && deps.animated()) {
      for (let k = 0; k < entry.steps.length; k++) {
        entry.revealed = k + 1;
        show.focus = { entry: index, step: k, cards: entry.steps[k].cards };
        await deps.pause('step', alive);
      }
    }
    entry.revealed = Math.max(entry.steps.length, 1);
    show.focus = null;
    deps.say(`${entry.label}: ${cadence(entry)}.${entry.steps.length ? ` ${entry.total} in all.` : ''}${entry.after ? ` ${entry.after}` : ''}`);
    await deps.pause('show_end', alive);
  }

  return {
    /** The panel as it stands (null when no show is open). */
    get current() {
      return show;
    },

    /**
     * Tells one counted hand made by the caller (the family's three-card
     * games, whose events carry their phrases): it joins the panel, opened
     * with `title` if none is open, and is counted out phrase by phrase.
     * @param {ShowEntry} entry
     * @param {{ alive: () => boolean, animate: boolean, title: string, starter: string, starterName?: string, lines?: boolean }} how
     *   `lines`: the counts of lines whose cards are lit where they lie (a
     *   grid), each told in a line of words without its cards drawn again.
     */
    async tellEntry(entry, { alive, animate, title, starter, starterName, lines = false }) {
      show ??= { title, starter, starterName, lines, entries: [], focus: null, hint: '' };
      show.entries.forEach((e) => (e.active = false));
      entry.active = true;
      show.entries.push(entry);
      await countOut(entry, alive, animate);
    },

    /** Closes the panel: a new hand, or the next game. */
    clear() {
      show = null;
    },

    /**
     * Tells one show event: the hand joins the panel and is counted out.
     * In muggins this comes once every call on the claim is made; the
     * calls are told again above the count.
     * @param {import('../../types/engine.js').GameEvent} ev  The `show` event.
     * @param {{ alive: () => boolean, animate: boolean, handNumber: number }} how
     */
    async tell(ev, { alive, animate, handNumber }) {
      const s = ensure(ev.score.starter, handNumber);
      s.entries.forEach((e) => (e.active = false));
      const entry = entryFor(ev);
      entry.active = true;
      // The count replaces the covered hand that waited for the calls.
      const waitingAt = s.entries.findIndex((e) => e.seat === ev.seat && e.kind === ev.kind);
      if (waitingAt >= 0) {
        const calls = s.entries[waitingAt].calls ?? [];
        if (calls.length) entry.note = [entry.note, ...calls].filter(Boolean).join(' ');
        s.entries[waitingAt] = entry;
      } else {
        s.entries.push(entry);
      }
      await countOut(entry, alive, animate);
    },

    /**
     * (Muggins) a claim: the hand waits face up, its count covered, with
     * the claim on it, until every opponent has called or let it stand.
     * @param {{ seat: number, kind: 'hand'|'crib', claimed: number }} ev  The `claimed` event.
     * @param {{ starter: string|null, showing: Record<string, any>|null, handNumber: number }} at  Where the game stands.
     */
    claimed(ev, { starter, showing, handNumber }) {
      ensure(starter, handNumber);
      const cards = showing && showing.seat === ev.seat && showing.kind === ev.kind ? showing.cards : null;
      const entry = waiting(ev.seat, ev.kind, cards);
      entry.hidden = true;
      entry.claimed = ev.claimed;
      entry.calls = [];
      entry.pendingText = claimText(ev.seat, ev.claimed);
      deps.render();
    },

    /**
     * (Muggins) a call on the claim, or an opponent letting it stand: told
     * on the covered hand; the count stays covered until every call is made.
     * @param {string} note  "Ada calls muggins: 14. Wrong: the claim stands."
     */
    called(note) {
      const entry = show?.entries.find((e) => e.hidden && e.claimed !== null);
      if (!entry) return;
      entry.calls = [...(entry.calls ?? []), note];
      entry.pendingText = [claimText(entry.seat, entry.claimed), ...entry.calls].join(' ');
      deps.render();
    },

    /** Adds what a muggins call pegged to the hand just counted. */
    annotate(note, tone) {
      const entry = show?.entries.find((e) => e.active && !e.hidden);
      if (!entry) return;
      entry.note = entry.note ? `${entry.note} ${note}` : note;
      entry.noteTone = tone ?? entry.noteTone;
    },

    /** The hand is over: the panel stays to be studied. */
    study() {
      if (!show) return;
      show.hint = 'Point at a phrase to see its cards.';
      show.focus = null;
    },

    /**
     * The panel during a muggins claim or call, from the observation alone
     * (after a reload it starts empty): the counted hands face up, the one
     * being claimed covered; with the calls on each claim and what they
     * pegged, as told live, from the hand's events (telling.js's `callNotes`).
     * @param {import('../../types/engine.js').Observation} obs
     * @param {{ calls: Record<string, string[]>, pegged: Record<string, string[]> }} [notes]
     */
    openFor(obs, notes = { calls: {}, pegged: {} }) {
      const showing = obs.showing;
      if (!showing || !obs.starter) return;
      const s = ensure(obs.starter, obs.hand_number);
      for (const record of obs.shows) {
        if (!s.entries.some((e) => e.seat === record.seat && e.kind === record.score.kind)) {
          const entry = entryFor(record);
          const key = `${record.seat}/${record.score.kind}`;
          entry.revealed = Math.max(entry.steps.length, 1);
          entry.note = [entry.note, ...(notes.calls[key] ?? []), ...(notes.pegged[key] ?? [])].filter(Boolean).join(' ') || null;
          if (notes.pegged[key]?.length) entry.noteTone = 'bad';
          s.entries.push(entry);
        }
      }
      const fresh = !s.entries.some((e) => e.seat === showing.seat && e.kind === showing.kind);
      const entry = waiting(showing.seat, showing.kind, showing.cards);
      if (!entry.cards.length) entry.cards = showing.cards;
      if (obs.phase === 'claim') {
        entry.pendingText = 'Your count?';
      } else if (obs.phase === 'muggins' && (fresh || entry.claimed === null)) {
        // After a reload: the claim, from the observation, and the calls on it so far.
        entry.claimed = showing.claimed;
        entry.calls = notes.calls[`${showing.seat}/${showing.kind}`] ?? [];
        entry.pendingText = [claimText(showing.seat, showing.claimed), ...entry.calls].join(' ');
      }
    },

    /**
     * Lights the cards of one counted phrase (pointed at or focused), or
     * none (`null`: the pointer left the phrases).
     * @returns {boolean} whether anything changed
     */
    focus(entryIndex, step) {
      if (entryIndex === null) {
        if (!show?.focus) return false;
        show.focus = null;
        return true;
      }
      const entry = show?.entries[entryIndex];
      if (!entry || entry.hidden || step >= entry.revealed) return false;
      if (show.focus?.entry === entryIndex && show.focus.step === step) return false;
      show.focus = { entry: entryIndex, step, cards: entry.steps[step].cards };
      return true;
    },
  };
}

// --- Drawing the panel ---------------------------------------------------------------

/**
 * The show panel as drawn on the table (table.js places it, keeping the
 * reader's scroll and focus): each counted hand with its cards lit for the
 * phrase in focus, its phrases as buttons to point at, and the total.
 * @param {Record<string, any>} show  The panel's view (see createShow's `current`).
 * @returns {HTMLElement}
 */
export function showPanel(show) {
  const entries = show.entries.map((entry, index) => {
    const lit = show.focus && show.focus.entry === index ? new Set(show.focus.cards) : null;
    // Cards not shown (Noddy's announcement is made without showing the
    // hand) are drawn face down, never lit.
    const backs = Array.from({ length: entry.backs ?? 0 }, () => renderCard(null, { label: false }));
    // A count with no starter (Cribbage Solitaire's last four) shows its cards alone.
    const cards = [...entry.cards, ...(show.starter ? [show.starter] : [])].map((card, i) => {
      const node = renderCard(card, { label: false, className: i === entry.cards.length ? 'is-starter' : '' });
      if (lit) setCardState(node, { highlighted: lit.has(card), dimmed: !lit.has(card) });
      return node;
    });
    const steps = entry.hidden
      ? [h('span', { class: 'step is-pending' }, entry.pendingText ?? 'Waiting for the count…')]
      : entry.steps.slice(0, entry.revealed).map((step, s) =>
          h(
            'button',
            {
              type: 'button',
              class: `step${show.focus?.entry === index && show.focus.step === s ? ' is-active' : ''}`,
              'data-entry': index,
              'data-step': s,
              'aria-label': step.cards.length ? `${step.phrase}: ${step.cards.map(cardName).join(', ')}` : step.phrase,
            },
            s === 0 ? capital(step.phrase) : step.phrase,
          ),
        );
    if (!entry.hidden && entry.steps.length === 0 && entry.revealed > 0) {
      steps.push(h('span', { class: 'step step--none' }, entry.none ?? 'Nineteen: not a point to count'));
    }
    // While the count is read out, the total runs with it.
    const total = entry.hidden ? (entry.claimed ?? '?') : entry.revealed >= entry.steps.length ? entry.total : (entry.steps[entry.revealed - 1]?.running ?? 0);
    const head = h('h3', { class: 'show-name' }, entry.label);
    const sum = h('span', { class: 'show-total', 'data-testid': 'show-total' }, String(total));
    const shown = h('div', { class: 'show-cards', role: 'img', 'aria-label': `${entry.backs ? `${entry.backs} cards not shown` : entry.cards.map(cardName).join(', ')}${show.starter ? `, and the ${(show.starterName ?? 'starter').toLowerCase()}, ${cardName(show.starter)}` : ''}` }, ...backs, ...cards);
    const cadence = h('p', { class: 'cadence' }, ...joinSteps(steps));
    const note = entry.note ? h('p', { class: `show-note${entry.noteTone ? ` show-note--${entry.noteTone}` : ''}` }, entry.note) : null;
    const at = { class: `show-entry${entry.active ? ' is-active' : ''}${entry.hidden ? ' is-covered' : ''}`, 'data-testid': `show-${entry.kind}-${entry.seat}` };
    // A line of a grid: its name and its count in one line of words, the
    // cards (lit on the grid) named for a screen reader only.
    if (show.lines) return h('li', at, sum, h('div', { class: 'show-line' }, head, ' ', cadence), shown, note);
    return h('li', at, h('div', { class: 'show-head' }, head, sum), shown, cadence, note);
  });
  return h(
    'div',
    { class: `show paper${show.lines ? ' show--lines' : ''}`, role: 'region', 'aria-label': show.title },
    h('div', { class: 'show-top' }, h('h2', { class: 'section-title' }, show.title), show.subtitle ? h('p', { class: 'show-sub' }, show.subtitle) : null),
    h('ol', { class: 'show-list' }, ...entries),
    h(
      'div',
      { class: 'show-foot' },
      h('p', { class: 'show-hint' }, show.hint ?? ''),
      ...(show.actions ?? []).map((a) =>
        h('button', { type: 'button', class: `button${a.primary ? ' button--primary' : ''}`, 'data-action': a.id, 'data-testid': `action-${a.id}`, 'aria-keyshortcuts': a.keys ?? null }, a.label),
      ),
    ),
  );
}

// Each phrase keeps its comma: a line of the count breaks after "fifteen
// four," never before ", and a run is twelve" (the buttons are atomic, so a
// bare ", " after one would be a place to break).
function joinSteps(steps) {
  const out = [];
  steps.forEach((node, i) => {
    if (i > 0) out.push(' ');
    out.push(i < steps.length - 1 ? h('span', { class: 'step-join' }, node, ',') : node);
  });
  return out;
}

