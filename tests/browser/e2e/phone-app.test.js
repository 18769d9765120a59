// The app on a phone (issue 15): the table link goes to the system's share sheet where
// there is one and is copied where not; the screen stays awake while you play and is let
// go when the game ends; plays, burns and pick-ups are heard, and the mute switch
// silences them all.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, DESKTOP, PHONE, launchBrowser, newPlayer, pickName, suffix, waitForView } from './helpers.js';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const app = (page, fn, arg) => page.evaluate(fn, arg);

async function openTable(page, settings, options) {
  await page.goto(BASE);
  await pickName(page, `Sam-${suffix()}`);
  await page.locator('[data-testid=play-bots]').waitFor();
  await app(page, ([s, o]) => window.shitheadApp.createTable(s, o), [settings, options]);
}

test('the table link goes to the share sheet on a phone that has one, and is copied elsewhere', { timeout: 60_000 }, async () => {
  // Headless Chromium has no share sheet; this one stands in for the phone's and keeps
  // what it was given.
  const phone = await newPlayer(browser, PHONE);
  await phone.context.addInitScript(() => {
    navigator.share = async (data) => { window.sharedWith = data; };
  });
  await openTable(phone.page, { public: false, seats: 4, turn_timer: 0 });
  const code = await phone.page.locator('[data-testid=table-code]').textContent();
  assert.equal(await phone.page.locator('[data-testid=copy-link]').count(), 0);
  await phone.page.locator('[data-testid=share-table-link]').click();
  const shared = await phone.page.waitForFunction(() => window.sharedWith).then((h) => h.jsonValue());
  assert.equal(shared.url, `${BASE}/t/${code}`);
  assert.match(shared.text, new RegExp(code));

  const desktop = await newPlayer(browser, DESKTOP);
  await desktop.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  await openTable(desktop.page, { public: false, seats: 4, turn_timer: 0 });
  const deskCode = await desktop.page.locator('[data-testid=table-code]').textContent();
  assert.equal(await desktop.page.locator('[data-testid=share-table-link]').count(), 0);
  await desktop.page.locator('[data-testid=copy-link]').click();
  await desktop.page.getByText('Link copied').waitFor();
  assert.equal(await app(desktop.page, () => navigator.clipboard.readText()), `${BASE}/t/${deskCode}`);
  assert.deepEqual([...phone.errors, ...desktop.errors], []);
  await phone.context.close();
  await desktop.context.close();
});

test('the screen stays awake through your game; plays, burns and pick-ups are heard until muted', { timeout: 120_000 }, async () => {
  const { context, page, errors } = await newPlayer(browser, PHONE);
  await openTable(page, { public: false, seats: 4, turn_timer: 0 }, { bots: 3, start: true });
  await waitForView(page, 'swap');
  await page.keyboard.press('Shift');  // a gesture, as a person's first touch: the browser then allows sound
  assert.equal(await app(page, () => window.shitheadApp.wakeLock.held), true, 'awake in the swap');
  await app(page, () => {
    const v = window.shitheadApp.table.view;
    window.shitheadApp.act(v.legal.find((a) => a.type === 'swap' && a.cards?.length === 0) ?? v.legal.at(-1));
  });
  await waitForView(page, 'play');

  // Play, picking the pile up once (shiphead allows it on any turn), until the game ends
  // or enough has been heard; then mute and play on.
  const heard = () => app(page, () => ({ ...window.shitheadApp.sound.heard }));
  const logKinds = () => app(page, () => window.shitheadApp.log.map((line) => line.kind));
  let pickedUp = false;
  let muted = null;
  for (let i = 0; i < 300; i += 1) {
    await waitForView(page, 'my-turn-or-over');
    if (await app(page, () => window.shitheadApp.table.view.phase === 'over')) break;
    assert.equal(await app(page, () => window.shitheadApp.wakeLock.held), true, 'awake while playing');
    const now = await heard();
    const kinds = await logKinds();
    if (!muted && now.played > 3 && now.pickedUp > 0 && (now.burned > 0 || i >= 60)) {
      await page.locator('[data-testid=sound-switch]').click();
      muted = { heard: now, kinds };
    }
    const before = await app(page, () => window.shitheadApp.table.version);
    const pickUp = !pickedUp && i >= 2;
    pickedUp ||= pickUp;
    await app(page, (up) => {
      const v = window.shitheadApp.table.view;
      const choice = (up ? v.legal.find((a) => a.type === 'pickup') : undefined)
        ?? v.legal.find((a) => a.type === 'play') ?? v.legal.find((a) => a.type === 'play_face_down') ?? v.legal[0];
      window.shitheadApp.act(choice);
    }, pickUp);
    await page.waitForFunction((v) => window.shitheadApp.table.version !== v, before);
  }
  const kinds = await logKinds();
  const counts = muted?.heard ?? await heard();
  assert.ok(counts.played > 0, JSON.stringify(counts));
  assert.ok(counts.pickedUp > 0, JSON.stringify(counts));
  assert.ok(counts.yourTurn > 0, JSON.stringify(counts));
  const burnedUnmuted = (muted?.kinds ?? kinds).includes('burned');
  if (burnedUnmuted) assert.ok(counts.burned > 0, `a burn in the log but none heard: ${JSON.stringify(counts)}`);
  if (muted) {
    assert.ok(kinds.length > muted.kinds.length, 'the game went on after muting');
    assert.deepEqual(await heard(), muted.heard, 'nothing heard once muted');
  }
  await page.locator('[data-testid=game-over]').waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !window.shitheadApp.wakeLock.held);
  assert.deepEqual(errors, []);
  await context.close();
});

