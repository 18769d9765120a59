// Nothing another player typed may become markup: the client builds every element with
// h()/s() and text nodes, so no source file may reach for an HTML parser.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const client = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'web-client', 'js');

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.js') ? [path] : [];
  });
}

test('no client source parses HTML from strings', () => {
  const files = sources(client);
  assert.ok(files.length > 20, 'the client sources were found');
  const parsers = /\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment|\beval\(|new Function\(/;
  const offenders = files.filter((f) => parsers.test(readFileSync(f, 'utf8')));
  assert.deepEqual(offenders, []);
});
