#include "server/store/pg_queries.hpp"

namespace shithead::server {

// Codes and ids are ordered by their bytes (COLLATE "C"), as SQLite orders them: rooms()
// walks the tables and their logs side by side in that order.
pg_queries::pg_queries(pg::connection& db)
    : load_players_(db.prepare(
          "SELECT id, name, token_hash, created, last_seen, token_exposed FROM players ORDER BY created, id")),
      load_rooms_(db.prepare("SELECT code, state FROM live_rooms ORDER BY code COLLATE \"C\"")),
      load_log_(db.prepare(
          "SELECT code, game, idx, version, seat, action FROM live_actions ORDER BY code COLLATE \"C\", game, idx")),
      player_by_token_hash_(db.prepare(
          "SELECT id, name, token_hash, created, last_seen, token_exposed FROM players WHERE token_hash = $1")),
      player_with_name_key_(db.prepare("SELECT id FROM players WHERE name_key = $1")),
      upsert_player_(
          db.prepare("INSERT INTO players (id, name, name_key, token_hash, created, last_seen, token_exposed) "
                     "VALUES ($1, $2, $3, $4, $5, $6, $7) "
                     "ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key, "
                     "last_seen = excluded.last_seen, token_hash = excluded.token_hash, "
                     "token_exposed = excluded.token_exposed")),
      // Oldest first (players_by_last_seen, in order), so that making room forgets those
      // gone longest; game_players_by_player answers NOT EXISTS without a scan of the games.
      forget_idle_players_(db.prepare(
          "DELETE FROM players WHERE id IN (SELECT p.id FROM players p WHERE p.last_seen < $1 AND NOT EXISTS "
          "(SELECT 1 FROM game_players gp WHERE gp.player_id = p.id) ORDER BY p.last_seen LIMIT $2) RETURNING id")),
      upsert_room_(db.prepare("INSERT INTO live_rooms (code, state, updated) VALUES ($1, $2, $3) "
                              "ON CONFLICT (code) DO UPDATE SET state = excluded.state, updated = excluded.updated")),
      delete_room_(db.prepare("DELETE FROM live_rooms WHERE code = $1")),
      append_action_(db.prepare(
          "INSERT INTO live_actions (code, game, idx, version, seat, action) VALUES ($1, $2, $3, $4, $5, $6)")),
      delete_log_(db.prepare("DELETE FROM live_actions WHERE code = $1")),
      delete_other_games_(db.prepare("DELETE FROM live_actions WHERE code = $1 AND game <> $2")),
      insert_game_(db.prepare("INSERT INTO games (table_code, ruleset, seats, start, started, ended, status, record) "
                              "VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id")),
      insert_seat_(db.prepare("INSERT INTO game_players (game_id, seat, player_id, bot, name, place, shithead) "
                              "VALUES ($1, $2, $3, $4, $5, $6, $7)")),
      fence_(db.prepare("SELECT shithead_fence($1, $2)")),
      // Sorted before locked: the row lock is taken above the sort, row by row in order.
      lock_players_(db.prepare("SELECT id FROM players WHERE id = ANY ($1::text[]) ORDER BY id COLLATE \"C\" "
                               "FOR NO KEY UPDATE")),
      fence_node_(db.prepare("SELECT 1 FROM nodes WHERE id = $1 AND lease_until > clock_timestamp()")),
      fence_room_(db.prepare("SELECT 1 FROM live_rooms WHERE code = $1 AND owner = $2 AND epoch = $3 FOR SHARE")),
      reserve_room_(db.prepare("INSERT INTO live_rooms (code, state, updated, owner, epoch) VALUES ($1, '', $3, $2, 1) "
                               "ON CONFLICT (code) DO NOTHING RETURNING epoch")),
      // One statement: a second node claiming the same table at once waits for the row,
      // then finds its owner live (the first) and claims nothing.
      claim_room_(
          db.prepare("UPDATE live_rooms r SET owner = $2, epoch = r.epoch + 1 WHERE r.code = $1 AND "
                     "(r.owner IS NULL OR r.owner = $2 OR NOT EXISTS (SELECT 1 FROM nodes n "
                     "WHERE n.id = r.owner AND n.lease_until > clock_timestamp())) RETURNING r.epoch, r.state")),
      room_owner_(db.prepare("SELECT coalesce(owner, '') FROM live_rooms WHERE code = $1")),
      room_log_(
          db.prepare("SELECT game, idx, version, seat, action FROM live_actions WHERE code = $1 ORDER BY game, idx")),
      // No owner (let go, or never claimed: a single server's table) since before $3, or
      // an owner whose lease ended over $2 ms ago.
      orphan_rooms_(db.prepare("SELECT code FROM live_rooms r WHERE (r.owner IS NULL AND r.updated < $3) OR "
                               "(r.owner IS NOT NULL AND NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = r.owner AND "
                               "n.lease_until > clock_timestamp() - $2::BIGINT * INTERVAL '1 millisecond')) "
                               "ORDER BY random() LIMIT $1")),
      release_room_(
          db.prepare("UPDATE live_rooms SET owner = NULL, updated = $4 WHERE code = $1 AND owner = $2 AND epoch = $3")),
      notify_nodes_(db.prepare("SELECT pg_notify('shithead_tables', $1)")),
      // A node lists only a table it owns: a deposed node never takes the row back.
      list_room_(db.prepare("INSERT INTO lobby_tables (code, node, seq, summary, changed) "
                            "SELECT $1, $2, nextval('lobby_seq'), $3, clock_timestamp() WHERE EXISTS "
                            "(SELECT 1 FROM live_rooms r WHERE r.code = $1 AND r.owner = $2) "
                            "ON CONFLICT (code) DO UPDATE SET node = excluded.node, seq = excluded.seq, "
                            "summary = excluded.summary, changed = excluded.changed")),
      unlist_room_(db.prepare("UPDATE lobby_tables SET seq = nextval('lobby_seq'), summary = NULL, "
                              "changed = clock_timestamp() WHERE code = $1 AND node = $2")),
      forget_unlisted_(db.prepare(
          "DELETE FROM lobby_tables WHERE summary IS NULL AND changed < clock_timestamp() - INTERVAL '1 minute'")),
      listed_of_node_(
          db.prepare("SELECT code, node, seq, summary FROM lobby_tables WHERE node = $1 AND seq > $2 ORDER BY seq")),
      listed_of_others_(db.prepare("SELECT code, node, seq, summary FROM lobby_tables WHERE node <> $1 AND "
                                   "summary IS NOT NULL ORDER BY seq")),
      rating_for_update_(db.prepare("SELECT mu, sigma FROM players WHERE id = $1 FOR NO KEY UPDATE")),
      set_rating_(db.prepare("UPDATE players SET mu = $1, sigma = $2 WHERE id = $3")),
      add_rating_history_(db.prepare("INSERT INTO ratings (player_id, game_id, mu_before, sigma_before, mu, sigma) "
                                     "VALUES ($1, $2, $3, $4, $5, $6)")),
      times_shithead_(db.prepare("SELECT COUNT(*) FROM game_players gp JOIN games g ON g.id = gp.game_id "
                                 "WHERE gp.player_id = $1 AND gp.shithead = 1 AND g.status = 'finished'")),
      finished_seats_(
          db.prepare("SELECT p.id, p.name, p.mu, p.sigma, gp.place, g.seats, gp.shithead "
                     "FROM game_players gp JOIN games g ON g.id = gp.game_id JOIN players p ON p.id = gp.player_id "
                     "WHERE g.status = 'finished' AND g.ended >= $1 ORDER BY p.id COLLATE \"C\", g.ended, g.id")),
      finished_seats_of_one_(
          db.prepare("SELECT p.id, p.name, p.mu, p.sigma, gp.place, g.seats, gp.shithead "
                     "FROM game_players gp JOIN games g ON g.id = gp.game_id JOIN players p ON p.id = gp.player_id "
                     "WHERE g.status = 'finished' AND g.ended >= $1 AND p.id = $2 ORDER BY g.ended, g.id")),
      player_(db.prepare("SELECT id, name, created, last_seen, mu, sigma FROM players WHERE id = $1")),
      games_of_(db.prepare("SELECT g.id, g.ended, g.ruleset, g.status, g.seats, gp.place, gp.shithead, "
                           "r.mu_before, r.sigma_before, r.mu, r.sigma "
                           "FROM game_players gp JOIN games g ON g.id = gp.game_id "
                           "LEFT JOIN ratings r ON r.game_id = g.id AND r.player_id = gp.player_id "
                           "WHERE gp.player_id = $1 ORDER BY g.ended DESC, g.id DESC LIMIT $2")),
      co_players_of_(db.prepare("SELECT o.game_id, o.player_id, p.name, me.place, o.place "
                                "FROM game_players me JOIN games g ON g.id = me.game_id "
                                "JOIN game_players o ON o.game_id = me.game_id AND o.seat <> me.seat "
                                "JOIN players p ON p.id = o.player_id "
                                "WHERE me.player_id = $1 AND g.status = 'finished' AND o.player_id <> me.player_id")),
      rating_changes_(db.prepare("SELECT r.player_id, r.mu_before, r.sigma_before, r.mu, r.sigma "
                                 "FROM ratings r JOIN games g ON g.id = r.game_id WHERE g.ended >= $1 "
                                 "ORDER BY r.player_id COLLATE \"C\", g.ended, g.id")),
      players_named_(db.prepare("SELECT id, name FROM players WHERE name_key = $1 ORDER BY created, id")),
      last_game_id_(db.prepare("SELECT coalesce(max(id), 0) FROM games")),
      game_(db.prepare("SELECT id, ruleset, status, started, ended, record FROM games WHERE id = $1")),
      seats_of_(db.prepare(
          "SELECT seat, player_id, bot, name, place, shithead FROM game_players WHERE game_id = $1 ORDER BY seat")) {}

std::vector<player_record> pg_queries::players() {
  const auto r = load_players_.run();
  std::vector<player_record> out;
  out.reserve(static_cast<std::size_t>(r.rows()));
  for (int i = 0; i < r.rows(); ++i)
    out.push_back(player_record{r.text(i, 0), r.text(i, 1), r.text(i, 2), from_unix_ms(r.int64(i, 3)),
                                from_unix_ms(r.int64(i, 4)), r.int64(i, 5) != 0});
  return out;
}

std::vector<saved_table> pg_queries::rooms() {
  std::vector<saved_table> out;
  {
    const auto r = load_rooms_.run();
    for (int i = 0; i < r.rows(); ++i) out.push_back(saved_table{r.text(i, 0), r.text(i, 1), {}});
  }
  // Both in code order: one pass hands each table its log. Rows of a code with no saved
  // table are skipped (a step is one transaction, so none should exist).
  const auto r = load_log_.run();
  auto table = out.begin();
  for (int i = 0; i < r.rows(); ++i) {
    const auto code = r.text(i, 0);
    while (table != out.end() && table->code < code) ++table;
    if (table == out.end()) break;
    if (table->code != code) continue;
    table->log.push_back(logged_action{r.int64(i, 1), r.int64(i, 2), static_cast<std::uint64_t>(r.int64(i, 3)),
                                       r.integer(i, 4), r.text(i, 5)});
  }
  return out;
}

std::optional<player_record> pg_queries::player_by_token_hash(const std::string& token_hash) {
  const auto r = player_by_token_hash_.run(pg::params().add(token_hash));
  if (r.rows() == 0) return std::nullopt;
  return player_record{
      r.text(0, 0),      r.text(0, 1), r.text(0, 2), from_unix_ms(r.int64(0, 3)), from_unix_ms(r.int64(0, 4)),
      r.int64(0, 5) != 0};
}

std::optional<std::string> pg_queries::player_with_name_key(const std::string& key) {
  const auto r = player_with_name_key_.run(pg::params().add(key));
  if (r.rows() == 0) return std::nullopt;
  return r.text(0, 0);
}

void pg_queries::upsert_player(const player_record& player, const std::string& key) {
  try {
    upsert_player_.run(pg::params()
                           .add(player.id)
                           .add(player.name)
                           .add(key)
                           .add(player.token_hash)
                           .add(to_unix_ms(player.created))
                           .add(to_unix_ms(player.last_seen))
                           .add(player.token_exposed ? 1 : 0));
  } catch (const pg::error& e) {
    if (e.sqlstate() == "23505" && e.constraint() == "players_by_name_key") throw name_conflict(e.what());
    throw;
  }
}

std::vector<std::string> pg_queries::forget_idle_players(std::int64_t seen_before, int most) {
  const auto r = forget_idle_players_.run(pg::params().add(seen_before).add(most));
  std::vector<std::string> forgotten;
  forgotten.reserve(static_cast<std::size_t>(r.rows()));
  for (int i = 0; i < r.rows(); ++i) forgotten.push_back(r.text(i, 0));
  return forgotten;
}

void pg_queries::save_room(const std::string& code, const std::string& state, std::int64_t updated) {
  upsert_room_.run(pg::params().add(code).add(state).add(updated));
}

void pg_queries::forget_room(const std::string& code) {
  delete_room_.run(pg::params().add(code));
  delete_log_.run(pg::params().add(code));
}

void pg_queries::append_action(const std::string& code, const logged_action& action) {
  append_action_.run(pg::params()
                         .add(code)
                         .add(action.game)
                         .add(action.index)
                         .add(static_cast<std::int64_t>(action.version))
                         .add(action.seat)
                         .add(action.action));
}

void pg_queries::forget_other_games(const std::string& code, std::int64_t game) {
  delete_other_games_.run(pg::params().add(code).add(game));
}

std::int64_t pg_queries::insert_game(const game_insert& game) {
  const auto r = insert_game_.run(pg::params()
                                      .add(game.table_code)
                                      .add(game.ruleset)
                                      .add(game.seats)
                                      .add(game.start)
                                      .add(game.started)
                                      .add(game.ended)
                                      .add(game.status)
                                      .add(game.record));
  return r.int64(0, 0);
}

void pg_queries::insert_seat(const seat_insert& seat) {
  insert_seat_.run(pg::params()
                       .add(seat.game_id)
                       .add(seat.seat)
                       .add(seat.player_id)
                       .add(seat.bot)
                       .add(seat.name)
                       .add(seat.place)
                       .add(seat.shithead ? 1 : 0));
}

void pg_queries::fence(const std::string& holder, std::int64_t epoch) {
  fence_.run(pg::params().add(holder).add(epoch));
}

void pg_queries::fence_node(const std::string& node) {
  if (fence_node_.run(pg::params().add(node)).rows() != 1)
    throw pg::error("the node " + node + " let its lease in `nodes` lapse", "SH001");
}

bool pg_queries::fence_room(const std::string& code, const std::string& node, std::int64_t epoch) {
  return fence_room_.run(pg::params().add(code).add(node).add(epoch)).rows() == 1;
}

std::optional<std::int64_t> pg_queries::reserve_room(const std::string& code, const std::string& node,
                                                     std::int64_t now_ms) {
  const auto r = reserve_room_.run(pg::params().add(code).add(node).add(now_ms));
  if (r.rows() == 0) return std::nullopt;
  return r.int64(0, 0);
}

table_claim pg_queries::claim_room(const std::string& code, const std::string& node) {
  table_claim out;
  const auto claimed = claim_room_.run(pg::params().add(code).add(node));
  if (claimed.rows() == 0) {
    const auto owner = room_owner_.run(pg::params().add(code));
    if (owner.rows() == 0) {
      out.result = table_claim::outcome::no_such_table;
    } else {
      out.result = table_claim::outcome::held_elsewhere;
      out.owner = owner.text(0, 0);
    }
    return out;
  }
  out.epoch = claimed.int64(0, 0);
  out.table.code = code;
  out.table.state = claimed.text(0, 1);
  if (out.table.state.empty()) {
    // Reserved by a node that died before the table's first step: nobody was ever told
    // of it, so it is forgotten.
    delete_room_.run(pg::params().add(code));
    delete_log_.run(pg::params().add(code));
    out.result = table_claim::outcome::no_such_table;
    return out;
  }
  const auto log = room_log_.run(pg::params().add(code));
  for (int i = 0; i < log.rows(); ++i)
    out.table.log.push_back(logged_action{log.int64(i, 0), log.int64(i, 1), static_cast<std::uint64_t>(log.int64(i, 2)),
                                          log.integer(i, 3), log.text(i, 4)});
  out.result = table_claim::outcome::claimed;
  return out;
}

void pg_queries::list_room(const std::string& code, const std::string& node,
                           const std::optional<std::string>& summary) {
  if (summary)
    list_room_.run(pg::params().add(code).add(node).add(*summary));
  else
    unlist_room_.run(pg::params().add(code).add(node));
}

void pg_queries::forget_unlisted_rooms() { forget_unlisted_.run(); }

std::vector<listed_row> pg_queries::listed_rooms(const std::string& node, std::int64_t after, const std::string& me) {
  const auto r = node.empty() ? listed_of_others_.run(pg::params().add(me))
                              : listed_of_node_.run(pg::params().add(node).add(after));
  std::vector<listed_row> out;
  out.reserve(static_cast<std::size_t>(r.rows()));
  for (int i = 0; i < r.rows(); ++i)
    out.push_back(listed_row{r.text(i, 0), r.text(i, 1), r.int64(i, 2), r.optional_text(i, 3)});
  return out;
}

bool pg_queries::release_room(const std::string& code, const std::string& node, std::int64_t epoch,
                              std::int64_t now_ms) {
  return release_room_.run(pg::params().add(code).add(node).add(epoch).add(now_ms)).affected() == 1;
}

void pg_queries::notify_nodes(const std::string& payload) { notify_nodes_.run(pg::params().add(payload)); }

std::vector<std::string> pg_queries::orphan_rooms(int most, std::int64_t unowned_ms, std::int64_t now_ms) {
  const auto r = orphan_rooms_.run(pg::params().add(most).add(unowned_ms).add(now_ms - unowned_ms));
  std::vector<std::string> out;
  out.reserve(static_cast<std::size_t>(r.rows()));
  for (int i = 0; i < r.rows(); ++i) out.push_back(r.text(i, 0));
  return out;
}

void pg_queries::lock_players(const std::vector<std::string>& sorted_ids) {
  // An array literal: each id in double quotes, with " and \ escaped.
  std::string array = "{";
  for (const auto& id : sorted_ids) {
    if (array.size() > 1) array += ',';
    array += '"';
    for (char ch : id) {
      if (ch == '"' || ch == '\\') array += '\\';
      array += ch;
    }
    array += '"';
  }
  array += '}';
  lock_players_.run(pg::params().add(array));
}

std::vector<std::optional<rating>> pg_queries::ratings_for_update(const std::vector<std::string>& player_ids) {
  std::vector<std::optional<rating>> out;
  for (const auto& id : player_ids) {
    const auto r = rating_for_update_.run(pg::params().add(id));
    out.push_back(r.rows() == 0 ? std::nullopt : std::optional<rating>(rating{r.real(0, 0), r.real(0, 1)}));
  }
  return out;
}

void pg_queries::set_rating(const std::string& player_id, const rating& r) {
  set_rating_.run(pg::params().add(r.mu).add(r.sigma).add(player_id));
}

void pg_queries::add_rating_history(const std::string& player_id, std::int64_t game_id, const rating& before,
                                    const rating& after) {
  add_rating_history_.run(
      pg::params().add(player_id).add(game_id).add(before.mu).add(before.sigma).add(after.mu).add(after.sigma));
}

int pg_queries::times_shithead(const std::string& player_id) {
  const auto r = times_shithead_.run(pg::params().add(player_id));
  return r.rows() == 0 ? 0 : r.integer(0, 0);
}

std::int64_t pg_queries::last_game_id() {
  const auto r = last_game_id_.run();
  return r.rows() == 0 ? 0 : r.int64(0, 0);
}

std::vector<finished_seat_row> pg_queries::finished_seats(std::int64_t since, std::optional<std::string_view> only) {
  const auto r = only ? finished_seats_of_one_.run(pg::params().add(since).add(*only))
                      : finished_seats_.run(pg::params().add(since));
  std::vector<finished_seat_row> out;
  out.reserve(static_cast<std::size_t>(r.rows()));
  for (int i = 0; i < r.rows(); ++i)
    out.push_back(finished_seat_row{r.text(i, 0), r.text(i, 1), rating{r.real(i, 2), r.real(i, 3)},
                                    r.optional_integer(i, 4), r.integer(i, 5), r.integer(i, 6) == 1});
  return out;
}

std::optional<player_row> pg_queries::player(std::string_view player_id) {
  const auto r = player_.run(pg::params().add(player_id));
  if (r.rows() == 0) return std::nullopt;
  return player_row{r.text(0, 0), r.text(0, 1), r.int64(0, 2), r.int64(0, 3), rating{r.real(0, 4), r.real(0, 5)}};
}

std::vector<player_game_row> pg_queries::games_of(std::string_view player_id, int limit) {
  const auto r = games_of_.run(pg::params().add(player_id).add(limit));
  std::vector<player_game_row> out;
  out.reserve(static_cast<std::size_t>(r.rows()));
  for (int i = 0; i < r.rows(); ++i) {
    player_game_row row{r.int64(i, 0),        r.int64(i, 1),   r.text(i, 2),
                        r.text(i, 3),         r.integer(i, 4), r.optional_integer(i, 5),
                        r.integer(i, 6) == 1, std::nullopt,    std::nullopt};
    if (!r.is_null(i, 7)) {
      row.before = rating{r.real(i, 7), r.real(i, 8)};
      row.after = rating{r.real(i, 9), r.real(i, 10)};
    }
    out.push_back(std::move(row));
  }
  return out;
}

std::vector<named_player_row> pg_queries::players_named(const std::string& key) {
  const auto r = players_named_.run(pg::params().add(key));
  std::vector<named_player_row> out;
  out.reserve(static_cast<std::size_t>(r.rows()));
  for (int i = 0; i < r.rows(); ++i) out.push_back(named_player_row{r.text(i, 0), r.text(i, 1)});
  return out;
}

std::optional<game_row> pg_queries::game(std::int64_t game_id) {
  const auto r = game_.run(pg::params().add(game_id));
  if (r.rows() == 0) return std::nullopt;
  return game_row{r.int64(0, 0), r.text(0, 1), r.text(0, 2), r.int64(0, 3), r.int64(0, 4), r.text(0, 5)};
}

std::vector<rating_change_row> pg_queries::rating_changes(std::int64_t since) {
  const auto r = rating_changes_.run(pg::params().add(since));
  std::vector<rating_change_row> out;
  out.reserve(static_cast<std::size_t>(r.rows()));
  for (int i = 0; i < r.rows(); ++i)
    out.push_back(
        rating_change_row{r.text(i, 0), rating{r.real(i, 1), r.real(i, 2)}, rating{r.real(i, 3), r.real(i, 4)}});
  return out;
}

std::vector<co_player_row> pg_queries::co_players_of(std::string_view player_id) {
  const auto r = co_players_of_.run(pg::params().add(player_id));
  std::vector<co_player_row> out;
  out.reserve(static_cast<std::size_t>(r.rows()));
  for (int i = 0; i < r.rows(); ++i)
    out.push_back(
        co_player_row{r.int64(i, 0), r.text(i, 1), r.text(i, 2), r.optional_integer(i, 3), r.optional_integer(i, 4)});
  return out;
}

std::vector<game_seat_row> pg_queries::seats_of(std::int64_t game_id) {
  const auto r = seats_of_.run(pg::params().add(game_id));
  std::vector<game_seat_row> out;
  out.reserve(static_cast<std::size_t>(r.rows()));
  for (int i = 0; i < r.rows(); ++i)
    out.push_back(game_seat_row{r.integer(i, 0), r.optional_text(i, 1), r.optional_text(i, 2), r.text(i, 3),
                                r.optional_integer(i, 4), r.integer(i, 5) == 1});
  return out;
}

}  // namespace shithead::server
