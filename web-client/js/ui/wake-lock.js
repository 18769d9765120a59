// Keeps the screen awake while you play: a phone that dims and locks mid-game drops its
// socket and, after a while, hands your seat to a bot. The browser releases the lock
// whenever the page is hidden, so it is asked for again each time the page comes back.

export class ScreenWakeLock {
  constructor(wakeLock = navigator.wakeLock) {
    this.api = wakeLock ?? null;   // absent on plain http and in some browsers: then nothing happens
    this.wanted = false;
    this.sentinel = null;
    this.asking = false;
    document.addEventListener('visibilitychange', () => this.sync());
  }

  /** Whether the screen should stay on now (it is your game). Cheap to call on every render. */
  hold(wanted) {
    if (wanted === this.wanted) return;
    this.wanted = wanted;
    this.sync();
  }

  get held() {
    return this.sentinel !== null && !this.sentinel.released;
  }

  async sync() {
    if (!this.api) return;
    if (this.wanted && !this.held && !this.asking && document.visibilityState === 'visible') {
      this.asking = true;
      try {
        const sentinel = await this.api.request('screen');
        this.sentinel = sentinel;
        sentinel.addEventListener('release', () => { if (this.sentinel === sentinel) this.sentinel = null; });
      } catch {
        // Refused (battery saver, a policy): the game goes on, the screen may dim.
      } finally {
        this.asking = false;
      }
      // Wanted no more while we were asking: give it back at once.
      if (!this.wanted) this.sync();
    } else if (!this.wanted && this.held) {
      const sentinel = this.sentinel;
      this.sentinel = null;
      sentinel.release().catch(() => {});
    }
  }
}
