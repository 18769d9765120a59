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
  if (token && !token->empty()) {
    const player_record* known = is_token_shaped(*token) ? find_by_token(*token) : nullptr;
    if (known == nullptr) {
      return identity_error{protocol::error_code::bad_token,
                            "this token is not known here; forget it and say hello without one"};
    }
    if (!is_blank_name(name)) {
      if (auto problem = rename(known->id, name)) return std::move(*problem);
    }
    auto& record = players_.find(known->id)->second;
    record.last_seen = now;
    if (record.token_exposed) {
      // Works this once: the player leaves with a token nobody could have predicted.
      auto renewed = renew_token(record.id);
      if (!renewed) return identity_error{protocol::error_code::registry_full, "no fresh token; try again"};
      return welcome{record.id, record.name, std::move(*renewed), false, true};
    }
    return welcome{record.id, record.name, std::string(*token), false};
  }

  auto cleaned = clean_player_name(name);
  if (!cleaned) return identity_error{protocol::error_code::bad_name, cleaned.error().message};
  std::string key = name_key(cleaned.value());
  if (by_name_key_.contains(key)) {
    return identity_error{protocol::error_code::name_taken, "\"" + cleaned.value() + "\" is taken; pick another name"};
  }
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

  by_name_key_.emplace(std::move(key), id);
  by_token_hash_.emplace(token_hash, id);
  players_.emplace(id, player_record{id, cleaned.value(), std::move(token_hash), now, now});
  return welcome{std::move(id), std::move(cleaned).value(), std::move(token_text), true};
}

std::optional<std::pair<std::string, std::string>> player_registry::fresh_token() {
  for (int draw = 0; draw < max_draws; ++draw) {
    std::string text = random_hex(token_hex_length);
    std::string hash = sha256_hex(text);
    if (!by_token_hash_.contains(hash)) return std::pair{std::move(text), std::move(hash)};
  }
  return std::nullopt;
}

std::optional<std::string> player_registry::renew_token(std::string_view player_id) {
  const auto player = players_.find(player_id);
  if (player == players_.end()) return std::nullopt;
  auto token_pair = fresh_token();
  if (!token_pair) return std::nullopt;
  auto& [token_text, token_hash] = *token_pair;
  by_token_hash_.erase(player->second.token_hash);
  by_token_hash_.emplace(token_hash, player->second.id);
  player->second.token_hash = std::move(token_hash);
  player->second.token_exposed = false;
  return std::move(token_text);
}

std::optional<identity_error> player_registry::rename(std::string_view player_id, std::string_view name) {
  const auto player = players_.find(player_id);
  if (player == players_.end()) {
    return identity_error{protocol::error_code::no_such_player, "no such player"};
  }
  auto cleaned = clean_player_name(name);
  if (!cleaned) return identity_error{protocol::error_code::bad_name, cleaned.error().message};
  std::string key = name_key(cleaned.value());
  const auto holder = by_name_key_.find(key);
  if (holder != by_name_key_.end() && holder->second != player->second.id) {
    return identity_error{protocol::error_code::name_taken, "\"" + cleaned.value() + "\" is taken; pick another name"};
  }
  if (holder == by_name_key_.end()) {
    by_name_key_.erase(name_key(player->second.name));
    by_name_key_.emplace(std::move(key), player->second.id);
  }
  player->second.name = std::move(cleaned).value();
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
  by_name_key_.erase(name_key(it->second.name));
  by_token_hash_.erase(it->second.token_hash);
  players_.erase(it);
  return true;
}

void player_registry::for_each(const std::function<void(const player_record&)>& visit) const {
  for (const auto& [id, record] : players_) visit(record);
}

}  // namespace shithead::server
