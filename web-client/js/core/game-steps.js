// The game page's reading of `GET /api/games/{id}/steps` (protocol/docs/http_api.md): a
// seat's view of a step, a step in the log's words, where the page opens, what it says
// of a record that stops replaying, and the record as a file. Pure, for node --test.

import { describeEvents, ordinal, turnWords } from './event-words.js';

/** Play speeds: how long each step stays on screen. */
export const SPEEDS = [
  { value: '0.5', label: '½×', ms: 2400 },
  { value: '1', label: '1×', ms: 1200 },
  { value: '2', label: '2×', ms: 600 },
  { value: '4', label: '4×', ms: 250 },
];
export const DEFAULT_SPEED = '1';

export function speedMs(value) {
  return (SPEEDS.find((s) => s.value === value) ?? SPEEDS[1]).ms;
}

/** The number of a step within 0 .. count-1 (0 when there are none). */
export function clampStep(index, count) {
  if (!(count > 0)) return 0;
  const i = Math.trunc(Number(index));
  return Number.isFinite(i) ? Math.min(count - 1, Math.max(0, i)) : 0;
}

/**
 * The step an address names: "#move-12" is step 12 (the twelfth move), anything else
 * null (the page opens at the deal). A link copied from a game's page keeps its move.
 */
export function stepFromHash(hash) {
  const match = /^#move-([1-9][0-9]{0,5})$/.exec(hash ?? '');
  return match ? Number(match[1]) : null;
}

/** The hash that names step `index`: "" for the deal. */
export function hashOfStep(index) {
  return index > 0 ? `#move-${index}` : '';
}

/**
 * The table after a step as seat `seat` saw it: the step's spectator view with that
 * viewer and their hand. Nothing is legal: the game is over.
 */
export function seatView(step, seat) {
  return { ...step.view, viewer: seat, hand: [...(step.hands?.[seat] ?? [])], legal: [] };
}

/** A seat's name in the answer (`seats`), or "Seat 3". */
export function seatNamer(answer) {
  const names = new Map((answer?.seats ?? []).map((s) => [s.seat, s.name]));
  return (seat) => names.get(seat) ?? `Seat ${Number(seat) + 1}`;
}

/**
 * What a step did, in the log's words (core/event-words.js), one line an event the log
 * tells: "Ana burned the pile with a 10", "Bob picked up the pile (6 cards)". The deal,
 * which has no events, is "The cards are dealt".
 */
export function stepLines(step, nameOf) {
  if (!step) return [];
  if (step.seat === null || step.seat === undefined) return ['The cards are dealt'];
  const lines = describeEvents(step.events ?? [], { nameOf, viewer: null }).map((line) => line.text);
  return lines.length ? lines : [`${nameOf(step.seat)} moved`];
}

/** The step's lines as one text, each a sentence. */
export function stepText(step, nameOf) {
  return stepLines(step, nameOf).map((line) => `${line}.`).join(' ');
}

/** "The deal", "Move 12 of 56". */
export function moveLabel(index, count) {
  return index === 0 ? 'The deal' : `Move ${index} of ${Math.max(0, count - 1)}`;
}

/** What the table waits for after a step: "Bob’s turn", the swap, or how it ended. */
export function statusText(view, nameOf) {
  if (!view) return '';
  if (view.phase === 'swap') {
    const left = (view.seats ?? []).filter((s) => !s.swapped).length;
    return left ? `Choosing face-up cards: ${left} to go` : 'Everyone has chosen';
  }
  if (view.phase === 'over') {
    if (view.abandoned) return 'Abandoned at the turn limit: nobody is the shithead';
    return view.shithead === null || view.shithead === undefined ? 'Game over' : `Game over: ${nameOf(view.shithead)} is the shithead`;
  }
  return turnWords(view.current, { nameOf, viewer: null });
}

/**
 * How the page opens for the player `playerId`: at their own seat's view when they
 * played in the game, else with every card shown (and the first seat at the bottom).
 */
export function openingChoice(answer, playerId) {
  const mine = playerId ? (answer?.seats ?? []).find((s) => s.player_id && s.player_id === playerId) : null;
  return mine ? { seat: mine.seat, all: false } : { seat: 0, all: true };
}

/**
 * Why the steps end early, in plain words, or null for a record that replays whole. The
 * error's `at` is the index in the record's actions of the action the rules refused: its
 * step would have been number at + 1, after the deal.
 */
export function stoppedText(answer) {
  if (!answer || answer.complete !== false) return null;
  const message = answer.error?.message ?? 'the server gave no reason';
  const at = answer.error?.at;
  if (at === null || at === undefined) return `This game’s record cannot be replayed: ${message}`;
  return `The record stops replaying at action ${at} (move ${at + 1}): ${message}.`;
}

/**
 * The places as the page lists them: first out first, the shithead last, then anyone
 * without a place (an abandoned game's).
 */
export function placesOf(answer) {
  return [...(answer?.seats ?? [])].sort((a, b) => (a.place || 99) - (b.place || 99) || a.seat - b.seat)
    .map((s) => ({ ...s, placeText: s.place ? ordinal(s.place) : '–' }));
}

/**
 * The record as a file `shithead replay` reads: the record of `GET /api/games/{id}`
 * unchanged (its seed a string of digits), written as the project writes records: the
 * header on one line, each zone of a deal on one, one action a line, so that two records
 * diff move by move.
 */
export function recordText(record) {
  const { deal, actions, ...head } = record ?? {};
  const pair = (key, value) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  const parts = [Object.entries(head).map(([key, value]) => pair(key, value)).join(', ')];
  if (deal && typeof deal === 'object') {
    parts.push(`"deal": {\n  ${Object.entries(deal).map(([key, value]) => pair(key, value)).join(',\n  ')}}`);
  }
  if (Array.isArray(actions)) {
    parts.push(actions.length ? `"actions": [\n  ${actions.map((a) => JSON.stringify(a)).join(',\n  ')}\n ]` : '"actions": []');
  }
  return `{${parts.join(',\n ')}}\n`;
}
