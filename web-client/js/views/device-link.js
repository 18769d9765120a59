// "Use on another device": the link that carries a player's token to their other phone
// or computer. The link is a key (whoever opens it plays as them), so it stays folded
// away until asked for, and says so where it is shown.

import { h, replace } from '../ui/dom.js';
import { deviceLink } from '../core/routes.js';
import { toast } from '../ui/toast.js';

export function deviceLinkEl(app) {
  const panel = h('div', { class: 'device-panel', id: 'device-panel', hidden: true });
  const toggle = h('button', { type: 'button', class: 'secondary', 'aria-expanded': 'false', 'aria-controls': 'device-panel',
    'data-testid': 'device-link-toggle', onclick: () => {
      const open = panel.hidden;
      panel.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      if (open) fill();
    } }, 'Use on another device');

  const fill = () => {
    const token = app.identity.token;
    if (!token) {
      replace(panel, h('p', { class: 'hint' }, 'Play one game first: then this device has an identity to carry over.'));
      return;
    }
    const link = deviceLink(location.origin, token);
    const name = app.me.name || 'you';
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
    replace(panel,
      h('p', { class: 'device-warning', id: 'device-warning', role: 'note' },
        h('strong', {}, 'This link is a key. '),
        `Anyone who opens it plays as ${name}, with your name, games and rating. Send it only to yourself, and never post it.`),
      h('p', { class: 'hint' }, `Open it on your other phone or computer: that device then plays as ${name} too.`),
      h('div', { class: 'share-link' }, input,
        h('button', { type: 'button', class: 'secondary', 'data-testid': 'copy-device-link', onclick: copy }, 'Copy'),
        typeof navigator.share === 'function'
          ? h('button', { type: 'button', class: 'secondary', 'data-testid': 'share-device-link', onclick: share }, 'Share…')
          : null));
  };

  return h('section', { class: 'device-link', 'aria-labelledby': 'device-title' },
    h('h2', { id: 'device-title' }, 'Your other devices'),
    h('p', { class: 'hint' }, 'Playing on a new phone? Carry this identity over, rather than picking a new name.'),
    toggle, panel);
}
