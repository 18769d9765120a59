#include "server/store/sqlite_store.hpp"

#include <pthread.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <future>
#include <stdexcept>

#include "protocol/record_text.hpp"
#include "protocol/ruleset_text.hpp"
#include "server/store/rankings_answers.hpp"
#include "server/store/store_schema.hpp"

namespace shithead::server {

namespace {

// The messages are for the person running the server; they name the file.
[[noreturn]] void refuse(const std::string& path, const std::exception& e) {
  throw sqlite::error("the store " + path + ": " + e.what());
}

sqlite::database open_file(const std::string& path) {
  if (path != ":memory:") {
    const auto folder = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!folder.empty()) std::filesystem::create_directories(folder, ec);
    if (ec) throw sqlite::error("cannot create the folder " + folder.string() + ": " + ec.message());
  }
  try {
    return sqlite::database(path);
  } catch (const sqlite::error& e) {
    refuse(path, e);
  }
}

// Migrates, then prepares every statement once, after the tables they name exist.
sqlite_queries migrated(sqlite::database& db, const std::string& path) {
  try {
    // Otherwise it would open, and every write would fail later.
    if (db.read_only()) throw sqlite::error("the file is read-only");
    migrate(db);
    return sqlite_queries(db);
  } catch (const sqlite::error& e) {
    refuse(path, e);
  }
}

// The reading connection: the schema is the writer's to migrate; this one only reads
// (query_only makes a write through it an error rather than a surprise).
sqlite_queries read_only(sqlite::database& db, const std::string& path) {
  try {
    db.exec("PRAGMA query_only = ON");
    return sqlite_queries(db);
  } catch (const sqlite::error& e) {
    refuse(path, e);
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

}  // namespace

sqlite_connection::sqlite_connection(const std::string& path) : db(open_file(path)), queries(migrated(db, path)) {}

sqlite_connection::sqlite_connection(const std::string& path, reader_tag)
    : db(open_file(path)), queries(read_only(db, path)) {}

sqlite_store::sqlite_store(const std::string& path, std::size_t max_waiting_reads)
    : connection_(std::make_unique<sqlite_connection>(path)),
      reader_(path == ":memory:" ? nullptr
                                 : std::make_unique<sqlite_connection>(path, sqlite_connection::reader_tag{})),
      checkpointer_(reader_ ? std::make_unique<sqlite::database>(path, false) : nullptr),
      folder_(reader_ ? std::filesystem::absolute(path).parent_path() : std::filesystem::path()),
      file_(reader_ ? std::filesystem::absolute(path) : std::filesystem::path()),
      max_waiting_reads_(max_waiting_reads) {
  if (!file_.empty()) {
    struct stat opened {};
    if (::stat(file_.c_str(), &opened) == 0) {
      file_device_ = static_cast<std::uint64_t>(opened.st_dev);
      file_inode_ = static_cast<std::uint64_t>(opened.st_ino);
    }
  }
  // The checkpointer's thread copies the WAL back; commits never do it themselves.
  if (checkpointer_) {
    connection_->db.exec("PRAGMA wal_autocheckpoint = 0");
    // A WAL that grew under load is cut back to this when it starts over.
    connection_->db.exec("PRAGMA journal_size_limit = " + std::to_string(restart_frames * 4096));
  }
}

sqlite_store::~sqlite_store() { sqlite_store::close(); }

std::vector<player_record> sqlite_store::load_players() { return connection_->queries.players(); }

std::vector<saved_table> sqlite_store::load_rooms() { return connection_->queries.rooms(); }

void sqlite_store::start() {
  const std::lock_guard lock(mutex_);
  if (started_ || stopping_) return;
  started_ = true;
  // Named for top -H and /proc/PID/task/*/comm (at most 15 characters).
  worker_ = std::thread([this] {
    pthread_setname_np(pthread_self(), "shithead-store");
    loop();
  });
  if (reader_)
    read_worker_ = std::thread([this] {
      pthread_setname_np(pthread_self(), "shithead-read");
      read_loop();
    });
  if (checkpointer_)
    checkpoint_worker_ = std::thread([this] {
      pthread_setname_np(pthread_self(), "shithead-ckpt");
      checkpoint_loop();
    });
}

void sqlite_store::close() {
  {
    const std::lock_guard lock(mutex_);
    if (stopping_ && !worker_.joinable()) return;
    stopping_ = true;
  }
  wake_.notify_all();
  read_wake_.notify_all();
  checkpoint_wake_.notify_all();
  if (worker_.joinable()) worker_.join();
  if (read_worker_.joinable()) read_worker_.join();
  if (checkpoint_worker_.joinable()) checkpoint_worker_.join();
  // Never started (or a job came in late): write and answer what is left here.
  std::deque<job> rest, reads;
  {
    const std::lock_guard lock(mutex_);
    rest.swap(queue_);
    reads.swap(reads_);
    waiting_reads_ = 0;
  }
  if (!rest.empty()) {
    outage once;
    if (!run_batch(rest, once)) finish_unwritten(rest);
  }
  for (auto& j : reads) run_read(j, *reader_);
  const auto& w = written_;  // the writer's thread has stopped
  if (w.steps > 0)
    spdlog::info(
        "store: wrote {} table step(s): {} saved table(s), {} bytes; {} logged action(s), {} bytes; "
        "{} finished game(s)",
        w.steps, w.states, w.state_bytes, w.actions, w.action_bytes, w.games);
}

write_totals sqlite_store::written_for_tests() const { return written_; }

void sqlite_store::push_write(job j) {
  {
    const std::lock_guard lock(mutex_);
    if (stopping_) return;
    queue_.push_back(std::move(j));
  }
  wake_.notify_one();
}

sqlite_store::read_queued sqlite_store::push_read(job j) {
  {
    const std::lock_guard lock(mutex_);
    if (stopping_) return read_queued::closed;
    if (waiting_reads_ >= max_waiting_reads_) return read_queued::full;
    (reader_ ? reads_ : queue_).push_back(std::move(j));
    ++waiting_reads_;
  }
  (reader_ ? read_wake_ : wake_).notify_one();
  return read_queued::yes;
}

void sqlite_store::loop() {
  using steady = std::chrono::steady_clock;
  auto last_commit = steady::time_point{};
  std::deque<job> failed;  // a batch the disk refused, kept whole and tried again first
  outage outage_state;
  for (;;) {
    std::deque<job> batch;
    {
      std::unique_lock lock(mutex_);
      if (!failed.empty()) {
        // Waits out the back-off (or a close), then tries the same batch with whatever
        // queued meanwhile, in order.
        wake_.wait_for(lock, outage_state.next_wait(), [this] { return stopping_; });
        batch.swap(failed);
        for (auto& j : queue_) batch.push_back(std::move(j));
        queue_.clear();
        if (!reader_) waiting_reads_ = 0;
      } else {
        wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stopping, and nothing left
        // Group commit under load: when the last batch was a moment ago, more steps are
        // surely on their way, so gather them for `group_window` and commit them as one.
        // The thread sleeps rather than waits on the condition, so the steps queued
        // meanwhile wake nobody. An idle store commits at once.
        if (!stopping_ && steady::now() - last_commit < busy_gap) {
          lock.unlock();
          std::this_thread::sleep_for(group_window);
          lock.lock();
        }
        batch.swap(queue_);
        if (!reader_) waiting_reads_ = 0;  // the reads, if any, are all in the batch
      }
    }
    if (!run_batch(batch, outage_state)) {
      bool stopping = false;
      {
        const std::lock_guard lock(mutex_);
        stopping = stopping_;
      }
      if (!stopping) {
        failed = std::move(batch);
        continue;
      }
      // Closing while the disk still refuses: nothing more can be kept. The callers
      // hear that their writes failed (the server is going down with them).
      spdlog::critical("store: closing with {} job(s) that could not be written", batch.size());
      finish_unwritten(batch);
      return;
    }
    last_commit = steady::now();
    const std::lock_guard lock(mutex_);
    ++commits_;
  }
}

std::chrono::milliseconds sqlite_store::outage::next_wait() {
  // 100 ms, doubling to 2 s: a disk that frees up is used again within 2 s, and one
  // that stays full costs a try every 2 s.
  const auto wait = delay;
  delay = std::min(delay * 2, std::chrono::milliseconds(2000));
  return wait;
}

void sqlite_store::outage::failed(const std::string& why, std::size_t waiting) {
  const auto now = std::chrono::steady_clock::now();
  if (!since) {
    since = now;
    last_said = now;
    spdlog::critical("store: cannot write ({}); {} job(s) wait and are tried again; tables refuse moves meanwhile", why,
                     waiting);
  } else if (now - last_said >= std::chrono::seconds(60)) {
    // Once a minute, not once a try: a full disk must not fill the log too.
    last_said = now;
    spdlog::error("store: still cannot write after {} s ({}); {} job(s) wait",
                  std::chrono::duration_cast<std::chrono::seconds>(now - *since).count(), why, waiting);
  }
}

void sqlite_store::outage::recovered(std::size_t written) {
  if (!since) return;
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - *since);
  spdlog::warn("store: writing again after {} s; {} job(s) that waited are written", seconds.count(), written);
  since.reset();
  delay = std::chrono::milliseconds(100);
}

void sqlite_store::finish_unwritten(std::deque<job>& batch) { answer(batch, std::vector<char>(batch.size(), 0)); }

void sqlite_store::answer(std::deque<job>& batch, const std::vector<char>& written) {
  for (std::size_t i = 0; i < batch.size(); ++i) {
    if (!batch[i].after_commit) continue;
    try {
      batch[i].after_commit(written[i] != 0);
    } catch (const std::exception& e) {
      spdlog::error("store: a callback threw: {}", e.what());
    }
  }
}

void sqlite_store::checkpoint_loop() {
  std::uint64_t checkpointed = 0;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      checkpoint_wake_.wait_for(lock, checkpoint_every, [this] { return stopping_; });
      if (stopping_) return;  // the last connection to close checkpoints the rest
    }
    check_data_file();
    {
      const std::lock_guard lock(mutex_);
      if (commits_ == checkpointed || !file_lost_.empty()) continue;
      checkpointed = commits_;
    }
    if (disk_space_low()) {
      // TRUNCATE waits for the writer and the readers to let go, then empties the WAL:
      // slower commits on a nearly full disk, but the WAL never holds more than the
      // last quarter second's writes.
      try {
        auto truncate = checkpointer_->prepare("PRAGMA wal_checkpoint(TRUNCATE)");
        truncate.step();
      } catch (const std::exception& e) {
        spdlog::error("store: a checkpoint failed: {}", e.what());
      }
      continue;
    }
    // PASSIVE: copies what no reader still needs and never waits on the writer, which
    // goes on appending to the WAL meanwhile.
    try {
      int frames = 0;
      {
        auto passive = checkpointer_->prepare("PRAGMA wal_checkpoint(PASSIVE)");
        if (passive.step()) frames = passive.integer(1);
      }
      // A passive checkpoint never makes the WAL start over while the writer keeps
      // committing, so now and then a RESTART does: it holds the writer back only while
      // it copies the few frames the passive one has not already.
      if (frames > restart_frames) {
        auto restart = checkpointer_->prepare("PRAGMA wal_checkpoint(RESTART)");
        restart.step();
      }
    } catch (const std::exception& e) {
      spdlog::error("store: a checkpoint failed: {}", e.what());
    }
  }
}

