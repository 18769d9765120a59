import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEvents, eventWords, ordinal, turnWords } from '../../../web-client/js/core/event-words.js';

const names = ['Ana', 'Bob', 'Greedy bot 1'];
const ctx = { nameOf: (s) => names[s], viewer: 1 };
const words = (events) => describeEvents(events, ctx).map((l) => l.text);

test('a 10 that burns is told as one line with the card that did it', () => {
  assert.deepEqual(words([
    { type: 'played', seat: 0, cards: ['10H'], source: 'hand' },
    { type: 'burned', seat: 0, count: 7, reason: 'burn_card' },
    { type: 'drew', seat: 0, count: 1 },
    { type: 'turn', seat: 0 },
  ]), ['Ana burned the pile with a 10']);
});

test('four of a kind names the rank of the run', () => {
  assert.deepEqual(words([
    { type: 'played', seat: 2, cards: ['5D', '5S'], source: 'hand' },
    { type: 'burned', seat: 2, count: 9, reason: 'n_of_a_kind' },
  ]), ['Greedy bot 1 played two 5s and burned the pile: a run of 5s']);
  assert.deepEqual(words([
    { type: 'played', seat: 0, cards: ['QD'], source: 'face_up' },
    { type: 'burned', seat: 0, count: 6, reason: 'n_of_a_kind' },
  ]), ['Ana played a queen and burned the pile: a run of queens']);
});

test('the viewer is "you", with the verbs to match', () => {
  assert.deepEqual(words([
    { type: 'picked_up', seat: 1, count: 1 },
    { type: 'out', seat: 1, place: 2 },
    { type: 'swapped', seat: 1, count: 3 },
  ]), ['You picked up the pile (1 card)', 'You are out in 2nd place', 'You have chosen your face-up cards']);
});

test('a face-down 10 is turned, then burns', () => {
  assert.deepEqual(words([
    { type: 'revealed', seat: 1, slot: 0, card: '10S' },
    { type: 'played', seat: 1, cards: ['10S'], source: 'face_down' },
    { type: 'burned', seat: 1, count: 5, reason: 'burn_card' },
  ]), ['You turned over a face-down card: a 10 (10♠)', 'You burned the pile with a 10']);
});

test('a face-down card is told once, when it is turned', () => {
  assert.deepEqual(words([
    { type: 'revealed', seat: 0, slot: 1, card: 'QS' },
    { type: 'played', seat: 0, cards: ['QS'], source: 'face_down' },
  ]), ['Ana turned over a face-down card: a queen (Q♠)']);
});

test('waiting, giving the pile and the end of the game have words', () => {
  assert.deepEqual(words([
    { type: 'waited', seat: 2 },
    { type: 'pile_given', seat: 0, target: 1, count: 4 },
    { type: 'reversed', seat: 2, direction: -1 },
    { type: 'game_over', shithead: 2, abandoned: false },
  ]), ['Greedy bot 1 waited a turn', 'Ana gave the pile (4 cards) to you',
    'Greedy bot 1 reversed the direction of play', 'Game over: Greedy bot 1 is the shithead']);
  assert.equal(eventWords({ type: 'game_over', shithead: null, abandoned: true }, ctx),
    'The game was abandoned at the turn limit: nobody is the shithead');
});

test('names are used as given: markup stays text for the DOM to show', () => {
  const lines = describeEvents([{ type: 'waited', seat: 0 }], { nameOf: () => '<img src=x onerror=alert(1)>', viewer: null });
  assert.equal(lines[0].text, '<img src=x onerror=alert(1)> waited a turn');
});

test('ordinals and whose turn', () => {
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']);
  assert.equal(turnWords(1, ctx), 'Your turn');
  assert.equal(turnWords(0, ctx), 'Ana’s turn');
});

test('a skip card names who loses their turn; several skips are one line', () => {
  assert.deepEqual(words([{ type: 'skipped', seat: 0, target: 2 }]), ['Ana skips Greedy bot 1']);
  assert.deepEqual(words([{ type: 'skipped', seat: 0, target: 1 }]), ['Ana skips you']);
  assert.deepEqual(words([
    { type: 'played', seat: 1, cards: ['BJ', 'RJ'], source: 'hand' },
    { type: 'skipped', seat: 1, target: 2 },
    { type: 'skipped', seat: 1, target: 0 },
  ]), ['You played two jokers', 'You skip Greedy bot 1 and Ana']);
  assert.deepEqual(words([
    { type: 'skipped', seat: 0, target: 1 },
    { type: 'skipped', seat: 0, target: 0 },
  ]), ['Ana skips you and themselves']);
});

