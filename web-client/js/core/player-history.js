// What a player's page draws from GET /api/players/{id}/history (protocol/docs/http_api.md):
// the rating game by game on the scale every page shows (core/format.js), times first out
// and times the shithead as running counts, places by table size, and the people played
// with most; and each of them said in a sentence, which is also the charts' text for a
// screen reader. Pure. Fetched with the charts, not on the first visit.

import { PROVISIONAL_WORD, ratingPoints } from './format.js';

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const times = (n) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The answer's games, oldest first, each with its `number`: the player's 1st, 2nd, …
 * game. The answer holds the last 500 of `total`, so a long history starts past 1.
 */
export function numberedGames(history) {
  const games = Array.isArray(history?.games) ? history.games : [];
  const total = Math.max(Number.isInteger(history?.total) ? history.total : 0, games.length);
  const first = total - games.length + 1;
  return games.map((game, i) => ({ ...game, number: first + i }));
}

/** " (the last 500 of 812)" when the answer holds only the player's latest games. */
function ofAll(history, shown) {
  const total = history?.total ?? shown;
  return total > shown ? ` (the last ${shown} of ${total})` : '';
}

/**
 * The rating after each game that rated anyone, on the shown scale: `points` is the
 * careful estimate (1000 + 40 × ordinal, as ratingText shows it) and `high` the estimate
 * itself (μ on the same scale): the band between them is how unsure the rating still is.
 * Games against bots alone rate nobody and are left out. σ only shrinks, so the games
 * while the rating was provisional are the first ones.
 */
export function ratingSeries(history) {
  return numberedGames(history)
    .filter((g) => g.rating && Number.isFinite(g.rating.ordinal) && Number.isFinite(g.rating.mu))
    .map((g) => ({
      number: g.number, gameId: g.game_id, ended: g.ended, provisional: Boolean(g.rating.provisional),
      points: ratingPoints(g.rating.ordinal), high: ratingPoints(g.rating.mu),
    }));
}

/**
 * Times first out and times the shithead so far, after each game, from 0 before the
 * first game shown. The shithead is the game's flag, not the place (a player who left
 * and whose bot finished last is still the shithead).
 */
export function countSeries(history) {
  const games = numberedGames(history);
  if (!games.length) return [];
  const series = [{ number: games[0].number - 1, first: 0, shithead: 0 }];
  for (const g of games) {
    const before = series.at(-1);
    series.push({ number: g.number, first: before.first + (g.place === 1 ? 1 : 0), shithead: before.shithead + (g.shithead ? 1 : 0) });
  }
  return series;
}

/**
 * How often the player finished in each place, by table size, smallest table first:
 * [{ seats, games, places: [{ place, count }] (every place of that table, 0 too),
 * unknown }] (`unknown`: games from records older than places).
 */
export function placeGroups(history) {
  const bySeats = new Map();
  for (const g of numberedGames(history)) {
    const seats = Number.isInteger(g.seats) && g.seats > 0 ? g.seats : 0;
    if (!bySeats.has(seats)) bySeats.set(seats, { seats, games: 0, counts: new Map(), unknown: 0 });
    const group = bySeats.get(seats);
    group.games += 1;
    if (Number.isInteger(g.place) && g.place >= 1) group.counts.set(g.place, (group.counts.get(g.place) ?? 0) + 1);
    else group.unknown += 1;
  }
  return [...bySeats.values()].sort((a, b) => a.seats - b.seats).map((group) => {
    const most = Math.max(group.seats, ...group.counts.keys());
    const places = Array.from({ length: most }, (_, i) => ({ place: i + 1, count: group.counts.get(i + 1) ?? 0 }));
    return { seats: group.seats, games: group.games, places, unknown: group.unknown };
  });
}

/**
 * The people played with most, as the answer lists them: games together, games the
 * player finished ahead of them, games they finished ahead, and the rest (`unknown`:
 * records older than places).
 */
export function headToHead(history) {
  return (Array.isArray(history?.played_with) ? history.played_with : []).map((p) => {
    const games = p.games ?? 0;
    const ahead = p.ahead ?? 0;
    const behind = p.behind ?? 0;
    return { playerId: p.player_id, name: p.name, games, ahead, behind, unknown: Math.max(0, games - ahead - behind) };
  });
}

