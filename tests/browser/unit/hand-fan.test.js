import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fanLayout, COMFORTABLE_STRIP } from '../../../web-client/js/core/hand-fan.js';

const phone = { width: 340, cardWidth: 54, cardHeight: 76, lift: 14, maxRows: 2 };

test('a few cards lie side by side with a gap, centred', () => {
  const l = fanLayout({ ...phone, count: 3 });
  assert.equal(l.rows, 1);
  assert.equal(l.step, 60);
  assert.equal(l.positions[0].x, (340 - (54 + 2 * 60)) / 2);
  assert.equal(l.height, 14 + 76);
});

test('a hand too wide for the screen overlaps, each card keeping a strip, still in one row while it can', () => {
  const l = fanLayout({ ...phone, count: 10 });
  assert.equal(l.rows, 1);
  assert.ok(l.step >= COMFORTABLE_STRIP);
  assert.ok(l.positions.at(-1).x + 54 <= 340);
});

test('twenty cards on a small phone take two rows of ten, every strip at least 24 px', () => {
  const l = fanLayout({ ...phone, count: 20 });
  assert.equal(l.rows, 2);
  assert.equal(l.positions.filter((p) => p.y === l.positions[0].y).length, 10);
  assert.ok(l.step >= 24, `a strip of ${l.step} px`);
  // The row above keeps its corner and a strip even under a card lifted from below.
  assert.ok(l.rowStep - 14 >= 28);
  for (const p of l.positions) assert.ok(p.x >= 0 && p.x + 54 <= 340);
});

test('an odd count puts the extra card in the upper row', () => {
  const l = fanLayout({ ...phone, count: 21 });
  const top = l.positions.filter((p) => p.y === l.positions[0].y).length;
  assert.equal(top, 11);
  assert.equal(l.positions.length, 21);
});

test('a screen held sideways has one row: the cards overlap more instead', () => {
  const l = fanLayout({ ...phone, width: 560, maxRows: 1, count: 20 });
  assert.equal(l.rows, 1);
  assert.ok(Math.abs(l.positions.at(-1).x + 54 - 560) < 1e-9);
});

test('no cards, no room', () => {
  assert.deepEqual(fanLayout({ ...phone, count: 0 }).positions, []);
});
