// Leaderboard, player and player history answers shaped like protocol/docs/http_api.md's
// examples, served by the test in place of the store's, so that the pages can be drawn with
// or without a store: one settled rating with titles, one provisional, a name that looks
// like markup, and the history behind each player's charts.

const rating = (ordinal, provisional) => ({ mu: ordinal + 12, sigma: 4, ordinal, provisional });

export const EXAMPLE_PLAYERS = [
  { rank: 1, player_id: '3f9c0a12b4d1', name: 'Ana', games: 12, shithead: 2, shithead_rate: 0.1667, first: 5,
    average_place: 1.83, current_run: 4, longest_run: 7, rating: rating(16.5, false),
    title: { count: 2, numeric: 'Shithead ×2', olympic: 'Bronze shithead', feudal: 'Lord shithead' },
    week: { games: 3, change: 0.6 } },
  { rank: 2, player_id: '77e01b5c9a30', name: '<img src=x onerror="window.pwned=1">', games: 1, shithead: 0,
    shithead_rate: 0, first: 0, average_place: 2, current_run: 1, longest_run: 1, rating: rating(-3.2, true),
    title: { count: 0, numeric: null, olympic: null, feudal: null },
    week: { games: 1, change: -3.2 } },
];

// Ana's history (GET /api/players/{id}/history), consistent with her row above: 12 games
// at 3- and 4-seat tables, first out 5 times, the shithead twice (average place 22/12),
// the rating new for the first 6 rated games and 1660 (16.5) after the last; the 3rd
// game was against bots alone and rated nobody.
const ended = (i) => new Date(Date.UTC(2026, 10, 20, 18, 0) + i * 17 * 60000).toISOString().replace('.000Z', 'Z');
const HISTORY_GAMES = [
  // [seats, place, shithead, mu, sigma, provisional]
  [4, 2, false, 26.9, 7.6, true],
  [3, 1, false, 28.6, 7.0, true],
  [3, 2, false, null],
  [4, 1, false, 30.0, 6.5, true],
  [3, 2, false, 29.6, 6.0, true],
  [3, 3, true, 27.4, 5.6, true],
  [4, 1, false, 28.8, 5.2, true],
  [4, 4, true, 27.1, 4.9, false],
  [4, 2, false, 27.4, 4.6, false],
  [3, 1, false, 28.3, 4.4, false],
  [4, 2, false, 28.2, 4.2, false],
  [3, 1, false, 28.5, 4.0, false],
];
export const EXAMPLE_HISTORY = {
  player_id: '3f9c0a12b4d1', name: 'Ana', total: 12,
  games: HISTORY_GAMES.map(([seats, place, shithead, mu, sigma, provisional], i) => ({
    game_id: 12 + 2 * i, ended: ended(i), seats, place, shithead,
    rating: mu === null ? null : { mu, sigma, ordinal: Math.round((mu - 3 * sigma) * 10) / 10, provisional },
  })),
  played_with: [
    { player_id: '9c1d2e3f4a5b', name: 'Bob', games: 9, ahead: 5, behind: 4 },
    { player_id: '5d2e8a1f0c47', name: 'Cleo', games: 7, ahead: 3, behind: 4 },
    { player_id: '0b6e19c2d8f3', name: 'Dev', games: 4, ahead: 4, behind: 0 },
    { player_id: 'a1c4e7f00d92', name: 'Maximilian-Alexander', games: 2, ahead: 0, behind: 2 },
    { player_id: '77e01b5c9a30', name: EXAMPLE_PLAYERS[1].name, games: 1, ahead: 1, behind: 0 },
  ],
};

// The newcomer's: one game against people, still new.
export const EXAMPLE_NEWCOMER_HISTORY = {
  player_id: '77e01b5c9a30', name: EXAMPLE_PLAYERS[1].name, total: 1,
  games: [{ game_id: 42, ended: '2026-11-21T09:14:00Z', seats: 3, place: 2, shithead: false, rating: EXAMPLE_PLAYERS[1].rating }],
  played_with: [{ player_id: '3f9c0a12b4d1', name: 'Ana', games: 1, ahead: 0, behind: 1 }],
};

const json = (body) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

/**
 * Answers /api/leaderboard, both players' /api/players/ID and their /history for `page`;
 * each board asked for goes into `asked` as "sort/period".
 */
export async function serveExamples(page, asked = []) {
  await page.route((url) => url.pathname === '/api/leaderboard', (route) => {
    const query = new URL(route.request().url()).searchParams;
    asked.push(`${query.get('sort')}/${query.get('period')}`);
    const body = { sort: query.get('sort'), period: query.get('period'), limit: 50, offset: 0, total: 2, players: EXAMPLE_PLAYERS };
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
  await page.route((url) => url.pathname === '/api/players/3f9c0a12b4d1', (route) => route.fulfill({
    status: 200, contentType: 'application/json', body: JSON.stringify({
      ...EXAMPLE_PLAYERS[0], rank: undefined, created: '2026-11-20T18:02:11Z', last_seen: new Date().toISOString(),
      recent: [
        { game_id: 41, ended: new Date(Date.now() - 3 * 60000).toISOString(), ruleset: 'shiphead', status: 'finished',
          seats: 3, place: 3, shithead: true, rating_before: 16.1, rating_after: 15.2 },
        { game_id: 40, ended: new Date(Date.now() - 30 * 60000).toISOString(), ruleset: { preset: 'isf', hand_size: 5 },
          status: 'finished', seats: 4, place: 1, shithead: false, rating_before: 14.9, rating_after: 16.1 }],
    }),
  }));
  // The newcomer: one game against people, which took the careful estimate below 0.
  await page.route((url) => url.pathname === '/api/players/77e01b5c9a30', (route) => route.fulfill({
    status: 200, contentType: 'application/json', body: JSON.stringify({
      ...EXAMPLE_PLAYERS[1], rank: undefined, created: '2026-11-21T09:00:00Z', last_seen: new Date().toISOString(),
      recent: [{ game_id: 42, ended: new Date(Date.now() - 60000).toISOString(), ruleset: 'shiphead', status: 'finished',
        seats: 3, place: 2, shithead: false, rating_before: 0, rating_after: -3.2 }],
    }),
  }));
  await page.route((url) => url.pathname === '/api/players/3f9c0a12b4d1/history', (route) => route.fulfill(json(EXAMPLE_HISTORY)));
  await page.route((url) => url.pathname === '/api/players/77e01b5c9a30/history', (route) => route.fulfill(json(EXAMPLE_NEWCOMER_HISTORY)));
}
