// A move the player made that the table has not answered yet. A move made while the
// connection is down waits here and is sent once we are back at the table, if the game
// stands where it stood; a move sent just before the connection dropped is sent again on
// the same condition. The room's version is no guide (a player dropping and coming back
// changes it), so the game itself is compared: its turn count, who is to move, the
// player's cards and the pile. A move the table took always changes one of them.
//
// A move sent just before the connection dropped may also have been played: a paused
// server plays it when it wakes, a phone network delivers it late, and the frame that
// said so went to the dead socket. The snapshot of the return then shows it in what only
// that move does to the player's own cards (`wentThrough`), and it counts as played.
// Pure: the app feeds it events and does what it says.

/** What must be unchanged for a waiting move to still mean what it meant. */
export function gameKey(view) {
  if (!view) return null;
  const me = view.viewer === null || view.viewer === undefined ? null : view.seats?.[view.viewer];
  return JSON.stringify([view.phase, view.turns, view.current, [...(view.hand ?? [])].sort(), view.pile?.length ?? 0,
    me ? [me.swapped, me.face_up, me.face_down] : null]);
}

/** A new move made on `view`; `sent` when it went out on a live connection. */
export function newMove(action, view, { sent }) {
  return { action, key: gameKey(view), from: view ?? null, sent, rejoining: !sent };
}

/** The connection dropped: a move in flight may or may not have reached the table. */
export function connectionLost(move) {
  return move ? { ...move, rejoining: true } : null;
}

function counts(cards) {
  const n = new Map();
  for (const card of cards ?? []) n.set(card, (n.get(card) ?? 0) + 1);
  return n;
}

/** Every card of `part` is in `whole`, as many times as `part` holds it. */
function holdsAll(whole, part) {
  const have = counts(whole);
  return [...counts(part)].every(([card, k]) => (have.get(card) ?? 0) >= k);
}

function sameCards(a, b) {
  return (a ?? []).length === (b ?? []).length && holdsAll(a, b);
}

/** The viewer's own cards in sight: the hand and the face-up cards. */
function ownCards(view) {
  return [...(view.hand ?? []), ...(view.seats[view.viewer].face_up ?? [])];
}

/**
 * Whether `view`, the game as it stands after a reconnection, shows `move` (sent from
 * `move.from`) played. Only the player's own move takes cards from their hand or
 * face-up cards, empties one of their face-down slots or confirms their swap, so those
 * are the evidence; the play phase's turn count must also have moved past the move.
 * What it cannot tell from a stand-in bot's move (a turn timer ran out, or the grace)
 * that did the same thing is the same thing. Cautious where it cannot be sure: a card
 * drawn back (two decks) or returned (isf's cannot-finish) reads as not played.
 */
export function wentThrough(move, view) {
  const was = move?.from;
  const seat = was?.viewer;
  if (!view || seat === null || seat === undefined || view.viewer !== seat) return false;
  const before = was.seats?.[seat];
  const me = view.seats?.[seat];
  if (!before || !me) return false;
  const action = move.action;
  if (action.type === 'swap') {
    return was.phase === 'swap' && !before.swapped && me.swapped === true && sameCards(me.face_up, action.face_up);
  }
  if (was.phase !== 'play' || !(view.turns > was.turns)) return false;
  const mine = was.current === seat;
  switch (action.type) {
    case 'play': {
      // The cards played are gone from where they were: fewer of each than before by at least as many.
      const had = counts(ownCards(was));
      const has = counts(ownCards(view));
      return [...counts(action.cards)].every(([card, k]) => (has.get(card) ?? 0) <= (had.get(card) ?? 0) - k);
    }
    case 'play_face_down':
      return before.face_down?.[action.slot] === true && !me.face_down?.[action.slot];
    case 'pickup':
      return mine && holdsAll(view.hand, [...(was.hand ?? []), ...(was.pile ?? [])]);
    case 'wait':
      // A wait changes no cards; the turn count says the seat acted.
      return mine && sameCards(view.hand, was.hand) && sameCards(me.face_up, before.face_up);
    default:
      return false;
  }
}

/**
 * The events a move that went through stands for, for the log: the frame that told of
 * it went to the dropped connection. A face-down card's is unknown (what it was, where it
 * went), so that move has none.
 */
export function eventsOf(move) {
  const { action, from } = move;
  const seat = from.viewer;
  switch (action.type) {
    case 'play': {
      // From the hand while it holds the card; the rest from the table, told first, as the server does.
      const inHand = counts(from.hand);
      const hand = [];
      const table = [];
      for (const card of action.cards) {
        if ((inHand.get(card) ?? 0) > 0) {
          inHand.set(card, inHand.get(card) - 1);
          hand.push(card);
        } else {
          table.push(card);
        }
      }
      return [
        ...(table.length ? [{ type: 'played', seat, cards: table, source: 'face_up' }] : []),
        ...(hand.length ? [{ type: 'played', seat, cards: hand, source: 'hand' }] : []),
      ];
    }
    case 'pickup': return [{ type: 'picked_up', seat, count: from.pile?.length ?? 0 }];
    case 'wait': return [{ type: 'waited', seat }];
    case 'swap': return [{ type: 'swapped', seat, count: action.face_up.length }];
    default: return [];
  }
}

/**
 * A state frame was applied; `view` is the game as it now stands. Returns
 * { move, send, settled, notice, played }:
 * - `send`: send `move.action` now (the move is still `move`, marked sent);
 * - `settled`: the game moved past the move (it was played, or a refusal follows as an
 *   error): the player's selection has done its job;
 * - `notice`: words for the player when a waiting move is dropped (the selection stays);
 * - `played`: the move's events (`eventsOf`) when the snapshot of a return shows that a
 *   move lost with its connection was played after all; null otherwise.
 */
export function onStateFrame(move, frame, view) {
  const none = { move, send: false, settled: false, notice: null, played: null };
  if (!move || !frame || frame.type === 'game_over') return none;
  const same = gameKey(view) === move.key;
  if (move.rejoining) {
    // Only the room frame that brings us back to the table says where it stands.
    if (frame.type !== 'room') return none;
    if (same) return { move: { ...move, sent: true, rejoining: false }, send: true, settled: false, notice: null, played: null };
    if (move.sent && wentThrough(move, view)) {
      return { move: null, send: false, settled: true, notice: null, played: eventsOf(move) };
    }
    return {
      move: null, send: false, settled: false, played: null,
      notice: move.sent
        ? 'The connection dropped as you played, and the game has moved since: look before you play again.'
        : 'The game moved on while you were offline, so your move was not sent.',
    };
  }
  if (move.sent && !same) return { move: null, send: false, settled: true, notice: null, played: null };
  return none;
}
