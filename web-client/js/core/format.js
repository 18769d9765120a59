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

/** "+1.2", "−0.4", "±0.0"; with 0 digits "+12", "−4", "±0". */
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

// Ratings, as every page shows them (issue 35). The server's number is the ordinal,
// μ − 3σ: a careful estimate that starts at 0 and dips below it after a newcomer's first
// loss, and "−1.8" read as a punishment. So the pages never show it bare:
//  - while the rating is provisional (σ still large) it is no number at all but "New":
//    the number would say little yet, and a newcomer has nothing to lose on the display;
//  - once settled it is RATING_OFFSET + RATING_SCALE × ordinal, rounded, never below 0:
//    whole numbers read better than decimals, a settled player reads in the hundreds or
//    thousands, far from 0, and the map only rises, so the server's order of players
//    (which the pages keep, never re-sorting) reads the same in the new numbers.
// 40 points for a unit of the ordinal make one game's change a few to some dozens of
// points (an ordinal change of 0.3 is 12), never a fraction.
export const RATING_OFFSET = 1000;
export const RATING_SCALE = 40;

/** The word shown for a provisional rating, and what it means, for people new to ratings. */
export const PROVISIONAL_WORD = 'New';
export const PROVISIONAL_MEANING = 'A player’s rating shows as a number once their games against people have settled it, '
  + 'usually after 5 to 20 games.';

/** The points shown for an ordinal: a whole number, never below 0; null without one. */
export function ratingPoints(ordinal) {
  if (typeof ordinal !== 'number' || !Number.isFinite(ordinal)) return null;
  return Math.max(0, Math.round(RATING_OFFSET + RATING_SCALE * ordinal));
}

/** "New" while provisional, "1412" once settled, "–" when there is no rating. */
export function ratingText(rating) {
  if (!rating || typeof rating !== 'object') return '–';
  if (rating.provisional) return PROVISIONAL_WORD;
  const points = ratingPoints(rating.ordinal);
  return points === null ? '–' : String(points);
}

/**
 * The change between two ordinals in shown points: the difference of the two shown
 * numbers, so that "1412 (+12)" adds up on the page. Null when either is missing.
 */
export function ratingChange(beforeOrdinal, afterOrdinal) {
  const before = ratingPoints(beforeOrdinal);
  const after = ratingPoints(afterOrdinal);
  return before === null || after === null ? null : after - before;
}

/**
 * A leaderboard row's trend over the last 7 days (the row's `week`: the games that moved
 * the rating and the ordinal's change over them) in shown points: { change: +24, text:
 * "▲ 24", label: "up 24 in 3 games this week" }. Null while the rating is new (its
 * number is not shown, so neither is its change), without a game this week, or when the
 * week left the shown number as it was.
 */
export function weekTrend(rating, week) {
  if (!rating || rating.provisional || !week || typeof week.change !== 'number' || !(week.games > 0)) return null;
  const change = ratingChange(rating.ordinal - week.change, rating.ordinal);
  if (!change) return null;
  const games = week.games === 1 ? '1 game' : `${week.games} games`;
  return change > 0
    ? { change, text: `▲ ${change}`, label: `up ${change} in ${games} this week` }
    : { change, text: `▼ ${-change}`, label: `down ${-change} in ${games} this week` };
}

/** "+12", "−40", "±0" for a change in shown points; "" for none. */
export function ratingChangeText(change) {
  return typeof change === 'number' ? signedDelta(change, 0) : '';
}

/**
 * A game's change at game over, from the rating objects before and after: nothing while
 * the rating is still new (a change to a number nobody sees would only puzzle),
 * "settled" in the game that first shows the number, else the change in points.
 */
export function gameRatingChange(before, after) {
  if (!after || after.provisional) return { text: '', change: null };
  if (!before || before.provisional) return { text: 'settled', change: null };
  const change = ratingChange(before.ordinal, after.ordinal);
  return { text: ratingChangeText(change), change };
}

/**
 * A past game's rating on a player's page, from its bare ordinals (a game record says
 * nothing of provisional): "New" for a player whose rating is still new (every game so
 * far was played while new; its number is not shown yet), else "1412 (+12)" on the
 * shown scale, the early games too: once the number shows, its history says how it got
 * there. "–" for a game that rated nobody (abandoned).
 */
export function pastRatingText(game, current) {
  const before = game?.rating_before;
  const after = game?.rating_after;
  if (typeof before !== 'number' || typeof after !== 'number') return '–';
  if (current?.provisional) return PROVISIONAL_WORD;
  return `${ratingPoints(after)} (${ratingChangeText(ratingChange(before, after))})`;
}

/**
 * Whether a game's ratings are worth a table: not when nothing moved (a game against
 * bots alone changes nobody's rating, and "±0" would only puzzle). A change under 0.05
 * is under 2 shown points.
 */
export function ratingsChanged(ratings) {
  return (ratings ?? []).some((r) => {
    const before = r.before?.ordinal;
    const after = r.after?.ordinal;
    return typeof before !== 'number' || typeof after !== 'number' || Math.abs(after - before) >= 0.05;
  });
}
