// Names offered when one is taken, the device link's route, readiness in the waiting
// room, and when a game's ratings are worth showing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nameVariants, checkName } from '../../../web-client/js/core/identity.js';
import { parseHash, deviceLink, isToken } from '../../../web-client/js/core/routes.js';
import { notReady, notReadyWords } from '../../../web-client/js/core/seating.js';
import { ratingsChanged } from '../../../web-client/js/core/format.js';

test('a taken name is offered variants close to it, each a name the server would take', () => {
  const fixed = () => 0.5;
  const names = nameVariants('Ana', { random: fixed });
  assert.equal(names.length, 4);
  assert.equal(names[0], 'Ana 2');
  assert.equal(new Set(names).size, names.length, 'no repeats');
  for (const n of names) assert.ok(n.startsWith('Ana'));
  const long = nameVariants('Bartholomew-Johnson!', { random: fixed });
  for (const n of long) {
    assert.ok([...n].length <= 20, `${n} fits in 20 characters`);
    assert.ok(checkName(n).ok, `${n} is a valid name`);
  }
  assert.deepEqual(nameVariants('  '), []);
  assert.notDeepEqual(nameVariants('Ana', { random: () => 0.1 }), nameVariants('Ana', { random: () => 0.9 }), 'two refused players get different offers');
});

test('a device link carries the token in the hash, and only a real token is a claim', () => {
  const token = '9b1e4c2a7f30d8e56a1b2c3d4e5f6071';
  assert.equal(deviceLink('https://cards.example', token), `https://cards.example/#/claim/${token}`);
  assert.deepEqual(parseHash(`#/claim/${token}`), { page: 'claim', token });
  assert.deepEqual(parseHash('#/claim/not-a-token'), { page: 'home' });
  assert.ok(isToken(token));
  assert.ok(!isToken(token.toUpperCase()));
});

test('the host sees who is not ready: people other than the host, never bots', () => {
  const room = { host: 'a1', seats: [
    { seat: 0, player_id: 'a1', name: 'Ana', bot: null, ready: false },
    { seat: 1, player_id: 'b2', name: 'Bo', bot: null, ready: false },
    { seat: 2, player_id: null, name: 'Normal bot 1', bot: 'normal', ready: false },
    { seat: 3, player_id: 'c3', name: 'Cy', bot: null, ready: true },
    { seat: 4, player_id: null, name: null, bot: null, ready: false }] };
  assert.deepEqual(notReady(room).map((s) => s.name), ['Bo']);
  assert.equal(notReadyWords(notReady(room)), 'Bo is not ready yet.');
  assert.equal(notReadyWords([{ name: 'Bo' }, { name: 'Cy' }]), 'Bo and Cy are not ready yet.');
  assert.equal(notReadyWords([{ name: 'Bo' }, { name: 'Cy' }, { name: 'Di' }]), '3 players are not ready yet.');
  assert.equal(notReadyWords([]), '');
});

test('ratings that did not move are not worth a table of ±0.0', () => {
  const r = (before, after) => ({ before: { ordinal: before }, after: { ordinal: after } });
  assert.equal(ratingsChanged([r(0, 0)]), false);
  assert.equal(ratingsChanged([r(1.2, 1.22)]), false);
  assert.equal(ratingsChanged([r(0, -1.4)]), true);
  assert.equal(ratingsChanged([]), false);
});
