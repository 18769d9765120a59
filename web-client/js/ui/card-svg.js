// Playing cards drawn as SVG: corner indices, pips laid out like a real deck, framed
// court cards, jokers and a patterned back. No image files: suits are paths defined once
// (installCardDefs) and reused with <use>. Colours come from CSS (classes suit-C/D/H/S),
// so the four-colour deck is a class on <body>.

import { s } from './dom.js';
import { parseCard, cardName, JOKER } from '../core/cards.js';

const W = 200;
const H = 280;

// Suit shapes in a 100x100 box.
const SUIT_PATHS = {
  H: 'M50 92 C32 76 4 58 4 33 C4 16 17 6 30 6 C40 6 47 12 50 21 C53 12 60 6 70 6 C83 6 96 16 96 33 C96 58 68 76 50 92 Z',
  D: 'M50 4 C60 22 74 38 90 50 C74 62 60 78 50 96 C40 78 26 62 10 50 C26 38 40 22 50 4 Z',
  S: 'M50 4 C62 24 94 40 94 62 C94 76 84 84 72 84 C64 84 58 80 54 74 C55 84 59 90 66 96 L34 96 C41 90 45 84 46 74 C42 80 36 84 28 84 C16 84 6 76 6 62 C6 40 38 24 50 4 Z',
  C: 'M50 4 C63 4 72 14 72 26 C72 33 69 38 65 42 C69 40 73 39 77 39 C89 39 98 48 98 61 C98 73 89 83 77 83 C67 83 59 77 55 70 C55 81 59 89 66 96 L34 96 C41 89 45 81 45 70 C41 77 33 83 23 83 C11 83 2 73 2 61 C2 48 11 39 23 39 C27 39 31 40 35 42 C31 38 28 33 28 26 C28 14 37 4 50 4 Z',
};

// Pip centres for 2..10 on the 200x280 card; pips below the middle are drawn upside down.
const L = 68;   // left column
const R = 132;  // right column
const PIPS = {
  2: [[100, 60], [100, 220]],
  3: [[100, 60], [100, 140], [100, 220]],
  4: [[L, 60], [R, 60], [L, 220], [R, 220]],
  5: [[L, 60], [R, 60], [100, 140], [L, 220], [R, 220]],
  6: [[L, 60], [R, 60], [L, 140], [R, 140], [L, 220], [R, 220]],
  7: [[L, 60], [R, 60], [100, 100], [L, 140], [R, 140], [L, 220], [R, 220]],
  8: [[L, 60], [R, 60], [100, 100], [L, 140], [R, 140], [100, 180], [L, 220], [R, 220]],
  9: [[L, 60], [R, 60], [L, 113], [R, 113], [100, 140], [L, 167], [R, 167], [L, 220], [R, 220]],
  10: [[L, 60], [R, 60], [100, 87], [L, 113], [R, 113], [L, 167], [R, 167], [100, 193], [L, 220], [R, 220]],
};

/** Puts the suit symbols and the back pattern into the page once. */
export function installCardDefs(doc = document) {
  if (doc.getElementById('card-defs')) return;
  const defs = s('defs', {},
    ...Object.entries(SUIT_PATHS).map(([suit, d]) => s('symbol', { id: `suit-${suit}`, viewBox: '0 0 100 100' },
      s('path', { d, fill: 'currentColor' }))),
    s('pattern', { id: 'card-back-lattice', width: 16, height: 16, patternUnits: 'userSpaceOnUse',
      patternTransform: 'rotate(45)' },
    s('rect', { width: 16, height: 16, class: 'lattice-a' }),
    s('rect', { width: 8, height: 8, class: 'lattice-b' }),
    s('rect', { x: 8, y: 8, width: 8, height: 8, class: 'lattice-b' })),
    s('linearGradient', { id: 'court-fill', x1: 0, y1: 0, x2: 0, y2: 1 },
      s('stop', { offset: '0%', 'stop-color': '#fff8e6' }),
      s('stop', { offset: '100%', 'stop-color': '#f3e3bb' })));
  const svg = s('svg', { id: 'card-defs', width: 0, height: 0, 'aria-hidden': 'true',
    style: { position: 'absolute', width: '0', height: '0', overflow: 'hidden' } }, defs);
  doc.body.prepend(svg);
}

function suitUse(suit, x, y, size, flip = false) {
  const attrs = { href: `#suit-${suit}`, x: x - size / 2, y: y - size / 2, width: size, height: size };
  if (flip) attrs.transform = `rotate(180 ${x} ${y})`;
  return s('use', attrs);
}

function cornerIndex(rank, suit, flip) {
  const label = rank === '10' ? '10' : rank;
  const g = s('g', flip ? { transform: `rotate(180 ${W / 2} ${H / 2})` } : {},
    s('text', { x: 24, y: 46, 'text-anchor': 'middle', class: 'card-rank', 'font-size': rank === '10' ? 34 : 40,
      'letter-spacing': rank === '10' ? -3 : 0 }, label),
    suitUse(suit, 24, 68, 26));
  return g;
}

