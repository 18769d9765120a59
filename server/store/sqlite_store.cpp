#include "server/store/sqlite_store.hpp"

#include <pthread.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

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

}  // namespace

sqlite_connection::sqlite_connection(const std::string& path) : db(open_file(path)), queries(migrated(db, path)) {}

sqlite_connection::sqlite_connection(const std::string& path, reader_tag)
    : db(open_file(path)), queries(read_only(db, path)) {}

sqlite_store::sqlite_store(const std::string& path, std::size_t max_waiting_reads)
    : batch_store(max_waiting_reads),
      connection_(std::make_unique<sqlite_connection>(path)),
      reader_(path == ":memory:" ? nullptr
                                 : std::make_unique<sqlite_connection>(path, sqlite_connection::reader_tag{})),
      checkpointer_(reader_ ? std::make_unique<sqlite::database>(path, false) : nullptr),
      folder_(reader_ ? std::filesystem::absolute(path).parent_path() : std::filesystem::path()),
      file_(reader_ ? std::filesystem::absolute(path) : std::filesystem::path()) {
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

// The queue's threads use the connections: they stop before the members go.
sqlite_store::~sqlite_store() { close(); }

std::vector<player_record> sqlite_store::load_players() { return connection_->queries.players(); }

std::vector<saved_table> sqlite_store::load_rooms() { return connection_->queries.rooms(); }

bool sqlite_store::lock_busy(const std::exception& e) const {
  const auto* db_error = dynamic_cast<const sqlite::error*>(&e);
  return db_error && db_error->busy();
}

bool sqlite_store::storage_failed(const std::exception& e) const {
  const auto* db_error = dynamic_cast<const sqlite::error*>(&e);
  return db_error && db_error->storage_failed();
}

void sqlite_store::truncate_wal() {
  try {
    connection_->db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch (const std::exception&) {
    // The disk is still full, or a reader held the WAL: the next try (or the
    // checkpointer's next round on a low disk) truncates again.
  }
}

// A WAL that grew before the failure holds space the next try needs.
void sqlite_store::after_storage_failure() { truncate_wal(); }

// Space came back: give the WAL's back to the disk at once, before it fills again.
void sqlite_store::after_recovery() { truncate_wal(); }

std::string sqlite_store::refuses_writes() const {
  const std::lock_guard lock(lost_mutex_);
  return file_lost_;
}

void sqlite_store::before_batch() {
  if (before_batch_) before_batch_(connection_->db);
}

void sqlite_store::start_more() {
  if (checkpointer_)
    checkpoint_worker_ = std::thread([this] {
      pthread_setname_np(pthread_self(), "shithead-ckpt");
      checkpoint_loop();
    });
}

void sqlite_store::stop_more() {
  if (checkpoint_worker_.joinable()) checkpoint_worker_.join();
}

void sqlite_store::checkpoint_loop() {
  std::uint64_t checkpointed = 0;
  for (;;) {
    if (wait_or_closing(checkpoint_every)) return;  // the last connection to close checkpoints the rest
    check_data_file();
    if (!refuses_writes().empty()) continue;
    const auto committed = commits();
    if (committed == checkpointed) continue;
    checkpointed = committed;
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
  if (!refuses_writes().empty()) return;  // said once; nothing brings the old file back
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
    const std::lock_guard lock(lost_mutex_);
    file_lost_ = lost;
  }
  spdlog::critical(
      "store: {}; nothing more is saved and tables refuse moves (cannot_save). What was written "
      "before is in the file the server still holds open: stop the server only after copying the data "
      "back (for example from /proc/{}/fd), or restore a backup, then start it again",
      lost, ::getpid());
  wake_writer();
}

bool sqlite_store::disk_space_low() const {
  if (folder_.empty()) return false;
  std::error_code error;
  const auto space = std::filesystem::space(folder_, error);
  return !error && space.available < low_space_bytes;
}

bool sqlite_store::read_for_tests(std::function<void(sqlite_connection&)> read) {
  return read_with([read = std::move(read)](store_connection& c) { read(static_cast<sqlite_connection&>(c)); });
}

}  // namespace shithead::server
