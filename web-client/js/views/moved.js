// Shown when this player said hello in another tab or on another device: the server
// closed this tab's connection, and it stays closed (a tab that came back by itself would
// take the player away from where they now play). "Play here" connects again, which in
// turn moves the other tab or device away.

import { h } from '../ui/dom.js';

export class MovedScreen {
  constructor(app) {
    this.name = h('strong', {});
    this.el = h('section', { class: 'moved-screen', 'data-testid': 'session-moved' },
      h('div', { class: 'moved-card' },
        h('h1', {}, 'You’re playing in another tab or on another device'),
        h('p', { class: 'lead' }, 'You play as ', this.name,
          ' in one place at a time, so this tab has stopped. Nothing here is sent or received until you come back.'),
        h('button', { type: 'button', class: 'primary big', 'data-testid': 'play-here', onclick: () => app.playHere() }, 'Play here'),
        h('p', { class: 'hint' }, 'The other tab or device then stops instead. At a table, your seat comes with you.')));
    queueMicrotask(() => this.el.querySelector('button').focus({ preventScroll: true }));
  }

  update(app) {
    this.name.textContent = app.me.name || 'yourself';
  }
}
