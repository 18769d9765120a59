// The rules document of a table (/api/rules/{preset}?ruleset=...), fetched once per
// ruleset and kept for the page's life: the words under the pile come from it. The first
// ask starts the fetch and answers null; `onLoad` runs when it has come. A failed fetch
// is asked again after a while, not at every redraw.

import { fetchPreset } from './api.js';
import { rulesetText } from '../core/routes.js';

const RETRY_AFTER_MS = 15000;
const documents = new Map();  // "preset|house rules" -> { doc, failedAt, loading }

export function tableRules(preset, ruleset, onLoad = () => {}, fetchDoc = fetchPreset) {
  if (!preset) return null;
  const text = rulesetText(ruleset);
  const key = `${preset}|${text}`;
  let entry = documents.get(key);
  if (entry?.doc) return entry.doc;
  if (entry && (entry.loading || Date.now() - entry.failedAt < RETRY_AFTER_MS)) return null;
  entry = { doc: null, failedAt: 0, loading: true };
  documents.set(key, entry);
  Promise.resolve(fetchDoc(preset, text || undefined)).then((result) => {
    entry.loading = false;
    if (result?.ok) {
      entry.doc = result.data;
      onLoad();
    } else {
      entry.failedAt = Date.now();
    }
  }, () => {
    entry.loading = false;
    entry.failedAt = Date.now();
  });
  return null;
}
