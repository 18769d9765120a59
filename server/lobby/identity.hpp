#pragma once
// Who a connection is: a player picks a name and the server hands out a secret token
// that the browser keeps; the token reclaims the player (and so the name and the seat)
// from any browser. No passwords. Only the token's SHA-256 is kept, so the records a
// store saves cannot be used to log in. Single-threaded: owned by one strand.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "protocol/error_code.hpp"
#include "rules/error.hpp"
#include "server/core/player_record.hpp"
#include "server/core/random_source.hpp"

namespace shithead::server {

// Codes: bad_name (see clean_player_name()), name_taken (another player has this name,
// ignoring case), bad_token (not a token this server issued: drop it and say hello
// without one), registry_full, no_such_player (a rename of an unregistered id).
struct identity_error {
  protocol::error_code code;
  std::string message;
};

// The answer to hello, and what the welcome message carries.
struct welcome {
  std::string player_id;
  std::string name;
  std::string token;  // the client keeps it; sent back only to its owner
  bool is_new = false;
  bool token_renewed = false;  // `token` replaces the exposed one the hello came with
};

struct identity_limits {
  std::size_t max_players = 100'000;
};

class player_registry {
 public:
  using time_point = std::chrono::system_clock::time_point;

  explicit player_registry(random_source random, identity_limits limits = {});

  // Without a token (or with an empty one): a new player named `name`, with a fresh
  // token. With a token: that player again; a blank `name` keeps the old name, another
  // renames the player if the name is free. Errors: bad_token (checked first),
  // bad_name, name_taken, registry_full.
  rules::result<welcome, identity_error> hello(std::string_view name, std::optional<std::string_view> token,
                                               time_point now);

  // A fresh token for a known player; the old one stops working at once. nullopt for an
  // unknown player (or a random source that keeps repeating itself).
  std::optional<std::string> renew_token(std::string_view player_id);

  // Renames a known player; the same name in other letter case is allowed.
  std::optional<identity_error> rename(std::string_view player_id, std::string_view name);

  const player_record* find_by_id(std::string_view player_id) const;
  const player_record* find_by_token_hash(std::string_view token_hash) const;
  // Hashes the token and looks it up; nullptr for anything not issued here.
  const player_record* find_by_token(std::string_view token) const;
  // The player using this name, ignoring case.
  const player_record* find_by_name(std::string_view name) const;

  // A record from the store. False, and nothing changes, when the registry is full or
  // its id, token hash or name (ignoring case) is already present.
  bool load(player_record record);

  // Removes a player (their name is free again, their token no longer known) if they
  // have not been seen since `seen_before`; false, and nothing changes, otherwise.
  bool forget(std::string_view player_id, time_point seen_before);

  std::size_t size() const { return players_.size(); }
  const identity_limits& limits() const { return limits_; }

  // Every record, in no particular order; for saving and for tests.
  void for_each(const std::function<void(const player_record&)>& visit) const;

 private:
  struct string_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  template <class V>
  using string_map = std::unordered_map<std::string, V, string_hash, std::equal_to<>>;

  std::string random_hex(std::size_t length);
  // A token no player holds, and its hash; nullopt after max draws of repeats.
  std::optional<std::pair<std::string, std::string>> fresh_token();

  random_source random_;
  identity_limits limits_;
  string_map<player_record> players_;  // by id
  string_map<std::string> by_token_hash_;
  string_map<std::string> by_name_key_;
};

}  // namespace shithead::server
