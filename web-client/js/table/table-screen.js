// The table: opponents across the top, the pile in the middle, your cards at the bottom,
// the action buttons, and the log/chat/scores panel. It redraws from the app's state on
// every change, keeps the player's selection and swap arrangement between redraws, and
// animates the events each frame brings.

import { h, replace, keepFocus } from '../ui/dom.js';
import { opponentEl } from './opponents.js';
import { centreEl, layoutPile } from './centre.js';
import { myAreaEl, myPlaceEl, fitHand } from './my-area.js';
import { playControls, swapControls, waitingMoveControls } from './controls.js';
import { whyNot } from '../core/why-not.js';
import { waitingRoomEl } from './waiting-room.js';
import { SidePanel, REACTIONS } from './side-panel.js';
import { ReactionTray } from './reaction-tray.js';
import { gameOverEl } from './game-over.js';
import { cardEl, backEl } from './card-el.js';
import { opponentOrder } from '../core/seating.js';
import { msLeft } from '../core/room-sync.js';
import { clock } from '../core/format.js';
import { turnWords } from '../core/event-words.js';
import {
  activeSource, isPlayable, playAction, playInstances, pruneSelection, selectAllOfRank, selectedPlay, tapPackedRank,
  toggleCard, canPickUp, canWait, tableJoinsHand, turnableSlots,
} from '../core/selection.js';
import { aRank, rankOf } from '../core/cards.js';
import { startSwap, tapSwap, stackingAllowed } from '../core/swap.js';
import { presetOf, presetTitle } from '../views/presets.js';
import { tableRules } from '../net/table-rules.js';
import { fly, flare, reducedMotion } from '../ui/motion.js';
import { icon } from '../ui/icons.js';
import { closeDrawerOnTap } from './drawer.js';


export class TableScreen {
  constructor(app) {
    this.app = app;
    this.selection = [];
    this.swap = null;
    this.swapDealt = null;
    this.resultsKey = null;
    this.showResults = false;
    this.showLobby = false;
    this.drawerOpen = false;
    this.suppressClick = false;
    this.note = null;             // { text, until }: why a tap or a move did nothing, in the status line
    this.settledSeen = app.movesSettled;
    this.noticeSeen = app.moveNotice?.at ?? null;

    this.side = new SidePanel(app, { onClose: () => this.closeDrawer() });
    this.reactions = new ReactionTray({ onReact: (reaction) => app.roomRequest('react', { reaction }) });
    this.bar = h('div', { class: 'table-bar' });
    this.opponents = h('div', { class: 'opponents' });
    this.centre = h('div', { class: 'centre-zone' });
    // The latest step in words ("Ana burned the pile with a 10"): on a phone the log is in
    // a drawer, and a screen reader hears each step here.
    this.ticker = h('p', { class: 'last-step', 'aria-live': 'polite', 'data-testid': 'last-step' });
    this.status = h('div', { class: 'status-line', role: 'status', 'aria-live': 'polite', 'data-testid': 'status' });
    this.mine = h('div', { class: 'me-zone' });
    this.controls = h('div', { class: 'controls', role: 'group', 'aria-label': 'Actions' });
    this.overlay = h('div', { class: 'overlay-slot' });
    this.felt = h('section', { class: 'felt', 'aria-label': 'Card table' },
      this.opponents, this.centre, this.ticker, this.status, this.mine, this.controls);
    this.el = h('div', { class: 'table-screen' }, this.bar,
      h('div', { class: 'table-layout' }, this.felt, this.side.el), this.overlay, this.reactions.el);

    this.handlers = {
      tapCard: (inst, how) => this.tapCard(inst, how),
      doubleTapCard: (inst) => this.doubleTapCard(inst),
      tapSwap: (zone, index) => this.tapSwapCard(zone, index),
      turnFaceDown: (slot) => app.act({ type: 'play_face_down', slot }),
      play: (target) => this.play(target),
      pickup: () => { if (!app.move) app.act({ type: 'pickup' }); },
      wait: () => { if (!app.move) app.act({ type: 'wait' }); },
      confirmSwap: (action) => { if (action && !app.move) app.act(action); },
      resetSwap: () => { this.swap = null; this.update(app); },
      cancelMove: () => app.cancelMove(),
      explain: (target) => this.explain(target),
    };

    this.onKey = (e) => this.keydown(e);
    document.addEventListener('keydown', this.onKey);
    this.onResize = () => this.fit();
    window.addEventListener('resize', this.onResize);
    // The hand's width also changes without a resize of the window (the panel, a scroll
    // bar, the layout of the table around it): the fan follows its own box.
    this.observedHand = null;
    this.handWidth = 0;
    this.handObserver = new ResizeObserver(() => {
      if (this.observedHand && this.observedHand.clientWidth !== this.handWidth) this.fit();
    });
    this.timer = setInterval(() => this.tick(), 250);
    this.el.addEventListener('pointerdown', (e) => this.dragStart(e));
    closeDrawerOnTap(this.felt, () => this.drawerOpen, () => this.toggleDrawer());
  }

