// The layout checks the browser tests share (issue 14): one look at the table measures
// the pile, the player's cards, the action buttons and the opponents, whether anything
// scrolls, and for each card the widest strip a finger can tap (proved with
// elementFromPoint); checkLayout turns that into a list of problems: nothing off
// screen, nothing scrolling, no button or opponent over a card or the pile, no name cut
// off (but a word too long for its seat, which ends in an ellipsis with the whole name in
// the title), no name broken inside a word, the last move's words whole (issue 35), no
// hand narrowed or packed while the felt keeps a card's height empty (issue 35), and on
// phones no control under 44×44 px.

// The narrowest strip of a card a finger may have to tap (its height is at least 28 px,
// measured in the page); in a hand packed by rank, of the card's run. hand-fan.js's
// LEAST_STRIP.
export const MIN_STRIP = 24;
// The strip a card keeps when the screen has the room (hand-fan.js's COMFORTABLE_STRIP,
// 30), less the 2-px grain of the strip's measure.
export const COMFORTABLE_STRIP = 28;

/** Resolves once two frames in a row lay the table out alike (a resize refits the hand). */
export async function settle(page) {
  await page.evaluate(() => new Promise((resolve) => {
    const look = () => JSON.stringify([innerWidth, innerHeight,
      ...[...document.querySelectorAll('.my-hand, .my-hand .card-btn, .pile, .controls')].map((el) => {
        const r = el.getBoundingClientRect();
        return [r.left, r.top, r.width, r.height];
      })]);
    let last = null;
    let frames = 0;
    const next = () => {
      const now = look();
      frames += 1;
      if ((now === last && frames > 2) || frames > 30) resolve();
      else { last = now; requestAnimationFrame(next); }
    };
    requestAnimationFrame(next);
  }));
}

/**
 * Everything the test measures, in one look: the boxes of the pile, the player's cards
 * (hand and table), the action buttons and the opponents; whether anything scrolls;
 * and for each of the player's cards the widest strip where a tap lands on it.
 */
