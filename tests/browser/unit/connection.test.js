import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, socketUrl } from '../../../web-client/js/net/connection.js';

// A WebSocket stand-in the test opens and closes by hand.
function fakeSockets() {
  const made = [];
  class FakeSocket {
    constructor(url) { this.url = url; this.sent = []; this.closed = false; made.push(this); }
    send(text) { this.sent.push(JSON.parse(text)); }
    close() { this.closed = true; }
    open() { this.onopen?.(); }
    receive(obj) { this.onmessage?.({ data: JSON.stringify(obj) }); }
    drop(code = 1006) { this.onclose?.({ code }); }
  }
  return { FakeSocket, made };
}

function fakeTimers() {
  let next = 1;
  const pending = new Map();
  return {
    setTimeout(fn, ms) { const id = next++; pending.set(id, { fn, ms }); return id; },
    clearTimeout(id) { pending.delete(id); },
    pending,
    runAll() { const due = [...pending.entries()]; pending.clear(); for (const [, t] of due) t.fn(); },
  };
}

test('opens, says hello through onOpen, and reads JSON frames', () => {
  const { FakeSocket, made } = fakeSockets();
  const got = [];
  const statuses = [];
  const c = new Connection({ url: 'ws://x/ws', WebSocketImpl: FakeSocket, timers: fakeTimers(),
    onOpen: () => c.send({ type: 'hello', v: 1, name: 'Ana' }), onMessage: (m) => got.push(m), onStatus: (s) => statuses.push(s) });
  c.start();
  made[0].open();
  assert.deepEqual(made[0].sent, [{ type: 'hello', v: 1, name: 'Ana' }]);
  made[0].receive({ type: 'welcome', player_id: 'p' });
  made[0].onmessage({ data: 'not json' });
  assert.deepEqual(got, [{ type: 'welcome', player_id: 'p' }]);
  assert.deepEqual(statuses, ['connecting', 'open']);
});

test('a dropped connection is retried after a delay, and says reconnecting meanwhile', () => {
  const { FakeSocket, made } = fakeSockets();
  const timers = fakeTimers();
  const statuses = [];
  const c = new Connection({ url: 'ws://x/ws', WebSocketImpl: FakeSocket, timers, random: () => 0.5, onStatus: (s) => statuses.push(s) });
  c.start();
  made[0].open();
  made[0].drop();
  assert.equal(c.status, 'reconnecting');
  assert.equal(c.send({ type: 'ping' }), false, 'nothing is sent while down');
  assert.equal(made.length, 1);
  timers.runAll();
  assert.equal(made.length, 2, 'a new socket after the delay');
  made[1].open();
  assert.equal(c.status, 'open');
});

test('a socket that stops answering pings is replaced', () => {
  const { FakeSocket, made } = fakeSockets();
  const timers = fakeTimers();
  const c = new Connection({ url: 'ws://x/ws', WebSocketImpl: FakeSocket, timers });
  c.start();
  made[0].open();
  c.checkAlive();
  assert.deepEqual(made[0].sent.at(-1), { type: 'ping' });
  // Neither pong nor anything else arrives: the pong timer fires.
  const pong = [...timers.pending.values()].find((t) => t.ms === 2500);
  assert.ok(pong, 'a pong deadline is running');
  pong.fn();
  assert.ok(made[0].closed);
  assert.equal(made.length, 2);
});

test('stop closes and does not come back', () => {
  const { FakeSocket, made } = fakeSockets();
  const timers = fakeTimers();
  const c = new Connection({ url: 'ws://x/ws', WebSocketImpl: FakeSocket, timers });
  c.start();
  made[0].open();
  c.stop();
  assert.ok(made[0].closed);
  timers.runAll();
  assert.equal(made.length, 1);
});

