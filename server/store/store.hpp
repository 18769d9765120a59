#pragma once
// The store, as the rooms and the HTTP API see it: load what a starting server needs,
// then queue writes and rankings questions and get the answers through callbacks (which
// the callers post back to their own strands), so that no network thread waits on a
// disk's flush or a database's round trip. (A SQLite step may be committed on the thread
// that made it, when nothing else is being written: that commit hands a few pages to the
// kernel and flushes nothing, and saves two hand-offs between threads.) No SQL here:
// server/store/sqlite_store.hpp is the backend today, and another (PostgreSQL) is a
// second implementation of this class, not a change to its callers.
//
// The queue's answers when busy (server/README.md, "Store"): a rankings question over the
// backend's cap of waiting reads is refused at once as `busy`, with the seconds after
// which asking again may work; writes are never dropped.
//
// For a second backend (PostgreSQL), what must hold:
// - Atomic together: everything in one save_step (the table's state, the actions it
//   appended, the games it recorded with their ratings and the players' new ratings) is
//   written in one transaction or not at all; a restart must never see a state without
//   the actions before it, nor a recorded game without its ratings.
// - In order: writes are applied in the order they were queued, by one writer, and a
//   write's `done` runs only after its commit (a room tells its players of a step only
//   then).
// - Eventually consistent: rankings questions read the last commit, so a write still
//   queued may be missing from an answer (the SQLite backend reads on a connection of
//   its own); the leaderboard may be a further second behind (leaderboard_cache). So are
//   healthy(), problem() and queue_depth(), flags read without waiting.
// - Threads: load_players and load_rooms on the caller's thread before start(); every
//   other call from any thread (rooms' strands, HTTP sessions' strands, the
//   housekeeping timer); the callbacks (`done`) on the store's own threads, never on the
//   caller's, except a refusal, which is answered at once on the caller's thread, and
//   save_step's on a backend that commits steps where they are made (SQLite), which
//   may run on the caller's thread before save_step returns: callers post, and hold no
//   lock that `done` takes.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "protocol/game_record.hpp"
#include "protocol/rankings_api.hpp"
#include "rules/error.hpp"
#include "server/core/player_record.hpp"
#include "server/core/seat_player.hpp"
#include "server/rankings/titles.hpp"
#include "server/rankings/weng_lin.hpp"
#include "server/store/store_lease.hpp"

namespace shithead::server {

// A game that ended, as a room hands it over.
struct game_to_record {
  std::string table_code;
  protocol::game_record record;
  std::vector<seat_player> players;  // by game seat; bots have a bot kind
  std::vector<int> finish_order;     // seats in the order they went out
  int shithead = -1;                 // -1 when abandoned
  bool abandoned = false;
  std::chrono::system_clock::time_point started;
  std::chrono::system_clock::time_point ended;
};

// One action of a table's live game, as the store appends it to the game's log.
struct logged_action {
  std::int64_t game = 0;      // the table's game number (room::game_number)
  std::int64_t index = 0;     // the action's number in the game's record
  std::uint64_t version = 0;  // the table's version after the step that made it
  int seat = 0;
  std::string action;  // the protocol's JSON of the action

  friend bool operator==(const logged_action&, const logged_action&) = default;
};

// A table in play, as a starting server loads it: its saved state and the log of its
// game's actions (of any game number the store still holds, oldest first; the state
// says which game is current).
struct saved_table {
  std::string code;
  std::string state;
  std::vector<logged_action> log;

