// `shithead simulate`: bot games as fast as the engine plays them, with statistics.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "protocol/cli_reports.hpp"
#include "rules/deal.hpp"
#include "rules/engine.hpp"
#include "rules/playout.hpp"
#include "server/cli/command_line.hpp"
#include "server/cli/ruleset_flag.hpp"

namespace shithead::server {
namespace {

struct simulate_options {
  rules::ruleset rules = rules::preset_ruleset(rules::preset_id::shiphead);
  int players = 4;
  long games = 1000;
  // Games are numbered from 0 and each is seeded by its number, so a long measurement
  // can be split into pieces (`--first-game 1000 --games 1000` is the second half of
  // `--games 2000`) that run on several cores or across days and add up to the same.
  long first_game = 0;
  std::uint64_t seed = 1;
  std::vector<rules::bot_kind> bots{rules::bot_kind::greedy};
};

template <class Number>
bool parse_number(std::string_view text, Number& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc{} && end == text.data() + text.size();
}

bool parse_bots(std::string_view list, std::vector<rules::bot_kind>& bots) {
  bots.clear();
  while (!list.empty()) {
    const auto comma = list.find(',');
    const auto kind = rules::parse_bot_kind(list.substr(0, comma));
    if (!kind) return false;
    bots.push_back(*kind);
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
  }
  return !bots.empty();
}

// Fills `o` from the arguments; returns an error message, empty when all is well.
std::string parse_options(arguments args, simulate_options& o) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view flag = args[i];
    if (i + 1 >= args.size()) return "missing value after " + std::string(flag);
    const std::string_view value = args[++i];
    if (flag == "--preset") {
      if (auto error = parse_ruleset_flag(value, o.rules)) return *error;
    } else if (flag == "--players") {
      if (!parse_number(value, o.players) || o.players < rules::min_players || o.players > rules::max_players)
        return "--players must be a number from 2 to 8";
    } else if (flag == "--games") {
      if (!parse_number(value, o.games) || o.games < 1) return "--games must be a positive number";
    } else if (flag == "--first-game") {
      if (!parse_number(value, o.first_game) || o.first_game < 0) return "--first-game must be a non-negative number";
    } else if (flag == "--seed") {
      if (!parse_number(value, o.seed)) return "--seed must be a non-negative number";
    } else if (flag == "--bots") {
      if (!parse_bots(value, o.bots))
        return "--bots is a comma-separated list of: random, greedy, easy, normal, hard, expert";
    } else {
      return "unknown option " + std::string(flag);
    }
  }
  return {};
}

// Each game's deal and bots get their own seed, so game k is the same whatever G is.
std::uint64_t game_seed(std::uint64_t seed, long game) {
  std::uint64_t z = seed * 0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(game) + 1;
  z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ull;
  return z ^ (z >> 29);
}

// Wilson's score interval at 95% for `count` of `total`.
std::pair<double, double> wilson_interval(long count, long total) {
  if (total <= 0) return {0.0, 1.0};
  const double z = 1.959964;
  const double n = static_cast<double>(total);
  const double p = static_cast<double>(count) / n;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

// Count, mean, median, 99th percentile and largest of the times, in milliseconds.
protocol::time_spread spread_of(std::vector<double> ms) {
  protocol::time_spread out;
  out.count = ms.size();
  if (ms.empty()) return out;
  std::sort(ms.begin(), ms.end());
  const auto at = [&ms](double q) { return ms[static_cast<std::size_t>(q * static_cast<double>(ms.size() - 1))]; };
  out.mean = std::accumulate(ms.begin(), ms.end(), 0.0) / static_cast<double>(ms.size());
  out.p50 = at(0.5);
  out.p99 = at(0.99);
  out.max = ms.back();
  return out;
}

}  // namespace

int run_simulate_command(arguments args, std::ostream& out, std::ostream& err) {
  simulate_options o;
  if (auto problem = parse_options(args, o); !problem.empty()) {
    err << "simulate: " << problem << '\n';
    return 2;
  }
  const auto& rules = o.rules;
  long finished = 0, abandoned = 0, actions = 0, turns_total = 0, turns_max = 0;
  std::vector<long> shithead_by_seat(static_cast<std::size_t>(o.players), 0);
  rules::playout_buffers buffers;
  const bool searching = std::any_of(o.bots.begin(), o.bots.end(), rules::searches);
  std::vector<double> search_ms;

  const auto start = std::chrono::steady_clock::now();
  for (long g = o.first_game; g < o.first_game + o.games; ++g) {
    const auto seed = game_seed(o.seed, g);
    auto game = rules::new_game(rules, o.players, -1, seed);
    if (!game) {
      err << "simulate: " << game.error().message << '\n';
      return 2;
    }
    auto& state = game.value();
    rules::rng random(seed ^ 0x5bd1e995u);
    if (searching) {
      // Step by step, timing each step a searching seat's bot takes.
      while (!state.over()) {
        const int actor = rules::seat_to_act(state);
        const bool timed = rules::searches(o.bots[static_cast<std::size_t>(actor) % o.bots.size()]);
        const auto before = std::chrono::steady_clock::now();
        actions += rules::play_step(state, o.bots, random, buffers);
        if (timed)
          search_ms.push_back(
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - before).count());
      }
    } else {
      actions += rules::play_out(state, o.bots, random, buffers);
    }
    turns_total += state.turns;
    turns_max = std::max<long>(turns_max, state.turns);
    if (state.abandoned) {
      ++abandoned;
    } else {
      ++finished;
      ++shithead_by_seat[static_cast<std::size_t>(state.shithead)];
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  protocol::simulate_report report;
  report.games = o.games;
  report.first_game = o.first_game;
  report.finished = finished;
  report.abandoned = abandoned;
  report.actions = actions;
  report.seconds = seconds;
  report.games_per_second = seconds > 0 ? static_cast<double>(o.games) / seconds : 0.0;
  report.actions_per_second = seconds > 0 ? static_cast<double>(actions) / seconds : 0.0;
  report.turns_mean = static_cast<double>(turns_total) / static_cast<double>(o.games);
  report.turns_max = turns_max;
  report.shithead_by_seat = shithead_by_seat;
  // Each seat's share of the finished games it lost, with a 95% interval.
  for (const long count : shithead_by_seat) {
    const auto [low, high] = wilson_interval(count, finished);
    report.shithead_rate_by_seat.push_back(
        {finished > 0 ? static_cast<double>(count) / static_cast<double>(finished) : 0.0, low, high});
  }
  if (searching) report.search_move_ms = spread_of(search_ms);
  report.ruleset = rules;
  report.players = o.players;
  report.bots = o.bots;
  out << protocol::simulate_report_text(report) << '\n';
  return 0;
}

}  // namespace shithead::server