function pipsFor(rank, suit) {
  return PIPS[rank].map(([x, y]) => suitUse(suit, x, y, Number(rank) >= 9 ? 34 : 38, y > 140));
}

function courtCard(rank, suit) {
  const letter = { J: 'J', Q: 'Q', K: 'K' }[rank];
  return s('g', {},
    s('rect', { x: 46, y: 40, width: 108, height: 200, rx: 8, fill: 'url(#court-fill)', stroke: 'currentColor',
      'stroke-width': 3 }),
    s('rect', { x: 53, y: 47, width: 94, height: 186, rx: 5, fill: 'none', stroke: 'currentColor',
      'stroke-width': 1, opacity: 0.5 }),
    suitUse(suit, 100, 78, 36),
    s('text', { x: 100, y: 176, 'text-anchor': 'middle', class: 'card-court', 'font-size': 96 }, letter),
    suitUse(suit, 100, 206, 26, true));
}

function jokerCard(colour) {
  return s('g', { class: `joker joker-${colour}` },
    s('polygon', {
      points: '100,70 114,118 164,118 124,148 140,196 100,166 60,196 76,148 36,118 86,118',
      fill: 'currentColor', opacity: 0.9,
    }),
    s('text', { x: 100, y: 236, 'text-anchor': 'middle', class: 'card-court', 'font-size': 30,
      'letter-spacing': 4 }, 'JOKER'),
    // The corner index: the word spelled downwards, a letter a line.
    ...[...'JOKER'].map((letter, i) => s('text', { x: 22, y: 34 + i * 21, 'text-anchor': 'middle', class: 'card-rank',
      'font-size': 20 }, letter)));
}

function frame() {
  return s('rect', { x: 1.5, y: 1.5, width: W - 3, height: H - 3, rx: 14, class: 'card-frame' });
}

/** The face of a card: an <svg> with an accessible name ("10 of hearts"). */
export function cardFace(text) {
  const card = parseCard(text);
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'card-svg', role: 'img', 'aria-label': cardName(text) });
  if (!card) {
    svg.append(frame());
    return svg;
  }
  if (card.rank === JOKER) {
    svg.classList.add(`suit-${card.joker === 'red' ? 'H' : 'S'}`);
    svg.append(frame(), jokerCard(card.joker));
    return svg;
  }
  svg.classList.add(`suit-${card.suit}`);
  svg.append(frame(), cornerIndex(card.rank, card.suit, false), cornerIndex(card.rank, card.suit, true));
  if (card.rank === 'A') svg.append(suitUse(card.suit, 100, 140, card.suit === 'S' ? 100 : 84));
  else if (PIPS[card.rank]) svg.append(...pipsFor(card.rank, card.suit));
  else svg.append(courtCard(card.rank, card.suit));
  return svg;
}

/**
 * A card drawn for a small size (an opponent's face-up cards): the rank large and one
 * suit under it, so that it still reads at 25 px wide, where corner indices would not.
 */
export function cardFaceMini(text) {
  const card = parseCard(text);
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'card-svg card-mini', role: 'img', 'aria-label': cardName(text) });
  svg.append(frame());
  if (!card) return svg;
  if (card.rank === JOKER) {
    svg.classList.add(`suit-${card.joker === 'red' ? 'H' : 'S'}`);
    svg.append(
      s('polygon', { points: '100,44 120,104 184,104 132,140 152,202 100,164 48,202 68,140 16,104 80,104',
        fill: 'currentColor' }),
      s('text', { x: 100, y: 258, 'text-anchor': 'middle', class: 'card-rank', 'font-size': 52 }, 'JKR'));
    return svg;
  }
  svg.classList.add(`suit-${card.suit}`);
  const ten = card.rank === '10';
  svg.append(
    s('text', { x: 100, y: 132, 'text-anchor': 'middle', class: 'card-rank', 'font-size': ten ? 112 : 128,
      'letter-spacing': ten ? -10 : 0 }, card.rank),
    suitUse(card.suit, 100, 200, 104));
  return svg;
}

/** The back of a card. */
export function cardBack(label = 'face-down card') {
  return s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'card-svg card-back', role: 'img', 'aria-label': label },
    s('rect', { x: 1.5, y: 1.5, width: W - 3, height: H - 3, rx: 14, class: 'card-back-edge' }),
    s('rect', { x: 14, y: 14, width: W - 28, height: H - 28, rx: 8, fill: 'url(#card-back-lattice)',
      class: 'card-back-field' }),
    s('rect', { x: 14, y: 14, width: W - 28, height: H - 28, rx: 8, fill: 'none', class: 'card-back-line' }),
    s('circle', { cx: 100, cy: 140, r: 30, class: 'card-back-seal' }),
    s('use', { href: '#suit-S', x: 82, y: 122, width: 36, height: 36, class: 'card-back-mark' }));
}
