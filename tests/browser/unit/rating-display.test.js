// How ratings read on every page (issue 35): a newcomer's rating is "New", never a number
// near 0 or below it; a settled one is a whole number on one scale, in the server's order.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PROVISIONAL_WORD, RATING_OFFSET, RATING_SCALE, gameRatingChange, pastRatingText, ratingChange, ratingPoints,
  ratingText, ratingsChanged, weekTrend,
} from '../../../web-client/js/core/format.js';

const rating = (ordinal, provisional = false) => ({ mu: ordinal + 12, sigma: provisional ? 6.5 : 4, ordinal, provisional });

test('a new player’s rating is the word New, not a number near 0 or below it', () => {
  assert.equal(PROVISIONAL_WORD, 'New');
  assert.equal(ratingText(rating(0, true)), 'New');
  assert.equal(ratingText(rating(-1.8, true)), 'New');
  assert.equal(ratingText(rating(19.7, true)), 'New', 'a lucky newcomer is new too');
});

test('a settled rating is a whole number: 1000 and 40 points for each unit of the careful estimate', () => {
  assert.equal(RATING_OFFSET, 1000);
  assert.equal(RATING_SCALE, 40);
  assert.equal(ratingText(rating(16.5)), '1660');
  assert.equal(ratingText(rating(16.1234)), '1645');
  assert.equal(ratingText(rating(0)), '1000');
  assert.equal(ratingText(rating(-1.8)), '928', 'a settled player below the start still reads far from 0');
  assert.doesNotMatch(ratingText(rating(3.3333)), /\./, 'never a decimal');
});

test('no shown rating is ever below 0', () => {
  assert.equal(ratingPoints(-30), 0);
  assert.equal(ratingText(rating(-25.2)), '0');
  assert.ok(!Object.is(ratingPoints(-26), -0));
});

test('the scale only rises, so the server’s order of players reads the same', () => {
  const ordinals = [22.4, 16.5, 16.49, 3.2, 0, -1.8, -7];
  const points = ordinals.map(ratingPoints);
  assert.ok(points.every((p, i) => i === 0 || points[i - 1] >= p), points.join(' '));
});

test('no rating, or no number in it, is a dash', () => {
  assert.equal(ratingText(undefined), '–');
  assert.equal(ratingText(null), '–');
  assert.equal(ratingText({ provisional: false }), '–');
  assert.equal(ratingPoints(Number.NaN), null);
});

test('a change is the difference of the two shown numbers, so the row adds up', () => {
  assert.equal(ratingChange(16.1, 15.2), -36);
  assert.equal(ratingChange(14.9, 16.1), 48);
  // 1000.4 and 1000.6 show as 1000 and 1001: the change says +1, as the numbers do.
  assert.equal(ratingChange(0.01, 0.015), 1);
  assert.equal(ratingChange(null, 3), null);
});

test('at game over a new rating shows no change, the game that settles it says so, and a settled one its points', () => {
  assert.deepEqual(gameRatingChange(rating(0, true), rating(-1.4, true)), { text: '', change: null });
  assert.deepEqual(gameRatingChange(rating(9.6, true), rating(10.2)), { text: 'settled', change: null });
  assert.deepEqual(gameRatingChange(rating(16.1), rating(15.2)), { text: '−36', change: -36 });
  assert.deepEqual(gameRatingChange(rating(14.9), rating(16.1)), { text: '+48', change: 48 });
  assert.deepEqual(gameRatingChange(rating(16.1), rating(16.101)), { text: '±0', change: 0 });
});

test('a player’s past games: New while the rating is new, points once it is settled, a dash for a game that rated nobody', () => {
  const game = { rating_before: 16.1, rating_after: 15.2 };
  assert.equal(pastRatingText(game, rating(15.2)), '1608 (−36)');
  assert.equal(pastRatingText({ rating_before: 14.9, rating_after: 16.1 }, rating(16.1)), '1644 (+48)');
  assert.equal(pastRatingText({ rating_before: 0, rating_after: -1.8 }, rating(-1.8, true)), 'New');
  // Settled now: the games played while new show on the same scale, none below 0.
  assert.equal(pastRatingText({ rating_before: 0, rating_after: -1.8 }, rating(12)), '928 (−72)');
  assert.equal(pastRatingText({ rating_before: null, rating_after: null }, rating(12)), '–');
});

test('a game whose ratings did not move shows no table of ±0', () => {
  assert.equal(ratingsChanged([{ before: rating(0, true), after: rating(0, true) }]), false);
  assert.equal(ratingsChanged([{ before: rating(0, true), after: rating(3.4, true) }]), true);
});

test('a leaderboard row’s week trend is in shown points, only beside a settled rating that moved', () => {
  const settled = { ordinal: 16.5, provisional: false };
  assert.deepEqual(weekTrend(settled, { games: 3, change: 0.6 }),
    { change: 24, text: '▲ 24', label: 'up 24 in 3 games this week' });
  assert.deepEqual(weekTrend(settled, { games: 1, change: -0.5 }),
    { change: -20, text: '▼ 20', label: 'down 20 in 1 game this week' });
  // The change is the difference of the two shown numbers, so it adds up on the page.
  assert.equal(weekTrend({ ordinal: 0.01, provisional: false }, { games: 2, change: 0.02 })?.change ?? 0,
    ratingPoints(0.01) - ratingPoints(-0.01));
  assert.equal(weekTrend(settled, { games: 2, change: 0.001 }), null, 'a week that left the number as it was');
  assert.equal(weekTrend({ ordinal: -3.2, provisional: true }, { games: 1, change: -1 }), null, 'not beside "New"');
  assert.equal(weekTrend(settled, null), null, 'no game this week');
  assert.equal(weekTrend(settled, { games: 0, change: 0 }), null);
  assert.equal(weekTrend(null, { games: 1, change: 1 }), null);
});
