// A player's page in pictures (issue 33): the charts drawn from GET /api/players/{id}/history
// say what the answer says. The rating line ends on the last game's rating, on the scale
// the page shows (1660 for an ordinal of 16.5), dashed while it was new; the running
// counts end on times first out and times the shithead; the place bars add up to the
// games at each table size; the people played with are the answer's rows. Each chart is
// named by its summary in words and has its numbers in a table. At 360×640, 844×390 and
// 1440×900 nothing scrolls sideways, no label leaves its chart or lies on another, and no
// text is under 12 px. A player with no games gets a sentence, not empty axes; a long
// history (the last 500 of 812 games) keeps its axes readable. The answers are served by
// the test (example-answers.js): the server's own history is checked once it has one.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launchBrowser, newPlayer, pickName, shot, suffix } from './helpers.js';
import { EXAMPLE_HISTORY, EXAMPLE_PLAYERS, serveExamples } from './example-answers.js';
import { ratingPoints } from '../../../web-client/js/core/format.js';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const SIZES = [
  ['360x640', { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 }],
  ['844x390', { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 }],
  ['1440x900', { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 }],
];
const ANA = EXAMPLE_PLAYERS[0];
const json = (body, status = 200) => ({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** A player page opened by a player with a name, the examples (and `routes`) served. */
async function openPage(device, id, routes = async () => {}) {
  const p = await newPlayer(browser, device);
  await serveExamples(p.page);
  await routes(p.page);
  await p.page.goto(`${BASE}/#/player/${id}`);
  await pickName(p.page, `Cy-${suffix()}`);
  await p.page.goto(`${BASE}/#/player/${id}`);
  return p;
}

/** The [x, y] points of an SVG path of M, L, H and V commands. */
function pathPoints(d) {
  const points = [];
  let [x, y] = [0, 0];
  for (const [, command, args] of (d ?? '').matchAll(/([MLHV])([^MLHVZ]*)/g)) {
    const n = args.trim().split(/[\s,]+/).map(Number);
    if (command === 'H') [x] = n;
    else if (command === 'V') [y] = n;
    else [x, y] = n;
    points.push([x, y]);
  }
  return points;
}

/**
 * What would make the charts hard to read: a page that scrolls sideways, a chart wider
 * than its frame, text under 12 px, a label outside its chart or on top of another.
 */
function readability(page) {
  return page.evaluate((width) => {
    const problems = [];
    // On a phone a page wider than the screen widens the layout (innerWidth grows), so
    // the width to hold to is the screen's.
    if (innerWidth > width || document.scrollingElement.scrollWidth > width + 1) {
      problems.push(`the page is wider than the screen (${document.scrollingElement.scrollWidth} px)`);
    }
    for (const svg of document.querySelectorAll('.chart-svg')) {
      const name = svg.closest('figure').dataset.testid;
      const box = svg.getBoundingClientRect();
      const frame = svg.closest('figure').getBoundingClientRect();
      if (box.left < frame.left || box.right > frame.right) problems.push(`${name} is wider than its frame`);
      const texts = [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent, r: t.getBoundingClientRect(),
        size: parseFloat(getComputedStyle(t).fontSize) }));
      for (const t of texts) {
        if (t.size < 12) problems.push(`${name}: "${t.text}" is ${t.size} px`);
        if (t.r.left < box.left - 0.5 || t.r.right > box.right + 0.5 || t.r.top < box.top - 0.5 || t.r.bottom > box.bottom + 0.5) {
          problems.push(`${name}: "${t.text}" leaves the chart`);
        }
      }
      const apart = (a, b) => a.right - 1 <= b.left || b.right - 1 <= a.left || a.bottom - 1 <= b.top || b.bottom - 1 <= a.top;
      texts.forEach((a, i) => texts.slice(i + 1).forEach((b) => {
        if (!apart(a.r, b.r)) problems.push(`${name}: "${a.text}" lies on "${b.text}"`);
      }));
    }
    for (const el of document.querySelectorAll('.charts p, .charts li, .charts th, .charts td, .charts summary')) {
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (el.getClientRects().length && size < 12) problems.push(`"${el.textContent.slice(0, 30)}" is ${size} px`);
    }
    return problems;
  }, page.viewportSize().width);
}

/** The value at screen height `y` of a chart, read back from its y-axis labels. */
function valueAt(ticks, y) {
  const [a, b] = [ticks[0], ticks.at(-1)];
  return a.value + ((y - a.y) / (b.y - a.y)) * (b.value - a.value);
}

