import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
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

test('the service worker caches every file the client is made of, and nothing that is not there', () => {
  const shell = shellList();
  const served = filesUnder(client)
    .map((path) => '/' + relative(client, path).split(sep).join('/'))
    .filter((path) => /\.(js|css|svg|png|ico|webmanifest|html)$/.test(path))
    .filter((path) => path !== '/sw.js' && path !== '/index.html')
    .sort();
  const cached = shell.filter((path) => path !== '/').sort();
  assert.deepEqual(cached, served);
  assert.ok(shell.includes('/'), 'the page itself');
  assert.equal(new Set(shell).size, shell.length, 'no file twice');
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
