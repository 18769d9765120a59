// The panel beside the table (a drawer on phones): the event log in words, chat with
// quick reactions, and the session's scoreboard. Chat lines are text nodes only.

import { h, replace } from '../ui/dom.js';
import { icon } from '../ui/icons.js';

export const REACTIONS = ['👍', '😂', '😮', '😡', '💩', '🔥'];

export class SidePanel {
  /** `onClose`: what the drawer's close button does (the panel is a drawer on phones only). */
  constructor(app, { onClose = () => {} } = {}) {
    this.app = app;
    this.tab = 'log';
    this.seenChat = 0;  // app.chatFromOthers when the chat was last in view
    this.logList = h('ol', { class: 'log-list', 'aria-label': 'What happened', 'data-testid': 'event-log' });
    // The log, the chat and the scores scroll with nothing to focus in them: tabindex
    // lets a keyboard reach them to scroll (as ARIA's tabs pattern does for panels).
    this.chatList = h('ol', { class: 'chat-list', 'aria-label': 'Chat', tabindex: '0' });
    this.scores = h('div', { class: 'scores' });
    this.chatInput = h('input', { type: 'text', maxlength: 200, placeholder: 'Say something…', 'aria-label': 'Chat message',
      autocomplete: 'off', enterkeyhint: 'send' });
    this.tabButtons = {};
    const tabs = [['log', 'Log'], ['chat', 'Chat'], ['scores', 'Scores']].map(([key, label]) => {
      const button = h('button', { type: 'button', role: 'tab', id: `tab-${key}`, 'aria-controls': `pane-${key}`,
        onclick: () => this.show(key) }, label, h('span', { class: 'unread', hidden: true }));
      this.tabButtons[key] = button;
      return button;
    });
    this.panes = {
      log: h('div', { class: 'pane', id: 'pane-log', role: 'tabpanel', 'aria-labelledby': 'tab-log', tabindex: '0' }, this.logList),
      chat: h('div', { class: 'pane', id: 'pane-chat', role: 'tabpanel', 'aria-labelledby': 'tab-chat' },
        this.chatList,
        h('div', { class: 'reactions', role: 'group', 'aria-label': 'Quick reactions' },
          ...REACTIONS.map((r) => h('button', { type: 'button', class: 'reaction-btn', 'aria-label': `React ${r}`,
            onclick: () => app.roomRequest('react', { reaction: r }) }, r))),
        h('form', { class: 'chat-form', onsubmit: (e) => this.sendChat(e) }, this.chatInput,
          h('button', { type: 'submit', class: 'secondary' }, 'Send'))),
      scores: h('div', { class: 'pane', id: 'pane-scores', role: 'tabpanel', 'aria-labelledby': 'tab-scores', tabindex: '0' },
        this.scores),
    };
    // On the narrowest phones the bar has no room for the four-colour switch: it is here.
    this.fourColour = h('button', { type: 'button', class: 'secondary panel-four', 'data-testid': 'panel-four-colour',
      onclick: () => app.setFourColour(!app.fourColour) }, 'Four-colour deck');
    this.el = h('aside', { class: 'side-panel', 'aria-label': 'Log, chat and scores' },
      h('div', { class: 'panel-head' },
        h('div', { class: 'tabs', role: 'tablist' }, ...tabs),
        h('button', { type: 'button', class: 'icon-btn drawer-close', 'data-testid': 'drawer-close',
          'aria-label': 'Close log, chat and scores', title: 'Close', onclick: () => onClose() }, icon('close'))),
      ...Object.values(this.panes), this.fourColour);
    this.show('log');
  }

  show(tab) {
    this.tab = tab;
    for (const [key, pane] of Object.entries(this.panes)) pane.hidden = key !== tab;
    for (const [key, button] of Object.entries(this.tabButtons)) {
      button.setAttribute('aria-selected', String(key === tab));
      button.tabIndex = key === tab ? 0 : -1;
    }
    if (tab === 'chat') this.seenChat = this.app.chatFromOthers;
    this.update(this.app);
  }

  sendChat(event) {
    event.preventDefault();
    const text = this.chatInput.value.trim();
    if (!text) return;
    this.app.roomRequest('chat', { text });
    this.chatInput.value = '';
  }

