#pragma once
// The table registry: which table codes are open, who opened them, the public list and
// quick play. It knows tables only by the summaries their rooms report, never a room
// itself, and pushes the public list to the players watching the lobby.
// Single-threaded: owned by one strand; time comes in as an argument.
//
// The public list is kept in order as tables change (a change costs a log-time update,
// never a sort of every table), and watchers are told of changes only when the owner
// calls flush(): a few times a second at most, with every change since the last flush
// in one small `tables_changed` frame that all watchers share. However fast others
// change tables, a watcher's stream keeps to a byte rate: after a frame of B bytes the
// next flush waits B / watcher_bytes_per_second, the changes of that wait coalescing.
#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "protocol/error_code.hpp"
#include "protocol/server_message.hpp"
#include "rules/error.hpp"
#include "server/core/participant.hpp"
#include "server/core/random_source.hpp"

namespace shithead::server {

// Codes: bad_code (not six characters of the code alphabet), no_such_table (well-formed,
// but no open table has it), too_many_tables (the player owns the most open tables
// allowed), lobby_full (the server holds the most tables allowed).
struct lobby_error {
  protocol::error_code code;
  std::string message;
};

struct lobby_limits {
  std::size_t max_tables_per_owner = 3;
  std::size_t max_tables = 10'000;
  // Codes of closed tables not handed out again until this many later tables closed,
  // so an old invitation link does not lead into a stranger's table.
  std::size_t retired_codes = 10'000;
  // The public list holds at most this many tables (the first in its order), so that
  // one change never means megabytes to every watcher. Quick play sees all tables.
  std::size_t max_listed = 100;
  // What a watcher of the list is sent at most, on average, after its first `tables`
  // frame, whatever others do: 4 KiB/s is a small table's worth of changes at the owner's
  // four flushes a second, and a tenth of what 100 connections churning spectate and
  // leave sent every watcher before (issue 34).
  std::size_t watcher_bytes_per_second = 4096;
};

struct lobby_table {
  std::string code;
  std::string owner_player_id;
  std::chrono::steady_clock::time_point created;
  // What the room last reported; until it reports, `reported` is false and the table
  // is left out of the public list and quick play. summary.code is always `code`.
  protocol::table_summary summary;
  bool reported = false;
  // Another server of a cluster serves it (list_remote): listed, with no owner here.
  bool remote = false;
};

class lobby {
 public:
  using time_point = std::chrono::steady_clock::time_point;

  explicit lobby(random_source random, lobby_limits limits = {});

  // A new table with a fresh code, owned by the player. Errors: too_many_tables,
  // lobby_full.
  rules::result<std::string, lobby_error> create_table(std::string_view owner_player_id, bool is_public,
                                                       time_point now);

  // A table kept over a restart, under its old code and owner (no per-owner limit: it
  // existed already). False when the code is taken or malformed.
  bool restore_table(std::string_view code, std::string_view owner_player_id, bool is_public, time_point now);

  // The table a code names, as typed by a person (any case, spaces around).
  // Errors: bad_code, no_such_table.
  rules::result<lobby_table, lobby_error> find(std::string_view code) const;

  // The room's latest summary; its code is ignored in favour of `code`, its is_public
  // counts (a host may open or close the table). False if no such table.
  bool update_summary(std::string_view code, protocol::table_summary summary);

  // Closes a table: its code leaves the lists and is retired. False if no such table.
  bool remove(std::string_view code);

  // The public tables of a cluster's other servers (README.md, "Several servers at
  // once"), as their summaries come in: listed and offered by quick play as this
  // server's own are, with no owner here. A table this server serves itself keeps its
  // entry (list_remote ignores it); restore_table of a remote table's code takes it
  // over. unlist_remote forgets one that closed, went private or moved, without
  // retiring its code.
  void list_remote(std::string_view code, protocol::table_summary summary, time_point now);
  void unlist_remote(std::string_view code);
  bool is_remote(std::string_view code) const;

