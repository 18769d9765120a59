// A player's page in pictures (issue 33), from GET /api/players/{id}/history: the rating
// game by game with the band of how unsure it still is, times first out and times the
// shithead as they added up, places by table size, and the people played with most.
// Each chart is an SVG drawn here at the width it is shown (core/chart-layout.js places
// the marks), with its summary in words (core/player-history.js), which is also the
// picture's name for a screen reader, and its numbers in a table under "The numbers".
// This module and its stylesheet are fetched when a player's page opens, never on the
// first visit.

import { h, replace, s } from '../ui/dom.js';
import { fetchPlayerHistory } from '../net/api.js';
import { playerHash } from '../core/routes.js';
import { ordinal } from '../core/event-words.js';
import { PROVISIONAL_WORD } from '../core/format.js';
import {
  countSeries, countsSummary, headToHead, numberedGames, placeGroups, placesSummary, playedWithSummary,
  ratingSeries, ratingSummary,
} from '../core/player-history.js';
import { FONT, countsLayout, placesLayout, ratingLayout } from '../core/chart-layout.js';

const STYLESHEET = '/css/charts.css';
let sheet = null;

/** The charts' stylesheet, added to the page once; resolves when it applies (or failed). */
function stylesheet() {
  sheet ??= new Promise((resolve) => {
    const link = h('link', { rel: 'stylesheet', href: STYLESHEET });
    link.addEventListener('load', resolve);
    link.addEventListener('error', resolve);
    document.head.append(link);
  });
  return sheet;
}

/**
 * Fills `root` with the charts of `player` (the GET /api/players/{id} answer): a
 * sentence while there are no games, or when the server keeps no history.
 */
export async function showCharts(root, player) {
  // Announced once, not table by table: the charts come after the page's own words.
  root.setAttribute('aria-live', 'off');
  const noGames = () => replace(root, h('p', { class: 'empty charts-empty', 'data-testid': 'charts-empty' },
    `No finished games yet: charts of ${player.name}’s games appear here after the first one.`));
  if (!player.games) return noGames();
  replace(root, h('p', { class: 'hint' }, 'Drawing the charts…'));
  const [result] = await Promise.all([fetchPlayerHistory(player.player_id), stylesheet()]);
  if (!result.ok) {
    replace(root, h('p', { class: 'empty', 'data-testid': 'charts-unavailable' },
      result.status === 404 || result.status === 400 ? 'Charts of a player’s games are not available on this server yet.'
        : `The charts could not be loaded: ${result.message}`));
    return null;
  }
  if (!numberedGames(result.data).length) return noGames();
  return new PlayerCharts(root, result.data);
}

/** A chart's frame: its title, its summary (the picture's name), a legend, the picture, its numbers. */
function figure(key, title, summary, { legend = null, picture = null, numbers = null } = {}) {
  const summaryId = `${key}-summary`;
  const holder = picture ? h('div', { class: 'chart-picture' }) : null;
  const el = h('figure', { class: `chart chart-${key}`, 'data-testid': `${key}-chart` },
    h('figcaption', {}, h('h2', { class: 'chart-title' }, title),
      h('p', { class: 'chart-summary', id: summaryId, 'data-testid': 'chart-summary' }, summary)),
    legend, holder,
    numbers ? h('details', { class: 'chart-numbers' }, h('summary', {}, 'The numbers'), numbers) : null);
  return { el, holder, summaryId, draw: picture };
}

const legendItem = (kind, text) => h('li', {}, h('span', { class: `swatch swatch-${kind}`, 'aria-hidden': 'true' }), text);

/** A table of numbers: a caption, column heads, and rows whose first cell names the row. */
function numbersTable(caption, heads, rows, testid) {
  return h('table', { class: 'board numbers', 'data-testid': testid },
    h('caption', { class: 'sr-only' }, caption),
    h('thead', {}, h('tr', {}, ...heads.map((head) => h('th', { scope: 'col' }, head)))),
    h('tbody', {}, ...rows.map(([first, ...rest]) => h('tr', {},
      h('th', { scope: 'row' }, first), ...rest.map((cell) => h('td', {}, cell))))));
}

function axes(layout) {
  const { plot, height } = layout;
  return [
    ...layout.yTicks.map((t) => [
      s('line', { class: 'grid', x1: plot.left, x2: plot.right, y1: t.y, y2: t.y }),
      s('text', { class: 'tick', x: plot.left - 6, y: t.y + FONT / 3, 'text-anchor': 'end' }, t.label)]),
    s('line', { class: 'axis', x1: plot.left, x2: plot.right, y1: plot.bottom, y2: plot.bottom }),
    ...layout.xTicks.map((t) => [
      s('line', { class: 'axis', x1: t.x, x2: t.x, y1: plot.bottom, y2: plot.bottom + 4 }),
      s('text', { class: 'tick', x: t.x, y: height - 7, 'text-anchor': 'middle' }, t.label)]),
  ];
}

