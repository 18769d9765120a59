// Picking a name: on the first visit (also when opening a table link), after the server
// refused a name, and from the name chip to rename. A name someone else holds keeps what
// was typed, offers free names close to it (each asked of /api/players, a handful at
// most) and points its owner to a device code, which is how a name is reclaimed: the
// form below the name takes one. A device whose token stopped working (signed out from
// another device) is told so here, and so is a newcomer the server will not take just now.

import { h, replace } from '../ui/dom.js';
import { checkName, nameVariants } from '../core/identity.js';
import { findPlayersByName } from '../net/api.js';
import { playerHash } from '../core/routes.js';

export class NameScreen {
  constructor(app) {
    this.app = app;
    this.input = h('input', {
      id: 'name-input', name: 'name', type: 'text', maxlength: 40, autocomplete: 'nickname',
      autocapitalize: 'words', spellcheck: 'false', required: true, value: app.nameTried || app.me.name || '',
      'aria-describedby': 'name-help name-error',
    });
    this.error = h('p', { id: 'name-error', class: 'form-error', role: 'alert' });
    // Why the server makes no new player just now, and what to do instead.
    this.refused = h('div', { class: 'name-refused', 'data-testid': 'new-player-refused', hidden: true });
    this.refusedFor = null;
    this.taken = h('div', { class: 'name-taken', 'data-testid': 'name-taken', hidden: true });
    this.suggestedFor = null;
    this.intro = h('p', { class: 'lead' });
    this.title = h('h1', {});
    this.submitButton = h('button', { type: 'submit', class: 'primary big' }, 'Let’s play');
    this.cancel = h('button', { type: 'button', class: 'ghost', onclick: () => this.close() }, 'Cancel');
    this.more = h('div', { class: 'name-more' });
    this.devices = null;           // "Use on another device" when renaming, fetched then
    this.signedOut = h('div', { class: 'signed-out', role: 'status', 'data-testid': 'signed-out-notice', hidden: true });
    this.signedOutFor = undefined;
    this.codeInput = h('input', {
      id: 'device-code-input', name: 'device-code', type: 'text', maxlength: 64, autocomplete: 'off',
      autocapitalize: 'characters', spellcheck: 'false', placeholder: 'K7MP-Q2XD', 'data-testid': 'device-code-input',
      'aria-describedby': 'device-code-help device-code-error',
    });
    this.codeButton = h('button', { type: 'submit', class: 'secondary', 'data-testid': 'use-device-code' }, 'Use code');
    this.codeError = h('p', { id: 'device-code-error', class: 'form-error', role: 'alert' });
    const codeForm = h('form', { class: 'device-code-form', onsubmit: (e) => this.useCode(e) },
      h('label', { for: 'device-code-input' }, 'Have a code from your other device?'),
      h('div', { class: 'code-row' }, this.codeInput, this.codeButton),
      h('p', { id: 'device-code-help', class: 'hint' }, 'On the device you play on now: tap your name, then “Use on another device”.'),
      this.codeError);
    const form = h('form', { class: 'name-form', onsubmit: (e) => this.submit(e) },
      h('label', { for: 'name-input' }, 'Your name'),
      this.input,
      h('p', { id: 'name-help', class: 'hint' }, 'Up to 20 characters. Others see it at the table and on the leaderboard.'),
      this.error,
      this.refused,
      this.taken,
      h('div', { class: 'form-actions' }, this.submitButton, this.cancel));
    this.el = h('section', { class: 'name-screen' },
      h('div', { class: 'name-card' }, h('div', { class: 'name-fan', 'aria-hidden': 'true' },
        h('span', { class: 'fan-card c1' }, 'A♠'), h('span', { class: 'fan-card c2' }, '10♥'),
        h('span', { class: 'fan-card c3' }, '2♣')),
      this.title, this.intro, this.signedOut, form, codeForm, this.more));
    // A device signed out reads why first: the notice above stays in sight.
    queueMicrotask(() => this.input.focus({ preventScroll: Boolean(app.signedOut) }));
  }

