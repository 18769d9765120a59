// Identity that follows the player, with browser contexts as devices and pages as tabs.
// Device A's own page gives a short device code (and a link holding it, never the token);
// device B opens the link and is A's player; the spent code is refused on a third device;
// "Sign out other devices" leaves B, at its next hello, on the name form saying so, where
// a new code typed in makes it A again. One player plays in one place: the older tab
// steps aside, does not come back by itself, and "Play here" takes the player back.
// A device without a code typing A's name keeps the text and is offered free names.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, DESKTOP, PHONE, launchBrowser, newPlayer, pickName, shot, sleep, suffix, waitForView } from './helpers.js';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const SMALL = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const CODE_SHAPE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}$/;

// Every address a page ever had, the socket's and every request's: none may hold a token.
function watchAddresses(player) {
  const seen = [];
  player.page.on('framenavigated', (frame) => seen.push(frame.url()));
  player.page.on('request', (request) => seen.push(request.url()));
  player.page.on('websocket', (socket) => seen.push(socket.url()));
  player.addresses = seen;
  return player;
}

function app(page, what) {
  return page.evaluate((key) => {
    const a = window.shitheadApp;
    return { token: a.identity.token, playerId: a.me.playerId, name: a.me.name, connected: a.connected,
      status: a.connection.status }[key];
  }, what);
}

/** Opens "Use on another device" and reads the code it shows. */
async function deviceCode(page) {
  const toggle = page.locator('[data-testid=device-link-toggle]');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const code = page.locator('[data-testid=device-code]');
  await code.waitFor();
  return (await code.textContent()).trim();
}

