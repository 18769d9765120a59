// A player against bots reloads in the middle of the game and is back in the seat with
// the same cards; a dropped connection shows the reconnecting state and heals itself. A
// player who closed the tab at a table and opens the site again at "/" (not the table's
// link) sees the lobby, told they are still at the table, with the way back and the way out.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, PHONE, launchBrowser, newPlayer, pickName, shot, suffix, takeStep } from './helpers.js';
import { checkAccessibility } from './axe-check.js';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const handOf = (page) => page.locator('.my-hand .card-btn').evaluateAll((els) => els.map((e) => e.dataset.card).sort());

async function untilMyTurn(page) {
  await page.waitForFunction(() => {
    const v = window.shitheadApp?.table?.view;
    return v && (v.phase === 'over' || (v.legal ?? []).length > 0);
  }, null, { timeout: 15000 });
}

test('a reload in the middle of a game returns the player to the seat', { timeout: 180_000 }, async () => {
  const cy = await newPlayer(browser, PHONE);
  const name = `Cy-${suffix()}`;
  await cy.page.goto(BASE);
  await pickName(cy.page, name);
  await cy.page.locator('[data-testid=play-bots]').click();
  await cy.page.locator('[data-testid=confirm-swap]').waitFor();
  const code = await cy.page.locator('[data-testid=bar-code]').textContent();

  // A few moves, so that the game is well under way.
  for (let moves = 0; moves < 4;) {
    await untilMyTurn(cy.page);
    const did = await takeStep(cy.page);
    assert.notEqual(did, 'over', 'the game is still going');
    if (did !== 'idle') moves += 1;
  }
  await untilMyTurn(cy.page);
  const hand = await handOf(cy.page);
  const turns = await cy.page.evaluate(() => window.shitheadApp.table.view.turns);

  await cy.page.reload();
  await cy.page.locator('[data-testid=bar-code]', { hasText: code }).waitFor();
  await cy.page.locator('.me .seat-name', { hasText: name }).waitFor();
  assert.equal(new URL(cy.page.url()).pathname, `/t/${code}`);
  assert.deepEqual(await handOf(cy.page), hand, 'the same cards in hand');
  assert.equal(await cy.page.evaluate(() => window.shitheadApp.table.view.turns), turns, 'the same moment of the game');
  assert.notEqual(await takeStep(cy.page), 'idle', 'and it is still this player’s move');

  // The connection drops: the status line says so, and the table comes back by itself.
  await cy.page.evaluate(() => window.shitheadApp.connection.socket.close());
  await cy.page.locator('[data-testid=conn-state]', { hasText: 'reconnecting' }).waitFor();
  await cy.page.locator('[data-testid=conn-state]').waitFor({ state: 'detached', timeout: 15000 });
  await cy.page.locator('[data-testid=bar-code]', { hasText: code }).waitFor();
  await untilMyTurn(cy.page);
  assert.notEqual(await takeStep(cy.page), 'idle', 'play goes on after reconnecting');
  assert.deepEqual(cy.errors, []);
  await cy.context.close();
});

test('opening the site again after closing the tab at a table shows the lobby, with the way back', { timeout: 90_000 }, async () => {
  const di = await newPlayer(browser, { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  await di.page.goto(BASE);
  await pickName(di.page, `Di-${suffix()}`);
  await di.page.locator('[data-testid=play-bots]').click();
  await di.page.locator('[data-testid=confirm-swap]').waitFor();
  const code = (await di.page.locator('[data-testid=bar-code]').textContent()).trim();

  // The tab is closed mid-game; later the player opens the site's address, not the table's.
  const again = async () => {
    await di.page.close();
    di.page = await di.context.newPage();
    di.page.on('pageerror', (e) => di.errors.push(e.message));
    await di.page.goto(BASE);
    const bar = di.page.locator('.back-to-table');
    await bar.locator('[data-testid=back-to-table]').waitFor();
    return bar;
  };
  let bar = await again();
  assert.equal(await bar.locator('span').textContent(), `You are still at table ${code}, and it is your move.`);
  await di.page.locator('[data-testid=play-bots]').waitFor();
  assert.equal(await di.page.locator('[data-testid=confirm-swap]').count(), 0, 'not dropped into the game unasked');
  assert.equal(new URL(di.page.url()).pathname, '/');
  await shot(di.page, 'back-to-your-table-360x640.png');
  assert.deepEqual((await checkAccessibility(di.page, 'the lobby, still at a table')).problems, []);
  const back = await bar.locator('[data-testid=back-to-table]').boundingBox();
  const out = await bar.locator('[data-testid=leave-parked]').boundingBox();
  assert.ok(back.height >= 43.5 && out.height >= 43.5 && out.width >= 43.5, 'both ways are a thumb\'s size');

  // "Back to the table": the game, where it was.
  await bar.locator('[data-testid=back-to-table]').click();
  await di.page.locator('[data-testid=confirm-swap]').waitFor();
  assert.equal(new URL(di.page.url()).pathname, `/t/${code}`);

  // Once more, and "Leave it": asked first (a bot would finish the game), then back in the lobby for good.
  bar = await again();
  await bar.locator('[data-testid=leave-parked]').click();
  await di.page.locator('[data-testid=leave-dialog-confirm]').click();
  await bar.waitFor({ state: 'hidden' });
  await di.page.waitForFunction(() => !window.shitheadApp.inRoom);
  await di.page.reload();
  await di.page.locator('[data-testid=play-bots]').waitFor();
  await di.page.waitForFunction(() => window.shitheadApp.connected);
  await di.page.waitForTimeout(500);
  assert.equal(await di.page.locator('.back-to-table').isVisible(), false, 'no longer at the table');
  assert.deepEqual(di.errors, []);
  await di.context.close();
});
