// Where each mark of the player page's charts goes for a given width: the axes, the
// paths and the labels, as plain numbers that views/player-charts.js turns into SVG.
// Pure, so the tests can check that the line ends on the last game's rating and that
// no label leaves the chart. Charts are drawn at the size they are shown (one SVG unit
// a CSS pixel), so their text stays 12 px on a phone as on a desktop.

import { bandPath, integerTicksWithin, linePath, linearScale, niceAxis, stepPath } from './chart-scale.js';
import { ordinal } from './event-words.js';
import { PROVISIONAL_WORD } from './format.js';

export const FONT = 12;
// A label's width at FONT px in the pages' sans-serif, estimated a little over, for room.
function charWidth(c) {
  if (/[0-9]/.test(c)) return 7.4;
  if (/[mwMW%]/.test(c)) return 10.5;
  if (/[A-Z]/.test(c)) return 8.6;
  if (/[a-z]/.test(c)) return 7.2;
  return c === ' ' ? 3.8 : 5;
}
export const textWidth = (text) => [...String(text)].reduce((sum, c) => sum + charWidth(c), 0);

/** The plot's box in a chart `width` × `height`, with room on its left for the y labels `labels`. */
function frame(width, height, labels, { right = 14, top = 12, bottom = 26 } = {}) {
  const left = Math.ceil(Math.max(...labels.map(textWidth), 0) + 12);
  return { left, right: width - right, top, bottom: height - bottom };
}

function xAxis(first, last, plot) {
  // One label per 52 px at most, so "120 125 130" never touch.
  const count = Math.max(1, Math.floor((plot.right - plot.left) / 52));
  const x = linearScale(first === last ? [first - 1, last + 1] : [first, last], [plot.left, plot.right]);
  const values = first === last ? [first] : integerTicksWithin(first, last, count);
  return { x, ticks: values.map((value) => ({ value, x: x(value), label: String(value) })) };
}

/** A label beside a point, inside the plot: left of it when there is room, above it when there is. */
function pointLabel(text, [px, py], plot) {
  const room = textWidth(text) + 8;
  const anchor = px - room >= plot.left ? 'end' : 'start';
  const x = anchor === 'end' ? px - 7 : Math.min(px + 7, plot.right - room + 8);
  const y = py - plot.top >= FONT + 8 ? py - 8 : py + FONT + 6;
  return { text, x, y, anchor };
}

/**
 * The rating chart: the line of shown points, the band from it up to the estimate, the
 * games while the rating was provisional (dashed, and shaded when settled games follow),
 * a dot for every game while they are far enough apart, and the last rating named.
 */
export function ratingLayout(series, { width, height }) {
  const lows = series.map((s) => s.points);
  const highs = series.map((s) => s.high);
  const axis = niceAxis(Math.min(...lows), Math.max(...highs), { count: height < 200 ? 3 : 4, integer: true, least: 100 });
  const plot = frame(width, height, axis.ticks.map(String));
  const { x, ticks: xTicks } = xAxis(series[0].number, series.at(-1).number, plot);
  const y = linearScale([axis.min, axis.max], [plot.bottom, plot.top]);
  const line = series.map((s) => [x(s.number), y(s.points)]);
  const upper = series.map((s) => [x(s.number), y(s.high)]);
  // The dashed stretch runs into the first settled game, so the line has no gap.
  const fresh = series.filter((s) => s.provisional).length;
  const dashed = fresh ? line.slice(0, Math.min(series.length, fresh + 1)) : [];
  const solid = fresh < series.length ? line.slice(Math.max(0, fresh)) : [];
  const shade = fresh && fresh < series.length
    ? { x: plot.left, width: (line[fresh - 1][0] + line[fresh][0]) / 2 - plot.left,
      label: { text: PROVISIONAL_WORD, x: plot.left + 6, y: plot.top + FONT + 2 } }
    : null;
  const last = series.at(-1);
  const spacing = (plot.right - plot.left) / Math.max(1, series.length - 1);
  return {
    width, height, plot,
    xTicks, yTicks: axis.ticks.map((value) => ({ value, y: y(value), label: String(value) })),
    band: bandPath(upper, line),
    dashed: linePath(dashed), solid: linePath(solid), shade,
    dots: series.length === 1 || spacing >= 9 ? line.map(([px, py], i) => ({ x: px, y: py, provisional: series[i].provisional })) : [],
    end: { x: line.at(-1)[0], y: line.at(-1)[1], value: last.points, provisional: last.provisional },
    endLabel: pointLabel(last.provisional ? PROVISIONAL_WORD : String(last.points), line.at(-1), plot),
  };
}

