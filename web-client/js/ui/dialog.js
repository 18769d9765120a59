// A question in the page rather than the browser's confirm(): it looks like the game,
// keeps focus inside until answered (Tab goes round), Escape or a tap beside it is "no",
// and focus goes back to where it was. Resolves true for the confirming answer.

import { h } from './dom.js';

let counter = 0;

export function confirmDialog({ title, text, confirm = 'OK', cancel = 'Cancel', testid = 'confirm-dialog' }) {
  counter += 1;
  const titleId = `dialog-title-${counter}`;
  const textId = `dialog-text-${counter}`;
  const before = document.activeElement;
  return new Promise((resolve) => {
    let overlay = null;
    const close = (answer) => {
      overlay.remove();
      if (before instanceof HTMLElement && before.isConnected) before.focus({ preventScroll: true });
      resolve(answer);
    };
    const no = h('button', { type: 'button', class: 'secondary big', 'data-testid': `${testid}-cancel`, onclick: () => close(false) }, cancel);
    const yes = h('button', { type: 'button', class: 'danger big', 'data-testid': `${testid}-confirm`, onclick: () => close(true) }, confirm);
    const card = h('div', { class: 'overlay-card dialog-card', role: 'alertdialog', 'aria-modal': 'true',
      'aria-labelledby': titleId, 'aria-describedby': textId, 'data-testid': testid },
    h('h2', { id: titleId }, title),
    h('p', { id: textId }, text),
    h('div', { class: 'overlay-actions' }, no, yes));
    overlay = h('div', { class: 'overlay dialog-overlay', onclick: (e) => { if (e.target === overlay) close(false); } }, card);
    overlay.addEventListener('keydown', (e) => {
      // The table's own keys (Enter plays, Escape clears) must not act behind the dialog.
      e.stopPropagation();
      if (e.key === 'Escape') {
        e.preventDefault();
        close(false);
      } else if (e.key === 'Tab') {
        const stops = [no, yes];
        const at = stops.indexOf(document.activeElement);
        e.preventDefault();
        stops[(at + (e.shiftKey ? -1 : 1) + stops.length) % stops.length].focus();
      }
    });
    document.body.append(overlay);
    // The safe answer has focus: Enter by habit keeps the player at the table.
    no.focus();
  });
}