  destroy() {
    document.removeEventListener('keydown', this.onKey);
    window.removeEventListener('resize', this.onResize);
    this.reactions.destroy();
    this.handObserver.disconnect();
    clearInterval(this.timer);
  }

  get view() {
    return this.app.table.view;
  }

  get isPlayer() {
    const v = this.view;
    return Boolean(v && v.viewer !== null && v.viewer !== undefined);
  }

  // ---- drawing ----

  update(app) {
    const fresh = app.takeFresh();
    const room = app.table.room;
    if (!room) return;
    const view = this.view;
    this.syncLocalState(view);
    this.checkResults(app);

    keepFocus(this.el, () => {
      this.side.update(app);
      this.drawBar(app, room);
      const lobby = !view || (view.phase === 'over' && this.showLobby);
      this.felt.classList.toggle('lobby', lobby);
      if (lobby) {
        replace(this.opponents);
        replace(this.centre, waitingRoomEl(app, { afterGame: Boolean(view) }));
        replace(this.mine);
        replace(this.status, ...(app.disconnected ? this.connectionParts(app) : []));
        replace(this.ticker);
        this.ticker.dataset.text = '';
        replace(this.controls, view ? h('button', { type: 'button', class: 'ghost',
          onclick: () => { this.showLobby = false; this.update(app); } }, 'Back to the last game') : null);
      } else {
        this.drawGame(app, room, view);
      }
      this.drawOverlay(app);
    });
    this.fit();
    if (fresh.events.length) this.animate(fresh.events, view);
    for (const reaction of fresh.reactions) this.bubble(reaction);
  }

  drawBar(app, room) {
    const preset = presetOf(room.ruleset);
    const unread = this.side.unreadCount(app);
    replace(this.bar,
      // The page's heading, for a screen reader's list of headings: the bar shows the same words.
      h('h1', { class: 'sr-only' }, `Table ${room.code}, ${presetTitle(preset)}`),
      h('a', { class: 'bar-home', href: `#/rules/${encodeURIComponent(preset)}`, 'aria-label': 'The rules of this table',
        title: 'Rules' }, h('span', { 'aria-hidden': 'true' }, '♠')),
      h('div', { class: 'bar-title' },
        h('span', { class: 'bar-code', title: 'Table code', 'data-testid': 'bar-code' }, room.code),
        h('span', { class: 'bar-preset' }, presetTitle(preset)),
        room.spectators ? h('span', { class: 'bar-watchers', role: 'img', 'aria-label': `${room.spectators} watching` },
          icon('eye', 18), ` ${room.spectators}`) : null),
      h('div', { class: 'bar-actions' },
        h('button', { type: 'button', class: 'icon-btn', 'data-testid': 'sound-switch', 'aria-pressed': String(!app.sound.muted),
          'aria-label': app.sound.muted ? 'Sound off: turn on' : 'Sound on: turn off', title: 'Turn sound',
          onclick: () => app.setMuted(!app.sound.muted) }, icon(app.sound.muted ? 'soundOff' : 'soundOn')),
        h('button', { type: 'button', class: 'icon-btn bar-four', 'aria-pressed': String(app.fourColour),
          'aria-label': 'Four-colour deck', title: 'Four-colour deck',
          onclick: () => app.setFourColour(!app.fourColour) }, h('span', { class: 'four-icon', 'aria-hidden': 'true' },
          h('i', { class: 's' }), h('i', { class: 'h' }), h('i', { class: 'd' }), h('i', { class: 'c' }))),
        this.reactions.button(),
        h('button', { type: 'button', class: 'icon-btn drawer-toggle', 'aria-expanded': String(this.drawerOpen),
          'aria-label': 'Log and chat', 'data-focus': 'drawer-toggle', onclick: () => this.toggleDrawer() }, icon('chat'),
        unread > 0 ? h('span', { class: 'unread' }, String(unread)) : null),
        h('button', { type: 'button', class: 'ghost small', 'data-testid': 'leave', onclick: () => this.leave() }, 'Leave')));
    this.el.classList.toggle('drawer-open', this.drawerOpen);
  }

