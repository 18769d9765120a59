// Names offered when one is taken, device codes and their links (and old token links
// wiped unread), the hello that carries a code, readiness in the waiting room, and when
// a game's ratings are worth showing, and the offer of bots to a quick player left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nameVariants, checkName, helloMessage, helloWorthRetrying } from '../../../web-client/js/core/identity.js';
import { parseHash, normalizeDeviceCode, formatDeviceCode, deviceCodeLink } from '../../../web-client/js/core/routes.js';
import { botsOffer, notReady, notReadyWords } from '../../../web-client/js/core/seating.js';
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

test('a device code is read the way the server reads it: any case, spaces and the dash', () => {
  for (const typed of ['K7MP-Q2XD', 'k7mp-q2xd', 'K7MPQ2XD', ' k7mp q2xd ', 'K7MP - Q2XD', 'k7\tmp-q2-xd'])
    assert.equal(normalizeDeviceCode(typed), 'K7MPQ2XD', typed);
  assert.equal(normalizeDeviceCode('https://cards.example/#/device/k7mpq2xd'), 'K7MPQ2XD', 'a pasted link works');
  assert.equal(normalizeDeviceCode('K7MP-Q2X'), null, 'seven characters');
  assert.equal(normalizeDeviceCode('K7MP-Q2XDA'), null, 'nine characters');
  for (const letter of ['0', 'O', '1', 'I', 'L']) assert.equal(normalizeDeviceCode(`K7MP-Q2X${letter}`), null, `no ${letter} in codes`);
  assert.equal(normalizeDeviceCode('K7MP_Q2XD'), null);
  assert.equal(normalizeDeviceCode(undefined), null);
  assert.equal(formatDeviceCode('k7mpq2xd'), 'K7MP-Q2XD');
  assert.equal(formatDeviceCode(' K7MP-Q2XD '), 'K7MP-Q2XD');
  assert.equal(formatDeviceCode('nope'), null);
});

test('a device link holds the code, never a token; the app reads it as the device page', () => {
  assert.equal(deviceCodeLink('https://cards.example', 'K7MP-Q2XD'), 'https://cards.example/#/device/K7MPQ2XD');
  assert.deepEqual(parseHash('#/device/K7MPQ2XD'), { page: 'device', code: 'K7MPQ2XD' });
  assert.deepEqual(parseHash('#/device/k7mp-q2xd'), { page: 'device', code: 'K7MPQ2XD' }, 'the dash and case do not matter');
  assert.deepEqual(parseHash('#/device/K7MP%20Q2XD'), { page: 'device', code: 'K7MPQ2XD' });
  assert.deepEqual(parseHash('#/device/K7MPQ2X0'), { page: 'device', code: null }, 'not a code: wiped, with a word why');
  assert.deepEqual(parseHash('#/device'), { page: 'device', code: null });
});

test('an old token link is recognised only to be wiped: the token in it is never read', () => {
  const token = '9b1e4c2a7f30d8e56a1b2c3d4e5f6071';
  assert.deepEqual(parseHash(`#/claim/${token}`), { page: 'old-device-link' });
  assert.deepEqual(parseHash('#/claim/not-a-token'), { page: 'old-device-link' });
  assert.deepEqual(parseHash('#/claim'), { page: 'old-device-link' });
});

test('a hello with a device code holds the code and an empty name, and never a token', () => {
  assert.deepEqual(helloMessage({ deviceCode: 'K7MPQ2XD' }), { type: 'hello', v: 1, name: '', device_code: 'K7MPQ2XD' });
  assert.deepEqual(helloMessage({ name: 'Ana', token: '9b1e4c2a7f30d8e56a1b2c3d4e5f6071', deviceCode: 'K7MPQ2XD' }),
    { type: 'hello', v: 1, name: '', device_code: 'K7MPQ2XD' }, 'a code wins: the server refuses both');
  assert.deepEqual(helloMessage({ name: 'Ana', token: 'abc', deviceCode: '' }), { type: 'hello', v: 1, name: 'Ana', token: 'abc' });
  assert.deepEqual(helloMessage({ name: 'Ana' }), { type: 'hello', v: 1, name: 'Ana' });
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

test('a hello the server\'s database could not take is sent again; a refused one is not', () => {
  assert.equal(helloWorthRetrying({ type: 'error', code: 'cannot_save', message: 'x' }), true);
  assert.equal(helloWorthRetrying({ type: 'error', code: 'store_unavailable', message: 'x' }), true);
  for (const code of ['name_taken', 'bad_name', 'bad_token', 'registry_full', 'rate_limited'])
    assert.equal(helloWorthRetrying({ type: 'error', code }), false, code);
  assert.equal(helloWorthRetrying({ type: 'error', id: 4, code: 'cannot_save' }), false, 'a request\'s answer, not the hello\'s');
  assert.equal(helloWorthRetrying(undefined), false);
});

test('quick play that finds nobody offers bots after four seconds alone, for a game of three', () => {
  const seat = (n, who = {}) => ({ seat: n, player_id: null, name: null, bot: null, ...who });
  const room = { code: 'K7MPQ2', host: 'a1', game: null,
    seats: [seat(0, { player_id: 'a1', name: 'Ana' }), seat(1), seat(2), seat(3)] };
  const quickSeat = { code: 'K7MPQ2', at: 1000 };
  const ask = (r, now = 5000, who = 'a1', from = quickSeat) => botsOffer(r, { playerId: who, quickSeat: from, now });
  assert.deepEqual(ask(room, 1000), { bots: 2, inMs: 4000 }, 'not at once');
  assert.deepEqual(ask(room), { bots: 2, inMs: 0 }, 'two bots, the last seat left open');
  assert.deepEqual(ask({ ...room, seats: room.seats.slice(0, 2) }), { bots: 1, inMs: 0 }, 'a table of two takes one');
  // No offer: a table not found by quick play, someone else there (a bot the host added
  // too), a game played already, or a player who is not the host.
  assert.equal(ask(room, 5000, 'a1', null), null);
  assert.equal(ask(room, 5000, 'a1', { code: 'ZX2CNP', at: 1000 }), null);
  assert.equal(ask({ ...room, seats: [room.seats[0], seat(1, { player_id: 'b2', name: 'Bob' }), seat(2), seat(3)] }), null);
  assert.equal(ask({ ...room, seats: [room.seats[0], seat(1, { name: 'Normal bot 1', bot: 'normal' }), seat(2), seat(3)] }), null);
  assert.equal(ask({ ...room, game: { phase: 'over' } }), null);
  assert.equal(ask({ ...room, host: 'b2' }), null);
});
