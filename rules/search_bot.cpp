// Determinized Monte Carlo search (search_bot.hpp).
#include "rules/search_bot.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "rules/bot_policy.hpp"
#include "rules/engine.hpp"
#include "rules/engine_detail.hpp"

namespace shithead::rules {
namespace {

using card_counts = std::array<int, 64>;

card_counts cards_of_decks(const ruleset& rules, int decks) {
  card_counts counts{};
  const auto one = deck_cards();
  const std::size_t per_deck = rules.jokers == joker_rule::none ? 52 : 54;
  for (int d = 0; d < decks; ++d)
    for (std::size_t i = 0; i < per_deck; ++i) ++counts[one[i].code];
  return counts;
}

// The decks the game was dealt from: the ruleset's count, or more if the cards in sight
// say so (an explicit deal may use more).
int decks_in_play(const seat_view& view) {
  card_counts seen{};
  int most = 0;
  const auto see = [&](card c) { most = std::max(most, ++seen[c.code]); };
  for (card c : view.hand) see(c);
  for (card c : view.pile) see(c);
  for (const auto& s : view.seats)
    for (card c : s.face_up) see(c);
  return std::clamp(std::max(view.rules.decks_for(view.players), most), 1, 3);
}

struct unseen_cards {
  std::vector<card> pool;                // every card the viewer cannot place
  std::vector<std::vector<card>> known;  // by seat: remembered cards still possible
  int needed = 0;                        // hidden places to fill (hands, face-down, stock)
};

unseen_cards unseen(const seat_view& view, const seat_memory& memory, bool use_memory, int decks) {
  card_counts counts = cards_of_decks(view.rules, decks);
  const auto take = [&](card c) {
    if (counts[c.code] == 0) return false;
    --counts[c.code];
    return true;
  };
  for (card c : view.hand) take(c);
  for (card c : view.pile) take(c);
  for (const auto& s : view.seats)
    for (card c : s.face_up) take(c);
  for (card c : memory.burned()) take(c);
  unseen_cards out;
  out.known.resize(view.seats.size());
  for (int s = 0; s < view.players; ++s) {
    const auto& seat = view.seats[static_cast<std::size_t>(s)];
    if (s != view.viewer && use_memory && s < memory.seats()) {
      for (card c : memory.known_hand(s))
        if (static_cast<int>(out.known[static_cast<std::size_t>(s)].size()) < seat.hand_count && take(c))
          out.known[static_cast<std::size_t>(s)].push_back(c);
    }
    if (s != view.viewer)
      out.needed += seat.hand_count - static_cast<int>(out.known[static_cast<std::size_t>(s)].size());
    out.needed += static_cast<int>(std::count(seat.face_down.begin(), seat.face_down.end(), true));
  }
  out.needed += view.stock_count;
  for (std::size_t code = 0; code < counts.size(); ++code)
    for (int k = 0; k < counts[code]; ++k) {
      card c;
      c.code = static_cast<std::uint8_t>(code);
      out.pool.push_back(c);
    }
  return out;
}

card draw(std::vector<card>& pool) {
  const card c = pool.back();
  pool.pop_back();
  return c;
}

int cards_left(const game_state& s, int seat) { return s.seats[static_cast<std::size_t>(seat)].cards_left(); }

// Where the viewer stands when a playout ends: 1 for going out first, 0 for the
// shithead, linear between. A game not over (cut short, or abandoned) is scored by
// cards left, seats already out counting as ahead.
double standing(const game_state& s, int viewer) {
  const int players = s.players;
  const auto& me = s.seats[static_cast<std::size_t>(viewer)];
  const auto score = [&](double place) { return (players - place) / (players - 1); };
  if (me.place != 0) return score(me.place);
  double place = static_cast<double>(s.finish_order.size()) + 1.0;
  const int mine = me.cards_left();
  for (int o = 0; o < players; ++o) {
    if (o == viewer || s.seats[static_cast<std::size_t>(o)].place != 0) continue;
    const int theirs = cards_left(s, o);
    place += theirs < mine ? 1.0 : theirs == mine ? 0.5 : 0.0;
  }
  return score(place);
}

struct playout_buffers {
  std::vector<action> legal;
  std::vector<event> events;
};

// Greedy for every seat, with one move in sixteen at random: greedy alone can hand the
// same card back and forth for ever, and a little noise keeps playouts honest.
double play_out(game_state& s, int viewer, int max_actions, rng& random, playout_buffers& b) {
  for (int n = 0; n < max_actions && !s.over(); ++n) {
    const int seat = seat_to_act(s);
    if (seat < 0) break;
    if (s.current_phase == phase::swap) {
      const auto& st = s.seats[static_cast<std::size_t>(seat)];
      std::vector<card> pool = st.hand;
      pool.insert(pool.end(), st.face_up.begin(), st.face_up.end());
      apply(s, seat,
            swap_action{greedy_face_up(s.rules, std::move(pool), static_cast<std::size_t>(st.face_up_stacks)), false},
            b.events);
      continue;
    }
    legal_actions(s, seat, b.legal);
    if (b.legal.empty()) break;
    std::size_t pick = random.below(16) == 0 ? random.below(static_cast<std::uint32_t>(b.legal.size()))
                                             : greedy_pick(s.rules, cards_left(s, seat), b.legal);
    if (pick >= b.legal.size()) pick = 0;
    apply(s, seat, b.legal[pick], b.events);
  }
  return standing(s, viewer);
}

// The seat's choices worth comparing: every legal action, face-down turns as one (the
// slots are unseen and alike); in the swap the ten closest to greedy's choice; out of
// turn, passing too.
std::vector<std::optional<action>> choices_of(const seat_view& view) {
  std::vector<std::optional<action>> out;
  const bool my_turn = view.current_phase == phase::swap || view.current == view.viewer;
  if (!my_turn) out.emplace_back(std::nullopt);
  if (view.current_phase == phase::swap) {
    const auto& own = view.seats[static_cast<std::size_t>(view.viewer)];
    std::vector<card> pool = view.hand;
    pool.insert(pool.end(), own.face_up.begin(), own.face_up.end());
    const auto greedy = greedy_face_up(view.rules, pool, own.face_up.size());
    const auto shared = [&](const action& a) {
      int n = 0;
      std::vector<card> rest = greedy;
      for (card c : std::get<swap_action>(a).face_up) {
        auto it = std::find(rest.begin(), rest.end(), c);
        if (it != rest.end()) {
          rest.erase(it);
          ++n;
        }
      }
      return n;
    };
    std::vector<action> swaps = view.legal;
    std::stable_sort(swaps.begin(), swaps.end(),
                     [&](const action& a, const action& b) { return shared(a) > shared(b); });
    if (swaps.size() > 10) swaps.resize(10);
    for (auto& a : swaps) out.emplace_back(std::move(a));
    return out;
  }
  bool face_down = false;
  for (const auto& a : view.legal) {
    if (std::holds_alternative<face_down_action>(a)) {
      if (face_down) continue;
      face_down = true;
    }
    out.emplace_back(a);
  }
  return out;
}

}  // namespace

game_state determinize(const seat_view& view, const seat_memory& memory, rng& random) {
  int decks = decks_in_play(view);
  unseen_cards hidden = unseen(view, memory, true, decks);
  // A memory at odds with the view (a bot that joined late, say) is dropped; a deal
  // from more decks than the ruleset says (an explicit one) is allowed for.
  if (static_cast<int>(hidden.pool.size()) < hidden.needed) hidden = unseen(view, memory, false, decks);
  while (static_cast<int>(hidden.pool.size()) < hidden.needed && decks < 3)
    hidden = unseen(view, memory, false, ++decks);
  random.shuffle(hidden.pool);
  const auto fill = [&](std::vector<card>& zone, int count) {
    for (int k = 0; k < count && !hidden.pool.empty(); ++k) zone.push_back(draw(hidden.pool));
  };

  game_state s;
  s.rules = view.rules;
  s.players = view.players;
  s.dealer = view.dealer;
  s.decks = decks;
  s.current_phase = view.current_phase;
  s.current = view.current;
  s.direction = view.direction;
  s.turns = view.turns;
  s.burned = view.burned;
  s.finish_order = view.finish_order;
  s.shithead = view.shithead;
  s.abandoned = view.abandoned;
  s.seats.resize(view.seats.size());
  for (std::size_t i = 0; i < view.seats.size(); ++i) {
    const auto& from = view.seats[i];
    auto& to = s.seats[i];
    to.face_up = from.face_up;
    to.face_up_stacks = static_cast<int>(from.face_up.size());
    to.swapped = from.swapped;
    to.place = from.place;
    if (static_cast<int>(i) == view.viewer) {
      to.hand = view.hand;
    } else {
      to.hand = hidden.known[i];
      fill(to.hand, from.hand_count - static_cast<int>(to.hand.size()));
    }
    to.face_down.resize(from.face_down.size());
    for (std::size_t slot = 0; slot < from.face_down.size(); ++slot)
      if (from.face_down[slot] && !hidden.pool.empty()) to.face_down[slot] = draw(hidden.pool);
  }
  fill(s.stock, view.stock_count);
  s.set_aside = static_cast<int>(hidden.pool.size());
  // The pile's runs, as the plays that made it left them; the top as the view says (a
  // wait already answered).
  for (card c : view.pile) {
    card_set one;
    one.push_back(c);
    detail::pile_add(s.pile, s.rules, one);
  }
  s.pile.top = view.top;
  return s;
}

std::optional<action> choose_search(const seat_view& view, const seat_memory& memory, search_budget budget,
                                    rng& random) {
  if (view.legal.empty() || view.viewer < 0) return std::nullopt;
  const auto choices = choices_of(view);
  if (choices.size() == 1) return choices[0];

  std::vector<int> visits(choices.size(), 0);
  std::vector<double> total(choices.size(), 0.0);
  playout_buffers buffers;
  constexpr double explore = 0.7;  // UCB1's constant for rewards in [0, 1]
  for (int n = 0; n < budget.playouts; ++n) {
    std::size_t pick = 0;
    double best = -1.0;
    for (std::size_t c = 0; c < choices.size(); ++c) {
      if (visits[c] == 0) {
        pick = c;
        break;
      }
      const double ucb = total[c] / visits[c] + explore * std::sqrt(std::log(static_cast<double>(n)) / visits[c]);
      if (ucb > best) {
        best = ucb;
        pick = c;
      }
    }
    game_state s = determinize(view, memory, random);
    if (const auto& choice = choices[pick]) {
      if (validate(s, view.viewer, *choice)) continue;  // a sample the choice does not fit: draw again
      apply(s, view.viewer, *choice, buffers.events);
    }
    total[pick] += play_out(s, view.viewer, budget.playout_actions, random, buffers);
    ++visits[pick];
  }
  std::size_t chosen = 0;
  for (std::size_t c = 1; c < choices.size(); ++c)
    if (visits[c] > visits[chosen] ||
        (visits[c] == visits[chosen] && visits[c] > 0 && total[c] / visits[c] > total[chosen] / visits[chosen]))
      chosen = c;
  return choices[chosen];
}

}  // namespace shithead::rules
