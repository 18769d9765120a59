// Leaderboard and player answers shaped like protocol/docs/http_api.md's examples, served
// by the test in place of the store's, so that the pages can be drawn with or without a
// store: one settled rating with titles, one provisional, and a name that looks like markup.

const rating = (ordinal, provisional) => ({ mu: ordinal + 12, sigma: 4, ordinal, provisional });

export const EXAMPLE_PLAYERS = [
  { rank: 1, player_id: '3f9c0a12b4d1', name: 'Ana', games: 12, shithead: 2, shithead_rate: 0.1667, first: 5,
    average_place: 1.83, current_run: 4, longest_run: 7, rating: rating(16.5, false),
    title: { count: 2, numeric: 'Shithead ×2', olympic: 'Bronze shithead', feudal: 'Lord shithead' } },
  { rank: 2, player_id: '77e01b5c9a30', name: '<img src=x onerror="window.pwned=1">', games: 1, shithead: 0,
    shithead_rate: 0, first: 0, average_place: 2, current_run: 1, longest_run: 1, rating: rating(-3.2, true),
    title: { count: 0, numeric: null, olympic: null, feudal: null } },
];

/** Answers /api/leaderboard and both players' /api/players/ID for `page`; each board asked for goes into `asked` as "sort/period". */
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
}