  drawGame(app, room, view) {
    const viewer = view.viewer;
    const now = performance.now();
    const turnLeft = msLeft(app.table, 'turn_ms_left', now);
    const order = opponentOrder(view.players, this.isPlayer ? viewer : null);
    // A give-pile joker chosen: the seats it may go to are the buttons that play it.
    const targets = this.giveTargets(app, view);
    replace(this.opponents, ...order.map((seat) => opponentEl({
      seat, roomSeat: room.seats[seat], viewSeat: view.seats[seat], current: view.current, phase: view.phase,
      timerText: turnLeft === null ? null : clock(turnLeft),
      give: targets.includes(seat) ? () => this.handlers.play(seat) : null,
    })));
    this.opponents.dataset.count = String(order.length);
    replace(this.centre, centreEl(view, tableRules(presetOf(room.ruleset), room.ruleset, () => app.render())));
    layoutPile(this.centre.querySelector('.pile'));
    replace(this.status, ...(app.disconnected ? this.connectionParts(app)
      : this.noteActive() ? [h('span', { class: 'why-not', 'data-testid': 'why-not' }, this.note.text)]
        : this.statusParts(app, view, turnLeft)));
    // In the swap the seats say who is ready; the felt keeps its room for the cards.
    const step = view.phase === 'swap' ? [] : app.lastStep.slice(-2);
    if (this.ticker.dataset.text !== step.join('\n')) {
      this.ticker.dataset.text = step.join('\n');
      replace(this.ticker, ...step.map((line) => h('span', {}, line)));
    }

    if (this.isPlayer) {
      const swapping = this.swapping(view);
      const instances = this.instances(view);
      const area = myAreaEl(view, {
        selection: this.selection, swap: this.swap, swapping, instances, handlers: this.handlers,
      });
      const myName = room.seats[viewer]?.name ?? app.me.name;
      replace(this.mine, myPlaceEl(view, myName, area));
      let buttons = [];
      const move = app.move;
      if (move && (!move.sent || move.rejoining) && view.phase !== 'over') {
        buttons = waitingMoveControls(move, { handlers: this.handlers });
      } else if (swapping) buttons = swapControls(view, { swap: this.swap, handlers: this.handlers });
      else if (view.phase === 'play') buttons = playControls(view, { selection: this.selection, instances, handlers: this.handlers });
      else if (view.phase === 'over') buttons = this.overButtons(app, room);
      buttons = buttons.filter(Boolean);
      // A move on its way: nothing more until the table answers (a few milliseconds).
      if (move && move.sent && !move.rejoining && view.phase !== 'over') {
        for (const b of buttons) if (b.tagName === 'BUTTON') b.disabled = true;
      }
      replace(this.controls, ...buttons);
    } else {
      replace(this.mine, h('p', { class: 'watching' }, 'You are watching this game.',
        room.seats.some((s) => s.name === null) ? h('button', { type: 'button', class: 'secondary small',
          onclick: () => app.roomRequest('sit') }, 'Sit at the next game') : null));
      replace(this.controls, ...(view.phase === 'over' ? this.overButtons(app, room) : []));
    }
  }

  /** The seats the chosen give-pile joker may hand the pile to, when there is a choice. */
  giveTargets(app, view) {
    if (!this.isPlayer || view.phase !== 'play' || view.current !== view.viewer || app.move) return [];
    const play = selectedPlay(this.selection, this.instances(view), view.legal ?? []);
    return play && play.targets.length > 1 ? play.targets : [];
  }

  overButtons(app, room) {
    const seated = room.you && !room.you.spectator;
    return [
      seated ? h('button', { type: 'button', class: 'primary big', 'data-testid': 'rematch-bar',
        onclick: () => app.roomRequest('rematch') }, 'Rematch') : null,
      h('button', { type: 'button', class: 'secondary', onclick: () => { this.showResults = true; this.update(app); } }, 'Results'),
      h('button', { type: 'button', class: 'ghost', onclick: () => { this.showLobby = true; this.update(app); } }, 'Seats and bots'),
    ];
  }

