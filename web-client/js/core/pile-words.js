// What the pile means right now, in words under it: the card that counts (invisible
// cards skipped), whether its rule is used up, and the run towards N of a kind. Pure.

import { rankOf, aRank, numberWord, ranksWord } from './cards.js';

/**
 * { counts: "a 9" | null, under: "a 7" | null, run: "three 5s in a row" | null, note }
 * from the view's pile, top and run.
 */
export function pileWords(view) {
  const pile = view?.pile ?? [];
  if (!pile.length) return { counts: null, under: null, run: null, note: 'The pile is empty: play anything.' };
  const topCard = pile[pile.length - 1];
  const topRank = rankOf(topCard);
  const top = view.top;
  if (!top) {
    return { counts: null, under: aRank(topRank), run: null,
      note: `Only invisible cards on the pile: anything goes.` };
  }
  const counts = aRank(top.rank);
  // The physical top card is invisible when the card that counts has another rank.
  const under = topRank !== top.rank ? aRank(topRank) : null;
  let note = under ? `${capital(under)} is invisible: play on ${counts}.` : `Play on ${counts}.`;
  if (top.used) note = `${capital(counts)} whose rule is used up${under ? `, under ${under}` : ''}.`;
  let run = null;
  if (view.run && view.run.length >= 2) {
    run = `${numberWord(view.run.length)} ${ranksWord(view.run.rank)} in a row`;
  }
  return { counts, under, run, note };
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
