import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyFrame, emptyTable, forgetVersion, gameResults, msLeft } from '../../../web-client/js/core/room-sync.js';

const view = (phase, extra = {}) => ({ viewer: 0, phase, players: 2, seats: [], finish_order: [], shithead: null, abandoned: false, ...extra });
const room = (version, extra = {}) => ({
  type: 'room', version, code: 'K7MPQ2',
  seats: [{ seat: 0, player_id: 'a1', name: 'Ana', bot: null }, { seat: 1, player_id: null, name: 'Greedy bot 1', bot: 'greedy' }],
  scoreboard: { games: 0, abandoned: 0, players: [] }, game: view('play'), deadlines: { turn_ms_left: 30000 }, ...extra,
});
const step = (version, events = [{ type: 'turn', seat: 1 }], v = view('play')) => ({ type: 'game', version, events, view: v, deadlines: null });

test('a room frame sets the table and the version', () => {
  const { table, applied, snapshot } = applyFrame(emptyTable(), room(6));
  assert.ok(applied);
  assert.ok(!snapshot);
  assert.equal(table.version, 6);
  assert.equal(table.room.code, 'K7MPQ2');
});

test('the next version applies and brings its events', () => {
  let { table } = applyFrame(emptyTable(), room(6));
  const r = applyFrame(table, step(7));
  assert.ok(r.applied);
  assert.equal(r.table.version, 7);
  assert.deepEqual(r.events, [{ type: 'turn', seat: 1 }]);
  table = r.table;
  const again = applyFrame(table, step(7));
  assert.ok(!again.applied, 'a frame seen twice is ignored');
  assert.ok(!again.snapshot);
});

test('a gap asks for one snapshot, and the room frame that answers it heals the table', () => {
  const { table } = applyFrame(emptyTable(), room(6));
  const gap = applyFrame(table, step(9));
  assert.ok(gap.snapshot);
  assert.ok(!gap.applied);
  const more = applyFrame(gap.table, step(10));
  assert.ok(!more.snapshot, 'only one snapshot request while waiting');
  const healed = applyFrame(more.table, room(10));
  assert.equal(healed.table.version, 10);
  assert.ok(!healed.table.awaitingSnapshot);
  assert.ok(applyFrame(healed.table, step(11)).applied);
});

test('a snapshot repeats the current version and is still taken', () => {
  const { table } = applyFrame(emptyTable(), room(6));
  assert.ok(applyFrame(table, room(6, { spectators: 3 })).table.room.spectators === 3);
});

test('a step before any room frame asks for a snapshot', () => {
  const r = applyFrame(emptyTable(), step(3));
  assert.ok(r.snapshot);
  assert.ok(!r.applied);
});

test('a new connection counts versions afresh from its room frame', () => {
  const { table } = applyFrame(emptyTable(), room(40));
  const fresh = forgetVersion(table);
  assert.equal(fresh.room.code, 'K7MPQ2', 'the table stays on screen meanwhile');
  const back = applyFrame(fresh, room(3));
  assert.equal(back.table.version, 3);
});

test('game_over keeps its results until the next game starts', () => {
  let { table } = applyFrame(emptyTable(), room(6));
  table = applyFrame(table, step(7, [{ type: 'game_over', shithead: 1, abandoned: false }], view('over', { shithead: 1, finish_order: [0] }))).table;
  const over = {
    type: 'game_over', version: 8, abandoned: false,
    places: [{ seat: 0, player_id: 'a1', name: 'Ana', bot: null, place: 1 }, { seat: 1, player_id: null, name: 'Greedy bot 1', bot: 'greedy', place: 2 }],
    shithead: { seat: 1, player_id: null, name: 'Greedy bot 1', bot: 'greedy' },
    scoreboard: { games: 1, abandoned: 0, players: [] },
  };
  table = applyFrame(table, over).table;
  let results = gameResults(table);
  assert.equal(results.shithead.name, 'Greedy bot 1');
  assert.equal(results.ratings, null, 'no ratings until the store sends them');
  assert.equal(table.room.scoreboard.games, 1);
  table = applyFrame(table, { ...over, type: 'room', version: 8, code: 'K7MPQ2', seats: room(0).seats, game: view('over', { shithead: 1, finish_order: [0] }) }).table;
  assert.ok(gameResults(table).places.length === 2, 'a snapshot after the game keeps the results');
  table = applyFrame(table, step(9, [], view('swap'))).table;
  results = gameResults(table);
  assert.equal(results, null, 'a new game clears them');
});

test('after a reload the results come from the view and the seats', () => {
  const { table } = applyFrame(emptyTable(), room(12, { game: view('over', { shithead: 1, finish_order: [0] }) }));
  const results = gameResults(table);
  assert.deepEqual(results.places.map((p) => [p.name, p.place]), [['Ana', 1], ['Greedy bot 1', 2]]);
  assert.equal(results.shithead.name, 'Greedy bot 1');
});

test('ratings are read when game_over has them', () => {
  let { table } = applyFrame(emptyTable(), room(1));
  table = applyFrame(table, { type: 'game_over', version: 2, places: [], shithead: null, abandoned: true,
    ratings: [{ player_id: 'a1', name: 'Ana', before: { ordinal: 1 }, after: { ordinal: 2 } }] }).table;
  assert.equal(gameResults(table).ratings.length, 1);
});

test('deadlines count down from when they arrived', () => {
  const { table } = applyFrame(emptyTable(), room(1), 1000);
  assert.equal(msLeft(table, 'turn_ms_left', 6000), 25000);
  assert.equal(msLeft(table, 'turn_ms_left', 99999), 0);
  assert.equal(msLeft(table, 'swap_ms_left', 6000), null);
});
