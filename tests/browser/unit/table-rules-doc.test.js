import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tableRules } from '../../../web-client/js/net/table-rules.js';

test('a table’s rules are fetched once per ruleset, and kept', async () => {
  const asked = [];
  const fetchDoc = (preset, ruleset) => {
    asked.push([preset, ruleset]);
    return Promise.resolve({ ok: true, data: { preset, ruleset: ruleset ?? null } });
  };
  let loads = 0;
  const onLoad = () => { loads += 1; };
  const house = { preset: 'isf', jokers: 'skip' };
  assert.equal(tableRules('isf', house, onLoad, fetchDoc), null, 'not there on the first ask');
  assert.equal(tableRules('isf', house, onLoad, fetchDoc), null, 'nor while it loads');
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(loads, 1);
  assert.deepEqual(tableRules('isf', house, onLoad, fetchDoc), { preset: 'isf', ruleset: '{"jokers":"skip"}' });
  assert.deepEqual(asked, [['isf', '{"jokers":"skip"}']], 'one fetch, with the house rules as the query');
  tableRules('isf', 'isf', onLoad, fetchDoc);
  assert.deepEqual(asked.at(-1), ['isf', undefined], 'a plain preset asks without a query');
});

test('a failed fetch is not asked again at every redraw', async () => {
  let asks = 0;
  const failing = () => { asks += 1; return Promise.resolve({ ok: false, status: 503 }); };
  assert.equal(tableRules('limbo', { preset: 'limbo', burn_in: true }, () => {}, failing), null);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(tableRules('limbo', { preset: 'limbo', burn_in: true }, () => {}, failing), null);
  assert.equal(asks, 1);
});
