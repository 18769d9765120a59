import { test } from 'node:test';
import assert from 'node:assert/strict';
import { joinRefusal, normalizeCode, tableCodeFromPath, parseHash } from '../../../web-client/js/core/routes.js';
import { reconnectDelay } from '../../../web-client/js/core/backoff.js';
import { createIdentityStore, helloMessage, checkName } from '../../../web-client/js/core/identity.js';
import { pileWords } from '../../../web-client/js/core/pile-words.js';
import { opponentOrder } from '../../../web-client/js/core/seating.js';
import { signedDelta, percent, clock, titleText, decimal } from '../../../web-client/js/core/format.js';
import { POWER_CHOICES, powersFrom, rulesetFrom } from '../../../web-client/js/views/create-table.js';
import { variantWords } from '../../../web-client/js/views/presets.js';
import { BOT_PACES, DEFAULT_BOT_PACE, botPaceWords } from '../../../web-client/js/core/bot-levels.js';

test('table codes are read the way the server reads them', () => {
  assert.equal(normalizeCode(' k7mpq2 '), 'K7MPQ2');
  assert.equal(normalizeCode('https://example.org/t/k7mpq2'), 'K7MPQ2');
  // As people copy a code they read: split with a dash (a typed one or a typographic one), or spaced.
  assert.equal(normalizeCode('ZX2-CNP'), 'ZX2CNP');
  assert.equal(normalizeCode('zx2 – cnp'), 'ZX2CNP');
  assert.equal(normalizeCode(' z x 2 c n p'), 'ZX2CNP');
  assert.equal(normalizeCode('K7MPQ0'), null, 'no zero in codes');
  assert.equal(normalizeCode('K7MPQ'), null);
  assert.equal(tableCodeFromPath('/t/K7MPQ2'), 'K7MPQ2');
  assert.equal(tableCodeFromPath('/'), null);
});

test('pages live in the hash', () => {
  assert.deepEqual(parseHash('#/leaderboard'), { page: 'leaderboard' });
  assert.deepEqual(parseHash('#/player/3f9c0a12b4d1'), { page: 'player', id: '3f9c0a12b4d1' });
  assert.deepEqual(parseHash('#/rules/isf'), { page: 'rules', preset: 'isf' });
  assert.deepEqual(parseHash('#/rules'), { page: 'rules' });
  assert.deepEqual(parseHash(''), { page: 'home' });
  assert.deepEqual(parseHash('#/nonsense'), { page: 'home' });
});

test('reconnecting backs off, with jitter, up to a ceiling', () => {
  const mid = () => 0.5;
  assert.equal(reconnectDelay(0, { random: mid }), 375);
  assert.equal(reconnectDelay(1, { random: mid }), 750);
  assert.ok(reconnectDelay(20, { random: () => 1 }) <= 15000);
  assert.ok(reconnectDelay(20, { random: () => 0 }) >= 7500);
});

test('the browser keeps name and token; hello sends the token when there is one', () => {
  const data = new Map();
  const storage = { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => data.set(k, v), removeItem: (k) => data.delete(k) };
  const id = createIdentityStore(storage);
  id.name = 'Ana';
  id.token = '9b1e4c2a7f30d8e56a1b2c3d4e5f6071';
  assert.deepEqual(helloMessage(id), { type: 'hello', v: 1, name: 'Ana', token: '9b1e4c2a7f30d8e56a1b2c3d4e5f6071' });
  id.token = '';
  assert.deepEqual(helloMessage(id), { type: 'hello', v: 1, name: 'Ana' });
  const broken = createIdentityStore({ getItem() { throw new Error('denied'); }, setItem() { throw new Error('denied'); } });
  broken.name = 'x';
  assert.equal(broken.name, '');
});

test('names are checked like the server checks them, as text', () => {
  assert.deepEqual(checkName('  Ana   Maria '), { ok: true, name: 'Ana Maria' });
  assert.ok(!checkName('   ').ok);
  assert.ok(!checkName('a'.repeat(21)).ok);
  assert.ok(checkName('é'.repeat(20)).ok);
  assert.ok(checkName('<b>&"\'').ok, 'markup is a fine name: it is shown as text');
  assert.ok(!checkName('tab\there').ok);
});

