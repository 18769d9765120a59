// Why a tapped card does nothing, and which button is the main one: read from the view
// and its legal list, as the table shows them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { whyNot, ranksOr, theRank } from '../../../web-client/js/core/why-not.js';

function view(overrides = {}) {
  return {
    viewer: 0, phase: 'play', current: 0, players: 2,
    hand: ['5H', '9S', '2C', '10D', 'KD'],
    top: { rank: '9', used: false },
    seats: [{ face_up: ['QC', '3D'], face_down: [true, true, true], place: 0 }, { face_up: [], face_down: [true], place: 0 }],
    legal: [
      { type: 'play', cards: ['9S'] }, { type: 'play', cards: ['2C'] }, { type: 'play', cards: ['10D'] },
      { type: 'play', cards: ['KD'] }, { type: 'pickup' },
    ],
    ...overrides,
  };
}
const hand = (card) => ({ zone: 'hand', card });
const nameOf = (s) => ['Ana', 'Bo'][s];

test('a card lower than the pile says what it needs', () => {
  assert.equal(whyNot(hand('5H'), view(), { nameOf }), 'A 5 is too low: it needs a 9 or higher.');
});

test('a card higher than a lower-only card says it must go lower', () => {
  const v = view({ top: { rank: '7', used: false }, legal: [{ type: 'play', cards: ['5H'] }, { type: 'play', cards: ['2C'] }, { type: 'pickup' }] });
  assert.equal(whyNot(hand('KD'), v, { nameOf }), 'A king is too high: it needs a 7 or lower.');
});

test('a playable card has nothing to explain, until the play holds as many as one may', () => {
  assert.equal(whyNot(hand('9S'), view(), { nameOf }), null);
  assert.equal(whyNot(hand('9S'), view(), { nameOf, chosen: 1 }), 'At most one nine in one play.');
});

test('when an 8 must be answered, the words say answer it or wait', () => {
  const answer = view({ top: { rank: '8', used: false }, hand: ['8C', '5H'],
    legal: [{ type: 'play', cards: ['8C'] }, { type: 'wait' }, { type: 'pickup' }] });
  assert.equal(whyNot(hand('5H'), answer, { nameOf }), 'Answer the 8 with an 8, or wait a turn.');
  const none = view({ top: { rank: '8', used: false }, hand: ['5H'], legal: [{ type: 'wait' }, { type: 'pickup' }] });
  assert.equal(whyNot(hand('5H'), none, { nameOf }), 'Nothing you hold answers the 8: wait a turn.');
});

test('nothing fits: pick up the pile', () => {
  const v = view({ top: { rank: 'A', used: false }, hand: ['5H'], legal: [{ type: 'pickup' }] });
  assert.equal(whyNot(hand('5H'), v, { nameOf }), 'Nothing you hold goes on the ace: pick up the pile.');
});

test('out of turn, table cards before the hand is played, and face-down cards last', () => {
  assert.equal(whyNot(hand('5H'), view({ current: 1, legal: [] }), { nameOf }), 'Not your turn: it is Bo’s move.');
  assert.equal(whyNot({ zone: 'face_up', card: 'QC' }, view(), { nameOf }), 'Play your hand first: your face-up cards come after it.');
  assert.equal(whyNot({ zone: 'face_down', slot: 1 }, view(), { nameOf }), 'Face-down cards come last: play your hand first.');
  const fromTable = view({ hand: [], legal: [{ type: 'play', cards: ['QC'] }, { type: 'pickup' }] });
  assert.equal(whyNot({ zone: 'face_down', slot: 0 }, fromTable, { nameOf }), 'Play your face-up cards before the face-down ones.');
  const out = view({ seats: [{ face_up: [], face_down: [], place: 1 }, { face_up: [], face_down: [true], place: 0 }], current: 1, legal: [] });
  assert.equal(whyNot(hand('5H'), out, { nameOf }), 'You are out: the others play on.');
});

test('nothing to say outside play, or to a watcher', () => {
  assert.equal(whyNot(hand('5H'), view({ phase: 'swap' }), { nameOf }), null);
  assert.equal(whyNot(hand('5H'), view({ viewer: null }), { nameOf }), null);
});

test('ranks in words, low to high', () => {
  assert.equal(ranksOr(['10', '2', '8']), 'a 2, an 8 or a 10');
  assert.equal(ranksOr(['J']), 'a jack');
  assert.equal(theRank('Q'), 'the queen');
  assert.equal(theRank('8'), 'the 8');
});