void sqlite_store::check_data_file() {
  if (file_inode_ == 0) return;
  {
    const std::lock_guard lock(mutex_);
    if (!file_lost_.empty()) return;  // said once; nothing brings the old file back
  }
  struct stat now {};
  std::string lost;
  if (::stat(file_.c_str(), &now) != 0) {
    if (errno == ENOENT) lost = "the data file " + file_.string() + " was deleted while the server ran";
  } else if (static_cast<std::uint64_t>(now.st_ino) != file_inode_ ||
             static_cast<std::uint64_t>(now.st_dev) != file_device_) {
    lost = "the data file " + file_.string() + " was replaced by another file while the server ran";
  }
  if (lost.empty()) return;  // there, or not readable just now (which writes will show)
  {
    const std::lock_guard lock(mutex_);
    file_lost_ = lost;
    healthy_ = false;
  }
  spdlog::critical(
      "store: {}; nothing more is saved and tables refuse moves (cannot_save). What was written "
      "before is in the file the server still holds open: stop the server only after copying the data "
      "back (for example from /proc/{}/fd), or restore a backup, then start it again",
      lost, ::getpid());
  wake_.notify_all();
}

bool sqlite_store::disk_space_low() const {
  if (folder_.empty()) return false;
  std::error_code error;
  const auto space = std::filesystem::space(folder_, error);
  return !error && space.available < low_space_bytes;
}

