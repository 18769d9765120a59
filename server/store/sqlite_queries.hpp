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
#include "server/store/rankings_rows.hpp"
#include "server/store/sqlite.hpp"
#include "server/store/store.hpp"

namespace shithead::server {

// One row of `games` as record_game writes it.
struct game_insert {
  std::string table_code;
  std::string ruleset;  // the protocol's JSON
  int seats = 0;
  std::string start;  // {"seed"} or {"deal"}, JSON
  std::int64_t started = 0;
  std::int64_t ended = 0;
  std::string status;  // "finished" or "abandoned"
  std::string record;  // the whole game record, JSON
};

struct seat_insert {
  std::int64_t game_id = 0;
  int seat = 0;
  std::optional<std::string> player_id;  // humans
  std::optional<std::string> bot;        // bots: their kind
  std::string name;
  std::optional<int> place;
  bool shithead = false;
};

class sqlite_queries final : public rankings_rows {
 public:
  // Prepares everything; `db` must be migrated, and outlive this.
  explicit sqlite_queries(sqlite::database& db);

  // Loading at start.
  std::vector<player_record> players();
  std::vector<saved_table> rooms();  // with their logs

  // Writing.
  void save_player(const player_record& player);
  // Deletes up to `most` players last seen before `seen_before` who sat in no recorded
  // game (and so have no rating); returns their ids.
  std::vector<std::string> forget_idle_players(std::int64_t seen_before, int most);
  void save_room(const std::string& code, const std::string& state, std::int64_t updated);
  void forget_room(const std::string& code);  // and its log
  void append_action(const std::string& code, const logged_action& action);
  void forget_other_games(const std::string& code, std::int64_t game);
  std::int64_t insert_game(const game_insert& game);  // the new game's id
  void insert_seat(const seat_insert& seat);
  std::optional<rating> rating_of(const std::string& player_id);
  void set_rating(const std::string& player_id, const rating& r);
  void add_rating_history(const std::string& player_id, std::int64_t game_id, const rating& before,
                          const rating& after);
  int times_shithead(const std::string& player_id);  // in finished games

  // One job's savepoint inside a batch's transaction.
  void savepoint();
  void release_savepoint();
  void rollback_to_savepoint();

  // rankings_rows
  std::vector<finished_seat_row> finished_seats(std::int64_t since, std::optional<std::string_view> only) override;
  std::optional<player_row> player(std::string_view player_id) override;
  std::vector<player_game_row> games_of(std::string_view player_id, int limit) override;
  std::vector<named_player_row> all_players() override;
  std::int64_t last_game_id() override;
  std::optional<game_row> game(std::int64_t game_id) override;
  std::vector<game_seat_row> seats_of(std::int64_t game_id) override;

 private:
  sqlite::database& db_;
  sqlite::statement load_players_;
  sqlite::statement load_rooms_;
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
  sqlite::statement all_players_;
  sqlite::statement last_game_id_;
  sqlite::statement game_;
  sqlite::statement seats_of_;
};

}  // namespace shithead::server
