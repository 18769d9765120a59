// Two people and a bot play a whole game in two browsers: Ana (desktop) opens a private
// table and shares its link, Bob (phone) opens the link, picks a name and sits down,
// Ana adds a bot and starts, and both play by tapping highlighted cards until the
// game-over screen. Screenshots of the lobby, the table mid-game and the game over.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE, DESKTOP, PHONE, launchBrowser, limitTurns, newPlayer, pickName, shot, suffix, takeStep, sleep, untilOver,
} from './helpers.js';
import { ratingPoints } from '../../../web-client/js/core/format.js';

let browser;
const names = { ana: `Ana-${suffix()}`, bob: `<b>Bob</b>-${suffix()}` };
// What the game ended with, for the leaderboard test after it: the game_over frame as
// Ana's browser received it, both player ids, and how many rating rows her dialog showed.
let result = null;

before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

test('two players and a bot play a private table through its link to the game-over screen', { timeout: 600_000 }, async (t) => {
  const ana = await newPlayer(browser, DESKTOP);
  const bob = await newPlayer(browser, PHONE);

  // Ana: name, lobby, a private table for three with no turn timer (and a turn limit, so
  // that a rare game of a thousand turns ends abandoned within the test's time).
  await limitTurns(ana.page, 500);
  await ana.page.goto(BASE);
  await pickName(ana.page, names.ana);
  await ana.page.getByRole('heading', { name: /Public tables/ }).waitFor();
  await ana.page.locator('[data-preset=shiphead]').waitFor();
  await shot(ana.page, 'lobby-desktop.png');
  await ana.page.getByRole('button', { name: 'Fewer seats' }).click();
  await ana.page.getByRole('radio', { name: 'Off' }).click();
  await ana.page.locator('[data-testid=create-table]').click();
  const link = await ana.page.locator('[data-testid=share-link]').inputValue();
  const code = await ana.page.locator('[data-testid=table-code]').textContent();
  assert.match(code, /^[A-Z2-9]{6}$/);
  assert.equal(link, `${BASE}/t/${code}`);
  assert.equal(new URL(ana.page.url()).pathname, `/t/${code}`);

  // Bob: a new visitor opening the link picks a name and lands in the table.
  await bob.page.goto(link);
  await bob.page.getByText(`invited to table ${code}`).waitFor();
  await pickName(bob.page, names.bob);
  await bob.page.locator('[data-testid=bar-code]', { hasText: code }).waitFor();
  await ana.page.locator('.wait-seat', { hasText: names.bob }).waitFor();

  // Bob's lobby on a phone, for the screenshot (his table is the link's; this is a look).
  const look = await newPlayer(browser, PHONE);
  await look.page.goto(BASE);
  await pickName(look.page, `Cy-${suffix()}`);
  await look.page.locator('[data-preset=shiphead]').waitFor();
  await shot(look.page, 'lobby-phone.png');
  await look.context.close();

  // Names are text: Bob's markup shows as typed and makes no element.
  assert.equal(await ana.page.locator('.wait-seat b').count(), 0);
  await ana.page.locator('.wait-seat .seat-name', { hasText: names.bob }).waitFor();

  // The host picks the bot's level; a line says what playing it is like.
  const level = ana.page.locator('[data-testid=bot-level]');
  assert.equal(await level.inputValue(), 'normal');
  assert.match(await ana.page.locator('[data-testid=bot-level-line]').textContent(), /sensibly/);
  await level.selectOption('expert');
  assert.match(await ana.page.locator('[data-testid=bot-level-line]').textContent(), /Thinks hardest/);
  await shot(ana.page, 'waiting-room-bot-level.png');
  await ana.page.locator('[data-testid=add-bot]').click();
  await ana.page.locator('.wait-seat', { hasText: 'Expert bot' }).waitFor();
  await ana.page.locator('[data-testid=start-game]').click();

  // Chat is text too.
  await bob.page.getByRole('button', { name: 'Log and chat' }).click();
  await bob.page.getByRole('tab', { name: /Chat/ }).click();
  await bob.page.getByLabel('Chat message').fill('<img src=x onerror="window.pwned=1">good luck');
  await bob.page.getByRole('button', { name: 'Send' }).click();
  // Ana has the log open: Bob's line is unread on her Chat tab until she looks.
  await ana.page.locator('#tab-chat .unread:not([hidden])', { hasText: /^1$/ }).waitFor();
  await ana.page.getByRole('tab', { name: /Chat/ }).click();
  await ana.page.locator('.chat-text', { hasText: 'good luck' }).waitFor();
  assert.equal(await ana.page.locator('#tab-chat .unread:not([hidden])').count(), 0);
  assert.equal(await ana.page.evaluate(() => window.pwned), undefined);
  assert.equal(await ana.page.locator('.chat-list img').count(), 0);
  await ana.page.getByRole('tab', { name: /Log/ }).click();
  await bob.page.getByRole('button', { name: 'Log and chat' }).click();

  // Play until both see the game-over screen.
  let steps = 0;
  let shotMidGame = false;
  const over = { ana: false, bob: false };
  await untilOver(420_000, async () => {
    let acted = false;
    for (const [who, p] of [['ana', ana], ['bob', bob]]) {
      if (over[who]) continue;
      const did = await takeStep(p.page);
      if (did === 'over') over[who] = true;
      else if (did !== 'idle') { acted = true; steps += 1; }
    }
    if (!shotMidGame && steps >= 12) {
      shotMidGame = true;
      await shot(ana.page, 'table-desktop.png');
      await shot(bob.page, 'table-phone.png');
    }
    if (!acted) await sleep(60);
    return over.ana && over.bob;
  });
  assert.ok(over.ana && over.bob, `the game ended for both (after ${steps} steps)`);
  t.diagnostic(`the game took ${await ana.page.evaluate(() => window.shitheadApp.table.view.turns)} turns, ${steps} of them clicked`);
  assert.ok(shotMidGame, 'the game lasted long enough for a mid-game screenshot');

  // The game-over screen names places and the shithead.
  const dialog = ana.page.locator('[data-testid=game-over]');
  await dialog.getByRole('heading').waitFor();
  const places = await dialog.locator('.place').count();
  const abandoned = (await dialog.textContent()).includes('abandoned');
  assert.ok(abandoned || places === 3, 'three places');
  // Both screens stay inside the phone's width: nothing of a long name spills out.
  const spill = await bob.page.locator('[data-testid=game-over] .overlay-card').evaluate((card) => {
    const edge = card.getBoundingClientRect().right;
    return [...card.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > edge + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  });
  assert.deepEqual(spill, [], 'nothing spills out of the game-over card on a phone');
  await shot(ana.page, 'game-over-desktop.png');
  await shot(bob.page, 'game-over-phone.png');
  result = {
    abandoned,
    frame: await ana.page.evaluate(() => window.shitheadApp.table.gameOver),
    ids: {
      ana: await ana.page.evaluate(() => window.shitheadApp.me.playerId),
      bob: await bob.page.evaluate(() => window.shitheadApp.me.playerId),
    },
    ratingRows: await dialog.locator('[data-testid=ratings] tbody tr').count(),
  };

  // The event log told the story in words.
  const log = await ana.page.locator('[data-testid=event-log] li').allTextContents();
  assert.ok(log.some((l) => / played /.test(l)), 'plays are in the log');
  assert.ok(log.some((l) => /^Game over|abandoned/.test(l)), 'the end is in the log');

  // Rematch: a new deal for the same table, whose scoreboard keeps the first game.
  await ana.page.locator('[data-testid=rematch]').click();
  await ana.page.locator('[data-testid=confirm-swap]').waitFor();
  await ana.page.getByRole('tab', { name: /Scores/ }).click();
  await ana.page.locator('.scores', { hasText: abandoned ? '0 games played, 1 abandoned' : '1 game played' }).waitFor();
  // It links the game's page, by the id the store gave the game.
  const linked = ana.page.locator(`[data-testid=table-games] a[href="/g/${result.frame.game_id}"]`);
  await linked.waitFor();
  assert.match(await linked.textContent(), abandoned ? /^Game 1 · abandoned$/ : /^Game 1 · .+ was the shithead$/);
  await shot(ana.page, 'scores-with-games-desktop.png');
  if (result.frame.shithead && !result.abandoned) {
    const row = ana.page.locator('.score-table tbody tr', { hasText: result.frame.shithead.name });
    assert.equal(await row.locator('td').last().textContent(), '1', 'the shithead is counted on the scoreboard');
  }
  assert.deepEqual(ana.errors, []);
  assert.deepEqual(bob.errors, []);
  await ana.context.close();
  await bob.context.close();
});

// Waits on the store: until the server keeps finished games, game_over has no game_id
// or ratings and /api/leaderboard answers 404 or 503, and this test fails; so it does
// until the server answers /api/players/{id}/history, which Ana's charts are drawn from.
test('the leaderboard then shows the result', { timeout: 90_000 }, async (t) => {
  assert.ok(result, 'the game above was played to its end');
  // Clicking at random now and then runs a game into the rules' turn limit (2,000
  // turns); an abandoned game is on no leaderboard, and the test above checked its screens.
  if (result.abandoned) return t.skip('the game above was abandoned at the turn limit: no result to rank');
  const { frame, ids } = result;
  const placeOf = (id) => frame.places.find((p) => p.player_id === id)?.place;
  const shitheadId = frame.shithead?.player_id ?? null;

  // game_over carried the store's game id and a rating for each human.
  assert.ok(Number.isInteger(frame.game_id) && frame.game_id > 0, `game_over has a game_id (${frame.game_id})`);
  assert.deepEqual(frame.ratings.map((r) => r.player_id).sort(), [ids.ana, ids.bob].sort(), 'a rating for each human');
  for (const r of frame.ratings) {
    assert.equal(typeof r.before.ordinal, 'number');
    assert.equal(typeof r.after.ordinal, 'number');
    assert.equal(r.title.count, r.player_id === shitheadId ? 1 : 0, `${r.name}'s title counts this game`);
  }
  assert.equal(result.ratingRows, 2, 'the game-over screen showed both rating changes');

  // The game is kept, with the seats as they ended.
  const game = await (await fetch(`${BASE}/api/games/${frame.game_id}`)).json();
  assert.equal(game.status, 'finished');
  for (const seat of game.seats) {
    const place = frame.places.find((p) => p.seat === seat.seat);
    assert.equal(seat.name, place.name);
    assert.equal(seat.place, place.place);
  }

  // The leaderboard page lists both players with the game, as text.
  const viewer = await newPlayer(browser, DESKTOP);
  await viewer.page.goto(`${BASE}/#/leaderboard`);
  await pickName(viewer.page, `Lee-${suffix()}`);
  await viewer.page.goto(`${BASE}/#/leaderboard`);
  const board = viewer.page.locator('[data-testid=leaderboard]');
  await board.waitFor();
  assert.equal(await board.locator('b').count(), 0, 'a name with markup stays text');
  const rowOf = (id) => board.locator(`tr[data-player="${id}"]`);
  for (const [who, id] of Object.entries(ids)) {
    const row = rowOf(id);
    await row.waitFor();
    assert.equal(await row.locator('[data-col=name]').textContent(), names[who]);
    assert.equal(await row.locator('[data-col=games]').textContent(), '1');
    assert.equal(await row.locator('[data-col=shithead]').textContent(), id === shitheadId ? '1' : '0');
    assert.equal(await row.locator('.provisional').count(), 1, 'one game: the rating is provisional');
  }
  await shot(viewer.page, 'leaderboard-desktop.png');

  // Sorted by times shithead, a human shithead comes among the first: after those of the
  // data file's earlier players who have been the shithead too (none in a fresh file, so
  // first), before everyone who never has. The last 7 days hold the game too.
  if (shitheadId) {
    await viewer.page.locator('[data-testid=board-sort]').selectOption('shithead');
    await viewer.page.waitForFunction(() => {
      const counts = [...document.querySelectorAll('[data-testid=leaderboard] tbody tr [data-col=shithead]')]
        .map((cell) => Number(cell.textContent));
      return counts.length > 1 && counts.every((count, i) => i === 0 || counts[i - 1] >= count);
    });
    const rows = await board.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({
      id: tr.dataset.player, count: Number(tr.querySelector('[data-col=shithead]').textContent) })));
    const at = rows.findIndex((row) => row.id === shitheadId);
    assert.ok(at >= 0 && rows.slice(0, at).every((row) => row.count >= 1),
      `the shithead ${frame.shithead.name} among the first when sorted by times shithead: ${JSON.stringify(rows)}`);
    const title = frame.ratings.find((r) => r.player_id === shitheadId).title.feudal;
    await rowOf(shitheadId).locator('.title-tag', { hasText: title }).waitFor();
  }
  await viewer.page.getByRole('radio', { name: '7 days' }).click();
  await rowOf(ids.ana).waitFor();
  await rowOf(ids.bob).waitFor();

  // Ana's page: one recent game, in her place.
  await rowOf(ids.ana).locator('[data-col=name] a').click();
  const recent = viewer.page.locator('[data-testid=recent-games] tbody tr');
  await recent.first().waitFor();
  assert.equal(await recent.count(), 1);
  const placeText = await recent.first().locator('[data-col=place]').textContent();
  assert.ok(ids.ana === shitheadId ? /shithead/.test(placeText) : placeText.startsWith(`${placeOf(ids.ana)}`),
    `Ana's place in her recent games: ${placeText}`);
  // Her charts (issue 33), from the server's own history: the one game, a rating still new
  // after it, her place in it, and Bob the one person she played with.
  const counts = viewer.page.locator('[data-testid=counts-chart]');
  await counts.locator('svg').waitFor();
  const ends = await counts.locator('circle.end').evaluateAll((cs) => Object.fromEntries(cs.map((c) => [c.classList[1], Number(c.dataset.value)])));
  assert.deepEqual(ends, { first: placeOf(ids.ana) === 1 ? 1 : 0, shithead: ids.ana === shitheadId ? 1 : 0 });
  const rated = frame.ratings.find((r) => r.player_id === ids.ana).after;
  assert.equal(await viewer.page.locator('[data-testid=rating-end]').textContent(),
    rated.provisional ? 'New' : String(ratingPoints(rated.ordinal)));
  const bars = await viewer.page.locator('[data-testid=places-chart] .place-bar').evaluateAll((gs) => gs.map((g) => [g.dataset.place, Number(g.dataset.count)]));
  assert.deepEqual(bars.filter(([, count]) => count), [[String(placeOf(ids.ana)), 1]]);
  const withBob = viewer.page.locator(`[data-testid=played-with] tr[data-player="${ids.bob}"]`);
  assert.equal(await withBob.locator('[data-col=name]').textContent(), names.bob);
  assert.deepEqual(await withBob.locator('[data-col=games], [data-col=ahead], [data-col=behind]').allTextContents(),
    ['1', ...(placeOf(ids.ana) < placeOf(ids.bob) ? ['1', '0'] : ['0', '1'])]);
  await shot(viewer.page, 'player-desktop.png', { fullPage: true });
  assert.deepEqual(viewer.errors, []);
  await viewer.context.close();
});
