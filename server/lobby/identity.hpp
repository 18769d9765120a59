#pragma once
// Who a connection is: a player picks a name and the server hands out a secret token
// that the browser keeps; the token reclaims the player (and so the name and the seat)
// from any browser. No passwords. Only the token's SHA-256 is kept, so the records a
// store saves cannot be used to log in. Single-threaded: owned by one strand.
//
// With a store, the registry is what this server knows of the store's players, and the
// store decides: a hello that claims a name or hands out a token is worked out here
// (prepare_hello), written to the store, whose unique index on the name key refuses a
// name another server took meanwhile, and taken here (commit) only once it is stored.
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

// What a hello changes, worked out against the registry but not yet done: the registry
// is unchanged until commit(record).
struct hello_change {
  player_record record;  // the player as the store must hold them, last_seen = now
  welcome answer;
  // The store must hold `record` before `answer` goes out: a new player, a name under
  // another key, or a new token. A crash must not lose what a client was told. Otherwise
  // (the same name, in any letter case) only last_seen and the name's case change.
  bool must_store = false;
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
  // prepare_hello, then commit: for tests and a server without a store.
  rules::result<welcome, identity_error> hello(std::string_view name, std::optional<std::string_view> token,
                                               time_point now);
  // What hello() would do, with the same errors, changing nothing. A name is checked
  // against the names here: the store checks it again against every server's.
  rules::result<hello_change, identity_error> prepare_hello(std::string_view name,
                                                            std::optional<std::string_view> token, time_point now);

  // Takes a record the store holds: a new player, or a known one's new name, token or
  // last_seen. Its name key and token hash lead to it from now on, even from another
  // record here that still had them: the store holds names, and that record is stale.
  void commit(player_record record);
  // The store refused `applied` after commit() took it (another server holds the name,
  // or the store closed first): the player is dropped from here, unless their record has
  // changed since, and their next hello reads from the store what it holds.
  void take_back(const player_record& applied);

  // A fresh token for a known player; the old one stops working at once. nullopt for an
  // unknown player (or a random source that keeps repeating itself).
  std::optional<std::string> renew_token(std::string_view player_id);
  // The player with a fresh token, and the token, changing nothing until commit().
  std::optional<std::pair<player_record, std::string>> with_fresh_token(std::string_view player_id);

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
  // Why `player_id` may not be called `cleaned_name`: another player here holds its key.
  std::optional<identity_error> name_taken_by_other(std::string_view player_id, const std::string& cleaned_name) const;
  // Lets go of the name key and token hash that lead to `record` (not those that
  // already lead to another player).
  void unlink(const player_record& record);

  random_source random_;
  identity_limits limits_;
  string_map<player_record> players_;  // by id
  string_map<std::string> by_token_hash_;
  string_map<std::string> by_name_key_;
};

}  // namespace shithead::server
