// Two browsers on two servers of a cluster (issue 30), through HAProxy with
// docker/cluster/haproxy.cfg: Ana's lobby connection on one server, Bob's on another (the
// proxy's log says which; Bob reloads until they differ), Bob sees the public table Ana
// opened in his lobby, joins it (his server answers table_moved and his client follows
// the table's URL, /ws?table=CODE), and the two play it to the end with a bot. Then
// quick play from one server's lobby finds the seat waiting at another server's table.
//
// Run by bench/cluster_browsers.sh (Debian's packages on loopback) and by
// docker/cluster/smoke-test.sh (compose.cluster.yaml):
//   SHITHEAD_URL=http://127.0.0.1:PROXY_PORT SHITHEAD_PROXY_LOG="cat /path/haproxy.log" \
//     node --test cluster/
// SHITHEAD_PROXY_LOG is a shell command that prints the proxy's log so far.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execSync } from 'node:child_process';
import {
  BASE, DESKTOP, PHONE, launchBrowser, limitTurns, newPlayer, pickName, shot, sleep, suffix, takeStep, untilOver,
} from '../e2e/helpers.js';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** The servers (HAProxy's names: n1, n2, n3) of the lobby sockets opened so far, in order. */
function lobbySockets() {
  const log = execSync(process.env.SHITHEAD_PROXY_LOG, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  // "... game servers/n2 0/0/1/2/3 101 ... "GET /ws HTTP/1.1"": logged as the answer comes
  // (option logasap), so an open WebSocket is in it. Table sockets (/ws?table=) go to the
  // backend `tables` and are left out.
  return [...log.matchAll(/ servers\/(n\d) .*"GET \/ws HTTP\/1\.1"/g)].map((m) => m[1]);
}

/** Reloads until the page's lobby socket reaches another server than `other`; its server. */
async function lobbyApartFrom(p, server, other) {
  for (let i = 0; i < 6 && server === other; i += 1) {
    const before = lobbySockets().length;
    await p.page.reload();
    await p.page.locator('[data-testid=play-bots]').waitFor();
    for (let j = 0; j < 50 && lobbySockets().length <= before; j += 1) await sleep(100);
    server = lobbySockets().at(-1);
  }
  return server;
}

/** Opens the lobby as `name` and says which server its socket reached. */
async function intoLobby(p, name) {
  const before = lobbySockets().length;
  await p.page.goto(BASE);
  await pickName(p.page, name);
  await p.page.locator('[data-testid=play-bots]').waitFor();
  for (let i = 0; i < 50 && lobbySockets().length <= before; i += 1) await sleep(100);
  return lobbySockets().at(-1);
}

test('two browsers on two servers: a public table in the other lobby, joined and played to the end', { timeout: 300_000 }, async (t) => {
  assert.ok(process.env.SHITHEAD_PROXY_LOG, 'SHITHEAD_PROXY_LOG names a command that prints the proxy log');
  const ana = await newPlayer(browser, DESKTOP);
  const bob = await newPlayer(browser, PHONE);
  const names = { ana: `Ana-${suffix()}`, bob: `Bob-${suffix()}` };

  // Clicked through, a game ends in about 165 turns, but one in a few hundred runs past
  // 900, longer than the test may take: Ana's tables end abandoned at 400 turns.
  await limitTurns(ana.page, 400);
  const anaServer = await intoLobby(ana, names.ana);
  // Round robin sends the next lobby socket elsewhere, unless other requests came between.
  const bobServer = await lobbyApartFrom(bob, await intoLobby(bob, names.bob), anaServer);
  assert.ok(anaServer && bobServer, 'the proxy logged both lobby sockets');
  assert.notEqual(bobServer, anaServer, 'Ana and Bob are in the lobbies of two servers');
  t.diagnostic(`Ana's lobby on ${anaServer}, Bob's on ${bobServer}`);

  // Ana opens a public table, on her server.
  await ana.page.evaluate(() => window.shitheadApp.createTable({ public: true, seats: 3, turn_timer: 0 }));
  const code = (await ana.page.locator('[data-testid=bar-code]').textContent()).trim();
  assert.match(code, /^[A-Z2-9]{6}$/);

  // Bob's lobby, on another server, lists it with its host within a second or so.
  const listedFrom = Date.now();
  const row = bob.page.locator(`.table-row[data-code="${code}"]`);
  await row.locator('.table-host', { hasText: names.ana }).waitFor({ timeout: 5000 });
  t.diagnostic(`listed in the other server's lobby after ${Date.now() - listedFrom} ms`);
  await shot(bob.page, 'cluster-lobby-other-server.png');

  // He joins: his server says the table is elsewhere, his client follows its URL.
  await row.getByRole('button', { name: 'Sit down' }).click();
  await bob.page.locator('[data-testid=bar-code]', { hasText: code }).waitFor({ timeout: 15_000 });
  await ana.page.locator('.wait-seat', { hasText: names.bob }).waitFor({ timeout: 15_000 });
  const tableSockets = execSync(process.env.SHITHEAD_PROXY_LOG, { encoding: 'utf8' }).split('\n')
    .filter((line) => line.includes(`GET /ws?table=${code}`));
  assert.ok(tableSockets.length > 0, 'Bob came to the table through its URL');

  // A bot, the start, and the game played to the end by both.
  await ana.page.locator('[data-testid=add-bot]').click();
  await ana.page.locator('.wait-seat', { hasText: /bot/i }).waitFor();
  await ana.page.locator('[data-testid=start-game]').click();
  const over = { ana: false, bob: false };
  let steps = 0;
  await untilOver(200_000, async () => {
    let acted = false;
    for (const [who, p] of [['ana', ana], ['bob', bob]]) {
      if (over[who]) continue;
      const did = await takeStep(p.page);
      if (did === 'over') over[who] = true;
      else if (did !== 'idle') { acted = true; steps += 1; }
    }
    if (!acted) await sleep(60);
    return over.ana && over.bob;
  });
  // A game that stops moving says where it stands on each page.
  const where = async (p) => p.page.evaluate(() => {
    const table = window.shitheadApp?.table;
    return JSON.stringify({ version: table?.version, legal: table?.view?.legal?.map((a) => a.type), status: window.shitheadApp?.connection?.status });
  });
  assert.ok(over.ana && over.bob,
    `the game ended for both (after ${steps} steps; Ana's page ${await where(ana)}, Bob's ${await where(bob)})`);
  await shot(ana.page, 'cluster-game-over-desktop.png');
  await shot(bob.page, 'cluster-game-over-phone.png');
  t.diagnostic(`${steps} steps clicked; the table's sockets: ${tableSockets.length}`);
  for (const p of [ana, bob]) {
    assert.deepEqual(p.errors.filter((e) => !/WebSocket|ERR_CONNECTION|503/.test(e)), []);
    await p.context.close();
  }
});

test('quick play in the other server\'s lobby sits down at the table waiting there', { timeout: 120_000 }, async (t) => {
  const ana = await newPlayer(browser, DESKTOP);
  const cy = await newPlayer(browser, PHONE);
  const names = { ana: `Ana-${suffix()}`, cy: `Cy-${suffix()}` };
  const anaServer = await intoLobby(ana, names.ana);
  const cyServer = await lobbyApartFrom(cy, await intoLobby(cy, names.cy), anaServer);
  assert.notEqual(cyServer, anaServer, 'Ana and Cy are in the lobbies of two servers');

  await ana.page.evaluate(() => window.shitheadApp.createTable({ public: true, seats: 3, turn_timer: 0 }));
  const code = (await ana.page.locator('[data-testid=bar-code]').textContent()).trim();
  await cy.page.locator(`.table-row[data-code="${code}"]`).waitFor({ timeout: 5000 });

  // Her server picks Ana's table, which another server holds: its answer names the
  // table, and her client follows the table's URL and sits down there.
  const from = Date.now();
  await cy.page.getByRole('button', { name: 'Quick play' }).click();
  await cy.page.locator('[data-testid=bar-code]', { hasText: code }).waitFor({ timeout: 15_000 });
  await ana.page.locator('.wait-seat', { hasText: names.cy }).waitFor({ timeout: 15_000 });
  t.diagnostic(`seated at ${code} on ${anaServer} from the lobby of ${cyServer} in ${Date.now() - from} ms`);
  const followed = execSync(process.env.SHITHEAD_PROXY_LOG, { encoding: 'utf8' }).split('\n')
    .filter((line) => line.includes(`GET /ws?table=${code}`));
  assert.ok(followed.length > 0, 'Cy came to the table through its URL');
  await shot(cy.page, 'cluster-quick-play-phone.png');
  for (const p of [ana, cy]) {
    assert.deepEqual(p.errors.filter((e) => !/WebSocket|ERR_CONNECTION|503/.test(e)), []);
    await p.context.close();
  }
});
