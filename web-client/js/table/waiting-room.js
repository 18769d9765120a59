// Before a game (and between games, on request): who sits where, readiness, bots, the
// host's start button, and the table's code and link to share. A player whom quick play
// left alone at a table is offered a game with bots after a few seconds.

import { h } from '../ui/dom.js';
import { avatar, seatBadges } from './opponents.js';
import { botsOffer, isHost, notReady, notReadyWords, takenSeats } from '../core/seating.js';
import { numberWord } from '../core/cards.js';
import { presetOf, presetTitle, variantWords } from '../views/presets.js';
import { toast } from '../ui/toast.js';
import { rulesHash, tableLink } from '../core/routes.js';
import { BOT_LEVELS, botLevel, botPaceWords } from '../core/bot-levels.js';

export function shareBox(room) {
  const link = tableLink(location.origin, room.code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast('Link copied: send it to your friends.');
    } catch {
      // No clipboard (an insecure origin, a refusal): select the link so it can be copied by hand.
      const input = document.getElementById('share-link');
      input?.select();
      toast('Copy the link from the box.');
    }
  };
  // Where the system's share sheet exists (phones, mostly), the link goes straight to a
  // chat app; elsewhere it is copied.
  const canShare = typeof navigator.share === 'function' && (navigator.canShare?.({ url: link }) ?? true);
  const share = async () => {
    try {
      await navigator.share({ title: 'Shithead', text: `Sit down at my Shithead table (${room.code})`, url: link });
    } catch (error) {
      if (error?.name !== 'AbortError') await copy();  // the sheet closed: nothing to say
    }
  };
  return h('div', { class: 'share' },
    h('div', { class: 'share-code' }, h('span', { class: 'label' }, 'Table code'),
      h('strong', { class: 'code', 'data-testid': 'table-code' }, room.code)),
    h('div', { class: 'share-link' },
      h('input', { id: 'share-link', type: 'text', readonly: true, value: link, 'aria-label': 'Link to this table',
        'data-testid': 'share-link', onfocus: (e) => e.target.select() }),
      canShare
        ? h('button', { type: 'button', class: 'secondary', 'data-testid': 'share-table-link', onclick: share }, 'Share link')
        : h('button', { type: 'button', class: 'secondary', 'data-testid': 'copy-link', onclick: copy }, 'Copy link')));
}

/**
 * Quick play found nobody: "Nobody else is here yet", and one tap starts a game against
 * bots of the level last chosen. The table stays listed, and its other seats open: a
 * person who sits down plays from the next game.
 */
function botsOfferEl(app, room) {
  const offer = botsOffer(room, { playerId: app.me.playerId, quickSeat: app.quickSeat, now: Date.now() });
  if (!offer) return null;
  if (offer.inMs > 0) {
    // Not yet: look again when it is due (nothing else may redraw a quiet table).
    setTimeout(() => app.render(), offer.inMs + 20);
    return null;
  }
  const { bots } = offer;
  const level = botLevel(app.identity.botLevel).title.toLowerCase();
  const open = room.seats.length - 1 - bots;
  return h('div', { class: 'bots-offer', 'data-testid': 'bots-offer' },
    h('p', {}, h('strong', {}, 'Nobody else is here yet. '),
      `Play now against ${bots === 1 ? `a ${level} bot` : `${numberWord(bots)} ${level} bots`}?`,
      open > 0 ? ` ${open === 1 ? 'The last seat stays' : 'The other seats stay'} open: whoever sits down plays from the next game.` : ''),
    h('button', { type: 'button', class: 'primary big', 'data-testid': 'start-with-bots', onclick: () => app.startWithBots(bots) },
      bots === 1 ? 'Start with a bot' : `Start with ${numberWord(bots)} bots`));
}

