import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startSwap, tapSwap, swapAction, swapChanged, stackingAllowed } from '../../../web-client/js/core/swap.js';

const legal = [
  { type: 'swap', face_up: ['10C', '7D', '7S'] },
  { type: 'swap', face_up: ['7D', '7S', 'AH'] },
  { type: 'swap', face_up: ['10C', '7S', 'AH'] },
];

test('tap a hand card, then a face-up card: they change places', () => {
  let s = startSwap(['AH', '3C'], ['10C', '7D', '7S']);
  s = tapSwap(s, 'hand', 0);
  assert.deepEqual(s.picked, { zone: 'hand', index: 0 });
  s = tapSwap(s, 'face_up', 0);
  assert.deepEqual(s, { hand: ['10C', '3C'], faceUp: ['AH', '7D', '7S'], picked: null });
  assert.ok(swapChanged(s, ['10C', '7D', '7S']));
  assert.deepEqual(swapAction(s, legal), { type: 'swap', face_up: ['AH', '7D', '7S'] });
});

test('the other order works too, and a second tap on the same card drops it', () => {
  let s = startSwap(['AH'], ['10C', '7D', '7S']);
  s = tapSwap(s, 'face_up', 1);
  s = tapSwap(s, 'face_up', 1);
  assert.equal(s.picked, null);
  s = tapSwap(tapSwap(s, 'face_up', 1), 'hand', 0);
  assert.deepEqual(s.faceUp, ['10C', 'AH', '7S']);
});

test('an arrangement the rules do not list cannot be confirmed', () => {
  const s = { hand: ['7S'], faceUp: ['10C', '7D', '3C'], picked: null };
  assert.equal(swapAction(s, legal), null);
  assert.deepEqual(swapAction(startSwap([], ['10C', '7D', '7S']), legal), { type: 'swap', face_up: ['10C', '7D', '7S'] });
});

test('with swap stacking a card of the same rank goes on the stack', () => {
  const stacked = [{ type: 'swap', face_up: ['7D', '7S', '7H', '10C'] }, { type: 'swap', face_up: ['10C', '7D', '7S'] }];
  assert.ok(stackingAllowed(stacked, 3));
  assert.ok(!stackingAllowed(legal, 3));
  let s = startSwap(['7H'], ['10C', '7D', '7S']);
  s = tapSwap(tapSwap(s, 'hand', 0), 'face_up', 1, { stacking: true });
  assert.deepEqual(s.faceUp, ['10C', '7D', '7H', '7S']);
  assert.deepEqual(s.hand, []);
  assert.ok(swapAction(s, stacked));
});

test('palace has no face-up cards: the empty swap', () => {
  assert.deepEqual(swapAction(startSwap(['2C', '3C', '4C'], []), [{ type: 'swap', face_up: [] }]), { type: 'swap', face_up: [] });
});
