#include "rules/words.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <string_view>

namespace shithead::rules {
namespace {

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
    case rank_jack: return "jack";
    case rank_queen: return "queen";
    case rank_king: return "king";
    case rank_ace: return "ace";
    case rank_joker: return "joker";
    default: return std::string(rank_name(r));
  }
}

// "a 10", "an 8", "an ace"
std::string a_rank(rank r) { return (r == 8 || r == rank_ace ? "an " : "a ") + rank_word(r); }

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

std::string deal_sentence(const ruleset& rs) {
  const std::string down = rs.face_down == 0 ? "no cards face down" : cards(rs.face_down) + " face down";
  const std::string up = rs.face_up == 0 ? "none face up" : number_word(rs.face_up) + " face up";
  return "Each player is dealt " + down + ", " + up + " and a hand of " + number_word(rs.hand_size) + ".";
}

std::string decks_sentence(const ruleset& rs) {
  std::string text = rs.decks == 0   ? "One deck is used, or more when the players need them"
                     : rs.decks == 1 ? "One deck is used"
                                     : capitalised(number_word(rs.decks)) + " decks are used";
  if (rs.jokers != joker_rule::none) text += ", with two jokers in each deck";
  return text + ".";
}

std::string table_cards_sentence(const ruleset& rs) {
  if (rs.face_up == 0) return "With the hand empty, play the face-down cards blind.";
  if (rs.face_down == 0) return "With the hand empty, play the face-up cards.";
  return "With the hand empty, play the face-up cards, then the face-down cards blind.";
}

std::string power_sentence(const ruleset& rs, rank r) {
  const std::string card = a_rank(r);
  switch (rs.power_of(r)) {
    case power::reset: return capitalised(card) + " resets the pile: anything may follow it.";
    case power::invisible: return capitalised(card) + " is invisible: the next card goes on whatever lies beneath it.";
    case power::burn: return capitalised(card) + " burns the pile, and the same player plays again.";
    case power::wait:
      return capitalised(card) + " must be answered with " + card + ", or the next player waits a turn.";
    case power::lower:
      return has_rank(rs.strict_lower, r) ? "After " + card + " the next card must be lower than " + rank_word(r) + "."
                                          : "After " + card + " the next card must be " + card + " or lower.";
    case power::none: break;
  }
  return "";
}

// The turn powers of the `powers` house rule: "A 9 reverses the direction of play."
std::vector<std::string> turn_power_sentences(const ruleset& rs, rank r) {
  std::vector<std::string> sentences;
  if (has_rank(rs.reverses, r))
    sentences.push_back(capitalised(a_rank(r)) +
                        " reverses the direction of play (once, however many are played together).");
  if (has_rank(rs.skips, r))
    sentences.push_back(capitalised(a_rank(r)) + " makes the next player miss a turn; two " + plural(r) +
                        " played together skip the next two players, and so on round the table.");
  return sentences;
}

// A rank the table's `powers` left with none, though the preset gave it one: "A 10 is an
// ordinary card at this table."
std::vector<std::string> powers_taken_sentences(const ruleset& rs) {
  const auto preset = preset_ruleset(rs.preset);
  std::vector<std::string> sentences;
  for (const auto& entry : rs.overrides.powers)
    if (rs.powers_of(entry.r) == 0 && preset.powers_of(entry.r) != 0)
      sentences.push_back(capitalised(a_rank(entry.r)) + " is an ordinary card at this table.");
  return sentences;
}

std::string joker_sentence(joker_rule jokers) {
  switch (jokers) {
    case joker_rule::reverse: return "A joker is invisible and reverses the direction of play.";
    case joker_rule::give_pile: return "A joker is invisible and hands the whole pile to a player of your choice.";
    case joker_rule::skip:
      return "A joker is invisible and makes the next player miss a turn; two jokers played together skip the "
             "next two players, and so on round the table.";
    case joker_rule::none: break;
  }
  return "";
}

// 002's "the special cards (except Two) can lose their ability to be played over higher
// ranked cards": said only when some rank with a power other than reset is concerned.
// Jokers keep theirs: they have no rank to be higher or lower than (rules/README.md).
std::string specials_sentence(const ruleset& rs) {
  if (rs.overrides.specials_on_anything.value_or(true)) return "";
  std::vector<std::string> kept;
  bool other_specials = false;
  for (rank r = rank_two; r <= rank_ace; ++r) {
    if (rs.power_of(r) == power::reset)
      kept.push_back("the " + rank_word(r));
    else if (rs.powers_of(r) != 0)
      other_specials = true;
  }
  if (!other_specials) return "";
  if (rs.jokers != joker_rule::none) kept.push_back("the jokers");
  const std::string rule = "special cards follow the usual rule: equal to or higher than the top of the pile.";
  return kept.empty() ? capitalised(rule) : "Apart from " + join(kept, "and") + ", " + rule;
}

