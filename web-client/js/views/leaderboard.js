// The leaderboard: sortable by rating, times shithead, shithead rate or games, over all
// time or the last 30 or 7 days, in the server's order, with titles, and provisional
// ratings shown as "New" (core/format.js ratingText). It says what a rating is in a
// sentence, and how it works under "How ratings work" (server/README.md, "Rankings").
// Until the server has a store the endpoint answers 404, and the page says so plainly.

import { h, replace } from '../ui/dom.js';
import { scrollBox } from '../ui/scroll-box.js';
import { fetchLeaderboard } from '../net/api.js';
import { PROVISIONAL_MEANING, PROVISIONAL_WORD, decimal, percent, ratingText, titleText, weekTrend } from '../core/format.js';
import { playerHash } from '../core/routes.js';

/** The week's trend beside a rating: an arrow and the points, said in words to a screen reader. */
function trendMark(trend) {
  if (!trend) return null;
  return h('span', { class: `trend ${trend.change > 0 ? 'up' : 'down'}`, title: trend.label, 'data-testid': 'trend' },
    h('span', { 'aria-hidden': 'true' }, trend.text), h('span', { class: 'sr-only' }, `, ${trend.label}`));
}

const SORTS = [['rating', 'Rating'], ['shithead', 'Times shithead'], ['rate', 'Shithead rate'], ['games', 'Games']];
const PERIODS = [['all', 'All time'], ['30d', '30 days'], ['7d', '7 days']];
const TITLE_STYLES = [['feudal', 'Feudal'], ['olympic', 'Olympic'], ['numeric', 'Numeric']];

/**
 * How ratings work, for a newcomer to ratings: folded away under the sentence that says
 * what one is. The facts are server/README.md's "Rankings" and core/format.js's scale.
 */
function howRatingsWork() {
  return h('details', { class: 'how-ratings', 'data-testid': 'how-ratings' }, h('summary', {}, 'How ratings work'),
    h('p', {}, 'Every finished game against other people counts, and the whole finishing order counts: finishing '
      + 'ahead of someone is a win over them and behind them a loss, for every pair at the table. Getting out ahead of '
      + 'a strong player earns more than ahead of a weak one, and a result everyone expected moves little.'),
    h('p', {}, 'Behind it is the Weng-Lin rating (Bradley-Terry, every pair at the table; OpenSkill uses the same '
      + 'method). It keeps two numbers for each player: a best guess of their skill, μ, and how unsure that guess '
      + 'still is, σ. The board shows the careful one, μ − 3σ, a level the player is very likely above, as '
      + '1000 + 40 × (μ − 3σ), rounded. So a lucky newcomer does not top the board, and a rating rises as games make '
      + 'the guess surer.'),
    h('p', {}, `“${PROVISIONAL_WORD}”: while σ is still large the number would say little, so it shows as `
      + `${PROVISIONAL_WORD}. It settles after 5 to 20 games against people: sooner at bigger tables and when results `
      + 'vary, later when the same player always wins.'),
    h('p', {}, 'Games against bots alone change nobody’s rating, and bots are never ranked; a game with bots counts '
      + 'for the people in it. Abandoned games count for nobody. A rating does not fade while its player is away. '
      + 'Times shithead, the shithead rate and the titles are plain counts.'));
}

export class LeaderboardScreen {
  constructor(app) {
    this.app = app;
    this.sort = 'rating';
    this.period = 'all';
    this.body = h('div', { class: 'board-body', 'aria-live': 'polite' });
    this.periodGroup = h('div', { class: 'segmented', role: 'radiogroup', 'aria-label': 'Period' });
    this.sortSelect = h('select', { id: 'board-sort', 'data-testid': 'board-sort',
      onchange: (e) => { this.sort = e.target.value; this.load(); } },
    ...SORTS.map(([v, label]) => h('option', { value: v, selected: this.sort === v }, label)));
    this.styleSelect = h('select', { id: 'title-style', onchange: (e) => { app.identity.titleStyle = e.target.value; this.load(); } },
      ...TITLE_STYLES.map(([v, label]) => h('option', { value: v, selected: app.identity.titleStyle === v }, label)));
    this.el = h('section', { class: 'page leaderboard' },
      h('div', { class: 'page-head' },
        h('h1', {}, 'Leaderboard'),
        h('p', { class: 'lead' }, 'Who has been the shithead, how often — and who keeps getting out first.'),
        h('p', { class: 'rating-intro', 'data-testid': 'rating-intro' }, h('strong', {}, 'Rating'),
          ' is a careful estimate of skill from the order people finish in, starting at 1000; '
          + `new players show “${PROVISIONAL_WORD}” until their games settle it.`),
        howRatingsWork()),
      h('div', { class: 'board-tools' }, this.periodGroup,
        h('label', { class: 'inline-field', for: 'board-sort' }, 'Sort by ', this.sortSelect),
        h('label', { class: 'inline-field', for: 'title-style' }, 'Titles ', this.styleSelect)),
      this.body);
    this.drawPeriods();
    this.load();
  }

