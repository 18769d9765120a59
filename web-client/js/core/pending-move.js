// A move the player made that the table has not answered yet. A move made while the
// connection is down waits here and is sent once we are back at the table, if the game
// stands where it stood; a move sent just before the connection dropped is sent again on
// the same condition. The room's version is no guide (a player dropping and coming back
// changes it), so the game itself is compared: its turn count, who is to move, the
// player's cards and the pile. A move the table took always changes one of them. Pure:
// the app feeds it events and does what it says.

/** What must be unchanged for a waiting move to still mean what it meant. */
export function gameKey(view) {
  if (!view) return null;
  const me = view.viewer === null || view.viewer === undefined ? null : view.seats?.[view.viewer];
  return JSON.stringify([view.phase, view.turns, view.current, [...(view.hand ?? [])].sort(), view.pile?.length ?? 0,
    me ? [me.swapped, me.face_up, me.face_down] : null]);
}

/** A new move made on `view`; `sent` when it went out on a live connection. */
export function newMove(action, view, { sent }) {
  return { action, key: gameKey(view), sent, rejoining: !sent };
}

/** The connection dropped: a move in flight may or may not have reached the table. */
export function connectionLost(move) {
  return move ? { ...move, rejoining: true } : null;
}

/**
 * A state frame was applied; `view` is the game as it now stands. Returns
 * { move, send, settled, notice }:
 * - `send`: send `move.action` now (the move is still `move`, marked sent);
 * - `settled`: the game moved past the move (it was played, or a refusal follows as an
 *   error): the player's selection has done its job;
 * - `notice`: words for the player when a waiting move is dropped (the selection stays).
 */
export function onStateFrame(move, frame, view) {
  const none = { move, send: false, settled: false, notice: null };
  if (!move || !frame || frame.type === 'game_over') return none;
  const same = gameKey(view) === move.key;
  if (move.rejoining) {
    // Only the room frame that brings us back to the table says where it stands.
    if (frame.type !== 'room') return none;
    if (same) return { move: { ...move, sent: true, rejoining: false }, send: true, settled: false, notice: null };
    return {
      move: null, send: false, settled: false,
      notice: move.sent
        ? 'The connection dropped as you played, and the game has moved since: look before you play again.'
        : 'The game moved on while you were offline, so your move was not sent.',
    };
  }
  if (move.sent && !same) return { move: null, send: false, settled: true, notice: null };
  return none;
}
