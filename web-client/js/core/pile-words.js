// What the pile means right now, in words under it: the card that counts (invisible
// cards skipped), what may follow it, and the run towards the N of a kind that burns.
// What may follow comes from the table's own rules in words (the server's
// /api/rules/{preset}?ruleset=..., its `pile_words` and `run_burn`), never from a copy of
// the rules here; until they have come, the line names only the card that counts. Pure.

import { rankOf, aRank, numberWord, ranksWord } from './cards.js';

/**
 * { counts: "a 9" | null, under: "a 7" | null, run: "three 5s: a fourth burns" | null, note }
 * from the view's pile, top and run, and the table's rules document (or null).
 */
export function pileWords(view, rules = null) {
  const pile = view?.pile ?? [];
  const follows = (key) => rules?.pile_words?.[key] ?? null;
  if (!pile.length) return { counts: null, under: null, run: null, note: follows('empty') ?? 'The pile is empty: play anything.' };
  const topCard = pile[pile.length - 1];
  const topRank = rankOf(topCard);
  const top = view.top;
  if (!top) {
    return { counts: null, under: aRank(topRank), run: null, note: 'Only invisible cards on the pile: play anything.' };
  }
  const counts = aRank(top.rank);
  // The physical top card is invisible when the card that counts has another rank.
  const under = topRank !== top.rank ? aRank(topRank) : null;
  const rule = follows(top.used ? `<${top.rank}>` : `[${top.rank}]`)
    ?? (top.used ? `${capital(counts)}, used up.` : `Play on ${counts}.`);
  const note = under ? `${capital(under)} is invisible: ${lower(rule)}` : rule;
  return { counts, under, run: runWords(view.run, rules), note };
}

/**
 * "three 5s: a fourth burns" where that many of the rank in a row burn the pile; nothing
 * where a run of it burns nothing (or before the rules have come).
 */
function runWords(run, rules) {
  if (!run || run.length < 2) return null;
  const burns = rules?.run_burn?.[run.rank];
  if (!burns || run.length >= burns) return null;
  const more = burns - run.length;
  return `${numberWord(run.length)} ${ranksWord(run.rank)}: ${more === 1 ? `a ${ORDINALS[burns] ?? `${burns}th`} burns` : `${numberWord(more)} more burn`}`;
}

const ORDINALS = ['', '', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lower(text) {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
