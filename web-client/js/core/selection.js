// Which of my cards may be played and what a selection of them would send.
// Pure: works on the view and its `legal` list, so node --test can check it.
// The legal list names one representative play per rank and count (e.g. ["8H"] and
// ["8H", "8S"], but not ["8S"] alone): a selection is playable when the legal list has
// a play of the same rank and count; we then send the cards the player chose.
// With the `play_from_table` house rule a play from the hand may take face-up cards too;
// the client reads that from the legal list (a play the hand alone cannot make), never
// from the ruleset or the phase.

import { rankOf } from './cards.js';
import { tableLayout } from './table-cards.js';

/** Where the viewer plays from now: the hand, then face-up cards, then face-down ones. */
export function activeSource(view) {
  if (!view || view.viewer === null || view.viewer === undefined) return null;
  const seat = view.seats?.[view.viewer];
  if (view.hand?.length) return 'hand';
  if (seat?.face_up?.length) return 'face_up';
  if (seat?.face_down?.some(Boolean)) return 'face_down';
  return null;
}

/** The viewer's cards in one zone, each with a key that survives duplicate cards (two decks). */
export function zoneCards(view, zone) {
  if (!view || view.viewer === null || view.viewer === undefined) return [];
  const cards = zone === 'hand' ? view.hand ?? [] : view.seats?.[view.viewer]?.face_up ?? [];
  return cards.map((card, index) => ({ key: `${zone}:${index}`, card, index, zone }));
}

function legalPlays(legal) {
  return (legal ?? []).filter((a) => a.type === 'play');
}

/** Whether `cards` (with repeats, two decks) are all among `held`. */
function heldAll(held, cards) {
  const pool = [...held];
  for (const card of cards) {
    const i = pool.indexOf(card);
    if (i < 0) return false;
    pool.splice(i, 1);
  }
  return true;
}

/**
 * Whether face-up cards of `rank` may go into a play with the hand: some legal play of
 * that rank is more than the hand holds. (The server lists each rank up to all its cards,
 * so a face-up card of a playable rank always shows up in its longest play.)
 */
export function tableJoinsHand(view, rank) {
  if (activeSource(view) !== 'hand') return false;
  return legalPlays(view.legal).some((a) => rankOf(a.cards[0]) === rank && !heldAll(view.hand, a.cards));
}

/** Every card instance a play may take now: the active source's, and the face-up ones beside the hand. */
export function playInstances(view) {
  const source = activeSource(view);
  if (source === 'hand') return [...zoneCards(view, 'hand'), ...zoneCards(view, 'face_up')];
  if (source === 'face_up') return zoneCards(view, 'face_up');
  return [];
}

/** Ranks that some legal play uses. */
export function playableRanks(legal) {
  return new Set(legalPlays(legal).map((a) => rankOf(a.cards[0])));
}

/** The most cards of `rank` one legal play holds (0: none). */
export function maxCountFor(legal, rank) {
  let most = 0;
  for (const a of legalPlays(legal)) if (rankOf(a.cards[0]) === rank) most = Math.max(most, a.cards.length);
  return most;
}

/** Whether this card instance may go into a play now (a face-up one beside the hand only as the legal list allows). */
export function isPlayable(instance, view) {
  if (!instance) return false;
  const rank = rankOf(instance.card);
  const source = activeSource(view);
  if (instance.zone === source) return playableRanks(view.legal).has(rank);
  return instance.zone === 'face_up' && tableJoinsHand(view, rank);
}

/**
 * Taps a card: adds it to the selection, removes it, or starts a new selection when the
 * rank differs. A card that cannot be played leaves the selection as it is.
 * `selection` and the result are arrays of keys; `instances` are playInstances(view).
 */
export function toggleCard(selection, instance, instances, view) {
  if (!isPlayable(instance, view)) return selection;
  if (selection.includes(instance.key)) return selection.filter((k) => k !== instance.key);
  const rank = rankOf(instance.card);
  const chosen = instances.filter((i) => selection.includes(i.key));
  if (chosen.length === 0 || rankOf(chosen[0].card) !== rank) return [instance.key];
  if (chosen.length + 1 > maxCountFor(view.legal, rank)) return selection;
  return [...selection, instance.key];
}

