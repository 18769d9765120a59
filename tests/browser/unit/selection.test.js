import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  activeSource, zoneCards, isPlayable, toggleCard, selectedPlay, playAction, selectAllOfRank, pruneSelection,
  tapPackedRank, canPickUp, canWait, faceDownSlots, maxCountFor, playInstances, tableJoinsHand, turnableSlots,
} from '../../../web-client/js/core/selection.js';
import { tableLayout } from '../../../web-client/js/core/table-cards.js';

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

test('a tap on a packed rank adds one more of it, as many as a play holds, then puts them back', () => {
  const v = view({
    hand: ['8S', '8H', '8D', '9D'],
    legal: [{ type: 'play', cards: ['8D'] }, { type: 'play', cards: ['8D', '8H'] }, { type: 'play', cards: ['9D'] }],
  });
  const cards = zoneCards(v, 'hand');
  // Whichever 8 the finger lands on, the tap means "an 8", then "another 8".
  let sel = tapPackedRank([], key(v, '8D'), cards, v);
  assert.deepEqual(sel, [key(v, '8D').key]);
  sel = tapPackedRank(sel, key(v, '8D'), cards, v);
  assert.equal(sel.length, 2);
  assert.deepEqual(selectedPlay(sel, cards, v.legal).cards.map((c) => c[0]), ['8', '8']);
  // No play holds three 8s: the next tap puts both back.
  assert.deepEqual(tapPackedRank(sel, key(v, '8S'), cards, v), []);
  // Another rank starts again; a rank that cannot be played changes nothing.
  assert.deepEqual(tapPackedRank(sel, key(v, '9D'), cards, v), [key(v, '9D').key]);
  const unplayable = view({ hand: ['4D', '4S'], legal: [{ type: 'pickup' }] });
  assert.deepEqual(tapPackedRank(['x'], zoneCards(unplayable, 'hand')[0], zoneCards(unplayable, 'hand'), unplayable), ['x']);
});