export function waitingRoomEl(app, { afterGame = false } = {}) {
  const room = app.table.room;
  const host = isHost(room, app.me.playerId);
  const you = room.you ?? {};
  const seated = takenSeats(room).length;
  const freeSeats = room.seats.filter((s) => s.name === null).length;
  const mySeat = you.seat !== null && you.seat !== undefined ? room.seats[you.seat] : null;

  const seatRows = room.seats.map((s) => {
    const empty = s.name === null;
    const mine = you.seat === s.seat;
    return h('li', { class: `wait-seat${empty ? ' vacant' : ''}${mine ? ' mine' : ''}`, 'data-seat': String(s.seat) },
      empty ? h('span', { class: 'avatar vacant', 'aria-hidden': 'true' }, '+') : avatar(s.name, s.bot),
      h('span', { class: 'seat-name', title: empty ? null : s.name }, empty ? 'Open seat' : s.name),
      // An open seat is not "offline": only a seated player's state is worth a badge.
      ...(empty ? [] : seatBadges(s)),
      !empty && s.player_id === room.host ? h('span', { class: 'badge host' }, 'host') : null,
      // The host starts when they like; everyone else says whether they are ready.
      !empty && !s.bot && s.player_id !== room.host
        ? h('span', { class: `badge ${s.ready ? 'ok' : 'waiting'}`, 'data-testid': 'ready-badge' }, s.ready ? 'ready' : 'not ready')
        : null,
      host && s.bot ? h('button', { type: 'button', class: 'ghost small', 'aria-label': `Remove ${s.name}`,
        onclick: () => app.roomRequest('remove_bot', { seat: s.seat }) }, 'Remove') : null,
      empty && you.spectator ? h('button', { type: 'button', class: 'ghost small',
        onclick: () => app.roomRequest('sit', { seat: s.seat }) }, 'Sit here') : null);
  });

  const preset = presetOf(room.ruleset);
  const variants = variantWords(room.ruleset);
  const timer = room.settings?.turn_timer ? `${room.settings.turn_timer} s turns` : 'no turn timer';
  const pace = botPaceWords(room.settings?.bot_pace_ms);
  const actions = [];
  if (host) {
    const level = botLevel(app.identity.botLevel);
    const line = h('p', { class: 'hint bot-line', id: 'bot-level-line', 'data-testid': 'bot-level-line' }, level.line);
    const choose = (e) => {
      app.identity.botLevel = e.target.value;
      line.textContent = botLevel(e.target.value).line;
    };
    actions.push(h('div', { class: 'add-bot' },
      h('label', { for: 'bot-level' }, 'Bot level'),
      h('select', { id: 'bot-level', 'data-testid': 'bot-level', 'aria-describedby': 'bot-level-line', onchange: choose },
        ...BOT_LEVELS.map((l) => h('option', { value: l.kind, selected: l.kind === level.kind }, l.title))),
      h('button', { type: 'button', class: 'secondary', disabled: freeSeats === 0, 'data-testid': 'add-bot',
        onclick: () => app.roomRequest('add_bot', { kind: botLevel(app.identity.botLevel).kind }) }, 'Add a bot'),
      line));
    // Ready means something: starting without someone says so, on the button and under it.
    const unready = seated < 2 ? [] : notReady(room);
    actions.push(h('button', { type: 'button', class: 'primary big', disabled: seated < 2, 'data-testid': 'start-game',
      'aria-describedby': unready.length ? 'not-ready-line' : null,
      onclick: () => app.roomRequest(afterGame ? 'rematch' : 'start') },
    seated < 2 ? 'Waiting for players…' : unready.length ? 'Start anyway' : 'Start the game'));
    if (unready.length) {
      actions.push(h('p', { class: 'hint not-ready', id: 'not-ready-line', 'data-testid': 'not-ready-line' },
        notReadyWords(unready)));
    } else if (seated >= 2 && takenSeats(room).some((s) => !s.bot && s.player_id !== room.host)) {
      actions.push(h('p', { class: 'hint', 'data-testid': 'not-ready-line' }, 'Everyone is ready.'));
    }
  } else if (mySeat) {
    actions.push(h('button', { type: 'button', class: mySeat.ready ? 'secondary' : 'primary', 'data-testid': 'ready',
      'aria-pressed': String(mySeat.ready), onclick: () => app.roomRequest('ready', { ready: !mySeat.ready }) },
    mySeat.ready ? 'Not ready yet' : 'I’m ready'));
    actions.push(h('p', { class: 'hint' }, mySeat.ready ? 'The host sees you are ready and starts the game.'
      : 'The host starts the game, and sees who is ready.'));
  }
  if (mySeat && !afterGame) {
    actions.push(h('button', { type: 'button', class: 'ghost', onclick: () => app.roomRequest('stand') }, 'Stand up and watch'));
  }
  if (you.spectator && freeSeats > 0) {
    actions.push(h('button', { type: 'button', class: 'primary', onclick: () => app.roomRequest('sit') }, 'Take a seat'));
  }

  return h('section', { class: 'waiting-room panel', 'aria-labelledby': 'waiting-title' },
    h('h2', { id: 'waiting-title' }, afterGame ? 'Next game' : 'Waiting for the game'),
    afterGame ? null : botsOfferEl(app, room),
    h('p', { class: 'rules-line' }, h('strong', {}, presetTitle(preset)), variants ? ` (${variants})` : '', ` · ${timer} · `, pace ? `${pace} · ` : '',
      variants
        ? h('a', { href: rulesHash(preset, room.ruleset), 'data-testid': 'table-rules-link' }, 'How this table plays')
        : h('a', { href: rulesHash(preset) }, 'the rules')),
    shareBox(room),
    h('ul', { class: 'wait-seats' }, ...seatRows),
    h('div', { class: 'wait-actions' }, ...actions));
}
