// The action buttons under the hand. Play, pick up and wait appear only when the view's
// `legal` list has them; the swap's confirm only when the arrangement is a legal swap.
// The gold button is the move that makes most sense: a play when there is one, else
// waiting out a wait card, and picking up the pile only when nothing else is left.

import { h } from '../ui/dom.js';
import { canPickUp, canWait, faceDownSlots, selectedPlay } from '../core/selection.js';
import { cardsInWords } from '../core/cards.js';
import { swapAction, swapChanged, stackingAllowed } from '../core/swap.js';

export function playControls(view, ui) {
  const legal = view.legal ?? [];
  const buttons = [];
  const play = selectedPlay(ui.selection, ui.instances, legal);
  const hasPlays = legal.some((a) => a.type === 'play');
  if (play && play.targets.length > 1) {
    // A give-pile joker: the player names who takes the pile by tapping their seat (the
    // seats are the buttons, table-screen.js), so the choice takes no more room than Play.
    buttons.push(h('p', { class: 'give-note', 'data-testid': 'give-note' }, 'Give the pile to: tap a player'));
  } else if (hasPlays) {
    buttons.push(h('button', { type: 'button', class: 'primary big', 'data-testid': 'play', disabled: !play,
      'aria-keyshortcuts': 'Enter', onclick: () => ui.handlers.play() },
    play ? `Play ${cardsInWords(play.cards)}` : 'Choose cards to play'));
  }
  const waits = canWait(legal);
  if (waits) {
    buttons.push(h('button', { type: 'button', class: hasPlays ? 'secondary big' : 'primary big', 'data-testid': 'wait',
      'aria-keyshortcuts': 'W', onclick: () => ui.handlers.wait() }, 'Wait a turn'));
  }
  if (canPickUp(legal)) {
    buttons.push(h('button', { type: 'button', class: hasPlays || waits ? 'secondary big' : 'primary big', 'data-testid': 'pickup',
      'aria-keyshortcuts': 'U', onclick: () => ui.handlers.pickup() }, `Pick up the pile (${view.pile.length})`));
  }
  if (faceDownSlots(legal).length && !hasPlays) {
    buttons.push(h('span', { class: 'control-label' }, 'Turn over one of your face-down cards'));
  }
  return buttons;
}

/** A move in words for the button that holds it: "Play two 8s", "Pick up the pile". */
export function moveWords(action) {
  switch (action?.type) {
    case 'play': return `Play ${cardsInWords(action.cards ?? [])}`;
    case 'pickup': return 'Pick up the pile';
    case 'wait': return 'Wait a turn';
    case 'play_face_down': return 'Turn over a face-down card';
    case 'swap': return 'Confirm face-up cards';
    default: return 'Your move';
  }
}

/**
 * A move that waits for the connection, or whose fate the reconnection will tell: it
 * holds the main button's place, says so, and may be taken back while it waits.
 */
export function waitingMoveControls(move, ui) {
  const waiting = !move.sent;
  return [
    h('button', { type: 'button', class: 'primary big', disabled: true, 'data-testid': 'move-waiting' },
      waiting ? `${moveWords(move.action)} · waiting to send` : `${moveWords(move.action)} · checking…`),
    waiting ? h('button', { type: 'button', class: 'secondary', 'data-testid': 'cancel-move',
      onclick: () => ui.handlers.cancelMove() }, 'Don’t send') : null,
  ];
}

export function swapControls(view, ui) {
  const dealt = view.seats[view.viewer].face_up;
  const action = swapAction(ui.swap, view.legal);
  const stacking = stackingAllowed(view.legal, dealt.length);
  const more = stacking ? swapAction(ui.swap, view.legal, { more: true }) : null;
  const changed = swapChanged(ui.swap, dealt);
  return [
    h('button', { type: 'button', class: 'primary big', 'data-testid': 'confirm-swap', disabled: !action,
      onclick: () => ui.handlers.confirmSwap(action) }, changed ? 'Confirm face-up cards' : 'Keep these cards'),
    more ? h('button', { type: 'button', class: 'secondary', onclick: () => ui.handlers.confirmSwap(more) },
      'Confirm and stack again') : null,
    changed ? h('button', { type: 'button', class: 'ghost', onclick: () => ui.handlers.resetSwap() }, 'Undo') : null,
  ];
}
