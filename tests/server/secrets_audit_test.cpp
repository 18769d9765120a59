// The secrets audit (issue 27): the real binary, on its defaults but for the limits per
// address, hands out about a thousand players (ids and tokens), table codes and a few
// hundred game seeds over the wire, several games a table. The audit fails if anything
// repeats, if a token holds fewer than 128 bits, or if an output follows from earlier
// ones by the attacks that found the issue (secrets_audit.hpp): Mersenne Twister state
// recovery from tokens, and the xoshiro/splitmix reversal from a published seed to the
// next deal at the same table.
//
// SHITHEAD_AUDIT_HELLOS (default 1000), SHITHEAD_AUDIT_TABLES (50) and
// SHITHEAD_AUDIT_GAMES (games a table, 5) scale it; SHITHEAD_AUDIT_BINARY audits another
// build of the server (an older one, to see the audit fail).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "server/core/random_source.hpp"
#include "server/lobby/table_code.hpp"
#include "tests/server/child_process.hpp"
#include "tests/server/game_client.hpp"
#include "tests/server/http_test_server.hpp"
#include "tests/server/secrets_audit.hpp"

namespace shithead::test {
namespace {

using namespace std::chrono_literals;

int scale(const char* name, int fallback) {
  const char* text = std::getenv(name);
  return text && std::atoi(text) > 0 ? std::atoi(text) : fallback;
}

std::uint64_t hex64(const std::string& text) { return std::stoull(text, nullptr, 16); }

// A token as the two 64-bit draws a server that wrote draws in hex would have used.
std::array<std::uint64_t, 2> token_draws(const std::string& token) {
  return {hex64(token.substr(0, 16)), hex64(token.substr(16, 16))};
}

bool is_lower_hex(const std::string& text, std::size_t length) {
  return text.size() == length && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// A new player's hello; false, with the frames kept for describe(), when no welcome came.
bool say_hello(player& p, const std::string& name) {
  p.send({{"type", "hello"}, {"v", 1}, {"name", name}});
  const auto until = std::chrono::steady_clock::now() + 5s;
  while (p.frames.empty() && std::chrono::steady_clock::now() < until) p.pump(100ms);
  if (p.frames.empty() || p.frames.back().value("type", "") != "welcome") return false;
  p.token = p.frames.back().value("token", "");
  p.player_id = p.frames.back().value("player_id", "");
  return true;
}

std::string describe(const player& p) {
  std::string out = p.frames.empty() ? "no frame" : p.frames.back().dump();
  if (!p.ws.connected()) out += "; " + p.ws.error() + " (" + std::to_string(p.ws.handshake_status()) + ")";
  return out;
}

// ---- the detectors, checked against the generators they are meant to catch ----

TEST(secrets_audit_detectors, the_mersenne_check_catches_tokens_from_mt19937_64) {
  // The old server: one mt19937_64 for everything, each hello drawing the id, then two
  // draws for the token; only the tokens' draws are seen.
  std::mt19937_64 old_generator(12345);
  std::vector<std::optional<std::uint64_t>> seen;
  for (int hello = 0; hello < 400; ++hello) {
    (void)old_generator();
    seen.push_back(std::nullopt);
    seen.push_back(old_generator());
    seen.push_back(old_generator());
  }
  const auto count = audit::mersenne_recurrence(seen);
  EXPECT_GT(count.checked, 200);
  EXPECT_EQ(count.held, count.checked);
}

TEST(secrets_audit_detectors, the_mersenne_check_passes_the_kernels_generator) {
  std::vector<std::optional<std::uint64_t>> seen;
  for (int i = 0; i < 1200; ++i) seen.push_back(i % 3 == 0 ? std::nullopt : std::optional(server::system_random_u64()));
  const auto count = audit::mersenne_recurrence(seen);
  EXPECT_GT(count.checked, 200);
  EXPECT_EQ(count.held, 0);
}

TEST(secrets_audit_detectors, the_seed_check_catches_a_tables_seeds_from_one_rules_rng) {
  // The old room: its deals' seeds were the outputs of one rules::rng.
  for (std::uint64_t table_seed : {1ull, 0x5eedull, 0xdeadbeefcafef00dull}) {
    rules::rng deals(table_seed);
    const auto first = deals.next();
    EXPECT_EQ(audit::xoshiro_seed_from_first_output(first), table_seed);
    const auto second = deals.next();
    (void)deals.next();
    const auto fourth = deals.next();
    EXPECT_TRUE(audit::seed_follows(first, second));
    EXPECT_TRUE(audit::seed_follows(first, fourth));
    EXPECT_TRUE(audit::seed_follows(second, rules::rng(second).next())) << "a seed used to seed the next";
  }
  EXPECT_FALSE(audit::seed_follows(server::system_random_u64(), server::system_random_u64()));
}

// ---- the audit ----

struct audited_server {
  temp_folder data;
  std::unique_ptr<child_process> process;
  std::uint16_t port = 0;

  audited_server() {
    std::vector<std::string> args = {"serve", "--port", "0", "--bind", "127.0.0.1", "--threads", "2", "--bot-pace", "0",
                                     "--new-players-per-address", "0", "--tables-per-address", "0", "--api-rate", "0",
                                     "--data", (data.path() / "shithead.db").string(),
                                     // Named, because the binary under audit may be the
                                     // Docker image's, whose built-in folder is /opt/shithead.
                                     "--static", (data.path() / "static").string()};
    data.write("static/index.html", index_html);
    if (const char* other = std::getenv("SHITHEAD_AUDIT_BINARY")) {
      args.insert(args.begin(), other);
      process = std::make_unique<child_process>(other, args);
    } else {
      process = std::make_unique<child_process>(args);
    }
    if (!process->started()) return;
    if (const auto logged = process->number_after("listening on http://127.0.0.1:", 30s))
      port = static_cast<std::uint16_t>(std::stoi(*logged));
  }
};

TEST(secrets_audit, tokens_ids_codes_and_seeds_are_unique_full_strength_and_follow_from_nothing) {
  const int hellos = scale("SHITHEAD_AUDIT_HELLOS", 1000);
  const int tables = scale("SHITHEAD_AUDIT_TABLES", 50);
  const int games_a_table = scale("SHITHEAD_AUDIT_GAMES", 5);
  audited_server server;
  ASSERT_NE(server.port, 0) << server.process->output();

  // 1. New players, one after another, so that their draws are consecutive.
  std::vector<std::string> ids, tokens;
  for (int i = 0; i < hellos; ++i) {
    player p(server.port);
    ASSERT_TRUE(say_hello(p, "Audit " + std::to_string(i))) << describe(p);
    ids.push_back(p.player_id);
    tokens.push_back(p.token);
  }

  // 2. Tables, each playing several games (a human playing greedy against a bot). They
  // play side by side, each host pacing its moves under the server's message budget
  // (20 a second a connection), so the audit takes seconds, not minutes.
  struct table_run {
    std::unique_ptr<player> host;
    std::vector<std::int64_t> game_ids;
    std::chrono::steady_clock::time_point last_sent{};
  };
  std::vector<std::string> codes;
  std::vector<std::vector<std::int64_t>> game_ids;
  // The game service takes 32 WebSockets from one address; a wave stays under that.
  constexpr int wave = 24;
  for (int first = 0; first < tables; first += wave) {
    std::vector<table_run> runs;
    for (int t = first; t < std::min(tables, first + wave); ++t) {
      auto& run = runs.emplace_back();
      run.host = std::make_unique<player>(server.port);
      auto& host = *run.host;
      ASSERT_TRUE(say_hello(host, "Host " + std::to_string(t))) << "table " << t << ": " << describe(host);
      ids.push_back(host.player_id);
      tokens.push_back(host.token);
      codes.push_back(open_table(host, {{"seats", 2}}));
      host.send({{"type", "add_bot"}, {"kind", "greedy"}});
      host.send({{"type", "start"}});
      host.greedy = true;
    }
    const auto pace = 60ms;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30 + 4 * wave * games_a_table);
    for (bool playing = true; playing && std::chrono::steady_clock::now() < deadline;) {
      playing = false;
      for (auto& run : runs) {
        auto& host = *run.host;
        if (static_cast<int>(run.game_ids.size()) >= games_a_table) continue;
        playing = true;
        while (host.pump(1ms)) {
        }
        const auto now = std::chrono::steady_clock::now();
        if (now - run.last_sent < pace) continue;
        if (host.game_over) {
          const auto id = host.game_over->value("game_id", std::int64_t{0});
          ASSERT_GT(id, 0) << host.game_over->dump();
          run.game_ids.push_back(id);
          host.game_over.reset();
          if (static_cast<int>(run.game_ids.size()) < games_a_table) host.send({{"type", "rematch"}});
          run.last_sent = now;
          continue;
        }
        const auto acted = host.acted_version;
        host.act_if_asked();
        if (host.acted_version != acted) run.last_sent = now;
      }
    }
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const auto& frames = runs[i].host->frames;
      ASSERT_EQ(static_cast<int>(runs[i].game_ids.size()), games_a_table)
          << "table " << first + static_cast<int>(i) << " did not play its games in time; last frame "
          << (frames.empty() ? "none" : frames.back().dump());
      game_ids.push_back(runs[i].game_ids);
    }
  }
  // A few more codes from tables that never play.
  for (int t = 0; t < hellos / 10; ++t) {
    player host(server.port);
    ASSERT_TRUE(say_hello(host, "Opener " + std::to_string(t))) << describe(host);
    codes.push_back(open_table(host, {{"seats", 4}}));
  }

