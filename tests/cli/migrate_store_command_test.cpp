// `shithead migrate-store`'s arguments and failures; the copy itself is tested in
// tests/store/store_copy_test.cpp against a real PostgreSQL.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "server/cli/command_line.hpp"

namespace shithead::server {
namespace {

int run(std::vector<std::string_view> args, std::string& out, std::string& err) {
  std::ostringstream o, e;
  args.insert(args.begin(), "migrate-store");
  const int code = run_command_line(args, o, e);
  out = o.str();
  err = e.str();
  return code;
}

TEST(migrate_store_command, needs_a_file_and_a_postgresql_url) {
  std::string out, err;
  EXPECT_EQ(run({}, out, err), 2);
  EXPECT_NE(err.find("usage: shithead migrate-store"), std::string::npos) << err;
  EXPECT_EQ(run({"--from", "data/shithead.db", "--to", "mysql://x/y"}, out, err), 2);
  EXPECT_EQ(run({"--from", "data/shithead.db", "--to"}, out, err), 2);
  EXPECT_NE(err.find("missing value after --to"), std::string::npos) << err;
  EXPECT_EQ(run({"--form", "x"}, out, err), 2);
  EXPECT_EQ(run({"--help"}, out, err), 0);
  EXPECT_NE(out.find("must be empty"), std::string::npos) << out;
}

// No file is made where none was: a mistyped path copies nothing rather than an empty store.
TEST(migrate_store_command, a_file_that_is_not_there_copies_nothing_and_exits_1) {
  std::string out, err;
  EXPECT_EQ(run({"--from", "/nonexistent/shithead.db", "--to", "postgresql://nobody@127.0.0.1:1/none"}, out, err), 1);
  EXPECT_NE(err.find("nothing was copied: there is no SQLite file /nonexistent/shithead.db"), std::string::npos) << err;
}

}  // namespace
}  // namespace shithead::server
