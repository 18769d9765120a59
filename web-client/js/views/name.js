// Picking a name: on the first visit (also when opening a table link), after the server
// refused a name, and from the name chip to rename. A name someone else holds keeps what
// was typed, offers free names close to it (each asked of /api/players, a handful at
// most) and points its owner to "Use on another device", which is how a name is reclaimed.

import { h, replace } from '../ui/dom.js';
import { checkName, nameVariants } from '../core/identity.js';
import { findPlayersByName } from '../net/api.js';
import { playerHash } from '../core/routes.js';
import { deviceLinkEl } from './device-link.js';

export class NameScreen {
  constructor(app) {
    this.app = app;
    this.input = h('input', {
      id: 'name-input', name: 'name', type: 'text', maxlength: 40, autocomplete: 'nickname',
      autocapitalize: 'words', spellcheck: 'false', required: true, value: app.nameTried || app.me.name || '',
      'aria-describedby': 'name-help name-error',
    });
    this.error = h('p', { id: 'name-error', class: 'form-error', role: 'alert' });
    this.taken = h('div', { class: 'name-taken', 'data-testid': 'name-taken', hidden: true });
    this.suggestedFor = null;
    this.intro = h('p', { class: 'lead' });
    this.title = h('h1', {});
    this.submitButton = h('button', { type: 'submit', class: 'primary big' }, 'Let’s play');
    this.cancel = h('button', { type: 'button', class: 'ghost', onclick: () => this.close() }, 'Cancel');
    this.more = h('div', { class: 'name-more' });
    const form = h('form', { class: 'name-form', onsubmit: (e) => this.submit(e) },
      h('label', { for: 'name-input' }, 'Your name'),
      this.input,
      h('p', { id: 'name-help', class: 'hint' }, 'Up to 20 characters. Others see it at the table and on the leaderboard.'),
      this.error,
      this.taken,
      h('div', { class: 'form-actions' }, this.submitButton, this.cancel));
    this.el = h('section', { class: 'name-screen' },
      h('div', { class: 'name-card' }, h('div', { class: 'name-fan', 'aria-hidden': 'true' },
        h('span', { class: 'fan-card c1' }, 'A♠'), h('span', { class: 'fan-card c2' }, '10♥'),
        h('span', { class: 'fan-card c3' }, '2♣')),
      this.title, this.intro, form, this.more));
    queueMicrotask(() => this.input.focus());
  }

  update(app) {
    const renaming = app.welcomed && Boolean(app.identity.token) && !app.helloError;
    const hasToken = Boolean(app.identity.token);
    this.title.textContent = hasToken ? 'Change your name' : 'Welcome to the table';
    replace(this.intro, app.pendingJoin
      ? `You’ve been invited to table ${app.pendingJoin}. Pick a name to sit down.`
      : hasToken ? 'Your games and rating stay yours: only the name changes.'
        : 'The card game where nobody wants to be last. Pick a name and you’re in.');
    this.cancel.hidden = !hasToken;
    // A new player's name is on its way to the server: wait for its answer here.
    const checking = !hasToken && Boolean(app.me.name) && !app.helloError;
    this.submitButton.disabled = checking;
    this.submitButton.textContent = checking ? 'Checking the name…' : 'Let’s play';
    this.error.textContent = app.helloError ?? '';
    this.showTaken(app.nameTaken);
    // Renaming: the way to this identity's page and to the other devices.
    const wantMore = renaming && app.me.playerId;
    if (wantMore && !this.more.firstChild) {
      replace(this.more, h('p', { class: 'hint' }, h('a', { href: playerHash(app.me.playerId), 'data-testid': 'my-page' },
        'Your player page')), deviceLinkEl(app));
    } else if (!wantMore && this.more.firstChild) {
      replace(this.more);
    }
  }

  /** The name is someone else's: free names near it, and the way for its owner to reclaim it. */
  showTaken(name) {
    if (name === this.suggestedFor) return;
    this.suggestedFor = name;
    this.taken.hidden = !name;
    if (!name) {
      replace(this.taken);
      return;
    }
    const list = h('div', { class: 'name-suggestions', role: 'group', 'aria-label': 'Free names' },
      h('span', { class: 'hint' }, 'Looking for a free name like it…'));
    replace(this.taken,
      list,
      h('p', { class: 'hint reclaim', 'data-testid': 'reclaim-hint' },
        h('strong', {}, 'Is it you? '),
        `Open “Use on another device” on your other phone (tap your name there), and open its link here: this device then plays as ${name}.`));
    this.suggest(name, list);
    // On a phone the offers sit below the fold: bring them into view.
    queueMicrotask(() => this.taken.scrollIntoView?.({ block: 'nearest' }));
  }

  async suggest(name, list) {
    const candidates = nameVariants(name);
    // One request each, one after another: a handful, well within the API's limit.
    const free = [];
    for (const candidate of candidates) {
      const answer = await findPlayersByName(candidate);
      if (this.suggestedFor !== name) return;
      // Without an answer (no store here) the server still judges the name on submit.
      if (!answer.ok || !(answer.data?.players ?? []).length) free.push(candidate);
      if (free.length >= 3) break;
    }
    if (!free.length) {
      replace(list, h('span', { class: 'hint' }, 'Try adding a letter or a number.'));
      return;
    }
    replace(list, h('span', { class: 'hint' }, 'Free: '), ...free.map((candidate) => h('button', {
      type: 'button', class: 'secondary small suggestion', 'data-testid': 'name-suggestion',
      'aria-label': `Play as ${candidate}`, onclick: () => {
        this.input.value = candidate;
        this.submit();
      },
    }, candidate)));
  }

  submit(event) {
    event?.preventDefault();
    const checked = checkName(this.input.value);
    if (!checked.ok) {
      this.error.textContent = checked.reason;
      this.input.focus();
      return;
    }
    this.error.textContent = '';
    this.app.helloError = null;
    this.app.nameTried = checked.name;
    if (location.hash === '#/name') history.replaceState(null, '', location.pathname);
    this.app.chooseName(checked.name);
  }

  close() {
    history.replaceState(null, '', location.pathname);
    if (this.app.helloError) this.app.keepName();
    else this.app.render();
  }
}
