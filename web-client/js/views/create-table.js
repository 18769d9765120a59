// The form that opens a new table: preset (with its one-line summary), variants over it,
// the powers of each rank, seats 2-8, the turn timer, public or private. Builds the
// create_table message.

import { h, replace } from '../ui/dom.js';
import { loadPresets, presetTitle } from './presets.js';
import { RANKS } from '../core/cards.js';
import { rulesHash } from '../core/routes.js';
import { BOT_PACES, DEFAULT_BOT_PACE } from '../core/bot-levels.js';

// Variants as the protocol names them; "" means the preset's own rule.
export const VARIANTS = [
  { key: 'jokers', label: 'Jokers', options: [['', 'As the preset'], ['none', 'No jokers'],
    ['reverse', 'Jokers reverse play'], ['give_pile', 'Jokers give the pile away'], ['skip', 'Jokers skip a player']] },
  { key: 'voluntary_pickup', label: 'Pick up the pile', options: [['', 'As the preset'],
    ['true', 'Whenever you like'], ['false', 'Only when you cannot play']] },
  { key: 'pickup_leads', label: 'After a pick-up', options: [['', 'As the preset'],
    ['true', 'The one who picked up leads'], ['false', 'The next player leads']] },
  { key: 'n_of_a_kind', label: 'Cards of a kind that burn', options: [['', 'As the preset'], ['0', 'Off'],
    ['3', '3'], ['4', '4'], ['5', '5'], ['6', '6'], ['7', '7'], ['8', '8']] },
  { key: 'burn_in', label: 'Burn in out of turn', options: [['', 'As the preset'], ['true', 'On'], ['false', 'Off']] },
  { key: 'invisible', label: 'Invisible card', options: [['', 'As the preset'], ['none', 'None'],
    ...['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'].map((r) => [r, r])] },
  { key: 'tens_restricted', label: '10 not on J, Q, K', options: [['', 'As the preset'], ['true', 'On'], ['false', 'Off']] },
  { key: 'lower_than_seven', label: 'Lower than 7', options: [['', 'As the preset'], ['true', 'On'], ['false', 'Off']] },
  { key: 'three_eights_burn', label: 'Three 8s burn', options: [['', 'As the preset'], ['true', 'On'], ['false', 'Off']] },
  { key: 'swap_stacking', label: 'Stacking in the swap', options: [['', 'As the preset'], ['true', 'On'], ['false', 'Off']] },
  { key: 'hand_size', label: 'Hand size', options: [['', 'As the preset'],
    ...Array.from({ length: 10 }, (_, i) => [String(i + 1), String(i + 1)])] },
  { key: 'decks', label: 'Decks', options: [['', 'As the preset'], ['auto', 'As many as needed'], ['1', '1'], ['2', '2'], ['3', '3']] },
  { key: 'specials_on_anything', label: 'Special cards on anything', options: [['', 'As the preset'],
    ['false', 'Only reset cards, like the 2']] },
  { key: 'play_from_table', label: 'Play from the table', options: [['', 'As the preset'],
    ['true', 'Face-up cards with your hand'], ['false', 'Hand first, then the table']] },
  { key: 'fixed_hand', label: 'Fixed hand (no stock)', options: [['', 'As the preset'],
    ['true', 'On: nobody draws'], ['false', 'Off: draw from the stock']] },
];

// The powers a rank may hold, as one choice each: at most one pile power and one turn
// power, never burn with skip (the server's rule). The value is the power names joined
// by "+"; "" keeps the preset's powers and "none" takes them all away.
const PILE_POWERS = [['reset', 'Reset'], ['invisible', 'Invisible'], ['burn', 'Burn'], ['wait', 'Wait'],
  ['lower', 'Lower or equal'], ['lower_than_played', 'Strictly lower']];
