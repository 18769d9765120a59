// A connection you can trust (issue 14): the browser going offline is on screen within
// 3 s, in the status line (the buttons do not move), and a move made meanwhile waits
// visibly with its cards still chosen, then goes when the network is back; a move sent
// into a socket that silently died is found out within seconds and sent again; a move
// the server took whose answer never came reads as played once back, not as lost.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launchBrowser, newPlayer, pickName, shot, suffix } from './helpers.js';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const SMALL = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

async function untilMyPlay(page) {
  await page.waitForFunction(() => {
    const v = window.shitheadApp?.table?.view;
    return v && v.phase === 'play' && v.current === v.viewer && v.legal.some((a) => a.type === 'play')
      && document.querySelector('.my-hand .card-btn.playable') && !window.shitheadApp.move;
  }, null, { timeout: 30_000 });
}

/** Until it is this player's turn with a card to play: pick up (or wait) when there is none. */
async function toAPlay(page) {
  for (let i = 0; i < 30; i += 1) {
    await page.waitForFunction(() => {
      const v = window.shitheadApp?.table?.view;
      return v && v.phase === 'play' && v.current === v.viewer && v.legal.length > 0 && !window.shitheadApp.move;
    }, null, { timeout: 30_000 });
    const hasPlay = await page.evaluate(() => window.shitheadApp.table.view.legal.some((a) => a.type === 'play')
      && Boolean(document.querySelector('.my-hand .card-btn.playable')));
    if (hasPlay) return;
    const before = await page.evaluate(() => window.shitheadApp.table.version);
    await page.evaluate(() => {
      const v = window.shitheadApp.table.view;
      window.shitheadApp.act(v.legal.find((a) => a.type === 'wait') ?? v.legal.find((a) => a.type === 'play_face_down') ?? v.legal[0]);
    });
    await page.waitForFunction((b) => window.shitheadApp.table.version !== b, before);
  }
  await untilMyPlay(page);
}

const box = (page, selector) => page.locator(selector).first().evaluate((el) => {
  const r = el.getBoundingClientRect();
  return { left: Math.round(r.left), top: Math.round(r.top), width: Math.round(r.width), height: Math.round(r.height) };
});

/** Taps the lowest playable card of the hand; returns its card. */
async function tapPlayable(page) {
  const card = await page.locator('.my-hand .card-btn.playable').first().getAttribute('data-card');
  await page.locator(`.my-hand .card-btn[data-card="${card}"]`).click({ position: { x: 8, y: 24 } });
  await page.locator('.my-hand .card-btn.selected').first().waitFor();
  return card;
}