  friend bool operator==(const saved_table&, const saved_table&) = default;
};

// One step of a table, written in one transaction: the saved state when it changed
// (nullopt: unchanged; "": the table closed, forget it and its log), the actions the
// step appended, and the games that ended in it. Saving a state drops the log of every
// game of the table but `game`, the one the state names.
//
// `epoch`: the table's claim (table_claim) on a store that several active servers share;
// the step is written only while this server still holds the table at that epoch, and
// is otherwise refused as moved. 0 on a store one server writes.
struct table_step {
  std::string code;
  std::optional<std::string> state;
  std::int64_t game = 0;
  std::vector<logged_action> actions;
  std::vector<game_to_record> games;
  std::int64_t epoch = 0;
};

// A cluster's shared lobby (store::publish_tables): a public table of this server's, its
// summary as text (protocol::summary_to_text), or nullopt once it is no longer listed
// here (closed, gone private, moved to another server).
struct listed_table {
  std::string code;
  std::optional<std::string> summary;
};

// One row of another server's list as read back (store::read_listed); `seq` grows with
// every change a server publishes.
struct listed_row {
  std::string code;
  std::string node;
  std::int64_t seq = 0;
  std::optional<std::string> summary;
};

// Why a store gives no answer to a question.
struct store_refusal {
  enum class reason {
    busy,    // too many questions wait; `retry_after_seconds` says when to ask again
    closed,  // the store is shutting down
    failed,  // reading failed (a damaged or vanished file, a lost connection)
  };
  reason why = reason::failed;
  std::string message;
  std::optional<int> retry_after_seconds;
};

using rankings_result = rules::result<protocol::rankings_answer, store_refusal>;

// What became of a player's row (store::save_player).
enum class player_saved {
  saved,       // committed
  name_taken,  // another player's row holds the name's key (name_key()): nothing written
  failed,      // not written: the job failed, or the store closed first
};

// A player looked up by token hash: nullopt when no row has it.
using player_lookup = rules::result<std::optional<player_record>, store_refusal>;

struct rating_change {
  std::string player_id;
  std::string name;
  rating before;
  rating after;
  shithead::server::title title;  // after this game
};

// What recording a game gave: its id, and for a finished game each human's new rating.
struct recorded_game {
  std::int64_t game_id = 0;
  bool abandoned = false;
  std::vector<rating_change> ratings;
};

// What became of a table's step (store::save_step).
struct step_result {
  enum class outcome {
    written,  // committed; `games` holds what recording its games gave
    failed,   // not written: the job failed, or the store closed first
    moved,    // not written: another server claimed the table (table_step::epoch)
  };
  outcome result = outcome::failed;
  std::vector<recorded_game> games;
};

// A table claimed by this server on a store that several active servers share
// (store::claim_table): it is this server's to serve and write from now on, at `epoch`,
// until another claims it.
struct table_claim {
  enum class outcome {
    claimed,         // `table` is its saved state and log, to restore
    held_elsewhere,  // a live server owns it: `owner` names it
    no_such_table,   // no table in play has the code
    failed,          // the store could not answer (unreachable, closed)
  };
  outcome result = outcome::failed;
  std::int64_t epoch = 0;
  saved_table table;
  std::string owner;
};

class store {
 public:
  virtual ~store() = default;

  // Before start(), on the caller's thread: what a starting server loads.
  virtual std::vector<player_record> load_players() = 0;
  virtual std::vector<saved_table> load_rooms() = 0;

  // Starts the store's own thread; from here on, only the queued calls below.
  virtual void start() = 0;
  // Writes everything queued, then stops. Later calls are dropped.
  virtual void close() = 0;

  // Queued writes, never dropped while the store is open, written in the order queued.
  // A player's row holds their name's key (name_key()) under a unique index: names are
  // unique in the store, whichever server wrote them. `done` hears after the commit (on
  // the store's thread) whether the row went in; a name another row holds writes nothing.
  virtual void save_player(player_record player, std::function<void(player_saved)> done) = 0;
  void save_player(player_record player) { save_player(std::move(player), {}); }
  // Forgets players last seen before `seen_before` who never sat in a recorded game: a
  // name and a registry place are not held for ever by someone who never played.
  // `done` gets their ids after the commit (on the store's thread); at most `most` go in
  // one call, so that the writer's batch stays short.
  virtual void forget_idle_players(std::chrono::system_clock::time_point seen_before, int most,
                                   std::function<void(std::vector<std::string>)> done) = 0;
  // One step of a table (table_step). `done` hears after the commit (on the store's
  // thread) whether it was written, and what recording its games gave.
  virtual void save_step(table_step step, std::function<void(step_result)> done) = 0;
  // A step that only saves the state (or forgets the table) and records `games`; `done`
  // gets what recording them gave, an empty list when the write failed.
  void save_table(std::string code, std::optional<std::string> state, std::vector<game_to_record> games,
                  std::function<void(std::vector<recorded_game>)> done) {
    save_step(table_step{std::move(code), std::move(state), 0, {}, std::move(games)},
              done ? [done = std::move(done)](step_result r) { done(std::move(r.games)); }
                   : std::function<void(step_result)>());
  }

  // A rankings question (the leaderboard, a player, players by name, a game), answered
  // through `done` exactly once: on the store's reading thread from the last commit, or
  // at once on the caller's thread, refused as busy or closed.
  virtual void answer_rankings(protocol::rankings_question question, std::function<void(rankings_result)> done) = 0;

