// The game page ("/g/ID"): a finished or abandoned game drawn as its table drew it, step
// by step, from `GET /api/games/{id}/steps` (the server replays the record through the
// rules it was played under). Nothing is secret once a game is over: the page shows
// every card, or one seat's view, opening at the viewer's own seat when they played.
// The table's parts draw it (opponents, centre, my-area, read only); the player is the
// page's own: previous and next, a slider over the whole game, play at a chosen speed,
// the keyboard (Left, Right, Home, End, Space), each move in the log's words. A
// record that stops replaying shows the steps there are and says why no more follow.
// Fetched only when opened (views/shell.js), with its stylesheet.

import { h, replace, keepFocus } from '../ui/dom.js';
import { icon } from '../ui/icons.js';
import { opponentEl } from '../table/opponents.js';
import { centreEl, layoutPile } from '../table/centre.js';
import { myAreaEl, myPlaceEl, fitHand } from '../table/my-area.js';
import { closeDrawerOnTap } from '../table/drawer.js';
import { opponentOrder } from '../core/seating.js';
import { getJson } from '../net/api.js';
import { tableRules } from '../net/table-rules.js';
import { presetOf, presetTitle } from './presets.js';
import { gameIdFromPath, playerHash, rulesHash } from '../core/routes.js';
import { relativeTime } from '../core/format.js';
import {
  DEFAULT_SPEED, SPEEDS, clampStep, hashOfStep, moveLabel, openingChoice, placesOf, recordText, seatNamer, seatView,
  speedMs, statusText, stepFromHash, stepText, stoppedText,
} from '../core/game-steps.js';

// A phone held sideways, where the player goes in the column beside the pile (elsewhere
// it is a bar under the table, always in sight).
const SIDEWAYS = '(max-height: 500px) and (orientation: landscape)';
const MEDALS = { 1: '🥇', 2: '🥈', 3: '🥉' };

// The page's own styles come with its code: the first visit carries none of them.
await loadStyles('/css/game.css');

function loadStyles(href) {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    document.head.append(h('link', { rel: 'stylesheet', href, onload: resolve, onerror: resolve }));
  });
}

