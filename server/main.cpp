// The `shithead` binary: everything it does lives in shithead_server.
#include <iostream>
#include <string_view>
#include <vector>

#include "server/cli/command_line.hpp"

int main(int argc, char** argv) {
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  return shithead::server::run_command_line(args, std::cout, std::cerr);
}
