// The table as this client knows it, kept in step with the server's versioned frames.
// Every change of a table is one state frame (`room`, `game` or `game_over`) whose
// `version` is one higher than the last; a `room` frame is the whole table. A client
// that sees a gap asks for a `snapshot` and waits for the `room` frame it brings.
// Pure: feed frames in, read the state and what to do next.

export function emptyTable() {
  return {
    version: null,     // the last version applied; null until a room frame arrives
    room: null,        // the last room frame (seats, settings, scoreboard, you...)
    view: null,        // the receiver's view of the current or last game
    deadlines: null,   // clocks from the last state frame
    receivedAt: 0,     // when `deadlines` were received (ms, caller's clock)
    gameOver: null,    // the game_over frame of the last game, until the next game starts
    awaitingSnapshot: false,
  };
}

/**
 * Applies one state frame. Returns { table, snapshot, events, applied }:
 * - `snapshot`: true when the client must send {"type": "snapshot"} (a gap);
 * - `events`: the game events this frame brings (to animate and log);
 * - `applied`: false when the frame was a duplicate, stale, or skipped in a gap.
 */
export function applyFrame(table, frame, now = 0) {
  const none = { table, snapshot: false, events: [], applied: false };
  if (!frame || typeof frame.version !== 'number') return none;

  if (frame.type === 'room') {
    // A room frame is the whole table: it always brings the client up to date, also on a
    // new connection, in a new table, and as the answer to a snapshot (same version).
    // Frames on one connection arrive in order, so a room frame is never stale.
    const view = frame.game ?? null;
    const next = {
      ...table,
      version: frame.version,
      room: frame,
      view,
      deadlines: frame.deadlines ?? null,
      receivedAt: now,
      awaitingSnapshot: false,
      gameOver: sameGameStillOver(table, frame, view) ? table.gameOver : null,
    };
    return { table: next, snapshot: false, events: [], applied: true };
  }

  if (frame.type !== 'game' && frame.type !== 'game_over') return none;
  if (table.version === null) {
    // A step before we know the table: only a snapshot can place it.
    return { table: { ...table, awaitingSnapshot: true }, snapshot: !table.awaitingSnapshot, events: [], applied: false };
  }
  if (frame.version <= table.version) return none;  // already seen
  if (frame.version > table.version + 1) {
    // A gap: we missed a change. Ask once, and ignore steps until the room frame comes.
    return { table: { ...table, awaitingSnapshot: true }, snapshot: !table.awaitingSnapshot, events: [], applied: false };
  }

  if (frame.type === 'game') {
    const next = {
      ...table,
      version: frame.version,
      view: frame.view,
      deadlines: frame.deadlines ?? null,
      receivedAt: now,
      gameOver: frame.view?.phase === 'over' ? table.gameOver : null,
    };
    return { table: next, snapshot: false, events: frame.events ?? [], applied: true };
  }

  // game_over: the results of the game the last `game` frame ended.
  const next = {
    ...table,
    version: frame.version,
    gameOver: frame,
    room: table.room ? { ...table.room, scoreboard: frame.scoreboard ?? table.room.scoreboard } : table.room,
  };
  return { table: next, snapshot: false, events: [], applied: true };
}

function sameGameStillOver(table, frame, view) {
  return Boolean(table.gameOver && table.room && table.room.code === frame.code && view && view.phase === 'over');
}

/**
 * A new connection: the versions we counted belonged to the old one, so the next room
 * frame (sent on rejoining) starts the count again. What we showed stays on screen.
 */
export function forgetVersion(table) {
  return { ...table, version: null, awaitingSnapshot: false };
}

/** Milliseconds left on a deadline at `now`, or null. */
export function msLeft(table, key, now) {
  const left = table.deadlines?.[key];
  if (left === null || left === undefined) return null;
  return Math.max(0, left - (now - table.receivedAt));
}

/**
 * The results of the last game as the game-over screen shows them. From the game_over
 * frame when we have it; after a reload only the room frame is there, so the places come
 * from the view's finish order and the seats' names (no ratings then).
 */
export function gameResults(table) {
  if (table.gameOver) {
    return {
      places: table.gameOver.places ?? [],
      shithead: table.gameOver.shithead ?? null,
      abandoned: Boolean(table.gameOver.abandoned),
      ratings: Array.isArray(table.gameOver.ratings) ? table.gameOver.ratings : null,
      gameId: table.gameOver.game_id ?? null,
      scoreboard: table.gameOver.scoreboard ?? table.room?.scoreboard ?? null,
    };
  }
  const view = table.view;
  if (!view || view.phase !== 'over' || !table.room) return null;
  const seatInfo = (seat) => {
    const s = table.room.seats?.[seat] ?? {};
    return { seat, player_id: s.player_id ?? null, name: s.name ?? `Seat ${seat + 1}`, bot: s.bot ?? null };
  };
  const places = (view.finish_order ?? []).map((seat, i) => ({ ...seatInfo(seat), place: i + 1 }));
  let shithead = null;
  if (view.shithead !== null && view.shithead !== undefined) {
    shithead = seatInfo(view.shithead);
    places.push({ ...shithead, place: view.players });
  }
  return {
    places, shithead, abandoned: Boolean(view.abandoned), ratings: null, gameId: null,
    scoreboard: table.room.scoreboard ?? null,
  };
}