  // The player whose token hashes to `token_hash`, read from the last commit as a
  // rankings question is (and refused the same ways), answered through `done` once: a
  // token issued by another server that shares the store is found here.
  virtual void find_player(std::string token_hash, std::function<void(player_lookup)> done) = 0;

  // False while writes fail (/healthz; tables refuse moves with cannot_save). Writes the
  // disk refuses are kept and tried again, never answered as failed. Answers at once,
  // from any thread.
  virtual bool healthy() const = 0;
  // Why the store is not healthy, for /healthz and the log ("the disk refuses writes",
  // "the data file ... was deleted"); nullopt while it is.
  virtual std::optional<std::string> problem() const = 0;
  // Jobs queued and not yet taken by the store's thread (/metrics).
  virtual std::size_t queue_depth() const = 0;

  // The right to write, when several servers share the store (store_lease.hpp): the
  // server takes it before it loads anything, and stops when it loses it. Null for a
  // store only this process uses.
  virtual store_lease* lease() { return nullptr; }

  // Several active servers on one store (`serve --cluster`, README.md "Several servers at
  // once"): each table in play belongs to one of them, by a claim with an epoch, and every
  // step names the epoch it was made under (table_step::epoch). A store one server
  // writes answers false, and the calls below are never made on it.
  virtual bool shares_tables() const { return false; }
  // A new table's code, taken for this server at epoch 1 before anyone is told of it;
  // nullopt when another table holds the code (or the store failed): pick another.
  virtual void reserve_table(std::string code, std::function<void(std::optional<std::int64_t> epoch)> done) {
    (void)code;
    done(std::nullopt);
  }
  // Takes over a table whose owner is gone (no owner, or its node's lease lapsed), with
  // its saved state and log; a table a live server owns stays there (held_elsewhere).
  virtual void claim_table(std::string code, std::function<void(table_claim)> done) {
    (void)code;
    done(table_claim{});
  }
  // Up to `most` tables in play that no server has owned for `unowned_for` (no owner, or
  // one whose lease lapsed that long ago), in a random order so that nodes sweeping at
  // once spread them: for a sweeper to claim the tables nobody came back to. The wait
  // leaves a table's players time to come back first, through the proxy, to the node
  // that serves their table's code.
  virtual void orphan_tables(int most, std::chrono::milliseconds unowned_for,
                             std::function<void(std::vector<std::string>)> done) {
    (void)most;
    (void)unowned_for;
    done({});
  }
  // The handover of a table a live server holds to the server the proxy sent its players
  // to (protocol/docs/lobby_messages.md, "Several servers"):
  // - ask_handover asks the server `owner` to let `code` go: a notification of its own,
  //   never inside a step's transaction, where it would serialize commits;
  // - `asked` hears (on a thread of the store's) every code another server asks this one
  //   to let go;
  // - release_table lets this server's claim of `code` at `epoch` go, after every write
  //   queued before it, so that the next server a player reaches claims it at once;
  //   `done` hears whether it was still this server's to let go.
  virtual void on_handover_asked(std::function<void(const std::string& code)> asked) { (void)asked; }
  virtual void ask_handover(std::string owner, std::string code) {
    (void)owner;
    (void)code;
  }
  virtual void release_table(std::string code, std::int64_t epoch, std::function<void(bool released)> done) {
    (void)code;
    (void)epoch;
    done(false);
  }
  // One lobby across the cluster: each node publishes its public tables' changes (a
  // write, then a notification of its own after the commit, never inside a step's), and
  // the others hear which node published (`published`, on a thread of the store's) and
  // read its rows after the last they saw. read_listed with an empty `node` reads every
  // other node's listed tables (a node starting, or hearing again after a gap).
  virtual void publish_tables(std::vector<listed_table> tables) { (void)tables; }
  virtual void on_tables_published(std::function<void(const std::string& node)> published) { (void)published; }
  virtual void read_listed(std::string node, std::int64_t after, std::function<void(std::vector<listed_row>)> done) {
    (void)node;
    (void)after;
    done({});
  }
};

inline std::int64_t to_unix_ms(std::chrono::system_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

inline std::chrono::system_clock::time_point from_unix_ms(std::int64_t ms) {
  return std::chrono::system_clock::time_point(std::chrono::milliseconds(ms));
}

}  // namespace shithead::server