void sqlite_store::read_loop() {
  for (;;) {
    job j;
    {
      std::unique_lock lock(mutex_);
      read_wake_.wait(lock, [this] { return stopping_ || !reads_.empty(); });
      if (reads_.empty()) return;  // stopping, and nothing left
      j = std::move(reads_.front());
      reads_.pop_front();
      --waiting_reads_;
    }
    run_read(j, *reader_);
  }
}

void sqlite_store::run_read(job& j, sqlite_connection& c) {
  try {
    j.run(c);
  } catch (const std::exception& e) {
    spdlog::error("store: a read failed: {}", e.what());
  }
  // A read that left a transaction open would pin an old snapshot (and, on the writer's
  // connection, make every later batch fail).
  if (c.db.in_transaction()) {
    spdlog::error("store: a read left a transaction open; rolled back");
    try {
      c.db.exec("ROLLBACK");
    } catch (const std::exception& e) {
      spdlog::error("store: {}", e.what());
    }
  }
}

bool sqlite_store::run_batch(std::deque<job>& batch, outage& state) {
  std::vector<char> written(batch.size(), 0);
  bool any_write = false;
  for (const auto& j : batch) any_write |= j.write;
  if (any_write) {
    std::string lost;
    {
      const std::lock_guard lock(mutex_);
      lost = file_lost_;
    }
    if (!lost.empty()) {
      // As on a full disk: every job waits and is tried again, and tables refuse moves.
      state.failed(lost, batch.size());
      return false;
    }
    try {
      if (before_batch_) before_batch_(connection_->db);
      auto& queries = connection_->queries;
      sqlite::transaction tx(connection_->db);
      for (std::size_t i = 0; i < batch.size(); ++i) {
        if (!batch[i].write) continue;
        queries.savepoint();
        try {
          batch[i].run(*connection_);
          queries.release_savepoint();
          written[i] = 1;
        } catch (const sqlite::error& e) {
          // The disk, not the job: the whole batch waits and is tried again.
          if (e.storage_failed()) throw;
          spdlog::error("store: a job failed and was rolled back: {}", e.what());
          queries.rollback_to_savepoint();
          queries.release_savepoint();
        } catch (const std::exception& e) {
          spdlog::error("store: a job failed and was rolled back: {}", e.what());
          queries.rollback_to_savepoint();
          queries.release_savepoint();
        }
      }
      tx.commit();
    } catch (const std::exception& e) {
      const auto* db_error = dynamic_cast<const sqlite::error*>(&e);
      if (db_error && db_error->storage_failed()) {
        {
          const std::lock_guard lock(mutex_);
          healthy_ = false;
        }
        state.failed(e.what(), batch.size());
        // A WAL that grew before the failure holds space the next try needs: copy it
        // back and truncate it where no reader still needs it.
        try {
          connection_->db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
        } catch (const std::exception&) {
          // The disk is still full; the next try checkpoints again.
        }
        return false;  // nothing answered: every job waits for the next try
      }
      spdlog::critical("store: a batch of {} job(s) could not be written: {}", batch.size(), e.what());
      std::fill(written.begin(), written.end(), 0);
    }
    const bool was_down = state.since.has_value();
    {
      const std::lock_guard lock(mutex_);
      healthy_ = true;
    }
    if (was_down) {
      state.recovered(batch.size());
      // Space came back: give the WAL's back to the disk at once, before it fills again.
      try {
        connection_->db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      } catch (const std::exception&) {
        // A reader held it; the checkpointer's next round truncates on a low disk.
      }
    }
  }
  // Callers get their answers (empty ones after a job's own failure), so a table never
  // hangs on a bad job; a disk that refuses writes is waited out above instead.
  answer(batch, written);
  // Reads come last, outside the batch's transaction, so they see every write before
  // them and one that fails (or finds the disk gone) costs nothing but itself.
  for (auto& j : batch)
    if (!j.write) run_read(j, *connection_);
  return true;
}

