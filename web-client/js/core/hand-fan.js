// Where each card of the player's hand lies: one row while every card can keep a strip
// wide enough to tap, else as many rows as needed (up to `maxRows`, or up to `mostRows`
// where the screen has height that nothing else uses), each row fanned to the width. A
// card covers the right part of the one before it and a lower row the bottom of the row
// above, so every card keeps its top-left corner (rank and suit) in sight and a strip to
// tap, even under a neighbour lifted by its selection.
//
// A hand too long even for that (thirty cards on a small phone, or twenty-five on one held
// sideways, where there is room for one row only) packs each rank: its cards lie a few
// pixels apart, one behind the other, and the rank as a whole keeps the strip. Cards of one
// rank are interchangeable for the rules (a play names a rank and a count), so a tap on a
// packed rank means "one more of these" (core/selection.js, tapPackedRank), and there are
// never more than fourteen ranks to fit, however many decks.

/** The strip a card should keep when the width allows (px), and the least it may keep. */
export const COMFORTABLE_STRIP = 30;
export const LEAST_STRIP = 24;
/** How far apart the cards of a packed rank lie: this much while the width allows, never less than the least. */
export const PACKED_OFFSET = 8;
export const LEAST_PACKED_OFFSET = 3;

/**
 * `count` cards of `cardWidth`×`cardHeight` in `width` px. `lift`: how far a selected
 * card rises; `gap`: the space between cards that need not overlap; `maxRows`: how many
 * rows the screen always has room for; `mostRows` and `room`: more rows, up to
 * `mostRows`, while the area stays within `room` px high (a tall phone's felt that
 * nothing else uses); `ranks`: each card's rank in display order (same ranks side by
 * side), which lets a hand too long for its rows pack them. Returns the rows,
 * each card's {x, y} from the top left of the area, the area's height including the room
 * above for a lifted card, and for a packed hand `packed: true` with each card's group
 * (`group[i]`: the index of its rank's run) and the offset inside a run.
 */
export function fanLayout({ count, width, cardWidth, cardHeight, lift = 18, gap = 6, maxRows = 1,
  mostRows = maxRows, room = 0, strip = COMFORTABLE_STRIP, ranks = null }) {
  if (count <= 0) return { rows: 0, perRow: 0, step: 0, rowStep: 0, positions: [], height: 0, packed: false };
  // A lower row leaves the row above its corner index and a strip that a card lifted
  // from below still does not cover.
  const rowStep = Math.min(cardHeight + gap, Math.max(cardHeight * 0.5, lift + Math.max(28, cardHeight * 0.36)));
  const rowsInRoom = 1 + Math.floor((room - lift - cardHeight) / rowStep);
  const shape = { width, cardWidth, cardHeight, gap, lift, rowStep, maxRows: Math.max(maxRows, Math.min(mostRows, rowsInRoom)), strip };
  const single = cardByCard(count, shape);
  const runs = ranks && ranks.length === count ? rankRuns(ranks) : null;
  if (single.step >= LEAST_STRIP || !runs || runs.length === count) return single;
  const packed = packedByRank(runs, shape);
  return packed.step > single.step ? packed : single;
}

/** Every card its own strip: the fewest rows (up to maxRows) that keep `strip`. */
function cardByCard(count, { width, cardWidth, cardHeight, gap, lift, rowStep, maxRows, strip }) {
  const stepFor = (perRow) => (perRow <= 1 ? cardWidth + gap
    : Math.min(cardWidth + gap, (width - cardWidth) / (perRow - 1)));
  let rows = 1;
  while (rows < maxRows && stepFor(Math.ceil(count / rows)) < strip) rows += 1;
  const perRow = Math.ceil(count / rows);
  const step = Math.max(0, stepFor(perRow));
  const positions = [];
  for (let row = 0; row < rows; row += 1) {
    // Fuller rows first: 21 cards are 11 and 10.
    const first = Math.ceil((row * count) / rows);
    const next = Math.ceil(((row + 1) * count) / rows);
    const inRow = next - first;
    const rowWidth = cardWidth + step * (inRow - 1);
    const left = Math.max(0, (width - rowWidth) / 2);
    for (let i = 0; i < inRow; i += 1) positions.push({ x: left + i * step, y: lift + row * rowStep });
  }
  return { rows, perRow, step, rowStep, positions, height: lift + cardHeight + rowStep * (rows - 1), packed: false };
}

/** The lengths of the runs of equal ranks, in order: ['7','7','9'] → [2, 1]. */
function rankRuns(ranks) {
  const runs = [];
  ranks.forEach((rank, i) => {
    if (i > 0 && rank === ranks[i - 1]) runs[runs.length - 1] += 1;
    else runs.push(1);
  });
  return runs;
}

/**
 * Each rank's run packed `offset` apart and the runs fanned: the fewest rows that keep
 * `strip` for every run, the runs of a row side by side, fuller rows first. The widest
 * offset up to PACKED_OFFSET that leaves every run the least strip, else the least offset.
 */
function packedByRank(runs, { width, cardWidth, cardHeight, gap, lift, rowStep, maxRows, strip }) {
  const cardsIn = (row) => row.reduce((a, b) => a + b, 0);
  const rowsOf = (rows) => {
    const out = [];
    for (let row = 0; row < rows; row += 1) {
      out.push(runs.slice(Math.ceil((row * runs.length) / rows), Math.ceil(((row + 1) * runs.length) / rows)));
    }
    return out;
  };
  const stepFor = (row, offset) => (row.length <= 1 ? cardWidth + gap
    : Math.min(cardWidth + gap, (width - cardWidth - offset * (cardsIn(row) - row.length)) / (row.length - 1)));
  const leastStep = (parts, offset) => Math.min(...parts.map((row) => stepFor(row, offset)));
  let chosen = null;
  for (let rows = 1; rows <= Math.min(maxRows, runs.length); rows += 1) {
    const parts = rowsOf(rows);
    let offset = PACKED_OFFSET;
    while (offset > LEAST_PACKED_OFFSET && leastStep(parts, offset) < LEAST_STRIP) offset -= 1;
    chosen = { rows, parts, offset, step: Math.max(0, leastStep(parts, offset)) };
    if (chosen.step >= strip) break;
  }
  const { rows, parts, offset, step } = chosen;
  const positions = [];
  const group = [];
  let run = 0;
  parts.forEach((row, r) => {
    // Each row fanned to the width with its own step between runs.
    const own = Math.max(0, stepFor(row, offset));
    const rowWidth = cardWidth + offset * (cardsIn(row) - row.length) + own * (row.length - 1);
    let x = Math.max(0, (width - rowWidth) / 2);
    row.forEach((length, k) => {
      if (k > 0) x += own;
      for (let i = 0; i < length; i += 1) {
        if (i > 0) x += offset;
        positions.push({ x, y: lift + r * rowStep });
        group.push(run);
      }
      run += 1;
    });
  });
  const perRow = Math.max(...parts.map(cardsIn));
  return { rows, perRow, step, rowStep, positions, height: lift + cardHeight + rowStep * (rows - 1), packed: true, offset, group };
}
