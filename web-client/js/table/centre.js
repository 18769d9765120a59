// The middle of the table: the stock, the pile (its top cards fanned a little so cards
// under invisible ones show), the burned cards, and a line saying what counts.

import { h } from '../ui/dom.js';
import { cardEl, backEl } from './card-el.js';
import { pileWords } from '../core/pile-words.js';
import { cardName } from '../core/cards.js';

const PILE_SHOWN = 5;

// A fixed small tilt per position, so a redraw does not shuffle the pile's look.
const TILTS = [-6, 4, -2, 7, -4, 2, -7, 5];

/** `rules`: the table's rules document (net/table-rules.js), or null until it has come. */
export function centreEl(view, rules = null) {
  const pile = view.pile ?? [];
  const shown = pile.slice(-PILE_SHOWN);
  const words = pileWords(view, rules);
  const pileLabel = pile.length
    ? `Pile of ${pile.length}, top card ${cardName(pile[pile.length - 1])}. ${words.note}`
    : 'The pile is empty';
  const stock = view.stock_count ?? 0;
  // The stock and the burned cards are pictures of a heap: their names say all they show.
  const cards = h('div', { class: 'centre-cards' },
    h('div', { class: 'stock', role: 'img', 'aria-label': `Stock: ${stock} cards` },
      stock > 0 ? h('div', { class: 'deck' }, backEl('d1'), stock > 1 ? backEl('d2') : null)
        : h('div', { class: 'card slot-empty' }),
      h('span', { class: 'zone-label' }, `Stock ${stock}`)),
    h('div', { class: 'pile-zone' },
      h('div', { class: 'pile', role: 'img', 'aria-label': pileLabel, 'data-count': String(pile.length) },
        shown.length ? shown.map((card, i) => cardEl(card, `in-pile${i === shown.length - 1 ? ' top' : ''}`))
          : h('div', { class: 'card slot-empty pile-empty' }, 'Empty')),
      h('span', { class: 'zone-label' }, pile.length ? `Pile ${pile.length}` : 'Pile')),
    h('div', { class: 'burned', role: 'img', 'aria-label': `Burned: ${view.burned ?? 0} cards` },
      h('div', { class: 'burned-heap' }, (view.burned ?? 0) > 0 ? backEl('burnt') : h('div', { class: 'card slot-empty' })),
      h('span', { class: 'zone-label' }, `Burned ${view.burned ?? 0}`)));
  // The cards take the height the table can spare (table.css), the words under them the whole width.
  return h('div', { class: 'centre' }, cards,
    h('div', { class: 'pile-info', 'data-testid': 'pile-info' },
      h('span', { class: 'pile-note' }, words.note),
      words.run ? h('span', { class: 'run-note' }, words.run) : null));
}

/**
 * Positions the pile's cards: the top card always in the same place at the right, the
 * ones under it each a step further left, tilted as in a real heap. The pile's box is
 * as wide as the fan, so the fan never spills over the stock.
 */
export function layoutPile(pileEl) {
  const cards = [...pileEl.querySelectorAll('.in-pile')];
  const count = Number(pileEl.dataset.count ?? cards.length);
  cards.forEach((card, i) => {
    const depth = cards.length - 1 - i;
    const tilt = TILTS[(count - depth + 8) % TILTS.length];
    card.style.setProperty('--slot', String(PILE_SHOWN - 1 - depth));
    card.style.transform = `rotate(${tilt}deg)`;
  });
}
