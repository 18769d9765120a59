import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHash, rulesHash, rulesetText } from '../../../web-client/js/core/routes.js';
import { presetPath } from '../../../web-client/js/net/api.js';
import { HOUSE_RULES, houseRuleKeys } from '../../../web-client/js/views/house-rules.js';
import { VARIANTS } from '../../../web-client/js/views/create-table.js';

const houseRules = { preset: 'shiphead', powers: { 9: ['reverse'] }, jokers: 'skip', play_from_table: true };

test('a table’s house rules ride in the rules hash, without the preset the path already names', () => {
  const hash = rulesHash('shiphead', houseRules);
  assert.ok(hash.startsWith('#/rules/shiphead?ruleset='));
  assert.deepEqual(parseHash(hash), {
    page: 'rules', preset: 'shiphead', ruleset: '{"powers":{"9":["reverse"]},"jokers":"skip","play_from_table":true}',
  });
});

test('a ruleset with nothing but its preset is the preset’s own page', () => {
  assert.equal(rulesHash('isf', { preset: 'isf' }), '#/rules/isf');
  assert.equal(rulesHash('isf', 'isf'), '#/rules/isf', 'a room whose ruleset is a bare preset name');
  assert.equal(rulesHash('isf'), '#/rules/isf');
  assert.equal(rulesHash(undefined, houseRules), '#/rules');
  assert.equal(rulesetText(null), '');
});

test('the rules hash keeps the ruleset text as it came, for the server to judge', () => {
  assert.deepEqual(parseHash('#/rules/limbo?ruleset=%7Bbroken'), { page: 'rules', preset: 'limbo', ruleset: '{broken' });
  assert.deepEqual(parseHash('#/rules/limbo?other=1'), { page: 'rules', preset: 'limbo' });
  assert.deepEqual(parseHash('#/rules?ruleset=%7B%7D'), { page: 'rules' }, 'no preset, no table');
  assert.deepEqual(parseHash('#/leaderboard?x=1'), { page: 'leaderboard' });
});

test('the rules API path carries the ruleset URL-encoded', () => {
  assert.equal(presetPath('shiphead'), '/api/rules/shiphead');
  const text = '{"powers":{"9":["reverse"]},"jokers":"skip"}';
  const path = presetPath('shiphead', text);
  assert.equal(path, `/api/rules/shiphead?ruleset=${encodeURIComponent(text)}`);
  assert.ok(!/[{}"&+ ]/.test(path.split('?')[1].slice('ruleset='.length)), 'nothing the query could misread');
  const back = parseHash(rulesHash('shiphead', text));
  assert.equal(presetPath(back.preset, back.ruleset), path, 'from the waiting room’s link to the fetch');
});

test('the rules page explains every variant and the card powers the create-table form offers', () => {
  const keys = houseRuleKeys();
  for (const variant of VARIANTS) assert.ok(keys.has(variant.key), `${variant.key} is explained`);
  assert.ok(keys.has('powers'));
  const words = HOUSE_RULES.flatMap((g) => g.lines.map((l) => l.text)).join(' ');
  for (const power of ['Reset', 'Invisible', 'Burn', 'Wait', 'Lower', 'Lower than played', 'Reverse', 'Skip', 'Give the pile away', 'Fixed hand', 'Play from the table']) {
    assert.ok(words.includes(power), power);
  }
});
