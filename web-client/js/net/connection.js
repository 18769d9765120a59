// The one WebSocket to /ws: opens it, reopens it with backoff when it drops, and checks
// that it is alive (a phone that slept may hold a socket that is long dead). It knows
// nothing of the game: the app says hello in onOpen and reads frames in onMessage.
// The WebSocket class and the timers come in as options so tests can fake them.
//
// A server that stops answering without closing (a paused process, a phone network that
// drops packets, a NAT that forgot the mapping) is noticed within 5 s in every state:
// after 2 s without a frame from the server a ping goes out, and 2.5 s without any frame
// after it means the socket is dead (4.5 s at worst, and slop to spare). Any frame counts,
// so a busy table sends no pings; an idle one costs about 1.1 KB a minute of WebSocket
// frames (protocol/README.md). A move checks the link at once. The browser's `offline`
// event drops the socket at once. A hidden tab's timers run late, so it may notice later;
// the app checks again when it is shown.
//
// The URL may be a function, asked at every (re)connection: a player at a table connects to
// the table's URL (`/ws?table=CODE`), which a proxy in front of several servers routes to
// the one serving that table.
//
// The server may end a session for good: the player said hello in another tab or on
// another device (close code 4409). Then nothing reconnects by itself, or two tabs would
// take the player from each other forever; `onEnd` says so and only `start()` connects
// again.

import { reconnectDelay } from '../core/backoff.js';

// Their sum, plus the timers' slop, is how late a silent server is noticed: at most 5 s.
// 2.5 s to answer is more than twice a slow phone network's round trip.
export const PING_AFTER_SILENCE_MS = 2000;
export const ANSWER_WITHIN_MS = 2500;
export const CLOSE_SESSION_MOVED = 4409;
const FINAL_CLOSE_CODES = new Set([CLOSE_SESSION_MOVED]);

export class Connection {
  constructor({ url, onOpen, onMessage, onStatus, onEnd, WebSocketImpl = globalThis.WebSocket, timers = globalThis,
    random = Math.random, isOnline = () => globalThis.navigator?.onLine !== false }) {
    this.url = url;
    this.onOpen = onOpen ?? (() => {});
    this.onMessage = onMessage ?? (() => {});
    this.onStatus = onStatus ?? (() => {});
    this.onEnd = onEnd ?? (() => {});
    this.WebSocketImpl = WebSocketImpl;
    this.timers = timers;
    this.random = random;
    this.isOnline = isOnline;
    this.socket = null;
    this.attempt = 0;
    this.status = 'idle';
    this.retryTimer = null;
    this.pingTimer = null;
    this.pongTimer = null;
    this.stopped = false;
    this.nextRetryAt = null;
    this.offline = false;    // the browser says the network is gone
  }

  start() {
    this.stopped = false;
    if (!this.socket) this.open();
  }

  stop() {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close(1000, 'bye');
    this.setStatus('idle');
  }

  /** Sends a message now; false when there is no open connection (the caller decides). */
  send(message) {
    if (!this.socket || this.status !== 'open') return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Drops the current socket (if any) and connects again at once: a rename, a wake-up. */
  reconnectNow() {
    if (this.stopped) return;
    this.attempt = 0;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      try { socket.close(4000, 'reconnecting'); } catch { /* already closed */ }
    }
    this.open();
  }

  /** Checks the socket is alive now (page visible again, network back). */
  checkAlive() {
    if (this.stopped) return;
    if (!this.socket || this.status !== 'open') {
      this.reconnectNow();
      return;
    }
    this.ping();
  }

  /**
   * The browser's `offline` event: the socket cannot be trusted (it may hold frames for
   * minutes and deliver them late), so it goes now and `wentOnline` connects again.
   */
  wentOffline() {
    if (this.stopped) return;
    this.offline = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      try { socket.close(4001, 'offline'); } catch { /* already closed */ }
    }
    // No attempts while the browser says it is offline; `online` connects again at once.
    this.scheduleRetry();
    this.onStatus(this.status);
  }

  wentOnline() {
    this.offline = false;
    this.checkAlive();
  }

  /**
   * A move just went out: its answer (or a pong) must come within the usual time, else
   * reconnect. A deadline already running is kept, never pushed back.
   */
  expectReply() {
    this.ping();
  }

  open() {
    this.setStatus(this.attempt === 0 && this.status === 'idle' ? 'connecting' : 'reconnecting');
    let socket;
    try {
      socket = new this.WebSocketImpl(typeof this.url === 'function' ? this.url() : this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.offline = false;
      this.setStatus('open');
      this.schedulePing();
      this.onOpen();
    };
    socket.onmessage = (e) => {
      if (this.socket !== socket) return;
      this.heardFromServer();
      let message;
      try { message = JSON.parse(e.data); } catch { return; }
      if (message && typeof message === 'object' && typeof message.type === 'string') this.onMessage(message);
    };
    socket.onclose = (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (FINAL_CLOSE_CODES.has(e?.code)) {
        this.stopped = true;
        this.setStatus('idle');
        this.onEnd(e.code);
        return;
      }
      if (!this.stopped) this.scheduleRetry();
    };
    socket.onerror = () => { /* onclose follows and retries */ };
  }

  scheduleRetry() {
    const delay = reconnectDelay(this.attempt, { random: this.random });
    this.attempt += 1;
    this.nextRetryAt = Date.now() + delay;
    this.setStatus('reconnecting');
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      if (this.stopped) return;
      // Offline: an attempt could only fail; look again later (or at the `online` event).
      if (this.offline && !this.isOnline()) this.scheduleRetry();
      else this.open();
    }, delay);
  }

  schedulePing() {
    this.timers.clearTimeout(this.pingTimer);
    this.pingTimer = this.timers.setTimeout(() => this.ping(), PING_AFTER_SILENCE_MS);
  }

  ping() {
    if (!this.socket || this.status !== 'open') return;
    this.socket.send(JSON.stringify({ type: 'ping' }));
    if (!this.pongTimer) {
      // No word from the server in time: the socket is dead even if the browser has not noticed.
      this.pongTimer = this.timers.setTimeout(() => {
        this.pongTimer = null;
        this.reconnectNow();
      }, ANSWER_WITHIN_MS);
    }
  }

  heardFromServer() {
    if (this.pongTimer) {
      this.timers.clearTimeout(this.pongTimer);
      this.pongTimer = null;
    }
    this.schedulePing();
  }

  clearTimers() {
    for (const name of ['retryTimer', 'pingTimer', 'pongTimer']) {
      if (this[name]) this.timers.clearTimeout(this[name]);
      this[name] = null;
    }
  }

  setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.onStatus(status);
  }
}

/** ws://host/ws or wss://host/ws for the page's own server. */
/** The lobby's URL, or with `table` the URL of that table (protocol/socket_route.hpp). */
export function socketUrl(location, table = null) {
  const base = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
  return table ? `${base}?table=${encodeURIComponent(table)}` : base;
}
