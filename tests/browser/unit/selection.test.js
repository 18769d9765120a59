import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  activeSource, zoneCards, isPlayable, toggleCard, selectedPlay, playAction, selectAllOfRank, pruneSelection,
  canPickUp, canWait, faceDownSlots, maxCountFor,
} from '../../../web-client/js/core/selection.js';

function view(overrides = {}) {
  return {
    viewer: 0, phase: 'play', current: 0,
    hand: ['8S', 'AH', '4D', '8H', '9D'],
    seats: [{ hand_count: 5, face_up: ['10C', '7D', '7S'], face_down: [true, true, true], swapped: true, place: 0 }],
    legal: [
      { type: 'play', cards: ['8H'] }, { type: 'play', cards: ['8H', '8S'] }, { type: 'play', cards: ['9D'] },
      { type: 'play', cards: ['AH'] }, { type: 'pickup' },
    ],
    ...overrides,
  };
}

const key = (v, card) => zoneCards(v, 'hand').find((i) => i.card === card);

test('the hand is played from first, then the face-up cards, then the face-down ones', () => {
  assert.equal(activeSource(view()), 'hand');
  assert.equal(activeSource(view({ hand: [] })), 'face_up');
  const bare = view({ hand: [], seats: [{ face_up: [], face_down: [false, true, false] }] });
  assert.equal(activeSource(bare), 'face_down');
  assert.equal(activeSource(view({ viewer: null })), null);
});

test('a card is playable when a legal play has its rank, whichever suit the list names', () => {
  const v = view();
  assert.ok(isPlayable(key(v, '8S'), v));  // legal names 8H alone, but 8S is the same rank
  assert.ok(isPlayable(key(v, 'AH'), v));
  assert.ok(!isPlayable(key(v, '4D'), v));
  assert.equal(maxCountFor(v.legal, '8'), 2);
});

test('tapping cards of one rank builds a play; another rank starts again', () => {
  const v = view();
  const cards = zoneCards(v, 'hand');
  let sel = toggleCard([], key(v, '8S'), cards, v);
  sel = toggleCard(sel, key(v, '8H'), cards, v);
  assert.deepEqual(selectedPlay(sel, cards, v.legal), { cards: ['8S', '8H'], targets: [] });
  assert.deepEqual(playAction(selectedPlay(sel, cards, v.legal)), { type: 'play', cards: ['8S', '8H'] });
  sel = toggleCard(sel, key(v, '9D'), cards, v);
  assert.deepEqual(sel, [key(v, '9D').key]);
  sel = toggleCard(sel, key(v, '9D'), cards, v);
  assert.deepEqual(sel, []);
});

test('a card that cannot be played leaves the selection alone', () => {
  const v = view();
  const cards = zoneCards(v, 'hand');
  const sel = toggleCard([], key(v, '9D'), cards, v);
  assert.deepEqual(toggleCard(sel, key(v, '4D'), cards, v), sel);
  assert.equal(selectedPlay([key(v, '4D').key], cards, v.legal), null);
});

test('no more cards than one legal play holds', () => {
  const v = view({ hand: ['8S', '8H', '8D'], legal: [{ type: 'play', cards: ['8S'] }, { type: 'play', cards: ['8S', '8H'] }] });
  const cards = zoneCards(v, 'hand');
  assert.equal(selectAllOfRank(cards[2], cards, v).length, 2);
  assert.equal(selectAllOfRank(cards[2], cards, v)[0], cards[2].key);
});

test('two decks: the same card twice is two cards', () => {
  const v = view({ hand: ['5H', '5H'], legal: [{ type: 'play', cards: ['5H'] }, { type: 'play', cards: ['5H', '5H'] }] });
  const cards = zoneCards(v, 'hand');
  const sel = toggleCard(toggleCard([], cards[0], cards, v), cards[1], cards, v);
  assert.deepEqual(selectedPlay(sel, cards, v.legal).cards, ['5H', '5H']);
});

test('a give-pile joker lists who may take the pile', () => {
  const v = view({ hand: ['BJ', '3C'], legal: [
    { type: 'play', cards: ['BJ'], target: 1 }, { type: 'play', cards: ['BJ'], target: 2 }, { type: 'play', cards: ['3C'] },
  ] });
  const cards = zoneCards(v, 'hand');
  const play = selectedPlay([cards[0].key], cards, v.legal);
  assert.deepEqual(play.targets, [1, 2]);
  assert.deepEqual(playAction(play, 2), { type: 'play', cards: ['BJ'], target: 2 });
});

test('a selection that no longer fits the view is trimmed', () => {
  const v = view();
  const cards = zoneCards(v, 'hand');
  const sel = [key(v, '8S').key, key(v, '8H').key];
  const after = view({ legal: [{ type: 'pickup' }] });
  assert.deepEqual(pruneSelection(sel, cards, after), []);
});

test('pick up, wait and face-down slots come from the legal list', () => {
  assert.ok(canPickUp(view().legal));
  assert.ok(!canWait(view().legal));
  assert.ok(canWait([{ type: 'wait' }]));
  assert.deepEqual(faceDownSlots([{ type: 'play_face_down', slot: 0 }, { type: 'play_face_down', slot: 2 }]), [0, 2]);
});