const TURN_POWERS = [['reverse', 'Reverse'], ['skip', 'Skip']];
export const POWER_CHOICES = [
  { label: null, options: [['', 'Unchanged'], ['none', 'No power']] },
  { label: 'One power', options: [...PILE_POWERS, ...TURN_POWERS] },
  { label: 'Two powers', options: PILE_POWERS.flatMap(([pile, pileLabel]) => TURN_POWERS
    .filter(([turn]) => !(pile === 'burn' && turn === 'skip'))
    .map(([turn, turnLabel]) => [`${pile}+${turn}`, `${pileLabel} + ${turnLabel.toLowerCase()}`])) },
];

const POWER_HELP = 'Reset: anything may follow. Invisible: the card below counts. Burn: the pile goes and you play '
  + 'again. Wait: answer with the same rank or miss a turn. Lower or equal / Strictly lower: the next card must '
  + 'be this rank or lower / below it. Reverse: play turns round. Skip: each one makes the next player miss a turn.';

/** The `powers` value from each rank's choice: only ranks changed from the preset; undefined when none. */
export function powersFrom(choices) {
  const powers = {};
  for (const rank of RANKS) {
    const choice = choices?.[rank] ?? '';
    if (choice === '') continue;
    powers[rank] = choice === 'none' ? [] : choice.split('+');
  }
  return Object.keys(powers).length ? powers : undefined;
}

function readVariant(key, raw) {
  if (raw === '') return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (['n_of_a_kind', 'hand_size'].includes(key)) return Number(raw);
  if (key === 'decks') return raw === 'auto' ? 'auto' : Number(raw);
  return raw;
}

/**
 * The ruleset value: the preset's name alone, or an object with the chosen overrides.
 * `powerChoices`: rank -> a POWER_CHOICES value.
 */
export function rulesetFrom(preset, variants, powerChoices = {}) {
  const overrides = {};
  for (const [key, raw] of Object.entries(variants)) {
    const value = readVariant(key, raw);
    if (value !== undefined) overrides[key] = value;
  }
  const powers = powersFrom(powerChoices);
  if (powers) overrides.powers = powers;
  return Object.keys(overrides).length ? { preset, ...overrides } : preset;
}

export class CreateTableForm {
  constructor(app) {
    this.app = app;
    this.preset = 'shiphead';
    this.seats = 4;
    this.timer = 30;
    this.isPublic = false;
    this.botPace = DEFAULT_BOT_PACE;
    this.presetList = h('div', { class: 'preset-list', role: 'radiogroup', 'aria-label': 'House rules' },
      h('p', { class: 'hint' }, 'Loading the house rules…'));
    this.seatsValue = h('output', { class: 'stepper-value', 'aria-live': 'polite' }, String(this.seats));
    this.variantSelects = {};
    const variantFields = VARIANTS.map((v) => {
      const select = h('select', { id: `variant-${v.key}`, name: v.key },
        ...v.options.map(([value, label]) => h('option', { value }, label)));
      this.variantSelects[v.key] = select;
      return h('label', { class: 'variant', for: `variant-${v.key}` }, h('span', {}, v.label), select);
    });
    this.powerSelects = {};
    const powerFields = RANKS.map((rank) => {
      const select = h('select', { id: `power-${rank}`, name: `power-${rank}` },
        ...POWER_CHOICES.map((group) => {
          const options = group.options.map(([value, label]) => h('option', { value }, label));
          return group.label ? h('optgroup', { label: group.label }, ...options) : options;
        }).flat());
      this.powerSelects[rank] = select;
      return h('label', { class: 'variant power', for: `power-${rank}` },
        h('span', {}, h('span', { class: 'sr-only' }, 'Powers of the '), rank), select);
    });
    this.presetRulesLink = h('a', { class: 'tap-link', href: rulesHash(this.preset), target: '_blank', rel: 'noopener' },
      'what each card does in this preset');
    this.errorLine = h('p', { class: 'form-error', 'data-testid': 'create-error' });
    this.timerGroup = this.segmented('Turn timer', [[0, 'Off'], [15, '15 s'], [30, '30 s'], [60, '60 s']],
      () => this.timer, (v) => { this.timer = v; });
    this.visibilityGroup = this.segmented('Who can join', [[false, 'Private (by link)'], [true, 'Public']],
      () => this.isPublic, (v) => { this.isPublic = v; });
    this.paceGroup = this.segmented('Bots play', BOT_PACES.map((p) => [p.ms, p.title]),
      () => this.botPace, (v) => { this.botPace = v; });

    this.el = h('form', { class: 'create-form panel', 'aria-labelledby': 'create-title', onsubmit: (e) => this.submit(e) },
      h('h2', { id: 'create-title' }, 'Open a table'),
      h('fieldset', { class: 'field' }, h('legend', {}, 'House rules'), this.presetList),
      h('div', { class: 'field-row' },
        h('div', { class: 'field' }, h('span', { class: 'field-label', id: 'seats-label' }, 'Seats'),
          h('div', { class: 'stepper', role: 'group', 'aria-labelledby': 'seats-label' },
            h('button', { type: 'button', class: 'step', 'aria-label': 'Fewer seats', onclick: () => this.changeSeats(-1) }, '−'),
            this.seatsValue,
            h('button', { type: 'button', class: 'step', 'aria-label': 'More seats', onclick: () => this.changeSeats(1) }, '+'))),
        this.timerGroup),
      this.visibilityGroup,
      this.paceGroup,
      h('details', { class: 'variants' }, h('summary', {}, 'Variants'),
        h('p', { class: 'hint' }, 'Change a rule of the preset. Anything left alone plays as the preset says.'),
        h('div', { class: 'variant-grid' }, ...variantFields)),
      h('details', { class: 'variants powers' }, h('summary', {}, 'Card powers'),
        h('p', { class: 'hint' }, 'Give a rank new powers, or take them away; “Unchanged” keeps the preset’s. See ', this.presetRulesLink, '.'),
        h('p', { class: 'hint' }, POWER_HELP),
        h('div', { class: 'variant-grid power-grid' }, ...powerFields)),
      this.errorLine,
      h('div', { class: 'form-actions' }, h('button', { type: 'submit', class: 'primary big', 'data-testid': 'create-table' }, 'Open the table')));

    loadPresets().then((presets) => this.showPresets(presets));
  }

