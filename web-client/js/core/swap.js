// The swap before play: the player exchanges hand cards with face-up cards on the table
// (tap a hand card, then a face-up card, or drag one onto the other) and confirms. The
// arrangement lives here as a plain value; the legal list decides what may be sent.

import { rankOf } from './cards.js';

/** A fresh arrangement from the view: what was dealt, nothing picked. */
export function startSwap(hand, faceUp) {
  return { hand: [...hand], faceUp: [...faceUp], picked: null };
}

function sameMultiset(a, b) {
  if (a.length !== b.length) return false;
  const sa = [...a].sort();
  const sb = [...b].sort();
  return sa.every((card, i) => card === sb[i]);
}

/** Whether swap stacking is on: some legal swap puts down more cards than were dealt. */
export function stackingAllowed(legal, dealtFaceUp) {
  return (legal ?? []).some((a) => a.type === 'swap' && a.face_up.length > dealtFaceUp);
}

/** Exchanges hand[handIndex] with faceUp[faceUpIndex]. */
export function exchange(state, handIndex, faceUpIndex) {
  const hand = [...state.hand];
  const faceUp = [...state.faceUp];
  if (hand[handIndex] === undefined || faceUp[faceUpIndex] === undefined) return { ...state, picked: null };
  [hand[handIndex], faceUp[faceUpIndex]] = [faceUp[faceUpIndex], hand[handIndex]];
  return { hand, faceUp, picked: null };
}

/** Swap stacking: puts hand[handIndex] on the face-up stack of its rank. */
export function stack(state, handIndex, faceUpIndex) {
  const card = state.hand[handIndex];
  const onto = state.faceUp[faceUpIndex];
  if (card === undefined || onto === undefined || rankOf(card) !== rankOf(onto)) return { ...state, picked: null };
  const hand = state.hand.filter((_, i) => i !== handIndex);
  const faceUp = [...state.faceUp];
  faceUp.splice(faceUpIndex + 1, 0, card);
  return { hand, faceUp, picked: null };
}

/**
 * A tap on a card in `zone` ("hand" or "face_up") at `index`. The first tap picks a card;
 * a second tap on the other zone exchanges the two (or stacks a card of the same rank
 * when stacking is on); a tap on the picked card drops the pick; a tap elsewhere in the
 * same zone picks that card instead.
 */
export function tapSwap(state, zone, index, { stacking = false } = {}) {
  const picked = state.picked;
  if (!picked) return { ...state, picked: { zone, index } };
  if (picked.zone === zone) {
    return picked.index === index ? { ...state, picked: null } : { ...state, picked: { zone, index } };
  }
  const handIndex = zone === 'hand' ? index : picked.index;
  const faceUpIndex = zone === 'face_up' ? index : picked.index;
  if (stacking && rankOf(state.hand[handIndex]) === rankOf(state.faceUp[faceUpIndex])) {
    return stack(state, handIndex, faceUpIndex);
  }
  return exchange(state, handIndex, faceUpIndex);
}

/**
 * The swap action that sends this arrangement, or null when the rules would refuse it.
 * `more` asks to stack again after drawing (swap stacking only).
 */
export function swapAction(state, legal, { more = false } = {}) {
  const match = (legal ?? []).find(
    (a) => a.type === 'swap' && Boolean(a.more) === more && sameMultiset(a.face_up, state.faceUp));
  if (!match) return null;
  const action = { type: 'swap', face_up: [...state.faceUp] };
  if (more) action.more = true;
  return action;
}

/** Whether the arrangement differs from what was dealt. */
export function swapChanged(state, dealtFaceUp) {
  return !sameMultiset(state.faceUp, dealtFaceUp);
}
