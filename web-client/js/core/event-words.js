// Game events in words for the log and for screen readers:
// "Ana burned the pile with a 10", "You picked up the pile (7 cards)". The line on the
// felt (the ticker) says the same in fewer words, what happened first, so that on a
// phone it is read whole: "Bob gave you the pile (4 cards)".
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

/** "two 7s", or "three 7s (one from the table)" for a play from hand and table together. */
function playedCards(event) {
  const words = cardsInWords(event.cards);
  return event.from_table ? `${words} (${numberWord(event.from_table)} from the table)` : words;
}

/** "Bob", "you", "Bob and Cy": the seats a skip passed over. */
function skippedNames(event, ctx, you) {
  const names = (event.targets ?? [event.target]).map((t) => {
    if (t === event.seat) return you ? 'yourself' : 'themselves';
    return ctx.viewer !== null && ctx.viewer !== undefined && t === ctx.viewer ? 'you' : ctx.nameOf(t);
  });
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Words for one event, or null for events the log leaves out (`turn`, `drew`).
 * ctx: { nameOf(seat) -> string, viewer: seat or null, previous: the event before this one,
 * short: the ticker's words (who and what first, the details the log keeps left out) }.
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
      return `${who} played ${playedCards(event)}${from}`;
    }
    case 'revealed':
      if (ctx.short) return `${who} turned over ${aRank(rankOf(event.card))} (${cardShort(event.card)})`;
      return `${who} turned over a face-down card: ${aRank(rankOf(event.card))} (${cardShort(event.card)})`;
    case 'burned': {
      // The play that burned was left out (see burningPlay): it is told here.
      const previous = ctx.previous;
      const played = previous?.type === 'played' && previous.seat === event.seat ? previous : null;
      if (event.reason === 'burn_card' && played) return `${who} burned the pile with ${playedCards(played)}`;
      if (event.reason === 'n_of_a_kind' && played) {
        const rank = rankOf(played.cards[0]);
        if (ctx.short) return `${who} burned the pile: a run of ${ranksWord(rank)}`;
        return `${who} played ${playedCards(played)} and burned the pile: a run of ${ranksWord(rank)}`;
      }
      return `${who} burned the pile (${cardsCount(event.count)})`;
    }
    case 'picked_up':
      return `${who} picked up the pile (${cardsCount(event.count)})`;
    case 'cannot_finish':
      if (ctx.short) return `${who} ${you ? 'take' : 'takes'} the pile (${cardsCount(event.count)}): may not finish on that card`;
      return `${who} may not go out on that card and ${you ? 'take' : 'takes'} it with the pile (${cardsCount(event.count)})`;
    case 'pile_given': {
      const target = ctx.viewer !== null && event.target === ctx.viewer ? 'you' : ctx.nameOf(event.target);
      if (ctx.short) return `${who} gave ${target} the pile (${cardsCount(event.count)})`;
      return `${who} gave the pile (${cardsCount(event.count)}) to ${target}`;
    }
    case 'reversed':
      return `${who} reversed the direction of play`;
    case 'skipped':
      return `${who} ${you ? 'skip' : 'skips'} ${skippedNames(event, ctx, you)}`;
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

/**
 * Events told together: a play from hand and table (the server's two `played` events,
 * face-up cards first) is one play with `from_table` cards, and one seat's skips in a row
 * are one `skipped` with `targets`.
 */
export function joinEvents(events) {
  const joined = [];
  for (const event of events) {
    const last = joined[joined.length - 1];
    if (last?.type === 'played' && last.source === 'face_up' && !last.from_table && event.type === 'played'
      && event.source === 'hand' && event.seat === last.seat) {
      joined[joined.length - 1] = { ...event, cards: [...last.cards, ...event.cards], from_table: last.cards.length };
    } else if (last?.type === 'skipped' && event.type === 'skipped' && event.seat === last.seat) {
      joined[joined.length - 1] = { ...last, targets: [...(last.targets ?? [last.target]), event.target] };
    } else {
      joined.push(event);
    }
  }
  return joined;
}

/**
 * Words for a list of events in order, skipping those the log leaves out: each line's
 * `text` for the log, `short` for the ticker.
 */
export function describeEvents(events, { nameOf, viewer }) {
  const lines = [];
  const joined = joinEvents(events);
  joined.forEach((event, i) => {
    if (burningPlay(event, joined[i + 1])) return;
    const ctx = { nameOf, viewer, previous: joined[i - 1] };
    const text = eventWords(event, ctx);
    if (text) lines.push({ text, short: eventWords(event, { ...ctx, short: true }), event });
  });
  return lines;
}

/** "Ana's turn" / "Your turn" */
export function turnWords(seat, { nameOf, viewer }) {
  return viewer !== null && viewer !== undefined && seat === viewer ? 'Your turn' : `${nameOf(seat)}’s turn`;
}

export { numberWord };
