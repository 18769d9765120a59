// Where seats sit around the table as the viewer sees it: the viewer at the bottom,
// the others clockwise from their left, so the order on screen is the order of play
// (direction 1 goes to seat + 1). Pure.

/** Opponent seats in the order they appear, left to right across the top. */
export function opponentOrder(players, viewer) {
  const seats = Array.from({ length: players }, (_, i) => i);
  if (viewer === null || viewer === undefined || viewer < 0 || viewer >= players) return seats;
  return seats.slice(viewer + 1).concat(seats.slice(0, viewer));
}

/** Seats of the room that are taken (a name or a bot). */
export function takenSeats(room) {
  return (room?.seats ?? []).filter((s) => s.name !== null && s.name !== undefined);
}

/** Whether the receiver hosts the table. */
export function isHost(room, playerId) {
  return Boolean(room && playerId && room.host === playerId);
}

/**
 * The seated people the host would start without: humans other than the host who have
 * not said they are ready (bots are always ready).
 */
export function notReady(room) {
  return takenSeats(room).filter((s) => !s.bot && s.player_id !== room.host && !s.ready);
}

/** "Bo is not ready yet.", "Bo and Cy are not ready yet.", "3 players are not ready yet." */
export function notReadyWords(seats) {
  const names = seats.map((s) => s.name);
  if (!names.length) return '';
  if (names.length === 1) return `${names[0]} is not ready yet.`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are not ready yet.`;
  return `${names.length} players are not ready yet.`;
}