for (const [size, device] of SIZES) {
  test(`the player page's charts say what the history says (${size})`, { timeout: 60_000 }, async () => {
    const p = await openPage(device, ANA.player_id);
    const page = p.page;
    const rated = EXAMPLE_HISTORY.games.filter((g) => g.rating);
    const fresh = rated.filter((g) => g.rating.provisional).length;

    // The rating: the line ends on the last game's rating, as the page shows it (1660),
    // and reading its end back from the axis gives that number; dashed while new.
    const chart = page.locator('[data-testid=rating-chart]');
    await chart.locator('svg').waitFor();
    const lastPoints = ratingPoints(rated.at(-1).rating.ordinal);
    assert.equal(lastPoints, 1660);
    assert.equal(await page.locator('.stat', { hasText: 'Rating' }).locator('.stat-value').textContent(), String(lastPoints));
    const rating = await chart.evaluate((figure) => ({
      solid: figure.querySelector('[data-testid=rating-line]')?.getAttribute('d'),
      dashed: figure.querySelector('[data-testid=rating-line-new]')?.getAttribute('d'),
      end: figure.querySelector('circle.end').getAttribute('data-value'),
      endXY: [Number(figure.querySelector('circle.end').getAttribute('cx')), Number(figure.querySelector('circle.end').getAttribute('cy'))],
      label: figure.querySelector('[data-testid=rating-end]').textContent,
      ticks: [...figure.querySelectorAll('text.tick[text-anchor=end]')].map((t) => ({ value: Number(t.textContent), y: Number(t.getAttribute('y')) - 4 })),
      name: figure.querySelector('svg').getAttribute('aria-labelledby'),
      summary: figure.querySelector('[data-testid=chart-summary]').textContent,
      rows: [...figure.querySelectorAll('[data-testid=rating-numbers] tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
    }));
    const solid = pathPoints(rating.solid);
    const dashed = pathPoints(rating.dashed);
    assert.equal(dashed.length, fresh + 1, 'dashed through the games while new, into the first settled one');
    assert.equal(solid.length, rated.length - fresh);
    assert.deepEqual(dashed.at(-1), solid[0], 'one line, no gap');
    assert.deepEqual(solid.at(-1).map(Math.round), rating.endXY.map(Math.round), 'the line ends on the last game');
    assert.equal(rating.end, String(lastPoints));
    assert.equal(rating.label, String(lastPoints));
    assert.ok(Math.abs(valueAt(rating.ticks, rating.endXY[1]) - lastPoints) < 3,
      `the end reads ${valueAt(rating.ticks, rating.endXY[1])} on the axis`);
    assert.equal(rating.summary, 'Rating 1660 after 12 games, up 132 in the last 5 games. New for its first 6 rated games (dashed).');
    assert.equal(rating.name, 'rating-summary', 'the picture is named by its summary');
    assert.equal(rating.rows.length, rated.length, 'a row of numbers a rated game');
    assert.deepEqual(rating.rows.at(-1).slice(0, 3), ['12', '1660', String(ratingPoints(rated.at(-1).rating.mu))]);
    assert.equal(rating.rows[0][1], `${ratingPoints(rated[0].rating.ordinal)} (new)`);

    // Times first out and the shithead: the running counts end on the player's own.
    const counts = page.locator('[data-testid=counts-chart]');
    const ends = await counts.locator('circle.end').evaluateAll((cs) => Object.fromEntries(cs.map((c) => [c.classList[1], Number(c.dataset.value)])));
    assert.deepEqual(ends, { first: ANA.first, shithead: ANA.shithead });
    assert.deepEqual(ends, { first: EXAMPLE_HISTORY.games.filter((g) => g.place === 1).length,
      shithead: EXAMPLE_HISTORY.games.filter((g) => g.shithead).length });
    const steps = pathPoints(await counts.locator('[data-testid=first-line]').getAttribute('d'));
    assert.equal(steps.length, 1 + 2 * EXAMPLE_HISTORY.games.length, 'a step a game, from 0 before the first');
    assert.equal(await counts.locator('[data-testid=counts-numbers] tbody tr').count(), EXAMPLE_HISTORY.games.length);

    // Places: the bars of each table size add up to its games, and all of them to the games.
    const blocks = await page.locator('[data-testid=places-chart] .place-block').evaluateAll((gs) => gs.map((g) => ({
      seats: Number(g.dataset.seats),
      bars: [...g.querySelectorAll('.place-bar')].map((b) => ({ place: b.dataset.place, count: Number(b.dataset.count),
        width: Number(b.querySelector('.bar')?.getAttribute('width') ?? 0) })),
    })));
    assert.deepEqual(blocks.map((b) => b.seats), [3, 4]);
    for (const block of blocks) {
      const games = EXAMPLE_HISTORY.games.filter((g) => g.seats === block.seats);
      assert.equal(block.bars.length, block.seats, 'a bar for every place');
      assert.equal(block.bars.reduce((sum, b) => sum + b.count, 0), games.length);
      for (const bar of block.bars) assert.equal(bar.count, games.filter((g) => g.place === Number(bar.place)).length);
    }
    const bars = blocks.flatMap((b) => b.bars).filter((b) => b.count);
    assert.equal(bars.reduce((sum, b) => sum + b.count, 0), EXAMPLE_HISTORY.games.length);
    for (const bar of bars) assert.ok(Math.abs(bar.width / bar.count - bars[0].width / bars[0].count) < 0.5, 'one scale for every bar');

    // Played with most: the answer's rows, in its order, names as text.
    const rows = await page.locator('[data-testid=played-with] tbody tr').evaluateAll((trs) => trs.map((tr) => ({
      player_id: tr.dataset.player, name: tr.querySelector('[data-col=name]').textContent,
      games: Number(tr.querySelector('[data-col=games]').textContent), ahead: Number(tr.querySelector('[data-col=ahead]').textContent),
      behind: Number(tr.querySelector('[data-col=behind]').textContent),
      split: [...tr.querySelectorAll('svg.split rect')].map((r) => parseFloat(r.getAttribute('width'))),
    })));
    assert.deepEqual(rows.map(({ split, ...row }) => row), EXAMPLE_HISTORY.played_with);
    const most = EXAMPLE_HISTORY.played_with[0].games;
    for (const [i, row] of rows.entries()) {
      const { ahead, behind } = EXAMPLE_HISTORY.played_with[i];
      assert.ok(Math.abs(row.split[0] - (100 * ahead) / most) < 0.01 && Math.abs(row.split[1] - (100 * behind) / most) < 0.01, row.name);
    }
    assert.equal(await page.evaluate(() => window.pwned), undefined);

    assert.deepEqual(await readability(page), []);
    await shot(page, `player-charts-${size}.png`, { fullPage: true });

    // Every picture has its words, and its numbers a tap away, which fit the screen too.
    for (const key of ['rating', 'counts', 'places']) {
      const figure = page.locator(`[data-testid=${key}-chart]`);
      const label = await figure.locator('svg').getAttribute('aria-labelledby');
      assert.ok((await page.locator(`#${label}`).textContent()).length > 20, key);
      assert.equal(await figure.locator('svg').getAttribute('role'), 'img');
      await figure.locator('details summary').click();
      await figure.locator('details table').waitFor();
    }
    assert.deepEqual(await readability(page), []);
    if (size === '360x640') {
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `player-charts-numbers-${size}.png`, { fullPage: true });
    }
    assert.deepEqual(p.errors, []);
    await p.context.close();
  });
}

test('a new player’s chart is dashed all along and says the rating is still new (360x640)', { timeout: 60_000 }, async () => {
  const p = await openPage(SIZES[0][1], EXAMPLE_PLAYERS[1].player_id);
  const chart = p.page.locator('[data-testid=rating-chart]');
  await chart.locator('svg').waitFor();
  assert.equal(await chart.locator('[data-testid=rating-line]').count(), 0, 'no settled stretch');
  assert.equal(await chart.locator('[data-testid=rating-end]').textContent(), 'New');
  assert.match(await chart.locator('[data-testid=chart-summary]').textContent(), /^Rating still new after 1 game against people/);
  assert.deepEqual(await readability(p.page), []);
  assert.equal(await p.page.evaluate(() => window.pwned), undefined);
  await shot(p.page, 'player-charts-newcomer-360x640.png', { fullPage: true });
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

test('a player with no games gets a sentence, not empty axes', { timeout: 60_000 }, async () => {
  const fresh = { ...ANA, player_id: 'c0ffee000001', name: 'Fern', games: 0, shithead: 0, first: 0, shithead_rate: 0,
    average_place: null, current_run: 0, longest_run: 0, rating: null, title: { count: 0, numeric: null, olympic: null, feudal: null },
    created: '2026-11-21T09:00:00Z', last_seen: '2026-11-21T09:00:00Z', recent: [] };
  const asked = [];
  const p = await openPage(SIZES[0][1], fresh.player_id, async (page) => {
    await page.route((url) => url.pathname === `/api/players/${fresh.player_id}`, (route) => route.fulfill(json(fresh)));
    await page.route((url) => url.pathname === `/api/players/${fresh.player_id}/history`, (route) => {
      asked.push(route.request().url());
      return route.fulfill(json({ player_id: fresh.player_id, name: 'Fern', total: 0, games: [], played_with: [] }));
    });
  });
  const empty = p.page.locator('[data-testid=charts-empty]');
  await empty.waitFor();
  assert.equal(await empty.textContent(), 'No finished games yet: charts of Fern’s games appear here after the first one.');
  assert.equal(await p.page.locator('.chart-svg').count(), 0);
  assert.deepEqual(asked, [], 'no games, no history asked for');
  // A history that has no games yet (asked a moment before the first was recorded) says the same.
  await p.page.route((url) => url.pathname === `/api/players/${fresh.player_id}`, (route) => route.fulfill(json({ ...fresh, games: 1 })));
  await p.page.reload();
  await empty.waitFor();
  assert.equal(asked.length, 1);
  assert.equal(await p.page.locator('.chart-svg').count(), 0);
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

test('a server without players’ histories says so in a sentence', { timeout: 60_000 }, async () => {
  const p = await openPage(SIZES[0][1], ANA.player_id, async (page) => {
    await page.route((url) => url.pathname === `/api/players/${ANA.player_id}/history`,
      (route) => route.fulfill(json({ error: 'bad_id', message: 'a player id is 12 hexadecimal characters' }, 400)));
  });
  await p.page.locator('[data-testid=charts-unavailable]', { hasText: 'not available on this server yet' }).waitFor();
  await p.page.locator('[data-testid=recent-games]').waitFor();
  assert.deepEqual(p.errors.filter((e) => !/status of 400/.test(e)), []);
  await p.context.close();
});

// The last 500 of 812 games, at 3 to 6 seats, a few from before places were recorded and
// some against bots alone, the rating wandering as a settled player's does: places drawn
// from a fixed seed, so every run draws the same history.
function longHistory() {
  let seed = 33;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const games = [];
  let mu = 30;
  let sigma = 3.2;
  for (let i = 0; i < 500; i += 1) {
    const seats = 3 + Math.floor(random() * 4);
    const place = i % 37 === 5 ? null : 1 + Math.floor(random() * seats);
    const rated = i % 11 !== 3 && place !== null;
    if (rated) {
      mu += ((seats + 1) / 2 - place) * 0.35 + (30 - mu) * 0.02;
      sigma = Math.max(2.2, sigma - 0.002);
    }
    const r = (v) => Math.round(v * 100) / 100;
    games.push({ game_id: 1000 + i, ended: new Date(Date.UTC(2026, 0, 1) + i * 3600_000).toISOString().replace('.000Z', 'Z'),
      seats, place, shithead: place === seats, rating: rated ? { mu: r(mu), sigma: r(sigma), ordinal: r(mu - 3 * sigma), provisional: false } : null });
  }
  return { player_id: ANA.player_id, name: 'Ana', total: 812, games,
    played_with: Array.from({ length: 20 }, (_, i) => ({ player_id: `${String(i).padStart(2, '0')}ab00cd00ef`, name: `Player ${i + 1}`,
      games: 200 - i * 9, ahead: 120 - i * 6, behind: 80 - i * 3 })) };
}

for (const [size, device] of [SIZES[0], SIZES[2]]) {
  test(`a long history keeps its axes readable (the last 500 of 812 games, ${size})`, { timeout: 60_000 }, async () => {
    const history = longHistory();
    const p = await openPage(device, ANA.player_id, async (page) => {
      await page.route((url) => url.pathname === `/api/players/${ANA.player_id}/history`, (route) => route.fulfill(json(history)));
    });
    const chart = p.page.locator('[data-testid=rating-chart]');
    await chart.locator('svg').waitFor();
    const last = history.games.filter((g) => g.rating).at(-1);
    assert.equal(await chart.locator('[data-testid=rating-end]').textContent(), String(ratingPoints(last.rating.ordinal)));
    assert.match(await p.page.locator('[data-testid=counts-chart] [data-testid=chart-summary]').textContent(), /^In 500 games \(the last 500 of 812\)/);
    // Games along the bottom are numbered as the player's, 313th to 812th.
    const ticks = (await chart.locator('text.tick[text-anchor=middle]').allTextContents()).map(Number);
    assert.ok(ticks[0] >= 313 && ticks.at(-1) <= 812, ticks.join(' '));
    const places = await p.page.locator('[data-testid=places-chart] .place-bar').evaluateAll((bs) => bs.reduce((sum, b) => sum + Number(b.dataset.count), 0));
    assert.equal(places, 500, 'the bars, unknown places too, add up to the games');
    assert.equal(await p.page.locator('[data-testid=played-with] tbody tr').count(), 20);
    assert.deepEqual(await readability(p.page), []);
    await shot(p.page, `player-charts-long-${size}.png`, { fullPage: true });
    assert.deepEqual(p.errors, []);
    await p.context.close();
  });
}
