// A player against bots reloads in the middle of the game and is back in the seat with
// the same cards; a dropped connection shows the reconnecting state and heals itself.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, PHONE, launchBrowser, newPlayer, pickName, suffix, takeStep } from './helpers.js';

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
