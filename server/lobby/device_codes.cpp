#include "server/lobby/device_codes.hpp"

#include <algorithm>
#include <utility>

#include "server/lobby/random_code.hpp"
#include "server/lobby/table_code.hpp"

namespace shithead::server {

std::optional<std::string> normalize_device_code(std::string_view typed) {
  std::string code;
  for (char c : typed) {
    if (c == ' ' || c == '-' || c == '\t' || c == '\n' || c == '\r') continue;
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (table_code_alphabet.find(c) == std::string_view::npos) return std::nullopt;
    code += c;
    if (code.size() > device_code_length) return std::nullopt;
  }
  if (code.size() != device_code_length) return std::nullopt;
  return code;
}

std::string display_device_code(std::string_view code) {
  const auto half = code.size() / 2;
  return std::string(code.substr(0, half)) + "-" + std::string(code.substr(half));
}

device_codes::device_codes(random_source random, std::chrono::seconds lifetime)
    : random_(std::move(random)), lifetime_(lifetime) {}

std::string device_codes::draw_code() { return random_code(random_, device_code_length); }

std::string device_codes::issue(const std::string& player_id, std::string token, clock::time_point now) {
  sweep(now);
  cancel(player_id);
  std::string code = draw_code();
  // A live code is never handed out twice; with 2^39 codes a clash is rare, and a source
  // that keeps clashing is broken, so the last draw is taken over the old one.
  for (int tries = 0; by_code_.contains(code) && tries < 16; ++tries) code = draw_code();
  if (const auto clash = by_code_.find(code); clash != by_code_.end()) {
    by_player_.erase(clash->second.player_id);
    by_code_.erase(clash);
  }
  const auto expires = now + lifetime_;
  by_code_.emplace(code, entry{player_id, std::move(token), expires});
  by_player_[player_id] = code;
  expiry_.emplace_back(expires, code);
  // Replaced codes leave entries behind; a player asking again and again must not grow
  // the queue past a small multiple of the live codes.
  if (expiry_.size() > 2 * by_code_.size() + 64) {
    expiry_.clear();
    for (const auto& [live, held] : by_code_) expiry_.emplace_back(held.expires, live);
    std::sort(expiry_.begin(), expiry_.end());
  }
  return code;
}

std::optional<std::string> device_codes::redeem(std::string_view typed, clock::time_point now) {
  sweep(now);
  const auto code = normalize_device_code(typed);
  if (!code) return std::nullopt;
  const auto it = by_code_.find(*code);
  if (it == by_code_.end() || it->second.expires <= now) return std::nullopt;
  std::string token = std::move(it->second.token);
  by_player_.erase(it->second.player_id);
  by_code_.erase(it);
  return token;
}

void device_codes::cancel(const std::string& player_id) {
  const auto it = by_player_.find(player_id);
  if (it == by_player_.end()) return;
  by_code_.erase(it->second);
  by_player_.erase(it);
}

void device_codes::sweep(clock::time_point now) {
  while (!expiry_.empty() && expiry_.front().first <= now) {
    const auto& code = expiry_.front().second;
    // The same code may have been issued again since (a clash); only an expired one goes.
    if (const auto it = by_code_.find(code); it != by_code_.end() && it->second.expires <= now) {
      by_player_.erase(it->second.player_id);
      by_code_.erase(it);
    }
    expiry_.pop_front();
  }
}

}  // namespace shithead::server
