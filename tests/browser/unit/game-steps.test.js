// The game page's pure logic (web-client/js/core/game-steps.js) and its address
// (core/routes.js), on the example game of tests/browser/e2e/example-steps.json: a real
// game of Ana, Bob and Cy, shaped as `GET /api/games/{id}/steps`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  SPEEDS, clampStep, hashOfStep, moveLabel, openingChoice, placesOf, recordText, seatNamer, seatView, speedMs, statusText,
  stepFromHash, stepLines, stepText, stoppedText,
} from '../../../web-client/js/core/game-steps.js';
import { gameIdFromPath, routeOf } from '../../../web-client/js/core/routes.js';

const example = JSON.parse(readFileSync(new URL('../e2e/example-steps.json', import.meta.url), 'utf8'));
const answer = example.steps;
const nameOf = seatNamer(answer);
const step = (i) => answer.steps[i];

test('a game’s page is "/g/ID", a positive whole number, and the hash’s pages still win over it', () => {
  assert.equal(gameIdFromPath('/g/41'), '41');
  assert.equal(gameIdFromPath('/g/41/'), '41');
  for (const path of ['/g/0', '/g/041', '/g/-1', '/g/4x', '/g/', '/g/41/steps', '/t/K7MPQ2', '/', '/g/12345678901234567']) {
    assert.equal(gameIdFromPath(path), null, path);
  }
  assert.deepEqual(routeOf('/g/41', ''), { page: 'game', id: '41' });
  assert.deepEqual(routeOf('/g/41', '#/'), { page: 'game', id: '41' });
  // A link from the game's page to another page: that page, until the address leaves the game.
  assert.deepEqual(routeOf('/g/41', '#/player/3f9c0a12b4d1'), { page: 'player', id: '3f9c0a12b4d1' });
  assert.deepEqual(routeOf('/t/K7MPQ2', ''), { page: 'home' });
  assert.deepEqual(routeOf('/', '#/leaderboard'), { page: 'leaderboard' });
});

test('a seat’s view of a step is the spectator’s view with that viewer, their hand and nothing legal', () => {
  const view = seatView(step(0), 1);
  assert.equal(view.viewer, 1);
  assert.deepEqual(view.hand, step(0).hands[1]);
  assert.deepEqual(view.legal, []);
  assert.deepEqual(view.seats, step(0).view.seats);
  assert.equal(step(0).view.viewer, null, 'the step itself is untouched');
  assert.deepEqual(step(0).view.hand, []);
  view.hand.push('2C');
  assert.notDeepEqual(step(0).hands[1], view.hand, 'the hand is a copy');
});

test('each step is said in the table log’s words: plays, burns, pick-ups, turned cards, who went out', () => {
  assert.deepEqual(stepLines(step(0), nameOf), ['The cards are dealt']);
  assert.deepEqual(stepLines(step(1), nameOf), ['Ana has chosen their face-up cards']);
  assert.deepEqual(stepLines(step(3), nameOf), ['Cy has chosen their face-up cards', 'Everyone is ready: Bob leads']);
  assert.equal(stepText(step(6), nameOf), 'Ana picked up the pile (2 cards).');
  assert.equal(stepText(step(10), nameOf), 'Bob burned the pile with a 10.');
  assert.equal(stepText(step(8), nameOf), 'Cy played two aces.');
  assert.equal(stepText(step(47), nameOf), 'Ana turned over a face-down card: a jack (J♦). Ana picked up the pile (2 cards).');
  assert.equal(stepText(step(50), nameOf), 'Ana waited a turn.');
  assert.equal(stepText(step(56), nameOf), 'Ana played a jack. Ana is out in 2nd place. Game over: Bob is the shithead.');
  // A step whose events the log leaves out still says who moved.
  assert.deepEqual(stepLines({ seat: 2, action: { type: 'pickup' }, events: [{ type: 'turn', seat: 0 }] }, nameOf), ['Cy moved']);
});

test('where the game stands after a step: the swap, whose turn, how it ended', () => {
  assert.equal(statusText(step(0).view, nameOf), 'Choosing face-up cards: 3 to go');
  assert.equal(statusText(step(2).view, nameOf), 'Choosing face-up cards: 1 to go');
  assert.equal(statusText(step(3).view, nameOf), 'Bob’s turn');
  assert.equal(statusText(step(56).view, nameOf), 'Game over: Bob is the shithead');
  assert.equal(statusText({ ...step(56).view, shithead: null, abandoned: true }, nameOf),
    'Abandoned at the turn limit: nobody is the shithead');
  assert.equal(moveLabel(0, 57), 'The deal');
  assert.equal(moveLabel(12, 57), 'Move 12 of 56');
});