test('a player carries their identity to a new phone with a code that works once, and signs the phone out again', { timeout: 120_000 }, async () => {
  const a = watchAddresses(await newPlayer(browser, DESKTOP));
  const name = `Vera-${suffix()}`;
  await a.page.goto(BASE);
  await pickName(a.page, name);
  await a.page.locator('[data-testid=play-bots]').waitFor();
  const id = await app(a.page, 'playerId');
  const token = await app(a.page, 'token');
  assert.match(token, /^[0-9a-f]{32}$/);

  // Device A: their own page, "Use on another device": a code, a link holding it, a countdown.
  await a.page.goto(`${BASE}/#/player/${id}`);
  const toggle = a.page.locator('[data-testid=device-link-toggle]');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'folded away until asked for');
  const code = await deviceCode(a.page);
  assert.match(code, CODE_SHAPE);
  const link = await a.page.locator('[data-testid=device-link]').inputValue();
  assert.equal(link, `${BASE}/#/device/${code.replace('-', '')}`);
  const expiry = a.page.locator('[data-testid=device-code-expiry]');
  assert.match(await expiry.textContent(), /^Works once · expires in (10:00|9:[0-5]\d)$/);
  const firstWords = await expiry.textContent();
  await a.page.waitForFunction((before) => document.querySelector('[data-testid=device-code-expiry]').textContent !== before,
    firstWords, { timeout: 3000 });
  assert.match(await a.page.locator('.device-warning').textContent(), /Keep it to yourself\. It works once, but whoever uses it in the next minutes plays as/);
  await a.page.locator('[data-testid=copy-device-link]').waitFor();
  await a.page.locator('[data-testid=sign-out-others]').waitFor();
  assert.ok(!(await a.page.evaluate(() => document.body.innerText + [...document.querySelectorAll('input')].map((i) => i.value).join(' '))).includes(token),
    'the token is nowhere on the page');
  await shot(a.page, 'device-code-desktop.png');
  // Nobody else's page offers it.
  await a.page.goto(`${BASE}/#/player/0123456789ab`);
  await a.page.locator('.player-body').waitFor();
  assert.equal(await a.page.locator('[data-testid=device-link-toggle]').count(), 0);
  // That unknown id is a 404, as it should be, which the browser logs as an error. The
  // page can be drawn before the answer (the player page's code comes on demand), so
  // wait for the log line before setting it aside.
  for (let i = 0; i < 100 && !a.errors.some((e) => /status of 404/.test(e)); i += 1) await sleep(50);
  a.errors.splice(0, a.errors.length, ...a.errors.filter((e) => !/status of 404/.test(e)));
  await a.page.goto(`${BASE}/#/player/${id}`);
  await a.page.locator('[data-testid=device-link-toggle][aria-expanded=false]').waitFor();

  // Device B: opens the link and is A; the code is gone from the address bar.
  const b = watchAddresses(await newPlayer(browser, SMALL));
  await b.page.goto(link);
  await b.page.locator('[data-testid=claimed]', { hasText: name }).waitFor();
  assert.equal(await app(b.page, 'playerId'), id, 'the same player');
  assert.equal(await b.page.locator('[data-testid=name-chip]').textContent(), name);
  assert.equal(await app(b.page, 'token'), token, 'the welcome gave this device the player’s token');
  assert.ok(!b.page.url().includes('#/device'), `the code left the address bar (${b.page.url()})`);
  await shot(b.page, 'device-claimed-360x640.png');

  // A played on A's page until now: one player, one place, so A is told and stays put.
  const movedBar = a.page.locator('[data-testid=session-moved-bar]');
  await movedBar.waitFor();
  assert.match(await movedBar.textContent(), /playing in another tab or on another device/);
  assert.equal(await app(a.page, 'status'), 'idle', 'A does not reconnect by itself');
  await shot(a.page, 'session-moved-page-desktop.png');

  // Device C: the same link again is refused, clearly, and C is nobody yet.
  const c = watchAddresses(await newPlayer(browser, SMALL));
  await c.page.goto(link);
  const refused = 'That code was used, has expired or was mistyped: ask your other device for a new one.';
  await c.page.locator('#device-code-error', { hasText: refused }).waitFor();
  await c.page.locator('.toast', { hasText: refused }).waitFor();
  assert.equal(await app(c.page, 'token'), '');
  assert.equal(await app(c.page, 'playerId'), '');
  await c.page.locator('#name-input').waitFor();
  await shot(c.page, 'device-code-refused-360x640.png');

  // A takes the player back ("Play here"), and B steps aside in turn.
  await a.page.locator('[data-testid=play-here]').click();
  await movedBar.waitFor({ state: 'hidden' });
  await a.page.waitForFunction(() => window.shitheadApp.connected);
  await b.page.locator('[data-testid=session-moved]').waitFor();

  // A signs out the other devices: a new token here, and B's copy of the old one is dead.
  await a.page.locator('[data-testid=sign-out-others]').click();
  const ask = a.page.locator('[data-testid=sign-out-dialog]');
  await ask.waitFor();
  assert.match(await ask.textContent(), /Sign out your other devices\?.*This device stays signed in/);
  await a.page.locator('[data-testid=sign-out-dialog-confirm]').click();
  await a.page.locator('.toast', { hasText: 'Other devices are signed out.' }).waitFor();
  await a.page.waitForFunction((old) => window.shitheadApp.identity.token && window.shitheadApp.identity.token !== old, token);
  const renewed = await app(a.page, 'token');

  // B, at its next hello, hears its token is no longer known: the name form says so.
  await b.page.reload();
  const notice = b.page.locator('[data-testid=signed-out-notice]');
  await notice.waitFor();
  assert.match(await notice.textContent(), new RegExp(`This device is no longer signed in as ${name}\\..*enter a code`));
  assert.equal(await app(b.page, 'token'), '', 'the dead token is forgotten');
  assert.equal(await b.page.locator('#name-input').inputValue(), '', 'the old name is not offered: it is taken');
  await shot(b.page, 'signed-out-360x640.png');
  await b.page.setViewportSize({ width: 667, height: 375 });
  await shot(b.page, 'signed-out-667x375.png');
  await b.page.setViewportSize(SMALL.viewport);

  // A asks for a new code (the old one went with the other devices); B types it, in any
  // case and with a space for the dash.
  await a.page.locator('[data-testid=device-link-toggle]').click();
  const second = (await a.page.locator('[data-testid=device-code]').textContent()).trim();
  assert.match(second, CODE_SHAPE);
  assert.notEqual(second, code);
  await b.page.locator('[data-testid=device-code-input]').fill(` ${second.toLowerCase().replace('-', ' ')} `);
  await shot(b.page, 'device-code-typed-360x640.png');
  await b.page.locator('[data-testid=use-device-code]').click();
  await b.page.locator('[data-testid=claimed]', { hasText: name }).waitFor();
  assert.equal(await app(b.page, 'playerId'), id);
  assert.equal(await app(b.page, 'token'), renewed);
  await b.page.locator('[data-testid=signed-out-notice]').waitFor({ state: 'detached' });
  await movedBar.waitFor();

  // From B's name menu, B can give a code in turn.
  await b.page.locator('[data-testid=name-chip]').click();
  assert.match(await deviceCode(b.page), CODE_SHAPE);
  await shot(b.page, 'device-code-name-menu-360x640.png');
  await b.page.setViewportSize({ width: 844, height: 390 });
  await shot(b.page, 'device-code-name-menu-844x390.png');

  // No address any device ever had held a token: not the link, the socket or a request.
  for (const p of [a, b, c]) {
    for (const secret of [token, renewed]) {
      const leaks = p.addresses.filter((u) => u.includes(secret));
      assert.deepEqual(leaks, [], 'a token in an address');
    }
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

test('a device that is someone already asks before it becomes the code’s player', { timeout: 60_000 }, async () => {
  const a = await newPlayer(browser, PHONE);
  const nameA = `Wim-${suffix()}`;
  await a.page.goto(BASE);
  await pickName(a.page, nameA);
  await a.page.locator('[data-testid=play-bots]').waitFor();
  await a.page.locator('[data-testid=name-chip]').click();
  const link = `${BASE}/#/device/${(await deviceCode(a.page)).replace('-', '')}`;

  const b = await newPlayer(browser, PHONE);
  const nameB = `Xan-${suffix()}`;
  await b.page.goto(BASE);
  await pickName(b.page, nameB);
  await b.page.locator('[data-testid=play-bots]').waitFor();
  await b.page.goto(link);
  const dialog = b.page.getByRole('alertdialog');
  await dialog.waitFor();
  assert.match(await dialog.textContent(), new RegExp(`plays as ${nameB}`));
  await shot(b.page, 'device-code-switch-390x844.png');
  await b.page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await app(b.page, 'name'), nameB, 'Escape keeps who it was');
  assert.ok(await app(b.page, 'connected'), 'and its connection');

  // The code was not spent by the question: the second time, it works.
  await b.page.goto(link);
  await b.page.locator('[data-testid=claim-dialog-confirm]').click();
  await b.page.locator('[data-testid=claimed]', { hasText: nameA }).waitFor();
  assert.equal(await b.page.locator('[data-testid=name-chip]').textContent(), nameA);
  for (const p of [a, b]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

test('an old token link no longer works: it is wiped from the address bar and the player told', { timeout: 30_000 }, async () => {
  const p = await newPlayer(browser, SMALL);
  await p.page.goto(`${BASE}/#/claim/9b1e4c2a7f30d8e56a1b2c3d4e5f6071`);
  await p.page.locator('.toast', { hasText: 'no longer work' }).waitFor();
  assert.ok(!p.page.url().includes('claim'), p.page.url());
  await p.page.locator('#name-input').waitFor();
  assert.equal(await app(p.page, 'token'), '');
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

test('two tabs as one player: the older steps aside without coming back, and “Play here” takes the seat back', { timeout: 90_000 }, async () => {
  const first = await newPlayer(browser, SMALL);
  const sockets = [];
  first.page.on('websocket', (socket) => sockets.push(socket));
  await first.page.goto(BASE);
  await pickName(first.page, `Yul-${suffix()}`);
  await first.page.locator('[data-testid=play-bots]').waitFor();
  assert.equal(sockets.length, 1);

  // A second tab of the same browser is the same player: the first one is told so.
  const second = await first.context.newPage();
  const secondErrors = [];
  second.on('pageerror', (e) => secondErrors.push(e.message));
  second.on('console', (m) => { if (m.type() === 'error') secondErrors.push(m.text()); });
  await second.goto(BASE);
  await second.locator('[data-testid=play-bots]').waitFor();
  const moved = first.page.locator('[data-testid=session-moved]');
  await moved.waitFor();
  assert.match(await moved.textContent(), /You’re playing in another tab or on another device/);
  await first.page.locator('[data-testid=play-here]').waitFor();
  await shot(first.page, 'session-moved-360x640.png');

  // It stays that way: no new socket, and the newer tab keeps playing (a game against bots).
  await sleep(3000);
  assert.ok(await moved.isVisible(), 'still says so after 3 s');
  assert.equal(sockets.length, 1, 'the older tab opened no new connection');
  assert.equal(await app(first.page, 'status'), 'idle');
  await second.locator('[data-testid=play-bots]').click();
  await waitForView(second, 'swap');

  // "Play here": the first tab is back at the table, and the second steps aside.
  await first.page.locator('[data-testid=play-here]').click();
  await waitForView(first.page, 'swap');
  await moved.waitFor({ state: 'detached' });
  await second.locator('[data-testid=session-moved]').waitFor();
  assert.equal(await app(second, 'status'), 'idle');
  await second.setViewportSize({ width: 667, height: 375 });
  await shot(second, 'session-moved-667x375.png');
  await second.setViewportSize(DESKTOP.viewport);
  await shot(second, 'session-moved-desktop.png');

  assert.deepEqual(first.errors, []);
  assert.deepEqual(secondErrors, []);
  await first.context.close();
});

test('a device without a code typing a taken name keeps the text, gets free names and is told how to reclaim it', { timeout: 60_000 }, async () => {
  const a = await newPlayer(browser, DESKTOP);
  const name = `Zia-${suffix()}`;
  await a.page.goto(BASE);
  await pickName(a.page, name);
  await a.page.locator('[data-testid=play-bots]').waitFor();
  const id = await app(a.page, 'playerId');

  const c = await newPlayer(browser, SMALL);
  const asked = [];
  c.page.on('request', (r) => { if (r.url().includes('/api/players?')) asked.push(r.url()); });
  await c.page.goto(BASE);
  await pickName(c.page, name.toUpperCase());
  await c.page.locator('#name-error', { hasText: 'taken' }).waitFor();
  assert.equal(await c.page.locator('#name-input').inputValue(), name.toUpperCase(), 'what was typed is still there');
  const reclaim = await c.page.locator('[data-testid=reclaim-hint]').textContent();
  assert.match(reclaim, /Is it you\? On your other phone or computer, tap your name, then “Use on another device”, and enter its code below/);
  const offers = c.page.locator('[data-testid=name-suggestion]');
  await offers.first().waitFor();
  const names = await offers.allTextContents();
  assert.ok(names.length >= 1 && names.length <= 3, `free names offered: ${names.join(', ')}`);
  assert.ok(asked.length <= 6, `a handful of look-ups (${asked.length})`);
  await shot(c.page, 'name-taken-360x640.png');
  await c.page.setViewportSize({ width: 844, height: 390 });
  await shot(c.page, 'name-taken-844x390.png');
  await c.page.setViewportSize({ width: 1440, height: 900 });
  await shot(c.page, 'name-taken-desktop.png');
  // One tap on a free name plays under it.
  await offers.first().click();
  await c.page.locator('[data-testid=play-bots]').waitFor();
  assert.equal(await app(c.page, 'name'), names[0]);
  assert.notEqual(await app(c.page, 'playerId'), id);

  for (const p of [a, c]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});
