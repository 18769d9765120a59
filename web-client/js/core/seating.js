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

// Quick play that found nobody (issue 35): after this long alone at the table it opened,
// the player is offered a game with bots now.
export const ALONE_OFFER_MS = 4000;
// A game with bots started that way seats this many in all: three, as "Play against
// bots" does, which is the smallest game with a winner, a middle and a shithead; the
// table's other seats stay open for people, who play from the next game.
export const ALONE_GAME_SEATS = 3;

/**
 * The offer of bots to a player whom quick play seated (`quickSeat`: { code, at }) and
 * who sits there alone, before any game: null when there is none to make, else `bots`,
 * enough for a game of ALONE_GAME_SEATS (fewer at a smaller table), and `inMs`, how long
 * until it shows (0: now). A host who has seated bots or people has the start button.
 */
export function botsOffer(room, { playerId, quickSeat, now }) {
  if (!room || !quickSeat || quickSeat.code !== room.code || room.game || !isHost(room, playerId)) return null;
  const taken = takenSeats(room);
  if (taken.length !== 1 || taken[0].player_id !== playerId) return null;
  return { bots: Math.min(room.seats.length, ALONE_GAME_SEATS) - 1, inMs: Math.max(0, quickSeat.at + ALONE_OFFER_MS - now) };
}
