// A short two-note chime when it becomes your turn, synthesized with WebAudio (no sound
// files). Browsers only let a page play sound after a user gesture, so the context is
// created on the first tap or key press and reused.

export class TurnSound {
  constructor({ muted = false } = {}) {
    this.muted = muted;
    this.context = null;
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

  /** Two soft bell-like notes, a fifth apart. */
  yourTurn() {
    if (this.muted) return;
    const ctx = this.ensureContext();
    if (!ctx || ctx.state === 'closed') return;
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    const start = ctx.currentTime + 0.02;
    [[659.25, 0], [987.77, 0.12]].forEach(([frequency, offset]) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.18, start + offset + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.45);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + offset);
      osc.stop(start + offset + 0.5);
    });
  }
}
