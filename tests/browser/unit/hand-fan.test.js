import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fanLayout, COMFORTABLE_STRIP, LEAST_STRIP, PACKED_OFFSET, LEAST_PACKED_OFFSET } from '../../../web-client/js/core/hand-fan.js';

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

// A tall phone (390×844): 66-px cards in 354 px, rows 47 px apart; three rows are
// 14 + 92.4 + 2 × 47.3 ≈ 201 px high.
const tall = { width: 354, cardWidth: 66, cardHeight: 92.4, lift: 14, maxRows: 2, mostRows: 4 };

test('twenty-three cards on a tall phone take a third row of the felt nothing uses: strips of 41 px, not 26', () => {
  const squeezed = fanLayout({ ...tall, count: 23 });
  assert.equal(squeezed.rows, 2);
  assert.ok(squeezed.step < COMFORTABLE_STRIP, `two rows leave ${squeezed.step} px`);
  const l = fanLayout({ ...tall, count: 23, room: 260 });
  assert.equal(l.rows, 3);
  assert.ok(l.step > 40, `a strip of ${l.step} px`);
  assert.ok(l.height <= 260);
  for (const p of l.positions) assert.ok(p.x >= 0 && p.x + 66 <= 354 + 1e-9);
});

test('rows taken from the felt stop at the first that keeps a comfortable strip, and at mostRows', () => {
  assert.equal(fanLayout({ ...tall, count: 23, room: 1000 }).rows, 3);
  assert.equal(fanLayout({ ...tall, count: 15, room: 1000 }).rows, 2);
  assert.equal(fanLayout({ ...tall, count: 60, room: 1000 }).rows, 4);
});

test('without the height for another row the hand keeps its rows, and never fewer than maxRows', () => {
  assert.equal(fanLayout({ ...tall, count: 23, room: 200 }).rows, 2);
  assert.equal(fanLayout({ ...tall, count: 23, room: -40 }).rows, 2);
  assert.equal(fanLayout({ ...tall, count: 23, room: 1000, mostRows: 2 }).rows, 2);
});

test('thirty cards with the felt for a third row stay card by card instead of packing', () => {
  const ranks = handOf([3, 2, 3, 2, 2, 3, 2, 2, 3, 2, 2, 2, 2]);
  assert.equal(fanLayout({ ...tall, count: 30, ranks }).packed, true);
  const l = fanLayout({ ...tall, count: 30, ranks, room: 260 });
  assert.equal(l.packed, false);
  assert.equal(l.rows, 3);
  assert.ok(l.step >= COMFORTABLE_STRIP, `a strip of ${l.step} px`);
});

test('no cards, no room', () => {
  assert.deepEqual(fanLayout({ ...phone, count: 0 }).positions, []);
});

/** A hand of `counts[r]` cards of rank r, in display order. */
function handOf(counts) {
  const ranks = [];
  counts.forEach((n, r) => { for (let i = 0; i < n; i += 1) ranks.push(String(r)); });
  return ranks;
}

/** The strip each run of a packed hand keeps: from its first card to the next run's, or the card's width for a row's last. */
function runStrips(l, cardWidth) {
  const strips = [];
  l.positions.forEach((p, i) => {
    if (i > 0 && l.group[i - 1] === l.group[i]) return;
    const next = l.positions.findIndex((q, j) => j > i && l.group[j] !== l.group[i]);
    const sameRow = next >= 0 && l.positions[next].y === p.y;
    strips.push(sameRow ? l.positions[next].x - p.x : cardWidth);
  });
  return strips;
}

test('short and long hands alike stay card by card while each card keeps the least strip', () => {
  for (const count of [3, 10, 20, 24]) {
    const l = fanLayout({ ...phone, count, ranks: handOf([count]) });
    assert.equal(l.packed, false, `${count} cards of one rank`);
  }
});

test('thirty cards on a small phone pack each rank, and every rank keeps a comfortable strip', () => {
  const ranks = handOf([3, 2, 3, 2, 2, 3, 2, 2, 3, 2, 2, 2, 2]);
  const plain = fanLayout({ ...phone, count: 30 });
  assert.ok(plain.step < LEAST_STRIP, `card by card a strip is ${plain.step} px`);
  const l = fanLayout({ ...phone, count: 30, ranks });
  assert.equal(l.packed, true);
  assert.equal(l.rows, 2);
  assert.equal(l.offset, PACKED_OFFSET);
  assert.equal(new Set(l.group).size, 13);
  for (const strip of runStrips(l, 54)) assert.ok(strip >= COMFORTABLE_STRIP, `a rank keeps ${strip} px`);
  // A run's cards lie the offset apart, each rank wholly in one row, all inside the width.
  for (let i = 1; i < 30; i += 1) {
    if (l.group[i] === l.group[i - 1]) {
      assert.equal(l.positions[i].x - l.positions[i - 1].x, PACKED_OFFSET);
      assert.equal(l.positions[i].y, l.positions[i - 1].y);
    }
  }
  for (const p of l.positions) assert.ok(p.x >= 0 && p.x + 54 <= 340 + 1e-9);
});

test('sideways, one row: thirty cards fit by packing where card by card they could not', () => {
  const ranks = handOf([3, 2, 3, 2, 2, 3, 2, 2, 3, 2, 2, 2, 2]);
  const l = fanLayout({ ...phone, width: 560, maxRows: 1, count: 30, ranks });
  assert.equal(l.packed, true);
  assert.equal(l.rows, 1);
  for (const strip of runStrips(l, 54)) assert.ok(strip >= LEAST_STRIP, `a rank keeps ${strip} px`);
});

test('a very long hand packs tighter, never closer than the least offset', () => {
  // Four of every rank and both jokers: 54 cards.
  const ranks = [...handOf(Array(13).fill(4)), 'joker', 'joker'];
  const l = fanLayout({ ...phone, count: ranks.length, ranks });
  assert.equal(l.packed, true);
  assert.ok(l.offset < PACKED_OFFSET && l.offset >= LEAST_PACKED_OFFSET);
  for (const strip of runStrips(l, 54)) assert.ok(strip >= LEAST_STRIP, `a rank keeps ${strip} px`);
});

test('a long hand of all different ranks has nothing to pack and stays card by card', () => {
  const ranks = handOf(Array(13).fill(1));
  const l = fanLayout({ ...phone, width: 300, maxRows: 1, count: 13, ranks });
  assert.equal(l.packed, false);
});
