// A player's page: their record, rating ("New" until it settles: core/format.js), title,
// charts of their games (views/player-charts.js, fetched when the page opens) and recent
// games.

import { h, replace } from '../ui/dom.js';
import { scrollBox } from '../ui/scroll-box.js';
import { fetchPlayer } from '../net/api.js';
import { PROVISIONAL_MEANING, PROVISIONAL_WORD, decimal, pastRatingText, percent, ratingText, relativeTime, titleText } from '../core/format.js';
import { ordinal } from '../core/event-words.js';
import { presetTitle } from './presets.js';
import { DeviceLinkPanel } from './device-link.js';

export class PlayerScreen {
  constructor(app, id) {
    this.app = app;
    this.id = id;
    this.body = h('div', { class: 'player-body', 'aria-live': 'polite' }, h('p', { class: 'empty' }, 'Loading…'));
    // Your own page carries your identity to your other devices, store or no store.
    this.own = h('div', { class: 'own-identity' });
    this.devices = null;
    // The charts' code comes while the player's answer does.
    this.charts = h('div', { class: 'player-charts' });
    this.chartsCode = import('./player-charts.js');
    this.chartsCode.catch(() => {});
    this.el = h('section', { class: 'page player-page' },
      h('p', {}, h('a', { class: 'back-link', href: '#/leaderboard' }, '← Leaderboard')), this.body, this.own);
    this.load();
  }

  update(app) {
    const mine = Boolean(app.me.playerId) && app.me.playerId === this.id;
    if (mine && !this.devices) {
      this.devices = new DeviceLinkPanel(app);
      replace(this.own, this.devices.el);
    } else if (!mine && this.devices) {
      this.devices = null;
      replace(this.own);
    }
    this.devices?.update(app);
  }

  async load() {
    const result = await fetchPlayer(this.id);
    if (!result.ok) {
      // A server without the store has no such endpoint at all; with it, 404 is an unknown id.
      const noEndpoint = result.status === 404 && /endpoint/.test(result.message ?? '');
      replace(this.body, h('div', { class: 'empty', 'data-testid': 'player-unavailable' },
        h('h1', {}, 'Player'),
        h('p', {}, noEndpoint ? 'Player pages are not available on this server yet.'
          : result.status === 404 ? 'No player has this id.'
            : `This player could not be loaded: ${result.message}`)));
      return;
    }
    const p = result.data;
    const title = titleText(p.title, this.app.identity.titleStyle);
    const stat = (label, value) => h('div', { class: 'stat' }, h('span', { class: 'stat-value' }, value), h('span', { class: 'stat-label' }, label));
    replace(this.body,
      h('div', { class: 'page-head' },
        h('h1', {}, p.name),
        title ? h('p', { class: 'title-tag big' }, title) : null,
        p.last_seen ? h('p', { class: 'hint' }, `Last seen ${relativeTime(p.last_seen)}`) : null),
      h('div', { class: 'stats' },
        stat('Rating', p.rating?.provisional
          ? h('span', { class: 'provisional', title: PROVISIONAL_MEANING }, ratingText(p.rating)) : ratingText(p.rating)),
        stat('Games', String(p.games ?? 0)),
        stat('Times shithead', String(p.shithead ?? 0)),
        stat('Shithead rate', percent(p.shithead_rate)),
        stat('First out', String(p.first ?? 0)),
        stat('Average place', decimal(p.average_place, 2)),
        stat(`Games in a row not the shithead (best ${p.longest_run ?? 0})`, String(p.current_run ?? 0))),
      p.rating?.provisional ? h('p', { class: 'hint stats-note', 'data-testid': 'provisional-note' },
        h('span', { class: 'provisional' }, PROVISIONAL_WORD), `: ${PROVISIONAL_MEANING}`) : null,
      this.charts,
      h('h2', {}, 'Recent games'),
      p.recent?.length ? scrollBox('Recent games', h('table', { class: 'board recent', 'data-testid': 'recent-games' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'When'), h('th', { scope: 'col' }, 'Rules'),
          h('th', { scope: 'col', class: 'minor' }, 'Seats'), h('th', { scope: 'col' }, 'Place'), h('th', { scope: 'col' }, 'Rating'))),
        h('tbody', {}, ...p.recent.map((g) => h('tr', { class: g.shithead ? 'shit' : '' },
          // The game's own page ("/g/ID"): the game again, move by move.
          h('td', {}, g.game_id ? h('a', { class: 'game-link', href: `/g/${g.game_id}`, 'data-testid': 'recent-game-link' },
            relativeTime(g.ended)) : relativeTime(g.ended)),
          h('td', {}, presetTitle(typeof g.ruleset === 'string' ? g.ruleset : g.ruleset?.preset ?? '')),
          h('td', { class: 'minor' }, String(g.seats ?? '')),
          h('td', { 'data-col': 'place' }, g.status === 'abandoned' ? 'abandoned' : g.shithead ? 'shithead 💩' : ordinal(g.place)),
          h('td', { 'data-col': 'rating' }, pastRatingText(g, p.rating)))))))
        : h('p', { class: 'empty' }, 'No games yet.'));
    this.chartsCode.then((charts) => charts.showCharts(this.charts, { ...p, player_id: p.player_id ?? this.id }))
      .catch(() => replace(this.charts, h('p', { class: 'empty' }, 'The charts did not load: check the connection.')));
  }
}
