#pragma once
// Every SQL statement the SQLite store runs (the schema's migrations aside, which live
// in store_schema.cpp), prepared once when the connection opens and reset after each
// use. The store's logic calls these by name and never sees SQL; the rankings API reads
// through the rankings_rows half. Not thread-safe: the store's one thread owns it.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/core/player_record.hpp"
#include "server/rankings/weng_lin.hpp"
#include "server/store/sqlite.hpp"
#include "server/store/store_rows.hpp"

namespace shithead::server {

class sqlite_queries final : public store_rows {
 public:
  // Prepares everything; `db` must be migrated, and outlive this.
  explicit sqlite_queries(sqlite::database& db);

  // store_rows
  std::vector<player_record> players() override;
  std::vector<saved_table> rooms() override;
  std::optional<player_record> player_by_token_hash(const std::string& token_hash) override;
  std::vector<std::string> forget_idle_players(std::int64_t seen_before, int most) override;
  void save_room(const std::string& code, const std::string& state, std::int64_t updated) override;
  void forget_room(const std::string& code) override;
  void append_action(const std::string& code, const logged_action& action) override;
  void forget_other_games(const std::string& code, std::int64_t game) override;
  std::int64_t insert_game(const game_insert& game) override;
  void insert_seat(const seat_insert& seat) override;
  // One writer holds the whole file: reading is locking enough.
  std::vector<std::optional<rating>> ratings_for_update(const std::vector<std::string>& player_ids) override;
  void set_rating(const std::string& player_id, const rating& r) override;
  void add_rating_history(const std::string& player_id, std::int64_t game_id, const rating& before,
                          const rating& after) override;
  int times_shithead(const std::string& player_id) override;

  // One job's savepoint inside a batch's transaction.
  void savepoint();
  void release_savepoint();
  void rollback_to_savepoint();

  // rankings_rows
  std::vector<finished_seat_row> finished_seats(std::int64_t since, std::optional<std::string_view> only) override;
  std::optional<player_row> player(std::string_view player_id) override;
  std::vector<player_game_row> games_of(std::string_view player_id, int limit) override;
  std::vector<co_player_row> co_players_of(std::string_view player_id) override;
  std::vector<rating_change_row> rating_changes(std::int64_t since) override;
  std::vector<named_player_row> players_named(const std::string& key) override;
  std::int64_t last_game_id() override;
  std::optional<game_row> game(std::int64_t game_id) override;
  std::vector<game_seat_row> seats_of(std::int64_t game_id) override;

 protected:
  std::optional<std::string> player_with_name_key(const std::string& key) override;
  void upsert_player(const player_record& player, const std::string& key) override;

 private:
  sqlite::database& db_;
  sqlite::statement load_players_;
  sqlite::statement load_rooms_;
  sqlite::statement player_by_token_hash_;
  sqlite::statement player_with_name_key_;
  sqlite::statement upsert_player_;
  sqlite::statement forget_idle_players_;
  sqlite::statement upsert_room_;
  sqlite::statement delete_room_;
  sqlite::statement load_log_;
  sqlite::statement append_action_;
  sqlite::statement delete_log_;
  sqlite::statement delete_other_games_;
  sqlite::statement insert_game_;
  sqlite::statement insert_seat_;
  sqlite::statement rating_of_;
  sqlite::statement set_rating_;
  sqlite::statement add_rating_history_;
  sqlite::statement times_shithead_;
  sqlite::statement savepoint_;
  sqlite::statement release_;
  sqlite::statement rollback_to_;
  sqlite::statement finished_seats_;
  sqlite::statement finished_seats_of_one_;
  sqlite::statement player_;
  sqlite::statement games_of_;
  sqlite::statement co_players_of_;
  sqlite::statement rating_changes_;
  sqlite::statement players_named_;
  sqlite::statement last_game_id_;
  sqlite::statement game_;
  sqlite::statement seats_of_;
};

}  // namespace shithead::server