test('offline is shown within 3 s without moving the buttons, and a move made offline waits, then goes', { timeout: 180_000 }, async () => {
  const p = await newPlayer(browser, SMALL);
  const page = p.page;
  await page.goto(BASE);
  await pickName(page, `Ola-${suffix()}`);
  await page.locator('[data-testid=play-bots]').click();
  await page.locator('[data-testid=confirm-swap]').click();
  await toAPlay(page);
  const controlsBefore = await box(page, '.controls');
  const handBefore = await box(page, '.my-hand');

  // The network goes: the status line says so within 3 s.
  const wentAt = Date.now();
  await p.context.setOffline(true);
  await page.locator('[data-testid=conn-state]', { hasText: 'Offline' }).waitFor({ timeout: 3000 });
  const noticedIn = Date.now() - wentAt;
  assert.ok(noticedIn < 3000, `noticed in ${noticedIn} ms`);
  assert.deepEqual(await box(page, '.controls'), controlsBefore, 'the buttons stay where they were');
  assert.deepEqual(await box(page, '.my-hand'), handBefore, 'and so does the hand');
  assert.equal(await page.locator('.conn-banner').isVisible(), false, 'no banner over the table');

  // A move made now waits, visibly, and the card stays chosen.
  const version = await page.evaluate(() => window.shitheadApp.table.version);
  const card = await tapPlayable(page);
  await page.locator('[data-testid=play]').click();
  const waiting = page.locator('[data-testid=move-waiting]');
  await waiting.waitFor();
  assert.match(await waiting.textContent(), /^Play .* · waiting to send$/);
  assert.equal(await page.locator(`.my-hand .card-btn.selected[data-card="${card}"]`).count(), 1, 'the card is still chosen');
  await shot(page, 'offline-move-waiting-360x640.png');
  for (const [w, hgt, name] of [[844, 390, '844x390'], [1440, 900, 'desktop']]) {
    await page.setViewportSize({ width: w, height: hgt });
    await page.waitForTimeout(150);
    await shot(page, `offline-move-waiting-${name}.png`);
  }
  await page.setViewportSize({ width: 360, height: 640 });

  // Taking it back keeps the card chosen and Play ready again...
  await page.locator('[data-testid=cancel-move]').click();
  await page.locator('[data-testid=play]').waitFor();
  assert.equal(await page.locator('.my-hand .card-btn.selected').count(), 1);
  assert.equal(await page.evaluate(() => window.shitheadApp.move), null);
  // ...and made again, it goes once the network is back.
  await page.locator('[data-testid=play]').click();
  await waiting.waitFor();
  await p.context.setOffline(false);
  await page.waitForFunction((v) => window.shitheadApp.connected && window.shitheadApp.table.version > v
    && !window.shitheadApp.move, version, { timeout: 15_000 });
  await page.locator('[data-testid=conn-state]').waitFor({ state: 'detached' });
  const hand = await page.evaluate(() => window.shitheadApp.table.view.hand);
  assert.ok(!hand.includes(card), `the ${card} was played`);
  const log = await page.evaluate(() => window.shitheadApp.log.map((l) => l.text));
  assert.ok(log.some((l) => l.startsWith('You played')), 'the log says so');
  assert.equal(await page.locator('.my-hand .card-btn.selected').count(), 0, 'and nothing is left chosen');
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

test('a move sent into a socket that died without a word is found out and sent again', { timeout: 120_000 }, async () => {
  const p = await newPlayer(browser, SMALL);
  const page = p.page;
  await page.goto(BASE);
  await pickName(page, `Pim-${suffix()}`);
  await page.locator('[data-testid=play-bots]').click();
  await page.locator('[data-testid=confirm-swap]').click();
  await toAPlay(page);
  const version = await page.evaluate(() => window.shitheadApp.table.version);
  // The socket still looks open but nothing it sends arrives any more.
  await page.evaluate(() => { window.shitheadApp.connection.socket.send = () => {}; });
  const card = await tapPlayable(page);
  const sentAt = Date.now();
  await page.locator('[data-testid=play]').click();
  // Found out within 3 s: the line says reconnecting, and the move waits to be checked.
  await page.locator('[data-testid=conn-state]').waitFor({ timeout: 3500 }).catch(() => {});
  await page.waitForFunction((v) => window.shitheadApp.table.version > v && !window.shitheadApp.move, version, { timeout: 10_000 });
  const took = Date.now() - sentAt;
  assert.ok(took < 6000, `the move reached the table ${took} ms after the tap`);
  assert.ok(!(await page.evaluate(() => window.shitheadApp.table.view.hand)).includes(card), `the ${card} was played`);
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

test('a move the server took, whose answer never came, reads as played once the page is back', { timeout: 120_000 }, async () => {
  const p = await newPlayer(browser, SMALL);
  const page = p.page;
  await page.goto(BASE);
  await pickName(page, `Quin-${suffix()}`);
  await page.locator('[data-testid=play-bots]').click();
  await page.locator('[data-testid=confirm-swap]').click();
  await toAPlay(page);
  const version = await page.evaluate(() => window.shitheadApp.table.version);
  const played = () => page.evaluate(() => window.shitheadApp.log.filter((l) => /^You (played|burned the pile)/.test(l.text)).length);
  const playedBefore = await played();
  // The move goes out, but the socket hears nothing more: the table's answer is lost, as
  // on a phone network that delivers the move late and the reply never.
  await page.evaluate(() => { window.shitheadApp.connection.socket.onmessage = null; });
  const card = await tapPlayable(page);
  await page.locator('[data-testid=play]').click();
  await page.waitForFunction((v) => window.shitheadApp.connected && window.shitheadApp.table.version > v
    && !window.shitheadApp.move, version, { timeout: 15_000 });
  assert.ok(!(await page.evaluate(() => window.shitheadApp.table.view.hand)).includes(card), `the ${card} was played`);
  const notice = await page.evaluate(() => window.shitheadApp.moveNotice?.text ?? null);
  assert.doesNotMatch(notice ?? '', /dropped|moved|not sent/, 'no word of a lost move');
  assert.equal(await page.locator('[data-testid=why-not]', { hasText: /moved since/ }).count(), 0);
  assert.equal(await played(), playedBefore + 1, 'the log tells the play once');
  assert.equal(await page.locator('.my-hand .card-btn.selected').count(), 0, 'nothing is left chosen');
  assert.deepEqual(p.errors, []);
  await p.context.close();
});