// Where `r` may not go although it is a card "for anything": "a fresh 8", "a 7".
std::vector<std::string> exceptions_for(const ruleset& rs, rank r) {
  const auto states = rs.reachable_top_states();
  std::vector<std::string> names;
  for (rank top = rank_two; top <= rank_ace; ++top) {
    bool fresh_reachable = false, used_reachable = false, fresh_barred = false, used_barred = false;
    for (auto state : states) {
      if (state.top != top) continue;
      const bool barred = !has_rank(rs.playable_on(state), r);
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
std::vector<std::string> on_anything_sentences(const ruleset& rs) {
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
  for (rank r = rank_two; r <= rank_ace; ++r)
    if (has_rank(rs.on_anything, r)) add(r, rank_word(r));
  if (rs.jokers != joker_rule::none) add(rank_joker, "jokers");
  std::vector<std::string> sentences;
  for (const auto& [exceptions, ranks] : groups) {
    std::string text = capitalised(join(ranks, "and")) + " may be played on anything";
    if (!exceptions.empty()) text += " but " + join(exceptions, "or");
    sentences.push_back(text + ".");
  }
  return sentences;
}

// The run length that burns most ranks (0: most ranks never burn by a run); the ranks
// that differ from it are named one by one.
int common_run_burn(const ruleset& rs) {
  std::array<int, 9> votes{};
  for (rank r = rank_two; r <= rank_ace; ++r) ++votes[std::min<std::size_t>(rs.run_burn[r], 8)];
  return static_cast<int>(std::max_element(votes.begin(), votes.end()) - votes.begin());
}

std::vector<std::string> burn_sentences(const ruleset& rs) {
  const int common = common_run_burn(rs);
  std::vector<std::string> sentences;
  if (common > 0) sentences.push_back(capitalised(number_word(common)) + " of a kind in a row on the pile burns it.");
  for (rank r = rank_two; r <= rank_ace; ++r) {
    const int n = rs.run_burn[r];
    if (n > 0 && n != common)
      sentences.push_back(capitalised(number_word(n)) + " " + plural(r) + " in a row burn the pile.");
  }
  if (rs.burn_in && !sentences.empty())
    sentences.push_back("A player holding the cards that complete such a run may play them out of turn.");
  return sentences;
}

std::string start_sentence(start_rule starter) {
  switch (starter) {
    case start_rule::lowest_card: return "The player with the lowest card in hand starts (2s do not count).";
    case start_rule::three_of_hearts:
      return "Whoever holds the 3 of hearts starts; if nobody does, the lowest card in hand starts.";
    case start_rule::three_of_spades:
      return "Whoever holds the 3 of spades starts; if nobody does, the lowest card in hand starts.";
    case start_rule::first_three_face_up:
      return "A player with a 3 face up starts, else one with a 3 in hand, else the lowest card in hand.";
  }
  return "";
}

}  // namespace

std::vector<std::string> rules_in_words(const ruleset& rs) {
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
  for (rank r = rank_two; r <= rank_ace; ++r) {
    if (rs.power_of(r) != power::none) words.push_back(power_sentence(rs, r));
    for (auto& sentence : turn_power_sentences(rs, r)) words.push_back(std::move(sentence));
  }
  for (auto& sentence : powers_taken_sentences(rs)) words.push_back(std::move(sentence));
  if (rs.jokers != joker_rule::none) words.push_back(joker_sentence(rs.jokers));
  if (auto sentence = specials_sentence(rs); !sentence.empty()) words.push_back(std::move(sentence));
  for (auto& sentence : on_anything_sentences(rs)) words.push_back(std::move(sentence));
  for (auto& sentence : burn_sentences(rs)) words.push_back(std::move(sentence));
  if (rs.cannot_finish_on) {
    std::vector<std::string> ranks;
    for (rank r = rank_two; r <= rank_ace; ++r)
      if (has_rank(rs.cannot_finish_on, r)) ranks.push_back(a_rank(r));
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

namespace {

// The ranks 2..A (and the joker) in `mask`, as the cards show them, for a list with one
// article, as short as the line under the pile must be: "a 2, 7 or 10", "an 8 or joker".
std::string some_of(rank_mask mask) {
  std::vector<std::string> names;
  for (rank r = rank_two; r <= rank_joker; ++r)
    if (has_rank(mask, r)) names.push_back(rank_word(r));
  if (names.empty()) return "";
  const bool an = names.front() == "8" || names.front() == "ace";
  return (an ? "an " : "a ") + join(names, "or");
}

rank_mask ranks_from(rank low, rank high) {
  rank_mask mask = 0;
  for (rank r = low; r <= high; ++r) mask |= mask_of(r);
  return mask;
}

// What a short phrase says may follow `state`, and the ranks it covers; the pile's words
// then name what else may follow and what may not, from the compiled table itself.
std::pair<std::string, rank_mask> pile_rule(const ruleset& rs, top_state state) {
  const rank top = state.top;
  const std::string card = a_rank(top);
  if (!state.used) {
    switch (rs.power_of(top)) {
      case power::reset: return {capitalised(card) + " resets the pile: play anything", all_ranks_and_joker};
      case power::wait: return {"Play " + card + " or miss a turn", mask_of(top)};
      case power::lower:
        return has_rank(rs.strict_lower, top)
                   ? std::pair{"Play lower than " + card, ranks_from(rank_two, static_cast<rank>(top - 1))}
                   : std::pair{"Play " + card + " or lower", ranks_from(rank_two, top)};
      case power::none:
      case power::invisible:
      case power::burn: break;
    }
  }
  const std::string what = top == rank_ace ? "an ace" : card + " or higher";
  const std::string lead = state.used ? capitalised(card) + ", used up: play " + what : "Play " + what;
  return {lead, ranks_from(top, rank_ace)};
}

std::string power_phrase(const ruleset& rs, rank r) {
  const std::string name = rank_word(r);
  switch (rs.power_of(r)) {
    case power::reset: return name + " resets";
    case power::invisible: return name + " is invisible";
    case power::burn: return name + " burns";
    case power::wait: return name + " must be matched or the next player misses a turn";
    case power::lower:
      return "after " + a_rank(r) + (has_rank(rs.strict_lower, r) ? " play lower" : " play " + a_rank(r) + " or lower");
    case power::none: break;
  }
  return "";
}

}  // namespace

std::string pile_words(const ruleset& rs, top_state state) {
  if (state.top == 0) return "The pile is empty: play anything.";
  const auto playable = rs.playable_on(state);
  auto [lead, covered] = pile_rule(rs, state);
  if (rs.jokers == joker_rule::none) covered &= all_ranks;
  if (playable == 0) return "Nothing may follow it: pick up the pile.";
  // Jokers are named only where a rank rule might hide them; "anything" includes them.
  const auto also = static_cast<rank_mask>(playable & ~covered);
  const auto barred = static_cast<rank_mask>(covered & ~playable);
  if (barred == covered) return "Play " + some_of(playable) + ".";
  std::string text = lead;
  if (also != 0) text += ", or " + some_of(also);
  if (barred != 0) text += " (not " + some_of(barred) + ")";
  return text + ".";
}

std::vector<std::pair<top_state, std::string>> pile_words(const ruleset& rs) {
  std::vector<std::pair<top_state, std::string>> words;
  for (auto state : rs.reachable_top_states()) words.emplace_back(state, pile_words(rs, state));
  return words;
}

std::string summary_in_words(const ruleset& rs) {
  if (rs.overrides == ruleset_options{}) return std::string(preset_summary(rs.preset));
  std::string deal = "Hand of " + std::to_string(rs.hand_size);
  if (rs.face_down != 3 || rs.face_up != 3)
    deal += ", " + std::to_string(rs.face_down) + " face down and " + std::to_string(rs.face_up) + " face up";
  if (rs.fixed_hand) deal += ", no drawing";
  std::vector<std::string> powers;
  for (rank r = rank_two; r <= rank_ace; ++r) {
    if (auto phrase = power_phrase(rs, r); !phrase.empty()) powers.push_back(std::move(phrase));
    if (has_rank(rs.reverses, r)) powers.push_back(rank_word(r) + " reverses");
    if (has_rank(rs.skips, r)) powers.push_back(rank_word(r) + " skips a player");
  }
  switch (rs.jokers) {
    case joker_rule::reverse: powers.emplace_back("jokers reverse"); break;
    case joker_rule::give_pile: powers.emplace_back("jokers give the pile away"); break;
    case joker_rule::skip: powers.emplace_back("jokers skip a player"); break;
    case joker_rule::none: break;
  }
  const int common = common_run_burn(rs);
  if (common > 0) powers.push_back(number_word(common) + " of a kind burns");
  for (rank r = rank_two; r <= rank_ace; ++r)
    if (rs.run_burn[r] > 0 && rs.run_burn[r] != common)
      powers.push_back(number_word(rs.run_burn[r]) + " " + plural(r) + " burn");
  std::string text = capitalised(deal) + ": " + join(powers, "and");
  text += rs.voluntary_pickup ? "; pick up whenever you like" : "; you must play if you can";
  if (rs.pickup_leads) text += ", and who picks up leads next";
  return text + ".";
}

}  // namespace shithead::rules
