// The table's sounds, synthesized with WebAudio (no sound files): a two-note chime when
// it becomes your turn, a card's snap when one is played, a rising rush when the pile
// burns and a falling slide when someone picks it up. One mute switch silences them all.
// Browsers only let a page play sound after a user gesture, so the context is created on
// the first tap or key press and reused.

// What a step of the game sounds like: one sound a step, the most telling. A burn comes
// with the play that caused it, and a pick-up ends a turn on its own.
export function soundForEvents(events) {
  const types = new Set(events.map((event) => event.type));
  if (types.has('burned')) return 'burned';
  if (types.has('picked_up') || types.has('pile_given')) return 'pickedUp';
  if (types.has('played') || types.has('revealed')) return 'played';
  return null;
}

export class TableSounds {
  constructor({ muted = false } = {}) {
    this.muted = muted;
    this.context = null;
    this.noiseBuffer = null;
    // How many times each sound was actually scheduled: the browser tests read it.
    this.heard = { yourTurn: 0, played: 0, burned: 0, pickedUp: 0 };
    const unlock = () => {
      this.ensureContext();
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
    window.addEventListener('pointerdown', unlock);
    window.addEventListener('keydown', unlock);
  }

  ensureContext() {
    if (this.context) return this.context;
    const AudioContextImpl = window.AudioContext ?? window.webkitAudioContext;
    if (!AudioContextImpl) return null;
    try { this.context = new AudioContextImpl(); } catch { this.context = null; }
    return this.context;
  }

  /** The running context, or null when muted or sound is impossible. */
  ready(name) {
    if (this.muted) return null;
    const ctx = this.ensureContext();
    if (!ctx || ctx.state === 'closed') return null;
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    this.heard[name] += 1;
    return ctx;
  }

  /** Plays the sound of a step of the game, if it has one. */
  forEvents(events) {
    const name = soundForEvents(events);
    if (name) this[name]();
  }

  /** Two soft bell-like notes, a fifth apart. */
  yourTurn() {
    const ctx = this.ready('yourTurn');
    if (!ctx) return;
    const start = ctx.currentTime + 0.02;
    this.tone(ctx, 659.25, start, 0.45, 0.18);
    this.tone(ctx, 987.77, start + 0.12, 0.45, 0.18);
  }

  /** A card laid on the pile: a short, bright snap of noise. */
  played() {
    const ctx = this.ready('played');
    if (!ctx) return;
    const start = ctx.currentTime + 0.01;
    this.noise(ctx, start, 0.07, { type: 'highpass', from: 2200, to: 1800 }, 0.22);
  }

  /** The pile burning: noise rushing upwards over a low thump. */
  burned() {
    const ctx = this.ready('burned');
    if (!ctx) return;
    const start = ctx.currentTime + 0.01;
    this.noise(ctx, start, 0.55, { type: 'bandpass', from: 300, to: 3200 }, 0.28);
    this.tone(ctx, 110, start, 0.3, 0.2, 55);
  }

  /** The pile taken into a hand: a slide falling in pitch. */
  pickedUp() {
    const ctx = this.ready('pickedUp');
    if (!ctx) return;
    const start = ctx.currentTime + 0.01;
    this.noise(ctx, start, 0.35, { type: 'bandpass', from: 1800, to: 400 }, 0.2);
    this.tone(ctx, 330, start + 0.05, 0.35, 0.1, 196);
  }

  // A sine that swells in and dies away, gliding to `to` when given.
  tone(ctx, frequency, start, length, volume, to = frequency) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.setValueAtTime(frequency, start);
    if (to !== frequency) osc.frequency.exponentialRampToValueAtTime(to, start + length);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(volume, start + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + length + 0.05);
  }

  // White noise through a filter whose frequency sweeps from `from` to `to`.
  noise(ctx, start, length, { type, from, to }, volume) {
    if (!this.noiseBuffer) {
      const frames = Math.ceil(ctx.sampleRate * 0.6);
      this.noiseBuffer = ctx.createBuffer(1, frames, ctx.sampleRate);
      const data = this.noiseBuffer.getChannelData(0);
      for (let i = 0; i < frames; i += 1) data[i] = Math.random() * 2 - 1;
    }
    const source = ctx.createBufferSource();
    source.buffer = this.noiseBuffer;
    const filter = ctx.createBiquadFilter();
    filter.type = type;
    filter.frequency.setValueAtTime(from, start);
    filter.frequency.exponentialRampToValueAtTime(to, start + length);
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    source.connect(filter).connect(gain).connect(ctx.destination);
    source.start(start);
    source.stop(start + length + 0.05);
  }
}
