// The lobby: quick play opens a public table that others see in the live list, a watcher
// is counted at the table and may sit down, and a typed code (lower case, spaces, a dash)
// joins; an unknown one is said in plain words. A watcher who reloads is still a watcher.
// Quick play on a quiet server (one of the test's own) offers bots after a few seconds
// alone, and they start a game.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, BINARY, DESKTOP, PHONE, launchBrowser, newPlayer, pickName, shot, startServer, suffix, waitForView } from './helpers.js';
import { checkAccessibility } from './axe-check.js';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

test('quick play, the public list, watching and joining by a typed code', { timeout: 90_000 }, async () => {
  const gil = await newPlayer(browser, DESKTOP);
  const hal = await newPlayer(browser, PHONE);
  const ivy = await newPlayer(browser, DESKTOP);
  const names = { gil: `Gil-${suffix()}`, hal: `Hal-${suffix()}`, ivy: `Ivy-${suffix()}` };

  await gil.page.goto(BASE);
  await pickName(gil.page, names.gil);
  await gil.page.locator('[data-testid=quick-play]').click();
  const code = (await gil.page.locator('[data-testid=bar-code]').textContent()).trim();
  await gil.page.locator('[data-testid=table-code]', { hasText: code }).waitFor();

  // Hal sees the table in the live list with its host, and watches.
  await hal.page.goto(BASE);
  await pickName(hal.page, names.hal);
  const row = hal.page.locator(`.table-row[data-code="${code}"]`);
  await row.locator('.table-host', { hasText: names.gil }).waitFor();
  await row.getByRole('button', { name: 'Watch' }).click();
  await hal.page.locator('[data-testid=bar-code]', { hasText: code }).waitFor();
  await gil.page.locator('.bar-watchers[aria-label="1 watching"]').waitFor();

  // From watching to a seat.
  await hal.page.getByRole('button', { name: 'Take a seat' }).click();
  await gil.page.locator('.wait-seat', { hasText: names.hal }).waitFor();
  await gil.page.locator('.bar-watchers').waitFor({ state: 'detached' });

  // Ivy types a code no table has: plain words beside the field, not the server's.
  await ivy.page.goto(BASE);
  await pickName(ivy.page, names.ivy);
  await ivy.page.locator('#join-code').fill('zzz-zzz');
  await ivy.page.getByRole('button', { name: 'Join', exact: true }).click();
  await ivy.page.locator('[data-testid=join-error]', { hasText: 'There is no table ZZZZZZ here. Check the code with whoever gave it to you' })
    .waitFor();
  // Then the code as people copy it: lower case, spaced, split with a dash.
  await ivy.page.locator('#join-code').fill(`  ${code.slice(0, 3).toLowerCase()}-${code.slice(3).toLowerCase()} `);
  assert.equal(await ivy.page.locator('[data-testid=join-error]').textContent(), '', 'typing clears the refusal');
  await ivy.page.getByRole('button', { name: 'Join', exact: true }).click();
  await ivy.page.locator('[data-testid=bar-code]', { hasText: code }).waitFor();
  await gil.page.locator('.wait-seat', { hasText: names.ivy }).waitFor();

  // Leaving takes Ivy home, and the table is still listed with a free seat.
  await ivy.page.locator('[data-testid=leave]').click();
  await ivy.page.locator(`.table-row[data-code="${code}"]`).waitFor();
  assert.equal(new URL(ivy.page.url()).pathname, '/');
  for (const p of [gil, hal, ivy]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

// Needs the server to return only seated players to their table on hello: today
// game_service::on_hello re-enters every player it last saw at a table, watchers too,
// without `spectate`, so a watcher who reloads is put in a free seat.
test('a watcher who reloads the table is still watching, not seated', { timeout: 60_000 }, async () => {
  const jo = await newPlayer(browser, DESKTOP);
  const kim = await newPlayer(browser, PHONE);
  await jo.page.goto(BASE);
  await pickName(jo.page, `Jo-${suffix()}`);
  await jo.page.locator('[data-preset=shiphead]').waitFor();
  await jo.page.locator('[data-testid=create-table]').click();
  const link = await jo.page.locator('[data-testid=share-link]').inputValue();
  const code = (await jo.page.locator('[data-testid=table-code]').textContent()).trim();

  await kim.page.goto(BASE);
  const kimName = `Kim-${suffix()}`;
  await pickName(kim.page, kimName);
  await kim.page.locator('#join-code').waitFor();
  await kim.page.evaluate((c) => window.shitheadApp.join(c, { spectate: true }), code);
  await kim.page.getByRole('button', { name: 'Take a seat' }).waitFor();
  await jo.page.locator('.bar-watchers[aria-label="1 watching"]').waitFor();
  assert.equal(new URL(kim.page.url()).href, link);

  await kim.page.reload();
  await kim.page.locator('[data-testid=bar-code]', { hasText: code }).waitFor();
  await kim.page.getByRole('button', { name: 'Take a seat' }).waitFor();
  await jo.page.locator('.bar-watchers[aria-label="1 watching"]').waitFor();
  assert.equal(await jo.page.locator('.wait-seat', { hasText: kimName }).count(), 0, 'Kim did not sit down');
  assert.equal(await kim.page.evaluate(() => window.shitheadApp.table.room.you.spectator), true);
  await jo.context.close();
  await kim.context.close();
});

test('quick play alone on a quiet server offers bots after a few seconds, and they start a game',
  { timeout: 60_000, skip: BINARY ? false : 'SHITHEAD_BINARY is not set (scripts/browser-test.sh sets it)' }, async (t) => {
    // A server of its own: on the shared one, another test's public table could be found.
    const server = await startServer();
    t.after(() => server.stop());
    const lu = await newPlayer(browser, { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    t.after(() => lu.context.close());
    await lu.page.goto(server.url);
    await pickName(lu.page, `Lu-${suffix()}`);
    await lu.page.locator('[data-testid=quick-play]').waitFor();
    // The level chosen last time, kept by the browser.
    await lu.page.evaluate(() => { window.shitheadApp.identity.botLevel = 'easy'; });
    await lu.page.locator('[data-testid=quick-play]').click();
    await lu.page.locator('[data-testid=bar-code]').waitFor();
    const room = await lu.page.evaluate(() => window.shitheadApp.table.room);
    assert.equal(room.public, true, 'quick play opened a public table');
    assert.equal(room.seats.filter((s) => s.name !== null).length, 1, 'alone at it');

    // Not at once (someone may come), but within a few seconds.
    const offer = lu.page.locator('[data-testid=bots-offer]');
    await offer.waitFor({ timeout: 8000 });
    // From the page's own moment of seating (its `joined`): the bar may show later than
    // that on a busy machine, and an offer timed from it would seem early.
    const waited = Date.now() - await lu.page.evaluate(() => window.shitheadApp.quickSeat.at);
    assert.ok(waited >= 3500, `the offer waited ${waited} ms`);
    assert.match(await offer.textContent(), /Nobody else is here yet\. Play now against two easy bots\? The last seat stays open/);
    await offer.scrollIntoViewIfNeeded();
    await shot(lu.page, 'quick-play-alone-360x640.png');
    assert.deepEqual((await checkAccessibility(lu.page, 'the offer of bots')).problems, []);
    const start = lu.page.locator('[data-testid=start-with-bots]');
    assert.equal(await start.textContent(), 'Start with two bots');
    const box = await start.boundingBox();
    assert.ok(box.height >= 44 && box.y + box.height <= 640, 'a thumb-sized button on screen');

    // One tap: two easy bots sit down, the game starts, and the fourth seat stays free.
    await start.click();
    await waitForView(lu.page, 'swap');
    const after = await lu.page.evaluate(() => window.shitheadApp.table.room);
    const bots = after.seats.filter((s) => s.bot);
    assert.deepEqual(bots.map((s) => s.bot), ['easy', 'easy']);
    assert.equal(after.seats.filter((s) => s.name === null).length, 1, 'a seat is left for a person');
    assert.equal(after.public, true, 'the table stays listed');
    assert.deepEqual(lu.errors, []);
  });
