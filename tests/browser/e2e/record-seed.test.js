// A stored game record survives JavaScript: a game played on the real server, fetched
// from /api/games/{id} and passed through JSON.parse/JSON.stringify as any web client
// would, still replays with `shithead replay` to the game the server kept. Seeds use
// all 64 bits, so the record carries its seed as a string: a JSON number above 2^53
// would come back rounded and deal other cards.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BASE, suffix } from './helpers.js';

const run = promisify(execFile);
// scripts/browser-test.sh passes the server binary it started; `shithead play` and
// `shithead replay` are commands of that same binary.
const BINARY = process.env.SHITHEAD_BINARY;

/** Runs the binary; resolves with its exit code and output whatever the code. */
async function shithead(args, timeoutMs) {
  try {
    const { stdout, stderr } = await run(BINARY, args, { timeout: timeoutMs });
    return { code: 0, stdout, stderr };
  } catch (e) {
    if (typeof e.code !== 'number') throw e;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const lastLine = (text) => text.trim().split('\n').at(-1);

test('a fetched game record, round-tripped through JSON in JavaScript, replays to the stored game',
  { timeout: 180_000, skip: BINARY ? false : 'SHITHEAD_BINARY is not set (scripts/browser-test.sh sets it)' },
  async () => {
    const ws = `${BASE.replace(/^http/, 'ws')}/ws`;
    const played = await shithead(['play', '--url', ws, '--name', `Seedy-${suffix()}`, '--bots', '3',
      '--timeout-seconds', '150'], 170_000);
    assert.equal(played.code, 0, `shithead play failed:\n${played.stderr}`);
    const outcome = JSON.parse(lastLine(played.stdout));
    assert.ok(Number.isInteger(outcome.game_id) && outcome.game_id > 0, `the game was stored (${played.stdout})`);

    const response = await fetch(`${BASE}/api/games/${outcome.game_id}`);
    assert.equal(response.status, 200);
    const text = await response.text();
    const game = JSON.parse(text);
    assert.equal(typeof game.record.seed, 'string', `the seed is a string: ${JSON.stringify(game.record.seed)}`);
    assert.match(game.record.seed, /^[0-9]+$/);
    // The digits are the server's own, not a rounded copy.
    assert.equal(game.record.seed, text.match(/"seed"\s*:\s*"([0-9]+)"/)[1]);

    const roundTripped = JSON.stringify(JSON.parse(JSON.stringify(game.record)));
    const folder = await mkdtemp(join(tmpdir(), 'shithead-record-'));
    try {
      const file = join(folder, 'record.json');
      await writeFile(file, roundTripped);
      const replayed = await shithead(['replay', file], 30_000);
      assert.equal(replayed.code, 0, `the record replays legally:\n${replayed.stdout}${replayed.stderr}`);
      const result = JSON.parse(lastLine(replayed.stdout));
      assert.equal(result.ok, true);
      assert.equal(result.over, true, 'the replayed game is over, as the stored one is');
      assert.equal(result.abandoned, game.status === 'abandoned');
      assert.equal(result.abandoned, outcome.abandoned);

      // The same places as the server kept: finishing order first, the shithead last.
      const placeOf = new Map(game.seats.map((s) => [s.seat, s.place]));
      result.places.forEach((seat, i) => assert.equal(placeOf.get(seat), i + 1, `seat ${seat} finished ${i + 1}`));
      if (!result.abandoned) {
        assert.equal(placeOf.get(result.shithead), game.seats.length, 'the shithead came last');
        assert.equal(game.seats.find((s) => s.shithead)?.seat, result.shithead);
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
