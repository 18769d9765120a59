// The frame around every screen: the top bar, the connection banner, and the one screen
// the route and the table choose. Screens are kept while they stay on screen, so a form
// half filled in survives a redraw; each has `el` and `update(app)`.

import { h, replace } from '../ui/dom.js';
import { HomeScreen } from './home.js';
import { NameScreen } from './name.js';
import { LeaderboardScreen } from './leaderboard.js';
import { PlayerScreen } from './player.js';
import { RulesScreen } from './rules.js';
import { TableScreen } from '../table/table-screen.js';

export class Shell {
  constructor(root) {
    this.root = root;
    this.screen = null;
    this.screenKey = null;
    this.banner = h('div', { class: 'conn-banner', role: 'status', 'aria-live': 'polite', hidden: true });
    this.nameChip = h('button', { class: 'name-chip', type: 'button', 'data-testid': 'name-chip',
      onclick: () => { location.hash = '#/name'; } });
    this.nav = h('nav', { class: 'top-nav', 'aria-label': 'Main' },
      h('a', { href: '#/', 'data-nav': 'home' }, 'Play'),
      h('a', { href: '#/leaderboard', 'data-nav': 'leaderboard' }, 'Leaderboard'),
      h('a', { href: '#/rules', 'data-nav': 'rules' }, 'Rules'));
    this.topbar = h('header', { class: 'topbar' },
      h('a', { class: 'brand', href: '#/', 'aria-label': 'Shithead: home' },
        h('span', { class: 'brand-mark', 'aria-hidden': 'true' }, '♠'),
        h('span', { class: 'brand-word' }, 'Shithead')),
      this.nav, this.nameChip);
    this.main = h('main', { id: 'screen', class: 'screen' });
    this.backToTable = h('div', { class: 'back-to-table', hidden: true });
    // Said once after a device link: whose identity this device now carries.
    this.notice = h('div', { class: 'notice', role: 'status', 'data-testid': 'claimed', hidden: true });
    replace(root, this.topbar, this.banner, this.notice, this.backToTable, this.main);
  }

  attach(app) {
    this.app = app;
  }

  chooseScreen(app) {
    const route = app.route;
    // A new player stays on the name form until the server has said yes to the name.
    if (!app.hasIdentity || location.hash === '#/name' || (app.helloError && !app.welcomed)
      || (!app.identity.token && !app.welcomed && !app.claiming)) {
      return ['name', () => new NameScreen(app)];
    }
    if (route.page === 'leaderboard') return ['leaderboard', () => new LeaderboardScreen(app)];
    if (route.page === 'player') return [`player:${route.id}`, () => new PlayerScreen(app, route.id)];
    if (route.page === 'rules') {
      return [`rules:${route.preset ?? ''}?${route.ruleset ?? ''}`, () => new RulesScreen(app, route.preset, route.ruleset)];
    }
    if (app.inRoom) return [`table:${app.table.room.code}`, () => new TableScreen(app)];
    return ['home', () => new HomeScreen(app)];
  }

  render(app) {
    const [key, make] = this.chooseScreen(app);
    if (key !== this.screenKey) {
      this.screen?.destroy?.();
      this.screen = make();
      this.screenKey = key;
      replace(this.main, this.screen.el);
      window.scrollTo(0, 0);
    }
    document.body.classList.toggle('at-table', key.startsWith('table:'));
    // Moves made while the table was out of sight are not replayed as a burst of animations.
    if (!key.startsWith('table:')) app.takeFresh();
    this.updateChrome(app, key);
    this.screen.update(app);
    // A tab in the background still says when it is your move.
    const view = app.table.view;
    const myMove = view && view.viewer !== null && (view.legal ?? []).length > 0 && view.phase !== 'over';
    document.title = myMove ? '● Your move · Shithead' : app.inRoom ? `${app.table.room.code} · Shithead` : 'Shithead';
  }

  updateChrome(app, key) {
    this.nameChip.textContent = app.me.name ? app.me.name : 'Pick a name';
    this.nameChip.setAttribute('aria-label', app.me.name ? `Playing as ${app.me.name}: change name` : 'Pick a name');
    const page = key.split(':')[0];
    for (const link of this.nav.querySelectorAll('a')) {
      const current = link.dataset.nav === page || (page === 'player' && link.dataset.nav === 'leaderboard');
      if (current) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    this.notice.hidden = !app.claimed;
    if (app.claimed && this.notice.dataset.at !== String(app.claimed.at)) {
      this.notice.dataset.at = String(app.claimed.at);
      replace(this.notice, h('span', {}, 'This device now plays as ', h('strong', {}, app.claimed.name), '.'),
        app.me.playerId ? h('a', { href: `#/player/${encodeURIComponent(app.me.playerId)}` }, 'Your page') : null,
        h('button', { type: 'button', class: 'link-button', onclick: () => { app.claimed = null; app.render(); } }, 'OK'));
    }
    // Reading a page while seated: the way back to the table is always in sight.
    const away = app.inRoom && !key.startsWith('table:') && key !== 'name';
    this.backToTable.hidden = !away;
    if (away) {
      replace(this.backToTable, `You are at table ${app.table.room.code}. `,
        h('a', { href: '#/', 'data-testid': 'back-to-table' }, 'Back to the table'));
    }
    // The banner says so whenever we are not connected and should be.
    const showBanner = app.hasIdentity && app.status !== 'open' && app.status !== 'idle';
    this.banner.hidden = !showBanner;
    if (showBanner) {
      replace(this.banner, h('span', { class: 'spinner', 'aria-hidden': 'true' }),
        app.status === 'connecting' ? 'Connecting…' : 'Connection lost — reconnecting…',
        h('button', { type: 'button', class: 'link-button', onclick: () => app.connection.reconnectNow() }, 'Retry now'));
    }
    document.body.classList.toggle('offline', showBanner);
  }
}
