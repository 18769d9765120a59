// A move made while the connection is down, or lost as it went, is never dropped in
// silence: it is sent when the game stands where it stood, or the player is told; one the
// table played as the connection died counts as played when the snapshot shows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newMove, connectionLost, onStateFrame, gameKey, wentThrough, eventsOf } from '../../../web-client/js/core/pending-move.js';

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
  assert.deepEqual(onStateFrame(move, { type: 'game' }, played), { move: null, send: false, settled: true, notice: null, played: null });
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
  const moved = onStateFrame(lost, { type: 'room' }, movedOn);
  assert.equal(moved.send, false);
  assert.equal(moved.settled, false, 'the cards stay chosen');
  assert.equal(moved.played, null);
  assert.match(moved.notice, /look before you play again/);
  assert.equal(connectionLost(null), null);
});

// The snapshot after a return, when the server played the move from the dropped socket:
// the 5H left the hand, the turn count moved on, and the game went on past it.
const playedThenMore = { ...before, current: 0, turns: 9, hand: ['KD', '8C'], pile: ['3C', '5H', '6D'] };

test('a move lost with its connection that the table played anyway counts as played, and the log tells it', () => {
  const lost = connectionLost(newMove(play, before, { sent: true }));
  for (const view of [played, playedThenMore]) {
    const back = onStateFrame(lost, { type: 'room' }, view);
    assert.equal(back.move, null);
    assert.equal(back.send, false, 'never sent twice');
    assert.equal(back.settled, true, 'the selection has done its job');
    assert.equal(back.notice, null, 'no word of a lost move');
    assert.deepEqual(back.played, [{ type: 'played', seat: 0, cards: ['5H'], source: 'hand' }]);
  }
});

test('a move made offline was never sent, so whatever the game did was not it', () => {
  const waiting = newMove(play, before, { sent: false });
  const back = onStateFrame(waiting, { type: 'room' }, played);
  assert.equal(back.played, null);
  assert.match(back.notice, /not sent/);
});

test('the cards still in the hand say the move was not played, whatever else moved', () => {
  const lost = connectionLost(newMove(play, before, { sent: true }));
  assert.equal(wentThrough(lost, movedOn), false, 'the turn count moved, but the 5H is still held');
  assert.equal(wentThrough(lost, { ...played, turns: 7 }), false, 'the turn count did not move');
  assert.equal(wentThrough(lost, { ...played, viewer: 1, seats: [...before.seats, before.seats[0]] }), false, 'another seat');
  assert.equal(wentThrough(lost, null), false);
});

test('cards count one by one: two decks may hold two 5H, and one of them played is not both', () => {
  const twoDecks = { ...before, hand: ['5H', '5H', 'KD'] };
  const one = connectionLost(newMove(play, twoDecks, { sent: true }));
  assert.equal(wentThrough(one, { ...twoDecks, turns: 8, hand: ['5H', 'KD'] }), true);
  const both = connectionLost(newMove({ type: 'play', cards: ['5H', '5H'] }, twoDecks, { sent: true }));
  assert.equal(wentThrough(both, { ...twoDecks, turns: 8, hand: ['5H', 'KD'] }), false);
  assert.equal(wentThrough(both, { ...twoDecks, turns: 8, hand: ['KD'] }), true);
});

test('a play from hand and table is told face-up cards first, as the server tells it', () => {
  const last = { ...before, hand: ['5H'], seats: [{ swapped: true, face_up: ['5C', 'QC'], face_down: [true] }] };
  const move = connectionLost(newMove({ type: 'play', cards: ['5H', '5C'] }, last, { sent: true }));
  const after = { ...last, turns: 8, current: 1, hand: [], seats: [{ swapped: true, face_up: ['QC'], face_down: [true] }] };
  assert.equal(wentThrough(move, after), true);
  assert.deepEqual(eventsOf(move), [
    { type: 'played', seat: 0, cards: ['5C'], source: 'face_up' },
    { type: 'played', seat: 0, cards: ['5H'], source: 'hand' },
  ]);
});

test('a face-down card turned, the pile picked up, a wait and a swap each leave their own mark', () => {
  const onFaceDown = { ...before, hand: [], seats: [{ swapped: true, face_up: [], face_down: [true, true] }] };
  const turn = connectionLost(newMove({ type: 'play_face_down', slot: 1 }, onFaceDown, { sent: true }));
  assert.equal(wentThrough(turn, { ...onFaceDown, turns: 8, seats: [{ swapped: true, face_up: [], face_down: [true, false] }] }), true);
  assert.equal(wentThrough(turn, { ...onFaceDown, turns: 8 }), false, 'the slot still holds its card');
  assert.deepEqual(eventsOf(turn), [], 'what the card was is not known');

  const pickup = connectionLost(newMove({ type: 'pickup' }, before, { sent: true }));
  assert.equal(wentThrough(pickup, { ...before, turns: 8, current: 1, hand: ['5H', 'KD', '3C'], pile: [] }), true);
  assert.equal(wentThrough(pickup, { ...before, turns: 8, current: 1, pile: ['3C', '4D'] }), false, 'the pile is not in the hand');
  assert.equal(wentThrough(connectionLost(newMove({ type: 'pickup' }, { ...before, current: 1 }, { sent: true })),
    { ...before, turns: 8, hand: ['5H', 'KD', '3C'], pile: [] }), false, 'not our turn: someone gave us the pile');
  assert.deepEqual(eventsOf(pickup), [{ type: 'picked_up', seat: 0, count: 1 }]);

  const wait = connectionLost(newMove({ type: 'wait' }, before, { sent: true }));
  assert.equal(wentThrough(wait, { ...before, turns: 8, current: 1 }), true);
  assert.equal(wentThrough(wait, played), false, 'cards left the hand: that was no wait');
  assert.deepEqual(eventsOf(wait), [{ type: 'waited', seat: 0 }]);

  const dealt = { ...before, phase: 'swap', turns: 0, current: null, hand: ['2C', '9D', 'AS'],
    seats: [{ swapped: false, face_up: ['3D', '4H', 'QS'], face_down: [true, true, true] }] };
  const swap = connectionLost(newMove({ type: 'swap', face_up: ['2C', '9D', 'AS'] }, dealt, { sent: true }));
  const swapped = { ...dealt, hand: ['3D', '4H', 'QS'], seats: [{ swapped: true, face_up: ['AS', '2C', '9D'], face_down: [true, true, true] }] };
  assert.equal(wentThrough(swap, swapped), true);
  assert.equal(wentThrough(swap, { ...swapped, seats: [{ ...swapped.seats[0], face_up: ['3D', '4H', 'QS'] }] }), false,
    'the swap timer kept the cards dealt');
  assert.deepEqual(eventsOf(swap), [{ type: 'swapped', seat: 0, count: 3 }]);
});
