// Accessible (issue 15): axe-core finds no serious or critical violation on any screen,
// on a phone (390×844, touch) and on a desktop (1440×900): the name form, the lobby, the
// waiting room, the swap (before and after a card is picked), mid-game with a card
// chosen (on a phone also with the log drawer open, and the row of reactions), the
// face-down cards, the results and the table behind them at game over, the leaderboard
// (and how ratings work), a player's page with its charts (and their numbers) and the rules.
//
// One game per size against three bots, looked at as each state is reached. The table's
// every rank resets the pile and nobody draws, so that the game reaches the face-down
// cards and its end in a few turns; the leaderboard and player pages draw example
// answers (example-answers.js), so the check does not depend on the store.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, DESKTOP, PHONE, launchBrowser, newPlayer, pickName, shot, suffix, waitForView } from './helpers.js';
import { settle } from './layout-check.js';
import { checkAccessibility } from './axe-check.js';
import { serveExamples } from './example-answers.js';
import { serveGame } from './example-steps.js';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const RESETS = Object.fromEntries(['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'].map((r) => [r, ['reset']]));
const QUICK_GAME = { preset: 'shiphead', hand_size: 3, face_up: 3, face_down: 3, fixed_hand: true, powers: RESETS };

/**
 * Plays (a face-down card, else a play, else whatever is legal) until the view reaches
 * `moment`: 'face-down' (a face-down card to turn) or 'over'.
 */
async function playUntil(page, moment) {
  for (let i = 0; i < 80; i += 1) {
    await waitForView(page, 'my-turn-or-over');
    const { reached, over } = await page.evaluate((which) => {
      const v = window.shitheadApp.table.view;
      const faceDown = v.legal.some((a) => a.type === 'play_face_down');
      return { reached: which === 'face-down' ? faceDown : v.phase === 'over', over: v.phase === 'over' };
    }, moment);
    if (reached) return;
    if (over) throw new Error(`the game ended before ${moment}`);
    const before = await page.evaluate(() => window.shitheadApp.table.version);
    await page.evaluate(() => {
      const v = window.shitheadApp.table.view;
      window.shitheadApp.act(v.legal.find((a) => a.type === 'play_face_down') ?? v.legal.find((a) => a.type === 'play') ?? v.legal[0]);
    });
    await page.waitForFunction((v) => window.shitheadApp.table.version !== v, before);
  }
  throw new Error(`the game never reached ${moment}`);
}

