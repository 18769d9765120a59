#pragma once
// What a store reads at start and writes as it runs, as calls with plain values: the SQL
// behind them is each backend's own (sqlite_queries, pg_queries), and what the store does
// with them (recording a game and its ratings, writing a table's step) is written once,
// in store_writes.cpp. The rankings half is rankings_rows. Runs on the thread that owns
// the connection; a failure throws.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/core/player_record.hpp"
#include "server/rankings/weng_lin.hpp"
#include "server/store/rankings_rows.hpp"
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

// Another player's row holds the name key a save would give (store_rows::save_player).
class name_conflict : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Another server claimed the table a step was made for (table_step::epoch): the step is
// not written, and this server serves the table no more.
class table_moved : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class store_rows : public rankings_rows {
 public:
  // Loading at start.
  virtual std::vector<player_record> players() = 0;
  virtual std::vector<saved_table> rooms() = 0;  // with their logs, in code order
  virtual std::optional<player_record> player_by_token_hash(const std::string& token_hash) = 0;

  // Writing.
  // Inserts or updates the player's row with their name's key (name_key()); throws
  // name_conflict, having written nothing, when another row holds that key. Checked
  // before the write, and enforced by the unique index when another server wrote the
  // same key in a transaction still open meanwhile.
  void save_player(const player_record& player);
  // Deletes up to `most` players last seen before `seen_before` who sat in no recorded
  // game (and so have no rating); returns their ids.
  virtual std::vector<std::string> forget_idle_players(std::int64_t seen_before, int most) = 0;
  virtual void save_room(const std::string& code, const std::string& state, std::int64_t updated) = 0;
  virtual void forget_room(const std::string& code) = 0;  // and its log
  virtual void append_action(const std::string& code, const logged_action& action) = 0;
  virtual void forget_other_games(const std::string& code, std::int64_t game) = 0;
  virtual std::int64_t insert_game(const game_insert& game) = 0;  // the new game's id
  virtual void insert_seat(const seat_insert& seat) = 0;
  // The players' ratings, read for an update: a backend that several servers share locks
  // the rows until the transaction ends, in the order given (record_game sorts them), so
  // two games ending at once for the same player never lose an update.
  virtual std::vector<std::optional<rating>> ratings_for_update(const std::vector<std::string>& player_ids) = 0;
  virtual void set_rating(const std::string& player_id, const rating& r) = 0;
  virtual void add_rating_history(const std::string& player_id, std::int64_t game_id, const rating& before,
                                  const rating& after) = 0;
  virtual int times_shithead(const std::string& player_id) = 0;  // in finished games

 protected:
  // The id of the player whose row holds `key`, if any.
  virtual std::optional<std::string> player_with_name_key(const std::string& key) = 0;
  // The insert or update of save_player, throwing name_conflict when the unique index
  // refuses the key.
  virtual void upsert_player(const player_record& player, const std::string& key) = 0;
};

}  // namespace shithead::server
