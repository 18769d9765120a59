// Quick reactions one tap from the table on a phone. There the panel that holds the
// reaction buttons is a drawer, and a reaction took three taps (the drawer, the Chat tab,
// the face); now the bar's smiley opens a row of them beside itself, and a face is sent
// with the next tap. Choosing one, Escape or a tap anywhere else closes the row.

import { h } from '../ui/dom.js';
import { REACTIONS } from './side-panel.js';

const GAP = 6;     // px between the smiley and the row
const MARGIN = 8;  // px the row keeps from the screen's edges

export class ReactionTray {
  constructor({ onReact }) {
    this.open = false;
    this.toggleButton = null;
    this.el = h('div', { class: 'reaction-tray', id: 'reaction-tray', role: 'group', 'aria-label': 'Quick reactions',
      'data-testid': 'reaction-tray', hidden: true },
    ...REACTIONS.map((reaction) => h('button', { type: 'button', class: 'reaction-btn', 'aria-label': `React ${reaction}`,
      onclick: () => { onReact(reaction); this.close(); } }, reaction)));
    this.onOutside = (event) => {
      if (this.open && !this.el.contains(event.target) && !this.toggleButton?.contains(event.target)) this.close();
    };
    this.onKey = (event) => {
      if (!this.open || event.key !== 'Escape') return;
      event.stopPropagation();
      this.close();
      this.toggleButton?.focus();
    };
    this.onResize = () => { if (this.open) this.place(); };
    document.addEventListener('pointerdown', this.onOutside, true);
    document.addEventListener('keydown', this.onKey, true);
    window.addEventListener('resize', this.onResize);
  }

  /** The bar's button that opens and closes the row; the bar is redrawn often, so a new one each time. */
  button() {
    this.toggleButton = h('button', { type: 'button', class: 'icon-btn react-toggle', 'data-testid': 'react-toggle',
      'aria-label': 'React', 'aria-expanded': String(this.open), 'aria-controls': 'reaction-tray',
      onclick: () => this.toggle() }, h('span', { 'aria-hidden': 'true' }, '🙂'));
    if (this.open) queueMicrotask(() => this.place());
    return this.toggleButton;
  }

  toggle() {
    if (this.open) this.close();
    else this.show();
  }

  show() {
    this.open = true;
    this.el.hidden = false;
    this.toggleButton?.setAttribute('aria-expanded', 'true');
    this.place();
  }

  close() {
    this.open = false;
    this.el.hidden = true;
    this.toggleButton?.setAttribute('aria-expanded', 'false');
  }

  // Under the smiley when the bar runs across the top, to its left when the bar is the
  // rail of a phone held sideways; always inside the screen.
  place() {
    const anchor = this.toggleButton?.getBoundingClientRect();
    if (!anchor || anchor.width === 0) return;
    const row = this.el.getBoundingClientRect();
    const rail = anchor.left > window.innerWidth * 0.75 && window.innerWidth > window.innerHeight;
    let left = rail ? anchor.left - GAP - row.width : anchor.right - row.width;
    let top = rail ? anchor.top + (anchor.height - row.height) / 2 : anchor.bottom + GAP;
    left = Math.max(MARGIN, Math.min(left, window.innerWidth - row.width - MARGIN));
    top = Math.max(MARGIN, Math.min(top, window.innerHeight - row.height - MARGIN));
    this.el.style.left = `${Math.round(left)}px`;
    this.el.style.top = `${Math.round(top)}px`;
  }

  destroy() {
    document.removeEventListener('pointerdown', this.onOutside, true);
    document.removeEventListener('keydown', this.onKey, true);
    window.removeEventListener('resize', this.onResize);
  }
}
