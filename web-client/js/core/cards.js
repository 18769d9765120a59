// Cards as the protocol writes them: "10H", "QS", "2C"; jokers "BJ" and "RJ".
// Pure functions only, so the table, the words and the tests share one reading.

export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
export const SUITS = ['C', 'D', 'H', 'S'];
export const JOKER = 'joker';

const RANK_NAMES = {
  J: 'jack', Q: 'queen', K: 'king', A: 'ace', [JOKER]: 'joker',
  2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine', 10: 'ten',
};
const SUIT_NAMES = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
const SUIT_SYMBOLS = { C: '♣', D: '♦', H: '♥', S: '♠' };

/** Reads a card string; null when it is not a card. */
export function parseCard(text) {
  if (typeof text !== 'string') return null;
  if (text === 'BJ' || text === 'RJ') {
    return { text, rank: JOKER, suit: null, joker: text === 'BJ' ? 'black' : 'red' };
  }
  const rank = text.slice(0, -1);
  const suit = text.slice(-1);
  if (!RANKS.includes(rank) || !SUITS.includes(suit)) return null;
  return { text, rank, suit, joker: null };
}

/** The rank part of a card string ("10H" -> "10", "BJ" -> "joker"); null for junk. */
export function rankOf(text) {
  const card = parseCard(text);
  return card ? card.rank : null;
}

/** Sort key: 2 lowest to ace highest, jokers last; suits break ties so the order is stable. */
export function cardOrder(text) {
  const card = parseCard(text);
  if (!card) return 1000;
  if (card.rank === JOKER) return 900 + (card.joker === 'red' ? 1 : 0);
  return RANKS.indexOf(card.rank) * 10 + SUITS.indexOf(card.suit);
}

/** A copy of the cards sorted low to high. */
export function sortCards(cards) {
  return [...cards].sort((a, b) => cardOrder(a) - cardOrder(b));
}

export function isRed(text) {
  const card = parseCard(text);
  if (!card) return false;
  return card.rank === JOKER ? card.joker === 'red' : card.suit === 'H' || card.suit === 'D';
}

export function suitSymbol(suit) {
  return SUIT_SYMBOLS[suit] ?? '';
}

/** "ten", "queen" */
export function rankName(rank) {
  return RANK_NAMES[rank] ?? String(rank);
}

/** "tens", "queens", "sixes" */
export function rankPlural(rank) {
  const name = rankName(rank);
  return name.endsWith('x') ? `${name}es` : `${name}s`;
}

/** How a rank is printed in words about play: "10", "Q" stay short but readable. */
export function rankLabel(rank) {
  return rank === JOKER ? 'joker' : String(rank);
}

/** "a 10", "an 8", "an ace", "a queen" */
export function aRank(rank) {
  const word = rank === 'A' || rank === 'J' || rank === 'Q' || rank === 'K' || rank === JOKER ? rankName(rank) : rank;
  return (rank === '8' || rank === 'A' ? 'an ' : 'a ') + word;
}

/** "10 of hearts", "queen of spades", "red joker": the card's accessible name. */
export function cardName(text) {
  const card = parseCard(text);
  if (!card) return String(text);
  if (card.rank === JOKER) return `${card.joker} joker`;
  const rank = ['J', 'Q', 'K', 'A'].includes(card.rank) ? rankName(card.rank) : card.rank;
  return `${rank} of ${SUIT_NAMES[card.suit]}`;
}

/** "10♥", "Q♠", "🃏": short text for logs. */
export function cardShort(text) {
  const card = parseCard(text);
  if (!card) return String(text);
  if (card.rank === JOKER) return 'Joker';
  return `${card.rank}${suitSymbol(card.suit)}`;
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve'];

export function numberWord(n) {
  return NUMBER_WORDS[n] ?? String(n);
}

/**
 * Words for a group of cards of one rank: "a 10", "two 8s", "three queens", "a joker".
 * Digits stay digits ("two 8s") because that is how players say them.
 */
export function cardsInWords(cards) {
  if (!cards.length) return 'nothing';
  const rank = rankOf(cards[0]);
  if (cards.length === 1) return aRank(rank);
  return `${numberWord(cards.length)} ${ranksWord(rank)}`;
}

/** A rank in the plural as players say it: "8s", "10s", "jacks", "aces", "jokers". */
export function ranksWord(rank) {
  return ['J', 'Q', 'K', 'A', JOKER].includes(rank) ? rankPlural(rank) : `${rank}s`;
}
