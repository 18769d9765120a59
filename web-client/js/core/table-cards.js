// How a seat's cards lie on the table: face-up cards on face-down ones. Pure, shared by
// the player's own area and the opponents' seats, so both draw the same picture.

/**
 * How a seat's table cards lie: face-up cards on the face-down cards still there, in
 * order, then on emptied slots, then beyond the slots (swap stacking). Face-down cards
 * left over are uncovered; with `play_from_table` those are the ones that may be turned
 * while the seat still holds cards (the server counts: more face-down than face-up).
 * Returns [{ slot: index or null, up: face-up index or null }] in slot order.
 */
export function tableLayout(faceDown, faceUpCount) {
  const down = faceDown ?? [];
  // Every slot index, the ones still holding a card first.
  const places = [...down.keys()].sort((a, b) => Number(!down[a]) - Number(!down[b]) || a - b);
  const upAt = new Map();
  for (let j = 0; j < faceUpCount; j += 1) upAt.set(j < places.length ? places[j] : j, j);
  const positions = [];
  for (let i = 0; i < Math.max(down.length, faceUpCount); i += 1) {
    const slot = down[i] ? i : null;
    const up = upAt.get(i) ?? null;
    if (slot !== null || up !== null) positions.push({ slot, up });
  }
  return positions;
}