  segmented(label, choices, get, set) {
    const id = `seg-${label.replace(/\W+/g, '-').toLowerCase()}`;
    const group = h('div', { class: 'segmented', role: 'radiogroup', 'aria-labelledby': id });
    const draw = () => {
      replace(group, ...choices.map(([value, text]) => h('button', {
        type: 'button', role: 'radio', 'aria-checked': String(get() === value), class: get() === value ? 'on' : '',
        onclick: () => { set(value); draw(); },
      }, text)));
    };
    draw();
    return h('div', { class: 'field' }, h('span', { class: 'field-label', id }, label), group);
  }

  showPresets(presets) {
    const draw = () => replace(this.presetList, ...presets.map((p) => h('button', {
      type: 'button', role: 'radio', class: `preset-tile${p.name === this.preset ? ' on' : ''}`,
      'aria-checked': String(p.name === this.preset), 'data-preset': p.name,
      onclick: () => { this.preset = p.name; this.presetRulesLink.href = rulesHash(p.name); draw(); },
    }, h('span', { class: 'preset-name' }, presetTitle(p.name)),
    h('span', { class: 'preset-summary' }, p.summary || ''))));
    draw();
  }

  /** The server's reason for refusing the last table we asked for (a clash of rules), or nothing. */
  showError(message) {
    this.errorLine.textContent = message ?? '';
  }

  changeSeats(delta) {
    this.seats = Math.min(8, Math.max(2, this.seats + delta));
    this.seatsValue.textContent = String(this.seats);
  }

  submit(event) {
    event.preventDefault();
    const variants = {};
    for (const [key, select] of Object.entries(this.variantSelects)) variants[key] = select.value;
    const powers = {};
    for (const [rank, select] of Object.entries(this.powerSelects)) powers[rank] = select.value;
    this.app.createTable({
      public: this.isPublic,
      ruleset: rulesetFrom(this.preset, variants, powers),
      seats: this.seats,
      turn_timer: this.timer,
      bot_pace_ms: this.botPace,
    });
  }
}
