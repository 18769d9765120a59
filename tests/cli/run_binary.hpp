#pragma once
// The built `shithead` binary (SHITHEAD_BINARY) run through the shell, as a user runs
// it: for the tests of a command's exit code and exact output, which calling the
// command's function in-process cannot show.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace shithead::server {

struct binary_run {
  int exit_code = -1;  // -1 when the binary could not be started or did not exit
  std::string out;     // all it wrote to stdout; stderr is discarded
};

inline binary_run run_binary(const std::string& args) {
  const std::string command = std::string(SHITHEAD_BINARY) + " " + args + " 2>/dev/null";
  binary_run run;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) run.out.append(buffer.data(), n);
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

}  // namespace shithead::server
