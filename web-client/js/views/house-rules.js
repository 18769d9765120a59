// The house rules any table can switch on, in a player's words, grouped for the rules page.
// Each line names the create_table keys it explains, so a test can check that every
// variant the create-table form offers is covered here.

export const HOUSE_RULES = [
  {
    title: 'Jokers',
    lines: [
      { keys: ['jokers'], text: 'Jokers in the deck (two a deck). A joker goes on anything but a fresh wait card, and the card below it still counts. The table picks what it does:' },
      { keys: ['jokers'], text: 'Reverse: play turns round.' },
      { keys: ['jokers'], text: 'Skip a player: the next player misses a turn (two jokers skip two).' },
      { keys: ['jokers'], text: 'Give the pile away: you pick a player, and the whole pile goes into their hand.' },
    ],
  },
  {
    title: 'Card powers',
    lines: [
      { keys: ['powers'], text: 'A table can give any rank these powers, or take a rank’s powers away (one pile power, plus reverse or skip):' },
      { keys: ['powers'], text: 'Reset: anything may follow it.' },
      { keys: ['powers', 'invisible'], text: 'Invisible: the card below it counts. “Invisible card” picks which rank that is, or none.' },
      { keys: ['powers'], text: 'Burn: the pile goes out of the game and the same player plays again.' },
      { keys: ['powers'], text: 'Wait: the next player answers with the same rank or misses a turn.' },
      { keys: ['powers'], text: 'Lower: the next card must be this rank or lower. Lower than played: strictly lower.' },
      { keys: ['powers'], text: 'Reverse: play turns round. Skip: the next player misses a turn.' },
      { keys: ['specials_on_anything'], text: 'Special cards lose “on anything”: only the reset card (like the 2) still goes on anything; the others must beat the pile like any card.' },
      { keys: ['lower_than_seven'], text: 'Lower than 7: after a 7 only a 2 to 6 (or a 10) may follow.' },
      { keys: ['tens_restricted'], text: '10 not on J, Q, K: the 10 cannot burn a court card.' },
      { keys: ['three_eights_burn', 'n_of_a_kind'], text: 'Cards of a kind that burn: four (or the number chosen) of one rank in a row burn the pile; three 8s burn it too if the table says so.' },
    ],
  },
  {
    title: 'How a turn goes',
    lines: [
      { keys: ['play_from_table'], text: 'Play from the table: your face-up cards play with your hand, one rank a play; a face-down card may be turned once no face-up card covers it.' },
      { keys: ['fixed_hand'], text: 'Fixed hand: no stock, nobody draws; you play the hand you were dealt.' },
      { keys: ['voluntary_pickup'], text: 'Pick up the pile whenever you like, or only when you cannot play.' },
      { keys: ['pickup_leads'], text: 'Who picks up leads: whoever takes the pile starts again on the empty pile, instead of the next player.' },
      { keys: ['burn_in'], text: 'Burn in out of turn: finish four of a kind on the pile even when it is not your turn.' },
    ],
  },
  {
    title: 'The deal',
    lines: [
      { keys: ['hand_size'], text: 'Hand size: how many cards you hold, 1 to 10.' },
      { keys: ['decks'], text: 'Decks: one, two, three, or as many as the seats need.' },
      { keys: ['swap_stacking'], text: 'Stacking in the swap: before play, put more than one card of a rank face up on a table pile.' },
    ],
  },
];

/** Every create_table key some line explains. */
export function houseRuleKeys() {
  return new Set(HOUSE_RULES.flatMap((group) => group.lines.flatMap((line) => line.keys)));
}