void sqlite_store::save_player(player_record player) {
  push_write(job{[player = std::move(player)](sqlite_connection& c) { c.queries.save_player(player); }, {}});
}

void sqlite_store::forget_idle_players(std::chrono::system_clock::time_point seen_before, int most,
                                       std::function<void(std::vector<std::string>)> done) {
  auto forgotten = std::make_shared<std::vector<std::string>>();
  job j;
  j.run = [forgotten, cutoff = to_unix_ms(seen_before), most](sqlite_connection& c) {
    *forgotten = c.queries.forget_idle_players(cutoff, most);
  };
  // A batch that did not commit forgot nobody.
  j.after_commit = [forgotten, done = std::move(done)](bool written) {
    if (done) done(written ? std::move(*forgotten) : std::vector<std::string>{});
  };
  push_write(std::move(j));
}

void sqlite_store::save_step(table_step step, std::function<void(std::vector<recorded_game>)> done) {
  auto results = std::make_shared<std::vector<recorded_game>>();
  job j;
  j.run = [this, step = std::move(step), results](sqlite_connection& c) {
    // Filled only once the whole job has run: a job rolled back reports no game ids.
    std::vector<recorded_game> recorded;
    for (const auto& game : step.games) recorded.push_back(record_game(c.queries, game));
    if (step.state && step.state->empty()) {
      c.queries.forget_room(step.code);  // a closed table keeps no log, whatever the step appended
    } else {
      if (step.state) {
        c.queries.save_room(step.code, *step.state, to_unix_ms(std::chrono::system_clock::now()));
        c.queries.forget_other_games(step.code, step.game);
      }
      for (const auto& action : step.actions) c.queries.append_action(step.code, action);
    }
    *results = std::move(recorded);
    // Counted once the job has run (a later rollback of the batch still counts it), on
    // the writer's thread only: no lock on the step's path.
    ++written_.steps;
    if (step.state && !step.state->empty()) {
      ++written_.states;
      written_.state_bytes += step.state->size() + step.code.size();
    }
    for (const auto& action : step.actions) {
      ++written_.actions;
      // The text, the code, and five integers of at most 8 bytes each.
      written_.action_bytes += action.action.size() + step.code.size() + 5 * 8;
    }
    written_.games += step.games.size();
  };
  if (done)
    j.after_commit = [done = std::move(done), results](bool written) {
      done(written ? std::move(*results) : std::vector<recorded_game>{});
    };
  push_write(std::move(j));
}

