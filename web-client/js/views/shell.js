// The frame around every screen: the top bar, the connection banner, and the one screen
// the route and the table choose. Screens are kept while they stay on screen, so a form
// half filled in survives a redraw; each has `el` and `update(app)`.

import { h, replace } from '../ui/dom.js';
import { HomeScreen } from './home.js';
import { NameScreen } from './name.js';

// The name form and the home page are the first visit's (but for the form that opens a
// table, which the home page fetches); the other screens (the table with its parts, the
// leaderboard, a player's page, the rules) are fetched when first asked for, which keeps
// the first visit to about half the client's bytes.
const SCREENS = {
  name: () => NameScreen,
  home: () => HomeScreen,
  table: () => import('../table/table-screen.js').then((m) => m.TableScreen),
  leaderboard: () => import('./leaderboard.js').then((m) => m.LeaderboardScreen),
  player: () => import('./player.js').then((m) => m.PlayerScreen),
  rules: () => import('./rules.js').then((m) => m.RulesScreen),
  game: () => import('./game.js').then((m) => m.GameScreen),
  moved: () => import('./moved.js').then((m) => m.MovedScreen),
};

// Pages that need no connection: still shown to a player who now plays elsewhere.
const READING = new Set(['leaderboard', 'player', 'rules', 'game']);

/** Starts fetching a screen's code before it is needed (a table link, say). */
export function prefetchScreen(kind) {
  const loaded = SCREENS[kind]();
  if (loaded instanceof Promise) loaded.catch(() => {});
}

