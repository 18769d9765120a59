// Issue 33: a finished game's own page, "/g/ID", its table drawn as during play and
// stepped move by move. First from example answers (example-steps.js: a real game of
// Ana, Bob and Cy served by the test), at 360×640, 844×390 and 1440×900: opened straight
// from its link by someone with no name yet, at the seat of a player who played in it,
// "all cards" and one seat's view, previous and next, the slider, play and pause at a
// speed, the keyboard, the moves in the log's words, the record to download (which
// `shithead replay` accepts), a record that stops replaying, a game that is not there;
// reached from a player's recent games and from the game-over screen, and back to the
// table. Then, once the server answers /api/games/{id}/steps itself, a game played to
// its end against bots: opened from its game-over screen and stepped to the end, the
// last step is drawn as the players' last frame was.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BASE, BINARY, launchBrowser, newPlayer, pickName, shot, suffix, waitForView } from './helpers.js';
import { checkLayout, settle } from './layout-check.js';
import { EXAMPLE_GAME, EXAMPLE_STEPS, serveGame, serveGamePages, stoppedSteps } from './example-steps.js';
import { serveExamples } from './example-answers.js';

const SIZES = [
  ['360x640', { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 }, true],
  ['844x390', { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 }, true],
  ['1440x900', { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 }, false],
];
const STEPS = EXAMPLE_STEPS.steps;
const LAST = STEPS.length - 1;
const [ANA, BOB] = EXAMPLE_STEPS.seats;
const sorted = (cards) => [...cards].sort();

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** What the page shows now: the move, the words, the status, the choice of cards. */
function reading(page) {
  return page.evaluate(() => ({
    step: Number(document.querySelector('[data-testid=step-slider]').value),
    max: Number(document.querySelector('[data-testid=step-slider]').max),
    words: document.querySelector('[data-testid=move-words]').textContent,
    status: document.querySelector('[data-testid=game-status]').textContent,
    view: document.querySelector('[data-testid=game-view]').value,
  }));
}

/**
 * The table as drawn, in one look, the same for the table screen and the game page: the
 * bottom seat's hand and table cards, the pile's cards shown and its count, every
 * opponent's face-up cards, hand count and place, and the burned count.
 */
function drawing(page) {
  return page.evaluate(() => {
    const cards = (root, selector) => (root ? [...root.querySelectorAll(selector)].map((c) => c.dataset.card) : []);
    const me = document.querySelector('.me-zone .me');
    return {
      seat: me ? Number(me.dataset.seat) : null,
      hand: cards(me, '.my-hand .card[data-card]').sort(),
      table: cards(me, '.my-table .card[data-card]').sort(),
      place: me?.querySelector('.me-plate .badge')?.textContent ?? null,
      pile: cards(document, '.pile .card[data-card]'),
      pileLabel: document.querySelector('.pile')?.getAttribute('aria-label') ?? null,
      burned: document.querySelector('.burned')?.getAttribute('aria-label') ?? null,
      seats: [...document.querySelectorAll('.opponents .seat')].map((seat) => ({
        seat: Number(seat.dataset.seat),
        up: cards(seat, '.table-cards .card[data-card]').sort(),
        down: seat.querySelectorAll('.table-cards .back').length,
        count: seat.querySelector('.hand-number')?.textContent ?? null,
        place: seat.querySelector('.place-badge')?.textContent ?? null,
      })).sort((a, b) => a.seat - b.seat),
    };
  });
}

/**
 * The game page's own layout checks on top of the table's (layout-check.js): nothing
 * scrolls, no control of the player (buttons, slider, speed) off screen or over a card,
 * the pile or a seat; on phones every control of the page 44×44; the words whole.
 */
