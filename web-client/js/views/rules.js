// The rules: every preset with its summary; one preset in words with its "what can be
// played on what" table, from /api/rules and /api/rules/{preset}; a table's own house
// rules the same way, from /api/rules/{preset}?ruleset=...; and the house rules any
// table can switch on.

import { h, replace } from '../ui/dom.js';
import { scrollBox } from '../ui/scroll-box.js';
import { fetchPreset } from '../net/api.js';
import { loadPresets, presetTitle, variantWords } from './presets.js';
import { HOUSE_RULES } from './house-rules.js';
import { RANKS } from '../core/cards.js';
import { rulesHash } from '../core/routes.js';

/** "[8]" -> "8", "<8>" -> "8 (used up)", "empty" -> "empty pile". */
export function topStateLabel(key) {
  if (key === 'empty') return 'Empty pile';
  const used = key.startsWith('<');
  const rank = key.replace(/[[\]<>]/g, '');
  return used ? `${rank}, used up` : rank;
}

export class RulesScreen {
  constructor(app, preset, ruleset) {
    this.app = app;
    this.preset = preset;
    this.ruleset = preset ? ruleset : undefined;
    this.nav = h('nav', { class: 'preset-tabs', 'aria-label': 'Presets' });
    this.body = h('div', { class: 'rules-body', 'aria-live': 'polite' }, h('p', { class: 'empty' }, 'Loading…'));
    this.el = h('section', { class: 'page rules-page' },
      h('div', { class: 'page-head' }, h('h1', {}, 'House rules'),
        h('p', { class: 'lead' }, 'Shithead is played many ways. Pick a preset when you open a table, and change any rule with the variants.')),
      this.nav, this.body, this.ruleset ? null : houseRulesEl());
    this.load();
  }

  update() {}

  async load() {
    const presets = await loadPresets();
    replace(this.nav, ...presets.map((p) => h('a', { href: rulesHash(p.name), class: 'preset-tab',
      'aria-current': p.name === this.preset ? 'page' : null }, presetTitle(p.name))));
    if (!this.preset) {
      replace(this.body, h('ul', { class: 'preset-cards' }, ...presets.map((p) => h('li', {},
        h('a', { class: 'preset-card', href: rulesHash(p.name) },
          h('strong', {}, presetTitle(p.name)), h('span', {}, p.summary))))));
      return;
    }
    const result = await fetchPreset(this.preset, this.ruleset);
    if (!result.ok) {
      const missing = result.status === 404 && !this.ruleset;
      replace(this.body, h('p', { class: 'empty', 'data-testid': 'rules-error' }, missing ? 'There is no preset by that name.' : result.message));
      return;
    }
    const doc = result.data;
    const changes = this.ruleset ? variantWords(doc.ruleset) : '';
    replace(this.body,
      this.ruleset ? h('h2', { 'data-testid': 'table-rules' }, 'This table’s rules') : null,
      h(this.ruleset ? 'h3' : 'h2', {}, presetTitle(doc.preset), changes ? `, with ${changes}` : ''),
      h('p', { class: 'lead' }, doc.summary ?? ''),
      h('ol', { class: 'rules-words' }, ...(doc.rules_in_words ?? []).map((line) => h('li', {}, line))),
      h('h3', {}, 'What can be played on what'),
      h('p', { class: 'hint' }, 'Rows: the card that counts on top of the pile. Columns: the card you want to play. “Used up” is a card whose rule has been answered (a waited 8, a cancelled 9).'),
      this.playTable(doc.play_on ?? {}));
  }

  playTable(playOn) {
    return scrollBox('What can be played on what', h('table', { class: 'play-on', 'data-testid': 'play-on' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'On top'), ...RANKS.map((r) => h('th', { scope: 'col' }, r)))),
      h('tbody', {}, ...Object.entries(playOn).map(([key, ranks]) => h('tr', {},
        h('th', { scope: 'row' }, topStateLabel(key)),
        ...RANKS.map((r) => ranks.includes(r)
          ? h('td', { class: 'yes' }, h('span', { 'aria-hidden': 'true' }, '✓'),
            h('span', { class: 'sr-only' }, `${r} may be played`))
          : h('td', { class: 'no' }, h('span', { class: 'sr-only' }, `${r} may not be played`))))))));
  }
}

/** The house rules any table can switch on: a <details> per group, one line each. */
function houseRulesEl() {
  return h('section', { class: 'house-rules', 'aria-labelledby': 'house-rules-title', 'data-testid': 'house-rules' },
    h('h2', { id: 'house-rules-title' }, 'House rules any table can switch on'),
    h('p', { class: 'hint' }, 'Choose them under Variants and Card powers when you open a table.'),
    ...HOUSE_RULES.map((group) => h('details', { class: 'variants' }, h('summary', {}, group.title),
      h('ul', { class: 'rules-words' }, ...group.lines.map((line) => h('li', {}, line.text))))));
}
