// The show as the table presents it: each hand and the crib counted in
// order, phrase by phrase with the cards of each phrase lit, and in muggins
// the claims, covered while an opponent may still call. Every total and
// phrase comes from the engine (its show events and its scorer); this
// module only decides what the show panel holds and when a line is said.

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
 * @property {string} [pendingText]
 * @property {string|null} note
 * @property {string|null} noteTone
 * @property {boolean} active
 */

/**
 * "Your hand", "Ada’s crib".
 * @param {import('./words.js').Voice} voice
 * @param {number} seat
 * @param {'hand'|'crib'} kind
 * @returns {string}
 */
export function showLabel(voice, seat, kind) {
  return `${voice.isYou(seat) ? 'Your' : `${voice.name(seat)}’s`} ${kind === 'crib' ? 'crib' : 'hand'}`;
}

/**
 * The count as a player says it, from the engine's phrases: "fifteen two,
 * fifteen four and a pair is six", or the nineteen of an empty hand.
 * @param {{ phrase: string }[]} steps
 * @returns {string}
 */
export function cadenceOf(steps) {
  return steps.length ? steps.map((st) => st.phrase).join(', ') : 'nineteen: not a point to count';
}

/**
 * The show panel and its telling.
 * @param {object} deps
 * @param {(hand: string[], starter: string, crib: boolean) => { steps: object[] }} deps.scoreShow  The engine's scorer.
 * @param {() => import('./words.js').Voice} deps.voice
 * @param {(text: string) => void} deps.say
 * @param {(pace: 'step'|'show_end', alive: () => boolean) => Promise<void>} deps.pause  Waits (and draws).
 * @param {() => void} deps.render
 * @param {() => boolean} deps.animated  Whether counts are read out phrase by phrase.
 * @param {() => string} deps.phase  The engine's phase now.
 */
export function createShow(deps) {
  /** @type {{ title: string, starter: string, entries: ShowEntry[], focus: object|null, hint: string } | null} */
  let show = null;

  const cadence = (entry) => cadenceOf(entry.steps);

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
      const missed = score.total - claimed;
      const who = voice.isYou(seat) ? 'You' : voice.name(seat);
      entry.note = missed > 0 ? `${who} claimed ${claimed}; the cards hold ${score.total}: ${missed} missed.` : `${who} claimed ${claimed}: right.`;
      entry.noteTone = missed > 0 ? 'warn' : null;
    }
    return entry;
  }

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
    deps.say(`${entry.label}: ${cadence(entry)}.${entry.steps.length ? ` ${entry.total} in all.` : ''}`);
    await deps.pause('show_end', alive);
  }

  return {
    /** The panel as it stands (null when no show is open). */
    get current() {
      return show;
    },

    /** Closes the panel: a new hand, or the next game. */
    clear() {
      show = null;
    },

    /**
     * Tells one show event: the hand joins the panel and is counted out,
     * or, in muggins while a call may still come, waits covered.
     * @param {object} ev  The `show` event.
     * @param {object[]} rest  The events after it in the same batch.
     * @param {{ alive: () => boolean, animate: boolean, handNumber: number }} how
     */
    async tell(ev, rest, { alive, animate, handNumber }) {
      const s = ensure(ev.score.starter, handNumber);
      s.entries.forEach((e) => (e.active = false));
      const entry = entryFor(ev);
      entry.active = true;
      // A claim replaces the face-up hand that was waiting for it.
      const waitingAt = s.entries.findIndex((e) => e.seat === ev.seat && e.kind === ev.kind);
      if (waitingAt >= 0) s.entries[waitingAt] = entry;
      else s.entries.push(entry);
      // In muggins the count stays covered while an opponent may still call.
      const pendingCall = ev.claimed !== null && ev.claimed !== undefined && !rest.some((e) => e.type !== 'pegged') && deps.phase() === 'muggins';
      if (pendingCall) {
        entry.hidden = true;
        entry.pendingText = `${deps.voice().isYou(ev.seat) ? 'You claim' : `${deps.voice().name(ev.seat)} claims`} ${ev.claimed}.`;
        deps.render();
        return;
      }
      await countOut(entry, alive, animate);
    },

    /** Uncovers the hand whose call has been made, with what came of it. */
    reveal(note, tone) {
      const entry = show?.entries.find((e) => e.hidden && e.total !== null);
      if (!entry) return;
      entry.hidden = false;
      entry.revealed = Math.max(entry.steps.length, 1);
      entry.note = entry.note ? `${entry.note} ${note}` : note;
      entry.noteTone = tone ?? entry.noteTone;
      deps.say(`${entry.label}: ${cadence(entry)}.`);
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
     * being claimed covered.
     * @param {object} obs
     */
    openFor(obs) {
      const showing = obs.showing;
      if (!showing || !obs.starter) return;
      const s = ensure(obs.starter, obs.hand_number);
      for (const record of obs.shows) {
        if (!s.entries.some((e) => e.seat === record.seat && e.kind === record.score.kind)) {
          const entry = entryFor(record);
          entry.revealed = Math.max(entry.steps.length, 1);
          s.entries.push(entry);
        }
      }
      let entry = s.entries.find((e) => e.seat === showing.seat && e.kind === showing.kind);
      if (obs.phase === 'claim' && !entry) {
        entry = { seat: showing.seat, kind: showing.kind, label: showLabel(deps.voice(), showing.seat, showing.kind), cards: showing.cards, steps: [], revealed: 0, total: null, claimed: null, hidden: true, pendingText: 'Your count?', note: null, active: true };
        s.entries.push(entry);
      } else if (obs.phase === 'muggins' && entry) {
        entry.hidden = true;
        entry.pendingText = `${deps.voice().name(showing.seat)} claims ${showing.claimed}.`;
      }
      s.entries.forEach((e) => (e.active = e === entry));
    },

    /**
     * Lights the cards of one counted phrase (pointed at or focused).
     * @returns {boolean} whether anything changed
     */
    focus(entryIndex, step) {
      const entry = show?.entries[entryIndex];
      if (!entry || entry.hidden || step >= entry.revealed) return false;
      if (show.focus?.entry === entryIndex && show.focus.step === step) return false;
      show.focus = { entry: entryIndex, step, cards: entry.steps[step].cards };
      return true;
    },
  };
}