  // 3. The seeds, as anyone may read them once a game is over.
  std::vector<std::vector<std::uint64_t>> seeds(game_ids.size());
  std::size_t seed_count = 0;
  for (std::size_t t = 0; t < game_ids.size(); ++t) {
    for (const auto id : game_ids[t]) {
      const auto reply = http_get(server.port, "/api/games/" + std::to_string(id));
      ASSERT_EQ(reply.status, 200u) << reply.body;
      const auto game = json::parse(reply.body);
      const auto seed_text = game["record"].value("seed", "");
      ASSERT_FALSE(seed_text.empty()) << reply.body;
      seeds[t].push_back(std::stoull(seed_text));
      ++seed_count;
    }
  }

  // Nothing repeats, within a kind or across kinds.
  std::set<std::string> everything;
  for (const auto* kind : {&ids, &tokens, &codes})
    for (const auto& value : *kind) EXPECT_TRUE(everything.insert(value).second) << "repeated: " << value;
  std::set<std::uint64_t> all_seeds;
  for (const auto& table : seeds)
    for (const auto seed : table) EXPECT_TRUE(all_seeds.insert(seed).second) << "repeated seed " << seed;
  EXPECT_EQ(all_seeds.size(), seed_count);

  // Full strength: 32 hex characters (128 bits) a token, every hex digit as common as
  // any other (six standard deviations either side), ids and codes of their shape.
  std::array<int, 16> digits{};
  for (const auto& token : tokens) {
    ASSERT_TRUE(is_lower_hex(token, 32)) << token;
    for (const char c : token) ++digits[static_cast<std::size_t>(c <= '9' ? c - '0' : c - 'a' + 10)];
  }
  const double expected = static_cast<double>(tokens.size()) * 32 / 16;
  const double spread = 6 * std::sqrt(expected * (15.0 / 16));
  for (std::size_t d = 0; d < digits.size(); ++d)
    EXPECT_NEAR(digits[d], expected, spread) << "hex digit " << d << " in tokens";
  for (const auto& id : ids) EXPECT_TRUE(is_lower_hex(id, 12)) << id;
  for (const auto& code : codes) EXPECT_FALSE(server::normalize_table_code(code) != code) << code;

