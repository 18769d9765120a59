// Game events in words for the log and for screen readers:
// "Ana burned the pile with a 10", "You picked up the pile (7 cards)".
// Pure: names come in through `nameOf`, so the tests need no DOM.

import { aRank, cardsInWords, numberWord, rankOf, cardShort, ranksWord } from './cards.js';

export function ordinal(n) {
  const rem100 = n % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

function cardsCount(n) {
  return `${n} ${n === 1 ? 'card' : 'cards'}`;
}

/**
 * Words for one event, or null for events the log leaves out (`turn`, `drew`).
 * ctx: { nameOf(seat) -> string, viewer: seat or null, previous: the event before this one }.
 */
export function eventWords(event, ctx) {
  const you = ctx.viewer !== null && ctx.viewer !== undefined && event.seat === ctx.viewer;
  const who = you ? 'You' : ctx.nameOf(event.seat);
  const is = you ? 'are' : 'is';
  const has = you ? 'have' : 'has';
  switch (event.type) {
    case 'swapped':
      return `${who} ${has} chosen ${you ? 'your' : 'their'} face-up cards`;
    case 'play_started':
      return `Everyone is ready: ${you ? 'you lead' : `${who} leads`}`;
    case 'played': {
      const from = event.source === 'face_up' ? ' from the table' : '';
      // A card turned from face down was just named by `revealed`; say it once.
      if (event.source === 'face_down') return null;
      return `${who} played ${cardsInWords(event.cards)}${from}`;
    }
    case 'revealed':
      return `${who} turned over a face-down card: ${aRank(rankOf(event.card))} (${cardShort(event.card)})`;
    case 'burned': {
      // The play that burned was left out (see burningPlay): it is told here.
      const previous = ctx.previous;
      const played = previous?.type === 'played' && previous.seat === event.seat ? previous.cards : null;
      if (event.reason === 'burn_card' && played) return `${who} burned the pile with ${cardsInWords(played)}`;
      if (event.reason === 'n_of_a_kind' && played) {
        const rank = rankOf(played[0]);
        return `${who} played ${cardsInWords(played)} and burned the pile: a run of ${ranksWord(rank)}`;
      }
      return `${who} burned the pile (${cardsCount(event.count)})`;
    }
    case 'picked_up':
      return `${who} picked up the pile (${cardsCount(event.count)})`;
    case 'cannot_finish':
      return `${who} may not go out on that card and ${you ? 'take' : 'takes'} it with the pile (${cardsCount(event.count)})`;
    case 'pile_given': {
      const target = ctx.viewer !== null && event.target === ctx.viewer ? 'you' : ctx.nameOf(event.target);
      return `${who} gave the pile (${cardsCount(event.count)}) to ${target}`;
    }
    case 'reversed':
      return `${who} reversed the direction of play`;
    case 'waited':
      return `${who} waited a turn`;
    case 'out':
      return `${who} ${is} out in ${ordinal(event.place)} place`;
    case 'game_over':
      if (event.abandoned) return 'The game was abandoned at the turn limit: nobody is the shithead';
      if (event.shithead === null || event.shithead === undefined) return 'Game over';
      return ctx.viewer !== null && event.shithead === ctx.viewer
        ? 'Game over: you are the shithead'
        : `Game over: ${ctx.nameOf(event.shithead)} is the shithead`;
    case 'drew':
    case 'turn':
      return null;
    default:
      return null;
  }
}

/** A play whose next event is its own burn: one line says both. */
function burningPlay(event, next) {
  return event.type === 'played' && event.source !== 'face_down' && next?.type === 'burned' && next.seat === event.seat;
}

/** Words for a list of events in order, skipping those the log leaves out. */
export function describeEvents(events, { nameOf, viewer }) {
  const lines = [];
  events.forEach((event, i) => {
    if (burningPlay(event, events[i + 1])) return;
    const text = eventWords(event, { nameOf, viewer, previous: events[i - 1] });
    if (text) lines.push({ text, event });
  });
  return lines;
}

/** "Ana's turn" / "Your turn" */
export function turnWords(seat, { nameOf, viewer }) {
  return viewer !== null && viewer !== undefined && seat === viewer ? 'Your turn' : `${nameOf(seat)}’s turn`;
}

export { numberWord };
