#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "server/core/player_name.hpp"
#include "server/lobby/identity.hpp"
#include "server/lobby/sha256.hpp"
#include "tests/lobby/seeded_random.hpp"

namespace shithead::server {
namespace {

using namespace std::chrono_literals;
const player_registry::time_point registry_start = player_registry::time_point{} + 1'700'000'000s;

bool is_lower_hex(const std::string& s) { return s.find_first_not_of("0123456789abcdef") == std::string::npos; }

std::string repeat(std::string_view piece, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += piece;
  return out;
}

welcome must_hello(player_registry& registry, std::string_view name,
                   std::optional<std::string_view> token = std::nullopt,
                   player_registry::time_point now = registry_start) {
  auto answer = registry.hello(name, token, now);
  EXPECT_TRUE(answer) << name << ": " << (answer ? "" : answer.error().message);
  return answer ? answer.value() : welcome{};
}

protocol::error_code hello_error(player_registry& registry, std::string_view name,
                                 std::optional<std::string_view> token = std::nullopt) {
  auto answer = registry.hello(name, token, registry_start);
  EXPECT_FALSE(answer) << name << " was accepted";
  return answer ? protocol::error_code{} : answer.error().code;
}

TEST(identity, a_new_player_gets_an_id_a_token_and_the_cleaned_name) {
  player_registry registry(seeded(1));
  const auto ana = must_hello(registry, "  Ana  ");
  EXPECT_TRUE(ana.is_new);
  EXPECT_EQ(ana.name, "Ana");
  EXPECT_EQ(ana.player_id.size(), 12u);
  EXPECT_TRUE(is_lower_hex(ana.player_id)) << ana.player_id;
  EXPECT_EQ(ana.token.size(), 32u);
  EXPECT_TRUE(is_lower_hex(ana.token)) << ana.token;
  EXPECT_EQ(registry.size(), 1u);
}

TEST(identity, the_token_is_two_draws_of_the_random_source_after_the_id) {
  std::vector<std::uint64_t> draws = {0x0123456789abcdefull, 0xfedcba9876543210ull, 0x00000000000000ffull};
  std::size_t next = 0;
  player_registry registry([&] { return draws.at(next++); });
  const auto ana = must_hello(registry, "Ana");
  EXPECT_EQ(ana.player_id, "0123456789ab");
  EXPECT_EQ(ana.token, "fedcba987654321000000000000000ff");
  EXPECT_EQ(next, 3u);
}

TEST(identity, only_the_hash_of_the_token_is_stored) {
  player_registry registry(seeded(2));
  std::vector<std::string> tokens;
  for (const char* name : {"Ana", "Bo", "Cleo", "Dara"}) tokens.push_back(must_hello(registry, name).token);

  int records = 0;
  registry.for_each([&](const player_record& record) {
    ++records;
    EXPECT_EQ(record.token_hash.size(), 64u);
    for (const auto& token : tokens) {
      for (const std::string* field : {&record.id, &record.name, &record.token_hash}) {
        EXPECT_EQ(field->find(token), std::string::npos) << "a token is stored in " << *field;
      }
    }
  });
  EXPECT_EQ(records, 4);
  const auto* ana = registry.find_by_token(tokens[0]);
  ASSERT_NE(ana, nullptr);
  EXPECT_EQ(ana->token_hash, sha256_hex(tokens[0]));
  EXPECT_EQ(registry.find_by_token_hash(sha256_hex(tokens[0])), ana);
}

TEST(identity, a_token_reclaims_the_player_from_another_browser) {
  player_registry registry(seeded(3));
  const auto first = must_hello(registry, "Ana", std::nullopt, registry_start);
  const auto again = must_hello(registry, "Ana", first.token, registry_start + 1h);
  EXPECT_FALSE(again.is_new);
  EXPECT_EQ(again.player_id, first.player_id);
  EXPECT_EQ(again.name, "Ana");
  EXPECT_EQ(again.token, first.token);
  EXPECT_EQ(registry.size(), 1u);
  const auto* record = registry.find_by_id(first.player_id);
  ASSERT_NE(record, nullptr);
  EXPECT_EQ(record->created, registry_start);
  EXPECT_EQ(record->last_seen, registry_start + 1h);
}

TEST(identity, a_blank_name_with_a_token_keeps_the_old_name) {
  player_registry registry(seeded(4));
  const auto first = must_hello(registry, "Ana");
  EXPECT_EQ(must_hello(registry, "", first.token).name, "Ana");
  EXPECT_EQ(must_hello(registry, "   ", first.token).name, "Ana");
}

TEST(identity, a_token_with_a_new_free_name_renames_the_player_and_frees_the_old_name) {
  player_registry registry(seeded(5));
  const auto first = must_hello(registry, "Ana");
  const auto renamed = must_hello(registry, "Anastasia", first.token);
  EXPECT_EQ(renamed.player_id, first.player_id);
  EXPECT_EQ(renamed.name, "Anastasia");
  EXPECT_EQ(registry.find_by_id(first.player_id)->name, "Anastasia");
  EXPECT_EQ(registry.find_by_name("anastasia")->id, first.player_id);
  EXPECT_EQ(registry.find_by_name("Ana"), nullptr);
  EXPECT_TRUE(must_hello(registry, "ana").is_new);
}

TEST(identity, a_player_may_change_the_case_of_its_own_name) {
  player_registry registry(seeded(6));
  const auto first = must_hello(registry, "ana");
  EXPECT_EQ(must_hello(registry, "ANA", first.token).name, "ANA");
  EXPECT_EQ(hello_error(registry, "Ana"), protocol::error_code::name_taken);
}

TEST(identity, a_token_with_a_name_someone_else_holds_is_refused_and_changes_nothing) {
  player_registry registry(seeded(7));
  const auto ana = must_hello(registry, "Ana");
  must_hello(registry, "Bo");
  EXPECT_EQ(hello_error(registry, "BO", ana.token), protocol::error_code::name_taken);
  EXPECT_EQ(hello_error(registry, "\x01", ana.token), protocol::error_code::bad_name);
  EXPECT_EQ(registry.find_by_id(ana.player_id)->name, "Ana");
}

TEST(identity, an_unknown_token_is_refused_so_the_client_can_drop_it) {
  player_registry registry(seeded(8));
  const auto ana = must_hello(registry, "Ana");
  std::string other = ana.token;
  other[0] = other[0] == 'a' ? 'b' : 'a';
  EXPECT_EQ(hello_error(registry, "Ana", other), protocol::error_code::bad_token);
  EXPECT_EQ(hello_error(registry, "Zed", other), protocol::error_code::bad_token);
  EXPECT_EQ(registry.size(), 1u);
}

TEST(identity, a_token_of_the_wrong_shape_is_refused) {
  player_registry registry(seeded(9));
  const auto ana = must_hello(registry, "Ana");
  std::string upper = ana.token;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (const std::string& token :
       {upper, ana.token + "0", ana.token.substr(1), std::string("not a token"), std::string(1000, 'a')}) {
    EXPECT_EQ(hello_error(registry, "Ana", token), protocol::error_code::bad_token) << token;
  }
}

TEST(identity, an_empty_token_counts_as_none) {
  player_registry registry(seeded(10));
  EXPECT_TRUE(must_hello(registry, "Ana", "").is_new);
}

TEST(identity, names_are_unique_ignoring_case) {
  player_registry registry(seeded(11));
  must_hello(registry, "Ana");
  EXPECT_EQ(hello_error(registry, "ana"), protocol::error_code::name_taken);
  EXPECT_EQ(hello_error(registry, "ANA"), protocol::error_code::name_taken);
  EXPECT_EQ(hello_error(registry, "  aNa "), protocol::error_code::name_taken);
  must_hello(registry, "Anna");
  must_hello(registry, "Ana B");
}

TEST(identity, case_is_ignored_beyond_ascii_in_latin_greek_and_cyrillic) {
  player_registry registry(seeded(12));
  must_hello(registry, "Åsa Ødegård");
  must_hello(registry, "Łukasz");
  must_hello(registry, "Ωμέγας");
  must_hello(registry, "Иван");
  EXPECT_EQ(hello_error(registry, "åSA øDEGÅRD"), protocol::error_code::name_taken);
  EXPECT_EQ(hello_error(registry, "ŁUKASZ"), protocol::error_code::name_taken);
  EXPECT_EQ(hello_error(registry, "ΩΜΈΓΑΣ"), protocol::error_code::name_taken);
  EXPECT_EQ(hello_error(registry, "ИВАН"), protocol::error_code::name_taken);
  EXPECT_EQ(name_key("ΩΜΈΓΑΣ"), name_key("ωμέγας"));  // final sigma folds to sigma
}

TEST(identity, a_new_player_needs_a_name) {
  player_registry registry(seeded(13));
  EXPECT_EQ(hello_error(registry, ""), protocol::error_code::bad_name);
  EXPECT_EQ(hello_error(registry, "    "), protocol::error_code::bad_name);
  EXPECT_EQ(hello_error(registry, "\xe3\x80\x80"), protocol::error_code::bad_name);  // ideographic space
}

TEST(identity, names_hold_at_most_twenty_code_points_however_many_bytes) {
  player_registry registry(seeded(14));
  must_hello(registry, std::string(20, 'a'));
  EXPECT_EQ(hello_error(registry, std::string(21, 'b')), protocol::error_code::bad_name);
  EXPECT_EQ(must_hello(registry, repeat("é", 20)).name.size(), 40u);
  EXPECT_EQ(hello_error(registry, repeat("ü", 21)), protocol::error_code::bad_name);
  must_hello(registry, repeat("漢", 20));
  must_hello(registry, repeat("\xf0\x9f\x83\x8f", 20));  // 20 playing-card jokers, 4 bytes each
  EXPECT_EQ(hello_error(registry, repeat("\xf0\x9f\x83\x8f", 21)), protocol::error_code::bad_name);
  // Spaces trimmed at the ends do not count; the one between words does.
  must_hello(registry, "   " + std::string(10, 'c') + " " + std::string(9, 'c') + "   ");
  EXPECT_EQ(hello_error(registry, std::string(10, 'd') + " " + std::string(10, 'd')), protocol::error_code::bad_name);
}

TEST(identity, control_characters_are_refused_even_at_the_ends) {
  player_registry registry(seeded(15));
  const std::vector<std::string> names = {"A\tna",       "Ana\n",   "\rAna",       std::string("A\0na", 4),
                                          "A\x1b[31mna", "Ana\x7f", "Ana\xc2\x85", "Ana\xc2\x9b"};
  for (const auto& name : names) {
    EXPECT_EQ(hello_error(registry, name), protocol::error_code::bad_name) << name;
  }
}

TEST(identity, invisible_and_text_direction_characters_are_refused) {
  player_registry registry(seeded(16));
  for (const std::string& name : std::vector<std::string>{
           "A\xe2\x80\x8bna",  // zero-width space
           "Ana\xe2\x80\xae",  // right-to-left override
           "\xe2\x81\xa6"
           "Ana",  // left-to-right isolate
           "\xef\xbb\xbf"
           "Ana",  // byte order mark
           "An\xc2\xad"
           "a",                    // soft hyphen
           "Ana\xe2\x80\xa8",      // line separator
           "Ana\xef\xbf\xbd",      // replacement character
           "Ana\xf3\xa0\x80\x81",  // language tag
           "\xe3\x85\xa4",         // Hangul filler
       }) {
    EXPECT_EQ(hello_error(registry, name), protocol::error_code::bad_name) << name;
  }
  // Joiners are fine inside a name but are not a name by themselves.
  EXPECT_EQ(hello_error(registry, "\xe2\x80\x8d"), protocol::error_code::bad_name);
  must_hello(registry, "\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x9a\x80");  // woman astronaut
  // Issue 13: combining marks decorate a letter; alone they are no name.
  for (const std::string& marks : std::vector<std::string>{"\xcc\x81", "\xcc\x81\xcc\x88", "\xe2\x83\x9d"})
    EXPECT_EQ(hello_error(registry, marks), protocol::error_code::bad_name) << marks;
  must_hello(registry, "Zoe\xcc\x88");  // Zoë with a combining diaeresis
}

TEST(identity, invalid_utf8_is_refused) {
  player_registry registry(seeded(17));
  const std::vector<std::string> names = {"Ana\xff",
                                          "\xc0\xaf",
                                          "\xe0\x80\xaf",
                                          "A\xed\xa0\x80",
                                          "Ana\xe2\x82",
                                          "\xf4\x90\x80\x80",
                                          "\x80"
                                          "Ana",
                                          "\xc3"};
  for (const auto& name : names) {
    EXPECT_EQ(hello_error(registry, name), protocol::error_code::bad_name) << name;
  }
}

TEST(identity, markup_characters_are_plain_text_in_a_name) {
  player_registry registry(seeded(18));
  EXPECT_EQ(must_hello(registry, "<b>&\"'</b>").name, "<b>&\"'</b>");
}

TEST(identity, spaces_inside_a_name_collapse_to_one) {
  player_registry registry(seeded(19));
  EXPECT_EQ(must_hello(registry, "Ana \xc2\xa0  Bo").name, "Ana Bo");
  EXPECT_EQ(hello_error(registry, "ana bo"), protocol::error_code::name_taken);
}

TEST(identity, the_registry_is_bounded_but_known_players_still_come_back) {
  player_registry registry(seeded(20), identity_limits{3});
  const auto ana = must_hello(registry, "Ana");
  must_hello(registry, "Bo");
  must_hello(registry, "Cleo");
  EXPECT_EQ(hello_error(registry, "Dara"), protocol::error_code::registry_full);
  EXPECT_EQ(must_hello(registry, "Anita", ana.token).player_id, ana.player_id);
  EXPECT_EQ(registry.size(), 3u);
}

TEST(identity, a_random_source_that_repeats_itself_gives_an_error_not_a_hang) {
  player_registry registry([] { return std::uint64_t{42}; });
  must_hello(registry, "Ana");
  EXPECT_EQ(hello_error(registry, "Bo"), protocol::error_code::registry_full);
}

TEST(identity, ids_are_unique_and_the_same_seed_gives_the_same_ids) {
  player_registry one(seeded(21));
  player_registry two(seeded(21));
  std::set<std::string> ids;
  for (int i = 0; i < 500; ++i) {
    const auto name = "player " + std::to_string(i);
    const auto a = must_hello(one, name);
    const auto b = must_hello(two, name);
    EXPECT_EQ(a.player_id, b.player_id);
    EXPECT_EQ(a.token, b.token);
    ids.insert(a.player_id);
  }
  EXPECT_EQ(ids.size(), 500u);
}

TEST(identity, lookups_by_id_token_and_name) {
  player_registry registry(seeded(22));
  const auto ana = must_hello(registry, "Ana");
  const auto* by_id = registry.find_by_id(ana.player_id);
  ASSERT_NE(by_id, nullptr);
  EXPECT_EQ(by_id->name, "Ana");
  EXPECT_EQ(registry.find_by_token(ana.token), by_id);
  EXPECT_EQ(registry.find_by_name(" ANA "), by_id);
  EXPECT_EQ(registry.find_by_id("000000000000"), nullptr);
  EXPECT_EQ(registry.find_by_token(std::string(32, '0')), nullptr);
  EXPECT_EQ(registry.find_by_name("Bo"), nullptr);
}

TEST(identity, rename_checks_the_name_like_hello) {
  player_registry registry(seeded(23));
  const auto ana = must_hello(registry, "Ana");
  must_hello(registry, "Bo");
  EXPECT_EQ(registry.rename(ana.player_id, "bo")->code, protocol::error_code::name_taken);
  EXPECT_EQ(registry.rename(ana.player_id, "")->code, protocol::error_code::bad_name);
  EXPECT_EQ(registry.rename("nobody", "Zed")->code, protocol::error_code::no_such_player);
  EXPECT_FALSE(registry.rename(ana.player_id, "Zed"));
  EXPECT_EQ(registry.find_by_name("zed")->id, ana.player_id);
}

TEST(identity, records_from_a_store_load_and_their_tokens_reclaim_them) {
  player_registry first(seeded(24));
  const auto ana = must_hello(first, "Ana", std::nullopt, registry_start);
  must_hello(first, "Bo", std::nullopt, registry_start);
  std::vector<player_record> saved;
  first.for_each([&](const player_record& record) { saved.push_back(record); });

  player_registry second(seeded(25));
  for (const auto& record : saved) EXPECT_TRUE(second.load(record));
  EXPECT_EQ(second.size(), 2u);
  const auto back = must_hello(second, "", ana.token, registry_start + 24h);
  EXPECT_EQ(back.player_id, ana.player_id);
  EXPECT_EQ(back.name, "Ana");
  EXPECT_EQ(second.find_by_id(ana.player_id)->created, registry_start);
  EXPECT_EQ(hello_error(second, "bo"), protocol::error_code::name_taken);

  // A duplicate id, token hash or name is refused.
  EXPECT_FALSE(second.load(saved[0]));
  player_record same_name{"0123456789ab", "ANA", std::string(64, 'f'), registry_start, registry_start};
  EXPECT_FALSE(second.load(same_name));
  EXPECT_EQ(second.size(), 2u);
}

TEST(identity, an_exposed_token_works_once_and_the_welcome_brings_a_fresh_one) {
  player_registry first(seeded(26));
  const auto ana = must_hello(first, "Ana", std::nullopt, registry_start);
  std::vector<player_record> saved;
  first.for_each([&](const player_record& record) { saved.push_back(record); });
  ASSERT_EQ(saved.size(), 1u);
  EXPECT_FALSE(saved[0].token_exposed) << "a token issued now is not exposed";
  saved[0].token_exposed = true;  // as the store loads every token from before the upgrade

  player_registry upgraded(seeded(27));
  ASSERT_TRUE(upgraded.load(saved[0]));
  const auto back = must_hello(upgraded, "", ana.token, registry_start + 1h);
  EXPECT_EQ(back.player_id, ana.player_id);
  EXPECT_TRUE(back.token_renewed);
  EXPECT_NE(back.token, ana.token);
  EXPECT_EQ(back.token.size(), token_hex_length);
  const auto* record = upgraded.find_by_id(ana.player_id);
  ASSERT_NE(record, nullptr);
  EXPECT_FALSE(record->token_exposed);
  EXPECT_EQ(record->token_hash, sha256_hex(back.token));
  // The old token works no more; the new one does, and is kept.
  EXPECT_EQ(hello_error(upgraded, "", ana.token), protocol::error_code::bad_token);
  const auto again = must_hello(upgraded, "", back.token, registry_start + 2h);
  EXPECT_FALSE(again.token_renewed);
  EXPECT_EQ(again.token, back.token);
}

TEST(identity, renewing_a_token_ends_the_old_one_at_once) {
  player_registry registry(seeded(28));
  const auto ana = must_hello(registry, "Ana");
  const auto bo = must_hello(registry, "Bo");
  const auto renewed = registry.renew_token(ana.player_id);
  ASSERT_TRUE(renewed);
  EXPECT_NE(*renewed, ana.token);
  EXPECT_EQ(registry.find_by_token(ana.token), nullptr);
  ASSERT_NE(registry.find_by_token(*renewed), nullptr);
  EXPECT_EQ(registry.find_by_token(*renewed)->id, ana.player_id);
  EXPECT_EQ(registry.find_by_token(bo.token)->id, bo.player_id) << "other players keep theirs";
  EXPECT_FALSE(registry.renew_token("000000000000"));
}

TEST(identity, error_codes_are_stable_text) {
  EXPECT_EQ(to_string(protocol::error_code::bad_name), "bad_name");
  EXPECT_EQ(to_string(protocol::error_code::name_taken), "name_taken");
  EXPECT_EQ(to_string(protocol::error_code::bad_token), "bad_token");
  EXPECT_EQ(to_string(protocol::error_code::registry_full), "registry_full");
  EXPECT_EQ(to_string(protocol::error_code::no_such_player), "no_such_player");
}

// With a store, a hello is worked out first and taken only once the store holds it
// (identity.hpp): nothing changes before commit().
TEST(identity_with_a_store, a_prepared_hello_changes_nothing_until_it_is_committed) {
  player_registry registry(seeded(21));
  auto change = registry.prepare_hello("Ana", std::nullopt, registry_start);
  ASSERT_TRUE(change);
  EXPECT_TRUE(change.value().must_store);
  EXPECT_TRUE(change.value().answer.is_new);
  EXPECT_EQ(registry.size(), 0u);
  EXPECT_EQ(registry.find_by_name("Ana"), nullptr);
  EXPECT_EQ(registry.find_by_token(change.value().answer.token), nullptr);
  registry.commit(change.value().record);
  const auto* ana = registry.find_by_token(change.value().answer.token);
  ASSERT_NE(ana, nullptr);
  EXPECT_EQ(ana->name, "Ana");
  EXPECT_EQ(registry.find_by_name("ANA"), ana);
}

TEST(identity_with_a_store, only_a_new_player_name_key_or_token_must_be_stored_before_the_welcome) {
  player_registry registry(seeded(22));
  const auto ana = must_hello(registry, "Ana");
  const auto must_store = [&](std::string_view name, std::optional<std::string_view> token) {
    auto change = registry.prepare_hello(name, token, registry_start + 1h);
    EXPECT_TRUE(change) << name;
    return change && change.value().must_store;
  };
  EXPECT_FALSE(must_store("", ana.token));          // the same player again: only last_seen
  EXPECT_FALSE(must_store("ANA", ana.token));       // the same key in other letters
  EXPECT_TRUE(must_store("Anastasia", ana.token));  // a name under another key
  EXPECT_TRUE(must_store("Bo", std::nullopt));      // a new player
  // The prepared hello carries last_seen, and the case of the name it would take.
  auto change = registry.prepare_hello("ANA", ana.token, registry_start + 1h);
  ASSERT_TRUE(change);
  EXPECT_EQ(change.value().record.last_seen, registry_start + 1h);
  EXPECT_EQ(change.value().record.name, "ANA");
  EXPECT_EQ(registry.find_by_id(ana.player_id)->name, "Ana");
}

TEST(identity_with_a_store, an_exposed_token_must_be_stored_with_its_replacement_first) {
  player_registry registry(seeded(23));
  const std::string old_token(32, 'a');
  ASSERT_TRUE(
      registry.load(player_record{"a1b2c3d4e5f6", "Ana", sha256_hex(old_token), registry_start, registry_start, true}));
  auto change = registry.prepare_hello("", old_token, registry_start + 1h);
  ASSERT_TRUE(change);
  EXPECT_TRUE(change.value().must_store);
  EXPECT_TRUE(change.value().answer.token_renewed);
  EXPECT_EQ(change.value().record.token_hash, sha256_hex(change.value().answer.token));
  EXPECT_FALSE(change.value().record.token_exposed);
  // Until committed, the old token is the one that works.
  EXPECT_NE(registry.find_by_token(old_token), nullptr);
  registry.commit(change.value().record);
  EXPECT_EQ(registry.find_by_token(old_token), nullptr);
  EXPECT_NE(registry.find_by_token(change.value().answer.token), nullptr);
}

// The store holds names: a record it hands over wins a name key from a record here that
// is stale, and letting go of the stale one later does not free the name.
TEST(identity_with_a_store, a_record_from_the_store_takes_its_name_from_a_stale_one) {
  player_registry registry(seeded(24));
  const auto old = must_hello(registry, "Zed", std::nullopt, registry_start);
  registry.commit(
      player_record{"0a0a0a0a0a0a", "ZED", std::string(64, 'e'), registry_start, registry_start + 2h, false});
  ASSERT_NE(registry.find_by_name("zed"), nullptr);
  EXPECT_EQ(registry.find_by_name("zed")->id, "0a0a0a0a0a0a");
  EXPECT_NE(registry.find_by_id(old.player_id), nullptr);
  EXPECT_TRUE(registry.forget(old.player_id, registry_start + 1h));
  ASSERT_NE(registry.find_by_name("Zed"), nullptr);
  EXPECT_EQ(registry.find_by_name("Zed")->id, "0a0a0a0a0a0a");
}

TEST(identity_with_a_store, a_refused_record_is_taken_back_unless_it_changed_since) {
  player_registry registry(seeded(25));
  auto change = registry.prepare_hello("Ana", std::nullopt, registry_start);
  ASSERT_TRUE(change);
  registry.commit(change.value().record);
  registry.take_back(change.value().record);  // the store said the name is another's
  EXPECT_EQ(registry.size(), 0u);
  EXPECT_EQ(registry.find_by_name("Ana"), nullptr);

  const auto bo = must_hello(registry, "Bo");
  auto renamed = registry.prepare_hello("Bob", bo.token, registry_start + 1h);
  ASSERT_TRUE(renamed);
  registry.commit(renamed.value().record);
  auto later = registry.prepare_hello("Bobby", bo.token, registry_start + 2h);
  ASSERT_TRUE(later);
  registry.commit(later.value().record);
  registry.take_back(renamed.value().record);  // refused, but a later change stands
  ASSERT_NE(registry.find_by_id(bo.player_id), nullptr);
  EXPECT_EQ(registry.find_by_id(bo.player_id)->name, "Bobby");
}

}  // namespace
}  // namespace shithead::server
