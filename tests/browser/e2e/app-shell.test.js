// Issue 15: the app is installable (a manifest Chromium accepts, icons, a service worker
// in control) and, opened without a network, shows its own offline page rather than the
// browser's error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE, PHONE, DESKTOP, launchBrowser, launchPersistent, newPlayer, shot } from './helpers.js';
import { firstVisit } from '../measure/first-visit.mjs';

async function controlledBy(page) {
  // ready resolves once a worker is active; controller is set once it has claimed the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10000 });
  return page.evaluate(() => navigator.serviceWorker.controller.scriptURL);
}

test('Chromium finds the app installable: manifest, icons and a service worker in control', async () => {
  // A profile on disk: Chromium never offers to install from an incognito context, which
  // is what a plain Playwright context is.
  const profile = mkdtempSync(join(tmpdir(), 'shithead-install-'));
  const context = await launchPersistent(profile, DESKTOP);
  try {
    const page = context.pages()[0] ?? await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(BASE);
    assert.equal(await controlledBy(page), `${BASE}/sw.js`);

    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    assert.equal(manifest.url, `${BASE}/manifest.webmanifest`);
    assert.deepEqual(manifest.errors, [], JSON.stringify(manifest.errors));
    const parsed = JSON.parse(manifest.data);
    assert.equal(parsed.display, 'standalone');

    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], JSON.stringify(installabilityErrors));

    // Every icon the manifest and the page name is there, with the type it claims.
    for (const icon of parsed.icons) {
      const response = await page.request.get(new URL(icon.src, BASE).href);
      assert.equal(response.status(), 200, icon.src);
      assert.equal(response.headers()['content-type'], icon.type, icon.src);
    }
    for (const [src, type] of [['/favicon.ico', 'image/x-icon'], ['/icons/icon-180.png', 'image/png']]) {
      const response = await page.request.get(`${BASE}${src}`);
      assert.equal(response.status(), 200, src);
      assert.equal(response.headers()['content-type'], type, src);
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('opened offline, the app shows its offline page, for a table link too, and comes back online', async () => {
  const browser = await launchBrowser();
  try {
    for (const [device, label] of [[PHONE, 'phone'], [DESKTOP, 'desktop']]) {
      const { context, page } = await newPlayer(browser, device);
      await page.goto(BASE);
      await controlledBy(page);

      await context.setOffline(true);
      await page.reload();
      const offline = page.getByTestId('offline-page');
      await offline.waitFor({ timeout: 10000 });
      assert.match(await offline.locator('h1').textContent(), /offline/i);
      // The offline page is styled (its stylesheet came from the cache) and its one
      // control is a real, large target.
      const button = offline.getByRole('link', { name: 'Try again' });
      const box = await button.boundingBox();
      assert.ok(box.height >= 44 && box.width >= 44, JSON.stringify(box));
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.notEqual(background, 'rgba(0, 0, 0, 0)');
      await shot(page, `offline-${label}.png`);

      await page.goto(`${BASE}/t/ABC123`).catch(() => {});
      await offline.waitFor({ timeout: 10000 });

      // Back online, "Try again" opens the address it was asked for.
      await context.setOffline(false);
      await button.click();
      await page.waitForURL(`${BASE}/t/ABC123`);
      await page.locator('#app').waitFor();
      assert.equal(await page.getByTestId('offline-page').count(), 0);
      await context.close();
    }
  } finally {
    await browser.close();
  }
});

test('the first visit weighs under 80 KB on the wire, text gzipped with validators; a return visit a few KB', async () => {
  const { requests, reload } = await firstVisit({ throttle: false, reload: true });
  const kb = (list) => (list.reduce((sum, r) => sum + r.bytes, 0) / 1024);
  const list = (rs) => JSON.stringify(rs.map((r) => [r.url, r.status, r.bytes]));
  assert.ok(kb(requests) < 80, `first visit ${kb(requests).toFixed(1)} KB: ${list(requests)}`);
  const text = requests.filter((r) => r.status === 200 && /\.(js|css|html|svg|webmanifest)$|\/$/.test(r.url) && r.bytes > 600);
  assert.ok(text.length > 20, `${text.length} text files`);
  for (const r of text) assert.equal(r.encoding, 'gzip', r.url);
  // Nothing of the table's code comes before a table is opened.
  assert.ok(!requests.some((r) => r.url.startsWith('/js/table/')), 'table modules in the first visit');
  // Back again: the page is revalidated (a 304 on the wire, headers only: fetch reports
  // it as the cached 200) and everything else comes from the cache.
  const page = reload.filter((r) => r.url === '/' && r.bytes > 0);
  assert.ok(page.length >= 1 && page.every((r) => r.bytes < 1024), list(reload));
  assert.ok(kb(reload) < 5, `a return visit ${kb(reload).toFixed(1)} KB: ${list(reload)}`);
});
