#include "server/store/batch_store.hpp"

#include <pthread.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <future>
#include <memory>
#include <stdexcept>

#include "server/store/rankings_answers.hpp"

namespace shithead::server {

batch_store::batch_store(std::size_t max_waiting_reads) : max_waiting_reads_(max_waiting_reads) {}

batch_store::~batch_store() = default;

void batch_store::start() {
  const std::lock_guard lock(mutex_);
  if (started_ || stopping_) return;
  started_ = true;
  // Named for top -H and /proc/PID/task/*/comm (at most 15 characters).
  worker_ = std::thread([this] {
    pthread_setname_np(pthread_self(), "shithead-store");
    loop();
  });
  if (reads_apart())
    read_worker_ = std::thread([this] {
      pthread_setname_np(pthread_self(), "shithead-read");
      read_loop();
    });
  start_more();
}

void batch_store::close() {
  {
    const std::lock_guard lock(mutex_);
    if (stopping_ && !worker_.joinable()) return;
    stopping_ = true;
  }
  wake_.notify_all();
  read_wake_.notify_all();
  closing_.notify_all();
  stop_more();
  if (worker_.joinable()) worker_.join();
  if (read_worker_.joinable()) read_worker_.join();
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
  for (auto& j : reads) run_read(j, [this]() -> store_connection& { return reader(); });
  const auto& w = written_;  // the writer's thread has stopped
  if (w.steps > 0)
    spdlog::info(
        "store: wrote {} table step(s): {} saved table(s), {} bytes; {} logged action(s), {} bytes; "
        "{} finished game(s)",
        w.steps, w.states, w.state_bytes, w.actions, w.action_bytes, w.games);
}

void batch_store::push_write(job j, bool here) {
  {
    std::unique_lock lock(mutex_);
    if (stopping_) return;
    if (!here || !started_ || writing_ || !queue_.empty() || !commits_on_caller()) {
      queue_.push_back(std::move(j));
      // A batch under way takes what queued meanwhile when it is done: no wake-up.
      const bool idle = !writing_;
      lock.unlock();
      if (idle) wake_.notify_one();
      return;
    }
    writing_ = true;
  }
  commit_here(std::move(j));
}

void batch_store::commit_here(job j) {
  // One caller at a time commits here (writing_), so its one-job batch is a member kept
  // from commit to commit: a deque's map and block, allocated once.
  auto& batch = caller_batch_;  // empty: the last caller cleared it
  batch.push_back(std::move(j));
  waits_for_locks(false);
  const bool written = run_batch(batch, outage_, true);
  waits_for_locks(true);
  // A lock held elsewhere, or refused (a full disk): the writer's thread takes the job
  // first, waiting for the lock, or trying again with the back-off as it would any batch.
  std::optional<job> again;
  if (!written) again = std::move(batch.front());
  batch.clear();  // before writing_ is let go: the next caller's batch is this one
  bool wake = false;
  {
    const std::lock_guard lock(mutex_);
    if (again)
      queue_.push_front(std::move(*again));
    else
      ++commits_;
    writing_ = false;
    wake = !queue_.empty() || stopping_;
  }
  if (wake) wake_.notify_one();
}

batch_store::read_queued batch_store::push_read(job j) {
  const bool apart = reads_apart();
  {
    const std::lock_guard lock(mutex_);
    if (stopping_) return read_queued::closed;
    if (waiting_reads_ >= max_waiting_reads_) return read_queued::full;
    (apart ? reads_ : queue_).push_back(std::move(j));
    ++waiting_reads_;
  }
  (apart ? read_wake_ : wake_).notify_one();
  return read_queued::yes;
}

std::uint64_t batch_store::commits() const {
  const std::lock_guard lock(mutex_);
  return commits_;
}

bool batch_store::wait_or_closing(std::chrono::milliseconds wait) {
  std::unique_lock lock(mutex_);
  return closing_.wait_for(lock, wait, [this] { return stopping_; });
}

void batch_store::loop() {
  using steady = std::chrono::steady_clock;
  const bool apart = reads_apart();
  auto last_commit = steady::time_point{};
  std::deque<job> failed;  // a batch the database refused, kept whole and tried again first
  for (;;) {
    std::deque<job> batch;
    {
      std::unique_lock lock(mutex_);
      if (!failed.empty()) {
        // Waits out the back-off (or a close), then tries the same batch with whatever
        // queued meanwhile, in order. writing_ stays set: no caller commits past it.
        wake_.wait_for(lock, outage_.next_wait(), [this] { return stopping_; });
        batch.swap(failed);
        for (auto& j : queue_) batch.push_back(std::move(j));
        queue_.clear();
        if (!apart) waiting_reads_ = 0;
      } else {
        // A caller committing its own step (commit_here) finishes first.
        wake_.wait(lock, [this] { return !writing_ && (stopping_ || !queue_.empty()); });
        if (queue_.empty()) return;  // stopping, and nothing left
        writing_ = true;
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
        if (!apart) waiting_reads_ = 0;  // the reads, if any, are all in the batch
      }
    }
    if (!run_batch(batch, outage_)) {
      bool stopping = false;
      {
        const std::lock_guard lock(mutex_);
        stopping = stopping_;
      }
      if (!stopping) {
        failed = std::move(batch);
        continue;
      }
      // Closing while the database still refuses: nothing more can be kept. The callers
      // hear that their writes failed (the server is going down with them).
      spdlog::critical("store: closing with {} job(s) that could not be written", batch.size());
      finish_unwritten(batch);
      return;
    }
    last_commit = steady::now();
    const std::lock_guard lock(mutex_);
    ++commits_;
    writing_ = false;
  }
}

std::chrono::milliseconds batch_store::outage::next_wait() {
  // 100 ms, doubling to 2 s: a database that comes back is used again within 2 s, and
  // one that stays away costs a try every 2 s.
  const auto wait = delay;
  delay = std::min(delay * 2, std::chrono::milliseconds(2000));
  return wait;
}

void batch_store::outage::failed(const std::string& why, std::size_t waiting) {
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

void batch_store::outage::recovered(std::size_t written) {
  if (!since) return;
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - *since);
  spdlog::warn("store: writing again after {} s; {} job(s) that waited are written", seconds.count(), written);
  since.reset();
  delay = std::chrono::milliseconds(100);
}

void batch_store::finish_unwritten(std::deque<job>& batch) {
  answer(batch, std::vector<char>(batch.size(), 0));
  // Reads that waited behind the writes (a backend without a reading connection) are
  // not run against a database that refuses writes at closing: they hear so.
  for (auto& j : batch) {
    if (j.write || !j.failed) continue;
    try {
      j.failed("the store closed");
    } catch (const std::exception& e) {
      spdlog::error("store: a callback threw: {}", e.what());
    }
  }
}

void batch_store::answer(std::deque<job>& batch, const std::vector<char>& written) {
  for (std::size_t i = 0; i < batch.size(); ++i) {
    if (!batch[i].after_commit) continue;
    try {
      batch[i].after_commit(written[i] != 0);
    } catch (const std::exception& e) {
      spdlog::error("store: a callback threw: {}", e.what());
    }
  }
}

void batch_store::read_loop() {
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
    run_read(j, [this]() -> store_connection& { return reader(); });
  }
}

