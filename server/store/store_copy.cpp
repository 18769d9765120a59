#include "server/store/store_copy.hpp"

#include <array>
#include <filesystem>
#include <stdexcept>
#include <string_view>

#include "server/store/pg.hpp"
#include "server/store/pg_schema.hpp"
#include "server/store/sqlite.hpp"
#include "server/store/store_schema.hpp"

namespace shithead::server {
namespace {

struct table_columns {
  std::string_view name;
  std::string_view columns;
  int count;
};

// In an order the foreign keys accept. The columns are the same in both schemas
// (pg_schema.cpp's migrations 1 and 3 make SQLite's version 6, the lease aside), and the
// name keys move over as the SQLite migration computed them.
constexpr std::array<table_columns, 6> tables = {{
    {"players", "id, name, name_key, token_hash, created, last_seen, mu, sigma, token_exposed", 9},
    {"games", "id, table_code, ruleset, seats, start, started, ended, status, record", 9},
    {"game_players", "game_id, seat, player_id, bot, name, place, shithead", 7},
    {"ratings", "player_id, game_id, mu_before, sigma_before, mu, sigma", 6},
    {"live_rooms", "code, state, updated", 3},
    {"live_actions", "code, game, idx, version, seat, action", 6},
}};

std::string placeholders(int count) {
  std::string out;
  for (int i = 1; i <= count; ++i) out += (i > 1 ? ", $" : "$") + std::to_string(i);
  return out;
}

std::int64_t count_of(pg::connection& db, std::string_view table) {
  auto count = db.prepare("SELECT count(*) FROM " + std::string(table));
  return count.run().int64(0, 0);
}

}  // namespace

std::vector<copied_table> copy_sqlite_to_postgresql(const std::string& from, const std::string& to) {
  std::error_code missing;
  if (!std::filesystem::is_regular_file(from, missing))
    throw std::invalid_argument("there is no SQLite file " + from + " to copy from");
  sqlite::database lite(from, false);
  migrate(lite);  // to this server's schema, as `serve` would on opening it

  pg::connection target(to);
  migrate(target);
  pg::transaction tx(target);
  // No server may write meanwhile: the lease's rows stay locked until the copy commits, so
  // a server that starts now waits for it, and the copy's writes pass the tables' fence at
  // the lease's current epoch (pg_lease.hpp).
  if (const auto holder = live_lease_holder(target))
    throw std::runtime_error("the server " + *holder + " holds the database " + pg::redacted(to) +
                             ": stop every server that uses it first");
  target.exec("SELECT shithead_fence(holder, epoch) FROM server_lease WHERE id = 1");
  for (const auto& t : tables)
    if (count_of(target, t.name) != 0)
      throw std::runtime_error("the database " + pg::redacted(to) + " already holds " + std::string(t.name) +
                               ": migrate into an empty database");

  std::vector<copied_table> copied;
  for (const auto& t : tables) {
    auto read = lite.prepare("SELECT " + std::string(t.columns) + " FROM " + std::string(t.name));
    auto write = target.prepare("INSERT INTO " + std::string(t.name) + " (" + std::string(t.columns) + ") VALUES (" +
                                placeholders(t.count) + ")");
    copied_table done{std::string(t.name), 0};
    while (read.step()) {
      pg::params values;
      for (int c = 0; c < t.count; ++c) {
        if (read.is_null(c)) {
          values.add_null();
        } else if (read.is_real(c)) {
          values.add(read.real(c));  // in the fewest digits that read back the same
        } else {
          values.add(read.text(c));
        }
      }
      write.run(values);
      ++done.rows;
    }
    if (count_of(target, t.name) != done.rows)
      throw std::runtime_error("the database holds another number of " + done.name + " than were copied");
    copied.push_back(std::move(done));
  }
  // Games keep their ids: the next one recorded takes the one after the highest.
  target.exec("SELECT setval(pg_get_serial_sequence('games', 'id'), coalesce(max(id), 0) + 1, false) FROM games");
  tx.commit();
  return copied;
}

}  // namespace shithead::server
