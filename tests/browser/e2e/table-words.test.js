// The table says why (issue 14): open seats say "Open seat", the host sees who is ready
// and Start says who would be left waiting; Leave asks in the page (focus kept inside,
// Escape says no, focus comes back); a card that cannot be played says why by the hand,
// and the gold button is the sensible move (answering or waiting out an 8, not picking
// up); a game against bots alone shows no "±0" ratings, and a new rating is "New".

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, DESKTOP, launchBrowser, newPlayer, pickName, shot, suffix } from './helpers.js';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const SMALL = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const focused = (page) => page.evaluate(() => document.activeElement?.dataset?.testid ?? document.activeElement?.tagName);

test('open seats, who is ready, a Start that says who is not, and Leave asked in the page', { timeout: 90_000 }, async () => {
  const ana = await newPlayer(browser, DESKTOP);
  const bob = await newPlayer(browser, SMALL);
  const names = { ana: `Ana-${suffix()}`, bob: `Bob-${suffix()}` };
  await ana.page.goto(BASE);
  await pickName(ana.page, names.ana);
  await ana.page.locator('[data-testid=play-bots]').waitFor();
  await ana.page.evaluate(() => window.shitheadApp.createTable({ public: false, seats: 4, turn_timer: 0 }));
  const code = await ana.page.locator('[data-testid=table-code]').textContent();
  const vacant = ana.page.locator('.wait-seat.vacant');
  await vacant.first().waitFor();
  assert.deepEqual(await vacant.locator('.seat-name').allTextContents(), ['Open seat', 'Open seat', 'Open seat']);
  assert.doesNotMatch(await vacant.first().textContent(), /offline/i);

  await bob.page.goto(`${BASE}/t/${code}`);
  await pickName(bob.page, names.bob);
  const bobRow = ana.page.locator('.wait-seat', { hasText: names.bob });
  await bobRow.waitFor();
  const start = ana.page.locator('[data-testid=start-game]');
  await ana.page.locator('[data-testid=not-ready-line]', { hasText: `${names.bob} is not ready yet.` }).waitFor();
  assert.equal(await start.textContent(), 'Start anyway');
  assert.equal(await bobRow.locator('[data-testid=ready-badge]').textContent(), 'not ready');
  assert.equal(await start.getAttribute('aria-describedby'), 'not-ready-line');
  await shot(ana.page, 'waiting-not-ready-desktop.png');
  await shot(bob.page, 'waiting-bob-360x640.png');

  await bob.page.locator('[data-testid=ready]').click();
  await ana.page.locator('[data-testid=not-ready-line]', { hasText: 'Everyone is ready.' }).waitFor();
  assert.equal(await start.textContent(), 'Start the game');
  assert.equal(await bobRow.locator('[data-testid=ready-badge]').textContent(), 'ready');
  await start.click();
  await bob.page.locator('[data-testid=confirm-swap]').waitFor();

  // Leave in the middle of a game: a question in the page, not the browser's.
  let nativeDialog = false;
  bob.page.on('dialog', (d) => { nativeDialog = true; d.dismiss(); });
  const leave = bob.page.locator('[data-testid=leave]');
  await leave.focus();
  await bob.page.keyboard.press('Enter');
  const dialog = bob.page.getByRole('alertdialog', { name: 'Leave the game?' });
  await dialog.waitFor();
  assert.equal(await focused(bob.page), 'leave-dialog-cancel', 'the safe answer has focus');
  await bob.page.keyboard.press('Tab');
  assert.equal(await focused(bob.page), 'leave-dialog-confirm');
  await bob.page.keyboard.press('Tab');
  assert.equal(await focused(bob.page), 'leave-dialog-cancel', 'focus stays inside');
  await shot(bob.page, 'leave-dialog-360x640.png');
  await bob.page.setViewportSize({ width: 844, height: 390 });
  await shot(bob.page, 'leave-dialog-844x390.png');
  await bob.page.setViewportSize({ width: 360, height: 640 });
  await bob.page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await focused(bob.page), 'leave', 'focus is back on Leave');
  assert.equal(await bob.page.locator('[data-testid=bar-code]').textContent(), code, 'still at the table');
  await leave.click();
  await bob.page.locator('[data-testid=leave-dialog-confirm]').click();
  await bob.page.locator('[data-testid=play-bots]').waitFor();
  assert.equal(nativeDialog, false, 'no window.confirm');
  for (const p of [ana, bob]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

/** Puts a made-up step of the game on the screen, as the server would send it. */
function showView(page, overrides) {
  return page.evaluate((o) => {
    const app = window.shitheadApp;
    const base = app.table.view;
    const view = { ...base, current: base.viewer, ...o };
    app.receive({ type: 'game', version: app.table.version + 1, events: [], view, deadlines: {} });
  }, overrides);
}

test('a card that cannot be played says why, and the gold button is the sensible move', { timeout: 90_000 }, async () => {
  const p = await newPlayer(browser, SMALL);
  const page = p.page;
  await page.goto(BASE);
  await pickName(page, `Cas-${suffix()}`);
  await page.locator('[data-testid=play-bots]').click();
  await page.locator('[data-testid=confirm-swap]').click();
  await page.waitForFunction(() => window.shitheadApp.table.view?.phase === 'play');
  await page.waitForTimeout(300);
  const why = page.locator('[data-testid=why-not]');
  const tap = (card) => page.locator(`.my-hand .card-btn[data-card="${card}"]`).click({ position: { x: 8, y: 24 } });

  // Too low for the pile.
  await showView(page, { top: { rank: '9', used: false }, pile: ['4C', '9C'], hand: ['5H', '9S', '2C', 'KD'],
    legal: [{ type: 'play', cards: ['9S'] }, { type: 'play', cards: ['2C'] }, { type: 'play', cards: ['KD'] }, { type: 'pickup' }] });
  await tap('5H');
  await why.waitFor();
  assert.equal(await why.textContent(), 'A 5 is too low: it needs a 9 or higher.');
  assert.equal(await page.locator('.my-hand .card-btn.selected').count(), 0, 'nothing chosen');
  await shot(page, 'why-not-360x640.png');
  for (const [w, hgt, name] of [[844, 390, '844x390'], [1440, 900, 'desktop']]) {
    await page.setViewportSize({ width: w, height: hgt });
    await page.waitForTimeout(150);
    await tap('5H');
    await why.waitFor();
    await shot(page, `why-not-${name}.png`);
  }
  await page.setViewportSize({ width: 360, height: 640 });
  // A playable card clears the words and is chosen.
  await tap('9S');
  await page.locator('.my-hand .card-btn.selected').waitFor();
  assert.equal(await why.count(), 0);

  // An 8 to answer with nothing that answers it: Wait is the gold button, not Pick up.
  await showView(page, { top: { rank: '8', used: false }, pile: ['8C'], hand: ['5H', 'KD'],
    legal: [{ type: 'wait' }, { type: 'pickup' }] });
  await page.locator('[data-testid=wait].primary').waitFor();
  assert.match(await page.locator('[data-testid=pickup]').getAttribute('class'), /secondary/);
  await tap('5H');
  await page.locator('[data-testid=why-not]', { hasText: 'Nothing you hold answers the 8: wait a turn.' }).waitFor();
  await shot(page, 'must-answer-8-360x640.png');

  // With an answer in hand, the answer is gold and both others are not.
  await showView(page, { top: { rank: '8', used: false }, pile: ['8C'], hand: ['8D', '5H'],
    legal: [{ type: 'play', cards: ['8D'] }, { type: 'wait' }, { type: 'pickup' }] });
  await page.locator('[data-testid=play].primary').waitFor();
  assert.match(await page.locator('[data-testid=wait]').getAttribute('class'), /secondary/);
  assert.match(await page.locator('[data-testid=pickup]').getAttribute('class'), /secondary/);
  await tap('5H');
  await page.locator('[data-testid=why-not]', { hasText: 'Answer the 8 with an 8, or wait a turn.' }).waitFor();

  // Out of turn, by keyboard too: Enter on a card says whose move it is.
  await showView(page, { current: 1, legal: [], hand: ['5H', 'KD'] });
  await page.locator('.my-hand .card-btn[data-card="KD"]').focus();
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=why-not]', { hasText: /^Not your turn: it is .+’s move\.$/ }).waitFor();
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

test('a game against bots alone shows no ratings table of ±0.0, and new ratings are explained', { timeout: 60_000 }, async () => {
  const p = await newPlayer(browser, SMALL);
  await p.page.goto(BASE);
  await pickName(p.page, `Dag-${suffix()}`);
  await p.page.locator('[data-testid=play-bots]').click();
  await p.page.locator('[data-testid=confirm-swap]').waitFor();
  const gameOver = (after) => p.page.evaluate((a) => {
    const app = window.shitheadApp;
    const seats = app.table.room.seats;
    const seat = (s) => ({ seat: s.seat, player_id: s.player_id, name: s.name, bot: s.bot });
    const me = seats.find((s) => s.player_id === app.me.playerId);
    const bots = seats.filter((s) => s.bot);
    const rating = (ordinal) => ({ mu: 25, sigma: 8, ordinal, provisional: true });
    app.receive({
      type: 'game_over', version: app.table.version + 1, game_id: 7,
      places: [{ ...seat(me), place: 1 }, { ...seat(bots[0]), place: 2 }, { ...seat(bots[1]), place: 3 }],
      shithead: seat(bots[1]), abandoned: false,
      scoreboard: { games: 1, abandoned: 0, players: [] },
      ratings: [{ player_id: me.player_id, name: me.name, before: rating(0), after: rating(a),
        title: { count: 0, numeric: null, olympic: null, feudal: null } }],
    });
  }, after);
  await gameOver(0);
  const dialog = p.page.locator('[data-testid=game-over]');
  await dialog.locator('[data-testid=ratings-unchanged]').waitFor();
  assert.equal(await dialog.locator('[data-testid=ratings]').count(), 0, 'no table of ±0.0');
  assert.doesNotMatch(await dialog.textContent(), /±0\.0/);
  assert.match(await dialog.locator('[data-testid=ratings-unchanged]').textContent(), /bots alone don’t change your rating/);
  await shot(p.page, 'game-over-bots-only-360x640.png');

  // A rating that moved, and is new: "New" in place of a number, and what it means, in words.
  await p.page.locator('[data-testid=close-results]').click();
  await gameOver(3.4);
  await dialog.locator('[data-testid=ratings] .provisional', { hasText: 'New' }).waitFor();
  assert.match(await dialog.locator('[data-testid=provisional-note]').textContent(), /shows as a number once .* settled/);
  assert.doesNotMatch(await dialog.locator('[data-testid=ratings]').textContent(), /\?/);
  assert.deepEqual(await dialog.locator('[data-testid=ratings] td').allTextContents(), ['New', ''], 'no number for a new rating');
  await shot(p.page, 'game-over-new-rating-360x640.png');
  await p.page.setViewportSize({ width: 844, height: 390 });
  await shot(p.page, 'game-over-new-rating-844x390.png');
  assert.deepEqual(p.errors, []);
  await p.context.close();
});
