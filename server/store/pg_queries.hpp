#pragma once
// Every SQL statement the PostgreSQL store runs (the migrations aside: pg_schema.cpp),
// prepared once when the connection opens. The same calls as sqlite_queries, in
// PostgreSQL's dialect; the store's logic (store_writes.cpp) and the rankings API
// (rankings_answers.cpp) never see SQL. Not thread-safe: one thread owns the connection.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/core/player_record.hpp"
#include "server/rankings/weng_lin.hpp"
#include "server/store/pg.hpp"
#include "server/store/store_rows.hpp"

namespace shithead::server {

class pg_queries final : public store_rows {
 public:
  // Prepares everything; `db` must be migrated, and outlive this.
  explicit pg_queries(pg::connection& db);

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
  // SELECT ... FOR NO KEY UPDATE, one player at a time in the order given: the rows stay locked
  // until the transaction ends, so another server recording a game of the same players
  // waits, then reads the ratings this one wrote.
  std::vector<std::optional<rating>> ratings_for_update(const std::vector<std::string>& player_ids) override;
  void set_rating(const std::string& player_id, const rating& r) override;
  void add_rating_history(const std::string& player_id, std::int64_t game_id, const rating& before,
                          const rating& after) override;
  int times_shithead(const std::string& player_id) override;

  // First in every write transaction: locks the lease's row at `epoch` until the
  // transaction ends, or fails (SQLSTATE SH001) when `holder` no longer holds it there
  // (pg_lease.hpp). The tables refuse writes of a transaction that did not.
  void fence(const std::string& holder, std::int64_t epoch);
  // A node, after fence(): fails (SQLSTATE SH001) once its own row in `nodes` has lapsed,
  // so that a node paused past its term writes nothing, not even what belongs to no table
  // (a player's row, the lobby's), before it notices and steps down.
  void fence_node(const std::string& node);
  // Several active servers (pg_store.hpp, "Tables of a cluster"), `node` being this
  // server's name in `nodes`:
  // Locks the table's row FOR SHARE until the transaction ends, while `node` owns it at
  // `epoch` (a claim waits for it); false when it does not.
  bool fence_room(const std::string& code, const std::string& node, std::int64_t epoch);
  // A new table's row, owned by `node` at epoch 1 with no saved state yet; nullopt when
  // the code is taken.
  std::optional<std::int64_t> reserve_room(const std::string& code, const std::string& node, std::int64_t now_ms);
  // Claims a table that has no live owner, with its state and log (table_claim).
  table_claim claim_room(const std::string& code, const std::string& node);
  // Lets `node`'s claim of the table at `epoch` go at `now_ms`; false when it was no
  // longer its own.
  bool release_room(const std::string& code, const std::string& node, std::int64_t epoch, std::int64_t now_ms);
  // NOTIFY on the cluster's channel (pg_store::tables_channel), in the connection's own
  // transaction: delivered to every listening node when it commits.
  void notify_nodes(const std::string& payload);
  // The shared lobby (migration 5): `node` lists a table (a summary) or lists it no more
  // (nullopt; only a row of its own). A row of a table another node serves now is left
  // alone.
  void list_room(const std::string& code, const std::string& node, const std::optional<std::string>& summary);
  // Rows without a summary for over a minute go.
  void forget_unlisted_rooms();
  // `node`'s rows after `after`, in order; with `node` empty, every listed table of a
  // node other than `me`.
  std::vector<listed_row> listed_rooms(const std::string& node, std::int64_t after, const std::string& me);
  // Tables in play with no owner since over `unowned_ms` before `now_ms` (let go, or a
  // single server's), or whose owner's lease ended over `unowned_ms` ago; at most `most`,
  // in a random order.
  std::vector<std::string> orphan_rooms(int most, std::int64_t unowned_ms, std::int64_t now_ms);
  // Locks the players' rows (those that exist) in the order of their ids, until the
  // transaction ends: FOR NO KEY UPDATE, which the foreign keys' checks of a game's seats
  // (FOR KEY SHARE) do not wait for.
  void lock_players(const std::vector<std::string>& sorted_ids);

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
  // Another server's transaction that wrote the same key first makes this one wait for
  // it, then fail on the unique index if it committed: name_conflict.
  void upsert_player(const player_record& player, const std::string& key) override;

 private:
  pg::statement load_players_;
  pg::statement load_rooms_;
  pg::statement load_log_;
  pg::statement player_by_token_hash_;
  pg::statement player_with_name_key_;
  pg::statement upsert_player_;
  pg::statement forget_idle_players_;
  pg::statement upsert_room_;
  pg::statement delete_room_;
  pg::statement append_action_;
  pg::statement delete_log_;
  pg::statement delete_other_games_;
  pg::statement insert_game_;
  pg::statement insert_seat_;
  pg::statement fence_;
  pg::statement lock_players_;
  pg::statement fence_node_;
  pg::statement fence_room_;
  pg::statement reserve_room_;
  pg::statement claim_room_;
  pg::statement room_owner_;
  pg::statement room_log_;
  pg::statement orphan_rooms_;
  pg::statement release_room_;
  pg::statement notify_nodes_;
  pg::statement list_room_;
  pg::statement unlist_room_;
  pg::statement forget_unlisted_;
  pg::statement listed_of_node_;
  pg::statement listed_of_others_;
  pg::statement rating_for_update_;
  pg::statement set_rating_;
  pg::statement add_rating_history_;
  pg::statement times_shithead_;
  pg::statement finished_seats_;
  pg::statement finished_seats_of_one_;
  pg::statement player_;
  pg::statement games_of_;
  pg::statement co_players_of_;
  pg::statement rating_changes_;
  pg::statement players_named_;
  pg::statement last_game_id_;
  pg::statement game_;
  pg::statement seats_of_;
};

}  // namespace shithead::server