  update(app) {
    this.fourColour.setAttribute('aria-pressed', String(app.fourColour));
    this.renderLog(app);
    this.renderChat(app);
    this.renderScores(app);
    const unread = app.chatFromOthers - this.seenChat;
    const badge = this.tabButtons.chat.querySelector('.unread');
    if (this.tab === 'chat' && this.isVisible()) this.seenChat = app.chatFromOthers;
    badge.hidden = !(unread > 0 && this.tab !== 'chat');
    badge.textContent = String(unread);
  }

  isVisible() {
    // On phones the panel is a drawer that is hidden while closed.
    return this.el.getClientRects().length > 0 && getComputedStyle(this.el).visibility !== 'hidden';
  }

  unreadCount(app) {
    return this.tab === 'chat' && this.isVisible() ? 0 : app.chatFromOthers - this.seenChat;
  }

  renderLog(app) {
    if (this.logList.childElementCount === app.log.length && this.logList.dataset.first === String(app.log[0]?.at)) return;
    const stick = this.nearBottom(this.panes.log);
    replace(this.logList, ...app.log.map((line) => h('li', { class: `log-${line.kind}` }, line.text)));
    this.logList.dataset.first = String(app.log[0]?.at);
    if (stick) this.panes.log.scrollTop = this.panes.log.scrollHeight;
  }

  renderChat(app) {
    // The newest line tells what is shown: the app keeps the last MAX_CHAT lines, so the
    // length alone stops changing once the chat is that long.
    if (this.shownChat && this.shownChat.last === app.chat.at(-1) && this.shownChat.length === app.chat.length) return;
    const stick = this.nearBottom(this.chatList);
    replace(this.chatList, ...(app.chat.length ? app.chat.map((m) => h('li', { class: `chat-line ${m.type}` },
      h('span', { class: 'chat-name' }, m.name ?? '?'),
      m.seat === null ? h('span', { class: 'badge' }, 'watching') : null,
      h('span', { class: m.type === 'reaction' ? 'chat-reaction' : 'chat-text' }, m.type === 'reaction' ? m.reaction : m.text)))
      : [h('li', { class: 'empty' }, 'No messages yet. Say hello!')]));
    this.shownChat = { last: app.chat.at(-1), length: app.chat.length };
    if (stick) this.chatList.scrollTop = this.chatList.scrollHeight;
  }

  renderScores(app) {
    const board = app.table.room?.scoreboard;
    // An abandoned game counts for nobody, so a table whose only game was abandoned has
    // no players on its board but still says so.
    if (!board || (!board.players?.length && !board.abandoned)) {
      replace(this.scores, h('p', { class: 'empty' }, 'The scores of this table’s games appear here.'));
      return;
    }
    const rows = [...board.players].sort((a, b) => a.shithead - b.shithead || b.first - a.first);
    replace(this.scores,
      h('p', { class: 'hint' }, `${board.games} game${board.games === 1 ? '' : 's'} played`,
        board.abandoned ? `, ${board.abandoned} abandoned` : ''),
      h('table', { class: 'score-table' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Games'),
          h('th', { scope: 'col' }, 'Won'), h('th', { scope: 'col' }, 'Shithead'))),
        h('tbody', {}, ...rows.map((p) => h('tr', {},
          h('th', { scope: 'row' }, p.name, p.bot ? h('span', { class: 'badge bot' }, 'bot') : null),
          h('td', {}, String(p.games)), h('td', {}, String(p.first)), h('td', {}, String(p.shithead)))))),
      recentGames(board.recent ?? []));
  }

  nearBottom(el) {
    return el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  }
}

/** The table's games the server keeps, newest first, each a link to its page ("/g/ID"). */
function recentGames(games) {
  if (!games.length) return null;
  return h('div', { class: 'table-games' },
    h('h3', { id: 'table-games-title' }, 'Watch a game again'),
    h('ul', { 'aria-labelledby': 'table-games-title', 'data-testid': 'table-games' },
      ...[...games].reverse().map((g) => h('li', {},
        h('a', { href: `/g/${g.game_id}`, 'data-game': String(g.game_id) },
          `Game ${g.number}`, h('span', { class: 'table-game-end' },
            g.abandoned ? ' · abandoned' : ` · ${g.shithead} was the shithead`))))));
}
