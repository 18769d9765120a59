#include "server/cli/command_line.hpp"

#include "server/cli/serve_command.hpp"

namespace shithead::server {
namespace {

constexpr std::string_view usage =
    "usage: shithead <command> [arguments]\n"
    "\n"
    "  rules PRESET [--json]   what may be played on what under a preset\n"
    "                          (shiphead, isf, limbo, palace, standard)\n"
    "  simulate --preset P --players N --games G --seed S [--first-game K] [--bots hard,normal,...]\n"
    "                          play bot games and report statistics as JSON\n"
    "                          (P: a preset, or a ruleset object such as\n"
    "                          '{\"preset\":\"isf\",\"pickup_leads\":false}')\n"
    "  replay FILE             check a game record against the rules\n"
    "  serve [--port N] [--bind A] [--static DIR] [--threads N] [--log-level L]\n"
    "                          the game server (the default; serve --help for more)\n"
    "  play --url ws://HOST:PORT/ws --name NAME [--bots N] [--preset P]\n"
    "                          play one game against bots; the result as JSON\n"
    "  healthcheck [--url http://HOST:PORT/healthz] [--timeout-ms N]\n"
    "                          exit 0 when the server answers 200\n"
    "  migrate-store --from FILE --to postgresql://...\n"
    "                          copy a SQLite file into an empty PostgreSQL database\n";

}  // namespace

std::optional<std::string> next_flag(arguments args, std::size_t& i, std::string_view& flag, std::string_view& value) {
  flag = args[i];
  if (const auto equals = flag.find('='); flag.starts_with("--") && equals != std::string_view::npos) {
    value = flag.substr(equals + 1);
    flag = flag.substr(0, equals);
    return std::nullopt;
  }
  if (i + 1 >= args.size()) return "missing value after " + std::string(flag);
  value = args[++i];
  return std::nullopt;
}

int run_command_line(arguments args, std::ostream& out, std::ostream& err) {
  const std::string_view command = args.empty() ? "serve" : args[0];
  const arguments rest = args.empty() ? args : args.subspan(1);
  if (command == "rules") return run_rules_command(rest, out, err);
  if (command == "simulate") return run_simulate_command(rest, out, err);
  if (command == "replay") return run_replay_command(rest, out, err);
  if (command == "play") return run_play_command(rest, out, err);
  if (command == "healthcheck") return run_healthcheck_command(rest, out, err);
  if (command == "migrate-store") return run_migrate_store_command(rest, out, err);
  if (command == "help" || command == "--help" || command == "-h") {
    out << usage;
    return 0;
  }
  if (command == "serve") return run_serve_command(rest, out, err);
  err << "shithead: unknown command '" << command << "'\n\n" << usage;
  return 2;
}

}  // namespace shithead::server
