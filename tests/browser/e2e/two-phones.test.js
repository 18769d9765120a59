// Issue 14's "done when": two people on two phones of different sizes (a small one held
// upright, another held sideways) go from a shared link to the end of a game with two
// bots at a person's pace, without a single overlap. Ana opens the table with the form
// (whose bots play like a person unless the host says otherwise) and shares the link;
// Ben opens it and sits down; Ana adds two bots and starts. After every step of the game
// both tables pass the layout checks (layout-check.js), and at the end every bot move of
// the play is shown to have come on its own: a pause like a person's after the move
// before it, never in the same frame as another seat's move.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launchBrowser, limitTurns, newPlayer, pickName, shot, suffix, takeStep, sleep, untilOver } from './helpers.js';
import { checkLayout, settle } from './layout-check.js';

const SMALL = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const SIDEWAYS = { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

// The server pauses a bot 0.8 to 1.2 times the pace (900 ms) after the move before;
// frames cross the loopback in a few milliseconds.
const SHORTEST_PAUSE_MS = 650;

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** The lines of the table's log the page holds now, with the time each arrived. */
const logLines = (page) => page.evaluate(() => (window.shitheadApp?.log ?? []).map((l) => ({ at: l.at, text: l.text })));

/** Waits until no card is in flight, so that a look measures the table at rest. */
async function atRest(page) {
  try {
    await page.waitForFunction(() => !document.querySelector('#flight-layer .flying'), null, { timeout: 2000 });
  } catch { /* a look during a flight still counts: overlaps would show */ }
  await settle(page);
}

test('two people on two phones play a shared table to the end, bots at a person\'s pace, with nothing overlapping', { timeout: 600_000 }, async (t) => {
  const ana = await newPlayer(browser, SMALL);
  const ben = await newPlayer(browser, SIDEWAYS);
  const names = { ana: `Ana-${suffix()}`, ben: `Ben-${suffix()}` };

  // Bots at a person's pace make a turn cost a second: a rare long game ends abandoned
  // at 300 turns (about 5 minutes) rather than outrun the test.
  await limitTurns(ana.page, 300);
  await ana.page.goto(BASE);
  await pickName(ana.page, names.ana);
  await ana.page.locator('[data-preset=shiphead]').waitFor();
  await ana.page.getByRole('radio', { name: 'Off' }).click();
  // The form's bots play like a person unless the host chooses otherwise.
  assert.equal(await ana.page.getByRole('radio', { name: 'Like a person' }).getAttribute('aria-checked'), 'true');
  await ana.page.locator('[data-testid=create-table]').click();
  const link = await ana.page.locator('[data-testid=share-link]').inputValue();
  assert.match(await ana.page.locator('.rules-line').textContent(), /bots move like people/);

  await ben.page.goto(link);
  await pickName(ben.page, names.ben);
  await ana.page.locator('.wait-seat', { hasText: names.ben }).waitFor();
  for (let i = 0; i < 2; i += 1) await ana.page.locator('[data-testid=add-bot]').click();
  await ana.page.locator('.wait-seat', { hasText: /bot 2/i }).waitFor();
  await ana.page.locator('[data-testid=start-game]').click();

  const problems = [];
  const lines = new Map();
  const over = { ana: false, ben: false };
  let steps = 0;
  let looks = 0;
  let shotMidGame = false;
  let shotsOfProblems = 0;
  await untilOver(500_000, async () => {
    let acted = false;
    for (const [who, p, size] of [['ana', ana, '375x667'], ['ben', ben, '844x390']]) {
      if (over[who]) continue;
      const did = await takeStep(p.page);
      if (did === 'over') over[who] = true;
      else if (did !== 'idle') { acted = true; steps += 1; }
      // Every step, on both phones: the table as the player sees it must hold.
      if (did !== 'idle') {
        await atRest(p.page);
        const { problems: found } = await checkLayout(p.page, `${who} after step ${steps}`, size, { phone: true });
        // Once the results cover the table, its cards are rightly out of reach; the
        // results themselves must still show whole names and 44-px controls.
        const results = await p.page.locator('[data-testid=game-over]').count() > 0;
        const kept = found.filter((f) => !results || /cut off|under 44/.test(f));
        // The first few looks that find something leave a picture of it behind.
        if (kept.length && shotsOfProblems < 4) {
          shotsOfProblems += 1;
          await shot(p.page, `two-phones-problem-${who}-step-${steps}.png`);
        }
        problems.push(...kept);
        looks += 1;
      }
    }
    if (!shotMidGame && steps >= 10) {
      shotMidGame = true;
      await shot(ana.page, 'two-phones-ana-375x667.png');
      await shot(ben.page, 'two-phones-ben-844x390.png');
    }
    for (const line of await logLines(ana.page)) lines.set(`${line.at}|${line.text}`, line);
    if (!acted) await sleep(100);
    return over.ana && over.ben;
  });
  assert.ok(over.ana && over.ben, `the game ended for both (after ${steps} steps)`);
  await shot(ana.page, 'two-phones-over-ana-375x667.png');
  await shot(ben.page, 'two-phones-over-ben-844x390.png');
  assert.deepEqual(problems, [], `nothing overlaps or hides on either phone (${looks} looks)`);

  // Every bot move of the play came on its own, a person's pause after the move before.
  const moves = [...lines.values()]
    .filter((l) => / played | picked up the pile| turned over | waited a turn| gave the pile/.test(l.text))
    .sort((a, b) => a.at - b.at);
  const isBot = (text) => /^\S+ bot \d/i.test(text);
  const gaps = [];
  for (let i = 1; i < moves.length; i += 1) {
    if (!isBot(moves[i].text)) continue;
    const mover = moves[i].text.split(' ').slice(0, 3).join(' ');
    // The move before by another seat (one seat's play may make two lines).
    let j = i - 1;
    while (j >= 0 && moves[j].text.startsWith(mover) && moves[j].at === moves[i].at) j -= 1;
    if (j < 0) continue;
    gaps.push({ gap: moves[i].at - moves[j].at, line: moves[i].text, before: moves[j].text });
  }
  assert.ok(gaps.length >= 10, `enough bot moves to judge their pace (${gaps.length})`);
  const hurried = gaps.filter((g) => g.gap < SHORTEST_PAUSE_MS);
  assert.deepEqual(hurried, [], 'no bot moved sooner than a person would');
  const sorted = gaps.map((g) => g.gap).sort((a, b) => a - b);
  t.diagnostic(`${gaps.length} bot moves; pause after the move before: shortest ${sorted[0]} ms, median ${sorted[Math.floor(sorted.length / 2)]} ms, longest ${sorted.at(-1)} ms; ${looks} layout looks`);
  await ana.context.close();
  await ben.context.close();
});
