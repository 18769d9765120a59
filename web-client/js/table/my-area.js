// The player's own place: face-down cards with face-up cards on them, and the hand.
// In the swap it arranges cards (tap a hand card then a face-up card, or drag one onto
// the other); in play it selects cards of one rank from the active source (and, when the
// legal list allows it, face-up cards with the hand). Only what the view's `legal` list
// allows is highlighted. Read only (the game page), the same place is a drawing: no
// card is a button.

import { h } from '../ui/dom.js';
import { backEl, cardButton, cardEl } from './card-el.js';
import { tableCards } from './opponents.js';
import { rankOf, sortCards } from '../core/cards.js';
import { activeSource, isPlayable, turnableSlots, zoneCards } from '../core/selection.js';
import { tableLayout } from '../core/table-cards.js';
import { fanLayout } from '../core/hand-fan.js';
import { ordinal } from '../core/event-words.js';

/** Hand instances in display order (low to high), keys kept from the view's order. */
export function displayOrder(instances) {
  const order = sortCards(instances.map((i) => i.card));
  const pool = [...instances];
  return order.map((card) => pool.splice(pool.findIndex((i) => i.card === card), 1)[0]);
}

/**
 * The viewer's place at the table: their name (gold while they are to play, with their
 * place once out) over `area`, the cards of myAreaEl.
 */
export function myPlaceEl(view, name, area) {
  const me = view.seats[view.viewer];
  const toAct = view.phase === 'play' && view.current === view.viewer;
  return h('div', { class: `me${toAct ? ' to-act' : ''}`, 'data-seat': String(view.viewer) },
    h('div', { class: 'me-plate' },
      h('span', { class: 'seat-name', title: name }, name),
      me.place > 0 ? h('span', { class: 'badge ok' }, `out · ${ordinal(me.place)}`) : null),
    area);
}

/**
 * Draws the area. `ui`: { selection, swap, swapping, handlers: { tapCard, doubleTapCard,
 * tapSwap, turnFaceDown } }; or, for a drawing of a seat's cards that nothing can be done
 * with, { readOnly: true, owner: the seat's name, faceDown: its face-down cards by slot
 * when they may be shown }.
 */
export function myAreaEl(view, ui) {
  if (ui.readOnly) return shownAreaEl(view, ui);
  const me = view.seats[view.viewer];
  const source = activeSource(view);
  const swapping = ui.swapping;
  const downSlots = swapping ? new Set() : turnableSlots(view);

  // Table cards: face-down slots with face-up cards on them.
  const faceUp = swapping ? ui.swap.faceUp : me.face_up;
  const down = me.face_down ?? [];
  const faceUpInstances = swapping
    ? faceUp.map((card, index) => ({ key: `face_up:${index}`, card, index, zone: 'face_up' }))
    : zoneCards(view, 'face_up');
  const stacks = [];
  for (const { slot, up } of tableLayout(down, faceUpInstances.length)) {
    const parts = [];
    if (slot !== null) {
      parts.push(downSlots.has(slot)
        ? h('button', { type: 'button', class: 'card back card-btn playable under',
          'data-slot': String(slot), 'data-focus': `down:${slot}`,
          'aria-label': `Face-down card ${slot + 1}: turn it over and play it`,
          onclick: () => ui.handlers.turnFaceDown(slot) }, backEl('inner').firstChild)
        : explains(backEl('under', `face-down card ${slot + 1}`), ui, swapping ? null : { zone: 'face_down', slot }));
    }
    if (up !== null) parts.push(faceUpButton(faceUpInstances[up], view, ui, source));
    if (parts.length) stacks.push(h('div', { class: 'stack' }, ...parts));
  }

  // The hand.
  const handCards = swapping ? ui.swap.hand.map((card, index) => ({ key: `hand:${index}`, card, index, zone: 'hand' }))
    : zoneCards(view, 'hand');
  const ordered = displayOrder(handCards);
  const handButtons = ordered.map((inst) => {
    if (swapping) {
      const picked = ui.swap.picked?.zone === 'hand' && ui.swap.picked.index === inst.index;
      return cardButton(inst.card, { key: inst.key, zone: 'hand', picked, swappable: true,
        onclick: () => ui.handlers.tapSwap('hand', inst.index) });
    }
    const playable = isPlayable(inst, view);
    return cardButton(inst.card, { key: inst.key, zone: 'hand', playable, selected: ui.selection.includes(inst.key),
      dim: source === 'hand' && view.legal.length > 0 && !playable,
      onclick: (event) => ui.handlers.tapCard(inst, { packed: isPackedTap(event) }),
      ondblclick: () => ui.handlers.doubleTapCard(inst) });
  });

  return h('div', { class: `my-area${swapping ? ' swapping' : ''}` },
    h('div', { class: 'my-table table-cards', role: 'group', 'aria-label': 'Your cards on the table' }, ...stacks),
    h('div', { class: 'my-hand', role: 'group', 'aria-label': `Your hand, ${handCards.length} cards`,
      'data-count': String(handCards.length) },
    ...(handButtons.length ? handButtons : [h('p', { class: 'hand-empty' }, view.phase === 'over' ? '' : 'No cards in hand')])));
}

