// Tables that don't get in the way (issue 14): "Play against bots" never fails because
// of tables the player left (each Leave closes a table of bots at once, and a table you
// left no longer counts against your three), and a reload does not give the player a
// fresh turn: the turn clock runs on from where it was.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, PHONE, launchBrowser, newPlayer, pickName, suffix, sleep } from './helpers.js';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

async function untilMyTurn(page) {
  await page.waitForFunction(() => {
    const v = window.shitheadApp?.table?.view;
    return v && v.phase === 'play' && v.current === v.viewer && (v.legal ?? []).length > 0;
  }, null, { timeout: 15000 });
}

test('"Play against bots" five times, leaving each game: never refused', { timeout: 120_000 }, async () => {
  const p = await newPlayer(browser, PHONE);
  await p.page.goto(BASE);
  await pickName(p.page, `Lea-${suffix()}`);
  const codes = new Set();
  for (let round = 0; round < 5; round += 1) {
    await p.page.locator('[data-testid=play-bots]').click();
    await p.page.locator('[data-testid=confirm-swap]').waitFor({ timeout: 10_000 });
    codes.add(await p.page.locator('[data-testid=bar-code]').textContent());
    // Mid-game, so Leave asks first, in the page.
    await p.page.locator('[data-testid=leave]').click();
    await p.page.locator('[data-testid=leave-dialog-confirm]').click();
    await p.page.locator('[data-testid=play-bots]').waitFor();
  }
  assert.equal(codes.size, 5, 'five tables, one after another');
  assert.equal(await p.page.getByText(/open tables/).count(), 0, 'no "too many tables" refusal');
  await p.context.close();
});

test('a reload keeps the turn clock where it was', { timeout: 120_000 }, async () => {
  const p = await newPlayer(browser, PHONE);
  await p.page.goto(BASE);
  await pickName(p.page, `Rio-${suffix()}`);
  // Welcomed first: a table asked for before the connection is open is not sent.
  await p.page.locator('[data-testid=play-bots]').waitFor();
  await p.page.evaluate(() => window.shitheadApp.createTable({ public: false, seats: 3, turn_timer: 15 }, { bots: 2, start: true }));
  await p.page.locator('[data-testid=confirm-swap]').click();
  await untilMyTurn(p.page);
  const before = Number(await p.page.locator('[data-timer=turn]').textContent().then((t) => t.split(':')[1]));
  await sleep(4000);
  await p.page.reload();
  await untilMyTurn(p.page);
  const timer = p.page.locator('[data-timer=turn]');
  await timer.waitFor();
  const after = Number((await timer.textContent()).split(':')[1]);
  assert.ok(before >= 13, `the turn began with its 15 s (${before})`);
  assert.ok(after <= before - 3, `after the reload the clock shows ${after} s, not a fresh turn (${before} s before)`);
  await p.context.close();
});
