// The house rules of issue 16 as a player meets them: the create-table form offers them
// (variants and card powers) at phone, landscape and desktop sizes; a table with them
// links to its own rules page, which explains them in words; and a whole game with
// play-from-the-table, a fixed hand, skip jokers and a 9 that reverses is played by
// tapping, to the game-over screen, with no page errors. Screenshots of each.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE, DESKTOP, launchBrowser, newPlayer, pickName, shot, suffix, takeStep, sleep, untilOver,
} from './helpers.js';

const SMALL_PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const LANDSCAPE = { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Opens the lobby's form with both folded sections open and the house rules chosen. */
async function fillHouseRules(page) {
  await page.locator('[data-preset=shiphead]').waitFor();
  await page.locator('details.variants:not(.powers) > summary').click();
  await page.locator('#variant-play_from_table').selectOption('true');
  await page.locator('#variant-fixed_hand').selectOption('true');
  await page.locator('#variant-jokers').selectOption('skip');
  await page.locator('details.powers > summary').click();
  await page.locator('#power-9').selectOption('reverse');
}

async function overflowsSideways(page) {
  return page.evaluate(() => document.scrollingElement.scrollWidth > window.innerWidth + 1);
}

for (const [label, device] of [['phone-small', SMALL_PHONE], ['landscape', LANDSCAPE], ['desktop', DESKTOP]]) {
  test(`the create-table form offers every house rule and card powers (${label})`, async () => {
    const p = await newPlayer(browser, device);
    await p.page.goto(BASE);
    await pickName(p.page, `Hr-${suffix()}`);
    await fillHouseRules(p.page);
    await p.page.locator('#power-9').scrollIntoViewIfNeeded();
    await shot(p.page, `create-table-house-rules-${label}.png`);
    assert.equal(await overflowsSideways(p.page), false, 'nothing sticks out sideways');
    // Every rank has its powers control, big enough for a thumb.
    const sizes = await p.page.locator('details.powers select').evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().height));
    assert.equal(sizes.length, 13);
    for (const h of sizes) assert.ok(h >= 44, `a powers control is ${h} px high`);
    assert.deepEqual(p.errors, []);
    await p.context.close();
  });
}