/** Times first out and times the shithead as two staircases over the games, each ending in a dot. */
export function countsLayout(series, { width, height }) {
  const most = Math.max(...series.map((s) => Math.max(s.first, s.shithead)));
  const axis = niceAxis(0, Math.max(2, most), { count: 3, integer: true });
  const plot = frame(width, height, axis.ticks.map(String));
  const { x, ticks: xTicks } = xAxis(series[0].number, series.at(-1).number, plot);
  const y = linearScale([axis.min, axis.max], [plot.bottom, plot.top]);
  const line = (key) => series.map((s) => [x(s.number), y(s[key])]);
  const last = series.at(-1);
  return {
    width, height, plot,
    xTicks, yTicks: axis.ticks.map((value) => ({ value, y: y(value), label: String(value) })),
    first: stepPath(line('first')), shithead: stepPath(line('shithead')),
    ends: [
      { key: 'first', x: x(last.number), y: y(last.first), value: last.first },
      { key: 'shithead', x: x(last.number), y: y(last.shithead), value: last.shithead }],
  };
}

const ROW = 26;
const BAR = 16;
const HEAD = 26;
const GAP = 12;

/**
 * Bars of how often each place was reached, one block per table size, all on one scale
 * so that blocks compare: a heading ("4 players · 7 games"), then a bar a place, its
 * count and share after it. The first place is 'first', the last 'last', games without a
 * place 'unknown'.
 */
export function placesLayout(groups, { width }) {
  const blocks = groups.map((group) => {
    const rows = group.places.map((p, i) => ({
      label: ordinal(p.place), count: p.count, place: p.place,
      kind: i === 0 ? 'first' : i === group.places.length - 1 ? 'last' : 'middle' }));
    if (group.unknown) rows.push({ label: 'Unknown', count: group.unknown, place: null, kind: 'unknown' });
    for (const row of rows) row.text = `${row.count} · ${group.games ? Math.round((100 * row.count) / group.games) : 0}%`;
    const size = group.seats ? `${group.seats} players` : 'Table size not recorded';
    return { seats: group.seats, games: group.games, heading: `${size} · ${group.games} game${group.games === 1 ? '' : 's'}`, rows };
  });
  const rows = blocks.flatMap((b) => b.rows);
  const most = Math.max(1, ...rows.map((r) => r.count));
  const left = Math.ceil(Math.max(...rows.map((r) => textWidth(r.label))) + 10);
  const room = Math.ceil(Math.max(...rows.map((r) => textWidth(r.text))) + 10);
  // Bars longer than this are no easier to compare, only further from their labels.
  const full = Math.min(420, Math.max(40, width - left - room));
  const scale = linearScale([0, most], [0, full]);
  let top = 0;
  const placed = blocks.map((block) => {
    const heading = { text: block.heading, y: top + FONT + 4 };
    const bars = block.rows.map((row, i) => {
      const y = top + HEAD + i * ROW;
      const w = row.count ? Math.max(2, scale(row.count)) : 0;
      return { ...row, x: left, y, width: w, height: BAR, track: full, labelX: left - 8, textX: left + w + 6, textY: y + BAR - 3 };
    });
    top += HEAD + bars.length * ROW + GAP;
    return { seats: block.seats, games: block.games, heading, bars };
  });
  return { width, height: Math.max(0, top - GAP), blocks: placed };
}