test('the pile says what counts under an invisible card, and the run', () => {
  assert.match(pileWords({ pile: [] }).note, /empty/);
  const w = pileWords({ pile: ['9D', '7S'], top: { rank: '9', used: false }, run: { rank: '9', length: 1 } });
  assert.equal(w.counts, 'a 9');
  assert.equal(w.under, 'a 7');
  assert.equal(w.note, 'A 7 is invisible: play on a 9.', 'before the table’s rules have come');
  assert.match(pileWords({ pile: ['8D'], top: { rank: '8', used: true }, run: null }).note, /used up/);
});

// What the server's /api/rules/shiphead says (rules/words.cpp), as much as these tests use.
const SHIPHEAD = {
  pile_words: { empty: 'The pile is empty: play anything.', '[9]': 'Play a 9 or lower.', '[8]': 'Play an 8 or miss a turn.',
    '<8>': 'An 8, used up: play an 8 or higher, or a 2 or 7.', '[5]': 'Play a 5 or higher, or a 2.' },
  run_burn: { 5: 4, A: 4 },
};

test('the pile says the table’s own rule for the card that counts', () => {
  assert.equal(pileWords({ pile: ['9D'], top: { rank: '9', used: false } }, SHIPHEAD).note, 'Play a 9 or lower.');
  assert.equal(pileWords({ pile: ['9D', '7S'], top: { rank: '9', used: false } }, SHIPHEAD).note,
    'A 7 is invisible: play a 9 or lower.');
  assert.equal(pileWords({ pile: ['8D'], top: { rank: '8', used: false } }, SHIPHEAD).note, 'Play an 8 or miss a turn.');
  assert.equal(pileWords({ pile: ['8D'], top: { rank: '8', used: true } }, SHIPHEAD).note,
    'An 8, used up: play an 8 or higher, or a 2 or 7.');
  assert.equal(pileWords({ pile: [] }, SHIPHEAD).note, 'The pile is empty: play anything.');
  // A rank the document does not name (it cannot be on top) falls back to the plain words.
  assert.equal(pileWords({ pile: ['KD'], top: { rank: 'K', used: false } }, SHIPHEAD).note, 'Play on a king.');
});

test('a run is shown only where that many of its rank burn the pile', () => {
  const run = (rank, length, rules) => pileWords({ pile: Array(length).fill(`${rank}D`), top: { rank, used: false },
    run: { rank, length } }, rules).run;
  assert.equal(run('5', 3, SHIPHEAD), 'three 5s: a fourth burns');
  assert.equal(run('A', 2, SHIPHEAD), 'two aces: two more burn', 'face cards are named in words');
  assert.equal(run('6', 3, { pile_words: {}, run_burn: {} }), null, 'isf: four of a kind burns nothing');
  assert.equal(run('5', 3, null), null, 'nothing said before the rules have come');
});

test('opponents sit clockwise from the viewer’s left', () => {
  assert.deepEqual(opponentOrder(4, 1), [2, 3, 0]);
  assert.deepEqual(opponentOrder(3, 0), [1, 2]);
  assert.deepEqual(opponentOrder(3, null), [0, 1, 2]);
});

test('numbers on the pages', () => {
  assert.equal(signedDelta(1.234), '+1.2');
  assert.equal(signedDelta(-0.44), '−0.4');
  assert.equal(signedDelta(0.01), '±0.0');
  assert.equal(percent(0.1667), '17%');
  assert.equal(decimal(-1.44), '−1.4');
  assert.equal(decimal(null), '–');
  assert.equal(clock(9001), '0:10');
  assert.equal(titleText({ count: 0, numeric: null }), null);
  assert.equal(titleText({ count: 7, numeric: 'Shithead ×7', olympic: 'Gold shithead', feudal: 'Prince shithead' }, 'olympic'), 'Gold shithead');
});

test('the create form sends a bare preset, or the preset with the chosen variants', () => {
  assert.equal(rulesetFrom('isf', { jokers: '', hand_size: '' }), 'isf');
  assert.deepEqual(rulesetFrom('isf', { jokers: 'reverse', hand_size: '5', voluntary_pickup: 'false', pickup_leads: 'true', decks: 'auto' }),
    { preset: 'isf', jokers: 'reverse', hand_size: 5, voluntary_pickup: false, pickup_leads: true, decks: 'auto' });
});

