// The lobby: play against bots in one tap, quick play, join by code, open a table, and
// the live list of public tables. The form that opens a table comes a moment after the
// rest: its code is not part of the first visit, whose screen is the name form.

import { h, replace } from '../ui/dom.js';
import { presetTitle } from './presets.js';
import { cardFace } from '../ui/card-svg.js';

export class HomeScreen {
  constructor(app) {
    this.app = app;
    this.codeInput = h('input', { id: 'join-code', type: 'text', inputmode: 'text', autocomplete: 'off',
      autocapitalize: 'characters', spellcheck: 'false', maxlength: 64, placeholder: 'K7MPQ2',
      'aria-label': 'Table code', 'aria-describedby': 'join-error',
      oninput: () => { if (app.joinError) { app.joinError = null; this.joinError.textContent = ''; } } });
    this.joinError = h('p', { id: 'join-error', class: 'form-error', role: 'alert', 'data-testid': 'join-error' });
    this.form = null;
    this.formSlot = h('div', { class: 'create-slot' });
    import('./create-table.js').then(({ CreateTableForm }) => {
      this.form = new CreateTableForm(app);
      this.form.showError(app.createError);
      this.formSlot.replaceWith(this.form.el);
    }).catch(() => replace(this.formSlot, h('p', { class: 'hint' }, 'The form to open a table did not load: check the connection and reload.')));
    this.tableList = h('div', { class: 'table-list', 'aria-live': 'polite' });
    this.listCount = h('span', { class: 'count-badge' });
    const heroCards = ['AS', '10H', '2C'].map((c, i) => h('div', { class: `hero-card hc${i}` }, cardFace(c)));

    this.el = h('div', { class: 'home' },
      h('section', { class: 'hero' },
        h('div', { class: 'hero-text' },
          h('h1', {}, 'Don’t be the shithead.'),
          h('p', { class: 'lead' }, 'Get rid of your cards before everyone else. Play friends through a link, strangers at a public table, or the bots right now.'),
          h('div', { class: 'hero-actions' },
            h('button', { type: 'button', class: 'primary big', 'data-testid': 'play-bots',
              onclick: () => app.playAgainstBots() }, 'Play against bots'),
            h('button', { type: 'button', class: 'secondary big', 'data-testid': 'quick-play',
              onclick: () => app.quickPlay() }, 'Quick play')),
          h('form', { class: 'join-form', onsubmit: (e) => { e.preventDefault(); app.join(this.codeInput.value); } },
            h('label', { for: 'join-code' }, 'Have a code?'),
            h('div', { class: 'join-row' }, this.codeInput,
              h('button', { type: 'submit', class: 'secondary' }, 'Join')),
            this.joinError)),
        h('div', { class: 'hero-art', 'aria-hidden': 'true' }, ...heroCards)),
      h('div', { class: 'home-grid' },
        h('section', { class: 'panel tables-panel', 'aria-labelledby': 'tables-title' },
          h('h2', { id: 'tables-title' }, 'Public tables ', this.listCount),
          this.tableList),
        this.formSlot));
  }

  update(app) {
    this.form?.showError(app.createError);
    this.joinError.textContent = app.joinError ?? '';
    const tables = app.tables ?? [];
    this.listCount.textContent = String(tables.length);
    if (!app.connected) {
      replace(this.tableList, h('p', { class: 'empty' }, app.status === 'reconnecting' ? 'Reconnecting…' : 'Connecting…'));
      return;
    }
    if (app.parked) {
      // The server sends the list only to players at no table.
      replace(this.tableList, h('p', { class: 'empty' }, `The public tables show here once you have left table ${app.parked}.`));
      return;
    }
    if (!tables.length) {
      replace(this.tableList, h('div', { class: 'empty' },
        h('p', {}, 'No public tables right now.'),
        h('p', { class: 'hint' }, 'Open one, or tap Quick play and others will find you.')));
      return;
    }
    replace(this.tableList, h('ul', { class: 'tables' }, ...tables.map((t) => this.tableRow(t))));
  }

  tableRow(t) {
    const free = t.seats - t.seated;
    const open = free > 0 && !t.in_game;
    const status = t.in_game ? 'Playing' : free > 0 ? `${free} seat${free === 1 ? '' : 's'} free` : 'Full';
    return h('li', { class: `table-row${open ? ' open' : ''}`, 'data-code': t.code },
      h('div', { class: 'table-main' },
        h('span', { class: 'table-preset' }, presetTitle(t.preset)),
        h('span', { class: 'table-host' }, 'hosted by ', h('strong', {}, t.host_name ?? '?'))),
      h('div', { class: 'table-meta' },
        h('span', { class: 'seat-dots', role: 'img', 'aria-label': `${t.seated} of ${t.seats} seats taken` },
          ...Array.from({ length: t.seats }, (_, i) => h('span', { class: i < t.seated ? 'dot taken' : 'dot' }))),
        h('span', {}, status),
        t.turn_timer_s ? h('span', { class: 'pill' }, `${t.turn_timer_s}s turns`) : null,
        t.bots ? h('span', { class: 'pill' }, `${t.bots} bot${t.bots === 1 ? '' : 's'}`) : null,
        t.spectators ? h('span', { class: 'pill' }, `${t.spectators} watching`) : null),
      h('div', { class: 'table-actions' },
        open ? h('button', { type: 'button', class: 'primary', onclick: () => this.app.join(t.code) }, 'Sit down') : null,
        h('button', { type: 'button', class: 'ghost', onclick: () => this.app.join(t.code, { spectate: true }) }, 'Watch')));
  }
}
