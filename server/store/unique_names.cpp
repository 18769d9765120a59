#include "server/store/unique_names.hpp"

#include <algorithm>
#include <numeric>
#include <unordered_set>

#include "server/core/player_name.hpp"
#include "server/core/utf8.hpp"

namespace shithead::server {
namespace {

// The first `most` code points of `text` (all of it when it is not UTF-8 throughout:
// names were checked when they were chosen, so that is a row no server wrote).
std::string first_code_points(const std::string& text, std::size_t most) {
  std::size_t at = 0;
  for (std::size_t count = 0; count < most && at < text.size(); ++count)
    if (!decode_utf8(text, at)) return text;
  return text.substr(0, at);
}

// `name` with " n" after it, cut so that the whole stays within the longest name.
std::string numbered(const std::string& name, int n) {
  const std::string suffix = " " + std::to_string(n);
  std::string base = first_code_points(name, max_name_code_points - suffix.size());
  while (!base.empty() && base.back() == ' ') base.pop_back();  // names never end in a space
  return base + suffix;
}

}  // namespace

std::vector<keyed_name> unique_name_keys(const std::vector<stored_name>& players) {
  std::vector<keyed_name> out;
  out.reserve(players.size());
  for (const auto& p : players) out.push_back(keyed_name{p.id, p.name, name_key(p.name), false});

  // Who keeps each key: the player seen last (the lower id on a tie, so that the result
  // does not depend on the rows' order).
  std::vector<std::size_t> order(players.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (players[a].last_seen != players[b].last_seen) return players[a].last_seen > players[b].last_seen;
    return players[a].id < players[b].id;
  });
  std::unordered_set<std::string> taken;
  for (const auto& row : out) taken.insert(row.key);
  std::unordered_set<std::string> kept;
  for (const std::size_t i : order) {
    auto& row = out[i];
    if (kept.insert(row.key).second) continue;
    // A later player under a key already kept: the first free numbered name.
    for (int n = 2;; ++n) {
      std::string name = numbered(players[i].name, n);
      std::string key = name_key(name);
      if (taken.contains(key)) continue;
      taken.insert(key);
      kept.insert(key);
      row.name = std::move(name);
      row.key = std::move(key);
      row.renamed = true;
      break;
    }
  }
  return out;
}

}  // namespace shithead::server
