// Privacy: over many games, every frame any participant receives is checked, when it
// is delivered, against the game as the room holds it. No frame may name a card that its
// receiver cannot know: another seat's hand, a face-down card or a card in the stock (one
// deck, so every card is unique). Cards that were public once (dealt face up, played to
// the pile, turned from face down) may be named again, e.g. in a hand that picked them
// up. Every view in a frame must be exactly the receiver's own rules::view_for
// (spectators: rules::spectator_view) of a state the game passed through: the letters of
// one call are delivered after it, as the host delivers them, so a snapshot made before
// the bots moved arrives after their moves. A receiver's views follow the game in order.
#include <gtest/gtest.h>

#include <array>
#include <bitset>
#include <map>

#include "fake_participant.hpp"
#include "protocol/view_json.hpp"
#include "rules/engine.hpp"

namespace shithead::server::testing {
namespace {

// Replays the room's record beside it, remembering every card that has been public.
class public_cards {
 public:
  void catch_up(const protocol::game_record& record) {
    const auto seed = std::get<std::uint64_t>(record.start);
    if (!state_ || seed != seed_ || record.actions.size() < applied_) {
      auto started = protocol::start_game(record);
      ASSERT_TRUE(started.ok());
      state_ = std::move(started).value();
      seed_ = seed;
      applied_ = 0;
      seen_.reset();
      mark(*state_);
      states_.assign(1, *state_);
      ++games_;
    }
    std::vector<rules::event> events;
    for (; applied_ < record.actions.size(); ++applied_) {
      const auto& step = record.actions[applied_];
      ASSERT_FALSE(rules::try_apply(*state_, step.seat, step.action, events));
      // Played and turned cards were seen by all, even when they leave the pile in the
      // same action (a give-pile joker, isf's cannot-finish, a face-down card picked up).
      for (const auto& e : events)
        if (e.type == rules::event_type::revealed || e.type == rules::event_type::played)
          for (auto c : e.cards) seen_.set(c.code);
      mark(*state_);
      states_.push_back(*state_);
    }
  }
  bool seen(rules::card c) const { return seen_.test(c.code); }
  // Every state of the current game so far: the deal, then one after each action.
  const std::vector<rules::game_state>& states() const { return states_; }
  int games() const { return games_; }  // counts games started, so a new one is told apart

 private:
  void mark(const rules::game_state& s) {
    for (auto c : s.pile.cards) seen_.set(c.code);
    for (const auto& seat : s.seats)
      for (auto c : seat.face_up) seen_.set(c.code);
  }

  std::optional<rules::game_state> state_;
  std::uint64_t seed_ = 0;
  std::size_t applied_ = 0;
  std::bitset<256> seen_;
  std::vector<rules::game_state> states_;
  int games_ = 0;
};

// Collects every string in a JSON value.
void strings_in(const json& value, std::vector<std::string>& out) {
  if (value.is_string()) {
    out.push_back(value.get<std::string>());
  } else if (value.is_structured()) {
    for (const auto& member : value) strings_in(member, out);
  }
}

struct leak_checker {
  table* t = nullptr;
  public_cards known;
  long frames_checked = 0;
  long views_checked = 0;
  // Per receiver: the game and the state its last view showed.
  std::map<std::string, std::pair<int, std::size_t>> shown;

  // The game seat whose view `player` may see, or -1.
  int viewer_of(const std::string& player) const {
    const auto seat = t->r.seat_of(player);
    const auto* game = t->r.game();
    return seat && game && *seat < game->players ? *seat : -1;
  }