  /** The status line while the connection is down: it takes the line's place, so nothing moves. */
  connectionParts(app) {
    return [h('span', { class: 'conn-state', 'data-testid': 'conn-state' },
      h('span', { class: 'spinner', 'aria-hidden': 'true' }),
      app.offline ? 'Offline: waiting for the network…' : 'Connection lost: reconnecting…')];
  }

  noteActive() {
    return Boolean(this.note && Date.now() < this.note.until);
  }

  /** Says why a tapped card did nothing, in the status line by the hand, for a few seconds. */
  explain(target, chosen = 0) {
    const view = this.view;
    let text = null;
    if (this.app.move && view?.phase === 'play') text = 'Your move is waiting for the table: it goes first.';
    else text = whyNot(target, view, { nameOf: (s) => this.app.nameOfSeat(s), chosen });
    if (!text) return;
    this.note = { text, until: Date.now() + 4000 };
    this.update(this.app);
  }

  statusParts(app, view, turnLeft) {
    const nameOf = (s) => app.nameOfSeat(s);
    const viewer = this.isPlayer ? view.viewer : null;
    if (view.phase === 'swap') {
      const swapLeft = msLeft(app.table, 'swap_ms_left', performance.now());
      const timer = swapLeft !== null ? h('span', { class: 'timer', 'data-timer': 'swap', 'aria-hidden': 'true' }, clock(swapLeft)) : null;
      if (this.swapping(view)) {
        const stacking = stackingAllowed(view.legal, view.seats[viewer].face_up.length);
        return [h('strong', {}, 'Choose your face-up cards. '),
          view.seats[viewer].face_up.length
            ? `Tap a hand card, then a table card, to swap them (or drag one onto the other)${stacking ? '; a card of the same rank stacks' : ''}.`
            : 'Nothing to swap in this game: confirm when ready.', timer];
      }
      return ['Waiting for the others to choose their face-up cards…', timer];
    }
    if (view.phase === 'over') return [h('strong', {}, 'Game over.')];
    const words = turnWords(view.current, { nameOf, viewer });
    const mine = viewer !== null && view.current === viewer;
    const extra = [];
    if (mine) {
      const legal = view.legal ?? [];
      const source = activeSource(view);
      const turnable = turnableSlots(view).size > 0;
      if (legal.some((a) => a.type === 'play')) {
        const withTable = source === 'hand' && (view.seats[viewer].face_up ?? [])
          .some((card) => tableJoinsHand(view, rankOf(card)));
        extra.push(source === 'face_up' ? ' Play from your table cards'
          : withTable ? ' Choose cards of one rank from your hand and table, then Play'
            : ' Choose cards of one rank, then Play');
        extra.push(turnable ? ', or turn over a face-down card.' : '.');
      } else if (turnable) {
        extra.push(' Turn over a face-down card.');
      } else if (canWait(legal)) {
        extra.push(view.top ? ` Answer with ${aRank(view.top.rank)} or wait.` : ' Answer the wait card or wait.');
      } else if (canPickUp(legal)) {
        extra.push(' Nothing fits: pick up the pile.');
      }
    }
    const graceLeft = msLeft(app.table, 'grace_ms_left', performance.now());
    if (graceLeft !== null) {
      extra.push(h('span', { class: 'grace' }, ` Waiting for ${nameOf(view.current)} to reconnect `,
        h('span', { class: 'timer', 'data-timer': 'grace' }, clock(graceLeft))));
    }
    const direction = view.direction === -1 ? h('span', { class: 'direction', title: 'Play goes the other way' }, ' ↺') : null;
    const timer = turnLeft !== null ? h('span', { class: 'timer', 'data-timer': 'turn', 'aria-hidden': 'true' }, clock(turnLeft)) : null;
    return [h('strong', { class: mine ? 'your-turn' : '' }, words), direction, timer,
      extra.length ? h('span', { class: 'status-hint' }, ...extra) : null];
  }

