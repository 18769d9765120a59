// The pages beside the table: rules with the "what on what" table, the leaderboard's
// state while the server has no store, and a table code that does not exist.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, DESKTOP, PHONE, launchBrowser, newPlayer, pickName, shot, suffix } from './helpers.js';
import { EXAMPLE_PLAYERS, serveExamples } from './example-answers.js';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

test('the rules page shows every preset and one preset in words with its table', { timeout: 60_000 }, async () => {
  const p = await newPlayer(browser, DESKTOP);
  await p.page.goto(`${BASE}/#/rules`);
  await pickName(p.page, `Di-${suffix()}`);
  await p.page.goto(`${BASE}/#/rules`);
  await p.page.locator('.preset-card', { hasText: 'ISF' }).waitFor();
  assert.equal(await p.page.locator('.preset-card').count(), 5);
  await p.page.locator('.preset-card', { hasText: 'Shiphead' }).click();
  await p.page.locator('[data-testid=play-on]').waitFor();
  assert.ok((await p.page.locator('.rules-words li').count()) > 5);
  const eightRow = p.page.locator('[data-testid=play-on] tr', { has: p.page.locator('th', { hasText: /^8$/ }) });
  assert.equal(await eightRow.locator('td.yes').count(), 1, 'only an 8 goes on a fresh 8');
  await shot(p.page, 'rules-desktop.png');
  assert.deepEqual(p.errors.filter((e) => !e.includes('404')), []);
  await p.context.close();
});

