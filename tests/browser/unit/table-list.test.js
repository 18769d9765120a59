import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyTablesChanged } from '../../../web-client/js/core/table-list.js';

const table = (code, seated = 1) => ({ code, seated, seats: 4 });

test('a change brings new tables in the given order and keeps the unchanged ones', () => {
  const before = [table('AAAAAA'), table('BBBBBB')];
  const after = applyTablesChanged(before, { changed: [table('CCCCCC')], order: ['CCCCCC', 'AAAAAA', 'BBBBBB'] });
  assert.deepEqual(after.map((t) => t.code), ['CCCCCC', 'AAAAAA', 'BBBBBB']);
  assert.equal(after[1], before[0]);  // the same object: nothing new was sent for it
  assert.equal(before.length, 2);     // the old list is not touched
});

test('a changed summary replaces the old one and may move', () => {
  const after = applyTablesChanged([table('AAAAAA'), table('BBBBBB')],
    { changed: [table('AAAAAA', 4)], order: ['BBBBBB', 'AAAAAA'] });
  assert.deepEqual(after, [table('BBBBBB'), table('AAAAAA', 4)]);
});

test('a code the order leaves out has left the list', () => {
  assert.deepEqual(applyTablesChanged([table('AAAAAA'), table('BBBBBB')], { changed: [], order: ['BBBBBB'] }),
    [table('BBBBBB')]);
  assert.deepEqual(applyTablesChanged([table('AAAAAA')], { changed: [], order: [] }), []);
});

test('a malformed frame leaves an empty or partial list, never a throw', () => {
  assert.deepEqual(applyTablesChanged(undefined, {}), []);
  assert.deepEqual(applyTablesChanged([table('AAAAAA')], { order: ['ZZZZZZ', 'AAAAAA'], changed: [null, 5] }),
    [table('AAAAAA')]);
});