  drawOverlay(app) {
    if (!this.showResults) {
      replace(this.overlay);
      return;
    }
    const el = gameOverEl(app, {
      onClose: () => { this.showResults = false; this.update(app); },
      onRematch: () => { this.showResults = false; app.roomRequest('rematch'); this.update(app); },
      onLeave: () => this.leave(),
    });
    replace(this.overlay, el);
    if (el && !el.contains(document.activeElement)) el.querySelector('button')?.focus({ preventScroll: true });
  }

  fit() {
    const hand = this.mine.querySelector('.my-hand');
    if (hand !== this.observedHand) {
      this.handObserver.disconnect();
      if (hand) this.handObserver.observe(hand);
      this.observedHand = hand;
    }
    if (!hand) return;
    fitHand(hand);
    this.handWidth = hand.clientWidth;
  }

  // ---- local state kept across redraws ----

  syncLocalState(view) {
    const app = this.app;
    if (app.movesSettled !== this.settledSeen) {
      // The table took our move: the cards chosen for it have gone.
      this.settledSeen = app.movesSettled;
      this.selection = [];
      this.note = null;
    }
    if (app.moveNotice && app.moveNotice.at !== this.noticeSeen) {
      this.noticeSeen = app.moveNotice.at;
      this.note = { text: app.moveNotice.text, until: Date.now() + 6000 };
    }
    if (!view || !this.isPlayer) {
      this.selection = [];
      this.swap = null;
      return;
    }
    if (this.swapping(view)) {
      const me = view.seats[view.viewer];
      const dealtKey = JSON.stringify([[...view.hand].sort(), [...me.face_up].sort()]);
      if (!this.swap || this.swapDealt !== dealtKey) {
        this.swap = startSwap(view.hand, me.face_up);
        this.swapDealt = dealtKey;
      }
      this.selection = [];
    } else {
      this.swap = null;
      this.swapDealt = null;
      this.selection = pruneSelection(this.selection, this.instances(view), view);
    }
    if (view.phase !== 'over') this.showLobby = false;
  }

  checkResults(app) {
    const { table } = app;
    let key = null;
    if (table.gameOver) key = `frame:${table.gameOver.version}`;
    else if (table.view?.phase === 'over') key = `view:${table.room?.code}:${table.room?.scoreboard?.games}`;
    if (key && key !== this.resultsKey) {
      this.resultsKey = key;
      this.showResults = true;
    }
    if (!key) {
      this.resultsKey = null;
      this.showResults = false;
    }
  }

  swapping(view) {
    return Boolean(view && view.phase === 'swap' && this.isPlayer && !view.seats[view.viewer].swapped);
  }

  instances(view) {
    return playInstances(view);
  }

  // ---- actions ----

  /** `packed`: the tap landed on a hand packed by rank, and stands for the rank (hand-fan.js). */
  tapCard(inst, { packed = false } = {}) {
    if (this.suppressClick) return;
    const view = this.view;
    if (this.app.move) { this.explain(inst); return; }
    const instances = this.instances(view);
    const next = (packed ? tapPackedRank : toggleCard)(this.selection, inst, instances, view);
    if (next === this.selection) {
      // Nothing changed: say why rather than nothing at all.
      const rank = rankOf(inst.card);
      this.explain(inst, instances.filter((i) => this.selection.includes(i.key) && rankOf(i.card) === rank).length);
      return;
    }
    this.selection = next;
    if (this.noteActive()) this.note = null;
    this.update(this.app);
  }

  doubleTapCard(inst) {
    const view = this.view;
    if (this.app.move || !isPlayable(inst, view)) return;
    this.selection = selectAllOfRank(inst, this.instances(view), view);
    this.update(this.app);
  }

  tapSwapCard(zone, index) {
    if (this.suppressClick || !this.swap) return;
    const view = this.view;
    const stacking = stackingAllowed(view.legal, view.seats[view.viewer].face_up.length);
    this.swap = tapSwap(this.swap, zone, index, { stacking });
    this.update(this.app);
  }

  play(target) {
    const view = this.view;
    if (this.app.move) return;
    const play = selectedPlay(this.selection, this.instances(view), view.legal);
    if (!play) return;
    if (target === undefined && play.targets.length > 1) {
      // A give-pile joker by keyboard (Enter): the choice of seat is the player's, at the seats.
      this.update(this.app);
      this.opponents.querySelector('[data-testid=give-pile]')?.focus();
      return;
    }
    // The selection stays until the table takes the move (app.movesSettled), so a move
    // that waits for the connection, or is refused, keeps the cards chosen.
    this.app.act(playAction(play, target));
  }

