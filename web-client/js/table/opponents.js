// An opponent's place at the table: name plate, face-down backs with face-up cards on
// them, the number of cards in hand, and their state (to act, out, offline, a bot).

import { h } from '../ui/dom.js';
import { backEl, cardChip, miniCardEl, shownDownEl } from './card-el.js';
import { ordinal } from '../core/event-words.js';
import { tableLayout } from '../core/table-cards.js';
import { cardName, sortCards } from '../core/cards.js';

export function seatBadges(roomSeat) {
  const badges = [];
  if (!roomSeat) return badges;
  if (roomSeat.bot) badges.push(h('span', { class: 'badge bot', title: `${roomSeat.bot} bot` }, 'bot'));
  else if (roomSeat.left) badges.push(h('span', { class: 'badge warn' }, 'left'));
  else if (roomSeat.controlled_by_bot) badges.push(h('span', { class: 'badge warn' }, 'auto'));
  else if (!roomSeat.connected) badges.push(h('span', { class: 'badge warn' }, 'offline'));
  return badges;
}

export function avatar(name, bot) {
  const initial = [...(name ?? '?').trim()][0] ?? '?';
  return h('span', { class: `avatar${bot ? ' bot' : ''}`, 'aria-hidden': 'true' }, bot ? '⚙' : initial.toUpperCase());
}

/**
 * An opponent's table cards: face-down slots with the face-up cards lying on them.
 * `faceDown`: the face-down cards by slot, when they may be shown (a game over, on the
 * game page); each is then marked on its back, the face-up card on it slid down.
 * `face` draws a face-up card (small ones by default), `label` names the group.
 */
export function tableCards(viewSeat, className, { faceDown = null, face = miniCardEl, label = null } = {}) {
  const down = viewSeat.face_down ?? [];
  const up = viewSeat.face_up ?? [];
  // Laid out as the player sees their own (extra face-up cards of swap stacking beyond
  // the slots); a slot played empty is just cloth again.
  const stacks = tableLayout(down, up.length).map(({ slot, up: j }) => {
    const shown = slot !== null && faceDown?.[slot];
    return h('div', { class: `stack${shown && j !== null ? ' peek' : ''}` },
      slot !== null ? (shown ? shownDownEl(faceDown[slot], 'under') : backEl('under')) : null,
      j !== null ? face(up[j], 'over') : null);
  });
  const downCount = down.filter(Boolean).length;
  return h('div', { class: `table-cards ${className}`, role: 'group',
    'aria-label': label ?? `${up.length} face up, ${downCount} face down` }, ...stacks);
}

/** A hand shown whole (the game page's "all cards"): each card its rank and suit, low to high. */
export function shownHandEl(cards, name) {
  const sorted = sortCards(cards);
  return h('div', { class: 'seat-hand', role: 'img', 'aria-label': `${name}’s hand: ${sorted.map(cardName).join(', ')}` },
    ...sorted.map((card) => cardChip(card)));
}

/**
 * `give`: while the player's give-pile joker waits for a target, what a tap on this seat
 * does (hand it the pile); the whole seat is then one button. `shown`: { hand, faceDown },
 * every card of the seat, when nothing is secret any more (a game over, on the game page).
 */
export function opponentEl({ seat, roomSeat, viewSeat, current, phase, timerText, give = null, shown = null }) {
  const name = roomSeat?.name ?? `Seat ${seat + 1}`;
  const toAct = phase === 'play' && current === seat;
  const out = viewSeat && viewSeat.place > 0;
  const classes = ['seat', toAct && 'to-act', out && 'out', roomSeat && !roomSeat.bot && !roomSeat.connected && 'away',
    give && 'give-target'].filter(Boolean).join(' ');
  const handCount = viewSeat?.hand_count ?? 0;
  const words = [name];
  if (roomSeat?.bot) words.push('bot');
  if (viewSeat) words.push(`${handCount} in hand`);
  if (toAct) words.push('to play');
  if (out) words.push(`out, ${ordinal(viewSeat.place)}`);
  return h('div', { class: classes, 'data-seat': String(seat), role: 'group', 'aria-label': words.join(', ') },
    h('div', { class: 'plate' },
      avatar(name, roomSeat?.bot),
      // A long name may end in an ellipsis on a small screen: the title keeps it whole.
      h('span', { class: 'seat-name', title: name }, name),
      ...seatBadges(roomSeat),
      toAct && timerText !== null ? h('span', { class: 'timer', 'data-timer': 'turn' }, timerText) : null),
    // Hand count and table cards are grid items of the seat, so that a phone can put the
    // count beside the name and give the cards the whole width.
    viewSeat ? h('div', { class: 'hand-count', title: `${handCount} cards in hand` },
      h('span', { class: 'mini-backs', 'aria-hidden': 'true' },
        ...Array.from({ length: Math.min(handCount, 5) }, () => h('span', { class: 'mini-back' }))),
      h('span', { class: 'hand-number' }, String(handCount))) : null,
    viewSeat ? tableCards(viewSeat, 'small', { faceDown: shown?.faceDown }) : null,
    viewSeat && shown?.hand?.length ? shownHandEl(shown.hand, name) : null,
    phase === 'swap' && viewSeat ? h('div', { class: `swap-state${viewSeat.swapped ? ' done' : ''}` },
      viewSeat.swapped ? 'Ready' : 'Choosing…') : null,
    out ? h('div', { class: 'place-badge' }, ordinal(viewSeat.place)) : null,
    give ? h('button', { type: 'button', class: 'give-btn', 'data-testid': 'give-pile', 'data-focus': `give:${seat}`,
      'aria-label': `Give the pile to ${name}`, title: `Give the pile to ${name}`, onclick: give },
    h('span', { class: 'give-tag', 'aria-hidden': 'true' }, 'Give')) : null);
}