test('a packed rank runs out of cards before a play does: the tap after the last puts them back', () => {
  const v = view({
    hand: ['5H', '5S', '6D'],
    legal: [{ type: 'play', cards: ['5H'] }, { type: 'play', cards: ['5H', '5S'] }, { type: 'play', cards: ['6D'] }],
  });
  const cards = zoneCards(v, 'hand');
  let sel = tapPackedRank([], cards[1], cards, v);
  sel = tapPackedRank(sel, cards[1], cards, v);
  assert.deepEqual([...sel].sort(), [cards[0].key, cards[1].key].sort());
  assert.deepEqual(tapPackedRank(sel, cards[0], cards, v), []);
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

// Play from the table (a house rule): the legal list is all the client goes by.
function fromTable(overrides = {}) {
  return view({
    hand: ['7H', '9S'],
    seats: [{ hand_count: 2, face_up: ['7C', 'KD', '3S'], face_down: [true, true, true], swapped: true, place: 0 }],
    legal: [
      { type: 'play', cards: ['7C'] }, { type: 'play', cards: ['7C', '7H'] }, { type: 'play', cards: ['9S'] },
      { type: 'play', cards: ['KD'] }, { type: 'pickup' },
    ],
    ...overrides,
  });
}
const inst = (v, card) => playInstances(v).find((i) => i.card === card);

test('with play from the table, face-up cards the legal list reaches are chosen beside the hand', () => {
  const v = fromTable();
  assert.equal(activeSource(v), 'hand');
  assert.ok(tableJoinsHand(v, '7'));
  assert.ok(isPlayable(inst(v, '7C'), v), 'a face-up 7 goes with the 7 in hand');
  assert.ok(isPlayable(inst(v, 'KD'), v), 'a face-up king alone is a play the hand cannot make');
  assert.ok(!isPlayable(inst(v, '3S'), v), 'no legal play holds a 3');
  assert.ok(isPlayable(inst(v, '7H'), v));
});

test('a play from hand and table takes cards of one rank from both, as many as a legal play holds', () => {
  const v = fromTable();
  const cards = playInstances(v);
  let sel = toggleCard([], inst(v, '7H'), cards, v);
  sel = toggleCard(sel, inst(v, '7C'), cards, v);
  assert.deepEqual(selectedPlay(sel, cards, v.legal), { cards: ['7H', '7C'], targets: [] });
  assert.deepEqual(toggleCard(sel, inst(v, 'KD'), cards, v), [inst(v, 'KD').key], 'another rank starts again');
  assert.deepEqual(selectAllOfRank(inst(v, '7C'), cards, v), [inst(v, '7C').key, inst(v, '7H').key]);
  assert.deepEqual(playAction(selectedPlay([inst(v, 'KD').key], cards, v.legal)), { type: 'play', cards: ['KD'] });
});

test('without the house rule the face-up cards wait until the hand is empty', () => {
  // The same cards, but the legal list only names plays from the hand.
  const v = fromTable({ legal: [{ type: 'play', cards: ['7H'] }, { type: 'play', cards: ['9S'] }, { type: 'pickup' }] });
  assert.ok(!tableJoinsHand(v, '7'));
  assert.ok(!isPlayable(inst(v, '7C'), v));
  assert.ok(!isPlayable(inst(v, 'KD'), v));
  const cards = playInstances(v);
  assert.deepEqual(selectAllOfRank(inst(v, '7H'), cards, v), [inst(v, '7H').key]);
  assert.deepEqual(pruneSelection([inst(v, '7H').key, inst(v, '7C').key], cards, v), [inst(v, '7H').key]);
});

test('two decks: a hand card and the same card face up are two cards', () => {
  const v = fromTable({
    hand: ['5H'],
    seats: [{ hand_count: 1, face_up: ['5H'], face_down: [true], swapped: true, place: 0 }],
    legal: [{ type: 'play', cards: ['5H'] }, { type: 'play', cards: ['5H', '5H'] }],
  });
  const cards = playInstances(v);
  assert.equal(cards.length, 2);
  const sel = selectAllOfRank(cards[0], cards, v);
  assert.deepEqual(selectedPlay(sel, cards, v.legal).cards, ['5H', '5H']);
});

test('face-up cards lie on the face-down cards still there; the rest are uncovered', () => {
  assert.deepEqual(tableLayout([true, true, true], 3), [{ slot: 0, up: 0 }, { slot: 1, up: 1 }, { slot: 2, up: 2 }]);
  assert.deepEqual(tableLayout([true, true, true], 1), [{ slot: 0, up: 0 }, { slot: 1, up: null }, { slot: 2, up: null }]);
  // A slot turned while face-up cards remain: they move onto the cards still there.
  assert.deepEqual(tableLayout([false, true, true], 2), [{ slot: 1, up: 0 }, { slot: 2, up: 1 }]);
  assert.deepEqual(tableLayout([false, true, false], 2), [{ slot: null, up: 1 }, { slot: 1, up: 0 }]);
  // Swap stacking: more face-up cards than slots.
  assert.deepEqual(tableLayout([true, true], 3), [{ slot: 0, up: 0 }, { slot: 1, up: 1 }, { slot: null, up: 2 }]);
  assert.deepEqual(tableLayout([], 0), []);
});

test('a face-down card no face-up card covers may be turned while holding a hand, when the legal list says so', () => {
  const v = fromTable({
    seats: [{ hand_count: 2, face_up: ['7C'], face_down: [true, true, true], swapped: true, place: 0 }],
    legal: [
      { type: 'play', cards: ['7C'] }, { type: 'play', cards: ['7C', '7H'] },
      { type: 'play_face_down', slot: 0 }, { type: 'play_face_down', slot: 1 }, { type: 'play_face_down', slot: 2 },
    ],
  });
  // The server lists every slot; the one under the 7 is out of reach.
  assert.deepEqual([...turnableSlots(v)].sort(), [1, 2]);
  assert.deepEqual([...turnableSlots(fromTable())], [], 'no face-down action, nothing to turn');
  const blind = view({ hand: [], seats: [{ face_up: [], face_down: [true, false, true] }],
    legal: [{ type: 'play_face_down', slot: 0 }, { type: 'play_face_down', slot: 2 }] });
  assert.deepEqual([...turnableSlots(blind)].sort(), [0, 2]);
});