function svg(layout, summaryId, ...children) {
  return s('svg', { class: 'chart-svg', width: layout.width, height: layout.height, viewBox: `0 0 ${layout.width} ${layout.height}`,
    role: 'img', 'aria-labelledby': summaryId }, ...children);
}

function ratingPicture(series, width, summaryId) {
  const layout = ratingLayout(series, { width, height: width < 560 ? 220 : 260 });
  const { plot, shade, end, endLabel } = layout;
  return svg(layout, summaryId,
    shade ? s('g', { class: 'new-stretch' },
      s('rect', { x: shade.x, y: plot.top, width: shade.width, height: plot.bottom - plot.top }),
      s('text', { x: shade.label.x, y: shade.label.y }, shade.label.text)) : null,
    axes(layout),
    s('path', { class: 'band', d: layout.band }),
    layout.dashed ? s('path', { class: 'rating-line dashed', d: layout.dashed, 'data-testid': 'rating-line-new' }) : null,
    layout.solid ? s('path', { class: 'rating-line', d: layout.solid, 'data-testid': 'rating-line' }) : null,
    ...layout.dots.map((d) => s('circle', { class: `dot${d.provisional ? ' new' : ''}`, cx: d.x, cy: d.y, r: 2.5 })),
    s('circle', { class: 'end', cx: end.x, cy: end.y, r: 4.5, 'data-value': end.value }),
    s('text', { class: 'end-label', x: endLabel.x, y: endLabel.y, 'text-anchor': endLabel.anchor, 'data-testid': 'rating-end' },
      endLabel.text));
}

function countsPicture(series, width, summaryId) {
  const layout = countsLayout(series, { width, height: width < 560 ? 180 : 200 });
  return svg(layout, summaryId, axes(layout),
    s('path', { class: 'count-line shithead', d: layout.shithead, 'data-testid': 'shithead-line' }),
    s('path', { class: 'count-line first', d: layout.first, 'data-testid': 'first-line' }),
    ...layout.ends.map((e) => s('circle', { class: `end ${e.key}`, cx: e.x, cy: e.y, r: 4, 'data-value': e.value })));
}

function placesPicture(groups, width, summaryId) {
  const layout = placesLayout(groups, { width });
  return svg(layout, summaryId, ...layout.blocks.map((block) => s('g', { class: 'place-block', 'data-seats': block.seats },
    s('text', { class: 'block-heading', x: 0, y: block.heading.y }, block.heading.text),
    ...block.bars.map((bar) => s('g', { class: `place-bar ${bar.kind}`, 'data-place': bar.place ?? 'unknown',
      'data-count': bar.count },
      s('text', { class: 'tick', x: bar.labelX, y: bar.textY, 'text-anchor': 'end' }, bar.label),
      s('rect', { class: 'track', x: bar.x, y: bar.y, width: bar.track, height: bar.height, rx: 3 }),
      bar.width ? s('rect', { class: 'bar', x: bar.x, y: bar.y, width: bar.width, height: bar.height, rx: 3 }) : null,
      s('text', { class: 'bar-text', x: bar.textX, y: bar.textY }, bar.text))))));
}

/** The people played with most: a row each, with a bar of the games together split by who finished ahead. */
function playedWithTable(rows, owner) {
  const most = Math.max(1, ...rows.map((r) => r.games));
  const share = (n) => `${(100 * n) / most}%`;
  return h('table', { class: 'board played-with', 'data-testid': 'played-with' },
    h('caption', { class: 'sr-only' }, `Games together, games ${owner} finished ahead of them, and behind them`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Games'),
      h('th', { scope: 'col' }, 'Ahead'), h('th', { scope: 'col' }, 'Behind'))),
    h('tbody', {}, ...rows.map((r) => h('tr', { 'data-player': r.playerId },
      h('th', { scope: 'row', class: 'who' },
        h('a', { href: playerHash(r.playerId), 'data-col': 'name' }, r.name),
        s('svg', { class: 'split', width: '100%', height: 8, 'aria-hidden': 'true' },
          s('rect', { class: 'ahead', x: 0, y: 0, width: share(r.ahead), height: 8 }),
          s('rect', { class: 'behind', x: share(r.ahead), y: 0, width: share(r.behind), height: 8 }),
          s('rect', { class: 'unknown', x: share(r.ahead + r.behind), y: 0, width: share(r.unknown), height: 8 }))),
      h('td', { 'data-col': 'games' }, String(r.games)),
      h('td', { 'data-col': 'ahead' }, String(r.ahead)),
      h('td', { 'data-col': 'behind' }, String(r.behind))))));
}