void sqlite_store::answer_rankings(protocol::rankings_question question, std::function<void(rankings_result)> done) {
  // Shared, so that a refused job hands the callback back rather than taking it along.
  auto answer = std::make_shared<std::function<void(rankings_result)>>(std::move(done));
  const auto queued = push_read(
      job{[question = std::move(question), answer](sqlite_connection& c) {
            (*answer)(server::answer_rankings(c.queries, question, std::chrono::system_clock::now(), &c.leaderboard));
          },
          {},
          false});
  // Refused: answered here, on the caller's thread, outside the lock. A closed store is
  // shutting down with the server, so it names no time to come back.
  if (queued == read_queued::full)
    (*answer)(store_refusal{store_refusal::reason::busy, "the store has too many requests waiting; try again shortly",
                            retry_after_seconds});
  if (queued == read_queued::closed)
    (*answer)(store_refusal{store_refusal::reason::closed, "the store is closed", std::nullopt});
}

bool sqlite_store::read_for_tests(std::function<void(sqlite_connection&)> job_fn) {
  return push_read(job{std::move(job_fn), {}, false}) == read_queued::yes;
}

void sqlite_store::wait_for_writes_for_tests() {
  {
    const std::lock_guard lock(mutex_);
    if (!started_ || stopping_) return;
  }
  std::promise<void> committed;
  auto done = committed.get_future();
  push_write(job{[](sqlite_connection&) {}, [&committed](bool) { committed.set_value(); }});
  done.wait();
}

