// ctest's fixture `postgresql` (tests/postgres/CMakeLists.txt): starts the PostgreSQL
// cluster that every test of the run shares, and stops it once they are done.
//
//   pg_test_cluster start STATE_FOLDER
//   pg_test_cluster stop STATE_FOLDER
#include <exception>
#include <iostream>
#include <string_view>

#include "tests/postgres/pg_cluster.hpp"

int main(int argc, char** argv) {
  const std::string_view verb = argc == 3 ? argv[1] : "";
  try {
    if (verb == "start") {
      shithead::testing::pg_cluster::start_detached(argv[2]);
      return 0;
    }
    if (verb == "stop") {
      shithead::testing::pg_cluster::stop_detached(argv[2]);
      return 0;
    }
  } catch (const std::exception& e) {
    std::cerr << "pg_test_cluster " << verb << ": " << e.what() << '\n';
    return 1;
  }
  std::cerr << "usage: pg_test_cluster start|stop STATE_FOLDER\n";
  return 2;
}