  // No id is part of a token (the public id says nothing of the secret).
  for (std::size_t i = 0; i < ids.size(); ++i)
    for (const auto& token : tokens) ASSERT_EQ(token.find(ids[i]), std::string::npos) << ids[i] << " in " << token;

  // Mersenne Twister recovery: the first hellos' draws, as the old server made them
  // (an id, then the token's two), must not obey its recurrence anywhere.
  std::vector<std::optional<std::uint64_t>> draws;
  for (int i = 0; i < hellos; ++i) {
    draws.push_back(std::nullopt);
    const auto two = token_draws(tokens[static_cast<std::size_t>(i)]);
    draws.push_back(two[0]);
    draws.push_back(two[1]);
  }
  const auto mersenne = audit::mersenne_recurrence(draws);
  if (hellos >= 200) {
    EXPECT_GT(mersenne.checked, 0);
  }
  EXPECT_EQ(mersenne.held, 0) << "tokens follow from earlier tokens (mt19937_64 state recovery), in " << mersenne.held
                              << " of " << mersenne.checked << " places";

  // The reversal from a published seed: no later seed at a table follows from an
  // earlier one there; nor any seed from any other seed at all (a shared generator).
  int followed = 0;
  for (const auto& table : seeds)
    for (std::size_t a = 0; a < table.size(); ++a)
      for (std::size_t b = a + 1; b < table.size(); ++b) followed += audit::seed_follows(table[a], table[b]);
  EXPECT_EQ(followed, 0) << "later seeds at a table follow from earlier ones";
  std::vector<std::uint64_t> flat(all_seeds.begin(), all_seeds.end());
  int across = 0;
  for (std::size_t a = 0; a < flat.size(); ++a)
    for (std::size_t b = 0; b < flat.size(); ++b)
      if (a != b) across += audit::seed_follows(flat[a], flat[b], 4);
  EXPECT_EQ(across, 0) << "seeds follow from other seeds, at this table or another";

  std::cout << "audited " << tokens.size() << " tokens, " << ids.size() << " ids, " << codes.size() << " codes, "
            << seed_count << " seeds at " << seeds.size() << " tables; Mersenne places checked: " << mersenne.checked
            << "\n";
}

}  // namespace
}  // namespace shithead::test