export class GameScreen {
  constructor(app, id) {
    this.app = app;
    this.id = id;
    this.answer = null;       // the steps
    this.nameOf = (seat) => `Seat ${seat + 1}`;
    this.index = 0;           // the step drawn
    this.choice = null;       // { seat: the seat at the bottom, all: every card shown }
    this.speed = DEFAULT_SPEED;
    this.playing = false;
    this.timer = null;
    this.drawerOpen = false;
    this.recordUrl = null;    // the record as a file, for "Download record"

    this.viewSelect = h('select', { id: 'game-cards', 'data-testid': 'game-view', onchange: () => this.chooseView(this.viewSelect.value) });
    this.viewChoice = h('label', { class: 'view-choice', for: 'game-cards', hidden: true },
      h('span', { class: 'view-label' }, 'Cards'), this.viewSelect);
    this.drawerButton = h('button', { type: 'button', class: 'icon-btn drawer-toggle', 'aria-expanded': 'false',
      'aria-controls': 'game-panel', 'aria-label': 'Moves and players', title: 'Moves and players',
      'data-testid': 'game-drawer', onclick: () => this.toggleDrawer() }, icon('moves'));
    this.subtitle = h('span', { class: 'bar-preset' });
    // Home, or back to the table the player sits at (the shell's bar saying so gives way here).
    this.home = h('a', { class: 'bar-home', href: '#/', 'data-testid': 'game-home' });
    this.bar = h('header', { class: 'table-bar game-bar' }, this.home,
      h('div', { class: 'bar-title' }, h('h1', { class: 'game-title' }, `Game ${id}`), this.subtitle),
      h('div', { class: 'bar-actions' }, this.viewChoice, this.drawerButton));

    this.notice = h('p', { class: 'game-stopped', role: 'status', 'data-testid': 'game-stopped', hidden: true });
    this.opponents = h('div', { class: 'opponents' });
    this.centre = h('div', { class: 'centre-zone' }, h('p', { class: 'screen-loading', role: 'status' },
      h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'Loading the game…'));
    // The move in the table log's words: a screen reader hears each step here.
    this.words = h('p', { class: 'last-step move-words', 'aria-live': 'polite', 'data-testid': 'move-words' });
    this.status = h('p', { class: 'status-line', 'data-testid': 'game-status' });
    this.mine = h('div', { class: 'me-zone' });

    const stepButton = (name, label, keys, testid, onclick) => h('button', { type: 'button', class: 'icon-btn step-btn',
      'aria-label': label, title: label, 'aria-keyshortcuts': keys, 'data-testid': testid, onclick }, icon(name));
    this.back = stepButton('previous', 'Previous move', 'ArrowLeft', 'step-back', () => this.go(this.index - 1));
    this.playButton = stepButton('play', 'Play', 'Space', 'play-pause', () => this.togglePlay());
    this.playButton.classList.add('play-btn');
    this.forward = stepButton('next', 'Next move', 'ArrowRight', 'step-next', () => this.go(this.index + 1));
    this.slider = h('input', { type: 'range', class: 'step-slider', min: '0', max: '0', step: '1', value: '0',
      'aria-label': 'Move', 'data-testid': 'step-slider', oninput: () => this.go(Number(this.slider.value)) });
    this.speedSelect = h('select', { class: 'speed', 'aria-label': 'Speed', title: 'Speed', 'data-testid': 'speed',
      onchange: () => { this.speed = this.speedSelect.value; if (this.playing) this.schedule(); } },
    ...SPEEDS.map((s) => h('option', { value: s.value, selected: s.value === this.speed }, s.label)));
    this.controls = h('div', { class: 'controls transport', role: 'group', 'aria-label': 'Replay', hidden: true },
      h('div', { class: 'step-buttons' }, this.back, this.playButton, this.forward), this.slider, this.speedSelect);
    this.felt = h('section', { class: 'felt', 'aria-label': 'The table' },
      this.notice, this.opponents, this.centre, this.words, this.status, this.mine);
    this.main = h('div', { class: 'game-main' }, this.felt);

    this.facts = h('div', { class: 'game-facts' });
    this.moveList = h('ol', { class: 'move-list', 'aria-label': 'Moves', 'data-testid': 'move-list',
      onkeydown: (e) => this.listKey(e) });
    this.pane = h('div', { class: 'pane game-pane' }, this.moveList);
    this.panel = h('aside', { class: 'side-panel game-panel', id: 'game-panel', 'aria-label': 'Players and moves' },
      h('div', { class: 'panel-head' }, h('h2', { class: 'panel-title' }, 'Players and moves'),
        h('button', { type: 'button', class: 'icon-btn drawer-close', 'data-testid': 'game-drawer-close',
          'aria-label': 'Close players and moves', title: 'Close', onclick: () => this.closeDrawer() }, icon('close'))),
      this.facts, h('h2', { class: 'moves-head' }, 'Moves'), this.pane);
    this.el = h('div', { class: 'table-screen game-screen', 'data-testid': 'game-page' }, this.bar,
      h('div', { class: 'table-layout' }, this.main, this.panel));
    this.sideways = window.matchMedia(SIDEWAYS);
    this.onShape = () => this.placeControls();
    this.sideways.addEventListener('change', this.onShape);
    this.placeControls();
    this.update(app);

    this.onKey = (e) => this.keydown(e);
    document.addEventListener('keydown', this.onKey);
    this.onResize = () => this.fit();
    window.addEventListener('resize', this.onResize);
    this.handObserver = new ResizeObserver(() => this.fit());
    closeDrawerOnTap(this.felt, () => this.drawerOpen, () => this.closeDrawer());
    this.load();
  }

  destroy() {
    this.pause();
    this.destroyed = true;
    document.removeEventListener('keydown', this.onKey);
    window.removeEventListener('resize', this.onResize);
    this.sideways.removeEventListener('change', this.onShape);
    this.handObserver.disconnect();
    if (this.recordUrl) URL.revokeObjectURL(this.recordUrl);
  }

  /** The game comes from its answers; the app says only where the way home leads. */
  update(app) {
    const table = app.inRoom && !app.parked ? app.table.room.code : null;
    if (this.home.dataset.table === (table ?? '')) return;
    this.home.dataset.table = table ?? '';
    this.home.classList.toggle('to-table', Boolean(table));
    this.home.setAttribute('aria-label', table ? `Back to the table, ${table}` : 'Shithead: home');
    this.home.title = table ? 'Back to the table' : 'Home';
    replace(this.home, table ? h('span', { class: 'home-words', 'aria-hidden': 'true' }, '← Table')
      : h('span', { class: 'home-mark', 'aria-hidden': 'true' }, '♠'));
  }

