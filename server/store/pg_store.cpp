#include "server/store/pg_store.hpp"

#include <pthread.h>
#include <spdlog/spdlog.h>

#include "server/store/pg_schema.hpp"

namespace shithead::server {
namespace {

// Migrates (or checks the version), then prepares every statement once, after the tables
// they name exist.
pg_queries prepared(pg::connection& db, const std::string& url, bool migrate_schema) {
  try {
    // Seen in pg_stat_activity, for the person looking at the database.
    db.exec("SET application_name = 'shithead'");
    if (migrate_schema) {
      migrate(db);
    } else if (const int version = schema_version_of(db); version != pg_schema_version()) {
      throw pg::error("the database has schema version " + std::to_string(version) + ", this server's is " +
                      std::to_string(pg_schema_version()));
    }
    return pg_queries(db);
  } catch (const pg::error& e) {
    throw pg::error("the store " + pg::redacted(url) + ": " + e.what(), e.sqlstate());
  }
}

}  // namespace

pg_connection::pg_connection(const std::string& url, bool migrate_schema)
    : db(url), queries(prepared(db, url, migrate_schema)) {}

// The writer's connection ends a transaction left open for half a lease's term: a server
// paused in the middle of a batch then lets go of the lease's row (its fence's lock)
// before the lease lapses, so a standby's claim never waits on it (pg_lease.hpp). It is
// named after its server in pg_stat_activity ("shithead writer host:pid:4f1c9a0b"): where
// several servers write, the person looking at the database (and the cluster test's audit
// of who wrote what) can tell whose each write is.
std::unique_ptr<pg_connection> writer_connection(const std::string& url, bool migrate_schema,
                                                 std::chrono::milliseconds lease_term, const std::string& holder) {
  auto c = std::make_unique<pg_connection>(url, migrate_schema);
  c->db.exec("SET idle_in_transaction_session_timeout = " + std::to_string((lease_term / 2).count()));
  c->db.prepare("SELECT set_config('application_name', $1, false)").run(pg::params().add("shithead writer " + holder));
  return c;
}

pg_store::pg_store(std::string url, std::size_t max_waiting_reads, std::chrono::milliseconds lease_term, bool cluster)
    : batch_store(max_waiting_reads),
      url_(std::move(url)),
      lease_(url_, lease_term, cluster),
      writer_(writer_connection(url_, true, lease_.term(), lease_.holder())) {}

// The queue's threads use the connections: they stop before the members go.
pg_store::~pg_store() { close(); }

std::vector<player_record> pg_store::load_players() { return writer().rows().players(); }

std::vector<saved_table> pg_store::load_rooms() { return writer().rows().rooms(); }

store_connection& pg_store::writer() {
  if (writer_ && !writer_->db.alive()) writer_.reset();
  // Migrated when the store opened: a new connection only checks the schema's version.
  if (!writer_) writer_ = writer_connection(url_, false, lease_.term(), lease_.holder());
  return *writer_;
}

store_connection& pg_store::reader() {
  if (reader_ && !reader_->db.alive()) reader_.reset();
  if (!reader_) reader_ = std::make_unique<pg_connection>(url_, false);
  return *reader_;
}

void pg_store::fence(store_connection& c) {
  auto epoch = lease_.epoch();
  // A store used without a server that took the lease first (a test, a tool): the first
  // batch takes it, waiting as a standby would. One that lost it never takes it again.
  if (!epoch && !lease_.lost() && lease_.acquire({})) epoch = lease_.epoch();
  if (!epoch) throw pg::error("this server does not hold the database's lease", "SH001");
  try {
    auto& queries = static_cast<pg_connection&>(c).queries;
    queries.fence(lease_.fence_holder(), *epoch);
    if (lease_.cluster()) queries.fence_node(lease_.holder());
  } catch (const pg::error& e) {
    if (e.fenced()) lease_.lose(std::string("the database refused a write: ") + e.what());
    throw;
  }
}

void pg_store::fence_table(store_connection& c, const std::string& code, std::int64_t epoch) {
  if (!static_cast<pg_connection&>(c).queries.fence_room(code, lease_.holder(), epoch))
    throw table_moved("table " + code + " is no longer this server's at epoch " + std::to_string(epoch));
}

void pg_store::reserve_table(std::string code, std::function<void(std::optional<std::int64_t> epoch)> done) {
  auto epoch = std::make_shared<std::optional<std::int64_t>>();
  job j;
  j.run = [this, code = std::move(code), epoch](store_connection& c) {
    *epoch = static_cast<pg_connection&>(c).queries.reserve_room(code, lease_.holder(),
                                                                 to_unix_ms(std::chrono::system_clock::now()));
  };
  j.after_commit = [epoch, done = std::move(done)](bool written) { done(written ? *epoch : std::nullopt); };
  push_write(std::move(j));
}

void pg_store::claim_table(std::string code, std::function<void(table_claim)> done) {
  // A write (the claim moves the epoch), in the batch's transaction: fenced by the shared
  // lease like every write, and committed before the table is restored and served.
  auto claim = std::make_shared<table_claim>();
  job j;
  j.run = [this, code = std::move(code), claim](store_connection& c) {
    *claim = static_cast<pg_connection&>(c).queries.claim_room(code, lease_.holder());
  };
  j.after_commit = [claim, done = std::move(done)](bool written) { done(written ? std::move(*claim) : table_claim{}); };
  push_write(std::move(j));
}

template <class Rows>
void pg_store::read_rows(std::function<Rows(pg_queries&)> run, std::function<void(Rows)> done) {
  // Answered once: by the read, by its failure, or at once when the queue refuses it;
  // with nothing whenever the rows cannot be read (the caller asks again later).
  auto answer = std::make_shared<std::function<void(Rows)>>(std::move(done));
  const auto once = [answer](Rows rows) {
    if (!*answer) return;
    auto tell = std::move(*answer);
    *answer = nullptr;
    tell(std::move(rows));
  };
  job j;
  j.write = false;
  j.run = [run = std::move(run), once](store_connection& c) { once(run(static_cast<pg_connection&>(c).queries)); };
  j.failed = [once](const std::string&) { once({}); };
  if (push_read(std::move(j)) != read_queued::yes) once({});
}

void pg_store::orphan_tables(int most, std::chrono::milliseconds unowned_for,
                             std::function<void(std::vector<std::string>)> done) {
  read_rows<std::vector<std::string>>(
      [most, unowned_for](pg_queries& q) {
        return q.orphan_rooms(most, unowned_for.count(), to_unix_ms(std::chrono::system_clock::now()));
      },
      std::move(done));
}

void pg_store::on_handover_asked(std::function<void(const std::string& code)> asked) {
  const std::lock_guard lock(handover_mutex_);
  handover_asked_ = std::move(asked);
}

void pg_store::ask_handover(std::string owner, std::string code) {
  job j;
  j.write = false;
  j.run = [payload = "handover " + owner + " " + code](store_connection& c) {
    static_cast<pg_connection&>(c).queries.notify_nodes(payload);
  };
  // Not asked (the read queue full, the store closing): the asker asks again soon.
  (void)push_read(std::move(j));
}

void pg_store::release_table(std::string code, std::int64_t epoch, std::function<void(bool released)> done) {
  auto released = std::make_shared<bool>(false);
  job j;
  j.run = [this, code = std::move(code), epoch, released](store_connection& c) {
    *released = static_cast<pg_connection&>(c).queries.release_room(code, lease_.holder(), epoch,
                                                                    to_unix_ms(std::chrono::system_clock::now()));
  };
  j.after_commit = [released, done = std::move(done)](bool written) {
    if (done) done(written && *released);
  };
  push_write(std::move(j));
}

void pg_store::publish_tables(std::vector<listed_table> tables) {
  job j;
  j.run = [this, tables = std::move(tables)](store_connection& c) {
    auto& queries = static_cast<pg_connection&>(c).queries;
    for (const auto& t : tables) queries.list_room(t.code, lease_.holder(), t.summary);
    if (++publications_ % 240 == 0) queries.forget_unlisted_rooms();
  };
  // Told after the commit, in a transaction of its own: the others read what is there.
  j.after_commit = [this](bool written) {
    if (!written) return;
    job tell;
    tell.write = false;
    tell.run = [payload = "listed " + lease_.holder()](store_connection& c) {
      static_cast<pg_connection&>(c).queries.notify_nodes(payload);
    };
    (void)push_read(std::move(tell));
  };
  push_write(std::move(j));
}

void pg_store::on_tables_published(std::function<void(const std::string& node)> published) {
  const std::lock_guard lock(handover_mutex_);
  tables_published_ = std::move(published);
}

void pg_store::read_listed(std::string node, std::int64_t after, std::function<void(std::vector<listed_row>)> done) {
  read_rows<std::vector<listed_row>>(
      [this, node = std::move(node), after](pg_queries& q) { return q.listed_rooms(node, after, lease_.holder()); },
      std::move(done));
}

void pg_store::start_more() {
  if (!shares_tables()) return;
  listening_ = true;
  listener_ = std::thread([this] {
    pthread_setname_np(pthread_self(), "shithead-listen");
    listen_loop();
  });
}

void pg_store::stop_more() {
  lease_.stop_waiting();
  listening_ = false;
  if (listener_.joinable()) listener_.join();
}

void pg_store::listen_loop() {
  std::unique_ptr<pg::connection> db;
  bool failing = false;
  while (listening_) {
    try {
      if (!db) {
        db = std::make_unique<pg::connection>(url_);
        db->exec("SET application_name = 'shithead-listen'; LISTEN shithead_tables");
        if (failing) {
          spdlog::warn("store: listening to the other nodes again");
          // What they published meanwhile was not heard: every list is read again.
          std::function<void(const std::string&)> tell;
          {
            const std::lock_guard lock(handover_mutex_);
            tell = tables_published_;
          }
          if (tell) tell("");
        }
        failing = false;
      }
      // A short wait: the loop sees the store closing soon.
      for (const auto& n : db->wait_for_notifications(std::chrono::milliseconds(200))) {
        // "handover NODE CODE", ours when it names this node; "listed NODE", another's.
        const std::string_view payload = n.payload;
        const auto first = payload.find(' ');
        if (first == std::string_view::npos) continue;
        const auto what = payload.substr(0, first);
        std::function<void(const std::string&)> tell;
        std::string about;
        if (what == "listed") {
          about = payload.substr(first + 1);
          if (about == lease_.holder()) continue;
          const std::lock_guard lock(handover_mutex_);
          tell = tables_published_;
        } else if (what == "handover") {
          const auto second = payload.rfind(' ');
          if (second == first || payload.substr(first + 1, second - first - 1) != lease_.holder()) continue;
          about = payload.substr(second + 1);
          const std::lock_guard lock(handover_mutex_);
          tell = handover_asked_;
        }
        if (tell) tell(about);
      }
    } catch (const pg::error& e) {
      // Missed meanwhile: an asker asks again until its claim goes through.
      if (!failing) spdlog::error("store: cannot listen to the other nodes ({}); trying again", e.what());
      failing = true;
      db.reset();
      wait_or_closing(std::chrono::milliseconds(500));
    }
  }
}

std::string pg_store::refuses_writes() const {
  if (lease_.lost()) return "this server lost the database's lease: another server writes now";
  return {};
}

bool pg_store::storage_failed(const std::exception& e) const {
  const auto* db_error = dynamic_cast<const pg::error*>(&e);
  if (!db_error) return false;
  // Refused by the lease's fence: kept, like a write the database could not take, so that
  // no player is shown it; tables refuse moves until the server steps down.
  return db_error->fenced() || db_error->storage_failed();
}

// Whatever the failure left on the connection (a broken socket, an aborted transaction),
// the next try starts on a new one.
void pg_store::after_storage_failure() { writer_.reset(); }

}  // namespace shithead::server