void batch_store::run_read(job& j, const std::function<store_connection&()>& connect) {
  store_connection* c = nullptr;
  try {
    c = &connect();
    j.run(*c);
  } catch (const std::exception& e) {
    spdlog::error("store: a read failed: {}", e.what());
    try {
      if (j.failed) j.failed(e.what());
    } catch (const std::exception& again) {
      spdlog::error("store: a callback threw: {}", again.what());
    }
  }
  // A read that left a transaction open would pin an old snapshot (and, on the writer's
  // connection, make every later batch fail).
  if (c && c->in_transaction()) {
    spdlog::error("store: a read left a transaction open; rolled back");
    try {
      c->rollback();
    } catch (const std::exception& e) {
      spdlog::error("store: {}", e.what());
    }
  }
}

bool batch_store::run_batch(std::deque<job>& batch, outage& state, bool here) {
  std::vector<char> written(batch.size(), 0);
  bool any_write = false;
  for (const auto& j : batch) any_write |= j.write;
  if (any_write) {
    if (const auto refused = refuses_writes(); !refused.empty()) {
      // As on a full disk: every job waits and is tried again, and tables refuse moves.
      state.failed(refused, batch.size());
      return false;
    }
    try {
      before_batch();
      auto& c = writer();
      c.begin();
      try {
        fence(c);
        std::vector<std::string> players;
        for (const auto& j : batch)
          if (j.write) players.insert(players.end(), j.players.begin(), j.players.end());
        if (!players.empty()) {
          std::sort(players.begin(), players.end());
          players.erase(std::unique(players.begin(), players.end()), players.end());
          c.lock_players(players);
        }
        for (std::size_t i = 0; i < batch.size(); ++i) {
          if (!batch[i].write) continue;
          c.savepoint();
          try {
            batch[i].run(c);
            c.release_savepoint();
            written[i] = 1;
          } catch (const name_conflict& e) {
            // Not a fault: the caller hears name_taken (save_player).
            spdlog::info("store: {}; not written", e.what());
            c.rollback_to_savepoint();
            c.release_savepoint();
          } catch (const table_moved& e) {
            // Nor this: the caller hears moved (save_step) and lets the table go.
            spdlog::warn("store: {}; the step is not written", e.what());
            c.rollback_to_savepoint();
            c.release_savepoint();
          } catch (const std::exception& e) {
            // The database, not the job: the whole batch waits and is tried again.
            if (storage_failed(e)) throw;
            spdlog::error("store: a job failed and was rolled back: {}", e.what());
            c.rollback_to_savepoint();
            c.release_savepoint();
          }
        }
        c.commit();
      } catch (...) {
        try {
          if (c.in_transaction()) c.rollback();
        } catch (const std::exception&) {
          // The connection is gone with the transaction; the backend makes a new one.
        }
        throw;
      }
    } catch (const std::exception& e) {
      if (here && lock_busy(e)) return false;  // the writer's thread waits for the lock instead
      if (storage_failed(e)) {
        {
          const std::lock_guard lock(mutex_);
          healthy_ = false;
        }
        state.failed(e.what(), batch.size());
        after_storage_failure();
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
      after_recovery();
    }
  }
  // Callers get their answers (empty ones after a job's own failure), so a table never
  // hangs on a bad job; a database that refuses writes is waited out above instead.
  answer(batch, written);
  // Reads come last, outside the batch's transaction, so they see every write before
  // them and one that fails (or finds the database gone) costs nothing but itself.
  for (auto& j : batch)
    if (!j.write) run_read(j, [this]() -> store_connection& { return writer(); });
  return true;
}

void batch_store::save_player(player_record player, std::function<void(player_saved)> done) {
  auto taken = std::make_shared<bool>(false);
  job j;
  j.players.push_back(player.id);
  j.run = [player = std::move(player), taken](store_connection& c) {
    try {
      c.rows().save_player(player);
    } catch (const name_conflict&) {
      *taken = true;  // and the job's savepoint takes back whatever the attempt wrote
      throw;
    }
  };
  if (done)
    j.after_commit = [taken, done = std::move(done)](bool written) {
      done(written ? player_saved::saved : *taken ? player_saved::name_taken : player_saved::failed);
    };
  push_write(std::move(j));
}

void batch_store::forget_idle_players(std::chrono::system_clock::time_point seen_before, int most,
                                      std::function<void(std::vector<std::string>)> done) {
  auto forgotten = std::make_shared<std::vector<std::string>>();
  job j;
  j.run = [forgotten, cutoff = to_unix_ms(seen_before), most](store_connection& c) {
    *forgotten = c.rows().forget_idle_players(cutoff, most);
  };
  // A batch that did not commit forgot nobody.
  j.after_commit = [forgotten, done = std::move(done)](bool written) {
    if (done) done(written ? std::move(*forgotten) : std::vector<std::string>{});
  };
  push_write(std::move(j));
}

void batch_store::save_step(table_step step, std::function<void(step_result)> done) {
  struct outcome {
    std::vector<recorded_game> games;
    bool moved = false;
  };
  auto results = std::make_shared<outcome>();
  job j;
  for (const auto& game : step.games)
    for (const auto& p : game.players)
      if (!p.bot) j.players.push_back(p.id);
  j.run = [this, step = std::move(step), results](store_connection& c) {
    if (step.epoch != 0) {
      try {
        fence_table(c, step.code, step.epoch);
      } catch (const table_moved&) {
        results->moved = true;  // and the savepoint takes back nothing: nothing was written
        throw;
      }
    }
    // Filled only once the whole job has run: a job rolled back reports no game ids.
    results->games = write_step(c.rows(), step, to_unix_ms(std::chrono::system_clock::now()), written_);
  };
  if (done)
    j.after_commit = [done = std::move(done), results](bool written) {
      if (written) return done(step_result{step_result::outcome::written, std::move(results->games)});
      done(step_result{results->moved ? step_result::outcome::moved : step_result::outcome::failed, {}});
    };
  push_write(std::move(j), true);
}

void batch_store::fence_table(store_connection& c, const std::string& code, std::int64_t epoch) {
  (void)c;
  (void)epoch;
  throw std::logic_error("a step of table " + code + " names a claim, on a store that one server writes");
}

template <class Result>
void batch_store::ask(std::function<Result(store_connection&)> run, std::function<void(Result)> done) {
  // Shared between the job, its failure and a refusal here; answers the first of them.
  struct once {
    std::function<void(Result)> done;
    bool answered = false;
    void operator()(Result r) {
      if (answered) return;
      answered = true;
      done(std::move(r));
    }
  };
  auto answer = std::make_shared<once>(once{std::move(done)});
  job j;
  j.write = false;
  j.run = [run = std::move(run), answer](store_connection& c) { (*answer)(run(c)); };
  j.failed = [answer](const std::string& why) {
    (*answer)(store_refusal{store_refusal::reason::failed, "the store cannot answer just now: " + why, std::nullopt});
  };
  const auto queued = push_read(std::move(j));
  // Refused: answered here, on the caller's thread, outside the lock. A closed store is
  // shutting down with the server, so it names no time to come back.
  if (queued == read_queued::full)
    (*answer)(store_refusal{store_refusal::reason::busy, "the store has too many requests waiting; try again shortly",
                            retry_after_seconds});
  if (queued == read_queued::closed)
    (*answer)(store_refusal{store_refusal::reason::closed, "the store is closed", std::nullopt});
}

void batch_store::answer_rankings(protocol::rankings_question question, std::function<void(rankings_result)> done) {
  ask<rankings_result>(
      [question = std::move(question)](store_connection& c) {
        return server::answer_rankings(c.rows(), question, std::chrono::system_clock::now(), &c.leaderboard,
                                       &c.histories);
      },
      std::move(done));
}

void batch_store::find_player(std::string token_hash, std::function<void(player_lookup)> done) {
  ask<player_lookup>([token_hash = std::move(token_hash)](
                         store_connection& c) { return player_lookup(c.rows().player_by_token_hash(token_hash)); },
                     std::move(done));
}

bool batch_store::read_with(std::function<void(store_connection&)> job_fn) {
  return push_read(job{std::move(job_fn), {}, false, {}, {}}) == read_queued::yes;
}

void batch_store::wait_for_writes_for_tests() {
  {
    const std::lock_guard lock(mutex_);
    if (!started_ || stopping_) return;
  }
  std::promise<void> committed;
  auto done = committed.get_future();
  push_write(job{[](store_connection&) {}, [&committed](bool) { committed.set_value(); }, true, {}, {}});
  done.wait();
  // The answer comes inside the batch: wait for its writer to let go too, so that the
  // store is idle when nothing else is queued.
  for (;;) {
    {
      const std::lock_guard lock(mutex_);
      if (!writing_ || stopping_) return;
    }
    std::this_thread::yield();
  }
}

bool batch_store::healthy() const {
  if (!refuses_writes().empty()) return false;
  const std::lock_guard lock(mutex_);
  return healthy_;
}

std::optional<std::string> batch_store::problem() const {
  if (auto refused = refuses_writes(); !refused.empty()) return refused;
  const std::lock_guard lock(mutex_);
  if (!healthy_) return failing_writes_text();
  return std::nullopt;
}

std::size_t batch_store::queue_depth() const {
  const std::lock_guard lock(mutex_);
  return queue_.size() + reads_.size();
}

}  // namespace shithead::server