// The leaderboard and player pages drawn from answers shaped like protocol/docs/http_api.md's
// examples (served by the test, so this runs with or without the store): sorting and
// periods ask the server, titles follow the chosen style, provisional ratings are marked,
// names stay text, and an unavailable store is said plainly. The real store's answers
// are checked after a real game in game.test.js.
for (const [device, label] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
  test(`the leaderboard sorts, changes period, shows titles and provisional marks (${label}, example answers)`,
    { timeout: 60_000 }, async () => {
      const p = await newPlayer(browser, device);
      const asked = [];
      await serveExamples(p.page, asked);
      await p.page.goto(`${BASE}/#/leaderboard`);
      await pickName(p.page, `Ed-${suffix()}`);
      await p.page.goto(`${BASE}/#/leaderboard`);
      const board = p.page.locator('[data-testid=leaderboard]');
      await board.waitFor();
      const ana = board.locator('tr[data-player="3f9c0a12b4d1"]');
      await ana.locator('.title-tag', { hasText: 'Lord shithead' }).waitFor();
      assert.equal(await ana.locator('.provisional').count(), 0);
      // Issue 35: a settled rating is a whole number on one scale (16.5 → 1660), and a
      // provisional one (−3.2) is the word "New", never a number near 0 or below it.
      assert.match(await ana.locator('[data-col=rating]').textContent(), /^1660/);
      // Issue 33: the week's trend beside a settled rating, in shown points (0.6 × 40),
      // said in words to a screen reader; none beside "New".
      const trend = ana.locator('[data-testid=trend]');
      assert.equal(await trend.locator('[aria-hidden=true]').textContent(), '▲ 24');
      assert.equal(await trend.getAttribute('title'), 'up 24 in 3 games this week');
      assert.equal(await board.locator('tr[data-player="77e01b5c9a30"] [data-testid=trend]').count(), 0);
      const other = board.locator('tr[data-player="77e01b5c9a30"]');
      assert.equal(await other.locator('[data-col=name]').textContent(), EXAMPLE_PLAYERS[1].name, 'the name is text');
      assert.equal(await other.locator('.provisional').count(), 1, 'a provisional rating is marked');
      assert.equal(await other.locator('[data-col=rating]').textContent(), 'New', 'in a word, not a bare "?" or a number');
      assert.match(await p.page.locator('[data-testid=provisional-note]').textContent(), /shows as a number once .* settled/);
      assert.doesNotMatch(await board.locator('[data-col=rating]').allTextContents().then((t) => t.join(' ')), /[−-]|\./);
      assert.equal(await board.locator('img').count(), 0);
      assert.equal(await p.page.evaluate(() => window.pwned), undefined);
      await shot(p.page, `leaderboard-example-${label}.png`);
      // Issue 33: a newcomer to ratings reads what one is at the top, and how it works a
      // tap away; "New" looks like a rating still to come (muted, dashed), and says so.
      assert.match(await p.page.locator('[data-testid=rating-intro]').textContent(),
        /^Rating is a careful estimate of skill .*starting at 1000; new players show “New” until/);
      const how = p.page.locator('[data-testid=how-ratings]');
      assert.equal(await how.getAttribute('open'), null, 'folded away until asked for');
      await how.locator('summary').click();
      const howText = await how.textContent();
      for (const fact of [/Weng-Lin rating \(Bradley-Terry/, /the whole finishing order counts/, /μ − 3σ/, /1000 \+ 40 × \(μ − 3σ\)/,
        /settles after 5 to 20 games against people/, /Games against bots alone change nobody’s rating/]) assert.match(howText, fact);
      if (label === 'desktop') await shot(p.page, 'leaderboard-how-ratings-desktop.png');
      await how.locator('summary').click();
      const mark = await other.locator('.provisional').evaluate((el) => ({ title: el.title, border: getComputedStyle(el).borderTopStyle,
        color: getComputedStyle(el).color, gold: getComputedStyle(document.querySelector('.sort-btn.on')).color }));
      assert.match(mark.title, /settled/);
      assert.equal(mark.border, 'dashed');
      assert.notEqual(mark.color, mark.gold, 'muted, not the gold of what is chosen');
      if (label === 'phone') {
        // Every control of the board is a thumb's size: periods, sorting, names, headers.
        const small = await p.page.evaluate(() => [...document.querySelectorAll('main button, main a, main select')]
          .filter((el) => el.getClientRects().length)
          .map((el) => ({ name: (el.getAttribute('aria-label') ?? el.textContent).trim(), box: el.getBoundingClientRect() }))
          .filter((c) => c.box.width < 43.5 || c.box.height < 43.5)
          .map((c) => `${c.name} ${Math.round(c.box.width)}×${Math.round(c.box.height)}`));
        assert.deepEqual(small, [], 'no leaderboard control under 44×44 px on a phone');
        // Wider than the phone: the edge with more beyond it fades, with an arrow, and
        // the other edge once the board is scrolled (issue 35: no cue at all).
        const cue = () => p.page.evaluate(() => {
          const box = document.querySelector('.table-scroll');
          const frame = box.parentElement;
          return { wider: box.scrollWidth > box.clientWidth + 1, more: frame.dataset.more,
            left: getComputedStyle(frame, '::before').opacity, right: getComputedStyle(frame, '::after').opacity };
        });
        const atStart = await cue();
        assert.ok(atStart.wider, 'the board is wider than a phone');
        assert.deepEqual([atStart.more, atStart.left, atStart.right], ['right', '0', '1']);
        await p.page.evaluate(() => { const box = document.querySelector('.table-scroll'); box.scrollLeft = box.scrollWidth; });
        await p.page.waitForFunction(() => document.querySelector('.scroll-frame').dataset.more === 'left');
        await p.page.waitForTimeout(300);  // the fade's own 0.2 s
        const atEnd = await cue();
        assert.deepEqual([atEnd.left, atEnd.right], ['1', '0']);
        await shot(p.page, 'leaderboard-scrolled-phone.png');
        await p.page.evaluate(() => { document.querySelector('.table-scroll').scrollLeft = 0; });
      }

      await p.page.locator('[data-testid=board-sort]').selectOption('shithead');
      await board.locator('th[aria-sort=descending]', { hasText: 'Shithead' }).waitFor();
      await p.page.getByRole('radio', { name: '30 days' }).click();
      await board.waitFor();
      await p.page.locator('#title-style').selectOption('olympic');
      await ana.locator('.title-tag', { hasText: 'Bronze shithead' }).waitFor();
      if (label === 'desktop') {
        await board.getByRole('button', { name: 'Games' }).click();
        await board.locator('th[aria-sort=descending]', { hasText: 'Games' }).waitFor();
      }
      assert.deepEqual(asked.slice(0, 3), ['rating/all', 'shithead/all', 'shithead/30d']);
      if (label === 'desktop') assert.equal(asked.at(-1), 'games/30d');

      // A player's page: stats and recent games, the shithead game marked.
      await ana.locator('[data-col=name] a').click();
      const recent = p.page.locator('[data-testid=recent-games] tbody tr');
      await recent.first().waitFor();
      assert.equal(await recent.count(), 2);
      assert.match(await recent.first().locator('[data-col=place]').textContent(), /shithead/);
      assert.equal(await recent.nth(1).locator('[data-col=place]').textContent(), '1st');
      // Past games on the same scale, the change the difference of the shown numbers.
      assert.deepEqual(await recent.locator('[data-col=rating]').allTextContents(), ['1608 (−36)', '1644 (+48)']);
      assert.equal(await p.page.locator('.stat', { hasText: 'Rating' }).locator('.stat-value').textContent(), '1660');
      assert.equal(await p.page.locator('[data-testid=provisional-note]').count(), 0);
      // Her charts come with the page (player-charts.test.js checks what they say).
      await p.page.locator('[data-testid=rating-chart] svg').waitFor();
      await shot(p.page, `player-example-${label}.png`);

      // The newcomer's page: "New", explained, and no number in their games either.
      await p.page.goto(`${BASE}/#/player/77e01b5c9a30`);
      const newcomer = p.page.locator('[data-testid=recent-games] tbody tr');
      await newcomer.first().waitFor();
      assert.equal(await p.page.locator('.stat', { hasText: 'Rating' }).locator('.stat-value').textContent(), 'New');
      assert.match(await p.page.locator('[data-testid=provisional-note]').textContent(), /^New: .*settled/);
      assert.deepEqual(await newcomer.locator('[data-col=rating]').allTextContents(), ['New']);
      assert.equal(await p.page.evaluate(() => window.pwned), undefined);
      await shot(p.page, `player-newcomer-example-${label}.png`);
      assert.deepEqual(p.errors, []);
      await p.context.close();
    });
}

// Your own row is a row like the others, marked: the table screen's .me (your place at
// the table) once turned it into one tall column (issue 35).
for (const [device, label] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
  test(`your own row on the leaderboard is a row like the others, highlighted (${label})`, { timeout: 60_000 }, async () => {
    const p = await newPlayer(browser, device);
    let players = EXAMPLE_PLAYERS;
    await p.page.route((url) => url.pathname === '/api/leaderboard', (route) => route.fulfill({ status: 200,
      contentType: 'application/json', body: JSON.stringify({ sort: 'rating', period: 'all', limit: 50, offset: 0, total: players.length, players }) }));
    await p.page.goto(BASE);
    await pickName(p.page, `Ivo-${suffix()}`);
    await p.page.waitForFunction(() => Boolean(window.shitheadApp?.me?.playerId));
    const me = await p.page.evaluate(() => ({ id: window.shitheadApp.me.playerId, name: window.shitheadApp.me.name }));
    const mine = { ...EXAMPLE_PLAYERS[0], rank: 2, player_id: me.id, name: me.name, title: { count: 0, numeric: null, olympic: null, feudal: null } };
    players = [EXAMPLE_PLAYERS[0], mine, { ...EXAMPLE_PLAYERS[1], rank: 3 }];
    await p.page.goto(`${BASE}/#/leaderboard`);
    const board = p.page.locator('[data-testid=leaderboard]');
    await board.locator(`tr[data-player="${me.id}"]`).waitFor();
    await shot(p.page, `leaderboard-own-row-${label}.png`);
    const rows = await board.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => {
      const r = tr.getBoundingClientRect();
      const cells = [...tr.children].filter((c) => c.getClientRects().length).map((c) => c.getBoundingClientRect());
      return { me: tr.classList.contains('me'), height: r.height, width: r.width, display: getComputedStyle(tr).display,
        background: getComputedStyle(tr).backgroundColor, tops: new Set(cells.map((c) => Math.round(c.top))).size };
    }));
    const own = rows.find((r) => r.me);
    const others = rows.filter((r) => !r.me);
    assert.ok(own, 'your row is marked');
    assert.equal(own.display, 'table-row');
    assert.equal(own.tops, 1, 'the cells of your row stand side by side');
    assert.ok(Math.abs(own.width - others[0].width) < 1, `your row is as wide as the others (${own.width}, ${others[0].width})`);
    assert.ok(own.height <= Math.max(...others.map((r) => r.height)) + 1, `your row is no taller than the others (${own.height})`);
    assert.notEqual(own.background, others[0].background, 'your row is highlighted');
    assert.deepEqual(p.errors, []);
    await p.context.close();
  });
}

