import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const client = fileURLToPath(new URL('../../../web-client/', import.meta.url));

// The shell list in sw.js, read as text: the worker is a classic script, not a module.
function shellList() {
  const source = readFileSync(join(client, 'sw.js'), 'utf8');
  const list = source.match(/const SHELL = \[([\s\S]*?)\];/);
  assert.ok(list, 'sw.js has a SHELL list');
  return [...list[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

function filesUnder(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

// The modules `entry` pulls in: by static imports only, or by dynamic import() as well.
function importsFrom(entry, { dynamic }) {
  const pattern = dynamic
    ? /(?:^\s*import\s[^;]*?from\s+|^\s*import\s+|import\()'([^']+)'/gm
    : /(?:^\s*import\s[^;]*?from\s+|^\s*import\s+)'([^']+)'/gm;
  const seen = new Set();
  const todo = [entry];
  while (todo.length) {
    const path = todo.pop();
    if (seen.has(path)) continue;
    seen.add(path);
    const source = readFileSync(join(client, path), 'utf8');
    for (const [, target] of source.matchAll(pattern)) todo.push(posix.normalize(posix.join(posix.dirname(path), target)));
  }
  return seen;
}

// The href and src of a page's links, scripts and images that point into the client;
// not the apple-touch-icon, which only Safari fetches, when a page is added to a home screen.
function assetsOf(page) {
  const html = readFileSync(join(client, page), 'utf8').replace(/<link rel="apple-touch-icon"[^>]*>/, '');
  return [...html.matchAll(/(?:href|src)="(\/[^"]*)"/g)].map((m) => m[1]);
}

test('the service worker caches what the first visit and the offline page download', () => {
  const shell = shellList();
  assert.equal(new Set(shell).size, shell.length, 'no file twice');
  const firstVisit = new Set(['/', '/offline.html', ...assetsOf('index.html'), ...assetsOf('offline.html'),
    ...importsFrom('/js/main.js', { dynamic: false })]);
  assert.deepEqual([...shell].sort(), [...firstVisit].sort());
  for (const path of shell.filter((p) => p !== '/')) assert.ok(statSync(join(client, path)).isFile(), path);
});

test('index.html preloads every module main.js imports, and only those', () => {
  const html = readFileSync(join(client, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
  const imported = [...importsFrom('/js/main.js', { dynamic: false })].filter((m) => m !== '/js/main.js');
  assert.deepEqual([...preloaded].sort(), imported.sort());
});

test('every module is reached from main.js, the screens fetched on demand by import()', () => {
  const reached = importsFrom('/js/main.js', { dynamic: true });
  const modules = filesUnder(join(client, 'js')).map((path) => '/' + relative(client, path).split(sep).join('/'));
  assert.deepEqual(modules.filter((m) => !reached.has(m)), [], 'modules nothing imports');
  const firstVisit = importsFrom('/js/main.js', { dynamic: false });
  // The table and the pages behind links are not part of the first visit.
  for (const lazy of ['/js/table/table-screen.js', '/js/views/leaderboard.js', '/js/views/rules.js', '/js/views/player.js',
    '/js/views/game.js', '/js/core/game-steps.js'])
    assert.ok(!firstVisit.has(lazy), lazy);
});

test('the manifest names the icons that exist, at the sizes installers need', () => {
  const manifest = JSON.parse(readFileSync(join(client, 'manifest.webmanifest'), 'utf8'));
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.start_url, '/');
  assert.ok(manifest.theme_color && manifest.background_color);
  const sizes = new Set(manifest.icons.map((icon) => icon.sizes));
  for (const size of ['192x192', '512x512']) assert.ok(sizes.has(size), size);
  assert.ok(manifest.icons.some((icon) => icon.purpose === 'maskable'));
  for (const icon of manifest.icons) {
    const bytes = readFileSync(join(client, icon.src));
    if (icon.type === 'image/png') {
      // A PNG's width and height sit at bytes 16 and 20 of its header.
      const [w, h] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
      assert.equal(`${w}x${h}`, icon.sizes, icon.src);
    }
  }
});
