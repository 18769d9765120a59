import { test } from 'node:test';
import assert from 'node:assert/strict';
import { soundForEvents } from '../../../web-client/js/ui/sound.js';

test('a step of the game sounds like its most telling event, one sound a step', () => {
  assert.equal(soundForEvents([{ type: 'played', seat: 0, cards: ['5H'] }, { type: 'turn', seat: 1 }]), 'played');
  assert.equal(soundForEvents([{ type: 'revealed', seat: 0, card: '9C' }, { type: 'played', seat: 0 }]), 'played');
  // A burn comes with the play that made it: the burn is what is heard.
  assert.equal(soundForEvents([{ type: 'played', seat: 0 }, { type: 'burned', cards: 4 }, { type: 'turn', seat: 0 }]),
    'burned');
  assert.equal(soundForEvents([{ type: 'picked_up', seat: 2, count: 7 }, { type: 'turn', seat: 3 }]), 'pickedUp');
  assert.equal(soundForEvents([{ type: 'pile_given', from: 1, to: 2 }]), 'pickedUp');
  // Turns, waits, swaps and chat are silent here (your turn has its own chime).
  for (const quiet of [[], [{ type: 'turn', seat: 1 }], [{ type: 'waited', seat: 1 }], [{ type: 'swapped', seat: 0 }]])
    assert.equal(soundForEvents(quiet), null);
});
