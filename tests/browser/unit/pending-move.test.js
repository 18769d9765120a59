// A move made while the connection is down, or lost as it went, is never dropped in
// silence: it is sent when the game stands where it stood, or the player is told.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newMove, connectionLost, onStateFrame, gameKey } from '../../../web-client/js/core/pending-move.js';

const play = { type: 'play', cards: ['5H'] };
const before = { phase: 'play', viewer: 0, current: 0, turns: 7, hand: ['5H', 'KD'], pile: ['3C'],
  seats: [{ swapped: true, face_up: ['QC'], face_down: [true] }] };
const played = { ...before, current: 1, turns: 8, hand: ['KD'], pile: ['3C', '5H'] };
const movedOn = { ...before, turns: 9, pile: ['3C', '4D', '6S'] };

test('the game key ignores what a dropped connection changes, and sees any move', () => {
  assert.equal(gameKey({ ...before }), gameKey(before));
  assert.notEqual(gameKey(played), gameKey(before));
  assert.equal(gameKey(null), null);
});

test('a move sent on a live connection is settled once the game moves', () => {
  const move = newMove(play, before, { sent: true });
  assert.deepEqual(onStateFrame(move, { type: 'game' }, played), { move: null, send: false, settled: true, notice: null });
  assert.equal(onStateFrame(move, { type: 'room' }, before).settled, false, 'a room frame about seats settles nothing');
});

test('a move made offline waits, and goes once the game is back as it was', () => {
  const move = newMove(play, before, { sent: false });
  assert.equal(onStateFrame(move, { type: 'game' }, before).send, false, 'only the room frame of the return decides');
  const back = onStateFrame(move, { type: 'room' }, before);
  assert.equal(back.send, true);
  assert.equal(back.move.sent, true);
  assert.equal(back.move.rejoining, false);
  // ...and the frame of that move settles it.
  assert.equal(onStateFrame(back.move, { type: 'game' }, played).settled, true);
});

test('a move made offline is dropped with words when the game moved on meanwhile', () => {
  const result = onStateFrame(newMove(play, before, { sent: false }), { type: 'room' }, movedOn);
  assert.equal(result.move, null);
  assert.equal(result.send, false);
  assert.equal(result.settled, false, 'the cards stay chosen');
  assert.match(result.notice, /not sent/);
});

test('a move lost with its connection is sent again only if the game never saw it', () => {
  const lost = connectionLost(newMove(play, before, { sent: true }));
  assert.equal(lost.rejoining, true);
  assert.equal(onStateFrame(lost, { type: 'room' }, before).send, true);
  const moved = onStateFrame(lost, { type: 'room' }, played);
  assert.equal(moved.send, false);
  assert.match(moved.notice, /look before you play again/);
  assert.equal(connectionLost(null), null);
});
