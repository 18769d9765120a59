// The arithmetic and the words of a player's charts (issue 33): scales and round ticks,
// SVG paths, the series read from GET /api/players/{id}/history, where the marks go for
// a width, and each chart said in a sentence. Drawn from the same example answer as the
// browser tests (e2e/example-answers.js).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bandPath, integerTicksWithin, linePath, linearScale, niceAxis, niceStep, stepPath,
} from '../../../web-client/js/core/chart-scale.js';
import {
  countSeries, countsSummary, headToHead, numberedGames, placeGroups, placesSummary, playedWithSummary, ratingSeries,
  ratingSummary,
} from '../../../web-client/js/core/player-history.js';
import { countsLayout, placesLayout, ratingLayout, textWidth } from '../../../web-client/js/core/chart-layout.js';
import { ratingPoints } from '../../../web-client/js/core/format.js';
import { EXAMPLE_HISTORY, EXAMPLE_NEWCOMER_HISTORY } from '../e2e/example-answers.js';

/** The [x, y] points of a path of M, L, H and V commands. */
function pathPoints(d) {
  const points = [];
  let [x, y] = [0, 0];
  for (const [, command, args] of d.matchAll(/([MLHV])([^MLHVZ]*)/g)) {
    const n = args.trim().split(/\s+/).map(Number);
    if (command === 'H') [x] = n;
    else if (command === 'V') [y] = n;
    else [x, y] = n;
    points.push([x, y]);
  }
  return points;
}

const history = (games, extra = {}) => ({ player_id: '3f9c0a12b4d1', name: 'Ana', total: games.length, games, played_with: [], ...extra });
const game = (place, seats, rating = null, shithead = place === seats) => ({ game_id: 1, ended: '2026-11-20T18:00:00Z', seats, place, shithead, rating });
const settled = (ordinal, sigma = 4) => ({ mu: ordinal + 3 * sigma, sigma, ordinal, provisional: false });

test('a linear scale maps a domain onto a range, either way round, and back', () => {
  const y = linearScale([1000, 2000], [200, 0]);
  assert.equal(y(1000), 200);
  assert.equal(y(1500), 100);
  assert.equal(y(2000), 0);
  assert.equal(y.invert(50), 1750);
  assert.equal(linearScale([5, 5], [0, 100])(5), 50, 'one value sits in the middle');
});

test('axes end on round numbers: steps of 1, 2 or 5 times a power of ten', () => {
  assert.equal(niceStep(1000, 4), 500);
  assert.equal(niceStep(11, 6), 2);
  assert.equal(niceStep(0.9, 3), 0.5);
  assert.deepEqual(niceAxis(1164, 2140, { count: 4, integer: true }).ticks, [1000, 1500, 2000, 2500]);
  assert.deepEqual(niceAxis(0, 5, { count: 3, integer: true }).ticks, [0, 2, 4, 6]);
  assert.deepEqual(niceAxis(0, 0.3, { count: 3, least: 0 }).ticks, [0, 0.1, 0.2, 0.3], 'no 0.30000000000000004');
  const one = niceAxis(872, 872, { integer: true, least: 100 });
  assert.ok(one.min <= 822 && one.max >= 922, 'a single value still gets an axis around it');
  assert.deepEqual(niceAxis(0, 1, { count: 3, integer: true }).ticks, [0, 1], 'counts never step by halves');
});

test('game numbers along the bottom are whole, round and inside the games shown', () => {
  assert.deepEqual(integerTicksWithin(1, 12, 6), [2, 4, 6, 8, 10, 12]);
  assert.deepEqual(integerTicksWithin(313, 812, 6), [400, 500, 600, 700, 800]);
  assert.deepEqual(integerTicksWithin(1, 3, 10), [1, 2, 3], 'never a step under 1');
});

