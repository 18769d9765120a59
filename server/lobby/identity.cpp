#include "server/lobby/identity.hpp"

#include <array>
#include <utility>

#include "server/core/player_name.hpp"
#include "server/lobby/sha256.hpp"

namespace shithead::server {
namespace {

bool is_token_shaped(std::string_view token) { return is_lower_hex(token, token_hex_length); }

// A random source that keeps repeating itself is broken; give up rather than spin.
constexpr int max_draws = 16;

}  // namespace

player_registry::player_registry(random_source random, identity_limits limits)
    : random_(std::move(random)), limits_(limits) {}

std::string player_registry::random_hex(std::size_t length) {
  std::string out;
  while (out.size() < length) {
    const std::uint64_t bits = random_();
    std::array<std::uint8_t, 8> bytes{};
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::uint8_t>(bits >> (56 - 8 * i));
    out += to_hex(bytes);
  }
  out.resize(length);
  return out;
}

rules::result<welcome, identity_error> player_registry::hello(std::string_view name,
                                                              std::optional<std::string_view> token, time_point now) {
  auto change = prepare_hello(name, token, now);
  if (!change) return std::move(change).error();
  commit(std::move(change.value().record));
  return std::move(change.value().answer);
}

rules::result<hello_change, identity_error> player_registry::prepare_hello(std::string_view name,
                                                                           std::optional<std::string_view> token,
                                                                           time_point now) {
  if (token && !token->empty()) {
    const player_record* known = is_token_shaped(*token) ? find_by_token(*token) : nullptr;
    if (known == nullptr) {
      return identity_error{protocol::error_code::bad_token,
                            "this token is not known here; forget it and say hello without one"};
    }
    hello_change change{*known, {}, false};
    auto& record = change.record;
    record.last_seen = now;
    if (!is_blank_name(name)) {
      auto cleaned = clean_player_name(name);
      if (!cleaned) return identity_error{protocol::error_code::bad_name, cleaned.error().message};
      if (auto problem = name_taken_by_other(record.id, cleaned.value())) return std::move(*problem);
      change.must_store = name_key(cleaned.value()) != name_key(record.name);
      record.name = std::move(cleaned).value();
    }
    std::string token_text(*token);
    if (record.token_exposed) {
      // Works this once: the player leaves with a token nobody could have predicted.
      auto renewed = with_fresh_token(record.id);
      if (!renewed) return identity_error{protocol::error_code::registry_full, "no fresh token; try again"};
      record.token_hash = renewed->first.token_hash;
      record.token_exposed = false;
      token_text = std::move(renewed->second);
      change.answer.token_renewed = true;
      change.must_store = true;
    }
    change.answer.player_id = record.id;
    change.answer.name = record.name;
    change.answer.token = std::move(token_text);
    return change;
  }

  auto cleaned = clean_player_name(name);
  if (!cleaned) return identity_error{protocol::error_code::bad_name, cleaned.error().message};
  if (auto problem = name_taken_by_other({}, cleaned.value())) return std::move(*problem);
  if (players_.size() >= limits_.max_players) {
    return identity_error{protocol::error_code::registry_full, "the server has no room for new players"};
  }

  // The id and the token are separate draws: the public id says nothing of the token.
  std::string id;
  for (int draw = 0; draw < max_draws && id.empty(); ++draw) {
    id = random_hex(player_id_hex_length);
    if (players_.contains(id)) id.clear();
  }
  auto token_pair = fresh_token();
  if (id.empty() || !token_pair) {
    return identity_error{protocol::error_code::registry_full, "no fresh player id or token; try again"};
  }
  auto& [token_text, token_hash] = *token_pair;
  hello_change change{player_record{id, cleaned.value(), std::move(token_hash), now, now},
                      welcome{id, std::move(cleaned).value(), std::move(token_text), true}, true};
  return change;
}

std::optional<identity_error> player_registry::name_taken_by_other(std::string_view player_id,
                                                                   const std::string& cleaned_name) const {
  const auto holder = by_name_key_.find(name_key(cleaned_name));
  if (holder == by_name_key_.end() || holder->second == player_id) return std::nullopt;
  return identity_error{protocol::error_code::name_taken, "\"" + cleaned_name + "\" is taken; pick another name"};
}

void player_registry::commit(player_record record) {
  auto it = players_.find(record.id);
  if (it != players_.end()) {
    unlink(it->second);
    it->second = std::move(record);
  } else {
    std::string id = record.id;
    it = players_.emplace(std::move(id), std::move(record)).first;
  }
  by_name_key_.insert_or_assign(name_key(it->second.name), it->second.id);
  by_token_hash_.insert_or_assign(it->second.token_hash, it->second.id);
}

void player_registry::take_back(const player_record& applied) {
  const auto it = players_.find(applied.id);
  if (it == players_.end() || it->second != applied) return;
  unlink(it->second);
  players_.erase(it);
}

void player_registry::unlink(const player_record& record) {
  if (const auto key = by_name_key_.find(name_key(record.name)); key != by_name_key_.end() && key->second == record.id)
    by_name_key_.erase(key);
  if (const auto hash = by_token_hash_.find(record.token_hash);
      hash != by_token_hash_.end() && hash->second == record.id)
    by_token_hash_.erase(hash);
}

std::optional<std::pair<std::string, std::string>> player_registry::fresh_token() {
  for (int draw = 0; draw < max_draws; ++draw) {
    std::string text = random_hex(token_hex_length);
    std::string hash = sha256_hex(text);
    if (!by_token_hash_.contains(hash)) return std::pair{std::move(text), std::move(hash)};
  }
  return std::nullopt;
}

std::optional<std::pair<player_record, std::string>> player_registry::with_fresh_token(std::string_view player_id) {
  const auto player = players_.find(player_id);
  if (player == players_.end()) return std::nullopt;
  auto token_pair = fresh_token();
  if (!token_pair) return std::nullopt;
  auto& [token_text, token_hash] = *token_pair;
  player_record record = player->second;
  record.token_hash = std::move(token_hash);
  record.token_exposed = false;
  return std::pair{std::move(record), std::move(token_text)};
}

std::optional<std::string> player_registry::renew_token(std::string_view player_id) {
  auto renewed = with_fresh_token(player_id);
  if (!renewed) return std::nullopt;
  commit(std::move(renewed->first));
  return std::move(renewed->second);
}

std::optional<identity_error> player_registry::rename(std::string_view player_id, std::string_view name) {
  const auto player = players_.find(player_id);
  if (player == players_.end()) {
    return identity_error{protocol::error_code::no_such_player, "no such player"};
  }
  auto cleaned = clean_player_name(name);
  if (!cleaned) return identity_error{protocol::error_code::bad_name, cleaned.error().message};
  if (auto problem = name_taken_by_other(player_id, cleaned.value())) return problem;
  player_record record = player->second;
  record.name = std::move(cleaned).value();
  commit(std::move(record));
  return std::nullopt;
}

const player_record* player_registry::find_by_id(std::string_view player_id) const {
  const auto it = players_.find(player_id);
  return it == players_.end() ? nullptr : &it->second;
}

const player_record* player_registry::find_by_token_hash(std::string_view token_hash) const {
  const auto it = by_token_hash_.find(token_hash);
  return it == by_token_hash_.end() ? nullptr : find_by_id(it->second);
}

const player_record* player_registry::find_by_token(std::string_view token) const {
  return find_by_token_hash(sha256_hex(token));
}

const player_record* player_registry::find_by_name(std::string_view name) const {
  auto cleaned = clean_player_name(name);
  if (!cleaned) return nullptr;
  const auto it = by_name_key_.find(name_key(cleaned.value()));
  return it == by_name_key_.end() ? nullptr : find_by_id(it->second);
}

bool player_registry::load(player_record record) {
  std::string key = name_key(record.name);
  if (players_.size() >= limits_.max_players || players_.contains(record.id) ||
      by_token_hash_.contains(record.token_hash) || by_name_key_.contains(key)) {
    return false;
  }
  by_name_key_.emplace(std::move(key), record.id);
  by_token_hash_.emplace(record.token_hash, record.id);
  std::string id = record.id;
  players_.emplace(std::move(id), std::move(record));
  return true;
}

bool player_registry::forget(std::string_view player_id, time_point seen_before) {
  const auto it = players_.find(player_id);
  if (it == players_.end() || it->second.last_seen >= seen_before) return false;
  unlink(it->second);
  players_.erase(it);
  return true;
}

void player_registry::for_each(const std::function<void(const player_record&)>& visit) const {
  for (const auto& [id, record] : players_) visit(record);
}

}  // namespace shithead::server
