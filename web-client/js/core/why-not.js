// Why a card the player tapped cannot be played, in a few words shown by the hand: "A 5
// is too low: it needs a 9 or higher", "Answer the 8 with an 8 or wait a turn", "Play your
// hand first". Read from the view and its `legal` list only, as the highlights are: the
// client never second-guesses the rules, it explains what the legal list already says. Pure.

import { RANKS, aRank, rankName, rankOf, numberWord, ranksWord, JOKER } from './cards.js';
import { activeSource, canPickUp, canWait, faceDownSlots, maxCountFor, playableRanks } from './selection.js';

/** "the 8", "the jack", "the joker" */
export function theRank(rank) {
  return `the ${['J', 'Q', 'K', 'A', JOKER].includes(rank) ? rankName(rank) : rank}`;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "an 8", "an 8 or a 2", "an 8, a 10 or a 2": ranks low to high. */
export function ranksOr(ranks) {
  const sorted = [...ranks].sort((a, b) => order(a) - order(b)).map(aRank);
  if (sorted.length <= 1) return sorted.join('');
  return `${sorted.slice(0, -1).join(', ')} or ${sorted.at(-1)}`;
}

function order(rank) {
  const i = RANKS.indexOf(rank);
  return i < 0 ? RANKS.length : i;
}

/**
 * Why `target` cannot go into a play now, or null when it can (or there is nothing to
 * say). `target`: { zone: 'hand' | 'face_up', card } or { zone: 'face_down', slot }.
 * `chosen`: how many cards of the target's rank are selected already.
 */
export function whyNot(target, view, { nameOf = (s) => `Seat ${s + 1}`, chosen = 0 } = {}) {
  if (!view || view.viewer === null || view.viewer === undefined || view.phase !== 'play') return null;
  const me = view.seats?.[view.viewer];
  if (me?.place > 0) return 'You are out: the others play on.';
  if (view.current !== view.viewer) return `Not your turn: it is ${nameOf(view.current)}’s move.`;
  const legal = view.legal ?? [];
  if (!legal.length) return null;
  const source = activeSource(view);

  if (target.zone === 'face_down') {
    if (faceDownSlots(legal).includes(target.slot)) return null;
    if (source === 'hand') return 'Face-down cards come last: play your hand first.';
    if (source === 'face_up') return 'Play your face-up cards before the face-down ones.';
    return 'That card cannot be turned over now.';
  }
  if (target.zone === 'face_up' && source === 'hand') {
    return 'Play your hand first: your face-up cards come after it.';
  }

  const rank = rankOf(target.card);
  const playable = playableRanks(legal);
  if (playable.has(rank)) {
    const most = maxCountFor(legal, rank);
    return chosen >= most ? `At most ${numberWord(most)} ${most === 1 ? rankName(rank) : ranksWord(rank)} in one play.` : null;
  }
  const top = view.top?.rank ?? null;
  const card = capital(aRank(rank));
  if (canWait(legal)) {
    const what = top ? theRank(top) : 'the wait card';
    return playable.size ? `Answer ${what} with ${ranksOr(playable)}, or wait a turn.` : `Nothing you hold answers ${what}: wait a turn.`;
  }
  if (!playable.size) {
    if (faceDownSlots(legal).length) return 'Turn over one of your face-down cards.';
    if (canPickUp(legal)) return top ? `Nothing you hold goes on ${theRank(top)}: pick up the pile.` : 'Nothing fits: pick up the pile.';
    return null;
  }
  if (top && RANKS.includes(rank) && RANKS.includes(top) && !view.top.used) {
    if (order(rank) < order(top)) return `${card} is too low: it needs ${aRank(top)} or higher.`;
    if (order(rank) > order(top)) return `${card} is too high: it needs ${aRank(top)} or lower.`;
  }
  return `${card} cannot go on the pile now.`;
}
