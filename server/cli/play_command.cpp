// `shithead play`: one whole game against bots over a real WebSocket, from the command
// line. Scripts (the Docker smoke test) read the result from the last line of output.
#include <charconv>
#include <string>

#include "protocol/cli_reports.hpp"
#include "protocol/client_message.hpp"
#include "rules/ruleset.hpp"
#include "server/cli/command_line.hpp"
#include "server/cli/ruleset_flag.hpp"
#include "server/cli/table_player.hpp"

namespace shithead::server {
namespace {

constexpr std::string_view play_usage =
    "usage: shithead play --url ws://HOST:PORT/ws --name NAME [--bots N] [--preset P]\n"
    "                     [--bot-level L] [--bot-pace MS] [--token T]\n"
    "                     [--timeout-seconds S] [--rate R]\n"
    "\n"
    "Creates a private table, adds N bots, plays the whole game and leaves.\n"
    "Progress goes to standard error; the last line of standard output is the result:\n"
    "  {\"player_id\": \"...\", \"token\": \"...\", \"table\": \"CODE\", \"game_id\": 41,\n"
    "   \"abandoned\": false, \"place\": 2, \"shithead\": false}\n"
    "(game_id is null when the server stores no games; place is null when the game was\n"
    "abandoned at the turn limit before this player went out).\n"
    "\n"
    "  --url URL              the server's WebSocket, ws:// only (no TLS)\n"
    "  --name NAME            the player's name\n"
    "  --bots N               bots at the table, 1 to 7 (default 2)\n"
    "  --bot-level L          their level: easy, normal, hard or expert (random and greedy\n"
    "                         too; default greedy)\n"
    "  --bot-pace MS          their pause before each move, 0 to 3000 milliseconds\n"
    "                         (default 0: at once; a table for people has 900)\n"
    "  --preset P             a preset (shiphead, isf, limbo, palace, standard) or a ruleset\n"
    "                         object as JSON (default shiphead)\n"
    "  --token T              play as the player this token belongs to\n"
    "  --timeout-seconds S    give up after S seconds in all (default 300)\n"
    "  --rate R               send at most R messages a second (default 15; the server\n"
    "                         allows 20)\n"
    "\n"
    "Exit status: 0 when the game ended, 1 on an error or time-out, 2 for bad arguments.\n";

template <class Number>
bool parse_number(std::string_view text, Number& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc{} && end == text.data() + text.size();
}

// Fills `o`; returns what is wrong with the arguments, if anything.
std::optional<std::string> parse_play_options(arguments args, play_options& o) {
  bool have_url = false;
  bool have_name = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view flag;
    std::string_view value;
    if (auto missing = next_flag(args, i, flag, value)) return *missing;
    if (flag == "--url") {
      auto url = parse_web_url(value);
      if (!url) return "--url: " + url.error().message;
      if (url.value().scheme != url_scheme::ws) return "--url must be a ws:// URL, such as ws://127.0.0.1:8080/ws";
      o.url = std::move(url).value();
      have_url = true;
    } else if (flag == "--name") {
      if (value.empty()) return "--name must not be empty";
      o.name = std::string(value);
      have_name = true;
    } else if (flag == "--bots") {
      if (!parse_number(value, o.bots) || o.bots < 1 || o.bots > 7) return "--bots must be a number from 1 to 7";
    } else if (flag == "--bot-level") {
      const auto level = rules::parse_bot_kind(value);
      if (!level) return "--bot-level must be easy, normal, hard, expert, random or greedy";
      o.bot_level = *level;
    } else if (flag == "--bot-pace") {
      int pace = 0;
      if (!parse_number(value, pace) || pace < 0 || pace > protocol::max_bot_pace_ms)
        return "--bot-pace must be a number of milliseconds from 0 to 3000";
      o.bot_pace = std::chrono::milliseconds{pace};
    } else if (flag == "--preset") {
      if (auto error = parse_ruleset_flag(value, o.ruleset)) return error;
    } else if (flag == "--token") {
      o.token = std::string(value);
    } else if (flag == "--timeout-seconds") {
      long seconds = 0;
      if (!parse_number(value, seconds) || seconds < 1 || seconds > 86'400)
        return "--timeout-seconds must be a number from 1 to 86400";
      o.timeout = std::chrono::seconds(seconds);
    } else if (flag == "--rate") {
      int rate = 0;
      if (!parse_number(value, rate) || rate < 1 || rate > 100'000) return "--rate must be a number from 1 to 100000";
      o.max_rate = rate;
    } else {
      return "unknown argument '" + std::string(flag) + "'";
    }
  }
  if (!have_url) return "--url is required";
  if (!have_name) return "--name is required";
  return std::nullopt;
}

}  // namespace

int run_play_command(arguments args, std::ostream& out, std::ostream& err) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    out << play_usage;
    return 0;
  }
  play_options options;
  if (auto error = parse_play_options(args, options)) {
    err << "play: " << *error << "\n\n" << play_usage;
    return 2;
  }
  auto outcome = play_one_game(options, err);
  if (!outcome) {
    err << "play: " << outcome.error().message << '\n';
    return 1;
  }
  out << protocol::play_report_line(outcome.value().report) << '\n';
  return 0;
}

}  // namespace shithead::server
