// The bot levels a host can seat, in the server's names (protocol/docs/room_messages.md,
// `add_bot`), each with a line saying what playing it is like. `random` and `greedy`
// are still names the server accepts, for old clients and records; they are not offered.

export const BOT_LEVELS = [
  { kind: 'easy', title: 'Easy', line: 'A beginner: often plays higher than it needs to and keeps nothing back.' },
  { kind: 'normal', title: 'Normal', line: 'Plays sensibly: low cards first, its 2s and 10s saved for when they help.' },
  { kind: 'hard', title: 'Hard', line: 'Thinks ahead: tries each move on hundreds of possible deals and remembers what it has seen.' },
  { kind: 'expert', title: 'Expert', line: 'Thinks hardest: thousands of possible deals a move. Hard to beat.' },
];

export const DEFAULT_BOT_LEVEL = 'normal';

/** The level named `kind`, or the default one for anything else. */
export function botLevel(kind) {
  return BOT_LEVELS.find((level) => level.kind === kind) ?? BOT_LEVELS.find((level) => level.kind === DEFAULT_BOT_LEVEL);
}

// How long bots pause before each move of the play (create_table's `bot_pace_ms`), as a
// host chooses it. A person needs most of a second to see a card go from a seat to the
// pile; the server's default is a person's pace too.
export const BOT_PACES = [
  { ms: 900, title: 'Like a person' },
  { ms: 400, title: 'Quickly' },
];
export const DEFAULT_BOT_PACE = 900;

/** The waiting room's words for a table's bot pace (milliseconds). */
export function botPaceWords(ms) {
  if (ms === undefined || ms === null) return '';
  if (ms === 0) return 'bots move at once';
  if (ms < 700) return 'bots move quickly';
  return 'bots move like people';
}
