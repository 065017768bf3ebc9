// @ts-check
// Sound, made in the page with Web Audio: no file to download. Off until the
// player turns it on (one tap, the Sound button); silent under "reduce
// motion", and wherever the device itself is silenced (a phone's silent
// switch mutes Web Audio). Three sounds: a card laid (a soft snap of
// noise), a peg moved (a wooden tock, one per peg, up to four), and a short
// rising phrase for a big hand (twelve or more).

/**
 * @param {{ enabled: () => boolean }} deps
 * @returns {{ play(kind: 'card'|'peg'|'big', detail?: { points?: number }): void, close(): void }}
 */
export function createSound(deps) {
  const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');
  let context = null;

  /** The audio context, made on first use (after the tap that turned sound on). */
  function audio() {
    if (context) return context;
    const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!Context) return null;
    try {
      context = new Context();
    } catch {
      return null;
    }
    return context;
  }

  /** A tone with a quick attack and an exponential fall: the one instrument. */
  function tone(ctx, { at, frequency, length, volume, type = 'sine' }) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(volume, at + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + length + 0.02);
  }

  /** A card laid: a short burst of filtered noise. */
  function snap(ctx, at) {
    const frames = Math.round(ctx.sampleRate * 0.05);
    const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 3;
    const source = ctx.createBufferSource();
    const filter = ctx.createBiquadFilter();
    const gain = ctx.createGain();
    source.buffer = buffer;
    filter.type = 'bandpass';
    filter.frequency.value = 2200;
    gain.gain.value = 0.35;
    source.connect(filter).connect(gain).connect(ctx.destination);
    source.start(at);
  }

  return {
    play(kind, detail = {}) {
      if (!deps.enabled() || reduced?.matches) return;
      const ctx = audio();
      if (!ctx) return;
      if (ctx.state === 'suspended') ctx.resume().catch(() => {});
      const now = ctx.currentTime + 0.01;
      if (kind === 'card') snap(ctx, now);
      else if (kind === 'peg') {
        const taps = Math.min(Math.max(detail.points ?? 1, 1), 4);
        for (let i = 0; i < taps; i++) tone(ctx, { at: now + i * 0.07, frequency: 880, length: 0.06, volume: 0.18, type: 'triangle' });
      } else if (kind === 'big') {
        [523.25, 659.25, 783.99, 1046.5].forEach((frequency, i) => tone(ctx, { at: now + i * 0.11, frequency, length: 0.28, volume: 0.16 }));
      }
    },
    close() {
      context?.close().catch(() => {});
      context = null;
    },
  };
}