  leave() {
    return this.app.leaveAsked();
  }

  toggleDrawer() {
    if (this.drawerOpen) {
      this.closeDrawer();
      return;
    }
    this.drawerOpen = true;
    this.side.show(this.side.tab);
    this.update(this.app);
    // The keyboard goes with the eyes: into the drawer, on the tab it shows.
    this.side.tabButtons[this.side.tab]?.focus({ preventScroll: true });
  }

  /** Closes the drawer; a focus that was in it goes back to the button that opened it. */
  closeDrawer() {
    if (!this.drawerOpen) return;
    const inside = this.side.el.contains(document.activeElement);
    this.drawerOpen = false;
    this.update(this.app);
    if (inside) this.bar.querySelector('.drawer-toggle')?.focus({ preventScroll: true });
  }

  // ---- keyboard: arrows choose, Space selects, Enter plays ----

  keydown(e) {
    const target = e.target;
    // Escape closes the drawer from anywhere in it, the chat's text field too.
    if (e.key === 'Escape' && this.drawerOpen && target instanceof Node && this.side.el.contains(target)) {
      this.closeDrawer();
      return;
    }
    if (target instanceof HTMLElement && (target.closest('input, textarea, select') || target.isContentEditable)) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const view = this.view;
    if (e.key === 'Escape') {
      if (this.showResults) { this.showResults = false; this.update(this.app); return; }
      if (this.drawerOpen) { this.closeDrawer(); return; }
      if (this.selection.length) { this.selection = []; this.update(this.app); }
      return;
    }
    // Keys typed in the log, chat or scores are the panel's (Enter there must not play
    // the cards picked before).
    if (target instanceof Node && this.side.el.contains(target)) return;
    if (!view || !this.isPlayer || this.showResults) return;
    const cards = [...this.mine.querySelectorAll('.card-btn')];
    const focusedIndex = cards.indexOf(document.activeElement);
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      if (!cards.length) return;
      e.preventDefault();
      const step = e.key === 'ArrowRight' ? 1 : -1;
      const next = focusedIndex < 0 ? (step > 0 ? 0 : cards.length - 1) : (focusedIndex + step + cards.length) % cards.length;
      cards[next].focus();
      return;
    }
    if (/^[1-9]$/.test(e.key)) {
      // Number keys pick the hand's cards from the left.
      const hand = [...this.mine.querySelectorAll('.my-hand .card-btn')];
      const card = hand[Number(e.key) - 1];
      if (card) { e.preventDefault(); card.focus(); card.click(); }
      return;
    }
    if (e.key === 'Enter') {
      // Enter on a button of its own (Leave, Rematch, a tab) presses that button.
      if (target instanceof Element && target.closest('button, a, select, summary') && !target.closest('.card-btn')) return;
      if (this.swapping(view)) {
        if (focusedIndex >= 0) return;  // Enter on a card picks it, like a tap
        e.preventDefault();
        this.controls.querySelector('[data-testid="confirm-swap"]:not([disabled])')?.click();
        return;
      }
      e.preventDefault();
      const focused = cards[focusedIndex];
      if (!this.selection.length && focused?.dataset.key) {
        const inst = this.instances(view).find((i) => i.key === focused.dataset.key);
        if (inst && isPlayable(inst, view)) this.selection = [inst.key];
        else if (inst) { this.explain(inst); return; }
      }
      if (!this.selection.length && focused?.dataset.slot) { focused.click(); return; }
      this.play();
      return;
    }
    if (e.key === 'u' || e.key === 'U') {
      if (canPickUp(view.legal)) this.handlers.pickup();
      return;
    }
    if (e.key === 'w' || e.key === 'W') {
      if (canWait(view.legal)) this.handlers.wait();
      return;
    }
    if ((e.key === 'a' || e.key === 'A') && focusedIndex >= 0) {
      const inst = this.instances(view).find((i) => i.key === cards[focusedIndex].dataset.key);
      if (inst) this.doubleTapCard(inst);
    }
  }

  // ---- dragging in the swap: a hand card onto a table card, or back ----

  dragStart(e) {
    const button = e.target.closest?.('.swapping .card-btn');
    if (!button || e.button !== 0) return;
    const startX = e.clientX;
    const startY = e.clientY;
    let ghost = null;
    const move = (ev) => {
      if (!ghost && Math.hypot(ev.clientX - startX, ev.clientY - startY) > 8) {
        ghost = button.cloneNode(true);
        ghost.classList.add('drag-ghost');
        ghost.style.width = `${button.getBoundingClientRect().width}px`;
        document.body.append(ghost);
        button.classList.add('dragging');
      }
      if (ghost) {
        ghost.style.left = `${ev.clientX}px`;
        ghost.style.top = `${ev.clientY}px`;
      }
    };
    const up = (ev) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      if (!ghost) return;
      ghost.remove();
      button.classList.remove('dragging');
      // The drop ends the gesture; the click that follows it must not pick a card again.
      this.suppressClick = true;
      setTimeout(() => { this.suppressClick = false; }, 0);
      const over = document.elementFromPoint(ev.clientX, ev.clientY)?.closest('.swapping .card-btn');
      if (!over || over === button || over.dataset.zone === button.dataset.zone || !this.swap) return;
      const from = Number(button.dataset.key.split(':')[1]);
      const to = Number(over.dataset.key.split(':')[1]);
      const view = this.view;
      const stacking = stackingAllowed(view.legal, view.seats[view.viewer].face_up.length);
      let state = { ...this.swap, picked: { zone: button.dataset.zone, index: from } };
      state = tapSwap(state, over.dataset.zone, to, { stacking });
      this.swap = state;
      this.update(this.app);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  }

  // ---- clocks ----

  tick() {
    if (this.note && !this.noteActive()) {
      this.note = null;
      this.update(this.app);
    }
    const now = performance.now();
    for (const el of this.el.querySelectorAll('[data-timer]')) {
      const left = msLeft(this.app.table, `${el.dataset.timer}_ms_left`, now);
      if (left === null) continue;
      el.textContent = clock(left);
      el.classList.toggle('urgent', left < 10000);
    }
  }

  // ---- animations ----

  seatEl(seat) {
    return this.el.querySelector(`.me[data-seat="${seat}"] .my-hand`) ?? this.el.querySelector(`.seat[data-seat="${seat}"]`);
  }

  animate(events, view) {
    if (!view || reducedMotion()) return;
    const pile = this.centre.querySelector('.pile .top') ?? this.centre.querySelector('.pile');
    let delay = 0;
    let flights = 0;
    for (const event of events) {
      if (flights > 8) break;
      if (event.type === 'played') {
        const from = event.source === 'face_down' || event.source === 'face_up'
          ? this.el.querySelector(`[data-seat="${event.seat}"] .table-cards`) ?? this.seatEl(event.seat)
          : this.seatEl(event.seat);
        event.cards.slice(0, 4).forEach((card, i) => {
          fly(cardEl(card), from, pile, { delay: delay + i * 70 });
          flights += 1;
        });
        delay += 140;
      } else if (event.type === 'picked_up' || event.type === 'cannot_finish' || event.type === 'pile_given') {
        const to = this.seatEl(event.type === 'pile_given' ? event.target : event.seat);
        for (let i = 0; i < Math.min(3, event.count); i += 1) {
          fly(backEl(), pile, to, { delay: delay + i * 60, scaleTo: 0.6 });
          flights += 1;
        }
        delay += 160;
      } else if (event.type === 'skipped') {
        const seat = this.el.querySelector(`.me[data-seat="${event.target}"], .seat[data-seat="${event.target}"]`);
        setTimeout(() => flare(seat, 'skipped', 900), delay);
        delay += 250;
      } else if (event.type === 'burned') {
        const zone = this.centre.querySelector('.pile-zone');
        setTimeout(() => flare(zone, 'burning', 900), delay + 300);
        delay += 200;
      }
    }
  }

  bubble(reaction) {
    const anchor = (reaction.seat !== null && reaction.seat !== undefined && this.el.querySelector(`[data-seat="${reaction.seat}"]`))
      || this.bar;
    if (!REACTIONS.includes(reaction.reaction)) return;
    const bubble = h('span', { class: 'reaction-bubble', 'aria-hidden': 'true' }, reaction.reaction);
    anchor.append(bubble);
    setTimeout(() => bubble.remove(), reducedMotion() ? 1500 : 2400);
  }
}

