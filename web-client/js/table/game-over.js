// The end of a game: places, the shithead and their title, rating changes when the
// server sends them (game_over.ratings, absent until the store exists), and rematch.

import { h } from '../ui/dom.js';
import { ordinal } from '../core/event-words.js';
import { gameResults } from '../core/room-sync.js';
import { PROVISIONAL_MEANING, PROVISIONAL_WORD, gameRatingChange, ratingText, ratingsChanged, titleText } from '../core/format.js';
import { playerHash } from '../core/routes.js';

const MEDALS = { 1: '🥇', 2: '🥈', 3: '🥉' };

function ratingRow(r) {
  const { text, change } = gameRatingChange(r.before, r.after);
  return h('tr', {},
    h('th', { scope: 'row' }, r.name ?? '?'),
    h('td', {}, r.after?.provisional
      ? h('span', { class: 'provisional', title: PROVISIONAL_MEANING }, ratingText(r.after)) : ratingText(r.after)),
    h('td', { class: change > 0 ? 'up' : change < 0 ? 'down' : '' }, text));
}

/**
 * The rating changes, on the scale and by the rule of core/format.js, with "New" explained
 * in words; when no rating moved (a game against bots alone), one line that says so
 * instead of a table of "±0".
 */
function ratingsPart(results) {
  const ratings = results.ratings;
  if (!ratings || !ratings.length || results.abandoned) return null;
  if (!ratingsChanged(ratings)) {
    const humans = results.places.filter((p) => !p.bot).length;
    return h('p', { class: 'hint ratings-note', 'data-testid': 'ratings-unchanged' }, humans <= 1
      ? 'Games against bots alone don’t change your rating: it moves when you play people.'
      : 'No rating changed in this game.');
  }
  const anyNew = ratings.some((r) => r.after?.provisional);
  return h('div', { class: 'ratings-part' },
    h('table', { class: 'rating-table', 'data-testid': 'ratings' },
      h('caption', {}, 'Ratings'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Rating'),
        h('th', { scope: 'col' }, 'Change'))),
      h('tbody', {}, ...ratings.map(ratingRow))),
    anyNew ? h('p', { class: 'hint ratings-note', 'data-testid': 'provisional-note' },
      h('span', { class: 'provisional' }, PROVISIONAL_WORD), `: ${PROVISIONAL_MEANING}`) : null);
}

/**
 * The table's games so far: who went out first how often, who was the shithead. After
 * the first game the places above say it all, so it shows from the second game on.
 */
function sessionTable(board) {
  if (!board || board.games < 2 || !board.players?.length) return null;
  const rows = [...board.players].sort((a, b) => a.shithead - b.shithead || b.first - a.first);
  return h('table', { class: 'rating-table session-table', 'data-testid': 'session-scores' },
    h('caption', {}, `This table: ${board.games} game${board.games === 1 ? '' : 's'}`,
      board.abandoned ? `, ${board.abandoned} abandoned` : ''),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Won'),
      h('th', { scope: 'col' }, 'Shithead'))),
    h('tbody', {}, ...rows.map((p) => h('tr', {},
      h('th', { scope: 'row' }, p.name ?? '?'), h('td', {}, String(p.first ?? 0)), h('td', {}, String(p.shithead ?? 0))))));
}

export function gameOverEl(app, { onClose, onRematch, onLeave }) {
  const results = gameResults(app.table);
  if (!results) return null;
  const room = app.table.room;
  const me = app.me.playerId;
  const shithead = results.shithead;
  const shitheadRating = shithead && results.ratings?.find((r) => r.player_id && r.player_id === shithead.player_id);
  const title = titleText(shitheadRating?.title, app.identity.titleStyle);
  const iAmShithead = shithead && shithead.player_id && shithead.player_id === me;
  const seated = room?.you && !room.you.spectator;

  let headline;
  if (results.abandoned) headline = 'Game abandoned';
  else if (iAmShithead) headline = 'Oh no…';
  else if (results.places[0]?.player_id && results.places[0].player_id === me) headline = 'You won!';
  else headline = 'Game over';

  const places = results.places.map((p) => {
    const last = shithead && p.seat === shithead.seat;
    return h('li', { class: `place${last ? ' shithead' : ''}${p.player_id && p.player_id === me ? ' me' : ''}` },
      h('span', { class: 'place-medal', 'aria-hidden': 'true' }, last ? '💩' : MEDALS[p.place] ?? ''),
      h('span', { class: 'place-number' }, ordinal(p.place)),
      p.player_id ? h('a', { class: 'place-name', href: playerHash(p.player_id) }, p.name) : h('span', { class: 'place-name' }, p.name),
      p.bot ? h('span', { class: 'badge bot' }, 'bot') : null,
      last ? h('span', { class: 'badge shit' }, 'shithead') : null);
  });

  return h('div', { class: 'overlay', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'game-over-title',
    'data-testid': 'game-over' },
  h('div', { class: 'overlay-card game-over-card' },
    h('h2', { id: 'game-over-title' }, headline),
    shithead && !results.abandoned ? h('div', { class: 'shithead-callout' },
      h('span', { class: 'big-emoji', 'aria-hidden': 'true' }, '💩'),
      h('div', {},
        h('p', { class: 'shithead-name' }, iAmShithead ? 'You' : shithead.name, ' ', iAmShithead ? 'are' : 'is', ' the shithead'),
        title ? h('p', { class: 'shithead-title' }, title) : null)) : null,
    results.abandoned ? h('p', { class: 'hint' }, 'The game hit the turn limit, so nobody is the shithead.') : null,
    // Places and tables together: a phone held sideways shows them beside the headline.
    h('div', { class: 'results-lists' },
      h('ol', { class: 'places', 'aria-label': 'Places' }, ...places),
      ratingsPart(results),
      sessionTable(results.scoreboard),
      // The game as it happened, move by move, on its own page ("/g/ID", a link to share).
      results.gameId ? h('p', { class: 'replay-line' }, h('a', { class: 'back-link', href: `/g/${results.gameId}`,
        'data-testid': 'replay-link' }, 'Watch the game again, move by move')) : null),
    h('div', { class: 'overlay-actions' },
      seated ? h('button', { type: 'button', class: 'primary big', 'data-testid': 'rematch', onclick: onRematch }, 'Rematch') : null,
      h('button', { type: 'button', class: 'secondary', 'data-testid': 'close-results', onclick: onClose }, 'See the table'),
      h('button', { type: 'button', class: 'ghost', onclick: onLeave }, 'Leave the table'))));
}
