// The client's controller: one connection, who we are, the lobby list and the table we
// sit at. It turns server frames into state and user intents into messages, and asks the
// screens to redraw. Screens never talk to the socket themselves.

import { CLOSE_SESSION_MOVED, Connection, socketUrl } from './net/connection.js';
import { createIdentityStore, helloMessage, helloWorthRetrying } from './core/identity.js';
import { applyFrame, emptyTable, forgetVersion } from './core/room-sync.js';
import { applyTablesChanged } from './core/table-list.js';
import { describeEvents } from './core/event-words.js';
import {
  formatDeviceCode, gameIdFromPath, joinRefusal, normalizeCode, normalizeDeviceCode, parseHash, routeOf, tableCodeFromPath,
} from './core/routes.js';
import { botLevel } from './core/bot-levels.js';
import { TableSounds } from './ui/sound.js';
import { ScreenWakeLock } from './ui/wake-lock.js';
import { toast } from './ui/toast.js';
import { confirmDialog } from './ui/dialog.js';

const MAX_LOG = 200;
const MAX_CHAT = 100;

export class App {
  constructor({ onRender }) {
    this.onRender = onRender;
    this.identity = createIdentityStore(window.localStorage);
    this.me = { playerId: this.identity.playerId, name: this.identity.name };
    this.status = 'idle';          // connection: idle, connecting, open, reconnecting
    this.welcomed = false;         // hello answered on the current connection
    this.helloError = null;        // why the server refused our name, shown on the name form
    this.helloRetry = null;        // timer: a hello the server's database could not take yet, sent again
    this.createError = null;       // why the server refused the table we asked for, shown on the form
    this.joinError = null;         // why the last code did not take us to a table, shown by the code's field
    this.renaming = false;         // the next hello asks for a new name
    this.nameTaken = null;         // the name the server said someone else holds (the form offers others)
    this.nameTried = '';           // the last name the server refused, kept in the form
    this.newPlayerRefused = null;  // 'rate_limited' | 'registry_full': the server makes no new player for us just now
    this.claiming = null;          // { code }: saying hello with a device code from the player's other device
    this.claimed = null;           // { name }: this device now plays as the code's player (said once)
    this.deviceCodeError = null;   // why the last device code did not work, shown on the name form
    this.deviceCode = null;        // the code for our other devices: { asked: id } | { code, expiresAt } | { error }
    this.signedOut = null;         // { name }: this device no longer plays as `name` (the name form says so)
    this.moved = false;            // this player now plays in another tab or device: wait for "Play here"
    this.tables = [];              // the public list
    this.table = emptyTable();     // the table we are at (room-sync state)
    this.log = [];                 // { text, kind } lines of the table's event log
    this.lastStep = [];            // the latest step in the ticker's short words, shown on the felt
    this.chat = [];                // chat lines and reactions
    this.chatFromOthers = 0;       // chat lines and reactions from other players, ever: the unread badge counts these
    this.pendingJoin = tableCodeFromPath(location.pathname);  // a /t/CODE link to follow once welcomed
    this.pendingIntent = null;     // what to do once `joined` arrives (play against bots)
    this.quickPlaying = false;     // a quick_play is on its way: its `joined` starts `quickSeat`
    this.quickSeat = null;         // { code, at }: the table quick play seated us at, and when (the offer of bots)
    this.welcomes = 0;             // welcomes on this page, over every connection
    this.parkNext = false;         // the page's first hello: a table the server puts us back at goes to `parked`
    // The table the server put us back at when this page was opened at "/" (the tab was
    // closed at a table): the lobby shows, with the way back, instead of the game.
    this.parked = null;
    this.lastRoomCode = null;      // the room we were in, to rejoin after a reconnect
    this.leaving = false;          // a `leave` is on its way: frames still in flight are stale
    // The table we watch (not sit at), kept for this tab: a reload of its link watches
    // again rather than taking a free seat.
    this.watching = readSession('shithead.watching');
    this.nextId = 1;
    this.tableMoves = 0;           // joins answered table_moved in a row (each reconnects to the table's URL)
    this.requests = new Map();     // request id -> its message type, to read errors in context
    this.freshEvents = [];         // game events not yet animated (the table screen takes them)
    this.freshReactions = [];      // reactions not yet shown as bubbles
    this.move = null;              // our move the table has not answered (core/pending-move.js)
    // core/pending-move.js is table code: it comes with the first table frame, not on the
    // first visit (the lobby needs none of it); no move exists before it has come.
    this.moves = null;
    this.movesLoading = null;
    this.movesSettled = 0;         // counts moves the table took: the table screen then clears its selection
    this.moveNotice = null;        // { text, at }: why a move did not happen, shown by the hand
    this.sound = new TableSounds({ muted: this.identity.muted });
    this.wakeLock = new ScreenWakeLock();
    this.fourColour = this.identity.fourColour;

    this.connection = new Connection({
      // At a table (or on its way to one), the table's URL: behind several servers, it
      // reaches the one that serves the table.
      url: () => socketUrl(location, this.pendingJoin ?? this.table.room?.code ?? null),
      onOpen: () => this.sayHello(),
      onMessage: (m) => this.receive(m),
      // The player said hello elsewhere: the close ends the session for good (so does the
      // session_moved error frame before it, whichever comes first).
      onEnd: (code) => { if (code === CLOSE_SESSION_MOVED) this.sessionMoved(); },
      onStatus: (status) => {
        this.status = status;
        if (status !== 'open') {
          this.welcomed = false;
          if (this.moves) this.move = this.moves.connectionLost(this.move);
          // A code asked for on a connection that dropped will not come.
          if (this.deviceCode?.asked) this.deviceCode = { error: 'The connection dropped before a code came: try again.' };
        }
        this.render();
      },
    });

    // A phone waking up or the network coming back: check the socket at once rather
    // than waiting for the next ping. The network going away is believed at once.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.connection.checkAlive();
    });
    window.addEventListener('online', () => this.connection.wentOnline());
    window.addEventListener('offline', () => this.connection.wentOffline());
    window.addEventListener('hashchange', () => {
      // A link from a game's page to another page ("#/", "#/player/ID"): the address
      // leaves the game for the table we sit at, or the lobby. (Back to the game's page
      // brings no hash: the page stays.)
      if (onGamePage() && location.hash) history.replaceState(null, '', `${this.homePath}${location.hash === '#/' ? '' : location.hash}`);
      const code = this.readDeviceLink();
      if (code) this.useDeviceCode(code);
      this.render();
    });
    // Back and forward between a game's page ("/g/ID", pushed by its links) and the rest.
    window.addEventListener('popstate', () => this.render());
    // A device link opened here: its code is read now and wiped from the address bar.
    this.linkCode = this.readDeviceLink();
  }

  /**
   * The code of a "#/device/CODE" link in the address bar, removed from it (and its
   * history entry). An old "#/claim/..." link is wiped too: it carried a token, which no
   * address may hold, and it no longer works.
   */
  readDeviceLink() {
    const route = parseHash(location.hash);
    if (route.page !== 'device' && route.page !== 'old-device-link') return null;
    history.replaceState(null, '', location.pathname);
    if (route.page === 'old-device-link') {
      toast('Links like that one no longer work: on your other device, open “Use on another device” for a code.', { timeout: 10000 });
      return null;
    }
    if (!route.code) toast('That device link is not whole: type its code instead.', { timeout: 8000 });
    return route.code;
  }

  /**
   * Becomes the player of a device code (typed, or from a link): says hello with it, and
   * the welcome says whose identity this is. A device that is someone already is asked
   * first, and stays who it was if the code does not work.
   */
  async useDeviceCode(text) {
    const code = normalizeDeviceCode(text);
    if (!code) {
      this.deviceCodeError = 'A device code is 8 letters and digits, like K7MP-Q2XD.';
      this.render();
      return;
    }
    if (this.identity.token) {
      const who = this.me.name || this.identity.name;
      const sure = await confirmDialog({
        title: 'Play as someone else here?',
        text: `This device plays as ${who || 'another player'}. The code makes it play as the player who asked for it, `
          + `and ${who || 'the current player'} is forgotten on this device (a code from their own other device brings them back).`,
        confirm: 'Switch player',
        cancel: `Stay ${who || 'as I am'}`,
        testid: 'claim-dialog',
      });
      if (!sure) {
        if (this.connection.status === 'idle' && !this.moved) this.connection.start();
        this.render();
        return;
      }
    }
    this.claiming = { code };
    this.deviceCodeError = null;
    this.helloError = null;
    this.newPlayerRefused = null;
    this.nameTaken = null;
    this.renaming = false;
    this.moved = false;
    if (this.connection.status === 'idle') this.connection.start();
    else if (this.status === 'open' && !this.welcomed) this.sayHello();
    else this.connection.reconnectNow();  // a welcomed connection is someone: a new hello needs a new one
    this.render();
  }

  /** The code failed: say why, and be who we were (the stored identity was never touched). */
  claimFailed(message) {
    this.claiming = null;
    this.deviceCodeError = message;
    toast(message, { timeout: 8000 });
    if (this.identity.token && this.status === 'open') this.sayHello();
    this.render();
  }

  /**
   * Another tab or device says hello as this player now: the server closed this
   * connection, and it stays closed (reconnecting would take the player back, and the
   * other tab would do the same, forever). "Play here" is `playHere`.
   */
  sessionMoved() {
    if (this.moved) return;
    this.moved = true;
    // Most likely our code was just used; if not, a new one is a tap away.
    this.deviceCode = null;
    this.connection.stop();
    this.render();
  }

  playHere() {
    this.moved = false;
    this.connection.start();
    this.render();
  }

  /**
   * Our token no longer works (signed out from another device, or the server forgot the
   * player): forget it, and let the name form say so and offer a device code or a name.
   */
  forgetIdentity({ stop = true } = {}) {
    const name = this.identity.name || this.me.name;
    if (stop) this.connection.stop();
    this.identity.token = '';
    this.identity.name = '';
    this.identity.playerId = '';
    this.me = { playerId: '', name: '' };
    this.signedOut = { name };
    this.claimed = null;
    this.deviceCode = null;
    this.renaming = false;
    this.moved = false;
    if (this.inRoom) this.leftTable();
    this.render();
  }

  /** Asks for a device code, for the player's other device; `device_code` answers. */
  requestDeviceCode() {
    if (!this.connected) {
      this.deviceCode = { error: 'Not connected: a code needs the server. Try again in a moment.' };
    } else {
      this.deviceCode = { asked: this.request({ type: 'device_code' }) };
    }
    this.render();
  }

  /** Every other device of this player forgets them; this one gets a new token (`token`). */
  signOutOthers() {
    if (!this.connected) {
      toast('Not connected: try again in a moment.');
      return;
    }
    this.request({ type: 'sign_out_others' });
  }

  // ---- state the screens read ----

  get route() {
    return routeOf(location.pathname, location.hash);
  }

  /** The address of the screen under the pages: our table's, or the lobby's. */
  get homePath() {
    return this.inRoom && !this.parked ? `/t/${this.table.room.code}` : '/';
  }

  /** Opens a game's page ("/g/ID") in this tab, the table kept (its links do this). */
  openGame(path) {
    history.pushState(null, '', path);
    this.render();
  }

  /** Someone to be: a name on its way to the server, or a token. */
  get hasIdentity() {
    return Boolean(this.me.name || this.identity.token);
  }

  get inRoom() {
    return Boolean(this.table.room);
  }

  get connected() {
    return this.status === 'open' && this.welcomed;
  }

  /** Not connected when we should be: the table says so and moves wait. */
  get disconnected() {
    return this.hasIdentity && this.status !== 'open' && this.status !== 'idle';
  }

  get offline() {
    return this.connection.offline;
  }

  nameOfSeat(seat) {
    const s = this.table.room?.seats?.[seat];
    return s?.name ?? `Seat ${Number(seat) + 1}`;
  }

  /** Game events and reactions since the last call, for the table screen to animate. */
  takeFresh() {
    const fresh = { events: this.freshEvents, reactions: this.freshReactions };
    this.freshEvents = [];
    this.freshReactions = [];
    return fresh;
  }

  // ---- start ----

  start() {
    const code = this.linkCode;
    this.linkCode = null;
    if (code) this.useDeviceCode(code);
    else if (this.hasIdentity) this.connection.start();
    this.render();
  }

  /** The player chose (or changed) their name. */
  chooseName(name) {
    this.me.name = name;
    this.identity.name = name;
    this.helloError = null;
    this.newPlayerRefused = null;
    this.nameTaken = null;
    if (this.connection.status === 'idle') {
      this.connection.start();
    } else if (this.status === 'open' && !this.welcomed) {
      this.sayHello();  // the last hello was refused: try again on this connection
    } else {
      // A rename needs a new hello, and hello opens a connection.
      this.renaming = true;
      this.connection.reconnectNow();
    }
    this.render();
  }

  /** Gives up a rename the server refused: the token's hello keeps the name we had. */
  keepName() {
    this.helloError = null;
    this.nameTaken = null;
    this.renaming = false;
    if (this.status === 'open' && !this.welcomed && this.identity.token) this.sayHello();
    this.render();
  }

  sayHello() {
    // Counting versions starts again on every connection.
    this.table = forgetVersion(this.table);
    const hello = this.claiming ? helloMessage({ deviceCode: this.claiming.code }) : helloMessage({
      // With a token, an empty name keeps the one the server has, so a stale copy here
      // can never rename us by accident.
      name: this.identity.token && !this.renaming ? '' : this.me.name,
      token: this.identity.token,
    });
    this.connection.send(hello);
  }

  send(message) {
    if (!this.connection.send(message)) {
      toast('Not connected: trying again…');
      return false;
    }
    return true;
  }

  request(message) {
    const id = this.nextId++;
    this.requests.set(id, message);
    if (this.requests.size > 100) this.requests.delete(this.requests.keys().next().value);
    this.send({ ...message, id });
    return id;
  }

  // ---- intents from the screens ----

  createTable(settings, intent = null) {
    this.leaving = false;
    this.forgetParked();
    this.quickPlaying = false;
    this.createError = null;
    this.pendingIntent = intent;
    this.request({ type: 'create_table', ...settings });
  }

  playAgainstBots() {
    this.createTable({ public: false, seats: 3, turn_timer: 0 }, { bots: 2, start: true });
  }

  quickPlay() {
    this.leaving = false;
    this.forgetParked();
    this.quickPlaying = true;
    this.pendingIntent = null;
    this.request({ type: 'quick_play' });
  }

  join(codeText, { spectate = false } = {}) {
    this.leaving = false;
    const code = normalizeCode(codeText);
    if (!code) {
      this.joinError = 'A table code is six letters and digits, like K7MPQ2.';
      toast(this.joinError);
      this.render();
      return false;
    }
    this.joinError = null;
    this.forgetParked();
    this.quickPlaying = false;
    const message = { type: 'join', code };
    if (spectate) message.spectate = true;
    this.request(message);
    return true;
  }

  /**
   * Leaving asks first when the player's game is still on (a bot then plays their cards),
   * from the table's bar or from the lobby's "You are still at table …".
   */
  async leaveAsked() {
    const view = this.table.view;
    const playing = view && view.phase !== 'over' && view.viewer !== null && view.viewer !== undefined
      && view.seats[view.viewer].place === 0;
    if (playing) {
      const sure = await confirmDialog({
        title: 'Leave the game?',
        text: 'A bot plays your cards to the end of this game, and the result counts for you.',
        confirm: 'Leave the game',
        cancel: 'Keep playing',
        testid: 'leave-dialog',
      });
      if (!sure) return;
    }
    this.leave();
  }

  leave() {
    if (this.connected) {
      this.leaving = true;
      this.request({ type: 'leave' });
    }
    this.leftTable();
  }

  /** Quick play found nobody: `bots` take seats (the level last chosen) and the game starts. */
  startWithBots(bots) {
    const kind = botLevel(this.identity.botLevel).kind;
    for (let i = 0; i < bots; i += 1) this.roomRequest('add_bot', { kind });
    this.roomRequest('start');
  }

  /** From the lobby to the table the server kept us at. */
  backToTable() {
    const code = this.parked;
    this.parked = null;
    if (code && this.table.room?.code === code) history.replaceState(null, '', `/t/${code}`);
    this.render();
  }

  forgetParked() {
    this.parked = null;
    this.parkNext = false;
  }

  /**
   * A move. On a live connection it goes now and the link is checked at once; without
   * one it waits (the table shows it) and goes when we are back, if the table has not
   * changed meanwhile (core/pending-move.js).
   */
  act(action) {
    if (!this.moves) {
      this.loadMoves().then(() => this.act(action));
      return;
    }
    this.moveNotice = null;
    const sent = this.connected;
    this.move = this.moves.newMove(action, this.table.view, { sent });
    if (sent) this.sendMove();
    this.render();
  }

  /**
   * Sends the waiting move. The table always answers a move within milliseconds (a new
   * state or an error); should neither come while the link lives, the move is let go and
   * the table asked for again, so the buttons never stay disabled.
   */
  sendMove() {
    const move = this.move;
    move.id = this.request({ type: 'action', action: move.action });
    this.connection.expectReply();
    setTimeout(() => {
      if (this.move !== move || move.rejoining) return;
      this.move = null;
      this.send({ type: 'snapshot' });
      this.render();
    }, 10000);
  }

  /** The player takes back a move that waits for the connection. */
  cancelMove() {
    if (this.move && !this.move.sent) this.move = null;
    this.render();
  }

  roomRequest(type, fields = {}) {
    this.request({ type, ...fields });
  }

  setMuted(muted) {
    this.sound.muted = muted;
    this.identity.muted = muted;
    this.render();
  }

  setFourColour(on) {
    this.fourColour = on;
    this.identity.fourColour = on;
    document.body.classList.toggle('four-colour', on);
    this.render();
  }

  // ---- frames from the server ----

  receive(message) {
    switch (message.type) {
      case 'welcome': return this.onWelcome(message);
      case 'device_code':
        this.deviceCode = { code: formatDeviceCode(message.code) ?? String(message.code),
          expiresAt: Date.now() + Number(message.expires_in ?? 600) * 1000 };
        return this.render();
      case 'token':
        // Signed out the other devices: this one keeps playing with the new token. The
        // server cancelled our unused code with them.
        if (typeof message.token === 'string' && message.token) this.identity.token = message.token;
        this.deviceCode = null;
        toast('Other devices are signed out.');
        return this.render();
      case 'tables':
        this.tables = Array.isArray(message.tables) ? message.tables : [];
        return this.render();
      case 'tables_changed':
        this.tables = applyTablesChanged(this.tables, message);
        return this.render();
      case 'joined': return this.onJoined(message);
      case 'room':
      case 'game':
      case 'game_over': return this.onStateFrame(message);
      case 'chat':
      case 'reaction': return this.onChat(message);
      case 'left':
        this.leaving = false;
        return this.leftTable();
      case 'error': return this.onError(message);
      case 'closing':
        toast('The server is restarting; reconnecting…');
        return undefined;
      default:
        return undefined;  // pong and anything newer than this client
    }
  }

  onWelcome(message) {
    if (this.claiming) {
      this.claiming = null;
      // Said by a notice over every page (the shell); at a table, the player's own plate says it.
      this.claimed = { name: message.name, at: Date.now() };
      if (location.hash === '#/name') history.replaceState(null, '', location.pathname);
      if (message.player_id !== this.me.playerId) {
        // Someone else now: the table we sat at was theirs, not this player's.
        this.deviceCode = null;
        if (this.inRoom) this.leftTable();
      }
    }
    this.signedOut = null;
    this.deviceCodeError = null;
    this.moved = false;
    this.nameTaken = null;
    this.nameTried = '';
    this.welcomed = true;
    this.leaving = false;  // a new connection: the server has forgotten any leave in flight
    this.renaming = false;
    this.helloError = null;
    this.newPlayerRefused = null;
    this.me = { playerId: message.player_id, name: message.name };
    // Kept even when it differs from the token we sent: the server renews old tokens once.
    this.identity.token = message.token;
    this.identity.name = message.name;
    this.identity.playerId = message.player_id;
    // Back to where we were: a link we opened, or the table we sat at before the
    // connection dropped (the server seats us again on its own; joining again is harmless
    // and also brings back a spectator, whom a disconnection removes).
    const code = this.pendingJoin ?? this.table.room?.code ?? null;
    // Opened at "/" rather than a table's link: if the server puts us back at a table (we
    // closed the tab there), the lobby shows first and says so (onJoined).
    this.parkNext = this.welcomes === 0 && !code;
    this.welcomes += 1;
    if (code) {
      const spectate = code === this.watching;
      this.request(spectate ? { type: 'join', code, spectate: true } : { type: 'join', code });
    }
    this.render();
  }

  onJoined(message) {
    this.leaving = false;
    this.joinError = null;
    this.tableMoves = 0;
    const fromLink = this.pendingJoin;
    this.pendingJoin = null;
    // A `joined` nobody asked for (no id) right after the page's first hello: the server
    // put us back at the table we closed the tab at. The lobby shows, with the way back.
    if (this.parkNext && message.id === undefined && message.code) this.parked = message.code;
    this.parkNext = false;
    if (message.code && !this.parked && !onGamePage() && location.pathname !== `/t/${message.code}`) {
      history.replaceState(null, '', `/t/${message.code}${location.hash}`);
    }
    if (fromLink && location.hash && parseHash(location.hash).page !== 'home') {
      // Followed a link: show the table, not a page left in the hash.
      history.replaceState(null, '', `/t/${message.code}`);
    }
    // Quick play's table: if nobody comes, the waiting room offers bots in a moment.
    if (this.quickPlaying && message.code) this.quickSeat = { code: message.code, at: Date.now() };
    this.quickPlaying = false;
    const intent = this.pendingIntent;
    this.pendingIntent = null;
    if (intent?.bots) {
      const kind = botLevel(this.identity.botLevel).kind;
      for (let i = 0; i < intent.bots; i += 1) this.send({ type: 'add_bot', kind });
      if (intent.start) this.send({ type: 'start' });
    }
    this.render();
  }

  loadMoves() {
    this.movesLoading ??= import('./core/pending-move.js').then((m) => { this.moves = m; });
    return this.movesLoading;
  }

  onStateFrame(frame) {
    // Frames sent before the server took our `leave` still arrive; `left` follows them.
    if (this.leaving) return;
    if (!this.moves) this.loadMoves();
    const before = this.table;
    if (frame.type === 'room' && before.room && before.room.code !== frame.code) {
      // A different table: its log and chat start empty.
      this.log = [];
      this.lastStep = [];
      this.chat = [];
    }
    const result = applyFrame(before, frame, performance.now());
    if (result.snapshot) this.send({ type: 'snapshot' });
    if (!result.applied) return;
    this.table = result.table;
    if (before.room && frame.type === 'room' && before.room.code !== frame.code) this.move = null;
    // Before pending-move.js has come there is no move of ours to settle.
    const moved = this.moves?.onStateFrame(this.move, frame, this.table.view)
      ?? { move: this.move, send: false, settled: false, notice: null, played: null };
    this.move = moved.move;
    if (moved.settled) this.movesSettled += 1;
    if (moved.notice) this.moveNotice = { text: moved.notice, at: Date.now() };
    if (moved.send) this.sendMove();
    const room = this.table.room;
    this.lastRoomCode = room?.code ?? null;
    this.setWatching(room?.you?.spectator ? room.code : null);
    // The address is the table's, but not while the lobby shows it to us from afar.
    if (frame.type === 'room' && room && !this.parked && !onGamePage() && location.pathname !== `/t/${room.code}`) {
      history.replaceState(null, '', `/t/${room.code}${location.hash}`);
    }

    const viewer = this.table.view?.viewer ?? null;
    if (result.events.length) {
      const lines = describeEvents(result.events, { nameOf: (s) => this.nameOfSeat(s), viewer });
      for (const line of lines) this.addLog(line.text, line.event.type);
      // The felt's line says it shortly, so that a phone shows it whole.
      if (lines.length) this.lastStep = lines.map((line) => line.short);
    }
    if (moved.played) {
      // Our move went through on the connection that dropped, and its frame with it: the
      // log tells it from the move (core/pending-move.js).
      const lines = describeEvents(moved.played, { nameOf: (s) => this.nameOfSeat(s), viewer });
      for (const line of lines) this.addLog(line.text, line.event.type);
      if (lines.length) this.lastStep = lines.map((line) => line.short);
      else this.addLog('Your move went through', 'info');
    }
    if (frame.type === 'room' && !before.room) this.addLog(`You are at table ${room.code}`, 'info');

    this.sound.forEvents(result.events);
    const wasMyTurn = isMyTurn(before.view);
    const myTurn = isMyTurn(this.table.view);
    if (myTurn && (!wasMyTurn || result.events.some((e) => e.type === 'turn' && e.seat === viewer))) {
      this.sound.yourTurn();
    }
    this.freshEvents.push(...result.events);
    this.render();
  }

  onChat(message) {
    this.chat.push(message);
    // What you said yourself is never unread. Counted apart from `chat`, which is cut to
    // MAX_CHAT lines and emptied at another table, so the count only ever grows.
    if (message.from !== this.me.playerId) this.chatFromOthers += 1;
    if (this.chat.length > MAX_CHAT) this.chat.splice(0, this.chat.length - MAX_CHAT);
    if (message.type === 'reaction') this.freshReactions.push(message);
    this.render();
  }

  onError(message) {
    const code = message.code;
    if (code === 'session_moved') {
      this.sessionMoved();
      return;
    }
    // What a hello with a device code hears (a hello carries no id).
    if (this.claiming && message.id === undefined) {
      if (code === 'bad_device_code') {
        this.claimFailed('That code was used, has expired or was mistyped: ask your other device for a new one.');
        return;
      }
      if (code === 'rate_limited') {
        this.claimFailed('Too many wrong codes from here: wait a while, then ask your other device for a new code.');
        return;
      }
      if (code === 'bad_message') {
        this.claimFailed(message.message ?? 'The server did not take that code.');
        return;
      }
    }
    if (!this.welcomed && message.id === undefined && !this.identity.token
      && (code === 'rate_limited' || code === 'registry_full')) {
      // A new player the server will not make now (too many from this address, or no
      // room): the name form comes back with what to do, instead of checking for ever.
      this.newPlayerRefused = code;
      this.helloError = code === 'rate_limited'
        ? 'Too many new players have joined from your network in the last hour.'
        : 'This server has no room for new players just now.';
      this.nameTried = this.me.name;
      this.me.name = '';
      this.render();
      return;
    }
    if (!this.welcomed && helloWorthRetrying(message)) {
      // The server's database cannot take, or look up, who we are just now: the same
      // hello again in a moment, on this connection.
      toast('The server cannot sign you in just now: trying again…');
      clearTimeout(this.helloRetry);
      this.helloRetry = setTimeout(() => {
        if (this.status === 'open' && !this.welcomed) this.sayHello();
      }, 3000);
      return;
    }
    if (code === 'bad_token') {
      // Signed out from another device, or the server forgot us: the connection stays,
      // and the name form offers a device code or a new name.
      this.forgetIdentity({ stop: false });
      return;
    }
    if (code === 'name_taken' || code === 'bad_name') {
      this.helloError = message.message;
      if (code === 'name_taken') this.nameTaken = this.me.name || null;
      if (!this.welcomed) {
        // Nobody to be yet: the name form asks again, with what was typed still in it.
        this.nameTried = this.me.name;
        this.me.name = '';
      } else {
        toast(message.message);
      }
      this.render();
      return;
    }
    if (this.move && message.id !== undefined && message.id === this.move.id) {
      // The table refused our move: say why beside the hand, and keep the cards chosen.
      this.move = null;
      this.moveNotice = { text: message.message ?? 'That move was not allowed.', at: Date.now() };
      this.render();
      return;
    }
    const asked = this.requests.get(message.id);
    if (asked?.type === 'device_code') {
      this.deviceCode = { error: message.message ?? 'No code this time: try again.' };
      this.render();
      return;
    }
    const movedTo = asked?.type === 'join' ? asked.code : asked?.type === 'quick_play' ? message.table : null;
    if (code === 'table_moved' && movedTo && this.tableMoves < 2) {
      // Another server serves that table (the one we asked for, or the one quick play
      // found): connect to its URL, and join there once welcomed (twice at most, so that
      // servers that disagree cannot bounce us forever).
      this.tableMoves += 1;
      this.pendingJoin = movedTo;
      this.connection.reconnectNow();
      return;
    }
    if (asked?.type === 'join' || asked?.type === 'create_table' || asked?.type === 'quick_play') {
      this.pendingIntent = null;
      if (asked.type === 'join' && this.pendingJoin === asked.code) this.pendingJoin = null;
      if (asked.type === 'join' && this.table.room?.code === asked.code) {
        // Coming back to our table failed: it closed while we were away.
        this.leftTable();
      } else if (!this.inRoom && !onGamePage() && location.pathname !== '/') {
        history.replaceState(null, '', `/${location.hash}`);
      }
      // A clash of house rules reads best beside the form's button as well; a code that
      // took us nowhere, beside its field.
      if (asked.type === 'create_table') this.createError = message.message ?? null;
      const words = asked.type === 'join' ? joinRefusal(asked.code, message) : message.message;
      if (asked.type === 'join') this.joinError = words;
      toast(words ?? 'That did not work.', { timeout: 8000 });
      this.render();
      return;
    }
    if (code === 'not_in_room' && this.inRoom) {
      this.leftTable();
      toast('That table has closed.');
      return;
    }
    toast(message.message ?? code);
  }

  leftTable() {
    this.move = null;
    this.parked = null;
    this.moveNotice = null;
    this.table = emptyTable();
    this.log = [];
    this.lastStep = [];
    this.chat = [];
    this.lastRoomCode = null;
    this.setWatching(null);
    if (location.pathname !== '/' && !onGamePage()) history.replaceState(null, '', `/${location.hash}`);
    this.render();
  }

  setWatching(code) {
    if (this.watching === code) return;
    this.watching = code;
    try {
      if (code) sessionStorage.setItem('shithead.watching', code);
      else sessionStorage.removeItem('shithead.watching');
    } catch { /* storage disabled: a reload may then sit down instead */ }
  }

  addLog(text, kind) {
    this.log.push({ text, kind, at: Date.now() });
    if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
  }

  render() {
    this.wakeLock.hold(!this.moved && inMyGame(this.table.view));
    if (this.renderQueued) return;
    this.renderQueued = true;
    queueMicrotask(() => {
      this.renderQueued = false;
      this.onRender(this);
    });
  }
}

// A game's page ("/g/ID") keeps its address while the table we sit at changes.
function onGamePage() {
  return gameIdFromPath(location.pathname) !== null;
}

// Seated in a game still being played (the swap included): the screen stays on.
function inMyGame(view) {
  return Boolean(view && view.viewer !== null && view.viewer !== undefined && view.phase !== 'over');
}

function readSession(key) {
  try { return sessionStorage.getItem(key); } catch { return null; }
}

function isMyTurn(view) {
  return Boolean(view && view.phase === 'play' && view.viewer !== null && view.current === view.viewer);
}
