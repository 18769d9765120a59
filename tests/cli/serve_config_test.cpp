// Settings from defaults, environment variables and flags (flags win); bad values are
// error messages, and `shithead serve` turns them into exit code 2.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "server/cli/command_line.hpp"
#include "server/cli/serve_config.hpp"
#include "server/net/address_table.hpp"

namespace shithead::server {
namespace {

environment fake_environment(std::map<std::string, std::string> variables) {
  return [variables = std::move(variables)](std::string_view name) -> std::optional<std::string> {
    const auto it = variables.find(std::string(name));
    if (it == variables.end()) return std::nullopt;
    return it->second;
  };
}

config_result parse(std::vector<std::string_view> args, std::map<std::string, std::string> variables = {}) {
  return parse_config(args, fake_environment(std::move(variables)));
}

TEST(config, defaults) {
  const auto result = parse({});
  ASSERT_FALSE(result.error) << *result.error;
  EXPECT_EQ(result.settings.port, 8080);
  EXPECT_EQ(result.settings.bind, "0.0.0.0");
  EXPECT_EQ(result.settings.data, "./data/shithead.db");
  EXPECT_EQ(result.settings.static_dir, SHITHEAD_DEFAULT_STATIC_DIR);
  EXPECT_EQ(result.settings.threads, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  EXPECT_EQ(result.settings.log_level, "info");
}

TEST(config, flags_set_every_setting) {
  const auto result = parse({"--port", "0", "--bind", "127.0.0.1", "--data", "/tmp/x.db", "--static", "/srv/www",
                             "--threads", "3", "--log-level", "debug"});
  ASSERT_FALSE(result.error) << *result.error;
  EXPECT_EQ(result.settings.port, 0);
  EXPECT_EQ(result.settings.bind, "127.0.0.1");
  EXPECT_EQ(result.settings.data, "/tmp/x.db");
  EXPECT_EQ(result.settings.static_dir, "/srv/www");
  EXPECT_EQ(result.settings.threads, 3);
  EXPECT_EQ(result.settings.log_level, "debug");
}

TEST(config, flags_may_use_an_equals_sign) {
  const auto result = parse({"--port=9000", "--bind=::1"});
  ASSERT_FALSE(result.error) << *result.error;
  EXPECT_EQ(result.settings.port, 9000);
  EXPECT_EQ(result.settings.bind, "::1");
}

TEST(config, environment_variables_set_every_setting) {
  const auto result = parse({}, {{"SHITHEAD_PORT", "9001"},
                                 {"SHITHEAD_BIND", "127.0.0.1"},
                                 {"SHITHEAD_DATA", "/var/lib/shithead.db"},
                                 {"SHITHEAD_STATIC", "/srv/client"},
                                 {"SHITHEAD_THREADS", "4"},
                                 {"SHITHEAD_LOG_LEVEL", "warn"}});
  ASSERT_FALSE(result.error) << *result.error;
  EXPECT_EQ(result.settings.port, 9001);
  EXPECT_EQ(result.settings.bind, "127.0.0.1");
  EXPECT_EQ(result.settings.data, "/var/lib/shithead.db");
  EXPECT_EQ(result.settings.static_dir, "/srv/client");
  EXPECT_EQ(result.settings.threads, 4);
  EXPECT_EQ(result.settings.log_level, "warn");
}

TEST(config, flags_win_over_the_environment) {
  const auto result =
      parse({"--port", "7000", "--threads", "2"}, {{"SHITHEAD_PORT", "9001"}, {"SHITHEAD_THREADS", "8"}});
  ASSERT_FALSE(result.error) << *result.error;
  EXPECT_EQ(result.settings.port, 7000);
  EXPECT_EQ(result.settings.threads, 2);
}

TEST(config, bad_values_are_errors_not_exceptions) {
  for (const auto& args : std::vector<std::vector<std::string_view>>{{"--port", "http"},
                                                                     {"--port", "65536"},
                                                                     {"--port", "-1"},
                                                                     {"--port", "80x"},
                                                                     {"--port"},
                                                                     {"--threads", "0"},
                                                                     {"--threads", "many"},
                                                                     {"--bind", "localhost:80"},
                                                                     {"--log-level", "loud"},
                                                                     {"--static", ""},
                                                                     {"--colour", "red"},
                                                                     {"8080"}}) {
    const auto result = parse(args);
    EXPECT_TRUE(result.error) << args[0];
  }
  const auto from_env = parse({}, {{"SHITHEAD_PORT", "eighty"}});
  ASSERT_TRUE(from_env.error);
  EXPECT_NE(from_env.error->find("SHITHEAD_PORT"), std::string::npos);
}

TEST(config, allowed_origins_default_to_the_same_origin_only) {
  const auto result = parse({});
  ASSERT_FALSE(result.error) << *result.error;
  EXPECT_FALSE(result.settings.allowed_origins.any);
  EXPECT_TRUE(result.settings.allowed_origins.listed.empty());
  EXPECT_EQ(result.settings.turn_timer, std::chrono::seconds(0));
}

TEST(config, allowed_origins_and_turn_timer_come_from_flags_or_the_environment) {
  const auto flags =
      parse({"--allowed-origins", "https://cards.example.org, http://localhost:5173", "--turn-timer=30"});
  ASSERT_FALSE(flags.error) << *flags.error;
  ASSERT_EQ(flags.settings.allowed_origins.listed.size(), 2u);
  EXPECT_EQ(flags.settings.allowed_origins.listed[0].to_string(), "https://cards.example.org:443");
  EXPECT_EQ(flags.settings.allowed_origins.listed[1].to_string(), "http://localhost:5173");
  EXPECT_EQ(flags.settings.turn_timer, std::chrono::seconds(30));
  const auto env = parse({}, {{"SHITHEAD_ALLOWED_ORIGINS", "*"}, {"SHITHEAD_TURN_TIMER", "60"}});
  ASSERT_FALSE(env.error) << *env.error;
  EXPECT_TRUE(env.settings.allowed_origins.any);
  EXPECT_EQ(env.settings.turn_timer, std::chrono::seconds(60));
  const auto both = parse({"--allowed-origins", ""}, {{"SHITHEAD_ALLOWED_ORIGINS", "*"}});
  ASSERT_FALSE(both.error) << *both.error;
  EXPECT_FALSE(both.settings.allowed_origins.any);  // the flag wins, even empty
}

TEST(config, a_bad_origin_or_turn_timer_is_an_error_that_names_it) {
  const auto origin = parse({"--allowed-origins", "https://ok.example,cards.example.org"});
  ASSERT_TRUE(origin.error);
  EXPECT_NE(origin.error->find("cards.example.org"), std::string::npos) << *origin.error;
  for (const char* timer : {"10", "-15", "thirty", "", "15s"})
    EXPECT_TRUE(parse({"--turn-timer", timer}).error) << timer;
  const auto from_env = parse({}, {{"SHITHEAD_TURN_TIMER", "5"}});
  ASSERT_TRUE(from_env.error);
  EXPECT_NE(from_env.error->find("SHITHEAD_TURN_TIMER"), std::string::npos) << *from_env.error;
}

TEST(config, the_bots_pace_is_a_person_s_unless_a_flag_or_the_environment_says_otherwise) {
  EXPECT_EQ(parse({}).settings.bot_pace, std::chrono::milliseconds(900));
  EXPECT_EQ(parse({"--bot-pace", "0"}).settings.bot_pace, std::chrono::milliseconds(0));
  EXPECT_EQ(parse({}, {{"SHITHEAD_BOT_PACE", "3000"}}).settings.bot_pace, std::chrono::milliseconds(3000));
  for (const char* pace : {"3001", "-1", "fast", "", "1s"}) {
    const auto refused = parse({"--bot-pace", pace});
    ASSERT_TRUE(refused.error) << pace;
    EXPECT_NE(refused.error->find("bot-pace"), std::string::npos) << *refused.error;
  }
}

TEST(config, a_public_url_is_an_origin_from_a_flag_or_the_environment) {
  EXPECT_FALSE(parse({}).settings.public_url);
  const auto flag = parse({"--public-url", "https://Cards.Example.org/"});
  ASSERT_FALSE(flag.error) << *flag.error;
  ASSERT_TRUE(flag.settings.public_url);
  EXPECT_EQ(flag.settings.public_url->to_string(), "https://cards.example.org:443");
  const auto env = parse({}, {{"SHITHEAD_PUBLIC_URL", "http://10.0.0.5:8080"}});
  ASSERT_FALSE(env.error) << *env.error;
  EXPECT_EQ(env.settings.public_url->to_string(), "http://10.0.0.5:8080");
  for (const char* bad : {"cards.example.org", "ftp://x.example", "https://x.example/path"}) {
    const auto refused = parse({"--public-url", bad});
    ASSERT_TRUE(refused.error) << bad;
    EXPECT_NE(refused.error->find("public-url"), std::string::npos) << *refused.error;
  }
}

TEST(config, api_rate_and_connections_per_address_are_settings) {
  const auto defaults = parse({});
  EXPECT_EQ(defaults.settings.api_rate, 10);
  EXPECT_EQ(defaults.settings.connections_per_address, 64);
  const auto set = parse({"--api-rate", "0", "--connections-per-address=8"});
  ASSERT_FALSE(set.error) << *set.error;
  EXPECT_EQ(set.settings.api_rate, 0);
  EXPECT_EQ(set.settings.connections_per_address, 8);
  const auto limits = address_limits_of(parse({"--api-rate", "25"}).settings);
  EXPECT_EQ(limits.api.rate_per_second, 25);
  EXPECT_EQ(limits.api.burst, 100);
  for (const char* bad : {"-1", "many", ""}) EXPECT_TRUE(parse({"--api-rate", bad}).error) << bad;
  EXPECT_TRUE(parse({"--connections-per-address", "0"}).error);
}

TEST(config, what_strangers_may_take_per_address_is_a_setting) {
  const auto defaults = parse({});
  EXPECT_EQ(defaults.settings.new_players_per_address, 60);
  EXPECT_EQ(defaults.settings.tables_per_address, 20);
  EXPECT_EQ(defaults.settings.forget_idle_days, 14);
  const auto set = parse({"--new-players-per-address", "0", "--tables-per-address=5", "--forget-idle-days", "30"});
  ASSERT_FALSE(set.error) << *set.error;
  EXPECT_EQ(set.settings.new_players_per_address, 0);
  EXPECT_EQ(set.settings.tables_per_address, 5);
  EXPECT_EQ(set.settings.forget_idle_days, 30);
  const auto from_env = parse({}, {{"SHITHEAD_TABLES_PER_ADDRESS", "7"}});
  EXPECT_EQ(from_env.settings.tables_per_address, 7);
  for (const char* flag : {"--new-players-per-address", "--tables-per-address", "--forget-idle-days"})
    for (const char* bad : {"-1", "lots", "", "99999999"}) {
      const auto refused = parse({flag, bad});
      ASSERT_TRUE(refused.error) << flag << " " << bad;
      EXPECT_NE(refused.error->find(std::string(flag).substr(2)), std::string::npos) << *refused.error;
    }
}

TEST(config, the_servers_sizes_players_tables_and_connections_are_settings) {
  const auto defaults = parse({});
  EXPECT_EQ(defaults.settings.max_players, 100'000);
  EXPECT_EQ(defaults.settings.max_tables, 10'000);
  EXPECT_EQ(defaults.settings.max_connections, 0);  // from the descriptor limit
  const auto set = parse({"--max-players", "500", "--max-tables=40", "--max-connections", "300"});
  ASSERT_FALSE(set.error) << *set.error;
  EXPECT_EQ(set.settings.max_players, 500);
  EXPECT_EQ(set.settings.max_tables, 40);
  EXPECT_EQ(set.settings.max_connections, 300);
  EXPECT_EQ(address_limits_of(set.settings).max_connections, 300);
  EXPECT_EQ(parse({}, {{"SHITHEAD_MAX_PLAYERS", "25"}}).settings.max_players, 25);
  for (const char* flag : {"--max-players", "--max-tables", "--max-connections"})
    for (const char* bad : {"-1", "lots", "", "99999999999"}) {
      const auto refused = parse({flag, bad});
      ASSERT_TRUE(refused.error) << flag << " " << bad;
      EXPECT_NE(refused.error->find(std::string(flag).substr(2)), std::string::npos) << *refused.error;
    }
  EXPECT_TRUE(parse({"--max-players", "19"}).error);  // a registry needs room to make room
  EXPECT_TRUE(parse({"--max-tables", "0"}).error);
}

TEST(config, a_postgresql_url_from_a_flag_or_the_environment_replaces_the_file) {
  EXPECT_TRUE(parse({}).settings.database.empty());
  const auto flag = parse({"--database", "postgresql://shithead:secret@db.example.org:5433/cards"});
  ASSERT_FALSE(flag.error) << *flag.error;
  EXPECT_EQ(flag.settings.database, "postgresql://shithead:secret@db.example.org:5433/cards");
  const auto variable = parse({}, {{"SHITHEAD_DATABASE", "postgres://localhost/shithead"}});
  ASSERT_FALSE(variable.error) << *variable.error;
  EXPECT_EQ(variable.settings.database, "postgres://localhost/shithead");
  for (const auto* bad : {"mysql://localhost/shithead", "", "/var/lib/shithead.db"}) {
    const auto refused = parse({"--database", bad});
    ASSERT_TRUE(refused.error) << bad;
    EXPECT_NE(refused.error->find("PostgreSQL URL"), std::string::npos) << *refused.error;
  }
}

TEST(config, the_lease_term_is_four_seconds_unless_set_between_400_ms_and_a_minute) {
  EXPECT_EQ(parse({}).settings.lease, std::chrono::milliseconds(4000));
  const auto flag = parse({"--lease-ms", "1500"});
  ASSERT_FALSE(flag.error) << *flag.error;
  EXPECT_EQ(flag.settings.lease, std::chrono::milliseconds(1500));
  EXPECT_EQ(parse({}, {{"SHITHEAD_LEASE_MS", "400"}}).settings.lease, std::chrono::milliseconds(400));
  for (const auto* bad : {"399", "60001", "soon", "", "-4000"}) {
    const auto refused = parse({"--lease-ms", bad});
    ASSERT_TRUE(refused.error) << bad;
    EXPECT_NE(refused.error->find("lease-ms"), std::string::npos) << *refused.error;
  }
}

TEST(config, a_cluster_node_is_asked_for_with_on_and_needs_a_database) {
  EXPECT_FALSE(parse({}).settings.cluster);
  const auto node = parse({"--cluster", "on", "--database", "postgresql://db/cards"});
  ASSERT_FALSE(node.error) << *node.error;
  EXPECT_TRUE(node.settings.cluster);
  EXPECT_TRUE(parse({}, {{"SHITHEAD_CLUSTER", "on"}, {"SHITHEAD_DATABASE", "postgresql://db/cards"}}).settings.cluster);
  EXPECT_FALSE(parse({"--cluster", "off"}).settings.cluster);
  const auto no_database = parse({"--cluster", "on"});
  ASSERT_TRUE(no_database.error);
  EXPECT_NE(no_database.error->find("--database"), std::string::npos) << *no_database.error;
  for (const auto* bad : {"yes", "1", "", "ON"}) EXPECT_TRUE(parse({"--cluster", bad}).error) << bad;
}

TEST(config, help_is_asked_for) { EXPECT_TRUE(parse({"--help"}).help); }

TEST(config, serve_with_bad_flags_exits_2_and_says_why) {
  std::ostringstream out, err;
  const std::vector<std::string_view> args = {"serve", "--port", "http"};
  EXPECT_EQ(run_command_line(args, out, err), 2);
  EXPECT_NE(err.str().find("port"), std::string::npos);
}

// Nothing listens on port 1: the server says which database it could not reach, without
// the URL's password, and exits 1 rather than starting without a store.
TEST(config, serve_with_an_unreachable_database_exits_1_and_names_it_without_its_password) {
  std::ostringstream out, err;
  const std::vector<std::string_view> args = {"serve",
                                              "--port",
                                              "0",
                                              "--bind",
                                              "127.0.0.1",
                                              "--database",
                                              "postgresql://shithead:hunter2@127.0.0.1:1/cards?connect_timeout=5"};
  EXPECT_EQ(run_command_line(args, out, err), 1);
  EXPECT_NE(err.str().find("cannot use the database postgresql://shithead:***@127.0.0.1:1/cards"), std::string::npos)
      << err.str();
  EXPECT_EQ(err.str().find("hunter2"), std::string::npos) << err.str();
}

TEST(config, serve_help_lists_the_flags_and_exits_0) {
  std::ostringstream out, err;
  const std::vector<std::string_view> args = {"serve", "--help"};
  EXPECT_EQ(run_command_line(args, out, err), 0);
  for (const char* flag : {"--port", "--bind", "--data", "--database", "--static", "--threads", "--log-level",
                           "--allowed-origins", "--turn-timer", "--bot-pace", "--lease-ms", "--cluster"})
    EXPECT_NE(out.str().find(flag), std::string::npos) << flag;
}

}  // namespace
}  // namespace shithead::server