  /** The player in the column beside the pile on a phone held sideways, else a bar under the table. */
  placeControls() {
    const home = this.sideways.matches ? this.felt : this.main;
    if (this.controls.parentElement !== home) home.append(this.controls);
  }

  // ---- loading ----

  async load() {
    const id = encodeURIComponent(this.id);
    const [steps, game] = await Promise.all([getJson(`/api/games/${id}/steps`), getJson(`/api/games/${id}`)]);
    if (this.destroyed) return;
    if (!steps.ok) {
      this.fail(steps);
      return;
    }
    const answer = steps.data;
    this.answer = answer;
    this.nameOf = seatNamer(answer);
    this.roomSeats = Array.from({ length: answer.players ?? answer.seats?.length ?? 0 }, (_, seat) => {
      const s = answer.seats?.find((x) => x.seat === seat);
      return { name: this.nameOf(seat), bot: s?.bot ?? null, connected: true };
    });
    const me = this.app.identity.playerId || this.app.me.playerId;
    this.choice = openingChoice(answer, me);
    replace(this.subtitle, presetTitle(presetOf(answer.steps?.[0]?.view?.ruleset ?? answer.ruleset)),
      answer.status === 'abandoned' ? ' · abandoned' : null,
      answer.ended ? h('span', { class: 'bar-when' }, ` · ${relativeTime(answer.ended)}`) : null);
    replace(this.viewSelect,
      h('option', { value: 'all', selected: this.choice.all }, 'All cards'),
      ...this.roomSeats.map((s, seat) => h('option', { value: String(seat), selected: !this.choice.all && this.choice.seat === seat },
        `${s.name}’s view`)));
    const stopped = stoppedText(answer);
    this.notice.hidden = !stopped;
    this.notice.textContent = stopped ?? '';
    this.drawFacts(answer, game);
    if (!answer.steps?.length) {
      replace(this.centre, h('p', { class: 'game-empty' }, 'There is nothing of this game to draw.'));
      return;
    }
    this.viewChoice.hidden = false;
    this.controls.hidden = false;
    this.slider.max = String(answer.steps.length - 1);
    replace(this.moveList, ...answer.steps.map((step, i) => h('li', {},
      h('button', { type: 'button', class: 'move-btn', tabindex: '-1', 'data-step': String(i), onclick: () => this.go(i) },
        h('span', { class: 'move-number', 'aria-hidden': 'true' }, i === 0 ? '·' : String(i)),
        h('span', { class: 'sr-only' }, `${moveLabel(i, answer.steps.length)}: `),
        h('span', { class: 'move-text' }, stepText(step, this.nameOf))))));
    // A link to a move ("/g/41#move-12") opens at that move.
    this.index = clampStep(stepFromHash(location.hash) ?? 0, answer.steps.length);
    this.draw();
  }

  /** The address names the move shown, so that a link copied now opens at it. */
  keepAddress() {
    if (gameIdFromPath(location.pathname) !== String(this.id)) return;
    const hash = hashOfStep(this.index);
    if (location.hash !== hash) history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
  }

  fail(result) {
    const retry = h('button', { type: 'button', class: 'secondary', onclick: () => {
      replace(this.centre, h('p', { class: 'screen-loading', role: 'status' }, 'Loading the game…'));
      this.load();
    } }, 'Try again');
    let words;
    if (result.status === 404) words = `There is no finished game ${this.id} here. A game still being played has its page once it ends.`;
    else if (result.status === 400) words = `“${this.id}” is not the number of a game.`;
    else if (result.status === 0) words = 'The server could not be reached: check the connection.';
    else words = `This game could not be loaded: ${result.message}`;
    const again = result.status === 0 || result.status >= 500 || result.status === 429;
    replace(this.centre, h('div', { class: 'game-empty', role: 'alert', 'data-testid': 'game-unavailable' },
      h('p', {}, words), again ? retry : h('a', { class: 'back-link', href: '#/' }, 'Back to the lobby')));
  }