export class Shell {
  constructor(root) {
    this.root = root;
    this.screen = null;
    this.screenKey = null;
    this.classes = new Map();      // kind -> screen class, once its code is here
    this.loading = new Set();      // kinds being fetched
    this.loadFailed = null;        // a kind whose code did not arrive
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
    // Over a page that needs no connection, when this player plays in another tab now.
    this.movedBar = h('div', { class: 'moved-bar', role: 'status', 'data-testid': 'session-moved-bar', hidden: true });
    // Said once after a device link: whose identity this device now carries.
    this.notice = h('div', { class: 'notice', role: 'status', 'data-testid': 'claimed', hidden: true });
    replace(root, this.topbar, this.banner, this.movedBar, this.notice, this.backToTable, this.main);
    // A game's page ("/g/ID") opens without loading the app again: the table and the
    // connection stay. With a key held, a link opens elsewhere as any link does.
    root.addEventListener('click', (e) => {
      const link = e.target.closest?.('a[href^="/g/"]');
      if (!link || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      this.app.openGame(link.getAttribute('href'));
    });
  }

  attach(app) {
    this.app = app;
  }

  // [key, kind, make]: the screen to show, the kind of screen (SCREENS) and how to make one.
  chooseScreen(app) {
    const route = app.route;
    // Playing in another tab: the way back ("Play here"), or a page to read with a bar saying so.
    if (app.moved && !READING.has(route.page)) return ['moved', 'moved', (Screen) => new Screen(app)];
    // A game's page can be shared: it opens for anyone, before a name too.
    if (route.page === 'game') return [`game:${route.id}`, 'game', (Screen) => new Screen(app, route.id)];
    // A new player stays on the name form until the server has said yes to the name.
    if (!app.hasIdentity || location.hash === '#/name' || (app.helloError && !app.welcomed)
      || (!app.identity.token && !app.welcomed && !app.claiming)) {
      return ['name', 'name', (Screen) => new Screen(app)];
    }
    if (route.page === 'leaderboard') return ['leaderboard', 'leaderboard', (Screen) => new Screen(app)];
    if (route.page === 'player') return [`player:${route.id}`, 'player', (Screen) => new Screen(app, route.id)];
    if (route.page === 'rules') {
      return [`rules:${route.preset ?? ''}?${route.ruleset ?? ''}`, 'rules', (Screen) => new Screen(app, route.preset, route.ruleset)];
    }
    // A table the server kept us at since the tab was closed is not entered unasked.
    if (app.inRoom && !app.parked) return [`table:${app.table.room.code}`, 'table', (Screen) => new Screen(app)];
    return ['home', 'home', (Screen) => new Screen(app)];
  }

  // The screen class of `kind`, or null while its code is on the way (a render follows
  // its arrival).
  screenClass(kind, app) {
    if (this.classes.has(kind)) return this.classes.get(kind);
    const loaded = SCREENS[kind]();
    if (!(loaded instanceof Promise)) {
      this.classes.set(kind, loaded);
      return loaded;
    }
    if (!this.loading.has(kind)) {
      this.loading.add(kind);
      this.loadFailed = null;
      loaded.then((Screen) => { this.classes.set(kind, Screen); })
        .catch(() => { this.loadFailed = kind; })
        .finally(() => { this.loading.delete(kind); app.render(); });
    }
    return null;
  }

  // What stands in for a screen whose code has not arrived: a line, or why not and a retry.
  placeholder(app, kind) {
    if (this.loadFailed === kind) {
      return h('div', { class: 'screen-loading', role: 'alert' },
        h('p', {}, 'This page did not load: check the connection.'),
        h('button', { type: 'button', class: 'secondary', onclick: () => { this.loadFailed = null; app.render(); } }, 'Try again'));
    }
    return h('div', { class: 'screen-loading', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'Loading…');
  }

  render(app) {
    const [key, kind, make] = this.chooseScreen(app);
    if (key !== this.screenKey) {
      const Screen = this.loadFailed === kind ? null : this.screenClass(kind, app);
      if (!Screen) {
        this.screen?.destroy?.();
        this.screen = null;
        this.screenKey = null;
        replace(this.main, this.placeholder(app, kind));
        app.takeFresh();
        this.updateChrome(app, key);
        return;
      }
      this.screen?.destroy?.();
      this.screen = make(Screen);
      this.screenKey = key;
      replace(this.main, this.screen.el);
      window.scrollTo(0, 0);
    }
    document.body.classList.toggle('at-table', key.startsWith('table:'));
    document.body.classList.toggle('at-game', key.startsWith('game:'));
    // Moves made while the table was out of sight are not replayed as a burst of animations.
    if (!key.startsWith('table:')) app.takeFresh();
    this.updateChrome(app, key);
    this.screen.update(app);
    // A tab in the background still says when it is your move.
    const view = app.table.view;
    const myMove = view && view.viewer !== null && (view.legal ?? []).length > 0 && view.phase !== 'over';
    document.title = app.moved ? 'Playing elsewhere · Shithead'
      : myMove ? '● Your move · Shithead' : key.startsWith('game:') ? `Game ${key.slice(5)} · Shithead`
        : app.inRoom ? `${app.table.room.code} · Shithead` : 'Shithead';
  }

  /**
   * "You are at table K7MPQ2. Back to the table" over a page read while seated; over the
   * lobby after the tab was closed at a table, also whether its game waits for you, and
   * "Leave it". Drawn again only when what it says changes.
   */
  drawBackToTable(app) {
    const room = app.table.room;
    const view = app.table.view;
    const mine = view && view.viewer !== null && view.viewer !== undefined;
    const playing = mine && view.phase !== 'over';
    const myMove = playing && (view.legal ?? []).length > 0;
    const state = `${room.code}:${app.parked ? 'parked' : 'away'}:${playing}:${myMove}`;
    if (this.backToTable.dataset.state === state) return;
    this.backToTable.dataset.state = state;
    if (!app.parked) {
      replace(this.backToTable, `You are at table ${room.code}. `,
        h('a', { href: '#/', 'data-testid': 'back-to-table' }, 'Back to the table'));
      return;
    }
    replace(this.backToTable,
      h('span', {}, `You are still at table ${room.code}`,
        playing ? (myMove ? ', and it is your move.' : ', and its game goes on.') : '.'),
      h('a', { href: '#/', 'data-testid': 'back-to-table', onclick: () => app.backToTable() }, 'Back to the table'),
      h('button', { type: 'button', class: 'link-button', 'data-testid': 'leave-parked', onclick: () => app.leaveAsked() },
        'Leave it'));
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
    // Reading a page while seated, or back in the lobby after closing the tab at a table:
    // the way back to the table is always in sight (and, from the lobby, the way out).
    const away = app.inRoom && !key.startsWith('table:') && key !== 'name' && !app.moved;
    this.backToTable.hidden = !away;
    if (away) this.drawBackToTable(app);
    const movedBar = app.moved && key !== 'moved';
    if (movedBar !== !this.movedBar.hidden) {
      this.movedBar.hidden = !movedBar;
      replace(this.movedBar, movedBar ? ['You’re playing in another tab or on another device.',
        h('button', { type: 'button', class: 'secondary', 'data-testid': 'play-here', onclick: () => app.playHere() }, 'Play here')]
        : []);
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
