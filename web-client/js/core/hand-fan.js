// Where each card of the player's hand lies: one row while every card can keep a strip
// wide enough to tap, else as many rows as needed (up to `maxRows`), each row fanned to
// the width. A card covers the right part of the one before it and a lower row the
// bottom of the row above, so every card keeps its top-left corner (rank and suit) in
// sight and a strip to tap, even under a neighbour lifted by its selection.

/** The strip a card should keep when the width allows (px), and the least it may keep. */
export const COMFORTABLE_STRIP = 30;

/**
 * `count` cards of `cardWidth`×`cardHeight` in `width` px. `lift`: how far a selected
 * card rises; `gap`: the space between cards that need not overlap; `maxRows`: how many
 * rows the screen has room for. Returns the rows, each card's {x, y} from the top left
 * of the area, and the area's height including the room above for a lifted card.
 */
export function fanLayout({ count, width, cardWidth, cardHeight, lift = 18, gap = 6, maxRows = 1,
  strip = COMFORTABLE_STRIP }) {
  if (count <= 0) return { rows: 0, perRow: 0, step: 0, rowStep: 0, positions: [], height: 0 };
  const stepFor = (perRow) => (perRow <= 1 ? cardWidth + gap
    : Math.min(cardWidth + gap, (width - cardWidth) / (perRow - 1)));
  let rows = 1;
  while (rows < maxRows && stepFor(Math.ceil(count / rows)) < strip) rows += 1;
  const perRow = Math.ceil(count / rows);
  const step = Math.max(0, stepFor(perRow));
  // A lower row leaves the row above its corner index and a strip that a card lifted
  // from below still does not cover.
  const rowStep = Math.min(cardHeight + gap, Math.max(cardHeight * 0.5, lift + Math.max(28, cardHeight * 0.36)));
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
  return { rows, perRow, step, rowStep, positions, height: lift + cardHeight + rowStep * (rows - 1) };
}
