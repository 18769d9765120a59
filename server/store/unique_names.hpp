#pragma once
// The name keys of players stored before names were unique in the store itself (SQLite's
// schema 6, PostgreSQL's 3), for both migrations to write. Until then only the registry
// kept names apart, in memory, with the case folding of its day: rows written by older
// servers (or copied from several files) may share a key today's folding gives. Of the
// players who share one, the one seen last keeps the name, so that whoever plays now is
// not renamed under their feet; each of the others gets a numbered name ("Ana 2") whose
// key nobody holds, and is told nothing but sees it at their next hello.
#include <cstdint>
#include <string>
#include <vector>

namespace shithead::server {

struct stored_name {
  std::string id;
  std::string name;
  std::int64_t last_seen = 0;
};

struct keyed_name {
  std::string id;
  std::string name;  // the stored name, or the numbered one that replaces it
  std::string key;   // name_key(name): unique among the results
  bool renamed = false;
};

// One result per player, in the order given.
std::vector<keyed_name> unique_name_keys(const std::vector<stored_name>& players);

}  // namespace shithead::server