  update() {}

  drawPeriods() {
    replace(this.periodGroup, ...PERIODS.map(([value, label]) => h('button', {
      type: 'button', role: 'radio', 'aria-checked': String(this.period === value), class: this.period === value ? 'on' : '',
      onclick: () => { this.period = value; this.drawPeriods(); this.load(); },
    }, label)));
  }

  async load() {
    this.sortSelect.value = this.sort;
    const asked = `${this.sort}/${this.period}`;
    this.asked = asked;
    replace(this.body, h('p', { class: 'empty' }, 'Loading…'));
    const result = await fetchLeaderboard({ sort: this.sort, period: this.period });
    if (this.asked !== asked) return;
    if (!result.ok) {
      replace(this.body, h('div', { class: 'empty', 'data-testid': 'board-unavailable' },
        h('p', {}, result.status === 404
          ? 'The leaderboard is not available on this server yet.'
          : `The leaderboard could not be loaded: ${result.message}`),
        h('p', { class: 'hint' }, 'Games still count at your table’s own scoreboard.')));
      return;
    }
    const players = result.data?.players ?? [];
    if (!players.length) {
      replace(this.body, h('div', { class: 'empty' }, h('p', {}, 'No finished games in this period yet.'),
        h('p', { class: 'hint' }, h('a', { href: '#/' }, 'Play one'), ' and you will be on the board.')));
      return;
    }
    replace(this.body, ...this.tableOf(players));
  }

  header(key, label) {
    const active = this.sort === key;
    return h('th', { scope: 'col', 'aria-sort': active ? 'descending' : 'none' },
      h('button', { type: 'button', class: `sort-btn${active ? ' on' : ''}`, onclick: () => { this.sort = key; this.load(); } },
        label, active ? h('span', { 'aria-hidden': 'true' }, ' ▼') : null));
  }

  tableOf(players) {
    const style = this.app.identity.titleStyle;
    return [scrollBox('Leaderboard', h('table', { class: 'board', 'data-testid': 'leaderboard' },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, 'Player'),
        this.header('rating', 'Rating'), this.header('games', 'Games'), this.header('shithead', 'Shithead'),
        this.header('rate', 'Rate'), h('th', { scope: 'col', class: 'minor' }, 'First'),
        h('th', { scope: 'col', class: 'minor' }, 'Avg place'))),
      h('tbody', {}, ...players.map((p) => {
        const title = titleText(p.title, style);
        const me = p.player_id === this.app.me.playerId;
        return h('tr', { class: me ? 'me' : '', 'data-player': p.player_id },
          h('td', { class: 'rank' }, String(p.rank ?? '')),
          h('th', { scope: 'row', class: 'who' }, h('span', { 'data-col': 'name' }, h('a', { href: playerHash(p.player_id) }, p.name)),
            title ? h('span', { class: 'title-tag' }, title) : null),
          h('td', { 'data-col': 'rating' }, p.rating?.provisional
            ? h('span', { class: 'provisional', title: PROVISIONAL_MEANING }, ratingText(p.rating)) : ratingText(p.rating),
          trendMark(weekTrend(p.rating, p.week))),
          h('td', { 'data-col': 'games' }, String(p.games ?? 0)), h('td', { 'data-col': 'shithead' }, String(p.shithead ?? 0)),
          h('td', { 'data-col': 'rate' }, percent(p.shithead_rate)),
          h('td', { 'data-col': 'first', class: 'minor' }, String(p.first ?? 0)),
          h('td', { 'data-col': 'place', class: 'minor' }, decimal(p.average_place, 2)));
      })))),
    h('p', { class: 'hint board-note', 'data-testid': 'provisional-note' },
      h('span', { class: 'provisional' }, PROVISIONAL_WORD), `: ${PROVISIONAL_MEANING} `,
      'The board ranks everyone, new players too, by a careful estimate of skill, which rises as games show what a player can do.')];
  }
}
