// "Use on another device": a short code (and a link holding it) that makes the player's
// other phone or computer play as them. The code works once, for ten minutes; the token
// itself never leaves this device. Also "Sign out other devices", for a lost phone or a
// borrowed computer. Shown on the player's own page and in the name menu.

import { h, replace } from '../ui/dom.js';
import { deviceCodeLink } from '../core/routes.js';
import { clock } from '../core/format.js';
import { confirmDialog } from '../ui/dialog.js';
import { toast } from '../ui/toast.js';

// A code with this long still to live is shown again when the panel opens, not replaced.
const REUSE_IF_LEFT_MS = 300_000;

export class DeviceLinkPanel {
  constructor(app) {
    this.app = app;
    this.shown = undefined;   // the app's deviceCode the panel was drawn for
    this.timer = null;
    this.panel = h('div', { class: 'device-panel', id: 'device-panel', hidden: true });
    this.toggle = h('button', { type: 'button', class: 'secondary', 'aria-expanded': 'false', 'aria-controls': 'device-panel',
      'data-testid': 'device-link-toggle', onclick: () => this.setOpen(this.panel.hidden) }, 'Use on another device');
    this.signOut = h('div', { class: 'sign-out-others' },
      h('p', { class: 'hint' }, 'Lost a phone, or played on a computer that is not yours? Sign out everywhere else; this device stays signed in.'),
      h('button', { type: 'button', class: 'secondary', 'data-testid': 'sign-out-others', onclick: () => this.confirmSignOut() },
        'Sign out other devices'));
    this.el = h('section', { class: 'device-link', 'aria-labelledby': 'device-title' },
      h('h2', { id: 'device-title' }, 'Your other devices'),
      h('p', { class: 'hint' }, 'Playing on a new phone? Carry this identity over with a code, rather than picking a new name.'),
      this.toggle, this.panel, this.signOut);
  }

  update(app) {
    this.signOut.hidden = !app.identity.token;
    if (!this.panel.hidden && app.deviceCode !== this.shown) this.fill();
  }

  setOpen(open) {
    this.panel.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
    if (!open) {
      this.stopTimer();
      return;
    }
    // The code below the toggle, in sight (on a player page it starts below the fold).
    queueMicrotask(() => this.el.scrollIntoView({ block: 'start' }));
    const current = this.app.deviceCode;
    const reuse = current?.asked || (current?.expiresAt && current.expiresAt - Date.now() > REUSE_IF_LEFT_MS);
    if (this.app.identity.token && !reuse) this.app.requestDeviceCode();
    this.fill();
  }

  async confirmSignOut() {
    const name = this.app.me.name || 'you';
    const sure = await confirmDialog({
      title: 'Sign out your other devices?',
      text: `Every other phone, tablet or computer playing as ${name} stops playing as ${name}. To come back there, `
        + 'it needs a new code from this device. This device stays signed in.',
      confirm: 'Sign them out',
      cancel: 'Keep them',
      testid: 'sign-out-dialog',
    });
    if (sure) this.app.signOutOthers();
  }

  // Draws the panel for the app's deviceCode: asked, failed, shown (with its countdown) or gone.
  fill() {
    const app = this.app;
    const state = app.deviceCode;
    this.shown = state;
    this.stopTimer();
    if (!app.identity.token) {
      replace(this.panel, h('p', { class: 'hint' }, 'Pick a name first: then this device has an identity to carry over.'));
      return;
    }
    const again = (label) => h('button', { type: 'button', class: 'secondary', 'data-testid': 'new-device-code',
      onclick: () => app.requestDeviceCode() }, label);
    if (!state || state.asked) {
      replace(this.panel, h('p', { class: 'hint', role: 'status' }, state ? 'Getting a code…' : 'No code yet.'),
        state ? null : again('Get a code'));
      return;
    }
    if (state.error) {
      replace(this.panel, h('p', { class: 'form-error', role: 'alert' }, state.error), again('Try again'));
      return;
    }
    const name = app.me.name || 'you';
    const link = deviceCodeLink(location.origin, state.code);
    const expiry = h('p', { class: 'device-expiry', 'data-testid': 'device-code-expiry' });
    const codeBox = h('p', { class: 'device-code', 'data-testid': 'device-code' }, state.code);
    const input = h('input', { id: 'device-link', type: 'text', readonly: true, value: link, 'data-testid': 'device-link',
      'aria-label': `Link that makes another device play as ${name}`, 'aria-describedby': 'device-warning',
      onfocus: (e) => e.target.select() });
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(link);
        toast('Link copied. Open it on your other device.');
      } catch {
        input.focus();
        input.select();
        toast('Copy the link from the box.');
      }
    };
    const share = async () => {
      try {
        await navigator.share({ title: `Play as ${name}`, url: link });
      } catch { /* closed without sharing */ }
    };
    const live = h('div', { class: 'device-live' },
      h('p', { class: 'hint' }, 'On your other device, enter this code on the name screen (“Have a code from your other device?”), or open this link there:'),
      h('div', { class: 'share-link' }, input,
        h('button', { type: 'button', class: 'secondary', 'data-testid': 'copy-device-link', onclick: copy }, 'Copy'),
        typeof navigator.share === 'function'
          ? h('button', { type: 'button', class: 'secondary', 'data-testid': 'share-device-link', onclick: share }, 'Share…')
          : null),
      h('p', { class: 'device-warning', id: 'device-warning', role: 'note' },
        h('strong', {}, 'Keep it to yourself. '),
        `It works once, but whoever uses it in the next minutes plays as ${name}, with your name, games and rating. Never post it.`));
    const expired = h('p', { class: 'form-error', role: 'status', hidden: true }, 'This code has expired: ask for a new one.');
    replace(this.panel, h('div', { class: 'device-code-row' }, codeBox, expiry), expired, live, again('New code'));

    // The countdown, every second while the panel is on screen.
    const tick = () => {
      if (!this.el.isConnected || this.panel.hidden) {
        this.stopTimer();
        return;
      }
      const left = state.expiresAt - Date.now();
      if (left <= 0) {
        this.stopTimer();
        codeBox.classList.add('expired');
        expiry.textContent = 'Expired';
        expired.hidden = false;
        live.hidden = true;
        return;
      }
      expiry.textContent = `Works once · expires in ${clock(left)}`;
    };
    tick();
    this.timer = setInterval(tick, 1000);
  }

  stopTimer() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
