// `shithead replay FILE`: checks a game record against the rules and prints the
// outcome as one line of JSON. Exit codes: 0 every action legal, 1 an illegal action
// (its index and the rules' error code are printed), 2 the file cannot be read or is
// not a valid record.
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>

#include "protocol/cli_reports.hpp"
#include "protocol/game_record.hpp"
#include "protocol/parsed.hpp"
#include "protocol/record_text.hpp"
#include "rules/engine.hpp"
#include "server/cli/command_line.hpp"

namespace shithead::server {
namespace {

constexpr std::string_view usage =
    "usage: shithead replay FILE\n"
    "  Checks the game record in FILE against the rules and prints the outcome as JSON.\n"
    "  Exit status: 0 all actions legal, 1 an illegal action, 2 an unreadable or malformed record.\n";

constexpr int exit_legal = 0;
constexpr int exit_illegal = 1;
constexpr int exit_malformed = 2;

protocol::parsed<std::string> read_text_file(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec) return protocol::parse_error{"cannot read: " + ec.message()};
  // An ifstream opens a directory without complaint and then reads nothing.
  if (!std::filesystem::is_regular_file(status)) return protocol::parse_error{"cannot read: not a regular file"};
  std::ifstream in(path, std::ios::binary);
  if (!in) return protocol::parse_error{"cannot read: the file could not be opened"};
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return protocol::parse_error{"cannot read: a read error occurred"};
  return text.str();
}

int report_malformed(std::string_view path, const std::string& message, std::ostream& out, std::ostream& err) {
  err << "replay: " << path << ": " << message << '\n';
  out << protocol::replay_result_line(protocol::replay_malformed{message}) << '\n';
  return exit_malformed;
}

std::optional<int> seat_if_any(int seat) { return seat >= 0 ? std::optional<int>(seat) : std::nullopt; }

}  // namespace

int run_replay_command(arguments args, std::ostream& out, std::ostream& err) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    out << usage;
    return exit_legal;
  }
  if (args.size() != 1) {
    err << usage;
    return exit_malformed;
  }
  const std::string path(args[0]);

  auto text = read_text_file(path);
  if (!text) return report_malformed(path, text.error().message, out, err);
  auto record = protocol::parse_record(text.value());
  if (!record) return report_malformed(path, record.error().message, out, err);
  auto replayed = protocol::replay_record(record.value());
  if (!replayed) return report_malformed(path, "cannot start the game: " + replayed.error().message, out, err);

  const auto& outcome = replayed.value();
  if (outcome.error) {
    out << protocol::replay_result_line(
               protocol::replay_illegal{outcome.failed_index, outcome.error->code, outcome.error->message})
        << '\n';
    return exit_illegal;
  }
  const auto& state = outcome.state;
  protocol::replay_legal legal;
  legal.over = state.over();
  legal.abandoned = state.abandoned;
  legal.places = state.finish_order;
  legal.shithead = seat_if_any(state.shithead);
  legal.next = seat_if_any(state.over() ? -1 : rules::seat_to_act(state));
  out << protocol::replay_result_line(legal) << '\n';
  return exit_legal;
}

}  // namespace shithead::server
