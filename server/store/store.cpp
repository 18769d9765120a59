#include "server/store/store.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "protocol/record_json.hpp"
#include "protocol/ruleset_json.hpp"
#include "server/store/store_schema.hpp"

namespace shithead::server {

using protocol::json;

std::int64_t to_unix_ms(std::chrono::system_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

std::chrono::system_clock::time_point from_unix_ms(std::int64_t ms) {
  return std::chrono::system_clock::time_point(std::chrono::milliseconds(ms));
}

namespace {

std::unique_ptr<sqlite::database> open_database(const std::string& path) {
  if (path != ":memory:") {
    const auto folder = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!folder.empty()) std::filesystem::create_directories(folder, ec);
    if (ec) throw sqlite::error("cannot create the folder " + folder.string() + ": " + ec.message());
  }
  try {
    auto db = std::make_unique<sqlite::database>(path);
    // Otherwise it would open, and every write would fail later.
    if (db->read_only()) throw sqlite::error("the file is read-only");
    migrate(*db);
    return db;
  } catch (const sqlite::error& e) {
    throw sqlite::error("the store " + path + ": " + e.what());
  }
}

// A room's bug must not write a wrong result, nor index out of bounds: the job fails.
void check_game(const game_to_record& game) {
  const int seats = static_cast<int>(game.players.size());
  const auto bad = [](const std::string& what) { throw std::invalid_argument("a game to record " + what); };
  if (seats < 2 || seats != game.record.players) bad("has a different number of players than its record");
  std::vector<char> out(game.players.size(), 0);
  for (int seat : game.finish_order) {
    if (seat < 0 || seat >= seats || out[static_cast<std::size_t>(seat)]) bad("has a bad finishing order");
    out[static_cast<std::size_t>(seat)] = 1;
  }
  if (game.abandoned) return;
  if (game.shithead < 0 || game.shithead >= seats || out[static_cast<std::size_t>(game.shithead)] ||
      static_cast<int>(game.finish_order.size()) != seats - 1)
    bad("is finished but its shithead and finishing order do not fit");
  for (const auto& p : game.players)
    if (!p.bot && p.id.empty()) bad("has a human seat without a player id");
}

rating rating_of(sqlite::database& db, const std::string& player_id) {
  auto query = db.prepare("SELECT mu, sigma FROM players WHERE id = ?");
  query.bind(1, player_id);
  if (!query.step()) return new_rating();
  return rating{query.real(0), query.real(1)};
}

int times_shithead(sqlite::database& db, const std::string& player_id) {
  auto query = db.prepare(
      "SELECT COUNT(*) FROM game_players gp JOIN games g ON g.id = gp.game_id "
      "WHERE gp.player_id = ? AND gp.shithead = 1 AND g.status = 'finished'");
  query.bind(1, player_id);
  query.step();
  return query.integer(0);
}

}  // namespace

store::store(const std::string& path) : db_(open_database(path)) {}

store::~store() { close(); }

std::vector<player_record> store::load_players() {
  std::vector<player_record> out;
  auto query = db_->prepare("SELECT id, name, token_hash, created, last_seen FROM players ORDER BY created");
  while (query.step())
    out.push_back(player_record{query.text(0), query.text(1), query.text(2), from_unix_ms(query.int64(3)),
                                from_unix_ms(query.int64(4))});
  return out;
}

std::vector<std::pair<std::string, std::string>> store::load_rooms() {
  std::vector<std::pair<std::string, std::string>> out;
  auto query = db_->prepare("SELECT code, state FROM live_rooms ORDER BY code");
  while (query.step()) out.emplace_back(query.text(0), query.text(1));
  return out;
}

void store::start() {
  const std::lock_guard lock(mutex_);
  if (started_ || stopping_) return;
  started_ = true;
  worker_ = std::thread([this] { loop(); });
}

void store::close() {
  {
    const std::lock_guard lock(mutex_);
    if (stopping_ && !worker_.joinable()) return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
  // Never started (or a job came in late): write what is left here.
  std::deque<job> rest;
  {
    const std::lock_guard lock(mutex_);
    rest.swap(queue_);
  }
  if (!rest.empty()) run_batch(rest);
}

void store::push(job j) {
  {
    const std::lock_guard lock(mutex_);
    if (stopping_) return;
    queue_.push_back(std::move(j));
  }
  wake_.notify_one();
}

void store::loop() {
  for (;;) {
    std::deque<job> batch;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and nothing left
      batch.swap(queue_);
    }
    run_batch(batch);
  }
}

void store::run_batch(std::deque<job>& batch) {
  std::vector<char> written(batch.size(), 0);
  bool any_write = false;
  for (const auto& j : batch) any_write |= j.write;
  if (any_write) {
    try {
      sqlite::transaction tx(*db_);
      for (std::size_t i = 0; i < batch.size(); ++i) {
        if (!batch[i].write) continue;
        db_->exec("SAVEPOINT job");
        try {
          batch[i].run(*db_);
          db_->exec("RELEASE job");
          written[i] = 1;
        } catch (const std::exception& e) {
          spdlog::error("store: a job failed and was rolled back: {}", e.what());
          db_->exec("ROLLBACK TO job");
          db_->exec("RELEASE job");
        }
      }
      tx.commit();
      const std::lock_guard lock(mutex_);
      healthy_ = true;
    } catch (const std::exception& e) {
      spdlog::critical("store: a batch of {} job(s) could not be written: {}", batch.size(), e.what());
      std::fill(written.begin(), written.end(), 0);
      const std::lock_guard lock(mutex_);
      healthy_ = false;
    }
  }
  // Callers get their answers even after a failure (empty ones), so a table never
  // hangs on the disk; the failure is logged and /healthz reports it.
  for (std::size_t i = 0; i < batch.size(); ++i) {
    if (!batch[i].after_commit) continue;
    try {
      batch[i].after_commit(written[i] != 0);
    } catch (const std::exception& e) {
      spdlog::error("store: a callback threw: {}", e.what());
    }
  }
  // Reads come last, outside the batch's transaction, so they see every write before
  // them and one that fails (or finds the disk gone) costs nothing but itself.
  for (auto& j : batch) {
    if (j.write) continue;
    try {
      j.run(*db_);
    } catch (const std::exception& e) {
      spdlog::error("store: a read failed: {}", e.what());
    }
    // A read that left a transaction open would make every later batch fail.
    if (db_->in_transaction()) {
      spdlog::error("store: a read left a transaction open; rolled back");
      try {
        db_->exec("ROLLBACK");
      } catch (const std::exception& e) {
        spdlog::error("store: {}", e.what());
      }
    }
  }
}

void store::save_player(player_record player) {
  push(job{[player = std::move(player)](sqlite::database& db) {
             auto upsert = db.prepare(
                 "INSERT INTO players (id, name, token_hash, created, last_seen) VALUES (?, ?, ?, ?, ?) "
                 "ON CONFLICT (id) DO UPDATE SET name = excluded.name, last_seen = excluded.last_seen");
             upsert.bind(1, player.id).bind(2, player.name).bind(3, player.token_hash);
             upsert.bind(4, to_unix_ms(player.created)).bind(5, to_unix_ms(player.last_seen));
             upsert.run();
           },
           {}});
}

void store::save_table(std::string code, std::optional<std::string> state, std::vector<game_to_record> games,
                       std::function<void(std::vector<recorded_game>)> done) {
  auto results = std::make_shared<std::vector<recorded_game>>();
  job j;
  j.run = [code = std::move(code), state = std::move(state), games = std::move(games),
           results](sqlite::database& db) {
    // Filled only once the whole job has run: a job rolled back reports no game ids.
    std::vector<recorded_game> recorded;
    for (const auto& game : games) recorded.push_back(record_game(db, game));
    if (state && state->empty()) {
      auto forget = db.prepare("DELETE FROM live_rooms WHERE code = ?");
      forget.bind(1, code).run();
    } else if (state) {
      auto upsert = db.prepare(
          "INSERT INTO live_rooms (code, state, updated) VALUES (?, ?, ?) "
          "ON CONFLICT (code) DO UPDATE SET state = excluded.state, updated = excluded.updated");
      upsert.bind(1, code).bind(2, *state).bind(3, to_unix_ms(std::chrono::system_clock::now())).run();
    }
    *results = std::move(recorded);
  };
  if (done)
    j.after_commit = [done = std::move(done), results](bool written) {
      done(written ? std::move(*results) : std::vector<recorded_game>{});
    };
  push(std::move(j));
}

void store::read(std::function<void(sqlite::database&)> job_fn) {
  push(job{std::move(job_fn), {}, false});
}

bool store::healthy() const {
  const std::lock_guard lock(mutex_);
  return healthy_;
}

std::size_t store::queue_depth() const {
  const std::lock_guard lock(mutex_);
  return queue_.size();
}

recorded_game store::record_game(sqlite::database& db, const game_to_record& game) {
  check_game(game);
  recorded_game out;
  out.abandoned = game.abandoned;
  const json record = protocol::record_to_json(game.record);
  json start = json::object();
  if (record.contains("seed")) start["seed"] = record["seed"];
  if (record.contains("deal")) start["deal"] = record["deal"];

  auto insert_game = db.prepare(
      "INSERT INTO games (table_code, ruleset, seats, start, started, ended, status, record) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  insert_game.bind(1, game.table_code)
      .bind(2, protocol::dump_json(protocol::ruleset_to_json(game.record.ruleset)))
      .bind(3, static_cast<int>(game.players.size()))
      .bind(4, protocol::dump_json(start))
      .bind(5, to_unix_ms(game.started))
      .bind(6, to_unix_ms(game.ended))
      .bind(7, game.abandoned ? "abandoned" : "finished")
      .bind(8, protocol::write_record(game.record));
  insert_game.run();
  out.game_id = db.last_insert_id();

  const int seats = static_cast<int>(game.players.size());
  std::vector<std::optional<int>> places(game.players.size());
  for (std::size_t i = 0; i < game.finish_order.size(); ++i)
    places[static_cast<std::size_t>(game.finish_order[i])] = static_cast<int>(i) + 1;
  if (!game.abandoned && game.shithead >= 0) places[static_cast<std::size_t>(game.shithead)] = seats;

  auto insert_seat = db.prepare(
      "INSERT INTO game_players (game_id, seat, player_id, bot, name, place, shithead) VALUES (?, ?, ?, ?, ?, ?, ?)");
  for (int seat = 0; seat < seats; ++seat) {
    const auto& p = game.players[static_cast<std::size_t>(seat)];
    insert_seat.bind(1, out.game_id).bind(2, seat);
    if (p.bot) {
      insert_seat.bind_null(3).bind(4, rules::to_string(*p.bot));
    } else {
      insert_seat.bind(3, p.id).bind_null(4);
    }
    insert_seat.bind(5, p.name).bind(6, places[static_cast<std::size_t>(seat)]);
    insert_seat.bind(7, !game.abandoned && seat == game.shithead ? 1 : 0);
    insert_seat.run();
  }
  if (game.abandoned) return out;

  // Ratings: the humans, by their order among everyone (bots are not ranked, but a
  // human who finished behind a bot still finished behind the humans after it).
  std::vector<int> humans;
  for (int seat = 0; seat < seats; ++seat)
    if (!game.players[static_cast<std::size_t>(seat)].bot) humans.push_back(seat);
  std::vector<rating> before;
  std::vector<int> human_places;
  for (int seat : humans) {
    before.push_back(rating_of(db, game.players[static_cast<std::size_t>(seat)].id));
    human_places.push_back(places[static_cast<std::size_t>(seat)].value_or(seats));
  }
  // One human against bots has nobody to be rated against: the rating stays.
  const auto after = humans.size() >= 2 ? rate_game(before, human_places) : before;
  auto update = db.prepare("UPDATE players SET mu = ?, sigma = ? WHERE id = ?");
  auto history = db.prepare(
      "INSERT INTO ratings (player_id, game_id, mu_before, sigma_before, mu, sigma) VALUES (?, ?, ?, ?, ?, ?)");
  for (std::size_t i = 0; i < humans.size(); ++i) {
    const auto& p = game.players[static_cast<std::size_t>(humans[i])];
    update.bind(1, after[i].mu).bind(2, after[i].sigma).bind(3, p.id).run();
    history.bind(1, p.id).bind(2, out.game_id).bind(3, before[i].mu).bind(4, before[i].sigma);
    history.bind(5, after[i].mu).bind(6, after[i].sigma).run();
    out.ratings.push_back(rating_change{p.id, p.name, before[i], after[i], title_for(times_shithead(db, p.id))});
  }
  return out;
}

}  // namespace shithead::server
