// Card elements for the table: a face or a back in a sized box, and a card as a button
// the player can choose (with its state in its accessible name).

import { h } from '../ui/dom.js';
import { cardFace, cardFaceMini, cardBack } from '../ui/card-svg.js';
import { cardName, cardShort, parseCard } from '../core/cards.js';

export function cardEl(card, className = '') {
  return h('div', { class: `card ${className}`.trim(), 'data-card': card }, cardFace(card));
}

/** A small card (an opponent's face-up card): the rank large enough to read. */
export function miniCardEl(card, className = '') {
  return h('div', { class: `card mini ${className}`.trim(), 'data-card': card }, cardFaceMini(card));
}

export function backEl(className = '', label = 'face-down card') {
  return h('div', { class: `card back ${className}`.trim() }, cardBack(label));
}

/** A card as its rank and suit in a small tag ("10♥"), coloured by its suit: a drawing for the eye only. */
export function cardChip(card) {
  const c = parseCard(card);
  const suit = c?.joker ? (c.joker === 'red' ? 'H' : 'S') : c?.suit ?? '';
  return h('span', { class: `card-chip suit-${suit}`, 'aria-hidden': 'true' }, cardShort(card));
}

/**
 * A face-down card whose face may be shown (a game over, on the game page): still a back,
 * as it lies, with a tag at its top saying what it is.
 */
export function shownDownEl(card, className = '') {
  const el = backEl(`${className} shown-down`, `${cardName(card)}, face down`);
  el.append(cardChip(card));
  return el;
}

/**
 * A card the player can act on. `state`: { playable, selected, picked, disabled }.
 * Its name is text only a screen reader hears, standing for the drawing as an <img alt>
 * would: what a sighted player sees, "8 of hearts, playable, selected". (As an aria-label
 * it would override the drawing's corner indices, which checkers read as a visible label
 * that the name must repeat: "8 8".)
 */
export function cardButton(card, { key, playable = false, swappable = false, selected = false, picked = false,
  dim = false, onclick, ondblclick, zone } = {}) {
  const words = [cardName(card)];
  if (playable) words.push('playable');
  if (swappable) words.push(zone === 'hand' ? 'in your hand' : 'on the table');
  if (selected) words.push('selected');
  if (picked) words.push('picked to swap');
  const face = cardFace(card);
  // The drawing would say its name a second time.
  face.setAttribute('aria-hidden', 'true');
  face.removeAttribute('role');
  return h('button', {
    type: 'button',
    class: ['card', 'card-btn', (playable || swappable) && 'playable', selected && 'selected', picked && 'picked', dim && 'dim']
      .filter(Boolean).join(' '),
    'aria-pressed': String(selected || picked),
    'data-card': card,
    'data-key': key,
    'data-zone': zone,
    'data-focus': key,
    onclick,
    ondblclick,
  }, face, h('span', { class: 'sr-only' }, words.join(', ')));
}