  // The player left the table: if they own it, it stops counting against their
  // max_tables_per_owner at once (the room may take a moment to close, or stay open for
  // the players still at it), and it has no owner from then on. False otherwise.
  bool disown(std::string_view code, std::string_view player_id);

  // The public tables that have reported, joinable ones first (a free seat and no game
  // running), newest first within each group; at most limits().max_listed of them.
  std::vector<protocol::table_summary> public_tables() const;

  // Where quick play sends a player: the listed public table, not in a game and with a
  // free seat, with the most humans waiting; on a tie this server's own before another's
  // of a cluster (which the player must reconnect to), then the longest waiting. nullopt
  // when there is none, and the caller opens one.
  std::optional<std::string> quick_play_pick() const;

  // Watchers get {"type": "tables", ...}: the list as of the last flush, and then each
  // flush's `tables_changed`. Held weakly: a participant that goes away drops out by
  // itself, though sessions should unsubscribe when they close. Subscribing again is
  // harmless and resends the list.
  void subscribe(std::string player_id, const std::shared_ptr<participant>& watcher);
  void unsubscribe(const participant& watcher);

  // Called when the public list may have changed and no flush is pending: the owner
  // arranges a flush() soon (a timer), so that a burst of changes costs one frame, and
  // not before `not_before`, when the last frame's share of the byte rate is spent.
  void on_change(std::function<void(time_point not_before)> schedule_flush) {
    schedule_flush_ = std::move(schedule_flush);
  }
  // Tells the watchers what changed in the list since the last flush, if anything did.
  void flush(time_point now);
  // When the next flush may send, by the byte rate: the time of the last frame plus its
  // bytes' share of limits().watcher_bytes_per_second.
  time_point next_flush_allowed() const { return quiet_until_; }

  std::size_t table_count() const { return tables_.size(); }
  std::size_t tables_owned_by(std::string_view player_id) const;
  std::size_t watcher_count() const;
  const lobby_limits& limits() const { return limits_; }

 private:
  struct watcher {
    std::string player_id;
    std::weak_ptr<participant> target;
    const participant* key;  // compared only, never followed: the target may be gone
  };
  struct string_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  template <class V>
  using string_map = std::unordered_map<std::string, V, string_hash, std::equal_to<>>;

  // The public list's order: joinable tables first, newest first, then by code.
  struct list_key {
    bool not_joinable;
    std::chrono::steady_clock::time_point created;
    std::string code;
    friend bool operator<(const list_key& a, const list_key& b) {
      return std::make_tuple(a.not_joinable, b.created, std::string_view(a.code)) <
             std::make_tuple(b.not_joinable, a.created, std::string_view(b.code));
    }
  };

  bool is_listed(const lobby_table& table) const { return table.reported && table.summary.is_public; }
  static list_key key_of(const lobby_table& table);
  // Takes the table out of, or puts it back into, the ordered list.
  void unlist(const lobby_table& table);
  void list(const lobby_table& table);
  // The table no longer counts against its owner's limit, and has no owner.
  void release_owner(lobby_table& table);
  // The list changed: a flush is due.
  void changed();
  frame current_list();

  random_source random_;
  lobby_limits limits_;
  string_map<lobby_table> tables_;
  string_map<std::size_t> owned_;
  std::unordered_set<std::string, string_hash, std::equal_to<>> retired_;
  std::deque<std::string> retired_order_;
  std::set<list_key> listed_;
  std::vector<watcher> watchers_;
  std::function<void(time_point)> schedule_flush_;
  bool flush_pending_ = false;
  time_point quiet_until_{};                        // next_flush_allowed()
  std::vector<protocol::table_summary> last_sent_;  // the list as of the last flush
  frame last_list_;                                 // last_sent_ as a `tables` frame, once asked for
};

}  // namespace shithead::server
