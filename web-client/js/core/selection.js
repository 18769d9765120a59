// Which of my cards may be played and what a selection of them would send.
// Pure: works on the view and its `legal` list, so node --test can check it.
// The legal list names one representative play per rank and count (e.g. ["8H"] and
// ["8H", "8S"], but not ["8S"] alone): a selection is playable when the legal list has
// a play of the same rank and count; we then send the cards the player chose.

import { rankOf } from './cards.js';

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

/** Whether this card instance of the active source may go into a play now. */
export function isPlayable(instance, view) {
  if (!instance || instance.zone !== activeSource(view)) return false;
  return playableRanks(view.legal).has(rankOf(instance.card));
}

/**
 * Taps a card: adds it to the selection, removes it, or starts a new selection when the
 * rank differs. A card that cannot be played leaves the selection as it is.
 * `selection` and the result are arrays of keys; `instances` are the zone's cards.
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

/** Selects every playable card of this card's rank, as many as one play may hold. */
export function selectAllOfRank(instance, instances, view) {
  if (!isPlayable(instance, view)) return [];
  const rank = rankOf(instance.card);
  const most = maxCountFor(view.legal, rank);
  const same = instances.filter((i) => rankOf(i.card) === rank);
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
