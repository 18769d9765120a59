#pragma once
// `shithead serve` (also what `shithead` alone runs): the game server until SIGINT or
// SIGTERM. Exit codes: 0 after a clean shutdown, 1 when it cannot start (port in use,
// no static folder), 2 for bad flags or variables.
#include <ostream>

#include "server/cli/command_line.hpp"

namespace shithead::server {

int run_serve_command(arguments args, std::ostream& out, std::ostream& err);

}  // namespace shithead::server
