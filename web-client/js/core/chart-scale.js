// The arithmetic of the player page's charts: linear scales, round ticks and SVG path
// text. Pure, no DOM, so the tests check it without a browser. Fetched with the charts
// (views/player-charts.js), not on the first visit.

/**
 * A linear map from the domain [d0, d1] to the range [r0, r1] (an SVG y range runs
 * downwards: [bottom, top]). A domain of one value maps to the middle of the range.
 */
export function linearScale([d0, d1], [r0, r1]) {
  const span = d1 - d0;
  const scale = (value) => (span === 0 ? (r0 + r1) / 2 : r0 + ((value - d0) / span) * (r1 - r0));
  scale.invert = (at) => (r1 === r0 ? d0 : d0 + ((at - r0) / (r1 - r0)) * span);
  scale.domain = [d0, d1];
  scale.range = [r0, r1];
  return scale;
}

/** A round step (1, 2 or 5 times a power of ten) that cuts `span` into about `count` parts. */
export function niceStep(span, count = 5) {
  if (!(span > 0)) return 1;
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const round = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return round * power;
}

// Steps are powers of ten times 1, 2 or 5: rounding to the step's own decimals takes away
// what adding 0.1 three times leaves behind (0.30000000000000004).
function clean(value, step) {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  return Number(value.toFixed(decimals)) + 0;
}

/**
 * An axis that holds [min, max] and ends on round numbers: { min, max, step, ticks }.
 * `integer` keeps the step whole (counts, game numbers); `least` is the smallest span
 * (a chart of one value still gets an axis around it).
 */
export function niceAxis(min, max, { count = 5, integer = false, least = 1 } = {}) {
  let lo = Math.min(min, max);
  let hi = Math.max(min, max);
  if (hi - lo < least) {
    const middle = (lo + hi) / 2;
    lo = middle - least / 2;
    hi = middle + least / 2;
  }
  let step = niceStep(hi - lo, count);
  if (integer) step = Math.max(1, Math.round(step));
  const first = Math.floor(lo / step + 1e-9) * step;
  const last = Math.ceil(hi / step - 1e-9) * step;
  const ticks = [];
  for (let i = 0; first + i * step <= last + step * 1e-9; i += 1) ticks.push(clean(first + i * step, step));
  return { min: clean(first, step), max: clean(last, step), step, ticks };
}

/**
 * The round numbers inside [min, max] for at most about `count` labels, whole numbers
 * only (game numbers along the bottom: the axis keeps its ends where the data ends).
 */
export function integerTicksWithin(min, max, count = 6) {
  const step = Math.max(1, Math.round(niceStep(max - min, Math.max(1, count))));
  const ticks = [];
  for (let value = Math.ceil(min / step) * step; value <= max; value += step) ticks.push(value);
  return ticks;
}

const coordinate = (value) => String(Math.round(value * 10) / 10 + 0);
const pair = ([x, y]) => `${coordinate(x)} ${coordinate(y)}`;

/** "M x y L x y …" through the points ([x, y] pairs); "" for none. */
export function linePath(points) {
  return points.map((p, i) => `${i ? 'L' : 'M'}${pair(p)}`).join(' ');
}

/**
 * A closed band between two lines of the same length: along `upper`, back along `lower`.
 * A band of one point is a line up and down, so it takes `halfWidth` either side.
 */
export function bandPath(upper, lower, halfWidth = 3) {
  if (!upper.length) return '';
  if (upper.length === 1) {
    const [[x, top]] = upper;
    const [[, bottom]] = lower;
    return linePath([[x - halfWidth, top], [x + halfWidth, top], [x + halfWidth, bottom], [x - halfWidth, bottom]]) + ' Z';
  }
  return `${linePath(upper)} ${lower.slice().reverse().map((p) => `L${pair(p)}`).join(' ')} Z`;
}

/** A staircase through the points: across to each new x, then up or down to its y. */
export function stepPath(points) {
  return points.map((p, i) => (i ? `H${coordinate(p[0])} V${coordinate(p[1])}` : `M${pair(p)}`)).join(' ');
}

