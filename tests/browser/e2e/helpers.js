// Shared steps of the browser tests: the browser (Debian's Chromium, never a downloaded
// one), players in their own browser contexts, and a player's turn taken through the UI
// the way a person would: tap a highlighted card, press Play.

import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BASE = process.env.SHITHEAD_URL ?? 'http://127.0.0.1:8123';
const here = dirname(fileURLToPath(import.meta.url));
export const SCREENSHOTS = process.env.SHITHEAD_SCREENSHOTS ?? join(here, '..', '..', '..', 'test-output', 'screenshots');

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
export const DESKTOP = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** A browser with a profile in `folder`, as a person's is: not incognito, unlike a context. */
export function launchPersistent(folder, device) {
  return chromium.launchPersistentContext(folder, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, ...device });
}

/** A short random suffix: names are unique on a server, and a server may outlive a run. */
export function suffix() {
  return Math.random().toString(36).slice(2, 6);
}

/** A new player in a fresh context (their own localStorage), with page errors collected. */
export async function newPlayer(browser, device) {
  const context = await browser.newContext({ ...device, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return { context, page, errors };
}

export async function pickName(page, name) {
  await page.locator('#name-input').fill(name);
  await page.locator('.name-form button[type=submit]').click();
}

/** A screenshot into test-output/screenshots; `options` as Playwright's (fullPage: the whole page). */
export async function shot(page, file, options = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ ...options, path: join(SCREENSHOTS, file) });
}

export function version(page) {
  return page.evaluate(() => window.shitheadApp?.table?.version ?? null);
}

/** Waits until the table has moved past `before` (a frame arrived), at most `ms`. */
export async function waitForChange(page, before, ms = 5000) {
  try {
    await page.waitForFunction((v) => window.shitheadApp?.table?.version !== v, before, { timeout: ms });
  } catch { /* an action the server refused changes nothing; the next step looks again */ }
}

/**
 * Waits for the view to reach a moment, named because the page's security policy runs
 * no code made from strings: 'swap', 'play', 'my-turn', 'my-play', 'my-turn-or-over'.
 */
export async function waitForView(page, moment, ms = 20_000) {
  await page.waitForFunction((which) => {
    const v = window.shitheadApp?.table?.view;
    if (!v) return false;
    const mine = v.phase === 'play' && v.current === v.viewer && v.legal.length > 0;
    switch (which) {
      case 'swap': return v.phase === 'swap' && v.legal.some((a) => a.type === 'swap');
      case 'play': return v.phase === 'play';
      case 'my-turn': return mine;
      case 'my-play': return mine && v.legal.some((a) => a.type === 'play');
      case 'my-turn-or-over': return mine || v.phase === 'over';
      default: throw new Error(`no moment ${which}`);
    }
  }, moment, { timeout: ms });
}

// Powers the simple strategy keeps for later: 2 resets, 7 is invisible, 10 burns.
const KEEP = new Set(['2', '7', '10']);
const rankOf = (card) => (card === 'BJ' || card === 'RJ' ? 'joker' : card.slice(0, -1));

/**
 * Takes one step for this player if the UI offers one, clicking like a person:
 * confirm the swap (after one exchange), else tap the lowest highlighted card and press
 * Play, else turn a face-down card, else wait, else pick up. Returns what it did.
 */
export async function takeStep(page, options = {}) {
  try {
    return await tryStep(page, options);
  } catch (error) {
    // The table moved under the click (a bot played, the view was redrawn): look again.
    if (error.name === 'TimeoutError') return 'idle';
    throw error;
  }
}

/**
 * What the screen offers, read in one go so that the choice never mixes two frames (a
 * frame landing between two looks could make a player pick up who could have played, and
 * a game of such pick-ups never ends).
 */
function lookAtTable(page) {
  return page.evaluate(() => {
    if (document.querySelector('[data-testid=game-over]')) return { kind: 'over' };
    const view = window.shitheadApp?.table?.view;
    const legal = view?.legal ?? [];
    const has = (type) => legal.some((a) => a.type === type);
    const shown = (sel) => Boolean(document.querySelector(sel));
    if (has('swap') && shown('[data-testid=confirm-swap]')) return { kind: 'swap', version: window.shitheadApp.table.version };
    // In a hand packed by rank only the front card of a run shows its strip, and a tap
    // there stands for the rank (hand-fan.js): tap that one, as a person would.
    const front = (el) => {
      if (el.dataset.pack === undefined) return el;
      return [...el.parentElement.querySelectorAll(`.card-btn[data-pack="${el.dataset.pack}"]`)].at(-1);
    };
    const playable = [...document.querySelectorAll('.my-area .card-btn.playable[data-card]')]
      .map((el) => ({ card: el.dataset.card, key: front(el).dataset.key }));
    const base = { version: window.shitheadApp.table.version };
    if (has('play') && playable.length) return { ...base, kind: 'play', playable };
    if (has('play_face_down') && shown('.my-table button[data-slot]')) return { ...base, kind: 'face_down' };
    if (has('wait') && shown('[data-testid=wait]')) return { ...base, kind: 'wait' };
    if (has('pickup') && !has('play') && shown('[data-testid=pickup]')) return { ...base, kind: 'pickup' };
    return { kind: 'idle' };
  });
}

