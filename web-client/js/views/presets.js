// The presets the server knows (GET /api/rules), fetched once per page load and shared by
// the home and rules pages. Falls back to the five names if the server cannot answer.

import { fetchPresets } from '../net/api.js';

const FALLBACK = ['shiphead', 'isf', 'limbo', 'palace', 'standard'].map((name) => ({ name, summary: '' }));
let pending = null;

export function loadPresets() {
  if (!pending) {
    pending = fetchPresets().then((result) => {
      if (result.ok && Array.isArray(result.data?.presets) && result.data.presets.length) return result.data.presets;
      pending = null;  // try again next time
      return FALLBACK;
    });
  }
  return pending;
}

const TITLES = { shiphead: 'Shiphead', isf: 'ISF', limbo: 'Limbo', palace: 'Palace', standard: 'Standard' };

/** "Shiphead", "ISF": how a preset is named on buttons. */
export function presetTitle(name) {
  return TITLES[name] ?? name;
}

/** The preset of a ruleset as the protocol writes it: "isf" or {"preset": "isf", ...}. */
export function presetOf(ruleset) {
  if (typeof ruleset === 'string') return ruleset;
  return ruleset?.preset ?? 'shiphead';
}

/** {"9": ["reverse"], "8": []} -> "9 reverse, 8 no power" */
function powerWords(powers) {
  return Object.entries(powers).map(([rank, names]) => {
    const list = Array.isArray(names) ? names.map((n) => String(n).replace(/_/g, ' ')) : [];
    return `${rank} ${list.length ? list.join(' + ') : 'no power'}`;
  }).join(', ');
}

/** Overrides of a ruleset object, as short words: "jokers reverse, hand of 5". */
export function variantWords(ruleset) {
  if (!ruleset || typeof ruleset === 'string') return '';
  const words = [];
  for (const [key, value] of Object.entries(ruleset)) {
    if (key === 'preset') continue;
    if (key === 'powers' && value && typeof value === 'object') {
      words.push(`powers (${powerWords(value)})`);
    } else if (typeof value === 'boolean') words.push(`${key.replace(/_/g, ' ')} ${value ? 'on' : 'off'}`);
    else words.push(`${key.replace(/_/g, ' ')}: ${value}`);
  }
  return words.join(', ');
}