test('the house rules of play: skipping jokers, specials on anything, play from the table, a fixed hand', () => {
  assert.deepEqual(rulesetFrom('shiphead', { jokers: 'skip', specials_on_anything: 'false', play_from_table: 'true',
    fixed_hand: 'true' }),
  { preset: 'shiphead', jokers: 'skip', specials_on_anything: false, play_from_table: true, fixed_hand: true });
  assert.equal(rulesetFrom('limbo', { specials_on_anything: '', play_from_table: '', fixed_hand: '' }, {}), 'limbo');
});

test('card powers: only the ranks changed go out, each with its whole set of powers', () => {
  assert.equal(powersFrom({ 2: '', 8: '' }), undefined);
  assert.deepEqual(powersFrom({ 3: 'lower_than_played', 8: 'none', 9: 'reverse', J: 'wait+skip', 2: '' }),
    { 3: ['lower_than_played'], 8: [], 9: ['reverse'], J: ['wait', 'skip'] });
  assert.deepEqual(rulesetFrom('shiphead', { jokers: '' }, { 9: 'reverse' }), { preset: 'shiphead', powers: { 9: ['reverse'] } });
  assert.deepEqual(rulesetFrom('isf', { hand_size: '4' }, { 10: 'none' }), { preset: 'isf', hand_size: 4, powers: { 10: [] } });
});

test('every card-power choice is a set the server takes: one pile power, one turn power, no burn with skip', () => {
  const pile = ['reset', 'invisible', 'burn', 'wait', 'lower', 'lower_than_played'];
  const turn = ['reverse', 'skip'];
  const values = POWER_CHOICES.flatMap((g) => g.options.map(([value]) => value));
  assert.equal(new Set(values).size, values.length, 'no choice twice');
  assert.equal(values.length, 2 + 6 + 2 + 11, 'as the preset, none, each power alone, each pair but burn + skip');
  for (const value of values.filter((v) => v !== '' && v !== 'none')) {
    const names = value.split('+');
    assert.ok(names.filter((n) => pile.includes(n)).length <= 1, value);
    assert.ok(names.filter((n) => turn.includes(n)).length <= 1, value);
    assert.ok(names.every((n) => pile.includes(n) || turn.includes(n)), value);
    assert.ok(!(names.includes('burn') && names.includes('skip')), value);
  }
});

test('the variants of a table read as words, powers included', () => {
  assert.equal(variantWords('isf'), '');
  assert.equal(variantWords({ preset: 'shiphead', jokers: 'skip', powers: { 8: [], 9: ['reverse'], J: ['wait', 'skip'] },
    play_from_table: true }), 'jokers: skip, powers (8 no power, 9 reverse, J wait + skip), play from table on');
});

test("the bots' pace: a host's choices, the default a person's, and the waiting room's words", () => {
  assert.ok(BOT_PACES.some((p) => p.ms === DEFAULT_BOT_PACE));
  for (const p of BOT_PACES) assert.ok(p.ms >= 0 && p.ms <= 3000, `${p.title}: the server takes 0 to 3000 ms`);
  assert.equal(botPaceWords(900), 'bots move like people');
  assert.equal(botPaceWords(400), 'bots move quickly');
  assert.equal(botPaceWords(0), 'bots move at once');
  assert.equal(botPaceWords(undefined), '');  // a server from before bots had a pace
});

test('a code that leads nowhere is said in plain words, not the server’s', () => {
  assert.equal(joinRefusal('ZX2CNP', { code: 'no_such_table', message: 'no table has code ZX2CNP' }),
    'There is no table ZX2CNP here. Check the code with whoever gave it to you: a table closes once everyone has left it.');
  assert.equal(joinRefusal('ZX2CNP', { code: 'closed', message: 'closed' }), 'Table ZX2CNP has just closed.');
  // Anything newer than this client: the server's own words.
  assert.equal(joinRefusal('ZX2CNP', { code: 'something_new', message: 'a reason' }), 'a reason');
});