test('the page opens at the seat of a player who played, else with every card shown', () => {
  const [ana, bob] = answer.seats;
  assert.deepEqual(openingChoice(answer, ana.player_id), { seat: 0, all: false });
  assert.deepEqual(openingChoice(answer, bob.player_id), { seat: 1, all: false });
  assert.deepEqual(openingChoice(answer, '0123456789ab'), { seat: 0, all: true });
  assert.deepEqual(openingChoice(answer, ''), { seat: 0, all: true });
  // A bot's seat has no player id: nobody opens at it.
  const withBot = { ...answer, seats: [{ ...ana, player_id: null, bot: 'normal' }, bob] };
  assert.deepEqual(openingChoice(withBot, null), { seat: 0, all: true });
});

test('steps stay within the game, whatever the slider or a key asks', () => {
  assert.equal(clampStep(-3, 57), 0);
  assert.equal(clampStep(12, 57), 12);
  assert.equal(clampStep(99, 57), 56);
  assert.equal(clampStep('7', 57), 7);
  assert.equal(clampStep(NaN, 57), 0);
  assert.equal(clampStep(3, 0), 0);
  assert.deepEqual(SPEEDS.map((s) => s.value), ['0.5', '1', '2', '4']);
  assert.ok(SPEEDS.every((s, i) => i === 0 || s.ms < SPEEDS[i - 1].ms), 'faster is shorter');
  assert.equal(speedMs('nonsense'), speedMs('1'));
});

test('a record that stops replaying says where and why; a whole one says nothing', () => {
  assert.equal(stoppedText(answer), null);
  const stopped = { ...answer, steps: answer.steps.slice(0, 21), complete: false,
    error: { at: 20, message: 'Q may not be played on the pile as it is' } };
  assert.equal(stoppedText(stopped), 'The record stops replaying at action 20 (move 21): Q may not be played on the pile as it is.');
  assert.equal(stoppedText({ ...answer, steps: [], complete: false, error: { at: null, message: 'players: missing' } }),
    'This game’s record cannot be replayed: players: missing');
});

test('the places: first out first, the shithead last, and an abandoned game’s seats without a place', () => {
  assert.deepEqual(placesOf(answer).map((s) => [s.name, s.placeText, s.shithead]),
    [['Cy', '1st', false], ['Ana', '2nd', false], ['Bob', '3rd', true]]);
  const abandoned = { seats: [{ seat: 0, name: 'Ana', place: null }, { seat: 1, name: 'Bob', place: 1 }] };
  assert.deepEqual(placesOf(abandoned).map((s) => [s.name, s.placeText]), [['Bob', '1st'], ['Ana', '–']]);
});

test('the record to download is the stored record, unchanged, one action a line', () => {
  const record = example.game.record;
  const text = recordText(record);
  assert.deepEqual(JSON.parse(text), record);
  const lines = text.trim().split('\n');
  assert.equal(lines.length, 1 + 1 + record.actions.length + 1, 'the header, "actions", each action, the close');
  assert.match(lines[0], /^\{"ruleset": \{.*\}, "players": 3, "dealer": 2, "seed": "14788234466703772138",$/);
  assert.equal(lines[1], ' "actions": [');
  assert.equal(lines[2], `  ${JSON.stringify(record.actions[0])},`);
  assert.equal(lines.at(-1), ' ]}');
  // A record with its deal written out: each zone on a line.
  const dealt = { ruleset: 'shiphead', players: 2, deal: { hands: [['2C'], ['3C']], face_up: [[], []], face_down: [[], []] },
    actions: [{ seat: 0, type: 'swap', face_up: [] }] };
  assert.deepEqual(JSON.parse(recordText(dealt)), dealt);
  assert.match(recordText(dealt), /\n "deal": \{\n  "hands": \[\["2C"\],\["3C"\]\],\n  "face_up"/);
  // A seed above 2^53 stays the string it came as: JavaScript would round a number.
  assert.ok(text.includes('"seed": "14788234466703772138"'));
  assert.deepEqual(JSON.parse(recordText({ ruleset: 'shiphead', players: 2, seed: '1', actions: [] })),
    { ruleset: 'shiphead', players: 2, seed: '1', actions: [] });
});

test('a link to a move names it in the hash ("#move-12"), the deal with none, and is still the game’s page', () => {
  assert.equal(hashOfStep(0), '');
  assert.equal(hashOfStep(12), '#move-12');
  assert.equal(stepFromHash('#move-12'), 12);
  assert.equal(stepFromHash(hashOfStep(56)), 56);
  for (const bad of ['', '#', '#move-', '#move-0', '#move-012', '#move-1.5', '#move--3', '#move-1234567', '#/leaderboard', null]) {
    assert.equal(stepFromHash(bad), null, String(bad));
  }
  assert.deepEqual(routeOf('/g/41', '#move-12'), { page: 'game', id: '41' });
});
