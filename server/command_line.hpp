#pragma once
// The subcommands of the `shithead` binary. Each takes the arguments after its own
// name, writes its result to `out` and problems to `err`, and returns the exit code.
#include <ostream>
#include <span>
#include <string_view>

namespace shithead::server {

using arguments = std::span<const std::string_view>;

int run_rules_command(arguments args, std::ostream& out, std::ostream& err);
int run_simulate_command(arguments args, std::ostream& out, std::ostream& err);
int run_replay_command(arguments args, std::ostream& out, std::ostream& err);
int run_play_command(arguments args, std::ostream& out, std::ostream& err);
int run_healthcheck_command(arguments args, std::ostream& out, std::ostream& err);

// Dispatches argv (without the program name) to a subcommand.
int run_command_line(arguments args, std::ostream& out, std::ostream& err);

}  // namespace shithead::server
