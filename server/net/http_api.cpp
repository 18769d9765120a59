#include "server/net/http_api.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <variant>

#include <spdlog/spdlog.h>

#include "protocol/api_answer.hpp"
#include "protocol/rankings_api.hpp"
#include "protocol/rules_api.hpp"
#include "server/net/static_files.hpp"

namespace shithead::server {
namespace {

using rules::rank;

constexpr std::string_view rules_prefix = "/api/rules";

std::string number_word(int n) {
  constexpr std::array<std::string_view, 11> words = {"no",  "one",   "two",   "three", "four", "five",
                                                      "six", "seven", "eight", "nine",  "ten"};
  return n >= 0 && n < static_cast<int>(words.size()) ? std::string(words[static_cast<std::size_t>(n)])
                                                      : std::to_string(n);
}

std::string capitalised(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

std::string rank_word(rank r) {
  switch (r) {
    case rules::rank_jack: return "jack";
    case rules::rank_queen: return "queen";
    case rules::rank_king: return "king";
    case rules::rank_ace: return "ace";
    case rules::rank_joker: return "joker";
    default: return std::string(rules::rank_name(r));
  }
}

// "a 10", "an 8", "an ace"
std::string a_rank(rank r) { return (r == 8 || r == rules::rank_ace ? "an " : "a ") + rank_word(r); }

std::string plural(rank r) { return rank_word(r) + "s"; }

// "x", "x or y", "x, y or z" (and likewise with "and")
std::string join(const std::vector<std::string>& items, std::string_view last) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) text += i + 1 == items.size() ? " " + std::string(last) + " " : ", ";
    text += items[i];
  }
  return text;
}

std::string cards(int n) { return number_word(n) + (n == 1 ? " card" : " cards"); }

std::string deal_sentence(const rules::ruleset& rs) {
  const std::string down = rs.face_down == 0 ? "no cards face down" : cards(rs.face_down) + " face down";
  const std::string up = rs.face_up == 0 ? "none face up" : number_word(rs.face_up) + " face up";
  return "Each player is dealt " + down + ", " + up + " and a hand of " + number_word(rs.hand_size) + ".";
}

std::string decks_sentence(const rules::ruleset& rs) {
  std::string text = rs.decks == 0   ? "One deck is used, or more when the players need them"
                     : rs.decks == 1 ? "One deck is used"
                                     : capitalised(number_word(rs.decks)) + " decks are used";
  if (rs.jokers != rules::joker_rule::none) text += ", with two jokers in each deck";
  return text + ".";
}

std::string table_cards_sentence(const rules::ruleset& rs) {
  if (rs.face_up == 0) return "With the hand empty, play the face-down cards blind.";
  if (rs.face_down == 0) return "With the hand empty, play the face-up cards.";
  return "With the hand empty, play the face-up cards, then the face-down cards blind.";
}

std::string power_sentence(const rules::ruleset& rs, rank r) {
  const std::string card = a_rank(r);
  switch (rs.power_of(r)) {
    case rules::power::reset: return capitalised(card) + " resets the pile: anything may follow it.";
    case rules::power::invisible:
      return capitalised(card) + " is invisible: the next card goes on whatever lies beneath it.";
    case rules::power::burn: return capitalised(card) + " burns the pile, and the same player plays again.";
    case rules::power::wait:
      return capitalised(card) + " must be answered with " + card + ", or the next player waits a turn.";
    case rules::power::lower:
      return rules::has_rank(rs.strict_lower, r)
                 ? "After " + card + " the next card must be lower than " + rank_word(r) + "."
                 : "After " + card + " the next card must be " + card + " or lower.";
    case rules::power::none: break;
  }
  return "";
}

// The turn powers of the `powers` house rule: "A 9 reverses the direction of play."
std::vector<std::string> turn_power_sentences(const rules::ruleset& rs, rank r) {
  std::vector<std::string> sentences;
  if (rules::has_rank(rs.reverses, r))
    sentences.push_back(capitalised(a_rank(r)) +
                        " reverses the direction of play (once, however many are played together).");
  if (rules::has_rank(rs.skips, r))
    sentences.push_back(capitalised(a_rank(r)) + " makes the next player miss a turn; two " + plural(r) +
                        " played together skip the next two players, and so on round the table.");
  return sentences;
}