test('a table with house rules explains them and plays to the end', { timeout: 600_000 }, async (t) => {
  const hana = await newPlayer(browser, SMALL_PHONE);
  await hana.page.goto(BASE);
  await pickName(hana.page, `Hana-${suffix()}`);
  await fillHouseRules(hana.page);
  await hana.page.getByRole('button', { name: 'Fewer seats' }).click();
  await hana.page.getByRole('radio', { name: 'Off' }).click();
  await hana.page.locator('[data-testid=create-table]').click();
  await hana.page.locator('[data-testid=share-link]').waitFor();

  // The waiting room links to this table's rules: the server's words for its ruleset.
  const href = await hana.page.locator('[data-testid=table-rules-link]').getAttribute('href');
  const reader = await newPlayer(browser, SMALL_PHONE);
  await reader.page.goto(BASE);
  await pickName(reader.page, `Rd-${suffix()}`);
  await reader.page.goto(new URL(href, BASE).href);
  const rules = reader.page.locator('[data-testid=table-rules]');
  await rules.waitFor();
  await reader.page.getByText('There is no stock').waitFor();
  const text = await reader.page.locator('body').textContent();
  assert.match(text, /Face-up cards may be played together with the hand/);
  assert.match(text, /skip/i);
  // Its one-line summary is this table's, made from its rules, not the preset's (issue 35).
  const lead = await reader.page.locator('.rules-page .lead').last().textContent();
  assert.match(lead, /no drawing/, lead);
  assert.match(lead, /9 reverses/, lead);
  assert.match(lead, /jokers skip a player/, lead);
  assert.doesNotMatch(lead, /after a 9 play a 9 or lower/, lead);
  await shot(reader.page, 'table-rules-phone-small.png');
  assert.deepEqual(reader.errors, []);
  await reader.context.close();

  await hana.page.locator('[data-testid=add-bot]').click();
  await hana.page.locator('.wait-seat', { hasText: /bot/i }).waitFor();
  await hana.page.locator('[data-testid=start-game]').click();

  // The words under the pile are the table's rules for the card that counts, as the
  // server words them (its 9 reverses: no "or lower"), and a run is named only where that
  // many of its rank burn the pile.
  const query = new URL(href.replace('#/rules/', 'api/rules/'), BASE);
  const doc = await hana.page.evaluate(async (path) => (await fetch(path)).json(), `${query.pathname}${query.search}`);
  assert.equal(doc.pile_words['[9]'], 'Play a 9 or higher, or a 2, 7 or joker.');
  let wordsChecked = 0;
  const checkWords = async () => {
    const seen = await hana.page.evaluate(() => {
      const view = window.shitheadApp.table.view;
      return { top: view?.top ?? null, pile: view?.pile?.length ?? 0, run: view?.run ?? null, phase: view?.phase,
        note: document.querySelector('.pile-note')?.textContent ?? null,
        runNote: document.querySelector('.run-note')?.textContent ?? null };
    });
    if (seen.phase !== 'play' || seen.note === null || !seen.top) return;
    const rule = doc.pile_words[seen.top.used ? `<${seen.top.rank}>` : `[${seen.top.rank}]`];
    assert.ok(rule, `a sentence for ${JSON.stringify(seen.top)}`);
    assert.ok(seen.note === rule || seen.note.endsWith(`: ${rule.charAt(0).toLowerCase()}${rule.slice(1)}`),
      `under the pile "${seen.note}" says the rule "${rule}"`);
    if (seen.runNote) assert.ok(doc.run_burn[seen.run.rank], `"${seen.runNote}" only where a run burns`);
    wordsChecked += 1;
  };

  let steps = 0;
  let shotMidGame = false;
  let over = false;
  // Bots move at once here, and the rules end a game at 2,000 turns: time enough.
  await untilOver(500_000, async () => {
    const did = await takeStep(hana.page);
    if (did === 'over') over = true;
    else if (did !== 'idle') steps += 1;
    else await sleep(60);
    if (!over && did !== 'idle') await checkWords();
    if (!shotMidGame && steps >= 6) {
      shotMidGame = true;
      await shot(hana.page, 'table-house-rules-phone-small.png');
    }
    return over;
  });
  assert.ok(over, `the game ended (after ${steps} steps)`);
  assert.ok(wordsChecked >= 5, `the words under the pile were checked ${wordsChecked} times`);
  t.diagnostic(`the house-rules game took ${await hana.page.evaluate(() => window.shitheadApp.table.view.turns)} turns`);
  const view = await hana.page.evaluate(() => window.shitheadApp.table.view);
  assert.equal(view.stock_count, 0, 'a fixed hand has no stock');
  await shot(hana.page, 'game-over-house-rules-phone-small.png');
  assert.deepEqual(hana.errors, []);
  await hana.context.close();
});

test('the rules page lists the house rules any table can switch on', async () => {
  const p = await newPlayer(browser, SMALL_PHONE);
  await p.page.goto(BASE);
  await pickName(p.page, `Hr-${suffix()}`);
  await p.page.goto(`${BASE}/#/rules/isf`);
  const section = p.page.locator('[data-testid=house-rules]');
  await section.waitFor();
  for (const summary of await section.locator('summary').all()) await summary.click();
  const text = await section.textContent();
  for (const words of [/skip/i, /revers/i, /from the table/i, /stock/i, /picks up/i]) assert.match(text, words);
  await section.scrollIntoViewIfNeeded();
  await shot(p.page, 'rules-house-rules-phone-small.png');
  assert.equal(await overflowsSideways(p.page), false, 'nothing sticks out sideways');
  assert.deepEqual(p.errors, []);
  await p.context.close();
});