async function checkGamePage(page, state, size, phone) {
  await settle(page);
  const { problems } = await checkLayout(page, state, size, { phone });
  const more = await page.evaluate((isPhone) => {
    const box = (el) => el.getBoundingClientRect();
    const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
      && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const found = [];
    const controls = [...document.querySelectorAll('.transport button, .transport input, .transport select')].filter(shown);
    const things = [...document.querySelectorAll('.my-area .card, .pile, .opponents .seat')].filter(shown);
    for (const c of controls) {
      const b = box(c);
      const name = c.getAttribute('aria-label') ?? c.dataset.testid;
      if (b.left < -0.5 || b.top < -0.5 || b.right > innerWidth + 0.5 || b.bottom > innerHeight + 0.5) found.push(`${name} is off screen`);
      for (const t of things) if (overlap(b, box(t))) found.push(`${name} overlaps ${t.dataset.card ?? t.className}`);
    }
    if (isPhone) {
      const all = [...document.querySelectorAll('.game-screen button, .game-screen a, .game-screen select, .game-screen input')]
        .filter((el) => shown(el) && !el.closest('.side-panel'));
      for (const el of all) {
        const b = box(el);
        if (b.width < 43.5 || b.height < 43.5) found.push(`${el.getAttribute('aria-label') ?? el.textContent.trim()} is ${Math.round(b.width)}×${Math.round(b.height)}`);
      }
    }
    const words = document.querySelector('[data-testid=move-words]');
    if (words.scrollHeight > words.clientHeight + 1 || words.scrollWidth > words.clientWidth + 1) found.push('the move’s words are cut off');
    return found;
  }, phone);
  return [...problems, ...more.map((p) => `${state} at ${size}: ${p}`)];
}

async function openExample(page, { steps, id = 41, playerId = null } = {}) {
  await serveGame(page, { id, steps });
  if (playerId) await page.addInitScript((pid) => localStorage.setItem('shithead.player_id', pid), playerId);
  await page.goto(`${BASE}/g/${id}`);
  await page.locator('[data-testid=game-page]').waitFor();
}