// A rank the table's `powers` left with none, though the preset gave it one: "A 10 is an
// ordinary card at this table."
std::vector<std::string> powers_taken_sentences(const rules::ruleset& rs) {
  const auto preset = rules::preset_ruleset(rs.preset);
  std::vector<std::string> sentences;
  for (const auto& entry : rs.overrides.powers)
    if (rs.powers_of(entry.r) == 0 && preset.powers_of(entry.r) != 0)
      sentences.push_back(capitalised(a_rank(entry.r)) + " is an ordinary card at this table.");
  return sentences;
}

std::string joker_sentence(rules::joker_rule jokers) {
  switch (jokers) {
    case rules::joker_rule::reverse: return "A joker is invisible and reverses the direction of play.";
    case rules::joker_rule::give_pile:
      return "A joker is invisible and hands the whole pile to a player of your choice.";
    case rules::joker_rule::skip:
      return "A joker is invisible and makes the next player miss a turn; two jokers played together skip the "
             "next two players, and so on round the table.";
    case rules::joker_rule::none: break;
  }
  return "";
}

// 002's "the special cards (except Two) can lose their ability to be played over higher
// ranked cards": said only when some rank with a power other than reset is concerned.
// Jokers keep theirs: they have no rank to be higher or lower than (rules/README.md).
std::string specials_sentence(const rules::ruleset& rs) {
  if (rs.overrides.specials_on_anything.value_or(true)) return "";
  std::vector<std::string> kept;
  bool other_specials = false;
  for (rank r = rules::rank_two; r <= rules::rank_ace; ++r) {
    if (rs.power_of(r) == rules::power::reset)
      kept.push_back("the " + rank_word(r));
    else if (rs.powers_of(r) != 0)
      other_specials = true;
  }
  if (!other_specials) return "";
  if (rs.jokers != rules::joker_rule::none) kept.push_back("the jokers");
  const std::string rule = "special cards follow the usual rule: equal to or higher than the top of the pile.";
  return kept.empty() ? capitalised(rule) : "Apart from " + join(kept, "and") + ", " + rule;
}

// Where `r` may not go although it is a card "for anything": "a fresh 8", "a 7".
std::vector<std::string> exceptions_for(const rules::ruleset& rs, rank r) {
  const auto states = rs.reachable_top_states();
  std::vector<std::string> names;
  for (rank top = rules::rank_two; top <= rules::rank_ace; ++top) {
    bool fresh_reachable = false, used_reachable = false, fresh_barred = false, used_barred = false;
    for (auto state : states) {
      if (state.top != top) continue;
      const bool barred = !rules::has_rank(rs.playable_on(state), r);
      (state.used ? used_reachable : fresh_reachable) = true;
      (state.used ? used_barred : fresh_barred) = barred;
    }
    if (fresh_barred && (used_barred || !used_reachable)) {
      names.push_back(a_rank(top));
    } else if (fresh_barred) {
      names.push_back("a fresh " + rank_word(top));
    } else if (used_barred && fresh_reachable) {
      names.push_back(a_rank(top) + " whose rule is used up");
    }
  }
  return names;
}

// "2, 7 and jokers may be played on anything but a fresh 8."
std::vector<std::string> on_anything_sentences(const rules::ruleset& rs) {
  std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> groups;  // exceptions, ranks
  const auto add = [&](rank r, std::string name) {
    auto exceptions = exceptions_for(rs, r);
    auto group = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == exceptions; });
    if (group == groups.end()) {
      groups.emplace_back(std::move(exceptions), std::vector<std::string>{});
      group = std::prev(groups.end());
    }
    group->second.push_back(std::move(name));
  };
  for (rank r = rules::rank_two; r <= rules::rank_ace; ++r)
    if (rules::has_rank(rs.on_anything, r)) add(r, rank_word(r));
  if (rs.jokers != rules::joker_rule::none) add(rules::rank_joker, "jokers");
  std::vector<std::string> sentences;
  for (const auto& [exceptions, ranks] : groups) {
    std::string text = capitalised(join(ranks, "and")) + " may be played on anything";
    if (!exceptions.empty()) text += " but " + join(exceptions, "or");
    sentences.push_back(text + ".");
  }
  return sentences;
}