/**
 * A tap on a rank packed in a long hand (core/hand-fan.js): it stands for the rank, not
 * for the card under the finger. It adds one more card of that rank, up to as many as one
 * play may hold, and the tap after that puts them all back; a tap on another rank starts
 * a new selection. A rank that cannot be played leaves the selection as it is.
 */
export function tapPackedRank(selection, instance, instances, view) {
  if (!isPlayable(instance, view)) return selection;
  const rank = rankOf(instance.card);
  const chosen = instances.filter((i) => selection.includes(i.key));
  if (chosen.length === 0 || rankOf(chosen[0].card) !== rank) return [instance.key];
  const spare = instances.find((i) => i.zone === instance.zone && rankOf(i.card) === rank && !selection.includes(i.key));
  if (!spare || chosen.length >= maxCountFor(view.legal, rank)) return [];
  return [...selection, spare.key];
}

/** Selects every playable card of this card's rank, as many as one play may hold. */
export function selectAllOfRank(instance, instances, view) {
  if (!isPlayable(instance, view)) return [];
  const rank = rankOf(instance.card);
  const most = maxCountFor(view.legal, rank);
  const same = instances.filter((i) => rankOf(i.card) === rank && isPlayable(i, view));
  // Keep the tapped card in, then fill up with the others of its rank.
  const ordered = [instance, ...same.filter((i) => i.key !== instance.key)];
  return ordered.slice(0, most).map((i) => i.key);
}

/** Drops keys that no longer name a playable card (the view changed under the selection). */
export function pruneSelection(selection, instances, view) {
  const valid = instances.filter((i) => selection.includes(i.key) && isPlayable(i, view));
  if (!valid.length) return [];
  const rank = rankOf(valid[0].card);
  const sameRank = valid.filter((i) => rankOf(i.card) === rank);
  return sameRank.slice(0, maxCountFor(view.legal, rank)).map((i) => i.key);
}

/**
 * What the selection would play: { cards, targets } where targets lists the seats a
 * give-pile joker may hand the pile to (empty when no target is needed); null when the
 * selection is not a legal play.
 */
export function selectedPlay(selection, instances, legal) {
  const cards = instances.filter((i) => selection.includes(i.key)).map((i) => i.card);
  if (!cards.length) return null;
  const rank = rankOf(cards[0]);
  if (cards.some((c) => rankOf(c) !== rank)) return null;
  const matches = legalPlays(legal).filter((a) => a.cards.length === cards.length && rankOf(a.cards[0]) === rank);
  if (!matches.length) return null;
  const targets = [...new Set(matches.filter((a) => a.target !== undefined).map((a) => a.target))];
  return { cards, targets };
}

/** The play action to send; `target` only when the play needs one. */
export function playAction(play, target) {
  const action = { type: 'play', cards: play.cards };
  if (play.targets.length) action.target = target ?? play.targets[0];
  return action;
}

export function canPickUp(legal) {
  return (legal ?? []).some((a) => a.type === 'pickup');
}

export function canWait(legal) {
  return (legal ?? []).some((a) => a.type === 'wait');
}

/** Face-down slots the viewer may turn now. */
export function faceDownSlots(legal) {
  return (legal ?? []).filter((a) => a.type === 'play_face_down').map((a) => a.slot);
}

/** Face-down slots the viewer may turn now and can reach: legal, and not under a face-up card. */
export function turnableSlots(view) {
  const legal = new Set(faceDownSlots(view?.legal));
  if (!legal.size || view.viewer === null || view.viewer === undefined) return new Set();
  const seat = view.seats?.[view.viewer];
  const open = tableLayout(seat?.face_down, seat?.face_up?.length ?? 0)
    .filter((p) => p.slot !== null && p.up === null && legal.has(p.slot)).map((p) => p.slot);
  // Should the server ever name slots this layout covers, the legal list still wins.
  return open.length ? new Set(open) : legal;
}
