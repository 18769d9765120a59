// A newcomer the server will not take (issue 35): over the limit of new players from one
// address (`--new-players-per-address`), the name form used to stay on "Checking the
// name…" for ever. On a server of the test's own that lets one new player in from an
// address: the first is welcome; the second, from the same address, is told in plain
// words why and what to do, the form works again, and a device code from the first
// player's device (not a new player) gets in.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BINARY, DESKTOP, launchBrowser, newPlayer, pickName, shot, startServer, suffix } from './helpers.js';
import { checkAccessibility } from './axe-check.js';

const SMALL = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

test('a newcomer over the new-player limit of their address is told what to do, and the name form works again',
  { timeout: 90_000, skip: BINARY ? false : 'SHITHEAD_BINARY is not set (scripts/browser-test.sh sets it)' }, async (t) => {
    const server = await startServer(['--new-players-per-address', '1']);
    t.after(() => server.stop());

    const ana = await newPlayer(browser, DESKTOP);
    t.after(() => ana.context.close());
    const anaName = `Ana-${suffix()}`;
    await ana.page.goto(server.url);
    await pickName(ana.page, anaName);
    await ana.page.locator('[data-testid=play-bots]').waitFor();

    // The second new player from 127.0.0.1 this hour: refused, and told so on the form.
    const ben = await newPlayer(browser, SMALL);
    t.after(() => ben.context.close());
    const refusals = [];
    ben.page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"rate_limited"')) refusals.push(payload);
    }));
    const benName = `Ben-${suffix()}`;
    await ben.page.goto(server.url);
    await pickName(ben.page, benName);
    const why = ben.page.locator('[data-testid=new-player-refused]');
    await why.waitFor();
    assert.equal(await ben.page.locator('#name-error').textContent(), 'Too many new players have joined from your network in the last hour.');
    const words = await why.textContent();
    assert.match(words, /a school, an office or on some phone networks/);
    assert.match(words, /Played here before, on another device\? Enter a code from it below/);
    assert.match(words, /try again later, or ask whoever runs this server/);
    const submit = ben.page.locator('.name-form button[type=submit]');
    assert.equal(await submit.textContent(), 'Let’s play', 'not "Checking the name…"');
    assert.ok(await submit.isEnabled(), 'the button works again');
    assert.equal(await ben.page.locator('#name-input').inputValue(), benName, 'what was typed is kept');
    assert.ok(await ben.page.locator('[data-testid=use-device-code]').isEnabled(), 'a device code may be tried');
    await shot(ben.page, 'new-player-refused-360x640.png');
    assert.deepEqual((await checkAccessibility(ben.page, 'the refused name form')).problems, []);

    // Another try is answered again, and leaves the form as usable as before.
    await ben.page.locator('#name-input').fill(`${benName}x`);
    await submit.click();
    await ben.page.waitForFunction(() => document.querySelector('[data-testid=new-player-refused]')?.hidden === false
      && document.querySelector('.name-form button[type=submit]').textContent === 'Let’s play');
    await ben.page.waitForFunction(() => window.shitheadApp.newPlayerRefused === 'rate_limited' && window.shitheadApp.me.name === '');
    assert.equal(refusals.length, 2, 'each hello was answered with rate_limited');
    assert.ok(await submit.isEnabled());

    // Someone who has played here before is not a new player: a code from Ana's device
    // brings Ben's phone in as Ana.
    await ana.page.evaluate(() => window.shitheadApp.requestDeviceCode());
    const code = await (await ana.page.waitForFunction(() => window.shitheadApp.deviceCode?.code)).jsonValue();
    await ben.page.locator('[data-testid=device-code-input]').fill(code);
    await ben.page.locator('[data-testid=use-device-code]').click();
    await ben.page.locator('[data-testid=play-bots]').waitFor();
    assert.equal(await ben.page.evaluate(() => window.shitheadApp.me.name), anaName);
    assert.equal(await why.count(), 0, 'the refusal is gone with the name form');
    assert.deepEqual(ben.errors, []);
  });