test('the leaderboard says plainly when the store cannot answer', { timeout: 60_000 }, async () => {
  const p = await newPlayer(browser, PHONE);
  await p.page.route((url) => url.pathname === '/api/leaderboard', (route) => route.fulfill({ status: 503, contentType: 'application/json',
    body: JSON.stringify({ error: 'store_unavailable', message: 'the store is not answering' }) }));
  await p.page.goto(`${BASE}/#/leaderboard`);
  await pickName(p.page, `Fay-${suffix()}`);
  await p.page.goto(`${BASE}/#/leaderboard`);
  await p.page.locator('[data-testid=board-unavailable]', { hasText: 'the store is not answering' }).waitFor();
  await p.context.close();
});

test('a link to a table that does not exist lands in the lobby with a notice', { timeout: 60_000 }, async () => {
  const p = await newPlayer(browser, PHONE);
  await p.page.goto(`${BASE}/t/ZZZZZZ`);
  await pickName(p.page, `Flo-${suffix()}`);
  await p.page.locator('.toast', { hasText: /no table|closed/i }).waitFor();
  await p.page.locator('[data-testid=play-bots]').waitFor();
  assert.equal(new URL(p.page.url()).pathname, '/');
  await p.context.close();
});

// Until the store lands no real game_over carries ratings, so the dialog is also drawn
// from an example frame shaped like http_api.md's, given to the app as the server would.
test('the game-over screen shows rating changes and the shithead’s title (example frame)', { timeout: 60_000 }, async () => {
  const p = await newPlayer(browser, PHONE);
  await p.page.goto(BASE);
  const name = `Gus-${suffix()}`;
  await pickName(p.page, name);
  await p.page.locator('[data-testid=play-bots]').click();
  await p.page.locator('[data-testid=confirm-swap]').waitFor();
  await p.page.evaluate(() => {
    const app = window.shitheadApp;
    const seats = app.table.room.seats;
    const seat = (s) => ({ seat: s.seat, player_id: s.player_id, name: s.name, bot: s.bot });
    const me = seats.find((s) => s.player_id === app.me.playerId);
    const bots = seats.filter((s) => s.bot);
    const rating = (ordinal, provisional) => ({ mu: ordinal + 20, sigma: provisional ? 6.5 : 4, ordinal, provisional });
    app.receive({
      type: 'game_over', version: app.table.version + 1, game_id: 41,
      places: [{ ...seat(bots[0]), place: 1 }, { ...seat(bots[1]), place: 2 }, { ...seat(me), place: 3 }],
      shithead: seat(me), abandoned: false,
      scoreboard: { games: 1, abandoned: 0, players: [
        { player_id: me.player_id, name: me.name, bot: null, games: 1, first: 0, shithead: 1 },
        { player_id: null, name: bots[0].name, bot: 'greedy', games: 1, first: 1, shithead: 0 },
        { player_id: null, name: bots[1].name, bot: 'greedy', games: 1, first: 0, shithead: 0 }] },
      ratings: [{ player_id: me.player_id, name: me.name, before: rating(16.1, false), after: rating(15.2, false),
        title: { count: 1, numeric: 'Shithead ×1', olympic: 'Bronze shithead', feudal: 'Lord shithead' } },
      { player_id: '77e01b5c9a30', name: 'Ned', before: rating(0, true), after: rating(-1.4, true),
        title: { count: 0, numeric: null, olympic: null, feudal: null } },
      { player_id: '5d2e8a1f0c47', name: 'Oli', before: rating(9.6, true), after: rating(10.2, false),
        title: { count: 0, numeric: null, olympic: null, feudal: null } }],
    });
  });
  const dialog = p.page.locator('[data-testid=game-over]');
  await dialog.locator('.shithead-title', { hasText: 'Lord shithead' }).waitFor();
  const row = dialog.locator('[data-testid=ratings] tbody tr');
  assert.equal(await row.count(), 3);
  const cells = await row.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  // Settled: points and their change (16.1 → 15.2 is 1644 → 1608); new: "New" and no
  // change to a number nobody sees; the game that settles a rating says so.
  assert.deepEqual(cells, [[name, '1608', '−36'], ['Ned', 'New', ''], ['Oli', '1408', 'settled']]);
  assert.equal(await row.first().locator('td.down').count(), 1);
  assert.match(await dialog.locator('[data-testid=provisional-note]').textContent(), /^New: .*settled/);
  await shot(p.page, 'game-over-ratings-example-phone.png');
  assert.deepEqual(p.errors, []);
  await p.context.close();
});