test('every control of the name form, home, rules and leaderboard pages is at least 44×44 on a small phone', { timeout: 60_000 }, async () => {
  const SMALL = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
  const { context, page } = await newPlayer(browser, SMALL);
  const tooSmall = () => page.evaluate(() => [...document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [tabindex="0"]')]
    .filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden' && (r.width < 44 || r.height < 44);
    })
    .map((e) => {
      const r = e.getBoundingClientRect();
      return `${e.tagName.toLowerCase()} "${(e.getAttribute('aria-label') || e.textContent || e.value || '').trim().slice(0, 24)}" ${Math.round(r.width)}×${Math.round(r.height)}`;
    }));
  const problems = [];
  await page.goto(BASE);
  await page.locator('#name-input').waitFor();
  problems.push(...(await tooSmall()).map((p) => `name form: ${p}`));
  await pickName(page, `Tap-${suffix()}`);
  await page.locator('[data-testid=play-bots]').waitFor();
  problems.push(...(await tooSmall()).map((p) => `home: ${p}`));
  for (const [hash, ready] of [['#/rules', '.preset-tab'], ['#/rules/palace', '.preset-tab'], ['#/leaderboard', 'main h1']]) {
    await page.goto(`${BASE}/${hash}`);
    await page.locator(ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    problems.push(...(await tooSmall()).map((p) => `${hash}: ${p}`));
  }
  // "Play" is in the top menu on a phone too (issue 35: it was hidden), and goes to the lobby.
  const play = page.locator('.top-nav a[data-nav=home]');
  assert.ok(await play.isVisible(), 'the menu shows "Play"');
  await play.click();
  await page.locator('[data-testid=play-bots]').waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a phone a reaction is one tap away: the bar opens the row, a face goes with the next tap', { timeout: 60_000 }, async () => {
  const SMALL = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
  const { context, page, errors } = await newPlayer(browser, SMALL);
  await openTable(page, { public: false, seats: 4, turn_timer: 0 }, { bots: 3, start: true });
  await waitForView(page, 'swap');
  const toggle = page.locator('[data-testid=react-toggle]');
  const tray = page.locator('[data-testid=reaction-tray]');
  for (const [width, height] of [[360, 640], [844, 390]]) {
    await page.setViewportSize({ width, height });
    await toggle.tap();
    await tray.waitFor();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const faces = await tray.locator('button').evaluateAll((buttons) => buttons.map((b) => {
      const r = b.getBoundingClientRect();
      return { text: b.textContent, inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
        big: r.width >= 44 && r.height >= 44, reached: document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b };
    }));
    assert.equal(faces.length, 6);
    for (const face of faces) assert.ok(face.inside && face.big && face.reached, `${width}×${height}: ${JSON.stringify(face)}`);
    const before = await page.evaluate(() => window.shitheadApp.chat.length);
    await tray.getByRole('button', { name: 'React 🔥' }).tap();
    await tray.waitFor({ state: 'hidden' });
    await page.waitForFunction((n) => window.shitheadApp.chat.length > n, before);
    assert.equal(await page.evaluate(() => window.shitheadApp.chat.at(-1).reaction), '🔥');
    // What you sent yourself is not unread.
    assert.equal(await page.locator('.drawer-toggle .unread').count(), 0);
  }
  // Escape closes the row and gives the focus back; so does a tap elsewhere.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await tray.waitFor();
  await page.keyboard.press('Escape');
  await tray.waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'react-toggle');
  await toggle.tap();
  await tray.waitFor();
  await page.locator('[data-testid=status]').tap();
  await tray.waitFor({ state: 'hidden' });
  // Others' lines are unread until the chat is seen, past the 100 lines the app keeps.
  await page.evaluate(() => {
    for (let i = 0; i < 120; i += 1) {
      window.shitheadApp.onChat({ type: 'chat', from: 'someone-else', name: 'Zed', seat: 1, text: `line ${i}` });
    }
  });
  await page.locator('.drawer-toggle .unread', { hasText: /^120$/ }).waitFor();
  await page.getByRole('button', { name: 'Log and chat' }).tap();
  await page.getByRole('tab', { name: /Chat/ }).tap();
  await page.locator('.chat-text', { hasText: /^line 119$/ }).waitFor();
  assert.equal(await page.locator('.chat-list li').count(), 100);
  await page.evaluate(() => window.shitheadApp.onChat({ type: 'chat', from: 'someone-else', name: 'Zed', seat: 1, text: 'one more' }));
  await page.locator('.chat-text', { hasText: /^one more$/ }).waitFor();
  assert.equal(await page.locator('#tab-chat .unread:not([hidden])').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});