  void check(const std::string& player, const std::string& text) {
    ++frames_checked;
    const auto parsed = protocol::parse_json_text(text);
    ASSERT_TRUE(parsed.ok());
    const json& message = parsed.value();
    const auto* game = t->r.game();
    if (!game) {
      ASSERT_TRUE(!message.contains("game") || message["game"].is_null()) << text;
      return;
    }
    known.catch_up(*t->r.record());
    const int viewer = viewer_of(player);

    std::bitset<256> hidden;
    for (auto c : game->stock) hidden.set(c.code);
    for (int s = 0; s < game->players; ++s) {
      const auto& seat = game->seats[static_cast<std::size_t>(s)];
      for (auto c : seat.face_down)
        if (!c.empty()) hidden.set(c.code);
      if (s != viewer)
        for (auto c : seat.hand)
          if (!known.seen(c)) hidden.set(c.code);
    }
    std::vector<std::string> strings;
    strings_in(message, strings);
    for (const auto& s : strings) {
      const auto c = rules::parse_card(s);
      if (c) {
        ASSERT_FALSE(hidden.test(c->code)) << player << " was sent hidden card " << s << " in " << text;
      }
    }

    const json* view = nullptr;
    if (message["type"] == "game") view = &message["view"];
    if (message["type"] == "room" && !message["game"].is_null()) view = &message["game"];
    if (view) {
      ++views_checked;
      const auto& states = known.states();
      auto& [shown_game, from] = shown[player];
      if (shown_game != known.games()) {
        shown_game = known.games();
        from = 0;
      }
      bool found = false;
      for (std::size_t i = from; i < states.size() && !found; ++i) {
        const auto expected = viewer >= 0 ? rules::view_for(states[i], viewer) : rules::spectator_view(states[i]);
        if (*view == protocol::view_to_json(expected)) {
          from = i;
          found = true;
        }
      }
      ASSERT_TRUE(found) << player << " was sent a view of no state the game passed through (since state " << from
                         << " of " << states.size() << "): " << view->dump();
    }
  }