  /** The rules, when it ended, the places and the record, in the panel. */
  drawFacts(answer, game) {
    const ruleset = answer.steps?.[0]?.view?.ruleset ?? game.data?.record?.ruleset ?? answer.ruleset;
    const preset = presetOf(ruleset);
    const record = game.ok ? game.data?.record : null;
    if (record && !this.recordUrl) {
      this.recordUrl = URL.createObjectURL(new Blob([recordText(record)], { type: 'application/json' }));
    }
    const places = placesOf(answer).map((s) => h('li', { class: `place${s.shithead ? ' shithead' : ''}` },
      h('span', { class: 'place-medal', 'aria-hidden': 'true' }, s.shithead ? '💩' : MEDALS[s.place] ?? ''),
      h('span', { class: 'place-number' }, s.placeText),
      h(s.player_id ? 'a' : 'span', { class: 'place-name', href: s.player_id ? playerHash(s.player_id) : null, title: s.name }, s.name),
      s.bot ? h('span', { class: 'badge bot' }, 'bot') : null,
      s.shithead ? h('span', { class: 'badge shit' }, 'shithead') : null));
    const when = [answer.status === 'abandoned' ? 'Abandoned at the turn limit' : 'Finished',
      answer.ended ? relativeTime(answer.ended) : null].filter(Boolean).join(' ');
    replace(this.facts,
      h('p', { class: 'game-rules' }, `${when}. `, h('a', { href: rulesHash(preset, ruleset) }, `How ${presetTitle(preset)} plays`)),
      h('ol', { class: 'places', 'aria-label': 'Places' }, ...places),
      record ? h('a', { class: 'button secondary download-record', href: this.recordUrl, download: `shithead-game-${this.id}.json`,
        'data-testid': 'download-record' }, icon('download', 20), 'Download record')
        : h('p', { class: 'hint' }, 'The record could not be fetched.'));
  }

  // ---- drawing ----

  get last() {
    return Math.max(0, (this.answer?.steps?.length ?? 1) - 1);
  }

  draw() {
    const steps = this.answer?.steps;
    if (!steps?.length || this.destroyed) return;
    this.index = clampStep(this.index, steps.length);
    this.keepAddress();
    const step = steps[this.index];
    const { seat, all } = this.choice;
    const view = seatView(step, seat);
    const nameOf = this.nameOf;
    keepFocus(this.el, () => {
      const order = opponentOrder(view.players, seat);
      replace(this.opponents, ...order.map((s) => opponentEl({
        seat: s, roomSeat: this.roomSeats[s], viewSeat: view.seats[s], current: view.current, phase: view.phase,
        timerText: null, shown: all ? { hand: step.hands?.[s] ?? [], faceDown: step.face_down?.[s] } : null,
      })));
      this.opponents.dataset.count = String(order.length);
      replace(this.centre, centreEl(view, tableRules(presetOf(view.ruleset), view.ruleset, () => this.draw())));
      layoutPile(this.centre.querySelector('.pile'));
      this.words.textContent = stepText(step, nameOf);
      const stopsHere = this.answer.complete === false && this.index === this.last;
      replace(this.status, h('span', { class: 'move-count' }, moveLabel(this.index, steps.length)), ' · ',
        h('strong', {}, stopsHere ? 'The replay stops here' : statusText(view, nameOf)));
      const area = myAreaEl(view, { readOnly: true, owner: nameOf(seat), faceDown: all ? step.face_down?.[seat] : null });
      replace(this.mine, myPlaceEl(view, nameOf(seat), area));
      this.drawTransport();
      this.markMove();
    });
    this.fit();
  }

  drawTransport() {
    const count = this.answer?.steps?.length ?? 0;
    this.slider.value = String(this.index);
    this.slider.setAttribute('aria-valuetext', `${moveLabel(this.index, count)}: ${stepText(this.answer.steps[this.index], this.nameOf)}`);
    this.back.setAttribute('aria-disabled', String(this.index === 0));
    this.forward.setAttribute('aria-disabled', String(this.index >= this.last));
    const label = this.playing ? 'Pause' : this.index >= this.last ? 'Play from the start' : 'Play';
    this.playButton.setAttribute('aria-label', label);
    this.playButton.title = label;
    replace(this.playButton, icon(this.playing ? 'pause' : 'play'));
  }