export function measure(page) {
  return page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
    };
    const name = (el) => el.dataset.card ?? el.dataset.slot ?? el.textContent.trim().slice(0, 30);
    /**
     * The widest band of the card a finger can tap: for each column of the card (every
     * 2 px) the longest run down it where a tap lands on the card, then the widest
     * stretch of columns whose runs are all at least `tall`; its centre is where to tap.
     */
    const tall = 28;
    // In a hand packed by rank a tap anywhere on a run stands for its rank (hand-fan.js):
    // the run's strip is each of its cards'.
    const sameTarget = (hit, el) => hit === el || (el.dataset.pack !== undefined && hit?.dataset.pack === el.dataset.pack
      && hit.closest('.my-hand') === el.closest('.my-hand'));
    const hits = (el, x, y) => sameTarget(document.elementFromPoint(x, y)?.closest('.card-btn, button[data-slot]'), el);
    const strip = (el) => {
      const r = el.getBoundingClientRect();
      const top = Math.max(r.top, 0) + 1;
      const bottom = Math.min(r.bottom, innerHeight) - 1;
      const columns = [];
      for (let x = Math.max(r.left, 0) + 1; x < Math.min(r.right, innerWidth) - 1; x += 2) {
        let best = { length: 0, from: 0 };
        let from = null;
        for (let y = top; y <= bottom + 2; y += 2) {
          const on = y <= bottom && hits(el, x, y);
          if (on && from === null) from = y;
          if (!on && from !== null) {
            if (y - from > best.length) best = { length: y - from, from };
            from = null;
          }
        }
        columns.push({ x, ...best });
      }
      let found = { width: 0, height: 0 };
      let start = null;
      columns.push({ x: Infinity, length: 0 });
      columns.forEach((c, i) => {
        if (c.length >= tall && start === null) start = i;
        if (c.length < tall && start !== null) {
          const width = columns[i - 1].x - columns[start].x + 2;
          if (width > found.width) {
            const mid = columns[Math.floor((start + i - 1) / 2)];
            const height = Math.min(...columns.slice(start, i).map((k) => k.length));
            found = { width, height, x: mid.x, y: mid.from + mid.length / 2 };
          }
          start = null;
        }
      });
      return found;
    };
    const pile = document.querySelector('.pile');
    const cards = [...document.querySelectorAll('.my-area .card-btn, .my-area button[data-slot]')];
    const felt = document.querySelector('.felt');
    const scroller = document.scrollingElement;
    return {
      viewport: { width: innerWidth, height: innerHeight },
      scrolls: {
        page: Math.max(scroller.scrollHeight - innerHeight, scroller.scrollWidth - innerWidth),
        felt: felt ? felt.scrollHeight - felt.clientHeight : 0,
        hand: Math.max(0, ...[...document.querySelectorAll('.my-hand')].map((h) => h.scrollWidth - h.clientWidth)),
      },
      pile: pile ? box(pile) : null,
      // The felt that nothing uses: the middle of the table beyond the stock, the pile and
      // their words (it takes what the rest of the table leaves, table.css).
      emptyFelt: (() => {
        const zone = document.querySelector('.felt > .centre-zone');
        const parts = zone ? [...zone.querySelectorAll(':scope > .centre > *')].filter((el) => el.getClientRects().length) : [];
        if (!parts.length) return 0;
        const boxes = parts.map((el) => el.getBoundingClientRect());
        return zone.getBoundingClientRect().height - (Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top)));
      })(),
      handInfo: (() => {
        const hand = document.querySelector('.my-hand');
        if (!hand) return null;
        const cs = [...hand.querySelectorAll('.card-btn')];
        return { client: hand.clientWidth, box: box(hand), rows: hand.dataset.rows, first: cs[0] && box(cs[0]), last: cs.at(-1) && box(cs.at(-1)),
          xs: cs.map((c) => c.style.getPropertyValue('--x')).join(' ') };
      })(),
      cards: cards.map((el) => ({ name: name(el), zone: el.closest('.my-hand') ? 'hand' : 'table', box: box(el), strip: strip(el),
        selected: el.classList.contains('selected'), pack: el.dataset.pack ?? null })),
      // The action buttons, and the words that take Play's place while a give-pile joker waits for its seat.
      buttons: [...document.querySelectorAll('.controls button, .controls .give-note')].map((el) => ({ name: name(el), box: box(el) })),
      // The seats a chosen give-pile joker may go to: each a button the size of the seat.
      gives: [...document.querySelectorAll('[data-testid=give-pile]')].map((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { name: el.getAttribute('aria-label'), box: box(el), reached: hit === el || el.contains(hit) };
      }),
      seats: [...document.querySelectorAll('.opponents .seat')].map((el) => ({ name: name(el), box: box(el) })),
      // Texts cut off with an ellipsis: names that do not fit their box.
      cut: [...document.querySelectorAll('.seat-name, .me-plate .seat-name, .place-name, .bar-code')]
        .filter((el) => el.getClientRects().length && el.scrollWidth > el.clientWidth + 1)
        .map((el) => ({ text: el.textContent, title: el.title })),
      // The last move's words on the felt (issue 35): shown whole, or not at all (beside
      // the log panel only a screen reader hears them).
      tickerCut: [...document.querySelectorAll('.last-step span')]
        .filter((el) => el.getClientRects().length && el.parentElement.getBoundingClientRect().width > 1
          && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
        .map((el) => el.textContent),
      // Names wrapped inside a word ("Maximilian" / "us"): each run of letters is on one line.
      broken: [...document.querySelectorAll('.seat-name, .place-name')].filter((el) => {
        const text = el.firstChild;
        if (!el.getClientRects().length || text?.nodeType !== Node.TEXT_NODE) return false;
        const range = document.createRange();
        return [...text.data.matchAll(/[^\s-]+/g)].some((word) => {
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
        });
      }).map((el) => el.textContent),
      small: [...document.querySelectorAll('.table-screen button, .table-screen a, .table-screen select')]
        .filter((el) => el.getClientRects().length && !el.closest('.side-panel') && !el.closest('.my-area'))
        .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent.trim(), box: box(el) }))
        .filter((c) => c.box.width < 43.5 || c.box.height < 43.5),
    };
  });
}