/** The same place as a drawing (the game page): cards, never buttons; face-down ones shown when `ui.faceDown` says. */
function shownAreaEl(view, { owner, faceDown = null }) {
  const hand = sortCards(view.hand ?? []);
  return h('div', { class: 'my-area' },
    tableCards(view.seats[view.viewer], 'my-table', { faceDown, face: cardEl, label: `${owner}’s cards on the table` }),
    h('div', { class: 'my-hand', role: 'group', 'aria-label': `${owner}’s hand, ${hand.length} ${hand.length === 1 ? 'card' : 'cards'}`,
      'data-count': String(hand.length) },
    ...(hand.length ? hand.map((card) => cardEl(card)) : [h('p', { class: 'hand-empty' }, view.phase === 'over' ? '' : 'No cards in hand')])));
}

/**
 * A tap (not a key: a keyboard reaches each card on its own) on a card of a hand packed
 * by rank: it stands for the rank, since the finger cannot aim at one card of the pack.
 */
function isPackedTap(event) {
  return event.detail > 0 && Boolean(event.currentTarget?.closest('.my-hand.packed'));
}

function faceUpButton(inst, view, ui, source) {
  if (ui.swapping) {
    const picked = ui.swap.picked?.zone === 'face_up' && ui.swap.picked.index === inst.index;
    return cardButton(inst.card, { key: inst.key, zone: 'face_up', picked, swappable: true,
      onclick: () => ui.handlers.tapSwap('face_up', inst.index) });
  }
  const playable = isPlayable(inst, view);
  // Beside the hand only the face-up cards a legal play may take are buttons.
  if (source !== 'face_up' && !playable) return explains(cardEl(inst.card, 'over'), ui, { zone: 'face_up', card: inst.card });
  const button = cardButton(inst.card, { key: inst.key, zone: 'face_up', playable,
    selected: ui.selection.includes(inst.key), dim: view.legal.length > 0 && !playable,
    onclick: () => ui.handlers.tapCard(inst), ondblclick: () => ui.handlers.doubleTapCard(inst) });
  button.classList.add('over');
  return button;
}

/**
 * A card that is not a button still answers a tap with why (a pointer's courtesy: the
 * keyboard reaches the same words through the hand's buttons and the status line).
 */
function explains(el, ui, target) {
  if (target && ui.handlers.explain) el.addEventListener('click', () => ui.handlers.explain(target));
  return el;
}

/**
 * Lays the hand's cards out to fit its width (see core/hand-fan.js): the card size, the
 * lift of a selected card and the rows the screen has room for come from the CSS
 * (`--lift`, `--hand-rows`, and `--hand-rows-most`, the most it may take from felt that
 * nothing else uses), so that each layout of the table says them once. A hand
 * packed by rank gets the class `packed`; each of its cards names its run (`data-pack`),
 * and the front card of a run of two or more says how many (`data-pack-count`, drawn as
 * a badge).
 */