async function tryStep(page, { swapOnce = true } = {}) {
  const quick = { timeout: 4000 };
  const look = await lookAtTable(page);
  const before = look.version;

  if (look.kind === 'swap') {
    if (swapOnce) {
      // Tap the highest hand card, then the first face-up card: they change places.
      await page.locator('.my-hand .card-btn').last().click({ position: { x: 8, y: 24 }, ...quick });
      await page.locator('.my-table .card-btn').first().click(quick);
    }
    await page.locator('[data-testid=confirm-swap]').click(quick);
    await waitForChange(page, before);
    return 'swap';
  }

  if (look.kind === 'play') {
    const choice = look.playable.find((p) => !KEEP.has(rankOf(p.card))) ?? look.playable[0];
    // Cards in a long hand overlap: tap the strip of the card that shows, as a person would.
    await page.locator(`.my-area .card-btn[data-key="${choice.key}"]`).click({ position: { x: 8, y: 24 }, ...quick });
    const play = page.locator('[data-testid=play]');
    if (!(await play.isEnabled({ timeout: 1000 }))) return 'idle';
    await play.click(quick);
    await waitForChange(page, before);
    return 'play';
  }

  const buttons = { face_down: '.my-table button[data-slot]', wait: '[data-testid=wait]', pickup: '[data-testid=pickup]' };
  if (buttons[look.kind]) {
    await page.locator(buttons[look.kind]).first().click(quick);
    await waitForChange(page, before);
    return look.kind;
  }
  return look.kind;  // 'over' or 'idle'
}

/**
 * Tables this page creates end after `turns` play-phase actions, as abandoned: the
 * ruleset's `turn_limit`, which the lobby's form does not offer, added to every
 * create_table the page sends (the socket routed through Playwright). Clicking through a
 * game as the tests do ends it in about 165 turns on average, but one game in a few
 * hundred runs past 900, longer than a test may take; such a game now ends at the limit
 * and the test sees an abandoned game instead of running out of time. Call before the
 * page opens its connection.
 */
export async function limitTurns(page, turns) {
  await page.routeWebSocket(/\/ws(\?|$)/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(typeof message === 'string' ? withTurnLimit(message, turns) : message));
  });
}

function withTurnLimit(text, turns) {
  let message;
  try { message = JSON.parse(text); } catch { return text; }
  if (message?.type !== 'create_table') return text;
  const rules = message.ruleset ?? 'shiphead';
  message.ruleset = { ...(typeof rules === 'string' ? { preset: rules } : rules), turn_limit: turns };
  return JSON.stringify(message);
}

/**
 * Calls `step` until it says the game is over for everyone or `ms` have passed: a time
 * budget, not a count of rounds, since a round waiting on a bot costs as little as one
 * playing a card.
 */
export async function untilOver(ms, step) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await step()) return true;
  }
  return false;
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// scripts/browser-test.sh passes the binary of the server it started.
export const BINARY = process.env.SHITHEAD_BINARY;

/**
 * A server of the test's own, for settings the shared one does not have (its limits):
 * the same binary on a free port with a fresh data folder and `args` besides. Resolves
 * with its URL and `stop()`, which the test must always call (t.after).
 */
export async function startServer(args = []) {
  if (!BINARY) throw new Error('SHITHEAD_BINARY is not set (scripts/browser-test.sh sets it)');
  const folder = mkdtempSync(join(tmpdir(), 'shithead-test-'));
  const server = spawn(BINARY, ['serve', '--port', '0', '--bind', '127.0.0.1', '--static', join(here, '..', '..', '..', 'web-client'),
    '--data', join(folder, 'shithead.db'), '--bot-pace', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  let log = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), 15_000);
    const read = (chunk) => {
      log += chunk;
      const found = /listening on (http:\/\/[0-9.:]+)/.exec(log);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    exited.then(() => { clearTimeout(timer); reject(new Error(`the server stopped:\n${log}`)); });
  }).catch(async (error) => {
    server.kill('SIGKILL');
    await exited;
    rmSync(folder, { recursive: true, force: true });
    throw error;
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      // A graceful stop gives open rooms a few seconds; then it is ended.
      const late = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(late);
    }
    rmSync(folder, { recursive: true, force: true });
  };
  return { url, stop };
}