test('the browser going offline drops the socket at once, and coming online reconnects at once', () => {
  const { FakeSocket, made } = fakeSockets();
  const timers = fakeTimers();
  const statuses = [];
  const c = new Connection({ url: 'ws://x/ws', WebSocketImpl: FakeSocket, timers, onStatus: (s) => statuses.push(s) });
  c.start();
  made[0].open();
  c.wentOffline();
  assert.ok(made[0].closed, 'the old socket is closed');
  assert.equal(c.status, 'reconnecting');
  assert.equal(c.offline, true);
  assert.equal(c.send({ type: 'ping' }), false);
  c.wentOnline();
  assert.equal(made.length, 2, 'a new socket without waiting for the retry');
  made[1].open();
  assert.equal(c.offline, false);
  assert.equal(c.status, 'open');
});

// Timers that run in order of when they are due, on a clock the test moves.
function clockTimers() {
  let now = 0;
  let next = 1;
  const pending = new Map();
  return {
    setTimeout(fn, ms) { const id = next++; pending.set(id, { fn, at: now + ms }); return id; },
    clearTimeout(id) { pending.delete(id); },
    now: () => now,
    /** Moves the clock to `to`, running every timer due by then (and those they set). */
    advanceTo(to) {
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= to).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = to;
    },
  };
}

/**
 * An open connection on `timers` to a server that answers every ping `rtt` ms after it
 * went, as long as the ping reaches it before `diesAt`; then it says nothing more, and
 * the socket stays open. `lostAt()` is when the connection started reconnecting.
 */
function openConnection(timers, { rtt = 0, diesAt = Infinity } = {}) {
  const { FakeSocket, made } = fakeSockets();
  let lostAt = null;
  const c = new Connection({ url: 'ws://x/ws', WebSocketImpl: FakeSocket, timers,
    onStatus: (s) => { if (s === 'reconnecting' && lostAt === null) lostAt = timers.now(); } });
  c.start();
  const socket = made[0];
  const send = socket.send.bind(socket);
  socket.send = (text) => {
    send(text);
    if (JSON.parse(text).type === 'ping' && timers.now() + rtt / 2 < diesAt) {
      timers.setTimeout(() => socket.receive({ type: 'pong' }), rtt);
    }
  };
  socket.open();
  return { c, socket, made, lostAt: () => lostAt };
}

test('a silent server is declared lost within 5 s in the lobby, where nothing else is sent', () => {
  const timers = clockTimers();
  const { socket, made, lostAt } = openConnection(timers, { diesAt: 0 });
  socket.receive({ type: 'welcome', player_id: 'p' });
  // The server went silent right after its last frame (at 0).
  timers.advanceTo(1999);
  assert.deepEqual(socket.sent, [], 'no ping while the server was heard from less than 2 s ago');
  timers.advanceTo(2000);
  assert.deepEqual(socket.sent, [{ type: 'ping' }], 'a ping after 2 s of silence');
  timers.advanceTo(10_000);
  assert.equal(lostAt(), 4500, 'lost 4.5 s after the last frame');
  assert.ok(socket.closed, 'the silent socket is let go');
  assert.equal(made.length, 2, 'and a new one is on its way');
});

test('whenever the server falls silent, it is declared lost 4.5 s after its last frame at most', () => {
  for (const diesAt of [0, 1, 1999, 2000, 2001, 3000, 4499, 4500, 60_001]) {
    const timers = clockTimers();
    const { lostAt } = openConnection(timers, { diesAt });
    timers.advanceTo(diesAt + 10_000);
    assert.ok(lostAt() !== null, `silent from ${diesAt}: noticed`);
    assert.ok(lostAt() - diesAt <= 4500 && lostAt() > diesAt, `silent from ${diesAt}: noticed ${lostAt() - diesAt} ms later`);
  }
});

test('a phone a second away is never taken for dead, and pings every 3 s while nothing else comes', () => {
  const timers = clockTimers();
  const { socket, made, lostAt } = openConnection(timers, { rtt: 1000 });
  timers.advanceTo(60_000);
  assert.equal(lostAt(), null);
  assert.equal(made.length, 1);
  assert.equal(socket.sent.length, 20, 'a minute: 2 s of silence, then 1 s for the answer, 20 times');
});