function change(points) {
  if (points > 0) return `up ${points}`;
  if (points < 0) return `down ${-points}`;
  return 'unchanged';
}

/** "Rating 1660 after 12 games, up 60 in the last 5 games. New for its first 6 rated games (dashed)." */
export function ratingSummary(history) {
  const series = ratingSeries(history);
  if (!series.length) {
    return numberedGames(history).length
      ? 'No rating yet: games against bots alone rate nobody. Play people to get one.'
      : 'No rating yet: no finished games.';
  }
  const last = series.at(-1);
  if (last.provisional) {
    return `Rating still ${PROVISIONAL_WORD.toLowerCase()} after ${plural(series.length, 'game')} against people: `
      + 'a first estimate, drawn dashed, until more games settle it.';
  }
  let text = `Rating ${last.points} after ${plural(last.number, 'game')}`;
  if (series.length > 5) text += `, ${change(last.points - series.at(-6).points)} in the last 5 games`;
  else if (series.length > 1) text += `, ${change(last.points - series[0].points)} since the first game`;
  text += '.';
  const fresh = series.filter((s) => s.provisional).length;
  if (fresh) text += ` ${PROVISIONAL_WORD} for its first ${plural(fresh, 'rated game')} (dashed).`;
  return text;
}

const firstOut = (n) => (n ? `first out ${times(n)}` : 'never first out');
const theShithead = (n) => (n ? `the shithead ${times(n)}` : 'never the shithead');

/** "In 12 games: first out 5 times, the shithead twice. In the last 10: …" */
export function countsSummary(history) {
  const series = countSeries(history);
  if (!series.length) return 'No finished games yet.';
  const games = series.length - 1;
  const last = series.at(-1);
  let text = `In ${plural(games, 'game')}${ofAll(history, games)}: ${firstOut(last.first)}, ${theShithead(last.shithead)}.`;
  if (games > 10) {
    const back = series.at(-11);
    text += ` In the last 10: ${firstOut(last.first - back.first)}, ${theShithead(last.shithead - back.shithead)}.`;
  }
  return text;
}

/** "3- and 4-player tables", "a 3-player table" (one game). */
function tableSizes(groups, games) {
  const sizes = groups.filter((g) => g.seats).map((g) => g.seats);
  if (!sizes.length) return games === 1 ? 'a table' : 'tables';
  if (games === 1) return `a ${sizes[0]}-player table`;
  const names = sizes.length === 1 ? `${sizes[0]}` : `${sizes.slice(0, -1).join('-, ')}- and ${sizes.at(-1)}`;
  return `${names}-player tables`;
}

const often = (n, word) => (n ? `${word} ${times(n)}` : `never ${word}`);

/** "12 games at 3- and 4-player tables: 1st 5 times, last twice." */
export function placesSummary(history) {
  const groups = placeGroups(history);
  const games = groups.reduce((sum, g) => sum + g.games, 0);
  if (!games) return 'No finished games yet.';
  const unknown = groups.reduce((sum, g) => sum + g.unknown, 0);
  if (unknown === games) return `${capital(plural(games, 'game'))}, none with its place recorded.`;
  const first = groups.reduce((sum, g) => sum + (g.places[0]?.count ?? 0), 0);
  const last = groups.reduce((sum, g) => sum + (g.places.length > 1 ? g.places.at(-1).count : 0), 0);
  let text = `${capital(plural(games, 'game'))}${ofAll(history, games)} at ${tableSizes(groups, games)}: `
    + `${often(first, '1st')}, ${often(last, 'last')}`;
  if (unknown) text += ` (${unknown} with no place recorded)`;
  return `${text}.`;
}

/** "Most games with Bob: 9, Ana ahead in 5 and behind in 4." */
export function playedWithSummary(history) {
  const rows = headToHead(history);
  if (!rows.length) return 'No games with other people yet: only bots.';
  const top = rows[0];
  const owner = history?.name ?? 'this player';
  return `Most games with ${top.name}: ${top.games}, ${owner} finished ahead in ${top.ahead} and behind in ${top.behind}.`;
}