/** The four charts of one history answer, drawn again whenever their width changes. */
export class PlayerCharts {
  constructor(root, history) {
    this.root = root;
    const owner = history.name ?? 'This player';
    const games = numberedGames(history);
    const rating = ratingSeries(history);
    const counts = countSeries(history);
    const groups = placeGroups(history);
    const people = headToHead(history);
    const when = (iso) => (Date.parse(iso) ? new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' }) : '');

    this.figures = [
      figure('rating', 'Rating', ratingSummary(history), rating.length ? {
        legend: h('ul', { class: 'chart-legend' },
          rating.at(-1).provisional ? legendItem('dashed', `Rating, still ${PROVISIONAL_WORD.toLowerCase()}`)
            : legendItem('line', 'Rating'),
          legendItem('band', 'Up to the best guess of skill'),
          rating[0].provisional && !rating.at(-1).provisional ? legendItem('dashed', `While ${PROVISIONAL_WORD.toLowerCase()}`) : null,
          h('li', { class: 'legend-note' }, 'By game, oldest left')),
        picture: (width, id) => ratingPicture(rating, width, id),
        numbers: numbersTable(`${owner}’s rating after each game`, ['Game', 'Rating', 'Best guess', 'Ended'],
          rating.map((r) => [String(r.number), r.provisional ? `${r.points} (${PROVISIONAL_WORD.toLowerCase()})` : String(r.points),
            String(r.high), when(r.ended)]), 'rating-numbers'),
      } : {}),
      figure('counts', 'First out and shithead', countsSummary(history), {
        legend: h('ul', { class: 'chart-legend' }, legendItem('first', `First out: ${counts.at(-1).first}`),
          legendItem('shithead', `Shithead: ${counts.at(-1).shithead}`), h('li', { class: 'legend-note' }, 'Running count, by game')),
        picture: (width, id) => countsPicture(counts, width, id),
        numbers: numbersTable(`${owner}’s place in each game and the running counts`, ['Game', 'Place', 'First out', 'Shithead'],
          games.map((g, i) => [String(g.number), g.shithead ? `${placeText(g.place)}, shithead` : placeText(g.place),
            String(counts[i + 1].first), String(counts[i + 1].shithead)]), 'counts-numbers'),
      }),
      figure('places', 'Places', placesSummary(history), {
        legend: h('ul', { class: 'chart-legend' }, legendItem('first', '1st'), legendItem('middle', 'Between'),
          legendItem('shithead', 'Last')),
        picture: (width, id) => placesPicture(groups, width, id),
        numbers: numbersTable(`How often ${owner} finished in each place, by table size`, ['Table', 'Place', 'Games', 'Share'],
          groups.flatMap((g) => [...g.places.map((p) => [p.place, p.count]), ...(g.unknown ? [[null, g.unknown]] : [])]
            .map(([place, count]) => [g.seats ? `${g.seats} players` : 'Not recorded', place ? ordinal(place) : 'Not recorded',
              String(count), `${Math.round((100 * count) / g.games)}%`])), 'places-numbers'),
      }),
    ];
    const withWhom = figure('played-with', 'Played with most', playedWithSummary(history));
    if (people.length) {
      withWhom.el.append(h('ul', { class: 'chart-legend' }, legendItem('ahead', `Ahead: ${owner} finished ahead of them`),
        legendItem('behind', 'Behind: they finished ahead')), playedWithTable(people, owner));
    }
    replace(root, h('div', { class: 'charts' }, ...this.figures.map((f) => f.el), withWhom.el));

    this.widths = new Map();
    this.observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => this.drawAll()) : null;
    for (const f of this.figures) if (f.holder) this.observer?.observe(f.holder);
    this.drawAll();
  }

  /** Draws each picture whose width changed (the first time, a phone turned, a window resized). */
  drawAll() {
    for (const f of this.figures) {
      if (!f.holder) continue;
      const width = Math.floor(f.holder.clientWidth);
      if (width < 100 || this.widths.get(f) === width) continue;
      this.widths.set(f, width);
      replace(f.holder, f.draw(width, f.summaryId));
    }
  }
}

function placeText(place) {
  return Number.isInteger(place) ? ordinal(place) : 'not recorded';
}