for (const [size, device, phone] of SIZES) {
  test(`a game's page steps through the game move by move at ${size} (example answers)`, { timeout: 120_000 }, async () => {
    const p = await newPlayer(browser, device);
    const page = p.page;
    const problems = [];
    // Ana's browser (her player id), with no name yet: the shared link opens the page itself.
    await openExample(page, { playerId: ANA.player_id });
    await page.locator('[data-testid=step-slider]').waitFor({ state: 'attached' });
    assert.equal(await page.locator('#name-input').count(), 0, 'no name is asked for');
    assert.equal(await page.title(), 'Game 41 · Shithead');
    assert.equal(new URL(page.url()).pathname, '/g/41');

    // It opens at the deal, as Ana saw it: her hand, the others' backs.
    let now = await reading(page);
    assert.deepEqual([now.step, now.max, now.view], [0, LAST, '0']);
    assert.equal(now.words, 'The cards are dealt.');
    assert.match(now.status, /^The deal · Choosing face-up cards: 3 to go$/);
    let drawn = await drawing(page);
    assert.equal(drawn.seat, 0);
    assert.deepEqual(drawn.hand, sorted(STEPS[0].hands[0]));
    assert.equal(await page.locator('.opponents .seat-hand, .opponents .shown-down').count(), 0, 'the others’ cards are hidden');
    assert.equal(await page.locator('.me-zone .shown-down').count(), 0, 'and her own face-down cards');
    problems.push(...await checkGamePage(page, 'the deal', size, phone));
    await shot(page, `game-page-deal-${size}.png`);

    // The keyboard: Right, Left, End, Home.
    await page.locator('body').press('ArrowRight');
    now = await reading(page);
    assert.equal(now.step, 1);
    assert.equal(now.words, 'Ana has chosen their face-up cards.');
    await page.keyboard.press('End');
    now = await reading(page);
    assert.equal(now.step, LAST);
    assert.equal(now.words, 'Ana played a jack. Ana is out in 2nd place. Game over: Bob is the shithead.');
    assert.match(now.status, /Move 56 of 56 · Game over: Bob is the shithead/);
    drawn = await drawing(page);
    assert.equal(drawn.place, 'out · 2nd');
    assert.deepEqual(drawn.seats.map((s) => s.place), ['3rd', '1st']);
    assert.deepEqual(drawn.pile, STEPS[LAST].view.pile.slice(-5));
    problems.push(...await checkGamePage(page, 'the end', size, phone));
    await shot(page, `game-page-end-${size}.png`);
    await page.keyboard.press('ArrowRight');
    assert.equal((await reading(page)).step, LAST, 'never past the end');
    await page.keyboard.press('Home');
    assert.equal((await reading(page)).step, 0);
    await page.keyboard.press('ArrowLeft');
    assert.equal((await reading(page)).step, 0, 'never before the deal');

    // The slider goes anywhere: the burn, in the log's words.
    await page.locator('[data-testid=step-slider]').fill('10');
    now = await reading(page);
    assert.equal(now.words, 'Bob burned the pile with a 10.');
    assert.match(now.status, /^Move 10 of 56 · Bob’s turn$/);
    drawn = await drawing(page);
    assert.deepEqual(drawn.pile, []);
    assert.equal(drawn.burned, 'Burned: 5 cards');
    assert.match(await page.locator('[data-testid=step-slider]').getAttribute('aria-valuetext'), /^Move 10 of 56: Bob burned the pile with a 10\.$/);
    await page.locator('[data-testid=step-next]').click();
    await page.locator('[data-testid=step-back]').click();
    assert.equal((await reading(page)).step, 10);
    // The address names the move: a copy of it opens there, and the deal drops the mark.
    assert.equal(new URL(page.url()).hash, '#move-10');
    const linked = await p.context.newPage();
    await serveGame(linked, { id: 41 });
    await linked.goto(page.url());
    await linked.locator('[data-testid=step-slider]').waitFor({ state: 'attached' });
    await linked.waitForFunction(() => document.querySelector('[data-testid=step-slider]').value === '10');
    assert.equal((await reading(linked)).words, 'Bob burned the pile with a 10.');
    await linked.close();

    // Every card: Bob's sixteen after Ana's pick-up, and the face-down cards left.
    await page.locator('[data-testid=game-view]').selectOption('all');
    await page.locator('[data-testid=step-slider]').fill('47');
    now = await reading(page);
    assert.equal(now.words, 'Ana turned over a face-down card: a jack (J♦). Ana picked up the pile (2 cards).');
    const bobHand = page.locator('.opponents .seat[data-seat="1"] .seat-hand');
    assert.equal(await bobHand.locator('.card-chip').count(), 16);
    assert.match(await bobHand.getAttribute('aria-label'), /^Bob’s hand: 2 of diamonds, 4 of diamonds, 4 of spades, 5 of diamonds, .*, king of spades$/);
    assert.equal(await page.locator('.opponents .seat[data-seat="2"] .shown-down').getAttribute('class'), 'card back under shown-down');
    assert.equal(await page.locator('.opponents .seat[data-seat="2"] .shown-down svg').getAttribute('aria-label'), '8 of hearts, face down');
    assert.deepEqual((await drawing(page)).hand, sorted(STEPS[47].hands[0]));
    problems.push(...await checkGamePage(page, 'all cards, sixteen in a hand', size, phone));
    await shot(page, `game-page-all-cards-${size}.png`);
    // Early on every face-down card lies under a face-up one: the face-up card slides down to show it.
    await page.locator('[data-testid=step-slider]').fill('3');
    assert.equal(await page.locator('.shown-down').count(), 9);
    assert.equal(await page.locator('.stack.peek').count(), 9);
    problems.push(...await checkGamePage(page, 'all cards at the start', size, phone));
    await shot(page, `game-page-all-cards-start-${size}.png`);

    // Another seat's view: Bob at the bottom, the others hidden again.
    await page.locator('[data-testid=game-view]').selectOption('1');
    drawn = await drawing(page);
    assert.equal(drawn.seat, 1);
    assert.deepEqual(drawn.hand, sorted(STEPS[3].hands[1]));
    assert.deepEqual(drawn.seats.map((s) => s.seat), [0, 2]);
    assert.equal(await page.locator('.seat-hand, .shown-down').count(), 0);

    // Play at the fastest speed, then pause; Space does the same.
    await page.locator('[data-testid=speed]').selectOption('4');
    await page.locator('[data-testid=play-pause]').click();
    assert.equal(await page.locator('[data-testid=play-pause]').getAttribute('aria-label'), 'Pause');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=step-slider]').value) >= 6);
    await page.locator('[data-testid=play-pause]').click();
    const paused = (await reading(page)).step;
    await page.waitForTimeout(700);
    assert.equal((await reading(page)).step, paused, 'paused');
    // Space on a button presses it; with the focus on nothing in particular it plays.
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Space');
    await page.waitForFunction((from) => Number(document.querySelector('[data-testid=step-slider]').value) > from + 1, paused);
    await page.keyboard.press('Space');
    const again = (await reading(page)).step;
    await page.waitForTimeout(600);
    assert.equal((await reading(page)).step, again, 'Space pauses too');

    // The moves and the players: beside the table, or in a drawer on a phone.
    if (phone) {
      assert.equal(await page.locator('[data-testid=move-list]').isVisible(), false);
      await page.locator('[data-testid=game-drawer]').click();
      await page.locator('[data-testid=move-list]').waitFor();
      assert.equal(await page.locator('[data-testid=game-drawer]').getAttribute('aria-expanded'), 'true');
    }
    const current = page.locator('[data-testid=move-list] [aria-current=step]');
    assert.equal(await current.getAttribute('data-step'), String(again));
    await page.locator('[data-testid=move-list] [data-step="12"]').click();
    assert.equal((await reading(page)).step, 12);
    assert.match(await page.locator('[data-testid=move-list] [data-step="12"]').textContent(), /Move 12 of 56: Cy played a 5 from the table\./);
    await shot(page, `game-page-moves-${size}.png`);

    // The record to download: the JSON `shithead replay` takes, the store's record.
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=download-record]').click()]);
    assert.equal(download.suggestedFilename(), 'shithead-game-41.json');
    const text = await readFile(await download.path(), 'utf8');
    assert.deepEqual(JSON.parse(text), EXAMPLE_GAME.record);
    assert.match(text, /"seed": "\d+"/, 'the seed stays a string');
    if (BINARY) {
      const folder = await mkdtemp(join(tmpdir(), 'shithead-download-'));
      try {
        await writeFile(join(folder, 'record.json'), text);
        const { stdout } = await promisify(execFile)(BINARY, ['replay', join(folder, 'record.json')]);
        const result = JSON.parse(stdout.trim().split('\n').at(-1));
        assert.deepEqual([result.ok, result.over, result.shithead], [true, true, BOB.seat]);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    }
    if (phone) {
      await page.keyboard.press('Escape');
      assert.equal(await page.locator('[data-testid=game-drawer]').getAttribute('aria-expanded'), 'false');
      assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'game-drawer', 'the focus goes back');
    }

    assert.deepEqual(p.errors, []);
    assert.deepEqual(problems, []);
    await p.context.close();
  });
}

