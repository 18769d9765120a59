// Picking a name: on the first visit (also when opening a table link), after the server
// refused a name, and from the name chip to rename.

import { h, replace } from '../ui/dom.js';
import { checkName } from '../core/identity.js';

export class NameScreen {
  constructor(app) {
    this.app = app;
    this.input = h('input', {
      id: 'name-input', name: 'name', type: 'text', maxlength: 40, autocomplete: 'nickname',
      autocapitalize: 'words', spellcheck: 'false', required: true, value: app.me.name ?? '',
      'aria-describedby': 'name-help name-error',
    });
    this.error = h('p', { id: 'name-error', class: 'form-error', role: 'alert' });
    this.intro = h('p', { class: 'lead' });
    this.title = h('h1', {});
    this.cancel = h('button', { type: 'button', class: 'ghost', onclick: () => this.close() }, 'Cancel');
    const form = h('form', { class: 'name-form', onsubmit: (e) => this.submit(e) },
      h('label', { for: 'name-input' }, 'Your name'),
      this.input,
      h('p', { id: 'name-help', class: 'hint' }, 'Up to 20 characters. Others see it at the table and on the leaderboard.'),
      this.error,
      h('div', { class: 'form-actions' }, h('button', { type: 'submit', class: 'primary big' }, 'Let’s play'), this.cancel));
    this.el = h('section', { class: 'name-screen' },
      h('div', { class: 'name-card' }, h('div', { class: 'name-fan', 'aria-hidden': 'true' },
        h('span', { class: 'fan-card c1' }, 'A♠'), h('span', { class: 'fan-card c2' }, '10♥'),
        h('span', { class: 'fan-card c3' }, '2♣')),
      this.title, this.intro, form));
    queueMicrotask(() => this.input.focus());
  }

  update(app) {
    const renaming = app.hasIdentity && !app.helloError;
    this.title.textContent = renaming ? 'Change your name' : 'Welcome to the table';
    replace(this.intro, app.pendingJoin
      ? `You’ve been invited to table ${app.pendingJoin}. Pick a name to sit down.`
      : renaming ? 'Your games and rating stay yours: only the name changes.'
        : 'The card game where nobody wants to be last. Pick a name and you’re in.');
    this.cancel.hidden = !renaming;
    if (app.helloError) this.error.textContent = app.helloError;
  }

  submit(event) {
    event.preventDefault();
    const checked = checkName(this.input.value);
    if (!checked.ok) {
      this.error.textContent = checked.reason;
      this.input.focus();
      return;
    }
    this.error.textContent = '';
    this.app.helloError = null;
    if (location.hash === '#/name') history.replaceState(null, '', location.pathname);
    this.app.chooseName(checked.name);
  }

  close() {
    history.replaceState(null, '', location.pathname);
    this.app.render();
  }
}
