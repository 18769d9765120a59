// Dealing: from a seed, or checking an explicit deal, and building the swap-phase state.
#include "rules/deal.hpp"

#include <array>
#include <string>

#include "rules/rng.hpp"

namespace shithead::rules {
namespace {

rule_error bad_deal(std::string message) { return {error_code::bad_deal, std::move(message)}; }

std::optional<rule_error> check_players(int players, int dealer) {
  if (players < min_players || players > max_players)
    return bad_deal("a game needs 2 to 8 players, not " + std::to_string(players));
  if (dealer >= players) return rule_error{error_code::bad_seat, "the dealer must be one of the seats"};
  return std::nullopt;
}

}  // namespace

result<deal> deal_from_seed(const ruleset& rules, int players, int dealer, std::uint64_t seed) {
  if (dealer < 0) dealer = players - 1;
  if (auto e = check_players(players, dealer)) return *e;
  const int decks = rules.decks_for(players);
  if (decks == 0)
    return bad_deal(std::to_string(players) + " players need " + std::to_string(players * rules.cards_per_player()) +
                    " cards: more than the decks hold");

  std::vector<card> pack;
  const auto one_deck = deck_cards();
  const std::size_t per_deck = rules.jokers == joker_rule::none ? 52 : 54;
  for (int d = 0; d < decks; ++d)
    pack.insert(pack.end(), one_deck.begin(), one_deck.begin() + static_cast<std::ptrdiff_t>(per_deck));
  rng random(seed);
  random.shuffle(pack);

  deal out;
  out.hands.resize(static_cast<std::size_t>(players));
  out.face_up.resize(static_cast<std::size_t>(players));
  out.face_down.resize(static_cast<std::size_t>(players));
  std::size_t next = 0;
  const auto round = [&](std::vector<std::vector<card>>& zone, int count) {
    for (int i = 0; i < count; ++i)
      for (int k = 1; k <= players; ++k) zone[static_cast<std::size_t>((dealer + k) % players)].push_back(pack[next++]);
  };
  round(out.face_down, rules.face_down);
  round(out.face_up, rules.face_up);
  round(out.hands, rules.hand_size);
  out.stock.assign(pack.begin() + static_cast<std::ptrdiff_t>(next), pack.end());
  return out;
}

result<game_state> new_game(const ruleset& rules, int players, int dealer, const deal& cards) {
  if (dealer < 0) dealer = players - 1;
  if (auto e = check_players(players, dealer)) return *e;
  const auto seats = static_cast<std::size_t>(players);
  if (cards.hands.size() != seats || cards.face_up.size() != seats || cards.face_down.size() != seats)
    return bad_deal("the deal must give hands, face_up and face_down for each of the " + std::to_string(players) +
                    " seats");

  // Count every card to find how many decks the deal needs.
  std::array<int, 64> copies{};
  int most = 0;
  std::string worst;
  const auto count = [&](const std::vector<card>& zone) -> std::optional<rule_error> {
    for (card c : zone) {
      if (c.empty() || rank_of(c) < rank_two || c.code >= copies.size())
        return bad_deal("the deal holds an empty card");
      if (is_joker(c) && rules.jokers == joker_rule::none)
        return bad_deal("the deal holds a joker but the ruleset has no jokers");
      if (++copies[c.code] > most) {
        most = copies[c.code];
        worst = to_string(c);
      }
    }
    return std::nullopt;
  };
  for (std::size_t s = 0; s < seats; ++s)
    for (const auto* zone : {&cards.hands[s], &cards.face_up[s], &cards.face_down[s]})
      if (auto e = count(*zone)) return *e;
  if (auto e = count(cards.stock)) return *e;
  const int decks = rules.decks > 0 ? rules.decks : std::max(1, most);
  if (most > decks || most > 3)
    return bad_deal(worst + " appears " + std::to_string(most) + " times but " + std::to_string(std::min(decks, 3)) +
                    " deck(s) hold it only " + std::to_string(std::min(decks, 3)) + " time(s)");

  game_state state;
  state.rules = rules;
  state.players = players;
  state.dealer = dealer;
  state.decks = decks;
  state.seats.resize(seats);
  for (std::size_t s = 0; s < seats; ++s) {
    auto& seat = state.seats[s];
    seat.hand = cards.hands[s];
    seat.face_up = cards.face_up[s];
    seat.face_down = cards.face_down[s];
    seat.face_up_stacks = static_cast<int>(seat.face_up.size());
    seat.hand.reserve(32);
  }
  state.stock.assign(cards.stock.rbegin(), cards.stock.rend());  // draw from the back
  if (rules.fixed_hand) {                                        // 002: "leftover cards being ignored"
    state.set_aside = static_cast<int>(state.stock.size());
    state.stock.clear();
  }
  state.pile.cards.reserve(64);
  return state;
}

result<game_state> new_game(const ruleset& rules, int players, int dealer, std::uint64_t seed) {
  auto dealt = deal_from_seed(rules, players, dealer, seed);
  if (!dealt) return dealt.error();
  auto state = new_game(rules, players, dealer, dealt.value());
  if (state) state.value().decks = rules.decks_for(players);
  return state;
}

int seat_state::face_down_left() const {
  int n = 0;
  for (card c : face_down) n += c.empty() ? 0 : 1;
  return n;
}

int game_state::seats_in_game() const {
  int n = 0;
  for (const auto& s : seats) n += s.place == 0 ? 1 : 0;
  return n;
}

}  // namespace shithead::rules