for (const [device, size] of [[PHONE, '390x844'], [DESKTOP, '1440x900']]) {
  test(`every screen passes axe with no serious or critical violation at ${size}`, { timeout: 120_000 }, async (t) => {
    const p = await newPlayer(browser, device);
    const page = p.page;
    const problems = [];
    const look = async (screen) => {
      await settle(page);
      const found = await checkAccessibility(page, `${screen} at ${size}`);
      problems.push(...found.problems);
      for (const line of found.minor) t.diagnostic(line);
    };

    await page.goto(BASE);
    await page.locator('#name-input').waitFor();
    await look('name form');
    // A name after game.test.js's Ana and Bob, who play later on the same server: a
    // shithead here would tie with theirs on the board by times shithead, and ties go by name.
    await pickName(page, `Vi-${suffix()}`);
    await page.locator('[data-testid=play-bots]').waitFor();
    await look('home');

    await page.evaluate((ruleset) => {
      window.shitheadApp.identity.botLevel = 'easy';
      window.shitheadApp.createTable({ public: false, seats: 4, turn_timer: 0, ruleset }, { bots: 3 });
    }, QUICK_GAME);
    await page.waitForFunction(() => window.shitheadApp.table.room?.seats.every((s) => s.name !== null));
    await page.locator('[data-testid=start-game]:enabled').waitFor();
    await look('waiting room');

    await page.locator('[data-testid=start-game]').click();
    await waitForView(page, 'swap');
    await page.locator('[data-testid=confirm-swap]').waitFor();
    await look('swap');
    await page.locator('.my-hand .card-btn').last().click({ position: { x: 8, y: 24 } });
    await page.locator('.my-area .card-btn.picked').waitFor();
    await look('swap with a card picked');
    await page.locator('.my-table .card-btn').first().click();
    await page.locator('[data-testid=confirm-swap]').click();

    await waitForView(page, 'my-play');
    await page.locator('.my-area .card-btn.playable').first().click({ position: { x: 8, y: 24 } });
    await page.locator('.my-area .card-btn.selected').waitFor();
    await look('mid-game');
    await shot(page, `a11y-mid-game-${size}.png`);
    if (device === PHONE) {
      await page.locator('.drawer-toggle').click();
      await page.locator('.side-panel [data-testid=event-log]').waitFor();
      await look('mid-game with the log open');
      await page.keyboard.press('Escape');
      await page.locator('[data-testid=react-toggle]').click();
      await page.locator('[data-testid=reaction-tray]').waitFor();
      await look('mid-game with the reactions open');
      await page.keyboard.press('Escape');
    }

    await playUntil(page, 'face-down');
    await look('face-down cards');
    await playUntil(page, 'over');
    await page.locator('[data-testid=game-over] .place').first().waitFor();
    await look('game over results');
    await shot(page, `a11y-game-over-results-${size}.png`);
    await page.locator('[data-testid=close-results]').click();
    await page.locator('[data-testid=rematch-bar]').waitFor();
    await look('game over table');
    await shot(page, `a11y-game-over-${size}.png`);

    await page.locator('[data-testid=leave]').click();
    await page.locator('[data-testid=play-bots]').waitFor();
    await serveExamples(page);
    await page.goto(`${BASE}/#/leaderboard`);
    await page.locator('[data-testid=leaderboard] tr[data-player="3f9c0a12b4d1"]').waitFor();
    await look('leaderboard');
    await page.locator('[data-testid=how-ratings] summary').click();
    await look('leaderboard with how ratings work open');
    await page.locator('[data-testid=leaderboard] tr[data-player="3f9c0a12b4d1"] [data-col=name] a').click();
    await page.locator('[data-testid=recent-games] tbody tr').first().waitFor();
    // The charts (issue 33), each with its words, and then with their numbers open.
    await page.locator('[data-testid=rating-chart] svg').waitFor();
    await page.locator('[data-testid=played-with] tbody tr').first().waitFor();
    await look('player page with charts');
    for (const summary of await page.locator('.chart-numbers summary').all()) await summary.click();
    await look('player page with the charts’ numbers open');
    await page.goto(`${BASE}/#/rules`);
    await page.locator('.preset-card').first().waitFor();
    await look('rules');
    await page.goto(`${BASE}/#/rules/shiphead`);
    await page.locator('[data-testid=play-on]').waitFor();
    await look('rules of a preset');

    // A finished game's page (issue 33), drawn from the example game (example-steps.js):
    // one seat's view, every card, and on the phone its drawer of moves.
    await serveGame(page);
    await page.goto(`${BASE}/g/41`);
    await page.locator('[data-testid=game-page] .me-zone .me').waitFor();
    await page.locator('[data-testid=game-view]').selectOption('1');
    await page.locator('[data-testid=step-slider]').fill('20');
    await look('game page, one seat’s view');
    await page.locator('[data-testid=game-view]').selectOption('all');
    await page.locator('[data-testid=step-slider]').fill('47');
    await look('game page, every card');
    await shot(page, `a11y-game-page-${size}.png`);
    if (device === PHONE) {
      await page.locator('[data-testid=game-drawer]').click();
      await page.locator('[data-testid=move-list]').waitFor();
      await look('game page with its moves open');
      await page.keyboard.press('Escape');
    }

    assert.deepEqual(p.errors, []);
    assert.equal(problems.length, 0, `serious or critical axe violations:\n${problems.join('\n')}`);
    await p.context.close();
  });
}