  update(app) {
    const renaming = app.welcomed && Boolean(app.identity.token) && !app.helloError;
    const hasToken = Boolean(app.identity.token);
    this.title.textContent = hasToken ? 'Change your name' : 'Welcome to the table';
    replace(this.intro, app.claiming && !hasToken ? 'Checking the code from your other device…'
      : app.pendingJoin ? `You’ve been invited to table ${app.pendingJoin}. Pick a name to sit down.`
        : hasToken ? 'Your games and rating stay yours: only the name changes.'
          : 'The card game where nobody wants to be last. Pick a name and you’re in.');
    this.showSignedOut(app.signedOut);
    this.cancel.hidden = !hasToken;
    // A new player's name is on its way to the server: wait for its answer here.
    const checking = !hasToken && Boolean(app.me.name) && !app.helloError;
    this.submitButton.disabled = checking || Boolean(app.claiming);
    this.submitButton.textContent = checking ? 'Checking the name…' : 'Let’s play';
    // One hello at a time: a name being checked, or a code.
    this.codeButton.disabled = Boolean(app.claiming) || checking;
    this.codeButton.textContent = app.claiming ? 'Checking…' : 'Use code';
    this.codeError.textContent = app.deviceCodeError ?? '';
    this.error.textContent = app.helloError ?? '';
    this.showRefused(app.newPlayerRefused);
    this.showTaken(app.nameTaken);
    // Renaming: the way to this identity's page and to the other devices.
    const wantMore = renaming && app.me.playerId;
    if (wantMore && !this.more.firstChild) {
      replace(this.more, h('p', { class: 'hint' }, h('a', { href: playerHash(app.me.playerId), 'data-testid': 'my-page' },
        'Your player page')));
      this.addDevices();
    } else if (!wantMore && this.more.firstChild) {
      replace(this.more);
      this.devices = null;
    }
    this.devices?.update(app);
  }

  // Renaming is rare, so "Use on another device" comes only then, not on the first visit.
  async addDevices() {
    try {
      const { DeviceLinkPanel } = await import('./device-link.js');
      if (!this.more.firstChild || this.devices) return;
      this.devices = new DeviceLinkPanel(this.app);
      this.more.append(this.devices.el);
      this.devices.update(this.app);
    } catch { /* no connection for the module: the player page has it too */ }
  }

  /** This device was someone, and no longer is: say who, why it may be, and what to do. */
  showSignedOut(signedOut) {
    if (signedOut === this.signedOutFor) return;
    this.signedOutFor = signedOut;
    this.signedOut.hidden = !signedOut;
    if (!signedOut) {
      replace(this.signedOut);
      return;
    }
    const name = signedOut.name;
    replace(this.signedOut,
      h('p', {}, h('strong', {}, name ? `This device is no longer signed in as ${name}.` : 'This device is no longer signed in.')),
      h('p', {}, 'It was signed out from another device, or this server no longer knows the player. ',
        name ? `To play as ${name} here again, enter a code from a device that still plays as ${name}, below. Or pick a new name.`
          : 'Enter a code from your other device, below, or pick a new name.'));
  }

  /**
   * The server makes no new player from here just now: the limit of new players an
   * address may make in an hour (a school, an office or a phone network shares one), or
   * a full registry. Someone who has played here before is not new: a code brings them in.
   */
  showRefused(code) {
    if (code === this.refusedFor) return;
    this.refusedFor = code;
    this.refused.hidden = !code;
    if (!code) {
      replace(this.refused);
      return;
    }
    const before = 'Played here before, on another device? Enter a code from it below: that is you, not a new player.';
    replace(this.refused, code === 'rate_limited'
      ? [h('p', {}, 'People who share one internet address, as at a school, an office or on some phone networks, '
        + 'count together, and this server lets only so many new players in from one address each hour.'),
      h('p', {}, before),
      h('p', {}, 'Otherwise try again later, or ask whoever runs this server to let more new players in.')]
      : [h('p', {}, before), h('p', {}, 'Otherwise try again later, or ask whoever runs this server.')]);
    // On a phone the words sit below the fold: bring them into view.
    queueMicrotask(() => this.refused.scrollIntoView?.({ block: 'nearest' }));
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
        `On your other phone or computer, tap your name, then “Use on another device”, and enter its code below: this device then plays as ${name}.`));
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

  useCode(event) {
    event.preventDefault();
    this.app.useDeviceCode(this.codeInput.value);
  }

  close() {
    history.replaceState(null, '', location.pathname);
    if (this.app.helloError) this.app.keepName();
    else this.app.render();
  }
}