std::vector<std::string> burn_sentences(const rules::ruleset& rs) {
  // The run length most ranks share, then the ranks that differ from it.
  std::array<int, 9> votes{};
  for (rank r = rules::rank_two; r <= rules::rank_ace; ++r) ++votes[std::min<std::size_t>(rs.run_burn[r], 8)];
  const int common = static_cast<int>(std::max_element(votes.begin(), votes.end()) - votes.begin());
  std::vector<std::string> sentences;
  if (common > 0) sentences.push_back(capitalised(number_word(common)) + " of a kind in a row on the pile burns it.");
  for (rank r = rules::rank_two; r <= rules::rank_ace; ++r) {
    const int n = rs.run_burn[r];
    if (n > 0 && n != common)
      sentences.push_back(capitalised(number_word(n)) + " " + plural(r) + " in a row burn the pile.");
  }
  if (rs.burn_in && !sentences.empty())
    sentences.push_back("A player holding the cards that complete such a run may play them out of turn.");
  return sentences;
}

std::string start_sentence(rules::start_rule starter) {
  switch (starter) {
    case rules::start_rule::lowest_card: return "The player with the lowest card in hand starts (2s do not count).";
    case rules::start_rule::three_of_hearts:
      return "Whoever holds the 3 of hearts starts; if nobody does, the lowest card in hand starts.";
    case rules::start_rule::three_of_spades:
      return "Whoever holds the 3 of spades starts; if nobody does, the lowest card in hand starts.";
    case rules::start_rule::first_three_face_up:
      return "A player with a 3 face up starts, else one with a 3 in hand, else the lowest card in hand.";
  }
  return "";
}

http_reply error_reply(protocol::error_code code, std::string_view message) {
  return http_reply::of(protocol::api_error(code, message));
}

}  // namespace

std::vector<std::string> rules_in_words(const rules::ruleset& rs) {
  std::vector<std::string> words;
  words.push_back(deal_sentence(rs));
  words.push_back(decks_sentence(rs));
  if (rs.face_up > 0)
    words.push_back(rs.swap_stacking
                        ? "Before play, each player may swap hand cards with face-up cards and stack cards "
                          "of one rank on them."
                        : "Before play, each player may swap hand cards with face-up cards.");
  const std::string play =
      "On your turn play one or more cards of one rank, equal to or higher than the top of the "
      "pile (aces high)";
  if (rs.fixed_hand) {
    words.push_back(play + ".");
    words.push_back("There is no stock: the cards left over after the deal are set aside, and nobody draws.");
  } else {
    words.push_back(play + ", then draw back up to " + number_word(rs.hand_size) + " while the stock lasts.");
  }
  if (rs.face_up > 0 || rs.face_down > 0) words.push_back(table_cards_sentence(rs));
  if (rs.play_from_table && rs.face_up > 0)
    words.push_back("Face-up cards may be played together with the hand (still one rank a play).");
  if (rs.play_from_table && rs.face_down > 0)
    words.push_back(rs.face_up > 0 ? "A face-down card not covered by a face-up card may be turned up on any turn."
                                   : "A face-down card may be turned up on any turn.");
  for (rank r = rules::rank_two; r <= rules::rank_ace; ++r) {
    if (rs.power_of(r) != rules::power::none) words.push_back(power_sentence(rs, r));
    for (auto& sentence : turn_power_sentences(rs, r)) words.push_back(std::move(sentence));
  }
  for (auto& sentence : powers_taken_sentences(rs)) words.push_back(std::move(sentence));
  if (rs.jokers != rules::joker_rule::none) words.push_back(joker_sentence(rs.jokers));
  if (auto sentence = specials_sentence(rs); !sentence.empty()) words.push_back(std::move(sentence));
  for (auto& sentence : on_anything_sentences(rs)) words.push_back(std::move(sentence));
  for (auto& sentence : burn_sentences(rs)) words.push_back(std::move(sentence));
  if (rs.cannot_finish_on) {
    std::vector<std::string> ranks;
    for (rank r = rules::rank_two; r <= rules::rank_ace; ++r)
      if (rules::has_rank(rs.cannot_finish_on, r)) ranks.push_back(a_rank(r));
    words.push_back("Nobody may go out on " + join(ranks, "or") + ".");
  }
  words.push_back(rs.voluntary_pickup ? "You may pick up the pile instead of playing, even when you could play."
                                      : "You must play if you can; only a player who cannot play picks up the pile.");
  words.push_back(
      rs.pickup_leads
          ? "Whoever picks up the pile (or turns up a face-down card they cannot play) starts the next round "
            "on the empty pile."
          : "After a pick-up the turn passes to the next player.");
  words.push_back(start_sentence(rs.starter));
  words.push_back("The last player left holding cards is the shithead.");
  return words;
}

