// A finished game's answers shaped as protocol/docs/http_api.md says: `GET /api/games/41`
// (the summary and the record that `shithead replay` accepts) and `GET /api/games/41/steps`
// (the table after every action, every hand and face-down card shown), served by the test
// in place of the store's. The game is a real one (example-steps.json, written by
// record-example-steps.mjs against the server): Ana, Bob and Cy at a table of three under
// shiphead with hands of 3 and no stock; a swap each, plays, two burns with a 10, pick-ups,
// face-down cards turned, waits on an 8, Cy out first, Ana second and Bob the shithead.

import { readFileSync } from 'node:fs';

const data = JSON.parse(readFileSync(new URL('./example-steps.json', import.meta.url), 'utf8'));

/** `GET /api/games/41`. */
export const EXAMPLE_GAME = data.game;
/** `GET /api/games/41/steps`: 57 steps, the deal and 56 actions. */
export const EXAMPLE_STEPS = data.steps;
/** The `game_over` frame the table sent at its end. */
export const EXAMPLE_GAME_OVER = data.game_over;

/**
 * The same game as a record that stops replaying before action `at` (index in the
 * record's actions): the steps there are and the rules' reason. With `at` null, a record
 * that cannot be read at all: no steps.
 */
export function stoppedSteps(at, message) {
  return {
    ...EXAMPLE_STEPS,
    steps: at === null ? [] : EXAMPLE_STEPS.steps.slice(0, at + 1),
    complete: false,
    error: { at, message },
  };
}

/**
 * Answers /api/games/{id} and /api/games/{id}/steps for `page` with the example (or
 * `steps`, `game`), and serves index.html for "/g/ID" as the server does. Each path asked
 * goes into `asked`.
 */
export async function serveGame(page, { id = 41, steps = EXAMPLE_STEPS, game = EXAMPLE_GAME, asked = [] } = {}) {
  const json = (body) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route((url) => url.pathname === `/api/games/${id}`, (route) => {
    asked.push(new URL(route.request().url()).pathname);
    return route.fulfill(json({ ...game, game_id: id }));
  });
  await page.route((url) => url.pathname === `/api/games/${id}/steps`, (route) => {
    asked.push(new URL(route.request().url()).pathname);
    return route.fulfill(json({ ...steps, game_id: id }));
  });
  await serveGamePages(page);
}

/**
 * "/g/ID" is index.html, as the server serves it (until the server does so itself, and
 * after). Routed for the whole context: a page the service worker controls asks for it
 * through the worker, whose requests a page's own routes do not see.
 */
export async function serveGamePages(page) {
  await page.context().route((url) => /^\/g\/\d+\/?$/.test(url.pathname), async (route) => {
    const response = await route.fetch({ url: new URL('/', route.request().url()).href });
    return route.fulfill({ response });
  });
}