test('a busy table sends no pings: every frame from the server puts the next one off', () => {
  const timers = clockTimers();
  const { socket, lostAt } = openConnection(timers);
  for (let t = 0; t <= 60_000; t += 1900) {
    timers.advanceTo(t);
    socket.receive({ type: 'game', version: t });
  }
  assert.deepEqual(socket.sent, []);
  assert.equal(lostAt(), null);
});

test('a move keeps a deadline already running: a ping unanswered for 2 s, then a move, is lost 0.5 s later', () => {
  const timers = clockTimers();
  const { c, socket, lostAt } = openConnection(timers, { diesAt: 0 });
  timers.advanceTo(4000);
  assert.equal(lostAt(), null);
  c.expectReply();
  assert.deepEqual(socket.sent.at(-1), { type: 'ping' }, 'the move checks the link');
  timers.advanceTo(10_000);
  assert.equal(lostAt(), 4500, 'not put off to 6.5 s by the move');
});

test('a move sent checks the link at once: no answer within 2.5 s means a new connection', () => {
  const { FakeSocket, made } = fakeSockets();
  const timers = fakeTimers();
  const c = new Connection({ url: 'ws://x/ws', WebSocketImpl: FakeSocket, timers });
  c.start();
  made[0].open();
  c.expectReply();
  assert.deepEqual(made[0].sent.at(-1), { type: 'ping' });
  const deadline = [...timers.pending.values()].find((t) => t.ms === 2500);
  assert.ok(deadline);
  made[0].receive({ type: 'pong' });
  assert.ok(![...timers.pending.values()].some((t) => t.ms === 2500), 'an answer clears the deadline');
  c.expectReply();
  [...timers.pending.values()].find((t) => t.ms === 2500).fn();
  assert.equal(made.length, 2, 'silence: reconnected');
});

test('moved to another tab (4409): the connection stays closed and says why', () => {
  for (const code of [4409]) {
    const { FakeSocket, made } = fakeSockets();
    const timers = fakeTimers();
    const ended = [];
    const c = new Connection({ url: 'ws://x/ws', WebSocketImpl: FakeSocket, timers, onEnd: (why) => ended.push(why) });
    c.start();
    made[0].open();
    made[0].drop(code);
    assert.deepEqual(ended, [code]);
    assert.equal(c.status, 'idle', 'not "reconnecting": nothing is on its way');
    assert.equal(timers.pending.size, 0, 'no retry, no ping');
    c.checkAlive();
    c.wentOnline();
    c.reconnectNow();
    timers.runAll();
    assert.equal(made.length, 1, 'a wake-up, the network or a retry never opens another');
    c.start();
    assert.equal(made.length, 2, '"Play here" does');
    made[1].open();
    assert.equal(c.status, 'open');
  }
});

test('stop() keeps the connection closed whatever comes after, until start()', () => {
  const { FakeSocket, made } = fakeSockets();
  const timers = fakeTimers();
  const c = new Connection({ url: 'ws://x/ws', WebSocketImpl: FakeSocket, timers });
  c.start();
  made[0].open();
  c.stop();
  made[0].drop(4409);
  c.checkAlive();
  c.wentOffline();
  c.wentOnline();
  timers.runAll();
  assert.equal(made.length, 1);
  assert.equal(c.status, 'idle');
});

test('a URL given as a function is asked at every connection, so a player at a table reconnects to its URL', () => {
  const { FakeSocket, made } = fakeSockets();
  const timers = fakeTimers();
  let table = null;
  const c = new Connection({ url: () => socketUrl({ protocol: 'https:', host: 'cards.example' }, table),
    WebSocketImpl: FakeSocket, timers, random: () => 0 });
  c.start();
  assert.equal(made[0].url, 'wss://cards.example/ws');
  made[0].open();
  table = 'K7MPQ2';
  made[0].drop();
  timers.runAll();
  assert.equal(made[1].url, 'wss://cards.example/ws?table=K7MPQ2');
  assert.equal(socketUrl({ protocol: 'http:', host: 'localhost:8080' }), 'ws://localhost:8080/ws');
});
