#pragma once
// The subcommands of the `shithead` binary. Each takes the arguments after its own
// name, writes its result to `out` and problems to `err`, and returns the exit code.
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

namespace shithead::server {

using arguments = std::span<const std::string_view>;

int run_rules_command(arguments args, std::ostream& out, std::ostream& err);
int run_simulate_command(arguments args, std::ostream& out, std::ostream& err);
int run_replay_command(arguments args, std::ostream& out, std::ostream& err);
int run_play_command(arguments args, std::ostream& out, std::ostream& err);
int run_healthcheck_command(arguments args, std::ostream& out, std::ostream& err);
int run_migrate_store_command(arguments args, std::ostream& out, std::ostream& err);

// One `--flag value` or `--flag=value` at args[i], for commands that take only flags
// with values: sets `flag` and `value` and moves i past a separate value. An error
// message when the value is missing.
std::optional<std::string> next_flag(arguments args, std::size_t& i, std::string_view& flag, std::string_view& value);

// Dispatches argv (without the program name) to a subcommand.
int run_command_line(arguments args, std::ostream& out, std::ostream& err);

}  // namespace shithead::server