  void watch(test_player& p) {
    const std::string id = p.id;
    p.fake->on_deliver = [this, id](const std::string& text) { check(id, text); };
  }
};

// Humans choose from their own view's legal actions: half the time at random (anything
// rather than a pick-up), else the lowest rank with as many cards as they hold of it,
// which ends games sooner.
void play_game(table& t, rules::rng& random, leak_checker& checker) {
  for (int guard = 0; guard < 20000 && t.r.game() && !t.r.game()->over(); ++guard) {
    std::vector<std::pair<test_player*, json>> choices;
    for (auto& p : t.players) {
      if (!t.r.seat_of(p->id)) continue;
      const auto view = p->fake->latest_view();
      if (!view || (*view)["legal"].empty()) continue;
      choices.emplace_back(p.get(), *view);
    }
    ASSERT_FALSE(choices.empty());
    auto& [who, view] = choices[random.below(static_cast<std::uint32_t>(choices.size()))];
    const auto& legal = view["legal"];
    std::size_t pick = random.below(static_cast<std::uint32_t>(legal.size()));
    if (legal[pick]["type"] == "pickup" && legal.size() > 1)
      pick = random.below(static_cast<std::uint32_t>(legal.size() - 1));
    if (random.below(2) == 0 && legal[0]["type"] == "play") {
      // Plays come by rank, fewest cards first: take the last play of the first rank.
      pick = 0;
      const auto first_rank = rules::rank_of(*rules::parse_card(legal[0]["cards"][0].get<std::string>()));
      for (std::size_t i = 1; i < legal.size() && legal[i]["type"] == "play"; ++i)
        if (rules::rank_of(*rules::parse_card(legal[i]["cards"][0].get<std::string>())) == first_rank) pick = i;
    }
    const auto errors = who->fake->errors;
    t.send(*who, action_msg(legal[pick]));
    ASSERT_EQ(who->fake->errors, errors) << who->fake->last()->dump();
    if (::testing::Test::HasFatalFailure()) return;
  }
  (void)checker;
}

struct leak_case {
  const char* name;
  rules::preset_id preset;
  rules::ruleset_options options;
  int humans;
  int bots;
};

class room_leak : public ::testing::TestWithParam<leak_case> {};

TEST_P(room_leak, no_frame_ever_carries_a_card_its_receiver_may_not_know) {
  const auto& c = GetParam();
  auto options = c.options;
  options.decks = 1;
  auto ruleset = rules::make_ruleset(c.preset, options);
  ASSERT_TRUE(ruleset.ok()) << ruleset.error().message;
  // One seat more than the game: a latecomer sits there in the middle of a game.
  table t(make_settings(c.humans + c.bots + 1, ruleset.value()), 1234, c.humans + 2);
  leak_checker checker;
  checker.t = &t;
  for (auto& p : t.players) checker.watch(*p);
  rules::rng random(99);

  for (int i = 0; i < c.humans; ++i) t.join(t[static_cast<std::size_t>(i)]);
  auto& spectator = t[static_cast<std::size_t>(c.humans)];
  auto& latecomer = t[static_cast<std::size_t>(c.humans + 1)];
  t.join(spectator, true);
  for (int b = 0; b < c.bots; ++b) t.send(t[0], msg("add_bot", "kind", b % 2 ? "random" : "greedy"));

  constexpr int games = 8;
  for (int g = 0; g < games; ++g) {
    t.send(t[0], msg(g == 0 ? "start" : "rematch"));
    ASSERT_TRUE(t.r.game());
    ASSERT_FALSE(t.r.game()->over() && c.humans > 0);
    if (g == 1) {
      // Mid-game visitors: a latecomer takes the spare seat; a player drops and returns.
      t.join(latecomer);
      t.r.disconnected(t[1].id, t.now);
      t.send(t[0], msg("snapshot"));
      auto fresh = std::make_shared<fake_participant>();
      t[1].fake = fresh;
      checker.watch(t[1]);
      t.join(t[1]);
    }
    play_game(t, random, checker);
    if (HasFatalFailure()) return;
    ASSERT_TRUE(t.r.game()->over());
    if (g == 1) {
      t.send(latecomer, msg("stand"));  // keep the next games the same size
    }
    for (auto& p : t.players) p->fake->clear();
  }
  EXPECT_GT(checker.frames_checked, 100);
  EXPECT_GT(checker.views_checked, 100);
  EXPECT_EQ(t.r.take_finished_games().size(), static_cast<std::size_t>(games));
}

rules::ruleset_options with(void (*set)(rules::ruleset_options&)) {
  rules::ruleset_options o;
  set(o);
  return o;
}

INSTANTIATE_TEST_SUITE_P(
    one_deck, room_leak,
    ::testing::Values(
        leak_case{"shiphead_2", rules::preset_id::shiphead, {}, 2, 0},
        leak_case{"shiphead_4", rules::preset_id::shiphead, {}, 2, 2},
        leak_case{"isf_5", rules::preset_id::isf, {}, 3, 2}, leak_case{"limbo_4", rules::preset_id::limbo, {}, 2, 2},
        leak_case{"palace_5", rules::preset_id::palace, {}, 2, 3},
        leak_case{"standard_5", rules::preset_id::standard, {}, 3, 2},
        leak_case{"give_pile_jokers", rules::preset_id::shiphead,
                  with([](rules::ruleset_options& o) { o.jokers = rules::joker_rule::give_pile; }), 2, 2},
        leak_case{"reverse_jokers", rules::preset_id::standard,
                  with([](rules::ruleset_options& o) { o.jokers = rules::joker_rule::reverse; }), 2, 3},
        leak_case{"burn_in", rules::preset_id::shiphead, with([](rules::ruleset_options& o) { o.burn_in = true; }), 2,
                  2},
        leak_case{"swap_stacking", rules::preset_id::standard,
                  with([](rules::ruleset_options& o) { o.swap_stacking = true; }), 2, 2},
        leak_case{
            "skip_jokers_and_powers", rules::preset_id::shiphead, with([](rules::ruleset_options& o) {
              o.jokers = rules::joker_rule::skip;
              o.powers = {{5, rules::bit_of(rules::rank_power::skip)}, {9, rules::bit_of(rules::rank_power::reverse)}};
            }),
            2, 2},
        // Face-down cards turned at any turn, with nothing drawn: the blind cards a view
        // may never show are in play from the first turn.
        leak_case{"play_from_table_fixed_hand", rules::preset_id::standard, with([](rules::ruleset_options& o) {
                    o.play_from_table = true;
                    o.fixed_hand = true;
                  }),
                  2, 2}),
    [](const ::testing::TestParamInfo<leak_case>& param) { return std::string(param.param.name); });

}  // namespace
}  // namespace shithead::server::testing
