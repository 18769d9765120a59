#include "server/store/sqlite_queries.hpp"

#include <sqlite3.h>

#include <string_view>

#include "server/store/store.hpp"

namespace shithead::server {
namespace {

// Resets a statement when a use of it ends, however it ends, so that the next use
// starts clean and no half-stepped read holds the database.
class in_use {
 public:
  explicit in_use(sqlite::statement& s) : s_(s) {}
  ~in_use() { s_.reset(); }
  in_use(const in_use&) = delete;
  in_use& operator=(const in_use&) = delete;
  sqlite::statement* operator->() { return &s_; }
  sqlite::statement& operator*() { return s_; }

 private:
  sqlite::statement& s_;
};

std::optional<int> optional_int(const sqlite::statement& s, int column) {
  if (s.is_null(column)) return std::nullopt;
  return s.integer(column);
}

}  // namespace

sqlite_queries::sqlite_queries(sqlite::database& db)
    : db_(db),
      load_players_(
          db.prepare("SELECT id, name, token_hash, created, last_seen, token_exposed FROM players ORDER BY created")),
      load_rooms_(db.prepare("SELECT code, state FROM live_rooms ORDER BY code")),
      player_by_token_hash_(db.prepare(
          "SELECT id, name, token_hash, created, last_seen, token_exposed FROM players WHERE token_hash = ?")),
      player_with_name_key_(db.prepare("SELECT id FROM players WHERE name_key = ?")),
      upsert_player_(
          db.prepare("INSERT INTO players (id, name, name_key, token_hash, created, last_seen, token_exposed) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?) "
                     "ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key, "
                     "last_seen = excluded.last_seen, token_hash = excluded.token_hash, "
                     "token_exposed = excluded.token_exposed")),
      // Oldest first (players_by_last_seen, in order), so that making room forgets those
      // gone longest; game_players_by_player answers NOT EXISTS without a scan of the games.
      forget_idle_players_(
          db.prepare("DELETE FROM players WHERE id IN (SELECT p.id FROM players p WHERE p.last_seen < ? AND NOT EXISTS "
                     "(SELECT 1 FROM game_players gp WHERE gp.player_id = p.id) ORDER BY p.last_seen LIMIT ?) "
                     "RETURNING id")),
      upsert_room_(db.prepare("INSERT INTO live_rooms (code, state, updated) VALUES (?, ?, ?) "
                              "ON CONFLICT (code) DO UPDATE SET state = excluded.state, updated = excluded.updated")),
      delete_room_(db.prepare("DELETE FROM live_rooms WHERE code = ?")),
      load_log_(db.prepare("SELECT code, game, idx, version, seat, action FROM live_actions ORDER BY code, game, idx")),
      append_action_(
          db.prepare("INSERT INTO live_actions (code, game, idx, version, seat, action) VALUES (?, ?, ?, ?, ?, ?)")),
      delete_log_(db.prepare("DELETE FROM live_actions WHERE code = ?")),
      delete_other_games_(db.prepare("DELETE FROM live_actions WHERE code = ? AND game <> ?")),
      insert_game_(db.prepare("INSERT INTO games (table_code, ruleset, seats, start, started, ended, status, record) "
                              "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")),
      insert_seat_(db.prepare("INSERT INTO game_players (game_id, seat, player_id, bot, name, place, shithead) "
                              "VALUES (?, ?, ?, ?, ?, ?, ?)")),
      rating_of_(db.prepare("SELECT mu, sigma FROM players WHERE id = ?")),
      set_rating_(db.prepare("UPDATE players SET mu = ?, sigma = ? WHERE id = ?")),
      add_rating_history_(db.prepare(
          "INSERT INTO ratings (player_id, game_id, mu_before, sigma_before, mu, sigma) VALUES (?, ?, ?, ?, ?, ?)")),
      times_shithead_(db.prepare("SELECT COUNT(*) FROM game_players gp JOIN games g ON g.id = gp.game_id "
                                 "WHERE gp.player_id = ? AND gp.shithead = 1 AND g.status = 'finished'")),
      savepoint_(db.prepare("SAVEPOINT job")),
      release_(db.prepare("RELEASE job")),
      rollback_to_(db.prepare("ROLLBACK TO job")),
      finished_seats_(
          db.prepare("SELECT p.id, p.name, p.mu, p.sigma, gp.place, g.seats, gp.shithead "
                     "FROM game_players gp JOIN games g ON g.id = gp.game_id JOIN players p ON p.id = gp.player_id "
                     "WHERE g.status = 'finished' AND g.ended >= ? ORDER BY p.id, g.ended, g.id")),
      finished_seats_of_one_(
          db.prepare("SELECT p.id, p.name, p.mu, p.sigma, gp.place, g.seats, gp.shithead "
                     "FROM game_players gp JOIN games g ON g.id = gp.game_id JOIN players p ON p.id = gp.player_id "
                     "WHERE g.status = 'finished' AND g.ended >= ? AND p.id = ? ORDER BY p.id, g.ended, g.id")),
      player_(db.prepare("SELECT id, name, created, last_seen, mu, sigma FROM players WHERE id = ?")),
      games_of_(db.prepare("SELECT g.id, g.ended, g.ruleset, g.status, g.seats, gp.place, gp.shithead, "
                           "r.mu_before, r.sigma_before, r.mu, r.sigma "
                           "FROM game_players gp JOIN games g ON g.id = gp.game_id "
                           "LEFT JOIN ratings r ON r.game_id = g.id AND r.player_id = gp.player_id "
                           "WHERE gp.player_id = ? ORDER BY g.ended DESC, g.id DESC LIMIT ?")),
      co_players_of_(db.prepare("SELECT o.game_id, o.player_id, p.name, me.place, o.place "
                                "FROM game_players me JOIN games g ON g.id = me.game_id "
                                "JOIN game_players o ON o.game_id = me.game_id AND o.seat <> me.seat "
                                "JOIN players p ON p.id = o.player_id "
                                "WHERE me.player_id = ? AND g.status = 'finished' AND o.player_id <> me.player_id")),
      rating_changes_(db.prepare("SELECT r.player_id, r.mu_before, r.sigma_before, r.mu, r.sigma "
                                 "FROM ratings r JOIN games g ON g.id = r.game_id WHERE g.ended >= ? "
                                 "ORDER BY r.player_id, g.ended, g.id")),
      players_named_(db.prepare("SELECT id, name FROM players WHERE name_key = ? ORDER BY created")),
      last_game_id_(db.prepare("SELECT coalesce(max(id), 0) FROM games")),
      game_(db.prepare("SELECT id, ruleset, status, started, ended, record FROM games WHERE id = ?")),
      seats_of_(db.prepare(
          "SELECT seat, player_id, bot, name, place, shithead FROM game_players WHERE game_id = ? ORDER BY seat")) {}

std::vector<player_record> sqlite_queries::players() {
  in_use q(load_players_);
  std::vector<player_record> out;
  while (q->step())
    out.push_back(player_record{q->text(0), q->text(1), q->text(2), from_unix_ms(q->int64(3)),
                                from_unix_ms(q->int64(4)), q->int64(5) != 0});
  return out;
}

std::vector<saved_table> sqlite_queries::rooms() {
  std::vector<saved_table> out;
  {
    in_use q(load_rooms_);
    while (q->step()) out.push_back(saved_table{q->text(0), q->text(1), {}});
  }
  // Both in code order: one pass hands each table its log. Rows of a code with no saved
  // table are skipped (a step is one transaction, so none should exist).
  in_use q(load_log_);
  auto table = out.begin();
  while (q->step()) {
    const auto code = q->text(0);
    while (table != out.end() && table->code < code) ++table;
    if (table == out.end()) break;
    if (table->code != code) continue;
    table->log.push_back(
        logged_action{q->int64(1), q->int64(2), static_cast<std::uint64_t>(q->int64(3)), q->integer(4), q->text(5)});
  }
  return out;
}

std::optional<player_record> sqlite_queries::player_by_token_hash(const std::string& token_hash) {
  in_use q(player_by_token_hash_);
  q->bind(1, token_hash);
  if (!q->step()) return std::nullopt;
  return player_record{q->text(0),      q->text(1), q->text(2), from_unix_ms(q->int64(3)), from_unix_ms(q->int64(4)),
                       q->int64(5) != 0};
}

std::optional<std::string> sqlite_queries::player_with_name_key(const std::string& key) {
  in_use q(player_with_name_key_);
  q->bind(1, key);
  if (!q->step()) return std::nullopt;
  return q->text(0);
}

void sqlite_queries::upsert_player(const player_record& player, const std::string& key) {
  in_use q(upsert_player_);
  q->bind(1, player.id).bind(2, player.name).bind(3, key).bind(4, player.token_hash);
  q->bind(5, to_unix_ms(player.created)).bind(6, to_unix_ms(player.last_seen));
  q->bind(7, std::int64_t{player.token_exposed ? 1 : 0});
  try {
    q->run();
  } catch (const sqlite::error& e) {
    // One writer holds the file, so store_rows::save_player's check has already seen every
    // row; this is the index speaking for it all the same.
    if (e.code() == SQLITE_CONSTRAINT_UNIQUE && std::string_view(e.what()).find("name_key") != std::string_view::npos)
      throw name_conflict(e.what());
    throw;
  }
}

std::vector<std::string> sqlite_queries::forget_idle_players(std::int64_t seen_before, int most) {
  in_use q(forget_idle_players_);
  q->bind(1, seen_before).bind(2, most);
  std::vector<std::string> forgotten;
  while (q->step()) forgotten.push_back(q->text(0));
  return forgotten;
}

void sqlite_queries::save_room(const std::string& code, const std::string& state, std::int64_t updated) {
  in_use q(upsert_room_);
  q->bind_borrowed(1, code).bind_borrowed(2, state).bind(3, updated).run();
}

void sqlite_queries::forget_room(const std::string& code) {
  {
    in_use q(delete_room_);
    q->bind(1, code).run();
  }
  in_use q(delete_log_);
  q->bind(1, code).run();
}

void sqlite_queries::append_action(const std::string& code, const logged_action& action) {
  in_use q(append_action_);
  q->bind_borrowed(1, code)
      .bind(2, action.game)
      .bind(3, action.index)
      .bind(4, static_cast<std::int64_t>(action.version));
  q->bind(5, action.seat).bind_borrowed(6, action.action).run();
}

void sqlite_queries::forget_other_games(const std::string& code, std::int64_t game) {
  in_use q(delete_other_games_);
  q->bind(1, code).bind(2, game).run();
}

std::int64_t sqlite_queries::insert_game(const game_insert& game) {
  in_use q(insert_game_);
  q->bind(1, game.table_code).bind(2, game.ruleset).bind(3, game.seats).bind(4, game.start);
  q->bind(5, game.started).bind(6, game.ended).bind(7, game.status).bind(8, game.record);
  q->run();
  return db_.last_insert_id();
}

void sqlite_queries::insert_seat(const seat_insert& seat) {
  in_use q(insert_seat_);
  q->bind(1, seat.game_id).bind(2, seat.seat).bind(3, seat.player_id).bind(4, seat.bot).bind(5, seat.name);
  q->bind(6, seat.place).bind(7, seat.shithead ? 1 : 0);
  q->run();
}

std::vector<std::optional<rating>> sqlite_queries::ratings_for_update(const std::vector<std::string>& player_ids) {
  std::vector<std::optional<rating>> out;
  for (const auto& id : player_ids) {
    in_use q(rating_of_);
    q->bind(1, id);
    out.push_back(q->step() ? std::optional<rating>(rating{q->real(0), q->real(1)}) : std::nullopt);
  }
  return out;
}

void sqlite_queries::set_rating(const std::string& player_id, const rating& r) {
  in_use q(set_rating_);
  q->bind(1, r.mu).bind(2, r.sigma).bind(3, player_id).run();
}

void sqlite_queries::add_rating_history(const std::string& player_id, std::int64_t game_id, const rating& before,
                                        const rating& after) {
  in_use q(add_rating_history_);
  q->bind(1, player_id).bind(2, game_id).bind(3, before.mu).bind(4, before.sigma);
  q->bind(5, after.mu).bind(6, after.sigma).run();
}

int sqlite_queries::times_shithead(const std::string& player_id) {
  in_use q(times_shithead_);
  q->bind(1, player_id);
  return q->step() ? q->integer(0) : 0;
}

void sqlite_queries::savepoint() { in_use(savepoint_)->run(); }
void sqlite_queries::release_savepoint() { in_use(release_)->run(); }
void sqlite_queries::rollback_to_savepoint() { in_use(rollback_to_)->run(); }

std::int64_t sqlite_queries::last_game_id() {
  in_use q(last_game_id_);
  return q->step() ? q->int64(0) : 0;
}

std::vector<finished_seat_row> sqlite_queries::finished_seats(std::int64_t since,
                                                              std::optional<std::string_view> only) {
  in_use q(only ? finished_seats_of_one_ : finished_seats_);
  q->bind(1, since);
  if (only) q->bind(2, *only);
  std::vector<finished_seat_row> out;
  while (q->step())
    out.push_back(finished_seat_row{q->text(0), q->text(1), rating{q->real(2), q->real(3)}, optional_int(*q, 4),
                                    q->integer(5), q->integer(6) == 1});
  return out;
}

std::optional<player_row> sqlite_queries::player(std::string_view player_id) {
  in_use q(player_);
  q->bind(1, player_id);
  if (!q->step()) return std::nullopt;
  return player_row{q->text(0), q->text(1), q->int64(2), q->int64(3), rating{q->real(4), q->real(5)}};
}

std::vector<player_game_row> sqlite_queries::games_of(std::string_view player_id, int limit) {
  in_use q(games_of_);
  q->bind(1, player_id).bind(2, limit);
  std::vector<player_game_row> out;
  while (q->step()) {
    player_game_row row{q->int64(0),         q->int64(1),        q->text(2),   q->text(3),  q->integer(4),
                        optional_int(*q, 5), q->integer(6) == 1, std::nullopt, std::nullopt};
    if (!q->is_null(7)) {
      row.before = rating{q->real(7), q->real(8)};
      row.after = rating{q->real(9), q->real(10)};
    }
    out.push_back(std::move(row));
  }
  return out;
}

std::vector<rating_change_row> sqlite_queries::rating_changes(std::int64_t since) {
  in_use q(rating_changes_);
  q->bind(1, since);
  std::vector<rating_change_row> out;
  while (q->step())
    out.push_back(rating_change_row{q->text(0), rating{q->real(1), q->real(2)}, rating{q->real(3), q->real(4)}});
  return out;
}

std::vector<co_player_row> sqlite_queries::co_players_of(std::string_view player_id) {
  in_use q(co_players_of_);
  q->bind(1, player_id);
  std::vector<co_player_row> out;
  while (q->step())
    out.push_back(co_player_row{q->int64(0), q->text(1), q->text(2), optional_int(*q, 3), optional_int(*q, 4)});
  return out;
}

std::vector<named_player_row> sqlite_queries::players_named(const std::string& key) {
  in_use q(players_named_);
  q->bind(1, key);
  std::vector<named_player_row> out;
  while (q->step()) out.push_back(named_player_row{q->text(0), q->text(1)});
  return out;
}

std::optional<game_row> sqlite_queries::game(std::int64_t game_id) {
  in_use q(game_);
  q->bind(1, game_id);
  if (!q->step()) return std::nullopt;
  return game_row{q->int64(0), q->text(1), q->text(2), q->int64(3), q->int64(4), q->text(5)};
}

std::vector<game_seat_row> sqlite_queries::seats_of(std::int64_t game_id) {
  in_use q(seats_of_);
  q->bind(1, game_id);
  std::vector<game_seat_row> out;
  while (q->step())
    out.push_back(game_seat_row{q->integer(0), q->optional_text(1), q->optional_text(2), q->text(3),
                                optional_int(*q, 4), q->integer(5) == 1});
  return out;
}

}  // namespace shithead::server
