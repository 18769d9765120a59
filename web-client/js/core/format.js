// Numbers and dates as the pages show them. Pure.

export function percent(rate) {
  if (typeof rate !== 'number' || Number.isNaN(rate)) return '–';
  return `${Math.round(rate * 100)}%`;
}

export function decimal(value, digits = 1) {
  if (typeof value !== 'number' || Number.isNaN(value)) return '–';
  // A real minus sign, as in the rating changes beside it.
  return value.toFixed(digits).replace(/^-/, '−');
}

/** "+1.2", "−0.4", "±0.0" for a rating change. */
export function signedDelta(delta, digits = 1) {
  if (typeof delta !== 'number' || Number.isNaN(delta)) return '';
  const text = Math.abs(delta).toFixed(digits);
  if (Number(text) === 0) return `±${text}`;
  return delta > 0 ? `+${text}` : `−${text}`;
}

/** "0:09", "1:30" from milliseconds. */
export function clock(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "3 minutes ago", "yesterday", or the date. */
export function relativeTime(iso, now = Date.now()) {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 30) return `${days} days ago`;
  return new Date(then).toISOString().slice(0, 10);
}

/** A player's title in the style they chose, or null when they have none. */
export function titleText(title, style = 'feudal') {
  if (!title || !title.count) return null;
  return title[style] ?? title.numeric ?? null;
}

/** "Ana (bot)" style label for a seat, never markup. */
export function seatLabel(seat) {
  if (!seat || !seat.name) return 'Empty seat';
  return seat.name;
}

/** The word beside a provisional rating, and what it means, for people new to ratings. */
export const PROVISIONAL_WORD = 'new';
export const PROVISIONAL_MEANING = 'A new player’s rating starts near 0 and settles after a few games.';

/**
 * Whether a game's ratings are worth a table: not when nothing moved (a game against
 * bots alone changes nobody's rating, and "±0.0" would only puzzle).
 */
export function ratingsChanged(ratings) {
  return (ratings ?? []).some((r) => {
    const before = r.before?.ordinal;
    const after = r.after?.ordinal;
    return typeof before !== 'number' || typeof after !== 'number' || Math.abs(after - before) >= 0.05;
  });
}