test('paths: a line, a band between two lines, a staircase', () => {
  assert.equal(linePath([[0, 10], [5.25, 3.04], [10, 0]]), 'M0 10 L5.3 3 L10 0');
  assert.equal(linePath([]), '');
  assert.equal(bandPath([[0, 0], [10, 2]], [[0, 5], [10, 6]]), 'M0 0 L10 2 L10 6 L0 5 Z');
  assert.equal(bandPath([[50, 10]], [[50, 40]], 3), 'M47 10 L53 10 L53 40 L47 40 Z', 'one game: a narrow bar');
  assert.equal(stepPath([[0, 10], [1, 10], [2, 5]]), 'M0 10 H1 V10 H2 V5');
  assert.deepEqual(pathPoints(stepPath([[0, 10], [2, 5]])), [[0, 10], [2, 10], [2, 5]]);
});

test('games are numbered as the player’s: the last 500 of 812 start at the 313th', () => {
  const games = Array.from({ length: 500 }, () => game(1, 3));
  const numbered = numberedGames({ ...history(games), total: 812 });
  assert.equal(numbered[0].number, 313);
  assert.equal(numbered.at(-1).number, 812);
  assert.deepEqual(numberedGames(null), []);
});

test('the rating series is on the shown scale, from the careful estimate up to the best guess, without bot games', () => {
  const series = ratingSeries(EXAMPLE_HISTORY);
  assert.equal(series.length, 11, 'the game against bots alone rated nobody');
  assert.deepEqual(series.map((s) => s.number), [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  assert.deepEqual(series.at(-1), { number: 12, gameId: 34, ended: EXAMPLE_HISTORY.games.at(-1).ended, provisional: false,
    points: 1660, high: 2140 });
  assert.equal(series[0].points, ratingPoints(4.1));
  assert.equal(series.filter((s) => s.provisional).length, 6);
  assert.ok(series.slice(0, 6).every((s) => s.provisional) && series.slice(6).every((s) => !s.provisional), 'new first, then settled');
  assert.ok(series.every((s) => s.high >= s.points));
});

test('times first out and times the shithead run from 0 before the first game to the player’s totals', () => {
  const series = countSeries(EXAMPLE_HISTORY);
  assert.deepEqual(series[0], { number: 0, first: 0, shithead: 0 });
  assert.deepEqual(series.at(-1), { number: 12, first: 5, shithead: 2 });
  assert.ok(series.every((s, i) => i === 0 || (s.first >= series[i - 1].first && s.shithead >= series[i - 1].shithead)));
  // The flag decides, not the place: a player who left and whose bot finished last.
  assert.deepEqual(countSeries(history([game(2, 3, null, true)])).at(-1), { number: 1, first: 0, shithead: 1 });
});

test('places are counted by table size, every place of the table listed, and unknown places apart', () => {
  assert.deepEqual(placeGroups(EXAMPLE_HISTORY), [
    { seats: 3, games: 6, unknown: 0, places: [{ place: 1, count: 3 }, { place: 2, count: 2 }, { place: 3, count: 1 }] },
    { seats: 4, games: 6, unknown: 0, places: [{ place: 1, count: 2 }, { place: 2, count: 3 }, { place: 3, count: 0 }, { place: 4, count: 1 }] },
  ]);
  const old = placeGroups(history([game(null, 4), game(2, 4)]));
  assert.deepEqual(old, [{ seats: 4, games: 2, unknown: 1, places: [{ place: 1, count: 0 }, { place: 2, count: 1 }, { place: 3, count: 0 }, { place: 4, count: 0 }] }]);
  for (const group of placeGroups(EXAMPLE_HISTORY)) {
    assert.equal(group.places.reduce((sum, p) => sum + p.count, 0) + group.unknown, group.games, 'the bars add up to the games');
  }
});

test('the people played with most keep the answer’s order, with the games nobody’s place decided', () => {
  const rows = headToHead(EXAMPLE_HISTORY);
  assert.deepEqual(rows.map((r) => r.name), EXAMPLE_HISTORY.played_with.map((p) => p.name));
  assert.deepEqual(rows[0], { playerId: '9c1d2e3f4a5b', name: 'Bob', games: 9, ahead: 5, behind: 4, unknown: 0 });
  assert.equal(headToHead({ played_with: [{ player_id: 'x', name: 'Old', games: 5, ahead: 1, behind: 2 }] })[0].unknown, 2);
  assert.deepEqual(headToHead({}), []);
});

test('each chart in a sentence, as a screen reader hears it', () => {
  assert.equal(ratingSummary(EXAMPLE_HISTORY), 'Rating 1660 after 12 games, up 132 in the last 5 games. New for its first 6 rated games (dashed).');
  assert.equal(countsSummary(EXAMPLE_HISTORY),
    'In 12 games: first out 5 times, the shithead twice. In the last 10: first out 4 times, the shithead twice.');
  assert.equal(placesSummary(EXAMPLE_HISTORY), '12 games at 3- and 4-player tables: 1st 5 times, last twice.');
  assert.equal(playedWithSummary(EXAMPLE_HISTORY), 'Most games with Bob: 9, Ana finished ahead in 5 and behind in 4.');

  assert.match(ratingSummary(EXAMPLE_NEWCOMER_HISTORY), /^Rating still new after 1 game against people: a first estimate, drawn dashed/);
  assert.equal(countsSummary(EXAMPLE_NEWCOMER_HISTORY), 'In 1 game: never first out, never the shithead.');
  assert.equal(placesSummary(EXAMPLE_NEWCOMER_HISTORY), '1 game at a 3-player table: never 1st, never last.');

  const rising = history([1, 2, 3, 4, 5, 6, 7].map((i) => game(1, 3, settled(i))));
  assert.equal(ratingSummary(rising), `Rating ${ratingPoints(7)} after 7 games, up 200 in the last 5 games.`);
  assert.equal(ratingSummary(history([game(3, 3, settled(2)), game(3, 3, settled(1))])), 'Rating 1040 after 2 games, down 40 since the first game.');
  assert.equal(ratingSummary(history([game(1, 3), game(2, 3)])), 'No rating yet: games against bots alone rate nobody. Play people to get one.');
  assert.equal(ratingSummary(history([])), 'No rating yet: no finished games.');
  assert.equal(countsSummary(history([])), 'No finished games yet.');
  assert.equal(playedWithSummary(history([game(1, 3)])), 'No games with other people yet: only bots.');
  assert.equal(placesSummary(history([game(null, 4), game(1, 4)])), '2 games at 4-player tables: 1st once, never last (1 with no place recorded).');
  assert.match(countsSummary({ ...history(Array.from({ length: 500 }, () => game(2, 3))), total: 812 }), /^In 500 games \(the last 500 of 812\)/);
});

test('the rating line ends on the last game’s rating, dashed while new, inside its chart', () => {
  const series = ratingSeries(EXAMPLE_HISTORY);
  for (const width of [328, 700, 1000]) {
    const layout = ratingLayout(series, { width, height: 220 });
    const dashed = pathPoints(layout.dashed);
    const solid = pathPoints(layout.solid);
    assert.equal(dashed.length, 7, 'the six new games and on into the first settled one');
    assert.equal(solid.length, 5);
    assert.deepEqual(dashed.at(-1), solid[0]);
    assert.deepEqual(solid.at(-1), [Math.round(layout.end.x * 10) / 10, Math.round(layout.end.y * 10) / 10]);
    assert.equal(layout.end.value, 1660);
    // Read back from the axis, the end is 1660.
    const [a, b] = [layout.yTicks[0], layout.yTicks.at(-1)];
    assert.ok(Math.abs(a.value + ((layout.end.y - a.y) / (b.y - a.y)) * (b.value - a.value) - 1660) < 0.01);
    assert.equal(layout.endLabel.text, '1660');
    const { plot, endLabel } = layout;
    const [left, right] = endLabel.anchor === 'end' ? [endLabel.x - textWidth('1660'), endLabel.x] : [endLabel.x, endLabel.x + textWidth('1660')];
    assert.ok(left >= plot.left && right <= width && endLabel.y - 12 >= 0 && endLabel.y <= plot.bottom, `the label inside at ${width}`);
    assert.ok(layout.shade.width > 0 && layout.shade.x + layout.shade.width < layout.end.x, 'the new stretch shaded, before the end');
    assert.equal(layout.dots.length, 11);
    assert.ok(layout.xTicks.every((t, i) => i === 0 || t.x - layout.xTicks[i - 1].x >= 40), 'game numbers never touch');
    assert.ok(plot.left >= Math.max(...layout.yTicks.map((t) => textWidth(t.label))), 'the axis labels fit left of the plot');
  }
});

test('a new player’s one game: a point, a narrow band, "New" beside it, no shading', () => {
  const layout = ratingLayout(ratingSeries(EXAMPLE_NEWCOMER_HISTORY), { width: 328, height: 220 });
  assert.equal(layout.solid, '');
  assert.equal(pathPoints(layout.dashed).length, 1);
  assert.equal(layout.shade, null, 'all new: the dashes say it');
  assert.equal(layout.endLabel.text, 'New');
  assert.match(layout.band, /Z$/);
  assert.equal(layout.xTicks.length, 1);
});

test('a long history leaves out the dots and keeps a dozen labels at most', () => {
  const games = Array.from({ length: 500 }, (_, i) => game(1 + (i % 3), 3, settled(i / 50)));
  const layout = ratingLayout(ratingSeries({ ...history(games), total: 812 }), { width: 328, height: 220 });
  assert.equal(layout.dots.length, 0);
  assert.ok(layout.xTicks.length <= 6 && layout.xTicks[0].value >= 313 && layout.xTicks.at(-1).value <= 812);
  assert.equal(layout.end.value, ratingPoints(499 / 50));
});

test('the running counts end on their totals', () => {
  const layout = countsLayout(countSeries(EXAMPLE_HISTORY), { width: 328, height: 180 });
  assert.deepEqual(layout.ends.map((e) => [e.key, e.value]), [['first', 5], ['shithead', 2]]);
  assert.equal(pathPoints(layout.first).length, 1 + 2 * 12);
  assert.deepEqual(layout.yTicks.map((t) => t.value), [0, 2, 4, 6]);
  const none = countsLayout(countSeries(EXAMPLE_NEWCOMER_HISTORY), { width: 328, height: 180 });
  assert.deepEqual(none.yTicks.map((t) => t.value), [0, 1, 2], 'no counts yet: an axis from 0, not around it');
});

test('place bars share one scale, and their words fit the chart', () => {
  for (const width of [300, 328, 800]) {
    const layout = placesLayout(placeGroups(EXAMPLE_HISTORY), { width });
    const bars = layout.blocks.flatMap((b) => b.bars);
    assert.deepEqual(layout.blocks.map((b) => b.heading.text), ['3 players · 6 games', '4 players · 6 games']);
    assert.deepEqual(layout.blocks[1].bars.map((b) => [b.label, b.count, b.kind]),
      [['1st', 2, 'first'], ['2nd', 3, 'middle'], ['3rd', 0, 'middle'], ['4th', 1, 'last']]);
    const unit = bars.find((b) => b.count).width / bars.find((b) => b.count).count;
    for (const bar of bars) assert.ok(Math.abs(bar.width - bar.count * unit) < 0.01 || (bar.count === 0 && bar.width === 0));
    assert.ok(Math.max(...bars.map((b) => b.width)) <= 420);
    for (const bar of bars) assert.ok(bar.textX + textWidth(bar.text) <= width, `"${bar.text}" fits ${width}`);
    assert.ok(bars.every((b) => b.labelX - textWidth(b.label) >= 0));
    assert.ok(layout.height >= bars.at(-1).y + 16 && layout.height <= bars.at(-1).y + 26, "as tall as its bars");
  }
});