test('a play from hand and table is told once, with the cards from the table counted', () => {
  assert.deepEqual(words([
    { type: 'played', seat: 0, cards: ['7C'], source: 'face_up' },
    { type: 'played', seat: 0, cards: ['7H', '7S'], source: 'hand' },
    { type: 'drew', seat: 0, count: 2 },
  ]), ['Ana played three 7s (one from the table)']);
  assert.deepEqual(words([
    { type: 'played', seat: 1, cards: ['10C', '10D'], source: 'face_up' },
    { type: 'played', seat: 1, cards: ['10H'], source: 'hand' },
    { type: 'burned', seat: 1, count: 8, reason: 'burn_card' },
  ]), ['You burned the pile with three 10s (two from the table)']);
  assert.deepEqual(words([
    { type: 'played', seat: 2, cards: ['5C'], source: 'face_up' },
    { type: 'played', seat: 2, cards: ['5H'], source: 'hand' },
    { type: 'burned', seat: 2, count: 9, reason: 'n_of_a_kind' },
  ]), ['Greedy bot 1 played two 5s (one from the table) and burned the pile: a run of 5s']);
  // Face-up cards alone still read as before.
  assert.deepEqual(words([{ type: 'played', seat: 0, cards: ['KD'], source: 'face_up' }]), ['Ana played a king from the table']);
});

test('plays by two seats, or a face-up play and a later hand play, are not joined', () => {
  assert.deepEqual(words([
    { type: 'played', seat: 0, cards: ['7C'], source: 'face_up' },
    { type: 'played', seat: 2, cards: ['7H'], source: 'hand' },
  ]), ['Ana played a 7 from the table', 'Greedy bot 1 played a 7']);
  assert.deepEqual(words([
    { type: 'played', seat: 0, cards: ['10C'], source: 'face_up' },
    { type: 'burned', seat: 0, count: 3, reason: 'burn_card' },
    { type: 'turn', seat: 0 },
    { type: 'played', seat: 0, cards: ['4H'], source: 'hand' },
  ]), ['Ana burned the pile with a 10', 'Ana played a 4']);
});

test('the felt’s line says who and what first, in fewer words, so that a phone shows it whole', () => {
  const short = (events, names = ['Normal bot 3', 'You', 'Normal bot 2']) => describeEvents(events,
    { nameOf: (s) => names[s], viewer: 1 }).map((l) => l.short);
  assert.deepEqual(short([{ type: 'pile_given', seat: 0, target: 2, count: 2 }]), ['Normal bot 3 gave Normal bot 2 the pile (2 cards)']);
  assert.deepEqual(short([{ type: 'pile_given', seat: 0, target: 1, count: 1 }]), ['Normal bot 3 gave you the pile (1 card)']);
  assert.deepEqual(short([
    { type: 'revealed', seat: 2, slot: 0, card: '8H' },
    { type: 'played', seat: 2, cards: ['8H'], source: 'face_down' },
  ]), ['Normal bot 2 turned over an 8 (8♥)']);
  assert.deepEqual(short([
    { type: 'played', seat: 0, cards: ['AD', 'AS'], source: 'hand' },
    { type: 'burned', seat: 0, count: 9, reason: 'n_of_a_kind' },
  ]), ['Normal bot 3 burned the pile: a run of aces']);
  assert.deepEqual(short([{ type: 'cannot_finish', seat: 1, count: 7 }]), ['You take the pile (7 cards): may not finish on that card']);
  // The rest are short already, and say the same as the log.
  const events = [{ type: 'played', seat: 0, cards: ['7C'], source: 'hand' }, { type: 'picked_up', seat: 2, count: 3 }];
  assert.deepEqual(describeEvents(events, ctx).map((l) => l.short), words(events));
  // The log keeps every detail.
  assert.deepEqual(words([{ type: 'pile_given', seat: 0, target: 2, count: 2 }]), ['Ana gave the pile (2 cards) to Greedy bot 1']);
});
