// Random simulation over many seeded games, every preset and a spread of variants, 2 to 8
// players and both bots, with the engine's invariants checked at every step:
//  - every card is accounted for (zones + burned = what was dealt);
//  - a legal action exists unless the game is over, and every listed one validates;
//  - sampled actions validate exactly when an equivalent one is listed;
//  - a copied state applies the same action to the same result and events;
//  - a view does not change when the cards its seat may not see are shuffled;
//  - every game ends (finished, or abandoned at the turn limit) with consistent places;
//  - the same seed plays the same game.
// SHITHEAD_SIMULATION_GAMES scales the number of games (default 10,080 in all).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>
#include <vector>

#include "hidden_cards.hpp"
#include "rules/deal.hpp"
#include "rules/engine.hpp"
#include "rules/playout.hpp"
#include "rules/view.hpp"

namespace shithead::rules {
namespace {

struct sim_config {
  std::string name;
  preset_id preset;
  ruleset_options options;
};

void PrintTo(const sim_config& config, std::ostream* os) { *os << config.name; }

std::vector<sim_config> configs() {
  const auto with = [](auto set) {
    ruleset_options o;
    set(o);
    return o;
  };
  return {
      {"shiphead", preset_id::shiphead, {}},
      {"isf", preset_id::isf, {}},
      {"limbo", preset_id::limbo, {}},
      {"palace", preset_id::palace, {}},
      {"standard", preset_id::standard, {}},
      {"shiphead_reverse_jokers", preset_id::shiphead, with([](auto& o) { o.jokers = joker_rule::reverse; })},
      {"standard_give_pile_jokers", preset_id::standard, with([](auto& o) { o.jokers = joker_rule::give_pile; })},
      {"shiphead_burn_in", preset_id::shiphead, with([](auto& o) { o.burn_in = true; })},
      {"palace_burn_in_voluntary", preset_id::palace, with([](auto& o) {
         o.burn_in = true;
         o.voluntary_pickup = true;
       })},
      {"isf_tens_restricted_lower_than_seven", preset_id::isf, with([](auto& o) {
         o.tens_restricted = true;
         o.lower_than_seven = true;
       })},
      {"shiphead_three_eights", preset_id::shiphead, with([](auto& o) { o.three_eights_burn = true; })},
      {"limbo_invisible_eight", preset_id::limbo, with([](auto& o) { o.invisible = rank{8}; })},
      {"standard_invisible_three", preset_id::standard, with([](auto& o) { o.invisible = rank{3}; })},
      {"shiphead_hand_seven_three_decks", preset_id::shiphead, with([](auto& o) {
         o.hand_size = 7;
         o.decks = 3;
       })},
      {"isf_hand_five_n_of_a_kind_three", preset_id::isf, with([](auto& o) {
         o.hand_size = 5;
         o.n_of_a_kind = 3;
       })},
      {"limbo_swap_stacking", preset_id::limbo, with([](auto& o) { o.swap_stacking = true; })},
      {"isf_pickup_passes_on", preset_id::isf, with([](auto& o) { o.pickup_leads = false; })},
      {"shiphead_pickup_leads", preset_id::shiphead, with([](auto& o) { o.pickup_leads = true; })},
      {"shiphead_powers_reverse_skip_lower_than", preset_id::shiphead, with([](auto& o) {
         o.powers = {{3, bit_of(rank_power::skip)},
                     {5, bit_of(rank_power::lower_than_played)},
                     {8, 0},
                     {9, bit_of(rank_power::reverse)}};
       })},
      {"standard_powers_combined", preset_id::standard, with([](auto& o) {
         o.powers = {{4, bit_of(rank_power::invisible) | bit_of(rank_power::reverse)},
                     {6, bit_of(rank_power::wait) | bit_of(rank_power::skip)},
                     {rank_jack, bit_of(rank_power::burn) | bit_of(rank_power::reverse)},
                     {rank_king, bit_of(rank_power::reset) | bit_of(rank_power::skip)}};
       })},
      {"shiphead_skip_jokers", preset_id::shiphead, with([](auto& o) { o.jokers = joker_rule::skip; })},
      {"isf_specials_not_on_anything", preset_id::isf, with([](auto& o) { o.specials_on_anything = false; })},
      {"limbo_specials_not_on_anything", preset_id::limbo, with([](auto& o) { o.specials_on_anything = false; })},
      {"shiphead_play_from_table", preset_id::shiphead, with([](auto& o) { o.play_from_table = true; })},
      {"isf_play_from_table_two_decks", preset_id::isf, with([](auto& o) {
         o.play_from_table = true;
         o.decks = 2;
       })},
      {"palace_play_from_table", preset_id::palace, with([](auto& o) { o.play_from_table = true; })},
      {"standard_fixed_hand_seven", preset_id::standard, with([](auto& o) {
         o.fixed_hand = true;
         o.hand_size = 7;
       })},
      {"limbo_table_skip_jokers_fixed_hand_burn_in", preset_id::limbo, with([](auto& o) {
         o.play_from_table = true;
         o.jokers = joker_rule::skip;
         o.fixed_hand = true;
         o.specials_on_anything = false;
         o.burn_in = true;
       })},
  };
}

int games_per_config_and_players() {
  const char* text = std::getenv("SHITHEAD_SIMULATION_GAMES");
  const long total = text ? std::atol(text) : 10'080;
  const long per = total / static_cast<long>(configs().size() * 7);
  return static_cast<int>(std::max(3L, per));
}

using card_counts = std::array<int, 64>;

card_counts count_cards(const game_state& s) {
  card_counts counts{};
  const auto add = [&](const std::vector<card>& zone) {
    for (card c : zone)
      if (!c.empty()) ++counts[c.code];
  };
  for (const auto& seat : s.seats) {
    add(seat.hand);
    add(seat.face_up);
    add(seat.face_down);
  }
  add(s.stock);
  add(s.pile.cards);
  return counts;
}

int total(const card_counts& counts) {
  int n = 0;
  for (int c : counts) n += c;
  return n;
}

// Two actions the rules treat alike: suits within a rank do not matter.
bool equivalent(const action& a, const action& b) {
  if (a.index() != b.index()) return false;
  if (const auto* pa = std::get_if<play_action>(&a)) {
    const auto& pb = std::get<play_action>(b);
    if (pa->cards.empty() || pb.cards.empty()) return false;
    for (const auto* cards : {&pa->cards, &pb.cards})
      for (card c : *cards)
        if (rank_of(c) != rank_of(pa->cards[0])) return false;
    return rank_of(pa->cards[0]) == rank_of(pb.cards[0]) && pa->cards.size() == pb.cards.size() &&
           pa->target == pb.target;
  }
  if (const auto* sa = std::get_if<swap_action>(&a)) {
    auto x = sa->face_up, y = std::get<swap_action>(b).face_up;
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    return x == y && sa->more == std::get<swap_action>(b).more;
  }
  return a == b;
}

// Whether `a` should validate: an equivalent action is listed and, for a play, the
// very cards named are in the seat's active source.
bool listed(const game_state& s, int seat, const std::vector<action>& legal, const action& a) {
  if (const auto* play = std::get_if<play_action>(&a)) {
    if (active_source(s, seat) == card_source::face_down) return false;
    const auto& st = s.seats[static_cast<std::size_t>(seat)];
    auto zone = active_source(s, seat) == card_source::hand ? st.hand : st.face_up;
    if (s.rules.play_from_table && active_source(s, seat) == card_source::hand)
      zone.insert(zone.end(), st.face_up.begin(), st.face_up.end());
    for (card c : play->cards) {
      auto it = std::find(zone.begin(), zone.end(), c);
      if (it == zone.end()) return false;
      zone.erase(it);
    }
  }
  return std::any_of(legal.begin(), legal.end(), [&](const action& l) { return equivalent(l, a); });
}

// Candidate actions for `seat`, legal or not, to hold validate to the legal list.
std::vector<action> sample_actions(const game_state& s, int seat, rng& random) {
  std::vector<action> out{pickup_action{}, wait_action{}};
  const auto& st = s.seats[static_cast<std::size_t>(seat)];
  for (int slot : {-1, 0, static_cast<int>(random.below(6)), static_cast<int>(st.face_down.size())})
    out.emplace_back(face_down_action{slot});
  // Plays of cards held in each zone, of one rank, in a random count.
  for (const auto* zone : {&st.hand, &st.face_up}) {
    if (zone->empty()) continue;
    const card pick = (*zone)[random.below(static_cast<std::uint32_t>(zone->size()))];
    play_action play;
    for (card c : *zone)
      if (rank_of(c) == rank_of(pick) && !play.cards.full() && (play.cards.empty() || random.below(2)))
        play.cards.push_back(c);
    if (is_joker(pick) && s.rules.jokers == joker_rule::give_pile)
      play.target = static_cast<int>(random.below(static_cast<std::uint32_t>(s.players)));
    out.emplace_back(play);
  }
  // A rank from the face-up cards with the hand's cards of it (play_from_table).
  if (!st.face_up.empty() && !st.hand.empty()) {
    const rank r = rank_of(st.face_up[random.below(static_cast<std::uint32_t>(st.face_up.size()))]);
    play_action mixed;
    for (const auto* zone : {&st.face_up, &st.hand})
      for (card c : *zone)
        if (rank_of(c) == r && !mixed.cards.full()) mixed.cards.push_back(c);
    out.emplace_back(mixed);
  }
  // A card from anywhere in the deck, held or not.
  play_action stray;
  stray.cards.push_back(card(static_cast<rank>(2 + random.below(13)), static_cast<suit>(random.below(4))));
  out.emplace_back(stray);
  out.emplace_back(play_action{});  // no cards
  if (!st.hand.empty() && st.hand.size() >= 2) out.emplace_back(play_action{card_set{st.hand[0], st.hand[1]}});
  // Swaps: the dealt face-up cards, and a random pick from the pool.
  out.emplace_back(swap_action{st.face_up, false});
  std::vector<card> pool = st.hand;
  pool.insert(pool.end(), st.face_up.begin(), st.face_up.end());
  rng shuffle_rng(random.next());
  shuffle_rng.shuffle(pool);
  pool.resize(std::min(pool.size(), static_cast<std::size_t>(st.face_up_stacks)));
  out.emplace_back(swap_action{pool, false});
  return out;
}

class simulation : public ::testing::TestWithParam<sim_config> {};

// Checks every invariant around one step of the game; returns false to stop the game.
void check_step(game_state& state, const std::vector<bot_kind>& bots, rng& random, playout_buffers& buffers,
                const card_counts& dealt, const std::string& where) {
  SCOPED_TRACE(where + " turn " + std::to_string(state.turns));
  // Cards: nothing appears, nothing vanishes but into the burned heap.
  const auto counts = count_cards(state);
  for (std::size_t c = 0; c < counts.size(); ++c) ASSERT_LE(counts[c], dealt[c]) << "card code " << c;
  ASSERT_EQ(total(counts) + state.burned, total(dealt));

  // A legal action exists, and each validates; samples agree with the list.
  bool any_legal = false;
  const int actor = seat_to_act(state);
  ASSERT_GE(actor, 0);
  const int sampled = static_cast<int>(random.below(static_cast<std::uint32_t>(state.players)));
  for (int seat = 0; seat < state.players; ++seat) {
    const auto legal = legal_actions(state, seat);
    any_legal = any_legal || !legal.empty();
    for (const auto& a : legal) ASSERT_FALSE(validate(state, seat, a)) << describe(a);
    // Samples for the seat to act and one other, to keep sanitized runs quick.
    if (seat != actor && seat != sampled) continue;
    const bool stacking = state.rules.swap_stacking && state.current_phase == phase::swap;
    for (const auto& a : sample_actions(state, seat, random)) {
      if (stacking && std::holds_alternative<swap_action>(a)) continue;  // stacked swaps are unlisted
      const auto error = validate(state, seat, a);
      ASSERT_EQ(listed(state, seat, legal, a), !error)
          << "seat " << seat << ": " << describe(a) << (error ? " -> " + std::string(to_string(error->code)) : "");
    }
  }
  ASSERT_TRUE(any_legal);
  ASSERT_FALSE(legal_actions(state, actor).empty());

  // Views leak nothing: hiding what a seat cannot see changes nothing it is shown.
  const int viewer = static_cast<int>(random.below(static_cast<std::uint32_t>(state.players)));
  ASSERT_EQ(view_for(state, viewer), view_for(scramble_hidden(state, viewer, random), viewer));
  ASSERT_EQ(spectator_view(state), spectator_view(scramble_hidden(state, spectator, random)));
  const auto view = view_for(state, viewer);
  ASSERT_EQ(view.hand, state.seats[static_cast<std::size_t>(viewer)].hand);
  ASSERT_TRUE(spectator_view(state).hand.empty());

  // A copy takes the same step to the same place.
  game_state copy = state;
  rng copy_random = random;
  playout_buffers copy_buffers = buffers;  // the searching bots' memories too
  play_step(state, bots, random, buffers);
  play_step(copy, bots, copy_random, copy_buffers);
  ASSERT_EQ(state, copy);
  ASSERT_EQ(buffers.events, copy_buffers.events);
}

void check_end(const game_state& state) {
  ASSERT_TRUE(state.over());
  ASSERT_TRUE(legal_actions(state, 0).empty());
  if (state.abandoned) {
    ASSERT_EQ(state.shithead, -1);
    ASSERT_GE(state.turns, state.rules.turn_limit);
    return;
  }
  ASSERT_EQ(static_cast<int>(state.finish_order.size()), state.players - 1);
  std::vector<bool> placed(static_cast<std::size_t>(state.players), false);
  for (std::size_t i = 0; i < state.finish_order.size(); ++i) {
    const int seat = state.finish_order[i];
    ASSERT_FALSE(placed[static_cast<std::size_t>(seat)]);
    placed[static_cast<std::size_t>(seat)] = true;
    ASSERT_EQ(state.seats[static_cast<std::size_t>(seat)].place, static_cast<int>(i) + 1);
    ASSERT_EQ(state.seats[static_cast<std::size_t>(seat)].cards_left(), 0);
  }
  ASSERT_GE(state.shithead, 0);
  ASSERT_FALSE(placed[static_cast<std::size_t>(state.shithead)]);
  ASSERT_EQ(state.seats[static_cast<std::size_t>(state.shithead)].place, state.players);
}

TEST_P(simulation, every_step_keeps_the_invariants) {
  const auto& config = GetParam();
  auto options = config.options;
  options.turn_limit = 800;  // random bots with voluntary pick-up wander; keep games bounded
  const auto made = make_ruleset(config.preset, options);
  ASSERT_TRUE(made) << made.error().message;
  const ruleset& rules = made.value();
  const int games = games_per_config_and_players();
  // Every level; the searching ones at a tiny budget and in one game of eight, to keep
  // sanitized runs quick.
  const std::vector<std::vector<bot_kind>> bot_mixes = {{bot_kind::random},
                                                        {bot_kind::greedy},
                                                        {bot_kind::greedy, bot_kind::random},
                                                        {bot_kind::normal, bot_kind::easy},
                                                        {bot_kind::random},
                                                        {bot_kind::greedy},
                                                        {bot_kind::normal, bot_kind::random},
                                                        {bot_kind::hard, bot_kind::normal, bot_kind::expert}};

  int played = 0, abandoned = 0;
  for (int players = min_players; players <= max_players; ++players) {
    for (int g = 0; g < games; ++g) {
      const auto seed = static_cast<std::uint64_t>(players * 100'000 + g);
      const auto& bots = bot_mixes[static_cast<std::size_t>(g) % bot_mixes.size()];
      const std::string where = config.name + " players " + std::to_string(players) + " seed " + std::to_string(seed);
      auto made_game = new_game(rules, players, static_cast<int>(seed % static_cast<std::uint64_t>(players)), seed);
      ASSERT_TRUE(made_game) << where << ": " << made_game.error().message;
      game_state state = made_game.value();
      const auto dealt = count_cards(state);
      // Every card of the decks is dealt, or set aside by a fixed hand.
      const int per_deck = 52 + (rules.jokers == joker_rule::none ? 0 : 2);
      ASSERT_EQ(total(dealt) + state.set_aside, state.decks * per_deck) << where;
      ASSERT_TRUE(rules.fixed_hand || state.set_aside == 0) << where;
      rng random(seed);
      playout_buffers buffers;
      buffers.search = search_budget{.playouts = 3, .playout_actions = 60};
      // Every step applies at least one action, so the bound is the turn limit plus the swaps.
      const int bound = rules.turn_limit + 8 * players + 8;
      for (int step = 0; step < bound && !state.over(); ++step) {
        check_step(state, bots, random, buffers, dealt, where);
        if (::testing::Test::HasFatalFailure()) return;
      }
      SCOPED_TRACE(where);
      check_end(state);
      if (::testing::Test::HasFatalFailure()) return;
      abandoned += state.abandoned ? 1 : 0;
      ++played;

      // The same seed plays the same game.
      if (g % 7 == 0) {
        game_state again =
            new_game(rules, players, static_cast<int>(seed % static_cast<std::uint64_t>(players)), seed).value();
        rng again_random(seed);
        // The checked run drew extra numbers for samples; replay both plainly instead.
        game_state plain =
            new_game(rules, players, static_cast<int>(seed % static_cast<std::uint64_t>(players)), seed).value();
        rng plain_random(seed);
        play_out(again, bots, again_random, buffers);
        play_out(plain, bots, plain_random, buffers);
        ASSERT_EQ(again, plain);
      }
    }
  }
  RecordProperty("games", played);
  RecordProperty("abandoned", abandoned);
  std::printf("[ %s ] %d games, %d abandoned at the turn limit\n", config.name.c_str(), played, abandoned);
}

INSTANTIATE_TEST_SUITE_P(presets_and_variants, simulation, ::testing::ValuesIn(configs()),
                         [](const auto& param_info) { return param_info.param.name; });

}  // namespace
}  // namespace shithead::rules
