#include "server/lobby/lobby.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

#include "server/lobby/table_code.hpp"

namespace shithead::server {
namespace {

// Each draw collides only if the code is open or retired; a source that keeps colliding
// is broken, and the player gets an error instead of a hang.
constexpr int max_code_draws = 16;

bool is_joinable(const protocol::table_summary& table) { return !table.in_game && table.seated < table.seats; }

}  // namespace

lobby::list_key lobby::key_of(const lobby_table& table) {
  return list_key{!is_joinable(table.summary), table.created, table.code};
}

void lobby::unlist(const lobby_table& table) {
  if (is_listed(table)) listed_.erase(key_of(table));
}

void lobby::list(const lobby_table& table) {
  if (is_listed(table)) listed_.insert(key_of(table));
}

lobby::lobby(random_source random, lobby_limits limits) : random_(std::move(random)), limits_(limits) {}

rules::result<std::string, lobby_error> lobby::create_table(std::string_view owner_player_id, bool is_public,
                                                            time_point now) {
  if (tables_owned_by(owner_player_id) >= limits_.max_tables_per_owner) {
    return lobby_error{protocol::error_code::too_many_tables, "you already have " +
                                                                  std::to_string(limits_.max_tables_per_owner) +
                                                                  " open tables that you are at; leave one first"};
  }
  if (tables_.size() >= limits_.max_tables) {
    return lobby_error{protocol::error_code::lobby_full, "the server has no room for another table"};
  }
  std::string code;
  for (int draw = 0; draw < max_code_draws && code.empty(); ++draw) {
    code = make_table_code(random_);
    if (tables_.contains(code) || retired_.contains(code)) code.clear();
  }
  if (code.empty()) return lobby_error{protocol::error_code::lobby_full, "no fresh table code; try again"};

  lobby_table table{code, std::string(owner_player_id), now, protocol::table_summary{}, false, false};
  table.summary.code = code;
  table.summary.is_public = is_public;
  tables_.emplace(code, std::move(table));
  ++owned_[std::string(owner_player_id)];
  // Not listed until the room reports, so watchers hear nothing yet.
  return code;
}

bool lobby::restore_table(std::string_view code, std::string_view owner_player_id, bool is_public, time_point now) {
  const auto normal = normalize_table_code(code);
  if (normal && *normal == code && is_remote(code)) unlist_remote(code);  // served here from now on
  if (!normal || *normal != code || tables_.contains(*normal)) return false;
  lobby_table table{*normal, std::string(owner_player_id), now, protocol::table_summary{}, false, false};
  table.summary.code = *normal;
  table.summary.is_public = is_public;
  tables_.emplace(*normal, std::move(table));
  ++owned_[std::string(owner_player_id)];
  return true;
}

rules::result<lobby_table, lobby_error> lobby::find(std::string_view code) const {
  const auto normal = normalize_table_code(code);
  if (!normal) {
    return lobby_error{protocol::error_code::bad_code, "a table code is six letters and digits, like K7MPQ2"};
  }
  const auto it = tables_.find(*normal);
  if (it == tables_.end()) {
    const bool closed = retired_.contains(*normal);
    return lobby_error{protocol::error_code::no_such_table,
                       closed ? "table " + *normal + " has closed" : "no table has code " + *normal};
  }
  return it->second;
}

bool lobby::update_summary(std::string_view code, protocol::table_summary summary) {
  const auto normal = normalize_table_code(code);
  const auto it = normal ? tables_.find(*normal) : tables_.end();
  if (it == tables_.end()) return false;
  auto& table = it->second;
  const bool was_listed = is_listed(table);
  summary.code = table.code;
  if (table.reported && table.summary == summary) return true;  // nothing new to show
  unlist(table);
  table.summary = std::move(summary);
  table.reported = true;
  list(table);
  if (was_listed || is_listed(table)) changed();
  return true;
}

void lobby::release_owner(lobby_table& table) {
  if (table.owner_player_id.empty()) return;
  const auto owner = owned_.find(table.owner_player_id);
  if (owner != owned_.end() && --owner->second == 0) owned_.erase(owner);
  table.owner_player_id.clear();
}

bool lobby::disown(std::string_view code, std::string_view player_id) {
  const auto it = tables_.find(code);
  if (it == tables_.end() || it->second.owner_player_id.empty() || it->second.owner_player_id != player_id)
    return false;
  release_owner(it->second);
  return true;
}

bool lobby::remove(std::string_view code) {
  const auto normal = normalize_table_code(code);
  const auto it = normal ? tables_.find(*normal) : tables_.end();
  if (it == tables_.end()) return false;
  const bool was_listed = is_listed(it->second);
  unlist(it->second);

  release_owner(it->second);

  if (limits_.retired_codes > 0) {
    retired_.insert(it->second.code);
    retired_order_.push_back(it->second.code);
    if (retired_order_.size() > limits_.retired_codes) {
      retired_.erase(retired_order_.front());
      retired_order_.pop_front();
    }
  }
  tables_.erase(it);
  if (was_listed) changed();
  return true;
}

void lobby::list_remote(std::string_view code, protocol::table_summary summary, time_point now) {
  const auto normal = normalize_table_code(code);
  if (!normal || *normal != code) return;
  const auto it = tables_.find(*normal);
  if (it != tables_.end()) {
    if (it->second.remote) update_summary(code, std::move(summary));
    return;
  }
  if (tables_.size() >= limits_.max_tables) return;  // as a new table of this server's would be refused
  lobby_table table{*normal, std::string(), now, protocol::table_summary{}, false, true};
  table.summary.code = *normal;
  tables_.emplace(*normal, std::move(table));
  update_summary(code, std::move(summary));
}

void lobby::unlist_remote(std::string_view code) {
  const auto it = tables_.find(code);
  if (it == tables_.end() || !it->second.remote) return;
  const bool was_listed = is_listed(it->second);
  unlist(it->second);
  tables_.erase(it);
  if (was_listed) changed();
}

bool lobby::is_remote(std::string_view code) const {
  const auto it = tables_.find(code);
  return it != tables_.end() && it->second.remote;
}

std::vector<protocol::table_summary> lobby::public_tables() const {
  std::vector<protocol::table_summary> out;
  out.reserve(std::min(listed_.size(), limits_.max_listed));
  for (const auto& key : listed_) {
    if (out.size() >= limits_.max_listed) break;
    out.push_back(tables_.find(key.code)->second.summary);
  }
  return out;
}

std::optional<std::string> lobby::quick_play_pick() const {
  const lobby_table* best = nullptr;
  // The most humans waiting first, wherever the table is served; at a tie this server's
  // own (no reconnect to another), then the oldest.
  const auto rank = [](const lobby_table& t) {
    return std::make_tuple(-t.summary.humans, t.remote, t.created, std::string_view(t.code));
  };
  for (const auto& [code, table] : tables_) {
    if (!is_listed(table) || !is_joinable(table.summary)) continue;
    if (best == nullptr || rank(table) < rank(*best)) best = &table;
  }
  if (best == nullptr) return std::nullopt;
  return best->code;
}

void lobby::subscribe(std::string player_id, const std::shared_ptr<participant>& watcher_ptr) {
  if (!watcher_ptr) return;
  const auto same =
      std::find_if(watchers_.begin(), watchers_.end(), [&](const watcher& w) { return w.key == watcher_ptr.get(); });
  if (same != watchers_.end()) {
    same->player_id = std::move(player_id);
    same->target = watcher_ptr;
  } else {
    watchers_.push_back(watcher{std::move(player_id), watcher_ptr, watcher_ptr.get()});
  }
  watcher_ptr->deliver(current_list());
}

void lobby::unsubscribe(const participant& watcher_ref) {
  std::erase_if(watchers_, [&](const watcher& w) { return w.key == &watcher_ref; });
}

std::size_t lobby::tables_owned_by(std::string_view player_id) const {
  const auto it = owned_.find(player_id);
  return it == owned_.end() ? 0 : it->second;
}

std::size_t lobby::watcher_count() const {
  return static_cast<std::size_t>(
      std::count_if(watchers_.begin(), watchers_.end(), [](const watcher& w) { return !w.target.expired(); }));
}

frame lobby::current_list() {
  if (!last_list_) last_list_ = make_frame(protocol::to_text(protocol::tables_message{last_sent_}));
  return last_list_;
}

void lobby::changed() {
  if (flush_pending_) return;
  flush_pending_ = true;
  if (schedule_flush_) schedule_flush_(quiet_until_);
}

void lobby::flush(time_point now) {
  flush_pending_ = false;
  auto now_listed = public_tables();
  if (now_listed == last_sent_) return;  // changed and changed back: nothing to tell

  // The summaries a watcher does not have yet, and the order of the whole list.
  string_map<const protocol::table_summary*> before;
  for (const auto& table : last_sent_) before.emplace(table.code, &table);
  protocol::tables_changed_message change;
  change.order.reserve(now_listed.size());
  for (const auto& table : now_listed) {
    change.order.push_back(table.code);
    const auto old = before.find(table.code);
    if (old == before.end() || !(*old->second == table)) change.changed.push_back(table);
  }
  last_sent_ = std::move(now_listed);
  last_list_.reset();

  std::erase_if(watchers_, [](const watcher& w) { return w.target.expired(); });
  if (watchers_.empty()) return;
  const auto message = make_frame(protocol::to_text(change));
  // The frame's share of every watcher's byte rate, rounded up to a microsecond.
  const auto rate = std::max<std::size_t>(limits_.watcher_bytes_per_second, 1);
  quiet_until_ = now + std::chrono::microseconds((message->size() * 1'000'000 + rate - 1) / rate);
  // A watcher may unsubscribe from inside deliver(); walk a copy.
  std::vector<std::shared_ptr<participant>> live;
  live.reserve(watchers_.size());
  for (const auto& w : watchers_) {
    if (auto target = w.target.lock()) live.push_back(std::move(target));
  }
  for (const auto& target : live) target->deliver(message);
}

}  // namespace shithead::server