export function fitHand(handEl) {
  const cards = [...handEl.querySelectorAll(':scope > .card')];
  handEl.classList.toggle('fanned', cards.length > 0);
  if (!cards.length) {
    handEl.classList.remove('packed');
    handEl.style.removeProperty('height');
    return;
  }
  followFelt(handEl.closest('.felt'));
  const style = getComputedStyle(handEl);
  const px = (name) => parseFloat(style.getPropertyValue(name)) || 0;
  const width = handEl.clientWidth - px('padding-left') - px('padding-right');
  const rows = Math.max(1, Math.round(px('--hand-rows')));
  const mostRows = Math.max(rows, Math.round(px('--hand-rows-most')));
  const layout = fanLayout({
    count: cards.length, width, cardWidth: cards[0].offsetWidth, cardHeight: cards[0].offsetHeight,
    lift: px('--lift'), maxRows: rows, mostRows,
    // The hand's height now and the felt's to spare: the same whatever rows the hand has now.
    room: mostRows > rows ? handEl.offsetHeight - px('padding-bottom') + spareFelt(handEl) : 0,
    ranks: cards.map((card) => rankOf(card.dataset.card)),
  });
  // How many cards each run of a packed hand holds.
  const runLength = new Map();
  if (layout.packed) layout.group.forEach((run) => runLength.set(run, (runLength.get(run) ?? 0) + 1));
  cards.forEach((card, i) => {
    card.style.setProperty('--x', `${Math.round(px('padding-left') + layout.positions[i].x)}px`);
    card.style.setProperty('--y', `${Math.round(layout.positions[i].y)}px`);
    if (layout.packed) {
      const run = layout.group[i];
      card.dataset.pack = String(run);
      const front = layout.group[i + 1] !== run;
      if (front && runLength.get(run) > 1) card.dataset.packCount = String(runLength.get(run));
      else delete card.dataset.packCount;
    } else {
      delete card.dataset.pack;
      delete card.dataset.packCount;
    }
  });
  handEl.classList.toggle('packed', layout.packed);
  handEl.dataset.rows = String(layout.rows);
  handEl.style.height = `${Math.ceil(layout.height + px('padding-bottom'))}px`;
}

/**
 * The felt's height changes without a resize of the window or of the hand's width (a
 * phone's browser bars come and go under its 100dvh, and a resize event comes before the
 * new height): the rows the hand takes from it follow, once the felt has its new height.
 */
const followed = new WeakSet();
function followFelt(felt) {
  if (!felt || followed.has(felt) || typeof ResizeObserver !== 'function') return;
  followed.add(felt);
  let height = felt.clientHeight;
  new ResizeObserver(() => {
    if (felt.clientHeight === height) return;
    height = felt.clientHeight;
    const hand = felt.querySelector('.my-hand');
    if (hand) fitHand(hand);
  }).observe(felt);
}

/**
 * The felt's height that nothing uses (px), less than nothing when the table already
 * squeezes: the middle of the table takes what the rest leaves it (table.css,
 * `.centre-zone`) and shows the stock, the pile and their words in part of it, the row of
 * cards as tall as it asks (its `contain-intrinsic-height`) when the room allows; the rest
 * is empty cloth above and under them. A pile already smaller than that, or a felt that
 * overflows, counts against the hand.
 */
function spareFelt(handEl) {
  const felt = handEl.closest('.felt');
  const zone = felt?.querySelector(':scope > .centre-zone');
  const cards = zone?.querySelector(':scope > .centre > .centre-cards');
  if (!cards) return 0;
  const parts = [...zone.querySelectorAll(':scope > .centre > *')].filter((el) => el.getClientRects().length);
  const boxes = parts.map((el) => el.getBoundingClientRect());
  const used = Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top));
  const asked = parseFloat(/([\d.]+)px\s*$/.exec(getComputedStyle(cards).containIntrinsicHeight)?.[1]);
  const short = Number.isFinite(asked) ? Math.max(0, asked - cards.getBoundingClientRect().height) : 0;
  return Math.max(0, zone.getBoundingClientRect().height - used) - short - Math.max(0, felt.scrollHeight - felt.clientHeight);
}
