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
  const pong = [...timers.pending.values()].find((t) => t.ms === 8000);
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

test('while the player is to move, pings come every 3 s and get 2.5 s', () => {
  const { FakeSocket, made } = fakeSockets();
  const timers = fakeTimers();
  const c = new Connection({ url: 'ws://x/ws', WebSocketImpl: FakeSocket, timers });
  c.start();
  made[0].open();
  c.setUrgent(true);
  assert.ok([...timers.pending.values()].some((t) => t.ms === 3000), 'the next ping in 3 s');
  c.ping();
  assert.ok([...timers.pending.values()].some((t) => t.ms === 2500), 'the pong within 2.5 s');
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