bool sqlite_store::healthy() const {
  const std::lock_guard lock(mutex_);
  return healthy_;
}

std::optional<std::string> sqlite_store::problem() const {
  const std::lock_guard lock(mutex_);
  if (!file_lost_.empty()) return file_lost_;
  if (!healthy_) return std::string("the disk refuses writes (full, or an I/O error)");
  return std::nullopt;
}

std::size_t sqlite_store::queue_depth() const {
  const std::lock_guard lock(mutex_);
  return queue_.size() + reads_.size();
}

recorded_game sqlite_store::record_game(sqlite_queries& queries, const game_to_record& game) {
  check_game(game);
  recorded_game out;
  out.abandoned = game.abandoned;
  out.game_id = queries.insert_game(game_insert{
      game.table_code, protocol::ruleset_to_text(game.record.ruleset), static_cast<int>(game.players.size()),
      protocol::record_start_text(game.record), to_unix_ms(game.started), to_unix_ms(game.ended),
      game.abandoned ? "abandoned" : "finished", protocol::write_record(game.record)});

  const int seats = static_cast<int>(game.players.size());
  std::vector<std::optional<int>> places(game.players.size());
  for (std::size_t i = 0; i < game.finish_order.size(); ++i)
    places[static_cast<std::size_t>(game.finish_order[i])] = static_cast<int>(i) + 1;
  if (!game.abandoned && game.shithead >= 0) places[static_cast<std::size_t>(game.shithead)] = seats;

  for (int seat = 0; seat < seats; ++seat) {
    const auto& p = game.players[static_cast<std::size_t>(seat)];
    seat_insert row{out.game_id,
                    seat,
                    std::nullopt,
                    std::nullopt,
                    p.name,
                    places[static_cast<std::size_t>(seat)],
                    !game.abandoned && seat == game.shithead};
    if (p.bot) {
      row.bot = rules::to_string(*p.bot);
    } else {
      row.player_id = p.id;
    }
    queries.insert_seat(row);
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
    before.push_back(queries.rating_of(game.players[static_cast<std::size_t>(seat)].id).value_or(new_rating()));
    human_places.push_back(places[static_cast<std::size_t>(seat)].value_or(seats));
  }
  // One human against bots has nobody to be rated against: the rating stays.
  const auto after = humans.size() >= 2 ? rate_game(before, human_places) : before;
  for (std::size_t i = 0; i < humans.size(); ++i) {
    const auto& p = game.players[static_cast<std::size_t>(humans[i])];
    queries.set_rating(p.id, after[i]);
    queries.add_rating_history(p.id, out.game_id, before[i], after[i]);
    out.ratings.push_back(rating_change{p.id, p.name, before[i], after[i], title_for(queries.times_shithead(p.id))});
  }
  return out;
}

}  // namespace shithead::server