test('a visitor who did not play opens every card; a player of the game opens at their seat', async () => {
  for (const [playerId, view, seat] of [[null, 'all', 0], ['0123456789ab', 'all', 0], [BOB.player_id, '1', 1]]) {
    const p = await newPlayer(browser, SIZES[2][1]);
    await openExample(p.page, { playerId });
    await p.page.locator('.me-zone .me').waitFor();
    assert.equal(await p.page.locator('[data-testid=game-view]').inputValue(), view);
    assert.equal((await drawing(p.page)).seat, seat);
    assert.equal(await p.page.locator('.opponents .shown-down').count() > 0, view === 'all');
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

test('a record that stops replaying shows the steps there are and says why no more follow', async () => {
  const p = await newPlayer(browser, SIZES[0][1]);
  const page = p.page;
  const message = 'Q may not be played on the pile as it is';
  await openExample(page, { steps: stoppedSteps(20, message) });
  const notice = page.locator('[data-testid=game-stopped]');
  await notice.waitFor();
  assert.equal(await notice.textContent(),
    `The record stops replaying at action 20 (move 21): ${message}.`);
  assert.equal((await reading(page)).max, 20);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  const now = await reading(page);
  assert.equal(now.step, 20, 'never drawn past the stop');
  assert.match(now.status, /^Move 20 of 20 · The replay stops here$/);
  const problems = await checkGamePage(page, 'a record that stops', '360x640', true);
  await shot(page, 'game-page-stopped-360x640.png');
  assert.deepEqual(problems, []);
  await p.context.close();

  // A record that cannot be read at all: no steps, and why.
  const q = await newPlayer(browser, SIZES[2][1]);
  await openExample(q.page, { steps: stoppedSteps(null, 'players: missing') });
  await q.page.locator('[data-testid=game-stopped]', { hasText: 'This game’s record cannot be replayed: players: missing' }).waitFor();
  assert.equal(await q.page.locator('[data-testid=step-slider]').isVisible(), false);
  assert.equal(await q.page.locator('.my-hand').count(), 0);
  assert.deepEqual([...p.errors, ...q.errors], []);
  await q.context.close();
});

test('a game that is not there says so', async () => {
  const p = await newPlayer(browser, SIZES[0][1]);
  await serveGamePages(p.page);
  await p.page.route((url) => url.pathname.startsWith('/api/games/999'), (route) => route.fulfill({
    status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'not_found', message: 'no such game' }) }));
  await p.page.goto(`${BASE}/g/999`);
  await p.page.locator('[data-testid=game-unavailable]', { hasText: 'There is no finished game 999 here' }).waitFor();
  assert.equal(await p.page.locator('[data-testid=game-unavailable] a', { hasText: 'Back to the lobby' }).count(), 1);
  // 404s of the routes are the console's own lines, not the page's errors.
  assert.deepEqual(p.errors.filter((e) => !/404/.test(e)), []);
  await p.context.close();
});

test('a player’s recent games open their game’s page, and Back returns', async () => {
  const p = await newPlayer(browser, SIZES[0][1]);
  const page = p.page;
  await serveExamples(page);
  await serveGame(page);
  await page.goto(BASE);
  await pickName(page, `Gi-${suffix()}`);
  await page.locator('[data-testid=play-bots]').waitFor();
  await page.goto(`${BASE}/#/player/3f9c0a12b4d1`);
  const link = page.locator('[data-testid=recent-games] [data-testid=recent-game-link]').first();
  await link.waitFor();
  assert.equal(await link.getAttribute('href'), '/g/41');
  const box = await link.boundingBox();
  assert.ok(box.height >= 43.5, `the link is a thumb's height (${box.height})`);
  await link.click();
  await page.locator('[data-testid=game-page] .me-zone .me').waitFor();
  assert.equal(new URL(page.url()).pathname, '/g/41');
  // A player's name on the game's page opens their page; Back comes to the game again.
  await page.locator('[data-testid=game-drawer]').click();
  await page.locator('.game-facts .place-name', { hasText: 'Cy' }).click();
  await page.locator('.player-page').waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
  await page.goBack();
  await page.locator('[data-testid=game-page] .me-zone .me').waitFor();
  assert.equal(new URL(page.url()).pathname, '/g/41');
  await page.goBack();
  await page.locator('[data-testid=recent-games]').waitFor();
  assert.equal(new URL(page.url()).hash, '#/player/3f9c0a12b4d1');
  // Cy's page is not among the example answers: its 404 (and its history's, 400 on a
  // server without that endpoint) are the console's, not the page's.
  assert.deepEqual(p.errors.filter((e) => !/status of 40[04]/.test(e)), []);
  await p.context.close();
});

// A quick game against three bots (every rank resets the pile and nobody draws), as the
// accessibility test plays it.
const RESETS = Object.fromEntries(['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'].map((r) => [r, ['reset']]));
const QUICK_GAME = { preset: 'shiphead', hand_size: 3, face_up: 3, face_down: 3, fixed_hand: true, powers: RESETS };

/** Ana plays a game against bots to its end (her moves: a face-down card, else a play, else what is legal). */
async function playToTheEnd(page, { ruleset = QUICK_GAME, bots = 2 } = {}) {
  await page.evaluate(({ rules, count }) => {
    window.shitheadApp.identity.botLevel = 'easy';
    window.shitheadApp.createTable({ public: false, seats: count + 1, turn_timer: 0, ruleset: rules }, { bots: count, start: true });
  }, { rules: ruleset, count: bots });
  await waitForView(page, 'swap');
  await page.locator('[data-testid=confirm-swap]').click();
  for (let i = 0; i < 400; i += 1) {
    await waitForView(page, 'my-turn-or-over');
    if (await page.evaluate(() => window.shitheadApp.table.view.phase === 'over')) return;
    const before = await page.evaluate(() => window.shitheadApp.table.version);
    await page.evaluate(() => {
      const v = window.shitheadApp.table.view;
      window.shitheadApp.act(v.legal.find((a) => a.type === 'play_face_down') ?? v.legal.find((a) => a.type === 'play') ?? v.legal[0]);
    });
    await page.waitForFunction((v) => window.shitheadApp.table.version !== v, before);
  }
  throw new Error('the game did not end');
}

test('the game-over screen opens the game’s page, and “Back to the table” returns to the table', { timeout: 120_000 }, async () => {
  const p = await newPlayer(browser, SIZES[0][1]);
  const page = p.page;
  await page.goto(BASE);
  await pickName(page, `Go-${suffix()}`);
  await page.locator('[data-testid=play-bots]').waitFor();
  await playToTheEnd(page);
  const link = page.locator('[data-testid=game-over] [data-testid=replay-link]');
  await link.waitFor();
  const id = Number(await page.evaluate(() => window.shitheadApp.table.gameOver.game_id));
  assert.equal(await link.getAttribute('href'), `/g/${id}`);
  const code = await page.evaluate(() => window.shitheadApp.table.room.code);
  // The example's steps stand for this game's, whether or not the server answers them yet.
  await serveGame(page, { id });
  await link.click();
  await page.locator('[data-testid=game-page] .me-zone .me').waitFor();
  assert.equal(new URL(page.url()).pathname, `/g/${id}`);
  // Still at the table (the connection and the seat kept), with the way back in sight:
  // the page's first link, in place of its way home.
  const back = page.locator('[data-testid=game-home]');
  assert.equal(await back.getAttribute('aria-label'), `Back to the table, ${code}`);
  assert.ok((await back.boundingBox()).height >= 43.5);
  assert.deepEqual(await checkGamePage(page, 'under the way back to the table', '360x640', true), []);
  await shot(page, 'game-page-from-table-360x640.png');
  await back.click();
  await page.locator('[data-testid=bar-code]', { hasText: code }).waitFor();
  assert.equal(new URL(page.url()).pathname, `/t/${code}`);
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

// Waits on the server: until it answers /api/games/{id}/steps, this test is skipped.
test('a game played to its end, opened from its game-over screen and stepped to the end, ends as the players saw it',
  { timeout: 240_000 }, async (t) => {
    for (const [size, device, phone] of [SIZES[0], SIZES[2]]) {
      const p = await newPlayer(browser, device);
      const page = p.page;
      await serveGamePages(page);
      await page.goto(BASE);
      await pickName(page, `Rae-${suffix()}`);
      await page.locator('[data-testid=play-bots]').waitFor();
      // A real game: shiphead as it comes, with its stock, three seats, to its end (or,
      // in the rare game of a thousand turns, abandoned at 400).
      await playToTheEnd(page, { ruleset: { preset: 'shiphead', turn_limit: 400 }, bots: 2 });
      const link = page.locator('[data-testid=game-over] [data-testid=replay-link]');
      await link.waitFor();
      const id = await page.evaluate(() => window.shitheadApp.table.gameOver.game_id);
      const answer = await fetch(`${BASE}/api/games/${id}/steps`);
      if (answer.status !== 200) {
        await p.context.close();
        return t.skip(`the server does not answer /api/games/${id}/steps yet (${answer.status})`);
      }
      const steps = await answer.json();
      assert.equal(steps.complete, true, JSON.stringify(steps.error));
      // The table behind the results is the players' last frame.
      const last = await drawing(page);
      const me = await page.evaluate(() => window.shitheadApp.table.view.viewer);
      await link.click();
      await page.locator('[data-testid=game-page] .me-zone .me').waitFor();
      // It opens at the player's own seat, at the deal; stepped to the end with Next.
      assert.equal(await page.locator('[data-testid=game-view]').inputValue(), String(me));
      const { max } = await reading(page);
      assert.equal(max, steps.steps.length - 1);
      for (let i = 0; i < max; i += 1) await page.locator('[data-testid=step-next]').click();
      const now = await reading(page);
      assert.equal(now.step, max);
      assert.match(now.status, /Game over|Abandoned/);
      assert.deepEqual(await drawing(page), last, 'the last step is drawn as the last frame');
      assert.deepEqual(await checkGamePage(page, 'a real game at its end', size, phone), []);
      await shot(page, `game-page-real-end-${size}.png`);
      assert.deepEqual(p.errors, []);
      await p.context.close();
    }
  });