const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
  && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
const inside = (b, v) => b.left >= -0.5 && b.top >= -0.5 && b.right <= v.width + 0.5 && b.bottom <= v.height + 0.5;

/** The assertions every state shares; returns the measurements for more. */
export async function checkLayout(page, state, size, { phone }) {
  const m = await measure(page);
  const where = `${state} at ${size}`;
  const problems = [];
  if (m.scrolls.page > 1) problems.push(`the page scrolls by ${m.scrolls.page} px`);
  if (m.scrolls.felt > 1) problems.push(`the table scrolls by ${m.scrolls.felt} px`);
  if (m.scrolls.hand > 1) problems.push(`the hand scrolls by ${m.scrolls.hand} px ${JSON.stringify(m.handInfo)}`);
  if (!m.pile) problems.push('no pile');
  else if (!inside(m.pile, m.viewport)) problems.push(`the pile is off screen ${JSON.stringify(m.pile)}`);
  for (const c of m.cards) {
    if (!inside(c.box, m.viewport)) problems.push(`card ${c.name} is off screen`);
    if (c.strip.width < MIN_STRIP) {
      problems.push(`card ${c.name} shows a strip of ${c.strip.width}×${c.strip.height} px to tap`);
    }
  }
  for (const b of m.buttons) {
    if (!inside(b.box, m.viewport)) problems.push(`button "${b.name}" is off screen`);
    if (m.pile && overlap(b.box, m.pile)) problems.push(`button "${b.name}" overlaps the pile`);
    for (const c of m.cards) if (overlap(b.box, c.box)) problems.push(`button "${b.name}" overlaps card ${c.name}`);
    if (phone && b.box.height < 43.5) problems.push(`button "${b.name}" is ${b.box.height} px high`);
  }
  for (const g of m.gives) {
    if (!inside(g.box, m.viewport)) problems.push(`"${g.name}" is off screen`);
    else if (!g.reached) problems.push(`"${g.name}" is covered`);
  }
  for (const s of m.seats) {
    if (!inside(s.box, m.viewport)) problems.push(`opponent "${s.name}" is off screen`);
    if (m.pile && overlap(s.box, m.pile)) problems.push(`opponent "${s.name}" overlaps the pile`);
    for (const c of m.cards) if (overlap(s.box, c.box)) problems.push(`opponent "${s.name}" overlaps card ${c.name}`);
  }
  // A long hand takes another row rather than narrow strips or packed ranks while the felt
  // has the height for one (issue 35: 26-px strips under 150 px of empty felt): a row
  // costs about half a card's height, so a whole card's height of empty felt is room to spare.
  const hand = m.cards.filter((c) => c.zone === 'hand');
  if (hand.length) {
    const narrowest = Math.min(...hand.map((c) => c.strip.width));
    const packed = hand.some((c) => c.pack !== null);
    if ((packed || narrowest < COMFORTABLE_STRIP) && m.emptyFelt >= hand[0].box.height) {
      problems.push(`the hand ${packed ? 'packs its ranks' : `keeps strips of ${narrowest} px`} under ${Math.round(m.emptyFelt)} px of empty felt`);
    }
  }
  const cut = m.cut.filter((c) => c.title !== c.text);
  if (cut.length) problems.push(`cut off: ${cut.map((c) => c.text).join(', ')}`);
  if (m.tickerCut.length) problems.push(`the last move is cut off: ${m.tickerCut.join(', ')}`);
  if (m.broken.length) problems.push(`broken inside a word: ${m.broken.join(', ')}`);
  if (phone && m.small.length) problems.push(`under 44×44: ${m.small.map((c) => `${c.name} ${Math.round(c.box.width)}×${Math.round(c.box.height)}`).join(', ')}`);
  return { m, problems: problems.map((p) => `${where}: ${p}`) };
}
