// Playing by keyboard alone: Enter keeps the dealt face-up cards, arrows move between
// cards whose accessible names say what they are, Enter plays the focused card, U picks up.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, DESKTOP, launchBrowser, newPlayer, pickName, suffix } from './helpers.js';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const myMove = (page) => page.waitForFunction(() => {
  const v = window.shitheadApp?.table?.view;
  return v && v.phase === 'play' && (v.legal ?? []).length > 0;
}, null, { timeout: 15000 });

test('a game is played from the keyboard', { timeout: 120_000 }, async () => {
  const p = await newPlayer(browser, DESKTOP);
  await p.page.goto(BASE);
  await pickName(p.page, `Kai-${suffix()}`);
  await p.page.locator('[data-testid=play-bots]').click();
  await p.page.locator('[data-testid=confirm-swap]').waitFor();
  await p.page.locator('body').focus();
  await p.page.keyboard.press('Enter');
  await p.page.locator('[data-testid=confirm-swap]').waitFor({ state: 'detached' });

  const log = p.page.locator('[data-testid=event-log] li');
  let moves = 0;
  for (let round = 0; round < 40 && moves < 3; round += 1) {
    await myMove(p.page);
    const before = await log.count();
    const legal = await p.page.evaluate(() => window.shitheadApp.table.view.legal.map((a) => a.type));
    if (legal.includes('play') || legal.includes('play_face_down')) {
      // Arrow along the cards to the first one marked playable, and press Enter.
      let label = '';
      for (let i = 0; i < 30 && !/playable|turn it over/.test(label); i += 1) {
        await p.page.keyboard.press('ArrowRight');
        // The focused element as a screen reader has it: role, name and state.
        label = await p.page.locator(':focus').ariaSnapshot({ timeout: 2000 }).catch(() => '');
      }
      assert.match(label, /playable|turn it over/, 'a playable card is named so');
      await p.page.keyboard.press('Enter');
    } else if (legal.includes('wait')) {
      await p.page.keyboard.press('w');
    } else {
      await p.page.keyboard.press('u');
    }
    await p.page.waitForFunction((n) => document.querySelectorAll('[data-testid=event-log] li').length > n, before,
      { timeout: 5000 });
    const mine = await log.allTextContents();
    if (mine.slice(before).some((line) => /^You (played|picked up|waited|turned|burned)/.test(line))) moves += 1;
  }
  assert.equal(moves, 3, 'three moves made with the keyboard');
  assert.deepEqual(p.errors, []);
  await p.context.close();
});

test('Enter in the log pane is the pane\'s: it does not play the cards picked before', { timeout: 120_000 }, async () => {
  const p = await newPlayer(browser, DESKTOP);
  await p.page.goto(BASE);
  await pickName(p.page, `Lev-${suffix()}`);
  await p.page.locator('[data-testid=play-bots]').click();
  await p.page.locator('[data-testid=confirm-swap]').click();
  await p.page.locator('[data-testid=confirm-swap]').waitFor({ state: 'detached' });
  // Every move the table sends goes through `act`: count them.
  await p.page.evaluate(() => {
    const app = window.shitheadApp;
    const act = app.act.bind(app);
    window.acted = [];
    app.act = (action) => { window.acted.push(action.type); return act(action); };
  });
  const playable = p.page.locator('.my-hand .card-btn.playable');
  let picked = false;
  for (let round = 0; round < 40 && !picked; round += 1) {
    await myMove(p.page);
    if (await playable.count() > 0) {
      await playable.first().click();
      picked = true;
    } else {
      // Nothing to pick from the hand this turn: pick up (or wait) and try the next.
      const before = await p.page.evaluate(() => window.acted.length);
      await p.page.locator('body').focus();
      await p.page.keyboard.press(await p.page.evaluate(() => window.shitheadApp.table.view.legal.some((a) => a.type === 'wait')) ? 'w' : 'u');
      await p.page.waitForFunction((n) => window.acted.length > n, before);
      await p.page.waitForFunction(() => window.shitheadApp.move === null);
    }
  }
  assert.ok(picked, 'a playable card in hand within 40 turns');
  const selected = p.page.locator('.my-hand .card-btn.selected');
  assert.equal(await selected.count(), 1);
  const sentBefore = await p.page.evaluate(() => window.acted.length);
  await p.page.locator('#pane-log').focus();
  await p.page.keyboard.press('Enter');
  await p.page.keyboard.press('1');
  assert.equal(await p.page.evaluate(() => window.acted.length), sentBefore, 'no move from keys in the log pane');
  assert.equal(await selected.count(), 1, 'the pick stays');
  // Out of the pane, Enter plays it.
  await p.page.evaluate(() => document.activeElement.blur());
  await p.page.keyboard.press('Enter');
  assert.deepEqual(await p.page.evaluate((n) => window.acted.slice(n), sentBefore), ['play']);
  assert.deepEqual(p.errors, []);
  await p.context.close();
});
