// What a first visit costs: every request and its bytes on the wire (headers included),
// from a fresh browser profile, and when the first content is painted on Chromium's
// slow-4G emulation (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up: Lighthouse's
// mobile profile), and when the app's own first screen (the name form) is drawn. The figures web-client/README.md reports come from here:
//
//   SHITHEAD_URL=http://127.0.0.1:8080 node measure/first-visit.mjs [--runs 5] [--cpu 4]
//
// --cpu N also slows the page's CPU N times, as Lighthouse does for a mid-range phone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE, PHONE, launchPersistent } from '../e2e/helpers.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const RUNS = option('--runs', 5);
const CPU = option('--cpu', 1);
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) };

// Asked outside the browser, so that the question is not counted as part of the visit.
async function hasWorker() {
  const response = await fetch(`${BASE}/sw.js`, { method: 'HEAD' }).catch(() => null);
  return response?.ok === true;
}

/** One visit from a new profile: the page's requests, the service worker's, and the paint. */
export async function firstVisit({ throttle = true, cpu = 1, reload = false } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'shithead-visit-'));
  const context = await launchPersistent(profile, PHONE);
  const requests = [];
  context.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => null);
    const response = await request.response().catch(() => null);
    requests.push({
      url: request.url().replace(BASE, ''),
      worker: Boolean(request.serviceWorker()),
      status: response?.status() ?? 0,
      encoding: (await response?.allHeaders().catch(() => ({})))?.['content-encoding'] ?? '',
      bytes: sizes ? sizes.responseHeadersSize + sizes.responseBodySize : 0,
    });
  });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (throttle) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.goto(BASE, { waitUntil: 'load' });
    // The app's own first screen (a new profile gets the name form), checked every frame.
    const ready = await page.waitForFunction(() => document.querySelector('#name-input') && performance.now(), null,
      { polling: 'raf', timeout: 30000 }).then((handle) => handle.jsonValue());
    // The paint entry is queued after the frame it measures: wait for it.
    const firstPaint = await page.evaluate(() => new Promise((resolve) => {
      new PerformanceObserver((list, observer) => {
        const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint');
        if (entry) { observer.disconnect(); resolve(entry.startTime); }
      }).observe({ type: 'paint', buffered: true });
    }));
    // The service worker installs after load and fills its cache; wait for it to finish
    // (a client from before the worker, measured for comparison, has none).
    if (await hasWorker()) await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForLoadState('networkidle');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const visit = { requests: [...requests], firstContentfulPaint: firstPaint, ready };
    if (reload) {
      // The same browser again, the worker in control: what a return visit costs.
      requests.length = 0;
      await page.reload({ waitUntil: 'load' });
      await page.locator('#name-input').waitFor();
      await page.waitForLoadState('networkidle');
      await new Promise((resolve) => setTimeout(resolve, 500));
      visit.reload = [...requests];
    }
    return visit;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

if (import.meta.url === `file://${process.argv[1]}`) {
  const weights = await firstVisit({ throttle: false });
  const page = weights.requests.filter((r) => !r.worker);
  const worker = weights.requests.filter((r) => r.worker);
  for (const r of [...page, ...worker]) console.log(`${r.worker ? 'sw  ' : 'page'} ${r.status} ${kb(r.bytes).padStart(6)} KB ${r.encoding.padEnd(4)} ${r.url}`);
  const sum = (list) => list.reduce((total, r) => total + r.bytes, 0);
  console.log(`page: ${page.length} requests, ${kb(sum(page))} KB on the wire`);
  console.log(`service worker's cache fill: ${worker.length} requests, ${kb(sum(worker))} KB`);
  console.log(`first visit in all: ${kb(sum(page) + sum(worker))} KB`);
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await firstVisit({ throttle: true, cpu: CPU }));
  const line = (what, values) => {
    const sorted = values.map(Math.round).sort((a, b) => a - b);
    console.log(`${what} on slow 4G${CPU > 1 ? `, CPU ${CPU}x slower` : ''}: ${sorted.join(', ')} ms (median ${sorted[Math.floor(sorted.length / 2)]})`);
  };
  line('first contentful paint', runs.map((r) => r.firstContentfulPaint));
  line('the name form drawn', runs.map((r) => r.ready));
}
