// PostgreSQL's disk full for real (issue 29): the game's tables on a tablespace of their
// own, on a small tmpfs that a filler table fills. A step the full tablespace refuses
// (SQLSTATE 53100) waits unanswered, the store says it is unhealthy, and once space
// returns the same step goes in whole and is answered, without a restart: what
// store_test's full disk checks on SQLite with an injected SQLITE_FULL.
//
// Mounting a tmpfs takes root (and a machine that lets root mount); where that is not
// so, the test says why and is skipped.
#include <gtest/gtest.h>
#include <pwd.h>
#include <sys/mount.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <future>
#include <string>
#include <thread>

#include "server/store/pg.hpp"
#include "tests/postgres/pg_cluster.hpp"
#include "tests/store/store_backends.hpp"
#include "tests/store/store_test_support.hpp"

namespace shithead::server {
namespace {

using namespace store_testing;
using namespace std::chrono_literals;

// A tmpfs of `megabytes` at a fresh folder, owned by the user PostgreSQL runs as;
// unmounted and removed with the object.
class small_disk {
 public:
  explicit small_disk(int megabytes) {
    path_ = std::filesystem::temp_directory_path() / ("shithead-pg-small-" + std::to_string(::getpid()));
    std::filesystem::create_directories(path_);
    const std::string options = "size=" + std::to_string(megabytes) + "m,mode=0700";
    if (::mount("tmpfs", path_.c_str(), "tmpfs", 0, options.c_str()) != 0) {
      why_not_ = std::string("cannot mount a tmpfs: ") + std::strerror(errno);
      return;
    }
    mounted_ = true;
    // The tablespace's folder must belong to the server's user (the cluster runs as
    // `postgres` when the tests run as root).
    if (const passwd* user = ::getpwnam("postgres"); user && ::getuid() == 0) {
      if (::chown(path_.c_str(), user->pw_uid, user->pw_gid) != 0)
        why_not_ = std::string("cannot give the tmpfs to postgres: ") + std::strerror(errno);
    }
  }
  ~small_disk() {
    if (mounted_) ::umount2(path_.c_str(), MNT_DETACH);
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  small_disk(const small_disk&) = delete;
  small_disk& operator=(const small_disk&) = delete;

  // Empty when the disk is ready.
  const std::string& why_not() const { return why_not_; }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
  bool mounted_ = false;
  std::string why_not_;
};

// Runs `sql`; true when it failed because the disk is full.
bool disk_full(pg::connection& c, const std::string& sql) {
  try {
    c.exec(sql);
    return false;
  } catch (const pg::error& e) {
    if (e.sqlstate() == "53100") return true;
    throw;
  }
}

TEST(pg_full_disk, a_step_a_full_tablespace_refuses_waits_unanswered_and_goes_in_when_space_returns) {
  if (::getuid() != 0) GTEST_SKIP() << "mounting a small disk takes root";
  const small_disk disk(4);
  if (!disk.why_not().empty()) GTEST_SKIP() << disk.why_not();

  fresh_database database(backend::postgresql);
  database.open();  // migrated
  const std::string tablespace = "shithead_small_" + std::to_string(::getpid());
  pg::connection admin(database.url());
  admin.exec("CREATE TABLESPACE " + tablespace + " LOCATION '" + disk.path() + "'");
  struct drop_tablespace {
    std::string url, name;
    ~drop_tablespace() {
      try {
        pg::connection c(url);
        c.exec("DROP TABLE IF EXISTS filler");
        c.exec("ALTER TABLE live_rooms SET TABLESPACE pg_default");
        c.exec("ALTER TABLE live_actions SET TABLESPACE pg_default");
        c.exec("DROP TABLESPACE IF EXISTS " + name);
      } catch (const std::exception& e) {
        ADD_FAILURE() << "cleaning up the tablespace: " << e.what();
      }
    }
  } cleanup{database.url(), tablespace};
  // The tables a step writes, on the small disk; the rest of the database (and the WAL)
  // stays where it was, so only what the test fills is full.
  admin.exec("ALTER TABLE live_rooms SET TABLESPACE " + tablespace);
  admin.exec("ALTER TABLE live_actions SET TABLESPACE " + tablespace);
  // Filled with text that does not compress, out of line, until the disk refuses a page.
  admin.exec("CREATE TABLE filler (t TEXT) TABLESPACE " + tablespace);
  admin.exec("ALTER TABLE filler ALTER COLUMN t SET STORAGE EXTERNAL");
  bool full = false;
  for (int i = 0; i < 400 && !full; ++i)  // 128 KB a statement: 4 MB take about 32
    full = disk_full(admin,
                     "INSERT INTO filler SELECT (SELECT string_agg(md5(random()::text || g::text || n::text), '') "
                     "FROM generate_series(1, 256) n) FROM generate_series(1, 16) g");
  ASSERT_TRUE(full) << "4 MB never filled";

  const auto opened = database.open();
  auto& s = *opened;
  s.start();
  // 100 KB that do not compress much: far more than the few KB a full tmpfs has left.
  std::string state = "{\"padding\": \"";
  std::uint64_t bits = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 100'000; ++i) {
    bits = bits * 6364136223846793005ull + 1442695040888963407ull;
    state += "0123456789abcdef"[bits >> 60];
  }
  state += "\"}";
  std::atomic<bool> answered{false};
  std::promise<std::vector<recorded_game>> written;
  s.save_table("FULL", state, {}, [&](std::vector<recorded_game> games) {
    answered = true;
    written.set_value(std::move(games));
  });
  const auto until = std::chrono::steady_clock::now() + 10s;
  while (s.healthy() && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(20ms);
  EXPECT_FALSE(s.healthy()) << "the full tablespace was not noticed";
  ASSERT_TRUE(s.problem());
  std::this_thread::sleep_for(500ms);
  EXPECT_FALSE(answered) << "a step was answered before it was stored";
  EXPECT_EQ(database.count("SELECT count(*) FROM live_rooms"), 0);

  // Space returns: the same step goes in on the next try (at most 2 s later).
  admin.exec("DROP TABLE filler");
  auto done = written.get_future();
  ASSERT_EQ(done.wait_for(15s), std::future_status::ready) << "the step never went in";
  EXPECT_TRUE(s.healthy());
  EXPECT_EQ(database.count("SELECT count(*) FROM live_rooms WHERE code = 'FULL'"), 1);
  s.close();
  const auto rooms = database.open()->load_rooms();
  ASSERT_EQ(rooms.size(), 1u);
  EXPECT_EQ(rooms[0].state, state);
}

}  // namespace
}  // namespace shithead::server
