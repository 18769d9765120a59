// A box whose wide content (a table) scrolls sideways on a narrow screen: the pages'
// tables (leaderboard, a player's games, what goes on what). Fetched with those pages,
// not on the first visit.

import { h } from './dom.js';

/**
 * A box whose wide content (a table) scrolls sideways on a narrow screen. It takes focus
 * and a name, since a keyboard can scroll only what it can focus and a box may hold
 * nothing focusable. An edge with more beyond it fades, with an arrow (issue 35: a
 * phone's leaderboard hid columns with no sign of them): the frame around the box says
 * which in `data-more` ("left", "right", both or neither).
 */
export function scrollBox(label, ...children) {
  const box = h('div', { class: 'table-scroll', role: 'region', 'aria-label': label, tabindex: '0' }, ...children);
  const frame = h('div', { class: 'scroll-frame' }, box);
  const mark = () => {
    const beyond = box.scrollWidth - box.clientWidth;
    const more = [box.scrollLeft > 1 ? 'left' : null, box.scrollLeft < beyond - 1 ? 'right' : null].filter(Boolean).join(' ');
    if (frame.dataset.more !== more) frame.dataset.more = more;
  };
  box.addEventListener('scroll', mark, { passive: true });
  // Drawn, resized (a phone turned) or its table filled: look again.
  if (typeof ResizeObserver === 'function') new ResizeObserver(mark).observe(box);
  return frame;
}