  /** The move drawn, marked in the list (the one stop of the list for Tab), and in sight there. */
  markMove() {
    for (const button of this.moveList.querySelectorAll('[aria-current]')) {
      button.removeAttribute('aria-current');
      button.tabIndex = -1;
    }
    const button = this.moveList.querySelector(`[data-step="${this.index}"]`);
    if (!button) return;
    button.setAttribute('aria-current', 'step');
    button.tabIndex = 0;
    // The list scrolls beside the table; in a phone's drawer the whole drawer does.
    const pane = getComputedStyle(this.pane).overflowY === 'auto' ? this.pane : this.panel;
    if (!pane.getClientRects().length) return;
    const item = button.getBoundingClientRect();
    const box = pane.getBoundingClientRect();
    if (item.top < box.top) pane.scrollTop -= box.top - item.top + 8;
    else if (item.bottom > box.bottom) pane.scrollTop += item.bottom - box.bottom + 8;
  }

  fit() {
    const hand = this.mine.querySelector('.my-hand');
    if (hand !== this.observedHand) {
      this.handObserver.disconnect();
      if (hand) this.handObserver.observe(hand);
      this.observedHand = hand;
    }
    if (hand) fitHand(hand);
  }

  // ---- what the player does ----

  chooseView(value) {
    this.choice = value === 'all' ? { seat: this.choice.seat, all: true } : { seat: Number(value), all: false };
    this.draw();
  }

  /** Shows step `i` (within the game); stepping by hand stops the playing. */
  go(i) {
    if (!this.answer?.steps?.length) return;
    this.pause();
    this.index = clampStep(i, this.answer.steps.length);
    this.draw();
  }

  togglePlay() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    if (!this.answer?.steps?.length) return;
    if (this.index >= this.last) this.index = 0;
    this.playing = true;
    this.draw();
    this.schedule();
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.playing) return;
      this.index = Math.min(this.index + 1, this.last);
      if (this.index >= this.last) this.playing = false;
      this.draw();
      if (this.playing) this.schedule();
    }, speedMs(this.speed));
  }

  pause() {
    clearTimeout(this.timer);
    if (!this.playing) return;
    this.playing = false;
    if (this.answer) this.drawTransport();
  }

  toggleDrawer() {
    if (this.drawerOpen) this.closeDrawer();
    else this.openDrawer();
  }

  openDrawer() {
    this.drawerOpen = true;
    this.el.classList.add('drawer-open');
    this.drawerButton.setAttribute('aria-expanded', 'true');
    this.markMove();
    (this.moveList.querySelector('[aria-current]') ?? this.panel.querySelector('.drawer-close'))?.focus({ preventScroll: true });
  }

  /** Closes the drawer; a focus that was in it goes back to the button that opened it. */
  closeDrawer() {
    if (!this.drawerOpen) return;
    const inside = this.panel.contains(document.activeElement);
    this.drawerOpen = false;
    this.el.classList.remove('drawer-open');
    this.drawerButton.setAttribute('aria-expanded', 'false');
    if (inside) this.drawerButton.focus({ preventScroll: true });
  }

  /** Up and down in the list of moves go from move to move, as the arrows do on the table. */
  listKey(e) {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    this.go(this.index + (e.key === 'ArrowDown' ? 1 : -1));
    this.moveList.querySelector('[aria-current]')?.focus({ preventScroll: true });
  }

  // ---- keyboard: Left and Right step, Home and End, Space plays and pauses ----

  keydown(e) {
    if (e.key === 'Escape' && this.drawerOpen) {
      this.closeDrawer();
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey || !this.answer?.steps?.length) return;
    const target = e.target instanceof HTMLElement ? e.target : null;
    // A field keeps its own keys; the slider moves itself (and says so through `input`).
    if (target && (target.closest('select, textarea, input:not([type=range])') || target.isContentEditable)) return;
    const onSlider = target?.matches('input[type=range]');
    switch (e.key) {
      case 'ArrowLeft':
      case 'ArrowRight':
        if (onSlider) return;
        e.preventDefault();
        this.go(this.index + (e.key === 'ArrowRight' ? 1 : -1));
        return;
      case 'Home':
      case 'End':
        if (onSlider) return;
        e.preventDefault();
        this.go(e.key === 'Home' ? 0 : this.last);
        return;
      case ' ':
        // Space on a button or a link presses it, as everywhere.
        if (target?.closest('button, a')) return;
        e.preventDefault();
        this.togglePlay();
        return;
      default:
    }
  }
}