std::string preset_body(const rules::ruleset& rs) { return protocol::preset_body(rs, rules_in_words(rs)); }

http_reply health_reply(const std::optional<std::string>& store_problem) {
  auto reply = http_reply::of(protocol::health_answer(store_problem));
  reply.cache_control = "no-store";
  return reply;
}

namespace {

// ?ruleset={...}: the table's house rules over the preset the path names.
std::variant<rules::ruleset, http_reply> ruleset_from_query(rules::preset_id preset, std::string_view query) {
  const auto bad = [](std::string message) { return error_reply(protocol::error_code::bad_query, message); };
  constexpr std::string_view key = "ruleset=";
  if (!query.starts_with(key) || query.find('&') != std::string_view::npos)
    return bad("the only query /api/rules/{preset} takes is ruleset={JSON object}");
  const auto text = percent_decode(query.substr(key.size()));
  if (!text) return bad("ruleset: a malformed %-escape");
  auto parsed = protocol::parse_house_rules_query(preset, *text);
  if (!parsed) return bad(parsed.error().message);
  return std::move(parsed).value();
}

}  // namespace

http_reply rules_reply(std::string_view path, std::string_view query) {
  const auto ok = [](std::string body) {
    http_reply reply;
    reply.body = std::move(body);
    return reply;
  };
  if (path == rules_prefix || path == "/api/rules/") return ok(protocol::presets_body());
  if (!path.starts_with("/api/rules/")) return error_reply(protocol::error_code::not_found, "no such API endpoint");
  const auto name = path.substr(rules_prefix.size() + 1);
  const auto preset = rules::parse_preset(name);
  if (!preset)
    return error_reply(protocol::error_code::unknown_preset, "no preset is called '" + std::string(name) + "'");
  if (query.empty()) return ok(preset_body(rules::preset_ruleset(*preset)));
  auto rs = ruleset_from_query(*preset, query);
  if (auto* error = std::get_if<http_reply>(&rs)) return std::move(*error);
  return ok(preset_body(std::get<rules::ruleset>(rs)));
}

void add_server_routes(http_routes& routes, store_health health, std::shared_ptr<server_metrics> metrics) {
  using match = http_routes::match;
  routes.add("/healthz", match::exact,
             [health = std::move(health)](const http_route_request&, http_reply_callback reply) {
               std::optional<std::string> problem;
               if (health) {
                 try {
                   problem = health();
                 } catch (const std::exception& e) {
                   spdlog::error("the store health check failed: {}", e.what());
                   problem = "the store health check failed";
                 }
               }
               reply(health_reply(problem));
             });
  routes.add("/metrics", match::exact,
             [metrics = std::move(metrics)](const http_route_request&, http_reply_callback reply) {
               http_reply answer;
               answer.content_type = "text/plain; version=0.0.4; charset=utf-8";
               answer.cache_control = "no-store";
               answer.body = metrics->render();
               reply(std::move(answer));
             });
  const auto rules = [](const http_route_request& request, http_reply_callback reply) {
    reply(rules_reply(request.path, request.query));
  };
  routes.add(std::string(rules_prefix), match::exact, rules);
  routes.add(std::string(rules_prefix) + "/", match::prefix, rules);
  const auto no_such_endpoint = [](const http_route_request&, http_reply_callback reply) {
    reply(error_reply(protocol::error_code::not_found, "no such API endpoint"));
  };
  // The rankings API needs a store; a server without one (its routes are added by the
  // game side, app/rankings_routes) says the store is unavailable rather than 404.
  for (const auto& known : protocol::rankings_paths)
    routes.add(std::string(known.path), known.prefix ? match::prefix : match::exact,
               [](const http_route_request&, http_reply_callback reply) {
                 auto answer = http_reply::of(
                     protocol::api_error(protocol::error_code::store_unavailable, "the rankings are not kept here"),
                     protocol::rankings_content_type);
                 answer.cache_control = "no-store";
                 reply(std::move(answer));
               });
  routes.add("/api", match::exact, no_such_endpoint);
  routes.add("/api/", match::prefix, no_such_endpoint);
}

}  // namespace shithead::server
