import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseCard, rankOf, sortCards, cardName, cardsInWords, aRank, isRed, cardShort,
} from '../../../web-client/js/core/cards.js';

test('a card string reads as rank and suit, a ten has two digits', () => {
  assert.deepEqual(parseCard('10H'), { text: '10H', rank: '10', suit: 'H', joker: null });
  assert.deepEqual(parseCard('QS'), { text: 'QS', rank: 'Q', suit: 'S', joker: null });
  assert.equal(rankOf('2C'), '2');
});

test('jokers are their own rank and the jack is not a joker', () => {
  assert.equal(parseCard('BJ').rank, 'joker');
  assert.equal(parseCard('RJ').joker, 'red');
  assert.equal(rankOf('JC'), 'J');
  assert.ok(isRed('RJ'));
  assert.ok(!isRed('BJ'));
});

test('anything else is not a card', () => {
  for (const junk of ['', '1H', '11S', 'QX', 'qs', 'J', null, 42, '10']) assert.equal(parseCard(junk), null, String(junk));
});

test('cards sort from 2 to ace with jokers last', () => {
  assert.deepEqual(sortCards(['AS', 'BJ', '10H', '2C', 'JD', '3S']), ['2C', '3S', '10H', 'JD', 'AS', 'BJ']);
});

test('cards have names a screen reader can say', () => {
  assert.equal(cardName('10H'), '10 of hearts');
  assert.equal(cardName('QS'), 'queen of spades');
  assert.equal(cardName('AD'), 'ace of diamonds');
  assert.equal(cardName('BJ'), 'black joker');
  assert.equal(cardShort('KC'), 'K♣');
});

test('groups of cards are said the way players say them', () => {
  assert.equal(cardsInWords(['8H']), 'an 8');
  assert.equal(cardsInWords(['8H', '8S']), 'two 8s');
  assert.equal(cardsInWords(['QH', 'QS', 'QD']), 'three queens');
  assert.equal(cardsInWords(['AS']), 'an ace');
  assert.equal(cardsInWords(['10C']), 'a 10');
  assert.equal(aRank('K'), 'a king');
});
